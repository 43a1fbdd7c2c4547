"""The game-agnostic kernel: the game contract, registry, seeded RNG, records, errors, data loader."""

from polemos.core import native as _native

# compiled hot modules or their pure Python sources, chosen before any of them is imported: the kernel's
# polemos.core.game is one of them (issue 12)
_native.install()

from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError  # noqa: E402
from polemos.core.game import Game, Outcome, State, game, game_ids, register, replay  # noqa: E402
from polemos.core.rng import Rng, script_dice  # noqa: E402

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
