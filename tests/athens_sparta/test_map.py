"""The reconstructed Athens & Sparta map keeps every constraint the rules put on it.

The constraints themselves (1.x map board, 6.1 islands, 9.x strategics, the rulebook's movement
examples) live in :mod:`polemos.games.athens_sparta.constraints`, where ``polemos data check``
runs them too; each is a test here, named by its rule. The rest checks the map's structure and the
loader's validation.
"""

from __future__ import annotations

import math
import shutil
import tomllib
from pathlib import Path

import pytest

from polemos.core.constraints import Constraint, broken
from polemos.core.data import DataError
from polemos.games.athens_sparta.board import DATA_DIR, Grid, load_board
from polemos.games.athens_sparta.constraints import CONSTRAINTS, city, hex_of
from polemos.games.athens_sparta.data import load_components
from polemos.games.athens_sparta.model import CLEAR, MOUNTAIN, OFFBOARD, SEA, SIDE_NONE, STRAIT, Components, opposite

BOARD = load_board()
COMPONENTS = load_components()


# ----------------------------------------------------------------------------- the rules' constraints
@pytest.mark.parametrize("constraint", CONSTRAINTS, ids=lambda c: c.name)
def test_the_map_keeps_the_rules(constraint: Constraint[Components]) -> None:
    constraint.check(COMPONENTS)


@pytest.mark.parametrize(
    ("file", "old", "new", "rule", "problem"),
    [
        ("cities.toml", 'name = "ATHENS"\nside = "athens"\nvalue = 4', 'name = "ATHENS"\nside = "athens"\nvalue = 3',
         "1.2", "worth 47 points, not 48"),
        ("cities.toml", 'port = true\noracle = true\nlat = 37.40', 'port = true\noracle = false\nlat = 37.40', "1.4",
         "the oracles are DELPHI, not DELOS and DELPHI"),
        ("cities.toml", 'name = "CEPHALLENIA"\nside = "athens"\nvalue = 0\nwalled = true',
         'name = "CEPHALLENIA"\nside = "athens"\nvalue = 0\nwalled = false', "5.3",
         "CEPHALLENIA: must be a walled port (5.3; 6.1: its blockade is a full siege)"),
        ("cities.toml", 'name = "CHIOS"\nside = "athens"\nvalue = 2\nwalled = false',
         'name = "CHIOS"\nside = "athens"\nvalue = 2\nwalled = true', "5.6", "is not a walled-city"),
    ],
    ids=["1.2-points", "1.4-oracles", "6.1-cephallenia-walled", "5.6-chios-unwalled"],
)
def test_1_x_a_map_that_breaks_a_number_the_rules_fix_is_refused(
        tmp_path: Path, file: str, old: str, new: str, rule: str, problem: str) -> None:
    text = (DATA_DIR / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = broken(CONSTRAINTS, load_components(tmp_path))
    assert [p.entry for p in problems] == [f"rule {rule}"]
    assert problems[0].file == file and problem in problems[0].problem


def test_hex_of_names_a_city_the_rules_need(tmp_path: Path) -> None:
    assert city(BOARD, "ATHENS").name == "ATHENS" and hex_of(BOARD, "ATHENS") == city(BOARD, "ATHENS").hex
    with pytest.raises(DataError, match="the rules name this city"):
        city(BOARD, "ATLANTIS")


# ----------------------------------------------------------------------------- structure


def test_city_hexes_are_land() -> None:
    for c in BOARD.cities:
        if c.offboard:
            assert BOARD.terrain[c.hex] == OFFBOARD
        else:
            assert BOARD.terrain[c.hex] in (CLEAR, MOUNTAIN, STRAIT), c.name
        assert BOARD.city_at[c.hex] == c.index
    assert len({c.hex for c in BOARD.cities}) == len(BOARD.cities)


def test_sides_are_symmetric() -> None:
    for h, row in enumerate(BOARD.neighbours):
        for d, o in enumerate(row):
            if o < 0:
                assert BOARD.land_side[h][d] == SIDE_NONE and BOARD.water_side[h][d] < 0
                continue
            back = opposite(d)
            assert BOARD.neighbours[o][back] == h
            assert BOARD.land_side[o][back] == BOARD.land_side[h][d]
            assert (BOARD.water_side[o][back] >= 0) == (BOARD.water_side[h][d] >= 0)


def test_sea_hexes_are_open_water() -> None:
    for h, t in enumerate(BOARD.terrain):
        if t == SEA:
            for d, o in enumerate(BOARD.neighbours[h]):
                assert BOARD.land_side[h][d] == SIDE_NONE
                assert BOARD.water_side[h][d] == (0 if o >= 0 else -1)


def test_hex_labels_and_indices() -> None:
    assert len(BOARD.hexes) == len(set(BOARD.hexes)) == len(BOARD.terrain) == len(BOARD.centers)
    assert all(BOARD.hex_index[label] == i for i, label in enumerate(BOARD.hexes))
    assert len(BOARD.hexes) > 250  # ~30 miles per hex over the whole Aegean
    assert all(text.strip() for text in BOARD.provenance.values())


def test_1_0_cities_near_their_real_sites() -> None:
    """Built from real coordinates: no city is bent more than ~1.25 hexes (60 km) from its real site."""
    grid_doc = tomllib.loads((DATA_DIR / "map.toml").read_text(encoding="utf-8"))["map"]
    grid = Grid(
        columns=grid_doc["columns"],
        rows=grid_doc["rows"],
        hex_km=grid_doc["hex_km"],
        origin_lon=grid_doc["origin_lon"],
        origin_lat=grid_doc["origin_lat"],
        km_per_degree_lon=grid_doc["km_per_degree_lon"],
        km_per_degree_lat=grid_doc["km_per_degree_lat"],
    )
    assert grid.hex_km == 48.0  # about 30 miles (rule 1.0 sidebar)
    rows = tomllib.loads((DATA_DIR / "cities.toml").read_text(encoding="utf-8"))["city"]
    for row in rows:
        if row.get("offboard"):
            continue
        x, y = grid.project(row["lat"], row["lon"])
        cx, cy = BOARD.centers[hex_of(BOARD, row["name"])]
        assert math.hypot(cx - x, cy - y) <= 60.0, row["name"]


# ----------------------------------------------------------------------------- the loader's checks


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    for name in ("cities.toml", "map.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("file", "old", "new", "entry", "problem"),
    [
        (
            "map.toml",
            "[placement]\n",
            '[placement]\nATLANTIS = { hex = "0101", provenance = "design: x" }\n',
            "ATLANTIS",
            "unknown city",
        ),
        ("map.toml", 'SAMOS = { hex = "1709"', 'SAMOS = { hex = "1710"', "[placement] SAMOS", "sea hex"),
        ("map.toml", 'PHERAE = { hex = "0805"', 'PHERAE = { hex = "0802"', "[placement] PHERAE", "already holds"),
        ("cities.toml", 'name = "MELOS"\n', 'name = "MELOS"\nhex = "1212"\n', "MELOS", "sea hex"),
        ("cities.toml", 'name = "THEBES"\n', 'name = "THEBES"\nhex = "1006"\n', "THEBES", "non-port"),
        ("cities.toml", 'name = "AMBRACIA"\n', 'name = "AMBRACIA"\nhex = "0605"\n', "AMBRACIA", "port with no"),
        (
            "map.toml",
            'hexsides = ["0806-0907"]',
            'hexsides = ["0806-0907", "0705-0804"]',
            "Vale of Tempe",
            "already set",
        ),
        ("map.toml", 'hexsides = ["0806-0907"]', 'hexsides = ["0806-0909"]', "Thermopylae", "not adjacent"),
        ("map.toml", '[[strait]]\nhex = "0708"', '[[strait]]\nhex = "0808"', "0808", "not strait terrain"),
        ("map.toml", 'embarkation = ["CORCYRA"', 'embarkation = ["ATHENS"', "[syracuse]", "embarkation"),
        ("cities.toml", 'side = "persia"', 'side = "carthage"', "ATARNEUS", "unknown side"),
    ],
)
def test_loader_rejects_broken_data(tmp_path: Path, file: str, old: str, new: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as err:
        load_board(_broken(tmp_path, file, old, new))
    assert err.value.file == file
    assert entry in err.value.entry
    assert problem in err.value.problem


def test_loader_rejects_a_mountain_hex_closed_on_every_side(tmp_path: Path) -> None:
    # Olympus (0704) with every side a mountain side breaks Terrain Effects Table note 4
    doc = tomllib.loads((DATA_DIR / "map.toml").read_text(encoding="utf-8"))
    taken = {s for t in doc["sides"] for s in t["hexsides"]}
    sides = [f"0704-{o}" for o in ("0703", "0604", "0603")]
    assert not (set(sides) & taken)
    extra = (
        '\n[[sides]]\nname = "walled Olympus"\nland = "mountain"\nhexsides = ['
        + ", ".join(f'"{s}"' for s in sides)
        + ']\nprovenance = "test"\n'
    )
    for name in ("cities.toml", "map.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "map.toml").write_text((DATA_DIR / "map.toml").read_text(encoding="utf-8") + extra, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_board(tmp_path)
    assert err.value.file == "map.toml" and "0704" in err.value.entry and "note 4" in err.value.problem


def test_override_dir_without_files_uses_bundled(tmp_path: Path) -> None:
    assert load_board(tmp_path).hexes == BOARD.hexes
