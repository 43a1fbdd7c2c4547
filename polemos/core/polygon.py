"""A polygon clipped to a rectangle (Sutherland-Hodgman): the Sparta vs. Athens board's coast cut to the board
(issue 11) and the coast derivation scripts (scripts/coast.py) share it."""

from __future__ import annotations

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def clip(poly: list[Point], frame: Box) -> list[Point]:
    """The polygon clipped to the rectangle ``frame`` (x0, y0, x1, y1; Sutherland-Hodgman)."""
    out = poly
    for axis, bound, low in ((0, frame[0], True), (0, frame[2], False), (1, frame[1], True), (1, frame[3], False)):
        if out:
            out = _edge(out, axis, bound, low)
    return out


def _edge(src: list[Point], axis: int, bound: float, low: bool) -> list[Point]:
    """One round of Sutherland-Hodgman: what of the polygon lies on the kept side of the line ``axis`` = ``bound``."""

    def keep(p: Point) -> bool:
        return p[axis] >= bound if low else p[axis] <= bound

    def cut(a: Point, b: Point) -> Point:
        t = (bound - a[axis]) / (b[axis] - a[axis])
        return (bound, a[1] + (b[1] - a[1]) * t) if axis == 0 else (a[0] + (b[0] - a[0]) * t, bound)

    out: list[Point] = []
    prev = src[-1]
    for cur in src:
        if keep(cur):
            if not keep(prev):
                out.append(cut(prev, cur))
            out.append(cur)
        elif keep(prev):
            out.append(cut(prev, cur))
        prev = cur
    return out
