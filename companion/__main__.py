"""`python -m companion` runs the same entry point as the `companion` command."""

from companion.cli import main

main()
