"""The one decision of which key finds a player: the keys a player is found by
(:class:`MatchKey`), what a key several records share gives (:class:`Ambiguity`), and
:func:`match_by_keys`, which every matcher asks (a player file's
:class:`~ratingkit.core.players.PlayerMatcher`, the ledger's SQL lookups, FESA's replay store).
Kept apart from :mod:`ratingkit.core.players` (the player file), which re-exports them."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Ambiguity", "Candidate", "Found", "MatchKey", "match_by_keys"]


class MatchKey(enum.Enum):
    """What joined an event's player to a player-file record."""

    #: The record's id is the player's id (the event's ids are the players' own).
    ID = "id"
    #: The player's FIDE id is the record's id (a file keyed by FIDE ids) or its ``fide_id``.
    FIDE_ID = "FIDE id"
    #: The names are the same as :func:`~ratingkit.core.players.normalise_name` compares them.
    NAME = "name"

    def __str__(self) -> str:
        return self.value


class Ambiguity(enum.Enum):
    """What a key that several records share gives (two records of one name, say)."""

    #: The first of them in the file, as the rule sets have always read a player file.
    FIRST = "first"
    #: None: the caller refuses it (the ledger: "the name is ambiguous").
    REFUSE = "refuse"


#: What a lookup by key finds: player-file records, the ledger's player numbers.
Candidate = TypeVar("Candidate")


def match_by_keys(
    keys: Sequence[MatchKey],
    lookup: Callable[[MatchKey], Sequence[Candidate]],
    ambiguity: Ambiguity = Ambiguity.FIRST,
) -> Found[Candidate]:
    """The one decision of which key wins, for every matcher (a player file's
    :class:`PlayerMatcher`, the ledger's SQL lookups, FESA's replay store): the keys are
    tried in order, the first that ``lookup`` finds candidates for wins; several candidates
    give the first, or with ``Ambiguity.REFUSE`` none (listed for the caller's message).
    ``lookup`` gives the candidates of one key, in the order the first of them wins."""
    for key in keys:
        candidates = tuple(lookup(key))
        if not candidates:
            continue
        if len(candidates) > 1 and ambiguity is Ambiguity.REFUSE:
            return Found(None, key, candidates)
        return Found(candidates[0], key, candidates)
    return Found(None)


@dataclass(frozen=True)
class Found(Generic[Candidate]):
    """What :func:`match_by_keys` found for one player: the record (a ledger's player
    number; None: not found, or refused as ambiguous), the key that found it, and every
    candidate that key matched (more than one: the key is ambiguous)."""

    record: Candidate | None
    key: MatchKey | None = None
    candidates: tuple[Candidate, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1
