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

import pytest

from classroom import LESSON, LESSON_BOARD

from .conftest import SHOTS, Server, Watched, _free_port

RENDER = f"/voila/render/{LESSON}"
BOARD = LESSON_BOARD


def classroom(port: int, *options: str, **env: str) -> Server:
    """``python -m classroom notebooks/`` on 127.0.0.1, with CLASSROOM_* settings and Voila options."""
    SHOTS.mkdir(exist_ok=True)
    settings = [f"CLASSROOM_{key.upper()}={value}" for key, value in env.items()]
    return Server(["env", *settings, sys.executable, "-m", "classroom", "notebooks/", "--no-browser",
                   "--Voila.ip=127.0.0.1", f"--port={port}", *options], port)


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def kernel_alive(server: Server, kernel_id: str) -> bool:
    return status(f"{server.url}/api/kernels/{kernel_id}") == 200


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
    """One preheated kernel for the lesson; a page without a connection is culled after 4 s."""
    server = classroom(_free_port(), "--MappingKernelManager.cull_idle_timeout=4",
                       "--MappingKernelManager.cull_interval=1", "--VoilaKernelManager.fill_delay=0",
                       lesson=LESSON, pool="1", max_kernels="6")
    yield server
    server.stop()


def test_a_closed_page_gives_its_kernel_back_at_once(tab, pooled):
    kernel = open_lesson(tab, pooled)
    assert kernel_alive(pooled, kernel)
    tab.assert_clean()
    # Voila posts its shutdown on leave; the plain Voila server refuses it (403, no XSRF token).
    tab.page.close(run_before_unload=True)
    wait_until(lambda: not kernel_alive(pooled, kernel), 3, "the closed page's kernel shut down")


def test_a_page_that_vanished_is_culled(browser, pooled):
    """No shutdown post at all (a crashed tab, a lost network): the culler takes the kernel."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(pooled.url + RENDER)
    page.locator(BOARD).first.wait_for(timeout=120_000)
    kernel = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
    page.route("**/voila/api/shutdown/**", lambda route: route.abort())  # the post never arrives
    context.close()
    assert kernel_alive(pooled, kernel)
    wait_until(lambda: not kernel_alive(pooled, kernel), 20, "the vanished page's kernel culled")


def test_reloads_do_not_pile_up_kernels(watched, pooled):
    kernels = [open_lesson(watched, pooled)]
    for _ in range(3):
        watched.page.reload()
        watched.page.locator(BOARD).first.wait_for(timeout=120_000)
        config = json.loads(watched.page.locator("#jupyter-config-data").first.text_content())
        kernels.append(config["kernelId"])
    assert len(set(kernels)) == 4  # every load has a kernel of its own
    wait_until(lambda: not any(kernel_alive(pooled, k) for k in kernels[:-1]), 10,
               "the kernels of the reloaded pages shut down")
    assert kernel_alive(pooled, kernels[-1])
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
    page.goto(pooled.url + RENDER, wait_until="commit")
    page.locator(".spinner").first.wait_for(state="attached", timeout=60_000)
    assert page.evaluate("getComputedStyle(document.querySelector('.spinner')).animationName") == "none"
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
    assert kernel_alive(tiny, kernel)
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
    wait_until(lambda: not kernel_alive(tiny, kernel), 15, "the page's kernel shut down or culled")
    assert status(tiny.url + RENDER) == 200  # room again


@pytest.fixture(scope="module")
def coded():
    """The access code required, as on a class network (here on 127.0.0.1 all the same)."""
    server = classroom(_free_port(), access_code="pear7plum")
    yield server
    server.stop()


def test_without_the_access_code_nothing_is_served(browser, coded):
    assert status(coded.url + "/api/kernels/00000000-0000-0000-0000-000000000000") == 403
    assert status(coded.url + "/voila/api/shutdown/0") == 403
    context = browser.new_context()
    page = context.new_page()
    page.goto(coded.url + RENDER)
    assert re.search(r"/login", page.url)  # sent to the page that asks for the code
    assert "harmonies-board-editor" not in page.content()
    page.goto(coded.url + "/?token=pear7plum")
    top = LESSON.split("/")[0]
    page.get_by_text(top, exact=True).first.wait_for()  # the lesson tree, once signed in
    assert status(coded.url + "/voila/api/shutdown/0?token=pear7plum") != 403
    context.close()
