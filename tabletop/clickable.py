"""A widget that shows an SVG and reports which keyed shape was clicked.

Python draws the SVG (shapes drawn with a ``key`` carry ``data-key``); a few lines of JavaScript,
shipped inline with the widget and fetching nothing, send the key of the clicked shape back. The
Python side calls ``on_click(key)``, the very method tests call without a browser.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tabletop-svg";
  const show = () => { box.innerHTML = model.get("svg"); };
  show();
  model.on("change:svg", show);
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-key]");
    if (target && box.contains(target)) {
      model.send({ type: "click", key: target.getAttribute("data-key") });
    }
  });
  el.appendChild(box);
}
export default { render };
"""


class ClickableSVG(anywidget.AnyWidget):
    """An SVG picture whose keyed shapes can be clicked."""

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, svg: str = "", on_click: Callable[[str], None] | None = None, **kwargs):
        super().__init__(svg=svg, **kwargs)
        self.on_click = on_click
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "click" and self.on_click:
            self.on_click(str(content.get("key", "")))


class Pictured:
    """For a widget that shows its picture in a ``ClickableSVG`` at ``self._view`` and keeps the
    scene it drew last at ``self._scene`` (a widget that computes its scene overrides ``scene``)."""

    @property
    def svg(self) -> str:
        """The SVG shown now (what the browser gets)."""
        return self._view.svg

    @property
    def scene(self):
        """The picture shown now, as a ``tabletop.Scene`` (``.save("board.png")`` for a handout)."""
        return self._scene
