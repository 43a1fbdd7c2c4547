"""The four scenarios' set-ups (rules 10.1-10.4), entry by entry against the rulebook's own lines.

Each set-up section of the rulebook is parsed (tests/peloponnesian_war/rulebook.py) and compared
with scenarios.toml: every force, leader, treasury, Bellicosity, SCI and strategy. The readings
of the garbled lines (RULINGS P13-P17) are the only differences, and each is checked by name.
"""

from __future__ import annotations

import re

import pytest

from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    NATIONALITY_SIDE,
    NO,
    PERSIA,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
    Scenario,
)
from tests.peloponnesian_war import rulebook

C = load_components()


def space_id(name: str) -> str:
    """The data's id of a space the rulebook names (by name or alias)."""
    for s in C.spaces:
        if name in (s.name, *s.aliases):
            return s.id
    raise AssertionError(f"the rulebook's {name!r} is no space of the map")


def leader_id(name: str) -> str:
    for lead in C.leaders:
        if name in (lead.name, lead.counter, *lead.aliases):
            return lead.id
    raise AssertionError(f"the rulebook's {name!r} is no leader")


LEADER_NAMES = {n for lead in C.leaders for n in (lead.name, lead.counter, *lead.aliases)}


def forces_of(scenario: Scenario, side: int) -> dict[tuple[str, bool], list[int]]:
    out: dict[tuple[str, bool], list[int]] = {}
    for f in scenario.forces:
        if NATIONALITY_SIDE[f.nationality] == side:
            allied = f.nationality in (ATHENIAN_ALLIED, SPARTAN_ALLIED)
            out[(C.spaces[f.space].id, allied)] = [f.hoplites, f.cavalry, f.naval]
    return out


def printed_forces(rule: str) -> dict[tuple[str, bool], list[int]]:
    setup = rulebook.read_setup(rule, LEADER_NAMES)
    return {(space_id(name), allied): sps for (name, allied), sps in setup.forces.items()}


def check_side(scenario: Scenario, side: int, rule: str, *, sci_ruling: int | None = None) -> None:
    """Every line of a side's set-up section against the data."""
    setup = rulebook.read_setup(rule, LEADER_NAMES)
    data = scenario.sides[side]
    assert data.treasury == setup.treasury, f"{rule} Treasury"
    assert data.bellicosity == setup.bellicosity, f"{rule} Bellicosity"
    assert data.sci == (setup.sci if sci_ruling is None else sci_ruling), f"{rule} SCI"
    matrix = C.matrixes[side]
    strategy = matrix.strategies[data.strategy].name if data.strategy != NO else ""
    assert strategy == setup.strategy, f"{rule} Strategy"
    commander = [p for p in scenario.leaders if p.commands and p.serves == side]
    assert len(commander) == 1
    assert C.leaders[commander[0].leader].id == leader_id(setup.leader), f"{rule} Leader"
    assert C.spaces[commander[0].at].id == space_id(setup.leader_at), f"{rule} Leader placed in"
    for name, where in setup.leaders_at.items():
        placed = [p for p in scenario.leaders if C.leaders[p.leader].id == leader_id(name)]
        assert placed and C.spaces[placed[0].at].id == space_id(where), f"{rule}: {name} in {where}"
    assert forces_of(scenario, side) == printed_forces(rule), f"{rule} forces"


def check_neutrals(scenario: Scenario, rule: str) -> None:
    printed = {space: sps for (space, allied), sps in printed_forces(rule).items() if allied}
    data = {C.spaces[C.powers[nf.power].seat].id: [nf.hoplites, nf.cavalry, nf.naval]
            for nf in scenario.neutral_forces}
    assert data == printed


# ================================================================================ 10.1 / 10.2
PW = C.scenario("peloponnesian-war")


def test_10_1_1_athenian_setup() -> None:
    check_side(PW, ATHENS, "10.1.1")


def test_10_1_1_potidaea_allied_tag_marks_only_the_cavalry() -> None:
    """RULINGS P13: 'Phormio, 2H, 3N and 1C (Allied)' is 2H 3N Athenian and 1C Athenian Allied."""
    here = [f for f in PW.forces if C.spaces[f.space].id == "potidaea"]
    athenian = next(f for f in here if f.nationality == ATHENIAN)
    allied = next(f for f in here if f.nationality == ATHENIAN_ALLIED)
    assert (athenian.hoplites, athenian.cavalry, athenian.naval) == (2, 0, 3)
    assert (allied.hoplites, allied.cavalry, allied.naval) == (0, 1, 0)


def test_10_1_2_spartan_setup() -> None:
    check_side(PW, SPARTA, "10.1.2")


def test_10_1_2_home_guard_is_3_of_the_10_hoplites_in_sparta() -> None:
    assert "3H of the 10H are the Home Guard" in rulebook.sections()["10.1.2"]
    sparta = next(f for f in PW.forces if C.spaces[f.space].id == "sparta")
    assert (sparta.nationality, sparta.hoplites, sparta.home_guard) == (SPARTAN, 10, 3)


def test_10_1_3_neutral_forces_are_not_on_the_map() -> None:
    check_neutrals(PW, "10.1.3")
    for f in PW.forces:
        assert C.spaces[f.space].id not in ("syracuse", "argos")


def test_10_1_4_potidaea_in_rebellion_and_besieged() -> None:
    """10.1.1 and 10.1.4 (RULINGS P14): a rebellion marker and Phormio's siege at Potidaea."""
    markers = {(m.kind, C.spaces[m.space].id) for m in PW.markers}
    assert markers == {("rebellion", "potidaea"), ("siege", "potidaea")}
    spartan_allied = [f for f in PW.forces if f.nationality == SPARTAN_ALLIED and C.spaces[f.space].id == "potidaea"]
    assert [(f.hoplites, f.cavalry, f.naval) for f in spartan_allied] == [(1, 0, 0)]


def test_10_1_4_spartan_operation_first_and_neutral_status() -> None:
    assert PW.first_operation == SPARTA
    status = {C.powers[p.power].id: p.status for p in PW.powers}
    assert status == {"argos": NO, "syracuse": NO, "macedon": ATHENS, "persia": NO}


def test_10_1_turns_one_to_ten() -> None:
    assert (PW.first_turn, PW.last_turn, PW.armistice) == (1, 10, True)
    assert "until game turn ten" in rulebook.sections()["10.1"]


def test_10_2_archidamian_war_uses_the_10_1_setup_for_three_turns() -> None:
    aw = C.scenario("archidamian-war")
    assert aw.setup_of == PW.index
    for part in ("sides", "leaders", "forces", "markers", "powers", "neutral_forces"):
        assert getattr(aw, part) == getattr(PW, part), part
    assert (aw.first_turn, aw.last_turn) == (1, 3)
    assert set(aw.ends_on) == {"second-side-change", "armistice", "surrender"}
    assert "third game turn is completed" in rulebook.sections()["10.2"]


# ================================================================================ 10.3
DW = C.scenario("decelean-war")


def test_10_3_1_athenian_setup() -> None:
    check_side(DW, ATHENS, "10.3.1")


def test_10_3_2_spartan_setup_with_sci_read_as_zero() -> None:
    """RULINGS P15: the printed 'SCI: 10' breaks 1.3's cap of 6; the data starts it at 0."""
    assert rulebook.read_setup("10.3.2", LEADER_NAMES).sci == 10
    check_side(DW, SPARTA, "10.3.2", sci_ruling=0)


def test_10_3_2_alcibiades_with_agis_in_sparta_on_the_spartan_side() -> None:
    assert "Alcibiades" in rulebook.sections()["10.3.2"]
    placed = {C.leaders[p.leader].id: (C.spaces[p.at].id, p.serves) for p in DW.leaders}
    assert placed["alcibiades"] == ("sparta", SPARTA)
    assert placed["agis"] == ("sparta", SPARTA)
    assert placed["gylippus"] == ("syracuse", SPARTA)


def test_10_3_3_neutral_forces() -> None:
    check_neutrals(DW, "10.3.3")


def test_10_3_4_special_rules() -> None:
    assert (DW.first_turn, DW.last_turn, DW.armistice, DW.player_starts) == (6, 8, False, ATHENS)
    status = {C.powers[p.power].id: p for p in DW.powers}
    assert status["syracuse"].status == SPARTA
    assert status["argos"].status == NO
    macedon = status["macedon"]
    assert (macedon.status, macedon.first_joins, macedon.enter_activates_other) == (NO, SPARTA, True)
    assert {C.leaders[i].id for i in DW.casualties} == printed_casualties("10.3.4")


def printed_casualties(rule: str) -> set[str]:
    """The leaders named on a set-up's 'Leader Casualties' line (up to 'Since ...')."""
    line = next(x for x in rulebook.sections()[rule].splitlines() if "Leader Casualties" in x)
    named = line.split("Since")[0]
    return {leader_id(w) for w in re.findall(r"[A-Z][a-z]+", named) if w in LEADER_NAMES}


# ================================================================================ 10.4
FA = C.scenario("fall-of-athens")


def test_10_4_1_spartan_setup() -> None:
    """Includes RULINGS P16 ('IC' read as 1C) and P13 ('Decelea: 5H, 2C (Allied)')."""
    assert "P16" in rulebook.read_setup("10.4.1", LEADER_NAMES).readings
    check_side(FA, SPARTA, "10.4.1")


def test_10_4_1_alcibiades_in_sardis_on_the_persian_side() -> None:
    placed = {C.leaders[p.leader].id: (C.spaces[p.at].id, p.serves) for p in FA.leaders}
    assert placed["alcibiades"] == ("sardis", PERSIA)
    assert placed["mindarus"] == ("abydos", SPARTA)


def test_10_4_2_athenian_setup() -> None:
    """Includes RULINGS P17: the broken Abydos line continues Abydos."""
    assert "P17" in rulebook.read_setup("10.4.2", LEADER_NAMES).readings
    check_side(FA, ATHENS, "10.4.2")


def test_10_4_3_delian_league_cities_in_revolt() -> None:
    line = next(x for x in rulebook.sections()["10.4.3"].splitlines() if "Cities in Revolt" in x)
    listed = line.split(":", 1)[1].split(". Since")[0]
    names = {space_id(w) for w in listed.replace(" and ", ",").replace(",", " ").split()}
    assert len(names) == 17
    rebellions = {C.spaces[m.space].id for m in FA.markers if m.kind == "rebellion"}
    assert rebellions == names
    assert len(rebellions) >= C.figures.emergency_fund_rebellions  # 7.1.5 is not in effect


def test_10_4_3_special_rules() -> None:
    assert (FA.first_turn, FA.last_turn, FA.armistice, FA.player_starts) == (7, 10, False, SPARTA)
    status = {C.powers[p.power].id: p.status for p in FA.powers}
    assert status == {"argos": ATHENS, "syracuse": SPARTA, "macedon": SPARTA, "persia": NO}
    assert [(C.spaces[a].id, C.spaces[b].id) for a, b in FA.pcm_redirect] == [("larisa", "athens")]
    assert {C.leaders[i].id for i in FA.casualties} == printed_casualties("10.4.3") == {
        "brasidas", "archidamus", "pericles", "cleon", "nicias", "demosthenes"}
    free = {lead.id for lead in C.leaders if lead.side == ATHENS} - {C.leaders[i].id for i in FA.casualties}
    assert free == {"thrasybulus", "thrasyllus", "phormio", "alcibiades"}  # 10.4.3: and Alcibiades by event


def test_10_4_4_ends_at_the_second_change_of_sides() -> None:
    assert set(FA.ends_on) == {"second-side-change", "surrender"}
    assert "second time" in rulebook.sections()["10.4.4"]


@pytest.mark.parametrize("scenario", C.scenarios, ids=lambda s: f"{s.rule}-{s.id}")
def test_10_every_scenario_has_the_4_1_1_home_guard_in_sparta(scenario: Scenario) -> None:
    guard = [f for f in scenario.forces if f.home_guard]
    assert [(C.spaces[f.space].id, f.home_guard) for f in guard] == [("sparta", C.figures.home_guard)]


def test_10_0_four_scenarios() -> None:
    assert [s.rule for s in C.scenarios] == ["10.1", "10.2", "10.3", "10.4"]
    listed = rulebook.sections()["10.0"]
    for s in C.scenarios:
        assert s.name.removeprefix("The ") in listed.replace("Deceleian", "Decelean")
