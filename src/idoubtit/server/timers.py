"""A table's clocks: the one doubt-or-turn timer (D3: a window also closes when time runs out), and the
grace period of each person who went away before a bot stands in.

These classes only keep time; what happens when a clock runs out is the table's business, handed in as a
callback. Times are monotonic seconds on the running event loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from idoubtit.archive import RoomSettings
from idoubtit.engine import Game, Phase
from idoubtit.server.protocol import finite
from idoubtit.server.seats import Seat


def wanted_timer(game: Game, settings: RoomSettings, seats: Mapping[int, Seat]) -> tuple[str | None, float | None]:
    """The kind of timer ``game``'s decision runs on (``doubt`` in a window, ``turn`` for a play; None
    once the game is over), and how long it runs: None when that decision is not timed (a room without a
    turn timer, or a bot to play)."""
    if game.is_over:
        return (None, None)
    if game.phase is Phase.DOUBT:
        return ("doubt", settings.doubt_seconds)
    seat = seats.get(game.to_play)
    if settings.turn_seconds is None or seat is None or seat.bot is not None:
        return ("turn", None)
    return ("turn", settings.turn_seconds)


@dataclass(slots=True)
class _Running:
    kind: str  # "doubt" or "turn"
    state: str  # the decision it runs out on
    deadline: float
    handle: asyncio.TimerHandle


class DecisionTimer:
    """At most one timer runs at a table, on one decision (a state id); ``expired(kind, state)`` is called
    when it runs out, and must itself check that the table is still at ``state``."""

    def __init__(self, expired: Callable[[str, str], object]) -> None:
        self._expired = expired
        self._running: _Running | None = None

    def info(self) -> dict[str, Any] | None:
        """The timer as clients are told it: its kind and the seconds left (None: no timer runs)."""
        running = self._running
        if running is None:
            return None
        return {"kind": running.kind, "seconds": finite(max(0.0, running.deadline - time.monotonic()))}

    def set(self, kind: str | None, seconds: float | None, state: str) -> None:
        """Run a ``kind`` timer of ``seconds`` on ``state`` (see :func:`wanted_timer`). The one running is
        kept if it is of that kind on that decision, so that a decline that leaves the window open does
        not restart it; otherwise it stops, and a new one starts unless ``seconds`` is None."""
        running = self._running
        if running is not None and (running.kind, running.state) == (kind, state):
            return
        self.stop()
        if kind is None or seconds is None:
            return
        handle = asyncio.get_running_loop().call_later(seconds, self._expired, kind, state)
        self._running = _Running(kind, state, time.monotonic() + seconds, handle)

    def stop(self) -> None:
        """Stop the timer running (if one is); the table calls it too once it acted on an expiry."""
        if self._running is not None:
            self._running.handle.cancel()
            self._running = None


class GracePeriods:
    """How long each away person's seat waits for them before ``over(seat number)`` is called."""

    def __init__(self, seconds: float, over: Callable[[int], None]) -> None:
        self._seconds = seconds
        self._over = over
        self._handles: dict[int, asyncio.TimerHandle] = {}

    def start(self, number: int) -> None:
        self.stop(number)
        self._handles[number] = asyncio.get_running_loop().call_later(self._seconds, self._ran_out, number)

    def stop(self, number: int) -> None:
        handle = self._handles.pop(number, None)
        if handle is not None:
            handle.cancel()

    def running(self, number: int) -> bool:
        return number in self._handles

    def _ran_out(self, number: int) -> None:
        self._handles.pop(number, None)
        self._over(number)

    def stop_all(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
