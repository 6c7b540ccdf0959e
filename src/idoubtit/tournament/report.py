"""Showing a tournament or a gauntlet: a table on screen, JSON, Markdown, and PNG plots."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from idoubtit.tournament.gauntlet import Cell, Field, GauntletResult
from idoubtit.tournament.runner import TournamentResult
from idoubtit.tournament.stats import BotStanding

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


class GamesPerSecondColumn(ProgressColumn):
    """The tournament's speed so far."""

    def render(self, task: Task) -> Text:
        # Once done, the whole run's rate: rich's own last sample can span a split second and show
        # hundreds of thousands of games a second.
        elapsed = task.elapsed
        speed = task.completed / elapsed if task.finished and elapsed else task.speed
        return Text("—  games/s" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


def progress_bar(console: Console | None = None) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecondColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )


#: The columns a bot's name keeps in the standings before it folds, so that the figures fit in 80.
NAME_ROOM: Final = 22


def standings_table(outcome: TournamentResult) -> Table:
    """Each bot once, under its full spec (never cut, never read as markup), with the seats it held."""
    bots = outcome.standings.ordered()
    rows = [_standing_row(bot) for bot in bots]
    # No rules and one space between columns: every figure stays whole in 80 columns.
    table = Table(
        title=f"{len(outcome.results):,} games, {outcome.tournament.rules.players} players",
        box=None,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    # A spec longer than the room left folds onto a second line: it is never cut.
    table.add_column("bot", overflow="fold", min_width=min(_longest(bot.name for bot in bots), NAME_ROOM))
    headings = ("games", "seats", "rating μ", "μ 95 % CI", "σ", "wins", "wins 95 % CI")
    for column, heading in enumerate(headings, start=1):
        width = _longest(str(row[column]) for row in rows)
        table.add_column(heading, justify="right", no_wrap=True, min_width=width)
    for row in rows:
        table.add_row(*row)
    return table


def _standing_row(bot: BotStanding) -> tuple[Text, str, str, str, str, str, str, str]:
    rating_low, rating_high = bot.rating_interval
    low, high = bot.win_interval
    return (
        Text(bot.name),
        f"{bot.games:,}",
        f"{bot.seats:,}",
        f"{bot.mu:.2f}",
        f"{rating_low:.2f}–{rating_high:.2f}",
        f"{bot.sigma:.2f}",
        f"{bot.win_rate:.1%}",
        f"{low:.1%}–{high:.1%}",
    )


def play_table(outcome: TournamentResult) -> Table:
    """How each bot plays, over its seats in finished games: the same numbers a table's statistics show."""
    bots = outcome.standings.ordered()
    table = Table(title="How they play (per seat in a finished game)", box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("bot", overflow="fold", min_width=min(_longest(bot.name for bot in bots), NAME_ROOM))
    for heading in ("claims", "bluffs", "caught", "doubts", "right", "piles", "pile size", "cards left"):
        table.add_column(heading, justify="right", no_wrap=True)
    for bot in bots:
        play = bot.play
        games = play.games or 1
        table.add_row(
            Text(bot.name),
            f"{play.claims / games:.1f}",
            _percent(play.bluff_rate),
            _percent(play.caught_rate),
            f"{play.doubts / games:.1f}",
            _percent(play.doubt_accuracy),
            f"{play.piles_taken / games:.1f}",
            "—" if play.pile_size is None else f"{play.pile_size:.1f}",
            "—" if play.cards_left_per_game is None else f"{play.cards_left_per_game:.1f}",
        )
    return table


def _percent(share: float | None) -> str:
    return "—" if share is None else f"{share:.0%}"


def cross_table(outcome: TournamentResult) -> Table:
    """The head-to-head shares; the columns are numbered as the rows, so that long names stay whole."""
    names = [bot.name for bot in outcome.standings.ordered()]
    table = Table(title="Head to head: how often the row bot finished ahead of the column bot")
    table.add_column("", no_wrap=True, min_width=_longest(names) + 3)
    for number in range(1, len(names) + 1):
        table.add_column(str(number), justify="right")
    for number, row in enumerate(names, start=1):
        cells = []
        for column in names:
            share = None if row == column else outcome.standings.head_to_head(row, column)
            cells.append("—" if share is None else f"{share:.1%}")
        table.add_row(Text(f"{number}  {row}"), *cells)
    return table


def _longest(names: Iterable[str]) -> int:
    """The width of the longest of ``names`` (a bot's name, or a column's figures as shown)."""
    return max((len(name) for name in names), default=0)


def write_json(outcome: TournamentResult | GauntletResult, path: Path) -> None:
    path.write_text(json.dumps(outcome.to_dict(), indent=1) + "\n", encoding="utf-8")


#: Endings of image files that are not PNG: a path ending so is refused rather than made a folder.
OTHER_IMAGES = frozenset({".jpg", ".jpeg", ".gif", ".svg", ".pdf", ".webp", ".bmp", ".tif", ".tiff"})


def check_plots_path(target: Path) -> None:
    """Refuse a plots path that is neither a PNG file (``.png``) nor a folder (anything else)."""
    if target.suffix.lower() in OTHER_IMAGES:
        raise ValueError(f"plots are PNG: give a file ending in .png, or a folder, not {str(target)!r}")
    if target.suffix.lower() == ".png" and target.is_dir():
        raise ValueError(f"{str(target)!r} is a folder; give a new file ending in .png, or that folder without .png")
    if target.suffix.lower() != ".png" and target.is_file():
        raise ValueError(f"{str(target)!r} is a file; plots go to a folder, or to a file ending in .png")


def write_plots(outcome: TournamentResult, target: Path) -> list[Path]:
    """Every bot's rating with its 95 % interval, and every bot's win rate by seat: both in one PNG
    when ``target`` ends in ``.png``, else two PNG files in the folder ``target``."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    import matplotlib.pyplot as plt

    check_plots_path(target)
    if target.suffix.lower() == ".png":
        target.parent.mkdir(parents=True, exist_ok=True)
        figure, (ratings, seats) = plt.subplots(1, 2, figsize=(14, 4))
        _plot_ratings(outcome, ratings)
        _plot_seats(outcome, seats)
        _save(figure, target)
        return [target]
    target.mkdir(parents=True, exist_ok=True)
    paths = []
    for plot, name in ((_plot_ratings, "ratings.png"), (_plot_seats, "win_rate_by_seat.png")):
        figure, axes = plt.subplots(figsize=(7, 4))
        plot(outcome, axes)
        _save(figure, target / name)
        paths.append(target / name)
    return paths


def _save(figure: Figure, path: Path) -> None:
    import matplotlib.pyplot as plt

    figure.tight_layout()
    figure.savefig(path, dpi=120, format="png")
    plt.close(figure)


def _plot_ratings(outcome: TournamentResult, axes: Axes) -> None:
    bots = outcome.standings.ordered()
    names = [bot.name for bot in bots]
    spreads = [[bot.mu - bot.rating_interval[0] for bot in bots], [bot.rating_interval[1] - bot.mu for bot in bots]]
    axes.errorbar(names, [bot.mu for bot in bots], yerr=spreads, fmt="o", capsize=6)
    axes.set_ylabel("rating μ (95 % interval)")
    axes.set_title(f"Ratings after {len(outcome.results):,} games")


def _plot_seats(outcome: TournamentResult, axes: Axes) -> None:
    bots = outcome.standings.ordered()
    players = outcome.tournament.rules.players
    width = 0.8 / max(1, len(bots))
    for number, bot in enumerate(bots):
        rates = [bot.seat_wins.get(seat, 0.0) / bot.seat_games[seat] if bot.seat_games.get(seat) else 0.0
                 for seat in range(players)]  # fmt: skip
        axes.bar([seat + number * width for seat in range(players)], rates, width, label=bot.name)
    axes.set_xticks([seat + 0.4 - width / 2 for seat in range(players)], [f"seat {seat}" for seat in range(players)])
    axes.set_ylabel("win rate")
    axes.set_title("Win rate by seat")
    axes.legend()


# ----------------------------------------------------------------------------------------------
# A gauntlet: candidates against fields


def gauntlet_table(outcome: GauntletResult) -> Table:
    """One row per field, one column per candidate: its win rate, and the 95 % interval beneath."""
    players = outcome.rules.players
    table = Table(
        title=f"Win rate alone against {players - 1} opponents ({outcome.games:,} games; chance {1 / players:.0%})",
        box=None,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    table.add_column("field", overflow="fold", min_width=min(_longest(f.name for f in outcome.fields), NAME_ROOM))
    for candidate in outcome.candidates:
        table.add_column(Text(candidate), justify="right", overflow="fold")
    for field in outcome.fields:
        cells = [
            _rate_text(outcome.cell(candidate, field.name), "{rate}\n{low}–{high}") for candidate in outcome.candidates
        ]
        table.add_row(Text(field.name), *cells)
    return table


def gauntlet_markdown(outcome: GauntletResult) -> str:
    """The same table in Markdown, for documentation: each cell the win rate and its 95 % interval."""
    header = "| field | " + " | ".join(f"`{candidate}`" for candidate in outcome.candidates) + " |"
    lines = [header, "| --- |" + " ---: |" * len(outcome.candidates)]
    for field in outcome.fields:
        cells = [
            _rate_text(outcome.cell(candidate, field.name), "{rate} ({low}–{high})") for candidate in outcome.candidates
        ]
        lines.append(f"| `{field.name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _rate_text(cell: Cell, layout: str) -> str:
    """A cell's win rate and 95 % interval, laid out by ``layout`` (``{rate}``, ``{low}``, ``{high}``)."""
    low, high = cell.win_interval
    return layout.format(rate=f"{cell.win_rate:.1%}", low=f"{low:.1%}", high=f"{high:.1%}")


def write_gauntlet_plot(outcome: GauntletResult, target: Path) -> Path:
    """Every candidate's win rate in every field, with its 95 % interval and the line of chance, as one
    PNG (``target`` itself when it ends in ``.png``, else ``gauntlet.png`` in the folder ``target``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    check_plots_path(target)
    path = target if target.suffix.lower() == ".png" else target / "gauntlet.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    fields, candidates = outcome.fields, outcome.candidates
    figure, axes = plt.subplots(figsize=(8, 1.5 + 0.22 * len(fields) * max(len(candidates), 2)))
    height = 0.8 / max(1, len(candidates))
    for number, candidate in enumerate(candidates):
        cells = [outcome.cell(candidate, field.name) for field in fields]
        rates = [cell.win_rate for cell in cells]
        # Clamped at zero: at 0 % or 100 % the interval's end and the rate differ by a rounding error.
        spreads = [[max(0.0, cell.win_rate - cell.win_interval[0]) for cell in cells],
                   [max(0.0, cell.win_interval[1] - cell.win_rate) for cell in cells]]  # fmt: skip
        places = [row + number * height for row in range(len(fields))]
        axes.barh(places, rates, height, xerr=spreads, capsize=3, label=candidate)
    axes.axvline(1 / outcome.rules.players, color="grey", linestyle="--", linewidth=1, label="chance")
    axes.set_yticks([row + 0.4 - height / 2 for row in range(len(fields))], [_field_label(field) for field in fields])
    axes.invert_yaxis()
    axes.set_xlabel(f"win rate alone against {outcome.rules.players - 1} opponents (95 % interval)")
    axes.set_title(f"Gauntlet: {outcome.games:,} games, {outcome.rules.players} players")
    axes.legend(loc="lower right", fontsize="small")
    _save(figure, path)
    return path


def _field_label(field: Field) -> str:
    """A field's name for the plot, a pool of many bots over several lines (three to a line)."""
    lines = ["+".join(field.pool[start : start + 3]) for start in range(0, len(field.pool), 3)]
    return "+\n".join(lines)
