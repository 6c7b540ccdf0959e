"""Telling a table that doubts anything: the two types' weighing, the table's chance, the tally of answers."""

from __future__ import annotations

import random

import pytest

from idoubtit import Card, Declined, Doubted, Event, Finished, Game, Played, Rank, Revealed, RevealReason, Rules, Suit
from idoubtit.bots import make_bot, play_out
from idoubtit.bots.calling import (
    BLIND_SHARE,
    BLIND_TYPE_PRIOR,
    AnswerTally,
    blind_chance,
    calls_blindly,
    checked_calling_table,
)

KING = (Card(Rank.KING, Suit.HEARTS),)


def test_a_wrong_doubt_says_much_for_the_blind_type_a_pass_a_little_against_it() -> None:
    prior = BLIND_TYPE_PRIOR
    assert blind_chance(prior, 0, 0, 0) == pytest.approx(prior)
    assert blind_chance(prior, 0, 0, 1) > 0.85  # one wrong doubt: a counting player is seldom wrong
    assert blind_chance(prior, 1, 0, 0) < prior
    assert blind_chance(prior, 10, 0, 1) < blind_chance(prior, 0, 0, 1)
    assert blind_chance(prior, 0, 3, 0) > prior  # right doubts, three in a row: doubts that often are rare
    assert blind_chance(prior, 1000, 0, 1000) == pytest.approx(1.0)  # no overflow either way
    assert blind_chance(prior, 1000, 0, 0) == pytest.approx(0.0)


def test_the_table_calls_blindly_if_anyone_at_it_does() -> None:
    assert calls_blindly([]) == 0.0
    assert calls_blindly([1.0]) == BLIND_SHARE  # one blind doubter calls half of all claims
    assert calls_blindly([1.0, 1.0]) == pytest.approx(1.0 - (1.0 - BLIND_SHARE) ** 2)
    assert calls_blindly([0.2, 0.2, 0.2]) == pytest.approx(1.0 - 0.9**3)
    assert calls_blindly([1.0, 1.0]) >= 0.7 > calls_blindly([1.0, 0.0, 0.0])  # the default line: two


def test_the_tally_counts_each_answer_once_and_a_doubt_round_as_passes_for_the_rest() -> None:
    tally = AnswerTally(4)
    events: list[Event] = [
        Played(0, 1, Rank.KING),
        Declined(1),
        Doubted((2,), 2),  # seat 3 let it pass too (D3: one round); seat 1 already had
        Revealed(0, KING, Rank.KING, True, RevealReason.DOUBT),  # a true claim: seat 2 was wrong
        Played(1, 2, Rank.ACE),
        Doubted((0, 3), 0),
        Revealed(1, KING, Rank.ACE, False, RevealReason.DOUBT),  # false: seats 0 and 3 were right
        Finished(3, 1),
        Played(2, 1, Rank.TWO),
        Doubted((1,), 1),  # seat 3 is out and answers nothing
        Revealed(2, KING, Rank.TWO, False, RevealReason.DOUBT),
        Played(0, 1, Rank.THREE),
        Revealed(0, KING, Rank.THREE, False, RevealReason.LAST_PLAY),  # R10: no one doubted
    ]
    for event in events:
        tally.learn(event)
    assert tally.passes == [1, 1, 1, 1]
    assert tally.right == [1, 1, 0, 1]
    assert tally.wrong == [0, 0, 1, 0]
    assert tally.blind_chance(2, 0.2) == blind_chance(0.2, 1, 0, 1)
    tally.start_over(3)
    assert tally.passes == [0, 0, 0]


def test_a_tally_fed_a_whole_game_agrees_with_the_log() -> None:
    bots = [make_bot(name, random.Random(seat)) for seat, name in enumerate(["counter", "doubter", "rock", "doubter"])]
    game = Game.deal(Rules(4), 17)
    play_out(game, bots)
    tally = AnswerTally(4)
    for event in game.view(None).log:
        tally.learn(event)
    doubted = sum(len(event.seats) for event in game.view(None).log if isinstance(event, Doubted))
    assert sum(tally.right) + sum(tally.wrong) == doubted
    assert tally.wrong[1] + tally.wrong[3] > tally.wrong[0] + tally.wrong[2]  # the doubters are wrong most


@pytest.mark.parametrize("value", [-0.1, "high", True, None])
def test_a_calling_table_option_must_be_a_chance_from_zero_on(value: object) -> None:
    with pytest.raises(ValueError, match="calling_table is a chance"):
        checked_calling_table(value)
    assert checked_calling_table(2) == 2.0
