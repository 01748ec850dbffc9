"""Where batches run: in this process, a local process pool, or a Dask or Ray cluster.

Dask and Ray are optional extras, imported only when asked for; every backend is used as a
``concurrent.futures.Executor``, so results come back in batch order whichever runs them.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from pokernight.errors import InvalidRules
from pokernight.extras import install

BACKENDS = ("process", "dask", "ray")
CLUSTERS = {"dask": ("distributed", "dask"), "ray": ("ray", "ray")}
"""The module each cluster backend imports, and the extra that installs it."""
P = ParamSpec("P")
T = TypeVar("T")


def optional_module(name: str, extra: str) -> Any:
    """Import an optional dependency, or say which extra installs it (naming the module that
    is missing, which may be one that ``name`` imports)."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        missing = exc.name or name
        raise InvalidRules(f"{missing} is not installed: {install(extra)}") from None


def backend_module(backend: str) -> Any:
    """The cluster backend's module (None: the local process pool). An unknown backend or a
    missing extra is refused here, so a command can ask before its work starts."""
    if backend not in BACKENDS:
        raise InvalidRules(f"unknown backend {backend!r}: backends are {', '.join(BACKENDS)}")
    if backend not in CLUSTERS:
        return None
    return optional_module(*CLUSTERS[backend])


@contextmanager
def executor(backend: str, workers: int) -> Iterator[Executor | None]:
    """An executor for ``workers`` workers (None: run in this process, one worker)."""
    module = backend_module(backend)
    if module is None:
        if workers <= 1:
            yield None
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                yield pool
    elif backend == "dask":
        distributed = module
        with distributed.Client(
            n_workers=max(workers, 1), threads_per_worker=1, processes=True, dashboard_address=None
        ) as client:
            yield client.get_executor()
    else:
        ray = module
        ray.init(
            num_cpus=max(workers, 1),
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.WARNING,  # its start-up notes would bury the results
        )
        try:
            yield _RayExecutor(ray)
        finally:
            ray.shutdown()


class _RayExecutor(Executor):
    """Ray tasks seen as an executor: each submit is one remote task, its future Ray's."""

    def __init__(self, ray: Any) -> None:
        self.ray = ray

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = self.ray.remote(fn).remote(*args, **kwargs).future()
        return future
