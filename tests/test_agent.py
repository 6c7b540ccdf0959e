"""Outside agents over JSON lines: the example Node.js agent plays whole games locally and at a real
server; malformed, refused and missing answers get named errors, retries and a reported default; an
agent is only ever sent its own seat's view."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from idoubtit import Game, Rules
from idoubtit.client.agent import RefusalError, check_kind, legal_forms, read_answer
from idoubtit.engine import Decline, Doubt, Play, parse_action
from tests.server.conftest import TEST_OPTIONS
from tests.server.helpers import ServerProcess, new_table, running_server, start

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "agent.js"
AGENT = [sys.executable, "-m", "idoubtit", "agent"]
#: Generous bounds for whole games played through subprocesses on a busy machine.
GAME_TIMEOUT = 120.0


def node() -> str:
    found = shutil.which("node")
    assert found is not None, "the example agent's tests need Node.js (.ci/run installs it)"
    return found


def transcript(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def sent(entries: list[dict[str, Any]], kind: str | None = None) -> list[dict[str, Any]]:
    """The messages the runner sent to the agent (of one type)."""
    messages = [entry["to_agent"] for entry in entries if "to_agent" in entry]
    return [message for message in messages if kind is None or message["type"] == kind]


def honest_answer(decide: dict[str, Any]) -> dict[str, Any]:
    """All cards of the due rank, else one card; never doubt (the example agent's policy, in Python)."""
    legal, hand = decide["legal"], decide["view"]["hand"]
    if "play" not in legal:
        return {"id": decide["id"], "type": "decline"}
    due = legal["play"]["due"]
    cards = [card for card in hand if card[:-1] == due][: legal["play"]["max_cards"]] or hand[:1]
    return {"id": decide["id"], "type": "play", "cards": cards, "rank": due}


def assert_only_own_secrets(message: dict[str, Any]) -> None:
    """No card put down or picked up by another seat appears in what this seat is sent."""
    view = message["view"]
    assert len(view["hand"]) == view["hand_sizes"][view["seat"]]
    for entry in view["log"]:
        if entry["type"] in ("played", "pile_taken") and entry["seat"] != view["seat"]:
            assert "cards" not in entry, entry


# --------------------------------------------------------------------------------------------------
# Reading answers (in process)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ('{"action": "play AS 10H as K"}', "play 1 AS 10H as K"),
        ('{"action": "play 1 AS"}', "play 1 AS"),
        ('{"action": "play AS as K"}', "play 1 AS as K"),  # "as" before a rank announces; AS is a card
        ('{"action": "doubt", "id": 4}', "doubt 1"),
        ('{"action": "decline"}', "decline 1"),
        ('{"type": "play", "cards": ["10h", "TS"], "rank": "q"}', "play 1 10H 10S as Q"),
        ('{"type": "play", "cards": ["2C"]}', "play 1 2C"),
        ('{"type": "doubt", "seat": 1}', "doubt 1"),
        ('{"type": "decline"}', "decline 1"),
    ],
)
def test_both_forms_of_an_answer_are_read_with_the_seat_filled_in(answer: str, expected: str) -> None:
    assert read_answer(answer, 1)[1] == parse_action(expected)


@pytest.mark.parametrize(
    ("answer", "code", "named"),
    [
        ("I doubt it!", "protocol.malformed", "not JSON"),
        ('["play", "AS"]', "protocol.malformed", "not an object"),
        ('{"cards": ["AS"]}', "protocol.malformed", "neither 'action' nor 'type'"),
        ('{"action": "play XS"}', "protocol.malformed", "'XS'"),
        ('{"action": "close"}', "protocol.malformed", "timer"),
        ('{"action": "play 2 AS"}', "auth.wrong_seat", "seat(s) [2]"),
        ('{"action": "doubt 1 3"}', "auth.wrong_seat", "[1, 3]"),
        ('{"type": "play", "cards": "AS"}', "protocol.malformed", "list of cards"),
        ('{"type": "play", "cards": ["AS"], "rank": "Z"}', "protocol.malformed", "'Z' is not a rank"),
        ('{"type": "pass"}', "protocol.malformed", "play, doubt or decline"),
        ('{"type": "doubt", "cards": ["AS"]}', "protocol.malformed", "takes no cards"),
        ('{"type": "decline", "sead": 1}', "protocol.malformed", "unknown field(s) sead"),
        ('{"action": "decline", "id": "1"}', "protocol.malformed", "'id'"),
    ],
)
def test_an_unreadable_answer_is_refused_naming_what_is_wrong(answer: str, code: str, named: str) -> None:
    with pytest.raises(RefusalError) as refused:
        read_answer(answer, 1)
    assert refused.value.code == code
    assert named in refused.value.message


def test_legal_forms_say_what_the_seat_may_do_now() -> None:
    game = Game.from_hands(Rules(3, capped_plays=True), [["AS", "AH", "KD"], ["QS", "2C"], ["7H", "8H"]])
    play = legal_forms(game.view(0).to_dict())
    assert play == {
        "play": {
            "due": "A",
            "ranks": ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
            "min_cards": 1,
            "max_cards": 3,
            "rank_required": False,
        }
    }
    assert legal_forms(game.view(1).to_dict()) == {}
    game.play(0, ["AS"])
    assert legal_forms(game.view(1).to_dict()) == {"doubt": True, "decline": True}
    assert legal_forms(game.view(0).to_dict()) == {}  # nobody doubts their own claim (R8)
    with pytest.raises(RefusalError, match="no claim is open") as refused:
        check_kind(Doubt((0,)), play)
    assert refused.value.code == "game.no_window"
    with pytest.raises(RefusalError) as refused:
        check_kind(Play(1, ()), {"doubt": True, "decline": True})
    assert refused.value.code == "game.window_open"
    check_kind(Decline(1), {"doubt": True, "decline": True})


# --------------------------------------------------------------------------------------------------
# `idoubtit agent -- node examples/agent.js`: a whole local game through real pipes


def test_the_example_agent_plays_a_whole_local_game_and_sees_only_its_own_view(tmp_path: Path) -> None:
    log, record = tmp_path / "exchange.jsonl", tmp_path / "game.json"
    options = ["--players", "4", "--seat", "1", "--bots", "medium", "--seed", "7", "--log", str(log)]
    command = [*AGENT, *options, "--save", str(record), "--", node(), str(EXAMPLE), "--show-retry"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=GAME_TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    assert "game over: the agent at seat 1" in done.stdout
    assert "refused answers: 1 (protocol.malformed 1), defaults: 0" in done.stdout

    entries = transcript(log)
    messages = sent(entries)
    assert messages[0]["type"] == "start"
    assert messages[0]["seat"] == 1
    assert messages[-1]["type"] == "result"
    # The example's deliberate malformed first answer: an error naming it, then the same decision again.
    first, error, again = messages[1:4]
    assert entries[2] == {"from_agent": "I doubt it!"}
    assert (error["type"], error["code"], error["id"], error["retries_left"]) == ("error", "protocol.malformed", 1, 3)
    assert "not JSON" in error["message"]
    assert again["type"] == "decide"
    assert (again["id"], again["retries_left"], again["view"]) == (1, 2, first["view"])
    assert not sent(entries, "defaulted")

    # Every view sent is exactly the engine's projection for seat 1 at that step, so it holds no card
    # another seat could hide: the game is rebuilt from its record and asked for the same view.
    saved = json.loads(record.read_text(encoding="utf-8"))
    final = Game.replay(saved)
    assert final.is_over
    assert messages[-1]["places"] == list(final.places)
    actions = [parse_action(text) for text in saved["actions"]]
    decides = sent(entries, "decide")
    assert len(decides) > 10
    for decide in [*decides, messages[-1]]:
        game = Game.deal(Rules.from_dict(saved["rules"]), saved["seed"], saved["first"])
        for action in actions[: decide["view"]["step"]]:
            game.apply(action)
        assert decide["view"] == game.view(1).to_dict()
        assert_only_own_secrets(decide)


def test_an_agent_program_that_crashes_ends_the_game_with_a_clear_error(tmp_path: Path) -> None:
    crash = [sys.executable, "-c", "import sys; sys.stdin.readline(); sys.exit(3)"]
    done = subprocess.run(
        [*AGENT, "--seed", "1", "--", *crash], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1
    assert "error: the agent closed its output (the program exited with code 3)" in done.stdout


def test_a_program_that_cannot_start_and_bad_options_are_refused_clearly() -> None:
    missing = subprocess.run(
        [*AGENT, "--", "/nonexistent/agent"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert missing.returncode == 1
    assert "cannot start the agent" in missing.stdout
    neither = subprocess.run([*AGENT], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert neither.returncode == 2
    assert "or --stdio" in neither.stderr


# --------------------------------------------------------------------------------------------------
# `idoubtit agent --stdio`: the protocol on the command's own stdin and stdout, driven from here


class Harness:
    """``idoubtit agent --stdio ...`` as a child process, read line by line with a deadline."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [*AGENT, "--stdio", *options],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert self.process.stdout is not None
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        self._buffer = b""

    def read(self, timeout: float = 30.0) -> dict[str, Any]:
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            ready = self._selector.select(max(deadline - time.monotonic(), 0.0))
            assert ready, "no message from the runner in time"
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, f"the runner ended: {self.stderr()}"
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        message: dict[str, Any] = json.loads(line)
        assert message["version"] == 1
        return message

    def write(self, line: str | dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(((line if isinstance(line, str) else json.dumps(line)) + "\n").encode())
        self.process.stdin.flush()

    def play_to_the_end(self, first: dict[str, Any] | None = None) -> dict[str, Any]:
        """Answer every decision honestly until the result, which is returned."""
        message = first or self.read()
        while message["type"] != "result":
            if message["type"] == "decide":
                assert_only_own_secrets(message)
                self.write(honest_answer(message))
            message = self.read()
        return message

    def finish(self) -> tuple[int, str]:
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(timeout=30)
        return code, self.stderr()

    def stderr(self) -> str:
        if self.process.poll() is None or self.process.stderr is None:
            return ""
        return self.process.stderr.read().decode()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def harnesses() -> Iterator[list[Harness]]:
    started: list[Harness] = []
    yield started
    for harness in started:
        harness.kill()


def test_refused_answers_get_named_errors_and_retries_then_a_reported_default(harnesses: list[Harness]) -> None:
    harness = Harness("--players", "3", "--seat", "0", "--bots", "easy", "--seed", "5", "--retries", "2")
    harnesses.append(harness)
    start = harness.read()
    assert (start["type"], start["mode"], start["retries"]) == ("start", "local", 2)
    decide = harness.read()
    assert (decide["type"], decide["id"], decide["retries_left"]) == ("decide", 1, 2)
    assert decide["legal"]["play"]["due"] == "A"
    hand = decide["view"]["hand"]
    missing = next(f"{rank}{suit}" for rank in "A23456789" for suit in "SHDC" if f"{rank}{suit}" not in hand)

    harness.write("{not json")
    error = harness.read()
    assert (error["type"], error["code"], error["retries_left"]) == ("error", "protocol.malformed", 2)
    assert harness.read()["retries_left"] == 1

    harness.write({"type": "play", "cards": [missing]})  # a card this seat does not hold
    error = harness.read()
    assert (error["code"], error["retries_left"]) == ("action.not_held", 1)
    assert f"does not hold {missing}" in error["message"]
    assert harness.read()["retries_left"] == 0

    harness.write({"action": "doubt"})  # out of phase: nobody has played yet
    error = harness.read()
    assert (error["code"], error["retries_left"]) == ("game.no_window", 0)
    assert "your turn to play" in error["message"]
    defaulted = harness.read()
    assert defaulted["type"] == "defaulted"
    assert defaulted["id"] == 1
    truthful = [card for card in hand if card[:-1] == "A"]
    assert defaulted["action"] == (f"play {' '.join(truthful)} as A" if truthful else defaulted["action"])
    assert defaulted["action"].startswith("play ")

    result = harness.play_to_the_end()
    assert result["winner"] in range(3)
    code, stderr = harness.finish()
    assert code == 0
    assert "refused answers: 3 (action.not_held 1, game.no_window 1, protocol.malformed 1), defaults: 1" in stderr


def test_an_agent_that_does_not_answer_in_time_is_defaulted_and_a_late_answer_is_dropped(
    harnesses: list[Harness],
) -> None:
    harness = Harness("--players", "3", "--seed", "2", "--timeout", "0.3", "--retries", "1", "--bots", "easy")
    harnesses.append(harness)
    assert harness.read()["type"] == "start"
    assert harness.read()["retries_left"] == 1
    error = harness.read()
    assert (error["type"], error["code"], error["retries_left"]) == ("error", "protocol.timeout", 1)
    assert "no answer within 0.3 s" in error["message"]
    assert harness.read()["type"] == "decide"
    assert harness.read()["code"] == "protocol.timeout"
    assert harness.read()["type"] == "defaulted"
    harness.write({"id": 1, "type": "decline"})  # too late for decision 1: dropped, not taken for decision 2
    decide = harness.read()
    assert decide["id"] == 2
    harness.play_to_the_end(decide)
    code, stderr = harness.finish()
    assert code == 0
    assert "refused answers: 2 (protocol.timeout 2), defaults: 1" in stderr


def test_bytes_that_are_not_utf8_are_a_malformed_answer(harnesses: list[Harness]) -> None:
    harness = Harness("--players", "3", "--seed", "4")
    harnesses.append(harness)
    assert harness.read()["type"] == "start"
    assert harness.read()["type"] == "decide"
    assert harness.process.stdin is not None
    harness.process.stdin.write(b'\xff\xfe{"action": "decline"}\n')
    harness.process.stdin.flush()
    error = harness.read()
    assert (error["type"], error["code"]) == ("error", "protocol.malformed")
    assert harness.read()["type"] == "decide"


def test_an_agent_that_closes_its_output_ends_the_game_with_a_clear_error(harnesses: list[Harness]) -> None:
    harness = Harness("--players", "3", "--seed", "3")
    harnesses.append(harness)
    assert harness.read()["type"] == "start"
    code, stderr = harness.finish()
    assert code == 1
    assert "error: the agent closed its output" in stderr


# --------------------------------------------------------------------------------------------------
# At a real `idoubtit serve`: the same protocol relayed over the server's WebSocket


#: The server tests' quick timers, but a seat waits a minute before a stand-in bot plays it: the agent's
#: runner starts as a new process and must connect before its game has been played without it.
AGENT_SERVER_OPTIONS = (*TEST_OPTIONS, "--grace-seconds", "60")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("server"), AGENT_SERVER_OPTIONS) as process:
        yield process


@pytest.fixture
async def http(server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as client:
        yield client


async def test_the_example_agent_plays_a_seat_at_a_server_to_the_end(
    server: ServerProcess, http: httpx.AsyncClient, tmp_path: Path
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy", doubt_seconds=30)
    await start(http, table)
    log = tmp_path / "exchange.jsonl"
    where = ["--server", server.ws, "--room", table.code, "--token", table.tokens[0], "--log", str(log)]
    done = subprocess.run(
        [*AGENT, *where, "--", node(), str(EXAMPLE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GAME_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "game over: the agent at seat 0" in done.stdout
    messages = sent(transcript(log))
    assert messages[0]["type"] == "start"
    assert messages[0]["mode"] == "server"
    assert messages[-1]["type"] == "result"
    assert messages[-1]["view"]["phase"] == "over"
    decides = sent(transcript(log), "decide")
    assert decides
    for decide in decides:
        assert set(decide["view"]) == set(Game.deal(Rules(3), 1).view(0).to_dict())  # the local view's shape
        assert_only_own_secrets(decide)
    room = (await http.get(f"/api/rooms/{table.code}")).json()
    assert room["status"] == "finished"


async def test_server_refusals_reach_the_agent_as_errors_with_retries(
    server: ServerProcess, http: httpx.AsyncClient, harnesses: list[Harness]
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy", doubt_seconds=30)
    await start(http, table)
    harness = Harness("--server", server.ws, "--room", table.code, "--token", table.tokens[0], "--retries", "1")
    harnesses.append(harness)
    assert harness.read()["mode"] == "server"
    decide = harness.read()
    assert "play" in decide["legal"]  # seat 0 plays first (D8)
    hand = decide["view"]["hand"]
    missing = next(f"{rank}{suit}" for rank in "A23456789" for suit in "SHDC" if f"{rank}{suit}" not in hand)
    harness.write({"action": f"play {missing}"})
    error = harness.read()
    assert (error["type"], error["code"], error["retries_left"]) == ("error", "action.not_held", 1)
    assert missing in error["message"]
    again = harness.read()
    assert (again["type"], again["retries_left"]) == ("decide", 0)
    harness.play_to_the_end(again)
    code, stderr = harness.finish()
    assert code == 0, stderr
    assert "refused answers: 1 (action.not_held 1), defaults: 0" in stderr


async def test_a_token_that_holds_no_seat_ends_the_agent_with_a_clear_error(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1, bots="easy")
    done = subprocess.run(
        [*AGENT, "--server", server.ws, "--room", table.code, "--token", "not-a-token", "--", node(), str(EXAMPLE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "auth.bad_token" in done.stdout
