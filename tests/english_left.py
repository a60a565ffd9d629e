"""English left in a Russian or Turkish text (issue 25, part 2): the oracle of the sweep's
language test, independent of ratingkit's own translating functions.

It works from the English catalogs (the ``.pot`` templates, which hold every text the code
marks) in two ways, so that it cannot pass by looking at nothing:

* **untranslated messages**: every message id (each has a translation: tests/test_i18n.py),
  cut at its ``{fields}`` into literal pieces; a piece of two or more English words that
  shows verbatim in the output (and is not the user's own data) is a message that was shown
  without going through the catalogs;
* **leftover words**: the English words of every message id (a word list built from the
  catalogs) minus the words that are legitimately the same in every language
  (:data:`SAME_IN_EVERY_LANGUAGE`: the documents' symbols, proper names, formats) and minus
  the data a user gave (words of the case's input files, exactly as written; file paths;
  quoted column names and identifiers).  A word of this list left in a Russian or Turkish
  output is English that either was not translated or never went through the catalogs.
  For Turkish the words Turkish itself writes the same way (:data:`ALSO_TURKISH`) are
  allowed too.

A report's CSV is not looked at: a machine format keeps English keys and values and a
decimal point in every language (ratingkit.core.i18n).  tests/test_language_sweep.py shows
that the detector finds English in the English output (so the word list is not empty and
the filters do not hide everything) and a planted English message in Russian.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from ratingkit.core import i18n


def _words(text: str) -> list[str]:
    return text.split()


#: Symbols of the documents (FIDE 2014 8.1-8.58, FIDE 1982-2000 10.x, FESA rules 1-12),
#: formats, proper names and acronyms, and ratingkit's rule set names: written the same in
#: every language.  Each needs a reason; a plain English word never belongs here.
SAME_IN_EVERY_LANGUAGE = frozenset(
    # symbols of the formulas (FIDE 2014 8.5x, 8.21; FIDE 1982 10.x, DR of 12.x; FESA rule 1,
    # 6, 10: UB, LB, MP, tr)
    _words("Ra Rc Ro Rn Ru Rar We dp dpa PD Rp Rh UB LB MP tr dR DR Ri Rt Rr Rav sum")
    # names, acronyms and formats; encodings ("utf-8", "cp1252") are identifiers
    + _words("FIDE FESA LNMO ELO Elo TRF CSV XLSX HTML JSON ID ratingkit Windows UTF utf cp")
    # the formats as --format takes them ("--format json or html")
    + _words("json html csv xlsx trf txt")
    + _words("Latin JupyterLab Voila Voilà DK DSh MZ Excel PDF URL")
    # proper names: FIDE's Handbook, the Berger tables, Newton's method (FESA's program)
    + _words("Handbook Berger Newton")
    # rule set names (identifiers the user types after --rules)
    + _words("fide fesa lnmo nsr program literal")
)

#: English words of the catalogs that are also Turkish words or Turkish's own terms (the
#: glossary: "rating farkı", "performans"; the shogi terms, which the glossary leaves in
#: their Japanese form for Turkish): allowed in Turkish output only.
ALSO_TURKISH = frozenset(
    _words("rating dan kyu say not no bonus net shogi jishogi sennichite kinte sente gote")
    + _words("on bir bu ve de da ki ne al is model test format program en ama son tam tek normal")
    + _words("kim para bay ara at as yer bin top ilk her biz")
)

#: A word: letters of any alphabet (so that Turkish "başlangıç" is one word, not "ba" and
#: "lang"), with an inner apostrophe ("player's"); only all-ASCII words can be English.
#: A suffix written after an apostrophe ("10.21'in", "UB'sine": Turkish) is not a word.
_WORD = re.compile(r"(?<![\w'’])[^\W\d_]+(?:['’][^\W\d_]+)*")


@cache
def english_messages() -> tuple[str, ...]:
    """Every message id of the English templates (singular and plural forms)."""
    found: list[str] = []
    for domain in i18n.DOMAINS:
        with (i18n.LOCALE_DIR / f"{domain}.pot").open("rb") as pot:
            for message in read_po(pot):
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
                found += [text for text in ids if text]
    return tuple(found)


@cache
def english_words() -> frozenset[str]:
    """The English words of the catalogs' message ids (lowercase, two letters or more)."""
    words = set()
    for text in english_messages():
        literal = re.sub(r"\{[^}]*\}", " ", text)
        words |= {w.lower().strip("'") for w in _WORD.findall(literal)}
    return frozenset(w for w in words if len(w) >= 2)


@cache
def untranslated_pieces() -> tuple[str, ...]:
    """Literal pieces of two words or more (and 8 characters or more) of the message ids,
    each one that, shown verbatim in Russian or Turkish output, is a message left English."""
    pieces = set()
    for text in english_messages():
        for piece in re.split(r"\{[^}]*\}", text):
            piece = piece.strip(" :;,.()-'\"\n")
            words = [w for w in _WORD.findall(piece) if w.lower() in english_words()]
            if len(words) >= 2 and len(piece) >= 8 and not set(words) <= SAME_IN_EVERY_LANGUAGE:
                pieces.add(piece)
    return tuple(sorted(pieces))


#: A run of letters of any alphabet (digits and underscores end it).
_LETTERS = re.compile(r"[^\W\d_]+")


@cache
def _pieces_with_their_letter_runs() -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((piece, frozenset(_LETTERS.findall(piece))) for piece in untranslated_pieces())


@cache
def data_words(files: tuple[Path, ...]) -> frozenset[str]:
    """Words of the user's own files, exactly as written (names, events, clubs)."""
    words: set[str] = set()
    for path in files:
        words |= set(re.findall(r"[A-Za-z]+", str(path.relative_to(path.parent.parent))))
        candidates = sorted(path.glob("*")) if path.is_dir() else [path]
        for file in candidates:
            text = file.read_bytes().decode("utf-8", errors="replace")
            words |= set(re.findall(r"[A-Za-z]+", text))
            words |= set(re.findall(r"[^\W\d_]+", text))
    return frozenset(words)


def _without_data(text: str, kind: str) -> str:
    if kind.endswith("html"):
        text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)
        text = html.unescape(text)
    text = re.sub(r"(?:[\w.-]*/)+[\w.-]+", " ", text)  # file paths
    # quoted column names and values (not a Turkish suffix's apostrophe: "%50'nin")
    text = re.sub(r"(?<!\w)'[\w .:-]*'(?!\w)", " ", text)
    # JupyterLab's menu, quoted as the user sees it: its interface is English in every
    # language (no language pack is installed with ratingkit)
    text = re.sub(r"Run\s*(?:>|&gt;)\s*Run All Cells", " ", text)
    text = re.sub(r"(?<!\w)--[a-z][\w-]*", " ", text)  # options the user types (--format)
    text = re.sub(r"\b\w*_\w*\b", " ", text)  # identifiers (bonus_games, rounds_per_day)
    text = re.sub(r"\bor ?- ?tr\b", " ", text)  # FESA rule 1's symbols: or - tr
    text = re.sub(r"\b[\w-]+\.(?:csv|trf|txt|xlsx|json|html|ipynb)\b", " ", text)
    return text


def _is_letter(character: str) -> bool:
    """``[^\\W\\d_]`` of Python's re: a word character (alphanumeric or "_") that is neither a
    decimal digit nor "_"."""
    return character.isalnum() and not character.isdecimal()


def _shown_between_non_letters(piece: str, text: str) -> int:
    """How often ``piece`` stands in ``text`` with no letter just before or after it, counted
    as ``re.findall`` counts (left to right, not overlapping): a piece inside a word is not
    shown ("rating list" in Turkish "rating listesi").  ``str.find`` instead of a pattern per
    piece: the sweep searches some 2,000 pieces in megabytes of text."""
    count, at = 0, text.find(piece)
    while at != -1:
        end = at + len(piece)
        if (at == 0 or not _is_letter(text[at - 1])) and (
            end == len(text) or not _is_letter(text[end])
        ):
            count += 1
            at = text.find(piece, end)
        else:
            at = text.find(piece, at + 1)
    return count


def english_left(
    text: str, kind: str, language: str, data: frozenset[str] = frozenset()
) -> Counter:
    """The English words (lowercase) left in ``text`` with how often each shows, and the
    untranslated message pieces (as ``"«piece»"``)."""
    found: Counter = Counter()
    if kind.endswith("csv"):
        # A machine format: English keys and values (yes/no, grades), a decimal point, so
        # that a file reads the same whatever the language (ratingkit.core.i18n).
        return found
    clean = _without_data(text, kind)
    folded = re.sub(r"\s+", " ", clean)
    runs = set(_LETTERS.findall(folded))
    for piece, piece_runs in _pieces_with_their_letter_runs():
        # A piece shown as counted below stands between non-letters, so each of its runs of
        # letters is a whole run of the text: a piece with a run the text lacks is not shown
        # (this only spares the search; the count is the same).
        if not piece_runs <= runs:
            continue
        if piece in folded and not set(_WORD.findall(piece)) <= data:
            # (a piece whose words all come from the user's files is data: an event named
            # "Junior Championship (double round robin)"); a piece inside a word is not
            # one ("rating list" in Turkish "rating listesi")
            shown = _shown_between_non_letters(piece, folded)
            if shown:
                found[f"«{piece}»"] += shown
    english = english_words()
    for word in _WORD.findall(clean):
        if not word.isascii():
            continue
        if word in SAME_IN_EVERY_LANGUAGE or word in data:
            continue
        lower = word.lower().strip("'")
        if lower not in english or lower in SAME_IN_EVERY_LANGUAGE:
            continue
        if language == "tr" and lower in ALSO_TURKISH:
            continue
        if len(lower) == 1:
            continue
        found[lower] += 1
    return found
