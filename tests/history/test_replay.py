"""A finished game frame by frame, every hand face up (idoubtit.history.replay)."""

from __future__ import annotations

import random

import pytest

from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, IDoubtItError, Rules
from idoubtit.history import replay_frames
from tests.history.golden import GOLDEN_RECORD


def test_one_frame_for_the_deal_and_one_after_each_action() -> None:
    frames = replay_frames(GOLDEN_RECORD)
    assert len(frames) == len(GOLDEN_RECORD["actions"]) + 1
    assert frames[0]["action"] is None
    assert frames[0]["hands"] == [["AS", "KD"], ["AH", "2C"], ["QS", "9D"]]
    assert [frame["action"] for frame in frames[1:]] == GOLDEN_RECORD["actions"]
    assert frames[-1]["phase"] == "over"
    assert frames[-1]["places"] == [2]


def test_the_pile_holds_the_cards_put_down_until_someone_takes_it() -> None:
    frames = replay_frames(GOLDEN_RECORD)
    assert frames[1]["pile"] == ["AS"]
    assert frames[4]["pile"] == ["AS", "2C"]
    assert frames[5]["pile"] == []  # seat 1 took it after the doubt
    assert frames[5]["hands"][1] == ["AS", "AH", "2C"]
    assert frames[5]["pile_taken"]
    assert frames[5]["doubt"]
    assert frames[5]["seat"] == 2  # the doubter
    assert not frames[3]["doubt"]


def test_each_seat_sees_only_what_its_view_shows() -> None:
    frames = replay_frames(GOLDEN_RECORD)
    bluff = frames[8]  # play 0 KD as J: only seat 0 knows the card
    assert bluff["events"][0]["cards"] == ["KD"]
    assert bluff["seen"][0][0]["cards"] == ["KD"]
    assert "cards" not in bluff["seen"][1][0]
    assert "cards" not in bluff["seen"][2][0]
    taken = frames[5]  # seat 1 took AS and 2C: only seat 1 is told which cards
    piles = {
        seat: next(event for event in seen if event["type"] == "pile_taken") for seat, seen in enumerate(taken["seen"])
    }
    assert piles[1]["cards"] == ["AS", "2C"]
    assert "cards" not in piles[0]
    assert "cards" not in piles[2]


def test_a_game_not_over_is_never_replayed_face_up() -> None:
    unfinished = {**GOLDEN_RECORD, "actions": GOLDEN_RECORD["actions"][:5]}
    with pytest.raises(IDoubtItError, match="not over"):
        replay_frames(unfinished)


def test_a_bot_game_replays_to_its_own_end() -> None:
    bots = [make_bot("medium", random.Random(seat)) for seat in range(4)]
    game = play_out(Game.deal(Rules(4), 7), bots)
    frames = replay_frames(game.record())
    assert frames[-1]["hands"] == [[str(card) for card in game.hand(seat)] for seat in range(4)]
    for frame in frames:  # every card is somewhere: in a hand or in the pile
        assert sum(len(hand) for hand in frame["hands"]) + len(frame["pile"]) == 52
        assert frame["hand_sizes"] == [len(hand) for hand in frame["hands"]]
