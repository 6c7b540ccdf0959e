"""The idoubtit command: options, clear errors, saved records and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from idoubtit import Game
from idoubtit.cli import app, bot_specs
from idoubtit.names import BOT_NAMES

runner = CliRunner()


def test_play_plain_saves_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = "1\n" + "n\n1\n" * 3000
    result = runner.invoke(app, ["play", "--plain", "--seed", "11", "--players", "3", "--save", str(record)], answers)
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output
    saved = json.loads(record.read_text())
    game = Game.replay(saved)
    assert game.is_over
    assert game.record() == {key: value for key, value in saved.items() if key != "table"}


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
    assert "2 players, 1 deck." in result.output


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


def test_the_saved_record_keeps_who_sat_where_and_replay_uses_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    arguments = ["play", "--plain", "--seed", "2", "--players", "3", "--bots", "easy,random", "--lang", "lb"]
    played = runner.invoke(app, [*arguments, "--name", "Anna", "--save", str(record)], "1\n" + "n\n1\n" * 3000)
    assert played.exit_code == 0, played.output
    seats = json.loads(record.read_text())["table"]["seats"]
    assert seats[0] == {"name": "Anna", "kind": "human"}
    assert [seat["kind"] for seat in seats[1:]] == ["bot", "bot"]
    assert [seat["bot"] for seat in seats[1:]] == ["easy", "random"]
    bots = [seat["name"] for seat in seats[1:]]
    assert set(bots) <= set(BOT_NAMES["lb"])  # the names the table used, in the table's language
    assert all(f"{name} (Computer)" in played.output for name in bots)

    as_person = runner.invoke(app, ["replay", str(record), "--seat", "0", "--lang", "en"]).output
    as_bot = runner.invoke(app, ["replay", str(record), "--seat", "1", "--lang", "en"]).output
    watching = runner.invoke(app, ["replay", str(record), "--lang", "en"]).output
    assert "You put down" in as_person
    assert "Anna" not in as_person
    assert all(f"{name} puts down" in as_person for name in bots)
    assert "Anna puts down" in as_bot
    assert f"{bots[1]} puts down" in as_bot
    assert f"{bots[0]} puts down" not in as_bot  # seat 1 is "You" when the game is told as seat 1
    assert all(f"{name} puts down" in watching for name in ["Anna", *bots])


def test_replay_without_a_name_for_the_person_calls_them_by_their_seat(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    runner.invoke(app, ["play", "--plain", "--seed", "2", "--players", "3", "--save", str(record)], "1\n" * 5000)
    assert json.loads(record.read_text())["table"]["seats"][0] == {"name": None, "kind": "human"}
    assert "Seat 1 puts down" in runner.invoke(app, ["replay", str(record), "--lang", "en"]).output


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["tournament"], ["agent"], ["serve"]])
def test_help_shows_flags_as_plain_flags(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "--help" in result.output
    assert "<bool>" not in result.output
    if command == ["play"]:
        assert "<int>" in result.output  # options that take a value still say which


def tiny_tournament(plots: Path) -> str:
    arguments = ["tournament", "--bots", "honest,random", "--players", "3", "--games", "3", "--workers", "1"]
    result = runner.invoke(app, [*arguments, "--plots", str(plots)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


def test_plots_to_a_png_path_are_one_png_file(tmp_path: Path) -> None:
    output = tiny_tournament(tmp_path / "p.png")
    assert (tmp_path / "p.png").is_file()
    assert (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")
    assert "on 1 worker (" in output  # and a real plural, not "worker(s)"


def test_plots_to_any_other_path_are_a_folder_of_pngs(tmp_path: Path) -> None:
    tiny_tournament(tmp_path / "plots")
    assert sorted(path.name for path in (tmp_path / "plots").iterdir()) == ["ratings.png", "win_rate_by_seat.png"]


def test_plots_to_another_kind_of_image_are_refused_before_playing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "--bots", "honest,random", "--plots", str(tmp_path / "p.jpg")])
    assert result.exit_code == 2
    assert "plots are PNG" in result.output
    assert not (tmp_path / "p.jpg").exists()


def test_the_tournament_summary_says_workers_in_the_plural_and_in_the_language() -> None:
    arguments = ["tournament", "--bots", "honest,random", "--players", "3", "--games", "3", "--workers", "2"]
    english = runner.invoke(app, arguments, env={"COLUMNS": "120", "LANGUAGE": "en"})
    afrikaans = runner.invoke(app, arguments, env={"COLUMNS": "120", "LANGUAGE": "af"})
    assert "on 2 workers (" in english.output
    assert "op 2 werkers (" in afrikaans.output
    assert "(s)" not in english.output + afrikaans.output


def test_a_bot_spec_with_several_options_is_one_bot_on_the_command_line(tmp_path: Path) -> None:
    # The commas inside the brackets belong to the spec, not to the list of bots.
    assert bot_specs("search[iterations=3,belief=false],honest", players=3) == {
        1: "search[iterations=3,belief=false]",
        2: "honest",
    }
    arguments = ["tournament", "--bots", "search[iterations=2,belief=false],honest", "--players", "3"]
    result = runner.invoke(app, [*arguments, "--games", "2", "--workers", "1", "--json", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    assert "search[iterations=2,belief=false]" in (tmp_path / "t.json").read_text(encoding="utf-8")


def test_a_gauntlet_writes_one_table_one_plot_markdown_and_json(tmp_path: Path) -> None:
    arguments = ["tournament", "--bots", "honest,random", "--against", "random; rock+bluffer", "--players", "3"]
    files = [
        "--plots",
        str(tmp_path / "g.png"),
        "--markdown",
        str(tmp_path / "g.md"),
        "--json",
        str(tmp_path / "g.json"),
    ]
    result = runner.invoke(app, [*arguments, "--games", "3", "--workers", "1", *files], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "rock+bluffer" in result.output
    assert "Win rate alone against 2 opponents" in result.output
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "g.md").read_text(encoding="utf-8").startswith("| field | `honest` | `random` |")
    cells = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["cells"]
    assert [(cell["candidate"], cell["field"], cell["games"]) for cell in cells] == [
        ("honest", "random", 3),
        ("random", "random", 3),
        ("honest", "rock+bluffer", 3),
        ("random", "rock+bluffer", 3),
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--against", "random;nobody"], "nobody"),
        (["--against", " ; "], "at least one field"),
        (["--markdown", "t.md"], "give --against too"),
    ],
)
def test_a_gauntlet_that_cannot_run_is_refused_before_playing(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "--bots", "honest", *arguments], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert message in result.output


def test_play_pick_seats_the_chosen_characters_under_their_names(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    arguments = ["play", "--plain", "--pick", "--seed", "4", "--players", "3", "--lang", "en", "--save", str(record)]
    # 7: Walter, the rock; then medium is kept. Then card 1 on every turn, "no" to every claim (each
    # prompt refuses the other answer and asks again).
    result = runner.invoke(app, arguments, "7\n\n" + "1\nn\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Who plays against you?" in result.output
    seats = json.loads(record.read_text())["table"]["seats"]
    assert seats[1] == {"name": "Walter", "kind": "bot", "bot": "rock"}
    assert seats[2]["bot"] == "medium"
    assert "Walter" in result.output.split("Seat 3 [")[1]  # the table calls the character by its name
