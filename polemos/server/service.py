"""What the server does, apart from HTTP: accounts, sessions, games, seats and actions.

Every state change is one database transaction: the game row is locked (``BEGIN IMMEDIATE`` on
SQLite, ``SELECT ... FOR UPDATE`` on PostgreSQL), its state JSON loaded, the action checked and
applied by the game engine, the action appended and the new state saved; nothing is kept only in
memory, so several server processes on one PostgreSQL serve the same games, and a crash loses no
acknowledged action (SQLite runs with ``synchronous=FULL``).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
import threading
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

import polemos
from polemos.ai.agents import agent_names, game_module, make_agent
from polemos.core.errors import IllegalActionError, RecordError, UnknownGameError
from polemos.core.game import JSON, Game, State
from polemos.core.log import log_lines
from polemos.core.rng import Rng, secret_seed
from polemos.server.db import ActionRow, GameRow, Seat, Session, User, make_engine, migrate, now
from polemos.server.throttle import ACCOUNT_FAILURES, ADDRESS_FAILURES, ADDRESS_SIGNUPS, Throttle

SESSION_DAYS = 30  # a session ends 30 days after its log-in at the latest
IDLE_DAYS = 7  # ... and after 7 days unused
SESSION_TOUCH = timedelta(hours=1)  # a session's last use is written at most once an hour, not per request
BOT_LEASE = timedelta(seconds=30)
NAME_RE = re.compile(r"^[A-Za-z0-9_.-]{2,40}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
HASHING_THREADS = 2  # argon2 runs at most this many at once (the machine's cores), beside the games
MAX_SEED = 2**256 - 1  # a chosen seed (server seeds have 128 bits: secret_seed)
MAX_OPEN_GAMES = 10  # games of one creator waiting for players (the lobby is everyone's)
MAX_UNFINISHED_GAMES = 100  # games of one creator not yet over (bot seats cost the server time)
PAGE_SIZE = 50  # games per lobby page, by default
MAX_PAGE_SIZE = 100
# a hash to verify a password against when the name is unknown, so that takes as long as a wrong password
_NO_USER_HASH = PasswordHasher().hash(secrets.token_urlsafe(16))


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


class Store:
    """The database and the games in it."""

    def __init__(self, url: str, data_dir: Path | None = None) -> None:
        migrate(url)
        self.url = url
        self.engine: Engine = make_engine(url)
        self.writer: Engine = self.engine.execution_options(write=True)
        self.postgres = not url.startswith("sqlite")
        self.data_dir = data_dir
        self.hasher = PasswordHasher()
        self.hashing = threading.BoundedSemaphore(HASHING_THREADS)
        self.throttle = Throttle()
        # bot players keep plans from move to move (a heuristic that forgot its plan at every move
        # could undo what it just began), so one process plays a game's bots while its lease lasts
        self.host = secrets.token_hex(8)
        self.agents: dict[tuple[int, str], Any] = {}

    def read(self) -> DbSession:
        return DbSession(self.engine, expire_on_commit=False)

    def write(self) -> DbSession:
        return DbSession(self.writer, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------------------ accounts
    # Passwords are hashed and checked outside any write transaction (argon2 takes tens of ms of
    # CPU: inside SQLite's write lock, failed log-ins stalled every game), at most HASHING_THREADS at
    # once; failed log-ins are throttled per account and per address, sign-ups per address.
    def signup(self, name: str, password: str, address: str = "") -> tuple[Viewer, str]:
        if not NAME_RE.match(name or ""):
            raise ApiError(400, "a user name is 2-40 letters, digits, '.', '-' or '_'")
        check_password(name, password)
        self._throttled([(f"signup:{address}", ADDRESS_SIGNUPS)])
        taken = ApiError(409, f"the name {name!r} is taken")
        with self.read() as db:
            if db.scalar(select(User.id).where(func.lower(User.name) == name.lower())) is not None:
                raise taken
        self.throttle.record([f"signup:{address}"])
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
        self._throttled([(account, ACCOUNT_FAILURES), (place, ADDRESS_FAILURES)])
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
            self.throttle.record([account, place])
            raise ApiError(401, "wrong user name or password")
        self.throttle.clear(account)
        with self.write() as db, db.begin():
            user = db.get(User, found[0])
            if user is None:  # deleted in between
                raise ApiError(401, "wrong user name or password")
            return self._new_session(db, user)

    def _throttled(self, keys: list[tuple[str, Any]]) -> None:
        wait = self.throttle.wait(keys)
        if wait:
            raise ApiError(429, f"too many attempts: try again in {_duration(wait)}", {"Retry-After": str(wait)})

    def _new_session(self, db: DbSession, user: User) -> tuple[Viewer, str]:
        """A new session (in the caller's short write), and old sessions cleaned up on the way."""
        at = now()
        db.execute(delete(Session).where(or_(Session.expires_at < at,
                                             Session.last_used < at - timedelta(days=IDLE_DAYS))))
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        db.add(Session(token_hash=_hash_token(token), user_id=user.id, csrf=csrf,
                       expires_at=at + timedelta(days=SESSION_DAYS), last_used=at))
        return Viewer(user.id, user.name, csrf), token

    def viewer(self, token: str | None) -> Viewer | None:
        """The user of a session token, if the session is neither expired nor idle too long. Its last
        use is written at most once an hour (SESSION_TOUCH), so a request is no write."""
        if not token:
            return None
        key = _hash_token(token)
        at = now()
        with self.read() as db:
            row = db.get(Session, key)
            if row is None or row.expires_at < at or row.last_used < at - timedelta(days=IDLE_DAYS):
                return None
            user = db.get(User, row.user_id)
            if user is None:
                return None
            who = Viewer(user.id, user.name, row.csrf)
            stale = row.last_used < at - SESSION_TOUCH
        if stale:
            with self.write() as db, db.begin():
                db.execute(update(Session).where(Session.token_hash == key, Session.last_used < at - SESSION_TOUCH)
                           .values(last_used=at))
        return who

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
        if not isinstance(options, dict):
            raise ApiError(400, "options must be a JSON object")
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
                          state=json.dumps(state.to_json()), version=0, status=status,
                          active=",".join(state.active_roles()), hotseat=hotseat,
                          invite=secrets.token_urlsafe(12), created_by=viewer.user_id)
            db.add(row)
            db.flush()
            for seat in seats:
                seat.game = row.id
                db.add(seat)
            return {"id": row.id, "invite": row.invite, "status": status}

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
        query = select(GameRow).where(GameRow.id == gid)
        if lock and self.postgres:
            query = query.with_for_update()
        row = db.scalar(query)
        if row is None:
            raise ApiError(404, f"no game {gid}")
        return row

    def _seats(self, db: DbSession, gid: int) -> list[Seat]:
        return list(db.scalars(select(Seat).where(Seat.game == gid).order_by(Seat.id)))

    def summary(self, db: DbSession, row: GameRow, viewer: Viewer | None) -> JSON:
        seats = self._seats(db, row.id)
        names = {u.id: u.name for u in db.scalars(select(User).where(
            User.id.in_([s.user_id for s in seats if s.user_id is not None])))}
        active = [r for r in row.active.split(",") if r]
        mine = [s.role for s in seats if viewer is not None and s.user_id == viewer.user_id]
        game = self.game(row.game_id)
        options = json.loads(row.options)
        seated = game.seats_for(options)
        return {
            "id": row.id, "game": row.game_id, "title": game.title, "scenario": row.scenario,
            "options": options, "status": row.status, "version": row.version, "active": active,
            "rules_play": [r for r in game.roles_for(options) if r not in seated],  # no seats: an automaton
            "hotseat": row.hotseat, "winner": row.winner, "result": json.loads(row.result) if row.result else None,
            "seats": [{"role": s.role, "kind": s.kind, "player": names.get(s.user_id) if s.user_id else None,
                       "bot": s.bot} for s in seats],
            "my_roles": mine,
            "my_turn": bool(set(mine) & set(active)),
            "invite": row.invite if viewer is not None and row.created_by == viewer.user_id else None,
            "updated_at": row.updated_at.isoformat() + "Z",
            "seed_chosen": row.seed_chosen,  # the creator chose the seed (only without other players)
        }

    def list_games(self, viewer: Viewer | None, which: str, limit: int = PAGE_SIZE, offset: int = 0) -> list[JSON]:
        """One page of a lobby list (newest first): at most ``limit`` games after the first ``offset``."""
        if not 1 <= limit <= MAX_PAGE_SIZE or offset < 0:
            raise ApiError(400, f"a page holds 1 to {MAX_PAGE_SIZE} games, from an offset of 0 or more")
        with self.read() as db:
            if which == "open":
                query = select(GameRow).where(GameRow.status == "open").order_by(GameRow.id.desc())
            elif which == "finished":
                query = select(GameRow).where(GameRow.status == "finished").order_by(GameRow.id.desc())
            elif which == "mine":
                if viewer is None:
                    raise ApiError(401, "log in to see your games")
                ids = select(Seat.game).where(Seat.user_id == viewer.user_id)
                query = select(GameRow).where(GameRow.id.in_(ids)).order_by(GameRow.updated_at.desc(),
                                                                             GameRow.id.desc())
            else:
                raise ApiError(400, "list must be open, mine or finished")
            rows = db.scalars(query.limit(limit).offset(offset))
            return [self.summary(db, r, viewer) for r in rows]

    def meta(self, gid: int, viewer: Viewer | None) -> JSON:
        with self.read() as db:
            return self.summary(db, self._row(db, gid), viewer)

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
            seat = open_seats[0]
            seat.kind, seat.user_id = "human", viewer.user_id
            if all(s.kind != "open" for s in seats):
                row.status = "active"
            row.updated_at = now()
            return {"id": gid, "role": seat.role, "status": row.status}

    # ------------------------------------------------------------------------------ playing
    def load(self, row: GameRow) -> State:
        game = self.game(row.game_id)
        try:
            return game.from_json(json.loads(row.state))
        except (RecordError, ValueError) as exc:
            raise ApiError(500, f"game {row.id} cannot be loaded: {exc}") from None

    def _acting_role(self, seats: list[Seat], viewer: Viewer | None, role: str | None, state: State) -> str:
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
        """The page's data: ``role``'s view (a seat the viewer holds) or the spectator's."""
        with self.read() as db:
            row = self._row(db, gid)
            seats = self._seats(db, gid)
            summary = self.summary(db, row, viewer)
        state = self.load(row)
        mine = [s.role for s in seats if viewer is not None and s.user_id == viewer.user_id and s.kind == "human"]
        if role is not None and role not in mine:
            raise ApiError(403, f"the {role} seat is not yours: only its player may see its view")
        if role is None and mine:
            active = [r for r in mine if r in state.active_roles()]
            role = active[0] if active else mine[0]
        view = state.view(role)
        legal = state.legal_actions(role) if role is not None else []
        out: JSON = {"game": summary, "version": row.version, "role": role, "view": view, "legal": legal,
                     "log": log_lines(view),  # the log as people read it (polemos.core.log), for the page
                     "can_undo": role is not None and state.can_undo(role) and row.status != "finished"}
        web = _web_module(row.game_id)
        if web is not None:
            out["board"] = web.render_board(view, self.data_dir)
            out["refs"] = web.action_refs(view, legal) if legal else []
            out["panel"] = web.describe(view)
            if hasattr(web, "action_labels") and legal:
                out["labels"] = web.action_labels(view, legal)
        return out

    def act(self, gid: int, viewer: Viewer | None, text: str, version: int, role: str | None = None,
            undo: bool = False, bot: str | None = None) -> JSON:
        """One action (or undo) in one transaction; ``bot`` marks the server's own bot seat acting."""
        with self.write() as db, db.begin():
            row = self._row(db, gid, lock=True)
            seats = self._seats(db, gid)
            if row.status == "finished":
                raise ApiError(409, "the game is over")
            if row.status == "open":
                raise ApiError(409, "the game waits for players to fill its open seats")
            if version != row.version:
                raise ApiError(409, f"stale: the game has moved on (version {row.version}, yours {version}); "
                                    "reload it")
            state = self.load(row)
            if bot is not None:
                acting = bot
                if not any(s.role == bot and s.kind == "bot" for s in seats):
                    raise ApiError(403, f"{bot} is not a bot seat")
            else:
                acting = self._acting_role(seats, viewer, role, state)
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
            row.version += 1
            row.state = json.dumps(state.to_json())
            row.active = ",".join(state.active_roles())
            row.updated_at = now()
            outcome = state.outcome()
            if outcome is not None:
                row.status = "finished"
                row.winner = outcome.winner
                row.result = json.dumps(outcome.to_json())
            db.add(ActionRow(game=gid, seq=row.version, kind="undo" if undo else "action", role=acting, text=text,
                             user_id=viewer.user_id if viewer is not None and bot is None else None))
            return {"version": row.version, "action": text, "role": acting, "status": row.status}

    def version(self, gid: int) -> tuple[int, str]:
        """The game's version and status (a join changes the status, not the version)."""
        with self.read() as db:
            row = self._row(db, gid)
            return row.version, row.status

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

    def actions_since(self, gid: int, viewer: Viewer | None, after: int) -> list[JSON]:
        """The actions after version ``after`` (what happened since my last move). Another player's
        action text may be a secret (a card chosen face down), so only the viewer's own actions carry
        their text; what the others did is in the viewer's view's log, which the game filters."""
        with self.read() as db:
            self._row(db, gid)
            mine = {s.role for s in self._seats(db, gid) if viewer is not None and s.user_id == viewer.user_id}
            rows = list(db.scalars(select(ActionRow).where(ActionRow.game == gid, ActionRow.seq > after)
                                   .order_by(ActionRow.seq)))
        return [{"version": r.seq, "role": r.role, "kind": r.kind, "at": r.created_at.isoformat() + "Z",
                 **({"action": r.text} if r.role in mine else {})} for r in rows]

    # ------------------------------------------------------------------------------ bots
    def bot_turns(self) -> list[tuple[int, str, int]]:
        """Games where a bot seat is to act: (game, role, version)."""
        out = []
        with self.read() as db:
            rows = list(db.scalars(select(GameRow).where(GameRow.status == "active")))
            for row in rows:
                active = [r for r in row.active.split(",") if r]
                if not active:
                    continue
                for seat in self._seats(db, row.id):
                    if seat.kind == "bot" and seat.role in active:
                        out.append((row.id, seat.role, row.version))
                        break
        return out

    def bot_move(self, gid: int, role: str, version: int) -> bool:
        """Let the bot seat ``role`` choose and play (False if the game moved on meanwhile, or if
        another server process holds the lease on this game's bots)."""
        with self.write() as db, db.begin():
            row = self._row(db, gid, lock=True)
            if row.bot_host not in (None, self.host) and row.bot_until is not None and row.bot_until > now():
                return False
            row.bot_host, row.bot_until = self.host, now() + BOT_LEASE
            seat = next((s for s in self._seats(db, gid) if s.role == role and s.kind == "bot"), None)
            game_id, state_json, current = row.game_id, row.state, row.version
        if seat is None or current != version:
            return False
        state = self.game(game_id).from_json(json.loads(state_json))
        if role not in state.active_roles():
            return False
        key = (gid, role)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = make_agent(seat.bot or "heuristic", game_id, self.data_dir)
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
