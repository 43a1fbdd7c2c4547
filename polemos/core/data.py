"""The one data loader: reads a game's declarative data files (TOML or JSON).

A game's bundled data lives in ``polemos/games/<game>/data/``. A player who owns the printed
components may pass ``--data DIR``: any file present in DIR replaces the bundled file of the same
name. Every error names the file, the entry and the broken constraint (:class:`DataError`).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file is missing, unreadable or breaks a constraint."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        self.file = file
        self.entry = entry
        self.problem = problem
        where = f"{file}: {entry}: " if entry else f"{file}: "
        super().__init__(where + problem)


def resolve(bundled: Path, name: str, override: Path | None) -> Path:
    """The path of data file ``name``: the override directory's copy if it has one."""
    if override is not None:
        candidate = Path(override) / name
        if candidate.exists():
            return candidate
    return bundled / name


def read_document(path: Path) -> dict[str, Any]:
    """Parse a TOML or JSON data file into a dict, or raise :class:`DataError`."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(path.name, "", f"cannot read file ({exc.strerror})") from None
    try:
        if path.suffix == ".json":
            doc = json.loads(raw)
        else:
            doc = tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError(path.name, "", f"not valid {path.suffix.lstrip('.').upper()}: {exc}") from None
    if not isinstance(doc, dict):
        raise DataError(path.name, "", "top level must be a table/object")
    return doc


def digest(paths: list[Path]) -> str:
    """A short content hash of data files: the data version recorded in game records."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


PROVENANCE_PREFIXES = ("rule ", "source: ", "design: ")


class Fields:
    """Typed reading of one data file's entries: every problem becomes a :class:`DataError`
    naming the file, the entry and what is wrong. Games subclass it for their own cell types."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, problem: str) -> DataError:
        return DataError(self.file, where, problem)

    def table(self, doc: Mapping[str, Any], key: str, where: str | None = None) -> Mapping[str, Any]:
        value = doc.get(key)
        if not isinstance(value, dict):
            raise self.fail(where or key, f"missing table [{key}]")
        return value

    def rows(self, doc: Mapping[str, Any], key: str, where: str | None = None) -> list[Mapping[str, Any]]:
        value = doc.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            raise self.fail(where or key, f"{key!r} must be a non-empty array of tables")
        return value

    def int_(self, entry: Mapping[str, Any], key: str, where: str,
             low: int | None = None, high: int | None = None) -> int:
        value = entry.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"{key!r} must be an integer, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(where, f"{key} {value} is out of range {low}-{high}")
        return value

    def str_(self, entry: Mapping[str, Any], key: str, where: str) -> str:
        value = entry.get(key)
        if not isinstance(value, str) or not value:
            raise self.fail(where, f"{key!r} must be a non-empty string, not {value!r}")
        return value

    def strs(self, entry: Mapping[str, Any], key: str, where: str) -> list[str]:
        value = entry.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise self.fail(where, f"{key!r} must be a non-empty array of strings")
        return value

    def bool_(self, entry: Mapping[str, Any], key: str, where: str) -> bool:
        value = entry.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(where, f"{key!r} must be true or false, not {value!r}")
        return value

    def provenance(self, entry: Mapping[str, Any], where: str) -> str:
        """component-data.md policy 3: ``rule X``, ``source: ...`` or ``design: reason``."""
        text = self.str_(entry, "provenance", where)
        if not text.startswith(PROVENANCE_PREFIXES):
            raise self.fail(where, f"provenance {text!r} must start 'rule ', 'source: ' or 'design: '")
        return text
