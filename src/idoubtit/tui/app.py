"""The full-screen terminal game (Textual): you against computer players.

Keys: ←/→ (and ↑/↓ in a big hand) move between your cards, Enter or Space picks a card, ``p`` plays
the picked cards, ``d`` says "I doubt it", ``n`` lets a claim go, ``c`` clears the pick, ``q`` quits.
Everything can be clicked with the mouse too. On your turn the cards of the due rank are picked for
you, as at the browser table.

The table fits an 80×24 terminal in every language: the hand wraps onto as many rows as it needs,
the players are listed in columns, and the choices go onto two rows (and flat buttons) when one row
of full-size buttons does not fit.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import ClassVar, Self

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ItemGrid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, RichLog, Select, Static

from idoubtit.bots import Bot
from idoubtit.bots.runner import ask as ask_bot
from idoubtit.bots.runner import settle_window, window_answers
from idoubtit.coach import Coach
from idoubtit.engine import Card, Game, IDoubtItError, Phase, Rank
from idoubtit.tui.text import (
    Narrator,
    Translations,
    called_note,
    claim_words,
    coach_text,
    doubt_call,
    explain,
    finishing_order,
    rank_names,
    seat_label,
    seat_names,
    table_coach,
    truthful_pick,
)

#: Below this many rows the buttons are flat (one row high instead of three).
TALL_BUTTONS_FROM = 32
#: Cells a card takes in the hand: "10♥" with a space either side, and a space before the next card.
CARD_WIDTH = 6


class CardButton(Button, inherit_bindings=False):
    """One card of the hand; pressing it picks it or puts it back.

    Enter is the table's (:meth:`TableApp.action_pick`), not the button's: keys typed ahead of the focus
    (a held arrow, then Enter) reach the card the focus is still leaving, and the table's cursor knows
    the card the keyboard is really on."""

    def __init__(self, card: Card, position: int) -> None:
        super().__init__(card.pretty(), name=f"card-{position}", classes="card", compact=True)
        self.position, self.picked = position, False
        self.show(card)

    def toggle(self) -> None:
        self.picked = not self.picked
        self.set_class(self.picked, "picked")

    def show(self, card: Card) -> None:
        """Show another card in this place of the hand, not picked (the hand is redrawn in place)."""
        self.card = card
        self.label = card.pretty()
        self.set_class(card.suit.value in "HD", "red")
        if self.picked:
            self.toggle()

    def press(self) -> Self:
        """Pick or put back the card at once, not when the Pressed message comes round: a key typed
        right after (Enter then p, typed ahead) must find the card picked."""
        if not self.disabled:
            self.toggle()
        return super().press()


class ResultScreen(ModalScreen[bool]):
    """The end of a game: the places, and the choice of another game."""

    # Not shown in the footer: the buttons carry the translated names of these keys.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "again", show=False),
        Binding("q", "leave", show=False),
    ]

    def __init__(self, summary: str, tr: Translations) -> None:
        super().__init__()
        self.summary, self.tr = summary, tr

    def compose(self) -> ComposeResult:
        _ = self.tr.gettext
        with Vertical(id="result"):
            yield Static(self.summary, id="result-text")
            with Horizontal(id="result-buttons"):
                yield Button(_("New game (n)"), id="again", variant="primary")
                yield Button(_("Quit (q)"), id="leave")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "again")

    def action_again(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)


class TableApp(App[None]):
    """The table: the due rank, the pile, the players, the story so far, your hand and your choices."""

    CSS = """
    Screen { layout: vertical; }
    #table { height: auto; border: round $accent; padding: 0 1; }
    #status { text-style: bold; }
    #seats { grid-gutter: 0 2; }
    #log { height: 1fr; min-height: 3; border: round $primary; }
    #prompt { height: auto; padding: 0 1; text-style: bold; color: $warning; }
    #coach { height: auto; padding: 0 1; color: $success; }
    #hand { height: auto; border-top: solid $secondary; grid-rows: 1; }
    .card { min-width: 5; width: 1fr; margin: 0 1 0 0; }
    .card.red { color: $error; }
    .card.picked { background: $accent; text-style: bold reverse; }
    #choices { height: auto; layout: horizontal; }
    #choices.narrow { layout: vertical; }
    .choice-group { height: auto; width: auto; }
    #choices Button { margin: 0 1 0 0; }
    #result { align: center middle; width: 60; max-width: 100%; height: auto; border: thick $primary;
              padding: 1 2; background: $surface; }
    ResultScreen { align: center middle; }
    #result-buttons { height: auto; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("up", "move_row(-1)", show=False),
        Binding("down", "move_row(1)", show=False),
    ]

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Bot],
        tr: Translations,
        delay: float = 0.7,
        me: int = 0,
        names: Sequence[str] | None = None,
        coach: bool = False,
    ) -> None:
        super().__init__()
        self.game, self.bots, self.tr, self.delay, self.me = game, bots, tr, delay, me
        self.games_played = 1
        #: ``--coach``: one coach per game (it follows the game's views); its last word, by step.
        self.coached = coach
        self.coach = self.fresh_coach()
        self.coach_said: tuple[int, str] | None = None
        #: Every game played to its end at this table, in order (the archive stores each one).
        self.played: list[Game] = []
        self.names = list(names) if names is not None else seat_names(tr, game.rules.players, me, game.seed)
        self.narrator = Narrator(tr, self.names, me)
        self.told = 0
        self.cursor = 0  # the card the keyboard is on, even before any card has the focus
        self.card_focus_asked = False  # a key asked for a card's focus that has not come yet
        self.hand_on_turn = False  # whether the hand shown was set out for the person's turn
        _ = tr.gettext
        self.title = _("I Doubt It")
        # Bound here rather than in BINDINGS so that the footer speaks the player's language. The keys
        # of the buttons are not in the footer: each button's label carries its key.
        self.bind("p", "play", show=False)
        self.bind("d", "doubt", show=False)
        self.bind("n", "let_go", show=False)
        # Enter and Space pick the card the keyboard is on even when no card has the focus yet (keys
        # typed while the table starts), and Ctrl+J is the Enter a terminal sends before it is in raw mode.
        self.bind("enter,space,ctrl+j", "pick", description=_("Pick a card"), key_display="⏎")
        self.bind("c", "clear", description=_("Clear pick"))
        self.bind("q", "quit", description=_("Quit"))

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        _ = self.tr.gettext
        with Vertical(id="table"):
            yield Static(id="status")
            yield ItemGrid(
                *(Static(id=f"seat-{seat}", classes="seat") for seat in range(self.game.rules.players)),
                id="seats",
                # Textual counts the columns that fit as if there were no gutter between them (#seats has
                # two cells): counted in, each line keeps its whole width (not 24 cells for 25, wrapped).
                min_column_width=self.seat_width() + 2,
            )
        yield RichLog(id="log", wrap=True, markup=False)
        yield Static(id="prompt")
        yield Static(id="coach")
        yield ItemGrid(id="hand", min_column_width=CARD_WIDTH, max_column_width=CARD_WIDTH)
        with Vertical(id="choices"):
            with Horizontal(classes="choice-group"):
                yield Button(_("Play picked cards (p)"), id="play", variant="primary")
                yield Select(self.rank_options(), prompt=_("Rank to announce"), id="rank", type_to_search=False)
            with Horizontal(classes="choice-group"):
                yield Button(doubt_call(self.tr) + " (d)", id="doubt", variant="error")
                yield Button(_("Let it go (n)"), id="let-go")
        yield Footer(show_command_palette=False)

    def rank_options(self) -> list[tuple[str, Rank]]:
        names = rank_names(self.tr)
        return [(names[rank], rank) for rank in Rank]

    def seat_width(self) -> int:
        """The cells one line of the players' list takes, for the widest name and card count."""
        labels = [seat_label(self.tr, name, seat in self.bots) for seat, name in enumerate(self.names)]
        most = self.game.rules.deck_count * 52
        states = [self.card_count(most), self.card_count(1), self.tr.gettext("finished")]
        return 2 + max(map(cell_len, labels)) + 1 + max(map(cell_len, states))

    def card_count(self, size: int) -> str:
        return self.tr.ngettext("%(count)d card", "%(count)d cards", size) % {"count": size}

    async def on_mount(self) -> None:
        _ = self.tr.gettext
        self.query_one("#table", Vertical).border_title = _("Table")
        self.query_one("#log", RichLog).border_title = _("What happened")
        self.query_one("#rank", Select).styles.width = max(map(cell_len, rank_names(self.tr).values())) + 8
        self.fit_choices(self.size.width, self.size.height)
        await self.start_turns()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_choices(event.size.width, event.size.height)

    def fit_choices(self, width: int, height: int) -> None:
        """Flat buttons on a short screen, and the choices on two rows when one row does not fit."""
        compact = height < TALL_BUTTONS_FROM
        buttons = list(self.query("#choices Button").results(Button))
        for button in buttons:
            button.compact = compact
        select = self.query_one("#rank", Select)
        select.compact = compact
        select_width = select.styles.width.cells if select.styles.width is not None else 0
        row = sum(cell_len(str(button.label)) + 2 + 1 for button in buttons) + (select_width or 0) + 1
        self.query_one("#choices").set_class(row > width, "narrow")

    # -- the flow of the game -----------------------------------------------------------------

    async def start_turns(self) -> None:
        self.told, self.hand_on_turn = 0, False
        self.query_one("#log", RichLog).clear()
        await self.refresh_hand()
        self.advance()

    def advance(self) -> None:
        """Show the table, then either wait for the person or let the next computer player act."""
        self.tell_news()
        self.refresh_table()
        game = self.game
        if game.is_over:
            self.show_result()
        elif game.phase is Phase.PLAY and game.to_play != self.me:
            self.schedule(self.bot_play)
        elif game.phase is Phase.DOUBT and self.me not in game.awaiting:
            self.schedule(self.bots_answer)

    def schedule(self, move: Callable[[], Awaitable[None]]) -> None:
        """Let a computer player act after the table's delay, so a person can follow the game."""
        if self.delay > 0:
            self.set_timer(self.delay, move)
        else:
            self.call_later(move)

    async def bot_play(self) -> None:
        game = self.game
        if game.phase is Phase.PLAY and game.to_play != self.me:
            game.apply(ask_bot(self.bots[game.to_play], game, game.to_play))
            await self.after_change()

    async def bots_answer(self, my_doubt: bool | None = None) -> None:
        """One decision round of the doubt window (D3): the bots' answers and, if asked, the person's."""
        game = self.game
        if game.phase is not Phase.DOUBT:
            return
        answers = window_answers(game, self.bots)
        if my_doubt is not None:
            answers[self.me] = my_doubt
        settle_window(game, [s for s, d in answers.items() if d], [s for s, d in answers.items() if not d])
        await self.after_change()

    async def after_change(self) -> None:
        await self.refresh_hand()
        self.advance()

    # -- what the person does -----------------------------------------------------------------

    def picked_cards(self) -> tuple[Card, ...]:
        return tuple(button.card for button in self.query(CardButton) if button.picked)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, CardButton):
            return  # already picked or put back (CardButton.press)
        handlers = {"play": self.action_play, "doubt": self.action_doubt, "let-go": self.action_let_go}
        if event.button.id in handlers:
            await handlers[event.button.id]()

    async def action_play(self) -> None:
        _ = self.tr.gettext
        if not self.game.view(self.me).must_play:
            return
        cards = self.picked_cards()
        if not cards:
            self.say_prompt(_("Pick one or more cards first (click them, or ←/→ and Enter)."))
            return
        value = self.query_one("#rank", Select).value
        rank = value if isinstance(value, Rank) else None
        try:
            self.game.play(self.me, cards, rank)
        except IDoubtItError as error:
            self.say_prompt(_("Not allowed: %(reason)s") % {"reason": explain(self.tr, error)})
            return
        await self.after_change()

    async def action_doubt(self) -> None:
        if self.game.view(self.me).may_doubt:
            await self.bots_answer(my_doubt=True)

    async def action_let_go(self) -> None:
        if self.game.view(self.me).may_doubt:
            await self.bots_answer(my_doubt=False)

    def action_clear(self) -> None:
        for button in self.query(CardButton):
            if button.picked:
                button.toggle()

    def action_pick(self) -> None:
        """Pick (or put back) the card the keyboard is on, and give it the focus."""
        buttons = list(self.query(CardButton))
        if not buttons:
            return
        position = min(self.cursor, len(buttons) - 1)
        buttons[position].toggle()
        self.focus_card(buttons, position)

    def action_move(self, step: int) -> None:
        buttons = list(self.query(CardButton))
        if not buttons:
            return
        # The first press puts the keyboard on the cursor's card; the next ones move it.
        position = self.cursor if self.on_cards() else self.cursor - step
        self.focus_card(buttons, (position + step) % len(buttons))

    def action_move_row(self, step: int) -> None:
        """Up or down one row of a hand that wraps onto several rows."""
        buttons = list(self.query(CardButton))
        if not buttons:
            return
        top = buttons[0].region.y
        per_row = max(1, sum(1 for button in buttons if button.region.y == top))
        target = min(self.cursor, len(buttons) - 1) + step * per_row
        if 0 <= target < len(buttons):
            self.focus_card(buttons, target)

    def on_cards(self) -> bool:
        """Whether the keyboard is on the hand: a card has the focus, or is about to get it."""
        return isinstance(self.focused, CardButton) or self.card_focus_asked

    def focus_card(self, buttons: list[CardButton], position: int) -> None:
        """Put the keyboard on the card at ``position``. Textual moves the focus only after this key is
        handled, so the cursor, not the focus, says where the next key (a held arrow repeats fast) starts."""
        self.cursor = position
        self.card_focus_asked = True
        buttons[position].focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A focus asked for by a key has come (or the mouse or Tab moved it): the focus speaks again. A
        # focus that an earlier key asked for and a later key moved on from leaves the cursor where it is.
        self.card_focus_asked = False
        if isinstance(event.widget, CardButton) and self.focused is event.widget:
            self.cursor = event.widget.position

    # -- drawing ------------------------------------------------------------------------------

    def say_prompt(self, text: str) -> None:
        self.query_one("#prompt", Static).update(text)

    def tell_news(self) -> None:
        log = self.game.view(self.me).log
        widget = self.query_one("#log", RichLog)
        for event in log[self.told :]:
            line = self.narrator.tell(event)
            if line:
                widget.write(line)
        self.told = len(log)

    async def refresh_hand(self) -> None:
        """Show the hand as the game has it now, redrawn in place: the cards' buttons are relabelled and
        only as many mounted or removed as the hand grew or shrank, so the hand does not blank between
        moves. A pick made while others play stays until the hand changes or the person's turn comes,
        when the cards of the due rank are picked again."""
        view = self.game.view(self.me)
        buttons = list(self.query(CardButton))
        turn_comes = view.must_play and not self.hand_on_turn
        self.hand_on_turn = view.must_play
        if tuple(button.card for button in buttons) == view.hand and not turn_comes:
            return
        kept = len(view.hand)
        hand = self.query_one("#hand", ItemGrid)
        await hand.remove_children(buttons[kept:])
        for button, card in zip(buttons, view.hand, strict=False):
            button.show(card)
        added = [CardButton(card, position) for position, card in enumerate(view.hand) if position >= len(buttons)]
        await hand.mount_all(added)
        buttons = buttons[:kept] + added
        if view.must_play:
            for position in truthful_pick(view):
                buttons[position].toggle()
        self.cursor = min(self.cursor, max(kept - 1, 0))
        if turn_comes and buttons:
            self.cursor = 0
            buttons[0].focus()

    def refresh_table(self) -> None:
        _ = self.tr.gettext
        view = self.game.view(self.me)
        names = rank_names(self.tr)
        self.query_one("#status", Static).update(
            _("Due: %(rank)s") % {"rank": names[view.due_rank]}
            + " · "
            + self.tr.ngettext("Pile: %(count)d card", "Pile: %(count)d cards", view.pile_size)
            % {"count": view.pile_size}
        )
        for seat, line in enumerate(self.seat_lines(view.hand_sizes)):
            self.query_one(f"#seat-{seat}", Static).update(Text(line, no_wrap=True, overflow="ellipsis"))
        self.query_one("#rank", Select).value = (
            Select.NULL if self.game.rules.strict_announcing else view.due_rank  # V5: no pre-filled rank
        )
        self.query_one("#play", Button).disabled = not view.must_play
        self.query_one("#doubt", Button).disabled = not view.may_doubt
        self.query_one("#let-go", Button).disabled = not view.may_doubt
        self.say_prompt(self.prompt_text())
        self.query_one("#coach", Static).update(self.coach_words())

    def coach_words(self) -> str:
        """The coach's line for the decision before us (the same line until the game moves on)."""
        if self.coach is None:
            return ""
        view = self.game.view(self.me)
        if not (view.must_play or view.may_doubt):
            return ""
        if self.coach_said is None or self.coach_said[0] != view.step:
            advice = self.coach.advise(view)
            self.coach_said = (view.step, "" if advice is None else coach_text(self.tr, advice, self.names))
        return self.coach_said[1]

    def seat_lines(self, sizes: tuple[int, ...]) -> list[str]:
        _ = self.tr.gettext
        labels = [seat_label(self.tr, name, seat in self.bots) for seat, name in enumerate(self.names)]
        width = max(map(cell_len, labels))
        lines = []
        for seat, size in enumerate(sizes):
            marker = "▶" if seat == self.game.to_play and not self.game.is_over else " "
            state = _("finished") if seat in self.game.places else self.card_count(size)
            lines.append(f"{marker} {labels[seat]}{' ' * (width - cell_len(labels[seat]))} {state}")
        return lines

    def prompt_text(self) -> str:
        _ = self.tr.gettext
        game = self.game
        due = rank_names(self.tr)[game.due_rank]
        if game.is_over:
            return ""
        if game.phase is Phase.PLAY and game.to_play == self.me:
            return _("Your turn: %(due)s are due. Pick cards and press p.") % {"due": due}
        if game.phase is Phase.PLAY:
            return _("%(name)s is thinking…") % {"name": self.names[game.to_play]}
        claim = game.claim
        assert claim is not None
        words = {"name": self.names[claim.seat], "claim": claim_words(self.tr, claim.count, claim.rank)}
        if self.me in game.awaiting:
            return _("%(name)s claims “%(claim)s”. Doubt it (d) or let it go (n)?") % words
        # While the others decide on the person's own claim, the prompt speaks to them.
        return self.narrator.pick(
            claim.seat, _("You claim “%(claim)s”."), _("%(name)s claims “%(claim)s”."), claim=words["claim"]
        )

    # -- the end ------------------------------------------------------------------------------

    def show_result(self) -> None:
        _ = self.tr.gettext
        self.played.append(self.game)
        view = self.game.view(self.me)
        places = "\n".join(finishing_order(self.tr, view, self.names))
        winner = self.game.winner
        assert winner is not None
        headline = _("You win!") if winner == self.me else _("%(name)s wins.") % {"name": self.names[winner]}
        called = called_note(self.tr, view)
        if called is not None:
            headline = f"{headline}\n\n{called}"
        self.push_screen(ResultScreen(f"{headline}\n\n{places}", self.tr), self.after_result)

    def fresh_coach(self) -> Coach | None:
        """With ``--coach``, a coach for the game now dealt: the ``games_played``-th at this table."""
        return table_coach(self.game.rules, self.me, self.games_played) if self.coached else None

    async def after_result(self, again: bool | None) -> None:
        if not again:
            self.exit()
            return
        # D8: the next game of this table starts with the seat after the previous first player.
        previous = self.game
        first = (previous.first + 1) % previous.rules.players
        seed = random.Random(f"{previous.seed}/{self.games_played}").randrange(2**32)
        self.games_played += 1
        self.game = Game.deal(previous.rules, seed, first)
        self.coach, self.coach_said = self.fresh_coach(), None
        await self.start_turns()
