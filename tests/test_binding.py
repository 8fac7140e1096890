"""A thin view bound to its model (tabletop.binding): requests redraw, readings are the model's, and
the game tables write no method that only forwards to their model."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop.binding import bind

ROOT = Path(__file__).resolve().parent.parent


class Model:
    def __init__(self):
        self.count, self.auto, self.word = 0, True, "hello"

    def add(self, n=1):
        """Add n."""
        self.count += n
        return self.count


@bind(requests="add", readings="word count", settable="auto")
class View:
    def __init__(self):
        self.model, self.drawn = Model(), 0

    def _refresh(self):
        self.drawn += 1


def test_a_request_is_the_models_then_the_view_is_redrawn():
    view = View()
    assert view.add(2) == 2 and view.drawn == 1 and view.model.count == 2
    assert view.add.__doc__ == "Add n." and view.count == 2


def test_a_reading_is_the_models_and_only_a_settable_one_is_set():
    view = View()
    view.auto = False
    assert view.model.auto is False and view.word == "hello"
    with pytest.raises(AttributeError):
        view.word = "bye"
    assert view.model.word == "hello"


def _forwarders(path: Path) -> list[str]:
    """The methods whose one statement hands something to ``self.model``."""
    found = []
    for cls in (n for n in ast.parse(path.read_text()).body if isinstance(n, ast.ClassDef)):
        for f in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
            body = [s for s in f.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            said = ast.unparse(body[0]) if len(body) == 1 else ""
            if "self.model." in said or "self._do(" in said:
                found.append(f"{cls.name}.{f.name}")
    return found


@pytest.mark.parametrize("view", ["harmonies/widgets/table.py", "azul/widgets/table.py"])
def test_the_game_tables_bind_their_model_instead_of_forwarding(view):
    assert len(_forwarders(ROOT / view)) <= 2, _forwarders(ROOT / view)
