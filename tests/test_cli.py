"""The idoubtit command: options, clear errors, saved records and replays."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from idoubtit import Game
from idoubtit.cli import app

runner = CliRunner()


def test_play_plain_saves_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = "1\n" + "n\n1\n" * 3000
    result = runner.invoke(app, ["play", "--plain", "--seed", "11", "--players", "3", "--save", str(record)], answers)
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output
    game = Game.replay(json.loads(record.read_text()))
    assert game.is_over
    assert game.record() == json.loads(record.read_text())


def test_replay_tells_the_game_as_a_seat_saw_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    runner.invoke(app, ["play", "--plain", "--seed", "2", "--players", "3", "--save", str(record)], "1\n" * 5000)
    spectator = runner.invoke(app, ["replay", str(record)])
    seat = runner.invoke(app, ["replay", str(record), "--seat", "0"])
    assert spectator.exit_code == 0
    assert seat.exit_code == 0
    assert "(really:" not in spectator.output  # a spectator never sees cards put down face down
    assert "(really:" in seat.output


def test_variants_reach_the_rules() -> None:
    answers = "quit\n"
    result = runner.invoke(app, ["play", "--plain", "--seed", "1", "--strict", "--cap"], answers)
    assert result.exit_code == 1
    assert "Your turn (Aces are due). Put down cards and say the rank" in result.output


def test_a_table_r1_does_not_allow_is_refused_clearly() -> None:
    result = runner.invoke(app, ["play", "--plain", "--players", "2"])
    assert result.exit_code == 2
    assert "R1 allows 3 to 11 players" in result.output


def test_v4_opens_the_table_to_two_players() -> None:
    result = runner.invoke(app, ["play", "--plain", "--players", "2", "--open-table", "--seed", "1"], "quit\n")
    assert result.exit_code == 1
    assert "2 players, 1 deck(s)" in result.output


def test_unknown_language_and_bot_are_refused_clearly() -> None:
    language = runner.invoke(app, ["play", "--plain", "--lang", "fr"])
    assert language.exit_code == 2
    assert "unknown language" in language.output
    bot = runner.invoke(app, ["play", "--plain", "--bots", "nobody"])
    assert bot.exit_code == 2
    assert "unknown bot" in bot.output


def test_replay_of_a_broken_file_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "something else"}')
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert "not a game record" in result.output
