"""A table's actions on their way into the archive (write-ahead: nobody is shown an action before the
archive has it).

The table sends each action as it takes it, without waiting for the one before to be stored, so the
answers of several seats to one claim share a commit (the hub's group commit), and come back together.
The table hears back, in step order, of the actions stored so far, and of those that are lost: from the
first one the archive refused on, including any still being stored (the archive takes a game's steps
only in order, so nothing after a refusal can stand).
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
    """One table's actions being stored; ``settled(kept, lost)`` hears of each run of them that came back."""

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

    @property
    def waiting(self) -> bool:
        """Whether some action sent is still being stored."""
        return bool(self._waiting)

    def _came_back(self) -> None:
        kept: list[Unstored] = []
        while self._waiting and self._waiting[0].stored.done() and storing_error(self._waiting[0]) is None:
            kept.append(self._waiting.pop(0))
        lost: list[Unstored] = []
        if self._waiting and self._waiting[0].stored.done():  # refused: nothing after it can stand either
            lost, self._waiting = self._waiting, []
        if kept or lost:
            self._settled(kept, lost)


def storing_error(taken: Unstored) -> BaseException | None:
    """Why the archive did not store ``taken`` (None: it did)."""
    if taken.stored.cancelled():
        return asyncio.CancelledError()
    return taken.stored.exception()


def _retrieved(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()
