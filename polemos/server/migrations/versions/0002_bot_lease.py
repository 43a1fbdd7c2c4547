"""Bot seats: which server process plays a game's bots (a lease), so one process keeps a bot's memory.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bot_host", sa.String(40), nullable=True))
        batch.add_column(sa.Column("bot_until", sa.DateTime, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("bot_until")
        batch.drop_column("bot_host")
