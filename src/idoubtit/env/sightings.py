"""What a player's log says about the cards, read once for resampling (:mod:`idoubtit.env.resample`).

A :class:`Script` holds every play of the log as the player knows it (the cards, where it saw them:
its own plays, turned-up ones, and the plays in the piles it took, which it saw in order), who took
each pile and when, each seat's hand size after each of its plays, where the player saw each card,
and the questions the search asks of them, each worked out once: can a card get from one hand to
another through unseen plays in time (:meth:`Script.reach`), what must a hand cover later
(:meth:`Script.window`), how much room for cards that must stay does it have (:meth:`Script.room`),
how few copies of a card can make all its sightings (:meth:`Script.chains`). All of it comes from the
log alone.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from idoubtit.engine import Card, Event, PileTaken, Played, Rank, Revealed, Rules

#: How many piles with unseen cards in them a seat's needs are read through: each makes them vaguer.
HORIZON: Final = 3
#: How many piles a seat takes its needs are read through at most.
READ_AHEAD: Final = 12
#: How many logs' scripts are kept (:func:`script_of`).
SCRIPTS_KEPT: Final = 4


@dataclass(slots=True)
class LoggedPlay:
    """A play of the log as the player knows it: ``cards`` if it saw them, and who took its pile when."""

    number: int
    index: int
    seat: int
    count: int
    rank: Rank
    cards: tuple[Card, ...] | None
    taker: int | None = None
    taken_at: int | None = None
    #: How many cards the seat holds just after this play (hand sizes are public).
    left: int = 0


@dataclass(slots=True)
class Script:
    """What the player's log says, read once: every play, where each card was seen, which plays the
    player did not see, and the questions the search asks of them (worked out once each)."""

    rules: Rules
    player: int
    log: Sequence[Event]
    plays: list[LoggedPlay]
    #: The play at each log index that holds one.
    at: dict[int, LoggedPlay]
    #: Each card's sightings: the log index and seat of every play the player saw it in, in order.
    sightings: dict[Card, list[tuple[int, int]]]
    #: Each seat's plays the player did not see, in order, and their log indices (for bisection).
    hidden: list[list[LoggedPlay]]
    hidden_at: list[list[int]]
    #: Each seat's own events that matter to what it must keep, in order: a play it shows (its log index
    #: and cards), or a pile it takes (its log index, the cards in it the player saw, and how many cards
    #: other seats put in it unseen).
    shows: list[list[Shown]]
    shows_at: list[list[int]]
    _reach: dict[tuple[int, int, int, int], bool] = field(default_factory=dict)
    _window: dict[tuple[int, int], list[Need]] = field(default_factory=dict)
    _chains: dict[tuple[Card, int], int] = field(default_factory=dict)
    _room: dict[tuple[int, int], list[tuple[int, int, int]]] = field(default_factory=dict)
    _returns: dict[tuple[int, int, int], bool] = field(default_factory=dict)

    @classmethod
    def read(cls, rules: Rules, player: int, log: Sequence[Event]) -> Script:
        plays: list[LoggedPlay] = []
        on_pile: list[LoggedPlay] = []
        shows: list[list[Shown]] = [[] for _ in range(rules.players)]
        sizes = [len(positions) for positions in deal_sizes(rules)]
        for index, event in enumerate(log):
            if isinstance(event, Played):
                sizes[event.seat] -= event.count
                play = LoggedPlay(
                    len(plays), index, event.seat, event.count, event.rank, event.cards, left=sizes[event.seat]
                )
                plays.append(play)
                on_pile.append(play)
            elif isinstance(event, Revealed):
                plays[-1].cards = event.cards  # a reveal turns up the play just made (R8's claim, R10's last play)
            elif isinstance(event, PileTaken):
                sizes[event.seat] += event.count
                shows[event.seat].append(_taken(on_pile, event, index))
                on_pile = []
        sightings: dict[Card, list[tuple[int, int]]] = {}
        hidden: list[list[LoggedPlay]] = [[] for _ in range(rules.players)]
        for play in plays:
            if play.cards is None:
                hidden[play.seat].append(play)
                continue
            shows[play.seat].append(Shown(play.index, play.cards))
            for card in play.cards:
                sightings.setdefault(card, []).append((play.index, play.seat))
        for seat_shows in shows:
            seat_shows.sort(key=lambda entry: entry.index)
        return cls(
            rules,
            player,
            log,
            plays,
            {play.index: play for play in plays},
            sightings,
            hidden,
            [[play.index for play in seat_plays] for seat_plays in hidden],
            shows,
            [[entry.index for entry in seat_shows] for seat_shows in shows],
        )

    def next_sighting(self, card: Card, after: int) -> tuple[int, int] | None:
        """The log index and seat of the next play after ``after`` the player saw ``card`` in, if any."""
        seen = self.sightings.get(card)
        if not seen:
            return None
        at = bisect.bisect_right(seen, (after, self.rules.players))
        return seen[at] if at < len(seen) else None

    def reach(self, seat: int, after: int, target: int, before: int) -> bool:
        """True if a card in ``seat``'s hand after log index ``after`` can be in ``target``'s hand at log
        index ``before``: it stays (the same seat), or goes in an unseen play of the seat whose pile a
        seat that can pass it on takes in time."""
        if seat == target:
            return True
        start = bisect.bisect_right(self.hidden_at[seat], after)
        key = (seat, start, target, before)
        known = self._reach.get(key)
        if known is None:
            known = self._reach[key] = self._passed_on(seat, start, target, before)
        return known

    def joining(self, play: LoggedPlay) -> tuple[Counter[Card], int]:
        """What the later plays on ``play``'s pile by seats other than its taker bring: the cards of those
        the player saw, and how many cards are in those it did not see."""
        known: Counter[Card] = Counter()
        wild = 0
        for later in itertools.takewhile(
            lambda later: later.taken_at == play.taken_at, itertools.islice(self.plays, play.number + 1, None)
        ):
            if later.seat != play.taker:
                if later.cards is None:
                    wild += later.count
                else:
                    known.update(later.cards)
        return known, wild

    def room(self, seat: int, after: int) -> list[tuple[int, int, int]]:
        """Room in ``seat``'s hand for cards that must stay, after log index ``after``: for each of its
        unseen plays as far as :meth:`ahead` reads, its log index, the log index of the next pile the
        seat takes after it, and how many cards it keeps then besides those it shows before that pile."""
        start = bisect.bisect_right(self.shows_at[seat], after)
        key = (seat, start)
        known = self._room.get(key)
        if known is None:
            entries = self.shows[seat][start : start + self.ahead(seat, start)]
            takes = [entry.index for entry in entries if entry.taken is not None]
            at = [entry.index for entry in entries]
            shown = [0, *itertools.accumulate(len(entry.cards) for entry in entries)]  # cards shown before each
            end = entries[-1].index if entries else after
            known = []
            for play in itertools.takewhile(lambda play: play.index < end, self._hidden_after(seat, after)):
                following = bisect.bisect_right(takes, play.index)
                if following < len(takes):
                    take = takes[following]
                    between = shown[bisect.bisect_left(at, take)] - shown[bisect.bisect_right(at, play.index)]
                    known.append((play.index, take, play.left - between))
            self._room[key] = known
        return known

    def ahead(self, seat: int, start: int) -> int:
        """How many of ``seat``'s events from ``start`` on its needs are read through: up to the
        :data:`HORIZON`-th pile it takes with unseen cards in it, and at most :data:`READ_AHEAD` piles
        (reading further costs more than it finds)."""
        takes = barriers = 0
        for count, entry in enumerate(itertools.islice(self.shows[seat], start, None), 1):
            if entry.taken is not None:
                takes += 1
                barriers += entry.wild > 0
                if barriers == HORIZON or takes == READ_AHEAD:
                    return count
        return len(self.shows[seat]) - start

    def returns(self, seat: int, after: int, before: int) -> bool:
        """True if a card in ``seat``'s hand after log index ``after`` can leave it in an unseen play and
        be back in its hand by log index ``before``."""
        start = bisect.bisect_right(self.hidden_at[seat], after)
        key = (seat, start, before)
        known = self._returns.get(key)
        if known is None:
            known = self._returns[key] = self._passed_on(seat, start, seat, before)
        return known

    def _passed_on(self, seat: int, start: int, target: int, before: int) -> bool:
        """True if one of ``seat``'s unseen plays from its ``start``-th on, before log index ``before``,
        lands on a pile taken in time by a seat that can pass the card on to ``target``."""
        return any(
            play.taken_at is not None
            and play.taker is not None
            and play.taken_at < before
            and self.reach(play.taker, play.taken_at, target, before)
            for play in itertools.takewhile(lambda play: play.index < before, self.hidden[seat][start:])
        )

    def stays(self, card: Card, seat: int, after: int) -> list[tuple[int, int]]:
        """With one deck: the stretches (from, to: log indices) in which ``card``, in ``seat``'s hand after
        ``after``, must be in that hand: until the seat shows it next, and again from each time it takes
        that play's pile back until it shows it again; a stretch in which it could leave and be back in
        time is not one."""
        stretches = []
        start = after
        seen = self.next_sighting(card, after)
        while seen is not None and seen[1] == seat:
            if not self.returns(seat, start, seen[0]):
                stretches.append((start, seen[0]))
            play = self.at[seen[0]]
            if play.taker != seat or play.taken_at is None:
                break
            start = play.taken_at
            seen = self.next_sighting(card, start)
        return stretches

    def _hidden_after(self, seat: int, after: int) -> Iterator[LoggedPlay]:
        return itertools.islice(self.hidden[seat], bisect.bisect_right(self.hidden_at[seat], after), None)

    def future(self, card: Card, after: int) -> int:
        """Where the sightings of ``card`` after log index ``after`` start in its list."""
        return bisect.bisect_right(self.sightings.get(card, []), (after, self.rules.players))

    def linked(self, card: Card, first: int, then: int) -> bool:
        """True if the copy of ``card`` the player saw at its sighting ``first`` can be the one it sees at
        sighting ``then``: from the pile it went on, through whoever took it."""
        (index, _), (later, seat) = self.sightings[card][first], self.sightings[card][then]
        play = self.at[index]
        return (
            play.taker is not None
            and play.taken_at is not None
            and play.taken_at < later
            and self.reach(play.taker, play.taken_at, seat, later)
        )

    def chains(self, card: Card, start: int) -> int:
        """How few copies of ``card`` can make all its sightings from ``start`` on, each copy going from
        one sighting to the next it can reach (a path cover of the sightings)."""
        key = (card, start)
        known = self._chains.get(key)
        if known is None:
            sightings = len(self.sightings.get(card, ())) - start
            known = self._chains[key] = sightings - _matching(
                sightings,
                lambda then: [first for first in range(then) if self.linked(card, start + first, start + then)],
            )
        return known

    def served(self, card: Card, start: int, copies: list[tuple[int, int]], unheld: int) -> bool:
        """True if every sighting of ``card`` from ``start`` on can be made by a copy: one of ``copies``
        (each a seat whose hand it is in, from a log index on), one of ``unheld`` copies no token holds
        yet (a blank anywhere may become it), or the copy of an earlier sighting that can get there."""
        sightings = self.sightings.get(card, [])[start:]

        def providers(then: int) -> list[int]:
            index, seat = sightings[then]
            held = [
                len(sightings) + number
                for number, (where, after) in enumerate(copies)
                if after < index and self.reach(where, after, seat, index)
            ]
            earlier = [first for first in range(then) if self.linked(card, start + first, start + then)]
            blanks = range(len(sightings) + len(copies), len(sightings) + len(copies) + unheld)
            return [*held, *earlier, *blanks]

        return _matching(len(sightings), providers) == len(sightings)

    def window(self, seat: int, after: int) -> list[Need]:
        """What ``seat``'s hand after log index ``after`` must cover: the cards it shows from then on, as
        checkpoints, one before each pile it takes (the cards shown so far, and what the piles taken so
        far brought: the cards the player saw in them, and how many unseen cards other seats put in),
        as far as :meth:`ahead` reads."""
        start = bisect.bisect_right(self.shows_at[seat], after)
        key = (seat, start)
        checkpoints = self._window.get(key)
        if checkpoints is None:
            shown: Counter[Card] = Counter()
            taken: Counter[Card] = Counter()
            wild = 0
            checkpoints = []
            read = self.ahead(seat, start)
            for entry in self.shows[seat][start : start + read]:
                if entry.taken is not None:  # a pile taken: what came before it must be covered without it
                    checkpoints.append(Need.of(shown, taken, wild, entry.index))
                    taken.update(entry.taken)
                    wild += entry.wild
                shown.update(entry.cards)
            if start + read == len(self.shows[seat]):
                checkpoints.append(Need.of(shown, taken, wild, None))
            self._window[key] = checkpoints = _distinct(point for point in checkpoints if point.short)
        return checkpoints


@dataclass(frozen=True, slots=True)
class Shown:
    """One of a seat's events that matter to what it must hold: a play the player saw (``cards``), or a
    pile it took (``taken``: the cards of it the player saw; ``wild``: how many cards other seats put
    in it unseen)."""

    index: int
    cards: tuple[Card, ...] = ()
    taken: tuple[Card, ...] | None = None
    wild: int = 0


@dataclass(frozen=True, slots=True)
class Need:
    """A checkpoint of what a hand must cover: for each card, how many more copies were shown up to it
    than the player saw come in before it (``short``, only those above 0), how many unseen cards other
    seats' plays brought in (``wild``), and the log index of the pile taken it comes before (None: the
    end of the log)."""

    short: tuple[tuple[Card, int], ...]
    wild: int
    before: int | None

    @classmethod
    def of(cls, shown: Counter[Card], taken: Counter[Card], wild: int, before: int | None) -> Need:
        return cls(
            tuple((card, count - taken[card]) for card, count in shown.items() if count > taken[card]), wild, before
        )


def _distinct(checkpoints: Iterable[Need]) -> list[Need]:
    """Checkpoints without those that ask the same as the one before (a seat showing and taking back its
    own cards repeats them)."""
    kept: list[Need] = []
    for point in checkpoints:
        if not kept or (point.short, point.wild) != (kept[-1].short, kept[-1].wild):
            kept.append(point)
    return kept


def _matching(consumers: int, providers: Callable[[int], list[int]]) -> int:
    """The size of a largest matching of consumers ``0 .. consumers - 1`` to the providers each may take
    (Kuhn's augmenting paths: the graphs here are a card's sightings, a few dozen at most)."""
    taken: dict[int, int] = {}
    options = [providers(consumer) for consumer in range(consumers)]

    def augment(consumer: int, tried: set[int]) -> bool:
        for provider in options[consumer]:
            if provider not in tried:
                tried.add(provider)
                if provider not in taken or augment(taken[provider], tried):
                    taken[provider] = consumer
                    return True
        return False

    return sum(augment(consumer, set()) for consumer in range(consumers))


def _taken(on_pile: list[LoggedPlay], event: PileTaken, index: int) -> Shown:
    """The plays on a pile someone took: who took them, and the cards the player saw if it was the player
    (the pile in the order it was put down, so each play's cards from its place in it). Returns what the
    taker got: the cards of the plays the player saw, and how many cards other seats put in unseen (the
    taker's own come back to it)."""
    start = 0
    cards: list[Card] = []
    wild = 0
    for play in on_pile:
        if event.cards is not None and play.cards is None:
            play.cards = event.cards[start : start + play.count]
        start += play.count
        play.taker, play.taken_at = event.seat, index
        if play.cards is not None:
            cards.extend(play.cards)
        elif play.seat != event.seat:
            wild += play.count
    return Shown(index, taken=tuple(cards), wild=wild)


_SCRIPTS: dict[tuple[Rules, int, tuple[Event, ...]], Script] = {}


def script_of(rules: Rules, player: int, log: tuple[Event, ...]) -> Script:
    """The script of a log, read once for the last few logs: a search (ISMCTS) resamples the same
    information state again and again, and what the script works out depends on the log alone."""
    key = (rules, player, log)
    script = _SCRIPTS.get(key)
    if script is None:
        if len(_SCRIPTS) >= SCRIPTS_KEPT:
            del _SCRIPTS[next(iter(_SCRIPTS))]
        script = _SCRIPTS[key] = Script.read(rules, player, log)
    return script


def deal_sizes(rules: Rules) -> list[range]:
    """Which deal positions go to each seat (card ``i`` to seat ``i % players``)."""
    return [range(seat, rules.card_count, rules.players) for seat in range(rules.players)]
