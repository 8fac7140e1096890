"""Test-wide settings: property tests have no per-example deadline, so a busy CI machine cannot
turn a slow example into a failure (speed is measured in benchmarks/, never asserted)."""

from hypothesis import settings

settings.register_profile("project", deadline=None)
settings.load_profile("project")


import pytest  # noqa: E402

from tabletop import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Each test starts in English, whatever language the test before chose."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
