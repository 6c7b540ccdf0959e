"""Telling a table that doubts anything (docs/bots.md, "A table that doubts anything").

Some players say "I doubt it" to about half of all claims, whatever the count says (the panel's
``doubter``; at a family table, often the youngest). Against two or more of them a bluff is mostly
caught and a false claim is called without our help, so the best play there is ``honest``'s: every card
of the due rank, and a doubt only of what can be proven. The counting bots and the expert recognise such
a table from the answers each opponent gave and switch to that play.

Each opponent is one of two types, a blind doubter (who doubts :data:`BLIND_SHARE` of the claims) or a
counting player (who doubts a tenth of them and is nine times in ten right), and every answer it gave
weighs the two (:data:`BLIND_ANSWERS`): a wrong doubt says much for the blind type, a claim let pass a
little against it (:func:`blind_chance`). The chance that some opponent still in doubts a claim whatever
the count is then 1 − ∏ (1 − :data:`BLIND_SHARE` · its chance of being blind) (:func:`calls_blindly`),
at tables of up to :data:`CALLING_SEATS`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

from idoubtit.engine import Declined, Doubted, Event, Finished, Played, Revealed, RevealReason

#: How often a blind doubter says "I doubt it" to a claim, whatever the count (the panel's doubter: half).
BLIND_SHARE: Final = 0.5
#: For each answer an opponent gives (let it pass, a right doubt, a wrong doubt), how likely it is from
#: a blind doubter and from a counting player, who doubts a tenth of the claims and is nine times in ten
#: right; a blind doubter doubts half of them, right as often as claims are false (about a third).
BLIND_ANSWERS: Final = {"pass": (0.5, 0.9), "right": (0.5 / 3.0, 0.09), "wrong": (1.0 / 3.0, 0.01)}
#: What one answer of each kind says for the blind type: the logarithm of its two chances' ratio.
_BLIND_EVIDENCE: Final = tuple(math.log(blind / counting) for blind, counting in BLIND_ANSWERS.values())
#: From this chance that someone calls any claim on, a bot that watches for it plays as ``honest`` does:
#: two players seen to doubt anything (one alone gives 0.5).
CALLING_TABLE: Final = 0.7
#: The prior chance that a stranger is a blind doubter.
BLIND_TYPE_PRIOR: Final = 0.2
#: The largest table the switch watches. At bigger ones counting players doubt more, and more often
#: wrongly (adaptive bots at 11 seats: a wrong doubt in 5 % of their answers and a right one in 17 %,
#: against 1 % and 10 % at four), so these weights take some of them for blind doubters: at 11 seats the
#: switch fired in 38 of 40 games against ten adaptive bots, and `counter` won 4.5 % with it where it won
#: 7.3 % without (220 games each; docs/bots.md, "The counting bots at such a table too").
CALLING_SEATS: Final = 6


def checked_calling_table(value: object) -> float:
    """A ``calling_table`` option as a number: a chance from 0 on (above 1: the switch never fires)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0.0:
        raise ValueError(f"calling_table is a chance from 0 on (above 1: never switch), not {value!r}")
    return float(value)


def blind_chance(prior: float, passes: float, right: float, wrong: float) -> float:
    """The chance that a player is a blind doubter rather than a counting one, from ``prior`` (0 < prior
    < 1) and the answers it gave: claims let pass, right doubts and wrong doubts."""
    evidence = math.log(prior / (1.0 - prior))
    for count, weight in zip((passes, right, wrong), _BLIND_EVIDENCE, strict=True):
        evidence += count * weight
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, evidence))))


def calls_blindly(blind_chances: Iterable[float]) -> float:
    """The chance that some of these players (each blind with its chance) doubts a claim whatever the count."""
    passes = 1.0
    for chance in blind_chances:
        passes *= 1.0 - BLIND_SHARE * chance
    return 1.0 - passes


class AnswerTally:
    """How each seat answered the claims of one game, from the events its views show: the claims it let
    pass, its right doubts and its wrong ones (for a bot with no model of its opponents of its own)."""

    def __init__(self, players: int = 0) -> None:
        self.start_over(players)

    def start_over(self, players: int) -> None:
        """A new game of ``players`` seats: nothing answered yet."""
        self.passes = [0] * players
        self.right = [0] * players
        self.wrong = [0] * players
        self._in = [True] * players
        self._claimant = -1
        self._answered: set[int] = set()
        self._doubters: tuple[int, ...] = ()

    def learn(self, event: Event) -> None:
        """Count what one event of the log says of the answers."""
        if isinstance(event, Played):
            self._claimant, self._answered, self._doubters = event.seat, set(), ()
        elif isinstance(event, Declined):
            self._let_pass(event.seat)
        elif isinstance(event, Doubted):
            self._doubters = event.seats
            self._answered.update(event.seats)
            # Everyone else still answering let it pass (D3: one decision round).
            for seat, playing in enumerate(self._in):
                if playing and seat != self._claimant:
                    self._let_pass(seat)
        elif isinstance(event, Revealed) and event.reason is RevealReason.DOUBT:
            tally = self.wrong if event.truthful else self.right
            for seat in self._doubters:
                tally[seat] += 1
            self._doubters = ()
        elif isinstance(event, Finished):
            self._in[event.seat] = False

    def _let_pass(self, seat: int) -> None:
        if seat not in self._answered:
            self._answered.add(seat)
            self.passes[seat] += 1

    def blind_chance(self, seat: int, prior: float) -> float:
        """:func:`blind_chance` of ``seat`` from its answers so far."""
        return blind_chance(prior, self.passes[seat], self.right[seat], self.wrong[seat])
