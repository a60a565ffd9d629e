"""The LNMO school shogi club rating system (26.08.2010 - 05.09.2011, D.K.).

Rule numbers in comments cite the LNMO document:

* 1  grade <-> rating: 7 kyu 1100, 8 kyu 1000, ... 18 kyu 0 (100 points a kyu);
* 1a promotion on reaching the rating of a grade, or by winning a qualification game against
  a club instructor at the handicap of the target grade; 1b the waits between qualification
  games (3 days after a lost one, the next day after a won one);
* 2  the change per game from the grade difference D; 2a sennichite and jishogi change nothing;
  2b the event bonus: a total gain above 20 + 3 * rounds is doubled;
* 3, 3a initial ratings from table 1 by grade, first rated event 19 Aug 2010; 3b ratings are
  issued from 17 kyu;
* 4  a game is rated only when both players agreed beforehand; 4a handicap games are rated
  only in handicap events and as qualification games;
* 5, 5a illegal moves (kinte): the first loses for a player above 10 kyu, the second for
  10-14 kyu, the third below 14 kyu; a take-back at the opponent's demand may count as one;
* 6  a FESA grade replaces the LNMO grade and rating.

A season is rated in date order: each event (the games sharing an ``event`` name) is one unit,
rated with the grades its players held when it began; each qualification game is a unit of its
own.  :func:`LnmoRules.rate_events` threads the state (grade, rating, last qualification game)
from one file to the next and returns it as ``new_state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from ..core.errors import InvalidValueError, Location, RatingkitError
from ..core.model import Event, Game, Special, event_notes
from ..core.outcome import GameKind
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import Report, Table
from ..core.ruleset import require_games
from ..core.values import parse_bool, parse_date, parse_int
from .formula import (
    GRADE_RATING,
    LNMO_KYU,
    NO_GAME,
    QUALIFICATION,
    WAIT_AFTER_LOSS,
    WAIT_AFTER_WIN,
    Grade,
    bonus_threshold,
    change_for,
    grade_for_rating,
    handicap_grade,
    kinte_limit,
    kyu,
    parse_grade,
)


def change_table(kyus: Sequence[int] = tuple(LNMO_KYU)) -> Table:
    """Rule 2 as a table: the change of the row player when he wins against the column
    player (losses are the negatives)."""
    columns = ("grade", *(f"{k} kyu" for k in kyus))
    rows = []
    for own in kyus:
        row: dict[str, object] = {"grade": f"{own} kyu"}
        for other in kyus:
            row[f"{other} kyu"] = change_for(abs(own - other), stronger_won=own <= other)
        rows.append(row)
    return Table(
        "rule 2: gain of the row player for a win against the column player", columns, rows
    )


def bonus_thresholds(rounds: Sequence[int] = range(1, 10)) -> Table:
    """Rule 2b for several event lengths: the gain above which it is doubled."""
    rows = [{"rounds": n, "20 + 3 * rounds": bonus_threshold(n)} for n in rounds]
    return Table("rule 2b: bonus threshold", ("rounds", "20 + 3 * rounds"), rows)


def qualification_ladder(strongest: int = 7, weakest: int = 20) -> Table:
    """Rule 1a: how each grade from ``weakest`` up to ``strongest`` kyu is earned by a game."""
    rows = []
    for k in range(weakest, strongest - 1, -1):
        if k in NO_GAME:
            how, handicap = NO_GAME[k], "no game"
        elif QUALIFICATION.get(k) is None:
            how, handicap = "not given in the LNMO rules", "unknown"
        elif k == 18:
            how, handicap = "win against a lone king without pawns", QUALIFICATION[k]
        else:
            how, handicap = "win against a club instructor", QUALIFICATION[k]
        rating = GRADE_RATING.get(k)
        rows.append(
            {"grade": f"{k} kyu", "handicap": handicap, "how": how, "rating (table 1)": rating}
        )
    return Table(
        "rule 1a: the qualification ladder", ("grade", "handicap", "how", "rating (table 1)"), rows
    )


# -- Per-game terms from a game's columns ------------------------------------------------------

KINDS = ("rated", "handicap", "qualification")


@dataclass(frozen=True)
class Terms:
    """What the club records say about a game beyond its result."""

    event: str
    event_round: int
    kind: str
    agreed: bool | None  # None: no 'agreed' column (the default applies)
    kinte_white: int | None
    kinte_black: int | None


def _at(game: Game, column: str) -> Location:
    where = game.location or Location()
    return Location(where.file, where.line, column)


def game_terms(game: Game, default_event: str = "event") -> Terms:
    """Read ``event``, ``kind``, ``agreed``, ``kinte_white``, ``kinte_black`` from a game's
    extra columns (as the club reader or the plain CSV reader keep them)."""
    extra = game.extra
    kind = str(extra.get("kind", "") or "rated").strip().lower()
    if kind not in KINDS:
        raise InvalidValueError(
            f"unknown game kind {kind!r} (expected {', '.join(KINDS)})", _at(game, "kind"), kind
        )
    agreed_text = extra.get("agreed")
    agreed = None
    if agreed_text is not None:
        if str(agreed_text).strip() == "":
            raise InvalidValueError(
                "agreed must be yes or no (rule 4), got an empty cell", _at(game, "agreed"), ""
            )
        agreed = parse_bool(str(agreed_text), _at(game, "agreed"))
    kinte = []
    for column in ("kinte_white", "kinte_black"):
        text = str(extra.get(column, "") or "").strip()
        if not text:
            kinte.append(None)
            continue
        count = parse_int(text, _at(game, column), what="illegal-move count")
        if count < 0:
            raise InvalidValueError(
                f"illegal-move count cannot be negative, got {text!r}", _at(game, column), text
            )
        if count and not game.is_played:
            raise InvalidValueError(
                f"illegal-move count {text!r} for a game that was not played "
                f"(result {game.result_code})",
                _at(game, column),
                text,
            )
        kinte.append(count)
    event_round = extra.get("event_round", game.round)
    return Terms(
        event=str(extra.get("event") or default_event),
        event_round=int(str(event_round)),
        kind=kind,
        agreed=agreed,
        kinte_white=kinte[0],
        kinte_black=kinte[1],
    )


# -- Player state --------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """A player's LNMO state between units."""

    id: str
    name: str
    grade: Grade
    rating: int | None
    lnmo_grade: Grade | None = None  # the LNMO grade a FESA grade replaced (rule 6)
    last_qualification: date | None = None
    last_qualification_won: bool | None = None
    record: PlayerRecord | None = None


class LnmoStateError(InvalidValueError):
    """A player's grade, rating or qualification record cannot be read."""


def _state_from(
    pid: str, name: str, fields: Mapping[str, object], location: Location | None
) -> tuple[State, list[str]]:
    """A player's state from the player-file fields (grade, prior_grade, rating, ...)."""
    notes: list[str] = []

    def at(column: str) -> Location:
        where = location or Location()
        return Location(where.file, where.line, column)

    grade_text = str(fields.get("grade") or "").strip()
    fesa_text = str(fields.get("prior_grade") or "").strip()
    lnmo_grade = parse_grade(grade_text, at("grade")) if grade_text else None
    if fesa_text:
        fesa = parse_grade(fesa_text, at("prior_grade"), fesa=True)
        state = State(pid, name, fesa, None, lnmo_grade)
        return state, notes
    if lnmo_grade is None:
        raise LnmoStateError(
            f"player {pid!r} has no grade (LNMO 7-20 kyu in 'grade', or a FESA grade in "
            "'prior_grade')",
            at("grade"),
            "",
        )
    rating_text = str(fields.get("lnmo_rating") or "").strip()
    rating = fields.get("rating")
    if rating_text:
        rating = parse_int(rating_text, at("lnmo_rating"), what="rating")
    if rating is not None and not lnmo_grade.is_rated:
        raise LnmoStateError(
            f"player {pid!r} at {lnmo_grade} has rating {rating}, but LNMO ratings are issued "
            "from 17 kyu (rule 3b)",
            at("rating"),
            rating,
        )
    if rating is None and lnmo_grade.is_rated:
        rating = lnmo_grade.table_rating
        notes.append(pid)
    last_text = str(fields.get("last_qualification") or "").strip()
    last = None
    won = None
    if last_text:
        last = parse_date(last_text, at("last_qualification"))
        result_text = str(fields.get("last_qualification_result") or "").strip().lower()
        if result_text not in ("won", "lost"):
            raise LnmoStateError(
                f"last_qualification_result must be 'won' or 'lost', got {result_text!r}",
                at("last_qualification_result"),
                result_text,
            )
        won = result_text == "won"
    return State(pid, name, lnmo_grade, rating, None, last, won), notes


def _record_fields(record: PlayerRecord) -> dict[str, object]:
    fields: dict[str, object] = dict(record.extra)
    fields.update(grade=record.grade, prior_grade=record.prior_grade, rating=record.rating)
    return fields


def _player_fields(player) -> dict[str, object]:
    fields = dict(player.extra)
    fields["rating"] = player.rating
    return fields


# -- The rule set ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LnmoRules:
    """The LNMO club rating system.  The parameters are the decisions the LNMO rules leave open;
    each is printed in the report's notes."""

    name: str = "lnmo"
    title: str = "LNMO school shogi club rating system"
    document: str = (
        "Рейтинг-система ЛНМО по сёги, 26.08.2010 - 05.09.2011 (LNMO club rating system)"
    )
    valid_from: date | None = date(2010, 8, 19)
    valid_until: date | None = None
    #: LNMO's club system rates shogi games.
    game: GameKind = GameKind.SHOGI
    rates_score_tables: bool = False
    #: 3a: the first rated event.
    first_rated: date = date(2010, 8, 19)
    #: 4: whether a game counts as agreed when the records have no 'agreed' column.
    agreed_by_default: bool = True
    #: Not in the LNMO rules: on promotion by a qualification game a rating below the new grade's
    #: table-1 rating is raised to it (as 3 assigns initial ratings by grade).
    raise_rating_on_qualification: bool = True
    #: 4a: the kinds of game in which a handicap game is rated.
    rated_handicap_kinds: tuple[str, ...] = field(default=("handicap", "qualification"))

    # -- public API ------------------------------------------------------------------------
    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """Rate one file of club records (several evenings are rated in date order)."""
        return self.rate_events([event], players)

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """Rate several files one after the other, each with the state the previous left."""
        if not events:
            raise RatingkitError("no events to rate")
        for event in events:
            require_games(event, self.name)
        return _Season(self, tuple(events), players).run()

    def check(self, event: Event, players: PlayerFile | None = None) -> Table:
        """The games the rules leave unrated: not agreed (4), a handicap outside a handicap
        event (4a), played before the first rated event (3a), a plain draw.  Input that breaks
        a rule outright (1b, 3b, 5, a grade that does not exist) raises an error instead."""
        report = self.rate(event, players)
        rules = {
            "not agreed (4)": "4",
            "handicap outside handicap event (4a)": "4a",
            "before the first rated event": "3a",
            "draw:": "2, 2a",
        }
        found: dict[tuple[str, str], list[str]] = {}
        seen: set[tuple[object, ...]] = set()
        for row in report.games.rows if report.games is not None else ():
            key = (
                row["date"],
                row["event"],
                row["round"],
                frozenset((row["player"], row["opponent"])),
            )
            if key in seen:
                continue
            seen.add(key)
            for reason in str(row["reason"]).split("; "):
                for start, rule in rules.items():
                    if reason.startswith(start):
                        game = f"{row['event']} r{row['round']} {row['player']}-{row['opponent']}"
                        if row["line"]:
                            game += f" (line {row['line']})"
                        found.setdefault((rule, reason), []).append(game)
        return Table(
            "games the rules leave unrated",
            ("rule", "problem", "games"),
            [
                {"rule": rule, "problem": f"{len(games)} game(s): {reason}", "games": games}
                for (rule, reason), games in found.items()
            ],
        )


LNMO = LnmoRules()


class _Season:
    """One rating run: the state of every player, the units in date order, the report."""

    def __init__(self, rules: LnmoRules, events: tuple[Event, ...], players: PlayerFile | None):
        self.rules = rules
        self.events = events
        self.players = players
        self.notes: list[str] = []
        self.states: dict[str, State] = {}
        self.start: dict[str, State] = {}
        self.order: list[str] = []
        self.game_rows: list[dict[str, object]] = []
        self.event_rows: list[dict[str, object]] = []
        self.promotions: list[dict[str, object]] = []
        self.why: dict[str, list[str]] = {}
        self.counted: dict[str, list[float]] = {}
        self.totals: dict[str, int] = {}
        self.bonus: dict[str, int] = {}
        self.agreed_defaulted = 0
        self.kinte_seen = False

    # -- state -----------------------------------------------------------------------------
    def _load_players(self) -> None:
        initial: list[str] = []
        from_file: set[str] = set()
        if self.players is not None:
            for record in self.players:
                if not record.id:
                    raise LnmoStateError(
                        "every player in the player file needs an id", record.location, record.name
                    )
                state, notes = _state_from(
                    record.id, record.name or record.id, _record_fields(record), record.location
                )
                self.states[record.id] = replace(state, record=record)
                self.order.append(record.id)
                from_file.add(record.id)
                initial += notes
        for event in self.events:
            for player in event.players:
                if player.id in self.states:
                    continue
                location = Location(event.source) if event.source else None
                state, notes = _state_from(player.id, player.name, _player_fields(player), location)
                self.states[player.id] = state
                self.order.append(player.id)
                initial += notes
        self.start = dict(self.states)
        if initial:
            self.notes.append(
                "initial rating from table 1 by grade (rules 3, 3a) for: " + ", ".join(initial)
            )
        fesa = [s.id for s in self.states.values() if s.grade.fesa]
        if fesa:
            self.notes.append(
                "a FESA grade (player file 'prior_grade') replaces the LNMO grade and rating "
                "(rule 6): no LNMO rating for " + ", ".join(fesa) + "; their FESA grade gives D"
            )
        if self.players is not None:
            self.notes.append(
                f"state taken from {self.players.source or 'the player file'} "
                f"({len(from_file)} players, matched by id)"
            )

    # -- units -----------------------------------------------------------------------------
    def _units(self) -> list[tuple[str, str, list[tuple[Game, Terms]]]]:
        """(kind, name, games) in date order: events, and qualification games one by one."""
        units: list[tuple[tuple, str, str, list[tuple[Game, Terms]]]] = []
        for index, event in enumerate(self.events):
            grouped: dict[str, list[tuple[Game, Terms]]] = {}
            for game in event.games:
                terms = game_terms(game, event.name)
                if terms.kind == "qualification":
                    key = (game.date or event.start or date.min, index, game.round)
                    units.append((key, "qualification", terms.event, [(game, terms)]))
                else:
                    grouped.setdefault(terms.event, []).append((game, terms))
            for name, games in grouped.items():
                first = min((g.date or event.start or date.min) for g, _ in games)
                key = (first, index, min(g.round for g, _ in games))
                units.append((key, "event", name, games))
        units.sort(key=lambda u: u[0])
        return [(kind, name, games) for _, kind, name, games in units]

    # -- one game --------------------------------------------------------------------------
    def _scores(self, game: Game, terms: Terms, grades: Mapping[str, Grade]) -> tuple:
        """(white score, black score, reason) after rule 5 (a kinte loss overrides the board)."""
        white_limit = kinte_limit(grades[game.white])
        black_limit = kinte_limit(grades[game.black])
        white_lost = terms.kinte_white is not None and terms.kinte_white >= white_limit
        black_lost = terms.kinte_black is not None and terms.kinte_black >= black_limit
        if white_lost and black_lost:
            raise InvalidValueError(
                f"both players reached their losing illegal move ({terms.kinte_white} of "
                f"{white_limit} and {terms.kinte_black} of {black_limit}, rule 5); the game "
                "ended at the first of them: record that one only",
                _at(game, "kinte_black"),
                terms.kinte_black,
            )
        if white_lost:
            return 0.0, 1.0, f"kinte loss: {game.white} {terms.kinte_white} of {white_limit} (5)"
        if black_lost:
            return 1.0, 0.0, f"kinte loss: {game.black} {terms.kinte_black} of {black_limit} (5)"
        return game.white_score, game.black_score, None

    def _rate_game(
        self, unit: str, game: Game, terms: Terms, grades: Mapping[str, Grade]
    ) -> dict[str, int]:
        """Rule 2 for one game: the change of each rated player, and the report's rows."""
        white_score, black_score, kinte = self._scores(game, terms, grades)
        reasons: list[str] = []
        rated = True
        if not game.is_played:
            rated, reasons = False, ["not played"]
        if game.date is not None and game.date < self.rules.first_rated:
            rated = False
            reasons.append(f"before the first rated event {self.rules.first_rated} (3a)")
        agreed = terms.agreed
        if agreed is None:
            agreed = self.rules.agreed_by_default
            self.agreed_defaulted += 1
        if not agreed:
            rated = False
            reasons.append("not agreed (4)")
        if game.handicap is not None and terms.kind not in self.rules.rated_handicap_kinds:
            rated = False
            reasons.append("handicap outside handicap event (4a)")
        if game.special in (Special.SENNICHITE,):
            rated = False
            reasons.append("sennichite: no change (2a)")
        elif game.special in (Special.JISHOGI_REPLAYED, Special.JISHOGI_POINTS):
            rated = False
            reasons.append("jishogi: no change (2a)")
        if kinte:
            reasons.append(kinte)
        if game.is_played and game.special is None and white_score == 0.5:
            rated = False
            reasons.append("draw: a shogi game is won or ends in sennichite or jishogi")
        if terms.kinte_white is not None or terms.kinte_black is not None:
            self.kinte_seen = True
        changes: dict[str, int] = {}
        for pid, score in ((game.white, white_score), (game.black, black_score)):
            opponent = game.opponent_of(pid)
            own, other = grades[pid], grades[opponent]
            difference = abs(own.rank - other.rank)
            won = score == 1.0
            winner_stronger = (own.rank >= other.rank) if won else (other.rank >= own.rank)
            decided = game.is_played and score in (0.0, 1.0)
            value = change_for(difference, winner_stronger) if decided else None
            player_reasons = list(reasons)
            change: int | None = None
            if rated and value is not None:
                if self.states[pid].rating is None:
                    why = (
                        "FESA grade: no LNMO rating (6)"
                        if own.fesa
                        else "no rating below 17 kyu (3b)"
                    )
                    player_reasons.append(why)
                else:
                    change = value if won else -value
                    changes[pid] = change
                    player_reasons.insert(0, "rated")
            if won and value is not None:
                who = "stronger won" if winner_stronger and difference else "weaker won"
                who = "equal grades" if difference == 0 else who
            elif value is not None:
                who = "weaker lost" if winner_stronger and difference else "stronger lost"
                who = "equal grades" if difference == 0 else who
            else:
                who = "draw" if score == 0.5 else ""
            self.game_rows.append(
                {
                    "date": game.date,
                    "event": unit,
                    "round": terms.event_round,
                    "kind": terms.kind,
                    "player": pid,
                    "opponent": opponent,
                    "grade": own.label,
                    "opponent_grade": other.label,
                    "D": difference,
                    "case": who,
                    "result": {1.0: "win", 0.0: "loss", 0.5: "draw"}[score],
                    "table": value,
                    "change": change,
                    "reason": "; ".join(player_reasons),
                    "line": game.location.line if game.location else None,
                }
            )
            if change is not None:
                self.counted.setdefault(pid, []).append(score)
        return changes

    # -- units ---------------------------------------------------------------------------
    def _promote_by_rating(self, pid: str, unit: str, when: date | None) -> None:
        state = self.states[pid]
        if state.rating is None or state.grade.fesa:
            return
        target = grade_for_rating(state.rating)
        if target.rank > state.grade.rank:
            self.promotions.append(
                {
                    "player": pid,
                    "date": when,
                    "event": unit,
                    "from": state.grade.label,
                    "to": target.label,
                    "how": f"rating {state.rating} reached {target.table_rating} (1a)",
                }
            )
            self.why.setdefault(pid, []).append(
                f"{state.grade} -> {target} on rating {state.rating} (1a)"
            )
            self.states[pid] = replace(state, grade=target)

    def _rate_event(self, name: str, games: list[tuple[Game, Terms]]) -> None:
        grades = {pid: s.grade for pid, s in self.states.items()}
        rounds = max(t.event_round for _, t in games)
        threshold = bonus_threshold(rounds)
        gains: dict[str, int] = {}
        for game, terms in sorted(games, key=lambda gt: (gt[1].event_round, gt[0].round)):
            for pid, change in self._rate_game(name, game, terms, grades).items():
                gains[pid] = gains.get(pid, 0) + change
        when = max((g.date for g, _ in games if g.date), default=None)
        for pid in self.order:
            if pid not in gains:
                continue
            gain = gains[pid]
            doubled = gain > threshold
            total = 2 * gain if doubled else gain
            state = self.states[pid]
            before = state.rating
            self.states[pid] = replace(state, rating=(state.rating or 0) + total)
            self.totals[pid] = self.totals.get(pid, 0) + total
            if doubled:
                self.bonus[pid] = self.bonus.get(pid, 0) + gain
                self.why.setdefault(pid, []).append(
                    f"bonus doubled in {name!r}: gain {gain} > {threshold} (2b)"
                )
            self.event_rows.append(
                {
                    "event": name,
                    "date": when,
                    "player": pid,
                    "rounds": rounds,
                    "threshold": threshold,
                    "gain": gain,
                    "bonus": gain if doubled else 0,
                    "reason": "bonus doubled (2b)" if doubled else "",
                    "rating_before": before,
                    "rating_after": before + total,
                }
            )
            self._promote_by_rating(pid, name, when)

    def _rate_qualification(self, name: str, game: Game, terms: Terms) -> None:
        grades = {pid: s.grade for pid, s in self.states.items()}
        giver = game.handicap.giver if game.handicap is not None else None
        if giver is None:
            white, black = grades[game.white], grades[game.black]
            if white == black:
                raise InvalidValueError(
                    "a qualification game needs a 'giver' (the instructor): both players are "
                    f"{white}",
                    _at(game, "giver"),
                    "",
                )
            giver = game.white if white.rank > black.rank else game.black
        candidate = game.opponent_of(giver)
        state = self.states[candidate]
        where = _at(game, "handicap")
        if state.grade.fesa:
            raise InvalidValueError(
                f"{candidate!r} holds {state.grade}: LNMO qualification games are for LNMO "
                "grades only (rule 6)",
                where,
                state.grade.label,
            )
        own_kyu = state.grade.kyu or 0
        if game.handicap is not None:
            target = handicap_grade(game.handicap.kind)
            if target is None:
                known = ", ".join(f"{k} kyu {h}" for k, h in QUALIFICATION.items() if h)
                raise InvalidValueError(
                    f"handicap {game.handicap.kind!r} is not a qualification handicap of rule 1a"
                    f" ({known}; 13 kyu is not given in the LNMO rules)",
                    where,
                    game.handicap.kind,
                )
        else:
            target = own_kyu - 1
            if target in NO_GAME or target < 7:
                raise InvalidValueError(
                    f"no qualification game leads from {state.grade} to {target} kyu (1a)",
                    where,
                    "",
                )
            if QUALIFICATION.get(target) is None:
                raise InvalidValueError(
                    f"{candidate!r} ({state.grade}): the LNMO rules give no qualification handicap "
                    "for 13 kyu (rule 1a lists 12 and 14 kyu only); write the handicap the club "
                    "used in the 'handicap' column of a grade above, or rate it by hand",
                    where,
                    "",
                )
            self.notes.append(
                f"line {game.location.line if game.location else '?'}: no handicap written; "
                f"the qualification handicap of {target} kyu ({QUALIFICATION[target]}) assumed"
            )
        if target >= own_kyu:
            raise InvalidValueError(
                f"{candidate!r} already holds {state.grade}: a qualification game at "
                f"{QUALIFICATION[target]} is for {target} kyu (1a)",
                where,
                game.handicap.kind if game.handicap else "",
            )
        # 1b: the waits between qualification games, from the game dates.
        if game.date is None:
            raise InvalidValueError(
                "a qualification game needs a date (rule 1b)", _at(game, "date"), ""
            )
        if state.last_qualification is not None:
            wait = WAIT_AFTER_WIN if state.last_qualification_won else WAIT_AFTER_LOSS
            earliest = state.last_qualification + wait
            if game.date < earliest:
                outcome = "won" if state.last_qualification_won else "lost"
                raise InvalidValueError(
                    f"qualification game of {candidate!r} on {game.date} is too soon: the last "
                    f"one, on {state.last_qualification}, was {outcome}; the next try is "
                    f"allowed from {earliest} (rule 1b)",
                    _at(game, "date"),
                    game.date.isoformat(),
                )
        changes = self._rate_game(name, game, terms, grades)
        white_score, black_score, _ = self._scores(game, terms, grades)
        won = (white_score if candidate == game.white else black_score) == 1.0
        for pid, change in changes.items():
            current = self.states[pid]
            self.states[pid] = replace(current, rating=(current.rating or 0) + change)
            self.totals[pid] = self.totals.get(pid, 0) + change
        current = self.states[candidate]
        self.states[candidate] = replace(
            current, last_qualification=game.date, last_qualification_won=won
        )
        if white_score == 0.5:
            self.notes.append(
                f"line {game.location.line if game.location else '?'}: a qualification game "
                "ended in sennichite or jishogi: not won, so the next try waits 3 days (1b)"
            )
        if won:
            new = kyu(target)
            rating = current.rating
            raised = ""
            if new.is_rated and rating is None:
                raised = f"; rating issued: {new.table_rating} (table 1, 3b)"
                rating = new.table_rating
            elif (
                new.is_rated
                and self.rules.raise_rating_on_qualification
                and rating < (new.table_rating or 0)
            ):
                raised = f"; rating {rating} -> {new.table_rating} (table 1)"
                rating = new.table_rating
            self.states[candidate] = replace(self.states[candidate], grade=new, rating=rating)
            handicap = QUALIFICATION[target]
            self.promotions.append(
                {
                    "player": candidate,
                    "date": game.date,
                    "event": name,
                    "from": current.grade.label,
                    "to": new.label,
                    "how": f"qualification game won at {handicap} against {giver} (1a){raised}",
                }
            )
            self.why.setdefault(candidate, []).append(
                f"{current.grade} -> {new}: qualification game won at {handicap} (1a)"
            )
        self._promote_by_rating(candidate, name, game.date)

    # -- the run ---------------------------------------------------------------------------
    def run(self) -> Report:
        self._load_players()
        units = self._units()
        for kind, name, games in units:
            if kind == "qualification":
                game, terms = games[0]
                self._rate_qualification(name, game, terms)
            else:
                self._rate_event(name, games)
        return self._report(units)

    def _report(self, units) -> Report:
        rows = []
        for pid in self.order:
            start, end = self.start[pid], self.states[pid]
            scores = self.counted.get(pid, [])
            change = self.totals.get(pid, 0) if pid in self.totals else (0 if scores else None)
            rows.append(
                {
                    "id": pid,
                    "name": start.name,
                    "rating_before": start.rating,
                    "games": len(scores),
                    "score": sum(scores),
                    "expected": None,
                    "change": change,
                    "rating_after": end.rating,
                    "grade_before": start.grade.label,
                    "grade_after": end.grade.label,
                    "bonus": self.bonus.get(pid, 0),
                    "why": "; ".join(self.why.get(pid, []) + self._unrated_summary(pid)),
                }
            )
        notes = list(self.notes)
        if self.agreed_defaulted:
            notes.append(
                f"no 'agreed' column: {self.agreed_defaulted} "
                f"game(s) taken as agreed={'yes' if self.rules.agreed_by_default else 'no'} "
                "(rule 4; the club records list the games reported to the leader)"
            )
        notes += [
            "each event is rated with the grades held when it began; promotion on reaching a "
            "grade's rating (1a) is applied at its end, after the bonus (2b); qualification "
            "games are rated one by one in date order and earn no bonus",
            "rounds of an event (2b) = the highest round number in its records; its gain is the "
            "net sum of the player's changes in it",
            "events and qualification games are taken in date order; on one date in the order "
            "the records first name them",
            "the handicap giver in a qualification game is taken to be the club instructor "
            "(DK, DSh or MZ, 1a); its target grade is the grade whose handicap was played",
            "rule 1a gives no qualification handicap for 13 kyu: such a game is refused, "
            "not guessed",
            "players without an LNMO rating (below 17 kyu, 3b, or with a FESA grade, 6) "
            "still rate their opponents (D from both grades); the LNMO rules set no floor",
        ]
        kinds = {str(r["kind"]) for r in self.game_rows}
        if "handicap" in kinds:
            notes.append(
                "games of handicap events (kind 'handicap', 4a) are rated with the table of "
                "rule 2 like even games: the LNMO rules give no other"
            )
        if any("kinte" in str(r["reason"]) for r in self.game_rows) or self.kinte_seen:
            notes.append(
                "illegal moves: kinte_white/kinte_black count them as the club did, take-backs "
                "at the opponent's demand included where the club counted them (5a); the "
                "losing count is 1 above 10 kyu, 2 for 10-14 kyu, 3 below 14 kyu (5)"
            )
        if self.rules.raise_rating_on_qualification:
            notes.append(
                "on promotion by a qualification game a rating below the new grade's table-1 "
                "rating is raised to it (not in the LNMO rules; as rule 3 assigns ratings by grade)"
            )
        for event in self.events:
            notes.extend(event_notes(event))  # how the type was decided, which encoding was read
        game_columns = (
            "date",
            "event",
            "round",
            "kind",
            "player",
            "opponent",
            "grade",
            "opponent_grade",
            "D",
            "case",
            "result",
            "table",
            "change",
            "reason",
            "line",
        )
        sections = [
            Table(
                "events",
                (
                    "event",
                    "date",
                    "player",
                    "rounds",
                    "threshold",
                    "gain",
                    "bonus",
                    "reason",
                    "rating_before",
                    "rating_after",
                ),
                self.event_rows,
            ),
            Table("promotions", ("player", "date", "event", "from", "to", "how"), self.promotions),
        ]
        summary = {
            "events": sum(1 for kind, _, _ in units if kind == "event"),
            "qualification games": sum(1 for kind, _, _ in units if kind == "qualification"),
            "games rated": len(
                {
                    (r["date"], r["event"], r["round"], frozenset((r["player"], r["opponent"])))
                    for r in self.game_rows
                    if r["change"] is not None
                }
            ),
            "promotions": len(self.promotions),
        }
        title = " + ".join(e.name for e in self.events)
        return Report.build(
            title=f"{title}: LNMO club ratings",
            rules=self.rules.name,
            rows=rows,
            extra_columns=("grade_before", "grade_after", "bonus", "why"),
            game_rows=self.game_rows,
            game_columns=game_columns,
            summary=summary,
            notes=notes,
            sections=sections,
            new_state=self._new_state(),
        )

    def _unrated_summary(self, pid: str) -> list[str]:
        """How many of the player's games changed nothing, and why."""
        counts: dict[str, int] = {}
        for row in self.game_rows:
            if row["player"] == pid and row["change"] is None:
                reason = str(row["reason"]).split("; ")[0] or "not rated"
                counts[reason] = counts.get(reason, 0) + 1
        return [f"{n} game(s) without change: {reason}" for reason, n in counts.items()]

    def _new_state(self) -> PlayerFile:
        records = []
        for pid in self.order:
            state = self.states[pid]
            base = state.record or PlayerRecord(id=pid, name=state.name)
            extra = {
                k: v
                for k, v in base.extra.items()
                if k not in ("lnmo_rating", "last_qualification", "last_qualification_result")
            }
            rating = state.rating
            if rating is not None and rating <= 0:
                # The player file reads 0 as "unrated" and refuses negatives.
                extra["lnmo_rating"] = str(rating)
                rating = None
            if state.last_qualification is not None:
                extra["last_qualification"] = state.last_qualification.isoformat()
                extra["last_qualification_result"] = (
                    "won" if state.last_qualification_won else "lost"
                )
            if state.grade.fesa:
                grade = state.lnmo_grade.label if state.lnmo_grade else None
                prior = state.grade.label
            else:
                grade, prior = state.grade.label, None
            records.append(
                replace(
                    base,
                    id=pid,
                    name=state.name,
                    grade=grade,
                    prior_grade=prior,
                    rating=rating,
                    extra=extra,
                )
            )
        return PlayerFile(tuple(records), "new state")
