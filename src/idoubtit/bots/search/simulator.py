"""The search bot's rollouts: a sampled position played on with quick policies for every seat.

Rollouts keep their own state (:class:`State`, counts by rank) rather than a
:class:`~idoubtit.engine.Game`: suits never matter to the rules, and counts copy and update in a few
steps. The rules they apply (R4, R8, R9, R10, D1, D2, D4) are the transitions :meth:`Simulator.play_cards`,
:meth:`Simulator.settle` and the turn order of :attr:`Simulator.order`; a property test plays thousands
of random games through them and through the engine's :class:`~idoubtit.engine.Game` and compares every
step (tests/bots/test_search_rules.py).

In the first window after our play each opponent doubts with the adaptive model's chance (or surely,
if its sampled cards prove the claim false); later on, as its fitted style says. A rollout stops after
one round and two turns (or when a seat goes out) and is scored by :class:`~idoubtit.bots.search.leaf.LeafScore`.
"""

from __future__ import annotations

import random

from idoubtit.bots.maths import advance, counting_reader, own_turn_distances
from idoubtit.bots.search.leaf import LeafScore
from idoubtit.bots.search.ledger import Ledger
from idoubtit.bots.search.params import PROOF_ONLY, SearchParams
from idoubtit.bots.search.sampler import Position
from idoubtit.engine import STANDARD_DECK, Action, Doubt, Play, View
from idoubtit.engine.cards import sort_key
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

#: Each card's rank value, read without going through the enum (the rollouts' hottest lookup).
#: Indexed by the card's number (``sort_key``, which is also its place in ``STANDARD_DECK``): hashing a card
#: runs Python code, an index into a list does not.
VALUE = [card.rank.value for card in STANDARD_DECK]
#: The most cards a hand can hold (the doubt bar's rise is looked up by hand size, up to this).
MOST_CARDS = 1000


class State:
    """A sampled position as the rollouts play it: only ranks matter to the rules, so every hand and
    the pile are counts by rank value (index 1 … 13), which copy and update in a few steps.

    ``active`` (the seats still in) is a tuple: no rollout changes it, so copies may share it.
    """

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
        active: tuple[bool, ...],
        claim: tuple[int, int, int, int] | None,
    ) -> None:
        self.hands = hands
        self.sizes = [sum(hand) for hand in hands]
        self.pile = pile
        self.pile_size = sum(pile)
        #: ``owned[seat][value]``: cards of the rank that seat put on the pile (it knows its discards).
        self.owned = owned
        self.owned_total = [sum(counts) for counts in owned]
        self.due = due
        self.to_play = to_play
        self.active = tuple(active)
        #: The open claim: (claimant, cards, rank value, false cards among them), or None.
        self.claim = claim
        #: The seat that went out, once one has (-1 before).
        self.finished = -1

    def copy(self) -> State:
        """A state that shares nothing mutable with this one."""
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

    Per seat the state keeps how many cards of each rank that seat has put on the pile: a seat knows
    its own discards, and with them it can prove claims false (the honest rule of doubt). ``answers``
    gives, for a play of this seat by the number of cards claimed, each seat's chance to doubt it when it
    cannot prove it false (from the adaptive bot's model of how each opponent doubts).
    """

    def __init__(
        self,
        view: View,
        ledger: Ledger,
        params: SearchParams,
        answers: dict[int, list[float]] | None = None,
        blind: list[float] | None = None,
    ) -> None:
        assert view.seat is not None
        self.view, self.seat, self.params = view, view.seat, params
        self.rng = random.Random()
        rules = view.rules
        self.players = rules.players
        self.copies = RANK_COPIES_PER_DECK * rules.deck_count
        self.cap = rules.max_cards_per_play or 10_000
        self.total = rules.card_count
        seats_in = self.players - len(view.places)
        self.depth = params.depth if params.depth is not None else seats_in + 2
        self.rank_distance = bluff_distances(max(seats_in, 1), rules.ascending)
        self.next_value = [0] + [advance(value, 1, rules.ascending) for value in range(1, 14)]
        #: ``order[claimant]``: the other seats, nearest to the claimant's left first (D1, R9).
        self.order = [
            tuple((claimant + offset) % self.players for offset in range(1, self.players))
            for claimant in range(self.players)
        ]
        self.bluff = [model.bluff_rate for model in ledger.models]
        self.styles = [model.style for model in ledger.models]
        self.bluff[self.seat] = params.own_padding
        self.styles[self.seat] = params.own_style
        self.false_chance = counting_reader(params.padding, params.bluffing, params.hold_back)
        #: doubt_threshold's rise for a doubter holding 0, 1, 2, … cards.
        self.own_bar = [
            params.own_near_out[size] if size < len(params.own_near_out) else 0.0 for size in range(MOST_CARDS)
        ]
        self.no_doubt_chance = 1.0 - params.unseen_proof
        self.root_located = root_located(view, ledger)
        self.active = tuple(seat not in view.places for seat in range(self.players))
        self.answers = answers or {}
        #: Each seat's share of claims it doubts whatever its count says (all 0 unless given).
        self.blind = blind or [0.0] * self.players
        self.declined = already_declined(view, self.active)
        self.leaf = LeafScore(self.seat, self.players, self.cap, rules.ascending, params)

    # ----------------------------------------------------------------------------------------------
    # Positions and results

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
        """The result for this seat of ``action`` in the sampled position, played on by the quick
        policies; ``base`` itself is left as it was."""
        self.rng.seed(seed)
        state = base.copy()
        if isinstance(action, Play):
            counts = [0] * 14
            for index in map(sort_key, action.cards):
                counts[VALUE[index]] += 1
            self.play_cards(state, action.seat, counts, len(action.cards))
            if state.claim is not None:
                self._first_window(state, None, None, frozenset())
        else:
            forced = self.seat if isinstance(action, Doubt) else None
            self._first_window(state, forced, self.seat, self.declined)
        return self._rollout(state)

    def _rollout(self, state: State) -> float:
        turns = 0
        while state.finished < 0 and turns < self.depth:
            if state.claim is None:
                seat = state.to_play
                counts, count = self._quick_play(state.hands[seat], state.sizes[seat], state.due, self.bluff[seat])
                self.play_cards(state, seat, counts, count)
                turns += 1
            else:
                self._window(state)
        if state.finished >= 0:
            return 1.0 if state.finished == self.seat else 0.0
        return self.leaf.evaluate(state)

    # ----------------------------------------------------------------------------------------------
    # The rules' transitions

    def play_cards(self, state: State, seat: int, counts: list[int], count: int) -> None:
        """``seat`` puts ``count`` cards down (``counts`` by rank value), announcing the due rank (R4).

        A play that empties the hand is turned up at once (R10): true, the seat has gone out; false, it
        takes the pile and the turn passes. Otherwise the claim is open for doubts.
        """
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

    def settle(self, state: State, doubter: int | None) -> None:
        """Close the open claim's window: with a doubt, whoever was wrong takes the pile (R8, D4); then
        the next seat still in plays, due the next rank (D1, D2)."""
        if doubter is not None:
            claim = state.claim
            assert claim is not None
            self._take(state, claim[0] if claim[3] else doubter)
        self._end_turn(state)

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

    # ----------------------------------------------------------------------------------------------
    # The quick policies

    def _first_window(self, state: State, forced: int | None, skip: int | None, declined: frozenset[int]) -> None:
        """The window the decision faces: every other seat still in decides together (R9), knowing
        where its own discards went (``root_located``), and by the model's chances for our own plays.
        ``forced`` already doubts; ``skip`` and ``declined`` do not answer."""
        claim = state.claim
        assert claim is not None
        claimant, count, value, false_cards = claim
        hands, active, owned = state.hands, state.active, state.owned
        copies, located, players, blind = self.copies, self.root_located, self.players, self.blind
        left = state.sizes[claimant]
        bar = self._bar(state.pile_size, left)
        beyond = copies - hands[claimant][value] - (count - false_cards)
        answers = self.answers.get(count) if claimant == self.seat else None
        doubter = forced
        eligible = 0
        for offset, seat in enumerate(self.order[claimant], 1):
            if seat == skip or not active[seat] or seat in declined:
                continue
            eligible += 1
            if doubter is not None and (doubter - claimant) % players < offset:
                continue  # a nearer seat already doubts (R9); this one only counts as eligible
            held = owned[seat][value] + hands[seat][value]
            if held + count > copies or held + count + min(located[seat], beyond - held) > copies:
                doubter = seat  # proven false by its own cards, or by what it knows of where the cards went
            elif answers is not None:
                if self.rng.random() < answers[seat]:
                    doubter = seat
            elif self._guesses_false(state, seat, held, count, left, bar) or (
                blind[seat] > 0.0 and self.rng.random() < blind[seat]
            ):
                doubter = seat  # by its count, or whatever it says (a blind doubter)
        if answers is None and doubter is None and eligible and false_cards:
            doubter = self._unseen_catch(claimant, skip, declined, active, eligible)
        self.settle(state, doubter)

    def _unseen_catch(
        self, claimant: int, skip: int | None, declined: frozenset[int], active: tuple[bool, ...], eligible: int
    ) -> int | None:
        """Others know more than this model of them (whose discards went where, which cards were turned
        up): a false claim is caught now and then even when no modelled seat can prove it."""
        if self.rng.random() >= 1.0 - self.no_doubt_chance**eligible:
            return None
        candidates = [
            seat
            for seat in range(self.players)
            if seat not in (claimant, skip) and active[seat] and seat not in declined
        ]
        return self.rng.choice(candidates)

    def _window(self, state: State) -> None:
        """A later doubt window: the nearest seat that proves the claim false or guesses it is, doubts."""
        claim = state.claim
        assert claim is not None
        claimant, count, value, _ = claim
        hands, active, owned, copies, blind = state.hands, state.active, state.owned, self.copies, self.blind
        left = state.sizes[claimant]
        bar = self._bar(state.pile_size, left)
        doubter = None
        for seat in self.order[claimant]:
            if not active[seat]:
                continue
            held = owned[seat][value] + hands[seat][value]
            if (
                held + count > copies
                or self._guesses_false(state, seat, held, count, left, bar)
                or (blind[seat] > 0.0 and self.rng.random() < blind[seat])
            ):
                doubter = seat  # the nearest doubter is the official one (R9)
                break
        self.settle(state, doubter)

    def _bar(self, pile_size: int, claimant_left: int) -> float:
        """The doubt threshold, less the style and the doubter's own hand (``own_bar``)."""
        params = self.params
        near_out = params.near_out
        rise = min(params.doubt_pile * pile_size, params.doubt_pile_cap)
        return rise - (near_out[claimant_left] if claimant_left < len(near_out) else 0.0)

    def _guesses_false(self, state: State, seat: int, held: int, count: int, left: int, bar: float) -> bool:
        """True when ``seat``'s count (holding ``held`` of the rank) finds the claim false enough to
        doubt by its style."""
        style = self.styles[seat]
        if style >= PROOF_ONLY:
            return False
        unseen = self.total - state.sizes[seat] - state.owned_total[seat]
        chance = self.false_chance(unseen, self.copies - held, left + count, count)
        return chance > style + bar + self.own_bar[state.sizes[seat]]

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


def bluff_distances(seats_in: int, ascending: bool) -> list[list[int]]:
    """For each due rank value, every rank value's distance in own turns
    (:func:`~idoubtit.bots.maths.own_turn_distances`); the due rank scores -1, so that the farthest rank
    held is a rank to bluff with."""
    distance = own_turn_distances(seats_in, ascending)
    return [[-1 if other == due else distance[due][other] for other in range(14)] for due in range(14)]


def root_located(view: View, ledger: Ledger) -> list[int]:
    """What each seat knows of where the cards of the rank now claimed (or about to be) are, outside its
    hand and the claimant's: used in the first doubt window, the one the decision faces."""
    players = view.rules.players
    claimant = view.claim.seat if view.claim is not None else view.seat
    value = view.due_rank.value
    return [
        sum(
            ledger.public[other][value] + ledger.located[seat][other][value]
            for other in range(players)
            if other not in (seat, claimant)
        )
        for seat in range(players)
    ]


def already_declined(view: View, active: tuple[bool, ...]) -> frozenset[int]:
    """The seats that have declined the open claim already (none when no claim is open)."""
    if view.claim is None:
        return frozenset()
    claimant = view.claim.seat
    return frozenset(
        seat for seat in range(view.rules.players) if seat != claimant and active[seat] and seat not in view.awaiting
    )
