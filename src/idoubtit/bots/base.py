"""What every computer player is: something that reads one seat's view and answers with an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from idoubtit.engine import Action, View


@runtime_checkable
class Bot(Protocol):
    """A computer player. It is handed only its seat's :class:`~idoubtit.engine.View`, never the game.

    ``act`` is called when the view says the seat must play (``view.must_play``) or may doubt
    (``view.may_doubt``); it returns a :class:`~idoubtit.engine.Play` in the first case and a
    :class:`~idoubtit.engine.Doubt` or :class:`~idoubtit.engine.Decline` for its own seat in the second.
    """

    name: str

    def act(self, view: View) -> Action: ...
