"""The one data loader: reads a game's declarative data files (TOML or JSON).

A game's bundled data lives in ``polemos/games/<game>/data/``. A player who owns the printed
components may pass ``--data DIR``: any file present in DIR replaces the bundled file of the same
name. Every error names the file, the entry and the broken constraint (:class:`DataError`).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
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
