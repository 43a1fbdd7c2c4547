"""Sparta vs. Athens in the terminal: the tracks, every occupied or marked locale and the decision,
drawn from a view (which is the same for every role: RULINGS S9)."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

SIDE = {"athens": "Ath", "sparta": "Spa", None: "—"}


def render(view: dict[str, Any]) -> str:
    lines = []
    t, r = view["treasury"], view["revenue"]
    lines.append(f"{view['scenario']}: {view['quarter']} {view['year']} — phase {view['phase'] or '-'} — "
                 f"government #{view['government']}")
    lines.append(f"Prestige (2.11): {view['prestige_text']}; talents (2.17): Athens {t['athens']} "
                 f"(revenue {r['athens']}), Sparta {t['sparta']} (revenue {r['sparta']}); "
                 f"tribute tally red {view['tally']['red']}, blue {view['tally']['blue']}")
    lines.append(f"First player (3.2 f): chosen by {SIDE[view['chooser']]}, this season {SIDE[view['first']]}, "
                 f"phasing {SIDE[view['phasing']]}; event: {view['event'] or 'none'}; forts left: "
                 f"Athens {view['forts_left']['athens']}, Sparta {view['forts_left']['sparta']}")
    here: dict[str, list[str]] = {}
    for u in view["units"]:
        mark = ("'" if u["wavering"] else "") + ("(in)" if u["inside"] else "")
        here.setdefault(u["locale"], []).append(f"{SIDE[u['side']]} {u['unit']} {u['strength']}{mark}")
    for ld in view["leaders"]:
        if ld["locale"] is not None:
            here.setdefault(ld["locale"], []).append(f"leader {ld['leader']}")
    marks = {m["locale"]: m for m in view["locales"]}
    for loc in sorted(set(here) | set(marks)):
        text = f"  {loc}: " + ", ".join(here.get(loc, []))
        m = marks.get(loc)
        if m is not None:
            notes = [f"held by {SIDE[m['owner']]}"]
            if m["ravaged"]:
                notes.append("ravaged")
            if m["fort"]:
                notes.append(f"{SIDE[m['fort']]} fort")
            if m["besieged_by"]:
                notes.append(f"besieged by {SIDE[m['besieged_by']]} ({m['siege_winters']} winters)")
            text += " [" + "; ".join(notes) + "]"
        lines.append(text)
    f = view.get("force")
    if f:
        lines.append(f"Force of {f['leader'] or 'a lesser general'} at {f['locale']} ({f['stage']}; land "
                     f"{f['land_paths_left']}, sea {f['sea_paths_left']}): {', '.join(f['units']) or 'no units yet'}")
    p = view.get("pending")
    if p:
        extra = f" at {p['locale']}" if "locale" in p else ""
        lines.append(f"Waiting for {p['role']}: {p['kind'].replace('_', ' ')}{extra}")
    if view.get("outcome"):
        lines.append(f"Game over: {view['outcome']['winner'] or 'a draw'} — {view['outcome']['reason']}")
    return _fit(lines)


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (at least 80 columns)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
