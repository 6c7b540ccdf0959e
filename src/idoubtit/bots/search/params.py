"""The search bot's numbers, named: its model of how others play, its rollouts' policies, its leaf score
and its margins (the :class:`~idoubtit.bots.counter.CounterParams` of the search bot)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from idoubtit.bots.calling import BLIND_TYPE_PRIOR, CALLING_TABLE

#: The doubting style of a player who doubts only what it can prove: far above any chance.
PROOF_ONLY: Final = 2.0
#: The leaf scores measured, by name (``search[leaf=halved]``): the numbers each sets. ``halved`` is the
#: score before the refit (the fit to games of adaptive bots, halved), which forecast a seat that had
#: just taken a pile to win twice as often as such seats did; ``refit`` is fitted to games in which piles
#: change hands often; ``flat`` is fitted to the same games with no price on the cards held beyond the
#: finishing cost (``refit``'s small bonus per card made taking a small pile of true cards score as a gain,
#: so the search doubted true claims over small piles for nothing); ``stuck`` is fitted with a hand that
#: has no true last play in sight costing six turns and half a turn a card (docs/bots.md, "The leaf and
#: who takes the pile", "A card more is no gain").
LEAVES: Final[dict[str, dict[str, float]]] = {
    "halved": {"leaf_power": 1.65, "leaf_card": 0.036, "leaf_order": 0.048, "stuck_cost": 4.0, "stuck_card_cost": 2.0},
    "refit": {"leaf_power": 2.77, "leaf_card": 0.019, "leaf_order": 0.084, "stuck_cost": 4.0, "stuck_card_cost": 2.0},
    "flat": {"leaf_power": 2.617, "leaf_card": 0.0, "leaf_order": 0.0853, "stuck_cost": 4.0, "stuck_card_cost": 2.0},
    "stuck": {"leaf_power": 3.648, "leaf_card": 0.054, "leaf_order": 0.086, "stuck_cost": 6.0, "stuck_card_cost": 0.5},
    "six": {"leaf_power": 3.613, "leaf_card": -0.0395, "leaf_order": 0.0925, "stuck_cost": 4.0, "stuck_card_cost": 2.0},
}
#: The numbers a leaf is made of (each entry of :data:`LEAVES` sets them all).
LEAF_NUMBERS: Final = frozenset({"leaf_power", "leaf_card", "leaf_order", "stuck_cost", "stuck_card_cost"})
#: The default leaf: one copy of its numbers, in :data:`LEAVES`.
_DEFAULT_LEAF: Final = LEAVES["flat"]
#: What a table of (seats, decks) changes in the defaults, where it was fitted and measured there; a
#: leaf named in a spec (``leaf=``), a number given there, or a whole :class:`SearchParams` handed to the
#: bot wins. Six seats, two decks (R1): the ``six`` leaf, fitted to who won 500 such games
#: (``scripts/fit_leaf.py --players 6``), where the four-seat leaf forecast a seat that had just taken a
#: pile to win half as often again as such seats did; and no pile grabs (``grabs``): told the truth of
#: every claim, the search with the four-seat leaf still doubted claims it knew were true, for their
#: cards, and won no more than doubting only what its count proves (docs/bots.md, "A leaf for six seats,
#: and no pile grabs there").
TABLE_DEFAULTS: Final[dict[tuple[int, int], dict[str, float | bool]]] = {
    (6, 2): {**LEAVES["six"], "grabs": False},
}


@dataclass(frozen=True, slots=True)
class SearchParams:
    """The search bot's knobs. The defaults are the measured ones (README, docs/bots.md)."""

    # How others play -------------------------------------------------------------------------------

    #: How often a card on the pile is of the rank claimed for it, for weighing where unseen cards are.
    pile_truth: float = 0.8
    #: Deal and read every hand as holding none of a rank its player announced since it last took a pile
    #: (players put down every card of the due rank they hold; ``search[voids=true]``, measured, off).
    voids: bool = False
    #: With ``voids``, the chance that a sampled hand passes over a drawn card of such a rank for another
    #: (below 1: a player may have kept one back).
    void_strength: float = 0.95
    #: How players are assumed to play when nothing is known of them: holding cards of the due rank, they
    #: add b false ones with chance padding[b]; holding none, they put down b false cards with chance
    #: bluffing[b]; holding more than they claim (they kept some back) has chance hold_back.
    padding: tuple[float, ...] = (0.93, 0.06, 0.01)
    bluffing: tuple[float, ...] = (0.0, 0.9, 0.08, 0.02)
    hold_back: float = 0.05
    #: How often a claim of 0, 1, 2, 3, 4 or more cards is false, before the piles show it: for a player
    #: who tells the truth whenever it can, and for one who bluffs by plan (it pads true plays with false
    #: cards where a claim looks plausible, so counting alone reads it badly). Turned-up plays padded with
    #: false cards say which of the two a player is like (``StyleModel.lie_rate``): a padding rate of
    #: ``padding_scale`` or more is a planner; ``lie_prior_weight`` is the prior's weight in plays.
    honest_lies: tuple[float, ...] = (0.0, 0.45, 0.02, 0.01, 0.01)
    planned_lies: tuple[float, ...] = (0.0, 0.45, 0.5, 0.12, 0.03)
    padding_scale: float = 0.05
    lie_prior_weight: float = 3.0
    #: The prior of a player's padding rate, as pseudo-counts: padded plays among revealed plays.
    padded_prior: float = 0.2
    revealed_prior: float = 5.0
    #: The most a padding rate counts in the count of a play's true cards.
    max_padding: float = 0.9
    #: The chance that one opponent catches a false claim of ours by knowledge the model does not follow.
    unseen_proof: float = 0.05
    #: The most a claim can look false by the count alone, short of proof. Above ``count_trusted`` the
    #: count starts to outweigh the claimant's record, and wholly so ``count_span`` above it.
    max_counted_lie: float = 0.9
    count_trusted: float = 0.95
    count_span: float = 0.05
    #: How many of a play's cards are true when nothing is known of who put them down: all numbers alike.
    unknown_play_weight: float = 0.5
    #: Above this, the adaptive model's chance that a claim is false counts as proof.
    sure_lie: float = 0.999

    # How others doubt ------------------------------------------------------------------------------

    #: Doubting styles: the base of the bar a player's count must pass before it doubts. The last one,
    #: :data:`PROOF_ONLY`, is the honest style: it doubts only what it can prove.
    styles: tuple[float, ...] = (0.35, 0.45, 0.55, 0.65, 0.75, 0.85, PROOF_ONLY)
    #: The bar rises by ``doubt_pile`` per pile card, up to ``doubt_pile_cap``; it is ``near_out[n]``
    #: lower when the claimant is left with n cards, ``own_near_out[n]`` higher when the doubter is (the
    #: counting bots' defaults; a style's base absorbs the rest).
    doubt_pile: float = 0.012
    doubt_pile_cap: float = 0.2
    near_out: tuple[float, ...] = (0.0, 0.3, 0.2, 0.1)
    own_near_out: tuple[float, ...] = (0.0, 0.15, 0.1, 0.05)
    #: How sharply a style's answer turns at its bar, and how far from sure any answer is: a provable lie
    #: is doubted with ``proof_answer``, a guess with a chance between ``least_answer`` and ``most_answer``;
    #: no answer is scored as less likely than ``least_likelihood``.
    style_softness: float = 0.06
    proof_answer: float = 0.97
    least_answer: float = 0.03
    most_answer: float = 0.97
    least_likelihood: float = 1e-6
    #: Outcomes of an answer weighing less than this are left out when styles are scored.
    least_outcome: float = 1e-3

    # The rollouts ----------------------------------------------------------------------------------

    #: How far a rollout goes, in turns (None: one round and two turns).
    depth: int | None = None
    #: The doubting style this seat assumes for itself in rollouts: only what it can prove (measured
    #: against three adaptive bots: 42 % of games won, against 37 % with 0.65 and 33 % with 0.45).
    own_style: float = PROOF_ONLY
    #: How often this seat adds a bluff card to a true play in its rollouts.
    own_padding: float = 0.25

    # The leaf score --------------------------------------------------------------------------------

    #: What a plan to go out costs, in turns: per card that must be bluffed, per bluff stacked onto a
    #: play, and for a hand with no true last play in sight (the counting bots' plan, in short).
    bluff_cost: float = 2.0
    stack_cost: float = 2.0
    stuck_cost: float = _DEFAULT_LEAF["stuck_cost"]
    #: What each card of a hand with no true last play in sight adds to ``stuck_cost``.
    stuck_card_cost: float = _DEFAULT_LEAF["stuck_card_cost"]
    #: A seat's chance to finish first goes as (1 + its finish cost) ** -leaf_power, times
    #: exp(leaf_card) per card it holds (held at 0: a free fit makes it a little positive, a bonus for
    #: picking up cards that cost no turns, which the search then bought with doubts of true claims) and
    #: exp(-leaf_order) per seat still in that plays before it. Fitted to who won 750
    #: games in which piles change hands often (the search bot against rocks, cautious counters and
    #: adaptive bots, and four other fields): its forecast for a seat that has just taken a pile is the
    #: rate such seats won. The earlier fit, halved (:data:`LEAVES`, ``halved``), forecast twice that
    #: rate, so a doubt's two outcomes looked nearly alike (docs/bots.md). ``temperature`` divides the
    #: score (above 1: softer).
    leaf_power: float = _DEFAULT_LEAF["leaf_power"]
    leaf_card: float = _DEFAULT_LEAF["leaf_card"]
    leaf_order: float = _DEFAULT_LEAF["leaf_order"]
    temperature: float = 1.0

    # Choosing --------------------------------------------------------------------------------------

    #: A doubt must beat declining by ``doubt_margin``; a searched play must beat the model's plan by
    #: ``play_margin`` when someone holds ``endgame_cards`` or fewer, by ``midgame_margin`` otherwise
    #: (1.0 or more: the plan stands, unsearched).
    doubt_margin: float = 0.0
    #: ... and by this many standard errors of its gain over declining, measured deal by deal on the same
    #: sampled deals (0: the plain averages decide; docs/bots.md, "A doubt by its standard error").
    doubt_z: float = 0.0
    #: Whether a doubt may be worth making for the pile of a true claim (its cards filling ranks the hand
    #: lacks): off, the doubt of a claim in its true version scores no better than declining it.
    grabs: bool = True
    play_margin: float = 0.02
    midgame_margin: float = 0.05
    endgame_cards: int = 4
    #: At a table that doubts anything: when the chance that some opponent doubts a claim whatever the
    #: count reaches ``calling_table`` (each opponent a blind doubter with the chance its answers give
    #: from the prior ``blind_type_prior``, who then doubts half of all claims), the bot plays as
    #: ``honest`` does, since there a bluff is mostly caught and a false claim is called without it.
    #: 0.7 takes two players seen to doubt anything (one gives 0.5); above 1: never
    #: (``search[calling_table=2]``; docs/bots.md, "A table that doubts anything").
    calling_table: float = CALLING_TABLE
    blind_type_prior: float = BLIND_TYPE_PRIOR
