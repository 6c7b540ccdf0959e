"""One room at run time: its seats and connections, the game, the doubt window, timers and bots.

Every change goes through :meth:`Table._apply` under the table's lock: the action is tried on a copy of
the game (the engine's checked door) and becomes the game the table decides by, and it is sent to the
archive (write-ahead). Nobody is shown it before the archive has it: as actions come back stored, each
connection is sent what its own seat may see (:attr:`Table.shown`), one update for all the actions that
came back together, and once none is still being stored, timers and bots are set for the next decision
(the clocks are :mod:`idoubtit.server.timers`, the bots are asked by :mod:`idoubtit.server.bot_driver`,
and a seat that gives no answer plays :mod:`idoubtit.bots.fallback`). Because the lock is not held while
the archive stores, the other seats' answers to one claim are checked and stored together, in one commit.
Actions from people are checked in the order the protocol promises: token (when the connection said
hello) → game not over → this seat may act now → action legal → state id.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from idoubtit.archive import GameSnapshot, RoomSettings, RoomSnapshot, RoomStatus, SeatKind, hash_token
from idoubtit.bots import make_bot
from idoubtit.bots.fallback import default_play
from idoubtit.engine import (
    Action,
    CloseWindow,
    Decline,
    Doubt,
    Game,
    Phase,
    View,
)
from idoubtit.server.bot_driver import BotDriver
from idoubtit.server.checks import checked_action
from idoubtit.server.coaching import TableCoaching
from idoubtit.server.config import ServerConfig
from idoubtit.server.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    CoachSwitch,
    React,
    ServerError,
    UpdateEncoder,
    error_message,
    view_message,
)
from idoubtit.server.seats import REACTION_INTERVAL_SECONDS, REACTIONS_PER_MINUTE, ReactionLimit, Seat
from idoubtit.server.timers import DecisionTimer, GracePeriods, wanted_timer
from idoubtit.server.write_ahead import Unstored, WriteAhead, storing_error

log = logging.getLogger("idoubtit.server")


class Connection(Protocol):
    """A connected client as the table sees it: a seat (None: spectator) and a way to send it messages."""

    seat: int | None
    #: How much of the current game's log this connection has been sent.
    log_sent: int

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; never blocks the table."""

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (see :class:`UpdateEncoder`); never blocks the table."""

    def replace(self, message: dict[str, Any]) -> None:
        """Queue this last message and close the connection once it is written: the seat opened a newer one."""


class Storage(Protocol):
    """The archive calls a table makes, awaited off the event loop (see :class:`idoubtit.server.hub.Hub`)."""

    def append_action(self, game_id: int, step: int, notation: str) -> Awaitable[None]: ...

    def finish_game(self, game_id: int, places: tuple[int, ...]) -> Awaitable[None]: ...


@dataclass(slots=True)
class _PendingDoubt:
    seat: int
    connection: Connection | None
    message_id: str | int | None


@dataclass(slots=True)
class Table:
    """A room being served. Build it with :meth:`from_snapshot`; the hub owns it."""

    code: str
    settings: RoomSettings
    host_token_hash: str
    status: RoomStatus
    seats: dict[int, Seat]
    config: ServerConfig
    storage: Storage
    address: str | None = None
    #: The game the table decides by: every action it took, stored or still being stored.
    game: Game | None = None
    #: The game as everyone has been shown it: only stored actions (the same game whenever none waits).
    shown: Game | None = None
    game_id: int | None = None
    game_number: int = 0
    #: The seat of the person who hosts at the table: that seat's token does what the host token does.
    host_seat: int | None = None
    #: Whether the host locked the room: nobody new may take a seat (those seated come and go as ever).
    locked: bool = False
    #: For each seat number, how many of this room's finished games it won (the evening's score).
    wins: list[int] = field(default_factory=list)
    #: The step of the game's last action that moved the table to a new decision (see _changes_decision),
    #: in :attr:`game` and in :attr:`shown`.
    decision_step: int = 0
    shown_decision_step: int = 0
    #: Every open connection, oldest first (a dict for its order: the values are unused).
    connections: dict[Connection, None] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _pending: list[_PendingDoubt] = field(default_factory=list)
    #: Actions taken but not yet stored, on their way into the archive.
    _write_ahead: WriteAhead = field(init=False)
    #: The game's end being stored before it is shown (kept here so that it is not collected).
    _finishing: asyncio.Task[None] | None = None
    _batch: asyncio.TimerHandle | None = None
    _timer: DecisionTimer = field(init=False)
    _grace: GracePeriods = field(init=False)
    _bots: BotDriver = field(init=False)
    #: The coaches the people at the table switched on (see server/coaching.py).
    coaching: TableCoaching = field(init=False)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _reaction_limits: dict[int, ReactionLimit] = field(default_factory=dict)
    closed: bool = False
    #: Called after every change that was stored (the tests' and benchmark's hook; None in production).
    on_change: Callable[[Table], None] | None = None

    # ----------------------------------------------------------------------------------------------
    # Building

    def __post_init__(self) -> None:
        if not self.wins:  # a new room: nobody has won yet
            self.wins = [0] * self.settings.rules.players
        self._timer = DecisionTimer(lambda kind, state: self.spawn(self._timer_fired(kind, state)))
        self._grace = GracePeriods(self.config.grace_seconds, self._grace_over)
        self._bots = BotDriver(self)
        self._write_ahead = WriteAhead(self.storage, self._settled)
        self.coaching = TableCoaching(self)

    @classmethod
    def from_snapshot(cls, snapshot: RoomSnapshot, config: ServerConfig, storage: Storage) -> Table:
        """The table as the archive has it: after a restart every game carries on from its last stored action."""
        table = cls(
            code=snapshot.code,
            settings=snapshot.settings,
            host_token_hash=snapshot.host_token_hash,
            status=snapshot.status,
            seats={
                seat.number: Seat(seat.number, seat.display_name, seat.kind, seat.bot_level, seat.token_hash)
                for seat in snapshot.seats
            },
            config=config,
            storage=storage,
            host_seat=snapshot.host_seat,
            locked=snapshot.locked,
            wins=list(snapshot.wins),
        )
        latest = snapshot.latest_game
        if latest is not None:
            table._load_game(latest)
        return table

    def _load_game(self, snapshot: GameSnapshot) -> None:
        self.game = Game.replay(snapshot.record)
        self.game_id, self.game_number = snapshot.id, snapshot.number
        probe, self.decision_step = Game.replay({**snapshot.record, "actions": []}), 0
        for action in self.game.actions():
            probe.apply_unchecked(action)
            if _changes_decision(action, probe):
                self.decision_step = probe.step
        self.shown, self.shown_decision_step = self.game, self.decision_step
        for seat in self.seats.values():
            seat.bot = make_bot(seat.level) if seat.kind is SeatKind.BOT and seat.level else None

    def resume(self) -> None:
        """Start what a table runs by itself: grace periods for absent people, timers and bots."""
        for seat in self.seats.values():
            if seat.is_person and seat.connections == 0:
                self._seat_left(seat)
        self._schedule()

    # ----------------------------------------------------------------------------------------------
    # What everyone may read

    @property
    def state_id(self) -> str:
        """Names the decision the table is at: actions must quote it, so an answer to an old claim is refused."""
        return f"{self.game_number}.{self.decision_step}"

    @property
    def shown_state_id(self) -> str:
        """The state id of what everyone has been shown (the same as :attr:`state_id` unless actions are
        being stored)."""
        return f"{self.game_number}.{self.shown_decision_step}"

    @property
    def link(self) -> str | None:
        """The join link from the server's ``--public-url``; None without one (an HTTP answer then builds it
        for its own request, and never stores it: a request's headers never reach anyone else)."""
        base = self.config.public_url
        return None if base is None else f"{base.rstrip('/')}/r/{self.code}"

    def room_info(self, link: str | None = None) -> dict[str, Any]:
        """The room as everyone may read it; ``link`` is the join link to give (default :attr:`link`)."""
        players = self.settings.rules.players
        return {
            "code": self.code,
            "link": link or self.link,
            "status": self.status.value,
            "settings": self.settings.to_json(),
            "seats": [
                {**self.seats[n].public(), "coach": n in self.coaching.switched_on} if n in self.seats else None
                for n in range(players)
            ],
            "game": self.game_number,
            "game_id": self.game_id,
            "spectators": sum(1 for connection in self.connections if connection.seat is None),
            "host_seat": self.host_seat,
            "score": list(self.wins),
            "locked": self.locked,
        }

    def timer_info(self) -> dict[str, Any] | None:
        return self._timer.info()

    def seat_for_token(self, token: str) -> Seat | None:
        wanted = hash_token(token)
        return next((seat for seat in self.seats.values() if seat.token_hash == wanted), None)

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is the host's token, or the seat token of the person who hosts at the table."""
        if token is None:
            return False
        if hash_token(token) == self.host_token_hash:
            return True
        seat = self.seat_for_token(token)
        return seat is not None and seat.number == self.host_seat

    def may_deal(self, token: str | None) -> bool:
        """Whether ``token`` may deal the next game: the host, or once a game was played, anyone seated."""
        if self.is_host(token):
            return True
        seat = None if token is None else self.seat_for_token(token)
        return seat is not None and seat.is_person and self.game_number >= 1

    async def game_end_stored(self) -> None:
        """Returns once a game that just ended is stored as over and shown so. The archive calls the game
        finished a moment before the table has shown it: a deal asked for in that moment waits for it
        rather than being refused as if the game went on."""
        if self._finishing is not None and not self._finishing.done():
            await asyncio.wait({self._finishing})  # waits without taking on the task's own errors

    @property
    def between_games(self) -> bool:
        """No game is being played: none started yet, or the last one is over and everyone was shown so."""
        return self.game is None or (self.shown is not None and self.shown.is_over)

    # ----------------------------------------------------------------------------------------------
    # Connections

    def connect(self, connection: Connection, token: str | None, message_id: str | int | None = None) -> None:
        """Bind a connection to the seat its token names (no token: a spectator) and send it everything
        (the welcome carries ``message_id``, the id of the hello)."""
        if self.closed:
            raise ServerError("room.closed", f"room {self.code} is closed")
        seat = None if token is None else self.seat_for_token(token)
        if token is not None and seat is None:
            raise ServerError("auth.bad_token", f"that token holds no seat in room {self.code}")
        if seat is None:
            watching = sum(1 for other in self.connections if other.seat is None)
            if watching >= self.config.spectators_per_room:
                raise ServerError("limit.connections", f"room {self.code} has its {watching} spectators; try later")
        elif seat.connections >= self.config.connections_per_seat:
            self._drop_oldest(seat)
        connection.seat = None if seat is None else seat.number
        self.connections[connection] = None
        if seat is not None:
            seat.connections += 1
            if seat.connections == 1:
                self._seat_returned(seat)
        connection.send(self._welcome(connection, message_id))
        self._broadcast_room()

    def _drop_oldest(self, seat: Seat) -> None:
        """Close the oldest connection of ``seat``, which has all the connections it may have."""
        oldest = next(other for other in self.connections if other.seat == seat.number)
        del self.connections[oldest]
        seat.connections -= 1
        limit = self.config.connections_per_seat
        oldest.replace(
            error_message(
                ServerError(
                    "limit.connections",
                    f"seat {seat.number} opened more than {limit} connections; this oldest one is closed",
                )
            )
        )

    def disconnect(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        del self.connections[connection]
        seat = None if connection.seat is None else self.seats.get(connection.seat)
        if seat is not None:
            seat.connections -= 1
            if seat.connections == 0:
                self._seat_left(seat)
        self._broadcast_room()

    def sync(self, connection: Connection, message_id: str | int | None = None) -> None:
        connection.send(self._welcome(connection, message_id))

    def _welcome(self, connection: Connection, message_id: str | int | None = None) -> dict[str, Any]:
        connection.log_sent = 0
        message: dict[str, Any] = {
            "type": "welcome",
            "version": PROTOCOL_VERSION,
            "room": self.room_info(),
            "you": {"seat": connection.seat},
            "state": self.shown_state_id,
            "view": None,
            "timer": self.timer_info(),
        }
        if message_id is not None:
            message["id"] = message_id
        if self.shown is not None:
            view = self.shown.view(connection.seat)
            message["view"] = view_message(view, log_from=0)
            connection.log_sent = len(view.log)
        return message

    def _seat_returned(self, seat: Seat) -> None:
        self._grace.stop(seat.number)
        seat.away_since = None
        if seat.bot is not None:
            seat.bot = None
            self._bots.cancel(seat.number)
            self._schedule()

    def _seat_left(self, seat: Seat) -> None:
        if not seat.is_person or self.closed:
            return
        seat.away_since = time.monotonic()
        self._grace.start(seat.number)

    def _grace_over(self, number: int) -> None:
        seat = self.seats.get(number)
        if seat is None or seat.connections > 0 or self.closed:
            return
        seat.bot = make_bot(self.settings.bot_level)
        self._broadcast_room()
        self._schedule()

    def _broadcast_room(self) -> None:
        message = {"type": "room", "room": self.room_info()}
        for connection in self.connections:
            connection.send(message)

    # ----------------------------------------------------------------------------------------------
    # Actions from people

    async def request(self, connection: Connection, request: ActionRequest) -> None:
        """Check a person's action in the protocol's order, then apply it; errors go to the sender only."""
        async with self.lock:
            action, trial = self._checked(connection, request)
            if isinstance(action, Doubt):
                self._queue_doubt(_PendingDoubt(action.seats[0], connection, request.id))
                return
            taken = self._apply(action, trial, {connection: request.id})
        await taken.shown  # the lock is free meanwhile: the next seat's answer joins this one's commit

    def _checked(self, connection: Connection, request: ActionRequest) -> tuple[Action, Game]:
        """The action, and the game after it (a copy: the table's game changes only in :meth:`_apply`)."""
        seat = connection.seat
        answered = seat is not None and self.doubt_queued(seat)
        at = (self.game_number, self.decision_step)
        return checked_action(self.game, seat, request, code=self.code, answered=answered, at=at)

    # ----------------------------------------------------------------------------------------------
    # Reactions: a seated person's "nice bluff", to everyone at the table; never stored

    def react(self, connection: Connection, request: React) -> None:
        seat = connection.seat
        if seat is None:
            raise ServerError("auth.spectator", "spectators watch; only a seated person may react")
        limit = self._reaction_limits.setdefault(seat, ReactionLimit())
        if not limit.allows(time.monotonic()):
            raise ServerError(
                "limit.reaction",
                f"a seat may react once every {REACTION_INTERVAL_SECONDS:g} seconds and"
                f" {REACTIONS_PER_MINUTE} times a minute; this reaction was not sent",
            )
        message = {"type": "reaction", "seat": seat, "reaction": request.reaction}
        for other in self.connections:
            other.send({**message, "ack": request.id} if other is connection and request.id is not None else message)

    def switch_coach(self, connection: Connection, request: CoachSwitch) -> None:
        """A seated person switches their coach on or off; everyone sees who has it on (the room)."""
        seat = connection.seat
        if seat is None or not self.seats[seat].is_person:
            raise ServerError("auth.spectator", "only a seated person has a coach")
        if request.on and not self.coaching.allowed:
            raise ServerError("coach.not_allowed", f"the host of room {self.code} does not allow the coach", 403)
        self.coaching.switch(seat, request.on)
        connection.send({"type": "coach_switched", "on": request.on, "id": request.id})
        self._broadcast_room()

    def send_to_seat(self, seat: int, message: dict[str, Any]) -> None:
        """A message for the person in ``seat`` alone, on each of its connections."""
        for connection in self.connections:
            if connection.seat == seat:
                connection.send(message)

    def set_settings(self, settings: RoomSettings) -> None:
        """The host changed a setting (the coach): coaches it no longer allows are switched off."""
        self.settings = settings
        self.coaching.settle()
        self._broadcast_room()

    # ----------------------------------------------------------------------------------------------
    # Doubts arrive over a few milliseconds; those in one batch are settled together (R9)

    def _queue_doubt(self, pending: _PendingDoubt) -> None:
        self._pending.append(pending)
        if self._batch is None:
            loop = asyncio.get_running_loop()
            self._batch = loop.call_later(self.config.batch_seconds, lambda: self.spawn(self._flush_doubts()))

    def doubt_queued(self, seat_number: int) -> bool:
        """Whether the seat's doubt of the open claim waits in the batch: it has answered."""
        return any(pending.seat == seat_number for pending in self._pending)

    async def _flush_doubts(self) -> None:
        async with self.lock:
            await self._flush_doubts_locked()

    async def _flush_doubts_locked(self) -> None:
        if self._batch is not None:
            self._batch.cancel()
            self._batch = None
        pending, self._pending = self._pending, []
        if not pending:
            return
        acks = {entry.connection: entry.message_id for entry in pending if entry.connection is not None}
        self.spawn(self._settle_doubt(self._apply(Doubt(tuple(entry.seat for entry in pending)), acks=acks)))

    @staticmethod
    async def _settle_doubt(taken: Unstored) -> None:
        try:
            await taken.shown
        except ServerError as error:  # storage failed: every doubter hears it, nothing changed
            for connection, message_id in taken.acks.items():
                connection.send(error_message(error, message_id))

    # ----------------------------------------------------------------------------------------------
    # Applying an action: try, store, show everyone

    def _apply(
        self, action: Action, trial: Game | None = None, acks: dict[Connection, str | int | None] | None = None
    ) -> Unstored:
        """Make ``action`` the table's and send it to the archive; ``trial`` is the game after it, if the
        caller has it. Called under the lock, which the caller frees before it awaits the result's
        ``shown``: everyone is shown the action once it is stored (see :meth:`_stored`).

        Each connection in ``acks`` sent the action (or one of the doubts): its update carries the id of
        that message in ``ack``, which is how the protocol acknowledges an action, once it is stored.
        """
        game = self.game
        assert game is not None
        assert self.game_id is not None
        if trial is None:
            trial = game.copy()
            trial.apply(action)  # already checked by the caller; raises (and changes nothing) if not
        if _changes_decision(action, trial):
            self.decision_step = trial.step
        taken = self._write_ahead.send(self.game_id, game.step, action, trial, self.decision_step, acks or {})
        self.game = trial
        return taken

    def _settled(self, kept: list[Unstored], lost: list[Unstored]) -> None:
        """Actions came back from the archive: those stored (``kept``) are shown, in one update; those from
        a refusal on (``lost``) are taken back, and their senders told."""
        if lost:
            self._take_back(kept[-1] if kept else None, lost)
        if not kept:
            return
        if kept[-1].after.is_over:
            self._finishing = asyncio.ensure_future(self._finish_and_show(kept))
        else:
            self._show(kept)

    def _take_back(self, last_kept: Unstored | None, lost: list[Unstored]) -> None:
        cause = storing_error(lost[0])
        log.error("room %s: storing %s failed: %r", self.code, lost[0].action, cause)
        if last_kept is None:
            self.game, self.decision_step = self.shown, self.shown_decision_step
        else:
            self.game, self.decision_step = last_kept.after, last_kept.decision_step
        for taken in lost:
            error = ServerError("server.storage", "the action could not be stored; try again", 503)
            error.__cause__ = cause
            taken.shown.set_exception(error)

    async def _finish_and_show(self, kept: list[Unstored]) -> None:
        game = kept[-1].after
        assert self.game_id is not None
        try:
            await self.storage.finish_game(self.game_id, game.places)
        except Exception:  # the actions are stored: a restart finds the game over and finishes it
            log.exception("room %s: storing the result failed", self.code)
        self.status = RoomStatus.FINISHED
        self.record_win(game.places[0])
        self._show(kept)
        self._broadcast_room()  # the room is between games now, and the evening's score has changed

    def _show(self, kept: list[Unstored]) -> None:
        """Everyone is shown the stored actions ``kept``, in one update, and the table goes on."""
        last = kept[-1]
        self.shown, self.shown_decision_step = last.after, last.decision_step
        acks: dict[Connection, str | int | None] = {}
        for taken in kept:  # a seat answers one decision once, so each connection has one id to hear
            acks.update(taken.acks)
        if not self._write_ahead.waiting:  # the table's game is the one shown: set its timer, ask its bots
            self._schedule()  # first, so that the updates carry the new timer
        self._broadcast_updates(acks)
        if self.on_change is not None:
            self.on_change(self)
        for taken in kept:
            taken.shown.set_result(None)

    def _broadcast_updates(self, acks: dict[Connection, str | int | None] | None = None) -> None:
        game = self.shown
        assert game is not None
        acks = acks or {}
        views: dict[int | None, View] = {}
        encoder: UpdateEncoder | None = None
        for connection in self.connections:
            view = views.get(connection.seat)
            if view is None:
                view = views[connection.seat] = game.view(connection.seat)
            if encoder is None:
                encoder = UpdateEncoder(self.shown_state_id, view, self.timer_info())
            log_from = min(connection.log_sent, len(view.log))
            text = encoder.text(view, log_from=log_from, acked=connection in acks, ack=acks.get(connection))
            connection.log_sent = len(view.log)
            connection.send_text(text)

    # ----------------------------------------------------------------------------------------------
    # Timers and bots: what happens when nobody (or a bot) acts

    def _schedule(self) -> None:
        """After a change: set the doubt or turn timer and ask the bots whose decision is awaited."""
        game = self.game
        if game is None or self.closed:
            return
        state = self.state_id
        self._timer.set(*wanted_timer(game, self.settings, self.seats), state)
        self._bots.schedule(game, state)
        self.coaching.schedule()

    async def _timer_fired(self, kind: str, state: str) -> None:
        async with self.lock:
            game = self.game
            if game is None or game.is_over or self.state_id != state:
                return
            self._timer.stop()
            if kind == "doubt" and self._pending:
                await self._flush_doubts_locked()  # the doubts arrived before time ran out
                return
            action = CloseWindow() if kind == "doubt" else default_play(game.view(game.to_play))
            taken = self._apply(action)
        await taken.shown

    def take_bot_action(self, seat_number: int, action: Action) -> Awaitable[None] | None:
        """A bot's action, checked by the bot driver under the lock: a doubt joins the batch (R9), the rest
        is applied; the driver awaits what this returns (the action shown) once it freed the lock."""
        if isinstance(action, Doubt):
            self._queue_doubt(_PendingDoubt(seat_number, None, None))
            return None
        return self._apply(action).shown

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run a table task; a failure is logged, never allowed to take the server down."""
        task = asyncio.get_running_loop().create_task(_logged(self.code, coroutine))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ----------------------------------------------------------------------------------------------
    # Room management (the hub calls these after the archive stored the change)

    def add_seat(self, seat: Seat) -> None:
        self.seats[seat.number] = seat
        if seat.kind is SeatKind.BOT and seat.level:
            seat.bot = make_bot(seat.level)
        self.coaching.settle()  # ("auto": a second person at the table switches coaches off)
        self._broadcast_room()

    def remove_seat(self, number: int) -> None:
        """A bot's seat is empty again (between games)."""
        self._bots.cancel(number)
        del self.seats[number]
        self._broadcast_room()

    def set_bot_level(self, number: int, level: str, name: str | None = None) -> None:
        seat = self.seats[number]
        seat.level, seat.bot = level, make_bot(level)
        if name is not None:
            seat.name = name
        self._broadcast_room()

    def set_locked(self, locked: bool) -> None:
        self.locked = locked
        self._broadcast_room()

    def set_host_seat(self, number: int) -> None:
        self.host_seat = number
        self._broadcast_room()

    def record_win(self, seat: int) -> None:
        """A game of this room ended with ``seat`` first: the evening's score."""
        self.wins[seat] += 1

    def start(self, snapshot: GameSnapshot) -> None:
        self._clear_timers()
        self._load_game(snapshot)
        for seat in self.seats.values():
            if seat.is_person and seat.bot is not None:  # away past the grace: a fresh stand-in
                seat.bot = make_bot(self.settings.bot_level)
            elif seat.is_person and seat.connections == 0 and not self._grace.running(seat.number):
                self._seat_left(seat)  # took a seat but is not here: the grace period starts now
        self.status = RoomStatus.PLAYING
        for connection in self.connections:
            connection.log_sent = 0
        self._broadcast_room()
        self._schedule()
        self._broadcast_updates()

    def close(self, moved: bool = False) -> None:
        """Close the table: the room was closed (``closed``), or, on a node of a cluster, it is now played on
        another node (``moved``: clients connect again, to any node, which sends them on)."""
        self.closed = True
        self._clear_timers()
        self._grace.stop_all()
        for task in list(self._tasks):
            task.cancel()
        message = {"type": "moved" if moved else "closed", "room": self.code}
        for connection in self.connections:
            connection.send(message)

    def _clear_timers(self) -> None:
        self._timer.stop()
        if self._batch is not None:
            self._batch.cancel()
            self._batch = None
        self._pending.clear()
        self._bots.cancel_all()


def _changes_decision(action: Action, after: Game) -> bool:
    """Whether ``action`` moves the table to a new decision (a new state id).

    Every action does but a decline that leaves the window open: other seats' answers to the same claim
    stay valid. The last decline closes the window, and with it what an answer meant.
    """
    return not isinstance(action, Decline) or after.phase is not Phase.DOUBT


async def _logged(code: str, coroutine: Coroutine[Any, Any, None]) -> None:
    try:
        await coroutine
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("room %s: a table task failed", code)
