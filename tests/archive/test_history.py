"""The archive looking back: lineups, pages of games, each seat's and each person's totals (archive/history.py)."""

from __future__ import annotations

import pytest

from idoubtit.archive import Archive, InvalidInputError, NotFoundError, RoomSettings
from idoubtit.engine import Rules
from idoubtit.history import record_numbers, totals
from tests.archive.helpers import play_stored
from tests.history.golden import GOLDEN_NUMBERS, GOLDEN_RECORD

ANN = "ann-browser-0123456789"
BOB = "bob-browser-0123456789"


def golden_room(archive: Archive, player: str | None = ANN) -> tuple[str, int]:
    """A room that played the hand-counted golden game to its end; returns its code and the game's id."""
    code = archive.create_room(RoomSettings(Rules(3))).code
    archive.join_seat(code, "Ann", 0, player_id=player)
    archive.seat_bot(code, "easy", 1, display_name="Max")
    archive.seat_bot(code, "hard", 2, display_name="Ida")
    game = archive.start_game(code, hands=GOLDEN_RECORD["hands"], first=0)
    for step, action in enumerate(GOLDEN_RECORD["actions"]):
        archive.append_action(game.id, step, action)
    archive.finish_game(game.id, [2])
    return code, game.id


def bot_games(archive: Archive, code: str, count: int) -> list[int]:
    ids = []
    for seed in range(count):
        game = archive.start_game(code, seed=seed)
        played = play_stored(archive, game, seed=seed)
        archive.finish_game(game.id, played.places)
        ids.append(game.id)
    return ids


def test_a_finished_game_keeps_its_lineup_and_the_numbers_counted_by_hand(archive: Archive) -> None:
    code, game_id = golden_room(archive)
    entry = archive.game_entry(game_id)
    assert [(seat.display_name, str(seat.kind), seat.bot_level) for seat in entry.seats] == [
        ("Ann", "human", None),
        ("Max", "bot", "easy"),
        ("Ida", "bot", "hard"),
    ]
    assert entry.seats[0].player_id == ANN
    assert tuple(seat.numbers for seat in entry.seats) == GOLDEN_NUMBERS
    assert (entry.steps, entry.winner, entry.places, entry.room_code) == (13, 2, (2,), code)
    assert "player" not in str(entry.to_dict())  # a public entry never shows a person's player id


def test_a_lineup_is_who_sat_there_then_not_who_sits_there_now(archive: Archive) -> None:
    code, game_id = golden_room(archive)
    archive.set_bot_level(code, 1, "hard", display_name="Zoe")
    assert archive.game_entry(game_id).seats[1].display_name == "Max"
    second = archive.start_game(code, seed=3)
    assert archive.game_entry(second.id).seats[1].display_name == "Zoe"
    assert archive.game_entry(second.id).seats[1].numbers is None  # not over yet


def test_a_room_lists_its_games_newest_first_page_by_page(archive: Archive) -> None:
    code, golden = golden_room(archive)
    ids = [golden, *bot_games(archive, code, 4)]
    playing = archive.start_game(code, seed=99)
    first = archive.room_games(code, limit=2)
    assert [game.id for game in first.games] == [playing.id, ids[-1]]
    assert first.games[0].status == "playing"
    assert first.games[0].places is None
    second = archive.room_games(code, before=first.before, limit=2)
    third = archive.room_games(code, before=second.before, limit=2)
    assert [game.id for game in second.games + third.games] == [ids[3], ids[2], ids[1], ids[0]]
    assert third.before is None
    assert [game.number for game in third.games] == [2, 1]


def test_a_tables_statistics_are_each_seats_totals_over_its_finished_games(archive: Archive) -> None:
    code, _ = golden_room(archive)
    ids = bot_games(archive, code, 3)
    archive.start_game(code, seed=50)  # being played: not counted
    records = [GOLDEN_RECORD, *(archive.game_record(game_id) for game_id in ids)]
    expected = [totals(record_numbers(record)[seat] for record in records) for seat in range(3)]
    lines = archive.room_stats(code)
    assert [line.totals for line in lines] == expected
    assert [line.display_name for line in lines] == ["Ann", "Max", "Ida"]
    assert lines[0].totals.games == 4


def test_a_persons_statistics_follow_their_player_id_across_tables(archive: Archive) -> None:
    first, _ = golden_room(archive, ANN)
    golden_room(archive, BOB)
    third, _ = golden_room(archive, ANN)
    stats = archive.player_stats(ANN)
    assert stats.totals == totals([GOLDEN_NUMBERS[0], GOLDEN_NUMBERS[0]])
    assert {table.room_code for table in stats.tables} == {first, third}  # not Bob's table
    assert [game.room_code for game in archive.player_games(ANN).games] == [third, first]
    assert archive.player_stats("nobody-has-this-id-0000").totals.games == 0


def test_bad_questions_get_clear_errors(archive: Archive) -> None:
    code, _ = golden_room(archive)
    with pytest.raises(InvalidInputError, match="player id has 16 to 64"):
        archive.player_stats("short")
    with pytest.raises(InvalidInputError, match="player id"):
        archive.join_seat(code, "Eve", player_id="../../etc")
    with pytest.raises(InvalidInputError, match="1 to 100 games"):
        archive.room_games(code, limit=1000)
    with pytest.raises(InvalidInputError, match="before is a game id"):
        archive.room_games(code, before=-3)
    with pytest.raises(NotFoundError):
        archive.room_games("AAAAAA")
    with pytest.raises(NotFoundError):
        archive.game_entry(10_000)
