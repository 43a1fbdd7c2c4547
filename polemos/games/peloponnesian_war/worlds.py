"""The Peloponnesian War: the search's worlds, rebuilt from a role's view alone (for ISMCTS).

``world_sampler(view, role, data)`` reads one view (``view.py``) and returns a :class:`Sampler`
whose ``sample(rng)`` builds a legal :class:`PWState`. Nothing in this game is hidden (RULINGS P34):
the view shows the whole map, the leaders, both Strategy Matrixes' records, the powers and the
score, and its ``procedure`` the procedure in progress and the turn's markers (RULINGS P106). So
the view *is* the position but for the dice to come: every world is that position with a fresh
generator seeded from the search's own RNG. The sampler never sees the real state, and a view
never holds the real generator, its seed or the actions that would rebuild it, so no world can
roll the real game's dice (``tests/peloponnesian_war/test_worlds.py``).

What the levels search (``SEARCHED``): the objective of each operation or the pass (4.1 Step 1,
4.3, 4.4), interceptions (4.6), the route (4.1 Step 3), the order of the battles (4.0, RULINGS P96)
and the defence of Athens (5.3.1): choices whose worth shows within a short playout. The strategy
(3.1: its worth shows over a whole game turn, far beyond a playout; searched at these budgets it
picked among up to six strategies on a handful of playouts each, docs/ai.md), assembling an army SP
by SP and visit by visit (4.1 Step 2, ~55% of a game's decisions) and the builds (7.2, 8.3) are the
heuristic bot's: the sampler raises :class:`~polemos.ai.ismcts.NoWorld` for them and the agent
plays its fallback. (It can rebuild a world for every decision: ``REBUILT``.)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from polemos.ai.ismcts import NoWorld
from polemos.core.game import JSON, Role, State
from polemos.core.public_worlds import PublicSampler, game_cache, plain_copy
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war.game import PWPlay
from polemos.games.peloponnesian_war.model import NATIONALITIES, NO, SERVES, SIDES, UNIT_TYPES, Components
from polemos.games.peloponnesian_war.state import (
    LD_NAMES,
    MODES,
    NSLOTS,
    PH_ADMIN,
    PH_OPERATIONS,
    PHASE_NAMES,
    REBEL_OPEN,
    TWO,
    PWState,
    slot,
)
from polemos.games.peloponnesian_war.view import PROCEDURE_FIELDS

GAME_ID = "peloponnesian-war"

#: the decisions the search levels search (the others are the heuristic bot's: module docstring)
SEARCHED = frozenset({"op_objective", "op_intercept", "op_route", "cb_order", "cb_athens_defence"})
#: every decision the sampler can rebuild a world for (all of them: the view is the whole position)
REBUILT = frozenset({*SEARCHED, "strategy", "op_build", "build"})

_game = game_cache(GAME_ID)


def world_sampler(view: JSON, role: Role, data: Path | str | None = None,
                  kinds: frozenset[str] = SEARCHED) -> Sampler:
    """The worlds of this view for the search (NoWorld for a decision not in ``kinds``)."""
    return Sampler(view, role, data, kinds)


def _side(name: Any) -> int:
    return NO if name is None else SIDES.index(str(name))


def _counts(forces: list[JSON]) -> list[int]:
    row = [0] * NSLOTS
    for f in forces:
        row[slot(NATIONALITIES.index(str(f["nationality"])), UNIT_TYPES.index(str(f["type"])))] = int(f["sps"])
    return row


def position_of(view: JSON, data: Path | str | None = None) -> PWState:
    """The position a view shows (every field the rules read), with the generator of seed 0 and no
    actions, log or undo history: the view holds none of them (view.py)."""
    game = _game(data)
    comp: Components = game.components()
    proc = view.get("procedure")
    if not isinstance(proc, dict) or any(name not in proc for name in PROCEDURE_FIELDS):
        raise NoWorld("the view carries no procedure (RULINGS P106)")
    if view.get("mode") not in MODES:
        raise NoWorld(f"unknown mode {view.get('mode')!r}")
    s = PWPlay(game, comp, 0, str(view["scenario"]), dict(proc["options"]))  # state.py data + the contract
    s.mode = str(view["mode"])
    s.switches = int(view["switches"])
    s.turn = int(view["turn"])
    s.last_turn = int(view["last_turn"])
    s.phase = PHASE_NAMES.index(str(view["phase"]))
    s.segment = str(view["segment"])
    s.armistice_used = bool(view["armistice_used"])
    for name in PROCEDURE_FIELDS:
        if name != "options":
            setattr(s, name, plain_copy(proc[name]))
    # the map (1.1.1, 1.3)
    if len(view["spaces"]) != len(comp.spaces):
        raise NoWorld("the view's map is not this data's")
    rebel = {None: NO, "open": REBEL_OPEN, SIDES[0]: 0, SIDES[1]: 1}
    for d in view["spaces"]:
        i = comp.space_index[str(d["id"])]
        s.control[i] = _side(d["control"])
        s.colour[i] = _side(d["colour"])
        s.coalition[i] = _side(d["coalition"])
        s.rebellion[i] = rebel[d["rebellion"]]
        s.siege[i] = bool(d["siege"])
        s.ravaged[i] = bool(d["ravaged"])
        s.sp[i] = _counts(d["forces"])
        s.moved[i] = _counts(d["moved"])
    s.going_home = _counts(view["going_home"])
    # the leaders (1.1.2, 2.4)
    leader_index = {lead.id: n for n, lead in enumerate(comp.leaders)}
    boxes = {name: at for at, name in LD_NAMES.items()}
    for d in view["leaders"]:
        n = leader_index[str(d["id"])]
        at = str(d["at"])
        s.leader_at[n] = boxes[at] if at in boxes else comp.space_index[at]
        s.serves[n] = SERVES.index(str(d["serves"]))
    # the Strategy Matrixes' records (1.3)
    for x, d in enumerate(view["sides"]):
        s.treasury[x] = int(d["treasury"])
        s.bellicosity[x] = int(d["bellicosity"])
        s.bell_loss[x] = int(d["bellicosity_loss"])
        s.sci[x] = int(d["sci"])
        s.hostages[x] = bool(d["hostages"])
        s.ops[x] = int(d["operations"])
        s.passed[x] = bool(d["passed"])
        s.strategy[x] = NO if d["strategy"] is None else comp.matrixes[x].strategy_index(str(d["strategy"]))
        s.commander[x] = NO if d["leader"] is None else leader_index[str(d["leader"])]
    status = {p["id"]: p["status"] for p in view["powers"]}
    for pw in comp.powers:
        s.power_status[pw.index] = NO if status[pw.id] == "neutral" else _side(status[pw.id])
    roles = s.roles()
    s.vp = [int(view["score"][roles[0]]), int(view["score"][roles[1]])]
    s.log = []
    s.reset_caches()
    return s


class Sampler(PublicSampler):
    """Worlds consistent with one view: its position with fresh dice (the frame of
    ``polemos.core.public_worlds``; see the module docstring)."""

    # a playout action costs ~0.4 ms: 24 of them and a world are a few ms (~20 iterations in 0.1 s measured)
    rollout_cap = 24

    def __init__(self, view: JSON, role: Role, data: Path | str | None = None,
                 kinds: frozenset[str] = REBUILT) -> None:
        self.campaign = str(view.get("scenario")) == "peloponnesian-war"
        super().__init__(view, role, data, kinds)

    def asked(self, view: JSON) -> tuple[Any, str]:
        asked = view.get("asked") or {}
        return asked.get("role"), str(asked.get("kind"))

    def position(self, view: JSON, data: Path | str | None) -> State:
        return position_of(view, data)

    def judge(self, state: State) -> float:
        assert isinstance(state, PWState)
        return judge(state, self.campaign)

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        return playout_action(legal, rng)


def judge(state: PWState, campaign: bool) -> float:
    """The first role's standing, on a logistic scale: the score (9.0) and each side's Bellicosity as
    8.1 will leave it this turn (its SCI, its lost spaces, the turn's reductions). A side whose
    Bellicosity would reach 0, or whose home space the enemy holds, is taken to surrender in 8.2
    (the other player's 200 / game turn VP, 10.1 NOTE; the game over). The solitaire campaign is
    won by the player alone, over 150 VP (10.1.5)."""
    fig = state.comp.figures
    roles = state.roles()
    vp = list(state.vp)
    bell = [project_bellicosity(state, state.side_of(r)) for r in roles]
    gone = [b <= 0 or state.control[state.comp.space_index[SIDES[state.side_of(r)]]] == 1 - state.side_of(r)
            for b, r in zip(bell, roles, strict=True)]
    decided = 0.0
    if any(gone):
        bonus = math.ceil(fig.surrender_bonus / state.turn)
        if state.mode != TWO:
            vp[0] += bonus
        elif gone[0] != gone[1]:
            vp[1 if gone[0] else 0] += bonus
            decided = 3.0 if gone[1] else -3.0
    if campaign and state.mode != TWO:
        return (vp[0] - fig.decisive_victory_points) / 40.0 + 0.1 * (bell[0] - bell[1])
    return (vp[0] - vp[1]) / 25.0 + 0.15 * (bell[0] - bell[1]) + decided


def project_bellicosity(s: PWState, side: int) -> int:
    """``side``'s Bellicosity after this turn's 8.1 adjustment (armistice.t_bellicosity_adjustment)
    while the turn's SCI is still to be applied (the Operations to the Administrative Phase); its
    Bellicosity as it stands otherwise."""
    if not PH_OPERATIONS <= s.phase <= PH_ADMIN:
        return s.bellicosity[side]
    fig = s.comp.figures
    sci = s.sci[side]
    change = sci if sci < 0 else sci // 2
    change -= len(s.lost_spaces(side)) // fig.bellicosity_per_lost_spaces + s.bell_loss[side]
    return max(0, min(fig.bellicosity_max, s.bellicosity[side] + change))


def playout_action(legal: list[str], rng: Rng) -> str:
    """Cheap rules of thumb: an army of a few SPs marches soon, operations end now and then, the
    builds stop early; the rest at random."""
    takes = [a for a in legal if a.startswith("take ")]
    if takes and rng.below(3) != 0:
        return rng.choice(takes)
    for stop in ("march", "done"):
        if stop in legal and rng.below(2) == 0:
            return stop
    if "pass" in legal and rng.below(3) == 0:
        return "pass"
    gotos = [a for a in legal if not a.startswith("goto ")]
    if gotos and rng.below(4) != 0:
        return rng.choice(gotos)
    return rng.choice(legal)
