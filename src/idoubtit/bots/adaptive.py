"""``adaptive``: the counter bot plus a model of each opponent, learned while the game is played.

What it learns, per opponent (:class:`OpponentModel`), from the events its own view shows:

* **How it lies.** Every claim is evidence. Its count alone: a player who often says "two" when the
  count says it seldom holds two pads its plays with bluff cards. And when the truth comes out: a
  doubt or a final play turns the cards up (R8/R10), and when *we* pick up a pile we see every card in
  it, so each undoubted claim in that pile is checked too (fewer cards of a rank than were claimed as
  that rank means a lie). Doubted claims were picked for looking false, so they count half as much as
  pile checks. The habits live on a small grid (:class:`Habits`: how often it pads a truthful play,
  how often it bluffs more than one card), weighed by every such piece of evidence; the chance that a
  claim is false is then read from the count with that player's own habits, where the counter bot
  uses one fixed guess (:func:`~idoubtit.bots.maths.false_given_claim`). With several keep shares
  (``AdaptiveParams.keep_grid``) the habits also say whether it keeps the ranks coming due, which
  decides how likely it is to hold the rank it claims. Its lie rate, a Beta
  estimate with a prior, is blended in: the prior chance of a lie, weighed against the count.
* **How it doubts.** How often it says "I doubt it" and how often it is right. A player who doubts
  only what it can prove is never wrong; one who doubts whatever the count says is wrong about as
  often as claims are true, and that share of blind doubts is added to the risk of every bluff.
  Beyond that, its threshold: each time it answers one of our claims, we know how false the claim
  could look to it (see :meth:`~idoubtit.bots.counter.CounterBot.doubt_chances`), so the thresholds
  under which its answer was likely gain weight. Against a player who lets doubtful claims pass,
  bluff freely; against one who doubts early, bluff less.
* **How far to trust its claims.** Cards of an undoubted claim that someone picks up are only
  *believed* to be of the claimed rank (see :mod:`idoubtit.bots.tracker`); the trust is one minus its
  lie rate in the piles we checked.

With that sharper reading it doubts at a lower bar than the counter bot (measured: 0.65 against the
counter's 1.0, before the pile and near-out adjustments).

**From one game to the next.** At a table the players keep their seats from game to game (D8 only
moves who starts), so when the same bot plays the next game in the same seat of a table of the same
size, each opponent's model carries over into the new game, its evidence weighed by ``carry`` (the
habit and threshold weights raised to that power, the counts scaled by it, each over its prior): an
evening of games teaches it how each opponent plays, where a single game gives it a few reveals at
most. A bot built for one game (as tournaments build them) starts from the priors every time.

The belief API, for a search bot that wants to sample hands:

``AdaptiveBot.belief(view) -> Belief`` (call it with the bot's own view; it updates the model first).
A :class:`Belief` holds the cards nobody located (``unseen``), the known pile cards and the number
of face-down ones, and per opponent still in an :class:`OpponentBelief`: its hand size, the cards it
surely holds (``known``), the cards it probably holds (``believed``: claimed rank and chance), the
number of cards not known for sure (``unknown``, hand size minus known cards) and its ``lie``,
``doubt`` and ``doubt_right`` rates. ``Belief.sample(rng)`` deals one guess of every opponent's hand
and of the face-down pile cards, consistent with all of that.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass, field
from typing import Final

from idoubtit.bots.base import flag
from idoubtit.bots.calling import BLIND_SHARE, blind_chance, checked_calling_table
from idoubtit.bots.counter import CounterBot, CounterParams, Look
from idoubtit.bots.maths import RANK_SLOTS
from idoubtit.bots.tracker import DEFAULT_TRUST, Tracker
from idoubtit.engine import (
    STANDARD_DECK,
    Card,
    Declined,
    Doubted,
    Event,
    Finished,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    View,
    WindowClosed,
)


@dataclass(frozen=True, slots=True)
class AdaptiveParams(CounterParams):
    """The adaptive bot's knobs: the counter's, plus the priors of its opponent model.

    Its reading of a claim is sharper than the counter's, so it doubts at a lower bar.
    """

    doubt_base: float = 0.65
    doubt_pile: float = 0.005

    #: Beta prior of an opponent's lie rate, as pseudo-counts (lies, truths).
    lie_prior: tuple[float, float] = (2.0, 2.0)
    #: Weight of the lie rate in the chance that a claim is false (the rest: its habits read the count).
    lie_blend: float = 0.1
    #: Prior weights of the padding rates in PAD_GRID and of the multi-card bluff rates in MULTI_GRID.
    pad_prior: tuple[float, ...] = (0.15, 0.15, 0.15, 0.15, 0.15, 0.15, 0.1)
    multi_prior: tuple[float, ...] = (0.3, 0.3, 0.25, 0.15)
    #: How much the cards a player put down since it last announced a rank tell of its holding that rank
    #: (:meth:`~idoubtit.bots.tracker.Tracker.played_since`), as shares of those cards: 1 for a player who
    #: keeps the ranks coming due and bluffs the far ones away (the counting bots), 0 for one whose hand
    #: is as random as the count says (a player who lies only when it must); with their prior weights.
    #: One share (the default, 1): the reading assumes every player keeps; several: it learns which.
    keep_grid: tuple[float, ...] = (1.0,)
    keep_prior: tuple[float, ...] = (1.0,)
    #: Read a claim of one card with the cards the claimant put down since it last announced the rank put
    #: back in the pool it was drawn from (:meth:`~idoubtit.bots.tracker.Tracker.holding_distribution`).
    one_card_back: bool = False
    #: How much a claim turned up by a doubt counts, next to one checked in a pile we picked up
    #: (doubted claims were picked for looking false).
    doubted_weight: float = 0.5
    #: Prior weights of the doubt thresholds in THRESHOLD_GRID (how false a claim must look to a
    #: player before it doubts, with the counter's adjustments for the pile and near-out players).
    threshold_prior: tuple[float, ...] = (0.05, 0.1, 0.1, 0.1, 0.15, 0.25, 0.25)
    #: How much of what earlier games at the table showed of an opponent counts in the next game
    #: (1: all of it; 0: every game starts from the priors).
    carry: float = 0.8
    #: The prior chance that an opponent is a blind doubter, one who doubts about :data:`BLIND_SHARE` of
    #: the claims whatever the count says (:attr:`OpponentModel.blind_doubts`). 0: no such type, only the
    #: share of wrong doubts, learned slowly from a small prior.
    blind_prior: float = 0.0
    #: Read a hand as holding none of a rank its player announced since it last took a pile
    #: (:attr:`Tracker.void_aware <idoubtit.bots.tracker.Tracker.void_aware>`).
    voids: bool = False


#: The model that learns, per opponent, whether it keeps the ranks coming due (0, half or all of the cards
#: it put down count, a third of the prior each): ``search[keeping=true]``'s (docs/bots.md).
LEARNS_KEEPING: Final = AdaptiveParams(keep_grid=(0.0, 0.5, 1.0), keep_prior=(1 / 3, 1 / 3, 1 / 3))


#: The chances, for a player holding one card of the rank due, that it adds bluff cards to it (with
#: two cards, half that; with more, a quarter: the more cards claimed, the likelier a doubt).
PAD_GRID: Final = (0.0, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6)
#: The chances, for a player holding none of the rank due, that it bluffs more than one card.
MULTI_GRID: Final = (0.0, 0.1, 0.25, 0.5)
#: The doubt thresholds a player may have (above 1: it doubts only what it can prove).
THRESHOLD_GRID: Final = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2)
#: A lie of any other shape (it keeps cards it could have played, or bluffs many): rare, never impossible.
ODD_LIE: Final = 0.01


def _padding(held: int, pad: float) -> float:
    return pad if held == 1 else pad / 2.0 if held == 2 else pad / 4.0


class Habits:
    """The posterior over one player's bluffing habits, on the grid PAD_GRID x MULTI_GRID.

    A habit (pad, multi) says how a claim of ``count`` cards comes about from the cards of the rank it
    holds: with none, it bluffs one card, or with chance ``multi`` two (or now and then three); with
    some, it puts them all down, adding one bluff card (rarely two) with a chance that starts at ``pad``.
    Every claim is evidence: how likely its count was under each habit (a player who often says "two"
    when the count says it seldom holds two pads its plays), and when its truth comes out, how likely
    that truth was.
    """

    __slots__ = ("weights",)

    def __init__(
        self, pad_prior: tuple[float, ...], multi_prior: tuple[float, ...], keep_prior: tuple[float, ...] = (1.0,)
    ) -> None:
        # Keep-major: one block of (pad, multi) habits for each keep share (see AdaptiveParams.keep_grid).
        self.weights = [keep * pad * multi for keep in keep_prior for pad in pad_prior for multi in multi_prior]

    @staticmethod
    def likelihoods(
        known: int, pmfs: list[tuple[float, ...]], count: int, cap: int, hold_back: float
    ) -> tuple[list[float], list[float]]:
        """For each habit, P(this count and the claim true), P(this count and the claim false): one
        holding distribution in ``pmfs`` per keep share, each giving a block of (pad, multi) habits."""
        true_parts, false_parts = [], []
        for pmf in pmfs:
            true_block, false_block = Habits._block(known, pmf, count, cap, hold_back)
            true_parts += true_block
            false_parts += false_block
        return true_parts, false_parts

    @staticmethod
    def _block(
        known: int, pmf: tuple[float, ...], count: int, cap: int, hold_back: float
    ) -> tuple[list[float], list[float]]:
        by_held = [0.0] * (count + 2)  # index count + 1: more than claimed
        for extra, chance in enumerate(pmf):
            held = min(known + extra, cap)
            by_held[min(held, count + 1)] += chance
        none, exact, more = by_held[0], by_held[count], by_held[count + 1]
        fewer = sum(by_held[:count])
        true_parts, false_parts = [], []
        for pad in PAD_GRID:
            padded = 0.0
            if count >= 2:
                padded += by_held[count - 1] * _padding(count - 1, pad) * 0.85
            if count >= 3:
                padded += by_held[count - 2] * _padding(count - 2, pad) * 0.15
            truthful = exact * (1.0 - _padding(count, pad)) + more * hold_back
            for multi in MULTI_GRID:
                bluffed = (
                    1.0 - multi if count == 1 else 0.8 * multi if count == 2 else 0.2 * multi if count == 3 else 0.0
                )
                true_parts.append(truthful)
                false_parts.append(none * bluffed + padded + ODD_LIE * fewer)
        return true_parts, false_parts

    def false_chance(self, true_parts: list[float], false_parts: list[float]) -> float:
        """P(false | the count), averaged over the habits by their weights."""
        true = sum(weight * part for weight, part in zip(self.weights, true_parts, strict=True))
        false = sum(weight * part for weight, part in zip(self.weights, false_parts, strict=True))
        return false / (true + false) if true + false > 0.0 else 0.5

    def learn(self, parts: list[float], reference: list[float] | None = None, weight: float = 1.0) -> None:
        """Reweigh the habits by ``parts`` (divided by ``reference``: evidence already counted),
        raised to ``weight`` (evidence trusted only in part)."""
        updated = []
        for index, old in enumerate(self.weights):
            part = parts[index]
            if reference is not None:
                part = part / reference[index] if reference[index] > 0.0 else 1.0
            updated.append(old * max(part, 1e-12) ** weight)
        total = sum(updated)
        if total > 0.0:
            self.weights = [value / total for value in updated]

    def mean_padding(self) -> float:
        """The expected padding chance (for one card held)."""
        columns = len(MULTI_GRID)
        return sum(weight * PAD_GRID[(index // columns) % len(PAD_GRID)] for index, weight in enumerate(self.weights))

    def keep_weights(self) -> list[float]:
        """The posterior weight of each keep share (AdaptiveParams.keep_grid), in the grid's order."""
        block = len(PAD_GRID) * len(MULTI_GRID)
        return [sum(self.weights[start : start + block]) for start in range(0, len(self.weights), block)]


@dataclass(slots=True)
class OpponentModel:
    """What one opponent has shown of itself this game (see the module docstring)."""

    habits: Habits
    lies: float
    truths: float
    #: Undoubted claims checked in piles we picked up: lies and truths (for the trust in its claims).
    pile_lies: float = 0.0
    pile_truths: float = 0.0
    doubts: float = 0.0
    answers: float = 0.0
    right: float = 0.0
    wrong: float = 0.0
    #: Posterior weights of its doubt threshold on THRESHOLD_GRID, and those that matter (cached).
    thresholds: list[float] = field(default_factory=list)
    bar: list[tuple[float, float]] | None = None
    #: The prior chance that it is a blind doubter (AdaptiveParams.blind_prior; 0: no such type).
    blind_prior: float = 0.0

    @classmethod
    def fresh(cls, params: AdaptiveParams) -> OpponentModel:
        return cls(
            habits=Habits(params.pad_prior, params.multi_prior, params.keep_prior),
            lies=params.lie_prior[0],
            truths=params.lie_prior[1],
            thresholds=list(params.threshold_prior),
            blind_prior=params.blind_prior,
        )

    @property
    def lie_rate(self) -> float:
        """The chance that one of its claims is a lie (the mean of the Beta estimate)."""
        return self.lies / (self.lies + self.truths)

    @property
    def doubt_rate(self) -> float:
        """How often it doubts a claim it may answer (with one doubt in ten as the prior)."""
        return (self.doubts + 0.5) / (self.answers + 5.0)

    @property
    def doubt_right(self) -> float:
        """How often its doubts catch a lie (with a prior of one in two)."""
        return (self.right + 1.0) / (self.right + self.wrong + 2.0)

    @property
    def blind_doubts(self) -> float:
        """The share of claims it doubts whatever the count says: a blind doubter is wrong about as
        often as claims are true (about half the time), a counting one hardly ever.

        With a ``blind_prior``, the player is one of two types, a blind doubter (who doubts
        :data:`BLIND_SHARE` of the claims) or a counting one (the share its wrong doubts give), and
        every answer it gave weighs the two (:data:`~idoubtit.bots.calling.BLIND_ANSWERS`): against
        strangers the first plays are priced for the chance that someone at the table doubts anything, and
        two or three answers tell which type each player is.
        """
        counted = min(1.0, (2.0 * self.wrong + 0.1) / (self.answers + 10.0))
        if self.blind_prior <= 0.0:
            return counted
        blind_type = self.blind_type(self.blind_prior)
        return blind_type * max(BLIND_SHARE, counted) + (1.0 - blind_type) * counted

    def blind_type(self, prior: float) -> float:
        """The chance that it is a blind doubter rather than a counting player, from ``prior`` (0 < prior
        < 1) and every answer it gave (:func:`~idoubtit.bots.calling.blind_chance`): a wrong doubt says
        much for the blind type, a claim let pass a little against it."""
        return blind_chance(prior, max(0.0, self.answers - self.doubts), self.right, self.wrong)

    def trust(self, prior_lie: float) -> float:
        """The chance that an undoubted claim of its is true (pile checks, with the lie prior)."""
        return 1.0 - (self.pile_lies + 2.0 * prior_lie) / (self.pile_lies + self.pile_truths + 2.0)

    def carried(self, params: AdaptiveParams) -> OpponentModel:
        """This model as the next game at the table starts from it: its evidence weighed by
        ``params.carry`` over the priors (see the module docstring)."""
        carry = params.carry
        habits = Habits(params.pad_prior, params.multi_prior, params.keep_prior)
        habits.weights = _tempered(self.habits.weights, habits.weights, carry)
        lie, truth = params.lie_prior
        return OpponentModel(
            habits=habits,
            lies=lie + carry * (self.lies - lie),
            truths=truth + carry * (self.truths - truth),
            pile_lies=carry * self.pile_lies,
            pile_truths=carry * self.pile_truths,
            doubts=carry * self.doubts,
            answers=carry * self.answers,
            right=carry * self.right,
            wrong=carry * self.wrong,
            thresholds=_tempered(self.thresholds, list(params.threshold_prior), carry),
            blind_prior=params.blind_prior,
        )


def _tempered(weights: list[float], prior: list[float], power: float) -> list[float]:
    """Posterior weights with the evidence in them raised to ``power``: prior × (posterior / prior)
    ^ power, normalized (1 keeps them, 0 gives back the prior)."""
    prior_total = sum(prior)
    raised = []
    for weight, given in zip(weights, prior, strict=True):
        before = given / prior_total
        raised.append(before * (weight / before) ** power if before > 0.0 and weight > 0.0 else 0.0)
    total = sum(raised)
    return [weight / total for weight in raised] if total > 0.0 else list(weights)


@dataclass(frozen=True, slots=True)
class OpponentBelief:
    """What we believe one opponent holds, and how it plays (see the module docstring)."""

    seat: int
    hand_size: int
    known: tuple[Card, ...]
    believed: tuple[tuple[Rank, float], ...]
    unknown: int
    lie: float
    doubt: float
    doubt_right: float


@dataclass(frozen=True, slots=True)
class Belief:
    """Everything a search needs to deal guesses of the hidden cards (see the module docstring)."""

    seat: int
    opponents: tuple[OpponentBelief, ...]
    unseen: tuple[Card, ...]
    pile_known: tuple[Card, ...]
    pile_hidden: int

    def sample(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
        """One guess of every opponent's hand and of the pile's face-down cards.

        Known cards are dealt as they are; each believed card is of its claimed rank with its chance
        (when an unseen card of that rank is left); every other card is drawn at random from the rest.
        """
        pool = list(self.unseen)
        rng.shuffle(pool)
        by_rank: dict[Rank, list[int]] = {}
        for index, card in enumerate(pool):
            by_rank.setdefault(card.rank, []).append(index)
        taken = [False] * len(pool)
        hands: dict[int, list[Card]] = {}
        open_slots: dict[int, int] = {}
        for opponent in self.opponents:
            hand = list(opponent.known)
            for rank, chance in opponent.believed:
                if len(hand) >= opponent.hand_size or rng.random() >= chance:
                    continue
                indices = by_rank.get(rank, [])
                while indices and taken[indices[-1]]:
                    indices.pop()
                if indices:
                    index = indices.pop()
                    taken[index] = True
                    hand.append(pool[index])
            hands[opponent.seat] = hand
            open_slots[opponent.seat] = opponent.hand_size - len(hand)
        rest = [card for index, card in enumerate(pool) if not taken[index]]
        position = 0
        for seat, slots in open_slots.items():
            hands[seat].extend(rest[position : position + slots])
            position += slots
        pile = rest[position : position + self.pile_hidden]
        return hands, pile


class AdaptiveBot(CounterBot):
    """The counter bot, with its opponents' numbers in place of one guess for all (see the module docstring)."""

    name = "adaptive"

    def __init__(
        self,
        rng: random.Random | None = None,
        params: AdaptiveParams | None = None,
        carry: float | None = None,
        one_card_back: bool | str | None = None,
        voids: bool | str | None = None,
        calling_table: float | None = None,
    ) -> None:
        """``carry`` (when given) replaces ``params.carry``: ``adaptive[carry=0]`` starts every game afresh.
        ``one_card_back`` and ``voids`` (when given) replace the readings of ``params`` of those names, so
        that a spec can try them: ``adaptive[one_card_back=true,voids=true]``. ``calling_table`` is the
        counter's (:class:`~idoubtit.bots.counter.CounterBot`): ``adaptive[calling_table=2]`` never
        switches to ``honest``'s play at a table that doubts anything."""
        self.settings = params or AdaptiveParams()
        if carry is not None:
            if not 0.0 <= float(carry) <= 1.0:
                raise ValueError(f"carry is a share from 0 to 1, not {carry!r}")
            self.settings = dataclasses.replace(self.settings, carry=float(carry))
        if one_card_back is not None:
            self.settings = dataclasses.replace(self.settings, one_card_back=flag(one_card_back))
        if voids is not None:
            self.settings = dataclasses.replace(self.settings, voids=flag(voids))
        if len(self.settings.keep_grid) != len(self.settings.keep_prior):
            raise ValueError("keep_grid and keep_prior must have one entry per keep share")
        if calling_table is not None:
            self.settings = dataclasses.replace(self.settings, calling_table=checked_calling_table(calling_table))
        super().__init__(rng, self.settings)
        self.tracker = Tracker(trust=self._trust, voids=self.settings.voids)
        self.models: dict[int, OpponentModel] = {}
        self._games = -1
        self._seat: int | None = None
        self._active: list[bool] = []
        self._pending: Played | None = None
        #: The habit likelihoods of the claim on the table (true parts, false parts), once weighed.
        self._weighed: tuple[Played, list[float], list[float]] | None = None
        self._declined: set[int] = set()
        self._doubters: tuple[int, ...] = ()
        #: Undoubted claims in the pile: seat, count, rank and their habit likelihoods if weighed.
        self._claims: list[tuple[int, int, Rank, tuple[list[float], list[float]] | None]] = []
        self._seen_in_pile: list[Card] = []
        self._looks_now: dict[int, list[tuple[float, Look]]] = {}
        self.record_looks = True

    # ----------------------------------------------------------------------------------------------
    # Learning

    def observe(self, view: View) -> None:
        super().observe(view)
        if self.tracker.games != self._games:
            self._games = self.tracker.games
            self._start(view)
        for event in self.tracker.fresh:
            self._learn(event)
        play = self._pending
        fresh_claim = self._weighed is None or self._weighed[0] is not play
        if view.claim is not None and play is not None and play.seat != view.seat and fresh_claim:
            self._weigh(view, play)

    def _start(self, view: View) -> None:
        players = view.rules.players
        same_table = self._seat == view.seat and len(self.models) == players and self.settings.carry > 0.0
        self._seat = view.seat
        self._active = [True] * players
        if same_table:  # the next game at the same table: what each opponent showed carries over
            self.models = {seat: model.carried(self.settings) for seat, model in self.models.items()}
        else:
            self.models = {seat: OpponentModel.fresh(self.settings) for seat in range(players)}
        self._pending = None
        self._weighed = None
        self._declined = set()
        self._doubters = ()
        self._claims = []
        self._seen_in_pile = []
        self._looks_now = {}

    def _weigh(self, view: View, play: Played) -> None:
        """Weigh the claim on the table against each habit, and learn from its count."""
        tracker = self.tracker
        hand_before = tracker.sizes[play.seat] + play.count
        played = tracker.played_since(play.seat, play.rank)
        played_back = self.settings.one_card_back and play.count == 1
        pmfs = []
        for share in self.settings.keep_grid:
            known, pmf = tracker.holding_distribution(
                play.seat,
                play.rank,
                hand_before,
                played=round(played * share),
                played_back=played_back,
            )
            pmfs.append(pmf)
        cap = view.rules.max_cards_per_play or hand_before
        true_parts, false_parts = Habits.likelihoods(known, pmfs, play.count, cap, self.settings.hold_back)
        self._weighed = (play, true_parts, false_parts)
        self.models[play.seat].habits.learn([t + f for t, f in zip(true_parts, false_parts, strict=True)])

    def _learn(self, event: Event) -> None:
        if isinstance(event, Played):
            self._pending = event
            self._declined = set()
            self._doubters = ()
            if event.seat == self._seat:
                assert event.cards is not None
                self._seen_in_pile.extend(event.cards)
                self._looks_now = dict(self.chosen_looks)
        elif isinstance(event, Declined):
            self._answered(event.seat, doubted=False)
        elif isinstance(event, Doubted):
            self._learn_doubt(event)
        elif isinstance(event, Revealed):
            self._learn_reveal(event)
        elif isinstance(event, WindowClosed):
            self._close_window()
        elif isinstance(event, Finished):
            self._active[event.seat] = False
        elif isinstance(event, PileTaken):
            if event.seat == self._seat and event.cards is not None:
                self._check_pile(event.cards)
            self._claims = []
            self._seen_in_pile = []
            self._pending = None
        else:  # WrongRank (the cards go back), GameOver
            self._pending = None

    def _likelihoods(self, play: Played) -> tuple[list[float], list[float]] | None:
        weighed = self._weighed
        if weighed is not None and weighed[0] is play:
            return weighed[1], weighed[2]
        return None

    def _close_window(self) -> None:
        play = self._pending
        if play is not None and play.seat != self._seat:
            self._claims.append((play.seat, play.count, play.rank, self._likelihoods(play)))
        self._pending = None

    def _answered(self, seat: int, doubted: bool) -> None:
        if seat in self._declined:
            return
        self._declined.add(seat)
        model = self.models[seat]
        model.answers += 1.0
        model.doubts += doubted
        play = self._pending
        if play is not None and play.seat == self._seat and seat in self._looks_now:
            self._learn_threshold(model, self._looks_now[seat], doubted)

    def _learn_threshold(self, model: OpponentModel, looks: list[tuple[float, Look]], doubted: bool) -> None:
        """It answered one of our claims: reweigh its thresholds by how likely that answer was."""
        updated = []
        for threshold, weight in zip(THRESHOLD_GRID, model.thresholds, strict=True):
            chance = sum(case * self.doubt_at(threshold, *look) for case, look in looks)
            chance = model.blind_doubts + (1.0 - model.blind_doubts) * min(1.0, chance)
            updated.append(weight * max(chance if doubted else 1.0 - chance, 1e-6))
        total = sum(updated)
        model.thresholds = [weight / total for weight in updated]
        model.bar = None

    def _shift(self, their_size: int, our_size: int, pile: int) -> float:
        """How the pile and the hand sizes move a counting player's bar (the counter's adjustments)."""
        return self.threshold_for(their_size, our_size, pile, opponent=True) - self.settings.opponent_base

    def doubt_at(self, threshold: float, seat: int, false: float, their_size: int, our_size: int, pile: int) -> float:
        """:meth:`opponent_doubts` for a counting player whose bar is ``threshold`` (before adjustments)."""
        if false > 0.999:
            return 1.0
        bar = threshold + self._shift(their_size, our_size, pile)
        return 1.0 / (1.0 + math.exp(-(false - bar) / self.settings.opponent_softness))

    def _learn_doubt(self, event: Doubted) -> None:
        self._doubters = event.seats
        for seat in event.seats:
            self._answered(seat, doubted=True)
        # Everyone else still answering in that round let it pass (D3: one decision round).
        claimant = self._pending.seat if self._pending is not None else -1
        for seat, active in enumerate(self._active):
            if active and seat != claimant and seat not in event.seats:
                self._answered(seat, doubted=False)

    def _learn_reveal(self, event: Revealed) -> None:
        self._seen_in_pile.extend(event.cards)
        play = self._pending
        self._pending = None
        # A final play (R10) is all the hand, forced: it says nothing about choices.
        if event.reason is not RevealReason.DOUBT:
            return
        for seat in self._doubters:
            if event.truthful:
                self.models[seat].wrong += 1.0
            else:
                self.models[seat].right += 1.0
        if event.seat != self._seat:
            weight = self.settings.doubted_weight
            self._record(event.seat, event.truthful, weight, None if play is None else self._likelihoods(play))

    def _record(self, seat: int, truthful: bool, weight: float, parts: tuple[list[float], list[float]] | None) -> None:
        """A claim of ``seat`` turned out ``truthful`` (or not): the lie rate and the habits learn."""
        model = self.models[seat]
        if truthful:
            model.truths += weight
        else:
            model.lies += weight
        if parts is not None:
            true_parts, false_parts = parts
            total = [t + f for t, f in zip(true_parts, false_parts, strict=True)]
            model.habits.learn(true_parts if truthful else false_parts, total, weight)

    def _check_pile(self, taken: tuple[Card, ...]) -> None:
        """We see the pile we took: every undoubted claim in it is checked against its cards."""
        counts = [0] * RANK_SLOTS
        for card in taken:
            counts[card.rank] += 1
        for card in self._seen_in_pile:
            counts[card.rank] -= 1
        claimed: dict[Rank, int] = {}
        for _, count, rank, _ in self._claims:
            claimed[rank] = claimed.get(rank, 0) + count
        for seat, count, rank, parts in self._claims:
            # Cards of the rank found, shared among the claims of that rank by their size.
            found = max(0, counts[rank]) * count / claimed[rank]
            truthful = round(found) >= count
            self._record(seat, truthful, 1.0, parts)
            model = self.models[seat]
            if truthful:
                model.pile_truths += 1.0
            else:
                model.pile_lies += 1.0

    def _trust(self, seat: int) -> float:
        model = self.models.get(seat)
        if model is None or self._games != self.tracker.games:
            return DEFAULT_TRUST  # a new game's first events, read before the model restarts
        prior = self.settings.lie_prior
        return model.trust(prior[0] / (prior[0] + prior[1]))

    # ----------------------------------------------------------------------------------------------
    # Using it

    def _tally_answers(self, view: View) -> None:
        """Nothing: each opponent's model counts its answers (:meth:`_answered`), carried from game to game."""

    def blind_chances(self, view: View) -> dict[int, float]:
        """As the counter's, but from each opponent's model, which carries what earlier games at the table
        showed of it (:meth:`OpponentModel.blind_type`)."""
        prior = self.settings.blind_type_prior
        return {
            seat: model.blind_type(prior)
            for seat, model in self.models.items()
            if seat != view.seat and view.hand_sizes[seat] > 0
        }

    def false_probability(self, view: View) -> float:
        """How likely the claim on the table is false: the claimant's habits read the count (weighed
        in :meth:`observe`), with its lie rate blended in; what the count proves stays proven."""
        claim = view.claim
        assert claim is not None
        if self.tracker.claim_probability(view) <= 0.0:
            return 1.0
        play = self._pending
        parts = None if play is None else self._likelihoods(play)
        if parts is None:
            return super().false_probability(view)
        model = self.models[claim.seat]
        counted = model.habits.false_chance(*parts)
        if counted <= 0.0:
            return 0.0  # proven true: it is known to hold the cards
        blend = self.settings.lie_blend
        return (1.0 - blend) * counted + blend * model.lie_rate

    def opponent_doubts(self, seat: int, false: float, their_size: int, our_size: int, pile: int) -> float:
        """The counter's model of a doubter, fitted to this opponent.

        Two things are learned. Its doubt threshold: each time it answers one of our claims, the
        thresholds under which that answer was likely gain weight (a player who lets claims that look
        quite false to it pass has a high bar, or doubts only what it can prove). And its share of
        blind doubts: a player who doubts only what it can prove is never wrong, one who doubts
        whatever the count says is wrong about as often as claims are true.
        """
        model = self.models.get(seat)
        if model is None or false > 0.999:
            return super().opponent_doubts(seat, false, their_size, our_size, pile)
        if model.bar is None:
            model.bar = [(t, w) for t, w in zip(THRESHOLD_GRID, model.thresholds, strict=True) if w > 1e-3]
        shift = self._shift(their_size, our_size, pile)
        softness = self.settings.opponent_softness
        chance = 0.0
        for threshold, weight in model.bar:
            chance += weight / (1.0 + math.exp(-(false - threshold - shift) / softness))
        return model.blind_doubts + (1.0 - model.blind_doubts) * chance

    def belief(self, view: View) -> Belief:
        """What we believe of every hidden card, for sampling (see the module docstring)."""
        self.observe(view)
        assert view.seat is not None
        tracker = self.tracker
        decks = view.rules.deck_count
        left = dict.fromkeys(STANDARD_DECK, decks)
        for card in view.hand:
            left[card] -= 1
        for card, count in tracker.pile.items():
            left[card] -= count
        opponents = []
        for seat in range(view.rules.players):
            if seat == view.seat or not tracker.active[seat]:
                continue
            known: list[Card] = []
            for card, count in tracker.known[seat].items():
                left[card] -= count
                known.extend([card] * count)
            believed = tuple((rank, trust) for rank in Rank for trust in tracker.believed[seat][rank])
            model = self.models[seat]
            opponents.append(
                OpponentBelief(
                    seat=seat,
                    hand_size=view.hand_sizes[seat],
                    known=tuple(known),
                    believed=believed,
                    unknown=max(0, view.hand_sizes[seat] - len(known)),
                    lie=model.lie_rate,
                    doubt=model.doubt_rate,
                    doubt_right=model.doubt_right,
                )
            )
        unseen = tuple(card for card, count in left.items() for _ in range(max(0, count)))
        pile_known = tuple(card for card, count in tracker.pile.items() for _ in range(count))
        return Belief(
            seat=view.seat,
            opponents=tuple(opponents),
            unseen=unseen,
            pile_known=pile_known,
            pile_hidden=max(0, view.pile_size - len(pile_known)),
        )
