"""The event check of the FIDE 1982-2000 rules: the validity rules 1.x-6.x and 10.67.

:func:`assess` applies them one step after the other, each step named after the rules it
applies, and returns an :class:`Assessment`: the :class:`~ratingkit.core.outcome.Finding`
values (``check`` shows them as a :class:`~ratingkit.core.report.CheckTable`), the games each
rule leaves unrated, the players dropped by 6.1, and whether a round robin is rated as a Swiss
(6.43).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError, Location
from ..core.extras import Competition, RateOfPlay, ScoreTableRow
from ..core.i18n import N_, tr, trn
from ..core.model import Event, EventType, Game, is_complete_round_robin
from ..core.outcome import Finding, GameRef, Rule
from ..core.ruleset import not_a_chess_game

#: What each validity rule says, in words (the text of the :class:`Rule` of a finding).
RULE_TEXTS: Mapping[str, str] = {
    "1.11": N_("at least 120 minutes for 60 moves when a player is rated 2200 or more"),
    "1.12": N_("at least 90 minutes for 60 moves when a player is rated 1600 or more"),
    "1.13": N_("at least 60 minutes for 60 moves"),
    "2.1": N_("the games are played under the FIDE Laws of Chess"),
    "3.1": N_("at most 3 rounds and 12 hours of play a day"),
    "4.1": N_("an event lasts at most 90 days (4.11: leagues may be longer)"),
    "5.1": N_("games not played are not rated"),
    "6.1": N_("an unrated player's zero score is not counted"),
    "6.3": N_("at least a third of a round robin's players are rated"),
    "6.31": N_("a round robin of fewer than 10 players has at least 4 rated"),
    "6.32": N_("a double round robin with unrated players has 6 players and 4 rated"),
    "6.33": N_("a national championship has 3 rated players (a women's championship 2)"),
    "6.4": N_("in a Swiss or team event only games against rated opponents count"),
    "6.42": N_("an unrated player is rated only with at least 4 rated opponents"),
    "6.43": N_("a round robin with unplayed games is rated as a Swiss"),
    "6.5": N_("match games played after the match was decided are not rated"),
    "10.67": N_("a Scheveningen event with unrated players is not rated"),
}


def rule(clause: str) -> Rule:
    """The validity rule ``clause`` with its words."""
    return Rule(clause, RULE_TEXTS.get(clause, ""))


def game_label(game: Game) -> GameRef:
    """How a finding names a game: its round and players (shown ``r3 A-B``)."""
    return GameRef(game.round, game.white, game.black)


@dataclass(frozen=True)
class Assessment:
    """What the validity rules leave of an event."""

    findings: tuple[Finding, ...] = ()
    #: The games not rated (index into ``event.games``) and the first rule that left each out.
    excluded: Mapping[int, Rule] = field(default_factory=dict)
    #: 2.1: why a game is not a game of chess (a shogi handicap, a shogi result).
    not_chess: Mapping[int, str] = field(default_factory=dict)
    #: The rule that leaves the whole event unrated.
    event_rule: Rule | None = None
    #: 6.1: the unrated players dropped with a zero score.
    dropped: tuple[str, ...] = ()
    #: 6.43: a round robin rated as a Swiss.
    as_swiss: bool = False
    #: The rules that could not be checked for lack of data ("1.1 (no field 'minutes')").
    unchecked: tuple[str, ...] = ()
    #: How often each pair met (a double round robin: 2).
    cycles: int = 1


class _Found:
    """The findings as the steps add them (private: :func:`assess` freezes them)."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.games = list(event.games)
        self.labels = [game_label(g) for g in self.games]
        self.ratings = [p.rating for p in event.players if p.rating is not None]
        self.rated_ids = {p.id for p in event.players if p.rating is not None}
        self.score_only = event.score_only
        self.round_robin = event.type is EventType.ROUND_ROBIN
        self.any_games = bool(self.games or self.score_only)
        self.rate_of_play = RateOfPlay.of(event)
        self.competition = Competition.of(event)
        self.minutes = self.rate_of_play.minutes
        self.findings: list[Finding] = []
        self.excluded: dict[int, Rule] = {}
        self.not_chess: dict[int, str] = {}
        self.event_rule: Rule | None = None
        self.dropped: list[str] = []
        self.remaining = {p.id for p in event.players}
        self.as_swiss = False
        self.unchecked: list[str] = []
        self.cycles = 1
        # Each player's games by index, made once: 6.1's drop is repeated until no one more
        # drops, and scanning every game for every unrated player each time was quadratic.
        self.indices_of: dict[str, list[int]] = {}
        for index, game in enumerate(self.games):
            for player_id in dict.fromkeys(game.players):
                self.indices_of.setdefault(player_id, []).append(index)

    def add(
        self,
        clause: str,
        problem: str,
        games: Sequence[GameRef] = (),
        *,
        breaks: bool = True,
        every_game: bool = False,
    ) -> None:
        self.findings.append(Finding(rule(clause), problem, tuple(games), breaks, every_game))

    def exclude(self, clause: str, problem: str, indices: Sequence[int]) -> None:
        """A problem with these games, which are not rated for it."""
        self.add(clause, problem, [self.labels[i] for i in indices], breaks=False)
        for i in indices:
            self.excluded.setdefault(i, rule(clause))

    def exclude_all(self, clause: str, problem: str) -> None:
        """A problem that leaves the whole event unrated."""
        self.add(clause, problem, every_game=self.any_games)
        self.event_rule = self.event_rule or rule(clause)
        for i in range(len(self.games)):
            self.excluded.setdefault(i, rule(clause))

    def points(self, player_id: str) -> Fraction:
        return score_table_points(self.event, player_id)

    def freeze(self) -> Assessment:
        return Assessment(
            tuple(self.findings),
            dict(self.excluded),
            dict(self.not_chess),
            self.event_rule,
            tuple(self.dropped),
            self.as_swiss,
            tuple(self.unchecked),
            self.cycles,
        )


def cycles_of(event: Event) -> int:
    """How often each pair meets in a score table (``cycles``, 1 unless given)."""
    cycles = Competition.of(event).cycles
    return 1 if cycles is None else int(cycles)


def score_table_points(event: Event, player_id: str) -> Fraction:
    """A player's points: his total in a score table, else from his games and byes."""
    if event.score_only:
        player = event.player(player_id)
        points = ScoreTableRow.of(player).points
        if points is None:
            raise InvalidValueError(
                tr("player {id!r}: the score table gives no points", id=player_id),
                player.location or Location(event.source, None, "points"),
                player_id,
            )
        return points
    return Fraction(str(event.points(player_id)))


def minimum_minutes(strongest: int | None) -> tuple[int, str]:
    """1.11-1.13: the minutes per player for 60 moves the strongest player's rating needs."""
    if strongest is not None and strongest >= 2200:
        return 120, "1.11"
    if strongest is not None and strongest >= 1600:
        return 90, "1.12"
    return 60, "1.13"


def check_time_control(found: _Found) -> None:
    """1.1 / 1.2: the time control by the strongest player; faster games are not rated."""
    minutes = found.minutes
    if minutes is None:
        found.unchecked.append(N_("1.1 (no field 'minutes')"))
        return
    need, clause = minimum_minutes(max(found.ratings, default=None))
    if minutes < need:
        who = (
            tr("the strongest player is rated {rating}", rating=max(found.ratings))
            if found.ratings
            else tr("no player is rated")
        )
        found.exclude_all(
            clause,
            tr(
                "{minutes} minutes per player for 60 moves, but {who}: at least {need} are "
                "needed; faster games are not rated (1.2)",
                minutes=minutes,
                who=who,
                need=need,
            ),
        )


def check_rounds_a_day(found: _Found) -> None:
    """3.1: at most three rounds and 12 hours of play a day (from the game dates, or from the
    event's ``rounds_per_day`` and ``hours_per_day``)."""
    games, minutes = found.games, found.minutes
    per_day: dict[date, set[int]] = defaultdict(set)
    for game in games:
        if game.date is not None:
            per_day[game.date].add(game.round)
    day_rounds = {d: len(r) for d, r in per_day.items()}
    field_rounds = found.rate_of_play.rounds_per_day
    hours = found.rate_of_play.hours_per_day
    if not day_rounds and field_rounds is None and hours is None:
        found.unchecked.append(N_("3.1 (no game dates, 'rounds_per_day' or 'hours_per_day')"))
    for day, count in sorted(day_rounds.items()):
        that_day = [i for i, g in enumerate(games) if g.date == day]
        if count > 3:
            found.exclude(
                "3.1",
                tr("{count} rounds on {day}: at most 3 a day", count=count, day=day.isoformat()),
                that_day,
            )
        if minutes is not None and count * 2 * minutes > 12 * 60:
            found.exclude(
                "3.1",
                tr(
                    "{count} rounds of 2 x {minutes} minutes on {day}: {hours:g} hours of "
                    "play, at most 12 a day",
                    count=count,
                    minutes=minutes,
                    day=day.isoformat(),
                    hours=count * 2 * minutes / 60,
                ),
                that_day,
            )
    if field_rounds is not None and field_rounds > 3:
        found.exclude_all(
            "3.1", tr("{field_rounds} rounds a day: at most 3", field_rounds=field_rounds)
        )
    if hours is not None and hours > 12:
        found.exclude_all("3.1", tr("{hours:g} hours of play a day: at most 12", hours=hours))
    elif field_rounds is not None and minutes is not None and field_rounds * 2 * minutes > 720:
        total = field_rounds * 2 * minutes / 60
        found.exclude_all(
            "3.1",
            tr(
                "{field_rounds} rounds of 2 x {minutes} minutes a day: {total:g} hours of "
                "play, at most 12",
                field_rounds=field_rounds,
                minutes=minutes,
                total=total,
            ),
        )


def check_duration(found: _Found) -> None:
    """4.1: an event lasts at most 90 days (4.11: leagues may be longer)."""
    event = found.event
    dates = [g.date for g in found.games if g.date is not None]
    start = event.start or (min(dates) if dates else None)
    end = event.end or (max(dates) if dates else None)
    if start is None or end is None:
        found.unchecked.append(N_("4.1 (no dates)"))
        return
    days = (end - start).days + 1
    if days > 90 and not found.competition.league:
        found.exclude_all(
            "4.1",
            tr(
                "the event lasted {days} days ({start} to {end}): at most 90",
                days=days,
                start=start.isoformat(),
                end=end.isoformat(),
            ),
        )


def check_unplayed(found: _Found) -> list[int]:
    """5.1: unplayed games (forfeits) are not rated.  Returns their indices."""
    unplayed = [i for i, g in enumerate(found.games) if not g.is_played]
    if unplayed:
        found.exclude(
            "5.1",
            trn(
                "{count} game not played (forfeit) is not rated",
                "{count} games not played (forfeits) are not rated",
                count=len(unplayed),
            ),
            unplayed,
        )
    return unplayed


def check_laws_of_chess(found: _Found) -> None:
    """2.1: the games must be played under the FIDE Laws of Chess: shogi data are not (a
    handicap game, a shogi result such as sennichite)."""
    shogi: dict[str, list[int]] = {}
    for i, game in enumerate(found.games):
        why = not_a_chess_game(game) if game.is_played else None
        if why is not None:
            shogi.setdefault(why, []).append(i)
            found.excluded.setdefault(i, rule("2.1"))
            found.not_chess[i] = why
    for why, indices in shogi.items():
        found.add(
            "2.1",
            tr(
                "{why} ({indices_count} game(s)): the FIDE Laws of Chess must apply (2.1)",
                why=why,
                indices_count=len(indices),
            ),
            [found.labels[i] for i in indices],
            breaks=False,
        )


def _counted_score(found: _Found, player_id: str) -> Fraction | None:
    """6.1: an unrated player's score against the players still in (None: no game of chess
    played, nothing to drop)."""
    if found.score_only:
        # Each dropped player scored 0, so every other player took all his points.
        cycles = cycles_of(found.event)
        return found.points(player_id) - cycles * len(found.dropped)
    games = found.games
    chess = [
        i
        for i in found.indices_of.get(player_id, ())
        if games[i].is_played and i not in found.not_chess
    ]
    if not chess:
        return None
    return sum(
        (
            Fraction(str(games[i].score_of(player_id)))
            for i in chess
            if games[i].opponent_of(player_id) in found.remaining
        ),
        Fraction(0),
    )


def drop_zero_scores(found: _Found) -> None:
    """6.1: unrated players with zero score are dropped, and the points taken from them are
    not counted (repeated until no one more drops)."""
    changed = True
    while changed:
        changed = False
        for player in found.event.players:
            if player.id not in found.remaining or player.rating is not None:
                continue
            if _counted_score(found, player.id) == 0:
                found.remaining.discard(player.id)
                found.dropped.append(player.id)
                changed = True
                found.exclude(
                    "6.1",
                    tr(
                        "unrated {player!r} scored 0: his games and the points taken from him "
                        "are not counted",
                        player=player.name or player.id,
                    ),
                    found.indices_of.get(player.id, []),
                )


def round_robin_or_swiss(found: _Found, unplayed: Sequence[int]) -> None:
    """6.43: a round robin with unplayed games (or games not rated under another rule) is
    rated as a Swiss; else count how often each pair met (the cycles)."""
    event = found.event
    if found.round_robin and not found.score_only:
        partly = sorted({r.clause for r in found.excluded.values()} - {"5.1", "6.1"})
        if unplayed or not is_complete_round_robin(event):
            found.as_swiss = True
            found.add(
                "6.43", tr("a round robin with unplayed games is rated as a Swiss"), breaks=False
            )
        elif partly and found.event_rule is None:
            found.as_swiss = True
            found.add(
                "6.43",
                tr(
                    "games not rated under rule {partly} leave the round robin incomplete: it "
                    "is rated as a Swiss",
                    partly=", ".join(partly),
                ),
                breaks=False,
            )
        else:
            meetings = Counter(frozenset(g.players) for g in found.games)
            found.cycles = max(meetings.values(), default=1)
    if found.score_only:
        found.cycles = cycles_of(event)


def check_composition(found: _Found) -> None:
    """6.3-6.33: the composition of a round robin (the share of rated players, 4 rated under
    10 players, a double round robin with unrated players, a national championship)."""
    if not found.round_robin or found.as_swiss:
        return
    count = len(found.remaining)
    rated = len(found.rated_ids & found.remaining)
    unrated = count - rated
    champ = found.competition.championship
    problems: list[tuple[str, str]] = []
    if champ is not None:
        need = 2 if champ == "national women" else 3
        if rated < need:
            problems.append(
                (
                    "6.33",
                    tr(
                        "a {champ} championship needs {need} rated players, has {rated}",
                        champ=champ,
                        need=need,
                        rated=rated,
                    ),
                )
            )
    else:
        if rated * 3 < count:
            problems.append(
                (
                    "6.3",
                    tr(
                        "{rated} of {count} players rated: at least a third must be",
                        rated=rated,
                        count=count,
                    ),
                )
            )
        if count < 10 and rated < 4:
            problems.append(
                (
                    "6.31",
                    tr(
                        "{count} players and {rated} rated: fewer than 10 need 4 rated",
                        count=count,
                        rated=rated,
                    ),
                )
            )
        if found.cycles >= 2 and unrated and (count < 6 or rated < 4):
            problems.append(
                (
                    "6.32",
                    tr(
                        "double round robin with {unrated} unrated: needs at least 6 players "
                        "(has {count}) and 4 rated (has {rated})",
                        unrated=unrated,
                        count=count,
                        rated=rated,
                    ),
                )
            )
    for clause, problem in problems:
        found.exclude_all(clause, problem + tr("; the event is not rated"))


def check_rated_opponents(found: _Found) -> None:
    """10.67 / 6.4: a Scheveningen event with unrated players is not rated; in a Swiss or team
    event only games against rated opponents count (6.4), and an unrated player needs 4 rated
    opponents (6.42)."""
    event, games, rated_ids = found.event, found.games, found.rated_ids
    swiss_like = not found.round_robin or found.as_swiss
    if found.competition.scheveningen and rated_ids != {p.id for p in event.players}:
        found.exclude_all("10.67", tr("a Scheveningen event with unrated players is not rated"))
        return
    if not swiss_like or found.score_only:
        return
    both = [
        i
        for i, g in enumerate(games)
        if g.white not in rated_ids and g.black not in rated_ids and i not in found.excluded
    ]
    if both:
        found.exclude(
            "6.4", tr("in a Swiss or team event only games against rated opponents count"), both
        )
    for player in event.players:
        if player.id in rated_ids or player.id in found.dropped:
            continue
        mine = [
            i
            for i in found.indices_of.get(player.id, ())
            if games[i].opponent_of(player.id) in rated_ids and i not in found.excluded
        ]
        opponents = {games[i].opponent_of(player.id) for i in mine}
        if mine and len(opponents) < 4:
            found.exclude(
                "6.42",
                tr(
                    "unrated {player!r} met {count} rated opponent(s): at least 4 are needed "
                    "for him to be rated",
                    player=player.name or player.id,
                    count=len(opponents),
                ),
                mine,
            )


def check_match(found: _Found) -> None:
    """6.5: match games played after the match was decided are not rated."""
    event, games = found.event, found.games
    if event.type is not EventType.MATCH or found.score_only:
        return
    scheduled = found.competition.match_games
    if scheduled is None:
        found.unchecked.append(N_("6.5 (no field 'match_games')"))
        return
    score: Counter[str] = Counter()
    decided_at = None
    late = []
    for i, game in sorted(enumerate(games), key=lambda item: item[1].round):
        if decided_at is not None:
            late.append(i)
            continue
        for pid in game.players:
            score[pid] += Fraction(str(game.score_of(pid)))  # type: ignore[assignment]
        if any(s * 2 > scheduled for s in score.values()):
            decided_at = game.round
    if late:
        found.exclude(
            "6.5",
            tr(
                "the {scheduled}-game match was decided in round {decided_at}; later games are "
                "not rated",
                scheduled=scheduled,
                decided_at=decided_at,
            ),
            late,
        )


def assess(event: Event) -> Assessment:
    """Apply the validity rules 1.x-6.x (2.1: shogi handicap games and shogi results are not
    chess games; and 10.67) to an event, in the order of the steps below."""
    found = _Found(event)
    check_time_control(found)  # 1.1, 1.2
    check_rounds_a_day(found)  # 3.1
    check_duration(found)  # 4.1
    unplayed = check_unplayed(found)  # 5.1
    check_laws_of_chess(found)  # 2.1
    drop_zero_scores(found)  # 6.1
    round_robin_or_swiss(found, unplayed)  # 6.43
    check_composition(found)  # 6.3-6.33
    check_rated_opponents(found)  # 10.67, 6.4, 6.42
    check_match(found)  # 6.5
    return found.freeze()


__all__ = [
    "RULE_TEXTS",
    "Assessment",
    "assess",
    "cycles_of",
    "game_label",
    "minimum_minutes",
    "rule",
    "score_table_points",
]
