"""Events are immutable values of their own type: equal only to the same event, hashable, unordered."""

from __future__ import annotations

import copy
import pickle
from typing import Any, cast

import pytest

from idoubtit.engine import (
    Card,
    CloseReason,
    Declined,
    Doubted,
    Event,
    Finished,
    Game,
    GameOver,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    WindowClosed,
    WrongRank,
)

AS, KD = Card.parse("AS"), Card.parse("KD")

ONE_OF_EACH: list[Event] = [
    Played(0, 2, Rank.ACE, (AS, KD)),
    WrongRank(1, Rank.FIVE, Rank.KING),
    Declined(2),
    WindowClosed(CloseReason.ALL_DECLINED),
    Doubted((2, 3), 2),
    Revealed(0, (AS, KD), Rank.ACE, False, RevealReason.DOUBT),
    PileTaken(0, 2, (AS, KD)),
    Finished(1, 1),
    GameOver(1, (1,)),
]


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda event: type(event).__name__)
def test_an_event_is_a_value(event: Event) -> None:
    same = type(event)(*event)
    assert event == same
    assert not event != same  # noqa: SIM202 (the != operator is what is tested)
    assert hash(event) == hash(same)
    assert {event, same} == {event}
    assert pickle.loads(pickle.dumps(event)) == event
    assert copy.deepcopy(event) == event
    assert repr(event).startswith(f"{type(event).__name__}(")


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda event: type(event).__name__)
def test_an_event_cannot_be_changed(event: Event) -> None:
    with pytest.raises(AttributeError):
        cast(Any, event).seat = 5
    with pytest.raises(AttributeError):
        cast(Any, event).extra = 5


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda event: type(event).__name__)
def test_an_event_equals_no_tuple_and_no_event_of_another_type(event: Event) -> None:
    fields = tuple(event)
    assert event != fields
    assert fields != event
    assert not event == fields  # noqa: SIM201 (the == operator is what is tested)
    for other in ONE_OF_EACH:
        if type(other) is not type(event):
            assert event != other


def test_events_of_two_types_with_equal_fields_differ() -> None:
    declined: object = Declined(1)
    finished: object = Finished(1, 2)
    assert declined != WindowClosed(cast(Any, 1))
    assert finished != GameOver(1, cast(Any, 2))
    assert len({finished, GameOver(1, cast(Any, 2))}) == 2


def test_events_have_no_order() -> None:
    # Type checkers see named tuples, which sort; at run time events refuse to, as values without order.
    with pytest.raises(TypeError):
        _ = Declined(1) < Declined(2)
    with pytest.raises(TypeError):
        sorted([Declined(2), Declined(1)])


def test_fields_defaults_and_repr_are_those_of_the_rules_text() -> None:
    played = Played(0, 2, Rank.ACE)
    assert played.cards is None
    assert played == Played(seat=0, count=2, rank=Rank.ACE, cards=None)
    assert repr(played) == "Played(seat=0, count=2, rank=<Rank.ACE: 1>, cards=None)"
    assert repr(Declined(2)) == "Declined(seat=2)"
    assert PileTaken(1, 3).cards is None
    assert played.count == 2
    assert PileTaken(1, 3).count == 3


def test_public_forms_drop_the_cards() -> None:
    assert Played(0, 2, Rank.ACE, (AS, KD)).public() == Played(0, 2, Rank.ACE)
    assert PileTaken(0, 2, (AS, KD)).public() == PileTaken(0, 2)
    assert "cards" not in PileTaken(0, 2, (AS, KD)).public().to_dict()


def test_events_match_by_class_pattern() -> None:
    match Played(0, 2, Rank.ACE, (AS, KD)):
        case Played(seat=seat, count=count, rank=rank):
            assert (seat, count, rank) == (0, 2, Rank.ACE)
        case _:
            pytest.fail("no match")


def test_the_events_a_game_returns_are_the_events_it_logs() -> None:
    game = Game.from_hands(Rules(3), ["AS AH KD", "QS 2C", "7H 8H"])
    returned = [*game.play(0, [AS]), *game.doubt(2, 1)]
    assert returned == list(game.events())
    assert [type(event) for event in returned] == [Played, Doubted, Revealed, PileTaken]
    assert returned[1] == Doubted((1, 2), 1)  # R9: seat 1 sits nearer the claimant's left
    assert game.view(2).log[0] == Played(0, 1, Rank.ACE)  # the others see the claim, not the card
    assert game.view(0).log[0] == Played(0, 1, Rank.ACE, (AS,))
