"""Every game's terminal board fits an 80-column terminal (issue 11): each line of ``text.render`` of real
positions, from random playouts, is at most 80 characters when the terminal is 80 columns wide."""

from __future__ import annotations

import importlib

import pytest

from polemos.testing.playouts import COLUMNS, sampled_positions, too_wide

GAMES = [("athens-and-sparta", "athens_sparta"), ("go-tell-the-spartans", "thermopylae"),
         ("peloponnesian-war", "peloponnesian_war"), ("sparta-vs-athens", "sparta_vs_athens")]


@pytest.mark.parametrize(("game_id", "package"), GAMES)
def test_every_board_line_fits_80_columns(game_id: str, package: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    render = importlib.import_module(f"polemos.games.{package}.text").render
    seen = 0
    for step, state, role in sampled_positions(game_id, seed=1, steps=240, every=20):
        for viewer in (role, None):
            wide = too_wide(render(state.view(viewer)))
            assert not wide, f"{game_id} step {step}: {wide[:2]}"
            seen += 1
    assert seen >= 2
