"""The sentences a person reads at the terminal table, translated through gettext.

Both the full-screen game and the plain line-by-line game tell the story of a game with these, so a
player hears the same words whichever they use.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from idoubtit.bots.characters import computer_name
from idoubtit.coach import Advice, Coach
from idoubtit.coach.words import coach_line
from idoubtit.engine import (
    Card,
    Declined,
    Doubted,
    Event,
    Finished,
    GameOver,
    IDoubtItError,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    View,
    WindowClosed,
    WrongRank,
)
from idoubtit.i18n import language_of

Translations = gettext.NullTranslations


def rank_names(tr: Translations) -> dict[Rank, str]:
    """Each rank's name as a plural noun, as in "Kings are due"."""
    _ = tr.gettext
    return {
        Rank.ACE: _("Aces"),
        Rank.KING: _("Kings"),
        Rank.QUEEN: _("Queens"),
        Rank.JACK: _("Jacks"),
        Rank.TEN: _("Tens"),
        Rank.NINE: _("Nines"),
        Rank.EIGHT: _("Eights"),
        Rank.SEVEN: _("Sevens"),
        Rank.SIX: _("Sixes"),
        Rank.FIVE: _("Fives"),
        Rank.FOUR: _("Fours"),
        Rank.THREE: _("Threes"),
        Rank.TWO: _("Twos"),
    }


def claim_words(tr: Translations, count: int, rank: Rank) -> str:
    """A claim as it is said aloud (R4): "one Ace", "3 Kings"."""
    n = tr.ngettext
    phrases: dict[Rank, Callable[[], str]] = {
        Rank.ACE: lambda: n("%(count)d Ace", "%(count)d Aces", count),
        Rank.KING: lambda: n("%(count)d King", "%(count)d Kings", count),
        Rank.QUEEN: lambda: n("%(count)d Queen", "%(count)d Queens", count),
        Rank.JACK: lambda: n("%(count)d Jack", "%(count)d Jacks", count),
        Rank.TEN: lambda: n("%(count)d Ten", "%(count)d Tens", count),
        Rank.NINE: lambda: n("%(count)d Nine", "%(count)d Nines", count),
        Rank.EIGHT: lambda: n("%(count)d Eight", "%(count)d Eights", count),
        Rank.SEVEN: lambda: n("%(count)d Seven", "%(count)d Sevens", count),
        Rank.SIX: lambda: n("%(count)d Six", "%(count)d Sixes", count),
        Rank.FIVE: lambda: n("%(count)d Five", "%(count)d Fives", count),
        Rank.FOUR: lambda: n("%(count)d Four", "%(count)d Fours", count),
        Rank.THREE: lambda: n("%(count)d Three", "%(count)d Threes", count),
        Rank.TWO: lambda: n("%(count)d Two", "%(count)d Twos", count),
    }
    return phrases[rank]() % {"count": count}


def doubt_call(tr: Translations) -> str:
    """The call every player knows (the table of words in the rules)."""
    return tr.gettext("I doubt it")


def called_game(tr: Translations) -> str:
    """Why a V3 game ended with players still in (the engine calls it when a position comes round a third
    time)."""
    return tr.gettext(
        "The same position came round a third time: the game ends, and those still in are placed by the "
        "cards they hold, fewest first."
    )


def called_note(tr: Translations, view: View) -> str | None:
    """:func:`called_game`'s sentence if the game in ``view`` ended called, else None."""
    last = view.log[-1] if view.log else None
    return called_game(tr) if isinstance(last, GameOver) and last.called else None


def pretty_cards(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty() for card in cards)


@dataclass(frozen=True)
class Narrator:
    """Turns events into sentences for the person sitting at ``me`` (None: a spectator)."""

    tr: Translations
    names: Sequence[str]
    me: int | None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def pick(self, seat: int, mine: str, theirs: str, **values: object) -> str:
        """The second-person sentence when the event is about the reader, else the third-person one."""
        return (mine if seat == self.me else theirs) % {"name": self.name(seat), **values}

    def tell(self, event: Event) -> str | None:
        """One line of the story, or None for events not worth a line (a single decline)."""
        _ = self.tr.gettext
        if isinstance(event, Played):
            claim = claim_words(self.tr, event.count, event.rank)
            line = self.pick(
                event.seat, _("You put down “%(claim)s”."), _("%(name)s puts down “%(claim)s”."), claim=claim
            )
            if event.cards is not None:
                line += " " + _("(really: %(cards)s)") % {"cards": pretty_cards(event.cards)}
            return line
        if isinstance(event, WrongRank):
            names = rank_names(self.tr)
            return self.pick(
                event.seat,
                _("You announced %(announced)s, but %(due)s were due."),
                _("%(name)s announced %(announced)s, but %(due)s were due."),
                announced=names[event.announced],
                due=names[event.due],
            )
        return self._tell_resolution(event)

    def _tell_resolution(self, event: Event) -> str | None:
        _ = self.tr.gettext
        if isinstance(event, Doubted):
            return self.pick(
                event.doubter, _("You say: “%(call)s!”"), _("%(name)s says: “%(call)s!”"), call=doubt_call(self.tr)
            )
        if isinstance(event, Revealed):
            return self._tell_reveal(event)
        if isinstance(event, PileTaken):
            n = self.tr.ngettext
            return self.pick(
                event.seat,
                n("You take the pile (%(count)d card).", "You take the pile (%(count)d cards).", event.count),
                n(
                    "%(name)s takes the pile (%(count)d card).",
                    "%(name)s takes the pile (%(count)d cards).",
                    event.count,
                ),
                count=event.count,
            )
        if isinstance(event, WindowClosed):
            return _("Nobody doubts.")
        if isinstance(event, Finished):
            return self._tell_finish(event)
        if isinstance(event, GameOver):
            won = self.pick(event.winner, _("You win the game!"), _("%(name)s wins the game."))
            return f"{called_game(self.tr)} {won}" if event.called else won
        assert isinstance(event, Declined)
        return None

    def _tell_reveal(self, event: Revealed) -> str:
        _ = self.tr.gettext
        cards = pretty_cards(event.cards)
        if event.reason is RevealReason.LAST_PLAY:
            intro = _("Last cards turned up: %(cards)s") % {"cards": cards}
        else:
            intro = _("Turned up: %(cards)s") % {"cards": cards}
        verdict = _("it was true.") if event.truthful else _("it was a bluff!")
        return f"{intro} — {verdict}"

    def _tell_finish(self, event: Finished) -> str:
        _ = self.tr.gettext
        if event.place == 1:
            return self.pick(event.seat, _("You have no cards left!"), _("%(name)s has no cards left!"))
        return self.pick(
            event.seat,
            _("You finish in place %(place)d."),
            _("%(name)s finishes in place %(place)d."),
            place=event.place,
        )


def explain(tr: Translations, error: IDoubtItError) -> str:
    """Why an action was refused, in the player's words (the engine's English message as a fallback)."""
    _ = tr.gettext
    details = error.details
    templates = {
        "not_your_turn": _("it is not your turn"),
        "window_open": _("first answer the claim on the table: doubt it or let it go"),
        "no_window": _("there is no claim to doubt now"),
        "rank_required": _("say which rank you announce (add “as” and a rank, or choose it)"),
        "empty_play": _("put down at least one card"),
        "over_cap": _("at most %(cap)s cards in one play") % {"cap": details.get("cap")},
        "not_held": _("you do not hold %(card)s") % {"card": _pretty(details.get("card"))},
        "bad_card": _("“%(text)s” is not a card: write rank then suit, like AS, 10H, QD or 2C")
        % {"text": details.get("text")},
        "bad_rank": _("“%(text)s” is not a rank: A, K, Q, J, 10 … 2") % {"text": details.get("text")},
        "game_over": _("the game is over"),
    }
    return templates.get(error.code, str(error))


def _pretty(card: object) -> str:
    return card.pretty() if isinstance(card, Card) else str(card)


def status_line(tr: Translations, view: View, names: Sequence[str]) -> str:
    """One line with the due rank, the pile and every hand size."""
    _ = tr.gettext
    hands = ", ".join(f"{names[seat]} {size}" for seat, size in enumerate(view.hand_sizes))
    return _("Due: %(rank)s · Pile: %(pile)d · Cards: %(hands)s") % {
        "rank": rank_names(tr)[view.due_rank],
        "pile": view.pile_size,
        "hands": hands,
    }


def finishing_order(tr: Translations, view: View, names: Sequence[str]) -> list[str]:
    """The end of a game, one line a seat: those who went out in the order they did (R10, V3), then the
    others by the cards they were left with, fewest first, as the browser table lists them."""
    still_in = sorted(
        (seat for seat in range(len(view.hand_sizes)) if seat not in view.places), key=view.hand_sizes.__getitem__
    )
    lines = []
    for place, seat in enumerate((*view.places, *still_in), start=1):
        size = view.hand_sizes[seat]
        left = (
            tr.gettext("out")
            if size == 0
            else tr.ngettext("%(count)d card left", "%(count)d cards left", size) % {"count": size}
        )
        lines.append(f"{place}. {names[seat]}: {left}")
    return lines


def seat_names(
    tr: Translations, players: int, me: int | None, seed: object = None, specs: Mapping[int, str] | None = None
) -> list[str]:
    """Names for the seats: "You" for the person, for a character (by its seat's spec in ``specs``) its
    own name in the table's language, and for every other computer player a short first name from that
    language (:func:`idoubtit.names.bot_name`); all different at the table, the same for the same ``seed``."""
    language = language_of(tr)
    you = tr.gettext("You")
    names: list[str] = []
    for seat in range(players):
        names.append(you if seat == me else computer_name((specs or {}).get(seat), language, [you, *names], seed))
    return names


def seat_label(tr: Translations, name: str, computer: bool) -> str:
    """A seat's name as the table lists it: computer players are marked as such ("Bat (computer)")."""
    return tr.gettext("%(name)s (computer)") % {"name": name} if computer else name


def truthful_pick(view: View) -> tuple[int, ...]:
    """The positions in the hand of the cards picked for you when your turn comes, as the browser table
    picks them: every card of the due rank you hold, up to V2's cap (D5: no cap by default)."""
    positions = tuple(position for position, card in enumerate(view.hand) if card.rank is view.due_rank)
    cap = view.rules.max_cards_per_play
    return positions if cap is None else positions[:cap]


def table_coach(rules: Rules, me: int, number: int = 1) -> Coach:
    """The coach of seat ``me`` for the ``number``-th game at this terminal table.

    Its randomness comes from that number, which everyone at the table knows, never from the deal's seed:
    a coach seeded by the deal would think with the hidden shuffle's number, so two deals its seat cannot
    tell apart could get different advice (the server seeds its coaches from the room and game number)."""
    return Coach(me, rules, seed=f"terminal/{number}")


def coach_text(tr: Translations, advice: Advice, names: Sequence[str]) -> str:
    """The coach's line: for a claim, a bluff meter (ten marks) and the chance, then its one reason."""
    sentence = coach_line(tr, advice.why, names, rank_names(tr), lambda card: Card.parse(card).pretty())
    if advice.kind == "claim" and advice.bluff_chance is not None:
        filled = round(10 * advice.bluff_chance)
        meter = "■" * filled + "□" * (10 - filled)
        chance = round(100 * advice.bluff_chance)
        return tr.gettext("Coach: bluff %(meter)s %(chance)d %% · %(advice)s") % {
            "meter": meter,
            "chance": chance,
            "advice": sentence,
        }
    return tr.gettext("Coach: %(advice)s") % {"advice": sentence}
