"""Load on the browser server: many WebSocket players on many tables of a real ``pokernight
serve`` (a subprocess on a free port, a fresh database), over loopback. The clients share one
uvloop event loop in this process, so they take as little of the machine as they can.

Why: the in-process tests show the protocol is right; this shows how it holds up with a
house full of people. Each client signs up, takes a seat through the HTTP API and plays its
own seat's turns over the socket (``web_load_clients``). Reported: server messages a second,
the p50/p99 action round trip (an action sent to the first state that reflects it), and the
ledger read back from the database (every table's entries sum to zero). ``--kill`` kills the
server with SIGKILL half-way, starts it again on the same database and checks that every
table continues where it stopped. Run::

    .venv/bin/python benchmarks/web_load.py [--clients 200] [--tables 25] [--seconds 60]
        [--think 0] [--db postgresql+psycopg://...] [--kill] [--profile server.prof]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import uvloop

from web_load_clients import Client, Stats
from web_load_server import Server, fresh_database, ledger_problems, setup


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


async def progress(stats: Stats, seconds: float) -> None:
    start = time.perf_counter()
    while True:
        await asyncio.sleep(5)
        elapsed = time.perf_counter() - start
        say(
            f"  {elapsed:4.0f}/{seconds:.0f} s: {stats.messages / elapsed:7,.0f} messages/s, "
            f"{stats.actions:,} actions, p99 {stats.percentile(99):.1f} ms, {load()}"
        )


async def restart(server: Server, clients: list[Client], stats: Stats) -> None:
    """SIGKILL, then the same command on the same database; how long until all are back."""
    for client in clients:
        client.killed()
    server.kill()
    say("  server killed (SIGKILL); starting it again on the same database")
    killed = time.perf_counter()
    await asyncio.to_thread(server.start)
    up = time.perf_counter() - killed
    while any(c.back_at is None for c in clients) or any(
        min((c.moved_at or float("inf")) for c in clients if c.seat.table == t) == float("inf")
        for t in {c.seat.table for c in clients}
    ):
        await asyncio.sleep(0.05)
    back = max(c.back_at or 0 for c in clients) - killed
    moving = [
        min(c.moved_at or float("inf") for c in clients if c.seat.table == t)
        for t in {c.seat.table for c in clients}
    ]
    moved = max(moving) - killed
    say(
        f"  restarted: server answering after {up:.2f} s, every socket resynced after "
        f"{back:.2f} s, every table played on after {moved:.2f} s"
    )
    print(f"kill: server up {up:.2f} s, sockets back {back:.2f} s, tables moving {moved:.2f} s")
    if stats.problems:
        raise SystemExit("resume problems:\n" + "\n".join(stats.problems[:20]))
    found = ", ".join(f"{n} the {what}" for what, n in sorted(stats.resumed.items()))
    print(f"kill: every socket continued where it stopped ({found})")


async def play(args: argparse.Namespace, server: Server) -> Stats:
    seats = await asyncio.to_thread(setup, server.base, args.clients, args.tables, say)
    stats = Stats()
    clients = [
        Client(s, f"{server.ws}/ws/tables/{s.table}", stats, args.think, i)
        for i, s in enumerate(seats)
    ]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    await asyncio.wait_for(asyncio.gather(*(c.connected.wait() for c in clients)), 60)
    say(f"{len(clients)} sockets connected; playing for {args.seconds:g} s")
    stats.reset()
    reporter = asyncio.create_task(progress(stats, args.seconds))
    start, cpu, own = time.perf_counter(), server.cpu(), time.process_time()
    try:
        if args.kill:
            await asyncio.sleep(args.seconds / 2)
            await restart(server, clients, stats)
        await asyncio.sleep(max(0.0, args.seconds - (time.perf_counter() - start)))
        cpu = server.cpu() - cpu
    finally:
        elapsed = time.perf_counter() - start
        own = time.process_time() - own
        reporter.cancel()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    print(
        f"{args.clients} clients, {args.tables} tables, {elapsed:.0f} s, think {args.think:g} s, "
        f"db {server.dialect}: {stats.messages / elapsed:,.0f} messages/s, "
        f"{stats.actions / elapsed:,.0f} actions/s, round trip p50 "
        f"{stats.percentile(50):.1f} ms, p99 {stats.percentile(99):.1f} ms ({load()})"
    )
    if not args.kill:
        print(
            f"server CPU {cpu / elapsed:.0%} of a core, {1000 * cpu / stats.actions:.2f} ms an "
            f"action; clients {own / elapsed:.0%}"
        )
    if stats.errors:
        say(f"  {len(stats.errors)} refused actions, e.g. {stats.errors[0]!r}")
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each action")
    parser.add_argument("--db", help="a PostgreSQL server URL (a fresh database is made in it)")
    parser.add_argument("--kill", action="store_true", help="SIGKILL and restart half-way")
    parser.add_argument("--profile", help="write the server's cProfile stats to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, fresh_database(args.db, Path(folder)) as url:
        server = Server(url, args.profile)
        say(f"serving on {server.base} ({server.dialect})")
        server.start()
        try:
            uvloop.run(play(args, server))
        finally:
            server.stop()
        problems = ledger_problems(url)
        if problems:
            raise SystemExit("ledger: " + "; ".join(problems))


if __name__ == "__main__":
    main()
