"""A review of one seat's game: for each of its decisions, each option's chance to win as the expert saw it
from that seat's view then, what the chosen option lost, a label and a short reason.

Labels, by the points of win chance the chosen option gave up against the best one (documented in the
README): **best** (within half a point), **good** (under 3), **inaccuracy** (3 to 7), **mistake** (7 to
15), **blunder** (15 or more). Three positions are judged by the rules themselves, whatever the search
estimates, and the wrong choice there is a blunder: declining a claim the count proves false (doubt it:
R1, R8); emptying the hand with a false card while holding a card of the due rank (put the due cards
down alone: R10 turns a false last play up); and, under V5, announcing a rank other than the due one,
which takes the pile at once (R7).
"""

from __future__ import annotations

import gettext
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from idoubtit.bots.search import SearchBot
from idoubtit.coach.puzzle_reasons import CHEAP_PILE, NEAR_OUT
from idoubtit.coach.words import ENGLISH_RANKS, review_line
from idoubtit.engine import (
    Action,
    CloseWindow,
    Decline,
    Doubt,
    Event,
    Game,
    IDoubtItError,
    Play,
    Played,
    Revealed,
    View,
    WrongRank,
    parse_action,
)

#: Labels from best to worst, each with the least loss (points of win chance, 0–100) that earns it.
LABELS: Final = (("best", 0.0), ("good", 0.5), ("inaccuracy", 3.0), ("mistake", 7.0), ("blunder", 15.0))
#: Sampled deals per decision: enough that the options' order is stable, quick enough for a whole game.
ITERATIONS: Final = 120


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a decision, in notation, with its estimated chance (0–1) to win the game."""

    action: str
    win: float

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "win": round(self.win, 4)}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat: at ``step`` (the action's place in the record), what it did, the options
    it had, the best of them, the points of win chance the choice lost, its label and why."""

    step: int
    kind: str  # "play" or "answer"
    chosen: str
    options: tuple[Option, ...]
    best: str
    loss: float
    label: str
    reason: str
    #: What the reason says, as named values (for a translated sentence): its key and its numbers.
    why: dict[str, Any] = field(default_factory=dict)
    #: Whether a rule settled the label (see the module's docstring), not the estimate: ``loss`` is then
    #: only the search's guess, which can be small or nothing, so readers say "settled by the rules".
    ruled: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "kind": self.kind,
            "chosen": self.chosen,
            "best": self.best,
            "loss": round(self.loss, 2),
            "label": self.label,
            "reason": self.reason,
            "why": self.why,
            "ruled": self.ruled,
            "options": [option.to_dict() for option in self.options],
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions over a finished game, with a summary."""

    seat: int
    decisions: tuple[Decision, ...]
    #: Bluffs of the seat nobody caught (their steps).
    bluffs_that_worked: tuple[int, ...]

    @property
    def accuracy(self) -> float:
        """The share of decisions labelled best or good, 0–100 (100 with no decision to judge)."""
        judged = [decision for decision in self.decisions if len(decision.options) > 1]
        if not judged:
            return 100.0
        return 100.0 * sum(decision.label in ("best", "good") for decision in judged) / len(judged)

    def biggest_mistakes(self, count: int = 3) -> list[Decision]:
        """The worst decisions, by label first (a blunder the rules settle may cost few points), then loss."""
        severity = {label: rank for rank, (label, _) in enumerate(LABELS)}
        worst = sorted(self.decisions, key=lambda decision: (-severity[decision.label], -decision.loss))
        return [decision for decision in worst[:count] if decision.label in ("inaccuracy", "mistake", "blunder")]

    def counts(self) -> dict[str, int]:
        return {label: sum(decision.label == label for decision in self.decisions) for label, _ in LABELS}

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "accuracy": round(self.accuracy, 1),
            "labels": self.counts(),
            "biggest_mistakes": [decision.step for decision in self.biggest_mistakes()],
            "bluffs_that_worked": list(self.bluffs_that_worked),
            "decisions": [decision.to_dict() for decision in self.decisions],
        }


def review_record(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """:func:`review_game` as plain JSON-ready data: what a worker process sends back to the server."""
    return review_game(record, seat).to_dict()


def label_of(loss: float) -> str:
    """The label a loss of ``loss`` points of win chance earns (see :data:`LABELS`).

    >>> label_of(0.2), label_of(2.0), label_of(5.0), label_of(10.0), label_of(40.0)
    ('best', 'good', 'inaccuracy', 'mistake', 'blunder')
    """
    earned = LABELS[0][0]
    for label, least in LABELS:
        if loss >= least:
            earned = label
    return earned


def review_game(
    record: dict[str, Any],
    seat: int,
    *,
    iterations: int = ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions in a finished game's record (``progress(done, total)`` after each)."""
    game = Game.replay({**record, "actions": []})
    if not 0 <= seat < game.rules.players:
        raise IDoubtItError(f"review: seat {seat} is not at this table (seats 0 to {game.rules.players - 1})")
    actions = [parse_action(text) for text in record.get("actions", [])]
    if not Game.replay(record).is_over:
        raise IDoubtItError(f"review: the game is not over after its {len(actions)} actions")
    expert = SearchBot(rng=random.Random(f"review/{seed}/{seat}"), iterations=iterations)
    expert.start(seat, game.rules)
    total = sum(_decides(state, seat, action) for state, action in _states(record, actions))
    decisions: list[Decision] = []
    bluffs = _BluffWatch(seat)
    for step, action in enumerate(actions):
        if _decides(game, seat, action):
            decisions.append(_judge(expert, game.view(seat), step, _as_seat(action, seat)))
            if progress is not None:
                progress(len(decisions), total)
        bluffs.saw(step, game.apply(action))
    return Review(seat, tuple(decisions), tuple(bluffs.finish()))


def _states(record: dict[str, Any], actions: Sequence[Action]) -> list[tuple[Game, Action]]:
    """Each action with a copy of the game before it (only to count the decisions for the progress bar)."""
    game = Game.replay({**record, "actions": []})
    states = []
    for action in actions:
        states.append((game.copy(), action))
        game.apply(action)
    return states


class _BluffWatch:
    """Follows the seat's bluffs: one that the next play found still face down in the pile worked."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.open: int | None = None  # the step of the seat's last bluff, while its fate is open
        self.worked: list[int] = []

    def saw(self, step: int, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, Played):
                self._close()
                if event.seat == self.seat and any(card.rank is not event.rank for card in event.cards or ()):
                    self.open = step
            elif isinstance(event, Revealed | WrongRank) and event.seat == self.seat:
                self.open = None  # turned up (R8, R10) or a wrong rank (R7): caught

    def _close(self) -> None:
        if self.open is not None:
            self.worked.append(self.open)
        self.open = None

    def finish(self) -> list[int]:
        self._close()
        return self.worked


def _decides(game: Game, seat: int, action: Action) -> bool:
    """Whether ``action`` was ``seat``'s own decision: its play, its answer, or the window closing while
    it had not answered (it let the claim go)."""
    if isinstance(action, Play | Decline):
        return action.seat == seat
    if isinstance(action, Doubt):
        return seat in action.seats
    return isinstance(action, CloseWindow) and seat in game.awaiting


def _as_seat(action: Action, seat: int) -> Action:
    """The seat's part of ``action``: a window closed on it is its decline, a joint doubt its doubt."""
    if isinstance(action, CloseWindow):
        return Decline(seat)
    if isinstance(action, Doubt):
        return Doubt((seat,))
    return action


def _judge(expert: SearchBot, view: View, step: int, chosen: Action) -> Decision:
    wrong_rank = isinstance(chosen, Play) and chosen.rank is not None and chosen.rank is not view.due_rank
    weighed = Play(chosen.seat, chosen.cards, view.due_rank) if isinstance(chosen, Play) and wrong_rank else chosen
    ruled = _ruled_move(view, chosen, expert)
    options, wins, best = expert.option_values(view, [weighed] if ruled is None else [weighed, ruled])
    expert.chose(weighed)
    index = next(i for i, option in enumerate(options) if _same(option, weighed))
    if ruled is not None:  # the rules settle it, whatever the estimate (see the module's docstring)
        best = next(i for i, option in enumerate(options) if _same(option, ruled))
    loss = max(0.0, 100.0 * (wins[best] - wins[index]))
    why = _reason(view, chosen, options[best], wins[best], wins[index], expert)
    label = label_of(loss) if len(options) > 1 else "best"
    broke_a_rule = wrong_rank or (ruled is not None and index != best)
    if wrong_rank:
        assert isinstance(chosen, Play)
        why = {"key": "wrong_rank", "announced": str(chosen.rank), "due": str(view.due_rank)}
    if broke_a_rule:
        label = "blunder"
    return Decision(
        step=step,
        kind="play" if view.must_play else "answer",
        chosen=str(chosen),
        options=tuple(Option(str(option), win) for option, win in zip(options, wins, strict=True)),
        best=str(options[best]),
        loss=loss,
        label=label,
        # One wording everywhere: the sentence the terminal and the browser say, in English.
        reason=review_line(gettext.NullTranslations(), why, ENGLISH_RANKS),
        why=why,
        ruled=broke_a_rule,
    )


def _ruled_move(view: View, chosen: Action, expert: SearchBot) -> Action | None:
    """The move the rules make right, when they settle the decision: doubting a claim the count proves
    false (R1, R8), and, for a seat that would empty its hand with a false card while it holds a card of
    the due rank, putting down its due cards alone (R10 turns a false last play up, so the true play
    leaves it holding a part of what the false one would)."""
    assert view.seat is not None
    if not view.must_play:
        settled = expert.settled_answer(view)
        return settled if isinstance(settled, Doubt) else None
    if not isinstance(chosen, Play) or len(chosen.cards) != len(view.hand):
        return None
    due = [card for card in view.hand if card.rank is view.due_rank]
    if not due or len(due) == len(view.hand):
        return None
    cap = view.rules.max_cards_per_play or len(view.hand)
    return Play(view.seat, tuple(due[:cap]), view.due_rank)


def _same(one: Action, other: Action) -> bool:
    if isinstance(one, Play) and isinstance(other, Play):
        return one.seat == other.seat and sorted(map(str, one.cards)) == sorted(map(str, other.cards))
    return one == other


def _reason(
    view: View, chosen: Action, best: Action, best_win: float, chosen_win: float, expert: SearchBot
) -> dict[str, Any]:
    """Why the decision went as the review says: a key and its numbers (coach/words.py says them)."""
    if not view.must_play:
        return _answer_reason(view, best, expert)
    return _play_reason(view, chosen, best, best_win, chosen_win)


def _answer_reason(view: View, best: Action, expert: SearchBot) -> dict[str, Any]:
    claim = view.claim
    assert claim is not None
    settled = expert.settled_answer(view)
    seen = expert.seen_of(view, claim.rank)
    if isinstance(settled, Doubt):
        left = 4 * view.rules.deck_count - seen
        return {"key": "provably_false", "count": claim.count, "rank": str(claim.rank), "seen": seen, "left": left}
    if isinstance(settled, Decline):
        return {"key": "provably_true"}
    chance = round(100 * expert.model.false_probability(view))
    pile, claimant = view.pile_size, view.hand_sizes[claim.seat]
    numbers = {"chance": chance, "pile": pile, "claimant_cards": claimant}
    if not isinstance(best, Doubt):
        return {"key": "likely_true", **numbers}
    if chance >= 50:
        return {"key": "likely_bluff", **numbers}
    if pile <= CHEAP_PILE:
        return {"key": "cheap_doubt", **numbers}
    if claimant <= NEAR_OUT:
        return {"key": "near_the_end", **numbers}
    return {"key": "doubt_ahead", **numbers}


def _play_reason(view: View, chosen: Action, best: Action, best_win: float, chosen_win: float) -> dict[str, Any]:
    assert isinstance(chosen, Play)
    due = view.due_rank
    true_cards = [card for card in view.hand if card.rank is due]
    false_chosen = [card for card in chosen.cards if card.rank is not due]
    if len(chosen.cards) == len(view.hand) and false_chosen:
        return {"key": "last_card_bluff"}
    if isinstance(best, Play):
        best_false = [card for card in best.cards if card.rank is not due]
        if not true_cards:
            return {"key": "no_due", "rank": str(due), "cards": [str(card) for card in best.cards]}
        if len(best_false) > len(false_chosen):
            return {"key": "add_bluff", "cards": [str(card) for card in best_false], "rank": str(due)}
        if len(best_false) < len(false_chosen):
            return {"key": "too_many_bluffs"}
    return {"key": "chances", "chosen": round(100 * chosen_win), "best": round(100 * best_win)}
