"""The game contract every Polemos game fulfils, and the registry that finds games by id.

A game module supplies a :class:`Game` (what it is, how to start one, how to read actions) and a
:class:`State` subclass (one situation of play). The server, the AI, the CLI and the interop
layers speak only this contract.

Actions are their canonical text: ``str(action)`` is the action, and
``game.parse_action(state, role, text)`` reads typed text back into it (like UCI in chess).
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError
from polemos.core.options import OptionSpec, validate_options
from polemos.core.rng import Rng

Role = str
Action = str
JSON = dict[str, Any]

#: Undo keeps a snapshot at the undo floor and every this many actions after it (State._snapshot),
#: so taking an action back replays at most this many.
UNDO_SNAPSHOT_EVERY = 12


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is a role, or None for a draw."""

    winner: Role | None
    reason: str
    scores: dict[Role, int] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"winner": self.winner, "reason": self.reason, "scores": dict(self.scores)}


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One situation of a game. Subclasses implement the ``_``-prefixed hooks.

    In the compiled build (``polemos.core.native``) this is a native class whose fields below are
    slots, not entries of the instance's ``__dict__`` (issue 12: compiled rule procedures read them
    natively); the games' state classes, compiled or pure Python, subclass it. A subclass that copies
    its fields by ``__dict__`` copies only its own: the kernel's are copied by :meth:`_take_header`.

    The base class enforces the contract: ``apply`` accepts only actions from
    ``legal_actions`` (one set of predicates for both), keeps the action log for records, and
    keeps the undo policy (a role may take back its own actions until a die is rolled,
    something hidden is revealed, or the set of active roles changes).
    """

    game: Game
    rng: Rng
    seed: int
    scenario: str | None
    options: JSON
    actions: list[tuple[Role, Action]]
    undo_floor: int  # actions before this index can no longer be taken back
    reveals: int  # bumped by the game whenever something hidden becomes known
    origin: JSON | None  # the position document a game started from, if not from new()
    # copies of this state before action i, for undo (see _snapshot); never changed once taken
    _undo_snaps: tuple[tuple[int, State], ...] = ()

    # -- contract -------------------------------------------------------------------------
    @abstractmethod
    def active_roles(self) -> tuple[Role, ...]:
        """The roles that must decide now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, role: Role) -> list[Action]:
        """Every legal action of ``role`` now, as canonical text (empty if not active)."""

    @abstractmethod
    def _apply(self, role: Role, action: Action) -> None:
        """Carry out a legal action (already validated by :meth:`apply`)."""

    @abstractmethod
    def view(self, role: Role | None) -> JSON:
        """Plain JSON of what ``role`` may see (None: a spectator). Hidden facts are absent."""

    def explain(self, role: Role) -> JSON | None:
        """Contract hook: why ``role`` is offered no choice on some place or piece now, each reason citing
        its rule, worked out only when asked (``GET /api/games/{id}/explain``: the page asks when a click
        finds nothing to choose). It is not part of the view because it may cost more than the view
        (a rule check per place of the board). Like a view, it comes only from what ``role`` may see.
        A game documents its shape; its web module (optional ``explain_refs``) turns it into reasons by
        board element. Default None: nothing to explain."""
        return None

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def clone(self) -> State:
        """A cheap independent copy (no deepcopy)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state (including hidden facts and the RNG): a position document."""

    @abstractmethod
    def _assign(self, other: State) -> None:
        """Become ``other`` (used by undo)."""

    # -- provided by the kernel -----------------------------------------------------------
    def roles(self) -> tuple[Role, ...]:
        """Every role of this game (some games seat more players with some options)."""
        return self.game.roles_for(self.options)

    def seats(self) -> tuple[Role, ...]:
        """The roles a person or a bot plays in this game: :meth:`roles` less those the rules play
        (e.g. a solitaire game's automaton), which never become active."""
        return self.game.seats_for(self.options)

    def apply(self, role: Role, action: Action | object) -> None:
        """Apply ``role``'s ``action`` or raise :class:`IllegalActionError`, changing nothing."""
        text = str(action)
        if self.outcome() is not None:
            raise IllegalActionError("the game is over")
        active = self.active_roles()
        if role not in active:
            roles = self.roles()
            if role not in roles:
                raise IllegalActionError(f"unknown role {role!r}; roles are {', '.join(roles)}")
            raise IllegalActionError(f"it is not {role}'s turn to act (waiting for {', '.join(active)})")
        if not self._is_legal(role, text):
            raise IllegalActionError(f"illegal action for {role}: {text!r}")
        self._undo_point()
        self._step(role, text, active)

    def _undo_point(self) -> None:
        """Before an action: keep a snapshot if this is an undo point (see :meth:`_snapshot`)."""
        n = len(self.actions)
        snaps = self._undo_snaps
        last = snaps[-1][0] if snaps else -1
        if last < self.undo_floor or n - last >= UNDO_SNAPSHOT_EVERY:
            self._snapshot(n)

    def _is_legal(self, role: Role, text: str) -> bool:
        """Is ``text`` one of ``role``'s legal actions now (``role`` is active)? What :meth:`apply` checks;
        a game may answer without copying its list of legal actions (e.g. from the one it keeps), never
        differently from :meth:`legal_actions`."""
        return text in self.legal_actions(role)

    def _step(self, role: Role, text: str, active: tuple[Role, ...]) -> bool:
        """Carry out an already validated action, log it and move the undo floor past it if it
        rolled, revealed or changed the active roles (True if it did)."""
        rng = self.rng
        draws = rng.draws
        position = rng.position
        reveals = self.reveals
        self._apply(role, text)
        self.actions.append((role, text))
        if (rng is not self.rng or self.rng.draws != draws or self.rng.position != position
                or self.reveals != reveals or self.active_roles() != active):
            self.undo_floor = len(self.actions)
            return True
        return False

    def _snapshot(self, n: int) -> None:
        """Keep a copy of the state as it is before action ``n`` (an undo point: the undo floor, and
        every ``UNDO_SNAPSHOT_EVERY`` actions after it), so that undo replays at most that many
        actions. Snapshots are never changed; clones share them (``plain.copy_header``)."""
        floor = self.undo_floor
        kept = tuple(p for p in self._undo_snaps if floor <= p[0] < n)
        self._undo_snaps = ()
        snap = self.clone()
        self._undo_snaps = (*kept, (n, snap))

    def _last_own_action(self, role: Role) -> int | None:
        """The index of ``role``'s last action after the undo floor, if any."""
        for i in range(len(self.actions) - 1, self.undo_floor - 1, -1):
            if self.actions[i][0] == role:
                return i
        return None

    def can_undo(self, role: Role) -> bool:
        """Whether ``role`` may take back its last action now (the undo policy).

        Only ``role``'s own actions since the undo floor count: another role acting meanwhile (in a
        simultaneous phase, perhaps in secret) neither takes ``role``'s undo away nor gives it back,
        so a role's undo never depends on what it cannot see (issue 8).
        """
        return self._last_own_action(role) is not None

    def undo(self, role: Role) -> None:
        """Take back ``role``'s last action, or raise :class:`IllegalActionError`.

        The state is rebuilt from the latest snapshot kept at or after the undo floor before that
        action (see :meth:`_snapshot`): the actions between the snapshot and the one taken back are
        carried out again as they were (the same state and action give the same result), and other
        roles' actions after it (a simultaneous phase: between undo floors the active roles did not
        change, and each role's actions there are its own) are replayed as they were, checked
        again. So undo costs at most a turn's actions, never the whole game. A state without a
        snapshot (loaded from JSON, or of a game whose ``clone`` does not keep them) is rebuilt by
        replaying its record; dice scripted with ``script_dice`` are a test hook outside the record,
        so only the snapshot path undoes them exactly.
        """
        index = self._last_own_action(role)
        if index is None:
            raise IllegalActionError("nothing to undo: a die was rolled, something was revealed, "
                                     "or the turn passed since your last action")
        base: tuple[int, State] | None = None
        for point in self._undo_snaps:
            if self.undo_floor <= point[0] <= index:
                base = point
        if base is None:
            self._undo_by_replay(index)
            return
        start, snap = base
        kept = tuple(p for p in self._undo_snaps if self.undo_floor <= p[0] <= start)
        state = snap.clone()
        state._undo_snaps = kept
        for i in range(start, len(self.actions)):
            if i == index:
                continue
            who, text = self.actions[i]
            try:
                if i < index:
                    # as it was: the same position and action, so no need to list the legal actions
                    moved = state._step(who, text, state.active_roles())
                else:
                    floor = state.undo_floor
                    state.apply(who, text)
                    moved = state.undo_floor != floor
            except IllegalActionError:
                # another role's later action rested on this one: the undo floor should have stopped it
                raise IllegalActionError("that action can no longer be taken back") from None
            if moved:  # cannot happen: these actions came after the undo floor
                raise IllegalActionError("that action can no longer be taken back")
        self._assign(state)
        self._take_header(state)

    def _take_header(self, other: State) -> None:
        """Take over the kernel's fields of ``other``, a state undo built for the purpose and held nowhere
        else (so nothing is copied): a game's ``_assign`` may copy only its own fields by ``__dict__``,
        which in the compiled build does not hold these (see the class)."""
        self.game = other.game
        self.rng = other.rng
        self.seed = other.seed
        self.scenario = other.scenario
        self.options = other.options
        self.actions = other.actions
        self.undo_floor = other.undo_floor
        self.reveals = other.reveals
        self.origin = other.origin
        self._undo_snaps = other._undo_snaps

    def _undo_by_replay(self, index: int) -> None:
        """Undo action ``index`` of a state without snapshots (loaded from JSON) by playing its record
        again without it: from the new game (or the position it started from), the actions before
        ``index`` carried out as they were (the same position and action give the same result, as in
        :meth:`undo`: no need to list the legal actions), those after it checked again. The snapshots
        kept on the way make the next undo cheap."""
        g = self.game
        try:
            if self.origin is not None:
                state = g.from_json(json.loads(json.dumps(self.origin)))
                state.origin = json.loads(json.dumps(self.origin))  # our own copy, as replay keeps it
            else:
                state = g.new(self.seed, self.scenario, self.options)
        except (RecordError, ValueError) as exc:
            raise IllegalActionError(f"that action can no longer be taken back ({exc})") from None
        for i, (who, text) in enumerate(self.actions):
            if i == index:
                continue
            try:
                if i < index:
                    state._undo_point()
                    state._step(who, text, state.active_roles())
                else:
                    state.apply(who, text)
            except IllegalActionError:
                # another role's later action rested on this one: the undo floor should have stopped it
                raise IllegalActionError("that action can no longer be taken back") from None
        self._assign(state)
        self._take_header(state)

    def record(self) -> JSON:
        """``{game, rules, data, seed, scenario, options, actions}``: replays this exact state."""
        doc: JSON = {
            "game": self.game.id,
            "rules": self.game.rules_edition,
            "data": self.game.data_version,
            "seed": self.seed,
            "scenario": self.scenario,
            "options": dict(self.options),
            "actions": [[r, a] for r, a in self.actions],
        }
        if self.origin is not None:
            doc["position"] = self.origin
        return doc

    def is_over(self) -> bool:
        return self.outcome() is not None


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A registered game: metadata, and the factories for its states."""

    id: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[Role, ...]]
    scenarios: ClassVar[tuple[str, ...]] = ()
    options: ClassVar[tuple[OptionSpec, ...]] = ()  # the option schema (core/options.py)
    rules_edition: ClassVar[str] = ""

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir

    @property
    @abstractmethod
    def data_version(self) -> str:
        """A hash of the component data in use."""

    def new(self, seed: int, scenario: str | None = None, options: JSON | None = None) -> State:
        """A new game at its start. The options are checked against the game's schema first, so an
        unknown or bad option is the same clear ``ValueError`` for the CLI, the server and replay."""
        return self._new(int(seed), scenario, validate_options(self.options, options))

    @abstractmethod
    def _new(self, seed: int, scenario: str | None, options: JSON) -> State:
        """A new game at its start, with ``options`` already valid (only those given: the game
        applies the defaults of the others)."""

    @abstractmethod
    def from_json(self, doc: JSON) -> State:
        """Load a position document (as written by ``State.to_json``)."""

    def roles_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        """The roles of a game with these options (default: ``roles``; a game that seats more
        players with some options, e.g. one per contingent, overrides this)."""
        return self.roles

    def seats_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        """The roles of ``roles_for(options)`` that a person or a bot plays: the seats of a table.

        A role the rules play (a solitaire game's automaton) is a role (it has a view and may win)
        but no seat: nobody is asked to act for it, so nobody may sit there. Default: every role.
        """
        return self.roles_for(options)

    def hidden_variants(self, state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
        """Contract hook: positions that differ from ``state`` only in what ``role`` cannot see.

        Each returned state gives ``role`` and a spectator the very same views, active roles and
        ``role``'s legal actions as ``state``; what it changes is hidden from ``role`` (the other
        side's hand, the identity and strength of his blocks or stacked units, the deck order, the
        dice to come), and it is a legal position of the game (it round-trips through JSON and can
        be played on). ``rng`` draws the differences; the same ``rng`` state gives the same
        variants. With ``keep_identities`` the variants leave every piece that an action may name
        where it is (hands, strengths, losses may differ), so that each action text means the same
        thing in public in both positions; without it hidden pieces may also trade places, which is
        what a search sampling the worlds a role cannot tell apart (ISMCTS) needs.

        The contract fuzzer (``polemos.testing.fuzz``) plays each game beside its variants to prove
        that nothing public depends on a secret. Each game documents precisely what it varies.
        Default: no variants (a game without hidden information).
        """
        return []

    def parse_action(self, state: State, role: Role, text: str) -> Action:
        """Read typed text as one of ``role``'s legal actions, or raise IllegalActionError.

        Matching ignores case and extra spaces; a unique prefix of a legal action is accepted.
        """
        wanted = " ".join(text.split()).lower()
        if not wanted:
            raise IllegalActionError("empty action")
        legal = state.legal_actions(role)
        for a in legal:
            if a.lower() == wanted:
                return a
        matches = [a for a in legal if a.lower().startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise IllegalActionError(f"{text!r} is ambiguous: {', '.join(matches[:6])}")
        raise IllegalActionError(f"{text!r} is not a legal action for {role} now")

    def describe(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "roles": list(self.roles),
            "seats": list(self.seats_for()),
            "scenarios": list(self.scenarios),
            "options": [spec.to_json() for spec in self.options],
            "rules": self.rules_edition,
            "data": self.data_version,
        }


# -- registry ------------------------------------------------------------------------------
_REGISTRY: dict[str, str] = {
    "athens-and-sparta": "polemos.games.athens_sparta.game:AthensSparta",
    "go-tell-the-spartans": "polemos.games.thermopylae.game:GoTellTheSpartans",
    "peloponnesian-war": "polemos.games.peloponnesian_war.game:PeloponnesianWar",
    "sparta-vs-athens": "polemos.games.sparta_vs_athens.game:SpartaVsAthens",
}


def register(game_id: str, import_path: str) -> None:
    """Register a game class by ``module:Class`` path (imported on first use)."""
    _REGISTRY[game_id] = import_path


def game_ids() -> list[str]:
    return sorted(_REGISTRY)


_INSTANCES: dict[tuple[str, str, str | None], Game] = {}


def game(game_id: str, data: Path | str | None = None) -> Game:
    """The game registered as ``game_id``, using component data from ``data`` if given.

    Game objects are immutable descriptions, so one instance per (id, data folder) is shared.
    """
    try:
        path = _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(f"no game {game_id!r}; known games: {', '.join(game_ids())}") from None
    key = (game_id, path, str(Path(data).resolve()) if data is not None else None)
    cached = _INSTANCES.get(key)
    if cached is not None:
        return cached
    module, _, name = path.partition(":")
    cls = getattr(importlib.import_module(module), name)
    instance: Game = cls(Path(data) if data is not None else None)
    _INSTANCES[key] = instance
    return instance


def replay(record: object, data: Path | str | None = None) -> State:
    """Rebuild the exact state a record describes, or raise :class:`RecordError`. ``record`` is whatever
    was read (typed ``object``: compiled, a narrower type would be a TypeError before the check below)."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    try:
        g = game(str(record["game"]), data)
        seed = int(record.get("seed", 0))
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("record 'actions' must be a list")
        if record.get("data") and record["data"] != g.data_version:
            raise RecordError(
                f"record was made with component data {record['data']}, but data {g.data_version} "
                "is in use (pass the same --data directory)"
            )
        if "position" in record:
            state = g.from_json(record["position"])
            state.origin = json.loads(json.dumps(record["position"]))  # our own copy
        else:
            state = g.new(seed, record.get("scenario"), record.get("options") or {})
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"bad record: {exc}") from None
    rules = record.get("rules")
    if rules and rules != state.record().get("rules"):
        # a record names the rules it was played by; its options must give the same ones (issue 13:
        # Athens & Sparta's first edition is an option, and a record must not replay by the other book)
        raise RecordError(f"record was played by the rules {rules!r}, but its options give "
                          f"{state.record().get('rules')!r}")
    for i, entry in enumerate(actions):
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            raise RecordError(f"action {i + 1} must be [role, text]")
        role, text = str(entry[0]), str(entry[1])
        try:
            state.apply(role, g.parse_action(state, role, text))
        except IllegalActionError as exc:
            raise RecordError(f"action {i + 1} ({role}: {text!r}) does not replay: {exc}") from None
    return state
