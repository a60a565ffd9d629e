"""The shortcuts that make a FIDE month fast (issue 28, part 3) give the numbers of the plain
path: exact sums of fractions by denominator, and K of 8.56 chosen once per rating class."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.fide.engine.period import rate_period_fast, vectorised_reason
from ratingkit.fide.formula import exact_sum
from ratingkit.fide.publication import rate_period
from ratingkit.fide.rulesets import FIDE_2014

fractions = st.fractions(min_value=-5000, max_value=5000, max_denominator=12)


@given(st.lists(fractions, max_size=30))
def test_exact_sum_is_python_s_sum_of_fractions(values):
    assert exact_sum(values) == sum(values, Fraction(0))
    assert isinstance(exact_sum(values), Fraction)


def test_exact_sum_by_hand():
    # 2000 + 1/2 + 1 + 1/3 = 2001 + 5/6
    assert exact_sum([Fraction(2000), Fraction(1, 2), Fraction(1), Fraction(1, 3)]) == Fraction(
        12011, 6
    )
    assert exact_sum([]) == 0


def test_k_is_chosen_by_rating_class_with_the_event_by_event_numbers():
    """Juniors (under 18 on the event's day, 8.56: K 40 below 2300) and adults on both sides of
    2300 and 2400, all with 30 games or more: the fast path's K, per player, is the one the
    event-by-event path chooses (40, 40, 20, 20, 10 for the juniors; 20, 20, 10 for adults)."""
    ratings = [2290, 2299, 2300, 2399, 2400]
    players = [Player(f"j{r}", f"Junior {r}", r, born=date(2010, 5, 1)) for r in ratings] + [
        Player(f"a{r}", f"Adult {r}", r, born=date(1980, 5, 1)) for r in (2299, 2300, 2400)
    ]
    ids = [p.id for p in players]
    # Three rounds, every player in one game a round: i against i+1, i+2, i+4 (bit by bit).
    games = tuple(
        Game(number, ids[i], ids[i + step], 1.0, 0.0)
        for number, step in enumerate((1, 2, 4), start=1)
        for i in range(8)
        if not i & step
    )
    event = Event(
        name="Class test",
        players=tuple(players),
        games=games,
        type=EventType.SWISS,
        start=date(2025, 3, 1),
        end=date(2025, 3, 2),
    )
    state = PlayerFile(
        tuple(PlayerRecord(id=p.id, name=p.name, rating=p.rating, games=50) for p in players),
        "state",
    )
    assert vectorised_reason(FIDE_2014, [event], state) is None
    fast = rate_period_fast(FIDE_2014, [event], state)
    slow = rate_period(FIDE_2014, [event], state)
    k_fast = {p.id: p.detail.ks for p in fast.players}
    assert k_fast == {p.id: p.detail.ks for p in slow.players}
    assert [k_fast[i] for i in ids] == [(40,), (40,), (20,), (20,), (10,), (20,), (20,), (10,)]
    assert fast.players == slow.players
