"""Draws the Athens & Sparta board as a standalone SVG document (``polemos map athens-and-sparta``)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from polemos.games.athens_sparta.model import (
    ATHENS,
    CLEAR,
    EDITION_FIRST,
    MOUNTAIN,
    NEUTRAL,
    NOSIDE,
    OFFBOARD,
    PERSIA,
    SEA,
    SIDE_MOUNTAIN,
    SIDE_NONE,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    Board,
    City,
)

SCALE = 1.7  # pixels per km
MARGIN = 40.0

SEA_FILL = "#a8cbe6"
SEA_DEEP = "#7fb0d8"
CLEAR_FILL = "#efe7c9"
MOUNTAIN_FILL = "#d2b48c"
GRID_STROKE = "#9a8f78"
CHANNEL = "#5b9bd5"
ARROW = "#1f5fa8"
RIVER = "#2f78c4"
RIDGE = "#5a3a1a"
SIDE_COLOURS = {ATHENS: "#1f5fbf", SPARTA: "#c62828", NEUTRAL: "#2e7d32", PERSIA: "#ef6c00", NOSIDE: "#111111"}

Point = tuple[float, float]


def _fmt(v: float) -> str:
    return f"{v:.1f}"


def _pts(points: list[Point]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


class _Canvas:
    def __init__(self, board: Board) -> None:
        self.board = board
        on_map = [c for h, c in enumerate(board.centers) if board.terrain[h] != OFFBOARD]
        self.hex_km = self._hex_km()
        self.radius = self.hex_km / math.sqrt(3) * SCALE  # corner radius in pixels
        xs = [x for x, _ in board.centers]
        ys = [y for _, y in board.centers]
        self.x0 = min(xs) * SCALE - self.radius - MARGIN - (60.0 if min(xs) < min(x for x, _ in on_map) else 0.0)
        self.y0 = min(ys) * SCALE - self.radius - MARGIN - 30.0
        self.width = max(xs) * SCALE - self.x0 + self.radius + MARGIN
        self.height = max(ys) * SCALE - self.y0 + self.radius + MARGIN + 70.0
        self.parts: list[str] = []

    def _hex_km(self) -> float:
        b = self.board
        for h, row in enumerate(b.neighbours):
            if row[3] >= 0:
                return abs(b.centers[row[3]][1] - b.centers[h][1])
        return 48.0

    def at(self, h: int) -> Point:
        x, y = self.board.centers[h]
        return x * SCALE - self.x0, y * SCALE - self.y0

    def corner(self, h: int, k: int, shrink: float = 1.0) -> Point:
        cx, cy = self.at(h)
        a = math.radians(60 * k)
        return cx + self.radius * shrink * math.cos(a), cy + self.radius * shrink * math.sin(a)

    def side(self, h: int, d: int, shrink: float = 1.0) -> tuple[Point, Point]:
        """End points of hexside ``d`` of hex ``h`` (flat-top: N side joins corners 4 and 5)."""
        return self.corner(h, (d + 4) % 6, shrink), self.corner(h, (d + 5) % 6, shrink)

    def direction(self, d: int) -> Point:
        a = math.radians(-90 + 60 * d)
        return math.cos(a), math.sin(a)

    def add(self, s: str) -> None:
        self.parts.append(s)

    def line(self, a: Point, b: Point, stroke: str, width: float, extra: str = "") -> None:
        self.add(
            f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" '
            f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"{extra}/>'
        )

    def text(self, x: float, y: float, s: str, size: float, fill: str = "#222", extra: str = "") -> None:
        self.add(
            f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{size}" fill="{fill}" text-anchor="middle"{extra}>'
            f"{escape(s)}</text>"
        )


def _is_island(board: Board, h: int) -> bool:
    """A small island hex: land whose only land crossings (if any) lead into strait hexes."""
    if board.terrain[h] not in (CLEAR, MOUNTAIN):
        return False
    for d, o in enumerate(board.neighbours[h]):
        if o >= 0 and board.land_side[h][d] != SIDE_NONE and board.terrain[o] != STRAIT:
            return False
    return True


def _draw_hexes(cv: _Canvas) -> None:
    b = cv.board
    for h, t in enumerate(b.terrain):
        if t == OFFBOARD:
            continue
        poly = _pts([cv.corner(h, k) for k in range(6)])
        island = _is_island(b, h)
        fill = SEA_FILL if t == SEA or island else MOUNTAIN_FILL if t == MOUNTAIN else CLEAR_FILL
        cv.add(f'<polygon points="{poly}" fill="{fill}" stroke="{fill}" stroke-width="0.6"/>')
        if island:
            blob = [cv.corner(h, k, 0.62 if k % 2 else 0.5) for k in range(6)]
            cv.add(
                f'<polygon points="{_pts(blob)}" fill="{CLEAR_FILL}" stroke="#b8ab84" stroke-width="1" '
                'stroke-linejoin="round"/>'
            )
        if t == MOUNTAIN:
            cx, cy = cv.at(h)
            r = cv.radius
            for dx in (-0.28, 0.08):
                x = cx + dx * r
                y = cy + 0.42 * r
                cv.add(
                    f'<polyline points="{_pts([(x - 0.16 * r, y), (x, y - 0.22 * r), (x + 0.16 * r, y)])}" '
                    'fill="none" stroke="#8a6a40" stroke-width="1.4"/>'
                )
    # grid lines on top of fills
    for h, t in enumerate(b.terrain):
        if t == OFFBOARD:
            continue
        poly = _pts([cv.corner(h, k) for k in range(6)])
        cv.add(f'<polygon points="{poly}" fill="none" stroke="{GRID_STROKE}" stroke-width="0.5" stroke-opacity="0.6"/>')


def _draw_sides(cv: _Canvas) -> None:
    b = cv.board
    for h, row in enumerate(b.neighbours):
        for d, o in enumerate(row):
            if o < h:  # each hexside once (o == -1 is off the map)
                continue
            land_h = b.terrain[h] != SEA and b.terrain[o] != SEA
            a, c = cv.side(h, d)
            kind = b.land_side[h][d]
            navigable = b.water_side[h][d] >= 0
            if land_h and kind == SIDE_NONE:
                if navigable:  # a channel narrower than a hex
                    cv.line(a, c, SEA_FILL, 7.0)
                    cv.line(a, c, CHANNEL, 1.2, ' stroke-opacity="0.6"')
                else:  # narrows closed to armies and navies
                    cv.line(a, c, SEA_DEEP, 5.0)
                    cv.line(a, c, "#ffffff", 1.6, ' stroke-dasharray="3 3"')
            elif land_h and navigable:  # a shore navies may follow
                cv.line(a, c, CHANNEL, 2.0, ' stroke-dasharray="2 4"')
            if kind == SIDE_MOUNTAIN:
                cv.line(a, c, RIDGE, 4.5)
            elif kind == SIDE_PASS:
                cv.line(a, c, RIDGE, 4.5)
                mx, my = (a[0] + c[0]) / 2, (a[1] + c[1]) / 2
                cv.add(
                    f'<circle cx="{_fmt(mx)}" cy="{_fmt(my)}" r="4.2" fill="#f7f1dc" stroke="{RIDGE}" '
                    'stroke-width="1.2"/>'
                )


def _draw_straits(cv: _Canvas) -> None:
    b = cv.board
    for h, far in enumerate(b.far_sides):
        if b.terrain[h] != STRAIT or not far:
            continue
        cx, cy = cv.at(h)
        vx = sum(cv.direction(d)[0] for d in far)
        vy = sum(cv.direction(d)[1] for d in far)
        norm = math.hypot(vx, vy) or 1.0
        vx, vy = vx / norm, vy / norm
        px, py = -vy, vx
        r = cv.radius
        # the channel, across the hex between the city side and the far side
        ox, oy = cx + vx * 0.12 * r, cy + vy * 0.12 * r
        cv.line((ox - px * 0.9 * r, oy - py * 0.9 * r), (ox + px * 0.9 * r, oy + py * 0.9 * r), SEA_FILL, r * 0.28)
        # the blue strait arrow, from the city side to the far side
        a = (cx - vx * 0.5 * r, cy - vy * 0.5 * r)
        c = (cx + vx * 0.62 * r, cy + vy * 0.62 * r)
        cv.line(a, c, ARROW, 2.4, ' marker-end="url(#arrow)" marker-start="url(#arrow)"')


def _draw_rivers(cv: _Canvas) -> None:
    b = cv.board
    for river in b.rivers:
        for h, d in river:
            a, c = cv.side(h, d)
            cv.line(a, c, RIVER, 2.6)
    for h in b.river_sources:
        x, y = cv.at(h)
        cv.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y + 0.55 * cv.radius)}" r="3.5" fill="{RIVER}"/>')


def _city_marker(cv: _Canvas, city: City, x: float, y: float) -> None:
    colour = SIDE_COLOURS.get(city.side, "#111111")
    size = 11.0 if city.major else 8.0
    if city.walled:
        pts = [
            (x + size * math.cos(math.radians(60 * k + 30)), y + size * math.sin(math.radians(60 * k + 30)))
            for k in range(6)
        ]
        cv.add(f'<polygon points="{_pts(pts)}" fill="{colour}" stroke="#ffffff" stroke-width="1.5"/>')
    else:
        cv.add(
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{size * 0.92:.1f}" fill="{colour}" stroke="#ffffff" '
            'stroke-width="1.5"/>'
        )
    if city.major:
        cv.text(x, y + 4.2, str(city.value), 11.5, "#ffffff", ' font-weight="bold" font-family="sans-serif"')
    if city.oracle:
        cv.add(
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{size + 4:.1f}" fill="none" stroke="#7b1fa2" '
            'stroke-width="2" stroke-dasharray="3 2"/>'
        )
    label = city.name + (" (oracle)" if city.oracle else "")
    cv.add(
        f'<text x="{_fmt(x)}" y="{_fmt(y + size + 11)}" font-size="10.5" text-anchor="middle" '
        f'font-family="sans-serif" font-weight="bold" fill="{colour}" stroke="#ffffff" stroke-width="2.6" '
        f'paint-order="stroke">{escape(label)}</text>'
    )


def _draw_cities(cv: _Canvas) -> None:
    b = cv.board
    for city in b.cities:
        if city.offboard:
            continue
        x, y = cv.at(city.hex)
        _city_marker(cv, city, x, y - 0.12 * cv.radius)


def _draw_syracuse(cv: _Canvas) -> None:
    b = cv.board
    h = b.syracuse_hex
    x, y = cv.at(h)
    for c in b.embarkation:
        ex, ey = cv.at(b.cities[c].hex)
        cv.line((x, y), (ex, ey - 0.12 * cv.radius), "#444444", 1.4, ' stroke-dasharray="6 4"')
    w, hh = 118.0, 74.0
    cv.add(
        f'<rect x="{_fmt(x - w / 2)}" y="{_fmt(y - hh / 2)}" width="{w}" height="{hh}" rx="6" '
        'fill="#f4f0e0" stroke="#333" stroke-width="1.5"/>'
    )
    cv.text(x, y - hh / 2 + 14, "SICILY (off-board)", 10.0, "#333", ' font-family="sans-serif"')
    city = b.cities[b.city_at[h]] if b.city_at[h] >= 0 else None
    if city is not None:
        _city_marker(cv, city, x, y - 4)


def _draw_labels(cv: _Canvas) -> None:
    b = cv.board
    for h, label in enumerate(b.hexes):
        if b.terrain[h] == OFFBOARD:
            continue
        x, y = cv.at(h)
        cv.text(x, y - 0.66 * cv.radius, label, 7.0, "#6d6450", ' font-family="sans-serif" fill-opacity="0.8"')


def _draw_legend(cv: _Canvas) -> None:
    x = 20.0
    y = cv.height - 58.0
    items = [
        ("athens", SIDE_COLOURS[ATHENS]),
        ("sparta", SIDE_COLOURS[SPARTA]),
        ("neutral", SIDE_COLOURS[NEUTRAL]),
        ("persia", SIDE_COLOURS[PERSIA]),
        ("none", SIDE_COLOURS[NOSIDE]),
    ]
    cv.add(
        f'<rect x="{_fmt(x - 10)}" y="{_fmt(y - 18)}" width="1010" height="62" fill="#ffffff" '
        'fill-opacity="0.85" stroke="#999"/>'
    )
    for i, (name, colour) in enumerate(items):
        cx = x + 8 + i * 78
        cv.add(f'<circle cx="{_fmt(cx)}" cy="{_fmt(y - 4)}" r="6" fill="{colour}"/>')
        cv.add(f'<text x="{_fmt(cx + 10)}" y="{_fmt(y)}" font-size="11" font-family="sans-serif">{name}</text>')
    notes = [
        (410, "hexagon = walled, circle = unwalled; number = city points"),
        (760, "dashed ring = oracle (1.4)"),
    ]
    for nx, s in notes:
        cv.add(f'<text x="{_fmt(x + nx)}" y="{_fmt(y)}" font-size="11" font-family="sans-serif">{escape(s)}</text>')
    y2 = y + 22
    cv.line((x, y2 - 4), (x + 24, y2 - 4), RIDGE, 4.5)
    cv.add(f'<text x="{_fmt(x + 30)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">mountain side</text>')
    cv.line((x + 120, y2 - 4), (x + 144, y2 - 4), RIDGE, 4.5)
    cv.add(f'<circle cx="{_fmt(x + 132)}" cy="{_fmt(y2 - 4)}" r="4.2" fill="#f7f1dc" stroke="{RIDGE}"/>')
    cv.add(f'<text x="{_fmt(x + 150)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">pass</text>')
    cv.line((x + 200, y2 - 4), (x + 230, y2 - 4), ARROW, 2.4, ' marker-end="url(#arrow)" marker-start="url(#arrow)"')
    cv.add(
        f'<text x="{_fmt(x + 238)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">'
        "strait (city side to far side)</text>"
    )
    cv.line((x + 420, y2 - 4), (x + 444, y2 - 4), RIVER, 2.6)
    cv.add(
        f'<text x="{_fmt(x + 450)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">'
        "river (no effect), dot = source</text>"
    )
    cv.line((x + 640, y2 - 4), (x + 664, y2 - 4), CHANNEL, 2.0, ' stroke-dasharray="2 4"')
    cv.add(
        f'<text x="{_fmt(x + 670)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">shore navies follow</text>'
    )
    cv.line((x + 800, y2 - 4), (x + 824, y2 - 4), SEA_DEEP, 5.0)
    cv.line((x + 800, y2 - 4), (x + 824, y2 - 4), "#ffffff", 1.6, ' stroke-dasharray="3 3"')
    cv.add(f'<text x="{_fmt(x + 830)}" y="{_fmt(y2)}" font-size="11" font-family="sans-serif">closed narrows</text>')


def render_map(data_dir: Path | None = None, options: dict[str, Any] | None = None) -> str:
    """``polemos map athens-and-sparta [--options '{"edition": "first"}']``: the map of the edition
    the options name — the first edition's walls and NAUPACTUS mountain hexside (RULINGS FE26) with
    ``edition=first``, else the bundled (current) map."""
    if (options or {}).get("edition") == EDITION_FIRST:
        from polemos.games.athens_sparta.data import load_components_first

        return render_svg(load_components_first(data_dir).board, first_edition=True)
    from polemos.games.athens_sparta.board import load_board

    return render_svg(load_board(data_dir))


def render_svg(board: Board, first_edition: bool = False) -> str:
    """The whole board as an SVG document: terrain, hexsides, straits, rivers, cities, SYRACUSE."""
    cv = _Canvas(board)
    cv.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{cv.width:.0f}" height="{cv.height:.0f}" '
        f'viewBox="0 0 {cv.width:.0f} {cv.height:.0f}">'
    )
    cv.add(
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker>'
        "</defs>"
    )
    cv.add(f'<rect width="100%" height="100%" fill="{SEA_DEEP}"/>')
    _draw_hexes(cv)
    _draw_sides(cv)
    _draw_rivers(cv)
    _draw_straits(cv)
    _draw_labels(cv)
    _draw_syracuse(cv)
    _draw_cities(cv)
    _draw_legend(cv)
    cv.text(
        cv.width / 2,
        26,
        "Athens & Sparta" + (", first edition" if first_edition else "") + ": reconstructed map (one hex = 30 miles)",
        18,
        "#10304f",
        ' font-family="serif" font-weight="bold"',
    )
    cv.add("</svg>")
    return "\n".join(cv.parts) + "\n"
