"""The rules of I Doubt It as a pure state machine (RULES.md R1–R10, D1–D8, V1–V5).

Two doors lead in, and both run the same transitions (:mod:`idoubtit.engine._core`), which write each
action and its events as they go. The checked door (:meth:`Game.play`, :meth:`Game.doubt`,
:meth:`Game.decline`, :meth:`Game.close_window`, :meth:`Game.apply`) validates every action first and
raises an :class:`~idoubtit.engine.errors.IDoubtItError` that leaves the game unchanged. The fast door
(the ``*_unchecked`` methods) skips the validation, for simulations whose caller already knows the
action is legal. Game data leaves only through :meth:`Game.view`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from idoubtit.engine._checks import Checks, check_copies, check_first
from idoubtit.engine._core import DOUBT, OVER, PLAY, build_action
from idoubtit.engine.actions import Action, CloseWindow, Decline, Doubt, Play, parse_action
from idoubtit.engine.cards import CARD_IDS, STANDARD_DECK, Card, Rank, parse_cards, sort_key
from idoubtit.engine.errors import MalformedInputError
from idoubtit.engine.events import (
    Doubted,
    Event,
    PileTaken,
    Played,
    Revealed,
    RevealReason,
    WrongRank,
    action_of,
)
from idoubtit.engine.rules import RANK_COPIES_PER_DECK, Rules
from idoubtit.engine.view import Phase, SeatStats, View

RECORD_FORMAT: Final = "idoubtit-record/1"


class Game(Checks):
    """One game of I Doubt It. Start it with :meth:`deal`, :meth:`from_hands` or :meth:`replay`.

    >>> game = Game.from_hands(Rules(3), [["AS", "KD"], ["AH", "2C"], ["QS", "3D"]])
    >>> [str(event.rank) for event in game.play(0, ["AS"])]
    ['A']
    >>> game.phase, game.to_play
    (<Phase.DOUBT: 'doubt'>, 0)
    >>> type(game.doubt(2)[-1]).__name__, game.hand_sizes
    ('PileTaken', (1, 2, 3))
    """

    __slots__ = ("_action_starts", "_dealt", "_first", "_reader_logs", "_reader_read", "_seed", "_summary")

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], first: int, seed: int | None) -> None:
        """Prefer :meth:`deal` or :meth:`from_hands`, which check their input."""
        super().__init__(rules, [list(hand) for hand in hands], first)
        self._seed = seed
        self._first = first
        self._dealt = tuple(tuple(hand) for hand in hands)
        # Each reader's log (seats, then spectators last), filled in lazily when a view asks for it. Copies
        # of a game share these lists: each game's own log is the first ``_reader_read[reader]`` entries
        # of its list (see _log_for), so a copy need not convert the whole log again for a reader.
        self._reader_logs: list[list[Event]] = [[] for _ in range(rules.players + 1)]
        self._reader_read: list[int] = [0] * (rules.players + 1)
        # Where each action's events start in the log, found lazily when a view asks for a part of it.
        self._action_starts: list[int] = []
        # Every hand and every seat's numbers, worked out once the game is over and a view asks for them.
        self._summary: tuple[tuple[tuple[Card, ...], ...], tuple[SeatStats, ...]] | None = None

    # ----------------------------------------------------------------------------------------------
    # Starting a game

    @classmethod
    def deal(cls, rules: Rules, seed: int, first: int = 0) -> Game:
        """Shuffle every card with ``random.Random(seed)`` and deal them all (R3), starting at ``first`` (D6)."""
        check_first(rules, first)
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
        check_first(rules, first)
        if len(hands) != rules.players:
            raise MalformedInputError(f"{len(hands)} hands given for a table of {rules.players} players")
        parsed = [parse_cards(hand) for hand in hands]
        for seat, hand in enumerate(parsed):
            if not hand:
                raise MalformedInputError(f"seat {seat} was dealt no cards; every seat needs at least one")
        check_copies([card for hand in parsed for card in hand], rules.deck_count)
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
        self._copy_core(clone)
        clone._seed, clone._first, clone._dealt = self._seed, self._first, self._dealt
        # The readers' logs are shared too, each side knowing how much of each is its own: the usual
        # pattern (copy, act, drop the original, as a server does per action) then converts each event
        # for each reader once, not once per action.
        clone._reader_logs = list(self._reader_logs)
        clone._reader_read = list(self._reader_read)
        clone._action_starts = self._action_starts  # shared with the history until either side acts
        clone._summary = self._summary
        return clone

    def _own_history(self) -> None:
        super()._own_history()
        self._action_starts = list(self._action_starts)

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
        return self._phase is OVER

    @property
    def step(self) -> int:
        """How many actions the game has taken: a state id that changes with every action."""
        return len(self._actions)

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

    def pile(self) -> tuple[Card, ...]:
        """The cards in the pile, in the order they were put down (face down: for the referee and for
        the replay of a game that is over, never for a player; view() gives only its size)."""
        return tuple(self._pile)

    def view(self, seat: int | None, since: int = 0) -> View:
        """Everything ``seat`` may know (``None``: a spectator). The only way game data leaves the engine.

        ``since``: the view's log holds only the events of the actions from step ``since`` on (a reader
        that keeps the log it has already read need not copy it again); :attr:`View.since` says so. By
        default the log is whole.

        >>> game = Game.from_hands(Rules(3), [["AS", "KD"], ["AH", "2C"], ["QS", "3D"]])
        >>> _ = game.play(0, ["AS"]), game.decline(1)
        >>> [type(event).__name__ for event in game.view(2, since=1).log]
        ['Declined']
        """
        if seat is not None:
            self._check_seat(seat, "view")
        if since:
            if type(since) is not int or not 0 <= since <= len(self._actions):
                raise MalformedInputError(f"view since {since!r}: steps are 0 to {len(self._actions)}")
            log = self._log_tail(seat, self._log_start(since))
        else:
            log = self._log_for(seat)
            if len(log) != len(self._spelled_events()):  # the list goes on with a copy's events
                log = log[: len(self._spelled_events())]
        final_hands, stats = self._final() if self._phase is OVER else (None, None)
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
            log=tuple(log),
            final_hands=final_hands,
            stats=stats,
            since=since,
        )

    def _final(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[SeatStats, ...]]:
        """Once the game is over: every seat's hand face up, and every seat's numbers (from the log)."""
        summary = self._summary
        if summary is None:
            hands = tuple(tuple(sorted(hand, key=sort_key)) for hand in self._hands)
            summary = self._summary = (hands, game_stats(self._spelled_events(), self._players))
        return summary

    def actions(self) -> tuple[Action, ...]:
        """Every action taken so far, in order (plays with their announced rank filled in)."""
        return tuple(build_action(record) for record in self._actions)

    def events(self) -> tuple[Event, ...]:
        """Every event so far, in full, secrets included: for the referee, never for a player (use view())."""
        return tuple(self._spelled_events())

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
            self._phase is not PLAY
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
        entry = len(self._log)
        self.play_unchecked(seat, parsed, announced)
        return self._events_from(entry)

    def doubt(self, *seats: int) -> list[Event]:
        """R8/R9: these seats say "I doubt it" at the same moment; resolves the doubt at once."""
        if (
            self._phase is not DOUBT
            or not self._may_answer(seats)
            or (len(seats) > 1 and len(set(seats)) != len(seats))
        ):
            self._check_doubt(seats)  # raises: it says what is wrong
        entry = len(self._log)
        self.doubt_unchecked(seats)
        return self._events_from(entry)

    def decline(self, seat: int) -> list[Event]:
        """D3: ``seat`` will not doubt; the window closes once every other player has declined."""
        if self._phase is not DOUBT or not self._may_answer((seat,)):
            described = Decline(seat)
            self._check_seat(seat, described)
            self._check_phase(Phase.DOUBT, described)
            self._check_may_answer(seat, described)
        entry = len(self._log)
        self.decline_unchecked(seat)
        return self._events_from(entry)

    def close_window(self) -> list[Event]:
        """D3: the table's doubt timer ran out; the window closes with no doubt."""
        self._check_phase(Phase.DOUBT, "close")
        entry = len(self._log)
        self.close_window_unchecked()
        return self._events_from(entry)

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

    # ----------------------------------------------------------------------------------------------
    # The log as each reader may read it

    def _log_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may read it, brought up to date: others' secret cards dropped (None: a
        spectator). A list of this game's own (or shared with its copies), to be copied before it leaves
        the engine: read only its first ``len(self._spelled_events())`` entries."""
        reader = -1 if seat is None else seat
        log, read = self._reader_logs[reader], self._reader_read[reader]
        events = self._spelled_events()
        if read < len(events):
            if len(log) != read:  # a copy of this game wrote its own events after ours: ours is the start
                log = self._reader_logs[reader] = log[:read]
            log.extend(_as_read(event, seat) for event in events[read:])
            self._reader_read[reader] = len(events)
        return log

    def _log_tail(self, seat: int | None, start: int) -> list[Event]:
        """The log as ``seat`` may read it from event ``start`` on, read from the events themselves (at a cost
        of the tail's length only, however long the game)."""
        if self._reader_read[-1 if seat is None else seat] >= start:  # the reader's log reaches the tail
            return self._log_for(seat)[start : len(self._spelled_events())]
        return [_as_read(event, seat) for event in self._spelled_events()[start:]]

    def _log_start(self, step: int) -> int:
        """Where the events of the ``step``-th action start in the log (its length for the next action)."""
        starts, events = self._action_starts, self._spelled_events()
        for index in range(starts[-1] + 1 if starts else 0, len(events)):
            if action_of(events[index]) is not None:
                starts.append(index)
        return starts[step] if step < len(starts) else len(events)


def _as_read(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may read it: only the author of a play and the taker of a pile see those cards."""
    if (type(event) is Played or type(event) is PileTaken) and event.seat != seat:
        return event.public()
    return event


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
                if event.reason is RevealReason.DOUBT:
                    counts[doubter][right] += 1
        elif isinstance(event, PileTaken):
            counts[event.seat][piles] += 1
            counts[event.seat][cards] += event.count
    return tuple(SeatStats(*seat) for seat in counts)
