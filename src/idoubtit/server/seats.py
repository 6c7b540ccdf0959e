"""A table's seats as the server keeps them at run time: who sits there, how connected, which bot plays,
and how often the seat may react."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final

from idoubtit.archive import SeatKind
from idoubtit.bots import Bot

#: A seat may react at most once in this many seconds...
REACTION_INTERVAL_SECONDS: Final = 2.0
#: ... and at most this many times a minute.
REACTIONS_PER_MINUTE: Final = 10


@dataclass(slots=True)
class Seat:
    number: int
    name: str
    kind: SeatKind
    level: str | None
    token_hash: str | None
    connections: int = 0
    #: When the last connection of a person's seat went away (None: connected, or a bot seat).
    away_since: float | None = None
    #: The bot that plays the seat: always for a bot seat; for a person, after the grace period.
    bot: Bot | None = None

    @property
    def is_person(self) -> bool:
        return self.kind is SeatKind.HUMAN

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.number,
            "name": self.name,
            "kind": self.kind.value,
            "level": self.level,
            "connected": self.is_person and self.connections > 0,
            "away": self.is_person and self.connections == 0,
            "bot_playing": self.is_person and self.bot is not None,
        }


@dataclass(slots=True)
class ReactionLimit:
    """How often one seat may react: once in :data:`REACTION_INTERVAL_SECONDS`, and
    :data:`REACTIONS_PER_MINUTE` in any minute."""

    recent: deque[float] = field(default_factory=deque)

    def allows(self, moment: float) -> bool:
        """Whether a reaction at ``moment`` (monotonic seconds) is allowed; if so it is counted."""
        recent = self.recent
        while recent and moment - recent[0] >= 60:
            recent.popleft()
        if recent and moment - recent[-1] < REACTION_INTERVAL_SECONDS:
            return False
        if len(recent) >= REACTIONS_PER_MINUTE:
            return False
        recent.append(moment)
        return True
