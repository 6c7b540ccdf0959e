"""Each seat's numbers in a finished game, and totals over games (idoubtit.history.numbers)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, IDoubtItError, Rules
from idoubtit.history import SeatNumbers, Totals, game_numbers, record_numbers, totals
from tests.history.golden import GOLDEN_NUMBERS, GOLDEN_RECORD


def test_the_golden_game_counts_as_by_hand() -> None:
    assert record_numbers(GOLDEN_RECORD) == GOLDEN_NUMBERS


def test_a_game_still_being_played_has_no_numbers() -> None:
    game = Game.from_hands(Rules(3), [["AS", "KD"], ["AH", "2C"], ["QS", "9D"]])
    game.play(0, ["AS"])
    with pytest.raises(IDoubtItError, match="not over"):
        game_numbers(game)


def test_totals_sum_games_and_divide_only_what_can_be_divided() -> None:
    summed = totals(GOLDEN_NUMBERS)
    assert (summed.games, summed.wins, summed.claims, summed.bluffs, summed.bluffs_caught) == (3, 1, 6, 3, 2)
    assert summed.doubt_accuracy == pytest.approx(2 / 3)  # 1 of seat 0's 2, and seat 2's 1
    assert summed.caught_rate == pytest.approx(2 / 3)
    assert summed.pile_size == pytest.approx(6 / 3)  # piles of 2, 1 and 3
    nothing = Totals().add(SeatNumbers())
    assert (nothing.bluff_rate, nothing.caught_rate, nothing.doubt_accuracy, nothing.pile_size) == (None,) * 4
    assert nothing.to_dict()["win_rate"] == 0.0


def test_numbers_survive_their_dict() -> None:
    for numbers in GOLDEN_NUMBERS:
        assert SeatNumbers.from_dict(numbers.to_dict()) == numbers


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_bot_games_keep_the_books_balanced(seed: int, players: int) -> None:
    """Over any finished game: right doubts ≤ doubts, caught ≤ bluffs ≤ claims, one winner, and every
    card is in some hand at the end but the pile's."""
    bots = [make_bot("medium", random.Random(seed + seat)) for seat in range(players)]
    game = play_out(Game.deal(Rules(players), seed), bots)
    numbers = game_numbers(game)
    assert sum(seat.won for seat in numbers) == 1
    for seat in numbers:
        assert 0 <= seat.doubts_right <= seat.doubts
        assert 0 <= seat.bluffs_caught <= seat.bluffs <= seat.claims
    assert sum(seat.cards_left for seat in numbers) + game.pile_size == 52 * (game.rules.decks or 1)
    # Every right doubt caught a bluff; bluffs are also caught by a last play or a wrong rank (R7, R10).
    assert sum(seat.doubts_right for seat in numbers) <= sum(seat.bluffs_caught for seat in numbers)
