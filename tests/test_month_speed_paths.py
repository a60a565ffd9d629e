"""The shortcuts that make a FIDE month fast (issue 28, part 3) give the numbers of the plain
path: exact sums of fractions by denominator, and K of 8.56 chosen once per rating class."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.outcome import PartValues, Status, k_in_force, part_values
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.fide.engine.period import rate_period_fast, vectorised_reason
from ratingkit.fide.formula import exact_sum
from ratingkit.fide.publication import rate_period
from ratingkit.fide.rulesets import FIDE_2014
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger import rating as ledger_rating

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


# -- the ledger's results from the engine's numbers ------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
NATIONAL = ROOT / "examples" / "national-list"


def _month(path: Path) -> Ledger:
    """Two Swiss events of one month, 8 players each (two unrated, one of them in both),
    three rounds: wins, draws and losses in turn."""
    book = Ledger.create(path, "fide-2014")
    ratings = {"a": 2450, "b": 2210, "c": 1980, "d": None, "e": 1720, "f": None, "g": 2050}
    for number, last in enumerate(("h", "i")):
        ids = [*ratings, last]
        players = ["id,name,rating"] + [
            f"{pid},Player {pid.upper()},{ratings.get(pid) or ''}" for pid in ids
        ]
        if last == "h":
            players[-1] += "1610"
        results = ("1-0", "1/2-1/2", "0-1")
        games = ["round,white,black,result,date"] + [
            f"{r},{ids[i]},{ids[i + step]},{results[(i + number) % 3]},2025-03-0{number + 1}"
            for r, step in enumerate((1, 2, 4), start=1)
            for i in range(8)
            if not i & step
        ]
        folder = path.parent / f"event{number}"
        folder.mkdir()
        (folder / "games.csv").write_text("\n".join(games) + "\n")
        (folder / "players.csv").write_text("\n".join(players) + "\n")
        book.import_file(folder / "games.csv", folder / "players.csv")
    return book


def _national(path: Path) -> Ledger:
    book = Ledger.create(path, "fide-2014")
    book.import_list(NATIONAL / "fide-list-2024-02.txt")
    book.import_file(NATIONAL / "2024-03-march-open-games.csv")
    book.import_file(NATIONAL / "2024-03-rapid-evening-games.csv")
    book.import_file(NATIONAL / "2024-04-club-championship.csv", NATIONAL / "club-roster.csv")
    return book


def _stored_results(book: Ledger) -> list[tuple[object, ...]]:
    for period in book._known_periods():
        book.rate_period(period)
    return book._connection.execute(
        "SELECT * FROM player_results ORDER BY period, event_id, player_id"
    ).fetchall()


@pytest.mark.parametrize("make", [_month, _national], ids=["month", "national"])
def test_the_ledger_stores_the_parts_read_from_the_engine_as_from_the_parts(
    make, tmp_path, monkeypatch
):
    """The rows of ``player_results`` written from the engine's numbers (part_values) are
    the rows the general path writes from each event's part objects (the same ledger rated
    with part_values switched off): the periods of two events take the engine's path."""
    taken = []

    def spied(outcome):
        found = part_values(outcome)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(ledger_rating, "part_values", spied)
    (tmp_path / "fast").mkdir()
    (tmp_path / "general").mkdir()
    with make(tmp_path / "fast" / "book.sqlite") as book:
        fast = _stored_results(book)
    assert any(taken)
    monkeypatch.setattr(ledger_rating, "part_values", lambda outcome: None)
    with make(tmp_path / "general" / "book.sqlite") as book:
        general = _stored_results(book)
    assert fast == general
    assert len(fast) >= 16


def test_part_values_are_the_parts_of_each_event():
    """Read from the arrays, each event's part of a period equals its part object."""
    ratings = [2450, 2210, 1980, None, 1720, None, 2050, 1610]
    events = []
    for number in range(2):
        players = tuple(
            Player(f"p{i}", f"Player {i}", r, born=date(1990, 1, 1)) for i, r in enumerate(ratings)
        )
        ids = [p.id for p in players]
        # Three rounds, i against i+1, i+2, i+4 (bit by bit); wins, draws and losses in turn.
        scores = (1.0, 0.5, 0.0)
        games = tuple(
            Game(
                round_,
                ids[i],
                ids[i + step],
                scores[(i + number) % 3],
                1 - scores[(i + number) % 3],
            )
            for round_, step in enumerate((1, 2, 4), start=1)
            for i in range(8)
            if not i & step
        )
        events.append(
            Event(
                name=f"Open {number}",
                players=players,
                games=games,
                type=EventType.SWISS,
                start=date(2025, 3, 1 + number),
                end=date(2025, 3, 1 + number),
            )
        )
    assert vectorised_reason(FIDE_2014, events, None) is None
    outcome = rate_period_fast(FIDE_2014, events, None)
    values = part_values(outcome)
    assert values == _parts_of(outcome)
    assert part_values(rate_period(FIDE_2014, events, None)) is None


def _plain_events(count: int) -> list[Event]:
    return [
        Event(
            name=f"e{number}",
            players=(Player(f"a{number}", f"A {number}", 2000), Player(f"b{number}", "B", 1900)),
            games=(Game(1, f"a{number}", f"b{number}", Fraction(1), Fraction(0)),),
            type=EventType.SWISS,
        )
        for number in range(count)
    ]


def test_the_guard_reads_a_player_file_s_grades_once_for_every_event_of_a_period():
    from ratingkit.core.errors import RuleSetCannotRateError
    from ratingkit.core.ruleset import guard

    # The graded records are found once a period (issue 28): a grade on the file's last
    # record still makes every event of the period shogi, which FIDE 2014 does not rate.
    plain = [PlayerRecord(id=f"p{i}", name=f"P {i}", rating=1800) for i in range(50)]
    events = _plain_events(3)
    guard(FIDE_2014, events, PlayerFile(tuple(plain)))  # no grade: chess may rate them
    graded = PlayerFile((*plain, PlayerRecord(id="g", name="G", rating=1800, grade="1 dan")))
    with pytest.raises(RuleSetCannotRateError, match="players with shogi grades"):
        guard(FIDE_2014, events, graded)


def test_fide_8_53_holds_in_a_period_whose_player_file_is_read_once():
    # As tests/test_rating_before.py's single event: the state has Nina unrated, her results
    # waiting (7.14), so the 1419 each event gives her was never published and is ignored
    # (8.53) in both events of the period, by the plain path and the engine alike.
    events = [
        Event(
            name,
            (Player("n", "Nina", 1419), Player("a", "Abe", 2000)),
            (Game(1, "n", "a", Fraction(1), Fraction(0)),),
            start=day,
        )
        for name, day in (("E1", date(2016, 2, 1)), ("E2", date(2016, 2, 8)))
    ]
    state = PlayerFile(
        (
            PlayerRecord(id="n", name="Nina", extra={"pending_results": "2000:1@2016-01-10"}),
            PlayerRecord(id="a", name="Abe", rating=2000, games=50),
        ),
        "state.csv",
    )
    for outcome in (
        rate_period(FIDE_2014, events, state),
        rate_period_fast(FIDE_2014, events, state),
    ):
        for event in outcome.events:
            nina = next(part for part in event.players if part.id == "n")
            assert nina.rating_before is None
        assert sum("8.53" in str(n) and "Nina 1419" in str(n) for n in outcome.notes) == 2


def _mixed_events(seed: int) -> list[Event]:
    """Three Swiss events of ten players, about half of them unrated and several in more than
    one event: wins, draws and losses at random, so that unrated players score under, at and
    above 50% against rated opponents (8.22-8.24), none (8.21: not counted in a first event)
    or meet only unrated opponents (no Ru)."""
    import random

    chance = random.Random(seed)
    people = [
        Player(f"u{i}", f"Unrated {i}", None if i % 2 else chance.randrange(1300, 2300))
        for i in range(14)
    ]
    events = []
    for number in range(3):
        players = tuple(chance.sample(people, 10))
        ids = [p.id for p in players]
        games = []
        for round_ in range(1, 5):
            order = chance.sample(ids, 10)
            for white, black in zip(order[::2], order[1::2], strict=True):
                white_score = chance.choice((1.0, 0.5, 0.0))
                games.append(Game(round_, white, black, white_score, 1 - white_score))
        events.append(
            Event(
                name=f"Open {number}",
                players=players,
                games=tuple(games),
                type=EventType.SWISS,
                start=date(2025, 3, 1 + number),
                end=date(2025, 3, 1 + number),
            )
        )
    return events


@pytest.mark.parametrize("seed", range(12))
def test_unrated_part_values_are_the_unrated_parts(seed):
    """The unrated players' parts as values (their Ru by ratingkit.fide.formula.ru_exact,
    without the parts' rule texts, FIDE 2014 8.21-8.24 and 8.57) equal the parts the
    engine makes (parts._unrated_part through ru_from), read before the parts are made."""
    events = _mixed_events(seed)
    assert vectorised_reason(FIDE_2014, events, None) is None
    outcome = rate_period_fast(FIDE_2014, events, None)
    values = part_values(outcome)
    assert values == _parts_of(outcome)


def test_the_unrated_part_values_meet_every_case():
    """Over the seeds of test_unrated_part_values_are_the_unrated_parts, the unrated parts
    meet each case (else that test would not check it): an Ru from a score under 50% (8.24),
    at 50% (8.22) and over it (8.23), no Ru (no rated opponent), and not counted (8.21)."""
    cases = set()
    for seed in range(12):
        outcome = rate_period_fast(FIDE_2014, _mixed_events(seed), None)
        for event in part_values(outcome):
            for p in event:
                if p.rating_before is not None:
                    continue
                if p.status is Status.FIRST_RATING:
                    p_score = p.score / p.games
                    cases.add(
                        "under"
                        if p_score < Fraction(1, 2)
                        else "at"
                        if p_score == Fraction(1, 2)
                        else "over"
                    )
                else:
                    cases.add(p.status)
    assert {"under", "at", "over", Status.NOT_RATED} <= cases


def test_dp_remembered_is_table_8_1a_s():
    """formula._table_dp, remembered by p, gives table 8.1a's dp (core.expected.table_dp)
    for every score of up to 40 games, asked twice (the second answer is the remembered
    one), and refuses a p outside 0..1 each time it is asked."""
    from ratingkit.core.errors import RatingkitError
    from ratingkit.core.expected import table_dp
    from ratingkit.fide.formula import _table_dp

    for games in range(1, 41):
        for halves in range(2 * games + 1):
            p = Fraction(halves, 2 * games)
            assert _table_dp(p) == table_dp(p)
            assert _table_dp(p) == table_dp(p)
    for _asked in range(2):
        with pytest.raises(RatingkitError, match="must lie in 0..1"):
            _table_dp(Fraction(3, 2))


@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(min_value=0, max_value=3), st.sampled_from("ABC")),
        min_size=1,
        max_size=25,
    )
)
def test_an_events_k_default_notes_by_choice_are_the_exact_paths(entries):
    """The engine's K default notes of an event (parts.event_k_default_notes, grouped by K
    choice) are ratingkit.fide.event.group_k_assumptions' of each rated player's K and
    texts (8.56), the exact path's grouping; names repeat (a name is listed once)."""
    from ratingkit.core.outcome import Rule
    from ratingkit.fide.engine.parts import event_k_default_notes
    from ratingkit.fide.event import group_k_assumptions
    from ratingkit.fide.formula import KChoice

    texts = ("no games count", "no birth date", "ever_2400 not given")
    choices = [
        KChoice(20, Rule("8.56")),
        KChoice(20, Rule("8.56"), (texts[0], texts[2])),
        KChoice(40, Rule("8.56"), (texts[1], texts[1])),
        KChoice(20, Rule("8.56"), (texts[0], texts[2])),
    ]
    players = [
        Player(f"p{i}", f"Player {name}", 2000 if rated else None)
        for i, (rated, _number, name) in enumerate(entries)
    ]
    choice_list = [number if rated else 0 for rated, number, _name in entries]
    exact = group_k_assumptions(
        (choices[number].k, player.id, player.name, choices[number].assumed)
        for player, number in zip(players, choice_list, strict=True)
        if player.rating is not None
    )
    assert event_k_default_notes(players, choice_list, choices) == exact


@given(
    st.lists(
        st.tuples(st.integers(min_value=1000, max_value=2800), st.sampled_from((0, 1, 2))),
        min_size=1,
        max_size=40,
    )
)
def test_initial_rating_from_integer_sums_is_from_the_pairs(games):
    """Fide2014.initial_rating (8.21a's Rc, 8.22-8.24's Ru and rule text) from the pairs'
    half points and ratings' sum equals its result from the (whole rating, half point)
    pairs' fractions, in the 2014 and 2022 texts; the 2024 text (8.2's hypothetical
    opponents) reads the pairs whatever the sums say."""
    from ratingkit.fide.rulesets import FIDE_2022, FIDE_2024

    pairs = [(Fraction(rating), Fraction(halves, 2)) for rating, halves in games]
    sums = (sum(halves for _, halves in games), sum(rating for rating, _ in games))
    for rules in (FIDE_2014, FIDE_2022):
        assert rules.initial_rating(pairs, sums) == rules.initial_rating(pairs)
    assert FIDE_2024.initial_rating(pairs, (0, 0)) == FIDE_2024.initial_rating(pairs)


@st.composite
def _pooled_periods(draw: st.DrawFn) -> list[Event]:
    """Two to four Swiss events of one period drawn from six rated and six unrated persons:
    an unrated person plays in several of them (8.3: his results pooled as one event), with
    wins, draws and losses against rated and unrated opponents."""
    people = [Player(f"r{i}", f"Rated {i}", draw(st.integers(1000, 2700))) for i in range(6)]
    people += [Player(f"u{i}", f"Unrated {i}", None) for i in range(6)]
    events = []
    for number in range(draw(st.integers(2, 4))):
        players = tuple(
            draw(st.lists(st.sampled_from(people), min_size=4, max_size=12, unique=True))
        )
        ids = [p.id for p in players]
        games = []
        for round_ in range(1, draw(st.integers(1, 5)) + 1):
            order = draw(st.permutations(ids))
            for white, black in zip(order[::2], order[1::2], strict=False):
                white_score = draw(st.sampled_from((1.0, 0.5, 0.0)))
                games.append(Game(round_, white, black, white_score, 1 - white_score))
        events.append(
            Event(
                name=f"Open {number}",
                players=players,
                games=tuple(games),
                type=EventType.SWISS,
                start=date(2025, 3, 1 + number),
                end=date(2025, 3, 1 + number),
            )
        )
    return events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pooled_periods())
def test_pooled_unrated_from_integer_sums_is_the_exact_path(events):
    """The engine's unrated persons of a period (FIDE 2014 8.3 over several events, 8.21-8.24,
    7.14) with their W and Rc from his parts' integer sums (parts.POOLED_FROM_SUMS) equal
    the same engine with the sums off (his pairs' fractions) and the event-by-event path
    (publication.rate_period): players, notes and new state."""
    from ratingkit.fide.engine import parts

    assume(vectorised_reason(FIDE_2014, events, None) is None)
    fast = rate_period_fast(FIDE_2014, events, None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parts, "POOLED_FROM_SUMS", False)
        from_pairs = rate_period_fast(FIDE_2014, events, None)
    exact = rate_period(FIDE_2014, events, None)
    for other in (from_pairs, exact):
        assert list(fast.players) == list(other.players)
        assert [p.detail for p in fast.players] == [p.detail for p in other.players]
        assert fast.notes == other.notes
        assert fast.new_state.records == other.new_state.records


def test_the_pooled_periods_meet_the_pooled_cases():
    """test_pooled_unrated_from_integer_sums_is_the_exact_path is not vacuous: its periods
    rate unrated persons pooled over several events (8.3's note) and from one event alone."""
    seen = {"pooled": 0, "one event": 0}

    @settings(max_examples=80, deadline=None, database=None)
    @given(_pooled_periods())
    def count(events):
        if vectorised_reason(FIDE_2014, events, None) is not None:
            return
        outcome = rate_period_fast(FIDE_2014, events, None)
        for player in outcome.players:
            if player.rating_before is None and player.detail.ru is not None:
                pooled = (player.detail.ru_rule or "").startswith("8.3 ")
                seen["pooled" if pooled else "one event"] += 1

    count()
    assert seen["pooled"] > 20 and seen["one event"] > 0


@given(
    st.fractions(min_value=-50, max_value=50, max_denominator=12),
    st.integers(min_value=-40, max_value=40).filter(bool),
)
def test_above_half_is_the_sign_of_p_minus_one_half(score, games):
    """formula._above_half (FIDE 2014 8.22-8.24's case: p = W / n at, above or under 50%),
    compared in integers, is the sign of the fraction p - 1/2 computed as such."""
    from ratingkit.fide.formula import _above_half

    difference = score / games - Fraction(1, 2)
    assert _above_half(score, games) == (difference > 0) - (difference < 0)


@given(
    st.lists(st.integers(min_value=-3000, max_value=3000), max_size=60),
    st.sampled_from((1, 2, 100)),
)
def test_fractions_made_in_bulk_are_those_made_one_by_one(numerators, denominator):
    """engine.parts.Fractions.each (build_part_values' W, We and K * (w - We) of every slot,
    FIDE 2014 8.55) gives what Python's Fraction(numerator, denominator) gives each, and
    the same objects as the one-by-one calls of the same cache."""
    from ratingkit.fide.engine.parts import Fractions

    fraction = Fractions()
    in_bulk = fraction.each(numerators, denominator)
    assert in_bulk == [Fraction(numerator, denominator) for numerator in numerators]
    one_by_one = [fraction(numerator, denominator) for numerator in numerators]
    assert all(a is b for a, b in zip(in_bulk, one_by_one, strict=True))


@st.composite
def _events_with_rounds_out_of_order(draw: st.DrawFn) -> list[Event]:
    """Swiss events whose games are listed out of round order, with forfeits (not played,
    FIDE 2014 7.1) and unrated players."""
    from ratingkit.core.model import Play

    people = [
        Player(f"p{i}", f"Player {i}", draw(st.one_of(st.none(), st.integers(1000, 2700))))
        for i in range(8)
    ]
    events = []
    for number in range(draw(st.integers(1, 3))):
        players = tuple(
            draw(st.lists(st.sampled_from(people), min_size=2, max_size=8, unique=True))
        )
        games = []
        for round_ in range(1, draw(st.integers(1, 5)) + 1):
            order = draw(st.permutations([p.id for p in players]))
            for white, black in zip(order[::2], order[1::2], strict=False):
                play = draw(st.sampled_from((Play.PLAYED, Play.PLAYED, Play.FORFEIT)))
                score = draw(st.sampled_from((1.0, 0.5, 0.0))) if play is Play.PLAYED else 1.0
                games.append(Game(round_, white, black, score, 1 - score, play))
        games = draw(st.permutations(games))
        events.append(
            Event(name=f"Open {number}", players=players, games=tuple(games), type=EventType.SWISS)
        )
    return events


@given(_events_with_rounds_out_of_order())
def test_played_games_of_a_few_slots_are_played_games_of_each(events):
    """EventData.played_games_of_slots (the engine's first pass over an event's unrated
    players, FIDE 2014 8.21, one pass over the games) lists each slot's played games in the
    order of the general path, played_games_of (every slot's games sorted by round, then
    by the game's place in the event), whatever order the event lists its games in."""
    from ratingkit.fide.engine.period import _prepare

    data = _prepare(FIDE_2014, events, None)
    assert not isinstance(data, str)
    for d in data:
        slots = list(range(d.offset, d.offset + len(d.event.players)))
        one_pass = d.played_games_of_slots(d.side_lists(), slots)
        assert one_pass == {slot: d.played_games_of(slot) for slot in slots}


def _parts_of(outcome):
    """Each event's part of each player, as the engine's part objects give it (what
    ``part_values`` must give without making them)."""
    return [
        [
            PartValues(
                p.id,
                p.rating_before,
                p.games,
                p.score,
                p.expected,
                p.change,
                p.rating_after,
                p.status,
                k_in_force(p),
            )
            for p in event.players
        ]
        for event in outcome.events
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 30).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(0, 2 * n),
            st.lists(st.integers(1000, 2900), min_size=n, max_size=n),
        )
    ),
    st.sampled_from([None, 1000, 1800]),
)
def test_unrated_values_by_integers_are_the_part_made_by_ru_from(case, floor):
    """UnratedParts.values' Ru in integers (Rc's sum over n plus what FIDE 2014 8.22-8.24 add
    for the score, rounded by 8.57) gives the games, score, published rating and status of
    the part the general path makes (parts._unrated_part through ru_from's Fractions), with
    and without a floor (the published rating and the status then differ by it)."""
    from dataclasses import replace

    from ratingkit.fide.engine.parts import UnratedParts

    _games, halves, ratings = case
    rules = replace(FIDE_2014, floor=floor)
    parts = UnratedParts(rules)
    player = Player("u", "Unrated", None)
    pairs = [(Fraction(r), Fraction(1, 2)) for r in ratings]  # their count is read
    parts.later[0] = (player, pairs, halves, sum(ratings), None)
    by_integers = parts.values(0)
    made = parts[0]  # the general path, made now
    assert by_integers == (
        made.games,
        made.score,
        made.rating_after,
        made.status,
        k_in_force(made),
    )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(
            st.tuples(st.integers(1000, 2800), st.sampled_from([0, 1, 2])), min_size=0, max_size=6
        ),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["fide-2014", "fide-2024"]),
)
def test_an_unrated_person_with_enough_games_and_none_kept_is_first_rating_s_answer(
    events_pairs, rules_name
):
    """first_rating_step returns the period's outcome at once where nothing is kept from
    earlier periods and the period has FIDE 2014 7.14's (2024 7.1.4's) minimum of games:
    the general path (rules.first_rating on the pooled list) then keeps the values (None),
    carries nothing and writes no note; below the minimum it carries the results."""
    from ratingkit.core.outcome import PlayerOutcome
    from ratingkit.fide.outcome import FidePlayer
    from ratingkit.fide.publication import first_rating_step
    from ratingkit.registry import get_rule_set

    rules = get_rule_set(rules_name)
    unrated = [
        (
            Event(
                name=f"E{number}",
                players=(),
                games=(),
                type=EventType.SWISS,
                start=date(2025, 3, 1 + number),
                end=date(2025, 3, 2 + number),
            ),
            [(Fraction(r), Fraction(h, 2)) for r, h in pairs],
            None,
        )
        for number, pairs in enumerate(events_pairs)
    ]
    games = sum(len(pairs) for pairs in events_pairs)
    outcome = PlayerOutcome(
        "u", "Unrated", None, games, None, None, None, None, Status.NOT_RATED, FidePlayer()
    )
    notes, carried, waiting = [], {}, []
    on = date(2025, 3, 31)
    now = [(event.end, r, s) for event, pairs, _ in unrated for r, s in pairs]
    general = rules.first_rating("Unrated", now, (), on, "u")
    if games >= rules.first_rating_min_games:
        assert general == (None, (), [])
        assert (
            first_rating_step(
                rules, "u", "Unrated", outcome, unrated, (), on, notes, carried, waiting
            )
            is outcome
        )
        assert (notes, carried, waiting) == ([], {}, [])
    else:
        assert general[1] == tuple(now)  # below the minimum: all of them carried (7.14)
        first_rating_step(rules, "u", "Unrated", outcome, unrated, (), on, notes, carried, waiting)
        assert carried == ({"u": tuple(now)} if now else {})
