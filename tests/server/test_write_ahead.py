"""A table's actions on their way into the archive: heard back in step order, each run of them stored
together at once, and nothing from a refusal on."""

from __future__ import annotations

import asyncio

from idoubtit.engine import Decline, Game, Rules
from idoubtit.server.write_ahead import Unstored, WriteAhead, storing_error


class SlowArchive:
    """Stores each step when the test says so; refuses the steps in ``refuse``."""

    def __init__(self, refuse: frozenset[int] = frozenset()) -> None:
        self.release: dict[int, asyncio.Event] = {}
        self.refuse = refuse

    async def append_action(self, game_id: int, step: int, notation: str) -> None:
        await self.release.setdefault(step, asyncio.Event()).wait()
        if step in self.refuse:
            raise OSError(f"step {step} refused")


async def sent_three(archive: SlowArchive) -> tuple[list[tuple[list[Unstored], list[Unstored]]], list[Unstored]]:
    heard: list[tuple[list[Unstored], list[Unstored]]] = []
    ahead = WriteAhead(archive, lambda kept, lost: heard.append((kept, lost)))
    game = Game.deal(Rules(4), seed=1)
    sent = [ahead.send(1, step, Decline(step), game, 0, {}) for step in (5, 6, 7)]
    for step in (7, 5):  # out of order: the archive may finish them in any order
        archive.release.setdefault(step, asyncio.Event()).set()
    await asyncio.sleep(0.01)
    return heard, sent


async def test_the_table_hears_back_in_step_order_whatever_order_the_archive_finishes_in() -> None:
    archive = SlowArchive()
    heard, sent = await sent_three(archive)
    assert heard == [(sent[:1], [])]  # step 5 is shown; 7 waits for 6
    archive.release[6].set()
    await asyncio.sleep(0.01)
    assert heard == [(sent[:1], []), (sent[1:], [])]  # 6 and 7 together
    assert all(storing_error(taken) is None for taken in sent)


async def test_from_the_first_refusal_on_nothing_stands() -> None:
    archive = SlowArchive(refuse=frozenset({6}))
    heard, sent = await sent_three(archive)
    archive.release[6].set()
    await asyncio.sleep(0.01)
    assert heard == [(sent[:1], []), ([], sent[1:])]  # step 7 was stored here, but cannot stand after 6
    assert isinstance(storing_error(sent[1]), OSError)


async def test_a_refusal_takes_back_the_actions_still_being_stored() -> None:
    archive = SlowArchive(refuse=frozenset({5}))
    heard: list[tuple[list[Unstored], list[Unstored]]] = []
    ahead = WriteAhead(archive, lambda kept, lost: heard.append((kept, lost)))
    game = Game.deal(Rules(4), seed=1)
    sent = [ahead.send(1, step, Decline(step), game, 0, {}) for step in (5, 6)]
    archive.release.setdefault(5, asyncio.Event()).set()
    await asyncio.sleep(0.01)
    assert heard == [([], sent)]
    assert not ahead.waiting
    archive.release.setdefault(6, asyncio.Event()).set()  # step 6 comes back late: nobody hears of it again
    await asyncio.sleep(0.01)
    assert heard == [([], sent)]
