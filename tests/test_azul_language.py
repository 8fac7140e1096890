"""The rules layer speaks the learner's language: every text comes from azul/locale, looked up when
it is made, while move texts, JSON field names and file letters stay as they are."""

import pytest
from commands import in_process
from examples import AZUL_EXAMPLE as EXAMPLE

from azul import Game, GreedyPolicy, LineHoldsOtherColour, Scenario, ScenarioError, draw, parse_move, review
from azul.cli import main
from azul.game import PHASES
from azul.tiles import COLOURS, NAMES, WALL_KINDS, colour_title
from azul.tiling import describe
from tabletop import i18n
from tabletop.records import record

ENGLISH = i18n.table("azul", "en")



@pytest.fixture
def dutch(stand_in):
    """Dutch as the language in force, its catalogue reduced to a few made-up texts: a text the code
    looks up shows the made-up one, any other falls back to English."""
    stand_in("azul", "nl", {
        "tile.red": "rood", "tile.blue": "blauw",
        "board.refused.other_colour": "rij {line} heeft al {held}: {colour} past er niet bij",
        "scenario.explain.goes_on": "Het spel gaat door.",
        "checks.missing": "ontbreekt"}, only=True)


@pytest.mark.parametrize(("family", "members"), [
    ("tile", NAMES), ("game.phase", PHASES), ("cli.play.head", WALL_KINDS),
])
def test_every_member_of_a_key_family_has_its_english_text(family, members):
    assert [m for m in members if f"{family}.{m}" not in ENGLISH] == []


def test_messages_are_put_into_words_in_the_language_in_force(dutch):
    game = Game.from_position([{"pattern_lines": ["", "", "", "R", ""]}, {}],
                              ["BBYR", "", "", "", ""], "")
    with pytest.raises(LineHoldsOtherColour, match="^rij 3 heeft al rood: blauw past er niet bij$"):
        game.play("factory 0: blue -> line 3")
    assert colour_title(COLOURS[2]) == "rood"
    with pytest.raises(ScenarioError, match="^game: ontbreekt$"):
        Scenario.from_dict({"wall": "colored", "players": [{}]})


def test_a_text_not_yet_translated_falls_back_to_english(dutch):
    result = Scenario.from_dict(EXAMPLE).tile()
    text = result.explain()
    assert text.endswith("Het spel gaat door.")
    assert "line 1: yellow goes to row 1, column 2" in text  # no Dutch for it yet: English
    assert describe(result.steps[-1]) == "floor: 2 tiles, -2 (score 13)"


def test_the_move_grammar_and_json_stay_english_in_every_language(dutch):
    move = parse_move("factory 3: blue -> line 2")
    assert str(move) == "factory 3: blue -> line 2"
    report = Scenario.from_dict(EXAMPLE).tile().to_dict()
    assert report["players"][0]["placements"][0] == {"line": 1, "row": 1, "column": 2,
                                                     "colour": "Y", "points": 2}
    assert Game(2, seed=1).to_dict()["game"] == "azul"


def test_english_texts_keep_their_plural_forms():
    one = Scenario.from_dict({"game": "azul", "wall": "colored",
                              "players": [{"score": 3, "floor": "B"}]}).tile()
    assert describe(one.steps[-1]) == "floor: 1 tile, -1 (score 2)"
    with pytest.raises(ScenarioError, match="line 0 holds at most 1 tile, not 2$"):
        Scenario.from_dict({"game": "azul", "wall": "colored",
                            "players": [{"pattern_lines": ["BB", "", "", "", ""]}]})


def test_the_game_in_words_names_its_phase():
    assert str(Game(2, seed=1)).startswith("round 1, offer, player 1 to move\nfactory 0: ")


def test_every_word_numbers_the_players_from_1():
    """Code counts seats from 0; the game in words, the table's picture, the command line, a
    scenario's story and the coach's review say "player 1" for seat 0, as Harmonies does."""
    game = Game(3, seed=4)
    for _ in range(5):
        game.play(GreedyPolicy()(game))
    said = [str(game), repr(game), draw.game_scene(game).to_svg(),
            Scenario.from_game(game).tile().explain(),
            in_process(main, "play", "--players", "3", "--seed", "2").stdout,
            str(review.review(record(game), seat=2, budget=1))]
    for words in said:
        assert "player 0" not in words and "player 3" in words
