"""The map drawing (svg.py): every space and LOC drawn from the data, shapes by kind, a legend."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from polemos.games.peloponnesian_war.data import DATA_DIR, FILES, load_components
from polemos.games.peloponnesian_war.model import (
    COASTAL,
    ISLAND,
    LAND,
)
from polemos.games.peloponnesian_war.svg import render_map

SVG = "{http://www.w3.org/2000/svg}"
C = load_components()
DOC = render_map()
ROOT = ET.fromstring(DOC)


def groups(attr: str) -> dict[int, ET.Element]:
    return {int(g.attrib[attr]): g for g in ROOT.iter(f"{SVG}g") if attr in g.attrib}


def test_every_space_is_drawn_with_its_name() -> None:
    spaces = groups("data-space")
    assert set(spaces) == {s.index for s in C.spaces}
    labels = {t.text for t in ROOT.iter(f"{SVG}text") if t.attrib.get("class") == "label"}
    assert labels == {s.name for s in C.spaces}


def test_1_1_1_shapes_show_the_kind_of_space() -> None:
    shape = {LAND: f"{SVG}rect", COASTAL: f"{SVG}polygon", ISLAND: f"{SVG}circle"}
    for index, g in groups("data-space").items():
        kind = C.spaces[index].kind
        assert g.find(shape[kind]) is not None, C.spaces[index].id


def test_every_loc_is_drawn_and_styled_by_type() -> None:
    locs = groups("data-loc")
    assert set(locs) == {loc.index for loc in C.locs}
    dashes = {loc.type: "stroke-dasharray" in ET.tostring(locs[loc.index], encoding="unicode")
              for loc in C.locs if not (loc.storm or loc.isthmus or loc.long_walls)}
    assert dashes == {0: False, 1: True, 2: False}  # Naval LOCs dashed


def test_the_legend_explains_shapes_colours_and_special_locs() -> None:
    legend = " ".join(t.text or "" for t in ROOT.iter(f"{SVG}text"))
    for words in ("Land space", "Coastal space", "Island space", "Fortress", "Delian League",
                  "Peloponnesian League", "Neutral", "Land LOC", "Naval LOC", "Combined LOC", "Long Walls (5.3.1)",
                  "Isthmus of Corinth (4.1.2)", "storm (4.1.3)", "Strait"):
        assert words in legend, words


def test_names_do_not_overlap_one_another() -> None:
    """Every label's box (6.3 px a letter, 11 px high) clear of every other label's."""
    boxes = []
    for t in ROOT.iter(f"{SVG}text"):
        if t.attrib.get("class") != "label":
            continue
        x, y, w = float(t.attrib["x"]), float(t.attrib["y"]), 6.0 * len(t.text or "")
        anchor = t.attrib["text-anchor"]
        x0 = x - w / 2 if anchor == "middle" else x if anchor == "start" else x - w
        boxes.append((t.text, x0, y - 9, x0 + w, y))
    clashes = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1]
    assert clashes == []


def test_the_drawing_follows_a_players_data_folder(tmp_path: Path) -> None:
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    spaces = tmp_path / "spaces.toml"
    spaces.write_text(spaces.read_text(encoding="utf-8").replace('name = "Naxos"', 'name = "Naxos Island"'),
                      encoding="utf-8")
    mine = render_map(tmp_path)
    assert ">Naxos Island<" in mine and ">Naxos Island<" not in DOC


def test_the_drawing_is_deterministic() -> None:
    assert render_map() == DOC
    assert re.search(r'viewBox="0 0 [\d.]+ [\d.]+"', DOC)


def test_the_cli_map_hook_finds_render_map() -> None:
    """``polemos map`` draws with ``svg.render_map(data_dir)``; the game is not registered yet, so
    the command itself waits for it, but its renderer lookup already finds this module."""
    from polemos.cli import render_map as cli_render_map

    assert cli_render_map("peloponnesian-war", None) == DOC
