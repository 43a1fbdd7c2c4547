"""The contract fuzzer on the toy game, and on broken variants of it that it must catch."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import polemos
from polemos.core.game import _REGISTRY, JSON, Role, State, register
from polemos.testing import fuzz_game, json_problems
from polemos.testing.fuzz import first_difference
from tests.toy_game import ToyNim, ToyNimState

DEEP = os.environ.get("POLEMOS_DEEP") == "1"


def no_opponent_hand(state: State, role: Role | None, view: JSON) -> list[str]:
    """The toy's leak check: a view shows at most its own role's hand."""
    assert isinstance(state, ToyNimState)
    problems = []
    for other in state.game.roles:
        if other != role and f"{other}_hand" in view:
            problems.append(f"{role} sees {other}'s hand")
    if role is None and "hand" in view:
        problems.append("the spectator sees a hand")
    return problems


def test_toy_game_passes_the_fuzzer(tmp_path: Path) -> None:
    report = fuzz_game("toy-nim", range(150), max_steps=100, leak_check=no_opponent_hand, save_dir=tmp_path)
    assert report.ok, report.summary()
    assert report.games == report.finished == 150
    assert report.steps > 150 * 5
    assert list(tmp_path.iterdir()) == []


def test_checking_every_third_action_still_checks_the_end(tmp_path: Path) -> None:
    report = fuzz_game("toy-nim", range(40), max_steps=100, check_every=3, save_dir=tmp_path)
    assert report.ok, report.summary()
    assert report.finished == 40


def test_fuzzer_with_component_data(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "toy.toml").write_text("heap = 40\nhand_size = 3\n")
    report = fuzz_game("toy-nim", range(20), max_steps=200, data=data, save_dir=tmp_path / "out")
    assert report.ok, report.summary()


@pytest.mark.deep
@pytest.mark.skipif(not DEEP, reason="set POLEMOS_DEEP=1 for long fuzz runs")
def test_toy_game_deep_fuzz(tmp_path: Path) -> None:
    report = fuzz_game("toy-nim", range(5000), max_steps=100, leak_check=no_opponent_hand, save_dir=tmp_path)
    assert report.ok, report.summary()


def test_fuzzer_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="check_every"):
        fuzz_game("toy-nim", [1], max_steps=10, check_every=0)
    with pytest.raises(ValueError, match="max_steps"):
        fuzz_game("toy-nim", [1], max_steps=0)
    with pytest.raises(ValueError, match="secrets_every"):
        fuzz_game("toy-nim", [1], max_steps=10, check_every=2, secrets_every=3)


# -- broken variants: each one breaks one rule of the contract ------------------------------------------
class LeakyDeckState(ToyNimState):
    def view(self, role: Role | None) -> JSON:
        doc = super().view(role)
        doc["cards"] = {"deck": list(self.deck)}  # the deck order, nested
        return doc


class LeakyHandState(ToyNimState):
    def view(self, role: Role | None) -> JSON:
        doc = super().view(role)
        if role == "first":
            doc["second_hand"] = list(self.hands["second"])
        return doc


class TupleKeyViewState(ToyNimState):
    def view(self, role: Role | None) -> JSON:
        doc = super().view(role)
        doc["by_turn"] = {self.turn: self.heap}
        return doc


class SharedCloneState(ToyNimState):
    def clone(self) -> ToyNimState:
        c = super().clone()
        c.hands = self.hands  # shallow: the clone shares the hands
        return c


class LossyJsonGame(ToyNim):
    id = "toy-lossy-json"

    def from_json(self, doc: JSON) -> ToyNimState:
        state = super().from_json(doc)
        state.log = state.log[-1:]  # loading forgets the log
        return state


class NoOriginGame(ToyNim):
    id = "toy-no-origin"

    def from_json(self, doc: JSON) -> ToyNimState:
        state = super().from_json(doc)
        state.origin = None  # its record would replay from new(seed), not from the position
        return state


class ForgetfulMoverState(ToyNimState):
    def to_json(self) -> JSON:
        doc = super().to_json()
        doc["mover"] = "first"  # the document always says first moves: loading changes who acts
        return doc


class UncountedDrawState(ToyNimState):
    def _apply(self, role: Role, action: str) -> None:
        if action == "roll":  # a draw through Rng.choice: the kernel must still close undo
            die = self.rng.choice([1, 2, 3, 4, 5, 6])
            self._remove(role, (die + 1) // 2, f"2. {role} rolls {die}", by_die=True)
        else:
            super()._apply(role, action)


def test_kernel_closes_undo_after_any_draw() -> None:
    """Any use of the RNG (here Rng.choice) ends the undo window (architecture: undo policy)."""
    report = fuzz_game("toy-uncounted", range(20), max_steps=200)
    assert report.ok, report.summary()


class DeadEndState(ToyNimState):
    def legal_actions(self, role: Role) -> list[str]:
        if self.phase == "confirm" and self.heap <= 5:
            return []
        return super().legal_actions(role)


class EndlessState(ToyNimState):
    def _remove(self, role: Role, count: int, what: str, by_die: bool = False) -> None:
        super()._remove(role, count, what, by_die)
        if self.heap <= 2 and self.phase == "over":
            self.heap, self.phase, self.winner = 3, "confirm", None  # the game never ends


class CrashingState(ToyNimState):
    def _apply(self, role: Role, action: str) -> None:
        if action == "end turn" and self.turn == 2:
            raise KeyError("no such hex")
        super()._apply(role, action)


class BrokenInvariantState(ToyNimState):
    def check_invariants(self) -> list[str]:
        return ["the heap is small"] if self.heap < 4 else []


class MutatingViewState(ToyNimState):
    def view(self, role: Role | None) -> JSON:
        self.log.append("someone looked")
        return super().view(role)


class OverButActiveState(ToyNimState):
    def active_roles(self) -> tuple[Role, ...]:
        return (self.mover,) if self.phase == "over" else super().active_roles()

    def legal_actions(self, role: Role) -> list[str]:
        return [] if self.phase == "over" else super().legal_actions(role)


class TelltaleState(ToyNimState):
    def _apply(self, role: Role, action: str) -> None:
        super()._apply(role, action)
        if action.startswith("take ") and 3 in self.hands[role]:
            self.log.append(f"{role} smiles")  # a public line that depends on a hidden hand


class AskTheWeakState(ToyNimState):
    """The old Athens & Sparta Mulligan: a question asked only of a player whose hidden hand is
    poor, so that being asked (active roles, the phase) tells the opponent that it is poor."""

    def _apply(self, role: Role, action: str) -> None:
        if action == "pass":
            self.phase = "confirm"
            return
        super()._apply(role, action)
        if action.startswith("take ") and self.phase == "confirm" and sum(self.hands[role]) <= 2:
            self.phase = "weak"

    def legal_actions(self, role: Role) -> list[str]:
        if self.phase == "weak" and role in self.active_roles():
            return ["pass"]
        return super().legal_actions(role)


STATE_VARIANTS: dict[str, tuple[type[ToyNimState], str]] = {
    "toy-leaky-deck": (LeakyDeckState, "views must not hold 'deck'"),
    "toy-leaky-hand": (LeakyHandState, "first sees second's hand"),
    "toy-int-keys": (TupleKeyViewState, "is not a string"),
    "toy-shared-clone": (SharedCloneState, "changed the original"),  # applying an action or hidden_variants
    "toy-forgetful-mover": (ForgetfulMoverState, "loaded position has active roles"),
    "toy-dead-end": (DeadEndState, "dead end"),
    "toy-endless": (EndlessState, "did not end within 60 actions"),
    "toy-crash": (CrashingState, "KeyError while applying"),
    "toy-invariant": (BrokenInvariantState, "invariant broken: the heap is small"),
    "toy-mutating-view": (MutatingViewState, "view() changed the state"),
    "toy-over-but-active": (OverButActiveState, "the game is over (3."),
    "toy-telltale": (TelltaleState, "no die rolled, nothing revealed) from variant"),
    "toy-ask-the-weak": (AskTheWeakState, "no die rolled, nothing revealed) from variant"),
}


def _variant_game(game_id: str, state_class: type[ToyNimState]) -> type[ToyNim]:
    return type(state_class.__name__ + "Game", (ToyNim,), {"id": game_id, "state_class": state_class})


VARIANT_GAMES: dict[str, type[ToyNim]] = {
    gid: _variant_game(gid, cls) for gid, (cls, _) in STATE_VARIANTS.items()
}
VARIANT_GAMES["toy-lossy-json"] = LossyJsonGame
VARIANT_GAMES["toy-no-origin"] = NoOriginGame
VARIANT_GAMES["toy-uncounted"] = _variant_game("toy-uncounted", UncountedDrawState)
globals().update({g.__name__: g for g in VARIANT_GAMES.values()})
EXPECTED = {gid: message for gid, (_, message) in STATE_VARIANTS.items()}
EXPECTED["toy-lossy-json"] = "JSON round trip changed the position: $.log"
EXPECTED["toy-no-origin"] = "does from_json set state.origin?"


@pytest.fixture(scope="module", autouse=True)
def variants_registered() -> Iterator[None]:
    for gid, cls in VARIANT_GAMES.items():
        register(gid, f"{__name__}:{cls.__name__}")
    yield
    for gid in VARIANT_GAMES:
        _REGISTRY.pop(gid, None)


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_fuzzer_catches_a_broken_game(game_id: str, tmp_path: Path) -> None:
    expected = EXPECTED[game_id]
    report = fuzz_game(game_id, range(12), max_steps=60, leak_check=no_opponent_hand, save_dir=tmp_path)
    assert not report.ok
    failure = report.failures[0]
    assert expected in failure.message, report.summary()
    assert failure.path == tmp_path / f"{game_id}-seed{failure.seed}.json"
    saved = json.loads(failure.path.read_text())
    assert saved["error"] == failure.message
    assert saved["step"] == failure.step
    assert saved["game"] == game_id and saved["seed"] == failure.seed
    # the saved record replays (to the state just before the failing action, if it raised)
    state = polemos.replay(saved)
    assert len(state.actions) == len(saved["actions"])


def test_a_crash_is_saved_with_the_failing_action_and_traceback(tmp_path: Path) -> None:
    report = fuzz_game("toy-crash", [4], max_steps=60, save_dir=tmp_path)
    [failure] = report.failures
    saved = json.loads(Path(str(failure.path)).read_text())
    assert saved["failing_action"][1] == "end turn"
    assert "KeyError: 'no such hex'" in saved["traceback"]
    state = polemos.replay(saved)
    role, action = saved["failing_action"]
    with pytest.raises(KeyError):
        state.apply(role, action)  # the record reproduces the bug


def test_report_summary_lists_failures(tmp_path: Path) -> None:
    report = fuzz_game("toy-dead-end", range(3), max_steps=60, save_dir=tmp_path)
    text = report.summary()
    assert text.startswith("toy-dead-end: 3 playouts")
    assert f"seed {report.failures[0].seed}, step {report.failures[0].step}: dead end" in text


# -- helpers ---------------------------------------------------------------------------------------------
def test_json_problems_finds_hidden_keys_at_any_depth() -> None:
    hidden = "$.a[0].b.rng: views must not hold 'rng' (hidden state)"
    assert json_problems({"a": [{"b": {"rng": 1}}]}) == [hidden]
    assert json_problems({"x": {1: 2}}) == ["$.x: key 1 is not a string"]
    assert json_problems({"x": float("nan")}) == ["$.x: nan is not valid JSON"]
    assert json_problems({"x": {1, 2}}) == ["$.x: set is not JSON"]
    assert json_problems({"ok": [1, "a", None, True, 2.5, (1, 2)]}) == []


def test_first_difference_names_the_path() -> None:
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}) == "$.a[1]: 2 != 3"
    assert first_difference({"a": 1}, {}) == "$.a: 1 != missing"
    assert first_difference([1], [1, 2]) == "$: length 1 != 2"
