"""Card counting from one seat's view: where each card is known to be, and how likely a claim is.

A :class:`Tracker` reads the log of a :class:`~idoubtit.engine.View` and keeps, as exactly as the
events allow:

* for every seat, the cards we *know* it holds: cards turned face up (R8/R10) that it then took with a
  pile, and the cards we put on a pile it took (our own plays are the only face-down cards we see);
* the cards we know are in the current pile: our own plays since it was last taken, and under V3 a
  finished player's last play, which was turned up and stays there;
* our own hand (read off the view each time);
* for every seat, the cards it is only *believed* to hold: the face-down cards of other players'
  claims that nobody doubted, taken with a pile. A pile is not a random sample of the deck: most of it
  is what was claimed ("two Queens" put down are usually two Queens). Each such card keeps the chance
  that its claim was true (its *trust*, from :attr:`Tracker.trust`, which a bot can tune per claimant).

What is *not* known must not be counted as known. A face-down play that nobody doubts hides which
cards left the hand; the tracker assumes that a player holding known (or believed) cards of the rank it
announces put those down, since a player who holds the due rank has no reason to keep it back. Known
cards moved that way are marked *assumed*; when we pick the pile up ourselves we see its cards and put
back any assumption the pickup proves wrong. When a hand becomes smaller than what we think we know of
it, believed cards are forgotten first, then known ones (those a bluffer sheds first, the ranks due
last on its turns). Anything forgotten returns to the unseen pool, so an error costs accuracy, never a
count that goes negative.

Every other card is *unseen*. With two decks (R1) eight copies of each rank exist, so a rank's unseen
count is the copies minus the ones we located (:meth:`Tracker.unseen`); under V3 a finished seat holds
nothing and is left out. A hand is then: its known cards, plus its believed cards (each of its claimed
rank with its trust), plus a uniform draw from the *pool* (the unseen cards less those expected among
believed cards) for the rest of the hand. That makes the number of cards of a rank a seat holds a
known count plus a Poisson-binomial plus a hypergeometric (:meth:`Tracker.holding_distribution`), and
the chance a claim is true its tail (:meth:`Tracker.truth_probability`). For the rank a player is
due, the draw is larger than its hand: a player keeps the cards of its next rank and bluffs away far
ones, so the cards it put down since it last announced that rank were of other ranks
(:meth:`Tracker.played_since`); without this, a player would look out of its due rank far more often
than it is.

The tracker is incremental: :meth:`Tracker.update` reads only the log entries it has not seen, so a
decision costs the same at the end of a long game as at its start. A shorter log (or a smaller step,
or a different last event) than last time means a new game, and the tracker starts over.

A tracker built with ``public=True`` ignores the secret cards of its seat's view (its own plays and
pickups): it knows what every player at the table knows, which is what an opponent reasons from when
it weighs one of our claims.
"""

from __future__ import annotations

from collections.abc import Callable

from idoubtit.bots.knowledge import sizes_before
from idoubtit.bots.maths import (
    RANK_SLOTS,
    convolve,
    fractional_pmf,
    hypergeom_pmf,
    poisson_binomial,
    rank_distances,
)
from idoubtit.engine import (
    Card,
    Event,
    Finished,
    PileTaken,
    Played,
    Rank,
    Revealed,
    View,
    WindowClosed,
    WrongRank,
)
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

#: The trust given to an undoubted claim's cards when the bot says nothing better.
DEFAULT_TRUST = 0.7
#: At most this share of a rank's unseen copies is taken as explained by beliefs (see Tracker.pool).
BELIEF_SHARE = 0.9
#: Weight of the plain count mixed into every holding distribution (see Tracker.holding_distribution).
PLAIN_SHARE = 0.1


class Tracker:
    """Where the cards are, as far as one seat's view tells (see the module docstring).

    After :meth:`update`, read :attr:`known` / :attr:`known_ranks` (cards each seat is known to hold),
    :attr:`believed` (per seat and rank value, the trusts of cards it is believed to hold),
    :attr:`pile` / :attr:`pile_ranks` (known pile cards), :meth:`unseen`, :meth:`holding_distribution`
    and :meth:`truth_probability`. :attr:`trust` maps a claimant's seat to the chance that its undoubted
    claim was true; set it before updating to use a model of the players.
    """

    def __init__(self, public: bool = False, trust: Callable[[int], float] | None = None, voids: bool = False) -> None:
        self.public = public
        #: Read a hand as holding none of a rank its seat announced since it last took a pile (see
        #: :meth:`holding_distribution`); off, every hand's unexplained cards are drawn from the pool alike.
        self.void_aware = voids
        self.trust: Callable[[int], float] = trust or (lambda seat: DEFAULT_TRUST)
        #: How many games this tracker has started (a bot keeping its own records resets them when it grows).
        self.games = 0
        #: The log entries the last update read (for bots that learn from the same events).
        self.fresh: tuple[Event, ...] = ()
        self._reset(None, 0, 1)

    def _reset(self, seat: int | None, players: int, decks: int) -> None:
        self.seat = seat
        self.players = players
        self.copies = RANK_COPIES_PER_DECK * decks
        self.processed = 0
        self.last_event: Event | None = None
        self.step = -1
        self.sizes = [0] * players
        self.active = [True] * players
        #: Cards each seat is known to hold (our own seat's stays empty unless public: read the hand).
        self.known: list[dict[Card, int]] = [{} for _ in range(players)]
        self.known_ranks = [[0] * RANK_SLOTS for _ in range(players)]
        self.known_total = [0] * players
        #: Sum of known_ranks over every seat, kept up to date so unseen counts are cheap.
        self.others_ranks = [0] * RANK_SLOTS
        #: Believed cards: per seat and rank value, the trust of each card it took from undoubted claims.
        self.believed: list[list[list[float]]] = [[[] for _ in range(RANK_SLOTS)] for _ in range(players)]
        self.believed_count = [0] * players
        #: Each seat's plays that kept their cards off its hand: (announced rank value, cards not known
        #: or believed beforehand), for :meth:`played_since`.
        self.plays: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        #: Per seat, the rank values it announced since it last took a pile (or since the deal).
        self.voids: list[set[int]] = [set() for _ in range(players)]
        self.believed_mass = [0.0] * players
        #: Expected true cards among all believed cards (and the pile's undoubted claims), by rank value.
        self.belief_ranks = [0.0] * RANK_SLOTS
        self.pile: dict[Card, int] = {}
        self.pile_ranks = [0] * RANK_SLOTS
        self.pile_known = 0
        self.pile_size = 0
        #: The pile's face-down cards from undoubted claims: (rank value, trust, the seat that put it down)
        #: per card (that seat knows what they are: see :meth:`claims_on_pile`).
        self.pile_claims: list[tuple[int, float, int]] = []
        #: Pile cards that are only assumed (see the module docstring), with the seat they came from.
        self.assumed: list[tuple[int, Card]] = []
        self.hand_ranks = [0] * RANK_SLOTS
        self.hand_total = 0
        self.pending: Played | None = None
        self.due = Rank.ACE
        self.ascending = False
        self._refresh()

    # ----------------------------------------------------------------------------------------------
    # Reading the log

    def update(self, view: View) -> None:
        """Read the log entries not read yet (starting over if the view belongs to a new game)."""
        log = view.log
        if (
            view.step < self.step
            or len(log) < self.processed
            or (self.processed and log[self.processed - 1] != self.last_event)
            or view.seat != self.seat
            or self.players != view.rules.players
        ):
            self._reset(view.seat, view.rules.players, view.rules.deck_count)
            self.games += 1
        self.step = view.step
        self.ascending = view.rules.ascending
        self.due = view.due_rank
        new = log[self.processed :]
        self.processed = len(log)
        self.fresh = new
        if new:
            self.last_event = log[-1]
            # Hand sizes at the first new event: undo the new events' effects on the current sizes.
            self.sizes = sizes_before(view.hand_sizes, new)
            for event in new:
                self._read(event)
        self.sizes = list(view.hand_sizes)
        self.pile_size = view.pile_size
        hand_ranks = [0] * RANK_SLOTS
        if not self.public:
            for card in view.hand:
                hand_ranks[card.rank] += 1
        self.hand_ranks = hand_ranks
        self.hand_total = sum(hand_ranks)
        self._refresh()

    def start_over(self) -> None:
        """Forget this game: the next update reads its view as the start of a new one."""
        self._reset(None, 0, 1)

    def _mine(self, seat: int) -> bool:
        return not self.public and seat == self.seat

    def _read(self, event: Event) -> None:
        """Take one event into account (for every new log entry)."""
        if isinstance(event, Played):
            self.sizes[event.seat] -= event.count
            self.pile_size += event.count
            if self._mine(event.seat):
                assert event.cards is not None
                for card in event.cards:
                    self._add_pile(card)
            else:
                self.pending = event
        elif isinstance(event, Revealed):
            self._read_reveal(event)
        elif isinstance(event, WrongRank):
            self.pending = None  # R7: the cards go back to their owner with the pile
        elif isinstance(event, WindowClosed):
            self._read_hidden_play()
        elif isinstance(event, PileTaken):
            self._read_pickup(event)
        elif isinstance(event, Finished):
            self.active[event.seat] = False
            self._forget(event.seat, self.known_total[event.seat] + self.believed_count[event.seat])

    def _read_reveal(self, event: Revealed) -> None:
        """Face-up cards (R8/R10) are known; they were known or believed cards of the claimant, or not."""
        self.pending = None
        if self._mine(event.seat):
            return  # our own cards, already counted in the pile
        seat = event.seat
        unexplained = 0
        for card in event.cards:
            if self.known[seat].get(card, 0) > 0:
                self._remove_known(seat, card)
            elif self.believed[seat][card.rank]:
                self._drop_believed(seat, card.rank)
            else:
                unexplained += 1
            self._add_pile(card)
        if event.truthful:  # a caught lie goes back to its owner with the pile
            self.plays[seat].append((event.rank, unexplained))
            self.voids[seat].add(event.rank)
        # A truthful last play under V3 stays on the pile, known; otherwise a pickup follows.

    def _read_hidden_play(self) -> None:
        """A play nobody doubted: its known, then believed, cards of the announced rank went down first."""
        play = self.pending
        self.pending = None
        if play is None:
            return
        seat, value = play.seat, play.rank
        self.voids[seat].add(value)  # from now on: while the claim is open, it is read by the hand before it
        known = self.known[seat]
        moved = 0
        if self.known_ranks[seat][value]:
            for card in [card for card in known if card.rank is play.rank]:
                while moved < play.count and known.get(card, 0) > 0:
                    self._remove_known(seat, card)
                    self._add_pile(card)
                    self.assumed.append((seat, card))
                    moved += 1
        explained = moved
        while explained < play.count and self.believed[seat][value]:
            self._drop_believed(seat, value)
            explained += 1
        trust = self.trust(seat)
        for _ in range(play.count - moved):
            self.pile_claims.append((value, trust, seat))
            self.belief_ranks[value] += trust
        unexplained = play.count - explained
        self.plays[seat].append((value, unexplained))
        if unexplained > 0:
            # Some cards came from elsewhere in the hand: as bluffs (chance 1 - trust) any card we
            # thought it kept may be among them, so none of them is certain any more.
            remaining = self.sizes[seat] + unexplained
            self._demote(seat, 1.0 - (1.0 - trust) * unexplained / max(remaining, 1))
        self._trim(seat)

    def _demote(self, seat: int, keep: float) -> None:
        """Turn ``seat``'s known cards into believed ones kept with chance ``keep``; scale its beliefs too."""
        for card, count in list(self.known[seat].items()):
            for _ in range(count):
                self._remove_known(seat, card)
                self._add_believed(seat, card.rank, keep)
        if keep >= 1.0:
            return
        for value in range(1, RANK_SLOTS):
            cards = self.believed[seat][value]
            if cards:
                before = sum(cards)
                cards[:] = [trust * keep for trust in cards]
                self.believed_mass[seat] -= before * (1.0 - keep)
                self.belief_ranks[value] -= before * (1.0 - keep)

    def _trim(self, seat: int) -> None:
        excess = self.known_total[seat] + self.believed_count[seat] - self.sizes[seat]
        if excess > 0:
            self._forget(seat, excess)

    def _forget(self, seat: int, count: int) -> None:
        """Forget ``count`` cards of ``seat``: believed cards first, then the known cards a bluffer
        would shed first (the ranks due last)."""
        distance = rank_distances(self.due, max(sum(self.active), 1), self.ascending)
        order = sorted(range(1, RANK_SLOTS), key=lambda value: -distance[value])
        for value in order:
            while count > 0 and self.believed[seat][value]:
                self._drop_believed(seat, value)
                count -= 1
        for card in sorted(self.known[seat], key=lambda card: -distance[card.rank]):
            while count > 0 and self.known[seat].get(card, 0) > 0:
                self._remove_known(seat, card)
                count -= 1

    def _read_pickup(self, event: PileTaken) -> None:
        self.pending = None
        taker = event.seat
        self.sizes[taker] += event.count
        self.voids[taker] = set()  # a pile may hold any rank
        if self._mine(taker):
            if event.cards is not None:
                self._check_assumptions(event.cards)
            for value, trust, _ in self.pile_claims:
                self.belief_ranks[value] -= trust
        else:
            for card, count in self.pile.items():
                for _ in range(count):
                    self._add_known(taker, card)
            for value, trust, _ in self.pile_claims:
                self._add_believed(taker, value, trust, counted=True)
        self.pile = {}
        self.pile_ranks = [0] * RANK_SLOTS
        self.pile_known = 0
        self.pile_size = 0
        self.pile_claims = []
        self.assumed = []

    def _check_assumptions(self, taken: tuple[Card, ...]) -> None:
        """We see the pile we took: an assumed card that is not in it is still with its owner."""
        left: dict[Card, int] = {}
        for card in taken:
            left[card] = left.get(card, 0) + 1
        for card, count in self.pile.items():
            left[card] = left.get(card, 0) - count
        for _, card in self.assumed:
            left[card] = left.get(card, 0) + 1  # the assumed ones are in self.pile too: count them once
        for seat, card in self.assumed:
            if left.get(card, 0) > 0:
                left[card] -= 1
            elif self.active[seat] and self.known_total[seat] < self.sizes[seat]:
                self._add_known(seat, card)

    # ----------------------------------------------------------------------------------------------
    # Book-keeping

    def _add_known(self, seat: int, card: Card) -> None:
        self.known[seat][card] = self.known[seat].get(card, 0) + 1
        self.known_ranks[seat][card.rank] += 1
        self.known_total[seat] += 1
        self.others_ranks[card.rank] += 1

    def _remove_known(self, seat: int, card: Card) -> None:
        left = self.known[seat][card] - 1
        if left:
            self.known[seat][card] = left
        else:
            del self.known[seat][card]
        self.known_ranks[seat][card.rank] -= 1
        self.known_total[seat] -= 1
        self.others_ranks[card.rank] -= 1

    def _add_believed(self, seat: int, value: int, trust: float, counted: bool = False) -> None:
        """``seat`` is believed to hold a card of rank ``value`` (``counted``: its trust is already in
        :attr:`belief_ranks`, as for a claim moving from the pile to a hand)."""
        self.believed[seat][value].append(trust)
        self.believed_count[seat] += 1
        self.believed_mass[seat] += trust
        if not counted:
            self.belief_ranks[value] += trust

    def _drop_believed(self, seat: int, value: int) -> None:
        """Forget the most trusted believed card of rank ``value`` of ``seat`` (it is the likeliest played)."""
        cards = self.believed[seat][value]
        trust = max(cards)
        cards.remove(trust)
        self.believed_count[seat] -= 1
        self.believed_mass[seat] -= trust
        self.belief_ranks[value] -= trust

    def _add_pile(self, card: Card) -> None:
        self.pile[card] = self.pile.get(card, 0) + 1
        self.pile_ranks[card.rank] += 1
        self.pile_known += 1

    # ----------------------------------------------------------------------------------------------
    # What follows from it

    def _refresh(self) -> None:
        """Work out the unseen counts and the pool once per update (every question below reads them)."""
        copies, hand, pile, others, belief = (
            self.copies,
            self.hand_ranks,
            self.pile_ranks,
            self.others_ranks,
            self.belief_ranks,
        )
        unseen = [0] * RANK_SLOTS
        pool = [0.0] * RANK_SLOTS
        for value in range(1, RANK_SLOTS):
            count = max(0, copies - hand[value] - pile[value] - others[value])
            unseen[value] = count
            # Beliefs never explain every unseen copy: two players both believed to hold a rank's last
            # copy must not prove a claim false; only what we know for sure can.
            pool[value] = count - min(belief[value], BELIEF_SHARE * count)
        self._unseen = unseen
        self._unseen_total = sum(unseen)
        self._pool = pool
        self._pool_total = sum(pool)

    def unseen(self, rank: Rank) -> int:
        """Copies of ``rank`` we have not located for sure (in no known hand, not known on the pile, not ours)."""
        return self._unseen[rank]

    def unseen_total(self) -> int:
        """How many cards we have not located for sure."""
        return self._unseen_total

    def pool(self, rank: Rank) -> tuple[float, float]:
        """The uniform pool behind every hand's unexplained cards: (cards of ``rank`` in it, all cards in it).

        It is the unseen cards less the ones expected among believed cards (and undoubted claims on the
        pile): a believed card is of its claimed rank with its trust, and otherwise a random unseen card.
        """
        return self._pool[rank], self._pool_total

    def claims_on_pile(self, seat: int) -> list[tuple[int, float]]:
        """The face-down cards of ``seat``'s undoubted claims on the pile, as (claimed rank value, trust):
        cards every other seat can only guess at, but ``seat`` knows."""
        return [(value, trust) for value, trust, owner in self.pile_claims if owner == seat]

    def unknown_size(self, seat: int, hand_size: int | None = None) -> int:
        """How many of ``seat``'s cards (of ``hand_size``, default its hand now) we cannot name for sure."""
        size = self.sizes[seat] if hand_size is None else hand_size
        return max(0, size - self.known_total[seat])

    def holding_distribution(
        self,
        seat: int,
        rank: Rank,
        hand_size: int | None = None,
        hidden: tuple[float, float] = (0.0, 0.0),
        played: int = 0,
        played_back: bool = False,
        unbelieved: tuple[float, float] = (0.0, 0.0),
    ) -> tuple[int, tuple[float, ...]]:
        """How many cards of ``rank`` ``seat`` holds, out of ``hand_size`` (default: its hand now).

        Returns the number known for sure and the pmf of the rest: its believed cards of the rank (each
        true with its trust) plus a hypergeometric draw from :meth:`pool` for the cards neither known nor
        explained by a claim. ``hidden`` takes (cards of the rank, cards) out of the pool first: what
        someone else knows it holds (used to see a claim through an opponent's eyes). ``played`` cards
        the seat put down are known not to be of the rank (:meth:`played_since`): its cards of the rank
        are then those of a draw that much larger, capped at what it holds. With ``played_back`` that
        larger draw is taken from the pool with those cards put back (none of them of the rank): the hand
        it was drawn from held them, though the pool no longer does. ``unbelieved`` gives back to the
        pool the beliefs (of the rank, in all) about cards that ``hidden`` counts as known: an observer
        who put those cards down knows them, so it does not guess at them.
        """
        value = rank
        size = self.sizes[seat] if hand_size is None else hand_size
        in_pool, pool_total = self.pool(rank)
        in_pool = min(max(0.0, in_pool + unbelieved[0] - hidden[0]), max(0.0, self._unseen[value] - hidden[0]))
        pool_total = max(0.0, pool_total + unbelieved[1] - hidden[1])
        believed = self.believed[seat][value]
        if believed:
            belief = self.belief_ranks[value]
            explained = self._unseen[value] - self._pool[value]
            if explained < belief:  # over-committed beliefs: each is less likely true
                believed = [trust * explained / belief for trust in believed]
        # The cards neither known nor expected true among believed ones are uniform draws from the pool
        # (a believed card whose claim was a lie is just some unseen card).
        draws = max(0.0, size - self.known_total[seat] - self.believed_mass[seat])
        if self.void_aware:
            if value in self.voids[seat]:
                draws, played = 0.0, 0  # it put down every card of the rank it held when it announced it
            else:  # the hands that hold none of the rank leave its cards in the pool to the others
                pool_total = max(in_pool, pool_total - self._void_draws(value, seat))
        if played_back:
            pool_total += played
        drawn = fractional_pmf(pool_total, in_pool, min(draws + played, pool_total))
        whole = round(draws)
        if played and len(drawn) > whole + 1:  # it cannot hold more than its unexplained cards
            drawn = (*drawn[:whole], sum(drawn[whole:]))
        if believed:
            drawn = convolve(poisson_binomial(believed), drawn)
        # Beliefs are guesses: mix in a little of the plain count (every card not known for sure drawn
        # from all unseen cards), so a belief can make a claim unlikely but never impossible.
        unseen = max(0, self._unseen[value] - round(hidden[0]))
        plain = hypergeom_pmf(max(0, self._unseen_total - round(hidden[1])), unseen, self.unknown_size(seat, size))
        if len(plain) > len(drawn):
            drawn = drawn + (0.0,) * (len(plain) - len(drawn))
        mixed = [
            (1.0 - PLAIN_SHARE) * chance + PLAIN_SHARE * (plain[x] if x < len(plain) else 0.0)
            for x, chance in enumerate(drawn)
        ]
        # No more copies than are unseen: beliefs and draws added up can overshoot.
        if len(mixed) > unseen + 1:
            del mixed[unseen + 1 :]
            total = sum(mixed)
            mixed = [chance / total for chance in mixed] if total > 0 else [1.0] + [0.0] * unseen
        return self.known_ranks[seat][value], tuple(mixed)

    def _void_draws(self, value: int, seat: int) -> float:
        """The pool's cards in the hands of seats other than ``seat`` that hold none of the rank."""
        total = 0.0
        for other, void in enumerate(self.voids):
            if other != seat and value in void and self.active[other] and not self._mine(other):
                total += max(0.0, self.sizes[other] - self.known_total[other] - self.believed_mass[other])
        return total

    def played_since(self, seat: int, rank: Rank) -> int:
        """Cards ``seat`` put down from its unexplained hand since it last announced ``rank``.

        A player keeps the cards of the rank it is due next and bluffs away ranks that are far off, so
        from the turn it last played ``rank`` until that rank is due again every card it puts down is
        of another rank. Its hand then holds the cards of ``rank`` of a larger draw: this many more
        cards than it holds now (see :meth:`holding_distribution`).
        """
        total = 0
        value = rank
        for announced, count in reversed(self.plays[seat]):
            if announced == value:
                break
            total += count
        return total

    def truth_probability(self, seat: int, count: int, rank: Rank, hand_before: int) -> float:
        """How likely ``seat`` holds ``count`` cards of ``rank`` out of a hand of ``hand_before`` cards.

        Zero when the claim needs more copies than can be outside what we located for sure.
        """
        have = self.known_ranks[seat][rank]
        if count <= have:
            return 1.0
        if count - have > self.unseen(rank):
            return 0.0
        _, pmf = self.holding_distribution(seat, rank, hand_before, played=self.played_since(seat, rank))
        return min(1.0, sum(pmf[count - have :]))

    def claim_probability(self, view: View) -> float:
        """:meth:`truth_probability` of the claim open in ``view`` (1.0 when none is open)."""
        claim = view.claim
        if claim is None:
            return 1.0
        return self.truth_probability(claim.seat, claim.count, claim.rank, self.sizes[claim.seat] + claim.count)

    def active_count(self) -> int:
        """Players still in the game (V3: finished seats leave)."""
        return sum(self.active)
