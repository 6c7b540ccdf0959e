"""Every table the server hosts, the archive behind them, and the lobby's operations.

The archive is synchronous (SQLAlchemy); its calls run on a small thread pool so that the event loop
keeps serving other tables while one commits. A room change is stored first and applied to the table
second, so a crash never leaves a table ahead of its archive.
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Final, TypeVar

from idoubtit.archive import (
    Archive,
    ArchiveError,
    ConflictError,
    FencedError,
    InvalidInputError,
    NotFoundError,
    RoomSettings,
    RoomSnapshot,
    RoomStatus,
    SeatKind,
    hash_token,
    normalize_code,
)
from idoubtit.archive.models import NAME_LENGTH
from idoubtit.archive.snapshots import COACH_MODES
from idoubtit.bots import BOTS, LEVELS, parse_spec
from idoubtit.bots.characters import character_key, computer_name
from idoubtit.engine import IDoubtItError, Rules
from idoubtit.names import distinct_name
from idoubtit.server.cluster import Cluster
from idoubtit.server.config import ServerConfig
from idoubtit.server.gate import LOOKUPS_MESSAGE, LookupThrottle
from idoubtit.server.protocol import ServerError
from idoubtit.server.seats import Seat
from idoubtit.server.table import Table

T = TypeVar("T")

#: Settings a host may give when creating a room, besides the rules' own options.
ROOM_OPTIONS: Final = ("doubt_seconds", "turn_seconds", "language", "bot_level", "coach")
#: The most a bot spec may ask of a server: options such as a search budget stay within these.
MAX_BOT_BUDGET: Final = 2.0
#: The timers a host may choose, in seconds: long enough to answer, short enough that a table moves.
DOUBT_SECONDS: Final = (1.0, 120.0)
TURN_SECONDS: Final = (5.0, 600.0)


class Hub:
    """The server's rooms. Create it, ``await start()``, use it, ``await stop()``."""

    def __init__(self, config: ServerConfig, archive: Archive, throttle: LookupThrottle | None = None) -> None:
        self.config = config
        self.archive = archive
        #: Failed room lookups per client address (shared with the HTTP gate).
        self.throttle = throttle if throttle is not None else LookupThrottle(config.lookups_per_minute)
        self.tables: dict[str, Table] = {}
        self._rooms_by_address: Counter[str] = Counter()
        self._database = ThreadPoolExecutor(max_workers=4, thread_name_prefix="idoubtit-archive")
        #: Actions waiting for the next commit, with the futures their tables wait on.
        self._waiting: list[tuple[int, int, str, asyncio.Future[None]]] = []
        self._writing = False
        #: With ``--node-url``: this node's leases, among the other nodes on the same PostgreSQL.
        self.cluster = Cluster(self, config.node_url, config.lease_seconds) if config.node_url else None

    async def start(self) -> None:
        """Rebuild every open room from the archive; games carry on at their last stored action."""
        for snapshot in await self._run(self.archive.open_rooms):
            if self.cluster is not None and not await self.cluster.claim(snapshot.code):
                continue  # another node plays it
            await self._open_table(snapshot)
        if self.cluster is not None:
            self.cluster.start()

    async def _open_table(self, snapshot: RoomSnapshot) -> None:
        """A table rebuilt from the archive, carrying on at its last stored action."""
        table = Table.from_snapshot(snapshot, self.config, self)
        self.tables[table.code] = table
        if self.cluster is not None and table.game_id is not None:
            self.cluster.game_rooms[table.game_id] = table.code
        game = table.game
        if game is not None and game.is_over and snapshot.game is not None and table.game_id is not None:
            # Stored to the last action but the result was not: finish it now.
            await self.finish_game(table.game_id, game.places)
            table.status = RoomStatus.FINISHED
            table.record_win(game.places[0])
        table.resume()

    async def stop(self) -> None:
        if self.cluster is not None:
            await self.cluster.stop()
        for table in self.tables.values():
            table.close()
        self._database.shutdown(wait=True)

    async def _run(self, function: Callable[..., T], *arguments: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._database, function, *arguments)

    # Storage, as tables use it (see table.Storage)

    async def append_action(self, game_id: int, step: int, notation: str) -> None:
        """Store an action; returns once it is committed (write-ahead).

        Group commit: actions of all tables that arrive while a commit is under way go together in the
        next one, so a busy server makes a few large commits instead of many small ones.
        """
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((game_id, step, notation, done))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write_waiting())
        await done

    async def _write_waiting(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                entries = [(game_id, step, notation) for game_id, step, notation, _ in batch]
                fences = None if self.cluster is None else self.cluster.fences({entry[0] for entry in entries})
                try:
                    results: list[Exception | None] = list(
                        await self._run(self.archive.append_actions, entries, fences)
                    )
                except Exception:  # the batch as a whole failed (a race on a step): store one by one
                    results = [await self._store_one(*entry) for entry in entries]
                for (game_id, *_, done), result in zip(batch, results, strict=True):
                    if isinstance(result, FencedError):
                        self._lost(game_id)
                    if done.done():
                        continue
                    if result is None:
                        done.set_result(None)
                    else:
                        done.set_exception(result)
        finally:
            self._writing = False

    async def _store_one(self, game_id: int, step: int, notation: str) -> Exception | None:
        try:
            fence = None if self.cluster is None else self.cluster.fence_of_game(game_id)
            await self._run(self.archive.append_action, game_id, step, notation, fence)
        except Exception as error:
            if isinstance(error, FencedError):
                self._lost(game_id)
            return error
        return None

    async def finish_game(self, game_id: int, places: tuple[int, ...]) -> None:
        fence = None if self.cluster is None else self.cluster.fence_of_game(game_id)
        try:
            await self._run(self.archive.finish_game, game_id, places, fence)
        except FencedError:
            self._lost(game_id)
            raise

    def _lost(self, game_id: int) -> None:
        """A write of this game was refused for its fence: another node plays its room now. Let the table
        go at once (its clients are sent on), rather than let it fail at every move until the next renewal."""
        code = None if self.cluster is None else self.cluster.game_rooms.get(game_id)
        if code is not None and self.cluster is not None:
            self.cluster.held.pop(code, None)
            asyncio.get_running_loop().call_soon(self.drop_table, code)

    # ----------------------------------------------------------------------------------------------
    # The lobby

    def table(self, code: str, address: str | None = None) -> Table:
        """The open room with this code. With ``address`` (a WebSocket's client) the lookup is throttled
        here; HTTP lookups are throttled by the gate. Either way a failure is counted by whoever answers
        it, once it is known to be ``room.not_found`` (in a cluster the room may be played elsewhere or be
        moving, which is no guess)."""
        if address is not None and not self.throttle.allows(address):
            raise ServerError("limit.lookups", LOOKUPS_MESSAGE, 429)
        table = self.tables.get(normalize_code(code)) if isinstance(code, str) else None
        if table is None:
            error = ServerError("room.not_found", f"no open room has the code {code[:20]!r}", 404)
            error.room = normalize_code(code)[:20] if isinstance(code, str) else None
            raise error
        return table

    async def elsewhere(self, error: ServerError) -> ServerError:
        """``room.not_found`` as a node of a cluster answers it: ``room.elsewhere`` (with the node that plays
        the room) when another node holds it, else the error as it was."""
        if self.cluster is None or error.code != "room.not_found" or not error.room:
            return error
        owner = await self.cluster.owner(error.room)
        if owner is None:
            if await self.cluster.is_open(error.room):  # its node died, or this one is opening it: not gone
                return ServerError("room.moving", f"room {error.room} is moving between nodes; try again soon", 503)
            return error
        moved = ServerError("room.elsewhere", f"room {error.room} is played on {owner}", 409)
        moved.node = owner
        return moved

    async def node_of(self, code: str) -> str | None:
        """The URL of the node that plays the room: this one's or another's; None when no node plays it
        now (no such room, or it is between nodes) or on a single server, which needs no name."""
        try:
            self.table(code)
        except ServerError as error:
            return (await self.elsewhere(error)).node
        return None if self.cluster is None else self.cluster.node

    def drop_table(self, code: str) -> None:
        """This node lost the room to another one: its connections are told it moved, and closed."""
        table = self.tables.pop(code, None)
        if table is not None:
            table.close(moved=True)

    async def adopt_table(self, code: str) -> None:
        """Play a room this node just took over, from the archive as it was left."""
        try:
            snapshot = await self._run(self.archive.load_room, code)
        except NotFoundError:
            return
        if snapshot.code in self.tables:  # opened here meanwhile: that table is the one, never replaced
            return
        await self._open_table(snapshot)

    async def create_room(self, options: object, address: str | None) -> tuple[Table, str]:
        """A new room from the host's options; returns the table and the host's token (given out once)."""
        settings = room_settings(options)
        if len(self.tables) >= self.config.max_rooms:
            raise ServerError("limit.rooms", f"the server holds its {self.config.max_rooms} rooms; try later", 503)
        key = address or "?"
        if self._rooms_by_address[key] >= self.config.rooms_per_address:
            raise ServerError(
                "limit.rooms_per_address",
                f"{self.config.rooms_per_address} rooms are open from your address; close one first",
                429,
            )
        if self.cluster is None:
            created = await self._run(self.archive.create_room, settings)
        else:  # leased to this node as it is made: no other node can take it over while it is set up
            node, seconds = self.cluster.node, self.cluster.lease_seconds
            created = await self._run(partial(self.archive.create_room, settings, node=node, lease_seconds=seconds))
            if created.lease is not None:
                self.cluster.held[created.code] = created.lease
        table = Table(
            code=created.code,
            settings=settings,
            host_token_hash=hash_token(created.host_token),
            status=RoomStatus.WAITING,
            seats={},
            config=self.config,
            storage=self,
            address=key,
        )
        self.tables[table.code] = table
        self._rooms_by_address[key] += 1
        return table, created.host_token

    async def join(self, code: str, name: object, seat: object = None, player: object = None) -> tuple[Table, int, str]:
        """Seat a person; returns the table, the seat and its token (given out once).

        A name already at the table gets the first free number ("Anna 2"). The first person seated hosts
        at the table (see :meth:`Table.is_host`). ``player`` is the random player id the person's browser
        keeps, which ties their games at every table together for their statistics (None: none).
        """
        table = self.table(code)
        if not isinstance(name, str):
            raise ServerError("room.bad_name", 'a display name is text, such as "Anna"')
        number = _seat_number(seat)
        async with table.lock:
            if table.locked:
                raise ServerError("room.locked", f"room {table.code} is locked: the host lets nobody new sit down", 403)
            shown = _distinct(name, [taken.name for taken in table.seats.values()])
            joined = await self._stored(self.archive.join_seat, table.code, shown, number, player)
            stored = await self._run(self.archive.load_room, table.code)
            snapshot = stored.seat(joined.number)
            assert snapshot is not None
            table.host_seat = stored.host_seat
            table.add_seat(Seat(joined.number, snapshot.display_name, SeatKind.HUMAN, None, snapshot.token_hash))
        return table, joined.number, joined.token

    async def add_bots(
        self, code: str, token: str | None, level: object, seat: object = None, count: object = None
    ) -> list[int]:
        """Seat bots of ``level`` (host only): in ``seat``, in the ``count`` lowest empty seats, or (neither
        given) in every empty seat. Each gets a first name from the room's language, new at the table."""
        table = self._hosted(code, token)
        spec = bot_spec(level if level is not None else table.settings.bot_level)
        number = _seat_number(seat)
        wanted_count = _count(count)
        if number is not None and wanted_count is not None:
            raise ServerError("room.bad_seat", "ask for a seat or for a count of bots, not both")
        async with table.lock:
            empty = [n for n in range(table.settings.rules.players) if n not in table.seats]
            if number is not None:
                wanted = [number]
            elif wanted_count is None:
                wanted = empty
            elif wanted_count > len(empty):
                raise ServerError(
                    "room.conflict", f"room {table.code} has {len(empty)} empty seat(s), not {wanted_count}", 409
                )
            else:
                wanted = empty[:wanted_count]
            filled = []
            for wanted_number in wanted:
                taken = [other.name for other in table.seats.values()]
                name = computer_name(spec, table.settings.language, taken, seed=f"{table.code}:{wanted_number}")
                try:
                    await self._stored(self.archive.seat_bot, table.code, spec, wanted_number, name)
                except ServerError as error:
                    if number is not None or error.code != "room.conflict":
                        raise
                    continue  # taken meanwhile (by another server on the same archive): no longer empty
                table.add_seat(Seat(wanted_number, name, SeatKind.BOT, spec, None))
                filled.append(wanted_number)
        return filled

    async def remove_bot(self, code: str, token: str | None, seat: object) -> int:
        """Empty a bot's seat, between games (host only)."""
        table = self._hosted(code, token)
        async with table.lock:
            number = await self._bot_seat(table, seat, "taken out")
            await self._stored(self.archive.remove_bot, table.code, number)
            table.remove_seat(number)
        return number

    async def set_bot_level(self, code: str, token: str | None, seat: object, level: object) -> tuple[int, str]:
        """Give a bot another level, between games (host only). Its name stays, but for a character's:
        a character brings its own name, and takes it away again when the seat becomes another bot."""
        table = self._hosted(code, token)
        spec = bot_spec(level)
        async with table.lock:
            number = await self._bot_seat(table, seat, "given another level")
            before, after = character_key(table.seats[number].level), character_key(spec)
            name = None
            if before != after:
                taken = [other.name for other in table.seats.values() if other.number != number]
                name = computer_name(spec, table.settings.language, taken, seed=f"{table.code}:{number}")
            await self._stored(self.archive.set_bot_level, table.code, number, spec, name)
            table.set_bot_level(number, spec, name)
        return number, spec

    async def hand_hosting(self, code: str, token: str | None, seat: object) -> int:
        """Hand hosting to the person in ``seat`` (the host, or the person who hosts now, only)."""
        table = self._hosted(code, token)
        number = _seat_in(table, seat)
        async with table.lock:
            chosen = table.seats.get(number)
            if chosen is None or not chosen.is_person:
                what = "is empty" if chosen is None else "holds a computer player"
                raise ServerError("room.not_a_person", f"seat {number} {what}; hosting goes to a person", 409)
            await self._stored(self.archive.set_host_seat, table.code, number)
            table.set_host_seat(number)
        return number

    async def lock_room(self, code: str, token: str | None, locked: object) -> bool:
        """Lock the room (nobody new may take a seat) or unlock it (host only); returns the new state."""
        table = self._hosted(code, token)
        if not isinstance(locked, bool):
            raise ServerError("room.invalid", f'"locked" is true or false, not {str(locked)[:20]!r}')
        async with table.lock:
            await self._stored(self.archive.set_locked, table.code, locked)
            table.set_locked(locked)
        return locked

    async def set_coach(self, code: str, token: str | None, mode: object) -> str:
        """Whether people at the table may switch on a coach (host only): ``auto``, ``on`` or ``off``."""
        table = self._hosted(code, token)
        if not isinstance(mode, str) or mode not in COACH_MODES:
            raise ServerError("room.invalid", f'"coach" is one of {", ".join(COACH_MODES)}, not {str(mode)[:20]!r}')
        async with table.lock:
            settings = await self._stored(self.archive.set_coach, table.code, mode)
            table.set_settings(settings)
        return mode

    @staticmethod
    async def _bot_seat(table: Table, seat: object, done: str) -> int:
        """The number of a bot's seat that may be ``done`` now: between games only (a game end still
        being stored is waited for, as for a deal)."""
        number = _seat_in(table, seat)
        await table.game_end_stored()
        if not table.between_games:
            raise ServerError("room.playing", f"a bot is {done} only between games; room {table.code} is playing", 409)
        chosen = table.seats.get(number)
        if chosen is None or chosen.is_person:
            what = "is empty" if chosen is None else "holds a person"
            raise ServerError("room.not_a_bot", f"seat {number} in room {table.code} {what}, not a bot", 409)
        return number

    async def start_game(self, code: str, token: str | None, seed: int | None = None) -> int:
        """Deal the room's next game (the first, or another after one ended: D8). The host deals the first;
        once a game was played anyone seated may deal the next."""
        table = self.table(code)
        if not table.may_deal(token):
            raise ServerError(
                "auth.not_host",
                f"only the host deals the first game of room {table.code}; after it anyone seated may deal",
                403,
            )
        async with table.lock:
            await table.game_end_stored()
            if not table.between_games:
                raise ServerError("room.playing", f"room {table.code} is in the middle of a game", 409)
            snapshot = await self._stored(self.archive.start_game, table.code, seed=seed)
            if self.cluster is not None:
                self.cluster.game_rooms[snapshot.id] = table.code
            table.start(snapshot)
            return snapshot.number

    async def close_room(self, code: str, host_token: str | None) -> None:
        table = self._hosted(code, host_token)
        async with table.lock:
            await self._stored(self.archive.close_room, table.code)
            table.close()
            del self.tables[table.code]
            if table.address is not None:
                self._rooms_by_address[table.address] -= 1

    def _hosted(self, code: str, token: str | None) -> Table:
        """The table, if ``token`` is its host token or the seat token of the person who hosts there."""
        table = self.table(code)
        if not table.is_host(token):
            raise ServerError("auth.not_host", f"only the host of room {table.code} may do that", 403)
        return table

    async def ask(self, question: Callable[[Hub], T]) -> T:
        """Run a reading question to the archive on the archive's threads (the event loop never waits on it)."""
        return await asyncio.get_running_loop().run_in_executor(self._database, question, self)

    async def _stored(self, function: Callable[..., T], *arguments: Any, **options: Any) -> T:
        """Run an archive change, turning its refusals into the protocol's errors."""
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._database, lambda: function(*arguments, **options)
            )
        except NotFoundError as error:
            raise ServerError("room.not_found", str(error), 404) from None
        except InvalidInputError as error:
            raise ServerError("room.invalid", str(error)) from None
        except ConflictError as error:
            raise ServerError("room.conflict", str(error), 409) from None
        except ArchiveError as error:
            raise ServerError("server.storage", str(error), 503) from None


def room_settings(options: object) -> RoomSettings:
    """The host's options (``players``, the variants, the timers, ``language``, ``bot_level``) as settings."""
    if not isinstance(options, dict):
        raise ServerError("room.invalid", 'room options are a JSON object such as {"players": 4}')
    rule_options = {key: value for key, value in options.items() if key not in ROOM_OPTIONS}
    try:
        rules = Rules.from_dict(rule_options)
        turn_seconds = options.get("turn_seconds")
        return RoomSettings(
            rules=rules,
            doubt_seconds=_within("doubt_seconds", options.get("doubt_seconds", 5.0), DOUBT_SECONDS),
            turn_seconds=None if turn_seconds is None else _within("turn_seconds", turn_seconds, TURN_SECONDS),
            language=options.get("language", "en"),
            bot_level=bot_spec(options.get("bot_level", "easy")),
            coach=options.get("coach", "auto"),
        )
    except (IDoubtItError, InvalidInputError, TypeError) as error:
        raise ServerError("room.invalid", str(error)) from None


def _within(name: str, value: object, bounds: tuple[float, float]) -> float:
    """A timer a host chose, in seconds, if it is within ``bounds``."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
        raise ServerError("room.invalid", f"{name} is a number of seconds from {low:g} to {high:g}, not {shown}")
    return float(value)


def bot_spec(level: object) -> str:
    """A bot spec a client may ask for: a level or a project bot, with bounded options.

    Dotted paths to outside classes are for the command line only: a server never imports code a
    client names.
    """
    if not isinstance(level, str) or not level.strip():
        raise ServerError("room.bad_bot", f"a bot level is one of {', '.join(LEVELS)} or a bot name, not {level!r}")
    try:
        name, options = parse_spec(level)
    except ValueError as error:
        raise ServerError("room.bad_bot", str(error)) from None
    if name not in LEVELS and name not in BOTS:
        known = ", ".join([*LEVELS, *BOTS])
        raise ServerError("room.bad_bot", f"{name!r} is not a bot here; choose one of {known}")
    budget = options.get("budget", 0.1)
    if not isinstance(budget, int | float) or not 0 < budget <= MAX_BOT_BUDGET or not math.isfinite(budget):
        raise ServerError("room.bad_bot", f"a bot's budget is at most {MAX_BOT_BUDGET} seconds")
    if any(key not in {"budget"} for key in options):
        raise ServerError("room.bad_bot", "bots at a table take no options but budget")
    return level.strip()


def _seat_number(seat: object) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("room.bad_seat", f"a seat is a seat number, not {seat!r}")
    return seat


def _seat_in(table: Table, seat: object) -> int:
    """A seat number of this table (a path gives it as text)."""
    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) <= 3:
        seat = int(seat)
    number = _seat_number(seat)
    players = table.settings.rules.players
    if number is None or not 0 <= number < players:
        raise ServerError("room.bad_seat", f"{seat!r} is not a seat; room {table.code} has seats 0 to {players - 1}")
    return number


def _count(count: object) -> int | None:
    if count is None:
        return None
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ServerError("room.bad_seat", f"a count of bots is a whole number from 1, not {count!r}")
    return count


def _distinct(name: str, taken: list[str]) -> str:
    """``name`` as the archive stores it (spaces collapsed), numbered when the table already has it; a long
    name is shortened to leave room for its number."""
    name = " ".join(name.split())
    shown = distinct_name(name, taken)
    if len(shown) <= NAME_LENGTH or len(name) > NAME_LENGTH:  # (a name too long is refused as it is)
        return shown
    used = {other.casefold() for other in taken}
    number = 2
    while True:
        suffix = f" {number}"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in used:
            return candidate
        number += 1
