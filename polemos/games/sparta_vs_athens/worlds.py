"""Sparta vs. Athens: the search's worlds, rebuilt from a role's view alone (for ISMCTS).

``world_sampler(view, role, data)`` reads one view (``view.py``) and returns a :class:`Sampler`
whose ``sample(rng)`` builds a legal :class:`SVAPlay`. Nothing in this game is hidden (RULINGS S9:
the map, the Force Boxes, both treasuries and every die roll are open to both players), and the
view's ``procedure`` carries the procedure in progress (RULINGS S23). So the view *is* the position
but for the dice to come: every world is that position with a fresh generator seeded from the
search's own RNG. The sampler never sees the real state, and a view never holds the real
generator, its seed or the actions, so no world can roll the real game's dice
(``tests/sparta_vs_athens/test_worlds.py``).

What the levels search (``SEARCHED``): the choice of an activation or the end of the Campaign
Phase (4.1), the paths of a move (7.2, 7.3; not the units taken into the force, 5.1), what a
force does where it stops (attack, besiege, ravage, build a fort or end: 8.1, 9.1, 4.6, 7.8), the
withdrawal into walls (9.1), the assault or wait of a siege (9.2), the retreat (8.3) and who moves
first (DESIGN 3.3): choices whose worth shows within a short playout. Upkeep, purchases, taking
units into a force, leaders' placement, peace and the revolt event are the heuristic bot's (the
sampler raises :class:`~polemos.ai.ismcts.NoWorld` for them; it could rebuild those worlds too:
``REBUILT``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from polemos.ai.ismcts import NoWorld
from polemos.core.game import JSON, Role, State
from polemos.core.public_worlds import PublicSampler, game_cache, plain_copy
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens.game import SVAPlay
from polemos.games.sparta_vs_athens.model import ATHENS, NAVAL_UNIT, NO, SIDES, SPARTA
from polemos.games.sparta_vs_athens.state import DEAD, QUARTER_NAMES, ROLES
from polemos.games.sparta_vs_athens.view import PROCEDURE_FIELDS

GAME_ID = "sparta-vs-athens"

#: the decisions the search levels search (the others are the heuristic bot's: module docstring)
SEARCHED = frozenset({"campaign", "force", "withdraw", "siege", "retreat", "first_player"})
#: every decision the sampler can rebuild a world for (all of them: the view is the whole position)
REBUILT = frozenset({*SEARCHED, "upkeep", "purchase", "place_leader", "offer_peace", "answer_peace",
                     "delos_revolt"})

_game = game_cache(GAME_ID)


def world_sampler(view: JSON, role: Role, data: Path | str | None = None,
                  kinds: frozenset[str] = SEARCHED) -> Sampler:
    """The worlds of this view for the search (NoWorld for a decision not in ``kinds``)."""
    return Sampler(view, role, data, kinds)


def _side(name: Any) -> int:
    return NO if name is None else SIDES.index(str(name))


def position_of(view: JSON, data: Path | str | None = None) -> SVAPlay:
    """The position a view shows (every field the rules read), with the generator of seed 0 and no
    actions, log or undo history: the view holds none of them (view.py, RULINGS S23)."""
    game = _game(data)
    comp = game.components()
    proc = view.get("procedure")
    if not isinstance(proc, dict) or any(name not in proc for name in PROCEDURE_FIELDS):
        raise NoWorld("the view carries no procedure (RULINGS S23)")
    s = SVAPlay(game, comp, 0, str(view["scenario"]), dict(proc["options"]))
    s.year = int(view["year"])
    s.quarter = QUARTER_NAMES.index(str(view["quarter"]))
    s.phase = str(view["phase"])
    s.prestige = int(view["prestige"])
    s.government = int(view["government"])
    s.treasury = [int(view["treasury"][x]) for x in SIDES]
    s.revenue = [int(view["revenue"][x]) for x in SIDES]
    s.tally = [int(view["tally"]["red"]), int(view["tally"]["blue"])]
    s.chooser, s.first, s.phasing = _side(view["chooser"]), _side(view["first"]), _side(view["phasing"])
    s.event = str(view["event"])
    s.forts_left = [int(view["forts_left"][x]) for x in SIDES]
    for a in comp.allies:
        state = view["allies"][a.id]
        s.ally_out[a.index] = state == "out"
        s.ally_side[a.index] = NO if state in (None, "out") else SIDES.index(str(state))
    # the counters (2.3): on the map as the view lists them, else off it
    index = s.unit_names_index()
    for d in view["units"]:
        u = index[str(d["unit"])]
        s.u_loc[u] = comp.locale_index[str(d["locale"])]
        s.u_side[u] = _side(d["side"])
        s.u_flip[u] = bool(d["wavering"])
        s.u_in[u] = bool(d["inside"])
    for name in proc["moved"]:
        s.u_moved[index[str(name)]] = True
    for d in view["leaders"]:
        i = comp.leader_index[str(d["leader"])]
        s.leader_at[i] = DEAD if d["dead"] else comp.locale_index[str(d["locale"])]
    for lid in proc["leaders_done"]:
        s.leader_done[comp.leader_index[str(lid)]] = True
    # the locales: a locale the view does not list is its nationality's side's, unmarked (view.py)
    for loc in comp.locales:
        s.owner[loc.index] = comp.nationalities[loc.nationality].side
    for d in view["locales"]:
        i = comp.locale_index[str(d["locale"])]
        s.owner[i] = _side(d["owner"])
        s.ravaged[i] = bool(d["ravaged"])
        s.fort[i] = _side(d["fort"])
        s.siege[i] = _side(d["besieged_by"])
        s.siege_winters[i] = int(d["siege_winters"])
    for name in PROCEDURE_FIELDS:
        if name != "options":
            setattr(s, name, plain_copy(proc[name]))
    s.reset_caches()
    return s


class Sampler(PublicSampler):
    """Worlds consistent with one view: its position with fresh dice (the frame of
    ``polemos.core.public_worlds``; module docstring)."""

    rollout_cap = 30  # a playout action costs ~0.1-0.3 ms; a season's campaign is ~30 decisions

    def __init__(self, view: JSON, role: Role, data: Path | str | None = None,
                 kinds: frozenset[str] = SEARCHED) -> None:
        if role not in ROLES:
            raise NoWorld(f"{role!r} is not a side of this view")
        force = view.get("force")
        pending = view.get("pending") or {}
        if pending.get("kind") == "force" and force and force.get("stage") == "take" and kinds == SEARCHED:
            raise NoWorld("taking units into a force (5.1) is not searched: the heuristic bot's")
        super().__init__(view, role, data, kinds & REBUILT)
        self.side = ROLES.index(role)

    def asked(self, view: JSON) -> tuple[Any, str]:
        pending = view.get("pending") or {}
        return pending.get("role"), str(pending.get("kind"))

    def position(self, view: JSON, data: Path | str | None) -> State:
        return position_of(view, data)

    def judge(self, state: State) -> float:
        """Athens' standing (the first role): the Prestige Track as the next adjustment will leave it (16.6:
        the side it favours wins), the strength on the map and the treasuries (2.17), the capitals."""
        assert isinstance(state, SVAPlay)
        return _standing(state)

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        return playout_action(legal, rng)


def _standing(s: SVAPlay) -> float:
    """Athens' standing: 16.6 the prestige level counts most; strength points and talents a little."""
    land = [0, 0]
    sea = [0, 0]
    for u, at in enumerate(s.u_loc):
        side = s.u_side[u]
        if at < 0 or side == NO:
            continue
        if s.utype(u).kind == NAVAL_UNIT:
            sea[side] += s.strength(u)
        else:
            land[side] += s.strength(u)
    material = (land[ATHENS] - land[SPARTA]) + 0.5 * (sea[ATHENS] - sea[SPARTA])
    money = s.treasury[ATHENS] - s.treasury[SPARTA]
    bonus = 0.0
    if s.owner[s.comp.locale_index["athens"]] != ATHENS:
        bonus -= 20.0
    if s.owner[s.comp.locale_index["sparta"]] != SPARTA:
        bonus += 20.0
    return 0.6 * project_prestige(s) + 0.03 * material + 0.002 * money + bonus


def project_prestige(s: SVAPlay) -> int:
    """The Prestige Track as the next Annual Prestige Adjustment (3.2 1b, DESIGN 13.2) will leave it: this
    year's rows already earned (a battle won, 8.7; a walled city taken; a ravage; the Spartiates; 20 NSP)
    applied in the table's order within the track's ends (13.1), as ``rules.t_annual_prestige`` applies
    them. A playout of 30 actions ends long before the Administration quarter, so an evaluation of the
    track as it stands could not see what a battle or a ravage is worth (docs/ai.md)."""
    most = s.comp.tables.prestige_most
    level = s.prestige
    for i, row in enumerate(s.comp.tables.prestige_adjustments):
        for side in (ATHENS, SPARTA):
            if s.year_flags[i] & (1 << side):
                level = max(-most, min(most, level + (row.shift if side == ATHENS else -row.shift)))
    return level


def playout_action(legal: list[str], rng: Rng) -> str:
    """Cheap rules of thumb: pay upkeep, fight and besiege when offered, assault, end the rest soon."""
    for first in ("pay", "attack", "besiege", "withdraw", "take all", "assault"):
        hit = [a for a in legal if a.startswith(first)]
        if hit and rng.below(4) != 0:
            return hit[0]
    if "go" in legal:
        return "go"
    if "done" in legal and rng.below(3) != 0:
        return "done"
    if "end" in legal and rng.below(3) == 0:
        return "end"
    return rng.choice(legal)

