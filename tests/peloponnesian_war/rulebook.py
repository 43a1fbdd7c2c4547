"""The Peloponnesian War rulebook as the tests read it: numbered sections, and the set-ups of 10.x.

The tests check the data against the rulebook's own text (``../shared/rules/the-peloponnesian-
war.txt``, beside the repository), so a transcription slip in the data cannot hide behind the
same slip in a test. The set-up parser reads the lines of 10.1-10.4 as printed; where the
extraction garbled them, the readings of RULINGS P13-P17 are applied here, each marked.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "the-peloponnesian-war.txt"
HEADING = re.compile(r"^(\d+\.\d+(?:\.\d+)*) \S", re.M)
ABBREVIATIONS = "Leader Counter Abbreviations"


@functools.cache
def text() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not at {RULEBOOK}")
    return RULEBOOK.read_text(encoding="utf-8")


@functools.cache
def sections() -> dict[str, str]:
    """Each numbered section's text, from its heading to the next heading (subsections apart)."""
    body = text()
    marks = [(m.start(), m.group(1)) for m in HEADING.finditer(body)]
    out: dict[str, str] = {}
    for (start, number), (end, _) in zip(marks, [*marks[1:], (len(body), "")], strict=True):
        out.setdefault(number, body[start:end])
    abbreviations = body.index("LEADER COUNTER ABBREVIATIONS")
    out[ABBREVIATIONS] = body[abbreviations:body.index("DESIGN CREDITS")]
    return out


def section(rule: str) -> str:
    """A section's text with all its subsections (``10.1`` includes 10.1.1-10.1.5)."""
    found = [t for number, t in sections().items() if number == rule or number.startswith(rule + ".")]
    if not found:
        raise KeyError(f"no rule {rule} in the rulebook")
    return "".join(found)


# ----------------------------------------------------------------------------------- set-ups
UNIT = re.compile(r"\b(\d+|I)([HCN])\b(\s*\(Allied\))?")
HEADER_KEYS = ("Leader", "Treasury", "Strategy", "Bellicosity", "SCI", "NOTE")
TYPES = {"H": 0, "C": 1, "N": 2}


@dataclass
class Setup:
    """One side's (or the neutrals') set-up as printed in a 10.x section."""

    leader: str = ""
    leader_at: str = ""
    treasury: int | None = None
    strategy: str = ""
    bellicosity: int | None = None
    sci: int | None = None
    # (space name, allied) -> [hoplites, cavalry, naval]
    forces: dict[tuple[str, bool], list[int]] = field(default_factory=dict)
    leaders_at: dict[str, str] = field(default_factory=dict)  # leader named on a force line -> space
    readings: list[str] = field(default_factory=list)  # rulings applied while reading


def _strip_notes(line: str) -> str:
    """Drop notes in {braces}, [brackets] and (parentheses), keeping the "(Allied)" tags."""
    line = re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", line)
    return re.sub(r"\((?!Allied\))[^()]*(\([^()]*\)[^()]*)*\)", "", line)


def read_setup(rule: str, leader_names: set[str]) -> Setup:
    """Parse a set-up section (10.1.1, 10.3.2, ...) line by line."""
    setup = Setup()
    current = ""
    for raw in sections()[rule].splitlines()[1:]:
        line = raw.strip()
        if not line:
            continue
        m = re.match(r"^([A-Z][A-Za-z ]*): (.*)$", line)
        if m and m.group(1) in HEADER_KEYS:
            key, value = m.groups()
            if key == "Leader":
                setup.leader = value.split(" ")[0]
                at = re.search(r"place (?:\w+ )?in (\w+)", value)
                setup.leader_at = at.group(1) if at else ""
            elif key == "Treasury":
                setup.treasury = int(value.split()[0])
            elif key == "Strategy":
                setup.strategy = value.strip()
            elif key == "Bellicosity":
                setup.bellicosity = int(value)
            elif key == "SCI":
                setup.sci = int(value)
            continue
        if m:
            current, rest = m.group(1), m.group(2)
        elif current and UNIT.search(line):
            setup.readings.append("P17")  # a broken line continues the space above it
            rest = line
        else:
            continue
        rest = _strip_notes(rest)
        for word in re.findall(r"[A-Z][a-z]+", rest):
            if word in leader_names:
                setup.leaders_at[word] = current
        for count, kind, allied in UNIT.findall(rest):
            if count == "I":
                setup.readings.append("P16")  # "IC" is 1C
                count = "1"
            key2 = (current, bool(allied))
            setup.forces.setdefault(key2, [0, 0, 0])[TYPES[kind]] += int(count)
    return setup
