"""The command line in Russian and Turkish: its help texts, its listings and its errors come
from the catalogs (ratingkit/locale/<lang>/LC_MESSAGES/cli.po), read here with Babel, so
that each expected text is the translator's, not ratingkit's output."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from ratingkit import cli
from ratingkit.core import i18n


def translated(language: str, text: str) -> str:
    """The catalog's translation of ``text`` (which must have one)."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "cli.po"
    with path.open("rb") as po:
        entry = read_po(po, locale=language, domain="cli").get(text)
    assert entry is not None and entry.string, f"{text!r} has no {language} translation"
    assert entry.string != text
    return str(entry.string)


def flat(text: str) -> str:
    """Whitespace as one space: argparse and the rules listing wrap lines."""
    return " ".join(text.split())


@pytest.fixture(autouse=True)
def _no_language_around(monkeypatch):
    for name in ("RATINGKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


def test_the_commands_help_in_russian(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--lang", "ru", "--help"])
    assert done.value.code == 0
    out = flat(capsys.readouterr().out)
    for english in (
        "Rate chess and shogi events exactly as the rating documents define it.",
        "list the rule sets and the documents they implement",
        "keep a rating list in a ledger (one SQLite file)",
    ):
        assert flat(translated("ru", english)) in out
        assert english not in out


def test_rules_in_russian_says_what_a_family_name_picks(capsys):
    assert cli.main(["--lang", "ru", "rules"]) == 0
    out = flat(capsys.readouterr().out)
    # "the one of {members} in force on the event's start date": the words before the list.
    before_members = translated("ru", "the one of {members} in force on the event's start date")
    assert flat(before_members.split("{members}")[0]) in out
    assert "in force on the event's start date" not in out
    with (i18n.LOCALE_DIR / "ru" / "LC_MESSAGES" / "core.po").open("rb") as po:
        in_force = read_po(po, locale="ru").get("in force from {start} to {end}").string
    assert in_force and in_force != "in force from {start} to {end}"
    assert "[" + flat(in_force.split("{start}")[0]) in out


def test_rate_help_in_turkish_after_the_subcommand(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["rate", "games.csv", "--lang", "tr", "--help"])
    assert done.value.code == 0
    out = flat(capsys.readouterr().out)
    for english in (
        "write the report here instead of stdout",
        "rule set name (see 'ratingkit rules')",
    ):
        assert flat(translated("tr", english)) in out
        assert english not in out
    assert "--save-state FILE" in out  # option names stay


def test_the_help_stays_english_without_a_language(capsys):
    with pytest.raises(SystemExit):
        cli.main(["rate", "--help"])
    assert "write the report here instead of stdout" in flat(capsys.readouterr().out)


def test_db_init_on_an_existing_file_is_refused_in_russian(tmp_path, monkeypatch, capsys):
    existing = tmp_path / "ledger.db"
    existing.write_text("not a ledger\n")
    monkeypatch.setenv("RATINGKIT_LANG", "ru")
    assert cli.main(["db", "init", str(existing), "--rules", "fide-2014"]) == 2
    err = capsys.readouterr().err
    template = translated("ru", "{target}: file exists; a new ledger needs a new file")
    assert err.startswith(translated("ru", "ratingkit: error: {message}").split("{message}")[0])
    assert str(existing) in err
    assert flat(template.split("{target}")[1]) in flat(err)
    assert "file exists" not in err
    assert existing.read_text() == "not a ledger\n"  # nothing was written


def test_argparse_own_texts_follow_the_language(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["rate", "games.csv", "--lang", "tr"])  # no --rules
    assert done.value.code == 2
    err = capsys.readouterr().err
    # One line (issue 25, 5): what is wrong and where the usage is, in Turkish.
    assert err.count("\n") == 1
    required = translated("tr", "the following arguments are required: %s") % "--rules"
    template = translated("tr", "{prog}: error: {message} ('{prog} --help' shows how to use it)")
    assert err == template.format(prog="ratingkit rate", message=required) + "\n"
    assert "required" not in err and "shows how" not in err
    with pytest.raises(SystemExit):
        cli.main(["rate", "games.csv"])  # and English again afterwards
    assert "the following arguments are required: --rules" in capsys.readouterr().err


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_one_players_card_shows_the_tables_headers_in_his_language(language, capsys):
    """``rate --player``'s card labels each value with the column's header as the tables show
    it (the catalog's translation), never the English key ("rating_before")."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "core.po"
    with path.open("rb") as po:
        before = read_po(po, locale=language, domain="core").get("rating_before")
    assert before is not None and before.string
    root = i18n.PACKAGE.parent / "examples"
    cli.main(
        [
            *("--lang", language, "rate", str(root / "karl-mala-2005-swiss.trf")),
            *("--players", str(root / "karl-mala-2005-players.csv")),
            *("--rules", "fide-2014", "--player", "1"),
        ]
    )
    out = capsys.readouterr().out
    card = out.split("\n\n")[1]
    assert "rating_before" not in card and "rating_after" not in card
    assert any(line.startswith(before.string) for line in card.splitlines())
