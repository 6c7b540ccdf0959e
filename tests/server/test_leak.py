"""Leak test: thousands of whole games through the real server, with scripted people, bots and a
spectator at every table. Every message each socket received is kept and checked against the referee's
record from the archive: no message may hold a card its recipient could not have seen at that step (its
own hand as dealt, the piles it picked up, cards turned face up, and once the game is over every hand),
and each view's hand is exactly the seat's hand at that step.

While each game is played, a seated person or an outsider asks the looking-back endpoints over HTTP (the
room, the game, its replay and review, the table's and the people's games and statistics): no answer may
hold a card its asker could not see then, and the probes must be seen to land while games are played.
Once a game is over, its whole record is served.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from idoubtit.archive import Archive
from idoubtit.client.table_client import TableClient
from idoubtit.engine import STANDARD_DECK, Game, PileTaken, Revealed, Rules, parse_action
from tests.server.helpers import NewTable, ServerProcess, host, play_to_the_end, start

#: Whole games to play in all (the issue asks for at least 2,000), in this many shards (separate tests,
#: which test workers run side by side), each over this many tables at once.
GAMES = int(os.environ.get("IDOUBTIT_LEAK_GAMES", "2000"))
SHARDS = 8
TABLES = 20
#: Seconds any one step may take: generous, since thousands of games share a busy machine.
STEP_TIMEOUT = 120.0
#: Who asks the looking-back endpoints during a game, in turn from game to game: an outsider (no token),
#: then each seated person with their seat token.
ASKERS: tuple[int | None, ...] = (None, 0, 1)
#: A probe waits for the game to be up to this many steps in before it asks, so that nearly every probe
#: lands while the game is being played (a game here lasts a hundred steps or more).
PROBE_STEPS = 40
#: Every probe asks the room's page (for the game's id) and the game; of the other looking-back endpoints
#: (docs/protocol.md, "Looking back"; puzzles are shipped positions, no table's game) it asks one, in turn
#: with the askers, so that every asker asks every endpoint within 18 consecutive games of a shard's tables
#: while a game costs the server about as many requests as it did before these endpoints.
EXTRAS = ("review", "replay", "room games", "room stats", "player stats", "player games")
ENDPOINTS = ("room", "game", *EXTRAS)


#: A JSON string that is exactly a card, in any spelling (``"10H"``, ``"th"``): found in the raw frame,
#: wherever it sits in the message.
CARD_STRING = re.compile(r'"((?:10|[2-9AKQJT])[SHDC])"', re.IGNORECASE)


def cards_in(frame: str) -> set[str]:
    """Every string anywhere in a message (as sent) that reads as a card, in canonical form."""
    return {CARD_SPELLINGS[text.upper()] for text in CARD_STRING.findall(frame)}


def _spellings() -> dict[str, str]:
    """Every way a card may be written (``10H``, ``TH``), to its canonical form."""
    spellings = {}
    for card in STANDARD_DECK:
        spellings[str(card)] = str(card)
        spellings[str(card).replace("10", "T")] = str(card)
    return spellings


CARD_SPELLINGS = _spellings()


class Truth:
    """What each recipient could know after each step of a stored game, from the referee's events:
    ``known[seat][step]`` (None: a spectator) and each seat's hand, ``hands[step][seat]``."""

    def __init__(self, record: dict[str, Any]) -> None:
        game = Game.replay({**record, "actions": []})
        players = game.rules.players
        known: dict[int | None, set[str]] = {None: set()}
        known.update({number: {str(card) for card in game.hand(number)} for number in range(players)})
        # Known sets change only at a reveal or a pickup: steps share one frozen set until then.
        frozen = {seat: frozenset(cards) for seat, cards in known.items()}
        self.known: dict[int | None, list[frozenset[str]]] = {seat: [cards] for seat, cards in frozen.items()}
        self.hands = [[[str(card) for card in game.hand(seat)] for seat in range(players)]]
        for notation in record["actions"]:
            for event in game.apply(parse_action(notation)):
                if isinstance(event, Revealed):
                    for reader, holder in known.items():
                        holder.update(str(card) for card in event.cards)
                        frozen[reader] = frozenset(holder)
                elif isinstance(event, PileTaken) and event.cards is not None:
                    known[event.seat].update(str(card) for card in event.cards)
                    frozen[event.seat] = frozenset(known[event.seat])
            for reader, cards in frozen.items():
                self.known[reader].append(cards)
            self.hands.append([[str(card) for card in game.hand(seat)] for seat in range(players)])
        if game.is_over:  # the game over, every hand is turned face up for everyone (the pile stays down)
            face_up = {str(card) for seat in range(players) for card in game.hand(seat)}
            for reader in known:
                self.known[reader][-1] = self.known[reader][-1] | face_up
        self.game = game
        self.record = record


def check(messages: list[dict[str, Any]], frames: list[str], seat: int | None, truth: Truth) -> int:
    """Fail on any card the recipient could not see; returns how many views were checked."""
    views = 0
    for message, frame in zip(messages, frames, strict=True):
        view = message.get("view")
        if not view:
            assert not cards_in(frame), f"cards outside a view: {frame}"
            continue
        step = view["step"]
        assert view["seat"] == seat
        leaked = cards_in(frame) - truth.known[seat][step]
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at step {step}: {frame}"
        assert view["hand"] == (truth.hands[step][seat] if seat is not None else [])
        views += 1
    return views


@dataclass
class Probe:
    """What one reader got from the looking-back endpoints while a game was on (checked afterwards).
    ``asker`` is the seat whose token went with every request, or None for an outsider with none."""

    asker: int | None = None
    answers: list[tuple[str, int, str]] = field(default_factory=list)  # (path, status, body)
    #: The game the room said it was playing: the one the answers must be about.
    game_id: int | None = None
    #: What to ask besides the room and the game (one of :data:`EXTRAS`), and what was asked in all.
    extra: str = "room stats"
    asked: list[str] = field(default_factory=list)


@dataclass
class Seated:
    """A table of two people and a bot; each person joined with the player id their browser keeps."""

    table: NewTable
    players: dict[int, str]  # seat -> player id


async def seated_table(http: httpx.AsyncClient, seed: int) -> Seated:
    """Like helpers.new_table (3 seats, 2 people, an easy bot), but the people bring player ids, so that
    their own statistics and games are asked too."""
    created = await http.post("/api/rooms", json={"players": 3, "doubt_seconds": 30})
    assert created.status_code == 201, created.text
    room = created.json()
    tokens, players = {}, {}
    for number in range(2):
        player = f"leak-player-{seed:04d}-{number}"
        joined = await http.post(
            f"/api/rooms/{room['code']}/seats", json={"name": f"Person {number}", "player": player}
        )
        assert joined.status_code == 201, joined.text
        tokens[joined.json()["seat"]] = joined.json()["token"]
        players[joined.json()["seat"]] = player
    filled = await http.post(f"/api/rooms/{room['code']}/bots", json={"level": "easy"}, headers=host(room))
    assert filled.status_code == 200, filled.text
    return Seated(NewTable(room["code"], room["host_token"], tokens), players)


def _headers(seated: Seated, asker: int | None) -> dict[str, str]:
    """A seated person asks with their seat token (which must not get them more than anyone), an outsider
    with none."""
    return {} if asker is None else {"Authorization": f"Bearer {seated.table.tokens[asker]}"}


async def probe_history(
    http: httpx.AsyncClient, seated: Seated, watcher: TableClient, at_step: int, probe: Probe
) -> None:
    """Once the game is ``at_step`` steps in (by the spectator's count: so the probe lands while it is played,
    not before or after it), ask as ``probe.asker`` the room's page (with the game's id), the game, and the
    looking-back endpoint ``probe.extra``."""
    await watcher.until(lambda c: c.over or (c.view is not None and c.view["step"] >= at_step), timeout=STEP_TIMEOUT)
    headers = _headers(seated, probe.asker)
    code = seated.table.code
    # A seated person asks for their own numbers, an outsider for someone's id it was given.
    player = seated.players[probe.asker if probe.asker is not None else at_step % 2]

    async def ask(endpoint: str, path: str, params: dict[str, int] | None = None) -> dict[str, Any]:
        answer = await _asked(http, path, params, headers)
        probe.answers.append((path, answer.status_code, answer.text))
        probe.asked.append(endpoint)
        data: dict[str, Any] = answer.json()
        return data

    room = await ask("room", f"/api/rooms/{code}")
    probe.game_id = game_id = room["game_id"]
    game = await ask("game", f"/api/games/{game_id}")
    paths: dict[str, tuple[str, dict[str, int] | None]] = {
        "review": (f"/api/games/{game_id}/review", {"seat": probe.asker or 0}),
        "replay": (f"/api/games/{game_id}/replay", None),
        "room games": (f"/api/rooms/{code}/games", {"limit": 1}),
        "room stats": (f"/api/rooms/{code}/stats", None),
        "player stats": (f"/api/players/{player}/stats", None),
        "player games": (f"/api/players/{player}/games", {"limit": 1}),
    }
    if probe.extra != "review" or "view" in game:  # (a finished game's review costs a worker seconds)
        await ask(probe.extra, *paths[probe.extra])


async def _asked(
    http: httpx.AsyncClient, path: str, params: dict[str, int] | None = None, headers: dict[str, str] | None = None
) -> httpx.Response:
    """One request, asked again if a busy machine dropped the connection (a reset is no answer to check)."""
    for attempt in range(3):
        try:
            return await http.get(path, params=params, headers=headers)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


def check_probe(probe: Probe, truth: Truth, game_id: int) -> bool:
    """No looking-back answer holds a card its asker could not see at the step it was sent at; an answer
    that shows the game whole must be of a game that is over, exactly as it ended. Returns whether the
    probe landed while the game was being played (its game was answered as being played)."""
    assert probe.game_id == game_id, f"the room named game {probe.game_id} while game {game_id} was played"
    landed = False
    for path, status, body in probe.answers:
        data = json.loads(body)
        game = data.get("game")  # (the room's own page has the game's number there)
        if isinstance(game, dict) and game["status"] == "finished":
            _check_whole(path, data, truth)
            continue
        if "view" in data:
            view = data["view"]
            step = view["step"]
            leaked = cards_in(body) - truth.known[probe.asker][step]
            assert not leaked, f"{path} showed {sorted(leaked)} to {probe.asker} at step {step} of a game being played"
            # Anyone, a seat's token or not, gets what a spectator sees (docs/protocol.md), numbers and all.
            assert (view["seat"], view["hand"]) == (None, []), f"{path} was not a spectator's view: {body[:300]}"
            assert "record" not in data
            assert view["stats"] is None or view["phase"] == "over", f"{path} gave numbers: {body[:300]}"
            landed = landed or game["status"] == "playing"
        else:
            assert not cards_in(body), f"{path} showed cards of a game being played: {body[:300]}"
        for entry in data.get("games", ()):  # a seat's numbers count its bluffs: hidden until the end
            if entry["status"] != "finished":
                assert entry["places"] is None, f"{path} gave places of a game being played"
                assert all(seat["numbers"] is None for seat in entry["seats"]), f"{path} gave numbers: {body[:300]}"
        refusal = (status, data.get("error", {}).get("code"))
        if path.endswith("/replay"):
            assert refusal == (409, "game.not_finished"), f"{path} was not refused: {body[:300]}"
        elif path.endswith("/review"):  # (refused for a busy worker only if it ended since the game's answer)
            assert refusal in {(409, "game.not_finished"), (503, "limit.reviews")}, (
                f"{path} was not refused: {body[:300]}"
            )
    return landed


def _check_whole(path: str, data: dict[str, Any], truth: Truth) -> None:
    """An answer showing every card: only once the game is over, and only as it ended (a game called
    finished too soon would be shown with fewer actions than the referee's record)."""
    assert truth.game.is_over, f"{path} showed a game whole before it was over"
    if "record" in data:
        assert {key: data["record"][key] for key in truth.record} == truth.record, f"{path}: not the game as it ended"
    if "frames" in data:
        assert len(data["frames"]) == len(truth.record["actions"]) + 1, f"{path}: not the game as it ended"


def _in_game(number: int) -> Callable[[TableClient], bool]:
    return lambda client: client.state is not None and client.state.startswith(f"{number}.")


@dataclass
class Played:
    """One table's tally: views checked, and probes that landed while a game was played, by asker."""

    views: int = 0
    landed: dict[int | None, int] = field(default_factory=lambda: dict.fromkeys(ASKERS, 0))
    #: (asker, endpoint) asked in a probe that landed while its game was played.
    covered: set[tuple[int | None, str]] = field(default_factory=set)


async def table_plays(
    server: ServerProcess, http: httpx.AsyncClient, archive: Archive, games: int, seed: int
) -> Played:
    rng = random.Random(seed)
    seated = await seated_table(http, seed)
    table = seated.table
    played = Played()
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0], keep_frames=True) as zero,
        TableClient.connect(server.ws, table.code, table.tokens[1], keep_frames=True) as one,
        TableClient.connect(server.ws, table.code, keep_frames=True) as watcher,
    ):
        recipients = {0: zero, 1: one, None: watcher}
        for number in range(1, games + 1):
            for client in recipients.values():  # what was checked is let go: thousands of games add up
                client.received.clear()
                assert client.frames is not None
                client.frames.clear()
            marks = {seat: len(client.received) for seat, client in recipients.items()}
            await start(http, table)
            for client in recipients.values():
                await client.until(_in_game(number), timeout=STEP_TIMEOUT)
            # The askers take turns from game to game, starting at a different one at each table.
            turn = seed + number
            probe = Probe(asker=ASKERS[turn % len(ASKERS)], extra=EXTRAS[turn // len(ASKERS) % len(EXTRAS)])
            await asyncio.gather(
                play_to_the_end(zero, rng, lie_chance=0.25, timeout=STEP_TIMEOUT),
                play_to_the_end(one, rng, lie_chance=0.1, timeout=STEP_TIMEOUT),
                probe_history(http, seated, watcher, rng.randrange(PROBE_STEPS), probe),
            )
            await watcher.until(lambda c: c.over, timeout=STEP_TIMEOUT)
            stored = await asyncio.to_thread(archive.load_room, table.code)
            assert stored.latest_game is not None
            truth = Truth(stored.latest_game.record)
            assert truth.game.is_over
            for seat, client in recipients.items():
                assert client.frames is not None
                played.views += check(client.received[marks[seat] :], client.frames[marks[seat] :], seat, truth)
            if check_probe(probe, truth, stored.latest_game.id):
                played.landed[probe.asker] += 1
                played.covered.update((probe.asker, endpoint) for endpoint in probe.asked)
            # And once it is over, the whole record is served (the replay's frames, some work, now and then).
            await check_finished(http, seated, stored.latest_game.id, number, truth, probe.asker, number % 5 == 1)
    return played


async def check_finished(
    http: httpx.AsyncClient, seated: Seated, game_id: int, number: int, truth: Truth, asker: int | None, whole: bool
) -> None:
    """The game just over, as ``asker`` reads it: its whole record; with ``whole`` (a few requests more, so
    now and then), also its replay with every hand face up at every step, and that it is finished wherever
    it is listed, with one person's seat and numbers."""
    headers = _headers(seated, asker)

    async def ask(path: str, params: dict[str, int] | None = None) -> dict[str, Any]:
        answer = await _asked(http, path, params, headers)
        assert answer.status_code == 200, f"{path}: {answer.text[:300]}"
        data: dict[str, Any] = answer.json()
        return data

    served = await ask(f"/api/games/{game_id}")
    assert served["game"]["status"] == "finished"
    assert {key: served["record"][key] for key in truth.record} == truth.record
    if not whole:
        return
    frames = (await ask(f"/api/games/{game_id}/replay"))["frames"]
    assert [frame["hands"] for frame in frames] == truth.hands
    room = await ask(f"/api/rooms/{seated.table.code}")
    assert (room["game_id"], room["game"], room["status"]) == (game_id, number, "finished")
    (listed,) = (await ask(f"/api/rooms/{seated.table.code}/games", {"limit": 1}))["games"]
    assert (listed["id"], listed["status"], listed["steps"]) == (game_id, "finished", len(truth.record["actions"]))
    seat = asker if asker is not None else number % 2
    (mine,) = (await ask(f"/api/players/{seated.players[seat]}/games", {"limit": 1}))["games"]
    assert (mine["id"], mine["you"], mine["status"]) == (game_id, seat, "finished")
    assert mine["seats"][seat]["numbers"] is not None
    assert (await ask(f"/api/players/{seated.players[seat]}/stats"))["totals"]["games"] == number


@pytest.mark.parametrize("shard", range(SHARDS))
async def test_no_message_of_thousands_of_games_holds_a_card_its_recipient_could_not_see(
    server: ServerProcess, http: httpx.AsyncClient, shard: int
) -> None:
    per_table = -(-GAMES // (SHARDS * TABLES))
    seeds = range(shard * TABLES, (shard + 1) * TABLES)
    with Archive.open(server.db) as archive:
        tables = await asyncio.gather(*(table_plays(server, http, archive, per_table, seed) for seed in seeds))
    assert per_table * TABLES * SHARDS >= GAMES
    assert sum(played.views for played in tables) > per_table * TABLES * 50  # many views to each socket, each game
    # Probes that all came too late (or too early) would check nothing: each asker must have caught games
    # being played, and asked every endpoint in one of them.
    landed = {asker: sum(played.landed[asker] for played in tables) for asker in ASKERS}
    assert all(landed.values()), f"probes that landed while a game was played, by asker: {landed}"
    covered = set().union(*(played.covered for played in tables))
    missed = sorted({(asker, endpoint) for asker in ASKERS for endpoint in ENDPOINTS} - covered, key=str)
    assert not missed, f"never asked while a game was played: {missed}"


def test_the_check_itself_catches_a_card_the_recipient_could_not_see() -> None:
    game = Game.deal(Rules(3), seed=4)
    truth = Truth(game.record())
    own = game.view(0).to_dict()
    honest = {"type": "update", "view": {**own, "events": []}}
    assert check([honest], [json.dumps(honest)], 0, truth) == 1
    foreign = str(game.hand(1)[0])
    forged = {"type": "update", "view": {**own, "events": [{"type": "played", "seat": 1, "cards": [foreign]}]}}
    with pytest.raises(AssertionError, match=foreign):
        check([forged], [json.dumps(forged)], 0, truth)
    spelled = json.dumps(forged).replace(f'"{foreign}"', f'"{foreign.lower().replace("10", "t")}"')
    with pytest.raises(AssertionError, match="was sent"):
        check([forged], [spelled], 0, truth)
    with pytest.raises(AssertionError, match="outside a view"):
        check([{"type": "room"}], [json.dumps({"type": "room", "name": foreign})], 0, truth)
    spectator = game.view(None).to_dict()
    playing = {"id": 1, "status": "playing"}
    honest_answer = json.dumps({"game": playing, "view": spectator})
    assert check_probe(Probe(0, [("/api/games/1", 200, honest_answer)], 1), truth, 1)
    with pytest.raises(AssertionError, match="the room named game 2"):  # probing another game checks nothing
        check_probe(Probe(None, [("/api/games/2", 200, honest_answer)], 2), truth, 1)
    leaked = json.dumps({"game": playing, "view": {**spectator, "hand": [foreign]}})
    with pytest.raises(AssertionError, match="of a game being played"):
        check_probe(Probe(0, [("/api/games/1", 200, leaked)], 1), truth, 1)
    own_card = str(game.hand(0)[0])  # seat 0 may know its own card, but an outsider may not, and even seat 0
    shown_own = json.dumps({"game": playing, "view": {**spectator, "hand": [own_card]}})  # gets a spectator's view
    with pytest.raises(AssertionError, match="of a game being played"):
        check_probe(Probe(None, [("/api/games/1", 200, shown_own)], 1), truth, 1)
    with pytest.raises(AssertionError, match="spectator's view"):
        check_probe(Probe(0, [("/api/games/1", 200, shown_own)], 1), truth, 1)
    with pytest.raises(AssertionError, match="before it was over"):
        check_probe(Probe(None, [("/api/games/1", 200, json.dumps({"game": {"status": "finished"}}))], 1), truth, 1)
    for path in ("/api/rooms/ABCDEF/games", "/api/players/leak-player-0000-0/games"):
        listed = json.dumps({"games": [{"id": 1, "status": "playing", "places": None, "seats": [{"name": foreign}]}]})
        with pytest.raises(AssertionError, match="showed cards"):
            check_probe(Probe(1, [(path, 200, listed)], 1), truth, 1)
        numbers = {"name": "Anna", "numbers": {"bluffs": 3}}
        counted = json.dumps({"games": [{"id": 1, "status": "playing", "places": None, "seats": [numbers]}]})
        with pytest.raises(AssertionError, match="gave numbers"):
            check_probe(Probe(1, [(path, 200, counted)], 1), truth, 1)
    for path in ("/api/games/1/replay", "/api/games/1/review"):
        refused = json.dumps({"error": {"code": "game.not_finished", "message": "..."}})
        assert not check_probe(Probe(None, [(path, 409, refused)], 1), truth, 1)
        with pytest.raises(AssertionError, match="was not refused"):  # it must be refused while the game is played
            check_probe(Probe(None, [(path, 200, json.dumps({"game": playing, "frames": []}))], 1), truth, 1)
