"""The table server at the protocol level, on 127.0.0.1 (tornado's websocket client, no browser):
whole games with two to four seats and a spectator, a reconnect and a server restart mid-game, two
pages sending at once, and what a student trying to break in would send. Every wait is for a
message; the one timeout only turns a hang into a failure."""

from __future__ import annotations

import asyncio
import gzip
import json
import random

import pytest
from apart import run_apart  # noqa: E402,I001 (tests/ is on the path)
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from tabletop import records
from tabletop.kinds import classes
from tabletop.tables import Tables
from tabletop.tables.client import Client, Closed
from tabletop.tables.server import Limits, make_app

HANG = 240  # seconds: a test that waits longer than this has hung
#: A robot sends moves faster than any hand, so the games here would meet the rate limit at random
#: (how fast depends on the machine); the limit has its own test, with its own Limits.
ROBOT = Limits(burst=10**6)


class Serving:
    """A table server on a free port of 127.0.0.1 over the database ``path``."""

    def __init__(self, path: str, limits: Limits | None = None, **options):
        self.path, self.limits, self.options = path, limits or ROBOT, options

    async def __aenter__(self) -> Serving:
        self.tables = Tables(self.path)
        sock, self.port = bind_unused_port()
        self.server = HTTPServer(make_app(self.tables, self.limits, **self.options))
        self.server.add_sockets([sock])
        return self

    async def __aexit__(self, *exc) -> None:
        self.server.stop()
        await self.server.close_all_connections()
        self.tables.close()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def create(self, **asked) -> dict:
        reply = await AsyncHTTPClient().fetch(self.url("/tables"), method="POST", body=json.dumps(asked),
                                              headers={"Content-Type": "application/json"})
        return json.loads(reply.body)

    async def post(self, path: str, asked: dict) -> tuple[int, dict]:
        reply = await AsyncHTTPClient().fetch(self.url(path), method="POST", body=json.dumps(asked),
                                              headers={"Content-Type": "application/json"}, raise_error=False)
        return reply.code, json.loads(reply.body)

    async def open(self, made: dict, link: str | None, lang: str = "en") -> Client:
        client = await Client.open(f"ws://127.0.0.1:{self.port}/t/{made['id']}/ws?lang={lang}",
                                   link.split("#", 1)[1] if link else None)
        if link:
            await client.state_after(0)
        return client


def run(coroutine):
    run_apart(asyncio.wait_for(coroutine, HANG))


def secret(link: str) -> str:
    return link.split("#", 1)[1]


async def reply(client: Client) -> dict:
    return await client.until(lambda m: m["type"] in ("ok", "error"))


async def play(seats: list[Client | None], watcher: Client, rng: random.Random,
               moves: int | None = None) -> None:
    """Random legal moves, each by the page of the seat to move, until the game ends (or has
    ``moves`` moves); every page sees every move."""
    while True:
        now = watcher.state
        if now["over"] or (moves is not None and now["moves"] >= moves):
            return
        page = seats[now["current"]]
        if page is None:  # the computer's seat: it moves by itself
            await watcher.state_after(now["moves"] + 1)
            continue
        mine = await page.state_after(now["moves"])
        page.move(rng.choice(mine["actions"])["text"])
        answer = await reply(page)
        assert answer["type"] == "ok", answer
        await watcher.state_after(now["moves"] + 1)


async def same_game_everywhere(serving: Serving, made: dict, pages: list[Client]) -> None:
    final = pages[-1].state
    for page in pages:
        seen = await page.state_after(final["moves"])
        assert (seen["moves"], seen["scores"], seen["log"]) == (final["moves"], final["scores"], final["log"])
    stored = records.replay(serving.tables.record(made["id"]), classes())
    assert len(stored.history) == final["moves"] and [s.total for s in stored.scores()] == final["scores"]


@pytest.mark.parametrize(("game", "players", "computers"), [
    ("azul", 2, {}), ("harmonies", 3, {"1": "greedy"}), ("azul", 4, {"3": "greedy"}), ("harmonies", 2, {}),
    ("harmonies", 1, {}),
])
def test_whole_games_with_a_spectator(tmp_path, game, players, computers):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            made = await serving.create(game=game, players=players, computers=computers)
            seats = [await serving.open(made, link) if link else None for link in made["seats"]]
            watcher = await serving.open(made, made["spectator"], "fa")
            await play(seats, watcher, random.Random(players))
            assert watcher.state["over"] and watcher.state["record"]["format"].startswith(game)
            assert 'data-key="' in watcher.svg
            await same_game_everywhere(serving, made, [s for s in seats if s] + [watcher])
            english, persian = seats[0].state["status"], watcher.state["status"]
            assert english != persian
            # How it came out: a solo game of Harmonies by its suns (no one to beat), else the winners.
            played = serving.tables.get(made["id"]).game
            if players == 1:
                suns = played.suns()
                assert watcher.state["rating"] == suns
                assert f"Suns: {suns} {'☀' * suns}" in english and "Winners" not in english
                assert "خورشیدها" in persian
            else:
                assert watcher.state["rating"] is None and "Winners: seat" in english
    run(go())


def test_a_reconnect_and_a_restart_mid_game_lose_nothing(tmp_path):
    path = str(tmp_path / "t.sqlite")
    rng = random.Random(7)

    async def go():
        async with Serving(path) as serving:
            made = await serving.create(game="harmonies", players=2)
            seats = [await serving.open(made, link) for link in made["seats"]]
            watcher = await serving.open(made, made["spectator"])
            await play(seats, watcher, rng, moves=10)
            seats[1].close()  # a reload: the same link opens the same seat as it was
            seats[1] = await serving.open(made, made["seats"][1])
            assert (seats[1].state["seat"], seats[1].state["moves"]) == (1, 10)
            await play(seats, watcher, rng, moves=20)
            seen = watcher.state
        async with Serving(path) as serving:  # a new server over the same file
            seats = [await serving.open(made, link) for link in made["seats"]]
            watcher = await serving.open(made, made["spectator"])
            assert (watcher.state["moves"], watcher.state["log"]) == (seen["moves"], seen["log"])
            await play(seats, watcher, rng)
            assert watcher.state["over"]
            await same_game_everywhere(serving, made, [*seats, watcher])
    run(go())


def test_of_two_pages_sending_at_once_the_first_counts(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            made = await serving.create(game="azul", players=2)
            phone, tablet = [await serving.open(made, made["seats"][0]) for _ in range(2)]
            other = await serving.open(made, made["seats"][1])
            first, second = phone.state["actions"][0]["text"], phone.state["actions"][-1]["text"]
            other.move(first, after=0)
            assert (await reply(other))["error"] == "not_your_turn"
            phone.move(first)  # one seat open on two devices: both send after the same 0 moves
            tablet.move(second)
            answers = {action: await reply(page) for action, page in ((first, phone), (second, tablet))}
            counted = [action for action, answer in answers.items() if answer["type"] == "ok"]
            assert len(counted) == 1 and [a.get("error") for a in answers.values()].count("stale") == 1
            assert serving.tables.record(made["id"])["actions"] == counted
    run(go())


GARBAGE = [
    ("not json", "bad_message"), ("[1, 2]", "bad_message"), ('"move"', "bad_message"),
    ('{"type": "shout"}', "bad_message"), ('{"type": "move", "after": 0}', "bad_message"),
    ('{"type": "move", "after": 0, "action": "x", "as": 1}', "bad_message"),
    ('{"type": "move", "after": "0", "action": "end"}', "bad_after"),
    ('{"type": "move", "after": 0, "action": ["end"]}', "no_action"),
    ('{"type": "move", "after": 0, "action": "../../etc/passwd"}', "illegal"),
    ('{"type": "move", "after": 0, "action": "__import__(\'os\')"}', "illegal"),
    ('{"type": "move", "after": 99, "action": "end"}', "stale"),
    ('{"type": "hello", "secret": "guess"}', "bad_secret"),
    ('{"type": "hello", "secret": {"$ne": 1}}', "bad_secret"),
    ("x" * 3000, "too_big"), ("[" * 2000, "bad_message"),  # nested deeper than json can recurse
]


def test_garbage_gets_a_clear_error_and_changes_nothing(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            made = await serving.create(game="harmonies", players=2)
            stranger = await serving.open(made, None)
            stranger.send({"type": "move", "after": 0, "action": "take 1"})
            assert (await reply(stranger))["error"] == "hello_first"
            page = await serving.open(made, made["seats"][0], "nl")
            for text, error in GARBAGE:
                page.send(text)
                answer = await reply(page)
                assert answer["error"] == error, text
                assert answer["message"] and "tables." not in answer["message"]
            watcher = await serving.open(made, made["spectator"])
            watcher.move(watcher.state["actions"][0]["text"] if watcher.state["actions"] else "take 1")
            assert (await reply(watcher))["error"] == "spectator"
            assert serving.tables.get(made["id"]).moves == 0
            page.move(page.state["actions"][0]["text"])
            assert (await reply(page))["type"] == "ok"
    run(go())


def test_too_many_messages_or_a_huge_one(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite"), Limits(burst=3, per_second=0.001)) as serving:
            made = await serving.create(game="azul", players=2)
            page = await serving.open(made, made["seats"][0])  # its hello used one message
            errors = []
            for _ in range(3):
                page.send("{}")
                errors.append((await reply(page))["error"])
            assert errors == ["bad_message", "bad_message", "too_fast"]
            huge = await serving.open(made, made["seats"][1])
            huge.send("x" * 100_000)
            with pytest.raises(Closed):
                await reply(huge)
            watcher = await serving.open(made, made["spectator"])
            assert watcher.state["moves"] == 0
    run(go())


def test_the_http_side_offers_nothing_but_its_routes(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            http = AsyncHTTPClient()

            async def fetch(path, **kwargs):
                return await http.fetch(serving.url(path), raise_error=False, **kwargs)

            bad = await fetch("/tables", method="POST", body='{"game": "azul", "players": 9}',
                              headers={"Content-Type": "application/json"})
            assert bad.code == 400 and json.loads(bad.body)["error"] == "bad_players"
            form = await fetch("/tables?lang=vi", method="POST", body="game=azul")
            assert form.code == 400 and json.loads(form.body)["error"] == "bad_message"
            for path in ("/", "/static/x", "/t/../../etc/passwd", "/t/abc/../../x", "/t/a%2F..%2Fb",
                         "/tabletop/tables/server.py", "/t/abc/record"):
                assert (await fetch(path)).code == 404, path
            made = await serving.create(game="harmonies", players=1)
            assert made["seats"][0].startswith(serving.url(f"/t/{made['id']}#"))
            page = await fetch(f"/t/{made['id']}?lang=fa")
            html = page.body.decode()
            assert page.code == 200 and 'dir="rtl"' in html and "://" not in html and " src=" not in html
            assert "default-src 'none'" in page.headers["Content-Security-Policy"]
            assert len(page.body) < 8000
            zipped = await fetch(f"/t/{made['id']}?lang=fa", headers={"Accept-Encoding": "gzip"},
                                 decompress_response=False)
            assert zipped.headers["Content-Encoding"] == "gzip" and len(zipped.body) < len(page.body) / 1.5
            assert gzip.decompress(zipped.body) == page.body
    run(go())


def test_the_host_hands_a_seat_that_went_away_to_the_computer(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            made = await serving.create(game="azul", players=2)
            seats = [await serving.open(made, link) for link in made["seats"]]
            watcher = await serving.open(made, made["spectator"])
            await play(seats, watcher, random.Random(3), moves=4)
            hand = f"/tables/{made['id']}/computer"
            for asked, error in (({"host": secret(made["spectator"]), "seat": 1}, "not_host"),
                                 ({"host": secret(made["seats"][1]), "seat": 1}, "not_host"),
                                 ({"host": made["host"], "seat": 5}, "bad_computer_seat"),
                                 ({"host": made["host"], "seat": 1, "computer": "os.system"}, "bad_computer"),
                                 ({"host": made["host"], "seat": 1, "also": 1}, "bad_message")):
                code, answer = await serving.post(hand, asked)
                assert (code, answer["error"]) == (400, error) and answer["message"]
            assert (await serving.post("/tables/nope/computer", {"host": made["host"], "seat": 1}))[0] == 400
            assert serving.tables.get(made["id"]).seats == [None, None]
            seats[1].close()  # that player went away
            assert (await serving.post(hand, {"host": made["host"], "seat": 1}))[0] == 200
            handed = await watcher.until(lambda m: m.get("type") == "state" and m["computers"] == [1])
            await play([seats[0], None], watcher, random.Random(4))
            assert watcher.state["over"] and handed["moves"] >= 4
            again = await serving.open(made, made["seats"][1])  # the old link now only watches
            assert again.state["actions"] == [] and again.state["computers"] == [1]
            again.move("anything", after=again.state["moves"])
            assert (await reply(again))["error"] in ("over", "computer_seat")
    run(go())


def test_behind_jupyterhubs_proxy_with_a_key_for_making_tables(tmp_path):
    """As a JupyterHub service: every route under the service's prefix, and making a table needs
    the key the hub gives the students' servers (docs/tables.md)."""
    async def go():
        prefix = "/services/tables"
        async with Serving(str(tmp_path / "t.sqlite"), prefix=prefix, key="school-key",
                           public="https://hub.school.example/services/tables") as serving:
            code, answer = await serving.post(f"{prefix}/tables", {"game": "azul"})
            assert (code, answer["error"]) == (403, "sign_in")
            reply_ = await AsyncHTTPClient().fetch(
                serving.url(f"{prefix}/tables"), method="POST", body='{"game": "azul"}',
                headers={"Content-Type": "application/json", "X-Tables-Key": "school-key"})
            made = json.loads(reply_.body)
            assert made["seats"][0].startswith(f"https://hub.school.example/services/tables/t/{made['id']}#")
            assert (await AsyncHTTPClient().fetch(serving.url("/tables"), method="POST", body="{}",
                                                  raise_error=False)).code == 404
            page = await Client.open(f"ws://127.0.0.1:{serving.port}{prefix}/t/{made['id']}/ws",
                                     secret(made["seats"][0]))
            await page.state_after(0)
            page.move(page.state["actions"][0]["text"])
            assert (await reply(page))["type"] == "ok"
    run(go())


def test_a_page_without_lang_speaks_the_browsers_language(tmp_path):
    async def go():
        async with Serving(str(tmp_path / "t.sqlite")) as serving:
            made = await serving.create(game="azul", players=2)
            asked = {"Accept-Language": "vi-VN,vi;q=0.9,en;q=0.5"}
            page = await AsyncHTTPClient().fetch(serving.url(f"/t/{made['id']}"), headers=asked)
            assert '<html lang="vi"' in page.body.decode()
            other = await AsyncHTTPClient().fetch(serving.url(f"/t/{made['id']}"),
                                                  headers={"Accept-Language": "de-DE,de"})
            assert '<html lang="en"' in other.body.decode()
            from tornado.httpclient import HTTPRequest

            ws = f"ws://127.0.0.1:{serving.port}/t/{made['id']}/ws"
            phone = await Client.open(HTTPRequest(ws, headers={"Accept-Language": "fa-IR,fa"}),
                                      secret(made["seats"][0]))
            english = await serving.open(made, made["seats"][0])
            seen = await phone.state_after(0)
            assert seen["status"] != english.state["status"] and "seat" not in seen["status"].lower()
    run(go())
