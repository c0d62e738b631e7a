"""companion: a table companion for Euphoria's Automas and Ephios' Plot."""

__version__ = "0.1.0"
