"""FESA's event and list conditions (the translator's notes 1-3) and the fixed point of rules
8 and 11: ``check`` returns :class:`~ratingkit.core.report.CheckTable` of
:class:`~ratingkit.core.outcome.Finding` values."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.extras import LastOfficialEvent, RateOfPlay
from ..core.i18n import N_, tr
from ..core.model import Event
from ..core.outcome import Finding, GameRef, Rule
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import CheckTable
from ..core.values import parse_date
from .steps import Computed, fixed_point, prepare, unsettled_note

if TYPE_CHECKING:
    from .rulesets import FesaRules

_TIME_CONTROL = re.compile(r"^\s*(\d+)\s*(?:min|m|')?\s*\+\s*(\d+)\s*(?:s|sec|\")?\s*$")

TITLE = N_("FESA event and list conditions")
_NOTE_1 = Rule("note 1", N_("a rating leaves the list two years after the last official event"))
_NOTE_2 = Rule("note 2", N_("at least 30 min + 30 s of byoyomi (or 20 min + 40 s)"))
_NOTE_3 = Rule("note 3", N_("at least 30% of the players have a FESA rating"))


def check(rules: FesaRules, event: Event, players: PlayerFile | None) -> CheckTable:
    """The event's conditions: one finding per condition broken."""
    played = tuple(GameRef(g.round, g.white, g.black) for g in event.games if g.is_played)
    records: Mapping[str, PlayerRecord] = {}
    if players is not None:
        records = players.match(
            [(p.id, p.name) for p in event.players], by_name=event.local_ids
        ).records
    findings = [
        *time_control(event, played),
        *rated_share(event, records, played),
        *two_year_list(event, records),
        *iteration(rules, event, players),
    ]
    names = {p.id: p.name or p.id for p in event.players}
    return CheckTable.of(findings, TITLE, names)


def time_control(event: Event, played: tuple[GameRef, ...]) -> list[Finding]:
    """Note 2: 30 minutes and 30 seconds of byoyomi, or 20 minutes and 40 seconds."""
    control = RateOfPlay.of(event).time_control
    if not control:
        return []
    match = _TIME_CONTROL.match(str(control))
    if not match:
        return [
            Finding(
                _NOTE_2,
                tr(
                    "cannot read time control {control!r} (expected "
                    "minutes+seconds of byoyomi, e.g. 30+30)",
                    control=control,
                ),
            )
        ]
    minutes, seconds = int(match.group(1)), int(match.group(2))
    if (minutes >= 30 and seconds >= 30) or (minutes >= 20 and seconds >= 40):
        return []
    return [
        Finding(
            _NOTE_2,
            tr(
                "time control {minutes} min + {seconds} s is below 30 min + "
                "30 s (or 20 min + 40 s)",
                minutes=minutes,
                seconds=seconds,
            ),
            played,
        )
    ]


def rated_share(
    event: Event, records: Mapping[str, PlayerRecord], played: tuple[GameRef, ...]
) -> list[Finding]:
    """Note 3: at least 30% of the players have a FESA rating."""
    rated = [
        p
        for p in event.players
        if p.rating is not None or (p.id in records and records[p.id].rating is not None)
    ]
    n = len(event.players)
    if not n or Fraction(len(rated), n) >= Fraction(3, 10):
        return []
    return [
        Finding(
            _NOTE_3,
            tr(
                "{rated_count} of {n} players ({percent:.0f}%) have a FESA "
                "rating; at least 30% needed",
                rated_count=len(rated),
                n=n,
                percent=100 * len(rated) / n,
            ),
            played,
        )
    ]


def two_year_list(event: Event, records: Mapping[str, PlayerRecord]) -> list[Finding]:
    """Note 1: a rating stays on the list for two years after the player's last official
    event (information: his games are rated)."""
    start = event.start or event.end
    if start is None:
        return []
    findings = []
    for p in event.players:
        record = records.get(p.id)
        in_file = LastOfficialEvent.of(record.extra).last_event if record is not None else None
        last = in_file or LastOfficialEvent.of(p).last_event
        if not last:
            continue
        when = parse_date(str(last), record.location if record else None)
        if (start - when).days > 730:
            findings.append(
                Finding(
                    _NOTE_1,
                    tr(
                        "{name}: last official event {when} is more than 2 years "
                        "before {start}; the rating is no longer on the list",
                        name=p.name,
                        when=when.isoformat(),
                        start=start.isoformat(),
                    ),
                    breaks_validity=False,
                )
            )
    return findings


def iteration(rules: FesaRules, event: Event, players: PlayerFile | None) -> list[Finding]:
    """Rules 8 and 11: an event whose fixed-point iteration does not settle (it cycles, so
    no published result of it can be a fixed point) is reported with the players whose
    ratings alternate (information: the ratings of the last pass are published)."""
    if not any(g.is_played for g in event.games):
        return []
    from .passes import quick_compute

    prepared = prepare(rules, event, players, lean=True)

    def compute(pid: str, post: dict[str, int]) -> Computed:
        return quick_compute(rules, prepared, pid, post)

    unsettled = fixed_point(rules, prepared, compute, rows=False).unsettled
    if unsettled is None:
        return []
    alternating = {pid for pid, _ in unsettled.alternating}
    games = tuple(
        GameRef(g.round, g.white, g.black)
        for g in event.games
        if g.is_played and (g.white in alternating or g.black in alternating)
    )
    return [
        Finding(
            Rule(unsettled.rule.clause, unsettled.why),
            unsettled_note(unsettled, prepared.states),
            games,
            breaks_validity=False,
        )
    ]
