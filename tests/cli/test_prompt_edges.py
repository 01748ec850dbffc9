"""The prompt modes' faults found by playing whole games as a new user would, each through
the prompt's own input and read from its own screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.cards import parse_card, parse_dual
from pokernight.cli.plain import Asked, Console, read_action, run_plain
from pokernight.engine.actions import KEEP, bet, discard, parse_action, whole_number
from pokernight.engine.events import Showdown, dollars
from pokernight.errors import IllegalAction


@pytest.mark.parametrize("typed", ["bet ²", "bet ３", "bet ١", "raise 1_0", "bet " + "9" * 5000])
def test_an_amount_is_written_in_the_digits_0_to_9_alone(typed: str) -> None:
    with pytest.raises(IllegalAction, match="whole amount above zero in the digits 0-9"):
        parse_action(typed)
    assert parse_action("bet 3") == bet(3)
    assert whole_number("３") is None and whole_number("07") == 7


def test_a_superscript_amount_at_the_hurricane_prompt_is_refused_and_asked_again() -> None:
    out = run("play", "hurricane", "--plain", "--seed", "1", "--seats", "2", stdin="d\nbet ²\n")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert "'bet ²' is not one of the choices now: 1) check  2) bet 1" in out.stdout


def test_a_low_named_as_one_is_not_named_twice() -> None:
    cards = (parse_card("9c"), parse_card("4h"))
    words = Showdown(0, cards, "9-4", "9-4 low").words(lambda s: "Seat 1")
    assert words == "Seat 1 shows 9♣ 4♥: 9-4; 9-4 low"
    high_low = Showdown(0, cards, "Pair of 3s", "Pair of 4s").words(lambda s: "Seat 1")
    assert high_low == "Seat 1 shows 9♣ 4♥: Pair of 3s; low Pair of 4s"


Typed = str | Callable[[str], str]
"""What is typed at a question: the text, or made from the question."""


class Answers(io.StringIO):
    """Standard input that answers each question by ``answer(question)``."""

    def __init__(self, out: io.StringIO, answer: dict[str, Typed]) -> None:
        super().__init__()
        self.out, self.answer = out, answer

    # typeshed types _io._IOBase.readline as bytes (and ignores StringIO's own override)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        last_two = self.out.getvalue().rsplit("\n", 2)[-2:]
        for words, typed in self.answer.items():
            if words in last_two[-1]:
                if callable(typed):
                    return str(typed("\n".join(last_two))) + "\n"
                return typed + "\n"
        return ""


def largest(question: str) -> str:
    """At a Hurricane menu the largest bet or raise, else call, else keep."""
    offered = re.findall(r"\d+\) (\w+(?: \d+)?)", question)
    for wanted in ("raise 3", "bet 3", "call", "keep", "check"):
        if wanted in offered:
            return wanted
    raise AssertionError(question)


def test_a_debt_reads_minus_dollars() -> None:
    assert (dollars(-2), dollars(0), dollars(15)) == ("-$2", "$0", "$15")
    out = io.StringIO()
    answers = Answers(out, {"Deal, Players": "d", "> ": largest})
    run_plain("hurricane", Asked(1, 2), Console(answers, out))
    text = out.getvalue()
    assert "$-" not in text
    assert re.search(r"Seat 1 -\$\d+", text), text[-3000:]


def test_the_draw_shorthand_alone_asks_which_card() -> None:
    hole = [parse_card("Qc"), parse_card("8d")]
    legal = [KEEP, discard(hole[0]), discard(hole[1])]
    with pytest.raises(IllegalAction, match=r"say which, ±1 \(Qc\) or ±2 \(8d\)"):
        read_action("±", legal, hole)
    assert read_action("±2", legal, hole) == discard(hole[1])


def test_one_end_of_a_dual_card_asks_for_the_whole_card() -> None:
    hole = [parse_dual("Kc/9s"), parse_dual("2d/Ah")]
    legal = [KEEP, discard(hole[0]), discard(hole[1])]
    for half in ("discard Kc", "discard 9s"):
        with pytest.raises(IllegalAction, match=r"name each card whole.*: Kc/9s$"):
            read_action(half, legal, hole)
    assert read_action("discard kc/9s", legal, hole) == discard(hole[0])


def test_pai_gow_takes_the_readmes_bet_50_and_ends_when_you_cannot_cover_the_minimum() -> None:
    out = io.StringIO()
    most: dict[str, Typed] = {
        "Bet?": "bet 500 ",
        "front two": "h",
        "Take it": "",
        "Another hand": "",
    }
    answers = Answers(out, most)
    wagers: list[str] = []

    def wager(question: str) -> str:
        top = re.search(r"\[\d+-(\d+)", question)
        assert top is not None
        wagers.append(top.group(1))
        return f"bet {top.group(1)}" if len(wagers) > 1 else "bet 50"

    answers.answer["Bet?"] = wager
    run_plain("paigow", Asked(3, 1), Console(answers, out))
    text = out.getvalue()
    assert "Seat 1 (you): bet 50" in text and "Bet a whole number" not in text
    assert text.rstrip().endswith("You lost $1000.")
    assert "Your stake: $0\nYou cannot cover the table minimum of $20: you are out.\n" in text


def test_big_two_menu_numbers_and_words_name_only_this_menu() -> None:
    out = io.StringIO()
    typed = iter(["d\n", "15\n", "check\n"])
    answers = Answers(out, {})
    answers.readline = lambda size=-1: next(typed, "")  # type: ignore[method-assign]
    run_plain("bigtwo", Asked(1, 4), Console(answers, out))
    text = out.getvalue()
    legal = re.search(r"(\d+)\) pass", text)
    assert legal is not None
    assert f"  15 is not on the menu: choose 1 to {legal.group(1)}\n" in text
    assert f"'check' is not a choice: a number 1 to {legal.group(1)}, 'play'" in text
    assert "raise" not in text and "orient" not in text


def test_the_last_screen_lines_up_a_levelled_computer_and_says_what_it_is() -> None:
    out = run(
        "play", "hurricane", "--plain", "--seed", "1", "--seats", "3",
        "--bots", "expert:easy,checker", stdin="e\ny\n",
    )  # fmt: skip
    rows = out.stdout.splitlines()[-4:-1]
    names = ("expert:easy", "human", "checker")
    starts = {row.index(name) for row, name in zip(rows, names, strict=True)}
    assert len(starts) == 1  # one column
    assert "expert:easy Play the solved strategy heads-up" in rows[0]
    assert rows[1].endswith("human       That's for YOU to decide!")


def test_pai_gow_refuses_a_stray_key_at_its_yes_or_no_questions() -> None:
    """q at "Take it?" once took the house way, and at "Another hand?" dealt one: a yes or no
    question takes y, n or Enter, and says so to anything else."""
    typed = "30\nh\nq\n\nquit\nn\n"  # bet, house way, q (refused), Enter, quit (refused), n
    out = run("play", "paigow", "--plain", "--seed", "7", stdin=typed)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    said = out.stdout
    assert said.count("  Answer y (yes) or n (no); Enter is yes.\n") == 2
    assert "Seat 1 (you) sets" in said and "── Hand 2" not in said
    assert "Hands played: 1." in said
