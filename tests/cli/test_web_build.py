"""`companion web build`: the pinned downloads are checked before anything is written, and
the compiled standard library and wheels are kept in the cache for the next build."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.web import phone_build, phone_cache


def test_every_pinned_wheel_has_a_hash_and_textual_is_pinned_exactly() -> None:
    """The driver uses Textual's private xterm parser: its wheel is one exact version."""
    wheels = phone_build.pinned_wheels()
    assert "textual-8.2.8-py3-none-any.whl" in wheels
    assert all(len(digest) == 64 for digest in wheels.values())
    assert len(wheels) == 8


def test_a_cached_runtime_with_another_hash_is_refused_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tampered download is one error line (exit 2), removed, and DIR is not made."""
    cache = tmp_path / "cache"
    cache.mkdir()
    archive = cache / f"pyodide-{phone_build.PYODIDE_VERSION}.tgz"
    archive.write_bytes(b"not the runtime")
    dest = tmp_path / "site"
    monkeypatch.setenv("COMPANION_WEB_CACHE", str(cache))
    result = CliRunner().invoke(main, ["web", "build", str(dest)])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "hash" in result.stderr
    assert not archive.exists()
    assert not dest.exists()


def _fake_compile(compiled: list[str]) -> Callable[[Path, Path], None]:
    """A compile_folder that notes the folder's name and turns its .py into .pyc."""

    def compile_folder(runtime: Path, folder: Path) -> None:
        compiled.append(folder.name)
        for source in sorted(folder.rglob("*.py")):
            source.with_suffix(".pyc").write_bytes(b"pyc:" + source.read_bytes())
            source.unlink()

    return compile_folder


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """compile_folder replaced by ``_fake_compile``: the folders compiled, in order."""
    folders: list[str] = []
    monkeypatch.setattr(phone_build, "compile_folder", _fake_compile(folders))
    return folders


def _contents(archive: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()}


def _bundle(archive: Path) -> dict[str, bytes]:
    """The page's bundle's files; each a plain ustar file, the kind ``boot.js`` reads."""
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        assert all(member.type == tarfile.REGTYPE for member in members)
        assert all(member.mtime == 0 and not member.uname for member in members)
        return {member.name: tar.extractfile(member).read() for member in members}  # type: ignore[union-attr]


def _runtime(tmp_path: Path) -> Path:
    """A made-up Pyodide folder: a python_stdlib.zip of two modules."""
    runtime = tmp_path / "package"
    runtime.mkdir()
    with zipfile.ZipFile(runtime / "python_stdlib.zip", "w") as zipped:
        zipped.writestr("os.py", "import sys\n")
        zipped.writestr("json/__init__.py", "x = 1\n")
    return runtime


def _wheel(path: Path, version: str) -> Path:
    """A made-up wheel with a module, a test folder and a RECORD (the last two trimmed)."""
    with zipfile.ZipFile(path, "w") as zipped:
        zipped.writestr("tiny/__init__.py", f"VERSION = {version!r}\n")
        zipped.writestr("tiny/tests/test_tiny.py", "pass\n")
        zipped.writestr(f"tiny-{version}.dist-info/RECORD", "")
        zipped.writestr(f"tiny-{version}.dist-info/METADATA", "Name: tiny\n")
    return path


def test_the_compiled_stdlib_is_kept_and_a_second_build_compiles_nothing(
    tmp_path: Path, compiled: list[str]
) -> None:
    """Same runtime and compile script: the cached zip, not one more compile."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    first = phone_build.compiled_stdlib(runtime, tmp_path / "work1", cache)
    assert compiled == ["stdlib"]
    assert sorted(_contents(first)) == ["json/__init__.pyc", "os.pyc"]
    second = phone_build.compiled_stdlib(runtime, tmp_path / "work2", cache)
    assert compiled == ["stdlib"]
    assert _contents(second) == _contents(first)
    assert [path.suffix for path in (cache / "compiled").iterdir()] == [".zip"]


def test_another_runtime_compiles_the_stdlib_again_under_another_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiled: list[str]
) -> None:
    """The key is the runtime's hash: a new pin is never served the old bytecode."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    first = phone_build.compiled_stdlib(runtime, tmp_path / "work1", cache)
    monkeypatch.setattr(phone_build, "PYODIDE_SHA256", "0" * 64)
    second = phone_build.compiled_stdlib(runtime, tmp_path / "work2", cache)
    assert compiled == ["stdlib", "stdlib"]
    assert second != first
    assert first.exists()


def test_the_compiled_wheels_are_kept_trimmed_and_another_wheel_compiles_again(
    tmp_path: Path, compiled: list[str]
) -> None:
    """The wheels' hashes are the key; the cached zip holds them trimmed and compiled."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    wheel = _wheel(tmp_path / "tiny-1.0-py3-none-any.whl", "1.0")
    first = phone_build.compiled_wheels(runtime, [wheel], tmp_path / "work1", cache)
    assert compiled == ["wheels"]
    assert sorted(_contents(first)) == ["tiny-1.0.dist-info/METADATA", "tiny/__init__.pyc"]
    again = phone_build.compiled_wheels(runtime, [wheel], tmp_path / "work2", cache)
    assert compiled == ["wheels"]
    assert _contents(again) == _contents(first)
    _wheel(wheel, "1.1")
    changed = phone_build.compiled_wheels(runtime, [wheel], tmp_path / "work3", cache)
    assert compiled == ["wheels", "wheels"]
    assert b"1.1" in _contents(changed)["tiny/__init__.pyc"]


def test_the_trimming_is_part_of_the_wheels_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiled: list[str]
) -> None:
    """Trimming less (or more) makes another zip, not the one trimmed the old way."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    wheel = _wheel(tmp_path / "tiny-1.0-py3-none-any.whl", "1.0")
    phone_build.compiled_wheels(runtime, [wheel], tmp_path / "work1", cache)
    monkeypatch.setattr(phone_build, "TRIMMED", re.compile(r"\.dist-info/RECORD$"))
    kept = phone_build.compiled_wheels(runtime, [wheel], tmp_path / "work2", cache)
    assert compiled == ["wheels", "wheels"]
    assert "tiny/tests/test_tiny.pyc" in _contents(kept)


def test_a_corrupt_cached_zip_is_removed_and_made_again(
    tmp_path: Path, compiled: list[str]
) -> None:
    """A truncated zip under the cached name is compiled anew, not shipped nor a crash."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    first = phone_build.compiled_stdlib(runtime, tmp_path / "work1", cache)
    whole = _contents(first)
    first.write_bytes(first.read_bytes()[:40])
    with pytest.raises(zipfile.BadZipFile):
        zipfile.ZipFile(first)
    again = phone_build.compiled_stdlib(runtime, tmp_path / "work2", cache)
    assert compiled == ["stdlib", "stdlib"]
    assert again == first
    assert _contents(again) == whole


def test_a_failed_compile_leaves_no_zip_in_the_cache(tmp_path: Path) -> None:
    """The zip is written aside and moved in once whole: a failure leaves nothing behind."""

    def make(temp: Path) -> None:
        temp.write_bytes(b"half a zip")
        raise phone_build.BuildError("node failed")

    target = tmp_path / "cache" / "stdlib-key.zip"
    with pytest.raises(phone_build.BuildError):
        phone_cache.cached_zip(target, make)
    assert list(target.parent.iterdir()) == []


def _not_again(*_args: object, **_kwargs: object) -> bytes:
    raise AssertionError("gzipped again")


def test_the_app_bundle_holds_the_cached_wheels_and_this_package_compiled_once(
    tmp_path: Path, compiled: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second build of the same checkout compiles nothing and gzips nothing: the wheels,
    this package and the gzipped bundle are all in the cache."""
    runtime = _runtime(tmp_path)
    cache = tmp_path / "cache"
    wheel = _wheel(tmp_path / "tiny-1.0-py3-none-any.whl", "1.0")
    for round_ in ("1", "2"):
        site = tmp_path / f"site{round_}"
        site.mkdir()
        with monkeypatch.context() as patched:
            if round_ == "2":  # the first build's gzipped bundle, kept: nothing gzipped again
                patched.setattr(gzip, "compress", _not_again)
                patched.setattr(gzip, "GzipFile", _not_again)
            phone_build.build_app(runtime, [wheel], tmp_path / f"work{round_}", site, cache)
    assert compiled == ["wheels", "companion"]
    names = _bundle(tmp_path / "site2" / "app.tar.gz")
    # The same files give the same bytes: no times, no owners.
    first, second = (tmp_path / f"site{round_}" / "app.tar.gz" for round_ in ("1", "2"))
    assert first.read_bytes() == second.read_bytes()
    assert "tiny/__init__.pyc" in names
    assert "companion/web/page_driver.pyc" in names
    assert "companion/web/phone_build.pyc" not in names
    assert not any(name.endswith(".py") for name in names)


def test_an_edit_of_this_package_compiles_it_again_and_the_oldest_builds_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiled: list[str]
) -> None:
    """The package's compiled zip is named by its staged files: an edit compiles it again
    (never the old bytecode for new sources), and only the newest few zips are kept."""
    version = ["1"]

    def stage(folder: Path) -> None:
        (folder / "companion").mkdir()
        (folder / "companion" / "__init__.py").write_text(f"EDIT = {version[0]}\n")

    monkeypatch.setattr(phone_build, "stage_companion", stage)
    runtime, cache = _runtime(tmp_path), tmp_path / "cache"
    made = []
    for round_ in range(phone_build.KEPT_BUILDS_OF_COMPANION + 2):
        version[0] = str(round_)
        zipped = phone_build.compiled_companion(runtime, tmp_path / f"work{round_}", cache)
        assert _contents(zipped)["companion/__init__.pyc"].endswith(f"{round_}\n".encode())
        made.append(zipped)
        os.utime(zipped, (round_, round_))  # made one after the other, whatever the clock
    assert compiled == ["companion"] * len(made)
    again = phone_build.compiled_companion(runtime, tmp_path / "work-again", cache)
    assert again == made[-1] and compiled == ["companion"] * len(made)  # unchanged: no compile
    kept = sorted(cache.glob("compiled/companion-*.zip"))
    assert kept == sorted(made[-phone_build.KEPT_BUILDS_OF_COMPANION :])


def test_the_page_carries_its_words_in_every_language_and_no_english_literal(
    tmp_path: Path,
) -> None:
    """The built page holds the catalog's words for English and the pseudo-locale; neither
    it nor its boot script says any of them in English itself."""
    from companion.core.catalog import pseudo
    from companion.web import page_words

    phone_build.copy_page(tmp_path, phone_build.textual_serve_static())
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="page-words">(.*?)</script>', page, re.S)
    assert found, page
    every = json.loads(found.group(1))
    assert every["en"] == dict(page_words.MESSAGES)
    assert every["en_XA"] == {key: pseudo(text) for key, text in page_words.MESSAGES.items()}
    outside = page.replace(found.group(0), "")
    boot = (tmp_path / "boot.js").read_text(encoding="utf-8")
    for english in page_words.MESSAGES.values():
        assert english not in outside, english
        assert english not in boot, english


def test_the_page_is_the_serve_page_with_its_fonts_beside_it(tmp_path: Path) -> None:
    """The phone's page is `companion serve`'s template: the symbols Roboto Mono lacks
    (≡ ⏎ ⌫, arrows, ✓) come from the font shipped beside it, as on the served page, and
    every file the page names is in the site, relative to it."""
    phone_build.copy_page(tmp_path, phone_build.textual_serve_static())
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'src: url("fonts/CompanionSymbols.ttf")' in page
    assert "unicode-range:" in page and '"A⏎≡"' in page
    named = set(re.findall(r'(?:href|src)="([^"]+)"', page)) | set(
        re.findall(r'url\("([^"]+)"\)', page)
    )
    assert "fonts/CompanionSymbols.ttf" in named and "boot.js" in named, named
    for name in named - {"manifest.webmanifest"}:  # the build writes it (`manifest()`)
        assert not name.startswith(("/", "http")), name
        assert (tmp_path / name).is_file(), name
    for licence in ("LICENSE-RobotoMono.txt", "LICENSE-DejaVu.txt"):
        assert (tmp_path / "fonts" / licence).is_file()
    assert "{{" not in page and "{%" not in page


def test_the_manifest_describes_the_app_in_the_language_of_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The install prompt's description is a catalog message, in the build's language."""
    from companion.core.catalog import pseudo
    from companion.web import page_words

    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    manifest = phone_build.manifest()
    assert manifest["description"] == pseudo(page_words.DESCRIPTION)
    assert manifest["lang"] == "en-XA"
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert phone_build.manifest()["description"] == page_words.DESCRIPTION


def test_the_downloads_reach_the_cache_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """npm and pip download beside the cache: while they write, the cached names do not
    exist (another build never hashes half a file); then each file is moved in whole."""
    cache = tmp_path / "cache"
    runtime = b"the runtime"
    wheels = {"tiny-1.0-py3-none-any.whl": b"a wheel"}
    seen: list[list[str]] = []

    def download(command: list[str], cwd: Path | None = None) -> None:
        seen.append(sorted(path.relative_to(cache).as_posix() for path in cache.rglob("*.*")))
        if command[0] == "npm":
            folder = Path(command[command.index("--pack-destination") + 1])
            (folder / f"pyodide-{phone_build.PYODIDE_VERSION}.tgz").write_bytes(runtime)
        else:
            folder = Path(command[command.index("-d") + 1])
            for name, data in wheels.items():
                (folder / name).write_bytes(data)
        assert folder.parent == cache and folder.name.startswith("download-"), folder

    digest = hashlib.sha256
    monkeypatch.setattr(phone_build, "_run", download)
    monkeypatch.setattr(phone_build, "PYODIDE_SHA256", digest(runtime).hexdigest())
    monkeypatch.setattr(
        phone_build,
        "pinned_wheels",
        lambda: {name: digest(data).hexdigest() for name, data in wheels.items()},
    )
    archive = phone_build.fetch_pyodide(cache)
    [wheel] = phone_build.fetch_wheels(cache)
    assert seen == [[], [archive.name]]  # nothing under a cached name while downloading
    assert archive.read_bytes() == runtime and wheel.read_bytes() == b"a wheel"
    assert sorted(path.name for path in cache.iterdir()) == [archive.name, "wheels"]


def test_the_boot_script_names_the_snapshot_by_the_bundle_it_was_built_with(
    tmp_path: Path,
) -> None:
    """The build writes the bundle's SHA-256 into boot.js (the page names its memory snapshot
    by it at once); a boot script without its one place for it fails the build."""
    (tmp_path / "app.tar.gz").write_bytes(b"the bundle")
    (tmp_path / "boot.js").write_text(
        f'const BUNDLE_DIGEST = "{phone_build.BUNDLE_DIGEST}";\n', encoding="utf-8"
    )
    phone_build.stamp_bundle(tmp_path)
    digest = hashlib.sha256(b"the bundle").hexdigest()
    assert (tmp_path / "boot.js").read_text(encoding="utf-8") == (
        f'const BUNDLE_DIGEST = "{digest}";\n'
    )
    with pytest.raises(phone_build.BuildError, match="bundle's digest"):
        phone_build.stamp_bundle(tmp_path)  # stamped already: no place left
    source = (phone_build.PHONE / "boot.js").read_text(encoding="utf-8")
    assert source.count(phone_build.BUNDLE_DIGEST) == 1
