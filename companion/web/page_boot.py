"""The app's start inside the page (Pyodide): the page's terminal, the saves kept in the browser.

The boot script (``phone/boot.js``) loads the runtime and the bundle, mounts the data
folder on the browser's IndexedDB and then awaits :func:`start` with its callbacks:
``output`` draws on the page's terminal, ``sync`` writes the data folder back to
IndexedDB (after every save the app writes, through the after-write hooks, so a killed
tab loses no acknowledged step).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.core import hooks
from companion.core.journal import Journal
from companion.web import page_driver


async def start(
    output: page_driver.Output, sync: Callable[[], None], columns: int, rows: int
) -> None:
    """Run the app on the page's terminal until it closes; ``sync`` after every save."""

    def synced(path: Path, journal: Journal) -> None:
        sync()

    page_driver.attach(output, columns, rows)
    hooks.add_after_write(synced)
    from companion.tui.app import CompanionApp

    app = CompanionApp()
    # Textual reads its driver's name from the environment when it is first imported
    # (before this runs), so the app is given the page's driver itself.
    app.driver_class = page_driver.PageDriver
    await app.run_async()
