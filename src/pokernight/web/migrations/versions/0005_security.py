"""The house under attack: what a table is dealt from.

- ``secret``: 32 random bytes (hex) drawn by the server for each table. Every table where
  someone besides its host is dealt in deals from it, so no one who picked a seed knows the
  cards; a ``verifiable`` table publishes its SHA-256 before the first hand and the secret
  itself once the table is over. Tables stored before get a secret now: their next hands are
  dealt from it (their stored hands keep their own seeds).
- ``seeded``: the host chose the table's seed (a practice table while only the host is dealt
  in); ``shared``: someone else was dealt in, so the seed deals no more. Older tables were
  never marked seeded: they deal from their new secret.
- ``epochs``: how many times a server started on the database; each start's table versions
  continue from it, so they grow across restarts.
- Every account's name key is taken again with the confusable skeleton (``web.names``), so a
  name that looks like one stored before is refused. Stored names that now share a key keep
  their accounts: the later ones get their id after a ``#`` (as in 0003), and sign in by their
  name as typed.
"""

from __future__ import annotations

import random

import sqlalchemy as sa
from alembic import op

from pokernight.web.names import key

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    bind = op.get_bind()
    op.add_column("tables", sa.Column("secret", sa.String(64), nullable=True))
    for name in ("seeded", "shared", "verifiable"):
        op.add_column(
            "tables", sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false())
        )
    tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("secret", sa.String))
    draw = random.SystemRandom()
    for (table,) in bind.execute(sa.select(tables.c.id)).all():
        secret = f"{draw.getrandbits(256):064x}"
        bind.execute(tables.update().where(tables.c.id == table).values(secret=secret))

    op.create_table("epochs", sa.Column("epoch", sa.BigInteger, nullable=False))
    accounts = sa.table(
        "accounts", sa.column("id", sa.Integer), sa.column("name"), sa.column("key")
    )
    rows = bind.execute(sa.select(accounts.c.id, accounts.c.name).order_by("id")).all()
    bind.execute(accounts.update().values(key=None))  # the unique index holds while rekeyed
    taken: set[str] = set()
    for account, name in rows:
        found = key(name)
        found = found if found not in taken else f"{found}#{account}"
        taken.add(found)
        bind.execute(accounts.update().where(accounts.c.id == account).values(key=found))


def downgrade() -> None:
    op.drop_table("epochs")
    with op.batch_alter_table("tables") as batch:
        for name in ("verifiable", "shared", "seeded", "secret"):
            batch.drop_column(name)
