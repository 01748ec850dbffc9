"""Names by their look: ``accounts.look``, each name's confusable skeleton taken before any
case-folding (``web.names.look``), so ``aIice`` with a capital I cannot stand beside
``alice``. Stored accounts get theirs now; names stored before that now look alike keep their
accounts (a new name is checked against every key and look)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pokernight.web.names import look

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    bind = op.get_bind()
    op.add_column("accounts", sa.Column("look", sa.String(160), nullable=True))
    op.create_index("ix_accounts_look", "accounts", ["look"])
    accounts = sa.table(
        "accounts", sa.column("id", sa.Integer), sa.column("name"), sa.column("look")
    )
    for account, name in bind.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        bind.execute(accounts.update().where(accounts.c.id == account).values(look=look(name)))


def downgrade() -> None:
    op.drop_index("ix_accounts_look", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("look")
