"""The hand log: events made when first read, each seat's window, and the referee's."""

from __future__ import annotations

import pytest

from pokernight.cards import parse_cards
from pokernight.engine.actions import CALL
from pokernight.engine.events import Acted, Dealt, HandLog, PotAwarded, RoundStarted

HOLE = tuple(parse_cards("As 2d"))


def logged() -> HandLog:
    log = HandLog()
    log.add(RoundStarted, "leading edge")
    log.add(Dealt, 0, HOLE)
    log.add(Acted, 1, CALL, 1)
    log.add_made(PotAwarded(1, 5, "high", "Pair of Aces"))
    return log


def test_each_viewer_reads_its_own_events_whole_and_others_hidden() -> None:
    log = logged()
    assert list(log.seen(0))[1] == Dealt(0, HOLE)
    assert list(log.seen(1))[1] == Dealt(0, (None, None))
    assert log.seen(None)[1] == Dealt(0, (None, None))
    assert log.seen(1)[-1] == PotAwarded(1, 5, "high", "Pair of Aces")
    assert len(log.seen(1)) == len(log) == 4


def test_a_window_never_grows_and_since_is_whole() -> None:
    log = logged()
    window, mark = log.seen(1), len(log)
    log.add(Dealt, 2, HOLE)
    assert len(window) == 4 and list(log.since(mark)) == [Dealt(2, HOLE)]
    assert log.seen(1)[mark:] == (Dealt(2, (None, None)),)
    with pytest.raises(IndexError):
        window[4]


def test_an_event_is_made_once() -> None:
    log = logged()
    first = log.event(2)
    assert first == Acted(1, CALL, 1) and log.events[2] is first and log.seen(0)[2] is first
