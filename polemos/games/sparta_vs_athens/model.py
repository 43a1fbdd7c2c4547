"""Sparta vs. Athens' component model: the vocabulary and the frozen dataclasses.

Locales, paths, unit types, leaders, governments and scenarios are numbered by small integers
(their index in :class:`Components`); sides, path types, unit kinds and colours are the small
integer constants below, each the index of its name in the matching tuple. The data files are
read into these by :mod:`polemos.games.sparta_vs_athens.data`, which checks them;
:mod:`polemos.games.sparta_vs_athens.constraints` checks every number the surviving rules state.

Limits: plain read-only data; the rules that use it are not written yet (DESIGN.md describes them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# -- vocabulary (indices are the ids the rules code uses) ------------------------------------------
ATHENS, SPARTA = 0, 1
SIDES = ("athens", "sparta")
NO = -1  # "none" for an optional index (a neutral nationality's side, a locale's missing island)

LAND_PATH, SEA_PATH = 0, 1
PATH_TYPES = ("land", "sea")  # 2.1 paths; DESIGN 7.2, 7.3
LAND_UNIT, NAVAL_UNIT = 0, 1
UNIT_KINDS = ("land", "naval")  # 2.3: LSP and NSP
GARRISON_UNIT = "delos-garrison"  # DESIGN 2.16: a Delos city's garrison unit (16.2); it never moves (2.3)
COLOURS = ("red", "orange", "yellow", "blue", "purple", "green", "beige", "white", "grey")  # 2.9, DESIGN
PRESTIGE_TO = ("winner", "capturer", "athens", "sparta", "enemy")  # who a Prestige Adjustment favours
# The Combat Results Table's results (DESIGN 8.3): attacker/defender eliminated, half eliminated,
# wavers (flips), or an exchange.
CRT_RESULTS = {
    "AE": "attacker eliminated", "AH": "attacker loses half", "AW": "attacker wavers",
    "EX": "exchange", "DW": "defender wavers", "DH": "defender loses half", "DE": "defender eliminated",
}
NEXT_BY_PRESTIGE = ("pro_athens", "even", "pro_sparta")  # DESIGN 14.2: the government that follows

# Locales the surviving rules name; the rules code refers to them by these ids.
RULE_LOCALES = {"athens": "2.9", "sparta": "2.3", "argos": "2.10", "ceos": "2.16"}


# =============================================================================== the components
@dataclass(frozen=True, slots=True)
class Nationality:
    """2.9: a colour of units and locales, and the side it belongs to (NO: neutral, 2.10)."""

    index: int
    id: str
    name: str
    side: int
    colour: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Ally:
    """A group of units and locales that joins or leaves a side as one (DESIGN 15)."""

    index: int
    id: str
    name: str
    nationality: int
    home: tuple[int, ...]  # locales
    self_sustained_land: bool  # 3.2 Exception: its LSPs never require maintenance
    self_sustained_naval: bool  # 3.2 Exception: its NSPs never require maintenance
    provenance: str


@dataclass(frozen=True, slots=True)
class Locale:
    """A city locale of the point-to-point map (2.1, 2.3, 2.16)."""

    index: int
    id: str
    name: str
    lat: float
    lon: float
    nationality: int  # the colour of the locale (3.2 maintenance)
    garrison: int  # GSP, the printed number (2.3)
    walled: bool  # a black square (2.3): its GSP counts only in sieges (9.0)
    port: bool  # 7.16
    region: str
    island: str  # the island it lies on, or ""
    delos: bool  # a Delos Confederation city (2.16)
    red: int  # tribute to an Athenian occupier (2.16)
    blue: int  # tribute to a Spartan occupier (2.16)
    propontis: bool  # 2.16 Note: no tribute while the Propontis is blocked (9.3)
    strait: bool  # DESIGN 9.3: a narrows whose holder blocks the Propontis
    provenance: str


@dataclass(frozen=True, slots=True)
class Path:
    """A movement path between locales ``a`` and ``b`` (2.1)."""

    index: int
    a: int
    b: int
    type: int  # LAND_PATH / SEA_PATH
    km: float  # the straight-line distance between the locales' positions
    provenance: str

    def other(self, locale: int) -> int:
        return self.b if locale == self.a else self.a


@dataclass(frozen=True, slots=True)
class UnitType:
    """A combat unit counter (2.3), ``count`` of them in the mix."""

    index: int
    id: str
    name: str
    nationality: int
    ally: int  # Ally index, or NO
    kind: int  # LAND_UNIT / NAVAL_UNIT
    strength: int  # the full-strength front (2.3): its price (3.2) and upkeep
    wavering: int  # the weaker reverse (2.3); 0: one-sided, eliminated when flipped (DESIGN 2.3)
    count: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Leader:
    """A leader chit (2.4): the column shifts he gives on land and at sea (DESIGN 8.4)."""

    index: int
    id: str
    name: str
    nationality: int
    land: int
    sea: int
    first: int  # the first year he may serve (DESIGN 4.4)
    last: int  # the last year he may serve
    provenance: str


@dataclass(frozen=True, slots=True)
class FortMix:
    side: int
    strength: int  # 2.7: a fort's own LSP
    count: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Marker:
    """An informational marker (2.8) and how many the mix holds."""

    id: str
    name: str
    count: int
    provenance: str


def _rule(value: int, rule: str) -> Any:
    return field(metadata={"value": value, "rule": rule})


@dataclass(frozen=True, slots=True)
class Figures:
    """The numbers the surviving rules state (figures.toml); each field's metadata holds the
    rulebook's value and rule, and the loader refuses a file that differs."""

    miles_per_inch: int = _rule(18, "1.1")
    galleys_per_nsp: int = _rule(5, "1.1")
    land_unit_men_min: int = _rule(300, "1.1")
    land_unit_men_max: int = _rule(3000, "1.1")
    counter_types: int = _rule(5, "2.2")
    coin_talents: int = _rule(10, "2.2")
    sparta_garrison: int = _rule(7, "2.3")
    argos_prestige_shift: int = _rule(1, "2.10")
    ceos_red: int = _rule(5, "2.16")
    ceos_blue: int = _rule(1, "2.16")
    delos_cities: int = _rule(80, "2.16")
    tally_digit_max: int = _rule(5, "2.16")
    tally_digits: int = _rule(3, "2.16")
    ionian_war_athens: int = _rule(10, "2.17")
    ionian_war_sparta: int = _rule(55, "2.17")
    seasons: int = _rule(3, "3.1")
    quarters: int = _rule(4, "3.1")
    moderate_party_year: int = _rule(428, "3.2")
    maintenance_per_point: int = _rule(1, "3.2")
    purchase_per_point: int = _rule(1, "3.2")
    maintenance_free_strength: int = _rule(2, "3.2")
    property_tax_government: int = _rule(2, "2.13")
    reserve_fund_government: int = _rule(7, "2.13")
    black_sea_toll_government: int = _rule(8, "2.13")
    second_reserve_fund_government: int = _rule(9, "2.13")

    def coin_stack(self, talents: int) -> tuple[int, int]:
        """2.17: talents as coins of ``coin_talents`` each, kept off the map, and the rest on the
        Revenue Track with the talents x1 marker (55 talents: five coins and the marker on 5)."""
        if talents < 0:
            raise ValueError(f"a treasury holds no negative talents ({talents})")
        coins, ones = divmod(talents, self.coin_talents)
        return coins, ones


# ------------------------------------------------------------------------------------- tables
@dataclass(frozen=True, slots=True)
class Phase:
    id: str
    name: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Quarter:
    """A quarter of the year disc (2.14, 3.1) and its phases in order (3.2)."""

    index: int
    id: str
    name: str
    phases: tuple[Phase, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class PrestigeAdjustment:
    """A row of the Prestige Adjustment Table (3.2 1b, DESIGN 13.2)."""

    id: str
    text: str
    shift: int
    to: int  # index into PRESTIGE_TO
    provenance: str


@dataclass(frozen=True, slots=True)
class RevenueRow:
    """A row of a side's Revenue Table (2.13, DESIGN 2.13)."""

    side: int
    id: str
    text: str
    talents: int  # a fixed amount (0 for the scenario's base and the tribute)
    marker: str  # the government marker that brings it (2.13), or ""
    divisor: int  # for the tribute row: the tally is divided by this (2.16), else 0
    provenance: str


@dataclass(frozen=True, slots=True)
class Government:
    """A row of the Athens Government Table (3.2 1d, DESIGN 14)."""

    number: int
    id: str
    name: str
    leaders: tuple[int, ...]  # the "Leaders Available" column
    allowance: int  # the "Allowances" column: how many of them are placed
    special: str  # the "Special Rules" column
    marker: str  # the revenue marker it brings (2.13), or ""
    next: tuple[int, int, int]  # the government that follows a change, by NEXT_BY_PRESTIGE
    provenance: str


@dataclass(frozen=True, slots=True)
class Event:
    """A result of the Random Events Table (3.2 1c, DESIGN 15.0), rolled with two dice."""

    roll: int
    id: str
    title: str
    text: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Crt:
    """The Combat Results Table (DESIGN 8.3): odds columns and a row of results a die face."""

    odds: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # index = die - 1
    provenance: str

    def result(self, column: int, die: int) -> str:
        return self.rows[die - 1][column]


@dataclass(frozen=True, slots=True)
class SiegeRow:
    """The Siege Table (DESIGN 9.2): the roll that takes a walled city at these odds or better."""

    odds: str
    roll: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Tables:
    first_year: int  # the Year Track (2.14)
    last_year: int
    prestige_most: int  # the Prestige Track runs from this many pro-Sparta levels to as many pro-Athens
    quarters: tuple[Quarter, ...]  # in the order the season marker moves (2.14)
    prestige_adjustments: tuple[PrestigeAdjustment, ...]
    revenue: tuple[RevenueRow, ...]
    governments: tuple[Government, ...]  # index = number - 1
    events: tuple[Event, ...]  # index = roll - 2
    crt: Crt
    siege: tuple[SiegeRow, ...]
    provenance: str

    def government(self, number: int) -> Government:
        return self.governments[number - 1]

    def revenue_rows(self, side: int) -> tuple[RevenueRow, ...]:
        return tuple(row for row in self.revenue if row.side == side)


# ------------------------------------------------------------------------------------- scenarios
@dataclass(frozen=True, slots=True)
class Placement:
    unit: int  # UnitType index
    locale: int
    count: int
    side: int  # the side it serves (its nationality's, unless a revolted Delos city's)
    besieged: bool  # inside the walls (DESIGN 9.1)
    provenance: str


@dataclass(frozen=True, slots=True)
class LeaderPlacement:
    leader: int
    locale: int
    provenance: str


@dataclass(frozen=True, slots=True)
class FortPlacement:
    side: int
    locale: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Scenario:
    index: int
    id: str
    name: str
    first_year: int
    last_year: int
    prestige: int  # signed: + pro-Athens, - pro-Sparta (2.11)
    government: int  # the Athenian government number in force (14.0)
    talents: tuple[int, int]  # starting talents by side (2.8)
    revenue: tuple[int, int]  # the scenario's yearly revenue by side (2.13, 2.17)
    allies: tuple[int, ...]  # Ally indices active at start
    setup_of: int  # the scenario whose set-up it uses, or NO
    units: tuple[Placement, ...]
    leaders: tuple[LeaderPlacement, ...]
    forts: tuple[FortPlacement, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Components:
    nationalities: tuple[Nationality, ...]
    allies: tuple[Ally, ...]
    locales: tuple[Locale, ...]
    paths: tuple[Path, ...]
    adjacency: tuple[tuple[tuple[int, int], ...], ...]  # locale -> ((neighbour, path), ...)
    units: tuple[UnitType, ...]
    leaders: tuple[Leader, ...]
    forts: tuple[FortMix, ...]
    forces: tuple[int, int]  # Force counters by side (2.6, 2.15)
    markers: tuple[Marker, ...]
    figures: Figures
    tables: Tables
    scenarios: tuple[Scenario, ...]
    locale_index: Mapping[str, int]
    unit_index: Mapping[str, int]
    leader_index: Mapping[str, int]
    scenario_index: Mapping[str, int]
    version: str

    def locale(self, locale_id: str) -> Locale:
        return self.locales[self.locale_index[locale_id]]

    def unit(self, unit_id: str) -> UnitType:
        return self.units[self.unit_index[unit_id]]

    def leader(self, leader_id: str) -> Leader:
        return self.leaders[self.leader_index[leader_id]]

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[self.scenario_index[scenario_id]]

    def nationality(self, nationality_id: str) -> Nationality:
        for n in self.nationalities:
            if n.id == nationality_id:
                return n
        raise KeyError(nationality_id)

    def ally(self, ally_id: str) -> Ally:
        for a in self.allies:
            if a.id == ally_id:
                return a
        raise KeyError(ally_id)

    def marker(self, marker_id: str) -> Marker:
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise KeyError(marker_id)

    def neighbours(self, locale: int) -> tuple[tuple[int, int], ...]:
        """(neighbouring locale, path index) pairs of ``locale``."""
        return self.adjacency[locale]

    def delos_cities(self) -> tuple[Locale, ...]:
        return tuple(loc for loc in self.locales if loc.delos)
