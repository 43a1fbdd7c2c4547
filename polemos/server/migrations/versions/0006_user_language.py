"""Each account's language (issue 11): the page and the log in English or Spanish, chosen by the
account when set, else by ``?lang=``, the page's own choice (a cookie) or the browser's Accept-Language
(polemos.i18n).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("lang", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("lang")
