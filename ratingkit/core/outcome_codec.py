"""A typed, versioned JSON codec for outcomes (:mod:`ratingkit.core.outcome`), so that what the
rules computed can be stored (the ledger keeps each event's outcome) and read back as the same
values: nothing is printed and parsed again.

The JSON text is ``{"codec": "ratingkit-outcome", "version": 1, "value": V}`` where V is

* ``null``, ``true``/``false``, a string, an integer or a finite float: itself;
* a list: a JSON array;
* anything else: an object tagged by ``"$"``:

  - ``{"$": "fraction", "v": "n/d"}``: a :class:`~fractions.Fraction`, exact;
  - ``{"$": "decimal", "v": "1.25"}``, ``{"$": "float", "v": "nan"}`` (a float JSON cannot
    hold), ``{"$": "date", "v": "2024-01-31"}``;
  - ``{"$": "tuple", "v": [...]}``, ``{"$": "dict", "v": [[key, value], ...]}``;
  - ``{"$": "enum", "type": "ratingkit.core.outcome:Status", "v": "rated"}``: an enum member
    by its value;
  - ``{"$": "dataclass", "type": "ratingkit.fide.outcome:FidePlayer", "v": {...}}``: a
    dataclass (a :class:`~ratingkit.core.outcome.PlayerOutcome`, a :class:`Rule`, a
    :class:`Note`, an :class:`EventKey`, a system's detail ...) by its fields.

Types are named ``module:qualified name``, and only types defined in the modules of
:data:`ALLOWED_PACKAGES` (or added with :func:`allow_module`) are encoded or decoded: reading a
stored outcome never imports or builds anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import math
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..core.i18n import tr
from .errors import RatingkitError

#: The codec's name and the version it writes; it reads every version up to this one.
CODEC = "ratingkit-outcome"
VERSION = 1

#: Packages whose types (dataclasses and enums) an encoded value may name: the core (the LNMO
#: grades of ``ratingkit.core.clubterms`` too) and the rating systems (their per-player,
#: per-game and per-event details), which ratingkit.registry adds from its one list with
#: :func:`allow_package` when ratingkit is imported (the core names no rating system).
ALLOWED_PACKAGES: list[str] = ["ratingkit.core"]

#: Modules that have moved since a stored outcome was written, and where their types are now
#: (issue 27: the LNMO club terms moved from the readers down into the core).
MOVED_MODULES: dict[str, str] = {
    "ratingkit.formats.clubterms": "ratingkit.core.clubterms",
    # Issue 28, part 2: the two numpy engines became one package; their lazy outcomes live on.
    "ratingkit.fide.fast_period": "ratingkit.fide.engine.lazy",
    "ratingkit.fide.vectorised_period": "ratingkit.fide.engine.lazy",
}

_EXTRA_MODULES: set[str] = set()


class OutcomeCodecError(RatingkitError):
    """A value the codec cannot write, or a stored text it cannot read."""


def allow_package(package: str) -> None:
    """Let the codec encode and decode the types of ``package`` and its modules (a rating
    system of the registry's list)."""
    if package not in ALLOWED_PACKAGES:
        ALLOWED_PACKAGES.append(package)


def allow_module(module: str) -> None:
    """Let the codec encode and decode the types of ``module`` too (a rule set defined
    outside ratingkit, e.g. in a test, whose details are stored in a ledger)."""
    _EXTRA_MODULES.add(module)


def _allowed(module: str) -> bool:
    if module in _EXTRA_MODULES:
        return True
    return any(module == p or module.startswith(p + ".") for p in ALLOWED_PACKAGES)


def _type_name(cls: type) -> str:
    if not _allowed(cls.__module__):
        raise OutcomeCodecError(
            tr(
                (
                    "cannot encode a {module}.{qualname}: the outcome codec stores "
                    "only types of {allowed_packages} (or of a module given to "
                    "allow_module)"
                ),
                module=cls.__module__,
                qualname=cls.__qualname__,
                allowed_packages=", ".join(ALLOWED_PACKAGES),
            )
        )
    if "<locals>" in cls.__qualname__:
        raise OutcomeCodecError(
            tr("cannot encode {qualname}: a type defined in a function", qualname=cls.__qualname__)
        )
    return f"{cls.__module__}:{cls.__qualname__}"


def _type_of(name: object) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise OutcomeCodecError(tr("stored outcome: bad type name {name!r}", name=name))
    module, qualname = name.split(":", 1)
    module = MOVED_MODULES.get(module, module)
    if not _allowed(module):
        raise OutcomeCodecError(
            tr(
                ("stored outcome names {module}.{qualname}, outside the modules the codec reads"),
                module=module,
                qualname=qualname,
            )
        )
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise OutcomeCodecError(
            tr(
                ("stored outcome names {module}.{qualname}, which this ratingkit does not have"),
                module=module,
                qualname=qualname,
            )
        ) from None
    if not isinstance(found, type):
        raise OutcomeCodecError(
            tr(
                "stored outcome: {module}.{qualname} is not a type",
                module=module,
                qualname=qualname,
            )
        )
    return found


# -- encoding ---------------------------------------------------------------------------------


def to_json_value(value: object) -> object:
    """``value`` as plain JSON data (lists, dicts, strings, numbers) that
    :func:`from_json_value` turns back into an equal value of the same types."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return {"$": "enum", "type": _type_name(type(value)), "v": to_json_value(value.value)}
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"$": "float", "v": repr(value)}
    if isinstance(value, Fraction):
        return {"$": "fraction", "v": f"{value.numerator}/{value.denominator}"}
    if isinstance(value, Decimal):
        return {"$": "decimal", "v": str(value)}
    if isinstance(value, datetime):
        raise OutcomeCodecError(
            tr("cannot encode a datetime ({value!r}): outcomes hold dates", value=value)
        )
    if isinstance(value, date):
        return {"$": "date", "v": value.isoformat()}
    if isinstance(value, list):
        return [to_json_value(v) for v in value]
    if isinstance(value, tuple):
        return {"$": "tuple", "v": [to_json_value(v) for v in value]}
    if isinstance(value, Mapping):
        return {"$": "dict", "v": [[to_json_value(k), to_json_value(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {
            f.name: to_json_value(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.init
        }
        return {"$": "dataclass", "type": _type_name(type(value)), "v": fields}
    raise OutcomeCodecError(
        tr(
            "cannot encode a {qualname} ({value!r:.80})",
            qualname=type(value).__qualname__,
            value=value,
        )
    )


def dumps(value: object) -> str:
    """The JSON text of ``value`` with the codec's name and version."""
    document = {"codec": CODEC, "version": VERSION, "value": to_json_value(value)}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# -- decoding ---------------------------------------------------------------------------------


def from_json_value(data: object) -> object:
    """The value :func:`to_json_value` encoded as ``data``."""
    if data is None or isinstance(data, bool | str | int | float):
        return data
    if isinstance(data, list):
        return [from_json_value(v) for v in data]
    if not isinstance(data, dict):
        raise OutcomeCodecError(tr("stored outcome: unexpected {name}", name=type(data).__name__))
    tag = data.get("$")
    raw = data.get("v")
    try:
        if tag == "fraction":
            numerator, denominator = str(raw).split("/")
            return Fraction(int(numerator), int(denominator))
        if tag == "decimal":
            return Decimal(str(raw))
        if tag == "float":
            return float(str(raw))
        if tag == "date":
            return date.fromisoformat(str(raw))
    except (ValueError, ArithmeticError):
        raise OutcomeCodecError(tr("stored outcome: bad {tag} {raw!r}", tag=tag, raw=raw)) from None
    if tag == "tuple" and isinstance(raw, list):
        return tuple(from_json_value(v) for v in raw)
    if tag == "dict" and isinstance(raw, list):
        return {_key(from_json_value(k)): from_json_value(v) for k, v in raw}
    if tag == "enum":
        cls = _type_of(data.get("type"))
        if not issubclass(cls, enum.Enum):
            raise OutcomeCodecError(
                tr("stored outcome: {qualname} is not an enum", qualname=cls.__qualname__)
            )
        try:
            return cls(from_json_value(raw))
        except ValueError:
            raise OutcomeCodecError(
                tr(
                    "stored outcome: {raw!r} is not a {qualname}",
                    raw=raw,
                    qualname=cls.__qualname__,
                )
            ) from None
    if tag == "dataclass" and isinstance(raw, dict):
        cls = _type_of(data.get("type"))
        if not dataclasses.is_dataclass(cls):
            raise OutcomeCodecError(
                tr("stored outcome: {qualname} is not a dataclass", qualname=cls.__qualname__)
            )
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = set(raw) - known
        if unknown:
            raise OutcomeCodecError(
                tr(
                    "stored outcome: {qualname} has no field(s) {unknown}",
                    qualname=cls.__qualname__,
                    unknown=", ".join(sorted(unknown)),
                )
            )
        try:
            return cls(**{name: from_json_value(v) for name, v in raw.items()})
        except TypeError as exc:
            raise OutcomeCodecError(
                tr("stored outcome: {qualname}: {exc}", qualname=cls.__qualname__, exc=exc)
            ) from None
    raise OutcomeCodecError(tr("stored outcome: unknown tag {tag!r}", tag=tag))


def _key(value: object) -> Any:
    if isinstance(value, list):
        raise OutcomeCodecError(tr("stored outcome: a list cannot be a mapping's key"))
    return value


def loads(text: str) -> object:
    """The value :func:`dumps` wrote; a text of a later version or of another codec is an
    :class:`OutcomeCodecError`."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OutcomeCodecError(tr("stored outcome is not JSON ({exc})", exc=exc)) from None
    if not isinstance(document, dict) or document.get("codec") != CODEC:
        raise OutcomeCodecError(tr("stored text is not an outcome of ratingkit's outcome codec"))
    version = document.get("version")
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise OutcomeCodecError(
            tr(
                (
                    "stored outcome has codec version {version!r}; this ratingkit "
                    "reads versions 1 to {newest} (upgrade ratingkit)"
                ),
                version=version,
                newest=VERSION,
            )
        )
    return from_json_value(document.get("value"))


def is_encoded(text: str) -> bool:
    """True if ``text`` is a value this codec wrote (the ledger's rows of before it was used
    are plain JSON objects)."""
    return text.startswith('{"codec":"' + CODEC + '"')


__all__ = [
    "ALLOWED_PACKAGES",
    "CODEC",
    "VERSION",
    "OutcomeCodecError",
    "allow_module",
    "allow_package",
    "dumps",
    "from_json_value",
    "is_encoded",
    "loads",
    "to_json_value",
]
