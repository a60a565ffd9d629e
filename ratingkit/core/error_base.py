"""The base of every refusal, below everything else in the core.

:mod:`ratingkit.core.i18n` refuses an unknown language with :class:`LanguageError`, and
:mod:`ratingkit.core.errors` translates its messages through i18n; so the two classes i18n
needs live here, and :mod:`ratingkit.core.errors` offers them with the others.
"""

from __future__ import annotations

__all__ = ["LanguageError", "RatingkitError"]


class RatingkitError(ValueError):
    """Base class of every error ratingkit raises on bad input or bad requests."""


class LanguageError(RatingkitError):
    """A language ratingkit does not have was asked for (``--lang``, ``RATINGKIT_LANG``)."""
