"""Learning the game: a review of every decision a seat made, on the expert bot's model.

Everything here reads a seat's views only (``Game.view(seat)``), as the seat saw them then: the review
never uses a card the seat could not see.
"""

from idoubtit.coach.review import LABELS, Decision, Option, Review, review_game

__all__ = ["LABELS", "Decision", "Option", "Review", "review_game"]
