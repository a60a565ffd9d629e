"""FESA's rules worked out by hand for the tests, with no ratingkit code (RULES.md section 3).

The expected values of the FESA tests come from here or from the tests themselves, never from
the functions under test.  Everything is plain float arithmetic written out from RULES.md:

* formula (1): d = k(tr) * (res - E), E = 1 / (1 + 10^((or - tr)/400));
* the k table (k of the rating before the game);
* the upset rule (A): for a win d' = k * (or - tr) / 160, used when d' > d;
* the bonus of rule 9: (1800 - tr)/200 on every game while tr < 1800 and the player's rule 9
  counter is under 100 (the counter counts rated games, game by game);
* within an event (rules 8, 11): each player's games in round order with a running, unrounded
  rating tr; the opponent's rating is his rating after the event, never below 400; iterated to
  a fixed point as FESA's program iterates (RULES.md section 3, update order): the players
  rated by performance start at 0, and each pass updates the players in place in start-number
  order; only the event total is rounded, halves to even (Python's ``round``);
* the performance rating of rules 5-7: the R at which sum(res - E) = 0, by bisection, rounded
  halves to even, at least 1.
"""

from __future__ import annotations

#: RULES.md section 3, k(tr): (lowest rating, k); below 720 k is 40.
K_TABLE = ((2240, 16), (1920, 20), (1560, 24), (1280, 28), (1040, 32), (720, 36))
FLOOR = 400


def k_of(tr: float) -> int:
    for lowest, k in K_TABLE:
        if tr >= lowest:
            return k
    return 40


def expectation(opponent: float, tr: float) -> float:
    return 1 / (1 + 10 ** ((opponent - tr) / 400))


def game_changes(rating: int, counter: int, games, post, each_rounded: bool = False) -> list:
    """One player's change in each of his games (in round order) by formula (1), rule (A)
    and rule 9, with a running unrounded rating.  ``games`` are (opponent, score) pairs;
    ``post`` the opponents' ratings after the event.  ``each_rounded``: before 2012 each
    game's change was rounded (halves to even), and the running rating moves by it."""
    tr = float(rating)
    changes = []
    for opponent, score in games:
        o = max(FLOOR, post[opponent])
        k = k_of(tr)
        d = k * (score - expectation(o, tr))
        if score == 1 and k * (o - tr) / 160 > d:
            d = k * (o - tr) / 160
        bonus = (1800 - tr) / 200 if tr < 1800 and counter < 100 else 0.0
        if counter < 100:
            counter += 1
        change = round(d + bonus) if each_rounded else d + bonus
        changes.append(change)
        tr += change
    return changes


def performance(results) -> int:
    """Rules 5-6 for a score strictly between 0% and 100%: results are (opponent, score)."""
    lo, hi = -6000.0, 10000.0
    while hi - lo > 1e-9:
        mid = (lo + hi) / 2
        if sum(s - expectation(max(FLOOR, o), mid) for o, s in results) > 0:
            lo = mid
        else:
            hi = mid
    return max(1, round((lo + hi) / 2))


def in_place_passes(
    by_formula, by_performance, games, passes: int = 100, order=None, each_rounded=False
):
    """The iteration of FESA's program, pass by pass: unrated players (``by_performance``)
    start at 0, the others at their rating; each pass updates the players *in place* in
    start-number order (``order``; by default the ids sorted as start numbers, "1", "2", ...,
    "10", or "a", "b", ...), so a later player already sees the new rating of an earlier one;
    it ends after a pass that changes nothing, or after ``passes`` passes.

    Arguments as :func:`rate_event`; ``each_rounded`` as :func:`game_changes`.  Returns the
    ratings after each pass, the starting values first."""
    own: dict[str, list[tuple[str, float]]] = {pid: [] for pid in (*by_formula, *by_performance)}
    for _round, a, b, score in sorted(games, key=lambda g: g[0]):
        own[a].append((b, score))
        own[b].append((a, 1 - score))
    post = {pid: rating for pid, (rating, _counter) in by_formula.items()}
    post.update({pid: 0 for pid in by_performance})
    ids = list(order) if order is not None else sorted(own, key=lambda p: (len(p), p))
    states = [dict(post)]
    for _ in range(passes):
        changed = False
        for pid in ids:
            if pid in by_formula:
                rating, counter = by_formula[pid]
                new = rating + round(
                    sum(game_changes(rating, counter, own[pid], post, each_rounded))
                )
            else:
                new = performance([*by_performance[pid], *((post[o], s) for o, s in own[pid])])
            if new != post[pid]:
                post[pid] = new
                changed = True
        states.append(dict(post))
        if not changed:
            break
    return states


def rate_event(by_formula, by_performance, games, passes: int = 100, order=None):
    """Rate one event without handicaps, iterated as FESA's program does
    (:func:`in_place_passes`).

    ``by_formula``: {id: (rating before, rule 9 counter)} for players rated by formula (1);
    ``by_performance``: {id: [(opponent rating, score), ...]} the previous (and fictitious)
    results of players rated by performance; ``games``: (round, a, b, score of a); ``order``:
    the start-number order.

    Returns (ratings after the event, each formula player's per-game changes)."""
    states = in_place_passes(by_formula, by_performance, games, passes, order)
    post = states[-1]
    if len(states) > passes or states[-1] != states[-2]:
        raise AssertionError(f"no fixed point after {passes} passes")
    own: dict[str, list[tuple[str, float]]] = {pid: [] for pid in post}
    for _round, a, b, score in sorted(games, key=lambda g: g[0]):
        own[a].append((b, score))
        own[b].append((a, 1 - score))
    changes = {
        pid: game_changes(rating, counter, own[pid], post)
        for pid, (rating, counter) in by_formula.items()
    }
    return post, changes


# -- the Spring Cup (tests/data/fesa/fesa-spring-cup.txt with fesa-spring-cup-players.csv) ---

#: The games of the table's round cells: (round, player, opponent, score of player).
SPRING_CUP_GAMES = (
    (1, "1", "4", 1),
    (1, "2", "5", 1),
    (1, "3", "6", 1),
    (2, "1", "2", 0.5),
    (2, "3", "4", 1),
    (2, "5", "6", 1),
    (3, "1", "3", 1),
    (3, "2", "6", 1),
    (3, "4", "5", 0.5),
    (4, "1", "5", 1),
    (4, "3", "2", 1),
    (4, "4", "6", 1),
)

#: Rated by formula (1): (rating before, rule 9 counter), read off the player file.
#: 1 Tanaka: 64 games + 4, established; counter 64 (bonus only while under 1800).
#: 2 Berg: 130 games, established; counter 100 (no bonus).
#: 4 Novak: 12 games + 4 = 16, provisional (9 to 17 games), rated by formula (1); counter 5.
#: 5 Rossi: previous results mixed (1210+ 1340- ...), 6 + 4 = 10 games: provisional; her
#:    counter is 0 (it stays 0 while a player is unrated).
#: 6 Weber: 40 games, established; counter 40.
SPRING_CUP_FORMULA = {
    "1": (1834, 64),
    "2": (1402, 100),
    "4": (862, 5),
    "5": (1290, 0),
    "6": (655, 40),
}

#: 3 Moreau: no rating, no games, prior grade 2 kyu: unrated, rated by performance with one
#: fictitious win and one loss against the MP of 2 kyu, 1510 (rule 7, RULES.md grade table).
SPRING_CUP_PERFORMANCE = {"3": [(1510, 1), (1510, 0)]}


def spring_cup():
    """The Spring Cup's ratings after the event and the per-game changes, by hand."""
    return rate_event(SPRING_CUP_FORMULA, SPRING_CUP_PERFORMANCE, SPRING_CUP_GAMES)
