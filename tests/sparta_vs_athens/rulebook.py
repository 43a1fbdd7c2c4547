"""The surviving Sparta vs. Athens rules (1.1-3.2) as the tests read them: numbered sections.

The tests check the data against the rulebook's own text (``../shared/rules/sparta-vs-athens.txt``,
beside the repository), so a transcription slip in the data cannot hide behind the same slip in a
test.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "sparta-vs-athens.txt"
HEADING = re.compile(r"^(\d+\.\d+) \S", re.M)


@functools.cache
def text() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not at {RULEBOOK}")
    return RULEBOOK.read_text(encoding="utf-8")


@functools.cache
def sections() -> dict[str, str]:
    """Each numbered section's text, from its heading to the next, whitespace collapsed."""
    body = text()
    marks = [(m.start(), m.group(1)) for m in HEADING.finditer(body)]
    out: dict[str, str] = {}
    for (start, number), (end, _) in zip(marks, [*marks[1:], (len(body), "")], strict=True):
        out.setdefault(number, _plain(body[start:end]))
    return out


def _plain(text: str) -> str:
    """Whitespace collapsed, typographic quotes made plain."""
    for fancy, plain in (("\u201c", '"'), ("\u201d", '"'), ("\u2019", "'"), ("\u2018", "'")):
        text = text.replace(fancy, plain)
    return " ".join(text.split())


def says(rule: str, words: str) -> bool:
    """Whether section ``rule`` contains ``words`` (whitespace collapsed, quotes plain)."""
    return _plain(words) in sections()[rule]


@functools.cache
def referenced() -> frozenset[str]:
    """Every rule number the surviving text names: its own sections and those it refers to (9.3, 15.10...)."""
    return frozenset(re.findall(r"\b\d+\.\d+\b", text())) | frozenset(sections())
