"""A game as a sequence of single-seat decisions, in the shared encoding (``idoubtit.env.encoding``).

The seat to play builds its play rank by rank, then announces; in a doubt window every awaited seat
answers, and the answers are settled together once all are in (D3: one decision round, so no seat's
answer is seen by another before it answers). The environments drive an :class:`Episode`; they read
the game only through its views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from idoubtit.engine import Card, Decline, Doubt, Game, Phase, Play, Rules, View
from idoubtit.env import encoding

#: Rewards at the end of a game: the winner gets +1, every other seat -1/(n-1), so they sum to zero.
WIN: Final = 1.0


class Episode:
    """One game. ``deciding`` names the seats whose decision is awaited, in turn order."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.building: dict[int, tuple[Card, ...]] = dict.fromkeys(range(game.rules.players), ())
        #: Answers given in the open doubt window, not yet settled: seat → doubts?
        self.answers: dict[int, bool] = {}

    @classmethod
    def deal(cls, rules: Rules, seed: int) -> Episode:
        return cls(Game.deal(rules, seed))

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def deciding(self) -> tuple[int, ...]:
        game = self.game
        if game.phase is Phase.OVER:
            return ()
        if game.phase is Phase.PLAY:
            return (game.to_play,)
        return tuple(seat for seat in game.awaiting if seat not in self.answers)

    def view(self, seat: int) -> View:
        return self.game.view(seat)

    def observation(self, seat: int) -> encoding.Vector:
        return encoding.observe(self.game.view(seat), self.building[seat])

    def legal(self, seat: int) -> list[int]:
        if seat not in self.deciding:
            return []
        return encoding.legal_actions(self.game.view(seat), self.building[seat])

    def mask(self, seat: int) -> encoding.Mask:
        mask = encoding.action_mask(self.game.view(seat), self.building[seat])
        if seat not in self.deciding:
            mask[:] = 0
        return mask

    def act(self, seat: int, index: int) -> None:
        """Take action ``index`` for ``seat``; ValueError (naming the legal actions) if it is not legal now."""
        if seat not in self.deciding:
            raise ValueError(f"seat {seat} has no decision now; deciding: {list(self.deciding) or 'nobody'}")
        building, action = encoding.step(self.game.view(seat), self.building[seat], index)
        self.building[seat] = building
        if isinstance(action, Play):
            self.game.play(action.seat, action.cards, action.rank)
        elif isinstance(action, Doubt | Decline):
            self.answers[seat] = isinstance(action, Doubt)
            if not self.deciding:
                self._settle()

    def _settle(self) -> None:
        """Every awaited seat answered: doubts are said together (R9 picks the doubter), else all decline."""
        answers, self.answers = self.answers, {}
        doubters = [seat for seat, doubts in answers.items() if doubts]
        if doubters:
            self.game.doubt(*doubters)
            return
        for seat in answers:
            if not self.game.is_over and self.game.phase is Phase.DOUBT:
                self.game.decline(seat)

    def rewards(self) -> list[float]:
        """+1 for the winner, -1/(n-1) for everyone else; all zero before the end."""
        players = self.rules.players
        winner = self.game.winner
        if winner is None:
            return [0.0] * players
        return [WIN if seat == winner else -WIN / (players - 1) for seat in range(players)]

    def copy(self) -> Episode:
        twin = Episode(self.game.copy())
        twin.building = dict(self.building)
        twin.answers = dict(self.answers)
        return twin


def seats_in_turn_order(first: int, players: int) -> Sequence[int]:
    return [(first + offset) % players for offset in range(players)]
