"""Room leases with fencing tokens: the ground several server nodes on one PostgreSQL stand on.

A node plays a room only while it holds the room's lease, which it renews every few seconds; a lease
that lapses may be taken by any node. Each change of holder gives the lease a higher fencing token, and
every write a node makes for a room may carry the token it holds (:class:`Fence`): the writing
transaction locks the lease row and refuses a token that is not the current one
(:class:`~idoubtit.archive.errors.FencedError`). So a node that was paused or cut off past its lease can
never write after another node took its rooms, whatever the clocks say: clocks only decide when a
lease lapses (liveness), tokens decide who may write (safety).

On PostgreSQL a released lease is also announced (``NOTIFY`` on :func:`channel`'s channel, sent when
the releasing transaction commits), so that the other nodes take the room at once instead of at their
next look. The notice only hastens a takeover; nothing depends on it arriving.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from idoubtit.archive.errors import FencedError, InvalidInputError
from idoubtit.archive.models import NODE_URL_LENGTH, RoomLeaseRow, RoomRow


@dataclass(frozen=True, slots=True)
class Lease:
    """A room's lease: the node that holds it, its fencing token and when it lapses."""

    room_code: str
    node: str
    token: int
    expires_at: datetime

    def fence(self) -> Fence:
        return Fence(self.room_code, self.node, self.token)


@dataclass(frozen=True, slots=True)
class Fence:
    """What a node's write for a room carries: the room, the node, the fencing token it holds."""

    room_code: str
    node: str
    token: int


def checked_node(node: object) -> str:
    if not isinstance(node, str) or not 0 < len(node) <= NODE_URL_LENGTH or not node.isprintable():
        raise InvalidInputError(f"a node is named by its URL, 1 to {NODE_URL_LENGTH} printable characters")
    return node


def take(session: Session, room: RoomRow, node: str, until: datetime, moment: datetime) -> Lease | None:
    """The room's lease for ``node`` until ``until``: a new one, its own renewed, or one that lapsed
    taken over (a higher token); None while another node holds it."""
    row = session.scalar(select(RoomLeaseRow).where(RoomLeaseRow.room_id == room.id).with_for_update())
    if row is None:
        row = RoomLeaseRow(room_id=room.id, node=node, token=1, expires_at=until)
        session.add(row)
    elif row.node == node:
        row.expires_at = max(row.expires_at, until)
    elif row.expires_at <= moment:
        row.node, row.token, row.expires_at = node, row.token + 1, until
    else:
        return None
    session.flush()
    return Lease(room.code, row.node, row.token, row.expires_at)


def renew(session: Session, room: RoomRow, fence: Fence, until: datetime) -> Lease:
    """Extend the lease ``fence`` holds (even past its lapse, as long as nobody took it over)."""
    row = _fenced(session, room, fence)
    row.expires_at = max(row.expires_at, until)
    return Lease(room.code, row.node, row.token, row.expires_at)


def renew_all(session: Session, fences: list[Fence], until: datetime) -> tuple[list[Lease], list[str]]:
    """Extend every lease of ``fences`` still held as they say, in one statement: the renewed leases, and
    the codes of the rooms lost to another node. (One round trip however many rooms a node plays, so a
    busy node renews in time.)"""
    if not fences:
        return [], []
    rooms = dict(
        session.execute(select(RoomRow.code, RoomRow.id).where(RoomRow.code.in_([f.room_code for f in fences]))).all()
    )
    wanted = {(rooms[fence.room_code], fence.node, fence.token): fence for fence in fences if fence.room_code in rooms}
    rows = session.scalars(
        select(RoomLeaseRow)
        .where(RoomLeaseRow.room_id.in_([key[0] for key in wanted]))
        .order_by(RoomLeaseRow.room_id)
        .with_for_update()
    )
    renewed: list[Lease] = []
    for row in rows:
        fence = wanted.pop((row.room_id, row.node, row.token), None)
        if fence is not None:
            row.expires_at = max(row.expires_at, until)
            renewed.append(Lease(fence.room_code, row.node, row.token, row.expires_at))
    kept = {lease.room_code for lease in renewed}
    return renewed, [fence.room_code for fence in fences if fence.room_code not in kept]


def release(session: Session, room: RoomRow, fence: Fence, moment: datetime) -> None:
    """Let the lease lapse now, so that another node may take the room at once (a node shutting down)."""
    row = _fenced(session, room, fence)
    row.expires_at = min(row.expires_at, moment - timedelta(microseconds=1))
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text(f"SELECT pg_notify({CHANNEL_SQL}, :code)"), {"code": room.code})


#: The notice channel, per schema: nodes of one cluster share a schema; other schemas on the same
#: server (other clusters, tests) hear nothing of it.
CHANNEL_SQL = "'idoubtit_rooms_' || current_schema()"


def channel(session: Session) -> str | None:
    """The name of the channel released leases are announced on (None: this database has no notices)."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    return str(session.scalar(text(f"SELECT {CHANNEL_SQL}")))


def check(session: Session, room_id: int, fence: Fence) -> None:
    """Refuse the writing transaction unless ``fence`` holds the room's lease now (the row stays locked
    until the transaction ends, so no takeover slips in between the check and the write)."""
    row = session.scalar(select(RoomLeaseRow).where(RoomLeaseRow.room_id == room_id).with_for_update())
    _matches(row, fence)


def _fenced(session: Session, room: RoomRow, fence: Fence) -> RoomLeaseRow:
    row = session.scalar(select(RoomLeaseRow).where(RoomLeaseRow.room_id == room.id).with_for_update())
    return _matches(row, fence)


def _matches(row: RoomLeaseRow | None, fence: Fence) -> RoomLeaseRow:
    if row is None or row.node != fence.node or row.token != fence.token:
        holder = "nobody" if row is None else f"{row.node} (token {row.token})"
        raise FencedError(
            f"room {fence.room_code}: the lease with token {fence.token} of {fence.node} is no longer held; "
            f"it is held by {holder}"
        )
    return row
