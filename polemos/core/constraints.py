"""Constraints the rules put on a game's component data, shared by the tests and ``polemos data check``.

component-data.md policy 2: every number the rules state is a constraint the data must satisfy, and
a test checks each. A game lists its constraints once (``<game>.constraints.CONSTRAINTS``); its tests
run every one on the bundled data, and ``polemos data check DIR`` runs the same list on a player's
files, so a folder that breaks a number the rules fix (ATHENS worth 3 points) is refused, not "ok".

A check raises :class:`~polemos.core.data.DataError` naming the file, the entry and the rule broken
(:func:`need` is the one-line form).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from polemos.core.data import DataError

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Constraint(Generic[C]):
    """One constraint of the rules on the components ``C``: ``rule`` (its number), the ``file`` it
    constrains, what the rules fix (``text``), and the check (raises DataError when broken)."""

    rule: str
    file: str
    text: str
    check: Callable[[C], None]

    @property
    def name(self) -> str:
        """``rule text``: the constraint's name in test ids and reports."""
        return f"{self.rule} {self.text}"


def need(ok: bool, file: str, entry: str, problem: str) -> None:
    """Raise DataError(file, entry, problem) unless ``ok``."""
    if not ok:
        raise DataError(file, entry, problem)


def broken(constraints: Sequence[Constraint[C]], components: C) -> list[DataError]:
    """Every constraint ``components`` break (each with the rule it cites), in the list's order."""
    problems = []
    for c in constraints:
        try:
            c.check(components)
        except DataError as exc:
            where = f"{exc.entry}: " if exc.entry else ""
            problems.append(DataError(exc.file, f"rule {c.rule}", f"{where}{exc.problem} ({c.text})"))
    return problems
