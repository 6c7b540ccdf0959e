"""What the search bot reads off its seat's log, event by event: the pile card by card, the cards known
to be in each hand, and per opponent how it bluffs and doubts (for the rollouts' quick policies).

* :class:`Ledger` reads the log incrementally: the pile card by card (our own cards, cards turned up,
  cards an opponent was known to hold and presumably played), the cards known to be in each hand, and
  per opponent a :class:`StyleModel` of how often its claims are false and how it doubts (a threshold
  style, fitted to its answers).
* It is not the counting bots' :class:`~idoubtit.bots.tracker.Tracker`: that one keeps card counts and
  beliefs for probabilities; this one keeps the pile in order, which the sampler deals from.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from idoubtit.bots.knowledge import sizes_before
from idoubtit.bots.maths import counting_reader, doubt_threshold, hypergeom_tail
from idoubtit.bots.search.params import PROOF_ONLY, SearchParams
from idoubtit.engine import (
    Card,
    Declined,
    Doubted,
    Event,
    PileTaken,
    Played,
    Rank,
    Revealed,
    Rules,
    View,
    WindowClosed,
    WrongRank,
)
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

#: One way an answerer may have seen a claim: (chance of this case, how false the claim looked to it,
#: whether it could prove the claim false).
Outcome = tuple[float, float, bool]


@dataclass
class StyleModel:
    """What the log tells of one opponent: how often it adds bluffs, and how it doubts.

    Doubting is read as a style: the player doubts a claim when, by its own count, the chance that the
    claim is false passes a bar (:func:`~idoubtit.bots.maths.doubt_threshold`) whose base is the style;
    the last style, :data:`~idoubtit.bots.search.params.PROOF_ONLY`, doubts only what it can prove. Each
    answer in a doubt window scores every style by how likely it made that answer, and the best-scoring
    style is the model. (The adaptive bot's :class:`~idoubtit.bots.adaptive.OpponentModel` models the
    same opponent its own way, for its own decisions.)
    """

    params: SearchParams
    extra_bluffs: float = 0.0  # revealed plays with more false cards than needed
    bluff_chances: float = 0.0  # revealed plays
    scores: list[float] = field(default_factory=list)
    #: Plays seen from the inside (on a pile this seat took), by cards claimed, and how many were false.
    seen_plays: list[float] = field(default_factory=list)
    seen_lies: list[float] = field(default_factory=list)

    @classmethod
    def fresh(cls, params: SearchParams) -> StyleModel:
        """A model of a player nothing is known of yet (the priors of ``params``)."""
        lies = len(params.honest_lies)
        return cls(
            params, params.padded_prior, params.revealed_prior, [0.0] * len(params.styles), [0.0] * lies, [0.0] * lies
        )

    def lie_rate(self, count: int) -> float:
        """How often this player's claims of ``count`` cards are false: what the piles this seat took
        showed, starting from a prior between ``honest_lies`` and ``planned_lies`` (:class:`SearchParams`). Those piles
        are a fair sample of its plays (nobody chose them for being doubted), unlike the plays turned
        up by doubts, which only say whether it pads."""
        params = self.params
        honest, planned_lies, weight = params.honest_lies, params.planned_lies, params.lie_prior_weight
        index = min(count, len(honest) - 1)
        planned = min(1.0, self.bluff_rate / params.padding_scale)
        prior = honest[index] + planned * (planned_lies[index] - honest[index])
        return (self.seen_lies[index] + weight * prior) / (self.seen_plays[index] + weight)

    def saw_turned_up(self, cards: int, false_cards: int) -> None:
        """A play of ``cards`` cards was turned up with ``false_cards`` among them: padded or not."""
        self.bluff_chances += 1.0
        if false_cards > (1 if false_cards == cards else 0):
            self.extra_bluffs += 1.0

    def saw_in_pile(self, cards: int, false: bool) -> None:
        """A play of ``cards`` cards was seen in a pile this seat took, ``false`` or true."""
        index = min(cards, len(self.seen_plays) - 1)
        self.seen_plays[index] += 1.0
        if false:
            self.seen_lies[index] += 1.0

    @property
    def bluff_rate(self) -> float:
        """Chance that a play carries one false card more than the hand forced."""
        return self.extra_bluffs / self.bluff_chances

    @property
    def style(self) -> float:
        """The base of this player's doubt threshold (:data:`PROOF_ONLY`: it never guesses)."""
        styles = self.params.styles
        best = max(range(len(styles)), key=lambda index: (self.scores[index], -index))
        return styles[best]

    def observe(self, outcomes: Sequence[Outcome], bar: float, doubted: bool) -> None:
        """Score the styles on one answer: ``outcomes`` are (chance, false chance it saw, provable) over
        what the player may hold; ``bar`` is the threshold less its base."""
        params = self.params
        for index, base in enumerate(params.styles):
            chance = 0.0
            for weight, false, provable in outcomes:
                chance += weight * self._answer(base, bar, false, provable)
            self.scores[index] += math.log(max(params.least_likelihood, chance if doubted else 1.0 - chance))

    def _answer(self, base: float, bar: float, false: float, provable: bool) -> float:
        """The chance that a player of style ``base`` doubts a claim that looks ``false`` to it."""
        params = self.params
        if provable:
            return params.proof_answer
        guess = 1.0 / (1.0 + math.exp(-(false - base - bar) / params.style_softness)) if base < PROOF_ONLY else 0.0
        return min(params.most_answer, max(params.least_answer, guess))


@dataclass
class PileEntry:
    """One card on the pile: who put it there, the rank announced, and the card when this seat knows it.

    ``sure`` is False for a card only presumed: an opponent's card of the claimed rank that it was
    known to hold (it most likely played that one).
    """

    seat: int
    rank: Rank
    card: Card | None = None
    sure: bool = True
    play_index: int = 0


@dataclass
class Ledger:
    """This seat's running knowledge, read incrementally from its log."""

    seat: int
    rules: Rules
    params: SearchParams = field(default_factory=SearchParams)
    read: int = 0
    last_event: Event | None = None
    plays: int = 0
    pile: list[PileEntry] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    models: list[StyleModel] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    hand_ranks: list[int] = field(default_factory=list)
    #: ``public[x][rank]``: cards of the rank that everyone saw go into seat x's hand (turned up, then taken).
    public: list[list[int]] = field(default_factory=list)
    #: ``located[j][x][rank]``: cards of the rank seat j put on piles that seat x then took, as j claimed
    #: them. Seat j knows where its own discards went; this is how other players can prove a claim false.
    located: list[list[list[int]]] = field(default_factory=list)
    #: For the claim in the open window: each seat that may answer, with what it may have seen.
    pending: dict[int, tuple[list[Outcome], float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        players = self.rules.players
        self.known = [[] for _ in range(players)]
        self.models = [StyleModel.fresh(self.params) for _ in range(players)]
        self.sizes = [0] * players
        self.hand_ranks = [0] * 14
        self.public = [[0] * 14 for _ in range(players)]
        self.located = [[[0] * 14 for _ in range(players)] for _ in range(players)]

    @property
    def players(self) -> int:
        return self.rules.players

    def follows(self, log: Sequence[Event]) -> bool:
        """True when ``log`` continues the log read so far (same game, nothing rewritten)."""
        if self.read == 0:
            return True
        return len(log) >= self.read and log[self.read - 1] is self.last_event

    def update(self, view: View) -> None:
        """Read the log entries not read yet."""
        new = view.log[self.read :]
        # Hand sizes before the new events: the view's sizes with the new events undone.
        self.sizes = sizes_before(view.hand_sizes, new)
        self.hand_ranks = [0] * 14
        for card in view.hand:
            self.hand_ranks[card.rank.value] += 1
        for event in new:
            self._read(event)
        self.sizes = list(view.hand_sizes)
        self.read = len(view.log)
        self.last_event = view.log[-1] if view.log else None

    def _read(self, event: Event) -> None:
        if isinstance(event, Played):
            self.sizes[event.seat] -= event.count
            self._played(event)
        elif isinstance(event, Revealed):
            self._revealed(event)
        elif isinstance(event, PileTaken):
            self.sizes[event.seat] += event.count
            self._taken(event)
        elif isinstance(event, Doubted):
            self._answered(event.seats)
        elif isinstance(event, Declined):
            self._answered((), event.seat)
        elif isinstance(event, WindowClosed | WrongRank):
            self.pending = {}

    def _played(self, event: Played) -> None:
        self.plays += 1
        # Whoever knew of the player's cards of this rank assumes those went down first.
        value = event.rank.value
        self.public[event.seat][value] = max(0, self.public[event.seat][value] - event.count)
        for knowledge in self.located:
            knowledge[event.seat][value] = max(0, knowledge[event.seat][value] - event.count)
        if event.seat == self.seat and event.cards is not None:
            self.pile.extend(PileEntry(event.seat, event.rank, card, True, self.plays) for card in event.cards)
            self._open_window(event)
            return
        # Players tell the truth first: a card of the claimed rank it was known to hold most likely went down.
        known = self.known[event.seat]
        presumed = [card for card in known if card.rank is event.rank][: event.count]
        for card in presumed:
            known.remove(card)
        self.pile.extend(PileEntry(event.seat, event.rank, card, False, self.plays) for card in presumed)
        self.pile.extend(
            PileEntry(event.seat, event.rank, None, False, self.plays) for _ in range(event.count - len(presumed))
        )
        self._open_window(event)

    def _open_window(self, event: Played) -> None:
        """Work out, for every seat that may answer this claim, how false it looked to that seat.

        The answerer's cards of the rank are unknown to us: weigh each number it may hold by its chance
        (drawn from what we cannot see), and count its own discards on the pile as the claimed rank.
        """
        self.pending = {}
        params = self.params
        false_chance = counting_reader(params.padding, params.bluffing, params.hold_back)
        copies = RANK_COPIES_PER_DECK * self.rules.deck_count
        total = self.rules.card_count
        value = event.rank.value
        mine = self.hand_ranks[value] + sum(
            entry.seat == self.seat and entry.card is not None and entry.card.rank is event.rank for entry in self.pile
        )
        pile_size = len(self.pile)
        unseen = total - sum(self.hand_ranks) - sum(1 for entry in self.pile if entry.seat == self.seat)
        for other in range(self.players):
            if other in (event.seat, self.seat) or self.sizes[other] <= 0:
                continue
            own = sum(1 for entry in self.pile if entry.seat == other and entry.rank is event.rank)
            discards = sum(1 for entry in self.pile if entry.seat == other)
            outside = total - self.sizes[other] - discards
            out_copies = copies - own - mine
            draws = self.sizes[other]
            located = sum(
                self.public[x][value] + self.located[other][x][value]
                for x in range(self.players)
                if x not in (other, event.seat)
            )
            outcomes = []
            for held in range(min(max(out_copies, 0), draws) + 1):
                weight = hypergeom_tail(unseen, out_copies, draws, held) - hypergeom_tail(
                    unseen, out_copies, draws, held + 1
                )
                if weight < params.least_outcome:
                    continue
                provable = held + own + min(located, max(0, out_copies - held)) + event.count > copies
                false = false_chance(outside, copies - held - own, self.sizes[event.seat] + event.count, event.count)
                outcomes.append((weight, false, provable))
            bar = doubt_threshold(
                0.0,
                pile_size,
                self.sizes[event.seat],
                self.sizes[other],
                params.near_out,
                params.own_near_out,
                params.doubt_pile,
                params.doubt_pile_cap,
            )
            self.pending[other] = (outcomes, bar)

    def _answered(self, doubters: tuple[int, ...], decliner: int | None = None) -> None:
        """Score each answer; when someone doubts, the seats asked with it declined (one decision round)."""
        for other, (outcomes, bar) in list(self.pending.items()):
            if decliner is not None and other != decliner:
                continue
            self.models[other].observe(outcomes, bar, other in doubters)
            del self.pending[other]
        if doubters:
            self.pending = {}

    def _revealed(self, event: Revealed) -> None:
        count = len(event.cards)
        group = self.pile[-count:] if count else []
        if event.seat != self.seat:
            self.models[event.seat].saw_turned_up(count, sum(card.rank is not event.rank for card in event.cards))
            revealed = list(event.cards)
            for entry in group:  # presumed cards that did not go down are still in the hand
                if entry.card is not None and not entry.sure:
                    if entry.card in revealed:
                        revealed.remove(entry.card)
                    else:
                        self.known[event.seat].append(entry.card)
        for entry, card in zip(group, event.cards, strict=False):
            entry.card, entry.sure = card, True

    def _taken(self, event: PileTaken) -> None:
        for entry in self.pile:
            if entry.sure and entry.card is not None and entry.seat != self.seat:
                self.public[event.seat][entry.card.rank.value] += 1
            elif entry.seat >= 0 and entry.seat != event.seat:
                self.located[entry.seat][event.seat][entry.rank.value] += 1
        if event.seat != self.seat:
            self.known[event.seat].extend(entry.card for entry in self.pile if entry.card is not None)
        elif event.cards is not None and len(event.cards) == len(self.pile):
            self._inspect(event.cards)
        self.pile = []

    def _inspect(self, cards: tuple[Card, ...]) -> None:
        """This seat took the pile and sees it in order: every play in it shows whether it was true."""
        groups: dict[int, list[tuple[PileEntry, Card]]] = {}
        for entry, card in zip(self.pile, cards, strict=True):
            groups.setdefault(entry.play_index, []).append((entry, card))
        for group in groups.values():
            seat = group[0][0].seat
            if seat == self.seat or seat < 0 or all(entry.sure for entry, _ in group):
                continue  # our own play, or one turned up by a doubt (not a fair sample)
            self.models[seat].saw_in_pile(len(group), any(card.rank is not entry.rank for entry, card in group))

    def trim(self, hand_sizes: Sequence[int]) -> None:
        """A seat cannot hold more known cards than it holds cards: drop the oldest guesses."""
        for seat, known in enumerate(self.known):
            if len(known) > hand_sizes[seat]:
                del known[: len(known) - hand_sizes[seat]]
