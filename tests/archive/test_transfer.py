"""Games out of the archive as JSON records and back in (archive/transfer.py)."""

from __future__ import annotations

import pytest

from idoubtit.archive import Archive, InvalidInputError
from idoubtit.engine import Game
from tests.archive.test_history import ANN, golden_room
from tests.history.golden import GOLDEN_NUMBERS, GOLDEN_RECORD


def test_an_exported_game_is_the_engines_record_with_its_table(archive: Archive) -> None:
    code, game_id = golden_room(archive)
    record = archive.export_game(game_id)
    assert Game.replay(record).places == (2,)
    assert record["actions"] == GOLDEN_RECORD["actions"]
    assert record["table"]["room"] == code
    assert [seat["name"] for seat in record["table"]["seats"]] == ["Ann", "Max", "Ida"]
    assert "player" not in record["table"]["seats"][0]
    assert archive.export_game(game_id, with_players=True)["table"]["seats"][0]["player"] == ANN


def test_export_then_import_gives_the_same_game_in_another_archive(archive: Archive, tmp_path: object) -> None:
    code, game_id = golden_room(archive)
    record = archive.export_game(game_id, with_players=True)
    with Archive.open(f"sqlite:///{tmp_path}/other.sqlite3") as other:
        (imported,) = other.import_records([record])
        assert imported.room_code == code  # free here, so the code is kept
        entry = other.game_entry(imported.game_id)
        assert tuple(seat.numbers for seat in entry.seats) == GOLDEN_NUMBERS
        assert entry.started_at == archive.game_entry(game_id).started_at
        assert other.export_game(imported.game_id, with_players=True) == record
        assert other.player_stats(ANN).totals.games == 1
        again = other.import_records([record])  # the code is taken now: the game gets a room of its own
        assert again[0].room_code != code


def test_games_of_one_table_go_to_one_room_in_order(archive: Archive) -> None:
    code, first = golden_room(archive)
    records = [archive.export_game(first), archive.export_game(first)]
    records[1]["table"]["number"] = 2
    imported = archive.import_records(records)
    assert imported[0].room_code == imported[1].room_code != code
    assert [item.number for item in imported] == [1, 2]


def test_a_saved_terminal_game_without_a_table_imports_with_seats_left_unnamed(archive: Archive) -> None:
    # No name is made up in one language: each reader shows "Seat 2" in its own (see tests/test_lookback.py).
    (imported,) = archive.import_records([GOLDEN_RECORD])
    entry = archive.game_entry(imported.game_id)
    assert [seat.display_name for seat in entry.seats] == ["", "", ""]
    assert entry.status == "finished"
    assert [seat["name"] for seat in archive.export_game(imported.game_id)["table"]["seats"]] == ["", "", ""]


def test_a_name_given_is_kept_tidied_and_one_not_printable_is_refused(archive: Archive) -> None:
    named = {**GOLDEN_RECORD, "table": {"seats": [{"name": "  Ann   Lee "}, {"name": "Max"}, {}]}}
    (imported,) = archive.import_records([named])
    assert [seat.display_name for seat in archive.game_entry(imported.game_id).seats] == ["Ann Lee", "Max", ""]
    before = archive.recent_games().games
    with pytest.raises(InvalidInputError, match="not printable"):
        archive.import_records([{**GOLDEN_RECORD, "table": {"seats": [{"name": "A\x00"}, {}, {}]}}])
    assert archive.recent_games().games == before


def test_a_bad_record_refuses_the_whole_batch(archive: Archive) -> None:
    broken = {**GOLDEN_RECORD, "actions": [*GOLDEN_RECORD["actions"][:3], "play 0 QS"]}  # seat 0 has no QS
    before = archive.recent_games().games
    with pytest.raises(InvalidInputError, match="record 2 does not replay"):
        archive.import_records([GOLDEN_RECORD, broken])
    with pytest.raises(InvalidInputError, match="says places"):
        archive.import_records([{**GOLDEN_RECORD, "table": {"places": [0]}}])
    with pytest.raises(InvalidInputError, match="record 1 is not a JSON object"):
        archive.import_records(["play 0 AS"])
    assert archive.recent_games().games == before
