"""The search bot: decisions the count settles cost no search, its plays are legal everywhere, its
deterministic mode replays exactly (its time budget is measured by bench/bots.py, not here)."""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import numpy as np
import pytest

from idoubtit import STANDARD_DECK, Action, Card, Decline, Doubt, Game, Phase, Play, Rank, Rules, Suit
from idoubtit.bots import BOTS, AdaptiveBot, RandomBot, make_bot, play_out
from idoubtit.bots.adaptive import MULTI_GRID, PAD_GRID, Belief, Habits, OpponentBelief
from idoubtit.bots.base import start_game
from idoubtit.bots.honest import HonestBot
from idoubtit.bots.knowledge import claim_is_provably_false
from idoubtit.bots.runner import settle_window
from idoubtit.bots.search import SearchBot, SearchParams
from idoubtit.bots.search.leaf import LeafScore
from idoubtit.bots.search.loop import Budget, search
from idoubtit.bots.search.params import LEAVES, PROOF_ONLY
from idoubtit.bots.search.sampler import Sampler, believed_cards, rescaled
from idoubtit.bots.search.simulator import Simulator, State
from idoubtit.engine import Claim, View, parse_cards
from idoubtit.engine.cards import sort_key
from tests.bots.watched import differs_from_honest, play_watched
from tests.project_files import load_file

PARAMS = SearchParams()

VARIANT_SETS = [
    {},
    {"ascending": True},
    {"capped_plays": True},
    {"play_on_for_places": True},
    {"strict_announcing": True},
    {"open_table_sizes": True},
    {
        "ascending": True,
        "capped_plays": True,
        "play_on_for_places": True,
        "strict_announcing": True,
        "open_table_sizes": True,
    },
]


def bot(iterations: int = 200, seed: int = 1, padding_gate: bool = True) -> SearchBot:
    return SearchBot(rng=random.Random(seed), iterations=iterations, padding_gate=padding_gate)


def test_is_registered_and_built_by_name() -> None:
    assert BOTS["search"] is SearchBot
    made = make_bot("search", random.Random(3))
    assert isinstance(made, SearchBot)
    assert made.name == "search"


def test_doubts_a_claim_its_own_cards_prove_false_without_searching() -> None:
    # Seat 1 holds three Aces: seat 0's "two Aces" needs five of the four there are.
    game = Game.from_hands(Rules(4), [["2S", "3S", "4S"], ["AH", "AD", "AC", "5C"], ["QH", "6D"], ["JH", "7D"]])
    game.play(0, ["2S", "3S"])
    searcher = bot()
    assert searcher.act(game.view(1)) == Doubt((1,))
    assert searcher.rollouts == 0


def test_declines_a_claim_the_count_proves_true_without_searching() -> None:
    # Seat 1 holds every card but the Aces: whatever seat 0 put down as "one Ace" is an Ace.
    others = [str(card) for card in STANDARD_DECK if card.rank is not Rank.ACE]
    game = Game.from_hands(Rules(3), [["AS", "AH"], others, ["AD", "AC"]])
    game.play(0, ["AS"])
    searcher = bot()
    assert searcher.act(game.view(1)) == Decline(1)
    assert searcher.rollouts == 0


def test_plays_its_one_card_of_the_due_rank_and_wins() -> None:
    game = Game.from_hands(Rules(4), [["AS"], ["2H", "3H"], ["2D", "3D"], ["2C", "3C"]])
    searcher = bot()
    action = searcher.act(game.view(0))
    assert action == Play(0, (Card.parse("AS"),), Rank.ACE)
    assert searcher.rollouts == 0
    game.apply(action)
    assert game.winner == 0


def test_goes_out_with_every_card_of_the_due_rank_without_searching() -> None:
    game = Game.from_hands(Rules(4), [["AS", "AH", "AD"], ["2H", "3H"], ["2D", "3D"], ["2C", "3C"]])
    searcher = bot()
    assert searcher.act(game.view(0)) == Play(0, tuple(Card.parse(card) for card in ("AS", "AH", "AD")), Rank.ACE)
    assert searcher.rollouts == 0


def test_keeps_the_card_that_goes_out_next_turn() -> None:
    # Aces are due now and, four turns on, 10s (R5 with four players): play the Ace truthfully and keep
    # the 10 for a true last play. Bluffing both away would empty the hand falsely (R10).
    game = Game.from_hands(Rules(4), [["AS", "10S"], ["2H", "3H", "4H"], ["2D", "3D", "4D"], ["2C", "3C", "4C"]])
    searcher = bot()
    assert searcher.act(game.view(0)) == Play(0, (Card.parse("AS"),), Rank.ACE)


def test_a_real_decision_searches_and_is_reproducible() -> None:
    game = Game.deal(Rules(4), 11)
    first = SearchBot(rng=random.Random(5), iterations=30, advisor=False)
    second = SearchBot(rng=random.Random(5), iterations=30, advisor=False)
    assert first.act(game.view(0)) == second.act(game.view(0))
    assert first.rollouts == second.rollouts > 0
    assert first.last_search[0] == 30


def test_with_a_whole_win_as_margin_the_models_plan_stands_unsearched() -> None:
    game = Game.deal(Rules(4), 11)
    searcher = SearchBot(rng=random.Random(1), iterations=200, midgame_margin=1.0)
    assert searcher.act(game.view(0)) == AdaptiveBot(random.Random(0)).act(game.view(0))
    assert searcher.rollouts == 0


def searched_against_the_plan(view: View, iterations: int, margin: float) -> None:
    """The plan (the adaptive bot's play) and every other candidate play are each played in every sampled
    deal, and another play displaces the plan only by beating its average by ``margin``."""
    searcher = SearchBot(rng=random.Random(1), iterations=iterations)
    action = searcher.act(view)
    plan = AdaptiveBot(random.Random(0)).act(view)
    assert isinstance(plan, Play)
    key = sorted(map(sort_key, plan.cards))
    others = [play for play in searcher.play_candidates(view) if sorted(map(sort_key, play.cards)) != key]
    candidates = [plan, *others]
    assert len(candidates) >= 2
    deals, averages = searcher.last_search
    assert deals == iterations
    assert searcher.rollouts == iterations * len(candidates)
    assert len(averages) == len(candidates)
    scores = [averages[0] + margin, *averages[1:]]
    assert action == candidates[max(range(len(candidates)), key=lambda index: scores[index])]


def test_in_the_middle_game_plays_are_searched_against_the_plan() -> None:
    view = Game.deal(Rules(4), 11).view(0)
    assert not SearchBot().endgame(view)
    searched_against_the_plan(view, 20, PARAMS.midgame_margin)


def test_near_the_end_plays_are_searched_against_the_plan() -> None:
    game = Game.from_hands(Rules(4), [["AS", "10S", "7D"], ["2H", "3H", "4H"], ["2D", "3D", "4D"], ["2C", "3C", "4C"]])
    assert SearchBot().endgame(game.view(0))
    searched_against_the_plan(game.view(0), 10, PARAMS.play_margin)


def test_a_doubt_that_the_count_leaves_open_is_searched() -> None:
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    searcher = bot(iterations=20)
    answer = searcher.act(game.view(1))
    assert answer in (Doubt((1,)), Decline(1))
    assert searcher.rollouts > 0


@pytest.mark.parametrize("gated", [False, True])
def test_a_searched_doubt_keeps_what_each_answer_scored_if_the_claim_was_false_and_if_true(gated: bool) -> None:
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    searcher = bot(iterations=20, padding_gate=gated)
    # Say the claimant pads little, so that with the gate on the model's answer is the one to beat.
    searcher.claimant_pads_little = lambda view: True  # type: ignore[method-assign]
    searcher.act(game.view(1))
    assert searcher.last_versions is not None
    if_false, if_true = searcher.last_versions
    lie = searcher.model.false_probability(game.view(1))
    assert 0.0 < lie < 1.0
    # The averages the search chose by are the two versions weighed by the lie chance; through the gate
    # the model's answer (the first candidate) also has the margin another answer must beat it by.
    _, averages = searcher.last_search
    margin = searcher.params.midgame_margin if gated else 0.0
    assert margin > 0.0 or not gated
    for index in range(2):
        bonus = margin if index == 0 else 0.0
        assert averages[index] == pytest.approx(lie * if_false[index] + (1 - lie) * if_true[index] + bonus)
    assert if_false != if_true  # a doubt of a false claim and of a true one are played out differently
    # A play's search has no versions of a claim.
    searcher.act(Game.deal(Rules(4), 11).view(0))
    assert searcher.last_versions is None


def test_a_reader_replaces_the_models_reading_of_the_claim_the_search_weighs() -> None:
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    # Every claim searched, so that the averages are the versions weighed by the reading alone.
    searcher = bot(iterations=20, padding_gate=False)
    searcher.act(view)
    assert searcher.claim_reading(view) == searcher.model.false_probability(view)
    _, by_model = searcher.last_search
    searcher.reader = lambda seen: 0.7
    assert searcher.claim_reading(view) == 0.7
    searcher.act(view)
    assert searcher.last_versions is not None
    if_false, if_true = searcher.last_versions
    _, averages = searcher.last_search
    for index in range(2):
        assert averages[index] == pytest.approx(0.7 * if_false[index] + 0.3 * if_true[index])
    assert averages != by_model
    # A reading past the bot's bar of proof doubts at once, one of zero declines at once: no search.
    searcher.reader = lambda seen: 1.0
    before = searcher.rollouts
    assert searcher.act(view) == Doubt((1,))
    searcher.reader = lambda seen: 0.0
    assert searcher.act(view) == Decline(1)
    assert searcher.rollouts == before


def load_script(name: str) -> ModuleType:
    return load_file("scripts", name)


def test_the_doubt_headroom_script_answers_claims_each_way(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("doubt_headroom")
    script.main(["--games", "3", "--bot", "search[iterations=4]", "--answers", "truth,never,model,told"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" against ")[0] for line in lines] == ["truth", "never", "model", "told"]
    assert all("against three adaptive: won " in line for line in lines)
    # Knowing the truth, every doubt is right; the count's proofs are right too.
    assert ", 100% of them right" in lines[0]
    assert ", 100% of them right" in lines[1]
    doubts = [float(line.split("), ")[1].split(" doubts")[0]) for line in lines]
    assert doubts[0] > doubts[1]  # the truth doubts every false claim, "never" only the proven ones
    # Told the truth, the search reads claims as 0.99 and 0.01 and is set back to its model afterwards.
    setting = script.Setting("told", "all", "search[iterations=4]", "adaptive", 1000)
    readings: list[float] = []
    original = SearchBot.claim_reading

    def spied(self: SearchBot, view: View) -> float:
        readings.append(original(self, view))
        return readings[-1]

    SearchBot.claim_reading = spied  # type: ignore[method-assign]
    try:
        script.play(setting, 0)
    finally:
        SearchBot.claim_reading = original  # type: ignore[method-assign]
    assert readings
    assert set(readings) <= {0.99, 0.01}
    # Told a share of the claims: the others are read by the model (a share of nothing tells none).
    readings.clear()
    SearchBot.claim_reading = spied  # type: ignore[method-assign]
    try:
        script.play(script.Setting("told", "all", "search[iterations=4]", "adaptive", 1000, 0.0), 0)
    finally:
        SearchBot.claim_reading = original  # type: ignore[method-assign]
    assert readings
    assert not set(readings) & {0.99, 0.01}
    with pytest.raises(SystemExit):
        script.main(["--answers", "guess"])
    with pytest.raises(SystemExit):
        script.main(["--told-share", "1.5"])
    with pytest.raises(SystemExit, match="must be a search bot"):
        script.play(script.Setting("search", "all", "adaptive", "adaptive", 1000), 0)
    # At six seats against a pool: the truth still makes every doubt right.
    script.main(["--games", "1", "--players", "6", "--field", "rock+bluffer", "--answers", "truth"])
    six = capsys.readouterr().out
    assert six.startswith("truth against 5 rock+bluffer: won ")
    assert ", 100% of them right" in six


def test_the_doubt_headroom_script_tells_the_plays_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """``--plays told``: the searches of the bot's plays are dealt the referee's hands and pile, every deal
    the same, and its answers to claims keep its own deals."""
    script = load_script("doubt_headroom")
    dealt: list[tuple[int, bool]] = []
    original = script.TrueDeal.sample

    def spied(self: Any, claim_true: bool | None = None) -> Any:
        position = original(self, claim_true)
        game = self.game
        # The truth: every hand as the referee holds it, the pile card by card, who put each card down.
        assert [sorted(map(sort_key, hand)) for hand in position.hands] == [
            sorted(map(sort_key, game.held(seat))) for seat in range(4)
        ]
        assert position.pile == list(game.pile())
        assert position.claim is None
        assert position.owners == [entry.seat for entry in self.ledger.pile]
        dealt.append((game.to_play, game.phase is Phase.PLAY))
        return position

    script.TrueDeal.sample = spied
    try:
        script.play(script.Setting("search", "all", "search[iterations=4]", "adaptive", 1000, plays="told"), 1)
    finally:
        script.TrueDeal.sample = original
    assert dealt, "some play of the bot was searched"
    assert set(dealt) == {(1, True)}  # only the bot's own plays (seat 1 in game 1), never its answers
    script.main(["--games", "1", "--bot", "search[iterations=4]", "--answers", "search", "--plays", "told"])
    assert "search, plays told the hands against three adaptive: won " in capsys.readouterr().out
    with pytest.raises(SystemExit):
        script.main(["--plays", "peek"])


def test_the_safe_bluffs_probe_sizes_bluffs_by_the_most_any_opponent_holds(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("safe_bluffs")
    game = Game.deal(Rules(4), 3)
    view = game.view(game.to_play)
    aces = sum(card.rank is Rank.ACE for card in view.hand)
    two_aces = [Card(Rank.ACE, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS)]

    def held_by_one(most: int) -> Callable[[int], Sequence[Card]]:
        return lambda seat: two_aces[:most] if seat == (view.seat or 0) + 1 else []

    for most in (0, 1, 2):
        cards = script.safe_play(view, held_by_one(most), [])
        assert sum(card.rank is Rank.ACE for card in cards) == aces  # every Ace it holds goes down
        assert len(cards) == max(4 - most, aces, 1)  # and bluffs up to what no one can prove
        assert len(cards) < len(view.hand)  # a card stays back for a true finish
    assert len(script.safe_play(view, held_by_one(0), two_aces)) == max(2, aces, 1)  # the pile's Aces count too
    script.main(["--field", "rock", "--games", "8", "--workers", "1"])
    out = capsys.readouterr().out
    assert "| told hands |" in out
    assert "| counted |" in out
    assert "| adaptive |" in out


def test_the_leaf_fit_can_hold_the_card_term_at_zero() -> None:
    script = load_script("fit_leaf")
    records = [script.play_game("adaptive", "rock", deal, deal % 4) for deal in range(3)]
    features = script.Features(records, script.finish_cost(4.0, 2.0))
    free = script.fit(features)
    held = script.fit(features, card=0.0)
    assert held[1] == 0.0
    assert free[1] != 0.0
    # Holding one number fixed can only fit as well or worse, and the finishing cost still counts.
    assert features.log_likelihood(*held) <= features.log_likelihood(*free) + 1e-9
    assert held[0] > 0.0
    assert features.log_likelihood(*held) > features.log_likelihood(0.0, 0.0, 0.0)


def test_the_leaf_fit_plays_other_table_sizes_against_a_pool_and_fits_one_size_at_a_time() -> None:
    script = load_script("fit_leaf")
    pool = "rock+bluffer+doubter"
    records = [script.play_game("adaptive", pool, deal, deal % 6, players=6) for deal in range(2)]
    assert all(len(position["hands"]) == 6 for record in records for position in record["positions"])
    # Six seats deal two decks (R1): every position holds 104 cards, the pile's among them.
    first = records[0]["positions"][0]
    assert sum(map(sum, first["hands"])) + first["pile"] == 104
    features = script.Features(records, script.finish_cost(4.0, 2.0))
    assert features.cards.shape[1] == 6
    assert np.allclose(np.exp(features.log_chances(2.6, 0.0, 0.08)).sum(axis=1), 1.0)
    four = script.play_game("adaptive", "rock", 0, 0)
    with pytest.raises(ValueError, match="one table size at a time"):
        script.Features([*records, four], script.finish_cost(4.0, 2.0))


def test_the_doubt_values_script_plays_six_seats_against_a_pool(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("doubt_values")
    script.main(["--games", "1", "--players", "6", "--field", "rock+bluffer", "--bot", "search[iterations=4]"])
    printed = capsys.readouterr().out
    assert printed.startswith("search[iterations=4] against five rock+bluffer: won ")


def test_the_doubt_values_script_prints_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("doubt_values")
    window = Simulator._first_window
    script.main(["--games", "2", "--bot", "search[iterations=4]"])
    assert Simulator._first_window is window  # the script counts catches in the rollouts, then lets go
    printed = capsys.readouterr().out
    assert "search[iterations=4] against three adaptive: won" in printed
    rows = [line for line in printed.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[0].startswith("| pile | claims | false | doubted")
    assert any(row.startswith("| 1-2 |") for row in rows)
    assert rows[0].endswith("| false, let go: caught by another | in its rollouts |")
    with pytest.raises(SystemExit, match="must be a search bot"):
        script.main(["--games", "1", "--bot", "adaptive"])


def test_the_claim_kinds_script_sorts_plays_by_the_hand_they_came_from(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("claim_kinds")
    kings, hand = Rank.parse("K"), parse_cards("KS KH 2C")
    assert script.kind_of(parse_cards("2C 3D"), parse_cards("2C"), kings, None) == "forced lie"
    assert script.kind_of(hand, parse_cards("KS KH"), kings, None) == "true, all"
    assert script.kind_of(hand, parse_cards("KS"), kings, None) == "true, kept back"
    assert script.kind_of(hand, parse_cards("KS"), kings, 1) == "true, all"  # V2: one card a play at most
    assert script.kind_of(hand, parse_cards("KS KH 2C"), kings, None) == "lie, holding"
    assert script.kind_of(hand, parse_cards("2C"), kings, None) == "lie, holding"
    # The honest bot lies only when it must, a lie doubted is a lie caught, and a game's first three
    # plays are counted as its opening.
    honest = [script.play("honest", "doubter", 1000, number) for number in range(4)]
    _, totals = script.summary(honest)
    assert totals["lie, holding"].plays == totals["true, kept back"].plays == 0
    assert totals["true, all"].plays > 0
    assert totals["true, all"].caught == 0
    assert totals["forced lie"].caught == totals["forced lie"].doubted
    assert sum(tally.opening for tally in totals.values()) == 3 * len(honest)
    script.main(["--bot", "search[iterations=4]", "--fields", "doubter,rock", "--games", "2"])
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if " against three " in line] == [
        line for line in printed if line.startswith("search[iterations=4] against three ")
    ]
    assert len([line for line in printed if " against three " in line]) == 2
    assert sum(line.strip().startswith(script.KINDS) for line in printed) == 2 * len(script.KINDS)
    with pytest.raises(SystemExit):
        script.main(["--games", "0"])


def test_the_honest_reading_script_replays_a_truthful_players_claims(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("honest_reading")
    hand = parse_cards("KS KH QD 2C 3C")
    kings, queens, jacks = Rank.parse("K"), Rank.parse("Q"), Rank.parse("J")
    # Two Kings claimed from a hand of two Kings: it holds no King after; three claimed: not this hand.
    left = script.replay(hand, [script.Turn(kings, 2)], False)
    assert left is not None
    assert left[kings] == 0
    assert script.replay(hand, [script.Turn(kings, 3)], False) is None
    # Holding no Jack it puts down one card, the one due last (after J come 10 … 2, then A, K, Q).
    left = script.replay(hand, [script.Turn(jacks, 1)], False)
    assert left is not None
    assert left[queens] == 0
    assert script.replay(hand, [script.Turn(jacks, 1, parse_cards("2C"))], False) is None  # not the one it sheds
    # A hand known to the last card is read for certain (but for the half draw of each kind).
    reading = script.policy_reading(hand, hand, [], jacks, len(hand), random.Random(1), 9)
    assert reading == pytest.approx(9.5 / 10)
    assert script.policy_reading(hand, hand, [], queens, len(hand), random.Random(1), 9) == pytest.approx(0.5 / 10)
    # With two Kings it would have claimed two: no draw is kept.
    assert script.policy_reading(hand, hand, [], kings, len(hand), random.Random(1), 9) is None
    script.main(["--field", "rock", "--games", "2", "--draws", "50"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split(" one-card claims by rock read, ")[1].endswith("false")
    assert [line.split()[0] for line in printed[1:]] == ["adaptive", "policy"]
    with pytest.raises(SystemExit):
        script.main(["--draws", "0"])


def test_the_reading_by_hand_script_splits_claims_by_the_claimants_hand(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("reading_by_hand")
    classes = script.READING_CLASSES
    assert [script.hand_class(size, classes) for size in (0, 4, 5, 10, 11, 30)] == [0, 0, 1, 2, 3, 3]
    assert [script.class_label(index, classes) for index in range(4)] == ["0-4", "5-7", "8-10", "11+"]
    claims = script.play_game("rock", 5)
    assert claims
    # A rock never pads: every claim of two cards or more is true, and a false one-card claim is a forced
    # lie, made holding none of the rank.
    assert not any(claim.false for claim in claims if claim.count >= 2)
    assert all(claim.held == 0 for claim in claims if claim.false)
    assert all(0.0 <= claim.read <= 1.0 and 0.0 <= claim.none_counted <= 1.0 for claim in claims)
    sure = script.Claim(False, 1, 9, 1, 0.05, 0, 0.01, False)
    caught = script.Claim(True, 1, 9, 0, 0.05, 0, 0.01, False)
    assert script.log_loss([sure]) == pytest.approx(-math.log(0.95))
    line = script.nearly_sure_line([sure, caught])
    assert line.startswith("one-card claims the count finds nearly sure: 2 of 2, 0.500")
    script.main(["--field", "counter", "--games", "2"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split(" claims by counter read, ")[1].endswith("false")
    assert printed[1].split() == ["claim", "hand", "claims", "false", "read", "log-loss"]
    assert printed[-1].startswith("one-card claims the count finds nearly sure: ")
    with pytest.raises(SystemExit):
        script.main(["--games", "0"])


def test_the_reading_by_turn_script_groups_claims_and_its_shifted_bot_reads_through_the_shifts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = load_script("reading_by_turn")
    assert script.shifted(0.5, 0.0) == 0.5
    assert script.shifted(0.5, math.log(3.0)) == pytest.approx(0.75)
    assert script.shifted(1.0, -2.0) == 1.0  # what the count proves stays proven
    shifts = tmp_path / "shifts.json"
    script.main(["--field", "rock", "--games", "2", "--bot", "search[iterations=4]", "--shifts", str(shifts)])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split() == ["claim", "number", "size", "claims", "false", "read"]
    assert printed[-2].startswith("log-loss on the held-out half (")
    fitted = script.load_shifts(shifts)
    # A rock never pads: its claims of two cards or more are all true, so their readings are shifted down.
    assert any(size >= 2 for _, size in fitted)
    assert all(shift < 0.0 for (_, size), shift in fitted.items() if size >= 2)
    # The fit itself: read as coin flips, a group of false claims is shifted up as far as the grid goes,
    # one of true claims down, and a group that is half false not at all.
    claim = script.Claim
    made = [claim((1, 2), True, 0.5)] * 4 + [claim((6, 3), False, 0.5)] * 4
    made += [claim((6, 1), False, 0.5), claim((6, 1), True, 0.5)]
    assert script.fitted_shifts(made) == {(1, 2): 3.0, (6, 1): 0.0, (6, 3): -3.0}
    assert script.loss(made, script.fitted_shifts(made)) < script.loss(made)
    shifts.write_text(json.dumps({f"{number},{size}": 3.0 for number in range(1, 7) for size in range(1, 4)}))
    searcher = script.ShiftedSearch(rng=random.Random(1), shifts=str(shifts), iterations=4)
    game = Game.from_hands(Rules(3), ["AS 2C 3C 4C 5C", "KS KH 9D 8D 7D KD", "QS QH 7H 4H 6S"])
    game.play(0, "AS 2C")
    view = game.view(1)
    searcher.follow(view)
    read = searcher.model.false_probability(view)
    assert 0.0 < read < 1.0
    assert searcher.claim_reading(view) == pytest.approx(script.shifted(read, 3.0))
    for bad in ('{"one": 1}', '{"1,2": null}', '{"1,2,3": 0.5}', "[1, 2]"):
        (tmp_path / "bad.json").write_text(bad)
        with pytest.raises(ValueError, match="not a table of shifts"):
            script.load_shifts(tmp_path / "bad.json")
    for arguments in (["--games", "0"], ["--bot", "adaptive"], ["--shifts", str(tmp_path / "no" / "s.json")]):
        with pytest.raises(SystemExit):
            script.main(arguments)


def test_with_advised_doubts_the_models_answer_is_the_one_to_beat() -> None:
    # With a whole win as the margin nothing can displace the model's answer: every searched doubt
    # window is answered as the adaptive model in the bot answers it.
    searcher = SearchBot(rng=random.Random(1), iterations=4, advised_doubts=True, midgame_margin=1.0, play_margin=1.0)
    said: list[bool] = []
    model_answer = searcher.model.should_doubt

    def spied(view: View) -> bool:
        said.append(model_answer(view))
        return said[-1]

    searcher.model.should_doubt = spied  # type: ignore[method-assign]
    game = Game.deal(Rules(4), 5)
    others = [make_bot("bluffer", random.Random(seat)) for seat in (1, 2, 3)]
    checked = 0
    while not game.is_over and game.step < 400:
        if game.phase is Phase.PLAY:
            seat = game.to_play
            game.apply((searcher if seat == 0 else others[seat - 1]).act(game.view(seat)))
            continue
        answers = {}
        for seat in game.awaiting:
            before = len(said)
            answers[seat] = (searcher if seat == 0 else others[seat - 1]).act(game.view(seat))
            if seat == 0 and len(said) > before:
                assert isinstance(answers[seat], Doubt) == said[-1]
                checked += 1
        settle_window(game, [s for s, a in answers.items() if isinstance(a, Doubt)],
                      [s for s, a in answers.items() if not isinstance(a, Doubt)])  # fmt: skip
    assert checked >= 5
    assert True in said  # the model did advise doubts, and they were followed


def test_the_padding_gate_hands_the_claims_of_players_who_pad_little_to_the_models_answer() -> None:
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    # With a whole win as the margin, the model's answer stands wherever the gate hands it the claim.
    searcher = SearchBot(rng=random.Random(1), iterations=4, padding_gate=True, midgame_margin=1.0, play_margin=1.0)
    searcher.act(view)
    habits = searcher.model.models[0].habits
    settings = searcher.model.settings
    habits.weights = Habits(settings.pad_prior, settings.multi_prior, settings.keep_prior).weights
    assert not searcher.claimant_pads_little(view)  # a stranger pads as the prior says: the search answers
    columns = len(MULTI_GRID)
    pads = [(index // columns) % len(PAD_GRID) for index in range(len(habits.weights))]
    never = [float(pad == 0) for pad in pads]
    often = [float(pad == len(PAD_GRID) - 1) for pad in pads]
    advised: list[bool] = []
    model_answer = searcher.model.should_doubt

    def spied(view: View) -> bool:
        advised.append(model_answer(view))
        return advised[-1]

    searcher.model.should_doubt = spied  # type: ignore[method-assign]
    habits.weights = [weight / sum(never) for weight in never]
    assert searcher.claimant_pads_little(view)
    answer = searcher.act(view)
    assert advised
    assert isinstance(answer, Doubt) == advised[-1]
    habits.weights = [weight / sum(often) for weight in often]
    assert not searcher.claimant_pads_little(view)
    asked = len(advised)
    searcher.act(view)
    assert len(advised) == asked  # a player who pads: the search answers, the model is not asked


def test_gated_doubts_trust_the_search_as_the_claimant_shows_itself() -> None:
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    searcher = SearchBot(rng=random.Random(1), iterations=4, gated_doubts=True)
    searcher.act(view)
    assert searcher.claimant_known(view) == 0.0  # nothing of seat 0 seen yet: the model's answer stands
    model = searcher.model.models[0]
    model.truths += sum(searcher.model.settings.lie_prior)  # as many claims seen as the prior weighs
    assert searcher.claimant_known(view) == pytest.approx(0.5)
    model.lies += 100.0
    assert searcher.claimant_known(view) > 0.95


def test_gated_doubts_answer_a_claimant_never_seen_as_advised_doubts_do() -> None:
    # With nothing seen of the claimant the gate keeps the whole margin: the same search, the same answer.
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    gated = SearchBot(rng=random.Random(3), iterations=12, gated_doubts=True, midgame_margin=1.0, play_margin=1.0)
    advised = SearchBot(rng=random.Random(3), iterations=12, advised_doubts=True, midgame_margin=1.0, play_margin=1.0)
    answer = gated.act(view)
    assert answer == advised.act(view)
    assert answer == (Doubt((1,)) if gated.model.should_doubt(view) else Decline(1))
    assert gated.last_search == advised.last_search


@pytest.mark.parametrize("players", [3, 4, 6, 11])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "default")
def test_plays_legally_at_every_size_and_variant(players: int, variants: dict[str, bool]) -> None:
    rules = Rules(players, **variants)
    for seed in range(2):
        bots: list[SearchBot | RandomBot] = [RandomBot(random.Random(seed * 10 + seat)) for seat in range(players)]
        bots[0] = SearchBot(rng=random.Random(seed), iterations=2)
        # Without the model's plan every play is searched.
        bots[players // 2] = SearchBot(rng=random.Random(seed + 50), iterations=2, advisor=False)
        # The checked door raises on any illegal action, so every round it takes proves the answers legal.
        game = play_out(Game.deal(rules, seed), bots, max_rounds=120)
        assert sum(game.hand_sizes) + game.pile_size == rules.card_count


def test_rescaled_truth_weights_keep_the_shape_of_the_lie() -> None:
    weights = rescaled([0.2, 0.2, 0.6], 0.7)
    assert weights[-1] == pytest.approx(0.3)
    assert weights[0] == pytest.approx(weights[1]) == pytest.approx(0.35)
    assert rescaled([0.0, 1.0], 0.25) == pytest.approx([0.25, 0.75])


def snapshot(state: State) -> tuple[object, ...]:
    """Every field of a rollout state, deep-copied, to compare before and after."""
    return (
        [list(hand) for hand in state.hands],
        list(state.sizes),
        list(state.pile),
        state.pile_size,
        [list(counts) for counts in state.owned],
        list(state.owned_total),
        state.due,
        state.to_play,
        tuple(state.active),
        state.claim,
        state.finished,
    )


def test_a_rollout_leaves_the_sampled_position_it_starts_from_as_it_was() -> None:
    # Every candidate is played on the same sampled position: a rollout that wrote into it would hand
    # the next candidate a position where cards are already gone.
    view = Game.deal(Rules(4), 3).view(0)
    searcher = bot(iterations=3)
    ledger = searcher._track(view)
    simulator = Simulator(view, ledger, PARAMS)
    state = simulator.position(Sampler(view, ledger, random.Random(1)).sample())
    assert sum(state.sizes) + state.pile_size == 52
    assert [sum(hand) for hand in state.hands] == list(view.hand_sizes)
    before = snapshot(state)
    for action in searcher.play_candidates(view):
        assert 0.0 <= simulator.value_after(state, action, 0.5) <= 1.0
        assert snapshot(state) == before


def test_a_copied_state_shares_nothing_that_a_rollout_changes() -> None:
    state = turn_start([counts(Rank.ACE, Rank.TWO), counts(Rank.KING), counts(Rank.FIVE)], Rank.ACE)
    before = snapshot(state)
    clone = state.copy()
    for rows in (clone.hands, clone.owned):
        for row in rows:
            row[Rank.ACE.value] += 1
    for row in (clone.sizes, clone.pile, clone.owned_total):
        row[0] += 1
    with pytest.raises(TypeError):
        clone.active[0] = False  # type: ignore[index]  # no rollout may take a seat out: it is shared
    assert snapshot(state) == before


def counts(*ranks: Rank) -> list[int]:
    """A hand as the rollouts hold it: cards counted by rank value."""
    held = [0] * 14
    for rank in ranks:
        held[rank.value] += 1
    return held


def turn_start(hands: list[list[int]], due: Rank) -> State:
    """A rollout state at the start of seat 0's turn: these hands, an empty pile, every seat still in."""
    return State(
        [list(hand) for hand in hands], [0] * 14, [[0] * 14 for _ in hands], due.value, 0, (True,) * len(hands), None
    )


def test_the_leaf_puts_one_turn_from_going_out_far_above_three_turns() -> None:
    # Seat 0 plays Aces now and holds one Ace (out next turn); seat 1 is due K, 9, 5 on its next turns and
    # holds one of each (out in three). Who won games says the first is several times likelier to win
    # (the bot's score: seven times; the halved score before the refit, three times); a score of
    # exp(-turns / 4) gave it 1.6 times.
    game = Game.deal(Rules(4), 3)
    far_from_out = counts(*[Rank.TWO, Rank.THREE, Rank.FOUR, Rank.SIX, Rank.SEVEN, Rank.EIGHT] * 2)
    hands = [counts(Rank.ACE), counts(Rank.KING, Rank.NINE, Rank.FIVE), far_from_out, list(far_from_out)]
    state = turn_start(hands, Rank.ACE)
    searcher = bot()  # with the bot's own leaf settings
    first, second = (Simulator(game.view(seat), searcher._track(game.view(seat)), PARAMS).leaf for seat in (0, 1))
    assert first.finish_cost(hands[0], Rank.ACE.value, 4) == 1
    assert second.finish_cost(hands[1], Rank.KING.value, 4) == 3
    assert first.evaluate(state) > 5 * second.evaluate(state)


def test_the_leaf_remembers_each_hands_cost_by_its_first_due_rank() -> None:
    # The leaf keeps each hand's cost term for the rest of the search; the same hands with another rank
    # due first must be scored afresh, exactly as a simulator with nothing remembered scores them.
    game = Game.deal(Rules(4), 3)
    hands = [counts(Rank.ACE), counts(Rank.KING, Rank.NINE, Rank.FIVE), counts(Rank.TWO), counts(Rank.SIX)]
    searcher = bot()
    view = game.view(0)

    def leaf() -> LeafScore:
        return Simulator(view, searcher._track(view), PARAMS).leaf

    remembering = leaf()
    aces_first = remembering.evaluate(turn_start(hands, Rank.ACE))
    assert len(remembering.terms) == 4
    kings_first = remembering.evaluate(turn_start(hands, Rank.KING))
    assert len(remembering.terms) == 8
    assert kings_first == leaf().evaluate(turn_start(hands, Rank.KING))
    assert aces_first == leaf().evaluate(turn_start(hands, Rank.ACE))
    assert kings_first != aces_first


def test_time_budget_mode_stops_near_the_budget() -> None:
    game = Game.deal(Rules(4), 11)
    searcher = SearchBot(rng=random.Random(2), budget=0.005, advisor=False)
    start = time.perf_counter()
    searcher.act(game.view(0))
    assert time.perf_counter() - start < 0.5  # generous: a loaded test machine is slow, never ten times over
    assert searcher.last_search[0] >= 1


@pytest.mark.parametrize(
    ("spec", "advisor"), [("search", True), ("search[advisor=False]", False), ("search[advisor=0]", False)]
)
def test_the_plan_can_be_switched_off_from_a_spec(spec: str, advisor: bool) -> None:
    made = make_bot(spec, random.Random(1))
    assert isinstance(made, SearchBot)
    assert made.advisor is advisor


def pile_pickup_game() -> Game:
    """Seat 0 takes a pile holding seat 1's undoubted "one King" (really the AS): it is believed to hold a King."""
    game = Game.from_hands(Rules(3), ["7H KD 2C 3C", "AS AH 5D 6D", "QS JD 3D 4D"])
    game.play(0, "7H")
    game.doubt(1)
    game.play(1, "AS")  # "one King"
    for seat in game.awaiting:
        game.decline(seat)
    game.play(2, "QS")
    game.doubt(0)  # true: seat 0 takes the AS (face down) and the QS (turned up)
    return game


def kings_in_seat_0(sampler: Sampler, samples: int = 40) -> list[int]:
    return [sum(card.rank is Rank.KING for card in sampler.sample().hands[0]) for _ in range(samples)]


def test_samples_deal_the_cards_the_adaptive_model_believes() -> None:
    game = pile_pickup_game()
    view = game.view(2)
    searcher = bot()
    ledger = searcher._track(view)
    searcher.model.observe(view)
    believed = searcher._believed(view)
    assert [rank for rank, _ in believed[0]] == [Rank.KING]
    # Dealt by the belief, seat 0 holds a King in every sample; dealt blindly, often none.
    sure: dict[int, tuple[tuple[Rank, float], ...]] = {0: ((Rank.KING, 1.0),)}
    assert min(kings_in_seat_0(Sampler(view, ledger, random.Random(1), believed=sure))) >= 1
    assert min(kings_in_seat_0(Sampler(view, ledger, random.Random(1)))) == 0
    # With the model's own trust, the King is there more often than by chance.
    weighted = kings_in_seat_0(Sampler(view, ledger, random.Random(1), believed=believed), 400)
    blind = kings_in_seat_0(Sampler(view, ledger, random.Random(1)), 400)
    assert sum(map(bool, weighted)) > sum(map(bool, blind)) + 40


def kings_after_seat_1_announced_them(voids: bool, samples: int = 200) -> list[int]:
    """Seat 1 puts down its two Kings, unchallenged: the Kings in its sampled hands, seen from seat 2."""
    game = Game.from_hands(Rules(3), ["AS 2C 3C 4C 5C", "KS KH 9D 8D 7D KD", "QS QH 7H 4H 6S"])
    game.play(0, "AS")
    game.decline(1)
    game.decline(2)
    game.play(1, "KS KH")  # "two Kings"
    game.decline(2)
    game.decline(0)
    view = game.view(2)
    searcher = SearchBot(rng=random.Random(1), iterations=10, voids=voids, params=SearchParams(void_strength=1.0))
    ledger = searcher.follow(view)
    sampler = Sampler(view, ledger, random.Random(1), voids=searcher._voids(view))
    return [sum(card.rank is Rank.KING for card in sampler.sample().hands[1]) for _ in range(samples)]


def test_with_voids_a_hand_is_dealt_none_of_a_rank_its_player_announced() -> None:
    # Seat 1 kept a King back (KD): the blind deal gives it one now and then; with voids, never, as long as
    # other cards are left to deal.
    assert max(kings_after_seat_1_announced_them(voids=True)) == 0
    assert max(kings_after_seat_1_announced_them(voids=False)) >= 1
    # While its claim is open, the claimant is void of the claimed rank too (it put down every one it held).
    game = Game.from_hands(Rules(3), ["AS 2C 3C 4C 5C", "KS KH 9D 8D 7D KD", "QS QH 7H 4H 6S"])
    game.play(0, "AS")
    view = game.view(2)
    searcher = SearchBot(rng=random.Random(1), iterations=10, voids=True)
    searcher.follow(view)
    voids = searcher._voids(view)
    assert voids is not None
    assert Rank.ACE in voids[0]
    assert Rank.ACE not in voids[1]
    assert SearchBot(rng=random.Random(1), iterations=10)._voids(view) is None
    assert SearchBot(voids="true").model.settings.voids
    assert not SearchBot().model.settings.voids


def belief_of(seat: int, believed: tuple[tuple[Rank, float], ...]) -> Belief:
    opponent = OpponentBelief(seat, 5, (), believed, 5, 0.2, 0.2, 0.5)
    return Belief(0, (opponent,), (), (), 0)


def test_a_claimants_believed_cards_of_the_claimed_rank_go_down_with_its_claim() -> None:
    # The adaptive model moves them to the pile only when the window closes; the sample must not deal
    # them to the claimant's hand as well as to the pile.
    belief = belief_of(1, ((Rank.KING, 0.7), (Rank.KING, 0.6), (Rank.FIVE, 0.9)))
    assert believed_cards(belief, None)[1] == belief.opponents[0].believed
    assert believed_cards(belief, Claim(1, 1, Rank.KING))[1] == ((Rank.KING, 0.6), (Rank.FIVE, 0.9))
    assert believed_cards(belief, Claim(1, 3, Rank.KING))[1] == ((Rank.FIVE, 0.9),)
    assert believed_cards(belief, Claim(2, 2, Rank.KING))[1] == belief.opponents[0].believed


def pile_settled(leaf: LeafScore) -> tuple[float, float, float]:
    """Seat 0's leaf score when seat 3's claim over a pile of ten cards is settled: no one takes the
    pile, seat 0 takes it (a doubt of a true claim), seat 3 takes it (a doubt of a false one)."""
    mine = counts(Rank.ACE, Rank.TEN, Rank.SIX, Rank.SIX, Rank.TWO, Rank.JACK, Rank.KING)
    other = counts(Rank.FOUR, Rank.FOUR, Rank.TEN, Rank.SEVEN, Rank.JACK, Rank.THREE, Rank.TWO)
    claimant = counts(Rank.TWO, Rank.TEN, Rank.SIX, Rank.JACK, Rank.SEVEN, Rank.THREE)
    # Claims are mostly true: the pile holds the ranks just announced, due at seat 0's turns late.
    ranks = [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE] * 2 + [Rank.SIX, Rank.SEVEN]
    pile = counts(*ranks)

    def score(taker: int | None) -> float:
        hands = [mine, other, list(other), claimant]
        if taker is not None:
            hands[taker] = [held + taken for held, taken in zip(hands[taker], pile, strict=True)]
        return leaf.evaluate(turn_start(hands, Rank.ACE))

    return score(None), score(0), score(3)


def leaf_of(params: SearchParams) -> LeafScore:
    game = Game.deal(Rules(4), 3)
    view = game.view(0)
    return Simulator(view, bot()._track(view), params).leaf


def test_the_leaf_prices_a_pile_taken() -> None:
    # A seat that has just taken a pile of 6 to 11 cards won 10 % of the games that followed, against
    # 25 % for a seat that took none: the leaf must see a wrong doubt cost and a right one pay.
    kept, taken, given = pile_settled(leaf_of(PARAMS))
    assert taken < 0.65 * kept
    assert given > kept + 0.03


def test_a_card_more_of_a_rank_already_held_is_no_gain_to_the_leaf() -> None:
    # A wrong doubt of a one-card claim of Sixes over an empty pile hands seat 0 a Six, a rank it holds
    # already: no turn more to go out. The default leaf sees no gain in it; the refit, which paid a
    # little for every card held, scored it above letting the claim go, so the search doubted true
    # claims over small piles for nothing (docs/bots.md, "A card more is no gain").
    mine = counts(Rank.ACE, Rank.TEN, Rank.SIX, Rank.SIX, Rank.TWO, Rank.JACK, Rank.KING)
    other = counts(Rank.FOUR, Rank.FOUR, Rank.TEN, Rank.SEVEN, Rank.JACK, Rank.THREE, Rank.TWO)
    claimant = counts(Rank.TWO, Rank.TEN, Rank.JACK, Rank.SEVEN, Rank.THREE)
    took = [held + (value == Rank.SIX.value) for value, held in enumerate(mine)]

    def gain(leaf: LeafScore) -> float:
        before = leaf.evaluate(turn_start([mine, other, list(other), claimant], Rank.ACE))
        return leaf.evaluate(turn_start([took, other, list(other), claimant], Rank.ACE)) - before

    assert gain(leaf_of(PARAMS)) <= 0.0
    assert gain(leaf_of(SearchBot(leaf="refit").params)) > 0.0


def test_with_blind_shares_the_rollouts_opponents_doubt_true_claims_too() -> None:
    # Seat 0 claims one Ace, truly, and every other seat doubts only what it can prove: nobody doubts.
    # A player who doubts half of all claims whatever the count (the doubter) catches claims its count
    # does not: with its blind share, the nearest such seat doubts and, the claim being true, takes the pile.
    game = Game.deal(Rules(4), 3)
    view = game.view(1)
    hands = [counts(Rank.ACE, Rank.TWO, Rank.FIVE), counts(Rank.NINE), counts(Rank.SIX), counts(Rank.TEN)]

    def settled(blind: list[float] | None) -> list[int]:
        simulator = Simulator(view, bot()._track(view), PARAMS, blind=blind)
        simulator.styles = [PROOF_ONLY] * 4
        state = turn_start(hands, Rank.ACE)
        simulator.play_cards(state, 0, counts(Rank.ACE), 1)
        simulator._window(state)
        return state.sizes

    assert settled(None) == [2, 1, 1, 1]
    assert settled([0.0, 0.0, 1.0, 1.0]) == [2, 1, 2, 1]  # seat 2, the nearest blind doubter, took it


def test_the_blind_option_hands_the_models_blind_shares_to_the_rollouts() -> None:
    game = Game.deal(Rules(4), 3)
    searcher = make_bot("search[iterations=4,blind=true]")
    assert isinstance(searcher, SearchBot)
    start_game(searcher, 0, game.rules)
    view = game.view(0)
    searcher.follow(view)
    shares = searcher._blind_shares(view)
    assert shares is not None
    assert shares[0] == 0.0
    assert shares[1:] == [searcher.model.models[seat].blind_doubts for seat in (1, 2, 3)]
    assert 0.0 < shares[1] < 0.05  # the prior: hardly any blind doubts until seen
    assert cast(SearchBot, make_bot("search[iterations=4]"))._blind_shares(view) is None


def test_the_blind_prior_option_sets_its_models_prior_of_blind_doubters() -> None:
    game = Game.deal(Rules(4), 3)
    plain = cast(SearchBot, make_bot("search[iterations=4]"))
    wary = cast(SearchBot, make_bot("search[iterations=4,blind_prior=0.2,keeping=true,one_card_back=false]"))
    assert plain.model.settings.blind_prior == 0.0
    assert wary.model.settings.blind_prior == 0.2
    assert wary.model.settings.keep_grid == (0.0, 0.5, 1.0)  # the other model options still hold
    assert plain.model.settings.one_card_back
    assert not wary.model.settings.one_card_back
    for searcher in (plain, wary):
        start_game(searcher, 0, game.rules)
        searcher.follow(game.view(0))
    assert wary.model.models[1].blind_doubts > plain.model.models[1].blind_doubts + 0.05
    for wrong in (-0.1, 1.0, 1.5):
        with pytest.raises(ValueError, match="blind_prior is a chance"):
            SearchBot(iterations=4, blind_prior=wrong)


def test_at_a_table_that_doubts_anything_it_plays_as_honest_does() -> None:
    decisions = play_watched("search[iterations=4,calling_table=0.7]", "doubter", 5)
    honest = [(view, action) for view, action, chance in decisions if chance >= 0.7]
    assert len(honest) > len(decisions) / 2  # three doubters show themselves within a round
    for view, action in honest:
        if view.must_play:
            assert action == Play(0, HonestBot.choose_cards(view), view.due_rank)
        elif isinstance(action, Doubt):
            assert claim_is_provably_false(view)  # only what its cards prove, as honest doubts
    assert any(isinstance(action, Decline) for _, action in honest)


def test_with_the_calling_table_off_it_searches_its_plays_at_that_table_too() -> None:
    decisions = play_watched("search[iterations=4,calling_table=2]", "doubter", 5)
    assert any(chance >= 0.7 for _, _, chance in decisions)
    assert differs_from_honest(decisions)


def test_a_coach_reading_the_options_at_a_table_that_doubts_anything_is_told_honests_choice() -> None:
    # On this deal, without the honest choice, the averages pick other plays five times after the switch.
    searcher = cast(SearchBot, make_bot("search[iterations=4,calling_table=0.7]", random.Random(9)))
    chosen: list[tuple[View, Action, float]] = []

    class Advised:
        """Seat 0 played by the options a coach reads: each time the one the bot says it would choose."""

        name = "advised"

        def act(self, view: View) -> Action:
            options, _, choice = searcher.option_values(view)
            searcher.chose(options[choice])
            chosen.append((view, options[choice], searcher.table_calls_blindly(view)))
            return options[choice]

    others = [make_bot("doubter", random.Random(50 + seat)) for seat in (1, 2, 3)]
    play_out(Game.deal(Rules(4), 9), [Advised(), *others])
    plays = [(view, action) for view, action, chance in chosen if chance >= 0.7 and view.must_play]
    assert plays
    for view, action in plays:
        assert isinstance(action, Play)
        assert sorted(action.cards, key=sort_key) == sorted(HonestBot.choose_cards(view), key=sort_key)


def test_against_counting_players_the_table_never_looks_like_blind_doubters() -> None:
    decisions = play_watched("search[iterations=4,calling_table=0.7]", "adaptive", 5)
    assert max(chance for _, _, chance in decisions) < 0.7
    assert cast(SearchBot, make_bot("search")).params.calling_table == 0.7  # the default
    assert cast(SearchBot, make_bot("search[calling_table=2]")).params.calling_table > 1.0  # never


def test_a_price_per_card_makes_a_pile_taken_cost_and_a_pile_handed_on_pay_more() -> None:
    flat = pile_settled(leaf_of(PARAMS))
    priced = cast(SearchBot, make_bot("search[iterations=4,leaf_card=-0.04]")).params
    assert priced.leaf_card == -0.04
    assert priced.leaf_power == PARAMS.leaf_power  # the rest of the leaf as it was
    kept, taken, given = pile_settled(leaf_of(priced))
    assert taken - kept < flat[1] - flat[0]
    assert given - kept > flat[2] - flat[0]


def test_the_halved_leaf_barely_saw_who_took_the_pile() -> None:
    # The score before the refit: the pile in seat 0's hand cost a fifth of its chance, and handing it to
    # the claimant gained next to nothing (the test above fails with it).
    kept, taken, given = pile_settled(leaf_of(SearchBot(leaf="halved").params))
    assert taken > 0.7 * kept
    assert given < kept + 0.02


def test_a_named_leaf_sets_its_numbers_and_an_unknown_one_is_refused() -> None:
    assert make_bot("search[leaf=halved]").params.leaf_power == LEAVES["halved"]["leaf_power"]  # type: ignore[attr-defined]
    # A lone Queen, due at seat 0's eighth turn, has no true last play in sight: stuck, at 4 turns and 2 a
    # card by default, 6 and a half with the ``stuck`` leaf.
    queen = counts(Rank.QUEEN)
    assert leaf_of(PARAMS).finish_cost(queen, Rank.ACE.value, 4) == 6.0
    assert leaf_of(SearchBot(leaf="stuck").params).finish_cost(queen, Rank.ACE.value, 4) == 6.5
    with pytest.raises(ValueError, match="no leaf score"):
        SearchBot(leaf="sharpest")


class _Deals:
    """A stand-in sampler: a deal is a number, and no claim is in doubt."""

    claim_in_doubt = False

    def __init__(self) -> None:
        self.dealt = 0

    def sample(self) -> int:
        self.dealt += 1
        return self.dealt


class _Outcomes:
    """A stand-in simulator: declining is worth 0.5 in every deal, doubting 0.5 + ``gain``, give or take
    ``noise`` (more in odd deals, less in even ones: the mean gain is exactly ``gain``)."""

    def __init__(self, gain: float, noise: float) -> None:
        self.gain, self.noise = gain, noise

    def position(self, deal: int) -> int:
        return deal

    def value_after(self, deal: int, action: object, seed: float) -> float:
        if not isinstance(action, Doubt):
            return 0.5
        return 0.5 + self.gain + (self.noise if deal % 2 else -self.noise)


def _searched(gain: float, noise: float, doubt_z: float) -> tuple[object, float]:

    result = search(
        [Decline(1), Doubt((1,))],
        cast(Sampler, _Deals()),
        cast(Simulator, _Outcomes(gain, noise)),
        random.Random(3),
        Budget(60, 0.0),
        doubt_z=doubt_z,
    )
    return result.action, result.doubt_handicap


def test_a_doubt_whose_gain_is_inside_its_noise_is_declined_with_a_standard_error_gate() -> None:
    # A small edge in noisy deals: the plain averages take the doubt, one standard error declines it.
    assert _searched(gain=0.01, noise=0.2, doubt_z=0.0) == (Doubt((1,)), 0.0)
    action, handicap = _searched(gain=0.01, noise=0.2, doubt_z=1.0)
    assert action == Decline(1)
    assert 0.015 < handicap < 0.04  # about 0.2 / sqrt(60)
    # A clear edge passes the gate, and a sure one (no noise) pays nothing for it.
    assert _searched(gain=0.15, noise=0.2, doubt_z=1.0)[0] == Doubt((1,))
    action, handicap = _searched(gain=0.01, noise=0.0, doubt_z=2.0)
    assert action == Doubt((1,))
    assert handicap == pytest.approx(0.0, abs=1e-9)


class _TrueClaim:
    """A stand-in sampler with a claim in doubt that is surely true (its lie chance is 0)."""

    claim_in_doubt = True
    lie_chance = 0.0

    def __init__(self) -> None:
        self.dealt = 0

    def sample(self, claim_true: bool | None = None) -> int:
        self.dealt += 1
        return self.dealt


def test_without_grabs_the_pile_of_a_true_claim_is_never_worth_a_doubt() -> None:
    # Taking the pile of a claim known true scores 0.02 better than letting it go (its cards fill a rank
    # the hand lacks): with grabs the search doubts it, without them it declines.
    def searched(grabs: bool) -> object:
        return search(
            [Decline(1), Doubt((1,))],
            cast(Sampler, _TrueClaim()),
            cast(Simulator, _Outcomes(0.02, 0.0)),
            random.Random(3),
            Budget(10, 0.0),
            grabs=grabs,
        ).action

    assert searched(grabs=True) == Doubt((1,))
    assert searched(grabs=False) == Decline(1)
    # By name in a spec, as every option.
    assert make_bot("search[grabs=false]").params.grabs is False  # type: ignore[attr-defined]
    assert SearchParams().grabs is True


def test_a_table_of_six_plays_by_its_own_leaf_unless_one_is_named() -> None:
    """TABLE_DEFAULTS: at six seats (two decks) the leaf fitted there and no grabs; at four the defaults;
    a leaf or a number named in the spec, or whole params handed over, win."""

    def played(bot: SearchBot, players: int) -> SearchParams:
        game = Game.deal(Rules(players), 5)
        bot.act(game.view(game.to_play))
        return bot.params

    six = played(SearchBot(rng=random.Random(1), iterations=2), 6)
    assert (six.leaf_power, six.leaf_card, six.grabs) == (
        LEAVES["six"]["leaf_power"],
        LEAVES["six"]["leaf_card"],
        False,
    )
    # The same bot at a table of four again plays by the four-seat numbers.
    bot = SearchBot(rng=random.Random(1), iterations=2)
    played(bot, 6)
    assert played(bot, 4) == SearchParams()
    named = played(SearchBot(rng=random.Random(1), iterations=2, leaf="flat", grabs=True), 6)
    assert (named.leaf_power, named.grabs) == (LEAVES["flat"]["leaf_power"], True)
    # One leaf number given keeps the four-seat leaf's others, while grabs still follow the table.
    card = played(SearchBot(rng=random.Random(1), iterations=2, leaf_card=-0.01), 6)
    assert (card.leaf_power, card.leaf_card, card.grabs) == (SearchParams().leaf_power, -0.01, False)
    handed = SearchParams(doubt_z=1.0)
    assert played(SearchBot(rng=random.Random(1), iterations=2, params=handed), 6) == handed
    # Six seats with one deck (V4, --decks 1) is another table: the four-seat numbers.
    open_table = Rules(6, decks=1, open_table_sizes=True)
    assert SearchBot(iterations=2).params_for(open_table) == SearchParams()


def test_a_doubt_gate_is_given_by_name_and_a_review_reads_the_plain_averages() -> None:
    gated = make_bot("search[iterations=30,doubt_z=3]", random.Random(1))
    assert isinstance(gated, SearchBot)
    assert gated.params.doubt_z == 3.0
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    plain = SearchBot(rng=random.Random(1), iterations=30)
    options, wins, _ = plain.option_values(view)
    gated_options, gated_wins, _ = gated.option_values(view)
    # The same deals and dice: the gate changes which answer is chosen, never the chances shown.
    assert gated_options == options == [Decline(1), Doubt((1,))]
    assert gated_wins == pytest.approx(wins)


def test_with_keeping_its_model_learns_per_opponent_whether_it_keeps_the_ranks_coming_due() -> None:
    keeping = make_bot("search[iterations=4,keeping=true]", random.Random(1))
    plain = make_bot("search[iterations=4]", random.Random(1))
    assert isinstance(keeping, SearchBot)
    assert isinstance(plain, SearchBot)
    assert keeping.model.settings.keep_grid == (0.0, 0.5, 1.0)
    assert plain.model.settings.keep_grid == (1.0,)
    game = Game.deal(Rules(4), 11)
    game.apply(make_bot("honest").act(game.view(0)))
    view = game.view(1)
    for bot in (keeping, plain):
        bot.follow(view)
    # The claimant's habits hold a block per keep share, and the claim reads otherwise than with one.
    assert len(keeping.model.models[0].habits.weights) == 3 * len(plain.model.models[0].habits.weights)
    assert keeping.claim_reading(view) != plain.claim_reading(view)


def test_the_expert_watches_for_a_calling_table_at_tables_of_up_to_six_only() -> None:
    for players, watched in ((6, True), (7, False)):
        decisions = play_watched("search[iterations=2]", "doubter", 3, players=players)
        assert any(chance >= 0.7 for _, _, chance in decisions) is watched
