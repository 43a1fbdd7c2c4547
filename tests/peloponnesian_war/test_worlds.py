"""The search levels of The Peloponnesian War (issue 12): the worlds the search plays in are rebuilt
from a role's view alone, which is the whole position but for the dice (RULINGS P34, P106); no
world can read the real game's generator; two states with equal views get the same decision; the
levels are registered and play legal games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import polemos
from polemos.ai.agents import agent_names, agent_rng, make_agent
from polemos.ai.ismcts import LEVELS, ISMCTSAgent, NoWorld, SearchConfig, search
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import rules, worlds
from polemos.games.peloponnesian_war.state import PH_ADMIN, PWState

GAME_ID = "peloponnesian-war"
GAME = polemos.game(GAME_ID)
HEADER = ("seed", "rng", "actions", "undo_floor", "reveals", "log", "origin")


def position(s: PWState) -> dict[str, Any]:
    """A state's position document without what no view holds (the dice, the history, the log)."""
    return {k: v for k, v in s.to_json().items() if k not in HEADER}


def new(seed: int, scenario: str, mode: str) -> PWState:
    s = GAME.new(seed, scenario, {"mode": mode})
    assert isinstance(s, PWState)
    return s


def random_states(mode: str, scenario: str, seed: int, every: int = 1) -> list[PWState]:
    """Copies of the positions of a random game, one every ``every`` decisions."""
    s = new(seed, scenario, mode)
    r = random.Random(seed)
    out: list[PWState] = []
    n = 0
    while s.outcome() is None:
        if n % every == 0:
            out.append(s.clone())
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
        n += 1
    return out


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
        for s in random_states(mode, scenario, 11, every=3):
            role = s.active_roles()[0]
            assert position(worlds.position_of(s.view(role))) == position(s), (mode, scenario, s.pending)
            checked += 1
    assert checked > 40


def test_p106_a_world_with_the_real_dice_plays_the_real_game_on() -> None:
    """The rebuilt position misses nothing the rules read later: given the real generator (only a
    test can), it plays the next decisions exactly as the real game does."""
    for s in random_states("two-player", "archidamian-war", 5, every=7)[:8]:
        role = s.active_roles()[0]
        w = worlds.position_of(s.view(role))
        w.rng = s.rng.copy()
        r = random.Random(9)
        for _ in range(25):
            if s.outcome() is not None:
                break
            role = s.active_roles()[0]
            legal = s.legal_actions(role)
            assert w.legal_actions(role) == legal
            action = r.choice(legal)
            s.apply(role, action)
            w.apply(role, action)
        assert position(w) == position(s)


def test_no_view_holds_the_generator_and_worlds_draw_their_own_dice() -> None:
    """A view holds no generator, seed or action list (the dice to come cannot be read from it), and
    a world's generator comes from the search's RNG: two draws differ, equal RNGs give equal worlds."""
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]
    view = s.view(role)
    text = json.dumps(view)
    assert '"rng"' not in text and '"seed"' not in text and '"actions"' not in text and '"key"' not in text
    sampler = worlds.world_sampler(view, role)
    a, b = sampler.sample(Rng(1)), sampler.sample(Rng(1))
    c = sampler.sample(Rng(2))
    assert isinstance(a, PWState) and isinstance(c, PWState)
    assert a.to_json() == b.to_json()
    assert a.rng.to_json() != c.rng.to_json()
    assert position(a) == position(s)
    assert a.rng.to_json() != s.rng.to_json()


def test_the_search_decides_the_same_on_two_states_with_equal_views() -> None:
    """Two true states that differ only in what no view shows (the generator, the seed, the history)
    give equal views, the same worlds and the same decision with the same agent seed."""
    s = asked(frozenset({"op_objective"}))
    twin = GAME.from_json({**s.to_json(), "seed": 999, "rng": Rng(999).to_json(), "actions": []})
    assert isinstance(twin, PWState)
    role = s.active_roles()[0]
    assert twin.view(role) == s.view(role)
    assert s.rng.to_json() != twin.rng.to_json()
    config = SearchConfig(iterations=12)
    picks = []
    for state in (s, twin):
        agent = ISMCTSAgent(GAME_ID, config, name="normal")
        picks.append((agent.choose(state.view(role), state.legal_actions(role), Rng(77)), agent.last))
    (a, ra), (b, rb) = picks
    assert a == b and ra is not None and rb is not None and ra.root == rb.root and ra.iterations == 12


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
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    bare = {k: v for k, v in s.view(role).items() if k != "procedure"}
    broken = {**s.view(role), "phase": "no such phase"}
    for view in (bare, broken):
        try:
            worlds.world_sampler(view, role)
        except NoWorld:
            pass
        else:
            raise AssertionError("a world was built from a view that is no position")
        agent = ISMCTSAgent(GAME_ID, SearchConfig(iterations=4), name="normal")
        assert agent.choose(view, legal, Rng(1)) in legal and agent.fell_back == 1


def test_the_evaluation_is_measured_from_where_the_search_starts() -> None:
    """The view's own position evaluates to an even chance for both roles (the heuristic's choice,
    held at an even value, stands for "no change"); a better score for a role raises its chance."""
    s = asked(frozenset({"op_objective"}))
    role = s.active_roles()[0]
    sampler = worlds.world_sampler(s.view(role), role)
    world = sampler.sample(Rng(2))
    assert isinstance(world, PWState)
    assert sampler.evaluate(world) == {"athens": 0.5, "sparta": 0.5}
    world.vp[0] += 10
    value = sampler.evaluate(world)
    assert value["athens"] > 0.5 > value["sparta"] and abs(value["athens"] + value["sparta"] - 1) < 1e-9
