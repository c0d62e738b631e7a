"""Each game's optional panels on the one table screen (``companion.tui.panels``).

A module here per game, found only through the ``companion.panels`` entry points: the
screens never import one (the ``tui`` import contract), and a game's panels import no
screen.
"""
