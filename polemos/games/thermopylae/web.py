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
from polemos.games.thermopylae.text import ABBREVIATIONS, PERSIAN_CONTINGENTS

__all__ = ["action_refs", "describe", "render_board"]

CELL = 120  # an area's cell, in SVG user units
HALF = 22  # half the side of a large counter
CHIP_H = 11  # height of a chip (a unit under the top of its pile, or in the Ephialtes Box)
CHIP_W = 2 * HALF
X0 = 36  # left margin (column numbers)
HEAD = 58  # title and row letters
EDGE = 22  # the sea band (north) and the mountain band (south)
BOX_H = 170  # the band under the map: legend, off-map units, the Ephialtes Box
LOG_LINES = 8
LINE = 125  # characters of a note under the map (west of the Ephialtes Box)

FACINGS = ("N", "E", "S", "W")
ROTATE = {"N": 0, "E": 90, "S": 180, "W": 270}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
TYPES = ("hoplite", "mixed", "javelin", "bow")
SIDE_CLASS = {"greek": "sg", "persian": "sp"}
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
    ".gts-board .hd{font-size:20px;font-weight:bold;fill:#3b3225;text-anchor:start}"
    ".gts-board .lb{font-size:14px;font-weight:bold;fill:#5b503c}"
    ".gts-board .nt{font-size:12px;fill:#5b503c;text-anchor:start}"
    ".gts-board .an{font-size:10px;fill:#7a6e55;text-anchor:start}"
    ".gts-board .kl{font-size:9px;fill:#6b5427}"
    ".gts-board .t{stroke:#b4a682;stroke-width:1}"
    ".gts-board .t1 .t{fill:#ece3c4}.gts-board .t2 .t{fill:#d6ba7f}.gts-board .tw .t{fill:#d2ccbe}"
    ".gts-board .sea{fill:#9cc3e0}.gts-board .mtn{fill:#8f7655}"
    ".gts-board .wl{fill:url(#gts-stones);stroke:#5f5849;stroke-width:1}"
    ".gts-board .rd{fill:none;stroke:#b8955c;stroke-width:8;stroke-linecap:round;opacity:.55}"
    ".gts-board .box{fill:#efe6cf;stroke:#6b5a3a;stroke-width:2;stroke-dasharray:8 4}"
    ".gts-board .sg{fill:#1e5aa8}.gts-board .sp{fill:#b8401f}"
    + "".join(f".gts-board .c-{c}{{fill:{f}}}" for c, f in CONTINGENT_FILL.items())
    + ".gts-board .ctr,.gts-board .chp{stroke-width:2}"
    ".gts-board .sg .ctr,.gts-board .sg .chp{stroke:#0b2547}.gts-board .sp .ctr,.gts-board .sp .chp{stroke:#4a1206}"
    ".gts-board .u text{fill:#fff;font-weight:bold}"
    ".gts-board .ul{font-size:9px}.gts-board .un{font-size:10px}.gts-board .cl{font-size:8px}"
    ".gts-board .ty{fill:none;stroke:#fff;stroke-width:1.6}"
    ".gts-board .fa{stroke:#fff;stroke-width:1}.gts-board .sg .fa{fill:#0b2547}.gts-board .sp .fa{fill:#4a1206}"
    ".gts-board .bg text,.gts-board .bn text{font-size:8px}"
    ".gts-board .bn circle{fill:#222}.gts-board .bl circle{fill:#d32f2f}.gts-board .bo circle{fill:#ef8f00}"
    ".gts-board .hid text{font-size:16px}"
)

DEFS = (
    '<pattern id="gts-stones" width="16" height="10" patternUnits="userSpaceOnUse">'
    '<rect width="16" height="10" fill="#a39a86"/><path d="M0 5H16M8 0V5M0 5V10" stroke="#6f6755" fill="none"/>'
    "</pattern>"
    f'<rect id="gts-ctr" x="-{HALF}" y="-{HALF}" width="{2 * HALF}" height="{2 * HALF}" rx="4"/>'
    f'<rect id="gts-chip" x="-{HALF}" y="-{CHIP_H / 2}" width="{CHIP_W}" height="{CHIP_H}" rx="2"/>'
    f'<path id="gts-fa" d="M-8-{HALF + 1}H8L0-{HALF + 9}Z"/>'
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


def unit_label(unit_id: str) -> str:
    """The short label of a counter: "spartans-1" -> "SPA1", "tegea-3" -> "TEG3", "dahae-bow-2" -> "DAHb2"."""
    parts = str(unit_id).split("-")
    number = ""
    if len(parts) > 1 and parts[-1].isdigit():
        number = parts.pop().lstrip("0") or "0"
    abbr = ABBREVIATIONS.get(parts[0], parts[0][:3])
    sub = "".join(p[:1] for p in parts[1:]).lower()
    return f"{abbr.upper()}{sub}{number}"


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
    parts = [f"{uid} ({_title(unit.get('contingent'))}, {unit.get('type', '?')})"]
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


# ================================================================================ the counters
def _badge(cls: str, x: float, y: float, text: str) -> str:
    return f'<g class="{cls}"><circle cx="{x}" cy="{y}" r="6.5"/><text x="{x}" y="{y + 3}">{escape(text)}</text></g>'


def _counter(unit: dict[str, Any], x: float, y: float, size: int) -> str:
    """The top unit of a pile, large: label, type glyph, MF-DV-MA, facing arrow, badges."""
    at = f'transform="translate({x:g} {y:g})"'
    corner = HALF
    count = _badge("bn", corner, -corner, str(size)) if size > 1 else ""
    if _is_hidden(unit):
        side = _side_of(unit) if isinstance(unit, dict) else "greek"
        return (f'<g class="u {SIDE_CLASS[side]} hid" {at}><use href="#gts-ctr" class="ctr"/>'
                f'<text y="6">?</text>{count}</g>')
    uid = str(unit["id"])
    typ = str(unit.get("type"))
    parts = [
        f'<g data-ref={quoteattr("u:" + uid)} class="{_unit_class(unit, "top")}" {at}>',
        _tooltip(unit),
        '<use href="#gts-ctr" class="ctr"/>',
        f'<text class="ul" y="-11">{escape(unit_label(uid))}</text>',
        f'<use href="#gts-{typ}" class="ty"/>' if typ in TYPES else f'<text class="ul" y="4">{escape(typ[:3])}</text>',
        f'<text class="un" y="{HALF - 4}">{_num(unit.get("mf"))}-{_num(unit.get("dv"))}-{_num(unit.get("ma"))}</text>',
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


def _chip(unit: Any, x: float, y: float, side_hint: str = "greek") -> str:
    """A unit under the top of its pile (or in the Ephialtes Box): a bar with its label and marks."""
    at = f'transform="translate({x:g} {y:g})"'
    if _is_hidden(unit):
        side = _side_of(unit) if isinstance(unit, dict) else side_hint
        return f'<g class="u {SIDE_CLASS[side]} hid" {at}><use href="#gts-chip" class="chp"/></g>'
    uid = str(unit["id"])
    label = unit_label(uid) + (" " + _marks(unit) if _marks(unit) else "")
    return (f'<g data-ref={quoteattr("u:" + uid)} class="{_unit_class(unit, "chip")}" {at}>{_tooltip(unit)}'
            f'<use href="#gts-chip" class="chp"/><text class="cl" y="3">{escape(label)}</text></g>')


def _pile(units: list[Any], cx: float) -> str:
    """One side's pile in an area, top first: the top unit large, the others as chips under it."""
    top_y = 50.0
    out = [_counter(units[0], cx, top_y, len(units))]
    rest = units[1:]
    room = CELL - (top_y + HALF + 9) - 2
    step = min(CHIP_H + 2.0, room / max(len(rest), 1))
    y = top_y + HALF + 9 + step / 2
    for unit in rest:
        out.append(_chip(unit, cx, y, _side_of(units[0]) if isinstance(units[0], dict) else "greek"))
        y += step
    return "".join(out)


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


def _cell(amap: AreaMap, index: int, units: list[Any]) -> str:
    area = amap.areas[index]
    x = X0 + amap.rows.index(area.row) * CELL
    y = HEAD + EDGE + (area.column - 1) * CELL
    at = f'transform="translate({x} {y})"'
    if not area.passable:
        return f'<rect class="sea" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'
    parts = [f'<g data-ref="a:{area.name}" class="a {TERRAIN_CLASS.get(area.terrain, "t1")}" {at}>',
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
    parts.append(f'<text class="an" x="4" y="12">{area.name}</text>')
    if area.terrain == "level2":
        parts.append(f'<text class="kl" x="{CELL / 2:g}" y="{CELL - 3}">{escape(amap.mound_name)} ▲</text>')
    persians = [u for u in units if isinstance(u, dict) and _side_of(u) == "persian"]
    greeks = [u for u in units if isinstance(u, dict) and _side_of(u) == "greek"]
    piles = [p for p in (persians, greeks) if p]  # the Persians come from the west: their pile on the left
    for k, pile in enumerate(piles):
        cx = CELL / 2 if len(piles) == 1 else CELL / 4 + k * CELL / 2
        parts.append(_pile(pile, cx))
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


def _bottom(amap: AreaMap, view: dict[str, Any], top: float) -> str:
    """Under the mountain: the legend and off-map units (west), the Ephialtes Box (east)."""
    parts: list[str] = []
    eph = _dict(view.get("ephialtes"))
    off = _off_map(view)
    box = off["box"]
    # the box: under rows H..O (the Immortals come down the path into row O)
    bx = X0 + amap.rows.index(amap.wall_row) * CELL
    bw = X0 + len(amap.rows) * CELL - bx
    parts.append(f'<g class="ephialtes"><rect class="box" x="{bx}" y="{top}" width="{bw}" height="{BOX_H - 8}" '
                 'rx="8"/>')
    notes = []
    if eph.get("greek"):
        notes.append(f"{_title(eph['greek'])} guard the path")
    if eph.get("immortals_round") is not None:
        notes.append(f"the Immortals enter in action round {eph['immortals_round']}")
    if eph.get("immortals_waiting"):
        notes.append("the Immortals wait here")
    head = escape(amap.ephialtes_box.name) + (" — " + escape("; ".join(notes)) if notes else " — empty")
    parts.append(f'<text class="nt" x="{bx + 10}" y="{top + 18}">{head} (exit to row '
                 f'{escape(amap.ephialtes_box.exit_row)})</text>')
    per_row = max(1, int((bw - 16) // (CHIP_W + 4)))
    room = BOX_H - 8 - 30 - 4
    rows_needed = max(1, -(-len(box) // per_row))
    step = min(CHIP_H + 4.0, room / rows_needed)
    for k, unit in enumerate(box):
        r, c = divmod(k, per_row)
        parts.append(_chip(unit, bx + 8 + HALF + c * (CHIP_W + 4), top + 32 + CHIP_H / 2 + r * step))
    parts.append("</g>")
    # the legend and the units off the map
    lx = X0
    y = top + 16
    legend = [("hoplite", "hoplite"), ("mixed", "mixed (spear and bow)"), ("javelin", "javelin"), ("bow", "bow")]
    x = lx
    for glyph, name in legend:
        parts.append(f'<g class="u sg" transform="translate({x + 12} {y - 4})"><use href="#gts-ctr" class="ctr" '
                     f'transform="scale(.5)"/><use href="#gts-{glyph}" class="ty" transform="scale(.75)"/></g>'
                     f'<text class="nt" x="{x + 28}" y="{y}">{name}</text>')
        x += 36 + 7 * len(name)
    lines = [
        "Counters: label, type, MF-DV-MA; the notch shows the facing; D disordered; −N step losses;",
        "the dark badge counts the pile (top unit large, the rest listed under it); ? hidden (fog of war).",
        f"Terrain: clear, {amap.mound_name} mound (level 2), the Wall (row {amap.wall_row}, its gate on the road),",
        "coastal (impassable). The road has no effect on play.",
    ]
    for key, label in (("greek", "Greeks off the map"), ("persian", "Persians off the map"), ("away", "Sent away")):
        if off[key]:
            line = f"{label}: {_tally(off[key])}"
            lines.append(line if len(line) <= LINE else line[: LINE - 1] + "…")
    for k, line in enumerate(lines):
        parts.append(f'<text class="nt" x="{lx}" y="{y + 24 + k * 18}">{escape(line)}</text>')
    return "".join(parts)


def render_board(view: dict[str, Any], data_dir: Path | None = None) -> str:
    """The board of ``view`` as a standalone ``<svg>`` (viewBox only; it scales to its container)."""
    amap = _map(data_dir)
    areas = _dict(view.get("areas"))
    n_rows = len(amap.rows)
    grid_w = n_rows * CELL
    grid_h = amap.columns * CELL
    width = X0 * 2 + grid_w
    mountain_y = HEAD + EDGE + grid_h
    height = mountain_y + EDGE + 10 + BOX_H
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gts-board" viewBox="0 0 {width} {height}" '
        'role="img" aria-label="Go Tell the Spartans: the pass at Thermopylae">',
        f"<style>{CSS}</style><defs>{DEFS}</defs>",
        f'<rect width="{width}" height="{height}" fill="#f7f1e1"/>',
        f'<text class="hd" x="{X0}" y="24">Thermopylae — west (row A, the Persians) ← → east (row O, Alpeni)</text>',
    ]
    day = view.get("day")
    if day is not None:
        status = f"Day {day}, series {view.get('series', '-')}, round {view.get('round', '-')}"
        if view.get("phase"):
            status += f" — {view['phase']}"
        out.append(f'<text class="nt" x="{X0 + grid_w}" y="24" style="text-anchor:end">{escape(status)}</text>')
    # row letters (top) and column numbers (both sides)
    for k, row in enumerate(amap.rows):
        cls = ' style="fill:#3b3225"' if row == amap.wall_row else ""
        out.append(f'<text class="lb" x="{X0 + k * CELL + CELL / 2:g}" y="{HEAD - 8}"{cls}>{row}</text>')
    for col in range(1, amap.columns + 1):
        cy = HEAD + EDGE + (col - 1) * CELL + CELL / 2 + 5
        out.append(f'<text class="lb" x="{X0 / 2:g}" y="{cy:g}">{col}</text>'
                   f'<text class="lb" x="{X0 * 1.5 + grid_w:g}" y="{cy:g}">{col}</text>')
    out.append(f'<rect class="sea" x="{X0}" y="{HEAD}" width="{grid_w}" height="{EDGE}"/>'
               f'<text class="nt" x="{X0 + 8}" y="{HEAD + 15}">North: the sea (Malian Gulf)</text>')
    for index in range(len(amap.areas)):
        out.append(_cell(amap, index, _list(areas.get(amap.areas[index].name))))
    out.append(f'<rect class="mtn" x="{X0}" y="{mountain_y}" width="{grid_w}" height="{EDGE}"/>'
               f'<text class="nt" x="{X0 + 8}" y="{mountain_y + 15}" style="fill:#fff">South: the mountain '
               f"(Kallidromos, impassable)</text>")
    out.append(_bottom(amap, view, mountain_y + EDGE + 10))
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


# ==================================================================================== describe
def describe(view: dict[str, Any]) -> dict[str, Any]:
    """A small JSON summary for the side panel."""
    tracks = _dict(view.get("tracks"))
    army_doc = _dict(tracks.get("army"))
    army = []
    for side in ("greek", "persian"):
        a = _dict(army_doc.get(side))
        if not a:
            continue
        units = [str(u) for u in _list(a.get("units"))]
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
                            "routed": bool(c.get("routed")), "track": [str(u) for u in _list(c.get("track"))]})
    eph = _dict(view.get("ephialtes"))
    off = _off_map(view)
    log = log_lines(view)[-LOG_LINES:]
    return {
        "title": "Go Tell the Spartans",
        "role": view.get("role"),
        "mode": view.get("mode"),
        "day": view.get("day"),
        "series": view.get("series"),
        "round": view.get("round"),
        "day_round": view.get("day_round"),
        "phase": view.get("phase"),
        "rule": view.get("rule"),
        "prompt": view.get("prompt") or "",
        "to_move": list(_list(view.get("active"))),
        "committed": [_title(c) for c in _list(view.get("committed"))],
        "current": _title(view["current"]) if view.get("current") else None,
        "vp": dict(_dict(view.get("vp"))),
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
