"""Seat requests at a table whose host approves seats: who waits for the host's answer, and
the answer each asker got, so that their pages say it at once (a phone opened by its QR code
before approval says that it waits; a refused person is told). Kept in memory: a request is a
person waiting at a page now, who asks again after a restart."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["waiting", "approved", "refused"]


@dataclass(frozen=True)
class Asked:
    """Where one account's request stands, and the seat asked for (None: any) or given."""

    status: Status
    seat: int | None

    def words(self, host: str) -> str:
        """What the asker's page says."""
        seat = "a seat" if self.seat is None else f"seat {self.seat + 1}"
        if self.status == "waiting":
            return f"You asked {host}, the host, for {seat}: waiting for their answer."
        if self.status == "approved":
            return f"{host}, the host, approved your request: you sit at {seat}."
        return f"{host}, the host, refused your request for {seat}. You can watch the table."


@dataclass
class SeatRequests:
    asked: dict[int, Asked] = field(default_factory=dict)
    """Each account's latest request, by account."""

    def waiting(self) -> dict[int, int | None]:
        """The requests the host has not answered: account → seat asked for."""
        return {a: r.seat for a, r in self.asked.items() if r.status == "waiting"}

    def ask(self, account: int, seat: int | None) -> None:
        self.asked[account] = Asked("waiting", seat)

    def answer(self, account: int, status: Status, seat: int | None) -> None:
        self.asked[account] = Asked(status, seat)

    def of(self, account: int | None) -> Asked | None:
        return None if account is None else self.asked.get(account)
