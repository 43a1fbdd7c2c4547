"""The Peloponnesian War in the terminal: the board and both Strategy Matrixes, drawn from a role's view.

The view names everything by id ("archidamus", "potidaea", "attack-athens"); a person reads one display
name for each (issue 11), the same on the board, the buttons, the side panel, the log and the terminal:
the components' own names (``data/*.toml``: "Archidamus", "Potidaea", "Attack Athens"), by :func:`name`
and :func:`strategy_name`, and forces as the log writes them ("2 Athenian Hoplite, 1 Athenian Allied
Cavalry", :func:`forces_text`). In Spanish (``--lang es`` / ``POLEMOS_LANG=es``, the page's language)
every one of them goes through the catalog, like the rest of the screen (``polemos.i18n``).
"""

from __future__ import annotations

import functools
import shutil
import textwrap
from pathlib import Path
from typing import Any

from polemos.core.log import translate_line
from polemos.games.peloponnesian_war.data import load_components
from polemos.i18n import N_, format_message, translate_text

NAT = {"athenian": "Ath", "athenian_allied": "AthAl", "spartan": "Spa", "spartan_allied": "SpaAl"}
TYPE = {"hoplite": "H", "cavalry": "C", "naval": "N"}
# the words the view uses for sides, roles and statuses, as a person reads them
WORDS = {
    "athens": N_("Athens"), "sparta": N_("Sparta"), "persia": N_("Persia"), "player": N_("Player"),
    "matrix": N_("Matrix"), "neutral": N_("neutral"), "open": N_("open"), "solitaire": N_("solitaire"),
    "fixed": N_("fixed"), "two-player": N_("two-player"), "available": N_("available"),
    "out this turn": N_("out this turn"), "Going Home Box": N_("Going Home Box"), "casualty": N_("casualty"),
}
# the screen's own lines (the terminal's; translated where they are drawn)
LINES = (
    N_("{scenario}: game turn {n} of {k} — {phase}"), N_("{scenario}: game turn {n} of {k} — {phase} — {segment}"),
    N_("You command {side} ({mode})"), N_("Score (9.0): {score}"), N_("side changes {n}"),
    N_("{side} ({role}): Treasury {treasury} (may spend {spend}), Bellicosity {bellicosity}, SCI {sci}"),
    N_("strategy {strategy}, leader {leader}, operations {n}"), N_("passed"), N_("holds hostages"),
    N_("Bellicosity -{n} due"), N_("Neutral powers (4.5): {powers}"), N_("Spaces (forces, leaders, markers):"),
    N_("control: {side}"), N_("no one"), N_("rebellion ({side})"), N_("siege"), N_("ravaged"),
    N_("Going Home Box: {forces}"),
    N_("Forces: Ath Athenian, AthAl Athenian Allied, Spa Spartan, SpaAl Spartan Allied; SPs of H hoplites, C cavalry, "
       "N naval."), N_("Waiting for {role} ({side}): {question}"), N_("{name} ({side} {t}/{s})"),
)

# a worded question for each kind of decision the rules ask (issue 11): what the side panel and the terminal show
# when a decision comes without its own question (the rules word most of theirs; this is never the kind's id)
QUESTIONS = {
    "strategy": N_("choose the strategy this side follows this game turn (3.1)"),
    "build": N_("build Strength Points, or be done (7.2, 8.3)"),
    "cb_order": N_("choose the battle or siege resolved next (4.0)"),
    "cb_athens_defence": N_("the Athenians in Athens fight the enemy or decline combat (5.3.1)"),
    "op_objective": N_("designate the objective of an operation, or pass (4.1 Step 1, 4.3)"),
    "op_build": N_("build the army: activate SPs, go to an assembly space, or march (4.1 Step 2)"),
    "op_route": N_("choose the next space of the route (4.1.1)"),
    "op_intercept": N_("attempt an interception (4-6 succeeds), or decline (4.6.2)"),
}
OTHER_QUESTION = N_("choose one of the legal actions")  # a kind this module does not know yet
ASKED = N_("{role} ({side}): {question}")


def question(asked: dict[str, Any]) -> str:
    """The question of a pending decision (the view's ``asked``), in English: the rules' own wording, else the
    worded question of its kind (:data:`QUESTIONS`)."""
    return str(asked.get("question") or QUESTIONS.get(str(asked.get("kind")), OTHER_QUESTION))


@functools.lru_cache(maxsize=8)
def _names(data_dir: Path | None) -> dict[str, str]:
    """Id -> display name for every space, leader, neutral power and scenario of the components."""
    comp = load_components(data_dir)
    out: dict[str, str] = {}
    for group in (comp.scenarios, comp.powers, comp.leaders, comp.spaces):  # a space's name wins ("athens")
        for item in group:
            out[item.id] = item.name
    return out


def name(ident: Any, data_dir: Path | None = None) -> str:
    """The display name of an id of the view (a space, a leader, a power, a scenario, a side, a role, a
    status), in the current language (``polemos.i18n.use``); "-" for none, the id itself if unknown."""
    if ident is None or ident == "":
        return "-"
    text = str(ident)
    return translate_text(_names(data_dir).get(text) or WORDS.get(text) or text)


def strategy_name(side: Any, ident: Any, data_dir: Path | None = None) -> str:
    """The name of ``side``'s strategy ``ident`` on its Strategy Matrix (3.1): "attack-athens" -> "Attack
    Athens" (the two sides' "defensive" strategies have different names)."""
    if not ident:
        return "-"
    comp = load_components(data_dir)
    sides = [m for m in comp.matrixes if str(side) == ("athens", "sparta")[m.side]] or list(comp.matrixes)
    for matrix in sides:
        for strategy in matrix.strategies:
            if strategy.id == ident:
                return translate_text(strategy.name)
    return str(ident)


def forces_text(forces: list[dict[str, Any]]) -> str:
    """``[{nationality, type, sps}]`` as the log writes forces: "2 Athenian Hoplite, 1 Athenian Allied
    Cavalry" (combat_tables.describe), in the current language; "" for none."""
    parts = [f"{f['sps']} {str(f['nationality']).replace('_', ' ').title()} {str(f['type']).title()}"
             for f in forces if f.get("sps")]
    return translate_text(", ".join(parts)) if parts else ""


def sps(forces: list[dict[str, Any]]) -> str:
    """``[{nationality, type, sps}]`` as "Ath 6H 1C, AthAl 2N" (the terminal's short form, explained in its key)."""
    by_nat: dict[str, list[str]] = {}
    for f in forces:
        by_nat.setdefault(NAT.get(f["nationality"], f["nationality"]), []).append(f"{f['sps']}{TYPE[f['type']]}")
    return ", ".join(f"{nat} {' '.join(parts)}" for nat, parts in by_nat.items())


def leader_text(leader: dict[str, Any]) -> str:
    """A leader of the view with whom he serves and his ratings: "Phormio (Athens 2/0)"."""
    return format_message("{name} ({side} {t}/{s})", {"name": name(leader.get("id") or leader.get("name")),
                                                      "side": name(leader.get("serves")),
                                                      "t": leader.get("tactical", "?"),
                                                      "s": leader.get("strategic", "?")})


def action_labels(view: dict[str, Any], legal: list[str]) -> list[str]:
    """A person's label, with its rule, for each legal action (the view carries them for its role), in the
    current language: the terminal's choices (the browser's buttons are web.action_labels, in English, which
    the page translates)."""
    labels = view.get("labels") or {}
    return [translate_line(str(labels.get(a, a))) for a in legal]


def render(view: dict[str, Any], data_dir: Path | None = None) -> str:
    """The terminal's screen for ``view``, in the current language, every line fitting the terminal."""
    lines = []
    head = {"scenario": name(view.get("scenario"), data_dir), "n": view.get("turn"), "k": view.get("last_turn"),
            "phase": translate_line(str(view.get("phase") or "-")),
            "segment": translate_line(str(view.get("segment") or ""))}
    lines.append(format_message("{scenario}: game turn {n} of {k} — {phase} — {segment}" if view.get("segment")
                                else "{scenario}: game turn {n} of {k} — {phase}", head))
    mode = str(view.get("mode") or "")
    if view.get("side"):
        lines.append(format_message("You command {side} ({mode})", {"side": name(view["side"]), "mode": name(mode)}))
    score = ", ".join(f"{name(r)} {v}" for r, v in view.get("score", {}).items())
    line = format_message("Score (9.0): {score}", {"score": score})
    if mode == "solitaire":
        line += "; " + format_message("side changes {n}", {"n": view.get("switches", 0)})
    lines.append(line)
    for x in view.get("sides", []):
        line = "  " + format_message(
            "{side} ({role}): Treasury {treasury} (may spend {spend}), Bellicosity {bellicosity}, SCI {sci}",
            {"side": name(x["side"]), "role": name(x["commanded_by"]), "treasury": x["treasury"],
             "spend": x["spendable"], "bellicosity": x["bellicosity"], "sci": f"{x['sci']:+d}"})
        more = [format_message("strategy {strategy}, leader {leader}, operations {n}",
                               {"strategy": strategy_name(x["side"], x["strategy"], data_dir),
                                "leader": name(x["leader"], data_dir), "n": x["operations"]})]
        if x.get("bellicosity_loss"):
            more.append(format_message("Bellicosity -{n} due", {"n": x["bellicosity_loss"]}))
        if x["passed"]:
            more.append(translate_text("passed"))
        if x["hostages"]:
            more.append(translate_text("holds hostages"))
        lines.append(line + "; " + ", ".join(more))
    powers = [f"{name(p['id'], data_dir)} {name(p['status'])}" for p in view.get("powers", [])]
    if powers:
        lines.append(format_message("Neutral powers (4.5): {powers}", {"powers": ", ".join(powers)}))
    leaders: dict[str, list[str]] = {}
    for lead in view.get("leaders", []):
        leaders.setdefault(str(lead["at"]), []).append(leader_text(lead))
    lines.append("")
    lines.append(translate_text("Spaces (forces, leaders, markers):"))
    lines.append(translate_text("Forces: Ath Athenian, AthAl Athenian Allied, Spa Spartan, SpaAl Spartan Allied; SPs "
                                "of H hoplites, C cavalry, N naval."))
    for sp in view.get("spaces", []):
        marks = []
        if sp.get("rebellion"):
            marks.append(format_message("rebellion ({side})", {"side": name(sp["rebellion"])}))
        if sp.get("siege"):
            marks.append(translate_text("siege"))
        if sp.get("ravaged"):
            marks.append(translate_text("ravaged"))
        here = leaders.get(sp["id"], [])
        if not (sp["forces"] or marks or here):
            continue
        control = format_message("control: {side}", {"side": name(sp["control"]) if sp["control"] else
                                                      translate_text("no one")})
        text = f"  {name(sp['id'], data_dir)} [{control}]"
        if sp["forces"]:
            text += ": " + sps(sp["forces"])
        if here:
            text += " — " + ", ".join(here)
        if marks:
            text += " — " + ", ".join(marks)
        lines.append(text)
    if view.get("going_home"):
        lines.append(format_message("Going Home Box: {forces}", {"forces": sps(view["going_home"])}))
    asked = view.get("asked")
    if asked:
        lines.append(format_message("Waiting for {role} ({side}): {question}",
                                    {"role": name(asked["role"]), "side": name(asked["side"]),
                                     "question": translate_line(question(asked))}))
    return _fit(lines)


def _fit(lines: list[str]) -> str:
    """The lines wrapped to the terminal's width (its real width when known, at least 80 columns; issue 11)."""
    width = max(80, shutil.get_terminal_size((80, 24)).columns)
    return "\n".join(part for line in lines for part in (
        [line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent="      ")))
