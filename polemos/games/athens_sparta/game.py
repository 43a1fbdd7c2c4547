"""Athens & Sparta (Columbia Games): the registered game, and the play class that gives the state its
kernel contract (listing, applying, views) from the rule modules below it (issue 12's layers)."""

from __future__ import annotations

from typing import Any, ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Role, State
from polemos.core.options import OptionSpec
from polemos.core.plain import position_from_json
from polemos.core.rng import Rng
from polemos.games.athens_sparta import rules, view
from polemos.games.athens_sparta.data import load_components, load_components_first
from polemos.games.athens_sparta.hidden import hidden_variants
from polemos.games.athens_sparta.model import EDITION_FIRST, EDITION_SECOND, EDITIONS, Components
from polemos.games.athens_sparta.rules import AthensSpartaRules
from polemos.games.athens_sparta.state import POOL, ROLES, SIDE_OF_ROLE, AthensSpartaState


class AthensSpartaPlay(AthensSpartaRules):
    """A game of Athens & Sparta as the kernel plays it: the state's data (``state.py``) with the
    contract's listing, applying and outcome (``rules.AthensSpartaRules``, native in the compiled build)
    and the views from ``view.py``, which sits above the state and the rules in the package's layers
    (issue 12). An interpreted class: tests patch its methods (``say``, ``_undo_by_replay``)."""

    def view(self, role: Role | None) -> JSON:
        return view.build(self, None if role is None else SIDE_OF_ROLE.get(role))

    def explain(self, role: Role) -> JSON | None:
        return view.explain(self, SIDE_OF_ROLE.get(role))


# 10.3: the bidder removes at most one step per starting block, so a bid can remove no more steps
# than a side has starting blocks of two or more steps (Athens 24, Sparta 21 in the set-up): the
# option's range (RULINGS R24)
MAX_BID = 24


class AthensSparta(Game):
    """The Second Peloponnesian War, 431-404 BC, for two players: Athens and Sparta."""

    id: ClassVar[str] = "athens-and-sparta"
    title: ClassVar[str] = "Athens & Sparta"
    roles: ClassVar[tuple[Role, ...]] = ROLES
    scenarios: ClassVar[tuple[str, ...]] = ("431",)
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("syracuse_points", "bool", "SYRACUSE Points (optional): each player allocates a card at "
                   "Sicily; their sum is SYRACUSE's value", default=False),
        OptionSpec("bid", "object", "10.3 Tourney bidding result: that side removes that many steps from its "
                   "starting blocks (at most one per block)", default=None, fields=(
                       OptionSpec("side", "choice", "the side the winning bid plays", choices=ROLES),
                       # 10.3: "a first bid of 0 is okay"; at most MAX_BID (RULINGS R24)
                       OptionSpec("steps", "int", "the steps it removes", minimum=0, maximum=MAX_BID))),
        # issue 13: the first edition (Spanish rulebook) as a rules option; its differences are
        # branches read from the state's ``ed1`` flag (RULINGS, First edition)
        OptionSpec("edition", "choice", "Rules edition: second (the current English rules) or first "
                   "(the first edition, Spanish rulebook)", default=EDITION_SECOND, choices=EDITIONS),
    )
    rules_edition: ClassVar[str] = "Columbia Games, current English rules"

    def components(self) -> Components:
        return load_components(self.data_dir)

    @property
    def data_version(self) -> str:
        return self.components().version

    def components_for(self, options: JSON) -> Components:
        """The components of a game with these options: the first edition reads its overlay
        (``data/first/``, RULINGS FE26) over the bundled data."""
        if options.get("edition") == EDITION_FIRST:
            return load_components_first(self.data_dir)
        return self.components()

    def _new(self, seed: int, scenario: str | None, options: JSON) -> AthensSpartaState:
        opts = dict(options)
        if scenario not in (None, "431"):
            raise ValueError(f"unknown scenario {scenario!r}; Athens & Sparta has '431'")
        state = AthensSpartaPlay(self, self.components_for(opts), int(seed), scenario, opts)
        rules.setup(state)
        return state

    def from_json(self, doc: JSON) -> AthensSpartaState:
        """Load a position document: a full ``to_json`` or a partial one (the missing fields
        take their values from a new game with the document's seed)."""
        state: AthensSpartaState = position_from_json(
            self.id, doc, lambda d: self.new(int(d.get("seed", 0)), d.get("scenario"), d.get("options") or {}),
            _validate)
        return state

    def hidden_variants(self, state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
        """The opponent's cards and upright blocks dealt and placed again (``hidden.py``)."""
        return hidden_variants(state, role, rng, keep_identities)


def _validate(s: AthensSpartaState) -> None:
    nb = len(s.comp.blocks)
    nh = len(s.comp.board.hexes)
    for name in ("loc", "owner", "strength", "inside", "moved", "revealed", "halfhit"):
        v: Any = getattr(s, name)
        if len(v) != nb:
            raise RecordError(f"position field {name!r} must have {nb} entries, one per block")
    for b, h in enumerate(s.loc):
        if h >= nh or h < POOL:  # on a hex, or in the Replacement Pool (3.0, 8.5)
            raise RecordError(f"block {s.comp.blocks[b].id} is on no hex ({h})")
        if h >= 0 and not 1 <= s.strength[b] <= s.comp.blocks[b].steps:
            raise RecordError(f"block {s.comp.blocks[b].id} has strength {s.strength[b]}")
