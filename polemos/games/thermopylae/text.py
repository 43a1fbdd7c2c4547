"""Go Tell the Spartans in the terminal: the area grid and the tracks, drawn from one role's view.

The board is drawn NORTH UP, WEST LEFT: one block of two text lines per map column (1, the sea,
at the top .. 9, the mountain, at the bottom) and one cell per row letter (A, the Persian end, at
the left .. O, the Greek rear, at the right). Plain text, no colours; every line fits in 140
columns (the grid itself is 124 wide).

Unit codes: the contingent's three-letter abbreviation and the unit's number, Greek units in
lower case ("spa1" = spartans-1), Persian units in UPPER case ("IMM12" = immortals-12); "??" is an
enemy unit hidden by the fog of war (3.4). A cell shows its terrain character and the top unit's
code on its first line, then on its second the stack size ("x3"), the top unit's facing (^ > v <
for N E S W), "d" when it is disordered and "-N" for its step losses. A "*" after the terrain
character marks an area held by both sides (melee).
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from polemos.core.log import log_lines
from polemos.games.thermopylae.board import AreaMap, load_map

CELL = 7  # characters inside a cell; a "|" separates cells: 4 + 15 * 8 = 124 columns
WIDTH = 124  # wrap prose sections at the grid's width
MAX_LINE = 140
LOG_LINES = 8

ABBREVIATIONS = {
    "spartans": "spa",
    "thespians": "ths",
    "thebans": "thb",
    "phocians": "pho",
    "malians": "mal",
    "locrians": "loc",
    "peloponnesians": "pel",
    "immortals": "imm",
    "dahae": "dah",
    "medes": "med",
    "scythians": "scy",
    "susa": "sus",
}
PERSIAN_CONTINGENTS = frozenset({"immortals", "dahae", "medes", "scythians", "susa"})
ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
TERRAIN_CHARS = {"coastal": "~", "level1": ".", "level2": "^", "wall": "#"}
HIDDEN = "??"
MODES = {"solitaire": "solitaire", "two": "two-player", "multi": "multi-player"}


@functools.lru_cache(maxsize=8)
def _map(data_dir: Path | None) -> AreaMap:
    return load_map(data_dir)


def render(view: dict[str, Any], data_dir: Path | None = None) -> str:
    """The whole screen for ``view`` (the engine's JSON view of one role), as plain text."""
    amap = _map(data_dir)
    lines: list[str] = []
    lines += _grid(view, amap)
    lines += _legend(amap)
    lines.append("")
    lines += _status(view)
    lines += _ephialtes(view)
    lines += _stacks(view)
    lines += _tracks(view)
    lines += _log(view)
    lines += _outcome(view)
    return "\n".join(_fit(line) for line in lines)


# ============================================================================== unit codes
def _contingent_of(unit_id: str) -> str:
    return unit_id.rsplit("-", 1)[0] if "-" in unit_id else unit_id


def _is_persian(side: Any, contingent: str) -> bool:
    if side in ("persian", "greek"):
        return bool(side == "persian")
    return contingent in PERSIAN_CONTINGENTS


def id_code(unit_id: str, side: Any = None, contingent: str | None = None) -> str:
    """The short code of a unit id: "spartans-1" -> "spa1", "immortals-12" -> "IMM12"."""
    unit_id = str(unit_id)
    contingent = contingent or _contingent_of(unit_id)
    prefix, _, number = unit_id.rpartition("-") if "-" in unit_id else (unit_id, "", "")
    # the id's own prefix names the counter: "tegea-1" -> "teg1", "medes-bow-2" -> "MEDb2"
    parts = prefix.split("-") if prefix else [contingent]
    abbr = ABBREVIATIONS.get(parts[0], parts[0][:3] or "?") + "".join(p[:1] for p in parts[1:])
    code = f"{abbr}{number}"[:6]
    return code.upper() if _is_persian(side, contingent) else code.lower()


def unit_code(unit: Any) -> str:
    """The code of a unit of the view ("??" for a hidden one)."""
    if not isinstance(unit, dict) or unit.get("hidden") or not unit.get("id"):
        return HIDDEN
    contingent = unit.get("contingent")
    return id_code(str(unit["id"]), unit.get("side"), str(contingent) if contingent else None)


def unit_marks(unit: Any) -> str:
    """Facing arrow, "d" if disordered, "-N" for step losses ("" for a hidden unit)."""
    if not isinstance(unit, dict) or unit.get("hidden"):
        return ""
    out = ARROWS.get(str(unit.get("facing")), "")
    if unit.get("disordered"):
        out += "d"
    losses = unit.get("losses")
    if isinstance(losses, int) and not isinstance(losses, bool) and losses > 0:
        out += f"-{losses}"
    return out


def _units(view: dict[str, Any]) -> dict[str, list[Any]]:
    areas = view.get("areas")
    if not isinstance(areas, dict):
        return {}
    return {str(k): list(v) for k, v in areas.items() if isinstance(v, list) and v}


def _sides(units: Iterable[Any]) -> set[str]:
    return {str(u.get("side")) for u in units if isinstance(u, dict) and u.get("side")}


# ==================================================================================== grid
def _cell(terrain: str, units: list[Any]) -> tuple[str, str]:
    t = TERRAIN_CHARS.get(terrain, "?")
    if terrain == "coastal":
        return "~" * CELL, "~" * CELL
    if terrain == "wall" and not units:
        return "#" * CELL, "#" * CELL
    if not units:
        return t.ljust(CELL), " " * CELL
    fill2 = "#" if terrain == "wall" else " "
    melee = "*" if len(_sides(units)) > 1 else " "
    top = units[0]
    line1 = f"{t}{melee}{unit_code(top)}"
    count = f"x{len(units)}" if len(units) > 1 else ""
    line2 = f"{fill2}{count}{unit_marks(top)}"
    return line1[:CELL].ljust(CELL), line2[:CELL].ljust(CELL)


def _grid(view: dict[str, Any], amap: AreaMap) -> list[str]:
    units = _units(view)
    wall = amap.wall_row
    heads = [(f"#{r}#" if r == wall else r).center(CELL) for r in amap.rows]
    lines = [
        "Go Tell the Spartans — north (the sea) up, west (row A, the Persian end) left, east (row O) right",
        ("     " + " ".join(heads)).rstrip(),
    ]
    for col in range(1, amap.columns + 1):
        first, second = [], []
        for row in amap.rows:
            name = f"{row}{col}"
            terrain = amap.area(name).terrain if name in amap.by_name else "level1"
            a, b = _cell(terrain, units.get(name, []))
            first.append(a)
            second.append(b)
        lines.append(f"{col:>3} |" + "|".join(first) + "|")
        lines.append("    |" + "|".join(second) + "|")
    return lines


def _legend(amap: AreaMap) -> list[str]:
    text = (
        f"Legend: ~ coastal (impassable), . level 1, ^ level 2 ({amap.mound_name} mound), # the Wall (row "
        f"{amap.wall_row}). Greek units lower case (spa1 = spartans-1), PERSIAN UPPER CASE (IMM12 = "
        "immortals-12), ?? hidden by fog of war; * both sides in the area (melee). Second line: xN units in "
        "the stack, top unit's facing ^ N > E v S < W, d disordered, -N step losses."
    )
    return textwrap.wrap(text, WIDTH)


# ================================================================================= status
def _title(name: Any) -> str:
    return str(name).replace("-", " ").title() if name else "-"


def _names(items: Any) -> str:
    if not isinstance(items, list | tuple) or not items:
        return "none"
    return ", ".join(_title(i) for i in items)


def _status(view: dict[str, Any]) -> list[str]:
    parts = [
        f"Day {view.get('day', '-')}",
        f"series {view.get('series', '-')}",
        f"round {view.get('round', '-')} (round {view.get('day_round', '-')} of the day)",
    ]
    line = ", ".join(parts) + f" — {view.get('phase') or '-'}"
    if view.get("rule"):
        line += f" [rule {view['rule']}]"
    active = view.get("active")
    if active:
        line += f" — to act: {_names(active)}"
    lines = [line]
    role, mode = view.get("role"), view.get("mode")
    who = f"You play: {_title(role)}" if role else "Full view (no role)"
    lines.append(who + (f" — {MODES.get(str(mode), str(mode))} game" if mode else ""))
    committed = view.get("committed")
    if committed or view.get("current"):
        lines.append(
            f"Persian contingents committed today: {_names(committed)}"
            + (f"; now attacking: {_title(view['current'])}" if view.get("current") else "")
        )
    if view.get("prompt"):
        lines += textwrap.wrap(f">>> {view['prompt']}", WIDTH, subsequent_indent="    ")
    return lines


def _ephialtes(view: dict[str, Any]) -> list[str]:
    eph = view.get("ephialtes")
    eph = eph if isinstance(eph, dict) else {}
    parts: list[str] = []
    if eph.get("greek"):
        parts.append(f"{_title(eph['greek'])} guard the path")
    if eph.get("immortals_round") is not None:
        parts.append(f"the Immortals enter in action round {eph['immortals_round']}")
    if eph.get("immortals_waiting"):
        parts.append("the Immortals wait in the box")
    off = view.get("off_map")
    off = off if isinstance(off, dict) else {}
    box = off.get("box")
    if box:
        parts.append(f"in the box: {_tally(box)}")
    lines = [f"Ephialtes Box: {'; '.join(parts) if parts else 'empty'}"]
    rest = [f"{label}: {_tally(off[key])}" for key, label in (("pool", "pool"), ("away", "sent away")) if off.get(key)]
    if rest:
        lines += textwrap.wrap("Off map — " + "; ".join(rest), WIDTH, subsequent_indent="    ")
    return lines


def _tally(ids: Any) -> str:
    """Unit ids counted by contingent: "Immortals 24, Medes 2"."""
    if not isinstance(ids, list | tuple):
        return str(ids)
    counts: dict[str, int] = {}
    for uid in ids:
        c = _contingent_of(str(uid))
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{_title(c)} {n}" for c, n in counts.items()) or "none"


def _stacks(view: dict[str, Any]) -> list[str]:
    """Every area with more than one unit or both sides, in full (the grid shows the top unit)."""
    units = _units(view)
    entries = []
    for name in sorted(units, key=lambda n: (n[:1], int(n[1:]) if n[1:].isdigit() else 0)):
        stack = units[name]
        if len(stack) < 2 and len(_sides(stack)) < 2:
            continue
        entries.append(f"{name}: " + " ".join(unit_code(u) + unit_marks(u) for u in stack))
    if not entries:
        return []
    return textwrap.wrap("Stacks (top first): " + "; ".join(entries), WIDTH, subsequent_indent="    ")


# ================================================================================= tracks
def _num(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _track(filled: int, boxes: int, rout_box: int) -> str:
    """A morale track: x filled, . empty, R the (empty) rout box, X the rout box filled."""
    boxes = max(boxes, filled, rout_box, 0)
    out = []
    for i in range(1, boxes + 1):
        if i <= filled:
            out.append("X" if i == rout_box else "x")
        else:
            out.append("R" if i == rout_box else ".")
    return "".join(out)


def _tracks(view: dict[str, Any]) -> list[str]:
    tracks = view.get("tracks")
    tracks = tracks if isinstance(tracks, dict) else {}
    lines: list[str] = []
    army = tracks.get("army")
    if isinstance(army, dict) and army:
        lines.append("Army morale tracks (x filled, R the rout box):")
        for side in ("greek", "persian"):
            a = army.get(side)
            if not isinstance(a, dict):
                continue
            raw = a.get("units")
            on: list[Any] = raw if isinstance(raw, list) else []
            rout_at = _num(a.get("rout_at"))
            codes = ", ".join(id_code(str(u)) for u in on) or "empty"
            text = f"  {_title(side):<8} {_track(len(on), rout_at, rout_at)}  {len(on)}/{rout_at}: {codes}"
            crises = _num(a.get("crises"))
            if side == "persian" or crises:
                text += f"; morale crises {crises}"
            lines += textwrap.wrap(text, WIDTH, subsequent_indent="           ")
    conts = tracks.get("contingents")
    if isinstance(conts, dict) and conts:
        lines.append("Contingent morale tracks (x lost, R the routs box):")
        columns: dict[str, list[str]] = {"greek": [], "persian": []}
        rows = []
        for cid, c in conts.items():
            if not isinstance(c, dict):
                continue
            lost, boxes, routs = _num(c.get("lost")), _num(c.get("boxes")), _num(c.get("routs_box"))
            side = "persian" if _is_persian(c.get("side"), str(cid)) else "greek"
            state = "ROUTED" if c.get("routed") else f"lost {lost}"
            rows.append((side, _title(cid), _track(lost, boxes, routs), state))
        for side in columns:
            mine = [r for r in rows if r[0] == side]
            name_w = max((len(r[1]) for r in mine), default=0)
            track_w = max((len(r[2]) for r in mine), default=0)
            columns[side] = [f"  {name:<{name_w}} {trk:<{track_w}} {state}" for _, name, trk, state in mine]
        left, right = columns["greek"], columns["persian"]
        left_w = max((len(s) for s in left), default=0)
        if left_w + 2 + max((len(s) for s in right), default=0) <= WIDTH:
            for i in range(max(len(left), len(right))):
                a = left[i] if i < len(left) else ""
                b = right[i] if i < len(right) else ""
                lines.append(f"{a:<{left_w}}  {b}".rstrip())
        else:
            lines += left + right
    vp = view.get("vp")
    if isinstance(vp, dict) and vp:
        lines.append("Victory points: " + ", ".join(f"{_title(s)} {v}" for s, v in vp.items()))
    return lines


# ==================================================================================== log
def _log(view: dict[str, Any]) -> list[str]:
    log = log_lines(view)
    if not log:
        return []
    lines = ["Log:"]
    for text in log[-LOG_LINES:]:
        lines += textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="    ") or ["  "]
    return lines


def _outcome(view: dict[str, Any]) -> list[str]:
    out = view.get("outcome")
    if not out:
        return []
    if not isinstance(out, dict):
        return [f"GAME OVER: {out}"]
    winner = out.get("winner")
    text = "GAME OVER: " + (f"{_title(winner)} victory" if winner else "no winner")
    if out.get("reason"):
        text += f" — {out['reason']}"
    scores = out.get("scores")
    if isinstance(scores, dict) and scores:
        text += " (" + ", ".join(f"{_title(k)} {v}" for k, v in scores.items()) + ")"
    return textwrap.wrap(text, WIDTH, subsequent_indent="    ")


def _fit(line: str) -> str:
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 3] + "..."
