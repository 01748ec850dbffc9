"""Leagues: a named group of accounts (``leagues``, ``league_members``) playing seasons
(``seasons``); a table its league's owner names as a league night belongs to the season it was
made in (``tables.season_id``), whose standings add up its results."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("owner", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "league_members",
        sa.Column("league_id", sa.Integer, sa.ForeignKey("leagues.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    )
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("league_id", sa.Integer, sa.ForeignKey("leagues.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
    )
    op.create_index("ix_seasons_league_id", "seasons", ["league_id"])
    op.add_column("tables", sa.Column("season_id", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("season_id")
    op.drop_index("ix_seasons_league_id", "seasons")
    op.drop_table("seasons")
    op.drop_table("league_members")
    op.drop_table("leagues")
