"""The TOML writer: whatever it writes, ``tomllib`` reads back as the same document."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokernight.history.toml_write import dumps

texts = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12)
keys = st.one_of(st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True), texts.filter(bool))
scalars = st.one_of(texts, st.integers(-(2**63), 2**63 - 1), st.booleans())
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=3)),
    max_leaves=10,
)


@given(st.dictionaries(keys, values, max_size=6))
def test_what_is_written_reads_back(document: dict[str, Any]) -> None:
    assert tomllib.loads(dumps(document)) == document


@given(st.lists(texts, max_size=5), st.lists(texts, max_size=5), texts)
def test_comments_and_headers_never_change_the_data(
    items: list[str], notes: list[str], header: str
) -> None:
    notes = (notes + [""] * len(items))[: len(items)]
    text = dumps({"actions": items, "n": 1}, header=[header], comments={"actions": notes})
    assert tomllib.loads(text) == {"actions": items, "n": 1}


def test_the_form_a_person_reads() -> None:
    text = dumps(
        {"variant": 'X-"Q"', "antes": [1, 1], "on": True, "t": {"a b": [{"x": 0}]}},
        header=["a hand"],
        comments={"antes": ["p1", ""]},
    )
    assert text == (
        "# a hand\n"
        'variant = "X-\\"Q\\""\n'
        "antes = [\n"
        "  1,  # p1\n"
        "  1,\n"
        "]\n"
        "on = true\n"
        "\n"
        "[t]\n"
        '"a b" = [{ x = 0 }]\n'
    )


@pytest.mark.parametrize("bad", [1.5, None, {"x": [object()]}])
def test_values_toml_cannot_hold_here_are_a_bug(bad: object) -> None:
    with pytest.raises(TypeError):
        dumps({"k": bad})  # type: ignore[dict-item]


def test_integers_beyond_64_bits_are_refused() -> None:
    with pytest.raises(ValueError, match="64 bits"):
        dumps({"seed": 2**63})
