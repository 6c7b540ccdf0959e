"""The shared encoding: the mask is exact (a step is allowed exactly when the engine accepts where it
leads), for every table size, deck count and variant, and observations hold only what the seat may know."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idoubtit.engine import Card, Game, IDoubtItError, Phase, Rules
from idoubtit.env import encoding
from idoubtit.env.episode import Episode

tables = st.sampled_from(
    [
        Rules(3),
        Rules(4, capped_plays=True),
        Rules(6),  # two decks: equal cards in one hand
        Rules(7, capped_plays=True, strict_announcing=True),
        Rules(5, ascending=True, play_on_for_places=True),
        Rules(2, decks=1, open_table_sizes=True),
        Rules(12, decks=3, open_table_sizes=True, capped_plays=True),
    ]
)


def engine_accepts_play(game: Game, seat: int, cards: tuple[Card, ...], rank: object) -> bool:
    try:
        game.copy().play(seat, cards, rank)  # type: ignore[arg-type]
    except IDoubtItError:
        return False
    return True


@settings(max_examples=40, deadline=None)
@given(rules=tables, seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_the_mask_allows_exactly_what_the_engine_accepts(rules: Rules, seed: int, walk: int) -> None:
    episode, rng = Episode(Game.deal(rules, seed)), random.Random(walk)
    for _ in range(150):
        if episode.over:
            break
        seat = rng.choice(episode.deciding)
        view, building = episode.view(seat), episode.building[seat]
        legal = set(episode.legal(seat))
        assert legal, "a deciding seat always has something to do"
        for index in range(encoding.NUM_ACTIONS):
            if index in (encoding.DOUBT, encoding.DECLINE):
                assert (index in legal) == (view.phase is Phase.DOUBT)
            elif index >= encoding.ANNOUNCE:  # announcing: the engine takes the built play with any rank
                rank = encoding.RANKS[index - encoding.ANNOUNCE]
                accepts = view.phase is Phase.PLAY and engine_accepts_play(episode.game, seat, building, rank)
                assert (index in legal) == accepts, (index, building)
            else:  # adding: allowed exactly when the play with that card is one the engine would take
                rank = encoding.RANKS[index]
                spare = [
                    card for card in view.hand if card.rank is rank and building.count(card) < view.hand.count(card)
                ]
                accepts = view.phase is Phase.PLAY and any(
                    engine_accepts_play(episode.game, seat, (*building, card), view.due_rank) for card in spare[:1]
                )
                assert (index in legal) == accepts, (index, building)
            if index not in legal:
                with pytest.raises(ValueError, match="legal actions are"):
                    encoding.step(view, building, index)
        episode.act(seat, rng.choice(sorted(legal)))


def test_an_observation_is_the_same_whatever_the_other_seats_hold() -> None:
    game = Game.deal(Rules(4), seed=5)
    hands = [list(game.hand(seat)) for seat in range(4)]
    swapped = [hands[0], hands[2][:13], hands[1][:13], hands[3]]  # seats 1 and 2 swap their (hidden) hands
    first, second = Game.from_hands(Rules(4), hands), Game.from_hands(Rules(4), swapped)
    assert np.array_equal(encoding.observe(first.view(0)), encoding.observe(second.view(0)))
    assert not np.array_equal(encoding.observe(first.view(1)), encoding.observe(second.view(1)))


def test_the_layout_names_every_slot_and_the_actions_have_names() -> None:
    layout = encoding.Layout(4)
    assert layout.size == sum(width for _, width in layout.parts) == encoding.observation_size(Rules(4))
    assert layout.offset("hand") == 0
    assert encoding.action_name(0) == "add A"
    assert encoding.action_name(encoding.ANNOUNCE + 12) == "announce 2"
    assert encoding.action_name(encoding.DOUBT) == "doubt"
    with pytest.raises(ValueError, match="0 to 27"):
        encoding.action_name(encoding.NUM_ACTIONS)


def test_a_play_is_built_rank_by_rank_then_announced() -> None:
    game = Game.from_hands(Rules(3), ["AS AH KD 2C", "QS QH QD", "JS JH JD"])
    episode = Episode(game)
    ace = encoding.ADD + encoding.RANKS.index(game.due_rank)
    episode.act(0, ace)
    episode.act(0, ace)
    assert sorted(str(card) for card in episode.building[0]) == ["AH", "AS"]  # both Aces, in either order
    assert encoding.ADD + 0 not in episode.legal(0)  # no third Ace to add
    observation = episode.observation(0)
    assert observation[encoding.Layout(3).offset("building")] == 2
    episode.act(0, encoding.ANNOUNCE + 0)
    assert game.phase is Phase.DOUBT
    assert game.pile_size == 2
    assert episode.building[0] == ()


@pytest.mark.parametrize("rules", [Rules(3), Rules(6), Rules(5, play_on_for_places=True)])
def test_the_episodes_own_cards_on_the_pile_match_what_the_log_says(rules: Rules) -> None:
    episode, rng = Episode(Game.deal(rules, 11)), random.Random(4)
    for _ in range(400):
        if episode.over:
            break
        for seat in range(rules.players):
            from_log = encoding.observe(episode.view(seat), episode.building[seat])
            assert np.array_equal(episode.observation(seat), from_log), seat
        seat = rng.choice(episode.deciding)
        episode.act(seat, rng.choice(episode.legal(seat)))


def test_a_step_reads_only_views_of_the_latest_events(monkeypatch: pytest.MonkeyPatch) -> None:
    episode, rng = Episode(Game.deal(Rules(4), 3)), random.Random(2)
    for _ in range(60):  # a game under way, so that a whole log would be long
        seat = episode.deciding[0]
        episode.act(seat, rng.choice(episode.legal(seat)))
    asked: list[tuple[int, int]] = []
    view = Game.view

    def spy(game: Game, seat: int | None, since: int = 0) -> object:
        asked.append((since, game.step))
        return view(game, seat, since)

    monkeypatch.setattr(Game, "view", spy)
    for _ in range(200):
        seat = episode.deciding[0]
        episode.observation(seat), episode.mask(seat)
        episode.act(seat, rng.choice(episode.legal(seat)))
    assert asked, "the episode reads views"
    assert all(since == step for since, step in asked), "a step read the whole log"


def test_an_add_takes_any_copy_of_the_rank_so_a_revealed_play_shows_only_its_rank() -> None:
    hand = ["AS", "AH", "AD", "AC", "KS"]
    taken: Counter[str] = Counter()
    for deal in range(400):
        game = Game.from_hands(Rules(3), [hand, ["QS", "QH"], ["JS", "JH"]])
        episode = Episode(game, keys=[encoding.seat_key((), salt=str(deal)), b"one", b"two"])
        episode.act(0, encoding.ADD + encoding.RANKS.index(game.due_rank))
        taken[str(episode.building[0][0])] += 1
    assert set(taken) == {"AS", "AH", "AD", "AC"}
    assert all(60 <= count <= 140 for count in taken.values()), taken  # about 100 each: uniform over the four


def test_the_copy_an_add_takes_is_the_same_in_a_copy_of_the_episode() -> None:
    episode = Episode(Game.deal(Rules(4), 8))
    twin = episode.copy()
    seat = episode.deciding[0]
    add = next(index for index in episode.legal(seat) if index < encoding.ANNOUNCE)
    episode.act(seat, add)
    twin.act(seat, add)
    assert episode.building[seat] == twin.building[seat]
