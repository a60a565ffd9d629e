"""``formats()`` ranks the registry once and again only when a format is registered (read_event
asks at every event).  Held against the ranking worked out here from BUILTIN_MODULES."""

from __future__ import annotations

from ratingkit import formats
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
