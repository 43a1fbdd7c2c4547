"""Log lines for people: the one function every place that shows a game's log goes through.

A game's view carries its log as a list (``view["log"]``) whose entries are either plain text
(Athens & Sparta: "5.5 ATHENS retreats ..."), structured entries ``{"text": ..., "rule": ...}``
(Go Tell the Spartans keeps the rule apart so the page can mark it up), or messages with arguments
``{"msg": "...{block}...", "args": {...}, "rule": "5.5"}``. The terminal, ``replay --step``, the
browser's log panel (the server sends the rendered lines) and the games' side panels all show a line
as :func:`log_text` writes it, so a structured entry never reaches a person as a Python dict or JSON.

Lines are rendered in the viewer's language at view time (issue 11): the record and the state keep
their English text, and :func:`polemos.i18n.translate_text` finds the catalog's message for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from polemos.i18n import DEFAULT, catalog, choose, current, format_message, translate_text

# a plain line that opens with the rule it applies ("5.5 ATHENS retreats", "8.4.1: ...", "R25 ...")
_RULE_PREFIX = re.compile(r"(?P<rule>(?:\d+(?:\.\d+)*[a-z]?|[A-Z]\d+(?:\.\d+)*)(?::|\b))(?P<sep>\s+)(?P<rest>.+)\Z",
                          re.DOTALL)
# a line that ends citing its rule, as log_text writes a structured entry ("... (8.2.6)", "... (D)")
_RULE_SUFFIX = re.compile(r"(?P<rest>.+?)(?P<rule>\s+\((?:[A-Z]?\d+(?:\.\d+)*[a-z]?|[A-Z])\))\Z", re.DOTALL)


def translate_line(line: str, lang: str | None = None) -> str:
    """A log line already written in English (by :func:`log_text`) in ``lang``: the line's message, or
    the message of the line without the rule it opens or ends with (the rule kept as it is)."""
    chosen = choose(lang) if lang is not None else current()
    return line if chosen == DEFAULT else _plain(line, chosen)


def _plain(text: str, lang: str, depth: int = 0) -> str:
    if lang == DEFAULT:
        return text
    exact = catalog(lang).singular.get(text)
    if exact is not None:  # a message of its own ("Isthmus of Corinth (4.1.2)") before any template's reading
        return exact
    # the rule a line ends with first: a template that ends with a placeholder would take it in
    m = _RULE_SUFFIX.match(text)
    if m is not None and depth <= 2:
        rest = _plain(m.group("rest"), lang, depth + 1)
        if rest != m.group("rest"):
            return rest + m.group("rule")
    shown = translate_text(text, lang)
    if depth > 2:
        return shown
    # then the line without the rule it opens with, if that leaves less of the English: a template that
    # opens with a placeholder may take the rule in ("10 the game ends: ..." is "10" and a line, not a
    # reason "10 the game ends"), one that names the rule itself ("{rule}: {side} attacks at ...") may not
    m = _RULE_PREFIX.match(text)
    if m is not None:
        rest = _plain(m.group("rest"), lang, depth + 1)
        if rest != m.group("rest"):
            prefixed = m.group("rule") + m.group("sep") + rest
            if shown == text or _left(text, prefixed) < _left(text, shown):
                return prefixed
    return shown


_WORD = re.compile(r"[A-Za-z]{2,}")


def _left(english: str, shown: str) -> int:
    """How many words of ``shown`` are still the English line's own (names too: fewer is better)."""
    own = set(_WORD.findall(english))
    return sum(1 for w in _WORD.findall(shown) if w in own)


def log_text(entry: object, lang: str | None = None) -> str:
    """One log entry as a person reads it in ``lang`` (default: :func:`polemos.i18n.current`): text as
    it is (translated); ``{"text", "rule"}`` as "text (rule)"; ``{"msg", "args", "rule"}`` filled."""
    chosen = choose(lang) if lang is not None else current()
    if isinstance(entry, str):
        return _plain(entry, chosen)
    if isinstance(entry, Mapping):
        rule = entry.get("rule")
        msg = entry.get("msg")
        text = entry.get("text")
        if isinstance(msg, str):
            args = entry.get("args")
            body = format_message(msg, args if isinstance(args, Mapping) else {}, chosen)
        elif text is not None:
            body = _plain(str(text), chosen)
        else:
            body = ", ".join(f"{k}: {v}" for k, v in entry.items() if k != "rule" and v is not None)
        return f"{body} ({rule})" if rule else body
    if entry is None:
        return ""
    return str(entry)


def log_lines(view: Mapping[str, object], lang: str | None = None) -> list[str]:
    """Every line of a view's log (``view["log"]``), rendered by :func:`log_text` in ``lang``."""
    log = view.get("log")
    return [log_text(entry, lang) for entry in log] if isinstance(log, list) else []
