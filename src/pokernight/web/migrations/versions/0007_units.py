"""Units: a game of points keeps its points apart from the chips.

- ``hosting.point_value``: the chips a point is worth at the table (0, the default: points
  are standings only and move no bankroll).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.add_column(
        "hosting", sa.Column("point_value", sa.BigInteger, nullable=False, server_default="0")
    )


def downgrade() -> None:
    with op.batch_alter_table("hosting") as batch:
        batch.drop_column("point_value")
