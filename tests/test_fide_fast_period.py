"""The vectorised FIDE 2014 period (ratingkit/fide/engine/) against the event-by-event
path (publication.rate_period): the same outcome, value for value, wherever
``vectorised_reason`` lets it rate; the reasons it gives fire on the cases they name; one
small period computed by hand from FIDE 2014 8.54-8.57 and table 8.1b."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ratingkit import get_rule_set
from ratingkit.core.i18n import language_of
from ratingkit.core.model import Bye, ByeKind, Event, EventType, Game, Handicap, Play, Player
from ratingkit.core.outcome import Status
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.fide.engine.lazy import LazyEventOutcome
from ratingkit.fide.engine.period import rate_period_fast, vectorised_reason
from ratingkit.fide.publication import rate_period
from ratingkit.fide.rulesets import FIDE_2014 as RULES_2014
from ratingkit.fide.rulesets import Fide2014

FIDE_2014 = RULES_2014

# -- generated periods -------------------------------------------------------------------------


@st.composite
def periods(draw: st.DrawFn) -> tuple[list[Event], PlayerFile | None]:
    """Several events of a pool of persons: rated ones (their rating may differ from event to
    event and from the player file's, 7.1) and unrated ones (with results kept from earlier
    periods, 7.14); K given or from the games count, the birth date, ever_2400 (8.56);
    forfeits, games of under one move, byes, draws; events with and without dates; players
    known by their FIDE id or their event id, with a birth date in the event or the file."""
    count = draw(st.integers(4, 14))
    persons = []
    born: dict[str, date | None] = {}
    fide_ids: dict[str, str | None] = {}
    for i in range(count):
        rated = draw(st.booleans()) or i < 2
        base = draw(st.integers(1000, 2700)) if rated else None
        persons.append((f"p{i}", f"Player {i}", base))
        born[f"p{i}"] = draw(st.one_of(st.none(), st.dates(date(2004, 1, 1), date(2010, 12, 31))))
        fide_ids[f"p{i}"] = draw(st.sampled_from([None, f"4{i:06d}"]))
    records = []
    use_file = draw(st.booleans())
    for pid, name, base in persons:
        if not use_file or not draw(st.booleans()):
            continue
        pending = ""
        if base is None and draw(st.booleans()):
            items = draw(
                st.lists(
                    st.tuples(
                        st.integers(1200, 2400),
                        st.sampled_from(["0", "0.5", "1"]),
                        st.sampled_from(["@2023-03-10", "@2021-01-05", ""]),
                    ),
                    min_size=1,
                    max_size=6,
                )
            )
            pending = " ".join(f"{r}:{s}{d}" for r, s, d in items)
        records.append(
            PlayerRecord(
                id=pid,
                name=name,
                rating=(
                    draw(st.one_of(st.none(), st.just(base), st.integers(1000, 2700)))
                    if base is not None
                    else draw(st.one_of(st.none(), st.integers(1000, 2000)))
                ),
                games=draw(st.one_of(st.none(), st.integers(0, 60))),
                born=draw(st.one_of(st.none(), st.dates(date(1995, 1, 1), date(2012, 12, 31)))),
                k=draw(st.one_of(st.none(), st.sampled_from([10, 15, 20, 40]))),
                ever_2400=draw(st.one_of(st.none(), st.booleans())),
                extra={"pending_results": pending} if pending else {},
            )
        )
    players = PlayerFile(tuple(records), "players.csv") if use_file else None
    events = []
    day = date(2024, 3, 1)
    for number in range(draw(st.integers(1, 4))):
        chosen = draw(st.lists(st.sampled_from(persons), min_size=2, max_size=count, unique=True))
        shift = draw(st.sampled_from([0, 0, 0, 5, -30]))
        event_players = tuple(
            Player(
                pid,
                name,
                None if base is None else max(1000, min(2800, base + shift)),
                born=born[pid],
                fide_id=fide_ids[pid],
            )
            for pid, name, base in chosen
        )
        round_robin = all(p.rating is not None for p in event_players) and draw(st.booleans())
        games = []
        byes = []
        for round_ in range(1, draw(st.integers(1, 4)) + 1):
            order = draw(st.permutations([p.id for p in event_players]))
            for white, black in zip(order[::2], order[1::2], strict=False):
                kind = draw(st.sampled_from(["1", "0.5", "0", "1", "0.5", "0", "+", "-", "u"]))
                if kind == "+":
                    games.append(Game(round_, white, black, 1.0, 0.0, Play.FORFEIT))
                elif kind == "-":
                    games.append(Game(round_, white, black, 0.0, 0.0, Play.FORFEIT))
                elif kind == "u":
                    games.append(Game(round_, white, black, 0.5, 0.5, Play.UNDER_ONE_MOVE))
                else:
                    score = float(Fraction(kind))
                    games.append(Game(round_, white, black, score, 1 - score))
            if len(order) % 2:
                byes.append(Bye(round_, order[-1], draw(st.sampled_from(list(ByeKind)))))
        dated = draw(st.sampled_from(["both", "start", "end", "none"]))
        start = day + timedelta(days=draw(st.integers(0, 20)))
        end = start + timedelta(days=draw(st.integers(0, 9)))
        events.append(
            Event(
                name=f"Event {number}",
                players=event_players,
                games=tuple(games),
                byes=tuple(byes),
                type=EventType.ROUND_ROBIN if round_robin else EventType.SWISS,
                start=start if dated in ("both", "start") else None,
                end=end if dated in ("both", "end") else None,
            )
        )
    return events, players


def assert_same(fast, slow) -> None:
    """Field by field: the period's players, notes, detail, game sides; each event's part;
    the new state's records."""
    assert fast.rules == slow.rules
    assert fast.title == slow.title
    assert len(fast.players) == len(slow.players)
    for mine, theirs in zip(fast.players, slow.players, strict=True):
        assert mine == theirs
        assert mine.detail.k == theirs.detail.k
        assert mine.status is theirs.status
    assert fast.notes == slow.notes
    assert fast.detail == slow.detail
    assert len(fast.events) == len(slow.events)
    for mine_event, their_event in zip(fast.events, slow.events, strict=True):
        assert mine_event.key == their_event.key
        assert mine_event.key.position == their_event.key.position
        assert mine_event.players == their_event.players
        assert mine_event.notes == their_event.notes
        assert mine_event.detail == their_event.detail
        if isinstance(mine_event, LazyEventOutcome):
            assert mine_event.sides == len(their_event.games)
        assert mine_event.games == their_event.games
    assert fast.games == slow.games
    assert fast.new_state.records == slow.new_state.records
    assert fast.new_state.source == slow.new_state.source


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(periods())
def test_fast_period_equals_event_by_event(period) -> None:
    events, players = period
    reason = vectorised_reason(FIDE_2014, events, players)
    assume(reason is None)
    assert_same(
        rate_period_fast(FIDE_2014, events, players), rate_period(FIDE_2014, events, players)
    )


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(periods(), st.sampled_from(["ru", "tr"]))
def test_fast_period_notes_equal_event_by_event_in_russian_and_turkish(period, language) -> None:
    """The fast path translates its notes' forms once a period (7.1's Ro note, the event's
    name before each event's note); the general path translates each note as it makes it:
    the same texts in every language."""
    events, players = period
    assume(vectorised_reason(FIDE_2014, events, players) is None)
    with language_of(language):
        fast = rate_period_fast(FIDE_2014, events, players)
        slow = rate_period(FIDE_2014, events, players)
    assert fast.notes == slow.notes
    assert [e.notes for e in fast.events] == [e.notes for e in slow.events]
    with language_of("en"):
        english = rate_period_fast(FIDE_2014, events, players)
    # Not vacuous: the notes are translated (the period's decision note at least).
    assert fast.notes != english.notes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(periods())
def test_rate_events_prints_the_same_report(period) -> None:
    events, players = period
    assume(vectorised_reason(FIDE_2014, events, players) is None)
    fast = FIDE_2014.rate_events(events, players)
    slow = FIDE_2014.rate_events(events, players, step_by_step=True)
    assert fast.outcome is not None and slow.outcome is not None
    assert fast.games is not None and slow.games is not None
    assert isinstance(fast.outcome.events[0], LazyEventOutcome)
    assert not isinstance(slow.outcome.events[0], LazyEventOutcome)
    assert fast.to_text() == slow.to_text()
    assert fast.to_dict() == slow.to_dict()
    assert fast.players.rows == slow.players.rows
    assert [t.title for t in fast.sections] == [t.title for t in slow.sections]
    assert len(fast.games) == len(slow.games)


def test_the_generator_reaches_both_paths() -> None:
    """The property above is not vacuous: most generated periods are rated fast, and the
    reasons fire too (a player rated in one event and unrated in another)."""
    seen = {"fast": 0, "reason": 0}

    @settings(max_examples=200, deadline=None, database=None)
    @given(periods())
    def count(period) -> None:
        reason = vectorised_reason(FIDE_2014, *period)
        seen["fast" if reason is None else "reason"] += 1

    count()
    assert seen["fast"] > 100


# -- a period computed by hand -----------------------------------------------------------------


def test_hand_computed_period() -> None:
    """A (2000, K given 20 in the file) plays two Swiss events of one period; B (1900) and
    C (2500) are rated; U is unrated.

    Event 1: A-B 1-0 (D = +100), A-C 1/2 (D = 2000 - 2500 = -500, capped at -400, 8.54), U-A
    1-0 (not rated for A, 8.52: not a round robin).  Event 2: B-A 1-0 (D = +100).
    Table 8.1b: |D| 99-106 gives the higher rated 0.64; |D| 392-411 gives him 0.92, so the
    lower rated 0.08.
    A's event 1: w = 1.5, We = 0.64 + 0.08 = 0.72, K*(w - We) = 20 * 0.78 = 15.6.
    A's event 2: w = 0, We = 0.64, K*(w - We) = -12.8.
    Period (8.55, 8.57): 15.6 - 12.8 = 2.8, rounded once: +3; new rating 2000 + 3 = 2003 (7.1).
    U: one game against a rated opponent: fewer than 5 (7.14), nothing published, the result
    kept for later (pending_results)."""
    a, b, c, u = (
        Player("a", "A", 2000),
        Player("b", "B", 1900),
        Player("c", "C", 2500),
        Player("u", "U"),
    )
    one = Event(
        "One",
        (a, b, c, u),
        (
            Game(1, "a", "b", 1.0, 0.0),
            Game(2, "a", "c", 0.5, 0.5),
            Game(3, "u", "a", 1.0, 0.0),
        ),
        start=date(2024, 3, 1),
        end=date(2024, 3, 3),
    )
    two = Event("Two", (a, b), (Game(1, "b", "a", 1.0, 0.0),), start=date(2024, 3, 10))
    players = PlayerFile((PlayerRecord(id="a", name="A", rating=2000, k=20, games=100),))
    assert vectorised_reason(FIDE_2014, [one, two], players) is None
    outcome = rate_period_fast(FIDE_2014, [one, two], players)
    mine = outcome.player("a")
    # PD by hand, table 8.1b: D 100 -> 0.64 (H), D -400 -> 0.08 (L, 1 - 0.92).
    pd_100, pd_minus_400 = Fraction(64, 100), Fraction(8, 100)
    first = 20 * (Fraction(3, 2) - (pd_100 + pd_minus_400))
    second = 20 * (0 - pd_100)
    assert first == Fraction(156, 10) and second == Fraction(-128, 10)
    assert mine.change == first + second == Fraction(28, 10)
    assert mine.rating_after == 2003
    assert mine.detail.k == 20
    assert mine.games == 3 and mine.score == Fraction(3, 2)
    assert mine.status is Status.RATED
    event_one = outcome.events[0].players[0]
    assert (event_one.games, event_one.change, event_one.rating_after) == (2, first, 2016)
    assert [(rule.clause, count) for rule, count in event_one.detail.not_rated] == [("8.52", 1)]
    assert event_one.detail.games_capped == 1
    u_period = outcome.player("u")
    assert u_period.rating_after is None
    assert outcome.new_state is not None
    record = {r.id: r for r in outcome.new_state.records}
    assert record["u"].extra["pending_results"] == "2000:1@2024-03-03"
    assert record["a"].rating == 2003 and record["a"].games == 103


# -- the reasons -------------------------------------------------------------------------------


def _swiss(name: str, players, games, **fields) -> Event:
    return Event(name, tuple(players), tuple(games), **fields)


def test_reason_round_robin_with_unrated_players_and_the_paths_differ() -> None:
    """8.52/8.58: in a round robin the rated players' games against the unrated count with
    their Ru from the iteration; the vectorised engine would leave them unrated."""
    ps = [Player("a", "A", 2000), Player("b", "B", 1800), Player("u", "U")]
    games = [
        Game(1, "a", "b", 1.0, 0.0),
        Game(2, "a", "u", 0.0, 1.0),
        Game(3, "b", "u", 0.5, 0.5),
    ]
    robin = _swiss("RR", ps, games, type=EventType.ROUND_ROBIN)
    reason = vectorised_reason(FIDE_2014, [robin], None)
    assert reason is not None and "round robin with unrated players" in reason and "8.58" in reason
    slow = rate_period(FIDE_2014, [robin], None)
    # The event-by-event path rates A's game against U (2 games); the engine's rule
    # (8.52 outside round robins) would rate only 1.
    assert slow.player("a").games == 2
    swiss = _swiss("RR", ps, games)
    assert rate_period_fast(FIDE_2014, [swiss], None).player("a").games == 1
    with pytest.raises(ValueError, match="round robin"):
        rate_period_fast(FIDE_2014, [robin], None)
    # The rule set falls back by itself: the report is the event-by-event one.
    report = FIDE_2014.rate_events([robin])
    assert report.outcome is not None
    assert not isinstance(report.outcome.events[0], LazyEventOutcome)


def test_reason_later_texts() -> None:
    event = _swiss("E", [Player("a", "A", 2000), Player("b", "B", 1900)], [Game(1, "a", "b", 1, 0)])
    for name in ("fide-2022", "fide-2024", "fide-2025"):
        rules = get_rule_set(name)
        assert isinstance(rules, Fide2014)
        reason = vectorised_reason(rules, [event], None)
        assert reason is not None and f"rule set {name} is not the 2014 text" in reason
        # rate_events falls back to the event-by-event path
        outcome = rules.rate_events([event]).outcome
        assert outcome is not None and not isinstance(outcome.events[0], LazyEventOutcome)


def test_reason_first_rated_during_the_event_and_the_paths_differ() -> None:
    """8.4: a player first rated during the event counts as unrated for his opponents."""
    ps = [Player("a", "A", 2000), Player("b", "B", 1900)]
    event = _swiss(
        "E", ps, [Game(1, "a", "b", 1.0, 0.0)], start=date(2024, 3, 1), end=date(2024, 3, 5)
    )
    players = PlayerFile(
        (PlayerRecord(id="b", name="B", rating=1900, extra={"first_rated": "2024-03-03"}),)
    )
    reason = vectorised_reason(FIDE_2014, [event], players)
    assert reason is not None and "8.4" in reason
    slow = rate_period(FIDE_2014, [event], players)
    assert slow.player("a").games == 0  # B is unrated for A: the game is not rated


def test_reason_rated_and_unrated_in_one_period() -> None:
    one = _swiss("One", [Player("a", "A", 2000), Player("b", "B")], [Game(1, "a", "b", 1, 0)])
    two = _swiss("Two", [Player("a", "A"), Player("b", "B", 1900)], [Game(1, "a", "b", 1, 0)])
    reason = vectorised_reason(FIDE_2014, [one, two], None)
    assert reason is not None and "rated in one event of the period and unrated" in reason


def test_reason_shogi_games() -> None:
    game = Game(1, "a", "b", 1.0, 0.0, handicap=Handicap("kaku", "a"))
    event = _swiss("E", [Player("a", "A", 2000), Player("b", "B", 1900)], [game])
    reason = vectorised_reason(FIDE_2014, [event], None)
    assert reason is not None and "not chess games" in reason


def test_reason_no_events() -> None:
    assert vectorised_reason(FIDE_2014, [], None) is not None


def test_stored_and_loaded_parts_are_the_same() -> None:
    """The ledger stores each event's part with the outcome codec: a lazily made part reads
    back equal to the event-by-event part."""
    from ratingkit.core import outcome_codec

    ps = [Player("a", "A", 2000), Player("b", "B", 1900), Player("u", "U")]
    event = _swiss(
        "E", ps, [Game(1, "a", "b", 1, 0), Game(2, "u", "a", 0.5, 0.5), Game(3, "b", "u", 0, 1)]
    )
    fast = rate_period_fast(FIDE_2014, [event], None)
    slow = rate_period(FIDE_2014, [event], None)
    loaded = outcome_codec.loads(outcome_codec.dumps(fast.events[0]))
    assert loaded == slow.events[0]
    assert outcome_codec.loads(outcome_codec.dumps(fast.players[0])) == slow.players[0]
