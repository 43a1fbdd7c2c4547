"""Go Tell the Spartans' map (data/map.toml) against every constraint the rulebook states.

The layout itself is our design (RULINGS G3). The rules' constraints on it (2.1, 2.1.1, 6.0, 7.0,
7.0.2) live in :mod:`polemos.games.thermopylae.constraints`, which ``polemos data check`` runs too;
each is a test here. The rest checks the grid's structure (3.2, 2.2.6) and the loader's validation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.constraints import Constraint
from polemos.core.data import DataError
from polemos.games.thermopylae.board import DATA_DIR, MAP_FILE, AreaMap, load_map, relative_position
from polemos.games.thermopylae.constraints import CONSTRAINTS
from polemos.games.thermopylae.data import load_components
from polemos.games.thermopylae.state import Comp

ROWS = "ABCDEFGHIJKLMNO"


@pytest.fixture(scope="module")
def board() -> AreaMap:
    return load_map()


@pytest.mark.parametrize("constraint", [c for c in CONSTRAINTS if c.file == MAP_FILE], ids=lambda c: c.name)
def test_the_map_keeps_the_rules(constraint: Constraint[Comp]) -> None:
    constraint.check(load_components())


def test_2_1_rows_lettered_a_to_o_columns_numbered(board: AreaMap) -> None:
    assert "".join(board.rows) == ROWS
    assert len(board.areas) == len(ROWS) * board.columns
    for i, a in enumerate(board.areas):
        assert a.index == i
        assert a.name == f"{a.row}{a.column}"
        assert board.by_name[a.name] == i
    assert board.area("H4").row == "H" and board.area("H4").column == 4


def test_2_1_wall_divides_persian_and_greek_sides(board: AreaMap) -> None:
    assert board.side(board.by_name["A3"]) == "persian"
    assert board.side(board.by_name["G8"]) == "persian"
    assert board.side(board.by_name["H8"]) == "wall"
    assert board.side(board.by_name["I8"]) == "greek"
    # no path from the Persian side to the Greek side avoids the Wall row
    for a in board.row_areas("G"):
        for i in a.neighbours.values():
            assert board.areas[i].row != "I"


def test_6_0_greek_deployment_within_four_rows_of_the_wall(board: AreaMap) -> None:
    rows = board.greek_deployment_rows
    assert set(rows) >= set("DEFGIJKL")
    assert set(rows) <= set("DEFGHIJKL")
    for row in rows:
        assert abs(ROWS.index(row) - ROWS.index("H")) <= 4
        assert board.row_areas(row)
    # 6.0.1 rule 3: there is room on the Persian (west) side within the deployment rows
    assert any(board.side(a.index) == "persian" for r in rows for a in board.row_areas(r))


def test_3_2_neighbours_recorded_with_direction(board: AreaMap) -> None:
    e5 = board.area("E5")
    assert {d: board.areas[i].name for d, i in e5.neighbours.items()} == {
        "N": "E4",
        "NE": "F4",
        "E": "F5",
        "SE": "F6",
        "S": "E6",
        "SW": "D6",
        "W": "D5",
        "NW": "D4",
    }
    corner = board.area("A1")
    assert set(corner.neighbours) == {"E", "SE", "S"}
    for a in board.areas:  # adjacency is symmetric, with the opposite direction
        for d, i in a.neighbours.items():
            back = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}[d]
            assert board.areas[i].neighbours[back] == a.index


def test_3_2_facing_diagram_positions() -> None:
    assert relative_position("E", "E") == "front"
    assert relative_position("E", "NE") == "front_left"
    assert relative_position("E", "SE") == "front_right"
    assert relative_position("E", "N") == "flank_left"
    assert relative_position("E", "S") == "flank_right"
    assert relative_position("E", "W") == "rear"
    assert relative_position("E", "NW") == "rear_left"
    assert relative_position("W", "SW") == "front_left"
    with pytest.raises(ValueError):
        relative_position("NE", "N")  # facing is an area side, never a corner


def test_2_2_6_range_counts_diagonals_as_one(board: AreaMap) -> None:
    a = board.by_name
    assert board.distance(a["E3"], a["E3"]) == 0
    assert board.distance(a["E3"], a["F4"]) == 1
    assert board.distance(a["E3"], a["H6"]) == 3
    assert board.distance(a["A2"], a["O6"]) == 14


def test_every_section_has_provenance(board: AreaMap) -> None:
    expected = {"map", "edges", "legend", "grid", "wall", "mound", "road", "persian_start", "greek_deployment"}
    assert expected | {"immortal_entry", "ephialtes_box"} == set(board.provenance)
    assert "RULINGS G3" in board.provenance["grid"]


# ------------------------------------------------------------------ validation on broken copies
def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA_DIR / MAP_FILE).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / MAP_FILE).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


BROKEN = [
    ('"N", "O"]', '"N"]', "map", "rows must be A-O"),
    ("columns = 9", "columns = 2", "map", "at least 3"),
    ('south = "mountain"', 'south = "sea"', "edges", "2.1.1"),
    ('A = "~........"', 'A = "~......."', "grid A", "9 terrain codes"),
    ('A = "~........"', 'A = "~..x....."', "grid A", "unknown terrain code"),
    ('A = "~........"', 'A = "~~~~~~~~~"', "grid A", "no passable area"),
    ('D = "~~~......"', 'D = "~.~~....."', "grid D", "must lie on the sea"),
    ('H = "~~~~~~###"', 'H = "~~~~~~#.#"', "grid H", "every passable area of the wall row is Wall"),
    ('E = "~~~~....."', 'E = "~~~~..#.."', "grid E", "Wall only in the centre row"),
    ('row = "H"', 'row = "G"', "wall", "centre row H"),
    ('areas = ["J8", "J9", "K8", "K9"]', 'areas = ["J8", "J9", "K8"]', "mound", "differs at K9"),
    ('"J7", "K7"', '"J7", "K9"', "road", "J7 and K9 are not adjacent"),
    ('"A5", "B5"', '"A5", "Z9"', "road", "no area 'Z9'"),
    ('rows = ["A", "B"]', 'rows = ["A", "C"]', "persian_start", "rule 2.1"),
    ("rows_either_side = 4", "rows_either_side = 3", "greek_deployment", "rule 6.0"),
    ('row = "O"', 'row = "N"', "immortal_entry", "rule 7.0.2"),
    ('exit_row = "O"', 'exit_row = "A"', "ephialtes_box", "rule 7.0.2"),
    ('provenance = "rule 2.1.1"\n', 'provenance = "because"\n', "edges", "must start"),
    ('G = "~~~~~~..."', 'G = "~~~~~~~~."', "road", "G8 is coastal"),
    ('"A5", "B5"', '"A5", "A5"', "road", "listed twice"),
    ('"^" = "level2"', '"^" = "marsh"', "legend '^'", "one of"),
]


@pytest.mark.parametrize(("old", "new", "entry", "problem"), BROKEN)
def test_validation_names_file_and_entry(tmp_path: Path, old: str, new: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as err:
        load_map(_broken(tmp_path, old, new))
    assert err.value.file == MAP_FILE
    assert err.value.entry.startswith(entry), err.value
    assert problem in err.value.problem, err.value


def test_override_directory_without_the_file_uses_bundled(tmp_path: Path) -> None:
    assert load_map(tmp_path).data_version == load_map().data_version
