"""FIDE Rating Regulations effective 1 July 2014, section 8 (Russian translation).

Rule set ``fide-2014``.  Every number comes from the printed tables 8.1a (p -> dp) and 8.1b
(D -> PD) through :mod:`ratingkit.core.expected`; sums are exact fractions and only the final
change is rounded (8.57: .5 away from zero).

* Rated players (8.5): per played game (TRF ``1 = 0`` only; no shogi handicap or special
  result: such games are listed as not chess games) D = own rating - opponent's
  rating, |D| > 400 counts as 400 (8.54), PD from table 8.1b, dR = score - PD; the change is
  K * sum(dR) (8.55) with K from the player's state (8.56).  Games against an unrated
  opponent count only in round robins, with the opponent's rating computed at the end of the
  event (8.52, 8.58); elsewhere they are not rated.
* Unrated players (8.2): Rc is the average of the rated opponents (Swiss, team) or the
  tournament average Ra = Rar - dpa * n/(n+1) (round robin, 8.21b); then 8.22-8.25.  An
  unrated player who scores zero in his first event is not counted (8.21).  A player whose
  first rating is published during the event (player file column ``first_rated``) is rated
  with it, but counts as unrated for his opponents (8.4).  Earlier temporary ratings are
  ignored (8.53): the event file decides who is rated.
* 8.58 iteration (section 8 of the 2014 regulations does not spell it out; decision recorded
  in the report): pass 1 is 8.21b exactly (Rar and dpa over the rated players); each further
  pass averages over all players, the unrated ones with the Ru of the pass before, and
  recomputes Ra and every Ru, until the rounded Ru repeat.  The rated players then use the
  rounded Ru "as if it were an established rating".
* Rating periods (:meth:`Fide2014.rate_events`): K * sum(dR) per event, one rounding for the
  period; an unrated player's first rating over all his games as one event (8.3).  The total
  goes onto the previous list (7.1 of the 2014 regulations: the list "incorporates the rated
  play during the rating period into the previous list"): each event is rated with the rating
  (and K) it was played under, and the new rating is the player file's ``rating`` (the previous
  list) + the rounded total; without one, the rating in the event that began last.
* First ratings (7.14 of the 2014 regulations, not in section 8 of the 2014 regulations):
  published only from ``first_rating_min_games`` (5) games against rated opponents on, results
  pooled over at most ``first_rating_pool_months`` (26) months.  Below it ``rating_after`` is
  empty (status ``not published: N of 5 games``) and the new state keeps the results in the
  player file column ``pending_results`` (:func:`parse_pending`), which a later run pools (8.3).
* Extension points for later texts (fields of :class:`Fide2014`, set by ``fide-2024``):
  ``rate_unrated_in_round_robins`` (2024 8.3.1), ``unrated_match_not_rated`` and
  ``decided_match_games_not_rated`` (2024 6.1, 6.2), ``k_10_before_30_games`` and
  ``k_junior_ends_once_2300`` (2024 8.3.3, ``ever_2300``), ``minimum_minutes`` and
  ``minimum_first_control_moves`` (2024 1.1-1.2, in :meth:`Fide2014.check`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError, Location, RatingkitError
from ..core.expected import table_dp, table_pd_exact
from ..core.model import Event, EventType, Player, event_notes
from ..core.outcome import GameKind
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import Report, Table
from ..core.rounding import round_half_away_from_zero
from ..core.ruleset import not_a_chess_game, require_games
from ..core.values import parse_date

#: The FIDE calculation columns of the player table (FIDE's own names).
FIDE_COLUMNS = ("Ro", "Rc", "n", "w", "We", "w-We", "K", "K*(w-We)")
GAME_COLUMNS = (
    "event",
    "round",
    "id",
    "name",
    "opponent",
    "opponent name",
    "opponent rating",
    "rating used",
    "capped",
    "D uncapped",
    "D",
    "PD",
    "score",
    "score-PD",
    "rated",
    "note",
)
FORMATS = {
    "Rc": "{:.2f}",
    "We": "{:.2f}",
    "expected": "{:.2f}",
    "w-We": "{:+.2f}",
    "K*(w-We)": "{:+.2f}",
    "change": "{:+.2f}",
    "Ru exact": "{:.2f}",
}


# -- K (8.56) --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerState:
    """What the player file says about a player (None: not given)."""

    games: int | None = None
    born: date | None = None
    ever_2400: bool | None = None
    k: int | None = None
    first_rated: date | None = None
    #: The rating once reached 2300 (2024 8.3.3 as FIDE applies it: a junior's K 40 ends).
    ever_2300: bool | None = None
    #: The player file's rating: the previous list's rating (7.1), None where not given.
    list_rating: int | None = None
    #: Results kept for a first rating (7.14 / 7.1.4): (date, opponent rating, score).
    pending: tuple[tuple[date | None, Fraction, Fraction], ...] = ()
    #: The birth date gives only the year (TRF ``1985/00/00``): taken as 1 January.
    born_year_only: bool = False
    key: str | None = None
    matched: str | None = None


@dataclass(frozen=True)
class KChoice:
    k: int
    rule: str
    assumed: tuple[str, ...] = ()


def age_on(born: date, on: date) -> int:
    """Completed years of age on a date."""
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def k_factor(
    rating: int,
    state: PlayerState,
    on: date | None,
    junior_until_year_end: bool = False,
    ten_from_2400_first: bool = False,
    junior_ends_once_2300: bool = False,
    clause: str = "8.56",
) -> KChoice:
    """K of FIDE 2014 8.56 for a rated player, with the defaults assumed where state is
    missing: no games count -> taken as 30 or more; no birth date or event date -> taken as
    not a junior; no ever_2400 -> taken from the rating alone.

    ``junior_until_year_end``: the 2024 wording, a junior "until the end of the year of their
    18th birthday" (birth year + 18 >= the event's year) instead of "under 18".
    ``ten_from_2400_first``: 2024 8.3.3 as FIDE applies it, K 10 once the published rating has
    reached 2400, even before 30 games.  ``junior_ends_once_2300``: 2024 8.3.3 as FIDE applies
    it, a junior whose rating once reached 2300 (``ever_2300``) has K 20 afterwards.
    ``clause``: the clause every K rule text names (``"8.56"`` of 2014; ``"8.3.3"`` of the 2022,
    2024 and 2025 texts)."""
    if state.k is not None:
        return KChoice(state.k, "K given in the player file")
    if ten_from_2400_first and (rating >= 2400 or state.ever_2400):
        why = "rating 2400 or more" if rating >= 2400 else "published rating has reached 2400"
        return KChoice(10, f"{clause}: {why}, K 10 even before 30 games")
    assumed: list[str] = []
    if state.games is None:
        assumed.append("no games count: taken as 30 or more")
    elif state.games < 30:
        return KChoice(40, f"{clause}: new player, {state.games} games before (< 30)")
    if state.born is None:
        assumed.append("no birth date: taken as not under 18")
    elif on is None:
        assumed.append("no event date to tell the age: taken as not under 18")
    else:
        age = age_on(state.born, on)
        if state.born_year_only and not junior_until_year_end:
            assumed.append(f"birth year {state.born.year} only: taken as born on 1 January")
        if junior_until_year_end:
            junior = on.year - state.born.year <= 18
            rule = (
                f"{clause}: junior until the end of {state.born.year + 18}, the year of the "
                f"18th birthday (event on {on.isoformat()}), rating < 2300"
            )
        else:
            junior = age < 18
            rule = f"{clause}: under 18 ({age} on {on.isoformat()}), rating < 2300"
        once_2300 = junior_ends_once_2300 and bool(state.ever_2300)
        if junior and rating < 2300 and not once_2300:
            # 40 either way: the games count does not matter for a junior.
            return KChoice(40, rule, tuple(a for a in assumed if "games count" not in a))
        if junior and rating < 2300:
            return KChoice(
                20,
                f"{clause}: junior whose rating once reached 2300 (ever_2300): K 20",
                tuple(assumed),
            )
    if rating >= 2400:
        return KChoice(10, f"{clause}: rating 2400 or more", tuple(assumed))
    if state.ever_2400:
        return KChoice(10, f"{clause}: published rating has reached 2400", tuple(assumed))
    if state.ever_2400 is None:
        assumed.append("ever_2400 not given: taken as no (rating under 2400)")
    return KChoice(20, f"{clause}: rating under 2400", tuple(assumed))


def limit_k(choice: KChoice, games: int, maximum: int = 700, clause: str = "8.3.3") -> KChoice:
    """K * n <= ``maximum`` for the n games of one rating period (``clause``, 8.3.3 of the 2022
    and 2024 texts): when K * n is larger, K is the largest whole number with
    K * n <= maximum (700 // n)."""
    if games <= 0 or choice.k * games <= maximum:
        return choice
    k = maximum // games
    rule = (
        f"{choice.rule}; {clause} K * n <= {maximum}: {choice.k} x {games} games = "
        f"{choice.k * games} > {maximum}, K = {maximum} // {games} = {k}"
    )
    return KChoice(k, rule, choice.assumed)


# -- Unrated players (8.2) -------------------------------------------------------------------


def ru_from(base: Fraction, score: Fraction, games: int, round_robin: bool, n: int) -> tuple:
    """Ru from the base (Rc, or Ra in a round robin) by 8.22-8.25: (Ru, rule, dp or None)."""
    p = score / games
    if p == Fraction(1, 2):
        return base, "8.22: 50%", None
    if p > Fraction(1, 2):
        half_points = 2 * score - games
        return base + 20 * half_points, f"8.23: +20 x {half_points} half points", None
    dp = table_dp(p)
    if round_robin:
        return base + Fraction(dp) * n / (n + 1), "8.25: Ra + dp x n/(n+1)", dp
    return base + dp, "8.24: Rc + dp", dp


# -- One event -------------------------------------------------------------------------------


@dataclass
class _EventResult:
    event: Event
    rows: dict[str, dict] = field(default_factory=dict)
    games: list[dict] = field(default_factory=list)
    sections: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # per player: list of (opponent rating used, score) of the counted games (unrated: 8.3)
    counted: dict[str, list[tuple[Fraction, Fraction]]] = field(default_factory=dict)
    ru: dict[str, Fraction] = field(default_factory=dict)
    disregarded: set[str] = field(default_factory=set)
    ra: dict[str, Fraction] = field(default_factory=dict)


def _reference_date(event: Event) -> date | None:
    return event.end or event.start


# -- Results that wait for a first rating (7.14; 2024 7.1.4) ---------------------------------

#: The player file column that carries them from one run (or ledger period) to the next.
PENDING_COLUMN = "pending_results"

Pending = tuple[date | None, Fraction, Fraction]


def parse_pending(text: str, location: Location | None = None) -> tuple[Pending, ...]:
    """The ``pending_results`` cell: one item per game against a rated opponent, separated by
    spaces, each ``RATING:SCORE@YYYY-MM-DD`` (the opponent's rating used, the score 1, 0.5 or
    0, the day the event ended; ``@date`` may be left out), e.g.
    ``1850:1@2025-03-14 1720:0.5@2025-03-14``."""
    items: list[Pending] = []
    for item in text.split():
        head, _, day = item.partition("@")
        rating_text, colon, score_text = head.partition(":")
        rating, score = None, None
        # ASCII digits only: int() and Fraction() would also read full-width or other Unicode
        # digits ("１９００").
        if _ASCII_RATING.fullmatch(rating_text) and _ASCII_SCORE.fullmatch(score_text):
            try:
                rating = int(rating_text)
                score = Fraction(score_text.replace(",", "."))
            except ZeroDivisionError:
                rating, score = None, None
        if not colon or rating is None or not 0 <= rating <= 4000 or score not in _SCORES:
            raise InvalidValueError(
                f"{PENDING_COLUMN} must read like '1850:1@2025-03-14 1720:0.5@2025-03-14' "
                "(opponent rating 0-4000, score 1, 0.5 or 0, the date), got " + repr(item),
                location,
                item,
            )
        items.append((parse_date(day, location) if day else None, Fraction(rating), score))
    return tuple(items)


_SCORES = (Fraction(0), Fraction(1, 2), Fraction(1))
_ASCII_RATING = re.compile(r"[0-9]+")
_ASCII_SCORE = re.compile(r"[0-9]+(?:[.,][0-9]+)?|[0-9]+/[0-9]+")


def format_pending(items) -> str:
    """The ``pending_results`` cell for (date, opponent rating, score) items."""
    out = []
    for day, rating, score in items:
        text = f"{int(rating)}:{'0.5' if score == Fraction(1, 2) else int(score)}"
        out.append(text + (f"@{day.isoformat()}" if day is not None else ""))
    return " ".join(out)


def _months_between(earlier: date, later: date) -> int:
    return (later.year - earlier.year) * 12 + later.month - earlier.month


def _rate_event(
    event: Event,
    states: dict[str, PlayerState],
    rules: Fide2014,
    first_event: set[str],
    period_games: dict[str, int] | None = None,
) -> _EventResult:
    """One event; ``period_games``: rated games of each person (key) in the whole rating
    period, for rules whose K depends on them (K * n <= 700 from 2024)."""
    result = _EventResult(event)
    round_robin = event.type is EventType.ROUND_ROBIN
    on = _reference_date(event)
    by_id = {p.id: p for p in event.players}

    # 8.4: rated himself, unrated for his opponents.
    newly_rated = set()
    for player in event.players:
        first = states[player.id].first_rated
        if player.rating is not None and first is not None:
            if event.start is None:
                result.notes.append(
                    f"8.4: {player.name!r} was first rated on {first.isoformat()}, but the "
                    "event has no start date: taken as rated before the event"
                )
            elif first > event.start and (event.end is None or first <= event.end):
                newly_rated.add(player.id)
                result.notes.append(
                    f"8.4: {player.name!r} was first rated during the event "
                    f"({first.isoformat()}): rated himself with {player.rating}, unrated for "
                    "his opponents"
                )
    unrated = {p.id for p in event.players if p.rating is None}
    unrated_for_others = unrated | newly_rated

    # Games the composition rules exclude (2024 6.1, 6.2), listed below as not rated.
    excluded = rules.excluded_games(event)
    for why in dict.fromkeys(excluded.values()):
        result.notes.append(why)
    # Played games of chess: shogi data (handicap, sennichite ...) are listed below, unrated.
    played = {
        p.id: [
            g
            for g in event.played_games_of(p.id)
            if not_a_chess_game(g) is None and id(g) not in excluded
        ]
        for p in event.players
    }

    # 8.21: an unrated player with zero in his first event is not counted.
    zero: list[str] = []
    for pid in [p.id for p in event.players if p.id in unrated]:
        games = played[pid]
        if round_robin:
            counted = games
        else:
            counted = [g for g in games if g.opponent_of(pid) not in unrated_for_others]
        if counted and sum(g.score_of(pid) for g in counted) == 0 and pid in first_event:
            result.disregarded.add(pid)
            zero.append(by_id[pid].name)
    if zero:
        shown = ", ".join(zero[:10]) + (" ..." if len(zero) > 10 else "")
        result.notes.append(
            f"8.21: {len(zero)} unrated player(s) scored 0 in their first event and are not "
            f"counted"
            + (" (nor their games for their opponents)" if round_robin else "")
            + f": {shown} (a player without a games count is taken to be in his first event)"
        )

    # Round robin: Ru of the players unrated for others by the 8.58 iteration.
    ru_int: dict[str, int] = {}
    rr_unrated_rated = round_robin and rules.rate_unrated_in_round_robins
    if round_robin and (unrated_for_others - result.disregarded) and rules.round_robin_iteration:
        ru_exact, ra_final, sections, iteration_notes = _iterate(
            event, played, unrated_for_others, result.disregarded, rules.max_iterations
        )
        result.notes.extend(iteration_notes)
        result.ra = ra_final
        result.sections.extend(sections)
        for pid, value in ru_exact.items():
            result.ru[pid] = value
            ru_int[pid] = round_half_away_from_zero(value)
    elif rr_unrated_rated:
        # Ru from the rated opponents only (no iteration), used for the rated players (8.52).
        for pid in unrated_for_others - result.disregarded:
            pairs = [
                (Fraction(by_id[g.opponent_of(pid)].rating), Fraction(g.score_of(pid)))
                for g in played[pid]
                if g.opponent_of(pid) not in unrated_for_others | result.disregarded
            ]
            if pairs:
                _, value, _ = rules.initial_rating(pairs)
                ru_int[pid] = round_half_away_from_zero(value)

    # Games not played over the board, and games that are not chess, are listed, never rated.
    not_chess = 0
    for game in event.games:
        shogi = not_a_chess_game(game)
        if id(game) in excluded:
            why = excluded[id(game)]
        elif game.is_played and shogi is None:
            continue
        elif game.is_played:
            why = shogi
            not_chess += 1
        else:
            why = f"not played ({game.play.value}): only 1 = 0 results are rated"
        for pid in game.players:
            row = _game_row(event, game.round, by_id[pid], by_id[game.opponent_of(pid)], 0)
            row["score"] = Fraction(game.score_of(pid))
            result.games.append(row | {"rated": False, "note": why})
    if not_chess:
        result.notes.append(
            f"{not_chess} game(s) with a shogi handicap or a shogi result (sennichite, "
            "jishogi, illegal move) are not rated: they are not chess games"
        )

    # Rated players, game by game.
    for player in event.players:
        pid = player.id
        if pid in unrated:
            continue
        state = states[pid]
        w = We = Fraction(0)
        used: list[Fraction] = []
        # (row, opponent, score, rating used or None when the game is not rated), in game order.
        entries: list[tuple[dict, str, Fraction, int | None]] = []
        for game in played[pid]:
            opp = game.opponent_of(pid)
            score = Fraction(game.score_of(pid))
            row = _game_row(event, game.round, player, by_id[opp], score)
            why = None
            rating_used = None
            if opp in result.disregarded:
                why = "8.21: opponent's result not counted"
            elif opp in unrated_for_others:
                if round_robin and not rules.rate_unrated_in_round_robins:
                    why = rules.unrated_opponent_note
                elif not round_robin:
                    why = "8.52: opponent unrated (only round robins rate these games)"
                elif opp not in ru_int:
                    why = "opponent has no Ru"
                else:
                    rating_used = ru_int[opp]
            else:
                rating_used = by_id[opp].rating
            if why is not None:
                row.update(rated=False, note=why)
            entries.append((row, opp, score, None if why is not None else rating_used))
        rated_entries = [e for e in entries if e[3] is not None]
        raws = [player.rating - e[3] for e in rated_entries]
        # 8.54 (2022: 8.3.1, one upgrade per tournament): the games whose D the cap limits.
        capped_at = rules.capped_games(player.rating, raws)
        for index, (row, opp, score, rating_used) in enumerate(rated_entries):
            raw = raws[index]
            capped = index in capped_at
            d = max(-rules.cap, min(rules.cap, raw)) if capped else raw
            pd = table_pd_exact(d)
            row.update(
                {
                    "rating used": player.rating - d if capped else rating_used,
                    "capped": rules.cap_rule if capped else "",
                    "D uncapped": raw,
                    "D": d,
                    "PD": pd,
                    "score-PD": score - pd,
                    "rated": True,
                }
            )
            if opp in unrated_for_others:
                row["note"] = f"opponent unrated: his Ru {rating_used} (8.52, 8.58)"
            elif not capped and abs(raw) > rules.cap:
                row["note"] = rules.no_cap_note(player.rating)
            w += score
            We += pd
            used.append(Fraction(rating_used))
        result.games.extend(row for row, _, _, _ in entries)
        n = len(used)
        period_n = n if period_games is None else period_games.get(state.key, n)
        choice = rules.choose_k(player.rating, state, on, period_n)
        for text in choice.assumed:
            result.notes.append(f"K={choice.k} assumed for {player.name!r}: {text}")
        change = choice.k * (w - We)
        after, status = rules.publish(player.rating + round_half_away_from_zero(change))
        result.rows[pid] = {
            "id": pid,
            "name": player.name,
            "rating_before": player.rating,
            "games": n,
            "score": w,
            "expected": We,
            "change": change,
            "rating_after": after,
            "Ro": player.rating,
            "Rc": sum(used) / n if n else None,
            "n": n,
            "w": w,
            "We": We,
            "w-We": w - We,
            "K": choice.k,
            "K*(w-We)": change,
            "K rule": choice.rule,
            "status": status or "rated",
        }

    # Unrated players.
    for player in event.players:
        pid = player.id
        if pid not in unrated:
            continue
        base_row = {
            "id": pid,
            "name": player.name,
            "rating_before": None,
            "expected": None,
            "change": None,
            "rating_after": None,
        }
        if pid in result.disregarded:
            games = played[pid]
            result.rows[pid] = base_row | {
                "games": len(games),
                "score": Fraction(0),
                "status": "not counted (8.21)",
            }
            continue
        if round_robin and rules.round_robin_iteration:
            counted = [g for g in played[pid] if g.opponent_of(pid) not in result.disregarded]
            pairs = []
            for g in counted:
                opp = g.opponent_of(pid)
                opp_rating = ru_int.get(opp) if opp in unrated_for_others else by_id[opp].rating
                pairs.append((Fraction(opp_rating), Fraction(g.score_of(pid))))
            for g in counted:
                result.games.append(
                    _game_row(event, g.round, player, by_id[g.opponent_of(pid)], g.score_of(pid))
                    | {"rated": True, "note": "counts towards Ru (8.21b, 8.58)"}
                )
        else:
            pairs = []
            for g in played[pid]:
                opp = g.opponent_of(pid)
                row = _game_row(event, g.round, player, by_id[opp], g.score_of(pid))
                if opp in unrated_for_others:
                    result.games.append(
                        row | {"rated": False, "note": "8.21a: Rc counts rated opponents only"}
                    )
                    continue
                pairs.append((Fraction(by_id[opp].rating), Fraction(g.score_of(pid))))
                result.games.append(row | {"rated": True, "note": "counts towards Rc (8.21a)"})
        result.counted[pid] = pairs
        n = len(pairs)
        w = sum((s for _, s in pairs), Fraction(0))
        row = base_row | {"games": n, "score": w, "n": n, "w": w}
        iterated = round_robin and rules.round_robin_iteration
        if n == 0 or (iterated and pid not in result.ru):
            result.rows[pid] = row | {"status": "no rated opponent: no Ru"}
            continue
        if iterated:
            value = result.ru[pid]
            rc = result.ra[pid]
            rule = "8.21b Ra, 8.58 iteration (see sections)"
        else:
            rc, value, rule = rules.initial_rating(pairs)
        result.ru[pid] = value
        published, status = rules.publish(round_half_away_from_zero(value), initial=True)
        row |= {
            "Rc": rc,
            "Ru exact": value,
            "Ru": round_half_away_from_zero(value),
            "rating_after": published,
            "status": status or f"unrated: Ru by {rule}",
        }
        result.rows[pid] = row
    if not round_robin and unrated_for_others:
        result.notes.append(
            "8.52: games of rated players against unrated opponents are not rated "
            "(not a round robin)"
        )
    elif round_robin and unrated_for_others and not rules.rate_unrated_in_round_robins:
        result.notes.append(
            rules.unrated_opponent_note.split(" (")[0]
            + ": games of rated players against unrated opponents are not rated, in round "
            "robins too"
        )
    return result


def _game_row(event: Event, round_: int, player: Player, opponent: Player, score) -> dict:
    return {
        "event": event.name,
        "round": round_,
        "id": player.id,
        "name": player.name,
        "opponent": opponent.id,
        "opponent name": opponent.name,
        "opponent rating": opponent.rating,
        "score": Fraction(score),
    }


def _iterate(
    event: Event,
    played,
    unrated_for_others: set[str],
    disregarded: set[str],
    max_iterations: int = 100,
):
    """8.21b and 8.58: Ra and Ru of the unrated players of a round robin, pass by pass."""
    by_id = {p.id: p for p in event.players}
    active = [p.id for p in event.players if p.id not in disregarded]
    targets = [pid for pid in active if pid in unrated_for_others]

    def games_of(pid):
        return [g for g in played[pid] if g.opponent_of(pid) not in disregarded]

    score = {pid: Fraction(sum(g.score_of(pid) for g in games_of(pid))) for pid in active}
    count = {pid: len(games_of(pid)) for pid in active}
    opponents = {pid: len({g.opponent_of(pid) for g in games_of(pid)}) for pid in active}

    dp_rows = []
    dp_of: dict[str, int] = {}
    for pid in active:
        if count[pid] == 0:
            continue
        p = score[pid] / count[pid]
        dp_of[pid] = table_dp(p)
        dp_rows.append(
            {
                "id": pid,
                "name": by_id[pid].name,
                "rating": by_id[pid].rating if pid not in unrated_for_others else None,
                "games": count[pid],
                "score": score[pid],
                "p": p,
                "dp": dp_of[pid],
                "in pass 1": pid not in unrated_for_others,
            }
        )
    rated = [pid for pid in active if pid not in unrated_for_others and pid in dp_of]
    if not rated:
        raise RatingkitError(
            f"{event.name}: a round robin without rated players cannot rate its unrated players "
            "(8.21b needs Rar)"
        )
    iteration_rows = []
    current: dict[str, Fraction] = {}
    ra_of: dict[str, Fraction] = {}
    previous_rounded: dict[str, int] | None = None
    converged = False
    for pass_number in range(1, max_iterations + 1):
        if pass_number == 1:
            averaged = {pid: Fraction(by_id[pid].rating) for pid in rated}
        else:
            averaged = {pid: Fraction(by_id[pid].rating) for pid in rated}
            averaged |= {pid: current[pid] for pid in targets if pid in current}
        rar = sum(averaged.values()) / len(averaged)
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
            iteration_rows.append(
                {
                    "pass": pass_number,
                    "players averaged": len(averaged),
                    "Rar": rar,
                    "dpa": dpa,
                    "id": pid,
                    "name": by_id[pid].name,
                    "n": n,
                    "Ra": ra,
                    "score": score[pid],
                    "p": score[pid] / count[pid],
                    "rule": rule,
                    "dp": dp,
                    "Ru": value,
                    "Ru rounded": round_half_away_from_zero(value),
                }
            )
        current = new
        rounded = {pid: round_half_away_from_zero(v) for pid, v in new.items()}
        if rounded == previous_rounded:
            converged = True
            break
        previous_rounded = rounded
    formats = {"Rar": "{:.2f}", "dpa": "{:.2f}", "Ra": "{:.2f}", "Ru": "{:.2f}", "p": "{:.3f}"}
    dp_table = Table(
        f"8.21b: p and dp of each player ({event.name})",
        ("id", "name", "rating", "games", "score", "p", "dp", "in pass 1"),
        dp_rows,
        {"p": "{:.3f}"},
    )
    iteration = Table(
        f"8.58 iteration ({event.name})",
        (
            "pass",
            "players averaged",
            "Rar",
            "dpa",
            "id",
            "name",
            "n",
            "Ra",
            "score",
            "p",
            "rule",
            "dp",
            "Ru",
            "Ru rounded",
        ),
        iteration_rows,
        formats,
    )
    notes = []
    if not converged:
        notes.append(
            f"8.58: the rounded Ru still changed after {max_iterations} passes; the last "
            "pass is used"
        )
    return current, ra_of, [dp_table, iteration], notes


# -- Player state ----------------------------------------------------------------------------


def _person_key(player: Player, event: Event) -> str:
    """Who the player is across the events of a period: his FIDE id, else his id, except in
    TRF files, whose ids are start ranks: there his name."""
    if player.fide_id:
        return player.fide_id
    if event.local_ids:
        return player.name
    return player.id


def _states(event: Event, players: PlayerFile | None) -> tuple[dict[str, PlayerState], list]:
    """Each player's state from the player file: matched on FIDE id, then id, then name."""
    states: dict[str, PlayerState] = {}
    notes: list[str] = []
    missing: list[str] = []
    how_counts: dict[str, int] = {}
    for player in event.players:
        record, how = find_record(player, players) if players is not None else (None, None)
        if record is None:
            if players is not None:
                missing.append(player.name)
            states[player.id] = PlayerState(
                born=player.born,
                born_year_only=bool(player.extra.get("born_year_only")),
                key=_person_key(player, event),
            )
            continue
        how_counts[how] = how_counts.get(how, 0) + 1
        first = record.extra.get("first_rated") or player.extra.get("first_rated")
        first_date = None
        if first:
            where = record.location
            if where is not None:
                where = replace(where, column="first_rated")
            first_date = parse_date(str(first), where)
        if record.rating is not None and player.rating is None:
            notes.append(
                f"{player.name!r}: the player file's rating {record.rating} is not used; the "
                "event's unrated is (8.53: earlier temporary ratings are ignored)"
            )
        elif record.rating is not None and record.rating != player.rating:
            notes.append(
                f"{player.name!r}: the player file's rating {record.rating} is the previous "
                f"list's: the event is rated with its own {player.rating} (and its K), the "
                f"change goes onto {record.rating} (7.1)"
            )
        pending: tuple = ()
        if record.extra.get(PENDING_COLUMN):
            where = record.location
            if where is not None:
                where = replace(where, column=PENDING_COLUMN)
            pending = parse_pending(str(record.extra[PENDING_COLUMN]), where)
        states[player.id] = PlayerState(
            games=record.games,
            born=record.born or player.born,
            born_year_only=record.born is None and bool(player.extra.get("born_year_only")),
            ever_2400=record.ever_2400,
            k=record.k,
            first_rated=first_date,
            ever_2300=record.ever_2300,
            list_rating=record.rating if player.rating is not None else None,
            pending=pending if player.rating is None else (),
            key=record.id or _person_key(player, event),
            matched=how,
        )
    if players is not None:
        where = players.source or "player file"
        text = ", ".join(f"{count} by {how}" for how, count in how_counts.items()) or "none"
        note = f"{where}: players matched {text}"
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            note += f"; not found ({len(missing)}): {shown} (defaults assumed for them)"
        notes.append(note)
    else:
        notes.append("no player file: defaults assumed for K (see the notes below)")
    return states, notes


def find_record(player: Player, players: PlayerFile) -> tuple[PlayerRecord | None, str | None]:
    """The player file's record for an event's player and how it was found: on his FIDE id,
    then on the event id (when the names agree or the file has none), then on the name."""
    if player.fide_id:
        record = players.by_id(player.fide_id)
        if record is not None:
            return record, "FIDE id"
    record = players.by_id(player.id)
    if record is not None and (record.name is None or _same_name(record.name, player.name)):
        return record, "id"
    record = players.by_name(player.name)
    if record is not None:
        return record, "name"
    return None, None


def _same_name(a: str, b: str) -> bool:
    from ..core.players import normalise_name

    return normalise_name(a) == normalise_name(b)


def _group_notes(notes: list[str]) -> list[str]:
    """K default notes grouped by text, so a large event lists each default once."""
    grouped: dict[str, list[str]] = {}
    others: list[str] = []
    for note in notes:
        if note.startswith("K=") and " assumed for " in note:
            head, rest = note.split(" assumed for ", 1)
            name, reason = rest.split(": ", 1)
            grouped.setdefault(f"{head} assumed ({reason})", []).append(name)
        elif note not in others:
            others.append(note)
    out = others
    for text, names in grouped.items():
        unique = list(dict.fromkeys(names))
        shown = ", ".join(unique[:10]) + (" ..." if len(unique) > 10 else "")
        out.append(f"{text} for {len(unique)} player(s): {shown}")
    return out


def _games_after(player: Player, state, rating: int | None, played: int | None) -> int | None:
    """The games count after an event or period: a newly rated player counts from 0; an
    unknown count stays unknown (its K assumption is printed again next time, not turned into
    a count of a few games that would make K 40)."""
    if player.rating is None and rating is not None:
        return (state.games or 0) + (played or 0)
    if player.rating is None:  # still unrated: his results wait (7.14), nothing was rated
        return state.games
    if state.games is not None:
        return state.games + (played or 0)
    return None


def _state_record(key, name, rating, games, state, carried=()) -> PlayerRecord:
    """A record of the new state: rating, games count, the K flags ``ever_2400`` and
    ``ever_2300`` (set once the rating reaches them) and the results waiting for a first
    rating (7.14; 2024 7.1.4)."""
    ever = bool(state.ever_2400) or (rating is not None and rating >= 2400)
    ever_2300 = bool(state.ever_2300) or (rating is not None and rating >= 2300)
    extra = {PENDING_COLUMN: format_pending(carried)} if carried else {}
    return PlayerRecord(
        id=key,
        name=name,
        rating=rating,
        games=games,
        born=state.born,
        k=state.k,
        ever_2400=ever if rating is not None else state.ever_2400,
        ever_2300=ever_2300 if rating is not None else state.ever_2300,
        extra=extra,
    )


def _new_state(event: Event, states, rows: dict[str, dict], carried=None) -> PlayerFile:
    records = []
    for player in event.players:
        state = states[player.id]
        row = rows.get(player.id, {})
        rating = row.get("rating_after")
        if rating is None and "rating_after" not in row:  # below a floor: unrated now
            rating = player.rating
        games = _games_after(player, state, rating, row.get("n"))
        keep = (carried or {}).get(player.id, ())
        records.append(_state_record(state.key, player.name, rating, games, state, keep))
    return PlayerFile(tuple(records), "new state after " + event.name)


# -- The rule set ----------------------------------------------------------------------------

PLAYER_COLUMNS = (*FIDE_COLUMNS, "K rule", "Ru exact", "Ru", "status")


@dataclass(frozen=True)
class Fide2014:
    """FIDE Rating Regulations 2014, section 8, as a rule set."""

    name: str = "fide-2014"
    title: str = "FIDE Rating Regulations 2014, section 8"
    document: str = "FIDE Rating Regulations effective 1 July 2014, section 8 (Russian translation)"
    valid_from: date | None = date(2014, 7, 1)
    #: The day before the 2017 regulations came into force (FIDE Handbook B.02 lists the 2014
    #: text as "effective from 1 July 2014 till 30 June 2017").
    valid_until: date | None = date(2017, 6, 30)
    #: FIDE's regulations rate chess; games only, never a score table's totals.
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = False
    #: 8.54: the largest rating difference used.
    cap: int = 400
    #: 8.58: the iteration stops after this many passes if the rounded Ru still move.
    max_iterations: int = 100
    #: Short name of the rules in report titles.
    label: str = "FIDE 2014"
    #: Round robins: unrated players' Ru by the 8.21b/8.58 iteration (2014); False: from
    #: their rated opponents only, as in a Swiss event.
    round_robin_iteration: bool = True
    #: 8.52: a rated player's games against an unrated opponent count in round robins (with
    #: the opponent's Ru); False (2024 8.3.1): they are never rated.
    rate_unrated_in_round_robins: bool = True
    #: The game note when such a game is not rated (rule sets that set the field above False).
    unrated_opponent_note: str = "8.3.1: opponent unrated (only games against rated players)"
    #: 7.14 of the 2014 regulations ("a rating for a player new to the list shall be published
    #: only if ... a minimum of 5 games"): the fewest games for a first published rating.
    first_rating_min_games: int = 5
    #: 7.14c: results from rating periods of not more than this many months are pooled.
    first_rating_pool_months: int = 26
    #: The clause that sets the two fields above, for the report.
    first_rating_clause: str = "7.14"
    #: 2024 6.1: a match in which one player is unrated is not rated.
    unrated_match_not_rated: bool = False
    #: 2024 6.2: in a match over a set number of games (event field ``match_games``), the games
    #: played after one player has won are not rated.
    decided_match_games_not_rated: bool = False
    #: The composition clauses of the two fields above, for the report.
    match_clauses: tuple[str, str] = ("6.1", "6.2")
    #: 8.3.3 as FIDE applies it (2024): K 10 once the rating has reached 2400, even before 30
    #: games; a junior whose rating once reached 2300 has K 20.
    k_10_before_30_games: bool = False
    k_junior_ends_once_2300: bool = False
    #: 1.1 (2024): the least minutes per player for 60 moves, by the higher rating of the two
    #: players: (rating from, minutes), highest first; empty: not checked (section 8 of the 2014
    #: regulations has no rate of play).
    minimum_minutes: tuple[tuple[int, int], ...] = ()
    #: 1.2 (2024): the least number of moves of a first time control that names one.
    minimum_first_control_moves: int | None = None
    #: The clauses of the two fields above, for ``check``.
    rate_of_play_clauses: tuple[str, str] = ("1.1", "1.2")
    #: The clause the "capped" column names when the 400-point cap limits a game's D.
    cap_rule: str = "8.54"
    #: The clause of the K rules, named in the report's "K rule" (8.56; 8.3.3 from 2022).
    k_clause: str = "8.56"
    #: Juniors keep K 40 until the end of the year of their 18th birthday (2022, 2024 8.3.3);
    #: False: until the 18th birthday (2014 8.56).
    junior_until_year_end: bool = False
    #: K * n may not exceed this in one rating period (2022, 2024 8.3.3); None: no limit.
    k_times_n_max: int | None = None
    #: No rating below this is published (2022: 1000, 2024: 1400); None: no floor (section 8
    #: of the 2014 regulations has none).
    floor: int | None = None

    # The clauses that later regulations change (ratingkit.fide.rules2024 overrides them).

    def choose_k(self, rating: int, state: PlayerState, on: date | None, games: int) -> KChoice:
        """K for a rated player (2014 8.56, 2022 and 2024 8.3.3, as the fields above set
        them); ``games``: his rated games in the period, for K * n."""
        choice = k_factor(
            rating,
            state,
            on,
            junior_until_year_end=self.junior_until_year_end,
            ten_from_2400_first=self.k_10_before_30_games,
            junior_ends_once_2300=self.k_junior_ends_once_2300,
            clause=self.k_clause,
        )
        if self.k_times_n_max is None:
            return choice
        return limit_k(choice, games, self.k_times_n_max, clause=self.k_clause)

    def first_rating(
        self,
        name: str,
        now: Sequence[Pending],
        pending: Sequence[Pending],
        on: date | None,
    ) -> tuple[dict | None, tuple[Pending, ...], list[str]]:
        """A new player's first published rating (7.14; 2024 7.1.4) from this run's counted
        results ``now`` and the results kept from earlier periods ``pending`` (those older
        than ``first_rating_pool_months`` before ``on`` are dropped).

        Returns (row, carried, notes): ``row`` replaces the player's computed values (None:
        keep them: no earlier results and enough games), ``carried`` are the results the new
        state keeps (below the minimum: nothing is published and they wait)."""
        notes: list[str] = []
        clause = self.first_rating_clause
        kept = tuple(pending)
        if kept and on is not None:
            kept = tuple(
                item
                for item in kept
                if item[0] is None or _months_between(item[0], on) < self.first_rating_pool_months
            )
            if len(kept) < len(pending):
                notes.append(
                    f"{self.label} {clause}: {name!r}: {len(pending) - len(kept)} earlier "
                    f"result(s) from before the last {self.first_rating_pool_months} months "
                    "are not pooled"
                )
        items = kept + tuple(now)
        n = len(items)
        if n == 0:
            return None, kept, notes
        w = sum((s for _, _, s in items), Fraction(0))
        if n < self.first_rating_min_games:
            row = {
                "rating_after": None,
                "status": f"not published: {n} of {self.first_rating_min_games} games",
            }
            if kept:
                # 8.3: the pooled results as one event, as in the published case below: Rc and
                # Ru from all of them, not from this event's games alone.
                rc, value, _ = self.initial_rating([(r, sc) for _, r, sc in items])
                row |= {
                    "games": n,
                    "score": w,
                    "n": n,
                    "w": w,
                    "Rc": rc,
                    "Ru exact": value,
                    "Ru": round_half_away_from_zero(value),
                }
            return row, items, notes
        if not kept:
            return None, (), notes
        row, note = _as_one_event(
            self,
            name,
            [(r, s) for _, r, s in items],
            f"{len(kept)} kept from earlier periods",
            f"with {len(kept)} earlier results",
        )
        notes.append(note)
        return row, (), notes

    def not_published_note(self, players: Sequence[tuple[str, int]]) -> str | None:
        """One note for the new players whose first rating is not published: (name, games)."""
        if not players:
            return None
        shown = ", ".join(f"{name} ({n})" for name, n in players[:10])
        more = " ..." if len(players) > 10 else ""
        return (
            f"{self.label} {self.first_rating_clause}: a first rating needs at least "
            f"{self.first_rating_min_games} games against rated opponents, pooled over at most "
            f"{self.first_rating_pool_months} months: not published for {len(players)} "
            f"player(s) (games so far): {shown}{more}; their results are kept in the new "
            f"state's {PENDING_COLUMN}"
        )

    def excluded_games(self, event: Event) -> dict[int, str]:
        """Games that the composition rules leave unrated, by ``id(game)``, with the reason:
        a match with an unrated player (2024 6.1), the games of a match over a set number of
        games after one player has won (2024 6.2)."""
        out: dict[int, str] = {}
        if event.type is not EventType.MATCH:
            return out
        one, two = self.match_clauses
        if self.unrated_match_not_rated and any(p.rating is None for p in event.players):
            names = ", ".join(p.name for p in event.players if p.rating is None)
            why = f"{one}: a match in which one player is unrated ({names}) is not rated"
            return {id(g): why for g in event.games}
        scheduled = event.extra.get("match_games")
        if not self.decided_match_games_not_rated or scheduled is None:
            return out
        score: dict[str, Fraction] = {}
        decided_at = None
        for game in sorted(event.games, key=lambda g: g.round):
            if decided_at is not None:
                out[id(game)] = (
                    f"{two}: the {scheduled}-game match was won in round {decided_at}; the "
                    "games after it are not rated"
                )
                continue
            for pid in game.players:
                score[pid] = score.get(pid, Fraction(0)) + Fraction(game.score_of(pid))
            if any(2 * s > scheduled for s in score.values()):
                decided_at = game.round
        return out

    def cap_applies(self, rating: int) -> bool:
        """Whether the 400-point cap of 8.54 applies to a player of this rating (always)."""
        return True

    def capped_games(self, rating: int, differences: Sequence[int]) -> set[int]:
        """Which of a player's rated games of one event the 400-point cap limits, by index into
        ``differences`` (own rating - opponent's rating, game by game): under 8.54 every game
        with |D| > 400 (none if the cap does not apply to a player of this rating)."""
        if not self.cap_applies(rating):
            return set()
        return {i for i, d in enumerate(differences) if abs(d) > self.cap}

    def no_cap_note(self, rating: int) -> str:
        """The game note when the cap does not apply to the rated player."""
        return "no cap"

    def initial_rating(self, pairs: Sequence[tuple[Fraction, Fraction]]) -> tuple:
        """Rc, exact Ru and the rule used from (opponent rating, score) pairs (8.21a-8.24)."""
        n = len(pairs)
        w = sum((s for _, s in pairs), Fraction(0))
        rc = sum(r for r, _ in pairs) / n
        value, rule, _ = ru_from(rc, w, n, False, n)
        return rc, value, rule

    def publish(self, rating: int, initial: bool = False) -> tuple[int | None, str | None]:
        """The rating published after rounding, and a status when it is not: below the
        ``floor`` nothing is published (``initial``: an Ru; else the player is listed as
        unrated)."""
        if self.floor is None or rating >= self.floor:
            return rating, None
        if initial:
            return None, f"Ru {rating} below the floor {self.floor}: no rating published"
        return None, f"new rating {rating} below the floor {self.floor}: listed as unrated"

    def decision_notes(self, event: Event) -> list[str]:
        """The decisions this rule set takes where the document is silent."""
        return [_decision_note(event)]

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """Rate one event (FIDE 2014 section 8)."""
        require_games(event, self.name)
        states, notes = _states(event, players)
        first = {pid for pid, s in states.items() if not s.games and not s.pending}
        result = _rate_event(event, states, self, first)
        notes = [*event_notes(event), *notes, *result.notes]
        on = _reference_date(event)
        carried: dict[str, tuple] = {}
        waiting: list[tuple[str, int]] = []
        for player in event.players:
            row = result.rows[player.id]
            state = states[player.id]
            if player.rating is not None:
                # 7.1: the change goes onto the previous list's rating.
                base = state.list_rating
                if base is not None and base != player.rating:
                    change = round_half_away_from_zero(row["K*(w-We)"])
                    after, status = self.publish(base + change)
                    row |= {"rating_after": after, "status": status or "rated"}
                    notes.append(
                        f"7.1: {player.name!r}: new rating = previous list {base} (player "
                        f"file) {change:+d} = {base + change} (the event was rated with its "
                        f"Ro {player.rating})"
                    )
                continue
            if pid_not_counted(row):
                continue
            now = [(on, r, s) for r, s in result.counted.get(player.id, [])]
            update, keep, first_notes = self.first_rating(player.name, now, state.pending, on)
            notes.extend(first_notes)
            if update is not None:
                row |= update
            if keep:
                carried[player.id] = keep
                waiting.append((player.name, len(keep)))
        notes.extend(n for n in [self.not_published_note(waiting)] if n)
        notes.extend(self.decision_notes(event))
        rows = [result.rows[p.id] for p in event.players]
        return Report.build(
            title=f"{event.name}: {self.label} rating",
            rules=self.name,
            rows=rows,
            extra_columns=PLAYER_COLUMNS,
            game_rows=result.games,
            game_columns=GAME_COLUMNS,
            summary=_summary(event),
            notes=_group_notes(notes),
            sections=result.sections,
            formats=FORMATS,
            new_state=_new_state(event, states, result.rows, carried),
        )

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """One rating period: K * sum(dR) per event, one rounding for the period (8.55c,
        8.57); unrated players' first rating over all their games as one event (8.3)."""
        if not events:
            raise RatingkitError("rate_events needs at least one event")
        for event in events:
            require_games(event, self.name)
        notes: list[str] = [
            "rating period: events in the order given: "
            + "; ".join(e.name for e in events)
            + ". K and the games count come from the player file's state at the start of the "
            "period for every event; each event's K * sum(dR) is added up and rounded once (8.57) "
            "and added to the previous list's rating (7.1): the player file's rating where it "
            "gives one, else the rating the player has in the event that began last (column "
            "'list rating from')"
        ]
        per_person: dict[str, dict] = {}
        sections: list[Table] = []
        games: list[dict] = []
        seen_unrated_events: set[str] = set()
        last_state: dict[str, tuple] = {}
        period_games = self._period_games(events, players)
        for event in events:
            states, state_notes = _states(event, players)
            first = set()
            for pid, state in states.items():
                if not state.games and not state.pending and state.key not in seen_unrated_events:
                    first.add(pid)
            result = _rate_event(event, states, self, first, period_games)
            read = [*event_notes(event), *state_notes, *result.notes]  # type and encoding
            for note in _group_notes([n for n in read if n]):
                notes.append(f"{event.name}: {note}")
            sections.extend(result.sections)
            games.extend(result.games)
            rows = []
            for player in event.players:
                row = result.rows[player.id]
                key = states[player.id].key
                last_state[key] = (player, states[player.id])
                entry = per_person.setdefault(
                    key,
                    {
                        "player": player,
                        "events": [],
                        "unrated": [],
                        "rated": [],
                        "rated_states": [],
                    },
                )
                if player.rating is None:
                    if row.get("games"):
                        seen_unrated_events.add(key)
                    if row.get("status") != "not counted (8.21)":
                        entry["unrated"].append((event, result.counted.get(player.id, []), row))
                else:
                    entry["rated"].append((event, row))
                    entry["rated_states"].append((event, row, states[player.id]))
                rows.append({c: row.get(c) for c in ("id", "name", *FIDE_COLUMNS)})
            sections.append(
                Table(f"event: {event.name}", ("id", "name", *FIDE_COLUMNS), rows, FORMATS)
            )
        period_rows = []
        carried: dict[str, tuple] = {}
        waiting: list[tuple[str, int]] = []
        dates = [d for d in (_reference_date(e) for e in events) if d is not None]
        on = max(dates) if dates else None
        for key, entry in per_person.items():
            player = entry["player"]
            state = last_state[key][1]
            if entry["rated"] and entry["unrated"]:
                notes.append(
                    f"{player.name!r} is unrated in "
                    + ", ".join(e.name for e, _, _ in entry["unrated"])
                    + " and rated in "
                    + ", ".join(e.name for e, _ in entry["rated"])
                    + ": only the events where he is rated change his rating"
                )
            if entry["rated"]:
                rated_state = next(
                    (st for e, _, st in entry["rated_states"] if st.list_rating is not None),
                    state,
                )
                period_rows.append(
                    _period_rated_row(
                        key, player, entry["rated"], notes, self, rated_state.list_rating
                    )
                )
            else:
                row = _period_unrated_row(key, player, entry["unrated"], notes, self)
                if row.get("status") != "not counted (8.21)":
                    now = [
                        (_reference_date(event), r, s)
                        for event, pairs, _ in entry["unrated"]
                        for r, s in pairs
                    ]
                    update, keep, first_notes = self.first_rating(
                        player.name, now, state.pending, on
                    )
                    notes.extend(first_notes)
                    if update is not None:
                        row |= update
                    if keep:
                        carried[key] = keep
                        waiting.append((player.name, len(keep)))
                        # The 8.3 computation over the period's events is not a rating yet.
                        head = f"8.3: {player.name!r}: "
                        notes[:] = [n for n in notes if not n.startswith(head)]
                period_rows.append(row)
        notes.extend(n for n in [self.not_published_note(waiting)] if n)
        state_rows = {r["id"]: r for r in period_rows}
        records = []
        for key, (player, state) in last_state.items():
            row = state_rows[key]
            rating = row.get("rating_after")
            count = _games_after(player, state, rating, row.get("n"))
            records.append(
                _state_record(key, player.name, rating, count, state, carried.get(key, ()))
            )
        notes.extend(self.decision_notes(events[0]))
        return Report.build(
            title=f"rating period of {len(events)} event(s): {self.label}",
            rules=self.name,
            rows=period_rows,
            extra_columns=(*PLAYER_COLUMNS, "list rating", "list rating from", "events"),
            game_rows=games,
            game_columns=GAME_COLUMNS,
            summary={"events": len(events)},
            notes=_group_notes(notes),
            sections=sections,
            formats=FORMATS,
            new_state=PlayerFile(tuple(records), "new state after the rating period"),
        )

    def check(self, event: Event, players: PlayerFile | None = None) -> Table:
        """The games that section 8 does not rate, and why (one row per reason)."""
        report = self.rate(event, players)
        reasons: dict[str, dict[tuple, str]] = {}
        for row in report.games.rows:
            if row["rated"] is False:
                key = (row["round"], frozenset((row["id"], row["opponent"])))
                text = f"r{row['round']} {row['id']}-{row['opponent']}"
                reasons.setdefault(row["note"], {}).setdefault(key, text)
        rows = []
        for why, items in reasons.items():
            shown = list(items.values())
            listed = ", ".join(shown[:8]) + (" ..." if len(shown) > 8 else "")
            rows.append(
                {"rule": why.split(":")[0], "problem": why, "games": f"{len(shown)}: {listed}"}
            )
        for row in report.players.rows:
            if row["status"] == "not counted (8.21)":
                rows.append(
                    {"rule": "8.21", "problem": f"{row['name']} scored 0", "games": "all his"}
                )
        play_rows, unchecked = self.rate_of_play(event)
        rows.extend(play_rows)
        title = f"{event.name}: {self.label} checks"
        if unchecked:
            title += "; not checked for lack of data: " + ", ".join(unchecked)
        return Table(title, ("rule", "problem", "games"), rows)

    def rate_of_play(self, event: Event) -> tuple[list[dict], list[str]]:
        """The rate-of-play rules (2024 1.1-1.2): rows of ``check`` for the games whose time
        control is below the minimum for the players' ratings, and the rules that could not be
        checked for lack of an event field.  A player without a rating counts as rated below
        every threshold."""
        if not self.minimum_minutes:
            return [], []
        one, two = self.rate_of_play_clauses
        rows: list[dict] = []
        unchecked: list[str] = []
        minutes = event.extra.get("minutes")
        if minutes is None:
            unchecked.append(f"{one} (no event field 'minutes')")
        else:
            rating = {p.id: p.rating or 0 for p in event.players}
            short: dict[tuple[int, int], list[str]] = {}
            for game in event.games:
                if not game.is_played:
                    continue
                higher = max(rating[game.white], rating[game.black])
                threshold, need = next(
                    (t, m) for t, m in self.minimum_minutes if higher >= t or t <= 0
                )
                if minutes < need:
                    short.setdefault((threshold, need), []).append(
                        f"r{game.round} {game.white}-{game.black}"
                    )
            for (threshold, need), items in short.items():
                who = (
                    f"one of the players is rated {threshold} or more"
                    if threshold > 0
                    else "every game"
                )
                listed = ", ".join(items[:8]) + (" ..." if len(items) > 8 else "")
                rows.append(
                    {
                        "rule": one,
                        "problem": f"{one}: {minutes} minutes per player for 60 moves, but "
                        f"{need} are needed where {who}: these games are not rated",
                        "games": f"{len(items)}: {listed}",
                    }
                )
        moves = event.extra.get("first_control_moves")
        least = self.minimum_first_control_moves
        if least is not None and moves is not None and moves < least:
            rows.append(
                {
                    "rule": two,
                    "problem": f"{two}: the first time control names {moves} moves; it must "
                    f"name at least {least}",
                    "games": "all",
                }
            )
        return rows, unchecked

    def _period_games(self, events: Sequence[Event], players: PlayerFile | None) -> dict:
        """Rated games of each person over the period's events (a first pass over them)."""
        games: dict[str, int] = {}
        for event in events:
            states, _ = _states(event, players)
            first = {pid for pid, s in states.items() if not s.games}
            result = _rate_event(event, states, self, first)
            for pid, row in result.rows.items():
                if row.get("rating_before") is not None:
                    key = states[pid].key
                    games[key] = games.get(key, 0) + (row.get("n") or 0)
        return games


def pid_not_counted(row: dict) -> bool:
    """An unrated player's row that 8.21 leaves out (zero in his first event)."""
    return row.get("status") == "not counted (8.21)"


def _began_last(rated) -> tuple:
    """The (event, row) of the events that began last: the latest start (else end) date; among
    equal or missing dates, the later in the order given."""
    order = list(enumerate(rated))
    dated = [(i, item) for i, item in order if (item[0].start or item[0].end) is not None]
    if not dated:
        return rated[-1]
    return max(dated, key=lambda pair: (pair[1][0].start or pair[1][0].end, pair[0]))[1]


def _period_rated_row(key, player, rated, notes, rules: Fide2014, list_rating=None) -> dict:
    # 7.1: the new rating is the previous list's rating + the period's rounded total.
    if list_rating is not None:
        ro, source = list_rating, "player file"
    else:
        last_event, last_row = _began_last(rated)
        ro = last_row["Ro"]
        source = f"{last_event.name} (the event that began last)"
    if any(row["Ro"] != ro for _, row in rated):
        notes.append(
            f"7.1: {player.name!r} is rated with Ro "
            f"{', '.join(str(r['Ro']) for _, r in rated)} in the events; the period's change "
            f"goes onto the previous list's rating {ro} ({source})"
        )
    n = sum(row["n"] for _, row in rated)
    w = sum((row["w"] for _, row in rated), Fraction(0))
    we = sum((row["We"] for _, row in rated), Fraction(0))
    change = sum((row["K*(w-We)"] for _, row in rated), Fraction(0))
    ks = sorted({row["K"] for _, row in rated})
    used = [row["Rc"] * row["n"] for _, row in rated if row["n"]]
    after, status = rules.publish(ro + round_half_away_from_zero(change))
    return {
        "id": key,
        "name": player.name,
        "rating_before": ro,
        "games": n,
        "score": w,
        "expected": we,
        "change": change,
        "rating_after": after,
        "Ro": ro,
        "Rc": sum(used) / n if n else None,
        "n": n,
        "w": w,
        "We": we,
        "w-We": w - we,
        "K": ks[0] if len(ks) == 1 else "/".join(str(k) for k in ks),
        "K*(w-We)": change,
        "K rule": "; ".join(dict.fromkeys(row["K rule"] for _, row in rated)),
        "status": status or "rated",
        "list rating": ro,
        "list rating from": source,
        "events": len(rated),
    }


def _period_unrated_row(key, player, unrated, notes, rules: Fide2014) -> dict:
    counted = [(event, pairs, row) for event, pairs, row in unrated if pairs]
    base = {
        "id": key,
        "name": player.name,
        "rating_before": None,
        "expected": None,
        "change": None,
        "events": len(unrated),
    }
    if not counted:
        return base | {"games": 0, "score": 0, "rating_after": None, "status": "no Ru"}
    if len(counted) == 1:
        _, pairs, row = counted[0]
        w = sum((s for _, s in pairs), Fraction(0))
        return base | {
            "games": len(pairs),
            "score": w,
            "n": len(pairs),
            "w": w,
            "Rc": row.get("Rc"),
            "Ru exact": row.get("Ru exact"),
            "Ru": row.get("Ru"),
            "rating_after": row.get("Ru"),
            "status": row.get("status"),
        }
    pairs = [pair for _, ps, _ in counted for pair in ps]
    row, note = _as_one_event(
        rules, player.name, pairs, f"in {len(counted)} events", f"over {len(counted)} events"
    )
    notes.append(note)
    return base | row


def _as_one_event(rules: Fide2014, name: str, pairs, games_from: str, status_from: str):
    """8.3: a first rating from all the (opponent rating, score) pairs as if one event: the
    row's values and the note."""
    n = len(pairs)
    w = sum((s for _, s in pairs), Fraction(0))
    rc, value, rule = rules.initial_rating(pairs)
    ru = round_half_away_from_zero(value)
    published, status = rules.publish(ru, initial=True)
    note = (
        f"8.3: {name!r}: {n} games ({games_from}) as one event: "
        f"Rc {float(rc):.2f}, score {float(w)}, Rn {ru} ({rule})"
    )
    row = {
        "games": n,
        "score": w,
        "n": n,
        "w": w,
        "Rc": rc,
        "Ru exact": value,
        "Ru": ru,
        "rating_after": published,
        "status": status or f"unrated: Rn by 8.3 {status_from}, {rule}",
    }
    return row, note


def _summary(event: Event) -> dict:
    return {
        "event type": event.type.value,
        "start": event.start,
        "end": event.end,
        "players": len(event.players),
        "rated players": sum(1 for p in event.players if p.rating is not None),
    }


def _decision_note(event: Event) -> str:
    text = (
        "only games played over the board are rated (TRF 1 = 0; CSV 1-0, 0-1, 1/2-1/2 "
        "without a handicap or shogi result): forfeits, games of under one move and byes are "
        "not; D is capped at 400 (8.54); the change is rounded to the nearest integer, .5 away "
        "from zero (8.57); a first rating is published from 5 games on (7.14 of the 2014 "
        "regulations; section 8 gives no minimum), results pooled over at most 26 "
        "months; in a rating period the total change goes onto the previous list's rating (7.1)"
    )
    if event.type is EventType.ROUND_ROBIN:
        text += (
            "; 8.58 iteration as decided here: pass 1 is 8.21b (rated players only), later "
            "passes average over all players with the previous pass's Ru, until the rounded "
            "Ru repeat; rated players then use the rounded Ru; n is the number of opponents "
            "(the same in a double round robin)"
        )
    return text


FIDE_2014 = Fide2014()

#: Columns of :func:`calculation_table` and :func:`games_table` by default.
CALCULATION_COLUMNS = ("id", "name", *FIDE_COLUMNS, "rating_after")
GAME_DETAIL_COLUMNS = tuple(
    c for c in GAME_COLUMNS if c not in ("event", "id", "name", "opponent", "rated")
)


def calculation_table(
    report: Report, ids: Sequence[str] | None = None, columns: Sequence[str] = CALCULATION_COLUMNS
) -> Table:
    """FIDE's calculation columns of a report's players (all, or those of ``ids`` in that
    order), formatted as the report formats them."""
    rows = report.players.rows if ids is None else [report.row(i) for i in ids]
    formats = {c: f for c, f in report.players.formats.items() if c in columns}
    return Table(
        f"{report.title}: FIDE calculation",
        tuple(columns),
        [{c: r.get(c) for c in columns} for r in rows],
        formats,
    )


def games_table(
    report: Report, player_id: str, columns: Sequence[str] = GAME_DETAIL_COLUMNS
) -> Table:
    """One player's games as the report computed them: opponent, rating used (``capped``
    8.54 when the cap applies), D, PD and score - PD."""
    rows = [{c: g.get(c) for c in columns} for g in report.games.rows if g["id"] == player_id]
    name = report.row(player_id)["name"]
    formats = {"PD": "{:.2f}", "score-PD": "{:+.2f}"}
    return Table(f"games of {name}", tuple(columns), rows, formats)


__all__ = [
    "FIDE_2014",
    "Fide2014",
    "KChoice",
    "PlayerState",
    "age_on",
    "calculation_table",
    "find_record",
    "games_table",
    "k_factor",
    "ru_from",
    "with_state",
]


def with_state(player_file: PlayerFile | None, player_id: str, **changes) -> PlayerFile:
    """A copy of a player file with one record's state changed (added if missing)."""
    records = list(player_file.records) if player_file is not None else []
    for index, record in enumerate(records):
        if record.id == player_id:
            records[index] = replace(record, **changes)
            break
    else:
        records.append(PlayerRecord(id=player_id, **changes))
    source = player_file.source if player_file is not None else None
    return PlayerFile(tuple(records), source)
