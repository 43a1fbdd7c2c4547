"""Go Tell the Spartans bots: the ``heuristic`` player.

It only ever returns legal actions (solitaire, two-player and 3+ player games), it decides from its
view alone (the two-player fog of war hides the units under the top of an enemy stack, 3.4), it
plays the Greeks' historical plan (a line of hoplite three-stacks across the narrows, the best
troops in front), and it beats the random bot against the rulebook's Persian automaton.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import polemos
from polemos.ai import Agent, RandomAgent, agent_names, agent_rng, make_agent, play_game
from polemos.core.rng import Rng
from polemos.games.thermopylae import bots, rules
from polemos.games.thermopylae.bots import HeuristicAgent

from .helpers import A, U, empty, put, sync

GAME = "go-tell-the-spartans"
JSON = dict[str, Any]


class Checked:
    """Wraps an agent: every choice must be legal; it gets a plain-JSON copy of its view."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.asked = 0

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        self.asked += 1
        action = self.inner.choose(json.loads(json.dumps(view)), list(legal), rng)
        assert action in legal, f"{self.name} chose {action!r}, not one of {legal}"
        return str(action)


def test_the_heuristic_bot_is_registered() -> None:
    assert "heuristic" in agent_names(GAME)
    agent = make_agent("heuristic", GAME)
    assert isinstance(agent, HeuristicAgent) and isinstance(agent, Agent) and agent.name == "heuristic"
    assert make_agent("heuristic", GAME) is not agent


def test_only_legal_actions_in_solitaire_games() -> None:
    g = polemos.game(GAME)
    for seed in (3, 4):
        greek = Checked(HeuristicAgent(strict=True))
        result = play_game(g, seed, {"greek": greek})  # the rules play the Persians
        assert result.winner in ("greek", "persian") and greek.asked > 100


def test_only_legal_actions_in_two_player_games() -> None:
    g = polemos.game(GAME)
    two = {"players": "two"}
    for seed, greek, persian, steps in ((5, HeuristicAgent(strict=True), HeuristicAgent(strict=True), 10_000),
                                        (6, HeuristicAgent(strict=True), RandomAgent(), 600),
                                        (7, RandomAgent(), HeuristicAgent(strict=True), 600)):
        g_seat, p_seat = Checked(greek), Checked(persian)
        result = play_game(g, seed, {"greek": g_seat, "persian": p_seat}, max_steps=steps, options=two)
        assert result.winner in ("greek", "persian") or result.reason == "max_steps"
        assert g_seat.asked > 20 and p_seat.asked > 20


def test_only_legal_actions_with_a_player_per_contingent() -> None:
    g = polemos.game(GAME)
    multi = {"players": "multi"}
    seats = {role: Checked(HeuristicAgent(strict=True)) for role in g.seats_for(multi)}
    result = play_game(g, 8, seats, options=multi)
    assert result.winner in ("greek", "persian")
    assert seats["greek"].asked > 50


def test_the_bot_works_from_a_two_player_view_with_hidden_units() -> None:
    """A fresh bot given a Greek (or Persian) view in which the enemy stacks show only their top
    unit (3.4) still plays legally; the game goes on with two heuristic players."""
    g = polemos.game(GAME)
    s = g.new(9, options={"players": "two"})
    driver = {"greek": HeuristicAgent(strict=True), "persian": HeuristicAgent(strict=True)}
    rngs = {r: agent_rng(9, i) for i, r in enumerate(("greek", "persian"))}
    probed = hidden_seen = 0
    steps = 0
    while s.outcome() is None and steps < 3000:
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        view = s.view(role)
        hidden = sum(1 for units in view["areas"].values() for u in units if u.get("hidden"))
        if hidden and len(legal) > 1:
            hidden_seen += 1
            probe = HeuristicAgent(strict=True)  # no memory of the game: the view alone
            assert probe.choose(json.loads(json.dumps(view)), list(legal), Rng(steps)) in legal
            probed += 1
        s.apply(role, driver[role].choose(view, legal, rngs[role]))
        steps += 1
    assert hidden_seen > 20 and probed > 20


def test_hidden_units_do_not_change_the_decision() -> None:
    """Two positions that differ only in what the Greeks cannot see (a hidden Persian unit's Step
    Losses and Disorder) give the same Greek view, and the bot the same decisions."""
    a = empty(seed=11, stage="g_move", players="two")
    b = empty(seed=11, stage="g_move", players="two")
    for s in (a, b):
        put(s, ["spartans-1", "spartans-2", "spartans-3"], "F8", "W")
        put(s, ["thespians-1", "thespians-2", "thespians-3"], "F9", "W")
        put(s, "thespians-7", "H8", "W")
        put(s, ["dahae-01", "dahae-02", "dahae-03"], "E8", "E", fwd="E")
        put(s, ["dahae-04", "dahae-05", "dahae-06"], "E9", "E", fwd="E")
    b.losses[U(b, "dahae-02")] = 1  # hidden under dahae-01
    b.disordered[U(b, "dahae-06")] = True  # hidden under dahae-04
    sync(b)
    va, vb = a.view("greek"), b.view("greek")
    assert va == vb
    assert any(u.get("hidden") for u in va["areas"]["E8"])
    la, lb = a.legal_actions("greek"), b.legal_actions("greek")
    assert la == lb
    assert HeuristicAgent(strict=True).choose(va, la, Rng(1)) == HeuristicAgent(strict=True).choose(vb, lb, Rng(1))


def test_the_bot_module_reads_no_state() -> None:
    """bots.py imports only the game (for its public components) and their model (Comp), never the
    rules or a state."""
    source = Path(bots.__file__).read_text()
    tree = ast.parse(source)
    imported: set[str] = set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            if node.module.startswith("polemos.games."):
                names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert {m for m in imported if m.startswith("polemos.games.")} <= {"polemos.games.thermopylae.state",
                                                                       "polemos.games.thermopylae.game"}
    assert names <= {"Comp", "GoTellTheSpartans"}
    assert "GTSState" not in source and ".loc[" not in source


def test_the_greeks_deploy_a_line_of_hoplite_stacks_across_the_narrows() -> None:
    """Day 1: the weakest contingent guards the path; hoplite three-stacks face west across the
    Middle Gate in front, the Spartans stand west of the Wall (6.0.1) behind the line, facing east
    so that their ZOC does not keep the Persians off the line (3.3.4)."""
    g = polemos.game(GAME)
    s = g.new(12)
    agent = HeuristicAgent(strict=True)
    assert agent.choose(s.view("greek"), s.legal_actions("greek"), Rng(1)) == "guard thebans"
    rng = agent_rng(1, 0)
    while not (s.stage == "deploy" and len(s.deploy_queue) == 1):  # stop before the Persians move
        s.apply("greek", agent.choose(s.view("greek"), s.legal_actions("greek"), rng))
    comp = s.comp
    occ = rules.occupancy(s)
    for name in ("F7", "F8", "F9"):
        greeks = [u for u in occ[A(s, name)] if comp.u_side[u] == 0]
        assert len(greeks) == 3 and {comp.u_type[u] for u in greeks} == {0}, name  # hoplite three-stacks
        assert {s.facing[u] for u in greeks} == {3}, name  # facing west
    spartans = [u for u in range(len(s.loc)) if comp.cont_ids[comp.u_cont[u]] == "spartans"]
    for u in spartans:
        assert comp.area_name(s.loc[u])[0] == "G" and s.facing[u] == 1  # behind the line, facing east
    lights = [u for u in range(len(s.loc)) if s.loc[u] >= 0 and comp.u_side[u] == 0 and comp.u_type[u] >= 2]
    assert all(comp.a_row[s.loc[u]] > comp.a_row[A(s, "F7")] for u in lights)  # no light unit in front


def test_every_light_unit_fires_at_one_target_at_a_time() -> None:
    """Hits add up against the target's Defensive Value (8.2.6): the bot fires all it can at the
    best target before it turns to the next."""
    s = empty(seed=13, stage="g_ofire")
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "G8", "W")
    put(s, "thespians-7", "G7", "W")  # javelin
    put(s, "arcadia-11", "G9", "W")  # javelin
    put(s, "malians-10", "H8", "W")  # bow
    put(s, "dahae-bow-1", "F8", "E", fwd="E")  # DV 1, in range of all three
    put(s, ["dahae-01", "dahae-02"], "E8", "E", fwd="E")
    agent = HeuristicAgent(strict=True)
    targets = []
    for _ in range(3):
        legal = s.legal_actions("greek")
        if legal == ["end fire"] or s.stage != "g_ofire":
            break
        action = agent.choose(s.view("greek"), legal, Rng(1))
        assert action.startswith("fire ")
        targets.append(action.split()[2])
        s.apply("greek", action)
    assert targets and len(set(targets)) == 1 and targets[0] == "F8"


def test_light_units_retreat_before_combat() -> None:
    agent = HeuristicAgent(strict=True)
    legal = ["retreat H8", "stand H8"]
    assert agent.choose({"role": "greek", "stage": "p_melee_run"}, legal, Rng(1)) == "retreat H8"
    assert agent.choose({"role": "greek"}, ["feint H8", "stand H8"], Rng(1)) == "stand H8"


def test_a_broken_line_is_restored_by_a_counterattack() -> None:
    """Persians who got onto the line (a weakened, disordered stack) are thrown out by the reserve."""
    s = empty(seed=14, stage="g_move")
    put(s, ["tegea-1", "tegea-2", "tegea-3"], "F7", "W")
    put(s, ["tegea-4", "tegea-5", "mantinea-1"], "F9", "W")
    put(s, ["dahae-01"], "F8", "E", losses=1, disordered=True, fwd="E")
    put(s, ["mantinea-2", "mantinea-3", "mantinea-4"], "G8", "W")
    legal = s.legal_actions("greek")
    assert "attack mantinea-2 F8 from G8" in legal
    assert HeuristicAgent(strict=True).choose(s.view("greek"), legal, Rng(1)) == "attack mantinea-2 F8 from G8"
    # a fresh enemy three-stack out in front is left alone: attacking it would open the line
    s = empty(seed=14, stage="g_move")
    put(s, ["tegea-1", "tegea-2", "tegea-3"], "F7", "W")
    put(s, ["tegea-4", "tegea-5", "mantinea-1"], "F8", "W")
    put(s, ["mantinea-2", "mantinea-3", "mantinea-4"], "F9", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "E8", "E", fwd="E")
    legal = s.legal_actions("greek")
    assert "attack tegea-4 E8 from F8" in legal
    assert HeuristicAgent(strict=True).choose(s.view("greek"), legal, Rng(1)) == "end movement"


def _margins(bot: str, seeds: range) -> list[int]:
    """Greek minus Persian victory points at the end of solitaire games with ``bot`` as the Greeks."""
    g = polemos.game(GAME)
    out = []
    for seed in seeds:
        agent: Agent = HeuristicAgent() if bot == "heuristic" else RandomAgent()
        s = g.new(seed)
        rng = agent_rng(seed, 0)
        while (outcome := s.outcome()) is None:
            s.apply("greek", agent.choose(s.view("greek"), s.legal_actions("greek"), rng))
        out.append(int(outcome.scores["greek"]) - int(outcome.scores["persian"]))
    return out


def test_heuristic_greeks_beat_random_greeks_against_the_automaton() -> None:
    """Over the same ten seeds the heuristic Greeks win most games and do far better on victory
    points than Greeks choosing at random."""
    seeds = range(21, 31)
    heuristic = _margins("heuristic", seeds)
    random = _margins("random", seeds)
    assert sum(1 for m in heuristic if m > 0) >= 5, heuristic
    assert sum(heuristic) / len(heuristic) > sum(random) / len(random) + 10, (heuristic, random)


def test_the_heuristic_plays_a_whole_solitaire_game_from_its_view() -> None:
    """Every decision of a whole game is legal and made from the Greek view alone (its speed is
    measured by `polemos selfplay`, never by a test)."""
    g = polemos.game(GAME)
    s = g.new(15)
    agent = HeuristicAgent(strict=True)
    rng = agent_rng(15, 0)
    decisions = 0
    while s.outcome() is None:
        view, legal = s.view("greek"), s.legal_actions("greek")
        action = agent.choose(json.loads(json.dumps(view)), legal, rng)
        assert action in legal
        decisions += 1
        s.apply("greek", action)
    assert decisions > 100


def test_8_2_6_g42_fire_goes_where_the_targets_dv_is_already_spent() -> None:
    """The DV is deducted once from all the hits a target suffers in a Fire Segment (8.2.6 step 5, RULINGS
    G42): an Immortal at E8 that has taken 2 hits already loses a step to every further hit, while a fresh
    one at E7 (DV 2) shrugs off one javelin's shot; the bot reads the tally from its view."""
    s = empty(seed=13, stage="g_ofire")
    put(s, "thebans-4", "D7", "E")  # javelin: E7 and E8 are both at range 1
    put(s, "spartans-1", "G8", "W")
    put(s, "immortals-01", "E7", "W")
    put(s, "immortals-02", "E8", "W")
    agent = HeuristicAgent(strict=True)
    legal = s.legal_actions("greek")
    assert agent.choose(s.view("greek"), legal, Rng(1)) == "fire thebans-4 E7"  # equal: the first area
    s.fire_tally = [[A(s, "E8"), 2, 2]]
    sync(s)
    agent = HeuristicAgent(strict=True)  # (a bot keeps its target for the rest of a segment)
    assert agent.choose(s.view("greek"), legal, Rng(1)) == "fire thebans-4 E8"


def test_g44_the_bot_places_unit_by_unit_and_ends_a_set_up_it_is_shown() -> None:
    """The heuristic bot keeps to the single placements of 6.0 ("deploy standard/repeat" are for people) and,
    shown the look-over of a one-choice set-up (G44), ends the deployment."""
    s = polemos.game(GAME).new(12)
    agent = HeuristicAgent(strict=True)
    rng = agent_rng(1, 0)
    while s.stage != "deploy":
        s.apply("greek", agent.choose(s.view("greek"), s.legal_actions("greek"), rng))
    legal = s.legal_actions("greek")
    assert "deploy standard" in legal
    assert agent.choose(s.view("greek"), legal, rng).startswith("place ")
    s.apply("greek", "deploy standard")
    assert agent.choose(s.view("greek"), s.legal_actions("greek"), rng) == "end deployment"
