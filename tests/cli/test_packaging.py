"""The package carries what it needs: the deck files ship inside it."""

from __future__ import annotations

from pathlib import Path

from companion.paths import bundled_deck, decks_dir

REPO = Path(__file__).resolve().parents[2]


def test_the_package_data_decks_are_the_top_level_deck_files():
    """`decks/` is where deck files are edited; `companion/decks` is what the wheel ships."""
    edited = sorted(p.name for p in (REPO / "decks").glob("*.toml"))
    shipped = sorted(p.name for p in decks_dir().glob("*.toml"))
    assert edited == shipped == ["ephios.toml", "euphoria-automa.toml"]
    for name in edited:
        assert bundled_deck(name).read_bytes() == (REPO / "decks" / name).read_bytes()
