"""Sparta vs. Athens in Spanish (issue 14): every log line of random games in each scenario (16.2, 16.3,
16.5) reads in Spanish with no English word of its own left, every button label and prompt does, and the
catalog's messages (``messages.py``) name every counter's display name."""

from __future__ import annotations

import re

import polemos
from polemos.core.log import log_lines, translate_line
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens import messages, web
from polemos.games.sparta_vs_athens.data import load_components
from polemos.games.sparta_vs_athens.state import SVAState, display_names

GAME = polemos.game("sparta-vs-athens")
# English words no Spanish line keeps (names of places, leaders and units aside)
ENGLISH = frozenset(["the", "to", "and", "rolls", "of", "at", "in", "with", "from", "is", "its", "by", "on", "for",
                     "wins", "force", "talents", "treasury", "prestige", "battle", "siege", "against", "shift",
                     "die", "needs", "government", "marches", "sails", "retreats", "activates", "moves"])
# names that read the same in Spanish
SAME = frozenset(["Argos", "Lesbos", "Persia"])


def _game(scenario: str, seed: int) -> SVAState:
    s = GAME.new(seed, scenario)
    assert isinstance(s, SVAState)
    r = Rng(seed)
    while s.outcome() is None:
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
    return s


def test_every_log_line_reads_in_spanish() -> None:
    lines: set[str] = set()
    for scenario, seed in (("peloponnesian-war", 1), ("archidamian-war", 2), ("ionian-war", 3)):
        lines |= set(log_lines(_game(scenario, seed).view(None)))
    assert len(lines) > 500
    untranslated = [line for line in sorted(lines) if translate_line(line, "es") == line]
    assert untranslated == []
    partly = [(line, shown) for line in sorted(lines)
              if ENGLISH & set(re.findall(r"[A-Za-z]+", shown := translate_line(line, "es")))]
    assert partly == []


def test_a_line_in_spanish() -> None:
    assert translate_line("8.1 battle at Megara: Sparta 21 against Athens 7, 3:1, shift +1 -> 4/1, die 5: DH.",
                          "es") == "8.1 batalla en Mégara: Esparta 21 contra Atenas 7, 3:1, desplazamiento +1 -> " \
                                   "4/1, dado 5: DH."
    assert translate_line("  Athenian Fleet III wavers (3.2 2a not maintained).", "es") == \
        "  Flota ateniense III vacila (3.2 2a sin mantenimiento)."


def test_every_button_and_prompt_reads_in_spanish() -> None:
    s = GAME.new(7)
    r = Rng(7)
    missing: set[str] = set()
    for _ in range(2500):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        view = s.view(role)
        panel = web.describe(view)
        for text in [*web.action_labels(view, legal), panel["prompt"], panel["phase"], panel["event"],
                     panel["government"], panel["scenario"], *panel["allies"]]:
            if translate_line(text, "es") == text and text not in SAME:
                missing.add(text)
        s.apply(role, r.choice(legal))
    assert sorted(missing) == []


def test_the_catalog_names_every_counter() -> None:
    comp = load_components()
    named = {*messages.COUNTERS, *messages.UNITS}
    assert set(display_names(comp)) <= named


def test_the_design_page_reads_in_spanish_section_by_section() -> None:
    """DESIGN.es.md is the design page in Spanish: every rule it numbers in English (Part I's surviving
    sections, Part II's designed ones, the For play paragraphs) is numbered there too."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "polemos" / "games" / "sparta_vs_athens"
    english = (folder / "DESIGN.md").read_text(encoding="utf-8")
    spanish = (folder / "DESIGN.es.md").read_text(encoding="utf-8")
    numbered = set(re.findall(r"^\*\*(\d+\.\d+)", english, re.MULTILINE))
    assert len(numbered) > 50
    missing = sorted(n for n in numbered if not re.search(rf"^\*\*{re.escape(n)}\b", spanish, re.MULTILINE))
    assert missing == []
    assert english.count("**For play") <= spanish.count("**Para jugar")


def test_the_terminal_board_and_the_map_read_in_spanish() -> None:
    """`polemos --lang es`: the terminal board's lines (text.render) keep no English word of their own, and
    every word the map draws (legend, tooltips, paths; board_texts) has its Spanish but the place names."""
    from polemos import i18n
    from polemos.games.sparta_vs_athens import svg, text

    words = {"the", "to", "and", "of", "at", "in", "with", "from", "is", "by", "on", "for", "Garrison", "Hoplites",
             "Fleet", "leader", "held", "fort", "Force", "Waiting", "talents", "revenue", "wavering", "inside"}
    s = GAME.new(9)
    r = Rng(9)
    left: set[str] = set()
    with i18n.use("es"):
        for step in range(1500):
            if s.outcome() is not None:
                break
            role = s.active_roles()[0]
            if step % 50 == 0:
                left |= {line for line in text.render(s.view("sparta")).splitlines()
                         if words & set(re.findall(r"[A-Za-z]+", line))}
                # the terminal's numbered choices too (the browser translates its buttons itself)
                labels = text.action_labels(s.view(role), s.legal_actions(role))
                left |= {label for label in labels if words & set(re.findall(r"[A-Za-z]+", label))}
                # as the terminal lists them: a unit to buy once, with its places (3.2 2a)
                menu = text.action_menu(s.view(role), s.legal_actions(role))
                left |= {line for line in menu if words & set(re.findall(r"[A-Za-z]+", line))}
            s.apply(role, r.choice(s.legal_actions(role)))
    assert sorted(left) == []
    places = {loc.name for loc in load_components().locales}
    drawn = {w for w in i18n.board_texts(svg.render_map()) if w and not w.isdigit() and w not in places}
    same = {"ASIA", "MACEDONIA"}  # region names spelled the same in Spanish
    assert sorted(w for w in drawn if translate_line(w, "es") == w and w not in same) == []
