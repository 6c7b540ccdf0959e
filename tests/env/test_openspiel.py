"""The OpenSpiel game: OpenSpiel's own random simulation checks, the deal from a seed, observations that
are the shared encoding's numbers and hide other seats' cards, resampling, and ISMCTS playing a game."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from idoubtit.bots import make_bot  # noqa: E402
from idoubtit.engine import Game, Rules  # noqa: E402
from idoubtit.env import encoding  # noqa: E402
from idoubtit.env import openspiel as spiel  # noqa: E402


def load(**params: Any) -> Any:
    return pyspiel.load_game(spiel.GAME_NAME, params)


def play_with_bots(state: Any, spec: str, seed: int, until: int, bots: dict[int, Any] | None = None) -> Any:
    """Let the project's bots play every seat for about ``until`` decisions (a play is finished, not cut);
    ``bots`` (seat to bot) keeps the same players, and what they learned, from one call to the next."""
    if bots is None:
        bots = {seat: make_bot(spec, random.Random(f"{seed}:{seat}")) for seat in range(state.num_players())}
    queued: list[int] = []
    taken = 0
    while (taken < until or queued) and not state.is_terminal():
        taken += 1
        seat = state.current_player()
        if not queued:
            view = state.view(seat)
            queued = encoding.steps_for(view, bots[seat].act(view))
        state.apply_action(queued.pop(0))
    return state


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3},
        {"players": 4},
        {"players": 4, "ascending": True, "capped_plays": True, "strict_announcing": True},
    ],
)
def test_random_simulations_pass_openspiels_checks(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(max_steps=150, **params), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [3, 4, 11])
def test_random_simulations_at_the_default_parameters_pass_openspiels_checks(players: int) -> None:
    # At the default max_steps random play almost always runs to the bound (docs/env.md): the checks then
    # cover the longest games the defaults allow, and a truncated game's returns are all 0.
    game = load(players=players)
    assert game.max_steps == spiel.DEFAULT_MAX_STEPS
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_parameters_build_the_rules() -> None:
    game = load(players=6, play_on_for_places=True)
    assert game.rules == Rules(6, play_on_for_places=True)
    assert game.num_players() == 6
    assert game.num_distinct_actions() == encoding.NUM_ACTIONS
    assert game.observation_tensor_shape() == [encoding.observation_size(game.rules)]
    assert load(players=4, open_table_sizes=True, decks=2).rules.deck_count == 2


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 7), (7, 12)])
def test_deal_outcomes_reproduce_the_engines_seeded_deal(players: int, seed: int) -> None:
    game = load(players=players)
    state = spiel.dealt_state(game, seed)
    dealt = Game.deal(game.rules, seed)
    assert not state.is_chance_node()
    for seat in range(players):
        assert state.view(seat).hand == dealt.hand(seat)
        assert state.view(seat) == dealt.view(seat)


def test_chance_outcomes_count_copies_of_a_card_as_one_outcome() -> None:
    state = load(players=6).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    state.apply_action(0)
    assert dict(state.chance_outcomes())[0] == pytest.approx(1 / 103)


def test_observation_tensor_is_the_encodings_observation() -> None:
    state = spiel.dealt_state(load(players=4), 5)
    for checkpoint in range(6):
        for seat in range(4):
            expected = encoding.observe(state.view(seat), state.building(seat))
            assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32), expected)
            assert (
                state.observation_tensor(seat)[: expected.size] == state.information_state_tensor(seat)[: expected.size]
            )
        play_with_bots(state, "counter", checkpoint, until=17)


def swapped_hidden_cards(players: int, seed: int) -> tuple[Any, Any]:
    """Two states with the same history of decisions whose deals differ only in one card each of seats 1
    and 2 (same rank, another suit), cards nobody has played yet."""
    game = load(players=players)
    rules = game.rules
    hands = [list(Game.deal(rules, seed).hand(seat)) for seat in range(players)]
    one, two = next(
        (i, j)
        for i, card in enumerate(hands[1])
        for j, other in enumerate(hands[2])
        if card.rank is other.rank and card is not other
    )
    swapped = [list(hand) for hand in hands]
    swapped[1][one], swapped[2][two] = hands[2][two], hands[1][one]
    return state_from_hands(game, hands), state_from_hands(game, swapped)


def state_from_hands(game: Any, hands: list[list[Any]]) -> Any:
    state = game.new_initial_state()
    players = len(hands)
    for position in range(sum(map(len, hands))):
        state.apply_action(spiel.CARD_INDEX[hands[position % players][position // players]])
    return state


def test_no_observation_changes_when_another_seats_hidden_cards_change() -> None:
    left, right = swapped_hidden_cards(4, 3)
    assert str(left) != str(right)
    for _ in range(40):
        if left.is_terminal():
            break
        for method in (
            "observation_string",
            "observation_tensor",
            "information_state_string",
            "information_state_tensor",
        ):
            assert getattr(left, method)(0) == getattr(right, method)(0), method
        action = left.legal_actions()[0]  # the first legal step: a rank both hands hold alike
        assert action in right.legal_actions()
        left.apply_action(action)
        right.apply_action(action)


@pytest.mark.parametrize(("params", "seed"), [({"players": 3}, 2), ({"players": 5, "play_on_for_places": True}, 4)])
def test_resampling_keeps_what_the_player_knows(params: dict[str, Any], seed: int) -> None:
    state = spiel.dealt_state(load(**params), seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for checkpoint in range(8):
        play_with_bots(state, "counter", checkpoint, until=23)
        if state.is_terminal():
            break
        player = state.current_player()
        for _ in range(3):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.view(player) == state.view(player)
            assert sample.legal_actions() == state.legal_actions()
            assert sample.current_player() == player
            others = [sample.view(seat).hand for seat in range(sample.num_players()) if seat != player]
            changed += others != [state.view(seat).hand for seat in range(state.num_players()) if seat != player]
    assert changed > 0


def test_ismcts_plays_a_whole_three_player_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(players=3, max_steps=600)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=4, random_state=rng)
    state = spiel.dealt_state(game, 9)
    opponents = {seat: make_bot("honest", random.Random(seat)) for seat in (1, 2)}
    queued: list[int] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            state.apply_action(bot.step(state))
            continue
        if not queued:
            view = state.view(seat)
            queued = encoding.steps_for(view, opponents[seat].act(view))
        state.apply_action(queued.pop(0))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_resampling_hands_a_seat_s_cards_on_over_several_unseen_plays() -> None:
    # A long game of counting bots at three seats, piles taken and their cards handed on by unseen plays
    # (cards the player later sees with another seat must get there): every few decisions a fitting
    # history, never the true deal. (Once, random histories failed on such games and the resample fell
    # back to the true deal.)
    state = spiel.dealt_state(load(players=3, max_steps=2000), 12)
    cards = state.rules.card_count
    bots = {seat: make_bot("counter", random.Random(20 + seat)) for seat in range(3)}
    samples = 0
    for checkpoint in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        sample = state.resample_from_infostate(player, random.Random(checkpoint).random)
        assert sample.view(player) == state.view(player)
        assert sample.history()[:cards] != state.history()[:cards], f"the true deal came back at {checkpoint}"
        samples += 1
        play_with_bots(state, "counter", 0, until=5, bots=bots)
    assert samples > 30


def test_the_information_state_string_digests_the_log_in_one_line_of_fixed_length() -> None:
    state = spiel.dealt_state(load(players=4), 6)
    lines: list[str] = []
    for _ in range(3):
        play_with_bots(state, "counter", 1, until=40)
        assert not state.is_terminal()
        player = state.current_player()
        line = state.information_state_string(player).splitlines()[-1]
        events = len(state.information_state_log(player).splitlines())
        assert line.startswith(f"log: {events} events, digest ")
        assert len(line.split("digest ")[1]) == 32
        lines.append(line)
    assert len(set(lines)) == 3
    twin = state.clone()
    seat = state.current_player()
    assert twin.information_state_string(seat) == state.information_state_string(seat)


def test_the_information_key_is_equal_exactly_when_the_information_state_string_is() -> None:
    # Pairs of states: samples the player cannot tell from the real one (equal), and every seat at many
    # positions of one game, mid-play and mid-window included (different unless the strings are equal).
    state = spiel.dealt_state(load(players=4), 12)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen: list[tuple[str, Any]] = []
    bots = {seat: make_bot("counter", random.Random(seat)) for seat in range(4)}
    queued: list[int] = []
    answered = 0
    for step in range(80):
        if state.is_terminal():
            break
        player = state.current_player()
        if step % 8 == 0:
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_key(player) == state.information_key(player)
        seen.extend((state.information_state_string(seat), state.information_key(seat)) for seat in range(4))
        answered += any(state.pending_answer(seat) is not None for seat in range(4))
        if not queued:
            view = state.view(player)
            queued = encoding.steps_for(view, bots[player].act(view))
        state.apply_action(queued.pop(0))
    assert answered > 0  # positions where a seat's own answer is all that changed
    strings = {text for text, _ in seen}
    keys = {key for _, key in seen}
    assert len(strings) == len(keys) == len(set(seen)) > 100


def test_the_engine_position_is_a_copy_between_decisions_and_refused_during_one() -> None:
    state = spiel.dealt_state(load(players=3), 4)
    play_with_bots(state, "honest", 0, until=12)
    while not state.current_view(state.current_player()).must_play:
        play_with_bots(state, "honest", 0, until=1)
    game, own_in_pile = state.engine_position()
    before = state.view(0)
    seat = game.to_play
    game.play(seat, game.hand(seat)[:1], game.due_rank)
    assert state.view(0) == before  # the copy is the caller's
    assert own_in_pile == [state.own_in_pile(seat) for seat in range(3)]
    state.apply_action(state.legal_actions()[0])  # the first card of a play
    with pytest.raises(ValueError, match="under way"):
        state.engine_position()
