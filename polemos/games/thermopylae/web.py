"""Go Tell the Spartans on the browser table: the board as SVG, the refs of each legal action, a side-panel summary.

Everything here is drawn from one role's view (``view.build``) and the static map (``board.load_map``), so it
shows no more than the view does (3.4 fog of war: a hidden enemy unit is a blank counter of its side's colour).

The board is drawn NORTH UP, WEST LEFT, like the terminal (``text.py``): one column of cells per row letter (A,
the Persian end, at the left .. O, the Greek rear, at the right), one line of cells per map column (1, the sea,
at the top .. 9, the mountain, at the bottom). The Ephialtes Box lies off the grid under the mountain.

Clickable elements carry ``data-ref``: an area's cell ``<g data-ref="a:H8">``, a unit ``<g data-ref="u:<id>">``
(the top unit of a pile as a large counter, the rest of the pile as chips under it, the Ephialtes Box units as
chips in the box). Units are drawn INSIDE their area's ``<g>``, so a click on a counter that is no valid next
step can fall back to the enclosing area (``el.parentElement.closest("[data-ref]")``). Facings are not drawn:
the refs ``f:N`` / ``f:E`` / ``f:S`` / ``f:W`` are buttons of the page.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from polemos.core.log import log_lines
from polemos.games.thermopylae.board import AreaMap, load_map
from polemos.games.thermopylae.text import PERSIAN_CONTINGENTS, PHASES, action_label, area_label, id_code, prompt_words
from polemos.i18n import N_, shown_width

__all__ = ["action_labels", "action_refs", "describe", "render_board"]

CELL = 120  # an area's cell, in SVG user units
HALF = 36  # half the side of a large counter: its code is readable at fit zoom (issue 11)
CHIP_H = 17  # height of a chip (a unit under the top of its pile, or in the Ephialtes Box)
CHIP_W = 2 * HALF
MELEE_SCALE = 0.74  # both sides' piles side by side in one area
X0 = 44  # left margin (column numbers)
HEAD = 64  # title and row letters
EDGE = 26  # the sea band (north) and the mountain band (south)
BOX_H = 262  # the band under the map: the legend, off-map units, the Ephialtes Box (at least)
LOG_LINES = 8
# the font sizes of the board's words (the CSS classes below), for laying them out: the page swaps each word for
# its translation, so each is given the room of its widest language (polemos.i18n.shown_width; issue 11)
NOTE = 21  # .nt
KEY_NAME = 19  # .nk
HEAD_SIZE = 30  # .hd
LEAST = 15  # no word is shrunk below this size to fit; a line longer than that is split

FACINGS = ("N", "E", "S", "W")
ROTATE = {"N": 0, "E": 90, "S": 180, "W": 270}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
TYPES = ("hoplite", "mixed", "javelin", "bow")
SIDE_CLASS = {"greek": "sg", "persian": "sp"}
# each side's counter and chip: Greek square with a white inner border, Persian with cut corners (issue 11:
# the sides told apart by shape and border, not by colour alone)
SHAPE = {"greek": ("#gts-ctr", "#gts-chip"), "persian": ("#gts-ctr-p", "#gts-chip-p")}
TERRAIN_CLASS = {"level1": "t1", "level2": "t2", "wall": "tw"}

# Greeks in cool colours, Persians in warm ones; the side's own colour is for hidden units and unknown contingents.
SIDE_FILL = {"greek": "#1e5aa8", "persian": "#b8401f"}
CONTINGENT_FILL = {
    "spartans": "#283593",
    "thespians": "#0277bd",
    "thebans": "#00796b",
    "phocians": "#2e7d32",
    "malians": "#5b6f1e",
    "locrians": "#6a1b9a",
    "peloponnesians": "#37474f",
    "immortals": "#b71c1c",
    "dahae": "#d35400",
    "medes": "#7b4a22",
    "scythians": "#ad1457",
    "susa": "#a87400",
}

CSS = (
    "svg.gts-board{font-family:Helvetica,Arial,sans-serif}"
    ".gts-board text{text-anchor:middle}"
    ".gts-board .hd{font-size:30px;font-weight:bold;fill:#3b3225;text-anchor:start}"
    ".gts-board .lb{font-size:26px;font-weight:bold;fill:#5b503c}"
    ".gts-board .nt{font-size:21px;fill:#3f3727;text-anchor:start}"
    ".gts-board .nk{font-size:19px}"
    ".gts-board .lh{font-size:21px;font-weight:bold;fill:#3b3225;text-anchor:start}"
    ".gts-board .an{font-size:19px;font-weight:bold;fill:#6b5e45;text-anchor:start}"
    ".gts-board .kl{font-size:13px;fill:#6b5427}"
    ".gts-board .t{stroke:#b4a682;stroke-width:1}"
    ".gts-board .t1 .t{fill:#ece3c4}.gts-board .t2 .t{fill:#d6ba7f}.gts-board .tw .t{fill:#d2ccbe}"
    ".gts-board .sea{fill:#9cc3e0}.gts-board .mtn{fill:#8f7655}"
    ".gts-board .wl{fill:url(#gts-stones);stroke:#5f5849;stroke-width:1}"
    ".gts-board .rd{fill:none;stroke:#b8955c;stroke-width:8;stroke-linecap:round;opacity:.55}"
    ".gts-board .box{fill:#efe6cf;stroke:#6b5a3a;stroke-width:2;stroke-dasharray:8 4}"
    ".gts-board .sg{fill:#1e5aa8}.gts-board .sp{fill:#b8401f}"
    + "".join(f".gts-board .c-{c}{{fill:{f}}}" for c, f in CONTINGENT_FILL.items())
    + ".gts-board .ctr,.gts-board .chp{stroke-width:3}"
    ".gts-board .sg .ctr,.gts-board .sg .chp{stroke:#0b2547}.gts-board .sp .ctr,.gts-board .sp .chp{stroke:#3a0d04}"
    ".gts-board .rim{fill:none;stroke:#fff;stroke-width:2;opacity:.9}"
    ".gts-board .u text{fill:#fff;font-weight:bold;stroke:none}"
    ".gts-board .an,.gts-board .kl{stroke:none}"  # a highlighted area's or unit's outline is not its text's
    ".gts-board .ul{font-size:22px}.gts-board .un{font-size:19px}.gts-board .cl{font-size:13px}"
    ".gts-board .ty{fill:none;stroke:#fff;stroke-width:1.6}"
    ".gts-board .fa{stroke:#fff;stroke-width:1.5}.gts-board .sg .fa{fill:#0b2547}.gts-board .sp .fa{fill:#3a0d04}"
    ".gts-board .bg text,.gts-board .bn text{font-size:13px}"
    ".gts-board .bn circle{fill:#222}.gts-board .bl circle{fill:#d32f2f}.gts-board .bo circle{fill:#ef8f00}"
    ".gts-board .hid text{font-size:30px}"
)

_CUT = 11  # the Persian counter's cut corners
DEFS = (
    '<pattern id="gts-stones" width="16" height="10" patternUnits="userSpaceOnUse">'
    '<rect width="16" height="10" fill="#a39a86"/><path d="M0 5H16M8 0V5M0 5V10" stroke="#6f6755" fill="none"/>'
    "</pattern>"
    f'<rect id="gts-ctr" x="-{HALF}" y="-{HALF}" width="{2 * HALF}" height="{2 * HALF}" rx="3"/>'
    f'<rect id="gts-rim" x="-{HALF - 5}" y="-{HALF - 5}" width="{2 * HALF - 10}" height="{2 * HALF - 10}" rx="2"/>'
    f'<path id="gts-ctr-p" d="M-{HALF - _CUT}-{HALF}H{HALF - _CUT}L{HALF}-{HALF - _CUT}V{HALF - _CUT}'
    f'L{HALF - _CUT} {HALF}H-{HALF - _CUT}L-{HALF} {HALF - _CUT}V-{HALF - _CUT}Z"/>'
    f'<rect id="gts-chip" x="-{HALF}" y="-{CHIP_H / 2}" width="{CHIP_W}" height="{CHIP_H}" rx="2"/>'
    f'<path id="gts-chip-p" d="M-{HALF - 7}-{CHIP_H / 2}H{HALF - 7}L{HALF} 0L{HALF - 7} {CHIP_H / 2}'
    f'H-{HALF - 7}L-{HALF} 0Z"/>'
    f'<path id="gts-fa" d="M-10-{HALF + 1}H10L0-{HALF + 9}Z"/>'
    '<g id="gts-hoplite"><circle cy="1" r="6"/><path d="M-10 9L10-9"/></g>'
    '<g id="gts-mixed"><rect x="-10" y="-6" width="8" height="13"/><path d="M3-7Q11 0 3 7V-7"/></g>'
    '<g id="gts-javelin"><path d="M-9 8L7-8M-3 8L11-6M7-8H2M7-8V-3M11-6H6M11-6V-1"/></g>'
    '<g id="gts-bow"><path d="M-3-8Q9 0-3 8V-8M-10 0H9M9 0L5-3M9 0L5 3"/></g>'
)


@functools.lru_cache(maxsize=8)
def _map(data_dir: Path | None) -> AreaMap:
    return load_map(data_dir)


# ============================================================================== small helpers
def _num(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _title(name: Any) -> str:
    return str(name).replace("-", " ").title() if name else "-"


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch == "-" else "_" for ch in text)


def _side_of(unit: dict[str, Any]) -> str:
    side = unit.get("side")
    if side in SIDE_CLASS:
        return str(side)
    return "persian" if str(unit.get("contingent")) in PERSIAN_CONTINGENTS else "greek"


def unit_label(unit_id: str, side: Any = None) -> str:
    """A counter's code, the unit's one display name on the board, the buttons and the terminal
    (``text.id_code``): "spartans-1" -> "spa1", "immortals-12" -> "IMM12" (Persians in upper case)."""
    return id_code(str(unit_id), side)


def _marks(unit: dict[str, Any]) -> str:
    out = ARROWS.get(str(unit.get("facing")), "")
    if unit.get("disordered"):
        out += " D"
    losses = _num(unit.get("losses"))
    if losses:
        out += f" −{losses}"
    return out


def _tooltip(unit: dict[str, Any]) -> str:
    uid = str(unit.get("id"))
    parts = [f"{unit_label(uid, unit.get('side'))} = {uid} ({_title(unit.get('contingent'))}, {unit.get('type', '?')})"]
    parts.append(f"MF {unit.get('mf', '?')} DV {unit.get('dv', '?')} MA {unit.get('ma', '?')}"
                 + (f" MR {unit['mr']}" if "mr" in unit else ""))
    if unit.get("facing") in ROTATE:
        parts.append(f"facing {unit['facing']}")
    losses = _num(unit.get("losses"))
    if losses:
        parts.append(f"{losses} of {_num(unit.get('steps'))} steps lost")
    if unit.get("disordered"):
        parts.append("disordered")
    for flag in ("moved", "fired"):
        if unit.get(flag):
            parts.append(flag)
    return "<title>" + escape(" · ".join(parts)) + "</title>"


def _aria(unit: dict[str, Any]) -> str:
    """The unit's name for screen readers and the page's "Selected:" line."""
    uid = str(unit.get("id"))
    return quoteattr(f"{unit_label(uid, unit.get('side'))} ({_title(unit.get('contingent'))} {unit.get('type', '')})"
                     .replace(" )", ")"))


def _unit_class(unit: dict[str, Any], *extra: str) -> str:
    side = _side_of(unit)
    cls = ["u", SIDE_CLASS[side]]
    contingent = unit.get("contingent")
    if contingent:
        cls.append("c-" + _slug(str(contingent)))
    for flag in ("moved", "fired", "disordered"):
        if unit.get(flag):
            cls.append(flag)
    return " ".join(cls + list(extra))


def _is_hidden(unit: Any) -> bool:
    return not isinstance(unit, dict) or bool(unit.get("hidden")) or not unit.get("id")


def _fit(text: str, room: float, size: float = NOTE, bold: bool = False) -> float:
    """The font size (at most ``size``) at which ``text`` fits ``room`` px in every language the page may show
    it in (issue 11: the Spanish runs longer than the English the board is drawn in)."""
    wide = shown_width(text, size, bold)
    return size if wide <= room else max(size * room / wide, 1.0)


def _note(text: str, x: float, y: float, room: float, cls: str = "nt", size: float = NOTE, extra: str = "") -> str:
    """A line of words at (x, y), shrunk if need be to fit ``room`` in its widest language."""
    fit = _fit(text, room, size)
    style = f' style="font-size:{fit:.1f}px{";" + extra if extra else ""}"' if fit < size else (
        f' style="{extra}"' if extra else "")
    return f'<text class="{cls}" x="{x:g}" y="{y:g}"{style}>{escape(text)}</text>'


# ================================================================================ the counters
def _badge(cls: str, x: float, y: float, text: str) -> str:
    return f'<g class="{cls}"><circle cx="{x}" cy="{y}" r="9"/><text x="{x}" y="{y + 4.5}">{escape(text)}</text></g>'


def _counter(unit: dict[str, Any], x: float, y: float, size: int) -> str:
    """The top unit of a pile, large: its side's shape, code, type glyph, MF-DV-MA, facing notch, badges."""
    at = f'transform="translate({x:g} {y:g})"'
    corner = HALF
    count = _badge("bn", corner, -corner, str(size)) if size > 1 else ""
    side = _side_of(unit) if isinstance(unit, dict) else "greek"
    shape = SHAPE[side][0]
    rim = '<use href="#gts-rim" class="rim"/>' if side == "greek" else ""
    if _is_hidden(unit):
        return (f'<g class="u {SIDE_CLASS[side]} hid" {at}><use href="{shape}" class="ctr"/>{rim}'
                f'<text y="10">?</text>{count}</g>')
    uid = str(unit["id"])
    typ = str(unit.get("type"))
    parts = [
        f'<g data-ref={quoteattr("u:" + uid)} aria-label={_aria(unit)} class="{_unit_class(unit, "top")}" {at}>',
        _tooltip(unit),
        f'<use href="{shape}" class="ctr"/>',
        rim,
        _code(unit_label(uid, side)),
        f'<use href="#gts-{typ}" class="ty" transform="translate(0 4) scale(.9)"/>' if typ in TYPES
        else f'<text class="ul" y="8">{escape(typ[:3])}</text>',
        f'<text class="un" y="{HALF - 7}">{_num(unit.get("mf"))}-{_num(unit.get("dv"))}-{_num(unit.get("ma"))}</text>',
    ]
    facing = unit.get("facing")
    if facing in ROTATE:
        turn = f' transform="rotate({ROTATE[str(facing)]})"' if ROTATE[str(facing)] else ""
        parts.append(f'<use href="#gts-fa" class="fa"{turn}/>')
    if unit.get("disordered"):
        parts.append(_badge("bo", -corner, -corner, "D"))
    losses = _num(unit.get("losses"))
    if losses:
        parts.append(_badge("bl", -corner, corner, f"−{losses}"))
    parts.append(count)
    parts.append("</g>")
    return "".join(parts)


def _code(code: str) -> str:
    """A counter's code, squeezed to the counter's width when it is long ("IMM12", "DAHB10")."""
    fit = f' textLength="{2 * HALF - 8}" lengthAdjust="spacingAndGlyphs"' if len(code) >= 5 else ""
    return f'<text class="ul" y="-12"{fit}>{escape(code)}</text>'


def _chip(unit: Any, x: float, y: float, side_hint: str = "greek") -> str:
    """A unit under the top of its pile (or in the Ephialtes Box): a bar of its side's shape, code and marks."""
    at = f'transform="translate({x:g} {y:g})"'
    side = _side_of(unit) if isinstance(unit, dict) else side_hint
    shape = SHAPE[side][1]
    if _is_hidden(unit):
        return f'<g class="u {SIDE_CLASS[side]} hid" {at}><use href="{shape}" class="chp"/></g>'
    uid = str(unit["id"])
    label = unit_label(uid, side) + (" " + _marks(unit) if _marks(unit) else "")
    return (f'<g data-ref={quoteattr("u:" + uid)} aria-label={_aria(unit)} class="{_unit_class(unit, "chip")}" '
            f'{at}>{_tooltip(unit)}<use href="{shape}" class="chp"/><text class="cl" y="4.5">{escape(label)}</text>'
            "</g>")


def _pile(units: list[Any], cx: float, scale: float = 1.0) -> str:
    """One side's pile in an area, top first: the top unit large, the others as chips under it (the whole
    pile drawn at ``scale`` around the cell's top when two sides share the area)."""
    top_y = 6.0 + HALF
    out = [_counter(units[0], 0, top_y, len(units))]
    rest = units[1:]
    below = top_y + HALF + 3
    room = CELL / scale - below - 2
    step = min(CHIP_H + 2.0, room / max(len(rest), 1))
    y = below + step / 2
    for unit in rest:
        out.append(_chip(unit, 0, y, _side_of(units[0]) if isinstance(units[0], dict) else "greek"))
        y += step
    zoom = f" scale({scale:g})" if scale != 1 else ""
    return f'<g transform="translate({cx:g} 0){zoom}">' + "".join(out) + "</g>"


# ==================================================================================== the board
def _road_path(amap: AreaMap, index: int) -> str:
    """The road through one cell: from its centre towards the previous and the next road area."""
    if index not in amap.road:
        return ""
    k = amap.road.index(index)
    me = amap.areas[index]
    c = CELL / 2
    segs = []
    for j in (k - 1, k + 1):
        if 0 <= j < len(amap.road):
            other = amap.areas[amap.road[j]]
            dx = amap.rows.index(other.row) - amap.rows.index(me.row)
            dy = other.column - me.column
            segs.append(f"M{c:g} {c:g}L{c + dx * c:g} {c + dy * c:g}")
        else:  # the road leaves the map at its west or east end
            segs.append(f"M{c:g} {c:g}L{0 if k == 0 else CELL} {c:g}")
    return f'<path class="rd" d="{"".join(segs)}"/>'


def _first_column(amap: AreaMap) -> int:
    """The first map column with a passable area: a column of sea only is drawn as the sea band."""
    return min(a.column for a in amap.areas if a.passable)


@functools.lru_cache(maxsize=8)
def _ground(data_dir: Path | None) -> tuple[tuple[str, bool], ...]:
    """Each area's cell without its pieces, drawn once per data folder (issue 11/8: the board is drawn for every
    page, and the map never changes): the drawing, open (its pieces and "</g>" follow) when the area takes pieces,
    closed ("" or the sea's rect) when it does not."""
    amap = _map(data_dir)
    first = _first_column(amap)
    out: list[tuple[str, bool]] = []
    for index, area in enumerate(amap.areas):
        x = X0 + amap.rows.index(area.row) * CELL
        y = HEAD + EDGE + (area.column - first) * CELL
        if area.column < first:
            out.append(("", False))
            continue
        if not area.passable:
            out.append((f'<rect class="sea" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>', False))
            continue
        parts = [f'<g data-ref="a:{area.name}" aria-label={quoteattr(area_label(amap, area.name))} '
                 f'class="a {TERRAIN_CLASS.get(area.terrain, "t1")}" transform="translate({x} {y})">',
                 f'<rect class="t" width="{CELL}" height="{CELL}"/>']
        if area.terrain == "wall":
            w = 16
            left = (CELL - w) / 2
            if area.road:  # the gate: the road passes through the wall
                h = CELL / 2 - 12
                parts.append(f'<rect class="wl" x="{left:g}" width="{w}" height="{h:g}"/>'
                             f'<rect class="wl" x="{left:g}" y="{CELL - h:g}" width="{w}" height="{h:g}"/>')
            else:
                parts.append(f'<rect class="wl" x="{left:g}" width="{w}" height="{CELL}"/>')
        parts.append(_road_path(amap, index))
        parts.append(f'<text class="an" x="3" y="19">{area.name}</text>')
        if area.terrain == "level2":
            parts.append(f'<text class="kl" x="{CELL / 2:g}" y="{CELL - 3}">{escape(amap.mound_name)} ▲</text>')
        out.append(("".join(parts), True))
    return tuple(out)


def _cell(ground: tuple[str, bool], units: list[Any]) -> str:
    """An area's cell (its ground, _ground) with its pieces: the Persians' pile west of the Greeks' in a melee."""
    drawn, open_ = ground
    if not open_:
        return drawn
    persians = [u for u in units if isinstance(u, dict) and _side_of(u) == "persian"]
    greeks = [u for u in units if isinstance(u, dict) and _side_of(u) == "greek"]
    piles = [p for p in (persians, greeks) if p]  # the Persians come from the west: their pile on the left
    parts = [drawn]
    for k, pile in enumerate(piles):
        if len(piles) == 1:
            parts.append(_pile(pile, CELL / 2))
        else:
            parts.append(_pile(pile, CELL / 4 + k * CELL / 2, MELEE_SCALE))
    parts.append("</g>")
    return "".join(parts)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _contingents(view: dict[str, Any]) -> dict[str, Any]:
    return _dict(_dict(view.get("tracks")).get("contingents"))


def _known(view: dict[str, Any]) -> dict[str, str]:
    """Unit id -> contingent, for every unit the view names with its contingent (on the map, on a track)."""
    out: dict[str, str] = {}
    for cid, c in _contingents(view).items():
        for uid in _list(_dict(c).get("track")):
            out[str(uid)] = cid
    for units in _dict(view.get("areas")).values():
        for u in _list(units):
            if isinstance(u, dict) and u.get("id") and u.get("contingent"):
                out[str(u["id"])] = str(u["contingent"])
    return out


def _off_unit(unit_id: str, view: dict[str, Any], known: dict[str, str], in_box: bool = False) -> dict[str, Any]:
    """An off-map unit, known only by its id: its contingent (the view's word for it, else the longest contingent
    name the id starts with, else, in the box, the guard's) and its side."""
    conts = _contingents(view)
    cont = known.get(unit_id)
    if cont is None:
        for cid in conts:
            if (unit_id == cid or unit_id.startswith(cid + "-")) and (cont is None or len(cid) > len(cont)):
                cont = cid
    guard = _dict(view.get("ephialtes")).get("greek")
    if cont is None and in_box and guard:
        cont = str(guard)  # the guard's units (Peloponnesian cities are not named after their contingent)
    side = _dict(conts.get(cont or "")).get("side")
    if side not in SIDE_CLASS:
        side = "persian" if (cont or "") in PERSIAN_CONTINGENTS else "greek"
    return {"id": unit_id, "contingent": cont, "side": side}


def _tally(units: Iterable[dict[str, Any]]) -> str:
    """Units counted by contingent (by the city of their id when the contingent is unknown): "Medes 22, Susa 18"."""
    counts: dict[str, int] = {}
    for u in units:
        c = u["contingent"] or str(u["id"]).rsplit("-", 1)[0]
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{_title(c)} {n}" for c, n in counts.items())


def _off_map(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The off-map units by place: "box" (the Ephialtes Box), "greek" / "persian" (the pool), "away"."""
    off = _dict(view.get("off_map"))
    known = _known(view)
    pool = [_off_unit(str(u), view, known) for u in _list(off.get("pool"))]
    return {
        "box": [_off_unit(str(u), view, known, True) for u in _list(off.get("box"))],
        "greek": [u for u in pool if u["side"] == "greek"],
        "persian": [u for u in pool if u["side"] == "persian"],
        "away": [_off_unit(str(u), view, known) for u in _list(off.get("away"))],
    }


def _legend_counter(side: str, x: float, y: float, k: float = 0.5) -> str:
    shape = SHAPE[side][0]
    rim = '<use href="#gts-rim" class="rim"/>' if side == "greek" else ""
    return (f'<g class="u {SIDE_CLASS[side]}" transform="translate({x:g} {y:g}) scale({k:g})">'
            f'<use href="{shape}" class="ctr"/>{rim}</g>')


def _legend(amap: AreaMap, x0: float, top: float, width: float) -> tuple[str, float]:
    """The key to the board (issue 11: on the page, not only in the terminal): the sides by shape and
    border, the unit types, each contingent's colour, the counter's marks and the terrain. Its height.

    Each word gets the room of its widest language (the page swaps it for its translation): a row of items
    wraps before it would pass ``width``, a line of notes shrinks to fit it."""
    parts = ['<g class="legend">']
    right = x0 + width
    y = top + 20
    parts.append(f'<text class="lh" x="{x0}" y="{y}">Key</text>')
    x = x0 + shown_width("Key", NOTE, True) + 14
    for side, words in (("greek", "Greek: square, white inner border, code in lower case (spa1)"),
                        ("persian", "Persian: cut corners, CODE IN UPPER CASE (IMM12)")):
        parts.append(_legend_counter(side, x + 10, y - 7, 0.33))
        parts.append(_note(words, x + 28, y, right - x - 28))
        y += 28
    x = x0
    for glyph, name in (("hoplite", "hoplite"), ("mixed", "mixed (spear, bow)"), ("javelin", "javelin"),
                        ("bow", "bow"), ("", "? hidden (fog of war)")):
        step = 34 + shown_width(name, NOTE) + 16
        if x > x0 and x + step - 16 > right:  # the row is full: the item starts the next one
            x, y = x0, y + 28
        if glyph:
            parts.append(f'<g class="u sg" transform="translate({x + 14:g} {y - 7})"><use href="#gts-ctr" '
                         f'class="ctr" transform="scale(.42)"/><use href="#gts-{glyph}" class="ty" '
                         'transform="scale(.8)"/></g>')
        else:
            parts.append(f'<g class="u sp hid key" transform="translate({x + 14:g} {y - 7})">'
                         '<use href="#gts-ctr-p" class="ctr" transform="scale(.42)"/></g>')
        parts.append(f'<text class="nt" x="{x + 34:g}" y="{y}">{escape(name)}</text>')
        x += step
    y += 28
    for side in ("greek", "persian"):
        x = x0
        for cid, fill in CONTINGENT_FILL.items():
            if (cid in PERSIAN_CONTINGENTS) != (side == "persian"):
                continue
            name = _title(cid)
            step = 21 + shown_width(name, KEY_NAME) + 14
            if x > x0 and x + step - 14 > right:
                x, y = x0, y + 26
            parts.append(f'<rect x="{x:g}" y="{y - 14}" width="16" height="16" rx="{2 if side == "greek" else 5}" '
                         f'fill="{fill}" stroke="#222"/><text class="nt nk" x="{x + 21:g}" y="{y}">{name}</text>')
            x += step
        y += 26
    for line in ("Counter: code, type, MF-DV-MA; notch = facing; D disordered; −N step losses;",
                 "dark badge = units in the pile (the top unit large, the rest listed under it).",
                 f"Terrain: clear; {amap.mound_name} mound (level 2); the Wall (row {amap.wall_row}, its gate on "
                 "the road)."):
        parts.append(_note(line, x0, y, width))
        y += 24
    parts.append("</g>")
    return "".join(parts), y - top


def _split(label: str, items: list[str], room: float) -> list[str]:
    """``label: item, item, ...`` as lines that each fit ``room`` in every language at the notes' size: the
    items that do not fit go on to the next line (the page translates each line as it is drawn)."""
    lines: list[str] = []
    line = f"{label}: {items[0]}"
    for item in items[1:]:
        joined = f"{line}, {item}"
        if shown_width(joined, NOTE) > room:
            lines.append(line)
            line = item
        else:
            line = joined
    lines.append(line)
    return lines


def _bottom(amap: AreaMap, view: dict[str, Any], top: float) -> tuple[str, float]:
    """Under the mountain: the key and off-map units (west), the Ephialtes Box (east). Its height."""
    parts: list[str] = []
    eph = _dict(view.get("ephialtes"))
    off = _off_map(view)
    box = off["box"]
    # the box: under the rows east of the Wall (the Immortals come down the path into row O)
    bx = X0 + (amap.rows.index(amap.wall_row) + 1) * CELL + 20
    bw = X0 + len(amap.rows) * CELL - bx
    notes = []
    if eph.get("greek"):
        notes.append(f"{_title(eph['greek'])} guard the path")
    if eph.get("immortals_round") is not None:
        notes.append(f"Immortals enter in round {eph['immortals_round']}")
    if eph.get("immortals_waiting"):
        notes.append("the Immortals wait here")
    lines = [f"{amap.ephialtes_box.name} (exit to row {amap.ephialtes_box.exit_row})", *(notes or ["empty"])]
    head = "".join(_note(line, bx + 10 + (16 if k else 0), top + 24 + 23 * k, bw - 20 - (16 if k else 0))
                   for k, line in enumerate(lines))
    per_row = max(1, int((bw - 16) // (CHIP_W + 4)))
    chips_top = top + 24 + 23 * (len(lines) - 1) + 16
    rows_needed = max(1, -(-len(box) // per_row))
    step = CHIP_H + 4.0
    box_h = max(BOX_H - 8, chips_top - top + rows_needed * step + 8)
    parts.append(f'<g class="ephialtes"><rect class="box" x="{bx}" y="{top}" width="{bw}" height="{box_h:g}" '
                 f'rx="8"/>{head}')
    for k, unit in enumerate(box):
        r, c = divmod(k, per_row)
        parts.append(_chip(unit, bx + 8 + HALF + c * (CHIP_W + 4), chips_top + CHIP_H / 2 + r * step))
    parts.append("</g>")
    # the key and the units off the map
    room = bx - X0 - 16
    key, used = _legend(amap, X0, top, room)
    parts.append(key)
    y = top + used + 2
    for key_, label in (("greek", "Greeks off the map"), ("persian", "Persians off the map"), ("away", "Sent away")):
        if not off[key_]:
            continue
        for k, line in enumerate(_split(label, _tally(off[key_]).split(", "), room - 16)):
            parts.append(_note(line, X0 + (16 if k else 0), y, room - (16 if k else 0)))
            y += 24
    return "".join(parts), max(box_h + 8, y - top - 6)


def render_board(view: dict[str, Any], data_dir: Path | None = None) -> str:
    """The board of ``view`` as a standalone ``<svg>`` (viewBox only; it scales to its container)."""
    amap = _map(data_dir)
    areas = _dict(view.get("areas"))
    n_rows = len(amap.rows)
    first = _first_column(amap)
    grid_w = n_rows * CELL
    grid_h = (amap.columns - first + 1) * CELL
    width = X0 * 2 + grid_w
    mountain_y = HEAD + EDGE + grid_h
    bottom, used = _bottom(amap, view, mountain_y + EDGE + 10)
    height = mountain_y + EDGE + 10 + max(BOX_H, round(used))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gts-board" viewBox="0 0 {width} {height}" '
        'role="group" aria-label="Go Tell the Spartans: the pass at Thermopylae">',
        f"<style>{CSS}</style><defs>{DEFS}</defs>",
        f'<rect width="{width}" height="{height}" fill="#f7f1e1"/>',
    ]
    # the title, shrunk if need be to fit the board's width in every language (issue 11)
    title = "Thermopylae — west (row A, the Persians) ← → east (row O, Alpeni)"
    size = min(HEAD_SIZE, HEAD_SIZE * grid_w / shown_width(title, HEAD_SIZE, True))
    out.append(f'<text class="hd" x="{X0}" y="32"' + (f' style="font-size:{size:.1f}px"' if size < HEAD_SIZE else "")
               + f">{escape(title)}</text>")
    # row letters (top) and column numbers (both sides)
    for k, row in enumerate(amap.rows):
        cls = ' style="fill:#3b3225"' if row == amap.wall_row else ""
        out.append(f'<text class="lb" x="{X0 + k * CELL + CELL / 2:g}" y="{HEAD - 6}"{cls}>{row}</text>')
    for col in range(first, amap.columns + 1):
        cy = HEAD + EDGE + (col - first) * CELL + CELL / 2 + 9
        out.append(f'<text class="lb" x="{X0 / 2:g}" y="{cy:g}">{col}</text>'
                   f'<text class="lb" x="{X0 * 1.5 + grid_w:g}" y="{cy:g}">{col}</text>')
    sea = "North: the sea (Malian Gulf" + (f", map column{'s' if first > 2 else ''} 1" +
                                            (f"-{first - 1}" if first > 2 else "") if first > 1 else "") + ")"
    out.append(f'<rect class="sea" x="{X0}" y="{HEAD}" width="{grid_w}" height="{EDGE}"/>'
               f'<text class="nt" x="{X0 + 8}" y="{HEAD + 20}">{escape(sea)}</text>')
    day = view.get("day")
    if day is not None:  # the turn after the sea's note, west of the page's zoom buttons (the board's NE corner)
        status = f"Day {day}, series {view.get('series', '-')}, round {view.get('round', '-')}"
        sx = X0 + 8 + shown_width(sea, NOTE) + 40
        out.append(_note(status, sx, HEAD + 20, X0 + grid_w * 0.75 - sx, extra="font-weight:bold"))
    for area, ground in zip(amap.areas, _ground(data_dir), strict=True):
        out.append(_cell(ground, _list(areas.get(area.name))))
    out.append(f'<rect class="mtn" x="{X0}" y="{mountain_y}" width="{grid_w}" height="{EDGE}"/>'
               f'<text class="nt" x="{X0 + 8}" y="{mountain_y + 20}" style="fill:#fff">South: the mountain '
               f"(Kallidromos, impassable)</text>")
    out.append(bottom)
    out.append("</svg>")
    return "".join(out)


# ================================================================================= action refs
def _refs(words: list[str]) -> list[str]:
    verb = words[0] if words else ""
    if verb == "place" and len(words) == 4:
        return [f"a:{words[2]}", f"f:{words[3]}"]
    if verb == "move" and len(words) == 4:
        return [f"u:{words[1]}", f"a:{words[2]}", f"f:{words[3]}"]
    if verb == "attack" and len(words) == 5 and words[3] == "from":
        return [f"u:{words[1]}", f"a:{words[2]}"]
    if verb == "fire" and len(words) == 3:
        return [f"u:{words[1]}", f"a:{words[2]}"]
    return []  # guard/west/stay/commit, detach, retreat/feint/stand, end ...: chosen from the list


def action_refs(view: dict[str, Any], legal: list[str]) -> list[list[str]]:
    """For each legal action, in order, the refs a player clicks to choose it ([] = choose it from the list).

    "place X H8 W" -> ["a:H8", "f:W"] (the prompt names X); "move X H8 W" -> ["u:X", "a:H8", "f:W"];
    "attack X H8 from G8" -> ["u:X", "a:H8"], or ["u:X", "a:H8", "a:G8"] when X may enter H8 from more than
    one area (or a shorter sequence would be the start of another action's); "fire X H8" -> ["u:X", "a:H8"].
    No complete sequence is the start of another, so a click sequence names at most one action."""
    del view  # every ref is read off the action's text; the view is for future hints
    split = [a.split() for a in legal]
    seqs = [_refs(w) for w in split]
    attacks: dict[tuple[str, str], int] = {}
    for w in split:
        if w and w[0] == "attack" and len(w) == 5:
            attacks[(w[1], w[2])] = attacks.get((w[1], w[2]), 0) + 1
    prefixes = {tuple(s[:k]) for s in seqs for k in range(1, len(s))}
    for i, w in enumerate(split):
        if w and w[0] == "attack" and seqs[i] and (attacks[(w[1], w[2])] > 1 or tuple(seqs[i]) in prefixes):
            seqs[i] = [*seqs[i], f"a:{w[4]}"]
    return seqs


def action_labels(view: dict[str, Any], legal: list[str], data_dir: Path | None = None) -> list[str]:
    """Each legal action in words (the buttons): units by their codes, areas by where they lie, the same
    words as the terminal's (``text.action_label``); the action's text stays the record's (the title)."""
    del view
    amap = _map(data_dir)
    return [action_label(a, amap) for a in legal]


# ==================================================================================== describe
# the side panel's words (issue 11: words, not the view's ids), translated by the page (the shared catalog); the
# phases' words are the terminal's too (text.PHASES)
SIDES = {"greek": N_("Greeks"), "persian": N_("Persians")}
DAY = N_("Day {day}, Action Round {round} of series {series}")
TO_MOVE = N_("To move: {sides}")


def describe(view: dict[str, Any]) -> dict[str, Any]:
    """The side panel: what matters now first (the day and round, the phase with its rule, whose move: ``now``),
    then the prompt, the army and contingent tracks, the Ephialtes path, the units off the map and the log."""
    tracks = _dict(view.get("tracks"))
    army_doc = _dict(tracks.get("army"))
    army = []
    for side in ("greek", "persian"):
        a = _dict(army_doc.get(side))
        if not a:
            continue
        units = [unit_label(str(u)) for u in _list(a.get("units"))]  # by their codes (issue 11), not their ids
        entry: dict[str, Any] = {"side": side, "filled": len(units), "rout_at": _num(a.get("rout_at")),
                                 "units": units, "crises": _num(a.get("crises"))}
        if "gone" in a:
            entry["gone"] = len(_list(a.get("gone")))
        army.append(entry)
    contingents = []
    for cid, c in _dict(tracks.get("contingents")).items():
        c = _dict(c)
        contingents.append({"id": cid, "name": _title(cid), "side": c.get("side"), "lost": _num(c.get("lost")),
                            "boxes": _num(c.get("boxes")), "routs_box": _num(c.get("routs_box")),
                            "routed": bool(c.get("routed")),
                            "track": [unit_label(str(u)) for u in _list(c.get("track"))]})
    eph = _dict(view.get("ephialtes"))
    off = _off_map(view)
    log = log_lines(view)[-LOG_LINES:]
    # what matters now, in words (issue 11): the day and round, the phase with its rule, whose move
    rule = str(view.get("rule") or "").rsplit(" / ", 1)[-1]  # "D.2 / 8.2": the sequence's step, then the rule
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase") or ""))
    to_move = [SIDES.get(str(r), _title(str(r))) for r in _list(view.get("active"))]
    return {
        "title": "Go Tell the Spartans",
        "role": view.get("role"),
        "now": [DAY.format(day=view.get("day"), round=view.get("round"), series=view.get("series")),
                f"{phase} ({rule})" if rule else phase]
        + ([TO_MOVE.format(sides=", ".join(to_move))] if to_move else []),
        "mode": view.get("mode"),
        "prompt": prompt_words(view),
        "persian_contingents_committed_today": [_title(c) for c in _list(view.get("committed"))],
        "persian_contingent_in_action": _title(view["current"]) if view.get("current") else None,
        "victory_points": {SIDES[k]: v for k, v in _dict(view.get("vp")).items() if k in SIDES},
        "army": army,
        "contingents": contingents,
        "ephialtes": {"guard": _title(eph["greek"]) if eph.get("greek") else None,
                      "immortals_round": eph.get("immortals_round"),
                      "immortals_waiting": bool(eph.get("immortals_waiting")),
                      "box": _tally(off["box"])},
        "off_map": {"greek": _tally(off["greek"]), "persian": _tally(off["persian"]), "away": _tally(off["away"])},
        "log": log,
        "outcome": view.get("outcome"),
    }
