"""The Textual app: screens, widgets and .tcss files; no rules live here.

Importing this package pulls in Textual, so only `companion` with no
arguments and `companion serve` import it; headless commands never do.
"""
