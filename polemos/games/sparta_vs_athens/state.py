"""Sparta vs. Athens: the state of one game -- plain data, cheap to clone, exact JSON round trip.

Every counter of the mix (2.2) is one entry of the ``u_*`` lists, numbered in the order of
``counters.toml`` (a unit type's ``count`` counters one after another; :func:`unit_names`): where it
is (a locale, or ``OFF``: not in play, 3.2 "even if eliminated previously"), whether it shows its
wavering side (2.3), the side it serves (a revolted Delos city's garrison unit serves Sparta, 10.0),
whether it is inside walls or a fort (9.1), and whether it has campaigned this phase (4.1).
Locales hold their owner (who the city belongs to now: its garrison defends for it, 2.3, 9.4),
ravage markers (4.6), forts (2.7, 7.8) and sieges (9.1). Leaders (2.4) are on a locale, ``OFF``
(set aside, 3.2 d) or ``DEAD`` (4.5).

The procedure still to run is a stack of small tasks (``tasks``, each ``[name, args...]``), as in
The Peloponnesian War: :mod:`~polemos.games.sparta_vs_athens.rules` pops and runs them until a side
must decide (``pending``). Nothing in this game is hidden (2.15, 2.17, RULINGS S9): the map, the
Force Boxes, the treasuries and every die roll are open to both players, so every log line is
public and a view is the whole state less the generator and the task stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from polemos.core.game import JSON, Outcome, Role, State
from polemos.core.plain import copy_header, dump_fields, load_fields, state_header
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens.model import ATHENS, NO, SIDES, SPARTA, Components, UnitType

if TYPE_CHECKING:
    from polemos.core.game import Game

Task = list[int | str]
TaskFn = Callable[["SVAState", Task], None]
LegalFn = Callable[["SVAState", int], list[str]]
ApplyFn = Callable[["SVAState", int, str], None]

ROLES: tuple[Role, Role] = ("athens", "sparta")  # a role per side (1.1: a two-player game)
OFF = -1  # a counter not in play (3.2 purchases), or a leader set aside (3.2 d)
DEAD = -2  # a leader killed (DESIGN 4.5)

# the quarters of the year disc (2.14: Spring, Summer, Winter, Administration, in that order)
SPRING, SUMMER, WINTER, ADMINISTRATION = 0, 1, 2, 3
QUARTER_NAMES = ("Spring", "Summer", "Winter", "Administration")

_SCALARS = (
    "year", "quarter", "phase", "prestige", "government", "chooser", "first", "phasing", "lesser_used",
    "event", "propontis_prev", "winner", "end_reason", "first_year_done", "macedon_side",
)
_LISTS = (
    "u_loc", "u_flip", "u_side", "u_in", "u_moved", "leader_at", "leader_done", "owner", "ravaged", "fort",
    "siege", "siege_winters", "ally_side", "ally_out", "treasury", "revenue", "forts_left", "tally",
    "year_flags", "nsp_lost", "tasks", "markers",
)
_DICTS = ("pending", "force")


def unit_names(comp: Components) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Every counter's name (``type#n``, n from 1) and its unit type, in counter order."""
    names: list[str] = []
    types: list[int] = []
    for ut in comp.units:
        for n in range(ut.count):
            names.append(f"{ut.id}#{n + 1}")
            types.append(ut.index)
    return tuple(names), tuple(types)


_ROMAN = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100), ("XC", 90), ("L", 50), ("XL", 40),
          ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))
_LABELS: dict[int, tuple[str, ...]] = {}


def roman(n: int) -> str:
    out = ""
    for letters, value in _ROMAN:
        while n >= value:
            out += letters
            n -= value
    return out


def display_names(comp: Components) -> tuple[str, ...]:
    """Every counter's one display name (issue 11: the board, the buttons, the log and the terminal use
    it; the record keeps ``type#n``): its type's name, its printed strength when another type shares the
    name ("Athenian Hoplites (6)"), and a Roman numeral when the mix holds several ("Athenian Fleet III")."""
    hit = _LABELS.get(id(comp))
    if hit is not None:
        return hit
    shared: dict[str, int] = {}
    for ut in comp.units:
        shared[ut.name] = shared.get(ut.name, 0) + 1
    names: list[str] = []
    for ut in comp.units:
        base = ut.name + (f" ({ut.strength})" if shared[ut.name] > 1 else "")
        names += [base + (f" {roman(n + 1)}" if ut.count > 1 else "") for n in range(ut.count)]
    out = tuple(names)
    _LABELS[id(comp)] = out
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class SVAState(State):
    """One situation of a game of Sparta vs. Athens.

    In the compiled build (``polemos.core.native``) a native class: its fields are the ones set in
    ``__init__`` and ``reset_caches`` (slots, read natively by the compiled rule procedures; issue 12), so
    they are copied, saved and loaded by name, never through ``__dict__``. The play class
    (``game.SVAPlay``) subclasses it."""

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
        names, types = unit_names(comp)
        self.unit_name = names
        self.unit_type = types
        nu, nl, nloc, na = len(names), len(comp.leaders), len(comp.locales), len(comp.allies)
        # -- time (2.14, 3.1, 3.2)
        self.year = comp.tables.first_year
        self.quarter = ADMINISTRATION
        self.phase = ""  # the phase in progress (its id in tables.toml), for views and log lines
        self.first_year_done = False  # RULINGS S3: the first Administration quarter is a short one
        # -- the tracks (2.11, 2.13, 2.17)
        self.prestige = 0  # signed: + pro-Athens, - pro-Sparta (DESIGN 2.11)
        self.government = 1  # the Athenian government in power (14.1)
        self.treasury: list[int] = [0, 0]  # talents held, by side (2.17)
        self.revenue: list[int] = [0, 0]  # the scenario's yearly revenue, by side (2.13)
        self.markers: list[int] = [0] * 5  # 2.13 Property Tax, Reserve Fund, Toll, Reserve 2; 15.13 subsidy
        self.tally: list[int] = [0, 0]  # the Delos tribute tallies (red, blue) of the last Revenue Phase (2.16)
        # -- who moves first (3.2 f, DESIGN 3.3)
        self.chooser = NO  # the side that decides who moves first each season this year (RULINGS S18)
        self.first = NO  # the first player this season
        self.phasing = NO  # the phasing player now
        # -- the counters (2.3)
        self.u_loc: list[int] = [OFF] * nu
        self.u_flip: list[bool] = [False] * nu  # showing its wavering side (2.3)
        self.u_side: list[int] = [NO] * nu  # the side it serves (NO: an inactive ally's or a neutral's)
        self.u_in: list[bool] = [False] * nu  # inside walls or a fort, besieged (9.1)
        self.u_moved: list[bool] = [False] * nu  # has campaigned this Campaign Phase (4.1)
        self.leader_at: list[int] = [OFF] * nl
        self.leader_done: list[bool] = [False] * nl  # activated this Campaign Phase (4.1)
        self.lesser_used = False  # the one leaderless move of a Campaign Phase (4.1)
        # -- the locales
        self.owner: list[int] = [NO] * nloc  # the side a city belongs to now (NO: neutral) (2.9, 9.4)
        self.ravaged: list[bool] = [False] * nloc  # ravage markers (4.6; removed 3.2 a)
        self.fort: list[int] = [NO] * nloc  # the side of the fort there (2.7, 7.8)
        self.siege: list[int] = [NO] * nloc  # the besieging side (9.1)
        self.siege_winters: list[int] = [0] * nloc  # Winter Siege Phases the siege has lasted (9.2)
        self.forts_left: list[int] = [f.count for f in comp.forts]  # fort counters not on the map (7.8)
        # -- allies (15.x)
        self.ally_side: list[int] = [NO] * na  # the side an ally serves while active (15.x), NO: inactive
        self.ally_out: list[bool] = [False] * na  # left the war (2.10, 15.11)
        # -- this year's facts for the Annual Prestige Adjustment (13.2), by adjustment id index
        # bit 1 << side set when a row happened in favour of that side (each row once a year per side)
        self.year_flags: list[int] = [0] * len(comp.tables.prestige_adjustments)
        self.nsp_lost: list[int] = [0, 0]  # NSP each side lost in battle this year (13.2 fleet-lost)
        self.propontis_prev = False
        self.event = ""  # this year's random event (15.0)
        self.macedon_side = NO  # event 12: the side that may pass Pella this year
        # -- the activation in progress (4.1) and what is asked
        self.force: dict[str, Any] | None = None
        self.tasks: list[list[int | str]] = []
        self.pending: dict[str, Any] | None = None
        # -- the end (16.6)
        self.winner = ""  # a role, "draw", or "" while the game goes on
        self.end_reason = ""
        self.log: list[tuple[int, str]] = []
        self.reset_caches()

    def reset_caches(self) -> None:
        self._legal_key: tuple[str, int] | None = None
        self._legal_val: list[str] = []
        self._loc_key: tuple[int, ...] = ()
        self._loc_index: dict[int, list[int]] = {}

    # ================================================================ kernel contract
    def active_roles(self) -> tuple[Role, ...]:
        p = self.pending
        if p is None or self.winner:
            return ()
        return (ROLES[int(p["side"])],)

    def outcome(self) -> Outcome | None:
        if not self.winner:
            return None
        return Outcome(None if self.winner == "draw" else self.winner, self.end_reason,
                       {ROLES[ATHENS]: max(0, self.prestige), ROLES[SPARTA]: max(0, -self.prestige)})

    # ================================================================ tasks, decisions, log, dice
    def push(self, *tasks: list[int | str]) -> None:
        """Add tasks to run next, in the order given (the first runs first)."""
        for task in reversed(tasks):
            self.tasks.append(list(task))

    def ask(self, kind: str, side: int, **data: Any) -> None:
        self.pending = {"kind": kind, "side": side, **data}

    def say(self, rule: str, text: str) -> None:
        """Log a line naming its rule. Everything is public (RULINGS S9), so every line is for all."""
        self.log.append((-1, f"{rule} {text}" if rule else text))

    def d6(self) -> int:
        return self.rng.d6()

    # ================================================================ helpers the rules read
    def unit_names_index(self) -> dict[str, int]:
        """Counter name -> counter index (the names actions use)."""
        return _names_index(self.unit_name)

    def name(self, locale: int) -> str:
        return self.comp.locales[locale].name

    def label(self, unit: int) -> str:
        """A counter's display name (``display_names``): the log's name for it."""
        return display_names(self.comp)[unit]

    def utype(self, unit: int) -> UnitType:
        return self.comp.units[self.unit_type[unit]]

    def strength(self, unit: int) -> int:
        """The strength on the face that is up (2.3; DESIGN 8.5: a wavering unit fights at its back)."""
        ut = self.comp.units[self.unit_type[unit]]
        return ut.wavering if self.u_flip[unit] else ut.strength

    def units_at(self, locale: int, side: int = NO, kind: int = NO, inside: bool | None = None) -> list[int]:
        """The counters in ``locale`` (of ``side``, of ``kind``; inside walls or not)."""
        out = []
        units = self.comp.units
        for u in self._by_locale().get(locale, ()):
            if side != NO and self.u_side[u] != side:
                continue
            if kind != NO and units[self.unit_type[u]].kind != kind:
                continue
            if inside is not None and self.u_in[u] != inside:
                continue
            out.append(u)
        return out

    def _by_locale(self) -> dict[int, list[int]]:
        """Locale -> its counters, rebuilt whenever a counter moved (the key is ``u_loc`` itself)."""
        key = tuple(self.u_loc)
        if key != self._loc_key:
            index: dict[int, list[int]] = {}
            for u, at in enumerate(key):
                if at >= 0:
                    index.setdefault(at, []).append(u)
            self._loc_key = key
            self._loc_index = index
        return self._loc_index

    def leaders_of(self, side: int) -> list[int]:
        return [i for i, ld in enumerate(self.comp.leaders)
                if self.comp.nationalities[ld.nationality].side == side]

    def leaders_at(self, locale: int, side: int) -> list[int]:
        return [i for i in self.leaders_of(side) if self.leader_at[i] == locale]

    def pro(self) -> int:
        """The side the Prestige Track favours, NO at 0 (2.11)."""
        return ATHENS if self.prestige > 0 else SPARTA if self.prestige < 0 else NO

    def move_prestige(self, side: int, levels: int, rule: str, why: str) -> None:
        """Move the track ``levels`` toward ``side``, within its ends (13.1)."""
        most = self.comp.tables.prestige_most
        step = levels if side == ATHENS else -levels
        before = self.prestige
        self.prestige = max(-most, min(most, self.prestige + step))
        self.say(rule, f"prestige {levels} toward {SIDES[side].capitalize()} ({why}): {_track(before)} -> "
                       f"{_track(self.prestige)}.")

    # ================================================================ copying
    def clone(self) -> SVAState:
        c = type(self).__new__(type(self))  # the play class (game.py) of this state
        c._copy_from(self)
        return c

    def _copy_from(self, o: SVAState) -> None:
        """Take every field of ``o`` (``_SCALARS``, ``_LISTS``, ``_DICTS``, the log), its derived data
        forgotten: the lists copied, each task row too (rules change a task's arguments in place), the plain
        dicts copied. Written out field by field, not through ``__dict__``: in the compiled build each is a
        native slot (issue 12; the kernel's State's docstring)."""
        copy_header(o, self)
        self.comp = o.comp
        self.unit_name = o.unit_name
        self.unit_type = o.unit_type
        self.year = o.year
        self.quarter = o.quarter
        self.phase = o.phase
        self.prestige = o.prestige
        self.government = o.government
        self.chooser = o.chooser
        self.first = o.first
        self.phasing = o.phasing
        self.lesser_used = o.lesser_used
        self.event = o.event
        self.propontis_prev = o.propontis_prev
        self.winner = o.winner
        self.end_reason = o.end_reason
        self.first_year_done = o.first_year_done
        self.macedon_side = o.macedon_side
        self.u_loc = o.u_loc[:]
        self.u_flip = o.u_flip[:]
        self.u_side = o.u_side[:]
        self.u_in = o.u_in[:]
        self.u_moved = o.u_moved[:]
        self.leader_at = o.leader_at[:]
        self.leader_done = o.leader_done[:]
        self.owner = o.owner[:]
        self.ravaged = o.ravaged[:]
        self.fort = o.fort[:]
        self.siege = o.siege[:]
        self.siege_winters = o.siege_winters[:]
        self.ally_side = o.ally_side[:]
        self.ally_out = o.ally_out[:]
        self.treasury = o.treasury[:]
        self.revenue = o.revenue[:]
        self.forts_left = o.forts_left[:]
        self.tally = o.tally[:]
        self.year_flags = o.year_flags[:]
        self.nsp_lost = o.nsp_lost[:]
        self.tasks = [t[:] for t in o.tasks]
        self.markers = o.markers[:]
        self.pending = _plain_copy(o.pending)
        self.force = _plain_copy(o.force)
        self.log = o.log[:]
        self.reset_caches()

    def _assign(self, other: State) -> None:
        assert isinstance(other, SVAState)
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
        for name in ("u_flip", "u_in", "u_moved", "leader_done", "ravaged", "ally_out"):
            setattr(self, name, [bool(x) for x in getattr(self, name)])
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


_NAMES: dict[tuple[str, ...], dict[str, int]] = {}


def _names_index(names: tuple[str, ...]) -> dict[str, int]:
    hit = _NAMES.get(names)
    if hit is None:
        hit = {n: i for i, n in enumerate(names)}
        _NAMES[names] = hit
    return hit


def _track(level: int) -> str:
    return "0" if level == 0 else f"{abs(level)} pro-{'Athens' if level > 0 else 'Sparta'}"


def track_text(level: int) -> str:
    """The Prestige Track's level as the counter shows it (2.11)."""
    return _track(level)


def _plain_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_copy(v) for v in value]
    return value
