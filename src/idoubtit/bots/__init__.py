"""Computer players. Each sees only its seat's view; see :class:`idoubtit.bots.base.Bot`."""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable

from idoubtit.bots.base import Bot
from idoubtit.bots.honest import HonestBot
from idoubtit.bots.random_bot import RandomBot
from idoubtit.bots.runner import play_out, play_turn

#: The project's bots by name.
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "honest": HonestBot}


def make_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A bot by its name (``random``, ``honest``) or by dotted path (``package.module:ClassName``).

    A bot class from outside the project is built with ``rng=`` when its constructor takes it.
    """
    factory = BOTS.get(name) or _load(name)
    if "rng" in inspect.signature(factory).parameters:
        return factory(rng=rng or random.Random())
    return factory()


def _load(path: str) -> Callable[..., Bot]:
    module_name, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"unknown bot {path!r}; bots are {', '.join(BOTS)} or package.module:ClassName")
    try:
        factory: Callable[..., Bot] = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load bot {path!r}: {error}") from None
    return factory


__all__ = ["BOTS", "Bot", "HonestBot", "RandomBot", "make_bot", "play_out", "play_turn"]
