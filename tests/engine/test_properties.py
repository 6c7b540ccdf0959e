"""Property tests over random games played with random legal actions.

A table is drawn (size, variants, deal seed, first seat, policy seed); a ``random.Random`` seeded from
the drawn policy seed then picks every action: random non-empty subsets of the hand (within the V2
cap), mostly announcing the due rank, and in doubt windows doubts by one or several seats, declines
and timer closes. Games stop after ``MAX_ACTIONS`` actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    Card,
    Claim,
    CloseReason,
    CloseWindow,
    Decline,
    Declined,
    Doubt,
    Doubted,
    Event,
    Finished,
    Game,
    GameOver,
    IllegalActionError,
    Phase,
    PileTaken,
    Play,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    WindowClosed,
    WrongRank,
)

MAX_ACTIONS = 3000
CARD_TEXTS = frozenset(str(card) for card in STANDARD_DECK)


def examples(count: int) -> settings:
    """Settings for ``count`` random games: together the tests of this file take some 30 s."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Table:
    rules: Rules
    deal_seed: int
    first: int
    policy_seed: int

    def new_game(self) -> Game:
        return Game.deal(self.rules, self.deal_seed, self.first)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    open_table = draw(st.integers(0, 5)) == 0  # V4 now and then, with 2 or 12-14 players as well
    players = draw(st.integers(2, 14) if open_table else st.integers(3, 11))
    rules = Rules(
        players,
        ascending=draw(st.booleans()),
        capped_plays=draw(st.booleans()),
        play_on_for_places=draw(st.booleans()),
        open_table_sizes=open_table,
        strict_announcing=draw(st.booleans()),
    )
    return Table(
        rules,
        deal_seed=draw(st.integers(0, 2**32)),
        first=draw(st.integers(0, players - 1)),
        policy_seed=draw(st.integers(0, 2**32)),
    )


def my_next_due(game: Game, rank: Rank) -> int:
    """In how many of the player's own turns ``rank`` comes due (99: never, as far as it can tell)."""
    active = sum(1 for size in game.hand_sizes if size)
    due = game.due_rank
    for turns in range(1, 14):
        for _ in range(active):
            due = due.next_up() if game.rules.ascending else due.next_down()
        if due is rank:
            return turns
    return 99


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action in the current state, from a policy that plays well enough to finish games."""
    if game.phase is Phase.PLAY:
        seat = game.to_play
        hand = game.hand(seat)
        cap = min(len(hand), game.rules.max_cards_per_play or len(hand))
        due = game.due_rank
        true_cards = [card for card in hand if card.rank is due][:cap]
        roll = rng.random()
        if true_cards and roll < 0.7:  # the truth, all of it or some
            cards = tuple(true_cards if rng.random() < 0.8 else true_cards[: rng.randint(1, len(true_cards))])
        elif roll < 0.9 and len(hand) > 1:  # a small bluff, keeping the cards that come due soonest
            by_need = sorted(hand, key=lambda card: my_next_due(game, card.rank), reverse=True)
            cards = tuple(by_need[: rng.randint(1, min(cap, 2, len(hand) - 1))])
        else:  # any non-empty subset within the cap
            cards = tuple(rng.sample(hand, rng.randint(1, cap)))
        rank: Rank | None = due if rng.random() < 0.95 else rng.choice(list(Rank))
        if rank is due and not game.rules.strict_announcing and rng.random() < 0.5:
            rank = None  # let the engine fill in the due rank
        return Play(seat, cards, rank)
    awaiting = list(game.awaiting)
    roll = rng.random() * len(awaiting)  # about one claim in four is doubted, whatever the table size
    if roll < 0.2:
        return Doubt((rng.choice(awaiting),))
    if roll < 0.3:
        return Doubt(tuple(rng.sample(awaiting, rng.randint(1, len(awaiting)))))
    if roll < 0.35:
        return CloseWindow()
    return Decline(rng.choice(awaiting))


def play_out(table: Table) -> Game:
    game = table.new_game()
    rng = random.Random(table.policy_seed)
    while not game.is_over and game.step < MAX_ACTIONS:
        game.apply(random_action(game, rng))
    return game


def next_seat_in(game: Game, seat: int) -> int:
    """D1: the next seat after ``seat`` that still holds cards (finished seats hold none)."""
    players = game.rules.players
    return next(
        other for other in ((seat + offset) % players for offset in range(1, players)) if game.hand_sizes[other]
    )


def step_rank(rules: Rules, rank: Rank) -> Rank:
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    if rules.ascending:
        order = ["A", *reversed(order[1:])]
    return Rank.parse(order[(order.index(rank.symbol) + 1) % 13])


def snapshot(game: Game) -> tuple[Any, ...]:
    readers = [*range(game.rules.players), None]
    return (game.record(), [game.view(reader).to_dict() for reader in readers], game.hand_sizes, game.pile_size)


# --------------------------------------------------------------------------------------------------
# Properties


@examples(150)
@given(tables())
def test_cards_are_conserved(table: Table) -> None:
    game = table.new_game()
    rng = random.Random(table.policy_seed)
    dealt = table.rules.card_count
    assert sum(game.hand_sizes) == dealt
    while not game.is_over and game.step < MAX_ACTIONS:
        sizes, pile = list(game.hand_sizes), game.pile_size
        events = game.apply(random_action(game, rng))
        assert sum(game.hand_sizes) + game.pile_size == dealt
        # Every card that moved is accounted for by an event.
        for event in events:
            if isinstance(event, Played):
                sizes[event.seat] -= event.count
                pile += event.count
            elif isinstance(event, PileTaken):
                assert event.count == pile  # the whole pile
                sizes[event.seat] += event.count
                pile = 0
        assert (tuple(sizes), pile) == (game.hand_sizes, game.pile_size)


@examples(150)
@given(tables())
def test_game_ends_with_exactly_one_winner(table: Table) -> None:
    game = play_out(table)
    rules = table.rules
    log = game.view(None).log
    finished = [event for event in log if isinstance(event, Finished)]
    over = [event for event in log if isinstance(event, GameOver)]
    assert [event.place for event in finished] == list(range(1, len(finished) + 1))
    assert [event.seat for event in finished] == list(game.places[: len(finished)])
    if not game.is_over:
        assert over == []
        assert rules.play_on_for_places or game.winner is None
        return
    assert game.phase is Phase.OVER
    assert over == [log[-1]]  # one GameOver, the last event
    winner = game.winner
    assert winner is not None
    assert over[0].winner == winner
    assert finished[0].seat == winner
    assert game.hand_sizes[winner] == 0
    if rules.play_on_for_places:
        assert sorted(game.places) == list(range(rules.players))
        assert len(finished) == rules.players - 1
        assert [game.hand_sizes[seat] for seat in game.places[:-1]] == [0] * (rules.players - 1)
        assert game.hand_sizes[game.places[-1]] > 0
    else:
        assert game.places == (winner,)
        assert len(finished) == 1
        assert [seat for seat in range(rules.players) if game.hand_sizes[seat] == 0] == [winner]
    assert over[0].places == game.places


@dataclass
class Referee:
    """An independent model of a game's public course: due rank, mover, the pile's cards, places."""

    rules: Rules
    mover: int
    due: Rank = Rank.ACE  # R5: the first play announces Aces
    pile: list[Card] = field(default_factory=list)  # in the order the cards were put down
    claim: tuple[Card, ...] = ()
    places: list[int] = field(default_factory=list)

    def expect(self, action: Action, sizes: tuple[int, ...], awaiting: tuple[int, ...]) -> tuple[list[Event], bool]:
        """The events the rules say ``action`` causes, and whether it ends the turn."""
        if isinstance(action, Play):
            return self.expect_play(action, sizes[self.mover])
        if isinstance(action, Doubt):  # R8, R9
            ordered = tuple(sorted(action.seats, key=lambda seat: (seat - self.mover) % self.rules.players))
            truthful = all(card.rank is self.due for card in self.claim)
            taker = ordered[0] if truthful else self.mover
            return [
                Doubted(ordered, ordered[0]),
                Revealed(self.mover, self.claim, self.due, truthful, RevealReason.DOUBT),
                self.take_pile(taker),
            ], True
        if isinstance(action, Decline):  # D3: the window closes when the last awaited seat declines
            last = awaiting == (action.seat,)
            declined: list[Event] = [Declined(action.seat)]
            return declined + ([WindowClosed(CloseReason.ALL_DECLINED)] if last else []), last
        return [WindowClosed(CloseReason.TIMER)], True

    def expect_play(self, play: Play, held: int) -> tuple[list[Event], bool]:
        announced = self.due if play.rank is None else play.rank
        self.pile.extend(play.cards)
        events: list[Event] = [Played(self.mover, len(play.cards), announced, play.cards)]
        if announced is not self.due:  # R7: the whole pile, the cards just put down included
            return [*events, WrongRank(self.mover, announced, self.due), self.take_pile(self.mover)], True
        if held > len(play.cards):  # D3: the doubt window opens
            self.claim = play.cards
            return events, False
        # R10: the last play is turned up at once
        truthful = all(card.rank is self.due for card in play.cards)
        events.append(Revealed(self.mover, play.cards, self.due, truthful, RevealReason.LAST_PLAY))
        if not truthful:
            return [*events, self.take_pile(self.mover)], True
        self.places.append(self.mover)
        events.append(Finished(self.mover, len(self.places)))
        still_in = [seat for seat in range(self.rules.players) if seat not in self.places]
        if not self.rules.play_on_for_places or len(still_in) == 1:  # D7, V3
            self.places += still_in if self.rules.play_on_for_places else []
            events.append(GameOver(self.places[0], tuple(self.places)))
        return events, True

    def take_pile(self, seat: int) -> PileTaken:
        taken = PileTaken(seat, len(self.pile), tuple(self.pile))
        self.pile = []
        return taken


@examples(150)
@given(tables())
def test_every_turn_follows_the_rules(table: Table) -> None:
    """R5/V1 and D2 (the due rank), D1 (whose turn), D3 and R7-R10 (the events), against the referee's model."""
    game = table.new_game()
    rng = random.Random(table.policy_seed)
    referee = Referee(table.rules, mover=table.first)  # D8: ``first`` plays first
    while True:
        assert game.due_rank is referee.due
        assert game.to_play == referee.mover
        assert game.pile_size == len(referee.pile)
        if game.phase is Phase.DOUBT:
            assert game.claim == Claim(referee.mover, len(referee.claim), referee.due)
        if game.is_over or game.step >= MAX_ACTIONS:
            break
        sizes, awaiting = game.hand_sizes, game.awaiting
        action = random_action(game, rng)
        events = game.apply(action)
        expected, turn_done = referee.expect(action, sizes, awaiting)
        assert events == expected
        if game.is_over:
            assert game.places == tuple(referee.places)
            break
        if turn_done:
            referee.due = step_rank(table.rules, referee.due)  # D2: exactly one step of R5 (V1: up)
            referee.mover = next_seat_in(game, referee.mover)  # D1: to the left, whoever doubted
            assert game.phase is Phase.PLAY
        else:
            assert game.phase is Phase.DOUBT


@examples(60)
@given(tables())
def test_replay_reproduces_the_record_and_the_views(table: Table) -> None:
    game = play_out(table)
    record = json.loads(json.dumps(game.record()))
    again = Game.replay(record)
    assert again.record() == game.record()
    for reader in [*range(table.rules.players), None]:
        assert again.view(reader).to_dict() == game.view(reader).to_dict()


def card_strings(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string in a JSON-like value that reads as a card, with where it was found."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from card_strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from card_strings(item, (*path, index))
    elif isinstance(value, str) and value.upper() in CARD_TEXTS:
        yield path, value


def assert_no_leak(game: Game, reader: int | None) -> None:
    data = game.view(reader).to_dict()
    log = data["log"]
    if game.is_over:  # every hand is turned face up for everyone, and only then
        assert data["final_hands"] == [[str(card) for card in game.hand(seat)] for seat in range(game.rules.players)]
    else:
        assert data["final_hands"] is None
        assert data["stats"] is None
    for path, _ in card_strings(data):
        if path[0] == "hand":
            assert reader is not None, "a spectator holds no hand"
            continue
        if path[0] == "final_hands":
            continue
        assert path[0] == "log", f"a card outside the hand and the log at {path}"
        assert path[2] == "cards", f"a card outside an event's cards at {path}"
        event = log[path[1]]
        assert event["type"] == "revealed" or event["seat"] == reader, f"seat {reader} sees {event}"
    for event in log:
        if event["type"] in ("played", "pile_taken"):
            assert ("cards" in event) == (event["seat"] == reader), f"seat {reader} sees {event}"
    if reader is None:
        assert data["hand"] == []
    else:
        assert data["hand"] == [str(card) for card in game.hand(reader)]


@examples(40)
@given(tables(), st.integers(0, 2**32))
def test_views_never_show_other_seats_hidden_cards(table: Table, sample_seed: int) -> None:
    game = table.new_game()
    rng = random.Random(table.policy_seed)
    sampler = random.Random(sample_seed)
    readers = [*range(table.rules.players), None]
    while not game.is_over and game.step < MAX_ACTIONS:
        game.apply(random_action(game, rng))
        if sampler.random() < 0.002:
            for reader in readers:
                assert_no_leak(game, reader)
    for reader in readers:
        assert_no_leak(game, reader)
    # Every play of the game shows its cards to its author only, as they were put down.
    plays = [action for action in game.actions() if isinstance(action, Play)]
    for seat in range(table.rules.players):
        own = [event for event in game.view(seat).log if isinstance(event, Played) and event.seat == seat]
        assert [event.cards for event in own] == [play.cards for play in plays if play.seat == seat]


@examples(80)
@given(tables())
def test_the_end_of_game_numbers_add_up(table: Table) -> None:
    game = play_out(table)
    views = [game.view(reader) for reader in [*range(table.rules.players), None]]
    if not game.is_over:
        assert all(view.final_hands is None and view.stats is None for view in views)
        return
    assert len({(view.final_hands, view.stats) for view in views}) == 1  # the same for every reader
    stats, hands = views[-1].stats, views[-1].final_hands
    assert stats is not None
    assert hands is not None
    assert tuple(map(len, hands)) == game.hand_sizes
    events = game.events()
    plays = [event for event in events if isinstance(event, Played)]
    piles = [event for event in events if isinstance(event, PileTaken)]
    doubts = [event for event in events if isinstance(event, Doubted)]
    wrong_ranks = [event for event in events if isinstance(event, WrongRank)]
    lies_turned_up = [event for event in events if isinstance(event, Revealed) and not event.truthful]
    found_by_doubt = [event for event in lies_turned_up if event.reason is RevealReason.DOUBT]
    assert sum(seat.claims for seat in stats) == len(plays)
    assert sum(seat.doubts for seat in stats) == len(doubts)
    assert sum(seat.doubts_right for seat in stats) == len(found_by_doubt)
    assert sum(seat.bluffs_caught for seat in stats) == len(wrong_ranks) + len(lies_turned_up)
    assert sum(seat.piles_taken for seat in stats) == len(piles)
    assert sum(seat.cards_taken for seat in stats) == sum(event.count for event in piles)
    # Every doubt hands the pile to someone (R8), and so does every bluff caught without one (R7, R10).
    caught_without_doubt = len(wrong_ranks) + len(lies_turned_up) - len(found_by_doubt)
    assert len(piles) == len(doubts) + caught_without_doubt
    dealt = table.new_game().hand_sizes
    for seat, numbers in enumerate(stats):
        assert numbers.doubts_right <= numbers.doubts
        assert numbers.bluffs_caught <= numbers.bluffs <= numbers.claims
        own = [event for event in plays if event.seat == seat]
        assert dealt[seat] - sum(event.count for event in own) + numbers.cards_taken == len(hands[seat])
        lies = sum(1 for event in own if any(card.rank is not event.rank for card in event.cards or ()))
        assert lies <= numbers.bluffs


def illegal_action(game: Game, rng: random.Random) -> Action:
    """An action that is well formed but not allowed now."""
    players = game.rules.players
    others = [seat for seat in range(players) if seat != game.to_play]
    seat = rng.choice(others)
    if game.phase is Phase.PLAY:
        kind = rng.randrange(4)
        if kind == 0:  # out of turn
            hand = game.hand(seat)
            return Play(seat, (rng.choice(hand),) if hand else (STANDARD_DECK[0],), None)
        if kind == 1:  # a card not held (or one copy more than held)
            card = rng.choice(STANDARD_DECK)
            return Play(game.to_play, (card,) * (game.hand(game.to_play).count(card) + 1), game.due_rank)
        if kind == 2:  # a doubt outside a window
            return Doubt((seat,))
        return Decline(seat) if rng.random() < 0.5 else CloseWindow()
    if game.phase is Phase.DOUBT:
        kind = rng.randrange(3)
        if kind == 0:  # a play while the window is open
            hand = game.hand(seat)
            return Play(seat, (rng.choice(hand),) if hand else (STANDARD_DECK[0],), game.due_rank)
        if kind == 1:  # answering one's own claim
            return Doubt((game.to_play,)) if rng.random() < 0.5 else Decline(game.to_play)
        out = [seat for seat in range(players) if seat != game.to_play and seat not in game.awaiting]
        if out:  # declined already, or finished (V3)
            return Doubt((rng.choice(out),)) if rng.random() < 0.5 else Decline(rng.choice(out))
        return Doubt((game.to_play,))
    after_the_end: list[Action] = [Play(seat, (STANDARD_DECK[0],), None), Doubt((seat,)), Decline(seat), CloseWindow()]
    return rng.choice(after_the_end)


@examples(80)
@given(tables(), st.integers(0, 2**32))
def test_illegal_actions_are_refused_and_change_nothing(table: Table, attack_seed: int) -> None:
    game = table.new_game()
    rng = random.Random(table.policy_seed)
    attacker = random.Random(attack_seed)
    attempts = 0
    while game.step < MAX_ACTIONS and attempts < 12:
        if game.is_over or attacker.random() < 0.02:
            attempts += 1
            bad = illegal_action(game, attacker)
            before = snapshot(game)
            try:
                game.apply(bad)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{bad} was allowed [{game.phase}, seat {game.to_play}]")
            assert snapshot(game) == before
            if game.is_over:
                continue
        if not game.is_over:
            events: list[Event] = game.apply(random_action(game, rng))
            assert events
