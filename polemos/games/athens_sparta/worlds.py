"""Athens & Sparta: worlds a role cannot tell apart, built from its view alone (for ISMCTS).

``world_sampler(view, role, data)`` reads one view (``view.py``) and returns a :class:`Sampler`
whose ``sample(rng)`` builds a legal :class:`AthensSpartaState` the view cannot tell from the real
one. It never sees the real state: everything comes from the view and the public components.

What the view fixes (and the world copies): the Olympiad, Game Turn, phase, Player 1 and the
active player, the MPs, the storm, earthquake and Persian support, who holds each city (4.2), the
role's own blocks (face, hex, walls side, moved) and pool, the faces of blocks revealed in the
battle, the hex and walls side of every enemy block, the role's hand, the cards played and
revealed, the Sicily cards the role knows.

A first-edition view (issue 13) gives first-edition worlds: the state is built with that edition's
components and rules (RULINGS FE26), with the navies the view shows standing apart, face-up, on patrol or
blockading (1st 6.6, 6.7; RULINGS FE12, FE40). In both editions each port's sea control is the Phase's
snapshot the view shows (4.2; 1st 1.5, 6.5; RULINGS FE42), the other hexes' control as the blocks stand.

What each sample draws afresh (what the role cannot see):

- **the enemy's upright blocks**: each blank block on the map is one of the enemy's blocks not
  otherwise accounted for (not revealed), a navy where only a navy can stand (a sea hex), an army
  where only an army can (a hex without a port), either in a port; ordinary blocks are drawn
  before the special ones (revolt blocks, 7.0; rebel navies and their twins, 9.4), which stand on
  the map only after public events. Its strength is 1 to its steps (2.11), full as often as blocks
  on the map are in play (``FULL_STRENGTH``: 82-96%), else one of the lower ones alike; the enemy
  blocks left over are in his Replacement Pool (8.5). So every count holds: the enemy's blocks on
  the map per hex and walls side, and the roster.
- **the enemy's cards**: his hand (as many cards as the view's ``hand_sizes`` says), his face-down
  card if he has played one the role has not seen ([1]) and his Sicily card while SYRACUSE is
  unrevealed (optional rule), dealt from the cards the role has not seen: not in its hand, not
  played and revealed this Olympiad (the public log's "Cards revealed" lines since the last
  shuffle), not its own Sicily card. The rest make up the deck, in a new order.
- **the dice to come**: a fresh generator per world.

The procedure in progress is rebuilt for the decisions a role takes between procedures: the
Mulligan and its re-deal (sidebar, R25), the Sicily allocation, the Card Phase ([1]), the Move
Phase menu between block moves (4.0) and the Combat Phase menu (5.0). Other decisions (a block's
hex-by-hex move, a battle's inner steps, the levy, the Replacement Phase, 9.1) raise
:class:`~polemos.ai.ismcts.NoWorld`, and the agent plays them with the heuristic bot. The public
history the view does not carry (which hexsides were attacked through this turn, 4.1; which
battles were fought, 5.0; where blocks started the turn) is taken as empty / where they stand,
which can only widen the legal actions of a world; the search considers only the real ones. Of the
decisions rebuilt, the search levels search the Combat Phase menu (``SEARCHED``, and why).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import polemos
from polemos.ai.ismcts import NoWorld, SearchConfig
from polemos.core.errors import IllegalActionError
from polemos.core.game import JSON, Role, State
from polemos.core.rng import Rng
from polemos.games.athens_sparta.bots import HeuristicAgent, Order, move_candidates, standing
from polemos.games.athens_sparta.common import hex_by_name, update_control
from polemos.games.athens_sparta.game import AthensSparta
from polemos.games.athens_sparta.judge import win_chance
from polemos.games.athens_sparta.model import (
    ATHENS,
    EDITION_FIRST,
    NAVY,
    NEUTRAL,
    REVOLT,
    SEA,
    SIDE_IDS,
    SPARTA,
)
from polemos.games.athens_sparta.state import (
    PHASE_NAMES,
    POOL,
    ROLES,
    SIDE_OF_ROLE,
    AthensSpartaState,
)
from polemos.games.athens_sparta.view import PROMPTS, PROMPTS_FIRST, SEA_WORDS
from polemos.games.athens_sparta.view import build as view_build

S = AthensSpartaState
GAME_ID = "athens-and-sparta"

# the decisions whose procedure the sampler rebuilds (pending kinds)
REBUILT = frozenset({"mulligan", "redeal", "sicily", "card", "move", "combat"})
# ... and those the search levels search: the Combat Phase menu only (5.0: which battle, storm or sally
# next, or end), the one decision whose worth the judge sees whole within its horizon (the battles of that
# Combat Phase). A card, a Move Phase order, the Mulligan/re-deal and the Sicily card are worth what they
# bring over later turns (the hand lasts the Olympiad; a staging move pays when it arrives), and the judge
# at the end of the Game Turn or Player Turn read each Game Turn the heuristics play as a loss for the side
# that moves (measured 2026-11-27, docs/ai.md "fourth pass": Sparta's 5 MP card 0.19, the Earthquake, 4.6,
# which cancels the turn, exactly 0.5), so the search overruled the heuristic toward doing nothing (the
# Earthquake, 1-2 MP cards, "end" instead of a move: 10 of 12 such overrules in 5 games), and the level
# searching them won 18/42 against the heuristic. Those kinds stay rebuilt and searchable
# (``world_sampler(..., kinds=REBUILT)``, ``ISMCTSAgent(sampler_options={"kinds": REBUILT})``) for research;
# the levels leave them to the heuristic bot.
SEARCHED = frozenset({"combat"})
#: how a leaf is judged: "standing" (the heuristic's judgement and the steps, against the world's start) or
#: "fitted" (judge.py: a logistic regression of a view's features fitted on self-play, each side's chance)
JUDGES = ("standing", "fitted")
MOVE_CANDIDATES = 3  # the planner's best orders searched at a Move Phase menu decision (and "end")

_REVEALED = re.compile(r"^Cards revealed: Athens (.+), Sparta (.+)\.$")
_REVOLT = re.compile(r"^(Athens|Sparta) sponsors a revolt in (.+) \(7\.0\)\.$")
_SHUFFLE = re.compile(r"^Olympiad \d+: the cards are shuffled")

#: this game's search levels (polemos.ai.ismcts.LEVELS otherwise): ``normal`` thinks 0.1 s of CPU a
#: decision on average over its decisions (a clock: the decisions it leaves to the heuristic bank their
#: time) and spends what is banked, at most 1 s, on the decisions it searches (the Combat Phase menu,
#: SEARCHED: ~20 playouts in 0.1 s on the loaded team machine, ~200 in 1 s). "<= 0.1 s per decision" is
#: so met as a mean (a chess clock's reading, what the tournament reports), not as a cap on each decision
#: (docs/ai.md)
LEVELS = {"normal": SearchConfig(seconds=1.0, clock=0.1)}
#: the levels' sampler options (polemos.ai.ismcts.level_agent): the leaf judge of each (JUDGES; "standing"
#: when not named). ``normal`` judges with the fitted judge (judge.py): over paired seeds 5000-5049 against the
#: heuristic it won 55/100 (95% Wilson 45.2-64.4%; Elo +34, -28..+99) where the standing's won 51/100 on the
#: same seeds, and 108/200 over 5000-5099 (47.1-60.8%; docs/ai.md, sixth pass): not shown stronger, at least
#: as strong. ``hard`` is not measured with it and keeps the standing
LEVEL_OPTIONS: dict[str, dict[str, object]] = {"normal": {"judge": "fitted"}}

#: per mille of the blocks on the map at full strength, by steps (2.11): measured over the Card, Move and
#: Combat Phases of 8 heuristic self-play games (seeds 6000-6007, 2026-11-27): 2 steps 94-97%, 3 steps
#: 77-87%, 4 steps 83-94% in every Olympiad (replacements, 8.0, refill them); a blank block's strength in a
#: world is drawn so (Sampler._strength), the public prior of what a blank block holds
FULL_STRENGTH = {2: 955, 3: 818, 4: 885}
FULL_STRENGTH_ELSE = 880

_BASE: dict[tuple[str | None, bool], S] = {}
_COMBAT = PHASE_NAMES.index("combat")
_MOVE = PHASE_NAMES.index("move")
# 8.4: the BP a step of each block type costs (hoplite, peltast, cavalry, navy, revolt), the material's worth
_COSTS = (2.0, 1.0, 3.0, 3.0, 1.0)


def _base(data: Path | str | None, first: bool = False) -> S:
    """A new game's state (the template every world starts from), one per data folder and rules edition
    (the first edition's components read its overlay, RULINGS FE26, and its state applies its rules)."""
    key = (None if data is None else str(data), first)
    base = _BASE.get(key)
    if base is None:
        game = polemos.game(GAME_ID, data)
        assert isinstance(game, AthensSparta)
        state = game.new(0, options={"edition": EDITION_FIRST} if first else None)
        assert isinstance(state, AthensSpartaState)
        base = _BASE[key] = state
    return base


def _kind(view: JSON, side: int) -> str:
    """The decision the view asks of ``side`` (a pending kind), from the phase and the prompt."""
    phase = view.get("phase")
    if phase == "mulligan":
        return "redeal" if view.get("prompt") in (PROMPTS["redeal"], PROMPTS_FIRST["redeal"]) else "mulligan"
    if phase == "setup":
        return "sicily" if any(str(a).startswith("sicily ") for a in view.get("actions", [])) else "bid"
    if phase == "card" and any(str(a).startswith("play ") for a in view.get("actions", [])):
        return "card"
    if view.get("battle") is not None or view.get("moving") is not None or view.get("deciding_block"):
        return "inner"
    acts = [str(a).split(" ", 1)[0] for a in view.get("actions", [])]
    if phase == "move" and "end" in acts and not set(acts) & {"hit", "add", "remove"}:
        return "move"
    if phase == "combat" and "end" in acts and set(acts) <= {"battle", "storm", "sally", "end"}:
        return "combat"
    return "other"


def world_sampler(view: JSON, role: Role, data: Path | str | None = None,
                  kinds: frozenset[str] = SEARCHED, judge: str = "standing") -> Sampler:
    """The worlds of this view for the search (NoWorld for a decision of a kind not in ``kinds``);
    ``judge``: how a leaf is judged (``JUDGES``)."""
    return Sampler(view, role, data, kinds, judge)


class Sampler:
    """Worlds consistent with one view (see the module docstring)."""

    rollout_cap = 1000  # the levels' own rollout_steps apply
    # the search's tree is the decision itself: below it the heuristic bot plays both sides to the cutoff
    # (policy improvement by rollouts), and the other side's choice at a simultaneous decision (the
    # Card Phase, [1]) is its heuristic's from its view of the world (ismcts: model_opponents)
    tree_depth = 0
    model_opponents = True

    def __init__(self, view: JSON, role: Role, data: Path | str | None = None,
                 kinds: frozenset[str] = REBUILT, judge: str = "standing") -> None:
        if judge not in JUDGES:
            raise ValueError(f"no leaf judge {judge!r}; judges: {', '.join(JUDGES)}")
        side = SIDE_OF_ROLE.get(role)
        if side is None or view.get("role") != role:
            raise NoWorld(f"{role!r} is not a side of this view")
        if view.get("outcome") is not None:
            raise NoWorld("the game is over")
        # issue 13: a first-edition game's worlds are first-edition states (its components and rules), with
        # its navies standing apart (patrols 1st 6.7, blockades 6.6) as the view shows them face-up
        self.first = view.get("edition") == EDITION_FIRST
        # the fitted judge (judge.py): each side's chance to win read from its view of the leaf's world. Fitted
        # on the current edition only: in first-edition heuristic self-play Athens won every game (150 of 150,
        # 1st 10.2: Sparta must win by Olympiad 89), which says nothing of its positions; that edition's
        # leaves are judged by the standing
        self.fitted = judge == "fitted" and not self.first
        kind = _kind(view, side)
        if kind not in REBUILT or kind not in kinds:
            raise NoWorld(f"this decision ({kind}) is not searched: its procedure is not rebuilt from a view")
        self.side = side
        self.kind = kind
        self.data = data
        self._bots: dict[Role, HeuristicAgent] = {}
        self._start = 0.0  # _judge of the iteration's world before the decision (begin)
        # the searching role's standing at the decision: a world's view for the role is the view searched
        # (tested), so it is read once here, not from each world's view (the judge was ~70% of a Combat
        # Phase menu iteration, its four views and Worlds most of that)
        self._standing = standing(view, data)
        base = _base(data, self.first)
        self.comp = comp = base.comp
        cards = {c.id: c.index for c in comp.cards}
        s = base.clone()
        s._undo_snaps = ()
        s.actions = []
        s.log = []
        s.undo_floor = 0
        s.reveals = 0
        s.origin = None
        self._rebuild(s, view, side, kind, cards)
        self.skeleton = s
        # a Move Phase menu decision is searched among the planner's best orders (and "end")
        self.candidates: dict[str, Order | None] = {}
        if kind == "move":
            self.candidates = move_candidates(view, [str(a) for a in view.get("actions", [])], MOVE_CANDIDATES, data)

    # ------------------------------------------------------------------ the public part (once)
    def _rebuild(self, s: S, view: JSON, side: int, kind: str, cards: dict[str, int]) -> None:
        comp = self.comp
        other = 1 - side
        me, opp = ROLES[side], ROLES[other]
        s.olympiad = int(view["olympiad"])
        s.turn = int(view["turn"])
        s.phase = PHASE_NAMES.index(str(view["phase"]))
        s.p1 = ROLES.index(view["player1"]) if view.get("player1") in ROLES else SPARTA
        s.active = ROLES.index(view["active_player"]) if view.get("active_player") in ROLES else s.p1
        s.step = 0 if s.active == s.p1 else 1
        s.storm = bool(view.get("storm"))
        s.earthquake = bool(view.get("earthquake"))
        s.persia = ("none", "active", "ceased").index(str(view.get("persian_support", "none")))
        s.winner = -1
        s.win_reason = ""
        s.battle = None
        s.moving = -1
        s.move_path = []
        s.rp_loc = []
        s.rp_closed = []
        s.rp_persia = -1
        s.bid_left = [0, 0]
        s.attacks = []
        s.no_attack = []
        s.fought = []
        s.new_blocks = []
        s.pillage = []
        s.levy = 0
        s.hellespont = 0
        s.mulligan = [False, False]
        s.done = [False, False]
        # cities (4.2): who holds each, in the board's order (the view lists them so)
        # ... and the sea control of each port as the Phase's snapshot left it (4.2; 1st 1.5, 6.5; RULINGS
        # FE42: public), which the blocks' places now need not give back
        self.port_sea: list[tuple[int, int]] = []
        for c, city in enumerate(view.get("cities", [])):
            s.city_owner[c] = SIDE_IDS.index(str(city["controller"]))
            if "sea" in city:
                self.port_sea.append((comp.board.cities[c].hex, SEA_WORDS.index(str(city["sea"]))))
        # blocks: every block starts in its owner's pool; green blocks belong to their city's holder (9.5)
        nb = len(comp.blocks)
        for b, spec in enumerate(comp.blocks):
            s.loc[b] = POOL
            s.strength[b] = 0
            s.inside[b] = s.moved[b] = s.revealed[b] = s.halfhit[b] = s.crossed[b] = False
            s.came_from[b] = -1
            owner = spec.side
            if spec.side == NEUTRAL and spec.home >= 0 and s.city_owner[spec.home] in (ATHENS, SPARTA):
                owner = s.city_owner[spec.home]
            s.owner[b] = owner
        known: set[int] = set()
        hidden: list[tuple[int, bool]] = []
        for d in view.get("blocks", []):
            h = self._hex(s, str(d["location"]))
            if "id" in d:
                b = comp.block_index[str(d["id"])]
                s.loc[b] = h
                s.owner[b] = ROLES.index(str(d["owner"]))
                s.strength[b] = int(d["strength"])
                s.inside[b] = bool(d.get("besieged"))
                s.moved[b] = bool(d.get("moved"))
                s.revealed[b] = d["owner"] != me  # an enemy face is seen only in a battle (5.4)
                known.add(b)
            elif d.get("owner") == opp:
                hidden.append((h, bool(d.get("besieged"))))
            else:
                raise NoWorld(f"a blank block of {d.get('owner')!r} in {me}'s view")
        # first edition: the navies standing apart from a battle, face-up (1st 6.6 blockade, 6.7 patrol;
        # RULINGS FE12, FE39, FE40): the view marks them "apart"
        s.patrol = sorted(comp.block_index[str(d["id"])] for d in view.get("blocks", [])
                          if "id" in d and d.get("apart")) if self.first else []
        for d in view.get("pool", []):
            b = comp.block_index[str(d["id"])]
            s.owner[b] = side
            known.add(b)
        # the enemy's blocks the blank ones may be: ordinary ones first, special ones when needed
        rebel_cities = {spec.rebel_of for spec in comp.blocks if spec.rebel_of >= 0}
        ordinary: list[int] = []
        special: list[int] = []
        for b, spec in enumerate(comp.blocks):
            if b in known or s.owner[b] != other:
                continue
            if spec.type == REVOLT or spec.rebel_of >= 0 or (spec.type == NAVY and spec.home in rebel_cities):
                special.append(b)
            else:
                ordinary.append(b)
        if len(hidden) > len(ordinary) + len(special):
            raise NoWorld(f"{len(hidden)} blank blocks but {opp} has only {len(ordinary) + len(special)} unseen")
        self.hidden = hidden
        self.ordinary = ordinary
        self.special = special
        self.navy_only = [comp.board.terrain[h] == SEA for h, _ in hidden]
        self.army_only = [comp.board.terrain[h] != SEA and not self._port(h) for h, _ in hidden]
        s.start_hex = list(s.loc)
        for b in known:
            # 7.0: a revolt block sponsored this Player Turn came from the pool (movement.revolting)
            if comp.blocks[b].type == REVOLT and s.loc[b] >= 0 and s.moved[b] and s.owner[b] == side:
                s.start_hex[b] = POOL
        s.revolt_used = self._revolts_this_olympiad(s, view)
        assert len(s.loc) == nb
        # cards
        hand = [cards[str(c["id"])] for c in view.get("hand", [])]
        s.hands[side] = sorted(hand)
        played = view.get("played", {})
        s.played = [-1, -1]
        for x in (ATHENS, SPARTA):
            if ROLES[x] in played:
                s.played[x] = cards[str(played[ROLES[x]]["id"])]
        s.revealed_cards = s.phase in (3, 4)
        s.sicily = [-1, -1]
        s.syracuse_revealed = "sicily" in view
        options: JSON = {"edition": EDITION_FIRST} if self.first else {}
        if s.syracuse_revealed:
            options["syracuse_points"] = True
            for x in (ATHENS, SPARTA):
                entry = view["sicily"].get(ROLES[x])
                if entry is not None:
                    s.sicily[x] = cards[str(entry["id"])]
        elif view.get("my_sicily_card") is not None:
            options["syracuse_points"] = True
            s.sicily[side] = cards[str(view["my_sicily_card"]["id"])]
        elif kind == "sicily":
            options["syracuse_points"] = True
        s.options = options
        to_act = [ROLES.index(r) for r in view.get("to_act", []) if r in ROLES]
        # the opponent holds a card the role has not seen: his face-down card ([1]) before the reveal
        self.opp_played_hidden = kind == "card" and other not in to_act and s.played[other] < 0
        # ... and his Sicily card (optional rule) once he has allocated it, until SYRACUSE is revealed
        self.opp_sicily_hidden = (options.get("syracuse_points") is True and not s.syracuse_revealed
                                  and s.sicily[other] < 0 and not (kind == "sicily" and other in to_act))
        self.opp_hand = int(view.get("hand_sizes", {}).get(opp, 0))
        visible = set(hand) | {c for c in s.played if c >= 0} | {c for c in s.sicily if c >= 0}
        discard = self._revealed_this_olympiad(view, visible, s.revealed_cards)
        s.discard = discard
        seen = set(hand) | set(discard) | {c for c in s.played if c >= 0} | {c for c in s.sicily if c >= 0}
        self.unseen = [c for c in range(len(comp.cards)) if c not in seen]
        need = self.opp_hand + int(self.opp_played_hidden) + int(self.opp_sicily_hidden)
        if need > len(self.unseen):
            raise NoWorld(f"{opp} holds {need} unseen cards but only {len(self.unseen)} are unseen")
        # the turn in progress (t_turn): MPs and the events of the active player's card (4.6)
        s.betrayal = False
        s.free_revolt = 0
        if s.phase in (3, 4) and s.played[s.active] >= 0:
            card = comp.cards[s.played[s.active]]
            s.betrayal = card.event == "betrayal"
            s.free_revolt = card.amount if card.event == "sedition" and s.phase == 3 else 0
            s.mp = int(view.get("mp", card.mp)) if s.phase == 3 else 0
        else:
            s.mp = 0
        # the procedure in progress (rules.py's task stack), as at that decision
        if kind in ("card", "mulligan", "sicily"):
            s.pending = {"kind": kind, "sides": [x for x in (ATHENS, SPARTA) if x in to_act]}
            s.tasks = []
        elif kind == "redeal":
            s.pending = {"kind": "redeal", "side": side}
            s.tasks = []
        else:
            tail: list[list[int | str]] = [["gameturn_end"]]
            if s.step == 0:
                tail.append(["turn", other, 1])
            tail += [["turn_end", side], ["attrition", side]]
            if kind == "move":
                tail.append(["combat", side])
            s.tasks = tail
            s.pending = {"kind": kind, "side": side}
        if side not in to_act:
            raise NoWorld(f"{me} is not asked to act in this view")

    @staticmethod
    def _hex(s: S, name: str) -> int:
        """The hex of a view's location name (a city's name or a hex label: the rules' own reading)."""
        try:
            return hex_by_name(s, name)
        except IllegalActionError as exc:
            raise NoWorld(f"no hex or city {name!r} on the board") from exc

    def _port(self, h: int) -> bool:
        board = self.comp.board
        c = board.city_at[h]
        return c >= 0 and board.cities[c].port

    def _revolts_this_olympiad(self, s: S, view: JSON) -> list[int]:
        """7.0: the revolts sponsored this Olympiad (public log lines), as (block, city) pairs."""
        log = [str(x) for x in view.get("log", [])]
        start = 0
        for i, line in enumerate(log):
            if _SHUFFLE.match(line):
                start = i
        blocks = self.comp.blocks
        board = self.comp.board
        out: list[int] = []
        for line in log[start:]:
            m = _REVOLT.match(line)
            if m is None:
                continue
            side = ROLES.index(m.group(1).lower())
            city = board.city_index.get(m.group(2))
            if city is None:
                continue
            kind = "helots" if m.group(2) == "MESSENE" else "demos" if side == ATHENS else "tyrants"
            for b, spec in enumerate(blocks):
                if spec.revolt == kind and s.owner[b] == side:
                    out.extend([b, city])
                    break
        return out

    def _revealed_this_olympiad(self, view: JSON, visible: set[int], this_turn: bool) -> list[int]:
        """The cards played and revealed in earlier Game Turns since the last shuffle (public log
        lines, [1]); ``this_turn``: the last such line is this turn's, whose cards are still in play."""
        log = [str(x) for x in view.get("log", [])]
        start = 0
        for i, line in enumerate(log):
            if _SHUFFLE.match(line):
                start = i
        lines = [m for line in log[start:] if (m := _REVEALED.match(line)) is not None]
        if this_turn and lines:
            lines.pop()
        by_label: dict[str, list[int]] = {}
        for card in self.comp.cards:
            if card.index in visible:
                continue
            label = f"{card.mp}/{card.title}" if card.event else str(card.mp)
            by_label.setdefault(label, []).append(card.index)
        out: list[int] = []
        for m in lines:
            for label in m.groups():
                pool = [c for c in by_label.get(label, []) if c not in out]
                if pool:
                    out.append(pool[0])
        return out

    # ------------------------------------------------------------------ the hidden part (every sample)
    def sample(self, rng: Rng) -> State:
        s = self.skeleton.clone()
        s._undo_snaps = ()
        other = 1 - self.side
        comp = self.comp
        # the enemy's blank blocks
        ordinary = list(self.ordinary)
        special = list(self.special)
        rng.shuffle(ordinary)
        rng.shuffle(special)
        order = list(range(len(self.hidden)))
        rng.shuffle(order)
        # the most constrained places first: navy-only, army-only, then either
        order.sort(key=lambda i: 0 if self.navy_only[i] else 1 if self.army_only[i] else 2)
        for i in order:
            h, inside = self.hidden[i]
            b = self._draw(ordinary, special, self.navy_only[i], self.army_only[i])
            s.loc[b] = h
            s.inside[b] = inside
            s.start_hex[b] = h
            s.strength[b] = self._strength(comp.blocks[b].steps, rng)
        # the enemy's unseen cards
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        s.hands[other] = sorted(unseen.pop() for _ in range(self.opp_hand))
        if self.opp_played_hidden:
            s.played[other] = unseen.pop()
        if self.opp_sicily_hidden:
            s.sicily[other] = unseen.pop()
        s.deck = unseen
        s.rng = Rng(rng.below(1 << 62))
        # land and sea control of every hex (4.2) as the blocks stand, with the cities' holders as seen
        probe = s.clone()
        update_control(probe)
        s.lctrl = probe.lctrl
        s.sctrl = probe.sctrl
        for h, sea in self.port_sea:
            s.sctrl[h] = sea
        s.reset_caches()
        return s

    @staticmethod
    def _strength(steps: int, rng: Rng) -> int:
        """A blank enemy block's strength (2.11: 1 to its steps): full as often as blocks on the map are
        (FULL_STRENGTH), else one of the lower ones alike. Drawn 1 to ``steps`` alike, as before, the
        worlds' enemy stood at ~60% of the strength of any real one, and storms and attacks the
        heuristic let be looked good in them (docs/ai.md, fourth pass)."""
        if steps <= 1 or rng.below(1000) < FULL_STRENGTH.get(steps, FULL_STRENGTH_ELSE):
            return steps
        return 1 + rng.below(steps - 1)

    def _draw(self, ordinary: list[int], special: list[int], navy_only: bool, army_only: bool) -> int:
        blocks = self.comp.blocks
        for group in (ordinary, special):
            for j in range(len(group) - 1, -1, -1):
                is_navy = blocks[group[j]].type == NAVY
                if (navy_only and not is_navy) or (army_only and is_navy):
                    continue
                return group.pop(j)
        # no block of the kind the place needs is left: any unseen block (counts before kinds)
        return (ordinary or special).pop()

    # ------------------------------------------------------------------ the search's judgement
    def begin(self, world: State) -> None:
        """A new iteration in ``world``: a fresh heuristic bot per side plays its playout (each from its
        own view of that world, as it plays a game: the world is drawn from the searching role's view,
        so nothing hidden from that role reaches them)."""
        self._bots = {r: HeuristicAgent(data=self.data) for r in ROLES}
        self._bots[ROLES[self.side]].planned = {o.block: o for o in self.candidates.values() if o is not None}
        if not self.fitted:  # the fitted judge reads a leaf alone: no start to compare it with
            self._start = self._judge(world, self._standing)

    def adopt(self, action: str, fallback: object) -> None:
        """The search played ``action`` instead of the heuristic's choice: a Move Phase candidate's
        order becomes the heuristic bot's (which steps the block hex by hex: it is the agent's
        fallback there), and the group attack it had queued behind its own choice is dropped; else
        its first step of another block's move would cancel the move (no order of its own for it)."""
        if self.kind != "move" or not isinstance(fallback, HeuristicAgent) or action not in self.candidates:
            return
        fallback.queue = []
        order = self.candidates[action]
        if order is not None:
            fallback.cur = order
            fallback.steps = 0
        elif action.startswith(("revolt ", "helots ")):
            fallback.sedition_used += 1

    def narrow(self, legal: list[str]) -> list[str]:
        """The root's choices worth searching: a Move Phase menu's candidates (``move_candidates``),
        every legal action otherwise (the search adds the heuristic's own choice)."""
        if self.kind != "move":
            return legal
        return [a for a in legal if a in self.candidates]

    def _judge(self, state: State, mine: float | None = None) -> float:
        """How Athens stands, in city points: the heuristic's judgement (``bots.standing``: the points
        held, 10.2, less what each side's garrisons fall short of the threats against its cities and
        capital, 10.1) from each side's view of the world, and the steps on the map at 8.4's costs (the
        world's own strengths, which its views hide), about 6 hoplite steps to the point. ``mine``: the
        searching role's standing when already known (a world at the decision: its view of the world is
        the view searched, so its standing is the same in every world; ``_standing``)."""
        assert isinstance(state, AthensSpartaState)
        side = {r: standing(state.view(r), self.data) if mine is None or r != ROLES[self.side] else mine
                for r in ROLES}
        margin = 0.5 * (side["athens"] - side["sparta"])
        worth = [0.0, 0.0]
        blocks = self.comp.blocks
        for b, (h, o, st) in enumerate(zip(state.loc, state.owner, state.strength, strict=True)):
            if h >= 0 and o <= SPARTA:
                worth[o] += st * _COSTS[blocks[b].type]
        return margin + (worth[ATHENS] - worth[SPARTA]) / 12.0

    def evaluate(self, state: State) -> dict[Role, float]:
        """Athens's chance: a logistic of how much better Athens stands at the leaf than in the same
        world before the decision (``_judge``; the start of the iteration, ``begin``): 0.5 is "no
        change", and each world's hidden strengths cancel out of its own comparison. With the fitted judge
        (``judge="fitted"``): the mean of Athens' chance to win read from Athens' view of the leaf's world and
        one less Sparta's from Sparta's (``judge.win_chance``; fitted on heuristic self-play, docs/ai.md
        "sixth pass"), each side's view being all it reads, as a player would judge."""
        assert isinstance(state, AthensSpartaState)
        if self.fitted:
            va = 0.5 * (win_chance(state.view("athens"), self.data) + 1.0 - win_chance(state.view("sparta"), self.data))
            return {"athens": va, "sparta": 1.0 - va}
        x = 0.5 * (self._judge(state) - self._start)
        va = 1.0 / (1.0 + math.exp(-x))
        return {"athens": va, "sparta": 1.0 - va}

    def cutoff(self, state: State) -> bool:
        """Where the search stops and evaluates: a Combat Phase menu decision (5.0) is judged at the
        end of this Player Turn's Combat Phase, by the battles, storms and sallies fought (the steps
        they cost, the cities they took); a Move Phase menu decision (4.0) at the end of the same
        Combat Phase (the rest of the moves and the battles they bring on); a card (or the Olympiad's
        deal, the Sicily card) at the end of the Game Turn it is played in ([1]: both players' Move and
        Combat Phases), what it decides."""
        assert isinstance(state, AthensSpartaState)
        if self.kind == "combat":
            return state.phase != _COMBAT or state.active != self.skeleton.active
        if self.kind == "move":  # a move is judged with the battles it brings on (5.0), this Player Turn
            return state.phase not in (_MOVE, _COMBAT) or state.active != self.skeleton.active
        return state.olympiad != self.skeleton.olympiad or state.turn > max(1, self.skeleton.turn)

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        """The heuristic bot's choice, from ``role``'s view of the world (its plans kept through the
        playout: ``begin``)."""
        bot = self._bots.get(role) if self._bots else None
        if bot is None:
            return playout_action(legal, rng)
        # the view without its detail (view.DETAIL_KEYS: points, BP forecast, log, paths), which the heuristic
        # never reads: ~half a view's cost, thousands of times a search (issue 12). The judge reads the points
        # and the forecast, so it keeps the full view.
        assert isinstance(state, AthensSpartaState)  # a world this sampler built
        return bot.choose(view_build(state, SIDE_OF_ROLE[role], detail=False), legal, rng)


def playout_action(legal: list[str], rng: Rng) -> str:
    verbs: dict[str, list[str]] = {}
    for a in legal:
        verbs.setdefault(a.split(" ", 1)[0], []).append(a)
    if "play" in verbs:
        return rng.choice(legal)
    if "to" in verbs:  # a block on the move: a few more hexes, then stop
        if "stop" in verbs and rng.below(3) == 0:
            return "stop"
        return rng.choice(verbs["to"])
    if "op" in verbs or "march" in verbs or "sea" in verbs:
        if "end" in verbs and rng.below(4) == 0:
            return "end"
        moves = verbs.get("op", []) + verbs.get("march", []) + verbs.get("sea", [])
        return rng.choice(moves)
    if "battle" in verbs:  # 5.0: every battle is fought, in an order of the player's choosing
        return rng.choice(verbs["battle"])
    if "storm" in verbs or "sally" in verbs:  # optional (5.3): as often let be as taken
        for verb in ("end", "pass"):
            if verb in verbs and rng.below(2) == 0:
                return verbs[verb][0]
        return rng.choice(verbs.get("storm", []) + verbs.get("sally", []))
    # a battle's steps (5.4-5.5): mostly fight it out (fire, engage, keep the blocks in, done) and
    # now and then the other choice (a retreat, a withdrawal, a regroup), so a playout of a battle
    # is a battle fought, not a random walk out of it
    for verb in ("fire", "engage", "keep", "done"):
        if verb in verbs and rng.below(8) != 0:
            return verbs[verb][0]
    return rng.choice(legal)

