"""Every number and fact the Go Tell the Spartans rules (and its sources) fix about the components.

component-data.md: areas in numbered columns and lettered rows A-O, the Persian start rows A-B, the
Wall through the centre row H, Greek deployment within four rows of it, the Immortals entering in
row O, the sea along the north edge, impassable mountain along the south, a Level 2 mound, a road;
units of about 100 men sized from Herodotus 7.202 and Diodorus 11.4, their types, factors and steps,
the morale tracks, the 240-piece sheet. The loaders (board.py, counters.py, tables.py) check the
shape of each file; these are the constraints across it. The tests run :data:`CONSTRAINTS` on the
bundled data and ``polemos data check DIR --game go-tell-the-spartans`` runs them on a player's
files (:mod:`polemos.core.constraints`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from polemos.core.constraints import Constraint, need
from polemos.games.thermopylae.board import MAP_FILE
from polemos.games.thermopylae.counters import COUNTERS_FILE
from polemos.games.thermopylae.state import Comp
from polemos.games.thermopylae.tables import GREEK_CONTINGENTS, PERSIAN_CONTINGENTS, TABLES_FILE

Check = Callable[[Comp], None]
ROWS = "ABCDEFGHIJKLMNO"  # 2.1: rows A-O, the Wall in the centre row
WALL_ROW = "H"
PERSIAN_START_ROWS = ("A", "B")  # 7.0
IMMORTALS_ROW = "O"  # 7.0.2
DEPLOY_REACH = 4  # 6.0: within four rows either side of the Wall
# Herodotus 7.202 (and 7.203 for the Phocians), Diodorus 11.4 (Malians, Locrians).
SOURCES = {
    "spartans": 300,
    "thespians": 700,
    "thebans": 400,
    "phocians": 1000,
    "malians": 1000,
    "locrians": 1000,
    "peloponnesians": 500 + 500 + 1120 + 400 + 200 + 80,
}
PELOPONNESIAN_CITIES = {"Tegea": 500, "Mantinea": 500, "other Arcadians": 1120, "Corinth": 400, "Phlius": 200,
                        "Mycenae": 80}
MEN_PER_UNIT = 100  # 1.0.1
PIECES = 240  # 2.0: the counter sheet, markers included
IMMORTALS_MEN = 10_000  # Herodotus 7.83, scaled to the counter budget (RULINGS G12)


def units_for(men: int) -> int:
    """RULINGS G10: round to the nearest hundred, at least one unit."""
    return max(1, round(men / MEN_PER_UNIT))


# ----------------------------------------------------------------------------- 2.1 the map
def _rows(c: Comp) -> None:
    m = c.map
    need("".join(m.rows) == ROWS, MAP_FILE, "grid", f"rows {''.join(m.rows)}, not {ROWS}")
    need(len(m.areas) == len(ROWS) * m.columns, MAP_FILE, "grid", "one area per row and column")


def _wall(c: Comp) -> None:
    m = c.map
    need(m.wall_row == WALL_ROW == ROWS[len(ROWS) // 2], MAP_FILE, "wall", f"the Wall runs through row {WALL_ROW}")
    walls = {a.name for a in m.areas if a.terrain == "wall"}
    need(bool(walls) and walls == {a.name for a in m.row_areas(WALL_ROW)}, MAP_FILE, "wall",
         f"the Wall is the whole of row {WALL_ROW}")
    for a in m.row_areas("G"):
        need(all(m.areas[i].row != "I" for i in a.neighbours.values()), MAP_FILE, a.name,
             "no way from the Persian side to the Greek side avoids the Wall")


def _persian_start(c: Comp) -> None:
    m = c.map
    need(m.persian_start_rows == PERSIAN_START_ROWS, MAP_FILE, "persian_start", "the Persians start in rows A-B")
    for row in PERSIAN_START_ROWS:
        areas = m.row_areas(row)
        need(len(areas) >= 3, MAP_FILE, f"row {row}", "a centre area and areas to its sides (7.0)")
        need(all(a.passable and a.terrain == "level1" for a in areas), MAP_FILE, f"row {row}", "passable, Level 1")


def _deployment(c: Comp) -> None:
    m = c.map
    rows = m.greek_deployment_rows
    for row in rows:
        need(abs(ROWS.index(row) - ROWS.index(WALL_ROW)) <= DEPLOY_REACH, MAP_FILE, "greek_deployment",
             f"row {row} is more than {DEPLOY_REACH} rows from the Wall")
    need(any(m.side(a.index) == "persian" for r in rows for a in m.row_areas(r)), MAP_FILE, "greek_deployment",
         "room west of the Wall (6.0.1)")


def _immortals_row(c: Comp) -> None:
    m = c.map
    need(m.immortal_entry_row == IMMORTALS_ROW == ROWS[-1] and m.ephialtes_box.exit_row == IMMORTALS_ROW,
         MAP_FILE, "ephialtes", f"the Immortals enter in row {IMMORTALS_ROW}")
    need(len(m.row_areas(IMMORTALS_ROW)) == len(m.row_areas("A")), MAP_FILE, f"row {IMMORTALS_ROW}",
         "as wide as row A: the whole contingent enters in three-stacks (7.0.2)")
    need(m.ephialtes_box.name not in m.by_name, MAP_FILE, "ephialtes", "the Ephialtes Box is off the grid (2.1.2)")


def _coast(c: Comp) -> None:
    m = c.map
    need(m.edges.get("north") == "sea", MAP_FILE, "edges", "the sea is the north edge")
    coastal = [a for a in m.areas if a.terrain == "coastal"]
    need(bool(coastal), MAP_FILE, "coastal", "coastal areas along the sea")
    for a in coastal:
        north = m.neighbour(a.index, "N")
        need(not a.passable, MAP_FILE, a.name, "coastal areas are impassable")
        need(a.column == 1 or (north is not None and north.terrain == "coastal"), MAP_FILE, a.name,
             "coastal areas lie along the north edge")
    need(all(m.area(f"{r}1").terrain == "coastal" for r in ROWS), MAP_FILE, "coastal", "the sea along the whole edge")


def _south_edge(c: Comp) -> None:
    m = c.map
    need(m.edges.get("south") == "mountain", MAP_FILE, "edges", "impassable mountain is the south edge")
    for row in ROWS:
        south = m.area(f"{row}{m.columns}")
        need(not ({"S", "SE", "SW"} & set(south.neighbours)) and south.terrain != "coastal", MAP_FILE, south.name,
             "nothing lies south of the south edge")


def _mound(c: Comp) -> None:
    m = c.map
    mound = [a for a in m.areas if a.terrain == "level2"]
    need(bool(mound) and {a.index for a in mound} == m.mound, MAP_FILE, "mound", "a Level 2 mound")
    for a in mound:
        need(a.level == 2 and m.side(a.index) == "greek" and a.row in m.greek_deployment_rows, MAP_FILE, a.name,
             "the mound is Level 2, behind the Wall, where the Greeks deploy")
    need(all(a.level == 1 for a in m.areas if a.terrain != "level2"), MAP_FILE, "mound", "the rest is Level 1")


def _road(c: Comp) -> None:
    m = c.map
    road = [m.areas[i] for i in m.road]
    need(bool(road) and road[0].row == "A" and road[-1].row == ROWS[-1], MAP_FILE, "road", "the road runs A to O")
    need(any(a.terrain == "wall" for a in road), MAP_FILE, "road", "the road runs through the Wall")
    need(all(a.passable and a.road for a in road), MAP_FILE, "road", "road areas are passable")
    for a, b in itertools.pairwise(road):
        need(b.index in a.neighbours.values(), MAP_FILE, "road", f"{a.name} and {b.name} are not adjacent")


def _pass_continuous(c: Comp) -> None:
    m = c.map
    start = {a.index for a in m.row_areas("A")}
    seen, todo = set(start), list(start)
    while todo:
        for j in m.areas[todo.pop()].neighbours.values():
            if j not in seen and m.areas[j].passable:
                seen.add(j)
                todo.append(j)
    need({a.index for a in m.row_areas(ROWS[-1])} <= seen, MAP_FILE, "grid", "the pass runs from row A to row O")


# ----------------------------------------------------------------------------- the counters
def _contingent_sizes(c: Comp) -> None:
    k = c.counters
    for cid, men in SOURCES.items():
        units = k.of(cid)
        need(sum(u.men for u in units) == men and k.contingents[cid].historical_men == men, COUNTERS_FILE, cid,
             f"{men} men (Herodotus 7.202, Diodorus 11.4)")
        need(cid == "peloponnesians" or len(units) == units_for(men), COUNTERS_FILE, cid,
             f"{units_for(men)} units of ~100 men")
        need(abs(len(units) * MEN_PER_UNIT - men) <= MEN_PER_UNIT // 2, COUNTERS_FILE, cid, "~100 men a unit")


def _peloponnesian_cities(c: Comp) -> None:
    units = c.counters.of("peloponnesians")
    for city, men in PELOPONNESIAN_CITIES.items():
        mine = [u for u in units if u.origin == city]
        need(len(mine) == units_for(men) and sum(u.men for u in mine) == men, COUNTERS_FILE, city,
             f"{men} men in {units_for(men)} units (Herodotus 7.202)")
    need({u.origin for u in units} == set(PELOPONNESIAN_CITIES), COUNTERS_FILE, "peloponnesians",
         "the cities Herodotus names")


def _unit_size(c: Comp) -> None:
    for u in c.counters.units.values():
        need(50 <= u.men <= 150, COUNTERS_FILE, u.id, f"{u.men} men: a unit is about 100 (1.0.1)")


def _types(c: Comp) -> None:
    for u in c.counters.units.values():
        need(u.type in ("hoplite", "mixed", "javelin", "bow"), COUNTERS_FILE, u.id, f"no unit type {u.type!r}")
        need(u.type != "hoplite" or u.side == "greek", COUNTERS_FILE, u.id, "hoplites are Greek")
        need(u.type != "mixed" or u.side == "persian", COUNTERS_FILE, u.id, "mixed units are Persian")


def _factors(c: Comp) -> None:
    for u in c.counters.units.values():
        need(1 <= u.mf_front <= 4, COUNTERS_FILE, u.id, f"melee factor {u.mf_front} outside 1-4")
        need(u.mf_back is None or 1 <= u.mf_back < u.mf_front, COUNTERS_FILE, u.id, "the back is weaker")
        need(1 <= u.dv <= 3, COUNTERS_FILE, u.id, f"defensive value {u.dv} outside 1-3")
        need(u.ma >= 1, COUNTERS_FILE, u.id, "a movement allowance of 1 or more")


def _steps(c: Comp) -> None:
    for u in c.counters.units.values():
        if u.type == "hoplite" or u.contingent == "immortals":
            need(u.steps == 4, COUNTERS_FILE, u.id, "4 steps")
        elif u.type in ("javelin", "bow"):
            need(u.steps == 1 and u.mf_back is None, COUNTERS_FILE, u.id, "light troops have 1 step")
        else:
            need(u.steps == 2, COUNTERS_FILE, u.id, "2 steps")


def _morale_table_contingents(c: Comp) -> None:
    k, t = c.counters, c.tables
    need(set(k.contingents) == set(GREEK_CONTINGENTS) | set(PERSIAN_CONTINGENTS), COUNTERS_FILE, "contingents",
         "the contingents of the morale tables")
    for side, table in (("greek", t.greek_morale), ("persian", t.persian_morale)):
        ids = {cid for cid, x in k.contingents.items() if x.side == side}
        need(ids == set(table.rows), TABLES_FILE, f"{side} morale", "one row per contingent")
        for cid, row in table.rows.items():
            units = k.of(cid)
            heavy = [u for u in units if not u.light]
            light = [u for u in units if u.light]
            need(bool(heavy) and all(u.type == table.heavy for u in heavy), COUNTERS_FILE, cid,
                 f"heavy units are {table.heavy}")
            need(bool(light) == (row.ratings[4] is not None), COUNTERS_FILE, cid,
                 "light units exactly where the table rates Bow & Javelin (RULINGS G1, G10)")
            rated = sum(r is not None for r in row.ratings[:4])
            need(all(u.steps == rated for u in heavy), COUNTERS_FILE, cid, f"heavy units have {rated} steps")


def _tracks(c: Comp) -> None:
    k = c.counters
    for cid, x in k.contingents.items():
        need(x.track_boxes == len(k.of(cid)) and 1 <= x.routs_box <= x.track_boxes, COUNTERS_FILE, cid,
             "a Morale Track box per unit, the Routs box on it")
    sp = k.contingents["spartans"]
    need(sp.routs_box == sp.track_boxes, COUNTERS_FILE, "spartans", "the Spartans rout last (RULINGS G13, 11.4)")


def _army_tracks(c: Comp) -> None:
    a = c.counters.armies
    need(a["persian"].crises == 1 and a["greek"].crises == 0, COUNTERS_FILE, "armies", "one Persian crisis box")
    need(a["greek"].rout_at <= len(GREEK_CONTINGENTS) + 1, COUNTERS_FILE, "armies", "the Greek Army can rout")


def _flags(c: Comp) -> None:
    x = c.counters.contingents
    need([k for k in x if x[k].always_stays] == ["spartans"], COUNTERS_FILE, "spartans", "the Spartans stay (5.3)")
    need([k for k in x if x[k].conference_only_on_six] == ["peloponnesians"], COUNTERS_FILE, "peloponnesians",
         "stay only on a 6 (5.3)")
    need([k for k in x if x[k].side == "greek" and not x[k].adjacent_setup] == ["peloponnesians"], COUNTERS_FILE,
         "peloponnesians", "set up apart (6.0.1)")


def _immortals(c: Comp) -> None:
    units = c.counters.of("immortals")
    need(bool(units) and all(u.type == "mixed" and u.steps == 4 for u in units), COUNTERS_FILE, "immortals",
         "mixed units of 4 steps, no light troops (5.2)")
    need(c.counters.contingents["immortals"].historical_men == IMMORTALS_MEN, COUNTERS_FILE, "immortals",
         f"{IMMORTALS_MEN} men (Herodotus 7.83)")


def _spartans_strongest(c: Comp) -> None:
    best = max(u.mf_front for u in c.counters.units.values())
    need(all(u.mf_front == best for u in c.counters.of("spartans")), COUNTERS_FILE, "spartans",
         "as strong as any unit (RULINGS G11)")


def _pieces(c: Comp) -> None:
    k = c.counters
    need(k.pieces <= PIECES, COUNTERS_FILE, "pieces", f"{k.pieces} pieces: the sheet has {PIECES}")
    need(k.markers.get("step_loss", 0) >= 1 and k.markers.get("disordered", 0) >= 1, COUNTERS_FILE, "markers",
         "Step Loss and Disordered markers")


CONSTRAINTS: tuple[Constraint[Comp], ...] = (
    Constraint("2.1", MAP_FILE, "rows A-O, columns numbered", _rows),
    Constraint("2.1", MAP_FILE, "the Wall runs through the centre row H and divides the sides", _wall),
    Constraint("7.0", MAP_FILE, "the Persians start in rows A-B", _persian_start),
    Constraint("6.0", MAP_FILE, "the Greeks deploy within four rows of the Wall", _deployment),
    Constraint("7.0.2", MAP_FILE, "the Immortals enter in row O, from the Ephialtes Box", _immortals_row),
    Constraint("2.1.1", MAP_FILE, "impassable coastal areas along the north sea edge", _coast),
    Constraint("2.1.1", MAP_FILE, "impassable mountain along the south edge", _south_edge),
    Constraint("2.1.1", MAP_FILE, "a Level 2 mound behind the Wall", _mound),
    Constraint("2.1.1", MAP_FILE, "a road through the pass", _road),
    Constraint("2.1", MAP_FILE, "the pass runs unbroken from row A to row O", _pass_continuous),
    Constraint("1.0.1", COUNTERS_FILE, "Greek contingents sized from Herodotus 7.202", _contingent_sizes),
    Constraint("1.0.1", COUNTERS_FILE, "the Peloponnesian cities of Herodotus 7.202", _peloponnesian_cities),
    Constraint("1.0.1", COUNTERS_FILE, "units of about 100 men", _unit_size),
    Constraint("2.2.2", COUNTERS_FILE, "unit types", _types),
    Constraint("2.2.3", COUNTERS_FILE, "melee factors 1-4, defensive values 1-3", _factors),
    Constraint("8.2.8", COUNTERS_FILE, "steps per unit type", _steps),
    Constraint("8.4.1", COUNTERS_FILE, "the morale tables' contingents and their units", _morale_table_contingents),
    Constraint("8.4.4", COUNTERS_FILE, "contingent Morale Tracks", _tracks),
    Constraint("8.4.5", COUNTERS_FILE, "Army Morale Tracks", _army_tracks),
    Constraint("5.3", COUNTERS_FILE, "who stays at the conference, who sets up apart", _flags),
    Constraint("5.2", COUNTERS_FILE, "the Immortals", _immortals),
    Constraint("G11", COUNTERS_FILE, "the Spartans as strong as any unit", _spartans_strongest),
    Constraint("2.0", COUNTERS_FILE, "the counter mix fits the 240-piece sheet", _pieces),
)
