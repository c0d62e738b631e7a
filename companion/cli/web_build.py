"""`companion web build DIR`: the app as a static site for a phone's browser alone (Pyodide).

Headless (no Textual). The site's parts are made by ``companion.web.phone_build``; any
static host serves DIR (``python3 -m http.server`` is enough to try it). A failed
download, a hash that is not the pinned one or a missing tool (npm, node) is one line
(exit 2) and leaves DIR as it was. A DIR that holds anything is replaced only with
``--force`` (refused at once otherwise), and only once the new site is whole.
"""

from __future__ import annotations

from pathlib import Path

import click

from companion.cli import words
from companion.cli.common import fail
from companion.core.catalog import say
from companion.core.outputs import OutputExists, refuse_existing


@click.group(cls=words.Group)
def web() -> None:
    """The phone build: the app in a phone's browser, with no computer."""


@web.command()
@click.argument(
    "dest", metavar="DIR", type=click.Path(file_okay=False, writable=True, path_type=Path)
)
@click.option("--force", is_flag=True, help="Replace DIR if it holds anything.")
def build(dest: Path, force: bool) -> None:
    """Write the static site (page, manifest, service worker, runtime, app) into DIR."""
    from companion.web.phone_build import BuildError, cache_dir
    from companion.web.phone_build import build as build_site

    try:
        refuse_existing(dest, force)
        made = build_site(dest)
    except OutputExists as exists:
        fail(say("{problem} (use --force to replace it)", problem=exists))
    except BuildError as error:
        fail(str(error))
    except OSError as error:
        fail(
            say("{dest}: cannot be written: {problem}", dest=dest, problem=error.strerror or error)
        )
    click.echo(
        say(
            "Wrote {files} files ({megabytes} MB) to {dest}; downloads kept in {cache}.",
            files=made["files"],
            megabytes=f"{made['bytes'] / 1e6:.1f}",
            dest=dest,
            cache=cache_dir(),
        )
    )
