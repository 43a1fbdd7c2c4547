"""Shared helpers for the Athens & Sparta contract tests: the fog-of-war leak check, a watch on
log lines as they are written, and a seeded random agent.

The leak check (:func:`leak_problems`) is given to the contract fuzzer as ``leak_check`` and used
directly by ``test_views.py``. For each role (and the spectator) it checks that a view holds:

- no card the role may not know: the opponent's hand, the deck, the opponent's face-down card
  before both have played, the opponent's Sicily card before SYRACUSE is revealed — by card id
  anywhere in the JSON, and no ``hand`` for the spectator;
- no hidden-state key (``deck``, ``rng``, ``seed``, ``tasks``, ``hands``, ...) at any depth, and
  ``actions`` only as the role's own legal actions (never the action history);
- every enemy block that is not revealed (``state.revealed[b]`` False) as exactly
  ``{"owner", "location"}``, its id nowhere in the JSON, and the enemy's pool absent;
- faces only for the role's own blocks and revealed ones (the spectator: revealed ones only);
- exactly the log lines addressed to everyone or to that role, never the other side's.

Log lines are also checked as they are written (:class:`LogWatch`, which wraps
``AthensSpartaState.say`` for one test): a line an enemy may read must not name a block that is
hidden from him by id, nor give its strength (``NAME B3 (2)`` or ``NAME is reduced to 2``).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import polemos
from polemos.core.game import JSON, Role, State
from polemos.core.rng import Rng
from polemos.games.athens_sparta.common import hex_name, side_name
from polemos.games.athens_sparta.game import AthensSparta, AthensSpartaPlay
from polemos.games.athens_sparta.state import POOL, ROLES, SIDE_OF_ROLE, AthensSpartaState
from polemos.games.athens_sparta.view import seen_board

GAME_ID = "athens-and-sparta"
DEEP = os.environ.get("POLEMOS_DEEP") == "1"

# key names no view may hold at any depth ("actions" is checked apart: only the legal actions)
HIDDEN_KEYS: tuple[str, ...] = ("rng", "deck", "seed", "tasks", "hands", "undo_floor", "origin",
                                "scripted", "draws", "history")
HIDDEN_ENTRY = {"owner", "location", "besieged"}


def game() -> AthensSparta:
    g = polemos.game(GAME_ID)
    assert isinstance(g, AthensSparta)
    return g


def new_state(seed: int) -> AthensSpartaState:
    state = game().new(seed)
    assert isinstance(state, AthensSpartaState)
    return state


_TOKEN = re.compile(r"[\w-]+")


def tokens(text: str) -> set[str]:
    """The words of ``text``, hyphens included: ids are matched whole (``SPA-HOP-1`` is not in
    ``SPA-HOP-10``)."""
    return set(_TOKEN.findall(text))


def mentions(text: str, ident: str) -> bool:
    return ident in text and ident in tokens(text)


def _keys(doc: Any) -> list[tuple[str, str]]:
    """Every key of a JSON document at any depth, with its path."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[Any, str]] = [(doc, "$")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                out.append((str(key), f"{path}.{key}"))
                if isinstance(value, dict | list | tuple):
                    stack.append((value, f"{path}.{key}"))
        else:
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(node) if isinstance(v, dict | list | tuple))
    return out


def known_cards(s: AthensSpartaState, side: int | None) -> set[int]:
    """The cards a side (None: the spectator) may know by identity now."""
    known = set(s.discard)
    if s.revealed_cards:
        known |= {c for c in s.played if c >= 0}
    if s.syracuse_revealed:
        known |= {c for c in s.sicily if c >= 0}
    if side is not None:
        known |= set(s.hands[side])
        for c in (s.played[side], s.sicily[side]):
            if c >= 0:
                known.add(c)
    return known


def hidden_blocks(s: AthensSpartaState, side: int | None) -> list[int]:
    """Blocks whose identity ``side`` may not know: every block it does not own that is not
    revealed in the current battle (on the map, in the pool, or locked)."""
    return [b for b in range(len(s.loc)) if s.owner[b] != side and not s.revealed[b]]


def leak_problems(state: State, role: Role | None, view: JSON) -> list[str]:
    """What ``view`` (of ``role``, None for the spectator) shows that it should not."""
    assert isinstance(state, AthensSpartaState)
    s = state
    side = None if role is None else SIDE_OF_ROLE[role]
    who = role or "the spectator"
    problems: list[str] = []
    text = json.dumps(view, sort_keys=True)
    words = tokens(text)

    # -- keys
    for key, path in _keys(view):
        if key in HIDDEN_KEYS:
            problems.append(f"{path}: views must not hold {key!r}")
        if key == "actions" and path != "$.actions":
            problems.append(f"{path}: 'actions' only as the role's legal actions at the top level")
    if "actions" in view:
        legal = state.legal_actions(role) if role is not None else []
        if view["actions"] != legal:
            problems.append(f"$.actions of {who} is not its legal actions (the action history?)")

    # -- cards
    cards = s.comp.cards
    known = known_cards(s, side)
    for c in range(len(cards)):
        if c not in known and cards[c].id in words:
            where = next((ROLES[x] + "'s hand" for x in (0, 1) if c in s.hands[x]), None)
            if where is None and c in s.played:
                where = ROLES[s.played.index(c)] + "'s face-down card"
            problems.append(f"{who} sees card {cards[c].id} ({where or 'the deck'})")
    if side is None:
        for key in ("hand", "pool", "my_sicily_card", "moving", "bp", "bp_forecast"):
            if key in view:
                problems.append(f"the spectator's view holds {key!r}")
    else:
        hand = view.get("hand")
        shown = [c.get("id") for c in hand] if isinstance(hand, list) else None
        if shown is not None and sorted(map(str, shown)) != sorted(cards[c].id for c in s.hands[side]):
            problems.append(f"{who}'s 'hand' is not its own hand: {shown}")
    if not s.revealed_cards:
        played = view.get("played") or {}
        for x in (0, 1):
            if x != side and ROLES[x] in played:
                problems.append(f"{who} sees {ROLES[x]}'s face-down card before the reveal")

    # -- blocks
    ids = s.comp.block_index
    hidden = set(hidden_blocks(s, side))
    for b in hidden:
        if s.comp.blocks[b].id in words:
            problems.append(f"{who} sees the id of hidden block {s.comp.blocks[b].id} "
                            f"({ROLES[s.owner[b]] if s.owner[b] < 2 else 'neutral'}, "
                            f"{'pool' if s.loc[b] < 0 else hex_name(s, s.loc[b])})")
    seen_hidden: Counter[tuple[str, str]] = Counter()
    faces: set[int] = set()
    for i, entry in enumerate(view.get("blocks", [])):
        if not isinstance(entry, dict):
            problems.append(f"$.blocks[{i}] is not an object")
            continue
        if "id" not in entry:
            if set(entry) != HIDDEN_ENTRY:
                problems.append(f"$.blocks[{i}]: a block without a face must be exactly "
                                f"{{owner, location}}, not {sorted(entry)}")
            seen_hidden[(str(entry.get("owner")), str(entry.get("location")))] += 1
            continue
        b = ids.get(str(entry["id"]), -1)
        if b < 0:
            problems.append(f"$.blocks[{i}]: unknown block id {entry['id']!r}")
            continue
        faces.add(b)
        if b in hidden:
            problems.append(f"$.blocks[{i}]: {who} sees the face of hidden block {entry['id']}")
        if s.loc[b] < 0:
            problems.append(f"$.blocks[{i}]: block {entry['id']} is not on the map")
        elif entry.get("strength") != s.strength[b] or entry.get("location") != hex_name(s, s.loc[b]):
            problems.append(f"$.blocks[{i}]: face of {entry['id']} does not match the state")
    # in the Replacement Phase the others' blocks are seen where they stood when it began (R26)
    loc = seen_board(s, side).loc
    on_map = [b for b in range(len(loc)) if loc[b] >= 0 and s.owner[b] in (0, 1)]
    want_hidden = Counter((ROLES[s.owner[b]], hex_name(s, loc[b])) for b in on_map if b in hidden)
    if seen_hidden != want_hidden:
        problems.append(f"{who}'s faceless blocks {dict(seen_hidden - want_hidden)} / missing "
                        f"{dict(want_hidden - seen_hidden)}")
    missing = [s.comp.blocks[b].id for b in on_map if b not in hidden and b not in faces]
    if missing:
        problems.append(f"{who} does not see the faces of {missing[:5]} (own or revealed)")
    for i, entry in enumerate(view.get("pool", []) or []):
        b = ids.get(str(entry.get("id")), -1) if isinstance(entry, dict) else -1
        if b < 0 or s.owner[b] != side or s.loc[b] != POOL:
            problems.append(f"$.pool[{i}] is not one of {who}'s pool blocks")
    if "moving" in view and (s.moving < 0 or s.owner[s.moving] != side):
        problems.append(f"{who} sees the enemy's block being moved")

    # -- the log
    visible = [t for to, t in s.log if to < 0 or to == side]
    log = view.get("log")
    shown_log = [x.get("text") if isinstance(x, dict) else x for x in log] if isinstance(log, list) else None
    if shown_log != visible:
        extra = [t for t in (shown_log or []) if t not in visible]
        problems.append(f"{who}'s log is not the lines addressed to everyone or to it (extra: {extra[:3]})")
    visible_set = set(visible)
    for to, line in s.log:
        if to >= 0 and to != side and line not in visible_set and line in text:
            problems.append(f"{who} sees a log line meant for {ROLES[to]} only: {line!r}")
    return problems


def leak_check(watch: LogWatch | None = None) -> Callable[[State, Role | None, JSON], list[str]]:
    """A ``leak_check`` for :func:`polemos.testing.fuzz_game`; with a :class:`LogWatch`, it also
    reports the leaking log lines written since the last check."""

    def check(state: State, role: Role | None, view: JSON) -> list[str]:
        problems = leak_problems(state, role, view)
        if watch is not None:
            problems += watch.drain()
        return problems

    return check


class LogWatch:
    """Checks each log line as it is written, against the state at that moment: a line an enemy
    may read must not name a block hidden from him by id, nor tell its strength."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self._seen: set[str] = set()

    def drain(self) -> list[str]:
        found, self.found = self.found, []
        return found

    def line(self, s: AthensSpartaState, text: str, to: int) -> None:
        named = [s.comp.block_index[w] for w in tokens(text) if w in s.comp.block_index]
        labels = _LABEL.findall(text)
        reduced = _REDUCED.findall(text)
        if not (named or labels or reduced):
            return  # the usual case: the line names no block and tells no strength
        for reader in ((0, 1) if to < 0 else (to,)):
            hidden = set(hidden_blocks(s, reader))
            shown = [b for b in range(len(s.loc)) if b not in hidden and s.loc[b] >= 0]
            problems = [f"names hidden block {s.comp.blocks[b].id}" for b in named if b in hidden]
            shown_labels = {_label(s, b) for b in shown}
            for label in labels:
                # a line that reads the same for a visible block may be about that block: no leak
                if label not in shown_labels:
                    ids = [s.comp.blocks[b].id for b in hidden if s.loc[b] >= 0 and _label(s, b) == label]
                    if ids:
                        problems.append(f"tells the strength of hidden block {'/'.join(ids)} ({label})")
            for who, name, strength in reduced:
                told = (who, name, int(strength))
                if not any(_reduced_key(s, b) == told for b in shown):
                    ids = [s.comp.blocks[b].id for b in hidden
                           if s.loc[b] >= 0 and s.owner[b] < 2 and _reduced_key(s, b) == told]
                    if ids:
                        problems.append(f"tells the strength of hidden block {'/'.join(ids)} "
                                        f"({who} {name} is reduced to {strength})")
            for problem in problems:
                msg = (f"seed {s.seed}, action {len(s.actions) + 1}: log line {text!r} readable by "
                       f"{ROLES[reader]} {problem}")
                if msg not in self._seen:
                    self._seen.add(msg)
                    self.found.append(msg)


_LABEL = re.compile(r"\b[A-Z]+ [ABC]\d \(\d\)")  # combat.block_label: "RESERVE A1 (1)"
_REDUCED = re.compile(r"(Athens|Sparta) ([A-Z]+) is reduced to (\d)")


def _reduced_key(s: AthensSpartaState, b: int) -> tuple[str, str, int]:
    return side_name(s.owner[b]) if s.owner[b] < 2 else "", s.comp.blocks[b].name, s.strength[b]


def _label(s: AthensSpartaState, b: int) -> str:
    spec = s.comp.blocks[b]
    return f"{spec.name} {spec.rating_letter}{spec.rating} ({s.strength[b]})"


@pytest.fixture
def log_watch(monkeypatch: pytest.MonkeyPatch) -> LogWatch:
    """A :class:`LogWatch` on every log line written during the test."""
    watch = LogWatch()
    say = AthensSpartaState.say

    def watched_say(self: AthensSpartaState, text: str, to: int = -1) -> None:
        watch.line(self, text, to)
        say(self, text, to)

    # patched on the play class the game makes (an interpreted subclass): in the compiled build the
    # state class is native and cannot take attributes, and its calls to say dispatch through the subclass
    monkeypatch.setattr(AthensSpartaPlay, "say", watched_say)
    return watch


# -- a seeded random agent ----------------------------------------------------------------------
def random_step(state: State, chooser: Rng) -> tuple[Role, str]:
    """One random action by one of the roles that can act (chosen with ``chooser``)."""
    movable = [r for r in state.active_roles() if state.legal_actions(r)]
    assert movable, f"dead end: no active role can act (active: {state.active_roles()})"
    role = chooser.choice(movable)
    action = chooser.choice(state.legal_actions(role))
    state.apply(role, action)
    return role, action


def play_random(state: State, chooser: Rng, max_steps: int,
                until: Callable[[State], bool] | None = None) -> int:
    """Play random actions until the game ends, ``until(state)`` holds, or ``max_steps``."""
    steps = 0
    while state.outcome() is None and steps < max_steps:
        if until is not None and until(state):
            break
        random_step(state, chooser)
        steps += 1
    return steps
