"""Archive queries of the history pages, with many stored games: how long each page's question takes.

Run: ``python bench/history.py`` (``--games 10000``, ``--db`` a SQLite file or a ``postgresql://`` URL;
by default a fresh SQLite file in a temporary directory). It fills the archive with ``--games`` finished
games the way the server stores them (rooms of ``--per-room`` games at four seats, a person with a player
id in seat 0 who plays at ``--tables-per-player`` tables, bots in the others, every action of every game),
then asks each question a history page asks ``--repeat`` times and prints the median and the slowest
time, in milliseconds:

* a table's games (the first page, and the last page of a table, ``before=`` an old game),
* one game's entry and its record (``/api/games/{id}``), and its replay's frames,
* a table's statistics, a person's statistics and a person's games (first page),
* the newest games of every table.

The games are copies of ``--distinct`` bot games (so that filling takes seconds, not an hour), each
copy stored with its own rows: what the queries read is what 10,000 games would make the archive hold.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from idoubtit.archive import Archive, RoomSettings
from idoubtit.archive.codes import hash_token, new_room_code, new_token
from idoubtit.archive.models import ActionRow, GameRow, GameSeatRow, RoomRow, SeatRow
from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, Rules
from idoubtit.history import game_numbers, replay_frames

PLAYERS = 4


def distinct_games(count: int) -> list[tuple[dict[str, Any], list[dict[str, Any]], list[int]]]:
    """Bot games played to their end: each record with its seats' numbers and its places."""
    games = []
    for seed in range(count):
        bots = [
            make_bot(level, random.Random(f"{seed}/{seat}"))
            for seat, level in enumerate(("medium", "easy", "hard", "medium"))
        ]
        game = play_out(Game.deal(Rules(PLAYERS), seed), bots)
        games.append((game.record(), [numbers.to_dict() for numbers in game_numbers(game)], list(game.places)))
    return games


def fill(archive: Archive, games: int, per_room: int, tables_per_player: int, distinct: int) -> dict[str, Any]:
    """Store ``games`` finished games in rooms of ``per_room``; returns what the questions ask about."""
    samples = distinct_games(distinct)
    rooms = -(-games // per_room)
    players = [f"player-{number:06d}-benchmark" for number in range(-(-rooms // tables_per_player))]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    game_id, codes = 0, []
    with archive.engine.begin() as connection:
        for room_number in range(rooms):
            code = new_room_code()
            while code in codes:
                code = new_room_code()
            codes.append(code)
            player = players[room_number // tables_per_player]
            room_id = connection.execute(
                insert(RoomRow).returning(RoomRow.id),
                {
                    "code": code,
                    "settings": RoomSettings(Rules(PLAYERS)).to_json(),
                    "host_token_hash": hash_token(new_token()),
                    "status": "finished",
                    "created_at": start,
                    "updated_at": start,
                    "locked": False,
                },
            ).scalar_one()
            names = ["Ann", "Max", "Ida", "Tom"]
            connection.execute(
                insert(SeatRow),
                [
                    {
                        "room_id": room_id,
                        "number": seat,
                        "display_name": names[seat],
                        "kind": "human" if seat == 0 else "bot",
                        "bot_level": None if seat == 0 else "medium",
                        "token_hash": hash_token(new_token()) if seat == 0 else None,
                        "joined_at": start,
                        "player_id": player if seat == 0 else None,
                    }
                    for seat in range(PLAYERS)
                ],
            )
            in_room = min(per_room, games - room_number * per_room)
            for number in range(1, in_room + 1):
                record, numbers, places = samples[game_id % len(samples)]
                moment = start + timedelta(minutes=5 * game_id)
                game_id = connection.execute(
                    insert(GameRow).returning(GameRow.id),
                    {
                        "room_id": room_id,
                        "number": number,
                        "record_format": record["format"],
                        "rules": record["rules"],
                        "seed": record["seed"],
                        "hands": None,
                        "first_seat": record["first"],
                        "status": "finished",
                        "places": places,
                        "started_at": moment,
                        "finished_at": moment + timedelta(minutes=4),
                    },
                ).scalar_one()
                connection.execute(
                    insert(GameSeatRow),
                    [
                        {
                            "game_id": game_id,
                            "seat": seat,
                            "display_name": names[seat],
                            "kind": "human" if seat == 0 else "bot",
                            "bot_level": None if seat == 0 else "medium",
                            "player_id": player if seat == 0 else None,
                            "numbers": numbers[seat],
                        }
                        for seat in range(PLAYERS)
                    ],
                )
                connection.execute(
                    insert(ActionRow),
                    [
                        {"game_id": game_id, "step": step, "notation": text, "stored_at": moment}
                        for step, text in enumerate(record["actions"])
                    ],
                )
    return {"room": codes[0], "player": players[0], "game": game_id, "first_game": 1}


def timed(question: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        question()
        times.append(1000 * (time.perf_counter() - began))
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--per-room", type=int, default=20)
    parser.add_argument("--tables-per-player", type=int, default=5)
    parser.add_argument("--distinct", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--db", help="a SQLite file or a postgresql:// URL (default: a temporary SQLite file)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        target = options.db or str(Path(directory) / "history.sqlite3")
        with Archive.open(target) as archive:
            began = time.perf_counter()
            asked = fill(archive, options.games, options.per_room, options.tables_per_player, options.distinct)
            print(
                f"stored {options.games:,} games ({options.per_room} to a table) in {time.perf_counter() - began:.1f} s"
            )
            room, player, newest = asked["room"], asked["player"], asked["game"]
            old_page = archive.room_games(room, limit=options.per_room - 1).before
            questions: list[tuple[str, Callable[[], object]]] = [
                ("a table's games, first page", lambda: archive.room_games(room)),
                ("a table's games, an older page", lambda: archive.room_games(room, before=old_page)),
                ("one game: its entry", lambda: archive.game_entry(newest)),
                ("one game: its record (export)", lambda: archive.export_game(newest)),
                ("one game: its replay's frames", lambda: replay_frames(archive.game_record(newest))),
                ("a table's statistics", lambda: archive.room_stats(room)),
                ("a person's statistics", lambda: archive.player_stats(player)),
                ("a person's games, first page", lambda: archive.player_games(player)),
                ("every table's newest games", archive.recent_games),
            ]
            print(f"{'question':<34} {'median ms':>10} {'slowest ms':>11}")
            for name, question in questions:
                median, slowest = timed(question, options.repeat)
                print(f"{name:<34} {median:>10.2f} {slowest:>11.2f}")


if __name__ == "__main__":
    main()
