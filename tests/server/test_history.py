"""Looking back through a real server: a table's games, one game, its replay, a table's and a person's
statistics (server/history.py), and the errors every bad question gets."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx

from idoubtit.archive import Archive
from idoubtit.client.table_client import TableClient
from idoubtit.history import record_numbers, totals
from tests.server.helpers import NewTable, ServerProcess, host, play_to_the_end, start
from tests.server.test_leak import cards_in

PLAYER = "a-browsers-own-id-0001"


async def seated_table(http: httpx.AsyncClient, player: str = PLAYER) -> NewTable:
    """A table of three: a person with a player id in seat 0, bots in the others (not started)."""
    room = (await http.post("/api/rooms", json={"players": 3, "doubt_seconds": 30})).json()
    joined = await http.post(f"/api/rooms/{room['code']}/seats", json={"name": "Ann", "player": player})
    assert joined.status_code == 201, joined.text
    filled = await http.post(f"/api/rooms/{room['code']}/bots", json={"level": "easy"}, headers=host(room))
    assert filled.status_code == 200, filled.text
    return NewTable(room["code"], room["host_token"], {0: joined.json()["token"]})


async def play_games(server: ServerProcess, http: httpx.AsyncClient, table: NewTable, games: int) -> None:
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as ann:
        for number in range(1, games + 1):
            await start(http, table)
            await ann.until(_in_game(number), timeout=30)
            await play_to_the_end(ann, random.Random(number), timeout=30)


def _in_game(number: int) -> Callable[[TableClient], bool]:
    return lambda client: client.state is not None and client.state.startswith(f"{number}.")


async def get(http: httpx.AsyncClient, path: str, **params: Any) -> dict[str, Any]:
    response = await http.get(path, params=params)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def test_a_tables_games_newest_first_each_with_its_record_and_replay(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await seated_table(http)
    await play_games(server, http, table, 3)
    page = await get(http, f"/api/rooms/{table.code}/games", limit=2)
    assert [game["number"] for game in page["games"]] == [3, 2]
    older = await get(http, f"/api/rooms/{table.code}/games", before=page["before"])
    assert [game["number"] for game in older["games"]] == [1]
    assert older["before"] is None
    newest = page["games"][0]
    assert newest["seats"][0]["name"] == "Ann"
    assert newest["status"] == "finished"
    assert newest["winner"] == newest["places"][0]
    assert PLAYER not in str(page)  # a person's player id is theirs alone
    game = await get(http, f"/api/games/{newest['id']}")
    with Archive.open(server.db) as archive:
        stored = archive.game_record(newest["id"])
    assert {key: game["record"][key] for key in stored} == stored
    assert game["record"]["table"]["seats"][0]["name"] == "Ann"
    replay = await get(http, f"/api/games/{newest['id']}/replay")
    assert len(replay["frames"]) == newest["steps"] + 1
    assert replay["frames"][0]["hands"][0]  # every hand face up: the game is over


async def test_statistics_of_a_table_and_of_a_person_match_the_records(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    player = "someone-else-entirely-02"
    table = await seated_table(http, player)
    await play_games(server, http, table, 2)
    games = (await get(http, f"/api/rooms/{table.code}/games"))["games"]
    with Archive.open(server.db) as archive:
        records = [archive.game_record(game["id"]) for game in games]
    expected = [totals(record_numbers(record)[seat] for record in records).to_dict() for seat in range(3)]
    stats = await get(http, f"/api/rooms/{table.code}/stats")
    assert [{key: line[key] for key in expected[0]} for line in stats["seats"]] == expected
    mine = await get(http, f"/api/players/{player}/stats")
    assert mine["totals"] == expected[0]
    assert [line["room"] for line in mine["tables"]] == [table.code]
    listed = await get(http, f"/api/players/{player}/games")
    assert [game["id"] for game in listed["games"]] == [game["id"] for game in games]
    assert {game["you"] for game in listed["games"]} == {0}  # the seat this player held in each
    room = await get(http, f"/api/rooms/{table.code}")
    assert room["game_id"] == games[0]["id"]  # the archive's id of the table's latest game


async def test_a_game_being_played_shows_only_what_a_spectator_sees(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await seated_table(http, "watching-a-live-game-03")
    await start(http, table)
    listed = (await get(http, f"/api/rooms/{table.code}/games"))["games"]
    assert listed[0]["status"] == "playing"
    response = await http.get(f"/api/games/{listed[0]['id']}")
    assert response.status_code == 200
    assert "record" not in response.json()
    assert response.json()["view"]["seat"] is None
    assert not cards_in(response.text)  # nothing is face up yet
    replay = await http.get(f"/api/games/{listed[0]['id']}/replay")
    assert (replay.status_code, replay.json()["error"]["code"]) == (409, "game.not_finished")
    await http.post(f"/api/rooms/{table.code}/close", headers=host(table))
    closed = await http.get(f"/api/games/{listed[0]['id']}")  # given up with its room: still no cards
    assert closed.json()["game"]["status"] == "abandoned"
    assert not cards_in(closed.text)
    assert (await get(http, f"/api/rooms/{table.code}/games"))["games"][0]["status"] == "abandoned"


async def test_bad_questions_get_clear_errors_and_change_nothing(http: httpx.AsyncClient) -> None:
    table = await seated_table(http, "asks-bad-questions-004")

    async def refused(path: str, **params: Any) -> tuple[int, str]:
        response = await http.get(path, params=params)
        return response.status_code, response.json()["error"]["code"]

    assert await refused(f"/api/rooms/{table.code}/games", limit="lots") == (400, "history.invalid")
    assert await refused(f"/api/rooms/{table.code}/games", limit=500) == (400, "history.invalid")
    assert await refused(f"/api/rooms/{table.code}/games", page=2) == (400, "history.invalid")
    assert await refused("/api/rooms/AAAAAA/games") == (404, "room.not_found")
    assert await refused("/api/rooms/AAAAAA/stats") == (404, "room.not_found")
    assert await refused("/api/games/abc") == (404, "game.not_found")
    assert await refused("/api/games/999999") == (404, "game.not_found")
    assert await refused("/api/players/short/stats") == (400, "history.invalid")
    joined = await http.post(f"/api/rooms/{table.code}/seats", json={"name": "Eve", "player": "no/such id"})
    assert (joined.status_code, joined.json()["error"]["code"]) == (400, "room.invalid")
    assert "player id has 16 to 64" in joined.json()["error"]["message"]
    assert (await get(http, f"/api/rooms/{table.code}"))["seats"][1]["kind"] == "bot"  # Eve was not seated


async def test_a_review_of_a_finished_game_is_made_off_the_tables_and_kept(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await seated_table(http, "reviews-my-own-game-05")
    await play_games(server, http, table, 1)
    game_id = (await get(http, f"/api/rooms/{table.code}/games"))["games"][0]["id"]
    first = await http.get(f"/api/games/{game_id}/review", params={"seat": 0}, timeout=120)
    assert first.status_code == 200, first.text
    review = first.json()["review"]
    assert review["seat"] == 0
    assert review["decisions"]
    assert all(decision["chosen"].split()[1] == "0" for decision in review["decisions"])
    assert sum(review["labels"].values()) == len(review["decisions"])
    again = await http.get(f"/api/games/{game_id}/review", params={"seat": 0})
    assert again.json()["review"] == review  # kept: a finished game's review never changes
    for params, code in (({}, "history.invalid"), ({"seat": 3}, "history.invalid"), ({"seat": "x"}, "history.invalid")):
        refused = await http.get(f"/api/games/{game_id}/review", params=params)
        assert (refused.status_code, refused.json()["error"]["code"]) == (400, code)
    playing = await seated_table(http, "reviews-a-live-game-006")
    await start(http, playing)
    live = (await get(http, f"/api/rooms/{playing.code}/games"))["games"][0]["id"]
    refused = await http.get(f"/api/games/{live}/review", params={"seat": 0})
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "game.not_finished")


async def test_puzzles_come_from_the_shipped_set_as_asked(http: httpx.AsyncClient) -> None:
    asked = {"kind": "doubt", "difficulty": "easy", "count": 3, "seed": 7}
    first = await get(http, "/api/puzzles", **asked)
    assert len(first["puzzles"]) == 3
    assert {(puzzle["kind"], puzzle["difficulty"]) for puzzle in first["puzzles"]} == {("doubt", "easy")}
    assert all(
        puzzle["answer"] in puzzle["options"] and puzzle["view"]["seat"] is not None for puzzle in first["puzzles"]
    )
    assert (await get(http, "/api/puzzles", **asked)) == first  # the same seed, the same puzzles
    plays = await get(http, "/api/puzzles", kind="play", count=2)
    assert {puzzle["kind"] for puzzle in plays["puzzles"]} == {"play"}
    for params in ({"kind": "chess"}, {"difficulty": "brutal"}, {"count": 0}, {"count": 51}, {"page": 1}):
        refused = await http.get("/api/puzzles", params=params)
        assert (refused.status_code, refused.json()["error"]["code"]) == (400, "history.invalid")


async def test_the_puzzle_page_is_served_at_its_own_address(http: httpx.AsyncClient) -> None:
    page = await http.get("/puzzles")
    assert page.status_code == 200
    assert "puzzles.js" in page.text
