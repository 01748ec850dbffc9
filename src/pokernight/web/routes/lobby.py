"""The lobby: the page, the server's health, the games it offers (the catalog's, as their
specs describe them) and its tables, listed and made. (No postponed annotations: FastAPI
reads these routes' dependencies.)"""

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from pokernight.catalog import CATALOG
from pokernight.engine.sit_and_go import Finish
from pokernight.engine.spec import Suggestion
from pokernight.errors import PokernightError
from pokernight.web.manager import NewTable
from pokernight.web.messages import TableInfo
from pokernight.web.routes.server import STATIC, Served, Signed, address

router = APIRouter()


@router.get("/")
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/healthz")
async def healthz(response: Response, server: Served) -> dict[str, bool]:
    """Not ok (503) once the database refused a write: the server announces no more
    moves and must be restarted. On the event loop, needing no thread: however busy the
    threads are, it answers."""
    ok = server.manager.writer.failed is None
    response.status_code = 200 if ok else 503
    return {"ok": ok}


@router.get("/api/games")
def games() -> dict[str, dict[str, Any]]:
    """What the lobby may offer (the catalog's games): each game's title and line about
    it, its seats, bots, options and the players the house seats beside people (a new
    table's computer seats start as those, as at the prompt and the terminal table), and for
    each bot that takes a level (named ``bot:level``) its levels and the one its plain name
    plays; for the table page, the move the game suggests on request (its label and phase),
    whether it says what a move would make of a hand, and the named hands a finished hand's
    cards are set into; whether it plays a sit-and-go (its stakes rising, or decided by a
    number of hands)."""
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
            "option_help": game.spec.choice_help,
            "house": game.house,
            "suggestion": suggestion_of(game.spec.suggestion),
            "preview": game.spec.preview is not None,
            "set_as": game.spec.set_as,
            "sit_and_go": None
            if (form := game.spec.rules.sit_and_go) is None
            else {"rising": form.level is not None, "by_hands": form.finish is Finish.HANDS},
        }
        for name, game in CATALOG.items()
    }


def suggestion_of(suggestion: Suggestion | None) -> dict[str, str] | None:
    """A game's suggested move as the page offers it: its button's label, in its phase."""
    return None if suggestion is None else {"label": suggestion.label, "phase": suggestion.phase}


@router.get("/api/tables")
def list_tables(server: Served) -> list[TableInfo]:
    return [server.manager.info(t) for t in server.manager.tables.values()]


@router.post("/api/tables", status_code=201)
def create(body: NewTable, request: Request, found: Signed, server: Served) -> TableInfo:
    """Within the account's limits (``Manager.create``) and its client address's: the
    tables made from one address by all its accounts together."""
    manager, made_from, here = server.manager, server.made_from, address(request)
    for table_id in list(made_from):
        if table_id not in manager.tables or manager.tables[table_id].row.over:
            del made_from[table_id]
    held = sum(1 for a in made_from.values() if a == here)
    if held >= server.rules.address_open_tables:
        raise PokernightError(
            f"{held} tables made from your address are open, the most one address may: "
            "play them out, or wait for them to close"
        )
    table = manager.create(body, found[0])
    made_from[table.row.id] = here
    return manager.info(table)
