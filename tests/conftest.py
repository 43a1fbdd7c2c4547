"""Shared fixtures: the toy game is registered for every test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from polemos.core.game import _REGISTRY, register


@pytest.fixture(scope="session", autouse=True)
def toy_game_registered() -> Iterator[str]:
    """Register ``toy-nim`` (tests/toy_game.py) for the whole session."""
    register("toy-nim", "tests.toy_game:ToyNim")
    yield "toy-nim"
    _REGISTRY.pop("toy-nim", None)
