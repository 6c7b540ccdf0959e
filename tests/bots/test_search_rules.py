"""The search bot's rollouts apply the same rules as the engine.

For speed, the rollouts keep their own compact state (counts by rank) and their own transitions
(:meth:`Simulator.play_cards`, :meth:`Simulator.settle`, the R9 order :attr:`Simulator.order`). This
test plays thousands of random games through both the engine's public :class:`~idoubtit.Game` and
those transitions, and compares after every step: hands by rank, hand sizes, the pile's size, whose
turn it is, the rank due (R5, V1, D2), whether a doubt window is open and on which claim (D3), who
doubts officially (R9), who takes the pile (R8, R10) and who goes out (R2, R10; V3 plays on for places).
"""

from __future__ import annotations

import random

import pytest

from idoubtit import STANDARD_DECK, Card, Doubted, Game, Phase, Rules
from idoubtit.bots.search import SearchParams
from idoubtit.bots.search.ledger import Ledger
from idoubtit.bots.search.simulator import Simulator, State

TABLES = [
    Rules(3),
    Rules(4),
    Rules(5, ascending=True),
    Rules(4, capped_plays=True),
    Rules(6, play_on_for_places=True),
    Rules(4, strict_announcing=True),
    Rules(8, ascending=True, capped_plays=True, play_on_for_places=True),
    Rules(11),
    Rules(2, open_table_sizes=True),
    Rules(13, open_table_sizes=True, play_on_for_places=True),
]
#: Random players hardly ever go out; a game is compared for this many steps at most.
STEPS = 90
#: Games per table.
GAMES = 200


def by_rank(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    counts = [0] * 14
    for card in cards:
        counts[card.rank.value] += 1
    return counts


def simulator_for(game: Game) -> Simulator:
    """The search bot's simulator for the seats still in (it takes them from a view)."""
    view = game.view(game.to_play)
    assert view.seat is not None
    return Simulator(view, Ledger(view.seat, game.rules), SearchParams())


def state_of(game: Game, simulator: Simulator, pile: list[int]) -> State:
    """The game's position at the start of a turn as a rollout state; ``pile`` is the pile by rank
    (the game shows only its size: the caller carries the simulator's over)."""
    players = game.rules.players
    hands = [by_rank(game.hand(seat)) for seat in range(players)]
    owned = [[0] * 14 for _ in range(players)]
    return State(hands, list(pile), owned, game.due_rank.value, game.to_play, simulator.active, None)


def assert_same(game: Game, state: State) -> None:
    players = game.rules.players
    assert [by_rank(game.hand(seat)) for seat in range(players)] == state.hands
    assert tuple(state.sizes) == game.hand_sizes
    assert state.pile_size == game.pile_size
    assert state.due == game.due_rank.value
    if game.phase is Phase.OVER:
        return
    assert state.to_play == game.to_play
    claim = game.claim
    if claim is None:
        assert game.phase is Phase.PLAY
        assert state.claim is None
    else:
        assert state.claim is not None
        assert state.claim[:3] == (claim.seat, claim.count, claim.rank.value)


def play_one(game: Game, state: State, simulator: Simulator, rng: random.Random) -> None:
    """A random play: one card up to the cap, of any ranks, announcing the due rank (the rollouts'
    policies always do; R7 is the engine's alone)."""
    seat = game.to_play
    hand = list(game.hand(seat))
    cap = game.rules.max_cards_per_play or len(hand)
    cards = rng.sample(hand, rng.randint(1, min(cap, len(hand), 4)))
    if rng.random() < 0.5:  # tell the truth whenever the hand allows, now and then
        due = [card for card in hand if card.rank is game.due_rank][:cap]
        cards = due or cards
    game.play(seat, cards, game.due_rank)
    simulator.play_cards(state, seat, by_rank(cards), len(cards))


def answer_one(game: Game, state: State, simulator: Simulator, rng: random.Random) -> None:
    """One decision round of the window: some seats doubt together (R9 picks one), or all decline."""
    claim = game.claim
    assert claim is not None
    awaiting = game.awaiting
    doubters = [seat for seat in awaiting if rng.random() < 0.25]
    if not doubters:
        for seat in awaiting:
            game.decline(seat)
        simulator.settle(state, None)
        return
    events = game.doubt(*doubters)
    official = next(event.doubter for event in events if isinstance(event, Doubted))
    nearest = next(seat for seat in simulator.order[claim.seat] if seat in doubters)
    assert nearest == official
    simulator.settle(state, nearest)


def new_game(rules: Rules, seed: int, rng: random.Random) -> Game:
    """A full deal (R3) for even seeds; for odd ones a few cards each, so that games end (R10, V3)."""
    if seed % 2 == 0:
        return Game.deal(rules, seed, first=seed % rules.players)
    deck = [card for card in STANDARD_DECK for _ in range(rules.deck_count)]
    rng.shuffle(deck)
    hands, start = [], 0
    for _ in range(rules.players):
        size = rng.randint(1, 5)
        hands.append(deck[start : start + size])
        start += size
    return Game.from_hands(rules, hands, first=seed % rules.players)


def compare(rules: Rules, seed: int) -> int:
    """Play one random game through both and compare every step; return the steps compared."""
    rng = random.Random(seed)
    game = new_game(rules, seed, rng)
    simulator = simulator_for(game)
    state = state_of(game, simulator, [0] * 14)
    steps = 0
    while game.phase is not Phase.OVER and steps < STEPS:
        if game.phase is Phase.PLAY:
            places = len(game.places)
            play_one(game, state, simulator, rng)
            if len(game.places) > places:  # a true last play went out (R10)
                assert state.finished == game.places[-1]
                if not game.is_over:  # V3 plays on: the rollouts stop at the first finisher
                    simulator = simulator_for(game)
                    state = state_of(game, simulator, state.pile)  # the true last play stays there
                steps += 1
                continue
        else:
            answer_one(game, state, simulator, rng)
        assert state.finished < 0
        assert_same(game, state)
        steps += 1
    return steps


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.players}{'-asc' if rules.ascending else ''}")
def test_rollouts_follow_the_engine_step_by_step(rules: Rules) -> None:
    steps = sum(compare(rules, seed) for seed in range(GAMES))
    assert steps > GAMES * 10  # the games went on long enough to compare something
