"""The record of finished games and the difficulty ladder (docs/history.md).

Headless: nothing here imports Textual or click. ``records`` keeps the
history file, ``ladder`` turns it into the difficulty ladder, ``outcomes``
asks each game's engine how a save ended and is the hook that records (or
takes back) a game right after its save is written.
"""
