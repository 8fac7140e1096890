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


# ---------------------------------------------------------------------------------------------
# The widgets: every place of every clickable picture is a named button, and its name says what a
# click would do now, in the language chosen (Persian here), and follows the language menu.


def views(widget) -> list[ClickableSVG]:
    return [v for v in vars(widget).values() if isinstance(v, ClickableSVG) and v.on_click]


def all_names(widget) -> dict[str, str]:
    names = {}
    for view in views(widget):
        names.update(assert_buttons(view.svg))
    return names


def make_widgets():
    from azul.widgets import AzulTable, WallSandbox
    from harmonies.widgets import BoardEditor, GameTable, HabitatExplorer

    return {"editor": BoardEditor(), "explorer": HabitatExplorer(card=23),
            "harmonies table": GameTable(2, seed=1), "sandbox": WallSandbox(),
            "azul table": AzulTable(2, seed=1)}


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_place_of_every_widget_is_a_named_button_in_the_language(lang):
    from azul.locale import t as at
    from harmonies.locale import t as ht
    from tabletop.locale import t as tt

    i18n.set_language(lang)
    made = make_widgets()
    for name, widget in made.items():
        assert views(widget), name
        names = all_names(widget)  # role, tabindex and a name on every key drawn
        assert len(names) >= 20, name
        if lang == "fa":  # Persian names, not English ones
            assert all(i18n.ARABIC_SCRIPT.search(text) for text in names.values()), name
    editor = made["editor"]
    place_names = all_names(editor)
    for key in ("cell:c3", "cell:e5"):
        assert place_names[key] == tt("clickable.name", place=editor.scene.tip(key), action=ht(
            "editor.click.place", colour=ht("colour.blue")))
    assert all_names(made["azul table"])["factory:2:B"] == tt(
        "clickable.name", place=at.count("draw.factory.tiles", 2, factory=2, colour=colour_title(0)),
        action=at("widgets.click.take", colour=colour_title(0)))


def test_the_editor_names_say_what_the_tool_in_hand_would_do():
    from harmonies.widgets import BoardEditor

    editor = BoardEditor()
    editor.choose("brown")
    editor.click("c3")
    editor.choose("green")
    names = all_names(editor)
    assert names["cell:c3"] == "c3: a brown token. Click: place green here"
    assert names["cell:c4"] == "c4: nothing. Click: place green here"
    assert all_names(editor)["colour:green"] == "green. Click: choose this colour"
    editor.click("c3")
    assert all_names(editor)["cell:c3"] == "c3: a tree of height 2. Click: green cannot go here"
    editor.choose("cube")  # a change of tool renames the cells at once
    names = all_names(editor)
    assert names["cell:c3"].endswith("Click: put a cube here")
    assert names["cell:c4"].endswith("Click: no cube can go here: it needs a token under it")
    editor.click("c3")
    assert all_names(editor)["cell:c3"].endswith("Click: take the cube off")


def test_the_azul_table_names_follow_the_selection_and_the_language_menu():
    from azul.widgets import AzulTable

    table = AzulTable(2, seed=1)
    names = all_names(table)
    assert names["factory:2:B"] == "factory 2: 2 blue tiles. Click: take the blue tiles"
    assert names["player:0:line:1"] == "player 1, pattern line 1: empty, holds 2"  # nothing chosen yet
    assert names["player:1:line:1"] == "player 2, pattern line 1: empty, holds 2"
    table.click("factory:2:B")
    names = all_names(table)
    assert names["factory:2:B"] == "factory 2: 2 blue tiles. Click: put the blue tiles back"
    assert names["player:0:line:1"].endswith("Click: put the blue tiles on this line")
    assert names["player:0:floor"] == "player 1, floor: empty. Click: put the blue tiles on the floor"
    assert "Click" not in names["player:1:line:1"]  # not the board of the player to move
    i18n.set_language("nl")  # what the language menu does: every live widget relabels
    assert all_names(table)["player:0:line:1"].endswith("Klik: leg de tegels van kleur blauw op deze rij")


def test_the_harmonies_table_names_seats_and_turns():
    from harmonies.widgets import GameTable

    table = GameTable(2, seed=1)
    names = all_names(table)
    assert names["space:1"].endswith("Click: take these tokens")
    assert names["seat0:cell:c3"] == "Player 1 (human), c3: nothing"
    assert names["seat1:cell:c3"] == "Player 2 (greedy), c3: nothing"
    table.click("space:1")
    table.choose("blue")
    names = all_names(table)
    assert names["seat0:cell:c3"] == "Player 1 (human), c3: nothing. Click: place blue here"
    assert "Click" not in names["seat1:cell:c3"]
