"""The reports of the FIDE 1982-2000 rules, built from their typed outcomes.

The player table's columns are those of the 10.68 example (the fields of
:class:`~ratingkit.fide1982.outcome.Fide1982Player` in order); the summary gives the method
and, for a round robin, n, Rar, dpa and Ra (10.21); the sections the 350-point rule's
adjustments (10.61, 10.68 second pass); the games table each game, rated or not and by which
rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..core.i18n import N_
from ..core.outcome import GameOutcome, Outcome, shown_columns
from ..core.report import Report, Table
from .outcome import (
    Fide1982Event,
    Fide1982EventOutcome,
    Fide1982Game,
    Fide1982Outcome,
    Fide1982PeriodOutcome,
    Fide1982PeriodPlayer,
    Fide1982Player,
    Method,
)

#: The player columns of an event's report (the 10.68 table).
PLAYER_COLUMNS: tuple[str, ...] = shown_columns(Fide1982Player)
#: The player columns of a period's report (10.65).
PERIOD_COLUMNS: tuple[str, ...] = shown_columns(Fide1982PeriodPlayer)
CLAMP_COLUMNS = (
    N_("player"),
    N_("reference"),
    N_("opponent"),
    N_("rating"),
    N_("counted as"),
    N_("adjustment"),
)
CLAMP_TITLE = N_("350-point rule (10.61, 10.68 second pass)")
GAME_COLUMNS = (N_("round"), N_("white"), N_("black"), N_("result"), N_("rated"), N_("rule"))
FORMATS: Mapping[str, str] = {
    "p": "{:.2f}",
    "PD": "{:.2f}",
    "We": "{:.2f}",
    "DR": "{:+.2f}",
    "change": "{:+.2f}",
    "expected": "{:.2f}",
}


def event_summary(detail: Fide1982Event) -> dict[str, object]:
    """The summary of an event: the method, and for a round robin its values (10.21)."""
    summary: dict[str, object] = {N_("method"): detail.method_text}
    if detail.method is Method.ROUND_ROBIN:
        summary.update(
            {
                "players": detail.players,
                N_("n (opponents)"): detail.n,
                "Rar": detail.Rar,
                "dpa": detail.dpa,
                "Ra": detail.Ra,
            }
        )
    return summary


def clamp_table(detail: Fide1982Event) -> Table:
    """The 350-point rule's adjustments, one row per opponent counted otherwise."""
    rows = [
        {
            "player": c.player,
            "reference": c.reference,
            "opponent": c.opponent,
            "rating": c.rating,
            "counted as": c.counted_as,
            "adjustment": c.adjustment,
        }
        for c in detail.clamps
    ]
    return Table(CLAMP_TITLE, CLAMP_COLUMNS, tuple(rows))


def game_row(side: GameOutcome[Fide1982Game]) -> dict[str, object]:
    """A game's row (from its white side): rated or not, and the rule (2.1 with its reason)."""
    reason = side.reason
    if reason is None:
        shown = None
    elif side.detail.not_chess is not None:
        shown = f"{reason.clause}: {side.detail.not_chess}"
    else:
        shown = reason.clause
    return {
        "round": side.round,
        "white": side.detail.white,
        "black": side.detail.black,
        "result": side.detail.result,
        "rated": side.rated,
        "rule": shown,
    }


def game_calculation(side: GameOutcome[Fide1982Game]) -> dict[str, object]:
    """A game side's calculation cells: none.  The 1982-2000 rules rate an event by the
    average method of rule 10.6 (the opponents' average Rc, D = R - Rc, We = PD * n), not game
    by game; a game row (:func:`game_row`) only says who played whom, the result and whether
    it counted."""
    del side
    return {}


def event_report(outcome: Fide1982Outcome) -> Report:
    """The report of one event."""
    detail = outcome.detail
    assert isinstance(detail, Fide1982Event)
    report = Report.from_outcome(
        outcome,
        detail_columns=PLAYER_COLUMNS,
        summary=event_summary(detail),
        sections=[clamp_table(detail)],
        formats=FORMATS,
    )
    rows = [game_row(g) for g in outcome.games if g.player == g.detail.white]
    if not rows:
        return report
    # One row a game (the white side's); a black side is shown by the same row.
    return replace(report, games=Table("games", GAME_COLUMNS, tuple(rows)), game_row=game_row)


def period_report(period: Fide1982PeriodOutcome) -> Report:
    """The report of a rating period: each player's total, and each event's player table as
    a section titled ``event (rules)``."""
    sections = [
        replace(
            event_report(_alone(period, part)).players, title=f"{part.key.name} ({period.rules})"
        )
        for part in period.events
    ]
    return Report.from_outcome(
        period, detail_columns=PERIOD_COLUMNS, sections=sections, formats=FORMATS
    )


def _alone(period: Fide1982PeriodOutcome, part: Fide1982EventOutcome) -> Fide1982Outcome:
    """One event of a period as the outcome of that event rated alone (10.65: each event is
    rated with the ratings it was played with, as if alone)."""
    return Outcome(
        period.rules, part.key.name, part.players, (part,), part.games, part.notes, part.detail
    )


__all__ = [
    "CLAMP_COLUMNS",
    "CLAMP_TITLE",
    "FORMATS",
    "GAME_COLUMNS",
    "PERIOD_COLUMNS",
    "PLAYER_COLUMNS",
    "clamp_table",
    "event_report",
    "event_summary",
    "game_calculation",
    "game_row",
    "period_report",
]
