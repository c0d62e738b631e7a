"""`companion serve`'s web side: the page, its static files and the guarded textual-serve server."""
