"""A thin view bound to its model: what it passes on named once, not written as one method each.

A widget is a model and a thin view (CONTRIBUTING, "Layers"). The view names the model's requests
and readings it offers, and draws the model in ``_refresh()``::

    @bind(requests="click act undo redo", readings="game log message", settable="auto")
    class GameTable(Bound, w.VBox):
        ...

A request calls the model's method of the same name, then redraws the view (``_refresh``), and
returns what the model returned; a reading is the model's attribute (a method of the model too,
called through the view), and a settable one is set on the model. ``Bound`` also gives a game
table's play by link once: ``send()``, ``open_link(link)`` and the page's own address opening a
game of the table's kind. No widget library here: the view brings its own.
"""

from __future__ import annotations

from functools import wraps

from . import bylink


class _Request:
    """A view's method that hands the request to ``view.model`` and redraws the view."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        method = getattr(view.model, self.name)

        @wraps(method)
        def request(*args, **kwargs):
            result = method(*args, **kwargs)
            view._refresh()
            return result
        return request


class _Reading:
    """A view's attribute read from ``view.model`` (and set there when settable)."""

    def __init__(self, name: str, settable: bool) -> None:
        self.name, self.settable = name, settable

    def __get__(self, view, owner=None):
        return self if view is None else getattr(view.model, self.name)

    def __set__(self, view, value) -> None:
        if not self.settable:
            raise AttributeError(f"{self.name} is the model's: change it through a request")
        setattr(view.model, self.name, value)


def bind(requests: str = "", readings: str = "", settable: str = ""):
    """A class decorator: the view's requests, readings and settable readings, each a
    space-separated list of the model's names."""
    def bound(cls: type) -> type:
        for name in requests.split():
            setattr(cls, name, _Request(name))
        for names, can_set in ((readings, False), (settable, True)):
            for name in names.split():
                setattr(cls, name, _Reading(name, can_set))
        return cls
    return bound


class Bound:
    """A game table's view: ``model`` (a ``tabletop.table.TableModel``), ``_refresh()`` and
    ``_show_setup()`` (its setup form showing the game being played)."""

    model: object

    def send(self) -> str | None:
        """Play by link: the game so far as a link (``#play=...``) the page shows with its own
        address, to copy and send to whoever plays next; None (and why) when it cannot go now."""
        packed = self.model.send()
        self._refresh()
        return None if packed is None else f"#{packed}"

    def open_link(self, link: str) -> bool:
        """Go on with the game a link holds, every seat played by whoever holds it (a broken link
        changes nothing and the message says why)."""
        opened = self.model.open_link(link)
        if opened:
            self._show_setup()
        self._refresh()
        return opened

    def _page_link(self, fragment: str) -> None:
        # The page was opened at an address holding a link: a game of this table's kind goes on
        # here; anything else (a board, for an editor in the same lesson) is left to its widget.
        if bylink.holds_game(fragment, [self.model.GAME]):
            self.open_link(fragment)

    def _refresh(self) -> None:
        raise NotImplementedError

    def _show_setup(self) -> None:
        """The setup form shows the game being played."""


__all__ = ["bind", "Bound"]
