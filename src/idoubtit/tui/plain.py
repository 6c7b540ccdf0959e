"""The plain game: one line at a time on standard input and output.

It works over a pipe, so a script or a screen reader can play. Every question the game asks is a line
that starts with ``? ``; everything else is the story of the game. Written to a terminal, a question too
long for it is broken at spaces, its next lines indented under its first word; over a pipe it stays one
line, so a script reads each question whole.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TextIO

from idoubtit.bots import Bot
from idoubtit.bots.runner import ask as ask_bot
from idoubtit.bots.runner import settle_window, window_answers
from idoubtit.engine import Card, Game, IDoubtItError, MalformedInputError, Phase, Play, Rank, parse_action
from idoubtit.tui.text import (
    Narrator,
    Translations,
    claim_words,
    coach_text,
    doubt_call,
    explain,
    finishing_order,
    pretty_cards,
    rank_names,
    seat_label,
    seat_names,
    status_line,
    table_coach,
    truthful_pick,
)

#: The widest line the game writes for people (over a pipe questions excepted: each stays one line for scripts).
WIDTH = 80
#: What goes before a question's first line, and before its next lines when a terminal's are broken.
QUESTION_MARK, QUESTION_INDENT = "? ", "  "


class QuitGameError(Exception):
    """The person asked to stop (or closed the input)."""


class PlainGame:
    """A game between one person (seat ``me``) and bots, told line by line."""

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Bot],
        tr: Translations,
        stdin: TextIO,
        stdout: TextIO,
        me: int = 0,
        names: Sequence[str] | None = None,
        coach: bool = False,
    ) -> None:
        self.game, self.bots, self.tr, self.me = game, bots, tr, me
        #: ``--coach``: the expert's reading of each claim and its move on our turn, from our view alone.
        self.coach = table_coach(game.rules, me) if coach else None
        self.stdin, self.stdout = stdin, stdout
        self.names = list(names) if names is not None else seat_names(tr, game.rules.players, me, game.seed)
        self.narrator = Narrator(tr, self.names, me)
        self.told = 0  # how many log entries of our view have been told

    def say(self, line: str = "") -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def say_wrapped(self, text: str, indent: str = "") -> None:
        """A line for people, broken at spaces to fit :data:`WIDTH` columns, the next lines after ``indent``."""
        wrapped = textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
        for line in wrapped or [""]:
            self.say(line)

    def ask(self, question: str) -> str:
        if self.stdout.isatty():  # a person reads it: broken at spaces like the story
            self.say_wrapped(QUESTION_MARK + question, indent=QUESTION_INDENT)
        else:
            self.say(QUESTION_MARK + question)
        answer = self.stdin.readline()
        if not answer:
            raise QuitGameError
        answer = answer.strip()
        if answer.lower() in {"quit", "q", "exit"}:
            raise QuitGameError
        return answer

    def run(self) -> int:
        """Play until the game is over or the person quits; 0 when the game was played to its end."""
        _ = self.tr.gettext
        rules = self.game.rules
        self.say_wrapped(
            self.tr.ngettext(
                "I Doubt It — %(players)d players, %(decks)d deck. Type “help” for help, “quit” to stop.",
                "I Doubt It — %(players)d players, %(decks)d decks. Type “help” for help, “quit” to stop.",
                rules.deck_count,
            )
            % {"players": rules.players, "decks": rules.deck_count}
        )
        seats = ", ".join(seat_label(self.tr, name, seat in self.bots) for seat, name in enumerate(self.names))
        self.say_wrapped(_("At the table: %(players)s") % {"players": seats})
        try:
            while not self.game.is_over:
                self.step()
        except QuitGameError:
            self.say(_("Game stopped."))
            return 1
        self.tell_news()
        places = ", ".join(finishing_order(self.tr, self.game.view(self.me), self.names))
        self.say_wrapped(_("Game over. Places: %(places)s") % {"places": places})
        return 0

    def step(self) -> None:
        self.tell_news()
        game = self.game
        if game.phase is Phase.PLAY:
            if game.to_play == self.me:
                self.say_wrapped(status_line(self.tr, game.view(self.me), self.names))
                self.play_my_turn()
            else:
                game.apply(ask_bot(self.bots[game.to_play], game, game.to_play))
            return
        answers = window_answers(game, self.bots)
        if self.me in game.awaiting and self.ask_doubt():
            answers[self.me] = True
        elif self.me in game.awaiting:
            answers[self.me] = False
        settle_window(game, [s for s, d in answers.items() if d], [s for s, d in answers.items() if not d])

    def tell_news(self) -> None:
        log = self.game.view(self.me).log
        for event in log[self.told :]:
            line = self.narrator.tell(event)
            if line:
                self.say(line)
        self.told = len(log)

    def show_hand(self, hand: tuple[Card, ...]) -> None:
        """The numbered cards, on as many lines of :data:`WIDTH` as they need: a line breaks between two
        cards, never inside one, and the next lines start under the first card."""
        listed = "  ".join(f"{number}:{card.pretty()}" for number, card in enumerate(hand, start=1))
        line = self.tr.gettext("Your hand: %(cards)s") % {"cards": listed}
        first = line.find("1:")
        self.say_wrapped(line, " " * first if 0 <= first < WIDTH // 2 else "")

    def say_coach(self) -> None:
        """The coach's word on the decision before us (with ``--coach``)."""
        if self.coach is None:
            return
        advice = self.coach.advise(self.game.view(self.me))
        if advice is not None:
            self.say_wrapped(coach_text(self.tr, advice, self.names))

    def play_my_turn(self) -> None:
        """Ask for a play until one is allowed, and make it (through the engine's checked door)."""
        _ = self.tr.gettext
        self.say_coach()
        view = self.game.view(self.me)
        strict = self.game.rules.strict_announcing
        while True:
            self.show_hand(view.hand)
            if strict:
                question = _(
                    "Your turn (%(due)s are due). Put down cards and say the rank: card numbers or cards,"
                    " then “as” and a rank, e.g. “1 3 as K”."
                )
            else:
                question = _(
                    "Your turn: %(due)s are due. Put down cards: card numbers or cards, e.g. “1 3” or"
                    " “AS 10H”; add “as K” to announce another rank."
                )
            question %= {"due": rank_names(self.tr)[view.due_rank]}
            picked = tuple(view.hand[position] for position in truthful_pick(view))
            if picked:
                question += " " + _("Enter alone puts down the %(due)s you hold: %(cards)s.") % {
                    "due": rank_names(self.tr)[view.due_rank],
                    "cards": pretty_cards(picked),
                }
            answer = self.ask(question)
            if answer.lower() in {"help", "h", "?"}:
                self.say_help()
                continue
            try:
                play = self.read_play(answer, view.hand, picked)
                self.game.play(play.seat, play.cards, play.rank)
            except IDoubtItError as error:
                self.say(_("Not allowed: %(reason)s") % {"reason": explain(self.tr, error)})
                continue
            return

    def read_play(self, answer: str, hand: tuple[Card, ...], picked: tuple[Card, ...] = ()) -> Play:
        """A play from what the person typed: card numbers or cards, then perhaps "as" and a rank.
        No cards at all (an empty answer, or only "as K") means the ``picked`` cards."""
        words = answer.replace(",", " ").split()
        announced: list[str] = []
        # "as" before a rank always announces it ("1 as 5": card 1 announced as a Five), even though
        # "AS" is also the Ace of spades: to play that card last, name it before the others.
        if len(words) >= 2 and words[-2].lower() == "as" and _is_rank(words[-1]):
            words, announced = words[:-2], words[-2:]
        if not words and not picked:  # nothing of the due rank to put down for them: they must choose
            raise MalformedInputError(
                self.tr.gettext("you hold none of the rank that is due: give the numbers of the cards to put down")
            )
        if not words:
            words = [str(card) for card in picked]
        numbers = [int(word) for word in words if _is_number(word)]
        if len(set(numbers)) != len(numbers):
            raise MalformedInputError(self.tr.gettext("a card number is given twice"))
        for number in numbers:
            if not 1 <= number <= len(hand):
                raise MalformedInputError(
                    self.tr.gettext("there is no card %(number)d; your cards are numbered 1 to %(last)d")
                    % {"number": number, "last": len(hand)}
                )
        cards = [str(hand[int(word) - 1]) if _is_number(word) else word for word in words]
        action = parse_action(" ".join(["play", str(self.me), *cards, *announced]))
        assert isinstance(action, Play)
        return action

    def ask_doubt(self) -> bool:
        _ = self.tr.gettext
        claim = self.game.claim
        assert claim is not None
        self.say_coach()
        question = _("%(name)s claims “%(claim)s”. %(call)s? (y/n)") % {
            "name": self.names[claim.seat],
            "claim": claim_words(self.tr, claim.count, claim.rank),
            "call": doubt_call(self.tr),
        }
        while True:
            answer = self.ask(question).lower()
            if answer in {"y", "yes", "d", _("y"), _("yes")}:
                return True
            if answer in {"", "n", "no", "p", _("n"), _("no")}:
                return False
            if answer in {"help", "h", "?"}:
                self.say_help()
                continue
            self.say(_("Answer y to doubt the claim, n to let it go."))

    def say_help(self) -> None:
        _ = self.tr.gettext
        self.say(
            _(
                "On your turn, name the cards to put down by their numbers (“1 3”) or as cards (“AS 10H”,"
                " T or 10 for tens). The due rank is announced for you; add “as K” to announce another"
                " rank (that takes the pile). When someone else plays, answer y to doubt or n to let it go."
                " “quit” stops the game."
            )
        )


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _is_rank(word: str) -> bool:
    try:
        Rank.parse(word)
    except MalformedInputError:
        return False
    return True
