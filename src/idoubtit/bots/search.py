"""``search``: determinized Monte-Carlo search over the seat's information set.

At each real decision the bot samples complete deals that agree with everything its view knows, plays
each candidate action in every sampled deal, finishes the game (or a few rounds of it) with cheap
policies for every seat through the engine's fast door, and keeps the candidate with the best average
result for its seat. Decisions the rules or the count settle are answered at once, without search.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from idoubtit.bots.knowledge import own_cards_in_pile
from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    Card,
    Decline,
    Doubt,
    Doubted,
    Event,
    Finished,
    Game,
    PileTaken,
    Play,
    Played,
    Rank,
    Revealed,
    Rules,
    View,
)
from idoubtit.engine.rules import RANK_COPIES_PER_DECK
from idoubtit.engine.view import Phase

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


@dataclass
class OpponentModel:
    """What the log tells of one opponent: how often it adds bluffs and how often it doubts.

    Counts start from a weak prior so that a few observations move them but one does not decide.
    """

    extra_bluffs: float = 1.0  # revealed plays with more false cards than needed
    bluff_chances: float = 4.0  # revealed plays
    doubts: float = 1.0  # windows in which it said "I doubt it"
    windows: float = 10.0  # windows in which it could have

    @property
    def bluff_rate(self) -> float:
        """Chance that a play carries one false card more than the hand forced."""
        return self.extra_bluffs / self.bluff_chances

    @property
    def doubt_rate(self) -> float:
        """Chance of saying "I doubt it" to a claim the seat cannot prove false."""
        return self.doubts / self.windows


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
    players: int
    read: int = 0
    last_event: Event | None = None
    plays: int = 0
    pile: list[PileEntry] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    models: list[OpponentModel] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.known = [[] for _ in range(self.players)]
        self.models = [OpponentModel() for _ in range(self.players)]

    def follows(self, log: Sequence[Event]) -> bool:
        """True when ``log`` continues the log read so far (same game, nothing rewritten)."""
        if self.read == 0:
            return True
        return len(log) >= self.read and log[self.read - 1] is self.last_event

    def update(self, log: Sequence[Event], hand_sizes: Sequence[int]) -> None:
        for event in log[self.read :]:
            self._read(event, hand_sizes)
        self.read = len(log)
        self.last_event = log[-1] if log else None

    def _read(self, event: Event, hand_sizes: Sequence[int]) -> None:
        if isinstance(event, Played):
            self._played(event)
        elif isinstance(event, Revealed):
            self._revealed(event)
        elif isinstance(event, PileTaken):
            self._taken(event)
        elif isinstance(event, Doubted):
            for doubter in event.seats:
                self.models[doubter].doubts += 1.0

    def _played(self, event: Played) -> None:
        self.plays += 1
        if event.seat == self.seat and event.cards is not None:
            self.pile.extend(PileEntry(event.seat, event.rank, card, True, self.plays) for card in event.cards)
            self._count_window(event.seat)
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
        self._count_window(event.seat)

    def _count_window(self, claimant: int) -> None:
        for other in range(self.players):
            if other != claimant:
                self.models[other].windows += 1.0

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
        if event.seat != self.seat:
            self.known[event.seat].extend(entry.card for entry in self.pile if entry.card is not None)
        self.pile = []

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
    claim: tuple[int, tuple[Card, ...], Rank] | None


class SearchBot:
    """Determinized Monte-Carlo search: sample deals consistent with the view, try each candidate in each,
    finish with quick rollouts, keep the best average.

    ``budget`` is the thinking time per decision in seconds; ``iterations`` (sampled deals per decision)
    replaces the clock when given, which with a seeded ``rng`` makes every decision reproducible.
    ``rollouts`` counts the simulated continuations so far, so tests can see when no search was needed.
    """

    name = "search"

    def __init__(
        self,
        rng: random.Random | None = None,
        budget: float = 0.1,
        iterations: int | None = None,
        depth: int | None = None,
        temperature: float = 3.0,
    ) -> None:
        self.rng = rng or random.Random()
        self.budget = budget
        self.iterations = iterations
        self.depth = depth
        self.temperature = temperature
        self.rollouts = 0
        self._tracker: Tracker | None = None

    # ----------------------------------------------------------------------------------------------
    # Deciding

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        start = time.perf_counter()
        tracker = self._track(view)
        if view.must_play:
            candidates = self.play_candidates(view)
            if len(candidates) == 1:
                return candidates[0]
            return self._search(view, tracker, candidates, start)
        settled = self.settled_answer(view)
        if settled is not None:
            return settled
        return self._search(view, tracker, [Decline(view.seat), Doubt((view.seat,))], start)

    def _track(self, view: View) -> Tracker:
        assert view.seat is not None
        tracker = self._tracker
        if tracker is None or tracker.seat != view.seat or tracker.players != view.rules.players:
            tracker = None
        if tracker is None or not tracker.follows(view.log):
            tracker = Tracker(view.seat, view.rules.players)
        tracker.update(view.log, view.hand_sizes)
        tracker.trim(view.hand_sizes)
        self._tracker = tracker
        return tracker

    def settled_answer(self, view: View) -> Action | None:
        """Doubt a claim the count proves false, decline one it proves true; None when it settles nothing."""
        claim, seat = view.claim, view.seat
        assert claim is not None and seat is not None
        copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        seen = [*view.hand, *own_cards_in_pile(view), *self._revealed_on_pile()]
        if claim.count + sum(card.rank is claim.rank for card in seen) > copies:
            return Doubt((seat,))
        unseen = Counter({card: view.rules.deck_count for card in STANDARD_DECK})
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

    def _search(self, view: View, tracker: Tracker, candidates: Sequence[Action], start: float) -> Action:
        assert view.seat is not None
        sampler = Sampler(view, tracker, self.rng)
        simulator = Simulator(view, tracker, self.rng, self.depth, self.temperature)
        totals = [0.0] * len(candidates)
        deadline = start + self.budget
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            base = simulator.position(sampler.sample())
            for index, action in enumerate(candidates):
                totals[index] += simulator.value_after(base, action)
            self.rollouts += len(candidates)
            done += 1
        best = max(range(len(candidates)), key=lambda index: totals[index])
        return candidates[best]


class Sampler:
    """Deals the cards this seat cannot see, consistently with the view and weighted by the claims made."""

    def __init__(self, view: View, tracker: Tracker, rng: random.Random) -> None:
        assert view.seat is not None
        self.view, self.rng, self.seat = view, rng, view.seat
        decks = view.rules.deck_count
        pool = Counter({card: decks for card in STANDARD_DECK})
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
            card = entry.card
            if card is not None and pool[card] > 0:
                pool[card] -= 1
                self.pile.append(entry)
            else:
                self.pile.append(PileEntry(entry.seat, entry.rank, None, False, entry.play_index))
        if len(self.pile) != view.pile_size:  # a log this seat could not follow: know nothing of the pile
            self.pile = [PileEntry(-1, view.due_rank, None, False, -1) for _ in range(view.pile_size)]
        self.pool = list(pool.elements())
        self.claim = view.claim
        self.truth_rate = 0.7
        self.truth_weights = self._truth_weights(tracker) if view.claim is not None else [1.0]

    def _truth_weights(self, tracker: Tracker) -> list[float]:
        """How many of the open claim's unseen cards are true: a distribution over 0 … all of them.

        The claimant held some number of cards of the rank among the cards this seat cannot see
        (hypergeometric); it played them all (up to the claim) and filled the rest with false cards,
        adding one more false card than it needed with its bluff rate.
        """
        claim = self.claim
        assert claim is not None
        last = self.pile[-1].play_index if self.pile else -1
        slots = sum(entry.card is None for entry in self.pile if entry.play_index == last)
        weights = [0.0] * (slots + 1)
        if slots == 0:
            return [1.0]
        unknown = len(self.pool)
        of_rank = sum(card.rank is claim.rank for card in self.pool)
        hand_slots = self.view.hand_sizes[claim.seat] - len(self.known[claim.seat]) + slots
        beta = min(0.9, tracker.models[claim.seat].bluff_rate)
        for held in range(min(of_rank, hand_slots) + 1):
            chance = hypergeometric(unknown, of_rank, hand_slots, held)
            if held >= slots:
                weights[slots] += chance * (1 - beta) * (1.0 if held == slots else 0.3)
            else:
                extra = slots - held - (1 if held == 0 else 0)
                if extra >= 0:
                    weights[held] += chance * (1 - beta) * beta**extra
        if sum(weights) <= 0:
            weights[slots] = 1.0
        return weights

    @property
    def lie_chance(self) -> float:
        """Chance that the open claim holds at least one false card."""
        return 1.0 - self.truth_weights[-1] / sum(self.truth_weights)

    def sample(self) -> Position:
        rng = self.rng
        pool = self.pool[:]
        rng.shuffle(pool)
        pile: list[Card] = []
        claim = self.claim
        last = self.pile[-1].play_index if self.pile else -1
        true_left = 0
        if claim is not None:
            true_left = rng.choices(range(len(self.truth_weights)), self.truth_weights)[0]
        for entry in self.pile:
            card = entry.card
            if card is None:
                if claim is not None and entry.play_index == last:
                    card = take(pool, entry.rank, true_left > 0)
                    true_left -= 1
                else:
                    card = take(pool, entry.rank, rng.random() < self.truth_rate)
            pile.append(card)
        hands: list[list[Card]] = []
        for other, size in enumerate(self.view.hand_sizes):
            if other == self.seat:
                hands.append(list(self.view.hand))
                continue
            known = self.known[other][:size]
            missing = size - len(known)
            if missing > 0:
                hands.append(known + pool[len(pool) - missing :])
                del pool[len(pool) - missing :]
            else:
                hands.append(known)
        position_claim = None
        if claim is not None:
            position_claim = (claim.seat, tuple(pile[len(pile) - claim.count :]), claim.rank)
        return Position(hands, pile, position_claim)


def take(pool: list[Card], rank: Rank, of_rank: bool) -> Card:
    """Remove and return a card of ``rank`` (or of another rank) from the shuffled pool, any card if none."""
    for index in range(len(pool) - 1, -1, -1):
        if (pool[index].rank is rank) is of_rank:
            return pool.pop(index)
    return pool.pop()


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> float:
    """Chance of exactly ``hits`` successes in ``draws`` draws without replacement."""
    if hits > successes or hits > draws or draws - hits > population - successes or draws > population:
        return 0.0
    return (
        math.comb(successes, hits) * math.comb(population - successes, draws - hits) / math.comb(population, draws)
    )


class Simulator:
    """Plays sampled positions forward through the engine's fast door with quick policies for every seat."""

    def __init__(
        self, view: View, tracker: Tracker, rng: random.Random, depth: int | None, temperature: float
    ) -> None:
        assert view.seat is not None
        self.view, self.rng, self.seat = view, rng, view.seat
        self.rules: Rules = view.rules
        self.copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        self.cap = view.rules.max_cards_per_play or 10_000
        self.v3 = view.rules.play_on_for_places
        players = view.rules.players
        active = players - len(view.places) if self.v3 else players
        self.depth = depth if depth is not None else 2 * active + 2
        self.temperature = temperature
        self.distance = own_turn_distances(max(active, 1), view.rules.ascending)
        self.bluff = [model.bluff_rate for model in tracker.models]
        self.doubt = [model.doubt_rate for model in tracker.models]
        self.bluff[self.seat] = 0.25
        self.doubt[self.seat] = 0.1

    def position(self, sample: Position) -> Game:
        """A game in the sampled position: hands and pile as sampled, the view's turn, rank, phase and claim."""
        view = self.view
        game = Game(self.rules, sample.hands, 0, None)
        game._pile = sample.pile
        game._due = view.due_rank
        game._to_play = view.to_play
        game._phase = view.phase
        game._claim = sample.claim
        game._places = list(view.places)
        game._active = [seat not in view.places for seat in range(self.rules.players)]
        if view.claim is not None:
            game._declined = {
                seat
                for seat in range(self.rules.players)
                if seat != view.claim.seat and game._active[seat] and seat not in view.awaiting
            }
        return game

    def value_after(self, base: Game, action: Action) -> float:
        game = base.copy()
        places = len(game._places)
        if isinstance(action, Play):
            game.play_unchecked(action.seat, action.cards, game._due)
        else:
            self._window(game, self.seat if isinstance(action, Doubt) else None, self.seat)
        return self._rollout(game, places)

    def _window(self, game: Game, forced: int | None, skip: int | None) -> None:
        """One decision round of a doubt window: every other seat still in decides together (R9)."""
        claim = game._claim
        assert claim is not None
        claimant, cards, rank = claim
        count = len(cards)
        hands, rng, active = game._hands, self.rng, game._active
        doubters = [] if forced is None else [forced]
        for seat in range(self.rules.players):
            if seat == claimant or seat == skip or not active[seat] or seat in game._declined:
                continue
            held = 0
            for card in hands[seat]:
                if card.rank is rank:
                    held += 1
            if held + count > self.copies or rng.random() < self.doubt[seat] * count:
                doubters.append(seat)
        if doubters:
            game.doubt_unchecked(doubters)
        else:
            game.close_window_unchecked()

    def _rollout(self, game: Game, places: int) -> float:
        turns = 0
        while game._phase is not Phase.OVER and len(game._places) == places and turns < self.depth:
            if game._phase is Phase.PLAY:
                seat = game._to_play
                game.play_unchecked(seat, self._quick_play(game._hands[seat], game._due, self.bluff[seat]), game._due)
                turns += 1
            else:
                self._window(game, None, None)
        if len(game._places) > places:
            return 1.0 if game._places[places] == self.seat else 0.0
        return self._evaluate(game)

    def _quick_play(self, hand: list[Card], due: Rank, bluff: float) -> tuple[Card, ...]:
        """Every due card; with none, the card due last at this seat's turns; sometimes one bluff more."""
        truthful = [card for card in hand if card.rank is due]
        if len(truthful) == len(hand):
            return tuple(truthful[: self.cap])
        distance = self.distance[due.value]
        if not truthful:
            return (max(hand, key=lambda card: distance[card.rank.value]),)
        if len(truthful) + 1 < len(hand) and len(truthful) < self.cap and self.rng.random() < bluff:
            spare = max((card for card in hand if card.rank is not due), key=lambda card: distance[card.rank.value])
            return (*truthful, spare)
        return tuple(truthful[: self.cap])

    def _evaluate(self, game: Game) -> float:
        """Chance to finish first among the seats still in, guessed from hand sizes alone."""
        temperature = self.temperature
        weights = [
            math.exp(-len(hand) / temperature) if active else 0.0
            for hand, active in zip(game._hands, game._active, strict=True)
        ]
        return weights[self.seat] / sum(weights)
