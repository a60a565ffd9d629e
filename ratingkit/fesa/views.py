"""FESA's reports, built from the typed outcome (:mod:`ratingkit.fesa.outcome`).

The player columns are those :class:`~ratingkit.fesa.outcome.FesaPlayer` declares, the game
columns those of :class:`~ratingkit.fesa.outcome.FesaGame`; the summary, the promotions and
the iterations come from :class:`~ratingkit.fesa.outcome.FesaEvent`.  The notebooks' tables of
formula (1) against rule (A) and of rule 9's bonus are here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import Any

from ..core.i18n import N_, _, tr
from ..core.outcome import (
    GameOutcome,
    PlayerOutcome,
    common_cells,
    detail_cells,
    shown_columns,
)
from ..core.report import COMMON_COLUMNS, LazyTable, Report, Table
from ..core.shogi import GRADES, NO_GRADE, grade_name
from .formula import bonus, expected_score, k_factor
from .outcome import (
    Category,
    FesaEvent,
    FesaGame,
    FesaOutcome,
    FesaPlayer,
    FesaReplay,
    IterationPass,
    Promotion,
)

#: The FESA columns of every event report's player table, in order.
PLAYER_COLUMNS: tuple[str, ...] = (
    N_("category"),
    N_("career_games"),
    N_("bonus"),
    N_("upsets"),
    N_("performance"),
    N_("grade_before"),
    N_("grade_after"),
    N_("promotion"),
)
#: The columns an event whose table published its results adds.
PUBLISHED_COLUMNS: tuple[str, ...] = (
    N_("published_change"),
    N_("published_rating"),
    N_("difference"),
    N_("published_promotion"),
)
GAME_COLUMNS: tuple[str, ...] = (
    N_("player"),
    N_("round"),
    N_("opponent"),
    *shown_columns(FesaGame),
)
PROMOTION_COLUMNS: tuple[str, ...] = (
    "id",
    N_("name"),
    N_("from_grade"),
    N_("to_grade"),
    N_("path"),
    N_("round"),
    N_("career_game"),
    N_("tested_rating"),
    N_("note"),
)
ITERATION_COLUMNS: tuple[str, ...] = (N_("pass"), N_("changed"), N_("players"))
#: The FESA columns of a replay's player table.
REPLAY_COLUMNS: tuple[str, ...] = (
    N_("event"),
    N_("category"),
    N_("career_games"),
    N_("performance"),
    N_("grade_before"),
    N_("grade_after"),
    N_("promotion"),
)

assert (*shown_columns(Promotion), "note") == PROMOTION_COLUMNS
assert shown_columns(FesaPlayer)[: len(PLAYER_COLUMNS)] == PLAYER_COLUMNS
assert shown_columns(FesaPlayer)[len(PLAYER_COLUMNS) : -1] == PUBLISHED_COLUMNS

#: Every field of FesaGame is shown in the column of its own name.
_GAME_FIELDS = shown_columns(FesaGame)


#: A FesaGame's shown fields, in their order (one call for the 15 of them).
_GAME_VALUES = attrgetter(*_GAME_FIELDS)


def game_values(game: GameOutcome[FesaGame]) -> tuple[object, ...]:
    """A game row's values in the order of :data:`GAME_COLUMNS`."""
    return (game.player, game.round, game.opponent, *_GAME_VALUES(game.detail))


def game_row(game: GameOutcome[FesaGame]) -> dict[str, object]:
    """A game row: the player, round and opponent, then formula (1) term by term (every
    column present, empty where the value is None)."""
    return dict(zip(GAME_COLUMNS, game_values(game), strict=True))


#: The game columns of formula (1) itself (rules 4, 12, A and 9): the opponent's rating,
#: the handicap and the rating it makes, K, the expected score, d, the upset's d' and the bonus.
GAME_CALCULATION_COLUMNS = (
    N_("opponent_rating"),
    N_("handicap"),
    N_("effective_rating"),
    "k",
    N_("expected"),
    "d",
    N_("d_upset"),
    N_("bonus"),
)


def game_calculation(game: GameOutcome[FesaGame]) -> dict[str, object]:
    """A game side's calculation cells: those of :func:`game_row` in
    :data:`GAME_CALCULATION_COLUMNS` (None where empty: no handicap, an unrated side's d)."""
    row = game_row(game)
    cells = {column: row.get(column) for column in GAME_CALCULATION_COLUMNS}
    return {column: None if value == "" else value for column, value in cells.items()}


def promotion_row(promotion: Promotion, event: str | None = None) -> dict[str, object]:
    """A row of the promotions table: the promotion's shown fields (every column present),
    its note (5 and 6 dan) and the event's name where several are rated together."""
    row: dict[str, object] = {"round": None, **detail_cells(promotion), "note": promotion.note}
    if event is not None:
        row["event"] = event
    return row


def promotions_table(promotions: Sequence[tuple[Promotion, str | None]], by_event: bool) -> Table:
    """The promotions of rule 10, one row each (with the event where several are rated),
    laid out when they are first read (an event of players without grades promotes each of
    them through many grades: 140,000 rows for 10,000 players)."""
    columns = (*PROMOTION_COLUMNS, "event") if by_event else PROMOTION_COLUMNS
    promotions = tuple(promotions)
    return LazyTable(
        N_("promotions"),
        columns,
        len(promotions),
        lambda: (promotion_row(p, e) for p, e in promotions),
    )


def iterations_table(iterations: Sequence[IterationPass]) -> Table:
    """The passes of the fixed-point iteration of rules 8 and 11."""
    rows = tuple(
        {"pass": p.number, "changed": len(p.changed), "players": ", ".join(p.changed)}
        for p in iterations
    )
    return Table(N_("iterations"), ITERATION_COLUMNS, rows)


def summary(detail: FesaEvent) -> dict[str, object]:
    """An event report's summary."""
    return {
        N_("players"): detail.players,
        N_("rated games"): detail.rated_games,
        N_("passes"): detail.passes,
        N_("rounding"): _("each game") if detail.per_game_rounding else _("event total"),
        N_("performance solver"): detail.solver,
        N_("look-ahead promotions"): _("yes (FESA's program)") if detail.lookahead else _("no"),
        N_("provisional promotion"): tr(
            "on UB of grade g+{offset}", offset=detail.provisional_offset
        ),
        N_("jishogi"): _("27-point count (NSR)") if detail.nsr else _("draw (rule 4a)"),
    }


def has_published_values(outcome: FesaOutcome) -> bool:
    """Whether the event's table published its results (``+/-``, ``ELO*``, promotions): its
    players then carry them (a player's ``published_promotion`` is "" where none is listed)."""
    return any(p.detail.published_promotion is not None for p in outcome.players)


def event_report(outcome: FesaOutcome) -> Report:
    """The report of one event: a row per player, a row per game side, the summary, the
    promotions and the iterations."""
    detail = outcome.detail
    assert isinstance(detail, FesaEvent)
    columns = PLAYER_COLUMNS + (PUBLISHED_COLUMNS if has_published_values(outcome) else ())
    return Report.from_outcome(
        outcome,
        detail_columns=columns,
        game_columns=GAME_COLUMNS,
        game_row=game_row,
        game_values=game_values,
        summary=summary(detail),
        sections=[
            promotions_table([(p, None) for p in detail.promotions], by_event=False),
            iterations_table(detail.iterations),
        ],
    )


#: FesaPlayer's shown fields: (field, column, show), in order.
_PLAYER_FIELDS = tuple(
    (f.name, f.metadata["column"], f.metadata.get("show"))
    for f in fields(FesaPlayer)
    if "column" in f.metadata
)


def player_cells(player: PlayerOutcome[FesaPlayer]) -> dict[str, object]:
    """:func:`~ratingkit.core.outcome.player_row` of a FESA player, its detail's fields
    listed once (many rows when events are rated together)."""
    row = common_cells(player)
    detail = player.detail
    for name, column, show in _PLAYER_FIELDS:
        value = getattr(detail, name)
        if value is not None:
            row[column] = show(value) if show is not None else value
    return row


def events_report(outcome: FesaOutcome) -> Report:
    """The report of events rated one after the other: a row per player and event, the
    promotions of every event; no game rows (each event's are in its outcome)."""
    published = PUBLISHED_COLUMNS if has_published_values(outcome) else ()
    columns = (*PLAYER_COLUMNS, *published, N_("event"))
    promotions = [
        (p, event.key.name)
        for event in outcome.events
        if isinstance(event.detail, FesaEvent)
        for p in event.detail.promotions
    ]
    return Report.build(
        title=outcome.title,
        rules=outcome.rules,
        rows=[player_cells(p) for p in outcome.players],
        extra_columns=columns,
        summary={"events": len(outcome.events)},
        notes=[str(note) for note in outcome.notes],
        sections=[promotions_table(promotions, by_event=True)],
        new_state=outcome.new_state,
        outcome=outcome,
    )


#: The grades' names by number (grade_name without the call).
_GRADE_NAMES = {number: grade_name(number) for number in (NO_GRADE, *(g.number for g in GRADES))}
#: A category as its cell shows it (a dict: an enum's value is a property, slow in a replay).
_CATEGORY_TEXT = {category: category.value for category in Category}


def replay_row(player: PlayerOutcome[FesaPlayer]) -> dict[str, object]:
    """A replay's player row (no bonus or upsets columns: they are floats here)."""
    detail = player.detail
    promotions = detail.promotions
    performance = detail.performance
    return {
        "id": player.id,
        "name": player.name,
        "rating_before": player.rating_before,
        "games": player.games,
        "score": player.score,
        "expected": player.expected,
        "change": player.change,
        "rating_after": player.rating_after,
        "event": detail.event.name if detail.event is not None else None,
        "category": _(_CATEGORY_TEXT[detail.category]),
        "career_games": detail.career_games,
        "performance": performance.rating if performance is not None else None,
        "grade_before": _GRADE_NAMES[detail.grade_before],
        "grade_after": _GRADE_NAMES[detail.grade_after],
        "promotion": _GRADE_NAMES[promotions[-1].to_grade] if promotions else "",
    }


def replay_report(outcome: FesaOutcome) -> Report:
    """A replay's light report: a row per player and event, the promotions, the totals."""
    totals = outcome.detail
    assert isinstance(totals, FesaReplay)
    promotions = [
        (p, event.key.name)
        for event in outcome.events
        if isinstance(event.detail, FesaEvent)
        for p in event.detail.promotions
    ]
    # The fast path's report: its rows are laid out when someone reads them (a replay is
    # mostly read through its outcome and new state).
    players = LazyTable(
        "players",
        (*COMMON_COLUMNS, *(c for c in REPLAY_COLUMNS if c not in COMMON_COLUMNS)),
        len(outcome.players),
        lambda: [replay_row(p) for p in outcome.players],
    )
    by_event = promotions_table([], by_event=True)
    promoted = LazyTable(
        by_event.title,
        by_event.columns,
        len(promotions),
        lambda: promotions_table(promotions, by_event=True).rows,
    )
    return Report(
        outcome.title,
        outcome.rules,
        players,
        None,
        {N_("events"): totals.events, N_("passes"): totals.passes},
        tuple(str(note) for note in outcome.notes),
        (promoted,),
        outcome.new_state,
        outcome=outcome,
    )


def published_comparison(report: Report, ids: Sequence[str] | None = None) -> Table:
    """A FESA report of a published table beside what the table published: each player's
    rating before the event, the published ``+/-`` (or, for a player rated by performance,
    the published starred rating), the rating after the event as the rule set computes it,
    and the difference (0 where they agree).  ``ids``: the players to show (all by default)."""
    from ..core.errors import RatingkitError

    columns = (
        "id",
        N_("name"),
        N_("rating_before"),
        N_("published_change"),
        N_("published_rating"),
        N_("rating_after"),
        N_("difference"),
    )
    outcome = report.outcome
    players: list[PlayerOutcome[Any]] = list(outcome.players)
    if ids is not None:
        wanted = {str(i) for i in ids}
        players = [p for p in players if p.id in wanted]
    details = [p.detail for p in players]
    if details and all(
        not isinstance(d, FesaPlayer) or d.published_promotion is None for d in details
    ):
        raise RatingkitError(tr("the report's event carries no published values (+/- or ELO*)"))
    rows: list[Mapping[str, object]] = [
        {
            "id": p.id,
            "name": p.name,
            "rating_before": p.rating_before,
            "published_change": p.detail.published_change,
            "published_rating": p.detail.published_rating,
            "rating_after": p.rating_after,
            "difference": p.detail.difference,
        }
        for p in players
    ]
    return Table(tr("{report}: published and computed", report=report.title), columns, tuple(rows))


# -- the notebooks' tables of the formulas --------------------------------------------------


def upset_thresholds(
    differences: Sequence[int] = range(0, 301, 25), ks: Sequence[int] = (16, 24, 40)
) -> Table:
    """For a win at each rating difference or - tr: d of formula (1) and d' of rule (A) for
    each k, and which one is used."""
    rows = []
    for diff in differences:
        e = expected_score(diff)
        row: dict[str, object] = {"or - tr": diff, "E": e}
        for k in ks:
            d = k * (1 - e)
            d_upset = k * diff / 160
            row[f"d (k={k})"] = d
            row[f"d' (k={k})"] = d_upset
        row["used"] = "d' (A)" if diff / 160 > 1 - e else "d"  # k cancels out
        rows.append(row)
    columns = [N_("or - tr"), "E"]
    for k in ks:
        columns += [f"d (k={k})", f"d' (k={k})"]
    changes = {column: "{:.2f}" for column in columns[2:]}  # a change: two decimals
    return Table(
        _("win: formula (1) against rule (A)"), (*columns, N_("used")), tuple(rows), changes
    )


def bonus_table(ratings: Sequence[int] = range(400, 1801, 200)) -> Table:
    """Rule 9's bonus per game, (1800 - tr)/200, for a player with fewer than 100 games."""
    rows = tuple({"tr": r, "bonus per game": bonus(r, 0), "k": k_factor(r)} for r in ratings)
    return Table(_("bonus of rule 9 per game"), ("tr", N_("bonus per game"), "k"), rows)
