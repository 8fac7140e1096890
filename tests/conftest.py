"""Test-wide settings: property tests have no per-example deadline, so a busy CI machine cannot
turn a slow example into a failure (speed is measured in benchmarks/, never asserted).

At a desk each run draws new examples (and remembers failing ones in .hypothesis/); CI sets
HYPOTHESIS_PROFILE=ci, which draws the same examples every run, so a commit that passed once passes
again there. The long random campaigns live in benchmarks/widget_machines.py."""

import os

from hypothesis import settings

settings.register_profile("project", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))


import sys  # noqa: E402

import pytest  # noqa: E402

from tabletop import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Each test starts in English, whatever language the test before chose."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _no_widget_outlives_its_test():
    """ipywidgets keeps every widget alive until it is closed, and every live widget relabels itself
    at each change of language: left open, the widgets of every test before would all relabel at each
    change a later test makes (the widget machines make hundreds), and the heap would keep growing."""
    yield
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.Widget.close_all()


@pytest.fixture
def stand_in(monkeypatch):
    """Put stand-in texts into one catalogue for this test and choose its language:
    ``stand_in("harmonies", "nl", {"colour.blue": "BLAUW"})``. With ``only=True`` the catalogue holds
    nothing else, so every other text falls back to English. Undone after the test."""
    def replace(package: str, code: str, texts: dict, only: bool = False) -> None:
        table = i18n._table(package, code)
        if only:
            for key in list(table):
                monkeypatch.delitem(table, key)
        for key, text in texts.items():
            monkeypatch.setitem(table, key, text)
        i18n.set_language(code)
    return replace

