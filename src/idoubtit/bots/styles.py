"""The panel of styles: six computer players, each playing the way some people really play.

They are the opponents a strong bot is measured on, and the characters a family can choose to play
against (:mod:`idoubtit.bots.characters`). Each is a whole player of the rules, not a handicapped copy
of another bot:

=============  =====================================================================================
``bluffer``    lies on most turns, even holding the due rank: slips extra cards under a true claim
``doubter``    says "I doubt it" to about half of all claims, whatever they are
``rock``       never lies unless it must (then with one card) and hardly ever doubts
``cautious``   counts what its seat has seen and doubts only a claim it can nearly prove false
``bigbluff``   bluffs big while the pile is small (a lie caught then costs little), honest otherwise
``beginner``   forgets which cards it put on the pile, and sometimes doubts on a hunch
=============  =====================================================================================

What they share. Each sees only its seat's view. Each announces the due rank with every play, named
in the play itself, so V5 strict announcing never catches it out (announcing another rank would only
hand it the pile, R7). Each keeps the V2 cap, and none lets a bluff empty its hand unless a single card
is all it holds: a last play is always turned up (R10), so a bluff as the last play is a bluff caught.
Each doubts a claim its own cards prove false (more cards of the rank claimed than can be outside its
hand and its own cards on the pile), except the doubter, who does not look, and the beginner, who may
have forgotten what proves it. Every random choice is drawn from the ``rng`` given to the constructor,
so a seeded game replays exactly. Parameters are constructor options, so ``make_bot("doubter[rate=0.6]")``
works.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from idoubtit.bots.counter import CounterParams
from idoubtit.bots.knowledge import claim_is_provably_false, copies_of, rank_distance
from idoubtit.bots.maths import false_given_claim, hypergeom_pmf
from idoubtit.bots.tracker import Tracker
from idoubtit.engine import Action, Card, Decline, Doubt, PileTaken, Play, Played, View


def _chance(option: str, value: float) -> float:
    """``value`` as a probability, refused (naming the option) when it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{option} is a chance from 0 to 1, not {value!r}")
    return float(value)


def _count(option: str, value: int, least: int = 0) -> int:
    """``value`` as a whole number of at least ``least``, refused (naming the option) otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{option} is a whole number of at least {least}, not {value!r}")
    return value


# --------------------------------------------------------------------------------------------------
# Plays every style builds on

#: Steps per player after which a game is taken to be stuck in a cycle (games take about 30; see worn_out).
STALL_STEPS = 200


def cap_of(view: View) -> int:
    """The most cards one play may hold: the V2 cap, or the whole hand (D5)."""
    return view.rules.max_cards_per_play or len(view.hand)


def due_cards(view: View) -> list[Card]:
    """The cards of the due rank in this seat's hand."""
    return [card for card in view.hand if card.rank is view.due_rank]


def farthest_first(view: View) -> list[Card]:
    """The cards not of the due rank, those whose rank is due last first (the ones a player can best
    spare: it will not need them for a true claim for the longest time)."""
    spare = [card for card in view.hand if card.rank is not view.due_rank]
    return sorted(spare, key=lambda card: -rank_distance(view, card.rank))


def padded_play(view: View, bluffs: int) -> tuple[Card, ...]:
    """Every card of the due rank (up to the V2 cap), with ``bluffs`` cards of other ranks slipped in,
    those due last first. Holding none of the due rank, at least one card goes down, the one due last.

    A bluff never empties the hand while a card can stay back: the last play is turned up (R10).
    ``padded_play(view, 0)`` is the honest play: the truth when it can, one card when it cannot.
    """
    limit = cap_of(view)
    truthful = due_cards(view)[:limit]
    spare = farthest_first(view)
    if truthful:
        most = min(limit - len(truthful), len(spare) - 1)
    else:
        bluffs = max(bluffs, 1)
        most = min(limit, max(1, len(spare) - 1))
    return tuple(truthful + spare[: max(0, min(bluffs, most))])


def worn_out(view: View) -> bool:
    """True once the game has gone on far longer than games do (:data:`STALL_STEPS` steps a player).

    Two players left alone under V3 can trade the pile for ever. Between two bluffers, each big bluff
    is proven false by the other, who holds nearly every card; between two honest players who know
    every card, each forced bluff is. People would change their ways: so the bluffing styles stop
    bluffing, and every style lets a claim pass now and then (:meth:`Style.act`).
    """
    return view.step > STALL_STEPS * view.rules.players


class Style:
    """What every style does the same way: it plays its cards announcing the due rank, and says
    "I doubt it" when :meth:`doubts` says so. A style defines :meth:`choose_cards` and :meth:`doubts`."""

    name = "style"

    def __init__(self, rng: random.Random | None) -> None:
        self.rng = rng or random.Random()

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        if view.must_play:
            # The rank is named in the play, so V5 strict announcing has nothing to refuse.
            return Play(view.seat, self.choose_cards(view), view.due_rank)
        if view.claim is None or (worn_out(view) and self.rng.random() < 0.5):
            return Decline(view.seat)  # in an endless game, letting claims pass at random breaks the cycle
        if self.doubts(view):
            return Doubt((view.seat,))
        return Decline(view.seat)

    def choose_cards(self, view: View) -> tuple[Card, ...]:
        return padded_play(view, 0)

    def doubts(self, view: View) -> bool:
        return claim_is_provably_false(view)


# --------------------------------------------------------------------------------------------------
# The six styles


class BlufferBot(Style):
    """``bluffer``: lies on most turns. With chance ``lie_rate`` a play gets 1 to ``most_extra`` bluff
    cards slipped in (those due last), even when the bot holds the due rank; holding none of it, the
    bluff is that many cards more than the one it must put down. It doubts at random, with chance
    ``doubt_rate``, besides every claim its cards prove false. In a game gone on far too long it gives
    up lying (:func:`worn_out`)."""

    name = "bluffer"

    def __init__(
        self, rng: random.Random | None = None, lie_rate: float = 0.6, most_extra: int = 1, doubt_rate: float = 0.05
    ) -> None:
        super().__init__(rng)
        self.lie_rate = _chance("lie_rate", lie_rate)
        self.most_extra = _count("most_extra", most_extra, least=1)
        self.doubt_rate = _chance("doubt_rate", doubt_rate)

    def choose_cards(self, view: View) -> tuple[Card, ...]:
        extra = self.rng.randint(1, self.most_extra) if self.rng.random() < self.lie_rate else 0
        if worn_out(view):
            extra = 0
        forced = 0 if due_cards(view) else 1
        return padded_play(view, forced + extra)

    def doubts(self, view: View) -> bool:
        return self.rng.random() < self.doubt_rate or claim_is_provably_false(view)


class DoubterBot(Style):
    """``doubter``: says "I doubt it" to each claim with chance ``rate``, whoever makes it and whatever
    the count; it does not even look whether its own cards prove the claim false. It plays honestly:
    every card of the due rank, or one card, the one due last."""

    name = "doubter"

    def __init__(self, rng: random.Random | None = None, rate: float = 0.5) -> None:
        super().__init__(rng)
        self.rate = _chance("rate", rate)

    def doubts(self, view: View) -> bool:
        return self.rng.random() < self.rate


class RockBot(Style):
    """``rock``: never lies unless it must. It puts down every card of the due rank it holds (up to the
    V2 cap); holding none, it must still play (R4), and under the base rules every play claims the due
    rank (R5), so it lies with a single card, the one due last. It doubts a claim its cards prove false,
    and any other only with chance ``doubt_rate``: rarely."""

    name = "rock"

    def __init__(self, rng: random.Random | None = None, doubt_rate: float = 0.03) -> None:
        super().__init__(rng)
        self.doubt_rate = _chance("doubt_rate", doubt_rate)

    def doubts(self, view: View) -> bool:
        return claim_is_provably_false(view) or self.rng.random() < self.doubt_rate


class CautiousBot(Style):
    """``cautious``: counts cards and doubts only what it can nearly prove.

    Its count is what its seat has seen for sure: its hand, its own cards on the pile, the piles it took
    itself, and every card turned up by a doubt or a last play, followed into the hand that took it (a
    :class:`~idoubtit.bots.tracker.Tracker`). Cards a claimant took face down are not taken at their
    claim: the cards of the claimant's hand it cannot name are a draw from all the cards it has not
    located. That count alone would call most claims of three false (few hands hold three of a rank),
    yet the player who says "three" is mostly the one who holds three; so the bot reads the count heard
    through how people usually play (:func:`~idoubtit.bots.counter.false_given_claim`, with the counter
    bot's fixed guess). It doubts when the claim is then false with chance at least ``certainty``.
    It plays honestly: every card of the due rank, or one card, the one due last.
    """

    name = "cautious"

    def __init__(self, rng: random.Random | None = None, certainty: float = 0.95) -> None:
        super().__init__(rng)  # only to break the cycle of an endless game (worn_out)
        self.certainty = _chance("certainty", certainty)
        self.tracker = Tracker()
        self.habits = CounterParams()

    def act(self, view: View) -> Action:
        self.tracker.update(view)  # every view, so the count misses no event
        return super().act(view)

    def doubts(self, view: View) -> bool:
        return self.false_chance(view) >= self.certainty

    def false_chance(self, view: View) -> float:
        """How likely the open claim is false, by what this seat knows for sure (1.0: proven false)."""
        claim = view.claim
        assert claim is not None
        if claim_is_provably_false(view):
            return 1.0
        tracker = self.tracker
        known = tracker.known_ranks[claim.seat][claim.rank]
        if claim.count <= known:
            return 0.0
        hand_before = view.hand_sizes[claim.seat] + claim.count
        unknown = tracker.unknown_size(claim.seat, hand_before)
        draw = hypergeom_pmf(tracker.unseen_total(), tracker.unseen(claim.rank), unknown)
        cap = view.rules.max_cards_per_play or hand_before
        habits = self.habits
        return false_given_claim(known, draw, claim.count, cap, habits.padding, habits.bluffing, habits.hold_back)


class BigBlufferBot(Style):
    """``bigbluff``: bluffs big while the pile is small. With at most ``small_pile`` cards on the pile
    before its play, it slips ``extra`` bluff cards (those due last) in with its cards of the due rank:
    caught, it takes back little more than its own play. Over a bigger pile it plays honestly (every
    card of the due rank, or one card), and so it does in a game gone on far too long (:func:`worn_out`).
    It doubts at random, with chance ``doubt_rate``, besides every claim its cards prove false."""

    name = "bigbluff"

    def __init__(
        self, rng: random.Random | None = None, small_pile: int = 2, extra: int = 2, doubt_rate: float = 0.05
    ) -> None:
        super().__init__(rng)
        self.small_pile = _count("small_pile", small_pile)
        self.extra = _count("extra", extra, least=1)
        self.doubt_rate = _chance("doubt_rate", doubt_rate)

    def choose_cards(self, view: View) -> tuple[Card, ...]:
        if view.pile_size <= self.small_pile and not worn_out(view):
            return padded_play(view, self.extra)
        return padded_play(view, 0)

    def doubts(self, view: View) -> bool:
        return self.rng.random() < self.doubt_rate or claim_is_provably_false(view)


class Remembered(NamedTuple):
    """One of the beginner's own cards on the pile: how many plays ago it went down, and whether the
    beginner still remembers it."""

    card: Card
    age: int
    kept: bool


class BeginnerBot(Style):
    """``beginner``: a player still learning, whose memory fades.

    It sees its hand, like everyone, and it knows which cards it put on the pile, at first. Each of
    those cards stays in its memory for a random number of plays (exponential, ``memory`` plays on
    average; drawn once, when the card goes down): after that it has forgotten it. It doubts a claim
    its hand and the cards it still remembers prove false, and any other on a hunch, with chance
    ``hunch``. It puts down every card of the due rank it holds; holding none, one card picked at
    random (it does not plan which cards it will need later).
    """

    name = "beginner"

    def __init__(self, rng: random.Random | None = None, memory: float = 4.0, hunch: float = 0.1) -> None:
        super().__init__(rng)
        if isinstance(memory, bool) or not isinstance(memory, int | float) or not memory > 0:
            raise ValueError(f"memory is an average number of plays above 0, not {memory!r}")
        self.memory = float(memory)
        self.hunch = _chance("hunch", hunch)
        #: How many plays each of its pile cards stays remembered, by (log index of the play, position).
        self.lifetimes: dict[tuple[int, int], float] = {}
        self._seen = (-1, 0)  # the step and the log length of the last view

    def act(self, view: View) -> Action:
        step, length = self._seen
        if view.step < step or len(view.log) < length:
            self.lifetimes.clear()  # a new game: nothing of the old one is on this pile
        self._seen = (view.step, len(view.log))
        return super().act(view)

    def choose_cards(self, view: View) -> tuple[Card, ...]:
        truthful = due_cards(view)
        if truthful:
            return tuple(truthful[: cap_of(view)])
        return (self.rng.choice(view.hand),)

    def doubts(self, view: View) -> bool:
        claim = view.claim
        assert claim is not None
        remembered = sum(entry.card.rank is claim.rank for entry in self.pile_memory(view) if entry.kept)
        held = sum(card.rank is claim.rank for card in view.hand)
        if claim.count + held + remembered > copies_of(claim.rank, view):
            return True
        return self.rng.random() < self.hunch

    def pile_memory(self, view: View) -> list[Remembered]:
        """Its own cards on the pile (put down since the pile was last taken), newest first, each with
        how many plays ago it went down and whether it is still remembered."""
        entries: list[Remembered] = []
        plays_since = 0
        for index in range(len(view.log) - 1, -1, -1):
            event = view.log[index]
            if isinstance(event, PileTaken):
                break
            if not isinstance(event, Played):
                continue
            if event.seat == view.seat and event.cards is not None:
                for position, card in enumerate(event.cards):
                    kept = plays_since < self._lifetime(index, position)
                    entries.append(Remembered(card, plays_since, kept))
            plays_since += 1
        return entries

    def _lifetime(self, index: int, position: int) -> float:
        key = (index, position)
        if key not in self.lifetimes:
            lifetime = math.inf if math.isinf(self.memory) else self.rng.expovariate(1.0 / self.memory)
            self.lifetimes[key] = lifetime
        return self.lifetimes[key]


#: The panel by bot name, in the order the docs list it.
STYLES: dict[str, type[Style]] = {
    style.name: style for style in (BlufferBot, DoubterBot, RockBot, CautiousBot, BigBlufferBot, BeginnerBot)
}
