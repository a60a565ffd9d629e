"""The officer's desk, driven from Python: the upload buttons' value set as a browser sets it,
then what the page shows and what its downloads hold, read back independently (csv, openpyxl,
ratingkit's readers)."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT
from fide_by_hand import pd

from ratingkit.formats import read_event
from ratingkit.notebook.widgets.desk import OfficersDesk, table_csv, uploaded_files

EXAMPLES = ROOT / "examples"


def upload_value(*paths: Path, names: tuple[str, ...] = ()) -> tuple[dict, ...]:
    """What ipywidgets 8's FileUpload holds after the browser sent the files."""
    return tuple(
        {
            "name": names[i] if names else path.name,
            "type": "",
            "size": path.stat().st_size,
            "content": memoryview(path.read_bytes()),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC),
        }
        for i, path in enumerate(paths)
    )


def desk_with(
    *paths: Path, player_file: Path | None = None, names: tuple[str, ...] = ()
) -> OfficersDesk:
    desk = OfficersDesk()
    if player_file is not None:
        desk.player_upload.value = upload_value(player_file)
    desk.event_upload.value = upload_value(*paths, names=names)
    return desk


def csv_rows(text: str, delimiter: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))


def published_fesa_table(path: Path) -> dict[str, tuple[int, int | None]]:
    """Name -> (ELO column, +/- column) of a published FESA table, parsed here by the columns
    its header line gives (not by ratingkit)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("Nr "))
    found = {}
    for line in lines[header + 1 :]:
        match = re.match(
            r"\s*\d+ (\S+)\s+(\S+)\s+.*?(\d+)\*?\s+(?:\d+[+=-]\s+)+\d+\s+[\d.]+\s*([+-]\d+)?$", line
        )
        if match is None:
            break
        last, first, elo, change = match.groups()
        found[f"{last} {first}"] = (int(elo), int(change) if change else None)
    return found


# -- the upload ------------------------------------------------------------------------------


def test_uploaded_files_reads_ipywidgets_8_and_7_values():
    data = b"x"
    assert uploaded_files(({"name": "a.trf", "content": memoryview(data)},)) == [("a.trf", data)]
    assert uploaded_files({"a.trf": {"content": data}}) == [("a.trf", data)]
    assert uploaded_files(()) == []


def test_a_trf_round_robin_shows_what_was_read_and_the_rules_in_force():
    trf = EXAMPLES / "round-robin-two-unrated.trf"
    desk = desk_with(trf)
    values = desk.values
    assert values["error"] is None
    text = trf.read_text(encoding="utf-8")
    players = [line for line in text.splitlines() if line.startswith("001")]
    summary = desk.summary.value
    # 8 players in a single round robin: 8 * 7 / 2 = 28 games, no byes.
    assert len(players) == 8
    assert ">players</th><td>8<" in summary
    assert ">games</th><td>28<" in summary
    assert ">byes</th><td>0<" in summary
    assert "trf" in summary
    # The event began on 2015/03/06 (line 042): FIDE Rating Regulations of 1 July 2014 were in
    # force until 30 June 2017.
    assert "042 2015/03/06" in text
    assert values["rules"] == "fide-2014"
    assert desk.rules.value == "fide-2014"
    assert "2015-03-06" in values["reason"] and "2014-07-01 to 2017-06-30" in values["reason"]
    assert "fide-2014" in desk.reason.value and "default" in desk.reason.value
    # the shogi rule sets are not offered, and why is said once
    offered = [v for _, v in desk.rules.options]
    assert "fesa" not in offered and "lnmo" not in offered
    assert "fesa" in values["refused"] and "rates shogi" in values["refused"]["fesa"]
    # the two players with no rating in the file (empty rating columns) are listed as unrated
    unrated_in_file = {line[14:47].strip() for line in players if not line[48:52].strip()}
    assert unrated_in_file == {row["name"] for row in values["unrated"]}
    assert all(row["rating before"] == "none" for row in values["unrated"])
    assert "Rc" in desk.output.value and "K" in desk.output.value  # FIDE's own columns


def test_why_rows_add_up_to_each_players_change():
    desk = desk_with(EXAMPLES / "round-robin-two-unrated.trf")
    outcome = desk.values["report"].outcome
    checked = 0
    for player in outcome.players:
        desk.player.value = player.id
        rows = desk.values["why"]
        if player.rating_before is None:
            continue
        total = sum(r["contribution"] for r in rows if r["rated"])
        assert total == pytest.approx(float(player.change), abs=1e-9)
        # the published rating is the old one plus the change, rounded (to within a half)
        assert abs(player.rating_before + total - player.rating_after) <= 0.5
        fall = desk.values["waterfall"]
        assert fall.start == player.rating_before and fall.end == player.rating_after
        assert fall.start + sum(change for _, change in fall.steps) == pytest.approx(fall.end)
        assert "<svg" in desk.plot.value
        checked += 1
    assert checked == 6  # the 8 players less the 2 unrated
    # a game against an unrated opponent names the rule that rated it (FIDE 2014, 8.52)
    desk.player.value = outcome.players[0].id
    assert any(r["rule"].startswith("8.52") for r in desk.values["why"])
    assert "8.52" in desk.why.value


def test_why_shows_fide_2014_d_pd_and_score_minus_pd_of_each_game():
    trf = EXAMPLES / "round-robin-two-unrated.trf"
    # the ratings and names as the TRF's 001 lines give them (columns 15-47 and 49-52)
    players = [line for line in trf.read_text().splitlines() if line.startswith("001")]
    rating = {line[14:47].strip(): int(line[48:52]) for line in players if line[48:52].strip()}
    desk = desk_with(trf)
    assert desk.values["rules"] == "fide-2014"
    arkell = next(p for p in desk.values["report"].outcome.players if p.name == "Arkell,Tomas")
    desk.player.value = arkell.id
    rows = {r["opponent"]: r for r in desk.values["why"]}
    checked = 0
    for opponent in ("Holm,Sigrid", "Castro,Miguel", "Brandt,Ilse"):
        d = rating["Arkell,Tomas"] - rating[opponent]  # 8.5: D = own rating - opponent's
        expected = float(pd(d))  # table 8.1b, read from the printed text by fide_by_hand
        row = rows[opponent]
        assert row["D"] == d and row["rating used"] == rating[opponent]
        assert row["PD"] == pytest.approx(expected)
        assert row["score-PD"] == pytest.approx(row["score"] - expected)
        checked += 1
    assert checked == 3
    # the columns stand between whether the game was rated and its contribution, shown with
    # at most two decimals (the page's table)
    assert list(desk.values["why"][0])[4:9] == ["rating used", "capped", "D", "PD", "score-PD"]
    assert "<th>PD</th><th>score-PD</th><th>contribution</th>" in desk.why.value
    # Holm: D = 2310 - 1990 = 320, table 8.1b's band 316-328: PD 0.87
    assert pd(320) == Fraction(87, 100)
    assert "<td>320</td><td>0.87</td><td>0.13</td>" in desk.why.value
    # the lower rated player's side: D negative, PD(L) = 1 - PD(H)
    holm = next(p for p in desk.values["report"].outcome.players if p.name == "Holm,Sigrid")
    desk.player.value = holm.id
    row = next(r for r in desk.values["why"] if r["opponent"] == "Arkell,Tomas")
    assert row["D"] == -320 and row["PD"] == pytest.approx(float(pd(-320))) == 0.13
    assert "None" not in desk.why.value and "-0.00" not in desk.why.value


def test_why_shows_fesa_formula_1_term_by_term():
    desk = desk_with(
        EXAMPLES / "fesa-spring-cup.txt", player_file=EXAMPLES / "fesa-spring-cup-players.csv"
    )
    # Berg (1402 in the player file, 130 games) beat Rossi in round 1; Rossi's rating after
    # the event, as the published table gives it (ELO + the +/- column), is what formula (1)
    # uses (rules 8 and 11)
    published = published_fesa_table(EXAMPLES / "fesa-spring-cup-rated.txt")
    elo, change = published["Rossi Marta"]
    opponent = elo + change
    tr = 1402
    expected = 1 / (1 + 10 ** ((opponent - tr) / 400))  # formula (1)
    k = 28  # k(tr) for 1280-1559
    berg = next(p for p in desk.values["report"].outcome.players if p.name == "Berg Lars")
    desk.player.value = berg.id
    row = next(r for r in desk.values["why"] if r["round"] == 1)
    assert row["opponent"] == "Rossi Marta" and row["score"] == 1
    assert row["opponent_rating"] == opponent and row["k"] == k
    assert row["expected"] == pytest.approx(expected, abs=1e-12)
    assert row["d"] == pytest.approx(k * (1 - expected), abs=1e-12)
    # no upset (he was the higher rated) and no bonus (100 rated games, rule 9): d is the change
    assert row["bonus"] == 0 and row["contribution"] == pytest.approx(k * (1 - expected))
    assert f"<td>{expected:.2f}</td><td>{k * (1 - expected):.2f}</td>" in desk.why.value
    assert "None" not in desk.why.value


def test_why_shows_lnmo_rule_2_and_nothing_for_fide_1982():
    club = EXAMPLES / "lnmo-club"
    desk = desk_with(club / "games.csv", club / "players.csv")
    rows = desk.values["why"]
    assert rows and all({"grade", "opponent_grade", "D", "case", "table"} <= set(r) for r in rows)
    # the 1982 rules rate by the average method (10.6): no per-game calculation columns
    desk = desk_with(EXAMPLES / "fide-1982-berger.csv")
    assert all(
        set(r) == {"round", "opponent", "score", "rated", "contribution", "rule"}
        for r in desk.values["why"]
    )


def test_fesa_table_and_player_file_give_the_published_changes_and_the_rated_table():
    desk = desk_with(
        EXAMPLES / "fesa-spring-cup.txt", player_file=EXAMPLES / "fesa-spring-cup-players.csv"
    )
    values = desk.values
    assert values["error"] is None
    # the event is of 2026-04-18: FESA's rules since 2012
    assert values["rules"] == "fesa" and "2026-04-18" in values["reason"]
    assert "fesa-spring-cup-players.csv" in desk.summary.value
    assert "ratingkit-desk-" not in desk.output.value  # the temporary folder is not shown
    assert desk.results.layout.display == ""
    published = published_fesa_table(EXAMPLES / "fesa-spring-cup-rated.txt")
    assert len(published) == 6
    for player in values["report"].outcome.players:
        desk.player.value = player.id
        rated = [r["contribution"] for r in desk.values["why"] if r["rated"]]
        _elo, change = published[player.name]
        if change is None:  # rated by performance: no change printed
            continue
        assert round(sum(rated)) == change, player.name
    # the rated FESA table downloaded is the published one
    table = values["exports"]["fesa"].data.decode("utf-8")
    expected = (EXAMPLES / "fesa-spring-cup-rated.txt").read_text(encoding="utf-8")
    assert [line.rstrip() for line in table.strip().splitlines()] == [
        line.rstrip() for line in expected.strip().splitlines()
    ]
    assert "trf" in values["not_exported"]


def test_a_csv_pair_uploaded_as_files_and_its_exports_read_back(tmp_path):
    import openpyxl

    folder = EXAMPLES / "fide-autumn-open-2025"
    desk = desk_with(folder / "games.csv", folder / "players.csv", folder / "event.csv")
    values = desk.values
    assert values["error"] is None, values["error"]
    players_lines = (folder / "players.csv").read_text(encoding="utf-8").splitlines()[1:]
    games_lines = (folder / "games.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert f">players</th><td>{len(players_lines)}<" in desk.summary.value
    assert f">games</th><td>{len(games_lines)}<" in desk.summary.value
    # event.csv: start 2025-11-07; the FIDE text amended from 1 October 2025 is in force
    assert "start,2025-11-07" in (folder / "event.csv").read_text(encoding="utf-8")
    assert values["rules"] == "fide-2025" and "2025-10-01" in values["reason"]
    # check's finding (games against an unrated opponent are not rated): the 2024 text's
    # 8.3.1, not the 2014 text's 8.52
    assert [f.rule.clause for f in values["findings"]] == ["8.3.1"]
    assert "8.3.1" in desk.findings.value and "8.52" not in desk.findings.value

    # CSV: ';' and decimal comma by default
    rows = csv_rows(values["exports"]["csv"].data.decode("utf-8"), ";")
    assert len(rows) == len(players_lines)
    for row in rows:
        desk.player.value = row["id"]
        why = [r["contribution"] for r in desk.values["why"] if r["rated"]]
        if row["change"]:
            assert "." not in row["change"]
            assert float(row["change"].replace(",", ".")) == pytest.approx(sum(why), abs=1e-9)
    # switching to ',' and decimal point rewrites it
    desk.separator.value = ","
    desk.decimal.value = "."
    again = csv_rows(desk.values["exports"]["csv"].data.decode("utf-8"), ",")
    assert [r["change"].replace(".", ",") for r in again] == [r["change"] for r in rows]

    # XLSX: the players sheet holds the same numbers
    book = openpyxl.load_workbook(io.BytesIO(values["exports"]["xlsx"].data))
    sheet = book["players"]
    header = [c.value for c in sheet[1]]  # issue 25: the header is the first row
    by_id = {r[header.index("id")]: r for r in sheet.iter_rows(min_row=2, values_only=True)}
    for row in rows:
        after = by_id[row["id"]][header.index("rating_after")]
        assert (str(after) if after is not None else "") == row["rating_after"]

    # TRF: read back by ratingkit to the same players and games
    trf = tmp_path / "back.trf"
    trf.write_bytes(values["exports"]["trf"].data)
    back = read_event(trf)
    original = values["loaded"].event
    assert [(p.name, p.rating) for p in back.players] == [
        (p.name, p.rating) for p in original.players
    ]
    names = {p.id: p.name for p in original.players}
    back_names = {p.id: p.name for p in back.players}
    assert sorted(
        (g.round, back_names[g.white], back_names[g.black], g.result_code) for g in back.games
    ) == sorted((g.round, names[g.white], names[g.black], g.result_code) for g in original.games)
    assert back.start == original.start

    # the new player file: every player's new rating, for the next event
    state = csv_rows(values["exports"]["players"].data.decode("utf-8"), ",")
    after = {r["id"]: r["rating_after"] for r in rows}
    for record in state:
        if after.get(record["id"]):
            assert record["rating"] == after[record["id"]]


def test_a_broken_file_shows_the_message_with_file_line_and_value(tmp_path):
    good = (EXAMPLES / "round-robin-two-unrated.trf").read_text(encoding="utf-8").splitlines()
    lines = [
        line.replace(" 7 b 1 ", " 7 b X ", 1) if line.startswith("001    1") else line
        for line in good
    ]
    broken = tmp_path / "broken.trf"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line_no = next(i for i, line in enumerate(lines, start=1) if " 7 b X " in line)
    desk = desk_with(broken)
    error = desk.values["error"]
    assert error is not None
    assert f"broken.trf:{line_no}" in error or ("broken.trf" in error and str(line_no) in error)
    assert "X" in error
    assert "ratingkit-desk-" not in error  # the temporary folder is not shown
    assert "Cannot read" in desk.message.value and "Traceback" not in desk.message.value
    assert desk.values["report"] is None and desk.output.value == ""
    assert desk.results.layout.display == "none"
    # a good file afterwards clears the message
    desk.event_upload.value = upload_value(EXAMPLES / "round-robin-two-unrated.trf")
    assert desk.values["error"] is None and desk.message.value == ""


def test_several_event_files_are_refused_in_the_page():
    desk = desk_with(EXAMPLES / "round-robin-two-unrated.trf", EXAMPLES / "fesa-spring-cup.txt")
    assert "2 event files uploaded" in desk.values["error"]


def test_a_score_table_defaults_to_fide_1982_and_lnmo_records_to_lnmo():
    desk = desk_with(EXAMPLES / "fide-1982-berger.csv")
    assert desk.values["rules"] == "fide-1982" and "score table" in desk.values["reason"]
    assert [v for _, v in desk.rules.options] == ["fide-1982", "fide-1982-literal"]
    assert "no game rows" in desk.why.value
    club = EXAMPLES / "lnmo-club"
    desk = desk_with(club / "games.csv", club / "players.csv")
    assert desk.values["rules"] == "lnmo"
    instructor = next(r for r in desk.values["unrated"] if r["id"] == "dk")
    assert instructor["became"] == "not rated" and instructor["games not rated by"].startswith("6")


def test_picking_another_rule_set_rerates():
    desk = desk_with(EXAMPLES / "fide-1982-berger.csv")
    desk.rules.value = "fide-1982-literal"
    assert desk.values["rules"] == "fide-1982-literal"
    assert desk.values["report"].rules == "fide-1982-literal"
    assert "picked by hand" in desk.reason.value


def test_table_csv_protects_formulas_and_uses_the_decimal_mark():
    from ratingkit.core.report import Table

    table = Table("t", ("name", "x"), ({"name": "=cmd", "x": -2.5},))
    text = table_csv(table, ";", ",")
    assert text.splitlines() == ["name;x", "'=cmd;-2,5"]


def test_waterfall_plot_draws_each_step_from_where_the_last_ended():
    import matplotlib

    matplotlib.use("Agg")
    from ratingkit.notebook.plots.desk import plot_rating_waterfall

    ax = plot_rating_waterfall(2000, [("r1", 5.0), ("r2", -3.0), ("rounding", 0.4)], 2002)
    bars = ax.patches
    assert len(bars) == 5
    # the steps: 2000 -> 2005 (up), 2005 -> 2002 (down), 2002 -> 2002.4
    assert (bars[1].get_y(), bars[1].get_height()) == pytest.approx((2000, 5))
    assert (bars[2].get_y(), bars[2].get_height()) == pytest.approx((2002, 3))
    assert (bars[3].get_y(), bars[3].get_height()) == pytest.approx((2002, 0.4))
    assert bars[0].get_y() + bars[0].get_height() == pytest.approx(2000)
    assert bars[4].get_y() + bars[4].get_height() == pytest.approx(2002)
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "before",
        "r1",
        "r2",
        "rounding",
        "after",
    ]


def test_the_printable_report_is_a_download_one_event_a_page():
    folder = EXAMPLES / "fide-autumn-open-2025"
    desk = desk_with(folder / "games.csv", folder / "players.csv", folder / "event.csv")
    page = desk.values["exports"]["html"].data.decode("utf-8")
    with open(folder / "players.csv", encoding="utf-8", newline="") as handle:
        names = [row["name"] for row in csv.DictReader(handle)]
    assert "@page" in page and "<script" not in page and "http" not in page
    assert all(html.escape(name) in page for name in names)
    assert "FIDE" in page  # the document it implements, under the title
    assert 'download="' in desk.downloads.value and "-report.html" in desk.downloads.value


def test_the_event_is_named_after_its_own_folder_never_the_temporary_one():
    # A CSV pair and club records are named after the folder they lie in (the readers'
    # rule): an example keeps its folder's name; uploaded files are "uploaded event".
    folder = EXAMPLES / "fide-autumn-open-2025"
    files = [folder / "games.csv", folder / "players.csv", folder / "event.csv"]
    desk = OfficersDesk()
    desk.load([(f.name, f.read_bytes()) for f in files], name=folder.name)
    assert desk.values["loaded"].event.name == read_event(folder).name
    desk.load([(f.name, f.read_bytes()) for f in files[:2]])  # no event.csv naming it
    assert desk.values["loaded"].event.name == "uploaded event"
    assert "ratingkit-desk" not in desk.summary.value


def test_the_findings_rows_name_the_players():
    """The desk's findings table shows a finding's games with the players' names (those the
    check table carries), several games apart by semicolons (a name may hold a comma)."""
    from ratingkit.core.outcome import Finding, GameRef, Rule
    from ratingkit.core.report import CheckTable
    from ratingkit.notebook.widgets.desk import findings_rows

    names = {"a": "Aldren, Tomas", "b": "Cerny, Jan", "c": "Dvorak, Eva"}
    finding = Finding(
        Rule("8.52", "opponent unrated"),
        "opponent unrated",
        (GameRef(3, "a", "b"), GameRef(4, "c", "a")),
        breaks_validity=False,
    )
    (row,) = findings_rows(CheckTable.of([finding], "check", names))
    assert row["games"] == "r3 Aldren, Tomas - Cerny, Jan; r4 Dvorak, Eva - Aldren, Tomas"
    assert row["effect"] == "games not rated"


# -- hostile uploads (issue 26, 4): one line in the page, the desk still usable -------------------

ROUND_ROBIN = EXAMPLES / "round-robin-two-unrated.trf"


def assert_one_line_error_and_still_usable(desk: OfficersDesk, *expected: str) -> None:
    error = desk.values["error"]
    assert error is not None and "\n" not in error
    for text in expected:
        assert text in error, (text, error)
    assert "Cannot read the file" in desk.message.value
    assert "Traceback" not in desk.message.value and "\n" not in desk.message.value
    assert desk.results.layout.display == "none" and desk.values["report"] is None
    assert desk.progress_box.layout.display == "none"  # the bar does not stay behind
    # the next upload is read and rated as if nothing had happened
    desk.load([(ROUND_ROBIN.name, ROUND_ROBIN.read_bytes())])
    assert desk.values["error"] is None and desk.values["report"] is not None
    assert desk.message.value == ""


def test_an_upload_name_with_a_nul_byte_is_one_line_in_the_page():
    # Before: ValueError("embedded null byte") escaped OfficersDesk.load.
    desk = desk_with(ROUND_ROBIN, names=("bad\x00name.trf",))
    assert_one_line_error_and_still_usable(desk, "NUL byte", "'bad\\x00name.trf'")


def test_an_upload_name_over_255_bytes_is_one_line_in_the_page():
    # Before: OSError [Errno 36] File name too long.  128 Cyrillic letters are 256 bytes in
    # UTF-8 (2 bytes each), one over NAME_MAX; 127 of them and ".trf" fit.
    long_name = "я" * 128 + ".trf"
    assert len(long_name.encode("utf-8")) == 260
    desk = desk_with(ROUND_ROBIN, names=(long_name,))
    assert_one_line_error_and_still_usable(desk, "260 bytes", "at most 255")
    fitting = "я" * 125 + ".trf"  # 254 bytes
    desk.event_upload.value = upload_value(ROUND_ROBIN, names=(fitting,))
    assert desk.values["error"] is None and fitting in desk.summary.value


def test_an_upload_name_that_is_not_unicode_is_one_line_in_the_page():
    # a lone surrogate (what a browser never sends, a hostile client may)
    desk = desk_with(ROUND_ROBIN, names=("bad\udcffname.trf",))
    assert_one_line_error_and_still_usable(desk, "not valid Unicode")


def test_an_upload_with_a_folder_for_a_name_is_one_line_in_the_page():
    desk = desk_with(ROUND_ROBIN, names=("../",))
    assert_one_line_error_and_still_usable(desk, "not a file name")


def test_an_empty_upload_is_one_line_in_the_page(tmp_path):
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    desk = desk_with(empty)
    assert_one_line_error_and_still_usable(desk, "empty.trf")


def test_any_other_failure_of_an_upload_is_its_kind_and_words_in_one_line(monkeypatch):
    # What ratingkit does not foresee (a full disk, a bug in a reader) is shown as the
    # exception's kind and words, one line, never a traceback.
    import ratingkit.notebook.widgets.desk as desk_module

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device\nwhile writing")

    monkeypatch.setattr(desk_module, "load_uploads", full_disk)
    desk = desk_with(ROUND_ROBIN)
    assert desk.values["error"] == "OSError: [Errno 28] No space left on device while writing"
    monkeypatch.undo()
    assert_one_line_error_and_still_usable(desk, "OSError")


def test_a_failure_while_rating_is_one_line_and_another_rule_set_still_rates(monkeypatch):
    from ratingkit.fide import rulesets

    desk = desk_with(ROUND_ROBIN)
    assert desk.rules.value == "fide-2014"

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(type(rulesets.FIDE_2024), "rate", broken)
    desk.rules.value = "fide-2024"
    assert desk.values["error"] == "ZeroDivisionError: division by zero"
    assert "Cannot rate:" in desk.message.value and "\n" not in desk.message.value
    assert desk.progress_box.layout.display == "none"
    monkeypatch.undo()
    desk.rules.value = "fide-2014"
    assert desk.values["error"] is None and desk.values["report"] is not None


def test_an_upload_over_50_mb_is_refused_with_a_message_and_one_of_50_mb_is_read(tmp_path):
    from ratingkit.notebook.widgets.desk import MAX_UPLOAD_BYTES

    assert MAX_UPLOAD_BYTES == 50 * 1024 * 1024
    # The round robin's TRF padded with comment lines (TRF's "###") to exactly the limit:
    # read; one byte more: refused before anything is written or read.
    text = ROUND_ROBIN.read_bytes()
    padding = MAX_UPLOAD_BYTES - len(text)
    lines, left = divmod(padding, 1_000)
    line = b"### " + b"x" * 995 + b"\n"  # 1,000 bytes
    last = b"### " + b"x" * (995 + left) + b"\n"
    big = text + line * (lines - 1) + last
    assert len(big) == MAX_UPLOAD_BYTES
    desk = OfficersDesk()
    desk.load([("big.trf", big)])
    assert desk.values["error"] is None, desk.values["error"]
    desk.load([("big.trf", big + b"#")])
    assert_one_line_error_and_still_usable(desk, "50.0 MB", "up to 50 MB", "ratingkit rate")


def test_the_upload_buttons_have_a_tooltip_in_the_language_of_the_page():
    # ipywidgets 8 draws a button without a tooltip with the title "null" (issue 26, 4).
    from ratingkit.core import i18n

    desk = OfficersDesk()
    for button in (desk.event_upload, desk.player_upload):
        assert isinstance(button.tooltip, str) and button.tooltip.strip()
    assert "50 MB" in desk.event_upload.tooltip
    try:
        desk.language.value = "ru"
        assert re.search("[А-Яа-я]", desk.event_upload.tooltip)
        assert re.search("[А-Яа-я]", desk.player_upload.tooltip)
    finally:
        desk.language.value = "en"
        i18n.set_language(None)


# -- at size (issue 26, 1): the first rows, a search, show all; the state under 1 MB -------------


@pytest.fixture(scope="module")
def big_desk(tmp_path_factory):
    from big_event import write_event

    folder = write_event(tmp_path_factory.mktemp("big") / "upload", players=2_000, games=9_001)
    desk = OfficersDesk()
    desk.load([(p.name, p.read_bytes()) for p in sorted(folder.iterdir())])
    assert desk.values["error"] is None, desk.values["error"]
    return desk


def widget_state_bytes(desk: OfficersDesk) -> int:
    """The JSON of the desk's widget state: every model its view reaches (its children,
    layouts, styles), as a page or a saved notebook holds them."""
    import json

    from ipywidgets import Widget

    state = Widget.get_manager_state(drop_defaults=True)["state"]
    seen, todo = set(), [desk.view.model_id]
    while todo:
        model = todo.pop()
        if model not in seen:
            seen.add(model)
            todo.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(state[model])))
    return len(json.dumps({model: state[model] for model in seen}))


def body_rows(table_html: str) -> list[str]:
    """The ids (first cells) of the rows of the first HTML table after ``<tbody>``."""
    body = table_html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.findall(r"<tr><td>([^<]*)</td>", body)


def test_a_2000_player_event_shows_its_first_rows_and_the_state_stays_under_1_mb(big_desk):
    from ratingkit.notebook.widgets.desk import FIRST_ROWS

    report = big_desk.values["report"]
    assert len(report.players) == 2_000 and len(report.games) == 2 * 9_001
    output = big_desk.output.value
    # the players' table: its first 50 rows, in the report's order, and a line that says so
    assert body_rows(output) == [row["id"] for row in report.players.rows[:FIRST_ROWS]]
    assert "the first 50 of 2000" in output
    assert "per-game detail (18002 rows)" in output and "XLSX download" in output
    assert len(big_desk.player.options) == 100  # the picker's first players, then a line
    assert "players offered: 100 of 2000" in big_desk.choices.value
    # a big event's downloads wait for their button; none is carried in the page
    assert big_desk.values["exports"] == {} and "data:" not in big_desk.downloads.value
    assert set(big_desk.export_buttons) == {"csv", "xlsx", "html", "trf", "players"}
    # the page before issue 26 held 15.6 MB for this event
    assert widget_state_bytes(big_desk) < 1_000_000


def test_the_search_finds_a_player_in_the_tables_and_the_picker(big_desk):
    try:
        big_desk.search.value = "Player 1234"
        # id 1234's name is "Player 1234" (tests/big_event.py); "Player 1234" is found in no
        # other name (Player 12340 would be, but there are only 2,000 players)
        assert body_rows(big_desk.output.value) == ["1234"]
        assert html.escape("rows found for 'Player 1234': 1 of 2000") in big_desk.output.value
        assert [value for _label, value in big_desk.player.options] == ["1234"]
        assert big_desk.values["player"] == "1234"  # the "why" shows the player found
        assert "Player 1234:" in big_desk.why.value
        big_desk.search.value = "Player 199"  # 199 and 1990-1999
        assert body_rows(big_desk.output.value) == ["199", *map(str, range(1990, 2000))]
    finally:
        big_desk.search.value = ""
    assert len(body_rows(big_desk.output.value)) == 50


def test_show_all_loads_every_row_on_demand(big_desk):
    report = big_desk.values["report"]
    try:
        big_desk.show_all.value = True
        assert body_rows(big_desk.output.value) == [row["id"] for row in report.players.rows]
    finally:
        big_desk.show_all.value = False
    assert len(body_rows(big_desk.output.value)) == 50
    assert widget_state_bytes(big_desk) < 1_000_000


def test_a_big_events_download_is_made_when_its_button_is_pressed(big_desk):
    try:
        big_desk.export_buttons["csv"].click()
        assert set(big_desk.values["exports"]) == {"csv"}
        export = big_desk.values["exports"]["csv"]
        rows = csv_rows(export.data.decode("utf-8"), ";")
        assert len(rows) == 2_000 and rows[0]["id"] == "1"
        assert export.filename in big_desk.downloads.value and "data:text/csv" in (
            big_desk.downloads.value
        )
        big_desk.export_buttons["trf"].click()  # the next one replaces it in the page
        assert set(big_desk.values["exports"]) == {"trf"}
        assert "data:text/csv" not in big_desk.downloads.value
    finally:
        big_desk._export()  # as the page is after rating: buttons, no file carried


def test_reading_and_rating_show_a_progress_bar_naming_each_step():
    desk = OfficersDesk()
    seen = []

    def watch(change):
        if change["new"]:
            seen.append((desk.progress.value, desk.progress.max, change["new"]))

    desk.step.observe(watch, names="value")
    desk.load([(ROUND_ROBIN.name, ROUND_ROBIN.read_bytes())])
    steps = [html.unescape(re.sub("<[^>]+>|…", "", text)) for _value, _max, text in seen]
    assert steps == [
        "writing the uploaded files",
        "reading the event",
        "finding the rule sets that can rate it",
        "checking the event",
        "rating",
        "laying out the report",
        "explaining the first player's change",
    ]
    assert [value for value, _max, _text in seen] == list(range(7))  # one more done each time
    assert {total for _value, total, _text in seen} == {7}
    assert desk.progress_box.layout.display == "none"  # hidden once the report is shown


def test_the_served_configuration_lets_an_upload_of_50_mb_through_its_websocket():
    # tornado closes a websocket whose message is over websocket_max_message_size (10 MiB
    # unless set: the page's connection dropped at a 10 MiB upload).  ipywidgets' FileUpload
    # sends the files' bytes in one message with a little JSON around them.
    import json

    from ratingkit.notebook.widgets.desk import MAX_UPLOAD_BYTES

    settings = json.loads((ROOT / "ratingkit" / "workshop" / "share" / "voila.json").read_text())
    limit = settings["Voila"]["tornado_settings"]["websocket_max_message_size"]
    assert isinstance(limit, int) and limit >= 2 * MAX_UPLOAD_BYTES
