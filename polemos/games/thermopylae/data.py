"""The full component load of Go Tell the Spartans (``polemos data check DIR --game go-tell-the-spartans``)."""

from __future__ import annotations

from pathlib import Path

from polemos.games.thermopylae.state import Comp, _load_comp


def load_components(data_dir: Path | None = None) -> Comp:
    """Load and check every data file (map, counters, tables) and the geometry built from them."""
    return _load_comp.__wrapped__(data_dir)
