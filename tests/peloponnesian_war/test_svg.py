"""The map drawing (svg.py): every space and LOC drawn from the data, shapes by kind, a legend."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from polemos.games.peloponnesian_war.data import DATA_DIR, FILES, load_components
from polemos.games.peloponnesian_war.model import (
    COASTAL,
    ISLAND,
    LAND,
)
from polemos.games.peloponnesian_war.svg import render_map
from tests.svg_drawing import SVG, Drawing, drawn_from_an_edited_copy

C = load_components()
MAP = Drawing(render_map())
DOC = MAP.doc
groups = MAP.groups


def test_every_space_is_drawn_with_its_name() -> None:
    spaces = groups("data-space")
    assert set(spaces) == {s.index for s in C.spaces}
    assert MAP.labels() == {s.name for s in C.spaces}


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
    legend = MAP.words()
    for words in ("Land space", "Coastal space", "Island space", "Fortress", "Delian League",
                  "Peloponnesian League", "Neutral", "Land LOC", "Naval LOC", "Combined LOC", "Long Walls (5.3.1)",
                  "Isthmus of Corinth (4.1.2)", "storm (4.1.3)", "Strait"):
        assert words in legend, words


def test_names_do_not_overlap_one_another() -> None:
    """Every label's box (6 units a letter, 9 high over its baseline) clear of every other label's."""
    assert MAP.label_clashes(6.0, above=9, below=0) == []


def test_the_drawing_follows_a_players_data_folder(tmp_path: Path) -> None:
    mine = drawn_from_an_edited_copy(render_map, DATA_DIR, FILES, tmp_path, "spaces.toml", 'name = "Naxos"',
                                     'name = "Naxos Island"')
    assert ">Naxos Island<" in mine and ">Naxos Island<" not in DOC


def test_the_drawing_is_deterministic() -> None:
    assert render_map() == DOC
    assert re.search(r'viewBox="0 0 [\d.]+ [\d.]+"', DOC)


def test_the_cli_map_hook_finds_render_map() -> None:
    """``polemos map`` draws with ``svg.render_map(data_dir)``; the game is not registered yet, so
    the command itself waits for it, but its renderer lookup already finds this module."""
    from polemos.cli import render_map as cli_render_map

    assert cli_render_map("peloponnesian-war", None) == DOC
