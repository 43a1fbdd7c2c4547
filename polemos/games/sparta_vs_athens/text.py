"""Sparta vs. Athens in the terminal: the tracks, every occupied or marked locale and the decision,
drawn from a view (which is the same for every role: RULINGS S9), every piece, place and phase by its
display name (``names.py``, issue 11); ``action_labels`` names the legal actions in words."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

from polemos.games.sparta_vs_athens import names
from polemos.games.sparta_vs_athens.names import action_labels

__all__ = ["action_labels", "render"]

SIDE = {"athens": "Athens", "sparta": "Sparta", None: "—"}


def render(view: dict[str, Any]) -> str:
    lines = []
    t, r = view["treasury"], view["revenue"]
    gov = names.components().tables.government(int(view["government"])).name
    lines.append(f"{names.scenario(view['scenario'])}: {view['quarter']} {view['year']} — "
                 f"{names.phase(view['phase'])} — government #{view['government']} {gov}")
    lines.append(f"Prestige (2.11): {view['prestige_text']}; talents (2.17): Athens {t['athens']} "
                 f"(revenue {r['athens']}), Sparta {t['sparta']} (revenue {r['sparta']}); "
                 f"tribute tally red {view['tally']['red']}, blue {view['tally']['blue']}")
    lines.append(f"First player (3.2 f): chosen by {SIDE[view['chooser']]}, this season {SIDE[view['first']]}, "
                 f"phasing {SIDE[view['phasing']]}; event: {names.event(view['event'])}; forts left: "
                 f"Athens {view['forts_left']['athens']}, Sparta {view['forts_left']['sparta']}")
    here: dict[str, list[str]] = {}
    for u in view["units"]:
        mark = (" wavering" if u["wavering"] else "") + (" (inside)" if u["inside"] else "")
        here.setdefault(u["locale"], []).append(f"{SIDE[u['side']]} {names.unit(u['unit'])} {u['strength']}{mark}")
    for ld in view["leaders"]:
        if ld["locale"] is not None:
            here.setdefault(ld["locale"], []).append(f"leader {names.leader(ld['leader'])}")
    marks = {m["locale"]: m for m in view["locales"]}
    for loc in sorted(set(here) | set(marks), key=names.locale):
        text = f"  {names.locale(loc)}" + (": " + ", ".join(here[loc]) if loc in here else "")
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
        units = ", ".join(names.unit(u) for u in f["units"]) or "no units yet"
        lines.append(f"Force of {names.leader(f['leader'])} at {names.locale(f['locale'])} (land paths left "
                     f"{f['land_paths_left']}, sea {f['sea_paths_left']}): {units}")
    prompt = names.prompt(view)
    if prompt:
        lines.append(f"Waiting for {prompt}")
    if view.get("outcome"):
        lines.append(f"Game over: {SIDE.get(view['outcome']['winner'], 'a draw')} — {view['outcome']['reason']}")
    return _fit(lines)


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (at least 80 columns)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
