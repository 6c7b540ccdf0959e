"""The bots at a table, in-process: one decision in flight per seat, even for a bot that thinks on a thread."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from idoubtit.archive import GameSnapshot, GameStatus, RoomSettings, RoomStatus, SeatKind
from idoubtit.bots.fallback import default_play
from idoubtit.engine import Action, Decline, Game, Phase, Rules, View
from idoubtit.server.config import ServerConfig
from idoubtit.server.protocol import ActionRequest
from idoubtit.server.seats import Seat
from idoubtit.server.table import Table

#: How long the slow bot thinks: far longer than the (zero) bot delay and the doubt batch.
THINK_SECONDS = 0.4


class SlowThinker:
    """A bot with a ``budget`` (so the table asks it on a thread) that counts how many of its ``act``
    calls run at the same time."""

    name = "slow"
    budget = THINK_SECONDS

    def __init__(self) -> None:
        self.calls = 0
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()

    def act(self, view: View) -> Action:
        with self._lock:
            self.calls += 1
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        time.sleep(THINK_SECONDS)
        with self._lock:
            self.running -= 1
        assert view.seat is not None
        return Decline(view.seat) if view.phase is Phase.DOUBT else default_play(view)


class Storage:
    async def append_action(self, game_id: int, step: int, notation: str) -> None:
        pass

    async def finish_game(self, game_id: int, places: Sequence[int]) -> None:
        pass


class Person:
    """A connection of a seated person that keeps nothing it is sent."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.log_sent = 0

    def send(self, message: dict[str, Any]) -> None:
        pass

    def send_text(self, text: str) -> None:
        pass

    def replace(self, message: dict[str, Any]) -> None:
        pass


def three_seat_table(bot: SlowThinker) -> Table:
    """Seats 0 and 1 people, seat 2 the slow bot; a game dealt and started."""
    settings = RoomSettings(Rules(3), doubt_seconds=30)
    seats = {number: Seat(number, f"Person {number}", SeatKind.HUMAN, None, f"hash{number}") for number in (0, 1)}
    seats[2] = Seat(2, "Slow", SeatKind.BOT, None, None)
    config = ServerConfig(bot_delay_seconds=0, batch_seconds=0.01, grace_seconds=60)
    table = Table("ABCDEF", settings, "host", RoomStatus.WAITING, seats, config, Storage())
    now = datetime.now(UTC)
    record = Game.deal(settings.rules, seed=5).record()
    table.start(GameSnapshot(1, "ABCDEF", 1, GameStatus.PLAYING, record, None, now, None, None))
    table.seats[2].bot = bot  # after start: a bot seat without a level gets no bot of its own
    return table


async def play_for(table: Table, seat: int) -> None:
    assert table.game is not None
    play = default_play(table.game.view(seat))
    await table.request(Person(seat), ActionRequest("play", table.state_id, play.cards, play.rank))


async def test_a_thinking_bot_is_not_asked_again_until_its_last_thought_ended() -> None:
    bot = SlowThinker()
    table = three_seat_table(bot)
    await play_for(table, 0)  # a claim: seat 2's bot starts thinking on a thread about doubting it
    await asyncio.sleep(0.05)
    assert bot.running == 1
    await table.request(Person(1), ActionRequest("doubt", table.state_id))  # the table moves on meanwhile
    await asyncio.sleep(0.05)  # the doubt batch is settled: seat 1 is to play (D1, D4)
    assert table.game is not None
    assert table.game.to_play == 1
    await play_for(table, 1)  # another claim, so seat 2's bot is asked again while its first thought runs
    await asyncio.sleep(2.5 * THINK_SECONDS)
    assert bot.most_at_once == 1
    assert bot.calls == 2  # the second question was asked, once the first thought had ended
    assert 2 not in table.game.awaiting  # and answered: the bot declined the second claim
    table.close()


class Newcomer:
    """A quick bot (no ``budget``) that notes every "a game begins" it is told (bots.start_game)."""

    name = "newcomer"

    def __init__(self) -> None:
        self.started: list[tuple[int, Rules]] = []
        self.calls = 0

    def start(self, seat: int, rules: Rules) -> None:
        self.started.append((seat, rules))

    def act(self, view: View) -> Action:
        self.calls += 1
        assert view.seat is not None
        return Decline(view.seat) if view.phase is Phase.DOUBT else default_play(view)


async def test_a_bot_is_told_once_that_a_game_began_before_its_first_decision_of_each_game() -> None:
    bot = Newcomer()
    table = three_seat_table(bot)  # type: ignore[arg-type]  # any bot will do; the helper names its usual one
    assert bot.started == []  # told when first asked, not when seated
    await play_for(table, 0)
    await asyncio.sleep(0.05)  # the bot declines the claim, and seat 1 lets it go too
    await table.request(Person(1), ActionRequest("decline", table.state_id))
    await play_for(table, 1)  # the bot is asked about a second claim
    await asyncio.sleep(0.05)
    assert bot.calls >= 2
    assert bot.started == [(2, table.settings.rules)]  # once for the whole game
    record = Game.deal(table.settings.rules, seed=6, first=1).record()
    table.start(GameSnapshot(2, "ABCDEF", 2, GameStatus.PLAYING, record, None, datetime.now(UTC), None, None))
    table.seats[2].bot = bot
    await play_for(table, 1)
    await asyncio.sleep(0.05)
    assert bot.started == [(2, table.settings.rules)] * 2  # and again for the next game
    table.close()
