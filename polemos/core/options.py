"""Game options as a schema (architecture.md, The game contract): each game declares its options as
:class:`OptionSpec` values (type, range, choices, default, a description), and :func:`validate_options`
is the one validator the kernel applies in ``Game.new``, so the CLI, the server's API, the lobby form
and ``polemos.replay`` all refuse an unknown or bad option with the same clear ``ValueError``.

Values are plain JSON and checked strictly: a boolean is ``true``/``false`` (not 0 or 1), an integer
is a whole number within its range (not ``true``, ``3.0``, ``NaN`` or ``1e999``), a choice is one of
its listed strings, an object has exactly its declared fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

OptionKind = Literal["bool", "int", "choice", "object"]
JSONValue = None | bool | int | str | dict[str, Any]

# what a bad value looks like in a message: never the whole of a megabyte-long string
_SHOWN = 40


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    ``kind`` is ``bool``, ``int`` (within ``minimum``..``maximum``), ``choice`` (one of ``choices``)
    or ``object`` (exactly the options in ``fields``, each required). ``default`` is what the game
    does when the option is not given (``None``: the option is off).
    """

    name: str
    kind: OptionKind
    description: str
    default: JSONValue = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    fields: tuple[OptionSpec, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The schema as plain JSON (``/api/catalog``; a lobby form builds its controls from it)."""
        doc: dict[str, Any] = {"name": self.name, "type": self.kind, "description": self.description,
                               "default": self.default}
        if self.minimum is not None:
            doc["minimum"] = self.minimum
        if self.maximum is not None:
            doc["maximum"] = self.maximum
        if self.choices:
            doc["choices"] = list(self.choices)
        if self.fields:
            doc["fields"] = [f.to_json() for f in self.fields]
        return doc

    def summary(self) -> str:
        """One line for a terminal: the description, the allowed values and the default."""
        return f"{self.description} [{self._allowed()}; default: {_default_text(self.default)}]"

    def _allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        return "{" + "; ".join(f'"{f.name}": {f._allowed()}' for f in self.fields) + "}"

    def check(self, value: object, where: str = "") -> JSONValue:
        """``value`` if it is a valid value of this option, else a ``ValueError`` naming the option."""
        name = where + self.name
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                lo = self.minimum if self.minimum is not None else value
                hi = self.maximum if self.maximum is not None else value
                if lo <= value <= hi:
                    return value
        elif self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
        elif isinstance(value, dict):
            unknown = set(value) - {f.name for f in self.fields}
            if unknown:
                raise ValueError(f"option {name}: unknown field(s) {_names(unknown)}; "
                                 f"fields: {', '.join(f.name for f in self.fields)}")
            out: dict[str, Any] = {}
            for f in self.fields:
                if f.name not in value:
                    raise ValueError(f"option {name}: field {f.name!r} is missing ({f._allowed()})")
                out[f.name] = f.check(value[f.name], name + ".")
            return out
        raise ValueError(f"option {name} must be {self._allowed()}, not {_shown(value)}")


def validate_options(specs: tuple[OptionSpec, ...], options: object) -> dict[str, Any]:
    """The given options, checked against the game's ``specs`` (a ``ValueError`` for an unknown
    option or a bad value). Options not given are left out: the game applies their defaults."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError("options must be a JSON object of option names and values")
    known = {s.name: s for s in specs}
    unknown = set(options) - set(known)
    if unknown:
        raise ValueError(f"unknown option(s) {_names(unknown)}; known: {', '.join(known) or 'none'}")
    return {name: known[name].check(value) for name, value in options.items()}


def _names(names: set[Any]) -> str:
    return ", ".join(sorted(_shown(n) if not isinstance(n, str) or len(n) > _SHOWN else n for n in names))


def _default_text(value: JSONValue) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _shown(value: object) -> str:
    """A bad value as a message shows it: short, and never a huge number written out."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**15 else ("a huge number" if value > 0 else "a huge negative number")
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "a number that is not finite"
    if isinstance(value, str):
        return repr(value) if len(value) <= _SHOWN else f"a text of {len(value)} characters"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__
