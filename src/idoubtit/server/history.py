"""Looking back over HTTP: a table's games, one game (its public log while it is played, its whole record
and a replay once it is over), a table's statistics and a person's.

Everything comes from the archive, so a closed table's history is there too. A game still being played
is only ever shown as a spectator sees it (``view(None)``): no request, by anyone, gets a hidden card
of it. Once it is finished, every card of it is anyone's to see.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any, Final, TypeVar

from fastapi import FastAPI, Request

from idoubtit.archive import ArchiveError, GameEntry, GameStatus, InvalidInputError, NotFoundError, normalize_code
from idoubtit.archive.transfer import exported
from idoubtit.coach.puzzles import DIFFICULTIES, KINDS, Puzzle, choose, load_set
from idoubtit.coach.review import review_record
from idoubtit.engine import Game
from idoubtit.history import replay_frames
from idoubtit.server.hub import Hub
from idoubtit.server.protocol import ServerError

T = TypeVar("T")

#: Replays kept ready (a finished game never changes, and friends open the same one together).
REPLAYS_KEPT: Final = 32
#: The most puzzles one request gets.
PUZZLES_AT_ONCE: Final = 50
#: Reviews kept once made, and how many may wait for the worker at once.
REVIEWS_KEPT: Final = 64
REVIEWS_WAITING: Final = 8


def add_history(app: FastAPI) -> None:
    """The history endpoints of docs/protocol.md ("Looking back")."""
    replays: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()

    @app.get("/api/rooms/{code}/games")
    async def room_games(request: Request, code: str) -> dict[str, Any]:
        before, limit = _page(request)
        page = await _archive(request, "room", lambda hub: hub.archive.room_games(code, before, limit))
        return {"room": _code_of(page.games, code), **page.to_dict()}

    @app.get("/api/rooms/{code}/stats")
    async def room_stats(request: Request, code: str) -> dict[str, Any]:
        lines = await _archive(request, "room", lambda hub: hub.archive.room_stats(code))
        return {"room": normalize_code(code)[:20], "seats": [line.to_dict() for line in lines]}

    @app.get("/api/games/{game_id}")
    async def game(request: Request, game_id: str) -> dict[str, Any]:
        number = _game_id(game_id)
        entry, record = await _archive(
            request, "game", lambda hub: (hub.archive.game_entry(number), hub.archive.game_record(number))
        )
        if entry.status is GameStatus.FINISHED:  # (the entry and record already read: no second query)
            return {"game": entry.to_dict(), "record": exported(entry, record, with_players=False)}
        # Being played (or given up when its room closed): what a spectator sees, and not a card more.
        return {"game": entry.to_dict(), "view": Game.replay(record).view(None).to_dict()}

    @app.get("/api/games/{game_id}/replay")
    async def replay(request: Request, game_id: str) -> dict[str, Any]:
        number = _game_id(game_id)
        entry, record = await _archive(
            request, "game", lambda hub: (hub.archive.game_entry(number), hub.archive.game_record(number))
        )
        _finished(entry)
        frames = replays.get(number)
        if frames is None:
            frames = replays[number] = await asyncio.get_running_loop().run_in_executor(None, replay_frames, record)
            while len(replays) > REPLAYS_KEPT:
                replays.popitem(last=False)
        return {"game": entry.to_dict(), "frames": frames}

    @app.get("/api/games/{game_id}/review")
    async def review(request: Request, game_id: str) -> dict[str, Any]:
        number = _game_id(game_id)
        unknown = set(request.query_params) - {"seat"}
        if unknown:
            raise ServerError("history.invalid", f"unknown query {sorted(unknown)[0][:20]!r}; a review takes seat")
        seat = _whole(request.query_params.get("seat"), "seat")
        entry, record = await _archive(
            request, "game", lambda hub: (hub.archive.game_entry(number), hub.archive.game_record(number))
        )
        _finished(entry)
        if seat is None or not 0 <= seat < len(entry.seats):
            raise ServerError(
                "history.invalid", f"a review needs ?seat=, a seat of this game (0 to {len(entry.seats) - 1})"
            )
        worker: ReviewWorker = request.app.state.reviews
        return {"game": entry.to_dict(), "review": await worker.review(number, record, seat)}

    @app.get("/api/puzzles")
    async def puzzles(request: Request) -> dict[str, Any]:
        return {"puzzles": [puzzle.to_dict() for puzzle in _chosen_puzzles(request)]}

    @app.get("/api/players/{player_id}/stats")
    async def player_stats(request: Request, player_id: str) -> dict[str, Any]:
        stats = await _archive(request, "player", lambda hub: hub.archive.player_stats(player_id))
        return stats.to_dict()

    @app.get("/api/players/{player_id}/games")
    async def player_games(request: Request, player_id: str) -> dict[str, Any]:
        before, limit = _page(request)
        page = await _archive(request, "player", lambda hub: hub.archive.player_games(player_id, before, limit))
        answer = page.to_dict()
        for entry, shown in zip(page.games, answer["games"], strict=True):  # the seat this player held there
            shown["you"] = next((seat.seat for seat in entry.seats if seat.player_id == player_id), None)
        return answer


def _code_of(games: tuple[GameEntry, ...], code: str) -> str:
    return games[0].room_code if games else normalize_code(code)[:20]


def _chosen_puzzles(request: Request) -> list[Puzzle]:
    """``?kind=doubt|play&difficulty=easy|medium|hard&count=1..50&seed=N``: puzzles of the shipped set, each
    with the seat's view as it was, the options and the answer (a puzzle is a game that is over)."""
    query = request.query_params
    unknown = set(query) - {"kind", "difficulty", "count", "seed"}
    if unknown:
        raise ServerError(
            "history.invalid",
            f"unknown query {sorted(unknown)[0][:20]!r}; puzzles take kind, difficulty, count and seed",
        )
    kind, difficulty = query.get("kind"), query.get("difficulty")
    if kind is not None and kind not in KINDS:
        raise ServerError("history.invalid", f"kind is one of {', '.join(KINDS)}, not {kind[:20]!r}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ServerError("history.invalid", f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty[:20]!r}")
    count = _whole(query.get("count"), "count")
    if count is not None and not 1 <= count <= PUZZLES_AT_ONCE:
        raise ServerError("history.invalid", f"count is 1 to {PUZZLES_AT_ONCE}")
    seed = _whole(query.get("seed"), "seed")
    rng = random.Random(seed) if seed is not None else random.Random()
    return choose(shipped_puzzles(), count or 10, rng, kind, difficulty)


@cache
def shipped_puzzles() -> tuple[Puzzle, ...]:
    return tuple(load_set())


class ReviewWorker:
    """Reviews of finished games, made in a worker process so that no table waits for one (a review
    searches every decision of a seat: a second or two of work), and kept once made (a finished game
    never changes). At most :data:`REVIEWS_WAITING` reviews wait at once; more are refused for now."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._made: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._making: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = {}

    async def review(self, game_id: int, record: dict[str, Any], seat: int) -> dict[str, Any]:
        key = (game_id, seat)
        made = self._made.get(key)
        if made is not None:
            return made
        making = self._making.get(key)
        if making is None:
            if len(self._making) >= REVIEWS_WAITING:
                raise ServerError("limit.reviews", "the server is busy with other reviews; ask again in a minute", 503)
            if self._pool is None:  # a fresh interpreter, not a fork of a server with threads and sockets
                self._pool = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_leave_with_parent,
                    initargs=(os.getpid(),),
                )
            making = asyncio.wrap_future(self._pool.submit(review_record, record, seat))
            self._making[key] = making
            making.add_done_callback(lambda _done: self._making.pop(key, None))
        made = await asyncio.shield(making)
        self._made[key] = made
        while len(self._made) > REVIEWS_KEPT:
            self._made.popitem(last=False)
        return made

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


#: How often a review worker looks whether the server that started it is still there, in seconds.
PARENT_CHECK_SECONDS: Final = 0.5


def _leave_with_parent(parent: int) -> None:
    """In a review worker: end the process as soon as the server that started it is gone. A server
    killed outright (``kill -9``, a crash) cannot stop its worker, which would otherwise search on."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)  # (a review in the middle of its search has nobody left to give its answer to)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _finished(entry: GameEntry) -> None:
    if entry.status is not GameStatus.FINISHED:
        raise ServerError(
            "game.not_finished",
            f"game {entry.id} is {entry.status}: only a finished game is replayed with its cards face up",
            409,
        )


async def _archive(request: Request, subject: str, question: Callable[[Hub], T]) -> T:
    """Ask the archive (on the hub's archive threads), turning its refusals into the protocol's errors:
    an unknown room is ``room.not_found`` (which the lookup throttle counts), an unknown game
    ``game.not_found``, a bad page or player id ``history.invalid``."""
    hub: Hub = request.app.state.hub
    try:
        return await hub.ask(question)
    except NotFoundError as error:
        raise ServerError(f"{subject}.not_found", str(error), 404) from None
    except InvalidInputError as error:
        raise ServerError("history.invalid", str(error)) from None
    except ArchiveError as error:
        raise ServerError("server.storage", str(error), 503) from None


def _page(request: Request) -> tuple[int | None, int | None]:
    unknown = set(request.query_params) - {"before", "limit"}
    if unknown:
        raise ServerError(
            "history.invalid", f"unknown query {sorted(unknown)[0][:20]!r}; a page takes before and limit"
        )
    return _whole(request.query_params.get("before"), "before"), _whole(request.query_params.get("limit"), "limit")


def _whole(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise ServerError("history.invalid", f"{name} is a whole number, not {text[:20]!r}")
    return int(text)


def _game_id(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise ServerError("game.not_found", f"a game id is a whole number, not {text[:20]!r}", 404)
    return int(text)
