"""OpenSpiel's ISMCTS, given what it needs to play I Doubt It: a guide, short rollouts and a clock.

OpenSpiel's ``ISMCTSBot`` as it comes tries every legal action of a node once, in random order, before
it lets its values choose, and keeps the most visited. In this game's encoding a play is built one
card at a time, a dozen choices a step, so within any budget a person would wait for it plays at random
(it won none of 200 games against three honest bots at 10 ms a decision). What it needs is what search
programs for card games are given:

* **A guide** (:class:`BotGuide`): a bot names the step it would take (by default the honest bot's rule,
  read from the current position alone; any bot that keeps nothing between decisions, through the
  seat's view); that step gets most of the prior weight (``weight``), the other legal steps share the
  rest, and ``padding`` gives shares to the guide's play padded with bluff cards.
  :class:`GuidedISMCTS` chooses among *all* legal steps by PUCT, an untried one valued at the mean of
  the node's tried ones, so it tries the guide's step first and another only where the values make it
  worth it. With no time to search it plays as its guide; with time it may depart from it.
* **Cheap simulations**: a leaf is played on by the honest rule in every seat on the engine's own game
  (the sampled world is all known) for ``depth`` decisions, then each seat is scored by the cards it
  holds (its chance to win a softmax of minus its cards over ``temperature``, its return the expected
  one); a finished game is scored by its returns. A search keeps a few sampled worlds and plays copies
  of them, each seat's log digest read once per world, and keys its nodes without writing text.
* **A clock** (``budget``): the search runs until its seconds are spent (at least two simulations, the
  first only expands the root).

The guide is asked about positions of many sampled worlds in any order, so it must keep nothing
between decisions (a counting bot that tracks the game from view to view cannot guide).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from idoubtit.bots import Bot, HonestBot
from idoubtit.bots.styles import padded_play
from idoubtit.engine import Action, Doubt, Phase, Play, View
from idoubtit.env import encoding

Returns = np.ndarray[Any, np.dtype[np.float64]]

#: OpenSpiel's "no action" (pyspiel.INVALID_ACTION), typed.
INVALID: Final[int] = int(pyspiel.INVALID_ACTION)

#: Decisions after which a playout to the end is scored by the cards held (a game nobody can win goes on).
PLAYOUT_LIMIT: Final = 2000


def guided_step(bot: Bot | None, state: Any) -> int:
    """The next encoding step of ``bot``'s decision for the player to move in ``state`` (a python_idoubtit
    state); None: the honest bot's rule, read from the current position alone (its cost does not grow with
    the game, as a whole view's does). In the middle of a play it goes on with the cards the bot's play
    still lacks and then its announcement; a play already built past the bot's wish is announced as the
    bot would announce it."""
    seat = state.current_player()
    if bot is None:
        view = state.current_view(seat)
        action = HonestBot.decide(view, state.own_in_pile(seat))
    else:
        view = state.view(seat)
        action = bot.act(view)
    return _next_step(state, view, action)


def _next_step(state: Any, view: View, action: Action) -> int:
    """The next step towards ``action`` (a decision for ``view``'s seat, the player to move) from what
    that seat has built so far in ``state``."""
    steps = encoding.steps_for(view, action)
    built = encoding.counts(state.building(state.current_player()))
    if not built:
        return steps[0]
    legal = state.legal_actions()
    for step in steps:
        if step < encoding.ANNOUNCE:
            rank = encoding.RANKS[step - encoding.ADD]
            if built[rank] > 0:
                built[rank] -= 1  # already added
                continue
        if step in legal:
            return step
    due = encoding.ANNOUNCE + encoding.RANKS.index(view.due_rank)
    return due if due in legal else int(legal[0])


class BotGuide:
    """An ISMCTS evaluator. The prior: ``weight`` on the guide's plans, the rest shared by the other legal
    steps. At a play, the guide's plans are its own play and, with ``padding``, the same cards of the due
    rank padded with 1, 2, … cards of the ranks due last (the bluffs people make; ``padding[k - 1]`` is
    the share of ``weight`` the play padded with ``k`` cards gets); the guide's play keeps the rest of
    ``weight``. A leaf is played on by ``rollout`` in every seat for ``depth`` decisions (None: to the
    end) and then scored by the cards each seat holds. A bot of None is the honest bot's rule read from
    the current position alone (see :func:`guided_step`), the default for both."""

    def __init__(
        self,
        guide: Bot | None = None,
        *,
        rollout: Bot | None = None,
        weight: float = 0.8,
        padding: Sequence[float] = (),
        depth: int | None = 8,
        temperature: float = 2.0,
    ) -> None:
        if not 0.0 < weight <= 1.0:
            raise ValueError(f"weight must be in (0, 1], not {weight!r}")
        if any(not share >= 0.0 for share in padding) or sum(padding) >= 1.0:
            raise ValueError(f"padding holds shares of at least 0 adding up to less than 1, not {padding!r}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be at least 0 (or None: to the end), not {depth!r}")
        if not temperature > 0.0:
            raise ValueError(f"temperature must be above 0, not {temperature!r}")
        self.guide = guide
        self.rollout = rollout
        self.weight = weight
        self.padding = tuple(padding)
        self.depth = depth
        self.temperature = temperature

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        weights = dict.fromkeys(legal, 0.0)
        seat = state.current_player()
        view = state.current_view(seat)
        if view.must_play and self.padding:
            weights[guided_step(self.guide, state)] += self.weight * (1.0 - sum(self.padding))
            for bluffs, share in enumerate(self.padding, start=1):
                padded = Play(seat, padded_play(view, bluffs), view.due_rank)
                weights[_next_step(state, view, padded)] += self.weight * share
        else:  # an answer to a claim, or no padding: the guide's step has the whole weight
            weights[guided_step(self.guide, state)] += self.weight
        others = [action for action, weight in weights.items() if weight == 0.0] or legal
        for action in others:
            weights[action] += (1.0 - self.weight) / len(others)
        return list(weights.items())

    def evaluate(self, state: Any) -> Returns:
        world = state.clone()
        while not world.is_terminal() and world.under_way():  # the decision round the search stopped in
            world.apply_action(guided_step(self.rollout, world))
        if world.is_terminal():
            return np.asarray(world.returns(), dtype=np.float64)
        if self.rollout is None:
            return self._honest_playout(world)
        decisions = 0
        while not world.is_terminal():
            if not world.building(world.current_player()):  # a decision starts: a play, a doubt or a decline
                if self.depth is not None and decisions >= self.depth:
                    return self.score(world.current_view(world.current_player()).hand_sizes)
                decisions += 1
            world.apply_action(guided_step(self.rollout, world))
        return np.asarray(world.returns(), dtype=np.float64)

    def _honest_playout(self, world: Any) -> Returns:
        """The honest rule in every seat, on the engine's game itself (the sampled world is all known):
        each decision is one engine action, with none of the encoding's steps in between."""
        game, own_in_pile = world.engine_position()
        limit = math.inf if self.depth is None else self.depth
        decisions = 0
        while not game.is_over and decisions < limit and decisions < PLAYOUT_LIMIT:
            if game.phase is Phase.PLAY:
                seat = game.to_play
                play = HonestBot.decide(game.view(seat, since=game.step), own_in_pile[seat])
                assert isinstance(play, Play)
                game.play_unchecked(seat, play.cards, play.rank)
                own_in_pile[seat] = (*own_in_pile[seat], *play.cards)
                decisions += 1
            else:
                awaiting = tuple(game.awaiting)
                doubters = tuple(
                    seat
                    for seat in awaiting
                    if isinstance(HonestBot.decide(game.view(seat, since=game.step), own_in_pile[seat]), Doubt)
                )
                decisions += len(awaiting)
                if doubters:
                    game.doubt_unchecked(doubters)
                else:
                    game.close_window_unchecked()  # every awaited seat declined (D3)
            if not game.pile_size:
                own_in_pile = [() for _ in own_in_pile]
        if game.is_over:
            winner = game.winner
            loss = -1.0 / (game.rules.players - 1)
            return np.asarray([1.0 if seat == winner else loss for seat in range(game.rules.players)])
        return self.score(game.hand_sizes)

    def score(self, hand_sizes: Sequence[int]) -> Returns:
        """Each seat's expected return if its chance to win is a softmax of minus the cards it holds."""
        sizes = np.asarray(hand_sizes, dtype=np.float64)
        weights = np.exp(-(sizes - sizes.min()) / self.temperature)
        chance = weights / weights.sum()
        loss = 1.0 / (len(sizes) - 1)
        return np.asarray(chance * (1.0 + loss) - loss, dtype=np.float64)


class GuidedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no type hints
    """OpenSpiel's ISMCTSBot choosing by PUCT among all legal steps (an untried one valued at the mean
    of the node's tried ones), so that its evaluator's prior decides what it tries first, and stopping
    each search once ``budget`` seconds have gone (None: after ``max_simulations``).

    ``searches``, ``simulations`` and ``seconds`` add up what its searches did.
    """

    def __init__(
        self,
        game: Any,
        evaluator: Any,
        uct_c: float = 2.0,
        max_simulations: int = 100_000,
        *,
        budget: float | None = None,
        **options: Any,
    ) -> None:
        if budget is not None and not budget > 0.0:
            raise ValueError(f"budget must be a number of seconds above 0, not {budget!r}")
        options.setdefault("child_selection_policy", ismcts.ChildSelectionPolicy.PUCT)
        super().__init__(game, evaluator, uct_c, max_simulations, **options)
        self.budget = budget
        self.searches = 0
        self.simulations = 0
        self.seconds = 0.0
        self._chosen = INVALID

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        start = time.perf_counter()
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = math.inf if self.budget is None else start + self.budget
        done = 0
        while done < self._max_simulations and (done < 2 or time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.searches += 1
        self.simulations += done
        self.seconds += time.perf_counter() - start
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]

    def get_state_key(self, state: Any) -> Hashable:
        """The player to move and its information state (as a key equal exactly when the strings are)."""
        player = state.current_player()
        return player, state.information_key(player)

    def sample_root_state(self, state: Any) -> Any:
        """A world for the next simulation: a new sample, or (with ``max_world_samples``) a copy of one of
        the samples drawn so far, whose every seat's log digest is read once for all its copies."""
        if self._max_world_samples == ismcts.UNLIMITED_NUM_WORLD_SAMPLES:
            return self.resample_from_infostate(state)
        if len(self._root_samples) < self._max_world_samples:
            sample = self.resample_from_infostate(state)
            for seat in range(sample.num_players()):
                sample.log_digest(seat)  # what every copy's information state strings read on from
            self._root_samples.append(sample)
            return sample.clone()
        return self._root_samples[self._random_state.randint(len(self._root_samples))].clone()

    def check_expand(self, node: Any, legal_actions: list[int]) -> int:
        """The step to take from ``node``: returned here if it is untried (OpenSpiel then adds it),
        else kept for :meth:`select_action`, which OpenSpiel calls next."""
        self._chosen = self._puct_choice(node, legal_actions)
        return self._chosen if self._chosen not in node.child_info else INVALID

    def select_action(self, node: Any) -> int:
        return self._chosen

    def _puct_choice(self, node: Any, legal_actions: list[int]) -> int:
        # An untried step is valued at the node's mean so far (a draw before any): neither a reason to try
        # everything in a losing position nor to try nothing in a winning one.
        tried = sum(child.visits for child in node.child_info.values())
        untried = sum(child.return_sum for child in node.child_info.values()) / tried if tried else 0.0
        # sqrt(N + 1): with no visits yet the prior alone decides, not a tie.
        explore = self._uct_c * math.sqrt(node.total_visits + 1)
        scores = []
        for action in legal_actions:
            child = node.child_info.get(action)
            visits = 0.0 if child is None else child.visits
            value = child.value() if visits else untried
            scores.append(value + explore * node.prior_map.get(action, 0.0) / (1.0 + visits))
        best = max(scores)
        ties = [action for action, score in zip(legal_actions, scores, strict=True) if score >= best - 1e-12]
        return ties[0] if len(ties) == 1 else ties[self._random_state.randint(len(ties))]


def guided_searcher(
    game: Any,
    *,
    budget: float | None = None,
    simulations: int = 100_000,
    guide: Bot | None = None,
    depth: int | None = 8,
    uct_c: float = 2.0,
    world_samples: int = 4,
    seed: int = 0,
) -> GuidedISMCTS:
    """A :class:`GuidedISMCTS` for ``game`` with a :class:`BotGuide` (honest by default), seeded."""
    evaluator = BotGuide(guide, depth=depth)
    return GuidedISMCTS(
        game,
        evaluator,
        uct_c,
        simulations,
        budget=budget,
        max_world_samples=world_samples,
        random_state=np.random.RandomState(seed),
    )


__all__ = ["BotGuide", "GuidedISMCTS", "guided_searcher", "guided_step"]
