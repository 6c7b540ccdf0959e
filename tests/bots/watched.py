"""A game helper shared by the bot tests of a table that doubts anything (bots/calling.py)."""

from __future__ import annotations

import random
from typing import Protocol, cast

from idoubtit import Action, Doubt, Game, Play, Revealed, Rules, View
from idoubtit.bots import HonestBot, make_bot, play_out
from idoubtit.bots.knowledge import claim_is_provably_false
from idoubtit.engine.cards import sort_key


class Watching(Protocol):
    """A bot that tells how likely its table is to doubt any claim."""

    name: str

    def act(self, view: View) -> Action: ...

    def table_calls_blindly(self, view: View) -> float: ...


def play_watched(spec: str, field: str, seed: int, players: int = 4) -> list[tuple[View, Action, float]]:
    """A game of ``spec`` in seat 0 against copies of ``field`` in the other seats: each of its decisions,
    with the chance it gave, just before, that the table doubts a claim whatever the count."""
    watcher = cast(Watching, make_bot(spec, random.Random(seed)))
    decisions: list[tuple[View, Action, float]] = []
    act = watcher.act

    def watched(view: View) -> Action:
        action = act(view)
        decisions.append((view, action, watcher.table_calls_blindly(view)))
        return action

    watcher.act = watched  # type: ignore[method-assign]
    others = [make_bot(field, random.Random(seed * 10 + seat)) for seat in range(1, players)]
    play_out(Game.deal(Rules(players), seed), [watcher, *others])
    return decisions


def assert_plays_as_honest_does(decisions: list[tuple[View, Action, float]], seat: int = 0) -> int:
    """Every decision made once the table looked like it doubts anything (0.7 or more) is ``honest``'s:
    its play, and a doubt only of a claim that then turned out false. Returns how many there were."""
    calling = [index for index, (_, _, chance) in enumerate(decisions) if chance >= 0.7]
    last_log = decisions[-1][0].log
    for index in calling:
        view, action, _ = decisions[index]
        if view.must_play:
            assert action == Play(seat, HonestBot.choose_cards(view), view.due_rank)
        elif isinstance(action, Doubt) and index < len(decisions) - 1:
            reveal = next(event for event in last_log[len(view.log) :] if isinstance(event, Revealed))
            assert not reveal.truthful  # proven false by its count before it doubted
    return len(calling)


def differs_from_honest(decisions: list[tuple[View, Action, float]]) -> bool:
    """Whether some decision at a table that looked like it doubts anything was not ``honest``'s play
    (a bluff of more than it must, or cards kept back) or a doubt its own cards do not prove."""
    return any(
        (isinstance(action, Doubt) and not claim_is_provably_false(view))
        or (
            isinstance(action, Play)
            and sorted(action.cards, key=sort_key) != sorted(HonestBot.choose_cards(view), key=sort_key)
        )
        for view, action, chance in decisions
        if chance >= 0.7
    )
