"""A player's stored state merged with a player-file row without a ``PlayerRecord``
(``LedgerImporting._set_initial_states``, services/ledger/importing.py): the stored JSON
decoded, its empty cells filled and encoded again, the text ``_record_to_json`` would write
for the merged record (tests/test_import_initial_states.py holds the two alike)."""

from __future__ import annotations

import json
from operator import itemgetter

from ...core.output import plain
from ...core.players import PlayerRecord
from .common import _RECORD_FIELDS

#: The keys of a stored state as ``_record_to_json`` writes them, and the types of the values
#: that JSON gives back as they were written (``_record_to_json`` writes str, int, bool and
#: None as they are; a float, a list or an object may come back otherwise).
_STATE_KEYS = frozenset(_RECORD_FIELDS)
_AS_WRITTEN = frozenset({str, int, bool, type(None)})
_TEXT = frozenset({str})
#: A stored state's cells but its extra ones, in one call; the cells a row may fill.
_PLAIN_CELLS = itemgetter(*(name for name in _RECORD_FIELDS if name != "extra"))
_FILLABLE = tuple(name for name in _RECORD_FIELDS if name not in ("id", "extra"))
#: ``json.dumps(data, ensure_ascii=False, sort_keys=True)``, as ``_record_to_json`` writes a
#: state, with its encoder made once instead of a call (11,000 states at a tenth of a month).
_encode_state = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def _merged_state_text(text: str, player_id: int, row: PlayerRecord) -> tuple[str, bool] | None:
    """The stored state ``text`` with the empty cells ``row`` fills and its extra cells, as
    ``_set_initial_states`` stores it (``_record_to_json`` of the merged record), and whether
    it has a rating; made from the decoded JSON without a ``PlayerRecord`` and read back the
    same.  None where the text is not one ``_record_to_json`` wrote with such values (other
    keys, a birth date, a value JSON may give back otherwise): the record path decides."""
    data = json.loads(text)
    if data.keys() != _STATE_KEYS or data["born"] is not None:
        return None
    extra = data["extra"]
    # The values' exact types, checked a set at a time (JSON gives these types exactly).
    if type(extra) is not dict or not _TEXT.issuperset(map(type, extra.values())):
        return None
    if not _AS_WRITTEN.issuperset(map(type, _PLAIN_CELLS(data))):
        return None
    data["id"] = str(player_id)  # the ledger's id (_record_from_json), not the file's
    cells = row.__dict__
    for name in _FILLABLE:
        if data[name] is None:
            value = cells[name]
            if value is not None:
                data[name] = _stored_value(value)
    if row.extra:
        # The stored extra cells win; sort_keys below orders the keys as the record's did.
        data["extra"] = {**{k: _stored_value(v) for k, v in row.extra.items()}, **extra}
    return _encode_state(data), data["rating"] is not None


def _stored_value(value: object) -> object:
    """A record's value as ``_record_to_json`` writes it."""
    return value if isinstance(value, str | int | None) else plain(value)
