"""Duplicate deals: every deal is played once per rotation of the seats."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from idoubtit.tournament.schedule import lineup_for, schedule


def test_every_bot_sits_in_every_seat_once_per_deal() -> None:
    jobs = schedule(["a", "b", "c", "d"], players=4, games=40, seed=3)
    assert len(jobs) == 40
    for deal in range(10):
        rotations = [job for job in jobs if job.deal == deal]
        assert len({job.deal_seed for job in rotations}) == 1  # the same cards every time
        for seat in range(4):
            assert sorted(job.lineup[seat] for job in rotations) == ["a", "b", "c", "d"]
    assert [job.index for job in jobs] == list(range(40))


def test_games_round_up_to_whole_rotations() -> None:
    assert len(schedule(["a", "b"], players=3, games=7, seed=0)) == 9


def test_fewer_bots_than_seats_take_turns_and_more_bots_are_drawn() -> None:
    assert lineup_for(["a", "b"], 4, random.Random(0)) == ("a", "b", "a", "b")
    drawn = [lineup_for(["a", "b", "c", "d", "e"], 4, random.Random(seed)) for seed in range(200)]
    assert all(len(set(lineup)) == 4 for lineup in drawn)
    seen = Counter(name for lineup in drawn for name in lineup)
    assert set(seen) == {"a", "b", "c", "d", "e"}


def test_the_same_seed_gives_the_same_schedule() -> None:
    assert schedule(["a", "b", "c"], 3, 30, seed=9) == schedule(["a", "b", "c"], 3, 30, seed=9)
    assert schedule(["a", "b", "c"], 3, 30, seed=9) != schedule(["a", "b", "c"], 3, 30, seed=10)


def test_nonsense_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        schedule([], 4, 10, 0)
    with pytest.raises(ValueError, match="at least one game"):
        schedule(["a"], 4, 0, 0)


def test_an_evening_plays_its_deals_in_order_at_one_table_per_rotation() -> None:
    jobs = schedule(["a", "b", "c", "d"], players=4, games=24, seed=3, evening=3)
    assert len(jobs) == 24  # two evenings of three deals, each in four rotations
    assert [job.index for job in jobs] == list(range(24))
    tables: dict[int, list[int]] = {}
    for job in jobs:
        assert job.table is not None
        tables.setdefault(job.table, []).append(job.index)
    assert len(tables) == 8
    for table, indexes in tables.items():
        played = [jobs[index] for index in indexes]
        assert indexes == list(range(table, table + 3))  # in a row, from the table's first job
        assert len({job.lineup for job in played}) == 1  # the same bots in the same seats all evening
        assert len({job.deal for job in played}) == 3
    for deal in {job.deal for job in jobs}:
        rotations = [job for job in jobs if job.deal == deal]
        assert len(rotations) == 4
        assert len({job.deal_seed for job in rotations}) == 1
        for seat in range(4):
            assert sorted(job.lineup[seat] for job in rotations) == ["a", "b", "c", "d"]


def test_evenings_round_up_to_whole_evenings_and_one_game_is_the_plain_schedule() -> None:
    assert len(schedule(["a", "b"], players=4, games=10, seed=0, evening=3)) == 12
    assert schedule(["a", "b"], players=3, games=9, seed=2, evening=1) == schedule(["a", "b"], 3, 9, 2)
    assert all(job.table is None for job in schedule(["a", "b"], players=3, games=9, seed=2))
    with pytest.raises(ValueError, match="evening"):
        schedule(["a", "b"], players=3, games=9, seed=2, evening=0)
