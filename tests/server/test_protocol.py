"""Reading client messages: what is accepted, and the namespaced error for everything else."""

from __future__ import annotations

import json

import pytest

from idoubtit.client import table_client
from idoubtit.engine import Card, Game, Rank, Rules
from idoubtit.server import protocol
from idoubtit.server.protocol import (
    REACTIONS,
    ActionRequest,
    Hello,
    React,
    ServerError,
    Sync,
    UpdateEncoder,
    encode,
    parse_client_message,
    view_message,
)
from idoubtit.server.seats import REACTION_INTERVAL_SECONDS, REACTIONS_PER_MINUTE, ReactionLimit


def test_hello_sync_and_the_three_actions_are_read() -> None:
    assert parse_client_message('{"type": "hello", "version": 1, "token": "abc"}') == Hello("abc")
    assert parse_client_message('{"type": "hello", "version": 1}') == Hello(None)
    assert parse_client_message('{"type": "sync", "id": 3}') == Sync(3)
    play = parse_client_message('{"type": "play", "state": "1.4", "cards": ["as", "10H"], "rank": "k", "id": "a"}')
    assert play == ActionRequest("play", "1.4", (Card.parse("AS"), Card.parse("10H")), Rank.KING, None, "a")
    assert parse_client_message('{"type": "doubt", "state": "1.4", "seat": 2}') == ActionRequest("doubt", "1.4", seat=2)
    assert parse_client_message('{"type": "decline", "state": "1.4"}') == ActionRequest("decline", "1.4")


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("[1, 2]", "protocol.malformed", "JSON object"),
        ("{", "protocol.malformed", "JSON object"),
        ('{"type": "dance"}', "protocol.unknown_type", "decline, doubt, hello, play, react, sync"),
        ('{"type": "sync", "extra": 1}', "protocol.malformed", "'extra'"),
        ('{"type": "hello", "version": 2}', "protocol.version", "version 1"),
        ('{"type": "hello", "version": true}', "protocol.version", "version 1"),
        ('{"type": "doubt"}', "protocol.malformed", "state id"),
        ('{"type": "doubt", "state": "1.1", "seat": true}', "protocol.malformed", "seat number"),
        ('{"type": "play", "state": "1.1", "cards": []}', "protocol.malformed", "non-empty list"),
        ('{"type": "play", "state": "1.1", "cards": ["AS"], "rank": 5}', "protocol.malformed", "rank"),
        ('{"type": "play", "state": "1.1", "cards": ["XX"]}', "action.malformed", "XX"),
        ('{"type": "play", "state": "1.1", "cards": ["AS"], "rank": "Z"}', "action.malformed", "Z"),
        ('{"type": "sync", "id": 1.5}', "protocol.malformed", "id"),
        ('{"type": "sync", "id": NaN}', "protocol.malformed", "JSON"),
        ('{"type": "react"}', "protocol.malformed", "nice_bluff, hmm, oops, good_game, well_played, wow"),
        ('{"type": "react", "reaction": "you cheat"}', "protocol.malformed", "one of nice_bluff"),
        ('{"type": "react", "reaction": ["wow"]}', "protocol.malformed", "one of nice_bluff"),
        ('{"type": "react", "reaction": "wow", "text": "hi"}', "protocol.malformed", "'text'"),
    ],
)
def test_a_bad_message_names_what_is_wrong(text: str, code: str, words: str) -> None:
    with pytest.raises(ServerError) as refused:
        parse_client_message(text)
    assert refused.value.code == code
    assert words in refused.value.message


def test_a_refused_message_keeps_its_id_so_the_sender_can_match_the_answer() -> None:
    with pytest.raises(ServerError) as refused:
        parse_client_message('{"type": "play", "state": "1.1", "cards": ["XX"], "id": "m9"}')
    assert refused.value.message_id == "m9"


def test_binary_frames_and_huge_plays_are_refused() -> None:
    with pytest.raises(ServerError, match="text frames"):
        parse_client_message(b'{"type": "sync"}')
    with pytest.raises(ServerError, match="more cards"):
        parse_client_message(json.dumps({"type": "play", "state": "1.1", "cards": ["AS"] * 400}))


def test_a_view_message_carries_the_log_from_where_the_client_is() -> None:
    game = Game.deal(Rules(3), seed=1)
    game.play(0, list(game.hand(0))[:1])
    view = game.view(1)
    whole, tail = view_message(view, log_from=0), view_message(view, log_from=len(view.log) - 1)
    assert whole["events"] == [event.to_dict() for event in view.log]
    assert tail["events"] == whole["events"][-1:]
    assert whole["log_size"] == tail["log_size"] == len(view.log)
    assert "log" not in whole
    assert json.loads(encode(whole)) == whole


def test_a_reaction_is_one_of_a_fixed_few() -> None:
    assert REACTIONS == ("nice_bluff", "hmm", "oops", "good_game", "well_played", "wow")
    for reaction in REACTIONS:
        assert parse_client_message(json.dumps({"type": "react", "reaction": reaction, "id": 4})) == React(reaction, 4)
    with pytest.raises(ServerError) as refused:
        parse_client_message(json.dumps({"type": "react", "reaction": "x" * 3000, "id": "r"}))
    assert len(refused.value.message) < 150  # a long text is not echoed back
    assert refused.value.message_id == "r"


def test_a_seat_reacts_once_every_two_seconds_and_ten_times_a_minute() -> None:
    assert (REACTION_INTERVAL_SECONDS, REACTIONS_PER_MINUTE) == (2.0, 10)
    limit = ReactionLimit()
    assert limit.allows(100.0)
    assert not limit.allows(101.9)  # too soon; and a refused reaction is not counted
    assert limit.allows(102.0)
    moments = [102.0 + 2 * n for n in range(1, 9)]  # the 3rd to the 10th reaction of the minute, at 104..118
    assert all(limit.allows(moment) for moment in moments)
    assert not limit.allows(120.0)  # the 11th within a minute of the first
    assert not limit.allows(159.9)
    assert limit.allows(160.0)  # the first has left the minute
    assert not limit.allows(161.0)


def test_a_view_message_shows_every_hand_and_the_numbers_only_once_the_game_is_over() -> None:
    game = Game.from_hands(Rules(3), ["AS", "KS QS", "2C"])
    assert view_message(game.view(1), log_from=0)["final_hands"] is None
    assert view_message(game.view(None), log_from=0)["stats"] is None
    game.play(0, "AS")  # the last card, true: seat 0 wins (R10)
    for reader in (0, 1, 2, None):
        message = view_message(game.view(reader), log_from=0)
        assert message["final_hands"] == [[], ["KS", "QS"], ["2C"]]
        assert [seat["claims"] for seat in message["stats"]] == [1, 0, 0]
        assert json.loads(encode(message)) == message


def _update(state: str, view_dict: dict[str, object], timer: object, **ack: object) -> dict[str, object]:
    return {"type": "update", "state": state, "view": view_dict, "timer": timer, **ack}


def test_one_round_of_updates_reads_back_to_each_seats_own_view_message() -> None:
    game = Game.deal(Rules(4, ascending=True), seed=3)
    game.play(0, list(game.hand(0))[:2])  # seat 0's cards are in its own log only
    timer = {"kind": "doubt", "seconds": 4.5}
    views = [game.view(reader) for reader in (0, 1, 2, 3, None)]
    encoder = UpdateEncoder("7.1", views[1], timer)  # the shared part taken from any one seat's view
    for view in views:
        for log_from in (0, len(view.log) - 1):
            text = encoder.text(view, log_from=log_from)
            assert json.loads(text) == _update("7.1", view_message(view, log_from=log_from), timer)
    acked = json.loads(encoder.text(views[0], log_from=0, acked=True, ack="m1"))
    assert acked == _update("7.1", view_message(views[0], log_from=0), timer, ack="m1")
    assert json.loads(encoder.text(views[2], log_from=0, acked=True))["ack"] is None  # acked, though it gave no id
    assert "ack" not in json.loads(encoder.text(views[2], log_from=0))


def test_the_updates_of_a_game_that_is_over_show_every_hand() -> None:
    game = Game.from_hands(Rules(3), ["AS", "KS QS", "2C"])
    game.play(0, "AS")
    views = [game.view(reader) for reader in (0, 1, 2, None)]
    encoder = UpdateEncoder("2.9", views[0], None)
    for view in views:
        assert json.loads(encoder.text(view, log_from=0)) == _update("2.9", view_message(view, log_from=0), None)


def test_the_table_client_speaks_the_servers_protocol_version() -> None:
    # The client declares its version itself (it never imports the server): the two must not drift apart.
    assert table_client.PROTOCOL_VERSION == protocol.PROTOCOL_VERSION
