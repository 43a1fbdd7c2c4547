"""The Rebellion Phase (6.1-6.3) and 5.9 Chios and Samos: rule by rule, dice scripted."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    DELIAN,
    HELOT_SPACES,
    HOPLITE,
    NAVAL,
    NO,
    SPARTA,
    SPARTAN,
)
from polemos.games.peloponnesian_war.state import NOT_REBEL, slot
from tests.peloponnesian_war.spine import COMP, bare, log_has, run, sp


def test_6_1_a_rebellion_in_friendly_zoi_only_is_put_down() -> None:
    s = bare()
    s.rebellion[sp("mytilene")] = SPARTA
    s.add_sps(sp("mytilene"), ATHENIAN, HOPLITE, 1)
    run(s, ["continued_rebellion"])
    assert s.rebellion[sp("mytilene")] == NOT_REBEL


def test_6_1_not_put_down_inside_the_enemy_zoi_or_outside_any() -> None:
    s = bare()
    s.rebellion[sp("mytilene")] = SPARTA
    s.rebellion[sp("miletus")] = SPARTA
    s.add_sps(sp("mytilene"), ATHENIAN, HOPLITE, 1)
    s.add_sps(sp("mytilene"), SPARTAN, HOPLITE, 1)  # in both ZOIs
    run(s, ["continued_rebellion"])
    assert s.rebellion[sp("mytilene")] == SPARTA and s.rebellion[sp("miletus")] == SPARTA


def test_6_1_naval_zoi_reaches_two_locs() -> None:
    s = bare()
    s.rebellion[sp("mytilene")] = SPARTA
    s.add_sps(sp("chios"), ATHENIAN_ALLIED, NAVAL, 1)
    assert sp("mytilene") in s.side_zoi(ATHENS)
    run(s, ["continued_rebellion"])
    assert s.rebellion[sp("mytilene")] == NOT_REBEL


def _delian_neighbours(name: str) -> list[int]:
    return [x for x, _ in COMP.adjacency[sp(name)]
            if COMP.spaces[x].alignment == DELIAN and COMP.spaces[x].home == NO]


def test_6_2_rebellion_spreads_on_a_six() -> None:
    s = bare()
    s.rebellion[sp("samos")] = SPARTA
    near = _delian_neighbours("samos")
    script_dice(s, [6] + [5] * (len(near) - 1))
    run(s, ["rebellion_expansion"])
    assert [s.rebellion[x] for x in near] == [SPARTA] + [NOT_REBEL] * (len(near) - 1)


def test_6_2_plus_two_in_the_zoi_of_the_side_it_is_friendly_to() -> None:
    s = bare()
    s.rebellion[sp("samos")] = SPARTA
    near = _delian_neighbours("samos")
    s.add_sps(sp("samos"), SPARTAN, NAVAL, 1)  # a Spartan fleet: ZOI over every neighbour
    script_dice(s, [4] + [3] * (len(near) - 1))
    run(s, ["rebellion_expansion"])
    assert [s.rebellion[x] for x in near] == [SPARTA] + [NOT_REBEL] * (len(near) - 1)
    assert log_has(s, "die 4 + 2 = 6: it rebels")


def test_6_2_never_into_a_space_with_a_friendly_force() -> None:
    s = bare()
    s.rebellion[sp("samos")] = SPARTA
    near = _delian_neighbours("samos")
    for x in near:
        s.add_sps(x, ATHENIAN, HOPLITE, 1)
    draws = s.rng.draws
    run(s, ["rebellion_expansion"])
    assert s.rng.draws == draws and all(s.rebellion[x] == NOT_REBEL for x in near)


def test_5_9_samos_stands_in_for_a_lost_chios_and_its_allies_return() -> None:
    s = bare()
    assert s.coalition[sp("samos")] == NO
    s.rebellion[sp("chios")] = SPARTA
    s.recontrol()
    assert s.coalition[sp("samos")] == ATHENS
    s.add_sps(sp("samos"), ATHENIAN_ALLIED, HOPLITE, 2)
    s.add_sps(sp("chios"), ATHENIAN, HOPLITE, 1)
    run(s, ["continued_rebellion"])  # put down by the Athenian hoplite in Chios
    assert s.rebellion[sp("chios")] == NOT_REBEL
    script_dice(s, [1] * 20)
    run(s, ["rebellion_expansion"])
    assert s.sp[sp("chios")][slot(ATHENIAN_ALLIED, HOPLITE)] == 2 and s.side_sps(sp("samos"), ATHENS) == 0
    assert s.coalition[sp("samos")] == NO


def _helots(s: object) -> None:
    for h in HELOT_SPACES:
        s.add_sps(sp(h), ATHENIAN, HOPLITE, 1)  # type: ignore[attr-defined]


def test_6_3_helot_rebellion_first_turn() -> None:
    s = bare()
    s.add_sps(sp("sparta"), SPARTAN, HOPLITE, 5)
    s.home_guard = 3
    _helots(s)
    run(s, ["helot_rebellion"])
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 3
    assert s.revenue_adjust[SPARTA] == 500 and s.bell_loss[SPARTA] == 2 and s.helot


def test_6_3_helot_rebellion_consecutive_turns_and_again_after_it_is_put_down() -> None:
    s = bare()
    s.add_sps(sp("sparta"), SPARTAN, HOPLITE, 6)
    _helots(s)
    run(s, ["helot_rebellion"])
    s.revenue_adjust = [0, 0]
    s.bell_loss = [0, 0]
    run(s, ["helot_rebellion"])
    assert s.revenue_adjust[SPARTA] == 1000 and s.bell_loss[SPARTA] == 2
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 4  # no second elimination
    s.sp[sp("pylos")] = [0] * 12  # Sparta recaptures Pylos: put down
    run(s, ["helot_rebellion"])
    assert not s.helot
    s.add_sps(sp("pylos"), ATHENIAN, CAVALRY, 1)
    s.revenue_adjust = [0, 0]
    run(s, ["helot_rebellion"])
    assert s.revenue_adjust[SPARTA] == 500 and s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 2


def test_6_3_no_helot_rebellion_unless_all_five_are_occupied() -> None:
    s = bare()
    for h in HELOT_SPACES[:-1]:
        s.add_sps(sp(h), ATHENIAN, HOPLITE, 1)
    run(s, ["helot_rebellion"])
    assert not s.helot and s.revenue_adjust == [0, 0]
