"""Golden playthroughs: seeded games rendered step by step as every seat and a spectator see them.

Each file in ``golden/`` holds, after every action (in notation), one line per seat and one for the
spectator (``*``): the hand, the hand sizes, the pile size, the due rank, the phase and the new log
entries as that reader sees them; a game that ended closes with every hand face up and every seat's
numbers, the same for every reader. Any change to what a seat is shown, a leak included, shows up as a
diff. After a deliberate change, rewrite the files with ``IDOUBTIT_REGEN_GOLDEN=1`` and review them.
"""

from __future__ import annotations

import difflib
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from idoubtit.engine import Action, CloseWindow, Decline, Doubt, Game, Phase, Play, Rank, Rules, format_cards

GOLDEN = Path(__file__).with_name("golden")


@dataclass(frozen=True)
class Case:
    name: str
    rules: Rules
    policy_seed: int
    max_actions: int
    seed: int | None = None  # a dealt game, or:
    hands: tuple[str, ...] = field(default=())  # an explicit deal
    first: int = 0

    def new_game(self) -> Game:
        if self.seed is not None:
            return Game.deal(self.rules, self.seed, self.first)
        return Game.from_hands(self.rules, self.hands, self.first)


CASES = [
    Case("three_players_seed_1", Rules(3), policy_seed=1, max_actions=60, seed=1),
    Case("four_players_v3_seed_7", Rules(4, play_on_for_places=True), policy_seed=7, max_actions=60, seed=7),
    Case("six_players_seed_3", Rules(6), policy_seed=3, max_actions=40, seed=3, first=2),
    Case(
        "four_players_endgame_v1_v3_v5",
        Rules(4, ascending=True, play_on_for_places=True, strict_announcing=True),
        policy_seed=45,
        max_actions=60,
        hands=("AS 6S", "2H 2D 3D", "3S 9C", "4S 4H 4D"),
        first=0,
    ),
]


def policy(game: Game, rng: random.Random) -> Action:
    """A seeded random player: one to three cards, mostly true (always when that wins), mostly the due rank."""
    if game.phase is Phase.PLAY:
        seat = game.to_play
        hand = game.hand(seat)
        true_cards = [card for card in hand if card.rank is game.due_rank]
        if len(true_cards) == len(hand) or (true_cards and rng.random() < 0.6):
            cards = tuple(true_cards)
        else:
            cards = tuple(rng.sample(hand, rng.randint(1, min(3, len(hand)))))
        rank = game.due_rank if rng.random() < 0.9 else rng.choice(list(Rank))
        return Play(seat, cards, rank)
    awaiting = list(game.awaiting)
    roll = rng.random() * len(awaiting)
    if roll < 0.3:
        return Doubt((rng.choice(awaiting),))
    if roll < 0.45:
        return Doubt(tuple(sorted(rng.sample(awaiting, min(2, len(awaiting))))))
    if roll < 0.55:
        return CloseWindow()
    return Decline(rng.choice(awaiting))


def render(case: Case) -> str:
    game = case.new_game()
    rng = random.Random(case.policy_seed)
    readers: list[int | None] = [*range(case.rules.players), None]
    seen = dict.fromkeys(readers, 0)
    deal = f"seed {case.seed}" if case.seed is not None else "hands " + " | ".join(case.hands)
    lines = [
        f"# {case.name}: {deal}, first {case.first}, policy seed {case.policy_seed}",
        f"# rules {json.dumps(case.rules.to_dict(), separators=(',', ':'))}",
    ]

    def show(title: str) -> None:
        lines.append(title)
        for reader in readers:
            view = game.view(reader)
            new = view.log[seen[reader] :]
            seen[reader] = len(view.log)
            label = "*" if reader is None else str(reader)
            hand = "-" if reader is None else format_cards(view.hand) or "(none)"
            sizes = " ".join(str(size) for size in view.hand_sizes)
            events = " ".join(json.dumps(event.to_dict(), separators=(",", ":")) for event in new)
            lines.append(
                f"  {label}: hand {hand} | sizes {sizes} | pile {view.pile_size} | due {view.due_rank}"
                f" | {view.phase.value} {view.to_play}" + (f" | {events}" if events else "")
            )

    show("start")
    while not game.is_over and game.step < case.max_actions:
        action = policy(game, rng)
        game.apply(action)
        show(f"#{game.step} {action}")
    lines.append(f"end: phase {game.phase.value}, winner {game.winner}, places {list(game.places)}")
    final = game.view(None)  # once over, every reader gets the same face-up hands and numbers
    if final.final_hands is not None and final.stats is not None:
        for seat, (hand, numbers) in enumerate(zip(final.final_hands, final.stats, strict=True)):
            counts = json.dumps(numbers.to_dict(), separators=(",", ":"))
            lines.append(f"  {seat}: face up {format_cards(hand) or '(none)'} | {counts}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_playthrough(case: Case) -> None:
    text = render(case)
    path = GOLDEN / f"{case.name}.txt"
    if os.environ.get("IDOUBTIT_REGEN_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path.name}: run with IDOUBTIT_REGEN_GOLDEN=1 to write it"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), f"golden/{path.name}", "this run", lineterm="", n=2
        )
        pytest.fail("the playthrough differs from the golden file:\n" + "\n".join(list(diff)[:80]))
