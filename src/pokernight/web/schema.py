"""The database's tables (SQLAlchemy Core). Alembic migrations create them; the code reads
and writes through these definitions.

A hand is stored as its seed, the table it started from, its actions and the accounts it was
dealt to, so replaying them resumes it exactly and settles it with the right people.
Bankrolls are an append-only ledger of integer chip changes, each naming an account (people,
guests, and the house account for computer seats, the bank and the pot's carry-over), so
every hand's entries sum to zero, the whole ledger does too, and so do all bankrolls.
Sessions are kept as the SHA-256 of their token, never the token; a name is unique by its
``key`` (``web.names``); a table knows who made it and when it was closed for idleness, and
the secret it deals from once anyone besides its host is dealt in (``store.TableRow``).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("key", String(160), nullable=True, unique=True),
    Column("look", String(160), nullable=True, index=True),
    Column("salt", LargeBinary, nullable=False),
    Column("digest", LargeBinary, nullable=False),
    Column("guest", Boolean, nullable=False),
    Column("created", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(20), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("computers", Text, nullable=False),
    Column("match_seed", BigInteger, nullable=False),
    Column("turn_seconds", Integer, nullable=False),
    Column("over", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("seq", BigInteger, nullable=False, server_default="0"),
    Column("owner", Integer, nullable=True),
    Column("closed", Float, nullable=True),
    Column("secret", String(64), nullable=True),
    Column("seeded", Boolean, nullable=False, server_default=false()),
    Column("shared", Boolean, nullable=False, server_default=false()),
    Column("verifiable", Boolean, nullable=False, server_default=false()),
    Column("tournament", Text, nullable=True),
    Column("standing", Text, nullable=True),
    Column("season_id", Integer, nullable=True),
)

leagues = Table(
    "leagues",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("owner", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created", Float, nullable=False),
)

league_members = Table(
    "league_members",
    metadata,
    Column("league_id", Integer, ForeignKey("leagues.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
)

seasons = Table(
    "seasons",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("league_id", Integer, ForeignKey("leagues.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("started", Float, nullable=False),
)

seatings = Table(
    "seatings",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
)

hands = Table(
    "hands",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("start", Text, nullable=False),
    Column("actions", Text, nullable=False),
    Column("finished", Boolean, nullable=False),
    Column("result", Text, nullable=True),
    Column("holders", Text, nullable=True),
    Column("seq", BigInteger, nullable=False, server_default="0"),
    Column("deadline", Float, nullable=True),
    Column("game", String(20), nullable=True),
    Column("options", Text, nullable=True),
)

ledger = Table(
    "ledger",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("hand_id", Integer, ForeignKey("hands.id"), nullable=False),
    Column("amount", BigInteger, nullable=False),
)

hosting = Table(
    "hosting",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("approve_seats", Boolean, nullable=False),
    Column("spectator_chat", Boolean, nullable=False),
    Column("paused", Boolean, nullable=False),
    Column("rebuy_limit", BigInteger, nullable=False, server_default="0"),
    Column("point_value", BigInteger, nullable=False, server_default="0"),
    Column("chooser", String(10), nullable=False, server_default="host"),
    Column("games", Text, nullable=False, server_default="[]"),
    Column("next_game", Text, nullable=True),
    Column("ending", Text, nullable=True),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)

topups = Table(
    "topups",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("amount", BigInteger, nullable=False),
    Column("by_account", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("asked", Boolean, nullable=False, server_default=false()),
)

epochs = Table(
    "epochs",
    metadata,
    Column("epoch", BigInteger, nullable=False),
)
"""One row: how many times a server has started on the database (``store.load_tables``)."""
