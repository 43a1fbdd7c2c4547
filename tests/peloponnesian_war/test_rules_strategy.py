"""The Strategic Planning Phase (3.1, 3.2) and the matrix side's objectives (RULINGS P10-P12, 4.4)."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war import strategy
from polemos.games.peloponnesian_war.model import ATHENIAN, ATHENS, HOPLITE, NAVAL, NO, PERSIA, SPARTA, SPARTAN
from tests.peloponnesian_war.spine import COMP, bare, game, ld, log_has, run, sp


def test_3_1_matrix_rolls_one_die_plus_the_strategic_rating() -> None:
    s = bare(player=ATHENS)
    s.commander[SPARTA] = ld("brasidas")  # Strategic 2
    script_dice(s, [3])
    run(s, ["strategy_determine", SPARTA])
    want = COMP.matrixes[SPARTA].strategy_for(3 + COMP.leaders[ld("brasidas")].strategic)
    assert s.strategy[SPARTA] == want.index


def test_3_1_alcibiades_adds_one_to_the_spartan_rating() -> None:
    s = bare()
    s.commander[SPARTA] = ld("agis")
    base = strategy.strategic_rating(s, SPARTA)
    for serves in (SPARTA, PERSIA):
        s.serves[ld("alcibiades")] = serves
        assert strategy.strategic_rating(s, SPARTA) == base + 1
    s.serves[ld("alcibiades")] = ATHENS
    assert strategy.strategic_rating(s, SPARTA) == base


def test_3_1_the_player_chooses_from_his_matrix() -> None:
    s = bare(player=SPARTA)
    run(s, ["strategy_determine", SPARTA])
    assert s.pending is not None and s.pending["kind"] == "strategy"
    legal = s.legal_actions("player")
    assert legal == [f"strategy {st.id}" for st in COMP.matrixes[SPARTA].strategies]
    s.apply("player", "strategy cause-rebellion")
    assert COMP.matrixes[SPARTA].strategies[s.strategy[SPARTA]].id == "cause-rebellion"


def test_3_1_hostages_bar_the_attack_on_the_home_space_until_an_armistice() -> None:
    s = bare(player=SPARTA)
    s.hostages[ATHENS] = True
    run(s, ["strategy_determine", SPARTA])
    assert "strategy attack-athens" not in s.legal_actions("player")
    s.armistice_used = True  # 8.3: the restriction is lifted for the rest of the game
    s.reset_caches()
    assert "strategy attack-athens" in s.legal_actions("player")


def test_3_1_a_barred_matrix_strategy_is_rolled_again_P12() -> None:
    s = bare(player=ATHENS)
    s.hostages[ATHENS] = True
    s.commander[SPARTA] = ld("archidamus")
    rating = strategy.strategic_rating(s, SPARTA)
    matrix = COMP.matrixes[SPARTA]
    barred = next(r for r in range(1, 7) if matrix.strategy_for(r + rating).attacks_home)
    ok = next(r for r in range(1, 7) if not matrix.strategy_for(r + rating).attacks_home)
    script_dice(s, [barred, ok])
    run(s, ["strategy_determine", SPARTA])
    assert s.strategy[SPARTA] == matrix.strategy_for(ok + rating).index
    assert log_has(s, "roll again (RULINGS P12)")


def test_3_2_both_scis_are_reset() -> None:
    s = bare()
    s.sci = [4, -5]
    run(s, ["sci_reset"])
    assert s.sci == [0, 0]


def test_P22_a_side_without_a_set_up_strategy_determines_one_on_the_first_turn() -> None:
    s = game("peloponnesian-war", side="athens")  # 10.1.1 gives Athens no strategy
    assert s.pending is not None and s.pending["kind"] == "strategy" and s.pending["side"] == ATHENS
    assert s.strategy[SPARTA] == COMP.matrixes[SPARTA].strategy_index("attack-athens")  # 10.1.2
    t = game("peloponnesian-war", side="sparta")  # the matrix rolls Athens' strategy itself
    assert t.strategy[ATHENS] != NO


def test_P11_largest_enemy_force() -> None:
    s = bare()
    s.add_sps(sp("piraeus"), ATHENIAN, NAVAL, 5)
    s.add_sps(sp("athens"), ATHENIAN, HOPLITE, 3)
    assert strategy.largest_enemy_force(s, SPARTA, list(range(len(COMP.spaces)))) == sp("piraeus")
    assert strategy.largest_enemy_force(s, ATHENS, list(range(len(COMP.spaces)))) == NO


def test_P11_nearest_lost_space() -> None:
    s = bare()
    s.add_sps(sp("megara"), ATHENIAN, HOPLITE, 1)  # a Peloponnesian space captured, next to Corinth
    s.add_sps(sp("elis"), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    assert strategy.nearest_lost_space(s, SPARTA) in (sp("megara"), sp("elis"))
    near = strategy.nearest_lost_space(s, SPARTA)
    far = sp("elis") if near == sp("megara") else sp("megara")
    s.sp[far] = [0] * 12
    s.recontrol()
    assert strategy.nearest_lost_space(s, SPARTA) == near


def test_P11_no_objective_means_a_pass() -> None:
    s = bare()
    s.strategy[SPARTA] = COMP.matrixes[SPARTA].strategy_index("defensive")
    script_dice(s, [1])
    assert strategy.matrix_objective(s, SPARTA) == (NO, 0, 0)


def test_4_4_cause_rebellion_objective_limits() -> None:
    s = bare()
    assert strategy.cause_rebellion_target_ok(s, SPARTA, sp("mytilene"))
    s.add_sps(sp("mytilene"), ATHENIAN, HOPLITE, 1)
    assert not strategy.cause_rebellion_target_ok(s, SPARTA, sp("mytilene"))  # occupied by an enemy force
    assert not strategy.cause_rebellion_target_ok(s, SPARTA, sp("athens"))  # the enemy home space
    assert not strategy.cause_rebellion_target_ok(s, SPARTA, sp("chios"))  # an enemy coalition space
    assert not strategy.cause_rebellion_target_ok(s, SPARTA, sp("corinth"))  # its own space
    assert not strategy.cause_rebellion_target_ok(s, ATHENS, sp("argos"))  # 4.4 EXCEPTION: neutral Argos
    assert not strategy.cause_rebellion_target_ok(s, SPARTA, sp("sparta"))


def test_P12_a_forbidden_cause_rebellion_objective_is_rolled_again() -> None:
    s = bare()
    matrix = COMP.matrixes[SPARTA]
    s.strategy[SPARTA] = matrix.strategy_index("cause-rebellion")
    s.add_sps(sp("mytilene"), ATHENIAN, HOPLITE, 1)  # roll 1: Mytilene, occupied
    script_dice(s, [1, 2])
    target, land, naval = strategy.matrix_objective(s, SPARTA)
    assert target == sp("eretria") and (land, naval) == (2, 2)


def test_5_6_a_matrix_strategy_barred_mid_turn_gives_no_objective() -> None:
    s = bare()
    s.strategy[SPARTA] = COMP.matrixes[SPARTA].strategy_index("attack-athens")
    s.hostages[ATHENS] = True
    assert strategy.matrix_objective(s, SPARTA)[0] == NO
    s.add_sps(sp("sparta"), SPARTAN, HOPLITE, 1)
