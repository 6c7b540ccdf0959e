"""Every repository function of the archive, for real, on a SQLite file and on a PostgreSQL server."""

from __future__ import annotations

import hashlib
import threading
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select, text
from sqlalchemy.exc import IntegrityError

import idoubtit.archive.store as store_module
from idoubtit.archive import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Archive,
    ArchiveError,
    ConflictError,
    DuplicateStepError,
    GameStatus,
    InvalidInputError,
    NotFoundError,
    RoomSettings,
    RoomStatus,
    SeatKind,
    database_url,
)
from idoubtit.archive.models import ActionRow, Base
from idoubtit.engine import Game, Rules
from tests.archive.helpers import full_room, play_stored

SETTINGS = RoomSettings(Rules(4, ascending=True), doubt_seconds=3, turn_seconds=20.5, language="mn", bot_level="hard")


def everything_stored(archive: Archive) -> str:
    """Every row of every table as text, to look for what must never be stored."""
    with archive.engine.connect() as connection:
        return repr([connection.execute(select(table)).all() for table in Base.metadata.sorted_tables])


def stored_actions(archive: Archive, game_id: int) -> list[tuple[int, str]]:
    with archive.engine.connect() as connection:
        rows = connection.execute(
            select(ActionRow.step, ActionRow.notation).where(ActionRow.game_id == game_id).order_by(ActionRow.step)
        )
        return [(step, notation) for step, notation in rows]


# ------------------------------------------------------------------------------------------------------
# Rooms


def test_create_room_stores_the_settings_under_a_fresh_readable_code(archive: Archive) -> None:
    created = archive.create_room(SETTINGS)
    assert len(created.code) == CODE_LENGTH
    assert set(created.code) <= set(CODE_ALPHABET)
    room = archive.load_room(created.code)
    assert room.settings == SETTINGS
    assert (room.status, room.seats, room.latest_game, room.game) == (RoomStatus.WAITING, (), None, None)
    assert room.empty_seats == (0, 1, 2, 3)
    assert (room.games_played, room.next_first) == (0, 0)
    assert room.created_at.tzinfo is not None
    assert room.created_at == room.updated_at
    assert archive.create_room(SETTINGS).code != created.code


def test_the_host_token_is_handed_out_once_and_stored_only_as_its_hash(archive: Archive) -> None:
    created = archive.create_room(SETTINGS)
    room = archive.load_room(created.code)
    assert room.host_token_hash == hashlib.sha256(created.host_token.encode()).hexdigest()
    assert archive.is_host(created.code, created.host_token)
    assert not archive.is_host(created.code, created.host_token + "x")
    assert not archive.is_host("ACEFHJ", created.host_token)
    assert created.host_token not in everything_stored(archive)


def test_load_room_reads_codes_as_people_type_them_and_refuses_unknown_ones(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    typed = f" {code[:3].lower()}-{code[3:].lower()} "
    assert archive.load_room(typed).code == code
    unknown = next(c * CODE_LENGTH for c in CODE_ALPHABET if c * CODE_LENGTH != code)
    with pytest.raises(NotFoundError, match="no room"):
        archive.load_room(unknown)
    with pytest.raises(NotFoundError):
        archive.join_seat("O0I1L5", "Ann")  # look-alike characters are never in a code


def test_create_room_draws_another_code_when_one_is_taken(archive: Archive, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["AAAAAA", "AAAAAA", "AAAAAA", "CCCCCC"])
    monkeypatch.setattr(store_module, "new_room_code", lambda: next(drawn))
    assert archive.create_room(SETTINGS).code == "AAAAAA"
    assert archive.create_room(SETTINGS).code == "CCCCCC"
    monkeypatch.setattr(store_module, "new_room_code", lambda: "AAAAAA")
    with pytest.raises(ArchiveError, match="no free room code"):
        archive.create_room(SETTINGS)
    assert [room.code for room in archive.open_rooms()] == ["AAAAAA", "CCCCCC"]


def test_room_settings_check_their_values_and_read_back_from_json() -> None:
    assert RoomSettings.from_json(SETTINGS.to_json()) == SETTINGS
    assert SETTINGS.doubt_seconds == 3.0
    assert isinstance(SETTINGS.doubt_seconds, float)
    for bad in (
        {"doubt_seconds": 0},
        {"doubt_seconds": float("nan")},
        {"doubt_seconds": True},
        {"turn_seconds": -1},
        {"language": ""},
        {"bot_level": " "},
    ):
        with pytest.raises(InvalidInputError):
            RoomSettings(Rules(4), **bad)
    with pytest.raises(InvalidInputError, match="cannot be read"):
        RoomSettings.from_json({"rules": {"players": 99}})


# ------------------------------------------------------------------------------------------------------
# Seats


def test_join_seat_takes_the_lowest_empty_seat_or_the_one_asked_for(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    first = archive.join_seat(code.lower(), "  Ann   Lee ")
    third = archive.join_seat(code, "Bo", number=2)
    second = archive.join_seat(code, "Cy")
    assert (first.code, first.number, third.number, second.number) == (code, 0, 2, 1)
    room = archive.load_room(code)
    assert [(seat.number, seat.display_name, seat.kind) for seat in room.seats] == [
        (0, "Ann Lee", SeatKind.HUMAN),
        (1, "Cy", SeatKind.HUMAN),
        (2, "Bo", SeatKind.HUMAN),
    ]
    assert room.empty_seats == (3,)
    assert room.updated_at > room.created_at
    assert len({first.token, second.token, third.token}) == 3


def test_join_seat_refuses_a_taken_seat_a_full_room_and_bad_names_without_storing_anything(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    archive.join_seat(code, "Ann", number=1)
    with pytest.raises(ConflictError, match=r"seat 1 in room \w+ is taken"):
        archive.join_seat(code, "Bo", number=1)
    for bad_name in ("", "   ", "x" * 41, "tab\x00"):
        with pytest.raises(InvalidInputError):
            archive.join_seat(code, bad_name)
    for bad_seat in (4, -1):
        with pytest.raises(InvalidInputError, match="not a seat"):
            archive.join_seat(code, "Bo", number=bad_seat)
    assert [seat.display_name for seat in archive.load_room(code).seats] == ["Ann"]
    for name in ("Bo", "Cy", "Di"):
        archive.join_seat(code, name)
    with pytest.raises(ConflictError, match="full"):
        archive.join_seat(code, "Ed")
    with pytest.raises(NotFoundError):
        archive.join_seat("ACEFHJ" if code != "ACEFHJ" else "KMNPRT", "Ed")


def test_a_seat_token_is_stored_only_as_its_hash_and_finds_its_seat(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    other = archive.create_room(SETTINGS).code
    ann, bo = archive.join_seat(code, "Ann"), archive.join_seat(code, "Bo")
    archive.join_seat(other, "Cy")
    found = archive.seat_for_token(code.lower(), bo.token)
    assert found is not None
    assert (found.number, found.display_name) == (1, "Bo")
    assert found.token_hash == hashlib.sha256(bo.token.encode()).hexdigest()
    assert archive.seat_for_token(code, ann.token + "x") is None
    assert archive.seat_for_token(other, ann.token) is None  # a token is bound to its room
    assert archive.seat_for_token("ACEFHJ" if code != "ACEFHJ" else "KMNPRT", ann.token) is None
    stored = everything_stored(archive)
    assert ann.token not in stored
    assert bo.token not in stored


def test_bots_fill_the_empty_seats_by_level(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    archive.join_seat(code, "Ann", number=1)
    assert archive.seat_bot(code, "honest", number=3, display_name="Robo") == 3
    assert archive.fill_with_bots(code, "medium") == [0, 2]
    assert archive.fill_with_bots(code, "medium") == []
    seats = archive.load_room(code).seats
    assert [(seat.kind, seat.bot_level, seat.display_name, seat.token_hash) for seat in seats] == [
        (SeatKind.BOT, "medium", "medium", None),
        (SeatKind.HUMAN, None, "Ann", seats[1].token_hash),
        (SeatKind.BOT, "medium", "medium", None),
        (SeatKind.BOT, "honest", "Robo", None),
    ]
    with pytest.raises(InvalidInputError):
        archive.seat_bot(code, "")


def test_a_bot_is_taken_out_or_given_another_level_between_games_only(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    archive.join_seat(code, "Ann")
    archive.seat_bot(code, "easy", number=1, display_name="Max")
    archive.seat_bot(code, "easy", number=2, display_name="Lily")
    archive.set_bot_level(code, 1, " hard ")
    archive.remove_bot(code, 2)
    room = archive.load_room(code)
    assert [(seat.number, seat.display_name, seat.bot_level) for seat in room.seats] == [
        (0, "Ann", None),
        (1, "Max", "hard"),
    ]
    assert room.empty_seats == (2, 3)
    with pytest.raises(ConflictError, match="holds a person"):
        archive.remove_bot(code, 0)
    with pytest.raises(ConflictError, match="holds a person"):
        archive.set_bot_level(code, 0, "easy")
    with pytest.raises(ConflictError, match="is empty"):
        archive.remove_bot(code, 3)
    with pytest.raises(InvalidInputError):
        archive.set_bot_level(code, 1, "")
    archive.fill_with_bots(code, "easy")
    game = archive.start_game(code, seed=1)
    with pytest.raises(ConflictError, match="only between games"):
        archive.remove_bot(code, 1)
    with pytest.raises(ConflictError, match="only between games"):
        archive.set_bot_level(code, 1, "medium")
    played = play_stored(archive, game)
    archive.finish_game(game.id, played.places)
    archive.set_bot_level(code, 1, "rock", display_name=" Walter ")  # a character brings its own name
    assert [(seat.display_name, seat.bot_level) for seat in archive.load_room(code).seats if seat.number == 1] == [
        ("Walter", "rock")
    ]
    with pytest.raises(InvalidInputError):
        archive.set_bot_level(code, 1, "easy", display_name="")
    archive.set_bot_level(code, 1, "medium")  # between games again
    archive.remove_bot(code, 1)
    assert archive.load_room(code).empty_seats == (1,)


def test_the_first_person_seated_hosts_until_hosting_is_handed_to_another(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    assert archive.load_room(code).host_seat is None
    archive.seat_bot(code, "easy", number=0, display_name="Max")
    assert archive.load_room(code).host_seat is None  # a bot never hosts
    archive.join_seat(code, "Ann", number=2)
    archive.join_seat(code, "Bo")
    assert archive.load_room(code).host_seat == 2
    archive.set_host_seat(code, 1)
    assert archive.load_room(code).host_seat == 1
    with pytest.raises(ConflictError, match="computer player"):
        archive.set_host_seat(code, 0)
    with pytest.raises(ConflictError, match="is empty"):
        archive.set_host_seat(code, 3)
    assert archive.load_room(code).host_seat == 1
    assert [room.host_seat for room in archive.open_rooms() if room.code == code] == [1]


def test_a_room_counts_the_games_each_seat_won(archive: Archive) -> None:
    code, _ = full_room(archive, players=3)
    assert archive.load_room(code).wins == (0, 0, 0)
    for _ in range(4):  # one Ace each: the first player wins at once (R10), and the first moves on (D8)
        game = archive.start_game(code, hands=[["AS"], ["AH"], ["AD"]])
        archive.finish_game(game.id, play_stored(archive, game).places)
    archive.start_game(code, seed=3)  # being played: not counted
    room = archive.load_room(code)
    assert room.winners == (0, 1, 2, 0)
    assert room.wins == (2, 1, 1)
    assert [other.wins for other in archive.open_rooms() if other.code == code] == [(2, 1, 1)]


# ------------------------------------------------------------------------------------------------------
# Games and actions


def test_start_game_needs_every_seat_taken_and_stores_a_replayable_header(archive: Archive) -> None:
    code = archive.create_room(SETTINGS).code
    archive.join_seat(code, "Ann")
    with pytest.raises(ConflictError, match=r"seats \[1, 2, 3\] are empty"):
        archive.start_game(code, seed=7)
    archive.fill_with_bots(code, "easy")
    game = archive.start_game(code, seed=7)
    assert (game.number, game.status, game.step, game.room_code, game.places) == (1, GameStatus.PLAYING, 0, code, None)
    assert game.record == Game.deal(SETTINGS.rules, 7, 0).record()
    assert archive.game_record(game.id) == game.record
    room = archive.load_room(code)
    assert (room.status, room.game, room.games_played) == (RoomStatus.PLAYING, game, 1)
    with pytest.raises(ConflictError, match="cannot start a game: it is playing"):
        archive.start_game(code, seed=8)


def test_start_game_deals_from_hands_or_a_random_seed_and_checks_the_deal(archive: Archive) -> None:
    code, _ = full_room(archive, players=3)
    with pytest.raises(InvalidInputError, match="not both"):
        archive.start_game(code, seed=1, hands=[["AS"], ["KS"], ["QS"]])
    with pytest.raises(InvalidInputError, match="cannot deal"):
        archive.start_game(code, hands=[["AS"], ["AS"], ["QS"]])
    with pytest.raises(InvalidInputError, match="64-bit"):
        archive.start_game(code, seed=2**63)
    with pytest.raises(InvalidInputError, match="seats 3, not 4"):
        archive.start_game(code, rules=Rules(4))
    with pytest.raises(InvalidInputError, match="first player"):
        archive.start_game(code, seed=1, first=3)
    assert archive.load_room(code).latest_game is None  # every refusal left the room as it was
    game = archive.start_game(code, hands=[["AS", "2H"], ["KS"], ["QS"]], first=2, rules=Rules(3, ascending=True))
    assert game.record == Game.from_hands(Rules(3, ascending=True), [["AS", "2H"], ["KS"], ["QS"]], 2).record()
    archive.close_room(code)
    code, _ = full_room(archive, players=3)
    seeded = archive.start_game(code)
    assert isinstance(seeded.record["seed"], int)
    assert -(2**63) <= seeded.record["seed"] < 2**63


def test_append_action_stores_each_action_before_returning(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=3)
    played = play_stored(archive, game, rounds=25)
    stored = archive.game(game.id)
    assert stored.record == played.record()
    assert stored.step == played.step > 25
    assert stored.last_action_at is not None
    assert stored.last_action_at >= game.started_at
    assert stored.last_action_at.tzinfo == UTC
    assert Game.replay(stored.record).view(0) == played.view(0)


def test_append_action_stores_the_canonical_notation_and_refuses_what_cannot_be_stored(archive: Archive) -> None:
    code, _ = full_room(archive, players=3)
    game = archive.start_game(code, hands=[["AS", "2H"], ["KS", "3C"], ["QS"]])
    archive.append_action(game.id, 0, "PLAY 0 as")  # "as" is the Ace of spades here
    assert stored_actions(archive, game.id) == [(0, "play 0 AS")]
    with pytest.raises(InvalidInputError, match="cannot be read"):
        archive.append_action(game.id, 1, "dance 1")
    for bad_step in (-1, True):
        with pytest.raises(InvalidInputError, match="step"):
            archive.append_action(game.id, bad_step, "decline 1")
    with pytest.raises(ConflictError, match="skip"):
        archive.append_action(game.id, 2, "decline 1")
    with pytest.raises(NotFoundError):
        archive.append_action(game.id + 1000, 0, "decline 1")
    assert stored_actions(archive, game.id) == [(0, "play 0 AS")]


def test_two_appends_of_the_same_step_fail_and_change_nothing(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=11)
    play_stored(archive, game, rounds=3)
    before = stored_actions(archive, game.id)
    last_step, last_notation = before[-1]
    with pytest.raises(DuplicateStepError, match=f"already has step {last_step}"):
        archive.append_action(game.id, last_step, last_notation)  # the very same write, replayed
    with pytest.raises(DuplicateStepError):
        archive.append_action(game.id, 0, "close")  # a different action for a stored step
    assert stored_actions(archive, game.id) == before


def test_the_database_itself_refuses_a_second_row_for_a_step(archive: Archive) -> None:
    # The archive checks steps before writing; the primary key must hold even for a writer that does not.
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=11)
    archive.append_action(game.id, 0, "play 0 AS")
    row = {"game_id": game.id, "step": 0, "notation": "close", "stored_at": game.started_at}
    with pytest.raises(IntegrityError), archive.engine.begin() as connection:
        connection.execute(insert(ActionRow).values(**row))
    assert stored_actions(archive, game.id) == [(0, "play 0 AS")]


def test_racing_appends_of_one_step_store_exactly_one(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=11)
    writers = 4
    barrier = threading.Barrier(writers)
    outcomes: list[str] = []

    def write(seat: int) -> None:
        barrier.wait()
        try:
            archive.append_action(game.id, 0, f"decline {seat}")
        except DuplicateStepError:
            outcomes.append("duplicate")
        else:
            outcomes.append("stored")

    threads = [threading.Thread(target=write, args=(seat,)) for seat in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["duplicate"] * (writers - 1) + ["stored"]
    assert len(stored_actions(archive, game.id)) == 1


def test_finish_game_records_the_places_the_stored_actions_lead_to(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=5, first=1)
    with pytest.raises(ConflictError, match="not over"):
        archive.finish_game(game.id, [0])
    played = play_stored(archive, game)
    assert played.is_over
    wrong = [(played.places[0] + 1) % 4]
    with pytest.raises(ConflictError, match="ended with places"):
        archive.finish_game(game.id, wrong)
    assert archive.game(game.id).status is GameStatus.PLAYING
    archive.finish_game(game.id, played.places)
    finished = archive.game(game.id)
    assert (finished.status, finished.places) == (GameStatus.FINISHED, played.places)
    assert finished.finished_at is not None
    assert finished.finished_at >= finished.started_at
    with pytest.raises(ConflictError, match="finished"):
        archive.append_action(game.id, played.step, "close")
    with pytest.raises(ConflictError):
        archive.finish_game(game.id, played.places)
    room = archive.load_room(code)
    assert (room.status, room.game, room.latest_game, room.next_first) == (RoomStatus.FINISHED, None, finished, 2)
    with pytest.raises(NotFoundError):
        archive.finish_game(game.id + 1000, [0])


def test_a_finished_table_starts_its_next_game_with_the_next_first_player(archive: Archive) -> None:
    code, _ = full_room(archive, players=3)
    firsts = []
    for number in range(1, 5):
        # One Ace each: whoever plays first empties their hand truthfully and wins (R10), in one action.
        game = archive.start_game(code, hands=[["AS"], ["AH"], ["AD"]])
        assert game.number == number
        firsts.append(game.record["first"])
        played = play_stored(archive, game, seed=number)
        assert played.places == (game.record["first"],)
        archive.finish_game(game.id, played.places)
    assert firsts == [0, 1, 2, 0]


def test_game_record_rebuilds_the_game_and_refuses_unknown_games(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=9)
    played = play_stored(archive, game, rounds=10)
    record = archive.game_record(game.id)
    assert record == played.record()
    assert Game.replay(record).record() == record
    with pytest.raises(NotFoundError, match="no game"):
        archive.game_record(game.id + 1000)


# ------------------------------------------------------------------------------------------------------
# What a restarted server reads


def test_open_rooms_and_open_games_give_back_every_unfinished_table_exactly(db_url: str) -> None:
    with Archive.open(db_url) as archive:
        waiting = archive.create_room(SETTINGS).code
        waiting_seat = archive.join_seat(waiting, "Wendy")
        playing, person = full_room(archive)
        playing_game = archive.start_game(playing, seed=21)
        played = play_stored(archive, playing_game, rounds=12)
        between, _ = full_room(archive, players=3)
        first_game = archive.start_game(between, seed=2)
        first_played = play_stored(archive, first_game)
        archive.finish_game(first_game.id, first_played.places)
        closed, _ = full_room(archive)
        closed_game = archive.start_game(closed, seed=4)
        archive.close_room(closed)
    # A new archive on the same database, as after a restart.
    with Archive.open(db_url) as archive:
        rooms = {room.code: room for room in archive.open_rooms()}
        assert set(rooms) == {waiting, playing, between}
        assert [seat.display_name for seat in rooms[waiting].seats] == ["Wendy"]
        found = archive.seat_for_token(waiting, waiting_seat.token)
        assert found is not None
        assert found.number == 0
        assert rooms[playing].seats[0].token_hash == hashlib.sha256(person.token.encode()).hexdigest()
        assert [seat.kind for seat in rooms[playing].seats] == [SeatKind.HUMAN] + [SeatKind.BOT] * 3
        resumed = rooms[playing].game
        assert resumed is not None
        assert resumed.step == played.step
        assert Game.replay(resumed.record).record() == played.record()
        assert rooms[between].game is None
        last_game = rooms[between].latest_game
        assert last_game is not None
        assert last_game.places == first_played.places
        assert rooms[between].next_first == 1
        assert [game.id for game in archive.open_games()] == [playing_game.id]
        assert archive.open_games()[0] == resumed
        assert archive.load_room(closed).status is RoomStatus.CLOSED
        assert archive.game(closed_game.id).status is GameStatus.ABANDONED


def test_close_room_abandons_its_game_and_takes_no_one_else(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=1)
    archive.close_room(code)
    archive.close_room(code)  # closing twice is harmless
    abandoned = archive.game(game.id)
    assert abandoned.status is GameStatus.ABANDONED
    assert abandoned.finished_at is not None
    with pytest.raises(ConflictError, match="closed"):
        archive.join_seat(code, "Late")
    with pytest.raises(ConflictError):
        archive.start_game(code)
    with pytest.raises(ConflictError):
        archive.append_action(game.id, 0, "play 0 AS")
    assert archive.open_rooms() == []
    with pytest.raises(NotFoundError):
        archive.close_room("ACEFHJ" if code != "ACEFHJ" else "KMNPRT")


def test_times_are_timezone_aware_and_naive_times_are_refused(archive: Archive) -> None:
    code, _ = full_room(archive)
    game = archive.start_game(code, seed=1)
    room = archive.load_room(code)
    for moment in (room.created_at, room.updated_at, room.seats[0].joined_at, game.started_at):
        assert moment.tzinfo == UTC
    naive = game.started_at.replace(tzinfo=None)
    with pytest.raises(Exception, match="naive datetime"), archive.engine.begin() as connection:
        connection.execute(insert(ActionRow).values(game_id=game.id, step=0, notation="close", stored_at=naive))


# ------------------------------------------------------------------------------------------------------
# Opening


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def test_open_without_a_target_uses_a_sqlite_file_in_the_user_data_directory(data_home: Path) -> None:
    with Archive.open(None) as archive:
        code = archive.create_room(SETTINGS).code
        assert archive.engine.url.get_backend_name() == "sqlite"
    path = data_home / "idoubtit" / "idoubtit.sqlite3"
    assert path.is_file()
    with Archive.open(str(path)) as archive:  # a bare path names a SQLite file too
        assert archive.load_room(code).code == code


def test_database_url_reads_what_people_pass_to_db(tmp_path: Path) -> None:
    assert database_url("postgresql://u:p@db.example:5433/games").drivername == "postgresql+psycopg"
    assert database_url("postgres://u:p@db.example/games").drivername == "postgresql+psycopg"
    assert database_url("postgresql+psycopg://u@db.example/games").database == "games"
    assert database_url(tmp_path / "x.sqlite3").database == str(tmp_path / "x.sqlite3")
    assert database_url("sqlite:///relative.sqlite3").database == "relative.sqlite3"


def test_sqlite_commits_are_durable_and_foreign_keys_enforced(tmp_path: Path) -> None:
    with Archive.open(tmp_path / "a.sqlite3") as archive, archive.engine.connect() as connection:
        pragmas: dict[str, Any] = {
            name: connection.execute(text(f"PRAGMA {name}")).scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys")
        }
    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1}  # 2 is FULL


def test_append_actions_stores_a_batch_in_one_commit_and_refuses_only_the_bad_entries(archive: Archive) -> None:
    first_code, _ = full_room(archive)
    second_code, _ = full_room(archive)
    first = archive.start_game(first_code, seed=1)
    second = archive.start_game(second_code, seed=2)
    archive.append_action(second.id, 0, "decline 1")
    results = archive.append_actions(
        [
            (first.id, 0, "decline 1"),
            (second.id, 0, "decline 2"),  # step 0 of the second game is already stored
            (first.id, 1, "decline 2"),  # in order within the batch
            (first.id, 3, "decline 3"),  # skips step 2
            (second.id, 1, "dance 1"),  # cannot be read
            (second.id, 1, "close"),
            (10**6, 0, "close"),  # no such game
        ]
    )
    kinds = [None if result is None else type(result) for result in results]
    assert kinds == [None, DuplicateStepError, None, ConflictError, InvalidInputError, None, NotFoundError]
    assert stored_actions(archive, first.id) == [(0, "decline 1"), (1, "decline 2")]
    assert stored_actions(archive, second.id) == [(0, "decline 1"), (1, "close")]
