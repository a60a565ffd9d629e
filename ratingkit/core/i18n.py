"""The language of what ratingkit says: messages, reports, widgets and plots in English,
Russian or Turkish (gettext catalogs managed with Babel).

The language is chosen in this order: an explicit choice (``ratingkit --lang ru``,
:func:`set_language`, :func:`language_of` as a ``with`` block), then the ``RATINGKIT_LANG``
environment variable, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English.

Texts are marked in the code with :func:`_` (translated where it is called), :func:`N_`
(marked for the catalogs but kept in English, translated when shown: table columns, rule
texts) and :func:`tr` (a template with named values: ``tr("{file}, line {line}", file=f,
line=n)``).  Where a count meets a noun, :func:`ngettext` or :func:`trn` (``trn("{count}
game", "{count} games", count=n)``) give the form the catalog's Plural-Forms choose: 1 игрок,
2 игрока, 5 игроков; extraction writes them as ``msgid_plural`` entries.
The English text is the message id.  The catalogs are the ``.po`` files under
``ratingkit/locale/<lang>/LC_MESSAGES/``, one per part of the package (:data:`DOMAINS`);
``python -m ratingkit.core.i18n update`` extracts the marked texts with Babel and updates them, and
``tests/test_i18n.py`` fails on a text without a translation, a translation whose id the code no
longer has, or a translation whose ``{names}`` differ from its id's.

Numbers and dates are formatted for the language by Babel (:func:`number`, :func:`day`): a
decimal comma in Russian and Turkish.  Machine formats (CSV, JSON, the ledger) keep English
keys and a decimal point, so that files read the same whatever the language.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

from .error_base import LanguageError

#: The languages ratingkit speaks; English is the default and the catalogs' source.
LANGUAGES: tuple[str, ...] = ("en", "ru", "tr")
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "ru": "Русский", "tr": "Türkçe"}
ENVIRONMENT = "RATINGKIT_LANG"
#: The package folder (the domains' files are relative to it) and its catalogs.
PACKAGE = Path(__file__).parent.parent
LOCALE_DIR = PACKAGE / "locale"

#: The catalogs (gettext domains) and the package's files each one holds the texts of.
DOMAINS: dict[str, tuple[str, ...]] = {
    "cli": ("cli/*.py", "workbook.py", "services/*.py", "services/*/*.py", "documents/*.py"),
    "core": ("core/*.py", "registry.py"),
    "formats": ("formats/*.py", "builtin.py"),
    # The rating systems' packages: ratingkit.registry adds each from its one list
    # (SYSTEMS) with add_catalog_sources, so that the core names no rating system.
    "rules": (),
    "workbook": ("notebook/*.py", "notebook/*/*.py", "workshop/*.py"),
}


def add_catalog_sources(domain: str, patterns: Iterable[str]) -> None:
    """Let ``domain``'s catalogs take the texts of the files ``patterns`` match (relative to
    the package; a new domain where ``domain`` is none yet).  The registry calls it for each
    rating system of its list when it is imported, before any text is looked up."""
    known = DOMAINS.get(domain, ())
    DOMAINS[domain] = (*known, *(pattern for pattern in patterns if pattern not in known))
    _translations.cache_clear()


#: The functions whose first argument is a text of the catalogs.
KEYWORDS: frozenset[str] = frozenset({"_", "N_", "tr"})
#: The functions whose first two arguments are a text's singular and plural (gettext's
#: ``msgid`` and ``msgid_plural``; the catalogs' Plural-Forms say which form a count takes).
PLURAL_KEYWORDS: frozenset[str] = frozenset({"ngettext", "trn"})

#: A message id: a text, or a (singular, plural) pair.
MessageId = str | tuple[str, str]

#: The language :func:`set_language` chose (a module global, not a context variable: a
#: notebook's cells and a widget's callbacks each run in a context of their own).
_chosen_everywhere: str | None = None
#: The language of a :func:`language_of` block, over the one above.
_chosen: ContextVar[str | None] = ContextVar("ratingkit_language", default=None)


def _normal(code: str) -> str | None:
    """``ru``, ``ru_RU.UTF-8``, ``tr-TR``, ``RU`` -> the language it names, if one of ours."""
    base = code.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def checked_language(code: str, where: str = "--lang") -> str:
    """``code`` as one of :data:`LANGUAGES`, or a :class:`LanguageError` naming where it came
    from and the languages there are."""
    found = _normal(code)
    if found is None:
        raise LanguageError(
            f"{where}: unknown language {code!r}; ratingkit speaks {', '.join(LANGUAGES)}"
        )
    return found


def current_language() -> str:
    """The language now in force: the explicit choice, ``RATINGKIT_LANG``, the locale, ``en``."""
    chosen = _chosen.get() or _chosen_everywhere
    if chosen is not None:
        return chosen
    # Read once per state of the four variables, not once per text (a FIDE month translates
    # 180,000 texts): the raw values are the token, so a variable set or removed since (a
    # test's monkeypatch, a notebook's os.environ) is seen at the next text.
    if os.environ is _ENVIRON and _ENVIRON_DATA is not None:
        # _environment_token inlined on the process's own mapping (the same dict object for
        # the life of os.environ: every change made through it updates that dict in place):
        # this runs for each text, tens of thousands in a season's rate.
        get = _ENVIRON_DATA.get
        token: tuple[object, ...] = (get(_KEY_0), get(_KEY_1), get(_KEY_2), get(_KEY_3))
    else:
        token = _environment_token()
    found = _from_environment.get(token)
    if found is None:
        found = _language_from_environment()
        if len(_from_environment) > 64:
            _from_environment.clear()
        _from_environment[token] = found
    return found


#: The variables that choose the language, in the order they are read.
_VARIABLES: tuple[str, ...] = (ENVIRONMENT, "LC_ALL", "LC_MESSAGES", "LANG")
#: The language each state of :data:`_VARIABLES` gave (:func:`_environment_token`).
_from_environment: dict[tuple[object, ...], str] = {}


def _environment_token() -> tuple[object, ...]:
    """The four variables' raw values, read from os.environ's own mapping without decoding
    where it has one (every change made through os.environ updates that mapping)."""
    raw = getattr(os.environ, "_data", None)
    if isinstance(raw, dict):
        return tuple(map(raw.get, _ENCODED))
    return tuple(map(os.environ.get, _VARIABLES))


#: :data:`_VARIABLES` as os.environ's mapping keys them.
_ENCODED: tuple[object, ...] = tuple(
    getattr(os.environ, "encodekey", str)(name) for name in _VARIABLES
)
_KEY_0, _KEY_1, _KEY_2, _KEY_3 = _ENCODED
#: os.environ as imported and its own mapping (None where it has none): current_language
#: reads that mapping directly while os.environ is still this object.
_ENVIRON = os.environ
_raw_environ = getattr(os.environ, "_data", None)
_ENVIRON_DATA: dict[object, object] | None = (
    _raw_environ if isinstance(_raw_environ, dict) else None
)


def _language_from_environment() -> str:
    variable = os.environ.get(ENVIRONMENT)
    if variable:
        # Not cached when refused: the error is raised at every text, as before.
        return checked_language(variable, ENVIRONMENT)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            # The first locale variable set decides (POSIX order); C, POSIX or a language we
            # do not have mean English.
            return _normal(value) or "en"
    return "en"


def set_language(code: str | None) -> None:
    """Speak ``code`` from now on (None: back to ``RATINGKIT_LANG``, the locale, English)."""
    global _chosen_everywhere
    _chosen_everywhere = None if code is None else checked_language(code, "language")


@contextlib.contextmanager
def language_of(code: str | None) -> Iterator[str]:
    """``with language_of("ru"): ...`` speaks Russian inside the block (None: no change)."""
    if code is None:
        yield current_language()
        return
    token = _chosen.set(checked_language(code, "language"))
    try:
        yield token.var.get() or "en"
    finally:
        _chosen.reset(token)


@cache
def _translations(language: str) -> gettext.NullTranslations:
    """Every catalog of ``language`` merged into one gettext object (compiled from the
    ``.po`` files by Babel in memory: no compiled file to go stale)."""
    if language == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
        if not path.exists():
            continue
        with path.open("rb") as po:
            catalog = read_po(po, locale=language, domain=domain)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        compiled.seek(0)
        translations = gettext.GNUTranslations(compiled)
        if merged is None:
            merged = translations
        else:
            merged.add_fallback(translations)
    return merged or gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the language now in force (itself in English or when untranslated)."""
    language = current_language()
    if language == "en" or not message:
        return message
    return _translations(language).gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalogs: a column name or a rule's text that is
    kept in English (a key) and translated with :func:`_` where it is shown."""
    return message


def tr(template: str, /, **values: object) -> str:
    """``template`` translated, then filled with ``values`` (``str.format`` fields by name)."""
    return _(template).format(**values)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` in the language now in force (Russian has
    three forms: 1 игрок, 2 игрока, 5 игроков; the catalog's Plural-Forms chooses)."""
    return _plural(singular, plural, count)


def _plural(singular: str, plural: str, count: int) -> str:
    language = current_language()
    if language == "en":
        return singular if count == 1 else plural
    return _translations(language).ngettext(singular, plural, count)


def trn(singular: str, plural: str, /, count: int, **values: object) -> str:
    """:func:`ngettext` for ``count``, then filled with ``count`` and ``values`` (``str.format``
    fields by name): ``trn("{count} player matched", "{count} players matched", count=n)``."""
    return _plural(singular, plural, count).format(count=count, **values)


# -- numbers and dates -------------------------------------------------------------------


def decimal_separator(language: str | None = None) -> str:
    """``,`` in Russian and Turkish, ``.`` in English (Babel's locale data)."""
    language = language or current_language()
    if language == "en":
        return "."
    return _decimal_symbol(language)


@cache
def _decimal_symbol(language: str) -> str:
    """Babel's decimal symbol of ``language`` (looked up once: a report asks for every
    number it shows)."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(language))


def localized_number(text: str, language: str | None = None) -> str:
    """A number already formatted the English way (``-12.35``, ``1,234``) in the language's
    way: the decimal point becomes the language's separator.  Thousands separators are not
    used by ratingkit's reports, so nothing else changes."""
    separator = decimal_separator(language)
    if separator == ".":
        return text
    return text.replace(".", separator)


def number(value: int | float | Fraction | Decimal, decimals: int = 2) -> str:
    """``value`` with at most ``decimals`` decimals, in the language's way."""
    if isinstance(value, int):
        return str(value)
    text = f"{float(value):.{decimals}f}".rstrip("0").rstrip(".")
    return localized_number("0" if text in ("-0", "") else text)


def day(value: date, language: str | None = None) -> str:
    """A date in the language's medium format (``1 Dec 2026``, ``1 дек. 2026 г.``)."""
    from babel.dates import format_date

    return str(format_date(value, format="medium", locale=language or current_language()))


# -- the catalogs: extraction and update (``python -m ratingkit.core.i18n update``) -----------


def _domain_files(domain: str) -> list[Path]:
    root = PACKAGE
    files: list[Path] = []
    for pattern in DOMAINS[domain]:
        files.extend(sorted(root.glob(pattern)))
    return files


def marked_texts(path: Path) -> tuple[list[tuple[MessageId, int]], list[int]]:
    """The texts marked in one source file (``_``, ``N_``, ``tr`` called with a literal first
    argument; implicitly joined and parenthesised literals are one text) with their lines, and
    the lines where one of them is called with what no catalog can hold (an f-string; ``tr``
    or ``N_`` with anything but a literal).  Python's own parser reads the file, so a text
    split over lines in parentheses, which Babel's token-based Python extractor skips, is
    found too."""
    import ast

    texts: list[tuple[MessageId, int]] = []
    unreadable: list[int] = []
    tree = ast.parse(path.read_bytes(), filename=str(path))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in PLURAL_KEYWORDS:
            # ngettext(singular, plural, n): a msgid_plural entry; both must be literals.
            forms = [
                f.value
                for f in node.args[:2]
                if isinstance(f, ast.Constant) and isinstance(f.value, str)
            ]
            if len(forms) == 2:
                texts.append(((forms[0], forms[1]), node.lineno))
            else:
                unreadable.append(node.lineno)
            continue
        if node.func.id not in KEYWORDS or not node.args:
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            texts.append((first.value, node.lineno))
        elif isinstance(first, ast.JoinedStr) or node.func.id != "_":
            # ``_(column)`` shows a text marked where it was made (``N_``); an f-string, or a
            # template that is not a literal, is a text no catalog can hold.
            unreadable.append(node.lineno)
    return texts, unreadable


def extracted(domain: str) -> dict[MessageId, list[tuple[str, int]]]:
    """The texts marked in ``domain``'s files: each message id (a text, or a (singular,
    plural) pair from :func:`ngettext`) with where it occurs (``(file, line)``, files relative
    to the package)."""
    found: dict[MessageId, list[tuple[str, int]]] = {}
    for path in _domain_files(domain):
        texts, _unreadable = marked_texts(path)
        for text, line in texts:
            if text:
                found.setdefault(text, []).append((str(path.relative_to(PACKAGE)), line))
    return found


def _sort_key(item: tuple[MessageId, object]) -> tuple[str, str]:
    message = item[0]
    return (message, "") if isinstance(message, str) else message


def update_catalogs() -> list[str]:
    """Write every domain's template (``.pot``) and update each language's ``.po`` from the
    code: new texts added untranslated, texts the code no longer has removed; translations of
    texts still there kept.  Returns what was written."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    written = []
    for domain in DOMAINS:
        template = Catalog(domain=domain, project="ratingkit", charset="utf-8")
        for message, places in sorted(extracted(domain).items(), key=_sort_key):
            template.add(message, locations=places)
        pot = LOCALE_DIR / f"{domain}.pot"
        pot.parent.mkdir(parents=True, exist_ok=True)
        with pot.open("wb") as out:
            write_po(out, template, width=96, omit_header=False, sort_output=True)
        written.append(str(pot))
        for language in LANGUAGES[1:]:
            po_path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
            po_path.parent.mkdir(parents=True, exist_ok=True)
            if po_path.exists():
                with po_path.open("rb") as po:
                    catalog = read_po(po, locale=language, domain=domain)
            else:
                catalog = Catalog(locale=language, domain=domain, project="ratingkit")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            with po_path.open("wb") as out:
                write_po(out, catalog, width=96, sort_output=True, include_previous=False)
            written.append(str(po_path))
    _translations.cache_clear()
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["update"]:
        print("usage: python -m ratingkit.core.i18n update", file=sys.stderr)
        return 2
    for path in update_catalogs():
        print(path)
    return 0


if __name__ == "__main__":
    # ``python -m`` runs this file as a second module, ``__main__``: the domains are those of
    # the package's own module, to which ratingkit.registry (imported with ratingkit) adds
    # the rating systems' packages; this copy's "rules" domain is empty.
    from ratingkit.core import i18n as package_module

    sys.exit(package_module.main())
