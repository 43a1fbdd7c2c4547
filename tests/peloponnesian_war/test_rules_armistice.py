"""The Armistice and Surrender Phase (8.1-8.5), the 10.1 Sicilian Disaster count and 9.0/10.x ends."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war import armistice
from polemos.games.peloponnesian_war.model import ATHENIAN, ATHENIAN_ALLIED, ATHENS, HOPLITE, NAVAL, SPARTA, SPARTAN
from polemos.games.peloponnesian_war.state import PH_OVER, slot
from tests.peloponnesian_war.spine import bare, log_has, run, sp


# ---------------------------------------------------------------- 8.1
def test_8_1_negative_sci_comes_off_positive_sci_adds_half() -> None:
    s = bare()
    s.sci = [-3, 5]
    run(s, ["bellicosity_adjustment"])
    assert s.bellicosity == [7, 12]


def test_8_1_never_above_twelve() -> None:
    s = bare()
    s.bellicosity = [12, 11]
    s.sci = [6, 6]
    run(s, ["bellicosity_adjustment"])
    assert s.bellicosity == [12, 12]


def test_8_1_a_tenth_of_the_lost_spaces() -> None:
    s = bare()
    delian = [i for i, x in enumerate(s.comp.spaces) if x.alignment == 0 and x.home < 0]
    for i in delian[:19]:
        s.ravaged[i] = True
    run(s, ["bellicosity_adjustment"])
    assert s.bellicosity[ATHENS] == 10 - 1  # 19 // 10


def test_8_1_random_event_and_helot_reductions() -> None:
    s = bare()
    s.bell_loss = [2, 4]
    run(s, ["bellicosity_adjustment"])
    assert s.bellicosity == [8, 6] and s.bell_loss == [0, 0]


# ---------------------------------------------------------------- 8.2
def test_8_2_bellicosity_zero_surrenders() -> None:
    s = bare(player=ATHENS)
    s.turn = 4
    s.bellicosity = [0, 5]
    run(s, ["surrender"])
    assert s.phase == PH_OVER and s.winner and "Athens surrender" in s.end_reason
    assert s.vp[0] == 50  # 10.1 NOTE: 200 / 4 to the player


def test_8_2_home_space_enemy_controlled_surrenders() -> None:
    s = bare(mode="two-player")
    s.turn = 3
    s.add_sps(sp("sparta"), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    run(s, ["surrender"])
    out = s.outcome()
    assert out is not None and out.winner == "athens"
    assert out.scores == {"athens": 67, "sparta": 0}  # 200 / 3, rounded up, to the side that did not give in


def test_10_1_5_decisive_victory_by_a_surrender_by_turn_three() -> None:
    s = bare(player=SPARTA)
    s.turn = 3
    s.bellicosity = [0, 8]
    run(s, ["surrender"])
    assert s.decisive and s.outcome() is not None and s.outcome().winner == "player"  # type: ignore[union-attr]


def test_10_1_5_no_decisive_victory_means_the_player_loses() -> None:
    s = bare()
    s.turn = 10
    s.last_turn = 10
    s.vp = [150, -40]
    run(s, ["game_turn"])
    out = s.outcome()
    assert out is not None and out.winner == "matrix" and not s.decisive
    t = bare()
    t.turn = t.last_turn = 10
    t.vp = [151, 0]
    run(t, ["game_turn"])
    assert t.outcome() is not None and t.outcome().winner == "player"  # type: ignore[union-attr]


# ---------------------------------------------------------------- 8.3
def test_8_3_armistice_occurs_and_its_effects() -> None:
    s = bare(player=ATHENS)
    s.turn = 4
    s.bellicosity = [6, 5]
    s.treasury = [1500, 3000]
    s.hostages = [True, False]
    s.add_sps(sp("megara"), ATHENIAN, HOPLITE, 2)  # Athenian SPs in a captured space go home
    s.add_sps(sp("megara"), ATHENIAN_ALLIED, HOPLITE, 1)  # allies stay
    s.recontrol()
    script_dice(s, [5] + [3, 4] * 3)  # 5 halved, rounded up: 3 turns; three random events (7: tribute)
    run(s, ["armistice_determination"])
    assert s.armistice_used and s.turn == 7 and s.hostages == [False, False]
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 0
    assert s.sp[sp("megara")][slot(ATHENIAN_ALLIED, HOPLITE)] == 1
    assert s.sp[sp("athens")][slot(ATHENIAN, HOPLITE)] == 2
    assert log_has(s, "x 3 turns")
    # the player (Athens) builds up to 3 SPs per armistice turn, never below 1000 talents
    assert s.pending is not None and s.pending["kind"] == "build" and int(s.pending["cap"]) == 9 * 200
    assert int(s.pending["floor"]) == 1000
    s.bell_loss = [2, 0]  # as if an armistice turn's event had flipped a marker
    s.apply("player", "done")
    assert s.bellicosity == [6, 6] and s.bell_loss == [0, 0]  # 10 - 4 game turns of war


def test_8_3_nicias_adds_a_turn() -> None:
    s = bare(mode="two-player")
    s.bellicosity = [3, 3]
    s.nicias = True
    s.treasury = [0, 0]
    script_dice(s, [1] + [3, 4] * 2)
    run(s, ["armistice_determination"])
    assert s.armistice_turns == 2


def test_8_3_no_armistice_unless_both_sides_qualify_and_only_once() -> None:
    s = bare()
    s.bellicosity = [6, 7]
    s.treasury = [5000, 5000]
    run(s, ["armistice_determination"])
    assert not s.armistice_used
    s.treasury = [5000, 900]  # Sparta's treasury below 1000: a combination of the two conditions
    script_dice(s, [2, 3, 4])
    run(s, ["armistice_determination"])
    assert s.armistice_used and s.armistice_turns == 1
    turn = s.turn
    s.bellicosity = [1, 1]
    run(s, ["armistice_determination"])
    assert s.turn == turn


def test_10_3_and_10_4_allow_no_armistice() -> None:
    for scenario in ("decelean-war", "fall-of-athens"):
        s = bare(scenario)
        s.bellicosity = [1, 1]
        run(s, ["armistice_determination"])
        assert not s.armistice_used


def test_10_2_an_armistice_ends_the_archidamian_war() -> None:
    s = bare("archidamian-war")
    s.bellicosity = [2, 2]
    s.vp = [10, -15]
    script_dice(s, [6])
    run(s, ["armistice_determination"])
    assert s.phase == PH_OVER and s.outcome() is not None and s.outcome().winner == "player"  # type: ignore[union-attr]


# ---------------------------------------------------------------- 8.4, 8.5
def test_8_4_ravaged_markers_removed_and_attica_remembered() -> None:
    s = bare()
    s.ravaged[sp("decelea")] = True
    s.ravaged[sp("chios")] = True
    run(s, ["ravaged_removal"])
    assert not any(s.ravaged) and s.attica_ravaged_prev
    run(s, ["ravaged_removal"])
    assert not s.attica_ravaged_prev


def test_8_5_the_turn_marker_moves_on() -> None:
    s = bare()
    s.turn = 4
    armistice.t_game_turn(s, ["game_turn"])
    assert s.turn == 5 and s.tasks[-1] == ["turn", 0]


def test_10_1_sicilian_disaster_counts_four_naval_sps_lost() -> None:
    s = bare()
    s.add_sps(sp("piraeus"), ATHENIAN, NAVAL, 5)
    s.eliminate(sp("piraeus"), ATHENIAN, NAVAL, 3)
    armistice.t_game_turn(s, ["game_turn"])
    assert not s.delian_rebellion_due
    s.eliminate(sp("piraeus"), ATHENIAN, NAVAL, 1)
    armistice.t_game_turn(s, ["game_turn"])
    assert s.delian_rebellion_due and s.naval_lost[ATHENS] == 4
    s.add_sps(sp("sparta"), SPARTAN, NAVAL, 5)
    s.eliminate(sp("sparta"), SPARTAN, NAVAL, 5)
    assert s.naval_lost[SPARTA] == 5


def test_P31_an_armistice_past_the_last_turn_ends_the_scenario() -> None:
    s = bare(mode="two-player")
    s.turn = 9
    s.bellicosity = [3, 3]
    script_dice(s, [6, 3, 4, 3, 4, 3, 4])
    run(s, ["armistice_determination"])
    assert s.turn == 10
    armistice.t_game_turn(s, ["game_turn"])
    assert s.phase == PH_OVER and "game turn 10 is completed" in s.end_reason
