"""`companion voice`: the spoken moves' settings, and a sample move said or written to a WAV.

``companion voice`` shows the settings and the speech engine found; ``--on/--off``,
``--name``, ``--rate`` and ``--cues/--no-cues`` change them (kept between runs);
``--test`` says a sample move, ``--test --to FILE.wav`` writes it to a file instead
(how a player without speakers, and the tests, check it; an existing file is replaced
only with ``--force``, and the file is written whole or not at all).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import click

from companion.cli import words
from companion.cli.common import Whole, fail, guarded, print_json
from companion.core.catalog import _, say
from companion.core.outputs import file_replaced, refuse_existing
from companion.core.questions import Announcement
from companion.euphoria import words as spoken
from companion.speech import engines
from companion.speech.settings import VoiceSettings, load_settings, save_settings


def sample_lines() -> list[str]:
    """A sample Automa turn, as it is said: black places, white retrieves and leaves a die."""
    turn = [
        Announcement(
            "", who="black", what="automa.place", spaces=("wastelands.commodity",), dice=(3,)
        ),
        Announcement(
            "",
            who="white",
            what="automa.retrieve",
            spaces=("subterra.tunnel", "euphoria.commodity"),
            dice=(2, 5),
        ),
        Announcement("", who="white", what="automa.leave", spaces=("icarus.commodity",), dice=(4,)),
    ]
    return spoken.spoken(turn)


def _changed(
    settings: VoiceSettings, on: bool | None, name: str | None, rate: int | None, cues: bool | None
) -> VoiceSettings | None:
    changes: dict[str, object] = {}
    if on is not None:
        changes["voice"] = on
    if name is not None:
        changes["voice_name"] = name
    if rate is not None:
        changes["rate"] = rate
    if cues is not None:
        changes["sound_cues"] = cues
    return settings.changed(**changes) if changes else None


def _test(settings: VoiceSettings, to: Path | None) -> None:
    text = " ".join(sample_lines())
    if to is not None:
        engine = engines.find_wav_engine()
        if engine is None:
            fail(_("no speech engine here can write a WAV file (install espeak-ng)"))
            return
        if not to.parent.is_dir():
            fail(say("{file}: its folder {folder} does not exist", file=to, folder=to.parent))
        try:
            with file_replaced(to) as temp:
                engines.write_wav(engine, text, settings, temp)
        except (OSError, subprocess.SubprocessError) as exc:
            fail(say("the speech engine could not write {file}: {error}", file=to, error=exc))
        click.echo(say("Wrote the sample move to {file}.", file=to))
        return
    engine = engines.find_engine()
    if engine is None:
        fail(_("no voice was found on this computer (install espeak-ng or speech-dispatcher)"))
        return
    speaker = engines.Speaker(settings.changed(voice=True), engine=engine)
    speaker.say(sample_lines())
    click.echo(text)
    speaker.wait()


@click.command(cls=words.Command)
@click.option("--test", "test", is_flag=True, help="Say a sample move.")
@click.option(
    "--to",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE.wav",
    help="With --test: write the sample move to a WAV file instead of saying it.",
)
@click.option("--force", is_flag=True, help="With --to: replace an existing file.")
@click.option("--on/--off", "on", default=None, help="Speak the moves (kept between runs).")
@click.option("--name", default=None, metavar="VOICE", help="The engine's voice, e.g. en-gb.")
@click.option("--rate", type=Whole(1), default=None, metavar="WPM", help="Words a minute.")
@click.option("--cues/--no-cues", "cues", default=None, help="Play the sound cues.")
@click.option("--json", "as_json", is_flag=True, help="The settings as one JSON object.")
@guarded
def voice(
    test: bool,
    to: Path | None,
    force: bool,
    on: bool | None,
    name: str | None,
    rate: int | None,
    cues: bool | None,
    as_json: bool,
) -> None:
    """The spoken moves and sound cues: show or change the settings, or try the voice."""
    if to is not None and not test:
        fail(_("--to goes with --test"))
    if force and to is None:
        fail(_("--force goes with --to"))
    if to is not None:
        refuse_existing(to, force)  # before anything is changed or looked for
    settings = load_settings()
    new = _changed(settings, on, name, rate, cues)
    if new is not None:
        save_settings(new)
        settings = new
    if test:
        _test(settings, to)
        return
    engine = engines.find_engine()
    if as_json:
        print_json(
            {
                "voice": settings.voice,
                "voice_name": settings.voice_name,
                "rate": settings.rate,
                "sound_cues": settings.sound_cues,
                "engine": engine.kind if engine else None,
            }
        )
        return
    click.echo(
        say(
            "Voice: {on} · voice name: {name} · rate: {rate} words a minute · sound cues: {cues}",
            on=_("on") if settings.voice else _("off"),
            name=settings.voice_name or _("the engine's default"),
            rate=settings.rate,
            cues=_("on") if settings.sound_cues else _("off"),
        )
    )
    click.echo(
        say("Speech engine: {engine}", engine=engine.program)
        if engine
        else _("Speech engine: none found (the moves are shown, not spoken)")
    )
