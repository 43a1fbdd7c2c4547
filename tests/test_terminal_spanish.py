"""Every game in the terminal in Spanish, 80 columns (issue 11): `polemos --lang es play GAME`, a player who types 1
forty times. Every line printed — the title line, the board, the log, what is asked, the numbered choices and
the echo of each choice — fits 80 columns, says no common English word and names no piece by the record's id
(ATH-HOP-1, locrians-8) nor any role by its id (athens, greek). A new player's pass met "athens: Moving
ATH-HOP-1: choose the next hex, 'Stop here' or 'Cancel this move'." on one 100-column line, the title line in
English, the choice echoed as the record's "athens: to THEBES" and "place loc8 (locrians-8: area and facing)"."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from polemos.cli import app

# the games' published names, kept in Spanish as the page keeps them
TITLES = ("Go Tell the Spartans", "Sparta vs. Athens")
ENGLISH = re.compile(r"\b(the|your|you|and|choose|place|move|moving|fire|end|to act|plays|seed|type)\b", re.I)
BLOCK_ID = re.compile(r"\b[A-Z]{3}-[A-Z]{3}")  # an Athens & Sparta block's record id
# a Go Tell the Spartans unit's record id (locrians-8), but where the key says which code types which id (spa1 = ...)
UNIT_ID = re.compile(r"(?<!= )\b[a-z]+(?:-[a-z]+)*-[0-9]+\b")
ROLE_ID = re.compile(r"^(athens|sparta|greek|persian|player)\b")  # a role's id opening a line


@pytest.mark.parametrize(("game", "vs"), [("athens-and-sparta", ["--vs", "random"]), ("go-tell-the-spartans", []),
                                          ("peloponnesian-war", []), ("sparta-vs-athens", ["--vs", "random"])])
def test_a_game_in_the_terminal_reads_in_spanish_in_80_columns(game: str, vs: list[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, ["--lang", "es", "play", game, *vs, "--seed", "3"], input="1\n" * 40)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.splitlines()
    assert "juegas con " in lines[0] + lines[1], lines[:2]  # the title line (wrapped at 80)
    assert [line for line in lines if len(line) > 80] == []
    found = []
    for line in lines:
        text = line
        for title in TITLES:
            text = text.replace(title, "")
        if ENGLISH.search(text) or BLOCK_ID.search(text) or UNIT_ID.search(text) or ROLE_ID.match(text):
            found.append(line)
    assert list(dict.fromkeys(found)) == []
