"""FIDE's published rating list downloads: the fixed-width TXT and the XML.

What FIDE publishes (ratings.fide.com, "Download rating lists"; the layouts were confirmed
against the header lines and data lines quoted by public parsers of the downloads: lichess's
``FidePlayerSyncTest`` quotes real lines of the August 2026 ``blitz_rating_list.txt`` and
``players_list.txt``; the R package ``fider`` reads ``players_list_foa.txt`` with widths 15,
61, 4 ...; Perl's Chess::FIDE tests both header lines; other readers quote the January 2023
standard list and the XML's ``<player>`` element):

* **The combined list** (``players_list_foa.txt`` in ``players_list.zip``), one header line::

    ID Number      Name   [spaces up to character 77]   Fed Sex Tit  WTit OTit           FOA
    ... SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag

  then one line per player, each value left-aligned at the column where its header name
  starts (0-based: ID 0, Name 15, Fed 76, Sex 80, Tit 84, WTit 89, OTit 94, FOA 109, SRtng
  113, SGm 119, SK 123, RRtng 126, RGm 132, Rk 136, BRtng 139, BGm 145, BK 149, B-day 152,
  Flag 158), lines padded with spaces to the header's length.

* **The single lists** (``standard_rating_list.txt``, ``rapid_rating_list.txt``,
  ``blitz_rating_list.txt``, and the monthly archives such as ``standard_jan23frl.zip``),
  whose rating column is named after the list's month (``JAN23``; older files ``Mar11``)::

    ID Number      Name   [spaces up to character 77]   Fed Sex Tit  WTit OTit           FOA
    ... JAN23 Gms K  B-day Flag

  (rating at 113, Gms 119, K 123, B-day 126, Flag 132; lines 136 characters).

* **The XML** (``players_list_xml_foa.xml``; the single lists' ``..._xml.xml`` alike)::

    <playerslist><player><fideid/><name/><country/><sex/><title/><w_title/><o_title/>
    <foa_title/><rating/><games/><k/><rapid_rating/><rapid_games/><rapid_k/><blitz_rating/>
    <blitz_games/><blitz_k/><birthday/><flag/></player>...</playerslist>

  An empty element is a value not given.

  The flag of the combined files (TXT and XML) is the player's one flag: a player inactive in
  one list only (Leko in the August 2026 blitz list) has none there; the single lists flag
  inactivity in their own list.  Read the single list to know who is inactive in it.

  An XML file whose first player has no ``rapid_*`` or ``blitz_*`` element is a single list:
  its ``rating``, ``games`` and ``k`` are the list's, whatever ``kind`` it is read as.

How this reader reads them.  The TXT's columns are located from its header line (a column
starts where its name starts and ends where the next one starts), so a file whose columns
moved is still read; an unknown column name is refused.  ``Flag`` is ``i`` (inactive), ``w``
(a woman) or ``wi`` (both).  A B-day of ``0`` or ``0000`` is a birth year not given, as a
blank one is.  Refused, with the file, line and value: a line with a tab or a control
character, a value that runs across the start of the next column, a FIDE id that is not ASCII
digits, a federation that is not three capital letters, a sex other than ``M`` or ``F``, a
rating outside 0-4000, games outside 0-999, a K outside 1-99, a birth year outside
1800-2100, a flag other than ``i``, ``w`` or ``wi``, two rows with one FIDE id (both lines
named).  A ZIP archive as FIDE publishes the lists (``players_list.zip``) is read through its
one ``.txt`` or ``.xml`` file.  The file is read as a stream (the TXT line by line, the XML in
chunks given to expat, a ZIP archive's member as it unpacks), never held whole, and counted
against :class:`ListLimits`: the unpacked size and the packing ratio (counted while reading,
as a ZIP header's size may lie), a value's length, a line's; past one, the list is refused
with one line naming the file and the limit.  The encoding is detected from the first 4 MiB
(the whole file when smaller, as the other readers detect it).  The XML is read
with the standard library's expat parser, refusing a DOCTYPE (and with it every entity
declaration, so nothing is fetched or expanded).

:func:`format_rating_list_txt` writes the single list's layout with FIDE's widths above (the
widths are the distances between the header names' starts: 15, 61, 4, 4, 5, 5, 15, 4, 6, 4,
3, 6 and the flag padded to 4), so that :func:`read_rating_list` reads it back.
"""

from __future__ import annotations

import io
import os
import re
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from ..core.errors import (
    DuplicatePlayerError,
    InputError,
    InvalidValueError,
    Location,
    MalformedLineError,
    shown,
)
from ..core.fastbuild import collector_paused
from ..core.fileio import check_encoding, decode_text, encoding_name, require_text
from ..core.i18n import _, tr
from .fidelist_values import (
    _CONTROL,
    _MONTH,
    _RATING_LABEL,
    KINDS,
    LAYOUTS_READ,
    LIST_LIMITS,
    ZIP_MEMBER_LIMIT,
    ListedPlayer,
    ListLimits,
    RatingList,
    _player,
    _too_long,
    check_list_kind,
    flag_text,
    parse_flag,
)
from .fidelist_write import format_rating_list_txt

# -- reading ------------------------------------------------------------------------------


#: The bytes an encoding is detected from (a whole file under it, as every reader does).
_SAMPLE_BYTES = 4 * 1024**2
#: Unpacked bytes after which the packing ratio is checked (a small file packs unevenly).
_RATIO_FROM = 1024**2
_CHUNK = 256 * 1024
_BATCH = 10_000


def read_rating_list(
    path: str | os.PathLike[str],
    encoding: str | None = None,
    kind: str = "standard",
    limits: ListLimits = LIST_LIMITS,
) -> RatingList:
    """Read a FIDE rating list download, TXT or XML (see the module's notes).

    ``kind`` picks the list of a combined file (``standard``, ``rapid``, ``blitz``); a single
    list is the list it is (a header naming ``RRtng`` read as standard is refused).
    ``encoding`` overrides the encoding detected (TXT) or declared (XML).  ``limits`` caps
    the file (:class:`ListLimits`).  The file is read as a stream; :class:`RatingListReader`
    gives its players in batches without holding them all."""
    reader = RatingListReader(path, encoding, kind, limits)
    players = [player for batch in reader.batches() for player in batch]
    return RatingList(
        tuple(players), reader.source, reader.layout, reader.list_kind, reader.period,
        reader.encoding,
    )  # fmt: skip


class RatingListReader:
    """A FIDE rating list read as a stream: :meth:`batches` gives its players a batch at a
    time, each checked as :func:`read_rating_list` checks them (two rows with one FIDE id
    included), holding neither the file's text nor its players.  ``source``, ``layout``,
    ``list_kind``, ``period`` and ``encoding`` are known once the first batch is given."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        encoding: str | None = None,
        kind: str = "standard",
        limits: ListLimits = LIST_LIMITS,
    ):
        check_list_kind(kind)
        self.path = Path(path)
        self.given_encoding = encoding
        self.kind = kind
        self.limits = limits
        self.source = str(path)
        self.layout = ""
        self.list_kind = kind
        self.period: str | None = None
        self.encoding: str | None = None

    def batches(self, size: int = _BATCH) -> Iterator[list[ListedPlayer]]:
        """The players, ``size`` at a time; an error refuses the whole list."""
        opener = _Opener(self.path, self.source, self.limits)
        self.source = opener.name
        sample = opener.sample()
        start = sample[:4096].removeprefix(b"\xef\xbb\xbf").lstrip()
        self.layout = "xml" if start.startswith(b"<") else "txt"
        read = _xml_players if self.layout == "xml" else _txt_players
        first_lines: dict[str, int] = {}
        batch: list[ListedPlayer] = []
        count = 0
        with collector_paused():
            for player in read(self, opener, sample):
                line = player.location.line if player.location else 0
                first = first_lines.setdefault(player.fide_id, line or 0)
                if first != line:
                    self._refuse_twice(opener, sample, player)
                batch.append(player)
                count += 1
                if len(batch) >= size:
                    yield batch
                    batch = []
        if not count:
            raise MalformedLineError(
                tr("the rating list has no players; {layouts}", layouts=_(LAYOUTS_READ)),
                Location(self.source),
                "",
            )
        if batch:
            yield batch

    def _refuse_twice(self, opener: _Opener, sample: bytes, player: ListedPlayer) -> None:
        """Two rows with one FIDE id: the first is found again by reading the file again
        (only on this error: a list of a million players keeps its ids and lines only)."""
        read = _xml_players if self.layout == "xml" else _txt_players
        first = next(p for p in read(self, opener, sample) if p.fide_id == player.fide_id)
        raise DuplicatePlayerError(
            tr(
                (
                    "FIDE id {fide_id} is listed twice: {first_name!r} at {first_place} and "
                    "{second_name!r} at {second_place}"
                ),
                fide_id=player.fide_id,
                first_name=first.name,
                first_place=first.location,
                second_name=player.name,
                second_place=player.location,
            ),
            player.location,
            player.fide_id,
        )


class _Opener:
    """Opens a list file's bytes as a stream, again as often as asked: the file itself, or
    the one .txt or .xml file of a ZIP archive as FIDE publishes the lists
    (``players_list.zip`` holds ``players_list_foa.txt``), counted against the caps."""

    def __init__(self, file: Path, source: str, limits: ListLimits):
        self.file, self.limits = file, limits
        self.name = source
        self.archive_name = source
        self.member: zipfile.ZipInfo | None = None
        self.check_nul = True
        where = Location(source)
        if file.is_dir():
            raise InputError(tr("is a folder, not a rating list file"), where, source)
        try:
            with open(file, "rb") as handle:
                magic = handle.read(4)
        except FileNotFoundError:
            raise InputError(tr("file not found"), where, source) from None
        except OSError as exc:
            raise InputError(
                tr("cannot read: {reason}", reason=exc.strerror), where, source
            ) from None
        if magic == b"PK\x03\x04":
            self.member = self._member()
            self.name = f"{source}:{self.member.filename}"

    def _zip_error(self, exc: BaseException) -> InputError:
        return InputError(
            tr("cannot read the ZIP archive: {exc}", exc=exc),
            Location(self.archive_name),
            self.archive_name,
        )

    def _member(self) -> zipfile.ZipInfo:
        where = Location(self.archive_name)
        try:
            with zipfile.ZipFile(self.file) as archive:
                infos = archive.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
            raise self._zip_error(exc) from None
        members = [
            info
            for info in infos
            if not info.is_dir() and info.filename.lower().endswith((".txt", ".xml"))
        ]
        if len(members) != 1:
            names = ", ".join(info.filename for info in infos) or "nothing"
            raise InputError(
                tr(
                    (
                        "a ZIP archive of a FIDE rating list holds one .txt or .xml "
                        "file; this one holds {files}"
                    ),
                    files=names,
                ),
                where,
                self.archive_name,
            )
        info = members[0]
        self.check_size(info.file_size, info)
        return info

    def check_size(self, size: int, info: zipfile.ZipInfo) -> None:
        """Refuse a list file unpacking past the caps (its header's size, or what was read)."""
        limits = self.limits
        if size > limits.unpacked_bytes:
            reason = tr(
                (
                    "{filename} unpacks to more than {limit:,} bytes, the most a rating "
                    "list is read to"
                ),
                filename=info.filename,
                limit=limits.unpacked_bytes,
            )
        elif size > _RATIO_FROM and size > limits.ratio * max(info.compress_size, 1):
            reason = tr(
                (
                    "{filename} unpacks to more than {ratio:,} times its packed size "
                    "({packed:,} bytes), the most a rating list is read to: a ZIP bomb?"
                ),
                filename=info.filename,
                ratio=limits.ratio,
                packed=info.compress_size,
            )
        else:
            return
        raise InputError(reason, Location(self.archive_name), info.filename)

    @contextmanager
    def open(self) -> Iterator[io.BufferedReader]:
        """The list's bytes, checked as they are read (the caps, NUL bytes)."""
        try:
            if self.member is None:
                with open(self.file, "rb") as handle:
                    yield io.BufferedReader(_Checked(handle, self, None), _CHUNK)
            else:
                with zipfile.ZipFile(self.file) as archive, archive.open(self.member) as handle:
                    yield io.BufferedReader(_Checked(handle, self, self.member), _CHUNK)
        except OSError as exc:
            raise InputError(
                tr("cannot read: {reason}", reason=exc.strerror or exc),
                Location(self.name),
                self.name,
            ) from None

    def sample(self) -> bytes:
        """The file's first bytes (the whole file when under the sample's size)."""
        with self.open() as stream:
            return stream.read(_SAMPLE_BYTES)


class _Checked(io.RawIOBase):
    """A list file's bytes, counted against the caps and checked for NUL bytes (the marks
    of UTF-16 text or of a binary file, which fileio.require_text refuses) as they are read."""

    def __init__(self, raw: IO[bytes], opener: _Opener, member: zipfile.ZipInfo | None):
        self.raw, self.opener, self.member = raw, opener, member
        self.count = 0
        self.lines = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            data = self.raw.read(len(buffer))
        except (zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, NotImplementedError) as exc:
            raise self.opener._zip_error(exc) from None
        self.count += len(data)
        if self.member is not None:
            self.opener.check_size(self.count, self.member)
        if self.opener.check_nul and b"\x00" in data:
            require_text(data[: data.index(b"\x00") + 1], self.opener.name, self.lines)
        self.lines += data.count(b"\n")
        buffer[: len(data)] = data
        return len(data)


@dataclass(frozen=True)
class _Column:
    key: str
    label: str
    start: int
    end: int | None


#: The TXT header's names (lower case) and what they hold.
_TXT_NAMES: Mapping[str, str] = {
    "id number": "id",
    "name": "name",
    "fed": "fed",
    "sex": "sex",
    "tit": "tit",
    "wtit": "wtit",
    "otit": "otit",
    "foa": "foa",
    "srtng": "standard.rating",
    "sgm": "standard.games",
    "sk": "standard.k",
    "rrtng": "rapid.rating",
    "rgm": "rapid.games",
    "rk": "rapid.k",
    "brtng": "blitz.rating",
    "bgm": "blitz.games",
    "bk": "blitz.k",
    "gms": "games",
    "k": "k",
    "b-day": "born",
    "flag": "flag",
}
_REQUIRED_TXT = ("id", "name", "fed", "sex", "born", "flag")
_HEADER_TOKEN = re.compile(r"(?i:ID\s?Number)|\S+")


def _codec(reader: RatingListReader, sample: bytes, whole: bool) -> str:
    """The encoding to read the file in: the one given (checked on the sample), else the one
    detected in the sample (the whole file when under the sample's size)."""
    if not whole:
        sample = sample[: sample.rfind(b"\n") + 1] or sample
    return decode_text(sample, reader.source, reader.given_encoding).encoding


def _txt_players(
    reader: RatingListReader, opener: _Opener, sample: bytes
) -> Iterator[ListedPlayer]:
    source, limits = reader.source, reader.limits
    encoding = _codec(reader, sample, len(sample) < _SAMPLE_BYTES)
    reader.encoding = encoding
    opener.check_nul = not check_encoding(encoding).name.startswith(("utf-16", "utf-32"))
    codec = "utf-8-sig" if check_encoding(encoding).name == "utf-8" else encoding
    ordered: list[_Column] = []
    header_seen = False
    number = 0
    with opener.open() as stream:
        text = io.TextIOWrapper(stream, encoding=codec, errors="strict", newline=None)
        while True:
            try:
                line = text.readline(limits.line_chars + 1)
            except UnicodeDecodeError as exc:
                raise InputError(
                    tr(
                        "not valid {encoding}: byte(s) {data!r} cannot be decoded",
                        encoding=encoding_name(encoding),
                        data=exc.object[exc.start : exc.end],
                    ),
                    Location(source, number + 1),
                    exc.object[exc.start : exc.end],
                ) from None
            if not line:
                break
            number += 1
            if not line.endswith("\n") and len(line) > limits.line_chars:
                raise MalformedLineError(
                    tr(
                        (
                            "the line is longer than {limit:,} characters, more than a "
                            "rating list's line holds"
                        ),
                        limit=limits.line_chars,
                    ),
                    Location(source, number),
                    shown(line),
                )
            line = line.removesuffix("\n")
            if number == 1:
                line = line.removeprefix("\ufeff")
            if not line.strip():
                continue
            if not header_seen:
                header_seen = True
                _check_header(line, source, number)
                columns, reader.period, reader.list_kind = _txt_columns(
                    line, source, number, reader.kind
                )
                ordered = sorted(columns.values(), key=lambda c: c.start)
                continue
            yield _txt_player(line, ordered, reader.list_kind, Location(source, number), limits)
    if not header_seen:
        raise MalformedLineError(
            tr("the file is empty; {layouts}", layouts=_(LAYOUTS_READ)), Location(source), ""
        )


def _check_header(header: str, source: str, line: int) -> None:
    if not header.lstrip().lower().startswith(("id number", "idnumber")):
        raise MalformedLineError(
            tr(
                (
                    "neither FIDE's TXT nor its XML rating list: the first line is "
                    "{header}; {layouts}"
                ),
                header=shown(header.strip()),
                layouts=_(LAYOUTS_READ),
            ),
            Location(source, line),
            header,
        )


def _txt_columns(
    header: str, source: str, line: int, kind: str
) -> tuple[dict[str, _Column], str | None, str]:
    """The header's columns by key, the month label (if any) and the list's kind."""
    where = Location(source, line)
    if _CONTROL.search(header.replace("\t", " ")) or "\t" in header:
        raise MalformedLineError(
            tr(
                "the header line has a tab or a control character; FIDE's TXT is "
                "aligned with spaces"
            ),
            where,
            header,
        )
    found: list[tuple[str, str, int]] = []
    period = None
    for match in _HEADER_TOKEN.finditer(header):
        label = match.group()
        name = re.sub(r"\s+", " ", label.lower())
        key = _TXT_NAMES.get("id number" if name == "idnumber" else name)
        if key is None and _MONTH.fullmatch(label):
            key, period = "rating", label
        if key is None:
            raise MalformedLineError(
                tr(
                    (
                        "the header names column {label}, which FIDE's TXT rating lists "
                        "do not have (they have {labels} and a month such as JAN23)"
                    ),
                    label=shown(label),
                    labels=", ".join(n for n in _TXT_LABELS),
                ),
                Location(source, line, label),
                label,
            )
        if any(k == key for k, _, _ in found):
            raise MalformedLineError(
                tr("the header names column {label} twice", label=shown(label)),
                Location(source, line),
                label,
            )
        found.append((key, label, match.start()))
    columns = {
        key: _Column(key, label, start, found[i + 1][2] if i + 1 < len(found) else None)
        for i, (key, label, start) in enumerate(found)
    }
    missing = [k for k in _REQUIRED_TXT if k not in columns]
    combined = [k for k in KINDS if f"{k}.rating" in columns]
    single = "rating" in columns or ("games" in columns and "k" in columns)
    if missing:
        labels = {v: k for k, v in _TXT_NAMES.items()}
        raise MalformedLineError(
            tr(
                "the header lacks column(s) {columns}; {layouts}",
                columns=", ".join(labels[k].title() for k in missing),
                layouts=_(LAYOUTS_READ),
            ),
            where,
            header,
        )
    list_kind = kind
    if single:
        if "rating" not in columns and len(combined) == 1:
            # A single list whose rating column is named after its list (SRtng, RRtng,
            # BRtng), as format_rating_list_txt writes it without a month label.
            list_kind = combined[0]
            if list_kind != kind:
                raise InvalidValueError(
                    tr(
                        (
                            "this is the {list_kind} list (column {rating_label}); read it "
                            "as {list_kind}, not {kind}"
                        ),
                        list_kind=list_kind,
                        rating_label=_RATING_LABEL[list_kind],
                        kind=kind,
                    ),
                    where,
                    header,
                )
            columns["rating"] = replace(columns.pop(f"{list_kind}.rating"), key="rating")
        for key in ("rating", "games", "k"):
            if key not in columns or any(f"{k}.rating" in columns for k in KINDS):
                raise MalformedLineError(
                    tr(
                        (
                            "the header has neither a single list's rating columns (<month> "
                            "Gms K) nor the combined list's (SRtng SGm SK RRtng ...); "
                            "{layouts}"
                        ),
                        layouts=_(LAYOUTS_READ),
                    ),
                    where,
                    header,
                )
        return columns, period, list_kind
    needed = [f"{k}.{v}" for k in KINDS for v in ("rating", "games", "k")]
    if [k for k in needed if k not in columns]:
        raise MalformedLineError(
            tr(
                (
                    "the header has neither a single list's rating columns (<month> "
                    "Gms K) nor all the combined list's (SRtng SGm SK RRtng RGm Rk "
                    "BRtng BGm BK); {layouts}"
                ),
                layouts=_(LAYOUTS_READ),
            ),
            where,
            header,
        )
    for key in ("rating", "games", "k"):
        columns[key] = replace(columns.pop(f"{kind}.{key}"), key=key)
    return columns, None, kind


_TXT_LABELS = (
    "ID Number",
    "Name",
    "Fed",
    "Sex",
    "Tit",
    "WTit",
    "OTit",
    "FOA",
    "SRtng",
    "SGm",
    "SK",
    "RRtng",
    "RGm",
    "Rk",
    "BRtng",
    "BGm",
    "BK",
    "Gms",
    "K",
    "B-day",
    "Flag",
)


def _txt_player(
    line: str, columns: Sequence[_Column], kind: str, where: Location, limits: ListLimits
) -> ListedPlayer:
    """One data line; ``columns`` in the order of their starts."""
    bad = _CONTROL.search(line)
    if bad:
        what = (
            _("a tab")
            if bad.group() == "\t"
            else tr("control character {character!r}", character=bad.group())
        )
        raise MalformedLineError(
            tr(
                "{what} at column {column}; FIDE's TXT is aligned with spaces",
                what=what,
                column=bad.start() + 1,
            ),
            Location(where.file, where.line, bad.start() + 1),
            line,
        )
    cells: dict[str, str] = {}
    length = len(line)
    for column in columns:
        start = column.start
        if 0 < start < length and line[start - 1] != " " and line[start] != " ":
            raise MalformedLineError(
                tr(
                    (
                        "a value runs across the start of column {label} (character "
                        "{character}): {excerpt}; the line is not aligned with the header"
                    ),
                    label=column.label,
                    character=start + 1,
                    excerpt=shown(line[max(0, start - 8) : start + 8].strip()),
                ),
                Location(where.file, where.line, column.label),
                line,
            )
        cells[column.key] = value = line[start : column.end].strip()
        if len(value) > limits.field_chars:
            raise _too_long(column.label, limits, Location(where.file, where.line, column.label))

    def at(key: str) -> Location:
        label = next((c.label for c in columns if c.key == key), key)
        return Location(where.file, where.line, label)

    return _player(cells, kind, where, at)


# -- the XML ----------------------------------------------------------------------------------

#: The elements of a ``<player>``, by the key :func:`_player` reads them under.
_XML_FIELDS: Mapping[str, str] = {
    "fideid": "id",
    "name": "name",
    "country": "fed",
    "sex": "sex",
    "title": "tit",
    "w_title": "wtit",
    "o_title": "otit",
    "foa_title": "foa",
    "rating": "standard.rating",
    "games": "standard.games",
    "k": "standard.k",
    "rapid_rating": "rapid.rating",
    "rapid_games": "rapid.games",
    "rapid_k": "rapid.k",
    "blitz_rating": "blitz.rating",
    "blitz_games": "blitz.games",
    "blitz_k": "blitz.k",
    "birthday": "born",
    "flag": "flag",
}
_XML_DECLARED = re.compile(rb"^\s*<\?xml[^>]*\bencoding\s*=", re.ASCII)


class _Refused(Exception):
    """Raised inside the expat handlers; carries the ratingkit error out."""

    def __init__(self, error: InputError):
        super().__init__(str(error))
        self.error = error


def _xml_players(
    reader: RatingListReader, opener: _Opener, sample: bytes
) -> Iterator[ListedPlayer]:
    source, encoding, limits = reader.source, reader.given_encoding, reader.limits
    codec: str | None = encoding
    if encoding is None and not _XML_DECLARED.match(sample.removeprefix(b"\xef\xbb\xbf")):
        # No declared encoding: UTF-8, else the code page fileio detects (Windows-1252 ...).
        codec = _codec(reader, sample, len(sample) < _SAMPLE_BYTES)
    elif encoding is None:
        require_text(sample, source)
    else:
        _codec(reader, sample, len(sample) < _SAMPLE_BYTES)  # a wrong encoding: a clean error
        opener.check_nul = not check_encoding(encoding).name.startswith(("utf-16", "utf-32"))
    reader.encoding = codec or "utf-8"
    parser = xml.parsers.expat.ParserCreate(codec)
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    # Expat hands the text over as it comes (not joined), so a value's length is counted
    # before the value is held.
    parser.buffer_text = False
    handlers = _XmlReader(parser, source, reader.kind, limits)
    # Bytes since the last ">": a tag, or a value with its end tag, never longer than a
    # line (expat holds an unfinished tag whole, with its attributes).
    open_markup = 0
    try:
        with opener.open() as stream:
            while chunk := stream.read(_CHUNK):
                last = chunk.rfind(b">")
                open_markup = open_markup + len(chunk) if last < 0 else len(chunk) - last - 1
                parser.Parse(chunk, False)
                if open_markup > limits.line_chars:
                    raise MalformedLineError(
                        tr(
                            (
                                "a tag or a value runs over {limit:,} bytes, more than a "
                                "rating list's line holds"
                            ),
                            limit=limits.line_chars,
                        ),
                        Location(source, parser.CurrentLineNumber),
                        "",
                    )
                yield from handlers.players
                handlers.players.clear()
            parser.Parse(b"", True)
            yield from handlers.players
            handlers.players.clear()
    except _Refused as refused:
        raise refused.error from None
    except (LookupError, UnicodeError, ValueError) as exc:
        if isinstance(exc, InputError):
            raise
        # The encoding the XML declaration names is unknown or not a text encoding.
        raise MalformedLineError(
            tr("the XML cannot be decoded: {exc} (FIDE's XML is UTF-8)", exc=exc),
            Location(source, parser.CurrentLineNumber),
            "",
        ) from None
    except xml.parsers.expat.ExpatError as exc:
        raise MalformedLineError(
            tr(
                "not well-formed XML: {reason}",
                reason=xml.parsers.expat.ErrorString(exc.code),
            ),
            Location(source, exc.lineno, exc.offset + 1),
            "",
        ) from None
    if handlers.root is None:
        raise MalformedLineError(
            tr("no XML element; {layouts}", layouts=_(LAYOUTS_READ)), Location(source), ""
        )


class _XmlReader:
    """The expat handlers that build the players of ``<playerslist>``."""

    def __init__(
        self, parser: xml.parsers.expat.XMLParserType, source: str, kind: str, limits: ListLimits
    ):
        self.parser = parser
        self.limits = limits
        self.length = 0
        self.source = source
        self.kind = kind
        self.root: str | None = None
        self.players: list[ListedPlayer] = []
        self.depth = 0
        self.combined: bool | None = None
        self.cells: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        self.player_line = 0
        self.element: str | None = None
        self.text: list[str] = []
        parser.StartDoctypeDeclHandler = self.doctype
        parser.EntityDeclHandler = self.entity
        parser.ExternalEntityRefHandler = self.external
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters

    def here(self, column: str | None = None) -> Location:
        return Location(self.source, self.parser.CurrentLineNumber, column)

    def refuse(self, error: InputError) -> None:
        raise _Refused(error)

    def doctype(self, name: str, *_args: object) -> None:
        self.refuse(
            InputError(
                "the XML has a DOCTYPE; a FIDE rating list has none, and ratingkit reads no "
                "document type or entity declarations",
                self.here(),
                name,
            )
        )

    def entity(self, name: str, *_args: object) -> None:
        self.refuse(InputError("the XML declares an entity", self.here(), name))

    def external(self, *_args: object) -> int:
        self.refuse(InputError("the XML refers to an external entity", self.here(), ""))
        return 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 1:
            self.root = name
            if name != "playerslist":
                self.refuse(
                    MalformedLineError(
                        tr(
                            "the XML's root element is <{name}>, not <playerslist>; {layouts}",
                            name=name,
                            layouts=_(LAYOUTS_READ),
                        ),
                        self.here(),
                        name,
                    )
                )
        elif self.depth == 2:
            if name != "player":
                self.refuse(
                    MalformedLineError(
                        tr(
                            "<playerslist> holds <{name}>; it holds <player> elements only",
                            name=name,
                        ),
                        self.here(),
                        name,
                    )
                )
            self.cells, self.lines = {}, {}
            self.player_line = self.parser.CurrentLineNumber
        elif self.depth == 3:
            if name not in _XML_FIELDS:
                self.refuse(
                    MalformedLineError(
                        tr(
                            "<player> holds <{name}>, which FIDE's XML does not have "
                            "(it has {fields})",
                            name=name,
                            fields=", ".join(_XML_FIELDS),
                        ),
                        self.here(name),
                        name,
                    )
                )
            if name in self.cells:
                self.refuse(
                    MalformedLineError(
                        tr("<player> holds <{name}> twice", name=name), self.here(name), name
                    )
                )
            self.element = name
            self.text = []
            self.length = 0
            self.lines[name] = self.parser.CurrentLineNumber
        else:
            self.refuse(
                MalformedLineError(
                    tr(
                        "<{element}> holds an element <{name}>; it holds a value only",
                        element=self.element,
                        name=name,
                    ),
                    self.here(name),
                    name,
                )
            )

    def characters(self, data: str) -> None:
        if self.depth == 3:
            self.length += len(data)
            if self.length > self.limits.field_chars:
                self.refuse(_too_long(f"<{self.element}>", self.limits, self.here(self.element)))
            self.text.append(data)
        elif data.strip():
            self.refuse(
                MalformedLineError(
                    tr("text {text} outside a player's elements", text=shown(data.strip())),
                    self.here(),
                    data,
                )
            )

    def end(self, name: str) -> None:
        if self.depth == 3:
            self.cells[name] = "".join(self.text).strip()
            self.element = None
        elif self.depth == 2:
            self.players.append(self.player())
        self.depth -= 1

    def player(self) -> ListedPlayer:
        cells = {_XML_FIELDS[tag]: value for tag, value in self.cells.items()}
        if self.combined is None:
            self.combined = any(tag.startswith(("rapid_", "blitz_")) for tag in self.cells)
        prefix = self.kind if self.combined else "standard"
        for key in ("rating", "games", "k"):
            cells[key] = cells.get(f"{prefix}.{key}", "")
        tags = {v: k for k, v in _XML_FIELDS.items()}
        for key in ("rating", "games", "k"):
            tags[key] = tags[f"{prefix}.{key}"]
        where = Location(self.source, self.player_line)

        def at(key: str) -> Location:
            tag = tags.get(key, key)
            return Location(self.source, self.lines.get(tag, self.player_line), tag)

        try:
            return _player(cells, self.kind, where, at)
        except InputError as error:
            raise _Refused(error) from None


__all__ = [
    "KINDS",
    "LAYOUTS_READ",
    "LIST_LIMITS",
    "ZIP_MEMBER_LIMIT",
    "ListLimits",
    "ListedPlayer",
    "RatingList",
    "RatingListReader",
    "flag_text",
    "format_rating_list_txt",
    "parse_flag",
    "read_rating_list",
]
