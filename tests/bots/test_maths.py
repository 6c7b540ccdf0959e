"""The bots' shared arithmetic: rank schedules (R5, V1, D1, D2), the hypergeometric family, reading a
claim through how players play, and what a hand costs to play out (R4, R10)."""

from __future__ import annotations

import pytest

from idoubtit import Rank
from idoubtit.bots.counter import CounterParams
from idoubtit.bots.maths import (
    NEVER,
    advance,
    counting_reader,
    false_given_claim,
    hypergeom_pmf,
    hypergeom_tail,
    own_turn_distances,
    plan_cost,
    rank_distances,
    turn_ranks,
)
from idoubtit.bots.search import SearchParams

PARAMS = SearchParams()
false_chance = counting_reader(PARAMS.padding, PARAMS.bluffing, PARAMS.hold_back)


@pytest.mark.parametrize("ascending", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 11, 12, 13, 14, 26])
def test_every_schedule_agrees_with_the_ranks_due_turn_by_turn(players: int, ascending: bool) -> None:
    # own_turn_distances and rank_distances are read off the ranks a seat is due on its next turns.
    for due in Rank:
        ranks = turn_ranks(due, players, ascending, 14)
        assert ranks == [Rank(advance(due, turn * players, ascending)) for turn in range(14)]
        table = own_turn_distances(players, ascending)[due]
        for rank in Rank:
            first = next((turn for turn in range(1, 14) if ranks[turn] is rank), NEVER)
            assert table[rank] == first
            assert rank_distances(due, players, ascending)[rank] == (0 if rank is due else first)


def test_hypergeometric_helpers() -> None:
    # Two cards from four, two of them successes: P(0) = 1/6, P(1) = 4/6, P(2) = 1/6.
    assert hypergeom_pmf(4, 2, 2) == pytest.approx((1 / 6, 4 / 6, 1 / 6))
    assert hypergeom_tail(4, 2, 2, 1) == pytest.approx(5 / 6)
    assert hypergeom_tail(4, 2, 2, 3) == 0.0
    assert hypergeom_tail(4, 2, 2, 0) == 1.0


def test_turn_ranks_follow_r5_and_v1() -> None:
    # Four players, descending from Queens: this seat is due Q, then 8, then 4, then King.
    assert turn_ranks(Rank.QUEEN, 4, ascending=False, turns=4) == [Rank.QUEEN, Rank.EIGHT, Rank.FOUR, Rank.KING]
    assert turn_ranks(Rank.ACE, 3, ascending=True, turns=3) == [Rank.ACE, Rank.FOUR, Rank.SEVEN]
    distances = rank_distances(Rank.QUEEN, 4, ascending=False)
    assert distances[Rank.QUEEN] == 0
    assert distances[Rank.EIGHT] == 1
    assert sorted(distances[1:]) == list(range(13))  # 13 is prime: every rank comes up
    assert rank_distances(Rank.ACE, 13, ascending=False)[Rank.KING] == 99  # V4: 13 seats meet one rank


def test_the_rank_schedule_follows_the_seat_order() -> None:
    # With four players a seat meets every fourth rank: after Aces, 10s (A K Q J 10), then 6s.
    assert advance(Rank.ACE.value, 4, ascending=False) == Rank.TEN.value
    table = own_turn_distances(4, ascending=False)
    assert table[Rank.ACE.value][Rank.TEN.value] == 1
    assert table[Rank.ACE.value][Rank.SIX.value] == 2
    assert table[Rank.ACE.value][Rank.ACE.value] == 13


def test_counting_reads_true_players_right() -> None:
    # A claim of more cards than are unseen is false; a claim of two that could well be held is
    # mostly true for players who tell the truth when they can, though counting alone finds it rare.
    assert false_chance(30, 1, 8, 2) == 1.0
    assert false_chance(39, 4, 13, 2) < 0.5


def test_a_count_is_read_through_how_players_play() -> None:
    # With one card of the rank held for sure, "two" is only false if it padded its play.
    assert false_given_claim(1, (1.0,), 2, 8, (0.9, 0.1), (0.0, 1.0), 0.05) == pytest.approx(1.0)
    # Holding none or one equally likely: "one" is false only by a one-card bluff.
    chance = false_given_claim(0, (0.5, 0.5), 1, 8, (0.9, 0.1), (0.0, 0.8, 0.2), 0.05)
    assert chance == pytest.approx(0.5 * 0.8 / (0.5 * 0.8 + 0.5 * 0.9))


def test_plan_cost_prefers_a_hand_that_can_finish_truthfully() -> None:
    params = CounterParams()
    ranks = [12, 8, 4, 13, 9, 5, 1, 10, 6, 2, 11, 7, 3, 12]  # due Q now, then 8, 4, K, … (4 players)
    distance = [99] * 14
    for index in range(len(ranks) - 1, 0, -1):
        distance[ranks[index]] = index
    finishing = [0] * 14
    finishing[8] = 1  # one 8, due next turn: a true last play
    stuck = [0] * 14
    stuck[5] = 1  # one 5, due in five turns: every turn before needs a card it does not have
    assert plan_cost(finishing, ranks, distance, 8, params, pile=10) < plan_cost(stuck, ranks, distance, 8, params, 10)
