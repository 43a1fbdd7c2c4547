"""Optional rules: the two-player game (11.1) and its fog of war (3.4), the Spartan feigned retreat
(11.3) and Nothing But Spartans (11.4)."""

from __future__ import annotations

import json

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.state import TRACK, GTSState

from .helpers import GREEK, PERSIAN, U, dests, empty, new, put, where


# ============================================================================ 11.1 two players
def test_11_1_the_persian_player_picks_the_days_first_contingent() -> None:
    s = new(1, players="two")
    assert s.stage == "commit" and s.active_roles() == ("persian",)
    assert sorted(s.legal_actions("persian")) == sorted(
        f"commit {c}" for c in ("dahae", "medes", "scythians", "susa", "immortals"))
    draws = s.rng.draws
    s.apply("persian", "commit immortals")
    assert s.comp.cont_ids[s.current] == "immortals" and s.rng.draws == draws  # no die
    assert s.stage == "guard" and s.active_roles() == ("greek",)


def test_11_1_g39_no_immortals_to_pick_on_day_3() -> None:
    s = new(1, players="two")
    s.day = 3
    s.reset_caches()
    assert sorted(s.legal_actions("persian")) == ["commit dahae", "commit medes", "commit scythians", "commit susa"]


def test_11_1_later_contingents_are_still_rolled_for() -> None:
    s = empty(stage="end_of_day", actor=-1, current="dahae", players="two")
    put(s, "dahae-01", "A5", "E")
    put(s, "spartans-1", "M5", "W")
    script_dice(s, [6])
    assert sequence._step(s)
    assert s.comp.cont_ids[s.current] == "scythians"


def test_11_1_persian_movement_is_free() -> None:
    s = empty(stage="p_move", actor=PERSIAN, players="two")
    put(s, "dahae-01", "C5", "E")
    put(s, "spartans-1", "M5", "W")
    legal = s.legal_actions("persian")
    assert "end movement" in legal  # 8.1.6 does not bind the player: he may stand
    assert "move dahae-01 C5 W" in legal  # or turn about
    s.apply("persian", "move dahae-01 C5 W")
    assert where(s, "dahae-01") == "C5" and s.facing[U(s, "dahae-01")] == 3


def test_11_1_persian_targets_are_free() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN, players="two")
    put(s, "dahae-bow-1", "C7", "E")
    put(s, "thespians-7", "E7", "W")  # Front
    put(s, "malians-10", "C8", "W")  # Flank: last on the automaton's list
    legal = s.legal_actions("persian")
    assert "fire dahae-bow-1 E7" in legal and "fire dahae-bow-1 C8" in legal


def test_3_4_fog_of_war_only_the_top_enemy_unit_is_seen() -> None:
    s = empty(stage="p_move", actor=PERSIAN, players="two")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "C5", "E")
    put(s, ["spartans-1", "spartans-2"], "E6", "W")
    greek = s.view("greek")["areas"]
    assert [u.get("id") for u in greek["C5"]] == ["dahae-01", None, None]
    # under the top: side and facing only (G43: the facing is in plain sight, its ZOC shows it)
    assert all(u == {"side": "persian", "hidden": True, "facing": "E"} for u in greek["C5"][1:])
    assert [u["id"] for u in greek["E6"]] == ["spartans-1", "spartans-2"]  # own stacks in full
    persian = s.view("persian")
    assert [u.get("id") for u in persian["areas"]["E6"]] == ["spartans-1", None]
    assert "spartans-2" not in json.dumps(persian["areas"])


def test_3_4_no_fog_in_the_solitaire_game() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "C5", "E")
    assert [u.get("id") for u in s.view("greek")["areas"]["C5"]] == ["dahae-01", "dahae-02", "dahae-03"]


def test_3_4_fire_from_afar_does_not_reveal_the_units_under_the_top_one() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN, players="two")
    put(s, ["dahae-bow-1", "dahae-bow-2", "dahae-bow-3"], "C7", "E")
    put(s, ["thespians-1", "thespians-2", "thespians-3"], "E7", "W")
    script_dice(s, [10, 10, 10, 1, 1, 1])  # 6 hits - DV 3 = 3 Step Losses: Morale Checks
    s.moving_side, s.fire_target, s.fire_hits = PERSIAN, s.comp.area_index("E7"), 0
    for x in ("dahae-bow-1", "dahae-bow-2", "dahae-bow-3"):
        s.fire_hits += rules.shoot(s, U(s, x), s.comp.area_index("E7"))
    rules.resolve_fire(s)
    assert s.losses[U(s, "thespians-1")] == 3
    log = json.dumps(s.view("persian")["log"])
    assert not any(name in log for name in ("thespians-2", "thespians-3", "ths2", "ths3"))


# ============================================================================ 11.3 feigned retreat
def _spartans_attacked(feigned: bool) -> GTSState:
    """The Persian Melee Segment: three Dahae mixed units have entered two Spartans' area from the west."""
    s = empty(stage="p_melee", actor=-1, feigned_retreat=feigned)
    put(s, "thespians-1", "M5", "W")
    put(s, ["spartans-1", "spartans-2"], "D7", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "D7", "E", came_from="C7")
    put(s, "dahae-04", "A2", "E")
    return s


def test_11_3_the_spartans_may_feign_a_retreat_one_area_through_their_rear() -> None:
    s = _spartans_attacked(True)
    sequence.advance(s)
    assert s.stage == "p_melee_run" and s.legal_actions("greek") == ["feint D7", "stand D7"]
    script_dice(s, [8])  # one Morale Check, Spartan MR 8: passes
    s.apply("greek", "feint D7")
    assert where(s, "spartans-1") == "E7" and where(s, "spartans-2") == "E7"
    assert s.facing[U(s, "spartans-1")] == 3  # still facing W
    assert s.feint[U(s, "spartans-1")] and s.feint[U(s, "spartans-2")]
    assert s.losses[U(s, "dahae-01")] == 0 and s.rng.scripted == []  # no melee was fought
    assert s.stage == "g_move"


def test_11_3_a_failed_morale_check_means_the_spartans_stand_and_fight() -> None:
    s = _spartans_attacked(True)
    sequence.advance(s)
    script_dice(s, [9, 5, 1, 1])  # 9 > 8: no feint; melee 6 v 8 1:2, 1L 1:3: 3/1, front reduction 3/0
    s.apply("greek", "feint D7")
    assert where(s, "spartans-1") == "D7" and not s.feint[U(s, "spartans-1")]
    assert where(s, "dahae-01") == TRACK and s.losses[U(s, "dahae-02")] == 1
    assert s.losses[U(s, "spartans-1")] == 0


def test_11_3_g26_the_feint_check_uses_the_average_step_losses() -> None:
    s = _spartans_attacked(True)
    s.losses[U(s, "spartans-1")] = 2
    s.losses[U(s, "spartans-2")] = 3  # average 2.5: rounded half up to 3 losses: MR 6 (2 losses: 7)
    sequence.advance(s)
    script_dice(s, [7, 5, 1, 1])  # 7 > 6: the feint fails
    s.apply("greek", "feint D7")
    assert where(s, "spartans-1") == "D7"


def test_11_3_after_a_feint_the_spartans_gain_one_column_in_their_next_melee() -> None:
    s = _spartans_attacked(True)
    sequence.advance(s)
    script_dice(s, [1])
    s.apply("greek", "feint D7")
    put(s, ["spartans-1", "spartans-2"], "D7", "W", came_from="E7")  # they turn on their pursuers
    script_dice(s, [5, 1, 1, 1])  # 8 v 6: 1:1, hoplite v mixed 2R, feint 1R -> 3:1: 1/3 (2:1 would be 2/3)
    rules.melee(s, s.comp.area_index("D7"), GREEK)
    assert s.losses[U(s, "spartans-1")] == 1
    assert not s.feint[U(s, "spartans-1")]  # used up


def test_11_3_without_the_option_the_spartans_cannot_retreat() -> None:
    s = _spartans_attacked(False)
    script_dice(s, [5, 1, 1])
    sequence.advance(s)
    assert s.stage == "g_move"  # the melee was fought at once
    assert where(s, "spartans-1") == "D7" and where(s, "dahae-01") == TRACK


def test_11_3_only_spartans_may_feign() -> None:
    s = empty(stage="p_melee", actor=-1, feigned_retreat=True)
    put(s, "spartans-3", "M5", "W")
    put(s, ["thespians-1", "thespians-2"], "D7", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "D7", "E", came_from="C7")
    put(s, "dahae-04", "A2", "E")
    script_dice(s, [5, 1, 1])
    sequence.advance(s)
    assert s.stage == "g_move" and where(s, "thespians-1") == "D7"


# ============================================================================ 11.4 nothing but Spartans
def test_11_4_no_greeks_guard_the_path_and_everyone_has_the_spartan_morale() -> None:
    s = new(1, nothing_but_spartans=True)
    assert s.guard == -1 and s.stage == "west"
    t = empty(nothing_but_spartans=True)
    for x in ("thespians-1", "thespians-7", "malians-10", "tegea-1"):
        (u,) = put(t, x, "M5" if x != "malians-10" else "M6", "W")
        assert rules.morale_rating(t, u) == 8


def test_11_4_every_contingents_routs_box_is_its_last_box() -> None:
    s = empty(nothing_but_spartans=True)
    for cid in ("thespians", "thebans", "peloponnesians"):
        c = s.comp.cont(cid)
        assert rules.routs_box(s, c) == len(s.comp.cont_units[c])


def test_11_4_every_greek_contingent_is_worth_ten_points_to_persia() -> None:
    s = empty(nothing_but_spartans=True)
    for x in ("thebans-1", "malians-1"):
        s.loc[U(s, x)] = -4  # ARMY
    assert rules.victory_points(s) == (0, 20)


def test_11_4_every_greek_unit_fights_and_moves_as_a_spartan_hoplite() -> None:
    s = empty(nothing_but_spartans=True)
    (jav,) = put(s, "thespians-7", "M5", "E")
    (hop,) = put(s, "thebans-1", "M7", "E")
    assert s.mf(hop) == 4  # a Spartan hoplite's Melee Factor
    assert s.mf(jav) == 4
    assert ("L4", "N", False) not in dests(s, "thespians-7")  # hoplites move only ahead (3.2.1)
    assert s.comp.u_dv[jav] == 3 and s.comp.u_steps[jav] == 4 and s.comp.u_ma[jav] == 2
    zoc = rules.enemy_zoc(s, PERSIAN)
    assert all(zoc[s.comp.area_index(a)] for a in ("N4", "N5", "N6"))  # it projects a ZOC (3.3.1)


def test_11_1_the_persian_player_decides_his_light_units_retreat() -> None:
    s = empty(stage="g_melee", actor=-1, players="two")
    put(s, "spartans-2", "M5", "W")
    put(s, "dahae-04", "A2", "E")
    put(s, "dahae-bow-1", "D7", "E")
    put(s, "spartans-1", "D7", "W", came_from="E7")
    sequence.advance(s)
    assert s.stage == "g_melee_run" and s.active_roles() == ("persian",)
    assert s.legal_actions("persian") == ["retreat D7", "stand D7"]
    s.apply("persian", "retreat D7")
    assert where(s, "dahae-bow-1") == "B7"
