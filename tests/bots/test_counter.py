"""The counting bot: doubts by the count, plays by a plan for its own turns, and plays legally everywhere."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest

from idoubtit import Card, Decline, Doubt, Game, Play, Rank, Rules
from idoubtit.bots import BOTS, HonestBot, RandomBot, make_bot, play_out
from idoubtit.bots.adaptive import AdaptiveBot
from idoubtit.bots.base import Bot
from idoubtit.bots.calling import CALLING_SEATS
from idoubtit.bots.counter import CounterBot
from tests.bots.checked import Checked
from tests.bots.watched import assert_plays_as_honest_does, differs_from_honest, play_watched

VARIANT_SETS = [
    {},
    {"ascending": True},
    {"capped_plays": True},
    {"play_on_for_places": True},
    {"strict_announcing": True},
    {"ascending": True, "capped_plays": True, "play_on_for_places": True, "strict_announcing": True},
]


def due_queens(hand: str) -> Game:
    """Four players; seat 0 is due Queens on its first turn (seat 2 plays first, as D8 has it in a
    table's third game, so seats 2 and 3 play A and K before it); its next turns are due 8, then 4."""
    game = Game.from_hands(Rules(4), [hand, "JS JH 7H 6H", "AS 9D 9C", "KD 8D 8C"], first=2)
    for seat, card in ((2, "AS"), (3, "KD")):
        game.play(seat, card)
        for other in list(game.awaiting):
            game.decline(other)
    assert game.to_play == 0
    assert game.due_rank is Rank.QUEEN
    return game


def played(game: Game, bot: CounterBot | None = None) -> tuple[Card, ...]:
    action = (bot or CounterBot()).act(game.view(game.to_play))
    assert isinstance(action, Play)
    assert action.rank is game.due_rank
    return action.cards


def test_is_registered() -> None:
    assert BOTS["counter"] is CounterBot


def test_doubts_a_claim_the_count_proves_false() -> None:
    game = Game.from_hands(Rules(3), ["2S 3S 4S", "AH AD AC 5D", "QH 9C"])
    game.play(0, "2S 3S")  # "two Aces": seat 1 holds three of the four
    assert CounterBot().act(game.view(1)) == Doubt((1,))


def test_does_not_doubt_a_likely_true_claim() -> None:
    # Seat 1 holds no Ace; seat 0, with a full hand, says "one Ace": nothing speaks against it.
    game = next(
        game
        for game in (Game.deal(Rules(4), seed) for seed in range(100))
        if not any(card.rank is Rank.ACE for card in game.hand(1))
    )
    game.play(0, game.hand(0)[-1:])
    bot = CounterBot()
    assert bot.act(game.view(1)) == Decline(1)
    assert bot.false_probability(game.view(1)) < bot.doubt_threshold(game.view(1))


def heads_up_aces_come_round() -> Game:
    """Two players, the whole deck dealt. Seat 0 says "two Aces" (true) and nobody doubts; thirteen
    turns later, the pile still there, Aces are due for seat 1, which holds one (AC). Seat 0 still
    holds AD: with the two it put on the pile, any claim of two more Aces is one too many."""
    rest = [rank + suit for suit in "SHDC" for rank in "23456789TJQK"]
    game = Game.from_hands(
        Rules(2, open_table_sizes=True), [" ".join(["AS", "AH", "AD", *rest[:23]]), " ".join(["AC", *rest[23:]])]
    )
    game.play(0, "AS AH")
    game.decline(1)
    while game.due_rank is not Rank.ACE:
        seat = game.to_play
        game.play(seat, [next(card for card in game.hand(seat) if card.rank is not Rank.ACE)])
        game.decline(1 - seat)
    assert game.to_play == 1
    return game


def test_an_opponent_counts_its_own_cards_on_the_pile_when_it_weighs_our_bluff() -> None:
    view = heads_up_aces_come_round().view(1)
    bot = CounterBot()
    bot.observe(view)
    chances = bot.doubt_chances(view, [1, 2], Rank.ACE)
    # Seat 0 knows where three Aces are (unless its claim was a lie): "two Aces" is mostly proven false.
    assert chances[2][0] > 0.5
    assert chances[1][0] < chances[2][0]
    assert CounterBot().act(view) == Play(1, (Card.parse("AC"),), Rank.ACE)


def test_doubt_threshold_weighs_pile_and_hands() -> None:
    bot = CounterBot()
    middle = bot.threshold_for(ours=8, theirs=8, pile=4)
    assert bot.threshold_for(ours=8, theirs=8, pile=15) > middle  # a big pile makes a wrong doubt costly
    assert bot.threshold_for(ours=8, theirs=1, pile=4) < middle  # stopping a player about to go out pays
    assert bot.threshold_for(ours=1, theirs=8, pile=4) > middle  # so close to out, we risk less


def test_plays_the_due_rank_truthfully() -> None:
    game = Game.from_hands(Rules(3), ["AS AH 7D 6C 5C 4D KD", "QS JS 9S", "QH JH 9H"])
    cards = played(game)
    assert Card.parse("AS") in cards
    assert Card.parse("AH") in cards


def test_keeps_a_card_for_a_true_last_play() -> None:
    # Q, 5, 4: the Queen goes down now, the 5 is bluffed on the turn due 8, the 4 wins on the turn due 4.
    assert played(due_queens("QS 5C 4H")) == (Card.parse("QS"),)
    # Q, 8, 5: bluff the 5 with the Queen now, and the 8 wins on the very next turn.
    assert set(played(due_queens("QS 8H 5C"))) == {Card.parse("QS"), Card.parse("5C")}


def test_holds_back_a_card_of_the_due_rank_when_it_needs_one_to_fill_a_turn() -> None:
    # Three Queens and a 4: playing all Queens leaves the 4 alone on the turn due 8, a bluff that
    # R10 would turn up. Keeping a Queen to bluff on that turn lets the 4 win on the next.
    cards = played(due_queens("QS QH QC 4H"))
    assert len(cards) == 2
    assert all(card.rank is Rank.QUEEN for card in cards)


def test_plays_its_whole_hand_when_all_of_it_is_true() -> None:
    assert set(played(due_queens("QS QH"))) == {Card.parse("QS"), Card.parse("QH")}


def test_bluffs_the_rank_due_last_and_keeps_the_next_ones() -> None:
    # Due Queens with none: the 8 and the 4 are due on its next two turns; the 9 only after ten more.
    cards = played(due_queens("9S 8H 4H 7C 6C 5C"))
    assert Card.parse("8H") not in cards
    assert Card.parse("4H") not in cards


def test_respects_the_v2_cap() -> None:
    hand = "AS AH AD AC AS AH AD AC KD QD"
    game = Game.from_hands(Rules(6, capped_plays=True), [hand, "QS", "QH", "JD", "JC", "JS"])
    assert len(played(game)) <= 8


def test_strict_announcing_states_the_rank() -> None:
    game = Game.from_hands(Rules(3, strict_announcing=True), ["AS 7D", "QS", "QH"])
    action = CounterBot().act(game.view(0))
    assert isinstance(action, Play)
    assert action.rank is Rank.ACE
    game.apply(action)  # V5: accepted only with a rank


def test_one_bot_object_plays_game_after_game() -> None:
    bot = CounterBot(random.Random(1))
    for seed in range(3):
        game = play_out(Game.deal(Rules(3), seed), [bot, HonestBot(), HonestBot()], max_rounds=20_000)
        assert game.is_over
        assert bot.tracker.games == seed + 1


def mixed_table(players: int, seed: int) -> list[Bot]:
    """A counting and an adaptive bot at every table; the other seats drawn from the bots, with at
    most one honest one (two honest players left alone under V3 can trade the pile forever)."""
    rng = random.Random(seed)
    others = [rng.choice([CounterBot, AdaptiveBot, RandomBot]) for _ in range(players - 2)]
    if others and rng.random() < 0.5:
        others[0] = HonestBot
    kinds: list[Callable[[random.Random], Bot]] = [CounterBot, AdaptiveBot, *others]
    rng.shuffle(kinds)
    return [Checked(kind(random.Random(seed * 100 + seat)), seat) for seat, kind in enumerate(kinds)]


@pytest.mark.parametrize(("players", "games"), [(3, 40), (4, 30), (6, 6), (11, 2)])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "default")
def test_plays_whole_games_legally_at_every_size_and_variant(
    players: int, games: int, variants: dict[str, bool]
) -> None:
    rules = Rules(players, **variants)
    if rules.play_on_for_places and players > 4:
        games -= games // 3  # V3 plays big tables on to the last place: long games
    for seed in range(games):
        # The checked door raises on any illegal action, so every action here was legal.
        game = play_out(Game.deal(rules, seed), mixed_table(players, seed), max_rounds=20_000)
        assert sum(game.hand_sizes) + game.pile_size == rules.card_count
        assert game.is_over


@pytest.mark.parametrize("variants", [{}, {"play_on_for_places": True, "capped_plays": True}])
def test_plays_two_player_games_under_v4(variants: dict[str, bool]) -> None:
    rules = Rules(2, open_table_sizes=True, **variants)
    for seed in range(40):
        bots: list[Bot] = [CounterBot(random.Random(seed)), CounterBot(random.Random(seed + 1))]
        game = play_out(Game.deal(rules, seed), bots, max_rounds=20_000)
        assert game.is_over


def test_at_a_table_that_doubts_anything_it_plays_as_honest_does() -> None:
    # Three players who doubt half of all claims catch most bluffs and call the false claims for it.
    decisions = play_watched("counter", "doubter", 5)
    assert assert_plays_as_honest_does(decisions) > len(decisions) / 2  # they show themselves within a round
    assert any(isinstance(action, Decline) for _, action, chance in decisions if chance >= 0.7)


def test_with_the_calling_table_off_it_bluffs_by_its_plan_at_that_table_too() -> None:
    decisions = play_watched("counter[calling_table=2]", "doubter", 5)
    assert any(chance >= 0.7 for _, _, chance in decisions)
    assert differs_from_honest(decisions)
    assert cast(CounterBot, make_bot("counter")).params.calling_table == 0.7  # the default
    with pytest.raises(ValueError, match="calling_table is a chance from 0 on"):
        make_bot("counter[calling_table=-1]")


def test_against_counting_players_the_counter_never_sees_a_table_that_doubts_anything() -> None:
    decisions = play_watched("counter", "adaptive", 5)
    assert max(chance for _, _, chance in decisions) < 0.7


def test_the_switch_watches_tables_of_up_to_six_only() -> None:
    # At bigger tables counting players doubt often enough, and wrongly often enough, to look blind.
    at_six = play_watched("counter", "doubter", 5, players=CALLING_SEATS)
    assert assert_plays_as_honest_does(at_six) > len(at_six) / 2
    at_seven = play_watched("counter", "doubter", 5, players=CALLING_SEATS + 1)
    assert all(chance == 0.0 for _, _, chance in at_seven)
    assert differs_from_honest([(view, action, 1.0) for view, action, _ in at_seven])
