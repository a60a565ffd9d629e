"""Speed tricks shared by the readers and the FESA replay: frozen dataclass instances built in
bulk, and the cycle collector paused while many objects are built.

Frozen dataclass instances built in bulk.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``: a FESA
replay of 5,000 events builds some 100,000 player states and 100,000 player records that way,
about 10% of its time by a microbenchmark.  :func:`build` makes the same object (equal, the
same repr and fields: ``tests/test_fastbuild.py``) about four times faster; :func:`maker`
makes a positional builder of one class, for the loops that build a month's 200,000.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

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


#: Each class's builder, made once (:func:`maker`).
_MAKERS: dict[type, Callable[..., Any]] = {}


def maker(cls: type[T]) -> Callable[..., T]:
    """:func:`build` of ``cls`` as a function of its fields, given positionally in the class's
    order (every one, ``__post_init__``'s work already done by the caller), made once a class
    as ``dataclasses`` makes an ``__init__``: each field set straight into the new object's
    dictionary, in order, so that the dictionary shares its keys with every other instance's.
    Faster than :func:`build` (no dictionary of fields a call), and the field names come from
    the class, not from a copy of them at each place that builds one."""
    known: Callable[..., T] | None = _MAKERS.get(cls)
    if known is not None:
        return known
    names = [field.name for field in dataclasses.fields(cls)]  # type: ignore[arg-type]
    # The generated code's own names, which no field of ours takes (checked).
    own = ("_new_", "_cls_", "_made_", "_fields_")
    assert not set(own) & set(names), (cls, names)
    body = "".join(f"    _fields_[{name!r}] = {name}\n" for name in names)
    source = (
        f"def make_{cls.__name__}({', '.join(names)}):\n"
        "    _made_ = _new_(_cls_)\n    _fields_ = _made_.__dict__\n" + body + "    return _made_\n"
    )
    namespace: dict[str, Any] = {}
    # The source is the class's own field names (identifiers), nothing read from outside.
    exec(source, {"_new_": _new, "_cls_": cls}, namespace)
    made: Callable[..., T] = namespace[f"make_{cls.__name__}"]
    _MAKERS[cls] = made
    return made


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


def age_new_objects() -> None:
    """Put the objects made while the collector was paused (:func:`collector_paused`) into
    the collector's oldest generation without walking them: the first collection after a
    pause would otherwise walk every object the paused work made and kept (a FIDE month's
    rating in the ledger keeps its reports and the state for the next period: 0.46 s of its
    8.5 s; a FESA replay's outcome a tenth of its time).  They are walked at the next full
    collection, as any long-lived object, and a cycle among them is collected then.

    It moves every young object of the process, not only the paused work's (a host's
    garbage then waits for a full collection, and is collected there).  A process that froze
    objects itself (``gc.freeze()``, a forking server's) keeps them frozen: nothing is aged
    then, since ``gc.unfreeze`` would thaw its objects too."""
    if gc.get_freeze_count():
        return
    gc.freeze()
    gc.unfreeze()
