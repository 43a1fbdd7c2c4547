"""Helpers for the tests of the spine's rules (2.x, 3.x, 6.x, 7.x, 8.x, 9.0, 10.x): bare states set up
by hand, tasks run by the driver, dice scripted (``script_dice``)."""

from __future__ import annotations

from polemos.games.peloponnesian_war import rules
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.game import PeloponnesianWar, PWPlay
from polemos.games.peloponnesian_war.state import PWState, Task

GAME = PeloponnesianWar()
COMP = load_components()


def bare(scenario: str = "peloponnesian-war", mode: str = "solitaire", player: int = 0) -> PWState:
    """An empty map (no SPs, no markers, no leaders placed) in ``scenario``'s rules, nothing pending."""
    s = PWPlay(GAME, COMP, 1, scenario, {"mode": mode})
    s.player = player
    s.bellicosity = [10, 10]
    s.recontrol()
    return s


def game(scenario: str = "peloponnesian-war", mode: str = "solitaire", seed: int = 1,
         side: str | None = None) -> PWState:
    opts = {"mode": mode}
    if side:
        opts["side"] = side
    return GAME.new(seed, scenario, opts)  # type: ignore[return-value]


def sp(name: str) -> int:
    return COMP.space_index[name]


def ld(name: str) -> int:
    return COMP.leader_index[name]


def run(s: PWState, *tasks: Task) -> None:
    """Run these tasks (and what they push) until a decision or the end."""
    s.pending = None
    s.tasks = []
    s.push(*tasks)
    rules.advance(s)


def log_has(s: PWState, text: str) -> bool:
    return any(text in line for _, line in s.log)
