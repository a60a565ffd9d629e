"""Synthetic, seeded inputs for the benches (nothing here is real data).

* :func:`fide_period`: a FIDE rating period as the two frames of ``ratingkit.rate_period``;
* :func:`fesa_history`: a FESA history of Swiss events, one after the other;
* :func:`round_robin`: a 10-player round robin event (what the workbook's widgets rate).
"""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np
import pandas as pd

from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.shogi import GRADES

PERIOD_END = date(2024, 12, 31)


def fide_period(n_games: int = 1_000_000, n_players: int = 100_000, seed: int = 1):
    """(games, players) frames: integer ids, every player rated (1000-2799), a games count
    (0-299, so some K 40), a birth date (some juniors) and ever_2400 (5%); opponents drawn at
    random, so many differences are capped at 400 (8.54)."""
    rng = np.random.default_rng(seed)
    players = pd.DataFrame(
        {
            "id": np.arange(1, n_players + 1),
            "rating": rng.integers(1000, 2800, n_players),
            "games": rng.integers(0, 300, n_players),
            "born": pd.Timestamp("1950-01-01")
            + pd.to_timedelta(rng.integers(0, 365 * 65, n_players), unit="D"),
            "ever_2400": rng.random(n_players) < 0.05,
        }
    )
    white = rng.integers(1, n_players + 1, n_games)
    black = rng.integers(1, n_players + 1, n_games)
    black = np.where(black == white, black % n_players + 1, black)
    games = pd.DataFrame(
        {"white": white, "black": black, "result": rng.choice([1.0, 0.5, 0.0], n_games)}
    )
    return games, players


def fesa_history(
    n_events: int = 5_000,
    players_per_event: int = 20,
    rounds: int = 6,
    pool: int = 3_000,
    seed: int = 1,
):
    """(events, player file): Swiss events of ``players_per_event`` players drawn from a pool
    (30% of it newcomers without a rating, who join at random times), ``rounds`` rounds
    each, results drawn from formula (1)'s expectation of the players' true strengths (wins
    and losses only: shogi has almost no draws).  Events are spread over 20 years."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(1500, 350, pool).clip(300, 2600)
    rated = rng.random(pool) >= 0.3
    # Newcomers join all along the history (the rated players are there from the start).
    joins = np.where(rated, 0, rng.integers(0, max(n_events - 1, 1), pool))
    by_join = np.argsort(joins, kind="stable")
    joined = np.searchsorted(joins[by_join], np.arange(n_events), side="right")
    records = []
    for i in range(pool):
        if rated[i]:
            rating = round(float(strength[i] + rng.normal(0, 100)))
            # The grade whose band holds the rating (rule 2), as a real list would have it.
            grade = next((g.name for g in GRADES if g.lb <= rating < g.ub), None)
            records.append(
                PlayerRecord(
                    id=f"P{i:05d}",
                    name=f"Player {i}",
                    rating=rating,
                    games=int(rng.integers(0, 200)),
                    grade=grade,
                )
            )
    players = PlayerFile(tuple(records), "synthetic players")
    known = {r.id: r.rating for r in records}
    events = []
    start = date(2004, 1, 10)
    seen: set[str] = set()
    for e in range(n_events):
        chosen = by_join[rng.choice(joined[e], players_per_event, replace=False)]
        ids = [f"P{i:05d}" for i in chosen]
        # A player's first event gives the player file's rating, later ones none: the state
        # the earlier events left gives it (one rating before an event, issue 24).
        event_players = tuple(
            Player(pid, f"Player {i}", known.get(pid) if pid not in seen else None)
            for pid, i in zip(ids, chosen, strict=True)
        )
        seen.update(ids)
        games = []
        for round_ in range(1, rounds + 1):
            order = rng.permutation(players_per_event)
            for a, b in zip(order[::2], order[1::2], strict=True):
                sa, sb = strength[chosen[a]], strength[chosen[b]]
                p = 1 / (1 + 10 ** ((sb - sa) / 400))
                white_wins = rng.random() < p
                games.append(Game(round_, ids[a], ids[b], float(white_wins), float(not white_wins)))
        when = start + timedelta(days=int(e * 7300 / max(n_events, 1)))
        events.append(
            Event(
                f"event {e + 1}",
                event_players,
                tuple(games),
                type=EventType.SWISS,
                start=when,
                end=when,
            )
        )
    return events, players


def round_robin(n: int = 10, seed: int = 1) -> Event:
    """A complete round robin of ``n`` players (Berger pairing), rated 1800-2500."""
    rng = np.random.default_rng(seed)
    ids = [str(i + 1) for i in range(n)]
    players = tuple(
        Player(pid, f"Player {pid}", int(r))
        for pid, r in zip(ids, rng.integers(1800, 2500, n), strict=True)
    )
    games = []
    order = list(range(n))
    for round_ in range(1, n):
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            result = float(rng.choice([1.0, 0.5, 0.0]))
            games.append(Game(round_, ids[a], ids[b], result, 1.0 - result))
        order = [order[0], order[-1], *order[1:-1]]
    return Event(
        "round robin",
        players,
        tuple(games),
        type=EventType.ROUND_ROBIN,
        start=date(2024, 5, 1),
        end=date(2024, 5, 9),
        rounds=n - 1,
    )
