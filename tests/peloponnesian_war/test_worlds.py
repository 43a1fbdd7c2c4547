"""The search levels of The Peloponnesian War (issue 12): the worlds the search plays in are rebuilt
from a role's view alone, which is the whole position but for the dice (RULINGS P34, P106); no
world can read the real game's generator; two states with equal views get the same decision; the
levels are registered and play legal games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import polemos
from polemos.ai.agents import agent_names, agent_rng, make_agent
from polemos.ai.ismcts import LEVELS, ISMCTSAgent, NoWorld, SearchConfig, search
from polemos.core.game import State
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import rules, worlds
from polemos.games.peloponnesian_war.state import PH_ADMIN, PWState
from polemos.testing import public_worlds as check
from polemos.testing.public_worlds import HEADER

GAME_ID = "peloponnesian-war"
GAME = polemos.game(GAME_ID)


def position(s: State) -> dict[str, Any]:
    """A state's position document without what no view holds (the dice, the history, the log)."""
    return {k: v for k, v in s.to_json().items() if k not in HEADER}


def new(seed: int, scenario: str, mode: str) -> PWState:
    s = GAME.new(seed, scenario, {"mode": mode})
    assert isinstance(s, PWState)
    return s


def random_states(mode: str, scenario: str, seed: int, every: int = 1) -> list[PWState]:
    """Copies of the positions of a random game, one every ``every`` decisions."""
    out = check.random_states(new(seed, scenario, mode), seed, every)
    assert all(isinstance(s, PWState) for s in out)
    return out  # type: ignore[return-value]


def asked(kinds: frozenset[str]) -> PWState:
    """The first position of a heuristic two-player game (seed 4) that asks a decision of ``kinds``
    with more than one choice."""
    s = new(4, "archidamian-war", "two-player")
    bots = {r: make_agent("heuristic", GAME_ID) for r in s.roles()}
    rng = Rng(4)
    while s.outcome() is None:
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        if s.pending is not None and str(s.pending["kind"]) in kinds and len(legal) > 1:
            return s
        s.apply(role, bots[role].choose(s.view(role), legal, rng))
    raise AssertionError(f"no decision of {sorted(kinds)} in the game")


def test_p106_a_view_is_the_whole_position_but_the_dice() -> None:
    """RULINGS P106: the view (its picture and its ``procedure``) rebuilds every field the rules read,
    in every mode and scenario, at every decision of random games."""
    checked = 0
    for mode, scenario in (("two-player", "archidamian-war"), ("solitaire", "peloponnesian-war"),
                           ("fixed", "fall-of-athens"), ("two-player", "decelean-war")):
        states = random_states(mode, scenario, 11, every=3)
        checked += check.check_views_rebuild_positions(states, worlds.position_of, position, legal=False)
    assert checked > 40


def test_p106_a_world_with_the_real_dice_plays_the_real_game_on() -> None:
    """The rebuilt position misses nothing the rules read later: given the real generator (only a
    test can), it plays the next decisions exactly as the real game does."""
    states = random_states("two-player", "archidamian-war", 5, every=7)[:8]
    check.check_worlds_play_on_with_the_real_dice(states, worlds.position_of, position, steps=25)


def test_no_view_holds_the_generator_and_worlds_draw_their_own_dice() -> None:
    """A view holds no generator, seed or action list (the dice to come cannot be read from it), and
    a world's generator comes from the search's RNG: two draws differ, equal RNGs give equal worlds."""
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]
    check.check_worlds_draw_their_own_dice(s, worlds.world_sampler(s.view(role), role), position,
                                           secrets=('"rng"', '"seed"', '"actions"', '"key"'))


def test_the_search_decides_the_same_on_two_states_with_equal_views() -> None:
    """Two true states that differ only in what no view shows (the generator, the seed, the history)
    give equal views, the same worlds and the same decision with the same agent seed."""
    check.check_equal_views_decide_alike(GAME, asked(frozenset({"op_objective"})))


def test_searched_decisions_and_the_heuristics() -> None:
    """The search takes the objective, interception, route, battle order and Athens' defence
    decisions; the strategy, assembling an army SP by SP and the builds are the heuristic bot's."""
    searched = {"op_objective", "op_intercept", "op_route", "cb_order", "cb_athens_defence"}
    assert searched == worlds.SEARCHED
    s = asked(frozenset({"op_build"}))
    role = s.active_roles()[0]
    try:
        worlds.world_sampler(s.view(role), role)
    except NoWorld as exc:
        assert "op_build" in str(exc)
    else:
        raise AssertionError("op_build was searched")
    sampler = worlds.Sampler(s.view(role), role, kinds=worlds.REBUILT)  # rebuilt all the same
    assert position(sampler.skeleton) == position(s)
    agent = ISMCTSAgent(GAME_ID, SearchConfig(iterations=4), name="normal")
    assert agent.choose(s.view(role), s.legal_actions(role), Rng(3)) in s.legal_actions(role)
    assert agent.fell_back == 1 and agent.searched == 0


def test_a_search_of_an_objective_visits_only_legal_choices() -> None:
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    result = search(worlds.world_sampler(s.view(role), role), role, legal, Rng(5), SearchConfig(iterations=20))
    assert result.iterations == 20 and result.skipped == 0
    assert set(result.root) <= set(legal) and sum(v for v, _ in result.root.values()) == 20


def test_the_levels_exist_and_play_legal_games() -> None:
    """issue 12: easy (the heuristic bot), normal and hard for this game, through make_agent (play,
    selfplay, tournament, the browser table's bot seats); a short-budget search plays a whole
    two-player game and a solitaire one against the heuristic, every action legal."""
    names = agent_names(GAME_ID)
    assert names[:3] == ["easy", "normal", "hard"] and "heuristic" in names
    normal, hard = make_agent("normal", GAME_ID), make_agent("hard", GAME_ID)
    assert isinstance(normal, ISMCTSAgent) and isinstance(hard, ISMCTSAgent)
    assert normal.config == LEVELS["normal"] and hard.config == LEVELS["hard"]
    assert make_agent("easy", GAME_ID).name == "easy"
    for mode, scenario in (("two-player", "archidamian-war"), ("solitaire", "archidamian-war")):
        s = GAME.new(3, scenario, {"mode": mode})
        search_role = s.roles()[0]
        agents = {r: make_agent("heuristic", GAME_ID) for r in s.roles()}
        searcher = ISMCTSAgent(GAME_ID, SearchConfig(iterations=6), name="normal")
        while s.outcome() is None:
            role = s.active_roles()[0]
            legal = s.legal_actions(role)
            agent = searcher if role == search_role else agents[role]
            action = agent.choose(s.view(role), legal, agent_rng(3, s.roles().index(role)))
            assert action in legal
            s.apply(role, action)
        assert searcher.searched > 3, (mode, searcher.searched)


def test_the_evaluation_foresees_the_8_1_bellicosity_adjustment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's evaluation reads each side's Bellicosity as 8.1 will leave it (SCI, lost
    spaces, the turn's reductions): at every decision of the Administrative Phase the projection is
    the Bellicosity the 8.1 segment then leaves."""
    adjusted: list[list[int]] = []
    original = rules.TASKS["bellicosity_adjustment"]

    def adjust(s: PWState, task: Any) -> None:
        original(s, task)
        adjusted.append(list(s.bellicosity))

    monkeypatch.setitem(rules.TASKS, "bellicosity_adjustment", adjust)
    checked = 0
    for seed in range(3):
        s = new(seed, "peloponnesian-war", "two-player")
        r = random.Random(seed)
        while s.outcome() is None:
            role = s.active_roles()[0]
            projected = [worlds.project_bellicosity(s, x) for x in (0, 1)] if s.phase == PH_ADMIN else None
            n = len(adjusted)
            s.apply(role, r.choice(s.legal_actions(role)))
            if projected is not None and len(adjusted) > n:
                assert adjusted[-1] == projected, (seed, s.turn)
                checked += 1
    assert checked > 10


def test_a_view_that_is_no_position_is_left_to_the_heuristic() -> None:
    """A view without its procedure, or one this data cannot read, builds no world (NoWorld): the
    agent plays the heuristic's choice instead of failing."""
    check.check_no_position_falls_back(GAME, asked(frozenset({"op_objective"})), worlds.world_sampler,
                                       {"phase": "no such phase"})


def test_the_evaluation_is_measured_from_where_the_search_starts() -> None:
    """The view's own position evaluates to an even chance for both roles (the heuristic's choice,
    held at an even value, stands for "no change"); a better score for a role raises its chance."""
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]

    def more_vp(world: Any) -> None:
        assert isinstance(world, PWState)
        world.vp[0] += 10

    check.check_evaluation_starts_even(worlds.world_sampler(s.view(role), role), more_vp)
