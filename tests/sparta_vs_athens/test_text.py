"""The terminal board (text.render) of real positions: every line fits 80 columns, the tracks are shown."""

from __future__ import annotations

import random

import pytest

from polemos.games.sparta_vs_athens.text import action_menu, render
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


def test_design_2_16_cities_held_by_their_garrison_unit_alone_are_one_line_per_side() -> None:
    s = new(seed=1)
    text = render(s.view(None))
    lines = text.splitlines()
    assert not any(line.startswith("  Abdera:") for line in lines)  # 16.2: its garrison unit alone
    assert "Garrison units (DESIGN 2.16), 1 each, alone in: Athens — Abdera, Abydos," in text
    assert any(line.startswith("  Athens: Athens Athenian Hoplites") for line in lines)  # the rest as before
    assert len(lines) < 70  # was ~110 lines in 431, 76 of them a garrison unit each


def test_3_2_the_menu_lists_a_unit_to_buy_once_with_its_places_numbered_as_the_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    s = new(seed=1)
    s.apply("sparta", "athens first")
    s.apply("athens", s.legal_actions("athens")[0])  # pay the upkeep (3.2 2a)
    legal = s.legal_actions("athens")
    assert sum(a.startswith("buy ") for a in legal) > 100
    menu = action_menu(s.view("athens"), legal)
    assert all(len(line) <= 80 for line in menu)
    assert len(menu) < len(legal) // 2
    head = next(line for line in menu if "buy Delos Confederation Hoplites for 2 talents (3.2 2a), at:" in line)
    first = legal.index("buy delos-hoplites at chalcis") + 1
    assert f"{first}.\u00a0Chalcis" in head  # the number typed chooses that very action
    joined = " ".join(menu)
    for i, action in enumerate(legal, 1):
        assert f"{i}." in joined, action  # every action keeps its number
    assert menu[-1].strip() == f"{len(legal)}. done buying"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_16_5_a_person_plays_the_ionian_war_to_the_end_in_80_columns(lang: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`polemos play sparta-vs-athens --vs heuristic` in an 80-column terminal, English and Spanish: a player
    who always types 1 reaches the end of the Ionian War (16.5, 16.6), and every line printed — the board,
    the log, the numbered choices — fits 80 columns."""
    from typer.testing import CliRunner

    from polemos.cli import app

    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, ["--lang", lang, "play", "sparta-vs-athens", "--vs", "heuristic", "--seat",
                                      "athens", "--seed", "7", "--options", '{"scenario": "ionian-war"}'],
                                input="1\n" * 400)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    out = result.output
    assert "Game over" in out if lang == "en" else "Fin de la partida" in out or "Partida terminada" in out
    assert [line for line in out.splitlines() if len(line) > 80] == []
