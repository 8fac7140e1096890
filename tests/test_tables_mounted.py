"""The table server mounted in the classroom server (``make serve``, under ``tables/``, behind the
access code) and in JupyterLab (``make lab``, the server extension), at the protocol level: what a
stranger, a signed-in classmate, a seat's link and a lobby widget's kernel get, a whole game through
the classroom with a spectator and a seat handed to the computer, a student's loop of tables, and
crafted addresses. Every wait is for a message or an answer."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apart import run_apart  # noqa: E402
from browser.conftest import BIN, SHOTS, Server, _free_port  # noqa: E402 (a server process, no browser)
from test_tables_server import play, reply  # noqa: E402

from classroom.student import Student  # noqa: E402
from tabletop.tables.client import Client, Closed  # noqa: E402
from tabletop.tables.jupyter import KEY_HEADER  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lab", ROOT / "tools" / "lab.py")
lab_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lab_tool)

CODE = "pear7plum"
KEY = "kernel-key-of-this-test"
LAB_TOKEN = "lab-token-of-this-test"
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    db = tmp_path_factory.mktemp("tables") / "classroom.sqlite"
    proc = Server(["env", f"CLASSROOM_ACCESS_CODE={CODE}", f"TABLETOP_TABLES_DB={db}",
                   f"TABLETOP_TABLES_KEY={KEY}", sys.executable, "-m", "classroom", "notebooks/",
                   "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"], port, ready_path="/login")
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    folder = tmp_path_factory.mktemp("lab")
    proc = Server(["env", f"TABLETOP_TABLES_DB={folder / 'lab.sqlite'}", f"TABLETOP_TABLES_KEY={KEY}",
                   str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
                   f"--port={port}",
                   f"--ServerApp.token={LAB_TOKEN}", f"--ServerApp.root_dir={folder}",
                   lab_tool.EXTENSION, "--LabApp.news_url=",  # as make lab names the extension
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"], port, "/login")
    yield proc
    proc.stop()


async def create(student: Student, headers: dict | None = None, **asked) -> tuple[int, dict]:
    answer = await student.request("POST", "/tables/tables", body=json.dumps(asked),
                                   headers={**JSON, **(headers or {})})
    return answer.status, json.loads(answer.body or b"{}")


async def seat(student: Student, link: str, lang: str = "en") -> Client:
    """A page of ``link``'s table, through the student's cookies (as its browser would)."""
    path = urlsplit(link).path
    connection = await student.socket(f"{path}/ws?lang={lang}")
    assert not isinstance(connection, int), connection
    client = Client(connection)
    client.send({"type": "hello", "secret": link.split("#", 1)[1]})
    await client.state_after(0)
    return client


def test_a_stranger_makes_no_table_and_a_page_without_its_secret_does_nothing(classroom):
    async def go():
        stranger = Student(classroom.url)
        await stranger.sign_in(None)
        made = await create(stranger, game="azul")
        assert made[0] == 403 and made[1]["error"] == "sign_in" and made[1]["message"]
        assert (await create(stranger, {KEY_HEADER: "guess"}, game="azul"))[0] == 403
        hand = await stranger.request("POST", "/tables/tables/abc/computer", body="{}", headers=JSON)
        assert hand.status == 403
        assert (await stranger.request("GET", "/tables/t/abc")).status == 200  # the page alone holds nothing
        page = Client(await stranger.socket("/tables/t/abc/ws"))
        page.send({"type": "hello", "secret": "guessed"})
        assert (await reply(page))["error"] == "no_table"
        page.close()
        stranger.close()
    run_apart(go())


def test_a_kernel_with_the_key_or_a_classmate_signed_in_creates_a_table(classroom):
    async def go():
        kernel, classmate = Student(classroom.url), Student(classroom.url)
        status, made = await create(kernel, {KEY_HEADER: KEY}, game="harmonies", players=2)
        assert status == 200
        for link in (*made["seats"], made["spectator"]):  # each opens its table only: no access code
            assert link.startswith(f"{classroom.url}/tables/t/{made['id']}#") and CODE not in link
        await classmate.sign_in(CODE)
        status, again = await create(classmate, game="azul", players=3, computers={"2": "greedy"})
        assert status == 200 and again["seats"][2] is None
        bad = await create(classmate, game="azul", players=7)
        assert bad[0] == 400 and bad[1]["error"] == "bad_players"
        newcomer = Student(classroom.url)  # a friend's phone opens its link: the table, and only it
        page = await newcomer.request("GET", f"{urlsplit(made['seats'][0]).path}?lang=fa")
        assert page.status == 200 and 'dir="rtl"' in page.body.decode()
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
        mine = await seat(newcomer, made["seats"][0])
        assert mine.state["seat"] == 0
        mine.close()
        assert (await newcomer.request("GET", "/")).location == "/login"  # not signed in to the class
        for crafted in ("/tables/t/../../etc/passwd", "/tables/t/a%2F..%2Fb", "/tables/t/abc/record",
                        "/tables/tabletop/tables/server.py", "/tables/"):
            assert (await newcomer.request("GET", crafted)).status == 404, crafted
        for student in (kernel, classmate, newcomer):
            student.close()
    run_apart(go())


def test_a_whole_game_through_the_classroom_with_a_spectator_and_a_seat_handed_over(classroom):
    async def go():
        host, friend, projector = (Student(classroom.url) for _ in range(3))
        for student in (host, friend, projector):
            await student.sign_in(CODE)
        status, made = await create(host, game="azul", players=3, computers={"2": "greedy"})
        assert status == 200
        seats = [await seat(host, made["seats"][0]), await seat(friend, made["seats"][1], "vi"), None]
        watcher = await seat(projector, made["spectator"], "fa")
        rng = random.Random(5)
        await play(seats, watcher, rng, moves=6)
        seats[1].close()  # the friend went home: the host gives the seat to the computer
        hand = await host.request("POST", f"/tables/tables/{made['id']}/computer",
                                  body=json.dumps({"host": made["host"], "seat": 1}), headers=JSON)
        assert hand.status == 200
        await play([seats[0], None, None], watcher, rng)
        assert watcher.state["over"] and watcher.state["computers"] == [1, 2]
        assert watcher.state["record"]["format"].startswith("azul")
        garbage = await seat(host, made["seats"][0])
        garbage.send("x" * 100_000)  # bigger than any message: the connection closes
        with pytest.raises(Closed):
            await reply(garbage)
        for student in (host, friend, projector):
            student.close()
    run_apart(go())


def test_a_students_loop_of_tables_stops_at_a_few_and_the_class_goes_on(classroom):
    """Signed in, or through a lesson's kernel (its page's browser when the server knows the kernel,
    else the kernel): a device makes 4 tables a minute; the next is refused in the asker's language."""
    async def go():
        student, classmate, kernel = Student(classroom.url), Student(classroom.url), Student(classroom.url)
        await student.sign_in(CODE)
        await classmate.sign_in(CODE)
        made = [await create(student, game="azul", players=4) for _ in range(6)]
        assert [status for status, _ in made] == [200] * 4 + [400] * 2
        answer = await student.request("POST", "/tables/tables?lang=nl", body='{"game": "azul"}',
                                       headers=JSON)
        said = json.loads(answer.body)
        assert said["error"] == "tables_too_fast" and "minuut" in said["message"]
        assert (await create(classmate, game="azul"))[0] == 200  # the class goes on
        mine = {KEY_HEADER: KEY, "X-Tables-Kernel": "a-kernel-of-no-page"}
        assert [(await create(kernel, mine, game="azul"))[0] for _ in range(5)] == [200] * 4 + [400]
        assert (await create(kernel, {**mine, "X-Tables-Kernel": "another"}, game="azul"))[0] == 200
        for one in (student, classmate, kernel):
            one.close()
    run_apart(go())


def test_in_jupyterlab_the_seat_links_need_no_lab_token_but_creating_does(lab):
    async def go():
        owner, friend, kernel = Student(lab.url), Student(lab.url), Student(lab.url)
        assert (await create(friend, game="azul"))[0] == 403
        status, made = await create(owner, {"Authorization": f"token {LAB_TOKEN}"}, game="azul")
        assert status == 200 and made["seats"][0].startswith(f"{lab.url}/tables/t/{made['id']}#")
        assert (await create(kernel, {KEY_HEADER: KEY}, game="harmonies", players=1))[0] == 200
        page = await friend.request("GET", urlsplit(made["seats"][0]).path)
        assert page.status == 200
        mine = await seat(friend, made["seats"][0])  # the secret is the guard; Lab's token stays at home
        mine.move(mine.state["actions"][0]["text"])
        assert (await reply(mine))["type"] == "ok"
        assert (await friend.request("GET", "/api/contents")).status == 403  # and Lab itself stays closed
        hand = await kernel.request("POST", f"/tables/tables/{made['id']}/computer",
                                    body=json.dumps({"host": made["host"], "seat": 1}),
                                    headers={**JSON, KEY_HEADER: KEY})
        assert hand.status == 200
        assert (await mine.until(lambda m: m.get("type") == "state" and m["moves"] >= 2))["computers"] == [1]
        mine.close()
        for student in (owner, friend, kernel):
            student.close()
    run_apart(go())


LOOPBACK = "http://127.0.0.1:8866/"


@pytest.mark.parametrize(("ip", "url"), [("127.0.0.1", LOOPBACK), ("0.0.0.0", LOOPBACK), ("", LOOPBACK),
                                         ("::", LOOPBACK), ("192.168.1.20", "http://192.168.1.20:8866/")])
def test_a_servers_kernels_reach_it_where_it_listens(ip, url):
    from tabletop.tables.jupyter import local_url

    assert local_url(ip, 8866, "/") == url


def test_the_kernels_learn_where_the_tables_are_unless_a_school_shares_one(monkeypatch):
    from tabletop.tables import Tables
    from tabletop.tables.jupyter import ENV_KEY, ENV_SHARED, ENV_URL, mount

    for name in (ENV_URL, ENV_KEY, ENV_SHARED):  # set first, so that the test's end restores them
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    settings: dict = {}
    routes = mount(settings, "/", "http://127.0.0.1:8866/", tables=Tables())
    assert [r[0] for r in routes][0] == "/tables/tables"
    assert os.environ[ENV_URL] == "http://127.0.0.1:8866/tables"
    assert os.environ[ENV_KEY] == settings["tables_key"] and len(settings["tables_key"]) > 20
    monkeypatch.setenv(ENV_URL, "http://127.0.0.1:8888/tables")  # inherited from a terminal of Lab's
    mount(settings, "/", "http://127.0.0.1:8866/", tables=Tables())
    assert os.environ[ENV_URL] == "http://127.0.0.1:8866/tables"
    monkeypatch.setenv(ENV_URL, "http://127.0.0.1:8870/services/tables")  # the school's, on purpose
    monkeypatch.setenv(ENV_KEY, "school-key")
    monkeypatch.setenv(ENV_SHARED, "1")
    mount(settings, "/user/ana/", "http://127.0.0.1:9000/user/ana/", tables=Tables())
    assert os.environ[ENV_URL] == "http://127.0.0.1:8870/services/tables"
    assert os.environ[ENV_KEY] == "school-key" != settings["tables_key"]


def test_the_tables_file_is_never_in_the_served_folder(monkeypatch, tmp_path):
    from tabletop.tables import jupyter

    monkeypatch.setenv("TABLETOP_TABLES_DB", str(tmp_path / "mine.sqlite"))
    assert jupyter.database() == str(tmp_path / "mine.sqlite")
    monkeypatch.delenv("TABLETOP_TABLES_DB")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    assert jupyter.database() == str(tmp_path / "data" / "tabletop-tables.sqlite")
