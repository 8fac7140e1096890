"""The classroom server's settings, without starting it: the access code on a network only, the
configuration file it reads (pools per language, kernels on Unix sockets: one real kernel is
started), the lessons in each language and their index, and the texts of its own pages in every
language. Its behaviour with pages
(kernels reclaimed, the cap, the code asked for) is tested in Chromium: tests/browser/test_classroom.py."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

import pytest
from apart import run_apart  # noqa: I001 (tests/ is on the path)

from classroom import LESSON
from classroom.app import CODE_LETTERS, ClassroomVoila, class_language, is_loopback, pool_head_ready
from classroom.kernels import ClassroomKernelManager
from classroom.lessons import index, language_of, lesson_in
from tabletop.i18n import LANGUAGES, Catalogue

ROOT = Path(__file__).resolve().parents[1]


def configured(*argv: str, monkeypatch, **env: str) -> ClassroomVoila:
    for key in ("CLASSROOM_ACCESS_CODE", "CLASSROOM_LESSON", "CLASSROOM_POOL", "CLASSROOM_MAX_KERNELS",
                "CLASSROOM_PREHEAT"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(ROOT)
    app = ClassroomVoila()
    app.initialize([*argv, "notebooks/"])
    return app


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("0.0.0.0", False), ("192.168.1.20", False), ("::", False)])
def test_loopback_addresses(host, loopback):
    assert is_loopback(host) is loopback


def test_this_machine_only_needs_no_code(monkeypatch):
    app = configured("--Voila.ip=127.0.0.1", monkeypatch=monkeypatch)
    assert app.token is None


def test_the_class_network_gets_a_generated_code(monkeypatch):
    first = configured("--Voila.ip=0.0.0.0", monkeypatch=monkeypatch).token
    second = configured("--Voila.ip=0.0.0.0", monkeypatch=monkeypatch).token
    assert len(first) == 10 and set(first) <= set(CODE_LETTERS)
    assert first != second


def test_a_code_of_your_own(monkeypatch):
    app = configured("--Voila.ip=0.0.0.0", monkeypatch=monkeypatch, CLASSROOM_ACCESS_CODE="pear7plum")
    assert app.token == "pear7plum"


def test_the_configuration_file_sets_culling_cap_and_pool(monkeypatch):
    app = configured("--Voila.ip=127.0.0.1", monkeypatch=monkeypatch, CLASSROOM_LESSON=LESSON,
                     CLASSROOM_POOL="30", CLASSROOM_MAX_KERNELS="33")
    config = app.config
    assert config.MappingKernelManager.cull_connected is False
    assert 0 < config.MappingKernelManager.cull_idle_timeout + config.MappingKernelManager.cull_interval <= 60
    assert config.ClassroomKernelManager.max_kernels == 33
    assert app.voila_configuration.preheat_kernel is True
    assert config.VoilaKernelManager.kernel_pools_config[LESSON] == {"pool_size": 30}
    assert config.VoilaKernelManager.kernel_pools_config["default"] == {"pool_size": 0}


def test_no_lesson_means_no_pool(monkeypatch):
    app = configured("--Voila.ip=127.0.0.1", monkeypatch=monkeypatch)
    assert app.voila_configuration.preheat_kernel is False


def test_preheat_adds_a_pool_for_the_lesson_in_another_language(monkeypatch):
    app = configured("--Voila.ip=127.0.0.1", monkeypatch=monkeypatch, CLASSROOM_LESSON=LESSON,
                     CLASSROOM_POOL="24", CLASSROOM_PREHEAT="fa:6, nl:0")
    pools = app.config.VoilaKernelManager.kernel_pools_config
    assert pools[LESSON] == {"pool_size": 24}
    assert pools[lesson_in(LESSON, "fa")] == {"pool_size": 6}
    assert lesson_in(LESSON, "nl") not in pools


def test_a_pool_hands_out_a_live_kernel_past_the_ones_that_died_or_failed():
    loop = asyncio.new_event_loop()  # futures only, never run: the pool's tasks as Voila keeps them
    try:
        def task(kernel=None, error=None, done=True):
            future = loop.create_future()
            if error:
                future.set_exception(error)
            elif done:
                future.set_result({"kernel_id": kernel})
            return future

        pool = [task("dead"), task(error=RuntimeError("no port")), task("alive"), task("next")]
        assert pool_head_ready(pool, running={"alive", "next"})
        assert [f.result()["kernel_id"] for f in pool] == ["alive", "next"]  # the live head is kept

        starting = task(done=False)
        alive = task("alive")
        pool = [task("dead"), starting, alive]
        assert not pool_head_ready(pool, running={"alive"})  # the next one is still starting
        assert pool == [starting, alive]
        cancelled = task(done=False)
        cancelled.cancel()
        pool = [cancelled]
        assert not pool_head_ready(pool, running=set()) and pool == []
        for exhausted in ([], [task("gone")]):
            assert not pool_head_ready(exhausted, running=set()) and exhausted == []
    finally:
        loop.close()


def test_a_lesson_in_another_language_is_the_same_path_in_its_folder():
    assert language_of(LESSON) == "en"
    for code in LANGUAGES:
        assert language_of(lesson_in(LESSON, code)) == code
        assert (ROOT / "notebooks" / lesson_in(LESSON, code)).is_file()
    assert lesson_in("elsewhere/x.ipynb", "fa") == "elsewhere/x.ipynb"


def test_the_class_language_is_the_lessons_then_the_servers(monkeypatch):
    monkeypatch.setenv("TABLETOP_LANGUAGE", "vi")
    assert class_language(lesson_in(LESSON, "nl")) == "nl"
    assert class_language("") == "vi"
    monkeypatch.setenv("TABLETOP_LANGUAGE", "xx")
    assert class_language("") == "en"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_index_lists_every_lesson_of_the_language_by_its_heading(code):
    groups = dict(index(ROOT / "notebooks", code))
    assert set(groups) == {"classroom.index.start", "classroom.index.harmonies", "classroom.index.azul"}
    for entries in groups.values():
        for path, title in entries:
            assert language_of(path) == code and (ROOT / "notebooks" / path).is_file()
            assert title and not title.endswith(".ipynb") and "#" not in title
    lessons = [path for entries in groups.values() for path, _ in entries]
    assert len(lessons) == len(list((ROOT / "notebooks" / code).rglob("*.ipynb")))
    assert lesson_in(LESSON, code) in lessons


PAGES = [f"classroom.{key}" for key in ("full.title", "full.message", "signin.title", "signin.prompt",
                                         "signin.code", "signin.enter", "signin.wrong", "index.title",
                                         "index.start", "qr.title", "qr.hint")]


@pytest.mark.parametrize("code", sorted(set(LANGUAGES) - {"en"}))
def test_the_servers_own_pages_speak_every_language(code):
    """Every text of the sign-in, index, QR and server-full pages is written in each language (the
    games' names stay as their rulebooks print them)."""
    texts = Catalogue("tabletop")
    for key in PAGES:
        assert texts.entry(key, code) != texts.entry(key, "en"), key
    assert len(texts.entry("classroom.full.message", code)) > len(texts.entry("classroom.full.title", code))


def test_kernels_talk_over_unix_sockets_and_open_no_port(monkeypatch):
    """Thirty kernels starting at once on TCP now and then chose the same free port: one died, and
    the page it was handed to came back cut short. A socket file per channel cannot collide."""
    app = configured("--Voila.ip=127.0.0.1", monkeypatch=monkeypatch)

    async def start_and_stop(folder: str) -> tuple[str, str]:
        manager = ClassroomKernelManager(config=app.config, connection_dir=folder,
                                         root_dir=str(ROOT / "notebooks"))
        kernel_id = await manager.start_kernel()
        kernel = manager.get_kernel(kernel_id)
        try:
            client = kernel.client()
            client.start_channels()
            await client.wait_for_ready(timeout=120)  # it answers over those sockets
            client.stop_channels()
            return kernel.transport, kernel.ip
        finally:
            await manager.shutdown_kernel(kernel_id, now=True)

    # A short folder: a Unix socket's path has at most 107 letters.
    with tempfile.TemporaryDirectory(prefix="k", dir="/tmp") as folder:
        transport, ip = run_apart(start_and_stop(folder))
        assert os.listdir(folder) == []  # nothing left behind
    assert transport == "ipc" and ip.startswith(folder)


def test_a_lessons_page_says_its_language():
    """Voila's page_config_hook: ``<html lang>`` from the lesson's folder (a screen reader's voice)."""
    from classroom.lessons import page_language

    for code in LANGUAGES:
        said = page_language({"a": 1}, notebook_path=lesson_in(LESSON, code))
        assert said == {"a": 1, "classroomLanguage": code}
    whole = "/srv/notebooks/fa/azul-lessons/x.ipynb"
    assert page_language({}, notebook_path=whole)["classroomLanguage"] == "fa"
    assert page_language({}, notebook_path="elsewhere.ipynb")["classroomLanguage"] == "en"
