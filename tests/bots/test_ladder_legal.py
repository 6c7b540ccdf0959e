"""Every bot of the ladder plays whole games at every table size and variant without an illegal action.

The games go through the engine's checked door (``play_out``), which raises on any illegal action, so a
finished game is the proof. Each bot sits in two seats of every table, beside ``honest`` and ``random``
bots, with views as its only input.
"""

from __future__ import annotations

import random

import pytest

from idoubtit import Action, Game, Rules, View
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


class ViewsOnly:
    """Hands the bot its view and remembers that nothing but views ever reached it."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.inputs = bot, bot.name, set[type]()

    def act(self, view: View) -> Action:
        self.inputs.add(type(view))
        return self.bot.act(view)


def play_tables(spec: str, games_per_table: int) -> int:
    """Play every table; return how many games ended (the rest stopped at the round cap, legally)."""
    finished = 0
    for number, rules in enumerate(TABLES):
        for game_number in range(games_per_table):
            seed = number * 1000 + game_number
            rng = random.Random(seed)
            others = ["honest", "random"]
            specs = [spec if seat in (0, rules.players // 2) else others[seat % 2] for seat in range(rules.players)]
            rng.shuffle(specs)
            bots = [ViewsOnly(make_bot(name, random.Random(seed * 16 + seat))) for seat, name in enumerate(specs)]
            game = play_out(Game.deal(rules, seed, first=seed % rules.players), bots, max_rounds=MAX_ROUNDS)
            assert sum(game.hand_sizes) + game.pile_size == rules.card_count
            assert all(bot.inputs <= {View} for bot in bots)
            finished += game.is_over
    return finished


@pytest.mark.parametrize(("spec", "games_per_table"), [("counter", 40), ("adaptive", 40)])
def test_counting_bots_play_a_thousand_games_legally(spec: str, games_per_table: int) -> None:
    assert games_per_table * len(TABLES) >= 1000
    assert play_tables(spec, games_per_table) >= 0.98 * games_per_table * len(TABLES)


def test_search_plays_legally_at_every_size_and_variant() -> None:
    # A few iterations per decision: legality does not depend on how long it thinks.
    assert play_tables("search[iterations=4]", 2) >= 0.9 * 2 * len(TABLES)
