"""The Political Phase (2.1-2.4) and the Random Events (2.2, RULINGS P8/P9): rule by rule, dice scripted."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    DELIAN,
    HOPLITE,
    NAVAL,
    NO,
    PERSIA,
    SPARTA,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import LD_DEAD, NOT_REBEL, slot
from tests.peloponnesian_war.spine import COMP, bare, ld, log_has, run, sp


# ---------------------------------------------------------------- 2.1
def test_2_1_side_change_on_die_plus_sci_of_six_or_more() -> None:
    s = bare(player=ATHENS)
    s.sci = [2, -3]
    script_dice(s, [4])
    run(s, ["side_determination"])
    assert s.player == SPARTA and s.switches == 1
    assert s.role_of(SPARTA) == "player" and s.automatic(ATHENS)


def test_2_1_no_change_below_six() -> None:
    s = bare(player=ATHENS)
    s.sci = [0, 0]
    script_dice(s, [5])
    run(s, ["side_determination"])
    assert s.player == ATHENS and s.switches == 0
    assert log_has(s, "2.1 side determination: die 5 + SCI 0 = 5: the player keeps Athens")


def test_2_1_negative_sci_makes_no_attempt() -> None:
    s = bare(player=SPARTA)
    s.sci = [3, -1]
    draws = s.rng.draws
    run(s, ["side_determination"])
    assert s.player == SPARTA and s.rng.draws == draws


def test_2_1_fixed_and_two_player_games_keep_their_sides() -> None:
    for mode in ("fixed", "two-player"):
        s = bare(mode=mode, player=ATHENS)
        s.sci = [6, 6]
        draws = s.rng.draws
        run(s, ["side_determination"])
        assert s.player == ATHENS and s.switches == 0 and s.rng.draws == draws


# ---------------------------------------------------------------- 2.2
def test_2_2_revenue_is_added_at_once() -> None:
    s = bare()
    s.treasury = [1000, 1000]
    script_dice(s, [3, 4])  # 7: tribute reassessment
    run(s, ["random_event", 1])
    assert s.treasury == [2000, 1000]


def test_2_2_an_event_that_cannot_occur_is_rolled_again() -> None:
    s = bare()
    s.treasury = [0, 0]
    s.attica_ravaged_prev = False
    script_dice(s, [3, 3, 3, 4])  # 6: plague needs Attica ravaged last turn -> roll again: 7
    run(s, ["random_event", 1])
    assert log_has(s, "Plague in Athens: it cannot occur; roll again")
    assert s.treasury[ATHENS] == 1000


def test_2_2_plague_when_attica_was_ravaged() -> None:
    s = bare()
    s.add_sps(sp("athens"), ATHENIAN, HOPLITE, 3)
    s.attica_ravaged_prev = True
    script_dice(s, [1, 5])
    run(s, ["random_event", 1])
    assert s.sp[sp("athens")][slot(ATHENIAN, HOPLITE)] == 1
    assert s.bell_loss[ATHENS] == 2


def test_2_2_bellicosity_reduction_waits_for_8_1() -> None:
    s = bare()
    script_dice(s, [4, 6, 5])  # 10, roll again: 5 = the Four Hundred
    run(s, ["random_event", 1])
    assert s.bell_loss == [2, 0] and s.bellicosity == [10, 10]


def test_2_2_a_once_event_occurs_only_once() -> None:
    s = bare()
    script_dice(s, [6, 6])
    run(s, ["random_event", 1])
    assert s.treasury[ATHENS] == 1000 and s.events_done == [12]
    script_dice(s, [6, 6, 3, 4])
    run(s, ["random_event", 1])
    assert s.treasury[ATHENS] == 2000  # the reserve fund could not occur again: the tribute did


def test_2_2_persian_gold_makes_persia_a_spartan_ally() -> None:
    s = bare()
    script_dice(s, [1, 2])
    run(s, ["random_event", 1])
    persia = next(p for p in COMP.powers if p.id == "persia")
    assert s.power_status[persia.index] == SPARTA and s.treasury[SPARTA] == 1000
    assert s.coalition[sp("sardis")] == SPARTA


def test_2_2_syracuse_joins_sparta_with_its_forces() -> None:
    s = bare()
    script_dice(s, [5, 5, 1])  # 10, roll again: 1
    run(s, ["random_event", 1])
    f = s.sp[sp("syracuse")]
    assert [f[slot(SPARTAN_ALLIED, t)] for t in (HOPLITE, CAVALRY, NAVAL)] == [2, 2, 2]  # 10.1.3
    assert s.control[sp("syracuse")] == SPARTA


def test_2_2_macedon_changes_sides() -> None:
    s = bare()
    macedon = next(p for p in COMP.powers if p.id == "macedon")
    s.power_status[macedon.index] = ATHENS
    s.add_sps(sp("pela"), ATHENIAN_ALLIED, CAVALRY, 1)
    script_dice(s, [4, 5])
    run(s, ["random_event", 1])
    assert s.power_status[macedon.index] == SPARTA
    assert s.sp[sp("pela")][slot(ATHENIAN_ALLIED, CAVALRY)] == 0
    assert s.sp[sp("pela")][slot(SPARTAN_ALLIED, CAVALRY)] == 1  # Random Event 9: they become Spartan Allied
    assert s.coalition[sp("pela")] == SPARTA and s.coalition[sp("macedon")] == SPARTA


def test_2_2_a_neutral_macedon_joins_the_side_the_scenario_names_with_its_forces() -> None:
    s = bare("decelean-war")
    macedon = next(p for p in COMP.powers if p.id == "macedon")
    s.power_status[macedon.index] = NO
    script_dice(s, [4, 5])
    run(s, ["random_event", 1])
    assert s.power_status[macedon.index] == SPARTA  # 10.3.4: Sparta the first time
    assert s.sp[sp("pela")][slot(SPARTAN_ALLIED, CAVALRY)] == 2  # 10.3.3: Pela 2C (Allied)


def test_2_2_demagogue_for_hire_moves_alcibiades_round() -> None:
    s = bare()
    alc = ld("alcibiades")
    for expect in (SPARTA, PERSIA, ATHENS):
        script_dice(s, [2, 3])
        run(s, ["random_event", 1])
        assert s.serves[alc] == expect


def test_2_2_demagogue_cannot_occur_without_alcibiades() -> None:
    s = bare()
    s.leader_at[ld("alcibiades")] = LD_DEAD
    script_dice(s, [2, 3, 3, 4])
    run(s, ["random_event", 1])
    assert s.serves[ld("alcibiades")] == ATHENS and s.treasury[ATHENS] == 1000


def test_2_2_leader_deaths_marks_the_turn() -> None:
    s = bare()
    script_dice(s, [1, 1])
    run(s, ["random_event", 1])
    assert s.leader_deaths


def test_2_2_thrace_rebels_unless_occupied() -> None:
    s = bare()
    s.add_sps(sp("abdera"), ATHENIAN, HOPLITE, 1)
    script_dice(s, [1, 3])
    run(s, ["random_event", 1])
    assert s.rebellion[sp("abdera")] == NOT_REBEL and s.rebellion[sp("maroneia")] == SPARTA


# ---------------------------------------------------------------- 2.3
def _neighbours(name: str) -> list[int]:
    return [x for x, _ in COMP.adjacency[sp(name)] if COMP.spaces[x].alignment == DELIAN
            and COMP.spaces[x].home == NO]


def test_2_3_delian_rebellion_when_the_athenian_sci_is_not_positive() -> None:
    s = bare()
    s.sci = [0, 0]
    near = _neighbours("mytilene")
    script_dice(s, [1] + [6] + [1] * (len(near) - 1))  # Mytilene; the first neighbour rebels on a 6
    run(s, ["delian_rebellion"])
    assert s.rebellion[sp("mytilene")] == SPARTA
    assert [s.rebellion[x] for x in near] == [SPARTA] + [NOT_REBEL] * (len(near) - 1)
    assert s.control[sp("mytilene")] == SPARTA  # friendly to Sparta now (2.3)


def test_2_3_no_rebellion_when_the_athenian_sci_is_positive() -> None:
    s = bare()
    s.sci = [1, 0]
    draws = s.rng.draws
    run(s, ["delian_rebellion"])
    assert s.rng.draws == draws and max(s.rebellion[:]) == NOT_REBEL


def test_2_3_an_occupied_location_is_rolled_again() -> None:
    s = bare()
    s.add_sps(sp("mytilene"), ATHENIAN_ALLIED, NAVAL, 1)
    near = _neighbours("chios")
    script_dice(s, [1, 2] + [1] * len(near))
    run(s, ["delian_rebellion"])
    assert s.rebellion[sp("mytilene")] == NOT_REBEL and s.rebellion[sp("chios")] == SPARTA


def test_10_1_sicilian_disaster_forces_a_delian_rebellion() -> None:
    s = bare()
    s.sci = [4, 0]
    s.delian_rebellion_due = True
    script_dice(s, [3] + [1] * 10)
    run(s, ["delian_rebellion"])
    assert s.rebellion[sp("miletus")] == SPARTA and not s.delian_rebellion_due


# ---------------------------------------------------------------- 2.4
def test_2_4_leaders_are_drawn_and_placed_in_the_home_spaces() -> None:
    s = bare()
    run(s, ["leader_selection"])
    for side, home in ((ATHENS, "athens"), (SPARTA, "sparta")):
        lead = s.commander[side]
        assert lead != NO and s.serves[lead] == side and s.leader_at[lead] == sp(home)


def test_2_4_nicias_flips_the_turn_marker() -> None:
    s = bare()
    for lead in s.leaders_of(ATHENS):
        if COMP.leaders[lead].id != "nicias":
            s.leader_at[lead] = LD_DEAD
    run(s, ["leader_selection"])
    assert s.commander[ATHENS] == ld("nicias") and s.nicias


def test_2_4_no_leader_available() -> None:
    s = bare()
    for lead in s.leaders_of(SPARTA):
        s.leader_at[lead] = LD_DEAD
    run(s, ["leader_selection"])
    assert s.commander[SPARTA] == NO
