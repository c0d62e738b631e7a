"""Spoken moves under `companion serve`, headless: the option, the session's environment,
the packet from the app to the page, and the voice a game screen gets in a tab.

The page saying the lines is tested in a real browser (tests/browser/test_browser_speech.py).
"""

from __future__ import annotations

import asyncio
import json
from typing import ClassVar

from click.testing import CliRunner
from textual.app import App
from textual.drivers.web_driver import WebDriver

import companion.web.server as web_server
from companion.cli import main
from companion.speech.settings import VoiceSettings, load_settings, save_settings
from companion.speech.voice import Voice
from companion.web import speak
from companion.web.sessions import SparePool, WarmAppService, page_speech


class FakeServer:
    """Records the voice the command gave the server instead of serving."""

    made: ClassVar[list[bool | None]] = []

    def __init__(self, command, **kwargs):
        FakeServer.made.append(kwargs["voice"])

    def serve(self, debug=False):
        pass


def served_voice(monkeypatch, *args: str) -> bool | None:
    FakeServer.made = []
    monkeypatch.setattr(web_server, "CompanionServer", FakeServer)
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    return FakeServer.made[0]


def test_serve_voice_on_off_and_by_default_the_kept_setting(monkeypatch):
    assert served_voice(monkeypatch) is False  # off by default
    assert served_voice(monkeypatch, "--voice") is True
    save_settings(VoiceSettings(voice=True))
    assert served_voice(monkeypatch) is True
    assert served_voice(monkeypatch, "--no-voice") is False
    assert load_settings().voice is True  # the option does not change the kept setting


def service(voice: bool | None, written: list[str] | None = None) -> WarmAppService:
    async def write_str(text: str) -> None:
        if written is not None:
            written.append(text)

    async def nothing(*args: object) -> None:
        pass

    return WarmAppService(
        "true",
        write_bytes=nothing,
        write_str=write_str,
        close=nothing,
        download_manager=None,
        spares=SparePool(),
        voice=voice,
    )


def test_every_session_is_told_the_voice_in_its_environment(monkeypatch):
    assert service(True)._build_environment()[speak.VOICE_ENV] == "1"
    assert service(False)._build_environment()[speak.VOICE_ENV] == "0"
    monkeypatch.setenv(speak.VOICE_ENV, "1")  # not passed on from the server's own
    assert speak.VOICE_ENV not in service(None)._build_environment()


def test_the_apps_spoken_lines_go_to_the_page_and_other_meta_packets_as_before():
    written: list[str] = []
    session = service(True, written)
    packet = {
        "type": speak.SPEAK,
        "action": "say",
        "lines": ["Black: the Farm, worker 2.", 7],
        "cues": ["draw", "boom"],
        "rate": 175,
        "lang": "en",
        "script": "<b>",
    }
    asyncio.run(session.on_meta(json.dumps(packet).encode()))
    asyncio.run(session.on_meta(json.dumps({"type": speak.SPEAK, "action": "stop"}).encode()))
    asyncio.run(session.on_meta(b"not json"))
    url = {"type": "open_url", "url": "https://example.org", "new_tab": True}
    asyncio.run(session.on_meta(json.dumps(url).encode()))
    assert [json.loads(text) for text in written] == [
        [
            speak.SPEAK,
            {
                "action": "say",
                "lines": ["Black: the Farm, worker 2."],
                "cues": ["draw"],
                "rate": 175,
                "lang": "en",
            },
        ],
        [speak.SPEAK, {"action": "stop"}],
        ["open_url", {"url": "https://example.org", "new_tab": True}],
    ]


def test_a_packet_that_is_not_spoken_lines_is_not_sent_and_a_long_one_is_bounded():
    assert page_speech({"action": "sing"}) is None
    assert page_speech({"action": "say", "lines": "a line"}) is None
    long = page_speech(
        {"action": "say", "lines": ["x" * 1000] * 100, "cues": [], "rate": True, "lang": 3}
    )
    assert long is not None
    assert len(long["lines"]) == speak.MAX_LINES
    assert {len(line) for line in long["lines"]} == {speak.MAX_LINE}
    assert long["rate"] is None and long["lang"] == ""


class Recording(WebDriver):
    """A web driver that keeps the meta packets it would write (no process behind it)."""

    def __init__(self) -> None:
        self.metas: list[dict[str, object]] = []

    def write_meta(self, data: dict[str, object]) -> None:
        self.metas.append(data)


def in_a_tab() -> tuple[App[None], Recording]:
    app: App[None] = App()
    driver = Recording()
    app._driver = driver
    return app, driver


def test_outside_the_browser_nothing_is_sent_and_the_platforms_voice_is_used():
    app: App[None] = App()
    assert not speak.in_page(app)
    assert speak.speak_in_page(app, ["Black: the Farm, worker 2."]) is False
    assert speak.stop_in_page(app) is False
    voice = speak.voice_for(app)
    assert type(voice) is Voice


def test_in_a_tab_the_lines_go_to_the_page_in_order_with_the_rate_and_language():
    app, driver = in_a_tab()
    assert speak.speak_in_page(app, ["one", "two"], rate=210, cues=["shuffle", "nope"])
    assert speak.speak_in_page(app, []) is False  # nothing to say: nothing sent
    assert speak.stop_in_page(app)
    assert driver.metas == [
        {
            "type": speak.SPEAK,
            "action": "say",
            "lines": ["one", "two"],
            "cues": ["shuffle"],
            "rate": 210,
            "lang": "en",
        },
        {"type": speak.SPEAK, "action": "stop"},
    ]


def test_a_tabs_voice_starts_as_serve_set_it_and_toggles_for_the_tab_only(monkeypatch):
    app, driver = in_a_tab()
    monkeypatch.setenv(speak.VOICE_ENV, "1")
    voice = speak.voice_for(app)
    assert isinstance(voice, speak.PageVoice) and voice.settings.voice
    voice.announce(["Black: the Farm, worker 2."], ["draw"])  # cues off by default
    assert voice.repeat()
    voice.stop()
    assert [m.get("lines", m["action"]) for m in driver.metas] == [
        ["Black: the Farm, worker 2."],
        ["Black: the Farm, worker 2."],
        "stop",
    ]
    assert driver.metas[0]["cues"] == []
    assert voice.toggle() is False  # off: what is being said stops
    assert driver.metas[-1]["action"] == "stop"
    assert load_settings().voice is False  # not written to the kept settings
    driver.metas.clear()
    voice.announce(["White retrieves 2 workers."], [])
    assert voice.repeat() is False
    assert driver.metas == []
    monkeypatch.setenv(speak.VOICE_ENV, "0")
    save_settings(VoiceSettings(voice=True, sound_cues=True))
    quiet = speak.voice_for(app)
    assert not quiet.settings.voice and quiet.settings.sound_cues
    quiet.announce(["Black: the Farm, worker 2."], ["draw"])  # only the cue
    assert driver.metas[-1]["lines"] == [] and driver.metas[-1]["cues"] == ["draw"]
