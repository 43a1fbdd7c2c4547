"""The Peloponnesian War in the browser table: the map with the pieces, clickable spaces, the side panel.

``render_board(view, data_dir)`` draws the reconstructed map (``svg.render_svg``) and puts on it, from
a role's view, each space's forces (a tag per side: "6H 1C | 8N"), its leaders, and its markers
(control ring, Rebellion, Siege, Ravaged); each space carries ``data-ref="s:<space id>"``.
``action_refs`` lets a click on a space choose an action naming it (an objective, an assembly space, an
interceptor, a route) when no other legal action names the same space; ``describe`` is the side
panel: the turn, both Strategy Matrixes' records, the score, the Going Home Box and the log.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr, unescape

from polemos.core.log import log_lines
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.svg import _fmt, _layout, _region_names, render_svg
from polemos.games.peloponnesian_war.text import ASKED, forces_text, name, question, strategy_name
from polemos.i18n import N_, shown_width

# the panel's own words: its keys as the page heads them (humanKey: "moves as" -> "Moves as") and its phrases
PANEL_WORDS = (
    N_("First operation"), N_("Cause rebellion"), N_("Moves as"), N_("Intercepted in"), N_("Last battle"),
    N_("Where"), N_("Winner"), N_("Sieges"), N_("Battles"), N_("Stage"), N_("Objective"), N_("Goal"), N_("Paid"),
    N_("At"), N_("{space} (besieged by {side})"), N_("control: {side}"),
)
SIDE_INK = {"athens": "#1d4f91", "sparta": "#a32a22"}
LOG_LINES = 40
#: the action words whose next word is a space (objective, Cause Rebellion, assembly, interception, route)
SPACE_ACTIONS = ("objective", "rebel", "goto", "intercept", "via")


def _side_tags(forces: list[dict[str, Any]]) -> dict[str, str]:
    tags: dict[str, list[dict[str, Any]]] = {"athens": [], "sparta": []}
    for f in forces:
        tags["athens" if f["nationality"].startswith("athenian") else "sparta"].append(f)
    out = {}
    for side, fs in tags.items():
        if fs:
            counts = {"hoplite": 0, "cavalry": 0, "naval": 0}
            for f in fs:
                counts[f["type"]] += int(f["sps"])
            out[side] = " ".join(f"{n}{t[0].upper()}" for t, n in counts.items() if n)
    return out


@functools.lru_cache(maxsize=8)
def _base(data_dir: Path | None) -> tuple[str, tuple[tuple[float, float], ...], dict[int, tuple[float, str, Box]]]:
    """The map without pieces, the spaces' positions, and where each space's name stands (its
    baseline, its anchor and its box in its widest language, so that the pieces' tags keep clear of
    it): drawn once per data folder (seconds of work)."""
    comp = load_components(data_dir)
    svg = render_svg(comp)
    names: dict[int, tuple[float, str, Box]] = {}
    for m in _LABEL.finditer(svg):
        x, y, anchor, bold, text = float(m.group(1)), float(m.group(2)), m.group(3), bool(m.group(4)), m.group(6)
        w = shown_width(unescape(text), 10.5, bold)
        x0 = x - w / 2 if anchor == "middle" else x if anchor == "start" else x - w
        names[int(m.group(5))] = (y, anchor, (x0, y - 9, x0 + w, y + 2))
    at = tuple(_layout(comp).at)
    for k, box in enumerate(_region_names(comp, list(at))[1]):  # the regions' names: the pieces keep clear too
        names[-1 - k] = (box[3], "middle", box)
    return svg, at, names


_LABEL = re.compile(r'<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)" font-size="[\d.]+"( font-weight="bold")? '
                    r'data-space="(\d+)" class="label">([^<]*)</text>')
Box = tuple[float, float, float, float]


def _place(x: float, y: float, w: float, rows: int, taken: list[Box],
           under_first: bool = True) -> tuple[float, float, str, Box]:
    """Where ``rows`` lines ``w`` wide stand by a space's symbol at (x, y): the first line's x, its baseline, its
    anchor and the lines' box. Under the symbol, over it, right or left of it (over it first when not
    ``under_first``): the first place nothing ``taken`` covers (the names, in the widest language they are read
    in, and what is already drawn there); the least covered one when every place is taken."""
    h = 11.0 * rows
    side_y = y + 4.0 - h / 2 + 5.5
    under, over = (x, y + 20.0, "middle"), (x, y - 14.0 - h + 11.0, "middle")
    places = ((under, over) if under_first else (over, under)) + (
        (x + 12.0, side_y, "start"), (x - 12.0, side_y, "end"),
        # then the corners, then a line further out, when the map is crowded there (Attica, the Argolid)
        (x + 9.0, over[1], "start"), (x - 9.0, over[1], "end"), (x + 9.0, under[1], "start"),
        (x - 9.0, under[1], "end"), (x, over[1] - 11.0, "middle"), (x, under[1] + 11.0, "middle"))

    def box(place: tuple[float, float, str]) -> Box:
        tx, ty, anchor = place
        x0 = tx - w / 2 if anchor == "middle" else tx if anchor == "start" else tx - w
        return (x0, ty - 9, x0 + w, ty - 9 + h)

    boxes = [box(p) for p in places]
    near = _near(boxes, taken)
    best = min(range(len(places)), key=lambda k: sum(_area(boxes[k], other) for other in near))  # the first of equals
    return places[best][0], places[best][1], places[best][2], boxes[best]


def _near(boxes: list[Box], taken: list[Box]) -> list[Box]:
    """The boxes of ``taken`` that may meet one of ``boxes``: those that meet the box around them all, in their
    order (any other meets none, _area 0, so the sums and the choice are the same; issue 8: the map's ~130 names
    and symbols were summed over for each of ~10 places of each space's words)."""
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return [t for t in taken if t[0] < right and t[2] > left and t[1] < bottom and t[3] > top]


def _area(a: Box, b: Box) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def render_board(view: dict[str, Any], data_dir: Path | None = None) -> str:
    comp = load_components(data_dir)
    base, at, names = _base(data_dir)
    spaces = {sp["id"]: sp for sp in view.get("spaces", [])}
    leaders: dict[str, list[str]] = {}
    for lead in view.get("leaders", []):
        leaders.setdefault(str(lead["at"]), []).append(name(lead["id"], data_dir))
    # what stands on the map already: the names (in their widest language) and the symbols; each space's tags,
    # then its markers, then (once every tag is placed) its leaders go where nothing stands yet (issue 11)
    taken = [box for _, _, box in names.values()]
    taken += [(x - 11.0, y - 11.0, x + 11.0, y + 11.0) for x, y in at]
    drawn: dict[str, list[str]] = {}
    for space in comp.spaces:
        sp = spaces.get(space.id)
        if sp is None:
            continue
        x, y = at[space.index]
        parts = drawn.setdefault(space.id, [])
        tags = _side_tags(sp.get("forces", []))
        if tags:  # under the symbol unless a name stands there
            w = max(shown_width(t, 10, True) for t in tags.values())
            tx, ty, anchor, tag_box = _place(x, y, w, len(tags), taken)
            taken.append(tag_box)
            for side, tag in tags.items():
                parts.append(f'<text x="{_fmt(tx)}" y="{_fmt(ty)}" text-anchor="{anchor}" fill="{SIDE_INK[side]}" '
                             f'font-weight="bold" paint-order="stroke" stroke="#fff" stroke-width="3">'
                             f"{escape(tag)}</text>")
                ty += 11.0
        marks = "".join(m for m, key in (("R", "rebellion"), ("S", "siege"), ("V", "ravaged")) if sp.get(key))
        if marks:  # by a corner of the symbol (the top right one first) that nothing covers
            mw = shown_width(marks, 10, True)
            corners = [(x0, y0, x0 + mw + 2, y0 + 11) for y0 in (y - 17, y + 6) for x0 in (x + 10, x - 12 - mw)]
            near = _near(corners, taken)
            box = min(corners, key=lambda c: sum(_area(c, t) for t in near))
            parts.append(f'<text x="{_fmt(box[0] + 1)}" y="{_fmt(box[1] + 9)}" fill="#000" font-weight="bold" '
                         f'paint-order="stroke" stroke="#ffeb3b" stroke-width="3">{marks}</text>')
            taken.append(box)
    for space in comp.spaces:
        here = leaders.get(space.id, [])
        if here and space.id in spaces:  # over the symbol first, else where nothing stands
            x, y = at[space.index]
            shown = ", ".join(here)
            lx, ly, anchor, box = _place(x, y, shown_width(shown, 10), 1, taken, under_first=False)
            taken.append(box)
            drawn[space.id].append(f'<text x="{_fmt(lx)}" y="{_fmt(ly)}" text-anchor="{anchor}" fill="#333" '
                                   f'font-style="italic" paint-order="stroke" stroke="#fff" stroke-width="3">'
                                   f"{escape(shown)}</text>")
    layer = ['<g class="pieces" font-size="10">']
    for space in comp.spaces:
        x, y = at[space.index]
        sp = spaces.get(space.id)
        title = space.name
        parts = [f'<g data-ref={quoteattr("s:" + space.id)} class="space-ref">',
                 f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="11" fill="transparent"/>']
        if sp is not None:
            control = sp.get("control")
            if control in SIDE_INK:
                parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="10" fill="none" stroke="{SIDE_INK[control]}" '
                             'stroke-width="1.5" stroke-dasharray="2 2"/>')
            parts += drawn.get(space.id, [])
            title = f"{title} — control: {name(control) if control else 'no one'}"  # "{space} — control: {who}"
            forces = forces_text(sp.get("forces", []))
            if forces:
                title += f"; {forces}"
            title += "".join(f"; {m}" for m in ("rebellion", "siege", "ravaged") if sp.get(m))
        parts.append(f"<title>{escape(title)}</title></g>")
        layer.append("".join(parts))
    layer.append(
        '<text x="40" y="30" font-size="12" fill="#1b1b1b">Tags under a space: Athenian side (blue), Spartan side '
        "(red) SPs as H(oplite) C(avalry) N(aval); R rebellion, S siege, V ravaged; dashed ring: control.</text>")
    layer.append("</g>")
    return base.replace("</svg>", "\n".join(layer) + "\n</svg>")


def action_refs(view: dict[str, Any], legal: list[str]) -> list[list[str]]:
    """For each legal action, the space to click ([] = choose it from the list): an action whose second
    word is a space, when it is the only legal action naming that space."""
    del view
    refs: list[list[str]] = []
    for action in legal:
        words = action.split()
        refs.append([f"s:{words[1]}"] if len(words) == 2 and words[0] in SPACE_ACTIONS else [])
    count: dict[str, int] = {}
    for r in refs:
        if r:
            count[r[0]] = count.get(r[0], 0) + 1
    return [r if r and count[r[0]] == 1 else [] for r in refs]


def action_labels(view: dict[str, Any], legal: list[str]) -> list[str]:
    """A person's label, with its rule, for each legal action (the view carries them for its role)."""
    labels = view.get("labels") or {}
    return [str(labels.get(a, a)) for a in legal]


def _operation(op: dict[str, Any] | None) -> dict[str, Any] | None:
    """The operation in progress (4.1-4.7) by display names: who leads which army where."""
    if not op:
        return None
    return {
        "side": name(op.get("side")),
        "leader": name(op.get("leader")),
        "first operation": bool(op.get("first")),
        "objective": name(op.get("objective")) if op.get("objective") else None,
        "cause rebellion": bool(op.get("cause_rebellion")),
        "stage": op.get("stage"),
        "at": name(op.get("at")) if op.get("at") else None,
        "goal": name(op.get("goal")) if op.get("goal") else None,
        "army": forces_text(op.get("army") or []) or "-",
        "moves as": op.get("moves_as"),
        "paid": op.get("paid"),
        "intercepted in": [name(x) for x in op.get("intercepted_in") or []],
    }


def _battle(battle: dict[str, Any] | None) -> dict[str, Any] | None:
    """The Combat Phase's bookkeeping (5.0-5.4) by display names: sieges, battles fought, the last one."""
    if not battle:
        return None
    last = battle.get("last")
    return {
        "sieges": [f"{name(x['space'])} (besieged by {name(x['besieger'])})" if x.get("besieger") else name(x["space"])
                   for x in battle.get("sieges") or []],
        "battles": [f"{name(x['athens'])} against {name(x['sparta'])}" for x in battle.get("battles") or []],
        "last battle": None if not last else {
            "where": f"{name(last['athens'])} against {name(last['sparta'])}",
            "winner": name(last.get("winner")) if last.get("winner") else "none"},
    }


def describe(view: dict[str, Any]) -> dict[str, Any]:
    """The side panel: the turn, both sides' records, the score, the Going Home Box, the log; every id by
    its display name."""
    sides = {}
    for x in view.get("sides", []):
        sides[name(x["side"])] = {
            "commanded by": name(x["commanded_by"]), "treasury": x["treasury"], "may spend": x["spendable"],
            "bellicosity": x["bellicosity"], "SCI": x["sci"], "strategy": strategy_name(x["side"], x["strategy"]),
            "leader": name(x["leader"]), "operations": x["operations"], "passed": x["passed"],
            "hostages": x["hostages"],
        }
    asked = view.get("asked")
    return {
        "title": "The Peloponnesian War",
        "scenario": name(view.get("scenario")),
        "mode": name(view.get("mode")),
        "you command": name(view.get("side")) if view.get("side") else None,
        "turn": f"{view.get('turn')} of {view.get('last_turn')}",
        "phase": view.get("phase"),
        "segment": view.get("segment"),
        # the rules' question, else its kind's worded one with who is asked (never the kind's id, issue 11)
        "prompt": (asked.get("question") or ASKED.format(role=name(asked["role"]), side=name(asked["side"]),
                                                         question=question(asked))) if asked else "",
        "operation": _operation(view.get("operation")),
        "battle": _battle(view.get("battle")),
        "score": {name(role): vp for role, vp in dict(view.get("score", {})).items()},
        "sides": sides,
        "powers": {name(p["id"]): name(p["status"]) for p in view.get("powers", [])},
        "going home": forces_text(view.get("going_home", [])) or "empty",
        "log": log_lines(view)[-LOG_LINES:],
        "outcome": view.get("outcome"),
    }
