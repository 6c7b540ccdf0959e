"""I Doubt It as an OpenSpiel game: ``import idoubtit.env.openspiel`` registers ``python_idoubtit``.

    import pyspiel
    import idoubtit.env.openspiel  # registers the game
    game = pyspiel.load_game("python_idoubtit", {"players": 3, "capped_plays": True})

Parameters: ``players`` (default 4), the variants as booleans named like the :class:`~idoubtit.engine.Rules`
fields (``ascending``, ``capped_plays``, ``play_on_for_places``, ``open_table_sizes``,
``strict_announcing``), ``decks`` (0: the decks R1 prescribes) and ``max_steps``, the number of player
decisions after which a game that has not ended stops with every return 0 (OpenSpiel needs a bound on
the length of a game, and nothing in the rules ends a game in which nobody ever makes a true last play).

**Chance.** The deal is explicit chance: one chance node per card, in the engine's deal order (card
``i`` goes to seat ``i % players``, seat 0 first, as :meth:`Game.deal` deals with ``first=0``). An
outcome is a card's index in :data:`~idoubtit.engine.STANDARD_DECK` (0..51); with several decks the
copies of a card cannot be told apart (R1), so they are one outcome whose probability is the number of
copies left over the number of cards left. When every card is dealt the game starts with
``Game.from_hands(rules, hands, first=0)``. :func:`deal_outcomes` gives the outcomes that reproduce a
seeded engine deal, so the same seed reaches the same table here as in the PettingZoo and Gymnasium
environments.

**Decisions** are the shared encoding's action indices (``idoubtit.env.encoding``): add a card of a rank
to the play being built, announce a rank, doubt, decline. The state is an
:class:`~idoubtit.env.episode.Episode`: the current player is the first seat it waits for, so in a
doubt window the awaited seats answer one after another and the answers are settled together.

**Observations** read the seat's :class:`~idoubtit.engine.View` only. The observation tensor is
exactly ``encoding.observe(view, building)``; the observation string is the same numbers as text.
The information state string is the seat's exact information: the observation, the seat's own answer
to the open claim if it has given one (the others cannot see it yet), and the whole log as the seat's
view holds it (public events, its own plays' cards, the cards it picked up; its hand at the deal
follows from these). The information state tensor cannot hold a log of unbounded length: it is the
observation tensor plus the seat's pending answer, a summary rather than perfect recall.

**Resampling** (:meth:`IDoubtItState.resample_from_infostate`, what OpenSpiel's ISMCTS calls): the
other seats' hands and the cards of their unrevealed plays are drawn at random from the cards the
player has not seen, so that every revealed play shows the cards it showed, every pile the player
picked up held the cards it saw, and every hand has its size; the sampled history is replayed through
the engine's checked door and kept only if the player's view comes out identical. Other seats' answers
to the open claim, which the player has not heard, are drawn at random too. This is a consistent sample,
not the exact posterior. A seat that must hand on more cards that the player later sees elsewhere than
its next unseen play holds keeps the rest for its later unseen plays. When :data:`RESAMPLE_ATTEMPTS`
random histories all fail to fit, the true hidden cards are returned: consistent, but not random, so a
search then knows more than the player does. Measured with counting bots at 3 players, a resample every
seventh step, over 40 games: never in 38 of them; in the other two, both still going after 1,500 steps,
more than half of the calls (20 % of all calls, down from 28 % before later plays could hand cards on).
In V3 games at 3 players, 23 % (from 34 %). Ten times the attempts change nothing: what fails is the
sampler's fit, not luck. The resampled state's history holds its own deal only: its decisions are
replayed at the engine's level, not as encoding steps.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import pyspiel

from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    Card,
    CloseReason,
    CloseWindow,
    Decline,
    Declined,
    Doubt,
    Doubted,
    Event,
    Game,
    IDoubtItError,
    PileTaken,
    Play,
    Played,
    Revealed,
    Rules,
    View,
    WindowClosed,
)
from idoubtit.engine.rules import MAX_OPEN_TABLE, VARIANTS
from idoubtit.env import encoding
from idoubtit.env.episode import Episode

GAME_NAME: Final = "python_idoubtit"
DEFAULT_PLAYERS: Final = 4
DEFAULT_MAX_STEPS: Final = 100_000
#: A card's chance outcome is its index in the standard deck.
CARD_INDEX: Final = {card: index for index, card in enumerate(STANDARD_DECK)}
#: How many random histories a resample tries before it falls back to the true hidden cards.
RESAMPLE_ATTEMPTS: Final = 20
#: The information state tensor's extra slots: the seat's own pending answer.
ANSWER_PART: Final = ("answer", 2)

_PARAMETERS: Final[dict[str, Any]] = {
    "players": DEFAULT_PLAYERS,
    "decks": 0,
    **dict.fromkeys(VARIANTS, False),
    "max_steps": DEFAULT_MAX_STEPS,
}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="I Doubt It (Cheat, BS)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_OPEN_TABLE,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def rules_from(params: dict[str, Any]) -> Rules:
    """The table's rules from game parameters (missing ones take their defaults; ``decks`` 0 means R1's)."""
    merged = {**_PARAMETERS, **params}
    variants = {name: bool(merged[name]) for name in VARIANTS}
    decks = int(merged["decks"]) or None
    return Rules(int(merged["players"]), decks, **variants)


def load(**params: Any) -> Any:
    """The registered game with these parameters: ``pyspiel.load_game("python_idoubtit", params)``."""
    return pyspiel.load_game(GAME_NAME, params)


def deal_outcomes(rules: Rules, seed: int) -> list[int]:
    """The chance outcomes that deal exactly the hands of ``Game.deal(rules, seed)`` (``first=0``).

    Card ``i`` of the deal goes to seat ``i % players``; each seat's cards are taken in hand order,
    which deals the same hands as the engine's shuffle (the order within a hand never matters).
    """
    game = Game.deal(rules, seed)
    hands = [game.hand(seat) for seat in range(rules.players)]
    players = rules.players
    return [CARD_INDEX[hands[position % players][position // players]] for position in range(rules.card_count)]


def dealt_state(game: Any, seed: int) -> Any:
    """A new state of ``game`` (a loaded ``python_idoubtit``) with the deal of ``Game.deal(rules, seed)``."""
    state = game.new_initial_state()
    for outcome in deal_outcomes(game.rules, seed):
        state.apply_action(outcome)
    return state


# --------------------------------------------------------------------------------------------------
# The state's data


@dataclass(slots=True)
class _Table:
    """Everything a state holds, as one value with a cheap copy.

    OpenSpiel clones a Python state by deep-copying each attribute; a deep copy of a game's log costs
    far more than :meth:`Episode.copy`, so the state keeps a single attribute of this type.
    """

    rules: Rules
    max_steps: int
    dealt: list[list[Card]]
    left: Counter[Card]
    episode: Episode | None = None
    decisions: int = 0
    truncated: bool = False

    @classmethod
    def new(cls, rules: Rules, max_steps: int) -> _Table:
        left = Counter(dict.fromkeys(STANDARD_DECK, rules.deck_count))
        return cls(rules, max_steps, [[] for _ in range(rules.players)], left)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(
            self.rules,
            self.max_steps,
            [list(hand) for hand in self.dealt],
            Counter(self.left),
            None if self.episode is None else self.episode.copy(),
            self.decisions,
            self.truncated,
        )

    @property
    def dealing(self) -> bool:
        return self.episode is None

    @property
    def over(self) -> bool:
        return self.episode is not None and (self.episode.over or self.truncated)

    def deal(self, card: Card) -> None:
        """One chance outcome: the next card of the deal to the next seat; the last one starts the game."""
        position = sum(map(len, self.dealt))
        self.dealt[position % self.rules.players].append(card)
        self.left[card] -= 1
        if self.left[card] == 0:
            del self.left[card]
        if not self.left:
            self.episode = Episode(Game.from_hands(self.rules, self.dealt, first=0))

    def decide(self, seat: int, index: int) -> None:
        assert self.episode is not None
        self.episode.act(seat, index)
        self.decisions += 1
        if self.decisions >= self.max_steps and not self.episode.over:
            self.truncated = True


# --------------------------------------------------------------------------------------------------
# OpenSpiel's game and state


class IDoubtItGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The game for one set of parameters; ``rules`` and ``max_steps`` hold them as the engine reads them."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        self.rules = rules_from(params)
        self.max_steps = int(params["max_steps"])
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {self.max_steps}")
        players = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.NUM_ACTIONS,
            max_chance_outcomes=len(STANDARD_DECK),
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_steps,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> IDoubtItState:
        return IDoubtItState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            return Observer(self.rules, information_state=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a seat's own observation or information state is supported")
        return Observer(self.rules, information_state=iig_obs_type.perfect_recall)


class IDoubtItState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """One position: the deal so far, then an :class:`Episode` of the game."""

    def __init__(self, game: IDoubtItGame) -> None:
        super().__init__(game)
        self._table = _Table.new(game.rules, game.max_steps)

    # The OpenSpiel API --------------------------------------------------------------------------

    def current_player(self) -> int:
        table = self._table
        if table.episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return table.episode.deciding[0]

    def _legal_actions(self, player: int) -> list[int]:
        episode = self._table.episode
        return [] if episode is None or self._table.over else sorted(episode.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._table.left
        total = sum(left.values())
        return sorted((CARD_INDEX[card], copies / total) for card, copies in left.items())

    def _apply_action(self, action: int) -> None:
        table = self._table
        if table.dealing:
            card = STANDARD_DECK[action]
            if card not in table.left:
                raise ValueError(f"chance outcome {action} ({card}) is not left to deal")
            table.deal(card)
        else:
            table.decide(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {STANDARD_DECK[action]}"
        return encoding.action_name(action)

    def is_terminal(self) -> bool:
        return self._table.over

    def returns(self) -> list[float]:
        episode = self._table.episode
        if episode is None or not episode.over:
            return [0.0] * self._table.rules.players
        return episode.rewards()

    def __str__(self) -> str:
        """Everything, secrets included: for debugging and OpenSpiel's clone checks, never for a player."""
        table = self._table
        if table.episode is None:
            return "dealing: " + " | ".join(" ".join(map(str, hand)) for hand in table.dealt)
        game = table.episode.game
        hands = " | ".join(" ".join(map(str, game.hand(seat))) for seat in range(table.rules.players))
        spectator = game.view(None)
        building = {seat: " ".join(map(str, cards)) for seat, cards in table.episode.building.items() if cards}
        return (
            f"step {game.step}, decisions {table.decisions}{', truncated' if table.truncated else ''}; "
            f"{spectator.phase.value}, due {spectator.due_rank}, to play {spectator.to_play}, "
            f"pile {spectator.pile_size}, claim {spectator.claim}, places {list(spectator.places)}; "
            f"hands {hands}; building {building}; answers {table.episode.answers}"
        )

    # For players and tools ------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def dealing(self) -> bool:
        return self._table.dealing

    def view(self, seat: int) -> View:
        """The seat's view of the game (once dealt): all a bot at that seat may be shown."""
        return self._episode().view(seat)

    def building(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has added to the play it is building (its own secret)."""
        return self._episode().building[seat]

    def pending_answer(self, seat: int) -> bool | None:
        """``seat``'s answer to the open claim (True: doubt) if it has given one that is not yet settled."""
        return self._episode().answers.get(seat)

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards dealt to ``seat`` so far (all of them once the deal is over); that seat's own secret."""
        return tuple(self._table.dealt[seat])

    def _episode(self) -> Episode:
        if self._table.episode is None:
            raise ValueError("the cards are still being dealt")
        return self._table.episode

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> IDoubtItState:
        """A state that ``player_id`` cannot tell from this one, hidden cards drawn at random (see module doc).

        ``probability_sampler`` is called once for a number in [0, 1) that seeds the draw, so a seeded
        sampler gives a reproducible sample.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        if self._table.dealing:
            return self._resampled_deal(player_id, rng)
        if self._table.over:
            return self.clone()  # type: ignore[no-any-return]
        episode = self._episode()
        for attempt in range(RESAMPLE_ATTEMPTS):
            sampled = _sample_game(
                self.rules, player_id, self._table.dealt[player_id], episode.game, rng, blanks_first=attempt % 2 == 1
            )
            if sampled is not None:
                initial, game = sampled
                return self._with(initial, _resampled_episode(episode, game, player_id, rng))
        # Rare: no random history fitted. The true hidden cards are a consistent sample too.
        clone = self.clone()
        clone._table.episode = _resampled_episode(episode, episode.game.copy(), player_id, rng)
        return clone  # type: ignore[no-any-return]

    def _resampled_deal(self, player: int, rng: random.Random) -> IDoubtItState:
        """During the deal: the player's cards so far stay, the others' are redrawn from the cards it has not seen."""
        table = self._table
        unseen = [card for card in STANDARD_DECK for _ in range(table.rules.deck_count)]
        for card in table.dealt[player]:
            unseen.remove(card)
        rng.shuffle(unseen)
        dealt = [
            list(hand) if seat == player else [unseen.pop() for _ in hand] for seat, hand in enumerate(table.dealt)
        ]
        state = self.get_game().new_initial_state()
        for card in _interleaved(dealt):
            state.apply_action(CARD_INDEX[card])
        return state  # type: ignore[no-any-return]

    def _with(self, initial: list[list[Card]], episode: Episode) -> IDoubtItState:
        """A new state dealt ``initial`` whose game is ``episode`` (replayed from that deal)."""
        state: IDoubtItState = self.get_game().new_initial_state()
        for card in _interleaved(initial):
            state.apply_action(CARD_INDEX[card])
        state._table.episode = episode
        state._table.decisions = self._table.decisions
        return state


def _interleaved(hands: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards of ``hands`` in deal order: card ``i`` to seat ``i % players``."""
    players = len(hands)
    total = sum(map(len, hands))
    return [hands[position % players][position // players] for position in range(total)]


# --------------------------------------------------------------------------------------------------
# Resampling hidden cards


class _Slot:
    """One physical card in a sampled history whose identity may not be drawn yet (``card`` None)."""

    __slots__ = ("card",)

    def __init__(self, card: Card | None) -> None:
        self.card = card


@dataclass(slots=True)
class _History:
    """A sampled history being built: who holds which slots, the pile, and the cards not yet drawn."""

    hands: list[list[_Slot]]
    pool: Counter[Card]
    pile: list[_Slot] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)

    def draw(self, slot: _Slot, card: Card) -> bool:
        """Give a blank slot the identity ``card``, if a copy of it is still undrawn."""
        if self.pool[card] <= 0:
            return False
        self.pool[card] -= 1
        slot.card = card
        return True

    def take(self, seat: int, cards: Iterable[Card]) -> list[_Slot] | None:
        """Slots of ``seat``'s hand showing ``cards``: a slot known to be the card, else a blank one drawn as it."""
        hand, chosen = self.hands[seat], []
        for card in cards:
            slot = next((slot for slot in hand if slot.card is card), None)
            if slot is None:
                slot = next((slot for slot in hand if slot.card is None), None)
                if slot is None or not self.draw(slot, card):
                    return None
            hand.remove(slot)
            chosen.append(slot)
        return chosen

    def pick_up(self, seat: int, seen: tuple[Card, ...] | None) -> bool:
        """``seat`` takes the pile; ``seen``: the cards the sampling seat saw in it (its own pick-up)."""
        if seen is not None:  # the pile, in order, as the player saw it: slot by slot
            if len(seen) != len(self.pile):
                return False
            for slot, card in zip(self.pile, seen, strict=True):
                if slot.card is not card and (slot.card is not None or not self.draw(slot, card)):
                    return False
        self.hands[seat].extend(self.pile)
        self.pile = []
        return True


def _seen_cards(log: Sequence[Event], index: int, player: int, position: int) -> tuple[Card, ...] | None:
    """The cards of the play at ``log[index]`` if the player saw them: its own, or turned up, or in a pile
    it took later (which shows the pile in order, so the play's cards from ``position`` in it)."""
    event = log[index]
    assert isinstance(event, Played)
    if event.seat == player:
        return event.cards
    turned_up = True  # a reveal shows this play only until the next play
    for later in log[index + 1 :]:
        if isinstance(later, Played):
            turned_up = False
        elif isinstance(later, Revealed) and turned_up:
            return later.cards
        elif isinstance(later, PileTaken):
            return later.cards[position : position + event.count] if later.seat == player and later.cards else None
    return None


@dataclass(frozen=True, slots=True)
class _Sightings:
    """What the player's log says about plays, read once before a history is sampled.

    ``known[i]``: the cards of the play at log index ``i`` if the player saw them; ``taker[i]``: who
    took the pile that play went to, and when (None: nobody yet); ``seen``: each sighting of a card
    in a seat's hand (a play the player saw), in log order.
    """

    known: dict[int, tuple[Card, ...] | None]
    taker: dict[int, tuple[int, int] | None]
    seen: dict[Card, list[tuple[int, int]]]

    @classmethod
    def read(cls, log: Sequence[Event], player: int) -> _Sightings:
        known: dict[int, tuple[Card, ...] | None] = {}
        taker: dict[int, tuple[int, int] | None] = {}
        seen: dict[Card, list[tuple[int, int]]] = {}
        pile = 0
        for index, event in enumerate(log):
            if isinstance(event, Played):
                known[index] = _seen_cards(log, index, player, pile)
                taker[index] = next(
                    ((later.seat, at) for at, later in enumerate(log) if at > index and isinstance(later, PileTaken)),
                    None,
                )
                for card in known[index] or ():
                    seen.setdefault(card, []).append((index, event.seat))
                pile += event.count
            elif isinstance(event, PileTaken):
                pile = 0
        return cls(known, taker, seen)

    def next_sighting(self, card: Card, after: int) -> tuple[int, int] | None:
        return next(((index, seat) for index, seat in self.seen.get(card, ()) if index > after), None)

    def passes_on(self, log: Sequence[Event], seat: int, after: int, before: int) -> bool:
        """True if ``seat`` makes a play the player does not see between these log indices whose pile
        another seat takes before ``before``: a later chance to hand a card on unseen."""
        for index in range(after + 1, before):
            taker = self.taker.get(index)
            hidden = self.known.get(index, ()) is None and getattr(log[index], "seat", None) == seat
            if hidden and taker is not None and taker[0] != seat and taker[1] < before:
                return True
        return False


def _blanks_to_keep(hand: list[_Slot], seat: int, log: Sequence[Event], index: int, sightings: _Sightings) -> int:
    """How many cards the seat will show, before it next takes a pile, that its known cards do not cover:
    as many slots of no identity yet must stay in its hand."""
    covered = Counter(slot.card for slot in hand if slot.card is not None)
    keep = 0
    for later in range(index + 1, len(log)):
        event = log[later]
        if isinstance(event, PileTaken) and event.seat == seat:
            break
        if isinstance(event, Played) and event.seat == seat:
            for card in sightings.known.get(later) or ():
                if covered[card] > 0:
                    covered[card] -= 1
                else:
                    keep += 1
    return keep


def _hidden_play(
    history: _History,
    log: Sequence[Event],
    index: int,
    sightings: _Sightings,
    rng: random.Random,
    blanks_first: bool,
) -> list[_Slot] | None:
    """Slots for a play the player never saw. A card known to be in the hand goes into it when the
    player next sees that card with another seat, this pile going to that seat (or the hand having no
    later unseen play to part with it); it stays when the player next sees it with this seat."""
    event = log[index]
    assert isinstance(event, Played)
    seat, hand = event.seat, history.hands[event.seat]
    taker = sightings.taker[index]
    leave: list[tuple[int, _Slot]] = []
    free, stay = [], []
    for slot in hand:
        sighting = None if slot.card is None else sightings.next_sighting(slot.card, index)
        if sighting is None:
            free.append(slot)
        elif sighting[1] == seat:
            stay.append(slot)
        elif (
            taker is not None
            and taker[0] != seat
            and taker[1] < sighting[0]
            and (taker[0] == sighting[1] or not sightings.passes_on(log, seat, index, sighting[0]))
        ):
            leave.append((sighting[0], slot))
        else:
            stay.append(slot)
    # More cards to hand on than this play holds: the ones seen soonest go now, the others wait for a
    # later unseen play of this seat that can still hand them on.
    leave.sort(key=lambda pair: pair[0])
    for sighted, slot in leave[event.count :]:
        if not sightings.passes_on(log, seat, index, sighted):
            return None
        stay.append(slot)
    leaving = [slot for _, slot in leave[: event.count]]
    rng.shuffle(free)
    blanks = [slot for slot in free if slot.card is None][: _blanks_to_keep(hand, seat, log, index, sightings)]
    free = [slot for slot in free if slot not in blanks]
    stay = blanks + stay
    if blanks_first:
        free.sort(key=lambda slot: slot.card is not None)
    chosen = (leaving + free + stay[len(blanks) :] + stay[: len(blanks)])[: event.count]
    for slot in chosen:
        hand.remove(slot)
    return chosen


def _sample_game(
    rules: Rules,
    player: int,
    dealt: Sequence[Card],
    real: Game,
    rng: random.Random,
    *,
    blanks_first: bool,
) -> tuple[list[list[Card]], Game] | None:
    """One random history that ``player`` cannot tell from the real one, as (the deal, the game), or None.

    The log of the player's view is walked in order; the other seats' cards are slots whose identity is
    drawn only when something the player saw pins it down (a revealed play, a pile it picked up), and the
    rest at the end, uniformly from the cards left. Unrevealed plays take random slots of the hand
    (``blanks_first``: slots with no identity yet first, which fits more often when the player later
    sees some of those cards elsewhere). The result is checked by replaying it through the engine.
    """
    view = real.view(player)
    sizes = [len(hand) for hand in _deal_sizes(rules)]
    pool = Counter(dict.fromkeys(STANDARD_DECK, rules.deck_count))
    pool.subtract(dealt)
    history = _History(
        [
            [_Slot(card) for card in dealt] if seat == player else [_Slot(None) for _ in range(sizes[seat])]
            for seat in range(rules.players)
        ],
        pool,
    )
    initial = [list(hand) for hand in history.hands]
    sightings = _Sightings.read(view.log, player)
    for index, event in enumerate(view.log):
        if not _replay_event(history, player, view.log, index, event, sightings, rng, blanks_first=blanks_first):
            return None
    blanks = [slot for hand in initial for slot in hand if slot.card is None]
    undrawn = list(history.pool.elements())
    if len(undrawn) != len(blanks):
        return None
    rng.shuffle(undrawn)
    for slot, card in zip(blanks, undrawn, strict=True):
        slot.card = card
    deal = [[slot.card for slot in hand if slot.card is not None] for hand in initial]
    try:
        game = Game.from_hands(rules, deal, first=0)
        for record in history.actions:
            game.apply(_action(record))
    except IDoubtItError:
        return None
    if game.view(player) != view:
        return None
    return deal, game


def _replay_event(
    history: _History,
    player: int,
    log: Sequence[Event],
    index: int,
    event: Event,
    sightings: _Sightings,
    rng: random.Random,
    *,
    blanks_first: bool,
) -> bool:
    """Carry one event of the player's log into the sampled history; False when it cannot fit."""
    if isinstance(event, Played):
        known = sightings.known[index]
        if known is None:
            hidden = _hidden_play(history, log, index, sightings, rng, blanks_first)
            if hidden is None:
                return False
            chosen = hidden
        else:
            taken = history.take(event.seat, known)
            if taken is None:
                return False
            chosen = taken
        history.pile.extend(chosen)
        history.actions.append((Play, event.seat, chosen, event.rank))
    elif isinstance(event, PileTaken):
        return history.pick_up(event.seat, event.cards if event.seat == player else None)
    elif isinstance(event, Doubted):
        history.actions.append((Doubt, event.seats))
    elif isinstance(event, WindowClosed):
        if event.reason is CloseReason.TIMER:
            history.actions.append((CloseWindow,))
    elif isinstance(event, Declined):
        history.actions.append((Decline, event.seat))
    return True


def _action(record: tuple[Any, ...]) -> Action:
    kind = record[0]
    if kind is Play:
        _, seat, slots, rank = record
        return Play(seat, tuple(slot.card for slot in slots), rank)
    if kind is Doubt:
        return Doubt(record[1])
    if kind is Decline:
        return Decline(record[1])
    return CloseWindow()


def _deal_sizes(rules: Rules) -> list[range]:
    """Which deal positions go to each seat (card ``i`` to seat ``i % players``)."""
    return [range(seat, rules.card_count, rules.players) for seat in range(rules.players)]


def _resampled_episode(real: Episode, game: Game, player: int, rng: random.Random) -> Episode:
    """An episode on ``game`` carrying over what ``player`` knows of the decisions in progress.

    Its own play being built and its own pending answer stay. Another seat's play being built has as
    many cards, added by random steps; other seats' pending answers, unheard, are drawn at random.
    """
    episode = Episode(game)
    episode.building[player] = real.building[player]
    for seat, cards in real.building.items():
        if seat != player and cards:
            view = game.view(seat)
            building: tuple[Card, ...] = ()
            for _ in cards:
                adds = [index for index in encoding.legal_actions(view, building) if index < encoding.ANNOUNCE]
                building, _ = encoding.step(view, building, rng.choice(adds))
            episode.building[seat] = building
    episode.answers = {seat: answer if seat == player else rng.random() < 0.5 for seat, answer in real.answers.items()}
    return episode


# --------------------------------------------------------------------------------------------------
# Observations


class Observer:
    """OpenSpiel's Python observer: a seat's observation, or (``information_state``) its information state.

    ``tensor`` is one flat vector; ``dict`` names its parts, the shared encoding's layout (plus the
    pending answer for the information state), as views into the same memory.
    """

    def __init__(self, rules: Rules, *, information_state: bool) -> None:
        self.rules = rules
        self.information_state = information_state
        self.layout = encoding.Layout(rules.players)
        parts = list(self.layout.parts) + ([ANSWER_PART] if information_state else [])
        self.tensor = np.zeros(sum(width for _, width in parts), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        start = 0
        for name, width in parts:
            self.dict[name] = self.tensor[start : start + width]
            start += width

    def set_from(self, state: IDoubtItState, player: int) -> None:
        self.tensor.fill(0.0)
        if player < 0:  # OpenSpiel asks for the shape with no player: zeros of the right size
            return
        if state.dealing:
            self._set_dealing(state.dealt_to(player))
            return
        size = self.layout.size
        self.tensor[:size] = encoding.observe(state.view(player), state.building(player))
        if self.information_state:
            answer = state.pending_answer(player)
            if answer is not None:
                self.dict["answer"][0 if answer else 1] = 1.0

    def _set_dealing(self, cards: Sequence[Card]) -> None:
        """While the cards are dealt a seat sees its own cards so far and the rules, nothing else yet."""
        for rank, count in encoding.counts(cards).items():
            self.dict["hand"][encoding.RANKS.index(rank)] = count
        for index, flag in enumerate(encoding.FLAGS):
            self.dict["rules"][index] = float(getattr(self.rules, flag))
        self.dict["rules"][len(encoding.FLAGS)] = self.rules.deck_count

    def string_from(self, state: IDoubtItState, player: int) -> str:
        self.set_from(state, player)
        text = describe(self.tensor[: self.layout.size], player, self.layout)
        if not self.information_state:
            return text
        if state.dealing:
            return f"{text}\ndealt so far: {' '.join(map(str, state.dealt_to(player)))}"
        answer = state.pending_answer(player)
        lines = [text, f"my answer: {'none' if answer is None else 'doubt' if answer else 'decline'}", "log:"]
        lines.extend(event_text(event) for event in state.view(player).log)
        return "\n".join(lines)


def describe(vector: Sequence[float] | np.ndarray[Any, Any], seat: int, layout: encoding.Layout) -> str:
    """An observation vector as text, part by part, with seats given by their number at the table."""
    players = layout.players
    words: list[str] = [f"seat {seat}"]
    for name, width in layout.parts:
        values = [float(value) for value in vector[layout.offset(name) : layout.offset(name) + width]]
        words.append(f"{name}: {_part_text(name, values, seat, players)}")
    return "; ".join(words)


def _part_text(name: str, values: list[float], seat: int, players: int) -> str:
    def number(value: float) -> str:
        return str(int(value)) if value == int(value) else str(value)

    if name == "phase":
        return next((phase.value for phase, value in zip(encoding.PHASES, values, strict=True) if value), "-")
    if name == "rules":
        flags = [flag for flag, value in zip(encoding.FLAGS, values, strict=False) if value]
        return f"{' '.join(flags) or 'standard'}, {number(values[-1])} deck(s)"
    if len(values) == len(encoding.RANKS):
        shown = [
            f"{rank}x{number(value)}" if name in ("hand", "building", "own_in_pile") else str(rank)
            for rank, value in zip(encoding.RANKS, values, strict=True)
            if value
        ]
        return " ".join(shown) or "-"
    if len(values) == 1:
        return number(values[0])
    absolute = [((seat + offset) % players, value) for offset, value in enumerate(values)]
    if name == "hand_sizes":
        return " ".join(f"{other}:{number(value)}" for other, value in sorted(absolute))
    return " ".join(str(other) for other, value in sorted(absolute) if value) or "-"


def event_text(event: Event) -> str:
    """One log event as a line of text: its type, then its fields (cards in notation)."""
    data = event.to_dict()
    kind = data.pop("type")
    fields = [f"{key}={' '.join(map(str, value)) if isinstance(value, list) else value}" for key, value in data.items()]
    return " ".join([kind, *fields])


pyspiel.register_game(_GAME_TYPE, IDoubtItGame)
