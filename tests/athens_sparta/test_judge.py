"""Athens & Sparta's fitted leaf judge (judge.py, issue 12 part 2): it loads with a weight for every
feature and its provenance, reads one role's view only (two states the view cannot tell apart give the
same features and value), its values are chances, and the search can judge its leaves with it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import polemos
from polemos.ai.ismcts import ISMCTSAgent, SearchConfig, level_agent
from polemos.core.rng import Rng
from polemos.games.athens_sparta import judge, worlds
from polemos.games.athens_sparta.state import AthensSpartaState
from tests.ismcts_helpers import assert_one_view_one_decision, play_until

GAME = "athens-and-sparta"


def _positions(seed: int, count: int, **options: Any) -> list[tuple[AthensSpartaState, str]]:
    """Heuristic self-play states at the first ``count`` Card and Move Phase decisions from ``seed``."""
    out: list[tuple[AthensSpartaState, str]] = []
    seen: set[tuple[int, int, int]] = set()

    def wanted(s: Any, r: str) -> bool:
        key = (s.olympiad, s.turn, s.phase)
        if s.pending is not None and s.pending["kind"] in ("card", "move") and key not in seen:
            seen.add(key)
            out.append((s.clone(), r))
        return len(out) >= count

    play_until(GAME, seed, wanted, 3000, **options)
    return out


def test_the_judge_loads_once_with_every_feature_and_its_provenance() -> None:
    doc = json.loads(judge.WEIGHTS.read_text(encoding="utf-8"))
    assert set(doc["weights"]) == set(judge.NAMES)
    assert "as_judge_fit.py" in doc["design"] and "seeds" in doc["design"]
    assert judge.judge() is judge.judge()
    with pytest.raises(ValueError, match="missing"):
        judge.Judge({"bias": 0.0, "weights": {"points": 1.0}})


@pytest.mark.parametrize("options", [{}, {"edition": "first"}])
def test_features_and_value_come_from_the_view_alone(options: dict[str, Any]) -> None:
    """Two true states a role's view cannot tell apart (the enemy's hand, deck and block strengths differ:
    hidden_variants) give the same features and the same chance; the chance is in [0, 1]."""
    game = polemos.game(GAME)
    differed = 0
    for state, role in _positions(31, 6, **options)[2:]:
        other = game.hidden_variants(state, role, Rng(7), keep_identities=True)[0]
        assert isinstance(other, AthensSpartaState)
        assert other.view(role) == state.view(role)
        foe = 1 - ("athens", "sparta").index(role)
        differed += other.hands[foe] != state.hands[foe] or other.strength != state.strength
        assert judge.features(other.view(role)) == judge.features(state.view(role))
        p = judge.win_chance(state.view(role))
        assert 0.0 <= p <= 1.0 and p == judge.win_chance(other.view(role))
        assert len(judge.features(state.view(role))) == len(judge.NAMES)
    assert differed


def test_more_points_read_as_a_better_chance() -> None:
    """The fitted weights read a lead in city points (10.2) as a better chance for its holder."""
    state, role = _positions(33, 4)[-1]
    view = state.view(role)
    me, foe = role, "sparta" if role == "athens" else "athens"
    ahead = {**view, "points": {me: int(view["points"][me]) + 6, foe: view["points"][foe]}}
    behind = {**view, "points": {me: view["points"][me], foe: int(view["points"][foe]) + 6}}
    assert judge.win_chance(behind) < judge.win_chance(view) < judge.win_chance(ahead)


def test_the_search_judges_its_leaves_with_the_fitted_judge() -> None:
    """``judge="fitted"``: a leaf is worth the mean of Athens' chance from Athens' view of the world and one
    less Sparta's from Sparta's; a search with it plays a legal action; an unknown judge is refused."""
    state, role = _positions(35, 3)[-1]
    view = state.view(role)
    sampler = worlds.world_sampler(view, role, kinds=worlds.REBUILT, judge="fitted")
    world = sampler.sample(Rng(1))
    assert isinstance(world, AthensSpartaState)
    sampler.begin(world)
    value = sampler.evaluate(world)
    pa = judge.win_chance(world.view("athens"))
    ps = judge.win_chance(world.view("sparta"))
    assert value["athens"] == pytest.approx(0.5 * (pa + 1 - ps))
    assert value["athens"] + value["sparta"] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="no leaf judge"):
        worlds.world_sampler(view, role, kinds=worlds.REBUILT, judge="oracle")
    agent = ISMCTSAgent(GAME, SearchConfig(iterations=4, rollout_steps=20),
                        sampler_options={"kinds": worlds.REBUILT, "judge": "fitted"})
    legal = state.legal_actions(role)
    assert agent.choose(view, list(legal), Rng(2)) in legal


def test_the_levels_take_their_sampler_options_from_the_worlds_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level's sampler options (its leaf judge) come from the game's ``worlds.LEVEL_OPTIONS``."""
    assert level_agent("normal", GAME).sampler_options == dict(worlds.LEVEL_OPTIONS.get("normal") or {})
    monkeypatch.setattr(worlds, "LEVEL_OPTIONS", {"hard": {"judge": "fitted"}})
    assert level_agent("hard", GAME).sampler_options == {"judge": "fitted"}
    assert level_agent("normal", GAME).sampler_options == {}


def test_a_search_with_the_fitted_judge_never_peeks() -> None:
    """Two true states a role's view cannot tell apart give the same worlds and, with the fitted judge at
    the leaves, the same root statistics and decision (a Combat Phase menu, as the ``normal`` level
    searches, and a card)."""
    game = polemos.game(GAME)
    options = {"kinds": worlds.REBUILT, "judge": "fitted"}
    for seed, kind in ((16, "combat"), (43, "card")):
        state, role = play_until(GAME, seed, lambda s, r, k=kind: s.pending is not None and s.pending["kind"] == k
                                 and s.battle is None and len(s.legal_actions(r)) > 1)
        other = game.hidden_variants(state, role, Rng(5), keep_identities=True)[0]

        def agent() -> ISMCTSAgent:
            return ISMCTSAgent(GAME, SearchConfig(iterations=8, rollout_steps=30), sampler_options=options)

        assert_one_view_one_decision(state, other, role, lambda v, r: worlds.world_sampler(v, r, **options),
                                     agent, world_seed=3, agent_seeds=range(2))
