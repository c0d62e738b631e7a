"""The phone build's offline copy (companion.web.phone_sw): a gzipped twin beside each file
gzip shrinks by a tenth, and the service worker's list fetching the twin for its file, every
other file as it is (app.tar.gz, gzipped already, among them), with the bytes on the wire."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path

import pytest

from companion.web import phone_build, phone_sw


def a_site(folder: Path) -> Path:
    (folder / "pyodide").mkdir(parents=True)
    (folder / "index.html").write_text("<html>" + "words " * 2000 + "</html>")
    (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(50_000))
    (folder / "app.tar.gz").write_bytes(gzip.compress(os.urandom(30_000)))
    (folder / "favicon.ico").write_bytes(bytes(200))  # too small to be worth it
    (folder / "noise.bin").write_bytes(os.urandom(5_000))  # gzip would not shrink it
    (folder / "sw.js").write_text("old")
    return folder


def test_the_worker_fetches_each_file_gzipped_when_it_is_worth_it(tmp_path: Path) -> None:
    site = a_site(tmp_path / "site")
    template = (phone_build.PHONE / "sw.js").read_text(encoding="utf-8")
    worker = phone_sw.service_worker(site, template)
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    rows = {name: (fetched, size, kind) for name, fetched, size, kind in listed}
    assert set(rows) == {"./", "index.html", "pyodide/pyodide.asm.wasm", "app.tar.gz",
                         "favicon.ico", "noise.bin"}  # fmt: skip
    wasm = site / "pyodide" / "pyodide.asm.wasm.gz"
    assert rows["pyodide/pyodide.asm.wasm"] == (
        "pyodide/pyodide.asm.wasm.gz", wasm.stat().st_size, "application/wasm"
    )  # fmt: skip
    assert (
        gzip.decompress(wasm.read_bytes()) == (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    )
    assert rows["./"][0] == rows["index.html"][0] == "index.html.gz"
    for plain in ("app.tar.gz", "favicon.ico", "noise.bin"):  # sent as they are
        assert rows[plain][0] == plain and rows[plain][1] == (site / plain).stat().st_size
        assert not (site / (plain + ".gz")).exists()
    assert "__VERSION__" not in worker and "__FILES__" not in worker
    # The same site, the same twins and the same worker (no time in a gzip header).
    assert phone_sw.service_worker(site, template) == worker


def test_twins_gzipped_before_come_from_the_cache_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build cache keeps each twin under its file's hash: the next build writes the same
    twins and the same worker without gzipping again; a damaged kept twin is made again."""
    template = (phone_build.PHONE / "sw.js").read_text(encoding="utf-8")
    site = a_site(tmp_path / "site")
    again = shutil.copytree(site, tmp_path / "again")  # the same files, before their twins
    plain = phone_sw.service_worker(site, template)
    cache = tmp_path / "cache"
    assert phone_sw.service_worker(again, template, cache) == plain
    kept = sorted(cache.glob("*.gz"))
    assert len(kept) == 3  # index.html, the wasm, and noise.bin (kept, though not worth it)
    twin = site / "pyodide" / "pyodide.asm.wasm.gz"
    assert (again / "pyodide" / "pyodide.asm.wasm.gz").read_bytes() == twin.read_bytes()
    real_compress = gzip.compress

    def not_again(*_args: object, **_kwargs: object) -> bytes:
        raise AssertionError("gzipped again")

    monkeypatch.setattr(gzip, "compress", not_again)
    assert phone_sw.service_worker(again, template, cache) == plain  # from the cache
    monkeypatch.setattr(gzip, "compress", real_compress)
    for path in kept:  # damaged: each is gzipped again, to the same bytes
        path.write_bytes(path.read_bytes()[:-9] + b"x")
    assert phone_sw.service_worker(again, template, cache) == plain
    assert (again / "pyodide" / "pyodide.asm.wasm.gz").read_bytes() == twin.read_bytes()
    assert sorted(cache.glob("*.gz")) == kept and not list(cache.glob("*.part"))
    assert all(gzip.decompress(path.read_bytes()) for path in kept)
