"""The one family of errors the engine raises.

Every error is a :class:`ValueError`, so callers that only care that input was refused can catch that.
An action that is refused leaves the game exactly as it was.
"""

from __future__ import annotations


class IDoubtItError(ValueError):
    """Base of every error the engine raises on bad input.

    Besides its English message, an error carries a short ``code`` naming what was wrong (such as
    ``not_your_turn`` or ``not_held``) and the ``details`` that go with it, so that a user interface
    or a server can say the same thing in the player's language.
    """

    code = "invalid"

    def __init__(self, message: str, code: str | None = None, **details: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.details = details


class MalformedInputError(IDoubtItError):
    """The input cannot be read at all: a card, rank, action or record that is not well formed."""

    code = "malformed"


class InvalidRulesError(IDoubtItError):
    """A table the rules do not allow (size, decks, unknown options)."""

    code = "invalid_rules"


class IllegalActionError(IDoubtItError):
    """A well-formed action that is not allowed now (wrong seat, wrong phase, cards not held, ...)."""

    code = "not_allowed"
