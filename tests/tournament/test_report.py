"""The tournament's tables on screen: every bot once, under its whole spec, with the seats it held."""

from __future__ import annotations

import io

from rich.console import Console

from idoubtit import Rules
from idoubtit.tournament import Tournament, TournamentResult
from idoubtit.tournament.report import cross_table, standings_table
from tests.tournament.test_stats import field_of_three_specs

SPECS = ["search[iterations=76]", "search[iterations=38]", "adaptive"]


def shown(outcome: TournamentResult, width: int) -> list[str]:
    """The lines of both tables as a terminal ``width`` characters wide shows them."""
    screen = io.StringIO()
    console = Console(file=screen, width=width, color_system=None)
    console.print(standings_table(outcome))
    console.print(cross_table(outcome))
    return screen.getvalue().splitlines()


def test_two_settings_of_one_bot_are_two_rows_under_their_whole_names_even_on_a_narrow_terminal() -> None:
    outcome = TournamentResult(Tournament([*SPECS, "adaptive"], Rules(4), 40), field_of_three_specs(40))
    for width in (80, 120):
        lines = shown(outcome, width)
        for spec in SPECS:  # once in the standings, once as a row of the head-to-head table
            assert sum(1 for line in lines if f"{spec} " in line) == 2, (width, spec)
        standings = lines[: next(number for number, line in enumerate(lines) if "Head to head" in line)]
        assert not any("…" in line for line in standings), width  # and no figure is cut either
    standing = next(line for line in shown(outcome, 120) if line.startswith("adaptive "))
    cells = standing.split()
    assert cells[:3] == ["adaptive", "40", "80"]  # 40 games, two seats in each
