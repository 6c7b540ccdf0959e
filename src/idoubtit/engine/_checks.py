"""The checked door's checks: each says what is wrong with an action and in which state.

:class:`Checks` adds to the game's state (:class:`~idoubtit.engine._core.Core`) the methods that raise
an :class:`~idoubtit.engine.errors.IDoubtItError` naming the action, the reason (with the rule it
breaks) and the state; they change nothing, so a refused action leaves the game as it was.
"""

from __future__ import annotations

from idoubtit.engine._core import Core
from idoubtit.engine.actions import Action, Doubt, Play
from idoubtit.engine.cards import Card, Rank
from idoubtit.engine.errors import IllegalActionError, MalformedInputError
from idoubtit.engine.rules import Rules
from idoubtit.engine.view import Phase


class Checks(Core):
    """The checks of the checked door, in the order the reasons are given."""

    __slots__ = ()

    def _state(self) -> str:
        if self._phase is Phase.OVER:
            return f"game over, places {list(self._places)}"
        if self._phase is Phase.DOUBT:
            claim = self.claim
            assert claim is not None
            return (
                f"doubt window on seat {claim.seat}'s claim of {claim.count} x {claim.rank.symbol},"
                f" awaiting seats {list(self.awaiting)}"
            )
        return f"seat {self._to_play} to play, due rank {self._due.symbol}"

    def _refuse(self, described: Action | str, code: str, why: str, **details: object) -> None:
        raise IllegalActionError(f"{described}: {why} [{self._state()}]", code, **details)

    def _check_seat(self, seat: int, described: Action | str) -> None:
        players = self._players
        if type(seat) is not int or not 0 <= seat < players:
            raise MalformedInputError(f"{described}: {seat!r} is not a seat; seats are 0 to {players - 1}")

    def _check_phase(self, phase: Phase, described: Action | str) -> None:
        if self._phase is phase:
            return
        if self._phase is Phase.OVER:
            self._refuse(described, "game_over", "the game is over")
        if self._phase is Phase.DOUBT:
            self._refuse(
                described, "window_open", "the doubt window is open: the awaited seats may doubt or decline (D3)"
            )
        self._refuse(described, "no_window", f"no doubt window is open; seat {self._to_play} must play")

    def _checked_announcement(self, rank: Rank | str | None, described: Action | str) -> Rank | None:
        if rank is None:
            if self._rules.strict_announcing:
                self._refuse(described, "rank_required", "V5 strict announcing is on: the play must state its rank")
            return None
        if isinstance(rank, str):
            return Rank.parse(rank)
        if not isinstance(rank, Rank):
            raise MalformedInputError(f"{described}: {rank!r} is not a rank")
        return rank

    def _check_play(self, seat: int, parsed: tuple[Card, ...], announced: Rank | None) -> None:
        """Every check of a play but the announcement's, in the order the reasons are given."""
        described = Play(seat, parsed, announced)
        self._check_phase(Phase.PLAY, described)
        if seat != self._to_play:
            self._refuse(
                described, "not_your_turn", f"it is seat {self._to_play}'s turn to play, not seat {seat}'s (D1)"
            )
        self._check_card_count(parsed, described)
        self._check_held(seat, parsed, described)

    def _may_answer(self, seats: tuple[int, ...]) -> bool:
        """True when there are seats and each may doubt or decline the claim now (the window is open)."""
        if not seats or self._claim is None:
            return False
        players, claimant, active, declined = self._players, self._claim.seat, self._active, self._declined
        for seat in seats:
            if type(seat) is not int or not 0 <= seat < players or seat == claimant or not active[seat]:
                return False
            if seat in declined:
                return False
        return True

    def _check_doubt(self, seats: tuple[int, ...]) -> None:
        described = Doubt(seats)
        if not seats:
            raise MalformedInputError("a doubt needs at least one seat")
        for seat in seats:
            self._check_seat(seat, described)
        if len(set(seats)) != len(seats):
            raise MalformedInputError(f"{described}: a seat is named twice")
        self._check_phase(Phase.DOUBT, described)
        for seat in seats:
            self._check_may_answer(seat, described)

    def _check_card_count(self, cards: tuple[Card, ...], described: Action | str) -> None:
        if not cards:
            self._refuse(described, "empty_play", "a play puts down one or more cards (R4)")
        cap = self._rules.max_cards_per_play
        if cap is not None and len(cards) > cap:
            self._refuse(described, "over_cap", f"V2 caps a play at {cap} cards, not {len(cards)}", cap=cap)

    def _check_held(self, seat: int, cards: tuple[Card, ...], described: Action | str) -> None:
        remaining = list(self._hands[seat])
        for card in cards:
            if card not in remaining:
                held_once = card in self._hands[seat]
                self._refuse(
                    described,
                    "not_held",
                    f"seat {seat} does not hold {'another ' if held_once else ''}{card}",
                    card=card,
                )
            remaining.remove(card)

    def _check_may_answer(self, seat: int, described: Action | str) -> None:
        assert self._claim is not None
        if seat == self._claim.seat:
            self._refuse(described, "own_claim", f"seat {seat} made the claim and cannot doubt or decline it (R8)")
        if not self._active[seat]:
            self._refuse(described, "finished", f"seat {seat} has finished and takes no part (V3)")
        if seat in self._declined:
            self._refuse(described, "already_declined", f"seat {seat} has already declined this claim (D3)")


def check_first(rules: Rules, first: int) -> None:
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < rules.players:
        raise MalformedInputError(f"first player {first!r} is not a seat; seats are 0 to {rules.players - 1}")


def check_copies(cards: list[Card], decks: int) -> None:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    too_many = sorted(str(card) for card, count in counts.items() if count > decks)
    if too_many:
        raise MalformedInputError(
            f"{', '.join(too_many)} dealt more than {decks} time(s): {decks} deck(s) hold each card {decks} time(s)"
        )
