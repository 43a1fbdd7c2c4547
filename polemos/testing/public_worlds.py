"""The checks every search test of a game with nothing hidden makes (Sparta vs. Athens, RULINGS S23; The
Peloponnesian War, RULINGS P106): a role's view is the whole position but for the dice, so the search's
worlds are rebuilt from the view alone (``worlds.position_of``) and roll their own dice
(``polemos.core.public_worlds``).

Each game's ``tests/<game>/test_worlds.py`` names the game's rulings in its tests and calls these with
its own ``position_of``, its ``position`` (a state's document without what no view holds) and a state
asking a searched decision:

- :func:`check_views_rebuild_positions`: a view rebuilds every field the rules read;
- :func:`check_worlds_play_on_with_the_real_dice`: given the real generator (only a test can), a rebuilt
  position plays on exactly as the real game;
- :func:`check_worlds_draw_their_own_dice`: no view holds a generator, seed or action list, and a world's
  dice come from the search's RNG;
- :func:`check_equal_views_decide_alike`: two states differing only in what no view shows get the same
  decision;
- :func:`check_no_position_falls_back`: a view that is no position builds no world, and the agent plays
  its fallback;
- :func:`check_evaluation_starts_even`: the view's own position is an even chance for both roles.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from polemos.core.game import JSON, Game, State
from polemos.core.rng import Rng

__all__ = [
    "HEADER",
    "check_equal_views_decide_alike",
    "check_evaluation_starts_even",
    "check_no_position_falls_back",
    "check_views_rebuild_positions",
    "check_worlds_draw_their_own_dice",
    "check_worlds_play_on_with_the_real_dice",
    "random_states",
]

#: the state document's fields no view holds: the dice, the history, the log
HEADER = ("seed", "rng", "actions", "undo_floor", "reveals", "log", "origin")

Position = Callable[[Any], dict[str, Any]]
PositionOf = Callable[[JSON], State]


def random_states(start: State, seed: int, every: int = 1) -> list[State]:
    """Copies of the positions of a random game from ``start``, one every ``every`` decisions."""
    s = start
    r = random.Random(seed)
    out: list[State] = []
    n = 0
    while s.outcome() is None:
        if n % every == 0:
            out.append(s.clone())
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
        n += 1
    return out


def check_views_rebuild_positions(states: Iterable[State], position_of: PositionOf, position: Position,
                                  legal: bool = True) -> int:
    """Each state's view (of the role asked) rebuilds its position (and, with ``legal``, its legal actions);
    returns how many were checked."""
    checked = 0
    for s in states:
        role = s.active_roles()[0]
        w = position_of(s.view(role))
        assert position(w) == position(s), getattr(s, "pending", None)
        if legal:
            assert w.legal_actions(role) == s.legal_actions(role)
        checked += 1
    return checked


def check_worlds_play_on_with_the_real_dice(states: Iterable[State], position_of: PositionOf, position: Position,
                                           steps: int) -> None:
    """The rebuilt position misses nothing the rules read later: given the real generator, it plays the next
    ``steps`` random decisions exactly as the real game does."""
    for s in states:
        role = s.active_roles()[0]
        w = position_of(s.view(role))
        w.rng = s.rng.copy()  # the games' states carry their generator
        r = random.Random(9)
        for _ in range(steps):
            if s.outcome() is not None:
                break
            role = s.active_roles()[0]
            legal = s.legal_actions(role)
            assert w.legal_actions(role) == legal
            action = r.choice(legal)
            s.apply(role, action)
            w.apply(role, action)
        assert position(w) == position(s)


def check_worlds_draw_their_own_dice(s: State, sampler: Any, position: Position,
                                     secrets: tuple[str, ...] = ('"rng"', '"seed"', '"actions"')) -> None:
    """A view holds no generator, seed or action list, and ``sampler`` (the view's world sampler) draws a
    world's generator from the search's RNG: two draws differ, equal RNGs give equal worlds, and a world is
    the state's position."""
    role = s.active_roles()[0]
    text = json.dumps(s.view(role))
    assert not [word for word in secrets if word in text]
    a, b, c = sampler.sample(Rng(1)), sampler.sample(Rng(1)), sampler.sample(Rng(2))
    assert isinstance(a, type(s)) and isinstance(c, type(s))
    assert a.to_json() == b.to_json()
    assert a.rng.to_json() != c.rng.to_json()
    assert position(a) == position(s)
    assert a.rng.to_json() != s.rng.to_json()


def check_equal_views_decide_alike(game: Game, s: State, iterations: int = 12) -> None:
    """Two true states that differ only in what no view shows (the generator, the seed, the history) give
    equal views, the same worlds and the same decision with the same agent seed."""
    from polemos.ai.ismcts import ISMCTSAgent, SearchConfig

    twin = game.from_json({**s.to_json(), "seed": 999, "rng": Rng(999).to_json(), "actions": []})
    assert isinstance(twin, type(s))
    role = s.active_roles()[0]
    assert twin.view(role) == s.view(role)
    assert s.rng.to_json() != twin.rng.to_json()
    picks = []
    for state in (s, twin):
        agent = ISMCTSAgent(game.id, SearchConfig(iterations=iterations), name="normal")
        picks.append((agent.choose(state.view(role), state.legal_actions(role), Rng(77)), agent.last))
    (a, ra), (b, rb) = picks
    assert a == b and ra is not None and rb is not None and ra.root == rb.root and ra.iterations == iterations


def check_no_position_falls_back(game: Game, s: State, world_sampler: Callable[[JSON, str], Any],
                                 broken: dict[str, Any]) -> None:
    """A view without its procedure, or with ``broken`` fields this data cannot read, builds no world
    (NoWorld): the agent plays its fallback's choice instead of failing."""
    from polemos.ai.ismcts import ISMCTSAgent, NoWorld, SearchConfig

    role = s.active_roles()[0]
    legal = s.legal_actions(role)
    bare = {k: v for k, v in s.view(role).items() if k != "procedure"}
    for view in (bare, {**s.view(role), **broken}):
        try:
            world_sampler(view, role)
        except NoWorld:
            pass
        else:
            raise AssertionError("a world was built from a view that is no position")
        agent = ISMCTSAgent(game.id, SearchConfig(iterations=4), name="normal")
        assert agent.choose(view, legal, Rng(1)) in legal and agent.fell_back == 1


def check_evaluation_starts_even(sampler: Any, better_for_first: Callable[[Any], None]) -> None:
    """The view's own position is an even chance for both roles (the fallback's choice, held at an even
    value, stands for "no change"); ``better_for_first`` improves a world for the first role, whose chance
    then rises."""
    world = sampler.sample(Rng(2))
    first, second = world.roles()
    assert sampler.evaluate(world) == {first: 0.5, second: 0.5}
    better_for_first(world)
    value = sampler.evaluate(world)
    assert value[first] > 0.5 > value[second] and abs(value[first] + value[second] - 1) < 1e-9
