"""Every game's terminal board fits an 80-column terminal (issue 11): each line of ``text.render`` of real
positions, from random playouts, is at most 80 characters when the terminal is 80 columns wide."""

from __future__ import annotations

import importlib

import pytest

import polemos
from polemos.core.rng import Rng

GAMES = [("athens-and-sparta", "athens_sparta"), ("go-tell-the-spartans", "thermopylae"),
         ("peloponnesian-war", "peloponnesian_war"), ("sparta-vs-athens", "sparta_vs_athens")]


@pytest.mark.parametrize(("game_id", "package"), GAMES)
def test_every_board_line_fits_80_columns(game_id: str, package: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    render = importlib.import_module(f"polemos.games.{package}.text").render
    state = polemos.game(game_id).new(1)
    chooser = Rng(1)
    for step in range(240):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        if step % 20 == 0:
            for viewer in (role, None):
                text = render(state.view(viewer))
                wide = [line for line in text.splitlines() if len(line) > 80]
                assert not wide, f"{game_id} step {step}: {wide[:2]}"
        state.apply(role, chooser.choice(state.legal_actions(role)))
