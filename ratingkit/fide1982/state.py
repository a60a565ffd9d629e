"""A player's state under the FIDE 1982-2000 rules and the one codec that reads it from a
player file and writes it back.

The state is what the next event needs: the rating (None: not on the list), the rated games
so far (10.64: K = 25 until 30 games), whether he ever reached 2400 (10.64: K = 10 for ever
after), a K fixed by the file, a new player's results so far (9.14, 10.3: ``Ru x games``,
written ``2280x5 2400x10``), and the last rating of a player who left the list (9.21).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import InvalidValueError
from ..core.i18n import N_, tr
from ..core.outcome import Rule
from ..core.players import PlayerRecord
from ..core.ruleset import ListGames


@dataclass(frozen=True)
class Fide1982State:
    """One player's state (see the module docstring)."""

    rating: int | None = None
    games: int | None = None
    ever_2400: bool = False
    k: int | None = None
    #: A new player's results not yet published: ``(Ru, games)`` (9.14, 10.3).
    ru_results: tuple[tuple[int, int], ...] = ()
    #: 9.21: the rating of a player who fell below the floor and left the list.
    last_rating: int | None = None


class Fide1982Codec:
    """Reads and writes :class:`Fide1982State` (the :class:`~ratingkit.core.ruleset.StateCodec`
    of this system)."""

    columns: tuple[str, ...] = ("games", "k", "ever_2400", "ru_results", "last_rating")
    #: The event's rating and the player file's must agree (10.65 rates a period's events with
    #: the ratings they were played with; the player file gives the state before them).
    differing_rating: Rule | None = None
    #: The columns of its state a published list shows, with their headings: the K
    #: (FIDE 1982 10.64).
    list_columns: tuple[tuple[str, str], ...] = ((N_("K"), "k"),)
    #: The list's games are the games of its period (FIDE 1982 9.12: "games in the period";
    #: the state's ``games`` is the count 10.64's K is decided by).
    list_games: ListGames = ListGames.PERIOD

    def read(self, record: PlayerRecord | None) -> Fide1982State:
        """The state a record holds (no record: a player the file does not know)."""
        if record is None:
            return Fide1982State()
        return Fide1982State(
            rating=record.rating,
            games=record.games,
            ever_2400=bool(record.ever_2400),
            k=record.k,
            ru_results=_read_results(record),
            last_rating=_read_last(record),
        )

    def write(self, record: PlayerRecord, state: Fide1982State) -> PlayerRecord:
        """``record`` with ``state`` written into it (a new record; ``ever_2400`` is written
        only when true, the results and the last rating only when there are any)."""
        extra = {k: v for k, v in record.extra.items() if k not in ("ru_results", "last_rating")}
        if state.ru_results:
            extra["ru_results"] = " ".join(f"{ru}x{games}" for ru, games in state.ru_results)
        if state.last_rating is not None:
            extra["last_rating"] = str(state.last_rating)
        return replace(
            record,
            rating=state.rating,
            games=state.games,
            ever_2400=True if state.ever_2400 else None,
            k=state.k,
            extra=extra,
        )


def _read_results(record: PlayerRecord) -> tuple[tuple[int, int], ...]:
    """Earlier results of a new player kept as ``ru_results``: ``Ru x games`` separated by
    spaces (``2280x5 2400x10``)."""
    text = str(record.extra.get("ru_results", "")).strip()
    out = []
    for item in text.split():
        try:
            ru, games = item.lower().split("x")
            out.append((int(ru), int(games)))
        except ValueError:
            raise InvalidValueError(
                tr("ru_results must read like '2280x5 2400x10', got {item!r}", item=item),
                record.location,
                item,
            ) from None
    return tuple(out)


def _read_last(record: PlayerRecord) -> int | None:
    text = str(record.extra.get("last_rating", "")).strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise InvalidValueError(
            tr("last_rating must be a whole number, got {text!r}", text=text), record.location, text
        ) from None


#: The one codec of this system.
STATE_CODEC = Fide1982Codec()

__all__ = ["STATE_CODEC", "Fide1982Codec", "Fide1982State"]
