"""What the archive refuses, as a small family of exceptions under :class:`ArchiveError`."""

from __future__ import annotations


class ArchiveError(Exception):
    """Something the archive refuses to do; the message says what and why."""


class NotFoundError(ArchiveError, LookupError):
    """No room with that code, or no game with that id."""


class ConflictError(ArchiveError):
    """The request contradicts what is stored: a seat already taken, a game not being played, a step out of order."""


class DuplicateStepError(ConflictError):
    """An action for this step of the game is already stored; the stored one stands and nothing changed."""


class InvalidInputError(ArchiveError, ValueError):
    """A value the archive will not store: an empty display name, a negative timer, a seed out of range."""


class FencedError(ConflictError):
    """A write for a room from a node that no longer holds the room's lease: its fencing token is stale
    (another node took the room over), so the write is refused and nothing is stored."""
