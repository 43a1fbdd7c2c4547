"""Accounts and seeds (issue 8): seeds stored as text (server seeds have 128 secret bits, more than an
INTEGER column holds) with a flag for a seed the game's creator chose; user names unique without regard
to case (an index on ``lower(name)``); sessions remember when they were last used (idle expiry).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column("seed", type_=sa.Text, existing_type=sa.Integer, existing_nullable=False,
                           postgresql_using="seed::text")
        # a game made before this migration may have had a chosen seed: nobody can tell now, so it is
        # not flagged (only new games are); their seeds were chosen or 31-bit, see the README
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("last_used", sa.DateTime, nullable=True))
    op.execute("UPDATE sessions SET last_used = created_at")
    with op.batch_alter_table("sessions") as batch:
        batch.alter_column("last_used", existing_type=sa.DateTime, nullable=False)
    _rename_case_twins()
    op.create_index("ux_users_name_lower", "users", [sa.text("lower(name)")], unique=True)


def _rename_case_twins() -> None:
    """Names that differ only in case ('Cleon', 'cleon') were two accounts before; the oldest keeps
    its name, the others become 'name-ID' (still a valid name) so the new index can be built."""
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, name FROM users ORDER BY id")).fetchall()
    seen: set[str] = set()
    for uid, name in rows:
        key = str(name).lower()
        if key in seen:
            new = f"{str(name)[:40 - len(str(uid)) - 1]}-{uid}"
            conn.execute(sa.text("UPDATE users SET name = :new WHERE id = :id"), {"new": new, "id": uid})
            key = new.lower()
        seen.add(key)


def downgrade() -> None:
    op.drop_index("ux_users_name_lower", table_name="users")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("last_used")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
        # seeds of more than 63 bits do not fit an INTEGER: such games cannot go back
        batch.alter_column("seed", type_=sa.Integer, existing_type=sa.Text, existing_nullable=False,
                           postgresql_using="seed::bigint")
