"""The terminal board (text.render) of real positions: every line fits 80 columns, the tracks are shown."""

from __future__ import annotations

import random

import pytest

from polemos.games.sparta_vs_athens.text import render
from tests.sparta_vs_athens.engine import new


def test_every_board_line_fits_80_columns_and_names_the_tracks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    s = new(seed=2)
    r = random.Random(2)
    for step in range(400):
        if s.outcome() is not None:
            break
        if step % 25 == 0:
            text = render(s.view(None))
            assert all(len(line) <= 80 for line in text.splitlines())
            assert "Prestige (2.11)" in text and "talents (2.17)" in text
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
