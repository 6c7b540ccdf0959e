"""Ranks, suits and cards, and their one notation.

A card is written as its rank then its suit letter: ``AS`` (Ace of spades), ``10H``, ``QD``, ``2C``.
Parsing is case-insensitive and also takes ``T`` for ten. ``str(card)`` is the canonical ASCII form;
``card.pretty()`` uses suit symbols for display.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Final

from idoubtit.engine.errors import MalformedInputError


class Rank(enum.IntEnum):
    """The thirteen ranks, listed in the order R5 announces them (Ace first, then down).

    Values are the usual card values with the Ace low, so that "the next rank down" (R5) and
    "the next rank up" (V1) are both plain arithmetic that wraps round.
    """

    ACE = 1
    KING = 13
    QUEEN = 12
    JACK = 11
    TEN = 10
    NINE = 9
    EIGHT = 8
    SEVEN = 7
    SIX = 6
    FIVE = 5
    FOUR = 4
    THREE = 3
    TWO = 2

    @property
    def symbol(self) -> str:
        """The rank's notation: ``A``, ``K``, ``Q``, ``J``, ``10`` … ``2``."""
        return _RANK_SYMBOLS[self]

    def next_down(self) -> Rank:
        """The rank announced after this one under R5: A, K, Q, …, 2, then A again."""
        return NEXT_RANK_DOWN[self]

    def next_up(self) -> Rank:
        """The rank announced after this one under V1: A, 2, 3, …, K, then A again."""
        return NEXT_RANK_UP[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its notation (``A``, ``K``, ``10`` or ``T``, …), any case."""
        key = text.strip().upper()
        if key not in _RANK_BY_SYMBOL:
            raise MalformedInputError(
                f"{text!r} is not a rank; ranks are written {', '.join(_RANK_ORDER_SYMBOLS)} (or T for 10)",
                "bad_rank",
                text=text,
            )
        return _RANK_BY_SYMBOL[key]

    def __str__(self) -> str:
        return self.symbol


class Suit(enum.Enum):
    """The four suits. Suits never matter to the rules; they only tell cards apart."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in cls:
            if suit.value == key or suit.symbol == text.strip():
                return suit
        raise MalformedInputError(f"{text!r} is not a suit; suits are written S, H, D, C")

    def __str__(self) -> str:
        return self.value


_RANK_SYMBOLS: Final = {
    Rank.ACE: "A",
    Rank.KING: "K",
    Rank.QUEEN: "Q",
    Rank.JACK: "J",
    **{rank: str(rank.value) for rank in Rank if 2 <= rank.value <= 10},
}
_RANK_BY_SYMBOL: Final = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_RANK_ORDER_SYMBOLS: Final = [rank.symbol for rank in Rank]
#: The rank announced after each rank: R5 (down, the default) and V1 (up).
NEXT_RANK_DOWN: Final = {rank: Rank(rank.value - 1 if rank.value > 1 else 13) for rank in Rank}
NEXT_RANK_UP: Final = {rank: Rank(rank.value + 1 if rank.value < 13 else 1) for rank in Rank}
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Card:
    """One playing card: an immutable value. With two decks (R1) two equal cards can exist.

    There is exactly one object per distinct card (``Card(Rank.ACE, Suit.SPADES)`` returns the
    shared one), so equality is identity: fast in the hot loops of simulations, and equal cards
    from two decks are indistinguishable, as R1 says.
    """

    __slots__ = ("_index", "rank", "suit")
    rank: Rank
    suit: Suit
    _index: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return _CARD_CACHE[(rank, suit)]
        except (KeyError, TypeError):
            raise MalformedInputError(f"Card needs a Rank and a Suit, not {rank!r} and {suit!r}") from None

    @classmethod
    def _make(cls, index: int, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_index", index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self._index  # stable across processes, so sets of cards iterate the same way every run

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))  # copies and unpickled cards come back as the shared object

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation: ``AS``, ``10H``, ``TH``, ``qd``, ``2C`` (or ``A♠``).

        >>> Card.parse("th")
        Card.parse('10H')
        """
        if not isinstance(text, str):
            raise MalformedInputError(
                f"{text!r} is not a card; cards are Card values or text like AS, 10H, QD", "bad_card", text=repr(text)
            )
        stripped = text.strip()
        if len(stripped) < 2:
            raise MalformedInputError(
                f"{text!r} is not a card; write rank then suit, like AS, 10H, TH, QD or 2C", "bad_card", text=text
            )
        try:
            return _CARD_CACHE[(Rank.parse(stripped[:-1]), Suit.parse(stripped[-1]))]
        except MalformedInputError as error:
            raise MalformedInputError(
                f"{text!r} is not a card ({error}); write rank then suit, like AS, 10H, TH, QD or 2C",
                "bad_card",
                text=text,
            ) from None

    def pretty(self) -> str:
        """The card with its suit symbol, for display: ``A♠``, ``10♥``."""
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __str__(self) -> str:
        return _CARD_TEXT[self._index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# The one object per distinct card (see Card); dealing and parsing hand these out.
_CARD_CACHE: Final = {
    (rank, suit): Card._make(index, rank, suit)
    for index, (rank, suit) in enumerate((rank, suit) for rank in Rank for suit in Suit)
}
_CARD_TEXT: Final = [f"{rank.symbol}{suit.letter}" for rank, suit in _CARD_CACHE]
#: The identities of the card objects, to tell cheaply that a sequence holds nothing but cards.
CARD_IDS: Final = frozenset(map(id, _CARD_CACHE.values()))

#: One standard 52-card deck, in a fixed order (by rank as R5 lists them, then by suit).
STANDARD_DECK: Final[tuple[Card, ...]] = tuple(_CARD_CACHE[(rank, suit)] for rank in Rank for suit in Suit)


def parse_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards from card values or notation; a single string may hold several cards split by spaces or commas."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    given = tuple(cards)
    if CARD_IDS.issuperset(map(id, given)):  # the common case, cards already: checked without a Python loop
        return given  # type: ignore[return-value]
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in given)


#: Order for showing a hand: by rank as R5 lists them (A, K, Q, … 2), then by suit. Cards are
#: numbered in exactly that order, and reading the number in C keeps sorting hands cheap.
sort_key: Final[Callable[[Card], int]] = attrgetter("_index")


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, space-separated (the inverse of :func:`parse_cards`)."""
    return " ".join(str(card) for card in cards)
