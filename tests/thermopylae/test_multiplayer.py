"""11.2 Three or more players: a player per Greek contingent; the Spartan player commands deployment."""

from __future__ import annotations

import polemos
from polemos.ai.agents import make_agent
from polemos.ai.selfplay import play_game
from polemos.core.errors import IllegalActionError
from polemos.core.rng import Rng
from polemos.games.thermopylae.state import GTSState

GAME_ID = "go-tell-the-spartans"
MULTI = {"players": "multi"}


def to_greek_movement(s: GTSState, chooser: Rng) -> None:
    for _ in range(3000):
        if s.stage == "g_move" and len(s.active_roles()) > 1:
            return
        role = s.active_roles()[0]
        s.apply(role, chooser.choice(s.legal_actions(role)))
    raise AssertionError("no Greek movement with several players")


def test_11_2_every_greek_contingent_has_a_seat() -> None:
    game = polemos.game(GAME_ID)
    assert game.roles_for(MULTI) == ("greek", "persian", "thespians", "thebans", "phocians", "malians",
                                     "locrians", "peloponnesians")
    assert game.roles_for({}) == ("greek", "persian")
    s = game.new(1, options=MULTI)
    assert s.roles() == game.roles_for(MULTI)
    assert s.active_roles() == ("greek",)  # 11.2: the Spartan player is commander for deployment


def test_11_2_each_player_moves_only_his_contingent_and_ends_his_own_segment() -> None:
    s = polemos.game(GAME_ID).new(2, options=MULTI)
    to_greek_movement(s, Rng(2))
    active = s.active_roles()
    comp = s.comp
    for role in active:
        for action in s.legal_actions(role):
            if action.startswith(("move ", "attack ", "detach ")):
                unit = comp.unit_ids.index(action.split()[1])
                cid = comp.cont_ids[comp.u_cont[unit]]
                assert (cid == "spartans" and role == "greek") or cid == role, (role, action)
    first, rest = active[0], active[1:]
    other_move = next(a for a in s.legal_actions(rest[0]) if a.startswith("move "))
    try:
        s.apply(first, other_move)
        raise AssertionError("a player moved another contingent's units")
    except IllegalActionError:
        pass
    s.apply(first, "end movement")
    assert first not in s.active_roles() and s.stage == "g_move"
    for role in rest:
        s.apply(role, "end movement")
    assert s.stage != "g_move"


def test_11_2_results_name_every_contingent_player() -> None:
    game = polemos.game(GAME_ID)
    agents = {role: make_agent("random", GAME_ID) for role in game.seats_for(MULTI)}
    result = play_game(game, 7, agents, max_steps=20000, options=MULTI)
    state = polemos.replay(result.record)
    outcome = state.outcome()
    assert outcome is not None
    for role in game.roles_for(MULTI)[2:]:
        assert outcome.scores[role] in (0, 1)
    if outcome.winner == "greek":
        assert all(outcome.scores[r] == 1 for r in game.roles_for(MULTI)[2:])
