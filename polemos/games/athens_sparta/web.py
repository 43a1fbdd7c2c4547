"""Athens & Sparta on the browser table: the board drawn from one role's view, the board clicks
that choose each legal action, and the side panel's summary.

The page is generic over games; this module is all it knows of Athens & Sparta:

- :func:`render_board` -> a standalone ``<svg>`` (viewBox, no pixel size) drawn from the view
  alone (plus the static map data): terrain, hexsides, straits, rivers, cities coloured by their
  controller (printed colour as the outline when they differ), walls, ports, city points, sieges
  and blockades, the battle being fought, the path of the block being moved, the role's blocks
  with their faces, enemy blocks upright and blank unless the view reveals them, and the role's
  Replacement Pool in a tray under the map. Clickable elements carry ``data-ref``: hexes
  ``h:<name>`` (a city's name for a hex holding a city, else the hex label — as the view and the
  actions name locations; SYRACUSE is the Sicily box), blocks ``b:<id>`` (faced blocks only).
  Hexes have ``id="h-<name>"``, blocks ``id="b-<id>"``. Decorations ignore the pointer, so a
  click on a city marker or a label reaches the hex under it.
- :func:`action_refs` -> for each legal action, the refs a player clicks to choose it.
- :func:`describe` -> the side panel's summary.

The static part of the drawing (terrain, hexsides, labels) is built once per data directory; the
geometry and the hexside/strait/river drawing are :mod:`polemos.games.athens_sparta.svg`'s, with
their inline styles folded into CSS classes to keep the board small (it is sent on every move).
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import orjson

from polemos.core.log import log_lines
from polemos.games.athens_sparta import svg
from polemos.games.athens_sparta.board import DATA_DIR
from polemos.games.athens_sparta.data import load_components, load_components_first
from polemos.games.athens_sparta.model import (
    ATHENS,
    MOUNTAIN,
    NEUTRAL,
    NOSIDE,
    OFFBOARD,
    PERSIA,
    SEA,
    SIDE_MOUNTAIN,
    SIDE_PASS,
    SPARTA,
    Board,
)
from polemos.i18n import N_, shown_width

__all__ = ["action_refs", "describe", "render_board"]

JSON = dict[str, Any]

BLOCK = 21.0  # block side, in map pixels (~10 px on a 1400x900 screen at fit zoom)
PITCH = 23.0  # distance between neighbouring blocks
PER_ROW = 4  # blocks per row in a hex
TRAY_ROW = 22.0  # height of a row of the pool tray
LOG_LINES = 12  # log lines in the side panel

# side colours by the names the view uses
COLOURS = {
    "athens": svg.SIDE_COLOURS[ATHENS],
    "sparta": svg.SIDE_COLOURS[SPARTA],
    "neutral": svg.SIDE_COLOURS[NEUTRAL],
    "persia": svg.SIDE_COLOURS[PERSIA],
    "none": svg.SIDE_COLOURS[NOSIDE],
}
SIDE_CLASS = {"athens": "asA", "sparta": "asS", "neutral": "asN", "persia": "asP", "none": "asX"}
TYPE_LETTER = {"hoplite": "H", "peltast": "P", "cavalry": "C", "navy": "N", "revolt": "R"}

_SAFE = re.compile(r"[^A-Za-z0-9_-]")
_LINE = re.compile(r'^<line (x1="[^"]*" y1="[^"]*" x2="[^"]*" y2="[^"]*") (.*?)/>$')
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_HEX_LABEL = re.compile(r"^\d{4,}$")
_ID = re.compile(r"\b[A-Z]{3}(?:-[A-Z0-9]+)+\b")  # a block id in a text (ATH-HOP-1, SPA-DEMOS)


def css_id(kind: str, name: str) -> str:
    """An ``id`` attribute safe for CSS selectors: ``h-0507``, ``b-ATH-HOP-1``."""
    return f"{kind}-{_SAFE.sub('_', name)}"


def _f(v: float) -> str:
    return f"{v:.1f}"


def first_edition(view: JSON) -> bool:
    """Is ``view`` a game of the first edition (the option ``edition=first``; the view names it, issue 13)?"""
    return view.get("edition") == "first"


def points_word(view: JSON) -> str:
    """The points of 8.0 as the edition played names them: BP, or PP in the first edition (1st 1.2, 8.1)."""
    return "PP" if first_edition(view) else "BP"


def _attr(v: str) -> str:
    return quoteattr(v)


# ====================================================================== static layer
@dataclass(frozen=True, slots=True)
class _Base:
    """What every board of one data directory shares: geometry and the static drawing."""

    board: Board
    width: float
    top: float  # first y of the viewBox (the static canvas keeps room for a title above)
    map_bottom: float  # y under the map, where the pool tray starts
    radius: float
    centre: dict[str, tuple[float, float]]  # location name (as the view names it) -> centre
    hex_refs: tuple[str, ...]  # every location name, one per hex (SYRACUSE included)
    head: str  # <style> and <defs>
    terrain: str  # hexes (clickable), then the decorations
    names: dict[str, tuple[float, float, float]]  # city -> its name's x, baseline and font size (_name_places)


def _location_name(board: Board, h: int) -> str:
    c = board.city_at[h]
    return board.cities[c].name if c >= 0 else board.hexes[h]


def _classed(parts: list[str], styles: dict[str, str]) -> list[str]:
    """``svg``'s lines with their inline styles replaced by CSS classes (``styles``: css -> class)."""
    out = []
    for part in parts:
        m = _LINE.match(part)
        if m is None:
            out.append(part.replace("url(#arrow)", "url(#asar)"))
            continue
        css = ";".join(f"{k}:{v.replace('url(#arrow)', 'url(#asar)')}" for k, v in _ATTR.findall(m.group(2)))
        cls = styles.setdefault(css, f"asl{len(styles)}")
        out.append(f'<line {m.group(1)} class="{cls}"/>')
    return out


def _coast(cv: svg._Canvas, data_dir: Path | None) -> str:
    """The real coastlines under the grid: ``data/coast.json`` (GSHHG shorelines projected with the map's own
    projection and simplified once by scripts/athens_sparta_coast.py; its provenance is in the file), as
    two paths (land, lakes) in the board's pixels; "" when the file is missing."""
    path = (data_dir / "coast.json") if data_dir is not None and (data_dir / "coast.json").is_file() \
        else DATA_DIR / "coast.json"
    if not path.is_file():
        return ""
    doc = json.loads(path.read_text())

    def d(rings: list[list[list[float]]]) -> str:
        return "".join("M" + "L".join(f"{x * svg.SCALE - cv.x0:.0f},{y * svg.SCALE - cv.y0:.0f}" for x, y in ring) + "Z"
                       for ring in rings)

    return (f'<path class="asLand" d="{d(doc.get("land", []))}"/>'
            + (f'<path class="asLake" d="{d(doc["lakes"])}"/>' if doc.get("lakes") else ""))


def _shape(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


@functools.lru_cache(maxsize=8)
def _base(data_dir: Path | None, first: bool = False) -> _Base:
    """The static layer of the board of ``data_dir``; ``first``: the first edition's map, whose overlay
    (``data/first/map.toml``) makes the NAUPACTUS hexside a mountain one (RULINGS FE26). The geometry
    (hexes, centres, refs) is the same in both editions, only the drawn hexsides differ."""
    board = (load_components_first if first else load_components)(data_dir).board
    cv = svg._Canvas(board)
    r = cv.radius
    terrain = board.terrain
    syr = board.syracuse_hex

    # the decorations svg.py draws (hexsides, rivers, straits), with classes instead of styles
    svg._draw_sides(cv)
    svg._draw_rivers(cv)
    svg._draw_straits(cv)
    styles: dict[str, str] = {}
    lines = _classed(cv.parts, styles)

    hexes: dict[str, list[str]] = {"asT0": [], "asT1": [], "asT3": []}
    deco: list[str] = []
    labels: list[str] = []
    centre: dict[str, tuple[float, float]] = {}
    refs: list[str] = []
    for h, t in enumerate(terrain):
        name = _location_name(board, h)
        x, y = cv.at(h)
        centre[name] = (x, y)
        refs.append(name)
        if t == OFFBOARD:
            continue
        island = svg._is_island(board, h)
        cls = "asT3" if t == SEA or island else "asT1" if t == MOUNTAIN else "asT0"
        hexes[cls].append(
            f'<use href="#ashx" x="{_f(x)}" y="{_f(y)}" id={_attr(css_id("h", name))} '
            f"data-ref={_attr('h:' + name)} aria-label={_attr(name)}/>"
        )
        if island:
            deco.append(f'<use href="#asis" x="{_f(x)}" y="{_f(y)}"/>')
        if t == MOUNTAIN:
            deco.append(f'<use href="#asmt" x="{_f(x)}" y="{_f(y)}"/>')
        labels.append(f'<text x="{_f(x)}" y="{_f(y - 0.72 * r)}">{escape(board.hexes[h])}</text>')

    # SYRACUSE: the off-board box of svg.py, clickable as the location SYRACUSE
    sx, sy = cv.at(syr)
    sicily = [
        f'<g class="asSy"><rect x="{_f(sx - 59)}" y="{_f(sy - 37)}" width="118" height="74" rx="6" '
        f"id={_attr(css_id('h', _location_name(board, syr)))} data-ref={_attr('h:' + _location_name(board, syr))}/></g>"
    ]
    embark = []
    for c in board.embarkation:
        ex, ey = cv.at(board.cities[c].hex)
        embark.append(f'<line x1="{_f(sx)}" y1="{_f(sy)}" x2="{_f(ex)}" y2="{_f(ey)}" class="asEm"/>')
    labels.append(f'<text x="{_f(sx)}" y="{_f(sy - 25)}">SICILY (off-board)</text>')

    ox, oy = cv.at(0)
    corner = [(x - ox, y - oy) for x, y in (cv.corner(0, k) for k in range(6))]
    hex_pts = _shape(corner)
    blob = _shape([(px * (0.62 if k % 2 else 0.5), py * (0.62 if k % 2 else 0.5)) for k, (px, py) in enumerate(corner)])
    ridges = "".join(  # svg.py's two ridges of a mountain hex
        f'<polyline points="{_shape([((dx - 0.16) * r, 0.42 * r), (dx * r, 0.2 * r), ((dx + 0.16) * r, 0.42 * r)])}"/>'
        for dx in (-0.28, 0.08)
    )

    def walls(size: float) -> str:
        return _shape([(size * math.cos(math.radians(60 * k + 30)), size * math.sin(math.radians(60 * k + 30)))
                       for k in range(6)])

    css = [
        ".asNP{pointer-events:none}",
        f".asBg{{fill:{svg.SEA_DEEP}}}",
        # the hexes over the real coastline: tinted, so the coast shows through and the game's terrain reads
        f".asT0{{fill:{svg.CLEAR_FILL};fill-opacity:.5}}",
        f".asT1{{fill:{svg.MOUNTAIN_FILL};fill-opacity:.8}}",
        f".asT3{{fill:{svg.SEA_FILL};fill-opacity:.45}}",
        ".asLand{fill:#e9dfbf;stroke:#6f6446;stroke-width:1.1;stroke-linejoin:round}",
        f".asLake{{fill:{svg.SEA_FILL};stroke:#6f6446;stroke-width:.6}}",
        f".asHx{{stroke:{svg.GRID_STROKE};stroke-width:.5;stroke-opacity:.6}}",
        ".asSy{fill:#f4f0e0;stroke:#333;stroke-width:1.5;stroke-opacity:1}",
        ".asEm{stroke:#444;stroke-width:1.4;stroke-dasharray:6 4}",
        "#asis{fill:#efe7c9;stroke:#b8ab84;stroke-width:1;stroke-linejoin:round}",
        "#asmt{fill:none;stroke:#8a6a40;stroke-width:1.4}",
        ".asLb{font:8px sans-serif;fill:#6d6450;fill-opacity:.7;text-anchor:middle}",
        ".asCt use{stroke:#fff;stroke-width:1.5}",
        ".asCt text{font:bold 21px sans-serif;text-anchor:middle}",
        ".asCt .asV{fill:#fff;font-size:13px}",
        ".asCt .asNm{stroke:#fff;stroke-width:3.5px;paint-order:stroke;stroke-linejoin:round}",
        ".asCt .asPt{font-size:14px;fill:#10304f}",
        ".asCt .asPtW{font-size:12px;fill:#fff;stroke:none}",
        ".asCt .asSea{stroke:#10304f;stroke-width:.8}",
        ".asOr{fill:none;stroke:#7b1fa2;stroke-width:2;stroke-dasharray:3 2}",
        ".asSg{fill:none;stroke:#b71c1c;stroke-width:2.2;stroke-dasharray:4 2}",
        ".asBk{fill:none;stroke:#0d47a1;stroke-width:2.2;stroke-dasharray:2 2}",
        ".asBt{fill:none;stroke:#d50000;stroke-width:3.5;stroke-opacity:.8}",
        ".asMp{fill:none;stroke:#ff6f00;stroke-width:3;stroke-dasharray:5 3;stroke-linecap:round}",
        ".asBl{stroke:#222;stroke-width:.8}",
        ".asBl .asA use{stroke:#fff;stroke-width:2.2}",
        ".asBl .asS use{stroke:#3b0a0a;stroke-width:2.2}",
        ".asKA{fill:#1f5fbf;fill-opacity:.18;stroke:none;pointer-events:none}",
        ".asKS{fill:#c62828;fill-opacity:.18;stroke:none;pointer-events:none}",
        ".asB text{fill:#fff;stroke:none;text-anchor:middle;font-family:sans-serif}",
        ".asB .asTy{font-size:7.5px}",
        ".asB .asSt{font-size:11px;font-weight:bold}",
        ".asB .asMx{font-size:7px;font-weight:normal}",
        ".asIn{fill:none;stroke:#ffd600;stroke-width:1.2;stroke-dasharray:2 1.2}",
        ".asMv{opacity:.72}",
        ".asDc use{stroke:#ffd400;stroke-width:2.5}",
        ".asPl{opacity:.8}",
        ".asTr{fill:#fff;fill-opacity:.85;stroke:#999}",
        ".asTt{font:bold 10px sans-serif;fill:#10304f}",
        ".asKt{font:18px sans-serif;fill:#231f1a}",
        ".asKb{stroke:#fff;stroke-width:2.2}",
        # the key's dark rim: a class apart from .asKS (the hex tint) in more than case, which a page without a
        # doctype (quirks mode) matches case-blind: the key's Sparta block was tinted pale in such a page
        ".asKd{stroke:#3b0a0a;stroke-width:2.2}",
        ".asKey .asCt text{font-size:14px}",
        # the controls over the map (issue 11): a decision naming nothing on the board, one click away
        ".asCo rect{fill:#fff8e1;stroke:#10304f;stroke-width:2}",
        ".asCo text{font:bold 22px sans-serif;fill:#10304f;stroke:none;text-anchor:middle;pointer-events:none}",
        ".asCh{font:22px sans-serif;fill:#10304f;stroke:#fff;stroke-width:4px;paint-order:stroke}",
        *(f".{cls}{{fill:{COLOURS[side]}}}" for side, cls in SIDE_CLASS.items()),
        *(f".asO{cls[2]}{{stroke:{COLOURS[side]}!important;stroke-width:2.4!important}}"
          for side, cls in SIDE_CLASS.items()),
        *(f".{cls}{{{style}}}" for style, cls in styles.items()),
    ]
    b = BLOCK / 2
    head = (
        "<style>" + "".join(css) + "</style><defs>"
        f'<polygon id="ashx" points="{hex_pts}"/>'
        f'<polygon id="asis" points="{blob}"/>'
        f'<g id="asmt">{ridges}</g>'
        f'<polygon id="asW1" points="{walls(11.0)}"/><polygon id="asW0" points="{walls(8.0)}"/>'
        '<circle id="asC1" r="10.1"/><circle id="asC0" r="7.4"/>'
        f'<rect id="asbk" x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="1"/>'
        f'<rect id="asbA" x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="6"/>'
        '<marker id="asar" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{svg.ARROW}"/></marker>'
        "</defs>"
    )
    terrain_svg = (
        f'<rect class="asBg" x="0" y="0" width="{_f(cv.width)}" height="{_f(cv.height)}"/>'
        + '<g class="asNP">' + _coast(cv, data_dir) + "</g>"
        '<g class="asHx">' + "".join(f'<g class="{cls}">{"".join(items)}</g>' for cls, items in hexes.items())
        + '<g class="asNP">' + "".join(embark) + "</g>" + "".join(sicily) + "</g>"
        '<g class="asNP">' + "".join(deco) + "".join(lines)
        + '<g class="asLb">' + "".join(labels) + "</g></g>"
    )
    top = 20.0
    names = _name_places(board, centre, r)
    return _Base(
        board=board,
        width=cv.width,
        top=top,
        map_bottom=cv.height - 70.0,  # svg.py keeps 70 px under the map for its legend
        radius=r,
        centre=centre,
        hex_refs=tuple(refs),
        head=head,
        terrain=terrain_svg,
        names=names,
    )


NAME_SIZE = 21.0  # a city's name: bold, 21 px (.asCt text)
CAP = 0.73  # the height of its capitals over the baseline, in ems
NAME_SIZES = (21.0, 19.0, 17.0, 15.0)  # smaller only where no place at 21 px is free (NAUPACTUS in the 1st edition)
NUDGES = (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0, 24.0, -24.0)  # sideways, when the name would touch a marker
LIFTS = (0.0, 2.0, -2.0)  # and a little down or up (its own marker stays 2 px away)
DROPS = (6.0, 8.0, 10.0, 12.0, 14.0)  # further down, off the blocks' words, where nothing nearer is clear (_name_try)


def _name_places(board: Board, centre: dict[str, tuple[float, float]],
                 r: float) -> dict[str, tuple[float, float, float]]:
    """Where each city's name stands: city -> (x of the name, its baseline, its font size).

    The name stands over its marker, as wide as it runs in its widest language (i18n.shown_width). Over a hex
    whose north side is a mountain or pass side (the first edition's NAUPACTUS side, RULINGS FE26) the name would
    hide the ridge: it stands above the ridge instead. A name that would touch another city's marker, port anchor
    or oracle ring, or a name placed before it, moves a few pixels sideways (and 2 px down or up: EPIDAURUS between
    CORINTH and AEGINA); where no such place is free its letters are smaller (NAUPACTUS above its ridge, between
    PLEURON's anchor and DELPHI's ring: the blocks of PLEURON's hex stand under the ridge); when nothing is free it
    keeps its first place."""
    markers = _markers(board, centre, r)
    places: dict[str, tuple[float, float, float]] = {}
    boxes: list[tuple[float, float, float, float]] = []
    for city in board.cities:
        if city.name not in markers:
            continue
        x, my, size = markers[city.name]
        ridge = board.land_side[city.hex][0] in (SIDE_MOUNTAIN, SIDE_PASS)
        base_y = centre[city.name][1] - 0.866 * r - 6 if ridge else my - size - 4  # over the ridge, or the marker
        chosen = (x, base_y, NAME_SIZE)
        for font, dy, dx in product(NAME_SIZES, LIFTS, NUDGES):
            width = shown_width(city.name, font, True)
            box = (x + dx - width / 2, base_y + dy - CAP * font, x + dx + width / 2, base_y + dy)
            if not _name_touches(box, city.name, markers, boxes, board):
                chosen = (x + dx, base_y + dy, font)
                break
        places[city.name] = chosen
        width = shown_width(city.name, chosen[2], True)
        boxes.append((chosen[0] - width / 2, chosen[1] - CAP * chosen[2], chosen[0] + width / 2, chosen[1]))
    return places


def _markers(board: Board, centre: dict[str, tuple[float, float]], r: float) -> dict[str, tuple[float, float, float]]:
    """Each city's marker on the map: city -> its x, y and size."""
    markers: dict[str, tuple[float, float, float]] = {}
    for city in board.cities:
        if city.offboard or city.name not in centre:
            continue
        x, y = centre[city.name]
        markers[city.name] = (x, y - 0.38 * r, 11.0 if city.major else 8.0)
    return markers


HALO = 1.75  # half the white halo around a city's name (.asNm's stroke, 3.5 px)
Box = tuple[float, float, float, float]


def _name_box(name: str, x: float, y: float, font: float) -> Box:
    """Where a city's name drawn at (x, baseline y) in ``font`` px stands, its halo included."""
    half = shown_width(name, font, True) / 2 + HALO
    return (x - half, y - CAP * font - HALO, x + half, y + HALO)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _block_words(x: float, y: float, k: float = 1.0) -> tuple[Box, Box]:
    """Where a faced block drawn at (x, y) and size ``k`` (:func:`within`) writes its type and rating (top) and its
    strength (bottom, _block)."""
    w = (BLOCK / 2 - 1) * k
    return (x - w, y - 8.0 * k, x + w, y - 1.5 * k), (x - 8.5 * k, y, x + 8.5 * k, y + 9.0 * k)


def _block_face(x: float, y: float, k: float = 1.0) -> Box:
    """The face of an upright block drawn at (x, y) and size ``k`` (its inner square, _block): what a name must not
    cover."""
    h = (BLOCK / 2 - 1.5) * k
    return (x - h, y - h, x + h, y + h)


def _layout(view: JSON) -> tuple[tuple[object, object, bool, bool], ...]:
    """What of the view's blocks decides where the cities' names go (_names_clear): each block's place, owner,
    whether it is faced and whether it is besieged (5.3), in the view's order. Their stacks' words and faces (_stack,
    _block_words, _block_face) are placed from these alone: a faced block's words stand where any other's would."""
    return tuple((e.get("location"), e.get("owner"), "id" in e, bool(e.get("besieged")))
                 for e in view.get("blocks", []))


CLEARED_KEPT = 4096  # the layouts whose moved names are kept per board (_NameRoom.cleared), forgotten all at once


def _names_clear(base: _Base, view: JSON) -> tuple[tuple[str, tuple[float, float, float]], ...]:
    """``_names_moved``, kept by the blocks' layout (issue 8, server CPU per action: working out the stacks' words
    for every name was ~1/3 of a board's drawing, and most pages show the layout of one drawn before: an action
    moves a block or none, and the other side's page shows the same places)."""
    room = _name_room(base)
    layout = _layout(view)
    found = room.cleared.get(layout)
    if found is None:
        if len(room.cleared) >= CLEARED_KEPT:
            room.cleared.clear()
        found = room.cleared[layout] = _names_moved(base, view)
    return found


def _names_moved(base: _Base, view: JSON) -> tuple[tuple[str, tuple[float, float, float]], ...]:
    """The cities' names moved off the blocks' words (issue 11: a name drawn over a stack, its own or a neighbour's,
    hid the strength of the blocks under it: AEGINA under ATHENS's second row). A name that would cover a faced
    block's rating or strength, or an upright block's face, is tried a few pixels sideways, up or down, then in
    smaller letters (_name_places' candidates), clear of the markers, the other names and every block's words; where
    nothing is free it takes the place that covers the fewest. Only what the view shows is read (blocks' places; an
    enemy's upright block shows no words, only its face). Returns the moved names: ((city, (x, baseline, font)),
    ...)."""
    room = _name_room(base)
    by_loc: dict[str, list[JSON]] = {}
    for entry in view.get("blocks", []):
        loc = entry.get("location")
        if isinstance(loc, str) and loc in room.reach:
            by_loc.setdefault(loc, []).append(entry)
    # a place -> its faced blocks' words, and the face of every upright (enemy) block: it shows no words, but a name
    # drawn over it hid the piece itself (issue 11: PLATAEA and MARATHON over THEBES's Spartan blocks)
    words = {loc: _stack_words(base, room, loc, entries) for loc, entries in by_loc.items()}
    if not words:
        return ()
    boxes = dict(room.boxes)
    moved = []
    for name, (x0, y0, font0) in base.names.items():
        near = [w for loc in room.near[name] for w in words.get(loc, ())]
        if not any(_meets(boxes[name], w) for w in near):
            continue
        # what stands within reach of the name's tries (a name is at most ~200 px wide, moved 24 px at most)
        others = tuple(b for other, b in boxes.items() if other != name and abs(b[3] - y0) < 60
                       and abs(b[0] - x0) < 330)
        # the place found before for the same words near and the same names around (issue 8: the tries were ~2/3 of
        # the board's drawing, and a page mostly finds the stacks of the one before), else tried now
        key = (name, tuple(near), others)
        found = room.tries.get(key, _UNTRIED)
        if found is _UNTRIED:
            if len(room.tries) >= TRIES_KEPT:
                room.tries.clear()
            found = room.tries[key] = _name_try(base, room, name, near, others)
        if found is not None and found != (x0, y0, font0):
            boxes[name] = _name_box(name, *found)
            moved.append((name, found))
    return tuple(moved)


def _stack_words(base: _Base, room: _NameRoom, loc: str, entries: list[JSON]) -> tuple[Box, ...]:
    """The words of each faced block and the face of each upright one in the stack standing in ``loc`` (_stack), kept
    per the stack's owners, faced and besieged blocks in order (what _stack places them by; issue 8: working them out
    for every place was half of the names' moves worked out afresh, and an action changes a stack or two)."""
    key = (loc, tuple((e.get("owner"), "id" in e, bool(e.get("besieged"))) for e in entries))
    found = room.stacks.get(key)
    if found is None:
        if len(room.stacks) >= CLEARED_KEPT:
            room.stacks.clear()
        found = room.stacks[key] = tuple(
            w for e, x, y in _stack(base, loc, entries)
            for w in (_block_words(x, y, within(e)) if "id" in e else (_block_face(x, y, within(e)),)))
    return found


_UNTRIED = (0.0, 0.0, 0.0)  # a key of _NameRoom.tries not tried yet (no name is tried at a font of 0)
TRIES_KEPT = 4096  # the places kept per board (_NameRoom.tries), forgotten all at once past this


def _name_try(base: _Base, room: _NameRoom, name: str, near: list[Box],
              others: tuple[Box, ...]) -> tuple[float, float, float] | None:
    """The place (x, baseline, font) of the city's name among _name_places' candidates that touches no marker and no
    other name (``others``) and covers the fewest of the blocks' words ``near`` (the first that covers none); None
    when every candidate touches something."""
    x0, y0, _ = base.names[name]
    around = {other: m for other, m in room.markers.items() if abs(m[1] - y0) < 60 and abs(m[0] - x0) < 160}
    best: tuple[int, tuple[float, float, float]] | None = None
    for font, dy, dx in product(NAME_SIZES, (*LIFTS, 4.0, -4.0), NUDGES):
        box = _name_box(name, x0 + dx, y0 + dy, font)
        if _name_touches(box, name, around, list(others), base.board):
            continue
        covered = sum(1 for w in near if _meets(box, w))
        if best is None or covered < best[0]:
            best = (covered, (x0 + dx, y0 + dy, font))
        if covered == 0:
            break
    if best is None or best[0] > 0:
        # no place a few pixels off is clear: further down, over its own marker's top as long as it touches neither
        # that marker nor its rings (issue 11: MEGARA's name under PLATAEA's siege, whose defenders past the siege
        # limit, 5.31, stand in a second row outside the walls, over the names below, for want of room)
        for font, dy, dx in product(NAME_SIZES, DROPS, NUDGES):
            box = _name_box(name, x0 + dx, y0 + dy, font)
            if _name_touches(box, "", around, list(others), base.board):  # "": its own marker counts too
                continue
            covered = sum(1 for w in near if _meets(box, w))
            if best is None or covered < best[0]:
                best = (covered, (x0 + dx, y0 + dy, font))
            if covered == 0:
                break
    return best[1] if best is not None else None


@dataclass(frozen=True, slots=True)
class _NameRoom:
    """What the names of one board's cities are checked against, worked out once per board (_names_clear)."""

    markers: dict[str, tuple[float, float, float]]  # city -> its marker
    boxes: dict[str, Box]  # city -> its name's box at its place (_name_places)
    near: dict[str, tuple[str, ...]]  # city -> the places whose stacks may reach its name's tries
    reach: frozenset[str]  # the places whose stacks may reach some name
    lowest: dict[str, float]  # a place -> the lowest y of its stack's lowest row (of two or more), clear of the names
    # (city, the blocks' words near it, the names around it) -> its place, or None (_names_clear, _name_try)
    tries: dict[tuple[str, tuple[Box, ...], tuple[Box, ...]], tuple[float, float, float] | None]
    # the blocks' layout (_layout) -> the names it moves (_names_clear)
    cleared: dict[tuple[tuple[object, object, bool, bool], ...], tuple[tuple[str, tuple[float, float, float]], ...]]
    # (place, its blocks' owners, faced and besieged flags) -> their words and faces (_stack_words)
    stacks: dict[tuple[str, tuple[tuple[object, bool, bool], ...]], tuple[Box, ...]]


_ROOMS: dict[int, tuple[_Base, _NameRoom]] = {}  # id(base) -> the base (held: its id stays its own) and its room


def _name_room(base: _Base) -> _NameRoom:
    kept = _ROOMS.get(id(base))
    room = kept[1] if kept is not None and kept[0] is base else None
    if room is None:
        boxes = {name: _name_box(name, *where) for name, where in base.names.items()}
        near: dict[str, tuple[str, ...]] = {}
        for name, (left, top, right, bottom) in boxes.items():
            # a stack spans ~50 px either side of its hex's centre and ~80 px up and ~45 down (4 rows at most
            # drawn clear); a name's tries move it 24 px sideways and 4 up or down
            near[name] = tuple(loc for loc, (x, y) in base.centre.items()
                               if left - 24 - 55 < x < right + 24 + 55 and top - 4 - 50 < y < bottom + 4 + 90)
        lowest: dict[str, float] = {}
        for loc, (x, y) in base.centre.items():
            # the names standing under the stack's width (4 blocks), between its hex's centre and a little under it
            tops = [box[1] for box in boxes.values() if box[0] < x + 2 * PITCH and box[2] > x - 2 * PITCH
                    and y < box[1] < y + base.radius + 20]
            lowest[loc] = min([y + LOWEST_ROW * base.radius, *(top - 9.5 for top in tops)])
        room = _NameRoom(markers=_markers(base.board, base.centre, base.radius), boxes=boxes, near=near,
                         reach=frozenset(loc for locs in near.values() for loc in locs), lowest=lowest,
                         tries={}, cleared={}, stacks={})
        _ROOMS[id(base)] = (base, room)
    return room


def _name_touches(box: tuple[float, float, float, float], name: str, markers: dict[str, tuple[float, float, float]],
                  boxes: list[tuple[float, float, float, float]], board: Board) -> bool:
    """Would a name drawn in ``box`` (left, top, right, baseline) touch another city's marker with its rings (the
    oracle's 5.0, a siege's), its port anchor, or a name placed before?"""
    left, top, right, bottom = box
    for other, (mx, my, size) in markers.items():
        if other == name:
            continue
        city = board.cities[board.city_index[other]]
        reach = size + (5.0 if city.oracle else 3.0)
        if left < mx + reach and right > mx - reach and top < my + reach and bottom > my - reach:
            return True
        if city.port:
            ax = mx + size + 9  # the anchor (⚓, 14 px) beside the marker
            if left < ax + 7 and right > ax - 7 and top < my + 5 and bottom > my - 11:
                return True
    return any(left < b[2] and right > b[0] and top < b[3] and bottom > b[1] for b in boxes)


def hex_refs(data_dir: Path | None = None) -> list[str]:
    """The ``h:`` ref of every location on the board (every hex, and SYRACUSE)."""
    return ["h:" + name for name in _base(data_dir).hex_refs]


# ====================================================================== dynamic layer
def _cities(base: _Base, view: JSON,
            moved: tuple[tuple[str, tuple[float, float, float]], ...] = ()) -> tuple[str, str]:
    """The cities' markers (drawn under the blocks) and their names (drawn over them, issue 11: a stack growing up
    from its hex, or over from a neighbour's, never hides a city's name; the names' white halo keeps them read),
    each at its place (_name_places) or where ``moved`` puts it, off the blocks' words (_names_clear)."""
    board = base.board
    placed = {**base.names, **dict(moved)}
    out = ['<g class="asNP asCt">']
    names = ['<g class="asNP asCt asNames">']
    syr = _location_name(board, board.syracuse_hex)
    for city in view.get("cities", []):
        name = str(city.get("name"))
        c = board.city_index.get(name)
        if c is None or name not in base.centre:
            continue
        x, y = base.centre[name]
        y += -12.0 if name == syr else -0.38 * base.radius
        ctrl = str(city.get("controller", "none"))
        printed = str(city.get("side", ctrl))
        cls = SIDE_CLASS.get(ctrl, "asX")
        major = int(city.get("value") or 0) > 0
        shape = ("asW" if city.get("walled") else "asC") + ("1" if major else "0")
        extra = f" asO{SIDE_CLASS.get(printed, 'asX')[2]}" if printed != ctrl else ""
        size = 11.0 if major else 8.0
        out.append(f'<use href="#{shape}" x="{_f(x)}" y="{_f(y)}" class="{cls}{extra}"/>')
        if major:
            out.append(f'<text x="{_f(x)}" y="{_f(y + 3.2)}" class="asV">{int(city["value"])}</text>')
        if board.cities[c].oracle:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(size + 4)}" class="asOr"/>')
        if city.get("besieged"):
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(size + 3)}" class="asSg"/>')
        if city.get("blockaded"):
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(size + 6.5)}" class="asBk"/>')
        if city.get("port"):
            # who holds the sea at this port (4.2; 1st 1.5, 6.5; RULINGS FE42): the anchor on its side's badge
            sea = _sea_badge(str(city.get("sea", "none")), x + size + 9, y - 3)
            white = " asPtW" if sea else ""
            out.append(f'{sea}<text x="{_f(x + size + 9)}" y="{_f(y + 3)}" class="asPt{white}">\u2693</text>')
        # the name above the marker, clear of ridges and of the other cities' markers (_name_places, RULINGS FE26)
        nx, ny, font = placed.get(name, (x, y - size - 4, NAME_SIZE))
        small = f' style="font-size:{_f(font)}px"' if font != NAME_SIZE else ""
        names.append(f'<text x="{_f(nx)}" y="{_f(ny)}" class="asNm {cls}"{small}>{escape(name)}</text>')
    out.append("</g>")
    names.append("</g>")
    return "".join(out), "".join(names)


SEA_HALF = 7.0  # half the side of a port's sea-control badge (inside the room names keep clear of, _name_touches)


def _sea_badge(sea: str, x: float, y: float) -> str:
    """The badge under a port's anchor saying who holds the sea there (RULINGS FE42), centred on (x, y): shaped as
    the sides' blocks are (Athens round, Sparta square: not by colour alone), neutral and Persian sea round in
    their colours, contested sea a square split between the two sides' colours, nobody's sea no badge."""
    h = SEA_HALF
    if sea == "contested":
        return (f'<rect x="{_f(x - h)}" y="{_f(y - h)}" width="{_f(h)}" height="{_f(2 * h)}" class="asA asSea"/>'
                f'<rect x="{_f(x)}" y="{_f(y - h)}" width="{_f(h)}" height="{_f(2 * h)}" class="asS asSea"/>')
    if sea == "sparta":
        return f'<rect x="{_f(x - h)}" y="{_f(y - h)}" width="{_f(2 * h)}" height="{_f(2 * h)}" class="asS asSea"/>'
    if sea in ("athens", "neutral", "persia"):
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(h)}" class="{SIDE_CLASS[sea]} asSea"/>'
    return ""


def _shape_of(owner: str) -> str:
    """Athens's blocks are round-cornered with a white border, Sparta's square with a dark one: the sides
    differ by shape and border, not only by colour."""
    return "#asbA" if owner == "athens" else "#asbk"


def _block(entry: JSON, x: float, y: float, pool: bool = False, deciding: str | None = None) -> str:
    owner = str(entry.get("owner"))
    cls = "asB " + SIDE_CLASS.get(owner, "asX")
    h = BLOCK / 2 - 1.5
    # a block within a city's walls is drawn smaller, on the city (within, _stack)
    at = f"translate({_f(x)} {_f(y)})" + (f" scale({within(entry)})" if within(entry) != 1.0 else "")
    if "id" not in entry:  # an enemy block standing upright: its owner's colour only (and whether besieged)
        inside = f'<rect x="{-h}" y="{-h}" width="{2 * h}" height="{2 * h}" rx="1.5" class="asIn"/>' \
            if entry.get("besieged") else ""
        return f'<g class="{cls}" transform="{at}"><use href="{_shape_of(owner)}"/>{inside}</g>'
    bid = str(entry["id"])
    if entry.get("moved"):
        cls += " asMv"
    if bid == deciding:
        cls += " asDc"
    if pool:
        cls += " asPl"
    kind = str(entry.get("type", ""))
    rating = str(entry.get("rating", ""))
    steps = int(entry.get("steps") or 0)
    strength = int(entry.get("strength") or 0)
    title = (f"{block_name(entry)} ({bid})"
             + (" in siege" if entry.get("besieged") else "") + (" (moved)" if entry.get("moved") else ""))
    inside = f'<rect x="{-h}" y="{-h}" width="{2 * h}" height="{2 * h}" rx="1.5" class="asIn"/>' \
        if entry.get("besieged") else ""
    return (
        f'<g id={_attr(css_id("b", bid))} data-ref={_attr("b:" + bid)} aria-label={_attr(block_name(entry))} '
        f'class="{cls}" '
        f'transform="{at}"><title>{escape(title)}</title><use href="{_shape_of(owner)}"/>{inside}'
        # the type and the rating as one word, centred ("PA1"): set apart at the block's two edges, a narrow type
        # letter and rating read as two words ("P A1", issue 11)
        f'<text y="-2" class="asTy">{TYPE_LETTER.get(kind, "?")}{escape(rating)}</text>'
        f'<text y="8.5" class="asSt">{strength if not pool else steps}<tspan class="asMx">/{steps}</tspan></text></g>'
    )


# Drawn fragments kept by what they are drawn from (issue 8, server CPU per action): a board is drawn for
# two pages per action, and from one action to the next most blocks and every city look the same.
@functools.lru_cache(maxsize=8192)
def _block_drawn(items: tuple[tuple[str, Any], ...], x: float, y: float, pool: bool, deciding: str | None) -> str:
    return _block(dict(items), x, y, pool, deciding)


def _block_memo(entry: JSON, x: float, y: float, pool: bool = False, deciding: str | None = None) -> str:
    """``_block``, from the fragments drawn before when the entry, place and marks are the same."""
    try:
        return _block_drawn(tuple(entry.items()), x, y, pool, deciding if deciding == entry.get("id") else None)
    except TypeError:  # a value that cannot be a key: drawn afresh
        return _block(entry, x, y, pool, deciding)


# A fragment's key is the JSON of the view's entries it is drawn from (orjson: ~5x cheaper than tuples of their
# items, and the same for the same entries); an entry JSON cannot hold (an integer past 64 bits) is drawn afresh.
@functools.lru_cache(maxsize=512)
def _cities_drawn(data_dir: Path | None, first: bool, cities: bytes,
                  moved: tuple[tuple[str, tuple[float, float, float]], ...]) -> tuple[str, str]:
    return _cities(_base(data_dir, first), {"cities": orjson.loads(cities)}, moved)


def _cities_memo(data_dir: Path | None, base: _Base, view: JSON) -> tuple[str, str]:
    """``_cities``, from the layer drawn before when every city looks the same and the same names moved."""
    moved = _names_clear(base, view)
    try:
        return _cities_drawn(data_dir, first_edition(view), orjson.dumps(view.get("cities", [])), moved)
    except TypeError:
        return _cities(base, view, moved)


def _blocks(base: _Base, view: JSON, data_dir: Path | None = None) -> str:
    by_loc: dict[str, list[JSON]] = {}
    for entry in view.get("blocks", []):
        loc = entry.get("location")
        if isinstance(loc, str) and loc in base.centre:
            by_loc.setdefault(loc, []).append(entry)
    deciding = view.get("deciding_block")
    first = first_edition(view)
    tints, out = [], []
    for loc, entries in by_loc.items():
        # a place's stack, drawn before when its blocks and marks were the same (issue 8: a board is drawn
        # for two pages per action, and an action changes a place or two)
        marked = deciding if any(e.get("id") == deciding for e in entries) else None
        try:
            tint, blocks = _place_drawn(data_dir, first, loc, orjson.dumps(entries), marked)
        except TypeError:  # an entry JSON cannot hold: drawn afresh
            tint, blocks = _place(base, loc, entries, marked)
        tints.append(tint)
        out.append(blocks)
    # every hex's tint under every block: a row wider than its hex is never tinted over by its neighbour's
    return "".join(tints) + "".join(out)


@functools.lru_cache(maxsize=8192)
def _place_drawn(data_dir: Path | None, first: bool, loc: str, entries: bytes, deciding: str | None) -> tuple[str, str]:
    return _place(_base(data_dir, first), loc, orjson.loads(entries), deciding)


def _place(base: _Base, loc: str, entries: list[JSON], deciding: str | None) -> tuple[str, str]:
    """The blocks standing in ``loc``, in rows (``deciding``: the block whose action is asked): (the hex's tint,
    the blocks)."""
    tint = ""
    syr = _location_name(base.board, base.board.syracuse_hex)
    x0, y0 = base.centre[loc]
    owners = {e.get("owner") for e in entries}
    if len(owners) == 1 and loc != syr and owners <= {"athens", "sparta"}:
        # a hex held by one side's blocks only is friendly to it (4.2): tinted in its colour
        tint = f'<use href="#ashx" x="{_f(x0)}" y="{_f(y0)}" class="asK{SIDE_CLASS[str(owners.pop())][2]}"/>'
    return tint, "".join(_block_memo(entry, x, y, deciding=deciding) for entry, x, y in _stack(base, loc, entries))


LOWEST_ROW = 0.475  # the lowest row of a stack of two rows or more, under its hex's centre, in radii (~22 px)
MARKER_RISE = 0.38  # a city's marker stands this far above its hex's centre, in radii (_markers, _cities)
WITHIN = 0.55  # the size of a block within a city's walls (besieged, 5.3), drawn on the city, against a block's
WITHIN_PITCH = PITCH * WITHIN  # and their distance apart: 4 span 50 px, clear of the stacks of the next columns
ROW_TOP = 8.5  # a row's words stand this far above its centre (_block_words), and half a pixel clear


def within(entry: JSON) -> float:
    """The size a block is drawn at: a block within a city's walls (besieged, 5.3) smaller, on the city (_stack)."""
    return WITHIN if entry.get("besieged") else 1.0


def _rows(entries: list[JSON]) -> list[list[JSON]]:
    """The blocks of a stack in rows of PER_ROW, each side's own: Athens's, Sparta's, then any other's (faced blocks
    first, by id, then the upright ones)."""
    rows: list[list[JSON]] = []
    for side in ("athens", "sparta"):
        mine = [e for e in entries if e.get("owner") == side]
        mine.sort(key=lambda e: (0, str(e["id"])) if "id" in e else (1, ""))
        rows.extend(mine[i:i + PER_ROW] for i in range(0, len(mine), PER_ROW))
    others = [e for e in entries if e.get("owner") not in ("athens", "sparta")]
    rows.extend(others[i:i + PER_ROW] for i in range(0, len(others), PER_ROW))
    return rows


def _stack(base: _Base, loc: str, entries: list[JSON]) -> list[tuple[JSON, float, float]]:
    """Where each block standing in ``loc`` is drawn: (entry, x, y), in rows of PER_ROW, each side's own.

    The rows stand under the city's marker, growing down, then up: the lowest row's strength stays clear of the names
    of the cities below, which rise over their hexes' top edges (issue 11: ATHENS's second row under AEGINA; THEBES's
    over ATHENS, whose name stands above its ridge).

    A siege's blocks within the walls (5.3) stand on the city's marker, smaller (:func:`within`), as the printed game
    stands them on the city, and the besiegers around them in the rows at the foot of the hex (issue 11: in two rows
    under the marker, a siege of 4 + 4 blocks stood under the name of a city of the next column, whose names run
    across a hex at its marker's foot: EPIDAURUS between CORINTH's and AEGINA's sieges, where no place for the name
    was free). Any hex, any neighbour: the marker's height is clear of the neighbours' names (they stand half a hex
    lower or higher) and of the city's own name above it, and the small row is narrow enough to stay clear of the
    stacks of the next columns, whose lowest rows stand at that height; the rows at the foot of the hex are those the
    names below are kept clear of (the shorter above: a minor city's defenders past its siege limit, 5.31, beside 4
    besiegers), never over the blocks within the walls."""
    x0, y0 = base.centre[loc]
    syr = loc == _location_name(base.board, base.board.syracuse_hex)
    inside = [e for e in entries if e.get("besieged")]
    rows = _rows([e for e in entries if not e.get("besieged")] if inside else entries)
    if inside:
        # around a siege, the shorter rows above (a defender's blocks past the siege limit, 5.31, beside 4 besiegers):
        # the upper row stands nearer the band where the neighbours' names run, and a short row reaches less of it
        rows.sort(key=len)
    pitch = PITCH
    if syr:
        marker, first = y0 - 12.0, y0 + 24.0  # the Sicily box: its marker, and the rows under its title (_cities)
    else:
        room = _name_room(base)
        marker = y0 - MARKER_RISE * base.radius
        lowest = room.lowest.get(loc, y0 + LOWEST_ROW * base.radius)
        # the highest a row's words may stand: under the city's own name (or the hex's top edge), or under the
        # blocks within its walls
        own = room.boxes.get(loc)
        ceiling = (own[3] if own is not None else y0 - base.radius) + ROW_TOP
        if inside:
            ceiling = max(ceiling, marker + WITHIN * BLOCK / 2 + ROW_TOP)
        # three rows (more blocks than a hex stacks, 3.2, or ATHENS's 6 beside an enemy's 4) stand a little closer
        # to keep clear of both the city's name and the names below (issue 11: THEBES's name under its top row)
        if len(rows) > 1 and lowest - (len(rows) - 1) * PITCH < ceiling:
            pitch = max(BLOCK, (lowest - ceiling) / (len(rows) - 1))
        # a siege's besiegers in the rows ending at the foot of the hex, clear of the neighbours' names; other stacks
        # from a little under the marker
        first = lowest if inside else y0 + 0.27 * base.radius
        first = min(first, lowest - (len(rows) - 1) * pitch)
        if inside:  # never over the blocks within the walls: where the names below leave no room, lower
            first = max(first, ceiling)
    out = [(entry, x0 + (j - (len(row) - 1) / 2) * PITCH, first + i * pitch)
           for i, row in enumerate(rows) for j, entry in enumerate(row)]
    small = _rows(inside)
    out += [(entry, x0 + (j - (len(row) - 1) / 2) * WITHIN_PITCH, marker + i * WITHIN_PITCH)
            for i, row in enumerate(small) for j, entry in enumerate(row)]
    return out


def _tray(base: _Base, view: JSON) -> tuple[str, float]:
    """The role's Replacement Pool under the map: (svg, height)."""
    pool = view.get("pool")
    if not pool:
        return "", 0.0
    per_row = max(1, int((base.width - 120) // PITCH))
    rows = (len(pool) + per_row - 1) // per_row
    height = 16 + rows * TRAY_ROW
    y0 = base.map_bottom
    out = [f'<rect x="10" y="{_f(y0)}" width="{_f(base.width - 20)}" height="{_f(height - 4)}" rx="4" '
           'class="asNP asTr"/>',
           f'<text x="20" y="{_f(y0 + 13 + (rows - 1) * TRAY_ROW / 2)}" class="asNP asTt">Pool</text>']
    for i, entry in enumerate(pool):
        r, c = divmod(i, per_row)
        out.append(_block_memo(entry, 80 + c * PITCH, y0 + 14 + r * TRAY_ROW, pool=True))
    return "".join(out), height


def _overlays(base: _Base, view: JSON) -> str:
    out = ['<g class="asNP">']
    battle = view.get("battle")
    if isinstance(battle, dict) and battle.get("hex") in base.centre:
        x, y = base.centre[str(battle["hex"])]
        if battle["hex"] == _location_name(base.board, base.board.syracuse_hex):
            out.append(f'<rect x="{_f(x - 61)}" y="{_f(y - 39)}" width="122" height="78" rx="7" class="asBt"/>')
        else:
            out.append(f'<use href="#ashx" x="{_f(x)}" y="{_f(y)}" class="asBt"/>')
    moving = view.get("moving")
    if isinstance(moving, dict):
        pts = [base.centre[p] for p in moving.get("path", []) if p in base.centre]
        if len(pts) >= 2:
            out.append(f'<polyline points="{_shape(pts)}" class="asMp"/>')
    out.append("</g>")
    return "".join(out)


CONTROL_FONT = 22.0  # px, bold: the controls' labels
CONTROL_H = 40.0  # a control's height; the row sits in the room svg.py keeps above the map for its title
CONTROL_PAD = 14.0  # room either side of a control's label


def _controls(base: _Base, view: JSON) -> str:
    """The role's decisions that name nothing on the board (ending a phase, the Mulligan, a block's choice in
    battle: fire, retreat, withdraw...) as buttons over the map (issue 11): each carries the ref
    :func:`action_refs` gives its action (``c:end``), its label (:func:`action_labels`) as its text and its
    screen-reader name, and is sized for the label's longest language (the page swaps the board's words)."""
    from polemos.i18n import shown_width

    actions = control_actions(view)
    if not actions:
        return ""
    labels = action_labels(view, actions)
    out = ['<g class="asCo">']
    x, y = 20.0, base.top + 6
    head = "Your decision:"
    out.append(f'<text x="{_f(x)}" y="{_f(y + 28)}" class="asCh" style="text-anchor:start">{escape(head)}</text>')
    x += shown_width(head, CONTROL_FONT, True) + 16  # drawn bold, as every text of the controls
    for action, label in zip(actions, labels, strict=True):
        w = shown_width(label, CONTROL_FONT, True) + 2 * CONTROL_PAD
        if x + w > base.width - 20 and x > 200:
            x, y = 200.0, y + CONTROL_H + 6  # another row, under the first
        ref = control_ref(action)
        out.append(f'<g id={_attr(css_id("c", action))} data-ref={_attr(ref)} aria-label={_attr(label)}>'
                   f'<title>{escape(label)}</title>'
                   f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(CONTROL_H)}" rx="7"/>'
                   f'<text x="{_f(x + w / 2)}" y="{_f(y + 28)}">{escape(label)}</text></g>')
        x += w + 12
    out.append("</g>")
    return "".join(out)


def render_board(view: JSON, data_dir: Path | None = None) -> str:
    """The board of ``view`` (a role's or the spectator's) as a standalone ``<svg>`` element.

    Draws only what the view holds: the view is already filtered for fog of war."""
    base = _base(data_dir, first_edition(view))  # the first edition's hexsides (RULINGS FE26)
    tray, tray_h = _tray(base, view)
    legend = _legend(data_dir, base.map_bottom + tray_h, first_edition(view), str(view.get("role") or ""))
    height = base.map_bottom + tray_h + LEGEND_H - base.top
    role = view.get("role")
    cities, names = _cities_memo(data_dir, base, view)
    # joined in one pass: a chain of + copied the ~110 KB board at each step, widened to two bytes a character
    # from the first port's anchor on (~0.25 ms a board; issue 8, server CPU per action)
    return "".join((
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {_f(base.top)} {_f(base.width)} {_f(height)}" '
        f'class="as-board" data-role={_attr(str(role or "spectator"))}>',
        base.head, base.terrain, cities, _overlays(base, view),
        '<g class="asBl">', _blocks(base, view, data_dir), tray, "</g>", names, legend, _controls(base, view),
        "</svg>",
    ))


LEGEND_H = 104.0  # three rows of the key under the map
# the key's row of sea control at the ports (RULINGS FE42): 4.2 defines it in the current rules, 1st 6.5 in the first
SEA_KEY = {
    False: (N_("sea held by Athens (4.2)"), N_("sea held by Sparta (4.2)"), N_("sea contested (4.2)"),
            N_("no badge: nobody's sea (4.2)")),
    True: (N_("sea held by Athens (1st 6.5)"), N_("sea held by Sparta (1st 6.5)"), N_("sea contested (1st 6.5)"),
           N_("no badge: nobody's sea (1st 6.5)")),
}


@functools.lru_cache(maxsize=32)
def _legend(data_dir: Path | None, y0: float, first: bool = False, role: str = "") -> str:
    """The board's key, drawn under the map (and the pool tray): the sides' blocks by shape and border, faced as a
    player sees his own, an enemy block upright and blank (``role``'s enemy's, as the board draws them; grey for the
    spectator, who sees both sides' blocks upright), the city markers, ports, the Oracle, siege and blockade rings, a
    hex held by one side's blocks (4.2), the battle and the moving block's path; and who holds the sea at a port
    (4.2, 1st 6.5; ``first``: the first edition's rule; RULINGS FE42)."""
    base = _base(data_dir)
    b = BLOCK / 2
    athens = f'<rect x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="6" class="asA asKb"/>'
    sparta = f'<rect x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="1" class="asS asKd"/>'
    # a block's face as the board writes it (_block): type and rating, strength of steps (issue 11: the key's blocks
    # were blank, as an enemy's upright block is drawn, and its grey enemy block matched no block on the board)
    # (sized here: the key's .asCt text size and weight would override the block's)
    face = ('<g class="asB"><text y="-2" style="font-size:7.5px;font-weight:normal">HB2</text>'
            '<text y="8.5" style="font-size:11px">2'
            '<tspan style="font-size:7px;font-weight:normal">/2</tspan></text></g>')
    enemy = {"athens": sparta, "sparta": athens}.get(
        role, f'<rect x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="3" class="asX asKd"/>')
    rows: list[list[tuple[str, str]]] = [[
        (athens + face, "Athens block (round corners, white rim)"),
        (sparta + face, "Sparta block (square, dark rim)"),
        (enemy, "enemy block: upright, face hidden"),
        ('<use href="#ashx" class="asKA" transform="scale(.42)"/>', "hex held by one side's blocks (4.2)"),
    ], [
        ('<use href="#asC1" class="asA"/><text y="4" class="asV">2</text>', "city, its points"),
        ('<use href="#asW0" class="asS"/>', "walled city"),
        ('<text y="6" class="asPt">\u2693</text>', "port"),
        ('<circle r="10" class="asOr"/>', "Oracle"),
        # a siege: its ring, and a block within the walls drawn small on the city (_stack)
        (f'<circle r="11" class="asSg"/><g transform="scale({WITHIN})">'
         f'<rect x="{-b}" y="{-b}" width="{BLOCK}" height="{BLOCK}" rx="1" class="asS asKd"/>'
         f'<rect x="{1.5 - b}" y="{1.5 - b}" width="{BLOCK - 3}" height="{BLOCK - 3}" rx="1.5" class="asIn"/></g>',
         "siege"),
        ('<circle r="9" class="asBk"/>', "blockade"),
        ('<line x1="-12" y1="0" x2="12" y2="0" class="asMp"/>', "the move"),
    ], [
        (_sea_badge(sea, 0, -1) + f'<text y="{_f(5)}" class="asPt{" asPtW" if sea != "none" else ""}">\u2693</text>',
         label)
        for sea, label in zip(("athens", "sparta", "contested", "none"), SEA_KEY[first], strict=True)
    ]]
    out = [f'<g class="asNP asKey"><rect x="10" y="{_f(y0 + 2)}" width="{_f(base.width - 20)}" '
           f'height="{_f(LEGEND_H - 6)}" rx="4" class="asTr"/>']
    for r, row in enumerate(rows):
        y = y0 + 20 + r * 32
        step = (base.width - 40) / len(row)
        for i, (mark, label) in enumerate(row):
            x = 36 + i * step
            out.append(f'<g transform="translate({_f(x)} {_f(y)})" class="asCt asBl">{mark}</g>'
                       f'<text x="{_f(x + b + 10)}" y="{_f(y + 6)}" class="asKt">{escape(label)}</text>')
    out.append("</g>")
    return "".join(out)


# ====================================================================== actions -> clicks
def action_refs(view: JSON, legal: list[str]) -> list[list[str]]:
    """For each legal action (same order), the refs a player clicks on the board to choose it.

    Block ids become ``b:<id>`` and locations ``h:<name>``, in the order the action names them
    (``op ATH-HOP-1`` -> [b:ATH-HOP-1]; ``to 0907`` -> [h:0907]; ``regroup X MEGARA`` -> [b:X,
    h:MEGARA]; ``build X ATHENS`` -> [b:X (in the pool tray), h:ATHENS]); ``stop`` is a click on
    the moving block. Actions taking the same clicks (``op``/``march``/``sea`` of one block,
    ``storm X armies``/``navies``) keep them: the page offers the first and names the others beside it.
    An action naming nothing on the board (``end``, ``done``, ``keep``, a block's choice in battle), or
    whose clicks would begin another's (``disband X`` before ``exchange X P``), is a control drawn on the
    board (issue 11): ``c:end``, ``c:disband_X`` (:func:`control_ref`); card plays get [] (the card in the
    hand is clicked)."""
    blocks = {str(e["id"]) for e in view.get("blocks", []) if "id" in e}
    blocks |= {str(e["id"]) for e in view.get("pool") or [] if "id" in e}
    places = {str(c.get("name")) for c in view.get("cities", [])}
    moving = view.get("moving")
    mover = str(moving.get("block")) if isinstance(moving, dict) else None
    refs: list[list[str]] = []
    for action in legal:
        words = str(action).split()
        seq: list[str] = []
        if words == ["stop"] and mover in blocks:
            seq = ["b:" + str(mover)]
        for w in words[1:]:
            if w in blocks:
                seq.append("b:" + w)
            elif w in places or _HEX_LABEL.match(w):
                seq.append("h:" + w)
        refs.append(seq)
    # an action whose clicks begin another's gets none (it stays in the list); equal sequences stay (the
    # page offers the first and the others beside it: ``op``/``march``/``sea`` of one block)
    prefixes = {tuple(seq[:k]) for seq in refs for k in range(1, len(seq))}
    out = [[] if tuple(seq) in prefixes else seq for seq in refs]
    # a decision that names nothing on the board (the end of a phase, the Mulligan, a block's choice in
    # battle), or whose clicks would begin another's (``disband X`` beside ``exchange X P``), is a control
    # drawn on the board (issue 11): one click on it; card plays are clicks on the card in the hand
    for i, action in enumerate(legal):
        words = str(action).split()
        if not out[i] and words and words[0] not in CARD_VERBS:
            out[i] = [control_ref(str(action))]
    return out


# the page's words this module writes for the first edition and the board's controls (issue 11, issue 13), marked
# for the catalog (the page swaps the board's and the panel's English for their translation)
MESSAGES = (
    N_("PP left: {n}"), N_("PP forecast: {n}"),
    N_("First edition: Athens wins if Sparta has not won by the end of Olympiad 89 (1st 10.2)"),
    N_("Operation move (1st 4.3): {block}"), N_("March move (1st 4.4): {block}"), N_("Sea move (1st 4.4): {block}"),
    N_("Stop here: end this block's move (1st 4.3)"), N_("Ask for a new deal (Bad Hand, 1st 4.61)"),
    N_("Take a new hand too (Bad Hand, 1st 4.61)"), N_("Engage: fight the battle (1st 5.5)"),
    N_("Move to {hex} by {path} and stop there ({rule})"), N_("Move to {hex} and stop there ({rule})"),
    N_("Move to {hex} by {path} and stop there"), N_("Move to {hex} and stop there"),
    N_("Battle at {where} (new), round {n}, combat turns (1st 5.1); attacker {side}"),
    N_("Battle at {where} (storm), round {n}, combat turns (1st 5.1); attacker {side}"),
    N_("Battle at {where} (sally), round {n}, combat turns (1st 5.1); attacker {side}"),
    N_("1st {rule}"), N_("Your decision:"), N_("Fire"), N_("Let this turn pass (no target)"),
    N_("Withdraw into the city"), N_("Stop storming: back to the siege lines"), N_("Storm the walls"),
    N_("Join the land battle"), N_("Stay at sea"), N_("Stay within the walls (no sally)"), N_("Sally with all blocks"),
    N_("Sally with the armies"), N_("Sally with the navies"), N_("Declare coastal combat (1st 6.2)"),
    N_("Blockade the port (1st 6.6)"),
)

CARD_VERBS = ("play", "sicily", "allocate")  # chosen by a click on the card in the hand (the panel)


def control_ref(action: str) -> str:
    """The board ref of the control that chooses ``action``: ``c:end``, ``c:sally_all``."""
    return "c:" + action.replace(" ", "_")


def control_actions(view: JSON) -> list[str]:
    """The role's legal actions (the view's ``actions``) drawn as controls on the board, in their order."""
    legal = [str(a) for a in view.get("actions") or []]
    return [a for a, seq in zip(legal, action_refs(view, legal), strict=True) if seq == [control_ref(a)]]


# ====================================================================== names
TYPE_WORDS = {"hoplite": "Hoplites", "peltast": "Peltasts", "cavalry": "Cavalry", "navy": "Navy", "revolt": ""}
SIDE_WORDS = {"athens": "Athenian", "sparta": "Spartan"}
TYPE_IDS = ("hoplite", "peltast", "cavalry", "navy", "revolt")


@functools.lru_cache(maxsize=4)
def display_names(data_dir: Path | None = None) -> dict[str, str]:
    """Block id -> its one display name (RULINGS R34), used by the board, the buttons, the panel and the
    terminal: the name printed on the block and its kind ("ATHENS Hoplites"), the side for a RESERVE
    ("Athenian RESERVE Hoplites"), a number when a side has several alike ("ATHENS Hoplites 2"); revolt
    blocks by their name alone ("DEMOS"). The id (``ATH-HOP-1``) stays the record's word."""
    blocks = load_components(data_dir).blocks
    base: dict[str, str] = {}
    for spec in blocks:
        word = TYPE_WORDS[TYPE_IDS[spec.type]]
        name = spec.name
        if spec.reserve:
            name = f"{SIDE_WORDS[('athens', 'sparta')[spec.side]]} {name}"
        base[spec.id] = f"{name} {word}".strip()
    count: dict[str, int] = {}
    for n in base.values():
        count[n] = count.get(n, 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for bid, n in base.items():
        if count[n] > 1:
            seen[n] = seen.get(n, 0) + 1
            out[bid] = f"{n} {seen[n]}"
        else:
            out[bid] = n
    return out


def block_name(entry: JSON) -> str:
    """A faced block's display name with its state: "ATHENS Hoplites 2 B3 4/4"."""
    name = display_names().get(str(entry.get("id")), str(entry.get("id")))
    return f"{name} {entry.get('rating', '')} {entry.get('strength', 0)}/{entry.get('steps', 0)}"


def _named(text: str, names: dict[str, str]) -> str:
    """``text`` with every block id replaced by its display name."""
    return _ID.sub(lambda m: names.get(m.group(0), m.group(0)), text)


def named(text: str) -> str:
    """``text`` (a prompt, a line) with every block id replaced by its one display name (RULINGS R34)."""
    return _named(text, display_names())


# ====================================================================== side panel
def _card(card: JSON) -> JSON:
    """A card as the page shows it: its title, MPs and event text (no id: the record's word)."""
    event = bool(card.get("event"))
    mp = f"{card.get('mp')} MP"
    return {"card": True, "title": str(card.get("title") or mp) if event else mp,
            "mp": card.get("mp"), "event": event, "text": card.get("text") if event else "Move Points only.",
            "label": f"{card.get('mp')}/{card.get('title')}" if event else str(card.get("mp")),
            # the actions a click on the card may choose (the page offers the one legal now)
            "actions": [f"{verb} {card.get('id')}" for verb in ("play", "sicily", "allocate")] if "id" in card else []}


def _why(view: JSON) -> JSON:
    """The Move Phase's reasons, by board ref: {reason: [refs]} (a view carries none: ``explain_refs``)."""
    return explain_refs(view.get("explain"))


def explain_refs(ex: object) -> dict[str, list[str]]:
    """The Move Phase's reasons by board ref, {reason: [refs]}, from the state's explanation
    (``State.explain``: explain.explain_reasons, asked for by the page when a click finds nothing to
    choose; the server's ``GET /api/games/{id}/explain``)."""
    if not isinstance(ex, dict):
        return {}
    out: dict[str, list[str]] = {}
    for reason, names in (ex.get("why_hex") or {}).items():
        out.setdefault(str(reason), []).extend("h:" + str(n) for n in names)
    for reason, ids in (ex.get("why_block") or {}).items():
        out.setdefault(str(reason), []).extend("b:" + str(i) for i in ids)
    return out


def _plans(view: JSON) -> list[JSON]:
    """Destinations of the operation move in progress reached by a click on the hex: the engine's path
    (explain.op_paths) as the actions the page sends one after another."""
    ex = view.get("explain")
    moving = view.get("moving")
    if not isinstance(ex, dict) or not isinstance(moving, dict):
        return []
    here = (moving.get("path") or [None])[-1]
    rule = "1st 4.3" if first_edition(view) else "4.4"  # first edition 4.3: operation moves stop at enemy blocks
    out = []
    for dest, steps in (ex.get("paths") or {}).items():
        if dest == here:
            continue  # a click on the moving block stops it there
        hexes = [s[3:] for s in steps if s.startswith("to ")]
        out.append({"refs": ["h:" + str(dest)], "actions": list(steps),
                    "label": f"Move to {dest}" + (f" by {', '.join(hexes[:-1])}" if len(hexes) > 1 else "")
                    + (f" and stop there ({rule})" if steps[-1] == "stop" else f" (it must stop there, {rule})")})
    return out


# the panel's and the terminal's words for the view's ids (issue 11: no engine word shown): each phase with its rule
# number, by the edition's own terms (the first edition's 4.61 Bad Hand, "Mala Mano", where the current rules say
# Mulligan, a sidebar of the Card Phase [1]), and the sides as the game names them
PHASE_WORDS = {
    "setup": N_("Deployment (3.0)"), "mulligan": N_("Mulligan (Card Phase, [1])"), "card": N_("Card Phase ([1])"),
    "move": N_("Move Phase (4.0)"), "combat": N_("Combat Phase (5.0)"), "replacement": N_("Replacement Phase (8.0)"),
    "over": N_("Game over"),
}
PHASE_WORDS_FIRST = {
    "setup": N_("Deployment (1st 3.0)"), "mulligan": N_("Bad Hand (Card Phase, 1st 4.61)"),
    "card": N_("Card Phase (1st [1])"), "move": N_("Move Phase (1st 4.0)"), "combat": N_("Combat Phase (1st 5.0)"),
    "replacement": N_("Replacement Phase (1st 8.0)"), "over": N_("Game over"),
}
# ... and the same without their rule: a line ending with a rule is read without it first (core.log.translate_line),
# so the status line "Olympiad 84, Game Turn 3 — Move Phase (4.0)" finds its phase by these words
PHASE_PLAIN = (N_("Deployment"), N_("Move Phase"), N_("Combat Phase"), N_("Replacement Phase"))
SIDE_NAMES = {"athens": N_("Athens"), "sparta": N_("Sparta")}
STATUS_HEAD = N_("Olympiad {n}, Game Turn {k} — {phase}")


def phase_words(view: JSON) -> str:
    """The view's phase in words with its rule, by the view's edition ("Bad Hand (Card Phase, 1st 4.61)")."""
    phase = str(view.get("phase"))
    return (PHASE_WORDS_FIRST if first_edition(view) else PHASE_WORDS).get(phase, phase)


def side_words(role: object) -> str:
    """A side as the game names it ("Athens"), never the role's id."""
    return SIDE_NAMES.get(str(role), str(role).title())


def describe(view: JSON) -> JSON:
    """The side panel (only what the view holds), what matters now first.

    Keys, in the order shown: prompt (what to do), now (MPs left, whose turn, the moving block), hand
    (cards: title, mp, event, text), played {role: card}, score, then turn, phase, status (events in
    force, battle, Sicily, outcome), legend, outcome, log; and for the page's board clicks: plans (a
    destination's clicks -> several actions, the engine's path) and why ({reason: [refs]} for places
    that cannot be chosen, from the engine, by rule number)."""
    names = display_names()
    pts = view.get("points") or {}
    now: list[str] = []
    if "mp" in view:
        now.append(f"MPs left: {view['mp']}")
    if view.get("active_player"):
        now.append(f"{side_words(view['active_player'])}'s Player Turn")
    moving = view.get("moving")
    if isinstance(moving, dict):
        left = moving.get("left")
        now.append(f"Moving {names.get(str(moving.get('block')), moving.get('block'))}: "
                   f"{' > '.join(map(str, moving.get('path', [])))} ({left} {'hex' if left == 1 else 'hexes'} left)")
    if "bp" in view:
        # the first edition's Production Points (1st 8.1), the current rules' Build Points (8.1)
        now.append(f"PP left: {view['bp']}" if first_edition(view) else f"BPs left: {view['bp']}")
    battle = view.get("battle")
    if isinstance(battle, dict):
        # the battle's kind (5.4 new, 5.3 storm, 5.55 sally) and stage in words, as the terminal says them (the
        # first edition's one combat order, 1st 5.1, RULINGS FE8, is the engine's stage "ed1"): whole templates
        # of the catalog, so the line reads in Spanish too (the engine's "sallyq" or "new" never shows)
        stage = str(battle.get("stage"))
        now.append(BATTLE_LINES.get(str(battle.get("kind")), BATTLE_LINES["new"]).format(
            where=battle.get("hex"), n=battle.get("round"), stage=BATTLE_STAGES.get(stage, stage),
            side=str(battle.get("attacker")).title()))
    status: list[str] = [STATUS_HEAD.format(n=view.get("olympiad"), k=view.get("turn"), phase=phase_words(view))]
    status.append(f"City points: Athens {pts.get('athens')}, Sparta {pts.get('sparta')} (30 wins, 10.2)")
    if first_edition(view):
        # the first edition's end (1st 10.2, RULINGS FE17): no points count at the end of Olympiad 89
        status.append("First edition: Athens wins if Sparta has not won by the end of Olympiad 89 (1st 10.2)")
    if view.get("player1"):
        status.append(f"Player 1: {side_words(view['player1'])}")
    if "bp_forecast" in view and "bp" not in view:
        status.append(f"{points_word(view)} forecast: {view['bp_forecast']}")
    if view.get("storm"):
        status.append("Storm: no naval movement this Game Turn (4.6)")
    if view.get("earthquake"):
        status.append("Earthquake: the Game Turn is cancelled but for Siege Attrition (4.6)")
    if view.get("persian_support") not in (None, "none"):
        status.append(f"Persian support: {side_words(view['persian_support'])}")
    sicily = view.get("sicily")
    if isinstance(sicily, dict):
        status.append("Sicily: " + ", ".join(f"{str(r).title()} {_card(c)['label']}" for r, c in sicily.items()))
    if isinstance(view.get("my_sicily_card"), dict):
        status.append(f"Your card at Sicily: {_card(view['my_sicily_card'])['label']}")
    hand = view.get("hand")
    plans = _plans(view)
    prompt = _named(str(view.get("prompt", "")), names)
    if plans and isinstance(moving, dict):
        rule = "1st 4.3" if first_edition(view) else "4.4"
        prompt = (f"Moving {names.get(str(moving.get('block')), moving.get('block'))}: click a highlighted hex to end "
                  f"the move there (the shortest way the rules allow, {rule}), the block to stop where it is, "
                  "or 'Cancel this move'.")
    return {
        "role": view.get("role"),
        "prompt": prompt,
        "now": now,
        "hand": [_card(c) for c in hand] if isinstance(hand, list) else None,
        "played": {str(r).title(): _card(c) for r, c in (view.get("played") or {}).items()},
        "score": {"athens": pts.get("athens"), "sparta": pts.get("sparta")},
        "olympiad": view.get("olympiad"),
        "turn": view.get("turn"),
        # display words, not the view's ids (issue 11): "Athens", "Mulligan (Card Phase, [1])"
        "phase": phase_words(view),
        "player1": side_words(view["player1"]) if view.get("player1") else None,
        "active_player": side_words(view["active_player"]) if view.get("active_player") else None,
        "to_act": [side_words(r) for r in view.get("to_act") or []],
        "hand_sizes": dict(view.get("hand_sizes") or {}),
        "status": status,
        "legend": LEGEND,
        "outcome": view.get("outcome"),
        "plans": plans,
        "quick": list(QUICK),
        "why": _why(view),
        "log": log_lines({"log": view["log"][-LOG_LINES:]} if isinstance(view.get("log"), list) else view),
    }


# a moving block's path ("ATHENS > PLATAEA"): a list the page reads place by place (i18n's joins)
PATH_JOIN = N_("{a} > {b}")
# the battle being fought, in the panel (the same words as the terminal's, text.py)
BATTLE_LINES = {
    "new": "Battle at {where}, round {n}: {stage}; attacker {side}",
    "storm": "Storm of the walls of {where}, round {n}: {stage}; attacker {side}",
    "sally": "Sally at {where}, round {n}: {stage}; attacker {side}",
}
BATTLE_STAGES = {
    "declare": "declaring the battle", "sea": "sea battle", "land": "land battle", "siege": "siege battle",
    "sallyq": "sally or stay within the walls", "extra": "extra fire", "after": "after the battle",
    "end": "the battle is over", "ed1": "combat turns (1st 5.1)",
}

LEGEND = [
    "Square blocks: Athens blue with a round-cornered white border; Sparta red with a square dark border; "
    "an enemy block stands upright and blank",
    "Block face: type letter (H hoplites, P peltasts, C cavalry, N navy, R revolt), rating, strength/steps",
    "Circle: city; hexagon: walled city; a number: its city points; ⚓ port; dotted purple ring: Oracle",
    "City colour: who holds it now (its printed side as the outline when they differ); tinted hex: "
    "control (4.2)",
    "Red dashes: siege; blue dots: blockade; thick red hexagon: the battle; orange line: the block's move",
    # who holds the sea at each port (RULINGS FE42)
    N_("Sea control at a port (4.2, 1st 6.5): ⚓ on a blue disc Athens, on a red square Sparta, on both colours "
       "contested, bare nobody"),
]

QUICK = ("op", "march", "sea", "to", "stop", "cancel")  # Move Phase choices the player may take back (undo)

VERBS = {
    "op": "Operation move (4.4): {0}",
    "march": "March move (4.51): {0}",
    "sea": "Sea move (4.52): {0}",
    "stop": "Stop here: end this block's move (4.4)",
    "cancel": "Cancel this move (it had no effect yet, RULINGS R4)",
}
# the same in a first-edition game, by that book's numbers: 4.3 operation moves, 4.4 strategic moves (march and
# sea), 5.5 the defender's choice of battle or siege
VERBS_FIRST = {
    **VERBS,
    "op": "Operation move (1st 4.3): {0}",
    "march": "March move (1st 4.4): {0}",
    "sea": "Sea move (1st 4.4): {0}",
    "stop": "Stop here: end this block's move (1st 4.3)",
}
WORDS = {
    "keep": "Keep this hand",
    "mulligan": "Show this hand for a re-deal (Mulligan)",
    "redeal": "Take a new hand too (Mulligan)",
    "engage": "Engage: fight the battle (5.4)",
    "done": "Done",
    # a block's choices on its combat turn, and the besieged's answer to a relief force (issue 11: worded, as the
    # board's controls show them)
    "fire": "Fire",
    "pass": "Let this turn pass (no target)",
    "withdraw": "Withdraw into the city",
    "retreat": "Stop storming: back to the siege lines",
    "storm": "Storm the walls",
    "land": "Join the land battle",
    "stay": "Stay at sea",
    "remain": "Stay within the walls (no sally)",
    "sally all": "Sally with all blocks",
    "sally armies": "Sally with the armies",
    "sally navies": "Sally with the navies",
    # the first edition's own (1st 6.2 coastal combat, 6.6 blockades; never offered in the current rules)
    "coastal": "Declare coastal combat (1st 6.2)",
    "blockade": "Blockade the port (1st 6.6)",
}
WORDS_FIRST = {
    **WORDS,
    # first edition 4.61 Bad Hand: the hand is not shown (RULINGS FE16); 5.5: battle or siege
    "mulligan": "Ask for a new deal (Bad Hand, 1st 4.61)",
    "redeal": "Take a new hand too (Bad Hand, 1st 4.61)",
    "engage": "Engage: fight the battle (1st 5.5)",
}
STORM_PICK = N_("Storm with {block} ({rule})")
# a build and a regroup without their rule (the catalog's; ACTION_WORDS cites the rule): a city's name in capitals
# ({town}) or any other place, a hex number ({where})
PLACED_TEMPLATES = (N_("Build {block} in {town}"), N_("Regroup {block} to {town}"), N_("Build {block} in {where}"),
                    N_("Regroup {block} to {where}"))
END_WORDS = {
    "move": "End the Move Phase (no more moves this Player Turn)",
    "combat": "End the Combat Phase (no more battles)",
}
# Every other action in the game's words (issue 11: no record word on a button, the record text stays the button's
# title), each citing its rule by the edition played (current rules, first edition). Whole templates of the catalog,
# so the Spanish page and terminal read them by the Spanish first-edition rulebook's terms (Refuerzos, Disolver,
# Revuelta, Asaltar, Salida, Retirarse, Patrullas, Saqueo, apoyo Persa). A record word -> (template, rule, rule 1st).
ACTION_WORDS: dict[str, tuple[str, str, str]] = {
    # 8.2 reinforcements (the Replacement Phase, a levy event 4.6): one step on a block on the map
    "add": (N_("Add a step to {block} in {where} ({rule})"), "8.2", "1st 8.2"),
    # 10.3 the tourney bid: a step off a starting block
    "reduce": (N_("Remove a step from {block} in {where} ({rule})"), "10.3", "10.3"),
    # 8.6 disbanding to the Replacement Pool
    "disband": (N_("Disband {block} in {where} to the Replacement Pool ({rule})"), "8.6", "1st 8.6"),
    # 7.0 a successful revolt block disbanded (now or later; first edition: in any Move Phase, RULINGS FE14) ...
    "disband revolt": (N_("Disband the revolt block {block} in {where} ({rule})"), "7.0, 8.6", "1st 7.0"),
    # ... exchanged for a peltast of the same strength from the Replacement Pool (never in the first edition) ...
    "exchange": (N_("Exchange the revolt block {block} for {other} ({rule})"), "7.0", "1st 7.0"),
    # ... or kept
    "keep revolt": (N_("Keep the revolt block ({rule})"), "7.0", "1st 7.0"),
    # 7.0 revolts sponsored by MPs (1 MP a step); 7.1 the HELOT at MESSENE
    "revolt": (N_("Sponsor a revolt in {where} (1 MP, {rule})"), "7.0", "1st 7.0"),
    "revolt more": (N_("Add a step to the revolt in {where} (1 MP, {rule})"), "7.0", "1st 7.0"),
    "helots": (N_("Helot revolt at {where} (1 MP, {rule})"), "7.1", "1st 7.1"),
    "helots more": (N_("Add a step to the Helot revolt at {where} (1 MP, {rule})"), "7.1", "1st 7.1"),
    # the Combat Phase's menu: a new battle (5.4; 1st 5.0), storming a besieged city (5.3; 1st 5.54), a sally
    # from a besieged city (5.3; 1st 5.56), by the armies, the navies or all of them (5.4)
    "battle": (N_("Battle at {where} ({rule})"), "5.4", "1st 5.0"),
    "storm armies": (N_("Storm {where} with the armies ({rule})"), "5.3", "1st 5.54"),
    "storm navies": (N_("Storm {where} with the navies ({rule})"), "5.3", "1st 5.54"),
    "storm all": (N_("Storm {where} with all blocks ({rule})"), "5.3", "1st 5.54"),
    "sally armies": (N_("Sally from {where} with the armies ({rule})"), "5.3", "1st 5.56"),
    "sally navies": (N_("Sally from {where} with the navies ({rule})"), "5.3", "1st 5.56"),
    "sally all": (N_("Sally from {where} with all blocks ({rule})"), "5.3", "1st 5.56"),
    # a new battle's declaration: a defending block withdrawn into siege (5.4; 1st 5.5), a navy on patrol (1st 6.7)
    "withdraw": (N_("Withdraw {block} into the city ({rule})"), "5.4", "1st 5.5"),
    "patrol": (N_("Patrol with {block} instead of fighting ({rule})"), "1st 6.7", "1st 6.7"),  # first edition only
    # a retreat (5.5; 1st 5.3), by the block whose turn it is when the view names it (deciding_block)
    "retreat": (N_("Retreat to {where} ({rule})"), "5.5", "1st 5.3"),
    "retreat block": (N_("Retreat {block} to {where} ({rule})"), "5.5", "1st 5.3"),
    # the owner's choice among equally strong blocks (5.2; 1st 5.21)
    "hit": (N_("Take the hit on {block} ({rule})"), "5.2", "1st 5.21"),
    # pillage spent on a victorious block (5.61; 1st 5.58)
    "pillage": (N_("Pillage: a step for {block} ({rule})"), "5.61", "1st 5.58"),
    # 9.1 Hellespont: a block of ATHENS to the Replacement Pool
    "remove": (N_("Remove {block} from {where} (Hellespont, {rule})"), "9.1", "1st 9.1"),
    # 9.3 Persian support, irrevocable
    "persia": (N_("Accept Persian support ({rule})"), "9.3", "1st 9.3"),
    # a build in a city (8.3) and a regroup (5.6), with their rules
    "regroup": (N_("Regroup {block} to {where} ({rule})"), "5.6", "1st 5.4"),
    "build": (N_("Build {block} in {where} ({rule})"), "8.3", "1st 8.3"),
}


def action_labels(view: JSON, legal: list[str]) -> list[str]:
    """A person's label for each legal action (the page shows it on the action's button; the action's
    own text, the record's word, is its title): blocks by their display names, card plays by the card
    ("Play 2/Storm (2 MP)"), the phase that ``end`` ends."""
    names = display_names()
    cards: dict[str, JSON] = {}
    for card in view.get("hand") or []:
        if isinstance(card, dict) and "id" in card:
            cards[str(card["id"])] = card
    mine = view.get("my_sicily_card")
    if isinstance(mine, dict) and "id" in mine:
        cards.setdefault(str(mine["id"]), mine)
    faces = {str(e["id"]): e for e in [*(view.get("blocks") or []), *(view.get("pool") or [])] if "id" in e}
    moving = view.get("moving")
    verbs, words_of = (VERBS_FIRST, WORDS_FIRST) if first_edition(view) else (VERBS, WORDS)
    out = []
    for text in legal:
        words = text.split()
        card = cards.get(words[1]) if len(words) == 2 and words[0] in ("play", "sicily", "allocate") else None
        if card is not None:
            title = card.get("title") if card.get("event") else ""
            verb = {"play": "Play", "sicily": "Put at Sicily", "allocate": "Put at Sicily"}[words[0]]
            out.append(f"{verb} {card.get('mp')} MP" + (f" — {title}" if title else ""))
            continue
        if words[0] in verbs and len(words) <= 2:
            face = faces.get(words[1]) if len(words) == 2 else None
            who = f"{block_name(face)} at {face.get('location')}" if face else ""
            out.append(verbs[words[0]].format(who))
            continue
        if words[0] == "to" and len(words) == 2:
            ends = isinstance(moving, dict) and moving.get("left") == 1
            out.append(f"Step to {words[1]}" + (" (and stop)" if ends else ""))
            continue
        if text == "keep" and view.get("phase") != "mulligan":
            out.append(ACTION_WORDS["keep revolt"][0].format(rule="1st 7.0" if first_edition(view) else "7.0"))
            continue  # 7.0: the successful revolt block stays (the Card Phase's keep is the hand's, WORDS)
        if text in words_of:
            out.append(words_of[text])
            continue
        if words[0] == "storm" and len(words) == 2 and words[1] in names:
            # picking the storming blocks (5.31, RULINGS R21, R33; 1st 5.52, 5.54), worded as every other choice
            out.append(STORM_PICK.format(block=names[words[1]], rule="1st 5.54" if first_edition(view) else "5.31"))
            continue
        if text == "end":
            out.append(END_WORDS.get(str(view.get("phase")), f"End the {str(view.get('phase')).title()} Phase"))
            continue
        worded = _worded(view, words, names, faces)
        out.append(worded if worded is not None else _named(text, names))
    return out


def _worded(view: JSON, words: list[str], names: dict[str, str], faces: dict[str, JSON]) -> str | None:
    """One action of the record (its words) in the game's words (ACTION_WORDS), from the view alone: the blocks it
    names by their display names and where they stand, the places by their names; None for a text it does not know
    (shown by its record words with the blocks named)."""
    verb, args = words[0], words[1:]
    first = first_edition(view)

    def say(key: str, **parts: object) -> str:
        template, rule, rule_first = ACTION_WORDS[key]
        return template.format(rule=rule_first if first else rule, **parts)

    def block(bid: str) -> str:
        return names.get(bid, bid)

    def where(bid: str) -> object:
        face = faces.get(bid)
        return face.get("location") if face is not None else None

    if verb in ("add", "reduce", "disband", "hit", "pillage", "remove", "withdraw", "patrol") and len(args) == 1:
        bid = args[0]
        face = faces.get(bid)
        if verb == "disband" and face is not None and face.get("type") == "revolt":
            return say("disband revolt", block=block(bid), where=where(bid))
        if verb in ("add", "reduce", "disband", "remove") and where(bid) is None:
            return None  # a block the view does not place (never offered: 8.2, 8.6, 9.1, 10.3 name blocks on the map)
        return say(verb, block=block(bid), where=where(bid))
    if verb == "exchange" and len(args) == 2:
        return say("exchange", block=block(args[0]), other=block(args[1]))
    if verb in ("build", "regroup") and len(args) == 2 and args[0] in names:
        # a block and a place: built in a city (8.3; 1st 8.3), regrouped to a hex (5.6; 1st 5.4)
        return say(verb, block=block(args[0]), where=args[1])
    if verb in ("revolt", "helots") and len(args) == 1:
        # a revolt block of the role already standing there takes one more step (7.0, 7.1)
        there = any(e.get("type") == "revolt" and e.get("location") == args[0] and e.get("owner") == view.get("role")
                    for e in faces.values())
        return say(f"{verb} more" if there else verb, where=args[0])
    if verb in ("storm", "sally") and len(args) == 2 and args[1] in ("armies", "navies", "all"):
        return say(f"{verb} {args[1]}", where=args[0])
    if verb == "battle" and len(args) == 1:
        return say("battle", where=args[0])
    if verb == "retreat" and len(args) == 1:
        deciding = view.get("deciding_block")
        if isinstance(deciding, str) and deciding in names:
            return say("retreat block", block=block(deciding), where=args[0])
        return say("retreat", where=args[0])
    if verb == "persia" and not args:
        return say("persia")
    return None


# The Replacement Phase's (8.0) long list (80-100 buttons) under foldable headings, as Sparta vs. Athens's purchases
# (issue 11, web.action_groups; the server sends them as ViewOut.groups): a reserve block's builds (8.3) under one
# heading, a button a city named by the city; the steps added (8.2) and the disbandings (8.6) each under one heading,
# a button a block named by where it stands and the block ("In ATHENS: ATHENS Hoplites 2"). Every button keeps its
# whole label (ACTION_WORDS) as the screen reader's name and its record text as its title; "Done" and any other
# action stand on their own.
GROUP_MIN = 3  # a heading over three actions or more; fewer stand on their own (as Sparta vs. Athens's)
BUILD_HEAD = N_("Build {block} ({rule}), in:")
ADD_HEAD = N_("Add a step ({rule}) to:")
DISBAND_HEAD = N_("Disband to the Replacement Pool ({rule}):")
# a block's button, where it stands first (not "{block} at {city}": "{town} Navy {rest}" would read "GYTHEUM Navy at
# GYTHEUM" as the navy with "at GYTHEUM" left in English)
BLOCK_IN = N_("In {where}: {block}")
# The Move Phase's (4.0) list (50-70 buttons: each block's operation, march and sea moves, the revolts sponsored) under
# foldable headings too: a block's moves under one heading, the block by where it stands and its face ("In ATHENS:
# ATHENS Hoplites 1 B3 4/4"), a button a kind of move (4.4 operation, 4.51 march, 4.52 sea; 1st 4.3, 4.4) whose
# destination is chosen next, on the board or in the list; the revolts sponsored (7.0) under one heading, a button a
# city. A block with two moves or more gets its heading (MOVE_GROUP_MIN): its moves are one choice, which block.
MOVE_GROUP_MIN = 2
MOVE_WORDS = {
    "op": (N_("Operation move ({rule})"), "4.4", "1st 4.3"),
    "march": (N_("March move ({rule})"), "4.51", "1st 4.4"),
    "sea": (N_("Sea move ({rule})"), "4.52", "1st 4.4"),
}
REVOLT_HEAD = N_("Sponsor a revolt (1 MP, {rule}) in:")


def action_groups(view: JSON, legal: list[str]) -> list[list[str] | None]:
    """For each legal action, [the heading of the group the page lists it under, its button's word there] (None: on
    its own): the builds of one block (8.3) by city, the steps added (8.2) and the disbandings to the Replacement
    Pool (8.6) by block; in the Move Phase a block's moves (4.4, 4.51, 4.52) by kind and the revolts sponsored (7.0)
    by city; from the view alone (the blocks' display names and faces, and where the view shows them)."""
    names = display_names()
    faces = {str(e["id"]): e for e in [*(view.get("blocks") or []), *(view.get("pool") or [])] if "id" in e}
    first = first_edition(view)
    mine = view.get("role")

    def rule(key: str) -> str:
        return ACTION_WORDS[key][2] if first else ACTION_WORDS[key][1]

    keyed: list[tuple[str, str] | None] = []
    least: dict[str, int] = {}  # a heading's own least number of actions, when not GROUP_MIN
    for text in legal:
        words = text.split()
        entry: tuple[str, str] | None = None
        move = MOVE_WORDS.get(words[0]) if len(words) == 2 else None
        if move is not None and faces.get(words[1]) is not None:
            face = faces[words[1]]
            where = face.get("location")
            if where is not None:
                head = BLOCK_IN.format(where=where, block=block_name(face))
                entry = (head, move[0].format(rule=move[2] if first else move[1]))
                least[head] = MOVE_GROUP_MIN
        elif words[0] == "revolt" and len(words) == 2 and not any(
                e.get("type") == "revolt" and e.get("location") == words[1] and e.get("owner") == mine
                for e in faces.values()):
            # a new revolt (7.0); one more step on a revolt block of the role's already there stays on its own
            entry = (REVOLT_HEAD.format(rule=rule("revolt")), words[1])
        elif words[0] == "build" and len(words) == 3 and words[1] in names:
            entry = (BUILD_HEAD.format(block=names[words[1]], rule=rule("build")), words[2])
        elif words[0] in ("add", "disband") and len(words) == 2:
            face = faces.get(words[1])
            where = face.get("location") if face is not None else None
            # a revolt block's disbanding (7.0) is worded on its own (ACTION_WORDS "disband revolt"): not here
            if where is not None and face is not None and face.get("type") != "revolt":
                head = ADD_HEAD if words[0] == "add" else DISBAND_HEAD
                entry = (head.format(rule=rule(words[0])),
                         BLOCK_IN.format(where=where, block=names.get(words[1], words[1])))
        keyed.append(entry)
    count: dict[str, int] = {}
    for entry in keyed:
        if entry is not None:
            count[entry[0]] = count.get(entry[0], 0) + 1
    return [[entry[0], entry[1]] if entry is not None and count[entry[0]] >= least.get(entry[0], GROUP_MIN) else None
            for entry in keyed]
