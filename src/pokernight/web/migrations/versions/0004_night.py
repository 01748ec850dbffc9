"""A poker night: a table's host settings, its chat and the stake top-ups its host made.

- ``hosting``: whether the host approves seats, lets spectators read the chat, and has paused
  the table (so a restarted server keeps a paused table paused).
- ``chat``: what was said at a table, by whom and when (kept with the table).
- ``topups``: each chip a host added to a seat's stake: the seat, the account sitting there,
  the amount, the host who added it and the hand it was added before (a restarted server adds
  the top-ups made after the last finished hand to the stakes that hand left).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "hosting",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("approve_seats", sa.Boolean, nullable=False),
        sa.Column("spectator_chat", sa.Boolean, nullable=False),
        sa.Column("paused", sa.Boolean, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "topups",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("by_account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("topups")
    op.drop_table("chat")
    op.drop_table("hosting")
