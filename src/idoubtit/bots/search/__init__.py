"""``search``: determinized Monte-Carlo search over the seat's information set.

At each real decision the bot samples complete deals that agree with everything its view knows, plays
each candidate action in every sampled deal, plays on for a few rounds with quick policies for every
seat, and keeps the candidate with the best average result for its seat. Decisions the rules or the
count settle are answered at once, without search.

What the parts do, and why:

* The adaptive bot's model (:class:`~idoubtit.bots.adaptive.AdaptiveBot`, fed this seat's views and
  nothing else) reads every claim: how likely it is false, through the claimant's own habits and
  record. Its estimate is far better calibrated than a count alone, and the count's certainties (a
  claim it proves false or true) settle a doubt without search. The same model prices our bluffs: for
  each size of play, the chance that each opponent doubts it, learned from how they answered our
  claims so far.
* :class:`~idoubtit.bots.search.ledger.Ledger` reads the log incrementally: the pile card by card (our
  own cards, cards turned up, cards an opponent was known to hold and presumably played), the cards
  known to be in each hand, and per opponent a model (:class:`~idoubtit.bots.search.ledger.StyleModel`)
  of how often its claims are false and how it doubts (a threshold style, fitted to its answers), for
  the quick policies of the rollouts.
* :class:`~idoubtit.bots.search.sampler.Sampler` deals the unseen cards, weighted by the adaptive
  model's belief. The pile's face-down cards are of their claimed rank as often as each claimant's
  record says; then each opponent gets the cards it surely holds, then each card it is believed to hold
  (the face-down cards of undoubted claims it took with a pile) is of its claimed rank with the model's
  trust in that claimant (:meth:`AdaptiveBot.belief <idoubtit.bots.adaptive.AdaptiveBot.belief>`), and
  the rest of the hand is drawn at random from what is left. The open claim is false with the model's
  chance, and a doubt decision is stratified on exactly that: each iteration plays a false and a true
  version of the claim, weighed by that chance.
* :class:`~idoubtit.bots.search.simulator.Simulator` plays a sampled position on, on counts by rank
  (:class:`~idoubtit.bots.search.simulator.State`): suits never matter to the rules, so rollouts need no
  :class:`~idoubtit.engine.Game` and copy in a few steps. In the first window after our play each
  opponent doubts with the model's chance (or surely, if its sampled cards prove the claim false); later
  on, as its fitted style says. A rollout stops after one round and two turns and scores the seats by
  how many turns each needs to go out with a true last play (R10), on a curve fitted to who won games
  in which piles change hands often: one turn from going out is worth far more than three, and a pile
  taken costs what such piles cost
  (:class:`~idoubtit.bots.search.leaf.LeafScore`).
* :func:`~idoubtit.bots.search.loop.search` plays every candidate in the same sampled deals with the
  same dice, and :class:`~idoubtit.bots.search.bot.SearchBot` decides what to search and what not.
  Every number is a field of :class:`~idoubtit.bots.search.params.SearchParams`.
* Plays: the model's plan-based play (the adaptive bot's choice in this seat) is searched against the
  truthful play, the truthful play plus one to three bluff cards (those whose rank comes due last at
  this seat's turns) and "everything but next turn's rank", and must be beaten by a margin: a wide one
  in the middle game, a narrow one once some hand is down to ``endgame_cards`` cards. Measured against
  three adaptive bots, searched doubts did far better than the adaptive bot's threshold (the search
  doubts more often, where a pile taken back costs little or a claimant is close to going out), and
  searched plays in the middle game did better than the plan only with the fitted leaf score.
"""

from idoubtit.bots.search.bot import SearchBot
from idoubtit.bots.search.params import SearchParams

__all__ = ["SearchBot", "SearchParams"]
