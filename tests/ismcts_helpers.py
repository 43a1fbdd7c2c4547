"""What the ISMCTS tests of every game share (tests/test_ismcts.py, tests/test_ismcts_gts.py): a position reached by
the heuristic bots' self-play, a sampled world played on to its sampler's cutoff, and the check that two states one
view cannot tell apart give the same worlds and the same decisions (the search reads the view only, issue 12)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polemos
from polemos.ai.agents import agent_rng, make_agent
from polemos.ai.ismcts import ISMCTSAgent
from polemos.core.game import State
from polemos.core.rng import Rng


def play_until(game_id: str, seed: int, wanted: Callable[[Any, str], bool], limit: int = 2000,
               **options: Any) -> tuple[Any, str]:
    """Heuristic self-play of ``game_id`` from ``seed`` (each role with its own agent RNG, as a tournament seats
    them) up to the first decision ``wanted(state, role)`` accepts."""
    game = polemos.game(game_id)
    state = game.new(seed, options=options)
    bots = {r: make_agent("heuristic", game_id) for r in game.roles}
    rngs = {r: agent_rng(seed, i) for i, r in enumerate(game.roles)}
    for _ in range(limit):
        role = state.active_roles()[0]
        if wanted(state, role):
            return state, role
        state.apply(role, bots[role].choose(state.view(role), state.legal_actions(role), rngs[role]))
    raise AssertionError("no such decision in the game")


def play_to_cutoff(sampler: Any, world: State, rng: Rng, limit: int,
                   each: Callable[[State], None] | None = None) -> int:
    """Play ``world`` on with the sampler's playout policy (a single legal action taken as it is) until the
    sampler's cutoff or the game's end, calling ``each(world)`` before every step; returns the steps taken,
    fewer than ``limit``."""
    steps = 0
    while not sampler.cutoff(world) and world.outcome() is None:
        if each is not None:
            each(world)
        role = world.active_roles()[0]
        legal = world.legal_actions(role)
        world.apply(role, legal[0] if len(legal) == 1 else sampler.playout(world, role, legal, rng))
        steps += 1
        assert steps < limit, f"no cutoff within {limit} steps"
    return steps


def assert_one_view_one_decision(state: State, other: State, role: str, sampler: Callable[[Any, str], Any],
                                 agent: Callable[[], ISMCTSAgent], world_seed: int,
                                 agent_seeds: range = range(1, 2)) -> None:
    """``state`` and ``other`` differ in what ``role`` cannot see: the same view, the same world drawn from it
    with the same seed, and the same decisions with the same agent seeds (each a legal action)."""
    assert other.to_json() != state.to_json()
    view_a, view_b = state.view(role), other.view(role)
    assert view_a == view_b
    assert sampler(view_a, role).sample(Rng(world_seed)).to_json() == \
        sampler(view_b, role).sample(Rng(world_seed)).to_json()
    legal = state.legal_actions(role)
    picks_a = [agent().choose(view_a, legal, Rng(seed)) for seed in agent_seeds]
    picks_b = [agent().choose(view_b, legal, Rng(seed)) for seed in agent_seeds]
    assert picks_a == picks_b
    assert all(p in legal for p in picks_a)
