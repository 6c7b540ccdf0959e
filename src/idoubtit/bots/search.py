"""``search``: determinized Monte-Carlo search over the seat's information set.

At each real decision the bot samples complete deals that agree with everything its view knows, plays
each candidate action in every sampled deal, plays on for a few rounds with quick policies for every
seat, and keeps the candidate with the best average result for its seat. Decisions the rules or the
count settle are answered at once, without search.

What the parts do, and why:

* The adaptive bot's model (:class:`~idoubtit.bots.adaptive.AdaptiveBot`, fed this seat's views and
  nothing else) reads every claim: how likely it is false, through the claimant's own habits and
  record. Its estimate is far better calibrated than a count alone, and the count's certainties (a
  claim it proves false or true) settle a doubt without search. The same model prices our bluffs: for
  each size of play, the chance that each opponent doubts it, learned from how they answered our
  claims so far.
* :class:`Tracker` reads the log incrementally: the pile card by card (our own cards, cards turned up,
  cards an opponent was known to hold and presumably played), the cards known to be in each hand, and
  per opponent a model (:class:`OpponentModel`) of how often its claims are false and how it doubts
  (a threshold style, fitted to its answers), for the quick policies of the rollouts.
* :class:`Sampler` deals the unseen cards, weighted by the adaptive model's belief. The pile's
  face-down cards are of their claimed rank as often as each claimant's record says; then each
  opponent gets the cards it surely holds, then each card it is believed to hold (the face-down cards
  of undoubted claims it took with a pile) is of its claimed rank with the model's trust in that
  claimant (:meth:`AdaptiveBot.belief <idoubtit.bots.adaptive.AdaptiveBot.belief>`), and the rest of
  the hand is drawn at random from what is left. The open claim is false with the model's chance,
  and a doubt decision is stratified on exactly that: each iteration plays a false and a true version
  of the claim, weighed by that chance.
* :class:`Simulator` plays a sampled position on, on counts by rank (:class:`State`): suits never
  matter to the rules, so rollouts need no :class:`~idoubtit.engine.Game` and copy in a few steps. In
  the first window after our play each opponent doubts with the model's chance (or surely, if its
  sampled cards prove the claim false); later on, as its fitted style says. A rollout stops after one
  round and two turns and scores the seats by how many turns each needs to go out with a true last
  play (R10), on a curve fitted to who won games between adaptive bots: one turn from going out is
  worth far more than three.
* Plays: the model's plan-based play (the adaptive bot's choice in this seat) is searched against the
  truthful play, the truthful play plus one to three bluff cards (those whose rank comes due last at
  this seat's turns) and "everything but next turn's rank", and must be beaten by a margin: a wide one
  in the middle game, a narrow one once some hand is down to ``endgame_cards`` cards. Measured against
  three adaptive bots, searched doubts did far better than the adaptive bot's threshold (the search
  doubts more often, where a pile taken back costs little or a claimant is close to going out), and
  searched plays in the middle game did better than the plan only with the fitted leaf score.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from idoubtit.bots.adaptive import AdaptiveBot, Belief
from idoubtit.bots.knowledge import own_cards_in_pile, sizes_before
from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    Card,
    Claim,
    Decline,
    Declined,
    Doubt,
    Doubted,
    Event,
    PileTaken,
    Play,
    Played,
    Rank,
    Revealed,
    Rules,
    View,
    WindowClosed,
    WrongRank,
)
from idoubtit.engine.cards import sort_key
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

#: How often a card on the pile is of the rank claimed for it, for weighing where unseen cards are.
PILE_TRUTH: Final = 0.8
#: How players are assumed to play when nothing is known of them: holding cards of the due rank, they
#: add b false ones with chance PADDING[b]; holding none, they put down b false cards with chance
#: BLUFFING[b]; holding more than they claim (they kept some back) has chance HOLD_BACK.
PADDING: Final = (0.93, 0.06, 0.01)
BLUFFING: Final = (0.0, 0.9, 0.08, 0.02)
HOLD_BACK: Final = 0.05
#: How often a claim of 0, 1, 2, 3, 4 or more cards is false, before the piles show it: for a player who
#: tells the truth whenever it can, and for one who bluffs by plan (it pads true plays with false cards
#: where a claim looks plausible, so counting alone reads it badly). Turned-up plays padded with false
#: cards say which of the two a player is like (:meth:`OpponentModel.lie_rate`).
HONEST_LIES: Final = (0.0, 0.45, 0.02, 0.01, 0.01)
PLANNED_LIES: Final = (0.0, 0.45, 0.5, 0.12, 0.03)
PADDING_SCALE: Final = 0.05
LIE_PRIOR_WEIGHT: Final = 3.0
#: The chance that one opponent catches a false claim of ours by knowledge the model does not follow.
UNSEEN_PROOF: Final = 0.05
#: The most a claim can look false by the count alone, short of proof.
MAX_COUNTED_LIE: Final = 0.9
#: Doubting styles: the base of the bar a player's count must pass before it doubts. The last one, far
#: above any chance, is the honest style: it doubts only what it can prove.
PROOF_ONLY: Final = 2.0
STYLES: Final = (0.35, 0.45, 0.55, 0.65, 0.75, 0.85, PROOF_ONLY)
#: How much lower the bar is when the claimant is left with 0, 1, 2, 3 cards, and how much higher when
#: the doubter is (the counting bots' defaults; a style's base absorbs the rest).
NEAR_OUT: Final = (0.0, 0.3, 0.2, 0.1)
OWN_NEAR_OUT: Final = (0.0, 0.15, 0.1, 0.05)
#: The doubting style this seat assumes for itself in rollouts: only what it can prove (measured against
#: three adaptive bots: 42 % of games won, against 37 % with 0.65 and 33 % with 0.45).
OWN_STYLE: Final = PROOF_ONLY
#: Each card's rank value, read without going through the enum (the rollouts' hottest lookup).
#: Indexed by the card's number (``sort_key``, which is also its place in ``STANDARD_DECK``): hashing a card
#: runs Python code, an index into a list does not.
VALUE: Final = [card.rank.value for card in STANDARD_DECK]
#: What a plan to go out costs, in turns: per card that must be bluffed, per bluff stacked onto a
#: play, and for a hand with no true last play in sight (the counting bots' plan, in short).
BLUFF_COST: Final = 2.0
STACK_COST: Final = 2.0
STUCK_COST: Final = 4.0
#: The leaf score: a seat's chance to finish first goes as (1 + its finish cost) ** -LEAF_POWER, times
#: exp(LEAF_CARD) per card it holds (the fit makes it positive: at an equal cost, more cards leave more
#: ways to play) and exp(-LEAF_ORDER) per seat still in that plays before it. Fitted to who won 800
#: games of adaptive bots (3.3, 0.071, 0.095), then halved: a softer score won more games (docs/bots.md).
LEAF_POWER: Final = 1.65
LEAF_CARD: Final = 0.036
LEAF_ORDER: Final = 0.048
#: doubt_threshold's rise for a doubter holding 0, 1, 2, … cards (index up to the largest hand there is).
OWN_BAR: Final = [OWN_NEAR_OUT[size] if size < len(OWN_NEAR_OUT) else 0.0 for size in range(1000)]
#: A distance meaning "this rank never comes due at this seat's turns" (13 players and more, V4).
NEVER: Final = 99


def advance(rank_value: int, steps: int, ascending: bool) -> int:
    """The rank value ``steps`` announcements after ``rank_value`` (R5 down, V1 up), Ace = 1."""
    offset = steps if ascending else -steps
    return (rank_value - 1 + offset) % 13 + 1


def own_turn_distances(players: int, ascending: bool) -> list[list[int]]:
    """``table[due][rank]``: in how many of its own turns a seat whose turn has ``due`` meets ``rank`` again.

    Turns come round every ``players`` announcements (D1, D2), so the ranks a seat will be due are
    fixed by the seat order: they decide which cards are worth keeping (they can be played truthfully
    later) and which are the cheapest to bluff away.
    """
    table = [[NEVER] * 14 for _ in range(14)]
    for due in range(1, 14):
        for turns in range(13, 0, -1):
            table[due][advance(due, turns * players, ascending)] = turns
    return table


@lru_cache(maxsize=1 << 16)
def tail(population: int, successes: int, draws: int, at_least: int) -> float:
    """P(X >= at_least), X hypergeometric: ``draws`` cards from ``population`` of which ``successes`` count."""
    if at_least <= 0:
        return 1.0
    population = max(population, 0)
    successes = min(max(successes, 0), population)
    draws = min(max(draws, 0), population)
    top = min(successes, draws)
    if at_least > top:
        return 0.0
    failures = population - successes
    hits = sum(math.comb(successes, x) * math.comb(failures, draws - x) for x in range(at_least, top + 1))
    return hits / math.comb(population, draws)


@lru_cache(maxsize=1 << 16)
def false_chance(population: int, successes: int, draws: int, count: int) -> float:
    """How false a claim of ``count`` cards looks to a player who counts: the claimant's hand of ``draws``
    cards comes from ``population`` unseen cards holding ``successes`` of the rank, and players are
    assumed to play as :data:`PADDING` and :data:`BLUFFING` say. Claims of two or more are mostly true
    when players tell the truth whenever they can, though counting alone would call them unlikely.
    """
    population = max(population, 0)
    successes = min(max(successes, 0), population)
    draws = min(max(draws, 0), population)
    if count > min(successes, draws):
        return 1.0
    true = false = 0.0
    total = math.comb(population, draws)
    failures = population - successes
    for held in range(min(successes, draws) + 1):
        chance = math.comb(successes, held) * math.comb(failures, draws - held) / total
        if held == 0:
            false += chance * (BLUFFING[count] if count < len(BLUFFING) else 0.0)
        elif held == count:
            true += chance * PADDING[0]
        elif held > count:
            true += chance * HOLD_BACK
        elif count - held < len(PADDING):
            false += chance * PADDING[count - held]
    if true + false <= 0.0:
        return 0.5
    return false / (true + false)


def doubt_threshold(base: float, pile: int, claimant_left: int, own_left: int) -> float:
    """How sure a counting player must be that a claim is false before it doubts.

    The bar rises with the pile (a wrong doubt takes it) and when the doubter is near going out, and
    falls when the claimant is near going out (stopping a winner is worth most). ``base`` is the style.
    """
    threshold = base + min(0.012 * pile, 0.2)
    if claimant_left < len(NEAR_OUT):
        threshold -= NEAR_OUT[claimant_left]
    if own_left < len(OWN_NEAR_OUT):
        threshold += OWN_NEAR_OUT[own_left]
    return threshold


@dataclass
class OpponentModel:
    """What the log tells of one opponent: how often it adds bluffs, and how it doubts.

    Doubting is read as a style: the player doubts a claim when, by its own count, the chance that the
    claim is false passes a bar (:func:`doubt_threshold`) whose base is the style; the last style,
    :data:`PROOF_ONLY`, doubts only what it can prove. Each answer in a doubt window scores every style
    by how likely it made that answer, and the best-scoring style is the model.
    """

    extra_bluffs: float = 0.2  # revealed plays with more false cards than needed
    bluff_chances: float = 5.0  # revealed plays
    scores: list[float] = field(default_factory=lambda: [0.0] * len(STYLES))
    #: Plays seen from the inside (on a pile this seat took), by cards claimed, and how many were false.
    seen_plays: list[float] = field(default_factory=lambda: [0.0] * len(HONEST_LIES))
    seen_lies: list[float] = field(default_factory=lambda: [0.0] * len(HONEST_LIES))

    def lie_rate(self, count: int) -> float:
        """How often this player's claims of ``count`` cards are false: what the piles this seat took
        showed, starting from a prior between :data:`HONEST_LIES` and :data:`PLANNED_LIES`. Those piles
        are a fair sample of its plays (nobody chose them for being doubted), unlike the plays turned
        up by doubts, which only say whether it pads."""
        index = min(count, len(HONEST_LIES) - 1)
        planned = min(1.0, self.bluff_rate / PADDING_SCALE)
        prior = HONEST_LIES[index] + planned * (PLANNED_LIES[index] - HONEST_LIES[index])
        return (self.seen_lies[index] + LIE_PRIOR_WEIGHT * prior) / (self.seen_plays[index] + LIE_PRIOR_WEIGHT)

    @property
    def bluff_rate(self) -> float:
        """Chance that a play carries one false card more than the hand forced."""
        return self.extra_bluffs / self.bluff_chances

    @property
    def style(self) -> float:
        """The base of this player's doubt threshold (:data:`PROOF_ONLY`: it never guesses)."""
        best = max(range(len(STYLES)), key=lambda index: (self.scores[index], -index))
        return STYLES[best]

    def observe(self, outcomes: Sequence[tuple[float, float, bool]], bar: float, doubted: bool) -> None:
        """Score the styles on one answer: ``outcomes`` are (chance, false chance it saw, provable) over
        what the player may hold; ``bar`` is the threshold less its base."""
        for index, base in enumerate(STYLES):
            chance = 0.0
            for weight, false, provable in outcomes:
                if provable:
                    answer = 0.97
                else:
                    answer = 1.0 / (1.0 + math.exp(-(false - base - bar) / 0.06)) if base < PROOF_ONLY else 0.0
                    answer = min(0.97, max(0.03, answer))
                chance += weight * answer
            self.scores[index] += math.log(max(1e-6, chance if doubted else 1.0 - chance))


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
class Tracker:
    """This seat's running knowledge, read incrementally from its log."""

    seat: int
    rules: Rules
    read: int = 0
    last_event: Event | None = None
    plays: int = 0
    pile: list[PileEntry] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    models: list[OpponentModel] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    hand_ranks: list[int] = field(default_factory=list)
    #: ``public[x][rank]``: cards of the rank that everyone saw go into seat x's hand (turned up, then taken).
    public: list[list[int]] = field(default_factory=list)
    #: ``located[j][x][rank]``: cards of the rank seat j put on piles that seat x then took, as j claimed
    #: them. Seat j knows where its own discards went; this is how other players can prove a claim false.
    located: list[list[list[int]]] = field(default_factory=list)
    #: For the claim in the open window: each seat that may answer, with what it may have seen.
    pending: dict[int, tuple[list[tuple[float, float, bool]], float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        players = self.rules.players
        self.known = [[] for _ in range(players)]
        self.models = [OpponentModel() for _ in range(players)]
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
                weight = tail(unseen, out_copies, draws, held) - tail(unseen, out_copies, draws, held + 1)
                if weight < 1e-3:
                    continue
                provable = held + own + min(located, max(0, out_copies - held)) + event.count > copies
                false = false_chance(outside, copies - held - own, self.sizes[event.seat] + event.count, event.count)
                outcomes.append((weight, false, provable))
            bar = doubt_threshold(0.0, pile_size, self.sizes[event.seat], self.sizes[other])
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
            false_cards = sum(card.rank is not event.rank for card in event.cards)
            model = self.models[event.seat]
            model.bluff_chances += 1.0
            if false_cards > (1 if false_cards == count else 0):
                model.extra_bluffs += 1.0
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
            model = self.models[seat]
            index = min(len(group), len(HONEST_LIES) - 1)
            model.seen_plays[index] += 1.0
            if any(card.rank is not entry.rank for entry, card in group):
                model.seen_lies[index] += 1.0

    def trim(self, hand_sizes: Sequence[int]) -> None:
        """A seat cannot hold more known cards than it holds cards: drop the oldest guesses."""
        for seat, known in enumerate(self.known):
            if len(known) > hand_sizes[seat]:
                del known[: len(known) - hand_sizes[seat]]


@dataclass
class Position:
    """A sampled deal that matches the view: every hand, the pile, and the open claim's cards."""

    hands: list[list[Card]]
    pile: list[Card]
    owners: list[int]  # who put each pile card down (-1: unknown)
    claim: tuple[int, tuple[Card, ...], Rank] | None


def believed_cards(belief: Belief, claim: Claim | None) -> dict[int, tuple[tuple[Rank, float], ...]]:
    """Per opponent, the cards it probably holds: the face-down cards of undoubted claims it took with a
    pile, each of its claimed rank with the claimant's trust (the adaptive model's belief).

    The model moves a claimant's believed cards to the pile only when the window closes; the claim on
    the table has already put its cards of the rank down (players tell the truth first), so they leave
    its hand here.
    """
    believed = {opponent.seat: opponent.believed for opponent in belief.opponents}
    if claim is not None and claim.seat in believed:
        cards = list(believed[claim.seat])
        for _ in range(claim.count):
            match = next((card for card in cards if card[0] is claim.rank), None)
            if match is None:
                break
            cards.remove(match)
        believed[claim.seat] = tuple(cards)
    return believed


def flag(value: bool | str) -> bool:
    """An on/off option, given as a bool or, from a bot spec (``search[advisor=false]``), as text."""
    if isinstance(value, str):
        return value.strip().lower() not in ("0", "false", "no", "off", "")
    return bool(value)


class SearchBot:
    """Determinized Monte-Carlo search (see the module docstring).

    ``budget`` is the thinking time per decision in seconds; ``iterations`` (sampled deals per decision)
    replaces the clock when given, which with a seeded ``rng`` makes every decision reproducible.
    ``depth`` caps a rollout in turns (default: one round and two turns) and ``temperature`` divides
    the leaf score (above 1: softer); ``own_style`` is the doubting style the rollouts give this seat.
    A doubt must beat declining by ``doubt_margin``; a searched play must beat the model's plan by
    ``play_margin`` when someone holds ``endgame_cards`` or fewer, by ``midgame_margin`` otherwise (1.0
    or more: the plan stands, unsearched). ``advisor=False`` searches every play; ``belief=False`` deals
    the hands of the samples without the adaptive model's belief (only known cards, the rest at random).
    ``rollouts`` counts the simulated continuations so far, so tests can see when no search was needed.
    """

    name = "search"

    def __init__(
        self,
        rng: random.Random | None = None,
        budget: float = 0.1,
        iterations: int | None = None,
        depth: int | None = None,
        temperature: float = 1.0,
        own_style: float = OWN_STYLE,
        doubt_margin: float = 0.0,
        play_margin: float = 0.02,
        midgame_margin: float = 0.05,
        endgame_cards: int = 4,
        advisor: bool | str = True,
        belief: bool | str = True,
    ) -> None:
        self.rng = rng or random.Random()
        self.budget = budget
        self.iterations = iterations
        self.depth = depth
        self.temperature = temperature
        self.own_style = own_style
        self.doubt_margin = doubt_margin
        self.play_margin = play_margin
        self.midgame_margin = midgame_margin
        self.endgame_cards = endgame_cards
        self.advisor = flag(advisor)
        self.belief = flag(belief)
        self.rollouts = 0
        #: The last search: sampled deals, and each candidate's average value (for tests and tuning).
        self.last_search: tuple[int, list[float]] = (0, [])
        self._tracker: Tracker | None = None
        #: The adaptive bot's reading of the table, fed this seat's views: how likely a claim is false.
        self.model = AdaptiveBot(rng=random.Random(self.rng.random()))

    # ----------------------------------------------------------------------------------------------
    # Deciding

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        start = time.perf_counter()
        tracker = self._track(view)
        self.model.observe(view)
        if view.must_play:
            candidates = self.play_candidates(view)
            if len(candidates) == 1:
                return candidates[0]
            advice = self._advice(view)
            if advice is None:
                return self._played(self._search(view, tracker, candidates, start))
            margin = self.play_margin if self.endgame(view) else self.midgame_margin
            key = sorted(map(sort_key, advice.cards))
            candidates = [advice, *(play for play in candidates if sorted(map(sort_key, play.cards)) != key)]
            if margin >= 1.0 or len(candidates) == 1:
                return self._played(advice)  # no average can beat it by a whole win, or nothing to compare
            return self._played(self._search(view, tracker, candidates, start, margin))
        settled = self.settled_answer(view)
        if settled is not None:
            return settled
        lie = self.model.false_probability(view)
        if lie > 0.999:
            return Doubt((view.seat,))  # the count proves it false
        if lie <= 0.0:
            return Decline(view.seat)  # the claimant is known to hold the cards
        return self._search(view, tracker, [Decline(view.seat), Doubt((view.seat,))], start, lie=lie)

    def _believed(self, view: View) -> dict[int, tuple[tuple[Rank, float], ...]]:
        """Per opponent, the cards the adaptive model believes it holds (see :func:`believed_cards`)."""
        return believed_cards(self.model.belief(view), view.claim)

    def _answers(self, view: View, candidates: Sequence[Action]) -> dict[int, list[float]]:
        """For each size of play among ``candidates``, each seat's chance to doubt it (the model's)."""
        counts = sorted({len(action.cards) for action in candidates if isinstance(action, Play)})
        return {
            count: [chances.get(seat, 0.0) for seat in range(view.rules.players)]
            for count, chances in self.model.doubt_chances(view, counts, view.due_rank).items()
        }

    def _played(self, action: Action) -> Action:
        """Tell the model which play went down, so it learns from the answers how each opponent doubts."""
        if isinstance(action, Play):
            self.model.chosen_looks = self.model.looks.get(len(action.cards), {})
        return action

    def endgame(self, view: View) -> bool:
        """True when going out is near for someone: there the search sees to the end of the game, and
        its plays are trusted over the advisor's plan."""
        return min(size for size in view.hand_sizes if size > 0) <= self.endgame_cards

    def _advice(self, view: View) -> Play | None:
        """The model's plan-based play (the adaptive bot's choice in this seat), if it is a legal one."""
        assert view.seat is not None
        if not self.advisor:
            return None
        cards = tuple(self.model.choose_cards(view))
        cap = view.rules.max_cards_per_play or len(view.hand)
        left = list(view.hand)
        for card in cards:
            if card not in left:
                return None
            left.remove(card)
        if not cards or len(cards) > cap:
            return None
        return Play(view.seat, cards, view.due_rank)

    def _track(self, view: View) -> Tracker:
        assert view.seat is not None
        tracker = self._tracker
        if tracker is None or tracker.seat != view.seat or tracker.rules != view.rules:
            tracker = None
        if tracker is None or not tracker.follows(view.log):
            tracker = Tracker(view.seat, view.rules)
        tracker.update(view)
        tracker.trim(view.hand_sizes)
        self._tracker = tracker
        return tracker

    def settled_answer(self, view: View) -> Action | None:
        """Doubt a claim the count proves false, decline one it proves true; None when it settles nothing."""
        claim, seat = view.claim, view.seat
        assert claim is not None
        assert seat is not None
        copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        seen = [*view.hand, *own_cards_in_pile(view), *self._revealed_on_pile()]
        if claim.count + sum(card.rank is claim.rank for card in seen) > copies:
            return Doubt((seat,))
        unseen = Counter(dict.fromkeys(STANDARD_DECK, view.rules.deck_count))
        unseen.subtract(seen)
        if all(card.rank is claim.rank for card, count in unseen.items() if count > 0):
            return Decline(seat)  # every card this seat cannot see is of the claimed rank
        return None

    def _revealed_on_pile(self) -> list[Card]:
        """Cards turned up but left on the pile (V3 leaves a finisher's last play there)."""
        if self._tracker is None:
            return []
        return [e.card for e in self._tracker.pile if e.sure and e.card is not None and e.seat != self._tracker.seat]

    def play_candidates(self, view: View) -> list[Play]:
        """The plays worth comparing: every due card, plus 0 to 3 bluffs, plus "all but next turn's rank".

        Bluffs are the cards whose rank comes due at this seat's own turns last. A play that would empty
        the hand with a false card is never offered (R10 turns it up), unless the hand leaves no choice.
        """
        assert view.seat is not None
        hand, due = view.hand, view.due_rank
        cap = view.rules.max_cards_per_play or len(hand)
        truthful = [card for card in hand if card.rank is due][:cap]
        if len(truthful) == len(hand) or len(hand) == 1:
            return [Play(view.seat, tuple(hand), due)]  # going out (R10), or the only card there is
        others = self.bluff_order(view)
        players = len(view.hand_sizes) - len(view.places) if view.rules.play_on_for_places else len(view.hand_sizes)
        plays: list[tuple[Card, ...]] = []
        for extra in range(4):
            cards = (*truthful, *others[:extra])
            if cards and len(cards) <= cap and (len(cards) < len(hand) or extra == 0) and extra <= len(others):
                plays.append(cards)
        next_rank = advance(due.value, players, view.rules.ascending)
        keep = [card for card in others if card.rank.value == next_rank]
        dump = (*truthful, *(card for card in others if card.rank.value != next_rank))
        if keep and dump and len(dump) <= cap and dump not in plays:
            plays.append(dump)
        if not plays:
            plays.append((others[0],))
        return [Play(view.seat, cards, due) for cards in plays]

    @staticmethod
    def bluff_order(view: View) -> list[Card]:
        """Cards not of the due rank, the best to give away first: their rank comes due at this seat's
        turns last, and of ranks held several times the seat keeps the group (it can unload it truthfully)."""
        due = view.due_rank
        players = len(view.hand_sizes) - (len(view.places) if view.rules.play_on_for_places else 0)
        distance = own_turn_distances(players, view.rules.ascending)[due.value]
        counts = Counter(card.rank for card in view.hand)
        others = [card for card in view.hand if card.rank is not due]
        return sorted(others, key=lambda card: (-distance[card.rank.value], counts[card.rank]))

    # ----------------------------------------------------------------------------------------------
    # Searching

    def _search(
        self,
        view: View,
        tracker: Tracker,
        candidates: Sequence[Action],
        start: float,
        margin: float = 0.0,
        lie: float | None = None,
    ) -> Action:
        """The candidate with the best average over sampled deals; the first one (the advisor's play)
        keeps its place unless another beats it by ``margin``."""
        assert view.seat is not None
        believed = self._believed(view) if self.belief else None
        sampler = Sampler(view, tracker, self.rng, lie, believed)
        simulator = Simulator(view, tracker, self.depth, self.temperature, self.own_style)
        if view.must_play:
            simulator.answers = self._answers(view, candidates)
        totals = [0.0] * len(candidates)
        deadline = start + self.budget
        done = 0
        began = time.perf_counter()
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done > 0:
                # Stop when one more iteration, at the pace so far, would end past the deadline.
                now = time.perf_counter()
                if now + (now - began) / done > deadline:
                    break
            seed = self.rng.random()  # the same dice for every candidate: their difference is less noisy
            if sampler.claim_in_doubt:
                # Stratified on the one fact that decides a doubt: a false and a true version of the claim
                # in every iteration, weighed by its chance, instead of leaving the mix to the dice.
                lie = sampler.lie_chance
                false_base = simulator.position(sampler.sample(claim_true=False))
                true_base = simulator.position(sampler.sample(claim_true=True))
                for index, action in enumerate(candidates):
                    totals[index] += lie * simulator.value_after(false_base, action, seed)
                    totals[index] += (1 - lie) * simulator.value_after(true_base, action, seed)
                self.rollouts += 2 * len(candidates)
            else:
                base = simulator.position(sampler.sample())
                for index, action in enumerate(candidates):
                    totals[index] += simulator.value_after(base, action, seed)
                self.rollouts += len(candidates)
            done += 1
        if done and isinstance(candidates[-1], Doubt):
            totals[-1] -= self.doubt_margin * done  # see __init__: a doubt must win by a margin
        if done:
            totals[0] += margin * done
        best = max(range(len(candidates)), key=lambda index: totals[index])
        self.last_search = (done, [total / max(done, 1) for total in totals])
        return candidates[best]


class Sampler:
    """Deals the cards this seat cannot see, consistently with the view and weighted by the claims made.

    ``believed`` (per opponent, claimed rank and trust: :func:`believed_cards`) is the adaptive model's
    belief of what each hand holds beyond its known cards; each believed card is dealt, of its rank,
    with its trust, before the rest of the hand is drawn blindly (R8: a pile taken is mostly what was
    claimed for it).
    """

    def __init__(
        self,
        view: View,
        tracker: Tracker,
        rng: random.Random,
        lie: float | None = None,
        believed: dict[int, tuple[tuple[Rank, float], ...]] | None = None,
    ) -> None:
        assert view.seat is not None
        self.view, self.rng, self.seat = view, rng, view.seat
        self.believed = believed or {}
        decks = view.rules.deck_count
        pool = Counter(dict.fromkeys(STANDARD_DECK, decks))
        pool.subtract(view.hand)
        self.known: list[list[Card]] = []
        for other, cards in enumerate(tracker.known):
            kept = []
            for card in cards if other != self.seat else []:
                if pool[card] > 0:
                    pool[card] -= 1
                    kept.append(card)
            self.known.append(kept)
        self.pile: list[PileEntry] = []
        for entry in tracker.pile:
            if entry.card is not None and pool[entry.card] > 0:
                pool[entry.card] -= 1
                self.pile.append(entry)
            else:
                self.pile.append(PileEntry(entry.seat, entry.rank, None, False, entry.play_index))
        if len(self.pile) != view.pile_size:  # a log this seat could not follow: know nothing of the pile
            self.pile = [PileEntry(-1, view.due_rank, None, False, -1) for _ in range(view.pile_size)]
        self.pool = list(pool.elements())
        self.claim = view.claim
        self.tracker = tracker
        self.groups: dict[int, list[float]] = {}
        for entry in self.pile:
            if entry.card is None and entry.play_index not in self.groups:
                self.groups[entry.play_index] = self._truth_weights(entry.play_index)
        last = self.pile[-1].play_index if self.pile else -1
        self.truth_weights = self.groups.get(last, [1.0]) if view.claim is not None else [1.0]
        if lie is not None and len(self.truth_weights) > 1:
            self.truth_weights = rescaled(self.truth_weights, lie)
            self.groups[last] = self.truth_weights

    def _truth_weights(self, play_index: int) -> list[float]:
        """How many of a play's unseen cards are true: a distribution over 0 … all of them.

        The shape comes from the count: the claimant held some number of cards of the rank among the
        cards this seat cannot see (hypergeometric), played them all (up to the claim) and filled the
        rest with false cards, one more than it needed at its bluff rate. The chance that the play is
        false at all comes from the player's record (:meth:`OpponentModel.lie_rate`), since players who
        bluff by plan bluff exactly where the count finds a claim plausible; the count decides only
        when it all but proves the claim false.
        """
        group = [entry for entry in self.pile if entry.play_index == play_index]
        slots = sum(entry.card is None for entry in group)
        seat, rank = group[0].seat, group[0].rank
        if slots == 0:
            return [1.0]
        if seat < 0:
            return [0.5] * (slots + 1)
        weights = [0.0] * (slots + 1)
        # The claimant's hand is drawn from the unseen cards that are in hands, not on the pile: the
        # pile's other unseen cards are mostly of the ranks claimed for them.
        of_rank = sum(card.rank is rank for card in self.pool)
        elsewhere = [entry for entry in self.pile if entry.card is None and entry.play_index != play_index]
        share = of_rank / max(1, len(self.pool))
        on_pile = sum(PILE_TRUTH if entry.rank is rank else (1 - PILE_TRUTH) * share for entry in elsewhere)
        unknown = len(self.pool) - len(elsewhere)
        of_rank = max(0, min(unknown, round(of_rank - on_pile)))
        hand_slots = max(slots, self.view.hand_sizes[seat] - len(self.known[seat]) + slots)
        beta = min(0.9, self.tracker.models[seat].bluff_rate)
        for held in range(min(of_rank, hand_slots) + 1):
            chance = hypergeometric(unknown, of_rank, hand_slots, held)
            if held >= slots:
                weights[slots] += chance * (1 - beta) * (1.0 if held == slots else HOLD_BACK)
            else:
                extra = slots - held - (1 if held == 0 else 0)
                if extra >= 0:
                    weights[held] += chance * (1 - beta) * beta**extra
        if sum(weights) <= 0:
            weights[slots] = 1.0
        # The count says how the claim could be false; how often it is comes mostly from what this
        # player's plays have shown, unless the count is all but sure.
        total = sum(weights)
        counted = 1.0 - weights[slots] / total
        seen = self.tracker.models[seat].lie_rate(len(group))
        lie = seen + (counted - seen) * max(0.0, (counted - 0.95) / 0.05)
        # What this seat believes others hold can be stale (they may have bluffed those cards away), so
        # the count alone never makes a claim certain: only settled_answer's hard facts do.
        lie = min(lie, MAX_COUNTED_LIE)
        if counted <= 0.0:
            return weights
        if counted >= 1.0:  # no true version is possible by the count: allow one, at its chance
            weights[slots] = sum(weights) * (1.0 - lie) / max(lie, 1e-9)
            return weights
        scale_lie, scale_true = lie / counted, (1.0 - lie) / (1.0 - counted)
        return [weight * scale_lie for weight in weights[:slots]] + [weights[slots] * scale_true]

    @property
    def lie_chance(self) -> float:
        """Chance that the open claim holds at least one false card."""
        return 1.0 - self.truth_weights[-1] / sum(self.truth_weights)

    @property
    def claim_in_doubt(self) -> bool:
        """True when the open claim may be either true or false, as far as this seat can tell."""
        return self.claim is not None and len(self.truth_weights) > 1 and 0.0 < self.lie_chance < 1.0

    def sample(self, claim_true: bool | None = None) -> Position:
        """A deal; ``claim_true`` forces the open claim true or false (None: by its chance)."""
        rng = self.rng
        pool = self.pool[:]
        rng.shuffle(pool)
        pile: list[Card] = []
        owners: list[int] = []
        true_left: dict[int, int] = {
            index: rng.choices(range(len(weights)), weights)[0] for index, weights in self.groups.items()
        }
        if claim_true is not None and self.claim is not None and self.pile:
            weights = self.truth_weights
            if claim_true:
                true_left[self.pile[-1].play_index] = len(weights) - 1
            else:
                true_left[self.pile[-1].play_index] = rng.choices(range(len(weights) - 1), weights[:-1])[0]
        for entry in self.pile:
            card = entry.card
            if card is None:
                left = true_left[entry.play_index]
                card = take(pool, entry.rank, left > 0)
                true_left[entry.play_index] = left - 1
            pile.append(card)
            owners.append(entry.seat)
        hands: list[list[Card]] = []
        for other, size in enumerate(self.view.hand_sizes):
            if other == self.seat:
                hands.append(list(self.view.hand))
                continue
            known = self._believed_hand(other, size, pool)
            missing = size - len(known)
            if missing > 0:
                hands.append(known + pool[len(pool) - missing :])
                del pool[len(pool) - missing :]
            else:
                hands.append(known)
        claim = self.claim
        position_claim = None
        if claim is not None:
            position_claim = (claim.seat, tuple(pile[len(pile) - claim.count :]), claim.rank)
        return Position(hands, pile, owners, position_claim)

    def _believed_hand(self, other: int, size: int, pool: list[Card]) -> list[Card]:
        """``other``'s known cards, then each card it is believed to hold, of its rank with its trust
        (taken from the shuffled ``pool``)."""
        hand = self.known[other][:size]
        for rank, chance in self.believed.get(other, ()):
            if len(hand) >= size:
                break
            if self.rng.random() < chance:
                card = take_rank(pool, rank)
                if card is not None:
                    hand.append(card)
        return hand


def rescaled(weights: list[float], lie: float) -> list[float]:
    """``weights`` over how many of a play's cards are true (the last: all of them), rescaled so that
    the play is false with chance ``lie``; the shape of the false part is kept."""
    false_part, true_part = sum(weights[:-1]), weights[-1]
    lie = min(max(lie, 0.0), 1.0)
    if false_part <= 0.0:
        false_weights = [0.0] * (len(weights) - 2) + [1.0]
    else:
        false_weights = [weight / false_part for weight in weights[:-1]]
    del true_part
    return [weight * lie for weight in false_weights] + [1.0 - lie]


def take(pool: list[Card], rank: Rank, of_rank: bool) -> Card:
    """Remove and return a card of ``rank`` (or of another rank) from the shuffled pool, any card if none."""
    for index in range(len(pool) - 1, -1, -1):
        if (pool[index].rank is rank) is of_rank:
            return pool.pop(index)
    return pool.pop()


def take_rank(pool: list[Card], rank: Rank) -> Card | None:
    """Remove and return a card of ``rank`` from the shuffled pool, None if none is left."""
    for index in range(len(pool) - 1, -1, -1):
        if pool[index].rank is rank:
            return pool.pop(index)
    return None


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> float:
    """Chance of exactly ``hits`` successes in ``draws`` draws without replacement."""
    if hits > successes or hits > draws or draws - hits > population - successes or draws > population:
        return 0.0
    return math.comb(successes, hits) * math.comb(population - successes, draws - hits) / math.comb(population, draws)


class State:
    """A sampled position as the rollouts play it: only ranks matter to the rules, so every hand and
    the pile are counts by rank value (index 1 … 13), which copy and update in a few steps."""

    __slots__ = (
        "active",
        "claim",
        "due",
        "finished",
        "hands",
        "owned",
        "owned_total",
        "pile",
        "pile_size",
        "sizes",
        "to_play",
    )

    def __init__(
        self,
        hands: list[list[int]],
        pile: list[int],
        owned: list[list[int]],
        due: int,
        to_play: int,
        active: list[bool],
        claim: tuple[int, int, int, int] | None,
    ) -> None:
        self.hands = hands
        self.sizes = [sum(hand) for hand in hands]
        self.pile = pile
        self.pile_size = sum(pile)
        self.owned = owned
        self.owned_total = [sum(counts) for counts in owned]
        self.due = due
        self.to_play = to_play
        self.active = active
        #: The open claim: (claimant, cards, rank value, false cards among them), or None.
        self.claim = claim
        #: The seat that went out, once one has (-1 before).
        self.finished = -1

    def copy(self) -> State:
        clone = State.__new__(State)
        clone.hands = [list(hand) for hand in self.hands]
        clone.sizes = list(self.sizes)
        clone.pile = list(self.pile)
        clone.pile_size = self.pile_size
        clone.owned = [list(counts) for counts in self.owned]
        clone.owned_total = list(self.owned_total)
        clone.due, clone.to_play, clone.active = self.due, self.to_play, self.active
        clone.claim, clone.finished = self.claim, self.finished
        return clone


class Simulator:
    """Plays sampled positions forward with quick policies for every seat.

    Rollouts keep their own state (:class:`State`, counts by rank) rather than a
    :class:`~idoubtit.engine.Game`: suits never matter to the rules, and counts copy and update in a
    few steps. Per seat it keeps how many cards of each rank that seat has put on the pile: a seat
    knows its own discards, and with them it can prove claims false (the honest rule of doubt).
    """

    def __init__(
        self, view: View, tracker: Tracker, depth: int | None, temperature: float, own_style: float = OWN_STYLE
    ) -> None:
        assert view.seat is not None
        self.view, self.seat = view, view.seat
        self.rng = random.Random()
        self.rules: Rules = view.rules
        self.players = view.rules.players
        self.copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        self.cap = view.rules.max_cards_per_play or 10_000
        active = self.players - len(view.places)
        self.depth = depth if depth is not None else active + 2
        self.temperature = temperature
        self.ascending = view.rules.ascending
        distance = own_turn_distances(max(active, 1), view.rules.ascending)
        #: For each due rank value, every rank value's distance (see :func:`own_turn_distances`); the due
        #: rank scores -1, so that the farthest rank held is a rank to bluff with.
        self.rank_distance = [
            [-1 if other == due else distance[due][other] for other in range(14)] for due in range(14)
        ]
        self.next_value = [0] + [advance(value, 1, self.ascending) for value in range(1, 14)]
        self.bluff = [model.bluff_rate for model in tracker.models]
        self.styles = [model.style for model in tracker.models]
        self.bluff[self.seat] = 0.25
        self.styles[self.seat] = own_style
        self.total = view.rules.card_count
        #: ``schedules[seats in][first][turn]``: the rank due on a seat's ``turn``-th turn from now (1 is
        #: the next), when its next turn is due ``first``.
        self.schedules = {
            seats: [[advance(first, (turn - 1) * seats, self.ascending) for turn in range(14)] for first in range(14)]
            for seats in range(1, self.players + 1)
        }
        # What each seat knows of where the cards of the rank now claimed (or about to be) are, outside
        # its hand and the claimant's: used in the first doubt window, the one the decision faces.
        claimant = view.claim.seat if view.claim is not None else self.seat
        value = view.due_rank.value
        self.no_located = [0] * self.players
        self.root_located = [
            sum(
                tracker.public[other][value] + tracker.located[seat][other][value]
                for other in range(self.players)
                if other not in (seat, claimant)
            )
            for seat in range(self.players)
        ]
        self.active = [seat not in view.places for seat in range(self.players)]
        #: For a play of this seat, by the number of cards claimed: each seat's chance to doubt it when
        #: it cannot prove it false (from the adaptive bot's model of how each opponent doubts).
        self.answers: dict[int, list[float]] = {}
        self.declined: frozenset[int] = frozenset()
        #: Each hand's finish-cost term of the leaf score, by its counts and first due rank: the same hands
        #: come back across candidates and samples, and the cost is the leaf's dearest part. (The seats
        #: still in never change within a search: a rollout ends when a seat goes out.)
        self.leaf_terms: dict[tuple[int, ...], float] = {}
        if view.claim is not None:
            self.declined = frozenset(
                seat
                for seat in range(self.players)
                if seat != view.claim.seat and self.active[seat] and seat not in view.awaiting
            )

    def position(self, sample: Position) -> State:
        """The sampled position as a rollout state (the view's turn, rank and claim)."""
        view = self.view
        hands = []
        for hand in sample.hands:
            counts = [0] * 14
            for index in map(sort_key, hand):
                counts[VALUE[index]] += 1
            hands.append(counts)
        pile = [0] * 14
        owned = [[0] * 14 for _ in range(self.players)]
        for card, owner in zip(sample.pile, sample.owners, strict=True):
            value = VALUE[sort_key(card)]
            pile[value] += 1
            if owner >= 0:
                owned[owner][value] += 1
        claim = None
        if sample.claim is not None:
            seat, cards, rank = sample.claim
            claim = (seat, len(cards), rank.value, sum(card.rank is not rank for card in cards))
        return State(hands, pile, owned, view.due_rank.value, view.to_play, self.active, claim)

    def value_after(self, base: State, action: Action, seed: float) -> float:
        """The result for this seat of ``action`` in the sampled position, played on by the quick policies."""
        self.rng.seed(seed)
        state = base.copy()
        if isinstance(action, Play):
            counts = [0] * 14
            for index in map(sort_key, action.cards):
                counts[VALUE[index]] += 1
            self._play(state, action.seat, counts, len(action.cards))
            if state.claim is not None:
                self._window(state, None, None, frozenset(), root=True)
        else:
            forced = self.seat if isinstance(action, Doubt) else None
            self._window(state, forced, self.seat, self.declined, root=True)
        return self._rollout(state)

    def _play(self, state: State, seat: int, counts: list[int], count: int) -> None:
        """``seat`` puts ``count`` cards down (``counts`` by rank value), announcing the due rank."""
        hand, owned, pile, due = state.hands[seat], state.owned[seat], state.pile, state.due
        for value in range(1, 14):
            put = counts[value]
            if put:
                hand[value] -= put
                owned[value] += put
                pile[value] += put
        state.sizes[seat] -= count
        state.owned_total[seat] += count
        state.pile_size += count
        false = count - counts[due]
        if state.sizes[seat] == 0:  # R10: the last play is turned up
            if false:
                self._take(state, seat)
                self._end_turn(state)
            else:
                state.finished = seat
            return
        state.claim = (seat, count, due, false)

    def _take(self, state: State, seat: int) -> None:
        hand, pile = state.hands[seat], state.pile
        for value in range(1, 14):
            hand[value] += pile[value]
        state.sizes[seat] += state.pile_size
        state.pile = [0] * 14
        state.pile_size = 0
        state.owned = [[0] * 14 for _ in state.owned]
        state.owned_total = [0] * len(state.owned)

    def _end_turn(self, state: State) -> None:
        state.claim = None
        state.due = self.next_value[state.due]
        players, active = self.players, state.active
        seat = (state.to_play + 1) % players
        while not active[seat]:
            seat = (seat + 1) % players
        state.to_play = seat

    def _window(
        self, state: State, forced: int | None, skip: int | None, declined: frozenset[int], root: bool = False
    ) -> None:
        """One decision round of a doubt window: every other seat still in decides together (R9)."""
        claim = state.claim
        assert claim is not None
        claimant, count, value, false_cards = claim
        hands, active, owned, sizes, owned_total = (
            state.hands,
            state.active,
            state.owned,
            state.sizes,
            state.owned_total,
        )
        copies, total, styles = self.copies, self.total, self.styles
        located = self.root_located if root else self.no_located
        left = sizes[claimant]
        # doubt_threshold, less the style and the doubter's own hand (OWN_BAR), inlined for speed.
        bar = min(0.012 * state.pile_size, 0.2) - (NEAR_OUT[left] if left < len(NEAR_OUT) else 0.0)
        beyond = copies - hands[claimant][value] - (count - false_cards)
        doubter = forced
        players = self.players
        eligible = 0
        answers = self.answers.get(count) if root and claimant == self.seat else None
        for offset in range(1, players):
            seat = (claimant + offset) % players
            if seat == skip or not active[seat] or seat in declined:
                continue
            eligible += 1
            if doubter is not None and (doubter - claimant) % players < offset:
                continue  # a nearer seat already doubts (R9); this one only counts as eligible
            held = owned[seat][value] + hands[seat][value]
            if held + count > copies or (root and held + count + min(located[seat], beyond - held) > copies):
                doubter = seat  # proven false by its own cards, or by what it knows of where the cards went
                continue
            if answers is not None:
                if self.rng.random() < answers[seat]:
                    doubter = seat
                continue
            style = styles[seat]
            if style >= PROOF_ONLY:
                continue
            chance = false_chance(total - sizes[seat] - owned_total[seat], copies - held, left + count, count)
            if chance > style + bar + OWN_BAR[sizes[seat]]:
                doubter = seat
        # Others know more than this model of them (whose discards went where, which cards were turned
        # up): a false claim is caught now and then even when no modelled seat can prove it.
        if (
            root
            and answers is None
            and doubter is None
            and eligible
            and false_cards
            and self.rng.random() < 1.0 - (1.0 - UNSEEN_PROOF) ** eligible
        ):
            candidates = [
                seat
                for seat in range(players)
                if seat not in (claimant, skip) and active[seat] and seat not in declined
            ]
            doubter = self.rng.choice(candidates)
        if doubter is not None:
            self._take(state, claimant if false_cards else doubter)  # R8, D4
        self._end_turn(state)

    def _rollout(self, state: State) -> float:
        turns = 0
        while state.finished < 0 and turns < self.depth:
            if state.claim is None:
                seat = state.to_play
                counts, count = self._quick_play(state.hands[seat], state.sizes[seat], state.due, self.bluff[seat])
                self._play(state, seat, counts, count)
                turns += 1
            else:
                self._window(state, None, None, frozenset())
        if state.finished >= 0:
            return 1.0 if state.finished == self.seat else 0.0
        return self._evaluate(state)

    def _quick_play(self, hand: list[int], size: int, due: int, bluff: float) -> tuple[list[int], int]:
        """Every due card; with none, a card of the rank due last at this seat's turns; sometimes one
        bluff card more."""
        counts = [0] * 14
        truthful = hand[due]
        if truthful == size:
            count = min(truthful, self.cap)
            counts[due] = count
            return counts, count
        distance = self.rank_distance[due]
        spare, far = 0, -2
        for value in range(1, 14):
            if hand[value] and distance[value] > far:
                spare, far = value, distance[value]
        if not truthful:
            counts[spare] = 1
            return counts, 1
        count = min(truthful, self.cap)
        counts[due] = count
        if truthful + 1 < size and truthful < self.cap and self.rng.random() < bluff:
            counts[spare] = 1
            count += 1
        return counts, count

    def _evaluate(self, state: State) -> float:
        """Chance to finish first among the seats still in, guessed from how many turns each seat needs
        to go out (:meth:`finish_cost`; a count of cards alone misses that the last play must be true),
        its cards and its place in the turn order (see :data:`LEAF_POWER`)."""
        temperature = self.temperature
        players, active, hands = self.players, state.active, state.hands
        seats_in = sum(active)
        # The seat to play next is due the current rank (the next one, while a window is open), and
        # each seat still in after it one rank further.
        seat, first = state.to_play, state.due
        if state.claim is not None:
            seat, first = (seat + 1) % players, self.next_value[first]
        weights = [0.0] * players
        known = self.leaf_terms
        order = 0  # how many seats still in play before this one
        for _ in range(players):
            if active[seat]:
                hand = hands[seat]
                key = (*hand, first)
                cost_term = known.get(key)
                if cost_term is None:
                    cost_term = known[key] = LEAF_POWER * math.log(1.0 + self.finish_cost(hand, first, seats_in))
                score = LEAF_CARD * state.sizes[seat] - LEAF_ORDER * order - cost_term
                weights[seat] = math.exp(score / temperature)
                first = self.next_value[first]
                order += 1
            seat = (seat + 1) % players
        return weights[self.seat] / sum(weights)

    def finish_cost(self, hand: list[int], first: int, seats_in: int) -> float:
        """About how many turns ``hand`` needs to go out when its next turn is due ``first``.

        Going out takes a turn whose due rank matches every card left (R10), and one play on each turn
        before it: for each possible last turn, the cards due before then go down truthfully, the rest
        must be bluffed (one each on turns with nothing true to play, stacked onto plays otherwise, which
        costs more since a bigger claim is easier to catch).
        """
        counts = list(hand)
        total = sum(counts)
        schedule = self.schedules[seats_in][first]
        best = total * BLUFF_COST + STUCK_COST
        playable = 0
        empty = 0
        for turn in range(1, 14):
            held = counts[schedule[turn]]
            if held and held <= self.cap and total - held >= turn - 1:
                spare = total - playable - held
                cost = turn + BLUFF_COST * max(spare, empty) + STACK_COST * max(0, spare - empty)
                best = min(best, cost)
            if held:
                playable += held
                counts[schedule[turn]] = 0  # a rank met twice in 13 turns (V4 tables) counts once
            else:
                empty += 1
        return best
