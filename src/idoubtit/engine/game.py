"""The rules of I Doubt It as a pure state machine (RULES.md R1–R10, D1–D8, V1–V5).

Two doors lead in. The checked door (:meth:`Game.play`, :meth:`Game.doubt`, :meth:`Game.decline`,
:meth:`Game.close_window`, :meth:`Game.apply`) validates every action and raises an
:class:`~idoubtit.engine.errors.IDoubtItError` that leaves the game unchanged. The fast door
(the ``*_unchecked`` methods) skips validation for simulations whose caller already knows the
action is legal, and writes only the action: the events of such actions are written all at once,
by replaying the game from its deal, the next time anything reads the log (a view, the events, or
the checked door). Game data leaves only through :meth:`Game.view`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import starmap
from typing import Any, Final

from idoubtit.engine.actions import Action, CloseWindow, Decline, Doubt, Play, parse_action
from idoubtit.engine.cards import (
    CARD_IDS,
    NEXT_RANK_DOWN,
    NEXT_RANK_UP,
    STANDARD_DECK,
    Card,
    Rank,
    parse_cards,
    sort_key,
)
from idoubtit.engine.errors import IllegalActionError, MalformedInputError
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
from idoubtit.engine.rules import RANK_COPIES_PER_DECK, Rules
from idoubtit.engine.view import Claim, Phase, SeatStats, View

RECORD_FORMAT: Final = "idoubtit-record/1"

# Enum members as plain names: reading ``Phase.PLAY`` looks the member up on the class every time.
_PLAY: Final = Phase.PLAY
_DOUBT: Final = Phase.DOUBT
_OVER: Final = Phase.OVER
_BY_DOUBT: Final = RevealReason.DOUBT
_BY_LAST_PLAY: Final = RevealReason.LAST_PLAY
_ALL_DECLINED: Final = CloseReason.ALL_DECLINED
_TIMER: Final = CloseReason.TIMER

#: An action as stored: its class and the arguments that build it.
_Record = tuple[Any, ...]
#: An event as stored: its type and its fields. Events are named tuples, so ``tuple.__new__(*record)``
#: builds one without running any Python code.
_EventRecord = tuple[type[Event], tuple[Any, ...]]
_new: Final = tuple.__new__


def _build(record: _Record) -> Any:
    return record[0](*record[1:])


class Game:
    """One game of I Doubt It. Start it with :meth:`deal`, :meth:`from_hands` or :meth:`replay`.

    >>> game = Game.from_hands(Rules(3), [["AS", "KD"], ["AH", "2C"], ["QS", "3D"]])
    >>> [str(event.rank) for event in game.play(0, ["AS"])]
    ['A']
    >>> game.phase, game.to_play
    (<Phase.DOUBT: 'doubt'>, 0)
    >>> type(game.doubt(2)[-1]).__name__, game.hand_sizes
    ('PileTaken', (1, 2, 3))
    """

    __slots__ = (
        "_actions",
        "_active",
        "_after",
        "_claim",
        "_dealt",
        "_declined",
        "_due",
        "_event_objects",
        "_events",
        "_first",
        "_hands",
        "_in_count",
        "_next_rank",
        "_offsets",
        "_phase",
        "_pile",
        "_places",
        "_players",
        "_reader_logs",
        "_rules",
        "_seed",
        "_summary",
        "_to_play",
        "_unlogged",
    )

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], first: int, seed: int | None) -> None:
        """Prefer :meth:`deal` or :meth:`from_hands`, which check their input."""
        self._rules = rules
        self._seed = seed
        self._first = first
        self._dealt = tuple(tuple(hand) for hand in hands)
        self._hands = [list(hand) for hand in hands]
        self._pile: list[Card] = []
        self._due = Rank.ACE  # R5: the first play of the game always announces Aces
        self._to_play = first
        self._phase = Phase.PLAY
        self._claim: tuple[int, tuple[Card, ...], Rank] | None = None
        self._declined: set[int] = set()
        self._active = [True] * rules.players
        self._places: list[int] = []
        self._next_rank = NEXT_RANK_UP if rules.ascending else NEXT_RANK_DOWN  # V1 / R5
        self._players = rules.players
        self._in_count = rules.players  # how many seats are still in (V3 lets some finish early)
        self._after, self._offsets = _seating(rules.players)
        # Actions and events are kept as raw records (see _Record and _EventRecord) and only built into
        # objects when read: simulations that never read them do not pay for them.
        self._actions: list[_Record] = []
        self._events: list[_EventRecord] = []
        self._event_objects: list[Event] = []  # the events built so far, in full (with every secret)
        self._unlogged = False  # True once the fast door has taken actions whose events are not written
        # Each reader's log (seats, then spectators last), filled in lazily when a view asks for it.
        self._reader_logs: list[list[Event]] = [[] for _ in range(rules.players + 1)]
        # Every hand and every seat's numbers, worked out once the game is over and a view asks for them.
        self._summary: tuple[tuple[tuple[Card, ...], ...], tuple[SeatStats, ...]] | None = None

    # ----------------------------------------------------------------------------------------------
    # Starting a game

    @classmethod
    def deal(cls, rules: Rules, seed: int, first: int = 0) -> Game:
        """Shuffle every card with ``random.Random(seed)`` and deal them all (R3), starting at ``first`` (D6)."""
        _check_first(rules, first)
        decks = rules.deck_count
        deck = list(STANDARD_DECK) if decks == 1 else [card for card in STANDARD_DECK for _ in range(decks)]
        random.Random(seed).shuffle(deck)
        players = rules.players
        # The card at position p goes to seat (first + p) % players: every players-th card from the
        # position that reaches each seat first.
        return cls(rules, [deck[(seat - first) % players :: players] for seat in range(players)], first, seed)

    @classmethod
    def from_hands(cls, rules: Rules, hands: Sequence[Iterable[Card | str] | str], first: int = 0) -> Game:
        """Start from an explicit deal (cards or card notation), for tests, puzzles and replays.

        Not every card need be dealt, but no card may appear more often than the decks hold it.
        """
        _check_first(rules, first)
        if len(hands) != rules.players:
            raise MalformedInputError(f"{len(hands)} hands given for a table of {rules.players} players")
        parsed = [parse_cards(hand) for hand in hands]
        for seat, hand in enumerate(parsed):
            if not hand:
                raise MalformedInputError(f"seat {seat} was dealt no cards; every seat needs at least one")
        _check_copies([card for hand in parsed for card in hand], rules.deck_count)
        return cls(rules, parsed, first, None)

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`record` by replaying every action through the checked door."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise MalformedInputError(f"not a game record: it needs 'format': {RECORD_FORMAT!r}")
        rules = Rules.from_dict(record.get("rules", {}))
        first = record.get("first", 0)
        if "seed" in record:
            game = cls.deal(rules, record["seed"], first)
        else:
            game = cls.from_hands(rules, record.get("hands", []), first)
        for text in record.get("actions", []):
            game.apply(parse_action(text))
        return game

    def record(self) -> dict[str, Any]:
        """The game as a plain dict: rules, the deal (a seed, or the hands) and every action in notation."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "rules": self._rules.to_dict(), "first": self._first}
        if self._seed is not None:
            data["seed"] = self._seed
        else:
            data["hands"] = [[str(card) for card in hand] for hand in self._dealt]
        data["actions"] = [str(action) for action in self.actions()]
        return data

    def copy(self) -> Game:
        """An independent copy of the game (for search: try actions without touching the original)."""
        clone = Game.__new__(Game)
        clone._rules, clone._seed, clone._first, clone._dealt = self._rules, self._seed, self._first, self._dealt
        clone._hands = [list(hand) for hand in self._hands]
        clone._pile = list(self._pile)
        clone._due, clone._to_play, clone._phase, clone._claim = self._due, self._to_play, self._phase, self._claim
        clone._next_rank, clone._players, clone._after, clone._offsets = (
            self._next_rank,
            self._players,
            self._after,
            self._offsets,
        )
        clone._declined = set(self._declined)
        clone._active = list(self._active)
        clone._in_count = self._in_count
        clone._places = list(self._places)
        clone._actions = list(self._actions)
        clone._events = list(self._events)
        clone._unlogged = self._unlogged
        clone._event_objects = list(self._event_objects)
        clone._reader_logs = [list(log) for log in self._reader_logs]
        clone._summary = self._summary
        return clone

    # ----------------------------------------------------------------------------------------------
    # Reading the state (public facts only; hands are for the holder, through view())

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def first(self) -> int:
        """The seat that played first (D8)."""
        return self._first

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_play(self) -> int:
        """The seat that must discard, or during a doubt window the seat that just discarded."""
        return self._to_play

    @property
    def due_rank(self) -> Rank:
        """The rank the current play must announce (or, in a doubt window, the rank just claimed)."""
        return self._due

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._hands))

    @property
    def pile_size(self) -> int:
        return len(self._pile)

    @property
    def winner(self) -> int | None:
        return self._places[0] if self._places else None

    @property
    def places(self) -> tuple[int, ...]:
        """Seats in finishing order so far (the winner first; under V3 every place once over)."""
        return tuple(self._places)

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def step(self) -> int:
        """How many actions the game has taken: a state id that changes with every action."""
        return len(self._actions)

    @property
    def claim(self) -> Claim | None:
        """The claim open to doubt (seat, count, rank), or None outside a doubt window."""
        if self._claim is None:
            return None
        seat, cards, rank = self._claim
        return Claim(seat, len(cards), rank)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Seats that may act now: the seat to play, or the seats that may still doubt or decline."""
        phase = self._phase
        if phase is _PLAY:
            return (self._to_play,)
        if phase is _DOUBT:
            active, declined = self._active, self._declined
            if not declined and self._in_count == self._players:  # the common case, worked out once
                return self._after[self._to_play]
            return tuple([seat for seat in self._after[self._to_play] if active[seat] and seat not in declined])
        return ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, sorted (R5 order, then suit). Show them only to that seat."""
        if type(seat) is not int or not 0 <= seat < self._players:
            self._check_seat(seat, "hand")
        return tuple(sorted(self._hands[seat], key=sort_key))

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds in no set order: :meth:`hand` without the sorting, for simulations
        that pick cards by chance. Show them only to that seat."""
        if type(seat) is not int or not 0 <= seat < self._players:
            self._check_seat(seat, "held")
        return tuple(self._hands[seat])

    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know (``None``: a spectator). The only way game data leaves the engine."""
        if seat is not None:
            self._check_seat(seat, "view")
        final_hands, stats = self._final() if self._phase is _OVER else (None, None)
        return View(
            seat=seat,
            rules=self._rules,
            step=len(self._actions),
            phase=self._phase,
            to_play=self._to_play,
            due_rank=self._due,
            hand=() if seat is None else tuple(sorted(self._hands[seat], key=sort_key)),
            hand_sizes=self.hand_sizes,
            pile_size=len(self._pile),
            claim=self.claim,
            awaiting=self.awaiting,
            winner=self.winner,
            places=tuple(self._places),
            log=self._log_for(seat),
            final_hands=final_hands,
            stats=stats,
        )

    def _final(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[SeatStats, ...]]:
        """Once the game is over: every seat's hand face up, and every seat's numbers (from the log)."""
        summary = self._summary
        if summary is None:
            hands = tuple(tuple(sorted(hand, key=sort_key)) for hand in self._hands)
            summary = self._summary = (hands, game_stats(self._built_events(), self._players))
        return summary

    def actions(self) -> tuple[Action, ...]:
        """Every action taken so far, in order (plays with their announced rank filled in)."""
        return tuple(_build(record) for record in self._actions)

    def events(self) -> tuple[Event, ...]:
        """Every event so far, in full, secrets included: for the referee, never for a player (use view())."""
        return tuple(self._built_events())

    # ----------------------------------------------------------------------------------------------
    # The checked door

    def apply(self, action: Action) -> list[Event]:
        """Take any action through the checked door."""
        if isinstance(action, Play):
            return self.play(action.seat, action.cards, action.rank)
        if isinstance(action, Doubt):
            return self.doubt(*action.seats)
        if isinstance(action, Decline):
            return self.decline(action.seat)
        if isinstance(action, CloseWindow):
            return self.close_window()
        raise MalformedInputError(f"{action!r} is not an action; actions are Play, Doubt, Decline, CloseWindow")

    def play(self, seat: int, cards: Iterable[Card | str] | str, rank: Rank | str | None = None) -> list[Event]:
        """R4: ``seat`` puts ``cards`` face down announcing ``rank`` (default: the due rank, unless V5).

        Announcing a rank other than the due one takes the pile (R7). A play that empties the hand is
        turned up at once (R10). Otherwise the doubt window opens.
        """
        if type(seat) is not int or not 0 <= seat < self._players:
            self._check_seat(seat, "play")
        if type(cards) is tuple or type(cards) is list:
            parsed = tuple(cards)
            if not CARD_IDS.issuperset(map(id, parsed)):
                parsed = parse_cards(parsed)
        else:
            parsed = parse_cards(cards)
        rules = self._rules
        if type(rank) is Rank or (rank is None and not rules.strict_announcing):
            announced = rank
        else:
            announced = self._checked_announcement(rank, f"play by seat {seat}")
        if (
            self._phase is not _PLAY
            or seat != self._to_play
            or not parsed
            or (rules.capped_plays and len(parsed) > rules.deck_count * RANK_COPIES_PER_DECK)
        ):
            self._check_play(seat, parsed, announced)  # raises: it says what is wrong
        # The cards must be held, as many times as they are played (two decks hold two of each card, R1):
        # take them out of a copy of the hand. Cards are shared objects, so this compares identities.
        remaining = self._hands[seat].copy()
        try:
            for card in parsed:
                remaining.remove(card)
        except ValueError:
            self._check_held(seat, parsed, Play(seat, parsed, announced))  # raises
        mark = self._log_mark()
        self._hands[seat] = remaining
        self._put_down(seat, parsed, self._due if announced is None else announced, remaining)
        return self._events_since(mark)

    def doubt(self, *seats: int) -> list[Event]:
        """R8/R9: these seats say "I doubt it" at the same moment; resolves the doubt at once."""
        if (
            self._phase is not _DOUBT
            or not self._may_answer(seats)
            or (len(seats) > 1 and len(set(seats)) != len(seats))
        ):
            self._check_doubt(seats)  # raises: it says what is wrong
        mark = self._log_mark()
        self._doubt_logged(tuple(seats))
        return self._events_since(mark)

    def decline(self, seat: int) -> list[Event]:
        """D3: ``seat`` will not doubt; the window closes once every other player has declined."""
        if self._phase is not _DOUBT or not self._may_answer((seat,)):
            described = Decline(seat)
            self._check_seat(seat, described)
            self._check_phase(Phase.DOUBT, described)
            self._check_may_answer(seat, described)
        mark = self._log_mark()
        self._decline_logged(seat)
        return self._events_since(mark)

    def close_window(self) -> list[Event]:
        """D3: the table's doubt timer ran out; the window closes with no doubt."""
        self._check_phase(Phase.DOUBT, "close")
        mark = self._log_mark()
        self._close_window_logged()
        return self._events_since(mark)

    # ----------------------------------------------------------------------------------------------
    # The fast door: no validation; it returns only the phase. The caller must be sure the action is legal.

    def apply_unchecked(self, action: Action) -> Phase:
        """Take an action known to be legal (see :meth:`play_unchecked`). Returns the phase the game is
        in now; read :meth:`view` (or :meth:`events`) for what happened."""
        if isinstance(action, Play):
            return self.play_unchecked(action.seat, action.cards, action.rank)
        if isinstance(action, Doubt):
            return self.doubt_unchecked(action.seats)
        if isinstance(action, Decline):
            return self.decline_unchecked(action.seat)
        return self.close_window_unchecked()

    def play_unchecked(self, seat: int, cards: tuple[Card, ...], rank: Rank | None = None) -> Phase:
        """:meth:`play` without checks: the caller must be sure that ``seat`` is to play, holds
        ``cards`` (a non-empty tuple within any V2 cap) and that the phase is PLAY. ``rank`` defaults to
        the due rank. Returns the phase the game is in now, so that a simulation need not ask."""
        hand = self._hands[seat]
        for card in cards:
            hand.remove(card)
        if rank is None:
            rank = self._due
        self._unlogged = True
        if rank is not self._due or not hand:  # R7 or R10: settled at once, rarely; the logged way
            self._put_down(seat, cards, rank, hand)
            return self._phase
        self._pile.extend(cards)
        self._actions.append((Play, seat, cards, rank))
        self._claim = (seat, cards, rank)
        self._declined = set()
        self._phase = _DOUBT
        return _DOUBT

    def doubt_unchecked(self, seats: Sequence[int]) -> Phase:
        """:meth:`doubt` without checks: the caller must be sure the window is open and every seat may
        doubt. Returns the phase the game is in now (always PLAY: D4)."""
        assert self._claim is not None
        claimant, cards, rank = self._claim
        seats = tuple(seats)
        self._actions.append((Doubt, seats))
        self._unlogged = True
        taker = seats[0] if len(seats) == 1 else min(seats, key=self._offsets[claimant].__getitem__)  # R9
        for card in cards:
            if card.rank is not rank:
                taker = claimant  # R8: a lie, so the claimant takes the pile
                break
        self._hands[taker].extend(self._pile)
        self._pile = []
        self._end_turn()  # D4
        return _PLAY

    def decline_unchecked(self, seat: int) -> Phase:
        """:meth:`decline` without checks: the caller must be sure ``seat`` may still answer the claim.
        Returns the phase the game is in now."""
        self._actions.append((Decline, seat))
        self._unlogged = True
        declined = self._declined
        declined.add(seat)
        if len(declined) == self._in_count - 1:
            self._end_turn()
        return self._phase

    def close_window_unchecked(self) -> Phase:
        """:meth:`close_window` without checks: the caller must be sure the window is open. Returns the
        phase the game is in now (always PLAY)."""
        self._actions.append((CloseWindow,))
        self._unlogged = True
        self._end_turn()
        return _PLAY

    # ----------------------------------------------------------------------------------------------
    # The log. The checked door writes each action's events as it goes; the fast door writes only the
    # action (simulations seldom read the log), and the log is written in full the next time it is read.

    def _write_log(self) -> None:
        """Write the events of every action: replay the actions from the deal, the logged way."""
        scribe = Game(self._rules, self._dealt, self._first, self._seed)
        for record in self._actions:
            scribe._log_action(record)
        # Events are a function of the actions: the events written before are this log's beginning.
        self._events = scribe._events
        self._unlogged = False

    def _log_mark(self) -> int:
        """Where the next action's events will start, once the log is written up to now."""
        if self._unlogged:
            self._write_log()
        return len(self._events)

    def _log_action(self, record: _Record) -> None:
        kind = record[0]
        if kind is Play:
            seat, cards, rank = record[1:]
            hand = self._hands[seat]
            for card in cards:
                hand.remove(card)
            self._put_down(seat, cards, rank, hand)
        elif kind is Doubt:
            self._doubt_logged(record[1])
        elif kind is Decline:
            self._decline_logged(record[1])
        else:
            self._close_window_logged()

    def _events_since(self, mark: int) -> list[Event]:
        """The events since the ``mark``-th, as objects: what a checked action returns."""
        built = self._event_objects
        if len(built) != mark:  # events of the fast door not built yet, or none since the mark
            return self._built_events()[mark:]
        new = list(starmap(_new, self._events[mark:]))
        built.extend(new)
        return new

    def _put_down(self, seat: int, cards: tuple[Card, ...], rank: Rank, hand: list[Card]) -> None:
        """The play once ``cards`` have left ``hand``, ``seat``'s hand: R4, R7, R10, or the doubt window."""
        self._pile.extend(cards)
        self._actions.append((Play, seat, cards, rank))
        self._events.append((Played, (seat, len(cards), rank, cards)))
        if rank is not self._due:  # R7: a wrong announcement takes the pile, own cards included
            self._events.append((WrongRank, (seat, rank, self._due)))
            self._take_pile(seat)
            self._end_turn()
        elif not hand:  # R10: the last play is always turned up
            self._reveal_last_play(seat, cards, rank)
        else:
            self._phase = _DOUBT
            self._claim = (seat, cards, rank)
            self._declined = set()

    def _doubt_logged(self, seats: tuple[int, ...]) -> None:
        assert self._claim is not None
        claimant, cards, rank = self._claim
        # R9: the official doubter is the nearest to the claimant's left
        ordered = seats if len(seats) == 1 else tuple(sorted(seats, key=self._offsets[claimant].__getitem__))
        truthful = True
        for card in cards:
            if card.rank is not rank:
                truthful = False
                break
        events = self._events
        self._actions.append((Doubt, seats))
        events.append((Doubted, (ordered, ordered[0])))
        events.append((Revealed, (claimant, cards, rank, truthful, _BY_DOUBT)))
        self._take_pile(ordered[0] if truthful else claimant)  # R8
        self._end_turn()  # D4: the pile is empty and play goes on with the next player

    def _decline_logged(self, seat: int) -> None:
        self._actions.append((Decline, seat))
        declined = self._declined
        declined.add(seat)
        self._events.append((Declined, (seat,)))
        if len(declined) == self._in_count - 1:
            self._events.append((WindowClosed, (_ALL_DECLINED,)))
            self._end_turn()

    def _close_window_logged(self) -> None:
        self._actions.append((CloseWindow,))
        self._events.append((WindowClosed, (_TIMER,)))
        self._end_turn()

    # ----------------------------------------------------------------------------------------------
    # Rule mechanics

    def _reveal_last_play(self, seat: int, cards: tuple[Card, ...], rank: Rank) -> None:
        truthful = all(card.rank is rank for card in cards)
        self._events.append((Revealed, (seat, cards, rank, truthful, _BY_LAST_PLAY)))
        if not truthful:  # R10: not true, so the player takes the pile and play goes on
            self._take_pile(seat)
            self._end_turn()
            return
        self._active[seat] = False
        self._in_count -= 1
        self._places.append(seat)
        self._events.append((Finished, (seat, len(self._places))))
        if not self._rules.play_on_for_places or self._in_count == 1:  # D7 / V3
            self._end_game()
        else:
            # V3: the truthful cards stay on the pile; the next player still in carries on.
            self._end_turn()

    def _end_game(self) -> None:
        if self._rules.play_on_for_places:
            self._places.extend(seat for seat in range(self._players) if self._active[seat])
        self._phase = _OVER
        self._claim = None
        self._events.append((GameOver, (self._places[0], tuple(self._places))))

    def _take_pile(self, seat: int) -> None:
        taken = tuple(self._pile)
        self._hands[seat].extend(taken)
        self._pile = []
        self._events.append((PileTaken, (seat, len(taken), taken)))

    def _end_turn(self) -> None:
        """D1/D2: the turn passes to the next seat still in after the discarder; the due rank advances."""
        self._due = self._next_rank[self._due]
        active = self._active
        for seat in self._after[self._to_play]:
            if active[seat]:
                break
        else:  # every other seat is out: the turn stays
            seat = self._to_play
        self._to_play = seat
        self._phase = _PLAY
        self._claim = None

    def _built_events(self) -> list[Event]:
        """Every event as an object, building those not built yet."""
        if self._unlogged:
            self._write_log()
        built = self._event_objects
        if len(built) < len(self._events):
            built.extend(starmap(_new, self._events[len(built) :]))
        return built

    def _log_for(self, seat: int | None) -> tuple[Event, ...]:
        """The log as ``seat`` may read it: others' secret cards dropped (None: a spectator)."""
        log = self._reader_logs[-1 if seat is None else seat]
        for event in self._built_events()[len(log) :]:
            # Only the author of a play and the taker of a pile see those cards.
            if (type(event) is Played or type(event) is PileTaken) and event.seat != seat:
                log.append(event.public())
            else:
                log.append(event)
        return tuple(log)

    # ----------------------------------------------------------------------------------------------
    # Checks for the checked door

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
        players, claimant, active, declined = self._players, self._claim[0], self._active, self._declined
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
        if seat == self._claim[0]:
            self._refuse(described, "own_claim", f"seat {seat} made the claim and cannot doubt or decline it (R8)")
        if not self._active[seat]:
            self._refuse(described, "finished", f"seat {seat} has finished and takes no part (V3)")
        if seat in self._declined:
            self._refuse(described, "already_declined", f"seat {seat} has already declined this claim (D3)")


def game_stats(events: Iterable[Event], players: int) -> tuple[SeatStats, ...]:
    """Each seat's numbers (:class:`SeatStats`) over the full events of a game (secrets included)."""
    counts = [[0] * 7 for _ in range(players)]  # in SeatStats' field order
    claims, bluffs, caught, doubts, right, piles, cards = range(7)
    bluffing = False  # whether the last play was a bluff by its cards
    doubter = 0  # the official doubter of the last doubt
    for event in events:
        if isinstance(event, Played):
            counts[event.seat][claims] += 1
            bluffing = any(card.rank is not event.rank for card in event.cards or ())
            counts[event.seat][bluffs] += int(bluffing)
        elif isinstance(event, WrongRank):  # R7: a bluff by its announcement, taken back at once
            counts[event.seat][bluffs] += int(not bluffing)
            counts[event.seat][caught] += 1
        elif isinstance(event, Doubted):
            doubter = event.doubter
            counts[doubter][doubts] += 1
        elif isinstance(event, Revealed):
            if not event.truthful:  # R8 / R10: a bluff turned up
                counts[event.seat][caught] += 1
                if event.reason is _BY_DOUBT:
                    counts[doubter][right] += 1
        elif isinstance(event, PileTaken):
            counts[event.seat][piles] += 1
            counts[event.seat][cards] += event.count
    return tuple(SeatStats(*seat) for seat in counts)


@cache
def _seating(players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """D1 turn order for a table size, worked out once: after each seat, the other seats in turn order;
    and for each seat, how far to its left every seat sits (R9 ranks simultaneous doubters by it)."""
    twice = [*range(players), *range(players)]
    after = tuple([tuple(twice[seat + 1 : seat + players]) for seat in range(players)])
    offsets = tuple([tuple(twice[players - seat : 2 * players - seat]) for seat in range(players)])
    return after, offsets


def _check_first(rules: Rules, first: int) -> None:
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < rules.players:
        raise MalformedInputError(f"first player {first!r} is not a seat; seats are 0 to {rules.players - 1}")


def _check_copies(cards: list[Card], decks: int) -> None:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    too_many = sorted(str(card) for card, count in counts.items() if count > decks)
    if too_many:
        raise MalformedInputError(
            f"{', '.join(too_many)} dealt more than {decks} time(s): {decks} deck(s) hold each card {decks} time(s)"
        )
