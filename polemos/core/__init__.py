"""The game-agnostic kernel: the game contract, registry, seeded RNG, records, errors, data loader."""

from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError
from polemos.core.game import Game, Outcome, State, game, game_ids, register, replay
from polemos.core.rng import Rng, script_dice

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
