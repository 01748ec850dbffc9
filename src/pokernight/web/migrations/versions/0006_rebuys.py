"""Rebuys: chips a player asks for, granted by the host or within the table's limit.

- ``hosting.rebuy_limit``: the chips a player may take at the table without the host's
  approval (0: the host approves every request).
- ``topups.asked``: the chips were asked for by the player sitting there (a rebuy), rather
  than added by the host unasked; ``by_account`` is who approved them: the host, or the
  player themselves when the table's limit allowed them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column(
        "hosting", sa.Column("rebuy_limit", sa.BigInteger, nullable=False, server_default="0")
    )
    op.add_column(
        "topups", sa.Column("asked", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("topups") as batch:
        batch.drop_column("asked")
    with op.batch_alter_table("hosting") as batch:
        batch.drop_column("rebuy_limit")
