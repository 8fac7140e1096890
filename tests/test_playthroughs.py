"""The golden playthroughs (``tests/golden/playthroughs/``): seeded games of both games, the state and
the legal actions at every step. Any change of behaviour shows as a diff; when it is meant,
``python tools/playthroughs.py`` rewrites them (read the diff before committing it)."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("playthroughs", ROOT / "tools" / "playthroughs.py")
playthroughs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(playthroughs)


@pytest.mark.parametrize("name", list(playthroughs.GAMES))
def test_the_game_plays_as_its_golden_playthrough(name):
    stored = playthroughs.path(name).read_text(encoding="utf-8")
    played = playthroughs.record(name)
    if played != stored:
        diff = difflib.unified_diff(stored.splitlines(), played.splitlines(), "stored", "played",
                                    lineterm="", n=2)
        pytest.fail("the game no longer plays as recorded (python tools/playthroughs.py rewrites it "
                    "when the change is meant):\n" + "\n".join(list(diff)[:40]))


def test_every_stored_playthrough_is_one_the_tool_records():
    stored = {p.stem for p in playthroughs.FOLDER.glob("*.txt")}
    assert stored == set(playthroughs.GAMES)
