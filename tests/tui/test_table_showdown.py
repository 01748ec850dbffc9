"""The showdown at the terminal table (issue 26): the results whole and the key to go on in
view at 80×24, a set hand drawn apart into its named hands for every seat and the dealer,
and a setting the game warns of taken only when its key is pressed again."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tests.tui.keyboard import keys_for, play_hand, table_app
from tests.tui.test_table_ends import bar, drive, table
from textual.pilot import Pilot

from pokernight.cards import Playable
from pokernight.catalog import entry
from pokernight.engine.actions import Action, Kind
from pokernight.tui.card_faces import face


def on_screen(pilot: Pilot[None]) -> list[str]:
    """The rows of the terminal as drawn, top to bottom."""
    strips = pilot.app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def drawn(cards: Sequence[Playable | None]) -> str:
    return " ".join(face(card).plain for card in cards)


def words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


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
    assert spec.preview is not None

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
            for pair in combinations(view.hole, 2)
            if (a := Action(Kind.SET, cards=pair)) in view.legal
            and (p := spec.preview(options, view, a)) is not None  # type: ignore[misc]
            and p.warning is not None
        )
        said = spec.preview(options, view, foul)
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
