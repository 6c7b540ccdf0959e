"""The coach at a table of the server: who switched theirs on, and what each coach says to its seat.

A person may switch on a coach for their seat when the table allows it: the host's setting ``coach`` is
``on``, ``off``, or ``auto`` (the default), which allows it while at most one person is seated (a person
playing computers; a coach among friends would be a quiet helper only one of them has). Everyone sees
who has it on (``coach`` in the room's seats). The coach reads exactly its seat's view
(:class:`idoubtit.coach.Coach`), thinks on a thread so the table never waits for it, and its word reaches
only the connections of its seat, for the decision it was asked about.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Protocol

from idoubtit.archive import RoomSettings
from idoubtit.coach import Coach
from idoubtit.engine import Game, View
from idoubtit.server.seats import Seat

log = logging.getLogger("idoubtit.server")


class CoachedTable(Protocol):
    """What the coaching reads of its table (:class:`idoubtit.server.table.Table`)."""

    code: str
    settings: RoomSettings
    seats: dict[int, Seat]
    game: Game | None
    game_number: int

    @property
    def state_id(self) -> str: ...

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...

    def send_to_seat(self, seat: int, message: dict[str, Any]) -> None: ...


def coach_allowed(mode: str, seats: Iterable[Seat]) -> bool:
    """Whether a person may switch a coach on at a table with this setting and these seats."""
    if mode == "on":
        return True
    if mode == "off":
        return False
    return sum(seat.is_person for seat in seats) <= 1


class TableCoaching:
    """The coaches of one table's seats, for its current game."""

    def __init__(self, table: CoachedTable, think: Callable[[Coach, View], Any] | None = None) -> None:
        self._table = table
        #: Seats whose person switched the coach on.
        self.switched_on: set[int] = set()
        self._coaches: dict[int, Coach] = {}
        self._game_number = 0
        #: For each seat, the state id its coach last spoke (or is thinking) about.
        self._asked: dict[int, str] = {}
        self._busy: dict[int, asyncio.Lock] = {}
        self._think = think or (lambda coach, view: coach.advise(view))

    @property
    def allowed(self) -> bool:
        return coach_allowed(self._table.settings.coach, self._table.seats.values())

    def switch(self, seat: int, on: bool) -> None:
        """Switch the seat's coach on or off (the caller checked the seat is a person's and it is allowed)."""
        if on:
            self.switched_on.add(seat)
            self._asked.pop(seat, None)
            self.schedule()
        else:
            self.switched_on.discard(seat)
            self._coaches.pop(seat, None)

    def settle(self) -> None:
        """After the table's setting or seats changed: coaches no longer allowed are switched off."""
        if not self.allowed:
            self.switched_on.clear()
            self._coaches.clear()

    def schedule(self) -> None:
        """After every change: each switched-on seat with a decision to make gets its coach's word."""
        table = self._table
        game = table.game
        if game is None or game.is_over or not self.switched_on:
            return
        if self._game_number != table.game_number:  # a new game: fresh coaches, which follow it from its start
            self._coaches.clear()
            self._asked.clear()
            self._game_number = table.game_number
        state = table.state_id
        for seat in sorted(self.switched_on):
            view = game.view(seat)
            if (view.must_play or view.may_doubt) and self._asked.get(seat) != state:
                self._asked[seat] = state
                table.spawn(self._advise(seat, view, state))

    async def _advise(self, seat: int, view: View, state: str) -> None:
        table = self._table
        lock = self._busy.setdefault(seat, asyncio.Lock())
        async with lock:  # one thought per seat at a time: a coach follows its views in order
            coach = self._coaches.get(seat)
            if coach is None:
                coach = self._coaches[seat] = Coach(seat, view.rules, seed=f"{table.code}/{table.game_number}")
            advice = await asyncio.get_running_loop().run_in_executor(None, self._think, coach, view)
        if advice is None or seat not in self.switched_on or table.state_id != state:
            return  # switched off meanwhile, or the table moved on: that word is no longer wanted
        table.send_to_seat(seat, {"type": "coach", "state": state, "advice": advice.to_dict()})
