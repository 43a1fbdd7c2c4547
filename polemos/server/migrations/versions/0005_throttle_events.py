"""Log-in and sign-up attempts counted in the database (issue 8, item 4), so every worker process and
every server on one PostgreSQL share the throttle's counts (polemos.server.throttle).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "throttle_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_throttle_events_key", "throttle_events", ["key"])
    op.create_index("ix_throttle_events_at", "throttle_events", ["at"])


def downgrade() -> None:
    op.drop_table("throttle_events")
