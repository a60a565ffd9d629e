"""Speed tricks shared by the readers and the FESA replay: frozen dataclass instances built in
bulk, and the cycle collector paused while many objects are built.

Frozen dataclass instances built in bulk.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``: a FESA
replay of 5,000 events builds some 100,000 player states and 100,000 player records that way,
about 10% of its time by a microbenchmark.  :func:`build` makes the same object (equal, the
same repr and fields: ``tests/test_fastbuild.py``) about four times faster.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

_new = object.__new__


def build(cls: type[T], fields: dict[str, object]) -> T:
    """``cls(**fields)`` for a frozen dataclass (not slotted), with every field given and
    ``__post_init__`` already done by the caller (for example a mapping already wrapped in a
    ``MappingProxyType``).  Give the fields in the class's order: the object's dictionary
    then shares its keys with every other instance, as the constructor's does (its items are
    copied one by one: ``update`` with a whole dict would give each object a copy of that
    dict's keys, 2.5 times the memory of a 15-field object, the same time)."""
    obj = _new(cls)
    obj.__dict__.update(fields.items())
    return obj


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a reader or the FESA replay builds its many small
    objects, none of them in a reference cycle (reference counting frees them as usual): each
    growth of the heap by a quarter makes the collector walk every object made so far, which
    made big files superlinear (40% of a 9,999-player TRF, half of a 10,000-player FESA
    table, 0.85 s of a 9.3 s FESA replay).  Restarted however the block ends, and only if it
    was running."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
