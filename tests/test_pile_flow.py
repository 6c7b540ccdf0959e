"""The pile-flow script's counts (scripts/pile_flow.py), checked against the games' own statistics."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import ModuleType

from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, Rules
from idoubtit.tournament.gauntlet import Field
from tests.project_files import load_file


def load_script() -> ModuleType:
    return load_file("scripts", "pile_flow")


def test_the_counts_of_a_game_agree_with_what_the_engine_counted_for_that_seat() -> None:
    assert_counts_agree("bluffer", 4, lambda deal: ["bluffer"] * 3)


def test_a_pool_at_six_seats_draws_different_styles_for_every_deal_as_the_gauntlet_does() -> None:
    drawn = Field(("bluffer", "rock", "doubter", "cautious", "bigbluff", "beginner")).opponents
    assert_counts_agree(
        "bluffer+rock+doubter+cautious+bigbluff+beginner", 6, lambda deal: drawn(5, random.Random(deal))
    )
    assert drawn(5, random.Random(1000)) != drawn(5, random.Random(1001))


def assert_counts_agree(field: str, players: int, opponents: Callable[[int], Sequence[str]]) -> None:
    """Each game of ``counter`` against ``field``, counted by the script, agrees with the engine's own
    statistics of its seat, the game played again by the runner with ``opponents(deal)`` in the other seats."""
    script = load_script()
    for game_number in range(8):
        flow = script.play_one("counter", field, game_number, 1000, players)
        seat, deal = game_number % players, 1000 + game_number // players
        game = Game.deal(Rules(players), deal)
        others = iter(opponents(deal))
        specs = ["counter" if s == seat else next(others) for s in range(players)]
        play_out(game, [make_bot(spec, random.Random(game_number * 10 + s)) for s, spec in enumerate(specs)])
        every_seat = game.view(None).stats
        assert every_seat is not None  # the game is over
        stats = every_seat[seat]
        assert flow.won == (game.winner == seat)
        assert flow.doubts == stats.doubts
        assert flow.right_doubts == stats.doubts_right
        assert flow.right_doubts + len(flow.takes["wrong doubt"]) == flow.doubts
        assert sum(map(len, flow.takes.values())) == stats.piles_taken
        assert sum(map(sum, flow.takes.values())) == stats.cards_taken
        assert len(flow.takes["caught"]) + len(flow.takes["other"]) == stats.bluffs_caught
        assert flow.plays == stats.claims
        assert flow.fewest >= 1  # its hand short of going out


def test_the_report_names_the_bot_the_field_and_each_kind_of_pile() -> None:
    script = load_script()
    flows = [script.play_one("adaptive", "doubter", game_number, 1000) for game_number in range(4)]
    text = script.report("adaptive", "doubter", flows)
    assert text.startswith("adaptive against doubter: won ")
    assert "piles taken, caught:" in text  # doubters turn up the bot's bluffs
    assert "down to 1 card(s) or fewer:" in text
