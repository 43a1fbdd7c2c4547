"""The map drawing (svg.py): every locale and path drawn from the data, garrisons in circles or
squares (2.3), tribute boxes red beside blue (2.16 Errata), colours by nationality (2.9), a legend."""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import polemos
from polemos.cli import app
from polemos.games.sparta_vs_athens.data import DATA_DIR, FILES, load_components
from polemos.games.sparta_vs_athens.model import COLOURS, LAND_PATH
from polemos.games.sparta_vs_athens.svg import FILL, render_map
from tests.svg_drawing import SVG, Drawing, drawn_from_an_edited_copy

C = load_components()
MAP = Drawing(render_map())
DOC, ROOT = MAP.doc, MAP.root
groups = MAP.groups


def test_2_1_every_locale_is_drawn_with_its_name() -> None:
    locales = groups("data-locale")
    assert set(locales) == {loc.index for loc in C.locales}
    assert MAP.labels() == {loc.name for loc in C.locales}


def test_2_3_garrisons_in_a_square_if_walled_else_a_circle() -> None:
    for index, g in groups("data-locale").items():
        loc = C.locales[index]
        numbers = [t.text for t in g.iter(f"{SVG}text") if t.attrib.get("class") == "garrison"]
        assert numbers == [str(loc.garrison)], loc.id
        squares = [r for r in g.iter(f"{SVG}rect") if r.attrib.get("fill") == "#111111"]
        assert bool(squares) == loc.walled, loc.id


def test_2_16_errata_tribute_in_a_red_box_next_to_a_blue_box() -> None:
    tribute = groups("data-tribute")
    assert set(tribute) == {loc.index for loc in C.delos_cities()}
    for index, g in tribute.items():
        loc = C.locales[index]
        values = [t.text for t in g.iter(f"{SVG}text") if t.attrib.get("class") == "tribute"]
        boxes = [r for r in g.iter(f"{SVG}rect")]
        assert values == [str(loc.red), str(loc.blue)], loc.id
        assert [b.attrib["fill"] for b in boxes] == ["#d23b2f", "#2f62c2"], loc.id
        assert float(boxes[0].attrib["x"]) < float(boxes[1].attrib["x"])  # red first, blue beside it
        assert float(boxes[0].attrib["y"]) == float(boxes[1].attrib["y"])


def test_2_16_tribute_boxes_stand_beside_their_city_and_clear_of_one_another() -> None:
    centres = {i: next(g.iter(f"{SVG}circle")) for i, g in groups("data-locale").items()}
    placed = []
    for index, g in groups("data-tribute").items():
        first = next(g.iter(f"{SVG}rect"))
        x, y = float(first.attrib["x"]), float(first.attrib["y"])
        cx, cy = float(centres[index].attrib["cx"]), float(centres[index].attrib["cy"])
        assert abs(x + 11 - cx) < 25 and abs(y + 4.5 - cy) < 20, C.locales[index].id
        placed.append((x, y))
    clashes = [(a, b) for i, a in enumerate(placed) for b in placed[i + 1:]
               if abs(a[0] - b[0]) < 22 and abs(a[1] - b[1]) < 9]
    assert clashes == []


def test_no_tribute_outside_the_delos_confederation() -> None:
    for index, g in groups("data-locale").items():
        assert not [t for t in g.iter(f"{SVG}text") if t.attrib.get("class") == "tribute"], C.locales[index].id


def test_2_9_each_locale_wears_its_nationality_colour() -> None:
    for index, g in groups("data-locale").items():
        loc = C.locales[index]
        fills = {c.attrib.get("fill") for c in g.iter(f"{SVG}circle")}
        assert FILL[COLOURS[C.nationalities[loc.nationality].colour]] in fills, loc.id


def test_2_1_every_path_is_drawn_land_solid_sea_dashed() -> None:
    paths = groups("data-path")
    assert set(paths) == {p.index for p in C.paths}
    for p in C.paths:
        dashed = "stroke-dasharray" in ET.tostring(paths[p.index], encoding="unicode")
        assert dashed == (p.type != LAND_PATH)


def test_the_legend_explains_colours_garrisons_tribute_and_paths() -> None:
    legend = MAP.words()
    for words in ("Athens (red, 2.9)", "Delos Confederation (orange, 2.9)", "Sparta (blue, 2.9)",
                  "Peloponnesian Coalition (purple, 2.9)", "Walled city: GSP in a square", "Port (7.16)",
                  "red to Athens, blue to Sparta (2.16)", "Land path", "Sea path", "Narrows of the Propontis (9.3)",
                  "Reconstructed map"):
        assert words in legend, words


def test_locales_are_drawn_apart() -> None:
    """No two locale symbols on top of each other (the nudging keeps them at least 20 px apart)."""
    centres = []
    for g in groups("data-locale").values():
        ring = next(c for c in g.iter(f"{SVG}circle"))
        centres.append((float(ring.attrib["cx"]), float(ring.attrib["cy"])))
    close = [(a, b) for i, a in enumerate(centres) for b in centres[i + 1:]
             if (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 < 20 ** 2]
    assert close == []


def test_the_drawing_follows_a_players_data_folder(tmp_path: Path) -> None:
    mine = drawn_from_an_edited_copy(render_map, DATA_DIR, FILES, tmp_path, "locales.toml", 'name = "Ceos"',
                                     'name = "Keos"')
    assert ">Keos<" in mine and ">Keos<" not in DOC


def test_polemos_map_draws_the_registered_game(tmp_path: Path) -> None:
    assert "sparta-vs-athens" in polemos.game_ids()  # registered: a full game plays to its end (test_fuzz)
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(app, ["map", "sparta-vs-athens", "--out", str(out)])
    assert result.exit_code == 0 and "not playable" not in result.output
    assert out.read_text(encoding="utf-8") == DOC
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "figures.toml").write_text("", encoding="utf-8")
    result = CliRunner().invoke(app, ["map", "sparta-vs-athens", "--out", str(out), "--data", str(tmp_path / "data")])
    assert result.exit_code == 1 and "figures.toml: [[figure]]" in result.output


def test_names_do_not_overlap_one_another() -> None:
    """Every label's box clear of every other label's (CHAR_W a letter, LABEL_H high)."""
    from polemos.games.sparta_vs_athens.svg import CHAR_W, LABEL_H

    assert MAP.label_clashes(CHAR_W, above=LABEL_H - 1.5, below=1.5) == []


@functools.cache
def _coast() -> Any:
    """scripts/coast.py, the coastline helpers the derivation scripts share (scripts/ is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("coast", Path(__file__).resolve().parents[2] / "scripts" / "coast.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _inside(p: tuple[float, float], ring: list[list[float]]) -> bool:
    return bool(_coast().inside(p, [(x, y) for x, y in ring]))


def _distance(p: tuple[float, float], ring: list[list[float]]) -> float:
    best = 1e9
    for i in range(len(ring)):
        (ax, ay), (bx, by) = ring[i - 1], ring[i]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ((dx * dx + dy * dy) or 1e-12)))
        best = min(best, ((ax + t * dx - p[0]) ** 2 + (ay + t * dy - p[1]) ** 2) ** 0.5)
    return best


def test_2_1_the_land_is_drawn_from_real_coastlines_with_their_provenance() -> None:
    """Issue 14: the map has land and coastlines (GSHHG, derived once into data/coast.json with its
    provenance), drawn under everything, and the legend names land and sea."""
    doc = json.loads((DATA_DIR / "coast.json").read_text())
    assert "GSHHG" in doc["provenance"] and "scripts/sparta_vs_athens_coast.py" in doc["provenance"]
    land = next(g for g in ROOT.iter(f"{SVG}g") if g.attrib.get("class") == "land")
    assert list(ROOT).index(land) < min(list(ROOT).index(g) for g in ROOT if g.attrib.get("data-locale"))
    title = land.find(f"{SVG}title")
    assert title is not None and "GSHHG" in (title.text or "")
    desc = land.find(f"{SVG}desc")  # the whole credit, beside the tooltip the page translates
    assert desc is not None and desc.text == doc["provenance"]
    legend = " ".join(t.text or "" for g in ROOT.iter(f"{SVG}g") if g.attrib.get("class") == "legend"
                      for t in g.iter(f"{SVG}text"))
    assert "Land (real coastlines" in legend and "Sea" in legend


def test_the_land_is_cut_to_the_board_and_clipped_to_it() -> None:
    """Issue 11: the coastlines' data reach past the board (their frame is wider than the map's); drawn, every point
    of the land and its lakes lies within the viewBox but for the cut's margin outside its edges (never seen), and
    the land is clipped to the board, so a page that letterboxes the board shows no land past its edges."""
    from polemos.games.sparta_vs_athens.svg import COAST_OUTSIDE

    _, _, width, height = (float(v) for v in ROOT.attrib["viewBox"].split())
    land = next(g for g in ROOT.iter(f"{SVG}g") if g.attrib.get("class") == "land")
    assert land.attrib["clip-path"] == "url(#sva-board)"
    rect = ROOT.find(f"{SVG}clipPath[@id='sva-board']/{SVG}rect")
    assert rect is not None and (float(rect.attrib["width"]), float(rect.attrib["height"])) == (width, height)
    points = [tuple(float(v) for v in pair.split(","))
              for path in land.iter(f"{SVG}path") for pair in path.attrib["d"].replace("M", " ").replace("L", " ")
              .replace("Z", " ").split()]
    assert len(points) > 1000
    assert min(x for x, _ in points) >= -COAST_OUTSIDE and max(x for x, _ in points) <= width + COAST_OUTSIDE
    assert min(y for _, y in points) >= -COAST_OUTSIDE and max(y for _, y in points) <= height + COAST_OUTSIDE
    assert min(y for _, y in points) == -COAST_OUTSIDE  # the data did reach past the top: it was cut


def test_2_1_every_locale_stands_on_the_land_or_on_its_coast() -> None:
    """The locales' real positions (locales.toml) agree with the coastlines: an inland city is on the
    land; a port is on it or within ~6 km of the shore (0.06 degrees)."""
    doc = json.loads((DATA_DIR / "coast.json").read_text())
    for loc in C.locales:
        p = (loc.lon, loc.lat)
        on_land = any(_inside(p, r) for r in doc["land"]) and not any(_inside(p, r) for r in doc["lakes"])
        if not on_land:
            assert loc.port and min(_distance(p, r) for r in doc["land"]) < 0.06, loc.id


def test_2_1_the_coast_scripts_share_one_module_that_reads_clips_and_simplifies(tmp_path: Path) -> None:
    """scripts/sparta_vs_athens_coast.py and scripts/athens_sparta_coast.py derive their maps' coastlines
    with scripts/coast.py (one reader of GSHHG, one clipper, one simplifier): checked on a tiny GSHHG pair of
    files (one land square across the frame's west edge, one lake outside it)."""
    import struct

    coast = _coast()
    for name in ("sparta_vs_athens_coast.py", "athens_sparta_coast.py"):
        text = (Path(__file__).resolve().parents[2] / "scripts" / name).read_text(encoding="utf-8")
        assert "import coast" in text and "def _clip" not in text and "def _simplify" not in text
    land = [(10.0, 37.0), (12.0, 37.0), (12.0, 39.0), (10.0, 39.0)]
    lake = [(40.0, 37.0), (41.0, 37.0), (41.0, 38.0)]
    raw = b"".join(struct.pack("<2f", *p) for p in [*land, *lake])
    (tmp_path / "gshhs_i.dat").write_bytes(raw)
    (tmp_path / "gshhsmeta_i.dat").write_text(f"1 4.0 4 37 39 0 {8 * 4}\n2 0.5 3 37 38 {8 * 4} {8 * 3}\n")
    found = list(coast.shorelines(tmp_path, (34.0, 43.0), (11.0, 32.0)))
    assert [level for level, _ in found] == [1]  # the lake lies east of the frame
    ring = coast.clip(found[0][1], (11.0, 30.0, 32.0, 45.0))
    assert min(x for x, _ in ring) == 11.0 and coast.area(ring) == 2.0
    assert coast.inside((11.5, 38.0), ring) and not coast.inside((10.5, 38.0), ring)
    wavy = [(0.0, 0.0), (1.0, 0.001), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    assert coast.simplify(wavy, 0.01) == [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]


def test_at_fit_zoom_the_seas_regions_and_chief_cities_are_named_in_large_type() -> None:
    """Issue 11: the map is ~3400 units wide; the page gives it the class "far" below data-near-scale px per unit,
    and then shows the large names (.sva-far) instead of the detail (.sva-near); the browser measures their size
    and overlaps (tests/server/test_board_labels_browser.py)."""
    from polemos.games.sparta_vs_athens.svg import FAR_GARRISON, FAR_SIZE, NEAR_SCALE, REGION_SIZE, REGIONS

    assert float(ROOT.attrib["data-near-scale"]) == NEAR_SCALE
    far = [g for g in ROOT.iter(f"{SVG}g") if g.attrib.get("class") == "sva-far"]
    near = [g for g in ROOT.iter(f"{SVG}g") if g.attrib.get("class") == "sva-near"]
    assert len(far) == len(near) == 1
    regions = {t.text: float(t.attrib["font-size"]) for t in far[0].iter(f"{SVG}text") if t.attrib["class"] == "region"}
    chief = {t.text or "" for t in far[0].iter(f"{SVG}text") if t.attrib["class"] == "chief"}
    assert {"AEGEAN SEA", "IONIAN SEA", "SICILY", "ASIA"} <= set(regions) <= {r[0] for r in REGIONS}
    assert set(regions.values()) == {REGION_SIZE}
    assert {"Athens", "Sparta", "Syracuse", "Thebes", "Byzantium"} <= chief
    assert all(C.locale(n.lower()).garrison >= FAR_GARRISON for n in chief)
    assert FAR_SIZE * 0.28 >= 9  # ~0.28 px per unit at a desktop's fit zoom: 9 px and more
    # every locale's name stays in the detail, with the tribute boxes (2.16)
    assert len([t for t in near[0].iter(f"{SVG}text") if t.attrib.get("class") == "label"]) == len(C.locales)
    assert "svg.far .sva-near{display:none}" in DOC


def test_a_small_screen_fits_the_aegean_where_the_chief_names_read_at_9_px() -> None:
    """Issue 11: on a phone the whole map draws its large names at 4-5 px; the board declares a focus (data-focus: the
    Aegean world from Corcyra to Byzantium, top to bottom) and the scale at which the chief cities' names read 9 px
    (data-focus-scale), which the page fits instead of the whole map below that scale (app.js BoardView.fit)."""
    from polemos.games.sparta_vs_athens.svg import FAR_SIZE, FOCUS_SCALE, _layout

    x0, y0, x1, y1 = (float(v) for v in ROOT.attrib["data-focus"].split())
    assert float(ROOT.attrib["data-focus-scale"]) == FOCUS_SCALE and FOCUS_SCALE * FAR_SIZE >= 8.99
    _, _, width, height = (float(v) for v in ROOT.attrib["viewBox"].split())
    assert 0 <= x0 < x1 <= width and (y0, y1) == (0, height)
    at = _layout(C).at
    inside = {loc.id for loc in C.locales if x0 <= at[loc.index][0] <= x1}
    assert {"corcyra", "athens", "sparta", "thebes", "byzantium", "mytilene", "sardis"} <= inside
    assert not inside & {"syracuse", "messana", "taras"}  # Italy and Sicily: a drag, or the whole map, away
