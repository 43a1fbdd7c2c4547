"""Go Tell the Spartans in the terminal: the area grid and the tracks, drawn from one role's view.

Every line fits the terminal: ``render(view, width=...)`` takes the width (default: the terminal's real
width when it is known, else 80; never less than 80). On a terminal of 125 columns or more the board is
drawn NORTH UP, WEST LEFT like the browser's: one block of two text lines per map column (1, the sea, at
the top .. 9, the mountain, at the bottom) and one cell per row letter (A, the Persian end, at the left ..
O, the Greek rear, at the right). On a narrower one (80 columns) the same grid is drawn turned a quarter:
one block of two lines per row letter (A, the Persian end, at the top .. O at the bottom) and one cell
per map column (1, the sea, at the left .. 9, the mountain, at the right): 77 columns.

Unit codes (the counters' labels on the browser's board too, :func:`id_code`): the contingent's
three-letter abbreviation and the unit's number, Greek units in lower case ("spa1" = spartans-1),
Persian units in UPPER case ("IMM12" = immortals-12); "??" is an enemy unit hidden by the fog of war
(3.4). A cell shows its terrain character and the top unit's code on its first line, then on its second
the stack size ("x3"), the top unit's facing (^ > v < for N E S W), "d" when it is disordered and "-N"
for its step losses. A "*" after the terrain character marks an area held by both sides (melee).
Areas are named with where they lie ("G8, west of the Wall"; :func:`area_label`), actions with the
units' codes and those names (:func:`action_label`), as on the browser's buttons.

The screen speaks the current language (``polemos.i18n.use``: ``--lang es`` / ``POLEMOS_LANG=es``): every
heading, key and name goes through the catalog (the codes, area names and numbers stay as they are).
"""

from __future__ import annotations

import functools
import shutil
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from polemos.core.log import log_lines, translate_line
from polemos.games.thermopylae.board import AreaMap, load_map
from polemos.i18n import N_, format_message, translate_text

CELL = 7  # characters inside a cell; a "|" separates cells: 5 + 15 * 8 = 125 columns (wide), 5 + 9 * 8 = 77 (narrow)
WIDE = 125  # the north-up grid's width (5 + 15 * 8): narrower terminals get the grid turned a quarter
MIN_WIDTH = 80
WIDTH = WIDE  # the default width of prose sections (kept for callers that wrap to the board)
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
MODES = {"solitaire": N_("solitaire"), "two": N_("two-player"), "multi": N_("multi-player")}
# the Persian units named after their arms, counted apart off the map ("dahae-bow-1": "Dahae Bow")
ARMS = (N_("Dahae Bow"), N_("Medes Bow"), N_("Scythians Bow"), N_("Susa Javelin"))


@functools.lru_cache(maxsize=8)
def _map(data_dir: Path | None) -> AreaMap:
    return load_map(data_dir)


def terminal_width() -> int:
    """The terminal's width when it is known (``COLUMNS``, or the terminal itself), else 80; at least 80."""
    return max(MIN_WIDTH, shutil.get_terminal_size((MIN_WIDTH, 24)).columns)


def prompt_words(view: dict[str, Any]) -> str:
    """The view's question (in English, the page and the terminal translate it) with the unit being placed named as
    a person reads it ("Locrians 8", "Locros 8" in Spanish), not by its record id (issue 11: "place loc8 (locrians-8:
    area and facing)")."""
    said = str(view.get("prompt") or "")
    placing = view.get("placing")
    uid = placing.get("id") if isinstance(placing, dict) else None
    return said.replace(f"({uid}:", f"({_title(uid)}:") if isinstance(uid, str) else said


def prompt(view: dict[str, Any]) -> str:
    """What the terminal says above the numbered choices: nothing, as the board's last line (render's '>>>')
    already asks the view's question in the current language."""
    return ""


def render(view: dict[str, Any], data_dir: Path | None = None, width: int | None = None) -> str:
    """The whole screen for ``view`` (the engine's JSON view of one role), as plain text no wider than
    ``width`` (default: :func:`terminal_width`; never below 80 columns)."""
    amap = _map(data_dir)
    width = max(MIN_WIDTH, width if width is not None else terminal_width())
    lines: list[str] = []
    lines += _grid(view, amap, width) if width >= WIDE else _narrow_grid(view, amap, width)
    lines += _legend(amap, width)
    lines.append("")
    lines += _status(view, width)
    lines += _ephialtes(view, width)
    lines += _stacks(view, width)
    lines += _tracks(view, width)
    lines += _log(view, width)
    lines += _outcome(view, width)
    return "\n".join(_fit(line, width) for line in lines)


# ============================================================================== unit codes
def _contingent_of(unit_id: str) -> str:
    return unit_id.rsplit("-", 1)[0] if "-" in unit_id else unit_id


def _is_persian(side: Any, contingent: str) -> bool:
    if side in ("persian", "greek"):
        return bool(side == "persian")
    return contingent.split("-")[0] in PERSIAN_CONTINGENTS  # "dahae-bow" is a Persian id's prefix


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


# ==================================================================== names of areas and actions
def area_label(amap: AreaMap, name: str) -> str:
    """An area named with where it lies: "G8 (west of the Wall, on the road)", "H7 (the Wall)",
    "J8 (Kolonos mound)" (2.1, 2.1.1); the name as it is when the map has no such area."""
    if name not in amap.by_name:
        return name
    area = amap.area(name)
    rows = amap.rows
    wall = rows.index(amap.wall_row)
    r = rows.index(area.row)
    if area.terrain == "wall":
        where = "the Wall, its gate" if area.road else "the Wall"
    elif area.terrain == "level2":
        where = f"{amap.mound_name} mound, east of the Wall"
    else:
        where = "west of the Wall" if r < wall else "east of the Wall"
        if area.road:
            where += ", on the road"
    return f"{name} ({where})"


def _who(word: str) -> str:
    return _title(word) if word else "-"


def action_label(action: str, amap: AreaMap) -> str:
    """The words a player reads for a legal action (the browser's buttons, the terminal's choices): units
    by their codes, areas by :func:`area_label`. The action's own text stays the record's."""
    w = action.split()
    verb = w[0] if w else ""
    n = len(w)
    if verb == "place" and n == 4:
        return f"Place {id_code(w[1])} in {area_label(amap, w[2])}, facing {w[3]}"
    if verb == "move" and n == 4:
        return f"Move {id_code(w[1])} to {area_label(amap, w[2])}, facing {w[3]}"
    if verb == "attack" and n == 5:
        return f"Attack: {id_code(w[1])} enters {area_label(amap, w[2])} from {w[4]} (8.1.4)"
    if verb == "fire" and n == 3:
        return f"Fire: {id_code(w[1])} at {area_label(amap, w[2])}"
    if verb == "detach" and n == 2:
        return f"Detach {id_code(w[1])} from its stack (3.1.2)"
    if verb == "retreat" and n == 2:
        return f"Retreat the light units before the melee in {w[1]} (8.3.2)"
    if verb == "feint" and n == 2:
        return f"Feign a retreat with the Spartans in {w[1]} (11.3)"
    if verb == "stand" and n == 2:
        return f"Stand and fight the melee in {w[1]}"
    fixed = {
        "end movement": "End this Movement Segment (8.1)",
        "end fire": "End this Fire Segment (8.2)",
        "deploy standard": "Standard deployment: set up every unit still to place (6.0, G44)",
        "deploy repeat": "Repeat the last deployment for every unit still to place (6.0, G44)",
        "end deployment": "End the Greek deployment as it stands (6.0)",
    }
    if action in fixed:
        return fixed[action]
    if action.startswith("take back ") and n == 3:
        return f"Take back the {_who(w[2])} and every unit placed after them (G44)"
    if n == 2 and verb in ("guard", "west", "stay", "commit"):
        return {
            "guard": f"The {_who(w[1])} guard the Ephialtes path (6.0)",
            "west": f"The {_who(w[1])} stand west of the Wall too (6.0.1)",
            "stay": f"The {_who(w[1])} stay (5.3)",
            "commit": f"Commit the {_who(w[1])} (5.1, 11.1)",
        }[verb]
    return action


def action_labels(view: dict[str, Any], legal: list[str], data_dir: Path | None = None) -> list[str]:
    """:func:`action_label` of each legal action, in order, in the current language (the terminal's choices;
    the browser's buttons are drawn in English and the page translates them)."""
    del view  # every label is read off the action's text and the map
    amap = _map(data_dir)
    return [translate_line(action_label(a, amap)) for a in legal]


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


def _grid(view: dict[str, Any], amap: AreaMap, width: int = WIDE) -> list[str]:
    del width  # WIDE columns: render draws it only that wide or wider
    units = _units(view)
    wall = amap.wall_row
    heads = [(f"#{r}#" if r == wall else r).center(CELL) for r in amap.rows]
    lines = textwrap.wrap(translate_text(N_("Go Tell the Spartans — north (the sea) up, west (row A, the Persian "
                                            "end) left, east (row O) right")), WIDE)
    lines.append(("     " + " ".join(heads)).rstrip())
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


def _narrow_grid(view: dict[str, Any], amap: AreaMap, width: int) -> list[str]:
    """The grid turned a quarter for an 80-column terminal: a block of two lines per row letter (west, the
    Persian end, at the top), a cell per map column (the sea at the left); 77 columns."""
    units = _units(view)
    wall = amap.wall_row
    lines = textwrap.wrap(translate_text(N_("Go Tell the Spartans — west (row A, the Persian end) at the top, east "
                                            "(row O) at the bottom; the sea (column 1) at the left, the mountain "
                                            "(column 9) at the right")), width)
    lines.append(("     " + " ".join(str(c).center(CELL) for c in range(1, amap.columns + 1))).rstrip())
    for row in amap.rows:
        first, second = [], []
        for col in range(1, amap.columns + 1):
            name = f"{row}{col}"
            terrain = amap.area(name).terrain if name in amap.by_name else "level1"
            a, b = _cell(terrain, units.get(name, []))
            first.append(a)
            second.append(b)
        label = f"#{row}#" if row == wall else row
        lines.append(f"{label:>3} |" + "|".join(first) + "|")
        lines.append("    |" + "|".join(second) + "|")
    return lines


def _legend(amap: AreaMap, width: int = WIDE) -> list[str]:
    text = format_message(
        N_("Legend: ~ coastal (impassable), . level 1, ^ level 2 ({mound} mound), # the Wall (row {row}). Greek "
           "units lower case (spa1 = spartans-1), PERSIAN UPPER CASE (IMM12 = immortals-12), ?? hidden by fog of "
           "war; * both sides in the area (melee). Second line: xN units in the stack, top unit's facing ^ N > E "
           "v S < W, d disordered, -N step losses."), {"mound": amap.mound_name, "row": amap.wall_row})
    return textwrap.wrap(text, width)


# ================================================================================= status
def _title(name: Any) -> str:
    return str(name).replace("-", " ").title() if name else "-"


def _name(word: Any) -> str:
    """A side's, role's or contingent's id as a person reads it, in the current language."""
    return translate_text(_title(word))


def _names(items: Any) -> str:
    if not isinstance(items, list | tuple) or not items:
        return translate_text("none")
    return ", ".join(_name(i) for i in items)


# each phase (the view's "phase", view.STAGE_INFO) in words, for the terminal and the page's panel (issue 11)
PHASES = {
    "persian-commitment": N_("Persian commitment"), "greek-conference": N_("Greek conference"),
    "greek-deployment": N_("Greek deployment"), "persian-movement": N_("Persian movement"),
    "greek-defensive-fire": N_("Greek defensive fire"), "persian-offensive-fire": N_("Persian offensive fire"),
    "persian-melee": N_("Persian melee"), "greek-movement": N_("Greek movement"),
    "persian-defensive-fire": N_("Persian defensive fire"), "greek-offensive-fire": N_("Greek offensive fire"),
    "greek-melee": N_("Greek melee"), "over": N_("game over"),
}


def _status(view: dict[str, Any], width: int = WIDE) -> list[str]:
    line = format_message(N_("Day {day}, series {series}, round {round} (round {n} of the day) — {phase}"),
                          {"day": view.get("day", "-"), "series": view.get("series", "-"),
                           "round": view.get("round", "-"), "n": view.get("day_round", "-"),
                           "phase": translate_text(PHASES.get(str(view.get("phase")), str(view.get("phase") or "-")))})
    if view.get("rule"):
        line += " " + format_message(N_("[rule {rule}]"), {"rule": view["rule"]})
    active = view.get("active")
    if active:
        line += " — " + format_message(N_("to act: {roles}"), {"roles": _names(active)})
    lines = textwrap.wrap(line, width, subsequent_indent="    ")
    role, mode = view.get("role"), view.get("mode")
    who = format_message(N_("You play: {role}"), {"role": _name(role)}) if role else translate_text(
        N_("Full view (no role)"))
    if mode:
        who += " — " + format_message(N_("{mode} game"), {"mode": translate_text(MODES.get(str(mode), str(mode)))})
    lines.append(who)
    committed = view.get("committed")
    if committed or view.get("current"):
        line = format_message(N_("Persian contingents committed today: {names}"), {"names": _names(committed)})
        if view.get("current"):
            line += "; " + format_message(N_("now attacking: {name}"), {"name": _name(view["current"])})
        lines.append(line)
    if view.get("prompt"):
        lines += textwrap.wrap(f">>> {translate_line(prompt_words(view))}", width, subsequent_indent="    ")
    return lines


def _ephialtes(view: dict[str, Any], width: int = WIDE) -> list[str]:
    eph = view.get("ephialtes")
    eph = eph if isinstance(eph, dict) else {}
    parts: list[str] = []
    if eph.get("greek"):
        parts.append(format_message(N_("{contingent} guard the path"), {"contingent": _name(eph["greek"])}))
    if eph.get("immortals_round") is not None:
        parts.append(format_message(N_("the Immortals enter in action round {n}"), {"n": eph["immortals_round"]}))
    if eph.get("immortals_waiting"):
        parts.append(translate_text(N_("the Immortals wait in the box")))
    off = view.get("off_map")
    off = off if isinstance(off, dict) else {}
    box = off.get("box")
    if box:
        parts.append(format_message(N_("in the box: {units}"), {"units": _tally(box)}))
    lines = textwrap.wrap(format_message(N_("Ephialtes Box: {what}"), {
        "what": "; ".join(parts) if parts else translate_text("empty")}), width, subsequent_indent="    ")
    rest = [format_message(label, {"units": _tally(off[key])})
            for key, label in (("pool", N_("pool: {units}")), ("away", N_("sent away: {units}"))) if off.get(key)]
    if rest:
        lines += textwrap.wrap(translate_text(N_("Off map")) + " — " + "; ".join(rest), width,
                               subsequent_indent="    ")
    return lines


def _tally(ids: Any) -> str:
    """Unit ids counted by contingent: "Immortals 24, Medes 2"."""
    if not isinstance(ids, list | tuple):
        return str(ids)
    counts: dict[str, int] = {}
    for uid in ids:
        c = _contingent_of(str(uid))
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{_name(c)} {n}" for c, n in counts.items()) or translate_text("none")


def _stacks(view: dict[str, Any], width: int = WIDE) -> list[str]:
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
    return textwrap.wrap(translate_text(N_("Stacks (top first):")) + " " + "; ".join(entries), width,
                         subsequent_indent="    ")


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


def _tracks(view: dict[str, Any], width: int = WIDE) -> list[str]:
    tracks = view.get("tracks")
    tracks = tracks if isinstance(tracks, dict) else {}
    lines: list[str] = []
    army = tracks.get("army")
    if isinstance(army, dict) and army:
        lines.append(translate_text(N_("Army morale tracks (x filled, R the rout box):")))
        for side in ("greek", "persian"):
            a = army.get(side)
            if not isinstance(a, dict):
                continue
            raw = a.get("units")
            on: list[Any] = raw if isinstance(raw, list) else []
            rout_at = _num(a.get("rout_at"))
            codes = ", ".join(id_code(str(u)) for u in on) or translate_text("empty")
            text = f"  {_name(side):<8} {_track(len(on), rout_at, rout_at)}  {len(on)}/{rout_at}: {codes}"
            crises = _num(a.get("crises"))
            if side == "persian" or crises:
                text += "; " + format_message(N_("morale crises {n}"), {"n": crises})
            lines += textwrap.wrap(text, width, subsequent_indent="           ")
    conts = tracks.get("contingents")
    if isinstance(conts, dict) and conts:
        lines.append(translate_text(N_("Contingent morale tracks (x lost, R the routs box):")))
        columns: dict[str, list[str]] = {"greek": [], "persian": []}
        rows = []
        for cid, c in conts.items():
            if not isinstance(c, dict):
                continue
            lost, boxes, routs = _num(c.get("lost")), _num(c.get("boxes")), _num(c.get("routs_box"))
            side = "persian" if _is_persian(c.get("side"), str(cid)) else "greek"
            state = translate_text(N_("ROUTED")) if c.get("routed") else format_message(N_("lost {n}"), {"n": lost})
            rows.append((side, _name(cid), _track(lost, boxes, routs), state))
        for side in columns:
            mine = [r for r in rows if r[0] == side]
            name_w = max((len(r[1]) for r in mine), default=0)
            track_w = max((len(r[2]) for r in mine), default=0)
            columns[side] = [f"  {name:<{name_w}} {trk:<{track_w}} {state}" for _, name, trk, state in mine]
        left, right = columns["greek"], columns["persian"]
        left_w = max((len(s) for s in left), default=0)
        if left_w + 2 + max((len(s) for s in right), default=0) <= width:
            for i in range(max(len(left), len(right))):
                a = left[i] if i < len(left) else ""
                b = right[i] if i < len(right) else ""
                lines.append(f"{a:<{left_w}}  {b}".rstrip())
        else:
            lines += left + right
    vp = view.get("vp")
    if isinstance(vp, dict) and vp:
        lines.append(format_message(N_("Victory points: {points}"),
                                    {"points": ", ".join(f"{_name(s)} {v}" for s, v in vp.items())}))
    return lines


# ==================================================================================== log
def _log(view: dict[str, Any], width: int = WIDE) -> list[str]:
    log = log_lines(view)
    if not log:
        return []
    lines = [translate_text(N_("Log:"))]
    for text in log[-LOG_LINES:]:
        lines += textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ") or ["  "]
    return lines


def _outcome(view: dict[str, Any], width: int = WIDE) -> list[str]:
    out = view.get("outcome")
    if not out:
        return []
    if not isinstance(out, dict):
        return [format_message(N_("GAME OVER: {result}"), {"result": str(out)})]
    winner = out.get("winner")
    text = format_message(N_("GAME OVER: {result}"), {"result": format_message(N_("{side} victory"), {
        "side": _name(winner)}) if winner else translate_text(N_("no winner"))})
    if out.get("reason"):
        text += f" — {translate_line(str(out['reason']))}"
    scores = out.get("scores")
    if isinstance(scores, dict) and scores:
        text += " (" + ", ".join(f"{_name(k)} {v}" for k, v in scores.items()) + ")"
    return textwrap.wrap(text, width, subsequent_indent="    ")


def _fit(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 3] + "..."
