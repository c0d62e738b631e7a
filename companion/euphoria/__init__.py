"""Euphoria (Ignorance is Bliss) Automa rules: pure Python, no Textual or click."""
