"""Loads and validates the Athens & Sparta hex map (``cities.toml`` + ``map.toml``) into a :class:`Board`.

Grid and projection (also stated in ``map.toml``'s header):

* Flat-topped hexes in columns ``CC`` (west to east, from 01) and rows ``RR`` (north to south, from
  01); labels are ``"CCRR"``. Even-numbered columns (02, 04, ...) sit half a hex lower than odd ones.
* Directions 0..5 are N, NE, SE, S, SW, NW; ``opposite(d) == (d + 3) % 6``.
* Centre-to-centre distance ``hex_km`` (48 km, about 30 miles, the game's scale). A city's hex is
  the one whose centre is nearest to its lat/lon under an equirectangular projection:
  ``x = (lon - origin_lon) * km_per_degree_lon``, ``y = (origin_lat - lat) * km_per_degree_lat``;
  column ``c`` (0-based) has centre ``x = c * hex_km * sqrt(3) / 2`` and row ``r`` (0-based) has
  centre ``y = r * hex_km`` (plus ``hex_km / 2`` in odd 0-based columns).
  ``map.toml [placement]`` (or a ``hex`` key in ``cities.toml``) overrides a city's hex where the
  rules force geography to bend.

Hexside defaults: a side touching a sea hex is navigable (coast 0 of the land hex, or coast 1 when
listed in ``[[coasts]]``) and has no land crossing; a side between two land hexes is a clear land
side and not navigable. ``[[sides]]`` entries override that (passes, mountain sides, water-only
channels, coasts navies may sail along, narrows closed to both).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polemos.core.data import DataError, read_document, resolve
from polemos.games.athens_sparta.model import (
    ATHENS,
    CLEAR,
    MOUNTAIN,
    NEUTRAL,
    NOSIDE,
    OFFBOARD,
    PERSIA,
    SEA,
    SIDE_CLEAR,
    SIDE_MOUNTAIN,
    SIDE_NONE,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    Board,
    City,
    opposite,
)

DATA_DIR = Path(__file__).parent / "data"

CITIES_FILE = "cities.toml"
MAP_FILE = "map.toml"

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
TERRAIN_CHARS = {".": CLEAR, "^": MOUNTAIN, "=": STRAIT, "~": SEA}
LAND_KINDS = {"none": SIDE_NONE, "clear": SIDE_CLEAR, "pass": SIDE_PASS, "mountain": SIDE_MOUNTAIN}
SIDE_BY_NAME = {"athens": ATHENS, "sparta": SPARTA, "neutral": NEUTRAL, "persia": PERSIA, "none": NOSIDE}
SYRACUSE_LABEL = "SYRACUSE"
EMBARKATION = ("CORCYRA", "LEUCAS", "CEPHALLENIA", "CYLLENE")  # rule 9.2

__all__ = [
    "DATA_DIR",
    "DIRECTIONS",
    "EMBARKATION",
    "SYRACUSE_LABEL",
    "Grid",
    "direction_index",
    "load_board",
]


def direction_index(name: str) -> int:
    """0..5 for "N", "NE", "SE", "S", "SW", "NW"; -1 for anything else."""
    return DIRECTIONS.index(name) if name in DIRECTIONS else -1


@dataclass(frozen=True, slots=True)
class Grid:
    """The flat-topped hex lattice and the lat/lon projection of ``map.toml [map]``."""

    columns: int
    rows: int
    hex_km: float
    origin_lon: float
    origin_lat: float
    km_per_degree_lon: float
    km_per_degree_lat: float

    @property
    def column_km(self) -> float:
        return self.hex_km * math.sqrt(3) / 2

    def index(self, col: int, row: int) -> int:
        """Hex index of 0-based (col, row); rows are numbered within each column."""
        return col * self.rows + row

    def label(self, col: int, row: int) -> str:
        return f"{col + 1:02d}{row + 1:02d}"

    def parse(self, label: str) -> tuple[int, int] | None:
        """0-based (col, row) of a ``"CCRR"`` label on this map, else None."""
        if len(label) != 4 or not label.isdigit():
            return None
        col, row = int(label[:2]) - 1, int(label[2:]) - 1
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return col, row
        return None

    def neighbour(self, col: int, row: int, direction: int) -> tuple[int, int] | None:
        """The 0-based (col, row) in ``direction`` from (col, row), or None off the map."""
        low = col % 2 == 1  # 0-based odd columns (labels 02, 04, ...) sit half a hex lower
        dc, dr = (
            (0, -1),
            (1, 0 if low else -1),
            (1, 1 if low else 0),
            (0, 1),
            (-1, 1 if low else 0),
            (-1, 0 if low else -1),
        )[direction]
        c, r = col + dc, row + dr
        if 0 <= c < self.columns and 0 <= r < self.rows:
            return c, r
        return None

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Drawing coordinates (km east, km south of the origin) of a hex centre."""
        return col * self.column_km, row * self.hex_km + (self.hex_km / 2 if col % 2 else 0.0)

    def project(self, lat: float, lon: float) -> tuple[float, float]:
        return (lon - self.origin_lon) * self.km_per_degree_lon, (self.origin_lat - lat) * self.km_per_degree_lat

    def nearest(self, lat: float, lon: float) -> tuple[int, int] | None:
        """0-based (col, row) of the hex whose centre is nearest to lat/lon, or None off the map."""
        x, y = self.project(lat, lon)
        best: tuple[float, int, int] | None = None
        c0 = round(x / self.column_km)
        for col in range(c0 - 1, c0 + 2):
            shift = self.hex_km / 2 if col % 2 else 0.0
            r0 = round((y - shift) / self.hex_km)
            for row in range(r0 - 1, r0 + 2):
                cx, cy = col * self.column_km, row * self.hex_km + shift
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, col, row)
        assert best is not None
        _, col, row = best
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return col, row
        return None


# ----------------------------------------------------------------------------- small typed readers


def _table(doc: dict[str, Any], key: str, file: str) -> dict[str, Any]:
    value = doc.get(key)
    if not isinstance(value, dict):
        raise DataError(file, f"[{key}]", "missing table")
    return value


def _tables(doc: dict[str, Any], key: str, file: str) -> list[dict[str, Any]]:
    value = doc.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise DataError(file, f"[[{key}]]", "must be an array of tables")
    return value


def _str(table: dict[str, Any], key: str, file: str, entry: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise DataError(file, entry, f"'{key}' must be a string")
    return value


def _num(table: dict[str, Any], key: str, file: str, entry: str) -> float:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataError(file, entry, f"'{key}' must be a number")
    return float(value)


def _int(table: dict[str, Any], key: str, file: str, entry: str, default: int | None = None) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(file, entry, f"'{key}' must be an integer")
    return value


def _bool(table: dict[str, Any], key: str, file: str, entry: str, default: bool | None = None) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise DataError(file, entry, f"'{key}' must be true or false")
    return value


def _strings(table: dict[str, Any], key: str, file: str, entry: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataError(file, entry, f"'{key}' must be a list of strings")
    return value


def _known_keys(table: dict[str, Any], allowed: set[str], file: str, entry: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise DataError(file, entry, f"unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})")


def _provenance(table: dict[str, Any], file: str, entry: str) -> str:
    text = _str(table, "provenance", file, entry, "")
    if not text.strip():
        raise DataError(file, entry, "missing provenance (rule X / source: ... / design: reason)")
    return text


# ----------------------------------------------------------------------------- the loader


@dataclass(slots=True)
class _CityRow:
    name: str
    side: int
    value: int
    walled: bool
    port: bool
    oracle: bool
    offboard: bool
    lat: float | None
    lon: float | None
    hex: str | None
    provenance: str


def _read_cities(doc: dict[str, Any], file: str) -> list[_CityRow]:
    rows: list[_CityRow] = []
    seen: set[str] = set()
    for i, table in enumerate(_tables(doc, "city", file)):
        name = table.get("name")
        if not isinstance(name, str) or not name:
            raise DataError(file, f"[[city]] #{i + 1}", "missing 'name'")
        entry = f"[[city]] {name}"
        if name in seen:
            raise DataError(file, entry, "duplicate city name")
        seen.add(name)
        side_name = _str(table, "side", file, entry)
        if side_name not in SIDE_BY_NAME:
            raise DataError(file, entry, f"unknown side '{side_name}' (one of {', '.join(SIDE_BY_NAME)})")
        value = _int(table, "value", file, entry)
        if not 0 <= value <= 4:
            raise DataError(file, entry, f"value {value} outside 0-4 (rule 1.2)")
        hex_label = table.get("hex")
        if hex_label is not None and not isinstance(hex_label, str):
            raise DataError(file, entry, "'hex' must be a \"CCRR\" string")
        offboard = _bool(table, "offboard", file, entry, False)
        lat = lon = None
        if hex_label is None and not offboard:
            lat = _num(table, "lat", file, entry)
            lon = _num(table, "lon", file, entry)
        rows.append(
            _CityRow(
                name=name,
                side=SIDE_BY_NAME[side_name],
                value=value,
                walled=_bool(table, "walled", file, entry),
                port=_bool(table, "port", file, entry),
                oracle=_bool(table, "oracle", file, entry, False),
                offboard=offboard,
                lat=lat,
                lon=lon,
                hex=hex_label,
                provenance=_str(table, "provenance", file, entry, ""),
            )
        )
    if not rows:
        raise DataError(file, "[[city]]", "no cities")
    offboard_rows = [r.name for r in rows if r.offboard]
    if offboard_rows != ["SYRACUSE"]:
        raise DataError(file, "[[city]] SYRACUSE", "exactly one off-board city, SYRACUSE, is required (rule 9.2)")
    return rows


def _read_grid(doc: dict[str, Any], file: str) -> tuple[Grid, str]:
    meta = _table(doc, "map", file)
    entry = "[map]"
    _known_keys(
        meta,
        {
            "name",
            "orientation",
            "columns",
            "rows",
            "hex_km",
            "origin_lon",
            "origin_lat",
            "km_per_degree_lon",
            "km_per_degree_lat",
            "provenance",
        },
        file,
        entry,
    )
    orientation = _str(meta, "orientation", file, entry)
    if orientation != "flat-top, even columns low":
        raise DataError(file, entry, 'orientation must be "flat-top, even columns low" (the only grid supported)')
    grid = Grid(
        columns=_int(meta, "columns", file, entry),
        rows=_int(meta, "rows", file, entry),
        hex_km=_num(meta, "hex_km", file, entry),
        origin_lon=_num(meta, "origin_lon", file, entry),
        origin_lat=_num(meta, "origin_lat", file, entry),
        km_per_degree_lon=_num(meta, "km_per_degree_lon", file, entry),
        km_per_degree_lat=_num(meta, "km_per_degree_lat", file, entry),
    )
    if not (1 <= grid.columns <= 99 and 1 <= grid.rows <= 99):
        raise DataError(file, entry, "columns and rows must be 1-99")
    if grid.hex_km <= 0 or grid.km_per_degree_lat <= 0 or grid.km_per_degree_lon <= 0:
        raise DataError(file, entry, "hex_km and km_per_degree_* must be positive")
    return grid, _provenance(meta, file, entry)


def _read_terrain(doc: dict[str, Any], grid: Grid, file: str) -> tuple[list[int], str]:
    table = _table(doc, "terrain", file)
    _known_keys(table, {"grid", "provenance"}, file, "[terrain]")
    entry = "[terrain] grid"
    text = _str(table, "grid", file, entry)
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 2 * grid.rows:
        raise DataError(
            file, entry, f"expected {2 * grid.rows} lines (an 'a' and a 'b' line per row), got {len(lines)}"
        )
    terrain = [SEA] * (grid.columns * grid.rows)
    for k, line in enumerate(lines):
        row, half = divmod(k, 2)
        prefix = f"{row + 1:02d}{'ab'[half]}"
        cells = line.split()
        if not cells or cells[0] != prefix:
            raise DataError(file, entry, f"line {k + 1} must start with '{prefix}'")
        cols = list(range(half, grid.columns, 2))
        if len(cells) - 1 != len(cols):
            raise DataError(file, f"{entry} line {prefix}", f"expected {len(cols)} cells, got {len(cells) - 1}")
        for col, cell in zip(cols, cells[1:], strict=True):
            if cell not in TERRAIN_CHARS:
                raise DataError(
                    file, f"{entry} hex {grid.label(col, row)}", f"unknown terrain '{cell}' (one of . ^ = ~)"
                )
            terrain[grid.index(col, row)] = TERRAIN_CHARS[cell]
    return terrain, _provenance(table, file, "[terrain]")


def _hexside(grid: Grid, text: str, file: str, entry: str) -> tuple[int, int]:
    """(hex index, direction) of a ``"CCRR-CCRR"`` hexside, seen from the first hex."""
    parts = text.split("-")
    if len(parts) != 2:
        raise DataError(file, entry, f"hexside '{text}' must be written \"CCRR-CCRR\"")
    a, b = grid.parse(parts[0]), grid.parse(parts[1])
    if a is None or b is None:
        raise DataError(file, entry, f"hexside '{text}' names a hex that is not on the map")
    for d in range(6):
        if grid.neighbour(a[0], a[1], d) == b:
            return grid.index(*a), d
    raise DataError(file, entry, f"hexside '{text}': the two hexes are not adjacent")


def load_board(override: Path | None = None) -> Board:
    """Read ``cities.toml`` and ``map.toml`` (from ``override`` where it has them) into a Board.

    Raises :class:`DataError` naming the file, the entry and the broken constraint.
    """
    cities_path = resolve(DATA_DIR, CITIES_FILE, override)
    map_path = resolve(DATA_DIR, MAP_FILE, override)
    cf, mf = cities_path.name, map_path.name
    city_rows = _read_cities(read_document(cities_path), cf)
    names = {r.name for r in city_rows}
    mdoc = read_document(map_path)
    grid, map_provenance = _read_grid(mdoc, mf)
    terrain, terrain_provenance = _read_terrain(mdoc, grid, mf)
    provenance: dict[str, str] = {"map": map_provenance, "terrain": terrain_provenance}
    n = grid.columns * grid.rows
    is_land = [t != SEA for t in terrain]

    # --- neighbours and default hexsides
    neighbours = [[-1] * 6 for _ in range(n)]
    land = [[SIDE_NONE] * 6 for _ in range(n)]
    water = [[False] * 6 for _ in range(n)]
    labels = [""] * n
    centers: list[tuple[float, float]] = [(0.0, 0.0)] * n
    for col in range(grid.columns):
        for row in range(grid.rows):
            h = grid.index(col, row)
            labels[h] = grid.label(col, row)
            centers[h] = grid.centre(col, row)
            for d in range(6):
                nb = grid.neighbour(col, row, d)
                if nb is None:
                    continue
                o = grid.index(*nb)
                neighbours[h][d] = o
                if is_land[h] and is_land[o]:
                    land[h][d] = SIDE_CLEAR
                else:
                    water[h][d] = True

    # --- hexside overrides
    seen_sides: dict[tuple[int, int], str] = {}
    for i, table in enumerate(_tables(mdoc, "sides", mf)):
        name = _str(table, "name", mf, f"[[sides]] #{i + 1}", f"#{i + 1}")
        entry = f"[[sides]] {name}"
        _known_keys(table, {"name", "land", "water", "hexsides", "provenance"}, mf, entry)
        prov = _provenance(table, mf, entry)
        provenance[f"sides.{name}"] = prov
        kind = table.get("land")
        if kind is not None and kind not in LAND_KINDS:
            raise DataError(mf, entry, f"'land' must be one of {', '.join(LAND_KINDS)}")
        navigable = table.get("water")
        if navigable is not None and not isinstance(navigable, bool):
            raise DataError(mf, entry, "'water' must be true or false")
        if kind is None and navigable is None:
            raise DataError(mf, entry, "set 'land' and/or 'water'")
        hexsides = _strings(table, "hexsides", mf, entry)
        if not hexsides:
            raise DataError(mf, entry, "no hexsides listed")
        for text in hexsides:
            h, d = _hexside(grid, text, mf, f"{entry}: {text}")
            o = neighbours[h][d]
            key = (min(h, o), d if h < o else opposite(d))
            if key in seen_sides:
                raise DataError(mf, f"{entry}: {text}", f"hexside already set by [[sides]] {seen_sides[key]}")
            seen_sides[key] = name
            if kind is not None:
                value = LAND_KINDS[kind]
                if value != SIDE_NONE and not (is_land[h] and is_land[o]):
                    raise DataError(mf, f"{entry}: {text}", "a land crossing needs land on both sides (one is sea)")
                land[h][d] = land[o][opposite(d)] = value
            if navigable is not None:
                if not navigable and not (is_land[h] and is_land[o]):
                    raise DataError(mf, f"{entry}: {text}", "every hexside of a sea hex is navigable")
                water[h][d] = water[o][opposite(d)] = navigable

    # --- straits
    far_sides: list[frozenset[int]] = [frozenset()] * n
    for i, table in enumerate(_tables(mdoc, "strait", mf)):
        label = _str(table, "hex", mf, f"[[strait]] #{i + 1}")
        entry = f"[[strait]] {label}"
        _known_keys(table, {"hex", "far", "provenance"}, mf, entry)
        pos = grid.parse(label)
        if pos is None:
            raise DataError(mf, entry, "hex is not on the map")
        h = grid.index(*pos)
        if terrain[h] != STRAIT:
            raise DataError(mf, entry, "hex is not strait terrain ('=') in the grid")
        if far_sides[h]:
            raise DataError(mf, entry, "strait listed twice")
        dirs = {direction_index(s) for s in _strings(table, "far", mf, entry)}
        if -1 in dirs or not dirs or len(dirs) >= 5:
            raise DataError(mf, entry, "'far' must list 1-4 of N, NE, SE, S, SW, NW")
        for d in dirs:
            if land[h][d] == SIDE_NONE:
                raise DataError(mf, entry, f"far side {DIRECTIONS[d]} has no land crossing")
        if not any(water[h]):
            raise DataError(mf, entry, "a strait hex needs a navigable channel")
        far_sides[h] = frozenset(dirs)
        provenance[f"strait.{label}"] = _provenance(table, mf, entry)
    for h in range(n):
        if terrain[h] == STRAIT and not far_sides[h]:
            raise DataError(mf, f"[terrain] hex {labels[h]}", "strait hex without a [[strait]] entry")

    # --- coasts (two-coast hexes)
    coast_of = [[0] * 6 for _ in range(n)]
    city_coast: dict[int, int] = {}
    for i, table in enumerate(_tables(mdoc, "coasts", mf)):
        label = _str(table, "hex", mf, f"[[coasts]] #{i + 1}")
        entry = f"[[coasts]] {label}"
        _known_keys(table, {"hex", "coast1", "city_coast", "provenance"}, mf, entry)
        pos = grid.parse(label)
        if pos is None:
            raise DataError(mf, entry, "hex is not on the map")
        h = grid.index(*pos)
        if not is_land[h]:
            raise DataError(mf, entry, "a sea hex has a single coast")
        if h in city_coast:
            raise DataError(mf, entry, "hex listed twice")
        coast1 = [direction_index(s) for s in _strings(table, "coast1", mf, entry)]
        if not coast1 or -1 in coast1:
            raise DataError(mf, entry, "'coast1' must list directions N, NE, SE, S, SW, NW")
        for d in coast1:
            if not water[h][d]:
                raise DataError(mf, entry, f"coast1 side {DIRECTIONS[d]} is not navigable")
            coast_of[h][d] = 1
        if not any(water[h][d] and coast_of[h][d] == 0 for d in range(6)):
            raise DataError(mf, entry, "coast 0 has no navigable side")
        cc = _int(table, "city_coast", mf, entry, 0)
        if cc not in (0, 1):
            raise DataError(mf, entry, "'city_coast' must be 0 or 1")
        city_coast[h] = cc
        provenance[f"coasts.{label}"] = _provenance(table, mf, entry)

    # --- mountain hexes must be enterable (Terrain Effects Table note 4)
    for h in range(n):
        if terrain[h] == MOUNTAIN and not any(s in (SIDE_CLEAR, SIDE_PASS) for s in land[h]):
            raise DataError(mf, f"[terrain] hex {labels[h]}", "mountain hex has no clear or pass hexside (TET note 4)")

    # --- cities and their hexes
    placement = mdoc.get("placement", {})
    if not isinstance(placement, dict):
        raise DataError(mf, "[placement]", "must be a table")
    for name, table in placement.items():
        entry = f"[placement] {name}"
        if name not in names:
            raise DataError(mf, entry, "unknown city (not in cities.toml)")
        if not isinstance(table, dict):
            raise DataError(mf, entry, 'must be { hex = "CCRR", provenance = "..." }')
        _known_keys(table, {"hex", "provenance"}, mf, entry)
        provenance[f"placement.{name}"] = _provenance(table, mf, entry)

    city_at = [-1] * (n + 1)
    cities: list[City] = []
    for idx, crow in enumerate(city_rows):
        entry = f"[[city]] {crow.name}"
        if crow.offboard:
            cities.append(_city(idx, crow, n, 0))
            continue
        hex_file, hex_entry = cf, entry  # where this city's hex comes from, for error messages
        where: str | None = crow.hex
        if where is None and crow.name in placement:
            hex_file, hex_entry = mf, f"[placement] {crow.name}"
            where = _str(placement[crow.name], "hex", mf, hex_entry)
        if where is not None:
            pos = grid.parse(where)
            if pos is None:
                raise DataError(hex_file, hex_entry, f"hex '{where}' is not on the map")
        else:
            assert crow.lat is not None and crow.lon is not None
            pos = grid.nearest(crow.lat, crow.lon)
            if pos is None:
                raise DataError(cf, entry, f"lat/lon {crow.lat}, {crow.lon} falls outside the map")
        h = grid.index(*pos)
        if not is_land[h]:
            raise DataError(hex_file, hex_entry, f"city lies in sea hex {labels[h]}")
        if city_at[h] >= 0:
            raise DataError(hex_file, hex_entry, f"hex {labels[h]} already holds {cities[city_at[h]].name}")
        coast = city_coast.get(h, 0)
        navigable = [d for d in range(6) if water[h][d]]
        if crow.port and not any(coast_of[h][d] == coast for d in navigable):
            raise DataError(cf, entry, f"port with no navigable hexside on its coast in hex {labels[h]} (rule 1.3)")
        if not crow.port and navigable:
            raise DataError(
                cf,
                entry,
                f"non-port city but hex {labels[h]} has navigable sides "
                f"{', '.join(DIRECTIONS[d] for d in navigable)} (rule 1.3)",
            )
        city_at[h] = idx
        cities.append(_city(idx, crow, h, coast))
    # every hex that holds no city: a two-coast entry's city_coast must be 0
    for h, cc in city_coast.items():
        if cc and city_at[h] < 0:
            raise DataError(mf, f"[[coasts]] {labels[h]}", "city_coast = 1 but the hex has no city")

    # --- rivers
    rivers: list[tuple[tuple[int, int], ...]] = []
    sources: list[int] = []
    for i, table in enumerate(_tables(mdoc, "river", mf)):
        name = _str(table, "name", mf, f"[[river]] #{i + 1}")
        entry = f"[[river]] {name}"
        _known_keys(table, {"name", "source", "hexsides", "provenance"}, mf, entry)
        sides = tuple(_hexside(grid, t, mf, f"{entry}: {t}") for t in _strings(table, "hexsides", mf, entry))
        if not sides:
            raise DataError(mf, entry, "no hexsides listed")
        rivers.append(sides)
        src = grid.parse(_str(table, "source", mf, entry))
        if src is None:
            raise DataError(mf, entry, "'source' is not a hex on the map")
        if not is_land[grid.index(*src)]:
            raise DataError(mf, entry, "'source' is a sea hex")
        sources.append(grid.index(*src))
        provenance[f"river.{name}"] = _provenance(table, mf, entry)

    # --- SYRACUSE, the off-board area (rule 9.2)
    syr = _table(mdoc, "syracuse", mf)
    entry = "[syracuse]"
    _known_keys(syr, {"embarkation", "draw_at", "provenance"}, mf, entry)
    provenance["syracuse"] = _provenance(syr, mf, entry)
    at = syr.get("draw_at")
    if (
        not isinstance(at, list)
        or len(at) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in at)
    ):
        raise DataError(mf, entry, "'draw_at' must be [lat, lon] of the box drawn for SYRACUSE")
    ports = _strings(syr, "embarkation", mf, entry)
    index_of = {c.name: c.index for c in cities}
    for p in ports:
        if p not in index_of:
            raise DataError(mf, entry, f"embarkation port '{p}' is not a city")
        if not cities[index_of[p]].port or cities[index_of[p]].offboard:
            raise DataError(mf, entry, f"embarkation city '{p}' is not an on-map port")
    if tuple(ports) != EMBARKATION:
        raise DataError(mf, entry, f"embarkation must be {', '.join(EMBARKATION)} (rule 9.2)")

    # --- assemble, with the off-board pseudo-hex last
    water_side = [[coast_of[h][d] if water[h][d] else -1 for d in range(6)] for h in range(n)]
    labels.append(SYRACUSE_LABEL)
    terrain.append(OFFBOARD)
    neighbours.append([-1] * 6)
    land.append([SIDE_NONE] * 6)
    water_side.append([-1] * 6)
    far_sides.append(frozenset())
    centers.append(grid.project(float(at[0]), float(at[1])))
    city_at[n] = index_of["SYRACUSE"]
    _check_symmetry(neighbours, land, water_side, labels, mf)

    return Board(
        hexes=tuple(labels),
        terrain=tuple(terrain),
        neighbours=tuple(tuple(r) for r in neighbours),
        land_side=tuple(tuple(r) for r in land),
        water_side=tuple(tuple(r) for r in water_side),
        far_sides=tuple(far_sides),
        city_at=tuple(city_at),
        cities=tuple(cities),
        city_index=dict(index_of),
        hex_index={label: i for i, label in enumerate(labels)},
        embarkation=tuple(index_of[p] for p in ports),
        centers=tuple(centers),
        rivers=tuple(rivers),
        river_sources=tuple(sources),
        provenance=provenance,
    )


def _city(idx: int, row: _CityRow, h: int, coast: int) -> City:
    return City(
        index=idx,
        name=row.name,
        side=row.side,
        value=row.value,
        walled=row.walled,
        port=row.port,
        hex=h,
        coast=coast,
        oracle=row.oracle,
        offboard=row.offboard,
        provenance=row.provenance,
    )


def _check_symmetry(
    neighbours: list[list[int]], land: list[list[int]], water_side: list[list[int]], labels: list[str], file: str
) -> None:
    for h, row in enumerate(neighbours):
        for d, o in enumerate(row):
            if o < 0:
                if land[h][d] != SIDE_NONE or water_side[h][d] >= 0:
                    raise DataError(file, f"hex {labels[h]} {DIRECTIONS[d]}", "map-edge side must be closed")
                continue
            back = opposite(d)
            if neighbours[o][back] != h:
                raise DataError(file, f"hex {labels[h]} {DIRECTIONS[d]}", "neighbours are not symmetric")
            if land[o][back] != land[h][d]:
                raise DataError(file, f"hexside {labels[h]}-{labels[o]}", "land side differs seen from each hex")
            if (water_side[o][back] >= 0) != (water_side[h][d] >= 0):
                raise DataError(file, f"hexside {labels[h]}-{labels[o]}", "navigability differs seen from each hex")
