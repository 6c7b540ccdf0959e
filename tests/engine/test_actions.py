"""The action notation: ``play 0 AS 10H [as K]``, ``doubt 1 3``, ``decline 1``, ``close``."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    CloseWindow,
    Decline,
    Doubt,
    MalformedInputError,
    Play,
    Rank,
    parse_action,
    parse_cards,
)

AS, KD, TEN_H, THREE_D = parse_cards("AS KD 10H 3D")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play 0 KD 10H", Play(0, (KD, TEN_H))),
        ("play 0 AS 10h as k", Play(0, (AS, TEN_H), Rank.KING)),
        ("PLAY 0 as 10H AS K", Play(0, (AS, TEN_H), Rank.KING)),
        ("play 11 th", Play(11, (TEN_H,))),
        ("play 2 10H as T", Play(2, (TEN_H,), Rank.TEN)),
        ("  play   1   3D  ", Play(1, (THREE_D,))),
        ("doubt 2", Doubt((2,))),
        ("doubt 3 1", Doubt((3, 1))),
        ("Doubt 1 2 3 4", Doubt((1, 2, 3, 4))),
        ("decline 1", Decline(1)),
        ("DECLINE 10", Decline(10)),
        ("close", CloseWindow()),
        (" Close ", CloseWindow()),
    ],
)
def test_parse_action(text: str, action: Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play(0, (KD, TEN_H)), "play 0 KD 10H"),
        (Play(0, (AS, TEN_H), Rank.KING), "play 0 AS 10H as K"),
        (Play(3, (TEN_H,), Rank.TEN), "play 3 10H as 10"),
        (Doubt((2,)), "doubt 2"),
        (Doubt((3, 1)), "doubt 3 1"),
        (Decline(1), "decline 1"),
        (CloseWindow(), "close"),
    ],
)
def test_str_is_the_canonical_notation(action: Action, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "action",
    [
        Play(0, (AS, TEN_H)),  # "play 0 AS 10H", the first example of the notation table in actions.py
        Play(0, (AS, THREE_D)),  # the Ace of spades second to last, no rank announced
        Play(0, (AS, AS)),  # two identical cards (two decks, R1)
        Play(4, (THREE_D, AS, TEN_H)),
        Play(1, (AS,), Rank.ACE),
    ],
    ids=str,
)
def test_plays_with_the_ace_of_spades_round_trip(action: Action) -> None:
    assert parse_action(str(action)) == action


seats_st = st.integers(0, 20)
actions_st: st.SearchStrategy[Action] = st.one_of(
    st.builds(
        Play,
        seat=seats_st,
        cards=st.lists(st.sampled_from(STANDARD_DECK), min_size=1, max_size=8).map(tuple),
        rank=st.none() | st.sampled_from(Rank),
    ),
    st.builds(Doubt, seats=st.lists(seats_st, min_size=1, max_size=5, unique=True).map(tuple)),
    st.builds(Decline, seat=seats_st),
    st.just(CloseWindow()),
)


@given(actions_st)
@example(Play(0, (AS, THREE_D)))
def test_notation_round_trips(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert parse_action(text.lower()) == action
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "an empty action"),
        ("   ", "an empty action"),
        ("jump 1", "'jump 1' is not an action"),
        ("play", "'play' is not an action"),
        ("play 0", "'play 0' is not an action"),
        ("play x AS", "'x' is not a seat number"),
        ("play -1 AS", "'-1' is not a seat number"),
        ("play 1.5 AS", "'1.5' is not a seat number"),
        ("play 0 ZZ", "'ZZ' is not a card"),
        ("play 0 KD 1S", "'1S' is not a card"),
        ("play 0 AS as Z", "'Z' is not a rank"),
        ("play 0 as K", "names no cards"),
        ("doubt", "'doubt' is not an action"),
        ("doubt x", "'x' is not a seat number"),
        ("doubt 1 y", "'y' is not a seat number"),
        ("decline", "'decline' is not an action"),
        ("decline 1 2", "'decline 1 2' is not an action"),
        ("decline z", "'z' is not a seat number"),
        ("decline ²", "'²' is not a seat number"),
        ("close 1", "'close 1' is not an action"),
    ],
)
def test_malformed_actions_are_refused_with_a_helpful_message(text: str, fragment: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert fragment in message
    # Every refusal either shows how to write an action or how to write the piece that was wrong.
    assert "play SEAT CARD... [as RANK] | doubt SEAT... | decline SEAT | close" in message or "writ" in message


def test_actions_are_frozen_values() -> None:
    play = Play(0, (AS,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.seat = 1  # type: ignore[misc]
    assert play == Play(0, (AS,), None)
    assert hash(play) == hash(Play(0, (AS,)))
    assert Play(0, (AS,), Rank.ACE) != play  # announcing the due rank is not the same action as leaving it out
    assert Doubt((1, 3)) != Doubt((3, 1))
