"""The kernel contract on Go Tell the Spartans positions: illegal actions change nothing, JSON round
trips and clones are exact and independent, a record replays to the same state."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import polemos
from polemos.core.errors import IllegalActionError
from polemos.core.game import JSON
from polemos.core.rng import Rng
from polemos.games.thermopylae.state import GTSState

from .helpers import game, new


def play(s: GTSState, steps: int, seed: int = 5, until: Callable[[GTSState], bool] | None = None) -> GTSState:
    """Random legal actions (seeded dice, no scripting) for ``steps`` actions, until ``until`` holds or the end."""
    chooser = Rng(seed)
    for _ in range(steps):
        if s.outcome() is not None or (until is not None and until(s)):
            break
        role = s.active_roles()[0]
        s.apply(role, chooser.choice(s.legal_actions(role)))
    return s


def doc_of(s: GTSState) -> JSON:
    doc = s.to_json()
    doc.pop("origin", None)
    return doc


@pytest.fixture(scope="module")
def midgame() -> GTSState:
    """A game in its third Action Round, Greek Movement Segment, after some fighting."""
    s = play(new(3), 400, until=lambda s: s.stage == "g_move" and s.round >= 3)
    assert s.stage == "g_move" and s.round >= 3 and s.outcome() is None
    return s


def test_contract_an_illegal_action_raises_and_changes_nothing() -> None:
    s = new(1)
    before = doc_of(s)
    with pytest.raises(IllegalActionError):
        s.apply("greek", "guard spartans")  # 6.0: never the Spartans
    with pytest.raises(IllegalActionError):
        s.apply("greek", "place spartans-1 A5 E")  # not this stage, nor this area
    assert doc_of(s) == before


def test_contract_only_the_active_role_may_act() -> None:
    s = new(1)
    before = doc_of(s)
    legal = s.legal_actions("greek")
    assert legal and s.legal_actions("persian") == []
    with pytest.raises(IllegalActionError):
        s.apply("persian", legal[0])
    assert doc_of(s) == before


def test_contract_an_illegal_move_in_an_action_round_changes_nothing(midgame: GTSState) -> None:
    s = midgame.clone()
    role = s.active_roles()[0]
    before = doc_of(s)
    with pytest.raises(IllegalActionError):
        s.apply(role, "move spartans-1 A2 N")
    assert doc_of(s) == before


def test_contract_json_round_trip_is_exact(midgame: GTSState) -> None:
    doc = doc_of(midgame)
    again = game().from_json(doc)
    assert doc_of(again) == doc
    role = midgame.active_roles()[0]
    assert again.legal_actions(role) == midgame.legal_actions(role)


def test_contract_a_clone_is_independent(midgame: GTSState) -> None:
    s = midgame.clone()
    before = doc_of(midgame)
    play(s, 30, seed=9)
    assert doc_of(midgame) == before
    assert doc_of(s) != before


def test_contract_a_record_replays_to_the_same_state(midgame: GTSState) -> None:
    again = polemos.replay(midgame.record())
    assert doc_of(again) == doc_of(midgame)


def test_contract_same_seed_same_actions_same_game() -> None:
    a = play(new(7), 90, seed=2)
    b = play(new(7), 90, seed=2)
    assert doc_of(a) == doc_of(b)


@pytest.mark.parametrize("options", [{"players": "two"}, {"feigned_retreat": True}, {"nothing_but_spartans": True}])
def test_contract_options_survive_json_and_replay(options: JSON) -> None:
    s = play(game().new(4, options=options), 60, seed=4)
    assert doc_of(game().from_json(doc_of(s))) == doc_of(s)
    assert doc_of(polemos.replay(s.record())) == doc_of(s)


def test_contract_a_finished_game_accepts_no_action() -> None:
    s = new(1)
    s.winner, s.stage, s.actor = 1, "over", -1
    s.reset_caches()
    assert s.active_roles() == () and s.legal_actions("greek") == []
    with pytest.raises(IllegalActionError):
        s.apply("greek", "guard thebans")


def test_contract_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError):
        game().new(1, options={"no_such_rule": True})
    with pytest.raises(ValueError):
        game().new(1, options={"players": "five"})
