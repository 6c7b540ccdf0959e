"""``idoubtit puzzles`` (puzzles_cli.py): a puzzle shown as its seat saw it, an answer taken, right or
wrong told with the reason and the streak; the choices filter the set; --generate makes new puzzles
from bot games and from an archive's games."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner, Result

from idoubtit.archive import Archive
from idoubtit.coach.puzzles import Puzzle, bot_game, load_set, save_set
from idoubtit.engine import Rules
from idoubtit.puzzles_cli import puzzles

runner = CliRunner()


def app() -> typer.Typer:
    built = typer.Typer()
    built.command()(puzzles)
    return built


def run(*arguments: str, answers: str = "") -> Result:
    return runner.invoke(app(), list(arguments), input=answers)


def one_of(kind: str, answer_verb: str | None = None) -> Puzzle:
    """A shipped puzzle of this kind (whose answer starts with ``answer_verb``, when given)."""
    return next(
        puzzle
        for puzzle in load_set()
        if puzzle.kind == kind and (answer_verb is None or puzzle.answer.startswith(answer_verb))
    )


def a_set_of(tmp_path: Path, *chosen: Puzzle) -> str:
    path = tmp_path / "set.json"
    save_set(chosen, path)
    return str(path)


def test_a_doubt_puzzle_shows_the_seats_position_and_tells_a_right_answer(tmp_path: Path) -> None:
    puzzle = one_of("doubt", "decline")
    result = run("--file", a_set_of(tmp_path, puzzle), "--count", "1", answers="n\n")
    assert result.exit_code == 0, result.output
    view = puzzle.seat_view()
    assert "Doubt or not?" in result.output
    assert "Your hand: " + " ".join(card.pretty() for card in view.hand) in result.output
    assert f"Pile: {view.pile_size}" in result.output
    assert "? " in result.output
    assert "claims “" in result.output
    assert "Right!" in result.output
    assert puzzle.reason.split(":")[0] in " ".join(result.output.split())
    assert "Streak: 1" in result.output
    assert "1 of 1 right. Best streak: 1." in result.output


def test_a_wrong_answer_is_told_with_the_answer_and_why_and_ends_the_streak(tmp_path: Path) -> None:
    play = one_of("play")
    wrong = next(number for number, option in enumerate(play.options, 1) if option != play.answer)
    result = run("--file", a_set_of(tmp_path, play), answers=f"{wrong}\n")
    output = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "What do you play?" in output
    assert "Which do you put down?" in output
    assert f"Not this time: the answer is {play.answer_index + 1}) " in output
    assert play.reason.split(":")[0] in output
    assert "Chances to win:" in output
    assert "Streak: 0" in output
    assert "0 of 1 right." in output


def test_an_answer_that_is_no_option_is_asked_again(tmp_path: Path) -> None:
    puzzle = one_of("play")
    answer = str(puzzle.answer_index + 1)
    result = run("--file", a_set_of(tmp_path, puzzle), answers=f"9\nfive\n{answer}\n")
    assert result.output.count("Answer with a number from 1 to") == 2
    assert "Right!" in result.output


def test_quitting_stops_the_round(tmp_path: Path) -> None:
    result = run("--file", a_set_of(tmp_path, one_of("doubt"), one_of("play")), "--count", "2", answers="quit\n")
    assert result.exit_code == 1
    assert "Stopped." in result.output


def test_the_choices_pick_puzzles_of_that_kind_and_difficulty_from_the_shipped_set() -> None:
    result = run("--kind", "play", "--difficulty", "hard", "--count", "3", "--seed", "7", answers="1\n" * 3)
    assert result.exit_code == 0, result.output
    assert result.output.count("What do you play? · hard") == 3
    assert "Doubt or not?" not in result.output
    refused = run("--kind", "guess")
    assert refused.exit_code != 0
    assert "choose one of doubt, play" in refused.output


def test_the_puzzle_speaks_the_chosen_language(tmp_path: Path) -> None:
    result = run("--file", a_set_of(tmp_path, one_of("doubt")), "--lang", "lb", answers="n\n")
    assert "Ech bezweifelen dat" in result.output


def test_generate_makes_puzzles_from_bot_games(tmp_path: Path) -> None:
    out = tmp_path / "more.json"
    result = run("--generate", "--games", "1", "--seed", "9", "--iterations", "15", "--out", str(out))
    assert result.exit_code == 0, result.output
    made = load_set(out)
    assert made
    assert f"{len(made)} puzzles written to {out}." in " ".join(result.output.split())


def test_generate_takes_the_games_of_an_archive(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    record = bot_game(0, "test-9")
    assert Rules.from_dict(record["rules"]).players == 3
    with Archive.open(db) as archive:
        archive.import_records([record])
    out = tmp_path / "from-archive.json"
    result = run(
        "--generate", "--db", str(db), "--games", "5", "--iterations", "15", "--kind", "doubt", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    made = load_set(out)
    assert made
    assert {puzzle.kind for puzzle in made} == {"doubt"}
    assert len({puzzle.id for puzzle in made}) == len(made)
    assert all(puzzle.rules == record["rules"] for puzzle in made)
