"""What both games' pictures and widgets share: a scene of shapes that renders to SVG (matplotlib
for PNG and PDF files), charts described as scenes, the display settings (colour-blind marks, a
large high-contrast mode for projectors), and a clickable SVG widget.

Nothing here knows a rule of either game; the games' ``draw`` modules describe their boards as scenes.
"""

from .scene import Scene
from .settings import Display, display, set_display

__all__ = ["Scene", "Display", "display", "set_display"]
