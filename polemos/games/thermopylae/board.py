"""Go Tell the Spartans' map, loaded from ``data/map.toml`` and checked.

The rulebook's map is lost from our copy; the file is our design (RULINGS G3) within every
constraint the rules state (2.1, 2.1.1, 6.0, 7.0, 7.0.2), and :func:`load_map` checks them all.
Areas are numbered ``index = row * columns + (column - 1)`` and named as the rulebook writes rows
and columns ("H4" = row H, column 4).

Rows run west (A) to east (O); columns run north (1, the sea) to south (the mountain). Every area
has up to eight neighbours, each recorded with its compass direction: units face an area side
(3.2), their Front Left / Front Right areas are the diagonal ones, light units move diagonally
(3.3.3) and ranges count diagonally as one area (2.2.6) (RULINGS G5). :func:`relative_position`
names a neighbour as the facing diagram does (Front, Front Right, ... Rear Left).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from polemos.core.data import DataError, Fields, digest, read_document, resolve

DATA_DIR = Path(__file__).parent / "data"
MAP_FILE = "map.toml"

TERRAINS = ("level1", "level2", "wall", "coastal")  # 2.1.1, TEC (tables.toml [[terrain]] ids)
IMPASSABLE = frozenset({"coastal"})  # TEC: Coastal "not permitted"
# Compass directions, clockwise from north, as (row step, column step): east = next row letter,
# north = lower column number.
DIRECTIONS: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "N": (0, -1),
        "NE": (1, -1),
        "E": (1, 0),
        "SE": (1, 1),
        "S": (0, 1),
        "SW": (-1, 1),
        "W": (-1, 0),
        "NW": (-1, -1),
    }
)
FACINGS = ("N", "E", "S", "W")  # a unit faces an area side, not a corner (3.2)
# The facing diagram (3.2), clockwise from the front, in steps of 45 degrees.
POSITIONS = ("front", "front_right", "flank_right", "rear_right", "rear", "rear_left", "flank_left", "front_left")
_ORDER = tuple(DIRECTIONS)


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the grid."""

    index: int
    name: str
    row: str
    column: int
    terrain: str
    road: bool
    neighbours: Mapping[str, int]  # direction -> area index (every grid neighbour, passable or not)

    @property
    def passable(self) -> bool:
        return self.terrain not in IMPASSABLE

    @property
    def level(self) -> int:
        """Elevation for movement and line of sight (TEC, 8.2.4-8.2.5): 2 on a mound, else 1."""
        return 2 if self.terrain == "level2" else 1


@dataclass(frozen=True, slots=True)
class EphialtesBox:
    """The off-grid box of rules 2.1.2, 5.2, 6.0 and 7.0.2."""

    name: str
    exit_row: str
    provenance: str


@dataclass(frozen=True, slots=True)
class AreaMap:
    """The whole map, read-only."""

    rows: tuple[str, ...]
    columns: int
    areas: tuple[Area, ...]
    by_name: Mapping[str, int]
    edges: Mapping[str, str]  # "north" / "south" -> "sea" / "mountain"
    wall_row: str
    mound_name: str
    mound: frozenset[int]
    road: tuple[int, ...]
    persian_start_rows: tuple[str, ...]
    greek_deployment_rows: tuple[str, ...]
    immortal_entry_row: str
    ephialtes_box: EphialtesBox
    provenance: Mapping[str, str]  # section -> provenance text
    data_version: str

    def area(self, name: str) -> Area:
        return self.areas[self.by_name[name]]

    def row_areas(self, row: str, *, passable_only: bool = True) -> tuple[Area, ...]:
        """The areas of a row, north to south."""
        start = self.rows.index(row) * self.columns
        cells = self.areas[start : start + self.columns]
        return tuple(a for a in cells if a.passable or not passable_only)

    def neighbour(self, index: int, direction: str) -> Area | None:
        i = self.areas[index].neighbours.get(direction)
        return None if i is None else self.areas[i]

    def distance(self, a: int, b: int) -> int:
        """Range in areas, counting ahead, across or diagonally as one (2.2.6)."""
        x, y = self.areas[a], self.areas[b]
        return max(abs(self.rows.index(x.row) - self.rows.index(y.row)), abs(x.column - y.column))

    def side(self, index: int) -> str:
        """'persian' (west of the Wall, 6.0.1), 'wall' or 'greek' (east of it) (2.1)."""
        r, w = self.rows.index(self.areas[index].row), self.rows.index(self.wall_row)
        return "persian" if r < w else "wall" if r == w else "greek"


def relative_position(facing: str, direction: str) -> str:
    """Where the neighbour in ``direction`` lies for a unit facing ``facing`` (3.2 diagram)."""
    if facing not in FACINGS:
        raise ValueError(f"a unit faces an area side (N, E, S, W), not {facing!r}")
    return POSITIONS[(_ORDER.index(direction) - _ORDER.index(facing)) % len(_ORDER)]


# ============================================================================ loading and checks
def _fail(file: str, entry: str, problem: str) -> DataError:
    return DataError(file, entry, problem)


def _section(doc: Mapping[str, Any], key: str, file: str) -> Mapping[str, Any]:
    return Fields(file).table(doc, key)


def _str(entry: Mapping[str, Any], key: str, file: str, where: str) -> str:
    return Fields(file).str_(entry, key, where)


def _strings(entry: Mapping[str, Any], key: str, file: str, where: str) -> list[str]:
    return Fields(file).strs(entry, key, where)


def _provenance(entry: Mapping[str, Any], file: str, where: str) -> str:
    return Fields(file).provenance(entry, where)


def load_map(override: Path | None = None) -> AreaMap:
    """Read and check ``map.toml`` (the bundled copy or the override directory's)."""
    path = resolve(DATA_DIR, MAP_FILE, override)
    doc = read_document(path)
    f = path.name
    prov: dict[str, str] = {}

    # [map]: rows A-O (2.1, 7.0, 7.0.2) and the column count
    m = _section(doc, "map", f)
    rows = tuple(_strings(m, "rows", f, "map"))
    expected_rows = tuple("ABCDEFGHIJKLMNO")
    if rows != expected_rows:
        raise _fail(f, "map", f"rows must be A-O in order (rules 2.1, 7.0, 7.0.2), not {''.join(rows)}")
    columns = m.get("columns")
    if not isinstance(columns, int) or isinstance(columns, bool) or columns < 3:
        raise _fail(f, "map", f"'columns' must be an integer of at least 3, not {columns!r}")
    prov["map"] = _provenance(m, f, "map")

    e = _section(doc, "edges", f)
    if e.get("north") != "sea" or e.get("south") != "mountain":
        raise _fail(f, "edges", "the north edge is the sea and the south edge an impassable mountain (rule 2.1.1)")
    prov["edges"] = _provenance(e, f, "edges")

    # [legend] and [grid]
    legend_doc = _section(doc, "legend", f)
    prov["legend"] = _provenance(legend_doc, f, "legend")
    legend: dict[str, str] = {}
    for code, terrain in legend_doc.items():
        if code == "provenance":
            continue
        if len(code) != 1 or terrain not in TERRAINS:
            raise _fail(
                f, f"legend {code!r}", f"a one-character code for one of {', '.join(TERRAINS)}, not {terrain!r}"
            )
        legend[code] = terrain
    grid = _section(doc, "grid", f)
    prov["grid"] = _provenance(grid, f, "grid")
    extra = sorted(set(grid) - set(rows) - {"provenance"})
    if extra:
        raise _fail(f, f"grid {extra[0]}", "not a row of the map")
    terrain_of: list[str] = []
    for row in rows:
        line = grid.get(row)
        where = f"grid {row}"
        if not isinstance(line, str) or len(line) != columns:
            raise _fail(f, where, f"must be a string of {columns} terrain codes, not {line!r}")
        for col, code in enumerate(line, 1):
            if code not in legend:
                raise _fail(f, where, f"column {col}: unknown terrain code {code!r}")
            terrain_of.append(legend[code])

    def name(i: int) -> str:
        return f"{rows[i // columns]}{i % columns + 1}"

    by_name = {name(i): i for i in range(len(terrain_of))}

    def lookup(area: str, where: str) -> int:
        if area not in by_name:
            raise _fail(f, where, f"no area {area!r} on the map")
        return by_name[area]

    def neighbours(i: int) -> dict[str, int]:
        r, c = divmod(i, columns)
        out = {}
        for d, (dr, dc) in DIRECTIONS.items():
            if 0 <= r + dr < len(rows) and 0 <= c + dc < columns:
                out[d] = (r + dr) * columns + c + dc
        return out

    # every row has passable areas; coastal areas lie against the sea (2.1.1). With the south
    # column never coastal, this also keeps the pass continuous from row A to row O.
    for r, row in enumerate(rows):
        cells = terrain_of[r * columns : (r + 1) * columns]
        if all(t in IMPASSABLE for t in cells):
            raise _fail(f, f"grid {row}", "the row has no passable area")
        for c, t in enumerate(cells, 1):
            if t == "coastal" and c > 1 and cells[c - 2] != "coastal":
                raise _fail(
                    f, f"grid {row}", f"column {c}: a coastal area must lie on the sea, north edge (rule 2.1.1)"
                )
        if cells[-1] == "coastal":
            raise _fail(f, f"grid {row}", f"column {columns}: the south edge is mountain, not sea (rule 2.1.1)")

    # [wall]: the centre row (2.1); all its passable areas are Wall, and no other area is
    w = _section(doc, "wall", f)
    wall_row = _str(w, "row", f, "wall")
    prov["wall"] = _provenance(w, f, "wall")
    if wall_row != rows[len(rows) // 2]:
        raise _fail(
            f, "wall", f"the wall runs through the centre row {rows[len(rows) // 2]} (rule 2.1), not {wall_row}"
        )
    for i, t in enumerate(terrain_of):
        on_wall_row = rows[i // columns] == wall_row
        if on_wall_row and t not in ("wall", *IMPASSABLE):
            raise _fail(f, f"grid {wall_row}", f"{name(i)} is {t}: every passable area of the wall row is Wall")
        if not on_wall_row and t == "wall":
            raise _fail(
                f, f"grid {rows[i // columns]}", f"{name(i)}: Wall only in the centre row {wall_row} (rule 2.1)"
            )

    # [mound]: the Level 2 areas, named
    md = _section(doc, "mound", f)
    mound_name = _str(md, "name", f, "mound")
    mound = frozenset(lookup(a, "mound") for a in _strings(md, "areas", f, "mound"))
    prov["mound"] = _provenance(md, f, "mound")
    level2 = frozenset(i for i, t in enumerate(terrain_of) if t == "level2")
    if mound != level2:
        odd = sorted(name(i) for i in mound ^ level2)
        raise _fail(f, "mound", f"areas must be exactly the grid's Level 2 areas; differs at {', '.join(odd)}")

    # [road]: a chain of adjacent passable areas (2.1.1)
    rd = _section(doc, "road", f)
    road = tuple(lookup(a, "road") for a in _strings(rd, "areas", f, "road"))
    prov["road"] = _provenance(rd, f, "road")
    if len(set(road)) != len(road):
        raise _fail(f, "road", "an area is listed twice")
    for a, b in itertools.pairwise(road):
        if b not in neighbours(a).values():
            raise _fail(f, "road", f"{name(a)} and {name(b)} are not adjacent")
    for a in road:
        if terrain_of[a] in IMPASSABLE:
            raise _fail(f, "road", f"{name(a)} is {terrain_of[a]}")

    # set-up rows (2.1, 6.0, 7.0, 7.0.2)
    ps = _section(doc, "persian_start", f)
    persian_rows = tuple(_strings(ps, "rows", f, "persian_start"))
    prov["persian_start"] = _provenance(ps, f, "persian_start")
    if persian_rows != ("A", "B"):
        raise _fail(f, "persian_start", f"rows A and B are the Persian start rows (rule 2.1), not {persian_rows}")
    gd = _section(doc, "greek_deployment", f)
    depth = gd.get("rows_either_side")
    include_wall = gd.get("include_wall_row")
    prov["greek_deployment"] = _provenance(gd, f, "greek_deployment")
    if depth != 4:
        raise _fail(f, "greek_deployment", f"'rows_either_side' is 4 (rule 6.0), not {depth!r}")
    if not isinstance(include_wall, bool):
        raise _fail(f, "greek_deployment", "'include_wall_row' must be true or false")
    wr = rows.index(wall_row)
    greek_rows = tuple(r for k, r in enumerate(rows) if 0 < abs(k - wr) <= depth or (include_wall and k == wr))
    ie = _section(doc, "immortal_entry", f)
    immortal_row = _str(ie, "row", f, "immortal_entry")
    prov["immortal_entry"] = _provenance(ie, f, "immortal_entry")
    if immortal_row != "O":
        raise _fail(f, "immortal_entry", f"the Immortals enter in row O (rule 7.0.2), not {immortal_row}")
    eb = _section(doc, "ephialtes_box", f)
    box = EphialtesBox(
        _str(eb, "name", f, "ephialtes_box"),
        _str(eb, "exit_row", f, "ephialtes_box"),
        _provenance(eb, f, "ephialtes_box"),
    )
    prov["ephialtes_box"] = box.provenance
    if box.exit_row != immortal_row:
        raise _fail(f, "ephialtes_box", f"the Immortals leave the box for row {immortal_row} (rule 7.0.2)")

    road_set = set(road)
    areas = tuple(
        Area(
            index=i,
            name=name(i),
            row=rows[i // columns],
            column=i % columns + 1,
            terrain=t,
            road=i in road_set,
            neighbours=MappingProxyType(neighbours(i)),
        )
        for i, t in enumerate(terrain_of)
    )
    return AreaMap(
        rows=rows,
        columns=columns,
        areas=areas,
        by_name=MappingProxyType(by_name),
        edges=MappingProxyType({"north": "sea", "south": "mountain"}),
        wall_row=wall_row,
        mound_name=mound_name,
        mound=mound,
        road=road,
        persian_start_rows=persian_rows,
        greek_deployment_rows=greek_rows,
        immortal_entry_row=immortal_row,
        ephialtes_box=box,
        provenance=MappingProxyType(prov),
        data_version=digest([path]),
    )
