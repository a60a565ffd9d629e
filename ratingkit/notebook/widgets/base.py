"""The base class of the workbook's widgets: a view to display, an output to render into, and a
busy flag so that controls set by the widget itself do not start a recomputation; the flag is
reset in ``finally``, so an error in one update never leaves the widget deaf."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...core.i18n import N_, _


class Widget:
    """What every widget of :mod:`ratingkit.notebook.widgets` shares.

    A subclass builds ``self.view`` (an ipywidgets container) and ``self.output`` (an
    ``ipywidgets.HTML``), and wraps the code that sets its own controls in
    ``with self.busy():``; handlers return early ``if self.is_busy``."""

    view: Any
    output: Any
    _busy: bool = False

    @property
    def is_busy(self) -> bool:
        return self._busy

    @contextmanager
    def busy(self) -> Iterator[None]:
        """Mark the widget busy while it sets its own controls (always reset afterwards)."""
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    #: What a viewer that cannot draw the widget shows instead of the controls: a sentence, not
    #: the containers' repr, saying what to do in the words of the place it is seen (JupyterLab
    #: shows it in an untrusted notebook, whose stored views it does not draw, until the cell
    #: runs; its menu is named as JupyterLab names it).
    plain_text = N_(
        "an interactive widget: to use it, run its cell (in JupyterLab: Run > Run All Cells) "
        "or open the notebook with Voila"
    )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        bundle = dict(self.view._repr_mimebundle_())
        bundle["text/plain"] = f"{type(self).__name__}: {_(self.plain_text)}"
        display(bundle, raw=True)  # type: ignore[no-untyped-call]  # IPython has no annotations

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
