"""A clone shares its original's derived data that checks itself (issue 8, issue 12): a search lists a
state's legal actions, then applies one to a clone of it, and the actions are listed once, not twice.
A clone changed by hand calls ``reset_caches()`` (as any state changed by hand does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.common import occ_of
from polemos.games.athens_sparta.state import AthensSpartaState

from .helpers import after_first_mulligan

# Compiled (mypyc), rules' own calls to ``legal`` are direct and a patch of the module attribute does not
# see them: the listings are counted in pure Python only; the kept list's sharing is checked in both.
PURE = Path(rules.__file__ or "").suffix not in (".so", ".pyd")


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    listing = rules.legal

    def counted(s: AthensSpartaState, side: int) -> list[str]:
        calls[0] += 1
        return listing(s, side)

    monkeypatch.setattr(rules, "legal", counted)
    return calls


def test_applying_to_a_clone_lists_the_actions_once(monkeypatch: pytest.MonkeyPatch) -> None:
    s = after_first_mulligan(3)
    calls = counting(monkeypatch)
    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    c = s.clone()
    assert c._legal_key == s._legal_key and c._legal_val is s._legal_val  # the clone shares the listing
    c.apply(role, legal[0])
    assert calls[0] == (1 if PURE else 0)
    assert s.legal_actions(role) == legal and calls[0] == (1 if PURE else 0)  # the original keeps its own
    assert len(c.actions) == len(s.actions) + 1


def test_a_clone_changed_by_hand_lists_again_after_reset(monkeypatch: pytest.MonkeyPatch) -> None:
    s = after_first_mulligan(3)
    role = s.active_roles()[0]
    s.legal_actions(role)
    c = s.clone()
    c.hands[0] = c.hands[0][:1] if role == "athens" else c.hands[0]
    c.hands[1] = c.hands[1][:1] if role == "sparta" else c.hands[1]
    c.reset_caches()
    assert c._legal_key != s._legal_key  # the kept listing is dropped
    calls = counting(monkeypatch)
    assert len(c.legal_actions(role)) == 1 and calls[0] == (1 if PURE else 0)  # [1] one card left: one to play


def test_the_occupancy_memo_is_shared_and_checks_itself() -> None:
    s = after_first_mulligan(3)
    occ = occ_of(s)
    c = s.clone()
    assert occ_of(c) is occ  # the same blocks: the same snapshot
    b = next(b for b, h in enumerate(c.loc) if h >= 0 and not c.inside[b])
    c.loc[b] = next(h for h in range(len(c.comp.board.hexes)) if h != c.loc[b] and c.comp.board.city_at[h] >= 0)
    moved = occ_of(c)
    assert moved is not occ and occ_of(s) is occ  # the clone's change makes its own; the original's stays
