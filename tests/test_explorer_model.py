"""The habitat explorer's model, driven without any widget: cards, rotations, cubes by click, boards,
and refusals that leave the state as it was with a learner's message."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies import habitats
from harmonies.board import Board
from harmonies.explorermodel import ExplorerModel
from harmonies.scenario import Scenario

# The scenario of docs/harmonies.md, without its cubes and cards: one Fennec Fox habitat (card 23).
EXAMPLE = {"game": "harmonies", "side": "A",
           "board": {"a1": ["yellow"], "b1": ["gray"], "c2": ["gray"], "a3": ["brown", "green"],
                     "b3": ["yellow"], "c4": ["yellow"], "e1": ["gray", "gray", "gray"],
                     "e2": ["gray", "gray"], "c3": ["brown", "red"], "d2": ["blue"], "d3": ["blue"],
                     "e4": ["blue"]}}


def example() -> ExplorerModel:
    return ExplorerModel(Scenario.from_dict(EXAMPLE).board, 23)


def state(model: ExplorerModel):
    return (model.board.to_dict(), model.card.id, model.rotation, model.matches, model.cube_cells)


def test_it_finds_the_habitat_and_places_its_cube_by_a_click():
    model = example()
    assert [m.cells for m in model.matches] == [("a1", "b1", "c2")] and model.cube_cells == ["c2"]
    before, picture = state(model), model.board_scene().to_svg()
    model.click("cell:d2")
    assert model.message == "no Fennec Fox habitat has its cube cell at d2 (a cube of it can go on c2 now)"
    assert state(model) == before
    model.click("cell:c2")
    assert model.message == "" and model.note and model.board.has_cube("c2") and model.cube_cells == []
    assert model.board_scene().to_svg() != picture  # the dashed cube became a cube
    model.click("c2")
    assert "already holds a cube" in model.message


def test_a_rotation_shows_only_its_habitats_and_a_bad_one_is_refused():
    model = example()
    model.show_rotation("rotation:3")
    assert model.rotation == 3 and model.matches == []
    model.show_rotation(0)
    assert len(model.matches) == 1 and model.cube_cells == ["c2"]
    for bad in (9, "rotation:x", -1):
        model.show_rotation(bad)
        assert "not a rotation" in model.message and model.rotation == 0
    model.show_rotation("all")
    assert model.rotation is None and model.message == ""


def test_another_card_or_board_and_the_refusals():
    model = example()
    model.select_card("card:Lion")
    assert model.card.name == "Lion"
    assert [(n.cell, str(n.colour)) for n in model.near_misses] == [("a2", "yellow")]
    model.select_card(99)
    assert "no card 99" in model.message and model.card.name == "Lion"
    model.set_board('{"game": "azul"}')
    assert model.message and model.board.to_dict() == Scenario.from_dict(EXAMPLE).board.to_dict()
    model.set_board(None)
    assert model.message == "" and model.matches == [] and model.near_misses == []


REQUESTS = st.one_of(
    st.tuples(st.just("click"), st.sampled_from(["a1", "c2", "cell:d2", "e4", "z9", "cell:", ""])),
    st.tuples(st.just("show_rotation"), st.one_of(st.none(), st.integers(-2, 7), st.text(max_size=6))),
    st.tuples(st.just("select_card"),
              st.one_of(st.integers(-1, 44), st.sampled_from(["Lion", "card:3", "x"]))),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(REQUESTS, max_size=12))
def test_no_request_raises_and_a_refused_one_changes_nothing(requests):
    model = example()
    for name, argument in requests:
        before = state(model)
        getattr(model, name)(argument)
        if model.message:
            assert state(model) == before
        assert model.matches == [m for m in habitats.matches(model.card, model.board)
                                 if model.rotation is None or m.rotation == model._shown_rotation()]
        model.board_scene(), model.rotations_scene()


def test_an_empty_board_of_side_b():
    model = ExplorerModel(None, 1, side="B")
    assert model.board.to_dict() == Board("B").to_dict() and model.matches == []


def test_the_explorer_as_a_link_and_back_with_no_widget():
    from harmonies.explorermodel import ExplorerModel
    from tabletop.links import pack
    shown = ExplorerModel(None, 12)
    shown.show_rotation(4)
    link = shown.link()
    other = ExplorerModel(None, 1)
    assert other.claims(link) and other.open_link(link)
    assert (other.card.id, other.rotation, other.board.to_dict()) == (12, 4, shown.board.to_dict())
    assert other.note and other.message == ""
    board = pack({"game": "harmonies", "side": "B", "board": {"c3": ["blue"]}})
    assert other.claims(board) and other.open_link(board)  # a board: the card shown stays
    assert other.card.id == 12 and other.rotation is None and other.board.side == "B"
    before = (other.card.id, other.board.to_dict())
    for broken in ["#play=1.x", pack({"format": "harmonies-explorer/1", "board": {}, "card": 3}),
                   pack({"format": "harmonies-explorer/1", "board": {}, "card": "x"}),
                   pack({"format": "harmonies-explorer/1", "card": 3, "rotation": 9,
                         "board": {"game": "harmonies", "side": "A", "board": {}}})]:
        assert not other.open_link(broken) and other.message
        assert (other.card.id, other.board.to_dict()) == before
    assert not other.claims(pack({"format": "azul-game/1"})) and not other.claims("#top")
