"""Several ``idoubtit serve`` nodes on one PostgreSQL (``--node-url``): each room is played on exactly one
node at a time, the one that holds its lease (archive/leases.py).

A node takes the lease of every room it opens or creates, renews its leases every third of their
length, and takes over any open room whose lease lapsed (its node died or was cut off), rebuilding the
table from the archive as a restart does. Every write it makes for a room carries the lease's fencing
token, so a node paused past its lease cannot write once another took the room: its next renewal fails,
and it drops the table (its clients are told the room moved). A node that is stopped hands its rooms
over at once, and says so with PostgreSQL's ``NOTIFY``: the others, which ``LISTEN``, take those rooms
the moment the release commits (a missed notice costs only time: every node also looks for lapsed
leases every third of a lease). Any node answers for any room: one that does not hold it says which
node does (``room.elsewhere``), and clients go there. PostgreSQL is the one source of truth and the one
channel between nodes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

import psycopg
from psycopg import sql

from idoubtit.archive import ArchiveError, Fence, Lease

if TYPE_CHECKING:
    from idoubtit.server.hub import Hub

log = logging.getLogger("idoubtit.server")

#: How long a lease lasts by default; a node renews its leases every third of that.
LEASE_SECONDS: Final = 6.0


class Cluster:
    """This node's leases and its part in the cluster (see the module docstring)."""

    def __init__(self, hub: Hub, node: str, lease_seconds: float = LEASE_SECONDS) -> None:
        self.hub, self.node, self.lease_seconds = hub, node, lease_seconds
        self.held: dict[str, Lease] = {}
        #: Which room each game being played belongs to (writes are fenced by room, stored by game).
        self.game_rooms: dict[int, str] = {}
        self._keeper: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        #: Rooms being taken over now (the notice and the periodic look may both find one).
        self._adopting: set[str] = set()

    async def claim(self, code: str) -> bool:
        """Take (or renew) the room's lease for this node; False while another node holds it."""
        lease = await self.hub.ask(lambda hub: hub.archive.take_lease(code, self.node, self.lease_seconds))
        if lease is None:
            return False
        self.held[lease.room_code] = lease
        return True

    def fence(self, code: str) -> Fence | None:
        lease = self.held.get(code)
        return None if lease is None else lease.fence()

    def fence_of_game(self, game_id: int) -> Fence:
        """The fence of the game's room. A game of a room this node does not hold gets a fence that no
        lease matches, so its write is refused (the room was taken over)."""
        code = self.game_rooms.get(game_id, "?")
        return self.fence(code) or Fence(code, self.node, 0)

    def fences(self, game_ids: Iterable[int]) -> dict[int, Fence]:
        return {game_id: self.fence_of_game(game_id) for game_id in game_ids}

    async def owner(self, code: str) -> str | None:
        """The node that plays this room now, if another one does (None: nobody, or this node)."""
        lease = await self.hub.ask(lambda hub: hub.archive.lease(code))
        if lease is None or lease.node == self.node or lease.expires_at <= datetime.now(UTC):
            return None
        return lease.node

    async def is_open(self, code: str) -> bool:
        """Whether the archive has this room open (played somewhere, or about to be: between nodes)."""
        return bool(await self.hub.ask(lambda hub: hub.archive.is_open(code)))

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._keeper = loop.create_task(self._keep())
        self._listener = loop.create_task(self._listen())

    async def stop(self) -> None:
        """Stop renewing and hand every room over at once (a node shut down cleanly)."""
        for task in (self._listener, self._keeper):  # (not listening: its own releases are not for it)
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for lease in list(self.held.values()):
            with contextlib.suppress(ArchiveError):
                await self.hub.ask(_releasing(lease.fence()))
        self.held.clear()

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._renew()
                await self._adopt()
            except ArchiveError as error:  # the database is away: try again at the next round
                log.warning("cluster: %s", error)
            except Exception:  # whatever went wrong, the leases must go on being kept
                log.exception("cluster: keeping the leases failed; trying again")

    async def _renew(self) -> None:
        fences = [lease.fence() for lease in self.held.values()]
        renewed, lost = await self.hub.ask(_renewing(fences, self.lease_seconds))
        for lease in renewed:
            if lease.room_code in self.held:
                self.held[lease.room_code] = lease
        for code in lost:  # another node took the room while this one was away: let it go
            self.held.pop(code, None)
            self.hub.drop_table(code)

    async def _adopt(self) -> None:
        for code in await self.hub.ask(lambda hub: hub.archive.unheld_rooms()):
            await self.take_over(code)

    async def take_over(self, code: str) -> bool:
        """Take a room nobody holds and play it here, from the archive; False if it is played here already,
        being taken over already, or another node was quicker."""
        if code in self.hub.tables or code in self._adopting:
            return False
        self._adopting.add(code)
        try:
            if not await self.claim(code):
                return False
            await self.hub.adopt_table(code)
            return True
        finally:
            self._adopting.discard(code)

    async def _listen(self) -> None:
        """Hear the rooms other nodes release, and take them at once; connect again whenever the
        connection is lost (meanwhile the periodic look finds them all the same)."""
        notices = await self.hub.ask(lambda hub: hub.archive.notices())
        if notices is None:
            return
        address, channel = notices
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(address, autocommit=True) as connection:
                    await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
                    async for notice in connection.notifies():
                        await self._heard(notice.payload)
            except (psycopg.Error, OSError) as error:
                log.warning("cluster: listening for released rooms failed (%s); trying again", error)
            await asyncio.sleep(self.lease_seconds / 3)

    async def _heard(self, code: str) -> None:
        try:
            if await self.take_over(code):
                log.info("cluster: took over room %s on its release notice", code)
        except ArchiveError as error:  # the database is away: the periodic look will try again
            log.warning("cluster: %s", error)
        except Exception:  # whatever went wrong with this room, the node goes on listening
            log.exception("cluster: taking over room %s on its notice failed", code)


def _releasing(fence: Fence) -> Callable[[Hub], None]:
    return lambda hub: hub.archive.release_lease(fence)


def _renewing(fences: list[Fence], seconds: float) -> Callable[[Hub], tuple[list[Lease], list[str]]]:
    return lambda hub: hub.archive.renew_leases(fences, seconds)
