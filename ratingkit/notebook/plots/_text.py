"""Text from the data (player names, ids, event titles) drawn as text in plots.

Matplotlib reads a string with two unescaped ``$`` as mathtext: a player named
``Smith $\\frac{1}{$ Jr`` would be typeset as a formula, or make the drawing fail.  Every such
string passes through :func:`literal` on its way to a title, label, legend or annotation.
"""

from __future__ import annotations

#: LaTeX's special characters, for a user who draws with ``text.usetex`` on.
_TEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def literal(text: object) -> str:
    """``text`` with every ``$`` escaped (``\\$``), which matplotlib draws as a plain dollar
    sign and never as the start of mathtext; under ``text.usetex`` every LaTeX special
    character is escaped instead."""
    import matplotlib

    text = str(text)
    if matplotlib.rcParams.get("text.usetex"):
        return "".join(_TEX.get(ch, ch) for ch in text)
    return text.replace("$", r"\$")
