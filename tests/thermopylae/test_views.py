"""What each side sees (3.4 fog of war in the two-player game; nothing hidden in solitaire)."""

from __future__ import annotations

import json

import polemos
from polemos.core.rng import Rng
from polemos.games.thermopylae.state import GREEK, GTSState
from polemos.games.thermopylae.text import id_code

GAME_ID = "go-tell-the-spartans"


def play_until(s: GTSState, stage: str, chooser: Rng, limit: int = 5000) -> None:
    for _ in range(limit):
        if s.stage == stage or s.outcome() is not None:
            return
        role = s.active_roles()[0]
        s.apply(role, chooser.choice(s.legal_actions(role)))
    raise AssertionError(f"never reached {stage}")


def hidden_greeks(s: GTSState) -> set[str]:
    """Greek units on the map under the top of their pile (3.4: the Persian may not see them)."""
    out = set()
    for a in range(s.comp.n_areas):
        greeks = [u for u in range(len(s.loc)) if s.loc[u] == a and s.comp.u_side[u] == GREEK]
        greeks.sort(key=s.seq.__getitem__)
        out.update(s.comp.unit_ids[u] for u in greeks[1:])
    return out


def test_3_4_two_player_views_show_only_the_top_enemy_unit() -> None:
    s = polemos.game(GAME_ID).new(11, options={"players": "two"})
    play_until(s, "g_move", Rng(3))
    view = s.view("persian")
    text = json.dumps(view["areas"])
    for uid in hidden_greeks(s):
        assert f'"{uid}"' not in text
    greek_view = json.dumps(s.view("greek")["areas"])
    assert all(f'"{uid}"' in greek_view for uid in hidden_greeks(s))
    assert any(u.get("hidden") for units in view["areas"].values() for u in units)
    assert "rng" not in json.dumps(view)


def test_3_4_moving_a_stack_names_only_its_top_unit_to_the_enemy() -> None:
    s = polemos.game(GAME_ID).new(11, options={"players": "two"})
    play_until(s, "g_move", Rng(3))
    hidden = hidden_greeks(s)
    comp = s.comp

    def stack_of(action: str) -> list[str]:
        top = comp.unit_ids.index(action.split()[1])
        return [comp.unit_ids[v] for v in range(len(s.loc)) if s.loc[v] == s.loc[top] and s.force[v] == s.force[top]]

    move = next(a for a in s.legal_actions("greek") if a.startswith("move ") and len(stack_of(a)) > 1)
    stack = stack_of(move)
    s.apply("greek", move)
    public = s.view("persian")["log"][-1]["text"]
    own = s.view("greek")["log"][-1]["text"]
    assert f"{len(stack) - 1} more" in public
    # the log names units as the board does (id_code): neither name of a hidden unit reaches the enemy
    assert all(uid not in public and id_code(uid) not in public for uid in stack[1:] if uid in hidden)
    assert all(id_code(uid) in own for uid in stack)
    assert s.view(None)["log"][-1]["text"] == public  # spectators see what the opponent sees


def test_solitaire_views_hide_nothing_on_the_map() -> None:
    s = polemos.game(GAME_ID).new(5)
    play_until(s, "g_move", Rng(5))
    view = s.view("greek")
    assert not any(u.get("hidden") for units in view["areas"].values() for u in units)
    on_map = sum(1 for a in s.loc if a >= 0)
    assert sum(len(units) for units in view["areas"].values()) == on_map
    assert view["prompt"] and view["active"] == ["greek"]


def test_8_2_6_g42_every_side_sees_the_hits_each_target_took_in_the_fire_segment() -> None:
    """The tally behind 8.2.6 step 5 is public in the two-player game too: the dice are rolled in view of
    both (the log) and the DV is the visible top unit's."""
    from polemos.games.thermopylae import rules

    from .helpers import A, empty, put

    s = empty(stage="p_ofire", actor=1, players="two")
    put(s, ["dahae-bow-1", "dahae-bow-2"], "C7", "E")
    put(s, ["thespians-1", "thespians-2"], "E7", "W")  # thespians-2 hidden from the Persian
    put(s, "thespians-3", "E8", "W")
    s.fire_tally = [[A(s, "E7"), 4, 3]]
    s.fire_target, s.fire_hits = A(s, "E8"), 1
    for role in ("greek", "persian", None):
        view = s.view(role)
        assert view["fire_tally"] == {"E7": {"hits": 4, "dv": 3}} and view["fire"] == {"target": "E8", "hits": 1}
    s.stage = "p_melee"
    assert s.view("greek")["fire_tally"] == {}  # only while a Fire Segment is on
    assert rules.FIRE_STAGES == ("g_dfire", "p_ofire", "p_dfire", "g_ofire")
