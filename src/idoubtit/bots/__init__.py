"""Computer players. Each sees only its seat's view; see :class:`idoubtit.bots.base.Bot`."""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable

from idoubtit.bots.adaptive import AdaptiveBot
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.counter import CounterBot
from idoubtit.bots.honest import HonestBot
from idoubtit.bots.random_bot import RandomBot
from idoubtit.bots.runner import play_out, play_turn
from idoubtit.bots.search import SearchBot
from idoubtit.bots.styles import STYLES

#: The project's bots by name.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "honest": HonestBot,
    "counter": CounterBot,
    "adaptive": AdaptiveBot,
    "search": SearchBot,
    # The panel of styles (bots/styles.py): people's ways of playing, and the characters.
    **STYLES,
}


#: Level names for people, mapped onto the ladder of bots.
LEVELS: dict[str, str] = {"easy": "honest", "medium": "counter", "hard": "adaptive", "expert": "search"}


def make_bot(spec: str, rng: random.Random | None = None) -> Bot:
    """A bot from its spec: a name (``honest``), a level (``easy`` … ``expert``) or a dotted path
    (``package.module:ClassName``), optionally with constructor options in brackets:
    ``search[iterations=200]``, ``random[doubt_chance=0.2]``.

    A bot class whose constructor takes ``rng=`` gets it, so that seeded games replay exactly.

    >>> make_bot("random[doubt_chance=0.25]").doubt_chance
    0.25
    """
    name, options = parse_spec(spec)
    name = LEVELS.get(name, name)
    factory = BOTS.get(name) or _load(name)
    parameters = inspect.signature(factory).parameters
    unknown = sorted(set(options) - set(parameters))
    if unknown:
        raise ValueError(f"bot {name!r} takes no option {', '.join(unknown)}; it takes {', '.join(parameters)}")
    if "rng" in parameters:
        options["rng"] = rng or random.Random()
    return factory(**options)


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``name[key=value,...]`` → the name and the options, numbers read as numbers and true/false as flags.

    >>> parse_spec("search[advisor=False,budget=0.01]")
    ('search', {'advisor': False, 'budget': 0.01})
    """
    name, bracket, rest = spec.strip().partition("[")
    if not bracket:
        return name, {}
    if not rest.endswith("]"):
        raise ValueError(f"bot spec {spec!r}: options go in brackets, like search[iterations=200]")
    options: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in rest[:-1].split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip().isidentifier():
            raise ValueError(f"bot spec {spec!r}: write each option as key=value")
        options[key.strip()] = _number_or_text(value.strip())
    return name, options


def split_specs(text: str) -> list[str]:
    """A comma-separated list of bot specs, split only at commas outside brackets, so that a spec's own
    options stay with it.

    >>> split_specs("search[advisor=false,budget=0.01], adaptive,,honest")
    ['search[advisor=false,budget=0.01]', 'adaptive', 'honest']
    """
    specs: list[str] = []
    depth, start = 0, 0
    for index, character in enumerate(text):
        if character == "[":
            depth += 1
        elif character == "]":
            depth = max(0, depth - 1)
        elif character == "," and depth == 0:
            specs.append(text[start:index])
            start = index + 1
    specs.append(text[start:])
    return [spec.strip() for spec in specs if spec.strip()]


def _number_or_text(value: str) -> object:
    """``3`` → 3, ``0.5`` → 0.5, ``true``/``false`` (any case) → True/False, anything else stays text."""
    flags = {"true": True, "false": False}
    if value.lower() in flags:
        return flags[value.lower()]
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            continue
    return value


def _load(path: str) -> Callable[..., Bot]:
    module_name, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"unknown bot {path!r}; bots are {', '.join(BOTS)} or package.module:ClassName")
    try:
        factory: Callable[..., Bot] = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load bot {path!r}: {error}") from None
    return factory


__all__ = [
    "BOTS",
    "LEVELS",
    "AdaptiveBot",
    "Bot",
    "CounterBot",
    "HonestBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "parse_spec",
    "play_out",
    "play_turn",
    "split_specs",
    "start_game",
]
