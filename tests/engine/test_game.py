"""The game's two doors, copies and records.

The checked door refuses every illegal action with the right ``IDoubtItError`` subclass, a message
that names the action and the state, and leaves the game exactly as it was. The fast door gives the
same game as the checked door on the same (legal) actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, cast

import pytest

from idoubtit.engine import (
    RECORD_FORMAT,
    STANDARD_DECK,
    Action,
    Card,
    CloseWindow,
    Decline,
    Doubt,
    Game,
    IDoubtItError,
    IllegalActionError,
    InvalidRulesError,
    MalformedInputError,
    Phase,
    Play,
    Played,
    Rank,
    Rules,
    parse_action,
)

Attempt = Callable[[Game], object]


def snapshot(game: Game) -> dict[str, Any]:
    """Everything observable about a game: its record, every view and every public property."""
    players = game.rules.players
    return {
        "record": game.record(),
        "actions": game.actions(),
        "views": [game.view(seat).to_dict() for seat in [*range(players), None]],
        "hands": [game.hand(seat) for seat in range(players)],
        "public": (
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
            game.is_over,
        ),
    }


def assert_refused(game: Game, attempt: Attempt, error: type[IDoubtItError], *fragments: str) -> None:
    before = snapshot(game)
    with pytest.raises(IDoubtItError) as caught:
        attempt(game)
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(game) == before


# --------------------------------------------------------------------------------------------------
# Positions


def at_start(**variants: bool) -> Game:
    """Seat 0 to play Aces."""
    return Game.from_hands(Rules(3, **variants), ["AS KD QH 5S", "2C 3C 4C", "5D 6D 7D"])


def in_window() -> Game:
    """Seat 0 claimed one Ace; seats 1 and 2 may doubt."""
    game = at_start()
    game.play(0, "AS")
    return game


def after_decline() -> Game:
    game = in_window()
    game.decline(1)
    return game


def over() -> Game:
    game = Game.from_hands(Rules(3), ["AS", "2C 3C", "4C 5C"])
    game.play(0, "AS")
    return game


def two_decks() -> Game:
    return Game.from_hands(Rules(6), ["AS KD", "2C", "3C", "4C", "5C", "6C"])


def capped() -> Game:
    return Game.from_hands(Rules(3, capped_plays=True), ["AS AH AD AC KS", "2C", "3C"])


PLAY_STATE = "[seat 0 to play, due rank A]"
WINDOW_STATE = "[doubt window on seat 0's claim of 1 x A, awaiting seats [1, 2]]"
OVER_STATE = "[game over, places [0]]"

ILLEGAL = [
    # Wrong seat
    pytest.param(
        at_start,
        lambda g: g.play(1, "2C"),
        ("play 1 2C", "it is seat 0's turn to play, not seat 1's (D1)", PLAY_STATE),
        id="play-out-of-turn",
    ),
    pytest.param(
        at_start,
        lambda g: g.apply(parse_action("play 2 5D as A")),
        ("play 2 5D as A", "it is seat 0's turn", PLAY_STATE),
        id="apply-play-out-of-turn",
    ),
    # Cards not held
    pytest.param(
        at_start,
        lambda g: g.play(0, "2C"),
        ("play 0 2C", "seat 0 does not hold 2C", PLAY_STATE),
        id="card-not-held",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(0, "AS KD JD"),
        ("play 0 AS KD JD", "seat 0 does not hold JD", PLAY_STATE),
        id="one-card-of-several-not-held",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(0, "AS AS"),
        ("play 0 AS AS", "seat 0 does not hold another AS", PLAY_STATE),
        id="duplicate-card-one-deck",
    ),
    pytest.param(
        two_decks,
        lambda g: g.play(0, "KD AS AS"),
        ("play 0 KD AS AS", "seat 0 does not hold another AS", PLAY_STATE),
        id="duplicate-card-two-decks",
    ),
    # Empty play
    pytest.param(
        at_start,
        lambda g: g.play(0, []),
        ("play 0", "a play puts down one or more cards (R4)", PLAY_STATE),
        id="empty-play",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(0, ""),
        ("play 0", "a play puts down one or more cards (R4)", PLAY_STATE),
        id="empty-play-string",
    ),
    # V2 cap
    pytest.param(
        capped,
        lambda g: g.play(0, "AS AH AD AC KS"),
        ("play 0 AS AH AD AC KS", "V2 caps a play at 4 cards, not 5", PLAY_STATE),
        id="v2-cap",
    ),
    # V5 missing rank
    pytest.param(
        lambda: at_start(strict_announcing=True),
        lambda g: g.play(0, "AS"),
        ("play by seat 0", "V5 strict announcing is on: the play must state its rank", PLAY_STATE),
        id="v5-missing-rank",
    ),
    pytest.param(
        lambda: at_start(strict_announcing=True),
        lambda g: g.apply(parse_action("play 0 AS")),
        ("play by seat 0", "V5 strict announcing is on", PLAY_STATE),
        id="v5-missing-rank-apply",
    ),
    # Wrong phase: answering when no window is open
    pytest.param(
        at_start,
        lambda g: g.doubt(1),
        ("doubt 1", "no doubt window is open; seat 0 must play", PLAY_STATE),
        id="doubt-outside-window",
    ),
    pytest.param(
        at_start,
        lambda g: g.decline(2),
        ("decline 2", "no doubt window is open; seat 0 must play", PLAY_STATE),
        id="decline-outside-window",
    ),
    pytest.param(
        at_start,
        lambda g: g.close_window(),
        ("close", "no doubt window is open", PLAY_STATE),
        id="close-outside-window",
    ),
    # Wrong phase: playing while the window is open (D3)
    pytest.param(
        in_window,
        lambda g: g.play(1, "2C"),
        ("play 1 2C", "the doubt window is open: the awaited seats may doubt or decline (D3)", WINDOW_STATE),
        id="play-during-window",
    ),
    pytest.param(
        in_window,
        lambda g: g.play(0, "KD"),
        ("play 0 KD", "the doubt window is open", WINDOW_STATE),
        id="claimant-plays-again",
    ),
    # Doubting or declining one's own claim
    pytest.param(
        in_window,
        lambda g: g.doubt(0),
        ("doubt 0", "seat 0 made the claim and cannot doubt or decline it (R8)", WINDOW_STATE),
        id="doubt-own-claim",
    ),
    pytest.param(
        in_window,
        lambda g: g.doubt(1, 0),
        ("doubt 1 0", "seat 0 made the claim", WINDOW_STATE),
        id="doubt-own-claim-with-another",
    ),
    pytest.param(
        in_window,
        lambda g: g.decline(0),
        ("decline 0", "seat 0 made the claim and cannot doubt or decline it (R8)", WINDOW_STATE),
        id="decline-own-claim",
    ),
    # Declining twice, doubting after declining
    pytest.param(
        after_decline,
        lambda g: g.decline(1),
        ("decline 1", "seat 1 has already declined this claim (D3)", "awaiting seats [2]]"),
        id="decline-twice",
    ),
    pytest.param(
        after_decline,
        lambda g: g.doubt(1),
        ("doubt 1", "seat 1 has already declined this claim (D3)", "awaiting seats [2]]"),
        id="doubt-after-declining",
    ),
    # Acting after the game is over
    pytest.param(over, lambda g: g.play(1, "2C"), ("play 1 2C", "the game is over", OVER_STATE), id="play-after-over"),
    pytest.param(over, lambda g: g.doubt(1), ("doubt 1", "the game is over", OVER_STATE), id="doubt-after-over"),
    pytest.param(over, lambda g: g.decline(2), ("decline 2", "the game is over", OVER_STATE), id="decline-after-over"),
    pytest.param(over, lambda g: g.close_window(), ("close", "the game is over", OVER_STATE), id="close-after-over"),
]


@pytest.mark.parametrize(("start", "attempt", "fragments"), ILLEGAL)
def test_illegal_actions_are_refused_and_change_nothing(
    start: Callable[[], Game], attempt: Attempt, fragments: tuple[str, ...]
) -> None:
    assert_refused(start(), attempt, IllegalActionError, *fragments)


MALFORMED = [
    # Bad seat numbers
    pytest.param(at_start, lambda g: g.play(3, "2C"), ("play", "3 is not a seat; seats are 0 to 2"), id="play-seat-3"),
    pytest.param(at_start, lambda g: g.play(-1, "AS"), ("play", "-1 is not a seat"), id="play-seat-minus-1"),
    pytest.param(in_window, lambda g: g.doubt(5), ("doubt 5", "5 is not a seat; seats are 0 to 2"), id="doubt-seat-5"),
    pytest.param(in_window, lambda g: g.doubt(1, 7), ("doubt 1 7", "7 is not a seat"), id="doubt-seat-7-with-1"),
    pytest.param(in_window, lambda g: g.decline(-2), ("decline -2", "-2 is not a seat"), id="decline-seat-minus-2"),
    pytest.param(in_window, lambda g: g.decline(True), ("True is not a seat",), id="decline-seat-true"),
    pytest.param(in_window, lambda g: g.doubt(cast(Any, "1")), ("'1' is not a seat",), id="doubt-seat-string"),
    pytest.param(at_start, lambda g: g.view(3), ("view", "3 is not a seat"), id="view-seat-3"),
    pytest.param(at_start, lambda g: g.hand(-1), ("hand", "-1 is not a seat"), id="hand-seat-minus-1"),
    # Doubts that cannot be read
    pytest.param(in_window, lambda g: g.doubt(), ("a doubt needs at least one seat",), id="doubt-nobody"),
    pytest.param(in_window, lambda g: g.doubt(1, 1), ("doubt 1 1", "a seat is named twice"), id="doubt-seat-twice"),
    # Strings that are not cards or ranks
    pytest.param(at_start, lambda g: g.play(0, "XY"), ("'XY' is not a card",), id="not-a-card"),
    pytest.param(at_start, lambda g: g.play(0, ["AS", "1S"]), ("'1S' is not a card",), id="one-not-a-card"),
    pytest.param(at_start, lambda g: g.play(0, "AS", "Z"), ("'Z' is not a rank",), id="not-a-rank"),
    pytest.param(
        at_start, lambda g: g.play(0, "AS", cast(Any, 5)), ("play by seat 0", "5 is not a rank"), id="int-rank"
    ),
    pytest.param(
        at_start, lambda g: g.apply(cast(Any, "play 0 AS")), ("'play 0 AS' is not an action",), id="apply-a-string"
    ),
]


@pytest.mark.parametrize(("start", "attempt", "fragments"), MALFORMED)
def test_malformed_input_is_refused_and_changes_nothing(
    start: Callable[[], Game], attempt: Attempt, fragments: tuple[str, ...]
) -> None:
    assert_refused(start(), attempt, MalformedInputError, *fragments)


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


# The checked door takes a quick path for well-formed input (seats as ints, cards as Card objects in a
# tuple or list) and gives its reasons only when that path finds something wrong: the same refusals.
CARD_OBJECTS = [
    pytest.param(
        at_start, lambda g: g.play(1, tuple(cards("2C"))), IllegalActionError, ("play 1 2C", "seat 0's turn"), id="turn"
    ),
    pytest.param(
        at_start, lambda g: g.play(0, cards("AS 2C")), IllegalActionError, ("seat 0 does not hold 2C",), id="not-held"
    ),
    pytest.param(
        at_start,
        lambda g: g.play(0, tuple(cards("AS AS"))),
        IllegalActionError,
        ("seat 0 does not hold another AS",),
        id="held-once-one-deck",
    ),
    pytest.param(
        two_decks,
        lambda g: g.play(0, cards("AS KD AS")),
        IllegalActionError,
        ("seat 0 does not hold another AS",),
        id="held-once-two-decks",
    ),
    pytest.param(at_start, lambda g: g.play(0, ()), IllegalActionError, ("one or more cards (R4)",), id="empty"),
    pytest.param(
        capped, lambda g: g.play(0, cards("AS AH AD AC KS")), IllegalActionError, ("V2 caps a play",), id="cap"
    ),
    pytest.param(
        lambda: at_start(strict_announcing=True),
        lambda g: g.play(0, cards("AS")),
        IllegalActionError,
        ("V5 strict announcing",),
        id="strict",
    ),
    pytest.param(
        in_window, lambda g: g.play(1, cards("2C")), IllegalActionError, ("the doubt window is open",), id="window"
    ),
    pytest.param(
        in_window,
        lambda g: g.play(0, cards("KD")),
        IllegalActionError,
        ("the doubt window is open",),
        id="claimant-again",
    ),
    pytest.param(over, lambda g: g.play(1, cards("2C")), IllegalActionError, ("the game is over",), id="over"),
    pytest.param(
        at_start,
        lambda g: g.play(0, [Card.parse("AS"), "XY"]),
        MalformedInputError,
        ("'XY' is not a card",),
        id="card-and-text",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(0, cast(Any, [Card.parse("AS"), 7])),
        MalformedInputError,
        ("7 is not a card",),
        id="card-and-number",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(cast(Any, False), cards("AS")),
        MalformedInputError,
        ("False is not a seat",),
        id="seat-false",
    ),
    pytest.param(
        at_start,
        lambda g: g.play(3, cards("AS 2C")),
        MalformedInputError,
        ("3 is not a seat",),
        id="seat-3-before-cards",
    ),
    pytest.param(
        after_decline,
        lambda g: g.doubt(2, 1),
        IllegalActionError,
        ("doubt 2 1", "seat 1 has already declined"),
        id="doubt-with-a-decliner",
    ),
    pytest.param(
        in_window, lambda g: g.doubt(2, 2), MalformedInputError, ("a seat is named twice",), id="doubt-twice-same"
    ),
    pytest.param(
        in_window,
        lambda g: g.doubt(1, cast(Any, 2.0)),
        MalformedInputError,
        ("2.0 is not a seat",),
        id="doubt-seat-float",
    ),
    pytest.param(
        in_window, lambda g: g.decline(cast(Any, None)), MalformedInputError, ("None is not a seat",), id="decline-none"
    ),
]


@pytest.mark.parametrize(("start", "attempt", "error", "fragments"), CARD_OBJECTS)
def test_quick_checks_refuse_as_the_full_checks_do(
    start: Callable[[], Game], attempt: Attempt, error: type[IDoubtItError], fragments: tuple[str, ...]
) -> None:
    assert_refused(start(), attempt, error, *fragments)


@pytest.mark.parametrize(
    "given",
    [
        pytest.param("AS KD", id="text"),
        pytest.param(["AS", "KD"], id="list-of-text"),
        pytest.param(cards("AS KD"), id="list-of-cards"),
        pytest.param(tuple(cards("AS KD")), id="tuple-of-cards"),
        pytest.param(iter(cards("AS KD")), id="iterator"),
        pytest.param([Card.parse("AS"), "KD"], id="mixed"),
    ],
)
def test_cards_may_be_given_in_any_form(given: Any) -> None:
    game = at_start()
    played = game.play(0, given)
    assert played == [Played(0, 2, Rank.ACE, tuple(cards("AS KD")))]
    assert game.hand(0) == tuple(cards("QH 5S"))
    assert game.actions() == (Play(0, tuple(cards("AS KD")), Rank.ACE),)


def test_a_play_of_two_equal_cards_from_two_decks() -> None:
    game = Game.from_hands(Rules(6), ["AS AS KD", "2C", "3C", "4C", "5C", "6C"])
    game.play(0, cards("AS AS"))
    assert game.hand(0) == tuple(cards("KD"))
    assert game.pile_size == 2


def test_refusals_are_value_errors() -> None:
    game = at_start()
    with pytest.raises(ValueError, match="turn"):
        game.play(1, "2C")


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: Game.from_hands(Rules(3), ["AS", "KS"]), "2 hands given for a table of 3 players"),
        (lambda: Game.from_hands(Rules(3), ["AS", "", "KS"]), "seat 1 was dealt no cards"),
        (lambda: Game.from_hands(Rules(3), ["AS", "AS", "KS"]), "AS dealt more than 1 time(s)"),
        (lambda: Game.from_hands(Rules(3), ["AS", "KS", "QS"], first=3), "first player 3 is not a seat"),
        (lambda: Game.from_hands(Rules(3), ["AS", "KS", "ZZ"]), "'ZZ' is not a card"),
        (lambda: Game.deal(Rules(3), seed=1, first=-1), "first player -1 is not a seat"),
    ],
)
def test_bad_starts_are_refused(make: Callable[[], Game], fragment: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        make()
    assert fragment in str(caught.value)


# --------------------------------------------------------------------------------------------------
# The fast door


def random_legal_actions(game: Game, rng: random.Random, limit: int) -> list[Action]:
    """Play ``game`` on through the checked door with random legal actions; return them."""
    taken: list[Action] = []
    while not game.is_over and len(taken) < limit:
        action: Action
        if game.phase is Phase.PLAY:
            seat = game.to_play
            hand = game.hand(seat)
            cap = game.rules.max_cards_per_play or len(hand)
            chosen = tuple(rng.sample(hand, rng.randint(1, min(3, cap, len(hand)))))
            due = game.due_rank
            rank = due if rng.random() < 0.9 else rng.choice(list(Rank))
            action = Play(seat, chosen, rank if game.rules.strict_announcing or rank is not due else None)
        else:
            awaiting = list(game.awaiting)
            roll = rng.random()
            if roll < 0.3:
                action = Doubt(tuple(rng.sample(awaiting, rng.randint(1, len(awaiting)))))
            elif roll < 0.9:
                action = Decline(rng.choice(awaiting))
            else:
                action = CloseWindow()
        game.apply(action)
        taken.append(action)
    return taken


def scripted_game() -> tuple[Game, list[str]]:
    """A from_hands game that uses every kind of action and ends."""
    game = Game.from_hands(Rules(4), ["AS 6S", "KH 3H", "QD QC 4D", "5C 6C"])
    actions = [
        "play 0 AS",
        "decline 2",
        "decline 1",
        "decline 3",  # all declined
        "play 1 3H",
        "doubt 3 2",  # a lie: seat 1 takes the pile
        "play 2 QD QC",
        "close",
        "play 3 5C as 7",  # wrong rank: seat 3 takes the pile
        "play 0 6S",  # the last card, and a lie: seat 0 takes the pile
        "play 1 KH",
        "doubt 0",
        "play 2 4D as 9",  # wrong rank
        "play 3 QC QD 6C",
        "doubt 1 0",  # a lie: seat 3 takes the pile
        "play 0 6S",  # the last card, and true: seat 0 wins
    ]
    return game, actions


def apply_by_method(game: Game, action: Action) -> None:
    """The fast door, one method per kind of action."""
    if isinstance(action, Play):
        game.play_unchecked(action.seat, action.cards, game.due_rank if action.rank is None else action.rank)
    elif isinstance(action, Doubt):
        game.doubt_unchecked(action.seats)
    elif isinstance(action, Decline):
        game.decline_unchecked(action.seat)
    else:
        game.close_window_unchecked()


def test_fast_door_matches_checked_door_on_a_scripted_game() -> None:
    checked, texts = scripted_game()
    by_method, _ = scripted_game()
    by_apply, _ = scripted_game()
    for text in texts:
        action = parse_action(text)
        checked.apply(action)
        apply_by_method(by_method, action)
        by_apply.apply_unchecked(action)
        assert snapshot(by_method) == snapshot(checked), text
        assert snapshot(by_apply) == snapshot(checked), text
    assert checked.step == len(texts)
    assert (checked.is_over, checked.winner) == (True, 0)


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (Rules(3), 1),
        (Rules(5, ascending=True, capped_plays=True), 2),
        (Rules(7, play_on_for_places=True, strict_announcing=True), 3),
        (Rules(2, open_table_sizes=True), 4),
    ],
)
def test_fast_door_matches_checked_door_on_random_games(rules: Rules, seed: int) -> None:
    checked = Game.deal(rules, seed)
    actions = random_legal_actions(checked, random.Random(seed), limit=400)
    fast = Game.deal(rules, seed)
    for action in actions:
        fast.apply_unchecked(action)
    assert snapshot(fast) == snapshot(checked)


@pytest.mark.parametrize(("rules", "seed"), [(Rules(4), 5), (Rules(6, play_on_for_places=True), 6), (Rules(3), 7)])
def test_doors_may_take_turns_on_one_game(rules: Rules, seed: int) -> None:
    """The doors may take turns: the log each writes is the one the other and every reader read on."""
    checked = Game.deal(rules, seed)
    actions = random_legal_actions(checked, random.Random(seed), limit=300)
    mixed, both = Game.deal(rules, seed), Game.deal(rules, seed)
    doors = random.Random(seed + 100)
    for action in actions:
        if doors.random() < 0.5:
            mixed.apply_unchecked(action)
            both.apply(action)
        else:
            assert mixed.apply(action) == both.apply(action), action
        if doors.random() < 0.1:  # read now and then, so that the log is written in the middle of the game
            seat = doors.randrange(rules.players)
            assert mixed.view(seat).to_dict() == both.view(seat).to_dict()
            assert mixed.events() == both.events()
    assert snapshot(mixed) == snapshot(checked)


def test_fast_door_returns_the_phase_it_leaves() -> None:
    game, texts = scripted_game()
    for text in texts:
        phase = game.apply_unchecked(parse_action(text))
        assert phase is game.phase, text
    assert phase is Phase.OVER


def test_fast_play_announces_the_due_rank_by_default() -> None:
    game = at_start()
    assert game.play_unchecked(0, (Card.parse("AS"),)) is Phase.DOUBT
    assert game.claim is not None
    assert game.claim.rank is Rank.ACE


def test_held_is_the_hand_in_no_set_order() -> None:
    game = Game.deal(Rules(4), seed=3)
    for seat in range(4):
        assert sorted(map(str, game.held(seat))) == sorted(map(str, game.hand(seat)))
    with pytest.raises(MalformedInputError, match="held"):
        game.held(4)


@pytest.mark.parametrize(("players", "decks", "first"), [(4, 1, 0), (5, 1, 3), (7, 2, 6)])
def test_deal_gives_each_card_to_the_next_seat_in_turn(players: int, decks: int, first: int) -> None:
    """R3/D6: the shuffled deck is dealt one card at a time, from the seat that plays first."""
    rules = Rules(players)
    assert rules.deck_count == decks
    deck = [card for card in STANDARD_DECK for _ in range(decks)]
    random.Random(11).shuffle(deck)
    expected: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck):
        expected[(first + position) % players].append(card)
    game = Game.deal(rules, 11, first)
    assert [list(game.held(seat)) for seat in range(players)] == expected


# --------------------------------------------------------------------------------------------------
# Copies


def test_copy_is_independent() -> None:
    game = in_window()
    game.view(1)  # fill in a reader's log before copying
    before = snapshot(game)
    clone = game.copy()
    assert snapshot(clone) == before
    # Acting on the copy leaves the original alone ...
    clone.doubt(2)
    clone.play(1, "2C")
    assert snapshot(game) == before
    # ... and acting on the original leaves the copy alone.
    after_clone = snapshot(clone)
    game.decline(1)
    game.decline(2)
    game.play(1, "3C 4C")
    assert snapshot(clone) == after_clone
    assert game.hand_sizes == (3, 1, 3)
    assert clone.hand_sizes == (3, 2, 4)  # a true claim: the doubter took the Ace


def test_copy_of_a_random_game_plays_on_the_same() -> None:
    game = Game.deal(Rules(4), seed=9)
    random_legal_actions(game, random.Random(9), limit=50)
    clone = game.copy()
    rest = random_legal_actions(game, random.Random(10), limit=100)
    for action in rest:
        clone.apply(action)
    assert snapshot(clone) == snapshot(game)


# --------------------------------------------------------------------------------------------------
# Records


def test_record_of_a_dealt_game() -> None:
    game = Game.deal(Rules(4, ascending=True), seed=42, first=1)
    actions = random_legal_actions(game, random.Random(0), limit=20)
    record = game.record()
    assert record == {
        "format": RECORD_FORMAT,
        "rules": Rules(4, ascending=True).to_dict(),
        "first": 1,
        "seed": 42,
        "actions": [str(action) for action in game.actions()],
    }
    assert len(record["actions"]) == len(actions)
    # Plays are recorded with the rank they announced, filled in where it was left out.
    for text in record["actions"]:
        if text.startswith("play"):
            assert " as " in text


@pytest.mark.parametrize(
    ("rules", "seed", "first"),
    [
        (Rules(3), 1, 0),
        (Rules(6, ascending=True), 2, 4),
        (Rules(4, play_on_for_places=True, strict_announcing=True, capped_plays=True), 3, 2),
        (Rules(13, open_table_sizes=True), 4, 12),
    ],
)
def test_replay_of_a_dealt_game(rules: Rules, seed: int, first: int) -> None:
    game = Game.deal(rules, seed, first)
    random_legal_actions(game, random.Random(seed), limit=500)
    record = json.loads(json.dumps(game.record()))
    again = Game.replay(record)
    assert again.record() == game.record()
    assert snapshot(again) == snapshot(game)


def test_replay_of_a_from_hands_game() -> None:
    game, texts = scripted_game()
    for text in texts:
        game.apply(parse_action(text))
    record = game.record()
    assert record["hands"] == [["AS", "6S"], ["KH", "3H"], ["QD", "QC", "4D"], ["5C", "6C"]]
    assert "seed" not in record
    again = Game.replay(json.loads(json.dumps(record)))
    assert snapshot(again) == snapshot(game)


def test_replay_of_a_finished_from_hands_game() -> None:
    game = Game.from_hands(Rules(3, play_on_for_places=True, ascending=True), ["AS", "2S 4H", "3S 2H"])
    for text in ["play 0 AS", "play 1 2S", "doubt 2", "play 2 3S", "decline 1", "play 1 4H"]:
        game.apply(parse_action(text))
    assert (game.is_over, game.places) == (True, (0, 1, 2))
    again = Game.replay(game.record())
    assert snapshot(again) == snapshot(game)


def test_replay_refuses_bad_records() -> None:
    good = at_start().record()
    with pytest.raises(MalformedInputError, match="not a game record"):
        Game.replay({**good, "format": "something-else"})
    with pytest.raises(MalformedInputError, match="not a game record"):
        Game.replay(cast(Any, ["play 0 AS"]))
    with pytest.raises(InvalidRulesError, match="unknown rules option"):
        Game.replay({**good, "rules": {"players": 3, "jokers": 2}})
    with pytest.raises(IllegalActionError, match="it is seat 0's turn"):
        Game.replay({**good, "actions": ["play 1 2C"]})
    with pytest.raises(MalformedInputError, match="is not an action"):
        Game.replay({**good, "actions": ["fold 1"]})
