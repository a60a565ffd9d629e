"""core.players.normalise_name's ASCII shortcut and its split() (issue 28 part 3: a period's
name index normalises every record's name) give what the documented rule gives: Unicode NFC,
commas as spaces, runs of whitespace (re's ``\\s``) one space, stripped, case folded, NFC
again.  The oracle below is that rule written with ``re``, as the function was before."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from ratingkit.core.players import normalise_name


def rule_of_the_docstring(name: str) -> str:
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFC", name).replace(",", " ")).strip()
    return unicodedata.normalize("NFC", text.casefold())


#: Letters people's names use, and every kind of whitespace re's \s matches.
_ALPHABET = st.sampled_from(
    [
        *"abcXYZ ,.-'0",
        "\t",
        "\n",
        "\r",
        "\x0b",
        "\x0c",
        "\x1c",
        "\x1f",
        "\x85",
        "\xa0",
        "\u2003",
        "\u3000",
        "ß",
        "İ",
        "ﬁ",
        "Σ",
        "ς",
        "Ü",
        "u\u0308",
        "\u0307",
        "Å",
        "ǅ",
        "ｆ",
        "\u1e9e",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_ALPHABET, max_size=14).map("".join))
def test_normalise_name_equals_the_rule(name: str) -> None:
    assert normalise_name(name) == rule_of_the_docstring(name)


@given(st.text(max_size=20))
def test_normalise_name_equals_the_rule_on_any_text(name: str) -> None:
    assert normalise_name(name) == rule_of_the_docstring(name)


def test_ascii_names_and_their_whitespace() -> None:
    # ASCII whitespace beyond the space (\x1c-\x1f are str.isspace and re's \s): one space.
    assert normalise_name(" Tanaka,\t\x1c Aiko\x0b") == "tanaka aiko"
    assert normalise_name("SMITH, John") == rule_of_the_docstring("SMITH, John")
    assert normalise_name("") == ""
    assert normalise_name(" , ") == ""
