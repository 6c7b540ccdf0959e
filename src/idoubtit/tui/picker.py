"""Choosing who plays against you before the game: a strength or a character for every other seat.

``idoubtit play --pick`` opens :class:`PickerApp` (full screen) or, with ``--plain``, asks seat by seat
on standard input (:func:`pick_plainly`). Either way the answer is one bot spec per opponent, in seat
order, as ``--bots`` takes them; the characters are those of :mod:`idoubtit.bots.characters`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TextIO

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Select, Static

from idoubtit.bots import LEVELS
from idoubtit.bots.characters import characters
from idoubtit.i18n import language_of
from idoubtit.tui.text import Translations


def _(message: str) -> str:
    """Marks a string for the catalogs; it is translated where it is shown."""
    return message


#: A line on each of the four strengths, as the browser table says it too (same words, same catalogs).
LEVEL_LINES = {
    "easy": _("Tells the truth whenever it can."),
    "medium": _("Counts the cards and doubts by the odds."),
    "hard": _("Counts the cards and learns how each of you bluffs and doubts."),
    "expert": _("Thinks ahead through the hands it cannot see."),
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a seat may hold: its spec, its short label, and a line on what it is like."""

    spec: str
    label: str
    about: str


def choices(tr: Translations) -> list[Choice]:
    """The strengths, then the characters (named with their difficulty), in ``tr``'s language."""
    _ = tr.gettext
    offered = [Choice(level, _(level), _(LEVEL_LINES[level])) for level in LEVELS]
    for one in characters(language_of(tr)):
        offered.append(Choice(one.key, f"{one.name} ({_(one.difficulty)})", one.description))
    return offered


def _about(offered: Sequence[Choice], spec: str) -> str:
    return next((choice.about for choice in offered if choice.spec == spec), "")


class PickerApp(App[list[str] | None]):
    """One choice per opponent's seat, each with a line on what it is like; "Deal" starts the game.
    Returns the specs in seat order, or None when the person quits."""

    CSS = """
    #picker { padding: 0 1; }
    .seat-choice { height: auto; margin-bottom: 1; }
    .about { color: $text-muted; }
    #picker-buttons { height: auto; }
    #picker-buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit_picking", show=False)]

    def __init__(self, tr: Translations, seats: Sequence[int], chosen: Sequence[str]) -> None:
        super().__init__()
        self.tr, self.seats = tr, list(seats)
        self.offered = choices(tr)
        known = {choice.spec for choice in self.offered}
        self.chosen = [spec if spec in known else "medium" for spec in chosen]

    def compose(self) -> ComposeResult:
        _ = self.tr.gettext
        options = [(choice.label, choice.spec) for choice in self.offered]
        with VerticalScroll(id="picker"):
            yield Static(_("Who plays against you? A strength or a character for every seat."), id="picker-title")
            for index, seat in enumerate(self.seats):
                yield Static(_("Seat %(number)d") % {"number": seat + 1})
                yield Select(options, value=self.chosen[index], allow_blank=False, id=f"seat-{index}")
                yield Static(_about(self.offered, self.chosen[index]), id=f"about-{index}", classes="about seat-choice")
            with Horizontal(id="picker-buttons"):
                yield Button(_("Deal"), id="deal", variant="primary")
                yield Button(_("Quit (q)"), id="leave")

    def on_mount(self) -> None:
        self.title = self.tr.gettext("I Doubt It")
        self.query_one("#seat-0", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        index = int(str(event.select.id).removeprefix("seat-"))
        self.chosen[index] = str(event.value)
        self.query_one(f"#about-{index}", Static).update(_about(self.offered, self.chosen[index]))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.exit(list(self.chosen) if event.button.id == "deal" else None)

    def action_quit_picking(self) -> None:
        self.exit(None)


def pick_plainly(
    tr: Translations, seats: Sequence[int], chosen: Sequence[str], given: TextIO, out: TextIO
) -> list[str] | None:
    """The same choice line by line: the numbered choices once, then a number per seat (an empty
    answer keeps the one shown). Returns None when the input ends."""
    _ = tr.gettext
    offered = choices(tr)
    out.write(_("Who plays against you? A strength or a character for every seat.") + "\n")
    for number, choice in enumerate(offered, start=1):
        out.write(f"  {number:2d}. {choice.label}: {choice.about}\n")
    picked = []
    for seat, default in zip(seats, chosen, strict=True):
        current = default if any(choice.spec == default for choice in offered) else "medium"
        while True:
            shown = next(choice.label for choice in offered if choice.spec == current)
            out.write(_("Seat %(number)d [%(choice)s]: ") % {"number": seat + 1, "choice": shown})
            out.flush()
            line = given.readline()
            if not line:
                return None
            answer = line.strip()
            if not answer:
                picked.append(current)
                break
            if answer.isdigit() and 1 <= int(answer) <= len(offered):
                picked.append(offered[int(answer) - 1].spec)
                break
            out.write(_("Answer with a number from 1 to %(count)d, or nothing to keep it.") % {"count": len(offered)})
            out.write("\n")
    return picked
