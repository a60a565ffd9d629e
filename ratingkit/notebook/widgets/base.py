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

    #: What a viewer that cannot run widgets shows instead of the controls (the notebook
    #: stored, on a page that renders no widgets): a sentence, not the containers' repr.
    plain_text = N_("an interactive widget: open the notebook in JupyterLab or Voila to use it")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        bundle = dict(self.view._repr_mimebundle_())
        bundle["text/plain"] = f"{type(self).__name__}: {_(self.plain_text)}"
        display(bundle, raw=True)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
