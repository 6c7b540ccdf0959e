"""The search bot itself: what it answers at once, which actions it compares, and how it asks the
adaptive bot's model for advice (see the package docstring)."""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from idoubtit.bots.adaptive import LEARNS_KEEPING, AdaptiveBot, AdaptiveParams, Habits
from idoubtit.bots.base import flag
from idoubtit.bots.honest import HonestBot
from idoubtit.bots.knowledge import own_cards_in_pile
from idoubtit.bots.maths import advance, own_turn_distances
from idoubtit.bots.search.ledger import Ledger
from idoubtit.bots.search.loop import Budget, SearchResult, search
from idoubtit.bots.search.params import LEAF_NUMBERS, LEAVES, TABLE_DEFAULTS, SearchParams
from idoubtit.bots.search.sampler import Believed, Sampler, believed_cards
from idoubtit.bots.search.simulator import Simulator
from idoubtit.engine import STANDARD_DECK, Action, Card, Decline, Doubt, Play, Rank, Rules, View
from idoubtit.engine.cards import sort_key
from idoubtit.engine.rules import RANK_COPIES_PER_DECK


class SearchBot:
    """Determinized Monte-Carlo search (see the package docstring).

    ``budget`` is the thinking time per decision in seconds; ``iterations`` (sampled deals per decision)
    replaces the clock when given, which with a seeded ``rng`` makes every decision reproducible.
    ``params`` holds every other number (:class:`~idoubtit.bots.search.params.SearchParams`); the
    options below, when given, replace the ones of ``params`` (so that a bot spec can set them):
    ``depth`` caps a rollout in turns (default: one round and two turns) and ``temperature`` divides
    the leaf score (above 1: softer); ``leaf`` names one of the measured leaf scores
    (:data:`~idoubtit.bots.search.params.LEAVES`: ``halved`` is the one before its refit, ``refit`` the
    one before the card held lost its price); ``leaf_card`` replaces its price of a card held (below 0:
    every card a seat holds, a pile taken above all, lowers its chance; docs/bots.md, "A pile priced per
    card"); ``own_style``
    is the doubting style the rollouts give this seat.
    A doubt must beat declining by ``doubt_margin``, and by ``doubt_z`` standard errors of its gain
    measured deal by deal; a searched play must beat the model's plan by
    ``play_margin`` when someone holds ``endgame_cards`` or fewer, by ``midgame_margin`` otherwise (1.0
    or more: the plan stands, unsearched). ``advisor=False`` searches every play; ``belief=False`` deals
    the hands of the samples without the adaptive model's belief (only known cards, the rest at random).
    ``rollouts`` counts the simulated continuations so far, so tests can see when no search was needed.
    ``advised_doubts=True`` makes the model's own answer to a claim (the adaptive bot's) the one to
    beat, by the same margins as its plan for plays. ``gated_doubts=True`` gates that by what the model
    knows of the claimant (:meth:`claimant_doubt`): the margin shrinks as the claimant's revealed claims
    outweigh the prior of its lie rate, so the search decides where the model has evidence of this
    player and the model's answer stands where it has little. ``carry`` is its model's
    (:class:`~idoubtit.bots.adaptive.AdaptiveBot`): how much of what earlier games at the table showed
    of each opponent counts in the next one. ``keeping=True`` lets its model learn, per opponent,
    whether that player keeps the ranks coming due (as the counting bots do) or holds what the count
    says (as players who lie only when they must do), where by default it assumes every player keeps.
    ``blind=True`` lets the rollouts' opponents doubt any claim with their share of blind doubts as its
    model has learned it (:attr:`~idoubtit.bots.adaptive.OpponentModel.blind_doubts`): a player who
    doubts half of all claims, whatever the count, then catches in the rollouts what it catches at the
    table, where otherwise it doubts only what its count finds false. ``blind_prior`` is its model's prior
    chance that an opponent is a blind doubter (:attr:`~idoubtit.bots.adaptive.AdaptiveParams.blind_prior`).
    ``padding_gate`` (on by default) answers the claims of a player whose claims have looked less padded
    than a stranger's (:meth:`claimant_pads_little`) as ``advised_doubts`` does, and searches the
    others'; ``padding_gate=False`` searches every claim. ``one_card_back`` (on by default) has its model
    read a claim of one card with the cards the claimant put down since it last announced the rank back
    in the pool its hand was drawn from (:attr:`~idoubtit.bots.adaptive.AdaptiveParams.one_card_back`);
    ``one_card_back=False`` reads it as the adaptive bot does. ``voids=True`` (off by default; docs/bots.md,
    "Hands void of the ranks just announced") deals and reads every hand as holding none of a rank its
    player announced since it last took a pile: players put down every card of the due rank they hold.
    ``calling_table`` (0.7 by default; above 1: never) is how likely some opponent must be to doubt any
    claim, whatever the count, before the bot plays as ``honest`` does, at tables of up to six
    (:meth:`table_calls_blindly`; :mod:`idoubtit.bots.calling`; docs/bots.md, "A table that doubts anything").
    ``grabs=False`` never counts the pile of a true claim a gain: in the claim's true version a doubt scores
    no better than declining. At a table with defaults of its own
    (:data:`~idoubtit.bots.search.params.TABLE_DEFAULTS`: six seats, two decks) those replace every number
    not set by name (:meth:`params_for`).
    """

    name = "search"

    def __init__(
        self,
        rng: random.Random | None = None,
        budget: float = 0.1,
        iterations: int | None = None,
        depth: int | None = None,
        temperature: float | None = None,
        leaf_card: float | None = None,
        own_style: float | None = None,
        doubt_margin: float | None = None,
        doubt_z: float | None = None,
        play_margin: float | None = None,
        midgame_margin: float | None = None,
        endgame_cards: int | None = None,
        advisor: bool | str = True,
        belief: bool | str = True,
        params: SearchParams | None = None,
        carry: float | None = None,
        advised_doubts: bool | str = False,
        gated_doubts: bool | str = False,
        leaf: str | None = None,
        keeping: bool | str = False,
        blind: bool | str = False,
        blind_prior: float | None = None,
        padding_gate: bool | str = True,
        one_card_back: bool | str = True,
        voids: bool | str = False,
        calling_table: float | None = None,
        grabs: bool | str | None = None,
    ) -> None:
        self.rng = rng or random.Random()
        self.budget = budget
        self.iterations = iterations
        options: dict[str, Any] = {
            "depth": depth,
            "temperature": temperature,
            "leaf_card": leaf_card,
            "own_style": own_style,
            "doubt_margin": doubt_margin,
            "doubt_z": doubt_z,
            "play_margin": play_margin,
            "midgame_margin": midgame_margin,
            "endgame_cards": endgame_cards,
            "calling_table": calling_table,
        }
        given = {name: value for name, value in options.items() if value is not None}
        if leaf is not None:
            if leaf not in LEAVES:
                raise ValueError(f"no leaf score {leaf!r}; the measured ones are {', '.join(LEAVES)}")
            given = {**LEAVES[leaf], **given}
        self.params = dataclasses.replace(params or SearchParams(), **given)
        if flag(voids):
            self.params = dataclasses.replace(self.params, voids=True)
        if grabs is not None:
            self.params = dataclasses.replace(self.params, grabs=flag(grabs))
        #: The numbers as given, before a table's own defaults (:data:`TABLE_DEFAULTS`) are laid over them,
        #: and the names the caller set itself, which those defaults leave alone.
        self.given_params = self.params
        named = set(given) | ({"voids"} if flag(voids) else set()) | ({"grabs"} if grabs is not None else set())
        if named & LEAF_NUMBERS:
            named |= LEAF_NUMBERS  # a leaf is taken whole: one number given keeps the four-seat leaf's others
        self._named = frozenset(named)
        #: Whole params handed over are played as given, at every table.
        self._table_defaults = params is None
        self.advisor = flag(advisor)
        self.advised_doubts = flag(advised_doubts)
        self.gated_doubts = flag(gated_doubts)
        self.padding_gate = flag(padding_gate)
        self.belief = flag(belief)
        self.rollouts = 0
        #: The last search: sampled deals, and each candidate's average value (for tests and tuning).
        self.last_search: tuple[int, list[float]] = (0, [])
        #: For the last search of a doubt window: each candidate's average if the claim was false, and if
        #: it was true (:attr:`~idoubtit.bots.search.loop.SearchResult.versions`); None after other searches.
        self.last_versions: tuple[list[float], list[float]] | None = None
        self._ledger: Ledger | None = None
        #: What reads the open claim, when not the model (:meth:`claim_reading`): None, the model.
        self.reader: Callable[[View], float] | None = None
        #: What deals the hidden cards of a search, when not the model's belief: given the view, the ledger
        #: and the claim's lie chance, a sampler, or None for the bot's own (so a measurement can deal it
        #: the true hands and see what knowing them would be worth).
        self.dealer: Callable[[View, Ledger, float | None], Sampler | None] | None = None
        #: The adaptive bot's reading of the table, fed this seat's views: how likely a claim is false.
        self.keeping = flag(keeping)
        self.blind = flag(blind)
        model_params = LEARNS_KEEPING if self.keeping else AdaptiveParams()
        if blind_prior is not None:
            if not 0.0 <= blind_prior < 1.0:
                raise ValueError(f"blind_prior is a chance from 0 up to (not including) 1, not {blind_prior!r}")
            model_params = dataclasses.replace(model_params, blind_prior=float(blind_prior))
        model_params = dataclasses.replace(
            model_params,
            one_card_back=flag(one_card_back),
            voids=self.params.voids,
            blind_type_prior=self.params.blind_type_prior,
        )
        self.model = AdaptiveBot(rng=random.Random(self.rng.random()), params=model_params, carry=carry)
        #: The padding a stranger is expected to have (the prior's mean), the line of ``padding_gate``.
        settings = self.model.settings
        self.stranger_padding = Habits(settings.pad_prior, settings.multi_prior, settings.keep_prior).mean_padding()

    def start(self, seat: int, rules: Rules) -> None:
        """A new game begins, this bot at ``seat``: forget the last one (see :class:`~idoubtit.bots.base.Bot`)."""
        self._ledger = None
        self.model.start(seat, rules)

    # ----------------------------------------------------------------------------------------------
    # Deciding

    def act(self, view: View) -> Action:
        assert view.seat is not None, "a bot plays a seat"
        start = time.perf_counter()
        ledger = self.follow(view)
        if self.table_calls_blindly(view) >= self.params.calling_table:
            return self._played(self._honest(view))
        if view.must_play:
            return self._play(view, ledger, start)
        settled = self.settled_answer(view)
        if settled is not None:
            return settled
        lie = self.claim_reading(view)
        if lie > self.params.sure_lie:
            return Doubt((view.seat,))  # the count proves it false
        if lie <= 0.0:
            return Decline(view.seat)  # the claimant is known to hold the cards
        advised = self.advised_doubts or self.gated_doubts or (self.padding_gate and self.claimant_pads_little(view))
        if not advised:
            return self._search(view, ledger, [Decline(view.seat), Doubt((view.seat,))], start, lie=lie)
        # The model's own answer stands unless the search finds the other one better by a clear margin,
        # as its plan does for plays: the samples read the claim with the same model, so a close call
        # between doubting and not is mostly the model's error.
        margin = self.params.play_margin if self.endgame(view) else self.params.midgame_margin
        if self.gated_doubts:
            margin *= 1.0 - self.claimant_known(view)
        answers: list[Action] = [Decline(view.seat), Doubt((view.seat,))]
        candidates = answers[::-1] if self.model.should_doubt(view) else answers
        return self._search(view, ledger, candidates, start, margin, lie=lie)

    def follow(self, view: View) -> Ledger:
        """Read the game up to ``view`` (the ledger and the model), as every decision does first; a
        caller that answers for this seat by other means calls it so that the bot keeps up."""
        ledger = self._track(view)
        self.model.observe(view)
        return ledger

    def table_calls_blindly(self, view: View) -> float:
        """The chance that some opponent still in doubts a claim whatever the count, as its model reads
        the table (:meth:`~idoubtit.bots.counter.CounterBot.table_calls_blindly`, from each opponent's
        :meth:`~idoubtit.bots.adaptive.OpponentModel.blind_type`)."""
        return self.model.table_calls_blindly(view)

    def _honest(self, view: View) -> Action:
        """What ``honest`` does: every card of the due rank (with none, the one card due last at its turns),
        and a doubt only of what this seat can prove false. At a table that doubts anything this is the
        best answer there is (docs/bots.md, "A table that doubts anything")."""
        assert view.seat is not None
        if view.must_play:
            return HonestBot.play(view)
        settled = self.settled_answer(view)
        return settled if settled is not None else Decline(view.seat)

    def claim_reading(self, view: View) -> float:
        """How likely the open claim is false, as the search weighs its two versions: the adaptive
        model's reading, or :attr:`reader`'s when one is set (so a measurement can hand the search
        another reading, even the truth, and see what better reading would be worth)."""
        if self.reader is not None:
            return self.reader(view)
        return self.model.false_probability(view)

    def claimant_pads_little(self, view: View) -> bool:
        """Whether the open claim's claimant has looked, claim by claim, like a player who pads its plays
        less than a stranger is expected to: its habits' mean padding below the prior's (the counts of its
        claims are evidence even when none is turned up; docs/bots.md, "Answers by who pads")."""
        claim = view.claim
        assert claim is not None
        model = self.model.models.get(claim.seat)
        if model is None:
            return False
        return model.habits.mean_padding() < self.stranger_padding

    def claimant_known(self, view: View) -> float:
        """How far the model's reading of the open claim rests on what it saw of this claimant, from 0
        (only its priors) towards 1: the claimant's claims whose truth this seat saw (turned up by a
        doubt, or checked in a pile it took), against the weight of the lie rate's prior.

        A first-game reading of a player barely seen is the prior's (which expects more bluffing than
        truthful players do: docs/bots.md, "Reading claims"), and a search that weighs a false and a
        true version of the claim by it doubts truthful players far too often; the model's own answer,
        with its bar, is the safer one until the claimant has shown itself.
        """
        claim = view.claim
        assert claim is not None
        model = self.model.models.get(claim.seat)
        if model is None:
            return 0.0
        prior = sum(self.model.settings.lie_prior)
        seen = max(0.0, model.lies + model.truths - prior)
        return seen / (seen + prior)

    def option_values(self, view: View, extra: Sequence[Action] = ()) -> tuple[list[Action], list[float], int]:
        """Every option this bot would weigh in ``view`` (plus ``extra``), each with its estimated chance
        to finish first from this seat's view alone, and the index of the one it would choose: what a
        review or a coach reads.

        The bot follows the game as when it plays (call it at every decision of its seat, in order, and
        :meth:`chose` with what was done). The options are searched in the same sampled deals; the choice
        keeps the bot's own margins (its plan stands unless beaten by one; a doubt must win by
        ``doubt_margin``), while the chances are the plain averages.
        """
        assert view.seat is not None, "options are a seat's"
        start = time.perf_counter()
        ledger = self.follow(view)
        lie: float | None = None
        margin = self.params.play_margin if self.endgame(view) else self.params.midgame_margin
        if view.must_play:
            candidates: list[Action] = list(self.play_candidates(view))
            advice = self._advice(view)
            if advice is not None:
                candidates.insert(0, advice)
            else:
                margin = 0.0
        else:
            candidates = [Decline(view.seat), Doubt((view.seat,))]
            settled = self.settled_answer(view)
            lie = self.claim_reading(view)
            if settled is not None:
                lie = 1.0 if isinstance(settled, Doubt) else 0.0
            margin = 0.0
        # At a table that doubts anything the choice is honest's, whatever the averages say (see :meth:`act`).
        honest = self._honest(view) if self.table_calls_blindly(view) >= self.params.calling_table else None
        options: list[Action] = []
        for action in [*candidates, *extra, *([honest] if honest is not None else [])]:
            if not any(_same_option(action, known) for known in options):
                options.append(action)
        # The doubt goes last, where the search loop applies the doubt margin to it.
        options.sort(key=lambda action: isinstance(action, Doubt))
        result = self._searched(view, ledger, options, start, margin, lie)
        wins = list(result.averages)
        if result.deals:  # undo the margins the loop added, so each chance is a plain average
            wins[0] -= margin
            wins[-1] += result.doubt_handicap
        chosen = result.action if honest is None else next(a for a in options if _same_option(a, honest))
        return options, wins, options.index(chosen)

    def seen_of(self, view: View, rank: Rank) -> int:
        """How many cards of ``rank`` this seat knows are not in anyone else's hand: its own, its own
        cards in the pile, and cards turned up but left on the pile."""
        return sum(card.rank is rank for card in self._seen(view))

    def chose(self, action: Action) -> None:
        """Tell the bot what its seat did (after :meth:`option_values`), as if it had chosen it."""
        self._played(action)

    def _play(self, view: View, ledger: Ledger, start: float) -> Action:
        """The play: the only sensible one, or the best of the candidates, searched against the plan."""
        candidates: list[Action] = list(self.play_candidates(view))
        if len(candidates) == 1:
            return candidates[0]
        advice = self._advice(view)
        if advice is None:
            return self._played(self._search(view, ledger, candidates, start))
        margin = self.params.play_margin if self.endgame(view) else self.params.midgame_margin
        key = sorted(map(sort_key, advice.cards))
        others = [play for play in candidates if isinstance(play, Play) and sorted(map(sort_key, play.cards)) != key]
        candidates = [advice, *others]
        if margin >= 1.0 or len(candidates) == 1:
            return self._played(advice)  # no average can beat it by a whole win, or nothing to compare
        return self._played(self._search(view, ledger, candidates, start, margin))

    def _sampler(self, view: View, ledger: Ledger, lie: float | None) -> Sampler:
        """What deals the hidden cards of a search: :attr:`dealer`'s sampler when it gives one, else deals
        from the model's belief (with ``belief``) and the hands' voids (with ``voids``)."""
        sampler = self.dealer(view, ledger, lie) if self.dealer is not None else None
        if sampler is None:
            believed = self._believed(view) if self.belief else None
            sampler = Sampler(view, ledger, self.rng, lie, believed, self._voids(view))
        return sampler

    def _believed(self, view: View) -> Believed:
        """Per opponent, the cards the adaptive model believes it holds (see :func:`believed_cards`)."""
        return believed_cards(self.model.belief(view), view.claim)

    def _voids(self, view: View) -> list[frozenset[Rank]] | None:
        """With ``voids``, per seat the ranks its hand holds none of (its model's card tracker:
        :attr:`Tracker.voids <idoubtit.bots.tracker.Tracker.voids>`), and the claimant of the claim on the
        table none of the claimed rank, since it put down every card of that rank it held; None (no voids)
        otherwise."""
        if not self.params.voids:
            return None
        voids = [frozenset(Rank(value) for value in ranks) for ranks in self.model.tracker.voids]
        claim = view.claim
        if claim is not None:
            voids[claim.seat] |= {claim.rank}
        return voids

    def _answers(self, view: View, candidates: Sequence[Action]) -> dict[int, list[float]]:
        """For each size of play among ``candidates``, each seat's chance to doubt it (the model's)."""
        counts = sorted({len(action.cards) for action in candidates if isinstance(action, Play)})
        return {
            count: [chances.get(seat, 0.0) for seat in range(view.rules.players)]
            for count, chances in self.model.doubt_chances(view, counts, view.due_rank).items()
        }

    def _blind_shares(self, view: View) -> list[float] | None:
        """With ``blind``, each opponent's share of blind doubts as the model has learned it, for the
        rollouts' doubt windows; None (no blind doubts) otherwise."""
        if not self.blind:
            return None
        models = self.model.models
        return [
            models[seat].blind_doubts if seat != view.seat and seat in models else 0.0
            for seat in range(view.rules.players)
        ]

    def _played(self, action: Action) -> Action:
        """Tell the model which play went down, so it learns from the answers how each opponent doubts."""
        if isinstance(action, Play):
            self.model.chose(len(action.cards))
        return action

    def endgame(self, view: View) -> bool:
        """True when going out is near for someone: there the search sees to the end of the game, and
        its plays are trusted over the advisor's plan."""
        return min(size for size in view.hand_sizes if size > 0) <= self.params.endgame_cards

    def _advice(self, view: View) -> Play | None:
        """The model's plan-based play (the adaptive bot's choice in this seat), if it is a legal one."""
        assert view.seat is not None
        if not self.advisor:
            return None
        cards = tuple(self.model.choose_cards(view))
        cap = view.rules.max_cards_per_play or len(view.hand)
        left = list(view.hand)
        for card in cards:
            if card not in left:
                return None
            left.remove(card)
        if not cards or len(cards) > cap:
            return None
        return Play(view.seat, cards, view.due_rank)

    def _track(self, view: View) -> Ledger:
        """The ledger of this game, brought up to date: a new one when the view is of another game
        (another seat or rules, or a log that does not continue the one read)."""
        assert view.seat is not None
        ledger = self._ledger
        if ledger is None or ledger.seat != view.seat or ledger.rules != view.rules or not ledger.follows(view.log):
            self.params = self.params_for(view.rules)
            ledger = Ledger(view.seat, view.rules, self.params)
        ledger.update(view)
        ledger.trim(view.hand_sizes)
        self._ledger = ledger
        return ledger

    def params_for(self, rules: Rules) -> SearchParams:
        """The numbers this bot plays by at a table of ``rules``: those it was given, with the table's own
        defaults (:data:`~idoubtit.bots.search.params.TABLE_DEFAULTS`) for every number not set by name."""
        table = TABLE_DEFAULTS.get((rules.players, rules.deck_count), {}) if self._table_defaults else {}
        changes: dict[str, Any] = {name: value for name, value in table.items() if name not in self._named}
        return dataclasses.replace(self.given_params, **changes) if changes else self.given_params

    def settled_answer(self, view: View) -> Action | None:
        """Doubt a claim the count proves false, decline one it proves true; None when it settles nothing."""
        claim, seat = view.claim, view.seat
        assert claim is not None
        assert seat is not None
        copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        seen = self._seen(view)
        if claim.count + sum(card.rank is claim.rank for card in seen) > copies:
            return Doubt((seat,))
        unseen = Counter(dict.fromkeys(STANDARD_DECK, view.rules.deck_count))
        unseen.subtract(seen)
        if all(card.rank is claim.rank for card, count in unseen.items() if count > 0):
            return Decline(seat)  # every card this seat cannot see is of the claimed rank
        return None

    def _seen(self, view: View) -> list[Card]:
        return [*view.hand, *own_cards_in_pile(view), *self._revealed_on_pile()]

    def _revealed_on_pile(self) -> list[Card]:
        """Cards turned up but left on the pile (V3 leaves a finisher's last play there)."""
        if self._ledger is None:
            return []
        return [e.card for e in self._ledger.pile if e.sure and e.card is not None and e.seat != self._ledger.seat]

    def play_candidates(self, view: View) -> list[Play]:
        """The plays worth comparing: every due card, plus 0 to 3 bluffs, plus "all but next turn's rank".

        Bluffs are the cards whose rank comes due at this seat's own turns last. A play that would empty
        the hand with a false card is never offered (R10 turns it up), unless the hand leaves no choice.
        """
        assert view.seat is not None
        hand, due = view.hand, view.due_rank
        cap = view.rules.max_cards_per_play or len(hand)
        truthful = [card for card in hand if card.rank is due][:cap]
        if len(truthful) == len(hand) or len(hand) == 1:
            return [Play(view.seat, tuple(hand), due)]  # going out (R10), or the only card there is
        others = self.bluff_order(view)
        plays = bluffed_plays(truthful, others, len(hand), cap)
        next_rank = advance(due.value, seats_in_turn(view), view.rules.ascending)
        dump = dump_play(truthful, others, next_rank, cap)
        if dump is not None and dump not in plays:
            plays.append(dump)
        if not plays:
            plays.append((others[0],))
        return [Play(view.seat, cards, due) for cards in plays]

    @staticmethod
    def bluff_order(view: View) -> list[Card]:
        """Cards not of the due rank, the best to give away first: their rank comes due at this seat's
        turns last, and of ranks held several times the seat keeps the group (it can unload it truthfully)."""
        due = view.due_rank
        distance = own_turn_distances(seats_in_turn(view), view.rules.ascending)[due.value]
        counts = Counter(card.rank for card in view.hand)
        others = [card for card in view.hand if card.rank is not due]
        return sorted(others, key=lambda card: (-distance[card.rank.value], counts[card.rank]))

    # ----------------------------------------------------------------------------------------------
    # Searching

    def _search(
        self,
        view: View,
        ledger: Ledger,
        candidates: Sequence[Action],
        start: float,
        margin: float = 0.0,
        lie: float | None = None,
    ) -> Action:
        """The candidate with the best average over sampled deals (:func:`~idoubtit.bots.search.loop.search`)."""
        assert view.seat is not None
        result = self._searched(view, ledger, candidates, start, margin, lie)
        self.last_search = (result.deals, result.averages)
        self.last_versions = result.versions
        return result.action

    def _searched(
        self,
        view: View,
        ledger: Ledger,
        candidates: Sequence[Action],
        start: float,
        margin: float,
        lie: float | None,
    ) -> SearchResult:
        """Search ``candidates`` in deals sampled for ``view``, by this bot's numbers and budget."""
        sampler = self._sampler(view, ledger, lie)
        answers = self._answers(view, candidates) if view.must_play else None
        simulator = Simulator(view, ledger, self.params, answers, self._blind_shares(view))
        params = self.params
        result = search(
            candidates,
            sampler,
            simulator,
            self.rng,
            Budget(self.iterations, start + self.budget),
            margin,
            params.doubt_margin,
            params.doubt_z,
            params.grabs,
        )
        self.rollouts += result.rollouts
        return result


def seats_in_turn(view: View) -> int:
    """How many seats take turns now (V3: those who went out no longer do)."""
    seats = len(view.hand_sizes)
    return seats - len(view.places) if view.rules.play_on_for_places else seats


def bluffed_plays(truthful: list[Card], others: list[Card], hand_size: int, cap: int) -> list[tuple[Card, ...]]:
    """Every due card plus the first 0 to 3 of ``others``, as far as the cap allows and never emptying
    the hand with a bluff (R10)."""
    plays: list[tuple[Card, ...]] = []
    for extra in range(min(4, len(others) + 1)):
        cards = (*truthful, *others[:extra])
        if cards and len(cards) <= cap and (len(cards) < hand_size or extra == 0):
            plays.append(cards)
    return plays


def dump_play(truthful: list[Card], others: list[Card], next_rank: int, cap: int) -> tuple[Card, ...] | None:
    """Everything but the cards due on this seat's next turn, when it keeps some and the cap allows."""
    if not any(card.rank.value == next_rank for card in others):
        return None
    dump = (*truthful, *(card for card in others if card.rank.value != next_rank))
    return dump if dump and len(dump) <= cap else None


def _same_option(one: Action, other: Action) -> bool:
    """The same action, whatever the order of its cards."""
    if isinstance(one, Play) and isinstance(other, Play):
        return (
            one.seat == other.seat
            and sorted(map(sort_key, one.cards)) == sorted(map(sort_key, other.cards))
            and one.rank == other.rank
        )
    return one == other
