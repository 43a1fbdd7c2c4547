"""Draws Sparta vs. Athens' point-to-point map as a standalone SVG document.

:func:`render_map` (``polemos map sparta-vs-athens``) loads the components and calls
:func:`render_svg`. Locales stand at their real positions (an equirectangular projection about
38.5 N; Italy and Sicily unrotated, 2.1 Note), nudged apart where cities crowd. Each locale shows
its garrison (2.3) in a black circle, or a black square if walled, on the colour of its nationality
(2.9); a Delos Confederation city carries its tribute in a red box next to a blue box (2.16
Errata). Land paths are solid, sea paths dashed (2.1). The Propontis' narrows (9.3) are marked.
Clickable pieces carry ``data-locale`` / ``data-path`` attributes.

The land is drawn under everything from real coastlines: ``data/coast.json``, GSHHG shorelines
derived once by ``scripts/sparta_vs_athens_coast.py`` (its provenance is in the file), in degrees,
projected here as the locales are (a player's ``--data`` folder may bring its own ``coast.json``).

Limits: a drawing of the data, not the published map; no pieces or markers (the browser table's
``web.py`` adds those from the game's view).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar
from xml.sax.saxutils import escape

from polemos.core.polygon import clip
from polemos.games.sparta_vs_athens.data import DATA_DIR, load_components
from polemos.games.sparta_vs_athens.model import COLOURS, LAND_PATH, Components, Locale
from polemos.games.sparta_vs_athens.model import Path as MapPath
from polemos.i18n import N_, shown_width

T = TypeVar("T")
Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

SCALE = 200.0  # pixels per degree of latitude
MID_LAT = 38.5
RADIUS = 6.5
MIN_GAP = 30.0
LAND_TITLE = "Land (real coastlines, GSHHG)"  # the legend's words (messages.py: the catalog has them)
MARGIN = 40.0
LEGEND_WIDTH = 300.0

SEA = "#cfe3f2"
LAND = "#efe7d2"  # the land under the map (coast.json)
COAST = "#9c8f72"
FILL = {"red": "#d23b2f", "orange": "#f08a24", "yellow": "#f2d232", "blue": "#2f62c2", "purple": "#7d3fa8",
        "green": "#3a9a4a", "beige": "#d8c29a", "white": "#f7f7f7", "grey": "#9a9a9a"}
LAND_STROKE = "#7a5230"
SEA_STROKE = "#2f6fc2"
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'

# ------------------------------------------------------------------------------------------ fit zoom (issue 11)
# The map is wide (about 3400 units), so at a desktop's fit zoom a unit is about 0.28 px and the locales' names
# (8.5 units) are unreadable. The page (app.js BoardView) adds the class "far" to the board while a unit is drawn
# smaller than NEAR_SCALE px (the board's data-near-scale): then the names of the regions and seas and of the
# chief cities (FAR_GARRISON and up) are shown in large type and the detail (every locale's name, the tribute
# boxes) is hidden; zoomed in, the detail returns. Without the class (the standalone map) the detail is shown.
NEAR_SCALE = 0.75
REGION_SIZE = 44.0
FAR_SIZE = 34.0
FAR_GARRISON = 3
#: the regions and seas named at fit zoom: (name, longitude, latitude, a sea?)
REGIONS: tuple[tuple[str, float, float, bool], ...] = (
    (N_("IONIAN SEA"), 18.6, 38.2, True), (N_("AEGEAN SEA"), 24.9, 39.35, True),
    (N_("MEDITERRANEAN SEA"), 19.6, 36.0, True), (N_("PROPONTIS"), 28.0, 40.72, True),
    (N_("SICILY"), 14.1, 37.55, False), (N_("ITALY"), 16.4, 40.35, False), (N_("MACEDONIA"), 22.0, 40.95, False),
    (N_("THRACE"), 25.8, 41.45, False), (N_("ASIA"), 29.6, 38.7, False), (N_("CRETE"), 24.9, 35.2, False),
    (N_("PELOPONNESE"), 22.2, 37.3, False),
)
# A phone draws the whole map at ~0.11 px a unit, where even the large names are 4-5 px. Below FOCUS_SCALE px a unit
# (the chief cities' names under 9 px) the page (app.js BoardView, the board's data-focus and data-focus-scale) fits the
# board to the Aegean world between FOCUS_LON (Corcyra to Byzantium, the whole height) at FOCUS_SCALE or more,
# centred, instead of the whole map, and offers a "Whole map" button; Italy and Sicily are a drag away.
FOCUS_SCALE = round(9 / FAR_SIZE, 3)
FOCUS_LON = (19.5, 29.3)
# Between the two (issue 11): from NEAR_SCALE the locales' names (8.5 units) are ~6.4 px, readable (~12 px) only from
# MID_SCALE. In between the page adds the class "mid" (the board's data-mid-scale): every locale's name is shown in
# MID_SIZE type (~10 px at NEAR_SCALE, ~18 px at MID_SCALE) where it fits clear of the locales' symbols, the tribute
# boxes, the key and each other (_mid; the pieces' words keep clear of it), else in its own small type; the small
# names are hidden meanwhile.
MID_SCALE = 1.4
MID_SIZE = 13.0
STYLE = ("<style>svg.far .sva-near{display:none}svg:not(.far) .sva-far{display:none}"
         ".sva-far text{pointer-events:none}svg:not(.mid) .sva-mid{display:none}svg.mid .sva-near .labels"
         "{display:none}.sva-mid text{pointer-events:none}</style>")


def _fmt(v: float) -> str:
    return f"{v:.1f}"


@dataclass(slots=True)
class _Layout:
    at: list[Point]
    width: float
    height: float
    origin: Point  # the projected point drawn at (0, 0)


def _project(lon: float, lat: float) -> Point:
    return lon * math.cos(math.radians(MID_LAT)) * SCALE, -lat * SCALE


_CACHE: dict[tuple[str, int], tuple[Components, object]] = {}  # per components: what is worked out once


def _once(what: str, c: Components, make: Callable[[], T]) -> T:
    """``make()`` worked out once per ``c`` (the same components object: the drawing and web.py's placement share the
    layout and the map's words, which cost most of a first page under load); the few components a process loads."""
    key = (what, id(c))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]  # type: ignore[return-value]
    value = make()
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[key] = (c, value)
    return value


def _layout(c: Components) -> _Layout:
    """Where each locale stands (worked out once per components; callers only read it)."""
    return _once("layout", c, lambda: _make_layout(c))


def _make_layout(c: Components) -> _Layout:
    home = [_project(loc.lon, loc.lat) for loc in c.locales]
    x0 = min(p[0] for p in home) - MARGIN - 50
    y0 = min(p[1] for p in home) - MARGIN - 20
    at = _relax([(x - x0, y - y0) for x, y in home])
    width = max(p[0] for p in at) + MARGIN + 80 + _legend(c, 0.0, MARGIN)[1]
    height = max(p[1] for p in at) + MARGIN + 40
    return _Layout(at, width, height, (x0, y0))


def _relax(home: list[Point]) -> list[Point]:
    """Push crowded locales apart (pairs closer than MIN_GAP), with a pull back to the true
    position; deterministic: a fixed number of rounds over the pairs in index order."""
    at = [list(p) for p in home]
    n = len(at)
    for _ in range(200):
        moved = False
        for i in range(n):
            for j in range(i + 1, n):
                dx = at[j][0] - at[i][0]
                dy = at[j][1] - at[i][1]
                d = math.hypot(dx, dy)
                if d < MIN_GAP:
                    if d < 1e-6:
                        dx, dy, d = 1.0, 0.0, 1.0
                    push = (MIN_GAP - d) / 2
                    ux, uy = dx / d, dy / d
                    at[i][0] -= ux * push
                    at[i][1] -= uy * push
                    at[j][0] += ux * push
                    at[j][1] += uy * push
                    moved = True
        for i in range(n):
            at[i][0] += (home[i][0] - at[i][0]) * 0.02
            at[i][1] += (home[i][1] - at[i][1]) * 0.02
        if not moved:
            break
    return [(p[0], p[1]) for p in at]


# ------------------------------------------------------------------------------------------ land
@functools.lru_cache(maxsize=4)
def _coast_doc(path: Path) -> dict[str, object]:
    doc: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def coast_file(data_dir: Path | None = None) -> Path:
    """The coastlines to draw: a ``--data`` folder's own ``coast.json``, else the bundled one."""
    if data_dir is not None and (Path(data_dir) / "coast.json").is_file():
        return Path(data_dir) / "coast.json"
    return DATA_DIR / "coast.json"


COAST_OUTSIDE = 2.0  # the coast is cut this far outside the board's edges: the cut's own edges are never seen


def _land(lay: _Layout, path: Path) -> str:
    """The land and its lakes (GSHHG, coast.json), projected as the locales are, under everything: cut to the board
    (issue 11: the data's frame is wider than the board's, and a page that letterboxes the board showed the land
    drawn past its edges), a little outside its edges so the cut's own edges are never drawn, and clipped to it."""
    doc = _coast_doc(path)
    ox, oy = lay.origin
    m = COAST_OUTSIDE
    frame = (-m, -m, lay.width + m, lay.height + m)

    def ring(points: object) -> str:
        assert isinstance(points, list)
        xy = clip([(x - ox, y - oy) for x, y in (_project(float(lon), float(lat)) for lon, lat in points)], frame)
        return "M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in xy) + " Z" if len(xy) >= 3 else ""

    land = " ".join(filter(None, (ring(r) for r in doc.get("land", []))))  # type: ignore[attr-defined]
    lakes = " ".join(filter(None, (ring(r) for r in doc.get("lakes", []))))  # type: ignore[attr-defined]
    out = [f'<clipPath id="sva-board"><rect width="{_fmt(lay.width)}" height="{_fmt(lay.height)}"/></clipPath>'
           f'<g class="land" clip-path="url(#sva-board)"><path d="{land}" fill="{LAND}" stroke="{COAST}" '
           'stroke-width="1" stroke-linejoin="round" fill-rule="nonzero"/>']
    if lakes:
        out.append(f'<path d="{lakes}" fill="{SEA}" stroke="{COAST}" stroke-width="0.6"/>')
    # the tooltip in the legend's words (the page translates it); the credit itself, in the data's English, as
    # the land's description (issue 14: no board word left untranslated)
    out.append(f"<title>{LAND_TITLE}</title><desc>{escape(str(doc.get('provenance', '')))}</desc></g>")
    return "".join(out)


# ------------------------------------------------------------------------------------------ shapes
def _symbol(c: Components, loc: Locale, x: float, y: float) -> str:
    """The garrison number (2.3) in a black square (walled) or circle, ringed by the colour of the
    locale's nationality (2.9); a port has a blue outer ring (7.16)."""
    colour = FILL[COLOURS[c.nationalities[loc.nationality].colour]]
    r = RADIUS
    parts: list[str] = []
    if loc.port:
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r + 5.5)}" fill="none" '
                     f'stroke="{SEA_STROKE}" stroke-width="1.4"/>')
    parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r + 3.2)}" fill="{colour}" '
                 'stroke="#1b1b1b" stroke-width="0.8"/>')
    if loc.walled:
        parts.append(f'<rect x="{_fmt(x - r + 0.8)}" y="{_fmt(y - r + 0.8)}" width="{_fmt(2 * r - 1.6)}" '
                     f'height="{_fmt(2 * r - 1.6)}" fill="#111111"/>')
    else:
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r - 0.6)}" fill="#111111"/>')
    parts.append(f'<text x="{_fmt(x)}" y="{_fmt(y + 3.3)}" text-anchor="middle" font-size="9" '
                 f'font-weight="bold" fill="#ffffff" class="garrison">{loc.garrison}</text>')
    if loc.strait:
        parts.append(f'<path d="M{_fmt(x - r - 6)},{_fmt(y - r - 6)} l4,0 M{_fmt(x - r - 6)},{_fmt(y - r - 6)} '
                     f'l0,4" stroke="#1f78b4" stroke-width="2.2" fill="none"/>')
    return "".join(parts)


TRIBUTE_W, TRIBUTE_H = 22.0, 9.0
_TRIBUTE_CORNERS = ((1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0))


def _tribute_places(c: Components, at: list[Point]) -> dict[int, Box]:
    """Where each Delos city's tribute boxes go: the corner beside it that covers the fewest
    other locales and tribute boxes (greedy, in locale order)."""
    symbols: list[Box] = [(x - RADIUS - 4, y - RADIUS - 4, x + RADIUS + 4, y + RADIUS + 4) for x, y in at]
    placed: dict[int, Box] = {}
    for loc in c.delos_cities():
        x, y = at[loc.index]
        best: tuple[float, Box] | None = None
        for cx, cy in _TRIBUTE_CORNERS:
            x0 = x + RADIUS + 2.5 if cx > 0 else x - RADIUS - 2.5 - TRIBUTE_W
            y0 = y + RADIUS - 1 if cy > 0 else y - RADIUS + 1 - TRIBUTE_H
            box = (x0, y0, x0 + TRIBUTE_W, y0 + TRIBUTE_H)
            score = sum(_overlap(box, b) for i, b in enumerate(symbols) if i != loc.index)
            score += sum(_overlap(box, b) for b in placed.values())
            if best is None or score < best[0] - 1e-9:
                best = (score, box)
        assert best is not None
        placed[loc.index] = best[1]
    return placed


def _tribute(loc: Locale, x: float, y: float) -> str:
    """2.16 Errata: the red box (Athenian tribute) next to the blue box (Spartan tribute)."""
    out = []
    for k, (value, fill) in enumerate(((loc.red, "#d23b2f"), (loc.blue, "#2f62c2"))):
        bx = x + k * 11.0
        out.append(f'<rect x="{_fmt(bx)}" y="{_fmt(y)}" width="11" height="9" fill="{fill}" stroke="#1b1b1b" '
                   'stroke-width="0.5"/>'
                   f'<text x="{_fmt(bx + 5.5)}" y="{_fmt(y + 7.4)}" text-anchor="middle" font-size="7.5" '
                   f'fill="#ffffff" class="tribute">{value}</text>')
    return "".join(out)


# ------------------------------------------------------------------------------------------ paths
def _path_line(p: MapPath, a: Point, b: Point) -> str:
    ref = f'data-path="{p.index}"'
    coords = f'x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}"'
    title = f"<title>{('Land', 'Sea')[p.type]} path, {p.km:.0f} km</title>"
    if p.type == LAND_PATH:
        return f'<g {ref}><line {coords} stroke="{LAND_STROKE}" stroke-width="2"/>{title}</g>'
    return (f'<g {ref}><line {coords} stroke="{SEA_STROKE}" stroke-width="1.5" stroke-dasharray="6 4"/>'
            f"{title}</g>")


# ------------------------------------------------------------------------------------------ labels
_OFFSETS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8),
            (-0.8, -0.8), (0.0, -1.8), (0.0, 1.8), (1.6, 0.0), (-1.6, 0.0), (1.4, -1.4), (1.4, 1.4),
            (-1.4, 1.4), (-1.4, -1.4), (0.0, -2.6), (0.0, 2.6))
CHAR_W, LABEL_H = 5.2, 9.0


def _labels(c: Components, at: list[Point], reserved: list[Box], boxes: list[Box] | None = None) -> list[str]:
    """Each name beside its locale, where it overlaps least (greedy, most-connected first); ``boxes`` gets the
    names' boxes."""
    taken: list[Box] = [(x - RADIUS - 4, y - RADIUS - 4, x + RADIUS + 4, y + RADIUS + 4) for x, y in at]
    taken.extend(reserved)
    segments = [(at[p.a], at[p.b]) for p in c.paths]
    out: list[str] = []
    order = sorted(c.locales, key=lambda loc: (-len(c.neighbours(loc.index)), loc.index))
    for loc in order:
        x, y = at[loc.index]
        w = CHAR_W * len(loc.name) + 2
        best: tuple[float, float, float, str, Box] | None = None
        for ox, oy in _OFFSETS:
            lx = x + ox * (RADIUS + 6)
            ly = y + oy * (RADIUS + 6)
            anchor = "middle" if abs(ox) < 0.5 else "start" if ox > 0 else "end"
            x0 = lx - w / 2 if anchor == "middle" else lx if anchor == "start" else lx - w
            top = ly - LABEL_H if oy < -0.5 else ly - LABEL_H / 2 if abs(oy) < 0.5 else ly
            box = (x0, top, x0 + w, top + LABEL_H)
            score = (5 * sum(_overlap(box, t) for t in taken) + 0.3 * sum(_crosses(box, p, q) for p, q in segments)
                     + 6 * math.hypot(ox, oy))  # near its locale, so a name is never read as a neighbour's
            if best is None or score < best[0] - 1e-9:
                best = (score, lx, top + LABEL_H - 1.5, anchor, box)
        assert best is not None
        _, lx, base, anchor, box = best
        taken.append(box)
        if boxes is not None:
            boxes.append(box)
        out.append(f'<text x="{_fmt(lx)}" y="{_fmt(base)}" text-anchor="{anchor}" font-size="8.5" '
                   f'data-locale="{loc.index}" class="label">{escape(loc.name)}</text>')
    return out


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(box: Box, p: Point, q: Point) -> float:
    """How much of segment p-q lies inside the box (sampled)."""
    if max(p[0], q[0]) < box[0] or min(p[0], q[0]) > box[2] or max(p[1], q[1]) < box[1] or min(p[1], q[1]) > box[3]:
        return 0.0
    inside = 0
    steps = max(12, int(math.hypot(q[0] - p[0], q[1] - p[1]) / 4))
    for k in range(1, steps):
        t = k / steps
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            inside += 1
    return float(inside)


# ------------------------------------------------------------------------------------------ fit zoom
def _far_reserved(w: float, h: float) -> list[Box]:
    """What the large names keep clear of besides the key: the pieces' key (web.py, top left) and the map's title."""
    return [(0.0, 0.0, 1300.0, 40.0), (0.0, h - 30, 900.0, h)]


def _far_box(x: float, baseline: float, width: float, size: float) -> Box:
    """A large label's box (anchored at its middle): its letters' band, with a little air."""
    return (x - width / 2 - 4, baseline - 0.78 * size, x + width / 2 + 4, baseline + 0.08 * size)


def _counters(at: list[Point]) -> list[Box]:
    """Where each locale's marks may stand (web.py): its symbol, the strength tags under it, the fort/siege
    flags and the leaders beside it, kept clear of the large labels."""
    out: list[Box] = []
    for x, y in at:
        out.append((x - RADIUS - 7, y - RADIUS - 12, x + RADIUS + 7, y + RADIUS + 7))
        out.append((x - 48, y + 6, x + 48, y + 36))  # "A 10L 15N (in)" and the other side's line
        out.append((x + 8, y - 18, x + 100, y + 8))  # F/S/V and the leaders' names
    return out


def _far(c: Components, lay: _Layout, reserved: list[Box], boxes: list[Box] | None = None) -> str:
    """The names shown at fit zoom (class "far", issue 11): the chief cities (garrison FAR_GARRISON and up, the
    strongest first), then the regions and seas, each in large type at the free spot nearest its locale (a thin
    line to it when set aside) or its place, clear of every counter, of each other and of the board's edges; one
    that finds no free spot is left to the zoomed-in view."""
    at = lay.at
    taken = [*_counters(at), *reserved]
    ox, oy = lay.origin
    out = ['<g class="sva-far" paint-order="stroke" stroke="#ffffff" stroke-linejoin="round">']

    def free(box: Box) -> bool:
        return (box[0] >= 4 and box[1] >= 4 and box[2] <= lay.width - 4 and box[3] <= lay.height - 4
                and not any(_overlap(box, t) > 0 for t in taken))

    lines: list[str] = []
    angles = [k * math.pi / 8 for k in range(16)]
    chief = sorted((loc for loc in c.locales if loc.garrison >= FAR_GARRISON),
                   key=lambda loc: (-loc.garrison, loc.index))
    for loc in chief:
        x, y = at[loc.index]
        width = shown_width(loc.name, FAR_SIZE, True)
        for r in (0.0, 12.0, 24.0, 36.0, 48.0, 60.0, 75.0, 90.0, 110.0, 130.0, 150.0, 170.0):
            found = None
            for a in angles:
                bx, by = x + r * math.cos(a), y - RADIUS - 10 + r * math.sin(a)
                box = _far_box(bx, by, width, FAR_SIZE)
                if free(box):
                    found = (bx, by, box)
                    break
            if found is not None:
                bx, by, box = found
                taken.append(box)
                if boxes is not None:
                    boxes.append(box)
                if r > 40:  # a thin line from a name set aside to its locale
                    ends = f'x1="{_fmt(bx)}" y1="{_fmt(by - 0.3 * FAR_SIZE)}" x2="{_fmt(x)}" y2="{_fmt(y)}"'
                    lines.append(f'<line {ends} stroke="#1b1b1b" stroke-width="2.5" stroke-opacity="0.6"/>')
                out.append(f'<text x="{_fmt(bx)}" y="{_fmt(by)}" text-anchor="middle" font-size="{FAR_SIZE:.0f}" '
                           f'font-weight="bold" fill="#1b1b1b" stroke-width="5" data-locale="{loc.index}" '
                           f'class="chief">{escape(loc.name)}</text>')
                break
    for name, lon, lat, sea in REGIONS:
        px, py = _project(lon, lat)
        x, y = px - ox, py - oy
        width = shown_width(name, REGION_SIZE, True)
        spots = sorted(((dx, dy) for dx in range(-240, 241, 20) for dy in range(-160, 161, 20)),
                       key=lambda d: (math.hypot(d[0], d[1]), d))
        for dx, dy in spots:
            box = _far_box(x + dx, y + dy, width, REGION_SIZE)
            if free(box):
                taken.append(box)
                if boxes is not None:
                    boxes.append(box)
                ink = "#3f6f99" if sea else "#7a6440"
                style = ' font-style="italic"' if sea else ""
                out.append(f'<text x="{_fmt(x + dx)}" y="{_fmt(y + dy)}" text-anchor="middle" '
                           f'font-size="{REGION_SIZE:.0f}" '
                           f'font-weight="bold" fill="{ink}" fill-opacity="0.85" stroke-width="3"{style} '
                           f'class="region">{escape(name)}</text>')
                break
    out.append("</g>")
    out[1:1] = lines  # under the names
    return "".join(out)


def _mid(c: Components, lay: _Layout, reserved: list[Box], small: tuple[str, ...], boxes: list[Box]) -> str:
    """The names shown between the fit zoom and the detail (class "mid"): each locale's name in MID_SIZE type at the
    first free spot beside its locale (_OFFSETS, nearest first; the chief cities, then the most connected, first),
    clear of every locale's symbol, of ``reserved`` and of each other, measured in the language it runs longest in
    (``boxes`` gets their boxes: the pieces' words keep clear of them where they can, mid_boxes); a name with no free
    spot keeps its small label (``small``, _labels')."""
    at = lay.at
    taken = [(x - RADIUS - 4, y - RADIUS - 4, x + RADIUS + 4, y + RADIUS + 4) for x, y in at] + reserved
    by_locale = {int(m.group(1)): line for line in small if (m := re.search(r'data-locale="(\d+)"', line))}
    out = ['<g class="sva-mid" paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" '
           'fill="#1b1b1b">']
    order = sorted(c.locales, key=lambda loc: (-loc.garrison, -len(c.neighbours(loc.index)), loc.index))
    for loc in order:
        x, y = at[loc.index]
        w = shown_width(loc.name, MID_SIZE, True) + 2
        h = MID_SIZE * 0.8
        for ox, oy in _OFFSETS:
            lx, ly = x + ox * (RADIUS + 6), y + oy * (RADIUS + 6)
            anchor = "middle" if abs(ox) < 0.5 else "start" if ox > 0 else "end"
            x0 = lx - w / 2 if anchor == "middle" else lx if anchor == "start" else lx - w
            top = ly - h if oy < -0.5 else ly - h / 2 if abs(oy) < 0.5 else ly
            box = (x0, top, x0 + w, top + h)
            if box[0] >= 4 and box[1] >= 4 and box[2] <= lay.width - 4 and box[3] <= lay.height - 4 and not any(
                    _overlap(box, t) > 0 for t in taken):
                taken.append(box)
                boxes.append(box)
                out.append(f'<text x="{_fmt(lx)}" y="{_fmt(top + h)}" text-anchor="{anchor}" '
                           f'font-size="{MID_SIZE:.0f}" font-weight="bold" data-locale="{loc.index}">'
                           f"{escape(loc.name)}</text>")
                break
        else:
            out.append(by_locale[loc.index].replace('class="label"', 'class="small"'))  # one "label" a locale
    out.append("</g>")
    return "".join(out)


# ------------------------------------------------------------------------------------------ legend
def _legend(c: Components, x: float, y: float) -> tuple[str, float, list[str]]:
    """The key, the width of the column it takes (LEGEND_WIDTH, or its longest line's in the language it runs
    longest in, issue 11) and its lines' words (the page's side panel lists them, readable at any zoom)."""
    widest = 0.0
    words: list[str] = []
    parts = [f'<text x="{_fmt(x + 12)}" y="{_fmt(y + 22)}" font-size="13" font-weight="bold">Legend</text>']
    row = y + 44.0

    def item(symbol: str, text: str) -> None:
        nonlocal row, widest
        widest = max(widest, 50 + shown_width(text, 10.5))
        words.append(text)
        parts.append(symbol + f'<text x="{_fmt(x + 50)}" y="{_fmt(row + 4)}">{escape(text)}</text>')
        row += 22

    sx = x + 26
    item(f'<rect x="{_fmt(sx - 10)}" y="{_fmt(row - 7)}" width="20" height="14" fill="{LAND}" stroke="{COAST}"/>',
         LAND_TITLE)
    item(f'<rect x="{_fmt(sx - 10)}" y="{_fmt(row - 7)}" width="20" height="14" fill="{SEA}" stroke="{COAST}"/>',
         "Sea")
    for nat in c.nationalities:
        item(f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="7" fill="{FILL[COLOURS[nat.colour]]}" stroke="#1b1b1b"/>',
             f"{nat.name} ({COLOURS[nat.colour]}, 2.9)")
    sample = c.locale("athens")
    item(f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="6" fill="#111"/>'
         f'<text x="{_fmt(sx)}" y="{_fmt(row + 3.3)}" text-anchor="middle" font-size="9" fill="#fff" '
         'class="u">2</text>',
         "Garrison (GSP) in a circle (2.3)")
    item(f'<rect x="{_fmt(sx - 6)}" y="{_fmt(row - 6)}" width="12" height="12" fill="#111"/>'
         f'<text x="{_fmt(sx)}" y="{_fmt(row + 3.3)}" text-anchor="middle" font-size="9" fill="#fff" '
         f'class="u">{sample.garrison}'
         "</text>", "Walled city: GSP in a square (2.3, 9.0)")
    item(f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="11" fill="none" stroke="{SEA_STROKE}" stroke-width="1.4"/>',
         "Port (7.16)")
    ceos = c.locale("ceos")
    item(_tribute(ceos, sx - 11, row - 4.5), "Delos tribute: red to Athens, blue to Sparta (2.16)")
    item(f'<path d="M{_fmt(sx - 5)},{_fmt(row - 5)} l6,0 M{_fmt(sx - 5)},{_fmt(row - 5)} l0,6" '
         'stroke="#1f78b4" stroke-width="2.2" fill="none"/>', "Narrows of the Propontis (9.3)")
    item(f'<line x1="{_fmt(sx - 16)}" y1="{_fmt(row)}" x2="{_fmt(sx + 16)}" y2="{_fmt(row)}" stroke="{LAND_STROKE}" '
         'stroke-width="2"/>', "Land path (2.1)")
    item(f'<line x1="{_fmt(sx - 16)}" y1="{_fmt(row)}" x2="{_fmt(sx + 16)}" y2="{_fmt(row)}" stroke="{SEA_STROKE}" '
         'stroke-width="1.5" stroke-dasharray="6 4"/>', "Sea path between ports (2.1)")
    for text in ("Reconstructed map (Polemos design):", "real positions, crowded cities nudged",
                 "apart; Italy and Sicily not rotated."):
        parts.append(f'<text x="{_fmt(x + 12)}" y="{_fmt(row + 6)}" font-size="9.5" fill="#555">{escape(text)}</text>')
        row += 13
        widest = max(widest, 12 + shown_width(text, 9.5))
    width = max(LEGEND_WIDTH, widest + 32)
    box = (f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(width - 20)}" height="{_fmt(row + 14 - y)}" '
           'fill="#fbf8ef" stroke="#8a7d62" rx="6"/>')
    return '<g class="legend" font-size="10.5">' + box + "".join(parts) + "</g>", width, words


# ------------------------------------------------------------------------------------------ document
@dataclass(frozen=True, slots=True)
class _Words:
    """The map's words, laid out once per components (_once): the key's column, the tribute boxes, every locale's
    name (its SVG and boxes) and the fit zoom's large names (their SVG and boxes)."""

    legend: Box
    tribute: dict[int, Box]
    labels: tuple[str, ...]
    names: tuple[Box, ...]
    far: str
    far_boxes: tuple[Box, ...]
    mid: str
    mid_boxes: tuple[Box, ...]


def _words(c: Components) -> _Words:
    def make() -> _Words:
        lay = _layout(c)
        w, h = lay.width, lay.height
        legend: Box = (w - _legend(c, 0.0, MARGIN)[1], 0.0, w, h)
        tribute = _tribute_places(c, lay.at)
        names: list[Box] = []
        labels = _labels(c, lay.at, [legend, *tribute.values()], names)
        far_boxes: list[Box] = []
        far = _far(c, lay, [legend, *_far_reserved(w, h)], far_boxes)
        mid_boxes: list[Box] = []
        mid = _mid(c, lay, [legend, *tribute.values(), *_far_reserved(w, h)], tuple(labels), mid_boxes)
        return _Words(legend, tribute, tuple(labels), tuple(names), far, tuple(far_boxes), mid, tuple(mid_boxes))

    return _once("words", c, make)


def detail_boxes(c: Components) -> list[Box]:
    """Where the zoomed-in map's words stand (every locale's name, the tribute boxes, the key's column): web.py sets
    the pieces' words clear of them."""
    words = _words(c)
    boxes: list[Box] = [words.legend, *words.tribute.values()]
    # a name's box is laid out at CHAR_W a letter; its drawn width (DejaVu Sans, either language) may run wider
    boxes += [(b[0] - 4, b[1] - 1, b[2] + 4, b[3] + 1) for b in words.names]
    boxes += words.far_boxes  # the fit zoom's names
    return boxes


def mid_boxes(c: Components) -> list[Box]:
    """Where the middle zoom's names stand (_mid): web.py keeps the pieces' words clear of them too where it can,
    but never at the cost of meeting a name of the detail or of the fit zoom (the middle names are hidden when the
    small ones show, so a crowded locale's words may cover a middle name rather than a small one)."""
    return list(_words(c).mid_boxes)


def legend_words(c: Components) -> list[str]:
    """The key's lines (its swatches' words), for the side panel."""
    return _legend(c, 0.0, MARGIN)[2]


def render_svg(c: Components, coast: Path | None = None) -> str:
    """The whole map as an SVG document (``coast``: the coastlines file, by default the bundled one)."""
    lay = _layout(c)
    at = lay.at
    w, h = lay.width, lay.height
    words = _words(c)
    legend_x = words.legend[0]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(w)} {_fmt(h)}" width="{_fmt(w)}" '
           f'height="{_fmt(h)}" data-near-scale="{NEAR_SCALE}" data-mid-scale="{MID_SCALE}" '
           f'data-focus="{_focus(lay)}" '
           f'data-focus-scale="{FOCUS_SCALE}" {FONT}>',
           "<title>Sparta vs. Athens - the map (reconstructed)</title>", STYLE,
           f'<rect width="{_fmt(w)}" height="{_fmt(h)}" fill="{SEA}"/>',
           _land(lay, coast or coast_file())]
    for p in sorted(c.paths, key=lambda p: -p.type):  # sea lanes under the roads
        out.append(_path_line(p, at[p.a], at[p.b]))
    for loc in c.locales:
        x, y = at[loc.index]
        out.append(f'<g data-locale="{loc.index}" class="locale"><title>{escape(_title(c, loc))}</title>'
                   f"{_symbol(c, loc, x, y)}</g>")
    tribute = words.tribute
    out.append('<g class="sva-near">')
    for index, box in tribute.items():  # above every locale, so no neighbour hides them (2.16)
        out.append(f'<g data-tribute="{index}" class="tribute">{_tribute(c.locales[index], box[0], box[1])}</g>')
    out.append('<g class="labels" paint-order="stroke" stroke="#ffffff" stroke-width="2.6" '
               'stroke-linejoin="round" fill="#1b1b1b">')
    out.extend(words.labels)
    out.append("</g></g>")
    out.append(_legend(c, legend_x, MARGIN)[0])
    out.append(words.mid)
    out.append(words.far)
    out.append(f'<text x="{_fmt(MARGIN)}" y="{_fmt(h - 12)}" font-size="11" fill="#35587a">'
               "Sparta vs. Athens (S&amp;T 286): reconstructed map for Polemos</text>")
    out.append("</svg>")
    return "\n".join(out)


def _focus(lay: _Layout) -> str:
    """The board's part a small screen frames at fit (data-focus: x0 y0 x1 y1 in the board's units): FOCUS_LON's
    meridians, top to bottom."""
    x0, x1 = (_project(lon, MID_LAT)[0] - lay.origin[0] for lon in FOCUS_LON)
    return f"{_fmt(max(0.0, x0))} 0 {_fmt(min(lay.width, x1))} {_fmt(lay.height)}"


def _title(c: Components, loc: Locale) -> str:
    """A locale's tooltip: its name, nationality and garrison, then its other marks after semicolons (each
    a message of its own, so the page shows it in the reader's language)."""
    bits = [f"{loc.name}: {c.nationalities[loc.nationality].name}, garrison {loc.garrison}"]
    if loc.walled:
        bits.append("walled")
    if loc.port:
        bits.append("port")
    if loc.delos:
        bits.append(f"tribute {loc.red} to Athens, {loc.blue} to Sparta")
    if loc.propontis:
        bits.append("Propontis")
    if loc.strait:
        bits.append("narrows (9.3)")
    return "; ".join(bits)


def render_map(data_dir: Path | None = None) -> str:
    """The map SVG from the bundled component data, or a player's ``--data`` directory."""
    return render_svg(load_components(data_dir), coast_file(data_dir))


__all__ = ["detail_boxes", "legend_words", "mid_boxes", "render_map", "render_svg"]
