"""Log lines for people: the one function every place that shows a game's log goes through.

A game's view carries its log as a list (``view["log"]``) whose entries are either plain text
(Athens & Sparta: "5.5 ATHENS retreats ...") or structured entries ``{"text": ..., "rule": ...}``
(Go Tell the Spartans keeps the rule apart so the page can mark it up). The terminal, ``replay
--step``, the browser's log panel (the server sends the rendered lines) and the games' side panels
all show a line as :func:`log_text` writes it, so a structured entry never reaches a person as a
Python dict or as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping


def log_text(entry: object) -> str:
    """One log entry as a person reads it: text as it is; ``{"text", "rule"}`` as "text (rule)"."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Mapping):
        text = entry.get("text")
        rule = entry.get("rule")
        body = str(text) if text is not None else ", ".join(
            f"{k}: {v}" for k, v in entry.items() if k != "rule" and v is not None)
        return f"{body} ({rule})" if rule else body
    if entry is None:
        return ""
    return str(entry)


def log_lines(view: Mapping[str, object]) -> list[str]:
    """Every line of a view's log (``view["log"]``), rendered by :func:`log_text`."""
    log = view.get("log")
    return [log_text(entry) for entry in log] if isinstance(log, list) else []
