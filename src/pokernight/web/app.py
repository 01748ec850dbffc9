"""The server put together: its parts (``routes.server.Server``), its routers, the answers to
refused requests, the CSRF check and the static front end. ``create_app`` takes everything
from its caller, so tests run it in process against a temporary database."""

from __future__ import annotations

import asyncio
import gc
import math
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware

from pokernight.errors import PokernightError
from pokernight.web import accounts, store
from pokernight.web.forgery import Forgery
from pokernight.web.framing import NoFraming
from pokernight.web.manager import Manager
from pokernight.web.pace import Pace
from pokernight.web.policy import Policy
from pokernight.web.routes import accounts as account_routes
from pokernight.web.routes import chat, hands, host, leagues, lobby, players, tables, tv
from pokernight.web.routes.server import STATIC, Server
from pokernight.web.sockets import Limits
from pokernight.web.throttle import TooMany

__all__ = ["STATIC", "create_app"]
ROUTERS = (
    lobby.router,
    account_routes.router,
    tables.router,
    host.router,
    players.router,
    hands.router,
    chat.router,
    tv.router,
    leagues.router,
)


def create_app(
    url: str,
    pace: Pace | None = None,
    limits: Limits | None = None,
    *,
    policy: Policy | None = None,
    openapi: bool = False,
    public_url: str = "http://127.0.0.1:8000",
    hosts: Sequence[str] | None = None,
) -> FastAPI:
    """The server. No ``/docs`` or ``/redoc``: FastAPI's pages load Swagger and ReDoc from an
    outside CDN, and no page served may reach outside the house. ``openapi`` serves the
    schema (``/openapi.json``) for whoever asks for it. ``public_url``: where people reach
    the server (``serve --public-url``): the origin its pages come from, and the address of
    its invite links and QR codes, never taken from a request. ``hosts``: the names a
    request may be addressed to (``Host``), every other answered 400 before anything else
    looks at it, so a hostile name made to resolve to the server (DNS rebinding) reaches no
    page with its own origin; None: any (a server in a test's own process)."""
    manager = Manager(store.open_engine(url), pace or Pace(), policy or Policy())
    server = Server.start(manager, limits or Limits(), public_url)
    app = FastAPI(
        title="pokernight",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if openapi else None,
    )
    app.state.server = server
    app.state.manager = manager
    app.state.public_url = server.public_url
    app.add_middleware(Forgery, public_url=public_url)
    if hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))
    app.add_middleware(NoFraming)  # outermost: every refusal carries it too
    app.add_exception_handler(PokernightError, refused)
    app.add_exception_handler(accounts.AccountError, refused)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(OverflowError, out_of_range)
    app.add_exception_handler(TooMany, too_many)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    server: Server = app.state.server
    manager = server.manager
    manager.resume_all()
    sweeper = asyncio.get_running_loop().create_task(sweep(manager))
    # What is loaded by now (libraries, evaluator tables, resumed tables) stays for the
    # server's life: frozen, a full collection no longer walks it. Under load, full
    # collections of it paused every table for about 70 ms, the worst round trips.
    gc.freeze()
    yield
    sweeper.cancel()
    manager.bots_thread.shutdown(cancel_futures=True)
    server.hashing.close()
    manager.writer.close()
    manager.engine.dispose()


async def sweep(manager: Manager) -> None:
    """Close idle tables, looking a few times within the idle time (at most each minute)."""
    while True:
        await asyncio.sleep(min(60.0, manager.policy.idle_seconds / 4))
        manager.sweep(manager.policy.clock())


async def refused(request: Request, exc: Exception) -> JSONResponse:
    """A request the house refuses (its rules, an account's): 400 with the reason."""
    return JSONResponse({"detail": str(exc)}, status_code=400)


async def invalid(request: Request, exc: Exception) -> JSONResponse:
    """422 with where and what, never the value sent: FastAPI's own echoed it, and a NaN
    or an Infinity there broke the answer (500, a traceback)."""
    assert isinstance(exc, RequestValidationError)
    detail = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
    return JSONResponse({"detail": detail}, status_code=422)


async def out_of_range(request: Request, exc: Exception) -> JSONResponse:
    """A number in the address beyond what the database holds (SQLite: 64 bits)."""
    return JSONResponse({"detail": "a number in the request is out of range"}, 422)


async def too_many(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TooMany)
    retry = str(max(1, math.ceil(exc.retry_after)))
    return JSONResponse({"detail": str(exc)}, status_code=429, headers={"Retry-After": retry})
