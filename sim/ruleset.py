"""Rulesets as data: frozen dataclasses, named presets, and checked overrides.

Every game's ruleset is a frozen dataclass whose fields are the options of its spec, possibly
grouped in nested dataclasses (``grade.da_qing``). Options are addressed by dotted keys, both in
TOML files (``[grade]`` / ``da_qing = 6``) and in ``--set grade.da_qing=6``. An unknown key, a
value of the wrong type or a value outside a ``Literal`` choice is a ``UserError`` naming the key.

A field with ``metadata={"scoring": True}`` only changes money, never play, so stored games can
be rescored under it (DESIGN principle 6).
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from sim.errors import UserError, did_you_mean


def scoring(default: Any, doc: str = "") -> Any:
    """A ruleset field that affects only scoring (money), not play."""
    return dataclasses.field(default=default, metadata={"scoring": True, "doc": doc})


def rule(default: Any, doc: str = "") -> Any:
    """A ruleset field that affects play."""
    return dataclasses.field(default=default, metadata={"scoring": False, "doc": doc})


def _field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def flatten(obj: Any, prefix: str = "") -> dict[str, Any]:
    """Ruleset → flat dict with dotted keys (``{"grade.da_qing": 4, ...}``)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        key = prefix + f.name
        if dataclasses.is_dataclass(value):
            out.update(flatten(value, key + "."))
        else:
            out[key] = value
    return out


def field_info(cls: type, prefix: str = "") -> dict[str, tuple[Any, bool, Any]]:
    """Dotted key → (type, is_scoring, default) for every leaf option of a ruleset class."""
    out: dict[str, tuple[Any, bool, Any]] = {}
    hints = _field_types(cls)
    for f in dataclasses.fields(cls):
        t = hints[f.name]
        key = prefix + f.name
        if dataclasses.is_dataclass(t):
            out.update(field_info(t, key + "."))
        else:
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            out[key] = (t, bool(f.metadata.get("scoring", False)), default)
    return out


def field_docs(cls: type, prefix: str = "") -> dict[str, tuple[bool, str]]:
    """Dotted key → (is_scoring, doc) for every leaf option of a ruleset class."""
    out: dict[str, tuple[bool, str]] = {}
    hints = _field_types(cls)
    for f in dataclasses.fields(cls):
        key = prefix + f.name
        if dataclasses.is_dataclass(hints[f.name]):
            out.update(field_docs(hints[f.name], key + "."))
        else:
            out[key] = (bool(f.metadata.get("scoring", False)), f.metadata.get("doc", ""))
    return out


def _check_value(key: str, t: Any, value: Any) -> Any:
    origin = get_origin(t)
    if origin is Literal:
        choices = get_args(t)
        if value not in choices or type(value) is not type(choices[0]):
            raise UserError(f"option {key!r} must be one of {', '.join(map(repr, choices))}; got {value!r}")
        return value
    if t is bool:
        if not isinstance(value, bool):
            raise UserError(f"option {key!r} must be true or false; got {value!r}")
        return value
    if t is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise UserError(f"option {key!r} must be an integer; got {value!r}")
        return value
    if t is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UserError(f"option {key!r} must be a number; got {value!r}")
        return float(value)
    if t is str:
        if not isinstance(value, str):
            raise UserError(f"option {key!r} must be a string; got {value!r}")
        return value
    raise TypeError(f"unsupported option type {t!r} for {key}")  # programming error


def _flatten_mapping(mapping: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in mapping.items():
        key = prefix + str(k)
        if isinstance(v, dict):
            out.update(_flatten_mapping(v, key + "."))
        else:
            out[key] = v
    return out


def apply_overrides(rules: Any, overrides: dict[str, Any], *, scoring_only: bool = False) -> Any:
    """Return a copy of ``rules`` with dotted-key ``overrides`` applied and checked.

    ``overrides`` may be nested (as parsed from TOML) or flat with dotted keys. With
    ``scoring_only`` a play option is refused (rescoring cannot change how games were played).
    """
    info = field_info(type(rules))
    flat = _flatten_mapping(overrides)
    for key, value in flat.items():
        if key not in info:
            raise UserError(f"unknown option {key!r}{did_you_mean(key, info)} for this game "
                            f"(known: {', '.join(sorted(info))})")
        t, is_scoring, _ = info[key]
        flat[key] = _check_value(key, t, value)
        if scoring_only and not is_scoring:
            raise UserError(
                f"option {key!r} changes how the game is played, not only its scoring; "
                "re-run the simulation with it instead of rescoring"
            )
    return _rebuild(rules, flat)


def _rebuild(obj: Any, flat: dict[str, Any], prefix: str = "") -> Any:
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        key = prefix + f.name
        value = getattr(obj, f.name)
        if dataclasses.is_dataclass(value):
            sub = {k: v for k, v in flat.items() if k.startswith(key + ".")}
            if sub:
                changes[f.name] = _rebuild(value, sub, key + ".")
        elif key in flat:
            changes[f.name] = flat[key]
    return dataclasses.replace(obj, **changes) if changes else obj


def parse_set_option(text: str) -> tuple[str, Any]:
    """Parse ``key=value`` from ``--set``; the value is read as a TOML value (6, true, "x")."""
    if "=" not in text:
        raise UserError(f"--set expects key=value, got {text!r}")
    key, raw = text.split("=", 1)
    key, raw = key.strip(), raw.strip()
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw  # bare word: a string choice such as per_team
    return key, value


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read a rules TOML file; any problem is a one-line ``UserError``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot read rules file {str(p)!r}: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"rules file {str(p)!r} is not valid TOML: {exc}") from None
