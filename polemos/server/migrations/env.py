"""Alembic environment: the URL comes from the Config the server builds (polemos.server.db.migrate)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from polemos.server.db import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
