"""The bots at a table: each bot whose decision the table awaits is asked, after a delay a person could
follow, with its own seat's view, and its answer goes through the same checks as a person's.

One decision is in flight per seat. A bot that thinks on a thread (one with a ``budget``: a search bot
thinks for that long, off the event loop, so other tables go on) cannot be stopped once it started: when
the table moves on while it thinks, that thought is dropped, and the seat's next question waits until it
has ended. A bot is never asked from two threads at once.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Coroutine
from typing import Any, Protocol

from idoubtit.archive import RoomSettings
from idoubtit.bots import Bot, start_game
from idoubtit.bots.fallback import default_action
from idoubtit.engine import Action, Game, IDoubtItError, Phase, View
from idoubtit.server.config import ServerConfig
from idoubtit.server.seats import Seat

log = logging.getLogger("idoubtit.server")


class BotTable(Protocol):
    """What the driver reads and calls of its table (:class:`idoubtit.server.table.Table`)."""

    code: str
    config: ServerConfig
    settings: RoomSettings
    seats: dict[int, Seat]
    game: Game | None
    game_id: int | None
    lock: asyncio.Lock

    @property
    def state_id(self) -> str: ...

    def doubt_queued(self, seat_number: int) -> bool:
        """Whether the seat's doubt of the open claim waits in the batch (R9): it has answered."""

    def take_bot_action(self, seat_number: int, action: Action) -> Awaitable[None] | None:
        """Apply a bot's checked action (called under the table's lock); what it returns is awaited once
        the lock is free."""

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...


class BotDriver:
    """Asks a table's bots (see the module docstring); :meth:`schedule` after every change of decision."""

    def __init__(self, table: BotTable) -> None:
        self._table = table
        #: For each seat whose bot is being asked: the state id it is asked about, and the task asking.
        self._asking: dict[int, tuple[str, asyncio.Task[None]]] = {}
        #: For each seat whose bot thinks on a thread: that thought, until the thread returns.
        self._thinking: dict[int, asyncio.Future[Action]] = {}
        #: For each seat: the bot last told a game began there, and that game's id (see bots.start_game).
        self._started: dict[int, tuple[Bot, int | None]] = {}
        self._rng = random.Random()

    def schedule(self, game: Game, state: str) -> None:
        """Stop asking what the table no longer asks, and ask each bot whose decision ``game`` awaits."""
        for seat_number in list(self._asking):
            if seat_number not in game.awaiting or self._asking[seat_number][0] != state:
                self.cancel(seat_number)
        if game.is_over:
            return
        for seat_number in game.awaiting:
            if self._is_due(seat_number):
                task = self._table.spawn(self._decide(seat_number, state))
                self._asking[seat_number] = (state, task)

    def _is_due(self, seat_number: int) -> bool:
        """Whether the seat's bot should be asked now: a bot plays it, not asked yet, no doubt queued."""
        seat = self._table.seats.get(seat_number)
        return (
            seat is not None
            and seat.bot is not None
            and seat_number not in self._asking
            and not self._table.doubt_queued(seat_number)
        )

    def cancel(self, seat_number: int) -> None:
        """Stop asking the seat's bot (a thought on a thread runs on, and its answer is dropped)."""
        entry = self._asking.pop(seat_number, None)
        if entry is not None and entry[1] is not asyncio.current_task():
            entry[1].cancel()

    def cancel_all(self) -> None:
        for seat_number in list(self._asking):
            self.cancel(seat_number)

    async def _decide(self, seat_number: int, state: str) -> None:
        table = self._table
        delay = self._delay()
        if delay > 0:
            await asyncio.sleep(delay)
        asked = await self._ask(seat_number, state)
        if asked is None:
            return
        bot, view, action = asked
        async with table.lock:
            if self._asking.get(seat_number, ("", None))[0] == state:
                del self._asking[seat_number]
            game = table.game
            if game is None or table.state_id != state or seat_number not in game.awaiting:
                return
            seat = table.seats.get(seat_number)
            if seat is None or seat.bot is not bot or table.doubt_queued(seat_number):
                return
            try:
                game.copy().apply(action)
            except IDoubtItError:
                log.exception(
                    "room %s: bot at seat %d chose an illegal %s; it plays by default", table.code, seat_number, action
                )
                action = default_action(view)
            taken = table.take_bot_action(seat_number, action)
        if taken is not None:
            await taken

    def _delay(self) -> float:
        """How long a bot waits before it answers: the server's bot delay, and in a doubt window a random
        share of it, well inside the window."""
        table = self._table
        delay = table.config.bot_delay_seconds
        game = table.game
        if game is not None and game.phase is Phase.DOUBT:
            delay = min(delay * self._rng.uniform(0.3, 1.0), table.settings.doubt_seconds / 2)
        return delay

    async def _ask(self, seat_number: int, state: str) -> tuple[Bot, View, Action] | None:
        """The seat's bot, the view it was asked with and its answer; None if the question is gone."""
        await self._last_thought_ended(seat_number)
        table = self._table
        game = table.game
        if game is None or table.state_id != state or seat_number not in game.awaiting:
            return None
        seat = table.seats.get(seat_number)
        bot = None if seat is None else seat.bot
        if bot is None:
            return None
        self._tell_new_game(seat_number, bot)
        view = game.view(seat_number)
        if getattr(bot, "budget", None) is None:  # a quick bot: a thread hand-off would cost more than it
            return bot, view, bot.act(view)
        thought = asyncio.get_running_loop().run_in_executor(None, bot.act, view)
        self._thinking[seat_number] = thought
        thought.add_done_callback(lambda done: self._thought_ended(seat_number, done))
        # Shielded: if this question is cancelled, the thought still counts as in flight until it ends.
        return bot, view, await asyncio.shield(thought)

    def _tell_new_game(self, seat_number: int, bot: Bot) -> None:
        """Before a bot's first decision of a game (it may be a bot that played the last one), tell it the
        game began: no thought of it is running then, so it is never told while it thinks."""
        table = self._table
        started = self._started.get(seat_number)
        if started is None or started[0] is not bot or started[1] != table.game_id:
            assert table.game is not None
            start_game(bot, seat_number, table.game.rules)
            self._started[seat_number] = (bot, table.game_id)

    async def _last_thought_ended(self, seat_number: int) -> None:
        """Wait until no thought of this seat's bot runs on a thread (whatever it answered)."""
        while (thought := self._thinking.get(seat_number)) is not None and not thought.done():
            await asyncio.wait([thought])

    def _thought_ended(self, seat_number: int, thought: asyncio.Future[Action]) -> None:
        if self._thinking.get(seat_number) is thought:
            del self._thinking[seat_number]
        if not thought.cancelled():
            thought.exception()  # retrieved: a failure is logged by the question that waited for it, if any
