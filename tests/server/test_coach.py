"""The coach at a server table (server/coaching.py): switched on by a seated person where the host allows
it, its word only for that seat, never a card the seat could not see."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx

from idoubtit.client.table_client import TableClient
from tests.server.helpers import NewTable, ServerProcess, host, new_table, play_to_the_end, start
from tests.server.test_leak import cards_in


def coach_messages(client: TableClient) -> list[dict[str, Any]]:
    return [message for message in client.received if message["type"] == "coach"]


async def switch(client: TableClient, on: bool) -> dict[str, Any]:
    message_id = await client.send({"type": "coach", "on": on})
    await client.until(
        lambda c: any(m.get("id") == message_id for m in c.received if m["type"] in ("coach_switched", "error")),
        timeout=10,
    )
    return next(m for m in client.received if m.get("id") == message_id)


#: How long a person waits for the coach's word on a claim before answering it: on a loaded machine the
#: search behind it may take a while, and a claim answered first is no longer worth advice.
COACH_WAIT = 60.0


async def play_listening_to_the_coach(me: TableClient) -> None:
    """Play to the end; at the first claim the seat may answer, wait for the coach's word on it first."""
    rng = random.Random(1)
    heard_a_claim = False
    while not (me.over or me.closed):
        await me.until(lambda c: c.over or c.my_turn or c.my_window or c.closed, timeout=30)
        if me.my_window and not heard_a_claim:
            await me.until(lambda c: _claim_advice(c) or not c.my_window, timeout=COACH_WAIT)
            heard_a_claim = _claim_advice(me)
        await play_to_the_end(me, rng, timeout=30, actions=1)


def _claim_advice(client: TableClient) -> bool:
    return any(m["state"] == client.state and m["advice"]["kind"] == "claim" for m in coach_messages(client))


async def test_a_person_playing_computers_gets_the_coachs_word_at_each_decision(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy", doubt_seconds=30)
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0], keep_frames=True) as me,
        TableClient.connect(server.ws, table.code, keep_frames=True) as watcher,
    ):
        assert (await switch(me, True))["type"] == "coach_switched"
        room = (await http.get(f"/api/rooms/{table.code}")).json()
        assert [seat["coach"] for seat in room["seats"]] == [True, False, False]
        await start(http, table)
        await me.until(lambda c: c.my_turn, timeout=20)
        await me.until(lambda c: any(m["state"] == c.state for m in coach_messages(c)), timeout=20)
        advice = next(m for m in coach_messages(me) if m["state"] == me.state)["advice"]
        assert advice["kind"] == "play"
        assert set(advice["cards"]) <= set(me.view["hand"])  # type: ignore[index]
        await play_listening_to_the_coach(me)
        kinds = {message["advice"]["kind"] for message in coach_messages(me)}
        assert kinds == {"play", "claim"}
        for message in coach_messages(me):
            if message["advice"]["kind"] == "claim":
                assert 0.0 <= message["advice"]["bluff_chance"] <= 1.0
        # Its word reaches the seat alone, and holds no card but those in the seat's hand at that state.
        assert not coach_messages(watcher)
        hands: dict[str, set[str]] = {}
        for message in me.received:
            if message["type"] in ("update", "welcome") and message["view"] is not None:
                hands[message["state"]] = set(message["view"]["hand"])
            elif message["type"] == "coach":
                assert cards_in(json.dumps(message)) <= hands[message["state"]], message


async def test_among_friends_the_host_decides(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await new_table(http, players=3, people=2, bots="easy")
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as anna:
        refused = await switch(anna, True)
        assert (refused["type"], refused["code"]) == ("error", "coach.not_allowed")  # "auto", two people
        allowed = await http.post(f"/api/rooms/{table.code}/coach", json={"coach": "on"}, headers=host(table))
        assert allowed.json() == {"coach": "on"}
        assert (await switch(anna, True))["type"] == "coach_switched"
        await http.post(f"/api/rooms/{table.code}/coach", json={"coach": "off"}, headers=host(table))
        room = (await http.get(f"/api/rooms/{table.code}")).json()
        assert room["settings"]["coach"] == "off"
        assert not any(seat["coach"] for seat in room["seats"])  # switched off for everyone


async def test_bad_coach_requests_are_refused_clearly(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table: NewTable = await new_table(http, players=3, people=1, bots="easy")
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as me,
        TableClient.connect(server.ws, table.code) as watcher,
    ):
        await me.send_raw('{"type": "coach", "on": "yes", "id": "x"}')
        await me.until(lambda c: c.answer_to("x") is not None)
        assert me.answer_to("x")["code"] == "protocol.malformed"  # type: ignore[index]
        refused = await switch(watcher, True)
        assert refused["code"] == "auth.spectator"
    wrong = await http.post(f"/api/rooms/{table.code}/coach", json={"coach": "always"}, headers=host(table))
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (400, "room.invalid")
    stranger = await http.post(f"/api/rooms/{table.code}/coach", json={"coach": "on"})
    assert stranger.json()["error"]["code"] == "auth.not_host"
    created = await http.post("/api/rooms", json={"players": 3, "coach": "sometimes"})
    assert created.json()["error"]["code"] == "room.invalid"
