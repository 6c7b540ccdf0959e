"""Outside agents: one seat played by any program that reads and writes JSON lines (docs/agent.md).

The runner sends the agent one JSON object per line: ``start`` once, a ``decide`` whenever the seat must
play or may doubt (its own seat's view, the legal action forms, and how many retries are left), and
``result`` at the end. The agent answers each ``decide`` with one line: an action in the project's
notation (``{"action": "play AS 10H as K"}``) or structured (``{"type": "play", "cards": ["AS"]}``).
A malformed or refused answer gets an ``error`` that names what was wrong, then the same ``decide``
again; when the retries run out the runner takes the server's turn-timer default (the truth if the hand
allows it, else one card; decline a claim) and says so in a ``defaulted`` message: an answer is never
replaced silently.

The same exchange drives a seat of a local game against the project's bots (:func:`play_local`) or a seat
at a table of ``idoubtit serve`` (:func:`play_at_server`); the agent cannot tell them apart except by the
``mode`` of ``start``. Every view comes from one projection: the engine's ``view(seat)``, locally or on
the server, so an agent is never sent a card its seat could not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final

from idoubtit.bots import Bot
from idoubtit.bots.fallback import default_action
from idoubtit.bots.runner import play_turn, settle_window, window_answers
from idoubtit.coach.seat_view import view_from_dict
from idoubtit.engine import (
    Action,
    CloseWindow,
    Decline,
    Doubt,
    Game,
    IDoubtItError,
    Phase,
    Play,
    Rank,
    Rules,
    View,
    parse_action,
    parse_cards,
)

if TYPE_CHECKING:  # the table client brings the WebSocket stack; a local game does without it
    from idoubtit.client.table_client import TableClient

PROTOCOL_VERSION: Final = 1
DEFAULT_TIMEOUT: Final = 30.0
DEFAULT_RETRIES: Final = 3
#: The longest answer line read; a longer one is refused (an agent stuck in a loop must not fill memory).
MAX_LINE: Final = 65536
#: How long a finished agent program gets to exit after its stdin is closed, before it is killed.
EXIT_GRACE: Final = 5.0
#: The fields an answer may carry, by form; anything else is refused, so that a typo is not ignored.
NOTATION_FIELDS: Final = frozenset({"action", "id"})
STRUCTURED_FIELDS: Final = frozenset({"type", "cards", "rank", "seat", "id"})
#: The ranks a play may announce, in R5's order (any but the due one takes the pile, R7).
RANK_SYMBOLS: Final = [rank.symbol for rank in Rank]
#: View fields of the server's wire format that the local view does not have (the log arrives in parts).
WIRE_ONLY: Final = ("events", "log_from", "log_size")


class AgentFailedError(RuntimeError):
    """The agent program ended, closed its output or its input, or the table went away: the game
    cannot go on with this agent, and the runner stops with this message."""


class RefusalError(Exception):
    """An answer that was not taken: ``code`` (namespaced as in docs/protocol.md) and what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: The stale answer code: the table moved on before the answer came (server mode); the decision is over.
STALE: Final = "state.stale"


class Transcript:
    """The whole exchange as JSON lines: ``{"to_agent": message}`` and ``{"from_agent": "raw line"}``.

    Lines from the agent are kept raw, since a malformed one is exactly what a transcript is read for.
    """

    def __init__(self, path: Path | None) -> None:
        self._file = None if path is None else path.open("w", encoding="utf-8")

    def write(self, entry: dict[str, Any]) -> None:
        if self._file is not None:
            self._file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


class _Overlong:
    """Stands in the line queue for an answer longer than :data:`MAX_LINE` (dropped unread)."""


_OVERLONG: Final = _Overlong()


class LineChannel:
    """JSON lines to the agent, raw lines back.

    Lines are read on a thread and handed to the event loop through a queue, so that waiting for an
    answer can time out whatever the input is (a pipe, a terminal, a file) and a silent agent never
    blocks the table. ``describe_end`` says why the input ended (a program's exit code).
    """

    def __init__(
        self, reader: IO[str], writer: IO[str], transcript: Transcript, describe_end: Callable[[], str] = str
    ) -> None:
        self._reader = reader
        self._writer = writer
        self.transcript = transcript
        self._describe_end = describe_end
        self._lines: asyncio.Queue[str | _Overlong | None] | None = None

    def open(self) -> None:
        """Start reading; call from inside the running event loop."""
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | _Overlong | None] = asyncio.Queue()
        self._lines = lines

        def hand_over(item: str | _Overlong | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits for the line any more
                loop.call_soon_threadsafe(lines.put_nowait, item)

        threading.Thread(target=self._pump, args=(hand_over,), name="agent-reader", daemon=True).start()

    def _pump(self, hand_over: Callable[[str | _Overlong | None], None]) -> None:
        try:
            while line := self._reader.readline(MAX_LINE + 1):
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    while (rest := self._reader.readline(MAX_LINE + 1)) and not rest.endswith("\n"):
                        pass
                    hand_over(_OVERLONG)
                else:
                    hand_over(line)
        except (OSError, ValueError):  # the input was closed under the reader
            pass
        hand_over(None)

    def send(self, message: dict[str, Any]) -> None:
        """Write one message as one line; a closed pipe means the agent is gone."""
        self.transcript.write({"to_agent": message})
        try:
            self._writer.write(json.dumps(message, separators=(",", ":")) + "\n")
            self._writer.flush()
        except (OSError, ValueError) as error:  # BrokenPipeError, or a closed file
            raise AgentFailedError(f"the agent no longer reads its input ({error}){self._describe_end()}") from None

    async def receive(self, timeout: float) -> str | _Overlong | None:
        """The next line, :data:`_OVERLONG`, or None when ``timeout`` seconds pass first."""
        assert self._lines is not None, "open() the channel first"
        try:
            line = await asyncio.wait_for(self._lines.get(), max(timeout, 0.0))
        except TimeoutError:
            return None
        if line is None:
            self._lines.put_nowait(None)  # every later read ends the same way
            raise AgentFailedError(f"the agent closed its output{self._describe_end()}")
        self.transcript.write({"from_agent": line.rstrip("\n") if isinstance(line, str) else "<overlong line>"})
        return line

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._writer.close()


class AgentProcess:
    """An agent program started as a child process that talks over its stdin and stdout.

    Its stderr is left alone (it reaches the terminal), so an agent can print what it is thinking.
    """

    def __init__(self, command: Sequence[str], transcript: Transcript) -> None:
        try:
            self.process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",  # bytes that are not UTF-8 become a malformed answer, not a crash
                bufsize=1,
            )
        except OSError as error:
            raise AgentFailedError(f"cannot start the agent {' '.join(command)!r}: {error}") from None
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.channel = LineChannel(self.process.stdout, self.process.stdin, transcript, self._ended)

    def _ended(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return " (the program is still running)"
        return f" (the program exited with code {code})"

    def close(self) -> int | None:
        """Close the agent's input (its cue to finish), give it a moment, then end it."""
        self.channel.close()
        try:
            return self.process.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()


# --------------------------------------------------------------------------------------------------
# What the seat may do now, and reading an answer


def legal_forms(view: Mapping[str, Any]) -> dict[str, Any]:
    """The actions the view's seat may take now, as the ``legal`` field of ``decide``.

    ``{"play": {...}}`` when the seat must play: the rank due, the ranks it may announce, how many cards
    (at least one, at most its hand or the V2 cap) and whether V5 makes the rank compulsory. During a
    doubt window it may doubt or decline: ``{"doubt": true, "decline": true}``. Empty when it may not act.
    """
    seat, rules = view["seat"], view["rules"]
    if view["phase"] == Phase.PLAY.value and view["to_play"] == seat:
        most = len(view["hand"])
        if rules.get("capped_plays"):
            most = min(most, Rules.from_dict(rules).max_cards_per_play or most)
        return {
            "play": {
                "due": view["due_rank"],
                "ranks": RANK_SYMBOLS,
                "min_cards": 1,
                "max_cards": most,
                "rank_required": bool(rules.get("strict_announcing")),
            }
        }
    if view["phase"] == Phase.DOUBT.value and seat in view["awaiting"]:
        return {"doubt": True, "decline": True}
    return {}


def read_answer(line: str, seat: int) -> tuple[int | None, Action]:
    """The decision id an answer quotes (None: it quotes none) and the action it asks for, for ``seat``.

    Raises :class:`RefusalError` (``protocol.malformed`` or ``auth.wrong_seat``) when the line cannot be read
    as an action of this seat. Whether the action is allowed now is for the referee to say.
    """
    try:
        data = json.loads(line)
    except ValueError as error:
        raise RefusalError("protocol.malformed", f"the answer is not JSON ({error}); {_FORMS}") from None
    if not isinstance(data, dict):
        raise RefusalError("protocol.malformed", f"the answer is a JSON {type(data).__name__}, not an object; {_FORMS}")
    quoted = data.get("id")
    if quoted is not None and (type(quoted) is not int):
        raise RefusalError("protocol.malformed", f"'id' must be the decision's id, a whole number, not {quoted!r}")
    if "action" in data:
        action = _notation(data, seat)
    elif "type" in data:
        action = _structured(data, seat)
    else:
        raise RefusalError("protocol.malformed", f"the answer has neither 'action' nor 'type'; {_FORMS}")
    _check_own_seat(action, seat)
    return quoted, action


_FORMS: Final = (
    'answer one object per line, like {"action": "play AS 10H as K"}, {"action": "doubt"},'
    ' {"type": "play", "cards": ["AS"], "rank": "A"} or {"type": "decline"}'
)


def _unknown_fields(data: dict[str, Any], allowed: frozenset[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RefusalError(
            "protocol.malformed", f"unknown field(s) {', '.join(unknown)}; this form takes {', '.join(sorted(allowed))}"
        )


def _notation(data: dict[str, Any], seat: int) -> Action:
    _unknown_fields(data, NOTATION_FIELDS)
    text = data["action"]
    if not isinstance(text, str):
        raise RefusalError("protocol.malformed", f"'action' must be a string in the notation, not {text!r}; {_FORMS}")
    words = text.split()
    # The seat may be left out: "play AS" means "play SEAT AS". A card is never all digits, so a
    # second word of digits is a seat the agent wrote itself (and must be its own).
    if words and words[0].lower() in ("play", "doubt", "decline") and not (len(words) > 1 and words[1].isdigit()):
        words.insert(1, str(seat))
    try:
        return parse_action(" ".join(words))
    except IDoubtItError as error:
        raise RefusalError("protocol.malformed", str(error)) from None


def _structured(data: dict[str, Any], seat: int) -> Action:
    _unknown_fields(data, STRUCTURED_FIELDS)
    kind, claimed = data["type"], data.get("seat", seat)
    if type(claimed) is not int:
        raise RefusalError("protocol.malformed", f"'seat' must be a whole number, not {claimed!r}")
    if kind in ("doubt", "decline"):
        extra = sorted({"cards", "rank"} & set(data))
        if extra:
            raise RefusalError("protocol.malformed", f"a {kind} takes no {' or '.join(extra)}")
        return Doubt((claimed,)) if kind == "doubt" else Decline(claimed)
    if kind != "play":
        raise RefusalError("protocol.malformed", f"'type' must be play, doubt or decline, not {kind!r}")
    cards, rank = data.get("cards"), data.get("rank")
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise RefusalError("protocol.malformed", 'a play needs "cards": a list of cards like ["AS", "10H"]')
    if rank is not None and not isinstance(rank, str):
        raise RefusalError("protocol.malformed", f"'rank' must be a rank like \"K\" or left out, not {rank!r}")
    try:
        return Play(claimed, parse_cards(cards), None if rank is None else Rank.parse(rank))
    except IDoubtItError as error:
        raise RefusalError("protocol.malformed", str(error)) from None


def _check_own_seat(action: Action, seat: int) -> None:
    if isinstance(action, CloseWindow):
        raise RefusalError("protocol.malformed", "'close' is the table's timer, not a seat's action; " + _FORMS)
    seats = action.seats if isinstance(action, Doubt) else (action.seat,)
    if seats != (seat,):
        raise RefusalError(
            "auth.wrong_seat", f"this agent plays seat {seat}; the answer acts for seat(s) {list(seats)}"
        )


def check_kind(action: Action, legal: Mapping[str, Any]) -> None:
    """Refuse an answer of a kind the moment does not allow, naming what it does allow.

    The codes are the table server's, so that an agent reads the same codes in both modes.
    """
    if isinstance(action, Play) and "play" not in legal:
        raise RefusalError("game.window_open", "a doubt window is open: answer doubt or decline, not play")
    if isinstance(action, Doubt | Decline) and "play" in legal:
        kind = "doubt" if isinstance(action, Doubt) else "decline"
        raise RefusalError("game.no_window", f"no claim is open to {kind}: it is your turn to play")


# --------------------------------------------------------------------------------------------------
# One decision: ask, check, retry, default


#: Tries an action at the table: None when it is taken, else the refusal.
Submit = Callable[[Action], Awaitable[RefusalError | None]]


@dataclass
class Tally:
    """What happened over a game, for the summary."""

    decisions: int = 0
    refused: int = 0
    defaulted: int = 0
    codes: dict[str, int] = field(default_factory=dict)


class AgentSeat:
    """One seat played by an agent over a :class:`LineChannel`: the protocol's side of the runner."""

    def __init__(self, channel: LineChannel, *, timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES):
        self.channel = channel
        self.timeout = timeout
        self.retries = retries
        self.tally = Tally()

    def _send(self, kind: str, **fields: Any) -> None:
        self.channel.send({"type": kind, "version": PROTOCOL_VERSION, **fields})

    def start(self, view: Mapping[str, Any], mode: str) -> None:
        self._send(
            "start",
            seat=view["seat"],
            rules=view["rules"],
            mode=mode,
            timeout_seconds=self.timeout,
            retries=self.retries,
        )

    def finish(self, view: Mapping[str, Any]) -> None:
        self._send("result", seat=view["seat"], winner=view["winner"], places=view["places"], view=view)

    async def decide(self, view: Mapping[str, Any], submit: Submit, default: Callable[[], Action]) -> Action | None:
        """Ask the agent until an answer is taken, or take ``default()`` once the retries run out.

        Returns the action taken, or None when the table moved on first (server mode: the decision is
        over, and the agent has been told so).
        """
        self.tally.decisions += 1
        number, seat, legal = self.tally.decisions, view["seat"], legal_forms(view)
        retries = self.retries
        while True:
            self._send("decide", id=number, view=view, legal=legal, retries_left=retries)
            try:
                action = await self._answer(number, seat)
                check_kind(action, legal)
                refusal = await submit(action)
            except RefusalError as refused:
                refusal = refused
            if refusal is None:
                return action
            if refusal.code == STALE:
                self._send("error", id=number, code=STALE, message=refusal.message, retries_left=0)
                return None
            self.tally.refused += 1
            self.tally.codes[refusal.code] = self.tally.codes.get(refusal.code, 0) + 1
            self._send("error", id=number, code=refusal.code, message=refusal.message, retries_left=retries)
            if retries == 0:
                return await self._default(number, submit, default)
            retries -= 1

    async def _default(self, number: int, submit: Submit, default: Callable[[], Action]) -> Action | None:
        action = default()
        refusal = await submit(action)
        if refusal is not None and refusal.code == STALE:
            self._send("error", id=number, code=STALE, message=refusal.message, retries_left=0)
            return None
        if refusal is not None:
            raise AgentFailedError(f"the table refused the default action {action}: {refusal.code}: {refusal.message}")
        self.tally.defaulted += 1
        self._send("defaulted", id=number, action=_seatless(action), reason="no answer was taken after every retry")
        return action

    async def _answer(self, number: int, seat: int) -> Action:
        """The agent's next answer to decision ``number``; answers to earlier decisions are dropped."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while True:
            line = await self.channel.receive(deadline - loop.time())
            if line is None:
                raise RefusalError("protocol.timeout", f"no answer within {self.timeout:g} s")
            if isinstance(line, _Overlong):
                raise RefusalError("protocol.too_large", f"the answer is longer than {MAX_LINE} characters")
            if not line.strip():
                continue  # a blank line is no answer: keep waiting
            quoted, action = read_answer(line, seat)
            if quoted is None or quoted == number:
                return action
            if quoted > number:
                raise RefusalError(
                    "protocol.malformed", f"the answer quotes decision {quoted}; this is decision {number}"
                )
            # An answer to an earlier decision that was already settled (by a timeout's default): drop it.
            self.channel.transcript.write({"dropped": f"an answer to decision {quoted}, which is over"})


def _seatless(action: Action) -> str:
    """An action in the notation without its seat, as an agent may write it: ``play 7H as A``, ``decline``."""
    if isinstance(action, Play):
        rank = action.rank
        return f"play {' '.join(str(card) for card in action.cards)}" + ("" if rank is None else f" as {rank}")
    return "doubt" if isinstance(action, Doubt) else "decline"


def default_for(view: View) -> Action:
    """The play a table makes for a seat that gives no answer (:mod:`idoubtit.bots.fallback`, the same
    as the server's turn timer): all cards of the due rank held, else one card; in a doubt window, decline."""
    return default_action(view)


# --------------------------------------------------------------------------------------------------
# A local game: the agent's seat and the project's bots


async def play_local(game: Game, seat: int, bots: Mapping[int, Bot], agent: AgentSeat) -> Game:
    """Play ``game`` to its end: ``agent`` at ``seat``, ``bots`` at every other seat.

    Each bot is asked with its own view (bots.runner); in a doubt window the agent and the bots answer
    the same claim as one decision round, so simultaneous doubts settle by R9 as they do among bots.
    """
    agent.channel.open()
    agent.start(game.view(seat).to_dict(), "local")
    while not game.is_over:
        if game.phase is Phase.PLAY and game.to_play == seat:
            action = await _ask_local(game, seat, agent)
            game.apply(action)
        elif game.phase is Phase.DOUBT and seat in game.awaiting:
            answers = window_answers(game, bots)
            doubts = isinstance(await _ask_local(game, seat, agent), Doubt)
            answers[seat] = doubts
            settle_window(
                game,
                [answerer for answerer, doubt in answers.items() if doubt],
                [answerer for answerer, doubt in answers.items() if not doubt],
            )
        else:
            play_turn(game, bots)
    agent.finish(game.view(seat).to_dict())
    return game


async def _ask_local(game: Game, seat: int, agent: AgentSeat) -> Action:
    view = game.view(seat)

    async def referee(action: Action) -> RefusalError | None:
        """The engine's checked door, on a copy: the action is applied by the caller, with the bots' answers."""
        try:
            game.copy().apply(action)
        except IDoubtItError as error:
            return RefusalError(f"action.{error.code}", str(error))
        return None

    action = await agent.decide(view.to_dict(), referee, lambda: default_for(view))
    assert action is not None, "a local game never moves on without the agent"
    return action


# --------------------------------------------------------------------------------------------------
# A seat at a table of ``idoubtit serve``


#: How long to wait for the server to answer one action before giving up on the connection.
SERVER_ANSWER_TIMEOUT: Final = 30.0


def plain_view(wire: Mapping[str, Any]) -> dict[str, Any]:
    """The server's view in the local form (``View.to_dict()``): the whole log, no wire bookkeeping."""
    view = {key: value for key, value in wire.items() if key not in WIRE_ONLY}
    view["log"] = list(view.get("log", ()))  # a snapshot: the client keeps appending to its own list
    return view


async def play_at_server(server: str, room: str, token: str, agent: AgentSeat) -> dict[str, Any]:
    """Play the seat that ``token`` holds in ``room`` for one game (the one in progress, else the next
    one the host starts), relaying the server's views to the agent and its answers to the server.
    Returns the final view."""
    from websockets.exceptions import WebSocketException

    from idoubtit.client.table_client import ProtocolBrokenError, TableClient

    agent.channel.open()
    try:
        async with TableClient.connect(server, room, token) as client:
            if client.seat is None:
                refused = "; ".join(f"{error['code']}: {error['message']}" for error in client.errors)
                raise AgentFailedError(f"the server gave no seat in room {room}: {refused or 'no answer'}")
            return await _relay(client, agent)
    except (OSError, TimeoutError, ProtocolBrokenError, WebSocketException) as error:
        # Refused handshakes, bad addresses, dropped connections: the seat cannot be played.
        raise AgentFailedError(f"the connection to {server} failed: {error or type(error).__name__}") from None


async def _relay(client: TableClient, agent: AgentSeat) -> dict[str, Any]:
    started = live = False
    while True:
        await _wait(client, lambda c: c.closed or (c.view is not None and (c.over or c.my_turn or c.my_window)))
        if client.closed:
            raise AgentFailedError("the server closed the connection before the game was over")
        assert client.view is not None
        view = plain_view(client.view)
        if not started:
            agent.start(view, "server")
            started = True
        if client.over:
            if live:  # the game this seat took part in; an old game's end is not this agent's result
                agent.finish(view)
                return view
            await _wait(client, lambda c: c.closed or (c.view is not None and not c.over))
            continue
        live = True
        await agent.decide(view, _server_submit(client, client.state), _server_default(view))


async def _wait(client: TableClient, condition: Callable[[TableClient], bool]) -> None:
    """Wait as long as it takes (a host may start the game much later), in slices the client allows."""
    while True:
        try:
            await client.until(condition, timeout=3600)
        except TimeoutError:
            continue
        return


def _server_default(view: Mapping[str, Any]) -> Callable[[], Action]:
    # The log is left out: the default reads only the hand, the due rank and the rules (and a view sent
    # in server mode may carry only the log's new entries).
    return lambda: default_for(view_from_dict({**view, "log": []}))


def _server_submit(client: TableClient, state: str | None) -> Submit:
    async def submit(action: Action) -> RefusalError | None:
        if client.closed:
            raise AgentFailedError("the server closed the connection")
        if client.state != state:
            return RefusalError(STALE, f"the table moved on (state {state} → {client.state}) before the answer came")
        if isinstance(action, Play):
            sent = await client.play(
                [str(card) for card in action.cards], None if action.rank is None else action.rank.symbol
            )
        elif isinstance(action, Doubt):
            sent = await client.doubt()
        else:
            sent = await client.decline()
        await client.until(lambda c: c.answer_to(sent) is not None or c.closed, timeout=SERVER_ANSWER_TIMEOUT)
        answer = client.answer_to(sent)
        if answer is None:
            raise AgentFailedError("the server closed the connection before answering")
        if answer.get("type") == "error":
            return RefusalError(str(answer.get("code")), str(answer.get("message")))
        return None

    return submit
