"""The vocabulary: colours, the coloured wall pattern, floor penalties, the box contents."""

import pytest

from azul import tiles
from azul.tiles import (
    COLOURS,
    FACTORIES,
    FLOOR_PENALTIES,
    FLOOR_TOTALS,
    LETTERS,
    colour_of,
    floor_penalty,
    wall_colour,
    wall_column,
)
from tabletop import i18n


def test_the_coloured_wall_matches_the_reference_pattern():
    rows = ["".join(LETTERS[wall_colour(r, c)] for c in range(5)) for r in range(5)]
    assert rows == ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]


def test_every_colour_once_per_row_and_column_and_wall_column_inverts_wall_colour():
    for r in range(5):
        assert sorted(wall_colour(r, c) for c in range(5)) == list(COLOURS)
        assert sorted(wall_colour(c, r) for c in range(5)) == list(COLOURS)
        for colour in COLOURS:
            assert wall_colour(r, wall_column(r, colour)) == colour


def test_floor_penalties_and_their_running_totals():
    assert FLOOR_PENALTIES == (-1, -1, -2, -2, -2, -3, -3)
    assert FLOOR_TOTALS == (0, -1, -2, -4, -6, -8, -11, -14)
    assert floor_penalty(3) == -4
    assert floor_penalty(7) == -14
    assert floor_penalty(12) == -14  # there is no eighth slot


def test_the_box():
    assert tiles.TOTAL_TILES == 100 and tiles.TILES_PER_COLOUR == 20
    assert FACTORIES == {2: 5, 3: 7, 4: 9}
    assert tiles.TILES_PER_FACTORY == 4
    assert (tiles.ROW_BONUS, tiles.COLUMN_BONUS, tiles.COLOUR_BONUS) == (2, 7, 10)
    assert [tiles.capacity(line) for line in tiles.LINES] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(("word", "colour"), [
    ("blue", tiles.BLUE), ("B", tiles.BLUE), ("Yellow", tiles.YELLOW), ("r", tiles.RED),
    ("K", tiles.BLACK), ("black", tiles.BLACK), (" white ", tiles.WHITE),
])
def test_colour_names_and_letters(word, colour):
    assert colour_of(word) == colour


def test_an_unknown_colour_is_refused_with_the_list_of_colours():
    with pytest.raises(ValueError, match="black \\(K\\)"):
        colour_of("orange")


def test_every_colour_has_a_display_name_in_english():
    english = i18n.table("azul", "en")
    for colour in COLOURS:
        assert f"tile.{tiles.NAMES[colour]}" in english
        assert tiles.colour_title(colour) == tiles.NAMES[colour]  # English keeps the file words
    assert tiles.colour_title("K") == "black"


def test_colour_titles_follow_the_language_in_force():
    i18n.set_language("nl")  # a missing Dutch text falls back to English, never to a key
    assert tiles.colour_title(tiles.RED) == i18n.table("azul", "nl").get("tile.red", "red")
