"""Storage (architecture.md, Server): one row per game with its state JSON, an append-only table
of actions, users, their sessions and the seats. SQLite (WAL) by default, PostgreSQL by URL; the
schema is created and upgraded by Alembic migrations applied at start."""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"
log = logging.getLogger("polemos.server")


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    password_hash: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)
    lang: Mapped[str | None] = mapped_column(String(8), nullable=True)  # the account's language (0006, polemos.i18n)


# user names are unique without regard to case ('Cleon' is 'cleon'), enforced by the database (0003)
Index("ux_users_name_lower", func.lower(User.name), unique=True)


class Session(Base):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    csrf: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    # when the session was last used, to the hour (service.SESSION_TOUCH): idle sessions expire
    last_used: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(60), nullable=False)
    scenario: Mapped[str | None] = mapped_column(String(40), nullable=True)
    options: Mapped[str] = mapped_column(Text, nullable=False, default="{}")
    # decimal text: server seeds have 128 secret bits (secret_seed), published only in a finished game's record
    seed: Mapped[str] = mapped_column(Text, nullable=False)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)  # by the creator (shown)
    state: Mapped[str] = mapped_column(Text, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # the internal version ``state`` is at (migration 0007): a snapshot written every few actions, the stored
    # actions after it bring it up to ``version`` (service.SNAPSHOT_EVERY); NULL: at ``version``
    state_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(12), nullable=False, default="open")  # open|active|finished
    active: Mapped[str] = mapped_column(String(200), nullable=False, default="")  # roles to act, comma-separated
    winner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    hotseat: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    invite: Mapped[str] = mapped_column(String(40), nullable=False, unique=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)
    # the server process that plays this game's bot seats, until when (a lease; see service.bot_move)
    bot_host: Mapped[str | None] = mapped_column(String(40), nullable=True)
    bot_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # each viewer's version and page digest (polemos.server.signals; migration 0004): what a player, the
    # spectator and the lobby are told moves only when what they may see moves, not on every action
    signals: Mapped[str | None] = mapped_column(Text, nullable=True)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game", "role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True)
    role: Mapped[str] = mapped_column(String(40), nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)  # human | open | bot
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True)
    seq: Mapped[int] = mapped_column(Integer, nullable=False)  # the game's version after this row
    kind: Mapped[str] = mapped_column(String(10), nullable=False)  # action | undo
    role: Mapped[str] = mapped_column(String(40), nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)


class ViewChange(Base):
    """One row per change of one viewer's page (a role's, or the spectator's ``"*"``): the viewer's new
    version, when, and how long its view's log was then; ``since`` reads a viewer's own rows only."""

    __tablename__ = "view_changes"
    game: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    viewer: Mapped[str] = mapped_column(String(40), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    log_len: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)


class ThrottleEvent(Base):
    """One counted log-in or sign-up attempt of a key (an account or an address), in wall-clock
    seconds; shared by every server process (polemos.server.throttle). Old rows are deleted."""

    __tablename__ = "throttle_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(120), nullable=False, index=True)
    at: Mapped[float] = mapped_column(Float, nullable=False, index=True)


class Notification(Base):
    """A change of a game, written in the transaction that makes it; every server process reads the
    rows after the last id it saw (polemos.server.notify) to wake its WebSockets and bot runner.
    ``payload`` is internal JSON (never sent to anyone as it is); old rows are pruned."""

    __tablename__ = "notifications"
    __table_args__ = ({"sqlite_autoincrement": True},)  # ids never reused, even after pruning
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[int] = mapped_column(Integer, nullable=False)
    payload: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=now, nullable=False)


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` (libpq style) and use the psycopg 3 driver for it."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sqlite_synchronous() -> str:
    """SQLite's ``synchronous`` setting for the server's connections: ``NORMAL`` unless
    ``$POLEMOS_SQLITE_SYNCHRONOUS`` says ``FULL``.

    With the WAL journal, ``NORMAL`` is SQLite's documented setting for it: a commit is written to the
    WAL file before it is acknowledged, so an acknowledged action survives a crash or kill of the server
    (tests/server/test_crash.py) and the database is never corrupted; only a power cut or an operating
    system crash may take back the last commits (those not yet checkpointed), as a unit, leaving the
    games as they stood a moment earlier. ``FULL`` also waits for the disk (an fsync) at every commit,
    ~4 ms of this machine's disk held inside the one write lock every game's writers queue for: at 100
    actions a second that was 40% of the lock's time (issue 8). A server that must survive power cuts
    with no action lost sets ``FULL`` (or uses PostgreSQL)."""
    chosen = os.environ.get("POLEMOS_SQLITE_SYNCHRONOUS", "NORMAL").strip().upper()
    if chosen not in ("NORMAL", "FULL"):
        raise ValueError(f"POLEMOS_SQLITE_SYNCHRONOUS={chosen!r}: NORMAL or FULL")
    return chosen


# SQLite's WAL is copied back into the database file by a checkpoint. By default (``wal_autocheckpoint`` 1000
# pages) the commit that takes the WAL past 1,000 pages runs it, inside its transaction's write turn, which
# every writer of both processes queues for; with ``synchronous=NORMAL`` the checkpoint is also where the
# disk is waited for (two fsyncs). So each process runs its own checkpoints off the request path instead
# (Checkpointer: ``PRAGMA wal_checkpoint(PASSIVE)``, which neither takes nor waits for the write lock, every
# CHECKPOINT_SECONDS), and the commits' own checkpoint is kept only as a bound on the WAL should that thread
# fall behind or not run (a Store used without the app's lifespan): WAL_FALLBACK_PAGES (~80 MB).
# ``$POLEMOS_WAL_CHECKPOINT=commit`` keeps SQLite's own way (to measure with).
CHECKPOINT_SECONDS = 1.0
WAL_FALLBACK_PAGES = 20_000


def checkpoints_in_thread() -> bool:
    """Whether the server's processes checkpoint in a Checkpointer thread (the default), not in commits."""
    return os.environ.get("POLEMOS_WAL_CHECKPOINT", "thread").strip().lower() != "commit"


def sqlite_pragmas(cur: Any) -> None:
    """The pragmas of every connection of the server to a SQLite file (SQLAlchemy's and polemos.server.hot's)."""
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute(f"PRAGMA synchronous={sqlite_synchronous()}")  # an acknowledged action survives a crash
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    pages = WAL_FALLBACK_PAGES if checkpoints_in_thread() else 1000  # checkpoints: Checkpointer
    cur.execute(f"PRAGMA wal_autocheckpoint={pages}")


class Checkpointer:
    """A thread of its own that checkpoints the SQLite file at ``path`` every ``seconds`` (PASSIVE: it copies
    what no reader still needs, without the write lock), so that no commit does it inside the write turn.
    Every server process runs one; two at once is harmless (the second finds the work done, or the
    checkpoint lock taken, and returns)."""

    def __init__(self, path: str, seconds: float = CHECKPOINT_SECONDS) -> None:
        self.path = path
        self.seconds = seconds
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.conn: sqlite3.Connection | None = None
        self.runs = 0  # checkpoints made (tests read it)

    def once(self) -> tuple[int, int, int]:
        """One PASSIVE checkpoint: (busy, WAL frames, frames copied back), as SQLite reports them."""
        if self.conn is None:
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            sqlite_pragmas(self.conn)
        row = self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self.runs += 1
        return int(row[0]), int(row[1]), int(row[2])

    def _run(self) -> None:
        while not self.stopping.wait(self.seconds):
            try:
                self.once()
            except sqlite3.Error as exc:  # a locked or vanished file: the next round tries again
                log.warning("checkpoint of %s: %s", self.path, exc)

    def start(self) -> None:
        self.stopping.clear()
        self.thread = threading.Thread(target=self._run, name="polemos-checkpoint", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join()
            self.thread = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            sqlite_pragmas(cur)
            cur.close()
            conn.isolation_level = None  # we issue BEGIN ourselves (BEGIN IMMEDIATE for writes)

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            options = conn.get_execution_options()
            if options.get("autocommit_reads"):
                return  # reads whose every statement stands alone (Store.quick): each is its own transaction
            # writers take the write lock at once (no deadlock upgrading a read lock); readers don't
            conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get("write") else "BEGIN")

        return engine
    return create_engine(url, pool_pre_ping=True)


class WriteTurns:
    """The writers of one SQLite file take turns here before ``BEGIN IMMEDIATE``, not in SQLite's busy
    handler: that one retries by sleeping (1, 2, 5 ... 100 ms), so under a stream of writes a waiting
    writer could sleep through many turns (seconds of latency for an action), while a writer blocked
    on ``flock`` is woken the moment the lock is free. Threads of a process queue on a lock, processes
    on a lock file beside the database; the turn is held from the write session's start to its end.
    PostgreSQL needs none of this (its row locks queue writers): ``path`` None makes it a no-op."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.thread = threading.RLock()
        self.depth = 0  # nested turns of the thread holding it (the file lock is taken once)
        self.fd: int | None = None

    def __enter__(self) -> WriteTurns:
        if self.path is None:
            return self
        self.thread.acquire()
        try:
            if self.depth == 0:
                if self.fd is None:
                    self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            self.depth += 1
        except BaseException:
            self.thread.release()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.path is None:
            return
        try:
            self.depth -= 1
            if self.depth == 0 and self.fd is not None:
                fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            self.thread.release()


def write_turns(url: str) -> WriteTurns:
    """The write turns of the database at ``url`` (SQLite files only; see WriteTurns)."""
    url = normalise_url(url)
    if url.startswith("sqlite:///") and not url.endswith(":memory:") and len(url) > len("sqlite:///"):
        return WriteTurns(Path(url[len("sqlite:///"):] + "-writers.lock"))
    return WriteTurns(None)


def migrate(url: str) -> None:
    """Apply the Alembic migrations (creating the schema on a new database)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    command.upgrade(cfg, "head")
