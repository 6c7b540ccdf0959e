"""Reading client messages: what is accepted, and the namespaced error for everything else."""

from __future__ import annotations

import json

import pytest

from idoubtit.engine import Card, Game, Rank, Rules
from idoubtit.server.protocol import (
    ActionRequest,
    Hello,
    ServerError,
    Sync,
    encode,
    parse_client_message,
    view_message,
)


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
        ('{"type": "dance"}', "protocol.unknown_type", "decline, doubt, hello, play, sync"),
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
