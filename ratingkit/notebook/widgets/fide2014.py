"""A FIDE 2014 event explorer: change a result or a player's K state and see the rating
report update.  All computation is :data:`ratingkit.fide.rules2014.FIDE_2014`; the widget only
edits the event (:meth:`~ratingkit.core.model.Event.with_result`) and the player file, and
shows the typed outcome (``report.outcome``: the player's FIDE detail, his game sides, the
notes that concern him)."""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.i18n import N_, _, tr
from ...core.model import Event, Player
from ...core.outcome import Outcome, PlayerOutcome, player_row
from ...core.players import PlayerFile, PlayerRecord
from ...core.report import Report, Table, rating_text
from ...core.ruleset import guard
from ...documents import clause_html
from ...fide.outcome import FideGame, FidePlayer
from ...fide.rules2014 import FIDE_2014, find_record
from ...fide.views import game_row
from .base import Widget

#: Result choices (the CSV codes :meth:`Event.with_result` takes), from white's side.
RESULTS = (
    ("1-0", "1-0"),
    ("½-½", "1/2-1/2"),
    ("0-1", "0-1"),
    ("+/- (forfeit, not rated)", "+/-"),
    ("-/+ (forfeit, not rated)", "-/+"),
    ("-/- (double forfeit)", "-/-"),
)
K_CHOICES = (
    (N_("from the player file (8.56)"), None),
    ("K = 40", 40),
    ("K = 20", 20),
    ("K = 10", 10),
)
PLAYER_COLUMNS = ("Ro", "Rc", "n", "w", "We", "w-We", "K", "K*(w-We)", "rating_after")
GAME_COLUMNS = (
    N_("round"),
    N_("opponent name"),
    N_("opponent rating"),
    N_("rating used"),
    N_("capped"),
    "D",
    "PD",
    N_("score"),
    "score-PD",
    N_("rated"),
    N_("note"),
)


def _k_choices() -> list[tuple[str, int | None]]:
    """The K choices, their labels in the language now in force."""
    return [(_(label), k) for label, k in K_CHOICES]


def set_player_state(players: PlayerFile | None, player: Player, **changes: Any) -> PlayerFile:
    """A copy of ``players`` with the state of ``player`` changed: the record the rule set
    matches for him (FIDE id, id, name), or a new record keyed by his FIDE id or id."""
    records = list(players.records) if players is not None else []
    record = find_record(player, players)[0] if players is not None else None
    if record is not None:
        index = records.index(record)
        records[index] = replace(record, **changes)
    else:
        key = player.fide_id or player.id
        records.append(PlayerRecord(id=key, name=player.name, **changes))
    return PlayerFile(tuple(records), players.source if players is not None else None)


def _outcome(report: Report) -> Outcome[FidePlayer, FideGame]:
    return report.outcome


class Fide2014Explorer(Widget):
    """Pick a player; change one of his results or his K state (games before the event,
    birth date, ever reached 2400, or K itself); the report is recomputed at once.

    ``values`` holds the current report, the chosen player's row and the players whose new
    rating differs from the unedited event's; ``values["outcome"]`` is the chosen player's
    typed outcome."""

    def __init__(
        self, event: Event, players: PlayerFile | None = None, player: str | None = None
    ) -> None:
        guard(FIDE_2014, [event], players)
        self.original_event = event
        self.original_players = players
        self.event = event
        self.players = players
        self.original_report = FIDE_2014.rate(event, players)
        self.report = self.original_report
        first = player or next((p.id for p in event.players if p.rating is not None), None)
        first = first or event.players[0].id
        self.player = w.Dropdown(
            options=[(f"{p.id} {p.name}", p.id) for p in event.players],
            value=first,
            description=_("player"),
            layout=w.Layout(width="420px"),
        )
        self.game = w.Dropdown(description=_("game"), layout=w.Layout(width="420px"))
        self.result = w.Dropdown(options=RESULTS, description=_("result"))
        self.k = w.Dropdown(options=_k_choices(), description=_("K"))
        self.games_known = w.Checkbox(description=_("games count known"), indent=False)
        self.games = w.BoundedIntText(min=0, max=100000, description=_("games before"))
        self.born = w.DatePicker(description=_("born"))
        self.ever_2400 = w.Checkbox(description=_("has reached 2400"), indent=False)
        self.output = w.HTML()
        self.player.observe(self._on_player, names="value")
        self.game.observe(self._on_game, names="value")
        self.result.observe(self._on_result, names="value")
        for control in (self.k, self.games_known, self.games, self.born, self.ever_2400):
            control.observe(self._on_state, names="value")
        self.view = w.VBox(
            [
                w.HBox([self.player]),
                w.HBox([self.game, self.result]),
                w.HBox([self.k, self.games_known, self.games]),
                w.HBox([self.born, self.ever_2400]),
                self.output,
            ]
        )
        self._on_player()

    # -- values --------------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, object]:
        pid = self.player.value
        outcome = _outcome(self.report)
        before = {p.id: p.rating_after for p in _outcome(self.original_report).players}
        changed = {
            p.id: (before.get(p.id), p.rating_after)
            for p in outcome.players
            if p.rating_after != before.get(p.id)
        }
        chosen = outcome.player(pid)
        return {
            "player": pid,
            "outcome": chosen,
            "row": player_row(chosen),
            "games": [game_row(g) for g in outcome.games_of(pid)],
            "changed": changed,
            "report": self.report,
        }

    # -- events --------------------------------------------------------------------------------
    def _player_record(self) -> PlayerRecord | None:
        if self.players is None:
            return None
        return find_record(self.event.player(self.player.value), self.players)[0]

    def _on_player(self, _change: object = None) -> None:
        with self.busy():
            self._show_player()
        self._render()

    def _show_player(self) -> None:
        pid = self.player.value
        games = self.event.games_of(pid)
        self.game.options = [
            (
                f"round {g.round}: {self.event.player(g.white).name} - "
                f"{self.event.player(g.black).name}",
                (g.round, g.white, g.black),
            )
            for g in games
        ]
        self.game.value = self.game.options[0][1] if games else None
        self._show_game_result()
        record = self._player_record()
        given = record.k if record is not None else None
        options = _k_choices()
        if given is not None and given not in (40, 20, 10):
            options.append((tr("K = {k} (player file)", k=given), given))
        self.k.options = options
        self.k.value = given
        self.games_known.value = record is not None and record.games is not None
        self.games.value = record.games if record is not None and record.games is not None else 0
        self.games.disabled = not self.games_known.value
        player = self.event.player(pid)
        self.born.value = (record.born if record is not None else None) or player.born
        self.ever_2400.value = bool(record.ever_2400) if record is not None else False

    def _show_game_result(self) -> None:
        if self.game.value is None:
            return
        round_, white, black = self.game.value
        game = next(
            g
            for g in self.event.games
            if g.round == round_ and (g.white, g.black) == (white, black)
        )
        code = game.result_code
        self.result.value = code if code in dict((v, v) for _, v in RESULTS) else "1-0"

    def _on_game(self, _change: object = None) -> None:
        if self.is_busy:
            return
        with self.busy():
            self._show_game_result()

    def _on_result(self, _change: object = None) -> None:
        if self.is_busy or self.game.value is None:
            return
        round_, white, black = self.game.value
        self.event = self.event.with_result(round_, white, black, self.result.value)
        self._recompute()

    def _on_state(self, _change: object = None) -> None:
        self.games.disabled = not self.games_known.value
        if self.is_busy:
            return
        player = self.event.player(self.player.value)
        self.players = set_player_state(
            self.players,
            player,
            k=self.k.value,
            games=self.games.value if self.games_known.value else None,
            born=self.born.value,
            ever_2400=self.ever_2400.value,
        )
        self._recompute()

    def _recompute(self) -> None:
        self.report = FIDE_2014.rate(self.event, self.players)
        self._render()

    # -- display -------------------------------------------------------------------------------
    def _render(self) -> None:
        values = self.values
        row = player_row(self._chosen())
        chosen = self._chosen()
        head = Table(
            "",
            PLAYER_COLUMNS,
            ({c: row.get(c) for c in PLAYER_COLUMNS},),
            self.report.players.formats,
        )
        games = Table(
            "games",
            GAME_COLUMNS,
            tuple(
                {c: g.get(c) for c in GAME_COLUMNS}
                for g in (game_row(side) for side in _outcome(self.report).games_of(chosen.id))
            ),
            {"PD": "{:.2f}", "score-PD": "{:+.2f}"},
        )
        detail = chosen.detail
        rule = (
            clause_html(self.report.rules, detail.k_rule)  # the K rule, 8.56 quoted as a hover
            if detail.k_rule is not None
            else html.escape(detail.status_text)
        )
        notes = [
            note.text
            for note in _outcome(self.report).notes
            if chosen.id in note.players or (note.rule is not None and note.rule.clause == "8.4")
        ]
        changed_values = values["changed"]
        assert isinstance(changed_values, dict)
        changed = ", ".join(
            f"{self.event.player(pid).name} {rating_text(old)} -> {rating_text(new)}"
            for pid, (old, new) in changed_values.items()
        )
        self.output.value = (
            f"<p><b>{html.escape(chosen.name)}</b>: {html.escape(detail.status_text)}; "
            f"{rule}</p>"
            + head.to_html()
            + games.to_html()
            + "".join(f"<p><i>{html.escape(_('note:'))}</i> {html.escape(n)}</p>" for n in notes)
            + "<p>"
            + html.escape(
                tr("new ratings changed by the edits: {changes}", changes=changed or _("none"))
            )
            + "</p>"
        )

    def _chosen(self) -> PlayerOutcome[FidePlayer]:
        return _outcome(self.report).player(self.player.value)
