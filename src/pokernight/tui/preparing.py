"""The wait before a table whose computer players need one-time work (a solve on first use):
what is being done, a bar and where it stands, instead of a screen frozen for minutes."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import suppress

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from pokernight.engine.protocol import Preparation
from pokernight.tui.dialogs import DIALOG_CSS


class Preparing(ModalScreen[None]):
    """Runs the work in a daemon thread (quitting never waits for it; a piece cut short is
    simply begun again next time) and dismisses itself when all of it is done."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Preparing")

    def __init__(self, work: Sequence[Preparation]) -> None:
        super().__init__()
        self.work = list(work)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="what")
            yield ProgressBar(total=1.0, show_eta=False, id="done")
            yield Static(id="where")
            yield Static("The table opens when this is done; q quits.")

    def on_mount(self) -> None:
        threading.Thread(target=self._run, name="preparing", daemon=True).start()

    def _run(self) -> None:
        try:
            for piece in self.work:
                self._tell(self._begin, piece.title)
                piece.run(lambda done, line: self._tell(self._progress, done, line))
        except Exception as exc:  # shown, not lost in a thread: the table cannot open
            self._tell(self._failed, f"{type(exc).__name__}: {exc}")
            return
        self._tell(self.dismiss, None)

    def _tell(self, call: Callable[..., object], *args: object) -> None:
        """Hand a screen update to the app's thread (gone once the person has quit)."""
        with suppress(RuntimeError):
            self.app.call_from_thread(call, *args)

    def _begin(self, title: str) -> None:
        self.query_one("#what", Static).update(title)
        self._progress(0.0, "starting")

    def _progress(self, done: float, line: str) -> None:
        self.query_one("#done", ProgressBar).update(progress=done)
        self.query_one("#where", Static).update(line)

    def _failed(self, why: str) -> None:
        self.query_one("#where", Static).update(f"It failed, so the table cannot open: {why}")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.character in ("q", "Q"):
            self.action_leave()

    def action_leave(self) -> None:
        """q, Ctrl-Q and Ctrl-C close the app at once: nothing has been played to ask about."""
        self.app.exit()
