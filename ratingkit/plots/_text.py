"""Text from the data (player names, ids, event titles) drawn as text in plots.

Matplotlib reads a string with two unescaped ``$`` as mathtext: a player named
``Smith $\\frac{1}{$ Jr`` would be typeset as a formula, or make the drawing fail.  Every such
string passes through :func:`literal` on its way to a title, label, legend, annotation or tick.
"""

from __future__ import annotations


def literal(text: object) -> str:
    """``text`` with every ``$`` escaped (``\\$``), which matplotlib draws as a plain dollar
    sign and never as the start of mathtext."""
    return str(text).replace("$", r"\$")
