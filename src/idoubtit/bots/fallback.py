"""The play a table makes for a seat that gives no answer: a person away or idle past the turn timer, an
outside agent out of retries, a bot that chose something illegal.

It is meant to be plain and predictable rather than strong: the truth when the hand allows it, else one
card, the one this seat will miss least, announced as the due rank (so never a wrong rank, R7); in a doubt
window, decline.
"""

from __future__ import annotations

from idoubtit.engine import Action, Decline, Phase, Play, Rank, View, sort_key

#: Ranks this seat never announces get this many turns: more than any rank it does announce.
NEVER: int = 13


def own_turns_until_due(view: View, rank: Rank) -> int:
    """In how many of this seat's own turns ``rank`` is due for it (0: now), or :data:`NEVER`.

    The seat's own turns come once round the table of the seats still in (D1; V3 drops those who have
    finished), and the due rank moves one step every turn, whoever plays it (D2), down by R5 or up by V1.
    So each of the seat's turns is ``seats in`` steps further along. At a table whose size is a multiple
    of 13 (V4) the seat meets one rank only, and the others are never due for it.

    Only meaningful when it is the seat's turn (the due rank is then its own).
    """
    step = Rank.next_up if view.rules.ascending else Rank.next_down
    seats_in = view.rules.players - len(view.places)
    due = view.due_rank
    for turns in range(NEVER):
        if due is rank:
            return turns
        for _ in range(seats_in):
            due = step(due)
    return NEVER


def default_play(view: View) -> Play:
    """The truth if the hand allows it, else one card; announced as the due rank.

    A truthful play puts down every card of the due rank held (as many as V2 allows); otherwise the one
    card whose rank is due last among this seat's own coming turns, which the hand will miss least.

    >>> from idoubtit.engine import Game, Rules
    >>> game = Game.from_hands(Rules(4), ["KS 10S", "2C", "3C", "4C"])  # Aces due; four seats
    >>> str(default_play(game.view(0)))  # the 10 comes due on seat 0's next turn, the King ten turns on
    'play 0 KS as A'
    """
    assert view.seat is not None, "a spectator has no play"
    due = view.due_rank
    truthful = tuple(card for card in view.hand if card.rank is due)[: view.rules.max_cards_per_play]
    if truthful:
        return Play(view.seat, truthful, due)
    spare = max(sorted(view.hand, key=sort_key), key=lambda card: own_turns_until_due(view, card.rank))
    return Play(view.seat, (spare,), due)


def default_action(view: View) -> Action:
    """The action a table takes for a seat that gave no answer: decline a claim, or :func:`default_play`."""
    assert view.seat is not None, "a spectator has no action"
    return Decline(view.seat) if view.phase is Phase.DOUBT else default_play(view)
