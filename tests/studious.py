"""A computer player with one-time work before it plays, for testing how front ends and
runners show and run such work without the minutes a real first-use solve takes."""

from __future__ import annotations

import random
import threading

from pokernight.bots.hurricane import HurricaneBot
from pokernight.engine.actions import Action
from pokernight.engine.protocol import Preparation, Progress, View


class Study:
    """The one-time work, shared by every seat that needs it (as a cached file is): it
    reports a quarter, waits for ``release``, reports the whole, and counts its runs."""

    def __init__(self, *, released: bool = False) -> None:
        self.release = threading.Event()
        if released:
            self.release.set()
        self.done = False
        self.runs = 0

    def run(self, progress: Progress) -> None:
        self.runs += 1
        progress(0.25, "a quarter of the way")
        self.release.wait(10)
        progress(1.0, "all the way")
        self.done = True


class Studious:
    """The checker, once its study is done."""

    name = "studious"

    def __init__(self, study: Study, rng: random.Random | None = None) -> None:
        self.study = study
        self.player = HurricaneBot("checker", rng or random.Random(1))

    def preparation(self) -> Preparation | None:
        if self.study.done:
            return None
        return Preparation("study", "Studious studies once", self.study.run)

    def act(self, view: View) -> Action:
        assert self.study.done, "asked to play before its study was done"
        return self.player.act(view)
