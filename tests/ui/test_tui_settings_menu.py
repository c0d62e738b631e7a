"""The spoken moves and the sound cues as settings in the app's menu, on every screen: each
entry says whether it is on, a tap turns it over, and the next start of the app has it."""

from __future__ import annotations

from textual.widgets import OptionList
from tui_helpers import (
    home,
    make_game,
    open_turn_screen,
    press,
    sync,
    tap,
    until,
    wait_for_screen,
)

from companion.core.catalog import _
from companion.speech.settings import VoiceSettings, load_settings
from companion.tui.app import CompanionApp
from companion.tui.screens.menu import CUES_OFF, CUES_ON, VOICE_OFF, VOICE_ON, MenuScreen


def labels(app: CompanionApp) -> list[str]:
    return [entry.label for entry in app.screen.entries]


async def tap_entry(pilot, app: CompanionApp, label: str) -> None:
    """Open the menu and tap ``label`` (the menu closes and runs it)."""
    await press(pilot, "f10")
    menu = await wait_for_screen(pilot, MenuScreen)
    await tap(pilot, OptionList, offset=(2, labels(app).index(label)))
    await until(pilot, lambda: app.screen is not menu, "the menu closed")


@sync
async def test_the_menu_turns_the_voice_and_the_cues_on_and_the_next_start_has_them():
    assert load_settings() == VoiceSettings()  # off by default
    async with home(size=(40, 30)) as (app, pilot):
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        assert _(VOICE_OFF) in labels(app) and _(CUES_OFF) in labels(app), labels(app)
        await press(pilot, "escape")
        await tap_entry(pilot, app, _(VOICE_OFF))
        await until(pilot, lambda: load_settings().voice, "the voice kept on")
        assert any("Spoken moves on" in n.message for n in app._notifications)
        await tap_entry(pilot, app, _(CUES_OFF))
        await until(pilot, lambda: load_settings().sound_cues, "the cues kept on")
    assert load_settings() == VoiceSettings(voice=True, sound_cues=True)
    async with home(size=(40, 30)) as (app, pilot):
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        assert _(VOICE_ON) in labels(app) and _(CUES_ON) in labels(app), labels(app)
        await press(pilot, "escape")
        await tap_entry(pilot, app, _(CUES_ON))
        await until(pilot, lambda: not load_settings().sound_cues, "the cues kept off")
    assert load_settings() == VoiceSettings(voice=True, sound_cues=False)


@sync
async def test_on_a_game_screen_the_voice_entry_is_the_setting_with_its_key():
    path, journal = make_game(turns=1)
    app = CompanionApp()
    async with app.run_test(size=(80, 40)) as pilot:
        await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "f10")
        menu = await wait_for_screen(pilot, MenuScreen)
        entries = {entry.label: entry for entry in menu.entries}
        assert "Voice" not in entries, list(entries)  # the screen's own entry, replaced
        assert entries[_(VOICE_OFF)].key == "v"
        assert [entry.label for entry in menu.entries].count(_(CUES_OFF)) == 1
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is not menu, "the menu closed")
        await press(pilot, "v")  # the key and the entry are one setting
        await until(pilot, lambda: load_settings().voice, "v kept the voice on")
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        assert _(VOICE_ON) in labels(app)
