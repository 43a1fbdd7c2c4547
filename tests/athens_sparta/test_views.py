"""Fog of war in Athens & Sparta (architecture: "Fog of war"; rulebook 2.0, 5.4 and the Card Phase).

Each role's view shows its own blocks with their faces and every enemy block standing upright as
only ``{"owner", "location"}``; a block revealed in a battle shows its face until the battle ends.
Cards played face-down stay hidden until both players have played. Log lines meant for one side
never reach the other. The checks themselves live in ``conftest.py`` (:func:`leak_problems`, also
given to the contract fuzzer in ``test_fuzz.py``, and :class:`LogWatch`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from polemos.core.rng import Rng
from polemos.games.athens_sparta.common import hex_name
from polemos.games.athens_sparta.state import POOL, ROLES, AthensSpartaState
from polemos.testing.fuzz import first_difference
from tests.athens_sparta.conftest import (
    DEEP,
    HIDDEN_ENTRY,
    LogWatch,
    leak_problems,
    new_state,
    play_random,
    random_step,
    tokens,
)

ATHENS, SPARTA = 0, 1


def views(s: AthensSpartaState) -> dict[str | None, dict[str, Any]]:
    return {role: s.view(role) for role in (*ROLES, None)}


def assert_no_leaks(s: AthensSpartaState) -> None:
    for role, view in views(s).items():
        problems = leak_problems(s, role, view)
        assert not problems, f"view of {role or 'the spectator'}: " + "; ".join(problems[:5])


def on_map(s: AthensSpartaState, side: int) -> list[int]:
    return [b for b in range(len(s.loc)) if s.owner[b] == side and s.loc[b] >= 0]


def faces(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in view["blocks"] if "id" in e}


def faceless(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in view["blocks"] if "id" not in e]


def calm_card(s: AthensSpartaState, side: int) -> int:
    """A card in ``side``'s hand that is not the Earthquake (which ends the Game Turn at once)."""
    return next(c for c in s.hands[side] if s.comp.cards[c].event != "earthquake")


def to_card_phase(s: AthensSpartaState, chooser: Rng) -> None:
    """Play (the Mulligan, if any) until both players must play a card face-down."""
    play_random(s, chooser, 50, until=lambda st: isinstance(st, AthensSpartaState) and st.pending is not None
                and st.pending["kind"] == "card" and st.played == [-1, -1])
    assert s.pending is not None and s.pending["kind"] == "card"


# -- the start position --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_each_side_sees_its_own_blocks_and_only_where_the_enemy_stands(seed: int) -> None:
    s = new_state(seed)
    assert_no_leaks(s)
    for side, role in enumerate(ROLES):
        view = s.view(role)
        mine = on_map(s, side)
        enemy = on_map(s, 1 - side)
        assert len(mine) >= 20 and len(enemy) >= 20
        shown = faces(view)
        assert set(shown) == {s.comp.blocks[b].id for b in mine}, "own blocks, and only those, show faces"
        for b in mine:
            face = shown[s.comp.blocks[b].id]
            assert face["owner"] == role and face["strength"] == s.strength[b]
            assert face["location"] == hex_name(s, s.loc[b])
        hidden = faceless(view)
        assert len(hidden) == len(enemy)
        assert all(set(e) == HIDDEN_ENTRY and e["owner"] == ROLES[1 - side] for e in hidden)
        assert sorted(e["location"] for e in hidden) == sorted(hex_name(s, s.loc[b]) for b in enemy)
        words = tokens(json.dumps(view))
        assert not [s.comp.blocks[b].id for b in range(len(s.loc))
                    if s.owner[b] != side and s.comp.blocks[b].id in words]
        # the pool: own blocks only
        pool = {e["id"] for e in view["pool"]}
        assert pool == {s.comp.blocks[b].id for b in range(len(s.loc)) if s.owner[b] == side and s.loc[b] == POOL}
        # the hand: own cards, none of the enemy's
        assert sorted(c["id"] for c in view["hand"]) == sorted(s.comp.cards[c].id for c in s.hands[side])
        assert not {s.comp.cards[c].id for c in s.hands[1 - side]} & words


def test_start_position_the_spectator_sees_no_face_and_no_hand() -> None:
    s = new_state(3)
    view = s.view(None)
    assert view["role"] is None
    assert not faces(view)
    assert len(faceless(view)) == len(on_map(s, ATHENS)) + len(on_map(s, SPARTA))
    for key in ("hand", "pool", "my_sicily_card", "moving"):
        assert key not in view
    words = tokens(json.dumps(view))
    assert not {s.comp.cards[c].id for c in (*s.hands[0], *s.hands[1])} & words
    assert not {spec.id for spec in s.comp.blocks} & words
    assert view["actions"] == []


# -- cards ---------------------------------------------------------------------------------------------
def test_a_card_played_face_down_is_hidden_until_both_have_played() -> None:
    s = new_state(4)
    to_card_phase(s, Rng(4))
    card = calm_card(s, ATHENS)
    card_id = s.comp.cards[card].id
    s.apply("athens", "play " + card_id)
    assert s.played[ATHENS] == card and not s.revealed_cards
    assert_no_leaks(s)
    sparta, athens, spectator = s.view("sparta"), s.view("athens"), s.view(None)
    assert "athens" not in sparta["played"] and "athens" not in spectator["played"]
    assert card_id not in tokens(json.dumps(sparta)) and card_id not in tokens(json.dumps(spectator))
    assert athens["played"]["athens"]["id"] == card_id
    assert sparta["player1"] is None
    # the "You play ..." line is Athens's alone
    private = [text for to, text in s.log if to == ATHENS]
    assert private and private[-1] in athens["log"]
    assert private[-1] not in sparta["log"] and private[-1] not in spectator["log"]
    assert sparta["hand_sizes"]["athens"] == len(s.hands[ATHENS])

    # Sparta plays: both cards are revealed to everyone
    other = calm_card(s, SPARTA)
    s.apply("sparta", "play " + s.comp.cards[other].id)
    assert s.revealed_cards
    assert_no_leaks(s)
    for role in (*ROLES, None):
        view = s.view(role)
        assert view["played"]["athens"]["id"] == card_id
        assert view["played"]["sparta"]["id"] == s.comp.cards[other].id
        assert view["player1"] in ROLES


def test_sparta_playing_first_is_hidden_from_athens() -> None:
    s = new_state(5)
    to_card_phase(s, Rng(5))
    card_id = s.comp.cards[calm_card(s, SPARTA)].id
    s.apply("sparta", "play " + card_id)
    assert_no_leaks(s)
    athens = s.view("athens")
    assert "sparta" not in athens["played"]
    assert card_id not in tokens(json.dumps(athens))
    assert s.view("sparta")["played"]["sparta"]["id"] == card_id


# -- battles -------------------------------------------------------------------------------------------
def _in_battle_with_enemy_revealed(st: Any) -> bool:
    assert isinstance(st, AthensSpartaState)
    return st.battle is not None and any(st.revealed[b] and st.loc[b] >= 0 for b in range(len(st.loc)))


def find_battle(max_seed: int = 40) -> tuple[AthensSpartaState, Rng]:
    for seed in range(max_seed):
        s, chooser = new_state(seed), Rng(seed)
        play_random(s, chooser, 1500, until=_in_battle_with_enemy_revealed)
        if _in_battle_with_enemy_revealed(s):
            return s, chooser
    pytest.fail(f"no random game of seeds 0-{max_seed - 1} paused in a battle with blocks revealed")


def test_revealed_blocks_show_their_faces_in_battle_and_stand_up_again_after() -> None:
    s, chooser = find_battle()
    assert s.battle is not None
    assert_no_leaks(s)
    revealed = [b for b in range(len(s.loc)) if s.revealed[b] and s.loc[b] >= 0]
    assert revealed
    for role in (*ROLES, None):
        view = s.view(role)
        shown = faces(view)
        assert view["battle"]["hex"] == hex_name(s, s.battle["hex"])
        for b in revealed:  # everyone sees the faces of the revealed blocks, enemy or not
            face = shown[s.comp.blocks[b].id]
            assert face["strength"] == s.strength[b] and face["name"] == s.comp.blocks[b].name
        for b in range(len(s.loc)):  # and no other enemy face
            if s.loc[b] >= 0 and s.owner[b] < 2 and not s.revealed[b] and (role is None or ROLES[s.owner[b]] != role):
                assert s.comp.blocks[b].id not in shown
    # play the battle out: its blocks stand up again, hidden from the enemy
    fought = list(s.battle["blocks"])
    play_random(s, chooser, 300, until=lambda st: isinstance(st, AthensSpartaState) and st.battle is None)
    assert s.battle is None, "the battle did not end within 300 actions"
    assert_no_leaks(s)
    still = [b for b in fought if s.loc[b] >= 0 and s.owner[b] < 2]
    assert still, "someone survives a battle"
    for b in still:
        assert not s.revealed[b]
        block_id = s.comp.blocks[b].id
        for role in (ROLES[1 - s.owner[b]], None):
            assert block_id not in tokens(json.dumps(s.view(role))), f"{block_id} still shown to {role}"
        assert block_id in faces(s.view(ROLES[s.owner[b]]))


def swap_places(s: AthensSpartaState, a: int, b: int) -> AthensSpartaState:
    """A copy of ``s`` where blocks ``a`` and ``b`` have traded places (and movement history)."""
    swapped = s.clone()
    for name in ("loc", "start_hex", "inside", "moved", "came_from", "crossed"):
        v = getattr(swapped, name)
        v[a], v[b] = v[b], v[a]
    swapped.reset_caches()
    return swapped


def _quiet(st: Any) -> bool:
    """No battle, no block on the move, no decision that names blocks."""
    assert isinstance(st, AthensSpartaState)
    return (st.battle is None and st.moving < 0 and st.pending is not None
            and st.pending["kind"] in ("card", "move", "replace"))


@pytest.mark.parametrize(("seed", "steps"), [(3, 0), (7, 150), (8, 320), (9, 250)])
def test_hidden_blocks_do_not_reveal_which_block_is_which_by_their_order(seed: int, steps: int) -> None:
    """Two hidden enemy blocks of one type that trade places must leave the view unchanged: the
    faceless entries may not follow the (secret) block order, or a client can follow each block
    from view to view and know, e.g., that the one that marched is the 4-step SPARTA hoplite."""
    s = new_state(seed)
    play_random(s, Rng(seed), steps)
    play_random(s, Rng(seed), 200, until=_quiet)
    assert _quiet(s)
    for side, role in enumerate(ROLES):
        view = s.view(role)
        enemy = [b for b in on_map(s, 1 - side) if not s.revealed[b]]
        for a in enemy:
            for b in enemy:
                if a < b and s.loc[a] != s.loc[b] and s.inside[a] == s.inside[b] \
                        and s.comp.blocks[a].type == s.comp.blocks[b].type:
                    other = swap_places(s, a, b).view(role)
                    assert other == view, (
                        f"seed {seed}, {len(s.actions)} actions: {role} can tell {s.comp.blocks[a].id} at "
                        f"{hex_name(s, s.loc[a])} from {s.comp.blocks[b].id} at {hex_name(s, s.loc[b])}: "
                        + first_difference(view, other))


# -- every step of whole games --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(100) if DEEP else range(4))
def test_no_view_leaks_at_any_step_of_a_random_game(seed: int, log_watch: LogWatch) -> None:
    s, chooser = new_state(seed), Rng(seed)
    steps = 0
    while s.outcome() is None:
        assert steps < 5000, "the game did not end"
        for role, view in views(s).items():
            problems = leak_problems(s, role, view) + log_watch.drain()
            assert not problems, (f"seed {seed}, after {steps} actions, view of {role or 'the spectator'}: "
                                  + "; ".join(problems[:5]))
        random_step(s, chooser)
        steps += 1
    assert_no_leaks(s)
    assert not log_watch.drain()


# -- the checks catch what they must --------------------------------------------------------------------
def test_the_leak_check_catches_leaks() -> None:
    s = new_state(6)
    to_card_phase(s, Rng(6))
    s.apply("sparta", "play " + s.comp.cards[calm_card(s, SPARTA)].id)
    view = s.view("athens")
    assert leak_problems(s, "athens", view) == []

    def problems_with(change: Any) -> str:
        doc = json.loads(json.dumps(view))
        change(doc)
        return "; ".join(leak_problems(s, "athens", doc))

    enemy = next(b for b in on_map(s, SPARTA))
    enemy_id = s.comp.blocks[enemy].id
    enemy_card = s.comp.cards[s.hands[SPARTA][0]].id
    face_down = s.comp.cards[s.played[SPARTA]].id
    assert "hidden block" in problems_with(lambda d: d["log"].append(f"{enemy_id} marches"))
    assert "sees card" in problems_with(lambda d: d["hand"].append({"id": enemy_card}))
    assert "face-down" in problems_with(lambda d: d["played"].update(sparta={"id": face_down}))
    assert "'deck'" in problems_with(lambda d: d.update(cards={"deck": []}))
    assert "'seed'" in problems_with(lambda d: d.update(seed=6))
    assert "legal actions" in problems_with(lambda d: d.update(actions=[["sparta", "play c01"]]))
    i = next(i for i, e in enumerate(view["blocks"]) if "id" not in e)
    assert "exactly {owner, location}" in problems_with(lambda d: d["blocks"][i].update(strength=3))
    assert "faceless" in problems_with(lambda d: d["blocks"].pop(i))
    assert "log" in problems_with(lambda d: d["log"].append(
        next(text for to, text in s.log if to == SPARTA)))
    assert "spectator" in "; ".join(leak_problems(s, None, {**s.view(None), "hand": []}))


def test_the_log_watch_catches_leaking_lines() -> None:
    s = new_state(0)
    watch = LogWatch()
    b = s.comp.block_index["SPA-HOP-1"]
    label = f"SPARTA B{s.comp.blocks[b].rating} ({s.strength[b]})"
    watch.line(s, f"Sparta SPARTA is reduced to {s.strength[b]} (5.2).", -1)
    watch.line(s, f"Sparta {label} fires: 3 — 0 hits.", SPARTA)  # Sparta's own line: fine
    watch.line(s, f"Sparta {label} fires: 3 — 0 hits.", -1)
    watch.line(s, "SPA-HOP-1 marches to CORINTH.", ATHENS)
    watch.line(s, "Sparta takes a hit at SPARTA.", -1)  # names no block: fine
    found = watch.drain()
    assert len(found) == 3 and all("readable by athens" in f for f in found), found
    assert "is reduced to" in found[0] and label in found[1] and "names hidden block SPA-HOP-1" in found[2]
    s.revealed[b] = True  # a block revealed in battle may be named with its strength
    s.revealed[s.comp.block_index["SPA-HOP-2"]] = True
    watch.line(s, f"Sparta {label} fires: 3 — 0 hits.", -1)
    assert watch.drain() == []
