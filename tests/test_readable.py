"""Issue 17 point 4, readable output: what the notebooks and widgets show."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ratingkit.core.model import Event, Game, Player
from ratingkit.core.outcome import GameKind
from ratingkit.core.report import Table, format_cell
from ratingkit.formats import read_event
from ratingkit.notebook.widgets.compare import render
from ratingkit.services.compare import compare

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("0*.ipynb") if not p.name.startswith("05"))
RAW = [
    re.compile(r"\bNone\b"),
    re.compile(r"(?<![\d.,])-0([.,]0+)?(?![\d.,])"),  # also -0,0 (a decimal comma)
    re.compile(r"Fraction\("),
    re.compile(r"\(id="),
    re.compile(r"Rule\("),
    re.compile(r"RULES\.md"),
    re.compile(r"\b[A-Z]\w*\(\w+="),  # a repr: PoolConfig(players=..., VBox(children=...
]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _outputs(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    # the stored widget state: what the widgets show before anything runs
    texts = _strings(notebook["metadata"].get("widgets", {}))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            texts.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            texts.append("".join(out.get("text", "")))
            for kind, value in out.get("data", {}).items():
                if kind in {"text/html", "text/plain"}:
                    texts.append("".join(value) if isinstance(value, list) else value)
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_raw_values_in_notebook_outputs(path: Path) -> None:
    found = [
        text[max(0, m.start() - 40) : m.end() + 20]
        for text in _outputs(path)
        for pattern in RAW
        for m in pattern.finditer(text)
    ]
    assert found == []


def test_format_cell_ratings_integers_changes_two_decimals() -> None:
    # by hand: 1834.1117 is 1834 as a rating; 12.5911 is 12.59 as a change
    assert format_cell(1834.0, column="rating_after") == "1834"
    assert format_cell(1829.6, column="rating_after") == "1830"
    assert format_cell(12.5911, column="change") == "12.59"
    assert format_cell(-4.5937, column="change") == "-4.59"
    assert format_cell(-0.001, column="change") == "0"
    assert format_cell(-10.2, column="change") == "-10.2"
    assert format_cell(-0.0) == "0"
    assert format_cell(-0.04, "{:+.1f}") == "+0.0"
    assert format_cell(-0.04, "{:.1f}") == "0.0"
    assert format_cell(None, column="rating_before") == ""


def test_long_text_leaves_the_column() -> None:
    why = "K=20 (8.56: rating under 2400); 400-point cap (8.54) in 3 game(s); and more words"
    html = Table("t", ("id", "why"), [{"id": "a", "why": why}]).to_html()
    assert f'title="{why}"' in html
    # issue 25: the cut cell is not repeated in full on a further row; the tooltip has it
    assert 'class="ratingkit-details"' not in html
    assert html.count(why) == 1 and "K=20 (8.56: rating under 2400) …" in html


def _chess() -> Event:
    players = (Player("a", "A", 2000), Player("b", "B", 1900))
    return Event("Chess match", players, (Game(1, "a", "b", 1, 0),), game=GameKind.CHESS)


def test_compare_widget_leaves_out_what_cannot_rate_saying_why_once() -> None:
    comparison = compare(_chess(), ["fide-2014", "fesa", "fesa-2011", "lnmo"])
    page = render(comparison)
    assert "fesa after" not in page and "lnmo after" not in page
    assert "fide-2014 after" in page
    assert page.count("they rate shogi; this event is chess") == 1
    assert "fesa, fesa-2011, lnmo" in page


def test_left_out_groups_reasons() -> None:
    club = read_event(ROOT / "examples" / "club-evening-plain")
    comparison = compare(club, ["fide-2014", "lnmo"])
    groups = comparison.left_out()
    assert [names for names, _ in groups] == [("lnmo",)]
    assert "no grade" in groups[0][1]
