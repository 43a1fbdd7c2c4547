"""The Peloponnesian War's components: map, leaders, tables, Strategy Matrixes, figures, scenarios.

:func:`load_components` reads the bundled ``data/*.toml`` files, or a player's ``--data DIR`` whose
files replace the bundled ones of the same name (:func:`polemos.core.data.resolve`), checks every
constraint the rulebook puts on them, and returns a read-only
:class:`~polemos.games.peloponnesian_war.model.Components`: the frozen dataclasses of ``model.py``
with small integer ids (space, LOC, leader and scenario indices) and adjacency as tuples, for the
rules code to use without looking anything up by name.

Limits: this is the data layer only. The rulebook prints neither the map nor most tables, so
nearly everything here is reconstructed (each entry carries its provenance; RULINGS.md P1-P21
records the choices); the checks hold the data to what the rules do state. Every problem is a
:class:`~polemos.core.data.DataError` naming the file, the entry and the broken constraint.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polemos.core.data import DataError, Fields, digest, read_document, resolve
from polemos.games.peloponnesian_war.model import (
    ALIGNMENTS,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    COMBINED_LOC,
    CONDITIONS,
    DELIAN,
    HELOT_SPACES,
    HOPLITE,
    ISLAND,
    KINDS,
    LAND,
    LAND_LOC,
    LEAGUE_OF_SIDE,
    LOC_TYPES,
    MARKERS,
    NATIONALITIES,
    NATIONALITY_SIDE,
    NAVAL,
    NAVAL_LOC,
    NEUTRAL,
    NO,
    PELOPONNESIAN,
    PERSIA,
    RULE_SPACES,
    SCENARIO_ENDINGS,
    SERVES,
    SIDES,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
    TARGETS,
    TWO_DICE,
    UNIT_TYPES,
    Components,
    Elimination,
    Figures,
    Force,
    Leader,
    LeaderPlacement,
    Loc,
    Marker,
    Matrix,
    MatrixRow,
    NeutralForce,
    Objective,
    PostCombatRow,
    Power,
    PowerSetup,
    RandomEvent,
    RebellionLocation,
    Region,
    Scenario,
    SideSetup,
    Space,
    Strategy,
)

DATA_DIR = Path(__file__).parent / "data"
SPACES_FILE = "spaces.toml"
LOCS_FILE = "locs.toml"
LEADERS_FILE = "leaders.toml"
TABLES_FILE = "tables.toml"
MATRIXES_FILE = "matrixes.toml"
FIGURES_FILE = "figures.toml"
COUNTERS_FILE = "counters.toml"
SCENARIOS_FILE = "scenarios.toml"
FILES = (
    SPACES_FILE, LOCS_FILE, LEADERS_FILE, TABLES_FILE, MATRIXES_FILE, FIGURES_FILE, COUNTERS_FILE,
    SCENARIOS_FILE,
)

RULE_POWERS = ("argos", "syracuse", "macedon", "persia")  # 1.3, 4.5
RULE_REGIONS = {"sicily": "7.1.1", "euxine": "5.3.1", "attica": "Random Event 6", "thrace": "Random Event 4"}
RULE_SCENARIOS = {"peloponnesian-war": "10.1", "archidamian-war": "10.2", "decelean-war": "10.3",
                  "fall-of-athens": "10.4"}

RATING_RANGE = (0, 2)  # component-data.md: ratings are small integers 0-2
ALCIBIADES_BONUS = 1  # 3.1: +1 to the Spartan leader's Strategy Rating while he serves Sparta or Persia
DIE = (1, 6)
DELIAN_REBELLION_ROLL = 8  # 2.3: "exactly as if you had rolled an 8"
LAT_RANGE, LON_RANGE = (34.0, 43.0), (11.0, 31.0)
# design (RULINGS P4): the longest real leg a LOC may stand for, in km between the spaces' positions
MAX_LOC_KM = {LAND_LOC: 160.0, NAVAL_LOC: 300.0, COMBINED_LOC: 300.0}
RULE_NUMBER = re.compile(r"\d+(\.\d+)*")


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

    def count(self, entry: Mapping[str, Any], key: str, where: str) -> int:
        return self.int_(entry, key, where, 0, 99) if key in entry else 0

    def float_(self, entry: Mapping[str, Any], key: str, where: str, low: float, high: float) -> float:
        value = entry.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(where, f"{key!r} must be a number, not {value!r}")
        if not low <= value <= high:
            raise self.fail(where, f"{key} {value} is out of range {low}-{high}")
        return float(value)

    def roll(self, entry: Mapping[str, Any], where: str, low: int, high: int) -> tuple[int, int]:
        value = entry.get("roll")
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise self.fail(where, f"'roll' must be [low, high], not {value!r}")
        lo, hi = value
        if not low <= lo <= hi <= high:
            raise self.fail(where, f"roll [{lo}, {hi}] is not within {low}-{high}")
        return lo, hi

    def space(self, index: Mapping[str, int], name: str, key: str, where: str) -> int:
        if name not in index:
            raise self.fail(where, f"{key} names unknown space {name!r}")
        return index[name]

    def entries(self, doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        return self.rows(doc, key, f"[[{key}]]")

    def unique(self, seen: set[str], value: str, where: str, what: str = "id") -> None:
        if value in seen:
            raise self.fail(where, f"duplicate {what} {value!r}")
        seen.add(value)

    def rule_cited(self, provenance: str, rule: str, where: str) -> None:
        """An entry the rulebook fixes must say so: its provenance cites ``rule``."""
        if f"rule {rule}" not in provenance and f", {rule}" not in provenance:
            raise self.fail(where, f"provenance must cite rule {rule}")


def _distance_km(a: Space, b: Space) -> float:
    """Great-circle distance between two spaces' positions."""
    la1, lo1, la2, lo2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


# ------------------------------------------------------------------------------------- the map
@dataclass(frozen=True, slots=True)
class _Map:
    regions: tuple[Region, ...]
    powers: tuple[Power, ...]
    spaces: tuple[Space, ...]
    locs: tuple[Loc, ...]
    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    index: Mapping[str, int]


SPACE_KEYS = frozenset({
    "id", "name", "aliases", "kind", "fortress", "alignment", "home", "home_port", "coalition", "power",
    "stands_in_for", "region", "island", "strait", "edge", "lat", "lon", "rules", "provenance",
})
POWER_KEYS = frozenset({
    "id", "name", "seat", "joins", "route_closed_while_neutral", "shielded_while_neutral", "event_only",
    "changes_sides", "requirement", "provenance",
})


def load_spaces(path: Path) -> tuple[tuple[Region, ...], tuple[Power, ...], tuple[Space, ...]]:
    """Parse and check ``spaces.toml``: regions, neutral powers and spaces (1.1.1, 2.4, 4.5, 5.9)."""
    r = _Reader(path.name)
    doc = read_document(path)
    regions: list[Region] = []
    seen: set[str] = set()
    for n, entry in enumerate(r.entries(doc, "region")):
        where = f"region #{n + 1}"
        r.keys(entry, ("id", "name", "provenance"), where)
        rid = r.str_(entry, "id", where)
        r.unique(seen, rid, f"region {rid}")
        regions.append(Region(len(regions), rid, r.str_(entry, "name", where), r.provenance(entry, where)))
    region_index = {g.id: g.index for g in regions}
    for rid, rule in RULE_REGIONS.items():
        if rid not in region_index:
            raise r.fail("regions", f"missing region {rid!r} (rule {rule})")

    raw_powers = r.entries(doc, "power")
    power_index: dict[str, int] = {}
    for n, entry in enumerate(raw_powers):
        pid = r.str_(entry, "id", f"power #{n + 1}")
        if pid in power_index:
            raise r.fail(f"power {pid}", "duplicate id")
        power_index[pid] = n

    spaces: list[Space] = []
    index: dict[str, int] = {}
    names: set[str] = set()
    raw_spaces = r.entries(doc, "space")
    ids = [e.get("id") for e in raw_spaces]
    for n, entry in enumerate(raw_spaces):
        where = f"space #{n + 1}"
        sid = r.str_(entry, "id", where)
        where = f"space {sid}"
        r.keys(entry, SPACE_KEYS, where)
        if sid in index:
            raise r.fail(where, "duplicate id")
        name = r.str_(entry, "name", where)
        aliases = tuple(r.opt_strs(entry, "aliases", where))
        for label in (name, *aliases):
            r.unique(names, label.casefold(), where, "name")
        kind = r.choice(entry, "kind", where, KINDS)
        alignment = r.choice(entry, "alignment", where, ALIGNMENTS)
        home = r.opt_choice(entry, "home", where, SIDES)
        home_port = r.opt_choice(entry, "home_port", where, SIDES)
        coalition = r.opt_choice(entry, "coalition", where, SIDES)
        power = r.opt_choice(entry, "power", where, tuple(power_index))
        region = r.choice(entry, "region", where, tuple(region_index))
        island = r.opt_str(entry, "island", where)
        if island and kind != ISLAND:
            raise r.fail(where, "'island' is only for Island spaces")
        if kind == ISLAND and not island:
            island = sid
        strait = tuple(r.opt_strs(entry, "strait", where))
        if strait and (len(strait) != 2 or strait[0] == strait[1]):
            raise r.fail(where, f"a strait space has two sides, not {list(strait)}")
        stand_in = r.opt_str(entry, "stands_in_for", where)
        if stand_in and stand_in not in ids:
            raise r.fail(where, f"stands_in_for names unknown space {stand_in!r}")
        rules = tuple(r.opt_strs(entry, "rules", where))
        for rule in rules:
            if not RULE_NUMBER.fullmatch(rule):
                raise r.fail(where, f"rules: {rule!r} is not a rule number")
        # colour coding (1.1.1) agrees with the space's role
        for side, what in ((home, "home"), (home_port, "home_port"), (coalition, "coalition")):
            if side != NO and alignment != LEAGUE_OF_SIDE[side]:
                raise r.fail(where, f"a {SIDES[side]} {what} space must be {ALIGNMENTS[LEAGUE_OF_SIDE[side]]}")
        if power != NO and alignment != NEUTRAL:
            raise r.fail(where, "rule 4.5: a neutral power's space is neutral")
        if home != NO and sid not in ("athens", "sparta"):
            raise r.fail(where, "rule 2.4: the home spaces are Athens and Sparta")
        if home_port != NO and kind == LAND:
            raise r.fail(where, "a home port must be Coastal or Island")
        spaces.append(Space(
            index=n, id=sid, name=name, aliases=aliases, kind=kind, fortress=r.bool_(entry, "fortress", where),
            alignment=alignment, home=home, home_port=home_port, coalition=coalition, power=power,
            stands_in_for=ids.index(stand_in) if stand_in else NO, region=region, island=island,
            strait=strait, edge=r.bool_(entry, "edge", where),
            lat=r.float_(entry, "lat", where, *LAT_RANGE), lon=r.float_(entry, "lon", where, *LON_RANGE),
            rules=rules, provenance=r.provenance(entry, where),
        ))
        index[sid] = n
    _check_spaces(r, spaces, index)
    powers = tuple(_parse_power(r, n, entry, index, spaces) for n, entry in enumerate(raw_powers))
    for pid in RULE_POWERS:
        if pid not in power_index:
            raise r.fail("powers", f"rule 4.5: missing neutral power {pid!r}")
    syracuse = powers[power_index["syracuse"]]
    if syracuse.requirement[HOPLITE] != 2:
        raise r.fail("power syracuse", "rule 5.8 example: Syracuse calls its first 2 Allied Hoplite SPs")
    return tuple(regions), powers, tuple(spaces)


def _check_spaces(r: _Reader, spaces: list[Space], index: Mapping[str, int]) -> None:
    for sid, rule in RULE_SPACES.items():
        if sid not in index:
            raise r.fail("spaces", f"missing space {sid!r} (rule {rule})")
    for side, sid in ((ATHENS, "athens"), (SPARTA, "sparta")):
        homes = [s.id for s in spaces if s.home == side]
        if homes != [sid]:
            raise r.fail(f"space {sid}", f"rule 2.4: {sid} must be the one {SIDES[side]} home space, found {homes}")
        if len([s for s in spaces if s.home_port == side]) > 1:
            raise r.fail("spaces", f"more than one {SIDES[side]} home port")
    for s in spaces:
        if s.stands_in_for != NO:
            other = spaces[s.stands_in_for]
            if other.coalition == NO or s.coalition != NO or other.alignment != s.alignment:
                raise r.fail(f"space {s.id}", "rule 5.9: stands in for a coalition space of its own league")
    euxine = spaces[index["euxine"]]
    if not euxine.edge:
        raise r.fail("space euxine", "rule 5.3.1, 7.1.2: the Euxine is the map's edge space (edge = true)")
    for sid in ("athens", "piraeus"):
        if not spaces[index[sid]].fortress:
            raise r.fail(f"space {sid}", "rule 5.3.1: Athens and Piraeus are besieged, so fortresses")
    if not spaces[index["syracuse"]].fortress:
        raise r.fail("space syracuse", "rule 5.3.2: Syracuse is besieged, so a fortress")
    for sid in HELOT_SPACES:
        if spaces[index[sid]].alignment != PELOPONNESIAN:
            raise r.fail(f"space {sid}", "rule 6.3: the Helot spaces are Peloponnesian League spaces")
    for sid in ("piraeus", "corinth", "cenchreae", "cape_taenarum", "syracuse"):
        if spaces[index[sid]].kind == LAND:
            raise r.fail(f"space {sid}", "rules 4.1.2, 4.1.3, 10.1.1: a space the fleets use cannot be a Land space")


def _parse_power(r: _Reader, n: int, entry: Mapping[str, Any], index: Mapping[str, int],
                 spaces: Sequence[Space]) -> Power:
    pid = r.str_(entry, "id", f"power #{n + 1}")
    where = f"power {pid}"
    r.keys(entry, POWER_KEYS, where)
    seat = r.space(index, r.str_(entry, "seat", where), "seat", where)
    members = tuple(s.index for s in spaces if s.power == n)
    if seat not in members:
        raise r.fail(where, f"its seat {spaces[seat].id} is not one of its spaces")
    joins = tuple(sorted({SIDES.index(v) if v in SIDES else NO for v in r.strs(entry, "joins", where)}))
    if NO in joins:
        raise r.fail(where, f"joins must name sides ({', '.join(SIDES)})")
    req = entry.get("requirement", {})
    if not isinstance(req, dict) or not set(req) <= set(UNIT_TYPES):
        raise r.fail(where, f"requirement must be a table of {', '.join(UNIT_TYPES)} counts")
    requirement = (r.count(req, "hoplite", where), r.count(req, "cavalry", where), r.count(req, "naval", where))
    return Power(
        index=n, id=pid, name=r.str_(entry, "name", where), seat=seat, spaces=members, joins=joins,
        route_closed_while_neutral=r.bool_(entry, "route_closed_while_neutral", where),
        shielded_while_neutral=r.bool_(entry, "shielded_while_neutral", where),
        event_only=r.bool_(entry, "event_only", where), changes_sides=r.bool_(entry, "changes_sides", where),
        requirement=requirement, provenance=r.provenance(entry, where),
    )


LOC_KEYS = frozenset({"between", "type", "long_walls", "isthmus", "storm", "side", "provenance"})
# the special LOCs: flag -> (ends, type, rule)
SPECIAL_LOCS = {
    "long_walls": (("athens", "piraeus"), LAND_LOC, "5.3.1"),
    "isthmus": (("corinth", "cenchreae"), COMBINED_LOC, "4.1.2"),
    "storm": (("cape_taenarum", "syracuse"), NAVAL_LOC, "4.1.3"),
}


def load_locs(path: Path, spaces: Sequence[Space], index: Mapping[str, int]) -> tuple[Loc, ...]:
    """Parse and check ``locs.toml`` against the spaces (1.1.1, 4.1.2, 4.1.3, 5.3.1)."""
    r = _Reader(path.name)
    locs: list[Loc] = []
    pairs: set[frozenset[int]] = set()
    for n, entry in enumerate(r.entries(read_document(path), "loc")):
        where = f"loc #{n + 1}"
        r.keys(entry, LOC_KEYS, where)
        ends = r.strs(entry, "between", where)
        if len(ends) != 2:
            raise r.fail(where, f"'between' names two spaces, not {len(ends)}")
        where = f"loc {ends[0]}-{ends[1]}"
        a, b = (r.space(index, e, "between", where) for e in ends)
        if a == b:
            raise r.fail(where, "a LOC joins two different spaces")
        if frozenset((a, b)) in pairs:
            raise r.fail(where, "duplicate LOC")
        pairs.add(frozenset((a, b)))
        kind = r.choice(entry, "type", where, LOC_TYPES)
        sa, sb = spaces[a], spaces[b]
        flags = {k: r.bool_(entry, k, where) for k in SPECIAL_LOCS}
        for flag, (pair, loc_type, rule) in SPECIAL_LOCS.items():
            if flags[flag] and ({sa.id, sb.id} != set(pair) or kind != loc_type):
                raise r.fail(where, f"rule {rule}: the {flag} LOC joins {pair[0]} and {pair[1]}"
                                    f" and is {LOC_TYPES[loc_type]}")
        # design (RULINGS P2): what each type of LOC may join
        if kind != LAND_LOC and LAND in (sa.kind, sb.kind):
            raise r.fail(where, f"a {LOC_TYPES[kind]} LOC joins Coastal or Island spaces only")
        if kind != NAVAL_LOC and ISLAND in (sa.kind, sb.kind) and sa.island != sb.island:
            raise r.fail(where, f"a {LOC_TYPES[kind]} LOC reaches an Island space only from the same island")
        side = r.opt_str(entry, "side", where)
        strait = sa if sa.strait else sb if sb.strait else None
        if sa.strait and sb.strait:
            raise r.fail(where, "a LOC cannot join two strait spaces")
        if side and (strait is None or side not in strait.strait):
            sides = strait.strait if strait else ()
            raise r.fail(where, f"side {side!r} is not a side of a strait space here {list(sides)}")
        if strait is not None and kind != NAVAL_LOC and not side:
            raise r.fail(where, f"a {LOC_TYPES[kind]} LOC at strait space {strait.id} must name its side")
        km = _distance_km(sa, sb)
        if not flags["storm"] and km > MAX_LOC_KM[kind]:
            raise r.fail(where, f"{km:.0f} km is longer than a {LOC_TYPES[kind]} LOC may be"
                                f" ({MAX_LOC_KM[kind]:.0f} km; RULINGS P4)")
        provenance = r.provenance(entry, where)
        for flag, (_, _, rule) in SPECIAL_LOCS.items():
            if flags[flag]:
                r.rule_cited(provenance, rule, where)
        locs.append(Loc(len(locs), a, b, kind, flags["long_walls"], flags["isthmus"], flags["storm"], side,
                        round(km, 1), provenance))
    _check_locs(r, spaces, locs)
    return tuple(locs)


def _check_locs(r: _Reader, spaces: Sequence[Space], locs: Sequence[Loc]) -> None:
    for flag, (pair, _, rule) in SPECIAL_LOCS.items():
        found = [loc for loc in locs if getattr(loc, flag)]
        if len(found) != 1:
            raise r.fail("locs", f"rule {rule}: expected one {flag} LOC ({pair[0]}-{pair[1]}), found {len(found)}")
    for s in spaces:
        if s.strait:
            for side in s.strait:
                if not any(loc.side == side and s.index in (loc.a, loc.b) for loc in locs):
                    raise r.fail(f"space {s.id}", f"a strait space needs LOCs on both sides; none on {side!r}")
        if s.edge and any(loc.type != NAVAL_LOC for loc in locs if s.index in (loc.a, loc.b)):
            raise r.fail(f"space {s.id}", "the map edge is reached by Naval LOCs only (RULINGS P3)")
    # every space is reachable from Athens (and so the Euxine: 5.3.1, 7.1.2)
    reach = {next(s.index for s in spaces if s.home == ATHENS)}
    frontier = list(reach)
    adjacency: dict[int, list[int]] = {}
    for loc in locs:
        adjacency.setdefault(loc.a, []).append(loc.b)
        adjacency.setdefault(loc.b, []).append(loc.a)
    while frontier:
        for other in adjacency.get(frontier.pop(), []):
            if other not in reach:
                reach.add(other)
                frontier.append(other)
    cut_off = [s.id for s in spaces if s.index not in reach]
    if cut_off:
        raise r.fail("locs", f"spaces no LOC path from Athens reaches: {', '.join(cut_off)}")


def _adjacency(n: int, locs: Sequence[Loc]) -> tuple[tuple[tuple[int, int], ...], ...]:
    table: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for loc in locs:
        table[loc.a].append((loc.b, loc.index))
        table[loc.b].append((loc.a, loc.index))
    return tuple(tuple(row) for row in table)


def load_map(override: Path | None = None) -> _Map:
    """The spaces and LOCs (spaces.toml and locs.toml) from the bundled data or ``override``."""
    regions, powers, spaces = load_spaces(resolve(DATA_DIR, SPACES_FILE, override))
    index = {s.id: s.index for s in spaces}
    locs = load_locs(resolve(DATA_DIR, LOCS_FILE, override), spaces, index)
    return _Map(regions, powers, spaces, locs, _adjacency(len(spaces), locs), index)


# ------------------------------------------------------------------------------------- leaders
LEADER_KEYS = frozenset({"id", "name", "side", "tactical", "strategic", "counter", "aliases", "turncoat",
                         "provenance"})
RULE_LEADERS = {  # named in the rulebook
    "pericles": "10.1.1", "phormio": "10.1.1", "cleon": "10.3.4", "nicias": "2.4", "demosthenes": "10.3.4",
    "alcibiades": "3.1", "thrasybulus": "10.4.2", "thrasyllus": "10.4.3", "archidamus": "10.1.2",
    "brasidas": "10.3.4", "agis": "10.3.2", "pleistoanax": "Leader Counter Abbreviations",
    "gylippus": "10.3.2", "mindarus": "10.4.1", "callicratides": "Leader Counter Abbreviations",
}


def load_leaders(path: Path) -> tuple[Leader, ...]:
    """Parse and check ``leaders.toml`` (1.1.2: a name, a Tactical and a Strategic Rating)."""
    r = _Reader(path.name)
    leaders: list[Leader] = []
    seen: set[str] = set()
    names: set[str] = set()
    for n, entry in enumerate(r.entries(read_document(path), "leader")):
        lid = r.str_(entry, "id", f"leader #{n + 1}")
        where = f"leader {lid}"
        r.keys(entry, LEADER_KEYS, where)
        r.unique(seen, lid, where)
        name = r.str_(entry, "name", where)
        aliases = tuple(r.opt_strs(entry, "aliases", where))
        counter = r.opt_str(entry, "counter", where) or name
        for label in {name, counter, *aliases}:
            r.unique(names, label.casefold(), where, "name")
        leaders.append(Leader(
            index=n, id=lid, name=name, side=r.choice(entry, "side", where, SIDES),
            tactical=r.int_(entry, "tactical", where, *RATING_RANGE),
            strategic=r.int_(entry, "strategic", where, *RATING_RANGE),
            counter=counter, aliases=aliases, turncoat=r.bool_(entry, "turncoat", where),
            provenance=r.provenance(entry, where),
        ))
    for lid, rule in RULE_LEADERS.items():
        if lid not in seen:
            raise r.fail("leaders", f"missing leader {lid!r} (rule {rule})")
    turncoats = [lead.id for lead in leaders if lead.turncoat]
    if turncoats != ["alcibiades"]:
        raise r.fail("leaders", f"rule 3.1: Alcibiades (only) changes sides, found {turncoats}")
    return tuple(leaders)


# ------------------------------------------------------------------------------------- tables
EVENT_KEYS = frozenset({
    "roll", "id", "title", "text", "condition", "rebel", "delian_rebellion", "bellicosity", "treasury",
    "activate", "change_sides", "alcibiades", "leader_deaths", "eliminate", "once", "roll_again", "again",
    "provenance",
})
EFFECT_KEYS = EVENT_KEYS - {"roll", "id", "title", "text", "condition", "once", "provenance", "again"}


def load_tables(path: Path, mp: _Map) -> tuple[
        tuple[RandomEvent, ...], tuple[RebellionLocation, ...], tuple[PostCombatRow, ...]]:
    """Parse and check ``tables.toml``: Random Events (2.2), rebellion location (2.3), Post-Combat
    Movement (4.9, 5.8)."""
    r = _Reader(path.name)
    doc = read_document(path)
    events = _parse_events(r, r.entries(doc, "random_event"), mp, TWO_DICE, "random_event")
    if not events[DELIAN_REBELLION_ROLL - TWO_DICE[0]].delian_rebellion:
        raise r.fail(f"random_event {DELIAN_REBELLION_ROLL}", "rule 2.3: a roll of 8 is the Delian League rebellion")
    locations: list[RebellionLocation] = []
    for n, entry in enumerate(r.entries(doc, "rebellion_location")):
        where = f"rebellion_location #{n + 1}"
        r.keys(entry, ("roll", "space", "provenance"), where)
        roll = r.int_(entry, "roll", where, *DIE)
        space = r.space(mp.index, r.str_(entry, "space", where), "space", where)
        if mp.spaces[space].alignment != DELIAN:
            raise r.fail(where, f"rule 2.3: {mp.spaces[space].id} is not a Delian League space")
        locations.append(RebellionLocation(roll, space, r.provenance(entry, where)))
    _check_die_table(r, [loc.roll for loc in locations], DIE, "rebellion_location")
    locations.sort(key=lambda loc: loc.roll)
    return events, tuple(locations), _parse_post_combat(r, r.entries(doc, "post_combat"), mp)


def _check_die_table(r: _Reader, rolls: Sequence[int], span: tuple[int, int], what: str) -> None:
    counts = Counter(rolls)
    for roll in range(span[0], span[1] + 1):
        if counts[roll] != 1:
            raise r.fail(what, f"roll {roll} appears {counts[roll]} times; each of {span[0]}-{span[1]} once")
    extra = sorted(set(rolls) - set(range(span[0], span[1] + 1)))
    if extra:
        raise r.fail(what, f"rolls {extra} are outside {span[0]}-{span[1]}")


def _parse_events(r: _Reader, entries: Sequence[Mapping[str, Any]], mp: _Map, span: tuple[int, int],
                  what: str) -> tuple[RandomEvent, ...]:
    events: list[RandomEvent] = []
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        roll = r.int_(entry, "roll", f"{what} #{n + 1}", *span)
        where = f"{what} {roll}"
        r.keys(entry, EVENT_KEYS, where)
        eid = r.str_(entry, "id", where)
        r.unique(seen, eid, where)
        events.append(_parse_event(r, entry, roll, eid, where, mp))
    _check_die_table(r, [e.roll for e in events], span, what)
    return tuple(sorted(events, key=lambda e: e.roll))


def _by_side(r: _Reader, entry: Mapping[str, Any], key: str, where: str, allowed: tuple[int, ...] | None,
             ) -> tuple[int, int]:
    table = entry.get(key, {})
    if not isinstance(table, dict) or not set(table) <= set(SIDES):
        raise r.fail(where, f"{key} must be a table of {' and '.join(SIDES)}")
    values = (r.int_(table, "athens", where, -5000, 5000) if "athens" in table else 0,
              r.int_(table, "sparta", where, -5000, 5000) if "sparta" in table else 0)
    if allowed is not None and any(v not in (0, *allowed) for v in values):
        raise r.fail(where, f"rule 2.2: a random event flips Bellicosity to its -2 side; {key} {table}")
    return values


def _parse_event(r: _Reader, entry: Mapping[str, Any], roll: int, eid: str, where: str,
                 mp: _Map) -> RandomEvent:
    condition = r.opt_str(entry, "condition", where)
    if condition and condition not in CONDITIONS:
        raise r.fail(where, f"condition {condition!r} is not one of {', '.join(CONDITIONS)}")
    powers = tuple(p.id for p in mp.powers)
    activate = r.opt_choice(entry, "activate", where, powers)
    if activate != NO and len(mp.powers[activate].joins) != 1:
        raise r.fail(where, f"{powers[activate]} may join either side: use change_sides")
    change_sides = r.opt_choice(entry, "change_sides", where, powers)
    if change_sides != NO and not mp.powers[change_sides].changes_sides:
        raise r.fail(where, f"rule 4.5: {powers[change_sides]} does not change sides")
    eliminate: list[Elimination] = []
    raw = entry.get("eliminate", [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise r.fail(where, "eliminate must be an array of tables")
    for e in raw:
        eliminate.append(Elimination(
            space=r.space(mp.index, r.str_(e, "space", where), "eliminate", where),
            nationality=r.choice(e, "nationality", where, NATIONALITIES),
            type=r.choice(e, "type", where, UNIT_TYPES), count=r.int_(e, "count", where, 1, 20)))
    again: tuple[RandomEvent, ...] = ()
    if r.bool_(entry, "roll_again", where):
        if set(entry) & (EFFECT_KEYS - {"roll_again"}):
            raise r.fail(where, "a 'roll again' result has no effect of its own")
        again = _parse_events(r, r.rows(entry, "again", where), mp, DIE, f"{where} again")
    elif "again" in entry:
        raise r.fail(where, "'again' needs roll_again = true")
    elif not set(entry) & EFFECT_KEYS:
        raise r.fail(where, "the event has no effect")
    return RandomEvent(
        roll=roll, id=eid, title=r.str_(entry, "title", where), text=r.str_(entry, "text", where),
        condition=condition,
        rebel=tuple(r.space(mp.index, s, "rebel", where) for s in r.opt_strs(entry, "rebel", where)),
        delian_rebellion=r.bool_(entry, "delian_rebellion", where),
        bellicosity=_by_side(r, entry, "bellicosity", where, (-2,)),
        treasury=_by_side(r, entry, "treasury", where, None), activate=activate, change_sides=change_sides,
        alcibiades=r.bool_(entry, "alcibiades", where), leader_deaths=r.bool_(entry, "leader_deaths", where),
        eliminate=tuple(eliminate), once=r.bool_(entry, "once", where), again=again,
        provenance=r.provenance(entry, where),
    )


def _home_spaces(mp: _Map, side: int) -> set[int]:
    """Where SPs of ``side`` may go home (4.9): its home space and port, its coalition spaces (and
    Samos for Chios, 5.9), and the spaces of the neutrals that may join it (4.5)."""
    allowed = {s.index for s in mp.spaces if side in (s.home, s.home_port, s.coalition)}
    allowed |= {s.index for s in mp.spaces if s.stands_in_for in allowed}
    for p in mp.powers:
        if side in p.joins:
            allowed |= set(p.spaces)
    return allowed


def _parse_post_combat(r: _Reader, entries: Sequence[Mapping[str, Any]], mp: _Map) -> tuple[PostCombatRow, ...]:
    rows: dict[int, PostCombatRow] = {}
    powers = tuple(p.id for p in mp.powers)
    for n, entry in enumerate(entries):
        where = f"post_combat #{n + 1}"
        r.keys(entry, ("nationality", "type", "first_call", "steps", "provenance"), where)
        nationality = r.choice(entry, "nationality", where, NATIONALITIES)
        unit_type = r.choice(entry, "type", where, UNIT_TYPES)
        where = f"post_combat {NATIONALITIES[nationality]} {UNIT_TYPES[unit_type]}"
        key = nationality * len(UNIT_TYPES) + unit_type
        if key in rows:
            raise r.fail(where, "duplicate row")
        side = NATIONALITY_SIDE[nationality]
        allowed = _home_spaces(mp, side)
        first_call: list[int] = []
        for pid in r.opt_strs(entry, "first_call", where):
            if pid not in powers:
                raise r.fail(where, f"first_call names unknown power {pid!r}")
            power = mp.powers[powers.index(pid)]
            if side not in power.joins or power.requirement[unit_type] < 1 or nationality not in (
                    ATHENIAN_ALLIED, SPARTAN_ALLIED):
                raise r.fail(where, f"rule 5.8: {pid} calls no {NATIONALITIES[nationality]} {UNIT_TYPES[unit_type]}")
            first_call.append(power.index)
        raw_steps = entry.get("steps")
        if not isinstance(raw_steps, list) or not raw_steps or not all(
                isinstance(step, list) and step and all(isinstance(s, str) for s in step) for step in raw_steps):
            raise r.fail(where, "steps must be a non-empty array of non-empty arrays of space ids")
        steps: list[tuple[int, ...]] = []
        for step in raw_steps:
            spaces = tuple(r.space(mp.index, s, "steps", where) for s in step)
            for s in spaces:
                if s not in allowed:
                    raise r.fail(where, f"rule 4.9: {mp.spaces[s].id} is not a {SIDES[side]} home or coalition space")
            steps.append(spaces)
        rows[key] = PostCombatRow(nationality, unit_type, tuple(first_call), tuple(steps), r.provenance(entry, where))
    for nationality, nat in enumerate(NATIONALITIES):
        for unit_type, kind in enumerate(UNIT_TYPES):
            if nationality * len(UNIT_TYPES) + unit_type not in rows:
                raise r.fail("post_combat", f"no row for {nat} {kind} (4.9: every SP goes home somewhere)")
    row = rows[SPARTAN_ALLIED * len(UNIT_TYPES) + HOPLITE]
    syracuse = powers.index("syracuse")
    if syracuse not in row.first_call or {mp.spaces[s].id for s in row.steps[0]} != {"corinth", "thebes"}:
        raise r.fail("post_combat spartan_allied hoplite",
                     "rule 5.8 example: Syracuse first, then Corinth and Thebes 50% each")
    return tuple(rows[k] for k in sorted(rows))


# ------------------------------------------------------------------------------------- matrixes
def load_matrixes(path: Path, mp: _Map, leaders: Sequence[Leader]) -> tuple[Matrix, Matrix]:
    """Parse and check ``matrixes.toml``: one Strategy Matrix a side (1.3, 3.1, 4.4, 5.6)."""
    r = _Reader(path.name)
    found: dict[int, Matrix] = {}
    for n, entry in enumerate(r.entries(read_document(path), "matrix")):
        side = r.choice(entry, "side", f"matrix #{n + 1}", SIDES)
        where = f"matrix {SIDES[side]}"
        r.keys(entry, ("side", "roll", "strategy", "provenance"), where)
        if side in found:
            raise r.fail(where, "duplicate matrix")
        strategies = tuple(_parse_strategy(r, i, s, side, mp, where)
                           for i, s in enumerate(r.rows(entry, "strategy", where)))
        ids = [s.id for s in strategies]
        if len(set(ids)) != len(ids):
            raise r.fail(where, f"duplicate strategy ids in {ids}")
        if not any(s.attacks_home for s in strategies):
            raise r.fail(where, f"rule 3.1: no Attack {('Sparta', 'Athens')[side]} strategy")
        rows: list[MatrixRow] = []
        for i, row in enumerate(r.rows(entry, "roll", where)):
            w = f"{where} roll #{i + 1}"
            r.keys(row, ("roll", "strategy", "provenance"), w)
            lo, hi = r.roll(row, w, 1, 99)
            sid = r.str_(row, "strategy", w)
            if sid not in ids:
                raise r.fail(w, f"unknown strategy {sid!r}")
            rows.append(MatrixRow(lo, hi, ids.index(sid), r.provenance(row, w)))
        best = max(lead.strategic for lead in leaders if lead.side == side) + (
            ALCIBIADES_BONUS if side == SPARTA else 0)
        _check_rows(r, [(row.low, row.high) for row in rows], DIE[0], DIE[1] + best, where,
                    "1d6 + the best Strategic Rating (3.1: +1 for Sparta with Alcibiades)")
        found[side] = Matrix(side, tuple(rows), strategies, r.provenance(entry, where))
    for side in (ATHENS, SPARTA):
        if side not in found:
            raise r.fail("matrixes", f"rule 1.1: no {SIDES[side]} Strategy Matrix")
    return found[ATHENS], found[SPARTA]


def _check_rows(r: _Reader, spans: Sequence[tuple[int, int]], low: int, high: int, where: str, why: str) -> None:
    """The rows' ranges run from ``low`` to at least ``high`` in order, without gap or overlap."""
    expect = low
    for lo, hi in spans:
        if lo != expect:
            raise r.fail(where, f"rows must run on from {expect}, found {lo}-{hi}")
        expect = hi + 1
    if expect - 1 < high:
        raise r.fail(where, f"rows stop at {expect - 1}; they must reach {high} ({why})")


def _parse_strategy(r: _Reader, i: int, entry: Mapping[str, Any], side: int, mp: _Map, where: str) -> Strategy:
    sid = r.str_(entry, "id", f"{where} strategy #{i + 1}")
    where = f"{where} strategy {sid}"
    r.keys(entry, ("id", "name", "attacks_home", "cause_rebellion", "objective", "provenance"), where)
    attacks_home = r.bool_(entry, "attacks_home", where)
    cause_rebellion = r.bool_(entry, "cause_rebellion", where)
    enemy = 1 - side
    objectives: list[Objective] = []
    for n, row in enumerate(r.rows(entry, "objective", where)):
        w = f"{where} objective #{n + 1}"
        r.keys(row, ("roll", "target", "land", "naval", "provenance"), w)
        lo, hi = r.roll(row, w, *DIE)
        target_name = r.str_(row, "target", w)
        special = target_name if target_name in TARGETS else ""
        target = NO if special else r.space(mp.index, target_name, "target", w)
        land, naval = r.int_(row, "land", w, 0, 30), r.int_(row, "naval", w, 0, 30)
        if land + naval == 0:
            raise r.fail(w, "an army of no SPs")
        if target != NO:
            space = mp.spaces[target]
            if space.kind == ISLAND and naval < land:
                raise r.fail(w, f"rule 4.1.4: {space.id} is an island; {naval} Naval SPs cannot carry {land} Land SPs")
            if attacks_home and space.home != enemy:
                raise r.fail(w, f"rule 3.1: an attack on the enemy home space targets it, not {space.id}")
            if cause_rebellion:
                _check_rebellion_target(r, mp, space, side, w)
        elif attacks_home or cause_rebellion:
            raise r.fail(w, f"this strategy's objective is a space, not {special!r}")
        objectives.append(Objective(lo, hi, target, special, land, naval, r.provenance(row, w)))
    _check_rows(r, [(o.low, o.high) for o in objectives], DIE[0], DIE[1], where, "one die")
    return Strategy(i, sid, r.str_(entry, "name", where), attacks_home, cause_rebellion, tuple(objectives),
                    r.provenance(entry, where))


def _check_rebellion_target(r: _Reader, mp: _Map, space: Space, side: int, where: str) -> None:
    """4.4: an opponent's (or neutral) space, never an enemy home or coalition space."""
    if space.alignment == LEAGUE_OF_SIDE[side] or space.home != NO or space.coalition != NO:
        raise r.fail(where, f"rule 4.4: {space.id} cannot be the objective of a Cause Rebellion operation")
    if space.power != NO and mp.powers[space.power].shielded_while_neutral:
        raise r.fail(where, f"rule 4.4 exception: {space.id} cannot be a rebellion objective while neutral")


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
            raise r.fail(where, "not a figure the rulebook states")
        if values[fid] != meta["value"]:
            raise r.fail(where, f"rule {meta['rule']}: the rulebook says {meta['value']}, not {values[fid]}")
        r.rule_cited(provenance, str(meta["rule"]), where)
    missing = [f.name for f in dataclasses.fields(Figures) if f.name not in values]
    if missing:
        raise r.fail("figures", f"missing: {', '.join(missing)}")
    return Figures(**values)


# ------------------------------------------------------------------------------------- counter mix
def load_mix(path: Path) -> tuple[tuple[int, int, int], ...]:
    """Parse ``counters.toml``: the SPs of each nationality and type the counter mix holds (1.1.2)."""
    r = _Reader(path.name)
    mix: dict[tuple[int, int], int] = {}
    for n, entry in enumerate(r.entries(read_document(path), "mix")):
        where = f"mix #{n + 1}"
        r.keys(entry, ("nationality", "type", "sp", "provenance"), where)
        key = (r.choice(entry, "nationality", where, NATIONALITIES), r.choice(entry, "type", where, UNIT_TYPES))
        where = f"mix {NATIONALITIES[key[0]]} {UNIT_TYPES[key[1]]}"
        if key in mix:
            raise r.fail(where, "duplicate row")
        mix[key] = r.int_(entry, "sp", where, 1, 99)
        r.provenance(entry, where)
    rows: list[tuple[int, int, int]] = []
    for nat in range(len(NATIONALITIES)):
        for kind in range(len(UNIT_TYPES)):
            if (nat, kind) not in mix:
                raise r.fail("mix", f"no row for {NATIONALITIES[nat]} {UNIT_TYPES[kind]}")
        rows.append((mix[(nat, HOPLITE)], mix[(nat, CAVALRY)], mix[(nat, NAVAL)]))
    return tuple(rows)


# ------------------------------------------------------------------------------------- scenarios
SCENARIO_KEYS = frozenset({
    "id", "name", "rule", "first_turn", "last_turn", "first_operation", "player_starts", "setup_of",
    "armistice", "ends_on", "casualties", "pcm_redirect", "side", "leader", "force", "marker", "power",
    "neutral_force", "provenance",
})
SETUP_KEYS = ("side", "leader", "force", "marker", "power", "neutral_force")


@dataclass(frozen=True, slots=True)
class _Context:
    """What a scenario may refer to."""

    mp: _Map
    leader_index: Mapping[str, int]
    leaders: tuple[Leader, ...]
    matrixes: tuple[Matrix, Matrix]
    figures: Figures
    mix: tuple[tuple[int, int, int], ...]


def load_scenarios(path: Path, ctx: _Context) -> tuple[Scenario, ...]:
    """Parse and check ``scenarios.toml`` (10.1-10.4)."""
    r = _Reader(path.name)
    entries = r.entries(read_document(path), "scenario")
    ids = [e.get("id") for e in entries]
    scenarios: list[Scenario] = []
    for n, entry in enumerate(entries):
        sid = r.str_(entry, "id", f"scenario #{n + 1}")
        where = f"scenario {sid}"
        r.keys(entry, SCENARIO_KEYS, where)
        if sid in ids[:n]:
            raise r.fail(where, "duplicate id")
        setup_name = r.opt_str(entry, "setup_of", where)
        setup_of = NO
        if setup_name:
            if setup_name not in ids[:n]:
                raise r.fail(where, f"setup_of {setup_name!r} is not an earlier scenario")
            setup_of = ids.index(setup_name)
            if scenarios[setup_of].setup_of != NO or set(entry) & set(SETUP_KEYS):
                raise r.fail(where, "a scenario using another's set-up (10.2) has none of its own")
        scenarios.append(_parse_scenario(r, n, sid, entry, where, setup_of,
                                         scenarios[setup_of] if setup_of != NO else None, ctx))
    for sid, rule in RULE_SCENARIOS.items():
        if sid not in ids:
            raise r.fail("scenarios", f"rule {rule}: missing scenario {sid!r}")
    return tuple(scenarios)


def _parse_scenario(r: _Reader, n: int, sid: str, entry: Mapping[str, Any], where: str, setup_of: int,
                    source: Scenario | None, ctx: _Context) -> Scenario:
    first_turn = r.int_(entry, "first_turn", where, 1, 10)
    last_turn = r.int_(entry, "last_turn", where, first_turn, 10)
    ends_on = tuple(r.strs(entry, "ends_on", where))
    for ending in ends_on:
        if ending not in SCENARIO_ENDINGS:
            raise r.fail(where, f"ends_on {ending!r} is not one of {', '.join(SCENARIO_ENDINGS)}")
    casualties = tuple(_leader(r, ctx, name, "casualties", where) for name in r.opt_strs(entry, "casualties", where))
    redirect = entry.get("pcm_redirect", [])
    if not isinstance(redirect, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p) for p in redirect):
        raise r.fail(where, "pcm_redirect must be an array of [from, to] space ids")
    if source is not None:
        sides, leaders, forces = source.sides, source.leaders, source.forces
        markers, powers, neutral_forces = source.markers, source.powers, source.neutral_forces
    else:
        sides = _parse_sides(r, entry, where, ctx)
        leaders = _parse_placements(r, entry, where, ctx, casualties)
        forces = _parse_forces(r, entry, where, ctx)
        markers = _parse_markers(r, entry, where, ctx)
        powers = _parse_power_setups(r, entry, where, ctx)
        neutral_forces = _parse_neutral_forces(r, entry, where, ctx, powers)
        _check_mix(r, where, ctx, forces, neutral_forces)
    return Scenario(
        index=n, id=sid, name=r.str_(entry, "name", where), rule=r.str_(entry, "rule", where),
        first_turn=first_turn, last_turn=last_turn,
        first_operation=r.choice(entry, "first_operation", where, SIDES),
        player_starts=r.opt_choice(entry, "player_starts", where, SIDES), setup_of=setup_of,
        armistice=r.bool_(entry, "armistice", where), ends_on=ends_on, casualties=casualties,
        pcm_redirect=tuple((r.space(ctx.mp.index, a, "pcm_redirect", where),
                            r.space(ctx.mp.index, b, "pcm_redirect", where)) for a, b in redirect),
        sides=sides, leaders=leaders, forces=forces, markers=markers, powers=powers,
        neutral_forces=neutral_forces, provenance=r.provenance(entry, where),
    )


def _leader(r: _Reader, ctx: _Context, name: str, key: str, where: str) -> int:
    if name not in ctx.leader_index:
        raise r.fail(where, f"{key} names unknown leader {name!r}")
    return ctx.leader_index[name]


def _parse_sides(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context) -> tuple[SideSetup, SideSetup]:
    found: dict[int, SideSetup] = {}
    fig = ctx.figures
    for i, row in enumerate(r.rows(entry, "side", where)):
        w = f"{where} side #{i + 1}"
        r.keys(row, ("side", "treasury", "bellicosity", "sci", "strategy", "provenance"), w)
        side = r.choice(row, "side", w, SIDES)
        w = f"{where} side {SIDES[side]}"
        if side in found:
            raise r.fail(w, "duplicate side")
        sci = r.int_(row, "sci", w)
        if not fig.sci_min <= sci <= fig.sci_max:
            raise r.fail(w, f"rule 1.3: SCI {sci} is outside {fig.sci_min} to {fig.sci_max}")
        bellicosity = r.int_(row, "bellicosity", w)
        if not 1 <= bellicosity <= fig.bellicosity_max:
            raise r.fail(w, f"rule 1.3, 8.2: Bellicosity {bellicosity} is outside 1 to {fig.bellicosity_max}")
        strategy_name = r.opt_str(row, "strategy", w)
        strategy = ctx.matrixes[side].strategy_index(strategy_name) if strategy_name else NO
        if strategy_name and strategy == NO:
            raise r.fail(w, f"strategy {strategy_name!r} is not on the {SIDES[side]} Strategy Matrix")
        found[side] = SideSetup(side, r.int_(row, "treasury", w, 0, 99999), bellicosity, sci, strategy,
                                r.provenance(row, w))
    for side in (ATHENS, SPARTA):
        if side not in found:
            raise r.fail(where, f"no set-up for {SIDES[side]}")
    return found[ATHENS], found[SPARTA]


def _parse_placements(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context,
                      casualties: tuple[int, ...]) -> tuple[LeaderPlacement, ...]:
    placements: list[LeaderPlacement] = []
    for i, row in enumerate(r.rows(entry, "leader", where)):
        w = f"{where} leader #{i + 1}"
        r.keys(row, ("id", "at", "serves", "commands", "provenance"), w)
        leader = _leader(r, ctx, r.str_(row, "id", w), "id", w)
        lead = ctx.leaders[leader]
        w = f"{where} leader {lead.id}"
        if any(p.leader == leader for p in placements) or leader in casualties:
            raise r.fail(w, "placed twice, or placed though a casualty")
        serves = r.choice(row, "serves", w, SERVES)
        if serves != lead.side and not lead.turncoat:
            raise r.fail(w, f"{lead.name} serves {SIDES[lead.side]} only")
        commands = r.bool_(row, "commands", w)
        if commands and serves == PERSIA:
            raise r.fail(w, "a leader in Persian service commands no side")
        placements.append(LeaderPlacement(leader, r.space(ctx.mp.index, r.str_(row, "at", w), "at", w), serves,
                                          commands, r.provenance(row, w)))
    for side in (ATHENS, SPARTA):
        if sum(1 for p in placements if p.commands and p.serves == side) != 1:
            raise r.fail(where, f"rule 10: the {SIDES[side]} set-up names one leader (commands = true)")
    return tuple(placements)


def _parse_forces(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context) -> tuple[Force, ...]:
    forces: list[Force] = []
    mp = ctx.mp
    for i, row in enumerate(r.rows(entry, "force", where)):
        w = f"{where} force #{i + 1}"
        r.keys(row, ("space", "nationality", "hoplites", "cavalry", "naval", "home_guard", "provenance"), w)
        space = r.space(mp.index, r.str_(row, "space", w), "space", w)
        nationality = r.choice(row, "nationality", w, NATIONALITIES)
        w = f"{where} force {mp.spaces[space].id} {NATIONALITIES[nationality]}"
        if any(f.space == space and f.nationality == nationality for f in forces):
            raise r.fail(w, "duplicate force (one entry per space and nationality)")
        force = Force(space, nationality, r.count(row, "hoplites", w), r.count(row, "cavalry", w),
                      r.count(row, "naval", w), r.count(row, "home_guard", w), r.provenance(row, w))
        if force.hoplites + force.cavalry + force.naval == 0:
            raise r.fail(w, "a force of no SPs")
        if force.naval and mp.spaces[space].kind == LAND:
            raise r.fail(w, f"Naval SPs set up in a Land space ({mp.spaces[space].id}; RULINGS P2)")
        if force.home_guard and (nationality != SPARTAN or mp.spaces[space].home != SPARTA
                                 or force.home_guard != ctx.figures.home_guard or force.hoplites < force.home_guard):
            raise r.fail(w, f"rule 4.1.1: the Home Guard is {ctx.figures.home_guard} Spartan Hoplite SPs in Sparta")
        forces.append(force)
    if sum(f.home_guard for f in forces) != ctx.figures.home_guard:
        raise r.fail(where, f"rule 4.1.1: the Spartan Home Guard ({ctx.figures.home_guard} Hoplite SPs) is in Sparta")
    return tuple(forces)


def _parse_markers(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context) -> tuple[Marker, ...]:
    raw = entry.get("marker", [])
    if not isinstance(raw, list) or not all(isinstance(m, dict) for m in raw):
        raise r.fail(where, "marker must be an array of tables")
    markers: list[Marker] = []
    for i, row in enumerate(raw):
        w = f"{where} marker #{i + 1}"
        r.keys(row, ("kind", "space", "provenance"), w)
        marker = Marker(MARKERS[r.choice(row, "kind", w, MARKERS)],
                        r.space(ctx.mp.index, r.str_(row, "space", w), "space", w), r.provenance(row, w))
        if any(m.kind == marker.kind and m.space == marker.space for m in markers):
            raise r.fail(w, "duplicate marker")
        markers.append(marker)
    return tuple(markers)


def _parse_power_setups(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context) -> tuple[PowerSetup, ...]:
    powers = ctx.mp.powers
    found: dict[int, PowerSetup] = {}
    for i, row in enumerate(r.rows(entry, "power", where)):
        w = f"{where} power #{i + 1}"
        r.keys(row, ("power", "status", "first_joins", "enter_activates_other", "provenance"), w)
        p = r.choice(row, "power", w, tuple(x.id for x in powers))
        w = f"{where} power {powers[p].id}"
        if p in found:
            raise r.fail(w, "duplicate power")
        status_name = r.str_(row, "status", w)
        status = NO if status_name == "neutral" else r.choice(row, "status", w, SIDES)
        if status != NO and status not in powers[p].joins:
            raise r.fail(w, f"{powers[p].name} never joins {SIDES[status]}")
        first_joins = r.opt_choice(row, "first_joins", w, SIDES)
        enter = r.bool_(row, "enter_activates_other", w)
        if (first_joins != NO or enter) and not powers[p].changes_sides:
            raise r.fail(w, "first_joins and enter_activates_other are for a power that changes sides (4.5)")
        found[p] = PowerSetup(p, status, first_joins, enter, r.provenance(row, w))
    missing = [p.id for p in powers if p.index not in found]
    if missing:
        raise r.fail(where, f"no status for {', '.join(missing)} (neutral, athens or sparta)")
    return tuple(found[p.index] for p in powers)


def _parse_neutral_forces(r: _Reader, entry: Mapping[str, Any], where: str, ctx: _Context,
                          powers: tuple[PowerSetup, ...]) -> tuple[NeutralForce, ...]:
    names = tuple(p.id for p in ctx.mp.powers)
    raw = entry.get("neutral_force", [])
    if not isinstance(raw, list):
        raise r.fail(where, "neutral_force must be an array of tables")
    result: list[NeutralForce] = []
    for i, row in enumerate(raw):
        w = f"{where} neutral_force #{i + 1}"
        r.keys(row, ("power", "hoplites", "cavalry", "naval", "provenance"), w)
        p = r.choice(row, "power", w, names)
        if powers[p].status != NO:
            raise r.fail(w, f"{names[p]} is already active: its forces are set up on the map")
        if any(f.power == p for f in result):
            raise r.fail(w, "duplicate neutral force")
        force = NeutralForce(p, r.count(row, "hoplites", w), r.count(row, "cavalry", w), r.count(row, "naval", w),
                             r.provenance(row, w))
        if force.naval and ctx.mp.spaces[ctx.mp.powers[p].seat].kind == LAND:
            raise r.fail(w, "Naval SPs for a Land seat")
        result.append(force)
    return tuple(result)


def _check_mix(r: _Reader, where: str, ctx: _Context, forces: Sequence[Force],
               neutral: Sequence[NeutralForce]) -> None:
    """1.1.2: a set-up (with the neutral forces that may join a side) fits the counter mix."""
    used = Counter[tuple[int, int]]()
    for f in forces:
        for kind in range(len(UNIT_TYPES)):
            used[(f.nationality, kind)] += f.sps(kind)
    for nf in neutral:
        for side in ctx.mp.powers[nf.power].joins:
            allied = (ATHENIAN_ALLIED, SPARTAN_ALLIED)[side]
            for kind in range(len(UNIT_TYPES)):
                used[(allied, kind)] += nf.sps(kind)
    for (nat, kind), sps in used.items():
        if sps > ctx.mix[nat][kind]:
            raise r.fail(where, f"rule 1.1.2: {sps} {NATIONALITIES[nat]} {UNIT_TYPES[kind]} SPs;"
                                f" the counter mix ({COUNTERS_FILE}) holds {ctx.mix[nat][kind]}")


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
    used = [resolve(DATA_DIR, name, override) for name in FILES]
    for path in used:
        if not path.is_file():
            raise DataError(path.name, "", "file not found")
    mp = load_map(override)
    leaders = load_leaders(used[FILES.index(LEADERS_FILE)])
    events, locations, post_combat = load_tables(used[FILES.index(TABLES_FILE)], mp)
    matrixes = load_matrixes(used[FILES.index(MATRIXES_FILE)], mp, leaders)
    figures = load_figures(used[FILES.index(FIGURES_FILE)])
    mix = load_mix(used[FILES.index(COUNTERS_FILE)])
    leader_index = {lead.id: lead.index for lead in leaders}
    ctx = _Context(mp, leader_index, leaders, matrixes, figures, mix)
    scenarios = load_scenarios(used[FILES.index(SCENARIOS_FILE)], ctx)
    return Components(
        regions=mp.regions, powers=mp.powers, spaces=mp.spaces, locs=mp.locs, adjacency=mp.adjacency,
        leaders=leaders, random_events=events, rebellion_locations=locations, post_combat=post_combat,
        matrixes=matrixes, figures=figures, mix=mix, scenarios=scenarios, space_index=dict(mp.index),
        leader_index=leader_index, scenario_index={s.id: s.index for s in scenarios}, version=digest(used),
    )


__all__ = [
    "DATA_DIR",
    "FILES",
    "data_files",
    "load_components",
]
