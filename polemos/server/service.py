"""What the server does, apart from HTTP: accounts, sessions, games, seats and actions.

Every state change is one database transaction: the game row is locked (``BEGIN IMMEDIATE`` on
SQLite, ``SELECT ... FOR UPDATE`` on PostgreSQL), its state JSON loaded, the action checked and
applied by the game engine, the action appended and the new state saved (its JSON every SNAPSHOT_EVERY
actions: between, the row's snapshot and the actions after it are the state); nothing is kept only in
memory, so several server processes on one PostgreSQL serve the same games, and a crash loses no
acknowledged action to a crash of the server (SQLite runs in WAL mode with ``synchronous=NORMAL``:
polemos.server.db.sqlite_synchronous says what a power cut may cost, and how to choose ``FULL``).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import logging
import math
import os
import re
import secrets
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar, cast

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Table, bindparam, delete, func, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.sql.elements import ColumnElement

import polemos
from polemos.ai.agents import agent_names, game_module, make_agent
from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError
from polemos.core.game import JSON, Game, State
from polemos.core.log import log_lines, translate_line
from polemos.core.options import validate_options
from polemos.core.rng import Rng, secret_seed
from polemos.i18n import DEFAULT as DEFAULT_LANG
from polemos.i18n import board_texts, page_words, result_in, translate_text
from polemos.i18n import choose as choose_lang
from polemos.server import timing
from polemos.server.cache import Lru
from polemos.server.db import (
    ActionRow,
    GameRow,
    Notification,
    Seat,
    Session,
    User,
    ViewChange,
    WriteTurns,
    make_engine,
    migrate,
    now,
    write_turns,
)
from polemos.server.encoding import dumps, dumps_state
from polemos.server.encoding import loads as orjson_loads
from polemos.server.hot import Hot, compiled, db_time, py_bool, py_time
from polemos.server.signals import SPECTATOR, Page, Signals, page_of, public_facts
from polemos.server.throttle import ACCOUNT_FAILURES, ADDRESS_FAILURES, ADDRESS_SIGNUPS, Limit, Throttle, Throttled

SESSION_DAYS = 30  # a session ends 30 days after its log-in at the latest
IDLE_DAYS = 7  # ... and after 7 days unused
SESSION_TOUCH = timedelta(hours=1)  # a session's last use is written at most once an hour, not per request
BOT_LEASE = timedelta(seconds=30)
# Per process, the latest state of each game and the latest page of each (game, viewer), the pages computed
# for the change signals and reused by /view: no state JSON parsed and no page drawn again per request. Only
# the latest is kept, so a game costs an entry however fast it moves: 500 games at one action per 5 s
# each, with requests queued for seconds, found their pages evicted from a cache by (game, version).
STATE_CACHE = 2048  # games
PAGE_CACHE = 4096  # (game, viewer) pairs: a two-player game has three viewers
# a state cached at an older version is brought up to date by at most this many stored actions (replayed on a
# clone, ~0.1-0.3 ms each) rather than parsed afresh from its JSON (~1 ms, and its views' kept work lost)
CATCH_UP = 32
# The state's JSON (25-40 KB mid-game, growing with the record it holds) is written with every SNAPSHOT_EVERY-th
# action of a game and with its last, not with each: encoding it was ~10% of the server's CPU per action, and
# its pages the bulk of each write transaction, which every process queues for (issue 8). Between snapshots
# the game row keeps the last one and its version (``state_version``), and the actions stored since (each
# in the same transaction as the row's version: a crash loses no acknowledged one) bring it up to date when
# a process reads it afresh: at most SNAPSHOT_EVERY - 1 replayed (~0.1-0.3 ms each), only on a cache miss.
# $POLEMOS_SNAPSHOT_EVERY to measure with (1: the state written with every action, as before).
SNAPSHOT_EVERY = max(1, int(os.environ.get("POLEMOS_SNAPSHOT_EVERY", "16")))
ACT_ATTEMPTS = 8  # an action planned on a version that moved meanwhile is planned again, this often
NAME_RE = re.compile(r"^[A-Za-z0-9_.-]{2,40}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
HASHING_THREADS = 2  # argon2 runs at most this many at once (the machine's cores), beside the games
MAX_SEED = 2**256 - 1  # a chosen seed (server seeds have 128 bits: secret_seed)
MAX_OPEN_GAMES = 10  # games of one creator waiting for players (the lobby is everyone's)
MAX_UNFINISHED_GAMES = 100  # games of one creator not yet over (bot seats cost the server time)
# the most CPU a bot seat's search may think per decision (issue 12: the levels' own budgets, 0.1 s
# and 1 s of one core, under this cap; the search runs in the bot runner's worker thread, one core)
BOT_CPU_SECONDS = 1.0
PAGE_SIZE = 50  # games per lobby page, by default
MAX_PAGE_SIZE = 100
# a hash to verify a password against when the name is unknown, so that takes as long as a wrong password
_NO_USER_HASH = PasswordHasher().hash(secrets.token_urlsafe(16))
T = TypeVar("T")
_log = logging.getLogger("polemos.server")


class ApiError(Exception):
    """An error a person can understand, with its HTTP status (and headers, e.g. Retry-After)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def check_password(name: str, password: str) -> None:
    """The password rules: 8 to 200 characters, not only spaces, not the user name."""
    if len(password or "") < MIN_PASSWORD:
        raise ApiError(400, f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise ApiError(400, f"a password has at most {MAX_PASSWORD} characters")
    if not password.strip():
        raise ApiError(400, "a password cannot be only spaces")
    if password.strip().lower() == (name or "").lower():
        raise ApiError(400, "a password cannot be the user name")


def _duration(seconds: int) -> str:
    return f"{seconds} seconds" if seconds < 120 else f"{math.ceil(seconds / 60)} minutes"


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Viewer:
    """The logged-in user of a request (or none)."""

    user_id: int
    name: str
    csrf: str
    lang: str | None = None  # the account's language, if it chose one (polemos.i18n)


class Store:
    """The database and the games in it."""

    def __init__(self, url: str, data_dir: Path | None = None) -> None:
        migrate(url)
        self.url = url
        self.engine: Engine = make_engine(url)
        self.writer: Engine = self.engine.execution_options(write=True)
        self.postgres = not url.startswith("sqlite")
        # reads whose statements each stand alone (the session, a game's head, its state at a version):
        # no BEGIN and ROLLBACK around them, which cost as much as the query on SQLite
        self.quick: Engine = (self.engine.execution_options(isolation_level="AUTOCOMMIT") if self.postgres
                              else self.engine.execution_options(autocommit_reads=True))
        self.turns = write_turns(url)
        # the hot statements on a SQLite file through the driver itself (polemos.server.hot)
        self.hot = Hot(str(self.turns.path)[:-len("-writers.lock")]) if self.turns.path is not None else None
        self.data_dir = data_dir
        self.hasher = PasswordHasher()
        self.hashing = threading.BoundedSemaphore(HASHING_THREADS)
        self.throttle = Throttle(self.write)  # counts in the database: shared by every process
        # bot players keep plans from move to move (a heuristic that forgot its plan at every move
        # could undo what it just began), so one process plays a game's bots while its lease lasts
        self.host = secrets.token_hex(8)
        self.agents: dict[tuple[int, str], Any] = {}
        self.states: Lru[tuple[int, State]] = Lru(STATE_CACHE)  # game -> (internal version, state)
        self.pages: Lru[tuple[int, int, Page]] = Lru(PAGE_CACHE)  # (game, viewer) -> (version, change n, page)
        self.words: Lru[bytes] = Lru(PAGE_CACHE)  # (page digest, language) -> the page's words in it (_words)
        # called after each committed change with (notification id, game, payload), so this process's
        # WebSockets and bot runner hear of its own changes at once (polemos.server.notify)
        self.listeners: list[Callable[[int, int, JSON], None]] = []

    def read(self) -> DbSession:
        return DbSession(self.engine, expire_on_commit=False)

    def write(self) -> DbSession:
        """A session for one write transaction, holding the database's write turn throughout."""
        return _WriteSession(self.writer, self.turns)

    def close(self) -> None:
        if self.hot is not None:
            self.hot.close()
        self.engine.dispose()

    # ------------------------------------------------------------------------------ accounts
    # Passwords are hashed and checked outside any write transaction (argon2 takes tens of ms of
    # CPU: inside SQLite's write lock, failed log-ins stalled every game), at most HASHING_THREADS at
    # once; failed log-ins are throttled per account and per address, sign-ups per address.
    def signup(self, name: str, password: str, address: str = "") -> tuple[Viewer, str]:
        if not NAME_RE.match(name or ""):
            raise ApiError(400, "a user name is 2-40 letters, digits, '.', '-' or '_'")
        check_password(name, password)
        taken = ApiError(409, f"the name {name!r} is taken")
        with self.read() as db:
            if db.scalar(select(User.id).where(func.lower(User.name) == name.lower())) is not None:
                raise taken
        self._attempt([(f"signup:{address}", ADDRESS_SIGNUPS)])
        with self.hashing:
            hashed = self.hasher.hash(password)
        try:
            with self.write() as db, db.begin():
                user = User(name=name, password_hash=hashed)
                db.add(user)
                db.flush()  # the unique index on lower(name) refuses a name taken meanwhile
                return self._new_session(db, user)
        except IntegrityError:
            raise taken from None

    def login(self, name: str, password: str, address: str = "") -> tuple[Viewer, str]:
        account, place = f"user:{(name or '').lower()}", f"addr:{address}"
        # counted before the password is checked, so parallel guesses cannot all pass the limit
        attempt = self._attempt([(account, ACCOUNT_FAILURES), (place, ADDRESS_FAILURES)])
        with self.read() as db:
            found = db.execute(select(User.id, User.password_hash)
                               .where(func.lower(User.name) == (name or "").lower())).first()
        with self.hashing:
            try:
                # an unknown name is checked against a hash too: the answer takes as long either way
                ok = self.hasher.verify(found[1] if found else _NO_USER_HASH, password or "") and found is not None
            except (VerificationError, InvalidHashError):
                ok = False
        if not ok or found is None:
            raise ApiError(401, "wrong user name or password")
        self.throttle.forget(attempt, clear=account)  # the right password: its attempts no longer count
        with self.write() as db, db.begin():
            user = db.get(User, found[0])
            if user is None:  # deleted in between
                raise ApiError(401, "wrong user name or password")
            return self._new_session(db, user)

    def _attempt(self, limits: list[tuple[str, Limit]]) -> list[int]:
        try:
            return self.throttle.attempt(limits)
        except Throttled as exc:
            raise ApiError(429, f"too many attempts: try again in {_duration(exc.wait)}",
                           {"Retry-After": str(exc.wait)}) from None

    def _new_session(self, db: DbSession, user: User) -> tuple[Viewer, str]:
        """A new session (in the caller's short write), and old sessions cleaned up on the way."""
        at = now()
        db.execute(delete(Session).where(or_(Session.expires_at < at,
                                             Session.last_used < at - timedelta(days=IDLE_DAYS))))
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        db.add(Session(token_hash=_hash_token(token), user_id=user.id, csrf=csrf,
                       expires_at=at + timedelta(days=SESSION_DAYS), last_used=at))
        return Viewer(user.id, user.name, csrf, user.lang), token

    def viewer(self, token: str | None) -> Viewer | None:
        """The user of a session token, if the session is neither expired nor idle too long. Its last
        use is written at most once an hour (SESSION_TOUCH), so a request is no write."""
        who, stale = self.session(token)
        if who is not None and stale and token:
            self.touch(token)
        return who

    def touch(self, token: str) -> None:
        """Write a session's last use (at most once per SESSION_TOUCH: ``session`` says when)."""
        key, at = _hash_token(token), now()
        with self.write() as db, db.begin():
            db.execute(update(Session).where(Session.token_hash == key, Session.last_used < at - SESSION_TOUCH)
                       .values(last_used=at))

    def session(self, token: str | None) -> tuple[Viewer | None, bool]:
        """``viewer`` without its write: the user of a session token (or None), and whether the session's
        last use is due to be written (``touch``). One read, no write (on SQLite through the driver:
        polemos.server.hot), so the app may ask it without a trip to a worker thread."""
        if not token:
            return None, False
        key = _hash_token(token)
        at = now()
        found: Sequence[Any] | None
        if self.hot is not None:  # every request asks this: the driver's own statement (polemos.server.hot)
            rows = self.hot.rows(_SESSION_SQL, (key,))
            found = (*rows[0][:3], py_time(rows[0][3]), py_time(rows[0][4]), *rows[0][5:]) if rows else None
        else:
            with self.quick.connect() as conn:  # one prepared query, no ORM objects
                found = conn.execute(_SESSION_BY_TOKEN, {"key": key}).first()
        if found is None:
            return None, False
        user_id, name, csrf, expires_at, last_used, lang = found
        if expires_at < at or last_used < at - timedelta(days=IDLE_DAYS):
            return None, False
        return Viewer(user_id, name, csrf, lang), last_used < at - SESSION_TOUCH

    def set_lang(self, who: Viewer, lang: str | None) -> None:
        """The account's language (one of polemos.i18n.LANGUAGES), or none: the browser's then."""
        with self.write() as db, db.begin():
            db.execute(update(User).where(User.id == who.user_id).values(lang=lang))

    def logout(self, token: str) -> None:
        with self.write() as db, db.begin():
            row = db.get(Session, _hash_token(token))
            if row is not None:
                db.delete(row)

    def logout_everywhere(self, viewer: Viewer) -> int:
        """End every session of the viewer's account (on every device); how many there were."""
        with self.write() as db, db.begin():
            result = db.execute(delete(Session).where(Session.user_id == viewer.user_id))
            return int(getattr(result, "rowcount", 0) or 0)

    # ------------------------------------------------------------------------------ games
    def game(self, game_id: str) -> Game:
        try:
            return polemos.game(game_id, data=self.data_dir)
        except UnknownGameError as exc:
            raise ApiError(400, str(exc)) from None

    def catalog(self) -> list[JSON]:
        out = []
        for gid in polemos.game_ids():
            g = polemos.game(gid, data=self.data_dir)
            desc = g.describe()
            desc["bots"] = agent_names(gid)
            out.append(desc)
        return out

    def seats(self, game_id: str, options: object) -> JSON:
        """The seats of ``game_id`` with ``options`` (the lobby's create form asks as options change):
        ``roles``, the ``seats`` among them, and the roles the rules play (``rules_play``)."""
        game = self.game(game_id)
        try:
            options = validate_options(game.options, options)  # the game's schema, as Game.new checks it
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        seats = game.seats_for(options)
        roles = game.roles_for(options)
        return {"roles": list(roles), "seats": list(seats), "rules_play": [r for r in roles if r not in seats]}

    def create(self, viewer: Viewer, doc: JSON) -> JSON:
        game = self.game(str(doc.get("game", "")))
        options = doc.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError(400, "options must be a JSON object")
        # Issue 8: a game's seed decides every hand and die, so whoever knows it knows the other hands.
        # The server draws 128 secret bits; a chosen seed (a repeatable game) only where every human
        # seat is the creator's (checked below), and the game says so (seed_chosen).
        seed = doc.get("seed")
        chosen = seed is not None
        if seed is None:
            seed = secret_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ApiError(400, "seed must be a whole number from 0 to 2^256-1")
        try:
            state = game.new(seed, doc.get("scenario"), options)
        except (ValueError, TypeError) as exc:
            raise ApiError(400, str(exc)) from None
        roles = state.seats()  # a role the rules play (an automaton) is no seat: nobody is asked to act for it
        hotseat = bool(doc.get("hotseat", False))
        wanted = doc.get("seats") or {}
        if not isinstance(wanted, dict):
            raise ApiError(400, "seats must map each role to {kind: me|open|bot, bot: name}")
        unknown = set(wanted) - set(roles)
        if unknown:
            by_rules = sorted(unknown & set(state.roles()))
            why = f" ({', '.join(by_rules)}: played by the rules with these options)" if by_rules else ""
            raise ApiError(400, f"no seat(s) {', '.join(sorted(unknown))} in {game.id}{why}; "
                                f"seats: {', '.join(roles)}")
        seats: list[Seat] = []
        mine = 0
        for role in roles:
            spec = wanted.get(role) or {"kind": "me" if hotseat else "open"}
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if hotseat and kind not in ("me", "bot"):
                kind = "me"
            if kind == "me":
                seats.append(Seat(role=role, kind="human", user_id=viewer.user_id))
                mine += 1
            elif kind == "open":
                seats.append(Seat(role=role, kind="open"))
            elif kind == "bot":
                bot = str(spec.get("bot") or "heuristic")
                if bot not in agent_names(game.id):
                    raise ApiError(400, f"no bot {bot!r} for {game.id}; bots: {', '.join(agent_names(game.id))}")
                seats.append(Seat(role=role, kind="bot", bot=bot))
            else:
                raise ApiError(400, f"seat {role}: kind must be 'me', 'open' or 'bot'")
        if mine == 0:
            raise ApiError(400, "take at least one seat yourself")
        if chosen and any(s.kind == "open" for s in seats):
            raise ApiError(400, "a chosen seed is only for games where you hold every human seat (hot-seat or "
                                "against bots): whoever knows the seed knows the other player's hand")
        status = "active" if all(s.kind != "open" for s in seats) else "open"
        with self.write() as db, db.begin():
            self._check_game_limits(db, viewer, status)
            row = GameRow(game_id=game.id, scenario=state.scenario, options=json.dumps(state.options),
                          seed=str(seed), seed_chosen=chosen,
                          state=json.dumps(state.to_json()), version=0, state_version=0, status=status,
                          active=",".join(state.active_roles()), hotseat=hotseat,
                          invite=secrets.token_urlsafe(12), created_by=viewer.user_id)
            db.add(row)
            db.flush()
            for seat in seats:
                seat.game = row.id
                db.add(seat)
            db.flush()
            signals = Signals(0, {})
            change = self._change(row.id, row.version, status, row.active, None, _infos(seats), state, signals)
            row.signals = signals.dump()
            nid = self._write_change(db.connection(), change)
            out = {"id": row.id, "invite": row.invite, "status": status}
        self._committed(change, nid)
        return out

    def _check_game_limits(self, db: DbSession, viewer: Viewer, status: str) -> None:
        """One account cannot fill the lobby or the bot runner: at most MAX_OPEN_GAMES of its games
        wait for players, at most MAX_UNFINISHED_GAMES are not over (409 beyond)."""
        user = select(User.id).where(User.id == viewer.user_id)
        if self.postgres:  # two creations at once by one user count one after the other
            db.execute(user.with_for_update())
        counts = dict(db.execute(select(GameRow.status, func.count()).where(
            GameRow.created_by == viewer.user_id, GameRow.status != "finished").group_by(GameRow.status)).all())
        if status == "open" and counts.get("open", 0) >= MAX_OPEN_GAMES:
            raise ApiError(409, f"you have {MAX_OPEN_GAMES} games waiting for players, the most one player may "
                                "have: wait until some are joined")
        if sum(counts.values()) >= MAX_UNFINISHED_GAMES:
            raise ApiError(409, f"you have {MAX_UNFINISHED_GAMES} games that are not over, the most one player "
                                "may have: finish some first")

    def _row(self, db: DbSession, gid: int, lock: bool = False) -> GameRow:
        """The game row as an ORM object, state and all (404 if none); ``lock`` for a write. The hot
        paths read the smaller head instead (``_head``)."""
        query = select(GameRow).where(GameRow.id == gid)
        if lock and self.postgres:
            query = query.with_for_update()
        row = db.scalar(query)
        if row is None:
            raise ApiError(404, f"no game {gid}")
        return row

    @staticmethod
    def _seats(db: DbSession, gid: int) -> list[Seat]:
        return list(db.scalars(select(Seat).where(Seat.game == gid).order_by(Seat.id)))

    @staticmethod
    def _head(conn: Reader, gid: int) -> _Head:
        """The game's row less its state, with its seats and their players' names: one prepared Core
        statement (no ORM objects; on SQLite, the driver's own: polemos.server.hot), which every request
        of a game starts with (404 if there is none)."""
        if isinstance(conn, sqlite3.Connection):
            heads = _heads([_typed_head(r) for r in conn.execute(_HEAD_SQL, (gid,)).fetchall()])
        else:
            heads = _heads(conn.execute(_HEAD_BY_ID, {"gid": gid}).all())
        if not heads:
            raise ApiError(404, f"no game {gid}")
        return heads[0]

    def _reading(self, fn: Callable[[Reader], T], hot: bool = True) -> T:
        """``fn`` on a read connection whose statements each see the latest commit (on SQLite, unless not
        ``hot``, the thread's driver connection: polemos.server.hot); read again if the game moved between
        two of them (``_Moved``: its state is read by version, so a read never mixes two versions of a game)."""
        for _attempt in range(ACT_ATTEMPTS):
            if hot and self.hot is not None:
                try:
                    return fn(self.hot.conn())
                except _Moved:
                    continue
            with self.quick.connect() as conn:
                try:
                    return fn(conn)
                except _Moved:
                    continue
        raise ApiError(409, "the game keeps changing; reload it")

    def summary(self, head: _Head, viewer: Viewer | None) -> JSON:
        active = [r for r in head.active.split(",") if r]
        mine = [s.role for s in head.seats if viewer is not None and s.user_id == viewer.user_id]
        game = self.game(head.game_id)
        options = json.loads(head.options)
        seated = game.seats_for(options)
        return {
            "id": head.id, "game": head.game_id, "title": game.title, "scenario": head.scenario,
            "options": options, "status": head.status, "active": active,
            "version": Signals.load(head.signals, head.version).version(SPECTATOR),  # the public page's (signals)
            "rules_play": [r for r in game.roles_for(options) if r not in seated],  # no seats: an automaton
            "hotseat": head.hotseat, "winner": head.winner,
            "result": json.loads(head.result) if head.result else None,
            "seats": [{"role": s.role, "kind": s.kind, "player": s.player if s.user_id else None, "bot": s.bot}
                      for s in head.seats],
            "my_roles": mine,
            "my_turn": bool(set(mine) & set(active)),
            "invite": head.invite if viewer is not None and head.created_by == viewer.user_id else None,
            "updated_at": head.updated_at.isoformat() + "Z",
            "seed_chosen": head.seed_chosen,  # the creator chose the seed (only without other players)
        }

    def list_games(self, viewer: Viewer | None, which: str, limit: int = PAGE_SIZE, offset: int = 0) -> list[JSON]:
        """One page of a lobby list (newest first): at most ``limit`` games after the first ``offset``."""
        if not 1 <= limit <= MAX_PAGE_SIZE or offset < 0:
            raise ApiError(400, f"a page holds 1 to {MAX_PAGE_SIZE} games, from an offset of 0 or more")
        order: list[ColumnElement[Any]]
        if which in ("open", "finished"):
            where, order = _GAMES.c.status == which, [_GAMES.c.id.desc()]
        elif which == "mine":
            if viewer is None:
                raise ApiError(401, "log in to see your games")
            where = _GAMES.c.id.in_(select(_SEATS.c.game).where(_SEATS.c.user_id == viewer.user_id))
            order = [_GAMES.c.updated_at.desc(), _GAMES.c.id.desc()]
        else:
            raise ApiError(400, "list must be open, mine or finished")
        with self.quick.connect() as conn:
            page = select(_GAMES.c.id).where(where).order_by(*order).limit(limit).offset(offset).subquery()
            heads = _heads(conn.execute(_HEAD_SELECT.join(page, page.c.id == _GAMES.c.id)
                                        .order_by(*order, _SEATS.c.id)).all())
        return [self.summary(h, viewer) for h in heads]

    def meta(self, gid: int, viewer: Viewer | None) -> JSON:
        with self.quick.connect() as conn:
            return self.summary(self._head(conn, gid), viewer)

    def join(self, gid: int, viewer: Viewer, role: str | None, invite: str | None) -> JSON:
        with self.write() as db, db.begin():
            row = self._row(db, gid, lock=True)
            seats = self._seats(db, gid)
            if row.status != "open":
                raise ApiError(409, "this game has no open seat")
            open_seats = [s for s in seats if s.kind == "open" and (role is None or s.role == role)]
            if not open_seats:
                raise ApiError(409, f"seat {role} is not open" if role else "no open seat")
            if invite is not None and invite != row.invite:
                raise ApiError(403, "wrong invitation")
            state = self._cached_state(row.id, row.game_id, row.version, lambda: (row.state, row.state_version),
                                       _stored_actions(db.connection(), gid, row.version))
            signals = Signals.load(row.signals, row.version)
            signals.rebase(state, public_facts(row.status, row.active, _seat_facts(_infos(seats)), row.result))
            seat = open_seats[0]
            seat.kind, seat.user_id = "human", viewer.user_id
            if all(s.kind != "open" for s in seats):
                row.status = "active"
            change = self._change(gid, row.version, row.status, row.active, row.result, _infos(seats), state,
                                  signals)
            row.signals = signals.dump()
            if change.public_moved:
                row.updated_at = now()
            nid = self._write_change(db.connection(), change)
            out = {"id": gid, "role": seat.role, "status": row.status}
        self._committed(change, nid)
        return out

    # ------------------------------------------------------------------------------ playing
    def load(self, row: GameRow) -> State:
        """The state of a game row (its snapshot brought up to the row's version by the actions after it)."""
        with self.quick.connect() as conn:
            return self._stored(row.id, row.game_id, row.version, (row.state, row.state_version),
                                _stored_actions(conn, row.id, row.version))

    def _stored(self, gid: int, game_id: str, version: int, stored: tuple[str, int | None],
                actions: Callable[[int], Sequence[tuple[int, str, str, str]]]) -> State:
        """The game's state at internal ``version`` from its row's snapshot ``stored`` (the state's JSON and
        the version it is at, None for ``version``: SNAPSHOT_EVERY) and the actions stored after it."""
        text, at = stored
        state = self._parse(gid, game_id, text)
        if at is None or at == version:
            return state
        caught = self._caught_up(gid, (at, state), version, actions, clone=False)
        if caught is None:  # the row's version and its actions are written together: this would be a bug
            raise ApiError(500, f"game {gid} cannot be loaded: its actions after version {at} are missing")
        return caught

    def _parse(self, gid: int, game_id: str, text: str) -> State:
        game = self.game(game_id)
        try:
            return game.from_json(json.loads(text))
        except (RecordError, ValueError) as exc:
            raise ApiError(500, f"game {gid} cannot be loaded: {exc}") from None

    def _acting_role(self, seats: Sequence[_SeatInfo], viewer: Viewer | None, role: str | None, state: State) -> str:
        if viewer is None:
            raise ApiError(401, "log in to play")
        mine = [s.role for s in seats if s.user_id == viewer.user_id and s.kind == "human"]
        if role is not None:
            if role not in [s.role for s in seats]:
                raise ApiError(400, f"no role {role!r} in this game")
            if role not in mine:
                raise ApiError(403, f"the {role} seat is not yours")
            return role
        if not mine:
            raise ApiError(403, "you have no seat in this game")
        active = [r for r in mine if r in state.active_roles()]
        return active[0] if active else mine[0]

    def view(self, gid: int, viewer: Viewer | None, role: str | None) -> JSON:
        """The page's data: ``role``'s view (a seat the viewer holds) or the spectator's, at the viewer's
        own version (``version``: the one to act at; ``versions``: every page of the viewer's, as the
        WebSocket sends them; polemos.server.signals)."""
        doc: JSON = json.loads(self.view_json(gid, viewer, role))
        return doc

    def view_json(self, gid: int, viewer: Viewer | None, role: str | None, lang: str = DEFAULT_LANG,
                  head: _Head | None = None) -> bytes:
        """``view`` as the JSON the API sends: the page's own (large) members are encoded once per page
        version and cached with it; only the viewer's small head (summary, versions, undo) is encoded
        per request. In another language than English the log (the answer's last member) is written
        again, its lines translated at view time (polemos.core.log.translate_line)."""
        head_doc, page, game_id = self._view_parts(gid, viewer, role, head)
        encoded = page.encoded or self._encode(game_id, page)
        if lang != DEFAULT_LANG:
            # the log is the last member (_encode): JSON strings escape their quotes, so the last
            # ',"log":' in the text is the member's own
            cut = encoded.rfind(b',"log":')
            encoded = b"".join((memoryview(encoded)[:cut], b',"tr":', self._words(page, encoded, lang), b',"log":',
                                dumps([translate_line(line, lang) for line in page.log])))
            if isinstance(head_doc.get("game"), dict):  # the result's reason too (issue 11: "Game over: ...")
                head_doc = {**head_doc, "game": result_in(head_doc["game"], lang)}
        return b"".join((memoryview(dumps(head_doc))[:-1], b",", encoded, b"}"))  # one copy of ~150 KB, not two

    def _words(self, page: Page, encoded: bytes, lang: str) -> bytes:
        """The words the game's web module drew the page with (its panel, prompt and action labels) in
        ``lang``, as {English: translation} (polemos.i18n.page_words): the page looks them up. Encoded once
        per page and language."""
        key = (page.digest, lang)
        found = self.words.get(key)
        if found is None:
            doc = orjson_loads(b"{" + encoded + b"}")  # only its words are read (~2x faster than json.loads)
            view = doc.get("view")
            board = doc.get("board")
            rest = {"panel": doc.get("panel"), "labels": doc.get("labels"), "groups": doc.get("groups"),
                    "prompt": view.get("prompt") if isinstance(view, dict) else None}
            texts = board_texts(board) if isinstance(board, str) else []
            words = _board_words(texts, lang)
            # page_words over {**rest, "board": texts} looks at the board's texts first (last in, first out), then
            # at the rest as page_words(rest) does, at most PAGE_WORDS strings in all: the same words, same order
            for english, shown in page_words(rest, lang, PAGE_WORDS - min(len(texts), PAGE_WORDS)).items():
                words.setdefault(english, shown)
            found = dumps(words)
            self.words.put(key, found)
        return found

    def _encode(self, game_id: str, page: Page) -> bytes:
        """The page's own members of the answer, encoded once per page version in this process: the game's
        web module's board, refs, panel and labels drawn, the view and legal actions spliced in as encoded
        for the page's digest (signals.page_of). The view and its text are let go then (the answer holds them).

        No lock: two threads asking for the same page at once (a player's two tabs) may both draw it, and
        the bytes are the same; one lock for every page of the process made each draw wait for any other
        game's (issue 8, the tail). The page's view is read before ``encoded`` is checked, and ``encoded``
        set before the view is let go, so a thread that finds the view let go finds ``encoded`` set."""
        view, view_text = page.view, page.view_text
        if page.encoded is not None:
            return page.encoded
        extras: JSON = {}
        web = _web_module(game_id)
        if web is not None:
            extras["board"] = web.render_board(view, self.data_dir)
            extras["refs"] = web.action_refs(view, page.legal) if page.legal else []
            extras["panel"] = web.describe(view)
            if hasattr(web, "action_labels") and page.legal:
                extras["labels"] = web.action_labels(view, page.legal)
            if hasattr(web, "action_groups") and page.legal:  # the list's headings (SvA's purchases, issue 11)
                extras["groups"] = web.action_groups(view, page.legal)
        rest = dumps({**extras, "log": page.log})  # the log last: view_json translates it
        encoded = b"".join((b'"view":', view_text, b',"legal":', page.legal_text, b",",
                            memoryview(rest)[1:-1]))
        page.encoded = encoded
        page.view_text, page.view = b"", {}
        return encoded

    def explain_json(self, gid: int, viewer: Viewer | None, role: str | None, lang: str = DEFAULT_LANG) -> bytes:
        """Why the viewer's page (as ``view`` chooses it) offers no choice on some board places now: the
        game's ``State.explain`` for that seat, by board ref (its web module's ``explain_refs``), as
        ``{"version", "role", "why": {reason: [refs]}}``. Worked out only when asked (the page asks when
        a click finds nothing to choose), once per page version, and kept with the page; from the seat's
        own sight like its view; the spectator is offered nothing, so it gets no reason."""
        def read(conn: Reader) -> tuple[Page, str, int, State | None, str]:
            row = self._head(conn, gid)
            key = self._viewer_key(row.seats, viewer, role, row.active)
            signals = Signals.load(row.signals, row.version)
            page = self._page(conn, row, signals, key)
            state = self._state(conn, row) if page.explained is None and key != SPECTATOR else None
            return page, key, signals.version(key), state, row.game_id

        page, key, version, state, game_id = self._reading(read)
        if page.explained is None:
            why: dict[str, list[str]] = {}
            explained = state.explain(key) if state is not None else None
            web = _web_module(game_id)
            if explained is not None and web is not None and hasattr(web, "explain_refs"):
                why = web.explain_refs(explained)
            page.explained = dumps(why)
        why_text = page.explained
        if lang != DEFAULT_LANG and why_text != b"{}":
            why_text = dumps({translate_text(reason, lang): refs for reason, refs in json.loads(why_text).items()})
        head = dumps({"version": version, "role": None if key == SPECTATOR else key})
        return head[:-1] + b',"why":' + why_text + b"}"

    def _view_parts(self, gid: int, viewer: Viewer | None, role: str | None,
                    known: _Head | None = None) -> tuple[JSON, Page, str]:
        """The viewer's own members of ``view``, the cached page, and the game's id; ``known``: the game's
        head as this process just committed it (``act_and_view``), read from the database only if the game
        moved on meanwhile."""
        heads = [known] if known is not None else []

        def read(conn: Reader) -> tuple[_Head, Signals, str, Page]:
            row = heads.pop() if heads else self._head(conn, gid)
            key = self._viewer_key(row.seats, viewer, role, row.active)
            signals = Signals.load(row.signals, row.version)
            return row, signals, key, self._page(conn, row, signals, key)

        row, signals, key, page = self._reading(read)
        head: JSON = {"game": self.summary(row, viewer), "version": signals.version(key),
                      "versions": self._versions(signals, row.seats, viewer),
                      "role": None if key == SPECTATOR else key,
                      "can_undo": page.can_undo and row.status != "finished"}
        return head, page, row.game_id

    def _viewer_key(self, seats: Sequence[_SeatInfo], viewer: Viewer | None, role: str | None, active: str) -> str:
        """Whose page a request sees: ``role`` (a seat the viewer holds: 403 otherwise), else the
        viewer's seat that is asked to act (or its first), else the spectator's."""
        mine = [s.role for s in seats if viewer is not None and s.user_id == viewer.user_id and s.kind == "human"]
        if role is not None:
            if role not in mine:
                raise ApiError(403, f"the {role} seat is not yours: only its player may see its view")
            return role
        if not mine:
            return SPECTATOR
        acting = [r for r in mine if r in active.split(",")]
        return acting[0] if acting else mine[0]

    @staticmethod
    def _versions(signals: Signals, seats: Sequence[_SeatInfo], viewer: Viewer | None) -> dict[str, int]:
        """The versions of the viewer's pages: each of its seats, or the spectator's."""
        keys = [s.role for s in seats if viewer is not None and s.user_id == viewer.user_id and s.kind == "human"]
        return {k: signals.version(k) for k in sorted(keys or [SPECTATOR])}

    def act(self, gid: int, viewer: Viewer | None, text: str, version: int, role: str | None = None,
            undo: bool = False, bot: str | None = None) -> JSON:
        """One action (or undo); ``bot`` marks the server's own bot seat acting.

        ``version`` is the version of the acting role's page the action was chosen on: the action is
        stale (409) only if that page changed since, so another role's secret steps neither make it
        stale nor show through a refusal (polemos.server.signals). A bot acts at the game's internal
        version (the bot runner's own check; never sent to anyone).

        The engine's work (load, check, apply, every viewer's page) is done on a copy outside any write
        transaction; the write transaction only stores the result, and only if the game is still at the
        version the action was planned on (else it is planned again on the new one). So the database's
        write lock, which SQLite's writers queue for, is held for the writes alone."""
        return self._act(gid, viewer, text, version, role, undo, bot).out

    def act_and_view(self, gid: int, viewer: Viewer, text: str, version: int, role: str | None, undo: bool,
                     lang: str = DEFAULT_LANG) -> tuple[JSON, bytes]:
        """``act``, and the acting seat's page after it as ``view_json`` gives it, from the game's head as the
        action wrote it (no second read of the head: one database statement and its hand-overs of the GIL
        fewer per action; issue 8, the page after the commit). If the game moved on meanwhile, its page
        is read at its latest, as ``view_json`` would."""
        plan = self._act(gid, viewer, text, version, role, undo, None)
        return plan.out, self.view_json(gid, viewer, plan.out["role"], lang, plan.head)

    def _act(self, gid: int, viewer: Viewer | None, text: str, version: int, role: str | None, undo: bool,
             bot: str | None) -> _Plan:
        for _attempt in range(ACT_ATTEMPTS):
            plan = self._plan(gid, viewer, text, version, role, undo, bot)
            nid = self._write_action(plan)
            if nid is not None:
                self._committed(plan.change, nid)
                return plan
            if bot is not None:
                raise ApiError(409, "stale: the game moved on, or another server process plays its bots")
        raise ApiError(409, "stale: the game keeps changing; reload it")

    def _plan(self, gid: int, viewer: Viewer | None, text: str, version: int, role: str | None, undo: bool,
              bot: str | None) -> _Plan:
        """The action checked and applied to a copy of the game as it stands (ApiError if refused)."""
        def read(conn: Reader) -> tuple[_Head, State]:
            row = self._head(conn, gid)
            if row.status == "finished":
                raise ApiError(409, "the game is over")
            if row.status == "open":
                raise ApiError(409, "the game waits for players to fill its open seats")
            return row, self._state(conn, row)

        row, state = self._reading(read)
        seats = row.seats
        signals = Signals.load(row.signals, row.version)
        signals.rebase(state, public_facts(row.status, row.active, _seat_facts(seats), row.result))
        if bot is not None:
            acting = bot
            if not any(s.role == bot and s.kind == "bot" for s in seats):
                raise ApiError(403, f"{bot} is not a bot seat")
            current = row.version
        else:
            acting = self._acting_role(seats, viewer, role, state)
            current = signals.version(acting)
        if version != current:
            raise ApiError(409, f"stale: the game has moved on (version {current}, yours {version}); reload it")
        if undo:
            if not state.can_undo(acting):
                raise ApiError(409, "nothing to undo: a die was rolled, something was revealed, or the turn "
                                    "passed since your last action")
            state.undo(acting)
            text = "undo"
        else:
            if acting not in state.active_roles():
                raise ApiError(409, f"it is not {acting}'s turn (waiting for {', '.join(state.active_roles())})")
            try:
                action = state.game.parse_action(state, acting, text)
                state.apply(acting, action)
            except IllegalActionError as exc:
                raise ApiError(422, str(exc)) from None
            text = action
        values: JSON = {"version": row.version + 1, "active": ",".join(state.active_roles())}
        status, result = row.status, row.result
        outcome = state.outcome()
        if outcome is not None:
            status, result = "finished", json.dumps(outcome.to_json())
            values.update(status=status, winner=outcome.winner, result=result)
        # the state's snapshot (SNAPSHOT_EVERY): every so many actions, and the finished game's (its record)
        snapshot = row.version if row.state_version is None else row.state_version
        if outcome is not None or row.version + 1 - snapshot >= SNAPSHOT_EVERY:
            values.update(state=dumps_state(state.to_json()), state_version=row.version + 1)
        else:
            values["state_version"] = snapshot  # set even when it was NULL (which would mean "at version")
        change = self._change(gid, row.version + 1, status, values["active"], result, seats, state, signals)
        values["signals"] = signals.dump()
        if change.public_moved:
            values["updated_at"] = now()
        if bot is not None:  # the bot seats' lease is this process's (service docstring of bot_move)
            values.update(bot_host=self.host, bot_until=now() + BOT_LEASE)
        done = {"game": gid, "seq": row.version + 1, "kind": "undo" if undo else "action", "role": acting,
                "text": text, "user_id": viewer.user_id if viewer is not None and bot is None else None}
        out = {"version": row.version + 1 if bot is not None else signals.version(acting), "action": text,
               "role": acting, "status": status}
        # the head as this write leaves it (the page of act_and_view is shown from it)
        after = dataclasses.replace(row, version=row.version + 1, status=status, active=values["active"],
                                    winner=values.get("winner", row.winner), result=result, signals=values["signals"],
                                    state_version=values["state_version"],
                                    updated_at=values.get("updated_at", row.updated_at),
                                    bot_host=values.get("bot_host", row.bot_host),
                                    bot_until=values.get("bot_until", row.bot_until))
        return _Plan(gid, row.version, values, done, change, out, bot is not None, after)

    def _write_action(self, plan: _Plan) -> int | None:
        """Store a planned action if the game is still at the version it was planned on (and, for a bot,
        no other process holds the game's bot lease): the notification's id, or None."""
        if self.hot is not None:
            return self._write_action_hot(self.hot, plan)
        query = _GAMES.update().where(_GAMES.c.id == plan.gid, _GAMES.c.version == plan.base)
        if plan.bot:
            query = query.where(or_(_GAMES.c.bot_host.is_(None), _GAMES.c.bot_host == self.host,
                                    _GAMES.c.bot_until <= now()))
        with self.turns, self.writer.begin() as conn:  # Core only: no ORM session on the write path
            if conn.execute(query.values(**plan.values)).rowcount != 1:
                return None
            conn.execute(_ACTIONS.insert(), plan.done)
            return self._write_change(conn, plan.change)

    def _write_action_hot(self, hot: Hot, plan: _Plan) -> int | None:
        """``_write_action`` on SQLite through the driver (polemos.server.hot): the same rows."""
        at = now()
        values = {k: db_time(v) if isinstance(v, datetime) else v for k, v in plan.values.items()}
        sql = "UPDATE games SET " + ", ".join(f"{k} = ?" for k in values) + " WHERE id = ? AND version = ?"
        params: list[Any] = [*values.values(), plan.gid, plan.base]
        if plan.bot:
            sql += " AND (bot_host IS NULL OR bot_host = ? OR bot_until <= ?)"
            params += [self.host, db_time(at)]
        done = plan.done
        change = plan.change
        timing.mark("turn_ask")
        with self.turns:
            timing.mark("turn_got")
            conn = hot.conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                if conn.execute(sql, params).rowcount != 1:
                    conn.execute("ROLLBACK")
                    return None
                conn.execute(_ACTION_SQL, (done["game"], done["seq"], done["kind"], done["role"], done["text"],
                                           done["user_id"], db_time(at)))
                if change.bumped:
                    conn.executemany(_VIEW_CHANGE_SQL, [
                        (change.game, k, v, len(change.pages[k].log), db_time(at)) for k, v in change.bumped.items()])
                nid = conn.execute(_NOTE_SQL, (change.game, dumps(change.payload).decode(), db_time(at))).lastrowid
                conn.execute("COMMIT")
                timing.mark("committed")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        if nid is None:
            raise RuntimeError("the notification was written without an id")
        return int(nid)

    # ------------------------------------------------------------------------------ change signals
    def _state(self, conn: Reader, row: _Head) -> State:
        """The game's state at the head's version, the caller's to change (``_cached_state``), its JSON
        or the actions since the cached version read on ``conn`` on a miss; ``_Moved`` if the game is no
        longer at that version."""
        def text() -> tuple[str, int | None] | None:
            if isinstance(conn, sqlite3.Connection):
                rows = conn.execute(_STATE_SQL, (row.id, row.version)).fetchall()
            else:
                rows = list(conn.execute(_STATE_AT, {"gid": row.id, "version": row.version}).all())
            return (str(rows[0][0]), rows[0][1]) if rows else None

        return self._cached_state(row.id, row.game_id, row.version, text, _stored_actions(conn, row.id, row.version))

    def _cached_state(self, gid: int, game_id: str, version: int, text: Callable[[], tuple[str, int | None] | None],
                      actions: Callable[[int], Sequence[tuple[int, str, str, str]]]) -> State:
        """The game's state at internal ``version``, the caller's to change: a clone of this process's
        cached copy; on a miss, the cached copy brought up to ``version`` by the actions stored since
        (``actions``, when there are at most CATCH_UP of them), else read from ``text()`` (the stored JSON
        and the version it is at, None if the game is no longer at ``version``) and the actions after it.

        Catching up is what another server process did to reach ``version`` (its action applied to a
        clone of the state before it: the same state and actions give the same state, which the games'
        equivalence tests pin through clones, JSON and undo), at a fraction of the cost: a state parsed
        afresh has none of the kept work of its views and legal actions (~1 ms to parse, ~1 ms more per
        view), and a game whose two players' connections landed on different processes met that at each
        action (issue 8, server CPU per action)."""
        entry = self.states.get(gid)
        if entry is not None and entry[0] == version:
            return entry[1].clone()
        state: State | None = None
        if entry is not None and entry[0] < version <= entry[0] + CATCH_UP:
            state = self._caught_up(gid, entry, version, actions)
        if state is None:
            stored = text()
            if stored is None:
                raise _Moved()
            state = self._stored(gid, game_id, version, stored, actions)
        latest = self.states.get(gid)
        if latest is None or latest[0] < version:  # never an older version over a newer one
            self.states.put(gid, (version, state))
        return state.clone()

    @staticmethod
    def _caught_up(gid: int, entry: tuple[int, State], version: int,
                   actions: Callable[[int], Sequence[tuple[int, str, str, str]]], clone: bool = True) -> State | None:
        """The cached ``entry`` (internal version, state) brought up to ``version`` by the stored actions
        after it (an action applied, an undo taken back, as Store._plan did them), or None if they are
        not all there yet (the caller parses the stored state instead); on a clone unless not ``clone``."""
        base, cached = entry
        rows = actions(base)
        if [r[0] for r in rows] != list(range(base + 1, version + 1)):
            return None
        state = cached.clone() if clone else cached
        try:
            for _seq, kind, role, text in rows:
                if kind == "undo":
                    state.undo(role)
                else:
                    state.apply(role, text)
        except IllegalActionError as exc:  # the stored actions always apply: this would be a bug
            _log.error("game %s: the stored actions after version %s do not apply to the cached state (%s); "
                       "its stored state is read instead", gid, base, exc)
            return None
        return state

    def _page(self, conn: Reader, row: _Head, signals: Signals, key: str) -> Page:
        """Viewer ``key``'s page of the game as the row has it (cached by game, version and change)."""
        entry = self.pages.get((row.id, key))
        if entry is not None and entry[:2] == (row.version, signals.n):
            return entry[2]
        public = public_facts(row.status, row.active, _seat_facts(row.seats), row.result)
        # the log lines of this process's latest page of the viewer are reused (a change made by another
        # process: its page is written here too)
        page = page_of(self._state(conn, row), key, public, entry[2] if entry is not None else None)
        if entry is None or entry[:2] < (row.version, signals.n):
            self.pages.put((row.id, key), (row.version, signals.n, page))
        return page

    def _latest_page(self, gid: int, key: str) -> Page | None:
        """The latest page of viewer ``key`` this process has (its log lines are reused: page_of)."""
        entry = self.pages.get((gid, key))
        return entry[2] if entry is not None else None

    def _change(self, gid: int, version: int, status: str, active: str, result: str | None,
                seats: Sequence[_SeatInfo], state: State, signals: Signals) -> _Change:
        """A change of the game to ``state`` (at internal ``version``): every viewer's page (each human
        seat's and the spectator's), a new version in ``signals`` for each viewer whose page moved, and
        the notification every server process reads (polemos.server.notify)."""
        public = public_facts(status, active, _seat_facts(seats), result)
        keys = [s.role for s in seats if s.kind == "human"] + [SPECTATOR]
        pages = {k: page_of(state, k, public, self._latest_page(gid, k)) for k in keys}
        bumped = signals.advance(pages)
        acting = set(state.active_roles()) if status == "active" else set()
        payload: JSON = {"n": signals.n, "v": version, "status": status,
                         "versions": {k: v for k, (v, _digest) in signals.viewers.items()},
                         "humans": {s.role: s.user_id for s in seats if s.kind == "human"},
                         "bots": [s.role for s in seats if s.kind == "bot" and s.role in acting]}
        return _Change(gid, version, signals.n, state, pages, bumped, payload)

    def _write_change(self, conn: Connection, change: _Change) -> int:
        """Write a change's ``view_changes`` rows (for ``since``) and its notification; the latter's id."""
        at = now()
        if change.bumped:
            conn.execute(_VIEW_CHANGES.insert(), [
                {"game": change.game, "viewer": k, "version": v, "log_len": len(change.pages[k].log), "created_at": at}
                for k, v in change.bumped.items()])
        note = _NOTIFICATIONS.insert().values(game=change.game, payload=json.dumps(change.payload), created_at=at)
        return int(conn.execute(note.returning(_NOTIFICATIONS.c.id)).scalar_one())

    def _committed(self, change: _Change, nid: int) -> None:
        """After the commit: keep the new state and pages for the requests that follow, and tell this
        process's listeners (other processes read the notification row)."""
        self.states.put(change.game, (change.version, change.state))
        for key, page in change.pages.items():
            self.pages.put((change.game, key), (change.version, change.n, page))
        for listener in self.listeners:
            listener(nid, change.game, change.payload)

    def live(self, gid: int, viewer: Viewer | None) -> tuple[list[str], int, dict[str, int], str]:
        """What a WebSocket of ``viewer`` starts from: the viewers it speaks for (its seats, or the
        spectator), the game's change count, their versions, and the status."""
        with self.quick.connect() as conn:
            row = self._head(conn, gid)
        signals = Signals.load(row.signals, row.version)
        versions = self._versions(signals, row.seats, viewer)
        return list(versions), signals.n, versions, row.status

    def version(self, gid: int) -> tuple[int, str]:
        """The game's public version (the spectator's page's) and its status; 404 if there is no game."""
        with self.quick.connect() as conn:
            row = self._head(conn, gid)
        return Signals.load(row.signals, row.version).version(SPECTATOR), row.status

    def last_notification(self) -> int:
        with self.read() as db:
            return int(db.scalar(select(func.max(Notification.id))) or 0)

    def notifications_after(self, after: int, limit: int = 2000) -> list[tuple[int, int, JSON]]:
        """The notifications after id ``after``, oldest first (one indexed query for a whole process)."""
        with self.quick.connect() as conn:
            rows = conn.execute(_NOTES_AFTER, {"after": after, "limit": limit}).all()
        return [(int(i), int(g), json.loads(p)) for i, g, p in rows]

    def prune_notifications(self, upto: int) -> None:
        """Forget the notifications up to id ``upto`` (every process has long read them)."""
        with self.write() as db, db.begin():
            db.execute(delete(Notification).where(Notification.id <= upto))

    def record(self, gid: int) -> JSON:
        with self.read() as db:
            row = self._row(db, gid)
        if row.status != "finished":
            raise ApiError(409, "the record of a game is published when it is over")
        return self.load(row).record()

    def replay(self, gid: int, step: int) -> JSON:
        """A finished game's spectator view after ``step`` actions (step through a replay)."""
        record = self.record(gid)
        actions = record["actions"]
        step = max(0, min(step, len(actions)))
        try:
            state = polemos.replay({**record, "actions": actions[:step]}, data=self.data_dir)
        except RecordError as exc:
            raise ApiError(500, f"the record does not replay: {exc}") from None
        view = state.view(None)
        out: JSON = {"step": step, "steps": len(actions), "action": actions[step - 1] if step else None, "view": view,
                     "log": log_lines(view)}
        web = _web_module(record["game"])
        if web is not None:
            out["board"] = web.render_board(view, self.data_dir)
            out["panel"] = web.describe(view)
        return out

    def since(self, gid: int, viewer: Viewer | None, after: int, role: str | None = None) -> list[JSON]:
        """What happened since version ``after`` of the viewer's page (the page's "what happened since
        my last move"): the lines of the viewer's own view's log that came after it, each with the
        version of the viewer's page that brought it. Built only from what the viewer may see: another
        role's secret steps bring no version and no line (polemos.server.signals)."""
        def read(conn: Reader) -> tuple[Page, int | None, Sequence[Any]]:
            assert isinstance(conn, Connection)
            row = self._head(conn, gid)
            key = self._viewer_key(row.seats, viewer, role, row.active)
            page = self._page(conn, row, Signals.load(row.signals, row.version), key)
            mine = {"gid": gid, "key": key, "after": after}
            return page, conn.execute(_LOG_BASE, mine).scalar(), conn.execute(_LOG_MARKS, mine).all()

        page, base, marks = self._reading(read, hot=False)  # its log queries are SQLAlchemy's
        log = page.log
        start = min(int(base or 0), len(log))
        # each line belongs to the latest change that wrote its place in the log (an undo shortens a
        # log, and the lines written after it replace the ones taken back)
        owner: list[int] = [-1] * len(log)
        previous = start
        for k, (_version, length, _at) in enumerate(marks):
            for i in range(max(start, min(previous, length)), min(length, len(log))):
                owner[i] = k
            previous = length
        out: list[JSON] = []
        for k, (version, _length, at) in enumerate(marks):
            lines = [log[i] for i in range(start, len(log)) if owner[i] == k]
            if lines:
                out.append({"version": version, "at": at.isoformat() + "Z", "log": lines})
        return out

    # ------------------------------------------------------------------------------ bots
    def bot_turns(self) -> list[tuple[int, str, int]]:
        """Games where a bot seat is to act: (game, role, internal version), read from the games' small
        columns (no state is loaded). The bot runner hears of bot turns by notification; this is its
        start and its sweep for games whose lease ran out (a process that died holding it)."""
        with self.read() as db:
            rows = db.execute(select(GameRow.id, GameRow.active, GameRow.version, Seat.role)
                              .join(Seat, Seat.game == GameRow.id)
                              .where(GameRow.status == "active", Seat.kind == "bot").order_by(GameRow.id)).all()
        out: list[tuple[int, str, int]] = []
        for gid, active, version, role in rows:
            if role in active.split(",") and (not out or out[-1][0] != gid):
                out.append((int(gid), str(role), int(version)))
        return out

    def bot_move(self, gid: int, role: str, version: int) -> bool:
        """Let the bot seat ``role`` choose and play at the game's internal ``version`` (False if the
        game moved on meanwhile, or if another server process holds the lease on this game's bots).

        Bots keep plans from move to move, so one process plays a game's bots while its lease lasts
        (BOT_LEASE after its last move): the lease is taken with the move itself, in the same write."""
        def read(conn: Reader) -> tuple[_SeatInfo, State, str] | None:
            row = self._head(conn, gid)
            if row.bot_host not in (None, self.host) and row.bot_until is not None and row.bot_until > now():
                return None
            seat = next((s for s in row.seats if s.role == role and s.kind == "bot"), None)
            if seat is None or row.version != version or row.status != "active":
                return None
            return seat, self._state(conn, row), row.game_id

        found = self._reading(read)
        if found is None:
            return False
        seat, state, game_id = found
        if role not in state.active_roles():
            return False
        key = (gid, role)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = make_agent(seat.bot or "heuristic", game_id, self.data_dir)
            limit = getattr(agent, "limit_seconds", None)
            if callable(limit):
                limit(BOT_CPU_SECONDS)
        legal = state.legal_actions(role)
        # a bot's choices draw from their own secret source, never from the game's seed (issue 8)
        action = agent.choose(state.view(role), list(legal), Rng(secret_seed()))
        try:
            out = self.act(gid, None, action, version, bot=role)
        except ApiError as exc:
            if exc.status == 409:
                return False
            raise
        if out["status"] == "finished":
            self.agents = {k: a for k, a in self.agents.items() if k[0] != gid}
        return True


class _WriteSession(DbSession):
    """A write session that takes the database's write turn when it opens and gives it back when it
    closes (db.WriteTurns): SQLite writers queue without sleeping."""

    def __init__(self, bind: Engine, turns: WriteTurns) -> None:
        super().__init__(bind, expire_on_commit=False)
        self.turns = turns

    def __enter__(self) -> _WriteSession:
        self.turns.__enter__()
        try:
            super().__enter__()
        except BaseException:
            self.turns.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            super().__exit__(*exc)
        finally:
            self.turns.__exit__(None, None, None)


_GAMES = cast(Table, GameRow.__table__)
_ACTIONS = cast(Table, ActionRow.__table__)
_VIEW_CHANGES = cast(Table, ViewChange.__table__)
_NOTIFICATIONS = cast(Table, Notification.__table__)


_SEATS = cast(Table, Seat.__table__)
_USERS = cast(Table, User.__table__)
_SESSIONS = cast(Table, Session.__table__)

# The statements of the hot paths, built once (building a statement costs more than running it on SQLite)
_HEAD_FIELDS = ("id", "game_id", "scenario", "options", "seed_chosen", "version", "status", "active", "winner",
                "result", "hotseat", "invite", "created_by", "updated_at", "bot_host", "bot_until", "signals",
                "state_version")
_HEAD_SELECT = (select(*(_GAMES.c[f] for f in _HEAD_FIELDS), _SEATS.c.role, _SEATS.c.kind,
                       _SEATS.c.user_id.label("seat_user"), _SEATS.c.bot, _USERS.c.name.label("player"))
                .select_from(_GAMES.outerjoin(_SEATS, _SEATS.c.game == _GAMES.c.id)
                             .outerjoin(_USERS, _USERS.c.id == _SEATS.c.user_id)))
_HEAD_BY_ID = _HEAD_SELECT.where(_GAMES.c.id == bindparam("gid")).order_by(_SEATS.c.id)
_ACTIONS_BETWEEN = (select(_ACTIONS.c.seq, _ACTIONS.c.kind, _ACTIONS.c.role, _ACTIONS.c.text)
                    .where(_ACTIONS.c.game == bindparam("gid"), _ACTIONS.c.seq > bindparam("after"),
                           _ACTIONS.c.seq <= bindparam("upto")).order_by(_ACTIONS.c.seq))
_STATE_AT = (select(_GAMES.c.state, _GAMES.c.state_version)
             .where(_GAMES.c.id == bindparam("gid"), _GAMES.c.version == bindparam("version")))
_SESSION_BY_TOKEN = (select(_USERS.c.id, _USERS.c.name, _SESSIONS.c.csrf, _SESSIONS.c.expires_at,
                            _SESSIONS.c.last_used, _USERS.c.lang)
                     .select_from(_SESSIONS.join(_USERS, _USERS.c.id == _SESSIONS.c.user_id))
                     .where(_SESSIONS.c.token_hash == bindparam("key")))
_NOTES_AFTER = (select(_NOTIFICATIONS.c.id, _NOTIFICATIONS.c.game, _NOTIFICATIONS.c.payload)
                .where(_NOTIFICATIONS.c.id > bindparam("after")).order_by(_NOTIFICATIONS.c.id)
                .limit(bindparam("limit")))
# ... and their SQLite text, run through the driver itself (polemos.server.hot)
_HEAD_SQL = compiled(_HEAD_BY_ID, ["gid"])[0]
_STATE_SQL = compiled(_STATE_AT, ["gid", "version"])[0]
_ACTIONS_SQL, _ACTIONS_PARAMS = compiled(_ACTIONS_BETWEEN, ["gid", "after", "upto"])
_SESSION_SQL = compiled(_SESSION_BY_TOKEN, ["key"])[0]
_ACTION_SQL = "INSERT INTO actions (game, seq, kind, role, text, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
_VIEW_CHANGE_SQL = "INSERT INTO view_changes (game, viewer, version, log_len, created_at) VALUES (?, ?, ?, ?, ?)"
_NOTE_SQL = "INSERT INTO notifications (game, payload, created_at) VALUES (?, ?, ?)"
_MINE = (_VIEW_CHANGES.c.game == bindparam("gid")) & (_VIEW_CHANGES.c.viewer == bindparam("key"))
_LOG_BASE = (select(_VIEW_CHANGES.c.log_len).where(_MINE, _VIEW_CHANGES.c.version <= bindparam("after"))
             .order_by(_VIEW_CHANGES.c.version.desc()).limit(1))
_LOG_MARKS = (select(_VIEW_CHANGES.c.version, _VIEW_CHANGES.c.log_len, _VIEW_CHANGES.c.created_at)
              .where(_MINE, _VIEW_CHANGES.c.version > bindparam("after")).order_by(_VIEW_CHANGES.c.version))


class _Moved(Exception):
    """The game moved on between two statements of one read (it is read again: Store._reading)."""


@dataclass(frozen=True, slots=True)
class _SeatInfo:
    """A seat as the hot paths read it: its role, kind, user (and the user's name) or bot."""

    role: str
    kind: str
    user_id: int | None
    bot: str | None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class _Head:
    """A game's row less its state (the state cache usually has it), with its seats in order."""

    id: int
    game_id: str
    scenario: str | None
    options: str
    seed_chosen: bool
    version: int
    status: str
    active: str
    winner: str | None
    result: str | None
    hotseat: bool
    invite: str
    created_by: int
    updated_at: datetime
    bot_host: str | None
    bot_until: datetime | None
    signals: str | None
    state_version: int | None  # the version the stored state's snapshot is at (None: ``version``)
    seats: tuple[_SeatInfo, ...]


Reader = Connection | sqlite3.Connection  # a read connection: SQLAlchemy's, or the driver's (polemos.server.hot)
_HEAD_TIMES = (_HEAD_FIELDS.index("updated_at"), _HEAD_FIELDS.index("bot_until"))
_HEAD_BOOLS = (_HEAD_FIELDS.index("seed_chosen"), _HEAD_FIELDS.index("hotseat"))


def _typed_head(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A row of ``_HEAD_SQL`` from the driver with the types SQLAlchemy gives it (dates, booleans)."""
    out = list(row)
    for k in _HEAD_TIMES:
        out[k] = py_time(out[k])
    for k in _HEAD_BOOLS:
        out[k] = py_bool(out[k])
    return tuple(out)


def _heads(rows: Sequence[Any]) -> list[_Head]:
    """The games of rows of ``_HEAD_SELECT`` (one row per seat, a game's rows together), in order."""
    games: list[tuple[Any, list[_SeatInfo]]] = []
    seat = len(_HEAD_FIELDS)  # the seat's columns follow the game's: role, kind, seat_user, bot, player
    for r in rows:
        if not games or games[-1][0][0] != r[0]:
            games.append((r, []))
        if r[seat] is not None:
            games[-1][1].append(_SeatInfo(*r[seat:seat + 5]))
    return [_Head(**{f: first[k] for k, f in enumerate(_HEAD_FIELDS)}, seats=tuple(seats)) for first, seats in games]


def _stored_actions(conn: Reader, gid: int, upto: int) -> Callable[[int], Sequence[tuple[int, str, str, str]]]:
    """A function giving game ``gid``'s stored actions after a sequence number, up to ``upto``, read on
    ``conn`` (seq, kind, role, text): what brings a cached state or the row's snapshot up to date."""
    def actions(after: int) -> Sequence[tuple[int, str, str, str]]:
        if isinstance(conn, sqlite3.Connection):
            return conn.execute(_ACTIONS_SQL, _ACTIONS_PARAMS({"gid": gid, "after": after, "upto": upto})).fetchall()
        return [tuple(r) for r in conn.execute(_ACTIONS_BETWEEN, {"gid": gid, "after": after, "upto": upto}).all()]

    return actions


def _infos(seats: Sequence[Seat]) -> list[_SeatInfo]:
    return [_SeatInfo(s.role, s.kind, s.user_id, s.bot) for s in seats]


def _seat_facts(seats: Sequence[_SeatInfo]) -> list[tuple[str, str, int | None, str | None]]:
    return [(s.role, s.kind, s.user_id, s.bot) for s in seats]


@dataclass(frozen=True, slots=True)
class _Change:
    """A change of a game, computed before it is written: its internal version and change count, the
    new state, every viewer's page, the viewers whose page moved (their new versions), the payload."""

    game: int
    version: int
    n: int
    state: State
    pages: dict[str, Page]
    bumped: dict[str, int]
    payload: JSON

    @property
    def public_moved(self) -> bool:
        """The spectator's page moved: the lobby's ``updated_at`` moves with it (and only then)."""
        return SPECTATOR in self.bumped


@dataclass(frozen=True, slots=True)
class _Plan:
    """An action applied to a copy of game ``gid`` at internal version ``base``: the row's new values,
    the action's row, the change, and the answer."""

    gid: int
    base: int
    values: JSON
    done: JSON
    change: _Change
    out: JSON
    bot: bool
    head: _Head  # the game's head after the write


PAGE_WORDS = 5000  # the strings polemos.i18n.page_words looks at, at most (its default limit)
LONGEST_WORDS = 2000  # ... and the longest it translates


@functools.lru_cache(maxsize=1 << 16)
def _translated(text: str, lang: str) -> str:
    """``translate_line``, kept: a board's texts are mostly those of the boards before it (its hexes, cities and
    blocks), ~600 a board, and translating them afresh was ~7 ms of every page shown in another language than
    English (issue 8, server CPU per action)."""
    return translate_line(text, lang)


def _board_words(texts: list[str], lang: str) -> dict[str, str]:
    """What ``page_words`` finds first in a page whose board has ``texts`` (polemos.i18n.board_texts): it looks at
    the board's texts first, the last one first, at most PAGE_WORDS of them; {English: translation} in the order
    it finds them, the translations kept (_translated)."""
    chosen = choose_lang(lang)
    found: dict[str, str] = {}
    if chosen == DEFAULT_LANG:
        return found
    for text in reversed(texts[-PAGE_WORDS:]):
        if text not in found and 0 < len(text) <= LONGEST_WORDS:
            shown = _translated(text, chosen)
            if shown != text:
                found[text] = shown
    return found


def _web_module(game_id: str) -> Any:
    module = game_module(game_id, "web")
    if module is None or not hasattr(module, "render_board"):
        return None
    return module


def open_store(database_url: str | None, folder: Path | None, components: Path | None = None) -> Store:
    """The store for ``--database-url`` (default: SQLite ``polemos.db`` in ``folder``)."""
    if database_url is None:
        folder = folder or Path("polemos-data")
        folder.mkdir(parents=True, exist_ok=True)
        database_url = f"sqlite:///{(folder / 'polemos.db').resolve()}"
    return Store(database_url, components)
