"""Play by link, with no server: a whole game passed from device to device as links, both games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import azul
import harmonies
from azul.tablemodel import TableModel as AzulTableModel
from harmonies.actions import EndTurn
from harmonies.tablemodel import TableModel as HarmoniesTableModel
from tabletop import bylink
from tabletop.game import seed_for
from tabletop.links import pack, unpack
from tabletop.records import record

GAMES = {"harmonies": (HarmoniesTableModel, harmonies.Game, harmonies.policies.POLICIES),
         "azul": (AzulTableModel, azul.Game, azul.policies.POLICIES)}


def _turn_over(game) -> bool:
    """Whether the seat to move has not begun its turn (Harmonies' turns have several actions)."""
    return not game.history or not isinstance(game.history[-1], EndTurn)


def _play_a_turn(table, policy) -> None:
    """The seat to move plays a whole turn at ``table`` as a human would, by text."""
    game = table.game
    seat = game.current
    while not game.over and game.current == seat:
        table.act(game.action_text(policy(game)))
        assert table.message == "", table.message
        game = table.game
        if isinstance(game, harmonies.Game) and isinstance(game.history[-1], EndTurn):
            break


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_travels_by_links_between_devices(name):
    """Each turn is played on another device, which opened the link the last one sent; the game
    ends as the same game played at one table."""
    Model, Game, policies = GAMES[name]
    players = 2
    first = Model(players, seats=["human"] * players, seed=11)
    policy = [policies["greedy"](seed_for(11, seat)) for seat in range(players)]
    table, devices = first, 1
    while not table.game.over:
        _play_a_turn(table, policy[table.game.current])
        link = table.send()
        assert link and table.sent == link and table.message == ""
        table = Model(players, seats=["human"] * players)  # the next device opens the lesson page
        assert table.open_link(f"https://example.org/lesson.ipynb#{link}"), table.message
        assert table.by_link and set(table.seats) == {"human"}
        devices += 1
    assert devices > 10
    straight = Game(**first.game.start)
    for action in table.game.history:
        straight.play(action)
    assert table.game.to_dict() == straight.to_dict()
    assert table.game.over and straight.over
    assert "#" not in table.log[-1] and len(table.log) > len(table.game.history) // 2


def test_a_harmonies_turn_is_sent_only_when_it_is_over():
    table = HarmoniesTableModel(2, seats=["human", "human"], seed=4)
    table.act("take 1")
    before = json.dumps(table.game.to_dict())
    assert table.send() is None
    assert "end turn" in table.message and json.dumps(table.game.to_dict()) == before
    assert table.sent == ""


@pytest.mark.parametrize("name", GAMES)
def test_the_link_shown_goes_once_the_game_moves_on(name):
    Model, _, policies = GAMES[name]
    table = Model(2, seats=["human", "human"], seed=2)
    link = table.send()
    assert table.sent == link
    _play_a_turn(table, policies["greedy"]("x"))
    assert table.sent == ""


@pytest.mark.parametrize("name", GAMES)
def test_the_page_says_anyone_holding_the_link_can_move(name):
    Model, _, _ = GAMES[name]
    table = Model(2, seats=["human", "greedy"], seed=5)
    assert "anyone" not in table.status()
    assert table.open_link(table.send())
    assert "anyone who holds this game's link can move" in table.status()


def _broken(link: str, data) -> str:
    how = data.draw(st.sampled_from(["cut", "changed", "other action", "other game", "newer"]))
    if how == "cut":
        return link[:data.draw(st.integers(0, len(link) - 1))]
    if how == "changed":
        at = data.draw(st.integers(len("play=1."), len(link) - 1))
        return link[:at] + ("B" if link[at] != "B" else "C") + link[at + 1:]
    kept = unpack(link)
    if how == "other action":
        kept["actions"][-1] = data.draw(st.sampled_from(["take 9", "factory 9: red -> line 1", "end", ""]))
    elif how == "other game":
        kept["format"] = "azul-game/1" if kept["format"].startswith("harmonies") else "harmonies-game/1"
    else:
        kept["format"] = kept["format"].replace("/1", "/2")
    return pack(kept)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_broken_link_changes_nothing_and_says_why(name, data):
    Model, _, policies = GAMES[name]
    sender = Model(2, seats=["human", "greedy"], seed=8)
    _play_a_turn(sender, policies["greedy"]("s"))
    link = sender.send()
    receiver = Model(2, seats=["human", "greedy"], seed=3)
    _play_a_turn(receiver, policies["greedy"]("r"))
    before = (json.dumps(receiver.game.to_dict()), receiver.log, receiver.seats)
    broken = _broken(link, data)
    try:
        same = unpack(broken) == unpack(link)
    except bylink.LinkError:
        same = False
    if same:
        return
    assert not receiver.open_link(broken)
    assert receiver.message
    assert (json.dumps(receiver.game.to_dict()), receiver.log, receiver.seats) == before


def test_a_board_is_no_game_for_the_table():
    board = "#" + pack({"game": "harmonies", "side": "A", "board": {}})
    assert not bylink.holds_game(board, [harmonies.Game])
    assert not bylink.holds_game("#section-2", [harmonies.Game])
    assert bylink.holds_game("#play=1.garbled", [harmonies.Game])  # the table says what is wrong
    game = azul.Game(2, seed=1)
    assert bylink.holds_game(pack(record(game)), [azul.Game])
    assert not bylink.holds_game(pack(record(game)), [harmonies.Game])
