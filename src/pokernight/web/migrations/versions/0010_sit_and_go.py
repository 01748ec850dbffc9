"""A table may be a sit-and-go: ``tables.tournament`` holds its structure (the buy-in, the
chips, the levels, the payouts), ``tables.standing`` how far it has come (the level, the
seats out in order, who bought in), stored with each hand so a restart resumes it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("tables", sa.Column("tournament", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("standing", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("standing")
        batch.drop_column("tournament")
