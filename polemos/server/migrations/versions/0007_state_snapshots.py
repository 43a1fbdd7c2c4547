"""A game's state written as a snapshot every few actions (issue 8, server CPU per action): ``state`` is
the state's document at internal version ``state_version``, and the game's stored actions after it bring
it up to ``version`` (polemos.server.service.SNAPSHOT_EVERY). NULL, as in every row written before this
revision, means the state is at ``version``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("state_version", sa.Integer, nullable=True))


def downgrade() -> None:
    # a row whose snapshot is behind its version cannot be read without this column: refuse rather than
    # leave states that silently lack their latest actions
    bind = op.get_bind()
    behind = bind.execute(sa.text("SELECT COUNT(*) FROM games WHERE state_version IS NOT NULL "
                                  "AND state_version <> version")).scalar()
    if behind:
        raise RuntimeError(f"{behind} games have a state snapshot behind their version: play or finish them "
                           "with this revision before downgrading")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("state_version")
