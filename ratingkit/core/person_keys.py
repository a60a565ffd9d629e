"""The one key of a person across files, events and periods (:func:`person_key`), and its two
short forms a FIDE month asks for 200,000 times (:func:`person_key_value`,
:func:`stored_key`): all three from the one rule, :func:`_kind_and_value`.  Re-exported by
:mod:`ratingkit.core.players`, whose names they were."""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Player

__all__ = [
    "PersonKey",
    "PersonKind",
    "person_key",
    "person_key_value",
    "stored_key",
    "stored_person_key",
]


class PersonKind(enum.Enum):
    """What names a person across files, events and periods (:func:`person_key`)."""

    FIDE_ID = "fide"
    OWN_ID = "id"
    NAME = "name"


@dataclass(frozen=True)
class PersonKey:
    """The one key of a person: his FIDE id, else the id his files give him (a federation's
    member number), else, where the file's ids are start numbers, his name composed (Unicode
    NFC; its spelling and case kept, since the key is also the id of his new state).  A FIDE
    period's players are grouped by it (FIDE 2014 8.57: one rating per person and period), the
    ledger keys its players by it."""

    kind: PersonKind
    value: str

    @property
    def stored(self) -> str | None:
        """The key as the ledger stores it (``fide:…``, ``id:…``); None for a name, which
        the ledger keys apart (:func:`~ratingkit.core.players.normalise_name`, since two
        spellings are one name)."""
        if self.kind is PersonKind.NAME:
            return None
        return stored_person_key(self.kind, self.value)


def stored_person_key(kind: PersonKind, value: str) -> str:
    """A person's FIDE id or own id as the ledger stores his key: ``fide:…``, ``id:…``."""
    return f"{kind.value}:{value}"


def _kind_and_value(player: Player, local_ids: bool) -> tuple[PersonKind, str]:
    """The rule: his FIDE id, else his own id where the file's ids are not start numbers
    (``local_ids``: ``Event.local_ids``, another person's in each file), else his name
    composed."""
    if player.fide_id:
        return PersonKind.FIDE_ID, player.fide_id
    if not local_ids:
        return PersonKind.OWN_ID, player.id
    return PersonKind.NAME, unicodedata.normalize("NFC", player.name)


def person_key(player: Player, local_ids: bool) -> PersonKey:
    """Who ``player`` is beyond his file; ``local_ids``: the file's ids are start numbers
    (``Event.local_ids``), another person's in each file."""
    return PersonKey(*_kind_and_value(player, local_ids))


def person_key_value(player: Player, local_ids: bool) -> str:
    """``person_key(player, local_ids).value``, without a :class:`PersonKey`."""
    return _kind_and_value(player, local_ids)[1]


def stored_key(player: Player, local_ids: bool) -> str | None:
    """``person_key(player, local_ids).stored``, without a :class:`PersonKey`."""
    kind, value = _kind_and_value(player, local_ids)
    return None if kind is PersonKind.NAME else stored_person_key(kind, value)
