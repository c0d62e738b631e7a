"""A spare app process for `companion serve`: the imports done before a browser comes.

The server keeps one of these waiting. It imports the app (Textual, the home
screen, the game screens), then waits for one line on its standard input,
``WIDTH HEIGHT`` (and `` touch`` for a page on a touch screen), sent when a
browser session takes it, and runs the app at that size. Starting a new Python and importing Textual is most of the time a
fresh process needs before its first screen, so the page shows the home
screen that much sooner. End of input before the line: the server has gone;
exit quietly.
"""

from __future__ import annotations

import os
import sys


def read_size() -> tuple[str, str, bool] | None:
    """The ``WIDTH HEIGHT [touch]`` line, read a byte at a time (the app reads the rest of
    the input): the size, and whether the page is on a touch screen."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(0, 1)
        if not byte:
            return None
        line += byte
    parts = line.split()
    touch = parts[2:] == [b"touch"]
    if touch:
        parts = parts[:2]
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    return parts[0].decode(), parts[1].decode(), touch


def end_with_parent() -> None:
    """End this process when the server that started it is gone (killed or stopped).

    A session's app is not always told to quit when the server stops; without
    this it would run on, orphaned, for ever.
    """
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-server", daemon=True).start()


def main() -> None:
    """Import the app, wait for a session's terminal size, then run the app.

    With ``--fork FD`` this is the zygote of `companion.web.forks`: it imports the app once,
    then forks a spare for each request on the socket FD; each spare goes on from here.
    """
    forking = sys.argv[1:2] == ["--fork"]
    if not forking:
        end_with_parent()
    from companion.tui import app

    # The app imports its other screens where they open: here, all of them ahead.
    for module in app.later_modules():
        app.import_ahead(module)
    if forking:
        from companion.web.forks import serve_forks

        serve_forks(int(sys.argv[2]))  # returns in a forked spare only
        end_with_parent()  # a forked spare ends with the zygote (the zygote with the server)
    size = read_size()
    if size is None:
        return
    os.environ["COLUMNS"], os.environ["ROWS"], touch = size
    if touch:
        from companion.core.catalog import TOUCH_ENV

        os.environ[TOUCH_ENV] = "1"
    app.run_app()


if __name__ == "__main__":
    main()
