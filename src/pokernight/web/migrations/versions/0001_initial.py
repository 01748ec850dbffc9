"""Accounts, sessions, tables, seatings, hands (seed + actions) and the chip ledger."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("salt", sa.LargeBinary, nullable=False),
        sa.Column("digest", sa.LargeBinary, nullable=False),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("computers", sa.Text, nullable=False),
        sa.Column("match_seed", sa.BigInteger, nullable=False),
        sa.Column("turn_seconds", sa.Integer, nullable=False),
        sa.Column("over", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "seatings",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("start", sa.Text, nullable=False),
        sa.Column("actions", sa.Text, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("holder", sa.String(40), nullable=False, index=True),
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    for name in ("ledger", "hands", "seatings", "tables", "sessions", "accounts"):
        op.drop_table(name)
