"""The gauntlet: each candidate alone against fields, on the same deals and the same opponents."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from idoubtit.engine import Rules
from idoubtit.tournament.gauntlet import Field, gauntlet_jobs, parse_fields, run_gauntlet


def test_fields_are_bots_or_pools_and_a_specs_own_commas_and_pluses_stay_with_it() -> None:
    fields = parse_fields("adaptive; search[iterations=8,advisor=false] ;rock+bluffer, counter")
    assert [field.pool for field in fields] == [
        ("adaptive",),
        ("search[iterations=8,advisor=false]",),
        ("rock", "bluffer"),
        ("counter",),
    ]
    assert fields[2].name == "rock+bluffer"
    with pytest.raises(ValueError, match="at least one field"):
        parse_fields(" ; ,")


def test_every_candidate_plays_the_same_deals_and_opponents_in_every_seat() -> None:
    fields = [Field(("random",)), Field(("rock", "bluffer", "doubter", "cautious"))]
    jobs, placements = gauntlet_jobs(["honest", "counter"], fields, players=4, games=10, seed=3)
    assert len(jobs) == 2 * 2 * 12  # 10 games round up to 3 deals of 4 rotations, per candidate and field
    by_deal: dict[int, set[tuple[str, ...]]] = {}
    for job, placement in zip(jobs, placements, strict=True):
        assert job.lineup[placement.seat] == placement.candidate
        opponents = job.lineup[placement.seat + 1 :] + job.lineup[: placement.seat]
        by_deal.setdefault(job.deal, set()).add(opponents)
        assert Counter(p.seat for j, p in zip(jobs, placements, strict=True) if j.deal == job.deal
                       and p.candidate == placement.candidate) == Counter(range(4))  # fmt: skip
    assert all(len(lineups) == 1 for lineups in by_deal.values())  # both candidates met the same opponents
    mixed = [next(iter(by_deal[deal])) for deal in (3, 4, 5)]
    assert all(len(set(opponents)) == 3 for opponents in mixed)  # a pool gives different bots per deal
    assert len(set(mixed)) > 1


def test_a_candidate_is_counted_by_its_seat_even_against_copies_of_itself() -> None:
    outcome = run_gauntlet(["random"], parse_fields("random"), Rules(3), games=90, seed=5)
    (cell,) = outcome.cells
    assert cell.games == 90
    assert 0.15 < cell.win_rate < 0.55  # about one in three, not every game a copy of it won


def test_a_stronger_candidate_wins_more_and_the_figures_do_not_depend_on_the_workers() -> None:
    fields = parse_fields("random;random+honest")
    one = run_gauntlet(["honest", "random"], fields, Rules(3), games=60, seed=8)
    two = run_gauntlet(["honest", "random"], fields, Rules(3), games=60, seed=8, workers=2)
    assert one.cells == two.cells
    assert one.cell("honest", "random").win_rate > one.cell("random", "random").win_rate + 0.2
    mixed = one.cell("honest", "random+honest")
    low, high = mixed.win_interval
    assert 0 < low < mixed.win_rate < high < 1
    assert one.to_dict()["gauntlet"]["fields"] == ["random", "random+honest"]


def test_in_evenings_a_candidate_meets_the_same_opponents_all_evening_in_every_seat() -> None:
    fields = [Field(("rock", "bluffer", "doubter", "cautious"))]
    jobs, placements = gauntlet_jobs(["honest", "counter"], fields, players=4, games=20, seed=3, evening=3)
    assert len(jobs) == 2 * 24  # 20 games round up to two evenings of three deals in four rotations
    tables: dict[int | None, list[int]] = {}
    for job in jobs:
        tables.setdefault(job.table, []).append(job.index)
    assert None not in tables
    assert len(tables) == 2 * 2 * 4  # per evening and candidate, one table per rotation
    for indexes in tables.values():
        played = [(jobs[index], placements[index]) for index in indexes]
        assert len(played) == 3
        assert len({job.lineup for job, _ in played}) == 1
        assert len({(placement.candidate, placement.seat) for _, placement in played}) == 1
    outcome = run_gauntlet(["honest"], fields, Rules(4), games=16, seed=2, evening=2)
    assert (outcome.games, outcome.evening, outcome.to_dict()["gauntlet"]["evening"]) == (16, 2, 2)


def test_a_seating_puts_the_candidate_in_its_seat_and_the_drawn_opponents_around_it_in_order() -> None:
    field = Field(("rock", "bluffer", "doubter", "cautious", "bigbluff", "beginner"))
    for seat in range(6):
        drawn = field.opponents(5, random.Random(7))
        seating = field.seating("search", seat, 6, random.Random(7))
        assert seating[seat] == "search"
        assert seating[:seat] + seating[seat + 1 :] == drawn
