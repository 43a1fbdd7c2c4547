"""One display name for every place, leader and force, in English and Spanish (issue 11).

Every place and leader name the games' data holds has its Spanish in the catalog (Athens & Sparta's cities by
the Spanish first edition's own names where its rulebook gives them, the usual Spanish exonyms elsewhere;
polemos/messages.py), and The Peloponnesian War shows its spaces, leaders, strategies, powers and forces by
their names, never by their ids, on the side panel, the board and the terminal, in both languages.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import polemos
from polemos import i18n
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import web as pw_web
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.text import render as pw_render
from polemos.games.thermopylae.text import ABBREVIATIONS

GAMES = Path(polemos.__file__).parent / "games"
PW = load_components(None)


def _place_names() -> dict[str, list[str]]:
    cities = tomllib.loads((GAMES / "athens_sparta" / "data" / "cities.toml").read_text())["city"]
    counters = (GAMES / "thermopylae" / "data" / "counters.toml").read_text()
    # Go Tell the Spartans' Peloponnesian units are named after their cities ("tegea-1"), not a contingent
    towns = sorted({m for m in re.findall(r'^id = "([a-z]+)-\d+"$', counters, re.M) if m not in ABBREVIATIONS})
    return {
        "athens-and-sparta": [str(c["name"]) for c in cities],
        "peloponnesian-war": [s.name for s in PW.spaces] + [p.name for p in PW.powers] + [x.name for x in PW.leaders],
        "go-tell-the-spartans": [t.title() for t in towns],
    }


def test_every_place_and_leader_name_has_its_spanish() -> None:
    spanish = i18n.catalog("es").singular
    missing = [f"{game}: {n}" for game, names in _place_names().items() for n in names if n not in spanish]
    assert missing == []
    assert len(_place_names()["go-tell-the-spartans"]) >= 5  # Tegea, Mantinea, Arcadia, Corinth, Phlius, ...


def test_athens_and_sparta_places_by_the_spanish_first_edition() -> None:
    # the Spanish first edition's own names (its rulebook: Atenas, Esparta, Tebas, Corinto, Siracusa, Platea;
    # it keeps Potidaea, Chios and Troezen as they are), in the map's capitals
    shown = {n: i18n.translate_text(n, "es") for n in ("ATHENS", "SPARTA", "THEBES", "CORINTH", "SYRACUSE",
                                                        "PLATAEA", "POTIDAEA", "CHIOS", "TROEZEN")}
    assert shown == {"ATHENS": "ATENAS", "SPARTA": "ESPARTA", "THEBES": "TEBAS", "CORINTH": "CORINTO",
                     "SYRACUSE": "SIRACUSA", "PLATAEA": "PLATEA", "POTIDAEA": "POTIDAEA", "CHIOS": "CHIOS",
                     "TROEZEN": "TROEZEN"}
    assert i18n.translate_text("Potidaea", "es") == "Potidea"  # The Peloponnesian War: the usual exonym


# ids a person should never read: those that differ from their display name ("potidaea", "archidamus",
# "attack-athens", "athenian_allied"); "athens", "sparta", "argos" ... are their own names in lower case
IDS = ({s.id for s in PW.spaces} | {x.id for x in PW.leaders} | {p.id for p in PW.powers}
       | {st.id for m in PW.matrixes for st in m.strategies} | {"athenian_allied", "spartan_allied"})


def _ids_in(doc: Any) -> set[str]:
    found: set[str] = set()
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found |= {w for w in re.findall(r"[a-z][a-z_-]*[a-z]", item) if w in IDS}
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_the_peloponnesian_war_names_no_id_on_its_panel_board_or_terminal() -> None:
    seen: set[str] = set()
    for seed in (1, 2):
        state = polemos.game("peloponnesian-war").new(seed)
        chooser = Rng(seed)
        for step in range(400):
            if state.outcome() is not None:
                break
            role = state.active_roles()[0]
            view = state.view(role)
            panel = pw_web.describe(view)
            panel.pop("log")  # the log is the rules' own lines (tests/test_i18n.py)
            seen |= _ids_in(panel)
            seen |= _ids_in(pw_web.action_labels(view, state.legal_actions(role)))
            if step % 50 == 0:
                seen |= _ids_in(i18n.board_texts(pw_web.render_board(view)))
                seen |= _ids_in(pw_render(view))
            state.apply(role, chooser.choice(state.legal_actions(role)))
    assert seen == set()


def test_the_peloponnesian_war_terminal_in_spanish() -> None:
    view = polemos.game("peloponnesian-war").new(3).view("player")
    with i18n.use("es"):
        board = " ".join(pw_render(view).split())
    assert "Potidea [control: Esparta]: Ath 2H 3N, AthAl 1C, SpaAl 1H — Formión (Atenas 2/0)" in board
    assert "Esparta [control: Esparta]: Spa 10H 1C — Arquidamo (Esparta 1/0)" in board
    assert "Esperando a Jugador (Atenas): 3.1: elige la estrategia" in board
    assert "Potidaea" not in board and "Waiting" not in board
