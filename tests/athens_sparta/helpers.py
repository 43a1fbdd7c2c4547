"""Position builders for Athens & Sparta rule tests."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import polemos
from polemos.core.errors import RecordError
from polemos.core.game import JSON, State
from polemos.core.plain import dump_fields, state_header
from polemos.core.rng import Rng
from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.common import hex_by_name, update_control
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import _LISTS, _SCALARS, PH_COMBAT, PH_MOVE, POOL, AthensSpartaState
from tests.athens_sparta.conftest import play_random, random_step

GAME = "athens-and-sparta"
#: the rules option of the first edition, the Spanish rulebook (issue 13)
FIRST: dict[str, Any] = {"edition": "first"}


def game() -> Any:
    return polemos.game(GAME)


def hex_of(s: AthensSpartaState, name: str) -> int:
    return hex_by_name(s, name)


def bid(s: AthensSpartaState, block_id: str) -> int:
    return s.comp.block_index[block_id]


def card_with(s: AthensSpartaState, mp: int, event: str = "") -> int:
    for c, card in enumerate(s.comp.cards):
        if card.mp == mp and card.event == event:
            return c
    raise LookupError(f"no card {mp}/{event}")


def after_first_mulligan(seed: int = 1, options: dict[str, Any] | None = None) -> AthensSpartaState:
    """A new game past the first Mulligan question, both players keeping their hands (RULINGS R25):
    at the first Card Phase (or the Sicily cards of the SYRACUSE Points option)."""
    s: AthensSpartaState = game().new(seed, options=options)
    if s.pending is not None and s.pending["kind"] == "mulligan":
        s.apply("athens", "keep")
        s.apply("sparta", "keep")
    return s


def empty_board(seed: int = 1, options: dict[str, Any] | None = None) -> AthensSpartaState:
    """A new game (``options``: its rules options, e.g. :data:`FIRST`) at its first Card Phase with every
    block off the map (in the pool), ready to place blocks by hand."""
    s = after_first_mulligan(seed, options)
    for b in range(len(s.loc)):
        s.loc[b] = POOL
        s.strength[b] = 0
        s.inside[b] = False
    return s


def ed1_board(seed: int = 1) -> AthensSpartaState:
    """A first-edition game at its first Card Phase with every block in the pool."""
    s = empty_board(seed, FIRST)
    assert s.ed1
    return s


def garrison(s: AthensSpartaState, sparta: str = "SPA-HOP-1") -> None:
    """Both capitals held (ATH-HOP-1 at ATHENS, ``sparta`` at SPARTA), so that no city changes hands by
    accident and 10.1 never fires."""
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, sparta, "SPARTA")


def capitals_board(options: dict[str, Any] | None, seed: int = 1, sparta: str = "SPA-HOP-1") -> AthensSpartaState:
    """A game (``options``: e.g. :data:`FIRST`, or None) at its first Card Phase with every block in the pool
    but one in each capital (:func:`garrison`)."""
    s = empty_board(seed, options)
    garrison(s, sparta)
    return s


def place(s: AthensSpartaState, block_id: str, where: str, strength: int | None = None,
          inside: bool = False, came_from: str | None = None, crossed: bool = False) -> int:
    b = bid(s, block_id)
    s.loc[b] = hex_of(s, where)
    s.strength[b] = strength if strength is not None else s.comp.blocks[b].steps
    s.inside[b] = inside
    s.crossed[b] = crossed
    s.came_from[b] = hex_of(s, came_from) if came_from else -1
    s.start_hex[b] = s.loc[b]
    if s.owner[b] > SPARTA:
        s.owner[b] = ATHENS if s.comp.blocks[b].side == ATHENS else SPARTA
    return b


def set_owner(s: AthensSpartaState, city: str, side: int) -> None:
    s.city_owner[s.comp.board.city_index[city]] = side


def at_phase(s: AthensSpartaState, side: int, phase: str, mp: int = 3) -> None:
    """Put the game at ``side``'s Move or Combat Phase as Player 1 of a Game Turn."""
    from polemos.games.athens_sparta.common import update_control

    other = 1 - side
    s.hands = [[c for c in s.hands[0]], [c for c in s.hands[1]]]
    s.played = [-1, -1]
    s.played[side] = card_with(s, mp)
    s.played[other] = card_with(s, 3 if mp != 3 else 2)
    for x in (ATHENS, SPARTA):
        if s.played[x] in s.hands[x]:
            s.hands[x].remove(s.played[x])
    s.revealed_cards = True
    s.p1 = side
    s.active = side
    s.step = 0
    s.mp = mp
    s.battle = None
    s.moving = -1
    s.fought = []
    s.attacks = []
    for b in range(len(s.loc)):
        s.moved[b] = False
        s.revealed[b] = False
        s.halfhit[b] = False
    s.tasks = [["gameturn_end"], ["turn", other, 1], ["turn_end", side], ["attrition", side]]
    update_control(s)
    if phase == "move":
        s.tasks.append(["combat", side])
        s.phase = PH_MOVE
        s.pending = {"kind": "move", "side": side}
    else:
        s.phase = PH_COMBAT
        s.pending = {"kind": "combat", "side": side}
    s.reset_caches()
    s.log = []


def replacement(s: AthensSpartaState) -> None:
    """Start a Replacement Phase (8.0) in the position ``s``."""
    update_control(s)
    s.pending = None
    s.tasks = [["replace"]]
    rules.advance(s)
    assert s.pending is not None and s.pending["kind"] == "replace"


def adds(s: AthensSpartaState, role: str) -> set[str]:
    """The blocks ``role`` may add in the Replacement Phase (8.2: its ``add BLOCK`` actions)."""
    return {a[4:] for a in s.legal_actions(role) if a.startswith("add ")}


def act(s: AthensSpartaState, role: str, action: str) -> None:
    """Apply an action that must be legal (a clearer failure message than apply's)."""
    legal = s.legal_actions(role)
    assert action in legal, f"{action!r} not legal for {role}; legal: {legal}; prompt: {s.view(role)['prompt']}"
    s.apply(role, action)


def log_text(s: AthensSpartaState) -> str:
    return "\n".join(t for _, t in s.log)


def full_document(state: State) -> JSON:
    """The state document in the layout written before the compact one (issue 12): every field, lists
    whole, as the recorded digests (golden games, equivalence) were taken; built from the state read
    back from its compact document, so a digest of it also checks that the compact one loses nothing."""
    loaded = state.game.from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(loaded, AthensSpartaState)
    doc = state_header(loaded, loaded.comp.version)
    dump_fields(loaded, doc, _SCALARS, _LISTS)
    doc["battle"] = loaded.battle
    doc["pending"] = loaded.pending
    doc["log"] = [[to, text] for to, text in loaded.log]
    if loaded.patrol:
        doc["patrol"] = list(loaded.patrol)
    if loaded.origin is not None:
        doc["origin"] = loaded.origin
    return doc


def golden_digest(state: State) -> str:
    """The digest of a golden game's final position: the state document in the full layout the recorded
    digests were taken in (:func:`full_document`: the compact document of issue 12 read back)."""
    return hashlib.sha256(json.dumps(full_document(state), sort_keys=True).encode()).hexdigest()


def outcome_json(state: State) -> JSON | None:
    outcome = state.outcome()
    return None if outcome is None else outcome.to_json()


class GoldenGames:
    """The golden playthroughs of one edition (architecture: "Testing"): for each seed N a random-vs-random game
    (``new(N)``, each choice drawn by ``Rng(N)``: ``conftest.random_step``) kept as ``<directory>/seed-N.json``:
    its record (one action a line), the digest of its final position, its outcome and where it ended. With
    ``POLEMOS_REGEN_GOLDEN=1`` :meth:`load` plays and writes the file first."""

    def __init__(self, directory: Path, hint: str, kind: str, new: Callable[[int], AthensSpartaState],
                 max_steps: int = 4000) -> None:
        self.directory = directory
        self.hint = hint
        self.kind = kind  # what the file's "about" calls the game: "random-vs-random[ first-edition] playthrough"
        self.new = new
        self.max_steps = max_steps

    def path(self, seed: int) -> Path:
        return self.directory / f"seed-{seed}.json"

    def play(self, seed: int) -> AthensSpartaState:
        """The golden game of ``seed``: game seed N, agent ``Rng(N)``, played to the end."""
        state = self.new(seed)
        play_random(state, Rng(seed), self.max_steps)
        assert state.outcome() is not None, f"golden game {seed} did not end in {self.max_steps} actions"
        return state

    def write(self, seed: int) -> None:
        state = self.play(seed)
        record = state.record()
        actions = record.pop("actions")
        doc = {
            "about": f"Golden {self.kind}: game seed {seed}, agent Rng({seed}). {self.hint}",
            "seed": seed,
            "agent_seed": seed,
            "steps": len(state.actions),
            "digest": golden_digest(state),
            "outcome": outcome_json(state),
            "final": {"olympiad": state.olympiad, "turn": state.turn,
                      "log_tail": [text for _, text in state.log[-5:]]},
            "record": {**record, "actions": "@ACTIONS@"},
        }
        # one action per line keeps the diff of a regenerated file readable
        lines = ",\n   ".join(json.dumps(a) for a in actions)
        text = json.dumps(doc, indent=1).replace('"@ACTIONS@"', "[\n   " + lines + "\n  ]")
        assert json.loads(text)["record"]["actions"] == actions
        self.directory.mkdir(exist_ok=True)
        self.path(seed).write_text(text + "\n")

    def load(self, seed: int) -> dict[str, Any]:
        if os.environ.get("POLEMOS_REGEN_GOLDEN") == "1":
            self.write(seed)
        path = self.path(seed)
        if not path.exists():
            pytest.fail(f"{path} is missing; {self.hint}")
        doc: dict[str, Any] = json.loads(path.read_text())
        return doc

    def assert_replays(self, seed: int, golden: dict[str, Any]) -> None:
        """The golden record replays to the same outcome and final position, in as many actions."""
        try:
            state = polemos.replay(golden["record"])
        except RecordError as exc:
            pytest.fail(f"golden game {seed} no longer replays ({exc}); if the rules or data changed on "
                        f"purpose, {self.hint}")
        assert outcome_json(state) == golden["outcome"], f"golden game {seed}: other outcome; {self.hint}"
        assert golden_digest(state) == golden["digest"], f"golden game {seed}: other final state; {self.hint}"
        assert len(state.actions) == golden["steps"]

    def assert_same_choices(self, seed: int, golden: dict[str, Any]) -> None:
        """Legal actions come out in the same order, so the seeded agent plays the same game."""
        state = self.new(seed)
        chooser = Rng(seed)
        for i, (role, action) in enumerate(golden["record"]["actions"]):
            assert state.outcome() is None, f"golden game {seed} ended after {i} actions, not {golden['steps']}"
            got = random_step(state, chooser)
            assert got == (role, action), f"golden game {seed}, action {i + 1}: {got} != {(role, action)}; {self.hint}"
        assert state.outcome() is not None and golden_digest(state) == golden["digest"], self.hint
