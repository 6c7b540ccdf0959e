"""The two doors run one copy of the rules: random games played through the checked door, through the
fast door, and through both by turns agree at every step, in state, log and views; views read from a
step hold exactly the log's tail; and the pure functions of ``idoubtit.engine.turns`` take the same
decisions as the engine (R5, R8, R9, D1, D2, V1, V3).

The tables and the random legal actions are those of ``test_properties`` (every size, every variant).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from idoubtit.engine import (
    Action,
    Declined,
    Doubted,
    Event,
    Game,
    Phase,
    PileTaken,
    Played,
    Revealed,
    RevealReason,
)
from idoubtit.engine.turns import is_truthful, next_to_play, official_doubter, pile_taker, rank_after
from tests.engine.test_properties import Table, examples, random_action, tables

#: Long enough for many games with these tables to end (V3 places played out in some).
STEPS = 400


def state(game: Game) -> tuple[Any, ...]:
    """Everything a game tells outside its views and its log, hands in the order they are held included."""
    players = game.rules.players
    return (
        game.phase,
        game.to_play,
        game.due_rank,
        game.hand_sizes,
        game.pile_size,
        game.claim,
        game.awaiting,
        game.winner,
        game.places,
        game.step,
        [game.held(seat) for seat in range(players)],
    )


def actions_of(table: Table) -> list[Action]:
    """A random game's actions, played through the checked door."""
    game, rng, actions = table.new_game(), random.Random(table.policy_seed), []
    while not game.is_over and game.step < STEPS:
        action = random_action(game, rng)
        game.apply(action)
        actions.append(action)
    return actions


@examples(100)
@given(tables(), st.integers(0, 2**32))
def test_both_doors_and_any_mix_of_them_agree_at_every_step(table: Table, door_seed: int) -> None:
    checked, fast, mixed = table.new_game(), table.new_game(), table.new_game()
    doors = random.Random(door_seed)
    readers = [*range(table.rules.players), None]
    for action in actions_of(table):
        before = len(fast.events())
        returned = checked.apply(action)
        assert fast.apply_unchecked(action) is checked.phase  # the fast door returns the phase it leaves
        assert list(fast.events()[before:]) == returned  # the fast door writes the same events, at once
        if doors.random() < 0.5:
            mixed.apply_unchecked(action)
        else:
            assert mixed.apply(action) == returned
        assert state(fast) == state(checked) == state(mixed)
        if doors.random() < 0.2:  # reading the log or a view in the middle changes nothing either
            assert fast.events() == checked.events() == mixed.events()
            reader = doors.choice(readers)
            assert fast.view(reader) == checked.view(reader) == mixed.view(reader)
    assert fast.actions() == checked.actions() == mixed.actions()
    assert fast.events() == checked.events() == mixed.events()
    for reader in readers:
        assert fast.view(reader) == checked.view(reader) == mixed.view(reader)
        assert fast.view(reader).to_dict() == checked.view(reader).to_dict()
    assert fast.record() == checked.record() == mixed.record()


@examples(40)
@given(tables(), st.integers(0, 2**32))
def test_a_view_since_a_step_holds_the_log_of_the_actions_from_that_step(table: Table, seed: int) -> None:
    game, rng = table.new_game(), random.Random(seed)
    readers = [*range(table.rules.players), None]
    starts = []  # where each action's events start in the log
    for action in actions_of(table):
        starts.append(len(game.events()))
        game.apply_unchecked(action)
        if rng.random() < 0.7:
            continue
        reader, since = rng.choice(readers), rng.randint(0, game.step)
        whole, part = game.view(reader), game.view(reader, since=since)
        first = starts[since] if since < game.step else len(whole.log)
        assert part.log == whole.log[first:]
        assert part.since == since
        assert whole.since == 0
        assert part == whole.__class__(**{**_fields(whole), "log": part.log, "since": since})


def _fields(view: Any) -> dict[str, Any]:
    return {name: getattr(view, name) for name in view.__dataclass_fields__}


@examples(100)
@given(tables())
def test_the_turns_functions_take_the_engines_decisions(table: Table) -> None:
    game = table.new_game()
    rules, players = table.rules, table.rules.players
    for action in actions_of(table):
        to_play, due, claim = game.to_play, game.due_rank, game.claim
        active = [seat not in game.places for seat in range(players)]
        events = game.apply(action)
        if game.phase is Phase.PLAY and game.step and _turn_ended(events):
            assert game.due_rank is rank_after(due, rules.ascending)  # R5, D2, V1
            assert game.to_play == next_to_play(players, to_play, _still_in(game, active))  # D1, V3
        doubted = _first(events, Doubted)
        if doubted is not None:
            assert claim is not None
            revealed, taken = _first(events, Revealed), _first(events, PileTaken)
            assert isinstance(revealed, Revealed)
            assert isinstance(taken, PileTaken)
            assert revealed.reason is RevealReason.DOUBT
            assert doubted.doubter == official_doubter(players, claim.seat, doubted.seats)  # R9
            assert revealed.truthful is is_truthful(revealed.cards, revealed.rank)
            assert taken.seat == pile_taker(claim.seat, doubted.doubter, revealed.truthful)  # R8


def _turn_ended(events: list[Event]) -> bool:
    """Whether these events of one action hand the turn on: anything but a play left open to doubt."""
    return not (len(events) == 1 and type(events[0]) in (Played, Declined))


def _still_in(game: Game, before: list[bool]) -> list[bool]:
    """The seats still in once the action is taken (a last true play takes its seat out, V3)."""
    return [still and seat not in game.places for seat, still in enumerate(before)]


def _first(events: list[Event], kind: type) -> Any:
    return next((event for event in events if type(event) is kind), None)


@examples(60)
@given(tables(), st.integers(0, 2**32))
def test_copies_share_their_history_yet_each_plays_on_as_if_alone(table: Table, seed: int) -> None:
    """A copy shares the history (actions, log, events, each reader's log) until either side acts: copies
    of copies, made at any step, played on through either door or kept still while their original plays
    on, read in between with whole views and views since a step, are each exactly the game their own
    actions make when played alone from the deal."""
    rng = random.Random(seed)
    readers = [*range(table.rules.players), None]
    games: list[tuple[Game, list[Action]]] = [(table.new_game(), [])]
    kept_still: set[int] = set()  # copies never played on: their original may write on past them
    for _ in range(STEPS):
        playing = [entry for entry in games if not entry[0].is_over and id(entry[0]) not in kept_still]
        if not playing:
            break
        game, taken = rng.choice(playing)
        if rng.random() < 0.15 and len(games) < 8:
            if rng.random() < 0.5:  # a copy of a game read to the end shares that reader's whole log
                game.view(rng.choice(readers))
            games.append((game.copy(), list(taken)))
            if rng.random() < 0.3:
                kept_still.add(id(games[-1][0]))
        action = random_action(game, rng)
        if rng.random() < 0.5:
            game.apply_unchecked(action)
        else:
            game.apply(action)
        taken.append(action)
        if rng.random() < 0.3:  # reading a copy or its original writes nothing the other one sees
            reader = rng.choice(readers)
            other, _ = rng.choice(games)
            other.view(reader, since=rng.randint(0, other.step))
            other.view(reader)
    for game, taken in games:
        alone = table.new_game()
        for action in taken:
            alone.apply(action)
        assert game.record() == alone.record()
        assert game.events() == alone.events()
        assert state(game) == state(alone)
        for reader in readers:
            assert game.view(reader) == alone.view(reader)
            since = rng.randint(0, game.step)
            assert game.view(reader, since=since) == alone.view(reader, since=since)
