"""Stand-in app processes for the `companion serve` tests: each behaves one way an app can.

``python serve_stand_in.py MODE [FILE]``:

- ``record FILE``: starts, appends every input it is sent to FILE, quits when told;
- ``drawn``: starts, draws one line (``≡ stand-in``), then waits until told to quit;
- ``stubborn``: starts, then reads nothing and ignores SIGTERM (only SIGKILL ends it);
- ``hog``: starts, then uses more and more memory (never more than 512 MiB, for a minute);
- ``crash``: writes a traceback to its error output and ends before it starts;
- ``chatty``: starts, then draws without end (64 KiB screens, for a minute at most),
  whether its tab reads them or not.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

READY = b"__GANGLION__\n"


def record(path: str) -> None:
    """Append each data packet to ``path``; end at the "quit" meta packet or end of input."""
    stdin = sys.stdin.buffer
    with open(path, "ab", buffering=0) as out:
        while True:
            head = stdin.read(5)
            if len(head) < 5:
                return
            payload = stdin.read(int.from_bytes(head[1:], "big"))
            if head[:1] == b"D":
                out.write(payload)
            elif head[:1] == b"M" and json.loads(payload).get("type") == "quit":
                return


def main() -> None:
    """Play the mode named on the command line."""
    mode = sys.argv[1]
    if mode == "crash":
        sys.stderr.write('Traceback (most recent call last):\n  File "x"\nValueError: broken\n')
        sys.exit(1)
    sys.stdout.buffer.write(READY)
    sys.stdout.buffer.flush()
    if mode == "record":
        record(sys.argv[2])
    elif mode == "drawn":
        line = "\x1b[H≡ stand-in".encode()
        sys.stdout.buffer.write(b"D" + len(line).to_bytes(4, "big") + line)
        sys.stdout.buffer.flush()
        record(os.devnull)
    elif mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)
    elif mode == "chatty":
        screen = b"D" + (64 * 1024).to_bytes(4, "big") + b"\x1b[H" + b"x" * (64 * 1024 - 3)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # blocks once nobody reads: that is the point
            sys.stdout.buffer.write(screen)
            sys.stdout.buffer.flush()
    elif mode == "hog":
        import resource

        # Bounded whatever happens to the test: the machine is shared.
        resource.setrlimit(resource.RLIMIT_AS, (1024 * 1024 * 1024,) * 2)
        blocks = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if len(blocks) < 64:
                blocks.append(b"x" * (8 * 1024 * 1024))
            time.sleep(0.05)


if __name__ == "__main__":
    main()
