"""The search levels of Sparta vs. Athens (issue 14): the worlds the search plays in are rebuilt from
a role's view alone, which is the whole position but for the dice (RULINGS S9, S23); no world can
read the real game's generator; two states with equal views get the same decision; the levels are
registered and play legal games."""

from __future__ import annotations

from typing import Any

import polemos
from polemos.ai.agents import agent_names, agent_rng, make_agent
from polemos.ai.ismcts import LEVELS, ISMCTSAgent, NoWorld, SearchConfig, search
from polemos.core.game import State
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens import worlds
from polemos.games.sparta_vs_athens.state import SVAState
from polemos.testing import public_worlds as check
from polemos.testing.public_worlds import HEADER

GAME_ID = "sparta-vs-athens"
GAME = polemos.game(GAME_ID)


def position(s: State) -> dict[str, Any]:
    """A state's position document without what no view holds (the dice, the history, the log). A
    counter off the map keeps stale flags no rule reads (its side, face, move, walls: a purchase
    resets them, 3.2), so they are left out."""
    assert isinstance(s, SVAState)
    doc = {k: v for k, v in s.to_json().items() if k not in HEADER}
    for u, at in enumerate(s.u_loc):
        if at < 0:
            for name in ("u_side", "u_flip", "u_moved", "u_in"):
                doc[name][u] = None
    return doc


def random_states(scenario: str, seed: int, every: int = 1) -> list[State]:
    """Copies of the positions of a random game, one every ``every`` decisions."""
    return check.random_states(GAME.new(seed, scenario), seed, every)


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
        checked += check.check_views_rebuild_positions(random_states(scenario, seed, every=9), worlds.position_of,
                                                       position)
    assert checked > 100


def test_s23_a_world_with_the_real_dice_plays_the_real_game_on() -> None:
    """The rebuilt position misses nothing the rules read later: given the real generator (only a
    test can), it plays the next decisions exactly as the real game does."""
    states = random_states("peloponnesian-war", 5, every=37)[:10]
    check.check_worlds_play_on_with_the_real_dice(states, worlds.position_of, position, steps=60)


def test_no_view_holds_the_generator_and_worlds_draw_their_own_dice() -> None:
    """A view holds no generator, seed or action list, and a world's generator comes from the
    search's RNG: two draws differ, equal RNGs give equal worlds."""
    s = asked("campaign")
    role = s.active_roles()[0]
    check.check_worlds_draw_their_own_dice(s, worlds.world_sampler(s.view(role), role), position)


def test_the_search_decides_the_same_on_two_states_with_equal_views() -> None:
    """Two true states that differ only in what no view shows (the generator, the seed, the history)
    give equal views, the same worlds and the same decision with the same agent seed."""
    check.check_equal_views_decide_alike(GAME, asked("campaign"))


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

    def toward_athens(world: Any) -> None:
        assert isinstance(world, SVAState)
        world.prestige += 2

    check.check_evaluation_starts_even(worlds.world_sampler(s.view(role), role), toward_athens)


def test_a_view_that_is_no_position_is_left_to_the_heuristic() -> None:
    """A view without its procedure, or one this data cannot read, builds no world (NoWorld): the
    agent plays the heuristic's choice instead of failing."""
    check.check_no_position_falls_back(GAME, asked("campaign"), worlds.world_sampler, {"quarter": "no such quarter"})


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


def test_13_2_the_evaluation_foresees_the_annual_prestige_adjustment() -> None:
    """A battle won this year moves the track only at the next Annual Prestige Adjustment (3.2 1b), past
    any playout's end: the evaluation counts it already, as the adjustment will apply it."""
    from polemos.games.sparta_vs_athens import campaign, rules
    from polemos.games.sparta_vs_athens.model import ATHENS, SPARTA

    s = asked("campaign")
    w = worlds.position_of(s.view(s.active_roles()[0]))
    before = worlds.project_prestige(w)
    assert before == w.prestige
    campaign.flag(w, "battle-won", ATHENS)
    campaign.flag(w, "spartiates-lost", ATHENS)
    campaign.flag(w, "walled-city-taken", SPARTA)
    assert worlds.project_prestige(w) == before + 1 + 2 - 1
    projected = worlds.project_prestige(w)
    rules.t_annual_prestige(w, ["annual_prestige"])
    assert w.prestige == projected  # what the adjustment itself does
