"""Golden playthroughs of Athens & Sparta, and records, replays and position documents.

Golden playthroughs (architecture: "Testing"): for each seed in ``GOLDEN_SEEDS`` a random-vs-random
game — the game seeded with N, the agent's choices drawn from ``polemos.core.rng.Rng(N)`` — is
checked in as ``golden/seed-N.json``: its record (the full action log), the sha256 digest of its
final ``to_json()`` (``json.dumps(doc, sort_keys=True)``) and its outcome. The tests replay each
record with ``polemos.replay`` and require the identical digest and outcome, and require the
seeded agent to choose the identical actions again.

Any deliberate change to the rules, the component data or the action texts changes these games.
Regenerate the golden files, then review and commit them with the change::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/athens_sparta/test_golden.py

(with regeneration on, the golden tests rewrite the files and pass; the other tests run as usual).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import polemos
from polemos.core.errors import RecordError
from polemos.core.game import JSON
from polemos.core.rng import Rng
from polemos.games.athens_sparta.state import POOL, AthensSpartaState
from polemos.testing.fuzz import first_difference
from tests.athens_sparta.conftest import GAME_ID, game, new_state, play_random
from tests.athens_sparta.helpers import GoldenGames

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN_SEEDS = (1, 2, 3)
REGEN_HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/athens_sparta/test_golden.py"
MAX_STEPS = 4000


GOLDEN = GoldenGames(GOLDEN_DIR, REGEN_HINT, "random-vs-random playthrough", new_state, MAX_STEPS)


# -- golden playthroughs ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_golden_record_replays_to_the_same_final_state(seed: int) -> None:
    GOLDEN.assert_replays(seed, GOLDEN.load(seed))


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_golden_agent_makes_the_same_choices(seed: int) -> None:
    """Legal actions come out in the same order, so the seeded agent plays the same game."""
    GOLDEN.assert_same_choices(seed, GOLDEN.load(seed))


def test_golden_files_are_the_ones_listed() -> None:
    assert sorted(p.name for p in GOLDEN_DIR.glob("seed-*.json")) == sorted(
        GOLDEN.path(seed).name for seed in GOLDEN_SEEDS)


# -- records and replay ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "steps"), [(11, 0), (12, 40), (13, 250), (14, 600)])
def test_replay_of_the_record_is_the_same_state(seed: int, steps: int) -> None:
    state = new_state(seed)
    play_random(state, Rng(seed), steps)
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == GAME_ID and record["seed"] == seed and len(record["actions"]) == len(state.actions)
    again = polemos.replay(record)
    assert again.to_json() == state.to_json(), first_difference(state.to_json(), again.to_json())
    assert again.active_roles() == state.active_roles()
    for role in ("athens", "sparta"):
        assert again.legal_actions(role) == state.legal_actions(role)
        assert again.view(role) == state.view(role)


def _record(steps: int = 10) -> JSON:
    state = new_state(21)
    play_random(state, Rng(21), steps)
    record: JSON = json.loads(json.dumps(state.record()))
    return record


def test_a_record_with_a_bad_action_does_not_replay() -> None:
    record = _record()
    role = record["actions"][2][0]
    record["actions"][2] = [role, "march on Persepolis"]
    with pytest.raises(RecordError, match=r"action 3 \(\w+: 'march on Persepolis'\) does not replay"):
        polemos.replay(record)


def test_a_record_with_an_action_of_the_wrong_role_does_not_replay() -> None:
    record = _record()
    record["actions"].insert(0, ["persia", "play c01"])
    with pytest.raises(RecordError, match=r"action 1 \(persia: 'play c01'\) does not replay: .*persia"):
        polemos.replay(record)


def test_a_record_of_another_game_does_not_replay() -> None:
    record = _record()
    record["game"] = "athens-and-spartaa"
    with pytest.raises(RecordError, match=r"no game 'athens-and-spartaa'"):
        polemos.replay(record)
    del record["game"]
    with pytest.raises(RecordError, match=r"bad record: 'game'"):
        polemos.replay(record)


@pytest.mark.parametrize("actions", ["play c01", {"athens": "play c01"}, 7])
def test_a_record_whose_actions_are_not_a_list_does_not_replay(actions: object) -> None:
    record = _record()
    record["actions"] = actions
    with pytest.raises(RecordError, match="record 'actions' must be a list"):
        polemos.replay(record)


def test_malformed_record_entries_are_named() -> None:
    record = _record()
    record["actions"][1] = "athens: play c01"
    with pytest.raises(RecordError, match=r"action 2 must be \[role, text\]"):
        polemos.replay(record)
    with pytest.raises(RecordError, match="must be a JSON object"):
        polemos.replay([])  # type: ignore[arg-type]


def test_a_record_made_with_other_component_data_does_not_replay() -> None:
    record = _record()
    record["data"] = "0000deadbeef"
    with pytest.raises(RecordError, match="component data 0000deadbeef"):
        polemos.replay(record)


# -- position documents ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "steps"), [(31, 0), (32, 77), (33, 400), (34, 5000)])
def test_from_json_of_to_json_is_exact(seed: int, steps: int) -> None:
    state = new_state(seed)
    play_random(state, Rng(seed), steps)
    doc = json.loads(json.dumps(state.to_json()))
    loaded = game().from_json(doc)
    assert json.dumps(loaded.to_json(), sort_keys=True) == json.dumps(doc, sort_keys=True), (
        first_difference(doc, loaded.to_json()))
    assert loaded.active_roles() == state.active_roles()
    assert loaded.outcome() == state.outcome()
    for role in ("athens", "sparta", None):
        assert loaded.view(role) == state.view(role)
    # both go on identically
    chooser_a, chooser_b = Rng(99), Rng(99)
    play_random(state, chooser_a, 60)
    play_random(loaded, chooser_b, 60)
    assert loaded.to_json() == state.to_json(), first_difference(state.to_json(), loaded.to_json())


def test_from_json_in_the_middle_of_a_battle_is_exact() -> None:
    for seed in range(40):
        state = new_state(seed)
        play_random(state, Rng(seed), 1500,
                    until=lambda s: isinstance(s, AthensSpartaState) and s.battle is not None)
        if isinstance(state, AthensSpartaState) and state.battle is not None:
            break
    else:
        pytest.fail("no random game paused in a battle")
    doc = json.loads(json.dumps(state.to_json()))
    loaded = game().from_json(doc)
    assert loaded.to_json() == doc
    assert polemos.replay(json.loads(json.dumps(loaded.record()))).to_json() == doc


def test_a_partial_position_document_loads() -> None:
    """A hand-written position: the seed and a few fields; the rest comes from a new game."""
    start = new_state(41)
    block = start.comp.block_index["ATH-HOP-5"]  # PLATAEA's hoplite, written into ATHENS
    athens_hex = start.loc[start.comp.block_index["ATH-HOP-1"]]
    loc = list(start.loc)
    loc[block] = athens_hex
    doc: JSON = {"game": GAME_ID, "seed": 41, "olympiad": 86, "loc": loc, "bp": [3, 4]}
    state = game().from_json(doc)
    assert isinstance(state, AthensSpartaState)
    assert state.olympiad == 86 and state.loc[block] == athens_hex and state.bp == [3, 4]
    assert state.turn == start.turn and state.hands == start.hands and state.strength == start.strength
    assert state.active_roles() == start.active_roles()
    face = next(e for e in state.view("athens")["blocks"] if e.get("id") == "ATH-HOP-5")
    assert face["location"] == "ATHENS"
    assert state.view("sparta")["olympiad"] == 86
    # it is its own origin: the record replays from it, and play goes on from it
    play_random(state, Rng(41), 120)
    record = json.loads(json.dumps(state.record()))
    assert record["position"] == doc
    assert polemos.replay(record).to_json() == state.to_json()
    assert game().from_json(state.to_json()).to_json() == state.to_json()


def test_a_position_with_only_a_seed_is_the_new_game() -> None:
    assert game().from_json({"seed": 42}).to_json()["loc"] == new_state(42).to_json()["loc"]
    assert game().from_json({"game": GAME_ID, "seed": 42}).hands == new_state(42).hands


@pytest.mark.parametrize(("doc", "message"), [
    ({"game": "go-tell-the-spartans", "seed": 1}, "this position is for 'go-tell-the-spartans'"),
    ([1, 2], "a position must be a JSON object"),
    ({"seed": 1, "loc": [0, 1, 2]}, "position field 'loc' must have"),
    ({"seed": 1, "loc": "ATHENS"}, "position field 'loc' must be a list"),
    ({"seed": "many"}, "bad position document"),
    ({"seed": 1, "scenario": "404"}, "unknown scenario"),
])
def test_a_bad_position_document_is_refused(doc: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game().from_json(doc)


def test_a_position_with_an_impossible_block_is_refused() -> None:
    start = new_state(43)
    strength = list(start.strength)
    b = start.comp.block_index["ATH-HOP-1"]
    strength[b] = 9
    with pytest.raises(RecordError, match="ATH-HOP-1 has strength 9"):
        game().from_json({"seed": 43, "strength": strength})
    loc = list(start.loc)
    loc[b] = 10_000
    with pytest.raises(RecordError, match="ATH-HOP-1 is on no hex"):
        game().from_json({"seed": 43, "loc": loc})
    assert start.loc[start.comp.block_index["ATH-RES-1"]] == POOL


def test_a_loaded_position_keeps_its_own_copy_of_the_document() -> None:
    """The state's record must not change when the caller later edits the document it loaded
    (``from_json`` and ``replay`` keep the document as ``state.origin``)."""
    doc: JSON = {"game": GAME_ID, "seed": 44, "olympiad": 85}
    state = game().from_json(doc)
    doc["olympiad"] = 88
    assert state.olympiad == 85
    replayed_doc = polemos.replay(json.loads(json.dumps(state.record()))).to_json()
    assert replayed_doc == state.to_json(), (
        "from_json kept the caller's document as state.origin, not a copy: "
        + first_difference(state.to_json(), replayed_doc))
    record = json.loads(json.dumps(state.record()))
    replayed = polemos.replay(record)
    record["position"]["olympiad"] = 87
    again = polemos.replay(json.loads(json.dumps(replayed.record())))
    assert isinstance(again, AthensSpartaState) and again.olympiad == 85
