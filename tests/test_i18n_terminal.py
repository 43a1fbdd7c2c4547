"""The terminal boards in Spanish (issue 11: ``--lang es`` / ``POLEMOS_LANG=es``): every game's ``text.render``
of real positions (random playouts) still fits an 80-column terminal in Spanish, and no screen has an English
heading, key or name left (Athens & Sparta's in both editions, with the first edition's PP, 1st 8.1)."""

from __future__ import annotations

import importlib

import pytest

import polemos
from polemos import i18n
from polemos.testing.playouts import COLUMNS, sampled_positions, too_wide

GAMES = [("athens-and-sparta", "athens_sparta"), ("go-tell-the-spartans", "thermopylae"),
         ("peloponnesian-war", "peloponnesian_war")]
# words of each game's English screen that must not be left on its Spanish one
ENGLISH = {
    "athens-and-sparta": ("Olympiad", "Game Turn", "phase", "City points", "MPs left", "BPs left", "Cards played",
                          "Your hand", "Blocks on the map", " block", "walled", "in siege", "BESIEGED", "Hoplites",
                          "Peltasts", "Cavalry", "Navy", "Battle at", "round", "attacker", "Moving", "to move",
                          "Player 1", "ATHENS", "CORINTH", "Storm", "Earthquake", "Persian support", "empty"),
    "go-tell-the-spartans": ("Legend:", "Day ", "You play", "Ephialtes Box", "Stacks (top first)", "morale tracks",
                             "Victory points", "Log:", "Persian contingents", "lost ", "Greek ", "Medes "),
    "peloponnesian-war": ("game turn", "You command", "Score", "Treasury", "Bellicosity", "strategy ",
                          "leader ", "Neutral powers", "Spaces (", "Forces:", "control:  ", "Waiting for",
                          "Potidaea", "Archidamus", "Corinth", "Thebes"),
}


@pytest.mark.parametrize(("game_id", "package"), GAMES)
def test_the_terminal_board_in_spanish_fits_80_columns(game_id: str, package: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    render = importlib.import_module(f"polemos.games.{package}.text").render
    seen = 0
    for step, state, role in sampled_positions(game_id, seed=2, steps=200, every=25):
        with i18n.use("es"):
            text = render(state.view(role))
        wide = too_wide(text)
        assert not wide, f"{game_id} step {step}: {wide[:2]}"
        left = [w for w in ENGLISH.get(game_id, ()) if w in text]
        assert not left, f"{game_id} step {step}: still English: {left}\n{text}"
        seen += 1
    assert seen >= 2


def test_go_tell_the_spartans_terminal_names_in_spanish() -> None:
    from polemos.games.thermopylae.text import action_labels, render

    state = polemos.game("go-tell-the-spartans").new(1)
    view = state.view(state.active_roles()[0])
    with i18n.use("es"):
        text = render(view, width=80)
        labels = action_labels(view, state.legal_actions(state.active_roles()[0]))
    assert "Leyenda: ~ costa (infranqueable)" in text and "colina de Kolonos" in text
    assert "Marcadores de moral de los contingentes" in text and "Espartanos" in text
    assert labels and not any(label.startswith(("The ", "Place ", "Commit ")) for label in labels), labels


def test_the_peloponnesian_war_choices_in_spanish() -> None:
    # the terminal's numbered choices: the view's labels (3.1 strategies here) in the current language
    from polemos.games.peloponnesian_war.text import action_labels

    state = polemos.game("peloponnesian-war").new(3)
    legal = state.legal_actions("player")
    with i18n.use("es"):
        shown = action_labels(state.view("player"), legal)
    assert "Estrategia: Atacar al ejército espartano (3.1)" in shown
    assert action_labels(state.view("player"), legal)[0].startswith("Strategy: ")


@pytest.mark.parametrize("edition", ["second", "first"])
def test_athens_and_sparta_terminal_in_spanish(edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 11 and 13: the A&S screen and its numbered choices in Spanish, with the first-edition rulebook's terms
    # (Olimpiada, Turno de Juego, PM, amurallada, Hoplitas) and, in the first edition, its Production Points (PP,
    # 1st 8.1) and its end (1st 10.2); every line within 80 columns
    from polemos.games.athens_sparta.text import action_labels, render

    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    seen: list[str] = []
    for step, state, role in sampled_positions("athens-and-sparta", seed=7, steps=600, every=15,
                                               options={"edition": edition}):
        legal = state.legal_actions(role)
        view = state.view(role)
        with i18n.use("es"):
            text = render(view)
            labels = action_labels(view, legal)
        assert not too_wide(text), text
        left = [w for w in ENGLISH["athens-and-sparta"] if w in text]
        assert not left, f"step {step}: still English: {left}\n{text}"
        english = action_labels(view, legal)
        assert len(labels) == len(legal) and labels != english, labels  # the numbered choices in Spanish
        seen.append(text)
    screens = "\n".join(seen)
    assert all(w in screens for w in ("Olimpiada", "Turno de Juego", "Bloques en el mapa", "amurallada", "Hoplitas"))
    if edition == "first":
        assert "(1.ª ed. 10.2)" in screens and "PP restantes" in screens
