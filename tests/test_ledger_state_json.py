"""A player's stored state (services/ledger/common.py): the text ``_record_to_json`` writes by
hand for a record of plain values is byte for byte the text ``json.dumps(...,
ensure_ascii=False, sort_keys=True)`` writes of the construction the ledger always stored
(copied below as the oracle: the stored bytes must not move); ``_record_from_json``'s fast
read gives the record its constructor gives; and the records a rated period stores, kept for
the next period's read of the state, are the records their texts read back to (issue 28)."""

from __future__ import annotations

import json
import unicodedata
from dataclasses import fields
from datetime import date
from enum import Enum, IntEnum
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_ledger_rows import _copy, _tables, imported_ledger

from ratingkit.core.errors import Location
from ratingkit.core.output import plain
from ratingkit.core.players import PlayerRecord
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger import common as ledger_common
from ratingkit.services.ledger import kept_state as ledger_kept_state
from ratingkit.services.ledger import rating as ledger_rating
from ratingkit.services.ledger.common import (
    _record_from_json,
    _record_from_json_general,
    _record_json_read_back,
    _record_to_json,
)


def _stored_text_as_always(record: PlayerRecord) -> str:
    """The oracle: the ledger's state JSON as it was built before the hand-written path (every
    field but ``location``, values made plain, ``json.dumps`` with sorted keys)."""
    simple = (str, int, type(None))
    data: dict[str, object] = {}
    for field in fields(PlayerRecord):
        if field.name == "location":
            continue
        value = getattr(record, field.name)
        data[field.name] = value if isinstance(value, simple) else plain(value)
    extra = record.extra
    data["extra"] = (
        {k: v if isinstance(v, simple) else plain(v) for k, v in extra.items()} if extra else {}
    )
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


class _Colour(Enum):
    WHITE = "w"


class _Step(IntEnum):
    ONE = 1


#: Any text: quotes, backslashes, control characters (U+0000-U+001F, DEL), non-ASCII, lone
#: surrogates, and the same text decomposed (NFD, as some systems write names).
_TEXT = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=()), max_size=12),
    st.text(st.sampled_from('"\\/\b\f\n\r\t\x00\x1f\x7f\u2028é\ud800\udfff'), max_size=8),
    st.text(max_size=8).map(lambda text: unicodedata.normalize("NFD", text + "Müller İ")),
)
#: A value as the codecs and the readers write them: what is written by hand (str, int,
#: bool, None) and what the general path makes plain (a float, a Fraction, a Decimal, a
#: date, a tuple, an enum, an int or str subclass).
_PLAIN_VALUE = st.one_of(st.none(), _TEXT, st.integers(), st.booleans())
_OTHER_VALUE = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(max_denominator=7),
    st.decimals(allow_nan=False, places=2, min_value=-100, max_value=100),
    st.dates(),
    st.datetimes(),
    st.lists(_PLAIN_VALUE, max_size=3).map(tuple),
    st.lists(_PLAIN_VALUE, max_size=3),
    st.sampled_from([_Colour.WHITE, _Step.ONE]),
)
_ANY_VALUE = st.one_of(_PLAIN_VALUE, _OTHER_VALUE)
#: The extra cells the codecs write (FIDE's pending 8.53 results, FIDE 1982's results and
#: last rating, LNMO's qualification, FIDE's list flags) and any other key.
_EXTRA_KEYS = st.one_of(
    st.sampled_from(
        [
            "pending",
            "ru_results",
            "last_rating",
            "lnmo_rating",
            "last_qualification",
            "last_qualification_result",
            "inactive",
            "sex",
            "list_games",
        ]
    ),
    _TEXT,
)


def _records(values: st.SearchStrategy[object]) -> st.SearchStrategy[PlayerRecord]:
    return st.builds(
        PlayerRecord,
        id=st.one_of(st.none(), st.sampled_from(["7", "007", "a"]), _TEXT),
        name=st.one_of(st.none(), _TEXT),
        rating=st.one_of(values, st.sampled_from([None, 0, 2100])),
        games=values,
        born=st.one_of(st.none(), st.dates(), values),
        k=st.one_of(st.sampled_from([None, 10, 20, 40]), values),
        ever_2400=st.one_of(st.sampled_from([None, True, False]), values),
        grade=st.one_of(st.none(), _TEXT),
        prior_grade=st.one_of(st.none(), st.sampled_from(["1 dan", "5 kyu"])),
        ever_2300=st.one_of(st.sampled_from([None, True, False]), values),
        extra=st.dictionaries(_EXTRA_KEYS, values, max_size=4),
        location=st.one_of(st.none(), st.just(Location("players.csv", 3, "rating"))),
    )


_PLAIN_RECORDS = _records(_PLAIN_VALUE)
_ANY_RECORDS = st.one_of(_PLAIN_RECORDS, _records(_ANY_VALUE))


def _attributes(record: PlayerRecord) -> list[tuple[str, type, object]]:
    """A record's attributes in their order, each with its exact type (``1 == True``, and
    ``==`` ignores ``location``)."""
    return [(name, type(value), value) for name, value in vars(record).items()]


def test_a_plain_record_is_written_by_hand_as_json_writes_it_worked_by_hand():
    record = PlayerRecord(
        id="7",
        name='A "B" \\ Ölçü\n',
        rating=2100,
        born=date(2001, 2, 3),
        ever_2400=True,
        extra={"sex": "f", "ru_results": "2100x9"},
    )
    expected = (
        '{"born": "2001-02-03", "ever_2300": null, "ever_2400": true, "extra": '
        '{"ru_results": "2100x9", "sex": "f"}, "games": null, "grade": null, "id": "7", '
        '"k": null, "name": "A \\"B\\" \\\\ Ölçü\\n", "prior_grade": null, "rating": 2100}'
    )
    assert _record_to_json(record) == expected
    assert _stored_text_as_always(record) == expected


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(record=_ANY_RECORDS)
def test_the_state_json_is_byte_for_byte_what_json_dumps_writes(record):
    assert _record_to_json(record) == _stored_text_as_always(record)
    assert _record_json_read_back(record, 7)[0] == _stored_text_as_always(record)


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(record=_ANY_RECORDS, player_id=st.sampled_from([7, 0, 123456]))
def test_a_record_said_to_read_back_reads_back_the_same_values(record, player_id):
    """Where ``_record_json_read_back`` says so, the rating keeps the record for its text:
    the record must be what ``_record_from_json`` (and the constructor) makes of the text."""
    text, reads_back = _record_json_read_back(record, player_id)
    decoded = _read(_record_from_json, text, player_id)
    assert decoded == _read(_record_from_json_general, text, player_id)
    if reads_back:
        assert _record_from_json(text, player_id) == record
        assert decoded == _attributes(record)
    elif record.id == str(player_id) and record.location is None:
        # Only a value written by the general path (made plain) stops a record of the
        # ledger's id and no location from being kept.
        plain_kinds = (str, int, bool, type(None))
        assert (
            type(record.born) not in (date, type(None))
            or any(type(getattr(record, name)) not in plain_kinds for name in _SCALARS)
            or any(type(key) is not str for key in record.extra)
            or any(type(value) not in plain_kinds for value in record.extra.values())
        )


_SCALARS = ("id", "name", "rating", "games", "k", "ever_2400", "grade", "prior_grade", "ever_2300")


def _read(read, text: str, player_id: int) -> object:
    """What a reader makes of a text: the record's attributes, or its error and message."""
    try:
        return _attributes(read(text, player_id))
    except (ValueError, TypeError) as exc:
        return type(exc), str(exc)


@settings(max_examples=200, deadline=None, database=None, derandomize=True)
@given(record=_PLAIN_RECORDS)
def test_a_plain_record_is_kept_when_its_id_is_the_ledgers_and_it_has_no_location(record):
    _text, reads_back = _record_json_read_back(record, 7)
    assert reads_back == (
        record.id == "7" and record.location is None and type(record.born) in (date, type(None))
    )


#: Texts an older version may have stored or a damaged file holds: keys missing or
#: unsorted, a key more, a float, extra not an object, not an object at all, blanks around
#: the object, trailing text, not JSON.
_OTHER_TEXTS = [
    '{"name": "D", "id": "d", "rating": null, "extra": {}}',
    '{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"n": 1}, "games": '
    'null, "grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, '
    '"rating": 2100.0}',
    '  {"born": "1990-01-01", "ever_2300": null, "ever_2400": null, "extra": {}, "games": 3, '
    '"grade": null, "id": "1", "k": 20, "name": "E", "prior_grade": null, "rating": 2100}\n',
    '{"born": null, "ever_2300": null, "ever_2400": null, "extra": [], "games": null, '
    '"grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, "rating": 1}',
    '{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": null, '
    '"grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, "rating": 1, '
    '"colour": "w"}',
    '{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": null, '
    '"grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, "rating": 1} x',
    '{"born": "1990-13-01", "ever_2300": null, "ever_2400": null, "extra": {}, "games": '
    'null, "grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, "rating": 1}',
    "[1, 2]",
    "",
    "not json",
    '{"name": ',
]


@pytest.mark.parametrize("text", _OTHER_TEXTS)
def test_any_other_text_reads_as_the_constructor_reads_it_its_error_included(text):
    try:
        expected = _record_from_json_general(text, 5)
    except (ValueError, TypeError, AttributeError) as exc:
        with pytest.raises(type(exc)) as raised:
            _record_from_json(text, 5)
        assert str(raised.value) == str(exc)
    else:
        assert _attributes(_record_from_json(text, 5)) == _attributes(expected)


def test_a_decoded_record_is_the_constructors_worked_by_hand():
    text = (
        '{"born": "1990-01-01", "ever_2300": null, "ever_2400": true, "extra": {"sex": "f"}, '
        '"games": 3, "grade": null, "id": "x", "k": 20, "name": "E", "prior_grade": null, '
        '"rating": 2100}'
    )
    record = _record_from_json(text, 12)
    assert _attributes(record) == _attributes(
        PlayerRecord(
            id="12",
            name="E",
            rating=2100,
            games=3,
            born=date(1990, 1, 1),
            k=20,
            ever_2400=True,
            extra={"sex": "f"},
        )
    )
    assert isinstance(record.extra, MappingProxyType)
    with pytest.raises(TypeError):
        record.extra["sex"] = "m"  # type: ignore[index]
    assert type(record.born) is date


# -- the records a period stores, kept for the next period's read --------------------------

PERIODS = ("2024-01", "2024-02", "2024-03")


@pytest.fixture(scope="module")
def three_months(tmp_path_factory):
    return imported_ledger(tmp_path_factory.mktemp("kept"), PERIODS)


def _rate_and_read(base: Path, target: Path) -> tuple[dict, list]:
    """The three months rated in one ``Ledger`` (each period reading the state the one before
    left), then the tables and each player's state after them."""
    _copy(base, target)
    with Ledger(target) as book:
        for period in PERIODS:
            book.rate_period(period)
        records, texts = book._state_and_texts_before("2024-04")
    state = [(pid, texts[pid], _attributes(records[pid])) for pid in sorted(records)]
    return _tables(target), state


def test_the_kept_records_are_the_records_their_texts_read_back_to(
    three_months, tmp_path, monkeypatch
):
    decoded = []

    def counted(text: str, player_id: int) -> PlayerRecord:
        decoded.append(player_id)
        return _record_from_json(text, player_id)

    monkeypatch.setattr(ledger_rating, "_record_from_json", counted)
    # The state kept from one period to the next decodes what does not read back too.
    monkeypatch.setattr(ledger_kept_state, "_record_from_json", counted)
    kept_tables, kept_state = _rate_and_read(three_months, tmp_path / "kept.sqlite")
    decoded_with_kept = len(decoded)
    # The oracle: no record kept (each reads back as not equal), every text decoded again.
    monkeypatch.setattr(
        ledger_rating,
        "_record_json_read_back",
        lambda record, player_id: (ledger_common._record_to_json_general(record), False),
    )
    decoded.clear()
    oracle_tables, oracle_state = _rate_and_read(three_months, tmp_path / "oracle.sqlite")
    assert kept_state, "the months left no state"
    assert kept_state == oracle_state
    assert kept_tables == oracle_tables
    # The kept records were used: the periods after the first decoded fewer texts.
    assert decoded_with_kept < len(decoded)
