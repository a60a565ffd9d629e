"""Issue 27: a rule set from outside ratingkit registers through the entry point group
``ratingkit.rule_sets`` and works in the CLI, the ledger, the desk and the comparison with no
edit to ratingkit.  The rule set is tests/elo_rule_set.py (a plain Elo, K = 20); its entry
point is declared by a tiny installed distribution (a dist-info folder) put on sys.path.

The numbers, by hand: Ann (1600) beats Bob (1400).  Ann's expected score is
1 / (1 + 10 ** ((1400 - 1600) / 400)) = 1 / (1 + 0.316228) = 0.759747; her change
20 * (1 - 0.759747) = 4.805, a whole 5: Ann 1605, Bob 1395.  Rated again from that state,
Ann (1605) beats Bob (1395): 1 / (1 + 10 ** (-210 / 400)) = 1 / (1 + 0.298538) = 0.770097,
20 * (1 - 0.770097) = 4.598, a whole 5: Ann 1610, Bob 1390.

ARCHITECTURE.md ("A new rule set") lists the files a new rule set needs; the last tests hold
that list: the outside rule set is named by no file of ratingkit, and a built-in rating
system is named outside its own package only in the files listed there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_import_layers import PACKAGE, import_map, package_modules
from test_widgets_desk import desk_with

from ratingkit import cli
from ratingkit import registry as rulesets
from ratingkit.core import outcome_codec
from ratingkit.formats import read_event
from ratingkit.services.compare import compare
from ratingkit.services.ledger import Ledger


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The distribution ``plain-elo`` installed in a folder on sys.path, and a registry
    that loads again (the built-in rule sets, then the entry points)."""
    site = tmp_path / "site"
    info = site / "plain_elo-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plain-elo\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[ratingkit.rule_sets]\nplain-elo = elo_rule_set:RULE_SETS\n"
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(rulesets, "_REGISTRY", {})
    monkeypatch.setattr(rulesets, "_FAMILIES", {})
    monkeypatch.setattr(rulesets, "_GAPS", {})
    monkeypatch.setattr(rulesets, "_loaded", False)
    event = tmp_path / "event"
    event.mkdir()
    (event / "games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2024-01-13\n")
    (event / "players.csv").write_text("id,name,rating\na,Ann,1600\nb,Bob,1400\n")
    return event


def test_the_entry_point_registers_the_rule_set(installed):
    assert "plain-elo" in rulesets.rule_sets()
    assert "fide-2014" in rulesets.rule_sets()  # the built-in ones stay


def test_the_cli_lists_it_and_rates_with_it(installed, capsys):
    assert cli.main(["rules"]) == 0
    assert "plain-elo" in capsys.readouterr().out
    assert (
        cli.main(["rate", str(installed / "games.csv"), "--rules", "plain-elo", "--format", "csv"])
        == 0
    )
    rows = capsys.readouterr().out.splitlines()
    assert any(r.startswith("a,Ann,1600,") and ",1605," in r for r in rows), rows
    assert any(r.startswith("b,Bob,1400,") and ",1395," in r for r in rows), rows


def test_a_ledger_keeps_its_list(installed, tmp_path, capsys):
    path = str(tmp_path / "elo.sqlite")
    assert cli.main(["db", "init", path, "--rules", "plain-elo"]) == 0
    assert cli.main(["db", "import", path, str(installed / "games.csv")]) == 0
    assert cli.main(["db", "rate", path, "--period", "2024-01"]) == 0
    capsys.readouterr()
    assert cli.main(["db", "list", path, "--period", "2024-01", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("a,Ann,1605,") and lines[2].startswith("b,Bob,1395,"), lines


def test_the_comparison_rates_with_it(installed):
    event = read_event(installed / "games.csv")
    found = compare(event, ["plain-elo", "fide-2014"])
    after = {p.name: p.rating_after for p in found.reports["plain-elo"].outcome.players}
    assert after == {"Ann": 1605, "Bob": 1395}


def test_the_desk_offers_it_and_rates_an_example(installed):
    desk = desk_with(installed / "games.csv", installed / "players.csv")
    assert "plain-elo" in [value for _label, value in desk.rules.options]
    desk.rules.value = "plain-elo"
    after = {p.name: p.rating_after for p in desk.values["report"].outcome.players}
    assert after == {"Ann": 1605, "Bob": 1395}


def test_the_cli_shows_one_player_and_saves_the_state_the_next_event_reads(
    installed, tmp_path, capsys
):
    games = str(installed / "games.csv")
    assert cli.main(["rate", games, "--rules", "plain-elo", "--player", "Ann"]) == 0
    card = capsys.readouterr().out.splitlines()
    # the card labels each value with the tables' header ("rating after")
    assert [line.split()[-1] for line in card if line.startswith("rating after")] == ["1605"]
    state = tmp_path / "state.csv"
    assert cli.main(["rate", games, "--rules", "plain-elo", "--save-state", str(state)]) == 0
    assert state.read_text().splitlines() == ["id,name,rating", "a,Ann,1605", "b,Bob,1395"]
    # The next event gives no ratings: the saved state gives them (1605 and 1395).
    later = tmp_path / "later"
    later.mkdir()
    (later / "games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2024-02-10\n")
    (later / "players.csv").write_text("id,name\na,Ann\nb,Bob\n")
    command = ["rate", str(later / "games.csv"), "--rules", "plain-elo", "--players", str(state)]
    assert cli.main([*command, "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(r.startswith("a,Ann,1605,") and ",1610," in r for r in rows), rows
    assert any(r.startswith("b,Bob,1395,") and ",1390," in r for r in rows), rows


def test_the_ledger_keeps_its_history_and_its_outcome(installed, tmp_path, capsys):
    path = tmp_path / "elo.sqlite"
    assert cli.main(["db", "init", str(path), "--rules", "plain-elo"]) == 0
    assert cli.main(["db", "import", str(path), str(installed / "games.csv")]) == 0
    assert cli.main(["db", "rate", str(path), "--period", "2024-01"]) == 0
    capsys.readouterr()
    assert cli.main(["db", "history", str(path), "a", "--format", "csv"]) == 0
    history = capsys.readouterr().out.splitlines()
    assert history[1].startswith("2024-01,") and history[1].endswith(",5,1605"), history
    with Ledger(path) as book:
        # recomputed from the stored inputs and state, and checked against the stored results
        outcome = book.event_outcome(1)
    assert {p.name: p.rating_after for p in outcome.players} == {"Ann": 1605, "Bob": 1395}


# -- the files a new rule set needs (ARCHITECTURE.md, "A new rule set") -------------------------

ROOT = PACKAGE.parent
#: What the outside rule set is made of: its module and its distribution's entry point.
OUTSIDE_RULE_SET_FILES = ("tests/elo_rule_set.py", "entry_points.txt")
#: The files outside a built-in system's package that a built-in rule set needs edited
#: (besides its package): its rule sets, its system, its details stored by the ledger, and
#: its texts' catalog with the Russian and Turkish translations.
BUILT_IN_FILES = (
    "ratingkit/builtin.py",
    "ratingkit/registry.py",
    "ratingkit/locale/rules.pot",
    "ratingkit/locale/ru/LC_MESSAGES/rules.po",
    "ratingkit/locale/tr/LC_MESSAGES/rules.po",
)
#: The places that may name a built-in system besides those, each for a part of its own: the
#: notebook's widget and plot of the system, the pools compared (services/pools.py names FIDE
#: 2014, FIDE 1982 and FESA by their registry names; each builds its pool: pool_rules()),
#: FIDE's frames adapter (ratingkit.rate_period) and FIDE's texts side by
#: side (services/versions.py).
OPTIONAL_FILES = (
    "ratingkit/notebook/widgets/",
    "ratingkit/notebook/plots/",
    "ratingkit/services/pools.py",
    "ratingkit/__init__.py",
    "ratingkit/services/versions.py",
    # where FIDE's engine modules went (issue 28), so that outcomes stored before still read
    "ratingkit/core/outcome_codec.py",
)


def _new_rule_set_section() -> str:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return text.split("## A new rule set", 1)[1]


def test_architecture_lists_the_files_a_new_rule_set_needs():
    section = _new_rule_set_section()
    for path in (*OUTSIDE_RULE_SET_FILES, *BUILT_IN_FILES, *OPTIONAL_FILES):
        assert f"`{path.removeprefix('ratingkit/')}`" in section or f"`{path}`" in section, path


def _files_of_the_package() -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and path.suffix in {".py", ".po", ".pot", ".json", ".toml", ".csv"}
    ]


def test_no_file_of_ratingkit_names_the_outside_rule_set():
    """Its module and its entry point are all it took: no file of the package (code,
    catalogs, documents, glossary) nor pyproject.toml names it."""
    named = [
        path.relative_to(ROOT).as_posix()
        for path in [*_files_of_the_package(), ROOT / "pyproject.toml"]
        if any(
            word in path.read_text(encoding="utf-8", errors="replace")
            for word in ("plain-elo", "elo_rule_set", "PlainElo")
        )
    ]
    assert named == []
    assert (ROOT / OUTSIDE_RULE_SET_FILES[0]).is_file()


def _files_naming(package: str) -> set[str]:
    """The files outside ``ratingkit.<package>`` that import it or name it as a string."""
    system = f"ratingkit.{package}"
    modules = package_modules()
    naming = set()
    for name, imports in import_map().items():
        if name == system or name.startswith(f"{system}."):
            continue
        path = modules[name]
        strings = (
            node.value
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        )
        imported = (module for _line, module, _typing in imports)
        if any(v == system or v.startswith(f"{system}.") for v in (*imported, *strings)):
            naming.add(path.relative_to(ROOT).as_posix())
    return naming


@pytest.mark.parametrize("system", rulesets.SYSTEMS, ids=lambda s: s.package)
def test_a_built_in_system_is_named_outside_its_package_only_in_the_listed_files(system):
    naming = _files_naming(system.package)
    assert "ratingkit/builtin.py" in naming
    # (the codec's allowed packages are derived from registry.SYSTEMS)
    assert f"ratingkit.{system.package}" in outcome_codec.ALLOWED_PACKAGES
    # registry.py names it in SYSTEMS (this parameter); builtin.py lists its rule sets.
    classes = {type(rule).__module__ for rule in rulesets.rule_sets().values()}
    assert any(module.startswith(f"ratingkit.{system.package}.") for module in classes)
    unlisted = {
        path
        for path in naming
        if path not in BUILT_IN_FILES and not path.startswith(OPTIONAL_FILES)
    }
    assert unlisted == set()
    # Its texts are in the rating systems' catalog (domain "rules"), in Russian and Turkish.
    assert f"ratingkit/locale/{system.catalog_domain}.pot" in BUILT_IN_FILES
    own_text = re.compile(rf"^#:(.* )?{system.package}/", re.MULTILINE)
    for language in ("ru", "tr"):
        po = Path("ratingkit/locale") / language / "LC_MESSAGES" / f"{system.catalog_domain}.po"
        assert po.as_posix() in BUILT_IN_FILES
        assert own_text.search((ROOT / po).read_text(encoding="utf-8")), po
