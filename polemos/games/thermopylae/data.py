"""The full component load of Go Tell the Spartans (``polemos data check DIR --game go-tell-the-spartans``)."""

from __future__ import annotations

from pathlib import Path

from polemos.games.thermopylae.board import MAP_FILE
from polemos.games.thermopylae.counters import COUNTERS_FILE
from polemos.games.thermopylae.state import Comp, _load_comp
from polemos.games.thermopylae.tables import TABLES_FILE


def data_files() -> list[str]:
    """The names of the data files a game of Go Tell the Spartans is built from, in load order."""
    return [MAP_FILE, COUNTERS_FILE, TABLES_FILE]


def load_components(data_dir: Path | None = None) -> Comp:
    """Load and check every data file (map, counters, tables) and the geometry built from them."""
    return _load_comp.__wrapped__(data_dir)
