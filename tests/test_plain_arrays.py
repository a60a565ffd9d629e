"""A plain games file's columns packed and hashed as numpy columns, no tuple a game (issue 28
part 3, core/game_columns.py ``GameColumns.plain_arrays``): the packed row's bytes are
those :func:`stored_games.pack` makes from the games' cells, and the games digest is the
one the ledger has always written (tests/test_import_columns.py's ``_old_games_digest``, the
digest restated from its definition: an oracle that shares no code with ratingkit's).

The events are drawn so that the texts sort otherwise than the numbers (rounds and ledger
ids of one to six digits: "10" before "9"), with every play, dates and no date, repeated
games and an event of no game."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st
from test_import_columns import _old_games_digest
from test_stored_games import _SCORES

from ratingkit.core.game_columns import GameColumns
from ratingkit.core.model import Play
from ratingkit.services.ledger import stored_games
from ratingkit.services.ledger.common import _games_digest


@st.composite
def plain_events(draw):
    """A plain event's games as columns, the ledger ids of its players and its byes."""
    names = draw(
        st.lists(
            st.text("abcxyz0123456789", min_size=1, max_size=4),
            min_size=2,
            max_size=12,
            unique=True,
        )
    )
    ids = dict(
        zip(
            names,
            draw(
                st.lists(
                    st.integers(1, 999_999), min_size=len(names), max_size=len(names), unique=True
                )
            ),
            strict=True,
        )
    )
    days = draw(st.lists(st.dates(date(1990, 1, 1), date(2030, 12, 31)), max_size=4))
    games = []
    for _game in range(draw(st.integers(0, 40))):
        white, black = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
        play = draw(st.sampled_from(list(Play)))
        white_score, black_score = draw(st.sampled_from(_SCORES[play]))
        round_ = draw(st.sampled_from([1, 2, 9, 10, 11, 99, 100, draw(st.integers(1, 10_000))]))
        games.append(
            (
                round_,
                white,
                black,
                white_score,
                black_score,
                play,
                draw(st.sampled_from([None, *days])),
            )
        )
    if games and draw(st.booleans()):
        games.append(draw(st.sampled_from(games)))  # the same game twice: two equal lines
    columns = GameColumns(
        "games.csv",
        range(2, len(games) + 2),
        *(tuple(column) for column in zip(*games, strict=True)) if games else ((),) * 7,
    )
    byes = [
        (draw(st.integers(1, 12)), ids[name], "H")
        for name in draw(st.lists(st.sampled_from(names), max_size=2))
    ]
    return columns, ids, byes


@settings(max_examples=300, deadline=None)
@given(plain_events())
def test_the_columns_pack_to_the_bytes_the_cells_pack_to(event):
    columns, ids, _byes = event
    cells = columns.plain_cells(ids)
    assert stored_games.pack_arrays(columns.plain_arrays(ids)) == stored_games.pack(cells)


@settings(max_examples=300, deadline=None)
@given(plain_events())
def test_the_columns_digest_is_the_text_it_always_was(event):
    columns, ids, byes = event
    # The oracle's cells: round, the ledger ids, the scores, the play's word, the empty
    # special, handicap and giver, the ISO date.
    full_cells = [
        (r, ids[w], ids[b], ws, bs, p.value, None, None, None, d.isoformat() if d else None)
        for r, w, b, ws, bs, p, d in zip(
            columns.rounds,
            columns.whites,
            columns.blacks,
            columns.white_scores,
            columns.black_scores,
            columns.plays,
            columns.dates,
            strict=True,
        )
    ]
    players = sorted(ids.values())
    args = ("swiss", "2024-03-01", None, players)
    digest = _games_digest(*args, columns.plain_arrays(ids), byes, plain=True)
    assert digest == _old_games_digest(*args, full_cells, byes)
