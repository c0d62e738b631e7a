"""Ephios: the solo Plot engine, quick-game popularity and campaign keeping (pure Python)."""
