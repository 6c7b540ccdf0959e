"""A bot wrapper shared by the bot tests: it checks that a bot only ever gets its own seat's view."""

from __future__ import annotations

from idoubtit import Decline, Doubt, Play, View
from idoubtit.bots import Bot


class Checked:
    """Wraps a bot and checks that every view it gets is its own seat's."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat, self.name = bot, seat, bot.name

    def act(self, view: View) -> Play | Doubt | Decline:
        assert view.seat == self.seat
        action = self.bot.act(view)
        assert isinstance(action, Play | Doubt | Decline)
        return action
