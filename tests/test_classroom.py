"""The classroom server's settings, without starting it: the access code on a network only, the
configuration file it reads, and the server-full texts in every language. Its behaviour with pages
(kernels reclaimed, the cap, the code asked for) is tested in Chromium: tests/browser/test_classroom.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from classroom import LESSON
from classroom.app import CODE_LETTERS, ClassroomVoila, is_loopback
from tabletop.i18n import LANGUAGES, Catalogue

ROOT = Path(__file__).resolve().parents[1]


def configured(*argv: str, monkeypatch, **env: str) -> ClassroomVoila:
    for key in ("CLASSROOM_ACCESS_CODE", "CLASSROOM_LESSON", "CLASSROOM_POOL", "CLASSROOM_MAX_KERNELS"):
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


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_server_full_page_speaks_every_language(code):
    texts = Catalogue("tabletop")
    title, message = texts.entry("classroom.full.title", code), texts.entry("classroom.full.message", code)
    if code != "en":
        assert title != texts.entry("classroom.full.title", "en")
        assert message != texts.entry("classroom.full.message", "en")
    assert title and len(message) > len(title)
