"""Go Tell the Spartans' counter mix against the rules and the sources it is sized from.

The figures are transcribed from Herodotus 7.202-7.203 and Diodorus 11.4 in
:mod:`polemos.games.thermopylae.constraints` (independently of data/counters.toml), where
``polemos data check`` checks them too; each constraint is a test here. The design choices are
RULINGS G10-G14.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from polemos.core.constraints import Constraint, broken
from polemos.core.data import DataError
from polemos.games.thermopylae.constraints import CONSTRAINTS
from polemos.games.thermopylae.counters import COUNTERS_FILE, DATA_DIR, Counters, load_counters
from polemos.games.thermopylae.data import load_components
from polemos.games.thermopylae.state import Comp


@pytest.fixture(scope="module")
def counters() -> Counters:
    return load_counters()


@pytest.mark.parametrize("constraint", [c for c in CONSTRAINTS if c.file == COUNTERS_FILE], ids=lambda c: c.name)
def test_the_counters_keep_the_rules_and_sources(constraint: Constraint[Comp]) -> None:
    constraint.check(load_components())


def test_source_herodotus_7_202_a_counter_mix_off_the_sources_is_refused(tmp_path: Path) -> None:
    text = (DATA_DIR / COUNTERS_FILE).read_text(encoding="utf-8")
    old = ('id = "spartans-2"\ncontingent = "spartans"\ntype = "hoplite"\nmf_front = 4\nmf_back = 3\ndv = 3\nma = 2\n'
           'steps = 4\nmen = 100')
    assert old in text
    (tmp_path / COUNTERS_FILE).write_text(text.replace(old, old[:-3] + "150", 1), encoding="utf-8")
    problems = {p.entry: p.problem for p in broken(CONSTRAINTS, load_components(tmp_path))}
    assert "spartans: 300 men (Herodotus 7.202, Diodorus 11.4)" in problems["rule 1.0.1"]


def test_rule_8_2_8_flip_reduces_melee_factor(counters: Counters) -> None:
    hop = counters.units["spartans-1"]
    assert [hop.melee_factor(n) for n in range(4)] == [4, 4, 3, 3]
    mixed = counters.units["medes-01"]
    assert [mixed.melee_factor(n) for n in range(2)] == [2, 1]
    with pytest.raises(ValueError):
        mixed.melee_factor(2)


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
