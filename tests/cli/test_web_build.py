"""`companion web build`: the pinned downloads are checked before anything is written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.web import phone_build


def test_every_pinned_wheel_has_a_hash_and_textual_is_pinned_exactly() -> None:
    """The driver uses Textual's private xterm parser: its wheel is one exact version."""
    wheels = phone_build.pinned_wheels()
    assert "textual-8.2.8-py3-none-any.whl" in wheels
    assert all(len(digest) == 64 for digest in wheels.values())
    assert len(wheels) == 8


def test_a_cached_runtime_with_another_hash_is_refused_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    """A tampered download is one error line (exit 2), removed, and DIR is not made."""
    cache = tmp_path / "cache"
    cache.mkdir()
    archive = cache / f"pyodide-{phone_build.PYODIDE_VERSION}.tgz"
    archive.write_bytes(b"not the runtime")
    dest = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "companion", "web", "build", str(dest)],
        capture_output=True,
        text=True,
        env={"COMPANION_WEB_CACHE": str(cache), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "hash" in result.stderr
    assert not archive.exists()
    assert not dest.exists()
