"""The reconstructed Sparta vs. Athens components keep every fact the surviving rules (1.1-3.2) state.

Names cite the rule each test checks. The rulebook's own text is read (rulebook.py) wherever a fact
is printed there, so the data is checked against the rules, not against a copy of itself.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from polemos.core.constraints import Constraint, broken
from polemos.core.data import PROVENANCE_PREFIXES
from polemos.games.sparta_vs_athens.constraints import CONSTRAINTS
from polemos.games.sparta_vs_athens.data import DATA_DIR, FILES, load_components
from polemos.games.sparta_vs_athens.model import (
    ATHENS,
    COLOURS,
    LAND_PATH,
    NAVAL_UNIT,
    NO,
    SEA_PATH,
    SPARTA,
    Components,
    Figures,
)
from tests.sparta_vs_athens import rulebook

C = load_components()
PACKAGE = DATA_DIR.parent


# ============================================================================== the rules' constraints
@pytest.mark.parametrize("constraint", CONSTRAINTS, ids=lambda c: c.name)
def test_every_constraint_of_the_rules_holds_on_the_bundled_data(constraint: Constraint[Components]) -> None:
    constraint.check(C)


def test_each_constraint_cites_a_rule_of_the_surviving_text() -> None:
    for c in CONSTRAINTS:
        assert c.rule in rulebook.sections(), c.name


# ============================================================================== numbers
# (figure, the rule, the words of the rule that state it)
FIGURE_TEXT = [
    ("miles_per_inch", "1.1", "Each inch equals ~18 miles"),
    ("galleys_per_nsp", "1.1", "represents about 5 galleys"),
    ("land_unit_men_min", "1.1", "from 300 to 3,000 men"),
    ("land_unit_men_max", "1.1", "from 300 to 3,000 men"),
    ("counter_types", "2.2", "There are five types of counters"),
    ("coin_talents", "2.2", "denominations of ten talents each"),
    ("sparta_garrison", "2.3", 'garrison unit of "7" strength points'),
    ("argos_prestige_shift", "2.10", "adjust the prestige track one level"),
    ("ceos_red", "2.16", "will pay a tribute of 5 talents to the Athenian side"),
    ("ceos_blue", "2.16", "will pay a tribute of 1 talent to the Spartan side"),
    ("delos_cities", "2.16", "nearly 80 city locales"),
    ("tally_digit_max", "2.16", "(1, 2, 3, 4, and 5)"),
    ("tally_digits", "2.16", "a one, two, or three digit number"),
    ("ionian_war_athens", "2.17", "Athens receives 10 talents"),
    ("ionian_war_sparta", "2.17", "Sparta receives 55 talents"),
    ("seasons", "3.1", "three seasonal quarters"),
    ("quarters", "3.1", "an administration quarter and three seasonal quarters"),
    ("moderate_party_year", "3.2", "In the year 428, the Moderate Party government automatically comes into power"),
    ("maintenance_per_point", "3.2", "always one talent per point"),
    ("purchase_per_point", "3.2", "costs exactly 1 talent per point"),
    ("maintenance_free_strength", "3.2", 'printed strength of "2" or less'),
    ("property_tax_government", "2.13", "(#2, #7, #8, #9)"),
    ("reserve_fund_government", "2.13", "(#2, #7, #8, #9)"),
    ("black_sea_toll_government", "2.13", "(#2, #7, #8, #9)"),
    ("second_reserve_fund_government", "2.13", "(#2, #7, #8, #9)"),
]
WORDS = {"one": 1, "two": 2, "three": 3, "five": 5, "ten": 10}


@pytest.mark.parametrize(("figure", "rule", "words"), FIGURE_TEXT, ids=[f"{r}-{f}" for f, r, _ in FIGURE_TEXT])
def test_every_number_the_rules_state_holds(figure: str, rule: str, words: str) -> None:
    assert rulebook.says(rule, words), f"rule {rule} does not say {words!r}"
    field = next(f for f in dataclasses.fields(Figures) if f.name == figure)
    assert field.metadata["rule"] == rule
    value = getattr(C.figures, figure)
    assert value == field.metadata["value"]
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", words)]
    numbers += [WORDS[w] for w in re.findall(r"\b(?:one|two|three|five|ten)\b", words)]
    if words.startswith("an administration quarter and"):  # one quarter and three more
        numbers.append(1 + WORDS["three"])
    assert value in numbers, (figure, value, numbers)


def test_every_figure_is_checked_against_the_rulebook_text() -> None:
    assert {f for f, _, _ in FIGURE_TEXT} == {f.name for f in dataclasses.fields(Figures)}


def test_2_13_the_four_markers_in_the_order_the_rule_lists_them() -> None:
    assert rulebook.says("2.13", 'Place the "Property Tax," "Reserve Fund," "Black Sea Toll," and the other'
                                 ' "Reserve Fund"')
    numbers = [C.figures.property_tax_government, C.figures.reserve_fund_government,
               C.figures.black_sea_toll_government, C.figures.second_reserve_fund_government]
    assert [C.tables.government(n).marker for n in numbers] == [
        "property-tax", "reserve-fund", "black-sea-toll", "reserve-fund"]


# ============================================================================== 2.1 the map
def reachable(start: int, kinds: tuple[int, ...] = (LAND_PATH, SEA_PATH)) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, path in C.neighbours(here):
            if there not in seen and C.paths[path].type in kinds:
                seen.add(there)
                queue.append(there)
    return seen


def test_2_1_every_locale_is_joined_to_every_other_by_paths() -> None:
    assert reachable(C.locale_index["athens"]) == {loc.index for loc in C.locales}


def test_2_1_the_mainland_of_greece_is_one_road_network() -> None:
    by_land = reachable(C.locale_index["athens"], (LAND_PATH,))
    for lid in ("sparta", "corinth", "thebes", "argos", "amphipolis", "byzantium", "pella", "naupactus"):
        assert C.locale_index[lid] in by_land, lid
    assert C.locale_index["syracuse"] not in by_land  # Sicily is reached by sea
    assert C.locale_index["chios"] not in by_land  # an island


def test_2_1_sea_paths_join_ports_and_roads_stay_on_their_island() -> None:
    for p in C.paths:
        a, b = C.locales[p.a], C.locales[p.b]
        if p.type == SEA_PATH:
            assert a.port and b.port, (a.id, b.id)
        elif a.island or b.island:
            assert a.island == b.island, (a.id, b.id)


def test_2_1_note_italy_and_sicily_are_on_the_map_at_their_real_places() -> None:
    syracuse, taras, athens = C.locale("syracuse"), C.locale("taras"), C.locale("athens")
    assert syracuse.lon < 16 < taras.lon < 18 < athens.lon
    assert rulebook.says("2.1", "Italy and Sicily have been rotated approximately 90 degrees")


def test_positions_are_real_geography() -> None:
    # a few checks anyone can make on a modern map
    def loc(lid: str) -> tuple[float, float]:
        return C.locale(lid).lat, C.locale(lid).lon
    assert loc("sparta")[0] < loc("athens")[0] < loc("thebes")[0] < loc("pella")[0]
    assert loc("corcyra")[1] < loc("athens")[1] < loc("chios")[1] < loc("sardis")[1]
    assert loc("byzantium")[0] > 40.9 and loc("byzantium")[1] > 28.9
    for p in C.paths:
        assert p.km <= (200 if p.type == LAND_PATH else 300), (C.locales[p.a].id, C.locales[p.b].id)


def test_2_3_every_city_shows_a_garrison_and_walled_cities_are_squares() -> None:
    assert rulebook.says("2.3", "Each city located on the map features a number")
    assert all(loc.garrison >= 1 for loc in C.locales)
    assert C.locale("athens").walled and not C.locale("sparta").walled  # Thuc 1.10: Sparta unwalled


def test_2_16_delos_cities_pay_red_to_athens_and_blue_to_sparta() -> None:
    cities = C.delos_cities()
    assert all(loc.red >= 1 for loc in cities)  # every member paid something to Athens
    assert sum(loc.red for loc in cities) > 3 * sum(loc.blue for loc in cities)  # 2.16 Note: most pay Athens
    assert not any(loc.red or loc.blue for loc in C.locales if not loc.delos)


def test_2_16_note_the_propontis_cities() -> None:
    inside = {loc.id for loc in C.locales if loc.propontis}
    assert {"byzantium", "chalcedon", "cyzicus", "perinthus", "lampsacus"} <= inside
    assert not inside & {"abydos", "sestos", "athens"}


# ============================================================================== 2.9 nationalities
def test_2_9_the_colours_the_rule_lists() -> None:
    for name, colour in (("Athens", "red"), ("The Delos Confederation", "orange"), ("Athenian Allies", "yellow"),
                         ("Sparta", "blue"), ("The Peloponnesian Coalition", "purple"), ("Spartan Allies", "green"),
                         ("Persia", "beige"), ("Chalcidice", "green")):
        assert rulebook.says("2.9", f"{name} ({colour} units)"), name
        nat = next(n for n in C.nationalities if n.name in (name, name.removeprefix("The ")))
        assert COLOURS[nat.colour] == colour


def test_2_9_each_side_has_its_units_and_2_10_argos_none() -> None:
    for side in (ATHENS, SPARTA):
        assert any(C.nationalities[u.nationality].side == side and u.kind == NAVAL_UNIT for u in C.units)
    assert C.nationality("argos").side == NO
    assert rulebook.says("2.10", "Argos is nominally neutral")


def test_2_3_every_wavering_side_is_weaker_than_its_front() -> None:
    assert all(0 <= u.wavering < u.strength for u in C.units)


def test_3_2_chian_and_lesbian_units_are_orange_and_self_sustained() -> None:
    assert rulebook.says("3.2", "Chiosian, Lesbosian (orange) LSPs and NSPs")
    for uid in ("chian-hoplites", "chian-fleet", "lesbian-hoplites", "lesbian-fleet"):
        unit = C.unit(uid)
        ally = C.allies[unit.ally]
        assert COLOURS[C.nationalities[unit.nationality].colour] == "orange"
        assert ally.self_sustained_land and ally.self_sustained_naval


def test_3_2_sicilian_italian_and_persian_lsps_only_are_self_sustained() -> None:
    assert rulebook.says("3.2", "Sicilian, Italian (green and yellow), and Persian (brown) LSPs")
    for uid in ("syracusan-hoplites", "sicel-levies", "italiote-hoplites", "locrian-italiotes", "persian-infantry"):
        assert C.allies[C.unit(uid).ally].self_sustained_land, uid
    for uid in ("syracusan-fleet", "phoenician-fleet"):  # 3.2 names their LSPs only
        assert not C.allies[C.unit(uid).ally].self_sustained_naval, uid


def test_3_2_spartan_twos_need_no_upkeep_in_peloponnesia() -> None:
    twos = [u.id for u in C.units if C.nationalities[u.nationality].id == "sparta"
            and u.strength <= C.figures.maintenance_free_strength]
    assert twos  # there are such units to place the No Maintenance marker on
    assert C.unit("spartiates").strength == C.figures.sparta_garrison  # Sparta's 7 (2.3) also fields a 7


# ============================================================================== 2.14, 3.1, 3.2 the year
def test_2_14_the_season_marker_moves_spring_summer_winter_administration() -> None:
    assert rulebook.says("2.14", "completing the Spring, Summer, Winter, and Administration quarters (in that order)")
    assert [q.id for q in C.tables.quarters] == ["spring", "summer", "winter", "administration"]


def test_3_2_the_administration_phases_a_to_f() -> None:
    names = [p.name for p in C.tables.quarters[3].phases]
    for name in names:
        assert rulebook.says("3.2", name), name
    assert names[0] == "Calendar Advance Phase" and names[-1] == "1st Player Determination Phase"


def test_3_2_spring_opens_with_the_first_player_logistics_phase() -> None:
    spring = C.tables.quarters[0]
    assert rulebook.says("3.2", "Spring Quarter a) 1st Player Logistics Phase")
    assert spring.phases[1].name == "1st Player Logistics Phase"


def test_3_2_1d_the_moderate_party_government() -> None:
    moderate = next(g for g in C.tables.governments if g.name == "Moderate Party")
    assert moderate.marker == "property-tax"  # Thuc 3.19: the property tax of 428


def test_2_14_the_year_track_runs_down_from_431() -> None:
    assert rulebook.says("2.14", "from a higher year (such as 431) to each successive lower year (such as 430)")
    assert C.tables.first_year == 431 and C.tables.last_year == 404
    for s in C.scenarios:
        assert C.tables.first_year >= s.first_year > s.last_year >= C.tables.last_year


# ============================================================================== scenarios
def test_2_17_the_ionian_war_talents() -> None:
    s = C.scenario("ionian-war")
    assert s.talents == (10, 55) == s.revenue  # RULINGS S2


def test_every_scenario_fits_the_counter_mix() -> None:
    for s in C.scenarios:
        used: dict[int, int] = {}
        for p in s.units:
            used[p.unit] = used.get(p.unit, 0) + p.count
        for unit, n in used.items():
            assert n <= C.units[unit].count, (s.id, C.units[unit].id)


def test_2_16_in_431_athens_holds_the_loyal_delos_cities() -> None:
    s = C.scenario("peloponnesian-war")
    held = {p.locale for p in s.units if p.side == ATHENS}
    missing = {loc.id for loc in C.delos_cities() if loc.index not in held}
    assert missing == {"spartolus"}  # the Bottiaean revolt of 432 (Thuc 1.58); Potidaea is besieged
    tally = sum(loc.red for loc in C.delos_cities() if loc.index in held)
    assert 300 <= tally <= 999  # a three-digit tally (2.16), about 40 talents a year at 1/10


def test_2_17_example_the_ionian_war_in_coins_and_on_the_revenue_track() -> None:
    """2.17 Example: Athens receives 10 talents (one coin), Sparta 55 (five coins and the blue
    talents x1 marker in the 5 box)."""
    assert rulebook.says("2.17", "Athens receives 10 talents (one coin")
    assert rulebook.says("2.17", 'Sparta receives 55 talents (five coins, while placing the blue talents x 1 marker in'
                                 ' the "5" box')
    athens, sparta = C.scenario("ionian-war").talents
    assert C.figures.coin_stack(athens) == (1, 0)
    assert C.figures.coin_stack(sparta) == (5, 5)
    with pytest.raises(ValueError, match="no negative talents"):
        C.figures.coin_stack(-1)


def test_2_2_the_coins_hold_a_treasury_of_240_talents() -> None:
    coins = C.marker("coin").count
    assert coins * C.figures.coin_talents == 240
    assert C.figures.coin_stack(C.scenario("peloponnesian-war").talents[SPARTA])[0] <= coins


def test_the_archidamian_war_uses_the_whole_wars_set_up() -> None:
    whole, short = C.scenario("peloponnesian-war"), C.scenario("archidamian-war")
    assert short.units == whole.units and short.last_year == 421 and short.setup_of == whole.index


# ============================================================================== provenance
def entries(doc: Any, where: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    if isinstance(doc, dict):
        if "provenance" in doc:
            yield where, doc
        for key, value in doc.items():
            if isinstance(value, (dict, list)):
                yield from entries(value, f"{where}{key}.")
    elif isinstance(doc, list):
        for n, v in enumerate(doc):
            yield from entries(v, f"{where}{n}.")


def leaves(doc: Any) -> Iterator[Mapping[str, Any]]:
    """Every table that is an entry (a table of scalars, or the top of an array of tables)."""
    if isinstance(doc, dict):
        for value in doc.values():
            if isinstance(value, list):
                for v in value:
                    if isinstance(v, dict):
                        yield v
                        yield from leaves(v)
            elif isinstance(value, dict) and any(not isinstance(x, (dict, list)) for x in value.values()):
                if "provenance" in value or any(isinstance(x, list) for x in value.values()):
                    yield value
                yield from leaves(value)


RULE_CLAUSE = re.compile(r"(?:^|; )rule ([^;]*)")


@pytest.mark.parametrize("file", FILES)
def test_provenance_on_every_entry(file: str) -> None:
    """component-data.md policy 3: rule, source or design, and every cited rule is one the text names."""
    doc = tomllib.loads((DATA_DIR / file).read_text(encoding="utf-8"))
    found = list(leaves(doc))
    assert found
    for entry in found:
        text = entry.get("provenance")
        assert isinstance(text, str) and text.startswith(PROVENANCE_PREFIXES), (file, entry)
        for clause in RULE_CLAUSE.findall(text):
            for number in re.findall(r"\b\d+\.\d+\b", clause.split(" (")[0] + " " + clause):
                assert number in rulebook.referenced(), f"{file}: rule {number} is not named by the surviving text"


def cited(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in [*DATA_DIR.glob("*.toml"), *PACKAGE.glob("*.py")]:
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_every_design_rule_cited_is_written_in_design_md() -> None:
    design = (PACKAGE / "DESIGN.md").read_text(encoding="utf-8")
    headings = (set(re.findall(r"^\*\*(\d+(?:\.\d+)?) ", design, re.M))
                | set(re.findall(r"^#+ (\d+(?:\.\d+)?) ", design, re.M)))
    wanted = {n if "." in n else f"{n}.0" for n in cited(r"DESIGN (\d+(?:\.\d+)?)")}
    missing = sorted(wanted - headings)
    assert missing == []


def test_every_ruling_cited_is_written_in_rulings_md() -> None:
    rulings = (PACKAGE / "RULINGS.md").read_text(encoding="utf-8")
    written = set(re.findall(r"^\*\*(S\d+) ", rulings, re.M))
    assert cited(r"RULINGS (S\d+)") <= written
    assert written  # and there are rulings


def test_design_md_marks_what_survives_and_what_is_ours() -> None:
    design = (PACKAGE / "DESIGN.md").read_text(encoding="utf-8")
    for number in rulebook.sections():
        assert number in design, f"DESIGN.md does not account for surviving rule {number}"
    assert "our design" in design.lower()


def test_broken_returns_nothing_for_the_bundled_data() -> None:
    assert broken(CONSTRAINTS, C) == []


def test_the_data_folder_holds_exactly_the_files_the_loader_reads() -> None:
    assert sorted(p.name for p in DATA_DIR.glob("*.toml")) == sorted(FILES)
    assert all(isinstance(p, Path) for p in DATA_DIR.glob("*.toml"))


# ============================================================================== the map and history
def route_exists(start: str, goal: str, kinds: tuple[int, ...], avoid: frozenset[str] = frozenset()) -> bool:
    blocked = {C.locale_index[x] for x in avoid}
    seen = {C.locale_index[start]}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        if here == C.locale_index[goal]:
            return True
        for there, path in C.neighbours(here):
            if there not in seen and there not in blocked and C.paths[path].type in kinds:
                seen.add(there)
                queue.append(there)
    return False


def test_9_3_the_narrows_shut_the_propontis_from_the_aegean_by_sea() -> None:
    """A blocked Propontis (2.16 Note, DESIGN 9.3) must really cut the sea lanes: every sea route from
    Piraeus to a Propontis city passes a Hellespont narrows (Sestos or Abydos)."""
    narrows = {loc.id for loc in C.locales if loc.strait}
    assert narrows == {"sestos", "abydos", "byzantium", "chalcedon"}
    for loc in C.locales:
        if loc.propontis and loc.port:
            assert route_exists("piraeus", loc.id, (SEA_PATH,)), loc.id
            assert not route_exists("piraeus", loc.id, (SEA_PATH,), frozenset({"sestos", "abydos"})), loc.id


def test_history_runs_on_the_map() -> None:
    """Marches and voyages the sources record are possible along the paths."""
    # Brasidas from Heraclea through Thessaly and Macedon to Amphipolis (Thuc 4.78-103)
    assert route_exists("heraclea", "amphipolis", (LAND_PATH,), frozenset({"athens", "thebes"}))
    # the armada of 415: Corcyra, across to Italy, down the coast to Rhegium and Catana (Thuc 6.30-51)
    assert route_exists("corcyra", "catana", (SEA_PATH,), frozenset({"leucas", "cephallenia"}))
    # the Spartan invasions of Attica through Arcadia, the Isthmus and Megara, leaving Argos aside (Thuc 2.18-19, 5.58)
    assert route_exists("sparta", "acharnae", (LAND_PATH,), frozenset({"argos", "olympia"}))
    # Gylippus from Leucas by Taras and Locri to Himera (Thuc 6.104, 7.1)
    assert route_exists("leucas", "himera", (SEA_PATH,))


def test_design_8_3_9_2_14_1_15_0_13_2_every_designed_table_is_written_out_in_design_md_as_the_game_plays_it() -> None:
    """The designed tables (Combat Results, Siege, Random Events, Athens Government, Prestige Adjustment) are
    where a player can read them: DESIGN.md's appendix (and DESIGN.es.md's) is the data the engine plays."""
    from polemos.games.sparta_vs_athens.appendix import tables_markdown

    tables = tables_markdown(C)
    for name in ("DESIGN.md", "DESIGN.es.md"):
        page = (PACKAGE / name).read_text(encoding="utf-8")
        assert tables in page, f"{name}: regenerate with python -m polemos.games.sparta_vs_athens.appendix"
    assert all(e.text in tables for e in C.tables.events) and all(g.special in tables for g in C.tables.governments)
    assert "| 6 | EX | DW | DW | DH | DH | DE | DE | DE |" in tables  # a die of 6 on the CRT (DESIGN 8.3)
