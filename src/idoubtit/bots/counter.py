"""``counter``: counts cards, doubts what the count says is false, and bluffs by a plan for its own turns.

Reading a claim. The :class:`~idoubtit.bots.tracker.Tracker` says how many cards of the claimed rank
the claimant may hold: those known for sure, those it took with piles from undoubted claims, and a
hypergeometric draw for the rest of its hand. Two things sharpen that draw. A player keeps the cards
of the rank it is due next and bluffs away ranks that are far off, so every card it put down since it
last announced this rank was of another rank: it holds this rank's cards of a larger draw
(:meth:`~idoubtit.bots.tracker.Tracker.played_since`). And the count heard is evidence too: players
put down all their cards of the due rank, so the one who says "two" is mostly the one holding two,
and a claim of two is false only if it was padded with a bluff card
(:func:`~idoubtit.bots.maths.false_given_claim`, with one fixed guess of how often players pad and
bluff; the adaptive bot learns it per player).

Doubting. The bot says "I doubt it" when the chance that the claim is false passes a threshold. A
right doubt hands the pile to the claimant, one opponent of several; a wrong one hands it to us. So
the bar is high (measured: doubting at 0.8 lost to doubting only near-certain lies), rises with the
pile (taking a big pile is hard to come back from) and when we are close to going out, and falls when
the claimant is about to go out (stopping the winner is worth the most). A claim the count proves
false is always doubted. A final play never needs a doubt: R10 turns it up, and no window opens.

Playing. With n players still in, the bot's turns come every n turns, so it knows the rank it will be
due on each of its next turns (:func:`~idoubtit.bots.maths.turn_ranks`). Cards of the due rank go
down truthfully. What stays in hand is scored by a plan (:func:`~idoubtit.bots.maths.plan_cost`): finish on some turn J
with a truthful last play (R10 turns it up, so it must be true), play every card whose rank comes up
before J truthfully on its turn, and bluff the rest, one card on a turn without a truthful card and
stacked onto another play beyond that. Cards whose rank comes up soon are cheap to keep; cards whose
rank is far off must be bluffed sooner or later, so those are the ones added to a play, and in the
endgame the plan keeps a card whose rank comes up on one of its own turns, with enough other cards to
fill the turns before (holding back a card of the due rank when it needs one). How many bluff cards go
down is chosen by expected value: each extra card raises the chance some opponent doubts, modelled by
asking, for each opponent and each number of cards of the rank it may hold, how false the claim looks
from what that opponent can know (the public log, :class:`~idoubtit.bots.tracker.Tracker` with
``public=True``, plus its own hand and the cards it put face down on the pile); being caught costs the
pile and everything played.

A table that doubts anything. The bot tallies how each opponent answers claims (the claims it lets pass,
its right and wrong doubts); once two of them look like players who doubt whatever the count says
(:mod:`idoubtit.bots.calling`), a bluff is mostly caught and a false claim is called without us, so it
plays as ``honest`` does: every card of the due rank, with none the one card due last, and a doubt only
of what its count proves false (``counter[calling_table=2]``: never).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from idoubtit.bots.calling import (
    BLIND_TYPE_PRIOR,
    CALLING_SEATS,
    CALLING_TABLE,
    AnswerTally,
    calls_blindly,
    checked_calling_table,
)
from idoubtit.bots.honest import HonestBot
from idoubtit.bots.maths import (
    RANK_SLOTS,
    advance,
    any_of,
    doubt_threshold,
    false_given_claim,
    own_turn_distances,
    plan_cost,
    poisson_binomial,
)
from idoubtit.bots.tracker import Tracker
from idoubtit.engine import Action, Card, Decline, Doubt, Play, Rank, Rules, View

#: How one of our claims looks to one opponent: its seat, how false it thinks the claim, its hand
#: size, ours after the play, and the pile after the play (the arguments of opponent_doubts).
Look = tuple[int, float, int, int, int]


@dataclass(frozen=True, slots=True)
class CounterParams:
    """The counter bot's knobs (tuned on self-play against ``honest`` and each other)."""

    #: Doubt when P(false) exceeds ``doubt_base`` + ``doubt_pile`` per pile card (up to ``doubt_pile_cap``).
    doubt_base: float = 1.0
    doubt_pile: float = 0.012
    doubt_pile_cap: float = 0.2
    #: Threshold drop when the claimant is left with 1, 2, 3 cards.
    near_out: tuple[float, ...] = (0.0, 0.15, 0.1, 0.05)
    #: Threshold rise when we hold 1, 2, 3 cards.
    own_near_out: tuple[float, ...] = (0.0, 0.15, 0.1, 0.05)
    #: Plan cost: per turn until the planned finish, per bluff card, per bluff stacked onto a play.
    turn_cost: float = 1.0
    bluff_cost: float = 0.6
    stack_cost: float = 0.4
    #: What one picked-up card costs in the same units, and a plan with no truthful finish.
    pile_card_cost: float = 0.3
    stuck_cost: float = 8.0
    #: What an opponent taking the pile on our truthful claim is worth to us, per card.
    gift_value: float = 0.2
    #: How we expect a player to play (see maths.false_given_claim): bluff cards added to a truthful play,
    #: cards bluffed with none of the rank, and the chance of holding some of the rank back.
    padding: tuple[float, ...] = (0.93, 0.06, 0.01)
    bluffing: tuple[float, ...] = (0.0, 0.9, 0.08, 0.02)
    hold_back: float = 0.05
    #: How we expect an opponent to answer a claim it thinks false with probability p: a counting
    #: player's threshold (base, and the drop when we are about to go out), smoothed.
    opponent_base: float = 1.0
    opponent_near_out: tuple[float, ...] = (0.0, 0.15, 0.1, 0.05)
    opponent_softness: float = 0.08
    #: Past this many steps per player, a game is taken to be stuck in a cycle (see should_doubt).
    stalemate_steps: int = 250
    #: Most bluff cards considered in one play, and most cards of the due rank held back for later.
    max_bluffs: int = 4
    max_hold_back: int = 2
    #: At a table that doubts anything (two players seen to doubt whatever the count says; see
    #: :mod:`idoubtit.bots.calling`), play as ``honest`` does: from this chance that someone calls any
    #: claim on (above 1: never), with this prior chance that a stranger is a blind doubter.
    calling_table: float = CALLING_TABLE
    blind_type_prior: float = BLIND_TYPE_PRIOR


class CounterBot:
    """Card counting (see the module docstring). One object plays one seat of one game at a time; it
    notices a new game by its view and starts over."""

    name = "counter"

    def __init__(
        self,
        rng: random.Random | None = None,
        params: CounterParams | None = None,
        calling_table: float | None = None,
    ) -> None:
        """``calling_table`` (when given) replaces ``params.calling_table``: ``counter[calling_table=2]``
        never switches to ``honest``'s play at a table that doubts anything."""
        self.rng = rng or random.Random()  # only used to break the cycles of very long games
        self.params = params or CounterParams()
        if calling_table is not None:
            self.params = dataclasses.replace(self.params, calling_table=checked_calling_table(calling_table))
        self.tracker = Tracker()
        self.public = Tracker(public=True)
        #: Set by a learning subclass: keep, for each claim size and opponent, the cases weighed in
        #: doubt_chances (chance of the case, and the arguments given to opponent_doubts).
        self.record_looks = False
        self.looks: dict[int, dict[int, list[tuple[float, Look]]]] = {}
        self.chosen_looks: dict[int, list[tuple[float, Look]]] = {}
        #: How each seat answered claims this game (to tell a table that doubts anything).
        self.answers = AnswerTally()
        self._tallied_game = -1

    def start(self, seat: int, rules: Rules) -> None:
        """A new game begins, this bot at ``seat``: the trackers start over at their next view (see
        :class:`~idoubtit.bots.base.Bot`)."""
        del seat, rules  # the trackers read both off the next view
        self.tracker.start_over()
        self.public.start_over()

    # ----------------------------------------------------------------------------------------------
    # The decision

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        self.observe(view)
        if self.table_calls_blindly(view) >= self.params.calling_table:
            return self._honest(view)
        if view.must_play:
            cards = self.choose_cards(view)
            return Play(view.seat, cards, view.due_rank)
        if view.claim is not None and self.should_doubt(view):
            return Doubt((view.seat,))
        return Decline(view.seat)

    def observe(self, view: View) -> None:
        """Bring the tracker up to date with the view (subclasses learn more from the same events).

        The public tracker is only read to price our own bluffs, so it catches up when we play.
        """
        self.tracker.update(view)
        self._tally_answers(view)

    def _tally_answers(self, view: View) -> None:
        """Count the fresh events' answers (:attr:`answers`; a bot with models of its opponents, which
        count the same, overrides it to do nothing)."""
        if self.tracker.games != self._tallied_game:
            self._tallied_game = self.tracker.games
            self.answers.start_over(view.rules.players)
        for event in self.tracker.fresh:
            self.answers.learn(event)

    # ----------------------------------------------------------------------------------------------
    # A table that doubts anything

    def blind_chances(self, view: View) -> dict[int, float]:
        """For each opponent still in, the chance that it doubts whatever the count says, from its
        answers this game (:class:`~idoubtit.bots.calling.AnswerTally`)."""
        prior = self.params.blind_type_prior
        return {
            seat: self.answers.blind_chance(seat, prior)
            for seat, size in enumerate(view.hand_sizes)
            if seat != view.seat and size > 0
        }

    def table_calls_blindly(self, view: View) -> float:
        """The chance that some opponent still in doubts a claim whatever the count
        (:func:`~idoubtit.bots.calling.calls_blindly`); 0 at tables bigger than
        :data:`~idoubtit.bots.calling.CALLING_SEATS`, where the answers cannot tell the two types apart."""
        if view.rules.players > CALLING_SEATS:
            return 0.0
        return calls_blindly(self.blind_chances(view).values())

    def _honest(self, view: View) -> Action:
        """``honest``'s decision, with this bot's count for what is proven false: at a table that doubts
        anything a bluff is mostly caught and a false claim called without us (docs/bots.md)."""
        assert view.seat is not None
        if view.must_play:
            return HonestBot.play(view)
        if view.claim is not None and self.false_probability(view) > 0.999:
            return Doubt((view.seat,))
        return Decline(view.seat)

    # ----------------------------------------------------------------------------------------------
    # Doubting

    def false_probability(self, view: View) -> float:
        """How likely the claim on the table is false: the count, read through how players play."""
        claim = view.claim
        assert claim is not None
        tracker = self.tracker
        if tracker.claim_probability(view) <= 0.0:
            return 1.0  # more cards of the rank than can be anywhere we have not looked
        hand_before = tracker.sizes[claim.seat] + claim.count
        played = tracker.played_since(claim.seat, claim.rank)
        known, pmf = tracker.holding_distribution(claim.seat, claim.rank, hand_before, played=played)
        cap = view.rules.max_cards_per_play or hand_before
        return self.claim_false(claim.seat, known, pmf, claim.count, cap)

    def claim_false(self, seat: int, known: int, pmf: tuple[float, ...], count: int, cap: int) -> float:
        """:func:`false_given_claim` with the bot's model of how ``seat`` plays (the same for everyone here)."""
        params = self.params
        return false_given_claim(known, pmf, count, cap, params.padding, params.bluffing, params.hold_back)

    def doubt_threshold(self, view: View) -> float:
        """How sure the bot must be that the claim is false before it doubts (see the module docstring)."""
        claim = view.claim
        assert claim is not None
        assert view.seat is not None
        return self.threshold_for(view.hand_sizes[view.seat], view.hand_sizes[claim.seat], view.pile_size)

    def threshold_for(self, ours: int, theirs: int, pile: int, opponent: bool = False) -> float:
        """The doubt threshold of a seat holding ``ours`` cards, for a claimant left with ``theirs``
        (``opponent``: the rule we expect an opponent to follow, which may differ from ours)."""
        params = self.params
        if opponent:
            base, near_out, own_near_out = params.opponent_base, params.opponent_near_out, params.own_near_out
        else:
            base, near_out, own_near_out = params.doubt_base, params.near_out, params.own_near_out
        return doubt_threshold(
            base, pile, theirs, ours, near_out, own_near_out, params.doubt_pile, params.doubt_pile_cap
        )

    def should_doubt(self, view: View) -> bool:
        if view.step > self.params.stalemate_steps * view.rules.players and self.rng.random() < 0.5:
            # Two counting players who know every card can trade the pile forever (each catches every
            # bluff of the other, and a bluff is forced whenever the due rank is missing); in a game
            # this long, letting claims pass at random breaks the cycle.
            return False
        false = self.false_probability(view)
        if false > 0.999:
            return True  # proven false: the claimant takes the pile, whatever it holds
        return false > self.doubt_threshold(view)

    # ----------------------------------------------------------------------------------------------
    # Playing

    def choose_cards(self, view: View) -> tuple[Card, ...]:
        """The cards to put down, announcing the due rank (see the module docstring).

        Candidates: the cards of the due rank (all, or holding one or two back for a later finish),
        plus the first few cards of the others in order of how far off their rank is. Each is scored by
        the plan cost of what stays in hand, and, for a bluff, by the chance of being doubted times the
        cost of taking the pile back with everything we played.
        """
        params = self.params
        hand = view.hand
        due = view.due_rank
        cap = view.rules.max_cards_per_play or len(hand)
        truthful = [card for card in hand if card.rank is due]
        if len(truthful) == len(hand) and len(hand) <= cap:
            return hand  # R10: a true last play wins
        ranks, distance = self.outlook(view)
        counts = [0] * RANK_SLOTS
        for card in hand:
            counts[card.rank] += 1
        # Bluff candidates: far-off ranks first (they must be bluffed some day anyway).
        spare = [card for card in hand if card.rank is not due]
        spare.sort(key=lambda card: (-distance[card.rank], -counts[card.rank]))
        pile = view.pile_size
        caught_cost = plan_cost(counts, ranks, distance, cap, params, pile) + params.pile_card_cost * pile
        most = min(len(truthful), cap)
        sizes = range(max(1, most - params.max_hold_back), min(most + params.max_bluffs, cap, len(hand) - 1) + 1)
        chances = self.doubt_chances(view, list(sizes), due) if sizes else {}
        best_value = -math.inf
        best: list[Card] = []
        for kept_back in range(min(most, params.max_hold_back) + 1):
            shown = most - kept_back
            left = list(counts)
            left[due] -= shown
            for bluffs in range(min(params.max_bluffs, cap - shown, len(spare)) + 1):
                if bluffs:
                    left[spare[bluffs - 1].rank] -= 1
                played = shown + bluffs
                if not played:
                    continue
                if played == len(hand):
                    continue  # a bluff as the last play is turned up (R10); a true one returned above
                risk = any_of(chances[played].values())
                kept_cost = plan_cost(left, ranks, distance, cap, params, pile + played)
                if bluffs:
                    value = -((1.0 - risk) * kept_cost + risk * caught_cost)
                else:
                    value = -kept_cost + risk * params.gift_value * (pile + played)
                if value > best_value:
                    best_value, best = value, truthful[:shown] + spare[:bluffs]
        if not best:  # nothing but a last bluff is possible: one card, the farthest off
            best = [spare[0] if spare else hand[0]]
        # How the play chosen looked to each opponent (with record_looks): a learning bot compares
        # that with what they did about it.
        self.chosen_looks = self.looks.get(len(best), {}) if chances else {}
        return tuple(best)

    def outlook(self, view: View) -> tuple[list[int], tuple[int, ...]]:
        """The rank values due on our next turns (index 0: now) and, per rank value, the first turn
        from the next one on where it is due (:data:`~idoubtit.bots.maths.NEVER` if never)."""
        active = self.tracker.active_count()
        ranks = [advance(view.due_rank, turn * active, view.rules.ascending) for turn in range(14)]
        return ranks, own_turn_distances(active, view.rules.ascending)[view.due_rank]

    def chose(self, count: int) -> None:
        """Note that a play of ``count`` cards went down (chosen here or by a bot that asked this one's
        advice), so that a learning bot compares how it looked to each opponent with their answers."""
        self.chosen_looks = self.looks.get(count, {})

    def doubt_chances(self, view: View, counts: Sequence[int], rank: Rank) -> dict[int, dict[int, float]]:
        """For each claim size in ``counts`` and each opponent still in, the chance it doubts our claim
        of that many cards of ``rank``.

        Over how many cards of the rank the opponent may hold (by our count), we work out how false the
        claim looks from what it can know (the public log, its own hand, whose cards are not in ours,
        and the cards it put face down on the pile, which it knows and we only guess at) and how likely
        it then doubts (:meth:`opponent_doubts`).
        """
        seat = view.seat
        assert seat is not None
        ours, public = self.tracker, self.public
        public.update(view)
        hand_before = len(view.hand)
        cap = view.rules.max_cards_per_play or hand_before
        played = public.played_since(seat, rank)
        chances: dict[int, dict[int, float]] = {count: {} for count in counts}
        looks: dict[int, dict[int, list[tuple[float, Look]]]] = {}
        self.looks = looks
        for other in range(view.rules.players):
            if other == seat or not ours.active[other]:
                continue
            known, pmf = ours.holding_distribution(other, rank)
            their_known = public.known_ranks[other][rank]
            their_hidden = max(0, view.hand_sizes[other] - public.known_total[other])
            # It also knows the face-down cards it put on the pile, which everyone else only guesses at:
            # its claims of this rank there are true as often as our tracker trusts them.
            on_pile = public.claims_on_pile(other)
            unbelieved = (sum(trust for value, trust in on_pile if value == rank), sum(trust for _, trust in on_pile))
            piled = poisson_binomial([trust for value, trust in ours.claims_on_pile(other) if value == rank])
            # What it sees depends only on how many cards of the rank it knows of beyond the table's
            # knowledge (in its hand and on the pile): one reading for each such number.
            known_beyond: dict[int, float] = {}
            for extra, hand_chance in enumerate(pmf):
                for in_pile, pile_chance in enumerate(piled):
                    chance = hand_chance * pile_chance
                    if chance >= 1e-3:
                        beyond = max(0, known + extra - their_known) + in_pile
                        known_beyond[beyond] = known_beyond.get(beyond, 0.0) + chance
            doubts = dict.fromkeys(counts, 0.0)
            for beyond, chance in known_beyond.items():
                hidden = (beyond, their_hidden + len(on_pile))
                seen_have, their_pmf = public.holding_distribution(
                    seat, rank, hand_before, hidden, played, unbelieved=unbelieved
                )
                for count in counts:
                    false = 0.0 if count <= seen_have else self.claim_false(seat, seen_have, their_pmf, count, cap)
                    look = (other, false, view.hand_sizes[other], hand_before - count, view.pile_size + count)
                    doubts[count] += chance * self.opponent_doubts(*look)
                    if self.record_looks:
                        looks.setdefault(count, {}).setdefault(other, []).append((chance, look))
            for count in counts:
                chances[count][other] = min(1.0, doubts[count])
        return chances

    def opponent_doubts(self, seat: int, false: float, their_size: int, our_size: int, pile: int) -> float:
        """How likely ``seat`` says "I doubt it" to a claim it thinks false with probability ``false``.

        A claim proven false is always doubted; otherwise a smooth step at the threshold this bot would
        use in that seat's place (holding ``their_size`` cards, against our ``our_size``, over ``pile``).
        """
        if false > 0.999:
            return 1.0
        params = self.params
        threshold = self.threshold_for(their_size, our_size, pile, opponent=True)
        return 1.0 / (1.0 + math.exp(-(false - threshold) / params.opponent_softness))
