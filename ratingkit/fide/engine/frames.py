"""A vectorised rating-period engine: a whole FIDE 2014 rating period from two pandas frames.

:func:`rate_period` rates every game of a period at the players' pre-period ratings (the FIDE
way: one event, K * sum(dR) per player, rounded once, FIDE 2014 8.55 and 8.57).  It gives the
same numbers as ``get_rule_set("fide-2014").rate(event, players)`` on an event that holds the
same games (``tests/test_engine.py`` shows it), but works on numpy arrays:

* D = own rating - opponent's rating, capped at 400 (8.54); PD from table 8.1b by
  ``searchsorted`` on the band ends of :data:`ratingkit.core.tables.D_TO_PD`, in hundredths;
* scores in half points and PD in hundredths are summed per player by ``bincount``, so that
  K * (w - We) is an exact integer number of hundredths and 8.57's rounding (.5 away from
  zero) is exact integer arithmetic;
* K (8.56) comes from :func:`ratingkit.fide.rules2014.k_factor`, called once for each distinct
  combination of the inputs it reads (K given, games count under 30, age under 18, rating
  class, ever_2400), not once per player;
* unrated players (no rating): the period is rated as one event that is not a round robin, so
  games against unrated opponents are not rated (8.52) and an unrated player gets Ru from his
  rated opponents (8.21a, 8.22-8.24, :func:`ratingkit.fide.rules2014.ru_from`); one who scores 0
  against them while his games count is 0 or missing (and no results wait) is not counted
  (8.21);
* a first rating is published from 5 games against rated opponents on (7.14 of the 2014
  regulations), pooled with the results a ``pending_results`` column keeps from earlier
  periods; below it the results are kept in the new state, as ``fide-2014`` does.

The report's tables are built lazily: the player rows (and the per-game detail) are made into
Python rows only when they are read; ``report.to_frame()`` comes straight from the arrays."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.citations import Concept
from ...core.i18n import N_, tr
from ...core.outcome import (
    EventKey,
    GameOutcome,
    Note,
    NoteKind,
    PlayerOutcome,
    Rule,
    Status,
    player_row,
)
from ...core.players import PlayerRecord
from ...core.report import COMMON_COLUMNS, LazyTable, Report, Table
from ...core.rounding import round_half_away_from_zero
from ..event import NOT_COUNTED, citation_note
from ..formula import ru_from
from ..outcome import FideGame, FidePlayer, VectorisedPeriod, cells_with_none
from ..state import Pending, state_record
from ..views import FORMATS, GAME_COLUMNS, PLAYER_COLUMNS, game_row
from .frames_input import Frame, KGroups, k_groups, player_state, read_games, read_players
from .kernel import (
    change_hundredths,
    games_digest,
    pd_hundredths,
    per_player_counts,
    rated_sums,
    round_hundredths,
)
from .lazy import LazyOutcome, later, lazy_player_file, one_event

#: Band ends of table 8.1b and the PD of the higher rated player (hundredths), with the
#: value beyond the last band appended.

if TYPE_CHECKING:
    from ..rulesets import Fide2014


# -- the period ------------------------------------------------------------------------------


def _period_notes(
    title: str,
    games: int,
    count: int,
    first_notes: list[Note],
    rules: Fide2014,
    waiting: list[tuple[str, int]],
    on: date | None,
    choices: KGroups,
    k_group: np.ndarray,
    rated: np.ndarray,
    player_name: Callable[[int], str],
) -> list[Note]:
    """The period's notes: how it is rated, the first ratings, the defaults assumed for K."""
    notes: list[Note] = [
        Note(
            NoteKind.DECISION,
            tr(
                "{title}: {games} game(s) among {count} player(s), every "
                "game at the players' pre-period ratings, rated as one event "
                "that is not a round robin: K * sum(dR) per player, rounded "
                "once (8.55, 8.57)",
                title=title,
                games=games,
                count=count,
            ),
        ),
        Note(
            NoteKind.RULE,
            tr(
                "only games between rated players change ratings: games against unrated opponents "
                "are not rated (8.52); an unrated player gets Ru from his rated opponents (8.21a, "
                "8.22-8.24); one who scores 0 against them with no games before is not counted "
                "(8.21)"
            ),
            rules.cite(Concept.UNRATED_OPPONENTS_NOTE),
        ),
    ]
    notes.extend(first_notes)
    waiting_note = rules.not_published_note(waiting)
    if waiting_note:
        notes.append(Note(NoteKind.RULE, waiting_note, Rule(rules.first_rating_clause)))
    if on is None:
        notes.append(
            Note(
                NoteKind.DEFAULT,
                tr("no reference date (on=): ages cannot be told, nobody is taken as a junior"),
            )
        )
    notes.extend(
        Note(NoteKind.DEFAULT, text) for text in _k_notes(choices, k_group, rated, player_name)
    )
    notes.append(
        Note(
            NoteKind.DECISION,
            tr(
                "D is capped at {cap} (8.54); the change is rounded to the "
                "nearest integer, .5 away from zero (8.57)",
                cap=rules.cap,
            ),
        )
    )
    return notes


def _unrated_players(
    rules: Fide2014,
    on: date | None,
    ids: np.ndarray,
    player_name: Callable[[int], str],
    rated: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    white_halves: np.ndarray,
    rating_int: np.ndarray,
    games_before: np.ndarray | None,
    pending: list[tuple[Pending, ...]] | None,
    after: np.ndarray,
) -> tuple[
    dict[int, PlayerOutcome[FidePlayer]],
    dict[int, tuple[Pending, ...]],
    list[Note],
    list[tuple[str, int]],
]:
    """The unrated players of the period (8.21, 8.21a, 8.22-8.24; 7.14): their outcomes by
    position, the results kept for a first rating, the notes, the players still waiting;
    ``after`` gets the published first ratings."""
    count = len(ids)
    # Unrated players: games against rated opponents (8.21a), Ru by 8.22-8.24; a first rating
    # is published from 5 games on (7.14), the results below it are kept (pending_results).
    unrated = ~rated
    ru_players: dict[int, PlayerOutcome[FidePlayer]] = {}
    carried: dict[int, tuple[Pending, ...]] = {}
    first_notes: list[Note] = []
    waiting: list[tuple[str, int]] = []
    unrated_positions = np.flatnonzero(unrated)
    if unrated_positions.size:
        uw = unrated[white] & rated[black]
        ub = unrated[black] & rated[white]
        un = np.bincount(white[uw], minlength=count) + np.bincount(black[ub], minlength=count)
        uw2 = np.bincount(white[uw], weights=white_halves[uw], minlength=count) + np.bincount(
            black[ub], weights=2 - white_halves[ub], minlength=count
        )
        # "+", not "+=": np.bincount of no games (an unrated player who met rated opponents
        # only as black) is an integer array, which cannot take the float sum in place.
        uopp = np.bincount(white[uw], weights=rating_int[black[uw]], minlength=count)
        uopp = uopp + np.bincount(black[ub], weights=rating_int[white[ub]], minlength=count)
        played_all = np.bincount(white, minlength=count) + np.bincount(black, minlength=count)
        first = (
            np.ones(count, dtype=bool)
            if games_before is None
            else (np.isnan(games_before) | (games_before == 0))
        )
        if pending is not None:
            first &= np.array([not items for items in pending], dtype=bool)
        # The games of unrated players against rated opponents, grouped by player in game
        # order (read only for the players whose results are pooled or kept, 7.14).
        u_games = np.flatnonzero(uw | ub)
        u_owner = np.where(uw[u_games], white[u_games], black[u_games])
        order = np.lexsort((u_games, u_owner))
        u_games, u_owner = u_games[order], u_owner[order]

        def pairs_of(position: int) -> list[tuple[date | None, Fraction, Fraction]]:
            lo, hi = np.searchsorted(u_owner, [position, position + 1])
            out = []
            for g in u_games[lo:hi].tolist():
                mine_white = white[g] == position
                opponent = black[g] if mine_white else white[g]
                halves = int(white_halves[g]) if mine_white else 2 - int(white_halves[g])
                out.append((on, Fraction(int(rating_int[opponent])), Fraction(halves, 2)))
            return out

        for position in unrated_positions.tolist():
            games_n = int(un[position])
            w = Fraction(int(uw2[position]), 2)
            pid, name = ids[position], player_name(position)
            if games_n and w == 0 and first[position]:
                ru_players[position] = PlayerOutcome(
                    pid,
                    name,
                    None,
                    int(played_all[position]),
                    Fraction(0),
                    None,
                    None,
                    None,
                    Status.NOT_RATED,
                    FidePlayer(status_text=NOT_COUNTED, not_counted=True, person=str(pid)),
                )
                continue
            if games_n:
                rc = Fraction(int(uopp[position]), games_n)
                value, rule, _ = ru_from(rc, w, games_n, False, games_n)
                ru = round_half_away_from_zero(value)
                outcome = PlayerOutcome(
                    pid,
                    name,
                    None,
                    games_n,
                    w,
                    None,
                    None,
                    ru,
                    Status.FIRST_RATING,
                    FidePlayer(
                        rc=rc,
                        n=games_n,
                        w=w,
                        ru_exact=value,
                        ru=ru,
                        status_text=tr("unrated: Ru by {rule}", rule=rule),
                        ru_rule=rule,
                        person=str(pid),
                    ),
                )
            else:
                outcome = PlayerOutcome(
                    pid,
                    name,
                    None,
                    games_n,
                    w,
                    None,
                    None,
                    None,
                    Status.NOT_RATED,
                    FidePlayer(
                        n=games_n, w=w, status_text=N_("no rated opponent: no Ru"), person=str(pid)
                    ),
                )
            earlier = pending[position] if pending is not None else ()
            if earlier or games_n < rules.first_rating_min_games:
                update, keep, notes_first = rules.first_rating(
                    name, pairs_of(position), earlier, on, str(pid)
                )
                first_notes.extend(notes_first)
                if update is not None:
                    outcome = update.apply(outcome)
                if keep:
                    carried[position] = keep
                    waiting.append((name, len(keep)))
            ru_players[position] = outcome
            if outcome.rating_after is not None:
                after[position] = outcome.rating_after

    return ru_players, carried, first_notes, waiting


def rate_frames(
    games: Frame,
    players: Frame,
    rules: Fide2014,
    *,
    on: date | None = None,
    title: str = "rating period",
) -> Report:
    """Rate one FIDE 2014 rating period from pandas frames, vectorised.

    ``games``: columns ``white``, ``black`` (player ids) and ``result`` (white's score 1, 0.5
    or 0); an optional ``round`` column is carried into the per-game detail.  ``players``:
    columns ``id`` and ``rating`` (empty for an unrated player), optional ``name`` and the K
    state of 8.56: ``games`` (rated games before the period), ``born``, ``ever_2400``, ``k``.
    ``on``: the date at which juniors' ages are taken (the period's end).

    Every game uses the pre-period ratings; each rated player's change is K * sum(dR) over the
    period, rounded once (8.55, 8.57).  The result is the report ``fide-2014`` gives for one
    event (not a round robin) with the same games; its tables are built lazily.
    """
    index, ids, names, rating, games_before, k_given, born, flags = read_players(players)
    ever, ever_2300, pending = flags
    white, black, white_halves = read_games(games, index)
    count = len(ids)
    rated = ~np.isnan(rating)
    rating_int = np.where(rated, rating, 0).astype(np.int64)

    # Rated players: games against rated opponents (8.52: not against unrated ones).
    all_rated = bool(rated.all())
    both = np.ones(len(white), dtype=bool) if all_rated else rated[white] & rated[black]
    rw, rb = (white, black) if all_rated else (white[both], black[both])
    halves_w = white_halves if all_rated else white_halves[both]
    sums = rated_sums(rw, rb, halves_w, rating_int, count, rules.cap)
    # The opponents' ratings (Rc) are summed when the rows are made: sums.opp.
    n, w2, we, raw = sums.n, sums.w2, sums.we, sums.raw

    k_values, k_group, choices = k_groups(rated, rating, games_before, k_given, born, ever, on)
    change_h = change_hundredths(k_values, w2, we)
    after = np.where(rated, rating_int + round_hundredths(change_h), 0)

    name_of = names if names is not None else None

    def player_name(position: int) -> str:
        return name_of[position] if name_of is not None else str(ids[position])

    # Unrated players: games against rated opponents (8.21a), Ru by 8.22-8.24; a first rating
    # is published from 5 games on (7.14), the results below it are kept (pending_results).
    unrated_positions = np.flatnonzero(~rated)
    ru_players, carried, first_notes, waiting = _unrated_players(
        rules,
        on,
        ids,
        player_name,
        rated,
        white,
        black,
        white_halves,
        rating_int,
        games_before,
        pending,
        after,
    )

    def build_key() -> EventKey:
        return EventKey(0, games_digest(white, black, white_halves, rating), title)

    cap_rule = Rule(rules.cap_rule, tr("D capped at {cap}", cap=rules.cap))

    def rated_player(position: int) -> PlayerOutcome[FidePlayer]:
        choice = choices[k_group[position]][0]
        games_n = int(n[position])
        w = Fraction(int(w2[position]), 2)
        expected = Fraction(int(we[position]), 100)
        change = Fraction(int(change_h[position]), 100)
        ro = int(rating_int[position])
        return PlayerOutcome(
            ids[position],
            player_name(position),
            ro,
            games_n,
            w,
            expected,
            change,
            int(after[position]),
            Status.RATED,
            FidePlayer(
                ro=ro,
                person=str(ids[position]),
                rc=Fraction(int(sums.opp[position]), games_n) if games_n else None,
                n=games_n,
                w=w,
                we=expected,
                w_minus_we=w - expected,
                ks=(int(k_values[position]),),
                k_change=change,
                k_rules=(choice.k_rule,),
                k_assumed=choice.assumed,
                cap_rule=cap_rule,
                games_capped=int(capped_count[position]),
                not_rated=(
                    ((rules.cite(Concept.UNRATED_OPPONENT), int(unrated_opponents[position])),)
                    if unrated_opponents[position]
                    else ()
                ),
            ),
        )

    capped_count = unrated_opponents = np.zeros(0, dtype=np.int64)

    def build_players() -> tuple[PlayerOutcome[FidePlayer], ...]:
        nonlocal capped_count, unrated_opponents
        capped_count, unrated_opponents = per_player_counts(
            rated, raw, rw, rb, white, black, rules.cap, count
        )
        return tuple(rated_player(p) if rated[p] else ru_players[p] for p in range(count))

    columns = COMMON_COLUMNS + tuple(c for c in PLAYER_COLUMNS if c not in COMMON_COLUMNS)

    def build_rows() -> list[dict[str, object]]:
        return [player_row(p) for p in outcome_.players]

    def build_frame() -> Frame:
        import pandas as pd

        if unrated_positions.size:
            return Table.to_frame(Table("players", columns, tuple(build_rows()), FORMATS))
        with np.errstate(invalid="ignore", divide="ignore"):
            rc = np.where(n > 0, sums.opp / np.maximum(n, 1), np.nan)
        data = {
            "id": ids,
            "name": [player_name(p) for p in range(count)] if names is not None else ids,
            "rating_before": rating_int,
            "games": n,
            "score": w2 / 2,
            "expected": we / 100,
            "change": change_h / 100,
            "rating_after": after,
            "Ro": rating_int,
            "Rc": rc,
            "n": n,
            "w": w2 / 2,
            "We": we / 100,
            "w-We": (50 * w2 - we) / 100,
            "K": k_values,
            "K*(w-We)": change_h / 100,
            "K rule": np.array([c.rule for c, _ in choices], dtype=object)[k_group],
            "Ru exact": None,
            "Ru": None,
            "status": "rated",
        }
        return pd.DataFrame(data, columns=list(columns))

    has_round = "round" in games.columns

    def build_games() -> tuple[GameOutcome[FideGame], ...]:
        # The key is made here, not read from the outcome: a builder the outcome holds must
        # not refer back to it, or each period's arrays would wait for the cyclic collector.
        key = build_key()
        rounds = games["round"].tolist() if has_round else [None] * len(white)
        sides = []
        for g, (a, b, h) in enumerate(
            zip(white.tolist(), black.tolist(), white_halves.tolist(), strict=True)
        ):
            for me, you, mine in ((a, b, h), (b, a, 2 - h)):
                sides.append(_game(key, rounds[g], me, you, mine))
        return tuple(sides)

    def _game(
        key: EventKey, round_: Any, me: int, you: int, halves_mine: int
    ) -> GameOutcome[FideGame]:
        # round_: the games frame's round, or None where it has no round column (which
        # GameOutcome's int does not say).
        score = Fraction(halves_mine, 2)
        name, opponent_name = player_name(me), player_name(you)
        opponent_rating = int(rating_int[you]) if rated[you] else None
        reason: Rule | None = None
        rated_game = True
        if rated[me] and rated[you]:
            raw_d = int(rating_int[me] - rating_int[you])
            d = max(-rules.cap, min(rules.cap, raw_d))
            pd_value = Fraction(int(pd_hundredths(np.array([d]))[0]), 100)
            capped = abs(raw_d) > rules.cap
            reason = cap_rule if capped else None
            detail = FideGame(
                name,
                opponent_name,
                opponent_rating,
                rating_used=int(rating_int[me]) - d if capped else int(rating_int[you]),
                capped=cap_rule if capped else None,
                d_uncapped=raw_d,
                d=d,
                pd=pd_value,
                score_minus_pd=score - pd_value,
            )
            change = int(k_values[me]) * (score - pd_value)
            return GameOutcome(key, round_, ids[me], ids[you], score, True, reason, change, detail)
        if rated[me]:
            reason, rated_game = rules.cite(Concept.UNRATED_OPPONENT), False
            note = str(reason)
        elif rated[you] and not ru_players[me].detail.not_counted:
            reason = rules.cite(Concept.COUNTS_TOWARDS_AVERAGE)
            note = citation_note(reason)
        elif rated[you]:
            reason, rated_game = rules.cite(Concept.RESULT_NOT_COUNTED), False
            note = str(reason)
        else:
            reason, rated_game = rules.cite(Concept.RATED_OPPONENTS_ONLY), False
            note = str(reason)
        detail = FideGame(name, opponent_name, opponent_rating, note=note)
        return GameOutcome(key, round_, ids[me], ids[you], score, rated_game, reason, None, detail)

    # New state (8.56's counters), lazily.
    def build_state() -> list[PlayerRecord]:
        records = []
        for p in range(count):
            before = (
                None if games_before is None or np.isnan(games_before[p]) else int(games_before[p])
            )
            new_rating: int | None
            if rated[p]:
                new_rating = int(after[p])
                played = int(n[p])
                total = before + played if before is not None else None
            else:
                new_rating = ru_players[p].rating_after
                total = (before or 0) + int(ru_players[p].detail.n or 0) if new_rating else before
            state = player_state(p, games_before, k_given, born, ever, ever_2300)
            records.append(
                state_record(
                    str(ids[p]), player_name(p), new_rating, total, state, carried.get(p, ())
                )
            )
        return records

    notes = _period_notes(
        title,
        len(white),
        count,
        first_notes,
        rules,
        waiting,
        on,
        choices,
        k_group,
        rated,
        player_name,
    )
    summary_detail = VectorisedPeriod(
        games=len(white),
        players=count,
        rated_players=int(rated.sum()),
        rated_games=int(both.sum()),
        games_capped=int((np.abs(raw) > rules.cap).sum()),
        reference_date=on,
    )
    new_state = lazy_player_file(build_state, count, f"new state after the {title}")
    outcome_ = LazyOutcome(
        rules=rules.name,
        title=tr("{title}: FIDE 2014 rating (vectorised)", title=title),
        players=later(lambda _outcome: build_players()),
        events=later(one_event(build_key)),
        games=later(lambda _outcome: build_games(), 2 * len(white)),
        notes=tuple(notes),
        detail=summary_detail,
        new_state=new_state,
    )
    players_table = LazyTable("players", columns, count, build_rows, build_frame, FORMATS)

    def build_game_rows() -> list[dict[str, object]]:
        return [game_row(g) for g in outcome_.games]

    games_table = LazyTable("games", GAME_COLUMNS, 2 * len(white), build_game_rows)
    return Report(
        title=outcome_.title,
        rules=rules.name,
        players=players_table,
        games=games_table,
        summary=cells_with_none(summary_detail),
        notes=tuple(str(note) for note in notes),
        sections=(),
        new_state=new_state,
        outcome=outcome_,
    )


def _k_notes(
    choices: KGroups,
    k_group: np.ndarray,
    rated: np.ndarray,
    player_name: Callable[[int], str],
) -> list[str]:
    """The defaults assumed for K, one note per (K, assumption), with the players' count and
    the first ten names (as fide-2014 groups them)."""
    notes = []
    members = np.flatnonzero(rated)
    groups = k_group[members]
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    bounds = np.searchsorted(sorted_groups, np.arange(len(choices) + 1))
    by_text: dict[str, list[np.ndarray]] = {}
    for g, (choice, _) in enumerate(choices):
        who = members[order[bounds[g] : bounds[g + 1]]]
        for text in choice.assumed:
            by_text.setdefault(f"K={choice.k} assumed ({text})", []).append(who)
    for text, parts in by_text.items():
        who = np.sort(np.concatenate(parts))
        shown = ", ".join(repr(player_name(int(p))) for p in who[:10])
        more = " ..." if len(who) > 10 else ""
        notes.append(
            tr(
                "{text} for {who_count} player(s): {shown}{more}",
                text=text,
                who_count=len(who),
                shown=shown,
                more=more,
            )
        )
    return notes
