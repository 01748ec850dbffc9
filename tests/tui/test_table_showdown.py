"""The showdown at the terminal table (issues 26 and 38): the results whole and the key to go
on in view at 80×24, every face-up card of every seat whole in its panel and every result
readable there (paged with ↑/↓ where the key line says so), a set hand drawn apart into its
named hands for every seat and the dealer, and a setting the game warns of taken only when
its key is pressed again."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest
from tests.tui.keyboard import keys_for, play_hand, table_app
from tests.tui.test_table_ends import bar, drive, table
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget

from pokernight.cards import Playable
from pokernight.catalog import entry
from pokernight.engine.actions import Action, Kind
from pokernight.tui.card_faces import face
from pokernight.tui.table_parts import set_apart
from pokernight.tui.table_screen import TableScreen

PAGE_HINT = "[↑↓] more results"


def on_screen(pilot: Pilot[None]) -> list[str]:
    """The rows of the terminal as drawn, top to bottom."""
    strips = pilot.app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def drawn(cards: Sequence[Playable | None]) -> str:
    return " ".join(face(card).plain for card in cards)


def words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def inside(rows: list[str], widget: Widget) -> str:
    """The words drawn in ``widget``'s content (no padding, no scrollbar), line after line."""
    box = widget.scrollable_content_region
    return words([r[box.x : box.right] for r in rows[box.y : box.bottom]])


async def results_read(pilot: Pilot[None], screen: TableScreen) -> str:
    """The results box read whole as a person reads it: what it shows, then, where the key
    line offers ↑↓, every line above it brought into view with the up key."""
    box = screen.query_one("#results", VerticalScroll)
    paged = PAGE_HINT in bar(screen)
    assert paged == (box.max_scroll_y > 0), bar(screen)  # the hint exactly when lines hide
    seen: dict[int, str] = {}
    for _ in range(100):
        rows = on_screen(pilot)
        region = box.scrollable_content_region
        for line, row in enumerate(rows[region.y : region.bottom], start=round(box.scroll_y)):
            seen[line] = row[region.x : region.right]
        if box.scroll_y == 0:
            return words([seen[line] for line in sorted(seen)])
        await pilot.press("up")
        await pilot.pause()
    raise AssertionError("↑ never brought the first result into view")


async def showdowns_whole(pilot: Pilot[None], hands: int) -> tuple[int, int]:
    """``hands`` hands played to their ends, each end checked: every card of every seat whose
    cards are face up, and the dealer's, whole in its panel (set apart where the game sets
    them), and every result line readable; how many seats showed their cards in all, and at
    how many ends the results were paged."""
    screen = table(pilot)
    showed = paged = 0
    for _ in range(hands):
        await play_hand(pilot, screen)
        await pilot.pause()
        await pilot.pause()
        rows = on_screen(pilot)
        view = screen.view()
        hands_shown = [(f"#seat{s}", c) for s, c in enumerate(view.cards) if view.live[s]]
        for where, cards in [*hands_shown, ("#middle", view.board)]:
            if not cards or None in cards:
                continue
            drawn_cards = words([set_apart(cards, screen.set_as, False, len(cards)).plain])
            assert drawn_cards in inside(rows, screen.query_one(where)), "\n".join(rows)
            showed += 1
        paged += PAGE_HINT in bar(screen)
        told = await results_read(pilot, screen)
        for said in (e.words(screen.who) for e in view.events if e.tells_result):
            assert said is None or words([said]) in told, told
        await pilot.press("n")
        await pilot.pause()
    return showed, paged


def test_every_showdown_at_80x24_shows_every_card_and_every_result(every_game: str) -> None:
    """High-Low's panels dropped a fifth card and Hurricane's cut "wins $23 high:" short."""

    async def steps(pilot: Pilot[None]) -> None:
        showed, _ = await showdowns_whole(pilot, hands=1)
        assert showed >= 2  # yours and at least one more: a seat's or the middle's

    drive(table_app(every_game, seed=2), steps)


@pytest.mark.parametrize(("game", "seats"), [("highlow", 8), ("paigow", 6)])
def test_a_crowded_showdown_at_80x24_pages_its_results_and_keeps_every_card(
    game: str, seats: int
) -> None:
    """More results than the screen holds besides the seats: the key line offers ↑↓ and the
    up key brings each earlier one into view; the cards stay whole in the panels."""

    async def steps(pilot: Pilot[None]) -> None:
        showed, paged = await showdowns_whole(pilot, hands=1)
        assert showed >= seats and paged == 1  # every seat showed (and Pai Gow's dealer)

    drive(table_app(game, seed=3, seats=seats), steps)


def test_high_low_showdowns_keep_the_next_hand_key_and_the_last_result_on_an_80x24_screen() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for _ in range(6):
            await play_hand(pilot, screen)
            await pilot.pause()
            await pilot.pause()
            rows = on_screen(pilot)
            assert len(rows) == 24
            assert "[n] next hand" in rows[-1] + rows[-2], "\n".join(rows)
            view = screen.view()
            results = [t for e in view.events if e.tells_result and (t := e.words(screen.who))]
            assert " ".join(results[-1].split()) in words(rows[-10:]), "\n".join(rows)
            await pilot.press("n")
            await pilot.pause()

    drive(table_app("highlow", seed=3, seats=4), steps)


def test_pai_gow_results_are_whole_and_every_set_hand_is_drawn_front_and_back() -> None:
    """Alone on 80×24 and three seats at 120 columns: each seat's result whole in its panel
    (no ``paid 20…``); there and at three seats on 80×24 (the results box tells the results),
    its cards and the dealer's drawn as the front and back they were set into, a five-card back
    whole in its seat's panel."""
    for seats, size in ((1, (80, 24)), (3, (80, 24)), (3, (120, 30))):

        async def steps(
            pilot: Pilot[None], told_in_panel: bool = size[0] > 80 or seats == 1
        ) -> None:
            screen = table(pilot)
            await play_hand(pilot, screen)
            await pilot.pause()
            rows = on_screen(pilot)
            view = screen.view()
            for where, hand in [
                *((f"#seat{s}", h) for s, h in enumerate(view.cards)),
                ("#middle", view.board),
            ]:
                box = screen.query_one(where).region
                seen = words([r[box.x : box.right] for r in rows[box.y : box.bottom]])
                front, back = drawn(hand[:2]), drawn(hand[2:])
                assert f"front {front} back {back}" in seen, seen
                if where != "#middle" and told_in_panel:
                    assert words([screen.last[int(where[5:])]]) in seen, seen
            box = screen.query_one("#results").region
            told = words([r[box.x : box.right] for r in rows[box.y : box.bottom]])
            for seat in range(len(view.cards)):
                assert words([screen.last[seat]]) in told or told_in_panel, told

        drive(table_app("paigow", seed=7, seats=seats), steps, size)


def test_a_fouled_setting_is_previewed_and_taken_only_when_its_key_is_pressed_again() -> None:
    spec = entry("paigow").spec
    preview = spec.preview
    assert preview is not None

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press(
            *keys_for(Action(Kind.BET, amount=screen.view().legal[0].amount), screen.view())
        )
        await pilot.pause()
        view = screen.view()
        options = screen.match.game.options
        foul = next(
            a
            for pair in combinations([c for c in view.hole if c is not None], 2)  # all yours
            if (a := Action(Kind.SET, cards=pair)) in view.legal
            and (p := preview(options, view, a)) is not None
            and p.warning is not None
        )
        said = preview(options, view, foul)
        assert said is not None and said.warning is not None
        *selecting, key = keys_for(foul, view)
        await pilot.press(*selecting)
        await pilot.pause()
        assert said.words in bar(screen) and said.warning in bar(screen), bar(screen)
        taken = len(screen.state.actions) if screen.state else 0
        await pilot.press(key)
        await pilot.pause()
        assert screen.state is not None and len(screen.state.actions) == taken
        assert f"{said.warning}: press [s] again to do it anyway" in bar(screen), bar(screen)
        await pilot.press(key)
        await pilot.pause()
        assert screen.state.actions[taken] == foul and screen.record is not None
        assert "FOULED" in words(on_screen(pilot))

    drive(table_app("paigow", seed=7), steps)
