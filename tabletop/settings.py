"""Display settings shared by every drawing: colour-blind marks, high contrast, size."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Display:
    """How pictures are drawn.

    ``colour_blind`` puts a letter on every token and tile so that no information rests on colour
    alone; ``high_contrast`` draws thicker outlines, bolder text and stronger highlights for a
    projector; ``scale`` multiplies every size (1.0 fits a notebook, 1.6 a projector).
    """

    colour_blind: bool = False
    high_contrast: bool = False
    scale: float = 1.0

    @property
    def stroke(self) -> float:
        return 2.5 if self.high_contrast else 1.0

    @property
    def ink(self) -> str:
        return "#000000" if self.high_contrast else "#333333"

    @property
    def faint(self) -> str:
        return "#555555" if self.high_contrast else "#8a8a8a"

    @property
    def highlight(self) -> str:
        return "#d4006a" if self.high_contrast else "#e6007e"

    @property
    def weight(self) -> str:
        return "bold" if self.high_contrast else "normal"


PROJECTOR = Display(colour_blind=True, high_contrast=True, scale=1.6)

_current = Display()


def display() -> Display:
    """The settings in force for drawings that are not given their own."""
    return _current


def set_display(settings: Display | None = None, **changes) -> Display:
    """Change the settings in force: ``set_display(colour_blind=True)`` or ``set_display(PROJECTOR)``."""
    global _current
    _current = replace(settings or _current, **changes)
    return _current


def resolve(settings: Display | None) -> Display:
    return settings if settings is not None else _current
