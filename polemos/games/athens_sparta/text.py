"""Athens & Sparta in the terminal: a readable board drawn from one role's view."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

from polemos.games.athens_sparta.web import action_labels as web_action_labels
from polemos.games.athens_sparta.web import block_name, first_edition, points_word

__all__ = ["action_labels", "render"]


def action_labels(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The actions in words, as the browser's buttons name them (blocks by their display names, RULINGS
    R34); the number or the action's own text may be typed."""
    return web_action_labels(view, legal)


def render(view: dict[str, Any]) -> str:
    me = view.get("role")
    lines = []
    lines.append(f"Olympiad {view['olympiad']}, Game Turn {view['turn']} — {view['phase']} phase"
                 + (f" — Player 1: {view['player1'].title()}" if view.get("player1") else "")
                 + (f" — {view['active_player'].title()} to move" if view.get("active_player") else ""))
    pts = view["points"]
    lines.append(f"City points: Athens {pts['athens']}, Sparta {pts['sparta']} (30 wins, 10.2)"
                 + (" — STORM" if view.get("storm") else "")
                 + (" — EARTHQUAKE" if view.get("earthquake") else "")
                 + (f" — Persian support {view['persian_support']}"
                    if view.get("persian_support") != "none" else ""))
    if "mp" in view:
        lines.append(f"MP left: {view['mp']}")
    if first_edition(view):
        lines.append("First edition: Athens wins if Sparta has not won by the end of Olympiad 89 (1st 10.2)")
    if "bp" in view:
        lines.append(f"{points_word(view)} left: {view['bp']}")  # PP in the first edition (1st 8.1)
    played = view.get("played") or {}
    if played:
        lines.append("Cards played: " + ", ".join(
            f"{r.title()} {_card(c)}" for r, c in played.items()))
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(_card(c) for c in view["hand"]) or "empty"))
    by_loc: dict[str, list[dict[str, Any]]] = {}
    for b in view["blocks"]:
        by_loc.setdefault(b["location"], []).append(b)
    cities = {c["name"]: c for c in view["cities"]}
    lines.append("")
    lines.append("Blocks on the map:")
    for loc in sorted(by_loc):
        c = cities.get(loc)
        tag = ""
        if c:
            tag = f" [{c['controller']}" + (f", {c['value']}" if c["value"] else "") \
                + (", walled" if c["walled"] else "") \
                + (", BESIEGED" if c["besieged"] else "") + (", BLOCKADED" if c["blockaded"] else "") + "]"
        own = [b for b in by_loc[loc] if b["owner"] == me or "id" in b]
        hidden = [b for b in by_loc[loc] if "id" not in b]
        parts = []
        for b in own:
            who = "" if b["owner"] == me else f"{b['owner']}:"
            parts.append(f"{who}{block_name(b)}"
                         + (" (in siege)" if b.get("besieged") else "") + (" *" if b.get("moved") else ""))
        for side in ("athens", "sparta"):
            n = sum(1 for b in hidden if b["owner"] == side)
            if n:
                parts.append(f"{n} {side} block{'s' if n > 1 else ''}")
        lines.append(f"  {loc}{tag}: " + "; ".join(parts))
    if view.get("battle"):
        bt = view["battle"]
        lines.append(f"Battle at {bt['hex']} ({bt['kind']}), round {bt['round']}, {bt['stage']}; "
                     f"attacker {bt['attacker']}")
    if view.get("moving"):
        mv = view["moving"]
        mover = next((b for b in view["blocks"] if b.get("id") == mv["block"]), {"id": mv["block"]})
        lines.append(f"Moving {block_name(mover)}: {' > '.join(mv['path'])} ({mv['left']} left)")
    return _fit(lines)


def _card(c: dict[str, Any]) -> str:
    return f"{c['mp']}/{c['title']}" if c.get("event") else str(c["mp"])


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (its real width when known, at least 80 columns; issue 11)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
