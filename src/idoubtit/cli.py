"""The ``idoubtit`` command."""

from __future__ import annotations

import gettext
import io
import json
import random
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from idoubtit import lookback, puzzles_cli
from idoubtit.bots import BOTS, LEVELS, Bot, make_bot, split_specs
from idoubtit.engine import Game, IDoubtItError, Rules
from idoubtit.i18n import LANGUAGES, pick_language, translations


def _flags_without_placeholder(params: list[Any]) -> list[Any]:
    """Typer's rich help prints a value placeholder (``<bool>``) beside every flag, ``--help``
    included, though a flag takes no value: give flags an empty one, so they read ``--plain``."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A command of ``idoubtit`` (flags shown as plain flags in its help)."""

    def get_params(self, ctx: Any) -> list[Any]:  # Any: the context class typer vendors is private
        return _flags_without_placeholder(super().get_params(ctx))


class Group(TyperGroup):
    """The ``idoubtit`` command itself (flags shown as plain flags in its help)."""

    def get_params(self, ctx: Any) -> list[Any]:  # Any: the context class typer vendors is private
        return _flags_without_placeholder(super().get_params(ctx))


app = typer.Typer(help="I Doubt It (Cheat, BS): the card game of bluffing.", no_args_is_help=True, cls=Group)

# Table options shared by every command that sets up a table (RULES.md V1–V5).
Ascending = Annotated[bool, typer.Option("--ascending", help="V1: ranks go up, A, 2, 3 … K.")]
Cap = Annotated[bool, typer.Option("--cap", help="V2: at most 4 cards per deck in one play.")]
Places = Annotated[bool, typer.Option("--places", help="V3: play on for places after the winner.")]
OpenTable = Annotated[bool, typer.Option("--open-table", help="V4: allow 2 players, or 12 and more.")]
Strict = Annotated[bool, typer.Option("--strict", help="V5: every play must say its rank.")]
Decks = Annotated[int | None, typer.Option(help="Decks (only with --open-table; R1 decides otherwise).")]


@app.callback()
def main() -> None:
    """I Doubt It (Cheat, BS): the card game of bluffing."""


def build_rules(
    players: int, decks: int | None, ascending: bool, cap: bool, places: bool, open_table: bool, strict: bool
) -> Rules:
    try:
        return Rules(
            players,
            decks,
            ascending=ascending,
            capped_plays=cap,
            play_on_for_places=places,
            open_table_sizes=open_table,
            strict_announcing=strict,
        )
    except IDoubtItError as error:
        raise typer.BadParameter(str(error)) from None


def bot_specs(names: str, players: int, me: int = 0) -> dict[int, str]:
    """The bot spec of every seat but ``me``, cycling through the comma-separated ``names``."""
    chosen = split_specs(names)
    if not chosen:
        raise typer.BadParameter(f"name at least one bot: {', '.join(BOTS)} or package.module:ClassName")
    others = [seat for seat in range(players) if seat != me]
    return {seat: chosen[index % len(chosen)] for index, seat in enumerate(others)}


def seat_bots(names: str, players: int, seed: int, me: int = 0) -> dict[int, Bot]:
    """One bot for every seat but ``me``, cycling through the comma-separated ``names``."""
    try:
        return {
            seat: make_bot(spec, random.Random(f"{seed}/{seat}"))
            for seat, spec in bot_specs(names, players, me).items()
        }
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def table_record(names: list[str], specs: dict[int, str], person: str | None) -> dict[str, Any]:
    """Who sat where, saved beside the engine's record (which :meth:`Game.replay` reads and which
    holds no names): each seat's name and kind, ``human`` (the person, named by ``--name`` or not at
    all) or ``bot`` with the ``--bots`` spec that played it (a level, a bot name or a class path)."""
    seats: list[dict[str, Any]] = []
    for seat, name in enumerate(names):
        if seat in specs:
            seats.append({"name": name, "kind": "bot", "bot": specs[seat]})
        else:
            seats.append({"name": person, "kind": "human"})
    return {"seats": seats}


def replay_names(
    record: dict[str, Any], players: int, seat: int | None, tr: gettext.NullTranslations
) -> list[str] | None:
    """The seat names a saved record keeps (None for a record without them): "You" for the seat the
    game is told as, the saved names otherwise ("Seat 2" for a person who gave no name)."""
    table = record.get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list) or len(seats) != players:
        return None
    names = []
    for number, info in enumerate(seats):
        name = info.get("name") if isinstance(info, dict) else None
        names.append(lookback.seat_name(tr, name if isinstance(name, str) else "", number))
    if seat is not None:
        names[seat] = tr.gettext("You")
    return names


def _picked_bots(tr: gettext.NullTranslations, bots: str, players: int, plain: bool) -> str:
    """``--pick``: the person chooses every other seat's bot, starting from ``--bots``; quitting ends here."""
    from idoubtit.tui.picker import PickerApp, pick_plainly

    specs = bot_specs(bots, players)
    seats, shown = list(specs), list(specs.values())
    picked = pick_plainly(tr, seats, shown, sys.stdin, sys.stdout) if plain else PickerApp(tr, seats, shown).run()
    if picked is None:
        raise typer.Exit(0)
    return ",".join(picked)


@app.command(cls=Command)
def play(
    players: Annotated[int, typer.Option("--players", "-n", help="Players at the table, you included (3–11).")] = 4,
    bots: Annotated[
        str, typer.Option(help=f"Computer players, comma-separated: {', '.join(BOTS)} or {', '.join(LEVELS)}.")
    ] = "easy,medium,hard",
    seed: Annotated[int | None, typer.Option(help="Seed of the deal and the bots (random if left out).")] = None,
    lang: Annotated[str | None, typer.Option(help=f"Language: {', '.join(LANGUAGES)} (default: from LANG).")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="Line-by-line game for pipes and screen readers.")] = False,
    pick: Annotated[
        bool, typer.Option("--pick", help="Choose a strength or a character for every other seat before the deal.")
    ] = False,
    ascending: Ascending = False,
    cap: Cap = False,
    places: Places = False,
    open_table: OpenTable = False,
    strict: Strict = False,
    decks: Decks = None,
    delay: Annotated[float, typer.Option(help="Seconds between computer players' moves on screen.")] = 0.7,
    save: Annotated[Path | None, typer.Option(help="Write the game record (JSON) to this file at the end.")] = None,
    name: Annotated[str | None, typer.Option(help="Your name in the saved record (the table calls you You).")] = None,
    keep: Annotated[
        bool, typer.Option("--archive/--no-archive", help="Store the game in the archive (idoubtit history).")
    ] = True,
    coach: Annotated[
        bool, typer.Option("--coach", help="A coach reads each claim and suggests your move (from your view only).")
    ] = False,
    db: lookback.Db = None,
) -> None:
    """Play against the computer: a full-screen game, or line by line with --plain."""
    rules = build_rules(players, decks, ascending, cap, places, open_table, strict)
    try:
        language = pick_language(lang)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    game = Game.deal(rules, seed)
    tr = translations(language)
    if pick:
        bots = _picked_bots(tr, bots, rules.players, plain)
    seated = seat_bots(bots, rules.players, seed)
    from idoubtit.tui.text import seat_names

    names = seat_names(tr, rules.players, 0, seed, bot_specs(bots, rules.players))
    started_at = datetime.now(UTC)
    if plain:
        from idoubtit.tui.plain import PlainGame

        code = PlainGame(game, seated, tr, sys.stdin, sys.stdout, names=names, coach=coach).run()
        games = [game]
    else:
        from idoubtit.tui.app import TableApp

        table = TableApp(game, seated, tr, delay=delay, names=names, coach=coach)
        table.run()
        game, code = table.game, 0
        # Every game dealt at the table: those played to the end, and the last one if it was left unfinished.
        games = [*table.played, *([] if table.game in table.played else [table.game])]
    if save is not None:
        record = {**game.record(), "table": table_record(names, bot_specs(bots, rules.players), name)}
        save.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if keep:
        for played in games:
            _store_game(db, played, names, bot_specs(bots, rules.players), name or tr.gettext("You"), started_at, tr)
    raise typer.Exit(code)


def _store_game(
    db: str | None,
    game: Game,
    names: list[str],
    specs: dict[int, str],
    person: str,
    started_at: datetime,
    tr: gettext.NullTranslations,
) -> None:
    """The terminal game into the archive, as the server stores its games: who sat where (the person
    under this machine's player id), when, and every action; a game left before its end is given up."""
    table = table_record(names, specs, person)
    table["seats"][0]["player"] = lookback.local_player_id()
    table["started_at"] = started_at.isoformat()
    table["finished_at"] = datetime.now(UTC).isoformat() if game.is_over else None
    stored = lookback.store_terminal_game(db, {**game.record(), "table": table})
    typer.echo(tr.gettext("Stored as game %(id)d: idoubtit replay %(id)d") % {"id": stored.game_id}, err=True)


@app.command(cls=Command)
def replay(
    record: Annotated[
        str, typer.Argument(help="A game record (--save, idoubtit export), or a game id in the archive.")
    ],
    seat: Annotated[int | None, typer.Option(help="Show the game as this seat saw it (default: a spectator).")] = None,
    face_up: Annotated[
        bool, typer.Option("--face-up", help="Every card played shown as it really was (a finished game only).")
    ] = False,
    lang: Annotated[str | None, typer.Option(help=f"Language: {', '.join(LANGUAGES)}.")] = None,
    db: lookback.Db = None,
) -> None:
    """Tell a recorded game again, as one seat (or a spectator) saw it, or with every card face up."""
    from idoubtit.tui.text import Narrator, seat_names

    try:
        saved = lookback.saved_game(record, db)
        game = Game.replay(saved)
        view = game.view(seat)
    except (OSError, json.JSONDecodeError, IDoubtItError) as error:
        raise typer.BadParameter(str(error)) from None
    from_archive = not Path(record).is_file()
    if not game.is_over and (face_up or (from_archive and seat is not None)):
        # A game not over keeps its cards hidden: an archive's game is told only as a spectator saw it (its
        # players may be anyone), a saved file as its own person saw it, and neither face up.
        raise typer.BadParameter("this game is not over: it is told only as a spectator (or its saver) saw it")
    tr = translations(pick_language(lang))
    names = replay_names(saved, game.rules.players, seat, tr) or seat_names(tr, game.rules.players, seat, game.seed)
    narrator = Narrator(tr, names, seat)
    for event in game.events() if face_up else view.log:
        line = narrator.tell(event)
        if line:
            typer.echo(line)


app.command(cls=Command)(lookback.history)
app.command(cls=Command)(lookback.stats)
app.command(cls=Command)(lookback.export)
app.command(cls=Command, name="import")(lookback.import_)
app.command(cls=Command)(lookback.analyse)
app.command(cls=Command)(puzzles_cli.puzzles)


@app.command(cls=Command)
def tournament(
    bots: Annotated[str, typer.Option(help="Bots, comma-separated: names, levels, package.module:Class, name[opt=v].")],
    players: Annotated[int, typer.Option("--players", "-n", help="Seats at every table.")] = 4,
    games: Annotated[int, typer.Option(help="Games to play (rounded up to whole rotations of the seats).")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots: same seed, same results.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes to play on (default: one per core).")] = None,
    cluster: Annotated[str | None, typer.Option(help="Address of a Dask scheduler to play on instead.")] = None,
    json_path: Annotated[Path | None, typer.Option("--json", help="Write every result to this JSON file.")] = None,
    plots: Annotated[
        Path | None,
        typer.Option(help="Write the plots (ratings, win rate by seat): one PNG if this ends in .png, else a folder."),
    ] = None,
    ascending: Ascending = False,
    cap: Cap = False,
    places: Places = False,
    open_table: OpenTable = False,
    strict: Strict = False,
    decks: Decks = None,
    against: Annotated[
        str | None,
        typer.Option(
            help="A gauntlet: each of --bots alone against each of these fields (';'-separated). A field is a bot,"
            " whose copies fill the other seats, or bots joined by '+', drawn afresh for every deal."
        ),
    ] = None,
    markdown: Annotated[
        Path | None, typer.Option(help="With --against: also write the gauntlet's table, in Markdown, to this file.")
    ] = None,
    evening: Annotated[
        int,
        typer.Option(
            min=1,
            help="Games a table plays in a row with the same bots, who remember what they learned of each"
            " other (an evening with friends); 1: fresh bots every game. Games are rounded up to whole evenings.",
        ),
    ] = 1,
) -> None:
    """Play bots against each other on duplicate deals and rate them (openskill, 95 % intervals), or run
    a gauntlet (--against): how often each bot wins alone against each field."""
    from rich.console import Console

    from idoubtit.tournament import Tournament, run_tournament
    from idoubtit.tournament.report import (
        check_plots_path,
        cross_table,
        play_table,
        progress_bar,
        standings_table,
        write_json,
        write_plots,
    )
    from idoubtit.tournament.runner import default_workers

    rules = build_rules(players, decks, ascending, cap, places, open_table, strict)
    names = split_specs(bots)
    _check_bots(names, "--bots")
    if games < 1:
        raise typer.BadParameter("play at least one game", param_hint="--games")
    if plots is not None:
        try:
            check_plots_path(plots)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--plots") from None
    workers = default_workers() if workers is None else max(1, workers)
    if against is not None:
        candidates = list(dict.fromkeys(names))
        _gauntlet(candidates, against, rules, games, seed, workers, cluster, json_path, plots, markdown, evening)
        return
    if markdown is not None:
        raise typer.BadParameter(
            "a Markdown table is written for a gauntlet: give --against too", param_hint="--markdown"
        )
    total = len(Tournament(names, rules, games, seed, evening).jobs())
    console = Console()
    with progress_bar(console) as bar:
        task = bar.add_task("games", total=total)
        outcome = run_tournament(
            names, rules, games, seed, workers, cluster, lambda done: bar.advance(task, done), evening
        )
    console.print(standings_table(outcome))
    console.print(play_table(outcome))
    console.print(cross_table(outcome))
    console.print(_speed_line(len(outcome.results), outcome.seconds, workers))
    if json_path is not None:
        write_json(outcome, json_path)
    if plots is not None:
        for path in write_plots(outcome, plots):
            console.print(f"wrote {path}")


def _check_bots(names: list[str], option: str) -> None:
    """Build each named bot once, so that a misspelt one is refused before any game is played."""
    for name in set(names):
        try:
            make_bot(name)
        except (ValueError, TypeError) as error:
            raise typer.BadParameter(str(error), param_hint=option) from None


def _speed_line(games: int, seconds: float, workers: int) -> str:
    tr = translations(pick_language())
    summary = tr.ngettext(
        "%(games)s games in %(seconds)s s on %(workers)d worker (%(speed)s games/s)",
        "%(games)s games in %(seconds)s s on %(workers)d workers (%(speed)s games/s)",
        workers,
    )  # a tournament plays at least one game per seat, so "games" is always plural
    speed = f"{games / max(seconds, 1e-9):,.0f}"
    return summary % {"games": f"{games:,}", "seconds": f"{seconds:.1f}", "workers": workers, "speed": speed}


def _gauntlet(
    candidates: list[str],
    against: str,
    rules: Rules,
    games: int,
    seed: int,
    workers: int,
    cluster: str | None,
    json_path: Path | None,
    plots: Path | None,
    markdown: Path | None,
    evening: int = 1,
) -> None:
    """``tournament --against``: every candidate alone against every field, one table and one plot."""
    from rich.console import Console

    from idoubtit.tournament.gauntlet import gauntlet_jobs, parse_fields, run_gauntlet
    from idoubtit.tournament.report import (
        gauntlet_markdown,
        gauntlet_table,
        progress_bar,
        write_gauntlet_plot,
        write_json,
    )

    try:
        fields = parse_fields(against)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--against") from None
    _check_bots([bot for field in fields for bot in field.pool], "--against")
    console = Console()
    with progress_bar(console) as bar:
        total = len(gauntlet_jobs(candidates, fields, rules.players, games, seed, evening)[0])
        task = bar.add_task("games", total=total)
        outcome = run_gauntlet(
            candidates, fields, rules, games, seed, workers, cluster, lambda done: bar.advance(task, done), evening
        )
    console.print(gauntlet_table(outcome))
    console.print(_speed_line(outcome.games, outcome.seconds, workers))
    if json_path is not None:
        write_json(outcome, json_path)
    if markdown is not None:
        markdown.write_text(gauntlet_markdown(outcome), encoding="utf-8")
    if plots is not None:
        console.print(f"wrote {write_gauntlet_plot(outcome, plots)}")


def _comma_list(text: str | None) -> tuple[str, ...]:
    """The items of a comma-separated option, stripped, empty ones left out."""
    return tuple(item.strip() for item in (text or "").split(",") if item.strip())


@app.command(cls=Command)
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 lets phones on your network join.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="Archive: a SQLite file, or postgresql://user:pass@host/db (default: user data).")
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(help="Address people type to reach this server (join links).")
    ] = None,
    grace_seconds: Annotated[
        float, typer.Option(help="How long an away person's seat waits before a bot plays it.")
    ] = 30.0,
    batch_seconds: Annotated[
        float, typer.Option(help="Doubts this close to the first are settled together (R9).")
    ] = 0.005,
    bot_delay_seconds: Annotated[float, typer.Option(help="How long bots seem to think before playing.")] = 1.0,
    max_message_bytes: Annotated[int, typer.Option(help="Largest message a client may send.")] = 4096,
    messages_per_second: Annotated[float, typer.Option(help="Messages per second a connection may send.")] = 20.0,
    rooms_per_address: Annotated[int, typer.Option(help="Open rooms one client address may create.")] = 20,
    max_rooms: Annotated[int, typer.Option(help="Open rooms on the whole server.")] = 2000,
    spectators_per_room: Annotated[int, typer.Option(help="Watchers per room (seated people are never counted).")] = 64,
    lookups_per_minute: Annotated[
        float, typer.Option(help="Lookups of rooms that do not exist one address may make per minute.")
    ] = 30.0,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(help="Proxies (comma-separated addresses) whose X-Forwarded-For is believed (default: none)."),
    ] = None,
    allowed_origins: Annotated[
        str | None,
        typer.Option(help="Other origins (comma-separated, https://host:port) whose web pages may use this server."),
    ] = None,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            help="Other names (comma-separated, or * for any) requests may be sent to, besides IP addresses,"
            " localhost, this machine's name and --public-url's host."
        ),
    ] = None,
    node_url: Annotated[
        str | None,
        typer.Option(help="This node's own URL, for several nodes on one PostgreSQL (docs/hosting.md)."),
    ] = None,
    lease_seconds: Annotated[
        float, typer.Option(help="With --node-url: how long this node's hold on a room lasts unless renewed.")
    ] = 6.0,
) -> None:
    """Host tables for people on the network: rooms by code, bots, spectators (protocol: docs/protocol.md)."""
    if node_url is not None and (db is None or "://" not in db or not db.startswith("postgres")):
        raise typer.BadParameter("several nodes share one PostgreSQL archive: give --db postgresql://...")
    from idoubtit.server import ServerConfig
    from idoubtit.server import serve as run_server

    try:
        config = ServerConfig(
            host=host,
            port=port,
            db=db,
            public_url=public_url,
            grace_seconds=grace_seconds,
            batch_seconds=batch_seconds,
            bot_delay_seconds=bot_delay_seconds,
            max_message_bytes=max_message_bytes,
            messages_per_second=messages_per_second,
            rooms_per_address=rooms_per_address,
            max_rooms=max_rooms,
            spectators_per_room=spectators_per_room,
            lookups_per_minute=lookups_per_minute,
            forwarded_allow_ips=forwarded_allow_ips or None,
            allowed_origins=_comma_list(allowed_origins),
            allowed_hosts=_comma_list(allowed_hosts),
            node_url=node_url,
            lease_seconds=lease_seconds,
        )
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    run_server(config)


@app.command(cls=Command, context_settings={"allow_interspersed_args": False})
def agent(
    program: Annotated[
        list[str] | None, typer.Argument(help="The agent program and its arguments (after --), or --stdio.")
    ] = None,
    stdio: Annotated[
        bool, typer.Option("--stdio", help="Speak the protocol on this command's own stdin and stdout.")
    ] = False,
    players: Annotated[int, typer.Option("--players", "-n", help="Local game: players, the agent included.")] = 4,
    seat: Annotated[int, typer.Option(help="Local game: the agent's seat.")] = 0,
    bots: Annotated[
        str, typer.Option(help=f"Local game: the other players, comma-separated: {', '.join(BOTS)} or levels.")
    ] = "easy,medium,hard",
    seed: Annotated[int | None, typer.Option(help="Local game: seed of the deal and the bots.")] = None,
    ascending: Ascending = False,
    cap: Cap = False,
    places: Places = False,
    open_table: OpenTable = False,
    strict: Strict = False,
    decks: Decks = None,
    server: Annotated[str | None, typer.Option(help="Play a seat at this table server instead (ws://HOST:PORT).")] = (
        None
    ),
    room: Annotated[str | None, typer.Option(help="With --server: the room code.")] = None,
    token: Annotated[str | None, typer.Option(help="With --server: the seat token.")] = None,
    timeout: Annotated[float, typer.Option(help="Seconds the agent has for each answer.")] = 30.0,
    retries: Annotated[int, typer.Option(help="Answers refused before the default is taken.")] = 3,
    log: Annotated[Path | None, typer.Option(help="Write the whole exchange here, as JSON lines.")] = None,
    save: Annotated[Path | None, typer.Option(help="Local game: write the game record (JSON) here.")] = None,
) -> None:
    """Let a program play one seat over JSON lines, locally against bots or at a server (docs/agent.md)."""
    if stdio == bool(program):
        raise typer.BadParameter("give the agent program after --, or --stdio (not both)")
    if timeout <= 0 or retries < 0:
        raise typer.BadParameter("--timeout must be above 0 and --retries at least 0")
    game: Game | None = None
    seated: dict[int, Bot] = {}
    if server is None:
        rules = build_rules(players, decks, ascending, cap, places, open_table, strict)
        if not 0 <= seat < rules.players:
            raise typer.BadParameter(
                f"seat {seat} is not at a table of {rules.players} (seats 0 to {rules.players - 1})"
            )
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        game = Game.deal(rules, seed)
        seated = seat_bots(bots, rules.players, seed, me=seat)
    elif room is None or token is None:
        raise typer.BadParameter("--server needs --room and --token")
    code = _run_agent(program or None, game, seat, seated, (server, room or "", token or ""), timeout, retries, log)
    if game is not None and save is not None:
        save.write_text(json.dumps(game.record(), indent=1) + "\n", encoding="utf-8")
    raise typer.Exit(code)


def _run_agent(
    program: list[str] | None,
    game: Game | None,
    seat: int,
    bots: dict[int, Bot],
    table: tuple[str | None, str, str],
    timeout: float,
    retries: int,
    log: Path | None,
) -> int:
    """Play the agent's game (local when ``game`` is given, else at ``table``: server, room, token);
    print the summary and return the exit code. Without a program the protocol runs on stdin/stdout,
    so everything for people goes to standard error."""
    import asyncio

    from idoubtit.client.agent import AgentFailedError, AgentProcess, AgentSeat, LineChannel, Transcript, play_at_server
    from idoubtit.client.agent import play_local as play_agent_locally

    err = program is None
    transcript = Transcript(log)
    process = None
    try:
        if program is not None:
            process = AgentProcess(program, transcript)
            channel = process.channel
        else:
            if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8: a malformed answer, not a crash
                sys.stdin.reconfigure(encoding="utf-8", errors="replace")
            channel = LineChannel(sys.stdin, sys.stdout, transcript)
        player = AgentSeat(channel, timeout=timeout, retries=retries)
        if game is not None:
            asyncio.run(play_agent_locally(game, seat, bots, player))
            final = game.view(seat).to_dict()
        else:
            server, room, token = table
            assert server is not None
            final = asyncio.run(play_at_server(server, room, token, player))
    except AgentFailedError as error:
        typer.echo(f"error: {error}", err=err)
        return 1
    finally:
        if process is not None:
            process.close()
        transcript.close()
    tally = player.tally
    outcome = "won" if final["winner"] == final["seat"] else f"did not win (seat {final['winner']} won)"
    typer.echo(f"game over: the agent at seat {final['seat']} {outcome}; places {final['places']}", err=err)
    codes = ", ".join(f"{code} {count}" for code, count in sorted(tally.codes.items()))
    refused = f"{tally.refused} ({codes})" if codes else "0"
    typer.echo(f"decisions: {tally.decisions}, refused answers: {refused}, defaults: {tally.defaulted}", err=err)
    return 0
