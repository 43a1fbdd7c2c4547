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
from xml.sax.saxutils import escape, quoteattr

from polemos.core.log import log_lines
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.svg import _fmt, _layout, render_svg
from polemos.games.peloponnesian_war.text import sps

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
def _base(data_dir: Path | None) -> tuple[str, tuple[tuple[float, float], ...], dict[int, tuple[float, str]]]:
    """The map without pieces, the spaces' positions, and where each space's name stands (its
    baseline and anchor, so that the pieces' tags go on the other side of the symbol): drawn once
    per data folder (seconds of work)."""
    comp = load_components(data_dir)
    svg = render_svg(comp)
    names = {int(m.group(3)): (float(m.group(1)), m.group(2))
             for m in _LABEL.finditer(svg)}
    return svg, tuple(_layout(comp).at), names


_LABEL = re.compile(r'<text x="[-\d.]+" y="([-\d.]+)" text-anchor="(\w+)"[^>]*data-space="(\d+)" class="label">')


def render_board(view: dict[str, Any], data_dir: Path | None = None) -> str:
    comp = load_components(data_dir)
    base, at, names = _base(data_dir)
    spaces = {sp["id"]: sp for sp in view.get("spaces", [])}
    leaders: dict[str, list[str]] = {}
    for lead in view.get("leaders", []):
        leaders.setdefault(str(lead["at"]), []).append(str(lead["name"]))
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
            tags = _side_tags(sp.get("forces", []))
            name_y, name_anchor = names.get(space.index, (y - 12, "middle"))
            # the tags go under the symbol, or over it where the space's name stands under it
            below = not (name_y > y + 4 and name_anchor == "middle")
            dy, step = (20.0, 11.0) if below else (-14.0 - 11.0 * (len(tags) - 1), 11.0)
            for side, tag in tags.items():
                parts.append(f'<text x="{_fmt(x)}" y="{_fmt(y + dy)}" text-anchor="middle" fill="{SIDE_INK[side]}" '
                             f'font-weight="bold" paint-order="stroke" stroke="#fff" stroke-width="3">'
                             f"{escape(tag)}</text>")
                dy += step
            marks = []
            if sp.get("rebellion"):
                marks.append("R")
            if sp.get("siege"):
                marks.append("S")
            if sp.get("ravaged"):
                marks.append("V")
            if marks:
                parts.append(f'<text x="{_fmt(x + 11)}" y="{_fmt(y - 8)}" fill="#000" font-weight="bold" '
                             f'paint-order="stroke" stroke="#ffeb3b" stroke-width="3">{"".join(marks)}</text>')
            here = leaders.get(space.id, [])
            if here:  # leaders' names on the side of the symbol the space's name leaves free
                if name_anchor != "middle":  # the name beside the symbol: the leaders over it
                    lx, ly, anchor = x, y - 14 - (0 if below else 11.0 * len(tags)), "middle"
                elif below:  # the name over the symbol: the leaders to its right
                    lx, ly, anchor = x + 12, y + 4, "start"
                else:  # the name under it, the tags over it: the leaders to its left
                    lx, ly, anchor = x - 12, y + 4, "end"
                parts.append(f'<text x="{_fmt(lx)}" y="{_fmt(ly)}" text-anchor="{anchor}" fill="#333" '
                             f'font-style="italic" paint-order="stroke" stroke="#fff" stroke-width="3">'
                             f"{escape(', '.join(here))}</text>")
            title += f" — control: {control or 'no one'}"
            if tags:
                title += "; " + "; ".join(f"{s}: {t}" for s, t in tags.items())
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


def describe(view: dict[str, Any]) -> dict[str, Any]:
    """The side panel: the turn, both sides' records, the score, the Going Home Box, the log."""
    sides = {}
    for x in view.get("sides", []):
        sides[str(x["side"]).title()] = {
            "commanded by": x["commanded_by"], "treasury": x["treasury"], "may spend": x["spendable"],
            "bellicosity": x["bellicosity"], "SCI": x["sci"], "strategy": x["strategy"] or "-",
            "leader": x["leader"] or "-", "operations": x["operations"], "passed": x["passed"],
            "hostages": x["hostages"],
        }
    asked = view.get("asked")
    return {
        "title": "The Peloponnesian War",
        "scenario": view.get("scenario"),
        "mode": view.get("mode"),
        "you command": view.get("side"),
        "turn": f"{view.get('turn')} of {view.get('last_turn')}",
        "phase": view.get("phase"),
        "segment": view.get("segment"),
        "prompt": (asked.get("question") or f"{asked['role']} ({asked['side']}): {asked['kind']}") if asked else "",
        "operation": view.get("operation"),
        "battle": view.get("battle"),
        "score": dict(view.get("score", {})),
        "sides": sides,
        "powers": {p["id"]: p["status"] for p in view.get("powers", [])},
        "going home": sps(view.get("going_home", [])) or "empty",
        "log": log_lines(view)[-LOG_LINES:],
        "outcome": view.get("outcome"),
    }
