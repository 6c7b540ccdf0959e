"""Puzzles from real games: "Doubt or not?" and "What do you play?", each a position a seat really met,
whose answer the expert finds clearly best from that seat's view.

**Where they come from.** A finished game (bot games, or an archive's) is walked as the review walks it
(:mod:`idoubtit.coach.review`): an expert (:class:`~idoubtit.bots.search.SearchBot`) is fed the seat's
views in order, and at each decision of the seat it weighs every option with :data:`ITERATIONS` sampled
deals (N). A position is kept only when the answer is clear:

* the best option beats every other the expert weighed by :data:`MARGIN` (8 points of win chance) or more;
* a fresh search, with the same knowledge of the game but another seed and twice the deals (2N),
  picks the same option, ahead of every other by at least :data:`CONFIRM_SHARE` of that margin
  (three quarters of it: 6 points).

The chances a puzzle shows are the second search's (twice the deals). A "doubt" puzzle is a doubt
window: doubt the claim, or let it go. A "play" puzzle offers the expert's candidate plays, at most
:data:`MAX_OPTIONS` of them: the best and its closest rivals, listed by size (never by chance, which
would give the answer away).

**Difficulty** comes from the level bots (``easy`` and ``medium``, see :data:`idoubtit.bots.LEVELS`),
each fed the same seat's views: **hard** when the medium bot would not have chosen the answer; **medium**
when it would have but the easy bot would not, or when both would but the answer leads by less than
:data:`EASY_LEAD` (20 points); **easy** when both would have and it leads by that much or more.

**What a puzzle holds** is what its seat could know then, and nothing else: the seat's whole view
(:meth:`~idoubtit.engine.View.to_dict`: its hand, the public log with its own secrets, the hand sizes,
the claim), the rules, the options in notation, the answer, each option's chance and why. Never another
seat's cards, the pile's face-down cards or the deal's seed. A shipped set packs each view
(:mod:`idoubtit.coach.seat_view`) and is read back whole.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from idoubtit.bots import make_bot, play_out, start_game
from idoubtit.bots.base import Bot
from idoubtit.bots.search import SearchBot
from idoubtit.coach.puzzle_reasons import doubt_why, play_why, sentence
from idoubtit.coach.review import _as_seat, _decides
from idoubtit.coach.seat_view import pack_view, unpack_view, view_from_dict
from idoubtit.engine import Action, Decline, Doubt, Game, MalformedInputError, Play, Rules, View, parse_action, sort_key

if TYPE_CHECKING:  # only its type: reading puzzles needs no database
    from idoubtit.archive import Archive

#: Sampled deals of the first search (N); the confirming search has twice as many.
ITERATIONS: Final = 120
#: The least lead (0–1, of win chance) of the best option over every other, in the first search.
MARGIN: Final = 0.08
#: The share of :data:`MARGIN` the confirming search's lead must keep.
CONFIRM_SHARE: Final = 0.75
#: With this lead or more (and both level bots right) a puzzle is easy.
EASY_LEAD: Final = 0.20
#: The most options a play puzzle offers.
MAX_OPTIONS: Final = 4
KINDS: Final = ("doubt", "play")
DIFFICULTIES: Final = ("easy", "medium", "hard")
#: The level bots whose choices tell a puzzle's difficulty.
LEVEL_BOTS: Final = ("easy", "medium")
#: Who sits at the bot games puzzles come from: the levels and the characters, mixed.
BOT_FIELD: Final = ("easy", "medium", "hard", "bluffer", "doubter", "rock", "cautious")
TABLE_SIZES: Final = (3, 4, 5, 6)
SET_FORMAT: Final = "idoubtit-puzzles/1"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One position and its answer. ``view`` is the seat's :meth:`~idoubtit.engine.View.to_dict` then;
    ``wins[i]`` is ``options[i]``'s chance to win (0–1); ``why`` the reason's key and numbers and
    ``reason`` its English sentence; ``levels`` which level bots would have chosen the answer; ``check``
    the two searches' deals and leads (points)."""

    id: str
    kind: str
    difficulty: str
    rules: dict[str, Any]
    view: dict[str, Any]
    options: tuple[str, ...]
    wins: tuple[float, ...]
    answer: str
    why: dict[str, Any]
    reason: str
    levels: dict[str, bool] = field(default_factory=dict)
    check: dict[str, float] = field(default_factory=dict)

    @property
    def seat(self) -> int:
        seat: int = self.view["seat"]
        return seat

    @property
    def answer_index(self) -> int:
        return self.options.index(self.answer)

    def seat_view(self) -> View:
        """The seat's view as a :class:`~idoubtit.engine.View`, to read or to search again."""
        return view_from_dict(self.view)

    def to_dict(self, packed: bool = False) -> dict[str, Any]:
        """A JSON-ready dict; ``packed`` stores the view small (``"packed"`` instead of ``"view"``)."""
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "difficulty": self.difficulty, "rules": self.rules}
        if packed:
            data["packed"] = pack_view(self.view)
        else:
            data["view"] = self.view
        data.update(
            options=list(self.options),
            wins=[round(win, 4) for win in self.wins],
            answer=self.answer,
            why=self.why,
            reason=self.reason,
            levels=self.levels,
            check=self.check,
        )
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Read :meth:`to_dict` back, packed or not."""
        try:
            view = data["view"] if "view" in data else unpack_view(data["packed"], data["rules"])
            puzzle = cls(
                id=data["id"],
                kind=data["kind"],
                difficulty=data["difficulty"],
                rules=data["rules"],
                view=view,
                options=tuple(data["options"]),
                wins=tuple(data["wins"]),
                answer=data["answer"],
                why=data["why"],
                reason=data["reason"],
                levels=data.get("levels", {}),
                check=data.get("check", {}),
            )
        except (KeyError, TypeError) as error:
            raise MalformedInputError(f"not a puzzle: {error}") from None
        if puzzle.kind not in KINDS or puzzle.difficulty not in DIFFICULTIES or puzzle.answer not in puzzle.options:
            raise MalformedInputError(f"puzzle {puzzle.id}: its kind, difficulty or answer is not one it may have")
        return puzzle


# --------------------------------------------------------------------------------------------------
# Finding puzzles in a game


@dataclass(frozen=True, slots=True)
class Search:
    """How hard the expert looks: ``iterations`` deals first (N), twice as many to confirm; ``seed``
    seeds both searches (each seat and game its own stream)."""

    iterations: int = ITERATIONS
    margin: float = MARGIN
    seed: int | str = 0


def puzzles_in_game(
    record: dict[str, Any], search: Search | None = None, seats: Iterable[int] | None = None
) -> list[Puzzle]:
    """Every clear position of a finished game, at each seat in ``seats`` (default: every seat)."""
    game = Game.replay({**record, "actions": []})
    if not Game.replay(record).is_over:
        raise MalformedInputError("puzzles come from finished games; this one is not over")
    chosen = range(game.rules.players) if seats is None else seats
    return [puzzle for seat in chosen for puzzle in puzzles_at_seat(record, seat, search or Search())]


def puzzles_at_seat(record: dict[str, Any], seat: int, search: Search) -> Iterator[Puzzle]:
    """The clear positions ``seat`` met in a finished game, walking its views in order."""
    game = Game.replay({**record, "actions": []})
    game_key = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]
    label = f"{search.seed}/{game_key}/{seat}"
    expert = SearchBot(rng=random.Random(f"puzzles/{label}"), iterations=search.iterations)
    expert.start(seat, game.rules)
    levels: dict[str, Bot] = {level: make_bot(level, random.Random(f"{level}/{label}")) for level in LEVEL_BOTS}
    for bot in levels.values():
        start_game(bot, seat, game.rules)
    for step, text in enumerate(record.get("actions", [])):
        action = parse_action(text)
        if _decides(game, seat, action):
            view = game.view(seat)
            picks = {level: bot.act(view) for level, bot in levels.items()}
            puzzle = _position(expert, view, picks, search, f"{label}/{step}")
            expert.chose(_as_seat(action, seat))
            if puzzle is not None:
                yield puzzle
        game.apply(action)


def _position(expert: SearchBot, view: View, picks: dict[str, Action], search: Search, label: str) -> Puzzle | None:
    """The puzzle at this decision, if its answer is clear (see the module's docstring)."""
    fresh = copy.deepcopy(expert)  # the same knowledge of the game as the expert before this view
    options, wins, _choice = expert.option_values(view)
    if len(options) < 2:
        return None
    best, lead = _lead(wins)
    if lead < search.margin:
        return None
    fresh.rng = random.Random(f"confirm/{label}")
    fresh.iterations = 2 * search.iterations
    again, again_wins, _ = fresh.option_values(view, options)
    confirmed, confirmed_lead = _lead(again_wins)
    if not same_action(again[confirmed], options[best]) or confirmed_lead < CONFIRM_SHARE * search.margin:
        return None
    answer = options[best]
    offered = _offered(view, options, wins, best)
    chances = [next(w for o, w in zip(again, again_wins, strict=True) if same_action(o, option)) for option in offered]
    why = doubt_why(view, answer, expert) if not view.must_play else play_why(view, _play(answer), offered, chances)
    right = {level: same_action(pick, answer) for level, pick in picks.items()}
    data = view.to_dict()
    return Puzzle(
        id=_puzzle_id(data),
        kind="play" if view.must_play else "doubt",
        difficulty=difficulty_of(right, min(lead, confirmed_lead)),
        rules=view.rules.to_dict(),
        view=data,
        options=tuple(str(option) for option in offered),
        wins=tuple(round(chance, 4) for chance in chances),
        answer=str(answer),
        why=why,
        reason=sentence(why),
        levels=right,
        check={
            "deals": search.iterations,
            "lead": round(100 * lead, 1),
            "confirm_deals": 2 * search.iterations,
            "confirm_lead": round(100 * confirmed_lead, 1),
        },
    )


def _lead(wins: Sequence[float]) -> tuple[int, float]:
    """The best option's index and its lead over the next best."""
    best = max(range(len(wins)), key=wins.__getitem__)
    return best, wins[best] - max(win for index, win in enumerate(wins) if index != best)


def _offered(view: View, options: Sequence[Action], wins: Sequence[float], best: int) -> list[Action]:
    """The options a puzzle shows: a doubt window's two answers (doubt first), or the best play and its
    closest rivals, at most :data:`MAX_OPTIONS`, smallest plays first."""
    if not view.must_play:
        return sorted(options, key=lambda option: not isinstance(option, Doubt))
    ranked = sorted(range(len(options)), key=lambda index: (index != best, -wins[index]))
    shown = [_play(options[index]) for index in ranked[:MAX_OPTIONS]]
    shown.sort(key=lambda play: (len(play.cards), sorted(map(sort_key, play.cards))))
    return list(shown)


def _play(action: Action) -> Play:
    assert isinstance(action, Play), "a play puzzle's options are plays"
    return action


def same_action(one: Action, other: Action) -> bool:
    """The same decision: the same answer to a claim, or the same cards put down (in any order)."""
    if isinstance(one, Play) and isinstance(other, Play):
        return one.seat == other.seat and sorted(map(str, one.cards)) == sorted(map(str, other.cards))
    if isinstance(one, Doubt) and isinstance(other, Doubt):
        return set(one.seats) == set(other.seats)
    return isinstance(one, Decline) and one == other


def difficulty_of(right: dict[str, bool], lead: float) -> str:
    """How hard a puzzle is, from which level bots would have chosen its answer and by how much it leads.

    >>> difficulty_of({"easy": True, "medium": True}, 0.3), difficulty_of({"easy": True, "medium": True}, 0.1)
    ('easy', 'medium')
    >>> difficulty_of({"easy": False, "medium": True}, 0.5), difficulty_of({"easy": True, "medium": False}, 0.5)
    ('medium', 'hard')
    """
    if not right.get("medium", False):
        return "hard"
    if not right.get("easy", False) or lead < EASY_LEAD:
        return "medium"
    return "easy"


def _puzzle_id(view: dict[str, Any]) -> str:
    """A name for the position, the same wherever it is found (a hash of the seat's view)."""
    text = json.dumps([view["rules"], view["seat"], view["hand"], view["log"]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# --------------------------------------------------------------------------------------------------
# Games to find them in


def bot_game(number: int, seed: int | str = 0) -> dict[str, Any]:
    """The record of bot game ``number`` of ``seed``'s series: 3 to 6 seats of levels and characters."""
    rng = random.Random(f"puzzle-games/{seed}/{number}")
    players = rng.choice(TABLE_SIZES)
    specs = [rng.choice(BOT_FIELD) for _ in range(players)]
    game = Game.deal(Rules(players), rng.randrange(2**31))
    bots = [make_bot(spec, random.Random(rng.random())) for spec in specs]
    return play_out(game, bots).record()


def bot_games(count: int, seed: int | str = 0) -> Iterator[dict[str, Any]]:
    return (bot_game(number, seed) for number in range(count))


def archive_games(archive: Archive, count: int) -> Iterator[dict[str, Any]]:
    """The records of the archive's newest ``count`` finished games (games being played are skipped)."""
    found, before = 0, None
    while found < count:
        page = archive.recent_games(before, 100)
        for entry in page.games:
            if entry.status == "finished" and found < count:
                record = archive.game_record(entry.id)
                if Game.replay(record).is_over:
                    found += 1
                    yield record
        if page.before is None:
            return
        before = page.before


# --------------------------------------------------------------------------------------------------
# Sets of puzzles


@dataclass(frozen=True, slots=True)
class Quotas:
    """How many puzzles a set takes: at most ``per_cell`` of each kind and difficulty (None: no limit),
    and at most ``per_seat`` of each from one seat's game, so that one game does not fill the set."""

    per_cell: int | None = None
    per_seat: int = 2

    def full(self, counts: Counter[tuple[str, str]]) -> bool:
        cells = [(kind, difficulty) for kind in KINDS for difficulty in DIFFICULTIES]
        return self.per_cell is not None and all(counts[cell] >= self.per_cell for cell in cells)


def gather(
    records: Iterable[dict[str, Any]],
    search: Search | None = None,
    quotas: Quotas | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Puzzle]:
    """Puzzles from ``records`` (finished games), taken by ``quotas``; ``progress(games, puzzles)`` after
    each game. Of a seat's clear positions, those a quota leaves room for are picked at random (seeded)."""
    search, quotas = search or Search(), quotas or Quotas()
    taken: list[Puzzle] = []
    counts: Counter[tuple[str, str]] = Counter()
    known: set[str] = set()
    for number, record in enumerate(records, start=1):
        players = Rules.from_dict(record["rules"]).players
        for seat in range(players):
            found = list(puzzles_at_seat(record, seat, search))
            random.Random(f"pick/{search.seed}/{number}/{seat}").shuffle(found)
            here: Counter[tuple[str, str]] = Counter()
            for puzzle in found:
                cell = (puzzle.kind, puzzle.difficulty)
                if puzzle.id in known or here[cell] >= quotas.per_seat:
                    continue
                if quotas.per_cell is not None and counts[cell] >= quotas.per_cell:
                    continue
                taken.append(puzzle)
                known.add(puzzle.id)
                counts[cell] += 1
                here[cell] += 1
        if progress is not None:
            progress(number, len(taken))
        if quotas.full(counts):
            break
    return taken


def shipped_path() -> Path:
    """The set of puzzles that comes with the package."""
    return Path(str(resources.files("idoubtit.coach") / "puzzles.json"))


def load_set(path: Path | None = None) -> list[Puzzle]:
    """The puzzles of a set file (default: the shipped one)."""
    target = path or shipped_path()
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise MalformedInputError(f"cannot read the puzzles in {target}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != SET_FORMAT:
        raise MalformedInputError(f"{target} is not a set of puzzles (it needs 'format': {SET_FORMAT!r})")
    return [Puzzle.from_dict(item) for item in data.get("puzzles", [])]


def set_text(puzzles: Sequence[Puzzle], made_by: str = "") -> str:
    """A set file's text: one packed puzzle a line, so that the file stays small and diffs stay readable."""
    head = json.dumps({"format": SET_FORMAT, "made_by": made_by, "count": len(puzzles)}, ensure_ascii=False)
    lines = [json.dumps(puzzle.to_dict(packed=True), ensure_ascii=False, separators=(",", ":")) for puzzle in puzzles]
    return head[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


def save_set(puzzles: Sequence[Puzzle], path: Path, made_by: str = "") -> None:
    path.write_text(set_text(puzzles, made_by), encoding="utf-8")


def choose(
    puzzles: Sequence[Puzzle],
    count: int,
    rng: random.Random,
    kind: str | None = None,
    difficulty: str | None = None,
) -> list[Puzzle]:
    """Up to ``count`` different puzzles of that kind and difficulty (any, when None), at random."""
    fitting = [p for p in puzzles if kind in (None, p.kind) and difficulty in (None, p.difficulty)]
    return rng.sample(fitting, min(count, len(fitting)))


def confirm(puzzle: Puzzle, iterations: int = 2 * ITERATIONS, seed: int | str = 0) -> tuple[str, float]:
    """Search the puzzle again from its view alone (a fresh expert, ``iterations`` deals): the offered
    option it finds best and its lead over the others offered."""
    best, lead = _lead(searched_chances(puzzle, iterations, seed))
    return puzzle.options[best], lead


def searched_chances(puzzle: Puzzle, iterations: int = 2 * ITERATIONS, seed: int | str = 0) -> list[float]:
    """Each offered option's chance to win, as a fresh expert searches the puzzle's view alone."""
    view = puzzle.seat_view()
    assert view.seat is not None
    expert = SearchBot(rng=random.Random(f"check/{seed}/{puzzle.id}"), iterations=iterations)
    expert.start(view.seat, view.rules)
    offered = [parse_action(text) for text in puzzle.options]
    options, wins, _ = expert.option_values(view, offered)
    return [next(w for o, w in zip(options, wins, strict=True) if same_action(o, option)) for option in offered]


def recheck(puzzles: Iterable[Puzzle], iterations: int = 2 * ITERATIONS, seed: int | str = "recheck") -> list[Puzzle]:
    """The puzzles whose answer today's expert still finds as clearly as a new puzzle's confirming search
    must (the same answer, ahead of every other option by :data:`CONFIRM_SHARE` of :data:`MARGIN`), each
    showing this search's chances; the others are left out. When the expert changes, a set made by an
    earlier expert is rechecked so that no puzzle teaches an answer the expert no longer plays."""
    kept: list[Puzzle] = []
    for puzzle in puzzles:
        chances = searched_chances(puzzle, iterations, seed)
        best, lead = _lead(chances)
        if puzzle.options[best] != puzzle.answer or lead < CONFIRM_SHARE * MARGIN:
            continue
        first_lead = puzzle.check.get("lead", 100.0) / 100
        check = {**puzzle.check, "confirm_deals": iterations, "confirm_lead": round(100 * lead, 1)}
        why = puzzle.why
        if puzzle.kind == "play":  # a play's reason may quote the chances: these, now
            offered = [parse_action(text) for text in puzzle.options]
            why = play_why(puzzle.seat_view(), _play(parse_action(puzzle.answer)), offered, chances)
        kept.append(
            dataclasses.replace(
                puzzle,
                wins=tuple(round(chance, 4) for chance in chances),
                difficulty=difficulty_of(puzzle.levels, min(first_lead, lead)),
                why=why,
                reason=sentence(why),
                check=check,
            )
        )
    return kept
