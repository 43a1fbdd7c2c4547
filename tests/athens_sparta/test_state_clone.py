"""A clone shares its original's log until either writes a line (issue 12: the log is the longest list a
clone would copy); each then has its own, and neither sees the other's lines."""

from __future__ import annotations

from polemos.core.rng import Rng

from .conftest import new_state, play_random


def test_a_clone_and_its_original_write_their_own_log_lines() -> None:
    s = new_state(8)
    play_random(s, Rng(8), 120)
    before = list(s.log)
    c = s.clone()
    assert c.log is s.log  # shared, not copied
    s.say("a line of the original's")
    assert c.log == before and s.log == [*before, (-1, "a line of the original's")]
    c.say("a line of the clone's", 0)
    assert s.log == [*before, (-1, "a line of the original's")]
    assert c.log == [*before, (0, "a line of the clone's")]
    # a clone of a clone, and play going on in all three
    cc = c.clone()
    play_random(cc, Rng(9), 40)
    play_random(c, Rng(10), 40)
    assert c.log[:len(before) + 1] == [*before, (0, "a line of the clone's")]
    assert s.log == [*before, (-1, "a line of the original's")]


def test_a_clone_plays_on_exactly_as_its_original() -> None:
    s = new_state(9)
    play_random(s, Rng(9), 200)
    c = s.clone()
    play_random(s, Rng(1), 150)
    play_random(c, Rng(1), 150)
    assert c.to_json() == s.to_json()
