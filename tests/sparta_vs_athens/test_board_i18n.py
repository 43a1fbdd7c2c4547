"""Sparta vs. Athens: the board's piece layer in Spanish (issue 14). Each locale's tooltip (its holder, its
strength tags, one line of counters per side, wavering ones marked) is drawn in English from the catalog's
templates (``web.HELD_BY``, ``SIDE_LINE``, ``WAVERING``, ``INSIDE``) and reads in Spanish as the page shows it
(``i18n.board_texts`` -> ``page_words``), with no English word of its own left."""

from __future__ import annotations

import re
from html import unescape

import polemos
from polemos.core.log import translate_line
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens import web
from polemos.i18n import board_texts, page_words

GAME = polemos.game("sparta-vs-athens")
ENGLISH = frozenset(["held", "by", "no", "one", "wavering", "in", "Athens", "Sparta", "Not", "at", "war", "Fleet",
                     "Hoplites", "Squadron", "Cavalry", "Archers", "Garrison", "Light", "Troops", "Athenian",
                     "Spartan"])


def _titles(svg: str) -> list[str]:
    return [unescape(t) for t in re.findall(r"<title>([^<]*)</title>", svg)]


def test_a_locale_tooltip_in_spanish() -> None:
    title = web.SIDE_LINE["sparta"].format(
        title=web.SIDE_LINE["athens"].format(
            title=web.SIDE_LINE["athens"].format(
                title=web.HELD_BY.format(locale="Megara", side="Athens") + "; " + web.INSIDE.format(tag="A 3L"),
                unit=web.WAVERING.format(unit="Athenian Hoplites (6) I")),
            unit="Sicel and Segestan Levies II"),
        unit="Thurian and Rhegine Hoplites")
    assert translate_line(title, "es") == (
        "Mégara — en manos de Atenas; A 3L (dentro)\n"
        "Atenas: Hoplitas atenienses (6) I (vacilante)\n"
        "Atenas: Levas sículas y segestanas II\n"
        "Esparta: Hoplitas de Turios y Regio")


def test_every_piece_tooltip_of_a_played_game_reads_in_spanish() -> None:
    s = GAME.new(5)
    r = Rng(5)
    left: set[tuple[str, str]] = set()
    seen: set[str] = set()
    for step in range(1200):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        if step % 100 == 0:
            svg = web.render_board(s.view(None))
            shown = page_words({"board": board_texts(svg)}, "es")
            for title in _titles(svg):
                if "\n" in title or "held by" in title:
                    seen.add(title)
                    spanish = shown.get(title.strip(), title)
                    if ENGLISH & set(re.findall(r"\w+", spanish)):
                        left.add((title, spanish))
        s.apply(role, r.choice(s.legal_actions(role)))
    assert any("held by" in t for t in seen) and any("wavering" in t for t in seen)
    assert sorted(left) == []
