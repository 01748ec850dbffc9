"""Every chip belongs to an account, and a restart continues where the server stopped.

- The house account ("the house": a name sign-up cannot take, no password) plays the computer
  seats, banks, and holds the pot's carry-over and what a points game scored; the ledger names
  an account (``account_id``) instead of a holder string, old entries of ``seat:*``,
  ``house``, ``pot:*`` and ``scored:*`` going to the house.
- A hand keeps the accounts it was dealt to (``holders``): it is settled with them whoever
  sits there by then.
- A hand keeps the table's version (``seq``) and the turn's deadline; a table keeps the
  version of its last seating change, so versions grow across restarts and a turn timer
  resumes with the time it had left.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"

HOUSE = "the house"


def upgrade() -> None:
    bind = op.get_bind()
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("salt", sa.LargeBinary),
        sa.column("digest", sa.LargeBinary),
        sa.column("guest", sa.Boolean),
        sa.column("created", sa.Float),
    )
    bind.execute(
        accounts.insert().values(name=HOUSE, salt=b"", digest=b"", guest=False, created=time.time())
    )
    house = bind.execute(sa.select(accounts.c.id).where(accounts.c.name == HOUSE)).scalar_one()
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
    ledger = sa.table(
        "ledger",
        sa.column("id", sa.Integer),
        sa.column("holder", sa.String),
        sa.column("account_id", sa.Integer),
    )
    for entry_id, holder in bind.execute(sa.select(ledger.c.id, ledger.c.holder)).all():
        kind, _, number = holder.partition(":")
        owner = int(number) if kind == "account" else house
        bind.execute(ledger.update().where(ledger.c.id == entry_id).values(account_id=owner))
    with op.batch_alter_table("ledger") as batch:
        batch.drop_index("ix_ledger_holder")
        batch.drop_column("holder")
        batch.alter_column("account_id", existing_type=sa.Integer, nullable=False)
        batch.create_foreign_key("fk_ledger_account", "accounts", ["account_id"], ["id"])
        batch.create_index("ix_ledger_account_id", ["account_id"])
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("holders", sa.Text, nullable=True))
        batch.add_column(sa.Column("seq", sa.BigInteger, nullable=False, server_default="0"))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seq", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seq")
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("deadline")
        batch.drop_column("seq")
        batch.drop_column("holders")
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("holder", sa.String(40), nullable=False, server_default=""))
    op.execute("UPDATE ledger SET holder = 'account:' || account_id")
    with op.batch_alter_table("ledger") as batch:
        batch.drop_index("ix_ledger_account_id")
        batch.drop_constraint("fk_ledger_account", type_="foreignkey")
        batch.drop_column("account_id")
        batch.create_index("ix_ledger_holder", ["holder"])
    op.execute(f"DELETE FROM accounts WHERE name = '{HOUSE}'")
