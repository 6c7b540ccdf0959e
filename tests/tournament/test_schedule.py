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
