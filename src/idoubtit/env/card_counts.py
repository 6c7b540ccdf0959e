"""The exact fit behind resampling: how many copies of each card every unseen play held, as an integer program.

:mod:`idoubtit.env.resample` searches for a history card by card; when that search runs past its budget
(a long game whose constraints its look-ahead does not see in time), this module solves the same
question exactly. Copies of a card are interchangeable, so a history is fixed, up to the order of cards
within a play, by how many copies of each card were dealt to each other seat and put down in each play
the player did not see. Those counts are the variables of an integer program whose constraints are
exactly what the player knows:

* each other seat was dealt as many cards as the deal gives it, and every copy not dealt to the player
  was dealt to someone else;
* an unseen play holds as many cards as were claimed; a seen play holds the cards seen;
* at every play, each seat's hand (its deal, plus the piles it took, minus what it put down) holds a
  non-negative number of copies of each card, so every play comes from the hand it was made from.

The piles the player took hold only plays it saw, so its own hand needs no constraint. SciPy's HiGHS
(``scipy.optimize.milp``; SciPy is a requirement of OpenSpiel) solves it under a random objective, so
the solution is drawn from the player's information and the random stream only, never from the real
cards; it is exact, so a solution always exists (the real history is one).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# SciPy ships no type hints (it comes with OpenSpiel, which has none either).
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix

from idoubtit.engine import STANDARD_DECK, Card, Event, PileTaken, Played, Rules

_INDEX = {card: index for index, card in enumerate(STANDARD_DECK)}
_CARDS = len(STANDARD_DECK)


@dataclass(frozen=True, slots=True)
class Unseen:
    """One play as the integer program reads it: whose, how many cards, and the cards if the player saw them."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(slots=True)
class _Program:
    """A sparse integer program being built: blocks of one variable per card, and equality rows."""

    size: int = 0
    rows: list[int] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    targets: list[float] = field(default_factory=list)

    def block(self) -> int:
        """A new block of variables, one per card of the deck: the index of its first."""
        start, self.size = self.size, self.size + _CARDS
        return start

    def equal(self, terms: Sequence[tuple[int, float]], target: float) -> None:
        row = len(self.targets)
        for column, value in terms:
            self.rows.append(row)
            self.columns.append(column)
            self.values.append(value)
        self.targets.append(target)


@dataclass(slots=True)
class _Hand:
    """A seat's hand as an affine sum: blocks of variables with their signs, plus known cards."""

    blocks: list[int]
    known: Counter[Card] = field(default_factory=Counter)


def solve(
    rules: Rules,
    player: int,
    dealt: Sequence[Card],
    log: Sequence[Event],
    plays: Sequence[Unseen],
    rng: random.Random,
) -> tuple[list[list[Card]], list[tuple[Card, ...]]]:
    """A deal and the cards of every play (in log order) that fit what ``player`` knows, drawn at random.

    ``plays`` are the log's plays in order (:class:`Unseen`: cards None where the player did not see
    them); ``dealt`` the player's own cards. Raises AssertionError if nothing fits, which the real
    history rules out.
    """
    program = _Program()
    others = [seat for seat in range(rules.players) if seat != player]
    deals = {seat: program.block() for seat in others}
    _deal_rows(program, rules, player, dealt, deals)
    hidden = {number: program.block() for number, play in enumerate(plays) if play.cards is None}
    for number, start in hidden.items():
        program.equal([(start + card, 1.0) for card in range(_CARDS)], plays[number].count)
    _hand_rows(program, player, log, plays, deals, hidden)
    counts = _solved(program, rules.deck_count, rng)
    deal = [list(dealt) if seat == player else _cards(counts, deals[seat], rng) for seat in range(rules.players)]
    cards = [
        play.cards if play.cards is not None else tuple(_cards(counts, hidden[n], rng)) for n, play in enumerate(plays)
    ]
    return deal, cards


def _deal_rows(program: _Program, rules: Rules, player: int, dealt: Sequence[Card], deals: dict[int, int]) -> None:
    """Each other seat gets its share of the deal (card ``i`` to seat ``i % players``), and every copy
    the player was not dealt goes to one of them."""
    for seat, start in deals.items():
        size = len(range(seat, rules.card_count, rules.players))
        program.equal([(start + card, 1.0) for card in range(_CARDS)], size)
    own = Counter(_INDEX[card] for card in dealt)
    for card in range(_CARDS):
        program.equal([(start + card, 1.0) for start in deals.values()], rules.deck_count - own[card])


def _hand_rows(
    program: _Program,
    player: int,
    log: Sequence[Event],
    plays: Sequence[Unseen],
    deals: dict[int, int],
    hidden: dict[int, int],
) -> None:
    """After every play of another seat, a block of its hand (bounded below by 0), equal to the hand
    before less the play; a pile taken adds its plays to the taker's hand."""
    hands = {seat: _Hand([start]) for seat, start in deals.items()}
    pile: list[int] = []
    numbers = iter(range(len(plays)))
    for event in log:
        if isinstance(event, Played):
            number = next(numbers)
            pile.append(number)
            if event.seat != player:
                hands[event.seat] = _after(program, hands[event.seat], plays[number], hidden.get(number))
        elif isinstance(event, PileTaken):
            if event.seat != player:  # a pile the player takes holds plays it saw: nothing to solve
                hand = hands[event.seat]
                for number in pile:
                    if number in hidden:
                        hand.blocks.append(hidden[number])
                    else:
                        hand.known.update(plays[number].cards or ())
            pile = []


def _after(program: _Program, hand: _Hand, play: Unseen, block: int | None) -> _Hand:
    """The hand after ``play``: a new block, equal to ``hand`` less the play's cards (its block if unseen)."""
    after = program.block()
    shown = Counter(play.cards or ())
    for card, copy in enumerate(STANDARD_DECK):
        terms = [(after + card, 1.0), *((start + card, -1.0) for start in hand.blocks)]
        if block is not None:
            terms.append((block + card, 1.0))
        program.equal(terms, hand.known[copy] - shown[copy])
    return _Hand([after])


def _solved(program: _Program, decks: int, rng: random.Random) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The program's integer solution under a random objective (so a random one of the fits)."""
    matrix = coo_matrix((program.values, (program.rows, program.columns)), shape=(len(program.targets), program.size))
    targets = np.asarray(program.targets)
    objective = np.asarray([rng.random() for _ in range(program.size)])
    result = milp(
        objective,
        constraints=LinearConstraint(matrix.tocsr(), targets, targets),
        integrality=np.ones(program.size),
        bounds=Bounds(0, decks),
    )
    if not result.success:
        raise AssertionError(f"no card counts fit the player's view ({result.message}), yet the real ones do")
    solution: np.ndarray[Any, np.dtype[np.float64]] = np.rint(result.x)
    return solution


def _cards(counts: np.ndarray[Any, np.dtype[np.float64]], start: int, rng: random.Random) -> list[Card]:
    """The cards a block of the solution counts, in random order."""
    cards = [card for index, card in enumerate(STANDARD_DECK) for _ in range(int(counts[start + index]))]
    rng.shuffle(cards)
    return cards
