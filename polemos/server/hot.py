"""The hot statements on a SQLite file, run on the driver's own connections (issue 8, server CPU per action).

Every request of a game reads its head (its row less the state, with its seats) and the session, and every
action writes four statements. Through SQLAlchemy each of these cost ~0.5-1 ms of CPU (a Connection and a pool
checkout per read, the statement's execution context, result rows, the ``begin`` event), through the
``sqlite3`` module ~0.1 ms. So on SQLite those statements run here: each thread keeps one ``sqlite3``
connection with the pragmas of polemos.server.db.make_engine (WAL, ``synchronous=NORMAL``: an acknowledged
action survives a crash of the server; db.sqlite_synchronous), in autocommit mode, so a read is one statement
that sees the latest commit (as ``Store.quick``), and a write takes the database's write turn
(polemos.server.db.WriteTurns) and runs ``BEGIN IMMEDIATE`` ... ``COMMIT``. The SQL is the SQLAlchemy
statements' own, compiled once for SQLite, and values go through SQLAlchemy's own SQLite converters for dates
and booleans, so rows written here read the same through the ORM and the other way round. PostgreSQL keeps the
SQLAlchemy path (its row locks and pool do this job). Everything else (accounts, creating and joining games,
the poller) stays on SQLAlchemy.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, DateTime
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.sql import ClauseElement

from polemos.server.db import sqlite_pragmas

_DIALECT = sqlite_dialect.dialect()
_to_db = DateTime().dialect_impl(_DIALECT).bind_processor(_DIALECT)
_from_db = DateTime().dialect_impl(_DIALECT).result_processor(_DIALECT, None)
_bool_from_db = Boolean().dialect_impl(_DIALECT).result_processor(_DIALECT, None)
if _to_db is None or _from_db is None:
    raise RuntimeError("SQLAlchemy's SQLite dialect has no datetime converters")


def db_time(value: datetime | None) -> Any:
    """A datetime as SQLAlchemy writes it to SQLite (so the ORM reads it back alike)."""
    return _to_db(value) if _to_db is not None and value is not None else value


def py_time(value: Any) -> datetime | None:
    """A SQLite datetime column as SQLAlchemy reads it."""
    if value is None or _from_db is None:
        return value  # type: ignore[no-any-return]
    out: datetime | None = _from_db(value)
    return out


def py_bool(value: Any) -> bool:
    return bool(_bool_from_db(value) if _bool_from_db is not None else value)


def compiled(statement: ClauseElement, names: Sequence[str]) -> tuple[str, Callable[[dict[str, Any]], tuple[Any, ...]]]:
    """``statement``'s SQLite text and a function putting a dict of its parameters in their order;
    ``names``: the bound parameters it must have (checked, so a changed statement cannot go unnoticed)."""
    done = statement.compile(dialect=_DIALECT)
    order: list[str] = list(getattr(done, "positiontup", None) or [])
    if sorted(set(order)) != sorted(names):
        raise RuntimeError(f"hot statement parameters {order} are not {list(names)}")

    def params(values: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(values[n] for n in order)

    return str(done), params


class Hot:
    """Per-thread ``sqlite3`` connections to the database file at ``path``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.local = threading.local()
        self.lock = threading.Lock()
        self.opened: list[sqlite3.Connection] = []

    def conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self.local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            sqlite_pragmas(conn)  # as polemos.server.db.make_engine's
            self.local.conn = conn
            with self.lock:
                self.opened.append(conn)
        return conn

    def rows(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self.conn().execute(sql, params).fetchall()

    def close(self) -> None:
        with self.lock:
            opened, self.opened = self.opened, []
        for conn in opened:
            conn.close()
        self.local = threading.local()
