"""Helpers for states kept as plain data: named scalar and list fields copied, saved and loaded.

A game whose state is a set of attributes (ints, bools, strings, flat or nested lists of ints)
names them in two tuples and uses these helpers for ``clone``, ``to_json`` and ``load_json``,
and :func:`position_from_json` for ``Game.from_json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from polemos.core.errors import RecordError

JSON = dict[str, Any]


def state_header(state: Any, data_version: str) -> JSON:
    """The fields every position document starts with (the kernel's part of a state)."""
    return {
        "game": state.game.id,
        "data": data_version,
        "seed": state.seed,
        "scenario": state.scenario,
        "options": dict(state.options),
        "rng": state.rng.to_json(),
        "actions": [[r, a] for r, a in state.actions],
        "undo_floor": state.undo_floor,
        "reveals": state.reveals,
    }


def copy_header(src: Any, dst: Any) -> None:
    """Copy the kernel's part of a state (the fields ``state_header`` writes) into a fresh clone."""
    dst.game = src.game
    dst.rng = src.rng.copy()
    dst.seed = src.seed
    dst.scenario = src.scenario
    dst.options = src.options
    dst.actions = list(src.actions)
    dst.undo_floor = src.undo_floor
    dst.reveals = src.reveals
    dst.origin = src.origin
    dst._undo_snaps = src._undo_snaps  # undo points (State._snapshot): never changed, so shared


def copy_fields(src: object, dst: object, scalars: Iterable[str], lists: Iterable[str]) -> None:
    """Copy scalar fields and (one level deep) list fields from ``src`` to ``dst``."""
    for name in scalars:
        setattr(dst, name, getattr(src, name))
    for name in lists:
        v = getattr(src, name)
        setattr(dst, name, [list(x) for x in v] if v and isinstance(v[0], list) else list(v))


def dump_fields(obj: object, doc: JSON, scalars: Iterable[str], lists: Iterable[str]) -> None:
    """Write the fields into a position document."""
    for name in scalars:
        doc[name] = getattr(obj, name)
    for name in lists:
        v = getattr(obj, name)
        doc[name] = [list(x) for x in v] if v and isinstance(v[0], list) else list(v)


def load_scalars(obj: object, doc: JSON, scalars: Iterable[str], defaults: Mapping[str, Any] | None = None) -> None:
    """Overwrite scalar fields (ints, bools, strings) from ``doc``, each converted to the type of its
    reference value: without ``defaults``, the fields present in ``doc``, typed as ``obj`` holds them;
    with ``defaults`` (a compact document that leaves out the fields at their defaults), every field,
    the missing ones set to their default, typed as the default."""
    for name in scalars:
        if defaults is None:
            if name not in doc:
                continue
            cur = getattr(obj, name)
            val = doc[name]
        else:
            cur = defaults[name]
            val = doc.get(name, cur)
        if isinstance(cur, bool):
            val = bool(val)
        elif isinstance(cur, int):
            val = int(val)
        else:
            val = str(val)
        setattr(obj, name, val)


def load_fields(obj: object, doc: JSON, scalars: Iterable[str], lists: Iterable[str]) -> None:
    """Overwrite the fields present in ``doc``, each converted to the type it has in ``obj``."""
    load_scalars(obj, doc, scalars)
    for name in lists:
        if name in doc:
            v = doc[name]
            if not isinstance(v, list):
                raise ValueError(f"position field {name!r} must be a list")
            cur = getattr(obj, name)
            if cur and isinstance(cur[0], list):
                setattr(obj, name, [list(x) for x in v])
            elif cur and isinstance(cur[0], bool):
                setattr(obj, name, [bool(x) for x in v])
            elif v and isinstance(v[0], list):
                setattr(obj, name, [list(x) for x in v])
            else:
                setattr(obj, name, [int(x) for x in v])


def position_from_json(game_id: str, doc: Any, new: Callable[[JSON], Any], validate: Callable[[Any], None]) -> Any:
    """The body of ``Game.from_json`` for a plain-data state: ``new(doc)`` makes a fresh state (from
    the document's seed, scenario and options), ``state.load_json(doc)`` overwrites what the
    document holds, ``validate(state)`` raises :class:`RecordError` on nonsense. A full document
    carries its own history (actions + origin); a hand-written one with no history is itself the
    origin its record replays from. Bad documents raise :class:`RecordError`, never anything else."""
    if not isinstance(doc, dict):
        raise RecordError("a position must be a JSON object")
    if doc.get("game", game_id) != game_id:
        raise RecordError(f"this position is for {doc.get('game')!r}, not {game_id!r}")
    try:
        state = new(doc)
        state.load_json(doc)
        validate(state)
        origin = doc.get("origin") if "actions" in doc else doc
        state.origin = json.loads(json.dumps(origin)) if origin is not None else None  # our own copy
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"bad position document: {exc}") from None
    return state
