"""The Peloponnesian War (Victory Games, 1991): the registered game.

Modes (issue 10): ``solitaire`` — the player commands one side against the Strategy Matrix and must
change sides when 2.1 says so, his score following him (1.2); ``fixed`` — solitaire, keeping one side;
``two-player`` — a player for each side, no switching. In the solitaire modes the roles are
``player`` (the seat) and ``matrix`` (the side the rules play: a role with a view and a score, no
seat); in the two-player game ``athens`` and ``sparta`` (RULINGS P32).

Layers (issue 12): data -> model / state -> the rule procedures (``rules.py`` over the rule modules)
-> ``view.py`` -> this module -> web / text / bots / worlds. :class:`PWPlay` is the state the kernel
plays: ``state.py``'s data with the contract's listing, applying and view, which come from the
modules above the state.
"""

from __future__ import annotations

from typing import ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Role
from polemos.core.options import OptionSpec
from polemos.core.plain import position_from_json
from polemos.games.peloponnesian_war import rules, view
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.model import NO, SIDES, Components
from polemos.games.peloponnesian_war.state import (
    LD_DEAD,
    MODES,
    NSLOTS,
    SOLITAIRE,
    SOLO_ROLES,
    TWO,
    TWO_ROLES,
    PWState,
)


class PWPlay(PWState):
    """A game of The Peloponnesian War as the kernel plays it: the state's data (``state.py``) with the
    contract's listing and applying from the sequence of play (``rules.py``, 1.4) and the view from
    ``view.py``, which sit above the state in the package's layers."""

    def legal_actions(self, role: Role) -> list[str]:
        p = self.pending
        if p is None or self.winner or role != self.role_of(int(p["side"])):
            return []
        key = (role, len(self.actions))
        if self._legal_key == key:
            return list(self._legal_val)
        val = rules.legal(self, int(p["side"]))
        self._legal_key = key
        self._legal_val = val
        return list(val)

    def _is_legal(self, role: Role, text: str) -> bool:
        """The kernel's check before applying: the listing kept for this position when there is one
        (no copy of it), else :meth:`legal_actions`."""
        if self._legal_key == (role, len(self.actions)):
            return text in self._legal_val
        return text in self.legal_actions(role)

    def _apply(self, role: Role, action: str) -> None:
        rules.apply(self, self.side_of(role), action)
        self._legal_key = None

    def view(self, role: Role | None) -> JSON:
        return view.build(self, role)


SCENARIOS = ("peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens")


class PeloponnesianWar(Game):
    """Athens and Sparta, 431-404 BCE: one player commands both sides in turn against the matrixes."""

    id: ClassVar[str] = "peloponnesian-war"
    title: ClassVar[str] = "The Peloponnesian War"
    roles: ClassVar[tuple[Role, ...]] = SOLO_ROLES
    scenarios: ClassVar[tuple[str, ...]] = SCENARIOS
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("mode", "choice", "solitaire (switch sides as 2.1 demands, the score follows the player), "
                   "fixed (solitaire on one side), or two-player (a player per side, no switching)",
                   default=SOLITAIRE, choices=MODES),
        OptionSpec("scenario", "choice", "the scenario (10.1-10.4), for tables and commands that choose games by "
                   "their options", default=SCENARIOS[0], choices=SCENARIOS),
        OptionSpec("side", "choice", "the side the player commands first where the scenario leaves it open "
                   "(10.1, 10.2), and the side kept in the fixed mode", default="athens", choices=SIDES),
    )
    rules_edition: ClassVar[str] = "Victory Games (1991), Peloponnesian War Rules Project text"

    def roles_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        return TWO_ROLES if (options or {}).get("mode") == TWO else SOLO_ROLES

    def seats_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        """Solitaire: the matrix side is played by the rules (1.3), so only ``player`` is a seat."""
        if (options or {}).get("mode") == TWO:
            return TWO_ROLES
        return SOLO_ROLES[:1]

    def components(self) -> Components:
        return load_components(self.data_dir)

    @property
    def data_version(self) -> str:
        return self.components().version

    def _new(self, seed: int, scenario: str | None, options: JSON) -> PWState:
        chosen = options.get("scenario")
        if scenario is not None and chosen is not None and scenario != chosen:
            raise ValueError(f"scenario {scenario!r} and the scenario option {chosen!r} disagree")
        scenario = scenario or (str(chosen) if chosen is not None else SCENARIOS[0])
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown scenario {scenario!r}; The Peloponnesian War has {', '.join(SCENARIOS)}")
        state = PWPlay(self, self.components(), int(seed), scenario, dict(options))
        rules.setup(state)
        return state

    def from_json(self, doc: JSON) -> PWState:
        """Load a position document (a full ``to_json``, or a partial one over a new game)."""
        state: PWState = position_from_json(
            self.id, doc, lambda d: self.new(int(d.get("seed", 0)), d.get("scenario"), d.get("options") or {}),
            _validate)
        return state


def _validate(s: PWState) -> None:
    comp = s.comp
    ns, nl = len(comp.spaces), len(comp.leaders)
    for name in ("sp", "moved"):
        rows = getattr(s, name)
        if len(rows) != ns or any(len(r) != NSLOTS or min(r) < 0 for r in rows):
            raise RecordError(f"position field {name!r} must hold {ns} rows of {NSLOTS} counts >= 0")
    for name in ("control", "colour", "coalition", "rebellion", "siege", "ravaged"):
        if len(getattr(s, name)) != ns:
            raise RecordError(f"position field {name!r} must have {ns} entries, one per space")
    for name in ("leader_at", "serves"):
        if len(getattr(s, name)) != nl:
            raise RecordError(f"position field {name!r} must have {nl} entries, one per leader")
    if any(not LD_DEAD <= at < ns for at in s.leader_at):
        raise RecordError("a leader is in no space or box")
    for name in ("treasury", "bellicosity", "sci", "strategy", "hostages", "ops", "passed", "vp", "commander"):
        if len(getattr(s, name)) != 2:
            raise RecordError(f"position field {name!r} must have 2 entries, one per side")
    if s.mode not in MODES or s.player not in (0, 1):
        raise RecordError("bad mode or player side")
    for side in (0, 1):
        st = s.strategy[side]
        if st != NO and not 0 <= st < len(comp.matrixes[side].strategies):
            raise RecordError(f"{SIDES[side]} has no strategy {st}")
    s.recontrol()
