"""The lobby's model against a table server process (``python -m tabletop.tables``), as a
notebook's kernel speaks to the classroom's or Lab's: a table made with a computer seat, followed
as its spectator while its players move, a seat handed to the computer, refusals as messages in
the learner's language (the server's own and the lobby's), a server that does not answer. Every
wait is for a state the lobby has seen."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apart import run_apart  # noqa: E402
from browser.conftest import SHOTS, Server, _free_port  # noqa: E402
from test_tables_server import HANG, reply  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.tables.client import Client  # noqa: E402
from tabletop.tables.lobby import InProcess, LobbyModel, Nowhere, Refused, Remote  # noqa: E402
from tabletop.tables.widget import Lobby  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    db = tmp_path_factory.mktemp("lobby") / "t.sqlite"
    proc = Server([sys.executable, "-m", "tabletop.tables", "--port", str(port), "--db", str(db)], port,
                  ready_path="/t/ready")
    yield proc
    proc.stop()


class Seen:
    """The states a lobby has seen, waited for one by one."""

    def __init__(self, model: LobbyModel):
        self.model, self.changed = model, asyncio.Event()
        model.listeners.append(self.changed.set)

    async def until(self, wanted) -> dict:
        while not (self.model.state is not None and wanted(self.model.state)):
            self.changed.clear()
            await self.changed.wait()
        return self.model.state


def test_a_table_from_the_lobby_followed_while_its_players_move(server):
    async def go():
        model = LobbyModel(Remote(f"{server.url}/"))
        seen = Seen(model)
        model.choose_game("azul")
        model.choose_players(3)
        model.choose_computer(2, "greedy")
        model.create()
        assert model.made is not None and model.made["seats"][2] is None
        await seen.until(lambda s: s["moves"] == 0)
        assert [seat.link is None for seat in model.seats()] == [False, False, True]
        rng = random.Random(1)
        pages = [await Client.open(f"ws{server.url[4:]}/t/{model.made['id']}/ws", link.split("#")[1])
                 for link in model.made["seats"][:2]]
        for page in pages:
            await page.state_after(0)
        for _ in range(6):  # the players move on their devices, the computer by itself; the lobby follows
            state = model.state
            if state["current"] == 2:
                await seen.until(lambda s, after=state["moves"]: s["moves"] > after)
                continue
            page = pages[state["current"]]
            mine = await page.state_after(state["moves"])
            page.move(rng.choice(mine["actions"])["text"])
            assert (await reply(page))["type"] == "ok"
            await seen.until(lambda s, after=state["moves"]: s["moves"] > after)
        model.hand(1)
        assert "seat 2 " in model.message  # Azul's words count its players from 1, and so does its table
        await seen.until(lambda s: s["computers"] == [1, 2])
        assert [seat.link is None for seat in model.seats()] == [False, True, True]
        model.hand(0)  # the last person's seat: refused by the server, in words
        assert model.message and "tables." not in model.message
        for page in pages:
            page.close()
    run_apart(asyncio.wait_for(go(), HANG))


def test_refusals_are_messages_in_the_learners_language(server):
    with i18n.wording("fa"):
        with pytest.raises(Refused) as caught:
            Remote(server.url).create({"game": "azul", "players": 9})
        assert caught.value.key == "bad_players" and caught.value.message
    model = LobbyModel(Remote(f"http://127.0.0.1:{_free_port()}"))  # nobody listens there
    model.create()
    assert model.made is None and "127.0.0.1" in model.message
    model.choose_players(9)
    assert model.players == 2 and "9" in model.message
    model.hand(0)
    assert model.message == i18n.Catalogue("tabletop").entry("tables.lobby.no_table", i18n.language())


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_the_lobby_widget_speaks_every_language(code):
    with i18n.wording(code):
        lobby = Lobby(InProcess())
        lobby.model.choose_computer(1, "strong")
        lobby.model.create()
        words = " ".join(part.value for part in lobby.table.children if hasattr(part, "value"))
        assert "tables." not in words and "{" not in lobby.model.status()
        assert lobby.model.status() and lobby.game.description and lobby.message
        lobby.close()


def test_a_finished_solo_game_is_told_by_its_suns_in_the_language_in_force():
    service = InProcess()
    lobby = Lobby(service)
    lobby.model.choose_game("harmonies")
    lobby.model.choose_players(1)
    lobby.model.create()
    made, rng = lobby.model.made, random.Random(1)
    table = service.tables.get(made["id"])
    while not table.game.over:  # the player's page, moving at random
        action = rng.choice(table.game.legal_actions())
        service.move(made["id"], made["seats"][0].split("#")[1], table.game.action_text(action))
    state = lobby.model.state
    assert state["over"] and state["rating"] is not None
    suns = state["rating"]
    assert f"Suns: {suns}" in lobby.model.status() and "Winners" not in lobby.model.status()
    with i18n.wording("fa"):
        assert "خورشیدها" in lobby.model.status()  # worded when shown, not when the state came
    lobby.close()


def test_without_a_table_server_the_lobby_says_how_to_get_one(monkeypatch):
    monkeypatch.delenv("TABLETOP_TABLES_URL", raising=False)
    lobby = Lobby()
    assert isinstance(lobby.model.service, Nowhere)
    lobby.model.create()
    assert lobby.model.made is None and "make serve" in lobby.message and lobby.table.children == ()
    lobby.close()


def test_the_lobby_follows_its_table_across_a_server_restart(tmp_path):
    port, db = _free_port(), tmp_path / "t.sqlite"
    command = [sys.executable, "-m", "tabletop.tables", "--port", str(port), "--db", str(db)]
    first = Server(command, port, ready_path="/t/ready")

    async def go():
        nonlocal first
        model = LobbyModel(Remote(first.url))
        seen = Seen(model)
        model.choose_game("harmonies")
        model.create()
        await seen.until(lambda s: s["moves"] == 0)
        first.stop()
        first = Server(command, port, ready_path="/t/ready")  # the same file: the table is there
        page = await Client.open(f"ws://127.0.0.1:{port}/t/{model.made['id']}/ws",
                                 model.made["seats"][0].split("#")[1])
        mine = await page.state_after(0)
        page.move(mine["actions"][0]["text"])
        assert (await reply(page))["type"] == "ok"
        await seen.until(lambda s: s["moves"] == 1)  # the lobby came back by itself
        page.close()
        model.new_table()
    try:
        run_apart(asyncio.wait_for(go(), HANG))
    finally:
        first.stop()
