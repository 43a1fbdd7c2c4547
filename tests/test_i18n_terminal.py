"""The terminal boards in Spanish (issue 11: ``--lang es`` / ``POLEMOS_LANG=es``): every game's ``text.render``
of real positions (random playouts) still fits an 80-column terminal in Spanish, and Go Tell the Spartans'
and The Peloponnesian War's screens have no English heading, key or name left (Athens & Sparta's screen is
another module's: only its width is checked here)."""

from __future__ import annotations

import importlib

import pytest

import polemos
from polemos import i18n
from polemos.core.rng import Rng

GAMES = [("athens-and-sparta", "athens_sparta"), ("go-tell-the-spartans", "thermopylae"),
         ("peloponnesian-war", "peloponnesian_war")]
# words of each game's English screen that must not be left on its Spanish one
ENGLISH = {
    "go-tell-the-spartans": ("Legend:", "Day ", "You play", "Ephialtes Box", "Stacks (top first)", "morale tracks",
                             "Victory points", "Log:", "Persian contingents", "lost ", "Greek ", "Medes "),
    "peloponnesian-war": ("game turn", "You command", "Score", "Treasury", "Bellicosity", "strategy ",
                          "leader ", "Neutral powers", "Spaces (", "Forces:", "control:  ", "Waiting for",
                          "Potidaea", "Archidamus", "Corinth", "Thebes"),
}


@pytest.mark.parametrize(("game_id", "package"), GAMES)
def test_the_terminal_board_in_spanish_fits_80_columns(game_id: str, package: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    render = importlib.import_module(f"polemos.games.{package}.text").render
    state = polemos.game(game_id).new(2)
    chooser = Rng(2)
    for step in range(200):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        if step % 25 == 0:
            with i18n.use("es"):
                text = render(state.view(role))
            wide = [line for line in text.splitlines() if len(line) > 80]
            assert not wide, f"{game_id} step {step}: {wide[:2]}"
            left = [w for w in ENGLISH.get(game_id, ()) if w in text]
            assert not left, f"{game_id} step {step}: still English: {left}\n{text}"
        state.apply(role, chooser.choice(state.legal_actions(role)))


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
