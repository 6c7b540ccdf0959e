"""Ratings, win rates and head to head, checked on tournaments whose order is known."""

from __future__ import annotations

import math
from typing import Any

import pytest

from idoubtit import Game, Rules
from idoubtit.tournament.play import GameResult, finishing_ranks
from idoubtit.tournament.schedule import Job
from idoubtit.tournament.stats import log_loss, reading_loss, roc_area, standings, wilson_interval


def synthetic(games: int) -> list[GameResult]:
    """Four bots whose strength order is fixed, a > b > c > d, rotated through the seats."""
    results = []
    order = ["a", "b", "c", "d"]
    for index in range(games):
        shift = index % 4
        lineup = tuple(order[shift:] + order[:shift])
        ranks = tuple(order.index(name) + 1 for name in lineup)
        results.append(GameResult(index, index // 4, lineup, ranks, ranks.index(1), 50))
    return results


def test_a_known_order_comes_out_as_ratings_win_rates_and_pairs() -> None:
    table = standings(synthetic(400))
    assert [bot.name for bot in table.ordered()] == ["a", "b", "c", "d"]
    a, b, c, d = table.ordered()
    assert c.mu > d.mu
    assert a.rating_interval[0] > b.rating_interval[1]  # clear of each other
    assert a.win_rate == 1.0
    assert b.win_rate == 0.0
    assert a.games == 400
    assert table.head_to_head("b", "c") == 1.0
    assert table.head_to_head("d", "a") == 0.0
    assert {seat: a.seat_games[seat] for seat in range(4)} == {0: 100, 1: 100, 2: 100, 3: 100}


def test_a_coin_flip_between_equals_gives_equal_standing() -> None:
    results = []
    for index in range(400):
        winner = index % 2
        results.append(GameResult(index, index, ("x", "y"), (1, 2) if winner == 0 else (2, 1), winner, 10))
    table = standings(results)
    x, y = table.bots["x"], table.bots["y"]
    assert abs(x.mu - y.mu) < 2.0
    assert x.win_rate == pytest.approx(0.5)
    low, high = x.win_interval
    assert low < 0.5 < high


def test_ties_count_half_in_head_to_head() -> None:
    table = standings([GameResult(0, 0, ("x", "y", "z"), (1, 2, 2), 0, 10)])
    assert table.head_to_head("y", "z") == 0.5
    assert table.head_to_head("x", "y") == 1.0


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(80, 100)
    assert (round(low, 4), round(high, 4)) == (0.7112, 0.8666)


def test_finishing_ranks_place_the_winner_then_the_fewest_cards() -> None:
    game = Game.from_hands(Rules(4), [["AS"], ["2S", "3S"], ["4S", "5S"], ["6S", "7S", "8S"]])
    game.play(0, ["AS"])  # a true last play: seat 0 wins
    assert finishing_ranks(game) == (1, 2, 2, 4)


def field_of_three_specs(games: int) -> list[GameResult]:
    """Two settings of one bot and a third bot named twice, rotated through four seats."""
    order = ["search[iterations=76]", "search[iterations=38]", "adaptive", "adaptive"]
    results = []
    for index in range(games):
        shift = index % 4
        lineup = tuple(order[shift:] + order[:shift])
        ranks = tuple({"search[iterations=76]": 1, "search[iterations=38]": 2}.get(name, 3) for name in lineup)
        results.append(GameResult(index, index // 4, lineup, ranks, ranks.index(1), 50))
    return results


def test_each_spec_is_one_bot_and_a_spec_named_twice_holds_two_seats() -> None:
    table = standings(field_of_three_specs(40))
    assert [bot.name for bot in table.ordered()] == ["search[iterations=76]", "search[iterations=38]", "adaptive"]
    adaptive, strong = table.bots["adaptive"], table.bots["search[iterations=76]"]
    assert (adaptive.games, adaptive.seats) == (40, 80)
    assert (strong.games, strong.seats) == (40, 40)
    assert strong.win_rate == 1.0
    assert adaptive.win_rate == 0.0
    assert table.head_to_head("search[iterations=38]", "adaptive") == 1.0
    written = table.to_dict()["standings"][2]
    assert (written["name"], written["games"], written["seats"]) == ("adaptive", 40, 80)


def test_how_a_bot_plays_is_counted_with_the_same_numbers_as_a_tables_statistics() -> None:
    from idoubtit.history import record_numbers, totals
    from idoubtit.tournament.play import play_job

    rules = {"players": 3}
    jobs = [Job(index, index, 0, 100 + index, ("easy", "medium", "easy")) for index in range(6)]
    results = [play_job(job, rules, 9) for job in jobs]
    table = standings(results)
    medium = [result.numbers[1] for result in results]
    easy = [result.numbers[seat] for result in results for seat in (0, 2)]
    assert table.bots["medium"].play == totals(medium)
    assert table.bots["easy"].play == totals(easy)
    assert table.bots["easy"].play.games == 12
    assert table.to_dict()["standings"][0]["play"]["claims"] > 0
    # The numbers are the game's own: replaying the first game counts the same.
    first = results[0]
    assert first.numbers == record_numbers(_record_of(jobs[0], rules))


def _record_of(job: Job, rules: dict[str, int]) -> dict[str, Any]:
    import random

    from idoubtit.bots import make_bot
    from idoubtit.bots.runner import play_out
    from idoubtit.engine import Game, Rules
    from idoubtit.tournament.play import MAX_ROUNDS

    bots = [make_bot(name, random.Random(job.bot_seed(9, seat))) for seat, name in enumerate(job.lineup)]
    return play_out(Game.deal(Rules.from_dict(rules), job.deal_seed), bots, max_rounds=MAX_ROUNDS).record()


def test_the_roc_area_is_the_chance_a_false_claim_reads_likelier_false_than_a_true_one() -> None:
    assert roc_area([0.9, 0.8], [0.2, 0.1]) == 1.0  # every false claim read above every true one
    assert roc_area([0.1], [0.9, 0.5]) == 0.0  # (the true readings in any order)
    assert roc_area([0.5], [0.5]) == 0.5  # a tie counts a half
    assert roc_area([0.6, 0.2], [0.4]) == 0.5
    assert math.isnan(roc_area([], [0.3]))


def test_the_log_loss_scores_each_reading_by_what_happened_and_never_reaches_infinity() -> None:
    assert reading_loss(0.8, True) == pytest.approx(-math.log(0.8))
    assert reading_loss(0.8, False) == pytest.approx(-math.log(0.2))
    assert reading_loss(1.0, False) == pytest.approx(-math.log(1e-3))  # sure and wrong: clamped
    assert log_loss([0.8, 0.3], [True, False]) == pytest.approx(-(math.log(0.8) + math.log(0.7)) / 2)
    assert log_loss([], []) == 0.0
