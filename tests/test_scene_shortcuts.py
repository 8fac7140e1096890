"""The shortcuts that make a board quick to draw (a table server draws one for every move) give the
very same picture and words as the plain ways they replace."""

from __future__ import annotations

import random
import string

from hypothesis import given
from hypothesis import strategies as st

import azul
import harmonies
from azul import draw as azul_draw
from harmonies import draw as harmonies_draw
from tabletop import i18n, scene
from tabletop.scene import Scene, Shape


def plain_num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@given(st.lists(st.one_of(st.floats(allow_nan=False, allow_infinity=False, width=32),
                          st.integers(-5000, 5000), st.sampled_from([0.0, -0.0, 0.004, -0.004, 1.005]))))
def test_a_number_is_written_the_same_the_first_time_and_after(numbers):
    for x in numbers + numbers:
        assert scene._num(x) == plain_num(x)


coordinates = st.floats(-2000, 2000, allow_nan=False, width=32)


@given(st.lists(st.lists(st.tuples(coordinates, coordinates), min_size=1, max_size=8).map(tuple)))
def test_points_are_written_the_same_the_first_time_and_after(polygons):
    for points in polygons + polygons:
        assert scene._points(points) == " ".join(f"{plain_num(x)},{plain_num(y)}" for x, y in points)


def test_the_kept_numbers_and_points_are_bounded():
    for n in range(scene._NUMS_KEPT + 10):
        scene._num(n + 0.5)
    assert len(scene._NUMS) <= scene._NUMS_KEPT
    for n in range(scene._POINTS_KEPT + 10):
        scene._points(((n, 1.5), (2.0, n)))
    assert len(scene._POINTS) <= scene._POINTS_KEPT


def boards() -> list[Scene]:
    """Pictures of a few positions of both games, midway through random games."""
    rng = random.Random(7)
    pictures = []
    for game, draw in ((harmonies.Game(players=4, seed=2), harmonies_draw.game_scene),
                       (azul.Game(players=3, seed=2), azul_draw.game_scene)):
        for _ in range(3):
            for _ in range(9):
                if not game.over:
                    game.play(rng.choice(game.legal_actions()))
            pictures.append(draw(game))
    return pictures


def test_every_places_tooltip_is_found_in_one_pass_as_key_by_key():
    for picture in boards():
        tips = picture._tips()
        keys = {s.key for s in picture.shapes if s.key}
        assert keys
        assert {key: tips.get(key, "") for key in keys} == {key: picture.tip(key) for key in keys}


def test_a_placed_shape_is_the_shape_moved():
    shape = Shape("text", ((1.0, 2.0),), fill="#123456", text="c3", size=9, key="cell:c3", title="c3")
    placed = Scene(10, 10).place(Scene(5, 5, shapes=[shape]), 3, 4).shapes[0]
    assert placed == Shape(**{**shape.__dict__, "points": ((4.0, 6.0),)})
    assert shape.points == ((1.0, 2.0),)  # the original stays where it was


def test_texts_of_a_left_to_right_language_are_filled_as_the_formatter_does():
    fields = {"n": 3, "seat": 2, "score": -4, "name": "Ana", "points": 1.5}
    formatter = string.Formatter()
    checked = 0
    for package in ("tabletop", "harmonies", "azul"):
        for code in ("en", "nl", "vi"):
            with i18n.wording(code):
                for text in i18n.table(package, code).values():
                    for form in (text.values() if isinstance(text, dict) else [text]):
                        values = {name: fields.get(name, "x") for name in i18n.fields(form)}
                        try:
                            expected = formatter.vformat(form, (), values)
                        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                            continue  # a field whose value is a number or an object of its own
                        assert i18n._fill(form, values) == expected
                        checked += 1
    assert checked > 500
