"""Athens & Sparta: the state of one game — plain data, cheap to clone, exact JSON round trip.

The rules that change it live in ``rules.py`` (sequence of play), ``movement.py`` (4.0),
``combat.py`` (5.0), ``attrition.py`` (6.0, 9.1, 9.2), ``replacement.py`` (8.0) and
``victory.py`` (10.0); what each role may see is built in ``view.py``. The kernel contract's
listing, applying, views and outcome are in ``game.AthensSpartaPlay``, which subclasses this one:
the state sits under the rules in the package's layers (issue 12).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from polemos.core.game import JSON, Game, Role, State
from polemos.core.plain import load_fields, load_scalars, state_header
from polemos.core.rng import Rng
from polemos.games.athens_sparta.model import ATHENS, EDITION_FIRST, RULES_FIRST, SPARTA, Components

ROLES: tuple[Role, Role] = ("athens", "sparta")
SIDE_OF_ROLE = {"athens": ATHENS, "sparta": SPARTA}

# Block locations besides hex indices
POOL = -1  # the Replacement Pool (3.0, 8.5) — also green blocks waiting off-map (3.1)

# Phases of the sequence of play (rulebook "Game Turns")
PH_SETUP = 0  # tourney bid reduction (10.3) / SYRACUSE card allocation (optional rule)
PH_MULLIGAN = 1  # Mulligan sidebar
PH_CARD = 2  # [1] Card Phase
PH_MOVE = 3  # [2]/[3] Move Phase (4.0)
PH_COMBAT = 4  # Combat Phase (5.0)
PH_REPLACE = 5  # Replacement Phase (8.0)
PH_OVER = 6

PHASE_NAMES = ("setup", "mulligan", "card", "move", "combat", "replacement", "over")

# Battle status of a block (5.4)
BS_NONE = 0
BS_SEA = 1  # engaged navy in the sea battle
BS_LAND = 2  # engaged in the land battle
BS_INSIDE = 3  # withdrawn into siege / besieged in the walled city
BS_RESERVE = 4  # extra attacker that may not storm (5.31) or stays in reserve
BS_ATSEA = 5  # navy remaining at sea, no further action this round
BS_STORM = 6  # storming (or sallying) in the siege battle

# Scalar fields serialised as-is (ints, bools, strings)
_SCALARS = (
    "olympiad", "turn", "phase", "p1", "active", "step", "mp", "storm", "earthquake",
    "betrayal", "free_revolt", "persia", "moving", "move_kind", "move_left", "move_side",
    "move_crossed", "move_started_in", "levy", "hellespont", "winner", "win_reason",
    "revealed_cards", "end_after_olympiad", "syracuse_revealed", "rp_persia",
)
# List fields (lists of ints/bools, or lists of lists)
_LISTS = (
    "deck", "hands", "played", "sicily", "mulligan", "loc", "owner", "strength",
    "inside", "moved", "came_from", "crossed", "revealed", "halfhit", "start_hex", "city_owner",
    "revolt_used", "lctrl", "sctrl", "attacks", "fought", "bp", "city_spent", "done",
    "move_path", "discard", "bid_left", "new_blocks", "pillage", "tasks", "green_spent", "no_attack",
    "rp_loc", "rp_closed",
)

# the list fields whose items are lists (copied two levels deep); the others hold ints or bools
_NESTED_LISTS = ("hands", "tasks")
_FLAT_LISTS = tuple(name for name in _LISTS if name not in _NESTED_LISTS)


@mypyc_attr(allow_interpreted_subclasses=True)
class AthensSpartaState(State):
    """One situation of a game of Athens & Sparta.

    In the compiled build (``polemos.core.native``) a native class: its fields are the ones set in
    ``__init__`` and ``reset_caches`` (slots, read natively by the compiled rule procedures; issue 12),
    so they are copied, saved and loaded by name, never through ``__dict__``. The play class
    (``game.AthensSpartaPlay``) subclasses it."""

    def __init__(self, game: Game, comp: Components, seed: int,
                 scenario: str | None, options: JSON) -> None:
        self.game = game
        self.comp = comp
        self.rng = Rng(seed)
        self.seed = seed
        self.scenario = scenario
        self.options = dict(options)
        # issue 13: the rules edition, read once from the options (never serialised apart from them):
        # the rule procedures test this bool, never the options dict
        self.ed1 = self.options.get("edition") == EDITION_FIRST
        self.actions = []
        self.undo_floor = 0
        self.reveals = 0
        self.origin = None
        nb = len(comp.blocks)
        nc = len(comp.board.cities)
        nh = len(comp.board.hexes)
        # -- time (Game Turns): Olympiads 84-89, six Game Turns each
        self.olympiad = 84
        self.turn = 1
        self.phase = PH_CARD
        # -- cards (Card Phase, 4.6)
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[], []]
        self.played: list[int] = [-1, -1]
        self.revealed_cards = False
        self.sicily: list[int] = [-1, -1]  # SYRACUSE points option: card allocated face-down
        self.syracuse_revealed = False
        self.mulligan: list[bool] = [False, False]  # asked a re-deal this Olympiad (secret until both answer, R25)
        self.p1 = SPARTA
        self.active = SPARTA
        self.step = 0  # 0: Player 1 turn, 1: Player 2 turn
        self.mp = 0
        self.storm = False
        self.earthquake = False
        self.betrayal = False
        self.free_revolt = 0
        self.levy = 0
        self.hellespont = 0  # 9.1: blocks Athens must still remove from ATHENS
        self.persia = 0  # 9.3: 0 none, 1 Persian support, 2 ceased for ever
        self.bid_left: list[int] = [0, 0]  # 10.3 tourney bid: steps still to remove
        # -- blocks
        self.loc: list[int] = [POOL] * nb
        self.owner: list[int] = [b.side for b in comp.blocks]
        self.strength: list[int] = [0] * nb
        self.inside: list[bool] = [False] * nb  # within the walls (withdrawn into siege)
        self.moved: list[bool] = [False] * nb  # moved this Player Turn (4.0)
        self.came_from: list[int] = [-1] * nb  # hex entered from this turn (5.5 retreats)
        self.crossed: list[bool] = [False] * nb  # entered its hex across a strait (4.3)
        self.revealed: list[bool] = [False] * nb  # revealed in the current battle (5.4)
        self.halfhit: list[bool] = [False] * nb  # double defence half-hit (5.41)
        self.start_hex: list[int] = [POOL] * nb  # hex at the start of the Player Turn (1.4)
        self.new_blocks: list[int] = []  # blocks built this Replacement Phase
        # first edition 6.7: navies on patrol (RULINGS FE12); serialised only when not empty, so the
        # current edition's documents are unchanged
        self.patrol: list[int] = []
        # -- cities
        self.city_owner: list[int] = [c.side for c in comp.board.cities]
        self.revolt_used: list[int] = []  # pairs flattened: (revolt block, city) this Olympiad
        # -- hex control snapshot (4.2: control changes at the end of each Phase)
        self.lctrl: list[int] = [0] * nh
        self.sctrl: list[int] = [0] * nh
        # -- the block being moved (4.4 operation move, hex by hex)
        self.moving = -1
        self.move_kind = 0
        self.move_left = 0
        self.move_side = 0  # strait hex: 1 if on the far (non-city) side
        self.move_crossed = False
        self.move_started_in = -1
        self.move_path: list[int] = []
        self.attacks: list[int] = []  # (hex*6+dir) per army that attacked through that hexside
        self.no_attack: list[int] = []  # 5.6: blocks that regrouped this Combat Phase
        # -- combat
        self.fought: list[int] = []  # hexes resolved this Combat Phase
        self.battle: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None  # a decision that interrupts the flow
        self.pillage: list[int] = []  # [side, hex, BPs left]
        self.tasks: list[list[int | str]] = []  # the procedure still to run (a stack; see rules.advance)
        # -- replacement (8.0)
        self.bp: list[int] = [0, 0]
        self.city_spent: list[int] = [0] * nc
        self.green_spent: list[int] = [0] * nc  # 9.5: BPs of an allied neutral city spent on its blocks
        self.done: list[bool] = [False, False]
        # RULINGS R26: the Replacement Phase is out of the other player's sight until both are done;
        # what he sees meanwhile is the board as it stood when the phase began (empty/-1 otherwise)
        self.rp_loc: list[int] = []  # every block's hex (or POOL) when the phase began
        self.rp_closed: list[int] = []  # hexes of the cities under siege or blockade then (8.1, 8.3)
        self.rp_persia = -1  # Persian support then (9.3)
        # -- end
        self.winner = -1
        self.win_reason = ""
        self.end_after_olympiad = 89
        # -- log: [visibility, text]; visibility -1 = everyone, else the side that may see it
        self.log: list[tuple[int, str]] = []
        # the log list is shared with clones taken since it was last copied (see say, clone)
        self._log_shared = False
        # view.py's memos of what the views read (each keyed by what it was worked out from, so a clone
        # shares them): the cities' entries, and the log lines each side saw
        self.cities_seen: tuple[Any, list[dict[str, Any]]] | None = None
        self.seen_logs: tuple[list[Any], dict[int | None, list[Any]]] | None = None
        self.reset_caches()

    def reset_caches(self) -> None:
        """Forget derived data (never serialised). Call after changing a state by hand (a clone
        shares its original's derived data: change a clone by hand, then call this)."""
        # movement.MoveMenu: the Move Phase menu kept between listings; it checks itself against the
        # state on each listing, so a clone shares it (issue 12)
        self.move_menu: Any = None
        self._legal_key: tuple[str, int] | None = None
        self._legal_val: list[str] = []
        self.occ_cache: Any = None  # common.Occ: who stands where, with the blocks' loc/owner/inside it read
        # (the occupancy (common.Occ), city owners, patrol, lctrl, sctrl) of the last update_control that
        # changed no city's owner
        self.ctrl_memo: tuple[Any, list[int], list[int], tuple[int, ...], tuple[int, ...]] | None = None
        # common.closed_to: per (side, sea, Persian support), the control it was computed from and
        # the hexes that control alone closes
        self.closed_memo: dict[tuple[int, bool, int], tuple[list[int], list[bool]]] = {}
        # replacement.rep_tab: per side, (its key, what the side's Replacement Phase menu rests on)
        self.rep_memo: dict[int, tuple[tuple[Any, ...], Any]] = {}

    # ---------------------------------------------------------------- kernel contract
    # (listing, applying, the views and the outcome: game.AthensSpartaPlay, above the rules)
    def record(self) -> JSON:
        """The kernel's record; a first-edition game names its rules (issue 13)."""
        doc = super().record()
        if self.ed1:
            doc["rules"] = RULES_FIRST
        return doc

    def say(self, text: str, to: int = -1) -> None:
        """Add a log line (``to``: -1 everyone, else only that side sees it)."""
        if self._log_shared:  # copy on write: a clone and its original share the lines written before
            self.log = self.log[:]
            self._log_shared = False
        self.log.append((to, text))

    # ---------------------------------------------------------------- copying
    def clone(self) -> AthensSpartaState:
        # a fresh copy of each mutable field, the others shared (clone is taken at every undo point and
        # by every search; issue 12). The shared fields (game, comp, options, origin, the undo snapshots)
        # are never changed in place.
        c = type(self).__new__(type(self))  # the play class (game.py) of this state
        c._copy_from(self)
        return c

    def _copy_from(self, o: AthensSpartaState) -> None:
        """Take every field of ``o``: the lists copied, the rest shared. Written out field by field: in the
        compiled build each is a native slot (the class's docstring)."""
        self.game = o.game
        self.rng = o.rng.copy()
        self.seed = o.seed
        self.scenario = o.scenario
        self.options = o.options
        self.actions = o.actions[:]
        self.undo_floor = o.undo_floor
        self.reveals = o.reveals
        self.origin = o.origin
        self._undo_snaps = o._undo_snaps
        self.comp = o.comp
        self.ed1 = o.ed1
        self.olympiad = o.olympiad
        self.turn = o.turn
        self.phase = o.phase
        self.deck = o.deck[:]
        self.discard = o.discard[:]
        self.hands = [x[:] for x in o.hands]
        self.played = o.played[:]
        self.revealed_cards = o.revealed_cards
        self.sicily = o.sicily[:]
        self.syracuse_revealed = o.syracuse_revealed
        self.mulligan = o.mulligan[:]
        self.p1 = o.p1
        self.active = o.active
        self.step = o.step
        self.mp = o.mp
        self.storm = o.storm
        self.earthquake = o.earthquake
        self.betrayal = o.betrayal
        self.free_revolt = o.free_revolt
        self.levy = o.levy
        self.hellespont = o.hellespont
        self.persia = o.persia
        self.bid_left = o.bid_left[:]
        self.loc = o.loc[:]
        self.owner = o.owner[:]
        self.strength = o.strength[:]
        self.inside = o.inside[:]
        self.moved = o.moved[:]
        self.came_from = o.came_from[:]
        self.crossed = o.crossed[:]
        self.revealed = o.revealed[:]
        self.halfhit = o.halfhit[:]
        self.start_hex = o.start_hex[:]
        self.new_blocks = o.new_blocks[:]
        self.patrol = o.patrol[:]
        self.city_owner = o.city_owner[:]
        self.revolt_used = o.revolt_used[:]
        self.lctrl = o.lctrl[:]
        self.sctrl = o.sctrl[:]
        self.moving = o.moving
        self.move_kind = o.move_kind
        self.move_left = o.move_left
        self.move_side = o.move_side
        self.move_crossed = o.move_crossed
        self.move_started_in = o.move_started_in
        self.move_path = o.move_path[:]
        self.attacks = o.attacks[:]
        self.no_attack = o.no_attack[:]
        self.fought = o.fought[:]
        self.battle = _copy_dict(o.battle)
        self.pending = _copy_dict(o.pending)
        self.pillage = o.pillage[:]
        self.tasks = [x[:] for x in o.tasks]
        self.bp = o.bp[:]
        self.city_spent = o.city_spent[:]
        self.green_spent = o.green_spent[:]
        self.done = o.done[:]
        self.rp_loc = o.rp_loc[:]
        self.rp_closed = o.rp_closed[:]
        self.rp_persia = o.rp_persia
        self.winner = o.winner
        self.win_reason = o.win_reason
        self.end_after_olympiad = o.end_after_olympiad
        # the log (a line or more an action, so the longest list) is shared, copied by the first of the
        # two to write a line (say, the one place that adds to it; elsewhere it is only replaced whole)
        self.log = o.log
        self._log_shared = o._log_shared = True
        # the derived data that checks itself (the occupancy and control memos, keyed by the blocks
        # and cities they were computed from) or that belongs to the same actions (the legal actions,
        # keyed by the role and the number of actions) is shared: a search that lists a state's
        # actions and then applies one to its clone lists them once, not twice (issue 8, issue 12).
        self.cities_seen = o.cities_seen
        self.seen_logs = o.seen_logs
        self.move_menu = o.move_menu
        self._legal_key = o._legal_key
        self._legal_val = o._legal_val
        self.occ_cache = o.occ_cache
        self.ctrl_memo = o.ctrl_memo
        self.closed_memo = o.closed_memo
        self.rep_memo = o.rep_memo

    def _assign(self, other: State) -> None:
        assert isinstance(other, AthensSpartaState)
        self._copy_from(other)

    def to_json(self) -> JSON:
        """The position document, compact (issue 12; ``"format": 2``): a field equal to its default (a
        fresh state's, before the set-up) is left out; a list of fixed length is written as the
        entries that differ from its reference (a dict ``{"index": value}``; the reference is the
        default, but the land control's for the sea control and the blocks' hexes for their hexes at
        the start of the Player Turn) or, when most differ, whole (a string of digits when every
        entry is 0-9); the action list is one string, a line per action: the role's index, then the
        action. ``load_json`` reads this and the full layout written before (every field, lists
        whole), which stored games and records keep."""
        doc = state_header(self, self.comp.version)
        doc["format"] = FORMAT
        roles = ROLES
        doc["actions"] = "\n".join(f"{roles.index(r)}{a}" for r, a in self.actions)
        defaults = _defaults(self)
        for name in _SCALARS:
            v = getattr(self, name)
            if v != defaults[name]:
                doc[name] = v
        for name in _LISTS:
            v = getattr(self, name)
            ref = getattr(self, _BASE[name]) if name in _BASE else defaults[name]
            if v != ref:
                doc[name] = _encode_list(v, ref)
        if self.battle is not None:
            doc["battle"] = _copy_dict(self.battle)
        if self.pending is not None:
            doc["pending"] = _copy_dict(self.pending)
        doc["log"] = [[to, text] for to, text in self.log]
        if self.patrol:
            doc["patrol"] = list(self.patrol)
        if self.origin is not None:
            doc["origin"] = self.origin
        return doc

    def load_json(self, doc: JSON) -> None:
        """Overwrite fields from a position document: a compact one (``"format": 2``, see
        ``to_json``), whose missing fields take their defaults, or one in the full layout written
        before it (stored games and records), possibly partial (its missing fields keep the values of
        the new game the document's seed set up)."""
        if "rng" in doc:
            self.rng = Rng.from_json(doc["rng"])
        for key in ("seed", "undo_floor", "reveals"):
            if key in doc:
                setattr(self, key, int(doc[key]))
        if "scenario" in doc:
            self.scenario = doc["scenario"]
        if "options" in doc:
            self.options = dict(doc["options"])
            self.ed1 = self.options.get("edition") == EDITION_FIRST
        compact = "format" in doc
        if compact:
            if doc["format"] != FORMAT:
                raise ValueError(f"unknown position document format {doc['format']!r}")
            self._load_compact(doc)
        else:
            if "actions" in doc:
                self.actions = [(str(r), str(a)) for r, a in doc["actions"]]
            load_fields(self, doc, _SCALARS, _LISTS)
            if "battle" in doc:
                self.battle = _copy_dict(doc["battle"])
            if "pending" in doc:
                self.pending = _copy_dict(doc["pending"])
        if "log" in doc:
            self.log = [(int(to), str(text)) for to, text in doc["log"]]
        if "patrol" in doc:
            self.patrol = [int(b) for b in doc["patrol"]]
        if "origin" in doc:
            self.origin = doc["origin"]
        self.reset_caches()

    def _load_compact(self, doc: JSON) -> None:
        """The fields of a compact document (``to_json``); a missing one takes its default."""
        acts = doc.get("actions", "")
        if not isinstance(acts, str):
            raise ValueError("position field 'actions' must be a string in format 2")
        actions = []
        for line in acts.split("\n") if acts else ():
            r = int(line[:1])
            if not 0 <= r < len(ROLES) or len(line) < 2:
                raise ValueError(f"bad action line {line!r}")
            actions.append((ROLES[r], line[1:]))
        self.actions = actions
        defaults = _defaults(self)
        load_scalars(self, doc, _SCALARS, defaults)
        for name in _LISTS:  # a base field (``_BASE``) comes before the fields written against it
            default = defaults[name]
            ref = getattr(self, _BASE[name]) if name in _BASE else default
            setattr(self, name, _decode_list(name, doc[name], ref, default) if name in doc else _copy_list(ref))
        self.battle = _copy_dict(doc["battle"]) if doc.get("battle") is not None else None
        self.pending = _copy_dict(doc["pending"]) if doc.get("pending") is not None else None
        self.patrol = []


# the compact position document (issue 12): see AthensSpartaState.to_json
FORMAT = 2
# lists written against another field rather than their default: the sea control mostly equals the land
# control (4.2), the blocks' hexes at the start of the Player Turn their hexes now (1.4)
_BASE = {"sctrl": "lctrl", "start_hex": "loc"}
_DEFAULTS: dict[int, tuple[Components, dict[str, Any]]] = {}


def _defaults(s: AthensSpartaState) -> dict[str, Any]:
    """The value of every serialised field in a fresh state of these components (before the set-up),
    which a compact document leaves out."""
    hit = _DEFAULTS.get(id(s.comp))
    if hit is not None and hit[0] is s.comp:
        return hit[1]
    cls = type(s)  # the play class (game.py): the state class itself is abstract
    fresh = cls.__new__(cls)
    AthensSpartaState.__init__(fresh, s.game, s.comp, 0, None, {})
    vals = {name: getattr(fresh, name) for name in (*_SCALARS, *_LISTS)}
    _DEFAULTS[id(s.comp)] = (s.comp, vals)
    return vals


def _copy_list(v: list[Any]) -> list[Any]:
    return [x[:] if isinstance(x, list) else x for x in v]


def _encode_list(v: list[Any], ref: list[Any]) -> Any:
    """A list field against its reference: the entries that differ, or the whole list (digits in a string
    when each is 0-9), whichever is shorter; a list of another length than its reference, as it is."""
    if len(v) != len(ref) or (v and isinstance(v[0], list)):
        return _copy_list(v)
    diff = {str(i): int(x) for i, (x, r) in enumerate(zip(v, ref, strict=True)) if x != r}
    if all(type(x) is bool or (type(x) is int and 0 <= x <= 9) for x in v):
        if len(diff) * 6 < len(v):
            return diff
        return "".join(str(int(x)) for x in v)
    if len(diff) * 8 < len(v) * 3:
        return diff
    return [int(x) for x in v]


def _decode_list(name: str, raw: Any, ref: list[Any], default: list[Any]) -> list[Any]:
    """The inverse of :func:`_encode_list`; entries take the type of the default's (bools stay bools)."""
    as_bool = bool(default) and isinstance(default[0], bool)
    if isinstance(raw, str):
        if not raw.isdigit():
            raise ValueError(f"position field {name!r}: not a string of digits")
        out: list[Any] = [int(ch) for ch in raw]
    elif isinstance(raw, dict):
        out = _copy_list(ref)
        for key, x in raw.items():
            i = int(key)
            if not 0 <= i < len(out):
                raise ValueError(f"position field {name!r}: no entry {i}")
            out[i] = int(x)
    elif isinstance(raw, list):
        out = [x[:] if isinstance(x, list) else x for x in raw]
        if out and not isinstance(out[0], list):
            out = [int(x) for x in out]
    else:
        raise ValueError(f"position field {name!r} must be a list, a dict or a string")
    if as_bool:
        out = [bool(x) for x in out]
    return out


def _copy_dict(d: dict[str, Any] | None) -> dict[str, Any] | None:
    if d is None:
        return None
    out: dict[str, Any] = {}
    for k, v in d.items():
        out[k] = list(v) if isinstance(v, list) else v
    return out
