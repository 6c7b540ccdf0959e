"""How the search bot's model reads a field's claims by how far into the game the claimant is, and what
a reading corrected for it would win.

    python scripts/reading_by_turn.py --field adaptive --games 200 --shifts shifts.json
    PYTHONPATH=scripts idoubtit tournament \\
        --bots "search[iterations=38],reading_by_turn:ShiftedSearch[shifts=shifts.json]" \\
        --against adaptive --players 4 --games 2000 --seed 41 --workers 2

In each game the search bot sits in seat 0 (``--bot``) and three ``--field`` bots in the others (game ``g``
dealt from seed ``--seed + g``, the bot in seat ``s`` drawing from ``random.Random(f"{seed}/{s}")``). At
every claim seat 0 may answer, the model the search reads claims with says how likely it is false, and
the referee knows. Claims are grouped by the claimant's claim number in this game (1 to 5, then 6 and
later) and the claim's size (1, 2, then 3 or more cards). Printed per group: the claims, the share false,
the model's mean chance; then the log-loss of the model's reading on every other claim, as it is and
shifted (on the log-odds scale) by the shift of its group fitted on the claims in between, so that the
correction is judged on claims it was not fitted to.

``--shifts`` writes each group's shift, fitted on all the claims, to a JSON file, which
:class:`ShiftedSearch` reads: the search bot whose searched answers read each claim with the model's
chance shifted by its group's (what it answers without searching, and the claims its padding gate hands
to the model, keep the model's own reading). Fitted to the very field it is measured in, it is what a
correction by claim number and size alone can give there. docs/bots.md ("Bluffs early and late") has the
figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from idoubtit.bots import make_bot
from idoubtit.bots.base import start_game
from idoubtit.bots.runner import ask, settle_window
from idoubtit.bots.search import SearchBot
from idoubtit.engine import Doubt, Game, Phase, Play, Played, Rules, View
from idoubtit.tournament.stats import log_loss

PLAYERS = 4
#: Claims from this number on are one group.
LAST_NUMBER = 6
#: Claims of this many cards or more are one group.
LAST_SIZE = 3
#: The shifts tried for each group, on the log-odds scale.
SHIFT_GRID = tuple(step / 10 for step in range(-30, 31))
#: Readings are kept this far from 0 and 1 before their log-odds are taken.
EDGE = 1e-4

Group = tuple[int, int]


def group_of(view: View) -> Group:
    """The open claim's group: its claimant's claim number in this game, and its size (both capped)."""
    claim = view.claim
    assert claim is not None
    number = sum(1 for event in view.log if isinstance(event, Played) and event.seat == claim.seat)
    return min(number, LAST_NUMBER), min(claim.count, LAST_SIZE)


def shifted(chance: float, shift: float) -> float:
    """``chance`` moved by ``shift`` on the log-odds scale (0 and 1 stay where they are)."""
    if shift == 0.0 or chance <= 0.0 or chance >= 1.0:
        return chance
    odds = math.log(max(chance, EDGE) / max(1.0 - chance, EDGE)) + shift
    return 1.0 / (1.0 + math.exp(-odds))


@dataclass(frozen=True)
class Claim:
    """One claim seat 0 could answer: its group, whether it was false, and the model's chance."""

    group: Group
    false: bool
    read: float


def play_game(bot: str, field: str, seed: int) -> list[Claim]:
    """One game: every claim seat 0 could answer, read by seat 0's model."""
    rules = Rules(players=PLAYERS)
    searcher = make_bot(bot, random.Random(f"{seed}/0"))
    if not isinstance(searcher, SearchBot):
        raise ValueError(f"--bot {bot!r} is not a search bot: the reading measured is the search bot's model's")
    bots = {0: searcher, **{seat: make_bot(field, random.Random(f"{seed}/{seat}")) for seat in range(1, PLAYERS)}}
    game = Game.deal(rules, random.Random(seed).randrange(2**32))
    for seat, player in bots.items():
        start_game(player, seat, rules)
    claims: list[Claim] = []
    false = False
    while not game.is_over:
        if game.phase is Phase.PLAY:
            seat = game.to_play
            due = game.view(seat).due_rank
            action = ask(bots[seat], game, seat)
            game.apply(action)
            if isinstance(action, Play):
                false = any(card.rank is not due for card in action.cards)
            continue
        if 0 in game.awaiting:
            view = game.view(0)
            searcher.follow(view)
            claims.append(Claim(group_of(view), false, searcher.model.false_probability(view)))
        answers = {seat: isinstance(ask(bots[seat], game, seat), Doubt) for seat in game.awaiting}
        doubters = [seat for seat, doubts in answers.items() if doubts]
        settle_window(game, doubters, [seat for seat in answers if seat not in doubters])
    return claims


def loss(claims: Sequence[Claim], shifts: dict[Group, float] | None = None) -> float:
    """The mean log-loss of the readings, each shifted by its group's shift when ``shifts`` are given."""
    shifts = shifts or {}
    return log_loss([shifted(claim.read, shifts.get(claim.group, 0.0)) for claim in claims], [c.false for c in claims])


def fitted_shifts(claims: Sequence[Claim]) -> dict[Group, float]:
    """For each group, the shift of :data:`SHIFT_GRID` with the lowest log-loss over its claims."""
    groups = sorted({claim.group for claim in claims})
    shifts = {}
    for group in groups:
        mine = [claim for claim in claims if claim.group == group]
        shifts[group] = min(SHIFT_GRID, key=lambda shift: loss(mine, {group: shift}))
    return shifts


def report(claims: Sequence[Claim]) -> list[str]:
    """The table by group, then the log-loss on every other claim as read and corrected."""
    lines = ["claim number  size  claims  false  read"]
    for group in sorted({claim.group for claim in claims}):
        mine = [claim for claim in claims if claim.group == group]
        number = f"{group[0]}+" if group[0] == LAST_NUMBER else str(group[0])
        size = f"{group[1]}+" if group[1] == LAST_SIZE else str(group[1])
        false = sum(claim.false for claim in mine) / len(mine)
        read = sum(claim.read for claim in mine) / len(mine)
        lines.append(f"{number:>12}  {size:>4}  {len(mine):6d}  {false:5.3f}  {read:4.3f}")
    fit, held_out = claims[0::2], claims[1::2]
    lines.append(
        f"log-loss on the held-out half ({len(held_out)} claims): as read {loss(held_out):.3f},"
        f" shifted by group {loss(held_out, fitted_shifts(fit)):.3f}"
    )
    return lines


def save_shifts(shifts: dict[Group, float], path: Path) -> None:
    path.write_text(json.dumps({f"{number},{size}": shift for (number, size), shift in shifts.items()}, indent=1))


def load_shifts(path: Path) -> dict[Group, float]:
    """Shifts written by :func:`save_shifts`; a clear error for a file that is not such a table."""
    try:
        table = json.loads(path.read_text())
        shifts: dict[Group, float] = {}
        for key, shift in table.items():
            number, size = (int(part) for part in key.split(","))
            shifts[number, size] = float(shift)
        return shifts
    except (ValueError, TypeError, AttributeError) as error:
        raise ValueError(f"{path}: not a table of shifts by 'claim number,size' ({error})") from error


class ShiftedSearch(SearchBot):
    """The search bot at 38 sampled deals a decision, reading each claim with the model's chance shifted by
    its group's shift from ``shifts`` (a file written by ``--shifts``)."""

    def __init__(self, rng: random.Random | None = None, shifts: str = "shifts.json", iterations: int = 38) -> None:
        super().__init__(rng=rng, iterations=iterations)
        self.shifts = load_shifts(Path(shifts))
        self.reader = self._shifted_reading

    def _shifted_reading(self, view: View) -> float:
        return shifted(self.model.false_probability(view), self.shifts.get(group_of(view), 0.0))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--field", default="adaptive", help="the bot in seats 1-3 (any bot spec)")
    parser.add_argument("--bot", default="search[iterations=38]", help="the search bot in seat 0")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=777000)
    parser.add_argument("--shifts", type=Path, help="write each group's shift, fitted on every claim, here")
    arguments = parser.parse_args(argv)
    if arguments.games < 1:
        parser.error(f"--games must be at least 1 (got {arguments.games})")
    if not isinstance(make_bot(arguments.bot), SearchBot):
        parser.error(f"--bot must be a search bot (got {arguments.bot!r})")
    if arguments.shifts is not None and not arguments.shifts.parent.is_dir():
        parser.error(f"--shifts: no folder {arguments.shifts.parent} to write {arguments.shifts.name} in")
    seeds = range(arguments.seed, arguments.seed + arguments.games)
    claims = [claim for seed in seeds for claim in play_game(arguments.bot, arguments.field, seed)]
    print("\n".join(report(claims)))
    if arguments.shifts is not None:
        save_shifts(fitted_shifts(claims), arguments.shifts)
        print(f"shifts written to {arguments.shifts}")


if __name__ == "__main__":
    main()
