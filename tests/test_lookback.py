"""``idoubtit history``, ``stats``, ``export``, ``import`` and ``replay`` of stored games (idoubtit/lookback.py),
and the terminal game storing what it played."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from idoubtit.archive import Archive
from idoubtit.cli import app
from idoubtit.coach.review import Decision, Option, Review
from idoubtit.i18n import translations
from idoubtit.lookback import local_player_id, review_tables
from tests.history.golden import GOLDEN_RECORD

runner = CliRunner()
ANSWERS = "1\n" + "n\n1\n" * 3000


def play(db: Path, seed: int, *options: str) -> str:
    result = runner.invoke(
        app, ["play", "--plain", "--seed", str(seed), "--players", "3", "--db", str(db), *options], ANSWERS
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_terminal_game_stores_each_game_under_this_machines_player(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    output = play(db, 11, "--name", "Anna")
    assert "Stored as game 1: idoubtit replay 1" in output
    with Archive.open(db) as archive:
        entry = archive.game_entry(1)
        assert entry.status == "finished"
        assert entry.seats[0].display_name == "Anna"
        assert entry.seats[0].player_id == local_player_id()
        assert archive.player_stats(local_player_id()).totals.games == 1
    listed = runner.invoke(app, ["history", "--db", str(db)])
    assert listed.exit_code == 0
    assert "Anna" in listed.output
    mine = runner.invoke(app, ["stats", "--db", str(db)])
    assert "Your games" in mine.output
    assert "Bluffs caught" in mine.output


def test_no_archive_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    play(db, 3, "--no-archive")
    assert not db.exists()


def test_history_pages_and_json(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    for seed in (1, 2, 3):
        play(db, seed)
    first = json.loads(runner.invoke(app, ["history", "--db", str(db), "--limit", "2", "--json"]).output)
    assert [game["id"] for game in first["games"]] == [3, 2]
    rest = json.loads(runner.invoke(app, ["history", "--db", str(db), "--before", "2", "--json"]).output)
    assert [game["id"] for game in rest["games"]] == [1]
    assert "--before 2" in runner.invoke(app, ["history", "--db", str(db), "--limit", "2"]).output
    mine = json.loads(runner.invoke(app, ["history", "--db", str(db), "--me", "--json"]).output)
    assert len(mine["games"]) == 3


def test_replay_of_a_stored_game_by_its_id(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    play(db, 5, "--name", "Anna")
    told = runner.invoke(app, ["replay", "1", "--db", str(db)])
    assert told.exit_code == 0
    assert "Anna" in told.output
    assert "(really:" not in told.output
    face_up = runner.invoke(app, ["replay", "1", "--db", str(db), "--face-up"])
    assert "(really:" in face_up.output
    missing = runner.invoke(app, ["replay", "99", "--db", str(db)])
    assert missing.exit_code != 0
    assert "no game with id 99" in missing.output


def test_a_game_being_played_is_told_only_as_a_spectator_saw_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    unfinished = {**GOLDEN_RECORD, "actions": GOLDEN_RECORD["actions"][:8]}
    with Archive.open(db) as archive:
        (stored,) = archive.import_records([unfinished])  # stored as given up, before its end
    for option in ("--face-up", "--seat=0"):
        refused = runner.invoke(app, ["replay", str(stored.game_id), "--db", str(db), option])
        assert refused.exit_code != 0
        assert "told only as a spectator" in _unboxed(refused.output)
    saved = tmp_path / "unfinished.json"
    saved.write_text(json.dumps(unfinished))
    assert runner.invoke(app, ["replay", str(saved), "--face-up"]).exit_code != 0  # a saved file neither
    spectator = runner.invoke(app, ["replay", str(stored.game_id), "--db", str(db)])
    assert spectator.exit_code == 0
    assert "(really:" not in spectator.output


def test_export_then_import_moves_games_to_another_archive(tmp_path: Path) -> None:
    db, other = tmp_path / "games.sqlite3", tmp_path / "other.sqlite3"
    play(db, 7)
    play(db, 8)
    one = json.loads(runner.invoke(app, ["export", "1", "--db", str(db)]).output)
    assert one["table"]["seats"][0]["kind"] == "human"
    with Archive.open(db) as archive:
        room = archive.game_entry(1).room_code
    lines = tmp_path / "table.jsonl"
    exported = runner.invoke(app, ["export", "--room", room, "--db", str(db), "--out", str(lines)])
    assert exported.exit_code == 0
    assert len(lines.read_text().splitlines()) == 1
    imported = runner.invoke(app, ["import", str(lines), "--db", str(other)])
    assert imported.exit_code == 0, imported.output
    assert f"room {room}, game 1" in imported.output
    with Archive.open(other) as archive:
        assert archive.export_game(1) == one


def test_import_of_a_bad_file_says_what_is_wrong_and_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(GOLDEN_RECORD))
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(GOLDEN_RECORD) + "\n{not json\n")
    refused = runner.invoke(app, ["import", str(good), str(bad), "--db", str(db)])
    assert refused.exit_code != 0
    assert "line 2: not JSON" in _unboxed(refused.output)  # the error box wraps long paths onto lines
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**GOLDEN_RECORD, "actions": ["play 0 QS"]}))
    refused = runner.invoke(app, ["import", str(good), str(broken), "--db", str(db)])
    assert "record 2 does not replay" in _unboxed(refused.output)
    with Archive.open(db) as archive:
        assert archive.recent_games().games == ()


def test_seats_imported_without_names_read_as_seats_in_the_readers_language(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Archive.open(db) as archive:
        (stored,) = archive.import_records([GOLDEN_RECORD])
    for lang, seat in (("en", "Seat 3"), ("mn", "3-р суудал"), ("lb", "Sëtzplaz 3"), ("af", "Sitplek 3")):
        games = runner.invoke(app, ["history", "--db", str(db), "--lang", lang]).output
        assert seat in games  # among the players, and as the winner (seat 2 went out)
        numbers = runner.invoke(app, ["stats", "--room", stored.room_code, "--db", str(db), "--lang", lang]).output
        assert seat in numbers
        told = runner.invoke(app, ["replay", str(stored.game_id), "--db", str(db), "--lang", lang]).output
        assert seat in told


def test_stats_of_a_big_table_come_in_tables_that_fit_a_terminal(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    seven = {**GOLDEN_RECORD, "rules": {"players": 7}, "hands": None, "seed": 4, "actions": []}
    del seven["hands"]
    with Archive.open(db) as archive:
        (stored,) = archive.import_records([_finished(seven)])
    output = runner.invoke(app, ["stats", "--room", stored.room_code, "--db", str(db)]).output
    assert output.count("Bluffs caught") == 2  # seven players: five side by side, then two
    assert max(len(line) for line in output.splitlines()) <= 80


def _finished(record: dict[str, object]) -> dict[str, object]:
    import random

    from idoubtit.bots import make_bot
    from idoubtit.bots.runner import play_out
    from idoubtit.engine import Game

    game = Game.replay(record)
    return play_out(game, [make_bot("easy", random.Random(seat)) for seat in range(7)]).record()


def test_analyse_reviews_a_saved_game_and_a_stored_one(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    saved = tmp_path / "game.json"
    play(db, 6, "--save", str(saved))
    for argument in (str(saved), "1"):
        told = runner.invoke(app, ["analyse", argument, "--db", str(db), "--iterations", "20"])
        assert told.exit_code == 0, told.output
        assert "Review of seat 1" in told.output
        assert "Accuracy" in told.output
    review = json.loads(runner.invoke(app, ["analyse", "1", "--db", str(db), "--iterations", "20", "--json"]).output)
    assert review["seat"] == 0  # the game's person
    assert review["decisions"]
    assert sum(review["labels"].values()) == len(review["decisions"])
    other = json.loads(
        runner.invoke(app, ["analyse", "1", "--db", str(db), "--seat", "2", "--iterations", "20", "--json"]).output
    )
    assert other["seat"] == 2
    assert all(decision["chosen"].split()[1] == "2" for decision in other["decisions"])


def test_a_blunder_a_rule_settles_says_so_instead_of_its_points() -> None:
    """The search may even rate declining a provably false claim as costing nothing; the table must not
    say "0" beside "Blunder", but that the rules settle it (R8)."""
    ruled = Decision(4, "answer", "decline 0", (Option("decline 0", 0.4), Option("doubt 0", 0.4)), "doubt 0",
                     0.0, "blunder", "", {"key": "provably_true"}, ruled=True)  # fmt: skip
    judged = Decision(7, "answer", "doubt 0", (Option("decline 0", 0.5), Option("doubt 0", 0.4)), "decline 0",
                      10.0, "mistake", "", {"key": "provably_true"})  # fmt: skip
    for language, words in (("en", "settled by the rules"), ("af", "deur die reëls beslis")):
        console = Console(width=160, record=True)
        for table in review_tables(translations(language), Review(0, (ruled, judged), ()), every=True):
            console.print(table)
        rows = {cells[1]: cells for line in console.export_text().splitlines() if len(cells := _cells(line)) > 4}
        assert rows["5"][4] == words  # the column of points lost
        assert rows["8"][4] == "10"


def _unboxed(output: str) -> str:
    """A command's output with the error box's borders and line breaks gone, as one line of words."""
    return " ".join(output.replace("│", " ").split())


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.split("│")]


def test_analyse_refuses_a_game_not_over_and_a_seat_not_at_the_table(tmp_path: Path) -> None:
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps({**GOLDEN_RECORD, "actions": GOLDEN_RECORD["actions"][:4]}))
    refused = runner.invoke(app, ["analyse", str(unfinished)])
    assert refused.exit_code != 0
    assert "not over" in refused.output
    golden = tmp_path / "golden.json"
    golden.write_text(json.dumps(GOLDEN_RECORD))
    assert "seat 7 is not at this table" in " ".join(
        runner.invoke(app, ["analyse", str(golden), "--seat", "7"]).output.replace("│", " ").split()
    )
