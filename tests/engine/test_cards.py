"""Ranks, suits, cards and the card notation (``AS``, ``10H``, ``TH``, ``qd``)."""

from __future__ import annotations

import copy
import pickle
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from idoubtit.engine import (
    STANDARD_DECK,
    Card,
    MalformedInputError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    sort_key,
)

cards_st = st.sampled_from(STANDARD_DECK)


def test_ranks_are_listed_in_the_order_r5_announces_them() -> None:
    assert [rank.symbol for rank in Rank] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert [str(rank) for rank in Rank] == [rank.symbol for rank in Rank]


def test_next_down_walks_r5_and_wraps_round() -> None:
    rank = Rank.ACE
    seen = []
    for _ in range(13):
        seen.append(rank)
        rank = rank.next_down()
    assert seen == list(Rank)
    assert rank is Rank.ACE
    assert Rank.TWO.next_down() is Rank.ACE


def test_next_up_walks_v1_and_wraps_round() -> None:
    rank = Rank.ACE
    seen = []
    for _ in range(13):
        seen.append(rank.symbol)
        rank = rank.next_up()
    assert seen == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert rank is Rank.ACE
    assert Rank.KING.next_up() is Rank.ACE


@pytest.mark.parametrize(
    ("text", "rank"),
    [("A", Rank.ACE), ("a", Rank.ACE), (" k ", Rank.KING), ("10", Rank.TEN), ("T", Rank.TEN), ("t", Rank.TEN)],
)
def test_rank_parse(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank


@pytest.mark.parametrize("text", ["", "1", "11", "X", "AA", "ace", "0"])
def test_rank_parse_refuses_nonsense(text: str) -> None:
    with pytest.raises(MalformedInputError, match="is not a rank; ranks are written A, K, Q"):
        Rank.parse(text)


@pytest.mark.parametrize(
    ("text", "suit"),
    [("S", Suit.SPADES), ("h", Suit.HEARTS), ("D", Suit.DIAMONDS), ("c", Suit.CLUBS), ("♠", Suit.SPADES)],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "X", "SS", "spades"])
def test_suit_parse_refuses_nonsense(text: str) -> None:
    with pytest.raises(MalformedInputError, match="is not a suit; suits are written S, H, D, C"):
        Suit.parse(text)


def test_standard_deck_has_52_distinct_cards() -> None:
    assert len(STANDARD_DECK) == 52
    assert len(set(STANDARD_DECK)) == 52
    assert {(card.rank, card.suit) for card in STANDARD_DECK} == {(rank, suit) for rank in Rank for suit in Suit}
    assert len({hash(card) for card in STANDARD_DECK}) == 52


@pytest.mark.parametrize(
    ("text", "canonical", "pretty"),
    [
        ("AS", "AS", "A♠"),
        ("as", "AS", "A♠"),
        ("10H", "10H", "10♥"),
        ("TH", "10H", "10♥"),
        ("th", "10H", "10♥"),
        ("qd", "QD", "Q♦"),
        ("2C", "2C", "2♣"),
        (" KC ", "KC", "K♣"),
        ("A♠", "AS", "A♠"),
    ],
)
def test_card_parse(text: str, canonical: str, pretty: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert card.pretty() == pretty


@pytest.mark.parametrize("text", ["", "A", "S", "ZS", "AX", "1S", "11H", "10", "AS AH"])
def test_card_parse_refuses_nonsense(text: str) -> None:
    with pytest.raises(MalformedInputError, match="is not a card") as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert "write rank then suit, like AS, 10H" in str(caught.value)


@given(cards_st)
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.parse(card.pretty()) is card
    assert eval(repr(card), {"Card": Card}) is card


def test_one_object_per_distinct_card() -> None:
    card = Card(Rank.ACE, Suit.SPADES)
    assert card is Card.parse("as")
    assert card is Card.parse("A♠")
    assert card == Card.parse("AS")
    assert card != Card.parse("AH")
    assert (card.rank, card.suit) == (Rank.ACE, Suit.SPADES)


def test_card_constructor_refuses_what_is_not_a_rank_and_a_suit() -> None:
    with pytest.raises(MalformedInputError, match="Card needs a Rank and a Suit"):
        Card(cast(Any, "A"), Suit.SPADES)
    with pytest.raises(MalformedInputError, match="Card needs a Rank and a Suit"):
        Card(Rank.ACE, cast(Any, "S"))


def test_cards_are_immutable() -> None:
    card = Card.parse("KD")
    with pytest.raises(AttributeError, match="immutable"):
        card.rank = Rank.ACE
    with pytest.raises(AttributeError, match="immutable"):
        del card.suit
    assert str(card) == "KD"


def test_copies_and_pickles_give_back_the_shared_card() -> None:
    card = Card.parse("7C")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy([card, card]) == [card, card]


def test_parse_cards_reads_strings_lists_and_cards() -> None:
    expected = (Card.parse("AS"), Card.parse("10H"), Card.parse("2C"))
    assert parse_cards("AS 10H 2C") == expected
    assert parse_cards("as,10h, 2c") == expected
    assert parse_cards(["AS", Card.parse("10H"), "2c"]) == expected
    assert parse_cards("") == ()
    with pytest.raises(MalformedInputError, match="'ZZ' is not a card"):
        parse_cards("AS ZZ")


@given(st.lists(cards_st, max_size=12))
def test_format_cards_is_the_inverse_of_parse_cards(cards: list[Card]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert text == " ".join(str(card) for card in cards)


def test_sort_key_orders_by_r5_rank_then_suit() -> None:
    shuffled = parse_cards("2C 10H AH KS AS 2S QD 10C")
    assert format_cards(sorted(shuffled, key=sort_key)) == "AS AH KS QD 10H 10C 2S 2C"
    assert [str(card) for card in sorted(STANDARD_DECK, key=sort_key)] == [str(card) for card in STANDARD_DECK]
