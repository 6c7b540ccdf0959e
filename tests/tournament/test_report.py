"""The tournament's tables on screen: every bot once, under its whole spec, with the seats it held."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.progress import Task, TaskID

from idoubtit import Rules
from idoubtit.tournament import Tournament, TournamentResult
from idoubtit.tournament.gauntlet import GauntletResult, parse_fields, run_gauntlet
from idoubtit.tournament.report import (
    GamesPerSecondColumn,
    cross_table,
    gauntlet_markdown,
    gauntlet_table,
    standings_table,
    write_gauntlet_plot,
)
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


def gauntlet() -> GauntletResult:
    return run_gauntlet(["honest", "search[iterations=2,belief=false]"], parse_fields("random;rock+bluffer"),
                        Rules(3), games=6, seed=1)  # fmt: skip


def test_the_gauntlet_table_has_a_row_per_field_and_fits_in_80_columns() -> None:
    outcome = gauntlet()
    console = Console(width=80, record=True)
    console.print(gauntlet_table(outcome))
    text = console.export_text()
    assert "rock+bluffer" in text
    assert "search[iterations=2,belief=false]" in text.replace("\n", "").replace(" ", "")
    assert f"{outcome.cell('honest', 'random').win_rate:.1%}" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_gauntlet_in_markdown_has_each_cell_with_its_interval() -> None:
    outcome = gauntlet()
    lines = gauntlet_markdown(outcome).splitlines()
    assert lines[0] == "| field | `honest` | `search[iterations=2,belief=false]` |"
    assert len(lines) == 2 + 2
    cell = outcome.cell("honest", "rock+bluffer")
    low, high = cell.win_interval
    assert f"{cell.win_rate:.1%} ({low:.1%}–{high:.1%})" in lines[3]


def test_the_gauntlet_plot_is_one_png(tmp_path: Path) -> None:
    assert write_gauntlet_plot(gauntlet(), tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")
    assert write_gauntlet_plot(gauntlet(), tmp_path / "plots") == tmp_path / "plots" / "gauntlet.png"


def test_the_speed_shown_once_the_games_are_done_is_that_of_the_whole_run() -> None:
    done = Task(TaskID(0), "games", 400.0, 400.0, _get_time=lambda: 10.0)
    done.start_time, done.stop_time, done.finished_time = 0.0, 8.0, 8.0
    done.finished_speed = 731_679.0  # what rich may keep from the last split second
    assert GamesPerSecondColumn().render(done).plain == "50 games/s"
