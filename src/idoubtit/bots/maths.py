"""The arithmetic the card-counting bots share: rank schedules, the hypergeometric family, how false a
claim looks to a counting player, its doubt bar, and what a hand costs to play out.

Everything here is a pure function of numbers (no view, no bot), so that the counter, the adaptive bot
and the search bot read the rules' arithmetic (R5, D1, D2, R10) from one place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Final, Protocol

from idoubtit.engine import Rank

#: Lists indexed by rank value (``counts[rank]``, Ace = 1 … King = 13; index 0 is unused).
RANK_SLOTS: Final = 14
#: A distance meaning "this rank never comes due at this seat's turns" (13 players and more, V4).
NEVER: Final = 99
#: A plan cost meaning "no plan goes out this way".
INFEASIBLE: Final = 1e9

# ------------------------------------------------------------------------------------------------
# Rank schedules (R5, V1, D1, D2)


def advance(rank_value: int, steps: int, ascending: bool) -> int:
    """The rank value ``steps`` announcements after ``rank_value`` (R5 down, V1 up), Ace = 1."""
    offset = steps if ascending else -steps
    return (rank_value - 1 + offset) % 13 + 1


def rank_after(rank: Rank, steps: int, ascending: bool) -> Rank:
    """The rank due ``steps`` turns after ``rank`` (R5 down, or V1 up); D2: it advances every turn."""
    return Rank(advance(rank, steps, ascending))


def turn_ranks(due: Rank, active: int, ascending: bool, turns: int = 13) -> list[Rank]:
    """The ranks a seat will be due on its next ``turns`` turns, the first being ``due``.

    With ``active`` players still in, the seat's turns come every ``active`` turns (D1), and the due
    rank moves one step per turn (D2).
    """
    return [rank_after(due, turn * active, ascending) for turn in range(turns)]


@lru_cache(maxsize=64)
def own_turn_distances(players: int, ascending: bool) -> tuple[tuple[int, ...], ...]:
    """``table[due][rank]``: in how many of its own turns (1 … 13) a seat whose turn has ``due`` meets
    ``rank`` again, :data:`NEVER` if it never does.

    Turns come round every ``players`` announcements (D1, D2), so the ranks a seat will be due are
    fixed by the seat order: they decide which cards are worth keeping (they can be played truthfully
    later) and which are the cheapest to bluff away.
    """
    table = [[NEVER] * RANK_SLOTS for _ in range(RANK_SLOTS)]
    for due in range(1, RANK_SLOTS):
        for turns in range(13, 0, -1):
            table[due][advance(due, turns * players, ascending)] = turns
    return tuple(tuple(row) for row in table)


def rank_distances(due: Rank, active: int, ascending: bool) -> list[int]:
    """For each rank value, how many of the seat's own turns until it is due (0: now; :data:`NEVER`).

    "Never" happens only when the table size is a multiple of 13 (V4), so the seat meets one rank only.
    """
    distances = list(own_turn_distances(active, ascending)[due])
    distances[due] = 0
    return distances


# ------------------------------------------------------------------------------------------------
# Drawing cards: the hypergeometric family


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> float:
    """Chance of exactly ``hits`` successes in ``draws`` draws without replacement (0 where impossible)."""
    if hits > successes or hits > draws or draws - hits > population - successes or draws > population:
        return 0.0
    return math.comb(successes, hits) * math.comb(population - successes, draws - hits) / math.comb(population, draws)


@lru_cache(maxsize=65536)
def hypergeom_pmf(population: int, successes: int, draws: int) -> tuple[float, ...]:
    """P(X = x) for x = 0 .. min(successes, draws): ``draws`` cards from ``population`` holding ``successes``.

    Arguments are clamped to what is possible, so callers can pass slightly inconsistent counts.
    """
    population = max(population, 0)
    successes = min(max(successes, 0), population)
    draws = min(max(draws, 0), population)
    total = math.comb(population, draws)
    failures = population - successes
    return tuple(
        math.comb(successes, x) * math.comb(failures, draws - x) / total for x in range(min(successes, draws) + 1)
    )


@lru_cache(maxsize=1 << 16)
def hypergeom_tail(population: int, successes: int, draws: int, at_least: int) -> float:
    """P(X >= at_least) for X as in :func:`hypergeom_pmf`, summed exactly before the one division."""
    if at_least <= 0:
        return 1.0
    population = max(population, 0)
    successes = min(max(successes, 0), population)
    draws = min(max(draws, 0), population)
    top = min(successes, draws)
    if at_least > top:
        return 0.0
    failures = population - successes
    hits = sum(math.comb(successes, x) * math.comb(failures, draws - x) for x in range(at_least, top + 1))
    return hits / math.comb(population, draws)


def fractional_pmf(population: float, successes: float, draws: float) -> tuple[float, ...]:
    """:func:`hypergeom_pmf` for expected (fractional) counts: blends the two nearest whole numbers of
    successes, so that 1.3 expected cards of a rank left in the pool still allows a second one."""
    low = int(successes)
    weight = successes - low
    whole_population, whole_draws = round(population), round(draws)
    below = hypergeom_pmf(whole_population, low, whole_draws)
    if weight < 1e-9:
        return below
    above = hypergeom_pmf(whole_population, low + 1, whole_draws)
    if len(above) < len(below):
        return below
    return tuple(
        (1.0 - weight) * (below[x] if x < len(below) else 0.0) + weight * chance for x, chance in enumerate(above)
    )


def poisson_binomial(chances: list[float]) -> list[float]:
    """P(S = s) for S the number of successes of independent trials with the given chances."""
    pmf = [1.0]
    for chance in chances:
        grown = [0.0] * (len(pmf) + 1)
        for successes, weight in enumerate(pmf):
            grown[successes] += weight * (1.0 - chance)
            grown[successes + 1] += weight * chance
        pmf = grown
    return pmf


def convolve(left: Sequence[float], right: Sequence[float]) -> tuple[float, ...]:
    """The pmf of the sum of two independent counts."""
    if len(left) == 1:
        return tuple(right)
    total = [0.0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                total[i + j] += a * b
    return tuple(total)


def any_of(chances: Iterable[float]) -> float:
    """The chance that at least one of independent events with these chances happens."""
    calm = 1.0
    for chance in chances:
        calm *= 1.0 - chance
    return 1.0 - calm


# ------------------------------------------------------------------------------------------------
# Reading a claim, and when to doubt it (R8)


def false_given_claim(
    known: int,
    pmf: Sequence[float],
    count: int,
    cap: int,
    padding: Sequence[float],
    bluffing: Sequence[float],
    hold_back: float,
) -> float:
    """How likely a claim of ``count`` cards is false, given what the claimant may hold and how it plays.

    The claimant holds ``known`` + X cards of the rank, X distributed as ``pmf``. A player who holds
    j >= 1 of them puts them all down (up to the ``cap``), adding b bluff cards with chance
    ``padding[b]``; with none, it bluffs b cards with chance ``bluffing[b]``. The count heard is the only
    evidence, so the answer is P(false and count) / P(count). Counting alone (``pmf``) would call every
    claim of two likely false; a player who has two cards of the rank is just the one who says "two".
    A player holding more than it claims is rare (``hold_back``: it keeps some for later) but possible.
    """
    true = false = 0.0
    for extra, chance in enumerate(pmf):
        if chance <= 0.0:
            continue
        held = min(known + extra, cap)
        if held == 0:
            if count < len(bluffing):
                false += chance * bluffing[count]
        elif held == count:
            true += chance * padding[0]
        elif held > count:
            true += chance * hold_back
        elif count - held < len(padding):
            false += chance * padding[count - held]
    if true + false <= 0.0:
        return 1.0 if count > known + len(pmf) - 1 else 0.5
    return false / (true + false)


#: One cached reader per way of playing (see :func:`counting_reader`).
_READERS: dict[tuple[tuple[float, ...], tuple[float, ...], float], Callable[[int, int, int, int], float]] = {}


def counting_reader(
    padding: tuple[float, ...], bluffing: tuple[float, ...], hold_back: float
) -> Callable[[int, int, int, int], float]:
    """``false_chance(population, successes, draws, count)``: how false a claim of ``count`` cards looks
    to a player who counts, when the claimant's hand of ``draws`` cards comes from ``population`` unseen
    cards holding ``successes`` of the rank and players play as ``padding``, ``bluffing`` and ``hold_back``
    say (:func:`false_given_claim` over a hypergeometric draw). Cached: the rollouts ask it constantly.
    """
    key = (padding, bluffing, hold_back)
    reader = _READERS.get(key)
    if reader is None:

        @lru_cache(maxsize=1 << 16)
        def false_chance(population: int, successes: int, draws: int, count: int) -> float:
            pmf = hypergeom_pmf(population, successes, draws)
            return false_given_claim(0, pmf, count, count + len(pmf), padding, bluffing, hold_back)

        reader = _READERS[key] = false_chance
    return reader


def doubt_threshold(
    base: float,
    pile: int,
    claimant_left: int,
    own_left: int,
    near_out: Sequence[float],
    own_near_out: Sequence[float],
    per_pile_card: float = 0.012,
    pile_cap: float = 0.2,
) -> float:
    """How sure a counting player must be that a claim is false before it doubts.

    The bar rises with the pile (a wrong doubt takes it) and when the doubter is near going out
    (``own_near_out[own_left]``), and falls when the claimant is (``near_out[claimant_left]``): stopping
    a winner is worth most. ``base`` is the player's style.
    """
    threshold = base + min(per_pile_card * pile, pile_cap)
    if claimant_left < len(near_out):
        threshold -= near_out[claimant_left]
    if own_left < len(own_near_out):
        threshold += own_near_out[own_left]
    return threshold


# ------------------------------------------------------------------------------------------------
# What a hand costs to play out (R4, R10)


class PlanCosts(Protocol):
    """The prices of a plan to go out, in turns (the counter's :class:`~idoubtit.bots.counter.CounterParams`)."""

    @property
    def turn_cost(self) -> float: ...
    @property
    def bluff_cost(self) -> float: ...
    @property
    def stack_cost(self) -> float: ...
    @property
    def pile_card_cost(self) -> float: ...
    @property
    def stuck_cost(self) -> float: ...


def plan_cost(
    counts: Sequence[int], ranks_ahead: Sequence[int], distance: Sequence[int], cap: int, costs: PlanCosts, pile: int
) -> float:
    """What holding ``counts`` (cards by rank value) costs, in turns, if played out by the best plan.

    ``ranks_ahead[i]`` is the rank value due on our i-th turn from now (index 0 is this turn, already
    decided) and ``distance[v]`` the first i >= 1 where rank v is due. A plan finishes on turn J with
    all cards of rank ``ranks_ahead[J]`` (truthful, as R10 demands). Every turn before J needs at least
    one card (R4), and every other card must be gone by then: cards whose rank comes up before J go down
    truthfully on their turn, the others are bluffs, one on each turn that has no truthful card and
    stacked onto other plays beyond that. With no such plan the hand is stuck: some last play will be a
    bluff, turned up and caught, and the ``pile`` (at least) comes back.
    """
    total = sum(counts)
    if total == 0:
        return 0.0
    best = INFEASIBLE
    empty = covered = 0
    for finish in range(1, len(ranks_ahead)):
        value = ranks_ahead[finish]
        if distance[value] != finish:
            continue  # a rank met again (tables of 13k players): its first turn was the one to plan for
        held = counts[value]
        covered += held
        others = total - held
        if held and held <= cap and others >= finish - 1 and (others == 0 or finish >= 2):
            spare = total - covered  # cards whose rank is not due before the finish
            cost = (
                costs.turn_cost * finish
                + costs.bluff_cost * max(spare, empty)
                + costs.stack_cost * max(0, spare - empty)
            )
            best = min(best, cost)
        if not held:
            empty += 1
    if best >= INFEASIBLE:
        best = costs.stuck_cost + costs.bluff_cost * total + costs.pile_card_cost * pile
    return best


def rough_finish_cost(
    hand: Sequence[int],
    schedule: Sequence[int],
    cap: int,
    bluff_cost: float,
    stack_cost: float,
    stuck_cost: float,
    stuck_card_cost: float | None = None,
) -> float:
    """About how many turns ``hand`` needs to go out, ``schedule[turn]`` being the rank value due on the
    seat's ``turn``-th turn from now (1: the next): the rollouts' quicker, rougher :func:`plan_cost`.

    Going out takes a turn whose due rank matches every card left (R10), and one play on each turn
    before it: for each possible last turn, the cards due before then go down truthfully, the rest
    must be bluffed (one each on turns with nothing true to play, stacked onto plays otherwise, which
    costs more since a bigger claim is easier to catch). Unlike :func:`plan_cost` it prices every turn
    at one, lets the next turn finish with bluffs still to stack, counts a rank met a second time as a
    turn with nothing true, and caps every plan at the cost of a hand with no true last play in sight:
    ``stuck_cost`` and ``stuck_card_cost`` a card (``bluff_cost`` when not given).
    """
    counts = list(hand)
    total = sum(counts)
    best = total * (bluff_cost if stuck_card_cost is None else stuck_card_cost) + stuck_cost
    playable = 0
    empty = 0
    for turn in range(1, 14):
        held = counts[schedule[turn]]
        if held and held <= cap and total - held >= turn - 1:
            spare = total - playable - held
            cost = turn + bluff_cost * max(spare, empty) + stack_cost * max(0, spare - empty)
            best = min(best, cost)
        if held:
            playable += held
            counts[schedule[turn]] = 0  # a rank met twice in 13 turns (V4 tables) counts once
        else:
            empty += 1
    return best
