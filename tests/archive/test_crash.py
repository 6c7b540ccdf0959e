"""Kill a writer with SIGKILL in the middle of a game: every acknowledged action is still there after.

The writer (tests/archive/crash_writer.py) prints a step only after append_action returned for it. After
the kill, a new archive on the same database must hold every printed step, with the same notation, and
at most one more (the action whose commit landed just before the kill, before it could be printed): the
game resumes exactly at its last acknowledged action, its seats and tokens intact.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from idoubtit.archive import Archive, GameStatus
from idoubtit.engine import Game
from tests.archive.helpers import play_stored

ROOT = Path(__file__).resolve().parents[2]
#: Acknowledgements to read before the kill; the writer goes on writing while the kill is on its way.
ACKS_BEFORE_KILL = 150
TIMEOUT = 60


def run_and_kill(url: str) -> list[str]:
    """Start the writer, kill it with SIGKILL mid-game, and return every line it printed."""
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.archive.crash_writer", url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            lines.append(line.split("\n")[0])
            if sum(line.startswith("ack") for line in lines) >= ACKS_BEFORE_KILL:
                os.kill(writer.pid, signal.SIGKILL)
                break
        # Lines the writer printed before it died are still in the pipe, or already in this reader's
        # buffer (iterating reads ahead): they were acknowledged too. Read them through the same buffered
        # reader, not communicate(), which reads the pipe itself and would miss what the buffer holds.
        writer.wait(timeout=TIMEOUT)
        rest = writer.stdout.read()
        errors = writer.stderr.read() if writer.stderr is not None else ""
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.returncode == -signal.SIGKILL, f"the writer was not killed but ended on its own:\n{errors}"
    return lines + rest.splitlines()


def test_every_acknowledged_action_survives_a_sigkill(db_url: str) -> None:
    lines = run_and_kill(db_url)
    _, code, token = lines[0].split()
    acknowledged: dict[int, list[str]] = {}  # game id → the notations acknowledged, in step order
    game_id = -1
    for line in lines[1:]:
        word, rest = line.split(" ", 1)
        if word == "game":
            game_id = int(rest)
            acknowledged[game_id] = []
            continue
        step, notation = rest.split(" ", 1)
        assert int(step) == len(acknowledged[game_id])
        acknowledged[game_id].append(notation)
    assert sum(map(len, acknowledged.values())) >= ACKS_BEFORE_KILL

    with Archive.open(db_url) as archive:
        for earlier, actions in acknowledged.items():
            stored = archive.game_record(earlier)["actions"]
            assert stored[: len(actions)] == actions
            assert len(stored) <= len(actions) + 1
        room = archive.load_room(code)
        seat = archive.seat_for_token(code, token)
        assert seat is not None
        assert (seat.number, seat.display_name) == (0, "Ann")
        assert len(room.seats) == room.settings.rules.players
        resumed = room.latest_game
        assert resumed is not None
        if resumed.id != game_id:  # killed after starting a game and before printing its id
            assert (resumed.id, resumed.step) == (max(acknowledged) + 1, 0)
        before = Game.replay(resumed.record)
        if resumed.status is not GameStatus.PLAYING:
            assert resumed.status is GameStatus.FINISHED
            assert before.is_over
        elif before.is_over:  # killed after the last action was stored, before the result was: finish it now
            archive.finish_game(resumed.id, before.places)
        else:  # the game goes on from where the archive says it stopped
            after = play_stored(archive, resumed, rounds=3)
            assert after.step > before.step
            assert archive.game_record(resumed.id) == after.record()
