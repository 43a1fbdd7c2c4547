"""Every worked example in the rulebook (the-peloponnesian-war.txt), as a test named by its rule,
with the dice scripted where the example's procedure rolls them.

The text holds three examples: 1.3 (the Zones of Influence of a force by its composition, spaces A
to F of a picture the text does not reproduce), 5.6 (hostages bar the Attack Athens strategy until
an armistice) and 5.8 (Syracuse already holds its two Spartan Allied Hoplite SPs). The
Comprehensive Example of Play its sections refer to ("See Comprehensive Example of Play -
Paragraph #n") is not in the text we have (RULINGS P105); ``test_the_rulebook_has_these_examples``
keeps this list honest.
"""

from __future__ import annotations

import re
from pathlib import Path

from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war import combat
from polemos.games.peloponnesian_war import geography as geo
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    HOPLITE,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import LD_OUT, slot
from tests.peloponnesian_war.spine import COMP, bare, ld, log_has, run, sp

RULEBOOK = Path("/work/shared/rules/the-peloponnesian-war.txt")
if not RULEBOOK.exists():
    RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "the-peloponnesian-war.txt"


def names(spaces: frozenset[int]) -> set[str]:
    return {COMP.spaces[x].id for x in spaces}


def test_the_rulebook_has_these_examples() -> None:
    """The text's worked examples are those of 1.3, 5.6 and 5.8 (each tested below); the
    Comprehensive Example of Play it cites is missing from it (RULINGS P105)."""
    if not RULEBOOK.exists():
        return  # the rulebook is not shipped with the package; the examples below stand alone
    text = RULEBOOK.read_text(encoding="utf-8")
    section = ""
    found = []
    for line in text.splitlines():
        head = re.match(r"^(\d+\.\d+(?:\.\d+)?) [A-Z]", line)
        if head:
            section = head.group(1)
        if re.match(r"^(EXAMPLE|Example)\b", line):
            found.append(section)
    assert found == ["1.3", "5.6", "5.8"]
    assert "Comprehensive Example of Play" in text
    assert not re.search(r"^\s*COMPREHENSIVE EXAMPLE OF PLAY", text, re.MULTILINE | re.IGNORECASE)


# ------------------------------------------------------------------------------------ 1.3 EXAMPLE
def test_1_3_example_zoi_of_a_force_by_its_composition() -> None:
    """1.3 EXAMPLE: a force in space C. Naval and Cavalry: A, B, C, D, E and F; Naval only: A, B,
    C, D and E (within 2 Naval/Combined LOCs); Cavalry only: B, C, D and F (within 1 Land or
    Combined LOC); Hoplites only: C alone. On the map: a Spartan force in Megara (C), where
    Cenchreae is reached both ways (like B and D), Aegina only by sea (like A and E), Plataea only
    by land (like F)."""
    c = sp("megara")

    def zoi(hop: int, cav: int, nav: int) -> frozenset[int]:
        return geo.zoi(COMP, c, SPARTA, hop, cav, nav)

    both, naval, cavalry, hoplite = zoi(0, 1, 1), zoi(0, 0, 1), zoi(0, 1, 0), zoi(1, 0, 0)
    assert hoplite == {c}
    assert both == naval | cavalry
    assert {"cenchreae", "megara"} <= names(naval & cavalry)  # B, C, D
    assert "aegina" in names(naval - cavalry)  # A, E
    assert {"plataea", "corinth"} <= names(cavalry - naval)  # F
    assert zoi(1, 1, 1) == both and zoi(1, 1, 0) == cavalry and zoi(1, 0, 1) == naval  # "All", H+C, H+N


# ------------------------------------------------------------------------------------ 5.6 Example
def test_5_6_example_athens_wins_a_land_battle_with_spartan_hoplites_lost_no_attack_athens() -> None:
    """5.6 Example: Athens wins a land battle in which Spartan Hoplite SPs are lost: Sparta cannot
    use the Attack Athens strategy on any game turn until after an armistice occurs (8.3)."""
    s = bare(player=SPARTA)
    s.add_sps(sp("megara"), ATHENIAN, HOPLITE, 6)
    s.add_sps(sp("megara"), SPARTAN, HOPLITE, 2)
    s.settle()
    script_dice(s, [6, 1])  # Athens rolls 6, Sparta 1
    result = combat.resolve_battle(s, "5.2", sp("megara"), sp("megara"))
    assert result["winner"] == ATHENS
    assert s.sp[sp("megara")][slot(SPARTAN, HOPLITE)] < 2 and s.hostages == [True, False]
    assert log_has(s, "5.6 Athens takes hostages")
    # the player commanding Sparta is not offered Attack Athens, on this turn or a later one
    for turn in (2, 3):
        s.turn = turn
        run(s, ["strategy_determine", SPARTA])
        assert "strategy attack-athens" not in s.legal_actions("player")
        assert "strategy cause-rebellion" in s.legal_actions("player")
    # 8.3: an armistice releases the hostages and lifts the restriction for the rest of the game
    s.pending = None
    s.turn = 4
    s.bellicosity = [6, 5]
    s.treasury = [1500, 3000]
    script_dice(s, [5] + [3, 4] * 3)  # the armistice's length, then its turns' random events
    run(s, ["armistice_determination"])
    assert s.armistice_used and s.hostages == [False, False]
    run(s, ["strategy_determine", SPARTA])
    s.reset_caches()  # the tasks were run by hand, not by actions: forget the menu listed before
    assert "strategy attack-athens" in s.legal_actions("player")


def test_5_6_example_the_matrix_side_rolls_again_rather_than_attack_athens() -> None:
    """5.6 Example, Sparta as the matrix side: its strategy roll never yields Attack Athens while
    Athens holds the hostages (RULINGS P12: roll again)."""
    s = bare(player=ATHENS)
    s.hostages[ATHENS] = True
    s.commander[SPARTA] = ld("archidamus")
    from polemos.games.peloponnesian_war import strategy

    rating = strategy.strategic_rating(s, SPARTA)
    matrix = COMP.matrixes[SPARTA]
    barred = [r for r in range(1, 7) if matrix.strategy_for(r + rating).attacks_home]
    ok = next(r for r in range(1, 7) if not matrix.strategy_for(r + rating).attacks_home)
    assert barred
    script_dice(s, [*barred, ok])
    run(s, ["strategy_determine", SPARTA])
    assert not matrix.strategies[s.strategy[SPARTA]].attacks_home


# ------------------------------------------------------------------------------------ 5.8 Example
def test_5_8_example_syracuse_holds_two_allied_hoplites_so_corinth_and_thebes_share_the_rest() -> None:
    """5.8 Example: before post-combat movement two Spartan Allied Hoplite SPs are in Syracuse
    (a Spartan ally, whose first call is two of them): none is sent there, and Corinth and Thebes
    each receive 50% of the remaining Allied Hoplite SPs. Here a Spartan army fails its 5.4
    going-home roll (scripted 1), leaving its Spartan Hoplite SP (5.4 NOTE) and sending four
    Allied Hoplite SPs home."""
    s = bare(player=ATHENS)
    syracuse = COMP.power("syracuse").index
    s.power_status[syracuse] = SPARTA
    s.touch()
    s.add_sps(sp("syracuse"), SPARTAN_ALLIED, HOPLITE, 2)
    s.add_sps(sp("megara"), SPARTAN, HOPLITE, 1)
    s.add_sps(sp("megara"), SPARTAN_ALLIED, HOPLITE, 4)
    s.leader_at[ld("archidamus")] = sp("megara")
    s.settle()
    before = {x: s.sp[sp(x)][slot(SPARTAN_ALLIED, HOPLITE)] for x in ("corinth", "thebes")}
    script_dice(s, [1])  # 1 + Archidamus' Strategic Rating: below 6
    run(s, ["cb_going_home"])
    assert s.sp[sp("megara")][slot(SPARTAN, HOPLITE)] == 1
    assert s.sp[sp("megara")][slot(SPARTAN_ALLIED, HOPLITE)] == 0
    assert s.sp[sp("syracuse")][slot(SPARTAN_ALLIED, HOPLITE)] == 2  # its requirement was already met
    assert s.sp[sp("corinth")][slot(SPARTAN_ALLIED, HOPLITE)] - before["corinth"] == 2
    assert s.sp[sp("thebes")][slot(SPARTAN_ALLIED, HOPLITE)] - before["thebes"] == 2
    assert s.leader_at[ld("archidamus")] == LD_OUT and s.going_home == [0] * 12
    assert s.sp[sp("athens")][slot(ATHENIAN_ALLIED, HOPLITE)] == 0  # nothing else moved
