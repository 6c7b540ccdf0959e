"""The rules' small decisions as pure functions of plain values, for simulators with a state of their own.

A simulation that keeps a compact state (counts by rank, say, instead of a :class:`~idoubtit.engine.Game`)
can take its decisions from here and agree with the engine: the engine's own transitions read the same
tables (:func:`seating`, and the rank order of :mod:`idoubtit.engine.cards`). These functions are a
stable part of the engine's API.

>>> official_doubter(4, claimant=1, seats=(0, 3))  # seat 3 sits nearer seat 1's left than seat 0 (R9)
3
>>> next_to_play(4, 3, active=[True, False, True, True])  # seat 1 has finished (V3): seat 0, then 2
0
>>> rank_after(Rank.ACE, ascending=False), rank_after(Rank.KING, ascending=True)
(<Rank.KING: 13>, <Rank.ACE: 1>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from idoubtit.engine.cards import NEXT_RANK_DOWN, NEXT_RANK_UP, Card, Rank


@cache
def seating(players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """D1 turn order for a table size, worked out once: ``after[seat]``, the other seats in turn order
    after ``seat``; and ``offsets[seat][other]``, how far to ``seat``'s left ``other`` sits (R9)."""
    twice = [*range(players), *range(players)]
    after = tuple([tuple(twice[seat + 1 : seat + players]) for seat in range(players)])
    offsets = tuple([tuple(twice[players - seat : 2 * players - seat]) for seat in range(players)])
    return after, offsets


def rank_after(rank: Rank, ascending: bool) -> Rank:
    """R5 and D2: the rank due on the turn after one on which ``rank`` was due (V1: ``ascending``)."""
    return (NEXT_RANK_UP if ascending else NEXT_RANK_DOWN)[rank]


def next_to_play(players: int, seat: int, active: Sequence[bool]) -> int:
    """D1: who plays after ``seat``: the next seat in turn order still in (``active``), else ``seat``."""
    for other in seating(players)[0][seat]:
        if active[other]:
            return other
    return seat


def official_doubter(players: int, claimant: int, seats: Iterable[int]) -> int:
    """R9: of ``seats`` doubting ``claimant``'s claim together, the one nearest the claimant's left."""
    return min(seats, key=seating(players)[1][claimant].__getitem__)


def is_truthful(cards: Iterable[Card], rank: Rank) -> bool:
    """R8/R10: whether every card put down is of the rank claimed."""
    return all(card.rank is rank for card in cards)


def pile_taker(claimant: int, doubter: int, truthful: bool) -> int:
    """R8: who takes the pile after a doubt: the doubter if the claim was true, else the claimant."""
    return doubter if truthful else claimant
