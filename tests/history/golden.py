"""A short game whose numbers were counted by hand, shared by the history, archive and server tests."""

from __future__ import annotations

from typing import Any

from idoubtit.history import SeatNumbers

#: Three seats, two cards each. Seat 1 bluffs twice and is caught twice, seat 0 bluffs once unseen and
#: doubts twice (right once), seat 2 doubts once (right) and wins with a truthful last play (R10).
GOLDEN_RECORD: dict[str, Any] = {
    "format": "idoubtit-record/1",
    "rules": {"players": 3},
    "first": 0,
    "hands": [["AS", "KD"], ["AH", "2C"], ["QS", "9D"]],
    "actions": [
        "play 0 AS as A",  # truthful; nobody doubts
        "decline 1",
        "decline 2",
        "play 1 2C as K",  # a bluff (R6)...
        "doubt 2",  # ...caught by seat 2 (R8): seat 1 takes the pile of 2
        "play 2 QS as Q",  # truthful...
        "doubt 0",  # ...so seat 0's doubt was wrong: seat 0 takes the pile of 1
        "play 0 KD as J",  # a bluff nobody doubts
        "decline 1",
        "decline 2",
        "play 1 AS AH as 10",  # a bluff of two cards...
        "doubt 0",  # ...caught by seat 0: seat 1 takes the pile of 3 (KD, AS, AH)
        "play 2 9D as 9",  # seat 2's last card, turned up and truthful (R10): seat 2 wins
    ],
}

#: The numbers counted by hand from the comments above.
GOLDEN_NUMBERS = (
    SeatNumbers(
        claims=2, bluffs=1, bluffs_caught=0, doubts=2, doubts_right=1, piles_taken=1, cards_taken=1, cards_left=1
    ),
    SeatNumbers(
        claims=2, bluffs=2, bluffs_caught=2, doubts=0, doubts_right=0, piles_taken=2, cards_taken=5, cards_left=4
    ),
    SeatNumbers(claims=2, bluffs=0, bluffs_caught=0, doubts=1, doubts_right=1, cards_left=0, won=True, place=1),
)
