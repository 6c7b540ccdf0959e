"""A table at work, through a real server: whole games, the doubt window in real time (D3, R9),
timers, reconnects, a bot standing in for an away person, and another game at the same table (D8); and
in-process, how a table stores what it is sent and shows it only once stored."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import httpx

from idoubtit.archive import Archive, GameSnapshot, GameStatus, RoomSettings, RoomStatus, SeatKind, hash_token
from idoubtit.bots.fallback import default_play
from idoubtit.client.table_client import TableClient
from idoubtit.engine import Card, Game, Phase, Rank, Rules
from idoubtit.server.config import ServerConfig
from idoubtit.server.protocol import ActionRequest, ServerError
from idoubtit.server.seats import Seat
from idoubtit.server.table import Table
from tests.server.helpers import ServerProcess, new_table, play_to_the_end, start, truthful_cards


async def test_a_whole_game_person_against_bots_is_stored_and_watched(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=4, people=1, bots="medium")
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as me,
        TableClient.connect(server.ws, table.code) as watcher,
    ):
        await start(http, table)
        await play_to_the_end(me, random.Random(1))
        await watcher.until(lambda c: c.over)
        assert me.view is not None
        assert watcher.view is not None
        assert watcher.seat is None
        assert watcher.view["hand"] == []
        assert me.log == watcher.log or len(me.log) == len(watcher.log)  # same entries, own cards filled in
        with Archive.open(server.db) as archive:
            stored = archive.load_room(table.code).latest_game
        assert stored is not None
        assert stored.places is not None
        replayed = Game.replay(stored.record)
        assert replayed.is_over
        assert list(replayed.places) == me.view["places"] == watcher.view["places"]
        assert replayed.view(None).to_dict()["log"] == watcher.log
        assert replayed.view(0).to_dict()["log"] == me.log


async def test_r9_doubts_in_one_batch_are_settled_for_the_seat_nearest_the_player(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=4, people=4, bots=None, doubt_seconds=30)
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as zero,
        TableClient.connect(server.ws, table.code, table.tokens[2]) as two,
        TableClient.connect(server.ws, table.code, table.tokens[3]) as three,
    ):
        await start(http, table)
        await zero.until(lambda c: c.my_turn)
        assert zero.view is not None
        await zero.play(truthful_cards(zero.view))
        await three.until(lambda c: c.my_window)
        await two.until(lambda c: c.my_window)
        # Seat 3 says it first, seat 2 a moment later: both in one batch, so R9 makes seat 2 the doubter.
        await three.doubt()
        await two.doubt()
        await zero.until(lambda c: any(event["type"] == "doubted" for event in c.log))
        doubted = next(event for event in zero.log if event["type"] == "doubted")
        assert sorted(doubted["seats"]) == [2, 3]
        assert doubted["doubter"] == 2
        for doubter in (two, three):  # each doubt is acknowledged once it is stored
            await doubter.until(lambda c: len(c.acks) == 1)


async def test_d3_the_window_closes_at_once_when_everyone_declined(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=3, bots=None, doubt_seconds=60)
    clients = [TableClient.connect(server.ws, table.code, table.tokens[seat]) for seat in range(3)]
    async with clients[0] as zero, clients[1] as one, clients[2] as two:
        await start(http, table)
        await zero.until(lambda c: c.my_turn)
        assert zero.view is not None
        await zero.play(truthful_cards(zero.view))
        await one.until(lambda c: c.my_window)
        window_state = one.state
        for other in (one, two):
            await other.until(lambda c: c.my_window)
            await other.decline()
        await one.until(lambda c: c.my_turn, timeout=5)  # long before the 60 s timer
        # The first decline left the claim open (same state id); the last one closed it (a new one).
        assert one.state != window_state
        closed = [event for event in one.log if event["type"] == "window_closed"]
        assert closed == [{"type": "window_closed", "reason": "all_declined"}]


async def test_d3_the_doubt_timer_closes_a_window_nobody_answers(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=3, bots=None, doubt_seconds=1)
    async with (  # everyone is there (no bot stands in for anyone), and nobody answers
        TableClient.connect(server.ws, table.code, table.tokens[0]) as zero,
        TableClient.connect(server.ws, table.code, table.tokens[1]),
        TableClient.connect(server.ws, table.code, table.tokens[2]),
    ):
        await start(http, table)
        await zero.until(lambda c: c.my_turn)
        assert zero.view is not None
        await zero.play(truthful_cards(zero.view))
        await zero.until(lambda c: c.timer is not None and c.timer["kind"] == "doubt")
        assert zero.timer is not None
        assert 0 < zero.timer["seconds"] <= 1
        await zero.until(lambda c: c.view is not None and c.view["phase"] == "play", timeout=5)
        assert zero.log[-1] == {"type": "window_closed", "reason": "timer"}


async def test_the_turn_timer_plays_the_truth_for_an_idle_person(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy", turn_seconds=5)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:
        await start(http, table)
        await me.until(lambda c: c.my_turn)
        assert me.view is not None
        expected = truthful_cards(me.view)
        due = me.view["due_rank"]
        await me.until(lambda c: any(event["type"] == "played" and event["seat"] == 0 for event in c.log), timeout=10)
        played = next(event for event in me.log if event["type"] == "played" and event["seat"] == 0)
        if expected[0][:-1] == due:  # it held the due rank: all of it, truthfully
            assert sorted(played["cards"]) == sorted(expected)
            assert played["rank"] == due
        else:  # it held none: one card, announced as the due rank
            assert len(played["cards"]) == 1
            assert played["rank"] == due


async def test_a_person_who_comes_back_gets_the_whole_view_at_once(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=4, people=2, bots="easy", doubt_seconds=30)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as zero:
        async with TableClient.connect(server.ws, table.code, table.tokens[1]) as one:
            await start(http, table)
            await zero.until(lambda c: c.my_turn)
            assert zero.view is not None
            await zero.play(truthful_cards(zero.view))
            await one.until(lambda c: c.my_window)
            assert one.view is not None
            hand_before, log_before = list(one.view["hand"]), list(one.log)
        await zero.until(lambda c: c.room is not None and c.room["seats"][1]["away"])
        async with TableClient.connect(server.ws, table.code, table.tokens[1]) as again:
            welcome = again.received[0]
            assert welcome["type"] == "welcome"
            assert welcome["you"] == {"seat": 1}
            assert again.view is not None
            assert again.view["hand"] == hand_before  # the bots only declined meanwhile
            assert again.log[: len(log_before)] == log_before
            assert [event["type"] for event in again.log[len(log_before) :]] in (["declined"], ["declined"] * 2, [])
            assert again.my_window
            assert again.state == zero.state
            await zero.until(lambda c: c.room is not None and c.room["seats"][1]["connected"])


async def test_after_the_grace_period_a_bot_plays_for_an_away_person_until_they_return(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=2, bots="easy", doubt_seconds=30)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as zero:
        await start(http, table)  # seat 1 never connects: away from the start
        await zero.until(lambda c: c.room is not None and c.room["seats"][1]["bot_playing"], timeout=10)
        await play_to_the_end(zero, random.Random(2), doubt_chance=0.0)
        assert zero.view is not None
        assert any(event["type"] == "played" and event["seat"] == 1 for event in zero.log)
        async with TableClient.connect(server.ws, table.code, table.tokens[1]) as one:
            assert one.room is not None
            assert not one.room["seats"][1]["bot_playing"]
            assert one.room["seats"][1]["connected"]


def playing_game(number: int) -> Callable[[TableClient], bool]:
    """The client is at the table's game ``number`` (its state ids start ``number.``), not yet over."""
    return lambda client: client.state is not None and client.state.startswith(f"{number}.") and not client.over


async def test_d8_each_game_at_a_table_starts_at_the_seat_after_the_last_games_first_player(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy")
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:
        for number, first in ((1, 0), (2, 1), (3, 2)):  # D8: seat 0 first, then the seat after, in turn
            await start(http, table)
            await me.until(playing_game(number))
            assert me.room is not None
            assert me.room["game"] == number
            await asyncio.wait_for(play_to_the_end(me, random.Random(number)), timeout=60)
            plays = [event for event in me.log if event["type"] == "played"]
            assert plays[0]["seat"] == first  # the whole log of this game: its very first play
            with Archive.open(server.db) as archive:
                stored = archive.load_room(table.code).latest_game
            assert stored is not None
            assert (stored.number, stored.record["first"]) == (number, first)


# --------------------------------------------------------------------------------------------------
# In-process: how a table stores and shows actions (write-ahead, answers to one claim stored together)


class GatedStorage:
    """An archive whose commits wait until the test opens the gate; it notes every action given to it,
    and refuses the steps in ``refuse``."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.stored: list[tuple[int, str]] = []
        self.refuse: set[int] = set()
        #: Closed, the game's result waits to be stored (``finish_game`` returns once it opens).
        self.finish_gate = asyncio.Event()
        self.finish_gate.set()
        self.finished: list[tuple[int, ...]] = []

    async def append_action(self, game_id: int, step: int, notation: str) -> None:
        await self.gate.wait()
        if step in self.refuse:
            raise OSError(f"the disk refused step {step}")
        self.stored.append((step, notation))

    async def finish_game(self, game_id: int, places: Sequence[int]) -> None:
        await self.finish_gate.wait()
        self.finished.append(tuple(places))


class Listener:
    """A connection that keeps every update it is sent, decoded."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.log_sent = 0
        self.updates: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        pass

    def send_text(self, text: str) -> None:
        self.updates.append(json.loads(text))

    def replace(self, message: dict[str, Any]) -> None:
        pass


def people_table(
    storage: GatedStorage, players: int = 4, hands: Sequence[str] | None = None
) -> tuple[Table, list[Listener]]:
    """A dealt table of people (or one with these ``hands``), each seat connected once; seat 0 plays
    first."""
    settings = RoomSettings(Rules(players), doubt_seconds=60)
    seats = {n: Seat(n, f"Person {n}", SeatKind.HUMAN, None, hash_token(f"token-{n}")) for n in range(players)}
    config = ServerConfig(bot_delay_seconds=0, batch_seconds=0.01, grace_seconds=60)
    table = Table("ABCDEF", settings, "host", RoomStatus.WAITING, seats, config, storage)
    dealt = Game.deal(settings.rules, seed=11) if hands is None else Game.from_hands(settings.rules, hands)
    record = dealt.record()
    table.start(GameSnapshot(1, "ABCDEF", 1, GameStatus.PLAYING, record, None, datetime.now(UTC), None, None))
    listeners = [Listener() for _ in range(players)]
    for seat, listener in enumerate(listeners):
        table.connect(listener, f"token-{seat}")
    return table, listeners


async def claim_by_seat_zero(table: Table, listener: Listener) -> None:
    assert table.game is not None
    play = default_play(table.game.view(0))
    await table.request(listener, ActionRequest("play", table.state_id, play.cards, play.rank, id="play"))


async def test_answers_to_one_claim_are_stored_in_one_go_and_shown_in_one_update() -> None:
    storage = GatedStorage()
    table, listeners = people_table(storage)
    await claim_by_seat_zero(table, listeners[0])
    before = [len(listener.updates) for listener in listeners]
    storage.gate.clear()  # the archive is slow: the three answers arrive while the first is being stored
    state = table.state_id
    answers = [
        asyncio.ensure_future(table.request(listeners[seat], ActionRequest("decline", state, id=f"d{seat}")))
        for seat in (1, 2, 3)
    ]
    await asyncio.sleep(0.05)
    assert table.game is not None
    assert table.game.phase is Phase.PLAY  # the table took all three: the window closed (D3)
    assert [len(listener.updates) for listener in listeners] == before  # nobody is shown what is not stored
    storage.gate.set()
    await asyncio.gather(*answers)
    assert [step for step, _ in storage.stored] == [0, 1, 2, 3]  # in step order
    for seat, listener in enumerate(listeners):
        (update,) = listener.updates[before[seat] :]  # one update for all three declines
        kinds = [event["type"] for event in update["view"]["events"]]
        assert kinds.count("declined") == 3
        assert update.get("ack") == (f"d{seat}" if seat else None)  # each sender finds its own id
        assert update["state"] == table.state_id
    table.close()


async def test_an_action_the_archive_refuses_is_taken_back_with_the_ones_after_it() -> None:
    storage = GatedStorage()
    table, listeners = people_table(storage)
    await claim_by_seat_zero(table, listeners[0])
    storage.refuse = {2}  # the second decline cannot be stored, so the third (after it) cannot stand either
    storage.gate.clear()
    state = table.state_id
    answers = [
        asyncio.ensure_future(table.request(listeners[seat], ActionRequest("decline", state, id=f"d{seat}")))
        for seat in (1, 2, 3)
    ]
    await asyncio.sleep(0.05)
    storage.gate.set()
    results = await asyncio.gather(*answers, return_exceptions=True)
    assert results[0] is None
    for refused in results[1:]:
        assert isinstance(refused, ServerError)
        assert refused.code == "server.storage"
    assert table.game is not None
    assert table.game is table.shown  # back to what is stored: seat 1's decline only
    assert table.game.phase is Phase.DOUBT
    assert sorted(table.game.awaiting) == [2, 3]
    assert table.state_id == state  # a decline that leaves the window open keeps the state: 2 and 3 may retry
    (update,) = listeners[2].updates[-1:]
    assert [event["type"] for event in update["view"]["events"]] == ["declined"]
    table.close()


async def test_a_deal_asked_for_while_the_result_is_stored_waits_for_it_instead_of_being_refused() -> None:
    storage = GatedStorage()
    table, listeners = people_table(storage, players=3, hands=["AS", "2S 3S", "4S"])
    storage.finish_gate.clear()  # the archive is slow to store the result
    last = ActionRequest("play", table.state_id, (Card.parse("AS"),), Rank.ACE, id="last")
    played = asyncio.ensure_future(table.request(listeners[0], last))
    await asyncio.sleep(0.05)
    assert table.game is not None
    assert table.game.is_over  # seat 0's last card went down truthfully: R10, the game is over
    assert not table.between_games  # but nobody was shown so: the result is not stored yet
    waiting = asyncio.ensure_future(table.game_end_stored())
    await asyncio.sleep(0.05)
    assert not waiting.done()
    storage.finish_gate.set()
    await asyncio.wait_for(asyncio.gather(waiting, played), timeout=5)
    assert storage.finished == [(0,)]
    assert table.between_games  # a deal asked for now is taken
    assert table.status is RoomStatus.FINISHED
    table.close()
