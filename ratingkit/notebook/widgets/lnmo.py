"""A club evening entered in a small table and rated under the LNMO rules."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.errors import RatingkitError
from ...core.i18n import N_, _
from ...core.model import Event
from ...core.outcome import Number, Outcome, PlayerOutcome, Status
from ...core.output import protect_row
from ...core.players import PlayerFile
from ...core.report import Report
from ...formats.clubcsv import club_event
from ...lnmo import LNMO, LnmoRules
from ...lnmo.outcome import LnmoGame, LnmoPlayer
from .base import Widget

RESULTS = ("", "1-0", "0-1", "sennichite", "jishogi")
COLUMNS = (
    N_("round"),
    N_("white"),
    N_("black"),
    N_("result"),
    N_("kinte_white"),
    N_("kinte_black"),
    N_("agreed"),
)
_WIDTHS = ("60px", "170px", "170px", "110px", "60px", "60px", "70px")


@dataclass(frozen=True)
class PlayerEvening:
    """A player's evening, read from the typed outcome."""

    rating_before: int | None
    change: Number | None
    rating_after: int | None
    grade_before: str
    grade_after: str
    bonus: int
    status: Status

    @classmethod
    def of(cls, player: PlayerOutcome[LnmoPlayer]) -> PlayerEvening:
        detail = player.detail
        return cls(
            player.rating_before,
            player.change,
            player.rating_after,
            detail.grade_before.label,
            detail.grade_after.label,
            detail.bonus,
            player.status,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "rating_before": self.rating_before,
            "change": self.change,
            "rating_after": self.rating_after,
            "grade_before": self.grade_before,
            "grade_after": self.grade_after,
            "bonus": self.bonus,
        }


class ClubEveningTable(Widget):
    """One row of controls per game (round, white, black, result, illegal moves of each
    player, agreed beforehand); every change re-rates the evening.  Rows without both players
    and a result are left out.  ``values`` gives each player's rating and grade after it."""

    def __init__(
        self,
        players: PlayerFile,
        games: Sequence[Mapping[str, Any]] = (),
        *,
        size: int = 6,
        event: str = "Club evening",
        when: date = date(2010, 9, 2),
        rules: LnmoRules = LNMO,
    ) -> None:
        self.players = players
        self.event_name = event
        self.when = when
        self.rules = rules
        options: list[tuple[str, str]] = [("", "")] + [
            (f"{r.name or r.id} ({r.prior_grade or r.grade})", r.id or "") for r in players
        ]
        self.rows: list[dict[str, Any]] = [
            _row_controls(options) for _ in range(max(size, len(games)))
        ]
        for row in self.rows:
            for control in row.values():
                control.observe(self._update, names="value")
        header = w.HBox(
            [
                w.HTML(f"<b>{html.escape(_(c))}</b>", layout=w.Layout(width=width))
                for c, width in zip(COLUMNS, _WIDTHS, strict=True)
            ]
        )
        self.output = w.HTML()
        self.view = w.VBox([header, *(w.HBox(list(r.values())) for r in self.rows), self.output])
        self.error: str | None = None
        self._report: Report | None = None
        self.set_games(games)

    # -- what the table holds --------------------------------------------------------------
    def set_games(self, games: Sequence[Mapping[str, Any]]) -> None:
        """Fill the rows with ``games`` (the rest emptied), then rate the evening once."""
        with self.busy():
            for index, row in enumerate(self.rows):
                given = games[index] if index < len(games) else {}
                row["round"].value = int(given.get("round", 1))
                row["white"].value = given.get("white", "")
                row["black"].value = given.get("black", "")
                row["result"].value = given.get("result", "")
                row["kinte_white"].value = int(given.get("kinte_white", 0))
                row["kinte_black"].value = int(given.get("kinte_black", 0))
                row["agreed"].value = bool(given.get("agreed", True))
        self._update()

    def games_csv(self) -> str:
        """The filled rows as a club ``games.csv`` (line 2 is the table's first row)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(("date", "event", *COLUMNS))
        for row in self.rows:
            writer.writerow(
                protect_row(
                    (
                        self.when.isoformat(),
                        self.event_name,
                        row["round"].value,
                        row["white"].value,
                        row["black"].value,
                        row["result"].value,
                        row["kinte_white"].value or "",
                        row["kinte_black"].value or "",
                        "yes" if row["agreed"].value else "no",
                    )
                )
            )
        return buffer.getvalue()

    def event(self) -> Event:
        lines = self.games_csv().splitlines()
        kept = [lines[0]] + [
            line if _filled(line) else "" for line in lines[1:]
        ]  # blank lines keep the line numbers of the rows after them
        return club_event("\n".join(kept) + "\n", self.players, self.event_name, "table")

    @property
    def report(self) -> Report | None:
        return self._report

    @property
    def outcome(self) -> Outcome[LnmoPlayer, LnmoGame] | None:
        """The typed outcome of the evening (None on an error)."""
        return self._report.outcome if self._report is not None else None

    @property
    def evenings(self) -> dict[str, PlayerEvening]:
        """Each player's evening, from the typed outcome (empty on an error)."""
        outcome = self.outcome
        if outcome is None:
            return {}
        return {player.id: PlayerEvening.of(player) for player in outcome.players}

    @property
    def values(self) -> dict[str, dict[str, object]]:
        """Each player's rating and grade before and after the evening (empty on an error)."""
        return {pid: evening.as_dict() for pid, evening in self.evenings.items()}

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        try:
            self._report = self.rules.rate(self.event(), self.players)
            self.error = None
        except RatingkitError as exc:
            self._report = None
            self.error = str(exc)
        if self._report is None:
            self.output.value = f"<p style='color:#b00'>{html.escape(self.error or '')}</p>"
            return
        games = self._report.games
        self.output.value = self._report.players.to_html() + (
            games.to_html()
            if games is not None and games.rows
            else f"<p>{html.escape(_('no games yet'))}</p>"
        )


def _row_controls(options: list[tuple[str, str]]) -> dict[str, Any]:
    """The controls of one game row (empty)."""
    return {
        "round": w.BoundedIntText(value=1, min=1, max=20, layout=w.Layout(width="60px")),
        "white": w.Dropdown(options=options, value="", layout=w.Layout(width="170px")),
        "black": w.Dropdown(options=options, value="", layout=w.Layout(width="170px")),
        "result": w.Dropdown(options=RESULTS, value="", layout=w.Layout(width="110px")),
        "kinte_white": w.BoundedIntText(value=0, min=0, max=9, layout=w.Layout(width="60px")),
        "kinte_black": w.BoundedIntText(value=0, min=0, max=9, layout=w.Layout(width="60px")),
        "agreed": w.Checkbox(value=True, indent=False, layout=w.Layout(width="70px")),
    }


def _filled(line: str) -> bool:
    cells = next(csv.reader([line]))
    return bool(cells[3] and cells[4] and cells[5])


__all__ = ["COLUMNS", "RESULTS", "ClubEveningTable", "PlayerEvening"]
