"""``counter``: counts cards, doubts what the count says is false, and bluffs by a plan for its own turns.

Reading a claim. The :class:`~idoubtit.bots.tracker.Tracker` says how many cards of the claimed rank
the claimant may hold: those known for sure, those it took with piles from undoubted claims, and a
hypergeometric draw for the rest of its hand. Two things sharpen that draw. A player keeps the cards
of the rank it is due next and bluffs away ranks that are far off, so every card it put down since it
last announced this rank was of another rank: it holds this rank's cards of a larger draw
(:meth:`~idoubtit.bots.tracker.Tracker.played_since`). And the count heard is evidence too: players
put down all their cards of the due rank, so the one who says "two" is mostly the one holding two,
and a claim of two is false only if it was padded with a bluff card (:func:`false_given_claim`, with
one fixed guess of how often players pad and bluff; the adaptive bot learns it per player).

Doubting. The bot says "I doubt it" when the chance that the claim is false passes a threshold. A
right doubt hands the pile to the claimant, one opponent of several; a wrong one hands it to us. So
the bar is high (measured: doubting at 0.8 lost to doubting only near-certain lies), rises with the
pile (taking a big pile is hard to come back from) and when we are close to going out, and falls when
the claimant is about to go out (stopping the winner is worth the most). A claim the count proves
false is always doubted. A final play never needs a doubt: R10 turns it up, and no window opens.

Playing. With n players still in, the bot's turns come every n turns, so it knows the rank it will be
due on each of its next turns (:func:`~idoubtit.bots.tracker.turn_ranks`). Cards of the due rank go
down truthfully. What stays in hand is scored by a plan (:func:`plan_cost`): finish on some turn J
with a truthful last play (R10 turns it up, so it must be true), play every card whose rank comes up
before J truthfully on its turn, and bluff the rest, one card on a turn without a truthful card and
stacked onto another play beyond that. Cards whose rank comes up soon are cheap to keep; cards whose
rank is far off must be bluffed sooner or later, so those are the ones added to a play, and in the
endgame the plan keeps a card whose rank comes up on one of its own turns, with enough other cards to
fill the turns before (holding back a card of the due rank when it needs one). How many bluff cards go
down is chosen by expected value: each extra card raises the chance some opponent doubts, modelled by
asking, for each opponent and each number of cards of the rank it may hold, how false the claim looks
from what that opponent can know (the public log, :class:`~idoubtit.bots.tracker.Tracker` with
``public=True``, plus its own hand); being caught costs the pile and everything played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from idoubtit.bots.tracker import RANK_SLOTS, Tracker, turn_ranks
from idoubtit.engine import Action, Card, Decline, Doubt, Play, Rank, View

INFEASIBLE: Final = 1e9
#: How one of our claims looks to one opponent: its seat, how false it thinks the claim, its hand
#: size, ours after the play, and the pile after the play (the arguments of opponent_doubts).
Look = tuple[int, float, int, int, int]
NEVER: Final = 99


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
    #: How we expect a player to play (see false_given_claim): bluff cards added to a truthful play,
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


def plan_cost(
    counts: list[int], ranks_ahead: list[int], distance: list[int], cap: int, params: CounterParams, pile: int
) -> float:
    """What holding ``counts`` (cards by rank value) costs, in turns, if played out by the best plan.

    ``ranks_ahead[i]`` is the rank value due on our i-th turn from now (index 0 is this turn, already
    decided) and ``distance[v]`` the first i >= 1 where rank v is due. A plan finishes on turn J with
    all cards of rank ``ranks_ahead[J]`` (truthful, as R10 demands). Every turn before J needs at least
    one card (R4), and every other card must be gone by then: cards whose rank comes up before J go down
    truthfully on their turn, the others are bluffs, one on each turn that has no truthful card and
    stacked onto other plays beyond that. With no such plan the hand is stuck: some last play will be a
    bluff, turned up and caught, and the ``pile`` (at least) comes back.
    """
    total = sum(counts)
    if total == 0:
        return 0.0
    best = INFEASIBLE
    empty = covered = 0
    for finish in range(1, len(ranks_ahead)):
        value = ranks_ahead[finish]
        if distance[value] != finish:
            continue  # a rank met again (tables of 13k players): its first turn was the one to plan for
        held = counts[value]
        covered += held
        others = total - held
        if held and held <= cap and others >= finish - 1 and (others == 0 or finish >= 2):
            spare = total - covered  # cards whose rank is not due before the finish
            cost = (
                params.turn_cost * finish
                + params.bluff_cost * max(spare, empty)
                + params.stack_cost * max(0, spare - empty)
            )
            best = min(best, cost)
        if not held:
            empty += 1
    if best >= INFEASIBLE:
        best = params.stuck_cost + params.bluff_cost * total + params.pile_card_cost * pile
    return best


def any_of(chances: Iterable[float]) -> float:
    """The chance that at least one of independent events with these chances happens."""
    calm = 1.0
    for chance in chances:
        calm *= 1.0 - chance
    return 1.0 - calm


def false_given_claim(
    known: int,
    pmf: tuple[float, ...],
    count: int,
    cap: int,
    padding: tuple[float, ...],
    bluffing: tuple[float, ...],
    hold_back: float,
) -> float:
    """How likely a claim of ``count`` cards is false, given what the claimant may hold and how it plays.

    The claimant holds ``known`` + X cards of the rank, X distributed as ``pmf``. A player who holds
    j >= 1 of them puts them all down (up to the ``cap``), adding b bluff cards with chance
    ``padding[b]``; with none, it bluffs b cards with chance ``bluffing[b]``. The count heard is the only
    evidence, so the answer is P(false and count) / P(count). Counting alone (``pmf``) would call every
    claim of two likely false; a player who has two cards of the rank is just the one who says "two".
    A player holding more than it claims is rare (``hold_back``: it keeps some for later) but possible.
    """
    true = false = 0.0
    for extra, chance in enumerate(pmf):
        if chance <= 0.0:
            continue
        held = min(known + extra, cap)
        if held == 0:
            if count < len(bluffing):
                false += chance * bluffing[count]
        elif held == count:
            true += chance * padding[0]
        elif held > count:
            true += chance * hold_back
        elif count - held < len(padding):
            false += chance * padding[count - held]
    if true + false <= 0.0:
        return 1.0 if count > known + len(pmf) - 1 else 0.5
    return false / (true + false)


class CounterBot:
    """Card counting (see the module docstring). One object plays one seat of one game at a time; it
    notices a new game by its view and starts over."""

    name = "counter"

    def __init__(self, rng: random.Random | None = None, params: CounterParams | None = None) -> None:
        self.rng = rng or random.Random()  # only used to break the cycles of very long games
        self.params = params or CounterParams()
        self.tracker = Tracker()
        self.public = Tracker(public=True)
        #: Set by a learning subclass: keep, for each claim size and opponent, the cases weighed in
        #: doubt_chances (chance of the case, and the arguments given to opponent_doubts).
        self.record_looks = False
        self.looks: dict[int, dict[int, list[tuple[float, Look]]]] = {}
        self.chosen_looks: dict[int, list[tuple[float, Look]]] = {}

    # ----------------------------------------------------------------------------------------------
    # The decision

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        self.observe(view)
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
        threshold = base + min(params.doubt_pile * pile, params.doubt_pile_cap)
        if theirs < len(near_out):
            threshold -= near_out[theirs]
        if ours < len(own_near_out):
            threshold += own_near_out[ours]
        return threshold

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

    def outlook(self, view: View) -> tuple[list[int], list[int]]:
        """The rank values due on our next turns (index 0: now) and, per rank value, the first turn
        from the next one on where it is due (:data:`NEVER` if never)."""
        active = self.tracker.active_count()
        ranks = [int(rank) for rank in turn_ranks(view.due_rank, active, view.rules.ascending, 14)]
        distance = [NEVER] * RANK_SLOTS
        for index in range(len(ranks) - 1, 0, -1):
            distance[ranks[index]] = index
        return ranks, distance

    def doubt_risk(self, view: View, count: int, rank: Rank) -> float:
        """The chance that some opponent doubts our claim of ``count`` cards of ``rank``: they answer at
        once (D3), so any one of them is enough."""
        return any_of(self.doubt_chances(view, [count], rank)[count].values())

    def doubt_chances(self, view: View, counts: Sequence[int], rank: Rank) -> dict[int, dict[int, float]]:
        """For each claim size in ``counts`` and each opponent still in, the chance it doubts our claim
        of that many cards of ``rank``.

        Over how many cards of the rank the opponent may hold (by our count), we work out how false the
        claim looks from what it can know (the public log plus its own hand, whose cards are not in
        ours) and how likely it then doubts (:meth:`opponent_doubts`).
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
            doubts = dict.fromkeys(counts, 0.0)
            for extra, chance in enumerate(pmf):
                if chance < 1e-3:
                    continue
                hidden = (max(0, known + extra - their_known), their_hidden)
                seen_have, their_pmf = public.holding_distribution(seat, rank, hand_before, hidden, played)
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
