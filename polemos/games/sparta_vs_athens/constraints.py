"""Every number and fact the surviving Sparta vs. Athens rules (1.1-3.2) fix about the components.

The loader (data.py) checks each file's shape and what each entry must be (tribute only on Delos
cities, a wavering side weaker than the front, sea paths between ports, the figures equal to the
rulebook's). These are the constraints across files that the text states: Sparta's garrison of 7,
Ceos' tribute of 5 and 1 and where Ceos lies, the nearly 80 Delos cities and a tally of at most
three digits, the colours and sides of 2.9, Argos neutral (2.10), the self-sustained allies and the
Spartan 2s of 3.2, the four government markers of 2.13, the Moderate Party of 3.2, the Ionian
War's talents (2.17), the year disc's quarters (2.14, 3.1), the five counter types and the coins
(2.2). The tests run :data:`CONSTRAINTS` on the bundled data and ``polemos data check DIR --game
sparta-vs-athens`` runs them on a player's files (:mod:`polemos.core.constraints`).
"""

from __future__ import annotations

import math

from polemos.core.constraints import Constraint, need
from polemos.games.sparta_vs_athens.model import (
    ATHENS,
    COLOURS,
    LAND_UNIT,
    NAVAL_UNIT,
    NO,
    SIDES,
    SPARTA,
    Components,
)

LOCALES, COUNTERS, NATIONALITIES, TABLES = "locales.toml", "counters.toml", "nationalities.toml", "tables.toml"
SCENARIOS, FIGURES = "scenarios.toml", "figures.toml"

# 2.9: each nationality's colour and side, as the rulebook lists them
COLOURS_29 = {
    "athens": ("red", "athens"), "delos": ("orange", "athens"), "athenian_ally": ("yellow", "athens"),
    "sparta": ("blue", "sparta"), "peloponnesian": ("purple", "sparta"), "spartan_ally": ("green", "sparta"),
    "persia": ("beige", "sparta"), "chalcidice": ("green", "sparta"),
}
DELOS_AT_LEAST = 70  # 2.16 "nearly 80": design, RULINGS S5
REGIONS_21 = ("attica", "laconia", "ionia", "propontis", "italy", "sicily")  # 2.1, 2.16 Note, issue 14
AEGEAN = ((34.5, 41.5), (22.5, 31.0))  # 2.16: the coasts surrounding the Aegean (lat, lon)
COUPLE_DOZEN = (20, 30)  # 2.2 Note: "a couple dozen" coin counters
GOVERNMENT_MARKERS = {  # 2.13: the marker each listed government brings
    "property_tax_government": "property-tax", "reserve_fund_government": "reserve-fund",
    "black_sea_toll_government": "black-sea-toll", "second_reserve_fund_government": "reserve-fund",
}


def _km(c: Components, a: str, b: str) -> float:
    la, lb = c.locale(a), c.locale(b)
    dlat = math.radians(lb.lat - la.lat)
    dlon = math.radians(lb.lon - la.lon) * math.cos(math.radians((la.lat + lb.lat) / 2))
    return 6371.0 * math.hypot(dlat, dlon)


def sparta_garrison(c: Components) -> None:
    sparta = c.locale("sparta")
    need(sparta.garrison == c.figures.sparta_garrison, LOCALES, "locale sparta",
         f"Sparta's garrison is {c.figures.sparta_garrison}, not {sparta.garrison}")
    need(c.nationalities[sparta.nationality].id == "sparta", LOCALES, "locale sparta", "Sparta is a blue locale")


def ceos(c: Components) -> None:
    ceos, athens = c.locale("ceos"), c.locale("athens")
    need(ceos.delos, LOCALES, "locale ceos", "Ceos is a Delos Confederation city")
    need((ceos.red, ceos.blue) == (c.figures.ceos_red, c.figures.ceos_blue), LOCALES, "locale ceos",
         f"Ceos pays {c.figures.ceos_red} to Athens and {c.figures.ceos_blue} to Sparta,"
         f" not {ceos.red} and {ceos.blue}")
    need(ceos.lon > athens.lon and _km(c, "ceos", "athens") < 100, LOCALES, "locale ceos",
         "Ceos lies just east of Athens")


def delos_count(c: Components) -> None:
    n = len(c.delos_cities())
    need(DELOS_AT_LEAST <= n <= c.figures.delos_cities, LOCALES, "locales",
         f"nearly {c.figures.delos_cities} Delos Confederation cities ({DELOS_AT_LEAST}-{c.figures.delos_cities},"
         f" RULINGS S5), not {n}")


def delos_aegean(c: Components) -> None:
    (lat0, lat1), (lon0, lon1) = AEGEAN
    for loc in c.delos_cities():
        need(lat0 <= loc.lat <= lat1 and lon0 <= loc.lon <= lon1, LOCALES, f"locale {loc.id}",
             "a Delos Confederation city lies on the coasts surrounding the Aegean")
        need(c.nationalities[loc.nationality].id == "delos", LOCALES, f"locale {loc.id}",
             "a Delos Confederation city is of the Delos nationality")


def tally_digits(c: Components) -> None:
    limit = 10 ** c.figures.tally_digits - 1
    cities = c.delos_cities()
    for colour, total in (("red", sum(x.red for x in cities)), ("blue", sum(x.blue for x in cities))):
        need(total <= limit, LOCALES, "locales", f"the {colour} tribute of every city ({total}) fits a tally of"
                                                f" {c.figures.tally_digits} digits (at most {limit})")


def one_side_only(c: Components) -> None:
    cities = c.delos_cities()
    need(any(x.red == 0 or x.blue == 0 for x in cities), LOCALES, "locales",
         "some city states pay tribute to one side only (2.16 Historical Note)")


def propontis(c: Components) -> None:
    inside = [x for x in c.delos_cities() if x.propontis]
    need(len(inside) >= 2, LOCALES, "locales", "Delos cities within the Propontis area (2.16 Note)")
    need(any(x.strait for x in c.locales), LOCALES, "locales", "a strait locale that can block the Propontis (9.3)")


def nationality_colours(c: Components) -> None:
    for nid, (colour, side) in COLOURS_29.items():
        try:
            nat = c.nationality(nid)
        except KeyError:
            need(False, NATIONALITIES, f"nationality {nid}", "a nationality 2.9 lists")
            continue
        need(COLOURS[nat.colour] == colour and nat.side == SIDES.index(side), NATIONALITIES, f"nationality {nid}",
             f"{nat.name}: {colour} units on the {side} side")


def argos_neutral(c: Components) -> None:
    argos = c.locale("argos")
    nat = c.nationalities[argos.nationality]
    need(nat.side == NO, LOCALES, "locale argos", "Argos is nominally neutral")
    need(c.figures.argos_prestige_shift == 1, FIGURES, "argos_prestige_shift", "one level")


def self_sustained(c: Components) -> None:
    for ally in c.allies:
        nat = c.nationalities[ally.nationality].id
        is_island = ally.id in ("chios", "lesbos")
        if ally.self_sustained_naval:
            need(is_island and nat == "delos", NATIONALITIES, f"ally {ally.id}",
                 "only Chiosian and Lesbosian (orange) NSPs are self-sustained")
        if ally.self_sustained_land:
            sicilian = any(c.locales[h].region in ("sicily", "italy") for h in ally.home)
            need((is_island and nat == "delos") or nat == "persia"
                 or (sicilian and nat in ("athenian_ally", "spartan_ally")), NATIONALITIES, f"ally {ally.id}",
                 "only Chiosian, Lesbosian, Sicilian, Italian and Persian LSPs are self-sustained")
    for aid in ("chios", "lesbos"):
        ally = c.ally(aid)
        need(ally.self_sustained_land and ally.self_sustained_naval, NATIONALITIES, f"ally {aid}",
             "Chiosian and Lesbosian LSPs and NSPs are self-sustained")
    need(c.ally("persia").self_sustained_land, NATIONALITIES, "ally persia", "Persian LSPs are self-sustained")
    for nid in ("athenian_ally", "spartan_ally"):
        need(any(a.self_sustained_land and c.nationalities[a.nationality].id == nid for a in c.allies),
             NATIONALITIES, "allies", f"Sicilian and Italian LSPs of the {nid} (green and yellow) are self-sustained")


def spartan_twos(c: Components) -> None:
    spartan = [u for u in c.units if c.nationalities[u.nationality].id == "sparta" and u.kind == LAND_UNIT]
    need(any(u.strength <= c.figures.maintenance_free_strength for u in spartan), COUNTERS, "units",
         "Spartan units of strength 2 or less (3.2 Exception)")
    need(c.marker("no-maintenance").count >= 1, COUNTERS, "marker no-maintenance", "No Maintenance markers")
    need(any(c.nationalities[x.nationality].id == "peloponnesian" for x in c.locales), LOCALES, "locales",
         "purple (Peloponnesian) city locales")


def government_markers(c: Components) -> None:
    for figure, marker in GOVERNMENT_MARKERS.items():
        number = getattr(c.figures, figure)
        need(number <= len(c.tables.governments), TABLES, f"government #{number}", "a government the rules list")
        need(c.tables.government(number).marker == marker, TABLES, f"government #{number}",
             f"brings the {marker} marker")
    with_markers = {g.number for g in c.tables.governments if g.marker}
    need(with_markers == {getattr(c.figures, f) for f in GOVERNMENT_MARKERS}, TABLES, "governments",
         f"only #2, #7, #8 and #9 bring markers, not {sorted(with_markers)}")
    need(c.marker("reserve-fund").count == 2, COUNTERS, "marker reserve-fund", "two Reserve Fund markers")
    for marker in set(GOVERNMENT_MARKERS.values()):
        need(any(r.marker == marker for r in c.tables.revenue_rows(ATHENS)), TABLES, "revenue athens",
             f"a row of the Athenian Revenue Table for the {marker} marker")


def moderate_party(c: Components) -> None:
    need(any(g.name == "Moderate Party" for g in c.tables.governments), TABLES, "governments",
         "the Moderate Party government")
    need(c.tables.last_year < c.figures.moderate_party_year <= c.tables.first_year, TABLES, "year_track",
         "the Year Track holds 428")


def ionian_war(c: Components) -> None:
    need("ionian-war" in c.scenario_index, SCENARIOS, "scenarios", "The Ionian War scenario")
    if "ionian-war" not in c.scenario_index:
        return
    s = c.scenario("ionian-war")
    talents = (c.figures.ionian_war_athens, c.figures.ionian_war_sparta)
    need(s.talents == talents and s.revenue == talents, SCENARIOS, "scenario ionian-war",
         f"Athens receives {talents[0]} talents and Sparta {talents[1]} (RULINGS S2), not {s.talents}/{s.revenue}")


def year_disc(c: Components) -> None:
    ids = [q.id for q in c.tables.quarters]
    need(ids == ["spring", "summer", "winter", "administration"], TABLES, "quarters",
         "Spring, Summer, Winter and Administration, in that order")
    seasons = sum(1 for q in ids if q != "administration")
    need(seasons == c.figures.seasons and len(ids) == c.figures.quarters, TABLES, "quarters", "three seasons")
    admin = [p.id for p in c.tables.quarters[3].phases]
    need(admin == ["calendar-advance", "annual-prestige", "event", "government-leaders", "revenue", "first-player"],
         TABLES, "quarter administration", "the phases a-f of 3.2 1 in order")
    spring = [p.id for p in c.tables.quarters[0].phases]
    need("first-logistics" in spring, TABLES, "quarter spring", "the 1st Player Logistics Phase (3.2 2a)")
    need(c.tables.first_year >= 431 and c.tables.last_year < c.tables.first_year, TABLES, "year_track",
         "the Year Track runs down from 431 (2.14)")


def counters(c: Components) -> None:
    need(bool(c.units) and bool(c.leaders) and all(c.forces) and bool(c.forts) and bool(c.markers), COUNTERS,
         "counters", f"the {c.figures.counter_types} types of counters (2.2)")
    coins = c.marker("coin").count
    need(COUPLE_DOZEN[0] <= coins <= COUPLE_DOZEN[1], COUNTERS, "marker coin", f"a couple dozen coins, not {coins}")
    for digit in range(1, c.figures.tally_digit_max + 1):
        need(c.marker(f"tally-{digit}").count >= 1, COUNTERS, f"marker tally-{digit}", "the white numbered counters")
    for marker in ("talents-athens", "talents-sparta", "year", "season", "prestige", "tribute", "ravage"):
        need(c.marker(marker).count >= 1, COUNTERS, f"marker {marker}", "an informational marker the rules name")
    for side in (ATHENS, SPARTA):
        need(any(c.nationalities[u.nationality].side == side and u.kind == NAVAL_UNIT for u in c.units), COUNTERS,
             "units", f"{SIDES[side]} NSPs (2.3)")


def regions(c: Components) -> None:
    present = {x.region for x in c.locales}
    for region in REGIONS_21:
        need(region in present, LOCALES, "locales", f"the map shows {region}")


CONSTRAINTS: tuple[Constraint[Components], ...] = (
    Constraint("2.3", LOCALES, "Sparta's garrison is 7", sparta_garrison),
    Constraint("2.16", LOCALES, "Ceos, just east of Athens, pays 5 to Athens and 1 to Sparta", ceos),
    Constraint("2.16", LOCALES, "nearly 80 Delos Confederation cities", delos_count),
    Constraint("2.16", LOCALES, "the Delos Confederation is the coasts surrounding the Aegean", delos_aegean),
    Constraint("2.16", LOCALES, "the tribute tally has at most three digits", tally_digits),
    Constraint("2.16", LOCALES, "some cities pay tribute to one side only", one_side_only),
    Constraint("2.16", LOCALES, "the Propontis area and its narrows (9.3)", propontis),
    Constraint("2.9", NATIONALITIES, "nationalities, colours and sides", nationality_colours),
    Constraint("2.10", LOCALES, "Argos is nominally neutral", argos_neutral),
    Constraint("3.2", NATIONALITIES, "the self-sustained allies", self_sustained),
    Constraint("3.2", COUNTERS, "Spartan 2s and purple locales", spartan_twos),
    Constraint("2.13", TABLES, "governments #2, #7, #8 and #9 bring the revenue markers", government_markers),
    Constraint("3.2", TABLES, "the Moderate Party of 428", moderate_party),
    Constraint("2.17", SCENARIOS, "the Ionian War: Athens 10 talents, Sparta 55", ionian_war),
    Constraint("2.14", TABLES, "the Year Track and the year disc's quarters", year_disc),
    Constraint("2.2", COUNTERS, "five types of counters, coins and tally counters", counters),
    Constraint("2.1", LOCALES, "Greece, the Aegean, Ionia, the Propontis, Italy and Sicily", regions),
)
