"""A table's actions on their way into the archive (write-ahead: nobody is shown an action before the
archive has it).

The table sends each action as it takes it, without waiting for the one before to be stored, so the
answers of several seats to one claim share a commit (the hub's group commit). The table hears back once
every action it sent has come back from the archive: those stored, in step order, and those that are
not, from the first failure on (the archive takes a game's steps only in order, so nothing after a
failure can stand).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from idoubtit.engine import Action, Game

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from idoubtit.server.table import Connection


class Storing(Protocol):
    """The archive call the write-ahead makes (see :class:`idoubtit.server.table.Storage`)."""

    def append_action(self, game_id: int, step: int, notation: str) -> Awaitable[None]: ...


@dataclass(slots=True)
class Unstored:
    """An action the table has applied and sent to the archive, not yet shown to anyone."""

    action: Action
    #: The game after it, and the step of the decision it leaves the table at.
    after: Game
    decision_step: int
    #: The connections that sent it (or one of its doubts), with their message ids: their acknowledgement.
    acks: dict[Connection, str | int | None]
    #: The archive's storing of it.
    stored: asyncio.Future[None]
    #: Done once everyone is shown it, or with the error that kept it out of the game.
    shown: asyncio.Future[None]


class WriteAhead:
    """One table's actions being stored; ``settled(kept, lost)`` hears when all have come back."""

    def __init__(self, storage: Storing, settled: Callable[[list[Unstored], list[Unstored]], None]) -> None:
        self._storage = storage
        self._settled = settled
        self._waiting: list[Unstored] = []

    def send(
        self,
        game_id: int,
        step: int,
        action: Action,
        after: Game,
        decision_step: int,
        acks: dict[Connection, str | int | None],
    ) -> Unstored:
        """Start storing ``action`` (step ``step`` of game ``game_id``); the table already applied it."""
        loop = asyncio.get_running_loop()
        # Started in the order sent, so the archive gets a table's actions in the order of their steps.
        stored = asyncio.ensure_future(self._storage.append_action(game_id, step, str(action)))
        taken = Unstored(action, after, decision_step, acks, stored, loop.create_future())
        taken.shown.add_done_callback(_retrieved)  # a failure nobody awaits any more is not an error
        self._waiting.append(taken)
        stored.add_done_callback(lambda _: self._came_back())
        return taken

    def _came_back(self) -> None:
        if not all(taken.stored.done() for taken in self._waiting):
            return
        batch, self._waiting = self._waiting, []
        failed = next((i for i, taken in enumerate(batch) if storing_error(taken) is not None), len(batch))
        self._settled(batch[:failed], batch[failed:])


def storing_error(taken: Unstored) -> BaseException | None:
    """Why the archive did not store ``taken`` (None: it did)."""
    if taken.stored.cancelled():
        return asyncio.CancelledError()
    return taken.stored.exception()


def _retrieved(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()
