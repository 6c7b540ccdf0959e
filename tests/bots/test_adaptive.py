"""The adaptive bot: an opponent model learned from the game, used to doubt and to price bluffs."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from idoubtit import Card, Doubt, Game, Rank, Rules
from idoubtit.bots import BOTS, HonestBot, RandomBot, make_bot, play_out
from idoubtit.bots.adaptive import (
    LEARNS_KEEPING,
    THRESHOLD_GRID,
    AdaptiveBot,
    AdaptiveParams,
    Habits,
    OpponentModel,
)
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.calling import BLIND_SHARE
from idoubtit.bots.counter import CounterBot
from idoubtit.bots.runner import play_turn
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
PRIOR_LIE = AdaptiveParams().lie_prior[0] / sum(AdaptiveParams().lie_prior)


def settle(game: Game) -> None:
    """Everyone still awaited declines (D3)."""
    for seat in list(game.awaiting):
        game.decline(seat)


def reveals() -> Game:
    """Seat 1 lies and is caught by seat 2; seat 2 tells the truth and is doubted by seat 1."""
    game = Game.from_hands(Rules(3), ["AS 2C 3C 4C", "5D 9D 8D 7D", "QS JH 6H 6S"])
    game.play(0, "AS")
    settle(game)
    game.play(1, "5D")  # "one King", a lie
    game.doubt(2)
    game.play(2, "QS")  # "one Queen", true
    game.doubt(1)
    return game


def test_is_registered() -> None:
    assert BOTS["adaptive"] is AdaptiveBot


def test_lie_estimates_move_after_reveals() -> None:
    bot = AdaptiveBot()
    bot.observe(reveals().view(0))
    assert bot.models[1].lie_rate > PRIOR_LIE
    assert bot.models[2].lie_rate < PRIOR_LIE
    # The doubters' records: seat 2 was right, seat 1 was wrong.
    assert bot.models[2].doubt_right > 0.5 > bot.models[1].doubt_right


def test_a_pile_we_pick_up_checks_every_claim_in_it() -> None:
    game = Game.from_hands(Rules(3), ["AS AH 2C 3C", "5D 9D 8D 7D", "QS JH 6H 6S"])
    bot = AdaptiveBot()
    game.play(0, "AS")
    settle(game)
    game.play(1, "5D")  # "one King", a lie nobody doubts
    settle(game)
    game.play(2, "QS")  # "one Queen", true
    bot.observe(game.view(0))
    game.doubt(0)  # wrong: seat 0 takes AS, 5D and QS and sees there is no King among them
    bot.observe(game.view(0))
    assert bot.models[1].pile_lies == 1.0
    assert bot.models[1].lie_rate > PRIOR_LIE
    assert bot.models[2].lie_rate < PRIOR_LIE  # its Queen was turned up true


def test_a_player_whose_doubts_are_wrong_is_expected_to_doubt_more() -> None:
    bot = AdaptiveBot()
    fresh = bot.opponent_doubts
    bot.observe(Game.from_hands(Rules(3), ["AS", "KS", "QS"]).view(0))
    before = fresh(1, 0.3, 8, 8, 4)
    bot.observe(reveals().view(0))  # seat 1 doubted a true claim
    assert bot.models[1].blind_doubts > bot.models[2].blind_doubts
    assert fresh(1, 0.3, 8, 8, 4) > before


def test_thresholds_learn_from_answers_to_our_claims() -> None:
    bot = AdaptiveBot()
    mean = [threshold * weight for threshold, weight in zip(THRESHOLD_GRID, bot.settings.threshold_prior, strict=True)]
    prior_mean = sum(mean) / sum(bot.settings.threshold_prior)
    patient, eager = OpponentModel.fresh(bot.settings), OpponentModel.fresh(bot.settings)
    look = (1, 0.75, 8, 8, 4)  # our claim looked 75% false to seat 1
    for _ in range(3):
        bot._learn_threshold(patient, [(1.0, look)], doubted=False)
        bot._learn_threshold(eager, [(1.0, look)], doubted=True)

    def mean_of(model: OpponentModel) -> float:
        return sum(threshold * weight for threshold, weight in zip(THRESHOLD_GRID, model.thresholds, strict=True))

    assert mean_of(patient) > prior_mean > mean_of(eager)


def test_habits_learn_padding_from_false_claims_of_two() -> None:
    habits = Habits(AdaptiveParams().pad_prior, AdaptiveParams().multi_prior)
    before = habits.mean_padding()
    # The claimant surely holds one card of the rank and says "two": only padding explains it.
    true_parts, false_parts = Habits.likelihoods(1, [(1.0,)], 2, 8, hold_back=0.05)
    total = [t + f for t, f in zip(true_parts, false_parts, strict=True)]
    for _ in range(3):
        habits.learn(total)
    assert habits.mean_padding() > before
    assert habits.false_chance(true_parts, false_parts) == pytest.approx(1.0)


def test_the_lie_rate_feeds_the_doubt() -> None:
    game = Game.deal(Rules(4), seed=3)
    game.play(0, game.hand(0)[-1:])  # "one Ace"
    view = game.view(1)
    honest_looking, liar_looking = AdaptiveBot(), AdaptiveBot()
    honest_looking.observe(view)
    liar_looking.observe(view)
    liar_looking.models[0].lies += 20.0
    assert liar_looking.false_probability(view) > honest_looking.false_probability(view)


def test_doubts_a_claim_the_count_proves_false() -> None:
    game = Game.from_hands(Rules(3), ["2S 3S 4S", "AH AD AC 5D", "QH 9C"])
    game.play(0, "2S 3S")
    assert AdaptiveBot().act(game.view(1)) == Doubt((1,))


def test_belief_knows_cards_and_samples_consistent_hands() -> None:
    game = Game.from_hands(Rules(3), ["7H KD 2C 3C", "AS AH 5D 6D", "QS JD 3D 4D"])
    game.play(0, "7H")
    game.doubt(1)  # seat 0 takes its 7H back, turned up
    game.play(1, "AS")  # "one King"
    settle(game)
    game.play(2, "QS")
    game.doubt(0)  # true: seat 0 takes AS (face down) and QS (turned up)
    bot = AdaptiveBot()
    view = game.view(2)
    belief = bot.belief(view)
    assert belief.seat == 2
    by_seat = {opponent.seat: opponent for opponent in belief.opponents}
    assert Counter(by_seat[0].known) == Counter(Card.parse(text) for text in ("7H", "QS"))
    assert by_seat[0].unknown == view.hand_sizes[0] - 2
    assert [rank for rank, _ in by_seat[0].believed] == [Rank.KING]
    assert 0.0 < by_seat[0].lie < 1.0
    for seed in range(20):
        hands, pile = belief.sample(random.Random(seed))
        assert {seat: len(hand) for seat, hand in hands.items()} == {0: view.hand_sizes[0], 1: view.hand_sizes[1]}
        assert Counter(by_seat[0].known) <= Counter(hands[0])
        assert len(pile) == view.pile_size
        everything = Counter([*view.hand, *hands[0], *hands[1], *pile, *belief.pile_known])
        assert max(everything.values()) <= view.rules.deck_count


def adaptive_table(players: int, seed: int) -> list[Bot]:
    """Adaptive bots in most seats, a counting bot, and at most one honest and one random player."""
    rng = random.Random(seed)
    kinds: list[Callable[[random.Random], Bot]] = [AdaptiveBot] * players
    kinds[rng.randrange(players)] = CounterBot
    if players >= 4:
        kinds[rng.randrange(players)] = rng.choice([HonestBot, RandomBot])
    return [Checked(kind(random.Random(seed * 100 + seat)), seat) for seat, kind in enumerate(kinds)]


@pytest.mark.parametrize(("players", "games"), [(3, 40), (4, 30), (6, 6), (11, 2)])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "default")
def test_plays_whole_games_legally_at_every_size_and_variant(
    players: int, games: int, variants: dict[str, bool]
) -> None:
    rules = Rules(players, **variants)
    if rules.play_on_for_places and players > 4:
        games -= games // 3  # V3 plays big tables on to the last place: long games
    for seed in range(1000, 1000 + games):
        # The checked door raises on any illegal action, so every action here was legal.
        game = play_out(Game.deal(rules, seed), adaptive_table(players, seed), max_rounds=20_000)
        assert sum(game.hand_sizes) + game.pile_size == rules.card_count
        assert game.is_over


@pytest.mark.parametrize("variants", [{}, {"play_on_for_places": True, "capped_plays": True}])
def test_plays_two_player_games_under_v4(variants: dict[str, bool]) -> None:
    rules = Rules(2, open_table_sizes=True, **variants)
    for seed in range(40):
        bots: list[Bot] = [AdaptiveBot(random.Random(seed)), CounterBot(random.Random(seed + 1))]
        if seed % 2:
            bots.reverse()
        game = play_out(Game.deal(rules, seed), bots, max_rounds=20_000)
        assert game.is_over


# ------------------------------------------------------------------------------------------------------
# From one game to the next at the same table


def evening_against(style: str, games: int, params: AdaptiveParams | None = None, players: int = 4) -> AdaptiveBot:
    """An adaptive bot in seat 0 for ``games`` games against copies of ``style``, the same bots all along."""
    bot = AdaptiveBot(random.Random(3), params)
    others: list[Bot] = [make_bot(style, random.Random(seat)) for seat in range(1, players)]
    for number in range(games):
        play_out(Game.deal(Rules(players), seed=100 + number), [bot, *others])
    return bot


def test_without_a_blind_prior_the_blind_share_is_the_share_of_wrong_doubts() -> None:
    model = OpponentModel.fresh(AdaptiveParams())
    for answers, doubts, right, wrong in [(0, 0, 0, 0), (3, 2, 1, 1), (10, 1, 1, 0), (6, 3, 0, 3)]:
        model.answers, model.doubts, model.right, model.wrong = answers, doubts, right, wrong
        assert model.blind_doubts == pytest.approx(min(1.0, (2.0 * wrong + 0.1) / (answers + 10.0)))


def test_a_blind_prior_prices_strangers_as_possible_blind_doubters_and_answers_tell_the_type() -> None:
    plain, wary = OpponentModel.fresh(AdaptiveParams()), OpponentModel.fresh(AdaptiveParams(blind_prior=0.2))
    # A stranger: a fifth of a chance to doubt half of all claims, where the plain model expects a hundredth.
    assert wary.blind_doubts == pytest.approx(0.2 * BLIND_SHARE + 0.8 * plain.blind_doubts)
    # Three answers, two of them doubts (one wrong): a blind doubter, nearly surely; three passes: not one.
    wary.answers, wary.doubts, wary.right, wary.wrong = 3.0, 2.0, 1.0, 1.0
    assert wary.blind_doubts > 0.4
    wary.answers, wary.doubts, wary.right, wary.wrong = 3.0, 0.0, 0.0, 0.0
    assert wary.blind_doubts < 0.2 * BLIND_SHARE
    # Ten answers and one right doubt: a counting player, whatever the prior said.
    wary.answers, wary.doubts, wary.right, wary.wrong = 10.0, 1.0, 1.0, 0.0
    plain.answers, plain.doubts, plain.right, plain.wrong = 10.0, 1.0, 1.0, 0.0
    assert wary.blind_doubts == pytest.approx(plain.blind_doubts, abs=0.005)
    # The prior goes on into the next game at the table.
    assert wary.carried(AdaptiveParams(blind_prior=0.2)).blind_prior == 0.2


def test_the_blind_type_rises_with_wrong_doubts_and_falls_with_claims_let_pass() -> None:
    model = OpponentModel.fresh(AdaptiveParams())
    assert model.blind_type(0.2) == pytest.approx(0.2)  # nothing seen: the prior
    model.answers, model.doubts, model.right, model.wrong = 4.0, 2.0, 0.0, 2.0
    assert model.blind_type(0.2) > 0.98  # two wrong doubts in four answers: a blind doubter
    model.answers, model.doubts, model.right, model.wrong = 20.0, 2.0, 2.0, 0.0
    assert model.blind_type(0.2) < 0.001  # eighteen claims let pass and two right doubts: a counting player
    assert model.blind_type(0.05) < model.blind_type(0.2)


def test_with_a_blind_prior_its_first_bluffs_look_riskier_to_it() -> None:
    plain, wary = AdaptiveBot(), AdaptiveBot(params=AdaptiveParams(blind_prior=0.2))
    view = Game.from_hands(Rules(3), ["AS", "KS", "QS"]).view(0)
    for bot in (plain, wary):
        bot.observe(view)
    assert wary.opponent_doubts(1, 0.1, 8, 8, 0) > plain.opponent_doubts(1, 0.1, 8, 8, 0) + 0.05


def test_what_an_opponent_showed_carries_into_the_next_game_at_the_table_weighed_by_carry() -> None:
    bot = evening_against("bluffer", 2)
    before = {seat: (model.lies, model.truths, model.doubts) for seat, model in bot.models.items()}
    bot.start(0, Rules(4))
    bot.observe(Game.deal(Rules(4), seed=7).view(0))  # the next game's first view
    lie, truth = AdaptiveParams().lie_prior
    for seat in (1, 2, 3):
        lies, truths, doubts = before[seat]
        assert bot.models[seat].lies == pytest.approx(lie + 0.8 * (lies - lie))
        assert bot.models[seat].truths == pytest.approx(truth + 0.8 * (truths - truth))
        assert bot.models[seat].doubts == pytest.approx(0.8 * doubts)
        assert lies > lie  # there was something to carry: bluffers were caught


def test_an_evening_teaches_it_how_each_opponent_bluffs_and_a_one_game_bot_starts_from_the_priors() -> None:
    fresh = Habits(AdaptiveParams().pad_prior, AdaptiveParams().multi_prior).mean_padding()
    rocks = evening_against("rock", 6)
    bluffers = evening_against("bluffer", 6)
    assert max(rocks.models[seat].habits.mean_padding() for seat in (1, 2, 3)) < fresh
    assert min(bluffers.models[seat].habits.mean_padding() for seat in (1, 2, 3)) > fresh
    forgetful = evening_against("rock", 6, AdaptiveParams(carry=0.0))
    rock_lies = sum(rocks.models[seat].lies + rocks.models[seat].truths for seat in (1, 2, 3))
    one_game = sum(forgetful.models[seat].lies + forgetful.models[seat].truths for seat in (1, 2, 3))
    assert one_game < rock_lies  # with carry 0 only the last game's evidence is left


def test_another_seat_or_another_table_size_starts_from_the_priors() -> None:
    bot = evening_against("bluffer", 1)
    bot.start(1, Rules(4))
    bot.observe(Game.deal(Rules(4), seed=8).view(1))
    assert all(model.lies == AdaptiveParams().lie_prior[0] for model in bot.models.values())
    bot = evening_against("bluffer", 1)
    bot.start(0, Rules(5))
    bot.observe(Game.deal(Rules(5), seed=8).view(0))
    assert len(bot.models) == 5
    assert all(model.lies == AdaptiveParams().lie_prior[0] for model in bot.models.values())


def test_carry_is_an_option_of_the_spec_from_0_to_1() -> None:
    assert isinstance(make_bot("adaptive[carry=0]"), AdaptiveBot)
    assert make_bot("adaptive[carry=0.5]").settings.carry == 0.5  # type: ignore[attr-defined]
    assert make_bot("search[carry=0]").model.settings.carry == 0.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="carry is a share from 0 to 1"):
        make_bot("adaptive[carry=2]")


def test_one_card_back_and_voids_are_options_of_the_spec() -> None:
    assert AdaptiveParams().one_card_back is False  # hard reads as before unless told
    assert AdaptiveParams().voids is False
    bot = make_bot("adaptive[one_card_back=true,voids=yes]")
    assert bot.settings.one_card_back is True  # type: ignore[attr-defined]
    assert bot.settings.voids is True  # type: ignore[attr-defined]
    assert bot.tracker.void_aware is True  # type: ignore[attr-defined]  # its tracker reads void hands too
    off = make_bot("adaptive[one_card_back=false]")
    assert off.settings.one_card_back is False  # type: ignore[attr-defined]


def test_habits_with_keep_shares_hold_one_block_of_habits_per_share() -> None:
    low, high = (0.5, 0.3, 0.2), (0.2, 0.3, 0.5)  # how many of the rank it holds: 0, 1, 2
    true_low, false_low = Habits.likelihoods(0, [low], 2, 4, 0.05)
    true_high, false_high = Habits.likelihoods(0, [high], 2, 4, 0.05)
    true_both, false_both = Habits.likelihoods(0, [low, high], 2, 4, 0.05)
    assert true_both == true_low + true_high
    assert false_both == false_low + false_high
    habits = Habits(AdaptiveParams().pad_prior, AdaptiveParams().multi_prior, LEARNS_KEEPING.keep_prior)
    assert len(habits.weights) == 3 * len(true_low)
    assert habits.keep_weights() == pytest.approx([1 / 3] * 3)
    # A claim of two is likelier under the share that makes two held likelier: that block gains weight.
    habits.learn([t + f for t, f in zip(*Habits.likelihoods(0, [low, low, high], 2, 4, 0.05), strict=True)])
    assert habits.keep_weights()[2] > 1 / 3 > habits.keep_weights()[0]


def test_one_keep_share_of_one_is_the_bot_as_it_was_and_the_grid_must_match_its_prior() -> None:
    # The default (every player keeps) reads every claim as a bot given that one share explicitly does,
    # and a grid of other shares reads them otherwise.
    plain = AdaptiveBot(random.Random(1))
    single = AdaptiveBot(random.Random(1), AdaptiveParams(keep_grid=(1.0,)))
    keeping = AdaptiveBot(random.Random(1), LEARNS_KEEPING)
    game = Game.deal(Rules(4), 3)
    players = [make_bot("counter", random.Random(seat)) for seat in range(4)]
    readings: list[tuple[float, float, float]] = []
    for _ in range(300):
        if game.is_over:
            break
        if game.claim is not None and 0 in game.awaiting:
            view = game.view(0)
            for bot in (plain, single, keeping):
                bot.observe(view)
            readings.append(
                (plain.false_probability(view), single.false_probability(view), keeping.false_probability(view))
            )
        play_turn(game, dict(enumerate(players)))
    assert len(readings) > 10
    assert all(first == second for first, second, _ in readings)
    assert any(first != third for first, _, third in readings)
    with pytest.raises(ValueError, match="one entry per keep share"):
        AdaptiveBot(params=AdaptiveParams(keep_grid=(0.0, 1.0)))


def test_with_keep_shares_it_learns_that_counting_bots_keep_more_than_rocks() -> None:
    def kept(field: str) -> float:
        """The mean weight of the "keeps" share over the three opponents, after six games each."""
        total = 0.0
        for seed in range(6):
            me = AdaptiveBot(random.Random(seed), params=LEARNS_KEEPING)
            opponents = [make_bot(field, random.Random(seed * 10 + seat)) for seat in (1, 2, 3)]
            play_out(Game.deal(Rules(4), seed), [me, *opponents])
            total += sum(me.models[seat].habits.keep_weights()[2] for seat in (1, 2, 3)) / 3
        return total / 6

    assert kept("adaptive") > kept("rock") + 0.05


def test_one_card_back_reads_one_card_claims_as_likelier_false_and_leaves_the_first_bigger_claims_alone() -> None:
    # With the played cards back in the pool, a hand read as a larger draw is less sure to hold the due
    # rank, so one-card claims look likelier false; claims of more cards are weighed as before (they
    # differ later only through the habits the one-card claims taught).
    ones: list[tuple[float, float]] = []
    bigger_before_any_one: list[tuple[float, float]] = []
    for deal in (11, 12, 13):
        plain = AdaptiveBot(random.Random(1))
        back = AdaptiveBot(random.Random(1), AdaptiveParams(one_card_back=True))
        game = Game.deal(Rules(4), deal)
        players = [make_bot("counter", random.Random(deal * 10 + seat)) for seat in range(4)]
        seen_one = False
        for _ in range(400):
            if game.is_over:
                break
            claim = game.claim
            if claim is not None and 0 in game.awaiting:
                view = game.view(0)
                plain.observe(view)
                back.observe(view)
                pair = (plain.false_probability(view), back.false_probability(view))
                if claim.count == 1:
                    ones.append(pair)
                    seen_one = True
                elif not seen_one:
                    bigger_before_any_one.append(pair)
            play_turn(game, dict(enumerate(players)))
    assert len(ones) > 10
    assert bigger_before_any_one
    assert sum(b for _, b in ones) > sum(p for p, _ in ones)
    assert all(p == pytest.approx(b) for p, b in bigger_before_any_one)


def test_at_a_table_that_doubts_anything_the_adaptive_bot_plays_as_honest_does() -> None:
    decisions = play_watched("adaptive", "doubter", 5)
    assert assert_plays_as_honest_does(decisions) > len(decisions) / 2


def test_with_the_calling_table_off_the_adaptive_bot_bluffs_by_its_plan_at_that_table_too() -> None:
    decisions = play_watched("adaptive[calling_table=2]", "doubter", 5)
    assert any(chance >= 0.7 for _, _, chance in decisions)
    assert differs_from_honest(decisions)
    assert AdaptiveBot(calling_table=1.5).params.calling_table == 1.5
    assert AdaptiveBot().settings.calling_table == 0.7  # the default


def test_the_next_game_at_a_table_of_doubters_starts_as_honest_does() -> None:
    # The adaptive bot carries what it saw of each opponent into the next game at the table, so it knows
    # the doubters from the first turn; the counter starts each game from the prior.
    adaptive, counter = AdaptiveBot(random.Random(1)), CounterBot(random.Random(1))
    for bot in (adaptive, counter):
        doubters = [make_bot("doubter", random.Random(seat)) for seat in (1, 2, 3)]
        play_out(Game.deal(Rules(4), 5), [bot, *doubters])
        second = Game.deal(Rules(4), 6)
        start_game(bot, 0, second.rules)
        bot.observe(second.view(0))
    assert adaptive.table_calls_blindly(second.view(0)) >= 0.7
    assert counter.table_calls_blindly(second.view(0)) < 0.7


def test_against_adaptive_bots_it_never_sees_a_table_that_doubts_anything() -> None:
    decisions = play_watched("adaptive", "adaptive", 5)
    assert max(chance for _, _, chance in decisions) < 0.7
