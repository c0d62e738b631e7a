"""The phone build: a static site that runs the app in the browser alone (Pyodide).

``build(dest)`` writes the page, its web manifest and service worker, the Pyodide runtime
(from the npm package, pinned by version and hash) and the app with its dependencies
(the wheels of ``phone/requirements.txt``, pinned with their hashes, and this package)
as one gzipped tar of ``.pyc`` compiled by Pyodide's own CPython (run with node), so the
page fetches nothing but its own files. Downloads are kept in the user's cache folder: a
second build needs no network. So are the compiled standard library and wheels
(``phone_cache``): a second build compiles this package alone. No Textual here:
``companion web build`` stays light.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from importlib.resources import files
from pathlib import Path

import jinja2

from companion.core.catalog import _
from companion.core.outputs import folder_replaced
from companion.web import client as textual_client
from companion.web import icons, page_words, phone_cache, phone_sw

PYODIDE_VERSION = "314.0.8"
PYODIDE_SHA256 = "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
# The runtime's files the page loads (the rest of the npm package is for node and docs).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
PHONE = Path(str(files("companion.web").joinpath("phone")))
STATIC = Path(str(files("companion.web").joinpath("static")))
TEMPLATES = Path(str(files("companion.web").joinpath("templates")))
# The page's fonts (static/fonts, with their licences): the letters' and the symbols'.
FONTS = (
    "RobotoMono-VariableFont_wght.ttf",
    "LICENSE-RobotoMono.txt",
    "CompanionSymbols.ttf",
    "LICENSE-DejaVu.txt",
)
# What the page never imports: the command line, `companion serve`, the phone build itself.
SKIPPED = (
    "companion/cli/",
    "companion/web/server.py",
    "companion/web/sessions.py",
    "companion/web/limits.py",
    "companion/web/processes.py",
    "companion/web/warm.py",
    "companion/web/phone_build.py",
    "companion/web/phone_cache.py",
    "companion/web/client.py",
    "companion/web/icons.py",
    "companion/web/phone_sw.py",
    "companion/web/page_words.py",
    "companion/web/phone/",
    "companion/web/templates/",
    "companion/web/static/",
)
# Pygments' lexers (1.2 MB): the app highlights no code; its lexer table stays.
# The compiled builds of this package kept in the cache (one more at each edit otherwise).
KEPT_BUILDS_OF_COMPANION = 3
# Where boot.js has the bundle's digest written (stamp_bundle).
BUNDLE_DIGEST = "__BUNDLE_DIGEST__"
TRIMMED = re.compile(r"pygments/lexers/(?!__init__|_mapping)[^/]+$|/tests?/|\.dist-info/RECORD$")


class BuildError(Exception):
    """The build could not be made (a download failed, a hash differs, a tool is missing)."""


def cache_dir() -> Path:
    """Where the downloads are kept between builds (``COMPANION_WEB_CACHE`` overrides it)."""
    override = os.environ.get("COMPANION_WEB_CACHE")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("companion", appauthor=False)) / "web-build"


def sha256(path: Path) -> str:
    """The SHA-256 of a file, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _run(command: list[str], cwd: Path | None = None) -> None:
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as error:
        raise BuildError(f"{command[0]} is needed for the phone build: {error}") from None
    if result.returncode != 0:
        last = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise BuildError(f"{' '.join(command[:3])} failed: {' / '.join(last)}")


def fetch_pyodide(cache: Path) -> Path:
    """The Pyodide npm package (``npm pack``), downloaded once and checked against its hash."""
    archive = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not archive.exists():
        cache.mkdir(parents=True, exist_ok=True)
        # Downloaded beside the cache and moved in whole: another build reading the cache
        # meanwhile never hashes half a file.
        with tempfile.TemporaryDirectory(dir=cache, prefix="download-") as temp:
            _run(
                [
                    "npm",
                    "pack",
                    "--silent",
                    f"pyodide@{PYODIDE_VERSION}",
                    "--pack-destination",
                    temp,
                ]
            )
            os.replace(Path(temp) / archive.name, archive)
    if sha256(archive) != PYODIDE_SHA256:
        archive.unlink()
        raise BuildError(f"{archive.name}: its hash is not the pinned one (removed; build again)")
    return archive


def pinned_wheels() -> dict[str, str]:
    """The wheel file names of ``phone/requirements.txt`` and their SHA-256."""
    wheels = {}
    for line in (PHONE / "requirements.txt").read_text(encoding="utf-8").splitlines():
        match = re.match(r"([\w.-]+)==([\w.]+) --hash=sha256:([0-9a-f]{64})", line)
        if match:
            name, version, digest = match.groups()
            wheels[f"{re.sub(r'[-.]+', '_', name)}-{version}-py3-none-any.whl"] = digest
    return wheels


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned wheels (``pip download``, hashes required), downloaded once and checked."""
    folder = cache / "wheels"
    wheels = pinned_wheels()
    if not all((folder / name).exists() for name in wheels):
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache, prefix="download-") as temp:
            _run([
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--only-binary=:all:", "--require-hashes", "-r", str(PHONE / "requirements.txt"),
                "-d", temp,
            ])  # fmt: skip
            for wheel in Path(temp).iterdir():  # each moved in whole, as the runtime is
                os.replace(wheel, folder / wheel.name)
    paths = []
    for name, digest in wheels.items():
        path = folder / name
        if not path.exists() or sha256(path) != digest:
            path.unlink(missing_ok=True)
            raise BuildError(f"{name}: missing or not the pinned hash (removed; build again)")
        paths.append(path)
    return paths


def trim(stage: Path) -> None:
    """Remove from ``stage`` the files the page never reads (``TRIMMED``)."""
    for path in sorted(stage.rglob("*")):
        if path.is_file() and TRIMMED.search(path.relative_to(stage).as_posix()):
            path.unlink()


def unpack_wheels(wheels: list[Path], stage: Path) -> None:
    """Unpack the wheels into ``stage``, trimmed."""
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(stage)
    trim(stage)


def stage_companion(stage: Path) -> None:
    """Copy this package (the page's parts only) and its metadata into ``stage``, trimmed."""
    package = Path(str(files("companion")))
    # Walked following links: in a checkout `companion/decks` links to the top-level decks/.
    found = (
        Path(top) / name for top, _, names in os.walk(package, followlinks=True) for name in names
    )
    for source in sorted(found):
        relative = "companion/" + source.relative_to(package).as_posix()
        if "__pycache__" in relative or relative.startswith(SKIPPED):
            continue
        if source.suffix in (".pyc", ".pot"):
            continue
        target = stage / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    write_metadata(stage)
    trim(stage)


def write_metadata(stage: Path) -> None:
    """This package's metadata: its version, and the entry points that register the games."""
    from importlib.metadata import distribution

    installed = distribution("companion")
    info = stage / f"companion-{installed.version}.dist-info"
    info.mkdir()
    # An installed wheel has METADATA; a checkout's egg-info has the same as PKG-INFO.
    for name, sources in (("METADATA", ("METADATA", "PKG-INFO")), ("entry_points.txt", ())):
        texts = [installed.read_text(source) for source in sources or (name,)]
        text = next((text for text in texts if text is not None), None)
        if text is None:
            raise BuildError(f"companion's {name} is missing: install it (pip install -e .)")
        (info / name).write_text(text, encoding="utf-8")


def compile_folder(runtime: Path, folder: Path) -> None:
    """Compile ``folder``'s Python to ``.pyc`` with Pyodide's CPython (node), dropping sources."""
    _run(["node", str(PHONE / "compile.mjs"), str(runtime), str(folder)])


def zip_folder(folder: Path, archive: Path) -> None:
    """Zip ``folder`` (its contents at the zip's top), files in a stable order."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                out.write(path, path.relative_to(folder).as_posix())


def tar_folder(folder: Path, archive: Path, cache: Path | None = None) -> None:
    """Write ``folder``'s files (its contents at the top) as a gzipped tar, the page's bundle.

    A tar rather than a zip: the page unpacks it in JavaScript (the browser's own gzip,
    while Pyodide starts) instead of with Python's zipfile once Pyodide has started. Plain
    ustar (its reader in ``boot.js`` is short; a name too long for it fails the build),
    files only, in a stable order, with no times or owners: the same files, the same bytes.
    Gzipped at level 9 once for those bytes: kept in the build ``cache`` when given (half
    of a build's time once its compiled parts were cached, the same bytes each build of
    the same checkout).
    """

    def plain(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
        info.mode = 0o644
        return info

    tarred = io.BytesIO()
    with tarfile.open(fileobj=tarred, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                tar.add(path, path.relative_to(folder).as_posix(), filter=plain)
    data = tarred.getvalue()
    if cache is None:
        archive.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    else:
        archive.write_bytes(phone_cache.cached_gzip(data, cache / "gzipped"))


def textual_serve_static() -> Path:
    """textual-serve's page client (textual.js, xterm.css), found without importing it."""
    import importlib.util

    spec = importlib.util.find_spec("textual_serve")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError("textual-serve is not installed: its textual.js is the page's client")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def _compiler() -> tuple[str, str]:
    """What compiled bytecode depends on beside its sources: the runtime and the script."""
    return PYODIDE_SHA256, sha256(PHONE / "compile.mjs")


def compiled_stdlib(runtime: Path, work: Path, cache: Path) -> Path:
    """Pyodide's standard library compiled to ``.pyc``: the site's ``python_stdlib.zip``.

    Kept in the cache under a hash of what it depends on (the runtime and the compile
    script): compiling it is half of a first build and needless on the next.
    """
    key = phone_cache.input_key(*_compiler())

    def make(zipped: Path) -> None:
        stdlib = work / "stdlib"
        with zipfile.ZipFile(runtime / "python_stdlib.zip") as source:
            source.extractall(stdlib)
        compile_folder(runtime, stdlib)
        zip_folder(stdlib, zipped)

    return phone_cache.cached_zip(cache / "compiled" / f"stdlib-{key}.zip", make)


def compiled_wheels(runtime: Path, wheels: list[Path], work: Path, cache: Path) -> Path:
    """The pinned wheels unpacked, trimmed and compiled to ``.pyc``, as one zip.

    Kept in the cache under a hash of the wheels, the trimming, the runtime and the
    compile script: the other half of a first build, the same on every next one.
    """
    pinned = sorted(f"{wheel.name}:{sha256(wheel)}" for wheel in wheels)
    key = phone_cache.input_key(*pinned, TRIMMED.pattern, *_compiler())

    def make(zipped: Path) -> None:
        stage = work / "wheels"
        stage.mkdir(parents=True)
        unpack_wheels(wheels, stage)
        compile_folder(runtime, stage)
        zip_folder(stage, zipped)

    return phone_cache.cached_zip(cache / "compiled" / f"wheels-{key}.zip", make)


def compiled_companion(runtime: Path, work: Path, cache: Path) -> Path:
    """This package (the page's parts, trimmed) compiled to ``.pyc``, as one zip.

    Kept in the cache under a hash of its staged files (names and bytes) and the compiler:
    building the same checkout again compiles nothing (compiling was half of a build once
    the rest is cached); any edit makes another name. Only the newest few are kept (each
    edit would leave one more).
    """
    ours = work / "companion"
    ours.mkdir(parents=True)
    stage_companion(ours)
    staged = sorted(path for path in ours.rglob("*") if path.is_file())
    hashed = (f"{path.relative_to(ours).as_posix()}:{sha256(path)}" for path in staged)
    key = phone_cache.input_key(*hashed, *_compiler())

    def make(zipped: Path) -> None:
        compile_folder(runtime, ours)
        zip_folder(ours, zipped)

    made = phone_cache.cached_zip(cache / "compiled" / f"companion-{key}.zip", make)
    phone_cache.keep_newest(made.parent, "companion-*.zip", KEPT_BUILDS_OF_COMPANION)
    return made


def build_runtime(archive: Path, work: Path, site: Path, cache: Path) -> Path:
    """Unpack Pyodide, copy the page's runtime and compiled standard library into ``site``."""
    with tarfile.open(archive) as tar:
        tar.extractall(work, filter="data")
    runtime = work / "package"
    (site / "pyodide").mkdir(parents=True)
    stdlib = compiled_stdlib(runtime, work, cache)
    shutil.copyfile(stdlib, site / "pyodide" / "python_stdlib.zip")
    for name in RUNTIME_FILES:
        shutil.copyfile(runtime / name, site / "pyodide" / name)
    return runtime


def build_app(runtime: Path, wheels: list[Path], work: Path, site: Path, cache: Path) -> None:
    """Write ``app.tar.gz``: the compiled wheels (cached) and this package, compiled anew."""
    stage = work / "site-packages"
    with zipfile.ZipFile(compiled_wheels(runtime, wheels, work, cache)) as zipped:
        zipped.extractall(stage)
    # Compiled on its own: it changes with every edit, the wheels' part does not.
    with zipfile.ZipFile(compiled_companion(runtime, work, cache)) as zipped:
        zipped.extractall(stage)
    tar_folder(stage, site / "app.tar.gz", cache)


def manifest() -> dict[str, object]:
    """The web manifest: installable from the browser's menu ("Add to Home Screen").

    One file, so one language: its description is in the build's (``COMPANION_LANG``, else
    the builder's), which ``lang`` names; the page itself speaks the phone's.
    """
    return {
        "name": "companion",
        "short_name": "companion",
        "description": _(page_words.DESCRIPTION),
        "lang": page_words.html_lang(),
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#0c181f",
        "theme_color": "#0c181f",
        "icons": [
            {"src": "favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "favicon.ico", "sizes": "32x32", "type": "image/x-icon"},
            *icons.manifest_icons(),
        ],
    }


def service_worker(site: Path, cache: Path | None = None) -> str:
    """The service worker: every file of the site kept under a name of their hashes, the
    large ones fetched gzipped (``phone_sw``, which writes their twins, those of files
    gzipped by an earlier build taken from the build ``cache``)."""
    template = (PHONE / "sw.js").read_text(encoding="utf-8")
    gzipped = None if cache is None else cache / "gzipped"
    return phone_sw.service_worker(site, template, gzipped)


def copy_page(site: Path, client: Path) -> None:
    """The page's own files: its client (textual-serve's), font, icons, boot script, and the
    page with its words in every language the app speaks (``page_words``)."""
    for folder in ("js", "css", "fonts"):
        (site / folder).mkdir()
    try:  # rows a finger can hit on a touch screen (companion.web.client)
        script = textual_client.with_line_height((client / "js" / "textual.js").read_text("utf-8"))
    except textual_client.ClientError as error:
        raise BuildError(str(error)) from None
    (site / "js" / "textual.js").write_text(script, encoding="utf-8")
    shutil.copyfile(client / "css" / "xterm.css", site / "css" / "xterm.css")
    for name in FONTS:
        shutil.copyfile(STATIC / "fonts" / name, site / "fonts" / name)
    for name in ("favicon.svg", "favicon.ico", "speech.js"):
        shutil.copyfile(STATIC / name, site / name)
    try:  # the PNG icons of an installed app, drawn from the SVG (companion.web.icons)
        for name, data in icons.icons((STATIC / "favicon.svg").read_text(encoding="utf-8")):
            (site / name).write_bytes(data)
    except icons.IconError as error:
        raise BuildError(str(error)) from None
    shutil.copyfile(PHONE / "boot.js", site / "boot.js")
    (site / "index.html").write_text(page(), encoding="utf-8")


def stamp_bundle(site: Path) -> None:
    """Write the bundle's (``app.tar.gz``) SHA-256 into the boot script: the page names the
    memory snapshot by it at once (a new bundle, a new name), not once it has fetched and
    digested the bundle."""
    boot = site / "boot.js"
    text = boot.read_text(encoding="utf-8")
    if text.count(BUNDLE_DIGEST) != 1:
        raise BuildError(f"boot.js: not one place for the bundle's digest ({BUNDLE_DIGEST})")
    boot.write_text(text.replace(BUNDLE_DIGEST, sha256(site / "app.tar.gz")), encoding="utf-8")


def page() -> str:
    """The phone build's page: `companion serve`'s template (one page for both, so a change
    reaches both) with the files relative to it and the words of every language."""
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,  # as `companion serve` renders it (aiohttp_jinja2's default)
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    return templates.get_template("app_index.html").render(
        phone=True,
        title="companion",
        root="",
        static="",
        companion_static="",
        font_size="",
        lang="en",  # boot.js sets the page's language before anything is shown
        words=dict.fromkeys(page_words.MESSAGES, ""),  # boot.js writes them
        page_words=page_words.as_script_json(page_words.every_language()),
    )


def build(dest: Path) -> dict[str, int]:
    """Write the static site into ``dest`` (made anew); its files and bytes, for the report.

    The site is made in a folder beside ``dest`` and takes its place once whole (an old
    ``dest`` goes only then): a failed build leaves ``dest`` as it was. Whether an
    existing ``dest`` may be replaced is the caller's check
    (:func:`companion.core.outputs.refuse_existing`)."""
    cache = cache_dir()
    archive = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    client = textual_serve_static()
    with (
        tempfile.TemporaryDirectory(prefix="companion-web-") as temp,
        folder_replaced(dest) as site,
    ):
        make_site(Path(temp), site, archive, wheels, client, cache)
    sizes = [path.stat().st_size for path in dest.rglob("*") if path.is_file()]
    return {"files": len(sizes), "bytes": sum(sizes)}


def make_site(
    work: Path, site: Path, archive: Path, wheels: list[Path], client: Path, cache: Path
) -> None:
    """Fill the empty folder ``site``: runtime, app, page, manifest, service worker."""
    runtime = build_runtime(archive, work, site, cache)
    build_app(runtime, wheels, work, site, cache)
    copy_page(site, client)
    stamp_bundle(site)
    (site / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")
    (site / "sw.js").write_text(service_worker(site, cache), encoding="utf-8")
