"""Go Tell the Spartans' tables, loaded from ``data/tables.toml`` and checked.

:func:`load_tables` reads the bundled file, or a player's ``--data DIR`` copy of the same name
(:func:`polemos.core.data.resolve`), checks every shape the rulebook's tables have (every row has
every column, results are known codes, die bands cover the die without gaps or overlaps) and
returns a read-only :class:`Tables`. Every error is a :class:`DataError` naming the file and entry.

The lookups (:meth:`Tables.mcrt`, :meth:`Tables.fire_result`, :meth:`Tables.shift_column`, ...)
are the tables only; the procedures that use them are rules (8.2.6, 8.3.2, 8.4.1) and live
elsewhere. The Greek Morale Table is reconstructed (RULINGS G1).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from polemos.core.data import Fields, digest, read_document, resolve

DATA_DIR = Path(__file__).parent / "data"
TABLES_FILE = "tables.toml"

NONE = "none"  # the table's bullet: no such result or entry
UNIT_TYPES = ("hoplite", "mixed", "javelin", "bow")  # 2.2.2, 8.3.3
FIRING_TYPES = ("bow", "javelin", "mixed")  # 2.2.6, 8.2.1
FACINGS = ("front", "flank", "rear")  # 8.3.4
TERRAIN_CONDITIONS = ("never", "from_level1", "crossing_wall", "target_in_wall_across_wall")
GREEK_CONTINGENTS = ("spartans", "thespians", "thebans", "phocians", "malians", "locrians", "peloponnesians")  # 5.3
PERSIAN_CONTINGENTS = ("immortals", "dahae", "medes", "scythians", "susa")  # 5.1
MORALE_COLUMNS = ("heavy_0", "heavy_1", "heavy_2", "heavy_3", "light_0")  # 8.4.1, 8.2.8
DICE = (6, 10)  # 2.0: a D6 and a D10
MIN_MR, MAX_MR = 1, 10  # a D10 check (8.4.1)
GREEK_MR_RANGE = (4, 8)  # RULINGS G1, constraint C1
SHIFT = re.compile(r"0|([1-9])([LR])")
MELEE = re.compile(r"([0-9])/([0-9])")
ODDS = re.compile(r"([1-9]):([1-9])")
MAX_MELEE_LOSSES = 4  # a hoplite or Immortal has four steps (8.2.8)


@dataclass(frozen=True, slots=True)
class MeleeResult:
    """Step Losses to the attacker and to the defender (rule 8.3.2 step 3)."""

    attacker: int
    defender: int


@dataclass(frozen=True, slots=True)
class Band:
    """An inclusive die-roll band and what it yields."""

    low: int
    high: int
    result: int | str


@dataclass(frozen=True, slots=True)
class FireLine:
    """One line of the Fire Results Table: a unit type at a band of ranges (rule 8.2.2)."""

    unit: str
    range_low: int
    range_high: int
    die: int
    miss: tuple[int, int]
    one_hit: tuple[int, int]
    two_hits: tuple[int, int] | None
    provenance: str

    def hits(self, roll: int) -> int:
        """Hits scored by a (modified) roll; rolls outside the die count as its ends."""
        roll = max(1, min(self.die, roll))
        if self.two_hits is not None and self.two_hits[0] <= roll:
            return 2
        return 1 if self.one_hit[0] <= roll <= self.one_hit[1] else 0


@dataclass(frozen=True, slots=True)
class SituationShift:
    """MCRT shift for the facing attacked (rule 8.3.4; RULINGS G2)."""

    shift: int
    hoplite_shift: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Terrain:
    """One line of the Terrain Effects Chart. ``move_cost``/``fire`` None = prohibited."""

    id: str
    move_cost: int | None
    move_extra: int
    move_extra_when: str
    fire: int | None
    fire_when: str
    melee_shift: int
    melee_when: str
    provenance: str


@dataclass(frozen=True, slots=True)
class MoraleRow:
    """A contingent's Morale Ratings: heavy unit by losses 0-3, then bow & javelin (None = none)."""

    contingent: str
    ratings: tuple[int | None, ...]
    cell_provenance: tuple[str, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class MoraleTable:
    side: str
    heavy: str
    rows: Mapping[str, MoraleRow]
    provenance: str


@dataclass(frozen=True, slots=True)
class MoraleResults:
    """The legend of both Morale Tables (rules 8.4.1, 8.4.2)."""

    die: int
    disorder_margin: int
    disordered_drm: int
    recovery_drm: int


@dataclass(frozen=True, slots=True)
class Tables:
    """All of the rulebook's tables, read-only."""

    odds_columns: tuple[str, ...]
    odds_ratios: tuple[Fraction, ...]
    mcrt_rows: tuple[tuple[MeleeResult, ...], ...]  # index = roll - 1
    unit_type_shifts: Mapping[tuple[str, str], int]
    situation_shifts: Mapping[str, SituationShift]
    melee_modifiers: Mapping[str, int]
    fire: tuple[FireLine, ...]
    fire_modifiers: Mapping[str, int]
    terrain: Mapping[str, Terrain]
    morale_results: MoraleResults
    persian_morale: MoraleTable
    greek_morale: MoraleTable
    commitment: Mapping[int, tuple[Band, ...]]  # day -> D10 bands -> contingent
    ephialtes: tuple[Band, ...]
    conference: tuple[Band, ...]
    data_version: str

    # -- melee (8.3) --------------------------------------------------------------------------
    def odds_column(self, attacker: int, defender: int) -> str:
        """The odds column for Melee Factor totals, rounded in the defender's favour (8.3.2 step 2)."""
        if attacker < 0 or defender <= 0:
            raise ValueError("melee factors must be positive")
        ratio = Fraction(attacker, defender)
        best = 0
        for i, r in enumerate(self.odds_ratios):
            if ratio >= r:
                best = i
        return self.odds_columns[best]

    def shift_column(self, column: str, shift: int) -> str:
        """The column ``shift`` columns right (+) or left (-); the end columns absorb the rest."""
        i = self.odds_columns.index(column) + shift
        return self.odds_columns[max(0, min(len(self.odds_columns) - 1, i))]

    def mcrt(self, column: str, roll: int) -> MeleeResult:
        """The MCRT result; modified rolls below 1 / above 6 read the '1 or less' / '6+' rows."""
        j = self.odds_columns.index(column)
        return self.mcrt_rows[max(1, min(len(self.mcrt_rows), roll)) - 1][j]

    def unit_type_shift(self, attacker: str, defender: str) -> int:
        return self.unit_type_shifts[(attacker, defender)]

    def situation_shift(self, facing: str, attacker: str) -> int:
        s = self.situation_shifts[facing]
        return s.hoplite_shift if attacker == "hoplite" else s.shift

    # -- fire (8.2) ---------------------------------------------------------------------------
    def fire_line(self, unit: str, distance: int) -> FireLine | None:
        """The FRT line for a unit type at a range, or None if out of range / not a firing type."""
        for line in self.fire:
            if line.unit == unit and line.range_low <= distance <= line.range_high:
                return line
        return None

    def max_range(self, unit: str) -> int:
        return max((line.range_high for line in self.fire if line.unit == unit), default=-1)

    def fire_result(self, unit: str, distance: int, roll: int) -> int:
        """Hits scored by ``unit`` firing at ``distance`` areas with a (modified) roll."""
        line = self.fire_line(unit, distance)
        if line is None:
            raise ValueError(f"{unit} cannot fire at range {distance}")
        return line.hits(roll)

    # -- morale (8.4) -------------------------------------------------------------------------
    def morale_rating(self, side: str, contingent: str, light: bool, losses: int = 0) -> int | None:
        """A unit's current MR (None where the table has no such entry)."""
        table = self.greek_morale if side == "greek" else self.persian_morale
        row = table.rows[contingent]
        if light:
            return row.ratings[4] if losses == 0 else None
        return row.ratings[losses] if 0 <= losses <= 3 else None

    def morale_result(self, rating: int, roll: int, disordered: bool = False) -> str:
        """'pass', 'disorder' or 'rout' for a D10 Morale Check (8.4.1)."""
        over = roll + (self.morale_results.disordered_drm if disordered else 0) - rating
        if over <= 0:
            return "pass"
        return "disorder" if over <= self.morale_results.disorder_margin else "rout"

    # -- commitment phase (5) -----------------------------------------------------------------
    def committed(self, day: int, roll: int) -> str:
        return str(_band_result(self.commitment[day], roll))

    def ephialtes_round(self, roll: int) -> int:
        return int(_band_result(self.ephialtes, roll))

    def contingents_remaining(self, roll: int) -> int:
        return int(_band_result(self.conference, roll))


def _band_result(bands: tuple[Band, ...], roll: int) -> int | str:
    for b in bands:
        if b.low <= roll <= b.high:
            return b.result
    raise ValueError(f"roll {roll} is not on the table")


# ============================================================================ parsing helpers
class _Reader(Fields):
    def strings(self, entry: Mapping[str, Any], key: str, where: str, length: int) -> tuple[str, ...]:
        value = entry.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(where, f"{key!r} must be an array of strings")
        if len(value) != length:
            raise self.fail(where, f"{key!r} has {len(value)} cells, the table has {length} columns")
        return tuple(value)

    def band(self, value: Any, key: str, where: str, *, optional: bool = False) -> tuple[int, int] | None:
        if optional and value == NONE:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or value[0] > value[1]
        ):
            raise self.fail(where, f"{key!r} must be a band [low, high] with low <= high, not {value!r}")
        return (value[0], value[1])

    def shift(self, value: Any, key: str, where: str) -> int:
        m = SHIFT.fullmatch(value) if isinstance(value, str) else None
        if m is None:
            raise self.fail(where, f"{key!r}: unknown shift code {value!r} (use 0, nL or nR)")
        if value == "0":
            return 0
        n = int(m.group(1))
        return n if m.group(2) == "R" else -n

    def die(self, entry: Mapping[str, Any], where: str) -> int:
        die = self.int_(entry, "die", where)
        if die not in DICE:
            raise self.fail(where, f"die {die} is not a D6 or a D10 (rule 2.0)")
        return die

    def cover(self, bands: list[tuple[int, int]], low: int, high: int, where: str, what: str) -> None:
        """The bands, in order, cover low..high exactly: no gap, no overlap."""
        expected = low
        for lo, hi in bands:
            if lo != expected:
                problem = "overlap" if lo < expected else "gap"
                raise self.fail(where, f"{what}: {problem} at {min(lo, expected)} (bands must run {low}-{high})")
            expected = hi + 1
        if expected != high + 1:
            raise self.fail(where, f"{what}: bands end at {expected - 1}, the die runs to {high}")


def load_tables(override: Path | None = None) -> Tables:
    """Read and check ``tables.toml`` (the bundled copy or the override directory's)."""
    path = resolve(DATA_DIR, TABLES_FILE, override)
    doc = read_document(path)
    r = _Reader(path.name)

    # MCRT (8.3.2)
    mcrt = r.table(doc, "mcrt", "mcrt")
    raw_columns = mcrt.get("columns")
    if not isinstance(raw_columns, list) or len(raw_columns) < 2:
        raise r.fail("mcrt", "'columns' must list at least two odds columns")
    columns = r.strings(mcrt, "columns", "mcrt", len(raw_columns))
    ratios = []
    for c in columns:
        m = ODDS.fullmatch(c)
        if m is None:
            raise r.fail("mcrt", f"odds column {c!r} is not 'a:d'")
        ratios.append(Fraction(int(m.group(1)), int(m.group(2))))
    if ratios != sorted(set(ratios)):
        raise r.fail("mcrt", "odds columns must rise strictly from left to right")
    r.provenance(mcrt, "mcrt")
    mcrt_die = r.die(mcrt, "mcrt")
    mcrt_rows: list[tuple[MeleeResult, ...]] = []
    bands: list[tuple[int, int]] = []
    for i, row in enumerate(r.rows(mcrt, "row", "mcrt"), 1):
        where = f"mcrt row {i}"
        band = r.band(row.get("roll"), "roll", where)
        assert band is not None
        if band[0] != band[1]:
            raise r.fail(where, "each MCRT row is a single roll")
        bands.append(band)
        cells = []
        for cell in r.strings(row, "results", where, len(columns)):
            m = MELEE.fullmatch(cell)
            if m is None or max(int(m.group(1)), int(m.group(2))) > MAX_MELEE_LOSSES:
                raise r.fail(where, f"unknown result code {cell!r} (use A/D, 0-{MAX_MELEE_LOSSES} each)")
            cells.append(MeleeResult(int(m.group(1)), int(m.group(2))))
        r.provenance(row, where)
        mcrt_rows.append(tuple(cells))
    r.cover(bands, 1, mcrt_die, "mcrt", "rolls")

    # Unit type shifts (8.3.3)
    ut = r.table(doc, "unit_type_shifts", "unit_type_shifts")
    r.provenance(ut, "unit_type_shifts")
    types = r.strings(ut, "types", "unit_type_shifts", len(UNIT_TYPES))
    if set(types) != set(UNIT_TYPES):
        raise r.fail("unit_type_shifts", f"types must be {', '.join(UNIT_TYPES)}")
    shifts: dict[tuple[str, str], int] = {}
    seen: set[str] = set()
    for row in r.rows(ut, "row", "unit_type_shifts"):
        attacker = r.str_(row, "attacker", "unit_type_shifts")
        where = f"unit_type_shifts {attacker}"
        if attacker not in UNIT_TYPES or attacker in seen:
            raise r.fail(where, "unknown or repeated attacker type")
        seen.add(attacker)
        for defender, code in zip(types, r.strings(row, "shifts", where, len(types)), strict=True):
            shifts[(attacker, defender)] = r.shift(code, "shifts", where)
        r.provenance(row, where)
    if seen != set(UNIT_TYPES):
        raise r.fail("unit_type_shifts", f"missing attacker rows: {', '.join(sorted(set(UNIT_TYPES) - seen))}")

    # Situation shifts (8.3.4)
    situations: dict[str, SituationShift] = {}
    for row in r.rows(doc, "situation_shift", "situation_shift"):
        facing = r.str_(row, "facing", "situation_shift")
        where = f"situation_shift {facing}"
        if facing not in FACINGS or facing in situations:
            raise r.fail(where, "unknown or repeated facing")
        situations[facing] = SituationShift(
            r.shift(row.get("shift"), "shift", where),
            r.shift(row.get("hoplite_shift"), "hoplite_shift", where),
            r.provenance(row, where),
        )
    if set(situations) != set(FACINGS):
        raise r.fail("situation_shift", f"every facing needs a line: {', '.join(FACINGS)}")

    melee_modifiers: dict[str, int] = {}
    for row in r.rows(doc, "melee_modifier", "melee_modifier"):
        mid = r.str_(row, "id", "melee_modifier")
        where = f"melee_modifier {mid}"
        kind = r.str_(row, "kind", where)
        if kind == "shift":
            melee_modifiers[mid] = r.shift(row.get("value"), "value", where)
        elif kind == "steps":
            melee_modifiers[mid] = r.int_(row, "value", where)
        else:
            raise r.fail(where, f"kind {kind!r} is not 'shift' or 'steps'")
        r.provenance(row, where)

    # Fire Results Table (8.2.2)
    fire: list[FireLine] = []
    for row in r.rows(doc, "fire", "fire"):
        unit = r.str_(row, "unit", "fire")
        rng = r.band(row.get("range"), "range", f"fire {unit}")
        assert rng is not None
        where = f"fire {unit} range {rng[0]}-{rng[1]}"
        if unit not in FIRING_TYPES:
            raise r.fail(where, f"unit {unit!r} is not a firing type ({', '.join(FIRING_TYPES)})")
        die = r.die(row, where)
        miss = r.band(row.get("miss"), "miss", where)
        one = r.band(row.get("one_hit"), "one_hit", where)
        two = r.band(row.get("two_hits"), "two_hits", where, optional=True)
        assert miss is not None and one is not None
        r.cover([b for b in (miss, one, two) if b is not None], 1, die, where, "miss/one hit/two hits")
        fire.append(FireLine(unit, rng[0], rng[1], die, miss, one, two, r.provenance(row, where)))
    for unit in FIRING_TYPES:
        lines = sorted((f.range_low, f.range_high) for f in fire if f.unit == unit)
        if not lines:
            raise r.fail(f"fire {unit}", "no lines for this firing type")
        r.cover(lines, 0, lines[-1][1], f"fire {unit}", "ranges")
    fire_modifiers: dict[str, int] = {}
    for row in r.rows(doc, "fire_modifier", "fire_modifier"):
        fid = r.str_(row, "id", "fire_modifier")
        fire_modifiers[fid] = r.int_(row, "value", f"fire_modifier {fid}")
        r.provenance(row, f"fire_modifier {fid}")

    # Terrain Effects Chart
    terrain: dict[str, Terrain] = {}
    for row in r.rows(doc, "terrain", "terrain"):
        tid = r.str_(row, "id", "terrain")
        where = f"terrain {tid}"
        if tid in terrain:
            raise r.fail(where, "repeated terrain")
        conditions = []
        for key in ("move_extra_when", "fire_when", "melee_when"):
            cond = r.str_(row, key, where)
            if cond not in TERRAIN_CONDITIONS:
                raise r.fail(where, f"{key} {cond!r} is not one of {', '.join(TERRAIN_CONDITIONS)}")
            conditions.append(cond)
        move = None if row.get("move_cost") == "prohibited" else r.int_(row, "move_cost", where)
        fire_drm = None if row.get("fire") == "prohibited" else r.int_(row, "fire", where)
        terrain[tid] = Terrain(
            tid,
            move,
            r.int_(row, "move_extra", where),
            conditions[0],
            fire_drm,
            conditions[1],
            r.shift(row.get("melee_shift"), "melee_shift", where),
            conditions[2],
            r.provenance(row, where),
        )

    # Morale (8.4)
    mr = r.table(doc, "morale_results", "morale_results")
    r.provenance(mr, "morale_results")
    morale_results = MoraleResults(
        r.die(mr, "morale_results"),
        r.int_(mr, "disorder_margin", "morale_results"),
        r.int_(mr, "disordered_drm", "morale_results"),
        r.int_(mr, "recovery_drm", "morale_results"),
    )
    persian = _morale(r, doc, "persian", PERSIAN_CONTINGENTS, "mixed")
    greek = _morale(r, doc, "greek", GREEK_CONTINGENTS, "hoplite")
    _check_greek_morale(r, greek, persian)

    # Commitment (5.1)
    cm = r.table(doc, "commitment", "commitment")
    r.provenance(cm, "commitment")
    cm_die = r.die(cm, "commitment")
    days = r.int_(cm, "days", "commitment")
    per_day: dict[int, list[Band]] = {d: [] for d in range(1, days + 1)}
    named: set[str] = set()
    for row in r.rows(cm, "row", "commitment"):
        who = r.str_(row, "contingent", "commitment")
        where = f"commitment {who}"
        if who not in PERSIAN_CONTINGENTS or who in named:
            raise r.fail(where, "unknown or repeated Persian contingent")
        named.add(who)
        r.provenance(row, where)
        for d in per_day:
            b = r.band(row.get(f"day_{d}"), f"day_{d}", where, optional=True)
            if b is not None:
                per_day[d].append(Band(b[0], b[1], who))
    commitment: dict[int, tuple[Band, ...]] = {}
    for d, day_bands in per_day.items():
        ordered = sorted(day_bands, key=lambda b: (b.low, b.high))
        r.cover([(b.low, b.high) for b in ordered], 1, cm_die, f"commitment day {d}", "rolls")
        commitment[d] = tuple(ordered)

    return Tables(
        odds_columns=columns,
        odds_ratios=tuple(ratios),
        mcrt_rows=tuple(mcrt_rows),
        unit_type_shifts=MappingProxyType(shifts),
        situation_shifts=MappingProxyType(situations),
        melee_modifiers=MappingProxyType(melee_modifiers),
        fire=tuple(fire),
        fire_modifiers=MappingProxyType(fire_modifiers),
        terrain=MappingProxyType(terrain),
        morale_results=morale_results,
        persian_morale=persian,
        greek_morale=greek,
        commitment=MappingProxyType(commitment),
        ephialtes=_simple(r, doc, "ephialtes"),
        conference=_simple(r, doc, "conference"),
        data_version=digest([path]),
    )


def _simple(r: _Reader, doc: Mapping[str, Any], key: str) -> tuple[Band, ...]:
    """A one-die table of roll bands -> an integer result (Ephialtes 5.2, Conference 5.3)."""
    table = r.table(doc, key, key)
    r.provenance(table, key)
    die = r.die(table, key)
    bands: list[Band] = []
    for i, row in enumerate(r.rows(table, "row", key), 1):
        where = f"{key} row {i}"
        b = r.band(row.get("roll"), "roll", where)
        assert b is not None
        bands.append(Band(b[0], b[1], r.int_(row, "result", where)))
        r.provenance(row, where)
    r.cover([(b.low, b.high) for b in bands], 1, die, key, "rolls")
    return tuple(bands)


def _morale(r: _Reader, doc: Mapping[str, Any], side: str, contingents: tuple[str, ...], heavy: str) -> MoraleTable:
    key = f"{side}_morale"
    table = r.table(doc, key, key)
    r.provenance(table, key)
    if r.strings(table, "columns", key, len(MORALE_COLUMNS)) != MORALE_COLUMNS:
        raise r.fail(key, f"columns must be {', '.join(MORALE_COLUMNS)}")
    if r.str_(table, "heavy", key) != heavy:
        raise r.fail(key, f"the heavy unit type is {heavy}")
    rows: dict[str, MoraleRow] = {}
    for row in r.rows(table, "row", key):
        who = r.str_(row, "contingent", key)
        where = f"{key} {who}"
        if who not in contingents or who in rows:
            raise r.fail(where, "unknown or repeated contingent")
        raw = row.get("ratings")
        if not isinstance(raw, list) or len(raw) != len(MORALE_COLUMNS):
            raise r.fail(where, f"ratings must have {len(MORALE_COLUMNS)} cells ({', '.join(MORALE_COLUMNS)})")
        ratings: list[int | None] = []
        for cell in raw:
            if cell == NONE:
                ratings.append(None)
            elif isinstance(cell, int) and not isinstance(cell, bool) and MIN_MR <= cell <= MAX_MR:
                ratings.append(cell)
            else:
                raise r.fail(where, f"rating {cell!r} is not {MIN_MR}-{MAX_MR} or 'none'")
        heavy_cells = ratings[:4]
        if heavy_cells[0] is None:
            raise r.fail(where, "the no-loss heavy rating is missing")
        first_none = heavy_cells.index(None) if None in heavy_cells else 4
        if any(c is not None for c in heavy_cells[first_none:]):
            raise r.fail(where, "a rating follows a 'none' (a unit cannot skip a step)")
        cell_prov: tuple[str, ...] = ()
        if "cell_provenance" in row:
            cell_prov = r.strings(row, "cell_provenance", where, len(MORALE_COLUMNS))
            for text in cell_prov:
                if not text.startswith(("rule ", "source: ", "design: ")):
                    raise r.fail(where, f"cell provenance {text!r} must start 'rule ', 'source: ' or 'design: '")
        rows[who] = MoraleRow(who, tuple(ratings), cell_prov, r.provenance(row, where))
    missing = [c for c in contingents if c not in rows]
    if missing:
        raise r.fail(key, f"missing contingents: {', '.join(missing)}")
    return MoraleTable(side, heavy, MappingProxyType(rows), str(table["provenance"]))


def _check_greek_morale(r: _Reader, greek: MoraleTable, persian: MoraleTable) -> None:
    """RULINGS G1: constraints C1-C3 of the reconstructed Greek Morale Table; cells are sourced."""
    low, high = GREEK_MR_RANGE
    spartans = greek.rows["spartans"].ratings
    immortals = persian.rows["immortals"].ratings
    for who, row in greek.rows.items():
        where = f"greek_morale {who}"
        if not row.cell_provenance:
            raise r.fail(where, "ruling G1: every cell needs a cell_provenance")
        if any(c is not None and not low <= c <= high for c in row.ratings):
            raise r.fail(where, f"ruling G1 C1: ratings must be {low}-{high}")
        heavy = row.ratings[:4]
        if None in heavy:
            raise r.fail(where, "rule 8.2.8: Greek hoplites have four steps, so four ratings")
        for a, b in itertools.pairwise(heavy):
            assert a is not None and b is not None
            if not 0 <= a - b <= 1:
                raise r.fail(where, "ruling G1 C2: a hoplite's MR falls by 0 or 1 per Step Loss")
        for i in range(4):
            s, o, im = spartans[i], heavy[i], immortals[i]
            assert s is not None and o is not None
            if o > s or (im is not None and im > s):
                raise r.fail(where, "ruling G1 C3: the Spartans are at least as good in every hoplite column")
