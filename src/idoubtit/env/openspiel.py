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
follows from these), the log as a chained digest: each event's text is hashed onto the digest of the
events before it, so the string has a fixed length, costs the same at every step, and two histories
give the same string exactly when the seat cannot tell them apart (up to a 128-bit hash collision).
:meth:`IDoubtItState.information_state_log` gives the log itself as text. The information state tensor
cannot hold a log of unbounded length: it is the observation tensor plus the seat's pending answer, a
summary rather than perfect recall.

**Resampling** (:meth:`IDoubtItState.resample_from_infostate`, what OpenSpiel's ISMCTS calls) draws the
other seats' hidden cards at random from the player's information alone: :mod:`idoubtit.env.resample`
says how.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel

from idoubtit.engine import (
    STANDARD_DECK,
    Card,
    Event,
    Game,
    Rules,
    View,
)
from idoubtit.engine.rules import MAX_OPEN_TABLE, VARIANTS
from idoubtit.env import encoding
from idoubtit.env.episode import Episode
from idoubtit.env.resample import resampled_episode, sample_history

GAME_NAME: Final = "python_idoubtit"
DEFAULT_PLAYERS: Final = 4
#: Decisions after which a game stops, every return 0: above the longest bot game measured (docs/env.md).
DEFAULT_MAX_STEPS: Final = 2_500
#: A card's chance outcome is its index in the standard deck.
CARD_INDEX: Final = {card: index for index, card in enumerate(STANDARD_DECK)}
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
    left: dict[Card, int]
    episode: Episode | None = None
    decisions: int = 0
    truncated: bool = False
    #: Each seat's log digest as far as it was read: (the step read up to, the digest, the events read).
    digests: dict[int, tuple[int, bytes, int]] | None = None

    @classmethod
    def new(cls, rules: Rules, max_steps: int) -> _Table:
        # The full deck is a shared template until the first card is dealt (OpenSpiel makes a new
        # state for many of its questions, such as a tensor's shape).
        return cls(rules, max_steps, [[] for _ in range(rules.players)], _full_deck(rules.deck_count))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(
            self.rules,
            self.max_steps,
            [list(hand) for hand in self.dealt],
            dict(self.left),
            None if self.episode is None else self.episode.copy(),
            self.decisions,
            self.truncated,
            None if self.digests is None else dict(self.digests),
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
        if position == 0:
            self.left = dict(self.left)  # the first card: the state's own count, no longer the template
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

    def digest(self, seat: int) -> tuple[bytes, int]:
        """The chained digest of ``seat``'s log and the number of events in it, read on from where it was."""
        assert self.episode is not None
        game = self.episode.game
        digests = self.digests = {} if self.digests is None else self.digests
        step, digest, events = digests.get(seat, (-1, b"", 0))
        if step < game.step:
            step = max(step, 0)
            for event in game.view(seat, since=step).log:
                digest = hashlib.blake2b(digest + event_text(event).encode(), digest_size=16).digest()
                events += 1
            digests[seat] = (game.step, digest, events)
        return digest, events

    def share_digest(self, seat: int, source: _Table) -> None:
        """Take ``source``'s digest of ``seat``'s log, read up to this table's step, when ``seat`` cannot tell
        the two tables apart (a sample drawn from its information): the same log, so the same digest,
        without reading the whole log again (a search samples many tables from one)."""
        assert self.episode is not None
        assert source.episode is not None
        known = (source.digests or {}).get(seat)
        if known is not None and known[0] == self.episode.game.step == source.episode.game.step:
            self.digests = {**(self.digests or {}), seat: known}


@cache
def _full_deck(decks: int) -> dict[Card, int]:
    """Every card with its number of copies: a template to copy (a copy need not hash the cards again)."""
    return dict.fromkeys(STANDARD_DECK, decks)


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
        return [] if episode is None or self._table.over else episode.legal(player)  # (sorted)

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
        return table.episode.memo(("str", table.decisions, table.truncated), lambda: self._text(table))

    @staticmethod
    def _text(table: _Table) -> str:
        assert table.episode is not None
        game = table.episode.game
        hands = " | ".join(" ".join(map(str, game.hand(seat))) for seat in range(table.rules.players))
        spectator = game.view(None, since=game.step)
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

    def current_view(self, seat: int) -> View:
        """The seat's view of the current position with an empty log, at a cost that does not grow with the game."""
        return self._episode().current(seat)

    def own_in_pile(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` put on the pile since it was last taken (it knows them; nobody took them back)."""
        return self._episode().own_in_pile[seat]

    def engine_position(self) -> tuple[Game, list[tuple[Card, ...]]]:
        """A copy of the engine's game (every hand in it) and each seat's own cards on the pile: for
        playing a sampled world on at the engine's speed (a search's rollouts). Between decisions only:
        ValueError while a play is being built or a doubt window has answers not yet settled."""
        if self.under_way():
            raise ValueError("a decision is under way (a play being built or answers not yet settled)")
        episode = self._episode()
        return episode.game.copy(), list(episode.own_in_pile)

    def under_way(self) -> bool:
        """A decision round is under way: a play being built, or answers to a claim given and not yet settled."""
        episode = self._episode()
        return any(episode.building.values()) or bool(episode.answers)

    def building(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has added to the play it is building (its own secret)."""
        return self._episode().building[seat]

    def pending_answer(self, seat: int) -> bool | None:
        """``seat``'s answer to the open claim (True: doubt) if it has given one that is not yet settled."""
        return self._episode().answers.get(seat)

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards dealt to ``seat`` so far (all of them once the deal is over); that seat's own secret."""
        return tuple(self._table.dealt[seat])

    def information_state_log(self, seat: int) -> str:
        """``seat``'s whole log as text, one event a line: what its information state string digests."""
        return "\n".join(event_text(event) for event in self._episode().view(seat).log)

    def information_key(self, seat: int) -> Hashable:
        """``seat``'s information state as a value cheaper to make than its string (no text is written):
        two states give equal keys exactly when they give equal information state strings."""
        if self._table.dealing:
            return str(self.information_state_string(seat))
        digest, events = self._table.digest(seat)
        observation = self._episode().observation(seat, copy=False)
        return observation.tobytes(), self.pending_answer(seat), digest, events

    def log_digest(self, seat: int) -> tuple[bytes, int]:
        """The chained digest of ``seat``'s log (see the module doc) and how many events it holds."""
        return self._table.digest(seat)

    def observation(self, seat: int) -> encoding.Vector:
        """``seat``'s observation vector in the shared encoding, at a cost that does not grow with the game."""
        return self._episode().observation(seat, copy=False)

    def _episode(self) -> Episode:
        if self._table.episode is None:
            raise ValueError("the cards are still being dealt")
        return self._table.episode

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> IDoubtItState:
        """A state that ``player_id`` cannot tell from this one, hidden cards drawn at random from the
        player's information alone, never the real hidden cards (:mod:`idoubtit.env.resample`).

        ``probability_sampler`` is called once for a number in [0, 1) that seeds the draw, so a seeded
        sampler gives a reproducible sample (the same for every state the player cannot tell apart).
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        if self._table.dealing:
            return self._resampled_deal(player_id, rng)
        if self._table.over:
            return self.clone()  # type: ignore[no-any-return]
        episode = self._episode()
        # The sample is drawn from the player's information alone: its view and its own dealt cards.
        initial, game = sample_history(
            self.rules, player_id, self._table.dealt[player_id], episode.view(player_id), rng
        )
        sample = self._with(initial, resampled_episode(episode, game, player_id, rng))
        sample._table.share_digest(player_id, self._table)
        return sample

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
        episode = state._table.episode
        if player < 0 or episode is None:
            self.tensor.fill(0.0)
            if player >= 0:
                self._set_dealt_so_far(state, player)
            return  # (a chance or terminal "player" id sees nothing: zeros of the right size)
        # Every slot is written (OpenSpiel asks for tensors at every step of every state it checks).
        vector = episode.observation(player, copy=False)
        if not self.information_state:
            self.tensor[:] = vector
            return
        self.tensor[: self.layout.size] = vector
        answer = episode.answers.get(player)
        self.dict["answer"][:] = _ANSWER_SLOTS[answer]

    def _set_dealt_so_far(self, state: IDoubtItState, player: int) -> None:
        cards = state.dealt_to(player)
        if cards:
            self._set_dealing(cards)
        else:  # OpenSpiel reads a new state's tensor for its size, often: the rules, nothing else yet
            self.dict["rules"][:] = _rules_part(self.rules)

    def _set_dealing(self, cards: Sequence[Card]) -> None:
        """While the cards are dealt a seat sees its own cards so far and the rules, nothing else yet."""
        for rank, count in encoding.counts(cards).items():
            self.dict["hand"][encoding.RANKS.index(rank)] = count
        for index, flag in enumerate(encoding.FLAGS):
            self.dict["rules"][index] = float(getattr(self.rules, flag))
        self.dict["rules"][len(encoding.FLAGS)] = self.rules.deck_count

    def string_from(self, state: IDoubtItState, player: int) -> str:
        if state.dealing:
            self.set_from(state, player)
            text = describe(self.tensor[: self.layout.size], player, self.layout)
            if not self.information_state:
                return text
            return f"{text}\ndealt so far: {' '.join(map(str, state.dealt_to(player)))}"
        episode = state._episode()
        text = episode.memo(("text", player), lambda: describe(episode.observation(player), player, self.layout))
        if not self.information_state:
            return text
        answer = state.pending_answer(player)
        digest, events = state.log_digest(player)
        lines = [text, f"my answer: {'none' if answer is None else 'doubt' if answer else 'decline'}"]
        lines.append(f"log: {events} events, digest {digest.hex()}")
        return "\n".join(lines)


#: The information state's answer slots: doubt, decline, or nothing given yet.
_ANSWER_SLOTS: Final[dict[bool | None, tuple[float, float]]] = {True: (1.0, 0.0), False: (0.0, 1.0), None: (0.0, 0.0)}


@cache
def _rules_part(rules: Rules) -> tuple[float, ...]:
    return (*(float(getattr(rules, flag)) for flag in encoding.FLAGS), float(rules.deck_count))


def describe(vector: Sequence[float] | np.ndarray[Any, Any], seat: int, layout: encoding.Layout) -> str:
    """An observation vector as text, part by part, with seats given by their number at the table."""
    players = layout.players
    values = vector.tolist() if isinstance(vector, np.ndarray) else [float(value) for value in vector]
    # Seat slots are relative (slot 0 is ``seat``): read them in the order of the seats' numbers.
    order = [(other - seat) % players for other in range(players)]
    words: list[str] = [f"seat {seat}"]
    start = 0
    for name, width in layout.parts:
        part = values[start : start + width]
        start += width
        words.append(f"{name}: {_part_text(name, part, order)}")
    return "; ".join(words)


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


_RANK_TEXT: Final = tuple(str(rank) for rank in encoding.RANKS)
_COUNTED: Final = frozenset(("hand", "building", "own_in_pile"))


def _part_text(name: str, values: list[float], order: list[int]) -> str:
    """One part as text; ``order[other]`` is the slot of seat ``other`` in a part of relative seats."""
    if name == "phase":
        return next((phase.value for phase, value in zip(encoding.PHASES, values, strict=True) if value), "-")
    if name == "rules":
        flags = [flag for flag, value in zip(encoding.FLAGS, values, strict=False) if value]
        return f"{' '.join(flags) or 'standard'}, {_number(values[-1])} deck(s)"
    if len(values) == len(encoding.RANKS):
        return _ranks_text(values, counted=name in _COUNTED)
    if len(values) == 1:
        return _number(values[0])
    return _seats_text(values, order, counted=name == "hand_sizes")


def _ranks_text(values: list[float], counted: bool) -> str:
    """A part with one number per rank: the ranks present, with their counts when ``counted``."""
    present = [(rank, value) for rank, value in zip(_RANK_TEXT, values, strict=True) if value]
    shown = [f"{rank}x{_number(value)}" if counted else rank for rank, value in present]
    return " ".join(shown) or "-"


def _seats_text(values: list[float], order: list[int], counted: bool) -> str:
    """A part with one number per seat (in relative order): each seat's number, or the seats flagged."""
    if counted:
        return " ".join(f"{other}:{_number(values[slot])}" for other, slot in enumerate(order))
    return " ".join(str(other) for other, slot in enumerate(order) if values[slot]) or "-"


def event_text(event: Event) -> str:
    """One log event as a line of text: its type, then its fields (cards in notation)."""
    data = event.to_dict()
    kind = data.pop("type")
    fields = [f"{key}={' '.join(map(str, value)) if isinstance(value, list) else value}" for key, value in data.items()]
    return " ".join([kind, *fields])


pyspiel.register_game(_GAME_TYPE, IDoubtItGame)
