"""Room leases and fencing tokens (archive/leases.py), on SQLite and PostgreSQL: one node holds a room at
a time, a lapsed lease is taken over with a higher token, and a write with a stale token is refused and
stores nothing."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import psycopg
import pytest
from psycopg import sql

from idoubtit.archive import Archive, FencedError, InvalidInputError, RoomSettings
from idoubtit.archive import store as store_module
from idoubtit.archive.models import now
from idoubtit.engine import Game, Rules
from tests.archive.helpers import full_room
from tests.archive.postgres import fresh_schema

ONE = "http://node-one:8000"
TWO = "http://node-two:8000"


class Clock:
    """The archive's clock, stopped: a lease lapses when a test moves the clock on, never because a busy
    machine took its time between two calls."""

    def __init__(self) -> None:
        self.moment = now()

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    stopped = Clock()
    monkeypatch.setattr(store_module, "now", stopped)
    return stopped


def test_a_room_is_held_by_one_node_and_taken_over_when_its_lease_lapses(archive: Archive, clock: Clock) -> None:
    code, _ = full_room(archive)
    first = archive.take_lease(code, ONE, 0.3)
    assert first is not None
    assert (first.node, first.token) == (ONE, 1)
    assert archive.take_lease(code, TWO, 5) is None  # held: another node cannot take it
    again = archive.take_lease(code, ONE, 5)  # its own holder renews it, with the same token
    assert again is not None
    assert again.token == 1
    assert archive.unheld_rooms() == []
    renewed = archive.renew_lease(first.fence(), 5)
    assert renewed.token == 1
    archive.release_lease(first.fence())  # a node shutting down: the room is free at once
    assert archive.unheld_rooms() == [code]
    taken = archive.take_lease(code, TWO, 5)
    assert taken is not None
    assert (taken.node, taken.token) == (TWO, 2)  # a new holder: a higher fencing token
    lease = archive.lease(code)
    assert lease is not None
    assert (lease.node, lease.token) == (TWO, 2)


def test_a_lapsed_lease_is_taken_over_without_its_holder(archive: Archive, clock: Clock) -> None:
    code, _ = full_room(archive)
    archive.take_lease(code, ONE, 0.2)
    assert archive.take_lease(code, TWO, 5) is None
    clock.advance(0.3)
    assert archive.unheld_rooms() == [code]
    taken = archive.take_lease(code, TWO, 5)
    assert taken is not None
    assert taken.token == 2


def test_a_stale_token_writes_nothing(archive: Archive, clock: Clock) -> None:
    code, _ = full_room(archive)
    old = archive.take_lease(code, ONE, 0.2)
    assert old is not None
    game = archive.start_game(code, seed=1)
    first_play = str(Game.replay(game.record).view(0).hand[0])
    archive.append_action(game.id, 0, f"play 0 {first_play}", fence=old.fence())
    clock.advance(0.3)
    new = archive.take_lease(code, TWO, 5)
    assert new is not None
    with pytest.raises(FencedError, match="no longer held"):
        archive.append_action(game.id, 1, "decline 1", fence=old.fence())
    results = archive.append_actions([(game.id, 1, "decline 1")], fences={game.id: old.fence()})
    assert isinstance(results[0], FencedError)
    with pytest.raises(FencedError):
        archive.renew_lease(old.fence(), 5)
    with pytest.raises(FencedError):
        archive.finish_game(game.id, [0], fence=old.fence())
    assert archive.game(game.id).step == 1  # the paused node's late writes are all refused
    archive.append_action(game.id, 1, "decline 1", fence=new.fence())
    assert archive.game(game.id).step == 2


def test_two_nodes_racing_for_a_lapsed_room_one_wins(archive: Archive, clock: Clock) -> None:
    code, _ = full_room(archive)
    archive.take_lease(code, "http://node-zero:8000", 0.1)
    clock.advance(0.2)
    won: list[str] = []

    def race(node: str) -> None:
        if archive.take_lease(code, node, 5) is not None:
            won.append(node)

    threads = [threading.Thread(target=race, args=(f"http://node-{number}:8000",)) for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1
    lease = archive.lease(code)
    assert lease is not None
    assert (lease.node, lease.token) == (won[0], 2)


def test_bad_lease_requests_are_refused_clearly(archive: Archive) -> None:
    code, _ = full_room(archive)
    with pytest.raises(InvalidInputError, match="seconds"):
        archive.take_lease(code, ONE, 0)
    with pytest.raises(InvalidInputError, match="URL"):
        archive.take_lease(code, "", 5)
    assert archive.lease(code) is None


def test_a_node_renews_all_its_leases_at_once_and_learns_which_it_lost(archive: Archive, clock: Clock) -> None:
    kept_code, _ = full_room(archive)
    lost_code, _ = full_room(archive)
    kept = archive.take_lease(kept_code, ONE, 5)
    lost = archive.take_lease(lost_code, ONE, 0.2)
    assert kept is not None
    assert lost is not None
    clock.advance(0.3)
    assert archive.take_lease(lost_code, TWO, 5) is not None  # taken over while ONE was away
    renewed, gone = archive.renew_leases([kept.fence(), lost.fence()], 5)
    assert [lease.room_code for lease in renewed] == [kept_code]
    assert renewed[0].token == kept.token
    assert gone == [lost_code]
    assert archive.renew_leases([], 5) == ([], [])


def test_a_released_lease_is_announced_to_its_schema_alone(archive: Archive, postgres_server: str) -> None:
    """On PostgreSQL a release is a NOTIFY on the schema's channel, sent when it commits (so that other
    nodes take the room at once); SQLite has no notices. Another schema on the same server hears nothing."""
    code, _ = full_room(archive)
    lease = archive.take_lease(code, ONE, 5)
    assert lease is not None
    notices = archive.notices()
    if archive.engine.dialect.name == "sqlite":
        assert notices is None
        archive.release_lease(lease.fence())
        return
    assert notices is not None
    address, channel = notices
    with fresh_schema(postgres_server) as other_url, Archive.open(other_url) as other:
        other_notices = other.notices()
        assert other_notices is not None
        assert other_notices[1] != channel
        with (
            psycopg.connect(address, autocommit=True) as listener,
            psycopg.connect(other_notices[0], autocommit=True) as stranger,
        ):
            listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            stranger.execute(sql.SQL("LISTEN {}").format(sql.Identifier(other_notices[1])))
            archive.release_lease(lease.fence())
            heard = [notice.payload for notice in listener.notifies(timeout=5, stop_after=1)]
            assert heard == [code]
            assert list(stranger.notifies(timeout=0.5)) == []


def test_a_room_made_for_a_node_is_leased_to_it_in_the_same_transaction(archive: Archive) -> None:
    """No other node ever sees a new room without a holder (it would take it over while it is set up)."""
    created = archive.create_room(RoomSettings(Rules(players=3)), node=ONE, lease_seconds=5)
    assert created.lease is not None
    assert (created.lease.node, created.lease.token) == (ONE, 1)
    assert archive.unheld_rooms() == []
    assert archive.take_lease(created.code, TWO, 5) is None
    plain = archive.create_room(RoomSettings(Rules(players=3)))  # a single server's room: no lease
    assert plain.lease is None
    assert archive.unheld_rooms() == [plain.code]
