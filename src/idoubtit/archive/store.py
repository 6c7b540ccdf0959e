"""The archive's repository: every room, seat, game, action and result, behind a small typed API.

Each method is one transaction that is committed before the method returns, so whatever a method
reports as done is on disk (SQLite) or on the database server (PostgreSQL). That is the write-ahead
rule the game server builds on: it acknowledges an action only after :meth:`Archive.append_action`
returned, and after a crash :meth:`Archive.open_rooms` hands back every room exactly as it was at its
last acknowledged action. Methods return frozen snapshots, never live ORM objects, so callers may keep
them across threads and transactions.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final, Self

from sqlalchemy import Engine, bindparam, case, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from idoubtit.archive import database, leases
from idoubtit.archive.codes import hash_token, is_room_code, new_room_code, new_token, normalize_code
from idoubtit.archive.errors import ArchiveError, ConflictError, DuplicateStepError, InvalidInputError, NotFoundError
from idoubtit.archive.history import (
    checked_player_id,
    lineup_row,
    record_seat_numbers,
)
from idoubtit.archive.inputs import bot_level_of, canonical_action, dealt_record, display_name_of
from idoubtit.archive.leases import Fence, Lease
from idoubtit.archive.models import (
    ACTIONS_TABLE,
    GAMES_TABLE,
    NAME_LENGTH,
    ROOMS_TABLE,
    ActionRow,
    GameRow,
    GameStatus,
    RoomLeaseRow,
    RoomRow,
    RoomStatus,
    SeatKind,
    SeatRow,
    now,
)
from idoubtit.archive.reading import game_snapshot, room_snapshots, seat_snapshot
from idoubtit.archive.reads import LookingBack, room_row
from idoubtit.archive.snapshots import GameSnapshot, JoinedSeat, NewRoom, RoomSettings, RoomSnapshot, SeatSnapshot
from idoubtit.engine import Game, IDoubtItError, Rules
from idoubtit.engine.rules import MAX_OPEN_TABLE
from idoubtit.history import game_numbers

#: What finishing a game locks and reads (the game's room, its status and how many actions it has), then
#: what it writes: the game's result and the room, which is between games now (unless it is closed).
_GAME_FOR_FINISHING: Final = (
    select(GAMES_TABLE.c.room_id, GAMES_TABLE.c.status).where(GAMES_TABLE.c.id == bindparam("game")).with_for_update()
)
_STORED_ACTIONS: Final = (
    select(func.count()).select_from(ACTIONS_TABLE).where(ACTIONS_TABLE.c.game_id == bindparam("game"))
)
_FINISH_GAME: Final = (
    update(GAMES_TABLE)
    .where(GAMES_TABLE.c.id == bindparam("game"))
    .values(status=GameStatus.FINISHED.value, places=bindparam("places"), finished_at=bindparam("moment"))
)
_ROOM_AFTER_A_GAME: Final = (
    update(ROOMS_TABLE)
    .where(ROOMS_TABLE.c.id == bindparam("room"))
    .values(
        status=case(
            (ROOMS_TABLE.c.status == RoomStatus.PLAYING.value, RoomStatus.FINISHED.value),
            else_=ROOMS_TABLE.c.status,
        ),
        updated_at=bindparam("moment"),
    )
)

#: Fresh codes tried before create_room gives up (with 64 million codes, a second try is already rare).
CODE_ATTEMPTS: Final = 20
#: The longest a lease may be taken for at once, in seconds (a node renews it every few seconds).
MAX_LEASE_SECONDS: Final = 600


#: What storing a batch of actions reads first, for every batch the server stores: each game's status
#: (its row locked for the batch) and its last step so far, in one statement. Built once, on the tables
#: rather than the ORM's classes: built afresh through the classes it costs nearly twice as much.
_NEXT_STEPS: Final = (
    select(
        GAMES_TABLE.c.id,
        GAMES_TABLE.c.status,
        select(func.max(ACTIONS_TABLE.c.step))
        .where(ACTIONS_TABLE.c.game_id == GAMES_TABLE.c.id)
        .correlate(GAMES_TABLE)
        .scalar_subquery(),
    )
    .where(GAMES_TABLE.c.id.in_(bindparam("ids", expanding=True)))
    .with_for_update(of=GAMES_TABLE)
)


class Archive(LookingBack):
    """The archive on one database. Open it with :meth:`open`; close it with :meth:`close` (or ``with``).

    One archive may be shared by the threads of a server: every method runs in its own session and
    transaction, and the engine's connection pool hands each thread its own connection.
    """

    def __init__(self, engine: Engine) -> None:
        """Prefer :meth:`open`, which also brings the schema up to date."""
        self._engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def open(cls, target: str | Path | None = None, *, migrate: bool = True) -> Archive:
        """Open the archive named by ``--db``: None → ``idoubtit.sqlite3`` in the user's data directory,
        a path → that SQLite file, a URL → that database (``postgresql://user:pass@host/db``).

        The schema is upgraded to the newest migration first, so a fresh database and one written by an
        older version both come out current. ``migrate=False`` is for tests of the migrations themselves.
        """
        engine = database.create_archive_engine(database.database_url(target))
        try:
            if migrate:
                database.upgrade(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine)

    @property
    def engine(self) -> Engine:
        return self._engine

    def close(self) -> None:
        """Close every pooled connection."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """One session and transaction, committed on leaving (before the caller's method returns)."""
        with self._sessions.begin() as session:
            yield session

    # ----------------------------------------------------------------------------------------------
    # Rooms and seats

    def create_room(self, settings: RoomSettings, *, node: str | None = None, lease_seconds: float = 0) -> NewRoom:
        """A new room with a fresh code; the host's token comes back in clear this once only.

        With ``node`` (a node of a cluster) the room's lease is that node's from the very transaction that
        makes the room: no other node ever sees it without a holder, and takes it over while it is being
        set up."""
        if not isinstance(settings, RoomSettings):
            raise InvalidInputError(f"settings must be RoomSettings, not {type(settings).__name__}")
        holder = None if node is None else leases.checked_node(node)
        host_token = new_token()
        for _ in range(CODE_ATTEMPTS):
            code, moment = new_room_code(), now()
            room = RoomRow(
                code=code,
                settings=settings.to_json(),
                host_token_hash=hash_token(host_token),
                status=RoomStatus.WAITING,
                created_at=moment,
                updated_at=moment,
            )
            lease = None
            try:
                with self._transaction() as session:
                    session.add(room)
                    if holder is not None:
                        session.flush()
                        lease = leases.take(session, room, holder, _later(moment, lease_seconds), moment)
            except IntegrityError:  # the code is taken (the only unique column here): draw another one
                continue
            return NewRoom(code, host_token, lease)
        raise ArchiveError(f"no free room code found in {CODE_ATTEMPTS} attempts")

    def load_room(self, code: str) -> RoomSnapshot:
        """The room with this code (as typed: any case, spaces and dashes ignored)."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            rooms = room_snapshots(session, RoomRow.code == normalized)
        if not rooms:
            raise NotFoundError(f"no room with code {code!r}")
        return rooms[0]

    def open_rooms(self) -> list[RoomSnapshot]:
        """Every room not closed, each with its seats, token hashes and latest game (actions included):
        what a restarted server needs to rebuild every table exactly."""
        with self._transaction() as session:
            return room_snapshots(session, RoomRow.status != RoomStatus.CLOSED)

    def open_games(self) -> list[GameSnapshot]:
        """Every game still being played, with its record (``Game.replay`` rebuilds it); the seats are in
        :meth:`open_rooms` or :meth:`load_room` under ``game.room_code``."""
        return [room.game for room in self.open_rooms() if room.game is not None]

    def join_seat(
        self, code: str, display_name: str, number: int | None = None, player_id: str | None = None
    ) -> JoinedSeat:
        """Seat a person at the room (the given seat, or the lowest empty one); the seat's token comes
        back in clear this once only, and the archive keeps only its hash. ``player_id`` is the random id
        the person's browser keeps, which ties their games at every table together (None: none)."""
        name = display_name_of(display_name)
        player = checked_player_id(player_id)
        token = new_token()
        chosen = self._take_seat(code, number, SeatKind.HUMAN, name, None, hash_token(token), player)
        return JoinedSeat(normalize_code(code), chosen, token)

    def seat_bot(self, code: str, level: str, number: int | None = None, display_name: str | None = None) -> int:
        """Seat a computer player of ``level`` (the given seat, or the lowest empty one); returns its seat."""
        name = display_name_of(bot_level_of(level)[:NAME_LENGTH] if display_name is None else display_name)
        return self._take_seat(code, number, SeatKind.BOT, name, bot_level_of(level), None)

    def remove_bot(self, code: str, number: int) -> None:
        """Take the computer player out of seat ``number``, between games: the seat is empty again."""
        with self._transaction() as session:
            room, seat = self._bot_seat(session, code, number, "removed")
            session.delete(seat)
            room.updated_at = now()

    def set_bot_level(self, code: str, number: int, level: str, display_name: str | None = None) -> None:
        """Give the computer player in seat ``number`` another level, between games; its name stays
        unless ``display_name`` gives it a new one (a character brings its own)."""
        level = bot_level_of(level)
        name = None if display_name is None else display_name_of(display_name)
        with self._transaction() as session:
            room, seat = self._bot_seat(session, code, number, "changed")
            seat.bot_level = level
            if name is not None:
                seat.display_name = name
            room.updated_at = now()

    def set_host_seat(self, code: str, number: int) -> None:
        """Hand hosting to the person in seat ``number``: that seat's token does what the host token does."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            room = _room_for_update(session, normalized)
            if room.status == RoomStatus.CLOSED:
                raise ConflictError(f"room {normalized} is closed")
            seat = _seat_row(session, room, normalized, number)
            if seat.kind != SeatKind.HUMAN:
                raise ConflictError(f"seat {number} in room {normalized} holds a computer player, which cannot host")
            room.host_seat, room.updated_at = number, now()

    def set_locked(self, code: str, locked: bool) -> None:
        """Lock the room (nobody new may take a seat; the server refuses them) or unlock it."""
        if not isinstance(locked, bool):
            raise InvalidInputError(f"locked is true or false, not {locked!r}")
        normalized = normalize_code(code)
        with self._transaction() as session:
            room = _room_for_update(session, normalized)
            if room.status == RoomStatus.CLOSED:
                raise ConflictError(f"room {normalized} is closed")
            room.locked, room.updated_at = locked, now()

    def set_coach(self, code: str, mode: str) -> RoomSettings:
        """The host's choice for the coach (``auto``, ``on``, ``off``: :attr:`RoomSettings.coach`); returns
        the room's settings with it."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            room = _room_for_update(session, normalized)
            if room.status == RoomStatus.CLOSED:
                raise ConflictError(f"room {normalized} is closed")
            settings = dataclasses.replace(RoomSettings.from_json(room.settings), coach=mode)
            room.settings, room.updated_at = settings.to_json(), now()
            return settings

    @staticmethod
    def _bot_seat(session: Session, code: str, number: int, done: str) -> tuple[RoomRow, SeatRow]:
        """The room (locked) and its bot's seat ``number``, which may be ``done`` now (between games)."""
        normalized = normalize_code(code)
        room = _room_for_update(session, normalized)
        if room.status in {RoomStatus.PLAYING, RoomStatus.CLOSED}:
            raise ConflictError(f"room {normalized} is {room.status}: a bot is {done} only between games")
        seat = _seat_row(session, room, normalized, number)
        if seat.kind != SeatKind.BOT:
            raise ConflictError(f"seat {number} in room {normalized} holds a person, not a computer player")
        return room, seat

    def fill_with_bots(self, code: str, level: str) -> list[int]:
        """Seat a computer player of ``level`` in every empty seat; returns the seats filled."""
        filled: list[int] = []
        for number in self.load_room(code).empty_seats:
            try:
                filled.append(self.seat_bot(code, level, number))
            except ConflictError:  # someone took it meanwhile: it is no longer empty, which is what we wanted
                continue
        return filled

    def _take_seat(
        self,
        code: str,
        number: int | None,
        kind: SeatKind,
        name: str,
        level: str | None,
        token_hash: str | None,
        player_id: str | None = None,
    ) -> int:
        """Insert the seat row and return its number.

        The room row is locked while the seat is chosen, so joins to one room take turns; should two
        still collide on a seat, the unique (room, number) constraint refuses one, which then tries the
        next empty seat (or, when it asked for that very seat, is told it is taken).
        """
        normalized = normalize_code(code)
        for _ in range(MAX_OPEN_TABLE + 1):
            try:
                with self._transaction() as session:
                    room = _room_for_update(session, normalized)
                    if room.status == RoomStatus.CLOSED:
                        raise ConflictError(f"room {normalized} is closed")
                    players = RoomSettings.from_json(room.settings).rules.players
                    taken = set(session.scalars(select(SeatRow.number).where(SeatRow.room_id == room.id)))
                    chosen = _seat_to_take(normalized, players, taken, number)
                    room.updated_at = moment = now()
                    if kind is SeatKind.HUMAN and room.host_seat is None:  # the first person hosts at the table
                        room.host_seat = chosen
                    session.add(
                        SeatRow(
                            room_id=room.id,
                            number=chosen,
                            display_name=name,
                            kind=kind,
                            bot_level=level,
                            token_hash=token_hash,
                            joined_at=moment,
                            player_id=player_id,
                        )
                    )
            except IntegrityError:
                if number is not None:
                    raise ConflictError(f"seat {number} in room {normalized} is taken") from None
                continue
            return chosen
        raise ConflictError(f"room {normalized}: seats kept being taken by others; try again")

    def seat_for_token(self, code: str, token: str) -> SeatSnapshot | None:
        """The seat this token is bound to in this room, or None (wrong token, or no such room)."""
        with self._transaction() as session:
            row = session.scalar(
                select(SeatRow)
                .join(RoomRow, RoomRow.id == SeatRow.room_id)
                .where(RoomRow.code == normalize_code(code), SeatRow.token_hash == hash_token(token))
            )
            return None if row is None else seat_snapshot(row)

    def is_host(self, code: str, token: str) -> bool:
        """Whether ``token`` is the host's token for this room."""
        with self._transaction() as session:
            stored = session.scalar(select(RoomRow.host_token_hash).where(RoomRow.code == normalize_code(code)))
        return stored is not None and secrets.compare_digest(stored, hash_token(token))

    def close_room(self, code: str) -> None:
        """Close the room for good: a game still being played is abandoned, and the room is no longer open."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            room = _room_for_update(session, normalized)
            moment = now()
            for game in session.scalars(
                select(GameRow).where(GameRow.room_id == room.id, GameRow.status == GameStatus.PLAYING)
            ):
                game.status, game.finished_at = GameStatus.ABANDONED, moment
            room.status, room.updated_at = RoomStatus.CLOSED, moment

    # ----------------------------------------------------------------------------------------------
    # Leases: which node plays a room (archive/leases.py). Only the lease row is locked, never the room
    # row: writers lock a lease before the room's game and room rows, and a lock order shared by all
    # keeps two nodes from waiting on each other in a circle.

    def take_lease(self, code: str, node: str, seconds: float) -> Lease | None:
        """The room's lease for ``node`` for ``seconds``: a new one, its own renewed, or a lapsed one taken
        over with a higher fencing token; None while another node holds it."""
        normalized, holder = normalize_code(code), leases.checked_node(node)
        try:
            with self._transaction() as session:
                moment = now()
                return leases.take(session, room_row(session, normalized), holder, _later(moment, seconds), moment)
        except IntegrityError:  # another node made the room's first lease at the same instant: it holds it
            return None

    def renew_lease(self, fence: Fence, seconds: float) -> Lease:
        """Extend the lease ``fence`` holds; :class:`FencedError` if another node took the room."""
        with self._transaction() as session:
            room = room_row(session, normalize_code(fence.room_code))
            return leases.renew(session, room, fence, _later(now(), seconds))

    def renew_leases(self, fences: Sequence[Fence], seconds: float) -> tuple[list[Lease], list[str]]:
        """Extend every lease ``fences`` hold, in one transaction: the renewed leases, and the codes of the
        rooms another node took over (their fences are stale)."""
        with self._transaction() as session:
            return leases.renew_all(session, list(fences), _later(now(), seconds))

    def release_lease(self, fence: Fence) -> None:
        """Let the lease lapse at once (a node shutting down hands its rooms over without waiting)."""
        with self._transaction() as session:
            leases.release(session, room_row(session, normalize_code(fence.room_code)), fence, now())

    def notices(self) -> tuple[str, str] | None:
        """Where released leases are announced: the connection string to listen with and the channel
        (None on SQLite, which has no notices)."""
        with self._transaction() as session:
            name = leases.channel(session)
        if name is None:
            return None
        return self._engine.url.set(drivername="postgresql").render_as_string(hide_password=False), name

    def lease(self, code: str) -> Lease | None:
        """The room's lease as it stands (None: no node ever took it)."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            row = session.execute(
                select(RoomLeaseRow, RoomRow.code)
                .join(RoomRow, RoomRow.id == RoomLeaseRow.room_id)
                .where(RoomRow.code == normalized)
            ).first()
            return None if row is None else Lease(row[1], row[0].node, row[0].token, row[0].expires_at)

    def is_open(self, code: str) -> bool:
        """Whether a room with this code exists and is not closed."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            status = session.scalar(select(RoomRow.status).where(RoomRow.code == normalized))
            return status is not None and status != RoomStatus.CLOSED

    def unheld_rooms(self) -> list[str]:
        """The codes of open rooms no node holds now (never leased, or lapsed): what a node may take over."""
        with self._transaction() as session:
            moment = now()
            held = select(RoomLeaseRow.room_id).where(RoomLeaseRow.expires_at > moment)
            rows = session.scalars(
                select(RoomRow.code)
                .where(RoomRow.status != RoomStatus.CLOSED, RoomRow.id.not_in(held))
                .order_by(RoomRow.id)
            )
            return list(rows)

    # ----------------------------------------------------------------------------------------------
    # Games and actions

    def start_game(
        self,
        code: str,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[str]] | None = None,
        first: int | None = None,
        rules: Rules | None = None,
    ) -> GameSnapshot:
        """Start the room's next game once every seat is taken.

        The deal is ``seed`` or explicit ``hands`` (neither: a random seed). ``first`` defaults to the
        room's :attr:`RoomSnapshot.next_first` (D8) and ``rules`` to the room's rules (same table size).
        """
        if seed is not None and hands is not None:
            raise InvalidInputError("a game is dealt from a seed or from hands, not both")
        normalized = normalize_code(code)
        with self._transaction() as session:
            room = _room_for_update(session, normalized)
            settings = RoomSettings.from_json(room.settings)
            rules = settings.rules if rules is None else rules
            if rules.players != settings.rules.players:
                raise InvalidInputError(f"room {normalized} seats {settings.rules.players}, not {rules.players}")
            if room.status not in {RoomStatus.WAITING, RoomStatus.FINISHED}:
                raise ConflictError(f"room {normalized} cannot start a game: it is {room.status}")
            seats = list(session.scalars(select(SeatRow).where(SeatRow.room_id == room.id)))
            empty = sorted(set(range(rules.players)) - {seat.number for seat in seats})
            if empty:
                raise ConflictError(f"room {normalized}: seats {empty} are empty; fill them before starting")
            latest = session.scalar(
                select(GameRow).where(GameRow.room_id == room.id).order_by(GameRow.number.desc()).limit(1)
            )
            if first is None:
                first = 0 if latest is None else (latest.first_seat + 1) % rules.players
            record = dealt_record(rules, seed, hands, first)
            moment = now()
            game = GameRow(
                room_id=room.id,
                number=1 if latest is None else latest.number + 1,
                record_format=record["format"],
                rules=record["rules"],
                seed=record.get("seed"),
                hands=record.get("hands"),
                first_seat=record["first"],
                status=GameStatus.PLAYING,
                places=None,
                started_at=moment,
                finished_at=None,
                lineup=[lineup_row(seat) for seat in seats],
            )
            session.add(game)
            room.status, room.updated_at = RoomStatus.PLAYING, moment
            session.flush()
            return game_snapshot(game, normalized, [])

    def append_action(self, game_id: int, step: int, notation: str, fence: Fence | None = None) -> None:
        """Store the game's action number ``step`` (from 0) and commit before returning.

        Only when this returns may the server acknowledge the action: that is the write-ahead rule.
        Steps go strictly in order: a step already stored raises :class:`DuplicateStepError` (the
        database's primary key on (game, step) refuses it even when two writers race), a step that
        skips one raises :class:`ConflictError`; either way nothing is stored. With ``fence`` the write
        is refused (:class:`FencedError`) unless that lease still holds the game's room (archive/leases.py).
        """
        canonical = canonical_action(notation, step)
        try:
            with self._transaction() as session:
                if fence is not None:
                    leases.check(session, _room_of_game(session, game_id), fence)
                # Locking the game row (PostgreSQL; SQLite's BEGIN IMMEDIATE already serializes writers)
                # keeps finish_game from slipping in between the check and the insert.
                expected = self._next_step(session, game_id)
                if step < expected:
                    raise DuplicateStepError(f"game {game_id} already has step {step}; the next step is {expected}")
                if step > expected:
                    raise ConflictError(f"game {game_id}: step {step} would skip steps; the next step is {expected}")
                session.add(ActionRow(game_id=game_id, step=step, notation=canonical, stored_at=now()))
        except IntegrityError:
            raise DuplicateStepError(f"game {game_id} already has step {step}") from None

    def append_actions(
        self, actions: Sequence[tuple[int, int, str]], fences: Mapping[int, Fence] | None = None
    ) -> list[ArchiveError | None]:
        """Store many ``(game_id, step, notation)`` at once, in one transaction and one commit.

        This is :meth:`append_action` for a server with many tables: actions that arrive while a commit
        is under way wait for the next one and share it, so a table never waits for more than two commits.
        Each action is checked as :meth:`append_action` checks it (steps of one game in order, also
        within the batch); the result has one entry per action, None where it was stored, else the
        error that refused it (and only that action). Three statements serve the whole batch. ``fences``
        gives, per game id, the lease its writer holds; a game whose lease is stale takes none of its actions.
        """
        results: list[ArchiveError | None] = []
        accepted: list[dict[str, Any]] = []
        moment = now()
        with self._transaction() as session:
            # The leases first, in one order, then the games: every writer locks in the same order (a
            # finish_game, a takeover), so two nodes never wait on each other in a circle.
            refused: dict[int, ArchiveError] = {}
            for game_id, fence in sorted((fences or {}).items()):
                try:
                    leases.check(session, _room_of_game(session, game_id), fence)
                except ArchiveError as error:
                    refused[game_id] = error
            expected = self._next_steps(session, {game_id for game_id, _, _ in actions} - set(refused))
            expected.update(refused)
            for game_id, step, notation in actions:
                try:
                    canonical = canonical_action(notation, step)
                    expected_step = expected[game_id]
                    if isinstance(expected_step, ArchiveError):
                        raise expected_step
                    if step != expected_step:
                        wrong = DuplicateStepError if step < expected_step else ConflictError
                        raise wrong(f"game {game_id}: step {step} is out of order; the next step is {expected_step}")
                except ArchiveError as error:
                    results.append(error)
                    continue
                expected[game_id] = step + 1
                accepted.append({"game_id": game_id, "step": step, "notation": canonical, "stored_at": moment})
                results.append(None)
            if accepted:  # by the table itself, not the ORM's bulk insert: a quarter of the cost, same rows
                session.execute(insert(ACTIONS_TABLE), accepted)
        return results

    @staticmethod
    def _next_steps(session: Session, game_ids: set[int]) -> dict[int, int | ArchiveError]:
        """For each game, the step its next action gets, or why it takes none (rows locked for the batch)."""
        rows = session.execute(_NEXT_STEPS, {"ids": list(game_ids)})
        found = {game_id: (status, last) for game_id, status, last in rows}
        expected: dict[int, int | ArchiveError] = {}
        for game_id in game_ids:
            status, last = found.get(game_id, (None, None))
            if status is None:
                expected[game_id] = NotFoundError(f"no game with id {game_id}")
            elif status != GameStatus.PLAYING:
                expected[game_id] = ConflictError(f"game {game_id} is {status}: it takes no more actions")
            else:
                expected[game_id] = 0 if last is None else last + 1
        return expected

    @staticmethod
    def _next_step(session: Session, game_id: int) -> int:
        status = session.scalar(select(GameRow.status).where(GameRow.id == game_id).with_for_update())
        if status is None:
            raise NotFoundError(f"no game with id {game_id}")
        if status != GameStatus.PLAYING:
            raise ConflictError(f"game {game_id} is {status}: it takes no more actions")
        last = session.scalar(select(func.max(ActionRow.step)).where(ActionRow.game_id == game_id))
        return 0 if last is None else last + 1

    def finish_game(self, game_id: int, places: Sequence[int], fence: Fence | None = None) -> None:
        """Record the result of a game that is over; ``places`` are seats in finishing order, winner first.

        The stored actions are replayed first: a result that does not follow from them is refused,
        so the archive never holds a result its own record contradicts.
        """
        if fence is not None:  # a node that lost the room is told so first, whatever else is wrong
            with self._transaction() as session:
                leases.check(session, _room_of_game(session, game_id), fence)
        snapshot = self.game(game_id)
        try:
            replayed = Game.replay(snapshot.record)
        except IDoubtItError as error:
            raise ConflictError(f"game {game_id}: the stored actions do not replay: {error}") from None
        if not replayed.is_over:
            raise ConflictError(f"game {game_id} is not over after its {snapshot.step} stored actions")
        if tuple(places) != replayed.places:
            raise ConflictError(f"game {game_id} ended with places {list(replayed.places)}, not {list(places)}")
        numbers = game_numbers(replayed)
        with self._transaction() as session:
            if fence is not None:
                leases.check(session, _room_of_game(session, game_id), fence)
            # On the tables, as storing actions is: the table waits on this before it shows the game's end.
            found = session.execute(_GAME_FOR_FINISHING, {"game": game_id}).one_or_none()
            assert found is not None  # games are never deleted while their room exists
            room_id, status = found
            stored = session.scalar(_STORED_ACTIONS, {"game": game_id})
            if status != GameStatus.PLAYING or stored != snapshot.step:
                raise ConflictError(f"game {game_id} changed while it was being finished; try again")
            moment = now()
            finished = {"game": game_id, "places": list(replayed.places), "moment": moment}
            session.execute(_FINISH_GAME, finished)
            record_seat_numbers(session, game_id, numbers)
            session.execute(_ROOM_AFTER_A_GAME, {"room": room_id, "moment": moment})

    def game(self, game_id: int) -> GameSnapshot:
        """One game with its whole record."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"no game with id {game_id}")
            code = session.get_one(RoomRow, row.room_id).code
            actions = session.execute(
                select(ActionRow.notation, ActionRow.stored_at)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.step)
            ).all()
            return game_snapshot(row, code, [(notation, stored_at) for notation, stored_at in actions])

    def game_record(self, game_id: int) -> dict[str, Any]:
        """The game's record, every stored action included: :meth:`Game.replay` rebuilds the game from it."""
        return self.game(game_id).record


def _seat_row(session: Session, room: RoomRow, code: str, number: int) -> SeatRow:
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidInputError(f"{number!r} is not a seat number")
    seat = session.scalar(select(SeatRow).where(SeatRow.room_id == room.id, SeatRow.number == number))
    if seat is None:
        raise ConflictError(f"seat {number} in room {code} is empty")
    return seat


def _later(moment: datetime, seconds: float) -> datetime:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= MAX_LEASE_SECONDS:
        raise InvalidInputError(f"a lease lasts more than 0 and at most {MAX_LEASE_SECONDS} seconds, not {seconds!r}")
    return moment + timedelta(seconds=seconds)


def _room_of_game(session: Session, game_id: int) -> int:
    room_id = session.scalar(select(GameRow.room_id).where(GameRow.id == game_id))
    if room_id is None:
        raise NotFoundError(f"no game with id {game_id}")
    return room_id


def _room_for_update(session: Session, code: str) -> RoomRow:
    if not is_room_code(code):
        raise NotFoundError(f"no room with code {code!r}")
    room = session.scalar(select(RoomRow).where(RoomRow.code == code).with_for_update())
    if room is None:
        raise NotFoundError(f"no room with code {code!r}")
    return room


def _seat_to_take(code: str, players: int, taken: set[int], number: int | None) -> int:
    if number is None:
        empty = [seat for seat in range(players) if seat not in taken]
        if not empty:
            raise ConflictError(f"room {code} is full: all {players} seats are taken")
        return empty[0]
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < players:
        raise InvalidInputError(f"{number!r} is not a seat; room {code} has seats 0 to {players - 1}")
    if number in taken:
        raise ConflictError(f"seat {number} in room {code} is taken")
    return number
