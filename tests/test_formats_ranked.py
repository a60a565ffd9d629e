"""``formats()`` ranks the registry once and again only when a format is registered (read_event
asks at every event).  Held against the ranking worked out here from BUILTIN_MODULES."""

from __future__ import annotations

import pytest

from ratingkit import formats
from ratingkit.core.errors import UnknownFormatError
from ratingkit.formats import BUILTIN_MODULES, Format


def _ranking_worked_out() -> list[str]:
    """The formats' names in the order of their modules in BUILTIN_MODULES, then the others in
    the order they were registered."""
    registered = list(formats._FORMATS.values())
    modules = list(BUILTIN_MODULES)

    def place(fmt: Format) -> int:
        module = fmt.read.__module__
        return modules.index(module) if module in modules else len(modules)

    return [f.name for f in sorted(registered, key=place)]


def _reader(path):  # pragma: no cover - never called
    raise AssertionError(path)


def test_the_ranking_follows_registrations(monkeypatch):
    assert list(formats.formats()) == _ranking_worked_out()
    monkeypatch.setattr(formats, "_FORMATS", dict(formats.formats()))
    formats.register_format(Format("zz-test", "test", (".zz",), _reader, priority=99))
    names = list(formats.formats())
    assert names == _ranking_worked_out() and names[-1] == "zz-test"
    # The highest priority is sniffed first: the new format's place in that order too.
    assert formats._ranked()[2][0].name == "zz-test"
    replaced = Format("zz-test", "test", (".zz",), _reader, priority=-99)
    formats.register_format(replaced)  # the same name, another format: ranked again
    assert formats.formats()["zz-test"] is replaced
    assert formats._ranked()[2][-1] is replaced
    monkeypatch.undo()
    assert "zz-test" not in formats.formats()
    assert list(formats.formats()) == _ranking_worked_out()


def test_a_caller_changing_the_returned_dict_changes_no_ranking():
    known = formats.formats()
    known.clear()
    assert formats.formats() == {f.name: f for f in formats._ranked()[1].values()} != {}


class _UnhashableReader:
    """A reader object that cannot be hashed (it defines equality only)."""

    def __eq__(self, other):
        return self is other

    __hash__ = None  # type: ignore[assignment]

    def __call__(self, path, encoding=None):
        return ("read", path, encoding)


def test_a_readers_parameters_are_those_of_its_signature(tmp_path):
    # Asked once a reader (cached): the encoding is passed to a reader that takes it, refused
    # to one that does not, whether or not the reader can be hashed.
    def takes_encoding(path, encoding=None):
        return ("read", path, encoding)

    def takes_none(path):
        return ("read", path)

    file = tmp_path / "x.zz"
    for reader in (takes_encoding, _UnhashableReader()):
        fmt = Format("zz-test", "test", (".zz",), reader)
        for _ in range(2):
            assert formats._read_with(fmt, file, "cp1251") == ("read", file, "cp1251")
    plain = Format("zz-test", "test", (".zz",), takes_none)
    assert formats._read_with(plain, file, None) == ("read", file)
    with pytest.raises(UnknownFormatError, match="reader takes no encoding"):
        formats._read_with(plain, file, "cp1251")
