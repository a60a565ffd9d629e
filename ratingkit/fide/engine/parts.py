"""An event's players and game sides, made from the engine's arrays when first read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...core.citations import Concept
from ...core.expected import table_pd_exact
from ...core.fastbuild import build as make_frozen
from ...core.i18n import N_, _, tr
from ...core.model import Event, Play, Player
from ...core.outcome import (
    EventKey,
    GameOutcome,
    Note,
    Number,
    PlayerOutcome,
    Rule,
    Status,
    k_in_force,
)
from ...core.rounding import round_ratio_half_away_from_zero
from ..event import (
    KGroups,
    citation_note,
    k_default_notes,
    no_ru_outcome,
    ru_outcome,
)
from ..formula import KChoice, ru_exact, ru_from
from ..outcome import FideGame, FidePlayer
from ..state import PlayerState

if TYPE_CHECKING:
    from ..rulesets import Fide2014


@dataclass
class EventData:
    """One event's slots (its players, in order) and its games as arrays, in the event's
    game order (read from its ``Game`` objects, or from the ledger's rows without them:
    :mod:`ratingkit.fide.engine.rows`)."""

    #: The event; on the ledger's rows path its head: name, type, dates, players, no games.
    event: Event
    position: int
    states: dict[str, PlayerState]
    state_notes: list[Note]
    offset: int
    # games, by slot (global index of the player among all events' players)
    white: np.ndarray
    black: np.ndarray
    white_halves: np.ndarray
    played: np.ndarray
    #: The slot of each player id of the event.
    index: dict[str, int]
    #: The event's key (:meth:`EventKey.of`: its position and content digest).
    key: EventKey
    #: Each game's round, black's half points and :data:`PLAYS` code.
    rounds: np.ndarray
    black_halves: np.ndarray
    plays: np.ndarray
    _played_by_slot: dict[int, list[int]] | None = None

    def side_lists(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """White's and black's slots and half points, game by game, as lists (read game by
        game in Python: an array's item is a numpy scalar, slower to read and compare).
        Made anew at each call and not kept: held for every event of a period, a month's
        million games as Python ints raised the rate's peak memory by about 100 MB."""
        return (
            self.white.tolist(),
            self.black.tolist(),
            self.white_halves.tolist(),
            self.black_halves.tolist(),
        )

    def played_games_of(self, slot: int) -> list[int]:
        """The played games of the player in ``slot``, in round order (a round's games in
        the event's order), as :meth:`Event.played_games_of` lists them: game numbers."""
        if self._played_by_slot is None:
            self._played_by_slot = _played_by_slot(self)
        return self._played_by_slot.get(slot, [])

    def played_games_of_slots(
        self, sides: tuple[list[int], list[int], list[int], list[int]], slots: list[int]
    ) -> dict[int, list[int]]:
        """:meth:`played_games_of` for a few slots (an event's unrated players, 8.21), read
        in one pass over the games (``sides``: :meth:`side_lists`) without sorting every
        player's games: each slot's in round order, a round's in the event's order."""
        if self._played_by_slot is not None:
            return {slot: self._played_by_slot.get(slot, []) for slot in slots}
        whites, blacks = sides[0], sides[1]
        games_of: dict[int, list[int]] = {slot: [] for slot in slots}
        # Only the played games of one of these slots, picked with numpy: an event's few
        # unrated players play a fraction of its games (a month: 1,000,000 read in Python).
        wanted = np.zeros(len(self.index), np.bool_)
        wanted[np.array(slots, np.int64) - self.offset] = True
        theirs = self.played & (wanted[self.white - self.offset] | wanted[self.black - self.offset])
        for game in np.flatnonzero(theirs).tolist():
            mine = games_of.get(whites[game])
            if mine is not None:
                mine.append(game)
            mine = games_of.get(blacks[game])
            if mine is not None:
                mine.append(game)
        rounds = self.rounds.tolist()
        for mine in games_of.values():
            mine.sort(key=rounds.__getitem__)  # stable: a round's games stay in game order
        return games_of

    def opponent(self, game: int, slot: int) -> int:
        white = int(self.white[game])
        return int(self.black[game]) if white == slot else white

    def halves_of(self, game: int, slot: int) -> int:
        """The player's score in the game, in half points."""
        if int(self.white[game]) == slot:
            return int(self.white_halves[game])
        return int(self.black_halves[game])


#: The ways a game ends (:class:`Play`), by the code :attr:`EventData.plays` holds.
PLAYS: tuple[Play, ...] = tuple(Play)
PLAY_CODES: dict[Play, int] = {play: code for code, play in enumerate(PLAYS)}
PLAYED_CODE = PLAY_CODES[Play.PLAYED]


def _played_by_slot(d: EventData) -> dict[int, list[int]]:
    games = np.flatnonzero(d.played)
    sides = np.concatenate([d.white[games], d.black[games]])
    numbers = np.concatenate([games, games])
    rounds = d.rounds[numbers]
    # By slot, then round, then the game's place in the event (a stable sort by round).
    order = np.lexsort((numbers, rounds, sides))
    sides, numbers = sides[order], numbers[order]
    found: dict[int, list[int]] = {}
    if not len(sides):
        return found
    starts = np.flatnonzero(np.r_[True, sides[1:] != sides[:-1]])
    for slot, chunk in zip(sides[starts].tolist(), np.split(numbers, starts[1:]), strict=True):
        found[slot] = chunk.tolist()
    return found


def cap_rule_of(rules: Fide2014) -> Rule:
    return Rule(rules.cap_rule, tr("D capped at {cap}", cap=rules.cap))


#: Whether an unrated person's pooled W and Rc (8.3, 8.21a-8.22) come from his parts'
#: integer sums (the same fractions: whole ratings, half points); off, from his pairs'
#: fractions as the general path sums them (tests compare the two).
POOLED_FROM_SUMS = True


class UnratedParts:
    """The unrated players' parts of their events, by slot: made at once for those not
    counted (8.21), else when first read (Rc and Ru of 8.21a-8.24)."""

    def __init__(self, rules: Fide2014) -> None:
        self.rules = rules
        self.made: dict[int, PlayerOutcome[FidePlayer]] = {}
        #: By slot: the player, his (opponent's rating, score) pairs against rated opponents,
        #: his half points and the sum of those opponents' ratings in them, his person.
        self.later: dict[
            int, tuple[Player, list[tuple[Fraction, Fraction]], int, int, str | None]
        ] = {}
        #: By counted slot: his half points and his rated opponents' ratings' sum (kept
        #: when his part is made, for 8.3's pooled W and Rc over his events).
        self.sums: dict[int, tuple[int, int]] = {}

    def pooled_sums(self, slots: Sequence[int]) -> tuple[int, int] | None:
        """The half points and the rated opponents' ratings' sum of one person's counted
        slots, for 8.3's W and Rc over his events (None with :data:`POOLED_FROM_SUMS` off:
        his pairs' fractions are summed instead)."""
        if not POOLED_FROM_SUMS:
            return None
        half_points = rating_sum = 0
        for slot in slots:
            slot_halves, slot_ratings = self.sums[slot]
            half_points += slot_halves
            rating_sum += slot_ratings
        return half_points, rating_sum

    def __getitem__(self, slot: int) -> PlayerOutcome[FidePlayer]:
        part = self.made.get(slot)
        if part is None:
            player, pairs, halves, rating_sum, person = self.later.pop(slot)
            part = self.made[slot] = _unrated_part(
                self.rules, player, len(pairs), halves, rating_sum, person
            )
        return part

    def values(self, slot: int) -> tuple[int, Number | None, int | None, Status, int | None]:
        """The part's games, score, rating published, status and K in force, as
        :meth:`__getitem__`'s part holds them, without making it where it is not made: its Ru
        by :func:`ratingkit.fide.formula.ru_exact` (the number of 8.22-8.25 without the rule
        texts), rounded (8.57) and published as the rule set's floor allows."""
        part = self.made.get(slot)
        if part is not None:
            return part.games, part.score, part.rating_after, part.status, k_in_force(part)
        _player, pairs, halves, rating_sum, _person = self.later[slot]
        n = len(pairs)
        w = Fraction(halves, 2)
        if n == 0:
            return n, w, None, Status.NOT_RATED, None  # no_ru_outcome
        # _unrated_part's Rc (8.21a) and Ru, ru_outcome's rounding (8.57) and publication, in
        # integers: Ru = Rc + what 8.22-8.24 add for his score and games, Rc = rating_sum / n.
        ru_times_n = rating_sum + _ru_offset(halves, n) * n
        rounded = round_ratio_half_away_from_zero(ru_times_n, n)
        published, _status = self.rules.publish(rounded, initial=True)
        status = Status.FIRST_RATING if published is not None else Status.NOT_PUBLISHED
        return n, w, published, status, None


#: By (half points, games): what 8.22-8.24 add to Rc in a Swiss event, a whole number.
_RU_OFFSETS: dict[tuple[int, int], int] = {}


def _ru_offset(halves: int, n: int) -> int:
    """What 8.22-8.24 add to Rc for a score of ``halves`` half points in ``n`` games (not a
    round robin): 0 at 50% (8.22), 20 a half point above it (8.23), table 8.1a's dp under it
    (8.24); :func:`ratingkit.fide.formula.ru_exact` from an Rc of 0, remembered (a month's
    thousands of unrated players score few distinct (score, games))."""
    key = (halves, n)
    offset = _RU_OFFSETS.get(key)
    if offset is None:
        value, _dp = ru_exact(Fraction(0), Fraction(halves, 2), n, False, n)
        offset = value.numerator  # whole: 20 x half points or dp, both integers
        if len(_RU_OFFSETS) < 4096:
            _RU_OFFSETS[key] = offset
    return offset


#: The part of an event handed to publication._period_unrated where it reads none: an unrated
#: person's events are pooled (8.3) from their pairs, or none has a game against a rated
#: opponent; made once (a month has thousands of such slots).
PART_NOT_READ: PlayerOutcome[FidePlayer] = PlayerOutcome(
    "", "", None, 0, None, None, None, None, Status.NOT_RATED, FidePlayer()
)


#: A score of 0, 1 or 2 half points as a fraction (made once: fractions are immutable).
HALF_POINTS = (Fraction(0), Fraction(1, 2), Fraction(1))
#: as_fraction's fractions by rating (read directly in the engine's loops over games).
RATING_FRACTIONS: dict[int, Fraction] = {}


def as_fraction(rating: int) -> Fraction:
    """An opponent's rating as a fraction, made once per rating."""
    value = RATING_FRACTIONS.get(rating)
    if value is None:
        value = RATING_FRACTIONS[rating] = Fraction(rating)
    return value


class Fractions:
    """Fractions made once per (numerator, denominator): a period has many equal scores,
    expected scores and changes, and fractions are immutable."""

    def __init__(self) -> None:
        #: By denominator, by numerator (no tuple made a lookup).
        self._over: dict[int, dict[int, Fraction]] = {}

    def __call__(self, numerator: int, denominator: int) -> Fraction:
        made = self._over.get(denominator)
        if made is None:
            made = self._over[denominator] = {}
        value = made.get(numerator)
        if value is None:
            value = made[numerator] = Fraction(numerator, denominator)
        return value

    def each(self, numerators: list[int], denominator: int) -> list[Fraction]:
        """``numerator / denominator`` for each numerator, as calls one by one give them (the
        same objects), made once per distinct numerator and read in one pass."""
        made = self._over.get(denominator)
        if made is None:
            made = self._over[denominator] = {}
        for numerator in set(numerators).difference(made):
            made[numerator] = Fraction(numerator, denominator)
        return list(map(made.__getitem__, numerators))


def _unrated_part(
    rules: Fide2014,
    player: Player,
    n: int,
    halves: int,
    rating_sum: int,
    person: str | None,
) -> PlayerOutcome[FidePlayer]:
    """An unrated player's part of a Swiss event (8.21a, 8.22-8.24), as
    :func:`ratingkit.fide.event.unrated_player_ru` makes it, from his ``n`` games against
    rated opponents: his score in them in half points and the sum of their ratings."""
    w = Fraction(halves, 2)
    if n == 0:
        return no_ru_outcome(player.id, player.name, n, w, person)
    # Fide2014.initial_rating's arithmetic (the engine rates fide-2014 itself only:
    # engine_refusal) without a fraction a game: 8.21a's Rc, the average of the opponents'
    # whole ratings, is their integer sum over n, exactly; 8.22-8.24 from it and W.
    rc = Fraction(rating_sum, n)
    value, rule, _dp = ru_from(rc, w, n, False, n, rules.ru_clause, rules.ru_base)
    return ru_outcome(rules, player.id, player.name, n, w, (rc, value, rule), person)


def event_players_builder(
    d: EventData,
    rated_part: Callable[[int, str | None], PlayerOutcome[FidePlayer]],
    unrated_parts: UnratedParts,
) -> Callable[[], tuple[PlayerOutcome[FidePlayer], ...]]:
    def build() -> tuple[PlayerOutcome[FidePlayer], ...]:
        return tuple(
            rated_part(d.offset + i, d.states[p.id].key)
            if p.rating is not None
            else unrated_parts[d.offset + i]
            for i, p in enumerate(d.event.players)
        )

    return build


_PD: dict[int, Fraction] = {}


def _pd(d: int) -> Fraction:
    value = _PD.get(d)
    if value is None:
        value = _PD[d] = table_pd_exact(d)
    return value


def event_games_builder(
    rules: Fide2014,
    d: EventData,
    choices: list[KChoice],
    choice_list: list[int],
    disregarded: np.ndarray,
    unrated_parts: UnratedParts,
    shared: dict[tuple[int, int, int], tuple[Fraction, Fraction, Fraction]],
) -> Callable[[], tuple[GameOutcome[FideGame], ...]]:
    """The event's game sides in the order :func:`ratingkit.fide.event.rate_event` lists them:
    the games not played, then each rated player's games, then each unrated player's
    (``shared``: PD, score - PD and K * (score - PD) by K, half points and D, made once for
    the period's events)."""
    cap = rules.cap
    cap_rule = cap_rule_of(rules)

    def build() -> tuple[GameOutcome[FideGame], ...]:
        values = shared
        event = d.event
        key = d.key
        players = event.players
        offset = d.offset
        silent = {offset + i for i in np.flatnonzero(disregarded[offset : offset + len(players)])}
        rounds: list[int] = d.rounds.tolist()
        sides: list[GameOutcome[FideGame]] = []
        for game in np.flatnonzero(~d.played).tolist():
            play = PLAYS[int(d.plays[game])]
            why = Rule(f"not played ({play.value})", N_("only 1 = 0 results are rated"))
            white, black = int(d.white[game]), int(d.black[game])
            for me_slot, you_slot, halves in (
                (white, black, int(d.white_halves[game])),
                (black, white, int(d.black_halves[game])),
            ):
                me, you = players[me_slot - offset], players[you_slot - offset]
                sides.append(
                    GameOutcome(
                        key,
                        rounds[game],
                        me.id,
                        you.id,
                        Fraction(halves, 2),
                        False,
                        why,
                        None,
                        FideGame(me.name, you.name, you.rating, note=str(why)),
                    )
                )
        for i, me in enumerate(players):
            if me.rating is None:
                continue
            ro = me.rating
            slot = offset + i
            k = choices[choice_list[slot]].k
            for game in d.played_games_of(slot):
                you_slot = d.opponent(game, slot)
                you = players[you_slot - offset]
                half = d.halves_of(game, slot)
                score = HALF_POINTS[half]
                if you.rating is None:
                    why = rules.cite(
                        Concept.OPPONENT_NOT_COUNTED
                        if you_slot in silent
                        else Concept.UNRATED_OPPONENT
                    )
                    sides.append(
                        GameOutcome(
                            key,
                            rounds[game],
                            me.id,
                            you.id,
                            score,
                            False,
                            why,
                            None,
                            FideGame(me.name, you.name, None, note=str(why)),
                        )
                    )
                    continue
                raw = ro - you.rating
                is_capped = abs(raw) > cap
                diff = max(-cap, min(cap, raw)) if is_capped else raw
                made = values.get((k, half, diff))
                if made is None:
                    pd = _pd(diff)
                    made = values[(k, half, diff)] = (pd, score - pd, k * (score - pd))
                pd, dr, change = made
                # make_frozen (fastbuild.build): the same frozen values without their __init__
                # (tests/test_fastbuild.py), for the many game sides of a period.
                detail = make_frozen(
                    FideGame,
                    {
                        "name": me.name,
                        "opponent_name": you.name,
                        "opponent_rating": you.rating,
                        "rating_used": ro - diff if is_capped else you.rating,
                        "capped": cap_rule if is_capped else None,
                        "d_uncapped": raw,
                        "d": diff,
                        "pd": pd,
                        "score_minus_pd": dr,
                        "note": None,
                    },
                )
                sides.append(
                    make_frozen(
                        GameOutcome,
                        {
                            "event": key,
                            "round": rounds[game],
                            "player": me.id,
                            "opponent": you.id,
                            "score": score,
                            "rated": True,
                            "reason": cap_rule if is_capped else None,
                            "change": change,
                            "detail": detail,
                        },
                    )
                )
        for i, me in enumerate(players):
            slot = offset + i
            if me.rating is not None or disregarded[slot]:
                continue
            for game in d.played_games_of(slot):
                you = players[d.opponent(game, slot) - offset]
                score = HALF_POINTS[d.halves_of(game, slot)]
                if you.rating is None:
                    rated_only = rules.cite(Concept.RATED_OPPONENTS_ONLY)
                    why, counts, note = rated_only, False, str(rated_only)
                else:
                    towards = rules.cite(Concept.COUNTS_TOWARDS_AVERAGE)
                    why, counts, note = towards, True, citation_note(towards)
                sides.append(
                    GameOutcome(
                        key,
                        rounds[game],
                        me.id,
                        you.id,
                        score,
                        counts,
                        why,
                        None,
                        FideGame(me.name, you.name, you.rating, note=note),
                    )
                )
        return tuple(sides)

    return build


def named_note(note: Note, event_name: str, form: str | None = None) -> Note:
    """An event's note in the period's notes: the event's name before its text.  ``form``:
    :func:`named_note_form`, when the caller made it once (a season's period names thousands
    of notes)."""
    text = (form if form is not None else named_note_form()).format(name=event_name, text=note.text)
    # A plain Note made at once (dataclasses.replace reads the fields each time: a season has
    # thousands of notes); another class (a reader's ReadNote) is replaced.
    if type(note) is Note:
        return Note(note.kind, text, note.rule, note.players)
    return replace(note, text=text)


def named_note_form() -> str:
    """The form of :func:`named_note`'s text, translated."""
    return _("{name}: {text}")


def event_k_default_notes(
    players: Sequence[Player], choice_list: Sequence[int], choices: Sequence[KChoice]
) -> list[Note]:
    """The notes :func:`ratingkit.fide.event.group_k_defaults` makes of one event's K
    defaults (one per K and set of assumptions, naming the players): grouped by K choice (an
    event lists each player once, so his texts are his choice's)."""
    group_of: dict[int, tuple[int, tuple[str, ...]] | None] = {}
    grouped: KGroups = {}
    for player, number in zip(players, choice_list, strict=True):
        if player.rating is None:
            continue  # an unrated player has no K choice (his entry is not an index)
        if number in group_of:
            key = group_of[number]
        else:
            choice = choices[number]
            assumed = tuple(dict.fromkeys(choice.assumed))
            key = group_of[number] = (choice.k, assumed) if assumed else None
        if key is None:
            continue
        names, ids = grouped.setdefault(key, ({}, {}))
        names[repr(player.name)] = None
        ids[player.id] = None
    return k_default_notes(grouped)


def began_last_of(own_events: Sequence[int], began: Sequence[date | None]) -> int:
    """The index in ``own_events`` (the numbers of a person's events) of the event that began
    last, as publication._began_last picks it (tests/test_engine_persons.py), given each
    event's start (else end) date in ``began``: the latest date; among equal dates the later
    in the order given; none dated, the last."""
    last, last_date = len(own_events) - 1, None
    for index, number in enumerate(own_events):
        day = began[number]
        if day is not None and (last_date is None or day >= last_date):
            last, last_date = index, day
    return last
