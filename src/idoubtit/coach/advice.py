"""A coach at the table: for the claim on the table, how likely it is a bluff and why; on the seat's own
turn, the move the expert would make and why. From the seat's view alone.

The coach is the expert bot's reading of the table (:class:`~idoubtit.bots.search.SearchBot`, its model
fed this seat's views and nothing else), turned into one short reason a child can follow. Each piece of
advice carries ``why``: a key and its numbers, which :mod:`idoubtit.coach.words` says in the player's
language (the browser says the same keys with the same catalog).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Final

from idoubtit.bots.maths import NEVER, own_turn_distances
from idoubtit.bots.search import SearchBot
from idoubtit.bots.search.bot import seats_in_turn
from idoubtit.coach.puzzle_reasons import CHEAP_PILE
from idoubtit.engine import Doubt, Play, Rank, Revealed, Rules, View
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

#: Sampled deals behind one piece of advice: quick enough to answer before the window closes.
COACH_ITERATIONS: Final = 60


@dataclass(frozen=True, slots=True)
class Advice:
    """What the coach says: about a claim (``kind`` "claim", with ``bluff_chance`` 0–1 for the meter),
    or about the seat's own turn (``kind`` "play", with the move in notation and its ``cards``)."""

    kind: str
    why: dict[str, Any]
    bluff_chance: float | None = None
    action: str | None = None
    cards: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "why": self.why}
        if self.bluff_chance is not None:
            data["bluff_chance"] = round(self.bluff_chance, 3)
        if self.action is not None:
            data["action"] = self.action
            data["cards"] = list(self.cards)
        return data


class Coach:
    """The coach of one seat for one game. Show it every view of the seat, in order (:meth:`advise`)."""

    def __init__(self, seat: int, rules: Rules, seed: int | str = 0, iterations: int = COACH_ITERATIONS) -> None:
        self.seat = seat
        self.expert = SearchBot(rng=random.Random(f"coach/{seed}/{seat}"), iterations=iterations)
        self.expert.start(seat, rules)

    def advise(self, view: View) -> Advice | None:
        """Advice for this view: on the seat's turn, the move; while another seat's claim is open to
        the seat's doubt, that claim; otherwise None."""
        if view.seat != self.seat:
            raise ValueError(f"the coach of seat {self.seat} was shown seat {view.seat}'s view")
        if view.must_play:
            return self._play(view)
        if view.may_doubt:
            return self._claim(view)
        return None

    def _claim(self, view: View) -> Advice:
        claim = view.claim
        assert claim is not None
        expert = self.expert
        options, _wins, choice = expert.option_values(view)
        settled = expert.settled_answer(view)
        chance = (
            1.0 if isinstance(settled, Doubt) else 0.0 if settled is not None else expert.model.false_probability(view)
        )
        # What the count settles the coach says, whatever the search found: a proven bluff is doubted.
        action = settled if settled is not None else options[choice]
        doubt = isinstance(action, Doubt)
        return Advice("claim", claim_reason(view, expert, chance, doubt), bluff_chance=chance, action=str(action))

    def _play(self, view: View) -> Advice:
        options, _wins, choice = self.expert.option_values(view)
        move = options[choice]
        assert isinstance(move, Play)
        return Advice("play", play_reason(view, move), action=str(move), cards=tuple(str(card) for card in move.cards))


def claim_reason(view: View, expert: SearchBot, chance: float, doubt: bool) -> dict[str, Any]:
    """Why to doubt the claim, or to let it go: the plainest reason that holds and agrees with the
    advice. The count first (it can prove a claim), then the claimant's record at this table, then what
    the claim or the pile says, then the model's chance alone."""
    claim = view.claim
    assert claim is not None
    copies = RANK_COPIES_PER_DECK * view.rules.deck_count
    seen = expert.seen_of(view, claim.rank)
    caught, shown = record_of(view, claim.seat)
    base = {
        "seat": claim.seat,
        "count": claim.count,
        "rank": str(claim.rank),
        "chance": round(100 * chance),
        "doubt": doubt,
    }
    if claim.count + seen > copies:
        return {**base, "key": "impossible", "seen": seen, "left": copies - seen}
    if chance <= 0.0:
        return {**base, "key": "certain"}
    if doubt:
        if shown >= 2 and 2 * caught >= shown:
            return {**base, "key": "record", "caught": caught, "shown": shown}
        if seen and claim.count + seen == copies:
            return {**base, "key": "all_out", "seen": seen}
        if claim.count >= 3:
            return {**base, "key": "big_claim"}
        if view.hand_sizes[claim.seat] <= 2:
            return {**base, "key": "near_the_end", "left": view.hand_sizes[claim.seat]}
        if chance < 0.5:
            # A doubt of a claim that is more likely true than not: say why it still pays, not only the
            # chance, which alone would read as a reason to let it go.
            if view.pile_size <= CHEAP_PILE:
                return {**base, "key": "cheap_doubt", "pile": view.pile_size}
            return {**base, "key": "doubt_ahead"}
        return {**base, "key": "chance"}
    if shown >= 2 and caught == 0:
        return {**base, "key": "record", "caught": caught, "shown": shown}
    if view.pile_size >= 8 or chance >= 0.5:
        # Letting a likely bluff go: what a wrong doubt would cost, not the chance, which reads as a reason to doubt.
        return {**base, "key": "big_pile", "pile": view.pile_size}
    return {**base, "key": "chance"}


def record_of(view: View, seat: int) -> tuple[int, int]:
    """How many of ``seat``'s claims this view saw turned up, and how many of those were bluffs."""
    shown = caught = 0
    for event in view.log:
        if isinstance(event, Revealed) and event.seat == seat:
            shown += 1
            caught += not event.truthful
    return caught, shown


def play_reason(view: View, move: Play) -> dict[str, Any]:
    """Why this play: going out, the truth alone, the truth with a card needed last, or a card needed last."""
    due = view.due_rank
    true_cards = [card for card in move.cards if card.rank is due]
    false_cards = [card for card in move.cards if card.rank is not due]
    base = {"rank": str(due), "true": len(true_cards), "cards": [str(card) for card in move.cards]}
    if len(move.cards) == len(view.hand) and not false_cards:
        return {**base, "key": "go_out"}
    if not false_cards:
        return {**base, "key": "truth"}
    turns = _turns_until(view, false_cards[0].rank)
    extra = {"card": str(false_cards[0]), "turns": turns, "false": len(false_cards)}
    if not true_cards:
        return {**base, **extra, "key": "none_due"}
    return {**base, **extra, "key": "truth_and_card"}


def _turns_until(view: View, rank: Rank) -> int | None:
    """In how many of this seat's own turns ``rank`` is due to it again (None: never, V4)."""
    own = own_turn_distances(seats_in_turn(view), view.rules.ascending)[view.due_rank.value][rank.value]
    return None if own == NEVER else own
