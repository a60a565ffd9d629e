"""The LNMO report as a view of the typed outcome (:meth:`Report.from_outcome`): the player
table from :class:`~ratingkit.lnmo.outcome.LnmoPlayer`'s columns, the game table from
:class:`~ratingkit.lnmo.outcome.LnmoGame`'s, and the sections ``events`` (rule 2b) and
``promotions`` (rule 1a); plus the tables of the rules themselves (rule 2, 2b, 1a)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.i18n import N_, _
from ..core.outcome import GameOutcome, Outcome, detail_cells, shown_columns
from ..core.report import Report, Table
from ..core.shogi import localized_grade
from .formula import GRADE_RATING, LNMO_KYU, NO_GAME, QUALIFICATION, bonus_threshold, change_for
from .outcome import EventBonus, LnmoGame, LnmoPlayer, LnmoSeason, Promotion

#: The columns of the per-game table.
GAME_COLUMNS: tuple[str, ...] = (
    N_("date"),
    N_("event"),
    N_("round"),
    N_("kind"),
    N_("player"),
    N_("opponent"),
    N_("grade"),
    N_("opponent_grade"),
    "D",
    N_("case"),
    N_("result"),
    N_("table"),
    N_("change"),
    N_("reason"),
    N_("line"),
)
EVENT_COLUMNS = shown_columns(EventBonus)
PROMOTION_COLUMNS = shown_columns(Promotion)


def game_row(side: GameOutcome[LnmoGame]) -> Mapping[str, object]:
    """One game side as a row of the game table."""
    cells = {
        **detail_cells(side.detail),
        "player": side.player,
        "opponent": side.opponent,
        "change": side.change,
    }
    return {column: cells.get(column) for column in GAME_COLUMNS}


#: The game columns of rule 2 itself: both grades, their difference D, the case and the
#: table's value.
GAME_CALCULATION_COLUMNS = (N_("grade"), N_("opponent_grade"), "D", N_("case"), N_("table"))


def game_calculation(side: GameOutcome[LnmoGame]) -> dict[str, object]:
    """A game side's calculation cells: those of :func:`game_row` in
    :data:`GAME_CALCULATION_COLUMNS`."""
    row = game_row(side)
    return {column: row.get(column) for column in GAME_CALCULATION_COLUMNS}


def _row(value: object, columns: tuple[str, ...], blank: Mapping[str, object]) -> dict[str, object]:
    cells = detail_cells(value)
    return {column: cells.get(column, blank.get(column)) for column in columns}


def sections(season: LnmoSeason) -> tuple[Table, Table]:
    """The ``events`` section (each player's gain in each event, rule 2b) and the
    ``promotions`` section (rule 1a), in the order they happened."""
    events = Table(
        "events",
        EVENT_COLUMNS,
        tuple(_row(b, EVENT_COLUMNS, {"reason": ""}) for b in season.bonuses),
    )
    promotions = Table(
        N_("promotions"),
        PROMOTION_COLUMNS,
        tuple(_row(p, PROMOTION_COLUMNS, {}) for p in season.promotions),
    )
    return events, promotions


def summary(season: LnmoSeason) -> dict[str, object]:
    return {
        N_("events"): season.events,
        N_("qualification games"): season.qualification_games,
        N_("games rated"): season.games_rated,
        N_("promotions"): len(season.promotions),
    }


def report_of(outcome: Outcome[LnmoPlayer, LnmoGame]) -> Report:
    """The LNMO report of an outcome (``Outcome[LnmoPlayer, LnmoGame]`` with an
    :class:`LnmoSeason` detail)."""
    season = outcome.detail
    assert isinstance(season, LnmoSeason)
    return Report.from_outcome(
        outcome,
        detail_columns=shown_columns(LnmoPlayer),
        game_columns=GAME_COLUMNS,
        game_row=game_row,
        summary=summary(season),
        sections=sections(season),
    )


# -- the tables of the rules ---------------------------------------------------------------------


def change_table(kyus: Sequence[int] = tuple(LNMO_KYU)) -> Table:
    """Rule 2 as a table: the change of the row player when he wins against the column
    player (losses are the negatives)."""
    # The grades as the language writes them (7 кю): the columns are made for the table shown.
    names = {k: localized_grade(f"{k} kyu") for k in kyus}
    columns = (N_("grade"), *(names[k] for k in kyus))
    rows = []
    for own in kyus:
        row: dict[str, object] = {"grade": names[own]}
        for other in kyus:
            row[names[other]] = change_for(abs(own - other), stronger_won=own <= other)
        rows.append(row)
    return Table(
        _("rule 2: gain of the row player for a win against the column player"),
        columns,
        tuple(rows),
    )


def bonus_thresholds(rounds: Sequence[int] = range(1, 10)) -> Table:
    """Rule 2b for several event lengths: the gain above which it is doubled."""
    rows = tuple({"rounds": n, "20 + 3 * rounds": bonus_threshold(n)} for n in rounds)
    return Table(_("rule 2b: bonus threshold"), (N_("rounds"), N_("20 + 3 * rounds")), rows)


def qualification_ladder(strongest: int = 7, weakest: int = 20) -> Table:
    """Rule 1a: how each grade from ``weakest`` up to ``strongest`` kyu is earned by a game."""
    rows = []
    for k in range(weakest, strongest - 1, -1):
        how: str
        handicap: str | None
        if k in NO_GAME:
            how, handicap = _(NO_GAME[k]), _("no game")
        elif QUALIFICATION.get(k) is None:
            how, handicap = _("not given in the LNMO rules"), _("unknown")
        elif k == 18:
            how, handicap = _("win against a lone king without pawns"), _(str(QUALIFICATION[k]))
        else:
            how, handicap = _("win against a club instructor"), QUALIFICATION[k]
        rating = GRADE_RATING.get(k)
        rows.append(
            {"grade": f"{k} kyu", "handicap": handicap, "how": how, "rating (table 1)": rating}
        )
    return Table(
        _("rule 1a: the qualification ladder"),
        (N_("grade"), N_("handicap"), N_("how"), N_("rating (table 1)")),
        tuple(rows),
    )


__all__ = [
    "GAME_CALCULATION_COLUMNS",
    "GAME_COLUMNS",
    "bonus_thresholds",
    "change_table",
    "game_calculation",
    "game_row",
    "qualification_ladder",
    "report_of",
    "sections",
    "summary",
]
