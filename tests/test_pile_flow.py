"""The pile-flow script's counts (scripts/pile_flow.py), checked against the games' own statistics."""

from __future__ import annotations

import random
from types import ModuleType

from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, Rules
from tests.project_files import load_file


def load_script() -> ModuleType:
    return load_file("scripts", "pile_flow")


def test_the_counts_of_a_game_agree_with_what_the_engine_counted_for_that_seat() -> None:
    script = load_script()
    for game_number in range(8):
        flow = script.play_one("counter", "bluffer", game_number, 1000)
        # The same game again, played out by the runner: the engine's own statistics of the seat.
        seat = game_number % 4
        game = Game.deal(Rules(4), 1000 + game_number // 4)
        specs = ["counter" if s == seat else "bluffer" for s in range(4)]
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
    assert text.startswith("adaptive against three doubter: won ")
    assert "piles taken, caught:" in text  # doubters turn up the bot's bluffs
    assert "down to 1 card(s) or fewer:" in text
