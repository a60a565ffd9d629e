"""One registry (issue 27, part 3): the catalogs' domain of the rating systems' texts, the
documents ``ratingkit explain`` quotes and FIDE's versions side by side are derived from
``ratingkit.registry``'s list of the rating systems (``SYSTEMS``) and its rule sets, never
listed again elsewhere.  Each test checks the derived list against what the package's files or
FIDE's own publications say, not against the registry itself."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import ratingkit
from ratingkit import registry
from ratingkit.core import i18n
from ratingkit.documents import DOCUMENTS
from ratingkit.services import versions

PACKAGE = Path(ratingkit.__file__).parent


def _system_packages_on_disk() -> set[str]:
    """The packages that have a rating system's skeleton (ARCHITECTURE.md: each has its
    ``rulesets.py``, ``state.py`` and ``event.py`` or ``formula.py``)."""
    return {path.parent.name for path in PACKAGE.glob("*/rulesets.py")}


def test_every_rating_system_package_is_in_the_list_once() -> None:
    listed = [system.package for system in registry.SYSTEMS]
    assert len(listed) == len(set(listed))
    assert set(listed) == _system_packages_on_disk() == {"fide", "fide1982", "fesa", "lnmo"}


def test_the_rules_catalog_takes_its_texts_from_the_listed_packages() -> None:
    assert i18n.DOMAINS["rules"] == tuple(
        pattern
        for package in ("fide", "fide1982", "fesa", "lnmo")
        for pattern in (f"{package}/*.py", f"{package}/*/*.py")
    )
    # Every rating system's module is extracted into one catalog domain, and no other part
    # of the package shares it.
    files = {path.relative_to(PACKAGE).as_posix() for path in i18n._domain_files("rules")}
    on_disk = {
        path.relative_to(PACKAGE).as_posix()
        for package in _system_packages_on_disk()
        for pattern in ("*.py", "*/*.py")
        for path in (PACKAGE / package).glob(pattern)
    }
    assert files == on_disk
    assert "fesa/steps.py" in files and "fesa/passes.py" in files
    assert "fide/engine/period.py" in files  # a system's subpackage too


def test_a_listed_system_adds_its_package_to_its_domain_once() -> None:
    before = dict(i18n.DOMAINS)
    try:
        i18n.add_catalog_sources("rules", ("fesa/*.py", "elo/*.py"))
        assert i18n.DOMAINS["rules"] == (*before["rules"], "elo/*.py")
        i18n.add_catalog_sources("plugin", ("plugin/*.py",))
        assert i18n.DOMAINS["plugin"] == ("plugin/*.py",)
    finally:
        i18n.DOMAINS.clear()
        i18n.DOMAINS.update(before)
        i18n._translations.cache_clear()


def test_the_documents_are_the_listed_systems_documents() -> None:
    """Each document's data file names the packages that implement it ("packages"): the
    registry's list must say the same, and every data file but the English of FIDE's later
    texts (which has no original) is listed."""
    data_files = {
        path.stem for path in (PACKAGE / "documents").glob("*.json") if path.stem != "fide-later"
    }
    assert set(DOCUMENTS) == data_files
    assert registry.documents() == DOCUMENTS
    for system in registry.SYSTEMS:
        for key in system.documents:
            raw = json.loads((PACKAGE / "documents" / f"{key}.json").read_text("utf-8"))
            assert system.package in raw["packages"], (key, raw["packages"])


def test_fides_versions_are_the_family_and_its_gap_in_date_order() -> None:
    """FIDE's Rating Regulations (FIDE Handbook B.02) took effect on 1 July 2014, 1 July 2017,
    1 January 2022, 1 March 2024 and 1 October 2025; ratingkit has no rule set for 2017's
    text (a gap)."""
    assert versions.VERSIONS == (
        "fide-2014",
        "fide-2017",
        "fide-2022",
        "fide-2024",
        "fide-2025",
    )
    assert versions.family_texts("fide") == versions.VERSIONS
    assert [gap.valid_from for gap in registry.family_gaps("fide")] == [date(2017, 7, 1)]
    assert versions.versions_table().columns == ("clause", *versions.VERSIONS)


def test_the_catalogs_command_updates_the_domains_the_registry_filled(monkeypatch) -> None:
    """``python -m ratingkit.core.i18n update`` runs the file as a second module (``__main__``)
    whose "rules" domain is empty: updating from it would empty the rules catalogs.  It hands
    the command to the package's module, whose domains hold the rating systems' packages."""
    import runpy
    import sys
    import warnings

    import pytest

    called: list[tuple[str, ...]] = []
    monkeypatch.setattr(i18n, "main", lambda: called.append(i18n.DOMAINS["rules"]) or 0)
    # (a command the module's own main refuses, writing nothing, were it called instead)
    monkeypatch.setattr(sys, "argv", ["i18n", "not-a-command"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # runpy: the module is imported already
        with pytest.raises(SystemExit) as exit_:
            runpy.run_module("ratingkit.core.i18n", run_name="__main__")
    assert exit_.value.code == 0
    assert called and "fesa/*.py" in called[0]


def test_the_codecs_packages_are_the_core_and_the_listed_systems() -> None:
    """The ledger stores the typed details of the registry's systems and of no other package
    (a rule set from outside allows its own module, core.outcome_codec.allow_module)."""
    from ratingkit.core import outcome_codec

    assert [
        "ratingkit.core",
        *(f"ratingkit.{system.package}" for system in registry.SYSTEMS),
    ] == outcome_codec.ALLOWED_PACKAGES
