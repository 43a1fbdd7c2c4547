"""9.0 scoring, the scenarios' set-ups and ends (10.1-10.4), and the game as a whole: modes, roles and
seats, positions, records, views, and random play from set-up to an outcome."""

from __future__ import annotations

import json
import random

import pytest

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war import victory
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    HOPLITE,
    NAVAL,
    NO,
    PERSIA,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import LD_DEAD, PH_OVER, REBEL_OPEN, PWState, slot
from tests.peloponnesian_war.spine import COMP, GAME, bare, game, ld, run, sp


# ---------------------------------------------------------------- 9.0
def test_9_0_a_battle_scores_ten_to_the_winner_and_minus_fifteen_to_the_loser() -> None:
    s = bare(player=SPARTA)
    victory.battle(s, SPARTA, "5.2.1")
    assert s.vp == [10, -15]  # [player, matrix]
    s.player = ATHENS  # the score follows the player (1.2)
    victory.battle(s, SPARTA, "5.2.1")
    assert s.vp == [-5, -5]


def test_9_0_a_successful_siege() -> None:
    s = bare(mode="two-player")
    victory.siege_won(s, ATHENS, SPARTA, "5.3")
    assert s.vp == [10, -15]
    victory.siege_won(s, ATHENS, NO, "5.3")  # a neutral or rebel fortress: no friendly space lost
    assert s.vp == [20, -15]


# ---------------------------------------------------------------- 10.x ends
def test_10_2_the_second_change_of_sides_ends_the_archidamian_war() -> None:
    s = bare("archidamian-war", player=ATHENS)
    s.sci = [6, 6]
    from polemos.core.rng import script_dice

    script_dice(s, [1])
    run(s, ["side_determination"])
    assert s.switches == 1 and s.phase != PH_OVER
    s.sci = [6, 6]
    script_dice(s, [1])
    run(s, ["side_determination"])
    assert s.phase == PH_OVER and "second time" in s.end_reason


def test_10_3_5_the_decelean_war_ends_when_the_player_returns_to_athens() -> None:
    s = bare("decelean-war", player=ATHENS)
    s.sci = [6, 6]
    from polemos.core.rng import script_dice

    script_dice(s, [1, 1])
    run(s, ["side_determination"])
    assert s.player == SPARTA and s.phase != PH_OVER
    run(s, ["side_determination"])
    assert s.player == ATHENS and s.phase == PH_OVER and "Spartan to the Athenian" in s.end_reason


@pytest.mark.parametrize("vp, winner", [([-5, -20], "player"), ([-20, -5], "matrix"), ([0, 0], None)])
def test_10_2_to_10_4_the_higher_score_wins_even_if_both_are_negative(vp: list[int], winner: str | None) -> None:
    s = bare("fall-of-athens")
    s.vp = vp
    victory.finish(s, "test")
    out = s.outcome()
    assert out is not None and out.winner == winner


# ---------------------------------------------------------------- 10.x set-ups
def test_10_1_set_up() -> None:
    s = game("peloponnesian-war", side="sparta")
    assert s.turn == 1 and s.last_turn == 10 and s.player == SPARTA
    assert s.treasury[ATHENS] >= 0 and s.home_guard == 3
    pot = sp("potidaea")
    assert s.rebellion[pot] == SPARTA and s.siege[pot]  # 10.1.1, RULINGS P14
    assert s.sp[pot][slot(SPARTAN_ALLIED, HOPLITE)] == 1 and s.control[pot] == SPARTA
    assert s.ops == [1, 0] and s.first_player == SPARTA  # 10.1.4: Athens' first operation is made
    macedon = next(p for p in COMP.powers if p.id == "macedon")
    assert s.power_status[macedon.index] == ATHENS and s.coalition[sp("pela")] == ATHENS


def test_10_3_set_up() -> None:
    s = game("decelean-war", side="sparta")
    assert s.turn == 6 and s.last_turn == 8 and s.player == ATHENS  # 10.3.5: the player begins as the Athenian
    for name in ("brasidas", "archidamus", "pericles", "cleon"):
        assert s.leader_at[ld(name)] == LD_DEAD
    assert s.serves[ld("alcibiades")] == SPARTA
    syracuse = next(p for p in COMP.powers if p.id == "syracuse")
    assert s.power_status[syracuse.index] == SPARTA
    assert s.sci == [0, 0]  # RULINGS P15


def test_10_4_set_up() -> None:
    s = game("fall-of-athens")
    assert s.turn == 7 and s.player == SPARTA and s.ops == [1, 1]
    assert s.serves[ld("alcibiades")] == PERSIA
    assert sum(1 for r in s.rebellion if r == SPARTA) == 17
    assert s.treasury_floor(ATHENS) == 0  # 10.4.3: the Emergency Fund is not in effect
    assert REBEL_OPEN not in s.rebellion


def test_fixed_mode_keeps_the_chosen_side() -> None:
    s = game("fall-of-athens", mode="fixed", side="athens")
    assert s.player == ATHENS
    t = game("fall-of-athens", mode="solitaire", side="athens")
    assert t.player == SPARTA  # 10.4.3 names the player's side


# ---------------------------------------------------------------- the game
def test_roles_and_seats_by_mode() -> None:
    assert GAME.roles_for({"mode": "two-player"}) == ("athens", "sparta")
    assert GAME.seats_for({"mode": "two-player"}) == ("athens", "sparta")
    assert GAME.roles_for({}) == ("player", "matrix") and GAME.seats_for({}) == ("player",)
    assert GAME.seats_for({"mode": "fixed"}) == ("player",)


def test_bad_options_and_scenarios_are_refused() -> None:
    with pytest.raises(ValueError):
        GAME.new(1, "peloponnesian-war", {"mode": "three"})
    with pytest.raises(ValueError):
        GAME.new(1, "sicily", {})


def test_the_matrix_role_is_never_asked() -> None:
    s = game("peloponnesian-war", seed=3)
    r = random.Random(3)
    for _ in range(200):
        if s.outcome() is not None:
            break
        assert s.active_roles() == ("player",)
        assert s.legal_actions("matrix") == []
        with pytest.raises(IllegalActionError):
            s.apply("matrix", "done")
        s.apply("player", r.choice(s.legal_actions("player")))


def _play(s: PWState, seed: int, limit: int = 5000) -> int:
    r = random.Random(seed)
    n = 0
    while s.outcome() is None and n < limit:
        roles = s.active_roles()
        assert roles, f"dead end on game turn {s.turn}"
        acts = s.legal_actions(roles[0])
        assert acts
        s.apply(roles[0], r.choice(acts))
        n += 1
    return n


@pytest.mark.parametrize("scenario", ["peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens"])
@pytest.mark.parametrize("mode", ["solitaire", "two-player"])
def test_random_play_reaches_an_outcome(scenario: str, mode: str) -> None:
    for seed in (11, 12):
        s = game(scenario, mode=mode, seed=seed)
        _play(s, seed)
        out = s.outcome()
        assert out is not None and s.pending is None and not s.tasks
        assert set(out.scores) == set(s.roles())


def test_json_round_trip_clone_and_replay() -> None:
    s = game("peloponnesian-war", seed=5)
    r = random.Random(5)
    for _ in range(60):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
    doc = s.to_json()
    t = GAME.from_json(json.loads(json.dumps(doc)))
    assert t.to_json() == doc
    c = s.clone()
    assert c.to_json() == doc
    # the clone and its original share the rows of sp and moved until one changes them (writable)
    assert c.sp[0] is s.sp[0]
    c.add_sps(0, 0, 0, 1)
    assert s.sp[0][0] + 1 == c.sp[0][0] and s.to_json() == doc
    d = c.clone()
    d.remove_sps(0, 0, 0, 1)
    assert d.sp[0][0] == s.sp[0][0] and c.sp[0][0] == s.sp[0][0] + 1 and s.to_json() == doc
    rec = s.record()
    again = GAME.new(rec["seed"], rec["scenario"], rec["options"])
    for role, action in rec["actions"]:
        again.apply(role, action)
    assert again.to_json()["sp"] == doc["sp"] and again.view("player") == s.view("player")


def test_views_show_the_board_and_no_secrets() -> None:
    s = game("peloponnesian-war", seed=2)
    v = s.view("player")
    assert v["side"] in ("athens", "sparta") and v["role"] == "player" and v["turn"] == 1
    text = json.dumps(v)
    assert "rng" not in v and "tasks" not in v and '"key"' not in text
    assert s.view(None)["spaces"] == v["spaces"]
    pot = next(x for x in v["spaces"] if x["id"] == "potidaea")
    assert pot["siege"] and pot["rebellion"] == "sparta"
    _ = (ATHENIAN, ATHENIAN_ALLIED, NAVAL, SPARTAN)


def test_the_terminal_board_shows_the_set_up() -> None:
    from polemos.games.peloponnesian_war.text import render

    board = " ".join(render(game("peloponnesian-war", seed=3).view("player")).split())  # unwrapped
    # every space, leader and side by its display name (issue 11), not its id
    assert "Potidaea [control: Sparta]: Ath 2H 3N, AthAl 1C, SpaAl 1H — Phormio (Athens 2/0)" in board
    assert "rebellion (Sparta), siege" in board
    assert "Waiting for Player (Athens): 3.1: choose the strategy Athens follows" in board


def test_1_4_the_game_turn_sequence() -> None:
    """1.4: Political (2.1-2.4), Strategic Planning (3.x), Operations (4.x), Combat (5.x), Rebellion (6.x),
    Administrative (7.x), Armistice and Surrender (8.x), in that order; the first game turn has neither
    of the first two (2.0 and 3.0 NOTES)."""
    s = game("peloponnesian-war", mode="two-player", seed=8)
    r = random.Random(8)
    while s.outcome() is None and s.turn < 3:
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
    lines = [text for _, text in s.log]
    start = lines.index("1.4 game turn 2 begins.")
    first = [line.split()[0] for line in lines[:start]]
    assert not any(rule.startswith("2.") or rule == "3.2" for rule in first)  # (3.1 only by RULINGS P22)
    turn2 = [line.split()[0].split(".")[0] for line in lines[start + 1:]]
    turn2 = turn2[:turn2.index("1") if "1" in turn2 else len(turn2)]
    phases = [p for p in turn2 if p in ("2", "3", "4", "5", "6", "7", "8")]
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order[:2] == ["2", "3"] and order[-1] == "8"
    assert order.index("3") < order.index("7") < order.index("8")


def test_10_4_3_no_further_athenian_leader_casualties() -> None:
    s = bare("fall-of-athens")
    assert not victory.leader_may_die(s, ld("thrasybulus"))  # no Leader Deaths this turn (5.7)
    s.leader_deaths = True
    assert not victory.leader_may_die(s, ld("thrasybulus")) and victory.leader_may_die(s, ld("mindarus"))
    t = bare("peloponnesian-war")
    t.leader_deaths = True
    assert victory.leader_may_die(t, ld("pericles"))


def test_2_4_nicias_commanding_from_the_set_up_flips_the_marker() -> None:
    assert game("decelean-war").nicias  # 10.3.1: Nicias is the Athenian leader
    assert not game("peloponnesian-war").nicias


def test_the_scenario_can_be_chosen_as_an_option() -> None:
    """The browser table's form and the command line choose games by options: the ``scenario`` option
    chooses among 10.1-10.4 like the kernel's scenario argument, and the two must agree."""
    s = GAME.new(1, None, {"scenario": "fall-of-athens"})
    assert s.scenario == "fall-of-athens" and s.turn == 7  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        GAME.new(1, "decelean-war", {"scenario": "fall-of-athens"})
    with pytest.raises(ValueError):
        GAME.new(1, None, {"scenario": "sicily"})


def test_10_1_4_only_phormios_army_has_moved() -> None:
    s = game("peloponnesian-war")
    assert sum(s.moved[sp("potidaea")]) == 6  # Phormio's 2H 3N and 1C (Allied)
    assert sum(s.moved[sp("athens")]) == 0  # Pericles' Athens may still assemble an army (4.3)
    t = game("fall-of-athens")
    assert sum(t.moved[sp("abydos")]) == sum(t.sp[sp("abydos")])  # both armies at Abydos
