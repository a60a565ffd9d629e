"""``formats.read_event`` reads a regular file's bytes once for its checks (not text, empty)
and the format detection (issue 28, part 3: a FIDE month is 2,000 files).  Held against the
general path, each check reading the file itself (``_bytes_of`` giving nothing), on the same
files: the same event or the same error (class, message and location)."""

from __future__ import annotations

import codecs

import pytest

from ratingkit import formats
from ratingkit.core.errors import RatingkitError
from ratingkit.formats import read_event

GAMES = "round,white,black,result\n1,a,b,1-0\n2,b,a,1/2-1/2\n"
PLAYERS = "id,name,rating\na,Anna,1500\nb,Bo,1600\n"

#: The games file's bytes: plain, with a byte-order mark, not text, empty, not a games file.
CASES = {
    "plain": GAMES.encode(),
    "bom": codecs.BOM_UTF8 + GAMES.encode(),
    "crlf": GAMES.replace("\n", "\r\n").encode(),
    "nul": b"round,white,black,result\n1,a,\x00b,1-0\n",
    "utf16": GAMES.encode("utf-16"),
    "empty": b"",
    "blanks": codecs.BOM_UTF8 + b"  \n\n",
    "closest": b"round,white,black\n1,a,b\n",
    "unknown": b"hello\n",
    "long": GAMES.encode() + b"".join(b"%d,a,b,1-0\n" % (r % 9 + 3) for r in range(900)),
}


def _outcome(path) -> object:
    try:
        event = read_event(path)
    except RatingkitError as exc:
        return (type(exc), str(exc), getattr(exc, "location", None))
    return (repr(event), event.players, event.games, event.origin)


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_read_gives_what_each_check_reading_the_file_gives(case, tmp_path, monkeypatch):
    games = tmp_path / "e-games.csv"
    games.write_bytes(CASES[case])
    (tmp_path / "e-players.csv").write_text(PLAYERS)
    once = _outcome(games)
    with monkeypatch.context() as patch:
        patch.setattr(formats, "_bytes_of", lambda file: None)
        each = _outcome(games)
    assert once == each


@pytest.mark.parametrize("what", ["folder", "missing"])
def test_a_folder_or_a_missing_file_is_read_as_before(what, tmp_path):
    # Not a regular file: nothing read up front, the checks and the reader name the problem.
    if what == "folder":
        (tmp_path / "games.csv").write_text(GAMES)
        (tmp_path / "players.csv").write_text(PLAYERS)
        event = read_event(tmp_path)
        assert [p.id for p in event.players] == ["a", "b"]
        assert len(event.games) == 2
    else:
        with pytest.raises(RatingkitError, match="file not found"):
            read_event(tmp_path / "nothing-games.csv")
    assert formats._bytes_of(tmp_path) is None
    assert formats._bytes_of(tmp_path / "nothing-games.csv") is None
