"""The table protocol, version 1: JSON messages over a WebSocket (see docs/protocol.md).

A client says ``hello`` first (with its seat token, or none to watch), then sends actions (and, from a
seat, reactions); the server answers with ``welcome`` (everything this connection may see, at once),
``update`` after every change, ``room`` when seats change, ``reaction`` to everyone when someone at the
table reacts, ``ack`` to the sender of an accepted action and ``error`` to the sender of a refused one.
Everything about the game that a message carries comes from the engine's ``view(seat)``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any, Final

from idoubtit.engine import Card, IDoubtItError, Rank, View, parse_cards

PROTOCOL_VERSION: Final = 1
#: A client's message id is echoed in the ``ack`` or ``error`` that answers it.
MAX_ID_LENGTH: Final = 64
MAX_TOKEN_LENGTH: Final = 128
#: No hand holds more cards than the largest open table deals (V4: six decks).
MAX_PLAY_CARDS: Final = 6 * 52
#: What a seated person may send the table besides actions: a fixed set, never free text.
REACTIONS: Final = ("nice_bluff", "hmm", "oops", "good_game", "well_played", "wow")


class ServerError(Exception):
    """A refused request. ``code`` is namespaced (``auth.bad_token``, ``action.not_held`` ...) so that
    clients can say it in the player's language; the message says it in English."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status  # for the HTTP side
        #: The id of the refused message, when it could be read, so the answer finds its question.
        self.message_id: str | int | None = None
        #: ``room.not_found``: the code asked for (a node of a cluster looks up who plays it).
        self.room: str | None = None
        #: ``room.elsewhere``: the URL of the node that plays the room.
        self.node: str | None = None


def malformed(message: str) -> ServerError:
    return ServerError("protocol.malformed", message)


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None
    id: str | int | None = None


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """``play``, ``doubt`` or ``decline`` from the connection's own seat, based on state ``state``."""

    kind: str
    state: str
    cards: tuple[Card, ...] = ()
    rank: Rank | None = None
    #: The seat the client believes it is; when given it must be the connection's seat.
    seat: int | None = None
    id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Sync:
    """Send me the whole current view again (a client that suspects it missed something)."""

    id: str | int | None = None


@dataclass(frozen=True, slots=True)
class React:
    """A seated person's reaction (one of :data:`REACTIONS`), shown to everyone at the table."""

    reaction: str
    id: str | int | None = None


@dataclass(frozen=True, slots=True)
class CoachSwitch:
    """A seated person switches their coach on or off (where the table allows it)."""

    on: bool
    id: str | int | None = None


ClientMessage = Hello | ActionRequest | Sync | React | CoachSwitch

_FIELDS: Final = {
    "hello": {"type", "version", "token", "id"},
    "play": {"type", "state", "cards", "rank", "seat", "id"},
    "doubt": {"type", "state", "seat", "id"},
    "decline": {"type", "state", "seat", "id"},
    "sync": {"type", "id"},
    "react": {"type", "reaction", "id"},
    "coach": {"type", "on", "id"},
}
ALLOWED_TYPES: Final = ", ".join(sorted(_FIELDS))


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Read one client message, or raise :class:`ServerError` saying what is wrong and what is allowed."""
    if isinstance(text, bytes):
        raise malformed("messages are JSON text frames, not binary frames")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise malformed('a message must be one JSON object, like {"type": "sync"}') from None
    if not isinstance(data, dict):
        raise malformed(f"a message must be a JSON object, not {type(data).__name__}")
    message_id = _message_id(data.get("id"))  # first, so that every answer finds its question
    try:
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in _FIELDS:
            raise ServerError(
                "protocol.unknown_type", f"message type {_shown(kind)} is unknown; the types are {ALLOWED_TYPES}"
            )
        unknown = sorted(set(data) - _FIELDS[kind])
        if unknown:
            names = ", ".join(_shown(name) for name in unknown)
            raise malformed(f"{kind!r} takes no field {names}; it takes {sorted(_FIELDS[kind])}")
        if kind == "hello":
            return _hello(data, message_id)
        if kind == "sync":
            return Sync(message_id)
        if kind == "react":
            return _react(data, message_id)
        if kind == "coach":
            if not isinstance(data.get("on"), bool):
                raise malformed(f"'coach' needs \"on\": true or false, not {_shown(data.get('on'))}")
            return CoachSwitch(data["on"], message_id)
        return _action(kind, data, message_id)
    except ServerError as error:
        error.message_id = message_id
        raise


def _shown(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: at most ``limit`` characters of its repr."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _message_id(value: object) -> str | int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise malformed(f"id must be a string or a whole number, not {value!r}")
    if isinstance(value, str) and len(value) > MAX_ID_LENGTH:
        raise malformed(f"id is at most {MAX_ID_LENGTH} characters")
    if isinstance(value, int) and not -(2**53) <= value <= 2**53:
        raise malformed("id must be a whole number JavaScript can hold")
    return value


def _hello(data: dict[str, Any], message_id: str | int | None) -> Hello:
    version = data.get("version")
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ServerError(
            "protocol.version", f"this server speaks protocol version {PROTOCOL_VERSION}, not {version!r}"
        )
    token = data.get("token")
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_LENGTH):
        raise malformed(f"token must be the seat's token (a string of at most {MAX_TOKEN_LENGTH}), or absent to watch")
    if token is not None and not (token.isascii() and token.isprintable()):  # no token is: it holds no seat
        raise ServerError("auth.bad_token", "that token holds no seat here (tokens are printable ASCII)")
    return Hello(token, message_id)


def _react(data: dict[str, Any], message_id: str | int | None) -> React:
    reaction = data.get("reaction")
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise malformed(f"'react' needs a reaction, one of {', '.join(REACTIONS)}; not {_shown(reaction)}")
    return React(reaction, message_id)


def _action(kind: str, data: dict[str, Any], message_id: str | int | None) -> ActionRequest:
    state = data.get("state")
    if not isinstance(state, str) or not 0 < len(state) <= MAX_ID_LENGTH:
        raise malformed(f"{kind!r} needs the state id of the update it answers, as a string")
    seat = data.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise malformed(f"seat must be a seat number, not {seat!r}")
    if kind != "play":
        return ActionRequest(kind, state, seat=seat, id=message_id)
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(card, str) for card in cards):
        raise malformed('\'play\' needs cards: a non-empty list of cards such as ["AS", "10H"]')
    if len(cards) > MAX_PLAY_CARDS:  # more than any hand can hold; keeps parsing bounded
        raise malformed("'play' names more cards than any hand holds")
    rank = data.get("rank")
    if rank is not None and not isinstance(rank, str):
        raise malformed(f'rank must be a rank such as "K" or "10", or absent for the due rank, not {rank!r}')
    try:
        parsed_cards = parse_cards(cards)
        parsed_rank = None if rank is None else Rank.parse(rank)
    except IDoubtItError as error:
        raise ServerError("action.malformed", str(error)) from None
    return ActionRequest(kind, state, parsed_cards, parsed_rank, seat, message_id)


# --------------------------------------------------------------------------------------------------
# What the server sends


def view_message(view: View, *, log_from: int) -> dict[str, Any]:
    """The view as sent: everything but the log, and the log entries from ``log_from`` on.

    A client keeps the log it has and appends ``events``; ``log_size`` lets it notice a gap (and ask
    for ``sync``). A fresh connection gets the whole log (``log_from=0``).
    """
    log = view.log
    # Only the new entries are converted: the whole log of a long game is most of a view's weight.
    data = replace(view, log=log[log_from:]).to_dict()
    data["events"] = data.pop("log")
    data["log_from"] = log_from
    data["log_size"] = len(log)
    return data


#: What each reader of an update has of its own; everything else in a view is the same for all.
_OWN_FIELDS: Final = ("seat", "hand", "log")


class UpdateEncoder:
    """The text of one round of ``update`` messages, one per connection at a table.

    Most of an update is the same for every reader: the rules, the phase, the hand sizes, the claim.
    That part is encoded once per round; only each reader's own part (its seat, its hand and the log
    entries it has not had yet, with its own secrets filled in) is encoded per connection. The text
    reads back to the very dict :func:`view_message` gives (the server's latency benchmark is mostly
    this work, four times per action at a table of four).
    """

    def __init__(self, state: str, any_view: View, timer: dict[str, Any] | None) -> None:
        public = replace(any_view, hand=(), log=()).to_dict()  # the log is the costly part: left out
        for name in _OWN_FIELDS:
            del public[name]
        self._prefix = '{"type":"update","state":' + encode(state) + ',"view":{'
        self._public = "," + encode(public)[1:-1] + "}"
        self._timer = ',"timer":' + encode(timer)

    def text(self, view: View, *, log_from: int, acked: bool = False, ack: str | int | None = None) -> str:
        """The update for the reader of ``view`` (its seat's view of this same step), from log entry
        ``log_from``; ``acked``: it carries ``ack`` (the id of the reader's action, None if it gave none)."""
        own = {
            "seat": view.seat,
            "hand": [str(card) for card in view.hand],
            "events": [event.to_dict() for event in view.log[log_from:]],
            "log_from": log_from,
            "log_size": len(view.log),
        }
        ending = ',"ack":' + encode(ack) + "}" if acked else "}"
        return self._prefix + encode(own)[1:-1] + self._public + self._timer + ending


def error_message(error: ServerError, message_id: str | int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": error.code, "message": error.message, "id": message_id}
    if error.node is not None:  # room.elsewhere: where the room is played
        message["node"] = error.node
    return message


def encode(message: object) -> str:
    """Compact JSON, as every message goes on the wire."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def finite(value: float) -> float:
    """Seconds rounded for the wire (JSON has no infinity)."""
    return round(value, 3) if math.isfinite(value) else 0.0
