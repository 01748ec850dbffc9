"""The live table as one writer (issue 36): every change is a command answered ``Done`` or
``Refused``; a command's writes are published as one version; what the table's own clock
and computers post about a turn that has passed is not taken; and the web package is shaped
so that nothing but the manager, the routes' dependency and the sockets reaches the table,
with no import circle and no class over 300 lines."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.web.clocked import Clocked
from tests.web.test_table_life import _people, _table, _to_act

import pokernight.web
from pokernight.web.commands import (
    Act,
    AnswerSeat,
    AskSeat,
    ComputerMoved,
    Done,
    Refused,
    Settings,
    Sit,
    TurnExpired,
)
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable

WEB = Path(pokernight.web.__file__).parent


def _announcements(live: LiveTable) -> list[int]:
    """The versions announced to the table's pages from now on."""
    heard: list[int] = []
    live.listeners.add(lambda: heard.append(live.seq))
    return heard


def test_a_command_is_published_once_as_one_version(night: Clocked) -> None:
    """Approving a seat request sits the asker and answers the request: two changes, which
    were two versions (a page could be shown the seat taken and the request still waiting).
    Now one version, announced once, after its writes are stored."""
    host, friend = _people(night.engine, "hal", "fay")
    live: LiveTable = night.run(
        night.manager.create,
        NewTable(game="hurricane", seats=3, turn_seconds=0),
        host,
    )
    night.run(live.submit, Settings({"approve_seats": True}))
    night.run(live.submit, Sit(host, 0))
    assert night.run(live.submit, AskSeat(friend, None)) == Done()
    before = live.seq
    heard = _announcements(live)
    assert night.run(live.submit, AnswerSeat(friend, True)) == Done()
    assert live.seq == before + 1 and heard == [before + 1]
    assert live.chairs.seated == {0: host, 1: friend}
    assert live.chairs.asking.of(friend) is not None
    assert live.play.state is None  # a table for friends waits for its host's Deal


def test_a_refused_command_says_why_and_changes_nothing(night: Clocked) -> None:
    host, friend, stranger = _people(night.engine, "ham", "flo", "sid")
    live = _table(night, NewTable(game="draw", seats=2, turn_seconds=30), [host, friend])
    state = live.play.state
    assert state is not None
    seat = _to_act(live)
    other = 1 - seat
    assert live.chairs.holders is not None
    before, moves = live.seq, len(state.actions)
    heard = _announcements(live)
    for command, why in [
        (Act(stranger, "fold"), "you have no seat at this table"),
        (Act(live.chairs.holders[other], "fold"), "it is not your turn"),
        (Act(live.chairs.holders[seat], "fold", seat=other), "you cannot act for seat"),
        (Act(live.chairs.holders[seat], "raise 9999999"), ""),
        (Act(live.chairs.holders[seat], "dance"), ""),
        (Sit(stranger, seat), "is taken"),
    ]:
        answer = night.run(live.submit, command)
        assert isinstance(answer, Refused) and why in answer.reason and answer.reason, command
    assert live.seq == before and heard == [] and len(state.actions) == moves


def test_the_clock_and_the_computers_are_not_taken_for_a_turn_that_has_passed(
    night: Clocked,
) -> None:
    """A timer or a computer's move posted for a turn the hand has moved past (the person
    acted first, the table was ended) is answered and changes nothing; for the turn in play
    the timer plays it by the timeout rule."""
    host, friend = _people(night.engine, "hob", "fen")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=30), [host, friend])
    state = live.play.state
    assert state is not None and live.chairs.holders is not None
    number, moves = live.play.number, len(state.actions)
    seat = _to_act(live)
    legal = [str(a) for a in state.legal_actions()]
    move = next(a for a in legal if a in ("check", "call", "keep"))
    assert night.run(live.submit, Act(live.chairs.holders[seat], move)) == Done()
    after = (live.seq, len(state.actions))
    for late in [
        TurnExpired(number, moves),
        ComputerMoved(number, moves, "fold"),
        ComputerMoved(number - 1, moves + 1, "fold"),
    ]:
        assert night.run(live.submit, late) == Done()
        assert (live.seq, len(state.actions)) == after, late
    now, legal_now = len(state.actions), state.legal_actions()
    assert night.run(live.submit, TurnExpired(number, now)) == Done()
    assert len(state.actions) == now + 1 and state.actions[-1] in legal_now


def _imports(path: Path) -> set[str]:
    """The ``pokernight.web`` modules a file imports, at its top, in a function or under
    ``TYPE_CHECKING`` alike."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found |= {n for n in names if n.startswith("pokernight.web.")}
    return found


def _modules() -> dict[str, set[str]]:
    files = {
        "pokernight.web." + ".".join(p.relative_to(WEB).with_suffix("").parts): p
        for p in WEB.rglob("*.py")
        if p.name != "__init__.py"
    }
    return {name: _imports(path) & files.keys() - {name} for name, path in files.items()}


def test_only_the_manager_the_routes_dependency_and_the_sockets_import_the_table() -> None:
    importers = {m for m, deps in _modules().items() if "pokernight.web.live" in deps}
    assert importers == {
        "pokernight.web.manager",
        "pokernight.web.routes.server",
        "pokernight.web.sockets",
    }


def test_the_web_package_has_no_import_circle() -> None:
    modules = _modules()
    for start in modules:
        seen: set[str] = set()
        stack = [start]
        while stack:
            for nxt in modules[stack.pop()]:
                assert nxt != start, f"{start} imports itself through {sorted(seen)}"
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)


def test_no_class_of_the_web_package_is_over_300_lines() -> None:
    long = {
        f"{path.name}:{node.name}": (node.end_lineno or 0) - node.lineno + 1
        for path in WEB.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    }
    assert {k: n for k, n in long.items() if n > 300} == {}
    assert long["live.py:LiveTable"] > 100  # the scan sees the table itself
