"""Sparta vs. Athens named from the data it was built from (issue 11): a game built from a player's own data
folder (``--data``, the server's data_dir; the files replace the bundled ones) names its counters, places and
leaders from that folder on the board, in the panel, the buttons, the prompt and the terminal, through the
view's data version (``view["data"]``, ``names.of``); a game from the bundled data, in the same process, keeps
the bundled names."""

from __future__ import annotations

import shutil
from pathlib import Path

import polemos
from polemos.games.sparta_vs_athens import names, text, web
from polemos.games.sparta_vs_athens.data import DATA_DIR

BUNDLED = polemos.game("sparta-vs-athens")


def _own_data(tmp_path: Path) -> Path:
    folder = tmp_path / "sva-data"
    shutil.copytree(DATA_DIR, folder)
    counters = folder / "counters.toml"
    old = counters.read_text(encoding="utf-8")
    assert old.count('name = "Athenian Cavalry"') == 1
    counters.write_text(old.replace('name = "Athenian Cavalry"', 'name = "Hippeis of Athens"'), encoding="utf-8")
    locales = folder / "locales.toml"
    old = locales.read_text(encoding="utf-8")
    assert old.count('name = "Piraeus"') == 1
    locales.write_text(old.replace('name = "Piraeus"', 'name = "Peiraieus"'), encoding="utf-8")
    return folder


def test_a_game_from_its_own_data_folder_shows_that_folders_names(tmp_path: Path) -> None:
    folder = _own_data(tmp_path)
    own = polemos.game("sparta-vs-athens", data=folder).new(1)
    view = own.view("athens")
    bundled_view = BUNDLED.new(1).view("athens")
    assert view["data"] != bundled_view["data"]  # a content hash of the files: public, no path
    # the board (drawn with the data folder the server passes) and its tooltips
    board = web.render_board(view, folder)
    assert "Hippeis of Athens" in board and "Peiraieus" in board and "Athenian Cavalry" not in board
    # the buttons and the prompt, from the view alone
    assert names.action_label(view, "sail piraeus") == "sail to Peiraieus (DESIGN 7.3)"
    assert names.action_label(view, "take athenian-cavalry#1") == "take Hippeis of Athens"
    assert names.action_label(bundled_view, "take athenian-cavalry#1") == "take Athenian Cavalry"
    # the terminal
    screen = text.render(view)
    assert "Hippeis of Athens" in screen and "Peiraieus" in screen and "Athenian Cavalry" not in screen
    # the bundled game keeps the bundled names in the same process
    assert "Athenian Cavalry" in text.render(bundled_view) and "Hippeis" not in text.render(bundled_view)
    assert "Athenian Cavalry" in web.render_board(bundled_view)


def test_the_panel_names_the_force_from_the_games_data(tmp_path: Path) -> None:
    folder = _own_data(tmp_path)
    view = polemos.game("sparta-vs-athens", data=folder).new(1).view(None)
    view["force"] = {"leader": None, "locale": "piraeus", "units": ["athenian-cavalry#1"], "land_paths_left": 1,
                     "sea_paths_left": 0, "stage": "take"}
    panel = web.describe(view)
    assert panel["force"]["at"] == "Peiraieus" and panel["force"]["units"] == ["Hippeis of Athens"]
    bundled = BUNDLED.new(1).view(None)
    bundled["force"] = dict(view["force"])
    assert web.describe(bundled)["force"]["units"] == ["Athenian Cavalry"]
