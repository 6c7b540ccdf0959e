"""The panel of styles: each plays only legal actions, and each does what its description says.

The behaviour of each style is measured over one shared set of seeded games (:func:`panel_games`): 300
games at four seats, the six styles and ``honest`` taking turns at the seats, every decision watched
through the seat's own view. Each assertion compares a style's measured figure with the bound its
description implies, so a style that stops playing its way fails it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache

import pytest

from idoubtit import Action, Claim, Decline, Doubt, Game, Play, Rank, Rules, View
from idoubtit.bots import BOTS, Bot, make_bot, play_out
from idoubtit.bots.knowledge import claim_is_provably_false, own_cards_in_pile
from idoubtit.bots.styles import STYLES, BeginnerBot, padded_play
from idoubtit.engine.cards import STANDARD_DECK
from tests.bots.checked import Checked

PANEL = list(STYLES)
FIELD = [*PANEL, "honest"]
#: Sensible players finish long before this; a game still going here stops (every action was legal).
MAX_ROUNDS = 5_000

VARIANTS: list[dict[str, bool]] = [
    {},
    {"ascending": True},  # V1
    {"capped_plays": True},  # V2
    {"play_on_for_places": True},  # V3
    {"strict_announcing": True},  # V5: every play must name its rank
    {"ascending": True, "capped_plays": True, "play_on_for_places": True, "strict_announcing": True},
]
TABLES = [Rules(players, **variants) for players in (3, 4, 5, 6, 8, 11) for variants in VARIANTS]
TABLES += [Rules(2, open_table_sizes=True), Rules(12, open_table_sizes=True, capped_plays=True)]  # V4


def seated(specs: list[str], seed: int) -> list[Bot]:
    return [make_bot(spec, random.Random(seed * 64 + seat)) for seat, spec in enumerate(specs)]


def test_every_style_plays_only_legal_actions_at_every_size_and_variant() -> None:
    # play_out goes through the engine's checked door, which raises on any illegal action (V5 included:
    # a play without a rank is refused there), so a game that ends or reaches the round cap is the proof.
    finished = played = 0
    for number, rules in enumerate(TABLES):
        for game_number in range(2):
            seed = number * 100 + game_number
            specs = [PANEL[(seed + seat) % len(PANEL)] for seat in range(rules.players)]
            bots = [Checked(bot, seat) for seat, bot in enumerate(seated(specs, seed))]
            game = play_out(Game.deal(rules, seed, first=seed % rules.players), bots, max_rounds=MAX_ROUNDS)
            assert sum(game.hand_sizes) + game.pile_size == rules.card_count
            finished += game.is_over
            played += 1
    assert finished >= 0.95 * played


def test_every_style_is_registered_and_takes_its_options_by_name() -> None:
    assert all(BOTS[name] is STYLES[name] for name in PANEL)
    assert make_bot("doubter[rate=0.6]").rate == 0.6  # type: ignore[attr-defined]
    assert make_bot("bluffer[lie_rate=0.9,most_extra=3]").most_extra == 3  # type: ignore[attr-defined]
    assert make_bot("beginner[memory=inf]").memory == float("inf")  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="rate is a chance from 0 to 1"):
        make_bot("doubter[rate=1.5]")
    with pytest.raises(ValueError, match="most_extra is a whole number of at least 1"):
        make_bot("bluffer[most_extra=0]")


def test_a_seeded_game_of_the_panel_replays_exactly() -> None:
    def record(seed: int) -> dict[str, object]:
        specs = [PANEL[(seed + seat) % len(PANEL)] for seat in range(6)]
        game = play_out(Game.deal(Rules(6, strict_announcing=True), seed), seated(specs, seed))
        return game.record()

    assert record(7) == record(7)
    assert record(7) != record(8)


# --------------------------------------------------------------------------------------------------
# Measuring each style's defining behaviour


@dataclass
class Tally:
    """What one style did over the panel games, seen from its own views."""

    windows: int = 0
    doubts: int = 0
    provable: int = 0
    provable_doubted: int = 0
    claims: int = 0
    bluffs: int = 0
    doubts_official: int = 0
    doubts_right: int = 0
    #: Per play: (it held the due rank, cards of another rank put down, unforced, pile before the play).
    plays: list[tuple[bool, int, bool, int]] = field(default_factory=list)
    #: Per own card on the pile, at each of its doubt windows: (plays ago it went down, still remembered).
    memory: list[tuple[int, bool]] = field(default_factory=list)


class Watched:
    """Hands the bot its view and tallies what it did with it."""

    def __init__(self, bot: Bot, tally: Tally) -> None:
        self.bot, self.name, self.tally = bot, bot.name, tally

    def act(self, view: View) -> Action:
        action = self.bot.act(view)
        tally = self.tally
        if isinstance(action, Play):
            self.count_play(view, action)
        else:
            assert isinstance(action, Doubt | Decline)
            tally.windows += 1
            tally.doubts += isinstance(action, Doubt)
            if claim_is_provably_false(view):
                tally.provable += 1
                tally.provable_doubted += isinstance(action, Doubt)
            if isinstance(self.bot, BeginnerBot):
                tally.memory.extend((entry.age, entry.kept) for entry in self.bot.pile_memory(view))
        return action

    def count_play(self, view: View, action: Play) -> None:
        bluff_cards = sum(card.rank is not view.due_rank for card in action.cards)
        held = any(card.rank is view.due_rank for card in view.hand)
        # A play is forced to lie only with none of the due rank in hand, and then by one card (R4).
        unforced = bluff_cards > (0 if held else 1)
        self.tally.plays.append((held, bluff_cards, unforced, view.pile_size))


@cache
def panel_games(games: int = 300) -> dict[str, Tally]:
    tallies: dict[str, Tally] = defaultdict(Tally)
    for seed in range(games):
        specs = [FIELD[(seed + seat * 2) % len(FIELD)] for seat in range(4)]
        bots = [Watched(bot, tallies[spec]) for spec, bot in zip(specs, seated(specs, seed), strict=True)]
        game = play_out(Game.deal(Rules(4), seed, first=seed % 4), bots, max_rounds=MAX_ROUNDS)
        stats = game.view(None).stats
        if stats is None:
            continue  # stopped at the round cap: no final figures
        for spec, seat_stats in zip(specs, stats, strict=True):
            tally = tallies[spec]
            tally.claims += seat_stats.claims
            tally.bluffs += seat_stats.bluffs
            tally.doubts_official += seat_stats.doubts
            tally.doubts_right += seat_stats.doubts_right
    return dict(tallies)


def share(part: int, whole: int) -> float:
    assert whole > 0
    return part / whole


def test_the_doubter_doubts_about_half_of_the_claims_it_may_doubt() -> None:
    doubter = panel_games()["doubter"]
    assert doubter.windows > 2000
    assert 0.4 <= share(doubter.doubts, doubter.windows) <= 0.6
    # The others are far from that: the panel is not a field of doubters.
    for name in ("rock", "cautious", "bigbluff", "honest"):
        tally = panel_games()[name]
        assert share(tally.doubts, tally.windows) < 0.2, name


def test_the_rock_lies_only_when_forced_and_then_with_one_card() -> None:
    rock = panel_games()["rock"]
    assert len(rock.plays) > 1000
    assert not [play for play in rock.plays if play[2]]
    forced = [play for play in rock.plays if not play[0]]
    assert forced, "the rock met no turn without the due rank: the test shows nothing"
    assert all(bluff_cards == 1 for _, bluff_cards, _, _ in forced)
    # It rarely doubts a claim its cards do not prove false.
    assert share(rock.doubts - rock.provable_doubted, rock.windows - rock.provable) <= 0.05


def test_the_bluffer_lies_far_more_often_than_honest_even_holding_the_due_rank() -> None:
    bluffer, honest = panel_games()["bluffer"], panel_games()["honest"]
    assert share(bluffer.bluffs, bluffer.claims) >= 1.5 * share(honest.bluffs, honest.claims)
    held = [play for play in bluffer.plays if play[0]]
    assert share(sum(bluff_cards > 0 for _, bluff_cards, _, _ in held), len(held)) >= 0.4
    assert not [play for play in honest.plays if play[2]]


def test_the_big_bluffer_bluffs_big_on_a_small_pile_and_not_on_a_big_one() -> None:
    bigbluff = panel_games()["bigbluff"]
    small = [bluff_cards for _, bluff_cards, _, pile in bigbluff.plays if pile <= 2]
    big = [play for play in bigbluff.plays if play[3] > 2]
    assert len(small) > 300
    assert len(big) > 300
    assert sum(small) / len(small) >= 1.5
    assert not [play for play in big if play[2]]


def test_the_cautious_counter_is_right_far_more_often_than_the_doubter() -> None:
    cautious, doubter = panel_games()["cautious"], panel_games()["doubter"]
    assert cautious.doubts_official > 100
    cautious_right = share(cautious.doubts_right, cautious.doubts_official)
    assert cautious_right >= 0.85
    assert cautious_right >= share(doubter.doubts_right, doubter.doubts_official) + 0.25
    # It doubts more than a proof alone would let it: it reads the count, not only its own hand.
    assert cautious.doubts > cautious.provable_doubted


def test_the_beginners_memory_of_its_pile_cards_decays() -> None:
    memory = panel_games()["beginner"].memory
    fresh = [kept for age, kept in memory if age <= 1]
    old = [kept for age, kept in memory if age >= 12]
    assert len(fresh) > 200
    assert len(old) > 50
    assert share(sum(fresh), len(fresh)) >= 0.7
    assert share(sum(old), len(old)) <= 0.15


def claim_after_bluff(rounds: int) -> View:
    """Seat 1 bluffs three cards of a rank away as "three Aces" and keeps the fourth; ``rounds`` rounds
    of undoubted one-card plays follow; then seat 2 claims two of that rank. Seat 1's hand alone allows
    the claim; with the three cards it put down in mind, it is impossible. The view is seat 1's."""
    turn = 1 + 3 * rounds  # seat 2's turn (D1), and the rank due then (R5)
    rank = Rank.ACE
    for _ in range(turn):
        rank = rank.next_down()
    fillers = iter(card for card in STANDARD_DECK if card.rank is not rank)
    of_rank = [card for card in STANDARD_DECK if card.rank is rank]
    hands = [
        [next(fillers) for _ in range(rounds + 1)],
        of_rank + [next(fillers) for _ in range(rounds + 1)],
        [next(fillers) for _ in range(rounds + 3)],
    ]
    game = Game.from_hands(Rules(3), hands, first=1)
    game.play(1, of_rank[:3])
    for seat in (2, 0):
        game.decline(seat)
    for step in range(1, turn):
        seat = (1 + step) % 3
        game.play(seat, [next(card for card in game.hand(seat) if card.rank is not rank)])
        for other in range(3):
            if other != seat:
                game.decline(other)
    game.play(2, list(game.hand(2)[:2]))
    view = game.view(1)
    assert view.claim == Claim(2, 2, rank)
    return view


@pytest.mark.parametrize("rounds", [0, 2])
def test_a_beginner_with_a_whole_memory_doubts_what_its_pile_cards_prove(rounds: int) -> None:
    view = claim_after_bluff(rounds)
    assert claim_is_provably_false(view)  # what honest would doubt
    remembering = BeginnerBot(random.Random(1), memory=float("inf"), hunch=0.0)
    assert [entry.card for entry in remembering.pile_memory(view)] == own_cards_in_pile(view)
    assert remembering.act(view) == Doubt((1,))
    forgetful = BeginnerBot(random.Random(1), memory=0.01, hunch=0.0)
    assert forgetful.act(view) == Decline(1)


def test_the_beginner_forgets_its_bluff_as_the_plays_go_by() -> None:
    def doubted(rounds: int) -> float:
        view = claim_after_bluff(rounds)
        doubts = [BeginnerBot(random.Random(seed)).act(view) == Doubt((1,)) for seed in range(300)]
        return sum(doubts) / len(doubts)

    # One play after its bluff it mostly still knows (about 0.88 by its memory of four plays on
    # average); seven plays after, mostly not (about 0.17, its hunches included).
    assert doubted(0) >= 0.75
    assert doubted(2) <= 0.3


def test_the_honest_play_is_the_due_rank_or_one_card_due_last() -> None:
    # The play every honest-playing style builds on (R4: at least one card, R5: the due rank).
    game = Game.from_hands(Rules(3), [["AS", "AH", "KD", "2C"], ["QS"], ["QH"]])
    assert [str(card) for card in padded_play(game.view(0), 0)] == ["AS", "AH"]
    assert [str(card) for card in padded_play(game.view(0), 1)] == ["AS", "AH", "2C"]
    # Never a bluff as the last play (R10 would turn it up): one card stays back.
    assert len(padded_play(game.view(0), 5)) == 3
    lacking = Game.from_hands(Rules(3), [["KS", "2C", "7D"], ["QS"], ["QH"]])
    assert [str(card) for card in padded_play(lacking.view(0), 0)] == ["2C"]
