"""``idoubtit puzzles``: "Doubt or not?" and "What do you play?" at the terminal.

Each puzzle is a position a seat really met (:mod:`idoubtit.coach.puzzles`), shown as that seat saw
it: its hand, what happened since its last turn, each seat's hand size, what is due and the claim on
the table. The person answers on one line (as in ``idoubtit play --plain``: every question is a line
that starts with ``? ``), then reads whether it was right, why, the chances of each option and the
streak. ``--generate`` makes new puzzles instead, from an archive's games (``--db``) or bot games.
"""

from __future__ import annotations

import gettext
import random
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from idoubtit.bots.knowledge import own_cards_in_pile
from idoubtit.coach.puzzle_reasons import sentence
from idoubtit.coach.puzzles import (
    DIFFICULTIES,
    ITERATIONS,
    KINDS,
    Puzzle,
    Quotas,
    Search,
    archive_games,
    bot_games,
    choose,
    gather,
    load_set,
    set_text,
)
from idoubtit.engine import Doubt, IDoubtItError, Play, Played, Rank, View, parse_action
from idoubtit.i18n import pick_language, translations
from idoubtit.lookback import Db, Lang, open_archive
from idoubtit.tui.text import Narrator, claim_words, doubt_call, pretty_cards, rank_names, seat_names, status_line

#: The widest line written for people (questions excepted: each stays one line for scripts).
WIDTH = 80


class StopPuzzlesError(Exception):
    """The person asked to stop (or closed the input)."""


def puzzles(
    difficulty: Annotated[
        str | None, typer.Option(help="Only puzzles of this difficulty: easy, medium or hard.")
    ] = None,
    kind: Annotated[
        str | None, typer.Option(help="Only this kind: doubt (doubt or let it go) or play (what to put down).")
    ] = None,
    count: Annotated[int, typer.Option(help="How many puzzles to solve.")] = 5,
    seed: Annotated[
        int | None, typer.Option(help="Pick the puzzles with this seed (the same seed, the same ones).")
    ] = None,
    lang: Lang = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="Solve the puzzles of this set (default: the one that comes with the game)."),
    ] = None,
    generate: Annotated[
        bool, typer.Option("--generate", help="Make new puzzles from finished games instead of solving them.")
    ] = False,
    db: Db = None,
    games: Annotated[int, typer.Option(help="With --generate: how many games to take puzzles from.")] = 10,
    out: Annotated[
        Path | None, typer.Option(help="With --generate: the set file to write (default: the screen).")
    ] = None,
    iterations: Annotated[
        int, typer.Option(help="With --generate: sampled deals of the first search (the second has twice as many).")
    ] = ITERATIONS,
) -> None:
    """Puzzles from real games: doubt or not, and what to play. Answer, then see why and your streak;
    --generate makes more (from the archive with --db, else from bot games)."""
    try:
        tr = translations(pick_language(lang))
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--lang") from None
    _check_choice(difficulty, DIFFICULTIES, "--difficulty")
    _check_choice(kind, KINDS, "--kind")
    if count < 1:
        raise typer.BadParameter("give at least 1", param_hint="--count")
    if generate:
        _generate(tr, db, games, out, iterations, seed, kind, difficulty)
        return
    try:
        chosen = choose(load_set(file), count, random.Random(seed), kind, difficulty)
    except IDoubtItError as error:
        raise typer.BadParameter(str(error), param_hint="--file") from None
    if not chosen:
        typer.echo(tr.gettext("No puzzle fits these choices."))
        raise typer.Exit(1)
    raise typer.Exit(PuzzleRound(tr, chosen).run())


def _check_choice(value: str | None, choices: Sequence[str], option: str) -> None:
    if value is not None and value not in choices:
        raise typer.BadParameter(f"choose one of {', '.join(choices)}", param_hint=option)


def _generate(
    tr: gettext.NullTranslations,
    db: str | None,
    games: int,
    out: Path | None,
    iterations: int,
    seed: int | None,
    kind: str | None,
    difficulty: str | None,
) -> None:
    """Puzzles from ``games`` finished games (the archive's newest, or bot games), written as a set."""
    if not 1 <= iterations <= 10_000:
        raise typer.BadParameter("iterations are 1 to 10,000", param_hint="--iterations")
    if games < 1:
        raise typer.BadParameter("give at least 1", param_hint="--games")
    search = Search(iterations=iterations, seed=0 if seed is None else seed)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), transient=True) as bar:
        task = bar.add_task(tr.gettext("Looking for puzzles"), total=games)

        def progress(done: int, _found: int) -> None:
            bar.update(task, completed=done)

        if db is not None:
            with open_archive(db) as archive:
                found = gather(archive_games(archive, games), search, Quotas(), progress)
        else:
            found = gather(bot_games(games, search.seed), search, Quotas(), progress)
    kept = [p for p in found if kind in (None, p.kind) and difficulty in (None, p.difficulty)]
    made_by = f"idoubtit puzzles --generate --games {games} --iterations {iterations} --seed {search.seed}"
    text = set_text(kept, made_by + ("" if db is None else " --db …"))
    if out is None:
        sys.stdout.write(text)
        return
    out.write_text(text, encoding="utf-8")
    typer.echo(
        tr.ngettext("%(count)d puzzle written to %(file)s.", "%(count)d puzzles written to %(file)s.", len(kept))
        % {"count": len(kept), "file": out}
    )


class PuzzleRound:
    """A round of puzzles on standard input and output, with the streak of right answers."""

    def __init__(self, tr: gettext.NullTranslations, puzzles: Sequence[Puzzle]) -> None:
        self.tr, self.puzzles = tr, list(puzzles)
        self.right = self.streak = self.best_streak = 0

    def say(self, text: str = "") -> None:
        """Lines for people, broken at spaces to fit :data:`WIDTH` columns."""
        for line in textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False) or [""]:
            typer.echo(line)

    def ask(self, question: str) -> str:
        typer.echo("? " + question)
        answer = sys.stdin.readline()
        if not answer or answer.strip().lower() in {"quit", "q", "exit"}:
            raise StopPuzzlesError
        return answer.strip()

    def run(self) -> int:
        """Ask every puzzle; 0 when all were answered, 1 when the person stopped."""
        _ = self.tr.gettext
        solved = 0
        try:
            for number, puzzle in enumerate(self.puzzles, start=1):
                self.pose(puzzle, number)
                solved += 1
        except StopPuzzlesError:
            self.say(_("Stopped."))
        if solved:
            self.say(
                _("%(right)d of %(total)d right. Best streak: %(streak)d.")
                % {"right": self.right, "total": solved, "streak": self.best_streak}
            )
        return 0 if solved == len(self.puzzles) else 1

    def pose(self, puzzle: Puzzle, number: int) -> None:
        """Show one puzzle, take the answer, and say whether it was right and why."""
        _ = self.tr.gettext
        view = puzzle.seat_view()
        assert view.seat is not None
        names = seat_names(self.tr, view.rules.players, view.seat, puzzle.id)
        title = _("Doubt or not?") if puzzle.kind == "doubt" else _("What do you play?")
        self.say()
        self.say(
            _("Puzzle %(number)d of %(total)d · %(title)s · %(difficulty)s")
            % {"number": number, "total": len(self.puzzles), "title": title, "difficulty": _(puzzle.difficulty)}
        )
        self.show_position(view, names)
        chosen = self.ask_doubt(puzzle, view, names) if puzzle.kind == "doubt" else self.ask_play(puzzle, view)
        self.tell_verdict(puzzle, chosen)

    def show_position(self, view: View, names: Sequence[str]) -> None:
        """The position as the seat saw it: what happened since its last turn, the table, its cards."""
        _ = self.tr.gettext
        assert view.seat is not None
        self.say(_("At the table: %(players)s") % {"players": ", ".join(names)})
        log = view.log
        own = [index for index, event in enumerate(log) if isinstance(event, Played) and event.seat == view.seat]
        if own:
            self.say(_("Since your last turn:"))
        narrator = Narrator(self.tr, names, view.seat)
        for event in log[own[-1] if own else 0 :]:
            line = narrator.tell(event)
            if line:
                self.say("  " + line)
        self.say(status_line(self.tr, view, names))
        mine = own_cards_in_pile(view)
        if mine:
            self.say(_("Your cards in the pile: %(cards)s") % {"cards": pretty_cards(mine)})
        self.say(_("Your hand: %(cards)s") % {"cards": pretty_cards(view.hand)})

    def ask_doubt(self, puzzle: Puzzle, view: View, names: Sequence[str]) -> str:
        """Doubt or let it go: the option chosen, in notation."""
        _ = self.tr.gettext
        claim = view.claim
        assert claim is not None
        question = _("%(name)s claims “%(claim)s”. %(call)s? (y/n)") % {
            "name": names[claim.seat],
            "claim": claim_words(self.tr, claim.count, claim.rank),
            "call": doubt_call(self.tr),
        }
        doubt, decline = (next(o for o in puzzle.options if o.startswith(verb)) for verb in ("doubt", "decline"))
        while True:
            answer = self.ask(question).lower()
            if answer in {"y", "yes", "d", _("y"), _("yes")}:
                return doubt
            if answer in {"n", "no", "p", _("n"), _("no")}:
                return decline
            self.say(_("Answer y to doubt the claim, n to let it go."))

    def ask_play(self, puzzle: Puzzle, view: View) -> str:
        """Which of the offered plays: the option chosen, in notation."""
        _ = self.tr.gettext
        asked = _("%(due)s are due. Which do you put down?") % {"due": rank_names(self.tr)[view.due_rank]}
        self.say(asked[:1].upper() + asked[1:])  # a rank's name may be written small (Afrikaans: "sesse")
        for number, option in enumerate(puzzle.options, start=1):
            self.say(f"  {number}) {self.describe(option)}")
        last = len(puzzle.options)
        while True:
            answer = self.ask(_("Your answer (1 to %(last)d):") % {"last": last})
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= last:
                return puzzle.options[int(answer) - 1]
            self.say(_("Answer with a number from 1 to %(last)d.") % {"last": last})

    def describe(self, option: str) -> str:
        """An option as a person reads it: the cards put down, or the answer to the claim."""
        action = parse_action(option)
        if isinstance(action, Play):
            return pretty_cards(action.cards)
        return doubt_call(self.tr) if isinstance(action, Doubt) else self.tr.gettext("Let it go")

    def tell_verdict(self, puzzle: Puzzle, chosen: str) -> None:
        _ = self.tr.gettext
        if chosen == puzzle.answer:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.say(_("Right!"))
        else:
            self.streak = 0
            self.say(self.wrong(puzzle))
        self.say(self.explanation(puzzle.why))
        chances = ", ".join(
            f"{self.label(puzzle, number)}: {round(100 * win)} %" for number, win in enumerate(puzzle.wins)
        )
        self.say(_("Chances to win: %(chances)s") % {"chances": chances})
        self.say(_("Streak: %(streak)d") % {"streak": self.streak})

    def wrong(self, puzzle: Puzzle) -> str:
        """What the answer was, after a wrong one."""
        _ = self.tr.gettext
        if puzzle.kind == "play":
            answer = f"{puzzle.answer_index + 1}) {self.describe(puzzle.answer)}"
            return _("Not this time: the answer is %(answer)s.") % {"answer": answer}
        if puzzle.answer.startswith("doubt"):
            return _("Not this time: this claim is one to doubt.")
        return _("Not this time: this claim is one to let go.")

    def label(self, puzzle: Puzzle, index: int) -> str:
        """An option as the list of chances names it: a play by its number, an answer by its words."""
        return str(index + 1) if puzzle.kind == "play" else self.describe(puzzle.options[index])

    def explanation(self, why: dict[str, Any]) -> str:
        """The reason in the person's language."""
        names = rank_names(self.tr)

        def claim(count: int, rank: Rank) -> str:
            return claim_words(self.tr, count, rank)

        return sentence(why, self.tr, names.__getitem__, claim)
