"""A real Uvicorn server in a thread on a free loopback port, for the tests that need one."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def uvicorn_thread(app: FastAPI, port: int, **settings: Any) -> Iterator[str]:
    """Serve ``app`` on ``port`` with Uvicorn's ``settings`` until the block ends; yields the
    server's address once it is listening."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **settings)
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        thread.join(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join()
