"""Draws The Peloponnesian War's point-to-point map as a standalone SVG document.

:func:`render_map` (``polemos map peloponnesian-war`` once the game is registered, and the game's
future web module) loads the components and calls :func:`render_svg`. Spaces stand at their real
positions (an equirectangular projection about 38.5 N, drawn 1.6 times taller than wide and with
Sicily and Italy brought closer, so that the whole map fills a screen with its names readable),
nudged apart where cities crowd (the Achaean shore, Attica, the Argolid); the legend stands in
the margin east of the Euxine. Shapes give a space's kind (Land square, Coastal triangle, Island
circle), colours its League, a double outline a fortress; LOCs are styled by type, the special
ones (Long Walls, Isthmus, the Taenarum-Syracuse storm route, the strait crossings) marked and
explained in the legend.
Clickable pieces carry ``data-space`` / ``data-loc`` attributes.

Limits: a drawing of the data, not the published map; no pieces or markers (those belong to the
game's view, when its rules exist).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.model import (
    COASTAL,
    COMBINED_LOC,
    DELIAN,
    ISLAND,
    LAND,
    LAND_LOC,
    NAVAL_LOC,
    NEUTRAL,
    NO,
    PELOPONNESIAN,
    SIDES,
    Components,
    Loc,
    Space,
)
from polemos.i18n import shown_width

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

SCALE = 85.0  # pixels per degree of latitude (names and symbols keep their size: they read at fit zoom)
Y_STRETCH = 1.6  # north-south drawn this much longer: the map fills a screen, crowded Greece has room
WEST_LON = 19.0  # west of this meridian (Epidamnus, Corcyra) ...
WEST_SQUEEZE = 0.45  # ... the drawing is this much narrower (Sicily and Italy come closer)
MID_LAT = 38.5  # the projection's standard parallel
RADIUS = 7.5  # a space symbol's half-size in pixels
MIN_GAP = 38.0  # spaces closer than this are pushed apart
MARGIN = 40.0
LEGEND_WIDTH = 290.0

SEA = "#cfe3f2"
ALIGNMENT_FILL = {DELIAN: "#2f6fc2", PELOPONNESIAN: "#c2372f", NEUTRAL: "#e0c25a"}
ALIGNMENT_NAME = {DELIAN: "Delian League (Athens)", PELOPONNESIAN: "Peloponnesian League (Sparta)",
                  NEUTRAL: "Neutral"}
LAND_STROKE = "#7a5230"
NAVAL_STROKE = "#2f6fc2"
SPECIAL_STROKE = {"long_walls": "#222222", "isthmus": "#8e44ad", "storm": "#c0392b"}
STRAIT = "#1f78b4"
REGION_INK = "#8fa6bb"
FONT = "font-family=\"DejaVu Sans, Verdana, sans-serif\""


def _fmt(v: float) -> str:
    return f"{v:.1f}"


@dataclass(slots=True)
class _Layout:
    """Pixel positions of the spaces (after nudging) and the drawing's size."""

    at: list[Point]
    width: float
    height: float


def _project(lon: float, lat: float) -> Point:
    """Equirectangular about MID_LAT: x east, y south, in pixels (before the margin shift). West of
    WEST_LON (Sicily, Italy) longitudes are drawn WEST_SQUEEZE as wide: the open Ionian Sea between
    would otherwise take a third of the drawing and leave every name too small to read when the
    whole map fits a screen."""
    if lon < WEST_LON:
        lon = WEST_LON - (WEST_LON - lon) * WEST_SQUEEZE
    return lon * math.cos(math.radians(MID_LAT)) * SCALE, -lat * SCALE * Y_STRETCH


def _layout(c: Components) -> _Layout:
    home = [_project(s.lon, s.lat) for s in c.spaces]
    x0 = min(p[0] for p in home) - MARGIN - 60  # room for a label west of the westernmost space
    y0 = min(p[1] for p in home) - MARGIN - 20
    at = _relax([(x - x0, y - y0) for x, y in home])
    width = max(p[0] for p in at) + MARGIN + 90 + LEGEND_WIDTH
    height = max(p[1] for p in at) + MARGIN + 30
    return _Layout(at, width, height)


def _relax(home: list[Point]) -> list[Point]:
    """Push crowded spaces apart (pairs closer than MIN_GAP), with a pull back to the true position.

    Deterministic: a fixed number of rounds over the pairs in index order.
    """
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


# ------------------------------------------------------------------------------------------ shapes
def _symbol(s: Space, x: float, y: float) -> str:
    """The space's shape by kind (1.1.1), fill by alignment, double outline for a fortress."""
    fill = ALIGNMENT_FILL[s.alignment]
    r = RADIUS + (2.5 if s.home != NO else 0.0)
    parts: list[str] = []
    outline = 'stroke="#1b1b1b" stroke-width="1.3"'
    if s.kind == LAND:
        shape = f'<rect x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{_fmt(2 * r)}" height="{_fmt(2 * r)}"'
        ring = (f'<rect x="{_fmt(x - r - 3)}" y="{_fmt(y - r - 3)}" width="{_fmt(2 * r + 6)}" '
                f'height="{_fmt(2 * r + 6)}"')
    elif s.kind == COASTAL:
        pts = _triangle(x, y, r * 1.25)
        shape = f'<polygon points="{pts}"'
        ring = f'<polygon points="{_triangle(x, y, r * 1.25 + 4.5)}"'
    else:
        shape = f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}"'
        ring = f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r + 3)}"'
    if s.fortress:
        parts.append(f'{ring} fill="#ffffff" {outline}/>')
    parts.append(f'{shape} fill="{fill}" {outline}/>')
    if s.home != NO:
        parts.append(_star(x, y + 0.5, r * 0.62, "#ffffff"))
    elif s.coalition != NO or s.stands_in_for != NO:
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y + 0.5)}" r="2.6" fill="#ffffff"/>')
    elif s.power != NO:
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y + 0.5)}" r="2.6" fill="#1b1b1b"/>')
    return "".join(parts)


def _triangle(x: float, y: float, r: float) -> str:
    return " ".join(f"{_fmt(x + r * math.cos(a))},{_fmt(y + 0.15 * r + r * math.sin(a))}"
                    for a in (math.radians(-90), math.radians(30), math.radians(150)))


def _star(x: float, y: float, r: float, fill: str) -> str:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append(f"{_fmt(x + rad * math.cos(a))},{_fmt(y + rad * math.sin(a))}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'


# ------------------------------------------------------------------------------------------ LOCs
def _loc_line(loc: Loc, a: Point, b: Point) -> str:
    ref = f'data-loc="{loc.index}"'
    coords = f'x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}"'
    title = f"<title>{escape(_loc_title(loc))}</title>"
    if loc.long_walls:
        return (f'<g {ref}><line {coords} stroke="{SPECIAL_STROKE["long_walls"]}" stroke-width="6"/>'
                f'<line {coords} stroke="#f4efe3" stroke-width="2.4"/>{title}</g>')
    if loc.isthmus:
        return (f'<g {ref}><line {coords} stroke="{SPECIAL_STROKE["isthmus"]}" stroke-width="4.5"/>'
                f'<line {coords} stroke="{LAND_STROKE}" stroke-width="1.6"/>{title}</g>')
    if loc.storm:
        return (f'<g {ref}><line {coords} stroke="{SPECIAL_STROKE["storm"]}" stroke-width="2.2" '
                f'stroke-dasharray="2 5" stroke-linecap="round"/>{title}</g>')
    if loc.type == LAND_LOC:
        return f'<g {ref}><line {coords} stroke="{LAND_STROKE}" stroke-width="2.2"/>{title}</g>'
    if loc.type == NAVAL_LOC:
        return (f'<g {ref}><line {coords} stroke="{NAVAL_STROKE}" stroke-width="1.8" '
                f'stroke-dasharray="7 4"/>{title}</g>')
    return (f'<g {ref}><line {coords} stroke="{LAND_STROKE}" stroke-width="4.2"/>'
            f'<line {coords} stroke="#9cc6ea" stroke-width="1.6"/>{title}</g>')


def _loc_title(loc: Loc) -> str:
    kind = ("Land", "Naval", "Combined")[loc.type]
    extra = (" - the Long Walls (5.3.1)" if loc.long_walls else " - the Isthmus (4.1.2)" if loc.isthmus
             else " - Army only, storm on 5-6 (4.1.3)" if loc.storm else f" - across the strait ({loc.side} side)"
             if loc.side else "")
    return f"{kind} LOC, {loc.km:.0f} km{extra}"


def _strait_channel(c: Components, s: Space, at: list[Point]) -> str:
    """A short water bar through a strait space, across the line between its two sides' LOCs."""
    x, y = at[s.index]
    groups: dict[str, list[Point]] = {side: [] for side in s.strait}
    for other, loc_index in c.neighbours(s.index):
        loc = c.locs[loc_index]
        if loc.side in groups:
            groups[loc.side].append(at[other])
    means = [(sum(p[0] for p in g) / len(g), sum(p[1] for p in g) / len(g)) for g in groups.values() if g]
    if len(means) != 2:
        return ""
    dx, dy = means[1][0] - means[0][0], means[1][1] - means[0][1]
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d, dx / d  # along the channel
    cx, cy = x + dx / d * 13, y + dy / d * 13
    half = 16.0
    ends = (f'x1="{_fmt(cx - nx * half)}" y1="{_fmt(cy - ny * half)}" x2="{_fmt(cx + nx * half)}" '
            f'y2="{_fmt(cy + ny * half)}"')
    return (f'<g class="strait"><line {ends} stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>'
            f'<line {ends} stroke="{STRAIT}" stroke-width="5" stroke-linecap="round"/>'
            f'<title>Strait: {escape(s.name)} ({" / ".join(s.strait)} sides)</title></g>')


# ------------------------------------------------------------------------------------------ labels
_OFFSETS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8),
            (-0.8, -0.8))


def _labels(c: Components, at: list[Point], reserved: list[Box]) -> list[str]:
    """Each name beside its space, on the side that overlaps least (greedy, most-connected first). A name is
    given the width of its widest language (issue 11: the page shows it in the reader's, e.g. "Epidauro
    Limera"), at least 0.6 em a letter."""
    char_w, height = 6.3, 11.0
    taken: list[Box] = [(x - RADIUS - 4, y - RADIUS - 4, x + RADIUS + 4, y + RADIUS + 4) for x, y in at]
    taken.extend(reserved)
    segments = [(at[loc.a], at[loc.b]) for loc in c.locs]
    out: list[str] = []
    order = sorted(c.spaces, key=lambda s: (-(s.home != NO), -len(c.neighbours(s.index)), s.index))
    for s in order:
        x, y = at[s.index]
        bold = s.home != NO or s.coalition != NO or s.power != NO
        w = max(char_w * len(s.name), shown_width(s.name, 10.5, bold)) + 2
        best: tuple[float, float, float, str] | None = None
        for ox, oy in _OFFSETS:
            lx = x + ox * (RADIUS + 5)
            ly = y + oy * (RADIUS + 5)
            anchor = "middle" if abs(ox) < 0.5 else "start" if ox > 0 else "end"
            x0 = lx - w / 2 if anchor == "middle" else lx if anchor == "start" else lx - w
            top = ly - height if oy < -0.5 else ly - height / 2 if abs(oy) < 0.5 else ly
            box = (x0, top, x0 + w, top + height)
            score = sum(_overlap(box, t) for t in taken) + 0.4 * sum(_crosses(box, p, q) for p, q in segments)
            if best is None or score < best[0] - 1e-9:
                best = (score, lx, top + height - 2.0, anchor)
                chosen = box
        assert best is not None
        taken.append(chosen)
        _, lx, base, anchor = best
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x="{_fmt(lx)}" y="{_fmt(base)}" text-anchor="{anchor}" font-size="10.5"{weight} '
                   f'data-space="{s.index}" class="label">{escape(s.name)}</text>')
    return out


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(box: Box, p: Point, q: Point) -> float:
    """How much of segment p-q lies inside the box (sampled)."""
    inside = 0
    steps = max(12, int(math.hypot(q[0] - p[0], q[1] - p[1]) / 4))
    for k in range(1, steps):
        t = k / steps
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            inside += 1
    return float(inside)


# ------------------------------------------------------------------------------------------ legend
def _legend(x: float, y: float) -> str:
    parts = [f'<text x="{_fmt(x + 12)}" y="{_fmt(y + 22)}" font-size="13" font-weight="bold">Legend</text>']
    row = y + 44.0

    def item(symbol: str, text: str) -> None:
        nonlocal row
        parts.append(symbol + f'<text x="{_fmt(x + 48)}" y="{_fmt(row + 4)}">{escape(text)}</text>')
        row += 22

    sx = x + 24
    demo = {LAND: "Land space", COASTAL: "Coastal space", ISLAND: "Island space"}
    for kind, text in demo.items():
        item(_symbol(_sample_space(kind, fortress=False), sx, row), text)
    item(_symbol(_sample_space(LAND, fortress=True), sx, row), "Fortress (double outline)")
    for alignment in (DELIAN, PELOPONNESIAN, NEUTRAL):
        item(f'<rect x="{_fmt(sx - 7)}" y="{_fmt(row - 7)}" width="14" height="14" '
             f'fill="{ALIGNMENT_FILL[alignment]}" stroke="#1b1b1b"/>', ALIGNMENT_NAME[alignment])
    item(_star(sx, row, 6.5, "#1b1b1b"), "Home space (Athens, Sparta)")
    item(f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="6" fill="{ALIGNMENT_FILL[DELIAN]}" stroke="#1b1b1b"/>'
         f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="2.6" fill="#fff"/>', "Coalition space (bold name)")
    item(f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="6" fill="{ALIGNMENT_FILL[NEUTRAL]}" stroke="#1b1b1b"/>'
         f'<circle cx="{_fmt(sx)}" cy="{_fmt(row)}" r="2.6" fill="#1b1b1b"/>', "Neutral power (Argos, Macedon...)")
    row += 4

    def loc_item(loc_type: int, flag: str, text: str) -> None:
        loc = Loc(0, 0, 0, loc_type, flag == "long_walls", flag == "isthmus", flag == "storm", "", 0.0, "")
        line = _loc_line(loc, (sx - 16, row), (sx + 16, row))
        item(line, text)

    loc_item(LAND_LOC, "", "Land LOC")
    loc_item(NAVAL_LOC, "", "Naval LOC")
    loc_item(COMBINED_LOC, "", "Combined LOC")
    loc_item(LAND_LOC, "long_walls", "Long Walls (5.3.1)")
    loc_item(COMBINED_LOC, "isthmus", "Isthmus of Corinth (4.1.2)")
    loc_item(NAVAL_LOC, "storm", "Taenarum-Syracuse, storm (4.1.3)")
    item(f'<line x1="{_fmt(sx - 14)}" y1="{_fmt(row)}" x2="{_fmt(sx + 14)}" y2="{_fmt(row)}" stroke="{STRAIT}" '
         f'stroke-width="5" stroke-linecap="round"/>', "Strait (Naupactus, Byzantium)")
    parts.append(f'<text x="{_fmt(x + 12)}" y="{_fmt(row + 10)}" font-size="9.5" fill="#555">'
                 "Reconstructed map: real positions, drawn</text>")
    parts.append(f'<text x="{_fmt(x + 12)}" y="{_fmt(row + 23)}" font-size="9.5" fill="#555">'
                 "taller, the west closer, crowds spread.</text>")
    box = (f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{LEGEND_WIDTH - 20}" height="{_fmt(row + 36 - y)}" '
           'fill="#fbf8ef" stroke="#8a7d62" rx="6"/>')
    return '<g class="legend" font-size="11">' + box + "".join(parts) + "</g>"


def _sample_space(kind: int, fortress: bool) -> Space:
    """A neutral space of ``kind`` for the legend."""
    return Space(index=0, id="", name="", aliases=(), kind=kind, fortress=fortress, alignment=NEUTRAL, home=NO,
                 home_port=NO, coalition=NO, power=NO, stands_in_for=NO, region=0, island="", strait=(),
                 edge=False, lat=0.0, lon=0.0, rules=(), provenance="")


# ------------------------------------------------------------------------------------------ document
def render_svg(c: Components) -> str:
    """The whole map as an SVG document."""
    lay = _layout(c)
    at = lay.at
    w, h = lay.width, lay.height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(w)} {_fmt(h)}" width="{_fmt(w)}" '
           f'height="{_fmt(h)}" {FONT}>',
           "<title>The Peloponnesian War - the map (reconstructed)</title>",
           f'<rect width="{_fmt(w)}" height="{_fmt(h)}" fill="{SEA}"/>']
    regions, region_boxes = _region_names(c, at)
    out.extend(regions)
    # a map-edge note stands north-east of its space: the names keep clear of it, in every language
    edges = [(at[s.index][0] + 12, at[s.index][1] - 20, at[s.index][0] + 14 + shown_width("(map edge)", 10),
              at[s.index][1] - 7) for s in c.spaces if s.edge]
    for loc in c.locs:
        out.append(_loc_line(loc, at[loc.a], at[loc.b]))
    for s in c.spaces:
        if s.strait:
            out.append(_strait_channel(c, s, at))
    for s in c.spaces:
        x, y = at[s.index]
        edge = ""
        if s.edge:
            edge = (f'<text x="{_fmt(x + 12)}" y="{_fmt(y - 10)}" font-size="10" font-style="italic" '
                    'fill="#35587a">(map edge)</text>')
        out.append(f'<g data-space="{s.index}" class="space"><title>{escape(_space_title(c, s))}</title>'
                   f"{_symbol(s, x, y)}</g>{edge}")
    out.append('<g class="labels" paint-order="stroke" stroke="#ffffff" stroke-width="3" '
               'stroke-linejoin="round" fill="#1b1b1b">')
    out.extend(_labels(c, at, region_boxes + edges))
    out.append("</g>")
    out.append(_legend(w - LEGEND_WIDTH, MARGIN))
    out.append(f'<text x="{_fmt(MARGIN)}" y="{_fmt(h - 10)}" font-size="11" fill="#35587a">'
               "The Peloponnesian War (Victory Games, 1991): reconstructed map for Polemos</text>")
    out.append("</svg>")
    return "\n".join(out)


def _region_names(c: Components, at: list[Point]) -> tuple[list[str], list[Box]]:
    """Faint names of the regions of three or more spaces, each placed (above, below or at the
    middle of its spaces) where it covers no space and no LOC, or left out; and the boxes they take."""
    nodes: list[Box] = [(x - RADIUS - 6, y - RADIUS - 6, x + RADIUS + 6, y + RADIUS + 6) for x, y in at]
    segments = [(at[loc.a], at[loc.b]) for loc in c.locs]
    out: list[str] = []
    boxes: list[Box] = []
    for g in c.regions:
        members = [at[s.index] for s in c.spaces if s.region == g.index]
        if len(members) < 3:
            continue
        text = g.name.upper()
        w = max(9.0 * len(text), shown_width(text, 12) + 2.0 * len(text))  # letter-spacing 2; widest language
        cx = sum(p[0] for p in members) / len(members)
        cy = sum(p[1] for p in members) / len(members)
        top = min(p[1] for p in members)
        bottom = max(p[1] for p in members)
        best: tuple[float, Box] | None = None
        for x, y in ((cx, top - 28), (cx, bottom + 34), (cx, cy + 5), (cx - w / 2, cy + 5), (cx + w / 2, cy + 5)):
            box = (x - w / 2, y - 12, x + w / 2, y + 2)
            score = (sum(_overlap(box, n) for n in nodes + boxes)
                     + 30 * sum(_crosses(box, p, q) for p, q in segments))
            if best is None or score < best[0]:
                best = (score, box)
        assert best is not None
        if best[0] > 0:
            continue  # no clear place: the spaces' own names say enough
        box = best[1]
        boxes.append(box)
        out.append(f'<text x="{_fmt((box[0] + box[2]) / 2)}" y="{_fmt(box[3] - 2)}" text-anchor="middle" '
                   f'font-size="12" font-style="italic" fill="{REGION_INK}" letter-spacing="2">{escape(text)}</text>')
    return out, boxes


def _space_title(c: Components, s: Space) -> str:
    kind = ("Land", "Coastal", "Island")[s.kind]
    bits = [f"{s.name}: {kind}", ALIGNMENT_NAME[s.alignment]]
    if s.fortress:
        bits.append("fortress")
    if s.home != NO:
        bits.append(f"{SIDES[s.home].title()} home space")
    if s.coalition != NO:
        bits.append(f"{SIDES[s.coalition].title()} coalition space")
    if s.power != NO:
        bits.append(f"{c.powers[s.power].name} (neutral power)")
    if s.strait:
        bits.append("strait (" + " / ".join(s.strait) + ")")
    return ", ".join(bits)


def render_map(data_dir: Path | None = None) -> str:
    """The map SVG from the bundled component data, or a player's ``--data`` directory."""
    return render_svg(load_components(data_dir))


__all__ = ["render_map", "render_svg"]
