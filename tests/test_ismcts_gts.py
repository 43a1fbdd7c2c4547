"""ISMCTS on Go Tell the Spartans (polemos.games.thermopylae.worlds): worlds from the view alone, for
the Greek side against the automaton and for either side of the two-player game (11.1)."""

from __future__ import annotations

from typing import Any

import polemos
from polemos.ai.agents import agent_names, make_agent
from polemos.ai.ismcts import ISMCTSAgent, SearchConfig
from polemos.core.rng import Rng
from polemos.games.thermopylae import worlds
from polemos.games.thermopylae.rules import FIRE_STAGES
from polemos.games.thermopylae.state import GTSState
from tests.ismcts_helpers import assert_one_view_one_decision, play_to_cutoff, play_until

GAME = "go-tell-the-spartans"
# what a world's view must show exactly as the real view does
SAME = ("areas", "off_map", "off_map_units", "tracks", "army_units", "vp", "day", "series", "round", "stage",
        "active", "fire", "fire_tally", "committed", "current", "ephialtes", "melee_area")


def _play_until(seed: int, options: dict[str, Any], wanted: Any) -> tuple[GTSState, str]:
    state, role = play_until(GAME, seed, wanted, 3000, **options)
    assert isinstance(state, GTSState)
    return state, role


def _hidden_fire(s: GTSState, role: str) -> bool:
    """A Fire Segment decision (8.2) of the two-player game with enemy units hidden under a top (3.4)."""
    if s.stage not in FIRE_STAGES or len(s.legal_actions(role)) < 2:
        return False
    return any(u.get("hidden") for units in s.view(role)["areas"].values() for u in units)


def _agent() -> ISMCTSAgent:
    return ISMCTSAgent(GAME, SearchConfig(iterations=6, rollout_steps=10))


def test_two_player_search_never_peeks_under_enemy_stacks() -> None:
    """3.4: two states that differ under the enemy's stack tops (hidden_variants, keep_identities)
    give the same view, the same sampled worlds and the same decisions with the same agent seed."""
    state, role = _play_until(3, {"players": "two"}, _hidden_fire)
    other = polemos.game(GAME).hidden_variants(state, role, Rng(2), keep_identities=True)[0]
    assert_one_view_one_decision(state, other, role, worlds.world_sampler, _agent, world_seed=4)


def test_two_player_worlds_keep_what_the_side_sees() -> None:
    """Each world shows the side the very view it has (the stacks' tops, the hidden units' count,
    side and facing, everything off the map) and the same legal actions; the units under the tops
    are of the top's type (3.1.2)."""
    state, role = _play_until(4, {"players": "two"}, _hidden_fire)
    view = state.view(role)
    sampler = worlds.world_sampler(view, role)
    for i in range(4):
        world = sampler.sample(Rng(i))
        seen = world.view(role)
        for key in SAME:
            assert seen.get(key) == view.get(key), key
        assert world.legal_actions(role) == state.legal_actions(role)


def test_solitaire_worlds_differ_only_in_the_dice() -> None:
    """11.2: nothing on the map is hidden from the Greeks against the automaton: every world shows
    the Greek view exactly, and has its own dice."""
    state, role = _play_until(1, {}, lambda s, r: s.stage in FIRE_STAGES and len(s.legal_actions(r)) > 1)
    assert role == "greek"
    view = state.view(role)
    sampler = worlds.world_sampler(view, role)
    a, b = sampler.sample(Rng(1)), sampler.sample(Rng(2))
    assert isinstance(a, GTSState) and isinstance(b, GTSState)
    assert a.rng.to_json() != b.rng.to_json()
    for w in (a, b):
        seen = w.view(role)
        for key in SAME:
            assert seen.get(key) == view.get(key), key
    agent = _agent()
    legal = state.legal_actions(role)
    assert agent.choose(view, legal, Rng(5)) in legal
    assert agent.searched == 1


def test_guard_and_west_are_rebuilt_but_left_to_the_heuristic() -> None:
    """6.0, 6.0.1: the sampler can rebuild these decisions (a world with the same legal actions),
    but the search levels leave them to the heuristic bot (worlds.SEARCHED)."""
    state, role = _play_until(2, {}, lambda s, r: s.stage == "west" and len(s.legal_actions(r)) > 1)
    view = state.view(role)
    world = worlds.Sampler(view, role).sample(Rng(0))
    assert world.legal_actions(role) == state.legal_actions(role)
    agent = _agent()
    assert agent.choose(view, state.legal_actions(role), Rng(1)) in state.legal_actions(role)
    assert agent.searched == 0 and agent.fell_back == 1


def test_levels_for_every_two_sided_game() -> None:
    """easy, normal and hard for Athens & Sparta and Go Tell the Spartans (the Greeks against the
    automaton, either side of the two-player game: the agents play whichever role the view names)."""
    for game_id in ("athens-and-sparta", GAME):
        names = agent_names(game_id)
        assert {"easy", "normal", "hard"} <= set(names), game_id
        assert isinstance(make_agent("normal", game_id), ISMCTSAgent)


def test_fire_segment_playouts_stop_when_the_segment_ends() -> None:
    """8.2: a Fire Segment decision is judged when that segment is over (the sampler's cutoff), by the
    hits scored and taken, not after a Movement Segment's menus (8.1); the melee retreat question
    (8.3.2) has no cutoff (its melee is what it decides)."""
    state, role = _play_until(1, {}, lambda s, r: s.stage in FIRE_STAGES and len(s.legal_actions(r)) > 1)
    sampler = worlds.world_sampler(state.view(role), role)
    rng = Rng(4)
    for _ in range(3):
        world = sampler.sample(rng)
        assert isinstance(world, GTSState)
        assert not sampler.cutoff(world)
        play_to_cutoff(sampler, world, rng, 300)
        assert world.outcome() is not None or world.stage != state.stage
