"""Sparta vs. Athens in the terminal: the tracks, every occupied or marked locale and the decision,
drawn from a view (which is the same for every role: RULINGS S9), every piece, place and phase by its
display name (``names.py``, issue 11); ``action_labels`` names the legal actions in words. Each line is
written in English and shown in the terminal's language (``messages.SCREEN``, ``polemos --lang es``)."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

from polemos.core.log import translate_line
from polemos.games.sparta_vs_athens import names
from polemos.games.sparta_vs_athens.model import GARRISON_UNIT
from polemos.i18n import gettext, translate_text

__all__ = ["action_labels", "action_menu", "render"]

SIDE = {"athens": "Athens", "sparta": "Sparta", None: "—"}


def action_labels(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The legal actions in words (``names.action_labels``, the browser's buttons) in the terminal's
    language (the browser translates its buttons itself)."""
    return [translate_line(label) for label in names.action_labels(view, legal)]


#: an action "<verb> <piece> at <locale>" listed once per piece with its places' numbers (3.2 2a, 3.2 d)
GROUPED = ("buy", "place")


def action_menu(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The terminal's numbered list of the legal actions (the CLI's ``show_choices`` calls it): one line
    an action, except that the purchases of one unit (3.2 2a: "buy <unit> at <locale>", as many as the
    places it may be put) and the placings of one leader (3.2 d) make one paragraph, the unit or leader
    then each place with its number, so a person reads one line a unit, not one a place. The numbers are
    the actions' own (type one, or the action's text)."""
    labels = action_labels(view, legal)
    comp = names.of(view)
    width = len(str(len(legal)))
    groups: dict[tuple[str, str], list[int]] = {}
    order: list[int | tuple[str, str]] = []
    for i, action in enumerate(legal):
        words = action.split()
        if len(words) == 4 and words[0] in GROUPED and words[2] == "at":
            key = (words[0], words[1])
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(i)
        else:
            order.append(i)
    lines: list[str] = []
    for item in order:
        if isinstance(item, int):
            lines.append(f"  {item + 1:>{width}}. {labels[item]}")
            continue
        found = groups[item]
        if len(found) < 3:
            lines += [f"  {i + 1:>{width}}. {labels[i]}" for i in found]
            continue
        verb, piece = item
        if verb == "buy":
            t = comp.unit_index.get(piece)
            cost = comp.units[t].strength if t is not None else None
            head = _t("buy {unit} for 1 talent (3.2 2a), at:" if cost == 1 else
                      "buy {unit} for {n} talents (3.2 2a), at:", unit=names.unit_type(piece, comp),
                      n="?" if cost is None else cost)
        else:
            head = _t("place {leader} (3.2 d), at:", leader=names.leader(piece, comp))
        places = ", ".join(f"{i + 1}.\u00a0{translate_text(names.locale(legal[i].split()[3], comp))}" for i in found)
        lines.append(f"  {'*':>{width}}  {head} {places}")
    return _fit(lines).splitlines()


def _t(template: str, **args: object) -> str:
    """``template`` in the terminal's language, its words (names, phrases) translated one by one."""
    return gettext(template).format(**{k: translate_text(v) if isinstance(v, str) else v for k, v in args.items()})


def _unit(u: dict[str, Any], comp: names.Source = None) -> str:
    tail = (" wavering" if u["wavering"] else "") + (" (inside)" if u["inside"] else "")
    return _t(f"{SIDE[u['side']]} {{unit}} {{n}}{tail}", unit=names.unit(u["unit"], comp), n=u["strength"])


def _garrisoned(view: dict[str, Any]) -> dict[str, str]:
    """The locales whose only counter on the map is one garrison unit (DESIGN 2.16) outside the walls, with
    its side."""
    at: dict[str, list[dict[str, Any]]] = {}
    for u in view["units"]:
        at.setdefault(u["locale"], []).append(u)
    return {loc: str(us[0]["side"]) for loc, us in at.items()
            if len(us) == 1 and str(us[0]["unit"]).split("#")[0] == GARRISON_UNIT and not us[0]["inside"]
            and us[0]["side"] in ("athens", "sparta")}


def render(view: dict[str, Any]) -> str:
    lines = []
    t, r = view["treasury"], view["revenue"]
    comp = names.of(view)  # the data the game was built from (a --data folder's names)
    gov = comp.tables.government(int(view["government"])).name
    lines.append(_t("{scenario}: {quarter} {year} — {phase} — government #{n} {government}",
                    scenario=names.scenario(view["scenario"], comp), quarter=view["quarter"], year=view["year"],
                    phase=names.phase(view["phase"], comp), n=view["government"], government=gov))
    lines.append(_t("Prestige (2.11): {track}; talents (2.17): Athens {a} (revenue {b}), Sparta {c} (revenue {d}); "
                    "tribute tally red {e}, blue {f}", track=view["prestige_text"], a=t["athens"], b=r["athens"],
                    c=t["sparta"], d=r["sparta"], e=view["tally"]["red"], f=view["tally"]["blue"]))
    lines.append(_t("First player (3.2 f): chosen by {a}, this season {b}, phasing {c}; event: {event}; forts left: "
                    "Athens {n}, Sparta {k}", a=SIDE[view["chooser"]], b=SIDE[view["first"]],
                    c=SIDE[view["phasing"]], event=names.event(view["event"], comp), n=view["forts_left"]["athens"],
                    k=view["forts_left"]["sparta"]))
    here: dict[str, list[str]] = {}
    for u in view["units"]:
        here.setdefault(u["locale"], []).append(_unit(u, comp))
    for ld in view["leaders"]:
        if ld["locale"] is not None:
            here.setdefault(ld["locale"], []).append(_t("leader {leader}", leader=names.leader(ld["leader"], comp)))
    marks = {m["locale"]: m for m in view["locales"]}
    # DESIGN 2.16: a city its side's garrison unit holds alone (76 of them in 431) is one name on a line
    # per side, not a line of its own each ("Abdera: Athens Delos Confederation Garrison XXX 1" x 76)
    alone: dict[str, list[str]] = {}
    for loc, found in _garrisoned(view).items():
        if loc not in marks and loc not in {ld["locale"] for ld in view["leaders"]}:
            alone.setdefault(found, []).append(loc)
            here.pop(loc, None)
    for side, locs in alone.items():
        lines.append(_t("  Garrison units (DESIGN 2.16), 1 each, alone in: {side} — {locales}", side=SIDE[side],
                        locales=", ".join(translate_text(names.locale(loc, comp))
                                          for loc in sorted(locs, key=lambda loc: names.locale(loc, comp)))))
    for loc in sorted(set(here) | set(marks), key=lambda loc: names.locale(loc, comp)):
        place = names.locale(loc, comp)
        listed = ", ".join(here.get(loc, []))
        m = marks.get(loc)
        if m is None:
            lines.append(_t("  {locale}: {units}", locale=place, units=listed))
            continue
        notes = [_t("held by {side}", side=SIDE[m["owner"]])]
        if m["ravaged"]:
            notes.append(gettext("ravaged"))
        if m["fort"]:
            notes.append(gettext(f"{SIDE[m['fort']]} fort"))
        if m["besieged_by"]:
            notes.append(_t("besieged by {side} (1 winter)" if m["siege_winters"] == 1 else
                            "besieged by {side} ({n} winters)", side=SIDE[m["besieged_by"]], n=m["siege_winters"]))
        if listed:
            lines.append(_t("  {locale}: {units} [{notes}]", locale=place, units=listed, notes="; ".join(notes)))
        else:
            lines.append(_t("  {locale} [{notes}]", locale=place, notes="; ".join(notes)))
    f = view.get("force")
    if f:
        units = ", ".join(translate_text(names.unit(u, comp)) for u in f["units"]) or gettext("no units yet")
        lines.append(_t("Force of {leader} at {locale} (land paths left {n}, sea {k}): {units}",
                        leader=names.leader(f["leader"], comp), locale=names.locale(f["locale"], comp),
                        n=f["land_paths_left"], k=f["sea_paths_left"], units=units))
    prompt = names.prompt(view)
    if prompt:
        lines.append(_t("Waiting for {prompt}", prompt=prompt))
    out = view.get("outcome")
    if out:
        winner = {"athens": "Athens", "sparta": "Sparta"}.get(out["winner"], "a draw")
        lines.append(_t("Game over: {winner} — {reason}", winner=winner, reason=out["reason"]))
    return _fit(lines)

def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (at least 80 columns)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
