"""One event under several FIDE texts, explored: pick the event and the rule versions.

The widget shows :func:`ratingkit.services.versions.rate_side_by_side` for the chosen event and
rule sets (each column headed by its rule set) and says which text was in force on the
event's date (:func:`ratingkit.registry.rule_set_in_force`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.errors import RatingkitError
from ...core.i18n import _, tr
from ...core.model import Event
from ...core.players import PlayerFile
from ...registry import rule_set_in_force, rule_sets
from ...services.versions import rate_side_by_side
from .base import Widget


def fide_texts() -> tuple[str, ...]:
    """The FIDE texts the widget offers: every registered rule set that says it is one of
    FIDE's successive texts (``lineage``), oldest first."""
    texts = [r for r in rule_sets().values() if r.lineage == "fide"]
    return tuple(r.name for r in sorted(texts, key=lambda r: r.valid_from or date.min))


class FideVersions(Widget):
    """A dropdown of events (name -> (event, player file)), a choice of FIDE texts and of the
    columns compared; ``values`` gives ``event``, ``rules``, ``in_force`` (the name of the
    text in force on the event's start, or the reason there is none), ``rows`` and
    ``error``."""

    def __init__(
        self,
        events: Mapping[str, tuple[Event, PlayerFile | None]],
        rules: Sequence[str] = ("fide-2014", "fide-2024", "fide-2025"),
        columns: Sequence[str] = ("K", "change", "rating_after"),
    ) -> None:
        if not events:
            raise RatingkitError(tr("FideVersions needs at least one event"))
        self.events = dict(events)
        self.columns = tuple(columns)
        self.event = w.Dropdown(options=list(self.events), description=_("event"))
        texts = fide_texts()
        self.rules = w.SelectMultiple(
            options=texts, value=tuple(rules), description=_("texts"), rows=len(texts)
        )
        self.output = w.HTML()
        self.error: str | None = None
        self._values: dict[str, Any] = {}
        for control in (self.event, self.rules):
            control.observe(self._update, names="value")
        self.view = w.VBox([w.HBox([self.event, self.rules]), self.output])
        self._update()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self._values)

    def choose(self, event: str | None = None, rules: Sequence[str] | None = None) -> None:
        with self.busy():
            if event is not None:
                self.event.value = event
            if rules is not None:
                self.rules.value = tuple(rules)
        self._update()

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        self.error = None
        name = str(self.event.value)
        event, players = self.events[name]
        values: dict[str, Any] = {
            "event": name,
            "rules": tuple(self.rules.value),
            "in_force": None,
            "rows": [],
            "error": None,
        }
        parts: list[str] = []
        if event.start is not None:
            try:
                values["in_force"] = rule_set_in_force("fide", event.start).name
                parts.append(
                    "<p>"
                    + tr(
                        "On {day}, the start of {event}, {rules} was in force.",
                        day=event.start.isoformat(),
                        event=html.escape(event.name),
                        rules=f"<b>{html.escape(values['in_force'])}</b>",
                    )
                    + "</p>"
                )
            except RatingkitError as exc:
                values["in_force"] = str(exc)
                parts.append(f"<p>{html.escape(str(exc))}</p>")
        try:
            if not self.rules.value:
                raise RatingkitError(tr("choose at least one FIDE text"))
            table = rate_side_by_side(event, tuple(self.rules.value), players, self.columns)
            values["rows"] = [dict(r) for r in table.rows]
            parts.append(table.to_html())
        except RatingkitError as exc:
            self.error = values["error"] = str(exc)
            parts.append(f"<p style='color:#b00'>{html.escape(str(exc))}</p>")
        self._values = values
        self.output.value = "".join(parts)
