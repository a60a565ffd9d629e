from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # tests only; notebooks keep the inline backend

import matplotlib.pyplot as plt
from conftest import DATA

from ratingkit.notebook.plots.ledger import plot_rating_history
from ratingkit.services.ledger import Ledger


def test_rating_history_plots_the_published_ratings(tmp_path):
    season = DATA / "ledger" / "season"
    with Ledger.create(tmp_path / "s.sqlite", "fesa") as book:
        files = sorted(season.glob("*-games.csv"))
        book.import_file(files[0], season / "players.csv")
        for file in files[1:3]:
            book.import_file(file)
        for row in book.periods().rows:
            book.rate_period(row["period"])
        ax = plot_rating_history(book, ["nl01", "be01"])
        lines = {line.get_label(): line for line in ax.get_lines()}
        published = {r["name"]: r["rating"] for r in book.published_list("2024-02").rows}
    assert set(lines) == {"Bakker Anna", "Peeters Lotte"}
    assert list(lines["Bakker Anna"].get_xdata()) == ["2024-01", "2024-02"]
    assert lines["Bakker Anna"].get_ydata()[-1] == published["Bakker Anna"]
    plt.close("all")
