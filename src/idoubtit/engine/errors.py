"""The one family of errors the engine raises.

Every error is a :class:`ValueError`, so callers that only care that input was refused can catch that.
An action that is refused leaves the game exactly as it was.
"""

from __future__ import annotations


class IDoubtItError(ValueError):
    """Base of every error the engine raises on bad input."""


class MalformedInputError(IDoubtItError):
    """The input cannot be read at all: a card, rank, action or record that is not well formed."""


class InvalidRulesError(IDoubtItError):
    """A table the rules do not allow (size, decks, unknown options)."""


class IllegalActionError(IDoubtItError):
    """A well-formed action that is not allowed now (wrong seat, wrong phase, cards not held, ...)."""
