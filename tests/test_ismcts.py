"""ISMCTS (polemos.ai.ismcts) and the Athens & Sparta world sampler (worlds.py): the search sees a
role's view only, its worlds keep every count the view shows, and the levels are registered."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import polemos
from polemos.ai.agents import agent_names, make_agent
from polemos.ai.ismcts import ISMCTSAgent, NoWorld, SearchConfig, search
from polemos.core.rng import Rng
from polemos.games.athens_sparta import worlds
from polemos.games.athens_sparta.model import NAVY
from polemos.games.athens_sparta.state import POOL, AthensSpartaState
from tests.ismcts_helpers import assert_one_view_one_decision, play_to_cutoff, play_until

GAME = "athens-and-sparta"


def _play_until(seed: int, wanted: Any, limit: int = 2000, **options: Any) -> tuple[AthensSpartaState, str]:
    """Heuristic self-play from ``seed`` up to the first decision ``wanted(state, role)`` accepts."""
    state, role = play_until(GAME, seed, wanted, limit, **options)
    assert isinstance(state, AthensSpartaState)
    return state, role


#: every decision the sampler rebuilds (worlds.REBUILT), searched: the levels search the Combat Phase menu
#: only (worlds.SEARCHED), these tests search the cards and the Move Phase too
_ALL: dict[str, Any] = {"kinds": worlds.REBUILT}


def _sampler(view: dict[str, Any], role: str) -> worlds.Sampler:
    return worlds.world_sampler(view, role, kinds=worlds.REBUILT)


def _card_phase(olympiad: int) -> Any:
    return lambda s, r: s.pending is not None and s.pending["kind"] == "card" and s.olympiad >= olympiad \
        and s.turn >= 2


def _agent(iterations: int = 12) -> ISMCTSAgent:
    return ISMCTSAgent(GAME, SearchConfig(iterations=iterations, rollout_steps=20), sampler_options=_ALL)


def test_search_never_peeks_two_states_one_view_same_decision() -> None:
    """Two true states the view cannot tell apart (the opponent's hand, deck and block strengths
    differ: hidden_variants with keep_identities) give the same worlds and the same decision with
    the same agent seed: the search reads the view only (issue 12)."""
    state, role = _play_until(11, _card_phase(85))
    game = polemos.game(GAME)
    other = game.hidden_variants(state, role, Rng(3), keep_identities=True)[0]
    assert isinstance(other, AthensSpartaState)
    foe = 1 - ("athens", "sparta").index(role)
    assert other.hands[foe] != state.hands[foe] or other.strength != state.strength  # truly different
    legal = state.legal_actions(role)
    assert legal == other.legal_actions(role) and len(legal) > 1
    # the same view; the worlds drawn are the very same documents, the decisions the same
    assert_one_view_one_decision(state, other, role, _sampler, _agent, world_seed=5, agent_seeds=range(2))


def test_sampled_worlds_keep_every_count_the_view_shows() -> None:
    """Each world: the role's view of it shows the same blocks (its own faces, the revealed ones,
    the enemy's blank blocks hex by hex and walls side), hand, hand sizes, cities and cards played;
    enemy strengths within 1..steps (2.11); the 25 cards each in exactly one place."""
    state, role = _play_until(12, _card_phase(86), syracuse_points=True)
    view = state.view(role)
    sampler = _sampler(view, role)
    rng = Rng(1)
    n_cards = len(state.comp.cards)
    for _ in range(6):
        world = sampler.sample(rng)
        assert isinstance(world, AthensSpartaState)
        seen = world.view(role)
        for key in ("blocks", "hand", "hand_sizes", "cities", "played", "olympiad", "turn", "phase",
                    "to_act", "points", "pool", "my_sicily_card"):
            assert seen.get(key) == view.get(key), key
        assert world.legal_actions(role) == state.legal_actions(role)
        assert set(world.active_roles()) == set(state.active_roles())
        places = [c for hand in world.hands for c in hand] + world.deck + world.discard + \
            [c for c in world.played if c >= 0] + [c for c in world.sicily if c >= 0]
        assert sorted(places) == list(range(n_cards))
        for b, spec in enumerate(world.comp.blocks):
            if world.loc[b] >= 0:
                assert 1 <= world.strength[b] <= spec.steps
            else:
                assert world.loc[b] == POOL
        # the roster: each side has as many blocks on the map as in the true state
        on_map = Counter(world.owner[b] for b in range(len(world.loc)) if world.loc[b] >= 0 and world.owner[b] < 2)
        truth = Counter(state.owner[b] for b in range(len(state.loc)) if state.loc[b] >= 0 and state.owner[b] < 2)
        assert on_map == truth
        # a legal position: it round-trips through JSON and plays on
        again = polemos.game(GAME).from_json(world.to_json())
        assert again.to_json() == world.to_json()


def test_a_blank_blocks_strength_is_full_as_often_as_on_the_map() -> None:
    """2.11: a blank enemy block holds 1 to its steps; in a world it is full as often as blocks on the map
    are in heuristic self-play (worlds.FULL_STRENGTH, 82-96% by steps), else one of the lower ones. Drawn
    1 to its steps alike, the worlds' enemy stood at ~60% of any real one's strength (docs/ai.md)."""
    state, role = _play_until(13, _card_phase(85))
    foe = 1 - ("athens", "sparta").index(role)
    blank = [b for b in range(len(state.loc)) if state.loc[b] >= 0 and state.owner[b] == foe]
    sampler = _sampler(state.view(role), role)
    rng = Rng(8)
    full = drawn = 0
    lower: set[int] = set()
    for _ in range(40):
        world = sampler.sample(rng)
        assert isinstance(world, AthensSpartaState)
        for b, spec in enumerate(world.comp.blocks):
            if world.loc[b] >= 0 and world.owner[b] == foe and not spec.steps <= 1:
                assert 1 <= world.strength[b] <= spec.steps
                drawn += 1
                full += world.strength[b] == spec.steps
                if world.strength[b] < spec.steps:
                    lower.add(world.strength[b])
    assert blank and drawn >= 40 * len(blank) // 2
    assert 0.75 <= full / drawn <= 0.97 and lower  # mostly full, and the lower strengths do occur
    assert all(0 < p < 1000 for p in worlds.FULL_STRENGTH.values())


def test_worlds_differ_in_what_is_hidden_only() -> None:
    """Different samples deal the opponent different hands (what the role cannot see)."""
    state, role = _play_until(13, _card_phase(85))
    sampler = _sampler(state.view(role), role)
    foe = 1 - ("athens", "sparta").index(role)
    hands = set()
    for i in range(10):
        w = sampler.sample(Rng(i))
        assert isinstance(w, AthensSpartaState)
        hands.add(tuple(w.hands[foe]))
    assert len(hands) > 1


def test_one_legal_action_costs_nothing() -> None:
    """A decision with one legal action returns it without search, without even a view to read
    (no role) and without drawing from the agent's RNG."""
    agent = _agent()
    rng = Rng(9)
    before = rng.position
    assert agent.choose({}, ["keep"], rng) == "keep"
    assert rng.position == before and agent.last is None and agent.searched == 0


def test_undecided_procedures_fall_back_to_the_heuristic() -> None:
    """A decision whose procedure the sampler does not rebuild (a block's hex-by-hex move, 4.4)
    is played by the fallback, and it is a legal action."""
    state, role = _play_until(14, lambda s, r: s.moving >= 0 and len(s.legal_actions(r)) > 1)
    with pytest.raises(NoWorld):
        _sampler(state.view(role), role)
    agent = _agent()
    legal = state.legal_actions(role)
    assert agent.choose(state.view(role), legal, Rng(1)) in legal
    assert agent.fell_back == 1 and agent.searched == 0


def test_simultaneous_card_play_is_a_decoupled_node() -> None:
    """In the Card Phase both players choose at once ([1]): the search's worlds have both active,
    and the root's statistics rank only the searching role's real choices."""
    state, role = _play_until(15, _card_phase(84))
    assert len(state.active_roles()) == 2
    view = state.view(role)
    legal = state.legal_actions(role)
    sampler = _sampler(view, role)
    assert len(sampler.sample(Rng(0)).active_roles()) == 2
    result = search(sampler, role, legal, Rng(2), SearchConfig(iterations=30, rollout_steps=15))
    assert result.iterations == 30 and result.skipped == 0
    assert set(result.root) <= set(legal)
    assert sum(v for v, _ in result.root.values()) == 30
    assert result.best() in legal


def test_combat_menu_is_searched() -> None:
    """5.0: the Combat Phase menu is rebuilt from the view and searched."""
    state, role = _play_until(16, lambda s, r: s.pending is not None and s.pending["kind"] == "combat"
                              and s.battle is None and len(s.legal_actions(r)) > 1)
    agent = _agent(12)
    legal = state.legal_actions(role)
    assert agent.choose(state.view(role), legal, Rng(4)) in legal
    assert agent.searched == 1 and agent.last is not None and agent.last.iterations == 12


def test_the_levels_search_the_combat_menu_and_leave_cards_and_moves_to_the_heuristic() -> None:
    """The levels search the Combat Phase menu (5.0) only (worlds.SEARCHED): a card ([1]) or a Move Phase
    order (4.0) is worth what it brings over later turns, which the judge at the end of the Game Turn or
    Player Turn does not see (it read every turn the heuristics play as a loss for the side that moves,
    docs/ai.md), so a level plays the heuristic's card and order there; the sampler still rebuilds them
    (worlds.REBUILT) for research and tests."""
    assert {"combat"} == set(worlds.SEARCHED) and worlds.SEARCHED < worlds.REBUILT
    for seed, wanted, kind in ((15, _card_phase(84), "card"), (18, _move_menu(84), "move")):
        state, role = _play_until(seed, wanted)
        view = state.view(role)
        with pytest.raises(NoWorld):
            worlds.world_sampler(view, role)
        assert _sampler(view, role).kind == kind
        legal = state.legal_actions(role)
        assert len(legal) > 1
        hint = make_agent("heuristic", GAME).choose(view, legal, Rng(6))
        normal = make_agent("normal", GAME)
        assert isinstance(normal, ISMCTSAgent)
        assert normal.choose(view, legal, Rng(6)) == hint  # the heuristic's own choice, same RNG
        assert normal.searched == 0 and normal.fell_back == 1


def test_the_move_phase_menu_is_searched_among_the_planners_orders() -> None:
    """4.0: a Move Phase menu decision (between block moves) is searched among the few choices the
    heuristic's planner ranks highest (bots.move_candidates) and "end"; in each world the searching
    side's heuristic bot steps a chosen block along that order (its ``planned``), and the decision is
    judged when this Player Turn's Combat Phase is over (5.0)."""
    state, role = _play_until(18, lambda s, r: s.pending is not None and s.pending["kind"] == "move"
                              and s.moving < 0 and s.battle is None and len(s.legal_actions(r)) > 3)
    view = state.view(role)
    legal = state.legal_actions(role)
    sampler = _sampler(view, role)
    choices = sampler.narrow(legal)
    assert "end" in choices and 2 <= len(choices) <= worlds.MOVE_CANDIDATES + 1 and set(choices) <= set(legal)
    world = sampler.sample(Rng(1))
    assert isinstance(world, AthensSpartaState)
    sampler.begin(world)
    orders = {a.split()[1] for a in choices if a.split()[0] in ("op", "march", "sea")}
    assert set(sampler._bots[role].planned) == orders
    assert not sampler.cutoff(world)
    agent = _agent(6)
    pick = agent.choose(view, legal, Rng(2))
    assert pick in legal and agent.searched == 1 and agent.last is not None
    assert set(agent.last.root) <= set(choices) | {agent.last.hint}
    # the search played another order than the heuristic's: the heuristic bot, which steps the block
    # hex by hex (4.4), takes that order and drops the group attack it had queued behind its own
    from polemos.games.athens_sparta.bots import HeuristicAgent, Order

    bot = HeuristicAgent()
    own = bot.choose(view, legal, Rng(0))  # as the agent asks it first (the hint)
    bot.queue = [Order("op", "nobody", 0, 1.0)]
    move = next(a for a in choices if a.split()[0] in ("op", "march", "sea") and a != own)
    sampler.adopt(move, bot)
    assert bot.queue == [] and bot.cur is not None and bot.cur.block == move.split()[1]
    stepped = state.clone()
    stepped.apply(role, move)
    assert stepped.moving >= 0 and role in stepped.active_roles()  # 4.4: the move goes hex by hex
    step = bot.choose(stepped.view(role), stepped.legal_actions(role), Rng(0))
    assert step != "cancel" and move.split()[1] not in bot.failed


def test_search_budget_must_be_given() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchConfig()
    with pytest.raises(ValueError, match="workers"):
        SearchConfig(iterations=3, workers=0)


def test_levels_exist_for_every_two_sided_game_with_worlds() -> None:
    """easy (the heuristic bot), normal and hard, through make_agent (play, selfplay, the table)."""
    names = agent_names(GAME)
    assert {"easy", "normal", "hard"} <= set(names)
    assert make_agent("easy", GAME).name == "easy"
    normal = make_agent("normal", GAME)
    hard = make_agent("hard", GAME)
    assert isinstance(normal, ISMCTSAgent) and isinstance(hard, ISMCTSAgent)
    # normal: 0.1 s a decision on average (its clock), at most 1 s on one; hard: 1 s each
    assert normal.config.clock == 0.1 and normal.config.seconds == 1.0
    assert hard.config.clock is None and hard.config.seconds == 1.0
    assert normal.name == "normal" and hard.name == "hard"


def test_root_parallel_search_adds_the_workers_statistics() -> None:
    state, role = _play_until(17, _card_phase(84))
    agent = ISMCTSAgent(GAME, SearchConfig(iterations=4, rollout_steps=5, workers=2), sampler_options=_ALL)
    try:
        legal = state.legal_actions(role)
        assert agent.choose(state.view(role), legal, Rng(3)) in legal
        assert agent.last is not None and agent.last.iterations == 8
    finally:
        agent.close()



def test_a_host_caps_the_thinking_time() -> None:
    """The server caps a bot seat's CPU per decision (service.BOT_CPU_SECONDS): never raised."""
    hard = make_agent("hard", GAME)
    assert isinstance(hard, ISMCTSAgent)
    hard.limit_seconds(0.5)
    assert hard.config.seconds == 0.5
    hard.limit_seconds(2.0)
    assert hard.config.seconds == 0.5
    with pytest.raises(ValueError, match="positive"):
        hard.limit_seconds(0)


def test_the_server_plays_a_normal_bot_seat_within_its_cpu_cap(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser table's bot seats offer the levels; the bot runner's agent is capped at
    service.BOT_CPU_SECONDS per decision and plays a legal action."""
    from polemos.server import service
    from tests.server.conftest import Player

    store = service.open_store(None, tmp_path)
    made: list[Any] = []
    real = make_agent  # what service.make_agent is (imported from polemos.ai.agents)

    def recording(name: str, game_id: str, data: Any) -> Any:
        agent = real(name, game_id, data)
        made.append(agent)
        return agent

    monkeypatch.setattr(service, "make_agent", recording)
    monkeypatch.setattr(service, "BOT_CPU_SECONDS", 0.05)
    player = Player(store, "ann")
    try:
        games = {g["id"]: g for g in player.get("/api/catalog").json()}
        assert {"easy", "normal", "hard"} <= set(games[GAME]["bots"])
        seats = {"athens": {"kind": "me"}, "sparta": {"kind": "bot", "bot": "normal"}}
        r = player.post("/api/games", {"game": GAME, "seats": seats})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        # the Mulligan asks both at once (R25): the bot answers its part
        turn = next(t for t in store.bot_turns() if t[0] == gid)
        assert store.bot_move(*turn)
    finally:
        player.close()
        store.close()
    assert made and isinstance(made[0], ISMCTSAgent) and made[0].config.seconds == 0.05


def test_the_heuristic_choice_guides_the_root() -> None:
    """Progressive bias: the hint starts with virtual visits, so a short search keeps it; the
    virtual visits are not counted in the root statistics."""
    state, role = _play_until(19, _card_phase(84))
    view = state.view(role)
    legal = state.legal_actions(role)
    sampler = _sampler(view, role)
    hint = legal[-1]
    result = search(sampler, role, legal, Rng(1), SearchConfig(iterations=2, rollout_steps=5), hint=hint)
    assert result.best() == hint
    assert sum(v for v, _ in result.root.values()) == 2
    unguided = search(sampler, role, legal, Rng(1), SearchConfig(iterations=2, rollout_steps=5, hint_visits=0),
                      hint=hint)
    assert unguided.hint is None and sum(v for v, _ in unguided.root.values()) == 2


class _OneChoice:
    """A one-decision game for the search's own rules: ``role`` picks an action, then the game is
    over in all but name and the sampler's evaluation (``worth``) judges it."""

    def __init__(self, worth: dict[str, float]) -> None:
        self.worth = worth
        self.chosen: str | None = None

    def outcome(self) -> None:
        return None

    def active_roles(self) -> tuple[str, ...]:
        return () if self.chosen is not None else ("athens",)

    def legal_actions(self, role: str) -> list[str]:
        return sorted(self.worth)

    def apply(self, role: str, action: str) -> None:
        self.chosen = action

    def roles(self) -> tuple[str, ...]:
        return ("athens", "sparta")


class _OneChoiceSampler:
    rollout_cap = 10

    def __init__(self, worth: dict[str, float], noise: float = 0.0) -> None:
        self.worth = worth
        self.noise = noise
        self.rng = Rng(0)

    def sample(self, rng: Rng) -> Any:
        return _OneChoice(self.worth)

    def evaluate(self, state: Any) -> dict[str, float]:
        v = self.worth[state.chosen] + self.noise * (self.rng.below(1001) / 1000 - 0.5)
        return {"athens": v, "sparta": 1 - v}

    def playout(self, state: Any, role: str, legal: list[str], rng: Rng) -> str:
        return legal[0]


def test_the_hint_is_valued_at_the_roots_mean() -> None:
    """Issue 12: the hint's virtual visits are worth the root's mean, not a fixed 0.5, so a side whose
    every choice is worth ~0.9 keeps the heuristic's choice (with 0.5 every alternative beat it)."""
    worth = {"a": 0.9, "b": 0.9, "c": 0.9}
    result = search(_OneChoiceSampler(worth), "athens", sorted(worth), Rng(1),
                    SearchConfig(iterations=12, hint_visits=4), hint="b")
    assert result.hint == "b" and result.hint_value == pytest.approx(0.9)
    assert result.best() == "b"
    assert sum(v for v, _ in result.root.values()) == 12  # the virtual visits are not counted


def test_the_search_leaves_the_hint_only_for_a_better_action() -> None:
    """With values alike (noise only) the most visited action is a coin toss: the hint stays. An
    action that stands clearly better on average replaces it."""
    same = {"a": 0.6, "b": 0.6, "c": 0.6, "d": 0.6}
    for seed in range(6):
        r = search(_OneChoiceSampler(same, noise=0.3), "athens", sorted(same), Rng(seed),
                   SearchConfig(iterations=40, hint_visits=4), hint="c")
        assert r.best() == "c"
    better = {"a": 0.3, "b": 0.9, "c": 0.3, "d": 0.3}
    r = search(_OneChoiceSampler(better, noise=0.3), "athens", sorted(better), Rng(1),
               SearchConfig(iterations=40, hint_visits=4), hint="c")
    assert r.best() == "b"


def test_noise_alone_does_not_overrule_the_hint() -> None:
    """Among several actions worth the same, the most visited one's mean stands above the hint's by one
    standard error in about a third of short searches (the largest of several noisy means): the search
    leaves the heuristic's choice only two standard errors better (SearchConfig.margin)."""
    same = {c: 0.5 for c in "abcdef"}
    changed = 0
    for seed in range(100):
        sampler = _OneChoiceSampler(same, noise=0.5)
        sampler.rng = Rng(1000 + seed)
        r = search(sampler, "athens", sorted(same), Rng(seed), SearchConfig(iterations=20), hint="c")
        assert r.margin == 2.0
        changed += r.best() != "c"
    assert changed <= 3
    one = SearchConfig(iterations=20, margin=1.0)
    loose = 0
    for seed in range(100):
        sampler = _OneChoiceSampler(same, noise=0.5)
        sampler.rng = Rng(1000 + seed)
        loose += search(sampler, "athens", sorted(same), Rng(seed), one, hint="c").best() != "c"
    assert loose > 10 * max(1, changed)


def test_combat_menu_playouts_stop_at_the_end_of_the_combat_phase() -> None:
    """5.0: a Combat Phase menu decision is judged when this Player Turn's Combat Phase is over (the
    sampler's cutoff), not after the next Move Phase's moves; a card decision ([1]) when its Game Turn
    is over (both players' Move and Combat Phases), with the heuristic bot playing both sides."""
    state, role = _play_until(16, lambda s, r: s.pending is not None and s.pending["kind"] == "combat"
                              and s.battle is None and len(s.legal_actions(r)) > 1)
    sampler = _sampler(state.view(role), role)
    rng = Rng(3)
    for _ in range(5):
        world = sampler.sample(rng)
        assert isinstance(world, AthensSpartaState)
        active = world.active
        assert not sampler.cutoff(world)
        play_to_cutoff(sampler, world, rng, 500)
        assert world.outcome() is not None or world.phase != 4 or world.active != active
    card_state, card_role = _play_until(15, _card_phase(84))
    card = _sampler(card_state.view(card_role), card_role)
    world = card.sample(Rng(0))
    assert isinstance(world, AthensSpartaState)
    turn, olympiad = world.turn, world.olympiad
    assert not card.cutoff(world)
    card.begin(world)

    def same_game_turn(w: Any) -> None:
        assert w.turn == turn and w.olympiad == olympiad

    play_to_cutoff(card, world, rng, 500, same_game_turn)
    assert world.outcome() is not None or world.turn == turn + 1 or world.olympiad == olympiad + 1


def test_a_leaf_is_judged_against_its_worlds_start() -> None:
    """The evaluation is the heuristic's judgement (bots.standing: city points held, 10.2, garrisons
    short of the threats, 10.1) and the steps on the map, measured from the iteration's world before
    the decision: the start is worth 0.5, a city lost to the enemy less to its holder, steps lost too."""
    state, role = _play_until(15, _card_phase(85))
    sampler = _sampler(state.view(role), role)
    world = sampler.sample(Rng(2))
    assert isinstance(world, AthensSpartaState)
    sampler.begin(world)
    assert sampler.evaluate(world)["athens"] == pytest.approx(0.5)
    board = world.comp.board
    lost = world.clone()
    c = next(i for i, city in enumerate(board.cities)
             if city.major and city.value > 0 and world.city_owner[i] == 0 and city.name != "ATHENS")
    lost.city_owner[c] = 1
    low = sampler.evaluate(lost)
    assert low["athens"] < 0.5 < low["sparta"] and low["athens"] + low["sparta"] == pytest.approx(1.0)
    weaker = world.clone()
    b = next(b for b in range(len(world.loc)) if world.loc[b] >= 0 and world.owner[b] == 0 and world.strength[b] > 1)
    weaker.strength[b] -= 1
    assert sampler.evaluate(weaker)["athens"] < 0.5


def test_the_searching_roles_standing_is_read_once() -> None:
    """The judge reads the searching role's standing at the decision from the view searched, once
    (``Sampler._standing``): it is the standing of that role's view of every world drawn, so each
    iteration's start is what reading each world's views gives (Card, Move and Combat Phase decisions of
    both roles)."""
    from polemos.games.athens_sparta.bots import standing

    seen = set()
    for seed in (15, 21):
        state = polemos.game(GAME).new(seed)
        bots_ = {r: make_agent("heuristic", GAME) for r in ("athens", "sparta")}
        rng = Rng(seed)
        for _ in range(400):
            if state.outcome() is not None:
                break
            role = state.active_roles()[0]
            view = state.view(role)
            legal = state.legal_actions(role)
            try:
                sampler = _sampler(view, role)
            except NoWorld:
                sampler = None
            if sampler is not None and len(legal) > 1:
                for k in range(3):
                    world = sampler.sample(Rng(k))
                    assert sampler._standing == standing(world.view(role))
                    assert sampler._judge(world, sampler._standing) == sampler._judge(world)
                seen.add((sampler.kind, role))
            state.apply(role, bots_[role].choose(view, legal, rng))
    assert {k for k, _ in seen} >= {"card", "move", "combat"} and {r for _, r in seen} == {"athens", "sparta"}


def test_the_clock_keeps_the_mean_cpu_per_decision() -> None:
    """SearchConfig.clock (normal: 0.1 s): each decision credits the clock, spends what it uses, and a
    search may spend what was banked up to ``seconds``; so over a game's decisions the CPU per decision
    stays within the clock on average (the tournament's "CPU per decision"), and a decision that
    finds too little banked plays the fallback's choice."""
    import time

    state, role = _play_until(21, _card_phase(84))
    clock = 0.01
    agent = ISMCTSAgent(GAME, SearchConfig(seconds=0.2, clock=clock), sampler_options=_ALL)
    other = make_agent("heuristic", GAME)
    rng = Rng(1)
    spent = 0.0
    decisions = 0
    while decisions < 60 and state.outcome() is None:
        r = state.active_roles()[0]
        legal = state.legal_actions(r)
        if r == role:
            view = state.view(r)
            t = time.thread_time()
            action = agent.choose(view, legal, rng)
            spent += time.thread_time() - t
            decisions += 1
        else:
            action = other.choose(state.view(r), legal, rng)
        state.apply(r, action)
    assert agent.searched >= 1
    # what was spent never runs ahead of the clock by more than one search's last iteration
    assert spent <= clock * decisions + 0.05
    assert agent.bank == pytest.approx(clock * decisions - spent, abs=5e-3)
    with pytest.raises(ValueError, match="clock"):
        SearchConfig(iterations=3, clock=0.1)


class _TwoRoles(_OneChoice):
    """Both roles choose at once (a decoupled node), then the sampler judges athens's choice."""

    def __init__(self, worth: dict[str, float]) -> None:
        super().__init__(worth)
        self.other: str | None = None

    def active_roles(self) -> tuple[str, ...]:
        return () if self.chosen is not None else ("athens", "sparta")

    def legal_actions(self, role: str) -> list[str]:
        return sorted(self.worth) if role == "athens" else ["x", "y"]

    def apply(self, role: str, action: str) -> None:
        if role == "athens":
            self.chosen = action
        else:
            self.other = action


class _ModelSampler(_OneChoiceSampler):
    """Only the root in the tree (tree_depth 0), the opponent modelled by the playout policy."""

    tree_depth = 0
    model_opponents = True

    def __init__(self, worth: dict[str, float]) -> None:
        super().__init__(worth)
        self.begun = 0
        self.asked: list[str] = []

    def sample(self, rng: Rng) -> Any:
        return _TwoRoles(self.worth)

    def begin(self, world: Any) -> None:
        self.begun += 1

    def playout(self, state: Any, role: str, legal: list[str], rng: Rng) -> str:
        self.asked.append(role)
        return "y" if role == "sparta" else legal[0]


def test_a_modelled_opponent_and_a_one_level_tree() -> None:
    """A sampler's hooks (ismcts): ``begin`` starts each iteration's playout policy afresh, and with
    ``model_opponents`` the other side's choice at a simultaneous decision is the policy's (his
    heuristic bot), never a statistic of the search; the root still ranks the role's own choices."""
    worth = {"a": 0.2, "b": 0.8}
    sampler = _ModelSampler(worth)
    result = search(sampler, "athens", sorted(worth), Rng(3), SearchConfig(iterations=20, hint_visits=0))
    assert sampler.begun == 20 and sampler.asked == ["sparta"] * 20
    assert set(result.root) == {"a", "b"} and result.best() == "b"


# ---------------------------------------------------------------- the first edition's worlds (issue 13)
_FIRST_KEYS = ("blocks", "hand", "hand_sizes", "cities", "played", "olympiad", "turn", "phase", "to_act",
               "points", "pool", "edition")


def _move_menu(olympiad: int) -> Any:
    return lambda s, r: s.pending is not None and s.pending["kind"] == "move" and s.moving < 0 \
        and s.olympiad >= olympiad


@pytest.mark.parametrize("wanted", [_card_phase(85), _move_menu(85)], ids=["card-phase", "move-phase"])
def test_first_edition_worlds_are_first_edition_states_the_view_cannot_tell_apart(wanted: Any) -> None:
    """Issue 13 ("the same ... AI levels"): a first-edition view gives first-edition worlds (its components,
    RULINGS FE26, and its rules) that show the role the same blocks, cards, cities with their sea control
    (RULINGS FE42) and edition; at the Card Phase the same legal actions; every world a legal position."""
    state, role = _play_until(21, wanted, edition="first")
    view = state.view(role)
    assert view["edition"] == "first"
    sampler = _sampler(view, role)
    rng = Rng(2)
    for _ in range(4):
        world = sampler.sample(rng)
        assert isinstance(world, AthensSpartaState)
        assert world.ed1 and world.options.get("edition") == "first"
        seen = world.view(role)
        for key in _FIRST_KEYS:
            assert seen.get(key) == view.get(key), key
        if state.pending is not None and state.pending["kind"] == "card":
            assert world.legal_actions(role) == state.legal_actions(role)
        else:
            assert set(state.legal_actions(role)) <= set(world.legal_actions(role))
        again = polemos.game(GAME).from_json(world.to_json())
        assert again.to_json() == world.to_json()


def test_first_edition_search_never_peeks() -> None:
    """Two first-edition states the view cannot tell apart give the same worlds and decisions (issue 12's
    guarantee, for the first edition: issue 13)."""
    state, role = _play_until(22, _card_phase(85), edition="first")
    other = polemos.game(GAME).hidden_variants(state, role, Rng(4), keep_identities=True)[0]
    assert isinstance(other, AthensSpartaState)
    assert_one_view_one_decision(state, other, role, _sampler, _agent, world_seed=5)


def test_first_edition_navies_standing_apart_are_in_the_worlds() -> None:
    """1st 6.7 patrols and 6.6 blockades (RULINGS FE12, FE40): a navy the view shows standing apart,
    face-up, stands apart in every world drawn from that view, and so keeps its side's sea control."""
    state, role = _play_until(21, _move_menu(85), edition="first")
    me = ("athens", "sparta").index(role)
    foe = 1 - me
    navy = next(b for b, spec in enumerate(state.comp.blocks)
                if state.owner[b] == foe and state.loc[b] >= 0 and spec.type == NAVY
                and state.comp.board.city_at[state.loc[b]] >= 0)
    state.patrol = [navy]
    state.revealed[navy] = True  # a navy standing apart is face-up (1st 6.7)
    state.reset_caches()
    view = state.view(role)
    shown = [d for d in view["blocks"] if d.get("apart")]
    assert [d["id"] for d in shown] == [state.comp.blocks[navy].id]
    sampler = _sampler(view, role)
    for i in range(3):
        world = sampler.sample(Rng(i))
        assert isinstance(world, AthensSpartaState)
        assert world.patrol == [navy] and world.loc[navy] == state.loc[navy]
        assert [d for d in world.view(role)["blocks"] if d.get("apart")] == shown


def test_a_search_that_keeps_the_heuristics_choices_plays_the_heuristics_game() -> None:
    """The search draws from a branch of the agent's generator and leaves the agent's own stream as it
    was (ismcts._branch): the fallback's draws are those it makes playing alone, so a search that never
    overrules it (an unreachable margin) plays, action for action, the heuristic's game of the seed (the
    paired comparisons against the heuristic then differ only where the search overruled it)."""
    from polemos.ai import play_game

    game = polemos.game(GAME)
    for seat in ("athens", "sparta"):
        search_agent = ISMCTSAgent(GAME, SearchConfig(iterations=6, margin=1e9))
        agents = {r: search_agent if r == seat else make_agent("heuristic", GAME) for r in ("athens", "sparta")}
        searched = play_game(game, 5000, agents)
        alone = play_game(game, 5000, {r: make_agent("heuristic", GAME) for r in ("athens", "sparta")})
        assert search_agent.searched > 0
        assert searched.record["actions"] == alone.record["actions"]
