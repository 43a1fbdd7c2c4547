"""The reconstructed Peloponnesian War components keep every fact the rulebook states.

Names cite the rule each test checks. The rulebook's own text is read (rulebook.py) wherever a
fact is printed there, so the data is checked against the rules, not against a copy of itself.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from polemos.core.data import PROVENANCE_PREFIXES, DataError
from polemos.games.peloponnesian_war.data import DATA_DIR, FILES, load_components
from polemos.games.peloponnesian_war.model import (
    ATHENS,
    CAVALRY,
    COASTAL,
    COMBINED_LOC,
    DELIAN,
    HELOT_SPACES,
    HOPLITE,
    ISLAND,
    LAND,
    LAND_LOC,
    NAVAL,
    NAVAL_LOC,
    NEUTRAL,
    NO,
    PELOPONNESIAN,
    SPARTA,
    SPARTAN_ALLIED,
    Figures,
)
from tests.peloponnesian_war import rulebook

C = load_components()


def sid(space_id: str) -> int:
    return C.space_index[space_id]


def named(name: str) -> str:
    for s in C.spaces:
        if name in (s.name, *s.aliases):
            return s.id
    raise AssertionError(f"no space named {name!r}")


# ============================================================================== spaces (1.1.1)
# Every place the rulebook names, with a rule where it does.
RULEBOOK_PLACES = {
    "Athens": "2.4", "Sparta": "2.4", "Piraeus": "5.3.1", "Decelea": "7.1.4", "Panactum": "7.1.4",
    "Corinth": "4.1.2", "Cenchræ": "4.1.2", "Cape Taenarum": "4.1.3", "Syracuse": "4.1.3", "Argos": "4.5",
    "Macedon": "4.5", "Pela": "4.5", "Sardis": "4.5", "Euxine": "5.3.1", "Samos": "5.9", "Chios": "5.9",
    "Pylos": "6.3", "Asine": "6.3", "Corone": "6.3", "Prasiae": "6.3", "Epidaurus Limera": "6.3",
    "Thebes": "7.1", "Epidamnus": "7.1.3", "Potidaea": "10.1.1", "Naupactus": "10.1.1", "Corcyra": "10.1.1",
    "Larisa": "10.1.1", "Amphipolis": "10.1.1", "Platea": "10.3.2", "Heraclea": "10.3.2",
    "Abydos": "10.4.1", "Miletus": "10.4.1", "Oropus": "10.4.1", "Plataea": "10.4.1",
    "Erythrae": "10.4.3", "Clazomenae": "10.4.3", "Phocaea": "10.4.3", "Cyme": "10.4.3", "Teos": "10.4.3",
    "Colophon": "10.4.3", "Ephesus": "10.4.3", "Kos": "10.4.3", "Cnidus": "10.4.3", "Camirus": "10.4.3",
    "Lindus": "10.4.3", "Thasos": "10.4.3", "Eretria": "10.4.3", "Chalcis": "10.4.3", "Carystos": "10.4.3",
}
# and the others component-data.md names (from the published map's tables and replays)
COMPONENT_DATA_PLACES = (
    "Megara", "Gythium", "Cyllene", "Methana", "Troezen", "Hermione", "Patrae", "Erineus", "Elis", "Tegea",
    "Panormus", "Ambracia", "Stratus", "Scione", "Abdera", "Maroneia", "Cardia", "Byzantium", "Perinthus",
    "Cyzicus", "Loryma", "Mytilene", "Rhegium", "Taras", "Leontini", "Segesta", "Gela",
)


@pytest.mark.parametrize(("name", "rule"), RULEBOOK_PLACES.items(), ids=lambda v: str(v))
def test_1_1_1_every_space_the_rulebook_names_is_on_the_map(name: str, rule: str) -> None:
    assert name in rulebook.section(rule), f"rule {rule} does not name {name}"
    named(name)


def test_1_1_1_every_place_in_component_data_is_on_the_map() -> None:
    for name in COMPONENT_DATA_PLACES:
        named(name)


def test_rules_each_space_cites_do_name_it() -> None:
    for s in C.spaces:
        for rule in s.rules:
            text = rulebook.section(rule)
            assert any(n in text for n in (s.name, *s.aliases)), f"rule {rule} does not name {s.name}"


def test_1_1_1_space_kinds_fortresses_and_alignments() -> None:
    kinds = {s.kind for s in C.spaces}
    assert kinds == {LAND, COASTAL, ISLAND}
    assert {s.alignment for s in C.spaces} == {DELIAN, PELOPONNESIAN, NEUTRAL}
    assert any(s.fortress for s in C.spaces) and not all(s.fortress for s in C.spaces)


def test_2_4_home_spaces_are_athens_and_sparta() -> None:
    assert [(s.id, s.home) for s in C.spaces if s.home != NO] == [("athens", ATHENS), ("sparta", SPARTA)]


def test_5_3_1_athens_and_piraeus_are_fortresses_and_5_3_2_syracuse() -> None:
    for s in ("athens", "piraeus", "syracuse"):
        assert C.space(s).fortress


def test_5_9_samos_stands_in_for_the_athenian_coalition_space_chios() -> None:
    assert C.space("chios").coalition == ATHENS
    assert C.space("samos").stands_in_for == sid("chios")
    assert C.space("samos").coalition == NO


def test_5_8_coalition_spaces_of_the_post_combat_table() -> None:
    """Corinth and Thebes (5.8 example) are Spartan coalition spaces; Corcyra, Chios and Larisa
    (10.1.1, 10.4.3) Athenian ones; Argos, Syracuse and Pela become coalition spaces of the side
    they join (4.5)."""
    assert {s.id for s in C.spaces if s.coalition == SPARTA} == {"corinth", "thebes"}
    assert {"corcyra", "chios", "larisa"} <= {s.id for s in C.spaces if s.coalition == ATHENS}
    seats = {C.powers[p.index].id: C.spaces[p.seat].id for p in C.powers}
    assert seats == {"argos": "argos", "syracuse": "syracuse", "macedon": "pela", "persia": "sardis"}


def test_4_5_neutral_powers() -> None:
    powers = {p.id: p for p in C.powers}
    assert powers["argos"].joins == (ATHENS,) and powers["syracuse"].joins == (SPARTA,)
    assert powers["macedon"].changes_sides and set(powers["macedon"].joins) == {ATHENS, SPARTA}
    assert {C.spaces[s].id for s in powers["macedon"].spaces} == {"pela", "macedon"}  # 4.5
    assert powers["persia"].event_only  # 4.5: only by a random event
    # 4.1.1: neutral Syracuse and Argos are closed to route finding; 4.4: Argos, Syracuse, Pela
    assert {p.id for p in C.powers if p.route_closed_while_neutral} == {"argos", "syracuse"}
    assert {C.spaces[p.seat].id for p in C.powers if p.shielded_while_neutral} == {"argos", "syracuse", "pela"}
    for p in C.powers:
        assert all(C.spaces[s].alignment == NEUTRAL for s in p.spaces)


def test_6_3_helot_spaces_are_laconian_and_messenian_coasts() -> None:
    for s in HELOT_SPACES:
        space = C.space(s)
        assert space.alignment == PELOPONNESIAN and space.kind == COASTAL, s
        assert space.name in rulebook.sections()["6.3"]


def test_7_1_4_eisphora_spaces_are_attica() -> None:
    for name in ("Athens", "Piraeus", "Panactum", "Decelea"):
        assert name in rulebook.sections()["7.1.4"]
        assert C.regions[C.space(named(name)).region].id == "attica"


def test_7_1_1_sicily_spaces() -> None:
    sicily = {s.id for s in C.spaces if C.regions[s.region].id == "sicily"}
    assert {"syracuse", "leontini", "segesta", "gela"} <= sicily
    assert all(C.space(s).alignment == NEUTRAL for s in sicily)


def test_positions_are_real_geography() -> None:
    """A few known bearings: the map is not mirrored or shifted (lat/lon used for drawing)."""
    def east_of(a: str, b: str) -> bool:
        return C.space(a).lon > C.space(b).lon

    def north_of(a: str, b: str) -> bool:
        return C.space(a).lat > C.space(b).lat

    assert east_of("athens", "corinth") and east_of("miletus", "athens") and east_of("byzantium", "abydos")
    assert north_of("thebes", "athens") and north_of("athens", "sparta") and north_of("pela", "larisa")
    assert east_of("athens", "syracuse") and north_of("euxine", "byzantium")


# ============================================================================== LOCs
def test_1_1_1_three_types_of_loc() -> None:
    assert {loc.type for loc in C.locs} == {LAND_LOC, NAVAL_LOC, COMBINED_LOC}


def test_every_space_is_connected_to_athens() -> None:
    seen = {sid("athens")}
    queue = deque(seen)
    while queue:
        for other, _ in C.neighbours(queue.popleft()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert len(seen) == len(C.spaces)


def test_adjacency_matches_the_locs() -> None:
    for loc in C.locs:
        assert (loc.b, loc.index) in C.neighbours(loc.a) and (loc.a, loc.index) in C.neighbours(loc.b)
    assert sum(len(row) for row in C.adjacency) == 2 * len(C.locs)


def test_sea_locs_join_sea_spaces_and_island_roads_stay_on_their_island() -> None:
    """RULINGS P2."""
    for loc in C.locs:
        a, b = C.spaces[loc.a], C.spaces[loc.b]
        if loc.type != LAND_LOC:
            assert LAND not in (a.kind, b.kind), (a.id, b.id)
        if loc.type != NAVAL_LOC and ISLAND in (a.kind, b.kind):
            assert a.island == b.island, (a.id, b.id)


def test_locs_follow_real_distances() -> None:
    """RULINGS P4: no leg longer than a stage of real travel (the 4.1.3 storm route apart)."""
    for loc in C.locs:
        limit = 160 if loc.type == LAND_LOC else 300
        assert loc.storm or loc.km <= limit, (C.spaces[loc.a].id, C.spaces[loc.b].id, loc.km)


def special(flag: str) -> list[tuple[str, str, int]]:
    return [(C.spaces[loc.a].id, C.spaces[loc.b].id, loc.type) for loc in C.locs if getattr(loc, flag)]


def test_5_3_1_the_long_walls_join_athens_and_piraeus() -> None:
    assert special("long_walls") == [("athens", "piraeus", LAND_LOC)]


def test_4_1_2_the_isthmus_joins_corinth_and_cenchreae() -> None:
    assert special("isthmus") == [("corinth", "cenchreae", COMBINED_LOC)]


def test_4_1_3_cape_taenarum_to_syracuse_is_the_storm_route() -> None:
    assert special("storm") == [("cape_taenarum", "syracuse", NAVAL_LOC)]
    assert "5 or 6 is rolled" in rulebook.sections()["4.1.3"]
    assert C.figures.storm_roll == 5


def strait_sides(space_id: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    s = sid(space_id)
    for other, loc_index in C.neighbours(s):
        loc = C.locs[loc_index]
        if loc.side:
            out.setdefault(loc.side, set()).add(C.spaces[other].id)
    return out


def test_naupactus_is_a_strait_with_patrae_and_panormus_on_its_far_side() -> None:
    """RULINGS P5; component-data.md: Patrae/Panormus on one side of Naupactus."""
    assert C.space("naupactus").strait == ("north", "south")
    sides = strait_sides("naupactus")
    assert sides["south"] == {"patrae", "panormus"}
    assert sides["north"] == {"stratus"}


def test_byzantium_is_a_strait_with_perinthus_and_cyzicus_on_opposite_sides() -> None:
    assert C.space("byzantium").strait == ("europe", "asia")
    assert strait_sides("byzantium") == {"europe": {"perinthus"}, "asia": {"cyzicus"}}


def test_strait_crossings_are_combined_and_only_the_two_strait_spaces() -> None:
    assert {s.id for s in C.spaces if s.strait} == {"naupactus", "byzantium"}
    for loc in C.locs:
        if loc.side:
            assert loc.type in (LAND_LOC, COMBINED_LOC)


def path_avoiding(start: str, goal: str, allowed: Any) -> bool:
    seen = {sid(start)}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        if C.spaces[here].id == goal:
            return True
        for other, loc_index in C.neighbours(here):
            if other not in seen and allowed(C.spaces[other], C.locs[loc_index]):
                seen.add(other)
                queue.append(other)
    return False


def test_7_1_2_and_5_3_1_athens_traces_to_the_euxine_at_the_start() -> None:
    """Athens opens the war with its sea lines open: a path free of Peloponnesian spaces."""
    assert path_avoiding("athens", "euxine", lambda s, _: s.alignment != PELOPONNESIAN)


def test_4_1_1_sparta_reaches_corinth_and_athens_without_neutral_argos() -> None:
    assert path_avoiding("sparta", "corinth", lambda s, _: s.id != "argos")
    assert path_avoiding("sparta", "athens", lambda s, loc: s.id != "argos" and loc.type != NAVAL_LOC)


def test_4_1_3_syracuse_is_reached_by_sea_without_the_storm_route() -> None:
    assert path_avoiding("piraeus", "syracuse", lambda _, loc: not loc.storm and loc.type != LAND_LOC)


def test_7_1_3_epidamnus_is_reached_from_both_home_spaces() -> None:
    assert path_avoiding("athens", "epidamnus", lambda *_: True)
    assert path_avoiding("sparta", "epidamnus", lambda *_: True)


def test_4_1_2_land_armies_cross_the_isthmus_by_land() -> None:
    assert path_avoiding("sparta", "thebes", lambda _, loc: loc.type != NAVAL_LOC)


# ============================================================================== leaders
def test_leaders_the_rulebook_names_and_their_counters() -> None:
    text = rulebook.text()
    for lead in C.leaders:
        if lead.id == "lysander":
            continue  # named only by component-data.md
        assert any(n in text for n in (lead.name, lead.counter, *lead.aliases)), lead.id
    abbreviations = rulebook.sections()[rulebook.ABBREVIATIONS]
    for counter, name in re.findall(r"(\w+) = (\w+)", abbreviations):
        lead = next(x for x in C.leaders if name in (x.name, *x.aliases))
        assert counter == lead.counter


def test_leader_ratings_known_from_published_play() -> None:
    """component-data.md: the ratings reported from play."""
    lead = {x.id: x for x in C.leaders}
    assert lead["pericles"].tactical == 1
    assert lead["demosthenes"].strategic == 1
    assert lead["brasidas"].strategic > 1
    assert lead["gylippus"].tactical == 2
    assert lead["callicratides"].strategic > lead["pericles"].strategic
    assert lead["lysander"].tactical == 2 and lead["lysander"].strategic > lead["thrasyllus"].strategic
    assert all(0 <= x.tactical <= 2 and 0 <= x.strategic <= 2 for x in C.leaders)
    assert sum(1 for x in C.leaders if x.side == ATHENS) == sum(1 for x in C.leaders if x.side == SPARTA) == 8


def test_3_1_alcibiades_is_the_turncoat() -> None:
    assert [x.id for x in C.leaders if x.turncoat] == ["alcibiades"]


# ============================================================================== tables
def test_2_2_random_events_cover_every_roll_of_two_dice() -> None:
    assert [e.roll for e in C.random_events] == list(range(2, 13))
    again = C.random_event(10).again
    assert [e.roll for e in again] == list(range(1, 7))


def test_2_2_random_events_known_from_published_play_at_their_numbers() -> None:
    assert set(C.random_event(4).rebel) == {sid("abdera"), sid("maroneia")}
    plague = C.random_event(6)
    assert plague.condition == "attica-ravaged-last-turn" and plague.bellicosity[ATHENS] == -2
    assert C.random_event(8).delian_rebellion  # 2.3: "as if you had rolled an 8"
    assert C.random_event(9).change_sides == next(p.index for p in C.powers if p.id == "macedon")
    argos = C.random_event(10).again[3]
    assert argos.roll == 4 and C.powers[argos.activate].id == "argos"
    assert any(e.activate != NO and C.powers[e.activate].id == "persia" for e in C.random_events)


def test_2_2_events_the_rulebook_names_exist() -> None:
    every = [*C.random_events, *C.random_event(10).again]
    assert any(e.leader_deaths for e in every)  # 5.7 "Leader Deaths"
    assert any(e.alcibiades and e.title == "Demagogue for Hire" for e in every)  # 10.4.3
    assert any(e.activate != NO and C.powers[e.activate].id == "syracuse" for e in every)  # 10.1.4
    for e in every:
        assert all(v in (0, C.figures.random_event_bellicosity) for v in e.bellicosity)  # 2.2: the -2 side


def test_2_3_rebellion_location_table_is_one_die_of_delian_spaces() -> None:
    assert [r.roll for r in C.rebellion_locations] == list(range(1, 7))
    assert all(C.spaces[r.space].alignment == DELIAN for r in C.rebellion_locations)


def test_4_9_post_combat_table_has_a_row_for_every_nationality_and_type() -> None:
    assert len(C.post_combat) == 12
    for row in C.post_combat:
        assert row.steps and all(row.steps)


def test_5_8_example_syracuse_then_corinth_and_thebes() -> None:
    row = C.post_combat_row(SPARTAN_ALLIED, HOPLITE)
    assert [C.powers[p].id for p in row.first_call] == ["syracuse"]
    assert C.powers[row.first_call[0]].requirement[HOPLITE] == 2
    assert {C.spaces[s].id for s in row.steps[0]} == {"corinth", "thebes"}


def test_5_8_first_calls_are_argos_macedon_syracuse() -> None:
    called = {C.powers[p].id for row in C.post_combat for p in row.first_call}
    assert called == {"argos", "macedon", "syracuse"}
    assert "Argos, Macedon, or Syracuse" in rulebook.sections()["5.8"]


def test_strategy_matrixes_cover_every_roll_and_objective() -> None:
    best = {side: max(x.strategic for x in C.leaders if x.side == side) for side in (ATHENS, SPARTA)}
    for matrix in C.matrixes:
        assert matrix.rows[0].low == 1
        assert matrix.rows[-1].high >= 6 + best[matrix.side] + (1 if matrix.side == SPARTA else 0)
        for low in range(1, matrix.rows[-1].high + 1):
            assert matrix.strategy_for(low)
        for strategy in matrix.strategies:
            covered = [r for o in strategy.objectives for r in range(o.low, o.high + 1)]
            assert covered == [1, 2, 3, 4, 5, 6], strategy.id


def test_3_1_strategies_the_rules_name() -> None:
    names = {m.side: {s.name for s in m.strategies} for m in C.matrixes}
    assert {"Attack Sparta", "Cause Rebellion", "Attack Spartan Army"} <= names[ATHENS]
    assert {"Attack Athens", "Cause Rebellion"} <= names[SPARTA]
    for matrix in C.matrixes:
        for strategy in matrix.strategies:
            if strategy.attacks_home:
                assert all(C.spaces[o.target].home == 1 - matrix.side for o in strategy.objectives)


def test_4_4_rebellion_objectives_are_never_enemy_home_or_coalition() -> None:
    for matrix in C.matrixes:
        for strategy in (s for s in matrix.strategies if s.cause_rebellion):
            for o in strategy.objectives:
                target = C.spaces[o.target]
                assert target.home == NO and target.coalition == NO and target.power == NO


def test_4_1_4_island_objectives_carry_their_land_sps() -> None:
    for matrix in C.matrixes:
        for strategy in matrix.strategies:
            for o in strategy.objectives:
                if o.target != NO and C.spaces[o.target].kind == ISLAND:
                    assert o.naval >= o.land


# ============================================================================== numbers
# (figure, the rule, the words of the rule that state it)
FIGURE_TEXT = [
    ("counters", "1.1", "200 Half Inch counters"), ("years_per_turn", "1.2", "three years"),
    ("men_per_hoplite_sp", "1.1.2", "represents 2,000 men"),
    ("men_per_spartan_hoplite_sp", "1.1.2", "represent 1,000 men"),
    ("men_per_cavalry_sp", "1.1.2", "Cavalry SP represents 2,000"), ("triremes_per_naval_sp", "1.1.2", "25 triremes"),
    ("bellicosity_max", "1.3", "above 12"), ("sci_min", "1.3", "negative 6"), ("sci_max", "1.3", "exceed 6"),
    ("side_change_roll", "2.1", "greater than 6"), ("random_event_bellicosity", "2.2", "-2 side"),
    ("activation_land", "4.1.5", "land SP costs 200"), ("activation_naval", "4.1.5", "naval SP, 400"),
    ("home_guard", "4.1.1", "(3 Hoplite SP's)"), ("storm_roll", "4.1.3", "5 or 6"),
    ("adverse_auguries", "4.3", "roll of 6"), ("cause_rebellion_cost", "4.4.2", "pay 100 talents"),
    ("cause_rebellion_roll", "4.4.2", "die roll of 6"), ("interception_roll", "4.6.2", "rolls of 4 through 6"),
    ("skirmish_loss_roll", "4.7", "If a 1 is rolled"), ("skirmish_battle_total", "4.7", "11 or greater"),
    ("skirmish_battle_sps", "4.7", "8 or greater"), ("skirmish_battle_percent", "4.7", "50%"),
    ("siege_margin", "5.1", "4 or more Strength Points weaker"),
    ("spartan_hoplite_bonus", "5.2.1", "Spartan Hoplite SP's, add 2"),
    ("sparta_defence_bonus", "5.2.1", "add 2 to the Spartan"),
    ("athenian_naval_bonus", "5.2.2", "Athenian Naval SP's, add 2"), ("siege_roll", "5.3", "4-6, the siege"),
    ("siege_plunder", "5.3", "300 talents"), ("long_walls_margin", "5.3.1", "three more Athenian"),
    ("syracuse_siege_modifier", "5.3.2", "2 is subtracted"), ("going_home_roll", "5.4", "6 or greater"),
    ("rebellion_spread_roll", "6.2", "6 or greater"), ("rebellion_spread_zoi_bonus", "6.2", "Add two"),
    ("helot_hoplite_loss", "6.3", "2 Spartan Hoplite"), ("helot_first_revenue_loss", "6.3", "by 500 talents"),
    ("helot_later_revenue_loss", "6.3", "by 1000 talents"), ("helot_bellicosity_loss", "6.3", "reduced by 2"),
    ("athens_revenue", "7.1", "3500 talents"), ("sparta_revenue", "7.1", "2500 talents"),
    ("lost_space_revenue", "7.1", "deduct 50 talents"), ("thebes_corinth_revenue", "7.1", "250 talent"),
    ("syracuse_ally_revenue", "7.1.1", "add 500 talents"), ("sicily_revenue", "7.1.1", "add 1000 talents"),
    ("sea_lines_loss", "7.1.2", "deduct 1500 talents"), ("epidamnus_revenue", "7.1.3", "add 1000 talents"),
    ("eisphora", "7.1.4", "1,000 talents"), ("emergency_fund", "7.1.5", "less than 1000 talents"),
    ("emergency_fund_rebellions", "7.1.5", "10 or more"), ("sp_cost", "7.2", "200 talents to construct"),
    ("construction_limit", "7.2", "600 talents"), ("bellicosity_per_lost_spaces", "8.1", "divide the number by 10"),
    ("armistice_bellicosity", "8.3", "6 or less"), ("armistice_treasury", "8.3", "below 1000 talents"),
    ("armistice_builds", "8.3", "up to 3 strength points"), ("armistice_bellicosity_reset", "8.3", "to 10 minus"),
    ("victory_points_won", "9.0", "gains 10 victory"), ("victory_points_lost", "9.0", "loses 15 victory"),
    ("surrender_bonus", "10.1", "200 divided by"), ("sicilian_disaster_naval", "10.1", "lose 4 Naval"),
    ("decisive_victory_points", "10.1.5", "greater than 150"), ("decisive_surrender_turn", "10.1.5", "game turn 3"),
]


@pytest.mark.parametrize(("figure", "rule", "words"), FIGURE_TEXT, ids=[f"{r}-{f}" for f, r, _ in FIGURE_TEXT])
def test_every_number_the_rules_state_holds(figure: str, rule: str, words: str) -> None:
    assert words in " ".join(rulebook.sections()[rule].split()), f"rule {rule} does not say {words!r}"
    field = next(f for f in dataclasses.fields(Figures) if f.name == figure)
    assert field.metadata["rule"] == rule
    stated = int(re.findall(r"\d[\d,]*", words.replace("three", "3").replace("two", "2"))[0].replace(",", ""))
    assert abs(getattr(C.figures, figure)) == abs(field.metadata["value"]) == stated


def test_every_figure_is_checked_against_the_rulebook_text() -> None:
    assert {f for f, _, _ in FIGURE_TEXT} == {f.name for f in dataclasses.fields(Figures)}


def test_1_1_2_counter_mix_holds_every_setup() -> None:
    for scenario in C.scenarios:
        used: dict[tuple[int, int], int] = {}
        for f in scenario.forces:
            for kind in (HOPLITE, CAVALRY, NAVAL):
                used[(f.nationality, kind)] = used.get((f.nationality, kind), 0) + f.sps(kind)
        for (nat, kind), sps in used.items():
            assert sps <= C.mix[nat][kind], (scenario.id, nat, kind)


# ============================================================================== provenance
PARTS = ("eliminate",)  # arrays of inline tables that are part of an entry, not entries


def entries(doc: Any, where: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every table that stands in an array of tables: the data's entries."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in PARTS:
                continue
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                for n, v in enumerate(value):
                    yield f"{where}{key}[{n}]", v
            yield from entries(value, f"{where}{key}.")
    elif isinstance(doc, list):
        for n, v in enumerate(doc):
            yield from entries(v, f"{where}{n}.")


RULE_CLAUSE = re.compile(r"(?:^|; )rule ([^;]*)")


@pytest.mark.parametrize("file", FILES)
def test_provenance_on_every_entry(file: str) -> None:
    """component-data.md policy 3: rule, source or design, and every cited rule exists."""
    doc = tomllib.loads((DATA_DIR / file).read_text(encoding="utf-8"))
    found = list(entries(doc))
    assert found
    numbers = set(rulebook.sections())
    for where, entry in found:
        text = entry.get("provenance")
        assert isinstance(text, str) and text.startswith(PROVENANCE_PREFIXES), f"{file} {where}"
        for clause in RULE_CLAUSE.findall(text):
            for number in re.findall(r"\b\d+\.\d+(?:\.\d+)*\b", clause):
                assert number in numbers, f"{file} {where}: rule {number} is not in the rulebook"


# ============================================================================== broken files
@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


BROKEN = [
    ("unknown-space-in-loc", "locs.toml", 'between = ["athens", "decelea"]', 'between = ["athens", "atlantis"]',
     "locs.toml: loc athens-atlantis: between names unknown space 'atlantis'"),
    ("duplicate-space-id", "spaces.toml", 'id = "panactum"', 'id = "decelea"', "space decelea: duplicate id"),
    ("rule-number-broken", "figures.toml", "value = 3500", "value = 4000",
     "figure athens_revenue: rule 7.1: the rulebook says 3500, not 4000"),
    ("scenario-on-missing-space", "scenarios.toml", 'space = "naupactus"', 'space = "utopia"',
     "space names unknown space 'utopia'"),
    ("strait-with-one-side", "spaces.toml", 'strait = ["north", "south"]', 'strait = ["north"]',
     "a strait space has two sides, not ['north']"),
    ("strait-side-without-loc", "locs.toml", 'type = "land"\nside = "north"', 'type = "land"',
     "a land LOC at strait space naupactus must name its side"),
    ("sci-above-6", "scenarios.toml", "sci = 0\n  strategy = \"cause-rebellion\"",
     "sci = 10\n  strategy = \"cause-rebellion\"", "rule 1.3: SCI 10 is outside -6 to 6"),
    ("roll-8-not-rebellion", "tables.toml", "delian_rebellion = true\nprovenance",
     "treasury = { athens = 1 }\nprovenance", "rule 2.3: a roll of 8 is the Delian League rebellion"),
    ("missing-roll", "tables.toml", "roll = 12\nid", "roll = 11\nid", "roll 11 appears 2 times"),
    ("naval-loc-to-land-space", "locs.toml", 'between = ["athens", "decelea"]\ntype = "land"',
     'between = ["athens", "decelea"]\ntype = "naval"', "a naval LOC joins Coastal or Island spaces only"),
    ("isthmus-moved", "locs.toml", 'between = ["corinth", "cenchreae"]', 'between = ["corinth", "epidaurus"]',
     "rule 4.1.2: the isthmus LOC joins corinth and cenchreae"),
    ("too-long-road", "locs.toml", 'between = ["athens", "decelea"]', 'between = ["athens", "larisa"]',
     "longer than a land LOC may be"),
    ("home-guard-missing", "scenarios.toml", "  home_guard = 3\n  provenance = \"rule 10.1.2",
     "  provenance = \"rule 10.1.2", "rule 4.1.1: the Spartan Home Guard"),
    ("matrix-gap", "matrixes.toml", "roll = [5, 5]\nstrategy = \"cause-rebellion\"",
     "roll = [6, 6]\nstrategy = \"cause-rebellion\"", "rows must run on from 5"),
    ("rebellion-objective-coalition", "matrixes.toml", 'target = "megara"', 'target = "thebes"',
     "rule 4.4: thebes cannot be the objective"),
    ("bellicosity-event-not-minus-2", "tables.toml", "bellicosity = { athens = -2 }\nprovenance",
     "bellicosity = { athens = -3 }\nprovenance", "rule 2.2"),
    ("unknown-field", "leaders.toml", 'id = "nicias"', 'id = "nicias"\ncharisma = 3', "unknown field(s) charisma"),
    ("not-toml", "leaders.toml", '[[leader]]\nid = "pericles"', '[[leader\nid = "pericles"', "not valid TOML"),
    ("counter-mix-too-small", "counters.toml", 'type = "hoplite"\nsp = 10', 'type = "hoplite"\nsp = 5',
     "rule 1.1.2: 8 athenian hoplite SPs"),
    ("post-combat-to-enemy-space", "tables.toml", 'steps = [["corinth"]]', 'steps = [["athens"]]',
     "rule 4.9: athens is not a sparta home or coalition space"),
]


# the file the error names, where it is not the file edited (a set-up that no longer fits the mix)
REPORTED = {"counter-mix-too-small": "scenarios.toml"}


@pytest.mark.parametrize(("case", "file", "old", "new", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_refused_with_a_clear_message(
        data_copy: Path, case: str, file: str, old: str, new: str, message: str) -> None:
    edit(data_copy, file, old, new)
    with pytest.raises(DataError) as caught:
        load_components(data_copy)
    assert caught.value.file == REPORTED.get(case, file)
    assert message in str(caught.value), str(caught.value)


def test_a_players_folder_overrides_only_its_own_files(tmp_path: Path) -> None:
    """component-data.md policy 4: a file in --data DIR replaces the bundled file of that name."""
    text = (DATA_DIR / "leaders.toml").read_text(encoding="utf-8")
    (tmp_path / "leaders.toml").write_text(
        text.replace('id = "lysander"\nname = "Lysander"\nside = "sparta"\ntactical = 2',
                     'id = "lysander"\nname = "Lysander"\nside = "sparta"\ntactical = 1'), encoding="utf-8")
    mine = load_components(tmp_path)
    assert mine.leader("lysander").tactical == 1
    assert C.leader("lysander").tactical == 2
    assert mine.spaces == C.spaces and mine.version != C.version


def test_an_empty_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "figures.toml").write_text("", encoding="utf-8")
    with pytest.raises(DataError, match=r"^figures\.toml: \[\[figure\]\]: 'figure' must be a non-empty array"):
        load_components(tmp_path)
