"""Polemos: the wargames of the Peloponnesian War, every rule enforced.

>>> import polemos
>>> g = polemos.game("athens-and-sparta")
>>> s = g.new(seed=1)
>>> sorted(s.active_roles())
['athens', 'sparta']
"""

from polemos.core import (
    Game,
    IllegalActionError,
    Outcome,
    RecordError,
    State,
    game,
    game_ids,
    replay,
    script_dice,
)

__all__ = [
    "Game",
    "IllegalActionError",
    "Outcome",
    "RecordError",
    "State",
    "game",
    "game_ids",
    "replay",
    "script_dice",
]
