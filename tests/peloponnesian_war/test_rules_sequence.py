"""The sequence of play's phase headings (1.4; 2.0, 3.0, 6.0, 7.0, 8.0 list their segments) and the
Note on Randomness (1.1.3): each segment runs in the order the rulebook lists it.

A game turn is stepped task by task, the way ``rules.advance`` runs it (the task table is read, never
changed), every decision answered, and the segment each task announces (``state.segment``) recorded.
"""

from __future__ import annotations

from collections import Counter

import pytest

from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import rules
from polemos.games.peloponnesian_war.state import PWState
from tests.peloponnesian_war.spine import bare, game

#: 1.4's segments of the phases whose segments always run (2.0, 3.0, 6.0, 7.0, 8.0), in order
ALWAYS = {
    "2": ["2.1 Side Determination Segment", "2.2 Random Event Segment", "2.3 Delian League Rebellion Segment",
          "2.4 Leader Selection Segment"],
    "3": ["3.1 Strategy Determination Segment", "3.2 Strategy Confidence Index Segment"],
    "6": ["6.1 Continued Rebellion Determination Segment", "6.2 Rebellion Expansion Segment",
          "6.3 Helot Rebellion Determination Segment"],
    "7": ["7.1 Revenue Collection Segment", "7.2 Strength Point Construction Segment"],
    "8": ["8.1 Bellicosity Adjustment Segment", "8.2 Surrender Determination Segment",
          "8.3 Armistice Determination Segment", "8.4 Ravaged Marker Removal Segment",
          "8.5 Game Turn Marker Segment"],
}


def _turn_segments(s: PWState) -> list[str]:
    """Play one whole game turn (not a scenario's first) from its start, task by task, answering each
    decision with a pass where there is one (else the first legal action): the segments in the order
    they began."""
    s.pending = None
    s.tasks = []
    s.push(["turn", 0])
    seen: list[str] = []
    started = False
    while not s.winner:
        p = s.pending
        if p is not None:
            side = int(p["side"])
            legal = rules.legal(s, side)
            rules.APPLY[str(p["kind"])](s, side, "pass" if "pass" in legal else legal[0])
            s.settle()
            continue
        assert s.tasks, "the turn ended without a Game Turn Marker Segment"
        task = s.tasks.pop()
        if task[0] == "turn":
            if started:
                break  # 8.5 began the next game turn
            started = True
        rules.TASKS[str(task[0])](s, task)
        s.settle()
        if s.segment and (not seen or seen[-1] != s.segment):
            seen.append(s.segment)
    return seen


@pytest.mark.parametrize("mode", ["solitaire", "two-player"])
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_2_0_3_0_6_0_7_0_8_0_every_segment_of_a_phase_in_the_rulebook_order(mode: str, seed: int) -> None:
    """2.0 (2.1-2.4), 3.0 (3.1, 3.2), 6.0 (6.1-6.3), 7.0 (7.1, 7.2), 8.0 (8.1-8.5): every segment of
    these phases runs once a game turn, in the order listed, and the phases in the order of 1.4."""
    s = game(mode=mode, seed=seed)
    segments = _turn_segments(s)
    for phase, expected in ALWAYS.items():
        ran = [x for x in segments if x.split(".")[0] == phase]
        if s.winner and phase == "8":  # a surrender (8.2) ends the game at once
            assert ran == expected[:2] and s.end_reason.startswith("8.2")
        else:
            assert ran == expected, phase
    phases = [x.split(".")[0] for x in segments]
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order == ["2", "3", "4", "5", "6", "7", "8"]  # 1.4: each phase once, in order


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_4_0_5_0_the_segments_that_run_are_in_the_rulebook_order(seed: int) -> None:
    """4.0 (4.1 First Operation, 4.3 Subsequent Operations, 4.9 Going Home) and 5.0 (5.1 Siege
    Determination, 5.2 Battle Resolution, 5.3 Siege Resolution, 5.4 Going Home, 5.5): those that run
    in a turn run in this order (some only when there is something to do)."""
    order = ["4.1", "4.3", "4.9", "5.1", "5.2", "5.3", "5.4", "5.5"]
    segments = _turn_segments(game(mode="two-player", seed=seed))
    ran = [x.split()[0] for x in segments if x[0] in "45"]
    assert ran, "no Operations or Combat segment ran"
    assert all(rule in order for rule in ran)
    assert [order.index(rule) for rule in ran] == sorted(order.index(rule) for rule in ran)
    assert "5.1" in ran and "5.4" in ran  # (run every turn)


def test_1_1_3_dice_are_six_sided() -> None:
    """1.1.3: the game's dice are six-sided: every roll is 1-6, and each face comes up."""
    s = bare()
    rolls = Counter(s.d6() for _ in range(600))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert min(rolls.values()) > 60  # (600 rolls: each face about 100 times)


def test_1_1_3_a_random_determination_gives_each_choice_an_equal_chance() -> None:
    """1.1.3 A Note on Randomness: with no choice better than another, each gets an equal die roll
    range: ``pick`` chooses among them uniformly, only among them, and rolls nothing for one choice."""
    s = bare()
    s.rng = Rng(7)
    picks = Counter(s.pick([4, 9, 11]) for _ in range(3000))
    assert set(picks) == {4, 9, 11}
    assert all(900 <= n <= 1100 for n in picks.values()), picks
    draws = s.rng.draws
    assert s.pick([42]) == 42 and s.rng.draws == draws  # one choice: nothing is rolled
    with pytest.raises(AssertionError):
        s.pick([])
