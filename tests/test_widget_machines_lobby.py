"""Random use never escapes the lobby widget (tabletop.tables.widget.Lobby): a hypothesis state
machine presses its buttons and changes its menus like a host, calls the model with drawn
arguments (valid or not), lets the players of the table move and changes the language; after every
step the widget shows the table as the store has it: a link and a QR code for each person's seat,
none for the computer's, the moves the table has played, its setup within the game's own. See
``tests/machines.py`` for the shared rules and the budgets."""

from __future__ import annotations

import random

import ipywidgets as w
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule
from machines import WidgetMachine, budget, descendants, report

from tabletop.kinds import kinds
from tabletop.tables.lobby import PERSON, InProcess
from tabletop.tables.table import COMPUTERS
from tabletop.tables.widget import Lobby

ANY_SEAT = st.integers(-2, 5) | st.sampled_from(["0", True, None, 1.0])


class LobbyMachine(WidgetMachine):
    name = "Lobby"

    @initialize()
    def build(self):
        self.service = InProcess()
        self.widget = Lobby(self.service)
        self.rng = random.Random(0)
        self.start()

    @property
    def model(self):
        return self.widget.model

    def state(self):
        model = self.model
        return (model.game, model.players, sorted(model.options.items()), sorted(model.computers.items()),
                model.made and model.made["id"], model.state and model.state["moves"])

    def check(self):
        model, widget = self.model, self.widget
        kind = kinds()[model.game]
        assert model.players in kind.players and set(model.options) <= set(kind.options)
        assert all(0 <= seat < model.players and name in COMPUTERS for seat, name in model.computers.items())
        assert "tables." not in model.message and "{" not in model.message, model.message
        if model.made is None:
            assert widget.table.children == () and not widget.create_button.disabled
            return
        table = self.service.tables.get(model.made["id"])
        assert model.state["moves"] == table.moves and model.state["over"] == table.game.over
        shown = [seat.link is not None for seat in model.seats()]
        assert shown == [computer is None for computer in table.seats]
        pictures = sum(part.value.count("<svg") for part in descendants(widget.table)
                       if isinstance(part, w.HTML))
        assert pictures == sum(shown) + 1  # a QR code per person's seat, and the spectators'
        assert widget.create_button.disabled and widget.game.disabled

    @precondition(lambda self: self.model.state is not None and not self.model.state["over"])
    @rule(data=st.data())
    def a_player_moves(self, data):
        """The seat to move plays on its own device (the store's game: the lobby only follows it)."""
        self.count()
        made, state = self.model.made, self.model.state
        table = self.service.tables.get(made["id"])
        action = data.draw(st.sampled_from(table.game.legal_actions()), label="action")
        self.service.move(made["id"], made["seats"][state["current"]].split("#")[1],
                          table.game.action_text(action))

    @rule(name=st.sampled_from([*kinds(), "chess", "", None]))
    def choose_game(self, name):
        self.count()
        self.model.choose_game(name)

    @rule(players=ANY_SEAT)
    def choose_players(self, players):
        self.count()
        self.model.choose_players(players)

    @rule(name=st.sampled_from(["side", "spirits", "wall", "seed", 3]),
          value=st.sampled_from(["A", "B", "C", True, False, "yes", "colored", "gray", 0]))
    def choose_option(self, name, value):
        self.count()
        self.model.choose_option(name, value)

    @rule(seat=ANY_SEAT, name=st.sampled_from([PERSON, *COMPUTERS, "random", None]))
    def choose_computer(self, seat, name):
        self.count()
        self.model.choose_computer(seat, name)

    @rule(seat=ANY_SEAT)
    def hand(self, seat):
        self.count()
        self.model.hand(seat)

    @rule()
    def create(self):
        self.count()
        self.model.create()


def test_lobby_machine():
    LobbyMachine.TestCase.settings = budget(6, 25)
    LobbyMachine.TestCase().runTest()
    report(LobbyMachine)
