"""fastbuild.build makes the object the frozen dataclass's own constructor makes."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from ratingkit.core.fastbuild import build, maker
from ratingkit.core.players import PlayerRecord
from ratingkit.fesa import FesaState, Result


def _pairs():
    record = PlayerRecord(id="P1", name="Tanaka Aiko", rating=1500, extra={"lb_run": "2"})
    yield (
        PlayerRecord,
        {
            "id": "P1",
            "name": "Tanaka Aiko",
            "rating": 1512,
            "games": 40,
            "born": None,
            "k": None,
            "ever_2400": None,
            "grade": "1 dan",
            "prior_grade": None,
            "ever_2300": None,
            "extra": {"bonus_games": "40", "lb_run": "0"},
            "location": None,
        },
    )
    yield (
        FesaState,
        {
            "id": "P1",
            "name": "Tanaka Aiko",
            "rating": 1512,
            "games": 40,
            "bonus_games": 40,
            "grade": 15,
            "prior_grade": "5 kyu",
            "lb_run": 1,
            "mp_run": 0,
            "lb_run_mp": False,
            "results": (Result(1580, 1),),
            "record": record,
            "notes": (),
            "assumed": (),
        },
    )


@pytest.mark.parametrize(("cls", "fields"), list(_pairs()), ids=["PlayerRecord", "FesaState"])
def test_build_equals_the_constructor(cls, fields):
    made = cls(**fields)
    given = dict(fields)
    if cls is PlayerRecord:  # its __post_init__, done by the caller of build
        given["extra"] = MappingProxyType(dict(fields["extra"]))
    built = build(cls, given)
    assert type(built) is cls
    assert built == made and repr(built) == repr(made)
    assert list(vars(built)) == [f.name for f in dataclasses.fields(cls)]
    assert vars(built) == vars(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.rating = 0  # still frozen


@pytest.mark.parametrize(("cls", "fields"), list(_pairs()), ids=["PlayerRecord", "FesaState"])
@pytest.mark.parametrize("given_as", ["positions", "names"])
def test_maker_equals_the_constructor(cls, fields, given_as):
    import sys

    made = cls(**fields)
    given = dict(fields)
    if cls is PlayerRecord:  # its __post_init__, done by the caller of the maker
        given["extra"] = MappingProxyType(dict(fields["extra"]))
    make = maker(cls)
    assert maker(cls) is make  # made once a class
    built = make(*given.values()) if given_as == "positions" else make(**given)
    assert type(built) is cls
    assert built == made and repr(built) == repr(made)
    assert list(vars(built)) == [f.name for f in dataclasses.fields(cls)]
    assert vars(built) == vars(made)
    # The dictionary shares its keys with the constructor's objects (the same size).
    assert sys.getsizeof(vars(built)) == sys.getsizeof(vars(made))
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.rating = 0  # still frozen
    with pytest.raises(TypeError):
        make(**{**given, "no_such_field": 1})  # a name the class does not have


def test_maker_refuses_a_field_named_as_its_own_locals():
    @dataclasses.dataclass(frozen=True)
    class Odd:
        _made_: int

    with pytest.raises(AssertionError):
        maker(Odd)


def test_the_collector_is_paused_inside_and_restored_as_it_was():
    import gc

    from ratingkit.core.fastbuild import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("a reader's error")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # not switched on behind the caller's back
    finally:
        gc.enable()


def test_objects_made_while_paused_are_aged_not_walked_and_a_cycle_still_goes():
    """fastbuild.age_new_objects: what a paused piece of work made and kept goes to the
    collector's oldest generation at once (the next young collection does not walk it), and a
    reference cycle made then is still collected by a full collection."""
    import gc
    import weakref

    from ratingkit.core.fastbuild import age_new_objects, collector_paused

    class Node:
        pass

    with collector_paused():
        kept = [Node() for _number in range(100)]
        cycle = Node()
        cycle.me = cycle  # type: ignore[attr-defined]
        gone = weakref.ref(cycle)
        del cycle
        age_new_objects()
    oldest = {id(obj) for obj in gc.get_objects(generation=2)}
    assert id(kept) in oldest and all(id(item) in oldest for item in kept)
    young = {id(obj) for obj in gc.get_objects(generation=0)}
    assert id(kept) not in young
    assert gone() is not None  # not collected yet: no collection has run
    gc.collect()
    assert gone() is None


def test_a_host_s_frozen_objects_stay_frozen():
    """A process that froze its objects (gc.freeze, as a forking server does) keeps them
    frozen through age_new_objects: gc.unfreeze would thaw them along with the paused work's."""
    import gc

    from ratingkit.core.fastbuild import age_new_objects

    host = [[] for _number in range(3)]  # the host's objects, frozen below
    gc.freeze()
    try:
        age_new_objects()
        # Still frozen: not thawed into the oldest generation, as gc.unfreeze would put them.
        # (The frozen count itself may fall meanwhile: a frozen object can be freed.)
        oldest = {id(obj) for obj in gc.get_objects(generation=2)}
        assert id(host) not in oldest and not any(id(item) in oldest for item in host)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_ledgers_rating_ages_what_it_keeps(tmp_path):
    """The ledger's rate_period ages its reports (age_new_objects): the first collection after
    a FIDE month's rating does not walk what it made and kept (0.46 s of the month)."""
    import gc
    from pathlib import Path

    from ratingkit.services.ledger import Ledger

    national = Path(__file__).resolve().parents[1] / "examples" / "national-list"
    book = Ledger.create(tmp_path / "book.sqlite", "fide-2014")
    book.import_file(national / "2024-03-march-open-games.csv")
    book.import_file(national / "2024-03-rapid-evening-games.csv")
    with book:
        reports = book.rate_period("2024-03")
    oldest = {id(obj) for obj in gc.get_objects(generation=2)}
    assert reports and id(reports) in oldest
    assert all(id(report) in oldest for report in reports)


def test_every_reader_leaves_the_collector_running(tmp_path):
    import gc

    from conftest import ROOT

    from ratingkit.formats import read_event

    for example in ("karl-mala-2005-swiss.trf", "fesa-spring-cup.txt", "fide-autumn-open-2025"):
        read_event(ROOT / "examples" / example)
        assert gc.isenabled(), example
