"""The Peloponnesian War: the state of one game — plain data, cheap to clone, exact JSON round trip.

Every piece of game data the rules need is a field here, by space, side, nationality and type
(the indices of ``model.py``). The rules that change it live in the rule modules, each headed by
its rule numbers: ``political.py`` (2.x), ``strategy.py`` (3.x), ``operations.py`` (4.x),
``combat.py`` (5.x), ``rebellion.py`` (6.x), ``administration.py`` (7.x), ``armistice.py`` (8.x),
``victory.py`` (9.0, 10.x); ``rules.py`` runs the sequence of play (1.4) as a stack of tasks.
``/tmp/pw/INTERFACE.md`` (and the module docstrings) say how a rule module adds a task, asks a
side for a decision, logs a line and rolls a die.

Strength Points are counted, not individual counters (1.1.2: "make change" freely): ``sp[space]``
is a list of 12 counts, index ``nationality * 3 + unit type`` (:func:`slot`). A clone shares the rows
of ``sp`` and ``moved`` with its original (the kernel clones before nearly every step, to undo): a row
is copied by the first change after a clone (:meth:`PWState.writable`), so change them through the
helpers below or assign a new row, never in place.

The game is open: the map, the treasuries, Bellicosity, SCI, strategies and every die roll are
public (the matrix side's decisions too: on paper the solitaire player rolls them). Nothing in a
view is hidden but the generator's state and what is still to come.

Layers (issue 12): this module sits under the rule procedures, which import it; the kernel
contract's listing, applying and view come from them and from ``view.py``, in ``game.py``'s
:class:`~polemos.games.peloponnesian_war.game.PWPlay`, the class a game's states have. ``PWState``
holds the data and the procedures every rule reads (control, forces, leaders, the log, the dice).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from polemos.core.game import JSON, Outcome, Role, State
from polemos.core.plain import copy_header, dump_fields, load_fields, state_header
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war.geography import zoi
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    DELIAN,
    HOPLITE,
    LEAGUE_OF_SIDE,
    NATIONALITIES,
    NATIONALITY_SIDE,
    NAVAL,
    NEUTRAL,
    NO,
    PELOPONNESIAN,
    SIDES,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
    UNIT_TYPES,
    Components,
)

if TYPE_CHECKING:
    from polemos.core.game import Game

# -- the task machinery's types (rules.py merges every rule module's TASKS, LEGAL and APPLY)
Task = list[int | str]
TaskFn = Callable[["PWState", Task], None]
LegalFn = Callable[["PWState", int], list[str]]
ApplyFn = Callable[["PWState", int, str], None]

# -- slots of a force: 12 counts, nationality * 3 + type -----------------------------------------
NSLOTS = len(NATIONALITIES) * len(UNIT_TYPES)
assert len(UNIT_TYPES) == 3  # (slot() written out in the hot helpers: nationality * 3 + type)


def slot(nationality: int, unit_type: int) -> int:
    """The index of (nationality, unit type) in a force's 12 counts."""
    return nationality * len(UNIT_TYPES) + unit_type


SLOT_NATIONALITY = tuple(i // len(UNIT_TYPES) for i in range(NSLOTS))
SLOT_TYPE = tuple(i % len(UNIT_TYPES) for i in range(NSLOTS))
SLOT_SIDE = tuple(NATIONALITY_SIDE[n] for n in SLOT_NATIONALITY)
SIDE_SLOTS = (tuple(i for i in range(NSLOTS) if SLOT_SIDE[i] == ATHENS),
              tuple(i for i in range(NSLOTS) if SLOT_SIDE[i] == SPARTA))
# a side's slots are contiguous (its own nationality, then its allies): slices for speed
SIDE_RANGE = tuple((min(SIDE_SLOTS[x]), max(SIDE_SLOTS[x]) + 1) for x in (ATHENS, SPARTA))
assert all(SIDE_SLOTS[x] == tuple(range(*SIDE_RANGE[x])) for x in (ATHENS, SPARTA))
SIDE_TYPE_SLOTS = tuple(tuple(tuple(i for i in SIDE_SLOTS[x] if SLOT_TYPE[i] == t) for t in range(len(UNIT_TYPES)))
                        for x in (ATHENS, SPARTA))
SIDE_LAND_SLOTS = tuple(tuple(i for i in SIDE_SLOTS[x] if SLOT_TYPE[i] != NAVAL) for x in (ATHENS, SPARTA))
#: a side's part of a force (its slots, as a slice), for ``map`` over every space's row at C speed
SIDE_PART = tuple(itemgetter(slice(*SIDE_RANGE[x])) for x in (ATHENS, SPARTA))
LAND_TYPES = (HOPLITE, CAVALRY)
OWN_NATIONALITY = (ATHENIAN, SPARTAN)  # the side's own (not allied) nationality
ALLIED_NATIONALITY = (ATHENIAN_ALLIED, SPARTAN_ALLIED)

# -- modes and roles -----------------------------------------------------------------------------
SOLITAIRE, FIXED, TWO = "solitaire", "fixed", "two-player"
MODES = (SOLITAIRE, FIXED, TWO)
TWO_ROLES: tuple[Role, Role] = ("athens", "sparta")  # two-player: a role per side
SOLO_ROLES: tuple[Role, Role] = ("player", "matrix")  # solitaire: the player, and the matrix side (no seat)

# -- leader locations besides a space index (leader_at) ------------------------------------------
LD_AVAILABLE = -1  # in the side's pool: may be selected (2.4, 4.3)
LD_OUT = -2  # removed for the rest of the game turn (4.1.3, 4.6, 5.4, 5.7); available next turn
LD_GOING_HOME = -3  # in the Going Home Box (4.4.2, 4.6); out for the rest of the turn
LD_DEAD = -4  # a casualty: out of play (Random Event "Leader Deaths", scenario casualties)
LD_NAMES = {LD_AVAILABLE: "available", LD_OUT: "out this turn", LD_GOING_HOME: "Going Home Box",
            LD_DEAD: "casualty"}

# -- rebellion status of a space (rebellion) -----------------------------------------------------
NOT_REBEL = NO  # not in rebellion
REBEL_OPEN = 2  # a neutral space in rebellion, friendly to whichever side's Army first enters it (4.5)
# else ATHENS / SPARTA: the side the space has become friendly to (2.3)

# -- phases of the sequence of play (1.4) --------------------------------------------------------
PH_SETUP, PH_POLITICAL, PH_STRATEGY, PH_OPERATIONS, PH_COMBAT, PH_REBELLION, PH_ADMIN, PH_ARMISTICE, PH_OVER = range(9)
PHASE_NAMES = ("set-up", "Political Phase (2.0)", "Strategic Planning Phase (3.0)", "Operations Phase (4.0)",
               "Combat Phase (5.0)", "Rebellion Phase (6.0)", "Administrative Phase (7.0)",
               "Armistice and Surrender Phase (8.0)", "game over")

# Scalar fields serialised as-is (ints, bools, strings)
_SCALARS = (
    "mode", "player", "switches", "turn", "last_turn", "phase", "segment", "home_guard", "first_player",
    "op_side", "nicias", "armistice_used", "armistice_turns", "helot", "attica_ravaged_prev",
    "delian_rebellion_due", "leader_deaths", "winner", "end_reason", "decisive",
)
# List fields (lists of ints/bools, or lists of lists)
_LISTS = (
    "sp", "moved", "going_home", "control", "colour", "coalition", "rebellion", "siege", "ravaged",
    "leader_at", "serves", "commander", "treasury", "bellicosity", "bell_loss", "sci", "vp", "strategy",
    "hostages", "ops", "passed", "naval_lost", "revenue_adjust", "power_status", "power_changes",
    "events_done", "tasks",
)
_DICTS = ("pending", "op", "combat")
_NESTED_LISTS = ("sp", "moved", "tasks")  # lists of lists (the others hold ints or bools)
_FLAT_LISTS = tuple(name for name in _LISTS if name not in _NESTED_LISTS)
# lists of lists whose rows clones share: sp and moved until one changes them (writable), the tasks
# always (a task is never changed once pushed: push)
_SHARED_ROWS = ("sp", "moved", "tasks")


@mypyc_attr(allow_interpreted_subclasses=True)
class PWState(State):
    """One situation of a game of The Peloponnesian War.

    In the compiled build (``polemos.core.native``) a native class: its fields are the ones set in
    ``__init__`` and ``reset_caches`` (slots, read natively by the compiled rule procedures; issue 12), so
    they are copied, saved and loaded by name, never through ``__dict__``. The play class
    (``game.PWPlay``) subclasses it."""

    def __init__(self, game: Game, comp: Components, seed: int, scenario: str | None, options: JSON) -> None:
        self.game = game
        self.comp = comp
        self.rng = Rng(seed)
        self.seed = seed
        self.scenario = scenario
        self.options = dict(options)
        self.actions = []
        self.undo_floor = 0
        self.reveals = 0
        self.origin = None
        ns, nl, npw = len(comp.spaces), len(comp.leaders), len(comp.powers)
        # -- who plays what (1.2, 2.1)
        self.mode = str(options.get("mode", SOLITAIRE))
        self.player = ATHENS  # solitaire: the side the player commands now (2.1); two-player: unused
        self.switches = 0  # side changes so far (2.1; 10.2, 10.4 end on the second)
        # -- time (1.2, 1.4)
        self.turn = 1
        self.last_turn = 10
        self.phase = PH_SETUP
        self.segment = ""  # the segment in progress, for views ("2.2 Random Event Segment")
        # -- forces (1.1.2): SPs by space, [nationality * 3 + type]
        self.sp: list[list[int]] = [[0] * NSLOTS for _ in range(ns)]
        self.moved: list[list[int]] = [[0] * NSLOTS for _ in range(ns)]  # of sp: moved in an army this turn (4.3)
        self.going_home: list[int] = [0] * NSLOTS  # the Going Home Box (1.3, 4.9, 5.4)
        self.home_guard = 0  # of Sparta's Spartan Hoplite SPs: the Home Guard, never moved (4.1.1)
        # -- spaces
        self.control: list[int] = [NO] * ns  # ATHENS / SPARTA / NO (1.3 Control), kept by recontrol()
        self.colour: list[int] = [NO] * ns  # the side a space is colour-coded for now (league, power, rebellion)
        self.coalition: list[int] = [sp.coalition for sp in comp.spaces]  # coalition space of (4.5, 5.9)
        self.rebellion: list[int] = [NOT_REBEL] * ns  # NOT_REBEL / REBEL_OPEN / side it is friendly to
        self.siege: list[bool] = [False] * ns  # Siege marker (5.1)
        self.ravaged: list[bool] = [False] * ns  # Ravaged marker (4.8, 5.3; removed 8.4)
        # -- leaders (1.1.2, 2.4)
        self.leader_at: list[int] = [LD_AVAILABLE] * nl  # a space, or LD_*
        self.serves: list[int] = [lead.side for lead in comp.leaders]  # ATHENS / SPARTA / PERSIA (3.1)
        self.commander: list[int] = [NO, NO]  # by side: the leader of its first operation (2.4)
        # -- the Strategy Matrixes' records (1.3)
        self.treasury: list[int] = [0, 0]  # talents
        self.bellicosity: list[int] = [0, 0]
        self.bell_loss: list[int] = [0, 0]  # reductions due in 8.1 (2.2 "-2 side", 6.3)
        self.sci: list[int] = [0, 0]  # -6..6 (1.3)
        self.vp: list[int] = [0, 0]  # by role index (roles()): the score (9.0)
        self.strategy: list[int] = [NO, NO]  # by side: index into comp.matrixes[side].strategies (3.1)
        self.hostages: list[bool] = [False, False]  # by side: holds hostages (5.6), until an armistice
        # -- the Operations Phase (4.0-4.3); operations.py keeps the operation in progress in ``op``
        self.first_player = NO  # the side that conducts the first operation this turn (4.0), NO: not yet
        self.op_side = NO  # the side to conduct the next operation, NO: none yet
        self.ops: list[int] = [0, 0]  # by side: operations conducted this turn
        self.passed: list[bool] = [False, False]  # by side: has passed (4.3)
        self.op: dict[str, Any] | None = None  # operations.py's own plain-JSON bookkeeping
        self.combat: dict[str, Any] | None = None  # combat.py's own plain-JSON bookkeeping
        # -- this turn's facts other rules read
        self.naval_lost: list[int] = [0, 0]  # by side: Naval SPs eliminated this turn (10.1 Sicilian Disaster)
        self.revenue_adjust: list[int] = [0, 0]  # by side: talents off this turn's revenue (6.3)
        self.nicias = False  # 2.4: the "Nicias +1" side of the game turn marker (8.3)
        self.leader_deaths = False  # 2.2 "Leader Deaths" rolled this turn (5.7)
        self.attica_ravaged_prev = False  # a space in Attica was ravaged last turn (Random Event 6; set at 8.4)
        self.delian_rebellion_due = False  # 10.1 Sicilian Disaster: a Delian League rebellion next turn
        self.helot = False  # 6.3: a Helot rebellion was in effect last turn (consecutive turns)
        # -- neutral powers (4.5)
        self.power_status: list[int] = [NO] * npw  # NO neutral, else the side it is an active ally of
        self.power_changes: list[int] = [0] * npw  # times it changed sides (10.3.4)
        self.events_done: list[int] = []  # rolls of the "once" Random Events that occurred (2.2)
        # -- armistice (8.3)
        self.armistice_used = False
        self.armistice_turns = 0
        # -- the procedure still to run: a stack of [name, args...] (rules.advance pops the last)
        self.tasks: list[list[int | str]] = []
        self.pending: dict[str, Any] | None = None  # the decision asked: {"kind", "side", ...}
        # -- the end
        self.winner = ""  # a role, "draw", or "" while the game goes on
        self.end_reason = ""
        self.decisive = False  # 10.1.5
        # -- log: (visibility, text); visibility -1 = everyone, else the side that may see it
        self.log: list[tuple[int, str]] = []
        self.reset_caches()

    def reset_caches(self) -> None:
        """Forget derived data (never serialised). Call after changing a state by hand."""
        self._legal_key: tuple[str, int] | None = None
        self._legal_val: list[str] = []
        self._dirty = True  # everything recontrol reads may have changed since it last ran (touch)
        self._dirty_spaces: set[int] = set()  # the spaces whose SPs, rebellion or siege changed since
        self._occ: list[list[bool]] | None = None  # occupied(): by side, by space (None: to be computed)
        self._occ_dirty: set[int] = set()  # the spaces whose SPs changed since occupied() last looked
        self._closed_alone: dict[tuple[int, frozenset[int]], frozenset[int]] = {}  # closed_to_leader()
        self._on_map: list[int] | None = None  # in_play(): SPs on the map by slot (add_sps, remove_sps and
        # the army's moves keep it; None: to be counted again)
        self._own: set[int] = set()  # the spaces whose sp and moved rows no clone shares (writable)

    def writable(self, space: int) -> tuple[list[int], list[int]]:
        """The ``sp`` and ``moved`` rows of ``space``, this state's own to change in place. A clone
        copies no row (:meth:`clone`: both keep the same row lists), so the first change of a space's
        rows after a clone copies them; a space not in ``_own`` may share its rows."""
        sp, moved = self.sp, self.moved
        if space not in self._own:
            self._own.add(space)
            sp[space] = sp[space][:]
            moved[space] = moved[space][:]
        return sp[space], moved[space]

    def was_listed(self, action: str) -> bool:
        """Whether ``action`` is in the listing of legal actions kept for this very position (the
        kernel checks an action against that listing before it applies it), so that applying it need
        not list them all again."""
        key = self._legal_key
        return key is not None and key[1] == len(self.actions) and action in self._legal_val

    def touch(self, space: int = NO) -> None:
        """Note that the SPs, rebellion or siege of ``space`` changed (NO: a neutral power or a
        coalition, anything): control is recomputed (:meth:`settle`) before the next task runs."""
        if space == NO:
            self._dirty = True
            self._occ = None
        else:
            self._dirty_spaces.add(space)
            self._occ_dirty.add(space)
        self._on_map = None

    def settle(self) -> None:
        """Recompute control (1.3) where something it reads changed since it last ran (:meth:`touch`);
        the rules call this after every task and action. The same as :meth:`recontrol`, which is
        idempotent: a space nothing touched would keep its colour and control."""
        if self._dirty:
            self.recontrol()
        elif self._dirty_spaces:
            spaces = self._dirty_spaces
            self._dirty_spaces = set()
            self._control_spaces(spaces)

    # ================================================================ who decides
    def roles(self) -> tuple[Role, ...]:
        return TWO_ROLES if self.mode == TWO else SOLO_ROLES

    def automatic(self, side: int) -> bool:
        """Whether ``side`` is the matrix side now (solitaire: not the player's): the rules decide for
        it, from its Strategy Matrix (1.3), never by asking."""
        return self.mode != TWO and side != self.player

    def role_of(self, side: int) -> Role:
        """The role that commands ``side`` now."""
        if self.mode == TWO:
            return TWO_ROLES[side]
        return SOLO_ROLES[0] if side == self.player else SOLO_ROLES[1]

    def side_of(self, role: Role | None) -> int:
        """The side ``role`` commands now (NO for a spectator or an unknown role)."""
        if role is None:
            return NO
        if self.mode == TWO:
            return TWO_ROLES.index(role) if role in TWO_ROLES else NO
        if role == SOLO_ROLES[0]:
            return self.player
        if role == SOLO_ROLES[1]:
            return 1 - self.player
        return NO

    # ================================================================ kernel contract (the rest: game.PWPlay)
    def active_roles(self) -> tuple[Role, ...]:
        p = self.pending
        if p is None or self.winner:
            return ()
        return (self.role_of(int(p["side"])),)

    def outcome(self) -> Outcome | None:
        if not self.winner:
            return None
        roles = self.roles()
        return Outcome(None if self.winner == "draw" else self.winner, self.end_reason,
                       {roles[0]: self.vp[0], roles[1]: self.vp[1]})

    # ================================================================ tasks, decisions, log, dice
    def push(self, *tasks: list[int | str]) -> None:
        """Add tasks to run next, in the order given (the first runs first). A task list is never
        changed once pushed (the rules read it; :meth:`clone` shares it), so it is kept as given."""
        if len(tasks) == 1:
            self.tasks.append(tasks[0])
        else:
            self.tasks.extend(reversed(tasks))

    def ask(self, kind: str, side: int, **data: Any) -> None:
        """Ask ``side`` for a decision of ``kind`` (its LEGAL/APPLY functions answer it). Never for the
        matrix side (``automatic``): the rules decide for it."""
        if self.automatic(side):
            raise AssertionError(f"the matrix side ({SIDES[side]}) is never asked ({kind})")
        self.pending = {"kind": kind, "side": side, **data}

    def say(self, rule: str, text: str, to: int = -1) -> None:
        """Log a line naming its rule ("5.2.1 land battle at Plataea: ..."); ``to``: -1 everyone,
        else only that side sees it (nothing in this game is secret, so -1 is the rule)."""
        self.log.append((to, f"{rule} {text}" if rule else text))

    def d6(self) -> int:
        """One die (1.1.3), from the state's generator (scriptable in tests: core.rng.script_dice)."""
        return self.rng.d6()

    def pick(self, items: list[int] | tuple[int, ...]) -> int:
        """A random choice among equal options (1.1.3 "equal die roll ranges")."""
        if not items:
            raise AssertionError("a random choice among no options")
        return items[0] if len(items) == 1 else self.rng.choice(items)

    # ================================================================ forces
    def side_sps(self, space: int, side: int) -> int:
        lo, hi = SIDE_RANGE[side]
        return sum(self.sp[space][lo:hi])

    def type_sps(self, space: int, side: int, unit_type: int) -> int:
        f = self.sp[space]
        a, b = SIDE_TYPE_SLOTS[side][unit_type]
        return f[a] + f[b]

    def land_sps(self, space: int, side: int) -> int:
        f = self.sp[space]
        return sum(f[i] for i in SIDE_LAND_SLOTS[side])

    def occupant(self, space: int) -> int:
        """The side with SPs in ``space`` (ATHENS/SPARTA), NO if empty, 2 if both (a siege or a battle)."""
        a, s = self.side_sps(space, ATHENS) > 0, self.side_sps(space, SPARTA) > 0
        return 2 if a and s else ATHENS if a else SPARTA if s else NO

    def add_sps(self, space: int, nationality: int, unit_type: int, n: int) -> None:
        i = nationality * 3 + unit_type  # slot()
        if space not in self._own:
            self.writable(space)
        self.sp[space][i] += n
        self._dirty_spaces.add(space)
        self._occ_dirty.add(space)
        if self._on_map is not None:
            self._on_map[i] += n

    def army_in(self, space: int, i: int, n: int) -> None:
        """``n`` SPs of slot ``i`` of a moving army enter ``space``: they count as moved there (4.3)."""
        if space not in self._own:
            self.writable(space)
        self.sp[space][i] += n
        self.moved[space][i] += n
        self._dirty_spaces.add(space)
        self._occ_dirty.add(space)
        if self._on_map is not None:
            self._on_map[i] += n

    def army_out(self, space: int, i: int, n: int) -> None:
        """``n`` SPs of slot ``i`` of a moving army leave ``space``, where they were moved SPs."""
        if space not in self._own:
            self.writable(space)
        self.sp[space][i] -= n
        self.moved[space][i] -= n
        self._dirty_spaces.add(space)
        self._occ_dirty.add(space)
        if self._on_map is not None:
            self._on_map[i] -= n

    def remove_sps(self, space: int, nationality: int, unit_type: int, n: int) -> None:
        """Take ``n`` SPs off the map (to move them elsewhere); ``moved`` shrinks with them."""
        i = slot(nationality, unit_type)
        if n > self.sp[space][i]:
            raise AssertionError(f"only {self.sp[space][i]} {NATIONALITIES[nationality]} {UNIT_TYPES[unit_type]} "
                                 f"SPs in {self.comp.spaces[space].name}, not {n}")
        if space not in self._own:
            self.writable(space)
        self.sp[space][i] -= n
        self._dirty_spaces.add(space)
        self._occ_dirty.add(space)
        if self._on_map is not None:
            self._on_map[i] -= n
        self.moved[space][i] = min(self.moved[space][i], self.sp[space][i])
        if (space == self.comp.space_index["sparta"] and nationality == SPARTAN and unit_type == HOPLITE):
            self.home_guard = min(self.home_guard, self.sp[space][i])

    def eliminate(self, space: int, nationality: int, unit_type: int, n: int) -> None:
        """Eliminate ``n`` SPs (combat losses, skirmishes, storms, events); counts the Naval SPs each
        side lost this turn (10.1 Sicilian Disaster)."""
        self.remove_sps(space, nationality, unit_type, n)
        if unit_type == NAVAL:
            self.naval_lost[NATIONALITY_SIDE[nationality]] += n

    def to_going_home(self, space: int, nationality: int, unit_type: int, n: int) -> None:
        """Move ``n`` SPs from ``space`` to the Going Home Box (1.3)."""
        self.remove_sps(space, nationality, unit_type, n)
        self.going_home[slot(nationality, unit_type)] += n

    def in_play(self, nationality: int, unit_type: int) -> int:
        """SPs of a nationality and type on the map or in the Going Home Box (1.1.2)."""
        i = nationality * 3 + unit_type  # slot()
        on_map = self._on_map  # (kept by add_sps, remove_sps, army_in, army_out; touch and recontrol forget it)
        if on_map is None:
            on_map = self._on_map = [sum(row) for row in zip(*self.sp, strict=True)] if self.sp else [0] * NSLOTS
        return self.going_home[i] + on_map[i]

    def unbuilt(self, nationality: int, unit_type: int) -> int:
        """SPs the counter mix still holds (1.1.2: never more in play than the mix)."""
        return max(0, self.comp.mix[nationality][unit_type] - self.in_play(nationality, unit_type))

    def side_zoi(self, side: int, combat_phase: bool = False) -> set[int]:
        """Every space in the ZOI of some force of ``side`` (1.3, geography.zoi: 4.1.2, 5.3.1)."""
        out: set[int] = set()
        for i in compress(range(len(self.sp)), self.occupied(side)):
            out |= self.zoi_of(i, side, combat_phase)
        return out

    def zoi_of(self, space: int, side: int, combat_phase: bool = False) -> frozenset[int]:
        """The ZOI of ``side``'s SPs in ``space`` (1.3, geography.zoi), which must hold some."""
        f = self.sp[space]
        (h1, h2), (c1, c2), (n1, n2) = SIDE_TYPE_SLOTS[side]
        return zoi(self.comp, space, side, f[h1] + f[h2], f[c1] + f[c2], f[n1] + f[n2], combat_phase)

    def occupied(self, side: int) -> list[bool]:
        """For each space, whether ``side`` has SPs in it (kept between calls and brought up to date
        for the spaces :meth:`touch`, :meth:`add_sps` or :meth:`remove_sps` named; a change by hand
        calls :meth:`recontrol` or :meth:`reset_caches`). The list is the state's own: read it only."""
        occ = self._occ
        sps = self.sp
        if occ is None:
            occ = self._occ = [list(map(any, map(SIDE_PART[ATHENS], sps))), list(map(any, map(SIDE_PART[SPARTA], sps)))]
            self._occ_dirty = set()
            self._closed_alone = {}
        elif self._occ_dirty:
            self._closed_alone = {}
            (a_lo, a_hi), (s_lo, s_hi) = SIDE_RANGE
            athens, sparta = occ
            for i in self._occ_dirty:
                f = sps[i]
                athens[i] = any(f[a_lo:a_hi])
                sparta[i] = any(f[s_lo:s_hi])
            self._occ_dirty = set()
        return occ[side]

    def closed_to_leader(self, side: int, closed: frozenset[int]) -> frozenset[int]:
        """4.1.1 (RULINGS P72): ``closed`` (the spaces closed to any stack of ``side``) and every space
        a leader of ``side`` moving alone may not enter: without a friendly Force, colour-coded for the
        enemy or holding enemy units. Remembered until an SP moves or control is recomputed."""
        mine, theirs = self.occupied(side), self.occupied(1 - side)  # (first: it forgets what changed)
        key = (side, closed)
        found = self._closed_alone.get(key)
        if found is None:
            enemy = 1 - side
            out = set(closed)
            shut = [not friend and (foe or colour == enemy)
                    for friend, foe, colour in zip(mine, theirs, self.colour, strict=True)]
            out.update(compress(range(len(shut)), shut))
            found = self._closed_alone[key] = frozenset(out)
        return found

    # ================================================================ the Strategy Matrix records
    def add_sci(self, side: int, delta: int) -> None:
        """Change a side's SCI, kept within -6 and 6 (1.3)."""
        fig = self.comp.figures
        self.sci[side] = max(fig.sci_min, min(fig.sci_max, self.sci[side] + delta))

    # ================================================================ leaders
    def leaders_of(self, side: int) -> list[int]:
        """Leaders serving ``side`` (3.1: Alcibiades may serve Persia, then neither side)."""
        return [i for i in range(len(self.comp.leaders)) if self.serves[i] == side]

    def available_leaders(self, side: int) -> list[int]:
        """Leaders ``side`` may select (2.4, 4.3): serving it, not casualties, not out this turn,
        not on the map."""
        return [i for i in self.leaders_of(side) if self.leader_at[i] == LD_AVAILABLE]

    def leaders_at(self, space: int, side: int) -> list[int]:
        """Leaders serving ``side`` in ``space`` (in index order)."""
        if space not in self.leader_at:
            return []
        serves = self.serves
        return [i for i, at in enumerate(self.leader_at) if at == space and serves[i] == side]

    # ================================================================ treasury (7.1.5)
    def treasury_floor(self, side: int) -> int:
        """7.1.5 Athenian Emergency Fund: the lowest balance Athens' treasury may reach by spending
        (1000 talents), unless 10 or more Delian League spaces are in rebellion or the enemy has
        captured Piraeus or Decelea (10.4.3: so not in the Fall of Athens). Sparta: 0."""
        if side != ATHENS:
            return 0
        fig = self.comp.figures
        static = _static(self.comp)
        status = static.delian_get(self.rebellion)  # the Delian League spaces' (never empty)
        rebels = status.count(SPARTA) + status.count(REBEL_OPEN)  # not NOT_REBEL, not ATHENS
        if rebels >= fig.emergency_fund_rebellions:
            return 0
        control = self.control
        for space in static.piraeus_decelea:
            if control[space] == SPARTA:
                return 0
        return fig.emergency_fund

    def spendable(self, side: int) -> int:
        """Talents ``side`` may spend now (7.1.5)."""
        return max(0, self.treasury[side] - self.treasury_floor(side))

    # ================================================================ control (1.3)
    def league_side(self, space: int) -> int:
        """The side whose League ``space`` began in (1.1.1 colour coding), NO for a neutral."""
        a = self.comp.spaces[space].alignment
        return NO if a == NEUTRAL else (ATHENS if a == DELIAN else SPARTA)

    def recontrol(self) -> None:
        """Recompute ``colour`` and ``control`` of every space (1.3 Control).

        Colour: the League a space began in (1.1.1); a neutral power's spaces once active take the
        colour of the side it joined (4.5); a space in rebellion is friendly to the enemy side
        (2.3), a neutral one to the side whose Army first entered it (4.5; REBEL_OPEN until then).
        Control: (a) colour-coded for the side and no enemy units in it, or (b) not colour-coded for
        the side and occupied by a friendly unit. Under a Siege marker the besieged keep it (5.1).
        The Euxine is no one's (RULINGS P3). RULINGS P33."""
        self._dirty = False
        self._dirty_spaces = set()
        self._control_spaces(range(len(self.sp)))
        self._occ = None  # (a change by hand: occupied() and in_play() look again)
        self._on_map = None

    def _control_spaces(self, spaces: Iterable[int]) -> None:
        """:meth:`recontrol` for ``spaces`` (then the 5.9 stand-ins, which read any space's control)."""
        self._closed_alone = {}  # (colours may change)
        static = _static(self.comp)
        power_status, rebellion, siege, control, colour_of = (self.power_status, self.rebellion, self.siege,
                                                              self.control, self.colour)
        (a_lo, a_hi), (s_lo, s_hi) = SIDE_RANGE
        sps = self.sp
        for i in spaces:
            f = sps[i]
            colour, power, edge = static.space[i]
            if power != NO and power_status[power] != NO:
                colour = power_status[power]
            reb = rebellion[i]
            if reb in (ATHENS, SPARTA):
                colour = reb
            elif reb == REBEL_OPEN:
                colour = NO
            colour_of[i] = colour
            if edge:
                control[i] = NO
                continue
            if siege[i] and control[i] != NO:
                continue  # 5.1: the besieged side keeps its fortress until the siege is resolved
            a, s = any(f[a_lo:a_hi]), any(f[s_lo:s_hi])
            if colour != NO:
                enemy_in = s if colour == ATHENS else a
                friend_in = a if colour == ATHENS else s
                if not enemy_in:
                    control[i] = colour
                elif not friend_in:
                    control[i] = 1 - colour
                elif control[i] == NO:
                    control[i] = colour
                # both in it: a battle or a siege is due; control stays as it was
            elif a != s:
                control[i] = ATHENS if a else SPARTA
            elif not a:
                control[i] = NO
        # 5.9: while Chios (captured or in rebellion) is lost, Samos stands in as a coalition space
        for i, other, owner, own in static.stand_ins:
            lost = rebellion[other] != NOT_REBEL or control[other] == 1 - owner
            self.coalition[i] = owner if lost else own

    def captured(self, space: int, side: int) -> bool:
        """A League or coalition space of ``side`` controlled by the enemy (7.1, 8.1)."""
        return self.control[space] == 1 - side and self.rebellion[space] == NOT_REBEL

    def lost_spaces(self, side: int) -> list[int]:
        """8.1, 7.1: the League and coalition spaces of ``side`` in rebellion, captured or ravaged."""
        out = []
        for i, sp in enumerate(self.comp.spaces):
            if sp.alignment == LEAGUE_OF_SIDE[side] or self.coalition[i] == side:
                if self.rebellion[i] != NOT_REBEL or self.captured(i, side) or self.ravaged[i]:
                    out.append(i)
        return out

    # ================================================================ copying
    def clone(self) -> PWState:
        c = type(self).__new__(type(self))  # the play class (game.py) of this state
        c._copy_from(self)
        return c

    def _copy_from(self, o: PWState) -> None:
        """Take every field of ``o`` (``_SCALARS``, ``_LISTS``, ``_DICTS``, the log), its derived data
        forgotten: the flat lists copied, the rows of ``sp``, ``moved`` and ``tasks`` shared (a row of sp or
        moved is copied before it changes: :meth:`writable`; a task is never changed), the plain dicts copied.
        Written out field by field, not through ``__dict__``: in the compiled build each is a native slot
        (issue 12; the kernel's State's docstring)."""
        copy_header(o, self)
        self.comp = o.comp
        self.mode = o.mode
        self.player = o.player
        self.switches = o.switches
        self.turn = o.turn
        self.last_turn = o.last_turn
        self.phase = o.phase
        self.segment = o.segment
        self.home_guard = o.home_guard
        self.first_player = o.first_player
        self.op_side = o.op_side
        self.nicias = o.nicias
        self.armistice_used = o.armistice_used
        self.armistice_turns = o.armistice_turns
        self.helot = o.helot
        self.attica_ravaged_prev = o.attica_ravaged_prev
        self.delian_rebellion_due = o.delian_rebellion_due
        self.leader_deaths = o.leader_deaths
        self.winner = o.winner
        self.end_reason = o.end_reason
        self.decisive = o.decisive
        self.going_home = o.going_home[:]
        self.control = o.control[:]
        self.colour = o.colour[:]
        self.coalition = o.coalition[:]
        self.rebellion = o.rebellion[:]
        self.siege = o.siege[:]
        self.ravaged = o.ravaged[:]
        self.leader_at = o.leader_at[:]
        self.serves = o.serves[:]
        self.commander = o.commander[:]
        self.treasury = o.treasury[:]
        self.bellicosity = o.bellicosity[:]
        self.bell_loss = o.bell_loss[:]
        self.sci = o.sci[:]
        self.vp = o.vp[:]
        self.strategy = o.strategy[:]
        self.hostages = o.hostages[:]
        self.ops = o.ops[:]
        self.passed = o.passed[:]
        self.naval_lost = o.naval_lost[:]
        self.revenue_adjust = o.revenue_adjust[:]
        self.power_status = o.power_status[:]
        self.power_changes = o.power_changes[:]
        self.events_done = o.events_done[:]
        # _SHARED_ROWS: the outer lists copied, the rows shared; neither state owns a row any more
        self.sp = o.sp[:]
        self.moved = o.moved[:]
        self.tasks = o.tasks[:]
        o._own = set()
        self.pending = _plain_copy(o.pending)
        self.op = _plain_copy(o.op)
        self.combat = _plain_copy(o.combat)
        self.log = o.log[:]
        self.reset_caches()

    def _assign(self, other: State) -> None:
        assert isinstance(other, PWState)
        self._copy_from(other)

    def to_json(self) -> JSON:
        doc = state_header(self, self.comp.version)
        dump_fields(self, doc, _SCALARS, _LISTS)
        for name in _DICTS:
            doc[name] = _plain_copy(getattr(self, name))
        doc["log"] = [[to, text] for to, text in self.log]
        if self.origin is not None:
            doc["origin"] = self.origin
        return doc

    def load_json(self, doc: JSON) -> None:
        """Overwrite fields from a (possibly partial) position document."""
        if "rng" in doc:
            self.rng = Rng.from_json(doc["rng"])
        for key in ("seed", "undo_floor", "reveals"):
            if key in doc:
                setattr(self, key, int(doc[key]))
        if "scenario" in doc:
            self.scenario = doc["scenario"]
        if "options" in doc:
            self.options = dict(doc["options"])
        if "actions" in doc:
            self.actions = [(str(r), str(a)) for r, a in doc["actions"]]
        load_fields(self, doc, _SCALARS, _LISTS)
        for name in _DICTS:
            if name in doc:
                value = doc[name]
                if value is not None and not isinstance(value, dict):
                    raise ValueError(f"position field {name!r} must be an object or null")
                setattr(self, name, _plain_copy(value))
        if "log" in doc:
            self.log = [(int(to), str(text)) for to, text in doc["log"]]
        if "origin" in doc:
            self.origin = doc["origin"]
        self.reset_caches()


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars; tuples become lists, keys strings)."""
    kind = type(value)
    if kind is dict:
        return {str(k): v if type(v) in _ATOMS else _plain_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else _plain_copy(v) for v in value]
    if kind in _ATOMS:
        return value
    if isinstance(value, dict):
        return {str(k): _plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_copy(v) for v in value]
    return value


_ATOMS = frozenset({int, str, bool, float, type(None)})


class _Static:
    """Per-space facts recontrol reads, from the components (never serialised)."""

    def __init__(self, comp: Components) -> None:
        league = {DELIAN: ATHENS, PELOPONNESIAN: SPARTA, NEUTRAL: NO}
        self.space = tuple((league[sp.alignment], sp.power, sp.edge) for sp in comp.spaces)
        self.delian = tuple(i for i, sp in enumerate(comp.spaces) if sp.alignment == DELIAN)
        self.delian_get = itemgetter(*self.delian)  # a tuple of their entries in a list by space
        assert len(self.delian) > 1
        self.piraeus_decelea = (comp.space_index["piraeus"], comp.space_index["decelea"])  # 7.1.5
        self.stand_ins = tuple((i, sp.stands_in_for, comp.spaces[sp.stands_in_for].coalition, sp.coalition)
                               for i, sp in enumerate(comp.spaces) if sp.stands_in_for != NO)


_STATIC: dict[int, tuple[Components, _Static]] = {}


def _static(comp: Components) -> _Static:
    hit = _STATIC.get(id(comp))
    if hit is None or hit[0] is not comp:
        hit = (comp, _Static(comp))
        _STATIC[id(comp)] = hit
    return hit[1]


__all__ = [
    "ALLIED_NATIONALITY", "FIXED", "LAND_TYPES", "LD_AVAILABLE", "LD_DEAD", "LD_GOING_HOME", "LD_NAMES", "LD_OUT",
    "MODES", "NOT_REBEL", "NSLOTS", "OWN_NATIONALITY", "PELOPONNESIAN", "PHASE_NAMES", "PH_ADMIN", "PH_ARMISTICE",
    "PH_COMBAT", "PH_OPERATIONS", "PH_OVER", "PH_POLITICAL", "PH_REBELLION", "PH_SETUP", "PH_STRATEGY",
    "REBEL_OPEN", "SIDE_RANGE", "SIDE_SLOTS", "SLOT_NATIONALITY", "SLOT_SIDE", "SLOT_TYPE", "SOLITAIRE", "SOLO_ROLES",
    "TWO", "TWO_ROLES", "ApplyFn", "LegalFn", "PWState", "Task", "TaskFn", "slot",
]
