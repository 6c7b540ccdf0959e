"""``idoubtit history``, ``stats``, ``export`` and ``import``: looking back over the archive from a terminal.

The terminal game stores its games in the same archive the server uses (SQLite in the user's data
directory unless ``--db`` says otherwise), under the player id this machine keeps for its person, so
``idoubtit stats`` with no option answers "how do I play?".
"""

from __future__ import annotations

import gettext
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

import platformdirs
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from idoubtit.archive import (
    Archive,
    ArchiveError,
    GameEntry,
    GamePage,
    Imported,
    PlayerStats,
    SeatTotals,
)
from idoubtit.coach import LABELS, Review, review_game
from idoubtit.coach.words import review_line
from idoubtit.engine import Card, IDoubtItError
from idoubtit.history import Totals
from idoubtit.i18n import LANGUAGES, pick_language, translations

#: Where the archive is, for every command that reads or writes it.
Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="IDOUBTIT_DB",
        help="The archive: a SQLite file or a postgresql:// URL (default: idoubtit.sqlite3 in your data folder).",
    ),
]
Lang = Annotated[str | None, typer.Option(help=f"Language: {', '.join(LANGUAGES)} (default: from LANG).")]
PLAYER_FILE = "player-id"
T = TypeVar("T")


def local_player_id() -> str:
    """The player id this machine's person plays the terminal game under (made up once, then kept)."""
    path = Path(platformdirs.user_data_dir("idoubtit")) / PLAYER_FILE
    try:
        known = path.read_text(encoding="utf-8").strip()
    except OSError:
        known = ""
    if 16 <= len(known) <= 64:
        return known
    fresh = secrets.token_urlsafe(16)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(fresh + "\n", encoding="utf-8")
    return fresh


def open_archive(db: str | None) -> Archive:
    try:
        return Archive.open(db)
    except Exception as error:  # a bad URL, a database that is not there: say so, no traceback
        raise typer.BadParameter(f"cannot open the archive {db or '(default)'}: {error}", param_hint="--db") from None


def store_terminal_game(db: str | None, record: dict[str, Any]) -> Imported:
    """Store a game played at the terminal (a record with its ``table``) as its own table's game."""
    with open_archive(db) as archive:
        (imported,) = archive.import_records([record])
        return imported


def history(
    room: Annotated[str | None, typer.Option(help="Only this table's games (its room code).")] = None,
    player: Annotated[str | None, typer.Option(help="Only the games of this player id.")] = None,
    me: Annotated[bool, typer.Option("--me", help="Only your own games at the terminal.")] = False,
    limit: Annotated[int, typer.Option(help="Games to show (1–100).")] = 20,
    before: Annotated[int | None, typer.Option(help="Only games older than this game id (the next page).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write the page as JSON.")] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The games in the archive, newest first: when, who sat where, who won, how long."""
    tr = _translations(lang)
    if me:
        player = local_player_id()
    with open_archive(db) as archive:
        page = _asked(
            lambda: (
                archive.room_games(room, before, limit)
                if room
                else archive.player_games(player, before, limit)
                if player
                else archive.recent_games(before, limit)
            )
        )
    if as_json:
        typer.echo(json.dumps(page.to_dict(), indent=1, ensure_ascii=False))
        return
    _print(games_table(tr, page))
    if page.before is not None:
        typer.echo(tr.gettext("Older games: --before %(id)d") % {"id": page.before})


def stats(
    room: Annotated[str | None, typer.Option(help="Each seat's numbers at this table (its room code).")] = None,
    player: Annotated[str | None, typer.Option(help="This player id's numbers (default: yours).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write the numbers as JSON.")] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Numbers over finished games: wins, bluffs and how often they were caught, doubts and how often
    they were right, piles taken, cards left. A table's seats, or one person (you, by default)."""
    tr = _translations(lang)
    with open_archive(db) as archive:
        if room:
            lines = _asked(lambda: archive.room_stats(room))
            if as_json:
                typer.echo(json.dumps([line.to_dict() for line in lines], indent=1, ensure_ascii=False))
                return
            _print(*seat_stats_tables(tr, lines))
            return
        mine = _asked(lambda: archive.player_stats(player or local_player_id()))
    if as_json:
        typer.echo(json.dumps(mine.to_dict(), indent=1, ensure_ascii=False))
        return
    _print(*player_stats_tables(tr, mine))


def export(
    games: Annotated[list[int] | None, typer.Argument(help="Game ids (see idoubtit history).")] = None,
    room: Annotated[str | None, typer.Option(help="Every game of this table.")] = None,
    player: Annotated[str | None, typer.Option(help="Every game of this player id.")] = None,
    out: Annotated[Path | None, typer.Option(help="Write to this file (default: the screen).")] = None,
    with_players: Annotated[
        bool, typer.Option("--with-players", help="Keep the player ids (to move your own archive elsewhere).")
    ] = False,
    db: Db = None,
) -> None:
    """Games as JSON records: one game as a JSON object, several as JSON lines (one record a line)."""
    if sum(bool(choice) for choice in (games, room, player)) != 1:
        raise typer.BadParameter("name game ids, or --room, or --player (one of them)")
    with open_archive(db) as archive:
        records = _asked(lambda: _exported(archive, games or list(_every_game(archive, room, player)), with_players))
    if len(records) == 1 and games:
        text = json.dumps(records[0], indent=1, ensure_ascii=False) + "\n"
    else:
        text = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")


def import_(
    files: Annotated[list[Path], typer.Argument(help="JSON records (idoubtit export, play --save), or JSON lines.")],
    db: Db = None,
) -> None:
    """Put exported games back into an archive, as closed tables' games (all or none: each replays first)."""
    records: list[object] = []
    for path in files:
        records.extend(_records_in(path))
    with open_archive(db) as archive:
        imported = _asked(lambda: archive.import_records(records))
    for item in imported:
        typer.echo(f"game {item.game_id}: room {item.room_code}, game {item.number}")


def analyse(
    game: Annotated[str, typer.Argument(help="A game record (--save, idoubtit export), or a game id in the archive.")],
    seat: Annotated[int | None, typer.Option(help="The seat to review (default: the game's person, else 0).")] = None,
    every: Annotated[bool, typer.Option("--all", help="List every decision, not only the ones that lost.")] = False,
    iterations: Annotated[int, typer.Option(help="Sampled deals per decision (more: steadier, slower).")] = 120,
    as_json: Annotated[bool, typer.Option("--json", help="Write the review as JSON.")] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Review a finished game: for each decision of a seat, the expert's chance to win with each option
    (from what the seat could see then), what the choice lost, and whether it was a mistake."""
    tr = _translations(lang)
    record = saved_game(game, db)
    chosen = _person_seat(record) if seat is None else seat
    if not 1 <= iterations <= 10_000:
        raise typer.BadParameter("iterations are 1 to 10,000", param_hint="--iterations")
    try:
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True
        ) as bar:
            task = bar.add_task(tr.gettext("Reviewing"), total=None)
            result = review_game(
                record,
                chosen,
                iterations=iterations,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    except IDoubtItError as error:
        raise typer.BadParameter(str(error)) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
        return
    _print(*review_tables(tr, result, every))


def saved_game(record: str, db: str | None) -> dict[str, Any]:
    """The record in this file, or else the archive's game with this id (a game not over: its record as
    a spectator may know it is not what this gives; callers check ``Game.replay(...).is_over``)."""
    path = Path(record)
    if path.is_file() or not record.isdigit():
        try:
            saved: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise typer.BadParameter(f"{record}: {error}") from None
        return saved
    with open_archive(db) as archive:
        entry = _asked(lambda: archive.game_entry(int(record)))
        if entry.status == "finished":
            return archive.export_game(entry.id)
        seats = [{"name": seat.display_name} for seat in entry.seats]
        return {**archive.game_record(entry.id), "table": {"seats": seats}}


def _person_seat(record: dict[str, Any]) -> int:
    table = record.get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if isinstance(seats, list):
        for number, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("kind") == "human":
                return number
    return 0


def review_tables(tr: gettext.NullTranslations, result: Review, every: bool) -> list[Table]:
    """The summary of a review, then its decisions (those that lost, or ``every`` one)."""
    from idoubtit.tui.text import claim_words, pretty_cards, rank_names

    _ = tr.gettext
    names = rank_names(tr)
    summary = Table(
        title=_("Review of seat %(seat)d") % {"seat": result.seat + 1}, title_justify="left", show_header=False
    )
    summary.add_column("")
    summary.add_column("", justify="right")
    summary.add_row(_("Accuracy"), f"{result.accuracy:.0f} %")
    labels = result.counts()
    for label, _least in LABELS:
        summary.add_row(label_name(tr, label), str(labels[label]))
    summary.add_row(_("Bluffs nobody caught"), str(len(result.bluffs_that_worked)))
    decisions = Table(title=_("Decisions"), title_justify="left")
    for heading, justify in (
        (_("Step"), "right"),
        (_("You"), "left"),
        (_("Best"), "left"),
        (_("Lost"), "right"),
        (_("Why"), "left"),
    ):
        decisions.add_column(heading, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for decision in result.decisions:
        if every or decision.label not in ("best", "good"):
            decisions.add_row(
                str(decision.step + 1),
                f"{decision.chosen}\n[{label_name(tr, decision.label)}]",
                decision.best,
                # A blunder a rule settles is no matter of points (the search's guess may even be 0).
                _("settled by the rules") if decision.ruled else f"{decision.loss:.0f}",
                review_line(
                    tr,
                    decision.why,
                    names,
                    lambda cards: pretty_cards([Card.parse(card) for card in cards]),
                    lambda count, rank: claim_words(tr, count, rank),
                ),
            )
    return [summary, decisions]


def label_name(tr: gettext.NullTranslations, label: str) -> str:
    """A review label in the reader's language."""
    _ = tr.gettext
    names = {"best": _("Best"), "good": _("Good"), "inaccuracy": _("Inaccuracy"), "mistake": _("Mistake")}
    return names.get(label) or _("Blunder")


def _exported(archive: Archive, ids: Sequence[int], with_players: bool) -> list[dict[str, Any]]:
    return [archive.export_game(game_id, with_players=with_players) for game_id in ids]


def _records_in(path: Path) -> Iterator[object]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise typer.BadParameter(f"cannot read {path}: {error.strerror}") from None
    try:
        yield json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                raise typer.BadParameter(f"{path}, line {number}: not JSON ({error.msg})") from None


def _every_game(archive: Archive, room: str | None, player: str | None) -> Iterator[int]:
    """Every game id of the table or the player, oldest first (a file to import reads in playing order)."""
    ids: list[int] = []
    before = None
    while True:
        page = archive.room_games(room, before, 100) if room else archive.player_games(player or "", before, 100)
        ids.extend(game.id for game in page.games)
        if page.before is None:
            break
        before = page.before
    yield from reversed(ids)


def _asked(question: Callable[[], T]) -> T:
    """The archive's answer, or its refusal as a clear error (no traceback)."""
    try:
        return question()
    except ArchiveError as error:
        raise typer.BadParameter(str(error)) from None


def seat_name(tr: gettext.NullTranslations, name: str, seat: int) -> str:
    """A seat's name as the pages show it: "Seat 2", in the reader's language, for a seat stored without one."""
    return name or tr.gettext("Seat %(number)d") % {"number": seat + 1}


def _translations(lang: str | None) -> gettext.NullTranslations:
    try:
        return translations(pick_language(lang))
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def _print(*tables: Table) -> None:
    console = Console(highlight=False)
    for table in tables:
        console.print(table)


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _share(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


def _mean(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


def games_table(tr: gettext.NullTranslations, page: GamePage) -> Table:
    _ = tr.gettext
    table = Table(title=_("Games"), title_justify="left")
    for heading, justify in (
        (_("Game"), "right"),
        (_("When"), "left"),
        (_("Table"), "left"),
        (_("Players"), "left"),
        (_("Winner"), "left"),
        (_("Moves"), "right"),
    ):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for game in page.games:
        table.add_row(
            str(game.id),
            _when(game.started_at),
            f"{game.room_code} #{game.number}",
            ", ".join(seat_name(tr, seat.display_name, seat.seat) for seat in game.seats),
            _winner(tr, game),
            str(game.steps),
        )
    if not page.games:
        table.caption = _("No games yet.")
    return table


def _winner(tr: gettext.NullTranslations, game: GameEntry) -> str:
    if game.status == "playing":
        return tr.gettext("being played")
    if game.status == "abandoned":
        return tr.gettext("given up")
    winner = game.winner
    return next((seat_name(tr, seat.display_name, seat.seat) for seat in game.seats if seat.seat == winner), "?")


#: At most this many players side by side in one statistics table (an 80-column terminal holds them).
COLUMNS_PER_TABLE = 5


def _measures(tr: gettext.NullTranslations) -> list[tuple[str, Callable[[Totals], str]]]:
    """Each line of a statistics table: what it counts, and how one person's totals read on it."""
    _ = tr.gettext
    return [
        (_("Games"), lambda totals: str(totals.games)),
        (_("Wins"), lambda totals: f"{totals.wins} ({_share(totals.win_rate)})"),
        (_("Claims"), lambda totals: str(totals.claims)),
        (_("Bluffs (of claims)"), lambda totals: f"{totals.bluffs} ({_share(totals.bluff_rate)})"),
        (_("Bluffs caught"), lambda totals: f"{totals.bluffs_caught} ({_share(totals.caught_rate)})"),
        (_("Doubts (right)"), lambda totals: f"{totals.doubts} ({_share(totals.doubt_accuracy)})"),
        (_("Piles taken"), lambda totals: str(totals.piles_taken)),
        (_("Cards in a pile taken"), lambda totals: _mean(totals.pile_size)),
        (_("Cards left at the end"), lambda totals: _mean(totals.cards_left_per_game)),
    ]


def numbers_tables(tr: gettext.NullTranslations, title: str, people: Sequence[tuple[str, Totals]]) -> list[Table]:
    """People side by side, one column each, one line per measure; several tables when there are many."""
    tables = []
    for start in range(0, max(len(people), 1), COLUMNS_PER_TABLE):
        chunk = people[start : start + COLUMNS_PER_TABLE]
        table = Table(title=title if start == 0 else None, title_justify="left")
        table.add_column("")
        for heading, _totals in chunk:
            table.add_column(heading, justify="right")
        for measure, read in _measures(tr):
            table.add_row(measure, *(read(totals) for _heading, totals in chunk))
        if not people:
            table.caption = tr.gettext("No finished games yet.")
        tables.append(table)
    return tables


def seat_stats_tables(tr: gettext.NullTranslations, lines: Sequence[SeatTotals]) -> list[Table]:
    people = [(seat_name(tr, line.display_name, line.seat), line.totals) for line in lines]
    return numbers_tables(tr, tr.gettext("At this table"), people)


def player_stats_tables(tr: gettext.NullTranslations, stats: PlayerStats) -> list[Table]:
    people = [(tr.gettext("All tables"), stats.totals)] if stats.totals.games else []
    # A name is left out where the seat had none (a game imported without names).
    people += [(f"{line.room_code}\n{line.display_name}".strip(), line.totals) for line in stats.tables]
    return numbers_tables(tr, tr.gettext("Your games"), people)
