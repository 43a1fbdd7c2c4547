"""Go Tell the Spartans' counter mix, loaded from ``data/counters.toml`` and checked.

The printed counter sheet is missing from our copy; the mix is sized from Herodotus 7.202 and
Diodorus 11.4 at ~100 men a unit (rule 1.0.1) and otherwise our design (RULINGS G10-G14).
:func:`load_counters` reads the bundled file, or a player's ``--data DIR`` copy of the same name,
checks every constraint the rules put on the pieces (unit types 2.2.2, Melee Factor 1-4 2.2.3,
Defensive Value 1-3 2.2.4, steps per type 8.2.8, contingents 5.1/5.3 and their Morale Tracks 8.4.4,
the Army Morale Tracks 8.4.5, 240 pieces 2.0) and returns a read-only :class:`Counters`.
Every error is a :class:`DataError` naming the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from polemos.core.data import Fields, digest, read_document, resolve
from polemos.games.thermopylae.tables import GREEK_CONTINGENTS, PERSIAN_CONTINGENTS, UNIT_TYPES

DATA_DIR = Path(__file__).parent / "data"
COUNTERS_FILE = "counters.toml"

NONE = "none"
SIDES = ("greek", "persian")
LIGHT_TYPES = ("javelin", "bow")
MF_RANGE = (1, 4)  # rule 2.2.3
DV_RANGE = (1, 3)  # rule 2.2.4
MA_RANGE = (1, 6)  # design: ruling G11 (rule 2.2.5 gives no range)
SHEET_PIECES = 240  # rule 2.0: one set of 240 die-cut pieces, markers included
MEN_PER_UNIT = 100  # rule 1.0.1
PROVENANCE_PREFIXES = ("rule ", "source: ", "design: ")


@dataclass(frozen=True, slots=True)
class Contingent:
    """A contingent and its Morale Track (rule 8.4.4); flags from rules 5.3 and 6.0.1."""

    id: str
    side: str
    name: str
    historical_men: int | None
    track_boxes: int
    routs_box: int
    always_stays: bool
    conference_only_on_six: bool
    adjacent_setup: bool
    provenance: str


@dataclass(frozen=True, slots=True)
class Unit:
    """One combat unit counter (rule 2.2). ``mf_back`` is None for a one-step unit (no back)."""

    id: str
    contingent: str
    side: str
    type: str
    mf_front: int
    mf_back: int | None
    dv: int
    ma: int
    steps: int
    men: int
    origin: str | None
    provenance: str

    @property
    def light(self) -> bool:
        return self.type in LIGHT_TYPES

    def melee_factor(self, losses: int) -> int:
        """MF after ``losses`` Step Losses: the weak side from the flip (8.2.8: 2nd loss of 4, 1st of 2)."""
        if not 0 <= losses < self.steps:
            raise ValueError(f"{self.id} has {self.steps} steps; {losses} losses eliminate it")
        flipped = losses >= self.steps // 2 if self.steps > 1 else False
        if flipped:
            assert self.mf_back is not None
            return self.mf_back
        return self.mf_front


@dataclass(frozen=True, slots=True)
class ArmyTrack:
    """An Army Morale Track (rule 8.4.5): ``rout_at`` units fill it; ``crises`` fills before the rout."""

    side: str
    rout_at: int
    crises: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Counters:
    contingents: Mapping[str, Contingent]
    units: Mapping[str, Unit]
    armies: Mapping[str, ArmyTrack]
    markers: Mapping[str, int]
    data_version: str

    def of(self, contingent: str) -> tuple[Unit, ...]:
        """The units of a contingent, in file order."""
        return tuple(u for u in self.units.values() if u.contingent == contingent)

    def side(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.side == side)

    @property
    def pieces(self) -> int:
        """Combat units plus markers: the sheet had 240 (rule 2.0)."""
        return len(self.units) + sum(self.markers.values())


class _Reader(Fields):
    def opt_int(self, entry: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int | None:
        if entry.get(key) == NONE:
            return None
        return self.int_(entry, key, where, low, high)


def expected_steps(side: str, contingent: str, unit_type: str) -> int:
    """Rule 8.2.8: Greek hoplites and the Immortals 4, other Persian mixed 2, javelin and bow 1."""
    if unit_type in LIGHT_TYPES:
        return 1
    if unit_type == "hoplite":
        return 4
    return 4 if contingent == "immortals" else 2


def load_counters(override: Path | None = None) -> Counters:
    """Read and check ``counters.toml`` (the bundled copy or the override directory's)."""
    path = resolve(DATA_DIR, COUNTERS_FILE, override)
    doc = read_document(path)
    r = _Reader(path.name)
    known = {"greek": GREEK_CONTINGENTS, "persian": PERSIAN_CONTINGENTS}

    armies: dict[str, ArmyTrack] = {}
    for row in r.rows(doc, "army"):
        side = r.str_(row, "side", "army")
        where = f"army {side}"
        if side not in SIDES or side in armies:
            raise r.fail(where, "unknown or repeated side (rule 8.4.5: one Army Morale Track a side)")
        armies[side] = ArmyTrack(
            side, r.int_(row, "rout_at", where, 1), r.int_(row, "crises", where, 0, 1), r.provenance(row, where)
        )
    if set(armies) != set(SIDES):
        raise r.fail("army", "rule 8.4.5: both sides need an Army Morale Track")
    if armies["persian"].crises != 1 or armies["greek"].crises != 0:
        raise r.fail("army", "rule 8.4.5: the Persian track has one morale crisis before its rout, the Greek none")

    contingents: dict[str, Contingent] = {}
    for row in r.rows(doc, "contingent"):
        cid = r.str_(row, "id", "contingent")
        where = f"contingent {cid}"
        side = r.str_(row, "side", where)
        if side not in SIDES:
            raise r.fail(where, f"side {side!r} is not greek or persian")
        if cid not in known[side]:
            raise r.fail(where, f"unknown {side} contingent (rules 5.1, 5.3: {', '.join(known[side])})")
        if cid in contingents:
            raise r.fail(where, "duplicate contingent id")
        hist = r.opt_int(row, "historical_men", where, 1, 100_000)
        boxes = r.int_(row, "track_boxes", where, 1)
        routs = r.int_(row, "routs_box", where, 1)
        if routs > boxes:
            raise r.fail(where, f"rule 8.4.4: the Routs box {routs} is beyond the track's {boxes} boxes")
        contingents[cid] = Contingent(
            cid,
            side,
            r.str_(row, "name", where),
            hist,
            boxes,
            routs,
            r.bool_(row, "always_stays", where),
            r.bool_(row, "conference_only_on_six", where),
            r.bool_(row, "adjacent_setup", where),
            r.provenance(row, where),
        )
    for side, names in known.items():
        missing = [c for c in names if c not in contingents]
        if missing:
            raise r.fail("contingent", f"missing {side} contingents: {', '.join(missing)}")

    units: dict[str, Unit] = {}
    for i, row in enumerate(r.rows(doc, "unit"), 1):
        uid = r.str_(row, "id", f"unit #{i}")
        where = f"unit {uid}"
        if uid in units:
            raise r.fail(where, "duplicate unit id")
        cid = r.str_(row, "contingent", where)
        if cid not in contingents:
            raise r.fail(where, f"unknown contingent {cid!r}")
        side = contingents[cid].side
        kind = r.str_(row, "type", where)
        if kind not in UNIT_TYPES:
            raise r.fail(where, f"unknown unit type {kind!r} (rule 2.2.2: {', '.join(UNIT_TYPES)})")
        if (kind == "hoplite" and side != "greek") or (kind == "mixed" and side != "persian"):
            raise r.fail(where, f"rule 8.2.8: {kind} units are {'Greek' if kind == 'hoplite' else 'Persian'}")
        mf = r.int_(row, "mf_front", where, *MF_RANGE)
        mb = r.opt_int(row, "mf_back", where, *MF_RANGE)
        dv = r.int_(row, "dv", where, *DV_RANGE)
        ma = r.int_(row, "ma", where, *MA_RANGE)
        steps = r.int_(row, "steps", where, 1)
        want = expected_steps(side, cid, kind)
        if steps != want:
            raise r.fail(where, f"rule 8.2.8: a {side} {kind} unit of the {cid} has {want} steps, not {steps}")
        if steps == 1 and mb is not None:
            raise r.fail(where, "rule 8.2.8: a one-step unit has no weak side; mf_back must be 'none'")
        if steps > 1 and (mb is None or mb >= mf):
            raise r.fail(where, "rule 8.2.8: the weak side's Melee Factor is reduced (mf_back < mf_front)")
        men = r.int_(row, "men", where, 1, 2 * MEN_PER_UNIT)
        origin = row.get("origin")
        if origin is not None and (not isinstance(origin, str) or not origin):
            raise r.fail(where, f"'origin' must be a non-empty string, not {origin!r}")
        units[uid] = Unit(uid, cid, side, kind, mf, mb, dv, ma, steps, men, origin, r.provenance(row, where))

    for cid, c in contingents.items():
        mine = [u for u in units.values() if u.contingent == cid]
        where = f"contingent {cid}"
        if not mine:
            raise r.fail(where, "a contingent on the Morale Table has no units")
        if c.track_boxes != len(mine):
            raise r.fail(where, f"rule 8.4.4: track_boxes {c.track_boxes} must equal its {len(mine)} units")

    # 8.4.4: a routed contingent puts one unit on the Army track, the Spartans (and Immortals) two.
    greek_most = sum(2 if c == "spartans" else 1 for c in GREEK_CONTINGENTS)
    if armies["greek"].rout_at > greek_most:
        raise r.fail("army greek", f"rule 8.4.4: at most {greek_most} Greek units can reach the Army track")

    markers: dict[str, int] = {}
    for row in r.rows(doc, "marker"):
        mid = r.str_(row, "id", "marker")
        where = f"marker {mid}"
        if mid in markers:
            raise r.fail(where, "duplicate marker id")
        markers[mid] = r.int_(row, "count", where, 1)
        r.provenance(row, where)
    pieces = len(units) + sum(markers.values())
    if pieces > SHEET_PIECES:
        raise r.fail("marker", f"rule 2.0: {pieces} pieces do not fit the {SHEET_PIECES}-piece sheet")

    return Counters(
        contingents=MappingProxyType(contingents),
        units=MappingProxyType(units),
        armies=MappingProxyType(armies),
        markers=MappingProxyType(markers),
        data_version=digest([path]),
    )
