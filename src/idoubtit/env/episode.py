"""A game as a sequence of single-seat decisions, in the shared encoding (``idoubtit.env.encoding``).

The seat to play builds its play rank by rank, then announces; in a doubt window every awaited seat
answers, and the answers are settled together once all are in (D3: one decision round, so no seat's
answer is seen by another before it answers). The environments drive an :class:`Episode`; they read
the game only through its views.

Every step costs the same however long the game has run: the episode reads views whose log holds only
the latest action's events (``Game.view(seat, since=step)``), and keeps what the encoding needs from the
past itself (each seat's own cards on the pile), so nothing reads or copies the whole log.
:meth:`Episode.view` still gives the whole view, for bots and tools that want the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from idoubtit.bots.knowledge import own_cards_in_pile
from idoubtit.engine import Card, Decline, Doubt, Game, Phase, Play, Rules, View
from idoubtit.env import encoding

T = TypeVar("T")

#: Rewards at the end of a game: the winner gets +1, every other seat -1/(n-1), so they sum to zero.
WIN: Final = 1.0


class Episode:
    """One game. ``deciding`` names the seats whose decision is awaited, in turn order.

    ``keys`` are the seats' secrets for the encoding's choice of copies (:func:`encoding.pick`); by
    default each is made from the seat's hand when the episode starts.
    """

    def __init__(self, game: Game, keys: Sequence[bytes] | None = None) -> None:
        self.game = game
        players = game.rules.players
        self.building: dict[int, tuple[Card, ...]] = dict.fromkeys(range(players), ())
        #: Answers given in the open doubt window, not yet settled: seat → doubts?
        self.answers: dict[int, bool] = {}
        self.keys: tuple[bytes, ...] = (
            tuple(encoding.seat_key(game.view(seat, since=game.step).hand) for seat in range(players))
            if keys is None
            else tuple(keys)
        )
        #: Each seat's own cards on the pile (put there since it was last taken), kept as the game goes.
        self.own_in_pile: list[tuple[Card, ...]] = [() for _ in range(players)]
        if game.pile_size:  # an episode started on a game under way: read them once from the log
            self.own_in_pile = [_own_in_pile(game.view(seat)) for seat in range(players)]
        #: The views of the current position, as far as asked for: a view whose log is empty.
        self._views: dict[int, View] = {}
        #: Whatever was worked out from the current position (observations, their text), until it changes.
        self._memo: dict[Any, Any] = {}

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
        return self.memo("deciding", self._deciding)

    def _deciding(self) -> tuple[int, ...]:
        game = self.game
        if game.phase is Phase.OVER:
            return ()
        if game.phase is Phase.PLAY:
            return (game.to_play,)
        return tuple(seat for seat in game.awaiting if seat not in self.answers)

    def view(self, seat: int) -> View:
        """The seat's whole view, log included (its cost grows with the log: for bots and tools)."""
        return self.game.view(seat)

    def current(self, seat: int) -> View:
        """The seat's view of the current position with an empty log: what the encoding reads, at a cost
        that does not grow with the game."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat, since=self.game.step)
        return view

    def memo(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, worked out once for the current position (every action forgets it)."""
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo[key] = make()
            return value

    def observation(self, seat: int, *, copy: bool = True) -> encoding.Vector:
        """The seat's observation vector (``copy=False``: the episode's own, not to be written to)."""
        vector = self.memo(
            ("observation", seat),
            lambda: encoding.observe(self.current(seat), self.building[seat], self.own_in_pile[seat]),
        )
        return vector.copy() if copy else vector

    def legal(self, seat: int) -> list[int]:
        """The seat's legal action indices, sorted (a new list: worked out once per position)."""
        if seat not in self.deciding:
            return []
        return list(self.memo(("legal", seat), lambda: encoding.legal_actions(self.current(seat), self.building[seat])))

    def mask(self, seat: int) -> encoding.Mask:
        mask = encoding.action_mask(self.current(seat), self.building[seat])
        if seat not in self.deciding:
            mask[:] = 0
        return mask

    def act(self, seat: int, index: int) -> None:
        """Take action ``index`` for ``seat``; ValueError (naming the legal actions) if it is not legal now."""
        if seat not in self.deciding:
            raise ValueError(f"seat {seat} has no decision now; deciding: {list(self.deciding) or 'nobody'}")
        building, action = encoding.step(self.current(seat), self.building[seat], index, self.keys[seat])
        self.building[seat] = building
        self._memo.clear()
        if isinstance(action, Play):
            self._views.clear()
            self.game.play(action.seat, action.cards, action.rank)
            self.own_in_pile[seat] = (*self.own_in_pile[seat], *action.cards)
            self._after_action()
        elif isinstance(action, Doubt | Decline):
            self.answers[seat] = isinstance(action, Doubt)
            if not self.deciding:
                self._views.clear()
                self._settle()
                self._after_action()

    def _after_action(self) -> None:
        """The game moved on: forget the old position; an empty pile was taken (or never filled), so no
        seat has cards on it any more."""
        self._memo.clear()
        if not self.game.pile_size:
            self.own_in_pile = [() for _ in self.own_in_pile]

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
        twin = Episode.__new__(Episode)
        twin.game = self.game.copy()
        twin.building = dict(self.building)
        twin.answers = dict(self.answers)
        twin.keys = self.keys
        twin.own_in_pile = list(self.own_in_pile)
        twin._views = dict(self._views)  # views are immutable values: the twin may share them
        twin._memo = dict(self._memo)  # and so are the vectors and texts in the memo (never written to)
        return twin


def _own_in_pile(view: View) -> tuple[Card, ...]:
    return tuple(own_cards_in_pile(view))


def seats_in_turn_order(first: int, players: int) -> Sequence[int]:
    return [(first + offset) % players for offset in range(players)]
