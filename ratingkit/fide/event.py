"""Rating one event under FIDE's regulations since 2014, in the steps the rules name.

:func:`rate_event` runs them in order:

1. :func:`first_rated_during_event` (8.4): a player first rated during the event is rated
   himself, but counts as unrated for his opponents;
2. :func:`chess_games_played`: the games rated at all (played over the board, chess, not
   excluded by the composition rules of 2024 6.1-6.2);
3. :func:`who_is_counted` (8.21): an unrated player who scores 0 in his first event is not
   counted;
4. :func:`unrated_opponents_ru` (8.21b, 8.58; 8.52): a round robin's unrated players' Ru, by
   the iteration, for the rated players' games against them;
5. :func:`games_not_rated`: forfeits, games that are not chess, excluded games;
6. :func:`rated_player_change` (8.5x: 8.52-8.57; 2022-2025 8.3.1-8.3.3): D, the cap, PD, K and
   K * (w - We) of each rated player;
7. :func:`unrated_player_ru` (8.2x: 8.21-8.25; 2022 8.2.2-8.2.3; 2024 8.2): Rc and Ru of each
   unrated player;
8. :func:`unrated_opponent_notes` (8.52; 2022-2025 8.3.1).

Publication (7.1, 7.14; 2024 7.1.4 and the floor 7.2.1) is the rule set's, in
:mod:`ratingkit.fide.rulesets`, since it depends on the whole period.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.citations import Concept
from ..core.errors import RatingkitError
from ..core.expected import table_dp, table_pd_exact
from ..core.i18n import N_, _, tr, trn
from ..core.model import Event, EventType, Game, Player
from ..core.outcome import (
    EventKey,
    GameOutcome,
    Note,
    NoteKind,
    PlayerOutcome,
    Rule,
    Status,
)
from ..core.rounding import round_half_away_from_zero
from .formula import ru_from
from .outcome import DpRow, FideEvent, FideGame, FidePlayer, IterationPass
from .state import PlayerState

if TYPE_CHECKING:
    from .rulesets import Fide2014

__all__ = [
    "EventResult",
    "KDefault",
    "not_a_chess_game",
    "rate_event",
    "reference_date",
]

#: An unrated player's status when 8.21 leaves him out.
NOT_COUNTED = N_("not counted")


def citation_note(rule: Rule) -> str:
    """A game's note for a cited rule: its words, then the document's clause in brackets
    ("counts towards Rc (8.21a)"; 2022-2025 "counts towards Ra (8.2.2)")."""
    return tr("{words} ({clause})", words=_(rule.text), clause=rule.clause)


@dataclass(frozen=True)
class KDefault:
    """A default assumed for a player's K (the notes group them by K and text)."""

    k: int
    text: str
    player: str
    name: str


@dataclass
class EventResult:
    """What rating one event gives, before publication: the players' outcomes by event id,
    the game sides, the notes, and what a period pools (the counted games of the unrated)."""

    event: Event
    key: EventKey
    players: dict[str, PlayerOutcome[FidePlayer]] = field(default_factory=dict)
    games: list[GameOutcome[FideGame]] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    k_defaults: list[KDefault] = field(default_factory=list)
    #: Per unrated player: (opponent rating used, score) of the counted games (8.3).
    counted: dict[str, list[tuple[Fraction, Fraction]]] = field(default_factory=dict)
    ru: dict[str, Fraction] = field(default_factory=dict)
    disregarded: set[str] = field(default_factory=set)
    ra: dict[str, Fraction] = field(default_factory=dict)
    dp_rows: tuple[DpRow, ...] = ()
    passes: tuple[IterationPass, ...] = ()
    converged: bool = True

    def detail(self) -> FideEvent:
        return event_detail(
            self.event, dp_rows=self.dp_rows, passes=self.passes, converged=self.converged
        )


def event_detail(event: Event, **iteration: Any) -> FideEvent:
    """The event's facts in its detail (type, dates, players, rated players, name), with the
    8.58 iteration's fields where it was run (``dp_rows``, ``passes``, ``converged``)."""
    return FideEvent(
        event_type=event.type,
        start=event.start,
        end=event.end,
        players=len(event.players),
        rated_players=sum(1 for p in event.players if p.rating is not None),
        name=event.name,
        **iteration,
    )


def reference_date(event: Event) -> date | None:
    """The day ages are taken on (8.56): the event's end, else its start."""
    return event.end or event.start


def not_a_chess_game(game: Game) -> Rule | None:
    """Why a game of shogi data is not a chess game (a handicap, or a shogi result:
    sennichite, jishogi, illegal move), or None for an ordinary game."""
    if game.handicap is not None:
        return Rule("shogi handicap game", N_("not a chess game"))
    if game.special is not None:
        return Rule(f"shogi result ({game.special.value})", N_("not a chess game"))
    return None


@dataclass
class _Event:
    """The event and what the steps share."""

    event: Event
    rules: Fide2014
    states: dict[str, PlayerState]
    result: EventResult
    round_robin: bool
    by_id: dict[str, Player]
    unrated: set[str] = field(default_factory=set)
    unrated_for_others: set[str] = field(default_factory=set)
    excluded: dict[int, Rule] = field(default_factory=dict)
    played: dict[str, list[Game]] = field(default_factory=dict)
    ru_int: dict[str, int] = field(default_factory=dict)

    def game(
        self,
        game_round: int,
        player: Player,
        opponent: Player,
        score: Fraction,
        rated: bool,
        reason: Rule | None = None,
        note: str | None = None,
        change: Fraction | None = None,
        values: tuple[int, Rule | None, int, int, Fraction, Fraction] | None = None,
    ) -> GameOutcome[FideGame]:
        """One game side; ``values``: a rated game's (rating used, cap, D uncapped, D, PD,
        score - PD)."""
        if note is None and reason is not None and not rated:
            note = str(reason)
        if values is None:
            detail = FideGame(player.name, opponent.name, opponent.rating, note=note)
        else:
            detail = FideGame(player.name, opponent.name, opponent.rating, *values, note)
        return GameOutcome(
            self.result.key,
            game_round,
            player.id,
            opponent.id,
            score,
            rated,
            reason,
            change,
            detail,
        )


def rate_event(
    event: Event,
    states: dict[str, PlayerState],
    rules: Fide2014,
    first_event: set[str],
    period_games: dict[str, int] | None = None,
    position: int = 0,
) -> EventResult:
    """One event; ``period_games``: rated games of each person (key) in the whole rating
    period, for rules whose K depends on them (K * n <= 700 from 2022); ``position``: the
    event's place among those rated together (its :class:`EventKey`)."""
    result = EventResult(event, EventKey.of(event, position))
    ctx = up_to_the_unrated_opponents(event, rules, states, result, first_event)
    games_not_rated(ctx)
    for player in event.players:
        if player.id not in ctx.unrated:
            rated_player_change(ctx, player, period_games)
    for player in event.players:
        if player.id in ctx.unrated:
            unrated_player_ru(ctx, player)
    unrated_opponent_notes(ctx)
    return result


def up_to_the_unrated_opponents(
    event: Event,
    rules: Fide2014,
    states: dict[str, PlayerState],
    result: EventResult,
    first_event: set[str],
) -> _Event:
    """The steps every rating of an event starts with: who became rated during it, the chess
    games played (8.4), who is counted (8.21), the Ru of unrated opponents (8.21b, 8.58)."""
    ctx = _Event(
        event,
        rules,
        states,
        result,
        event.type is EventType.ROUND_ROBIN,
        {p.id: p for p in event.players},
    )
    newly_rated = first_rated_during_event(ctx)
    ctx.unrated = {p.id for p in event.players if p.rating is None}
    ctx.unrated_for_others = ctx.unrated | newly_rated
    chess_games_played(ctx)
    who_is_counted(ctx, first_event)
    unrated_opponents_ru(ctx)
    return ctx


def rated_games(
    event: Event, states: dict[str, PlayerState], rules: Fide2014, first_event: set[str]
) -> dict[str, int]:
    """The rated games n of each rated player of one event (what K * n <= 700 of 2022-2025
    8.3.3 counts over a period), without rating the event: the steps up to 8.52 only."""
    result = EventResult(event, EventKey(0, "", event.name))
    ctx = up_to_the_unrated_opponents(event, rules, states, result, first_event)
    return {
        p.id: sum(
            1
            for g in ctx.played[p.id]
            if opponent_rating_used(ctx, p.id, g.opponent_of(p.id))[0] is not None
        )
        for p in event.players
        if p.id not in ctx.unrated
    }


def first_rated_during_event(ctx: _Event) -> set[str]:
    """8.4: a player whose first rating is published during the event is rated himself with
    it, and counts as unrated for his opponents."""
    event, notes = ctx.event, ctx.result.notes
    newly_rated = set()
    for player in event.players:
        first = ctx.states[player.id].first_rated
        if player.rating is None or first is None:
            continue
        if event.start is None:
            notes.append(
                Note(
                    NoteKind.RULE,
                    tr(
                        "8.4: {name!r} was first rated on {first}, but the event has "
                        "no start date: taken as rated before the event",
                        name=player.name,
                        first=first.isoformat(),
                    ),
                    ctx.rules.cite(Concept.FIRST_RATED_DURING_EVENT),
                    (player.id,),
                )
            )
        elif first > event.start and (event.end is None or first <= event.end):
            newly_rated.add(player.id)
            notes.append(
                Note(
                    NoteKind.RULE,
                    tr(
                        "8.4: {name!r} was first rated during the event ({first}): "
                        "rated himself with {rating}, unrated for his opponents",
                        name=player.name,
                        first=first.isoformat(),
                        rating=player.rating,
                    ),
                    ctx.rules.cite(Concept.FIRST_RATED_DURING_EVENT),
                    (player.id,),
                )
            )
    return newly_rated


def chess_games_played(ctx: _Event) -> None:
    """The games that can be rated: played over the board (TRF ``1 = 0``), chess (no shogi
    handicap or result), not excluded by the composition rules (2024 6.1, 6.2)."""
    ctx.excluded = ctx.rules.excluded_games(ctx.event)
    for rule in dict.fromkeys(ctx.excluded.values()):
        ctx.result.notes.append(Note(NoteKind.RULE, str(rule), rule))
    ctx.played = {
        p.id: [
            g
            for g in ctx.event.played_games_of(p.id)
            if not_a_chess_game(g) is None and id(g) not in ctx.excluded
        ]
        for p in ctx.event.players
    }


def who_is_counted(ctx: _Event, first_event: set[str]) -> None:
    """8.21: an unrated player who scores 0 in his first event is not counted (in a round
    robin, nor are his games for his opponents)."""
    zero: list[str] = []
    for pid in [p.id for p in ctx.event.players if p.id in ctx.unrated]:
        games = ctx.played[pid]
        if ctx.round_robin:
            counted = games
        else:
            counted = [g for g in games if g.opponent_of(pid) not in ctx.unrated_for_others]
        if counted and sum(g.score_of(pid) for g in counted) == 0 and pid in first_event:
            ctx.result.disregarded.add(pid)
            zero.append(pid)
    if zero:
        names = [ctx.by_id[pid].name for pid in zero]
        ctx.result.notes.append(zero_in_first_event_note(ctx.rules, zero, names, ctx.round_robin))


def unrated_opponents_ru(ctx: _Event) -> None:
    """The Ru the rated players use for their unrated opponents (8.52): in a round robin by
    the 8.21b/8.58 iteration; where the round robin's Ru come from the rated opponents only
    (no iteration), from them."""
    result, rules = ctx.result, ctx.rules
    targets = ctx.unrated_for_others - result.disregarded
    if ctx.round_robin and targets and rules.round_robin_iteration:
        ru_exact, ra_final = iterate_8_58(ctx, rules.max_iterations)
        result.ra = ra_final
        for pid, value in ru_exact.items():
            result.ru[pid] = value
            ctx.ru_int[pid] = round_half_away_from_zero(value)
    elif ctx.round_robin and rules.rate_unrated_in_round_robins:
        for pid in targets:
            pairs = [
                (
                    Fraction(_rating(ctx.by_id[g.opponent_of(pid)])),
                    Fraction(g.score_of(pid)),
                )
                for g in ctx.played[pid]
                if g.opponent_of(pid) not in ctx.unrated_for_others | result.disregarded
            ]
            if pairs:
                _, value, _ = rules.initial_rating(pairs)
                ctx.ru_int[pid] = round_half_away_from_zero(value)


def games_not_rated(ctx: _Event) -> None:
    """Games not played over the board, games that are not chess, and games the composition
    rules exclude: listed (both sides), never rated."""
    not_chess = 0
    for game in ctx.event.games:
        shogi = not_a_chess_game(game)
        if id(game) in ctx.excluded:
            why = ctx.excluded[id(game)]
        elif game.is_played and shogi is None:
            continue
        elif shogi is not None and game.is_played:
            why = shogi
            not_chess += 1
        else:
            why = Rule(f"not played ({game.play.value})", N_("only 1 = 0 results are rated"))
        for pid in game.players:
            player, opponent = ctx.by_id[pid], ctx.by_id[game.opponent_of(pid)]
            ctx.result.games.append(
                ctx.game(game.round, player, opponent, Fraction(game.score_of(pid)), False, why)
            )
    if not_chess:
        ctx.result.notes.append(
            Note(
                NoteKind.RULE,
                trn(
                    "{count} game with a shogi handicap or a shogi result (sennichite, "
                    "jishogi, illegal move) is not rated: it is not a chess game",
                    "{count} games with a shogi handicap or a shogi result (sennichite, "
                    "jishogi, illegal move) are not rated: they are not chess games",
                    count=not_chess,
                ),
            )
        )


def _rating(player: Player) -> int:
    if player.rating is None:  # the steps ask only for rated players' ratings
        raise RatingkitError(tr("{name!r} has no rating", name=player.name))
    return player.rating


def opponent_rating_used(ctx: _Event, pid: str, opp: str) -> tuple[int | None, Rule | None]:
    """The rating a rated player's game uses for his opponent, or why the game is not rated:
    the opponent not counted (8.21); an unrated opponent (8.52: only a round robin rates the
    game, with his Ru; 2022-2025 8.3.1: never)."""
    rules = ctx.rules
    if opp in ctx.result.disregarded:
        return None, rules.cite(Concept.OPPONENT_NOT_COUNTED)
    if opp not in ctx.unrated_for_others:
        return _rating(ctx.by_id[opp]), None
    if ctx.round_robin and not rules.rate_unrated_in_round_robins:
        return None, rules.unrated_opponent_rule
    if not ctx.round_robin:
        return None, rules.cite(Concept.UNRATED_OPPONENT)
    if opp not in ctx.ru_int:
        return None, Rule("opponent has no Ru")
    return ctx.ru_int[opp], None


def rated_player_change(ctx: _Event, player: Player, period_games: dict[str, int] | None) -> None:
    """8.5x for a rated player: per game D = Ro - the opponent's rating (an unrated
    opponent's Ru in a round robin, 8.52), the cap (8.54; 2022 8.3.1 once per event), PD of
    table 8.1b, w - We; K (8.56; 2022-2025 8.3.3, K * n over the period) and K * (w - We)
    (8.55); the rounded change and its publication (8.57; the floor from 2022)."""
    rules, result = ctx.rules, ctx.result
    pid = player.id
    ro = _rating(player)
    state = ctx.states[pid]
    # (game, opponent, score, rating used or None when the game is not rated, why not)
    entries: list[tuple[Game, str, Fraction, int | None, Rule | None]] = []
    for game in ctx.played[pid]:
        opp = game.opponent_of(pid)
        rating_used, why = opponent_rating_used(ctx, pid, opp)
        entries.append((game, opp, Fraction(game.score_of(pid)), rating_used, why))
    raws = [ro - e[3] for e in entries if e[3] is not None]
    n = len(raws)
    # 8.54 (2022: 8.3.1, one upgrade per tournament): the games whose D the cap limits.
    capped_at = rules.capped_games(ro, raws)
    cap_rule = Rule(rules.cap_rule, tr("D capped at {cap}", cap=rules.cap))
    period_n = n if period_games is None or state.key is None else period_games.get(state.key, n)
    choice = rules.choose_k(ro, state, reference_date(ctx.event), period_n)
    for text in choice.assumed:
        result.k_defaults.append(KDefault(choice.k, text, pid, player.name))
    w = we = used = Fraction(0)
    not_rated: dict[Rule, int] = {}
    index = 0
    for game, opp, score, rating_used, why in entries:
        if why is not None or rating_used is None:
            why = why or Rule("opponent has no Ru")
            result.games.append(ctx.game(game.round, player, ctx.by_id[opp], score, False, why))
            not_rated[why] = not_rated.get(why, 0) + 1
            continue
        raw = raws[index]
        capped = index in capped_at
        index += 1
        d = max(-rules.cap, min(rules.cap, raw)) if capped else raw
        pd = table_pd_exact(d)
        note: str | None = None
        reason: Rule | None = cap_rule if capped else None
        if opp in ctx.unrated_for_others:
            note = tr(
                "opponent unrated: his Ru {rating_used} (8.52, 8.58)", rating_used=rating_used
            )
            reason = Rule(rules.cite(Concept.UNRATED_OPPONENT).clause, note)
        elif not capped and abs(raw) > rules.cap:
            note = rules.no_cap_note(ro)
            reason = Rule(rules.cap_rule, note)
        dr = score - pd
        values = (ro - d if capped else rating_used, cap_rule if capped else None, raw, d, pd, dr)
        result.games.append(
            ctx.game(
                game.round, player, ctx.by_id[opp], score, True, reason, note, choice.k * dr, values
            )
        )
        w += score
        we += pd
        used += Fraction(rating_used)
    change = choice.k * (w - we)
    after, status = rules.publish(ro + round_half_away_from_zero(change))
    result.players[pid] = PlayerOutcome(
        pid,
        player.name,
        ro,
        n,
        w,
        we,
        change,
        after,
        Status.RATED if after is not None else Status.NOT_PUBLISHED,
        FidePlayer(
            ro=ro,
            rc=used / n if n else None,
            n=n,
            w=w,
            we=we,
            w_minus_we=w - we,
            ks=(choice.k,),
            k_change=change,
            k_rules=(choice.k_rule,),
            status_text=status or N_("rated"),
            k_assumed=choice.assumed,
            cap_rule=cap_rule,
            games_capped=len(capped_at),
            not_rated=tuple(not_rated.items()),
            person=state.key,
        ),
    )


def unrated_player_ru(ctx: _Event, player: Player) -> None:
    """8.2x for an unrated player: not counted (8.21), or Rc of his rated opponents (8.21a;
    2022 8.2.2; 2024 8.2 with two hypothetical opponents) or Ra of the round robin (8.21b,
    8.58), and Ru by 8.22-8.25."""
    rules, result = ctx.rules, ctx.result
    pid = player.id
    person = ctx.states[pid].key
    if pid in result.disregarded:
        result.players[pid] = PlayerOutcome(
            pid,
            player.name,
            None,
            len(ctx.played[pid]),
            Fraction(0),
            None,
            None,
            None,
            Status.NOT_RATED,
            FidePlayer(status_text=NOT_COUNTED, not_counted=True, person=person),
        )
        return
    iterated = ctx.round_robin and rules.round_robin_iteration
    pairs: list[tuple[Fraction, Fraction]] = []
    if iterated:
        counted = [g for g in ctx.played[pid] if g.opponent_of(pid) not in result.disregarded]
        for g in counted:
            opp = g.opponent_of(pid)
            if opp in ctx.unrated_for_others:
                opp_rating = ctx.ru_int.get(opp)
            else:
                opp_rating = ctx.by_id[opp].rating
            pairs.append((Fraction(opp_rating or 0), Fraction(g.score_of(pid))))
        for g in counted:
            result.games.append(
                ctx.game(
                    g.round,
                    player,
                    ctx.by_id[g.opponent_of(pid)],
                    Fraction(g.score_of(pid)),
                    True,
                    ctx.rules.cite(Concept.ROUND_ROBIN_AVERAGE),
                    tr("counts towards Ru (8.21b, 8.58)"),
                )
            )
    else:
        counts = ctx.rules.cite(Concept.COUNTS_TOWARDS_AVERAGE)
        counts_note = citation_note(counts)
        for g in ctx.played[pid]:
            opp = g.opponent_of(pid)
            score = Fraction(g.score_of(pid))
            if opp in ctx.unrated_for_others:
                why = ctx.rules.cite(Concept.RATED_OPPONENTS_ONLY)
                result.games.append(ctx.game(g.round, player, ctx.by_id[opp], score, False, why))
                continue
            pairs.append((Fraction(_rating(ctx.by_id[opp])), score))
            result.games.append(
                ctx.game(
                    g.round,
                    player,
                    ctx.by_id[opp],
                    score,
                    True,
                    counts,
                    counts_note,
                )
            )
    result.counted[pid] = pairs
    n = len(pairs)
    w = sum((s for _, s in pairs), Fraction(0))
    if n == 0 or (iterated and pid not in result.ru):
        result.players[pid] = no_ru_outcome(pid, player.name, n, w, person)
        return
    if iterated:
        value = result.ru[pid]
        rc = result.ra[pid]
        rule = tr("8.21b Ra, 8.58 iteration (see sections)")
    else:
        rc, value, rule = rules.initial_rating(pairs)
    result.ru[pid] = value
    result.players[pid] = ru_outcome(rules, pid, player.name, n, w, (rc, value, rule), person)


def no_ru_outcome(
    pid: str, name: str, n: int, w: Fraction, person: str | None
) -> PlayerOutcome[FidePlayer]:
    """An unrated player's part of an event with no rated opponent: no Ru (8.21)."""
    return PlayerOutcome(
        pid,
        name,
        None,
        n,
        w,
        None,
        None,
        None,
        Status.NOT_RATED,
        FidePlayer(n=n, w=w, status_text=N_("no rated opponent: no Ru"), person=person),
    )


def ru_outcome(
    rules: Any,
    pid: str,
    name: str,
    n: int,
    w: Fraction,
    initial: tuple[Fraction, Fraction, str],
    person: str | None,
) -> PlayerOutcome[FidePlayer]:
    """An unrated player's part of an event: his Ru (``initial``: Rc, the exact Ru and the
    rule that gave it, 8.21-8.25), rounded .5 away from zero (8.57), published as the rule
    set's floor allows."""
    rc, value, rule = initial
    ru = round_half_away_from_zero(value)
    published, status = rules.publish(ru, initial=True)
    return PlayerOutcome(
        pid,
        name,
        None,
        n,
        w,
        None,
        None,
        published,
        Status.FIRST_RATING if published is not None else Status.NOT_PUBLISHED,
        FidePlayer(
            rc=rc,
            n=n,
            w=w,
            ru_exact=value,
            ru=ru,
            status_text=status or tr("unrated: Ru by {rule}", rule=rule),
            ru_rule=rule,
            person=person,
        ),
    )


def unrated_opponent_notes(ctx: _Event) -> None:
    """The rated players' games against unrated opponents that are not rated, in one note
    (:func:`unrated_opponents_note`)."""
    if not ctx.unrated_for_others:
        return
    note = unrated_opponents_note(ctx.rules, ctx.round_robin)
    if note is not None:
        ctx.result.notes.append(note)


def zero_in_first_event_note(
    rules: Fide2014, ids: Sequence[str], names: Sequence[str], round_robin: bool
) -> Note:
    """The note on the unrated players who scored 0 in their first event and are not counted
    (FIDE 2014 8.21; the later texts' clause by the rule set's citations), the first ten by
    name; in a round robin their games do not count for their opponents either."""
    shown = ", ".join(names[:10]) + (" ..." if len(names) > 10 else "")
    return Note(
        NoteKind.RULE,
        trn(
            "{clause}: {count} unrated player scored 0 in his first event and is not counted",
            "{clause}: {count} unrated players scored 0 in their first event and are not counted",
            clause=rules.citations.clause(Concept.ZERO_IN_FIRST_EVENT),
            count=len(ids),
        )
        + (tr(" (nor their games for their opponents)") if round_robin else "")
        + tr(
            ": {shown} (a player without a games count is taken to be in his first event)",
            shown=shown,
        ),
        rules.cite(Concept.ZERO_IN_FIRST_EVENT),
        tuple(ids),
    )


def unrated_opponents_note(rules: Fide2014, round_robin: bool) -> Note | None:
    """The event's note on the rated players' games against unrated opponents, in the words
    of the text in force: the 2014 text rates them in round robins only (8.52), the later
    texts never (8.3.1 "for each game played against a rated player"); None where they are
    rated."""
    rule = rules.cite(Concept.UNRATED_OPPONENTS_NOTE)
    if rules.rate_unrated_in_round_robins:
        if round_robin:
            return None
        return Note(
            NoteKind.RULE,
            tr(
                "8.52: games of rated players against unrated opponents are not rated "
                "(not a round robin)"
            ),
            rule,
        )
    return Note(
        NoteKind.RULE,
        tr(
            "{clause}: opponent unrated: games of rated players against "
            "unrated opponents are not rated, in round robins too",
            clause=rule.clause,
        ),
        rule,
    )


def iterate_8_58(
    ctx: _Event, max_iterations: int = 100
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """8.21b and 8.58: Ra and Ru of the unrated players of a round robin, pass by pass.

    Pass 1 is 8.21b exactly (Rar and dpa over the rated players); each further pass averages
    over all players, the unrated ones with the Ru of the pass before, until the rounded Ru
    repeat (a decision: section 8 does not spell the iteration out)."""
    event, result = ctx.event, ctx.result
    by_id, played = ctx.by_id, ctx.played
    disregarded, unrated_for_others = result.disregarded, ctx.unrated_for_others
    active = [p.id for p in event.players if p.id not in disregarded]
    targets = [pid for pid in active if pid in unrated_for_others]

    def games_of(pid: str) -> list[Game]:
        return [g for g in played[pid] if g.opponent_of(pid) not in disregarded]

    score = {pid: Fraction(sum(g.score_of(pid) for g in games_of(pid))) for pid in active}
    count = {pid: len(games_of(pid)) for pid in active}
    opponents = {pid: len({g.opponent_of(pid) for g in games_of(pid)}) for pid in active}

    dp_rows: list[DpRow] = []
    dp_of: dict[str, int] = {}
    for pid in active:
        if count[pid] == 0:
            continue
        p = score[pid] / count[pid]
        dp_of[pid] = table_dp(p)
        dp_rows.append(
            DpRow(
                pid,
                by_id[pid].name,
                by_id[pid].rating if pid not in unrated_for_others else None,
                count[pid],
                score[pid],
                p,
                dp_of[pid],
                pid not in unrated_for_others,
            )
        )
    rated = [pid for pid in active if pid not in unrated_for_others and pid in dp_of]
    if not rated:
        raise RatingkitError(
            tr(
                (
                    "{name}: a round robin without rated players cannot rate its "
                    "unrated players (8.21b needs Rar)"
                ),
                name=event.source or event.name,  # the file, where the event was read from one
            )
        )
    passes: list[IterationPass] = []
    current: dict[str, Fraction] = {}
    ra_of: dict[str, Fraction] = {}
    previous_rounded: dict[str, int] | None = None
    converged = False
    for pass_number in range(1, max_iterations + 1):
        averaged = {pid: Fraction(_rating(by_id[pid])) for pid in rated}
        if pass_number > 1:
            averaged |= {pid: current[pid] for pid in targets if pid in current}
        rar = sum(averaged.values(), Fraction(0)) / len(averaged)
        dpa = Fraction(sum(dp_of[pid] for pid in averaged), len(averaged))
        new: dict[str, Fraction] = {}
        for pid in targets:
            if count[pid] == 0:
                continue
            n = opponents[pid]
            ra = rar - dpa * Fraction(n, n + 1)
            value, rule, dp = ru_from(ra, score[pid], count[pid], True, n)
            new[pid] = value
            ra_of[pid] = ra
            passes.append(
                IterationPass(
                    pass_number,
                    len(averaged),
                    rar,
                    dpa,
                    pid,
                    by_id[pid].name,
                    n,
                    ra,
                    score[pid],
                    score[pid] / count[pid],
                    rule,
                    dp,
                    value,
                    round_half_away_from_zero(value),
                )
            )
        current = new
        rounded = {pid: round_half_away_from_zero(v) for pid, v in new.items()}
        if rounded == previous_rounded:
            converged = True
            break
        previous_rounded = rounded
    result.dp_rows = tuple(dp_rows)
    result.passes = tuple(passes)
    result.converged = converged
    if not converged:
        result.notes.append(
            Note(
                NoteKind.WARNING,
                tr(
                    "8.58: the rounded Ru still changed after {max_iterations} "
                    "passes; the last pass is used",
                    max_iterations=max_iterations,
                ),
                ctx.rules.cite(Concept.ROUND_ROBIN_ITERATION),
            )
        )
    return current, ra_of


def group_k_defaults(defaults: Sequence[KDefault]) -> list[Note]:
    """The defaults assumed for K (8.56 needs the games count, the age and whether the
    player ever reached 2400): one note per K and set of assumptions, naming the players (the
    first ten) in the order they first occur.  A player for whom three things were assumed
    is in one note that gives the three, not in three notes that repeat the same players."""
    return group_k_assumptions((item.k, item.player, item.name, (item.text,)) for item in defaults)


def group_k_assumptions(assumptions: Iterable[tuple[int, str, str, Sequence[str]]]) -> list[Note]:
    """:func:`group_k_defaults` of each player's K, id, name and the texts assumed for his K
    (8.56), in order, without a :class:`KDefault` object per player and text (the engine's
    month has 200,000 rated parts); a player with no text assumed has no note."""
    assumed: dict[tuple[int, str], tuple[str, list[str]]] = {}
    for k, player, player_name, texts in assumptions:
        if not texts:
            continue
        _name, so_far = assumed.setdefault((k, player), (player_name, []))
        for text in texts:
            if text not in so_far:
                so_far.append(text)
    grouped: KGroups = {}
    for (k, player), (name, given) in assumed.items():
        names, ids = grouped.setdefault((k, tuple(given)), ({}, {}))
        names[repr(name)] = None
        ids[player] = None
    return k_default_notes(grouped)


#: The players for whom K's defaults were assumed (8.56), by K and the texts assumed: their
#: names (as quoted) and ids, in the order they first occur.
KGroups = dict[tuple[int, tuple[str, ...]], tuple[dict[str, None], dict[str, None]]]


def k_default_notes(grouped: KGroups) -> list[Note]:
    """:func:`group_k_assumptions`'s notes of its groups: one per K and set of texts
    assumed (8.56), naming the first ten players."""
    notes = []
    for (k, texts), (names, ids) in grouped.items():
        listed = list(names)
        shown = ", ".join(listed[:10]) + (" ..." if len(listed) > 10 else "")
        notes.append(
            Note(
                NoteKind.DEFAULT,
                trn(
                    "K={k} assumed ({text}) for {count} player: {shown}",
                    "K={k} assumed ({text}) for {count} players: {shown}",
                    k=k,
                    text="; ".join(texts),
                    count=len(listed),
                    shown=shown,
                ),
                None,
                tuple(ids),
            )
        )
    return notes
