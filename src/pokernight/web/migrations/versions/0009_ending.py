"""A table its host ended during a hand keeps ending after a restart: ``hosting.ending``, the
reason it ends once the hand in play is over (it was kept in memory, and a restart mid-hand
left the table paused and open)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("hosting", sa.Column("ending", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hosting") as batch:
        batch.drop_column("ending")
