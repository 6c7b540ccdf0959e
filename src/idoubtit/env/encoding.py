"""One encoding of a seat's view and of its choices, shared by the PettingZoo, Gymnasium and OpenSpiel
environments, so that the same position gives the same numbers in all three (see docs/env.md).

Suits never matter to the rules, so a play is built rank by rank: each "add a card of rank r" step puts
one more card of that rank from the hand into the play being built, and an "announce rank r" step puts
the built cards down, announcing r. Which copy of the rank an add takes is drawn by a keyed hash of the
seat's own secret (:func:`pick`), so a revealed play shows its rank and nothing else: not which suits
its player did not hold, as taking the lowest suit first would. Doubting and declining
are one step each. The action mask is exact: it allows a step exactly when the engine would accept
where it leads, for every table size, deck count and variant.

Everything here reads a :class:`~idoubtit.engine.View` and nothing else, so an observation holds only
what its seat may know.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from idoubtit.bots.knowledge import own_cards_in_pile
from idoubtit.engine import Action, Card, Decline, Doubt, Phase, Play, Rank, Rules, View

#: The ranks in the order of R5 (Ace, King, ..., Two): action and observation slots follow it.
RANKS: Final = tuple(Rank)
ADD: Final = 0  # ADD + i: add one card of RANKS[i] to the play being built
ANNOUNCE: Final = len(RANKS)  # ANNOUNCE + i: put the built play down announcing RANKS[i]
DOUBT: Final = 2 * len(RANKS)
DECLINE: Final = DOUBT + 1
NUM_ACTIONS: Final = DECLINE + 1
PHASES: Final = (Phase.PLAY, Phase.DOUBT, Phase.OVER)
#: Rules flags in the observation, in this order.
FLAGS: Final = ("ascending", "capped_plays", "play_on_for_places", "open_table_sizes", "strict_announcing")

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def action_name(index: int) -> str:
    """``add K``, ``announce 10``, ``doubt``, ``decline``: how docs and logs name an action index."""
    if ADD <= index < ANNOUNCE:
        return f"add {RANKS[index - ADD]}"
    if ANNOUNCE <= index < DOUBT:
        return f"announce {RANKS[index - ANNOUNCE]}"
    if index == DOUBT:
        return "doubt"
    if index == DECLINE:
        return "decline"
    raise ValueError(f"{index} is not an action; actions are 0 to {NUM_ACTIONS - 1}")


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the observation vector lies, for a table of ``players`` seats.

    Seats are relative: slot 0 is the observing seat, slot 1 the next seat in turn order (D1), and so on.
    """

    players: int

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        return _parts(self.players)

    @property
    def size(self) -> int:
        return _size(self.players)

    def offset(self, name: str) -> int:
        try:
            return _offsets(self.players)[name]
        except KeyError:
            raise KeyError(name) from None


# The layout is asked for at every step of every environment: worked out once per table size.
@cache
def _parts(players: int) -> tuple[tuple[str, int], ...]:
    p, r = players, len(RANKS)
    return (
        ("hand", r),  # cards of each rank in the hand
        ("building", r),  # cards of each rank already added to the play being built
        ("own_in_pile", r),  # own cards of each rank on the pile (the seat put them there)
        ("due_rank", r),  # one-hot
        ("phase", len(PHASES)),  # one-hot: play, doubt, over
        ("to_play", p),  # one-hot, relative seat
        ("hand_sizes", p),  # relative seats
        ("pile_size", 1),
        ("claim_seat", p),  # one-hot, relative seat; all zero without a claim
        ("claim_count", 1),
        ("claim_rank", r),  # one-hot
        ("awaiting", p),  # seats whose answer the game waits for
        ("finished", p),  # seats that have gone out (the winner, and V3 places)
        ("rules", len(FLAGS) + 1),  # the variant flags, then the number of decks
    )


@cache
def _size(players: int) -> int:
    return sum(width for _, width in _parts(players))


@cache
def _offsets(players: int) -> dict[str, int]:
    offsets, start = {}, 0
    for part, width in _parts(players):
        offsets[part] = start
        start += width
    return offsets


#: Each rank's slot: RANKS.index without the search.
_RANK_SLOT: Final = {rank: index for index, rank in enumerate(RANKS)}


def counts(cards: Sequence[Card]) -> Counter[Rank]:
    return Counter(card.rank for card in cards)


def observe(view: View, building: Sequence[Card] = (), own_in_pile: Iterable[Card] | None = None) -> Vector:
    """The observation vector of ``view`` (a seat's, never a spectator's) with ``building`` picked so far.

    ``own_in_pile``: the seat's own cards on the pile, if the caller keeps them (the environments do,
    so that a view whose log holds only the latest events is enough); else they are read from the log.
    """
    assert view.seat is not None, "observations are for seats"
    players, me = view.rules.players, view.seat
    at = _offsets(players)
    vector = np.zeros(Layout(players).size, dtype=np.float32)
    mine = own_cards_in_pile(view) if own_in_pile is None else own_in_pile
    for name, cards in (("hand", view.hand), ("building", building), ("own_in_pile", mine)):
        start = at[name]
        for card in cards:
            vector[start + _RANK_SLOT[card.rank]] += 1.0
    vector[at["due_rank"] + _RANK_SLOT[view.due_rank]] = 1.0
    vector[at["phase"] + PHASES.index(view.phase)] = 1.0
    if view.phase is not Phase.OVER:
        vector[at["to_play"] + (view.to_play - me) % players] = 1.0
    start = at["hand_sizes"]
    for seat, size in enumerate(view.hand_sizes):
        vector[start + (seat - me) % players] = size
    vector[at["pile_size"]] = view.pile_size
    if view.claim is not None:
        vector[at["claim_seat"] + (view.claim.seat - me) % players] = 1.0
        vector[at["claim_count"]] = view.claim.count
        vector[at["claim_rank"] + _RANK_SLOT[view.claim.rank]] = 1.0
    for seat in view.awaiting:
        vector[at["awaiting"] + (seat - me) % players] = 1.0
    for seat in view.places:
        vector[at["finished"] + (seat - me) % players] = 1.0
    start = at["rules"]
    for index, flag in enumerate(FLAGS):
        vector[start + index] = float(getattr(view.rules, flag))
    vector[start + len(FLAGS)] = view.rules.deck_count
    return vector


def legal_actions(view: View, building: Sequence[Card] = ()) -> list[int]:
    """The action indices the seat of ``view`` may take now, given what it has built; sorted."""
    seat = view.seat
    if seat is None or view.phase is Phase.OVER:
        return []
    if view.phase is Phase.DOUBT:
        return [DOUBT, DECLINE] if seat in view.awaiting else []
    if seat != view.to_play:
        return []
    legal: list[int] = []
    cap = view.rules.max_cards_per_play
    if cap is None or len(building) < cap:
        held, built = counts(view.hand), counts(building)
        legal.extend(ADD + index for index, rank in enumerate(RANKS) if held[rank] > built[rank])
    if building:
        # Any rank may be announced: a rank other than the due one is legal, and R7 punishes it.
        legal.extend(ANNOUNCE + index for index in range(len(RANKS)))
    return legal


def action_mask(view: View, building: Sequence[Card] = ()) -> Mask:
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[legal_actions(view, building)] = 1
    return mask


def step(view: View, building: Sequence[Card], index: int, key: bytes = b"") -> tuple[tuple[Card, ...], Action | None]:
    """Take action ``index``: the new play being built, and the engine action it completes (None: the
    play is still being built). Raises ValueError, naming the legal actions, for an illegal index.

    ``key`` is the seat's secret for :func:`pick` (the environments give each seat its own, see
    :func:`seat_key`); which copy an add takes depends on it, on the step and on the play so far."""
    legal = legal_actions(view, building)
    if index not in legal:
        names = ", ".join(f"{action} ({action_name(action)})" for action in legal) or "none"
        raise ValueError(f"action {index} is not legal now; the legal actions are {names}")
    assert view.seat is not None
    if index == DOUBT:
        return (), Doubt((view.seat,))
    if index == DECLINE:
        return (), Decline(view.seat)
    if index < ANNOUNCE:
        rank = RANKS[index - ADD]
        # Two decks hold equal cards (the same object): count copies, so each is built at most as often as held.
        built = Counter(building)
        spare: list[Card] = []
        for card in view.hand:  # sorted: the same copies in the same order whatever the hand's history
            if card.rank is rank:
                if built[card]:
                    built[card] -= 1
                else:
                    spare.append(card)
        return (*building, spare[pick(key, view.step, len(building), len(spare))]), None
    return (), Play(view.seat, tuple(building), RANKS[index - ANNOUNCE])


def seat_key(cards: Iterable[Card], salt: str = "") -> bytes:
    """A seat's key for :func:`pick`, from its own dealt cards (its secret: no other seat can work it out)."""
    text = salt + " ".join(sorted(str(card) for card in cards))
    return hashlib.blake2b(text.encode(), digest_size=16, person=b"idoubtit-pick").digest()


def pick(key: bytes, step: int, built: int, choices: int) -> int:
    """Which of ``choices`` copies of a rank an add takes: a keyed hash of the step and of the cards built
    so far, uniform over the copies for anyone who does not hold the key, the same in every copy of a state."""
    if choices == 1:
        return 0
    digest = hashlib.blake2b(
        step.to_bytes(8, "little") + built.to_bytes(4, "little"), digest_size=8, key=key or b"-"
    ).digest()
    return int.from_bytes(digest, "little") % choices


def steps_for(view: View, action: Action) -> list[int]:
    """The steps that take ``action`` (a bot's choice for ``view``'s seat), starting from an empty play:
    one "add" per card, by rank (suits never matter, so which copy is played is the encoding's pick),
    then the announcement; or the single doubt or decline."""
    if isinstance(action, Doubt):
        return [DOUBT]
    if isinstance(action, Decline):
        return [DECLINE]
    if isinstance(action, Play):
        rank = view.due_rank if action.rank is None else action.rank
        return [*(ADD + RANKS.index(card.rank) for card in action.cards), ANNOUNCE + RANKS.index(rank)]
    raise ValueError(f"a seat cannot take {action}")


def observation_size(rules: Rules) -> int:
    return Layout(rules.players).size
