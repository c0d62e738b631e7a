"""Spoken moves in the phone build, headless: the app in the page (Pyodide's driver) hands
the page the same ``companion_speak`` message as under `companion serve`.

The page saying the lines is tested in a real browser (tests/browser/test_phone_readable.py).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App

from companion.speech import settings
from companion.speech.settings import VoiceSettings, save_settings
from companion.web import page_driver, speak


def on_the_pages_driver() -> App[None]:
    """An app given the page's driver (made in a loop, as Textual's drivers are)."""
    app: App[None] = App()

    async def make() -> page_driver.PageDriver:
        return page_driver.PageDriver(app)

    app._driver = asyncio.run(make())
    return app


@pytest.fixture
def in_the_page() -> Iterator[tuple[App[None], list[str], list[str]]]:
    """An app on the page's driver; what it drew and what it sent the page itself."""
    drawn: list[str] = []
    sent: list[str] = []
    page_driver.attach(drawn.append, 80, 24, sent.append)
    app = on_the_pages_driver()
    yield app, drawn, sent
    page_driver.attach(None, 80, 24)  # type: ignore[arg-type]


def test_in_the_page_the_lines_go_to_the_page_as_a_speak_message(in_the_page):
    app, drawn, sent = in_the_page
    assert speak.in_page(app)
    assert speak.speak_in_page(app, ["one", "two"], rate=210, cues=["draw"])
    assert speak.stop_in_page(app)
    assert [json.loads(text) for text in sent] == [
        {
            "type": speak.SPEAK,
            "action": "say",
            "lines": ["one", "two"],
            "cues": ["draw"],
            "rate": 210,
            "lang": "en",
        },
        {"type": speak.SPEAK, "action": "stop"},
    ]
    assert drawn == []  # nothing of it is drawn on the terminal


def test_in_the_page_the_voice_is_the_pages_off_by_default_on_with_toggle(in_the_page):
    app, _drawn, sent = in_the_page
    voice = speak.voice_for(app)
    assert isinstance(voice, speak.PageVoice)
    voice.announce(["Black: the Farm, worker 2."])
    assert sent == []  # off by default: nothing said
    assert voice.toggle() is True
    voice.announce(["Black: the Farm, worker 2."])
    assert json.loads(sent[-1])["lines"] == ["Black: the Farm, worker 2."]


def test_in_the_page_the_kept_setting_starts_the_voice(in_the_page):
    app, _drawn, sent = in_the_page
    save_settings(VoiceSettings(voice=True))
    speak.voice_for(app).announce(["a line"])
    assert json.loads(sent[-1])["lines"] == ["a line"]


def test_a_page_without_a_meta_callback_takes_nothing_and_nothing_breaks():
    page_driver.attach(lambda text: None, 80, 24)
    app = on_the_pages_driver()
    assert speak.in_page(app)
    assert speak.speak_in_page(app, ["one"])  # sent, to a page that has no ear for it


def test_in_the_page_a_setting_is_kept_and_written_back_to_the_browser(in_the_page):
    """The phone's settings are its data folder's: turned on, they are written there, and the
    page is asked to write the folder back to IndexedDB (the next start has them)."""
    app, _drawn, sent = in_the_page
    written: list[Path] = []
    settings.after_save(written.append)
    try:
        voice = speak.voice_for(app)
        assert voice.toggle() is True and voice.toggle_cues() is True
    finally:
        settings._AFTER_SAVE.remove(written.append)
    assert settings.load_settings() == VoiceSettings(voice=True, sound_cues=True)
    assert written == [settings.settings_path()] * 2
    voice.announce(["a line"], ["draw"])
    assert json.loads(sent[-1])["cues"] == ["draw"]
