"""Equivalence digests: a game's random games, position by position, against digests checked in (issue 12).

A speed change to an engine must change nothing a game does. A game's equivalence test plays seeded random
games (each choice drawn by ``Rng(seed ^ 0x5EED)`` from the acting role's legal actions) and digests, step by
step, the whole position (its state document, the log read a step at a time), every role's view and the
spectator's, and the legal actions before each move. Now and then the game is cloned or written out and read
back (``to_json``/``from_json``), and (where the game has it) an action is taken back, so a cache or an index
kept beside the position that a copy forgets, or that goes stale, shows as a different digest.

:class:`RandomWalk` says how a game walks (how often views are taken, copies made, actions undone);
:func:`check_recorded` compares the digests with the checked-in file, or writes it when
``POLEMOS_REGEN_GOLDEN=1``. The file is ``{"about": ..., "games": {name: {"digest": ..., "actions": n}}}``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polemos
from polemos.core.game import JSON, State
from polemos.core.rng import Rng

#: the variable that makes :func:`check_recorded` write the digests instead of checking them
REGEN_VARIABLE = "POLEMOS_REGEN_GOLDEN"

#: ``(every, at)``: a step ``s`` with ``s % every == at``
Beat = tuple[int, int]


@dataclass(frozen=True)
class RandomWalk:
    """How a game's equivalence test plays and digests its random games."""

    game_id: str
    #: actions digested at the most
    limit: int
    #: True: a game must end within ``limit`` actions (else AssertionError); False: its first ``limit`` are digested
    must_end: bool
    #: every role's view and the spectator's at every this-many-th position (and the last)
    views_every: int = 1
    #: a check of each view against the position's log (it may pop what it checked from the view)
    check_view: Callable[[JSON, list[Any]], None] | None = None
    #: when several roles may act, the acting one drawn by the chooser (False: the first of them)
    draw_role: bool = False
    #: the legal actions digested with the acting role (``[role, legal]``) rather than alone
    role_with_legal: bool = False
    #: when the position is replaced by its ``clone()``
    clone: Beat = (7, 3)
    #: when the position is replaced by ``from_json(to_json())``
    reload: Beat = (11, 5)
    #: when the acting role takes back its last action, if it can (None: never)
    undo: Beat | None = None

    def trace(self, seed: int, **new: Any) -> tuple[str, int]:
        """The digest of the random game of ``seed`` (``new``: the game's ``new`` arguments, options,
        scenario) and its number of actions."""
        game = polemos.game(self.game_id)
        state = game.new(seed, **new)
        chooser = Rng(seed ^ 0x5EED)
        h = hashlib.sha256()
        logged = 0
        for step in range(self.limit):
            doc = state.to_json()
            log = doc.pop("log")
            h.update(json.dumps(doc, sort_keys=True).encode())
            h.update(json.dumps(log[logged:]).encode())
            logged = len(log)
            if step % self.views_every == 0 or state.outcome() is not None:
                for role in (*state.roles(), None):
                    view = state.view(role)
                    if self.check_view is not None:
                        self.check_view(view, log)
                    h.update(json.dumps(view, sort_keys=True).encode())
            if state.outcome() is not None:
                return h.hexdigest(), step
            role = self._role(state, chooser)
            if self.undo is not None and _on(step, self.undo) and state.can_undo(role):
                state.undo(role)
                continue
            legal = state.legal_actions(role)
            h.update(json.dumps([role, legal] if self.role_with_legal else legal).encode())
            if _on(step, self.clone):
                state = state.clone()
            if _on(step, self.reload):
                state = game.from_json(state.to_json())
            state.apply(role, chooser.choice(legal))
        if self.must_end:
            raise AssertionError(f"the {self.game_id} game of seed {seed} ({new}) did not end in {self.limit} actions")
        return h.hexdigest(), self.limit

    def _role(self, state: State, chooser: Rng) -> str:
        active = state.active_roles()
        return active[0] if len(active) == 1 or not self.draw_role else chooser.choice(list(active))


def _on(step: int, beat: Beat) -> bool:
    return step % beat[0] == beat[1]


def regen_hint(test_file: str) -> str:
    """How to record a game's digests again (the test file's path from the repository's root)."""
    return f"regenerate with: POLEMOS_DEEP=1 {REGEN_VARIABLE}=1 pytest {test_file}"


def check_recorded(path: Path, got: Mapping[str, tuple[str, int]], hint: str) -> None:
    """Assert that ``got`` (a game's name: its digest and number of actions) is what ``path`` records (every game
    of ``got`` recorded there; a quick run may digest a part of them); with ``POLEMOS_REGEN_GOLDEN=1``, write ``got``
    there instead (so regenerate with every game: POLEMOS_DEEP=1 where a test digests fewer without it)."""
    if os.environ.get(REGEN_VARIABLE) == "1":
        path.write_text(json.dumps({"about": f"Digests of random games' positions and views. {hint}",
                                    "games": {k: {"digest": d, "actions": n} for k, (d, n) in got.items()}},
                                   indent=1) + "\n", encoding="utf-8")
        return
    assert path.exists(), hint
    want = json.loads(path.read_text(encoding="utf-8"))["games"]
    assert set(got) <= set(want), sorted(set(got) - set(want))  # a run may digest fewer games than are recorded
    changed = sorted(k for k in got if want[k] != {"digest": got[k][0], "actions": got[k][1]})
    assert not changed, f"{changed} changed; {hint}"
