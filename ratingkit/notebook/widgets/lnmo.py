"""A club evening entered in a small table and rated under the LNMO rules."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Mapping, Sequence
from datetime import date

import ipywidgets as w

from ...core.errors import RatingkitError
from ...core.model import Event
from ...core.output import protect_row
from ...core.players import PlayerFile
from ...core.report import Report
from ...formats.clubcsv import club_event
from ...lnmo import LNMO, LnmoRules

RESULTS = ("", "1-0", "0-1", "sennichite", "jishogi")
COLUMNS = ("round", "white", "black", "result", "kinte_white", "kinte_black", "agreed")


class ClubEveningTable:
    """One row of controls per game (round, white, black, result, illegal moves of each
    player, agreed beforehand); every change re-rates the evening.  Rows without both players
    and a result are left out.  ``values`` gives each player's rating and grade after it."""

    def __init__(
        self,
        players: PlayerFile,
        games: Sequence[Mapping[str, object]] = (),
        *,
        size: int = 6,
        event: str = "Club evening",
        when: date = date(2010, 9, 2),
        rules: LnmoRules = LNMO,
    ):
        self.players = players
        self.event_name = event
        self.when = when
        self.rules = rules
        options = [("", "")] + [
            (f"{r.name or r.id} ({r.prior_grade or r.grade})", r.id) for r in players
        ]
        self.rows: list[dict[str, w.ValueWidget]] = []
        for index in range(max(size, len(games))):
            given = games[index] if index < len(games) else {}
            row = {
                "round": w.BoundedIntText(
                    value=int(given.get("round", 1)), min=1, max=20, layout=w.Layout(width="60px")
                ),
                "white": w.Dropdown(
                    options=options, value=given.get("white", ""), layout=w.Layout(width="170px")
                ),
                "black": w.Dropdown(
                    options=options, value=given.get("black", ""), layout=w.Layout(width="170px")
                ),
                "result": w.Dropdown(
                    options=RESULTS, value=given.get("result", ""), layout=w.Layout(width="110px")
                ),
                "kinte_white": w.BoundedIntText(
                    value=int(given.get("kinte_white", 0)),
                    min=0,
                    max=9,
                    layout=w.Layout(width="60px"),
                ),
                "kinte_black": w.BoundedIntText(
                    value=int(given.get("kinte_black", 0)),
                    min=0,
                    max=9,
                    layout=w.Layout(width="60px"),
                ),
                "agreed": w.Checkbox(
                    value=bool(given.get("agreed", True)),
                    indent=False,
                    layout=w.Layout(width="70px"),
                ),
            }
            for control in row.values():
                control.observe(self._update, names="value")
            self.rows.append(row)
        header = w.HBox(
            [
                w.HTML(f"<b>{c}</b>", layout=w.Layout(width=width))
                for c, width in zip(
                    COLUMNS,
                    ("60px", "170px", "170px", "110px", "60px", "60px", "70px"),
                    strict=True,
                )
            ]
        )
        self.output = w.HTML()
        self.view = w.VBox([header, *(w.HBox(list(r.values())) for r in self.rows), self.output])
        self.error: str | None = None
        self._report: Report | None = None
        self._update()

    # -- what the table holds --------------------------------------------------------------
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
    def values(self) -> dict[str, dict[str, object]]:
        """Each player's rating and grade before and after the evening (empty on an error)."""
        if self._report is None:
            return {}
        return {
            str(row["id"]): {
                "rating_before": row["rating_before"],
                "change": row["change"],
                "rating_after": row["rating_after"],
                "grade_before": row["grade_before"],
                "grade_after": row["grade_after"],
                "bonus": row["bonus"],
            }
            for row in self._report.players.rows
        }

    def _update(self, _change=None) -> None:
        try:
            self._report = self.rules.rate(self.event(), self.players)
            self.error = None
        except RatingkitError as exc:
            self._report = None
            self.error = str(exc)
        if self.error is not None:
            self.output.value = f"<p style='color:#b00'>{html.escape(self.error)}</p>"
            return
        assert self._report is not None
        games = self._report.games
        self.output.value = self._report.players.to_html() + (
            games.to_html() if games is not None and games.rows else "<p>no games yet</p>"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


def _filled(line: str) -> bool:
    cells = next(csv.reader([line]))
    return bool(cells[3] and cells[4] and cells[5])
