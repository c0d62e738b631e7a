"""The real-browser tests: a package, so that one chromium serves a worker's run of them
(the ``browser`` fixture's package scope, tests/browser/conftest.py)."""
