"""Change signals that leak nothing, and notifications across server processes (issue 8).

``games.signals``: each viewer's version and page digest (polemos.server.signals). ``view_changes``: one
row per change of a viewer's page (``since`` reads the viewer's own). ``notifications``: one row per change
of a game, read by every server process's poller to wake its WebSockets and bot runner (pruned).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("signals", sa.Text, nullable=True))
    op.create_table(
        "view_changes",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("viewer", sa.String(40), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("log_len", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.Integer, nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("notifications")
    op.drop_table("view_changes")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("signals")
