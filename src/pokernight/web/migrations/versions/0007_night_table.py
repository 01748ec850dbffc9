"""The night table: one table plays game after game, each game in its own unit.

- ``hosting.point_value``: the chips a point is worth at the table (0, the default: points
  are standings only and move no bankroll).
- ``hosting.chooser``, ``hosting.games``, ``hosting.next_game``: dealer's choice, who chooses
  the next game (``host`` or ``dealer``), the games the host allows (JSON; none: the table
  plays its one game), and the choice waiting for the next deal (JSON, or none).
- ``hands.game``, ``hands.options``: the game each hand was dealt in and its options (none:
  a hand of before, of its table's one game).
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
    op.add_column(
        "hosting", sa.Column("chooser", sa.String(10), nullable=False, server_default="host")
    )
    op.add_column("hosting", sa.Column("games", sa.Text, nullable=False, server_default="[]"))
    op.add_column("hosting", sa.Column("next_game", sa.Text, nullable=True))
    op.add_column("hands", sa.Column("game", sa.String(20), nullable=True))
    op.add_column("hands", sa.Column("options", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("options")
        batch.drop_column("game")
    with op.batch_alter_table("hosting") as batch:
        for column in ("next_game", "games", "chooser", "point_value"):
            batch.drop_column(column)
