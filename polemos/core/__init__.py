"""The game-agnostic kernel: the game contract, registry, seeded RNG, records, errors, data loader."""

from polemos.core import native as _native
from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError
from polemos.core.game import Game, Outcome, State, game, game_ids, register, replay
from polemos.core.rng import Rng, script_dice

_native.install()  # compiled hot modules or their pure Python sources (before any game module is imported)

__all__ = [
    "Game",
    "IllegalActionError",
    "Outcome",
    "RecordError",
    "Rng",
    "State",
    "UnknownGameError",
    "game",
    "game_ids",
    "register",
    "replay",
    "script_dice",
]
