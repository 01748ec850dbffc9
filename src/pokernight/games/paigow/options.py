"""Pai Gow Poker's options (defaults: docs/games/paigow.md) and who banks each hand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokernight.engine.protocol import TableState
from pokernight.errors import InvalidRules
from pokernight.games.paigow.way import TWO_PAIR, TwoPairTable
from pokernight.hands.rules import Wheel


class Bank(StrEnum):
    """Who banks: the house dealer always (the default), a player in rotation with the house,
    the first player every hand (what ``sim paigow --bank player`` measures), or each player
    in turn with no house (a home game, and the sit-and-go: chips stay among the players)."""

    DEALER = "dealer"
    ROTATE = "rotate"
    PLAYER = "player"
    PLAYERS = "players"


@dataclass(frozen=True)
class PaiGowOptions:
    """The defaults (docs/games/paigow.md); ``commission`` is a percentage of a win, in whole chips
    rounded down (0 turns it off)."""

    seats: int = 1
    stake: int = 1000
    min_bet: int = 20
    max_bet: int = 500
    commission: int = 5
    bank: Bank = Bank.DEALER
    house_resets_fouls: bool = False
    wheel: Wheel = Wheel.SECOND
    two_pair: TwoPairTable = TWO_PAIR

    def __post_init__(self) -> None:
        if not 1 <= self.seats <= 6:
            raise InvalidRules(f"Pai Gow seats 1 to 6 players, not {self.seats}")
        if not 0 < self.min_bet <= self.max_bet:
            raise InvalidRules("table limits need 0 < minimum <= maximum")
        if not 0 <= self.commission < 100:
            raise InvalidRules("commission is a percentage from 0 to 99")
        if self.bank is not Bank.DEALER and self.seats < 2:
            raise InvalidRules("a player can bank only with at least two players seated")
        if len(self.two_pair) != 13:
            raise InvalidRules("the two-pair table needs one rule for each rank 2 .. A")


def banker_of(options: PaiGowOptions, hand: int) -> int | None:
    """The seat whose turn it is to bank a hand number (None: the house), for the ways that
    go by the number alone (``Bank.PLAYERS`` goes by who banked last: ``banker_at``)."""
    if options.bank is Bank.PLAYER:
        return 0
    if options.bank is Bank.ROTATE:
        turn = (hand - 1) % (options.seats + 1)
        return None if turn == 0 else turn - 1
    return None


def banker_at(options: PaiGowOptions, table: TableState) -> int | None:
    """The seat that banks the hand dealt at ``table`` (None: the house).

    A seat out (``table.out``) or short of the table minimum does not bank: its chips could
    cover no player's wager. Where the house is in the rotation it banks for that seat; with
    ``Bank.PLAYERS`` there is no house, so the bank goes on to the next seat after it that can
    bank. That rotation goes by who banked last, not by the hand's number, so a seat that goes
    out never makes its neighbour bank twice a round: ``table.leader`` is the seat whose turn
    is next (the last hand names it), the first hand's the seat with the button."""
    if options.bank is not Bank.PLAYERS:
        banker = banker_of(options, table.hand)
        if banker is None or banker in table.out or table.stakes[banker] < options.min_bet:
            return None
        return banker
    start = table.dealer if table.leader is None else table.leader
    seats = [(start + i) % table.seats for i in range(table.seats)]
    able = [s for s in seats if s not in table.out and table.stakes[s] >= options.min_bet]
    return able[0] if able else start  # nobody able: nobody plays either, and nothing is dealt


def bank_words(options: PaiGowOptions) -> str:
    """Who banks, for the opening line of a game seen from seat 1: each way has its own,
    so a player who chose ``bank=player`` is not told the house banks."""
    if options.bank is Bank.PLAYER:
        return "you bank every hand (seat 1): you set your own seven, the others play you"
    if options.bank is Bank.ROTATE:
        return (
            "the bank passes around: the house dealer banks hand 1, setting by the house way, "
            "then seat 1 (you), seat 2 and on in turn"
        )
    if options.bank is Bank.PLAYERS:
        return (
            "each player banks in turn, no house: seat 1 (you) banks hand 1, then seat 2 and "
            "on, passing over a seat that cannot cover the table minimum"
        )
    return "the house dealer banks every hand and sets by the house way"
