"""Athens & Sparta (Columbia Games): the registered game."""

from __future__ import annotations

from typing import Any, ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Role
from polemos.core.plain import position_from_json
from polemos.games.athens_sparta.model import Components
from polemos.games.athens_sparta.state import ROLES, AthensSpartaState


class AthensSparta(Game):
    """The Second Peloponnesian War, 431-404 BC, for two players: Athens and Sparta."""

    id: ClassVar[str] = "athens-and-sparta"
    title: ClassVar[str] = "Athens & Sparta"
    roles: ClassVar[tuple[Role, ...]] = ROLES
    scenarios: ClassVar[tuple[str, ...]] = ("431",)
    options: ClassVar[dict[str, str]] = {
        "syracuse_points": "SYRACUSE Points (optional): each player allocates a card at Sicily; "
                           "their sum is SYRACUSE's value",
        "bid": "10.3 Tourney bidding result: {\"side\": \"athens\"|\"sparta\", \"steps\": N}; that "
               "side removes N steps from its starting blocks (at most one per block)",
    }
    rules_edition: ClassVar[str] = "Columbia Games, current English rules"

    def components(self) -> Components:
        from polemos.games.athens_sparta.data import load_components

        return load_components(self.data_dir)

    @property
    def data_version(self) -> str:
        return self.components().version

    def new(self, seed: int, scenario: str | None = None, options: JSON | None = None) -> AthensSpartaState:
        from polemos.games.athens_sparta import rules

        opts = dict(options or {})
        unknown = set(opts) - set(self.options)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; known: "
                             f"{', '.join(self.options)}")
        if scenario not in (None, "431"):
            raise ValueError(f"unknown scenario {scenario!r}; Athens & Sparta has '431'")
        state = AthensSpartaState(self, self.components(), int(seed), scenario, opts)
        rules.setup(state)
        return state

    def from_json(self, doc: JSON) -> AthensSpartaState:
        """Load a position document: a full ``to_json`` or a partial one (the missing fields
        take their values from a new game with the document's seed)."""
        state: AthensSpartaState = position_from_json(
            self.id, doc, lambda d: self.new(int(d.get("seed", 0)), d.get("scenario"), d.get("options") or {}),
            _validate)
        return state


def _validate(s: AthensSpartaState) -> None:
    nb = len(s.comp.blocks)
    nh = len(s.comp.board.hexes)
    for name in ("loc", "owner", "strength", "inside", "moved", "revealed", "halfhit"):
        v: Any = getattr(s, name)
        if len(v) != nb:
            raise RecordError(f"position field {name!r} must have {nb} entries, one per block")
    for b, h in enumerate(s.loc):
        if h >= nh or h < -2:
            raise RecordError(f"block {s.comp.blocks[b].id} is on no hex ({h})")
        if h >= 0 and not 1 <= s.strength[b] <= s.comp.blocks[b].steps:
            raise RecordError(f"block {s.comp.blocks[b].id} has strength {s.strength[b]}")
