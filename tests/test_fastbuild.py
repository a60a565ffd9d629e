"""fastbuild.build makes the object the frozen dataclass's own constructor makes."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from ratingkit.fastbuild import build
from ratingkit.fesa import FesaState, Result
from ratingkit.playerfile import PlayerRecord


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
