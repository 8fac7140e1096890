"""A private table in Chromium, through the classroom server with an access code (``make serve``):
two players and a projector, each in a browser context of its own, open their links (which open
their table only, with no access code), play a whole game of Azul by clicking the board, with a reload
mid-game, the same seat clicking on two devices at once, and a link whose secret was tampered with;
a solo game of Harmonies, with a projector, whose table server is killed and started again mid-game.
Every wait is for a state of the page."""

from __future__ import annotations

import json
import sys
import urllib.request

import pytest

from tabletop.i18n import Catalogue
from tabletop.tables.jupyter import KEY_HEADER

from .conftest import SHOTS, Server, Watched, _free_port, click_place

CODE = "pear7plum"
KEY = "kernel-key-of-the-browser-test"
texts = Catalogue("tabletop")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    db = tmp_path_factory.mktemp("tables") / "t.sqlite"
    proc = Server(["env", f"CLASSROOM_ACCESS_CODE={CODE}", f"TABLETOP_TABLES_DB={db}",
                   f"TABLETOP_TABLES_KEY={KEY}", sys.executable, "-m", "classroom", "notebooks/",
                   "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"], port, ready_path="/login")
    yield proc
    proc.stop()


def create(server: Server, **asked) -> dict:
    """A table, as the lobby widget's kernel makes one."""
    request = urllib.request.Request(f"{server.url}/tables/tables", data=json.dumps(asked).encode(),
                                     headers={"Content-Type": "application/json", KEY_HEADER: KEY})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


@pytest.fixture
def contexts(browser, request):
    """Browser contexts of their own (a phone each), watched; closed at the end of the test."""
    opened: list = []

    def open_page(name: str, link: str) -> Watched:
        context = browser.new_context(viewport={"width": 900, "height": 900})
        page = context.new_page()
        page.set_default_timeout(60_000)
        watched = Watched(page, f"{request.node.name}-{name}")
        opened.append(watched)
        page.goto(link)
        return watched

    yield open_page
    for watched in opened:
        try:
            watched.shot("-final")
        finally:
            watched.page.context.close()


def moves(page) -> int:
    return page.evaluate("() => st ? st.moves : -1")


def wait_moves(page, n: int) -> None:
    page.wait_for_function("(n) => st && st.moves >= n", arg=n)


def choose(page) -> None:
    """Click as a player does, sending exactly one move: a move of the list when the page lists
    them all (a few are left), else a place the board offers and, if several moves touch it, the
    first of those the page then lists."""
    page.wait_for_function("() => st && st.actions.length > 0")
    listed = page.locator("#choices button:not(#clear)")
    if listed.count():
        listed.first.click()
        return
    click_place(page.locator("#board .can").first)
    if page.evaluate("() => picks.length") > 0:  # not sent yet: several moves touch that place
        listed.first.click()


def test_two_players_and_a_projector_play_a_whole_game(server, contexts):
    made = create(server, game="azul", players=2)
    assert CODE not in made["seats"][0]  # a link opens its table only: no access code (a projector shows it)
    players = [contexts("seat1", made["seats"][0]), contexts("seat2", made["seats"][1])]
    projector = contexts("projector", made["spectator"].replace("#", "?lang=fa#"))
    for watched in (*players, projector):
        wait_moves(watched.page, 0)
        assert "#" in watched.page.url  # the secret stays in the fragment, which no server sees
    assert projector.page.locator("html").get_attribute("dir") == "rtl"
    shown, status = projector.page.evaluate("() => [document.getElementById('status').innerText, st.status]")
    assert shown == status  # read at one moment: a seat arriving may change both

    # A link whose secret was changed opens nothing, and says so.
    link = made["seats"][1]
    stranger = contexts("tampered", link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB"))
    refused = texts.entry("tables.bad_secret", "en")
    stranger.page.wait_for_function("(t) => document.getElementById('say').textContent === t", arg=refused)
    assert stranger.page.locator("#board svg").count() == 0

    # Tiles clicked are picked, as in a lesson's table, and a second click puts them back.
    tiles = players[0].page.locator('#board [data-key^="factory:"].can').first
    key = tiles.get_attribute("data-key")
    click_place(tiles)
    assert players[0].page.evaluate("() => picks") == [key] and moves(players[0].page) == 0
    click_place(players[0].page.locator(f'#board [data-key="{key}"]').first)
    assert players[0].page.evaluate("() => picks") == []

    # One seat on two devices, both clicking at once: the first move counts, the other is told why.
    tablet = contexts("seat1-tablet", made["seats"][0])
    wait_moves(tablet.page, 0)
    tablet.page.evaluate("""() => { window.held = []; const take = ws.onmessage;
        ws.onmessage = (e) => window.held.push(e);
        window.release = () => { ws.onmessage = take; for (const e of window.held) take(e); }; }""")
    choose(players[0].page)
    wait_moves(projector.page, 1)
    choose(tablet.page)  # its page had not seen the move yet (held, as on a slow network)
    tablet.page.evaluate("() => window.release()")
    stale = texts.entry("tables.stale", "en").split("{")[0]
    tablet.page.wait_for_function("(t) => document.getElementById('say').textContent.startsWith(t)",
                                  arg=stale)
    assert moves(tablet.page) == 1

    # The game, click by click; seat 2 reloads its page halfway.
    reloaded = False
    while not projector.page.evaluate("() => st.over"):
        done = moves(projector.page)
        if done >= 20 and not reloaded:
            players[1].page.reload()
            wait_moves(players[1].page, done)
            assert players[1].page.evaluate("() => st.seat") == 1
            reloaded = True
        mover = players[projector.page.evaluate("() => st.current")].page
        wait_moves(mover, done)
        choose(mover)
        wait_moves(projector.page, done + 1)
    final = projector.page.evaluate("() => [st.moves, st.scores, st.log]")
    for watched in players:
        wait_moves(watched.page, final[0])
        assert watched.page.evaluate("() => [st.moves, st.scores, st.log]") == final
    assert reloaded and projector.page.evaluate("() => st.record.format").startswith("azul")
    assert projector.page.evaluate("() => st.winners.length") >= 1
    for watched in (*players, projector, tablet):
        watched.assert_clean()


def test_the_lessons_lobby_makes_a_table_and_follows_its_game(server, contexts):
    """The "Play with friends" lesson in the classroom: its lobby (a lesson's kernel, speaking to its
    own server with the key the server gave it) makes a table whose links a phone opens; a move on
    the phone shows in the lobby."""
    teacher = contexts("lobby", f"{server.url}/voila/render/en/azul-lessons/22-play-with-friends.ipynb"
                                f"?token={CODE}")
    lobby = teacher.page.locator(".tabletop-lobby")
    lobby.get_by_role("button", name=texts.entry("tables.lobby.create", "en")).click()
    links = lobby.locator('a[href*="/tables/t/"]')
    links.nth(2).wait_for()  # two seats and the spectators
    seat_link, spectator_link = links.nth(0).get_attribute("href"), links.nth(2).get_attribute("href")
    assert CODE not in seat_link and spectator_link.split("#")[0] == seat_link.split("#")[0]
    assert lobby.locator("svg").count() >= 3  # a QR code for each link
    waiting = texts.entry("tables.page.waiting", "en")
    lobby.get_by_text(waiting.format(seat=1)).wait_for()  # from 1, as Azul's board

    phone = contexts("phone", seat_link)
    wait_moves(phone.page, 0)
    choose(phone.page)
    wait_moves(phone.page, 1)
    lobby.get_by_text(waiting.format(seat=2)).wait_for()  # the lobby saw the move
    lobby.locator(".tabletop-svg svg").first.wait_for()  # and shows the board, within its box
    # Looked up, scrolled to and measured in one step: a new state may replace the drawing at any time.
    width = lobby.evaluate("""lobby => { const board = lobby.querySelector('.tabletop-svg svg');
                                         board.scrollIntoView({block: 'center'});
                                         return board.getBoundingClientRect().width; }""")
    teacher.shot("-board")
    assert 0 < width <= 640
    # Seat 2 never came: the host gives it to the computer, which plays at once; the phone moves again.
    lobby.get_by_role("button", name=texts.entry("tables.lobby.hand", "en")).nth(1).click()
    lobby.get_by_text(texts.entry("tables.lobby.handed", "en").format(seat=2)).wait_for()
    wait_moves(phone.page, 2)
    assert phone.page.evaluate("() => [st.current, st.computers]") == [0, [1]]
    seat_2 = " ".join((texts.entry("tables.lobby.seat", "en").format(seat=2),
                       texts.entry("tables.lobby.computer.strong", "en")))
    lobby.get_by_text(seat_2, exact=True).wait_for()  # its row names the computer, no link any more
    phone.assert_clean()
    teacher.assert_clean()


def _table_server(port: int, db) -> Server:
    """The table server on its own (``python -m tabletop.tables``), ready once it serves a seat page.
    A robot clicks faster than any hand: the rate a page may send at is raised so that no game here
    meets it (the limit has its own test in test_tables_server)."""
    return Server([sys.executable, "-m", "tabletop.tables", "--port", str(port), "--db", str(db),
                   "--rate", "100000"], port,
                  ready_path="/t/ready")


def _lost_connection(message: str) -> bool:
    """Chromium's console line for a websocket that could not connect (the server was down)."""
    return message.startswith("WebSocket connection to 'ws://127.0.0.1") and "failed" in message


def test_a_solo_game_of_harmonies_goes_on_across_a_server_restart(tmp_path, contexts):
    """Harmonies' board by clicks (a space of the central board, a token held and a space of the
    player's board, the end of a turn from the list), a player and a projector, on the table server
    on its own. The server is killed mid-game (no goodbye) and started again on the same port and
    database: both pages find their places again by themselves, where the game was, and the game is
    played to its end, every move kept."""
    SHOTS.mkdir(exist_ok=True)
    port, db = _free_port(), tmp_path / "tables.sqlite"
    server = _table_server(port, db)
    try:
        request = urllib.request.Request(f"{server.url}/tables", headers={"Content-Type": "application/json"},
                                         data=json.dumps({"game": "harmonies", "players": 1}).encode())
        with urllib.request.urlopen(request, timeout=60) as answer:
            made = json.loads(answer.read())
        player = contexts("restart-solo", made["seats"][0])
        projector = contexts("restart-projector", made["spectator"])
        pages = [player.page, projector.page]
        lost = texts.entry("tables.page.lost", "en")
        for page in pages:
            wait_moves(page, 0)
        restarted = False
        while not projector.page.evaluate("() => st.over"):
            done = moves(projector.page)
            if done >= 12 and not restarted:
                server.proc.kill()  # a crash: nothing is said to the pages, nothing is flushed
                server.stop()
                for page in pages:
                    page.wait_for_function("(t) => document.getElementById('status').textContent === t",
                                           arg=lost)
                server = _table_server(port, db)
                for page in pages:  # back by themselves, at the same place, where the game was
                    page.wait_for_function("(t) => document.getElementById('status').textContent !== t",
                                           arg=lost)
                    wait_moves(page, done)
                    assert moves(page) == done
                assert [p.evaluate("() => st.seat") for p in pages] == [0, None]
                restarted = True
            wait_moves(player.page, done)
            choose(player.page)
            wait_moves(projector.page, done + 1)
        final = projector.page.evaluate("() => [st.moves, st.scores, st.log]")
        wait_moves(player.page, final[0])  # the player's page may get the last move after the projector
        assert player.page.evaluate("() => [st.over, st.moves, st.scores, st.log]") == [True, *final]
        assert restarted and projector.page.evaluate("() => st.record.format").startswith("harmonies")
        assert projector.page.evaluate("() => st.record.actions.length") == final[0]  # every move kept
        projector.shot("-over")  # while the server runs: the "-final" photographs come after it stopped
        for watched in (player, projector):
            watched.console_errors = [m for m in watched.console_errors if not _lost_connection(m)]
            watched.assert_clean()
    finally:
        server.stop()
