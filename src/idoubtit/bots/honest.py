"""``honest``: tells the truth whenever it can, and doubts only what it can prove false."""

from __future__ import annotations

import random
from collections.abc import Sequence

from idoubtit.bots.knowledge import claim_is_provably_false, rank_distance
from idoubtit.engine import Action, Card, Decline, Doubt, Play, View


class HonestBot:
    """Plays every card of the due rank it holds (up to any V2 cap), truthfully. With none, it puts
    down a single card, the one whose rank will be due last, and announces the due rank (the one
    bluff it cannot avoid). It says "I doubt it" only to a claim its own cards prove false."""

    name = "honest"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()  # unused: the honest bot is deterministic

    def act(self, view: View) -> Action:
        return self.decide(view)

    @classmethod
    def decide(cls, view: View, own_in_pile: Sequence[Card] | None = None) -> Action:
        """The honest decision for ``view``; with ``own_in_pile`` (the seat's own cards on the pile) the
        view's log is not read, so a view of the current position alone will do."""
        assert view.seat is not None, "a bot plays a seat"
        if view.must_play:
            return cls.play(view)
        if claim_is_provably_false(view, own_in_pile):
            return Doubt((view.seat,))
        return Decline(view.seat)

    @classmethod
    def play(cls, view: View) -> Play:
        """The honest play for ``view``'s seat, whose turn it is (other bots play it at a table that doubts
        anything)."""
        assert view.seat is not None, "a bot plays a seat"
        return Play(view.seat, cls.choose_cards(view), view.due_rank)

    @staticmethod
    def choose_cards(view: View) -> tuple[Card, ...]:
        truthful = [card for card in view.hand if card.rank is view.due_rank]
        if truthful:
            cap = view.rules.max_cards_per_play or len(truthful)
            return tuple(truthful[:cap])
        return (max(view.hand, key=lambda card: rank_distance(view, card.rank)),)
