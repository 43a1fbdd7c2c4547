"""The Sparta vs. Athens loader: a broken file is refused naming the file, the entry and the rule;
a player's folder replaces only its own files; the constraints catch what each file alone cannot."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from polemos.core.constraints import broken
from polemos.core.data import DataError
from polemos.games.sparta_vs_athens.constraints import CONSTRAINTS
from polemos.games.sparta_vs_athens.data import DATA_DIR, FILES, load_components

C = load_components()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


ACHARNAE = 'between = ["athens", "acharnae"]'
BROKEN = [
    ("unknown-locale-in-path", "paths.toml", ACHARNAE, 'between = ["athens", "atlantis"]',
     "paths.toml: path athens-atlantis: between names unknown locale 'atlantis'"),
    ("duplicate-locale", "locales.toml", 'id = "acharnae"', 'id = "eleusis"', "locale eleusis: duplicate id"),
    ("figure-not-the-rulebooks", "figures.toml", 'id = "sparta_garrison"\nvalue = 7',
     'id = "sparta_garrison"\nvalue = 8',
     "figure sparta_garrison: rule 2.3: the rulebook says 7, not 8"),
    ("figure-provenance-without-rule", "figures.toml", 'provenance = "rule 2.3 (Sparta',
     'provenance = "design: (Sparta', "figure sparta_garrison: provenance must cite rule 2.3"),
    ("tribute-outside-delos", "locales.toml", 'region = "laconia"\nprovenance = "rule 2.3',
     'region = "laconia"\ntribute = { red = 1, blue = 1 }\nprovenance = "rule 2.3',
     "locale sparta: rule 2.16: a Delos Confederation locale, and only one, has a tribute value"),
    ("sea-path-inland", "paths.toml", 'between = ["piraeus", "aegina"]', 'between = ["athens", "aegina"]',
     "path athens-aegina: DESIGN 7.3: a sea path joins two ports"),
    ("road-to-an-island", "paths.toml", ACHARNAE, 'between = ["athens", "aegina"]',
     "DESIGN 7.2: a land path reaches an island locale only from the same island"),
    ("road-too-long", "paths.toml", ACHARNAE, 'between = ["athens", "larisa"]', "longer than a land path may be"),
    ("wavering-not-weaker", "counters.toml", "strength = 7\nwavering = 4", "strength = 7\nwavering = 7",
     "unit spartiates: rule 2.3: the wavering side (7) must be weaker than the front (7)"),
    ("ceos-missing", "locales.toml", 'id = "ceos"\nname = "Ceos"', 'id = "keos"\nname = "Ceos"',
     "missing locale 'ceos' (rule 2.16)"),
    ("map-cut-in-two", "paths.toml", 'between = ["corcyra", "epidamnus"]', 'between = ["corcyra", "anactorium"]',
     "locales no path from Athens reaches: epidamnus"),
    ("event-roll-twice", "tables.toml", "roll = 12\n", "roll = 11\n", "event 11: duplicate roll '11'"),
    ("unknown-field", "locales.toml", 'id = "ceos"', 'id = "ceos"\ncharisma = 3', "unknown field(s) charisma"),
    ("not-toml", "counters.toml", '[[unit]]\nid = "athenian-hoplites-6"', '[[unit\nid = "athenian-hoplites-6"',
     "not valid TOML"),
    ("provenance-without-kind", "paths.toml", 'type = "land"\nprovenance = "source: Thuc 1.107',
     'type = "land"\nprovenance = "Thuc 1.107', "must start 'rule ', 'source: ' or 'design: '"),
    ("unknown-result", "tables.toml", 'results = ["AE", "AE", "AH"', 'results = ["AE", "XX", "AH"',
     "unknown result(s) XX"),
    ("government-marker-unknown", "tables.toml", 'marker = "property-tax"\nnext', 'marker = "poll-tax"\nnext',
     "government #2: marker 'poll-tax' is not a marker of counters.toml"),
]
# the file the error names, where it is not the file edited
REPORTED = {
    "mix-too-small": "scenarios.toml", "leader-out-of-his-years": "scenarios.toml",
}
SCENARIO_BREAKS = [
    ("mix-too-small", "counters.toml", "count = 76", "count = 50",
     "the mix (counters.toml) has 50"),
    ("leader-out-of-his-years", "counters.toml", 'name = "Pericles"\nnationality = "athens"\nland = 2\nsea = 1\nfirst'
     ' = 431', 'name = "Pericles"\nnationality = "athens"\nland = 2\nsea = 1\nfirst = 429',
     "Pericles serves 429-429, not in 431"),
    ("spartan-serving-athens", "scenarios.toml", 'unit = "spartiates"\n  locale = "sparta"',
     'unit = "spartiates"\n  locale = "sparta"\n  side = "athens"',
     "only a Delos Confederation unit may be set up serving the other side"),
    ("fleet-inland", "scenarios.toml", 'unit = "athenian-fleet-10"\n  locale = "piraeus"',
     'unit = "athenian-fleet-10"\n  locale = "athens"', "NSPs set up away from a port (athens"),
]


@pytest.mark.parametrize(("case", "file", "old", "new", "message"), BROKEN + SCENARIO_BREAKS,
                         ids=[b[0] for b in BROKEN + SCENARIO_BREAKS])
def test_a_broken_file_is_refused_with_a_clear_message(
        data_copy: Path, case: str, file: str, old: str, new: str, message: str) -> None:
    edit(data_copy, file, old, new)
    with pytest.raises(DataError) as caught:
        load_components(data_copy)
    assert caught.value.file == REPORTED.get(case, file)
    assert message in str(caught.value), str(caught.value)


def test_2_16_a_valid_file_that_breaks_a_rules_number_is_caught_by_the_constraints(data_copy: Path) -> None:
    edit(data_copy, "locales.toml", "island = \"ceos\"\ntribute = { red = 5", "island = \"ceos\"\ntribute = { red = 4")
    mine = load_components(data_copy)  # the file alone is fine: history says 4
    problems = broken(CONSTRAINTS, mine)
    assert [(p.file, p.entry) for p in problems] == [("locales.toml", "rule 2.16")]
    assert "Ceos pays 5 to Athens and 1 to Sparta, not 4 and 1" in str(problems[0])


def test_2_17_an_ionian_war_with_other_talents_is_caught(data_copy: Path) -> None:
    edit(data_copy, "scenarios.toml", "talents = { athens = 10, sparta = 55 }",
         "talents = { athens = 100, sparta = 55 }")
    problems = broken(CONSTRAINTS, load_components(data_copy))
    assert [p.entry for p in problems] == ["rule 2.17"]


def test_a_players_folder_overrides_only_its_own_files(tmp_path: Path) -> None:
    """component-data.md policy 4: a file in --data DIR replaces the bundled file of that name."""
    text = (DATA_DIR / "counters.toml").read_text(encoding="utf-8")
    (tmp_path / "counters.toml").write_text(text.replace('name = "Sciritae"', 'name = "Skiritai"'), encoding="utf-8")
    mine = load_components(tmp_path)
    assert mine.unit("skiritai").name == "Skiritai" and C.unit("skiritai").name == "Sciritae"
    assert mine.locales == C.locales and mine.version != C.version
    assert broken(CONSTRAINTS, mine) == []


def test_an_empty_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "figures.toml").write_text("", encoding="utf-8")
    with pytest.raises(DataError, match=r"^figures\.toml: \[\[figure\]\]: 'figure' must be a non-empty array"):
        load_components(tmp_path)


def test_components_are_cached_and_read_only() -> None:
    assert load_components() is C
    with pytest.raises(AttributeError):
        C.locales[0].garrison = 9  # type: ignore[misc]
