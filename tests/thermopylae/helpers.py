"""Position builders for the Go Tell the Spartans rule tests (tests/thermopylae/test_rules_*.py).

A test starts from :func:`empty` (a new game with every unit off the map, at a chosen stage), puts
stacks on the map with :func:`put` (first id = top of the pile), scripts the dice with
``script_dice`` and calls a procedure of ``rules`` / ``automaton`` directly, or ``sequence._step`` for
one stage of the sequence of play. Areas are named row + column ("H8"); facings "N", "E", "S", "W".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import polemos
from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.game import GoTellTheSpartans
from polemos.games.thermopylae.state import FACING_NAMES, GREEK, PERSIAN, POOL, GTSState

GAME_ID = "go-tell-the-spartans"
__all__ = ["GREEK", "PERSIAN", "A", "U", "dests", "empty", "game", "losses_of", "mp_left", "new", "put", "run_until",
           "set_ma", "sync", "where"]


def game() -> GoTellTheSpartans:
    g = polemos.game(GAME_ID)
    assert isinstance(g, GoTellTheSpartans)
    return g


def new(seed: int = 1, **options: Any) -> GTSState:
    """A new game (it stops at the first decision: the Greek guard choice, or the Persian commitment in 11.1)."""
    return game().new(seed, options=options)


def U(s: GTSState, unit_id: str) -> int:
    return s.comp.unit_ids.index(unit_id)


def A(s: GTSState, name: str) -> int:
    return s.comp.area_index(name)


def where(s: GTSState, unit_id: str) -> str | int:
    """The area name of a unit on the map, else its (negative) off-map place."""
    a = s.loc[U(s, unit_id)]
    return s.comp.area_name(a) if a >= 0 else a


def sync(s: GTSState) -> None:
    """Forget every cache after editing the position by hand."""
    rules.touch(s)
    s.reset_caches()
    s._seg.clear()  # the Movement Segment's search results


def empty(seed: int = 1, stage: str = "g_move", actor: int = GREEK, day: int = 1, current: str = "dahae",
          **options: Any) -> GTSState:
    """A new game with every combat unit off the map (in the pool), clean tracks, at ``stage``.

    ``actor`` is the side to decide (-1: nobody) and also the side whose segment it is
    (``moving_side``); ``current`` is the Persian contingent committed for the series."""
    s = new(seed, **options)
    comp = s.comp
    nu, nc = len(comp.unit_ids), len(comp.cont_ids)
    for u in range(nu):
        s.loc[u] = POOL
        s.facing[u] = 1
        s.losses[u] = 0
        s.disordered[u] = False
        s.force[u] = u
        s.moved[u] = False
        s.fired[u] = False
        s.seq[u] = 0
        s.came_from[u] = -1
        s.feint[u] = False
        s.fwd[u] = 1
    s.lost = [0] * nc
    s.routed = [False] * nc
    s.army_g, s.army_p, s.crises = [], [], 0
    s.day, s.series, s.round, s.day_round = day, 1, 1, 1
    s.current = comp.cont(current)
    s.committed = [s.current]
    s.guard, s.west, s.eph_round = -1, -1, 0
    s.deploy_queue, s.melee_queue, s.retreat_area = [], [], -1
    s.fire_target, s.fire_hits, s.fire_tally = -1, 0, []
    s.next_seq, s.next_force = 1, nu
    s.stage, s.actor = stage, actor
    s.moving_side = actor
    s.winner, s.win_reason = -1, ""
    sync(s)
    return s


def put(s: GTSState, ids: str | Sequence[str], area: str, facing: str = "E", losses: int | Sequence[int] = 0,
        disordered: bool | Sequence[bool] = False, came_from: str | None = None, fwd: str | None = None) -> list[int]:
    """Put a stack (one force, first id on top) in ``area`` facing ``facing``; returns the unit indices.

    Units join the bottom of any pile already there (G20). ``fwd`` is a Persian unit's forward facing
    for the automaton (8.1.6; default: east, as for contingents entering from row A)."""
    names = [ids] if isinstance(ids, str) else list(ids)
    units = [U(s, i) for i in names]
    force = s.next_force
    s.next_force += 1
    f = FACING_NAMES.index(facing)
    for k, u in enumerate(units):
        s.loc[u] = A(s, area)
        s.facing[u] = f
        s.losses[u] = losses if isinstance(losses, int) else losses[k]
        s.disordered[u] = disordered if isinstance(disordered, bool) else disordered[k]
        s.force[u] = force
        s.seq[u] = s.next_seq
        s.next_seq += 1
        s.came_from[u] = A(s, came_from) if came_from else -1
        s.fwd[u] = FACING_NAMES.index(fwd) if fwd else 1
    sync(s)
    return units


def dests(s: GTSState, unit_id: str) -> set[tuple[str, str, bool]]:
    """Every legal end of a move of the force topped by ``unit_id``: (area, facing, entering an enemy area)."""
    sync(s)
    return {(s.comp.area_name(d.area), FACING_NAMES[d.facing], d.attack) for d in rules.reach(s, U(s, unit_id))}


def mp_left(s: GTSState, unit_id: str, area: str, facing: str | None = None) -> int | None:
    """The most MPs left on reaching ``area`` (with ``facing`` if given) without attacking; None if unreachable."""
    sync(s)
    best: int | None = None
    for d in rules.reach(s, U(s, unit_id)):
        if d.attack or s.comp.area_name(d.area) != area:
            continue
        if facing is not None and FACING_NAMES[d.facing] != facing:
            continue
        best = d.mp_left if best is None else max(best, d.mp_left)
    return best


def losses_of(s: GTSState, ids: Sequence[str]) -> int:
    """Step Losses taken by these units (an eliminated unit counts all its steps)."""
    return sum(s.losses[U(s, i)] for i in ids)


def set_ma(s: GTSState, unit_id: str, ma: int) -> None:
    """Give one unit another Movement Allowance in this state only (the counter mix has one MA per type)."""
    u = U(s, unit_id)
    mas = list(s.comp.u_ma)
    mas[u] = ma
    s.comp = dataclasses.replace(s.comp, u_ma=tuple(mas))
    sync(s)


def run_until(s: GTSState, *stages: str, limit: int = 200) -> None:
    """Run the sequence of play stage by stage until it reaches one of ``stages`` or waits for a decision."""
    for _ in range(limit):
        if s.stage in stages or s.winner >= 0:
            return
        if not sequence._step(s):
            return
    raise AssertionError(f"{stages} not reached (stage {s.stage})")
