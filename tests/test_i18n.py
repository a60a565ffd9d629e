"""The message catalogs (ratingkit/core/i18n.py): every text the code marks has a Russian and a
Turkish translation, no translation is left for a text the code no longer has, each
translation keeps its text's ``{names}``, and the language is chosen as documented."""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ratingkit.core import i18n
from ratingkit.core.errors import LanguageError

ROOT = Path(__file__).resolve().parent.parent


def _catalog(language: str, domain: str):
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), (
        f"{path.relative_to(ROOT)} is missing: run python -m ratingkit.core.i18n update"
    )
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def _translated(entry, forms: int) -> bool:
    """A text has its translation; a plural text (ngettext) has every one of the language's
    forms (Russian 3, Turkish 2: the catalog's Plural-Forms), none empty."""
    if isinstance(entry.id, (tuple, list)):
        strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
        return len(strings) == forms and all(strings)
    return bool(entry.string) and isinstance(entry.string, str)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("domain", sorted(i18n.DOMAINS))
@pytest.mark.parametrize("language", i18n.LANGUAGES[1:])
def test_every_marked_text_has_a_translation_and_none_is_stale(language, domain):
    marked = i18n.extracted(domain)
    catalog = _catalog(language, domain)
    missing = []
    for text, places in sorted(marked.items(), key=i18n._sort_key):
        entry = catalog.get(text)
        if entry is None or not _translated(entry, catalog.num_plurals) or entry.fuzzy:
            file, line = places[0]
            missing.append(f"{file}:{line}: {text!r}")
    stale = sorted(m.id for m in catalog if m.id and m.id not in marked)
    assert missing == [], f"{len(missing)} text(s) without a {language} translation:\n" + "\n".join(
        missing[:40]
    )
    assert stale == [], f"{language}/{domain}.po has texts the code no longer has: {stale[:20]}"


@pytest.mark.parametrize("domain", sorted(i18n.DOMAINS))
@pytest.mark.parametrize("language", i18n.LANGUAGES[1:])
def test_each_translation_keeps_its_texts_fields(language, domain):
    """A translation of ``"{file}, line {line}"`` must name {file} and {line}: a lost field
    would drop the file or the line from an error message, an extra one would fail."""
    wrong = []
    for entry in _catalog(language, domain):
        if not entry.id or not entry.string:
            continue
        if isinstance(entry.id, (tuple, list)):
            # Each form serves counts of its own (Russian's first form serves 1, 21, 31 ...):
            # each keeps the plural text's fields.
            expected = _fields(entry.id[1])
            forms = [f for f in entry.string if f]
            if any(_fields(form) != expected for form in forms):
                wrong.append(f"{entry.id!r} -> {entry.string!r}")
        elif _fields(entry.id) != _fields(entry.string):
            wrong.append(f"{entry.id!r} -> {entry.string!r}")
    assert wrong == []


def test_the_catalog_templates_are_up_to_date():
    """The ``.pot`` files hold exactly the texts the code marks (``update`` was run)."""
    from babel.messages.pofile import read_po as read

    for domain in i18n.DOMAINS:
        with (i18n.LOCALE_DIR / f"{domain}.pot").open("rb") as pot:
            template = {tuple(m.id) if isinstance(m.id, list) else m.id for m in read(pot) if m.id}
        assert template == set(i18n.extracted(domain)), domain


def test_every_mark_is_a_literal_the_catalogs_can_hold():
    """``tr(f"...")`` or ``_(variable)`` cannot be translated: the catalogs hold the literal."""
    bad = []
    for domain in i18n.DOMAINS:
        for path in i18n._domain_files(domain):
            _texts, unreadable = i18n.marked_texts(path)
            bad += [f"{path.relative_to(ROOT)}:{line}" for line in unreadable]
    assert bad == []


def test_every_package_file_belongs_to_one_domain():
    owned: dict[Path, str] = {}
    for domain in i18n.DOMAINS:
        for path in i18n._domain_files(domain):
            assert path not in owned, f"{path} is in {owned[path]} and {domain}"
            owned[path] = domain
    files = set((ROOT / "ratingkit").rglob("*.py")) - {ROOT / "ratingkit" / "core" / "i18n.py"}
    files = {f for f in files if f.name not in ("__init__.py", "__main__.py")}
    assert sorted(str(f.relative_to(ROOT)) for f in files - set(owned)) == []


# -- choosing the language ---------------------------------------------------------------


def test_the_language_comes_from_the_choice_then_the_variable_then_the_locale(monkeypatch):
    for name in ("RATINGKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.current_language() == "en"
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    assert i18n.current_language() == "tr"
    monkeypatch.setenv("LC_ALL", "C")  # the first locale variable set decides: C is English
    assert i18n.current_language() == "en"
    monkeypatch.setenv("RATINGKIT_LANG", "ru")
    assert i18n.current_language() == "ru"
    with i18n.language_of("tr"):
        assert i18n.current_language() == "tr"
    assert i18n.current_language() == "ru"
    monkeypatch.setenv("RATINGKIT_LANG", "de")
    with pytest.raises(LanguageError, match="RATINGKIT_LANG: unknown language 'de'"):
        i18n.current_language()
    with pytest.raises(LanguageError, match="en, ru, tr"):
        i18n.set_language("fr")


def test_the_language_read_from_the_environment_follows_every_change(monkeypatch):
    # current_language keeps what it read for each state of the four variables (a FIDE
    # month translates 180,000 texts): a change made since, back and forth, is seen at once.
    for name in ("RATINGKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    seen = []
    for value in ("ru", "tr", "ru", None, "ru_RU.UTF-8"):
        if value is None:
            monkeypatch.delenv("RATINGKIT_LANG")
        else:
            monkeypatch.setenv("RATINGKIT_LANG", value)
        seen.append((i18n.current_language(), i18n._("rated")))
    assert seen == [
        ("ru", "обсчитан"),
        ("tr", i18n._translations("tr").gettext("rated")),
        ("ru", "обсчитан"),
        ("en", "rated"),
        ("ru", "обсчитан"),
    ]
    assert seen[1][1] != "rated"
    monkeypatch.setenv("RATINGKIT_LANG", "de")  # refused at every text, never kept
    for _attempt in range(2):
        with pytest.raises(LanguageError, match="unknown language 'de'"):
            i18n.current_language()


def test_the_language_read_directly_from_os_environ_is_the_general_paths(monkeypatch):
    # current_language reads os.environ's own mapping directly (once a text); the general
    # path (_language_from_environment, through os.environ.get) must give the same language
    # for every state of the four variables.
    names = ("RATINGKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
    states = [
        {},
        {"LANG": "tr_TR.UTF-8"},
        {"LANG": "tr_TR.UTF-8", "LC_MESSAGES": "ru_RU"},
        {"LANG": "ru_RU", "LC_ALL": "POSIX"},
        {"LANG": "ru_RU", "RATINGKIT_LANG": "tr"},
        {"LC_ALL": "de_DE"},
    ]
    for state in states:
        for name in names:
            monkeypatch.delenv(name, raising=False)
        for name, value in state.items():
            monkeypatch.setenv(name, value)
        assert i18n.current_language() == i18n._language_from_environment(), state
    assert [i18n.current_language()] == ["en"]  # de_DE: a language we do not have


def test_the_language_follows_an_os_environ_replaced_by_another_mapping(monkeypatch):
    # The direct read is of the os.environ imported; a replaced one is read the general way.
    monkeypatch.setattr(os, "environ", {"LANG": "tr_TR.UTF-8"})
    assert i18n.current_language() == "tr"
    os.environ["RATINGKIT_LANG"] = "ru"
    assert i18n.current_language() == "ru"
    assert i18n._("rated") == "обсчитан"


def test_numbers_take_the_languages_decimal_separator():
    # CLDR (and GOST 8.417 for Russian, TDK for Turkish) write the decimal comma.
    with i18n.language_of("ru"):
        assert i18n.number(12.345) == "12,35"
        assert i18n.number(-0.004) == "0"
        assert i18n.number(1500) == "1500"
    with i18n.language_of("tr"):
        assert i18n.number(0.5) == "0,5"
    with i18n.language_of("en"):
        assert i18n.number(0.5) == "0.5"


def test_a_table_in_russian_has_translated_columns_and_decimal_commas():
    from ratingkit.core.report import Table

    table = Table("", ("rating", "change"), [{"rating": 2012.0, "change": -7.25}])
    english = table.to_text()
    with i18n.language_of("ru"):
        russian = table.to_text()
        csv = table.to_csv()
    assert "-7.25" in english and "-7,25" in russian
    assert "рейтинг" in russian.lower()
    assert csv.splitlines()[0] == "rating,change"  # machine formats keep English keys
    assert "-7.25" in csv


RATE = [sys.executable, "-m", "ratingkit.cli", "rate"]
LANGUAGE_WORD_FOR_LINE = {"ru": "строка", "tr": "satır"}


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_a_cli_error_in_russian_and_turkish_keeps_its_file_line_and_value(tmp_path, language):
    bad = tmp_path / "event.trf"
    bad.write_text(
        "012 Club event\n001    1 m    Alpha                             1900\n001 bad\n"
    )
    done = subprocess.run(
        [*RATE, str(bad), "--rules", "fide-2014", "--lang", language],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    english = subprocess.run(
        [*RATE, str(bad), "--rules", "fide-2014"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "RATINGKIT_LANG": "en"},
    )
    assert done.returncode == english.returncode == 2
    assert "Traceback" not in done.stderr
    line = re.search(r"line (\d+)", english.stderr)
    assert line, english.stderr
    assert str(bad) in done.stderr
    assert LANGUAGE_WORD_FOR_LINE[language] in done.stderr.lower()
    assert re.search(rf"\b{line.group(1)}\b", done.stderr)
    value = re.search(r"'[^']+'", english.stderr)
    if value:
        assert value.group(0) in done.stderr
    assert done.stderr != english.stderr


#: Texts whose English word has two meanings in the package, so that one translation cannot
#: serve both: "title" (a player's chess title in the ledger's lists; a rule set's title in
#: the comparison and FIDE versions tables) and "game" (the game played, chess or shogi, in the
#: comparison and the desk; a game's number in FESA's promotions).  gettext would need a
#: context (pgettext) for each; until then the first catalog's translation is shown.
HOMONYMS = {"title", "game"}


@pytest.mark.parametrize("language", i18n.LANGUAGES[1:])
def test_a_text_marked_in_several_parts_has_one_translation(language):
    """The catalogs are merged when looked up: a column name or a message marked in two parts
    of the package must read the same in both (else which one shows depends on the order)."""
    seen: dict[str, dict[str, str]] = {}
    for domain in i18n.DOMAINS:
        for entry in _catalog(language, domain):
            if entry.id and entry.string and entry.id not in HOMONYMS:
                seen.setdefault(entry.id, {})[domain] = entry.string
    differing = {text: ways for text, ways in seen.items() if len(set(ways.values())) > 1}
    assert differing == {}
