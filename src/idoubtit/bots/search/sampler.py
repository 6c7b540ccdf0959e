"""Dealing the cards the search bot's seat cannot see, consistently with its view.

The pile's face-down cards are of their claimed rank as often as each claimant's record says; then each
opponent gets the cards it surely holds, then each card it is believed to hold (the face-down cards of
undoubted claims it took with a pile) is of its claimed rank with the adaptive model's trust in that
claimant (:meth:`AdaptiveBot.belief <idoubtit.bots.adaptive.AdaptiveBot.belief>`), and the rest of the
hand is drawn at random from what is left. The open claim is false with the model's chance.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from idoubtit.bots.adaptive import Belief
from idoubtit.bots.maths import hypergeometric
from idoubtit.bots.search.ledger import Ledger, PileEntry
from idoubtit.bots.search.params import SearchParams
from idoubtit.engine import STANDARD_DECK, Card, Claim, Rank, View

#: Per opponent, the cards it is believed to hold beyond its known ones: (claimed rank, trust) each.
Believed = dict[int, tuple[tuple[Rank, float], ...]]


@dataclass
class Position:
    """A sampled deal that matches the view: every hand, the pile, and the open claim's cards."""

    hands: list[list[Card]]
    pile: list[Card]
    owners: list[int]  # who put each pile card down (-1: unknown)
    claim: tuple[int, tuple[Card, ...], Rank] | None


def believed_cards(belief: Belief, claim: Claim | None) -> Believed:
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


class Sampler:
    """Deals the cards this seat cannot see, consistently with the view and weighted by the claims made.

    ``believed`` (:func:`believed_cards`) is the adaptive model's belief of what each hand holds beyond
    its known cards; each believed card is dealt, of its rank, with its trust, before the rest of the
    hand is drawn blindly (R8: a pile taken is mostly what was claimed for it). ``lie`` is the chance
    that the open claim is false, when the caller knows better than the count. ``voids``, per seat, are
    ranks its hand holds none of as far as the caller can tell; its draw passes such cards by.
    """

    def __init__(
        self,
        view: View,
        ledger: Ledger,
        rng: random.Random,
        lie: float | None = None,
        believed: Believed | None = None,
        voids: Sequence[frozenset[Rank]] | None = None,
    ) -> None:
        assert view.seat is not None
        self.view, self.rng, self.seat = view, rng, view.seat
        self.params: SearchParams = ledger.params
        self.believed = believed or {}
        self.ledger = ledger
        pool = Counter(dict.fromkeys(STANDARD_DECK, view.rules.deck_count))
        pool.subtract(view.hand)
        self.known = self._known_cards(pool)
        self.pile = self._pile_entries(pool)
        self.pool = list(pool.elements())
        #: Per seat, the ranks it holds none of as far as its plays tell (given by the caller: the search
        #: bot's ``voids`` option); the seats with the most of them are dealt first, so that they can pass
        #: those cards by.
        seats = range(len(view.hand_sizes))
        self.voids = list(voids) if voids is not None else [frozenset() for _ in seats]
        self.deal_order = sorted(seats, key=lambda seat: -len(self.voids[seat]))
        self.claim = view.claim
        self.groups: dict[int, list[float]] = {}
        for entry in self.pile:
            if entry.card is None and entry.play_index not in self.groups:
                self.groups[entry.play_index] = self._truth_weights(entry.play_index)
        last = self.pile[-1].play_index if self.pile else -1
        self.truth_weights = self.groups.get(last, [1.0]) if view.claim is not None else [1.0]
        if lie is not None and len(self.truth_weights) > 1:
            self.truth_weights = rescaled(self.truth_weights, lie)
            self.groups[last] = self.truth_weights

    def _known_cards(self, pool: Counter[Card]) -> list[list[Card]]:
        """Each opponent's known cards that are still unseen by this seat (taken out of ``pool``)."""
        known: list[list[Card]] = []
        for other, cards in enumerate(self.ledger.known):
            kept = []
            for card in cards if other != self.seat else []:
                if pool[card] > 0:
                    pool[card] -= 1
                    kept.append(card)
            known.append(kept)
        return known

    def _pile_entries(self, pool: Counter[Card]) -> list[PileEntry]:
        """The pile as far as this seat knows it (known cards taken out of ``pool``)."""
        pile: list[PileEntry] = []
        for entry in self.ledger.pile:
            if entry.card is not None and pool[entry.card] > 0:
                pool[entry.card] -= 1
                pile.append(entry)
            else:
                pile.append(PileEntry(entry.seat, entry.rank, None, False, entry.play_index))
        if len(pile) != self.view.pile_size:  # a log this seat could not follow: know nothing of the pile
            pile = [PileEntry(-1, self.view.due_rank, None, False, -1) for _ in range(self.view.pile_size)]
        return pile

    def _truth_weights(self, play_index: int) -> list[float]:
        """How many of a play's unseen cards are true: a distribution over 0 … all of them.

        The shape comes from the count (:meth:`_counted_weights`). The chance that the play is false at
        all comes from the player's record (:meth:`StyleModel.lie_rate
        <idoubtit.bots.search.ledger.StyleModel.lie_rate>`), since players who bluff by plan bluff exactly
        where the count finds a claim plausible; the count decides only when it all but proves the claim
        false.
        """
        group = [entry for entry in self.pile if entry.play_index == play_index]
        slots = sum(entry.card is None for entry in group)
        seat = group[0].seat
        if slots == 0:
            return [1.0]
        if seat < 0:
            return [self.params.unknown_play_weight] * (slots + 1)
        weights = self._counted_weights(play_index, slots, seat, group[0].rank)
        return scaled_to_record(weights, self.ledger.models[seat].lie_rate(len(group)), self.params)

    def _counted_weights(self, play_index: int, slots: int, seat: int, rank: Rank) -> list[float]:
        """The count's shape of how many of a play's ``slots`` unseen cards are true: the claimant held
        some number of cards of the rank among the cards this seat cannot see (hypergeometric), played
        them all (up to the claim) and filled the rest with false cards, one more than it needed at its
        bluff rate."""
        weights = [0.0] * (slots + 1)
        of_rank, unknown = self._unseen_in_hands(play_index, rank)
        hand_slots = max(slots, self.view.hand_sizes[seat] - len(self.known[seat]) + slots)
        beta = min(self.params.max_padding, self.ledger.models[seat].bluff_rate)
        hold_back = self.params.hold_back
        for held in range(min(of_rank, hand_slots) + 1):
            chance = hypergeometric(unknown, of_rank, hand_slots, held)
            if held >= slots:
                weights[slots] += chance * (1 - beta) * (1.0 if held == slots else hold_back)
            else:
                extra = slots - held - (1 if held == 0 else 0)
                if extra >= 0:
                    weights[held] += chance * (1 - beta) * beta**extra
        if sum(weights) <= 0:
            weights[slots] = 1.0
        return weights

    def _unseen_in_hands(self, play_index: int, rank: Rank) -> tuple[int, int]:
        """The unseen cards that are in hands, not on the pile (the pile's other unseen cards are mostly
        of the ranks claimed for them): how many are of ``rank``, and how many there are."""
        of_rank = sum(card.rank is rank for card in self.pool)
        elsewhere = [entry for entry in self.pile if entry.card is None and entry.play_index != play_index]
        share = of_rank / max(1, len(self.pool))
        truth = self.params.pile_truth
        on_pile = sum(truth if entry.rank is rank else (1 - truth) * share for entry in elsewhere)
        unknown = len(self.pool) - len(elsewhere)
        return max(0, min(unknown, round(of_rank - on_pile))), unknown

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
        pool = self.pool[:]
        self.rng.shuffle(pool)
        pile, owners = self._deal_pile(pool, self._true_cards(claim_true))
        sizes = self.view.hand_sizes
        hands: list[list[Card]] = [[] for _ in sizes]
        for other in self.deal_order:
            if other == self.seat:
                hands[other] = list(self.view.hand)
                continue
            known = self._believed_hand(other, sizes[other], pool)
            missing = sizes[other] - len(known)
            hands[other] = known + self._draw(pool, missing, self.voids[other]) if missing > 0 else known
        claim = self.claim
        position_claim = None
        if claim is not None:
            position_claim = (claim.seat, tuple(pile[len(pile) - claim.count :]), claim.rank)
        return Position(hands, pile, owners, position_claim)

    def _true_cards(self, claim_true: bool | None) -> dict[int, int]:
        """For each play on the pile with unseen cards, how many of them are true in this deal."""
        rng = self.rng
        true_left = {index: rng.choices(range(len(weights)), weights)[0] for index, weights in self.groups.items()}
        if claim_true is not None and self.claim is not None and self.pile:
            weights = self.truth_weights
            if claim_true:
                true_left[self.pile[-1].play_index] = len(weights) - 1
            else:
                true_left[self.pile[-1].play_index] = rng.choices(range(len(weights) - 1), weights[:-1])[0]
        return true_left

    def _deal_pile(self, pool: list[Card], true_left: dict[int, int]) -> tuple[list[Card], list[int]]:
        """The pile's cards (its unseen ones taken from ``pool``) and who put each down."""
        pile: list[Card] = []
        owners: list[int] = []
        for entry in self.pile:
            card = entry.card
            if card is None:
                left = true_left[entry.play_index]
                card = take(pool, entry.rank, left > 0)
                true_left[entry.play_index] = left - 1
            pile.append(card)
            owners.append(entry.seat)
        return pile, owners

    def _draw(self, pool: list[Card], count: int, void: frozenset[Rank]) -> list[Card]:
        """``count`` cards from the end of the shuffled ``pool``; a card of a rank in ``void`` is passed
        over with chance ``void_strength`` (left for the others), unless too few cards are left."""
        strength = self.params.void_strength
        if not void or strength <= 0.0:
            drawn = pool[len(pool) - count :]
            del pool[len(pool) - count :]
            return drawn
        rng = self.rng
        kept: list[int] = []
        for index in range(len(pool) - 1, -1, -1):
            if len(kept) == count:
                break
            if pool[index].rank in void and rng.random() < strength:
                continue
            kept.append(index)
        if len(kept) < count:  # too few cards of other ranks: the nearest passed-over ones after all
            taken = set(kept)
            kept += [index for index in range(len(pool) - 1, -1, -1) if index not in taken][: count - len(kept)]
        drawn = [pool[index] for index in kept]
        for index in sorted(kept, reverse=True):
            del pool[index]
        return drawn

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


def scaled_to_record(weights: list[float], seen: float, params: SearchParams) -> list[float]:
    """The count's ``weights`` over how many of a play's cards are true (the last: all of them),
    rescaled so that the play is false as often as the claimant's record says (``seen``), unless the
    count is all but sure.

    What this seat believes others hold can be stale (they may have bluffed those cards away), so the
    count alone never makes a claim certain (at most ``max_counted_lie``): only the bot's settled
    answers' hard facts do.
    """
    slots = len(weights) - 1
    total = sum(weights)
    counted = 1.0 - weights[slots] / total
    lie = seen + (counted - seen) * max(0.0, (counted - params.count_trusted) / params.count_span)
    lie = min(lie, params.max_counted_lie)
    if counted <= 0.0:
        return weights
    if counted >= 1.0:  # no true version is possible by the count: allow one, at its chance
        weights[slots] = sum(weights) * (1.0 - lie) / max(lie, 1e-9)
        return weights
    scale_lie, scale_true = lie / counted, (1.0 - lie) / (1.0 - counted)
    return [weight * scale_lie for weight in weights[:slots]] + [weights[slots] * scale_true]


def rescaled(weights: list[float], lie: float) -> list[float]:
    """``weights`` over how many of a play's cards are true (the last: all of them), rescaled so that
    the play is false with chance ``lie``; the shape of the false part is kept."""
    false_part = sum(weights[:-1])
    lie = min(max(lie, 0.0), 1.0)
    if false_part <= 0.0:
        false_weights = [0.0] * (len(weights) - 2) + [1.0]
    else:
        false_weights = [weight / false_part for weight in weights[:-1]]
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
