"""The tables that set FIDE's texts since 2014 side by side (notebook 08): the clauses that
changed (:func:`versions_table`), the rule set ``--rules fide`` picks on a day
(:func:`dispatch_table`, :func:`validity_table`), one event under several rule sets
(:func:`rate_side_by_side`), and the initial rating for every score (:func:`initial_rating_table`).

Every value comes from the rule sets' own fields and computations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from ..core.errors import RatingkitError, UnknownPlayerError
from ..core.i18n import N_, _, tr
from ..core.model import Event
from ..core.players import PlayerFile
from ..core.report import Table
from ..core.rounding import round_half_away_from_zero
from ..fide.rulesets import Fide2014, fide_since_2014
from ..registry import families, family_gaps, get_rule_set, rule_set_in_force

__all__ = [
    "CLAUSES",
    "InitialRating",
    "dispatch_table",
    "family_texts",
    "initial_rating_table",
    "initial_ratings",
    "rate_side_by_side",
    "validity_table",
    "versions_table",
]

# -- The versions side by side ---------------------------------------------------------------


def family_texts(family: str = "fide") -> tuple[str, ...]:
    """A family's texts in the order they came into force: its registered members and, for
    each of its gaps (a text no rule set implements), ``<family>-<year it came into force>``,
    the name :func:`versions_table` shows its column under."""
    dated = [(get_rule_set(name).valid_from or date.min, name) for name in families()[family]]
    dated += [(gap.valid_from, f"{family}-{gap.valid_from.year}") for gap in family_gaps(family)]
    return tuple(name for _, name in sorted(dated))


def __getattr__(name: str) -> object:
    """``VERSIONS``, the columns of :func:`versions_table`: the FIDE texts of 2014 to 2025,
    from the registry (the family ``fide`` and its gaps), derived when first asked for, so
    that importing this module loads no rule set."""
    if name == "VERSIONS":
        return family_texts("fide")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


CLAUSES = (
    N_("in force"),
    N_("initial rating"),
    N_("round robins: unrated players"),
    N_("games against unrated opponents"),
    N_("400-point rule"),
    N_("K"),
    N_("K * n"),
    N_("floor"),
    N_("first rating"),
)


def _describe(rules: Any) -> dict[str, str]:
    """The changed clauses of one rule set in words, from its fields (2014 or 2022 numbering)."""
    new = rules.valid_from is not None and rules.valid_from >= date(2022, 1, 1)
    n_initial, n_games, n_cap, n_k = (
        ("8.2.2-8.2.3", "8.3.1", "8.3.1", "8.3.3") if new else ("8.21-8.25", "8.52", "8.54", "8.56")
    )
    hypothetical = getattr(rules, "hypothetical_opponents", ())
    if hypothetical:
        initial = tr(
            "Ra over the rated opponents + {hypothetical_count} hypothetical {names} "
            "(draws); Ru = Ra + dp, at most {initial_max}",
            hypothetical_count=len(hypothetical),
            names="/".join(str(h) for h in hypothetical),
            initial_max=rules.initial_max,
        )
    else:
        initial = tr(
            "{n_initial}: average of the rated opponents; + 20 per half point over 50%, "
            "below: + dp",
            n_initial=n_initial,
        )
    if rules.round_robin_iteration:
        round_robin = tr("8.21b: Ra = Rar - dpa * n/(n+1) over the tournament, 8.58 iteration")
    else:
        round_robin = tr("as in a Swiss event: rated opponents only, no iteration")
    if rules.rate_unrated_in_round_robins:
        unrated = tr("8.52: rated in round robins only, with the opponent's Ru")
    else:
        unrated = tr("{n_games}: never rated", n_games=n_games)
    if getattr(rules, "cap_once_per_event", False):
        cap = tr(
            "{n_cap}: 400 once per tournament (the game of the greatest difference)", n_cap=n_cap
        )
    elif getattr(rules, "cap_only_below", None) is not None:
        cap = tr(
            "{n_cap}: 400 in every game, for players rated below {cap_only_below} only",
            n_cap=n_cap,
            cap_only_below=rules.cap_only_below,
        )
    else:
        cap = tr("{n_cap}: 400 in every game", n_cap=n_cap)
    k_max = getattr(rules, "k_times_n_max", None)
    junior = (
        _("under 18") if k_max is None else tr("until the end of the year of the 18th birthday")
    )
    floor = getattr(rules, "floor", None)
    minimum = getattr(rules, "first_rating_min_games", None)
    start = rules.valid_from.isoformat() if rules.valid_from else "..."
    end = rules.valid_until.isoformat() if rules.valid_until else "..."
    return {
        "in force": tr("{start} to {end}", start=start, end=end),
        "initial rating": initial,
        "round robins: unrated players": round_robin,
        "games against unrated opponents": unrated,
        "400-point rule": cap,
        "K": tr(
            "{n_k}: 40 (< 30 games; juniors {junior}, < 2300) / 20 / 10 (2400 reached)",
            n_k=n_k,
            junior=junior,
        ),
        "K * n": f"{n_k}: K * n <= {k_max}" if k_max is not None else tr("no limit"),
        "floor": str(floor) if floor is not None else tr("none (section 8 has none)"),
        "first rating": (
            tr("at least {minimum} games against rated opponents", minimum=minimum)
            if minimum
            else tr("no minimum in this rule set")
        ),
    }


def versions_table(versions: Sequence[str] | None = None, family: str = "fide") -> Table:
    """The clauses that changed between FIDE's texts, one row per clause and one column per
    version: what each rule set does (from its own fields), and for a window without a rule
    set (``fide-2017``) the missing text."""
    if versions is None:
        versions = family_texts(family)
    gaps = {gap.valid_from.year: gap for gap in family_gaps(family)}
    columns = {}
    for name in versions:
        year = int(name.rsplit("-", 1)[1]) if name[-4:].isdigit() else None
        gap = gaps.get(year) if year is not None else None
        if name not in families().get(family, ()) and gap is not None:
            columns[name] = {
                "in force": tr(
                    "{valid_from} to {valid_until} (no rule set: --rules fide refuses these "
                    "events)",
                    valid_from=gap.valid_from.isoformat(),
                    valid_until=gap.valid_until.isoformat(),
                )
            } | {clause: tr("text not established") for clause in CLAUSES[1:]}
        else:
            columns[name] = _describe(get_rule_set(name))
    rows = [{"clause": _(clause)} | {v: columns[v][clause] for v in versions} for clause in CLAUSES]
    return Table(
        _("FIDE's texts side by side: the clauses that changed"),
        (N_("clause"), *versions),
        tuple(rows),
    )


def dispatch_table(days: Iterable[date], family: str = "fide") -> Table:
    """What ``--rules fide`` does with an event that starts on each day: the rule set it
    picks, or why it refuses the event."""
    rows = []
    for day in days:
        try:
            rows.append({"start": day, "rule set": rule_set_in_force(family, day).name, "note": ""})
        except RatingkitError as error:
            rows.append({"start": day, "rule set": None, "note": str(error)})
    return Table(
        f"--rules {family} by the event's start date",
        (N_("start"), N_("rule set"), N_("note")),
        tuple(rows),
    )


# -- Several rule sets side by side ----------------------------------------------------------


def rate_side_by_side(
    event: Event,
    rules: Sequence[str] = ("fide-1982", "fide-2014", "fide-2025"),
    players: PlayerFile | None = None,
    columns: Sequence[str] = ("K", "change", "rating_after"),
    ids: Sequence[str] | None = None,
) -> Table:
    """One event rated under several rule sets, one row per player (all, or those of ``ids``
    in that order): the chosen report columns of each rule set, headed ``<rule set>
    <column>`` (a column a rule set does not have is left empty)."""
    reports = [get_rule_set(name).rate(event, players) for name in rules]
    by_id = {p.id: p for p in event.players}
    if ids is not None:
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            raise UnknownPlayerError(
                tr("{name}: no player with id {unknown!r}", name=event.name, unknown=unknown[0])
            )
    head = ("id", "name", "rating")
    out_columns = head + tuple(f"{r} {c}" for r in rules for c in columns)
    formats = {}
    for name, report in zip(rules, reports, strict=True):
        for column in columns:
            if column in report.players.formats:
                formats[f"{name} {column}"] = report.players.formats[column]
    # A view of views: each report's printed cells, as that rule set prints them.
    cells = [{str(r.get("id")): r for r in report.players.rows} for report in reports]
    rows = []
    for player in event.players if ids is None else [by_id[i] for i in ids]:
        row: dict[str, object] = {"id": player.id, "name": player.name, "rating": player.rating}
        for name, of_rules in zip(rules, cells, strict=True):
            found = of_rules.get(player.id)
            for column in columns:
                row[f"{name} {column}"] = found.get(column) if found is not None else None
        rows.append(row)
    return Table(
        f"{event.name}: {', '.join(rules)} side by side", out_columns, tuple(rows), formats
    )


def validity_table(family: str = "fide") -> Table:
    """The rule sets a family name (``--rules fide``) chooses from, with their dates, and the
    windows it refuses because no rule set implements the text then in force."""
    rows = []
    for name in families()[family]:
        rules = get_rule_set(name)
        rows.append(
            {
                "rule set": name,
                "title": rules.title,
                "in force from": rules.valid_from,
                "in force until": rules.valid_until,
            }
        )
    for gap in family_gaps(family):
        rows.append(
            {
                "rule set": None,
                "title": tr("no rule set, events refused: {document}", document=gap.document),
                "in force from": gap.valid_from,
                "in force until": gap.valid_until,
            }
        )
    rows.sort(key=lambda row: row["in force from"] or date.min)
    return Table(
        f"--rules {family}: the rule set in force on the event's start date",
        (N_("rule set"), N_("title"), N_("in force from"), N_("in force until")),
        tuple(rows),
    )


@dataclass(frozen=True)
class InitialRating:
    """One rule set's initial rating of an unrated player for one score: the exact Ru (None:
    8.21, not counted), the rating published (None: not published) and the rule used."""

    rules: str
    points: Fraction
    p: Fraction
    ru_exact: Fraction | None
    published: int | None
    rule: str


def _fide_rule_set(name: str) -> Fide2014:
    return fide_since_2014(get_rule_set(name))


def initial_ratings(
    opponents: Sequence[int], rules: Sequence[str] = ("fide-2014", "fide-2024")
) -> list[list[InitialRating]]:
    """The initial rating of an unrated player for every score from 0 to n (by half points)
    against the given rated opponents, in a Swiss event: one list per score, one value per
    rule set."""
    if not opponents:
        raise RatingkitError(tr("initial_rating_table needs at least one opponent rating"))
    rule_sets = [_fide_rule_set(name) for name in rules]
    n = len(opponents)
    out = []
    for half_points in range(2 * n + 1):
        points = Fraction(half_points, 2)
        scores = [Fraction(1)] * (half_points // 2) + [Fraction(1, 2)] * (half_points % 2)
        scores += [Fraction(0)] * (n - len(scores))
        pairs = [(Fraction(r), s) for r, s in zip(opponents, scores, strict=True)]
        line = []
        for name, rule_set in zip(rules, rule_sets, strict=True):
            if points == 0:
                line.append(
                    InitialRating(
                        name,
                        points,
                        points / n,
                        None,
                        None,
                        tr("8.21: 0 in the first event is not counted"),
                    )
                )
                continue
            _, value, rule = rule_set.initial_rating(pairs)
            published, status = rule_set.publish(round_half_away_from_zero(value), initial=True)
            line.append(InitialRating(name, points, points / n, value, published, status or rule))
        out.append(line)
    return out


def initial_rating_table(
    opponents: Sequence[int], rules: Sequence[str] = ("fide-2014", "fide-2024")
) -> Table:
    """The initial rating of an unrated player for every score from 0 to n (by half points)
    against the given rated opponents, in a Swiss event, under each rule set: the exact Ru,
    the published rating (None: not published) and the rule used."""
    columns = ["points", "p"]
    for name in rules:
        columns += [f"{name} Ru", f"{name} rating", f"{name} rule"]
    rows = []
    for line in initial_ratings(opponents, rules):
        row: dict[str, object] = {"points": line[0].points, "p": line[0].p}
        for item in line:
            if item.ru_exact is None:
                row[f"{item.rules} rule"] = item.rule
                continue
            row |= {
                f"{item.rules} Ru": item.ru_exact,
                f"{item.rules} rating": item.published,
                f"{item.rules} rule": item.rule,
            }
        rows.append(row)
    formats = {"p": "{:.3f}"} | {f"{name} Ru": "{:.2f}" for name in rules}
    return Table(
        f"initial rating against {', '.join(str(r) for r in opponents)}",
        tuple(columns),
        tuple(rows),
        formats,
    )
