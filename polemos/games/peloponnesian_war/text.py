"""The Peloponnesian War in the terminal: the board and both Strategy Matrixes, drawn from a role's view."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

NAT = {"athenian": "Ath", "athenian_allied": "AthAl", "spartan": "Spa", "spartan_allied": "SpaAl"}
TYPE = {"hoplite": "H", "cavalry": "C", "naval": "N"}


def sps(forces: list[dict[str, Any]]) -> str:
    """``[{nationality, type, sps}]`` as "Ath 6H 1C, AthAl 2N"."""
    by_nat: dict[str, list[str]] = {}
    for f in forces:
        by_nat.setdefault(NAT.get(f["nationality"], f["nationality"]), []).append(f"{f['sps']}{TYPE[f['type']]}")
    return ", ".join(f"{nat} {' '.join(parts)}" for nat, parts in by_nat.items())


def render(view: dict[str, Any]) -> str:
    lines = []
    who = f" — you command {view['side'].title()}" if view.get("side") else ""
    mode = view.get("mode", "")
    lines.append(f"{view.get('scenario')}: game turn {view['turn']} of {view['last_turn']} — {view['phase']}"
                 + (f" — {view['segment']}" if view.get("segment") else "") + f" ({mode}){who}")
    score = view.get("score", {})
    lines.append("Score (9.0): " + ", ".join(f"{r} {v}" for r, v in score.items())
                 + (f"; side changes {view['switches']}" if mode == "solitaire" else ""))
    for x in view.get("sides", []):
        lines.append(f"  {x['side'].title():7} ({x['commanded_by']}): Treasury {x['treasury']} (may spend "
                     f"{x['spendable']}), Bellicosity {x['bellicosity']}"
                     + (f" (-{x['bellicosity_loss']} due)" if x["bellicosity_loss"] else "")
                     + f", SCI {x['sci']:+d}, strategy {x['strategy'] or '-'}, leader {x['leader'] or '-'}, "
                     f"operations {x['operations']}{' (passed)' if x['passed'] else ''}"
                     + (" — holds hostages" if x["hostages"] else ""))
    powers = [f"{p['id']} {p['status']}" for p in view.get("powers", [])]
    if powers:
        lines.append("Neutral powers (4.5): " + ", ".join(powers))
    leaders: dict[str, list[str]] = {}
    for lead in view.get("leaders", []):
        leaders.setdefault(lead["at"], []).append(f"{lead['name']} ({lead['serves']} {lead['tactical']}/"
                                                  f"{lead['strategic']})")
    lines.append("")
    lines.append("Spaces (forces, markers):")
    for sp in view.get("spaces", []):
        marks = []
        if sp.get("rebellion"):
            marks.append(f"REBELLION ({sp['rebellion']})")
        if sp.get("siege"):
            marks.append("SIEGE")
        if sp.get("ravaged"):
            marks.append("RAVAGED")
        here = leaders.get(sp["id"], [])
        if not (sp["forces"] or marks or here):
            continue
        text = f"  {sp['id']} [{sp['control'] or 'no one'}]"
        if sp["forces"]:
            text += ": " + sps(sp["forces"])
        if here:
            text += " — " + ", ".join(here)
        if marks:
            text += " — " + ", ".join(marks)
        lines.append(text)
    if view.get("going_home"):
        lines.append("Going Home Box: " + sps(view["going_home"]))
    asked = view.get("asked")
    if asked:
        lines.append(f"Waiting for {asked['role']} ({asked['side']}): {asked.get('question') or asked['kind']}")
    return _fit(lines)


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (its real width when known, at least 80 columns; issue 11)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
