"""Tables the FIDE 1982 workbook (notebooks/02-fide-1982-berger.ipynb) displays: some columns
of a report, its summary, the example's convention against rule 10.25, what one player's
rating does to the unrated players' Ru, and 14.3's claim against the simulation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..core.i18n import N_, tr
from ..core.model import Event
from ..core.report import Report, Table
from .event import with_rating
from .formula import convergence_games
from .outcome import Fide1982Event, Fide1982Outcome
from .rulesets import FIDE_1982, FIDE_1982_LITERAL, Fide1982


def columns(report: Report, *names: str) -> Table:
    """Some columns of a report's player table (with ``id``), for a step-by-step display."""
    wanted = ("id", *names)
    rows = [{c: row.get(c) for c in wanted} for row in report.players.rows]
    formats = {c: f for c, f in report.players.formats.items() if c in wanted}
    return Table(", ".join(names), wanted, tuple(rows), formats)


def summary_table(report: Report, *names: str) -> Table:
    """Event-level values of a report (all of them, or ``names``) as a two-column table."""
    keys = names or tuple(report.summary)
    rows = [{"name": k, "value": report.summary.get(k)} for k in keys]
    return Table("summary", (N_("name"), N_("value")), tuple(rows), {"value": "{:g}"})


def variant_table(event: Event) -> Table:
    """The unrated players' Ru, Ru2 and published Rn under ``fide-1982`` (as the example
    10.68 computes) and ``fide-1982-literal`` (10.25 with n/(n+1))."""
    example = FIDE_1982.outcome(event)
    literal = FIDE_1982_LITERAL.outcome(event)
    rows = []
    for player in event.players:
        if player.rating is not None:
            continue
        a, b = example.player(player.id), literal.player(player.id)
        rows.append(
            {
                "id": player.id,
                "score": a.score,
                "Ru (10.68)": a.detail.Ru,
                "Ru (10.25)": b.detail.Ru,
                "Ru2 (10.68)": a.detail.Ru2,
                "Ru2 (10.25)": b.detail.Ru2,
                "Rn (10.68)": a.rating_after,
                "Rn (10.25)": b.rating_after,
            }
        )
    names = ("id", "score", "Ru (10.68)", "Ru (10.25)", "Ru2 (10.68)", "Ru2 (10.25)")
    return Table(
        N_("Unrated players: the example's convention against rule 10.25"),
        (*names, N_("Rn (10.68)"), N_("Rn (10.25)")),
        tuple(rows),
    )


def _ra(outcome: Fide1982Outcome) -> object:
    detail = outcome.detail
    return detail.Ra if isinstance(detail, Fide1982Event) else None


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
        outcome = rules.outcome(with_rating(event, player_id, rating))
        row: dict[str, object] = {f"{player_id} rated": rating, "Ra": _ra(outcome)}
        row.update({f"Ru2 {pid}": outcome.player(pid).detail.Ru2 for pid in unrated})
        rows.append(row)
    names = (f"{player_id} rated", "Ra", *(f"Ru2 {pid}" for pid in unrated))
    return Table(
        tr("If {player} had been rated otherwise (same scores)", player=player_id),
        names,
        tuple(rows),
    )


def convergence_table(
    ks: Sequence[int] = (10, 15, 25), runs: Sequence[Mapping[str, object]] | None = None
) -> Table:
    """14.3's claim (K=10 ~75 games, 15 ~50, 25 ~30) against
    :func:`~ratingkit.fide1982.formula.convergence_games`: the games until the mean gap is
    down to 1/e of its start.  ``runs`` reuses results of ``convergence_games``."""
    claim = {10: 75, 15: 50, 25: 30}
    runs = list(runs) if runs is not None else [convergence_games(k) for k in ks]
    rows = [
        {"K": run["k"], "14.3 says": claim.get(run["k"]), "simulated": run["games"]}  # type: ignore[call-overload]
        for run in runs
    ]
    return Table(
        N_("Games until the gap to the true strength is down to 1/e (14.3)"),
        ("K", N_("14.3 says"), N_("simulated")),
        tuple(rows),
    )


__all__ = ["columns", "convergence_table", "replacement_effect", "summary_table", "variant_table"]
