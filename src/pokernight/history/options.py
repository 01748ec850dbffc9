"""Game options to and from JSON, for hand records.

A record must rebuild the very game it was played under, so every option field is written.
Reading goes by each field's default: an enum field reads its value back into the enum, a
tuple of enums (Pai Gow's two-pair table) element by element; anything else must already have
the default's JSON type. The games' own ``__post_init__`` then checks the combination.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from enum import Enum

from pokernight.catalog import CATALOG
from pokernight.engine.protocol import Game
from pokernight.errors import InvalidRules, PokernightError


def options_json(options: object) -> dict[str, object]:
    """Every field of an options dataclass, enums as their values, tuples as lists."""
    assert is_dataclass(options)
    return {f.name: _plain(getattr(options, f.name)) for f in fields(options)}


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def game_from_json(name: object, options: object) -> Game:
    """The game a record names, under the options it recorded."""
    if not isinstance(name, str) or name not in CATALOG:
        raise InvalidRules(f"unknown game {name!r}: games are {', '.join(CATALOG)}")
    if not isinstance(options, Mapping):
        raise InvalidRules("options must be an object of option names and values")
    spec = CATALOG[name].spec
    kind, make = spec.options, spec.game
    known = {f.name: f for f in fields(kind)}
    values: dict[str, object] = {}
    for key, raw in options.items():
        field = known.get(key)
        if field is None:
            raise InvalidRules(f"{name} has no option {key!r}: options are {', '.join(known)}")
        default = field.default
        if default is MISSING:
            raise InvalidRules(f"option {key!r} cannot be read from a record")
        values[key] = _read(key, raw, default)
    try:
        return make(kind(**values))
    except PokernightError:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidRules(f"options do not make a {name} game: {exc}") from None


def _read(key: str, raw: object, default: object) -> object:
    try:
        if isinstance(default, Enum):
            return type(default)(raw)
        if isinstance(default, tuple):
            if not isinstance(raw, list) or len(raw) != len(default):
                raise ValueError
            return tuple(_read(key, r, d) for r, d in zip(raw, default, strict=True))
    except ValueError:
        raise InvalidRules(f"option {key!r} cannot be {raw!r}") from None
    if type(raw) is not type(default):
        raise InvalidRules(f"option {key!r} must be a {type(default).__name__}, not {raw!r}")
    return raw
