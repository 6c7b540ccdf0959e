"""The search bot's leaf score: at the end of a rollout, each seat's chance to finish first, guessed from
how many turns it needs to go out with a true last play (R10), its cards and its place in the turn order.

One turn from going out is worth far more than three, and a pile just taken costs a seat most of its
chance: the curve is fitted to who won games in which piles change hands often (see
:class:`~idoubtit.bots.search.params.SearchParams`, ``leaf_power``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from idoubtit.bots.maths import advance, rough_finish_cost
from idoubtit.bots.search.params import SearchParams

if TYPE_CHECKING:
    from idoubtit.bots.search.simulator import State


class LeafScore:
    """Scores rollout states for one seat at a table of ``players`` (plays capped at ``cap`` cards).

    Each hand's finish-cost term, by its counts and first due rank, is remembered in :attr:`terms`: the
    same hands come back across candidates and samples, and the cost is the leaf's dearest part. (The
    seats still in never change within a search: a rollout ends when a seat goes out.)
    """

    def __init__(self, seat: int, players: int, cap: int, ascending: bool, params: SearchParams) -> None:
        self.seat, self.players, self.cap = seat, players, cap
        self.params = params
        self.next_value = [0] + [advance(value, 1, ascending) for value in range(1, 14)]
        #: ``schedules[seats in][first][turn]``: the rank due on a seat's ``turn``-th turn from now (1 is
        #: the next), when its next turn is due ``first``.
        self.schedules = {
            seats: [[advance(first, (turn - 1) * seats, ascending) for turn in range(14)] for first in range(14)]
            for seats in range(1, players + 1)
        }
        self.terms: dict[tuple[int, ...], float] = {}

    def evaluate(self, state: State) -> float:
        """This seat's chance to finish first among the seats still in (see the module docstring)."""
        params = self.params
        temperature, power, per_card, per_place = (
            params.temperature,
            params.leaf_power,
            params.leaf_card,
            params.leaf_order,
        )
        players, active, hands = self.players, state.active, state.hands
        seats_in = sum(active)
        # The seat to play next is due the current rank (the next one, while a window is open), and
        # each seat still in after it one rank further.
        seat, first = state.to_play, state.due
        if state.claim is not None:
            seat, first = (seat + 1) % players, self.next_value[first]
        weights = [0.0] * players
        known = self.terms
        order = 0  # how many seats still in play before this one
        for _ in range(players):
            if active[seat]:
                hand = hands[seat]
                key = (*hand, first)
                cost_term = known.get(key)
                if cost_term is None:
                    cost_term = known[key] = power * math.log(1.0 + self.finish_cost(hand, first, seats_in))
                score = per_card * state.sizes[seat] - per_place * order - cost_term
                weights[seat] = math.exp(score / temperature)
                first = self.next_value[first]
                order += 1
            seat = (seat + 1) % players
        return weights[self.seat] / sum(weights)

    def finish_cost(self, hand: list[int], first: int, seats_in: int) -> float:
        """About how many turns ``hand`` needs to go out when its next turn is due ``first``
        (:func:`~idoubtit.bots.maths.rough_finish_cost`)."""
        params = self.params
        schedule = self.schedules[seats_in][first]
        return rough_finish_cost(
            hand, schedule, self.cap, params.bluff_cost, params.stack_cost, params.stuck_cost, params.stuck_card_cost
        )
