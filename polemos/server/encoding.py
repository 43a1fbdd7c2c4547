"""JSON encoding on the server's hot paths (issue 8, server CPU per action): orjson where it can, the
standard library where it cannot.

orjson encodes a page's view several times faster than ``json.dumps``. It refuses integers beyond 64 bits
(a game's 128-bit seed, a chosen seed up to 2^256); such a document is encoded by the standard library
with the same conventions (no spaces, UTF-8 text rather than ``\\u`` escapes), so the output depends
only on the document, never on which encoder ran: page digests (polemos.server.signals) stay a function
of what a viewer is sent.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(doc: Any) -> bytes:
    """``doc`` as compact JSON (UTF-8 bytes)."""
    try:
        return orjson.dumps(doc)
    except TypeError:  # orjson.JSONEncodeError: an integer past 64 bits (or a type orjson does not know)
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def dumps_sorted(doc: Any) -> bytes:
    """``doc`` as compact JSON with sorted keys; anything not JSON written as its ``str``."""
    try:
        return orjson.dumps(doc, option=orjson.OPT_SORT_KEYS, default=str)
    except TypeError:
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False, sort_keys=True, default=str).encode()


def dumps_state(doc: dict[str, Any]) -> str:
    """A game state's document as JSON text, as the games table stores it: by orjson, its 128-bit (or
    chosen, up to 256-bit) seed written as the standard library would write it. ``json.loads`` reads it
    back the same."""
    try:
        return orjson.dumps(doc).decode()
    except TypeError:
        pass
    seed = doc.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        try:
            text = orjson.dumps({**doc, "seed": _SEED_MARK}).decode()
        except TypeError:
            text = ""
        if text.count(_SEED_MARK_JSON) == 1:
            return text.replace(_SEED_MARK_JSON, str(seed))
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


_SEED_MARK = "\u0000polemos seed\u0000"  # no text of a game holds NUL characters
_SEED_MARK_JSON = orjson.dumps(_SEED_MARK).decode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)
