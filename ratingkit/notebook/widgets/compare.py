"""What if one result had been different?  Pick a game, change its result, and every rule set
that can rate the event reacts at once.  All computation is
:func:`ratingkit.services.compare.compare` (the rule sets' typed outcomes); the widget only
edits the event (:meth:`~ratingkit.core.model.Event.with_result`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.i18n import _, tr
from ...core.model import Event, Game
from ...core.outcome import GameKind
from ...core.report import Table, rating_text
from ...core.ruleset import RuleSet
from ...services.compare import Comparison, Players, compare
from .base import Widget

#: Result choices (the CSV codes :meth:`Event.with_result` takes), from white's side.
RESULTS = (("1-0", "1-0"), ("½-½", "1/2-1/2"), ("0-1", "0-1"))

#: (rules, player id) -> (rating after the original event, rating after the edit).
Changed = Mapping[tuple[str, str], tuple[int | None, int | None]]


def deltas(comparison: Comparison) -> dict[str, dict[str, int | None]]:
    """The published change of every player under every rule set that rated the event."""
    return {
        name: {p.id: p.delta for p in comparison.outcome(name).players}
        for name in comparison.reports
    }


def changed_ratings(
    original: Comparison, edited: Comparison
) -> dict[tuple[str, str], tuple[int | None, int | None]]:
    """(rules, id) -> (rating after in ``original``, rating after in ``edited``) for every
    player whose published rating the edit moved."""
    changed: dict[tuple[str, str], tuple[int | None, int | None]] = {}
    for name in edited.reports:
        if name not in original.reports:
            continue
        before = {p.id: p.rating_after for p in original.outcome(name).players}
        for player in edited.outcome(name).players:
            if player.rating_after != before.get(player.id):
                changed[(name, player.id)] = (before.get(player.id), player.rating_after)
    return changed


class CompareWhatIf(Widget):
    """A game picker, a result picker and the players side by side under every rule set that
    rates the event: new rating and change as published, with the changes the edit caused.

    ``values`` holds the current comparison, the per rule set changes ``delta[rules][id]`` and
    ``changed``: (rules, id) -> (rating after the original event, rating after the edit)."""

    def __init__(
        self,
        event: Event,
        rule_names: Sequence[str | RuleSet] | None = None,
        players: Players = None,
        game: str | GameKind | None = None,
    ) -> None:
        self.rule_names = rule_names
        self.players = players
        self.forced_game = game
        self.original = compare(event, rule_names, players, game=game)
        self.comparison = self.original
        self.event = event
        names = {p.id: p.name for p in event.players}
        self.game = w.Dropdown(
            options=[
                (
                    tr(
                        "round {round}: {white} - {black}",
                        round=g.round,
                        white=names[g.white],
                        black=names[g.black],
                    ),
                    (g.round, g.white, g.black),
                )
                for g in event.games
            ],
            description=_("game"),
            layout=w.Layout(width="440px"),
        )
        self.result = w.Dropdown(options=RESULTS, description=_("result"))
        self.output = w.HTML()
        self.game.observe(self._on_game, names="value")
        self.result.observe(self._on_result, names="value")
        self.view = w.VBox([w.HBox([self.game, self.result]), self.output])
        self._on_game()

    # -- values --------------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, Any]:
        return {
            "comparison": self.comparison,
            "delta": deltas(self.comparison),
            "changed": changed_ratings(self.original, self.comparison),
        }

    # -- events --------------------------------------------------------------------------------
    def _current_game(self) -> Game:
        round_, white, black = self.game.value
        return next(
            g
            for g in self.event.games
            if g.round == round_ and (g.white, g.black) == (white, black)
        )

    def _on_game(self, _change: object = None) -> None:
        if self.game.value is None:
            self._render()
            return
        with self.busy():
            code = self._current_game().result_code
            self.result.value = code if code in {v for _, v in RESULTS} else "1-0"
        self._render()

    def _on_result(self, _change: object = None) -> None:
        if self.is_busy or self.game.value is None:
            return
        round_, white, black = self.game.value
        self.event = self.event.with_result(round_, white, black, self.result.value)
        self.comparison = compare(self.event, self.rule_names, self.players, game=self.forced_game)
        self._render()

    # -- display -------------------------------------------------------------------------------
    def _render(self) -> None:
        self.output.value = render(self.comparison, self.values["changed"])


def render(comparison: Comparison, changed: Changed | None = None) -> str:
    """The comparison as HTML: new rating and change per rule set (from each rule set's
    outcome), the rule sets that cannot rate the event, and the ratings an edit changed."""
    names = list(comparison.reports)
    columns = ["id", "name", "score"]
    for name in names:
        columns += [f"{name} after", f"{name} delta"]
    rows: list[Mapping[str, object]] = []
    for player in comparison.event.players:
        row: dict[str, object] = {"id": player.id, "name": player.name}
        for name in names:
            try:
                found = comparison.outcome(name).player(player.id)
            except KeyError:
                continue
            row.setdefault("score", found.score)
            row[f"{name} after"] = found.rating_after
            row[f"{name} delta"] = found.delta
        rows.append(row)
    table = Table(
        "new ratings", tuple(columns), tuple(rows), {f"{n} delta": "{:+d}" for n in names}
    )
    left_out = [
        f"<li>{html.escape(', '.join(names))}: {html.escape(reason)}</li>"
        for names, reason in comparison.left_out()
    ]
    moved = ", ".join(
        f"{rules} {pid} {rating_text(old)} → {rating_text(new)}"
        for (rules, pid), (old, new) in (changed or {}).items()
    )
    return (
        table.to_html()
        + (
            f"<p>{html.escape(_('left out, as they cannot rate this event:'))}</p>"
            f"<ul>{''.join(left_out)}</ul>"
            if left_out
            else ""
        )
        + "<p>"
        + html.escape(tr("ratings changed by the edit: {changes}", changes=moved or _("none")))
        + "</p>"
    )
