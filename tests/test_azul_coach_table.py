"""The game table with the coach: the strong seat, the Hint button, the form that sets up a game."""

from html import escape

from machines import labelled_buttons

from azul import Take, in_words
from azul.locale import t
from azul.widgets import SEATS, AzulTable
from tabletop import i18n

RING = 'stroke="#e6007e"'  # the highlight colour of the drawings (tabletop.settings)


def test_the_strong_seat_answers_a_human_move():
    assert "strong" in SEATS
    table = AzulTable(2, seats=["human", "strong"], seed=3)
    table.act("factory 0: yellow -> line 1")
    assert table.message == ""
    assert table.game.current == 0  # the strong seat has answered
    assert table.log[-1].startswith("player 2 (strong (the coach)) took")


def test_hint_rings_the_advised_tiles_and_line_and_lists_the_reasons():
    table = AzulTable(2, seats=["human", "greedy"], seed=3)
    before = table.svg.count(RING)
    assert table.hints == [] and table.hint_keys() == []
    labelled_buttons(table)["Hint"].click()
    assert table.message == ""
    assert 1 <= len(table.hints) <= 3
    source, target = table.hint_keys()
    move = table.model.advice[0].move
    assert isinstance(move, Take) and move in table.game.legal_moves()
    assert target == f"player:0:line:{move.line}" if move.line >= 0 else "player:0:floor"
    assert source.endswith(":" + "BYRKW"[move.colour])
    tiles = table.game.sources[move.source][move.colour]
    assert table.svg.count(RING) == before + tiles + 1  # each tile taken and the line
    assert table.hints[0].startswith(in_words(move))
    assert "every reply weighed" in table.hints[0]  # the search's reason
    shown = table.hint_box.value
    assert escape(in_words(move)) in shown and escape("The coach's best moves for player 1:") in shown
    table.act(str(move))  # playing a move clears the hint
    assert table.hints == [] and table.hint_box.value == ""


def test_the_same_position_gets_the_same_hint():
    one, two = AzulTable(2, seed=8), AzulTable(2, seed=8)
    one.hint()
    two.hint()
    assert one.hints == two.hints


def test_hint_follows_the_language():
    table = AzulTable(2, seed=3)
    table.hint()
    english = table.hints[0]
    i18n.set_language("vi")
    assert table.hints[0] != english and table.hints[0].startswith(in_words(table.model.advice[0].move))
    assert t("widgets.table.hint.head", player=1) in table.hint_box.value
    assert 'lang="vi"' in table.hint_box.value
    assert "Gợi ý" in labelled_buttons(table)


def test_no_hint_for_a_computer_seat_or_an_ended_game_and_no_exception():
    table = AzulTable(2, seats=["greedy", "human"], seed=3, auto=False)
    table.hint()
    assert table.hints == [] and "computer seat" in table.message
    ended = AzulTable(2, seats=["greedy", "random"], seed=3)
    ended.run_opponents()
    assert ended.game.over
    ended.hint()
    assert ended.hints == [] and ended.message == "the game is over: no more moves"


def test_hint_in_a_gray_wall_tiling_rings_the_cell():
    table = AzulTable(2, seats=["human", "human"], seed=5, wall="gray")
    for _ in range(200):
        if table.game.phase == "tiling":
            break
        table.act(str(table.game.legal_moves()[0]))
    assert table.game.phase == "tiling"
    table.hint()
    (key,) = table.hint_keys()
    move = table.model.advice[0].move
    assert key in (f"player:{table.game.current}:wall:{move.line},{move.column}",
                   f"player:{table.game.current}:floor")


def test_the_form_sets_up_a_new_game():
    table = AzulTable(2, seed=3)
    assert (table.setup_players.value, table.setup_wall.value, table.setup_seed.value) == (
        2, "colored", "3")
    assert [m.layout.display for m in table.setup_seats] == [None, None, "none", "none"]
    assert [m.description for m in table.setup_seats] == [f"player {n}" for n in (1, 2, 3, 4)]
    table.act("factory 0: yellow -> line 1")
    table.setup_players.value = 3
    assert [m.layout.display for m in table.setup_seats] == [None, None, None, "none"]
    table.setup_seats[0].value = "strong"
    table.setup_seats[2].value = "human"
    table.setup_wall.value = "gray"
    table.setup_seed.value = "42"
    labelled_buttons(table)["New game"].click()
    game = table.game
    assert (game.players, game.wall, game.seed, game.round) == (3, "gray", 42, 1)
    assert table.seats == ["strong", "greedy", "human"]
    assert table.log[0] == "Azul, 3 players (player 1 strong (the coach), player 2 greedy, " \
                           "player 3 human), gray wall, seed 42"
    table.undo()  # a new game starts a new history
    assert table.message == "nothing to undo" and table.game is game


def test_the_form_with_an_empty_or_a_word_seed():
    table = AzulTable(2, seed=3)
    table.setup_seed.value = "  "
    labelled_buttons(table)["New game"].click()
    assert table.game.seed != 3 and table.setup_seed.value == str(table.game.seed)
    table.setup_seed.value = "lesson one"
    labelled_buttons(table)["New game"].click()
    assert table.game.seed == "lesson one"


def test_new_game_refuses_seats_that_do_not_fit_and_keeps_the_game():
    table = AzulTable(2, seed=3)
    game = table.game
    table.new_game(3, ["human", "greedy"])
    assert table.game is game and table.message == "give one seat per player (3), not 2"
    table.new_game(2, ["human", "clever"])
    assert table.game is game and "not 'clever'" in table.message


def test_the_form_follows_the_language():
    table = AzulTable(2, seed=3)
    i18n.set_language("nl")
    assert table.setup_players.description == t("widgets.table.setup.players") == "spelers"
    assert list(table.setup_wall.options) == [("gekleurde muur", "colored"),
                                               ("grijze muur", "gray")]
    assert table.setup_wall.value == "colored"
    assert ("sterk (de coach)", "strong") in list(table.setup_seats[1].options)
    assert table.setup_seats[1].value == "greedy"
    assert "Nieuw spel" in labelled_buttons(table)
    i18n.set_language("en")
    assert table.setup_seats[1].label == "greedy"
