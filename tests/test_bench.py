"""``polemos bench`` (issue 12): the first game's set-up (``game.new``, which loads the data files) is timed apart
and left out of the steps/s and games/s figures; the output says so."""

from __future__ import annotations

import re
import time

import pytest
from typer.testing import CliRunner

from polemos.cli import app
from tests.toy_game import ToyNim


def test_bench_leaves_the_first_set_up_out_of_its_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    original = ToyNim.new

    def slow_first(self: ToyNim, *args: object, **kwargs: object) -> object:
        calls[0] += 1
        if calls[0] == 1:
            time.sleep(0.6)  # as a first game.new that reads the data files
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ToyNim, "new", slow_first)
    result = CliRunner().invoke(app, ["bench", "toy-nim", "--steps", "300", "--seed", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.fullmatch(r"\d+(\.\d)? steps/s", lines[0])
    played = re.search(r"games finished in (\d+\.\d+) s", result.output)
    setup = re.search(r"not counted: the first game's set-up with the data loading, (\d+\.\d+) s", result.output)
    assert played is not None and setup is not None
    assert float(setup.group(1)) >= 0.6 > float(played.group(1))
    assert calls[0] > 1  # later games are set up inside the timed play
