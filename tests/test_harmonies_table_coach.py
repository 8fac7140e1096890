"""The game table's coach and setup: a strong seat, the hint button, the setup form, in every language."""

from __future__ import annotations

from html import escape

import pytest

from harmonies import tablemodel
from harmonies.actions import EndTurn
from harmonies.locale import t
from harmonies.policies import GreedyPolicy, StrongPolicy
from harmonies.widgets import SEAT_KINDS, GameTable
from tabletop import i18n


def _play_human_turn(table: GameTable) -> None:
    me = GreedyPolicy(1)
    turn = table.game.turn
    while not table.game.over and table.game.turn == turn:
        table.act(str(me(table.game)))
        assert table.message == ""


def test_a_strong_seat_plays_its_turns():
    assert "strong" in SEAT_KINDS
    table = GameTable(2, seats=["human", "strong"], seed=3)
    assert isinstance(table.model.policies[1], StrongPolicy)
    _play_human_turn(table)
    assert table.game.current == 0 and table.game.turn == 3  # the strong seat has played
    assert any(line.startswith("Player 2 (strong) took") for line in table.log)


def test_a_hint_lists_the_best_turns_and_draws_the_first():
    table = GameTable(2, seed=1)
    plain = table.svg
    table.hint()
    assert table.message == ""
    hints = table.hints
    assert 1 <= len(hints) <= 3 and hints[0].gain >= hints[-1].gain
    box = table.hint_box.value
    assert "The best turns for Player 1 (human)" in box and "1. " in box and "expected +" in box
    assert table.svg != plain and 'stroke-dasharray' in table.svg  # dashed ghost tokens
    # Playing the advised turn is legal, and the hint goes away at the first action.
    first = hints[0].actions[0]
    table.act(str(first))
    assert table.message == "" and table.hints == [] and table.hint_box.value == ""


def test_the_hint_follows_the_language():
    table = GameTable(2, seed=1)
    table.hint()
    i18n.set_language("nl")
    title = t("table.hint.title", player=table.model.who(0))
    assert escape(title) in table.hint_box.value and title.startswith("De beste beurten")
    assert table.buttons["hint"].description == t("table.hint")
    i18n.set_language("en")
    assert "The best turns for" in table.hint_box.value


def test_no_hint_for_a_computer_seat_or_after_the_end():
    table = GameTable(2, seats=["greedy", "human"], seed=2, auto=False)
    table.hint()
    assert table.hints == [] and "is to play" in table.message
    finished = GameTable(1, seats=["greedy"], seed=4)
    assert finished.game.over
    finished.hint()
    assert finished.hints == [] and finished.message == "the game is over"


def test_a_failing_coach_is_said_not_raised(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(tablemodel, "advise", broken)
    table = GameTable(2, seed=1)
    table.hint()
    assert table.hints == [] and "the coach could not answer: out of ideas" in table.message


def test_the_setup_form_starts_a_new_game():
    table = GameTable(2, seed=1)
    form = table.setup
    assert (form.players, form.seats(2), form.side, form.spirits, form.seed) == \
        (2, ["human", "greedy"], "A", False, 1)
    form.players_menu.value = 3
    form.seat_menus[1].value = "strong"
    form.seat_menus[2].value = "random"
    form.side_buttons.value = "B"
    form.spirits_box.value = True
    form.seed_box.value = "9"
    form.new_button.click()
    g = table.game
    assert (g.n, str(g.side), g.spirits, g.seed) == (3, "B", True, 9)
    assert table.seats == ["human", "strong", "random"]
    assert table.log[0].startswith("New game: Player 1 (human), Player 2 (strong), Player 3 (random)")
    assert not any(isinstance(a, EndTurn) for a in g.history)  # the human plays first


def test_a_solo_table_from_the_form_shows_the_swap():
    table = GameTable(2, seed=1)
    assert table.swap_menu.layout.display == "none"
    table.new_game(1, seats=["human"], seed=5)
    assert table.game.solo and table.swap_menu.layout.display is None and table.swap_menu.options
    table.new_game(2, seats=["human", "greedy"])
    assert table.swap_menu.layout.display == "none"


def test_a_refused_setup_changes_nothing():
    table = GameTable(2, seed=1)
    before = table.game.to_dict()
    table.new_game(3, seats=["human", "clever", "greedy"])
    assert "seats: one of" in table.message and table.game.to_dict() == before
    table.new_game(2, seats=["human", "greedy"], side="C")
    assert table.message and table.game.to_dict() == before


@pytest.mark.parametrize("code", ["fa", "nl", "vi"])
def test_the_setup_form_follows_the_language(code):
    table = GameTable(2, seed=1)
    i18n.set_language(code)
    form = table.setup
    assert form.new_button.description == t("table.setup.new_game")
    assert form.spirits_box.description == t("table.setup.spirits")
    assert dict(form.seat_menus[1].options)[t("table.seat.strong")] == "strong"
    assert form.seat_menus[1].value == "greedy"  # relabelling keeps the choice
    i18n.set_language("en")
    assert form.new_button.description == "new game"
