"""Athens & Sparta in the terminal: a readable board drawn from one role's view.

The screen speaks the current language (``polemos.i18n.use``: ``--lang es`` / ``POLEMOS_LANG=es``; issue 11):
every heading, status, city and block name and each numbered choice goes through the catalog, with the Spanish
first-edition rulebook's own terms (Olimpiada, Turno de Juego, PM, PP, amurallada, Hoplitas ...). A game of the
first edition (issue 13) counts its Production Points (PP, 1st 8.1) and says how it ends (1st 10.2). Who holds
the sea at the straits, and at any port whose sea is not its city's holder's, is listed (RULINGS FE42).
"""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

from polemos.core.log import translate_line
from polemos.games.athens_sparta.web import STATUS_HEAD, block_name, first_edition, named, phase_words
from polemos.games.athens_sparta.web import action_labels as web_action_labels
from polemos.i18n import N_, format_message, translate_text

__all__ = ["action_labels", "prompt", "render"]

# the battle being fought (the view's "battle"): its kind (5.4 a new battle, 5.3 storming the walls, 5.55 a sally)
BATTLES = {
    "new": N_("Battle at {where}, round {n}: {stage}; attacker {side}"),
    "storm": N_("Storm of the walls of {where}, round {n}: {stage}; attacker {side}"),
    "sally": N_("Sally at {where}, round {n}: {stage}; attacker {side}"),
}
# ... and its stage (5.4 declaring, 5.1 sea then land, 5.3 siege battle, 5.55 the sally's question, 5.6 after;
# the first edition's one combat order, 1st 5.1, RULINGS FE8)
STAGES = {
    "declare": N_("declaring the battle"), "sea": N_("sea battle"), "land": N_("land battle"),
    "siege": N_("siege battle"), "sallyq": N_("sally or stay within the walls"), "extra": N_("extra fire"),
    "after": N_("after the battle"), "end": N_("the battle is over"), "ed1": N_("combat turns (1st 5.1)"),
}
# a city's marks in the list of blocks
MARKS = {"walled": N_("walled"), "besieged": N_("BESIEGED"), "blockaded": N_("BLOCKADED")}
# the screen's own lines, translated where they are drawn
LINES = (
    N_("{side} to move"), N_("Storm: no naval movement this Game Turn ({rule})"),
    N_("Earthquake: the Game Turn is cancelled but for Siege Attrition ({rule})"), N_("Persian support: active"),
    N_("Persian support: ceased"), N_("Cards played: {cards}"), N_("Your hand: {cards}"), N_("Blocks on the map:"),
    N_("{block} (in siege)"), N_("{n} {side} block"), N_("{n} {side} blocks"),
)


def action_labels(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The actions in words, as the browser's buttons name them (blocks by their display names, RULINGS
    R34), in the current language; the number or the action's own text may be typed."""
    return [translate_line(label) for label in web_action_labels(view, legal)]


def prompt(view: dict[str, Any]) -> str:
    """What the player is asked, in words: its blocks by their display names (as the page's panel names them,
    RULINGS R34; "Moving ATHENS Hoplites 1", never the record's ATH-HOP-1), in the current language."""
    return translate_line(named(str(view.get("prompt") or "")))


def _word(word: Any) -> str:
    """A side's, city's or other id of the view as a person reads it, in the current language."""
    text = str(word)
    return translate_text(text.title() if text.islower() else text)


def render(view: dict[str, Any]) -> str:
    me = view.get("role")
    lines = []
    # the phase in words with its rule, by the edition's terms (issue 11: "Bad Hand (Card Phase, 1st 4.61)")
    head = format_message(STATUS_HEAD, {"n": view["olympiad"], "k": view["turn"],
                                        "phase": translate_line(phase_words(view))})
    if view.get("player1"):
        head += " — " + format_message(N_("Player {n}: {side}"), {"n": 1, "side": _word(view["player1"])})
    if view.get("active_player"):
        head += " — " + format_message(N_("{side} to move"), {"side": _word(view["active_player"])})
    lines.append(head)
    pts = view["points"]
    status = [format_message(N_("City points: Athens {a}, Sparta {b} ({n} wins, {rule})"),
                             {"a": pts["athens"], "b": pts["sparta"], "n": 30, "rule": "10.2"})]
    if view.get("storm"):  # the Storm card (4.6, R8): a storm at sea
        status.append(format_message(N_("Storm: no naval movement this Game Turn ({rule})"), {"rule": "4.6"}))
    if view.get("earthquake"):
        status.append(format_message(N_("Earthquake: the Game Turn is cancelled but for Siege Attrition ({rule})"),
                                     {"rule": "4.6"}))
    if view.get("persian_support") not in (None, "none"):  # 9.3
        status.append(translate_text(f"Persian support: {view['persian_support']}"))
    lines.append(" — ".join(status))
    if "mp" in view:
        lines.append(format_message(N_("MPs left: {n}"), {"n": view["mp"]}))
    if first_edition(view):
        lines.append(translate_line("First edition: Athens wins if Sparta has not won by the end of Olympiad 89 "
                                    "(1st 10.2)"))
    if "bp" in view:  # Production Points in the first edition (1st 8.1), Build Points in the current rules (8.1)
        lines.append(format_message(N_("PP left: {n}") if first_edition(view) else N_("BPs left: {n}"),
                                    {"n": view["bp"]}))
    played = view.get("played") or {}
    if played:
        lines.append(format_message(N_("Cards played: {cards}"), {"cards": ", ".join(
            f"{_word(r)} {_card(c)}" for r, c in played.items())}))
    if "hand" in view:
        lines.append(format_message(N_("Your hand: {cards}"), {
            "cards": ", ".join(_card(c) for c in view["hand"]) or translate_text("empty")}))
    by_loc: dict[str, list[dict[str, Any]]] = {}
    for b in view["blocks"]:
        by_loc.setdefault(b["location"], []).append(b)
    cities = {c["name"]: c for c in view["cities"]}
    lines.append("")
    lines.append(translate_text(N_("Blocks on the map:")))
    for loc in sorted(by_loc):
        c = cities.get(loc)
        tag = ""
        if c:
            marks = [_word(c["controller"])] + ([str(c["value"])] if c["value"] else [])
            marks += [translate_text(MARKS[m]) for m in ("walled", "besieged", "blockaded") if c[m]]
            tag = f" [{', '.join(marks)}]"
        own = [b for b in by_loc[loc] if b["owner"] == me or "id" in b]
        hidden = [b for b in by_loc[loc] if "id" not in b]
        parts = []
        for b in own:
            who = "" if b["owner"] == me else f"{_word(b['owner'])}:"
            shown = translate_text(block_name(b))
            if b.get("besieged"):
                shown = format_message(N_("{block} (in siege)"), {"block": shown})
            parts.append(f"{who}{shown}" + (" *" if b.get("moved") else ""))
        for side in ("athens", "sparta"):
            n = sum(1 for b in hidden if b["owner"] == side)
            if n:
                parts.append(format_message(N_("{n} {side} blocks") if n > 1 else N_("{n} {side} block"),
                                            {"n": n, "side": _word(side)}))
        lines.append(f"  {_word(loc)}{tag}: " + "; ".join(parts))
    lines.extend(_sea_lines(view))
    if view.get("battle"):
        bt = view["battle"]
        stage = STAGES.get(str(bt["stage"]), str(bt["stage"]))
        lines.append(format_message(BATTLES.get(str(bt["kind"]), BATTLES["new"]), {
            "where": _word(bt["hex"]), "n": bt["round"], "stage": stage, "side": _word(bt["attacker"])}))
    if view.get("moving"):
        mv = view["moving"]
        mover = next((b for b in view["blocks"] if b.get("id") == mv["block"]), {"id": mv["block"]})
        lines.append(format_message(N_("Moving {block}: {path} ({n} hexes left)") if mv["left"] != 1 else
                                    N_("Moving {block}: {path} ({n} hex left)"), {
            "block": translate_text(block_name(mover)), "path": " > ".join(_word(h) for h in mv["path"]),
            "n": mv["left"]}))
    return _fit(lines)


# who holds the sea at a port (4.2; 1st 1.5, 6.5; RULINGS FE42): the view's cities[].sea
SEA_LINES = {
    False: (N_("Sea control at the straits (4.2): {ports}"), N_("Sea not held by the city's holder (4.2): {ports}")),
    True: (N_("Sea control at the straits (1st 1.5, 6.5): {ports}"),
           N_("Sea not held by the city's holder (1st 6.5): {ports}")),
}
SEA_NOBODY = (N_("nobody"), N_("contested"))


def _sea(sea: str) -> str:
    return translate_text({"none": SEA_NOBODY[0], "contested": SEA_NOBODY[1]}.get(sea) or _word(sea))


def _sea_lines(view: dict[str, Any]) -> list[str]:
    """Sea control where the rules decide by it (RULINGS FE42): every strait hex (crossing and retreating there,
    4.3; 1st 1.5, FE2, FE4), then every other port whose sea is not its city's holder's (a blockade, a patrol, a
    contested hex: where naval attacks start, navies retreat and regroup, 1st 6.3-6.7)."""
    ports = [c for c in view.get("cities", []) if c.get("port") and "sea" in c]
    if not ports:
        return []
    straits, other = SEA_LINES[first_edition(view)]
    out = [format_message(straits, {"ports": ", ".join(
        f"{_word(c['name'])} {_sea(str(c['sea']))}" for c in ports if c.get("strait"))})]
    odd = [c for c in ports if not c.get("strait") and c["sea"] != c["controller"]]
    if odd:
        out.append(format_message(other, {"ports": ", ".join(f"{_word(c['name'])} {_sea(str(c['sea']))}"
                                                              for c in odd)}))
    return out


def _card(c: dict[str, Any]) -> str:
    """A card as its MP and its event's title ("2/Storm", 4.6), in the current language."""
    return format_message(N_("{mp}/{event}"), {"mp": c["mp"], "event": str(c["title"])}) if c.get("event") \
        else str(c["mp"])


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (its real width when known, at least 80 columns; issue 11)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
