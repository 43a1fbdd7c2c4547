"""Helpers for the engine tests: a game at its first decision, counters and locales by name."""

from __future__ import annotations

from polemos.games.sparta_vs_athens.game import SpartaVsAthens
from polemos.games.sparta_vs_athens.model import NO
from polemos.games.sparta_vs_athens.state import OFF, SVAState

GAME = SpartaVsAthens()


def new(scenario: str = "peloponnesian-war", seed: int = 1, **options: object) -> SVAState:
    s = GAME.new(seed, scenario, dict(options))
    assert isinstance(s, SVAState)
    return s


def loc(s: SVAState, locale_id: str) -> int:
    return s.comp.locale_index[locale_id]


def unit(s: SVAState, name: str) -> int:
    return s.unit_names_index()[name]


def counter(s: SVAState, type_id: str) -> int:
    """A counter of ``type_id`` not in play."""
    t = s.comp.unit_index[type_id]
    return next(u for u in range(len(s.u_loc)) if s.unit_type[u] == t and s.u_loc[u] == OFF)


def place(s: SVAState, type_id: str, locale_id: str, side: int) -> int:
    u = counter(s, type_id)
    s.u_loc[u] = loc(s, locale_id)
    s.u_side[u] = side
    s.u_flip[u] = False
    s.u_in[u] = False
    return u


def clear(s: SVAState) -> None:
    """Every counter off the map, every leader set aside, no siege, no pending decision or task."""
    s.u_loc = [OFF] * len(s.u_loc)
    s.u_in = [False] * len(s.u_in)
    s.leader_at = [OFF] * len(s.leader_at)
    s.siege = [NO] * len(s.siege)
    s.pending = None
    s.tasks = []
    s.reset_caches()


def run(s: SVAState, *tasks: list[int | str]) -> None:
    """Run ``tasks`` (and what they push) until a decision is pending or they are done."""
    from polemos.games.sparta_vs_athens import rules

    s.pending = None
    s.tasks = []
    s.push(*tasks)
    rules.advance(s)
