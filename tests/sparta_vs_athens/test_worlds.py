"""The search levels of Sparta vs. Athens (issue 14): the worlds the search plays in are rebuilt from
a role's view alone, which is the whole position but for the dice (RULINGS S9, S23); no world can
read the real game's generator; two states with equal views get the same decision; the levels are
registered and play legal games."""

from __future__ import annotations

import json
import random
from typing import Any

import polemos
from polemos.ai.agents import agent_names, agent_rng, make_agent
from polemos.ai.ismcts import LEVELS, ISMCTSAgent, NoWorld, SearchConfig, search
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens import worlds
from polemos.games.sparta_vs_athens.state import SVAState

GAME_ID = "sparta-vs-athens"
GAME = polemos.game(GAME_ID)
HEADER = ("seed", "rng", "actions", "undo_floor", "reveals", "log", "origin")


def position(s: SVAState) -> dict[str, Any]:
    """A state's position document without what no view holds (the dice, the history, the log). A
    counter off the map keeps stale flags no rule reads (its side, face, move, walls: a purchase
    resets them, 3.2), so they are left out."""
    doc = {k: v for k, v in s.to_json().items() if k not in HEADER}
    for u, at in enumerate(s.u_loc):
        if at < 0:
            for name in ("u_side", "u_flip", "u_moved", "u_in"):
                doc[name][u] = None
    return doc


def random_states(scenario: str, seed: int, every: int = 1) -> list[SVAState]:
    """Copies of the positions of a random game, one every ``every`` decisions."""
    s = GAME.new(seed, scenario)
    assert isinstance(s, SVAState)
    r = random.Random(seed)
    out: list[SVAState] = []
    n = 0
    while s.outcome() is None:
        if n % every == 0:
            out.append(s.clone())
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
        n += 1
    return out


def asked(kind: str, stage: str | None = None) -> SVAState:
    """The first position of a heuristic game (seed 4) asking a decision of ``kind`` (and force
    ``stage``) with more than one choice."""
    s = GAME.new(4, "archidamian-war")
    assert isinstance(s, SVAState)
    bots = {r: make_agent("heuristic", GAME_ID) for r in s.roles()}
    rng = Rng(4)
    while s.outcome() is None:
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        p = s.pending
        if p is not None and p["kind"] == kind and len(legal) > 1 and (
                stage is None or (s.force is not None and s.force["stage"] == stage)):
            return s
        s.apply(role, bots[role].choose(s.view(role), legal, rng))
    raise AssertionError(f"no decision {kind} in the game")


def test_s23_a_view_is_the_whole_position_but_the_dice() -> None:
    """RULINGS S23: the view (its picture and its ``procedure``) rebuilds every field the rules read,
    in every scenario, at decisions all through random games."""
    checked = 0
    for scenario, seed in (("peloponnesian-war", 1), ("archidamian-war", 2), ("ionian-war", 3)):
        for s in random_states(scenario, seed, every=9):
            role = s.active_roles()[0]
            w = worlds.position_of(s.view(role))
            assert position(w) == position(s), (scenario, s.pending)
            assert w.legal_actions(role) == s.legal_actions(role)
            checked += 1
    assert checked > 100


def test_s23_a_world_with_the_real_dice_plays_the_real_game_on() -> None:
    """The rebuilt position misses nothing the rules read later: given the real generator (only a
    test can), it plays the next decisions exactly as the real game does."""
    for s in random_states("peloponnesian-war", 5, every=37)[:10]:
        role = s.active_roles()[0]
        w = worlds.position_of(s.view(role))
        w.rng = s.rng.copy()
        r = random.Random(9)
        for _ in range(60):
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
    """A view holds no generator, seed or action list, and a world's generator comes from the
    search's RNG: two draws differ, equal RNGs give equal worlds."""
    s = asked("campaign")
    role = s.active_roles()[0]
    view = s.view(role)
    text = json.dumps(view)
    assert '"rng"' not in text and '"seed"' not in text and '"actions"' not in text
    sampler = worlds.world_sampler(view, role)
    a, b, c = sampler.sample(Rng(1)), sampler.sample(Rng(1)), sampler.sample(Rng(2))
    assert isinstance(a, SVAState) and isinstance(c, SVAState)
    assert a.to_json() == b.to_json()
    assert a.rng.to_json() != c.rng.to_json()
    assert position(a) == position(s)
    assert a.rng.to_json() != s.rng.to_json()


def test_the_search_decides_the_same_on_two_states_with_equal_views() -> None:
    """Two true states that differ only in what no view shows (the generator, the seed, the history)
    give equal views, the same worlds and the same decision with the same agent seed."""
    s = asked("campaign")
    twin = GAME.from_json({**s.to_json(), "seed": 999, "rng": Rng(999).to_json(), "actions": []})
    assert isinstance(twin, SVAState)
    role = s.active_roles()[0]
    assert twin.view(role) == s.view(role)
    assert s.rng.to_json() != twin.rng.to_json()
    picks = []
    for state in (s, twin):
        agent = ISMCTSAgent(GAME_ID, SearchConfig(iterations=12), name="normal")
        picks.append((agent.choose(state.view(role), state.legal_actions(role), Rng(77)), agent.last))
    (a, ra), (b, rb) = picks
    assert a == b and ra is not None and rb is not None and ra.root == rb.root and ra.iterations == 12


def test_searched_decisions_and_the_heuristics() -> None:
    """The search takes activations, moves, what a force does where it stops, withdrawals, sieges,
    retreats and the first player; upkeep, purchases, taking units into a force, leaders' placement,
    peace and the revolt event are the heuristic bot's (rebuilt all the same)."""
    assert {"campaign", "force", "withdraw", "siege", "retreat", "first_player"} == worlds.SEARCHED
    for kind, stage in (("purchase", None), ("force", "take")):
        s = asked(kind, stage)
        role = s.active_roles()[0]
        try:
            worlds.world_sampler(s.view(role), role)
        except NoWorld:
            pass
        else:
            raise AssertionError(f"{kind} {stage} was searched")
        sampler = worlds.Sampler(s.view(role), role, kinds=worlds.REBUILT)
        assert position(sampler.skeleton) == position(s)
        agent = ISMCTSAgent(GAME_ID, SearchConfig(iterations=4), name="normal")
        assert agent.choose(s.view(role), s.legal_actions(role), Rng(3)) in s.legal_actions(role)
        assert agent.fell_back == 1 and agent.searched == 0


def test_a_search_of_a_campaign_visits_only_legal_choices() -> None:
    s = asked("campaign")
    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    result = search(worlds.world_sampler(s.view(role), role), role, legal, Rng(5), SearchConfig(iterations=20))
    assert result.iterations == 20 and result.skipped == 0
    assert set(result.root) <= set(legal) and sum(v for v, _ in result.root.values()) == 20


def test_the_evaluation_is_measured_from_where_the_search_starts() -> None:
    """The view's own position is an even chance for both (16.6: the track decides); a track moved
    toward Athens raises Athens' chance."""
    s = asked("campaign")
    role = s.active_roles()[0]
    sampler = worlds.world_sampler(s.view(role), role)
    world = sampler.sample(Rng(2))
    assert isinstance(world, SVAState)
    assert sampler.evaluate(world) == {"athens": 0.5, "sparta": 0.5}
    world.prestige += 2
    value = sampler.evaluate(world)
    assert value["athens"] > 0.5 > value["sparta"] and abs(value["athens"] + value["sparta"] - 1) < 1e-9


def test_a_view_that_is_no_position_is_left_to_the_heuristic() -> None:
    """A view without its procedure, or one this data cannot read, builds no world (NoWorld): the
    agent plays the heuristic's choice instead of failing."""
    s = asked("campaign")
    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    bare = {k: v for k, v in s.view(role).items() if k != "procedure"}
    broken = {**s.view(role), "quarter": "no such quarter"}
    for view in (bare, broken):
        try:
            worlds.world_sampler(view, role)
        except NoWorld:
            pass
        else:
            raise AssertionError("a world was built from a view that is no position")
        agent = ISMCTSAgent(GAME_ID, SearchConfig(iterations=4), name="normal")
        assert agent.choose(view, legal, Rng(1)) in legal and agent.fell_back == 1


def test_the_levels_exist_and_play_legal_games() -> None:
    """easy (the heuristic bot), normal and hard, through make_agent (play, selfplay, tournament, the
    browser table's bot seats); a short-budget search plays a whole Ionian War against the heuristic,
    every action legal."""
    names = agent_names(GAME_ID)
    assert names[:3] == ["easy", "normal", "hard"] and "heuristic" in names and "random" in names
    normal, hard = make_agent("normal", GAME_ID), make_agent("hard", GAME_ID)
    assert isinstance(normal, ISMCTSAgent) and isinstance(hard, ISMCTSAgent)
    assert normal.config == LEVELS["normal"] and hard.config == LEVELS["hard"]
    assert make_agent("easy", GAME_ID).name == "easy"
    s = GAME.new(3, "ionian-war")
    agents = {r: make_agent("heuristic", GAME_ID) for r in s.roles()}
    searcher = ISMCTSAgent(GAME_ID, SearchConfig(iterations=4, rollout_steps=10), name="normal")
    while s.outcome() is None:
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        agent = searcher if role == "sparta" else agents[role]
        action = agent.choose(s.view(role), legal, agent_rng(3, s.roles().index(role)))
        assert action in legal
        s.apply(role, action)
    assert searcher.searched > 10 and searcher.fell_back > 10
