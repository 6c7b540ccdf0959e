"""``random``: uniformly random choices among the sensible legal ones."""

from __future__ import annotations

import random

from idoubtit.engine import Action, Decline, Doubt, Play, View


class RandomBot:
    """Plays a random number of random cards, always announcing the due rank, and doubts at random.

    The number of cards is uniform from one to the hand (or the V2 cap); in a doubt window it says
    "I doubt it" with probability ``doubt_chance``. It never announces a wrong rank: R7 would only
    hand it the pile, so no player would choose that.
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None, doubt_chance: float = 0.5) -> None:
        self.rng = rng or random.Random()
        self.doubt_chance = doubt_chance

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        if view.must_play:
            cap = view.rules.max_cards_per_play or len(view.hand)
            count = self.rng.randint(1, min(cap, len(view.hand)))
            return Play(view.seat, tuple(self.rng.sample(view.hand, count)), view.due_rank)
        if self.rng.random() < self.doubt_chance:
            return Doubt((view.seat,))
        return Decline(view.seat)
