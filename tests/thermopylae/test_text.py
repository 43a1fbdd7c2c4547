"""The terminal renderer of Go Tell the Spartans: codes, markers, layout and robustness, on a wide terminal
(the north-up grid, as the browser draws it) and on an 80-column one (the grid turned a quarter; issue 11)."""

from __future__ import annotations

from typing import Any

import pytest

from polemos.games.thermopylae.board import load_map
from polemos.games.thermopylae.text import (
    CELL,
    WIDE,
    action_label,
    area_label,
    id_code,
    render,
    unit_code,
    unit_marks,
)

ROWS = "ABCDEFGHIJKLMNO"


def unit(uid: str, side: str, facing: str = "E", **extra: Any) -> dict[str, Any]:
    u: dict[str, Any] = {
        "id": uid,
        "side": side,
        "contingent": uid.rsplit("-", 1)[0],
        "type": "hoplite",
        "facing": facing,
        "losses": 0,
        "steps": 4,
        "mf": 4,
        "dv": 3,
        "ma": 2,
        "mr": 7,
        "disordered": False,
        "force": 1,
        "moved": False,
        "fired": False,
    }
    u.update(extra)
    return u


HIDDEN = {"side": "persian", "hidden": True}


def full_view() -> dict[str, Any]:
    contingents = {
        "spartans": ("greek", 3, 3),
        "thespians": ("greek", 7, 4),
        "peloponnesians": ("greek", 28, 14),
        "immortals": ("persian", 24, 12),
        "medes": ("persian", 22, 11),
    }
    return {
        "game": "go-tell-the-spartans",
        "role": "greek",
        "mode": "two",
        "day": 2,
        "series": 1,
        "round": 3,
        "day_round": 3,
        "phase": "greek-movement",
        "rule": "D.5 / 8.1",
        "prompt": "Greeks: move a force or end movement",
        "active": ["greek"],
        "committed": ["medes"],
        "current": "medes",
        "ephialtes": {"greek": "phocians", "immortals_round": None, "immortals_waiting": False},
        "areas": {
            "H8": [
                unit("spartans-1", "greek", "W", losses=1, disordered=True),
                unit("spartans-2", "greek", "W"),
                unit("medes-12", "persian", "E"),
            ],
            "G8": [unit("medes-3", "persian", "E"), HIDDEN, HIDDEN],
            "A5": [unit("immortals-24", "persian", "S")],
            "J8": [unit("thebans-1", "greek", "N")],
            "K7": [HIDDEN],
        },
        "off_map": {"box": [f"phocians-{i}" for i in range(1, 11)], "pool": ["dahae-1", "susa-1"], "away": []},
        "tracks": {
            "contingents": {
                c: {"side": s, "lost": 2 if c == "thespians" else 0, "boxes": b, "routs_box": r, "routed": c == "medes"}
                for c, (s, b, r) in contingents.items()
            },
            "army": {
                "greek": {"units": ["thebans-1"], "rout_at": 5, "crises": 0},
                "persian": {"units": ["medes-4"], "rout_at": 4, "crises": 1},
            },
        },
        "vp": {"greek": 3, "persian": 6},
        "log": [{"text": f"Medes fire at H8: entry {i}", "rule": "8.2.6"} for i in range(20)],
        "outcome": None,
    }


def grid_lines(text: str) -> list[str]:
    """The grid's lines: each map column's two lines, in order."""
    lines = text.splitlines()
    return [ln for ln in lines if ln.startswith("    |") or (ln[:3].strip().isdigit() and ln[3:5] == " |")]


def narrow_lines(text: str) -> list[str]:
    """The 80-column grid's lines: each row letter's two lines, in order."""
    return [ln for ln in text.splitlines() if ln[4:5] == "|" and (ln.startswith("    |") or ln[:4].strip(" #")
                                                                    in ROWS)]


def narrow_cell(text: str, area: str) -> tuple[str, str]:
    lines = narrow_lines(text)
    col, row = int(area[1:]), ROWS.index(area[0])
    first, second = lines[2 * row], lines[2 * row + 1]
    start = 5 + (col - 1) * (CELL + 1)
    return first[start : start + CELL], second[start : start + CELL]


def cell(text: str, area: str) -> tuple[str, str]:
    """The two lines of an area's cell."""
    lines = grid_lines(text)
    col, row = int(area[1:]), ROWS.index(area[0])
    first, second = lines[2 * (col - 1)], lines[2 * (col - 1) + 1]
    start = 5 + row * (CELL + 1)
    return first[start : start + CELL], second[start : start + CELL]


def test_codes() -> None:
    assert id_code("spartans-1") == "spa1"
    assert id_code("immortals-12") == "IMM12"
    assert id_code("medes-3") == "MED3"
    assert id_code("thespians-7") == "ths7"
    assert id_code("thebans-2") == "thb2"
    assert unit_code(HIDDEN) == "??"
    assert unit_code(unit("dahae-9", "persian")) == "DAH9"
    assert unit_marks(unit("spartans-1", "greek", "S", losses=2, disordered=True)) == "vd-2"
    assert [unit_marks(unit("susa-1", "persian", f)) for f in "NESW"] == ["^", ">", "v", "<"]
    assert unit_marks(HIDDEN) == ""


def test_grid_layout() -> None:
    text = render(full_view(), width=WIDE)
    header = next(ln for ln in text.splitlines() if "A" in ln.split() and "O" in ln.split())
    assert all(r in header for r in ROWS)
    assert "#H#" in header  # the Wall row is marked
    # the letters run west to east in order
    assert [header.index(r) for r in ROWS] == sorted(header.index(r) for r in ROWS)
    lines = grid_lines(text)
    assert len(lines) == 18  # 9 map columns x 2 lines
    assert [ln[:3].strip() for ln in lines[::2]] == [str(c) for c in range(1, 10)]
    assert max(len(ln) for ln in text.splitlines()) <= WIDE


def test_terrain() -> None:
    text = render({"areas": {}}, width=WIDE)
    amap = load_map()
    assert cell(text, "A1") == ("~" * CELL, "~" * CELL)  # the sea
    assert cell(text, "H9") == ("#" * CELL, "#" * CELL)  # the Wall
    assert cell(text, "J8")[0].startswith("^")  # the Kolonos mound
    assert cell(text, "A5")[0].startswith(".")
    for area in amap.areas:
        first, _ = cell(text, area.name)
        assert first[0] == {"coastal": "~", "level1": ".", "level2": "^", "wall": "#"}[area.terrain], area.name


def test_units_in_cells() -> None:
    text = render(full_view(), width=WIDE)
    # H8: Spartans on the Wall, top unit disordered with one loss, a Persian in melee with them
    first, second = cell(text, "H8")
    assert first.startswith("#*spa1")
    assert "x3" in second and "<" in second and "d" in second and "-1" in second
    # G8: the Medes' top unit and two hidden units under it
    first, second = cell(text, "G8")
    assert "MED3" in first and "*" not in first
    assert "x3>" in second
    assert cell(text, "A5") == (". IMM24", " v     ")
    assert cell(text, "J8") == ("^ thb1 ", " ^     ")
    assert "??" in cell(text, "K7")[0]  # a hidden top unit
    assert "Stacks (top first): G8: MED3> ?? ??; H8: spa1<d-1 spa2< MED12>" in text


def test_sections() -> None:
    text = render(full_view(), width=WIDE)
    assert "Day 2, series 1, round 3" in text
    assert "Greek movement" in text and "D.5 / 8.1" in text  # the phase in words (issue 11), not its id
    assert ">>> Greeks: move a force or end movement" in text
    assert "Ephialtes Box: Phocians guard the path" in text
    assert "Medes" in text and "now attacking: Medes" in text
    assert "Greek    x...R  1/5: thb1" in text
    assert "MED4" in text and "morale crises 1" in text
    assert "Thespians      xx.R... " in text and "lost 2" in text  # Thespians: 2 lost, routs at box 4
    assert "ROUTED" in text  # the Medes
    assert "Victory points: Greek 3, Persian 6" in text
    assert "entry 19 (8.2.6)" in text and "entry 12 (8.2.6)" in text
    assert "entry 11 " not in text  # only the last 8 log lines
    assert "GAME OVER" not in text
    assert "lower case" in text and "UPPER" in text  # the legend explains the convention


def test_outcome() -> None:
    view = full_view()
    view["outcome"] = {"winner": "persian", "reason": "the Greek army routs (8.4.5)", "scores": {}}
    text = render(view, width=WIDE)
    assert "GAME OVER: Persian victory — the Greek army routs (8.4.5)" in text
    view["outcome"] = {"winner": None, "reason": "abandoned"}
    assert "GAME OVER: no winner — abandoned" in render(view)


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"game": "go-tell-the-spartans"},
        {"areas": {}, "tracks": {}, "log": [], "outcome": None},
        {"areas": {"H8": [{"side": "greek", "hidden": True}]}, "off_map": {}, "ephialtes": None},
        {"areas": {"Z99": [unit("spartans-1", "greek")], "H8": []}, "log": ["a bare string", {"text": "x" * 400}]},
        {"tracks": {"army": {"greek": {}}, "contingents": {"spartans": {}}}, "vp": {}},
        {"areas": {"H8": [{"id": "oddball", "facing": "NE", "losses": "x"}]}, "outcome": "draw"},
    ],
)
def test_never_raises(view: dict[str, Any]) -> None:
    text = render(view, width=WIDE)
    assert len(grid_lines(text)) == 18
    assert max(len(ln) for ln in text.splitlines()) <= WIDE
    narrow = render(view, width=80)
    assert len(narrow_lines(narrow)) == 30
    assert max(len(ln) for ln in narrow.splitlines()) <= 80


def test_data_dir_default_is_the_bundled_map() -> None:
    assert render({}, None) == render({})


# ================================================================= 80 columns, names (issue 11)
@pytest.mark.parametrize("width", [80, 100, 123])
def test_every_line_fits_an_80_column_terminal(width: int) -> None:
    view = full_view()
    view["log"] = [{"text": "y" * 300, "rule": "8.2.6"}, {"text": "a long line " * 20, "rule": "6.0"}]
    text = render(view, width=width)
    assert max(len(ln) for ln in text.splitlines()) <= width
    assert all(r in text for r in ("spa1", "MED3", "IMM24", "thb1"))


def test_the_narrow_grid_is_the_same_board_turned_a_quarter() -> None:
    wide, narrow = render(full_view(), width=WIDE), render(full_view(), width=80)
    amap = load_map()
    for area in amap.areas:
        assert narrow_cell(narrow, area.name) == cell(wide, area.name), area.name
    assert narrow_cell(narrow, "H8")[0].startswith("#*spa1")
    assert any(ln.startswith("#H# |") for ln in narrow.splitlines())  # the Wall row is marked


def test_the_width_is_never_below_80_and_defaults_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert render(full_view(), width=20) == render(full_view(), width=80)
    monkeypatch.setenv("COLUMNS", "150")
    assert render(full_view()) == render(full_view(), width=150)
    monkeypatch.setenv("COLUMNS", "60")
    assert render(full_view()) == render(full_view(), width=80)


def test_areas_and_actions_are_named_in_words() -> None:
    amap = load_map()
    assert area_label(amap, "H8") == "H8 (the Wall, its gate)"
    assert area_label(amap, "H7") == "H7 (the Wall)"
    assert area_label(amap, "J8") == "J8 (Kolonos mound, east of the Wall)"
    assert area_label(amap, "G8") == "G8 (west of the Wall, on the road)"
    assert area_label(amap, "K5") == "K5 (east of the Wall)"
    assert action_label("place spartans-1 G9 W", amap) == "Place spa1 in G9 (west of the Wall), facing W"
    assert action_label("move dahae-bow-2 C6 E", amap) == "Move DAHB2 to C6 (west of the Wall, on the road), facing E"
    assert action_label("attack spa1 G8 from H8", amap).startswith("Attack: ")
    assert action_label("fire immortals-3 H8", amap) == "Fire: IMM3 at H8 (the Wall, its gate)"
    assert action_label("deploy standard", amap).startswith("Standard deployment")
    assert action_label("take back thebans", amap) == "Take back the Thebans and every unit placed after them (G44)"
    assert action_label("end movement", amap) == "End this Movement Segment (8.1)"
    assert action_label("something new", amap) == "something new"
