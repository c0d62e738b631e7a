"""The server's imports without the TLS work it never uses.

aiohttp makes two TLS client contexts when it is imported (its connector's defaults), and
each loads the machine's CA certificates: about 50 ms of CPU, a tenth of what `companion
serve` does before it listens (the whole import of aiohttp about 150 ms). The server makes
no outgoing request, so :func:`import_aiohttp` imports aiohttp with the certificates'
loading left out: those two contexts hold no CA certificate, and an HTTPS
request made with them would fail its verification (never pass unverified). Every context
made afterwards, and every method of ``ssl.SSLContext``, is as before.
"""

from __future__ import annotations

import contextlib
import importlib
import ssl
import sys
from collections.abc import Iterator
from typing import Any

# The methods of ``ssl.SSLContext`` that read the machine's CA certificates.
_LOADERS = ("load_default_certs", "set_default_verify_paths")


def _nothing(*_args: Any, **_kwargs: Any) -> None:
    """A loader that loads nothing."""


@contextlib.contextmanager
def _certificates_not_loaded() -> Iterator[None]:
    """``ssl.SSLContext`` loads no CA certificate inside the block (its methods that read
    them from the machine do nothing); the class as it was after it."""
    own = {name: vars(ssl.SSLContext).get(name) for name in _LOADERS}
    for name in _LOADERS:
        setattr(ssl.SSLContext, name, _nothing)
    try:
        yield
    finally:
        for name, method in own.items():
            if method is None:  # inherited from the C type: the class had none of its own
                delattr(ssl.SSLContext, name)
            else:
                setattr(ssl.SSLContext, name, method)


def import_aiohttp() -> None:
    """Import aiohttp (unless it is imported already) with no CA certificate loaded for the
    two TLS contexts it makes at import (see the module)."""
    if "aiohttp" in sys.modules:
        return
    with _certificates_not_loaded():
        importlib.import_module("aiohttp")
