"""Every clickable place is a button for the keyboard and screen readers, named in the learner's
language: the places layer of ``Scene.to_svg(clickable=True)`` and the names each widget gives."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from azul import draw as azul_draw
from azul.board import Board as AzulBoard
from azul.locale import t as azul_t
from azul.tiles import RED, colour_title
from harmonies import draw as harmonies_draw
from harmonies.board import Board
from tabletop import Scene, i18n
from tabletop.clickable import ClickableSVG

SVG = "{http://www.w3.org/2000/svg}"


def places(svg: str) -> list[ET.Element]:
    """The buttons of a picture, in their order (the order of the Tab stop's arrow walk)."""
    root = ET.fromstring(svg)
    return [el for el in root.iter() if el.get("role") == "button"]


def keys_drawn(svg: str) -> set[str]:
    return {el.get("data-key") for el in ET.fromstring(svg).iter() if el.get("data-key")}


def assert_buttons(svg: str) -> dict[str, str]:
    """Every key drawn is exactly one button with a tabindex and a name; one Tab stop. Returns
    each key's accessible name."""
    root = ET.fromstring(svg)
    assert root.get("role") == "group" and root.get("aria-label")
    buttons = places(svg)
    keys = [el.get("data-key") for el in buttons]
    assert len(keys) == len(set(keys)), "a place drawn as two buttons"
    assert set(keys) == keys_drawn(svg), "a keyed shape without its button"
    assert [el.get("tabindex") for el in buttons].count("0") == 1
    assert {el.get("tabindex") for el in buttons} <= {"0", "-1"}
    for el in buttons:
        assert el.get("aria-label", "").strip(), f"{el.get('data-key')} has no name"
        assert el.findtext(f"{SVG}title") == el.get("aria-label")  # the tooltip says the same
    return {el.get("data-key"): el.get("aria-label") for el in buttons}


def two_places() -> Scene:
    scene = Scene(100, 50, title="two places")
    scene.polygon([(0, 0), (40, 0), (20, 30)], fill="#ccc", key="a", title="place a")
    scene.circle((20, 10), 3, fill="#000", key="a")  # a piece on a: no button of its own
    scene.text((20, 40), "a", key="a")
    for k in range(3):  # a row of three slots: one place, a box round all of them
        scene.rect(50 + 15 * k, 10, 10, 10, key="b", title="slot")
    scene.tips["b"] = "place b: three slots"
    scene.text((5, 45), "no key", title="a note")
    return scene


class TestPlaces:
    def test_a_plain_picture_has_no_buttons(self):
        svg = two_places().to_svg()
        assert places(svg) == [] and "role=" not in svg and "tabindex" not in svg

    def test_each_key_is_one_named_button_over_the_picture(self):
        svg = two_places().to_svg(clickable=True)
        names = assert_buttons(svg)
        assert names == {"a": "place a", "b": "place b: three slots"}
        a, b = places(svg)
        assert a.tag == f"{SVG}polygon" and a.get("points") == "0,0 40,0 20,30"
        assert (b.tag, b.get("x"), b.get("width"), b.get("height")) == (f"{SVG}rect", "50", "40", "10")
        assert a.get("tabindex") == "0" and b.get("tabindex") == "-1"
        # Drawn after everything, so that the whole place takes clicks and the ring shows on top.
        assert list(ET.fromstring(svg))[-1].get("class") == "tabletop-places"

    def test_pieces_keep_their_key_but_not_their_tooltip(self):
        root = ET.fromstring(two_places().to_svg(clickable=True))
        pieces = [el for el in root.iter() if el.get("data-key") and el.get("role") is None]
        assert len(pieces) == 6 and all(el.find(f"{SVG}title") is None for el in pieces)
        notes = [el for el in root.iter()
                 if el.get("data-key") is None and el.find(f"{SVG}title") is not None]
        assert [el.findtext(f"{SVG}title") for el in notes] == ["two places", "a note"]

    def test_a_name_function_says_what_a_click_would_do(self):
        svg = two_places().to_svg(clickable=True, name=lambda key, tip: f"{tip}. Click: {key}!")
        assert assert_buttons(svg) == {"a": "place a. Click: a!", "b": "place b: three slots. Click: b!"}

    def test_the_picture_is_a_group_named_by_its_title_on_one_line(self):
        scene = two_places()
        scene.title = "first line\nsecond line"
        assert ET.fromstring(scene.to_svg(clickable=True)).get("aria-label") == "first line second line"

    def test_the_widget_shows_a_scene_with_its_buttons_and_reports_clicks(self):
        clicked = []
        view = ClickableSVG(on_click=clicked.append)
        view.show(two_places(), name=lambda key, tip: tip.upper())
        assert assert_buttons(view.svg)["a"] == "PLACE A"
        view._message(view, {"type": "click", "key": "b"}, [])
        assert clicked == ["b"]


class TestDrawnPlaces:
    def test_every_hex_of_a_harmonies_board_is_a_hex_button(self):
        board = Board("A")
        board.place("c3", "brown")
        scene = harmonies_draw.board_scene(board)
        names = assert_buttons(scene.to_svg(clickable=True))
        assert len(names) == 23 and names["cell:c3"].startswith("c3: ")
        hexes = {el.get("data-key"): el for el in places(scene.to_svg(clickable=True))}
        assert hexes["cell:c3"].tag == f"{SVG}polygon" and len(hexes["cell:c3"].get("points").split()) == 6

    @pytest.mark.parametrize("lang", ["en", "fa"])
    def test_every_place_of_an_azul_board_is_named_in_the_language(self, lang):
        i18n.set_language(lang)
        board = AzulBoard.from_dict({"floor": "RF"}, gray=False)
        names = assert_buttons(azul_draw.board_scene(board).to_svg(clickable=True))
        assert len(names) == 5 + 5 + 25 + 1
        assert names["column:3"] == azul_t("draw.column.tip", column=3)
        assert names["floor"] == azul_t.count("draw.floor.tip", 2, tiles=i18n.join_and(
            [colour_title(RED), azul_t("draw.marker")]), penalty="\u22122")
        if lang == "fa":
            assert "دیوار" in names["column:3"] and "کف" in names["floor"]
        else:
            assert names["floor"] == "floor: 2 tiles (red and first-player marker), \u22122 points"


class TestPicturesInNotebooks:
    """A picture in a notebook is an image whose text is its title (JupyterLab would show a bare
    SVG as an image with no text at all, which a screen reader cannot tell about)."""

    def test_a_scene_is_an_image_named_by_its_title(self):
        import base64

        scene = two_places()
        scene.title = 'a "board"\nsecond line'
        html = scene._repr_html_()
        assert html.startswith('<img src="data:image/svg+xml;base64,')
        assert 'alt="a &quot;board&quot; second line"' in html
        data = html.split("base64,")[1].split('"')[0]
        assert base64.b64decode(data).decode() == scene.to_svg()

    @pytest.mark.parametrize("lang", ["en", "fa"])
    def test_the_games_objects_show_as_named_images_too(self, lang):
        from azul.board import Board as AzulBoard
        from harmonies.cards import card

        i18n.set_language(lang)
        for thing in (Board("B"), AzulBoard(), card(23)):
            html = thing._repr_html_()
            alt = html.split('alt="')[1].rstrip('">')
            assert alt and alt in thing._repr_svg_()

    def test_the_language_menu_is_named(self):
        from tabletop.locale import t
        from tabletop.localised import LanguagePicker

        picker = LanguagePicker()
        assert picker.menu.description == "Language"  # its label, which a screen reader reads too
        i18n.set_language("nl")
        assert picker.menu.description == t("language.menu") != "Language"
