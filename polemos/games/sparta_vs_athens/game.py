"""Sparta vs. Athens (S&T 286, 2014): the registered game.

Two players, ``athens`` and ``sparta`` (1.1). The surviving rules (1.1-3.2) and our design of the
lost ones (DESIGN.md) are played by :mod:`~polemos.games.sparta_vs_athens.rules` and
:mod:`~polemos.games.sparta_vs_athens.campaign`; nothing is hidden (RULINGS S9).
"""

from __future__ import annotations

from typing import ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Role
from polemos.core.options import OptionSpec
from polemos.core.plain import position_from_json
from polemos.games.sparta_vs_athens import names, rules, view
from polemos.games.sparta_vs_athens.data import load_components
from polemos.games.sparta_vs_athens.model import Components
from polemos.games.sparta_vs_athens.state import DEAD, OFF, ROLES, SVAState


class SVAPlay(SVAState):
    """A game of Sparta vs. Athens as the kernel plays it: the state's data (``state.py``) with the
    contract's listing, applying and view from the rule procedures (``rules.py``, ``campaign.py``) and
    ``view.py``, which sit above the state in the package's layers."""

    def legal_actions(self, role: Role) -> list[str]:
        p = self.pending
        if p is None or self.winner or role != ROLES[int(p["side"])]:
            return []
        key = (role, len(self.actions))
        if self._legal_key == key:
            return list(self._legal_val)
        val = rules.legal(self, int(p["side"]))
        self._legal_key = key
        self._legal_val = val
        return list(val)

    def _apply(self, role: Role, action: str) -> None:
        rules.apply(self, ROLES.index(role), action)
        self._legal_key = None

    def view(self, role: Role | None) -> JSON:
        return view.build(self, role)

SCENARIOS = ("peloponnesian-war", "archidamian-war", "ionian-war")


class SpartaVsAthens(Game):
    """Sparta vs. Athens: the Peloponnesian War, 431-404 BCE, for two players."""

    id: ClassVar[str] = "sparta-vs-athens"
    title: ClassVar[str] = "Sparta vs. Athens"
    roles: ClassVar[tuple[Role, ...]] = ROLES
    scenarios: ClassVar[tuple[str, ...]] = SCENARIOS
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("scenario", "choice", "the scenario (16.2 the whole war, 16.3 the Archidamian War, "
                   "16.5 the Ionian War)", default=SCENARIOS[0], choices=SCENARIOS),
        OptionSpec("prestige_pays", "bool", "DESIGN 2.12 Prestige Optional Rule: the favoured side gains as many "
                   "talents a year as the track's level, the other loses as many", default=False),
    )
    rules_edition: ClassVar[str] = "S&T 286 (2014), sections 1.1-3.2; the rest Polemos' design (DESIGN.md)"

    def components(self) -> Components:
        # the display names of its views follow the data this game is built from (names.of; a --data folder)
        return names.remember(load_components(self.data_dir))

    @property
    def data_version(self) -> str:
        return self.components().version

    def _new(self, seed: int, scenario: str | None, options: JSON) -> SVAState:
        chosen = options.get("scenario")
        if scenario is not None and chosen is not None and scenario != chosen:
            raise ValueError(f"scenario {scenario!r} and the scenario option {chosen!r} disagree")
        scenario = scenario or (str(chosen) if chosen is not None else SCENARIOS[0])
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown scenario {scenario!r}; Sparta vs. Athens has {', '.join(SCENARIOS)}")
        state = SVAPlay(self, self.components(), int(seed), scenario, dict(options))
        rules.setup(state)
        return state

    def from_json(self, doc: JSON) -> SVAState:
        state: SVAState = position_from_json(
            self.id, doc, lambda d: self.new(int(d.get("seed", 0)), d.get("scenario"), d.get("options") or {}),
            _validate)
        return state


def _validate(s: SVAState) -> None:
    comp = s.comp
    nu, nl, nloc = len(s.unit_name), len(comp.leaders), len(comp.locales)
    for name in ("u_loc", "u_flip", "u_side", "u_in", "u_moved"):
        if len(getattr(s, name)) != nu:
            raise RecordError(f"position field {name!r} must have {nu} entries, one per counter")
    if any(not OFF <= at < nloc for at in s.u_loc):
        raise RecordError("a counter is on no locale")
    for name in ("leader_at", "leader_done"):
        if len(getattr(s, name)) != nl:
            raise RecordError(f"position field {name!r} must have {nl} entries, one per leader")
    if any(not DEAD <= at < nloc for at in s.leader_at):
        raise RecordError("a leader is on no locale")
    for name in ("owner", "ravaged", "fort", "siege", "siege_winters"):
        if len(getattr(s, name)) != nloc:
            raise RecordError(f"position field {name!r} must have {nloc} entries, one per locale")
    if len(s.treasury) != 2 or min(s.treasury) < 0:
        raise RecordError("treasuries must be two counts >= 0")
    if abs(s.prestige) > comp.tables.prestige_most:
        raise RecordError("the prestige level is off the track")
