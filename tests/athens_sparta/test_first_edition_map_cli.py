"""`polemos map athens-and-sparta --options '{"edition": "first"}'` draws the first edition's map
(issue 13, RULINGS FE26): the walls of NAUPACTUS, TROEZEN and CYTHERA and the mountain hexside
between NAUPACTUS and 0707; without the option the current map, as before."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from polemos.cli import app

runner = CliRunner()


def _map(tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    out = tmp_path / "map.svg"
    result = runner.invoke(app, ["map", "athens-and-sparta", "--out", str(out), *extra])
    assert "Traceback" not in result.output
    return result.exit_code, result.output, out.read_text(encoding="utf-8") if out.exists() else ""


def _ridges(svg: str) -> int:
    return len(re.findall(r'<line [^>]*stroke="#5a3a1a" stroke-width="4.5"', svg))


def test_1st_fe26_map_command_draws_the_first_editions_map(tmp_path: Path) -> None:
    code, out, current = _map(tmp_path)
    assert code == 0 and "wrote" in out
    code, out, first = _map(tmp_path, "--options", '{"edition": "first"}')
    assert code == 0 and "wrote" in out
    assert "first edition" in first and "first edition" not in current
    # FE26: one more mountain hexside (NAUPACTUS-0707); the legend's sample is in both
    assert _ridges(first) == _ridges(current) + 1
    # FE26: three more walled cities (hexagonal markers instead of circles)
    marker = r'<polygon points="[^"]*" fill="#(?:1f5fbf|c62828|2e7d32|ef6c00|111111)" stroke="#ffffff"'
    assert len(re.findall(marker, first)) == len(re.findall(marker, current)) + 3
    # the default edition by name draws the current map
    code, _, second = _map(tmp_path, "--options", '{"edition": "second"}')
    assert code == 0 and second == current


def test_map_command_refuses_a_bad_option_with_a_clear_error(tmp_path: Path) -> None:
    code, out, _ = _map(tmp_path, "--options", '{"edition": "third"}')
    assert code == 1 and "option edition must be one of second, first" in out
    code, out, _ = _map(tmp_path, "--options", '{"colour": "red"}')
    assert code == 1 and "unknown option" in out
    code, out, _ = _map(tmp_path, "--options", "[1]")
    assert code == 1 and "--options must be a JSON object" in out
