"""What if one result had been different?  Pick a game, change its result, and every rule set
that can rate the event reacts at once.  All computation is
:func:`ratingkit.services.compare.compare`; the widget only edits the
event (:meth:`~ratingkit.core.model.Event.with_result`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as w

from ...core.model import Event
from ...core.players import PlayerFile
from ...core.report import Table
from ...services.compare import Comparison, compare

#: Result choices (the CSV codes :meth:`Event.with_result` takes), from white's side.
RESULTS = (("1-0", "1-0"), ("½-½", "1/2-1/2"), ("0-1", "0-1"))


class CompareWhatIf:
    """A game picker, a result picker and the players side by side under every rule set that
    rates the event: new rating and change as published, with the changes the edit caused.

    ``values`` holds the current comparison, the per rule set changes ``delta[rules][id]`` and
    ``changed``: (rules, id) -> (rating after the original event, rating after the edit)."""

    def __init__(
        self,
        event: Event,
        rule_names: Sequence[str] | None = None,
        players: PlayerFile | Mapping[str, PlayerFile] | None = None,
        game: str | None = None,
    ):
        self.rule_names = rule_names
        self.players = players
        self.forced_game = game
        self.original = compare(event, rule_names, players, game=game)
        self.comparison = self.original
        self.event = event
        self._busy = False
        names = {p.id: p.name for p in event.players}
        self.game = w.Dropdown(
            options=[
                (
                    f"round {g.round}: {names[g.white]} - {names[g.black]}",
                    (g.round, g.white, g.black),
                )
                for g in event.games
            ],
            description="game",
            layout=w.Layout(width="440px"),
        )
        self.result = w.Dropdown(options=RESULTS, description="result")
        self.output = w.HTML()
        self.game.observe(self._on_game, names="value")
        self.result.observe(self._on_result, names="value")
        self.view = w.VBox([w.HBox([self.game, self.result]), self.output])
        self._on_game()

    # -- values --------------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, object]:
        comparison = self.comparison
        delta = {
            name: {r["id"]: comparison.delta(name, r["id"]) for r in report.players.rows}
            for name, report in comparison.reports.items()
        }
        changed = {}
        for name, report in comparison.reports.items():
            if name not in self.original.reports:
                continue
            before = {r["id"]: r["rating_after"] for r in self.original.reports[name].players.rows}
            for row in report.players.rows:
                if row["rating_after"] != before.get(row["id"]):
                    changed[(name, row["id"])] = (before.get(row["id"]), row["rating_after"])
        return {"comparison": comparison, "delta": delta, "changed": changed}

    # -- events --------------------------------------------------------------------------------
    def _current_game(self):
        round_, white, black = self.game.value
        return next(
            g
            for g in self.event.games
            if g.round == round_ and (g.white, g.black) == (white, black)
        )

    def _on_game(self, _change=None) -> None:
        if self.game.value is None:
            self._render()
            return
        self._busy = True
        code = self._current_game().result_code
        self.result.value = code if code in {v for _, v in RESULTS} else "1-0"
        self._busy = False
        self._render()

    def _on_result(self, _change=None) -> None:
        if self._busy or self.game.value is None:
            return
        round_, white, black = self.game.value
        self.event = self.event.with_result(round_, white, black, self.result.value)
        self.comparison = compare(self.event, self.rule_names, self.players, game=self.forced_game)
        self._render()

    # -- display -------------------------------------------------------------------------------
    def _render(self) -> None:
        self.output.value = render(self.comparison, self.values["changed"])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


def render(comparison: Comparison, changed: Mapping[tuple[str, str], tuple] | None = None) -> str:
    """The comparison as HTML: new rating and change per rule set, the rule sets that cannot
    rate the event, and the ratings an edit changed."""
    names = list(comparison.reports)
    columns = ["id", "name", "score"]
    for name in names:
        columns += [f"{name} after", f"{name} delta"]
    rows = [{c: row.get(c) for c in columns} for row in comparison.table.rows]
    table = Table("new ratings", columns, rows, {f"{n} delta": "{:+d}" for n in names})
    refused = [
        f"<li>{html.escape(str(v['rules']))}: {html.escape(str(v['verdict']))}</li>"
        for v in comparison.verdicts.rows
        if v["verdict"] != "rates"
    ]
    moved = ", ".join(
        f"{rules} {pid} {old} → {new}" for (rules, pid), (old, new) in (changed or {}).items()
    )
    return (
        table.to_html()
        + (f"<ul>{''.join(refused)}</ul>" if refused else "")
        + f"<p>ratings changed by the edit: {html.escape(moved) or 'none'}</p>"
    )
