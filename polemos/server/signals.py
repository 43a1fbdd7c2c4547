"""Change signals that leak nothing (issue 8, item 3): what a viewer is told moves only when what that
viewer may see moves.

A game has one *viewer* per seat (its role) and the spectator (``"*"``, also the lobby's public
entry). Each viewer has its own version, a counter bumped when the bytes of that viewer's page change:
its view, its legal actions, whether it may undo, and the public facts every page shows (status, who is
asked to act, the seats, the result). After every change of a game the server computes each viewer's
page, compares its digest with the stored one, and bumps only the viewers whose page moved. The digest
is of the page's own bytes (its view and legal actions as sent, not re-sorted), so a version moves
exactly when what its viewer is sent moves, and the page's encoding is done once for both.

So a step a role takes in secret (an Athens & Sparta build during Replacement, a card chosen face
down, the undo of either) moves that role's own version and nobody else's: another role, the
spectator, the lobby (whose ``version`` and ``updated_at`` are the spectator's), ``since`` (built from
the viewer's own log lines) and the WebSocket (which sends the viewer's own versions) give the same
bytes whether the step happened or not. A page acts "at" its own version: an action is stale only if
the acting role's page changed since it was shown (polemos.server.service.Store.act).

The game row's internal ``version`` still counts every action (the action table's sequence, the state
cache's key, the bot runner's staleness check); it is never sent to anyone.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from polemos.core.game import JSON, State
from polemos.core.log import log_lines, log_text
from polemos.i18n import DEFAULT as ENGLISH
from polemos.server.encoding import dumps, dumps_sorted

SPECTATOR = "*"  # the viewer key of the spectator (a role name is an identifier, never "*")
# How digests are taken (page_of). 1: the view, legal actions, undo and public facts encoded together
# with sorted keys; 2: the page's bytes as sent; 3: the same, encoded by orjson (UTF-8, not \u escapes:
# polemos.server.encoding); 4: the same, the views without what the games now explain only when asked
# (Athens & Sparta's Move Phase reasons: State.explain). Stored digests of an older format are taken again,
# from the game as it stood, before the next change is compared with them (Signals.rebase): a new format
# alone must move no version, or a secret step made just after an upgrade would show.
DIGEST_FORMAT = 4


# hashlib lets go of the GIL while it hashes 2048 bytes or more in one call; a page (~50-120 KB) hashed at
# once then costs its thread a wait for the GIL to come back (up to the switch interval, ~5 ms, while other
# threads run Python), three times per action: fed in smaller pieces it keeps the GIL (issue 8, the tail)
_HASH_PIECE = 2047


def _feed(digest: Any, data: bytes) -> None:
    """``digest.update(data)`` without letting go of the GIL (the same digest)."""
    if len(data) <= _HASH_PIECE:
        digest.update(data)
        return
    view = memoryview(data)
    for k in range(0, len(data), _HASH_PIECE):
        digest.update(view[k:k + _HASH_PIECE])


@dataclass(slots=True)
class Page:
    """What one viewer's page shows of one version of a game (besides the public facts)."""

    view: JSON
    legal: list[str]
    can_undo: bool
    log: list[str]  # the view's log as people read it (polemos.core.log)
    digest: str  # of the view, legal actions, undo and public facts: the page's bytes
    # the view and the legal actions as the JSON GET /view sends: encoded once, for the digest and for
    # every answer that shows this page
    view_text: bytes = b""
    legal_text: bytes = b"[]"
    # the view's log entries ``log`` was written from (page_of reads only the entries after them next time)
    raw_log: list[object] = field(default_factory=list)
    # the page's own members of GET /view's answer (view, legal, log and the extras) as JSON text, encoded
    # once per page version and spliced into every answer that shows it (polemos.server.service.Store.view_json)
    encoded: bytes | None = field(default=None)
    # the answer of GET /explain for this page (State.explain, by board ref), worked out on the first ask
    explained: bytes | None = field(default=None)


def public_facts(status: str, active: str, seats: list[tuple[str, str, int | None, str | None]],
                 result: str | None) -> JSON:
    """The facts every viewer's page shows: whether the game is open, active or over, who is asked to
    act (public by the kernel contract), who sits where, and the result."""
    return {"status": status, "active": active, "seats": [list(s) for s in seats], "result": result}


def page_of(state: State, viewer: str, public: JSON, before: Page | None = None) -> Page:
    """``viewer``'s page of ``state``: a role's view, its legal actions and undo, or the spectator's view.
    Its log lines are written in English (the server translates them per request); with ``before``, an
    earlier page of the same viewer, only the entries after those it was written from (while they are
    still the start of this view's log: a log holds thousands of entries late in a game).

    The digest is taken over the very bytes the page sends (the view and legal actions encoded once, as
    GET /view splices them in), so a version moves exactly when what the viewer is sent moves; the
    public facts and the undo flag are small and encoded with sorted keys."""
    role = None if viewer == SPECTATOR else viewer
    view = state.view(role)
    legal = list(state.legal_actions(role)) if role is not None else []
    can_undo = role is not None and state.can_undo(role)
    view_text = dumps(view)
    legal_text = dumps(legal)
    digest = hashlib.sha256()
    _feed(digest, view_text)
    _feed(digest, b"\0" + legal_text + b"\0" + (b"1" if can_undo else b"0") + b"\0")
    _feed(digest, dumps_sorted(public))
    hexdigest = digest.hexdigest()
    if before is not None and before.digest == hexdigest and before.encoded is not None:
        # the same bytes as the page drawn before (the digest covers the view and legal actions, which the board,
        # refs, panel, labels and log are drawn from): it is not drawn again when asked (issue 8, server CPU per
        # action: the spectator's and the other seats' pages are computed at every change, each page anew; the
        # explain answer is worked out again, from the state)
        return Page({}, legal, can_undo, before.log, hexdigest, b"", legal_text, before.raw_log, before.encoded)
    raw = view.get("log")
    if not isinstance(raw, list):
        return Page(view, legal, can_undo, log_lines(view, ENGLISH), hexdigest, view_text, legal_text)
    kept = before.raw_log if before is not None else []
    if kept and before is not None and len(kept) <= len(raw) and raw[:len(kept)] == kept:
        lines = before.log + [log_text(entry, ENGLISH) for entry in raw[len(kept):]]
    else:
        lines = [log_text(entry, ENGLISH) for entry in raw]
    return Page(view, legal, can_undo, lines, hexdigest, view_text, legal_text, raw)


@dataclass(slots=True)
class Signals:
    """A game's signals: ``n`` counts its changes (any viewer's); ``viewers`` maps each viewer to its
    version and the digest of its page at that version; a viewer not yet in ``viewers`` is at ``base``
    (-1 for a new game, so its first pages are version 0)."""

    n: int
    viewers: dict[str, tuple[int, str]]
    base: int = -1
    fmt: int = DIGEST_FORMAT  # how the stored digests were taken (DIGEST_FORMAT)

    @classmethod
    def load(cls, text: str | None, legacy_version: int) -> Signals:
        """The stored signals. A game from before signals existed (migration 0004) starts every viewer
        at the shared version its pages saw, with no digest, so its first change bumps them all."""
        if not text:
            return cls(0, {}, legacy_version)
        doc = json.loads(text)
        return cls(int(doc["n"]), {k: (int(v[0]), str(v[1])) for k, v in doc["viewers"].items()},
                   int(doc.get("base", -1)), int(doc.get("fmt", 1)))

    def dump(self) -> str:
        return json.dumps({"n": self.n, "base": self.base, "fmt": self.fmt,
                           "viewers": {k: list(v) for k, v in sorted(self.viewers.items())}})

    def rebase(self, state: State, public: JSON) -> None:
        """Digests of an older DIGEST_FORMAT taken again from ``state`` and ``public``, the game as the
        stored versions saw it (before the change about to be compared), so no version moves for it."""
        if self.fmt == DIGEST_FORMAT:
            return
        for viewer, (version, _old) in list(self.viewers.items()):
            self.viewers[viewer] = (version, page_of(state, viewer, public).digest)
        self.fmt = DIGEST_FORMAT

    def version(self, viewer: str) -> int:
        entry = self.viewers.get(viewer)
        return entry[0] if entry is not None else max(self.base, 0)

    def advance(self, pages: dict[str, Page]) -> dict[str, int]:
        """Take the new pages: bump every viewer whose page changed; returns their new versions."""
        bumped: dict[str, int] = {}
        for viewer, page in pages.items():
            old = self.viewers.get(viewer)
            if old is not None and old[1] == page.digest:
                continue
            version = old[0] + 1 if old is not None else self.base + 1
            self.viewers[viewer] = (version, page.digest)
            bumped[viewer] = version
        for gone in set(self.viewers) - set(pages):
            del self.viewers[gone]
        if bumped:
            self.n += 1
        return bumped
