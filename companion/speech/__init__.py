"""Speaking the moves and playing the sound cues, headless (no Textual, no click).

`engines` finds the platform's speech engine at run time and says lines without blocking;
`settings` keeps the voice and sound choices between runs; `cues` makes the project's own
short sounds and plays them. The terminal app and the CLI call these; the browser page
speaks with the browser's own speech synthesis.
"""
