"""The phone build's offline copy (companion.web.phone_sw): a gzipped twin beside each file
gzip shrinks by a tenth, and the service worker's list fetching the twin for its file, every
other file as it is (app.tar.gz, gzipped already, among them), with the bytes on the wire."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

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
