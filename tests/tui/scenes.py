"""Seeded moments at the table, exported as SVG: the snapshot tests compare them with the
committed files, and docs/screenshots.py turns them into the README's pictures."""

from __future__ import annotations

from tests.tui.keyboard import keys_for, pick, play_hand, table_app

from pokernight.tui.table_screen import TableScreen

SCENES = {
    "hurricane-turn": ("hurricane", "turn", (80, 24)),
    "bigtwo-selecting": ("bigtwo", "selecting", (80, 24)),
    "paigow-showdown": ("paigow", "showdown", (80, 24)),
    "highlow-wide": ("highlow", "showdown", (110, 32)),
    "draw-showdown": ("draw", "showdown", (80, 24)),
    "hurricane-showdown": ("hurricane", "showdown", (80, 24)),
    "highlow-showdown": ("highlow", "showdown", (80, 24)),
    "bigtwo-showdown": ("bigtwo", "showdown", (80, 24)),
}
"""Every game's showdown at 80×24 among them: the smallest screen the table is made for."""


async def scene(name: str) -> str:
    """The SVG of one scene: ``turn`` is your first decision, ``selecting`` the same with
    the cards of a legal play selected, ``showdown`` the end of the first hand."""
    game, stage, size = SCENES[name]
    app = table_app(game, seed=11)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if stage == "selecting":
            view = screen.view()
            await pilot.press(*keys_for(pick(view), view)[:-1])
        elif stage == "showdown":
            await play_hand(pilot, screen)
        await pilot.pause()
        return app.export_screenshot(title=name)
