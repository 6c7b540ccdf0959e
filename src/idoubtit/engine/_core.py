"""The one copy of the rules' transitions, which both doors of :class:`~idoubtit.engine.Game` run.

:class:`Core` holds a game's state and moves it on by one action at a time, writing the action and
its events as it goes (R4–R10, D1–D7, V1 and V3). It checks nothing: the checked door validates an
action first and then runs the same transition as the fast door, which trusts its caller.

The decisions are those of :mod:`idoubtit.engine.turns`, taken from the same tables (the seating, the
rank order) but written out in place where a call would cost a simulation dear.

The hot loop's idioms live here and nowhere else: enum members bound to plain names (reading
``Phase.PLAY`` looks the member up on the class every time), events built with ``tuple.__new__``
(events are named tuples, so this skips their Python ``__new__``), and the events that never vary
(a seat's decline, a window closed by all declining) built once and shared, as immutable values may be.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from idoubtit.engine.actions import Action, CloseWindow, Decline, Doubt, Play
from idoubtit.engine.cards import NEXT_RANK_DOWN, NEXT_RANK_UP, Card, Rank
from idoubtit.engine.events import (
    CloseReason,
    Declined,
    Doubted,
    Event,
    Finished,
    GameOver,
    PileTaken,
    Played,
    Revealed,
    RevealReason,
    WindowClosed,
    WrongRank,
)
from idoubtit.engine.rules import MAX_OPEN_TABLE, Rules
from idoubtit.engine.turns import seating
from idoubtit.engine.view import Claim, Phase

PLAY: Final = Phase.PLAY
DOUBT: Final = Phase.DOUBT
OVER: Final = Phase.OVER
_BY_DOUBT: Final = RevealReason.DOUBT
_BY_LAST_PLAY: Final = RevealReason.LAST_PLAY
_new: Final = tuple.__new__
#: A doubt's events (Doubted, Revealed, PileTaken) as the log holds them, in one tuple, since building
#: three events costs a simulation more than all the rest of the doubt: the seats in R9 order, the
#: claimant, the cards, the rank claimed, whether they were true, who took the pile, and the pile.
DoubtEntry = tuple[tuple[int, ...], int, tuple[Card, ...], Rank, bool, int, tuple[Card, ...]]
#: ``Declined(seat)`` for every seat a table can have.
_DECLINED: Final = tuple(Declined(seat) for seat in range(MAX_OPEN_TABLE))
_ALL_DECLINED: Final = WindowClosed(CloseReason.ALL_DECLINED)
_TIMER: Final = WindowClosed(CloseReason.TIMER)

#: V3: a game whose play on brings the same position round this often is called (see Core._count_position).
REPEATS_TO_CALL: Final = 3
#: A position a turn begins from, as V3's count of them keys it (see Core._count_position).
Position = tuple[int, Rank, tuple[tuple[int, ...], ...], tuple[int, ...]]

#: An action as stored, at no cost of its own: a play as its event (which holds all the play), a decline
#: or a timer's close as its event too, and a doubt as the seats that doubt (in the order given).
Record = Played | Declined | WindowClosed | tuple[int, ...]


def build_action(record: Record) -> Action:
    """The action a :data:`Record` stores."""
    kind = type(record)
    if kind is Played:
        return Play(record.seat, record.cards, record.rank)  # type: ignore[union-attr, arg-type]
    if kind is Declined:
        return Decline(record.seat)  # type: ignore[union-attr]
    if kind is WindowClosed:
        return CloseWindow()
    return Doubt(record)  # type: ignore[arg-type]


class Core:
    """A game's state, and the transitions that move it on. Every method trusts its caller."""

    __slots__ = (
        "_actions",
        "_active",
        "_after",
        "_claim",
        "_declined",
        "_due",
        "_events",
        "_hands",
        "_in_count",
        "_log",
        "_next_rank",
        "_offsets",
        "_phase",
        "_pile",
        "_places",
        "_play_on",
        "_players",
        "_positions",
        "_rules",
        "_shared",
        "_spelled",
        "_to_play",
    )

    def __init__(self, rules: Rules, hands: list[list[Card]], first: int) -> None:
        self._rules = rules
        self._hands = hands
        self._pile: list[Card] = []
        self._due = Rank.ACE  # R5: the first play of the game always announces Aces
        self._to_play = first
        self._phase = PLAY
        self._claim: Played | None = None  # the play open to doubt: its event holds all of it
        self._declined: set[int] = set()
        self._active = [True] * rules.players
        self._places: list[int] = []
        self._next_rank = NEXT_RANK_UP if rules.ascending else NEXT_RANK_DOWN  # V1 / R5
        self._players = rules.players
        self._play_on = rules.play_on_for_places  # V3
        self._in_count = rules.players  # how many seats are still in (V3 lets some finish early)
        #: V3's play on: how often each position has begun a turn since the first player finished.
        self._positions: dict[Position, int] = {}
        self._after, self._offsets = seating(rules.players)
        self._actions: list[Record] = []
        # The log, written by every action as it goes: each event, but a doubt's three as one DoubtEntry.
        self._log: list[Event | DoubtEntry] = []
        self._events: list[Event] = []  # the log spelled out, every event in full, as far as it was read
        self._spelled = 0  # how many entries of the log are spelled out
        # Whether the history lists (actions, log, events) may be another copy's too: the next action
        # then gives this state lists of its own first (copy on write), so a copy costs O(1) in history.
        self._shared = False

    def _copy_core(self, clone: Core) -> None:
        """Give ``clone`` an independent copy of this state (the immutable parts are shared)."""
        clone._rules, clone._players, clone._play_on = self._rules, self._players, self._play_on
        clone._next_rank, clone._after, clone._offsets = self._next_rank, self._after, self._offsets
        clone._hands = [list(hand) for hand in self._hands]
        clone._pile = list(self._pile)
        clone._due, clone._to_play, clone._phase, clone._claim = self._due, self._to_play, self._phase, self._claim
        clone._declined = set(self._declined)
        clone._active = list(self._active)
        clone._in_count = self._in_count
        clone._places = list(self._places)
        clone._positions = self._positions.copy()
        # The history only grows, and only an action writes it: the copy shares it until either side acts
        # (see _own_history). Spelled out first, so that reading it never writes to the shared lists.
        self._spelled_events()
        clone._actions, clone._log, clone._events = self._actions, self._log, self._events
        clone._spelled = self._spelled
        self._shared = clone._shared = True

    def _own_history(self) -> None:
        """Before an action writes the history: copies of the lists this state shares with a copy of it."""
        self._actions = list(self._actions)
        self._log = list(self._log)
        self._events = list(self._events)
        self._shared = False

    @property
    def claim(self) -> Claim | None:
        """The claim open to doubt (seat, count, rank), or None outside a doubt window."""
        if self._claim is None:
            return None
        claim = self._claim
        return Claim(claim.seat, claim.count, claim.rank)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Seats that may act now: the seat to play, or the seats that may still doubt or decline."""
        phase = self._phase
        if phase is PLAY:
            return (self._to_play,)
        if phase is DOUBT:
            active, declined = self._active, self._declined
            if not declined and self._in_count == self._players:  # the common case, worked out once
                return self._after[self._to_play]
            return tuple([seat for seat in self._after[self._to_play] if active[seat] and seat not in declined])
        return ()

    # ----------------------------------------------------------------------------------------------
    # The transitions, one per kind of action: the fast door, which the checked door runs as well

    def play_unchecked(self, seat: int, cards: tuple[Card, ...], rank: Rank | None = None) -> Phase:
        """:meth:`~idoubtit.engine.Game.play` without checks: the caller must be sure that ``seat`` is to
        play, holds ``cards`` (a non-empty tuple within any V2 cap) and that the phase is PLAY. ``rank``
        defaults to the due rank. Returns the phase the game is in now, so that a simulation need not ask.

        R4: the cards go on the pile; R7 and R10 are settled at once, or the doubt window opens (D3).
        """
        if self._shared:
            self._own_history()
        hand = self._hands[seat]
        for card in cards:
            hand.remove(card)
        due = self._due
        if rank is None:
            rank = due
        self._pile.extend(cards)
        played = _new(Played, (seat, len(cards), rank, cards))
        self._actions.append(played)
        self._log.append(played)
        if rank is not due:  # R7: a wrong announcement takes the pile, own cards included
            self._log.append(_new(WrongRank, (seat, rank, due)))
            self._take_pile(seat)
            self._end_turn()
            return self._phase
        if not hand:  # R10: the last play is always turned up
            return self._reveal_last_play(seat, cards, rank)
        self._phase = DOUBT
        self._claim = played
        self._declined = set()
        return DOUBT

    def doubt_unchecked(self, seats: Sequence[int]) -> Phase:
        """:meth:`~idoubtit.engine.Game.doubt` without checks: the caller must be sure the window is open
        and that every seat (named once) may doubt. Returns the phase the game is in now (always PLAY: D4).

        R9: the official doubter is the one nearest the claimant's left; R8: the pile goes to the claimant
        if a card is not of the claimed rank, else to the official doubter.
        """
        if self._shared:
            self._own_history()
        seats = tuple(seats)
        claimant, _, rank, cards = self._claim  # type: ignore[misc]  # a doubt needs an open claim
        assert cards is not None  # a claim's event holds its cards
        # turns.official_doubter, is_truthful and pile_taker, written out
        ordered = seats if len(seats) == 1 else tuple(sorted(seats, key=self._offsets[claimant].__getitem__))
        taker = ordered[0]
        truthful = True
        for card in cards:
            if card.rank is not rank:
                truthful = False
                taker = claimant
                break
        self._actions.append(seats)
        pile = self._pile
        self._hands[taker].extend(pile)
        self._pile = []
        self._log.append((ordered, claimant, cards, rank, truthful, taker, tuple(pile)))
        self._end_turn()  # D4: the pile is empty and play goes on with the next player
        return self._phase

    def decline_unchecked(self, seat: int) -> Phase:
        """:meth:`~idoubtit.engine.Game.decline` without checks: the caller must be sure ``seat`` may still
        answer the claim. Returns the phase the game is in now.

        D3: the window closes once every other seat still in has declined.
        """
        if self._shared:
            self._own_history()
        event = _DECLINED[seat]
        self._actions.append(event)
        self._log.append(event)
        declined = self._declined
        declined.add(seat)
        if len(declined) == self._in_count - 1:
            self._log.append(_ALL_DECLINED)
            self._end_turn()
            return self._phase
        return DOUBT

    def close_window_unchecked(self) -> Phase:
        """:meth:`~idoubtit.engine.Game.close_window` without checks: the caller must be sure the window is
        open. Returns the phase the game is in now (always PLAY).

        D3: the table's doubt timer ran out; the window closes with no doubt.
        """
        if self._shared:
            self._own_history()
        self._actions.append(_TIMER)
        self._log.append(_TIMER)
        self._end_turn()
        return self._phase

    def _spelled_events(self) -> list[Event]:
        """Every event so far, in full: the log with each doubt's entry spelled out as its three events."""
        if self._spelled < len(self._log):
            self._events_from(self._spelled)
        return self._events

    def _events_from(self, entry: int) -> list[Event]:
        """Spell the log out to its end, and return the events of its entries from ``entry`` on."""
        log = self._log
        if self._spelled < entry:  # entries written by the fast door before
            self._events += _spelled(log[self._spelled : entry])
        new = _spelled(log[entry:])
        self._events += new
        self._spelled = len(log)
        return new

    # ----------------------------------------------------------------------------------------------
    # Rule mechanics

    def _reveal_last_play(self, seat: int, cards: tuple[Card, ...], rank: Rank) -> Phase:
        truthful = True
        for card in cards:
            if card.rank is not rank:
                truthful = False
                break
        self._log.append(_new(Revealed, (seat, cards, rank, truthful, _BY_LAST_PLAY)))
        if not truthful:  # R10: not true, so the player takes the pile and play goes on
            self._take_pile(seat)
            self._end_turn()
            return self._phase
        self._active[seat] = False
        self._in_count -= 1
        self._places.append(seat)
        self._log.append(_new(Finished, (seat, len(self._places))))
        if not self._play_on or self._in_count == 1:  # D7 / V3
            self._end_game()
            return OVER
        # V3: the truthful cards stay on the pile; the next player still in carries on.
        self._end_turn()
        return self._phase

    def _end_game(self, called: bool = False) -> None:
        """D7/V3: the game is over. Under V3 those still in take the places left (one seat, unless the game
        was called) by the cards they hold, fewest first, equal hands in turn order from the seat to play."""
        if self._play_on:
            hands, active = self._hands, self._active
            still_in = [seat for seat in (self._to_play, *self._after[self._to_play]) if active[seat]]
            self._places.extend(sorted(still_in, key=lambda seat: len(hands[seat])))
        self._phase = OVER
        self._claim = None
        self._log.append(_new(GameOver, (self._places[0], tuple(self._places), called)))

    def _count_position(self) -> None:
        """V3, once a player has finished: a position that begins a turn for the third time calls the game.

        The rules' text is silent on a play-on that never ends, and two players who both know where every
        card is can pass the same cards back and forth for ever. The project's decision: the position a
        turn begins from (whose turn, the due rank, every hand and the pile, as sets of cards) coming round
        a third time ends the game, and those still in take the places left by the cards they hold, fewest
        first; equal hands in turn order from the player whose turn it was.
        """
        # A card's hash is its index in the deck, so sorted hashes are the hand as a set (copies repeat).
        position = (
            self._to_play,
            self._due,
            tuple([tuple(sorted(map(hash, hand))) for hand in self._hands]),
            tuple(sorted(map(hash, self._pile))),
        )
        seen = self._positions.get(position, 0) + 1
        self._positions[position] = seen
        if seen >= REPEATS_TO_CALL:
            self._end_game(called=True)

    def _take_pile(self, seat: int) -> None:
        taken = tuple(self._pile)
        self._hands[seat].extend(taken)
        self._pile = []
        self._log.append(_new(PileTaken, (seat, len(taken), taken)))

    def _end_turn(self) -> None:
        """D1/D2: the turn passes to the next seat still in after the discarder; the due rank advances
        (:func:`~idoubtit.engine.turns.next_to_play` and :func:`~idoubtit.engine.turns.rank_after`)."""
        self._due = self._next_rank[self._due]
        active = self._active
        for seat in self._after[self._to_play]:
            if active[seat]:
                break
        else:  # every other seat is out: the turn stays
            seat = self._to_play
        self._to_play = seat
        self._phase = PLAY
        self._claim = None
        if self._play_on and self._in_count < self._players:
            self._count_position()


def _spelled(entries: list[Event | DoubtEntry]) -> list[Event]:
    """Entries of the log as events: each doubt's entry spelled out as its three events, the rest as they are."""
    events: list[Event] = []
    for entry in entries:
        if type(entry) is tuple:  # a doubt; every event is of a type of its own
            ordered, claimant, cards, rank, truthful, taker, taken = entry  # type: ignore[misc]
            events.append(_new(Doubted, (ordered, ordered[0])))
            events.append(_new(Revealed, (claimant, cards, rank, truthful, _BY_DOUBT)))
            events.append(_new(PileTaken, (taker, len(taken), taken)))
        else:
            events.append(entry)  # type: ignore[arg-type]
    return events
