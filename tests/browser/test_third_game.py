"""The third game (``tests/games/fourrow``) at the table server's seat page in Chromium: the server,
a process of its own, finds Four in a Row only through its kind, registered for the test by a
temporary entry point. Two players click its columns through a whole game, a projector watches in
Persian, and the game the page ends with is kept, linked, replayed and reviewed by the shared code.
Every wait is for a state of the page."""

from __future__ import annotations

import json
import urllib.request

import pytest
from games.fourrow import Game
from games.registered import fourrow

from tabletop import kinds, links, records
from tabletop.i18n import Catalogue, plain
from tabletop.replaying import Replay
from tabletop.review import review

from . import test_tables
from .conftest import SHOTS, _free_port, click_place
from .test_tables import _table_server, moves, wait_moves

texts = Catalogue("tabletop")
contexts = test_tables.contexts  # its fixture: a browser context per page, closed after the test
#: Column 7 filled (and then clicked once more), then player 1 climbs the slant from column 1.
FILL = [7] * 6
GAME = FILL + [1, 2, 2, 3, 3, 4, 3, 4, 4, 6, 4]


@pytest.fixture(scope="module")
def kind(tmp_path_factory):
    with fourrow(tmp_path_factory.mktemp("registered")) as found:
        yield found


@pytest.fixture(scope="module")
def server(kind, tmp_path_factory):
    """The table server on its own, started while the game is registered (on its PYTHONPATH)."""
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    proc = _table_server(port, tmp_path_factory.mktemp("tables") / "t.sqlite")
    yield proc
    proc.stop()


def create(server, **asked) -> dict:
    request = urllib.request.Request(f"{server.url}/tables", data=json.dumps(asked).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def column(page, number: int, *, can: bool = True):
    """A shape of column ``number`` on the page's board (one the seat may click, with ``can``)."""
    return page.locator(f'#board [data-key="column:{number}"]{".can" if can else ""}').first


def test_two_players_click_a_whole_game_and_a_projector_watches_in_persian(kind, server, contexts):
    made = create(server, game="fourrow", players=2)
    players = [contexts("fourrow-seat1", made["seats"][0]), contexts("fourrow-seat2", made["seats"][1])]
    projector = contexts("fourrow-projector", made["spectator"].replace("#", "?lang=fa#"))
    for watched in (*players, projector):
        wait_moves(watched.page, 0)
    assert projector.page.locator("html").get_attribute("dir") == "rtl"
    assert "چهار در یک ردیف" in plain(projector.page.locator("#board svg > title").text_content())
    assert players[1].page.locator("#board .can").count() == 0  # not its turn: nothing to click

    for done, number in enumerate(GAME):
        mover = players[done % 2].page
        wait_moves(mover, done)
        mover.wait_for_function("() => st.actions.length > 0")
        if done == len(FILL):  # a full column offers nothing, and a click on it says so
            assert mover.locator('#board [data-key="column:7"].can').count() == 0
            click_place(column(mover, 7, can=False))
            nothing = texts.entry("tables.page.nothing_here", "en")
            mover.wait_for_function("(t) => document.getElementById('say').textContent === t", arg=nothing)
            assert moves(mover) == done
        click_place(column(mover, number))  # one drop touches a column: one click sends it
        wait_moves(projector.page, done + 1)

    final = projector.page.evaluate("() => [st.over, st.moves, st.winners, st.scores, st.log]")
    assert final[:4] == [True, len(GAME), [0], [1, 0]] and final[4][-1] == "drop 4"
    for watched in players:
        wait_moves(watched.page, len(GAME))
        assert watched.page.evaluate("() => [st.over, st.winners, st.actions.length]") == [True, [0], 0]
    ended = plain(players[0].page.evaluate("() => st.status"))
    assert texts.entry("tables.page.winners", "en").format(seats=1) in ended
    assert "بازیکن 1 (قرمز) چهار مهره در یک ردیف دارد" in plain(
        projector.page.locator("#board svg > title").text_content())
    projector.shot("-over")

    # What the page ends with is the game kept: replayed, linked and reviewed by the shared code.
    kept = projector.page.evaluate("() => st.record")
    game = records.replay(kept, kinds.classes())
    assert isinstance(game, Game) and game.winners() == [0] and len(game.line) == 4
    replay = Replay.of(links.address("https://example.org/", kept), kind.coach)
    assert replay.to_last() == len(GAME) and replay.explained() == [
        "Player 1 has four in a row and scores 1 point."]
    reviewed = review(kept, kind.coach)
    assert len(reviewed.turns) == len(GAME) and reviewed.totals[-1] == [1, 0]
    assert any("it lets player 1 make four in a row" in str(r) for r in reviewed.costliest())
    for watched in (*players, projector):
        watched.assert_clean()
