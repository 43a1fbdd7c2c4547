"""6.0 Greek Deployment Phase: the set-up in one choice ("deploy standard", "deploy repeat") and looking it
over ("take back", "end deployment"), RULINGS G44. Every unit is still placed by the rules of 6.0.1."""

from __future__ import annotations

import json

from polemos.games.thermopylae import rules
from polemos.games.thermopylae.state import FACING_NAMES, GTSState

from .helpers import GREEK, new


def _at_deployment(seed: int = 1, **options: object) -> GTSState:
    s = new(seed, **options)
    if options.get("players") == "two":
        s.apply("persian", s.legal_actions("persian")[0])  # 11.1: the day's first contingent
    s.apply("greek", "guard phocians")
    s.apply("greek", "west thebans")
    assert s.stage == "deploy"
    return s


def _set_up(s: GTSState) -> list[tuple[str, str]]:
    """The Greek units on the map in placing order, as (unit, "area facing")."""
    comp = s.comp
    return [(comp.unit_ids[u], comp.area_facing_names[4 * s.loc[u] + s.facing[u]]) for u in rules.placed_greeks(s)]


def test_6_0_g44_the_one_choice_set_ups_come_after_every_single_placement() -> None:
    s = _at_deployment()
    legal = s.legal_actions("greek")
    assert legal[-1] == "deploy standard"  # no set-up yet: nothing to repeat
    assert all(a.startswith("place spartans-1 ") for a in legal[:-1])


def test_6_0_1_g44_deploy_standard_is_the_placements_the_rules_allow_one_by_one() -> None:
    s = _at_deployment()
    by_hand = s.clone()
    s.apply("greek", "deploy standard")
    assert s.stage == "deploy_review" and not s.deploy_queue
    for unit, spot in _set_up(s):
        # each unit, in the set order, on a place that its own single placement lists (6.0.1, 3.1.2, G4)
        assert f"place {unit} {spot}" in by_hand.legal_actions("greek")
        by_hand.apply("greek", f"place {unit} {spot}")
    greeks = [u for u in range(len(s.loc)) if s.comp.u_side[u] == GREEK]
    assert [(by_hand.loc[u], by_hand.facing[u]) for u in greeks] == [(s.loc[u], s.facing[u]) for u in greeks]


def test_6_0_1_3_g44_the_standard_set_up_holds_the_narrows_west_and_the_wall_east() -> None:
    s = _at_deployment()
    s.apply("greek", "deploy standard")
    comp = s.comp
    wall = comp.wall_row
    for unit, spot in _set_up(s):
        u = comp.unit_ids.index(unit)
        cont = comp.cont_ids[comp.u_cont[u]]
        assert spot.endswith(" W")  # facing the Persians
        row = comp.a_row[s.loc[u]]
        if cont in ("spartans", "thebans"):
            assert wall - 2 <= row < wall  # 6.0.1(3): west of the Wall, in the narrows
        else:
            assert row >= wall  # the other contingents stay behind it
    assert max(len([u for u in rules.placed_greeks(s) if s.loc[u] == a]) for a in range(comp.n_areas)) <= 3


def test_6_0_g44_deploy_repeat_sets_up_each_unit_where_it_stood_last() -> None:
    s = _at_deployment()
    s.apply("greek", "place spartans-1 E6 W")
    s.apply("greek", "place spartans-2 E6 W")
    s.apply("greek", "deploy standard")
    s.apply("greek", "end deployment")
    first = _set_up(s)
    # the next deployment (after a rout, 9.0(1)): the Greeks are picked up and placed again
    rules.pick_up_greeks(s)
    s.deploy_queue = rules.deploy_order(s)
    s.stage = "deploy"
    s.reset_caches()
    assert s.legal_actions("greek")[-2:] == ["deploy standard", "deploy repeat"]
    s.apply("greek", "deploy repeat")
    assert _set_up(s) == first


def test_6_0_g44_take_back_returns_a_contingent_and_every_unit_placed_after_it() -> None:
    s = _at_deployment()
    s.apply("greek", "deploy standard")
    legal = s.legal_actions("greek")
    assert legal[0] == "end deployment"
    assert legal[1:3] == ["take back spartans", "take back thebans"]
    before = _set_up(s)
    s.apply("greek", "take back thebans")
    assert s.stage == "deploy" and s.actor == GREEK
    assert _set_up(s) == before[:3]  # the Spartans stay where they were
    assert s.comp.unit_ids[s.deploy_queue[0]] == "thebans-1"
    s.apply("greek", "place thebans-1 G8 W")  # adjusted by hand, checked by 6.0.1 as ever
    s.apply("greek", "deploy standard")
    s.apply("greek", "end deployment")
    assert s.stage not in ("deploy", "deploy_review")
    assert any(line["text"] == "Greek deployment done" for line in s.view("greek")["log"])


def test_g43_g44_the_persian_sees_nothing_of_a_one_choice_set_up_until_it_is_done() -> None:
    s = _at_deployment(players="two")
    seen = json.dumps(s.view("persian"), sort_keys=True)
    s.apply("greek", "deploy standard")
    assert s.stage == "deploy_review"
    assert json.dumps(s.view("persian"), sort_keys=True) == seen
    s.apply("greek", "take back spartans")
    assert json.dumps(s.view("persian"), sort_keys=True) == seen
    s.apply("greek", "deploy standard")
    s.apply("greek", "end deployment")
    assert any(u.get("side") == "greek" for units in s.view("persian")["areas"].values() for u in units)


def test_g44_the_facing_names_are_the_rulebooks() -> None:
    assert FACING_NAMES[rules._WEST_FACING] == "W"
