"""Resampling the hidden cards of an OpenSpiel state: a history one player cannot tell from the real one.

**What.** :meth:`idoubtit.env.openspiel.IDoubtItState.resample_from_infostate` (what OpenSpiel's ISMCTS
calls) reads the player's information only: :func:`sample_history` gets the player's view (its whole
log), the cards it was dealt and a random stream, never the game, so no card the player did not see can
shape the sample (two real states the player cannot tell apart give the same samples from the same
stream). The sample keeps the public history (every claim, count, doubt, reveal and pile taken, every
hand size) and gives the cards the player never saw identities that fit everything it saw: its own
cards, every turned-up play, the piles it took (which show each play in them), and where the cards it
saw went. It is checked by replaying it through the engine's checked door: the player's view of the
replay must be identical. Other seats' answers to the open claim, unheard, are drawn at random. This
is a consistent sample, not the exact posterior, and the real hidden cards are never a fallback.

**The search** (:func:`searched_history`) walks the log in order. A card of another seat is a *token*:
a card the player has pinned down (it saw it, or saw where it went), or a *blank*, a card nothing has
fixed yet; every card dealt to another seat starts blank. A play the player saw takes its cards from
the seat's hand: a token of each card, else a blank, which becomes that card if a copy is left. A play
the player did not see takes tokens at random, subject to what the rest of the log needs (read once
per log, :class:`~idoubtit.env.sightings.Script`):

* a pinned card the player sees next with another seat must get there through unseen plays whose
  piles the right seats take in time: on its last chance it goes, and it never goes where it cannot
  get there from (with more decks, as long as enough copies can still make all its sightings);
* what the seat keeps must cover what it shows later (cards, and blanks to become the rest: a seat
  about to go out under V3 holds exactly its last play), reading on through the piles it takes (what
  the player saw in them, and how many unseen cards others put in);
* so must the hand of whoever takes this pile, with what this play and the later ones on it bring;
* and no hand may hold more cards that must stay than its later unseen plays leave room for.

When a choice does not fit, the search backtracks to the latest play with another choice; it has a
budget, and a few searches in their own random orders are tried. Blanks never pinned down are drawn
uniformly from the cards left at the end. **The exact fit** (:func:`counted_history`,
:mod:`idoubtit.env.card_counts`): if every search runs out, an integer program over how many copies of
each card each unseen play and each deal held settles it; it is exact, so it always finds a history
(the real one fits), and slower (SciPy's HiGHS: a second or so late in a long game).

Measured with ``python bench/env.py --resample 20`` (counting bots in every seat, a sample every 25
decisions): the old random fitting returned the true deal in 31 % of the calls at 3 players under V3
and in 43-50 % at 5 and 6 under V3, nearly always once a seat had gone out; now no call does. The search
finds a history in every call at 3 and 4 players (4 % of the calls need the exact fit at 5 under V3,
none at 6). The resampled state's history holds its own deal only: its decisions are replayed at the
engine's level, not as encoding steps.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from idoubtit.engine import (
    STANDARD_DECK,
    Action,
    Card,
    Game,
    IDoubtItError,
    PileTaken,
    Play,
    Played,
    Rank,
    Rules,
    View,
    action_of,
)
from idoubtit.env import encoding
from idoubtit.env.episode import Episode
from idoubtit.env.sightings import LoggedPlay, Need, Script, deal_sizes, script_of

#: A card of the sampled history: its identity, or a blank's number (a card nothing has pinned down yet).
Token = Card | int

#: How many searches, each with its own random order, are tried before the exact integer program.
SEARCHES: Final = 6
#: The search's budget (:func:`search_budget`): a base, and steps for each unseen play.
SEARCH_STEPS: Final = 250
SEARCH_STEPS_PER_PLAY: Final = 2


#: What the walk of the log returns when the choices made so far cannot be carried on.
_STUCK: Final = LoggedPlay(-1, -1, -1, 0, Rank.ACE, None)


@dataclass(slots=True)
class _State:
    """A sampled history as far as it is walked: each seat's tokens, the pile's, the copies of each card
    no token holds yet, and the identity each blank was given."""

    hands: list[list[Token]]
    pile: list[Token]
    pool: Counter[Card]
    drawn: dict[int, Card]

    def copy(self) -> _State:
        return _State([list(hand) for hand in self.hands], list(self.pile), self.pool.copy(), dict(self.drawn))

    def covers(
        self, hand: Sequence[Token], window: list[Need], extra: Counter[Card] | None = None, wild: int = 0
    ) -> bool:
        """True if ``hand`` can show what ``window`` needs (:meth:`Script.window`): at each checkpoint, a
        token of each card shown (in the hand, in ``extra`` or come in since), else a blank with a copy of
        it left, else one of the unseen cards that may be anything (``wild`` and those come in since)."""
        blanks = sum(1 for token in hand if isinstance(token, int))
        held = Counter(token for token in hand if isinstance(token, Card))
        if extra:
            held.update(extra)
        for need in window:
            missing = beyond = 0
            for card, count in need.short:
                short = count - held[card]
                if short > 0:
                    missing += short
                    beyond += max(0, short - self.pool[card])
            if beyond > wild + need.wild or missing > blanks + wild + need.wild:
                return False
        return True


def sample_history(
    rules: Rules, player: int, dealt: Sequence[Card], view: View, rng: random.Random
) -> tuple[list[list[Card]], Game]:
    """A random history that ``player`` cannot tell from the real one, as (the deal, the game).

    Its input is the player's information only: ``view`` (the player's whole view, ``since`` 0) and the
    cards it was dealt, in order. :func:`searched_history` first; if its searches run out, the exact
    :func:`counted_history`.
    """
    found = searched_history(rules, player, dealt, view, rng)
    return found if found is not None else counted_history(rules, player, dealt, view, rng)


def searched_history(
    rules: Rules, player: int, dealt: Sequence[Card], view: View, rng: random.Random
) -> tuple[list[list[Card]], Game] | None:
    """A history found by up to :data:`SEARCHES` searches of :func:`search_budget` steps each, each in
    a random order of its own, checked by replaying it through the engine; None if none finds one."""
    script = script_of(rules, player, view.log)
    for _ in range(SEARCHES):
        for deal, actions in _histories(script, dealt, rng, search_budget(script)):
            game = _replayed(rules, deal, actions)
            if game is not None and game.view(player) == view:
                return deal, game
    return None


def counted_history(
    rules: Rules, player: int, dealt: Sequence[Card], view: View, rng: random.Random
) -> tuple[list[list[Card]], Game]:
    """A history from the exact integer program of :mod:`idoubtit.env.card_counts`, checked by replaying
    it through the engine: slower than a search, but it always finds one."""
    from idoubtit.env import card_counts  # SciPy, imported only when a search runs out (it takes a while)

    script = script_of(rules, player, view.log)
    unseen = [card_counts.Unseen(play.seat, play.count, play.cards) for play in script.plays]
    deal, cards = card_counts.solve(rules, player, dealt, view.log, unseen, rng)
    game = _replayed(rules, deal, _actions(script, cards))
    if game is None or game.view(player) != view:
        raise AssertionError("the exact card counts do not replay to the player's view")
    return deal, game


def search_budget(script: Script) -> int:
    """How many steps (a stretch of log walked, a choice tried) the search may take: enough for every
    unseen play and a good deal of backtracking."""
    return SEARCH_STEPS + SEARCH_STEPS_PER_PLAY * sum(1 for play in script.plays if play.cards is None)


def _histories(
    script: Script, dealt: Sequence[Card], rng: random.Random, budget: int
) -> Iterator[tuple[list[list[Card]], list[Action]]]:
    """Histories that fit, found by a depth-first search over the unseen plays' tokens, random first,
    until the search has taken ``budget`` steps."""
    state, deal = _dealt(script, dealt)
    put: list[tuple[Token, ...]] = [() for _ in script.plays]  # each play's tokens on the current path
    stack: list[tuple[LoggedPlay, _State, Iterator[tuple[Token, ...]]]] = []
    start = 0  # the log index the walk goes on from
    while budget > 0:
        budget -= 1
        stop = _walk(script, state, start, put)
        if stop is None:
            yield _resolved(script, state, deal, put, rng)
        elif stop is not _STUCK:
            stack.append((stop, state, _choices(script, state, stop, rng)))
        while stack and budget > 0:  # the next choice at the latest unseen play that has one left
            play, saved, choices = stack[-1]
            choice = next(choices, None)
            if choice is None:
                stack.pop()
                continue
            budget -= 1
            if choice:  # () is a choice tried that did not fit
                state = saved.copy()
                _put_down(state, play, choice, put)
                start = play.index + 1
                break
        else:
            return


def _dealt(script: Script, dealt: Sequence[Card]) -> tuple[_State, list[list[Token]]]:
    """The start: the player's dealt cards, a blank for every card dealt to another seat."""
    rules = script.rules
    pool = Counter(dict.fromkeys(STANDARD_DECK, rules.deck_count))
    pool.subtract(dealt)
    blanks = itertools.count()
    deal: list[list[Token]] = [
        list(dealt) if seat == script.player else [next(blanks) for _ in positions]
        for seat, positions in enumerate(deal_sizes(rules))
    ]
    return _State([list(hand) for hand in deal], [], pool, {}), deal


def _walk(script: Script, state: _State, start: int, put: list[tuple[Token, ...]]) -> LoggedPlay | None:
    """Carry the log on from index ``start`` to the next unseen play (a choice to make, returned), to
    the end (None), or until a seen play or a pile taken does not fit the choices made (:data:`_STUCK`)."""
    for index in range(start, len(script.log)):
        event = script.log[index]
        if isinstance(event, Played):
            play = script.at[index]
            if play.cards is None:
                return play
            if not _show(state, play, put):
                return _STUCK
        elif isinstance(event, PileTaken) and not _take(script, state, event, index):
            return _STUCK
    return None


def _show(state: _State, play: LoggedPlay, put: list[tuple[Token, ...]]) -> bool:
    """A play the player saw: each card from a token of it in the hand, else a blank that becomes it.
    (A token of the card rather than a blank: the blank could become the card later, so it is the
    choice that leaves more open.)"""
    assert play.cards is not None
    hand = state.hands[play.seat]
    for card in play.cards:
        if card in hand:
            hand.remove(card)
            continue
        blank = next((token for token in hand if isinstance(token, int)), None)
        if blank is None or state.pool[card] <= 0:
            return False
        hand.remove(blank)
        state.pool[card] -= 1
        state.drawn[blank] = card
    state.pile.extend(play.cards)
    put[play.number] = play.cards
    return True


def _take(script: Script, state: _State, event: PileTaken, index: int) -> bool:
    """A seat takes the pile; the seat must still be able to show what it shows before its next pile."""
    hand = state.hands[event.seat]
    hand.extend(state.pile)
    state.pile = []
    if event.seat == script.player:
        return True  # every play in a pile the player took is one it saw, with the cards it saw
    return state.covers(hand, script.window(event.seat, index)) and not _crowded(script, event.seat, index, hand)


def _put_down(state: _State, play: LoggedPlay, tokens: tuple[Token, ...], put: list[tuple[Token, ...]]) -> None:
    hand = state.hands[play.seat]
    for token in tokens:
        hand.remove(token)
    state.pile.extend(tokens)
    put[play.number] = tokens


def _choices(script: Script, state: _State, play: LoggedPlay, rng: random.Random) -> Iterator[tuple[Token, ...]]:
    """The tokens an unseen play may put down: a random fitting choice first, then every other that fits
    (() for each choice tried that does not, so that the search can count them); see :class:`_Options`."""
    options = _Options.of(script, state, play, rng)
    if options is None:
        return iter(())
    tried = itertools.chain(
        _selections(options.must, options.ordered, play.count),
        _selections(options.must, [*options.ordered, *options.kept], play.count, beyond=options.ordered),
    )
    return (tokens if tokens and options.fits(tokens) else () for tokens in tried)


@dataclass(frozen=True, slots=True)
class _Options:
    """What an unseen play may put down, in the order the search tries it.

    Each pinned card of the hand must go now (its last chance to reach where the player sees it next),
    must stay (it cannot get there from this pile in time), or may do either (:func:`_grouped`). What
    stays must cover what the seat shows next (:meth:`Script.window`): those cards and enough blanks
    are ``kept`` back, tried only after every choice without them. The seat that takes this pile must be
    able to show what it then shows, from its hand, the pile, and what this play and the later ones on
    the pile bring: what it lacks comes first in ``ordered``, then the rest at random (so the first
    choice is a random part of the hand), cards seen next with this seat last. Neither hand may be left
    holding more cards that must stay than its later unseen plays leave room for (:func:`_crowded`).
    """

    script: Script
    play: LoggedPlay
    state: _State
    hand: list[Token]
    must: list[Token]
    ordered: list[Token]
    kept: list[Token]
    needed: list[Need]
    taker: _Taker | None

    @classmethod
    def of(cls, script: Script, state: _State, play: LoggedPlay, rng: random.Random) -> _Options | None:
        """The options, or None if no choice can fit."""
        hand = state.hands[play.seat]
        groups = _grouped(script, state, play, hand)
        if groups is None:
            return None
        must, free, last = groups
        for group in (free, last):
            rng.shuffle(group)
        options = [*free, *last]
        needed = script.window(play.seat, play.index)
        if play.taker == play.seat:  # the seat takes this pile back: what it shows after that, it holds anyway
            later = [need for need in needed if need.before != play.taken_at]
            if not state.covers([*hand, *state.pile], later):
                return None
            needed = [need for need in needed if need.before == play.taken_at]
        kept = _kept(state, options, _without(_without(hand, must), options), needed)  # besides what must stay
        if kept is None or len(must) > play.count:
            return None
        options = _without(options, kept)
        taker = _Taker.of(script, state, play)
        if taker is not None:
            given = _kept(state, options, taker.holds, taker.needs, taker.joining, taker.wild) or []
            options = [*given, *_without(options, given)]
        return cls(script, play, state, hand, must, options, kept, needed, taker)

    def fits(self, tokens: tuple[Token, ...]) -> bool:
        """True if what stays covers what the seat must show and is not crowded, and the pile's taker can
        show what it must and is not crowded."""
        rest = _without(self.hand, tokens)
        return (
            self.state.covers(rest, self.needed)
            and not _crowded(self.script, self.play.seat, self.play.index, rest)
            and (self.taker is None or self.taker.covered(self.script, self.state, tokens))
        )


@dataclass(frozen=True, slots=True)
class _Taker:
    """The seat that takes an unseen play's pile, as that play sees it: what it will hold then (its hand
    and the pile now; what it puts on the pile meanwhile comes back), what the later plays of others on
    the pile bring (cards the player saw, and ``wild`` unseen ones), and what it must then show."""

    seat: int
    taken_at: int
    holds: list[Token]
    joining: Counter[Card]
    wild: int
    needs: list[Need]

    @classmethod
    def of(cls, script: Script, state: _State, play: LoggedPlay) -> _Taker | None:
        if play.taker is None or play.taken_at is None or play.taker in (script.player, play.seat):
            return None  # a pile the player takes holds only plays it saw; a seat taking its own gets it all back
        joining, wild = script.joining(play)
        holds = [*state.hands[play.taker], *state.pile]
        return cls(play.taker, play.taken_at, holds, joining, wild, script.window(play.taker, play.taken_at))

    def covered(self, script: Script, state: _State, tokens: tuple[Token, ...]) -> bool:
        holds = [*self.holds, *tokens]
        return state.covers(holds, self.needs, self.joining, self.wild) and not _crowded(
            script, self.seat, self.taken_at, holds
        )


def _grouped(
    script: Script, state: _State, play: LoggedPlay, hand: list[Token]
) -> tuple[list[Token], list[Token], list[Token]] | None:
    """The hand's tokens as (must go, free, rather stay: seen next with this seat), leaving out those
    that must stay; None when the player's next sightings of a card cannot all be served, whatever goes.

    Of a card the player sees again, some copies may have to go (to reach a seat they are seen with,
    this being the last chance) or to stay (they cannot get where they are seen next from this pile).
    (Sending a card early where it is seen next, rather than at random, crowds that hand: measured, the
    search then runs out more often.)"""
    must: list[Token] = []
    free: list[Token] = [token for token in hand if isinstance(token, int)]
    last: list[Token] = []
    for card, copies in Counter(token for token in hand if isinstance(token, Card)).items():
        seen = script.next_sighting(card, play.index)
        if seen is None:  # the player never sees it again
            free.extend([card] * copies)
            continue
        index, seat = seen
        go = play.taker is not None and play.taken_at is not None and play.taken_at < index
        go = go and script.reach(play.taker, play.taken_at, seat, index)  # type: ignore[arg-type]
        if script.rules.deck_count == 1:  # a card seen again is this very one: its next sighting decides
            fewest, most = (0 if script.reach(play.seat, play.index, seat, index) else 1), int(go)
        else:
            span = _going(script, state, play, card, copies)
            if span is None:
                return None
            fewest, most = span
        if fewest > most:
            return None
        must.extend([card] * fewest)
        (last if seat == play.seat else free).extend([card] * (most - fewest))
    return must, free, last


def _going(script: Script, state: _State, play: LoggedPlay, card: Card, here: int) -> tuple[int, int] | None:
    """With more decks: how many of the hand's ``here`` copies of ``card`` may go in this play (fewest,
    most) so that every later sighting of the card can still be served by some copy (one already
    somewhere, or a copy no token holds yet); None if no number will do."""
    start = script.future(card, play.index)
    if state.pool[card] >= script.chains(card, start):
        return 0, here  # copies no token holds yet could serve every chain of sightings
    elsewhere: list[tuple[int, int]] = []
    for seat, hand in enumerate(state.hands):
        if seat != play.seat:
            elsewhere.extend([(seat, play.index)] * hand.count(card))
    arriving = [] if play.taker is None or play.taken_at is None else [(play.taker, play.taken_at)]
    elsewhere.extend(arriving * state.pile.count(card))
    fits = [
        going
        for going in range(here + 1)
        if script.served(
            card, start, [*elsewhere, *[(play.seat, play.index)] * (here - going), *arriving * going], state.pool[card]
        )
    ]
    return (min(fits), max(fits)) if fits else None


def _kept(
    state: _State,
    options: list[Token],
    held: list[Token],
    window: list[Need],
    extra: Counter[Card] | None = None,
    wild: int = 0,
) -> list[Token] | None:
    """The options that, with ``held`` (and ``extra`` and ``wild`` as :meth:`_State.covers` reads them),
    cover ``window``: tokens of the cards needed at some checkpoint, then as many blanks as the
    checkpoint needing most of them; None if nothing covers it."""
    staying = Counter(token for token in held if isinstance(token, Card))
    if extra:
        staying.update(extra)
    choosable = Counter(token for token in options if isinstance(token, Card))
    keep: Counter[Card] = Counter()
    for need in window:
        for card, count in need.short:
            keep[card] = max(keep[card], min(choosable[card], count - staying[card]))
    blanks = 0
    have = sum(1 for token in held if isinstance(token, int)) + wild
    for need in window:
        missing = beyond = 0
        for card, count in need.short:
            short = count - staying[card] - keep[card]
            if short > 0:
                missing += short
                beyond += max(0, short - state.pool[card])
        if beyond > wild + need.wild:
            return None
        blanks = max(blanks, missing - have - need.wild)
    spare = [token for token in options if isinstance(token, int)]
    if len(spare) < blanks:
        return None
    return [*keep.elements(), *spare[len(spare) - blanks :]] if blanks else [*keep.elements()]


def _crowded(script: Script, seat: int, after: int, tokens: Sequence[Token]) -> bool:
    """True if ``tokens``, ``seat``'s hand after log index ``after``, hold more cards that must stay than
    some later unseen play of the seat leaves room for (:meth:`Script.room`): cards that must be in the
    hand then (:meth:`Script.stays`) and are not shown before the seat next takes a pile. With more
    decks another copy may be the one seen, so nothing is sure to stay."""
    if script.rules.deck_count > 1:
        return False
    room = script.room(seat, after)
    if not room:
        return False
    stretches = [stretch for token in tokens if isinstance(token, Card) for stretch in script.stays(token, seat, after)]
    return any(
        sum(1 for start, end in stretches if start < index < end and end > take) > keeps for index, take, keeps in room
    )


def _without(tokens: Sequence[Token], removed: Sequence[Token]) -> list[Token]:
    rest = list(tokens)
    for token in removed:
        rest.remove(token)
    return rest


def _selections(
    must: list[Token], ordered: list[Token], count: int, beyond: list[Token] | None = None
) -> Iterator[tuple[Token, ...]]:
    """``must`` and ``count - len(must)`` tokens of ``ordered``: the first ones, then every other
    distinct choice once, earlier tokens preferred (blanks and copies of a card are interchangeable, so
    a choice is how many of each). ``beyond``: only choices that take more of some kind than it holds.
    A choice passed over gives (), so that the search counts it as a step."""
    wanted = count - len(must)
    if wanted < 0 or wanted > len(ordered):
        return
    first = (*must, *ordered[:wanted])
    if beyond is None:
        yield first
    blanks = [token for token in ordered if isinstance(token, int)]
    skip = _kinds(first[len(must) :])
    limits = _kinds(beyond or [])
    for counts in _multisets(list(_kinds(ordered).items()), wanted):
        if beyond is None and counts == skip:
            continue
        if beyond is not None and all(taken <= limits.get(kind, 0) for kind, taken in counts.items()):
            yield ()
            continue
        chosen = list(must)
        for kind, taken in counts.items():
            chosen.extend(blanks[:taken] if isinstance(kind, int) else [kind] * taken)
        yield tuple(chosen)


def _kinds(tokens: Sequence[Token]) -> dict[Token, int]:
    """How many tokens of each kind, in the order they come: every blank is the kind -1."""
    kinds: dict[Token, int] = {}
    for token in tokens:
        kind = -1 if isinstance(token, int) else token
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def _multisets(kinds: list[tuple[Token, int]], count: int) -> Iterator[dict[Token, int]]:
    """Every way to take ``count`` items from ``kinds`` (kind, copies), as many of the first kinds first."""
    spare = [*reversed([*itertools.accumulate(copies for _, copies in reversed(kinds))]), 0]  # copies from each kind on

    def pick(start: int, left: int) -> Iterator[dict[Token, int]]:
        if left == 0:
            yield {}
            return
        if start == len(kinds) or spare[start] < left:
            return
        kind, copies = kinds[start]
        for taken in range(min(copies, left), -1, -1):
            for rest in pick(start + 1, left - taken):
                yield {kind: taken, **rest} if taken else rest

    return pick(0, count)


def _resolved(
    script: Script, state: _State, deal: list[list[Token]], put: list[tuple[Token, ...]], rng: random.Random
) -> tuple[list[list[Card]], list[Action]]:
    """The history with every token a card: blanks never pinned down drawn from the cards left, uniformly."""
    drawn = dict(state.drawn)
    left = list(state.pool.elements())
    rng.shuffle(left)
    for hand in deal:
        for token in hand:
            if isinstance(token, int) and token not in drawn:
                drawn[token] = left.pop()
    assert not left  # as many blanks as cards no token holds

    def card(token: Token) -> Card:
        return drawn[token] if isinstance(token, int) else token

    cards = [tuple(map(card, tokens)) for tokens in put]
    return [list(map(card, hand)) for hand in deal], _actions(script, cards)


def _actions(script: Script, cards: Sequence[tuple[Card, ...]]) -> list[Action]:
    """The history's actions: the log's, each play with ``cards[number]`` (its cards, by play number)."""
    actions: list[Action] = []
    plays = iter(script.plays)
    for event in script.log:
        if isinstance(event, Played):
            play = next(plays)
            actions.append(Play(play.seat, cards[play.number], play.rank))
        else:
            action = action_of(event)  # the engine says which events start an action, and which
            if action is not None:
                actions.append(action)
    return actions


def _replayed(rules: Rules, deal: list[list[Card]], actions: list[Action]) -> Game | None:
    """The sampled history played through the engine's checked door, or None if the engine refuses it."""
    try:
        game = Game.from_hands(rules, deal, first=0)
        for action in actions:
            game.apply(action)
    except IDoubtItError:
        return None
    return game


def resampled_episode(real: Episode, game: Game, player: int, rng: random.Random) -> Episode:
    """An episode on ``game`` carrying over what ``player`` knows of the decisions in progress.

    Its own play being built and its own pending answer stay. Another seat's play being built has as
    many cards, added by random steps; other seats' pending answers, unheard, are drawn at random.
    """
    keys = [key if seat == player else rng.randbytes(16) for seat, key in enumerate(real.keys)]
    episode = Episode(game, keys)
    episode.building[player] = real.building[player]
    for seat, cards in real.building.items():
        if seat != player and cards:
            view = episode.current(seat)
            building: tuple[Card, ...] = ()
            for _ in cards:
                adds = [index for index in encoding.legal_actions(view, building) if index < encoding.ANNOUNCE]
                building, _ = encoding.step(view, building, rng.choice(adds), episode.keys[seat])
            episode.building[seat] = building
    episode.answers = {seat: answer if seat == player else rng.random() < 0.5 for seat, answer in real.answers.items()}
    return episode
