"""How the adaptive model reads a field's claims, split by the claimant's hand, and how the field plays.

    python scripts/reading_by_hand.py --field adaptive --games 150
    python scripts/reading_by_hand.py --field counter --games 150

In each game an adaptive bot sits in seat 0 and three ``--field`` bots in the others (game ``g``: seed
``--seed + g``, the bot in seat ``s`` drawing from ``random.Random(f"{seed}/{s}")``); an adaptive observer
fed seat 0's views says, at every claim seat 0 may answer, how likely it is false, and the referee knows.
Printed:

- per claim size (one, two, three cards) and the claimant's hand before the play: the claims, the share
  false, the model's mean chance and its log-loss (natural logarithm; lower is better);
- what the field put down, by its hand before the play and the cards of the due rank it held: the share
  of its plays that claimed one, two or three cards;
- the one-card claims the count finds nearly sure to be true (the card tracker gives the claimant under
  a tenth of a chance of holding none of the rank, and no card of it is known to be in its hand): how many,
  the share false, and how many of the false ones came after the claimant had put down a card of the
  rank at another rank's turn (a card of the rank bluffed away, which the count assumes it keeps).

docs/bots.md ("Habits by hand size") has the figures.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from idoubtit.bots import make_bot
from idoubtit.bots.adaptive import AdaptiveBot
from idoubtit.bots.base import start_game
from idoubtit.bots.runner import ask, settle_window
from idoubtit.engine import Doubt, Game, Phase, Play, Rank, Rules
from idoubtit.tournament.stats import log_loss as mean_log_loss

PLAYERS = 4
#: The claimant's hand before the play, for the reading (lowest size of each class).
READING_CLASSES = (0, 5, 8, 11)
#: The same, for what the field put down.
PLAY_CLASSES = (0, 6, 9, 12)
#: Below this chance of holding none of the rank, the count finds a one-card claim nearly sure.
NEARLY_SURE = 0.1


@dataclass(frozen=True)
class Claim:
    """One claim seat 0 could answer, as the referee and the observer saw it."""

    false: bool
    count: int
    hand_before: int
    held: int  # cards of the claimed rank in the claimant's hand before the play
    read: float  # the observer's chance that it is false
    known_held: int  # cards of the rank the tracker knows the claimant held
    none_counted: float  # the tracker's chance that it held none of the rank beyond those
    bluffed_rank_before: bool  # it had put down a card of the rank at another rank's turn


def hand_class(size: int, classes: Sequence[int]) -> int:
    """The index of the class ``size`` falls in (classes given by their lowest size, ascending)."""
    return max(index for index, lowest in enumerate(classes) if size >= lowest)


def class_label(index: int, classes: Sequence[int]) -> str:
    if index == len(classes) - 1:
        return f"{classes[index]}+"
    return f"{classes[index]}-{classes[index + 1] - 1}"


def play_game(field: str, seed: int) -> list[Claim]:
    """One game: every claim seat 0 could answer."""
    rules = Rules(players=PLAYERS)
    bots = {0: make_bot("adaptive", random.Random(f"{seed}/0"))}
    for seat in range(1, PLAYERS):
        bots[seat] = make_bot(field, random.Random(f"{seed}/{seat}"))
    observer = AdaptiveBot(random.Random(2))
    game = Game.deal(rules, random.Random(seed).randrange(2**32))
    for seat, bot in bots.items():
        start_game(bot, seat, rules)
    start_game(observer, 0, rules)
    shed: dict[int, set[Rank]] = {seat: set() for seat in range(PLAYERS)}
    claims: list[Claim] = []
    made: tuple[bool, int, int, int, bool] | None = None
    while not game.is_over:
        if game.phase is Phase.PLAY:
            seat = game.to_play
            before = game.view(seat)
            action = ask(bots[seat], game, seat)
            game.apply(action)
            if isinstance(action, Play):
                due = before.due_rank
                false = any(card.rank is not due for card in action.cards)
                held = sum(card.rank is due for card in before.hand)
                made = (false, len(action.cards), len(before.hand), held, due in shed[seat])
                shed[seat].update(card.rank for card in action.cards if card.rank is not due)
            continue
        if 0 in game.awaiting and made is not None:
            claims.append(observed(game, observer, made))
        answers = {seat: isinstance(ask(bots[seat], game, seat), Doubt) for seat in game.awaiting}
        doubters = [s for s, doubts in answers.items() if doubts]
        settle_window(game, doubters, [s for s in answers if s not in doubters])
    return claims


def observed(game: Game, observer: AdaptiveBot, made: tuple[bool, int, int, int, bool]) -> Claim:
    """The claim open in ``game`` as seat 0's observer reads it."""
    view = game.view(0)
    observer.observe(view)
    claim = view.claim
    assert claim is not None
    tracker = observer.tracker
    hand_before = tracker.sizes[claim.seat] + claim.count
    known, pmf = tracker.holding_distribution(
        claim.seat, claim.rank, hand_before, played=tracker.played_since(claim.seat, claim.rank)
    )
    false, count, size, held, bluffed = made
    return Claim(false, count, size, held, observer.false_probability(view), known, pmf[0], bluffed)


def log_loss(claims: Sequence[Claim]) -> float:
    return mean_log_loss([claim.read for claim in claims], [claim.false for claim in claims])


def reading_lines(claims: Sequence[Claim]) -> list[str]:
    lines = ["claim  hand   claims  false  read  log-loss"]
    for count in (1, 2, 3):
        for index in range(len(READING_CLASSES)):
            picked = [c for c in claims if c.count == count and hand_class(c.hand_before, READING_CLASSES) == index]
            if not picked:
                continue
            false = sum(c.false for c in picked) / len(picked)
            read = sum(c.read for c in picked) / len(picked)
            label = class_label(index, READING_CLASSES)
            lines.append(f"{count:5d}  {label:5s} {len(picked):7d}  {false:5.3f}  {read:4.2f}  {log_loss(picked):8.3f}")
    return lines


def play_lines(claims: Sequence[Claim]) -> list[str]:
    lines = ["hand   held  plays  claimed 1 / 2 / 3"]
    for index in range(len(PLAY_CLASSES)):
        for held in (0, 1, 2):
            picked = [c for c in claims if c.held == held and hand_class(c.hand_before, PLAY_CLASSES) == index]
            if not picked:
                continue
            counts = Counter(c.count for c in picked)
            shares = " / ".join(f"{100 * counts[size] / len(picked):3.0f} %" for size in (1, 2, 3))
            lines.append(f"{class_label(index, PLAY_CLASSES):5s}  {held:4d}  {len(picked):5d}  {shares}")
    return lines


def nearly_sure_line(claims: Sequence[Claim]) -> str:
    picked = [c for c in claims if c.count == 1 and c.known_held == 0 and c.none_counted < NEARLY_SURE]
    false = [c for c in picked if c.false]
    share = len(false) / max(1, len(picked))
    bluffed = sum(c.bluffed_rank_before for c in false)
    return (
        f"one-card claims the count finds nearly sure: {len(picked)} of {sum(c.count == 1 for c in claims)}, "
        f"{share:.3f} false; {bluffed} of the {len(false)} false ones after a card of the rank was bluffed away"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--field", default="adaptive", help="the bot in seats 1 to 3 (a bot spec)")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=77_000)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    claims = [claim for number in range(args.games) for claim in play_game(args.field, args.seed + number)]
    print(f"{len(claims)} claims by {args.field} read, {sum(c.false for c in claims) / max(1, len(claims)):.3f} false")
    for line in [*reading_lines(claims), *play_lines(claims), nearly_sure_line(claims)]:
        print(line)


if __name__ == "__main__":
    main()
