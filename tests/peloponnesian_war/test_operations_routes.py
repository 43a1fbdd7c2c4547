"""Rules 1.3 (ZOI), 4.1.1-4.1.4 (shortest legal route, isthmus, Cape Taenarum, naval transport) on
the map: the pure functions of geography.py."""

from __future__ import annotations

from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.geography import (
    COAST_ARMY,
    LAND_ARMY,
    LEADER_ALONE,
    SEA_ARMY,
    UNREACHABLE,
    loc_open,
    movement_mode,
    next_steps,
    route_length,
    zoi,
)
from polemos.games.peloponnesian_war.model import ATHENS, COMBINED_LOC, LAND_LOC, NAVAL_LOC, SPARTA

C = load_components()


def sp(name: str) -> int:
    return C.space_index[name]


def loc_between(a: str, b: str) -> int:
    for there, li in C.neighbours(sp(a)):
        if there == sp(b):
            return li
    raise AssertionError(f"no LOC {a}-{b}")


def test_4_1_1_movement_modes_by_composition() -> None:
    assert movement_mode(0, 0) == LEADER_ALONE
    assert movement_mode(3, 0) == LAND_ARMY
    assert movement_mode(0, 2) == SEA_ARMY
    assert movement_mode(2, 2) == SEA_ARMY  # 4.1.4: one Naval SP carries one Land SP
    assert movement_mode(3, 2) == COAST_ARMY  # 4.1.4: fewer Naval than Land SPs: Combined LOCs only


def test_4_1_1_only_land_units_on_land_locs_naval_on_naval_all_on_combined() -> None:
    by_type = {t: next(loc for loc in C.locs if loc.type == t and not loc.isthmus and not loc.storm)
               for t in (LAND_LOC, NAVAL_LOC, COMBINED_LOC)}
    assert loc_open(by_type[LAND_LOC], LAND_ARMY, True)
    assert not loc_open(by_type[LAND_LOC], SEA_ARMY, True)
    assert not loc_open(by_type[LAND_LOC], COAST_ARMY, True)
    assert loc_open(by_type[NAVAL_LOC], SEA_ARMY, True)
    assert not loc_open(by_type[NAVAL_LOC], LAND_ARMY, True)
    assert not loc_open(by_type[NAVAL_LOC], COAST_ARMY, True)
    for mode in (LEADER_ALONE, LAND_ARMY, SEA_ARMY, COAST_ARMY):
        assert loc_open(by_type[COMBINED_LOC], mode, True)
        # leaders move along any type of LOC
        assert loc_open(by_type[LAND_LOC], LEADER_ALONE, True) and loc_open(by_type[NAVAL_LOC], LEADER_ALONE, True)


def test_4_1_1_shortest_legal_route_counts_locs_and_offers_every_equal_route() -> None:
    # Athens to Corinth by land: Athens-Megara-Corinth, two LOCs, one first step
    assert route_length(C, sp("athens"), sp("corinth"), LAND_ARMY, True) == 2
    assert [C.spaces[s].id for s, _ in next_steps(C, sp("athens"), sp("corinth"), LAND_ARMY, True)] == ["megara"]
    # every first step offered lies on a shortest route
    for here, goal in (("sparta", "athens"), ("piraeus", "corcyra"), ("thebes", "argos")):
        for mode in (LAND_ARMY, SEA_ARMY, LEADER_ALONE):
            n = route_length(C, sp(here), sp(goal), mode, True)
            for step, _ in next_steps(C, sp(here), sp(goal), mode, True):
                assert route_length(C, step, sp(goal), mode, True) == n - 1


def test_4_1_1_closed_spaces_are_not_passed_through_but_may_be_the_goal() -> None:
    # Argos closed (4.1.1 exception): a Spartan army from Corinth to Argos itself may still go there
    direct = route_length(C, sp("corinth"), sp("argos"), LAND_ARMY, True, closed={sp("argos")})
    assert direct == 1
    # and a route through Argos is no longer the shortest when Argos is closed
    for s, _ in next_steps(C, sp("corinth"), sp("tegea"), LAND_ARMY, True, closed={sp("argos")}):
        assert s != sp("argos")


def test_4_1_2_naval_units_cross_the_isthmus_only_if_both_ends_are_controlled() -> None:
    isthmus = C.locs[loc_between("corinth", "cenchreae")]
    assert isthmus.isthmus
    assert loc_open(isthmus, LAND_ARMY, False)
    assert loc_open(isthmus, LEADER_ALONE, False)
    assert not loc_open(isthmus, SEA_ARMY, False)
    assert loc_open(isthmus, SEA_ARMY, True)
    assert route_length(C, sp("corinth"), sp("cenchreae"), SEA_ARMY, True) == 1
    assert route_length(C, sp("corinth"), sp("cenchreae"), SEA_ARMY, False) > 1


def test_4_1_2_naval_zoi_never_extends_along_the_isthmus() -> None:
    # a fleet at Corinth: the Isthmus LOC carries no Naval ZOI, so Cenchreae is reached only if
    # two other Naval/Combined LOCs lead there
    z = zoi(C, sp("corinth"), SPARTA, 0, 0, 3)
    for there, li in C.neighbours(sp("cenchreae")):
        assert there != sp("corinth") or C.locs[li].isthmus
    via_other = any(
        C.locs[l1].type in (NAVAL_LOC, COMBINED_LOC) and not C.locs[l1].isthmus
        and any(t2 == sp("cenchreae") and C.locs[l2].type in (NAVAL_LOC, COMBINED_LOC) and not C.locs[l2].isthmus
                for t2, l2 in C.neighbours(t1))
        for t1, l1 in C.neighbours(sp("corinth")))
    assert (sp("cenchreae") in z) == via_other


def test_4_1_3_cape_taenarum_to_syracuse_is_for_an_army_only() -> None:
    storm = C.locs[loc_between("cape_taenarum", "syracuse")]
    assert storm.storm
    assert not loc_open(storm, LEADER_ALONE, True)
    assert loc_open(storm, SEA_ARMY, True)
    assert not loc_open(storm, LAND_ARMY, True)  # RULINGS P60: "as if ... a Naval LOC"
    assert route_length(C, sp("cape_taenarum"), sp("syracuse"), SEA_ARMY, True) == 1


def test_4_1_4_fewer_naval_than_land_sps_moves_along_combined_locs_only() -> None:
    # Piraeus to Aegina (an island) needs a Naval LOC: a coastal army cannot get there
    assert route_length(C, sp("piraeus"), sp("aegina"), SEA_ARMY, True) == 1
    assert route_length(C, sp("piraeus"), sp("aegina"), COAST_ARMY, True) == UNREACHABLE


def test_1_3_zoi_by_composition() -> None:
    thebes = sp("thebes")
    assert zoi(C, thebes, SPARTA, 5, 0, 0) == {thebes}  # Hoplite only: its space
    cav = zoi(C, thebes, SPARTA, 0, 2, 0)
    assert cav == {thebes} | {t for t, li in C.neighbours(thebes) if C.locs[li].type in (LAND_LOC, COMBINED_LOC)}
    assert zoi(C, thebes, SPARTA, 5, 2, 0) == cav  # Hoplite + Cavalry: as Cavalry
    corinth = sp("corinth")
    naval = zoi(C, corinth, SPARTA, 0, 0, 5)
    assert zoi(C, corinth, SPARTA, 5, 0, 5) == naval  # Hoplite + Naval: as Naval
    both = zoi(C, corinth, SPARTA, 0, 1, 5)
    land_1 = {t for t, li in C.neighbours(corinth) if C.locs[li].type == LAND_LOC}
    assert both == naval | land_1 | zoi(C, corinth, SPARTA, 0, 1, 0)
    assert zoi(C, corinth, SPARTA, 1, 1, 5) == both  # All: as Cavalry + Naval
    # two contiguous Naval/Combined LOCs
    one = {t for t, li in C.neighbours(corinth) if C.locs[li].type in (NAVAL_LOC, COMBINED_LOC)
           and not C.locs[li].isthmus}
    assert one <= naval and sp("naupactus") in naval


def test_5_3_1_enemy_zoi_never_extends_into_athens_or_piraeus() -> None:
    z = zoi(C, sp("megara"), SPARTA, 0, 3, 3)
    assert sp("athens") not in z and sp("piraeus") not in z
    assert sp("athens") in zoi(C, sp("megara"), ATHENS, 0, 3, 0)
    # Athenian cavalry does not reach out of Athens in the Combat Phase
    assert zoi(C, sp("athens"), ATHENS, 0, 2, 0, combat_phase=True) == {sp("athens")}
    assert sp("decelea") in zoi(C, sp("athens"), ATHENS, 0, 2, 0)
