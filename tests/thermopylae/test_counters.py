"""Go Tell the Spartans' counter mix against the rules and the sources it is sized from.

The figures are transcribed here from Herodotus 7.202-7.203 and Diodorus 11.4 independently of
data/counters.toml; the design choices are RULINGS G10-G14.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from polemos.core.data import DataError
from polemos.games.thermopylae.counters import COUNTERS_FILE, DATA_DIR, Counters, load_counters
from polemos.games.thermopylae.tables import GREEK_CONTINGENTS, PERSIAN_CONTINGENTS, load_tables

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
PELOPONNESIAN_CITIES = {
    "Tegea": 500,
    "Mantinea": 500,
    "other Arcadians": 1120,
    "Corinth": 400,
    "Phlius": 200,
    "Mycenae": 80,
}


@pytest.fixture(scope="module")
def counters() -> Counters:
    return load_counters()


def _units(men: int) -> int:
    """RULINGS G10: round to the nearest hundred, at least one unit."""
    return max(1, round(men / 100))


def test_source_herodotus_7_202_greek_contingent_sizes(counters: Counters) -> None:
    for cid, men in SOURCES.items():
        units = counters.of(cid)
        assert sum(u.men for u in units) == men, cid
        assert counters.contingents[cid].historical_men == men, cid
        if cid != "peloponnesians":
            assert len(units) == _units(men), cid
        assert abs(len(units) * 100 - men) <= 50, cid  # within rounding of ~100 a unit


def test_source_herodotus_7_202_peloponnesian_cities(counters: Counters) -> None:
    units = counters.of("peloponnesians")
    for city, men in PELOPONNESIAN_CITIES.items():
        mine = [u for u in units if u.origin == city]
        assert len(mine) == _units(men), city
        assert sum(u.men for u in mine) == men, city
    assert {u.origin for u in units} == set(PELOPONNESIAN_CITIES)


def test_rule_1_0_1_units_are_about_100_men(counters: Counters) -> None:
    for u in counters.units.values():
        assert 50 <= u.men <= 150, u.id


def test_rule_2_2_2_unit_types(counters: Counters) -> None:
    for u in counters.units.values():
        assert u.type in ("hoplite", "mixed", "javelin", "bow")
        assert u.type != "hoplite" or u.side == "greek"
        assert u.type != "mixed" or u.side == "persian"


def test_rule_2_2_3_and_2_2_4_factor_ranges(counters: Counters) -> None:
    for u in counters.units.values():
        assert 1 <= u.mf_front <= 4, u.id
        assert u.mf_back is None or 1 <= u.mf_back < u.mf_front, u.id
        assert 1 <= u.dv <= 3, u.id
        assert u.ma >= 1, u.id


def test_rule_8_2_8_steps_per_type(counters: Counters) -> None:
    for u in counters.units.values():
        if u.type == "hoplite":
            assert u.steps == 4, u.id
        elif u.type in ("javelin", "bow"):
            assert u.steps == 1 and u.mf_back is None, u.id
        elif u.contingent == "immortals":
            assert u.steps == 4, u.id
        else:
            assert u.steps == 2, u.id


def test_rule_8_2_8_flip_reduces_melee_factor(counters: Counters) -> None:
    hop = counters.units["spartans-1"]
    assert [hop.melee_factor(n) for n in range(4)] == [4, 4, 3, 3]
    mixed = counters.units["medes-01"]
    assert [mixed.melee_factor(n) for n in range(2)] == [2, 1]
    with pytest.raises(ValueError):
        mixed.melee_factor(2)


def test_rule_8_4_1_every_morale_table_contingent_has_units_and_vice_versa(counters: Counters) -> None:
    tables = load_tables()
    assert set(counters.contingents) == set(GREEK_CONTINGENTS) | set(PERSIAN_CONTINGENTS)
    for side, table in (("greek", tables.greek_morale), ("persian", tables.persian_morale)):
        ids = {c for c, k in counters.contingents.items() if k.side == side}
        assert ids == set(table.rows)
        for cid, row in table.rows.items():
            units = counters.of(cid)
            assert units, cid
            heavy = [u for u in units if not u.light]
            light = [u for u in units if u.light]
            assert heavy and all(u.type == table.heavy for u in heavy), cid
            # a light unit exactly where the table rates Bow & Javelin (RULINGS G1, G10)
            assert bool(light) == (row.ratings[4] is not None), cid
            # heavy steps match the table's rated columns
            rated = sum(r is not None for r in row.ratings[:4])
            assert all(u.steps == rated for u in heavy), cid


def test_rule_8_4_4_contingent_morale_tracks(counters: Counters) -> None:
    for cid, c in counters.contingents.items():
        assert c.track_boxes == len(counters.of(cid))
        assert 1 <= c.routs_box <= c.track_boxes
    spartans = counters.contingents["spartans"]
    assert spartans.routs_box == spartans.track_boxes  # RULINGS G13, rule 11.4


def test_rule_8_4_5_army_morale_tracks(counters: Counters) -> None:
    assert counters.armies["persian"].crises == 1
    assert counters.armies["greek"].crises == 0
    assert counters.armies["greek"].rout_at <= len(GREEK_CONTINGENTS) + 1


def test_rule_5_3_and_6_0_1_greek_contingent_flags(counters: Counters) -> None:
    c = counters.contingents
    assert [k for k in c if c[k].always_stays] == ["spartans"]
    assert [k for k in c if c[k].conference_only_on_six] == ["peloponnesians"]
    assert [k for k in c if c[k].side == "greek" and not c[k].adjacent_setup] == ["peloponnesians"]


def test_rule_5_2_immortals_are_mixed_four_steps_and_no_light(counters: Counters) -> None:
    units = counters.of("immortals")
    assert units and all(u.type == "mixed" and u.steps == 4 for u in units)
    assert counters.contingents["immortals"].historical_men == 10000  # Herodotus 7.83, scaled (G12)


def test_rulings_g11_spartans_at_least_as_strong_as_any_unit(counters: Counters) -> None:
    best = max(u.mf_front for u in counters.units.values())
    assert all(u.mf_front == best for u in counters.of("spartans"))


def test_rule_2_0_piece_count_fits_240(counters: Counters) -> None:
    assert counters.pieces <= 240
    assert len(counters.units) >= 120  # plausibly most of the sheet is combat units
    assert counters.markers["step_loss"] >= 1 and counters.markers["disordered"] >= 1


def test_provenance_on_every_entry(counters: Counters) -> None:
    prefixes = ("rule ", "source: ", "design: ")
    for entry in (*counters.units.values(), *counters.contingents.values(), *counters.armies.values()):
        assert entry.provenance.startswith(prefixes)


def test_unit_ids_are_unique_in_the_file() -> None:
    text = (DATA_DIR / COUNTERS_FILE).read_text(encoding="utf-8")
    ids = [line for line in text.splitlines() if line.startswith("id = ")]
    assert len(ids) == len(set(ids))


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA_DIR / COUNTERS_FILE).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / COUNTERS_FILE).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "entry", "problem"),
    [
        ('contingent = "spartans"', 'contingent = "argives"', "unit spartans-1", "unknown contingent"),
        ('type = "hoplite"', 'type = "cavalry"', "unit spartans-1", "unknown unit type"),
        ("mf_front = 4", "mf_front = 5", "unit spartans-1", "out of range"),
        ("dv = 3", "dv = 0", "unit spartans-1", "out of range"),
        ("steps = 4", "steps = 3", "unit spartans-1", "rule 8.2.8"),
        ('id = "spartans-2"', 'id = "spartans-1"', "unit spartans-1", "duplicate unit id"),
        (
            'id = "thebans-4"\ncontingent = "thebans"\ntype = "javelin"',
            'id = "thebans-4"\ncontingent = "thebans"\ntype = "mixed"',
            "unit thebans-4",
            "rule 8.2.8",
        ),
        ("mf_back = 3", "mf_back = 4", "unit spartans-1", "reduced"),
        ('id = "malians"', 'id = "argives"', "contingent argives", "unknown greek contingent"),
        ("routs_box = 3", "routs_box = 4", "contingent spartans", "rule 8.4.4"),
        ("count = 30", "count = 99", "marker", "rule 2.0"),
        ('provenance = "rule 1.0.1', 'provenance = "1.0.1', "unit immortals-01", "provenance"),
    ],
)
def test_broken_copy_raises_data_error(tmp_path: Path, old: str, new: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as err:
        load_counters(_broken(tmp_path, old, new))
    assert err.value.file == COUNTERS_FILE
    assert err.value.entry == entry
    assert problem in err.value.problem


def test_steps_for_persian_mixed_and_light(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"rule 8\.2\.8"):
        load_counters(
            _broken(
                tmp_path,
                'type = "mixed"\nmf_front = 2\nmf_back = 1\ndv = 1\nma = 3\nsteps = 2',
                'type = "mixed"\nmf_front = 2\nmf_back = 1\ndv = 1\nma = 3\nsteps = 4',
            )
        )


def test_override_copy_is_read(tmp_path: Path) -> None:
    shutil.copy(DATA_DIR / COUNTERS_FILE, tmp_path / COUNTERS_FILE)
    assert load_counters(tmp_path).data_version == load_counters().data_version
