"""The game state (2.8, 2.14, 16.1, 16.2): set-up, JSON round trip, clone, the kernel's generator."""

from __future__ import annotations

import json

from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens.model import ATHENS, NO, SPARTA
from polemos.games.sparta_vs_athens.state import ADMINISTRATION, OFF, SPRING
from tests.sparta_vs_athens.engine import GAME, loc, new, unit


def test_2_8_markers_start_on_the_scenario_year_prestige_and_talents() -> None:
    s = new()
    assert s.year == 431  # 2.8: "the starting year indicated by the scenario"
    assert s.prestige == -1  # DESIGN 16.2: 1 pro-Sparta
    assert s.treasury == [500, 30] and s.revenue == [40, 20]
    assert s.government == 1


def test_2_14_the_season_marker_starts_in_spring_after_the_short_first_administration_rulings_s3() -> None:
    s = new()
    assert s.quarter == SPRING  # 2.8: "in the green Spring quarter"
    texts = [t for _, t in s.log]
    assert any(t.startswith("15.0 Event Phase") for t in texts)
    assert any(t.startswith("3.2 1f") for t in texts)
    # RULINGS S3: no Calendar Advance, Prestige Adjustment, Government or Revenue Phase in the first one
    assert not any(t.startswith(("3.2 1a", "3.2 1b", "3.2 1e", "14.2")) for t in texts)
    assert s.pending is not None and s.pending["kind"] == "first_player"


def test_16_2_potidaea_is_besieged_and_every_loyal_delos_city_has_its_garrison_unit() -> None:
    s = new()
    pot = loc(s, "potidaea")
    assert s.siege[pot] == ATHENS and s.owner[pot] == SPARTA
    assert s.u_in[unit(s, "aristeus-volunteers#1")]
    garrisons = [u for u in range(len(s.u_loc)) if s.utype(u).id == "delos-garrison" and s.u_loc[u] >= 0]
    assert len(garrisons) == 75


def test_16_2_inactive_allies_serve_no_one_until_they_join() -> None:
    s = new()
    argos = s.comp.ally("argos").index
    persia = s.comp.ally("persia").index
    assert s.ally_side[argos] == NO and s.ally_side[persia] == NO
    assert s.u_side[unit(s, "argive-hoplites#1")] == NO
    assert s.owner[loc(s, "argos")] == NO


def test_16_5_the_ionian_war_sets_up_its_forts_and_talents_rulings_s2() -> None:
    s = new("ionian-war")
    assert s.treasury == [10, 55] and s.revenue == [10, 55]
    assert s.fort[loc(s, "decelea")] == SPARTA and s.fort[loc(s, "pylos")] == ATHENS
    assert s.government == 10


def test_state_round_trips_through_json_and_clones_independently() -> None:
    s = new(seed=7)
    doc = json.loads(json.dumps(s.to_json()))
    again = GAME.from_json(doc)
    assert again.to_json() == s.to_json()
    c = s.clone()
    c.treasury[ATHENS] -= 100
    c.u_loc[0] = OFF
    assert s.treasury[ATHENS] == 500 and s.u_loc[0] != OFF
    assert isinstance(s.rng, Rng)  # the kernel's generator, as in the other games


def test_the_same_seed_gives_the_same_game() -> None:
    assert new(seed=3).to_json() == new(seed=3).to_json()


def test_the_administration_quarter_is_the_fourth_on_the_disc() -> None:
    assert ADMINISTRATION == 3 and [q.id for q in GAME.components().tables.quarters][ADMINISTRATION] == "administration"


def test_2_14_the_season_marker_moves_spring_summer_winter_administration_in_that_order() -> None:
    import random

    s = new(seed=11)
    r = random.Random(11)
    while s.year == 431 and s.outcome() is None:
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
    marks = [t for _, t in s.log if t.startswith(("3.3 Spring", "3.3 Summer", "3.3 Winter", "3.2 1a"))]
    assert marks[:3] == ["3.3 Spring 431.", "3.3 Summer 431.", "3.3 Winter 431."]
    assert marks[3].startswith("3.2 1a Calendar Advance: the year is 430")


def test_2_17_both_players_see_the_exact_revenue_and_holdings_of_the_other() -> None:
    s = new()
    for role in ("athens", "sparta", None):
        v = s.view(role)
        assert v["treasury"] == {"athens": 500, "sparta": 30}
        assert v["revenue"] == {"athens": 40, "sparta": 20}


def test_2_6_2_15_every_unit_on_the_map_is_in_both_views_by_name_rulings_s9_s20() -> None:
    s = new()
    on_map = sum(1 for at in s.u_loc if at >= 0)
    assert len(s.view("athens")["units"]) == len(s.view("sparta")["units"]) == on_map
