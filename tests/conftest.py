"""Test-wide settings: property tests have no per-example deadline, so a busy CI machine cannot
turn a slow example into a failure (speed is measured in benchmarks/, never asserted)."""

from hypothesis import settings

settings.register_profile("project", deadline=None)
settings.load_profile("project")
