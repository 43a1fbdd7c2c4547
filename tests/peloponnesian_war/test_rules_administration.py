"""The Administrative Phase (7.1 revenue with 7.1.1-7.1.5, 7.2 construction)."""

from __future__ import annotations

import pytest

from polemos.games.peloponnesian_war.administration import revenue
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENS,
    HOPLITE,
    NAVAL,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import slot
from tests.peloponnesian_war.spine import COMP, bare, run, sp

EISPHORA = 1000


def test_7_1_league_revenue_with_eisphora_on_an_untouched_map() -> None:
    s = bare()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA  # 7.1, 7.1.4
    assert revenue(s, SPARTA)[0] == 2500


def test_7_1_fifty_talents_for_each_space_captured_ravaged_or_in_rebellion() -> None:
    s = bare()
    s.ravaged[sp("chios")] = True
    s.rebellion[sp("mytilene")] = SPARTA
    s.add_sps(sp("miletus"), SPARTAN, HOPLITE, 1)  # captured
    s.ravaged[sp("miletus")] = True  # captured and ravaged: still 50 only
    s.recontrol()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA - 150


def test_7_1_thebes_and_corinth_cost_sparta_250_each() -> None:
    s = bare()
    s.add_sps(sp("thebes"), ATHENIAN, HOPLITE, 1)
    s.add_sps(sp("corinth"), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    assert revenue(s, SPARTA)[0] == 2500 - 500


def test_7_1_1_syracuse_as_a_spartan_ally() -> None:
    s = bare()
    syracuse = next(p for p in COMP.powers if p.id == "syracuse")
    s.power_status[syracuse.index] = SPARTA
    s.recontrol()
    assert revenue(s, SPARTA)[0] == 2500 + 500
    s.add_sps(sp("syracuse"), ATHENIAN, HOPLITE, 1)  # Athenian forces capture Syracuse
    s.recontrol()
    assert s.control[sp("syracuse")] == ATHENS
    assert revenue(s, SPARTA)[0] < 2500 + 500


def test_7_1_1_athens_holding_syracuse_with_zoi_over_sicily() -> None:
    s = bare()
    s.add_sps(sp("syracuse"), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA  # no ZOI over the rest of Sicily
    for name in ("messana", "catana", "leontini", "gela", "segesta"):
        s.add_sps(sp(name), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA + 1000


def test_7_1_2_no_path_to_the_euxine() -> None:
    s = bare()
    s.add_sps(sp("byzantium"), SPARTAN, HOPLITE, 1)
    s.recontrol()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA - 50 - 1500


def test_7_1_3_epidamnus() -> None:
    s = bare()
    s.add_sps(sp("epidamnus"), ATHENIAN, HOPLITE, 1)
    s.recontrol()
    assert revenue(s, ATHENS)[0] == 3500 + EISPHORA + 1000
    s.add_sps(sp("corcyra"), SPARTAN, NAVAL, 1)  # an enemy force on the only way there
    s.recontrol()
    assert "7.1.3" not in " ".join(revenue(s, ATHENS)[1])


def test_7_1_4_eisphora_needs_attica_free_and_unravaged() -> None:
    s = bare()
    s.ravaged[sp("decelea")] = True
    assert revenue(s, ATHENS)[0] == 3500 - 50
    assert revenue(s, ATHENS, ignore_ravaged=True)[0] == 3500 + EISPHORA  # 8.3


def test_6_3_helot_loss_comes_off_the_revenue() -> None:
    s = bare()
    s.revenue_adjust[SPARTA] = 500
    assert revenue(s, SPARTA)[0] == 2000


@pytest.mark.parametrize("rebels, captured, floor", [(0, "", 1000), (10, "", 0), (0, "piraeus", 0),
                                                     (0, "decelea", 0)])
def test_7_1_5_athenian_emergency_fund(rebels: int, captured: str, floor: int) -> None:
    s = bare()
    delian = [i for i, x in enumerate(COMP.spaces) if x.alignment == 0 and x.home < 0][:rebels]
    for i in delian:
        s.rebellion[i] = SPARTA
    if captured:
        s.add_sps(sp(captured), SPARTAN, HOPLITE, 1)
    s.recontrol()
    s.treasury = [2500, 2500]
    assert s.treasury_floor(ATHENS) == floor and s.spendable(ATHENS) == 2500 - floor
    assert s.treasury_floor(SPARTA) == 0


def test_7_1_revenue_collection_adds_to_the_treasuries() -> None:
    s = bare()
    s.treasury = [100, 200]
    run(s, ["revenue"])
    assert s.treasury == [100 + 3500 + EISPHORA, 200 + 2500]


def test_7_2_the_player_builds_at_most_600_talents_then_stops() -> None:
    s = bare(player=SPARTA)
    s.treasury = [0, 5000]
    run(s, ["construction", SPARTA])
    assert s.pending is not None and s.pending["kind"] == "build"
    legal = s.legal_actions("player")
    assert "build spartan hoplite" in legal and "build spartan-allied naval" in legal and "done" in legal
    assert not any("athenian" in a for a in legal)
    for _ in range(3):
        s.apply("player", "build spartan hoplite")
    assert s.pending is None and s.treasury[SPARTA] == 5000 - 600  # 600 talents: the segment's cap
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 3  # placed by the table: Sparta


def test_7_2_done_and_the_emergency_fund() -> None:
    s = bare(player=ATHENS)
    s.treasury = [1300, 0]
    run(s, ["construction", ATHENS])
    assert s.legal_actions("player")[-1] == "done"
    s.apply("player", "build athenian naval")
    assert s.pending is None and s.treasury[ATHENS] == 1100  # 7.1.5: no second SP below 1000
    assert s.sp[sp("piraeus")][slot(ATHENIAN, NAVAL)] == 1


def test_7_2_nothing_to_build_asks_nothing() -> None:
    s = bare(player=ATHENS)
    s.treasury = [1100, 0]
    run(s, ["construction", ATHENS])
    assert s.pending is None


def test_P29_the_matrix_builds_its_preference() -> None:
    s = bare(player=ATHENS)
    s.treasury = [0, 700]
    run(s, ["construction", SPARTA])
    assert s.treasury[SPARTA] == 100
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 3
    assert s.sp[sp("corinth")][slot(SPARTAN_ALLIED, NAVAL)] == 0
