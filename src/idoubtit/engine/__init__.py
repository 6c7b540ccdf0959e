"""The pure rules engine: no I/O, no clocks, no globals; randomness only from a seeded ``random.Random``.

Nothing here imports anything outside ``idoubtit.engine``.
"""

from idoubtit.engine.actions import Action, CloseWindow, Decline, Doubt, Play, parse_action
from idoubtit.engine.cards import STANDARD_DECK, Card, Rank, Suit, format_cards, parse_cards, sort_key
from idoubtit.engine.errors import IDoubtItError, IllegalActionError, InvalidRulesError, MalformedInputError
from idoubtit.engine.events import (
    CloseReason,
    Declined,
    Doubted,
    Event,
    Finished,
    GameOver,
    PileTaken,
    Played,
    Revealed,
    RevealReason,
    WindowClosed,
    WrongRank,
    action_of,
)
from idoubtit.engine.game import RECORD_FORMAT, Game
from idoubtit.engine.rules import VARIANTS, Rules
from idoubtit.engine.view import Claim, Phase, SeatStats, View

__all__ = [
    "RECORD_FORMAT",
    "STANDARD_DECK",
    "VARIANTS",
    "Action",
    "Card",
    "Claim",
    "CloseReason",
    "CloseWindow",
    "Decline",
    "Declined",
    "Doubt",
    "Doubted",
    "Event",
    "Finished",
    "Game",
    "GameOver",
    "IDoubtItError",
    "IllegalActionError",
    "InvalidRulesError",
    "MalformedInputError",
    "Phase",
    "PileTaken",
    "Play",
    "Played",
    "Rank",
    "RevealReason",
    "Revealed",
    "Rules",
    "SeatStats",
    "Suit",
    "View",
    "WindowClosed",
    "WrongRank",
    "action_of",
    "format_cards",
    "parse_action",
    "parse_cards",
    "sort_key",
]
