"""OpenSpiel's ISMCTS with a guide (idoubtit.env.ismcts): the guide's steps, the prior, a search that plays
as its guide without time and departs from it where its values say so, the clock, and sampled worlds that
share the log digests a search would otherwise read again."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from idoubtit.bots import HonestBot, make_bot  # noqa: E402
from idoubtit.bots.knowledge import rank_distance  # noqa: E402
from idoubtit.env import encoding  # noqa: E402
from idoubtit.env import openspiel as spiel  # noqa: E402
from idoubtit.env.ismcts import BotGuide, GuidedISMCTS, guided_searcher, guided_step  # noqa: E402


def load(**params: Any) -> Any:
    return pyspiel.load_game(spiel.GAME_NAME, params)


def advance(state: Any, decisions: int, spec: str = "honest") -> Any:
    """Let ``spec`` bots play every seat for about ``decisions`` decisions, ending between plays."""
    bots = {seat: make_bot(spec, random.Random(seat)) for seat in range(state.num_players())}
    queued: list[int] = []
    for _ in range(decisions):
        if state.is_terminal():
            break
        seat = state.current_player()
        if not queued:
            view = state.view(seat)
            queued = encoding.steps_for(view, bots[seat].act(view))
        state.apply_action(queued.pop(0))
    while queued and not state.is_terminal():
        state.apply_action(queued.pop(0))
    return state


def first_state_where(state: Any, wanted: Any, limit: int = 2000) -> Any:
    """Play on with honest bots until ``wanted(state)`` holds (the state is changed in place)."""
    honest = HonestBot()
    for _ in range(limit):
        if wanted(state):
            return state
        state.apply_action(guided_step(honest, state))
    raise AssertionError("no such state within the limit")


def test_the_guide_step_is_the_bot_s_first_step_then_the_rest_of_its_play() -> None:
    state = advance(spiel.dealt_state(load(players=4), 3), 12)
    seat = state.current_player()
    view = state.view(seat)
    planned = encoding.steps_for(view, HonestBot().act(view))
    taken = []
    while True:
        step = guided_step(HonestBot(), state)
        taken.append(step)
        state.apply_action(step)
        if step >= encoding.ANNOUNCE:
            break
    assert taken == planned


def test_in_the_middle_of_another_play_the_guide_announces_what_is_built() -> None:

    def a_play_starts_with_cards_to_spare(s: Any) -> bool:
        return not s.is_terminal() and s.view(s.current_player()).must_play and len(s.view(s.current_player()).hand) > 3

    state = first_state_where(spiel.dealt_state(load(players=3), 5), a_play_starts_with_cards_to_spare)
    seat = state.current_player()
    view = state.view(seat)
    honest_ranks = {card.rank for card in HonestBot.choose_cards(view)}
    other = next(card.rank for card in view.hand if card.rank not in honest_ranks)
    state.apply_action(encoding.ADD + encoding.RANKS.index(other))  # a card the honest bot would not play
    step = guided_step(HonestBot(), state)
    if honest_ranks == {view.due_rank}:  # it still wants its due cards: it adds them first
        assert step == encoding.ADD + encoding.RANKS.index(view.due_rank)
    while step < encoding.ANNOUNCE:
        state.apply_action(step)
        step = guided_step(HonestBot(), state)
    assert step == encoding.ANNOUNCE + encoding.RANKS.index(view.due_rank)


def test_the_prior_puts_the_weight_on_the_guide_s_step_and_sums_to_one() -> None:
    state = advance(spiel.dealt_state(load(players=4), 1), 8)
    prior = dict(BotGuide(weight=0.7).prior(state))
    assert set(prior) == set(state.legal_actions())
    assert prior[guided_step(HonestBot(), state)] == pytest.approx(0.7)
    assert sum(prior.values()) == pytest.approx(1.0)


def test_without_time_to_search_the_search_plays_as_its_guide_for_a_whole_game() -> None:
    game = load(players=4, max_steps=3000)
    search = GuidedISMCTS(game, BotGuide(), 2.0, 2, random_state=np.random.RandomState(0))
    state = spiel.dealt_state(game, 2)
    others = {seat: make_bot("counter", random.Random(seat)) for seat in (1, 2, 3)}
    queued: list[int] = []
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            expected = guided_step(HonestBot(), state)
            assert search.step(state) == expected
            state.apply_action(expected)
            decisions += 1
            continue
        if not queued:
            view = state.view(seat)
            queued = encoding.steps_for(view, others[seat].act(view))
        state.apply_action(queued.pop(0))
    assert decisions > 20


class DoubtPays:
    """An evaluator whose prior favours declining and whose values say that the root player gains by doubting."""

    def __init__(self, player: int) -> None:
        self.player = player

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 0.9 if action == encoding.DECLINE else 0.1 / max(len(legal) - 1, 1)) for action in legal]

    def evaluate(self, state: Any) -> np.ndarray[Any, np.dtype[np.float64]]:
        doubted = state.pending_answer(self.player) is True or encoding.DOUBT in state.history()[-4:]
        returns = np.full(state.num_players(), -0.2)
        returns[self.player] = 0.6 if doubted else -0.6
        return returns


def test_with_time_the_search_departs_from_its_prior_where_the_values_say_so() -> None:
    game = load(players=4)
    state = first_state_where(
        advance(spiel.dealt_state(game, 4), 6),
        lambda s: not s.is_terminal() and s.legal_actions() == [encoding.DOUBT, encoding.DECLINE],
    )
    player = state.current_player()
    few = GuidedISMCTS(game, DoubtPays(player), 2.0, 2, random_state=np.random.RandomState(1))
    many = GuidedISMCTS(game, DoubtPays(player), 2.0, 60, random_state=np.random.RandomState(1))
    assert few.step(state) == encoding.DECLINE
    assert many.step(state) == encoding.DOUBT


def test_the_budget_stops_each_search_on_the_clock() -> None:
    game = load(players=4)
    state = advance(spiel.dealt_state(game, 6), 10)
    search = guided_searcher(game, budget=1e-6, seed=3)
    search.step(state)
    assert (search.searches, search.simulations) == (1, 2)  # at least two: the first only expands the root
    with pytest.raises(ValueError, match="budget"):
        guided_searcher(game, budget=0.0)


def test_a_sample_shares_the_player_s_log_digest_and_it_is_the_digest_of_its_own_log() -> None:
    state = advance(spiel.dealt_state(load(players=4), 8), 40)
    player = state.current_player()
    state.information_state_string(player)  # the digest is read
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    shared = dict(sample._table.digests or {})
    assert set(shared) == {player}
    sample._table.digests = None  # read afresh from the sample's own log
    assert sample.log_digest(player) == shared[player][1:]
    assert sample.information_state_log(player) == state.information_state_log(player)


def test_kept_worlds_have_every_seat_s_digest_read_once_for_their_copies() -> None:
    game = load(players=4)
    state = advance(spiel.dealt_state(game, 9), 30)
    search = guided_searcher(game, simulations=12, world_samples=3, seed=5)
    search.step(state)
    assert len(search._root_samples) == 3
    for sample in search._root_samples:
        assert set(sample._table.digests) == set(range(4))
        copy = sample.clone()
        assert copy._table.digests == sample._table.digests


@pytest.mark.parametrize("mode", [[], ["--head-to-head"]])
def test_the_measuring_script_plays_and_reports(mode: list[str]) -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "ismcts_vs_ladder.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "2", "--players", "3", "--simulations", "3", *mode],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    last = done.stdout.strip().splitlines()[-1]
    assert "ISMCTS (3 simulations a decision, guided by honest (0.8), rollouts of 8;" in last
    assert ("expert ahead in" if mode else "won ") in last


def test_padding_puts_its_share_of_the_prior_on_the_bluff_card_after_the_true_ones() -> None:
    def holds_the_due_rank_and_spares(s: Any) -> bool:
        if s.is_terminal() or not s.view(s.current_player()).must_play:
            return False
        view = s.view(s.current_player())
        due = [card for card in view.hand if card.rank is view.due_rank]
        return len(due) > 0 and len(view.hand) - len(due) > 2

    state = first_state_where(spiel.dealt_state(load(players=4), 7), holds_the_due_rank_and_spares)
    view = state.view(state.current_player())
    guide = BotGuide(weight=0.8, padding=(0.25, 0.125))
    first = dict(guide.prior(state))
    due_step = encoding.ADD + encoding.RANKS.index(view.due_rank)
    assert first[due_step] == pytest.approx(0.8)  # every plan starts with the true cards
    for _ in (card for card in view.hand if card.rank is view.due_rank):
        state.apply_action(due_step)
    after = dict(guide.prior(state))
    spare = max(
        (card for card in view.hand if card.rank is not view.due_rank),
        key=lambda card: rank_distance(view, card.rank),
    )
    assert after[encoding.ANNOUNCE + encoding.RANKS.index(view.due_rank)] == pytest.approx(0.8 * 0.625)
    assert after[encoding.ADD + encoding.RANKS.index(spare.rank)] == pytest.approx(0.8 * 0.375)
    assert sum(after.values()) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="padding"):
        BotGuide(padding=(0.7, 0.4))
