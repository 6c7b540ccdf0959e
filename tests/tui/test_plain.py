"""The plain game, played through a real pipe as a script or a screen reader would."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys

import pytest

from idoubtit import Game, Rules
from idoubtit.bots import make_bot
from idoubtit.i18n import translations
from idoubtit.tui.plain import PlainGame


def play_through_pipe(arguments: list[str], answer_doubts: str = "n") -> tuple[list[str], int]:
    """Run ``idoubtit play --plain`` and answer every question: play the first card, doubt as told."""
    command = [sys.executable, "-m", "idoubtit", "play", "--plain", *arguments]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
    )
    assert process.stdin is not None
    assert process.stdout is not None
    lines: list[str] = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("? "):
            is_turn = "(y/n)" not in line
            process.stdin.write(("1" if is_turn else answer_doubts) + "\n")
            process.stdin.flush()
        assert len(lines) < 50_000, "the game did not end"
    return lines, process.wait(timeout=60)


def test_a_whole_game_through_a_pipe() -> None:
    lines, code = play_through_pipe(["--seed", "3", "--bots", "honest"])
    assert code == 0
    assert lines[0].startswith("I Doubt It — 4 players, 1 deck.")
    assert any(line.startswith("Your hand: 1:") for line in lines)
    assert any("You put down “1 Ace”." in line for line in lines)
    end = next(number for number, line in enumerate(lines) if line.startswith("Game over. Places: 1. "))
    assert all(len(line) <= 80 for line in lines[end:])  # broken at spaces to fit, as the story is
    # Every seat, the winner out (R10) and the others by the cards they were left with, fewest first.
    places = " ".join(lines[end:]).removeprefix("Game over. Places: ").split(", ")
    assert [place.split(".")[0] for place in places] == ["1", "2", "3", "4"]
    assert places[0].endswith(": out")
    left = [int(re.fullmatch(r"\d\. .+: (\d+) cards? left", place).group(1)) for place in places[1:]]  # type: ignore[union-attr]
    assert left == sorted(left)
    assert left[0] > 0


def test_doubting_through_a_pipe_resolves_doubts() -> None:
    lines, code = play_through_pipe(["--seed", "8", "--bots", "random", "--players", "3"], answer_doubts="y")
    assert code == 0
    assert any(line.startswith("You say: “I doubt it!”") for line in lines)
    assert any(line.startswith("Turned up: ") for line in lines)


class TerminalOutput(io.StringIO):
    """Standard output as a terminal: what a person reads, not a script."""

    def isatty(self) -> bool:
        return True


def run_plain(
    answers: str, rules: Rules, seed: int = 1, language: str = "en", terminal: bool = False
) -> tuple[str, int]:
    game = Game.deal(rules, seed)
    bots = {seat: make_bot("honest", random.Random(seat)) for seat in range(1, rules.players)}
    output = TerminalOutput() if terminal else io.StringIO()
    code = PlainGame(game, bots, translations(language), io.StringIO(answers), output).run()
    return output.getvalue(), code


def test_bad_input_is_explained_and_asked_again() -> None:
    text, code = run_plain("99\nZZ\n1 1\nhelp\nquit\n", Rules(3))
    assert code == 1
    assert "Not allowed: there is no card 99; your cards are numbered 1 to 18" in text
    assert "Not allowed: “ZZ” is not a card: write rank then suit" in text
    assert "Not allowed: a card number is given twice" in text
    assert "On your turn, name the cards" in text
    assert text.rstrip().endswith("Game stopped.")


def test_cards_can_be_named_and_another_rank_announced() -> None:
    rules = Rules(3)
    hand = Game.deal(rules, 1).hand(0)
    text, _ = run_plain(f"{hand[0]} as K\n", rules)
    assert f"You put down “1 King”. (really: {hand[0].pretty()})" in text
    assert "You announced Kings, but Aces were due." in text
    assert "You take the pile (1 card)." in text


def test_the_ace_of_spades_is_a_card_and_not_the_word_as() -> None:
    text, _ = run_plain("AS 2 as A\n", Rules(3, strict_announcing=True), seed=1)
    # Whatever the deal, "AS" must be read as a card and "as A" as the announcement.
    assert "is not a rank" not in text


def test_v5_strict_announcing_needs_the_rank() -> None:
    text, _ = run_plain("1\n1 as A\n", Rules(3, strict_announcing=True))
    assert "Not allowed: say which rank you announce" in text
    assert "You put down “1 Ace”." in text


def test_refusals_are_explained_in_the_players_language() -> None:
    rules = Rules(3)
    held = set(Game.deal(rules, 1).hand(0))
    missing = next(card for card in Game.deal(rules, 2).hand(0) if card not in held)
    text, _ = run_plain(f"{missing}\nquit\n", rules, language="af")
    assert f"jy het nie {missing.pretty()} nie" in text
    assert "does not hold" not in text  # the engine's English never reaches the player


def test_end_of_input_stops_the_game_cleanly() -> None:
    text, code = run_plain("", Rules(3))
    assert code == 1
    assert "Game stopped." in text


def deal_with_aces(players: int = 3) -> tuple[int, list[str]]:
    """A seed whose deal gives seat 0 at least one Ace (the first due rank, R5), and those Aces."""
    for seed in range(100):
        aces = [card.pretty() for card in Game.deal(Rules(players), seed).hand(0) if card.rank.symbol == "A"]
        if aces:
            return seed, aces
    raise AssertionError("no deal with an Ace for seat 0")


def test_an_empty_answer_puts_down_the_cards_of_the_due_rank() -> None:
    seed, aces = deal_with_aces()
    text, _ = run_plain("\nquit\n", Rules(3), seed=seed)
    assert f"Enter alone puts down the Aces you hold: {' '.join(aces)}." in text
    count = f"{len(aces)} Ace" + ("s" if len(aces) > 1 else "")
    assert f"You put down “{count}”." in text
    assert "Not allowed" not in text


def test_an_empty_answer_without_the_due_rank_asks_for_cards_in_words_a_person_reads() -> None:
    seed = next(
        seed for seed in range(100) if all(card.rank.symbol != "A" for card in Game.deal(Rules(3), seed).hand(0))
    )
    text, _ = run_plain("\n1\nquit\n", Rules(3), seed=seed)
    assert "Not allowed: you hold none of the rank that is due: give the numbers of the cards to put down" in text
    assert "play 0" not in text  # the engine's notation is not a person's answer
    assert "You put down “1 Ace”." in text  # asked again, the card number is taken


def test_under_v5_the_picked_cards_can_be_announced_with_as_alone() -> None:
    seed, aces = deal_with_aces()
    text, _ = run_plain("\nas A\nquit\n", Rules(3, strict_announcing=True), seed=seed)
    assert "Not allowed: say which rank you announce" in text  # V5: the rank is never filled in
    count = f"{len(aces)} Ace" + ("s" if len(aces) > 1 else "")
    assert f"You put down “{count}”." in text


def test_computer_players_have_names_and_are_marked_within_80_columns() -> None:
    text, _ = run_plain("quit\n", Rules(11), language="mn")
    table = next(line for line in text.splitlines() if line.startswith("Ширээнд: "))
    assert table.startswith("Ширээнд: Та, ")
    assert "(компьютер)" in table
    assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("? "))


@pytest.mark.parametrize("language", ["en", "mn", "lb", "af"])
def test_a_hand_of_thirteen_breaks_between_cards_within_80_columns(language: str) -> None:
    text, _ = run_plain("quit\n", Rules(4), language=language)
    lines = [line for line in text.splitlines() if not line.startswith("? ")]
    assert all(len(line) <= 80 for line in lines)
    start = next(number for number, line in enumerate(lines) if "1:" in line)
    hand = lines[start : start + 2]
    assert len(hand[1]) - len(hand[1].lstrip()) == hand[0].index("1:")  # the second line under the first card
    numbers = [int(entry.split(":")[0]) for line in hand for entry in line.split() if ":" in entry[:3]]
    assert numbers == list(range(1, 14))  # every card whole, in order


@pytest.mark.parametrize("language", ["en", "mn", "lb", "af"])
def test_on_a_terminal_a_long_question_breaks_at_spaces_within_80_columns(language: str) -> None:
    seed, _ = deal_with_aces(4)  # the question then adds which Aces Enter alone puts down: the longest one
    text, _ = run_plain("quit\n", Rules(4), seed=seed, language=language, terminal=True)
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith("? "))
    length = next(n for n, line in enumerate(lines[start + 1 :], 1) if not line.startswith("  "))
    question = lines[start : start + length]
    assert len(question) > 1  # too long for one line of 80 columns
    assert all(len(line) <= 80 for line in lines)
    piped, _ = run_plain("quit\n", Rules(4), seed=seed, language=language)
    whole = next(line for line in piped.splitlines() if line.startswith("? "))
    assert " ".join(line[2:] for line in question) == whole[2:]  # every word whole, in order


def test_through_a_pipe_a_question_stays_one_line_for_scripts() -> None:
    seed, aces = deal_with_aces(4)
    text, _ = run_plain("quit\n", Rules(4), seed=seed)
    question = next(line for line in text.splitlines() if line.startswith("? "))
    assert len(question) > 80
    assert question.endswith(f"Enter alone puts down the Aces you hold: {' '.join(aces)}.")


def test_the_number_of_decks_is_said_with_its_plural() -> None:
    one, _ = run_plain("quit\n", Rules(4), language="af")
    two, _ = run_plain("quit\n", Rules(6), language="af")
    assert "4 spelers, 1 pak kaarte." in one
    assert "6 spelers, 2 pakke kaarte." in two
    lb, _ = run_plain("quit\n", Rules(7), language="lb")
    assert "7 Spiller, 2 Kaartespiller." in lb
    assert "(s)" not in one + two + lb


def test_the_coach_speaks_before_each_decision_of_ours() -> None:
    game = Game.deal(Rules(3), 4)
    bots = {seat: make_bot("medium", random.Random(seat)) for seat in (1, 2)}
    out = io.StringIO()
    answers = io.StringIO("1\nn\n" * 400)  # the first card on our turn, no doubt to a claim
    PlainGame(game, bots, translations("en"), answers, out, coach=True).run()
    lines = out.getvalue().splitlines()
    turns = [number for number, line in enumerate(lines) if line.startswith("Due: ")]  # our turn's status
    claims = [  # each claim put to us (not the same question asked again after an answer it did not take)
        number
        for number, line in enumerate(lines)
        if line.startswith("? ") and "(y/n)" in line and not lines[number - 1].startswith("Answer y")
    ]
    assert turns
    assert claims
    for number in turns:  # the coach's move follows our turn's status line
        assert lines[number + 1].startswith("Coach: ")
    for number in claims:  # and its reading of a claim comes right before the question (maybe wrapped)
        assert any(line.startswith("Coach: bluff ") for line in lines[max(0, number - 3) : number])


def test_without_the_coach_nobody_speaks_for_it() -> None:
    game = Game.deal(Rules(3), 4)
    bots = {seat: make_bot("medium", random.Random(seat)) for seat in (1, 2)}
    out = io.StringIO()
    PlainGame(game, bots, translations("en"), io.StringIO("\n" + "n\n\n" * 400), out).run()
    assert "Coach:" not in out.getvalue()
