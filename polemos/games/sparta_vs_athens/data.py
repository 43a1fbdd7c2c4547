"""Sparta vs. Athens' components: nationalities, the map, the counter mix, the tables, the scenarios.

:func:`load_components` reads the bundled ``data/*.toml`` files, or a player's ``--data DIR`` whose
files replace the bundled ones of the same name (:func:`polemos.core.data.resolve`), checks the
shape of each file and what each entry must be, and returns a read-only
:class:`~polemos.games.sparta_vs_athens.model.Components` with small integer ids. The numbers the
surviving rules fix across files are :mod:`~polemos.games.sparta_vs_athens.constraints` (the tests
and ``polemos data check`` run them).

Limits: the data layer only. The surviving rules (1.1-3.2) print neither the map nor its tables,
so nearly everything is reconstructed (each entry carries its provenance; DESIGN.md and
RULINGS.md record the choices). Every problem is a :class:`~polemos.core.data.DataError` naming
the file, the entry and the broken constraint.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from polemos.core.data import DataError, Fields, digest, read_document, resolve
from polemos.games.sparta_vs_athens import model
from polemos.games.sparta_vs_athens.model import (
    ATHENS,
    COLOURS,
    CRT_RESULTS,
    NAVAL_UNIT,
    NEXT_BY_PRESTIGE,
    NO,
    PATH_TYPES,
    PRESTIGE_TO,
    RULE_LOCALES,
    SEA_PATH,
    SIDES,
    SPARTA,
    UNIT_KINDS,
    Ally,
    Components,
    Crt,
    Event,
    Figures,
    FortMix,
    FortPlacement,
    Government,
    Leader,
    LeaderPlacement,
    Locale,
    Marker,
    Nationality,
    Phase,
    Placement,
    PrestigeAdjustment,
    Quarter,
    RevenueRow,
    Scenario,
    SiegeRow,
    Tables,
    UnitType,
)

DATA_DIR = Path(__file__).parent / "data"
NATIONALITIES_FILE = "nationalities.toml"
LOCALES_FILE = "locales.toml"
PATHS_FILE = "paths.toml"
COUNTERS_FILE = "counters.toml"
FIGURES_FILE = "figures.toml"
TABLES_FILE = "tables.toml"
SCENARIOS_FILE = "scenarios.toml"
FILES = (NATIONALITIES_FILE, LOCALES_FILE, PATHS_FILE, COUNTERS_FILE, FIGURES_FILE, TABLES_FILE,
         SCENARIOS_FILE)

LAT_RANGE, LON_RANGE = (34.0, 43.0), (11.0, 32.0)
# design (DESIGN 7.1): the longest real leg a path may stand for, in km between the locales
MAX_PATH_KM = {0: 200.0, SEA_PATH: 300.0}
YEARS = (404, 431)  # the Year Track's span (2.14); scenarios and leaders stay within it
TWO_DICE = (2, 12)
DIE = (1, 6)
QUARTER_ORDER = ("spring", "summer", "winter", "administration")  # 2.14: in that order


# =============================================================================== reading
class _Reader(Fields):
    """Typed reading of one file's entries (:class:`polemos.core.data.Fields`) plus this game's cells."""

    def keys(self, entry: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
        unknown = sorted(set(entry) - set(allowed))
        if unknown:
            raise self.fail(where, f"unknown field(s) {', '.join(unknown)}")

    def choice(self, entry: Mapping[str, Any], key: str, where: str, choices: Sequence[str]) -> int:
        value = self.str_(entry, key, where)
        if value not in choices:
            raise self.fail(where, f"{key} {value!r} is not one of {', '.join(choices)}")
        return choices.index(value)

    def opt_choice(self, entry: Mapping[str, Any], key: str, where: str, choices: Sequence[str]) -> int:
        if entry.get(key, "") == "":
            return NO
        return self.choice(entry, key, where, choices)

    def opt_str(self, entry: Mapping[str, Any], key: str, where: str) -> str:
        value = entry.get(key, "")
        if not isinstance(value, str):
            raise self.fail(where, f"{key!r} must be a string, not {value!r}")
        return value

    def opt_strs(self, entry: Mapping[str, Any], key: str, where: str) -> list[str]:
        if key not in entry:
            return []
        value = entry[key]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(where, f"{key!r} must be an array of strings")
        return value

    def float_(self, entry: Mapping[str, Any], key: str, where: str, low: float, high: float) -> float:
        value = entry.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(where, f"{key!r} must be a number, not {value!r}")
        if not low <= value <= high:
            raise self.fail(where, f"{key} {value} is out of range {low}-{high}")
        return float(value)

    def ref(self, index: Mapping[str, int], name: str, key: str, where: str, what: str = "locale") -> int:
        if name not in index:
            raise self.fail(where, f"{key} names unknown {what} {name!r}")
        return index[name]

    def entries(self, doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        return self.rows(doc, key, f"[[{key}]]")

    def unique(self, seen: set[str], value: str, where: str, what: str = "id") -> None:
        if value in seen:
            raise self.fail(where, f"duplicate {what} {value!r}")
        seen.add(value)

    def by_side(self, entry: Mapping[str, Any], key: str, where: str, high: int) -> tuple[int, int]:
        table = entry.get(key)
        if not isinstance(table, dict) or set(table) != set(SIDES):
            raise self.fail(where, f"{key} must be a table of {' and '.join(SIDES)}")
        return self.int_(table, "athens", where, 0, high), self.int_(table, "sparta", where, 0, high)


def _distance_km(a: Locale, b: Locale) -> float:
    """Great-circle distance between two locales' positions."""
    la1, lo1, la2, lo2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


# ------------------------------------------------------------------------------------- nationalities
def load_nationalities(path: Path, locale_ids: Sequence[str]) -> tuple[tuple[Nationality, ...], tuple[Ally, ...]]:
    """Parse ``nationalities.toml``: the nationalities of 2.9-2.10 and the ally groups of DESIGN 15."""
    r = _Reader(path.name)
    doc = read_document(path)
    nationalities: list[Nationality] = []
    seen: set[str] = set()
    for n, entry in enumerate(r.entries(doc, "nationality")):
        nid = r.str_(entry, "id", f"nationality #{n + 1}")
        where = f"nationality {nid}"
        r.keys(entry, ("id", "name", "side", "colour", "provenance"), where)
        r.unique(seen, nid, where)
        nationalities.append(Nationality(
            index=n, id=nid, name=r.str_(entry, "name", where), side=r.opt_choice(entry, "side", where, SIDES),
            colour=r.choice(entry, "colour", where, COLOURS), provenance=r.provenance(entry, where)))
    nat_ids = tuple(x.id for x in nationalities)
    locale_index = {lid: i for i, lid in enumerate(locale_ids)}
    allies: list[Ally] = []
    seen = set()
    for n, entry in enumerate(r.entries(doc, "ally")):
        aid = r.str_(entry, "id", f"ally #{n + 1}")
        where = f"ally {aid}"
        r.keys(entry, ("id", "name", "nationality", "home", "self_sustained_land", "self_sustained_naval",
                       "provenance"), where)
        r.unique(seen, aid, where)
        home = tuple(r.ref(locale_index, name, "home", where) for name in r.strs(entry, "home", where))
        allies.append(Ally(
            index=n, id=aid, name=r.str_(entry, "name", where),
            nationality=r.choice(entry, "nationality", where, nat_ids), home=home,
            self_sustained_land=r.bool_(entry, "self_sustained_land", where),
            self_sustained_naval=r.bool_(entry, "self_sustained_naval", where),
            provenance=r.provenance(entry, where)))
    return tuple(nationalities), tuple(allies)


# ------------------------------------------------------------------------------------- the map
LOCALE_KEYS = frozenset({
    "id", "name", "lat", "lon", "nationality", "garrison", "walled", "port", "region", "island", "tribute",
    "propontis", "strait", "provenance",
})


def load_locales(path: Path, nationality_ids: Sequence[str]) -> tuple[Locale, ...]:
    """Parse and check ``locales.toml`` (2.1, 2.3, 2.16)."""
    r = _Reader(path.name)
    locales: list[Locale] = []
    seen: set[str] = set()
    names: set[str] = set()
    for n, entry in enumerate(r.entries(read_document(path), "locale")):
        lid = r.str_(entry, "id", f"locale #{n + 1}")
        where = f"locale {lid}"
        r.keys(entry, LOCALE_KEYS, where)
        r.unique(seen, lid, where)
        name = r.str_(entry, "name", where)
        r.unique(names, name.casefold(), where, "name")
        tribute = entry.get("tribute")
        delos, red, blue = False, 0, 0
        if tribute is not None:
            if not isinstance(tribute, dict) or set(tribute) != {"red", "blue"}:
                raise r.fail(where, "tribute must be a table { red = N, blue = N } (2.16)")
            delos = True
            red, blue = r.int_(tribute, "red", where, 0, 99), r.int_(tribute, "blue", where, 0, 99)
        nationality = r.choice(entry, "nationality", where, nationality_ids)
        if delos != (nationality_ids[nationality] == "delos"):
            raise r.fail(where, "rule 2.16: a Delos Confederation locale, and only one, has a tribute value")
        propontis, strait = r.bool_(entry, "propontis", where), r.bool_(entry, "strait", where)
        if (propontis or strait) and not delos:
            raise r.fail(where, "rule 2.16 Note, 9.3: only Delos Confederation cities are marked propontis or strait")
        locales.append(Locale(
            index=n, id=lid, name=name, lat=r.float_(entry, "lat", where, *LAT_RANGE),
            lon=r.float_(entry, "lon", where, *LON_RANGE), nationality=nationality,
            garrison=r.int_(entry, "garrison", where, 1, 20), walled=r.bool_(entry, "walled", where),
            port=r.bool_(entry, "port", where), region=r.str_(entry, "region", where),
            island=r.opt_str(entry, "island", where), delos=delos, red=red, blue=blue, propontis=propontis,
            strait=strait, provenance=r.provenance(entry, where)))
    for lid, rule in RULE_LOCALES.items():
        if lid not in seen:
            raise r.fail("locales", f"missing locale {lid!r} (rule {rule})")
    return tuple(locales)


def load_paths(path: Path, locales: Sequence[Locale], index: Mapping[str, int]) -> tuple[model.Path, ...]:
    """Parse and check ``paths.toml`` against the locales (2.1; DESIGN 7.1-7.3)."""
    r = _Reader(path.name)
    paths: list[model.Path] = []
    pairs: set[tuple[frozenset[int], int]] = set()
    for n, entry in enumerate(r.entries(read_document(path), "path")):
        where = f"path #{n + 1}"
        r.keys(entry, ("between", "type", "provenance"), where)
        ends = r.strs(entry, "between", where)
        if len(ends) != 2:
            raise r.fail(where, f"'between' names two locales, not {len(ends)}")
        where = f"path {ends[0]}-{ends[1]}"
        a, b = (r.ref(index, e, "between", where) for e in ends)
        if a == b:
            raise r.fail(where, "a path joins two different locales")
        kind = r.choice(entry, "type", where, PATH_TYPES)
        if (frozenset((a, b)), kind) in pairs:
            raise r.fail(where, "duplicate path")
        pairs.add((frozenset((a, b)), kind))
        la, lb = locales[a], locales[b]
        if kind == SEA_PATH and not (la.port and lb.port):
            raise r.fail(where, "DESIGN 7.3: a sea path joins two ports")
        if kind != SEA_PATH and (la.island or lb.island) and la.island != lb.island:
            raise r.fail(where, "DESIGN 7.2: a land path reaches an island locale only from the same island")
        km = _distance_km(la, lb)
        if km > MAX_PATH_KM[kind]:
            raise r.fail(where, f"{km:.0f} km is longer than a {PATH_TYPES[kind]} path may be"
                                f" ({MAX_PATH_KM[kind]:.0f} km; DESIGN 7.1)")
        paths.append(model.Path(len(paths), a, b, kind, round(km, 1), r.provenance(entry, where)))
    return tuple(paths)


def _adjacency(n: int, paths: Sequence[model.Path]) -> tuple[tuple[tuple[int, int], ...], ...]:
    table: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for p in paths:
        table[p.a].append((p.b, p.index))
        table[p.b].append((p.a, p.index))
    return tuple(tuple(row) for row in table)


def _check_connected(r: _Reader, locales: Sequence[Locale], paths: Sequence[model.Path]) -> None:
    """2.1: units move between locales along the paths, so every locale is reachable from Athens."""
    adjacency = _adjacency(len(locales), paths)
    start = next(loc.index for loc in locales if loc.id == "athens")
    reach = {start}
    frontier = [start]
    while frontier:
        for other, _ in adjacency[frontier.pop()]:
            if other not in reach:
                reach.add(other)
                frontier.append(other)
    cut_off = [loc.id for loc in locales if loc.index not in reach]
    if cut_off:
        raise r.fail("paths", f"locales no path from Athens reaches: {', '.join(cut_off)}")


# ------------------------------------------------------------------------------------- counters
@dataclasses.dataclass(frozen=True, slots=True)
class _Counters:
    units: tuple[UnitType, ...]
    leaders: tuple[Leader, ...]
    forts: tuple[FortMix, ...]
    forces: tuple[int, int]
    markers: tuple[Marker, ...]


def load_counters(path: Path, nationalities: Sequence[Nationality], allies: Sequence[Ally]) -> _Counters:
    """Parse and check ``counters.toml``: the five types of counters (2.2-2.8)."""
    r = _Reader(path.name)
    doc = read_document(path)
    nat_ids = tuple(n.id for n in nationalities)
    ally_ids = tuple(a.id for a in allies)
    units: list[UnitType] = []
    seen: set[str] = set()
    for n, entry in enumerate(r.entries(doc, "unit")):
        uid = r.str_(entry, "id", f"unit #{n + 1}")
        where = f"unit {uid}"
        r.keys(entry, ("id", "name", "nationality", "ally", "kind", "strength", "wavering", "count", "provenance"),
               where)
        r.unique(seen, uid, where)
        nationality = r.choice(entry, "nationality", where, nat_ids)
        ally = r.opt_choice(entry, "ally", where, ally_ids)
        if ally != NO and allies[ally].nationality != nationality:
            raise r.fail(where, f"ally {ally_ids[ally]} is of nationality {nat_ids[allies[ally].nationality]}")
        strength = r.int_(entry, "strength", where, 1, 20)
        wavering = r.int_(entry, "wavering", where, 0, 20)
        if wavering >= strength:
            raise r.fail(where, f"rule 2.3: the wavering side ({wavering}) must be weaker than the front ({strength})")
        units.append(UnitType(
            index=n, id=uid, name=r.str_(entry, "name", where), nationality=nationality, ally=ally,
            kind=r.choice(entry, "kind", where, UNIT_KINDS), strength=strength, wavering=wavering,
            count=r.int_(entry, "count", where, 1, 99), provenance=r.provenance(entry, where)))
    leaders: list[Leader] = []
    seen = set()
    for n, entry in enumerate(r.entries(doc, "leader")):
        lid = r.str_(entry, "id", f"leader #{n + 1}")
        where = f"leader {lid}"
        r.keys(entry, ("id", "name", "nationality", "land", "sea", "first", "last", "provenance"), where)
        r.unique(seen, lid, where)
        first = r.int_(entry, "first", where, *YEARS)
        leaders.append(Leader(
            index=n, id=lid, name=r.str_(entry, "name", where),
            nationality=r.choice(entry, "nationality", where, nat_ids),
            land=r.int_(entry, "land", where, 0, 2), sea=r.int_(entry, "sea", where, 0, 2),
            first=first, last=r.int_(entry, "last", where, YEARS[0], first), provenance=r.provenance(entry, where)))
    forts: list[FortMix] = []
    for n, entry in enumerate(r.entries(doc, "fort")):
        where = f"fort #{n + 1}"
        r.keys(entry, ("side", "strength", "count", "provenance"), where)
        side = r.choice(entry, "side", where, SIDES)
        if any(f.side == side for f in forts):
            raise r.fail(f"fort {SIDES[side]}", "duplicate side")
        forts.append(FortMix(side, r.int_(entry, "strength", where, 1, 9), r.int_(entry, "count", where, 1, 20),
                             r.provenance(entry, where)))
    forces = [0, 0]
    for n, entry in enumerate(r.entries(doc, "force")):
        where = f"force #{n + 1}"
        r.keys(entry, ("side", "count", "provenance"), where)
        side = r.choice(entry, "side", where, SIDES)
        if forces[side]:
            raise r.fail(f"force {SIDES[side]}", "duplicate side")
        forces[side] = r.int_(entry, "count", where, 1, 20)
        r.provenance(entry, where)
    for side in (ATHENS, SPARTA):
        if not forces[side] or not any(f.side == side for f in forts):
            raise r.fail("counters", f"rule 2.6, 2.7: {SIDES[side]} needs Force counters and forts")
    markers: list[Marker] = []
    seen = set()
    for n, entry in enumerate(r.entries(doc, "marker")):
        mid = r.str_(entry, "id", f"marker #{n + 1}")
        where = f"marker {mid}"
        r.keys(entry, ("id", "name", "count", "provenance"), where)
        r.unique(seen, mid, where)
        markers.append(Marker(mid, r.str_(entry, "name", where), r.int_(entry, "count", where, 1, 99),
                              r.provenance(entry, where)))
    return _Counters(tuple(units), tuple(leaders), tuple(forts), (forces[0], forces[1]), tuple(markers))


# ------------------------------------------------------------------------------------- figures
def load_figures(path: Path) -> Figures:
    """Parse ``figures.toml`` and check every figure against the rulebook (the field metadata)."""
    r = _Reader(path.name)
    values: dict[str, int] = {}
    for n, entry in enumerate(r.entries(read_document(path), "figure")):
        fid = r.str_(entry, "id", f"figure #{n + 1}")
        where = f"figure {fid}"
        r.keys(entry, ("id", "value", "provenance"), where)
        if fid in values:
            raise r.fail(where, "duplicate id")
        values[fid] = r.int_(entry, "value", where)
        provenance = r.provenance(entry, where)
        meta = next((f.metadata for f in dataclasses.fields(Figures) if f.name == fid), None)
        if meta is None:
            raise r.fail(where, "not a figure the surviving rules state")
        if values[fid] != meta["value"]:
            raise r.fail(where, f"rule {meta['rule']}: the rulebook says {meta['value']}, not {values[fid]}")
        if f"rule {meta['rule']}" not in provenance:
            raise r.fail(where, f"provenance must cite rule {meta['rule']}")
    missing = [f.name for f in dataclasses.fields(Figures) if f.name not in values]
    if missing:
        raise r.fail("figures", f"missing: {', '.join(missing)}")
    return Figures(**values)


# ------------------------------------------------------------------------------------- tables
def load_tables(path: Path, leader_index: Mapping[str, int], marker_ids: Sequence[str]) -> Tables:
    """Parse and check ``tables.toml``: the Year Track and disc, the Prestige Track and Adjustment
    Table, the Revenue Tables, the Athens Government Table, and the tables of our design."""
    r = _Reader(path.name)
    doc = read_document(path)
    year = r.table(doc, "year_track")
    r.keys(year, ("first", "last", "provenance"), "year_track")
    first = r.int_(year, "first", "year_track", *YEARS)
    last = r.int_(year, "last", "year_track", YEARS[0], first - 1)
    r.provenance(year, "year_track")
    track = r.table(doc, "prestige_track")
    r.keys(track, ("most", "provenance"), "prestige_track")
    most = r.int_(track, "most", "prestige_track", 1, 20)
    quarters = _parse_quarters(r, r.entries(doc, "quarter"))
    adjustments: list[PrestigeAdjustment] = []
    seen: set[str] = set()
    for n, entry in enumerate(r.entries(doc, "prestige_adjustment")):
        aid = r.str_(entry, "id", f"prestige_adjustment #{n + 1}")
        where = f"prestige_adjustment {aid}"
        r.keys(entry, ("id", "text", "shift", "to", "provenance"), where)
        r.unique(seen, aid, where)
        adjustments.append(PrestigeAdjustment(aid, r.str_(entry, "text", where), r.int_(entry, "shift", where, 1, 5),
                                              r.choice(entry, "to", where, PRESTIGE_TO), r.provenance(entry, where)))
    revenue = _parse_revenue(r, r.entries(doc, "revenue"), marker_ids)
    governments = _parse_governments(r, r.entries(doc, "government"), leader_index, marker_ids)
    events: list[Event] = []
    seen = set()
    for n, entry in enumerate(r.entries(doc, "event")):
        roll = r.int_(entry, "roll", f"event #{n + 1}", *TWO_DICE)
        where = f"event {roll}"
        r.keys(entry, ("roll", "id", "title", "text", "provenance"), where)
        r.unique(seen, str(roll), where, "roll")
        eid = r.str_(entry, "id", where)
        r.unique(seen, eid, where)
        events.append(Event(roll, eid, r.str_(entry, "title", where), r.str_(entry, "text", where),
                            r.provenance(entry, where)))
    rolls = sorted(e.roll for e in events)
    if rolls != list(range(TWO_DICE[0], TWO_DICE[1] + 1)):
        raise r.fail("event", f"the Random Events Table has a row for each roll of two dice (2-12), not {rolls}")
    events.sort(key=lambda e: e.roll)
    siege: list[SiegeRow] = []
    for n, entry in enumerate(r.entries(doc, "siege")):
        where = f"siege #{n + 1}"
        r.keys(entry, ("odds", "roll", "provenance"), where)
        siege.append(SiegeRow(r.str_(entry, "odds", where), r.int_(entry, "roll", where, *DIE),
                              r.provenance(entry, where)))
    crt = _parse_crt(r, r.table(doc, "crt"))
    for row in siege:
        if row.odds not in crt.odds:
            raise r.fail("siege", f"odds {row.odds!r} is not a column of the Combat Results Table")
    return Tables(
        first_year=first, last_year=last, prestige_most=most, quarters=quarters,
        prestige_adjustments=tuple(adjustments), revenue=revenue, governments=governments, events=tuple(events),
        crt=crt, siege=tuple(siege), provenance=r.provenance(year, "year_track"))


def _parse_quarters(r: _Reader, entries: Sequence[Mapping[str, Any]]) -> tuple[Quarter, ...]:
    quarters: list[Quarter] = []
    for n, entry in enumerate(entries):
        qid = r.str_(entry, "id", f"quarter #{n + 1}")
        where = f"quarter {qid}"
        r.keys(entry, ("id", "name", "phase", "provenance"), where)
        phases: list[Phase] = []
        seen: set[str] = set()
        for i, row in enumerate(r.rows(entry, "phase", where)):
            pid = r.str_(row, "id", f"{where} phase #{i + 1}")
            w = f"{where} phase {pid}"
            r.keys(row, ("id", "name", "provenance"), w)
            r.unique(seen, pid, w)
            phases.append(Phase(pid, r.str_(row, "name", w), r.provenance(row, w)))
        quarters.append(Quarter(n, qid, r.str_(entry, "name", where), tuple(phases), r.provenance(entry, where)))
    ids = sorted(q.id for q in quarters)
    if ids != sorted(QUARTER_ORDER):
        raise r.fail("quarter", f"rule 3.1: the quarters are {', '.join(QUARTER_ORDER)}, not {', '.join(ids)}")
    # 2.14: the marker starts in Spring and moves through Spring, Summer, Winter, Administration
    return tuple(sorted(quarters, key=lambda q: QUARTER_ORDER.index(q.id)))


def _parse_revenue(r: _Reader, entries: Sequence[Mapping[str, Any]], marker_ids: Sequence[str],
                   ) -> tuple[RevenueRow, ...]:
    rows: list[RevenueRow] = []
    for n, entry in enumerate(entries):
        side = r.choice(entry, "side", f"revenue #{n + 1}", SIDES)
        rid = r.str_(entry, "id", f"revenue #{n + 1}")
        where = f"revenue {SIDES[side]} {rid}"
        r.keys(entry, ("side", "id", "text", "talents", "marker", "divisor", "provenance"), where)
        if any(row.side == side and row.id == rid for row in rows):
            raise r.fail(where, "duplicate row")
        marker = r.opt_str(entry, "marker", where)
        if marker and marker not in marker_ids:
            raise r.fail(where, f"marker {marker!r} is not a marker of {COUNTERS_FILE}")
        if marker and side != ATHENS:
            raise r.fail(where, "rule 2.13: the government markers are on the Athenian Revenue Table")
        divisor = r.int_(entry, "divisor", where, 0, 100)
        if (rid == "tribute") != (divisor > 0):
            raise r.fail(where, "rule 2.16: the tribute row, and only it, has a divisor")
        rows.append(RevenueRow(side, rid, r.str_(entry, "text", where), r.int_(entry, "talents", where, -99, 99),
                               marker, divisor, r.provenance(entry, where)))
    for side in (ATHENS, SPARTA):
        for needed in ("base", "tribute"):
            if not any(row.side == side and row.id == needed for row in rows):
                raise r.fail("revenue", f"rule 2.13, 2.16: the {SIDES[side]} Revenue Table needs a {needed!r} row")
    return tuple(rows)


def _parse_governments(r: _Reader, entries: Sequence[Mapping[str, Any]], leader_index: Mapping[str, int],
                       marker_ids: Sequence[str]) -> tuple[Government, ...]:
    found: dict[int, Government] = {}
    count = len(entries)
    for n, entry in enumerate(entries):
        number = r.int_(entry, "number", f"government #{n + 1}", 1, count)
        where = f"government #{number}"
        r.keys(entry, ("number", "id", "name", "leaders", "allowance", "special", "marker", "next", "provenance"),
               where)
        if number in found:
            raise r.fail(where, "duplicate number")
        leaders = tuple(r.ref(leader_index, name, "leaders", where, "leader")
                        for name in r.strs(entry, "leaders", where))
        allowance = r.int_(entry, "allowance", where, 1, len(leaders))
        marker = r.opt_str(entry, "marker", where)
        if marker and marker not in marker_ids:
            raise r.fail(where, f"marker {marker!r} is not a marker of {COUNTERS_FILE}")
        nxt = entry.get("next")
        if not isinstance(nxt, dict) or set(nxt) != set(NEXT_BY_PRESTIGE):
            raise r.fail(where, f"next must be a table of {', '.join(NEXT_BY_PRESTIGE)}")
        following = tuple(r.int_(nxt, key, where, 1, count) for key in NEXT_BY_PRESTIGE)
        found[number] = Government(number, r.str_(entry, "id", where), r.str_(entry, "name", where), leaders,
                                   allowance, r.opt_str(entry, "special", where), marker,
                                   (following[0], following[1], following[2]), r.provenance(entry, where))
    return tuple(found[k] for k in sorted(found))


def _parse_crt(r: _Reader, entry: Mapping[str, Any]) -> Crt:
    where = "crt"
    r.keys(entry, ("odds", "row", "provenance"), where)
    odds = tuple(r.strs(entry, "odds", where))
    rows: dict[int, tuple[str, ...]] = {}
    for i, row in enumerate(r.rows(entry, "row", where)):
        die = r.int_(row, "die", f"crt row #{i + 1}", *DIE)
        w = f"crt row {die}"
        r.keys(row, ("die", "results", "provenance"), w)
        if die in rows:
            raise r.fail(w, "duplicate die")
        results = tuple(r.strs(row, "results", w))
        if len(results) != len(odds):
            raise r.fail(w, f"{len(results)} results for {len(odds)} odds columns")
        bad = [x for x in results if x not in CRT_RESULTS]
        if bad:
            raise r.fail(w, f"unknown result(s) {', '.join(bad)}; known: {', '.join(CRT_RESULTS)}")
        r.provenance(row, w)
        rows[die] = results
    if sorted(rows) != list(range(DIE[0], DIE[1] + 1)):
        raise r.fail(where, "a row for each face of the die (1-6)")
    return Crt(odds, tuple(rows[d] for d in sorted(rows)), r.provenance(entry, where))


# ------------------------------------------------------------------------------------- scenarios
@dataclasses.dataclass(frozen=True, slots=True)
class _Context:
    """What a scenario may refer to."""

    locale_index: Mapping[str, int]
    locales: tuple[Locale, ...]
    nationalities: tuple[Nationality, ...]
    allies: tuple[Ally, ...]
    counters: _Counters
    unit_index: Mapping[str, int]
    leader_index: Mapping[str, int]
    tables: Tables


SCENARIO_KEYS = frozenset({
    "id", "name", "first_year", "last_year", "prestige", "government", "talents", "revenue", "allies",
    "setup_of", "unit", "leader", "fort", "provenance",
})
SETUP_KEYS = ("prestige", "government", "talents", "revenue", "allies", "unit", "leader", "fort")


def load_scenarios(path: Path, ctx: _Context) -> tuple[Scenario, ...]:
    """Parse and check ``scenarios.toml`` (DESIGN 16)."""
    r = _Reader(path.name)
    entries = r.entries(read_document(path), "scenario")
    scenarios: list[Scenario] = []
    for n, entry in enumerate(entries):
        sid = r.str_(entry, "id", f"scenario #{n + 1}")
        where = f"scenario {sid}"
        r.keys(entry, SCENARIO_KEYS, where)
        if any(s.id == sid for s in scenarios):
            raise r.fail(where, "duplicate id")
        first = r.int_(entry, "first_year", where, ctx.tables.last_year + 1, ctx.tables.first_year)
        last = r.int_(entry, "last_year", where, ctx.tables.last_year, first - 1)
        source_id = r.opt_str(entry, "setup_of", where)
        if source_id:
            source = next((s for s in scenarios if s.id == source_id), None)
            if source is None or source.setup_of != NO:
                raise r.fail(where, f"setup_of {source_id!r} is not an earlier scenario with its own set-up")
            if set(entry) & set(SETUP_KEYS):
                raise r.fail(where, "a scenario using another's set-up has none of its own")
            if source.first_year != first:
                raise r.fail(where, f"it starts in {first}, the set-up it uses in {source.first_year}")
            scenarios.append(dataclasses.replace(source, index=n, id=sid, name=r.str_(entry, "name", where),
                                                 last_year=last, setup_of=source.index,
                                                 provenance=r.provenance(entry, where)))
            continue
        scenarios.append(_parse_setup(r, n, sid, entry, where, first, last, ctx))
    return tuple(scenarios)


def _parse_setup(r: _Reader, n: int, sid: str, entry: Mapping[str, Any], where: str, first: int, last: int,
                 ctx: _Context) -> Scenario:
    most = ctx.tables.prestige_most
    ally_ids = tuple(a.id for a in ctx.allies)
    allies = tuple(r.choice({"ally": a}, "ally", where, ally_ids) for a in r.opt_strs(entry, "allies", where))
    units: list[Placement] = []
    used: dict[int, int] = {}
    for i, row in enumerate(r.rows(entry, "unit", where)):
        w = f"{where} unit #{i + 1}"
        r.keys(row, ("unit", "locale", "count", "side", "besieged", "provenance"), w)
        unit = r.ref(ctx.unit_index, r.str_(row, "unit", w), "unit", w, "unit")
        locale = r.ref(ctx.locale_index, r.str_(row, "locale", w), "locale", w)
        kind = ctx.counters.units[unit]
        w = f"{where} unit {kind.id} at {ctx.locales[locale].id}"
        count = r.int_(row, "count", w, 1, 99)
        own = ctx.nationalities[kind.nationality].side
        side = r.opt_choice(row, "side", w, SIDES)
        if side == NO:
            side = own
        elif side == own or ctx.nationalities[kind.nationality].id != "delos":
            raise r.fail(w, "only a Delos Confederation unit may be set up serving the other side (a revolted city)")
        if kind.kind == NAVAL_UNIT and not ctx.locales[locale].port:
            raise r.fail(w, f"NSPs set up away from a port ({ctx.locales[locale].id}; DESIGN 7.16)")
        used[unit] = used.get(unit, 0) + count
        if used[unit] > kind.count:
            raise r.fail(w, f"{used[unit]} {kind.id} counters set up; the mix ({COUNTERS_FILE}) has {kind.count}")
        units.append(Placement(unit, locale, count, side, r.bool_(row, "besieged", w), r.provenance(row, w)))
    leaders: list[LeaderPlacement] = []
    for i, row in enumerate(entry.get("leader", [])):
        w = f"{where} leader #{i + 1}"
        r.keys(row, ("id", "locale", "provenance"), w)
        leader = r.ref(ctx.leader_index, r.str_(row, "id", w), "id", w, "leader")
        lead = ctx.counters.leaders[leader]
        if not lead.last <= first <= lead.first:
            raise r.fail(w, f"{lead.name} serves {lead.first}-{lead.last}, not in {first} (DESIGN 4.4)")
        if any(p.leader == leader for p in leaders):
            raise r.fail(w, f"{lead.name} placed twice")
        leaders.append(LeaderPlacement(leader, r.ref(ctx.locale_index, r.str_(row, "locale", w), "locale", w),
                                       r.provenance(row, w)))
    forts: list[FortPlacement] = []
    for i, row in enumerate(entry.get("fort", [])):
        w = f"{where} fort #{i + 1}"
        r.keys(row, ("side", "locale", "provenance"), w)
        forts.append(FortPlacement(r.choice(row, "side", w, SIDES),
                                   r.ref(ctx.locale_index, r.str_(row, "locale", w), "locale", w),
                                   r.provenance(row, w)))
    for side in (ATHENS, SPARTA):
        mix = next(f.count for f in ctx.counters.forts if f.side == side)
        if sum(1 for f in forts if f.side == side) > mix:
            raise r.fail(where, f"more {SIDES[side]} forts than the mix's {mix}")
    return Scenario(
        index=n, id=sid, name=r.str_(entry, "name", where), first_year=first, last_year=last,
        prestige=r.int_(entry, "prestige", where, -most, most),
        government=r.int_(entry, "government", where, 1, len(ctx.tables.governments)),
        talents=r.by_side(entry, "talents", where, 9999), revenue=r.by_side(entry, "revenue", where, 999),
        allies=allies, setup_of=NO, units=tuple(units), leaders=tuple(leaders), forts=tuple(forts),
        provenance=r.provenance(entry, where))


# =============================================================================== all
def data_files() -> list[str]:
    """The names of the data files the game is built from, in load order."""
    return list(FILES)


def load_components(override: Path | None = None) -> Components:
    """Every component, from the bundled data or ``override`` (a ``--data`` directory whose files
    replace the bundled ones of the same name). Cached per directory: components are read-only."""
    return _load_components(None if override is None else Path(override).resolve())


@functools.lru_cache(maxsize=16)
def _load_components(override: Path | None) -> Components:
    used = {name: resolve(DATA_DIR, name, override) for name in FILES}
    for path in used.values():
        if not path.is_file():
            raise DataError(path.name, "", "file not found")
    locale_ids = _locale_ids(used[LOCALES_FILE])
    nationalities, allies = load_nationalities(used[NATIONALITIES_FILE], locale_ids)
    locales = load_locales(used[LOCALES_FILE], tuple(x.id for x in nationalities))
    locale_index = {loc.id: loc.index for loc in locales}
    paths = load_paths(used[PATHS_FILE], locales, locale_index)
    _check_connected(_Reader(PATHS_FILE), locales, paths)
    counters = load_counters(used[COUNTERS_FILE], nationalities, allies)
    figures = load_figures(used[FIGURES_FILE])
    leader_index = {lead.id: lead.index for lead in counters.leaders}
    tables = load_tables(used[TABLES_FILE], leader_index, tuple(m.id for m in counters.markers))
    unit_index = {u.id: u.index for u in counters.units}
    ctx = _Context(locale_index, locales, nationalities, allies, counters, unit_index, leader_index, tables)
    scenarios = load_scenarios(used[SCENARIOS_FILE], ctx)
    return Components(
        nationalities=nationalities, allies=allies, locales=locales, paths=paths,
        adjacency=_adjacency(len(locales), paths), units=counters.units, leaders=counters.leaders,
        forts=counters.forts, forces=counters.forces, markers=counters.markers, figures=figures, tables=tables,
        scenarios=scenarios, locale_index=locale_index, unit_index=unit_index, leader_index=leader_index,
        scenario_index={s.id: s.index for s in scenarios}, version=digest(list(used.values())),
    )


def _locale_ids(path: Path) -> tuple[str, ...]:
    """The locale ids alone (the nationalities file names the allies' home locales before the
    locales, which need the nationalities, are read in full)."""
    r = _Reader(path.name)
    return tuple(r.str_(entry, "id", f"locale #{n + 1}")
                 for n, entry in enumerate(r.entries(read_document(path), "locale")))


__all__ = [
    "DATA_DIR",
    "FILES",
    "data_files",
    "load_components",
]
