"""The readers' errors in Russian and Turkish (ratingkit/locale/*/LC_MESSAGES/formats.po): a
broken TRF, FESA table and CSV pair, read in each language, are refused with the same error
class, the same place (file, line, column) and the same offending value as in English, and
the message names that file, line and value in the translated text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ratingkit.core.errors import InputError
from ratingkit.core.i18n import language_of
from ratingkit.formats.csvpair import read_csv_pair
from ratingkit.formats.fesatable import read_fesa_table
from ratingkit.formats.trf import read_trf

DATA = Path(__file__).parent / "data"


def _broken_trf(tmp_path: Path) -> tuple[Path, int, str]:
    """The FIDE example TRF with the rating field (columns 49-52 of a 001 line, TRF-16) of
    its first player made ``19x0``."""
    lines = (DATA / "fide-example1.trf").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("001 ")) + 1
    line = lines[number - 1]
    lines[number - 1] = line[:48] + "19x0" + line[52:]
    path = tmp_path / "broken.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, number, "19x0"


def _broken_fesa(tmp_path: Path) -> tuple[Path, int, str]:
    """The Spring Cup table with Berg's (start number 2) first round cell made ``5?``."""
    lines = (DATA / "fesa" / "fesa-spring-cup.txt").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(" 2 Berg")) + 1
    assert " 5+ " in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(" 5+ ", " 5? ", 1)
    path = tmp_path / "broken.fesa"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, number, "5?"


def _broken_pair(tmp_path: Path) -> tuple[Path, int, str]:
    """The small CSV pair with the white player of its second game (line 3) made ``zz``, an
    id the players file does not have."""
    folder = tmp_path / "pair"
    shutil.copytree(DATA / "csv-small", folder)
    games = folder / "games.csv"
    lines = games.read_text(encoding="utf-8").splitlines()
    assert lines[2].startswith("1,c,d,")
    lines[2] = lines[2].replace("1,c,d,", "1,zz,d,", 1)
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return games, 3, "zz"


CASES = {
    "trf": (_broken_trf, read_trf),
    "fesa": (_broken_fesa, read_fesa_table),
    "csv pair": (_broken_pair, read_csv_pair),
}


def _error(read, path: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        read(path)
    return caught.value


@pytest.mark.parametrize("language", ["ru", "tr"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_readers_error_keeps_its_file_line_and_value_in_russian_and_turkish(
    tmp_path, case, language
):
    broken, read = CASES[case]
    path, line, value = broken(tmp_path)
    with language_of("en"):
        english = _error(read, path)
    # The English error points at the line and the value the test broke.
    assert english.location is not None
    assert english.location.line == line
    assert english.value == value
    assert repr(value) in english.reason

    with language_of(language):
        translated = _error(read, path)
        shown = str(translated)
    assert type(translated) is type(english)
    assert translated.location == english.location
    assert translated.value == english.value
    assert translated.reason != english.reason  # the reader's own text is translated
    assert str(english.location.file) in shown
    assert str(english.location.line) in shown
    assert repr(value) in translated.reason
