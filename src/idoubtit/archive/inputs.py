"""What the archive accepts: each input a caller hands it, checked and put in its one stored form.

Every check raises :class:`~idoubtit.archive.errors.InvalidInputError` naming what was wrong and what
is allowed, before any row is written.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from typing import Any, Final

from idoubtit.archive.errors import InvalidInputError
from idoubtit.archive.models import BOT_LEVEL_LENGTH, NAME_LENGTH
from idoubtit.engine import Game, IDoubtItError, Rules, parse_action

#: Seeds are stored as 64-bit integers (BIGINT on PostgreSQL).
SEED_BITS: Final = 63


def canonical_action(notation: str, step: int) -> str:
    """An action's notation as the archive stores it, at a step that is a whole number from 0."""
    if isinstance(step, bool) or not isinstance(step, int) or step < 0:
        raise InvalidInputError(f"step must be a whole number from 0, not {step!r}")
    if not isinstance(notation, str):
        raise InvalidInputError(f"an action is its notation, text, not {type(notation).__name__}")
    try:
        return _canonical(notation)
    except IDoubtItError as error:
        raise InvalidInputError(f"action {notation!r} cannot be read: {error}") from None


@functools.lru_cache(maxsize=4096)
def _canonical(notation: str) -> str:
    # A server stores the same few notations over and over ("decline 2", "doubt 1", common plays): read
    # each once. A notation that cannot be read raises and is not kept.
    return str(parse_action(notation))


def display_name_of(text: str) -> str:
    """A seat's name with its spaces tidied: 1 to NAME_LENGTH printable characters."""
    if not isinstance(text, str):
        raise InvalidInputError(f"a display name must be text, not {type(text).__name__}")
    name = " ".join(text.split())  # no leading, trailing or repeated spaces, no newlines or tabs
    if not name or len(name) > NAME_LENGTH or not name.isprintable():
        raise InvalidInputError(f"a display name has 1 to {NAME_LENGTH} printable characters, not {text!r}")
    return name


def bot_level_of(level: object) -> str:
    """A bot's level or spec, trimmed: 1 to BOT_LEVEL_LENGTH characters."""
    if not isinstance(level, str) or not 0 < len(level.strip()) <= BOT_LEVEL_LENGTH:
        raise InvalidInputError(f"bot level must be a bot level or spec, not {level!r}")
    return level.strip()


def dealt_record(rules: Rules, seed: int | None, hands: Sequence[Sequence[str]] | None, first: int) -> dict[str, Any]:
    """The header of a new game's record, checked by dealing the game once (so it is sure to replay)."""
    try:
        if hands is not None:
            return Game.from_hands(rules, list(hands), first).record()
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**SEED_BITS) <= seed < 2**SEED_BITS:
            raise InvalidInputError(f"a seed is a 64-bit whole number, not {seed!r}")
        return Game.deal(rules, seed, first).record()
    except IDoubtItError as error:
        raise InvalidInputError(f"cannot deal this game: {error}") from None
