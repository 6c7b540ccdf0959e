"""Every bot of the ladder plays whole games at every table size and variant without an illegal action.

The games go through the engine's checked door (``play_out``), which raises on any illegal action. On
top of that, each answer of the bot under test is checked here against its own view (its seat, cards it
holds, the V2 cap, a named rank as V5 demands), and the test counts what the bot did: it must have
played, bluffed, doubted and declined at every kind of table, or the games proved little about it.
Each bot sits in two seats of every table, beside ``honest`` and ``random`` bots, with views as its
only input.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from idoubtit import Action, Decline, Doubt, Game, Play, Rules, View
from idoubtit.bots import Bot, make_bot, play_out

VARIANTS: list[dict[str, bool]] = [
    {},
    {"ascending": True},
    {"capped_plays": True},
    {"play_on_for_places": True},
    {"strict_announcing": True},
    {"ascending": True, "capped_plays": True, "play_on_for_places": True, "strict_announcing": True},
]
TABLES = [Rules(players, **variants) for players in (3, 4, 6, 11) for variants in VARIANTS]
TABLES += [Rules(2, open_table_sizes=True), Rules(12, open_table_sizes=True, capped_plays=True)]


#: Sensible players finish long before this; a game still going here stops (every action was legal).
MAX_ROUNDS = 5_000


class Watched:
    """Hands the bot its view, checks each answer against that view, and counts the kinds of answer."""

    def __init__(self, bot: Bot, seat: int, tally: Counter[str] | None) -> None:
        self.bot, self.seat, self.name, self.tally = bot, seat, bot.name, tally

    def act(self, view: View) -> Action:
        assert type(view) is View
        assert view.seat == self.seat
        action = self.bot.act(view)
        if view.must_play:
            self._check_play(view, action)
        else:
            assert view.may_doubt
            assert action in (Doubt((self.seat,)), Decline(self.seat))
            self._count("doubt" if isinstance(action, Doubt) else "decline")
        return action

    def _check_play(self, view: View, action: Action) -> None:
        assert isinstance(action, Play)
        assert action.seat == self.seat
        assert action.rank is not None  # V5: a bot always names the rank it announces
        left = Counter(view.hand)
        left.subtract(action.cards)
        assert min(left.values()) >= 0, "every card put down is in the hand"
        cap = view.rules.max_cards_per_play or len(view.hand)
        assert 1 <= len(action.cards) <= cap
        self._count("bluff" if any(card.rank is not action.rank for card in action.cards) else "true play")

    def _count(self, kind: str) -> None:
        if self.tally is not None:
            self.tally[kind] += 1


def play_tables(spec: str, games_per_table: int) -> tuple[int, list[Counter[str]]]:
    """Play every table; return how many games ended, or were left to ``random`` bots alone (the rest
    stopped at the round cap, legally), and, per table, what the bot under test did."""
    finished = 0
    tallies: list[Counter[str]] = []
    for number, rules in enumerate(TABLES):
        tally: Counter[str] = Counter()
        for game_number in range(games_per_table):
            seed = number * 1000 + game_number
            rng = random.Random(seed)
            others = ["honest", "random"]
            specs = [spec if seat in (0, rules.players // 2) else others[seat % 2] for seat in range(rules.players)]
            rng.shuffle(specs)
            bots = [
                Watched(make_bot(name, random.Random(seed * 16 + seat)), seat, tally if name == spec else None)
                for seat, name in enumerate(specs)
            ]
            game = play_out(Game.deal(rules, seed, first=seed % rules.players), bots, max_rounds=MAX_ROUNDS)
            assert sum(game.hand_sizes) + game.pile_size == rules.card_count
            finished += game.is_over or only_random_left(game, specs)
        tallies.append(tally)
    return finished, tallies


def only_random_left(game: Game, specs: list[str]) -> bool:
    """Whether only ``random`` bots are still in (V3 plays on for places): two of them may pass the pile
    back and forth past any round cap, whatever the bot under test did before it went out."""
    return all(specs[seat] == "random" for seat in range(len(specs)) if seat not in game.places)


def assert_exercised(tallies: list[Counter[str]], kinds: tuple[str, ...]) -> None:
    """At every table the bot under test gave every kind of answer at least once."""
    for rules, tally in zip(TABLES, tallies, strict=True):
        missing = [kind for kind in kinds if not tally[kind]]
        assert not missing, f"at {rules} the bot never gave a {', '.join(missing)}: {dict(tally)}"


#: Every kind of answer a bot gives; a two-seat table (V4) has one answerer only, who rarely doubts.
KINDS = ("true play", "bluff", "doubt", "decline")


@pytest.mark.parametrize("spec", ["counter", "adaptive"])
def test_counting_bots_play_legally_everywhere(spec: str) -> None:
    games_per_table = 6
    finished, tallies = play_tables(spec, games_per_table)
    assert finished >= 0.98 * games_per_table * len(TABLES)
    assert_exercised(tallies, KINDS)


def test_search_plays_legally_at_every_size_and_variant() -> None:
    # Two sampled deals per decision: legality does not depend on how long it thinks.
    finished, tallies = play_tables("search[iterations=2]", 1)
    assert finished >= 0.9 * len(TABLES)
    assert_exercised(tallies, KINDS)
