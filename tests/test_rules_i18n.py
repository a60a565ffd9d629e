"""The rule sets' reports in Russian: the columns, notes and statuses the rules packages mark
are shown translated, and the numbers are the same as in English (only the decimal separator
may differ).  The Russian words expected here are the documents' own terms (the FIDE Rating
Regulations 2014 in Russian: "ожидаемый результат", "коэффициент"; the FESA rating system in
Russian: "разряд", "рейтинг выступления"), not ratingkit's output copied back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ratingkit import rate
from ratingkit.core.i18n import language_of
from ratingkit.core.players import read_player_file
from ratingkit.formats import read_event

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: A number in a text table: an integer or a decimal with a point or a comma, signed or not.
NUMBER = re.compile(r"(?<![\w.,])[-+]?\d+(?:[.,]\d+)?(?![\w])")


def _numbers(text: str) -> list[float]:
    """Every number of a text table, read the same whatever the decimal separator."""
    return [float(m.group(0).replace(",", ".")) for m in NUMBER.finditer(text)]


def _values(row) -> dict[str, object]:
    """A row's cells that are not words (numbers, None): the same in every language."""
    return {column: value for column, value in row.items() if not isinstance(value, str)}


def _both_in(language: str, path: str, rules: str, players: str | None = None):
    """An example rated in English and in ``language``: each report and its texts (the player
    table's, the whole report's)."""
    event = read_event(EXAMPLES / path)
    state = read_player_file(EXAMPLES / players) if players else None
    with language_of("en"):
        english = rate(event, rules, state)
        english_text = english.players.to_text(), english.to_text()
    with language_of(language):
        other = rate(event, rules, state)
        other_text = other.players.to_text(), other.to_text()
    return english, english_text, other, other_text


def _both(path: str, rules: str, players: str | None = None):
    return _both_in("ru", path, rules, players)


def test_fide_2014_round_robin_in_russian_keeps_its_numbers():
    english, (en_players, en_all), russian, (ru_players, ru_all) = _both(
        "round-robin-two-unrated.trf", "fide-2014"
    )
    # Columns: the expected score and the K rule, as FIDE 2014 in Russian says them.
    header = ru_players.splitlines()[1]
    assert "ожидаемый результат" in header
    assert "правило для K" in ru_players
    assert "expected" in en_players.splitlines()[1]
    # A note of the rule set: no player file, so K is assumed (8.56 defaults).
    assert any(n.startswith("нет файла игроков") for n in russian.notes)
    assert any(n.startswith("no player file") for n in english.notes)
    # The same players, the same values, in the same order.
    assert [r["id"] for r in russian.players.rows] == [r["id"] for r in english.players.rows]
    assert [_values(r) for r in russian.players.rows] == [_values(r) for r in english.players.rows]
    assert _numbers(ru_players) == _numbers(en_players)
    assert len(_numbers(en_players)) > 50  # the comparison compares something
    assert ru_all != en_all


def test_fesa_spring_cup_in_russian_keeps_its_numbers():
    english, (en_players, _en_all), russian, (ru_players, ru_all) = _both(
        "fesa-spring-cup.txt", "fesa", "fesa-spring-cup-players.csv"
    )
    header = ru_players.splitlines()[1]
    # FESA's terms in the Russian translation of its rating system: разряд, рейтинг выступления.
    assert "разряд до" in header and "рейтинг выступления" in header
    assert "grade before" in en_players.splitlines()[1]
    # The note of rule 8 (opponents at their post-event ratings).
    assert any(n.startswith("соперники с рейтингами после турнира") for n in russian.notes)
    assert any(n.startswith("opponents at their post-event ratings") for n in english.notes)
    # The promotion's path (rule 10 (c)) in words.
    assert "нижней границы LB" in ru_all
    assert _numbers(ru_players) == _numbers(en_players)
    assert len(_numbers(en_players)) > 40


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_english_is_unchanged_after_another_language(language):
    """Rating in another language first leaves nothing behind in English."""
    event = read_event(EXAMPLES / "round-robin-two-unrated.trf")
    with language_of("en"):
        before = rate(event, "fide-2014").to_text()
    with language_of(language):
        rate(event, "fide-2014").to_text()
    with language_of("en"):
        after = rate(event, "fide-2014").to_text()
    assert after == before
    assert "no player file: defaults assumed for K" in after


def test_fide_1982_round_robin_in_turkish_uses_the_documents_terms():
    """The FIDE Rating Rules 1982-2000 in Turkish call a round robin "Döner sistem" and the
    development coefficient K "katsayı"; the numbers stay those of the English report."""
    english, (en_players, _en_all), turkish, (tr_players, _tr_all) = _both_in(
        "tr", "fide-1982-berger.csv", "fide-1982"
    )
    assert turkish.summary["method"].startswith("Döner sistem")
    assert english.summary["method"].startswith("round robin")
    assert any("katsayı" in n for n in turkish.notes)
    assert "beklenen puan" in tr_players.splitlines()[1]
    assert _numbers(tr_players) == _numbers(en_players)
    assert len(_numbers(en_players)) > 50
