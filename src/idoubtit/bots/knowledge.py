"""Facts a bot can read off its own view, shared by the bots that reason about cards."""

from __future__ import annotations

from collections.abc import Sequence

from idoubtit.engine import Card, Event, PileTaken, Played, Rank, View
from idoubtit.engine.rules import RANK_COPIES_PER_DECK


def own_cards_in_pile(view: View) -> list[Card]:
    """Cards this seat put on the pile since it was last taken (it knows them; nobody took them back)."""
    cards: list[Card] = []
    for event in reversed(view.log):
        if isinstance(event, PileTaken):
            break
        if isinstance(event, Played) and event.seat == view.seat and event.cards is not None:
            cards.extend(event.cards)
    return cards


def copies_of(rank: Rank, view: View) -> int:
    """How many cards of ``rank`` exist at this table."""
    return RANK_COPIES_PER_DECK * view.rules.deck_count


def claim_is_provably_false(view: View, own_in_pile: Sequence[Card] | None = None) -> bool:
    """True when the open claim names more cards of its rank than can be outside what this seat knows of.

    ``own_in_pile``: the seat's own cards on the pile, when the caller keeps them (the view's log is then
    not read, so a view of the current position alone will do)."""
    claim = view.claim
    if claim is None:
        return False
    known_elsewhere = sum(card.rank is claim.rank for card in view.hand)
    pile = own_cards_in_pile(view) if own_in_pile is None else own_in_pile
    known_elsewhere += sum(card.rank is claim.rank for card in pile)
    return claim.count + known_elsewhere > copies_of(claim.rank, view)


def rank_distance(view: View, rank: Rank) -> int:
    """How many turns from the due rank until ``rank`` is due again (0: it is due now)."""
    step = Rank.next_up if view.rules.ascending else Rank.next_down
    current, distance = view.due_rank, 0
    while current is not rank:
        current, distance = step(current), distance + 1
    return distance


def sizes_before(sizes: Sequence[int], events: Sequence[Event]) -> list[int]:
    """Hand sizes as they were before ``events``: the given sizes with those events' plays and pickups undone."""
    before = list(sizes)
    for event in events:
        if isinstance(event, Played):
            before[event.seat] += event.count
        elif isinstance(event, PileTaken):
            before[event.seat] -= event.count
    return before
