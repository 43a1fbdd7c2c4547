"""Go Tell the Spartans' tables, cell by cell against the rulebook's printed tables.

The expected values are transcribed here from the rulebook, independently of data/tables.toml.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from polemos.core.data import DataError
from polemos.games.thermopylae.tables import DATA_DIR, TABLES_FILE, MeleeResult, Tables, load_tables

COLUMNS = ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1"]
# MCRT: row = die roll 1 (or less) .. 6 (or more); cells attacker/defender
MCRT = [
    "4/0 3/0 2/1 2/1 2/1 2/2 2/3",
    "3/0 3/1 2/2 1/1 1/1 2/2 2/4",
    "3/1 3/2 2/2 2/2 2/2 2/3 1/4",
    "3/1 3/2 2/2 2/2 2/3 1/3 1/4",
    "3/1 2/1 1/1 1/2 2/3 1/3 0/4",
    "2/1 2/2 1/2 1/2 1/3 0/3 0/4",
]


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


def test_8_3_2_mcrt_every_cell(tables: Tables) -> None:
    assert list(tables.odds_columns) == COLUMNS
    for roll, line in enumerate(MCRT, 1):
        for column, cell in zip(COLUMNS, line.split(), strict=True):
            a, d = cell.split("/")
            assert tables.mcrt(column, roll) == MeleeResult(int(a), int(d)), (column, roll)


def test_8_3_2_mcrt_open_ended_rows(tables: Tables) -> None:
    assert tables.mcrt("1:1", -2) == tables.mcrt("1:1", 1)
    assert tables.mcrt("4:1", 9) == tables.mcrt("4:1", 6)


def test_8_3_2_odds_rounded_in_defenders_favour(tables: Tables) -> None:
    assert tables.odds_column(11, 3) == "3:1"  # the rule's example
    assert tables.odds_column(1, 4) == "1:3"  # 1:3 or less
    assert tables.odds_column(20, 3) == "4:1"  # 4:1 or more
    assert tables.odds_column(5, 4) == "1:1"
    assert tables.odds_column(3, 2) == "3:2"
    assert tables.odds_column(5, 3) == "3:2"
    assert tables.odds_column(2, 5) == "1:3"
    assert tables.odds_column(1, 2) == "1:2"


def test_8_3_2_shift_column_stops_at_the_ends(tables: Tables) -> None:
    assert tables.shift_column("1:1", 2) == "2:1"
    assert tables.shift_column("1:1", -1) == "1:2"
    assert tables.shift_column("3:1", 3) == "4:1"
    assert tables.shift_column("1:2", -3) == "1:3"


def test_8_3_3_unit_type_shifts_every_cell(tables: Tables) -> None:
    types = ["hoplite", "mixed", "javelin", "bow"]
    expected = {
        "hoplite": [0, 2, 3, 3],
        "mixed": [-1, 0, 2, 2],
        "javelin": [-3, -2, 0, 1],
        "bow": [-3, -2, -1, 0],
    }
    for attacker, row in expected.items():
        for defender, shift in zip(types, row, strict=True):
            assert tables.unit_type_shift(attacker, defender) == shift, (attacker, defender)


def test_8_3_4_situation_shifts(tables: Tables) -> None:
    for attacker in ("mixed", "javelin", "bow"):
        assert tables.situation_shift("front", attacker) == 0
        assert tables.situation_shift("flank", attacker) == 1
        assert tables.situation_shift("rear", attacker) == 1
    assert tables.situation_shift("front", "hoplite") == 0
    assert tables.situation_shift("flank", "hoplite") == 2  # RULINGS G2
    assert tables.situation_shift("rear", "hoplite") == 2


def test_8_4_3_and_8_3_2_melee_notes(tables: Tables) -> None:
    assert tables.melee_modifiers["disordered_attacker"] == -1
    assert tables.melee_modifiers["greek_hoplite_front_defence"] == 1
    assert tables.melee_modifiers["feigned_retreat"] == 1  # 11.3
    assert tables.fire_modifiers["disordered_target_dv"] == -1


# FRT: unit, ranges, die, miss, one hit, two hits (None = bullet)
FRT = [
    ("bow", [0], 6, (1, 3), (4, 4), (5, 6)),
    ("bow", [1], 6, (1, 4), (5, 5), (6, 6)),
    ("bow", [2, 3], 10, (1, 6), (7, 8), (9, 10)),
    ("bow", [4], 6, (1, 5), (6, 6), None),
    ("javelin", [0], 10, (1, 6), (7, 8), (9, 10)),
    ("javelin", [1], 6, (1, 4), (5, 5), (6, 6)),
    ("javelin", [2], 6, (1, 5), (6, 6), None),
    ("mixed", [0], 6, (1, 3), (4, 5), (6, 6)),
    ("mixed", [1], 6, (1, 4), (5, 5), (6, 6)),
    ("mixed", [2], 10, (1, 7), (8, 9), (10, 10)),
    ("mixed", [3], 6, (1, 5), (6, 6), None),
]


def test_8_2_2_fire_results_every_cell(tables: Tables) -> None:
    for unit, ranges, die, miss, one, two in FRT:
        for distance in ranges:
            line = tables.fire_line(unit, distance)
            assert line is not None and line.die == die, (unit, distance)
            for roll in range(1, die + 1):
                if miss[0] <= roll <= miss[1]:
                    hits = 0
                elif one[0] <= roll <= one[1]:
                    hits = 1
                else:
                    assert two is not None and two[0] <= roll <= two[1]
                    hits = 2
                assert tables.fire_result(unit, distance, roll) == hits, (unit, distance, roll)
    assert tables.max_range("bow") == 4
    assert tables.max_range("javelin") == 2
    assert tables.max_range("mixed") == 3
    assert tables.fire_line("bow", 5) is None
    assert tables.fire_line("hoplite", 0) is None  # range zero, no fire (2.2.6)
    assert tables.fire_result("javelin", 2, 6) == 1  # 8.2.2's example
    assert tables.fire_result("bow", 0, 0) == 0  # the Wall's -1 (TEC) on a 1 is still a miss


def test_tec_every_line(tables: Tables) -> None:
    t = tables.terrain
    assert set(t) == {"level1", "level2", "wall", "road", "coastal"}
    assert (t["level1"].move_cost, t["level1"].move_extra, t["level1"].fire, t["level1"].melee_shift) == (1, 0, 0, 0)
    lv2 = t["level2"]
    assert (lv2.move_cost, lv2.move_extra, lv2.move_extra_when) == (1, 1, "from_level1")
    assert (lv2.fire, lv2.melee_shift, lv2.melee_when) == (0, -1, "from_level1")
    wall = t["wall"]
    assert (wall.move_extra, wall.move_extra_when) == (1, "crossing_wall")
    assert (wall.fire, wall.fire_when) == (-1, "target_in_wall_across_wall")
    assert (wall.melee_shift, wall.melee_when) == (-1, "crossing_wall")
    road = t["road"]
    assert (road.move_cost, road.move_extra, road.fire, road.melee_shift) == (0, 0, 0, 0)
    coast = t["coastal"]
    assert (coast.move_cost, coast.fire, coast.melee_shift) == (None, None, 0)


PERSIAN_MORALE = {
    "immortals": (8, 7, 7, 6, None),
    "dahae": (7, 6, None, None, 7),
    "medes": (8, 6, None, None, 8),
    "scythians": (7, 5, None, None, 6),
    "susa": (6, 5, None, None, 6),
}


def test_8_4_1_persian_morale_every_cell(tables: Tables) -> None:
    assert set(tables.persian_morale.rows) == set(PERSIAN_MORALE)
    for who, ratings in PERSIAN_MORALE.items():
        assert tables.persian_morale.rows[who].ratings == ratings, who
        for losses in range(4):
            assert tables.morale_rating("persian", who, False, losses) == ratings[losses]
        assert tables.morale_rating("persian", who, True) == ratings[4]


def test_8_4_1_morale_results(tables: Tables) -> None:
    assert tables.morale_result(6, 6) == "pass"
    assert tables.morale_result(6, 7) == "disorder"
    assert tables.morale_result(6, 8) == "disorder"
    assert tables.morale_result(6, 9) == "rout"
    assert tables.morale_result(6, 7, disordered=True) == "disorder"  # 8 after +1
    assert tables.morale_result(6, 8, disordered=True) == "rout"
    assert tables.morale_results.recovery_drm == 1  # 8.4.2


GREEK = ["spartans", "thespians", "thebans", "phocians", "malians", "locrians", "peloponnesians"]
# What survives of the printed row (print order), rulebook 8.4.1's Greek Morale Table.
SURVIVING = {
    "spartans": [8, 7],
    "thespians": [6, 6, 8],
    "thebans": [6, 6, 5, 4],
    "phocians": [],
    "malians": [6, 7, 5, 6, 6],
    "locrians": [],
    "peloponnesians": [],
}


def test_8_4_1_greek_morale_ruling_g1_constraints(tables: Tables) -> None:
    rows = tables.greek_morale.rows
    assert set(rows) == set(GREEK)
    spartans = rows["spartans"].ratings
    immortals = PERSIAN_MORALE["immortals"]
    assert spartans[:2] == (8, 7)  # survives
    for who in GREEK:
        row = rows[who]
        heavy = row.ratings[:4]
        assert all(isinstance(c, int) for c in heavy), who  # four hoplite steps (8.2.8)
        assert all(4 <= c <= 8 for c in row.ratings if c is not None), who  # C1
        for a, b in itertools.pairwise(heavy):
            assert a is not None and b is not None
            assert 0 <= a - b <= 1, who  # C2
        for i in range(4):
            s, o, im = spartans[i], heavy[i], immortals[i]
            assert s is not None and o is not None and im is not None
            assert o <= s and im <= s, who  # C3
        # every surviving value is kept in the row (G1 places, never drops, what survives)
        remaining = list(row.ratings)
        for value in SURVIVING[who]:
            assert value in remaining, (who, value)
            remaining.remove(value)
        # at least every cell not surviving is marked design: (G1)
        designed = sum(p.startswith("design: ") for p in row.cell_provenance)
        assert designed >= 5 - len(SURVIVING[who]), who
        assert all(p.startswith(("rule ", "design: ")) for p in row.cell_provenance)
    assert rows["thebans"].ratings[:4] == (6, 6, 5, 4)  # survives whole
    assert rows["thespians"].ratings[:2] == (6, 6)
    assert rows["malians"].ratings[4] == 6
    assert rows["spartans"].ratings[4] is None


def test_5_1_commitment_every_cell(tables: Tables) -> None:
    expected = {
        1: {"dahae": (1, 1), "medes": (2, 5), "scythians": (6, 6), "susa": (7, 8), "immortals": (9, 10)},
        2: {"dahae": (1, 2), "medes": (3, 3), "scythians": (4, 4), "susa": (5, 5), "immortals": (6, 10)},
        3: {"dahae": (1, 3), "medes": (4, 4), "scythians": (5, 7), "susa": (8, 10)},
    }
    for day, bands in expected.items():
        for roll in range(1, 11):
            want = [who for who, (lo, hi) in bands.items() if lo <= roll <= hi]
            assert [tables.committed(day, roll)] == want, (day, roll)


def test_5_2_ephialtes_every_cell(tables: Tables) -> None:
    assert [tables.ephialtes_round(r) for r in range(1, 7)] == [3, 3, 4, 5, 6, 6]


def test_5_3_conference_every_cell(tables: Tables) -> None:
    assert [tables.contingents_remaining(r) for r in range(1, 7)] == [3, 3, 3, 4, 4, 5]


def test_provenance_on_every_entry(tables: Tables) -> None:
    for line in tables.fire:
        assert line.provenance.startswith("rule ")
    for terrain in tables.terrain.values():
        assert terrain.provenance.startswith("rule ")
    assert tables.data_version


# ------------------------------------------------------------------ validation on broken copies
def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA_DIR / TABLES_FILE).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / TABLES_FILE).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


BROKEN = [
    ('results = ["4/0", "3/0", "2/1", "2/1", "2/1", "2/2", "2/3"]', 'results = ["4/0", "3/0"]', "mcrt row 1", "cells"),
    ('results = ["4/0", "3/0",', 'results = ["X", "3/0",', "mcrt row 1", "unknown result code"),
    ("roll = [2, 2]", "roll = [3, 3]", "mcrt", "gap at 2"),
    ('shifts = ["0", "2R", "3R", "3R"]', 'shifts = ["0", "2R", "3Q", "3R"]', "unit_type_shifts hoplite", "shift"),
    ("miss = [1, 3]\none_hit = [4, 4]", "miss = [1, 2]\none_hit = [4, 4]", "fire bow range 0-0", "gap"),
    ("range = [2, 3]", "range = [2, 2]", "fire bow", "gap"),
    ("day_2 = [6, 10]", "day_2 = [7, 10]", "commitment day 2", "gap"),
    ("day_3 = [5, 7]", "day_3 = [5, 8]", "commitment day 3", "overlap"),
    ("roll = [5, 6]\nresult = 6", "roll = [5, 5]\nresult = 6", "ephialtes", "die runs to 6"),
    ("ratings = [6, 6, 5, 4, 6]", "ratings = [6, 6, 5, 3, 6]", "greek_morale thebans", "C1"),
    ("ratings = [7, 6, 6, 5, 6]", "ratings = [7, 5, 5, 5, 6]", "greek_morale malians", "C2"),
    ('ratings = [8, 7, 7, 6, "none"]\ncell', 'ratings = [7, 7, 7, 6, "none"]\ncell', "greek_morale", "C3"),
    ('ratings = [7, 6, "none", "none", 7]', 'ratings = [7, "none", 6, "none", 7]', "persian_morale dahae", "skip"),
    ('fire_when = "target_in_wall_across_wall"', 'fire_when = "sometimes"', "terrain wall", "fire_when"),
    (
        'facing = "rear"\nshift = "1R"\nhoplite_shift = "2R"\nprovenance = "rule 8.3.4;',
        'facing = "rear"\nshift = "1R"\nhoplite_shift = "2R"\nprovenance = "8.3.4;',
        "situation_shift rear",
        "provenance",
    ),
]


@pytest.mark.parametrize(("old", "new", "entry", "problem"), BROKEN)
def test_validation_names_file_and_entry(tmp_path: Path, old: str, new: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as err:
        load_tables(_broken(tmp_path, old, new))
    assert err.value.file == TABLES_FILE
    assert err.value.entry.startswith(entry), err.value
    assert problem in err.value.problem, err.value


def test_override_directory_without_the_file_uses_bundled(tmp_path: Path) -> None:
    assert load_tables(tmp_path).data_version == load_tables().data_version


def test_override_copy_is_read(tmp_path: Path) -> None:
    shutil.copy(DATA_DIR / TABLES_FILE, tmp_path / TABLES_FILE)
    (tmp_path / TABLES_FILE).write_text(
        (tmp_path / TABLES_FILE)
        .read_text(encoding="utf-8")
        .replace("roll = [1, 2]\nresult = 3", "roll = [1, 2]\nresult = 2"),
        encoding="utf-8",
    )
    assert load_tables(tmp_path).ephialtes_round(1) == 2
