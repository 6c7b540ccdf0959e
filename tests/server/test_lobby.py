"""The lobby for a table of friends, through a real server: bots with names, one at a time and each with
its level, taken out or changed between games; the person who hosts, hosting handed on, anyone seated
dealing the next game; reactions; every hand face up and the numbers at the end; the evening's score."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx

from idoubtit.client.table_client import TableClient
from idoubtit.names import BOT_NAMES
from tests.server.helpers import NewTable, ServerProcess, host, new_table, play_to_the_end

STATS = {"claims", "bluffs", "bluffs_caught", "doubts", "doubts_right", "piles_taken", "cards_taken"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def room_of(http: httpx.AsyncClient, code: str) -> dict[str, Any]:
    response = await http.get(f"/api/rooms/{code}")
    assert response.status_code == 200, response.text
    room: dict[str, Any] = response.json()
    return room


def refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def empty_room(http: httpx.AsyncClient, players: int, **options: Any) -> NewTable:
    return await new_table(http, players=players, people=0, bots=None, **options)


async def seat(http: httpx.AsyncClient, table: NewTable, name: str) -> tuple[int, str]:
    joined = await http.post(f"/api/rooms/{table.code}/seats", json={"name": name})
    assert joined.status_code == 201, joined.text
    table.tokens[joined.json()["seat"]] = joined.json()["token"]
    return joined.json()["seat"], joined.json()["token"]


# ------------------------------------------------------------------------------------------------------
# Names


async def test_bots_get_first_names_from_the_rooms_language_all_different_at_the_table(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    for language in ("en", "mn", "lb", "af"):
        table = await empty_room(http, 4, language=language)
        await seat(http, table, BOT_NAMES[language][0])  # a person may well have a name from the list
        filled = await http.post(f"/api/rooms/{table.code}/bots", json={"level": "easy"}, headers=host(table))
        assert filled.json() == {"seats": [1, 2, 3]}
        seats = (await room_of(http, table.code))["seats"]
        names = [entry["name"] for entry in seats]
        assert len({name.casefold() for name in names}) == 4
        assert all(name in BOT_NAMES[language] for name in names[1:])
        assert [(entry["kind"], entry["level"]) for entry in seats[1:]] == [("bot", "easy")] * 3


async def test_the_same_room_code_and_seat_give_the_same_bot_name(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await empty_room(http, 3, language="af")
    await http.post(f"/api/rooms/{table.code}/bots", json={"level": "easy", "seat": 1}, headers=host(table))
    first = (await room_of(http, table.code))["seats"][1]["name"]
    await http.delete(f"/api/rooms/{table.code}/seats/1", headers=host(table))
    await http.post(f"/api/rooms/{table.code}/bots", json={"level": "hard", "seat": 1}, headers=host(table))
    assert (await room_of(http, table.code))["seats"][1]["name"] == first


async def test_a_name_already_at_the_table_gets_a_number(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await empty_room(http, 5)
    for name in ("Anna", "anna", " Anna  ", "A" * 40, "A" * 40):
        await seat(http, table, name)
    names = [entry["name"] for entry in (await room_of(http, table.code))["seats"]]
    assert names == ["Anna", "anna 2", "Anna 3", "A" * 40, "A" * 38 + " 2"]


# ------------------------------------------------------------------------------------------------------
# One bot at a time


async def test_a_character_sits_down_under_its_own_name_and_takes_it_away_again(http: httpx.AsyncClient) -> None:
    table = await empty_room(http, 5, language="af")
    bots, headers = f"/api/rooms/{table.code}/bots", host(table)
    assert (await http.post(bots, json={"level": "bluffer", "count": 1}, headers=headers)).status_code == 200
    assert (await http.post(bots, json={"level": "rock", "count": 2}, headers=headers)).status_code == 200
    assert (await http.post(bots, json={"level": "easy", "count": 1}, headers=headers)).status_code == 200
    room = await room_of(http, table.code)
    assert [(entry["name"], entry["level"]) for entry in room["seats"][:3]] == [
        ("Fanie", "bluffer"),
        ("Bertus", "rock"),
        ("Bertus 2", "rock"),  # two of one character are told apart
    ]
    plain = room["seats"][3]["name"]
    assert plain in BOT_NAMES["af"]

    async def change(number: int, level: str) -> str:
        changed = await http.patch(f"/api/rooms/{table.code}/seats/{number}", json={"level": level}, headers=headers)
        assert changed.status_code == 200, changed.text
        name: str = (await room_of(http, table.code))["seats"][number]["name"]
        return name

    assert await change(3, "doubter") == "Dalene"  # a bot that becomes a character takes its name
    assert await change(0, "bluffer") == "Fanie"  # the same character again keeps its name
    assert await change(1, "hard") in BOT_NAMES["af"]  # a character that becomes another bot leaves its name
    assert await change(2, "medium") != "Bertus 2"
    assert await change(2, "expert") == (await room_of(http, table.code))["seats"][2]["name"]  # a level keeps it


async def test_the_language_catalog_brings_the_characters_in_that_language(http: httpx.AsyncClient) -> None:
    body = (await http.get("/api/i18n/lb")).json()
    rock = next(sheet for sheet in body["characters"] if sheet["key"] == "rock")
    assert rock["name"] == "Roger"
    assert rock["difficulty"] == "easy"
    assert rock["description"] == body["messages"]["Never lies unless there is no other way, and hardly ever doubts."]
    assert rock["description"] != "Never lies unless there is no other way, and hardly ever doubts."
    english = {sheet["key"] for sheet in (await http.get("/api/i18n/en")).json()["characters"]}
    assert english == {"bluffer", "doubter", "rock", "cautious", "bigbluff", "beginner"}


async def test_one_bot_at_a_time_each_with_its_level_changed_or_taken_out_between_games(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await empty_room(http, 4, doubt_seconds=60)
    _, anna = await seat(http, table, "Anna")
    bots, headers = f"/api/rooms/{table.code}/bots", host(table)
    async with TableClient.connect(server.ws, table.code, anna) as me:
        assert (await http.post(bots, json={"level": "hard", "count": 1}, headers=headers)).json() == {"seats": [1]}
        assert (await http.post(bots, json={"level": "easy", "seat": 3}, headers=headers)).json() == {"seats": [3]}
        assert (await http.post(bots, json={"level": "medium", "count": 1}, headers=headers)).json() == {"seats": [2]}
        await me.until(lambda c: c.room is not None and all(c.room["seats"]))  # each change is broadcast
        room = await room_of(http, table.code)
        assert [entry["level"] for entry in room["seats"]] == [None, "hard", "medium", "easy"]
        names = [entry["name"] for entry in room["seats"]]

        full = await http.post(bots, json={"level": "easy", "count": 1}, headers=headers)
        assert refusal(full) == (409, "room.conflict")
        assert "0 empty seat" in full.json()["error"]["message"]
        both = await http.post(bots, json={"level": "easy", "count": 1, "seat": 1}, headers=headers)
        assert refusal(both) == (400, "room.bad_seat")
        for count in (0, -1, True, "1"):
            assert refusal(await http.post(bots, json={"count": count}, headers=headers)) == (400, "room.bad_seat")

        changed = await http.patch(f"/api/rooms/{table.code}/seats/1", json={"level": "expert"}, headers=headers)
        assert changed.json() == {"seat": 1, "level": "expert"}
        await me.until(lambda c: c.room is not None and c.room["seats"][1]["level"] == "expert")
        assert me.room is not None
        assert me.room["seats"][1]["name"] == names[1]  # a new level, the same name
        removed = await http.delete(f"/api/rooms/{table.code}/seats/2", headers=headers)
        assert removed.json() == {"removed": 2}
        await me.until(lambda c: c.room is not None and c.room["seats"][2] is None)

        seats = f"/api/rooms/{table.code}/seats"
        assert refusal(await http.delete(f"{seats}/0", headers=headers)) == (409, "room.not_a_bot")  # a person
        assert refusal(await http.delete(f"{seats}/2", headers=headers)) == (409, "room.not_a_bot")  # empty
        assert refusal(await http.patch(f"{seats}/0", json={"level": "easy"}, headers=headers)) == (
            409,
            "room.not_a_bot",
        )
        for wrong in ("4", "x", "-1", "01234"):
            assert refusal(await http.delete(f"{seats}/{wrong}", headers=headers)) == (400, "room.bad_seat")
        assert refusal(await http.delete(f"{seats}/1")) == (403, "auth.not_host")
        assert refusal(await http.delete(f"{seats}/1", headers=bearer(anna + "x"))) == (403, "auth.not_host")
        assert refusal(await http.patch(f"{seats}/1", json={"level": "os:system"}, headers=headers)) == (
            400,
            "room.bad_bot",
        )
        assert refusal(await http.patch(f"{seats}/1", json={"colour": "red"}, headers=headers)) == (
            400,
            "protocol.malformed",
        )

        await http.post(bots, json={"level": "easy", "count": 1}, headers=headers)
        assert (await http.post(f"/api/rooms/{table.code}/start", headers=headers)).status_code == 200
        await me.until(lambda c: c.view is not None)
        assert refusal(await http.delete(f"{seats}/1", headers=headers)) == (409, "room.playing")
        assert refusal(await http.patch(f"{seats}/1", json={"level": "easy"}, headers=headers)) == (
            409,
            "room.playing",
        )
    room = await room_of(http, table.code)
    assert [entry["level"] for entry in room["seats"]] == [None, "expert", "easy", "easy"]


# ------------------------------------------------------------------------------------------------------
# Hosting and dealing


async def test_the_first_person_seated_hosts_with_their_seat_token_and_may_hand_hosting_on(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await empty_room(http, 4)
    assert (await room_of(http, table.code))["host_seat"] is None
    _, anna = await seat(http, table, "Anna")
    _, bo = await seat(http, table, "Bo")
    assert (await room_of(http, table.code))["host_seat"] == 0
    bots, hand_on = f"/api/rooms/{table.code}/bots", f"/api/rooms/{table.code}/host"
    assert refusal(await http.post(bots, json={"count": 1}, headers=bearer(bo))) == (403, "auth.not_host")
    assert (await http.post(bots, json={"count": 1}, headers=bearer(anna))).json() == {"seats": [2]}
    # Hosting goes to a person only, and only the host (or the person who hosts) hands it on.
    assert refusal(await http.post(hand_on, json={"seat": 1}, headers=bearer(bo))) == (403, "auth.not_host")
    assert refusal(await http.post(hand_on, json={"seat": 2}, headers=bearer(anna))) == (409, "room.not_a_person")
    assert refusal(await http.post(hand_on, json={"seat": 3}, headers=bearer(anna))) == (409, "room.not_a_person")
    assert refusal(await http.post(hand_on, json={"seat": 7}, headers=bearer(anna))) == (400, "room.bad_seat")
    assert refusal(await http.post(hand_on, json={}, headers=bearer(anna))) == (400, "room.bad_seat")
    async with TableClient.connect(server.ws, table.code, bo) as bo_client:
        assert (await http.post(hand_on, json={"seat": 1}, headers=bearer(anna))).json() == {"host_seat": 1}
        await bo_client.until(lambda c: c.room is not None and c.room["host_seat"] == 1)
    assert refusal(await http.post(bots, json={"count": 1}, headers=bearer(anna))) == (403, "auth.not_host")
    assert (await http.post(bots, json={"count": 1}, headers=bearer(bo))).json() == {"seats": [3]}
    assert (await http.delete(f"/api/rooms/{table.code}/seats/3", headers=bearer(bo))).json() == {"removed": 3}
    # The host token keeps working, whoever hosts at the table.
    assert (await http.post(hand_on, json={"seat": 0}, headers=host(table))).json() == {"host_seat": 0}
    assert (await room_of(http, table.code))["host_seat"] == 0


async def test_the_host_deals_the_first_game_and_anyone_seated_the_next_with_every_hand_face_up_between(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=2, bots="easy", doubt_seconds=60)
    start = f"/api/rooms/{table.code}/start"
    bo = table.tokens[1]
    assert refusal(await http.post(start, headers=bearer(bo))) == (403, "auth.not_host")
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as zero,
        TableClient.connect(server.ws, table.code, bo) as one,
        TableClient.connect(server.ws, table.code) as watcher,
    ):
        assert (await http.post(start, headers=bearer(table.tokens[0]))).json() == {"game": 1}  # the host seat
        await one.until(lambda c: c.view is not None)
        assert one.view is not None
        assert (one.view["final_hands"], one.view["stats"]) == (None, None)
        assert refusal(await http.post(start, headers=bearer(bo))) == (409, "room.playing")
        rng = random.Random(3)
        await asyncio.gather(play_to_the_end(zero, rng), play_to_the_end(one, rng))
        await watcher.until(lambda c: c.over)
        seen = [client.view for client in (zero, one, watcher)]
        assert all(view is not None for view in seen)
        final = [(view["final_hands"], view["stats"]) for view in seen if view is not None]
        assert final[0] == final[1] == final[2]  # every hand face up, the same for everyone
        hands, stats = final[0]
        assert [len(hand) for hand in hands] == seen[2]["hand_sizes"]  # type: ignore[index]
        assert hands[1] == seen[1]["hand"]  # type: ignore[index]
        assert [set(numbers) for numbers in stats] == [STATS] * 3
        winner = seen[2]["winner"]  # type: ignore[index]
        await watcher.until(lambda c: c.room is not None and sum(c.room["score"]) == 1)
        assert watcher.room is not None
        assert watcher.room["score"] == [int(seat == winner) for seat in range(3)]
        # Not the host, but seated: Bo deals the next game; a spectator may not.
        assert refusal(await http.post(start)) == (403, "auth.not_host")
        assert (await http.post(start, headers=bearer(bo))).json() == {"game": 2}
        await one.until(lambda c: c.state is not None and c.state.startswith("2.") and c.view is not None)
        assert one.view is not None
        assert (one.view["final_hands"], one.view["stats"]) == (None, None)
    room = await room_of(http, table.code)
    assert room["score"] == [int(seat == winner) for seat in range(3)]


async def test_a_stand_in_keeps_the_persons_name(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await new_table(http, players=3, people=1, bots="easy", doubt_seconds=60)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]):
        pass  # connected once, then away: after the grace period a bot plays the seat
    await http.post(f"/api/rooms/{table.code}/start", headers=host(table))
    async with asyncio.timeout(20):
        while not (room := await room_of(http, table.code))["seats"][0]["bot_playing"]:
            await asyncio.sleep(0.1)
    assert (room["seats"][0]["name"], room["seats"][0]["kind"]) == ("Person 0", "human")


# ------------------------------------------------------------------------------------------------------
# Reactions


async def test_reactions_go_to_everyone_at_the_table_a_few_a_minute_and_nothing_else_gets_through(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=2, bots="easy", doubt_seconds=60)
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as zero,
        TableClient.connect(server.ws, table.code, table.tokens[1]) as one,
        TableClient.connect(server.ws, table.code) as watcher,
    ):

        def reactions(client: TableClient) -> list[dict[str, Any]]:
            return [message for message in client.received if message["type"] == "reaction"]

        sent = await zero.send({"type": "react", "reaction": "nice_bluff"})
        for client in (zero, one, watcher):
            await client.until(lambda c: len(reactions(c)) == 1)
        assert reactions(one) == reactions(watcher) == [{"type": "reaction", "seat": 0, "reaction": "nice_bluff"}]
        assert reactions(zero) == [{"type": "reaction", "seat": 0, "reaction": "nice_bluff", "ack": sent}]

        too_soon = await zero.send({"type": "react", "reaction": "wow"})
        await zero.until(lambda c: c.answer_to(too_soon) is not None)
        answer = zero.answer_to(too_soon)
        assert answer is not None
        assert answer["code"] == "limit.reaction"
        assert "once every 2 seconds and 10 times a minute" in answer["message"]
        # Each seat has its own allowance.
        await one.send({"type": "react", "reaction": "good_game"})
        await watcher.until(lambda c: len(reactions(c)) == 2)

        spectating = await watcher.send({"type": "react", "reaction": "hmm"})
        await watcher.until(lambda c: c.answer_to(spectating) is not None)
        assert watcher.answer_to(spectating)["code"] == "auth.spectator"  # type: ignore[index]

        before = one.view
        bad: list[str] = [
            json.dumps({"type": "react", "reaction": "boo", "id": "b1"}),
            json.dumps({"type": "react", "id": "b2"}),
            json.dumps({"type": "react", "reaction": None, "id": "b3"}),
            json.dumps({"type": "react", "reaction": {"text": "hi"}, "id": "b4"}),
            json.dumps({"type": "react", "reaction": "wow", "text": "free text", "id": "b5"}),
            json.dumps({"type": "react", "reaction": "x" * 3000, "id": "b6"}),
            '{"type": "react", "reaction": "wow", "id": "b7"',
        ]
        for text in bad:
            await one.send_raw(text)
        await one.until(lambda c: len(c.errors) >= len(bad))
        assert [error["code"] for error in one.errors] == ["protocol.malformed"] * len(bad)
        assert "nice_bluff, hmm, oops, good_game, well_played, wow" in one.errors[0]["message"]
        assert all(len(error["message"]) < 200 for error in one.errors)
        count = len(one.received)
        await one.send({"type": "sync"})  # the handler still serves, and nothing changed
        await one.until(lambda c: any(message["type"] == "welcome" for message in c.received[count:]))
        assert one.view == before
        assert len(reactions(watcher)) == len(reactions(zero)) == 2
        await asyncio.sleep(2.05)
        await zero.send({"type": "react", "reaction": "wow"})  # two seconds later: allowed again
        await watcher.until(lambda c: len(reactions(c)) == 3)
