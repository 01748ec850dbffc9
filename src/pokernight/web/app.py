"""The HTTP side: health, accounts, the lobby's table list and creation, seats, hand records,
the table socket and the static front end. ``create_app`` takes everything from its caller, so
tests run it in process against a temporary database. (No postponed annotations here: FastAPI
reads the dependencies of these nested routes when they are defined.)"""

import asyncio
import gc
import math
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Cookie, Depends, FastAPI, HTTPException, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from pokernight.catalog import CATALOG
from pokernight.engine.spec import Suggestion
from pokernight.errors import PokernightError
from pokernight.web import accounts, chat, hand_history, host, names, players, store, tv
from pokernight.web.forgery import NONCE, Forgery, cookie_secret, token_for
from pokernight.web.hashing import Hashing
from pokernight.web.live import LiveTable, Pace
from pokernight.web.manager import Manager, NewTable
from pokernight.web.messages import TableInfo
from pokernight.web.policy import Policy
from pokernight.web.records import public_records
from pokernight.web.sockets import Limits, table_socket
from pokernight.web.throttle import Backoff, Buckets, TooMany

STATIC = Path(__file__).parent / "static"


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=200)


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int


Account = tuple[int, str, bool]


def create_app(
    url: str,
    pace: Pace | None = None,
    limits: Limits | None = None,
    *,
    policy: Policy | None = None,
    openapi: bool = False,
    public_url: str = "http://127.0.0.1:8000",
) -> FastAPI:
    """The server. No ``/docs`` or ``/redoc``: FastAPI's pages load Swagger and ReDoc from an
    outside CDN, and no page served may reach outside the house. ``openapi`` serves the
    schema (``/openapi.json``) for whoever asks for it. ``public_url``: where people reach
    the server (``serve --public-url``): the origin its pages come from, and the address of
    its invite links and QR codes, never taken from a request."""
    engine = store.open_engine(url)
    rules = policy or Policy()
    manager = Manager(engine, pace or Pace(), rules)
    socket_limits = limits or Limits()
    failures = {
        kind: Backoff(free, rules.backoff_first, rules.backoff_most, rules.backoff_forget)
        for kind, free in (
            ("name", rules.name_free_failures),
            ("address", rules.address_free_failures),
        )
    }
    guests = Buckets(rules.guest_rate, rules.guest_burst)
    signups = Buckets(rules.signup_rate, rules.signup_burst)
    hashing = Hashing(rules.hashing_workers, rules.hashing_waiting)
    made_from: dict[int, str] = {}
    """The client address each table of this server's life was made from (a restart forgets
    them, as it forgets the other rates)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager.resume_all()
        sweeper = asyncio.get_running_loop().create_task(sweep())
        # What is loaded by now (libraries, evaluator tables, resumed tables) stays for the
        # server's life: frozen, a full collection no longer walks it. Under load, full
        # collections of it paused every table for about 70 ms, the worst round trips.
        gc.freeze()
        yield
        sweeper.cancel()
        manager.bots_thread.shutdown(cancel_futures=True)
        hashing.close()
        manager.writer.close()
        engine.dispose()

    async def sweep() -> None:
        """Close idle tables, looking a few times within the idle time (at most each minute)."""
        while True:
            await asyncio.sleep(min(60.0, rules.idle_seconds / 4))
            manager.sweep(rules.clock())

    app = FastAPI(
        title="pokernight",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if openapi else None,
    )
    app.state.manager = manager
    app.state.public_url = public_url.rstrip("/")
    app.add_middleware(Forgery, public_url=public_url)

    @app.exception_handler(PokernightError)
    async def refused(request: Request, exc: PokernightError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 with where and what, never the value sent: FastAPI's own echoed it, and a NaN
        or an Infinity there broke the answer (500, a traceback)."""
        detail = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(OverflowError)
    async def out_of_range(request: Request, exc: OverflowError) -> JSONResponse:
        """A number in the address beyond what the database holds (SQLite: 64 bits)."""
        return JSONResponse({"detail": "a number in the request is out of range"}, 422)

    @app.exception_handler(TooMany)
    async def too_many(request: Request, exc: TooMany) -> JSONResponse:
        retry = str(max(1, math.ceil(exc.retry_after)))
        return JSONResponse({"detail": str(exc)}, status_code=429, headers={"Retry-After": retry})

    @app.exception_handler(accounts.AccountError)
    async def account_refused(request: Request, exc: accounts.AccountError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    def current(pokernight_session: Annotated[str | None, Cookie()] = None) -> Account | None:
        return accounts.who(engine, pokernight_session)

    def signed_in(found: Annotated[Account | None, Depends(current)]) -> Account:
        if found is None:
            raise HTTPException(401, "sign in or play as a guest first")
        return found

    def table_of(table_id: int) -> LiveTable:
        table = manager.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        return table

    def session(response: Response, account: int) -> dict[str, Any]:
        token = accounts.new_session(engine, account, rules.session_seconds)
        response.set_cookie(
            accounts.COOKIE,
            token,
            max_age=int(rules.session_seconds),
            httponly=True,
            samesite="strict",
        )
        return {**me_of((account, manager.name(account), False)), "csrf": token_for(token)}

    def me_of(found: Account) -> dict[str, Any]:
        account, name, _ = found
        return {
            "id": account,
            "name": name,
            "bankroll": store.balance(engine, account),
        }

    @app.get("/healthz")
    async def healthz(response: Response) -> dict[str, bool]:
        """Not ok (503) once the database refused a write: the server announces no more
        moves and must be restarted. On the event loop, needing no thread: however busy the
        threads are, it answers."""
        ok = manager.writer.failed is None
        response.status_code = 200 if ok else 503
        return {"ok": ok}

    @app.get("/api/csrf")
    def csrf(request: Request, response: Response) -> dict[str, str]:
        """The token the page sends with every request that changes something (``forgery``):
        that of the session cookie, or before any sign-in of a random cookie set here."""
        secret = cookie_secret(request)
        if secret is None:
            secret = secrets.token_urlsafe(32)
            response.set_cookie(NONCE, secret, httponly=True, samesite="strict")
        return {"token": token_for(secret)}

    @app.post("/api/signup")
    async def signup(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Throttled per client address (a few at once, then one a minute), the password
        hashed on the hashing threads."""
        wait = signups.take(_address(request), rules.clock())
        if wait:
            raise TooMany(f"too many sign-ups from here: try again in {math.ceil(wait)} s", wait)
        account = await hashing.run(accounts.sign_up, engine, body.name, body.password)
        return await run_in_threadpool(session, response, account)

    @app.post("/api/signin")
    async def signin(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Failed sign-ins back off per name and per client address: a few are free, then
        each locks that name (or address) for twice as long as the one before, and a sign-in
        during the lock is answered 429 with ``Retry-After``, its password not even tried."""
        keys = {"name": names.key(body.name), "address": _address(request)}
        now = rules.clock()
        wait = max(failures[kind].wait(keys[kind], now) for kind in keys)
        if wait:
            raise TooMany(f"too many failed sign-ins: try again in {math.ceil(wait)} s", wait)
        try:
            account = await hashing.run(accounts.sign_in, engine, body.name, body.password)
        except accounts.AccountError:
            for kind in keys:
                failures[kind].failed(keys[kind], rules.clock())
            raise
        failures["name"].succeeded(keys["name"])
        return await run_in_threadpool(session, response, account)

    @app.post("/api/guest")
    def guest(request: Request, response: Response) -> dict[str, Any]:
        wait = guests.take(_address(request), rules.clock())
        if wait:
            raise TooMany(f"too many guests from here: try again in {math.ceil(wait)} s", wait)
        return session(response, accounts.guest(engine))

    @app.post("/api/signout")
    def signout(
        response: Response, pokernight_session: Annotated[str | None, Cookie()] = None
    ) -> dict[str, bool]:
        if pokernight_session:
            accounts.end_session(engine, pokernight_session)
        response.delete_cookie(accounts.COOKIE)
        return {"ok": True}

    @app.post("/api/signout/everywhere")
    def signout_everywhere(
        response: Response, found: Annotated[Account, Depends(signed_in)]
    ) -> dict[str, int]:
        """End every session of the account (a lost laptop, a shared computer): each browser
        signed in as it must sign in again, and its open table sockets are closed."""
        ended = accounts.end_sessions(engine, found[0])
        manager.signed_out(found[0])
        response.delete_cookie(accounts.COOKIE)
        return {"ended": ended}

    @app.get("/api/me")
    def me(found: Annotated[Account, Depends(signed_in)]) -> dict[str, Any]:
        return {**me_of(found), "guest": found[2]}

    @app.get("/api/games")
    def games() -> dict[str, dict[str, Any]]:
        """What the lobby may offer (the catalog's games): each game's title and line about
        it, its seats, bots, options and usual lineup, and for each bot that takes a level
        (named ``bot:level``) its levels and the one its plain name plays; for the table page,
        the move the game suggests on request (its label and phase), whether it says what a
        move would make of a hand, and the named hands a finished hand's cards are set into."""
        return {
            name: {
                "title": game.spec.title,
                "about": game.spec.about,
                "seats": game.spec.seats,
                "default_seats": game.spec.default_seats,
                "bots": list(game.bots),
                "levels": {
                    bot: {"names": levels.names, "default": levels.default}
                    for bot, levels in game.levels.items()
                },
                "options": game.spec.choices,
                "lineup": game.lineup({}),
                "suggestion": suggestion_of(game.spec.suggestion),
                "preview": game.spec.preview is not None,
                "set_as": game.spec.set_as,
            }
            for name, game in CATALOG.items()
        }

    @app.get("/api/tables")
    def list_tables() -> list[TableInfo]:
        return [manager.info(t) for t in manager.tables.values()]

    @app.post("/api/tables", status_code=201)
    def create(
        body: NewTable, request: Request, found: Annotated[Account, Depends(signed_in)]
    ) -> TableInfo:
        """Within the account's limits (``Manager.create``) and its client address's: the
        tables made from one address by all its accounts together."""
        address = _address(request)
        for table_id in list(made_from):
            if table_id not in manager.tables or manager.tables[table_id].row.over:
                del made_from[table_id]
        held = sum(1 for a in made_from.values() if a == address)
        if held >= rules.address_open_tables:
            raise PokernightError(
                f"{held} tables made from your address are open, the most one address may: "
                "play them out, or wait for them to close"
            )
        table = manager.create(body, found[0])
        made_from[table.row.id] = address
        return manager.info(table)

    @app.post("/api/tables/{table_id}/sit")
    async def sit(
        table_id: int, body: SeatRequest, found: Annotated[Account, Depends(signed_in)]
    ) -> TableInfo:
        """Async: taking the last open seat starts the table's loop on the server's event loop."""
        table = table_of(table_id)
        if table.hosting.approve_seats and table.row.owner != found[0]:
            raise HTTPException(403, "the host approves seats at this table: ask for one")
        table.sit(found[0], body.seat, guest=found[2])
        await manager.writer.flush()  # answered once the seat is stored
        return manager.info(table)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: int, found: Annotated[Account, Depends(signed_in)]) -> TableInfo:
        table = table_of(table_id)
        table.leave(found[0])
        await manager.writer.flush()
        return manager.info(table)

    @app.get("/api/tables/{table_id}/records", response_class=PlainTextResponse)
    def records(table_id: int) -> PlainTextResponse:
        """Finished hands only, as a spectator saw them (``web.records``); a closed table's
        too."""
        table = manager.stored(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        headers = {"Content-Disposition": f'attachment; filename="table-{table_id}.jsonl"'}
        return PlainTextResponse(public_records(table, engine), headers=headers)

    @app.get("/api/tables/{table_id}/deal")
    def deal(table_id: int) -> dict[str, Any]:
        """What the table is dealt from, for anyone to check: a practice table (its host's
        seed), and a verifiable table's commitment (the SHA-256 of its secret, published
        before its first hand) and, once it is over (closed ones too), the secret itself."""
        table = manager.stored(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        row = table.row
        return {
            "practice": row.practice,
            "verifiable": row.verifiable,
            "commitment": row.commitment,
            "secret": row.revealed,
        }

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: int) -> None:
        await table_socket(websocket, table_id, manager, socket_limits)

    host.add_routes(app, manager, signed_in)
    app.include_router(players.router(manager, signed_in))
    app.include_router(hand_history.router(manager, current))
    chat.add_routes(app, manager, current, signed_in)
    tv.add_routes(app, manager, STATIC)

    @app.get("/")
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def suggestion_of(suggestion: Suggestion | None) -> dict[str, str] | None:
    """A game's suggested move as the page offers it: its button's label, in its phase."""
    return None if suggestion is None else {"label": suggestion.label, "phase": suggestion.phase}


def _address(request: Request) -> str:
    """The client's address as the server sees it (Uvicorn takes it from ``X-Forwarded-For``
    only when the request comes through a proxy it trusts: by default, 127.0.0.1)."""
    return request.client.host if request.client else ""
