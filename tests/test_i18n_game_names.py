"""One name for each game in Spanish (issue 11): every message of the catalog that names a game by its English
title names it in Spanish as the lobby, the page's heading and its <title> do. A new player's pass found the
Sparta vs. Athens page headed "Sparta vs. Athens" over a map captioned "Esparta contra Atenas (S&T 286): mapa
reconstruido para Polemos"."""

from __future__ import annotations

import polemos
from polemos import i18n


def test_every_message_names_each_game_as_its_title_does_in_spanish() -> None:
    catalog = i18n.catalog("es").singular
    found = []
    for game_id in polemos.game_ids():
        english = polemos.game(game_id).title
        spanish = i18n.translate_text(english, "es")
        for msgid, msgstr in catalog.items():
            # the same words, whatever their capitals (a scenario names the war: 'La guerra del Peloponeso, 431-404')
            if english in msgid and spanish.casefold() not in msgstr.casefold():
                found.append(f"{game_id} ({spanish}): {msgid!r} -> {msgstr!r}")
    assert found == []
