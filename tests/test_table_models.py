"""The game tables' models, driven without any widget: whole games, clicks, undo and redo, refusals
that leave the state as it was with a learner's message, hints, a change of language."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from azul import tablemodel as azul_model
from azul.locale import t as azul_t
from azul.moves import CENTRE, FLOOR, Take
from azul.tiles import LETTERS
from harmonies import tablemodel as harmonies_model
from harmonies.locale import t as harmonies_t
from tabletop import i18n
from tabletop.kinds import kinds

WIDGET_LIBRARIES = ("ipywidgets", "IPython", "anywidget", "matplotlib", "traitlets")


#: Every widget's model: plain Python, driven from a test, a script or a server.
MODELS = ("azul.tablemodel", "harmonies.tablemodel", "harmonies.explorermodel", "harmonies.editormodel",
          "azul.sandboxmodel", "harmonies.comparison", "azul.comparison", "tabletop.replaying",
          "tabletop.tables.lobby")


def test_the_models_import_no_widget_library():
    code = (f"import sys, {', '.join(MODELS)}; "
            f"print(sorted(m for m in {WIDGET_LIBRARIES!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- Harmonies -----------------------------------------------------------------------------------


def _harmonies_state(table):
    return (table.game.to_dict(), table.log, table.chosen_colour, table.chosen_card)


def test_harmonies_two_humans_play_a_whole_game_by_actions():
    table = harmonies_model.TableModel(2, seats=["human", "human"], seed=4)
    rng = random.Random(4)
    while not table.game.over:
        assert table.human_to_move
        table.act(str(rng.choice(table.game.legal_actions())))
        assert table.message == ""
    assert not table.human_to_move
    assert table.log[-1] in (harmonies_t("table.log.winner", player=table.who(table.game.winners()[0])),
                             harmonies_t("table.log.shared_victory",
                                         players=" and ".join(table.who(s) for s in table.game.winners())))
    assert table.status() == harmonies_t("table.status.over", result=table.log[-1])


def test_harmonies_a_human_against_the_computer_plays_to_the_end():
    table = harmonies_model.TableModel(2, seats=["human", "greedy"], seed=11)
    rng = random.Random(11)
    turns = 0
    while not table.game.over:
        assert table.human_to_move and table.game.current == 0  # the computer answered at once
        table.act(str(rng.choice(table.game.legal_actions())))
        turns += table.game.current == 0 and table.log[-1].startswith("—")
    assert turns > 5 and not table.human_to_move
    assert table.game.winners() and table.message == ""


def test_harmonies_clicks_take_choose_and_place():
    table = harmonies_model.TableModel(2, seats=["human", "human"], seed=1)
    table.click("space:2")
    hand = sorted(table.game.hand)
    assert len(hand) == 3 and table.message == ""
    colour = hand[0]
    table.click("colour:" + str(colour))
    assert table.chosen_colour == colour
    cell = next(str(a.cell) for a in table.game.legal_actions()
                if type(a).__name__ == "PlaceToken" and a.colour == colour)
    table.click(f"seat0:cell:{cell}")
    assert table.message == "" and sorted(table.game.hand) == hand[1:]
    assert table.log[-1] == harmonies_t("table.log.placed", player=table.who(0),
                                        colour=colour.title, cell=cell)


@pytest.mark.parametrize("request_", [
    lambda m: m.click("seat1:cell:c3"),      # the other player's board
    lambda m: m.click("seat7:cell:c3"),      # no such seat
    lambda m: m.click("nowhere:1"),          # no such place
    lambda m: m.click("space:2"),            # tokens already taken this turn
    lambda m: m.choose("purple"),            # no such colour
    lambda m: m.act("take 99"),              # no such space
    lambda m: m.place_cube(1, "c3"),         # a card not held
    lambda m: m.step(),                      # a human seat
    lambda m: m.click("held:23"),            # a card not held
])
def test_harmonies_a_refused_request_changes_nothing_and_says_why(request_):
    table = harmonies_model.TableModel(2, seats=["human", "greedy"], seed=3)
    table.click("space:1")
    before = _harmonies_state(table)
    request_(table)
    assert _harmonies_state(table) == before
    assert table.message and "Traceback" not in table.message


def test_harmonies_undo_goes_back_within_the_turn_then_says_there_is_nothing():
    table = harmonies_model.TableModel(2, seats=["human", "human"], seed=1)
    start = (table.game.to_dict(), table.log)
    table.act("take 1")
    table.act(str(table.game.legal_actions()[0]))
    table.undo()
    table.undo()
    assert (table.game.to_dict(), table.log) == start and table.message == ""
    table.undo()
    assert table.message == harmonies_t("table.nothing_to_undo")
    assert (table.game.to_dict(), table.log) == start


def test_harmonies_undo_and_redo_go_across_turns_through_the_shared_history():
    table = harmonies_model.TableModel(2, seats=["human", "greedy"], seed=1)
    rng = random.Random(1)
    played = 0
    while table.game.current == 0:  # a whole turn, then the computer's answer
        table.act(str(rng.choice(table.game.legal_actions())))
        played += 1
    after = (table.game.to_dict(), table.log)
    assert len(table.game.history) > played
    for _ in range(played):
        table.undo()
    assert table.game.history == [] and table.message == ""
    table.undo()
    assert table.message == harmonies_t("table.nothing_to_undo")
    for _ in range(played):
        table.redo()
    assert (table.game.to_dict(), table.log) == after
    table.redo()
    assert table.message == harmonies_t("table.nothing_to_redo")


def test_harmonies_a_hint_lists_turns_until_the_next_action():
    table = harmonies_model.TableModel(2, seats=["human", "greedy"], seed=2)
    table.hint(top=2)
    assert len(table.hints) == 2 and table.message == ""
    lines = table.hint_lines()
    assert lines[0] == harmonies_t("table.hint.title", player=table.who(0)) and len(lines) == 4
    table.act(str(table.hints[0].actions[0]))
    assert table.hints == [] and table.hint_lines() == []


def test_harmonies_the_computer_seats_wait_without_auto():
    table = harmonies_model.TableModel(2, seats=["greedy", "human"], seed=5, auto=False)
    assert table.game.current == 0 and not table.human_to_move
    table.act("take 1")
    assert table.message == harmonies_t("table.computer_to_play", player=table.who(0),
                                        step=harmonies_t("table.step"), run=harmonies_t("table.run"))
    table.step()
    assert len(table.game.history) == 1
    table.run_opponents()
    assert table.human_to_move and table.game.current == 1


def test_harmonies_a_new_game_with_bad_seats_is_refused_and_the_game_goes_on():
    table = harmonies_model.TableModel(2, seed=6)
    table.act("take 1")
    before = _harmonies_state(table)
    assert not table.new_game(3, seats=["human", "robot", "greedy"])
    assert _harmonies_state(table) == before and "robot" in table.message
    assert table.new_game(1, seed=8) and table.game.solo and table.settings["seed"] == 8


def test_harmonies_the_message_and_log_follow_the_language():
    table = harmonies_model.TableModel(2, seats=["human", "greedy"], seed=1)
    table.step()
    english = (table.message, table.log, table.status())
    i18n.set_language("nl")
    assert table.message == harmonies_t("table.played_by_human", player=table.who(0)) != english[0]
    assert table.log != english[1] and len(table.log) == len(english[1])
    assert table.status() != english[2]
    i18n.set_language("en")
    assert (table.message, table.log, table.status()) == english


def test_harmonies_the_svg_names_what_a_click_does():
    table = harmonies_model.TableModel(2, seed=1)
    svg = table.svg()
    assert 'data-key="space:1"' in svg and harmonies_t("table.click.take") in svg


# --- Azul ----------------------------------------------------------------------------------------


def _azul_state(table):
    return (table.game.to_json(), table.log, table.selected)


def test_azul_two_humans_play_a_whole_game_and_undo_redo_go_back_and_forth():
    table = azul_model.TableModel(2, seats=["human", "human"], seed=4)
    rng = random.Random(4)
    seen = [table.game.to_json()]
    while not table.game.over:
        table.act(str(rng.choice(table.game.legal_moves())))
        assert table.message == ""
        seen.append(table.game.to_json())
    assert table.status() == table.log[-1]  # the end line: scores and winner
    for position in reversed(seen[:-1]):
        table.undo()
        assert table.game.to_json() == position
    table.undo()
    assert table.message == azul_t("widgets.table.nothing_to_undo")
    for position in seen[1:]:
        table.redo()
        assert table.game.to_json() == position
    table.redo()
    assert table.message == azul_t("widgets.table.nothing_to_redo") and table.game.over


def test_azul_a_human_against_the_computer_plays_to_the_end_by_clicks():
    table = azul_model.TableModel(2, seats=["human", "greedy"], seed=9)
    rng = random.Random(9)
    while not table.game.over:
        assert table.human_to_move
        move = rng.choice(table.game.legal_moves())
        if not isinstance(move, Take):  # a gray-wall tiling would click a column: not this wall
            table.act(str(move))
        else:
            letter = LETTERS[move.colour]
            table.click(f"centre:{letter}" if move.source == CENTRE else f"factory:{move.source}:{letter}")
            assert table.selected is not None
            table.click("floor" if move.line == FLOOR else f"player:0:line:{move.line}")
        assert table.message == ""
    assert not table.human_to_move and table.game.winners()


@pytest.mark.parametrize("request_", [
    lambda m: m.click("line:0"),             # no tiles selected
    lambda m: m.click("player:1:line:0"),    # the other player's board
    lambda m: m.click("somewhere"),          # no such place
    lambda m: m.click("column:1"),           # no tiling now
    lambda m: m.act("factory 9: blue -> line 0"),
    lambda m: m.step(),                      # a human to move
    lambda m: m.redo(),                      # nothing undone
    lambda m: m.undo(),                      # nothing done
])
def test_azul_a_refused_request_changes_nothing_and_says_why(request_):
    table = azul_model.TableModel(2, seats=["human", "greedy"], seed=3)
    before = _azul_state(table)
    request_(table)
    assert _azul_state(table) == before
    assert table.message and "Traceback" not in table.message


def test_azul_a_click_on_tiles_picks_them_in_any_spelling_and_never_moves_them():
    table = azul_model.TableModel(2, seats=["human", "human"], seed=3)
    source = next(n for n, counts in enumerate(table.game.factories) if any(counts))
    letter = LETTERS[next(c for c, n in enumerate(table.game.sources[source]) if n)]
    table.click(f"factory:{source}:{letter.lower()}")
    assert table.picks == [f"factory:{source}:{letter}"] and table.game.history == []
    table.click(f"factory:{source}:{letter}")  # the same tiles again: put back
    assert table.picks == [] and table.game.history == [] and table.message == ""


def test_azul_a_hint_rings_the_first_move_until_the_next_action():
    table = azul_model.TableModel(2, seats=["human", "greedy"], seed=2)
    table.hint(top=2)
    assert len(table.hints) == 2 and table.hint_keys()
    head, items = table.hint_items()
    assert head == azul_t("widgets.table.hint.head", player=1) and len(items) == 2
    table.act(str(table.advice[0].move))
    assert table.hints == [] and table.hint_keys() == [] and table.hint_items()[1] == []


def test_azul_a_new_game_with_bad_seats_is_refused_and_the_game_goes_on():
    table = azul_model.TableModel(2, seed=6)
    before = _azul_state(table)
    assert not table.new_game(2, ["human", "robot"])
    assert _azul_state(table) == before and "robot" in table.message
    assert table.new_game(3, None, "gray", "lesson") and table.game.wall == "gray"
    assert table.seats == ["human", "greedy", "greedy"] and table.settings["seed"] == "lesson"


def test_azul_the_message_and_log_follow_the_language():
    table = azul_model.TableModel(2, seed=1)
    table.click("line:0")
    english = (table.message, table.log, table.status())
    i18n.set_language("nl")
    assert table.message == azul_t("widgets.table.choose_tiles_first") != english[0]
    assert table.log != english[1] and table.status() != english[2]
    i18n.set_language("en")
    assert (table.message, table.log, table.status()) == english


def test_azul_the_svg_names_what_a_click_does():
    table = azul_model.TableModel(2, seed=1)
    table.click(f"factory:1:{LETTERS[next(c for c, n in enumerate(table.game.sources[1]) if n)]}")
    svg = table.svg()
    assert 'data-key="player:0:line:0"' in svg and "Click" in svg


#: Seat 0 as "player 0" in each language's words (a shared victory's list too); seat 0 is player 1.
PLAYER_0 = {"en": r"players? 0\b", "nl": r"spelers? 0\b", "vi": r"người chơi 0\b",
            "fa": r"بازیکن(\u200cهای)? 0\b"}


def _azul_words(table, full: bool = True) -> dict[str, list[str]]:
    """What the table says now in each language: the status, the message and the hint's head, and
    when ``full`` the log and the picture with its place names too; the status and the refusal
    said name the seat to move as the drawing's title does."""
    said = {}
    for code in PLAYER_0:
        with i18n.wording(code):
            words = [table.status(), table.message, table.hint_items()[0]]
            picture = table.svg() if full else ""
            if picture and not table.game.over:
                to_move = next(n for n in range(1, 5)
                               if azul_t("draw.player.to_move", player=n) in picture)
                name = azul_t("draw.player.name", player=to_move)
                assert name in words[0] and (not words[1] or name in words[1])
            words += [*table.log, picture] if full else []
        said[code] = [i18n.plain(text) for text in words]
    return said


@pytest.mark.parametrize("wall", ["colored", "gray"])
def test_azul_the_table_numbers_its_players_from_1_in_every_language(wall):
    table = azul_model.TableModel(3, seats=["human", "random", "greedy"], wall=wall, seed=5, auto=False)
    rng = random.Random(5)
    said = [_azul_words(table)]
    table.hint(top=1)
    table.step()  # refused: a person is to move
    said.append(_azul_words(table))
    take = table.game.legal_moves()[0]
    table.click(f"factory:{take.source}:{LETTERS[take.colour]}")
    table.click("player:2:line:1")  # refused: another player's board
    said.append(_azul_words(table))
    while not table.game.over:
        if table.human_to_move:
            table.act(str(rng.choice(table.game.legal_moves())))
        else:
            table.click("factory:0")  # refused: a computer seat is to move
            said.append(_azul_words(table, full=len(said) < 6))
            table.step()
    table.click("factory:0")  # refused: the game is over
    said.append(_azul_words(table))
    for words in said:
        for code, texts in words.items():
            found = [text for text in texts if re.search(PLAYER_0[code], text, re.IGNORECASE)]
            assert not found, (code, found[:1])
    assert "player 3" in " ".join(said[-1]["en"])


# --- both: a click read by the kind's keys, as the seat page reads it ------------------------------


@pytest.mark.parametrize("model, kind", [(azul_model.TableModel, "azul"),
                                         (harmonies_model.TableModel, "harmonies")])
def test_clicking_the_places_an_action_touches_plays_it_as_the_seat_page_would(model, kind):
    """The kind's keys of a legal action, clicked in turn, pick the first place (the seat page's
    picks) and play that action, in a lesson's table as on a phone."""
    keys = kinds()[kind].keys
    table = model(2, seats=["human", "human"], seed=5)
    rng = random.Random(5)
    for _ in range(60):
        game = table.game
        placed = [(a, k) for a in game.legal_actions() if (k := keys(game, a))]
        if not placed:  # Harmonies' end of a turn: a button, not a place
            table.act("end")
            continue
        action, places = rng.choice(placed)
        played = len(game.history)
        for n, place in enumerate(places):
            table.click(place)
            assert table.message == ""
            if n < len(places) - 1:
                assert table.picks == [place] and len(game.history) == played
        assert game.history[played] == action
