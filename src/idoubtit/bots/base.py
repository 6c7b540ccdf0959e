"""What every computer player is: something that reads one seat's view and answers with an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from idoubtit.engine import Action, Rules, View


@runtime_checkable
class Bot(Protocol):
    """A computer player. It is handed only its seat's :class:`~idoubtit.engine.View`, never the game.

    ``act`` is called when the view says the seat must play (``view.must_play``) or may doubt
    (``view.may_doubt``); it returns a :class:`~idoubtit.engine.Play` in the first case and a
    :class:`~idoubtit.engine.Doubt` or :class:`~idoubtit.engine.Decline` for its own seat in the second.
    A :class:`~idoubtit.engine.Play` should always name the rank it announces (``rank=view.due_rank``,
    or another one to take the pile under R7): under V5 (strict announcing) a play without a rank is
    refused, so a bot that leaves it to the default breaks at a V5 table.

    A bot is built without its seat or the rules, and one bot object may play game after game (a
    server table keeps its bots). Whoever seats it may call ``start(seat, rules)`` before each game
    (:func:`start_game`; :func:`~idoubtit.bots.runner.play_out` does): a bot that keeps memory of the
    game forgets it there. The hook is optional, so a bot must also tell a new game by its views
    alone: the view's seat or rules differ from the last ones, its ``step`` went back, or its ``log``
    does not continue the log read so far (shorter, or another event where the last one read was).
    The bots of the ladder do both (tests/bots/test_runner.py plays one bot object through two games
    and checks that it decides in the second as a fresh bot would).
    """

    name: str

    def act(self, view: View) -> Action: ...


def start_game(bot: Bot, seat: int, rules: Rules) -> None:
    """Tell ``bot`` that a game begins with it at ``seat`` under ``rules``, if it wants to know."""
    start = getattr(bot, "start", None)
    if callable(start):
        start(seat, rules)


def flag(value: bool | str) -> bool:
    """An on/off option, given as a bool or, from a bot spec (``search[advisor=false]``), as text."""
    if isinstance(value, str):
        return value.strip().lower() not in ("0", "false", "no", "off", "")
    return bool(value)
