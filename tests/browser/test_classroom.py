"""The classroom server (``make serve``, ``python -m classroom``) in Chromium: kernels of pages that have
gone are reclaimed, reloads do not pile kernels up, a full server says so, and on a network the
access code is required. Each server here runs with short culling times and a small cap."""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from classroom import LESSON, LESSON_BOARD, LESSON_BOARD_KEY
from classroom.lessons import lesson_in
from tabletop.i18n import Catalogue, wording
from tabletop.locale import t

from .conftest import SHOTS, Server, Watched, _free_port, click_place, wait_changed

RENDER = f"/voila/render/{LESSON}"
BOARD = LESSON_BOARD


def classroom(port: int, *options: str, **env: str) -> Server:
    """``python -m classroom notebooks/`` on 127.0.0.1, with CLASSROOM_* settings and Voila options."""
    SHOTS.mkdir(exist_ok=True)
    settings = [f"CLASSROOM_{key.upper()}={value}" for key, value in env.items()]
    return Server(["env", *settings, sys.executable, "-m", "classroom", "notebooks/", "--no-browser",
                   "--Voila.ip=127.0.0.1", f"--port={port}", *options], port)


def status(url: str, cookies: str = "") -> int:
    try:
        request = urllib.request.Request(url, headers={"Cookie": cookies} if cookies else {})
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def cookies_of(context) -> str:
    """A browser's cookies, as a request of its own would send them."""
    return "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())


def kernel_alive(server: Server, kernel_id: str, cookies: str) -> bool:
    """Asked as the page's browser: only a kernel's owner may ask its state (a 403 for anyone else,
    whether it runs or not)."""
    return status(f"{server.url}/api/kernels/{kernel_id}", cookies) == 200


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    raise AssertionError(f"not within {seconds} s: {what}")


@pytest.fixture
def tab(browser, request):
    """A watched page in a context of its own, which the test may close (as a learner closes a tab)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield Watched(page, request.node.name)
    context.close()


def open_lesson(watched, server: Server) -> str:
    """Open the lesson, wait for its board, and return the id of the page's kernel."""
    watched.page.goto(server.url + RENDER)
    watched.page.locator(BOARD).first.wait_for(timeout=120_000)
    config = json.loads(watched.page.locator("#jupyter-config-data").first.text_content())
    return config["kernelId"]


@pytest.fixture(scope="module")
def pooled():
    """One preheated kernel for the lesson, and one for it in Persian; a page without a connection
    is culled after 4 s."""
    server = classroom(_free_port(), "--MappingKernelManager.cull_idle_timeout=4",
                       "--MappingKernelManager.cull_interval=1", "--VoilaKernelManager.fill_delay=0",
                       lesson=LESSON, pool="1", preheat="fa:1", max_kernels="6")
    yield server
    server.stop()


def pool_filled(server: Server, lesson: str) -> bool:
    server.log.flush()
    return f"Kernel pool of {lesson} is filled" in Path(server.log.name).read_text(errors="replace")


def test_the_link_opens_the_lesson_of_the_day_and_lang_its_preheated_translation(watched, pooled):
    """``/`` goes to LESSON; ``/?lang=fa`` to the same lesson in Persian, taken from its own pool."""
    page = watched.page
    page.goto(pooled.url + "/")
    page.locator(BOARD).first.wait_for(timeout=120_000)
    assert page.url == pooled.url + RENDER
    persian = lesson_in(LESSON, "fa")
    wait_until(lambda: pool_filled(pooled, persian), 120, "the Persian pool filled")
    page.goto(pooled.url + "/?lang=fa")
    page.locator(BOARD).first.wait_for(timeout=120_000)
    assert page.url == pooled.url + "/voila/render/" + persian
    kernel = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
    pooled.log.flush()
    assert f"Using pre-heated kernel: {kernel} for {persian}" in Path(pooled.log.name).read_text()
    assert page.locator("html").get_attribute("dir") == "rtl" or page.locator("[dir=rtl]").count() > 0
    assert page.locator("html").get_attribute("lang") == "fa"  # a screen reader's voice, from the pool too
    watched.failed = [f for f in watched.failed if not f.endswith("net::ERR_ABORTED")]  # left for fa
    watched.assert_clean()


def test_a_closed_page_gives_its_kernel_back_at_once(tab, pooled):
    kernel = open_lesson(tab, pooled)
    owner = cookies_of(tab.page.context)
    assert kernel_alive(pooled, kernel, owner)
    tab.assert_clean()
    # Voila posts its shutdown on leave; the plain Voila server refuses it (403, no XSRF token).
    tab.page.close(run_before_unload=True)
    wait_until(lambda: not kernel_alive(pooled, kernel, owner), 3, "the closed page's kernel shut down")


def test_a_page_that_vanished_is_culled(browser, pooled):
    """No shutdown post at all (a crashed tab, a lost network): the culler takes the kernel."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(pooled.url + RENDER)
    page.locator(BOARD).first.wait_for(timeout=120_000)
    kernel = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
    page.route("**/voila/api/shutdown/**", lambda route: route.abort())  # the post never arrives
    owner = cookies_of(context)
    context.close()
    assert kernel_alive(pooled, kernel, owner)
    wait_until(lambda: not kernel_alive(pooled, kernel, owner), 20, "the vanished page's kernel culled")


def test_reloads_do_not_pile_up_kernels(watched, pooled):
    kernels = [open_lesson(watched, pooled)]
    for _ in range(3):
        watched.page.reload()
        watched.page.locator(BOARD).first.wait_for(timeout=120_000)
        config = json.loads(watched.page.locator("#jupyter-config-data").first.text_content())
        kernels.append(config["kernelId"])
    assert len(set(kernels)) == 4  # every load has a kernel of its own
    owner = cookies_of(watched.page.context)
    wait_until(lambda: not any(kernel_alive(pooled, k, owner) for k in kernels[:-1]), 10,
               "the kernels of the reloaded pages shut down")
    assert kernel_alive(pooled, kernels[-1], owner)
    # Each reload's shutdown post reached the server (above). A reload aborts whatever the old page still
    # had in flight (the shutdown post's answer, a font on a slow machine): the browser's doing, not the
    # server's. Any other failure still counts.
    watched.failed = [f for f in watched.failed if not f.endswith("net::ERR_ABORTED")]
    watched.assert_clean()


def test_the_loading_spinner_stands_still(browser, pooled):
    """A turning spinner costs a page without a graphics processor processor time every second it
    waits, which thirty waiting pages take from the server (see classroom/templates/index.html.j2)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(pooled.url + RENDER, wait_until="domcontentloaded")
    # The page's spinner is gone once the lesson has rendered, and with a preheated kernel that can be
    # before any check sees it: a spinner made afresh in the finished page meets the page's style.
    assert page.evaluate("""() => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.className = 'spinner';
        const turning = getComputedStyle(probe).animationName;
        probe.remove();
        return turning;
    }""") == "none"
    context.close()


@pytest.fixture(scope="module")
def tiny():
    """Room for one kernel only, no pool; a kernel whose page has gone is culled after 4 s (so the
    room comes back even when a loaded machine drops the page's shutdown post)."""
    server = classroom(_free_port(), "--MappingKernelManager.cull_idle_timeout=4",
                       "--MappingKernelManager.cull_interval=1", max_kernels="1")
    yield server
    server.stop()


def test_a_full_server_shows_a_page_saying_so(tab, tiny):
    kernel = open_lesson(tab, tiny)
    owner = cookies_of(tab.page.context)
    assert kernel_alive(tiny, kernel, owner)
    other = tab.page.context.new_page()
    answer = other.goto(tiny.url + RENDER + "?lang=nl")
    assert answer.status == 503
    titles = other.locator(".classroom-full h1").all_inner_texts()
    assert titles[0] == "De klasserver is vol"  # the language asked for first, then the others
    assert "The class server is full" in titles and len(titles) == 4
    assert other.locator("section[lang=fa]").get_attribute("dir") == "rtl"
    other.screenshot(path=str(SHOTS / "classroom-server-full.png"))
    other.close()
    # The page that has the kernel works as before, and once it leaves there is room again.
    tab.assert_clean()
    tab.page.close(run_before_unload=True)
    wait_until(lambda: not kernel_alive(tiny, kernel, owner), 15, "the page's kernel shut down or culled")
    assert status(tiny.url + RENDER) == 200  # room again


@pytest.fixture(scope="module")
def coded():
    """The access code required, as on a class network (here on 127.0.0.1 all the same); no lesson
    of the day, so the link opens the index of the lessons."""
    server = classroom(_free_port(), access_code="pear7plum")
    yield server
    server.stop()


def test_a_class_signs_in_on_our_page_in_its_language(watched, coded):
    """A learner opens the bare address in Persian: our sign-in page, right to left, asks for the
    access code (nothing of Jupyter's "password or token"); a wrong code says so; the right one
    opens the index of the Persian lessons, and a lesson from there shows its board."""
    page = watched.page
    page.goto(coded.url + "/?lang=fa")
    assert re.search(r"/login", page.url)
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "fa"
    texts = Catalogue("tabletop")
    assert page.locator("h1").inner_text() == texts.entry("classroom.signin.title", "fa")
    assert page.get_by_label(texts.entry("classroom.signin.code", "fa")).count() == 1
    assert "password" not in page.content().lower() and "token" not in page.content().lower()
    page.get_by_label(texts.entry("classroom.signin.code", "fa")).fill("plum7pear")
    page.get_by_role("button").click()
    page.locator(".wrong").wait_for()
    assert page.locator(".wrong").inner_text() == texts.entry("classroom.signin.wrong", "fa")
    watched.shot("-wrong")
    page.get_by_label(texts.entry("classroom.signin.code", "fa")).fill("Pear7plum ")  # as a tablet types it
    page.get_by_role("button").click()
    page.locator(".classroom-index").wait_for()
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("h1").inner_text() == texts.entry("classroom.index.title", "fa")
    watched.shot("-index")
    page.locator(f'a[href$="{lesson_in(LESSON, "fa")}"]').click()
    page.locator(BOARD).first.wait_for(timeout=120_000)
    assert page.url == coded.url + "/voila/render/" + lesson_in(LESSON, "fa")
    watched.assert_clean()


def test_the_link_with_the_code_leaves_the_address_bar(watched, coded):
    page = watched.page
    page.goto(coded.url + f"/voila/render/{LESSON}?token=pear7plum&lang=nl")
    page.locator(BOARD).first.wait_for(timeout=120_000)
    assert page.url == coded.url + "/voila/render/" + lesson_in(LESSON, "nl")  # no code, in Dutch
    assert "pear7plum" not in page.content()
    watched.assert_clean()


def test_the_qr_code_is_for_a_signed_in_teacher(watched, coded):
    page = watched.page
    page.goto(coded.url + "/qr")
    assert re.search(r"/login", page.url)
    page.goto(coded.url + "/qr?token=pear7plum")
    page.locator(".classroom-qr svg").wait_for()
    assert page.url == coded.url + "/qr"
    assert page.locator(".classroom-qr .link").inner_text().endswith("/?token=pear7plum")
    watched.shot()
    watched.assert_clean()


# --- a student breaking in -------------------------------------------------------------------------
# The access code required, the tables in a file of this test's own. Each probe is refused with a
# clear message, and nothing is lost: the class goes on making tables, the page goes on answering.

@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    db = tmp_path_factory.mktemp("tables") / "breaking-in.sqlite"
    server = Server(["env", f"CLASSROOM_ACCESS_CODE={CODE}", f"TABLETOP_TABLES_DB={db}", sys.executable, "-m",
                     "classroom", "notebooks/", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"],
                    port, ready_path="/login")
    yield server
    server.stop()


CODE = "pear7plum"
texts = Catalogue("tabletop")
REFUSED = ("status of 400", "status of 403", "WebSocket connection")  # the refusals the probes asked for


def signed_in(browser, server: Server, name: str) -> Watched:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{server.url}/?token={CODE}")
    page.locator(".classroom-index").wait_for()
    return Watched(page, name)


def make_tables(page, n: int, game: str = "azul", players: int = 4) -> list:
    """``n`` tables asked for at once from the page, as a loop typed into its console: [status, answer]."""
    return page.evaluate("""async ([n, game, players]) => {
        const made = [];
        for (let i = 0; i < n; i++) {
            const answer = await fetch("/tables/tables", {
                method: "POST", body: JSON.stringify({game, players}),
                headers: {"Content-Type": "application/json"}});
            made.push([answer.status, await answer.json()]);
        }
        return made;
    }""", [n, game, players])


def assert_clean_but_refusals(watched: Watched) -> None:
    watched.console_errors = [e for e in watched.console_errors if not any(r in e for r in REFUSED)]
    watched.assert_clean()


def test_a_student_breaking_in_tables_a_flood_and_a_spectators_link(browser, guarded):
    """A loop of tables stops at four a minute (the message in words; a classmate still makes one);
    the spectators' link opens its table only, signs nobody in, and opens no other table; the seat
    page strokes the places to click, never their texts."""
    student = signed_in(browser, guarded, "breaking-in-flood")
    made = make_tables(student.page, 10)
    assert [status for status, _ in made] == [200] * 4 + [400] * 6
    assert made[-1][1] == {"error": "tables_too_fast",
                           "message": texts.entry("tables.tables_too_fast").format(limit=4)}
    classmate = signed_in(browser, guarded, "breaking-in-classmate")
    [(status, solo)] = make_tables(classmate.page, 1, "harmonies", 1)
    assert status == 200
    links = (*made[0][1]["seats"], made[0][1]["spectator"])
    assert all(guarded.url in link and CODE not in link for link in links)  # a projector shows them

    projector = browser.new_context().new_page()  # a fresh browser: the projector
    projector.goto(made[0][1]["spectator"])
    projector.wait_for_function("() => st && st.seat === null")  # the table, watched
    projector.goto(f"{guarded.url}/voila/render/{LESSON}")
    assert "/login" in projector.url  # the link signed nobody in to the class
    stolen = made[0][1]["spectator"].split("#")[1]
    projector.goto(f"{guarded.url}/tables/t/{made[1][1]['id']}#{stolen}")
    projector.locator("#say").filter(has_text=texts.entry("tables.bad_secret")).wait_for()

    projector.goto(solo["seats"][0])
    projector.wait_for_function("() => st && st.actions.length && document.querySelector('#board text.can')")
    strokes = projector.evaluate("""() => [...document.querySelectorAll('#board .can')].map(
        (el) => [el.tagName, getComputedStyle(el).stroke])""")
    assert {stroke for tag, stroke in strokes if tag == "text"} == {"none"}  # readable, not a blot
    assert any(tag != "text" and stroke != "none" for tag, stroke in strokes)
    projector.context.close()
    for watched in (student, classmate):
        assert_clean_but_refusals(watched)
        watched.page.context.close()


def test_a_student_breaking_in_a_big_file_logout_and_another_kernel(browser, guarded):
    """A 12 MB upload is refused in the page (a message, and the board still answers); another
    page's kernel is refused its state and its websocket; /logout is a page, in words."""
    owner = signed_in(browser, guarded, "breaking-in-owner")
    page = owner.page
    page.goto(f"{guarded.url}/voila/render/{LESSON}")
    page.locator(BOARD).first.wait_for(timeout=120_000)
    kernel = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
    editor = page.locator(".harmonies-board-editor").first
    with page.expect_file_chooser() as choosing:
        editor.get_by_role("button", name=Catalogue("harmonies").entry("editor.upload")).click()
    choosing.value.set_files({"name": "big.json", "mimeType": "application/json",
                              "buffer": b" " * 12_000_000})
    with wording("en"):
        said = t("files.too_big", file="big.json", size=12000, limit=100)
    editor.get_by_text(said).first.wait_for()
    board = editor.locator(".tabletop-svg").filter(has=page.locator(f'[data-key="{LESSON_BOARD_KEY}"]')).first
    before = board.inner_html()
    editor.locator('.tabletop-place[data-key="colour:blue"]').first.click()
    click_place(page.locator(BOARD).first)
    wait_changed(board, before)  # the page still answers: its connection was never cut

    other = signed_in(browser, guarded, "breaking-in-other")
    answer = other.page.evaluate("""async (kernel) => {
        const state = await fetch(`/api/kernels/${kernel}`);
        const socket = await new Promise((done) => {
            const ws = new WebSocket(`ws://${location.host}/api/kernels/${kernel}/channels`);
            ws.onopen = () => done("open");
            ws.onclose = () => done("refused");
        });
        return [state.status, (await state.json()).message, socket];
    }""", kernel)
    assert answer == [403, texts.entry("classroom.kernel.not_yours"), "refused"]

    out = other.page.goto(f"{guarded.url}/logout")
    assert out.status == 200
    assert other.page.locator("h1").inner_text() == texts.entry("classroom.logout.title")
    other.page.goto(f"{guarded.url}/voila/render/{LESSON}")
    assert "/login" in other.page.url  # signed out indeed
    for watched in (owner, other):
        assert_clean_but_refusals(watched)
    page.close(run_before_unload=True)
    owner.page.context.close()
    other.page.context.close()
