"""Rating one event, and a rating period, by the FIDE 1982-2000 rules.

The steps, each named after the rules it applies:

* :func:`round_robin_values`: a complete round robin (10.21 Ra, 10.61 Rc, 10.22-10.25 Ru,
  the 350-point rule and the second pass of 10.68), through :func:`berger`;
* :func:`swiss_values`: Swiss, team and match events (10.61 Rc, 10.2 Ru, 6.4 only games
  against rated opponents), through :func:`swiss`;
* :func:`rate_rated_player`: K (10.64), DR = K * (W - We) (10.6), the list floor (9.21);
* :func:`rate_new_player`: Rn of a new player's pooled results (10.3, 9.14, 10.31, 10.32);
* :func:`apply_olympiad`: 10.4;
* :func:`rate_event` puts them together into an :class:`~ratingkit.core.outcome.Outcome`;
  :func:`rate_period` adds the events of a rating period up (10.65, 10.66).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from ..core.errors import RuleSetCannotRateError
from ..core.expected import table_dp, table_pd_exact
from ..core.extras import Competition
from ..core.i18n import N_, _, tr
from ..core.model import Event, EventType, Player, event_notes
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    Number,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    detail_cells,
)
from ..core.players import PlayerFile, PlayerRecord, with_ratings_before
from ..core.rounding import exact
from .checks import Assessment, assess, score_table_points
from .formula import (
    choose_k,
    clamp_to,
    leaves_list,
    new_player_rating,
    olympiad_rating,
    performance,
    round_int,
)
from .outcome import (
    Clamp,
    Fide1982Event,
    Fide1982Game,
    Fide1982Outcome,
    Fide1982PeriodOutcome,
    Fide1982PeriodPlayer,
    Fide1982Player,
    Method,
    NewPlayer,
)
from .state import STATE_CODEC, Fide1982State

if TYPE_CHECKING:
    from .rulesets import Fide1982

#: What a player without a score shows in the score column (no game counted for him).
NO_SCORE: Number | None = None


@dataclass(frozen=True)
class Computed:
    """A player's values of the average method before K: his counted points and games and
    the detail so far (Rc, Rc2, Ru, Ru2, D, PD, We)."""

    points: Fraction
    games: int
    detail: Fide1982Player


# -- the round robin (10.21, 10.61, 10.68) -----------------------------------------------------


@dataclass(frozen=True)
class BergerResult:
    """The round robin computation of 10.21, 10.61 and 10.68, before K."""

    Rar: Fraction | None
    dpa: Fraction | None
    Ra: Fraction | int | None
    players: int
    opponents: int
    games: int
    values: Mapping[str, Computed]
    clamps: tuple[Clamp, ...]

    @property
    def rows(self) -> dict[str, dict[str, object]]:
        """Each player's values as the 10.68 table prints them (id -> column -> value)."""
        return {pid: detail_cells(v.detail) for pid, v in self.values.items()}


def _clamps_of(
    player: str, reference: int, opponents: Iterable[tuple[str, int]], limit: int
) -> list[Clamp]:
    """10.61: the opponents counted within ``limit`` points of ``reference``."""
    out = []
    for other, rating in opponents:
        counted = clamp_to(rating, reference, limit)
        if counted != rating:
            out.append(Clamp(player, reference, other, rating, counted))
    return out


def _percentage(points: Fraction, games: int) -> tuple[Fraction, int]:
    """10.21: a rated player's p (his score in percent, to two places) and its dp of table
    10.1a."""
    p = points / games
    return Fraction(round_int(p * 100), 100), table_dp(p)


def berger(
    entries: Sequence[tuple[str, int | None, Number]],
    cycles: int = 1,
    *,
    below_half_factor: bool = False,
    limit: int = 350,
    step: Fraction = Fraction(25, 2),
) -> BergerResult:
    """Rate a complete round robin from each player's ``(id, rating or None, points)``.

    First pass: Rar (average rated rating), dpa (average dp of the rated players' scores),
    Ra = Rar - dpa * n/(n+1) rounded (10.21; when every player is rated Ra is Rar exactly, so
    Rc is the plain average of the opponents); Rc = (Ra(n+1) - R)/n rounded for a rated player
    (10.61), Rc = Ra for an unrated one, and his Ru (10.22-10.25).  Second pass (10.68): each
    opponent counted within ``limit`` points of the player (an unrated player and an unrated
    opponent by their first Ru): Rc2 = Rc + (sum of the adjustments)/n, rounded; Ru2 from Rc2.
    Rated players: D = R - Rc2, PD from table 10.1b, We = PD * games.
    """
    count = len(entries)
    if count < 2:
        raise RuleSetCannotRateError(tr("a round robin needs 2 players, got {count}", count=count))
    n = count - 1
    games = cycles * n
    points = {pid: exact(w) for pid, _, w in entries}
    rated = [(pid, r) for pid, r, _ in entries if r is not None]
    percent = {pid: _percentage(points[pid], games) for pid, _ in rated}
    if not rated:
        plain = {pid: Computed(points[pid], games, Fide1982Player()) for pid, _, _ in entries}
        return BergerResult(None, None, None, count, n, games, plain, ())
    rar = Fraction(sum(r for _, r in rated), len(rated))
    dpa: Fraction | None = None
    ra: Fraction | int = rar
    if len(rated) < count:
        dpa = Fraction(sum(percent[pid][1] for pid, _ in rated), len(rated))
        ra = round_int(rar - dpa * Fraction(n, n + 1))

    def unrated_ru(rc: int, score: Fraction) -> tuple[int, Rule]:
        # 10.22-10.25 for a round robin, in both passes of 10.68.
        return performance(
            rc,
            score,
            games,
            round_robin=True,
            opponents=n,
            below_half_factor=below_half_factor,
            step=step,
        )

    # First pass: Rc (10.61) and an unrated player's first Ru (10.22-10.25).
    rc: dict[str, int] = {}
    ru: dict[str, int] = {}
    first: dict[str, int] = {}
    for pid, rating, _points in entries:
        if rating is not None:
            rc[pid] = round_int((ra * (n + 1) - rating) / n)
            first[pid] = rating
        else:
            rc[pid] = int(ra)
            ru[pid] = first[pid] = unrated_ru(int(ra), points[pid])[0]
    # Second pass (10.68): every opponent within 350 points of the player (10.61).
    clamps: list[Clamp] = []
    values: dict[str, Computed] = {}
    for pid, rating, _points in entries:
        mine = _clamps_of(
            pid, first[pid], ((o, first[o]) for o, _, _ in entries if o != pid), limit
        )
        clamps.extend(mine)
        total = sum(c.adjustment for c in mine)
        rc2 = round_int(rc[pid] + Fraction(total, n))
        if rating is None:
            ru2, ru_rule = unrated_ru(rc2, points[pid])
            detail = Fide1982Player(
                Rc=rc[pid], Rc2=rc2, Ru=ru[pid], Ru2=ru2, ru_rule=ru_rule, adjustment=total
            )
        else:
            d = rating - rc2
            pd = table_pd_exact(d)
            p, dp = percent[pid]
            detail = Fide1982Player(
                p=p, dp=dp, Rc=rc[pid], Rc2=rc2, D=d, PD=pd, We=pd * games, adjustment=total
            )
        values[pid] = Computed(points[pid], games, detail)
    return BergerResult(rar, dpa, ra, count, n, games, values, tuple(clamps))


# -- Swiss, team and match events (10.61, 10.2) ------------------------------------------------


def swiss(
    entries: Mapping[str, Sequence[tuple[str, Fraction]]],
    ratings: Mapping[str, int | None],
    *,
    limit: int = 350,
    step: Fraction = Fraction(25, 2),
) -> tuple[dict[str, Computed], list[Clamp]]:
    """The average method for Swiss, team and match events (10.61, 10.2): ``entries`` maps a
    player to his counted games ``(opponent id, own score)`` (against rated opponents only).

    Rated player: Rc = average of his opponents' ratings, Rc2 with each within ``limit`` of his
    own, rounded; D, PD, We.  Unrated player: Rc = average of his rated opponents, Ru
    (10.22-10.24); second pass with the opponents within ``limit`` of that Ru: Rc2, Ru2.  An
    unrated player without a point is not rated (6.1).
    """
    values: dict[str, Computed] = {}
    clamps: list[Clamp] = []
    for pid, played in entries.items():
        if not played:
            continue
        n = len(played)
        points = sum((s for _, s in played), Fraction(0))
        opponents = [(o, cast(int, ratings[o])) for o, _ in played]
        rc = round_int(Fraction(sum(r for _, r in opponents), n))
        own = ratings[pid]
        if own is not None:
            mine = _clamps_of(pid, own, opponents, limit)
            rc2 = round_int(Fraction(sum(clamp_to(r, own, limit) for _, r in opponents), n))
            d = own - rc2
            pd = table_pd_exact(d)
            detail = Fide1982Player(Rc=rc, Rc2=rc2, D=d, PD=pd, We=pd * n)
        elif points == 0:
            mine = []
            detail = Fide1982Player(ru_rule=Rule("6.1"))
        else:
            ru, _ = performance(rc, points, n, round_robin=False, step=step)
            mine = _clamps_of(pid, ru, opponents, limit)
            rc2 = round_int(Fraction(sum(clamp_to(r, ru, limit) for _, r in opponents), n))
            ru2, ru_rule = performance(rc2, points, n, round_robin=False, step=step)
            detail = Fide1982Player(Rc=rc, Ru=ru, Rc2=rc2, Ru2=ru2, ru_rule=ru_rule)
        clamps.extend(mine)
        values[pid] = Computed(
            points, n, replace(detail, adjustment=sum(c.adjustment for c in mine))
        )
    return values, clamps


# -- the steps of one event ----------------------------------------------------------------------


def round_robin_values(
    rules: Fide1982, event: Event, found: Assessment
) -> tuple[dict[str, Computed], Fide1982Event, list[Note]]:
    """10.21, 10.61, 10.68 on a complete round robin; the players 6.1 dropped are left out and
    the points taken from them are not counted."""
    dropped = set(found.dropped)
    entries: list[tuple[str, int | None, Number]] = []
    for player in event.players:
        if player.id in dropped:
            continue
        if event.score_only:
            # Each dropped player scored 0: everyone took all his points from him (6.1).
            points = score_table_points(event, player.id) - found.cycles * len(dropped)
        else:
            points = sum(
                (
                    Fraction(str(g.score_of(player.id)))
                    for g in event.games
                    if g.involves(player.id) and g.opponent_of(player.id) not in dropped
                ),
                Fraction(0),
            )
        entries.append((player.id, player.rating, points))
    result = berger(
        entries,
        found.cycles,
        below_half_factor=rules.below_half_factor,
        limit=rules.limit,
        step=rules.half_point_step,
    )
    detail = Fide1982Event(
        Method.ROUND_ROBIN,
        players=result.players,
        n=result.opponents,
        Rar=result.Rar,
        dpa=result.dpa,
        Ra=result.Ra,
        games=result.games,
        clamps=result.clamps,
        unchecked=found.unchecked,
    )
    notes = []
    if result.dpa is None and result.Rar is not None:
        notes.append(
            Note(
                NoteKind.DECISION,
                tr(
                    "every player is rated: Ra = Rar, so Rc is the plain average of the "
                    "opponents (the dpa correction of 10.21 is for unrated players)"
                ),
                Rule("10.21", N_("Ra = Rar when every player is rated")),
            )
        )
    extreme = tuple(pid for pid, v in result.values.items() if v.detail.p in (0, 1))
    if extreme:
        notes.append(
            Note(
                NoteKind.DEFAULT,
                tr(
                    "a rated player scored 0% or 100%: table 10.1a leaves dp undefined there; "
                    "dp = -800 / +800 assumed (FIDE 2014 8.1a convention)"
                ),
                Rule("10.1a", N_("dp at 0% and 100%")),
                extreme,
            )
        )
    return dict(result.values), detail, notes


def swiss_values(
    rules: Fide1982, event: Event, found: Assessment
) -> tuple[dict[str, Computed], Fide1982Event]:
    """10.61, 10.2 on a Swiss, team or match event: only the games not excluded and against
    rated opponents count (6.4, 6.41)."""
    ratings = {p.id: p.rating for p in event.players}
    entries: dict[str, list[tuple[str, Fraction]]] = {p.id: [] for p in event.players}
    for i, game in enumerate(event.games):
        if i in found.excluded:
            continue
        for pid in game.players:
            opponent = game.opponent_of(pid)
            if ratings[opponent] is None:
                continue  # 6.4 / 6.41: only games against rated opponents count
            entries[pid].append((opponent, Fraction(str(game.score_of(pid)))))
    values, clamps = swiss(entries, ratings, limit=rules.limit, step=rules.half_point_step)
    detail = Fide1982Event(Method.SWISS, clamps=tuple(clamps), unchecked=found.unchecked)
    return values, detail


@dataclass(frozen=True)
class Rated:
    """One player's part of an event: his outcome and his state after it."""

    outcome: PlayerOutcome[Fide1982Player]
    state: Fide1982State


def rate_rated_player(
    rules: Fide1982,
    player: Player,
    computed: Computed | None,
    state: Fide1982State,
    why: Rule | None,
) -> Rated:
    """A rated player: K (10.64), DR = K * (W - We) unrounded, the new rating rounded (10.6),
    and 9.21: below the floor he leaves the list (his last rating is kept)."""
    rating = cast(int, player.rating)
    games = computed.games if computed is not None else 0
    score = computed.points if computed is not None else NO_SCORE
    ever = state.ever_2400
    if computed is not None and computed.detail.We is not None:
        we = computed.detail.We
        choice = choose_k(rating, state.games, state.ever_2400 or None, state.k)
        dr = choice.k * (computed.points - we)
        after = round_int(rating + dr)
        leaves = leaves_list(after, rules.list_floor)
        text = (
            tr("below {floor}: leaves the list (9.21)", floor=rules.list_floor)
            if leaves
            else N_("rated")
        )
        detail = replace(
            computed.detail,
            K=choice.k,
            DR=dr,
            status=text,
            k_rule=choice.rule,
            k_assumed=choice.assumed,
            leaves_list=leaves,
        )
        ever = ever or after >= 2400
        outcome = PlayerOutcome(
            player.id, player.name, rating, games, score, we, dr, after, Status.RATED, detail
        )
    else:
        after = rating
        base = computed.detail if computed is not None else Fide1982Player()
        text = (
            tr("no rated games (rule {clause})", clause=why.clause) if why else N_("no rated games")
        )
        detail = replace(
            base, status=text, not_rated_by=why, leaves_list=leaves_list(after, rules.list_floor)
        )
        outcome = PlayerOutcome(
            player.id,
            player.name,
            rating,
            games,
            score,
            None,
            None,
            after,
            Status.NOT_RATED,
            detail,
        )
    listed = None if leaves_list(after, rules.list_floor) else after
    new = Fide1982State(
        rating=listed,
        games=state.games + games if state.games is not None else None,
        ever_2400=ever,
        last_rating=after if listed is None else None,
    )
    return Rated(outcome, new)


def rate_new_player(
    rules: Fide1982,
    player: Player,
    computed: Computed | None,
    state: Fide1982State,
    why: Rule | None,
) -> Rated:
    """An unrated player: his Ru2 pools with his earlier results into Rn (10.3), published
    after 9 games (9.14), deleted below 2005 (10.31), rounded to 0 or 5 (10.32)."""
    games = computed.games if computed is not None else 0
    score = computed.points if computed is not None else NO_SCORE
    if computed is not None and computed.detail.Ru2 is not None:
        pooled = (*state.ru_results, (computed.detail.Ru2, games))
        rn = new_player_rating(
            pooled, min_games=rules.new_player_games, floor=rules.rn_floor, step=rules.rn_step
        )
        new_player = NewPlayer(pooled, rn.games, rn.average, rn.published, rn.as_rule)
        detail = replace(
            computed.detail,
            status=tr(
                "new player ({rule}): {explanation}", rule=rn.rule, explanation=rn.explanation
            ),
            new_player=new_player,
        )
        status = Status.FIRST_RATING if rn.published is not None else Status.NOT_PUBLISHED
        keep = pooled if rn.rule != "10.31" and rn.published is None else ()
        new = Fide1982State(
            rating=rn.published,
            games=rn.games if rn.published else None,
            ru_results=keep,
        )
        outcome = PlayerOutcome(
            player.id, player.name, None, games, score, None, None, rn.published, status, detail
        )
        return Rated(outcome, new)
    base = computed.detail if computed is not None else Fide1982Player()
    if why is None and base.ru_rule is not None and base.ru_rule.clause == "6.1":
        why = Rule("6.1", RULE_61)
    text = tr("unrated, not rated in this event") + (f" (rule {why.clause})" if why else "")
    detail = replace(base, status=text, not_rated_by=why)
    outcome = PlayerOutcome(
        player.id, player.name, None, games, score, None, None, None, Status.NOT_RATED, detail
    )
    return Rated(outcome, Fide1982State())


RULE_61 = "an unrated player's zero score is not counted"


def apply_olympiad(event: Event, rated: Rated) -> Rated:
    """10.4: an unrated player at an Olympiad who played at least half the rounds and scored
    at least 50% is listed at 2200 (2050 after the women's Olympiad), unless his Rn is
    higher."""
    olympiad = Competition.of(event).olympiad
    if not olympiad or event.score_only:
        return rated
    outcome = rated.outcome
    listed = olympiad_rating(
        len(event.played_games_of(outcome.id)),
        event.round_count,
        event.points(outcome.id),
        outcome.rating_after,
        women=olympiad == "women",
    )
    if listed is None or listed == outcome.rating_after:
        return rated
    detail = replace(
        outcome.detail,
        status=tr(
            "{status}; Olympiad: half the rounds played with at least "
            "50%, listed at {listed} (10.4)",
            status=outcome.detail.status,
            listed=listed,
        ),
        olympiad=listed,
    )
    return Rated(
        replace(outcome, rating_after=listed, status=Status.FIRST_RATING, detail=detail),
        replace(rated.state, rating=listed, ru_results=(), last_rating=None),
    )


def _why_not_rated(event: Event, found: Assessment) -> dict[str, Rule]:
    """The rule that left each player's games unrated: 6.1 for the dropped, else the rule of
    his first game not rated; the event's rule for everyone when it is not rated at all."""
    if found.event_rule is not None:
        return {p.id: found.event_rule for p in event.players}
    why = {pid: Rule("6.1", RULE_61) for pid in found.dropped}
    for i, excluded_by in found.excluded.items():
        for pid in event.games[i].players:
            why.setdefault(pid, excluded_by)
    return why


def _finding_notes(found: Assessment) -> list[Note]:
    notes = []
    for finding in found.findings:
        games = ", ".join(finding.games_text())
        notes.append(
            Note(
                NoteKind.RULE,
                tr("rule {clause}: {problem}", clause=finding.rule.clause, problem=finding.problem)
                + (tr(" (not rated: {games})", games=games) if games else ""),
                finding.rule,
            )
        )
    if found.unchecked:
        notes.append(
            Note(
                NoteKind.WARNING,
                tr("not checked for lack of data: ") + ", ".join(_(u) for u in found.unchecked),
            )
        )
    return notes


def _game_sides(
    key: EventKey, event: Event, found: Assessment
) -> tuple[GameOutcome[Fide1982Game], ...]:
    """Both sides of every game: rated or not, and the rule that left it out."""
    sides = []
    for i, game in enumerate(event.games):
        detail = Fide1982Game(game.white, game.black, game.result_code, found.not_chess.get(i))
        reason = found.excluded.get(i)
        for pid in game.players:
            sides.append(
                GameOutcome(
                    key,
                    game.round,
                    pid,
                    game.opponent_of(pid),
                    Fraction(str(game.score_of(pid))),
                    reason is None,
                    reason,
                    None,
                    detail,
                )
            )
    return tuple(sides)


def _k_note(players: Iterable[PlayerOutcome[Fide1982Player]]) -> Note | None:
    """10.64 with no games count in a player file: the players taken as established."""
    assumed: dict[int, list[str]] = {}
    for player in players:
        if player.detail.k_assumed and player.detail.K is not None:
            assumed.setdefault(player.detail.K, []).append(player.id)
    if not assumed:
        return None
    who = "; ".join(
        tr("K={k} for {ids}", k=k, ids=", ".join(ids)) for k, ids in sorted(assumed.items())
    )
    return Note(
        NoteKind.DEFAULT,
        tr(
            "{who}: no games count in a player file, so taken as "
            "established (30 games or more): K=10 from 2400, else 15 "
            "(10.64)",
            who=who,
        ),
        Rule("10.64", N_("no games count: taken as established")),
        tuple(pid for ids in assumed.values() for pid in ids),
    )


def rate_event(
    rules: Fide1982, event: Event, players: PlayerFile | None = None, position: int = 0
) -> Fide1982Outcome:
    """Rate one event by the average method of 10.6: the validity rules first
    (:func:`~ratingkit.fide1982.checks.assess`), then the round robin or the Swiss method, then
    each player's K and DR or his Rn."""
    records: dict[str, PlayerRecord] = {}
    match_notes: list[Note] = []
    if players is not None:
        match = players.match([(p.id, p.name) for p in event.players])
        records = dict(match.records)
        match_notes = match.notes()
        # The one rule of a player's rating before the event (the player file's where the
        # event gives none; a difference is an error).
        event = with_ratings_before(event, records, STATE_CODEC.differing_rating, players.source)
    found = assess(event)
    key = EventKey.of(event, position)
    notes = [Note(NoteKind.READ, text) for text in event_notes(event)]
    notes += match_notes
    if event.score_only and event.type is not EventType.ROUND_ROBIN:
        raise RuleSetCannotRateError(
            tr(
                (
                    "{name}: a score table can only be rated as a round robin (the "
                    "event says {event_type}); give the games for a {event_type}"
                ),
                name=event.source or event.name,  # the file, where the event was read from one
                event_type=event.type.value,
            )
        )
    notes += _finding_notes(found)
    computed: dict[str, Computed] = {}
    if found.event_rule is not None:
        detail = Fide1982Event(
            Method.NOT_RATED, not_rated_by=found.event_rule, unchecked=found.unchecked
        )
    elif event.type is EventType.ROUND_ROBIN and not found.as_swiss:
        computed, detail, method_notes = round_robin_values(rules, event, found)
        notes += method_notes
    else:
        computed, detail = swiss_values(rules, event, found)
    why = _why_not_rated(event, found)
    rated: list[Rated] = []
    for player in event.players:
        state = STATE_CODEC.read(records.get(player.id))
        step = rate_rated_player if player.rating is not None else rate_new_player
        one = step(rules, player, computed.get(player.id), state, why.get(player.id))
        if player.rating is None:
            one = apply_olympiad(event, one)
        rated.append(one)
    outcomes = tuple(r.outcome for r in rated)
    k_note = _k_note(outcomes)
    if k_note is not None:
        notes.append(k_note)
    games = _game_sides(key, event, found)
    new_records = tuple(
        STATE_CODEC.write(PlayerRecord(id=r.outcome.id, name=r.outcome.name), r.state)
        for r in rated
    )
    part: EventOutcome[Fide1982Player, Fide1982Game, Fide1982Event] = EventOutcome(
        key, outcomes, games, tuple(notes), detail
    )
    return Outcome(
        rules.name,
        event.name,
        outcomes,
        (part,),
        games,
        tuple(notes),
        detail,
        PlayerFile(new_records, f"after {event.name}"),
    )


# -- a rating period (10.65, 10.66) ---------------------------------------------------------------


def rate_period(
    rules: Fide1982, events: Sequence[Event], players: PlayerFile | None = None
) -> tuple[Fide1982PeriodOutcome, tuple[Fide1982Outcome, ...]]:
    """Several events of one rating period (10.65): each is rated with the ratings it was
    played with (9.11: the list in force at its start), the changes add up,
    Rn = Ro + sum(DR), rounded once (10.66).  A new player's results pool into one Rn
    (10.3, 9.14).  Returns the period's outcome and each event's."""
    if not events:
        raise RuleSetCannotRateError(tr("no events to rate"))
    parts = tuple(rate_event(rules, e, players, i) for i, e in enumerate(events))
    order: list[str] = []
    mine_of: dict[str, list[PlayerOutcome[Fide1982Player]]] = {}
    for part in parts:
        for p in part.players:
            if p.id not in mine_of:
                order.append(p.id)
                mine_of[p.id] = []
            mine_of[p.id].append(p)
    records: dict[str, PlayerRecord] = {}
    if players is not None:
        records = dict(players.match([(pid, mine_of[pid][0].name) for pid in order]).records)
    notes = [
        replace(note, text=tr("{name}: {text}", name=e.name, text=note.text))
        for e, part in zip(events, parts, strict=True)
        for note in part.notes
    ]
    totals: list[PlayerOutcome[Fide1982PeriodPlayer]] = []
    new_records = []
    for pid in order:
        mine = mine_of[pid]
        first = mine[0]
        before = first.rating_before
        if any(p.rating_before != before for p in mine):
            seen = ", ".join(str(p.rating_before) for p in mine)
            notes.append(
                Note(
                    NoteKind.DECISION,
                    tr(
                        "{pid!r} enters the events with different ratings ({seen}); "
                        "Ro = {before}, the first",
                        pid=pid,
                        seen=seen,
                        before=before,
                    ),
                    Rule("10.65", N_("Ro is the rating of the first event")),
                    (pid,),
                )
            )
        total, state = _period_total(rules, mine, STATE_CODEC.read(records.get(pid)))
        totals.append(total)
        new_records.append(STATE_CODEC.write(PlayerRecord(id=pid, name=first.name), state))
    period: Fide1982PeriodOutcome = Outcome(
        rules.name,
        tr("rating period of {events_count} events", events_count=len(events)),
        tuple(totals),
        tuple(part.events[0] for part in parts),
        (),
        tuple(notes),
        None,
        PlayerFile(tuple(new_records), "after the rating period"),
    )
    return period, parts


def _period_total(
    rules: Fide1982, mine: Sequence[PlayerOutcome[Fide1982Player]], state: Fide1982State
) -> tuple[PlayerOutcome[Fide1982PeriodPlayer], Fide1982State]:
    """One player's total over the period's events (10.65, 10.66; new players 10.3, 9.14)."""
    first = mine[0]
    before = first.rating_before
    games = sum(p.games for p in mine)
    score = sum((exact(p.score) for p in mine if p.score is not None), Fraction(0))
    if before is not None:
        changes = [p.detail.DR for p in mine if p.detail.DR is not None]
        expected: Fraction | None = None
        change: Fraction | None = None
        after = before
        if changes:
            change = sum(changes, Fraction(0))
            expected = sum((exact(p.expected) for p in mine if p.expected is not None), Fraction(0))
            after = round_int(before + change)
        leaves = leaves_list(after, rules.list_floor)
        text = (
            tr("below {list_floor}: leaves the list (9.21)", list_floor=rules.list_floor)
            if leaves
            else "rated"
        )
        detail = Fide1982PeriodPlayer(len(mine), change, text, leaves_list=leaves)
        status = Status.RATED if changes else Status.NOT_RATED
        new = Fide1982State(
            rating=None if leaves else after,
            games=state.games + games if state.games is not None else None,
            ever_2400=after >= 2400 or state.ever_2400,
        )
        total = PlayerOutcome(
            first.id, first.name, before, games, score, expected, change, after, status, detail
        )
        return total, new
    results = [(p.detail.Ru2, p.games) for p in mine if p.detail.Ru2 is not None]
    pooled = (*state.ru_results, *results)
    rn = new_player_rating(
        pooled, min_games=rules.new_player_games, floor=rules.rn_floor, step=rules.rn_step
    )
    new_player = NewPlayer(pooled, rn.games, rn.average, rn.published, rn.as_rule)
    detail = Fide1982PeriodPlayer(
        len(mine),
        None,
        tr("new player ({rule}): {explanation}", rule=rn.rule, explanation=rn.explanation),
        new_player,
    )
    status = (
        Status.FIRST_RATING
        if rn.published is not None
        else Status.NOT_PUBLISHED
        if results
        else Status.NOT_RATED
    )
    new = Fide1982State(
        rating=rn.published,
        games=rn.games if rn.published else None,
        ru_results=pooled if rn.rule == "9.14" else (),
    )
    total = PlayerOutcome(
        first.id, first.name, None, games, score, None, None, rn.published, status, detail
    )
    return total, new


# -- editing an event (the workbook's what-ifs) --------------------------------------------------


def with_points(event: Event, player_id: str, points: Number) -> Event:
    """A score-only event with one player's points changed (the others unchanged)."""
    player = event.player(player_id)
    return event.with_player(replace(player, extra={**player.extra, "points": float(points)}))


def with_rating(event: Event, player_id: str, rating: int | None) -> Event:
    """An event with one player's rating changed (``None``: unrated)."""
    return event.with_player(replace(event.player(player_id), rating=rating))


def score_event(
    rows: Iterable[tuple[str, int | None, Number]], name: str = "event", cycles: int = 1
) -> Event:
    """A score-only round robin from ``(id, rating or None, points)`` rows (see
    :mod:`ratingkit.formats.scorecsv` for the file form)."""
    players = tuple(
        Player(id=pid, name=pid, rating=rating, extra={"points": float(exact(points))})
        for pid, rating, points in rows
    )
    return Event(
        name=name,
        players=players,
        games=(),
        type=EventType.ROUND_ROBIN,
        extra={"cycles": cycles},
        local_ids=True,
        score_only=True,
    )


__all__ = [
    "BergerResult",
    "Computed",
    "Rated",
    "apply_olympiad",
    "berger",
    "rate_event",
    "rate_new_player",
    "rate_period",
    "rate_rated_player",
    "round_robin_values",
    "score_event",
    "swiss",
    "swiss_values",
    "with_points",
    "with_rating",
]
