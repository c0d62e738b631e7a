"""The phone build's offline copy: files gzipped for the wire, and the service worker's list.

A static host sends a file as it is (``python3 -m http.server``, most object stores): the
19.6 MB of the site would cross the network raw on a first visit. So the build writes a
gzipped twin, ``NAME.gz``, beside each file that gzip shrinks by a tenth or more (the
runtime's wasm and scripts, the page's client, its fonts), and the service worker
(``phone/sw.js``) fetches the twin, unzips it as it comes (the browser's
``DecompressionStream``) and keeps the file under its own name, with its own type: on a first
visit the page waits for that (a progress bar with the bytes, which the worker tells it),
then loads every file from the worker's cache. The plain files stay, for a page with no
service worker (plain HTTP from another machine).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from companion.web import phone_cache

# A file is sent gzipped when that saves at least this share of it (app.tar.gz and the
# standard library's zip are compressed already) and it is not tiny.
WORTH = 0.9
SMALLEST = 1024
# What the worker names as each kept file's type (a .gz twin has none of its own; a wasm
# must be application/wasm to be compiled as it streams).
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".css": "text/css",
    ".ttf": "font/ttf",
    ".zip": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}


def gzip_twins(site: Path, cache: Path | None = None) -> dict[str, str]:
    """Write ``NAME.gz`` beside each file of ``site`` worth it (level 9, no name or time in
    it: the same file, the same bytes); file -> its twin, both relative to ``site``. With a
    ``cache`` folder, each file gzipped before is not gzipped again
    (:func:`companion.web.phone_cache.cached_gzip`)."""
    twins = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        data = path.read_bytes()
        if len(data) < SMALLEST or path.suffix == ".gz":  # app.tar.gz: gzipped already
            continue
        if cache is None:
            zipped = gzip.compress(data, compresslevel=9, mtime=0)
        else:
            zipped = phone_cache.cached_gzip(data, cache)
        if len(zipped) <= WORTH * len(data):
            twin = path.with_name(path.name + ".gz")
            twin.write_bytes(zipped)
            twins[path.relative_to(site).as_posix()] = twin.relative_to(site).as_posix()
    return twins


def entries(site: Path, twins: dict[str, str]) -> list[list[object]]:
    """The worker's list: [name, what to fetch for it, its bytes on the wire, its type] for
    every file of the site but the worker and the twins ("./" is the page)."""
    made = set(twins.values())
    listed = sorted(
        name
        for name in (
            path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()
        )
        if name != "sw.js" and name not in made
    )
    rows: list[list[object]] = []
    for name in ["./", *listed]:
        file = "index.html" if name == "./" else name
        fetched = twins.get(file, name)
        size = (site / (twins.get(file) or file)).stat().st_size
        rows.append([name, fetched, size, TYPES.get(Path(file).suffix, "")])
    return rows


def service_worker(site: Path, template: str, cache: Path | None = None) -> str:
    """The service worker (``template``: phone/sw.js) with the site's list and a version
    made of every file's hash (a new build is a new cache); writes the gzipped twins first
    (those gzipped before taken from ``cache``, a folder, when given)."""
    twins = gzip_twins(site, cache)
    rows = entries(site, twins)
    hashes = {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name != "sw.js"
    }
    version = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    listing = json.dumps(rows, indent=1)
    return template.replace("__VERSION__", version).replace('["__FILES__"]', listing)
