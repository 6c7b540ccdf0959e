"""Learning the game on the expert bot's model: a coach at the table, and a review of every decision.

Everything here reads a seat's views only (``Game.view(seat)``), as the seat saw them then: the review
never uses a card the seat could not see.
"""

from idoubtit.coach.advice import Advice, Coach
from idoubtit.coach.review import LABELS, Decision, Option, Review, review_game

__all__ = ["LABELS", "Advice", "Coach", "Decision", "Option", "Review", "review_game"]
