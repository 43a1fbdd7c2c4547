"""Athens & Sparta bots: the ``heuristic`` player.

It only ever returns legal actions, it decides from its view alone (architecture.md, "Fog of
war and fairness"), and it beats the random bot from either seat.
"""

from __future__ import annotations

import ast
import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

import polemos
from polemos.ai import Agent, RandomAgent, agent_names, agent_rng, make_agent, play_game, run_selfplay
from polemos.core.rng import Rng
from polemos.games.athens_sparta import bots
from polemos.games.athens_sparta.bots import HeuristicAgent
from polemos.games.athens_sparta.model import ATHENS, SPARTA

from .helpers import act, after_first_mulligan, at_phase, empty_board, place, set_owner

GAME = "athens-and-sparta"
ROLES = ("athens", "sparta")

JSON = dict[str, Any]


class Checked:
    """Wraps an agent: every choice must be legal; counts the decisions it was asked."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.asked = 0

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        self.asked += 1
        # the agent gets plain JSON: a copy, so nothing it holds can reach the game's objects
        action = self.inner.choose(json.loads(json.dumps(view)), list(legal), rng)
        assert action in legal, f"{self.name} chose {action!r}, not one of {legal}"
        return str(action)


def test_the_heuristic_bot_is_registered() -> None:
    assert "heuristic" in agent_names(GAME)
    agent = make_agent("heuristic", GAME)
    assert isinstance(agent, HeuristicAgent) and agent.name == "heuristic"
    assert make_agent("heuristic", GAME) is not agent


@pytest.mark.parametrize("seed", [11, 12])
def test_only_legal_actions_over_full_games(seed: int) -> None:
    g = polemos.game(GAME)
    for agents in (
        {"athens": Checked(HeuristicAgent(strict=True)), "sparta": Checked(RandomAgent())},
        {"athens": Checked(RandomAgent()), "sparta": Checked(HeuristicAgent(strict=True))},
        {"athens": Checked(HeuristicAgent(strict=True)), "sparta": Checked(HeuristicAgent(strict=True))},
    ):
        result = play_game(g, seed, agents)
        assert result.reason != "max_steps"
        assert result.winner in ROLES
        assert all(a.asked > 0 for a in agents.values())


def test_every_move_phase_ends_within_a_bounded_number_of_decisions() -> None:
    """No op-then-cancel loops: a Move Phase takes a bounded number of top-level decisions."""
    g = polemos.game(GAME)
    s = g.new(21)
    agents = {"athens": HeuristicAgent(strict=True), "sparta": HeuristicAgent(strict=True)}
    rngs = {r: agent_rng(21, i) for i, r in enumerate(ROLES)}
    per_phase: dict[tuple[Any, ...], int] = {}
    cancels = 0
    while s.outcome() is None:
        role = next(r for r in ROLES if r in s.active_roles())
        view = s.view(role)
        action = agents[role].choose(view, s.legal_actions(role), rngs[role])
        if view["phase"] == "move" and not view.get("moving"):
            key = (view["olympiad"], view["turn"], role)
            per_phase[key] = per_phase.get(key, 0) + 1
        cancels += action == "cancel"
        s.apply(role, action)
    assert per_phase and max(per_phase.values()) <= bots.MAX_MOVE_ACTIONS + 1
    assert cancels <= len(per_phase)  # a failed move is cancelled at most about once a phase


def _strip(view: JSON) -> JSON:
    """The view with everything not strictly needed removed, and enemy blocks reduced to
    ``{owner, location}`` (as if nothing had ever been revealed)."""
    v = copy.deepcopy(view)
    me = v["role"]
    v["blocks"] = [b if b.get("owner") == me else {"owner": b["owner"], "location": b["location"]}
                   for b in v["blocks"]]
    for key in ("log", "actions", "hand_sizes", "sicily", "outcome"):
        v.pop(key, None)
    v["played"] = {r: c for r, c in v.get("played", {}).items() if r == me}
    return v


def test_the_bot_works_from_a_view_with_the_hidden_information_deleted() -> None:
    g = polemos.game(GAME)
    for seed in (31, 32):
        s = g.new(seed)
        driver: dict[str, Agent] = {"athens": HeuristicAgent(strict=True), "sparta": RandomAgent()}
        rngs = {r: agent_rng(seed, i) for i, r in enumerate(ROLES)}
        probe = HeuristicAgent(strict=True)
        probed = 0
        steps = 0
        while s.outcome() is None and steps < 1500:
            role = next(r for r in ROLES if r in s.active_roles())
            legal = s.legal_actions(role)
            view = s.view(role)
            if len(legal) > 1:
                # a fresh bot (no memory) given only the stripped view still plays legally
                assert probe.choose(_strip(view), list(legal), Rng(steps)) in legal
                probed += 1
            s.apply(role, driver[role].choose(view, legal, rngs[role]))
            steps += 1
        assert probed > 50


def test_hidden_enemy_strength_does_not_change_the_decision() -> None:
    """Two positions that differ only in what Athens cannot see give Athens the same view, and
    the bot the same decisions: it decides from the view, never from the state."""
    g = polemos.game(GAME)
    a: Any = g.new(41)
    b: Any = g.new(41)
    idx = b.comp.block_index
    for bid in ("SPA-HOP-1", "SPA-HOP-6", "SPA-HOP-4"):
        b.strength[idx[bid]] -= 2  # Sparta's hidden blocks are weaker in b
    bot_a, bot_b = HeuristicAgent(strict=True), HeuristicAgent(strict=True)
    sparta = HeuristicAgent(strict=True)
    compared = 0
    for step in range(400):
        if a.outcome() is not None:
            break
        role = next(r for r in ROLES if r in a.active_roles())
        va, vb = a.view(role), b.view(role)
        la, lb = a.legal_actions(role), b.legal_actions(role)
        if role == "athens":
            if va != vb or la != lb:
                break  # a battle revealed the difference: the positions are no longer alike
            choice_a = bot_a.choose(va, la, Rng(step))
            assert bot_b.choose(vb, lb, Rng(step)) == choice_a
            compared += 1
            a.apply(role, choice_a)
            b.apply(role, choice_a)
        else:
            # Sparta plays the same actions in both positions while they stay legal in both
            choice = sparta.choose(va, la, Rng(step))
            if choice not in lb:
                break
            a.apply(role, choice)
            b.apply(role, choice)
    assert compared >= 10


def test_the_bot_module_reads_no_state() -> None:
    """bots.py imports only the public component model and the game (for its components)."""
    source = Path(bots.__file__).read_text()
    tree = ast.parse(source)
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    game_modules = {m for m in imported if m.startswith("polemos.games.")}
    assert game_modules <= {"polemos.games.athens_sparta.model", "polemos.games.athens_sparta.game"}
    assert "AthensSpartaState" not in source


def _drive_to_sparta_move(seed: int) -> Any:
    """A new game played (cards, then Athens ending its Move Phase at once) until Sparta must move."""
    g = polemos.game(GAME)
    s = g.new(seed)
    for _ in range(200):
        role = next(r for r in ROLES if r in s.active_roles())
        view = s.view(role)
        if role == "sparta" and view["phase"] == "move" and not view.get("moving"):
            return s
        legal = s.legal_actions(role)
        pick = next((x for x in ("end", "done", "keep", "engage") if x in legal), legal[0])
        s.apply(role, pick)
    raise AssertionError("Sparta never reached its Move Phase")


def test_a_vacant_enemy_major_city_is_taken_by_revolt() -> None:
    """At the start SAMOS and NAXOS are Athenian, major and empty: a revolt there is automatic
    (7.0), and the bot spends its first MP on it."""
    s = _drive_to_sparta_move(5)
    view = s.view("sparta")
    legal = s.legal_actions("sparta")
    vacant = [a for a in legal if a in ("revolt SAMOS", "revolt NAXOS")]
    assert vacant, legal
    assert HeuristicAgent(strict=True).choose(view, legal, Rng(1)) in vacant


def test_an_outmatched_defender_withdraws_into_its_walls() -> None:
    """Declaring (5.4): a weak block in a walled city facing a big attack goes inside; a strong
    one stays out and fights."""
    for strength, expected in ((1, "withdraw SPA-HOP-8"), (3, "engage")):
        s = empty_board()
        place(s, "ATH-HOP-3", "ATHENS")
        place(s, "SPA-HOP-1", "SPARTA")
        place(s, "SPA-HOP-8", "MEGARA", strength)
        place(s, "ATH-HOP-5", "MEGARA", 1 if expected == "engage" else 2, came_from="PLATAEA")
        if expected != "engage":
            place(s, "ATH-HOP-1", "MEGARA", came_from="ATHENS")
        at_phase(s, ATHENS, "combat")
        act(s, "athens", "battle MEGARA")
        assert s.pending is not None and s.pending["kind"] == "declare"
        legal = s.legal_actions("sparta")
        assert "withdraw SPA-HOP-8" in legal
        assert HeuristicAgent(strict=True).choose(s.view("sparta"), legal, Rng(1)) == expected


def _selfplay_wins(games: int, seed: int) -> tuple[int, int]:
    as_athens = run_selfplay(GAME, games, ["heuristic", "random"], seed=seed, progress=False)
    as_sparta = run_selfplay(GAME, games, ["random", "heuristic"], seed=seed, progress=False)
    return as_athens["summary"]["wins"]["athens"], as_sparta["summary"]["wins"]["sparta"]


def test_heuristic_beats_random_from_both_seats() -> None:
    athens, sparta = _selfplay_wins(10, seed=100)
    assert athens >= 7, f"heuristic won {athens}/10 as Athens"
    assert sparta >= 7, f"heuristic won {sparta}/10 as Sparta"


@pytest.mark.skipif(not os.environ.get("POLEMOS_DEEP"), reason="long self-play run (POLEMOS_DEEP=1)")
def test_heuristic_beats_random_in_80_percent_of_games_deep() -> None:
    athens, sparta = _selfplay_wins(100, seed=5000)
    assert athens >= 80, f"heuristic won {athens}/100 as Athens"
    assert sparta >= 80, f"heuristic won {sparta}/100 as Sparta"


# ============================================================================ the first edition (issue 13)
FIRST = {"edition": "first"}


def _first_board() -> Any:
    """A first-edition game at its first Card Phase with every block in the pool."""
    from polemos.games.athens_sparta.state import POOL

    s = after_first_mulligan(1, FIRST)
    for b in range(len(s.loc)):
        s.loc[b] = POOL
        s.strength[b] = 0
        s.inside[b] = False
    return s


@pytest.mark.parametrize("seed", [11, 12])
def test_ed1_only_legal_actions_over_full_first_edition_games(seed: int) -> None:
    """The bot plays the first edition (1st 6.x naval battles, patrols and blockades, 8.4 PP) from its
    view only, legally, to the end: heuristic against random from both seats and against itself."""
    g = polemos.game(GAME)
    for agents in (
        {"athens": Checked(HeuristicAgent(strict=True)), "sparta": Checked(RandomAgent())},
        {"athens": Checked(RandomAgent()), "sparta": Checked(HeuristicAgent(strict=True))},
        {"athens": Checked(HeuristicAgent(strict=True)), "sparta": Checked(HeuristicAgent(strict=True))},
    ):
        result = play_game(g, seed, agents, options=FIRST)
        assert result.reason != "max_steps"
        assert result.winner in ROLES


def test_ed1_8_4_step_costs_from_the_views_edition() -> None:
    """1st 8.4: hoplites and peltasts 1 PP a step, cavalry and navies 2 PP (current 8.4: 2, 1, 3, 3 BP):
    the bot weighs a step by the cost of the edition its view names."""
    agent = HeuristicAgent(strict=True)
    geo = bots.geo_for(bots.components())
    current = polemos.game(GAME).new(1).view("athens")
    first = polemos.game(GAME).new(1, options=FIRST).view("athens")
    assert current["edition"] == "second" and first["edition"] == "first"
    w2, w1 = bots.World(geo, current, {}), bots.World(geo, first, {})
    assert w1.costs == {"hoplite": 1, "peltast": 1, "cavalry": 2, "navy": 2, "revolt": 1}
    assert w2.costs["hoplite"] == 2 and w2.costs["navy"] == 3
    # a hoplite step is worth twice as much per point in the first edition, a navy step 1.5 times
    hop, nav = "ATH-HOP-1", "ATH-NAV-1"
    assert agent._step_worth(w1, hop) == pytest.approx(2 * agent._step_worth(w2, hop))
    assert agent._step_worth(w1, nav) == pytest.approx(1.5 * agent._step_worth(w2, nav))


def test_ed1_6_7_an_outmatched_defenders_navy_patrols() -> None:
    """1st 6.7 (RULINGS FE12, FE39): at the declaration of a battle it would lose, a defending navy in its
    own port patrols rather than wait beside the land battle or be shut in the siege; with the land battle
    its own, it stays (engage)."""
    for hoplite, expected in ((1, "patrol ATH-NAV-1"), (4, "engage")):
        s = _first_board()
        set_owner(s, "AEGINA", ATHENS)
        place(s, "ATH-HOP-3", "ATHENS")
        place(s, "SPA-HOP-1", "SPARTA")
        place(s, "ATH-HOP-2", "AEGINA", hoplite)
        place(s, "ATH-NAV-1", "AEGINA", 2)
        place(s, "SPA-HOP-8", "AEGINA", 3, came_from="TROEZEN")
        at_phase(s, SPARTA, "combat")
        act(s, "sparta", "battle AEGINA")
        legal = s.legal_actions("athens")
        assert "patrol ATH-NAV-1" in legal, legal
        assert HeuristicAgent(strict=True).choose(s.view("athens"), legal, Rng(1)) == expected


def test_ed1_4_4_sea_moves_have_no_range() -> None:
    """1st 4.4 (RULINGS FE15): a sea move has no range limit (current 4.52: 8 hexes); the bot's sea
    reach follows the edition its view names."""
    geo = bots.geo_for(bots.components())
    far = {}
    for options in (None, FIRST):
        s = polemos.game(GAME).new(1, options=options)
        view = s.view("athens")
        w = bots.World(geo, view, {})
        reach: set[int] = set()
        for b in w.mine:
            if b.army:
                reach |= w.sea_reach(b)
        far[view["edition"]] = reach
    assert far["second"] < far["first"]


def test_ed1_the_bot_reads_the_first_editions_map() -> None:
    """RULINGS FE26: the first edition's map makes the hexside between NAUPACTUS (0708) and 0707 a mountain
    one; the bot's board for a first-edition view has no land step across it (the current map's has)."""
    for first, crossable in ((False, True), (True, False)):
        geo = bots.geo_for(bots.components(first=first))
        h, m = geo.index["0708"], geo.index["0707"]
        assert (m in {x for x, _lim in geo.land[h]}) == crossable
        assert geo.city(geo.index["TROEZEN"]).walled == first  # walled in the first edition (1st 6.2 example)


def test_kept_walks_are_the_walks_themselves() -> None:
    """The board keeps the threat, sea and march walks a view repeats (Geo.kept_*: a search's playouts ask
    thousands of views whose blocks stand alike): what a World answers from them is what a fresh walk gives,
    for every block and city of views along a game (4.4 reach, 4.51 marches, 4.52 sea moves)."""
    game = polemos.game(GAME)
    state = game.new(31)
    players = {r: HeuristicAgent() for r in ROLES}
    rngs = {r: agent_rng(31, i) for i, r in enumerate(ROLES)}
    geo = bots.geo_for(bots.components())
    checked = 0
    for step in range(900):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        view = state.view(role)
        if step % 10 == 0:
            kept = bots.World(geo, view, {})
            fresh = bots.World(geo, view, {})
            for w in (kept, fresh):  # twice through the kept walks, then without them
                for b in w.mine:
                    w.sea_reach(b), w.march_reach(b)
                for h in w.ctrl:
                    w.threat(h)
            shut, bar = frozenset(kept.stops()), frozenset(kept.barred())
            planner = players[role]
            reach = {b.id: planner._reach(kept, b, shut, bar) for b in kept.mine}
            geo.kept_threat.clear()
            geo.kept_sea.clear()
            again = bots.World(geo, view, {})
            for b in kept.mine:
                assert kept.sea_reach(b) == fresh.sea_reach(b) == again.sea_reach(b)
                assert kept.march_reach(b) == fresh.march_reach(b) == again.march_reach(b)
                walked = {} if b.hex < 0 or b.hex == geo.syr or (b.type == "navy" and view.get("storm")) \
                    else HeuristicAgent._walk(again, b, shut, bar)
                assert reach[b.id] == walked  # the planner's operation moves (_reach, Geo.kept_reach)
            for h in kept.ctrl:
                assert kept.threat(h) == fresh.threat(h) == again.threat(h)
            checked += 1
        state.apply(role, players[role].choose(view, state.legal_actions(role), rngs[role]))
    assert checked >= 20 and geo.kept_threat and geo.kept_sea and geo.kept_reach


class _Forgetful(HeuristicAgent):
    """The heuristic bot with the board's kept walks dropped before every decision: every walk afresh."""

    def _choose(self, view: dict[str, Any], legal: list[str], rng: Rng) -> str:
        geo = bots.geo_for(bots.components(self.data, view.get("edition") == "first"))
        geo.kept_threat.clear()
        geo.kept_sea.clear()
        geo.kept_reach.clear()
        return super()._choose(view, legal, rng)


@pytest.mark.parametrize("edition", ["current", "first"])
def test_kept_walks_change_no_decision(edition: str) -> None:
    """The walks the board keeps for the search's playouts (threat, sea voyages, the planner's operation
    moves) and the World's memos make the heuristic cheaper, never different: heuristic self-play plays the
    same games, action for action, as a bot that walks everything afresh at each decision (issue 12)."""
    game = polemos.game(GAME)
    options = {"edition": "first"} if edition == "first" else None
    for seed in (5000, 5003):
        kept = play_game(game, seed, {r: HeuristicAgent(strict=True) for r in ROLES}, options=options)
        fresh = play_game(game, seed, {r: _Forgetful(strict=True) for r in ROLES}, options=options)
        assert kept.record["actions"] == fresh.record["actions"] and kept.steps > 100
