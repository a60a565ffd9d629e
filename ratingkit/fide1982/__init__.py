"""FIDE Rating Rules 1982-2000 (Turkish translation).

The old FIDE system rates an event by the **average method** of rule 10.6, not game by game:
the player's opponents are averaged (Rc, each opponent counted within 350 points of the
player's own rating), D = R - Rc gives PD from table 10.1b, We = PD * n, and the change is
DR = K * (W - We).  Unrated players get a performance Ru (10.2): from the tournament average
Ra of a round robin (10.21), plus 12.5 per half point above 50% (10.23) or dp below (10.24,
10.25).  In a round robin the rated players' Rc comes from the same Ra: Rc = (Ra(n+1) - R)/n
(10.61), and a second pass corrects both Rc and Ru for the 350-point rule, as the worked
example 10.68 shows.  Intermediate values are rounded to integers as the example prints them.

Two named rule sets differ in one point only (see :class:`Fide1982`):

* ``fide-1982``: as the worked example 10.68 computes (Ru below 50% in a round robin is
  Rc + dp, the example's H and I);
* ``fide-1982-literal``: rule 10.25 as written (Ru = Rc + dp * n/(n+1)).

Also here: the event check (validity rules 1.x-6.x, :meth:`Fide1982.check`; under 2.1, the
FIDE Laws of Chess, a game of shogi data with a handicap or a shogi result such as sennichite
is not rated), the rating of new players Rn (10.3-10.32), the Olympiad rule 10.4, the list
rules 9.x (quarterly lists, 9 games pooled over up to 8 periods, removal below 2001,
inactivity) and the 14.3 convergence simulation.  The tables 10.1a and 10.1b are those of
:mod:`ratingkit.core.tables` (the 1982 text prints the same numbers; tests/test_fide1982.py checks
it against the printed text).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError, RuleSetCannotRateError
from ..core.expected import table_dp, table_pd_exact
from ..core.model import Event, EventType, Game, Player, event_notes, is_complete_round_robin
from ..core.outcome import GameKind
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import Report, Table
from ..core.rounding import exact, round_half_away_from_zero, round_to_step
from ..core.ruleset import not_a_chess_game

DOCUMENT = (
    "FIDE Rating Rules, approved by the 1982 General Assembly, amended by the General "
    "Assemblies of 1984-2000 (Turkish translation)"
)


def _round(value) -> int:
    """Nearest integer, halves away from zero: how the example rounds intermediate values
    (Ru(C) = 2348 + 62.5 = 2410.5 -> 2411) and 10.66 rounds Rn."""
    return round_half_away_from_zero(value)


# -- Ru of an unrated player (10.2) -----------------------------------------------------------


def unrated_performance(
    rc: int,
    points,
    games: int,
    *,
    round_robin: bool,
    opponents: int | None = None,
    below_half_factor: bool = False,
    step: Fraction = Fraction(25, 2),
) -> tuple[int, str]:
    """Ru of an unrated player and the rule used (10.22-10.25).

    ``rc`` is his Rc (Ra in a round robin), ``points`` his score out of ``games``.  50%:
    Ru = Rc (10.22); above 50%: Rc + 12.5 per half point above 50% (10.23); below 50%:
    Rc + dp (10.24), in a round robin Rc + dp * n/(n+1) with n his number of opponents when
    ``below_half_factor`` is set (10.25).  Rounded to an integer.
    """
    if games <= 0:
        raise InvalidValueError(f"Ru needs at least one game, got {games}", None, games)
    score = exact(points)
    half = Fraction(games, 2)
    if score == half:
        return rc, "10.22"
    if score > half:
        half_points = (score - half) * 2
        return _round(rc + step * half_points), "10.23"
    dp = table_dp(score / games)
    if round_robin and below_half_factor:
        n = opponents if opponents is not None else games
        return _round(rc + dp * Fraction(n, n + 1)), "10.25"
    return _round(rc + dp), "10.24" if not round_robin else "10.68: Rc + dp"


def clamp_to(value: int, reference: int, limit: int = 350) -> int:
    """An opponent's rating counted within ``limit`` points of ``reference`` (10.61)."""
    return max(reference - limit, min(reference + limit, value))


# -- K (10.64) ---------------------------------------------------------------------------------


def k_factor(
    rating: int,
    games: int | None,
    ever_2400: bool | None = None,
    k: int | None = None,
) -> tuple[int, str | None]:
    """K of 10.64 and, when a default had to be assumed, the note saying which.

    K = 25 for a player new to the list until he has completed 30 games; 15 after that while
    his rating stays under 2400; 10 once he has reached 2400 with 30 games, for ever after.
    Without a games count the player is taken as established (30 games or more).
    """
    if k is not None:
        return k, None
    note = None
    if games is None:
        note = "no games count: taken as established (30 games or more)"
        games = 30
    if games < 30:
        return 25, note
    if rating >= 2400 or ever_2400:
        return 10, note
    return 15, note


# -- Rn of a new player (10.3-10.32), Olympiad (10.4) -----------------------------------------


@dataclass(frozen=True)
class NewRating:
    """The outcome of 10.3-10.32 for a new player's pooled results."""

    games: int
    average: Fraction | None
    published: int | None
    rule: str
    explanation: str


def new_player_rating(
    results: Iterable[tuple[int, int]],
    *,
    min_games: int = 9,
    floor: int = 2005,
    step: int = 5,
) -> NewRating:
    """Rn of a new player from his results ``(Ru, games)``.

    10.3: the average of his Ru's weighted by games (2280 x 5, 2400 x 10, 2000 x 5 -> 2270).
    9.14: published only after 9 games.  10.31: if the new rating is below 2005 his results
    are deleted.  10.32: the published Rn is rounded to the nearest 0 or 5 (halves up).
    """
    pooled = [(int(ru), int(g)) for ru, g in results]
    games = sum(g for _, g in pooled)
    if games == 0:
        return NewRating(0, None, None, "9.14", "no rated games yet")
    average = Fraction(sum(ru * g for ru, g in pooled), games)
    if games < min_games:
        return NewRating(
            games,
            average,
            None,
            "9.14",
            f"{games} games so far; {min_games} are needed before a first rating is published",
        )
    if average < floor:
        return NewRating(
            games,
            average,
            None,
            "10.31",
            f"Rn {float(average):.1f} is below {floor}: the results are deleted",
        )
    published = round_to_step(average, step)
    return NewRating(
        games,
        average,
        published,
        "10.32",
        f"Rn {float(average):.1f} published as {published} (nearest 0 or 5)",
    )


def olympiad_rating(
    games_played: int,
    rounds: int,
    points,
    rating: int | None = None,
    *,
    women: bool = False,
) -> int | None:
    """10.4: a player who played at least 50% of the Olympiad's games and scored at least 50%
    appears on the next list with 2200 (2050 after the women's Olympiad), unless his own
    rating is higher.  ``None`` when the rule does not apply."""
    if rounds <= 0 or games_played <= 0:
        return None
    if games_played * 2 < rounds or exact(points) * 2 < games_played:
        return rating
    floor = 2050 if women else 2200
    return max(floor, rating) if rating is not None else floor


# -- Lists (9.x) -------------------------------------------------------------------------------


def list_for_event(start: date) -> date:
    """9.11: the list that rates an event starting on ``start`` (1 Jan for events starting
    1 Jan - 31 Mar, 1 Apr for 1 Apr - 30 Jun, 1 Jul for 1 Jul - 30 Sep, 1 Oct for the rest)."""
    month = 1 + 3 * ((start.month - 1) // 3)
    return date(start.year, month, 1)


def list_period(day: date) -> int:
    """A running number of the quarterly list periods (9.11): one more per quarter."""
    return day.year * 4 + (day.month - 1) // 3


def pool_new_player_results(
    results: Iterable[tuple[date, int, int]], current: date, periods: int = 8
) -> list[tuple[date, int, int]]:
    """9.14c: the results ``(event start, Ru, games)`` that pool into a first rating on the
    list of ``current``: those of the same and the 7 previous list periods."""
    now = list_period(current)
    return [r for r in results if 0 <= now - list_period(r[0]) < periods]


def leaves_list(rating: int, floor: int = 2001) -> bool:
    """9.21: a player whose rating falls below 2001 leaves the list and counts as unrated."""
    return rating < floor


def is_inactive(games_in_last_year: int) -> bool:
    """9.23a: fewer than 4 rated games in a year make a player inactive.  He stays rated for
    his opponents (9.23) and becomes active again with 4 games within a year (9.23c)."""
    return games_in_last_year < 4


def activity(games_by_period: Mapping[date, int], current: date) -> str:
    """9.23: "active" or "inactive" on the list of ``current`` from the rated games of the four
    quarterly periods (one year) before it."""
    now = list_period(current)
    games = sum(g for d, g in games_by_period.items() if 0 < now - list_period(d) <= 4)
    return "inactive" if is_inactive(games) else "active"


# -- The event check (1.x-6.x) ----------------------------------------------------------------


def game_label(game: Game) -> str:
    return f"r{game.round} {game.white}-{game.black}"


@dataclass
class Assessment:
    """What the validity rules leave of an event: rows of the check, excluded games (by
    index into ``event.games``) with the rule, dropped players, and whether it is rated as a
    Swiss."""

    rows: list[dict[str, object]] = field(default_factory=list)
    excluded: dict[int, str] = field(default_factory=dict)
    event_rule: str | None = None
    dropped: list[str] = field(default_factory=list)
    as_swiss: bool = False
    unchecked: list[str] = field(default_factory=list)
    cycles: int = 1
    #: Why an excluded game is not rated, where the rule number alone does not say it.
    reasons: dict[int, str] = field(default_factory=dict)

    def add(self, rule: str, problem: str, games: Sequence[str] | str = ()) -> None:
        cells = [games] if isinstance(games, str) else list(games)
        self.rows.append({"rule": rule, "problem": problem, "games": cells})


def _minimum_minutes(strongest: int | None) -> tuple[int, str]:
    if strongest is not None and strongest >= 2200:
        return 120, "1.11"
    if strongest is not None and strongest >= 1600:
        return 90, "1.12"
    return 60, "1.13"


def _score_only(event: Event) -> bool:
    return event.score_only


def _points(event: Event, player_id: str) -> Fraction:
    if _score_only(event):
        return Fraction(str(event.player(player_id).extra["points"]))
    return Fraction(str(event.points(player_id)))


def assess(event: Event) -> Assessment:
    """Apply the validity rules 1.x-6.x (2.1: shogi handicap games and shogi results are not
    chess games; and 10.67) to an event."""
    out = Assessment()
    games = list(event.games)
    labels = [game_label(g) for g in games]
    ratings = [p.rating for p in event.players if p.rating is not None]
    rated_ids = {p.id for p in event.players if p.rating is not None}
    score_only = _score_only(event)
    round_robin = event.type is EventType.ROUND_ROBIN
    all_games = ["all"] if games or score_only else []

    def exclude(rule: str, problem: str, indices: Sequence[int]) -> None:
        """A problem with these games, which are not rated for it."""
        out.add(rule, problem, [labels[i] for i in indices])
        for i in indices:
            out.excluded.setdefault(i, rule)

    def exclude_all(rule: str) -> None:
        out.event_rule = out.event_rule or rule
        for i in range(len(games)):
            out.excluded.setdefault(i, rule)

    # 1.1 / 1.2 time control by the strongest player.
    minutes = event.extra.get("minutes")
    if minutes is None:
        out.unchecked.append("1.1 (no field 'minutes')")
    else:
        need, rule = _minimum_minutes(max(ratings, default=None))
        if minutes < need:
            who = (
                f"the strongest player is rated {max(ratings)}" if ratings else "no player is rated"
            )
            out.add(
                rule,
                f"{minutes} minutes per player for 60 moves, but {who}: at least {need} are "
                "needed; faster games are not rated (1.2)",
                all_games,
            )
            exclude_all(rule)

    # 3.1 at most three rounds and 12 hours of play a day.
    per_day: dict[date, set[int]] = defaultdict(set)
    for game in games:
        if game.date is not None:
            per_day[game.date].add(game.round)
    day_rounds = {d: len(r) for d, r in per_day.items()}
    field_rounds = event.extra.get("rounds_per_day")
    hours = event.extra.get("hours_per_day")
    if not day_rounds and field_rounds is None and hours is None:
        out.unchecked.append("3.1 (no game dates, 'rounds_per_day' or 'hours_per_day')")
    for day, count in sorted(day_rounds.items()):
        that_day = [i for i, g in enumerate(games) if g.date == day]
        if count > 3:
            exclude("3.1", f"{count} rounds on {day.isoformat()}: at most 3 a day", that_day)
        if minutes is not None and count * 2 * minutes > 12 * 60:
            exclude(
                "3.1",
                f"{count} rounds of 2 x {minutes} minutes on {day.isoformat()}: "
                f"{count * 2 * minutes / 60:g} hours of play, at most 12 a day",
                that_day,
            )
    if field_rounds is not None and field_rounds > 3:
        out.add("3.1", f"{field_rounds} rounds a day: at most 3", all_games)
        exclude_all("3.1")
    if hours is not None and hours > 12:
        out.add("3.1", f"{hours:g} hours of play a day: at most 12", all_games)
        exclude_all("3.1")
    elif field_rounds is not None and minutes is not None and field_rounds * 2 * minutes > 720:
        total = field_rounds * 2 * minutes / 60
        out.add(
            "3.1",
            f"{field_rounds} rounds of 2 x {minutes} minutes a day: {total:g} hours of play, "
            "at most 12",
            all_games,
        )
        exclude_all("3.1")

    # 4.1 at most 90 days (4.11: leagues may be longer).
    dates = [g.date for g in games if g.date is not None]
    start = event.start or (min(dates) if dates else None)
    end = event.end or (max(dates) if dates else None)
    if start is None or end is None:
        out.unchecked.append("4.1 (no dates)")
    else:
        days = (end - start).days + 1
        if days > 90 and not event.extra.get("league"):
            out.add(
                "4.1",
                f"the event lasted {days} days ({start.isoformat()} to {end.isoformat()}): "
                "at most 90",
                all_games,
            )
            exclude_all("4.1")

    # 5.1 unplayed games are not rated.
    unplayed = [i for i, g in enumerate(games) if not g.is_played]
    if unplayed:
        exclude("5.1", f"{len(unplayed)} game(s) not played (forfeits) are not rated", unplayed)

    # 2.1 the games must be played under the FIDE Laws of Chess: shogi data are not.
    shogi: dict[str, list[int]] = {}
    for i, game in enumerate(games):
        why = not_a_chess_game(game) if game.is_played else None
        if why is not None:
            shogi.setdefault(why, []).append(i)
            out.excluded.setdefault(i, "2.1")
            out.reasons[i] = why
    for why, indices in shogi.items():
        out.add(
            "2.1",
            f"{why} ({len(indices)} game(s)): the FIDE Laws of Chess must apply (2.1)",
            [labels[i] for i in indices],
        )

    # 6.1 unrated players with zero score are dropped, and the points taken from them.
    remaining = {p.id for p in event.players}
    changed = True
    while changed:
        changed = False
        for player in event.players:
            if player.id not in remaining or player.rating is not None:
                continue
            if score_only:
                # Each dropped player scored 0, so every other player took all his points.
                cycles = int(event.extra.get("cycles", 1))
                score = _points(event, player.id) - cycles * len(out.dropped)
            else:
                chess = [
                    i
                    for i, g in enumerate(games)
                    if g.involves(player.id) and g.is_played and i not in out.reasons
                ]
                if not chess:
                    continue  # no game of chess played: nothing scored, nothing to drop
                score = sum(
                    (
                        Fraction(str(games[i].score_of(player.id)))
                        for i in chess
                        if games[i].opponent_of(player.id) in remaining
                    ),
                    Fraction(0),
                )
            if score == 0:
                remaining.discard(player.id)
                out.dropped.append(player.id)
                changed = True
                exclude(
                    "6.1",
                    f"unrated {player.id!r} scored 0: his games and the points taken from him "
                    "are not counted",
                    [i for i, g in enumerate(games) if g.involves(player.id)],
                )

    # 6.43 a round robin with unplayed games is rated as a Swiss.
    if round_robin and not score_only:
        partly = sorted({r for r in out.excluded.values() if r not in ("5.1", "6.1")})
        if unplayed or not is_complete_round_robin(event):
            out.as_swiss = True
            out.add("6.43", "a round robin with unplayed games is rated as a Swiss", [])
        elif partly and out.event_rule is None:
            out.as_swiss = True
            out.add(
                "6.43",
                f"games not rated under rule {', '.join(partly)} leave the round robin "
                "incomplete: it is rated as a Swiss",
                [],
            )
        else:
            meetings = Counter(frozenset(g.players) for g in games)
            out.cycles = max(meetings.values(), default=1)
    if score_only:
        out.cycles = int(event.extra.get("cycles", 1))

    # 6.3 composition of a round robin.
    if round_robin and not out.as_swiss:
        count = len(remaining)
        rated = len(rated_ids & remaining)
        unrated = count - rated
        champ = event.extra.get("championship")
        problems: list[tuple[str, str]] = []
        if champ is not None:
            need = 2 if champ == "national women" else 3
            if rated < need:
                problems.append(
                    ("6.33", f"a {champ} championship needs {need} rated players, has {rated}")
                )
        else:
            if rated * 3 < count:
                problems.append(
                    ("6.3", f"{rated} of {count} players rated: at least a third must be")
                )
            if count < 10 and rated < 4:
                problems.append(
                    ("6.31", f"{count} players and {rated} rated: fewer than 10 need 4 rated")
                )
            if out.cycles >= 2 and unrated and (count < 6 or rated < 4):
                problems.append(
                    (
                        "6.32",
                        f"double round robin with {unrated} unrated: needs at least 6 players "
                        f"(has {count}) and 4 rated (has {rated})",
                    )
                )
        for rule, problem in problems:
            out.add(rule, problem + "; the event is not rated", all_games)
            exclude_all(rule)

    swiss_like = not round_robin or out.as_swiss
    # 10.67 / 6.4 Scheveningen with unrated players.
    if event.extra.get("scheveningen") and rated_ids != {p.id for p in event.players}:
        out.add("10.67", "a Scheveningen event with unrated players is not rated", all_games)
        exclude_all("10.67")
    elif swiss_like and not score_only:
        # 6.4 only games against rated opponents count: games between two unrated players
        # are not rated.
        both = [
            i
            for i, g in enumerate(games)
            if g.white not in rated_ids and g.black not in rated_ids and i not in out.excluded
        ]
        if both:
            exclude(
                "6.4", "in a Swiss or team event only games against rated opponents count", both
            )
        # 6.42 unrated players need 4 rated opponents.
        for player in event.players:
            if player.id in rated_ids or player.id in out.dropped:
                continue
            mine = [
                i
                for i, g in enumerate(games)
                if g.involves(player.id)
                and g.opponent_of(player.id) in rated_ids
                and i not in out.excluded
            ]
            opponents = {games[i].opponent_of(player.id) for i in mine}
            if mine and len(opponents) < 4:
                exclude(
                    "6.42",
                    f"unrated {player.id!r} met {len(opponents)} rated opponent(s): at least 4 "
                    "are needed for him to be rated",
                    mine,
                )

    # 6.5 match games played after the match was decided.
    if event.type is EventType.MATCH and not score_only:
        scheduled = event.extra.get("match_games")
        if scheduled is None:
            out.unchecked.append("6.5 (no field 'match_games')")
        else:
            score: Counter[str] = Counter()
            decided_at = None
            late = []
            for i, game in sorted(enumerate(games), key=lambda item: item[1].round):
                if decided_at is not None:
                    late.append(i)
                    continue
                for pid in game.players:
                    score[pid] += Fraction(str(game.score_of(pid)))
                if any(s * 2 > scheduled for s in score.values()):
                    decided_at = game.round
            if late:
                exclude(
                    "6.5",
                    f"the {scheduled}-game match was decided in round {decided_at}; later games "
                    "are not rated",
                    late,
                )
    return out


# -- The rating computation -------------------------------------------------------------------


@dataclass(frozen=True)
class BergerResult:
    """The round robin computation of 10.21, 10.61 and 10.68, before K."""

    Rar: Fraction | None
    dpa: Fraction | None
    Ra: Fraction | int | None
    players: int
    opponents: int
    games: int
    rows: Mapping[str, Mapping[str, object]]
    clamps: tuple[Mapping[str, object], ...]


def berger(
    entries: Sequence[tuple[str, int | None, object]],
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
        raise RuleSetCannotRateError(f"a round robin needs 2 players, got {count}")
    n = count - 1
    games = cycles * n
    rated = [(pid, r, exact(w)) for pid, r, w in entries if r is not None]
    has_unrated = len(rated) < count
    rows: dict[str, dict[str, object]] = {}
    for pid, rating, points in entries:
        row: dict[str, object] = {"points": exact(points), "p": None, "dp": None}
        if rating is not None:
            p = exact(points) / games
            row["p"] = Fraction(_round(p * 100), 100)
            row["dp"] = table_dp(p)
        rows[pid] = row
    if not rated:
        return BergerResult(None, None, None, count, n, games, rows, ())
    rar = Fraction(sum(r for _, r, _ in rated), len(rated))
    if has_unrated:
        dpa = Fraction(sum(rows[pid]["dp"] for pid, _, _ in rated), len(rated))
        ra: Fraction | int = _round(rar - dpa * Fraction(n, n + 1))
    else:
        dpa = None
        ra = rar

    def unrated_ru(rc: int, points) -> tuple[int, str]:
        # 10.22-10.25 for a round robin, in both passes of 10.68.
        return unrated_performance(
            rc,
            points,
            games,
            round_robin=True,
            opponents=n,
            below_half_factor=below_half_factor,
            step=step,
        )

    first: dict[str, int] = {}
    for pid, rating, points in entries:
        row = rows[pid]
        if rating is not None:
            row["Rc"] = _round((ra * (n + 1) - rating) / n)
            first[pid] = rating
        else:
            row["Rc"] = int(ra)
            ru, rule = unrated_ru(int(ra), points)
            row["Ru"] = ru
            row["Ru rule"] = rule
            first[pid] = ru
    clamps = []
    for pid, rating, points in entries:
        row = rows[pid]
        own = first[pid]
        total = 0
        for other, _, _ in entries:
            if other == pid:
                continue
            counted = clamp_to(first[other], own, limit)
            if counted != first[other]:
                total += counted - first[other]
                clamps.append(
                    {
                        "player": pid,
                        "reference": own,
                        "opponent": other,
                        "rating": first[other],
                        "counted as": counted,
                        "adjustment": counted - first[other],
                    }
                )
        row["adjustment"] = total
        row["Rc2"] = _round(row["Rc"] + Fraction(total, n))
        if rating is None:
            ru2, rule = unrated_ru(row["Rc2"], points)
            row["Ru2"] = ru2
            row["Ru rule"] = rule
        else:
            d = rating - row["Rc2"]
            row["D"] = d
            row["PD"] = table_pd_exact(d)
            row["We"] = row["PD"] * games
    return BergerResult(rar, dpa, ra, count, n, games, rows, tuple(clamps))


def swiss(
    entries: Mapping[str, Sequence[tuple[str, Fraction]]],
    ratings: Mapping[str, int | None],
    *,
    limit: int = 350,
    step: Fraction = Fraction(25, 2),
) -> tuple[dict[str, dict[str, object]], list[dict[str, object]]]:
    """The average method for Swiss, team and match events (10.61, 10.2): ``entries`` maps a
    player to his counted games ``(opponent id, own score)``.

    Rated player: Rc = average of his opponents' ratings, each within ``limit`` of his own,
    rounded; D, PD, We.  Unrated player: Rc = average of his rated opponents, Ru (10.22-10.24);
    second pass with the opponents within ``limit`` of that Ru: Rc2, Ru2.
    """
    rows: dict[str, dict[str, object]] = {}
    clamps: list[dict[str, object]] = []
    for pid, played in entries.items():
        if not played:
            continue
        n = len(played)
        points = sum((s for _, s in played), Fraction(0))
        own = ratings[pid]
        row: dict[str, object] = {"points": points, "games": n}
        if own is not None:
            counted = [clamp_to(ratings[o], own, limit) for o, _ in played]
            for (o, _), c in zip(played, counted, strict=True):
                if c != ratings[o]:
                    clamps.append(
                        {
                            "player": pid,
                            "reference": own,
                            "opponent": o,
                            "rating": ratings[o],
                            "counted as": c,
                            "adjustment": c - ratings[o],
                        }
                    )
            row["Rc"] = _round(Fraction(sum(ratings[o] for o, _ in played), n))
            row["Rc2"] = _round(Fraction(sum(counted), n))
            row["D"] = own - row["Rc2"]
            row["PD"] = table_pd_exact(row["D"])
            row["We"] = row["PD"] * n
        else:
            if points == 0:
                row["Ru rule"] = "6.1"
                rows[pid] = row
                continue
            rc = _round(Fraction(sum(ratings[o] for o, _ in played), n))
            ru, _ = unrated_performance(rc, points, n, round_robin=False, step=step)
            counted = [clamp_to(ratings[o], ru, limit) for o, _ in played]
            for (o, _), c in zip(played, counted, strict=True):
                if c != ratings[o]:
                    clamps.append(
                        {
                            "player": pid,
                            "reference": ru,
                            "opponent": o,
                            "rating": ratings[o],
                            "counted as": c,
                            "adjustment": c - ratings[o],
                        }
                    )
            rc2 = _round(Fraction(sum(counted), n))
            ru2, rule = unrated_performance(rc2, points, n, round_robin=False, step=step)
            row.update({"Rc": rc, "Ru": ru, "Rc2": rc2, "Ru2": ru2, "Ru rule": rule})
        rows[pid] = row
    return rows, clamps


PLAYER_COLUMNS = (
    "p",
    "dp",
    "Rc",
    "Rc2",
    "Ru",
    "Ru2",
    "Ru rule",
    "D",
    "PD",
    "We",
    "K",
    "DR",
    "status",
)
CLAMP_COLUMNS = ("player", "reference", "opponent", "rating", "counted as", "adjustment")
GAME_COLUMNS = ("round", "white", "black", "result", "rated", "rule")
FORMATS = {
    "p": "{:.2f}",
    "PD": "{:.2f}",
    "We": "{:.2f}",
    "DR": "{:+.2f}",
    "change": "{:+.2f}",
    "expected": "{:.2f}",
}


@dataclass(frozen=True)
class Fide1982:
    """The FIDE 1982-2000 rating rules as a frozen set of parameters.

    ``below_half_factor`` is the one point where the rules and their own worked example part:
    rule 10.25 gives an unrated player below 50% in a round robin Ru = Rc + dp * n/(n+1); the
    example 10.68 computes Ru(H) = 2348 - 220 = 2128 and Ru(I) = 2348 - 351 = 1997, without
    the factor.
    """

    name: str
    title: str
    document: str = DOCUMENT
    valid_from: date | None = None
    valid_until: date | None = None
    #: The 1982 rules rate chess, from games or from a score table's totals (10.2x).
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = True
    below_half_factor: bool = False
    half_point_step: Fraction = Fraction(25, 2)  # 10.23
    limit: int = 350  # 10.61
    rn_floor: int = 2005  # 10.31, 10.32
    rn_step: int = 5  # 10.32
    list_floor: int = 2001  # 9.21
    new_player_games: int = 9  # 9.14

    # -- the event check ---------------------------------------------------------------
    def check(self, event: Event, players: PlayerFile | None = None) -> Table:
        """The validity rules 1.x-6.x (and 10.67) the event breaks: one row per rule broken,
        with the games that are therefore not rated ("all": the whole event).  The title
        names the rules that could not be checked for lack of data."""
        found = assess(event)
        title = f"{self.name} checks of {event.name}"
        if found.unchecked:
            title += "; not checked for lack of data: " + ", ".join(found.unchecked)
        return Table(title, ("rule", "problem", "games"), found.rows)

    # -- rating ------------------------------------------------------------------------
    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """Rate one event by the average method of 10.6 (see the module docstring)."""
        found = assess(event)
        notes: list[str] = []
        notes.extend(event_notes(event))  # how the type was decided, which encoding was read
        records: dict[str, PlayerRecord] = {}
        if players is not None:
            match = players.match([(p.id, p.name) for p in event.players])
            records = dict(match.records)
            notes.append(match.note())
        score_only = _score_only(event)
        if score_only and event.type is not EventType.ROUND_ROBIN:
            raise RuleSetCannotRateError(
                f"{event.name}: a score table can only be rated as a round robin "
                f"(the event says {event.type.value}); give the games for a {event.type.value}"
            )
        for row in found.rows:
            games = ", ".join(str(g) for g in row["games"])
            notes.append(
                f"rule {row['rule']}: {row['problem']}"
                + (f" (not rated: {games})" if games else "")
            )
        if found.unchecked:
            notes.append("not checked for lack of data: " + ", ".join(found.unchecked))
        rows_by_id: dict[str, dict[str, object]] = {}
        summary: dict[str, object] = {}
        clamps: list[Mapping[str, object]] = []
        counted_games: dict[str, int] = {}
        if found.event_rule is not None:
            summary["method"] = f"not rated (rule {found.event_rule})"
        if found.event_rule is not None:
            pass  # nothing is rated; the notes say why
        elif event.type is EventType.ROUND_ROBIN and not found.as_swiss:
            result = self._berger(event, found)
            summary.update(
                {
                    "method": "round robin, average method (10.21, 10.61, 10.68)",
                    "players": result.players,
                    "n (opponents)": result.opponents,
                    "Rar": result.Rar,
                    "dpa": result.dpa,
                    "Ra": result.Ra,
                }
            )
            if result.dpa is None and result.Rar is not None:
                notes.append(
                    "every player is rated: Ra = Rar, so Rc is the plain average of the "
                    "opponents (the dpa correction of 10.21 is for unrated players)"
                )
            if any(r.get("p") in (0, 1) for r in result.rows.values()):
                notes.append(
                    "a rated player scored 0% or 100%: table 10.1a leaves dp undefined there; "
                    "dp = -800 / +800 assumed (FIDE 2014 8.1a convention)"
                )
            rows_by_id = {k: dict(v) for k, v in result.rows.items()}
            clamps = list(result.clamps)
            counted_games = {pid: result.games for pid in result.rows}
        else:
            summary["method"] = "average method for Swiss, team and match events (10.61, 10.2)"
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
            swiss_rows, clamps = swiss(
                entries, ratings, limit=self.limit, step=self.half_point_step
            )
            rows_by_id = swiss_rows
            counted_games = {pid: len(v) for pid, v in entries.items()}
        why = {pid: "6.1" for pid in found.dropped}
        for i, rule in found.excluded.items():
            for pid in event.games[i].players:
                why.setdefault(pid, rule)
        if found.event_rule is not None:
            why = {p.id: found.event_rule for p in event.players}
        rows, new_records = self._finish(event, rows_by_id, counted_games, records, notes, why)
        sections = [Table("350-point rule (10.61, 10.68 second pass)", CLAMP_COLUMNS, clamps)]
        game_rows = [
            {
                "round": g.round,
                "white": g.white,
                "black": g.black,
                "result": g.result_code,
                "rated": i not in found.excluded,
                "rule": (
                    f"{found.excluded[i]}: {found.reasons[i]}"
                    if i in found.reasons
                    else found.excluded.get(i)
                ),
            }
            for i, g in enumerate(event.games)
        ]
        return Report.build(
            title=event.name,
            rules=self.name,
            rows=rows,
            extra_columns=PLAYER_COLUMNS,
            game_rows=game_rows,
            game_columns=GAME_COLUMNS if game_rows else (),
            summary=summary,
            notes=notes,
            sections=sections,
            formats=FORMATS,
            new_state=PlayerFile(tuple(new_records), f"after {event.name}"),
        )

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """Several events of one rating period (10.65): each is rated with the ratings it was
        played with (9.11: the list in force at its start), the changes add up,
        Rn = Ro + sum(DR), rounded once (10.66).  A new player's results pool into one Rn
        (10.3, 9.14)."""
        if not events:
            raise RuleSetCannotRateError("no events to rate")
        reports = [self.rate(event, players) for event in events]
        order: list[str] = []
        rows_of: dict[str, list[Mapping[str, object]]] = defaultdict(list)
        for report in reports:
            for row in report.players.rows:
                if row["id"] not in rows_of:
                    order.append(row["id"])
                rows_of[row["id"]].append(row)
        records: dict[str, PlayerRecord] = {}
        if players is not None:
            records = dict(players.match([(pid, rows_of[pid][0]["name"]) for pid in order]).records)
        notes = [
            f"{e.name}: {note}" for e, r in zip(events, reports, strict=True) for note in r.notes
        ]
        rows = []
        new_records = []
        for pid in order:
            mine = rows_of[pid]
            first = mine[0]
            before = first["rating_before"]
            if any(r["rating_before"] != before for r in mine):
                seen = ", ".join(str(r["rating_before"]) for r in mine)
                notes.append(
                    f"{pid!r} enters the events with different ratings ({seen}); "
                    f"Ro = {before}, the first"
                )
            games = sum(int(r["games"] or 0) for r in mine)
            score = sum((Fraction(r["score"]) for r in mine if r["score"] is not None), Fraction(0))
            row: dict[str, object] = {
                "id": pid,
                "name": first["name"],
                "rating_before": before,
                "games": games,
                "score": score,
                "expected": None,
                "change": None,
                "rating_after": before,
                "events": len(mine),
            }
            record = records.get(pid)
            if before is not None:
                changes = [r["DR"] for r in mine if r.get("DR") is not None]
                if changes:
                    total = sum(changes, Fraction(0))
                    row["expected"] = sum(
                        (r["expected"] for r in mine if r.get("expected") is not None),
                        Fraction(0),
                    )
                    row["change"] = row["DR"] = total
                    row["rating_after"] = _round(before + total)
                after = row["rating_after"]
                row["status"] = (
                    f"below {self.list_floor}: leaves the list (9.21)"
                    if leaves_list(after, self.list_floor)
                    else "rated"
                )
                history = record.games if record is not None else None
                new_records.append(
                    PlayerRecord(
                        id=pid,
                        name=str(first["name"]),
                        rating=None if leaves_list(after, self.list_floor) else after,
                        games=history + games if history is not None else None,
                        ever_2400=True
                        if (after >= 2400 or (record and record.ever_2400))
                        else None,
                    )
                )
            else:
                results = [(r["Ru2"], int(r["games"])) for r in mine if r.get("Ru2") is not None]
                pooled = _prior_results(record) + results
                outcome = new_player_rating(
                    pooled, min_games=self.new_player_games, floor=self.rn_floor, step=self.rn_step
                )
                row["rating_after"] = outcome.published
                row["status"] = f"new player ({outcome.rule}): {outcome.explanation}"
                keep = outcome.rule == "9.14" and pooled
                new_records.append(
                    PlayerRecord(
                        id=pid,
                        name=str(first["name"]),
                        rating=outcome.published,
                        games=outcome.games if outcome.published else None,
                        extra={"ru_results": " ".join(f"{ru}x{g}" for ru, g in pooled)}
                        if keep
                        else {},
                    )
                )
            rows.append(row)
        sections = [
            replace(report.players, title=f"{event.name} ({self.name})")
            for event, report in zip(events, reports, strict=True)
        ]
        return Report.build(
            title=f"rating period of {len(events)} events",
            rules=self.name,
            rows=rows,
            extra_columns=("events", "DR", "status"),
            notes=notes,
            sections=sections,
            formats=FORMATS,
            new_state=PlayerFile(tuple(new_records), "after the rating period"),
        )

    def _berger(self, event: Event, found: Assessment) -> BergerResult:
        remaining = [p for p in event.players if p.id not in found.dropped]
        dropped = set(found.dropped)
        entries = []
        for player in remaining:
            if _score_only(event):
                # Each dropped player scored 0: everyone took all his points from him (6.1).
                points = _points(event, player.id) - found.cycles * len(dropped)
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
        return berger(
            entries,
            found.cycles,
            below_half_factor=self.below_half_factor,
            limit=self.limit,
            step=self.half_point_step,
        )

    def _finish(self, event, computed, counted_games, records, notes, why):
        rows = []
        new_records = []
        assumed: dict[int, list[str]] = {}
        for player in event.players:
            record = records.get(player.id)
            values = computed.get(player.id, {})
            games = counted_games.get(player.id, 0) if values else 0
            score = values.get("points") if values else None
            row: dict[str, object] = {
                "id": player.id,
                "name": player.name,
                "rating_before": player.rating,
                "games": games,
                "score": score,
                "expected": None,
                "change": None,
                "rating_after": player.rating,
            }
            for key in PLAYER_COLUMNS:
                if key in values:
                    row[key] = values[key]
            history = record.games if record is not None else None
            ever = bool(record.ever_2400) if record is not None and record.ever_2400 else False
            if player.rating is not None:
                if "We" in values:
                    k, note = k_factor(
                        player.rating,
                        history,
                        record.ever_2400 if record is not None else None,
                        record.k if record is not None else None,
                    )
                    if note:
                        assumed.setdefault(k, []).append(player.id)
                    dr = k * (values["points"] - values["We"])
                    after = _round(player.rating + dr)
                    row.update({"expected": values["We"], "change": dr, "K": k, "DR": dr})
                    row["rating_after"] = after
                    row["status"] = "rated"
                    if leaves_list(after, self.list_floor):
                        row["status"] = f"below {self.list_floor}: leaves the list (9.21)"
                    ever = ever or after >= 2400
                else:
                    rule = why.get(player.id)
                    row["status"] = "no rated games" + (f" (rule {rule})" if rule else "")
                after = row["rating_after"]
                new_rating = None if leaves_list(after, self.list_floor) else after
                new_records.append(
                    PlayerRecord(
                        id=player.id,
                        name=player.name,
                        rating=new_rating,
                        games=(history or 0) + games if history is not None else None,
                        ever_2400=ever or None,
                        extra={"last_rating": str(after)} if new_rating is None else {},
                    )
                )
            else:
                if "Ru2" in values:
                    pooled = [*list(_prior_results(record)), (values["Ru2"], games)]
                    outcome = new_player_rating(
                        pooled,
                        min_games=self.new_player_games,
                        floor=self.rn_floor,
                        step=self.rn_step,
                    )
                    row["rating_after"] = outcome.published
                    row["status"] = f"new player ({outcome.rule}): {outcome.explanation}"
                    keep = "" if outcome.rule == "10.31" or outcome.published else None
                    if keep is None:
                        keep = " ".join(f"{ru}x{g}" for ru, g in pooled)
                    new_records.append(
                        PlayerRecord(
                            id=player.id,
                            name=player.name,
                            rating=outcome.published,
                            games=outcome.games if outcome.published else None,
                            extra={"ru_results": keep} if keep else {},
                        )
                    )
                else:
                    rule = why.get(player.id) or ("6.1" if values.get("Ru rule") == "6.1" else "")
                    row["status"] = "unrated, not rated in this event" + (
                        f" (rule {rule})" if rule else ""
                    )
                    new_records.append(PlayerRecord(id=player.id, name=player.name, rating=None))
                olympiad = event.extra.get("olympiad")
                if olympiad and not _score_only(event):
                    listed = olympiad_rating(
                        len(event.played_games_of(player.id)),
                        event.round_count,
                        event.points(player.id),
                        row["rating_after"],
                        women=olympiad == "women",
                    )
                    if listed is not None and listed != row["rating_after"]:
                        row["rating_after"] = listed
                        row["status"] = (
                            f"{row['status']}; Olympiad: half the rounds played with at least "
                            f"50%, listed at {listed} (10.4)"
                        )
                        new_records[-1] = replace(new_records[-1], rating=listed, extra={})
            rows.append(row)
        if assumed:
            who = "; ".join(f"K={k} for {', '.join(ids)}" for k, ids in sorted(assumed.items()))
            notes.append(
                f"{who}: no games count in a player file, so taken as established (30 games "
                "or more): K=10 from 2400, else 15 (10.64)"
            )
        return rows, new_records


def _prior_results(record: PlayerRecord | None) -> list[tuple[int, int]]:
    """Earlier results of a new player kept by a player file as ``ru_results``: ``Ru x games``
    separated by spaces (``2280x5 2400x10``)."""
    if record is None:
        return []
    text = str(record.extra.get("ru_results", "")).strip()
    out = []
    for item in text.split():
        try:
            ru, games = item.lower().split("x")
            out.append((int(ru), int(games)))
        except ValueError:
            raise InvalidValueError(
                f"ru_results must read like '2280x5 2400x10', got {item!r}",
                record.location,
                item,
            ) from None
    return out


# -- 14.3 convergence, 14.1 approximation ----------------------------------------------------


def convergence_games(
    k: int,
    *,
    start_gap: int = 200,
    players: int = 300,
    games: int = 120,
    spread: float = 100.0,
    seed: int = 1982,
) -> dict[str, object]:
    """Simulate 14.3 with a fixed seed.

    ``players`` players of true strength 0 start rated ``start_gap`` below it.  Each plays
    ``games`` games, one rating period each, against opponents rated at their true strength
    (drawn around 0 with standard deviation ``spread``); a game is won with the logistic
    probability of the true difference (14.1), else lost.  After each game the rating moves by
    K * (W - We) with We from table 10.1b (10.6).  The gap (true strength - rating, averaged
    over the players) shrinks roughly geometrically; the function returns the mean gap after
    each game and ``games``: the first game count at which the gap is down to 1/e of the start,
    the rating's time constant, which is what "reaches his performance in about N games" can
    be measured by.
    """
    import math

    from ..core.expected import logistic, table_pd_hundredths

    rng = random.Random(seed)
    ratings = [-float(start_gap)] * players
    gaps = [float(start_gap)]
    for _ in range(games):
        for i in range(players):
            opponent = rng.gauss(0.0, spread)
            score = 1.0 if rng.random() < logistic(-opponent) else 0.0
            we = table_pd_hundredths(round(ratings[i] - opponent)) / 100
            ratings[i] += k * (score - we)
        gaps.append(-sum(ratings) / players)
    target = start_gap / math.e
    reached = next((i for i, gap in enumerate(gaps) if gap <= target), None)
    return {"k": k, "gaps": gaps, "target": target, "games": reached}


def convergence_table(
    ks: Sequence[int] = (10, 15, 25), runs: Sequence[Mapping[str, object]] | None = None
) -> Table:
    """14.3's claim (K=10 ~75 games, 15 ~50, 25 ~30) against :func:`convergence_games`:
    the games until the mean gap is down to 1/e of its start.  ``runs`` reuses results of
    :func:`convergence_games`."""
    claim = {10: 75, 15: 50, 25: 30}
    runs = list(runs) if runs is not None else [convergence_games(k) for k in ks]
    rows = [
        {"K": run["k"], "14.3 says": claim.get(run["k"]), "simulated": run["games"]} for run in runs
    ]
    return Table(
        "Games until the gap to the true strength is down to 1/e (14.3)",
        ("K", "14.3 says", "simulated"),
        rows,
    )


# -- Helpers the workbook displays -----------------------------------------------------------


def columns(report: Report, *names: str) -> Table:
    """Some columns of a report's player table (with ``id``), for a step-by-step display."""
    wanted = ("id", *names)
    rows = [{c: row.get(c) for c in wanted} for row in report.players.rows]
    formats = {c: f for c, f in report.players.formats.items() if c in wanted}
    return Table(", ".join(names), wanted, rows, formats)


def summary_table(report: Report, *names: str) -> Table:
    """Event-level values of a report (all of them, or ``names``) as a two-column table."""
    keys = names or tuple(report.summary)
    rows = [{"name": k, "value": report.summary.get(k)} for k in keys]
    return Table("summary", ("name", "value"), rows, {"value": "{:g}"})


def variant_table(event: Event) -> Table:
    """The unrated players' Ru, Ru2 and published Rn under ``fide-1982`` (as the example
    10.68 computes) and ``fide-1982-literal`` (10.25 with n/(n+1))."""
    example = FIDE_1982.rate(event)
    literal = FIDE_1982_LITERAL.rate(event)
    rows = []
    for player in event.players:
        if player.rating is not None:
            continue
        a, b = example[player.id], literal[player.id]
        rows.append(
            {
                "id": player.id,
                "score": a["score"],
                "Ru (10.68)": a.get("Ru"),
                "Ru (10.25)": b.get("Ru"),
                "Ru2 (10.68)": a.get("Ru2"),
                "Ru2 (10.25)": b.get("Ru2"),
                "Rn (10.68)": a.get("rating_after"),
                "Rn (10.25)": b.get("rating_after"),
            }
        )
    names = ("id", "score", "Ru (10.68)", "Ru (10.25)", "Ru2 (10.68)", "Ru2 (10.25)")
    return Table(
        "Unrated players: the example's convention against rule 10.25",
        (*names, "Rn (10.68)", "Rn (10.25)"),
        rows,
    )


def replacement_effect(
    event: Event,
    player_id: str,
    ratings: Iterable[int],
    rules: Fide1982 | None = None,
) -> Table:
    """What the event would have given had ``player_id`` been rated each of ``ratings``
    (same scores): Ra and every unrated player's final Ru2.  The 10.68 remark that F was a
    poor choice for the event, in numbers."""
    rules = rules or FIDE_1982
    unrated = [p.id for p in event.players if p.rating is None and p.id != player_id]
    rows = []
    for rating in ratings:
        report = rules.rate(with_rating(event, player_id, rating))
        row: dict[str, object] = {f"{player_id} rated": rating, "Ra": report.summary.get("Ra")}
        row.update({f"Ru2 {pid}": report[pid].get("Ru2") for pid in unrated})
        rows.append(row)
    names = (f"{player_id} rated", "Ra", *(f"Ru2 {pid}" for pid in unrated))
    return Table(f"If {player_id} had been rated otherwise (same scores)", names, rows)


# -- The named rule sets ---------------------------------------------------------------------

FIDE_1982 = Fide1982(
    name="fide-1982",
    title="FIDE Rating Rules 1982-2000 as the worked example 10.68 computes them "
    "(Ru below 50% in a round robin = Rc + dp, no n/(n+1))",
)

FIDE_1982_LITERAL = Fide1982(
    name="fide-1982-literal",
    title="FIDE Rating Rules 1982-2000 with rule 10.25 as written "
    "(Ru below 50% in a round robin = Rc + dp * n/(n+1))",
    below_half_factor=True,
)


def with_points(event: Event, player_id: str, points) -> Event:
    """A score-only event with one player's points changed (the others unchanged)."""
    player = event.player(player_id)
    return event.with_player(replace(player, extra={**player.extra, "points": float(points)}))


def with_rating(event: Event, player_id: str, rating: int | None) -> Event:
    """An event with one player's rating changed (``None``: unrated)."""
    return event.with_player(replace(event.player(player_id), rating=rating))


def score_event(
    rows: Iterable[tuple[str, int | None, object]], name: str = "event", cycles: int = 1
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
    "FIDE_1982",
    "FIDE_1982_LITERAL",
    "Fide1982",
    "activity",
    "assess",
    "berger",
    "clamp_to",
    "columns",
    "convergence_games",
    "convergence_table",
    "is_inactive",
    "k_factor",
    "leaves_list",
    "list_for_event",
    "list_period",
    "new_player_rating",
    "olympiad_rating",
    "pool_new_player_results",
    "replacement_effect",
    "score_event",
    "summary_table",
    "swiss",
    "unrated_performance",
    "variant_table",
    "with_points",
    "with_rating",
]
