"""Accounts as a card room keeps them.

- A name is unique by its key (NFKC, case-folded, look-alike letters read as Latin:
  ``web.names``) rather than as typed, through a unique index (SQLite could make the column
  NOT NULL only by rebuilding the accounts table, which every other table references). Names
  already stored that share a key keep their accounts: the later ones get their id after a
  ``#`` in the key, which no name can write.
- Sessions keep the SHA-256 of their token, never the token, and an expiry: stored sessions
  are hashed in place and given the default life from now, so no one is signed out.
- A table knows the account that made it (none for older ones) and when it was closed.
"""

from __future__ import annotations

import hashlib
import time

import sqlalchemy as sa
from alembic import op

from pokernight.web.names import key
from pokernight.web.policy import Policy

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    bind = op.get_bind()
    op.add_column("accounts", sa.Column("key", sa.String(160), nullable=True))
    accounts = sa.table(
        "accounts", sa.column("id", sa.Integer), sa.column("name"), sa.column("key")
    )
    taken: set[str] = set()
    for account, name in bind.execute(sa.select(accounts.c.id, accounts.c.name).order_by("id")):
        found = key(name)
        found = found if found not in taken else f"{found}#{account}"
        taken.add(found)
        bind.execute(accounts.update().where(accounts.c.id == account).values(key=found))
    op.create_index("ix_accounts_key", "accounts", ["key"], unique=True)

    old = bind.execute(sa.text("SELECT token, account_id, created FROM sessions")).all()
    op.drop_table("sessions")
    sessions = op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    expires = time.time() + Policy().session_seconds
    rows = [
        {
            "token_hash": hashlib.sha256(token.encode()).hexdigest(),
            "account_id": account,
            "created": created,
            "expires": expires,
        }
        for token, account, created in old
    ]
    if rows:
        op.bulk_insert(sessions, rows)

    # No foreign key: SQLite adds one only by rebuilding the table (accounts are never deleted).
    op.add_column("tables", sa.Column("owner", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("closed", sa.Float, nullable=True))


def downgrade() -> None:
    """Sessions cannot be turned back into tokens: everyone signs in again."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("closed")
        batch.drop_column("owner")
    op.drop_table("sessions")
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.drop_index("ix_accounts_key", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("key")
