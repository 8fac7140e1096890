"""A widget that shows an SVG and reports which keyed shape was clicked.

Python draws the SVG (shapes drawn with a ``key`` carry ``data-key``); a few lines of JavaScript,
shipped inline with the widget and fetching nothing, send the key of the clicked shape back. The
Python side calls ``on_click(key)``, the very method tests call without a browser.

Shown with ``show(scene)``, every place of the picture is also a button for the keyboard and for
screen readers (see ``tabletop.scene``); the script below moves between them with the arrow keys.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from .scene import place_name  # noqa: F401  (the widgets take it from here)

# The keyboard: one Tab stop per picture (a roving tabindex: the place last visited holds
# tabindex 0, every other place -1), the arrow keys move to the nearest place in their direction,
# Home and End to the first and last place, Enter and Space click. After Python redraws the picture
# the same place keeps the focus (or, if it is gone, the place nearest to where it was). The focus
# ring is a black and yellow outline drawn over everything, in the picture's own units, so that it
# grows with the projector setting and shows on light and dark boards alike.
_ESM = """
const STYLE = `
.tabletop-svg .tabletop-place:focus { outline: none; }
.tabletop-svg .tabletop-ring { pointer-events: none; }
@media (forced-colors: active) {
  .tabletop-svg .tabletop-ring .outer { stroke: CanvasText; }
  .tabletop-svg .tabletop-ring .inner { stroke: Highlight; }
}
`;
const SVG_NS = "http://www.w3.org/2000/svg";
const KEYS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

// The nearest place in the arrow's direction, by distance along it plus distance across it: on a
// hex grid Right goes to the next column (up or down half a cell), not two columns on. The distance
// across is taken from where a run of presses along one axis began (the "line" the learner
// follows), so that Right, Right, Right zigzags along one row instead of drifting off it; a near
// tie goes to the place drawn first.
function nearest(places, from, [dx, dy], line) {
  const [x0, y0] = centre(from);
  const [lx, ly] = line || [x0, y0];
  let best = null, bestScore = Infinity;
  for (const p of places) {
    if (p === from) continue;
    const [x, y] = centre(p);
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along < 1 || across > 2 * along) continue;
    const score = along + Math.abs((x - lx) * dy - (y - ly) * dx);
    if (score < bestScore - 0.5) { best = p; bestScore = score; }
  }
  return best;
}

// The ring follows the place's outline, a little outside it (scaled about its centre), so that
// it shows on small tiles too and hides little of the place or of its neighbours.
function ring(place) {
  const svg = place.ownerSVGElement;
  const box = place.getBBox();
  if (!box.width || !box.height) return;
  const width = Math.max(5, Math.min(12, 0.13 * Math.min(box.width, box.height)));
  const pad = 0.3 * width;
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const sx = (box.width + 2 * pad) / box.width, sy = (box.height + 2 * pad) / box.height;
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "tabletop-ring");
  group.setAttribute("aria-hidden", "true");
  group.setAttribute("transform",
    `translate(${cx} ${cy}) scale(${sx} ${sy}) translate(${-cx} ${-cy})`);
  for (const [cls, colour, w] of [["outer", "#000000", width], ["inner", "#ffdd00", 0.55 * width]]) {
    const copy = place.cloneNode(false);
    for (const a of ["class", "data-key", "role", "tabindex", "aria-label", "style", "fill-opacity"]) {
      copy.removeAttribute(a);
    }
    copy.setAttribute("class", cls);
    copy.setAttribute("fill", "none");
    copy.setAttribute("stroke", colour);
    copy.setAttribute("stroke-width", String(w));
    copy.setAttribute("stroke-linejoin", "round");
    group.appendChild(copy);
  }
  svg.appendChild(group);
}

function render({ model, el }) {
  if (!document.getElementById("tabletop-clickable-style")) {
    const style = document.createElement("style");
    style.id = "tabletop-clickable-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }
  const box = document.createElement("div");
  box.className = "tabletop-svg";
  // JupyterLab's command-mode shortcuts (arrows, Enter, Space) leave the board's keys alone.
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  let current = null;  // the key of the place that holds the Tab stop
  let run = null;  // the axis of the arrow presses in a row and the centre they started from
  const places = () => Array.from(box.querySelectorAll(".tabletop-place"));
  const rove = (key) => {
    current = key;
    for (const p of places()) p.setAttribute("tabindex", p.getAttribute("data-key") === key ? "0" : "-1");
  };
  const show = () => {
    const active = document.activeElement;
    const focused = active && box.contains(active) && active.classList.contains("tabletop-place");
    const where = focused ? centre(active) : null;
    box.innerHTML = model.get("svg");
    const all = places();
    if (!all.length) return;
    let target = all.find((p) => p.getAttribute("data-key") === current);
    if (!target && where) {
      target = all.reduce((a, b) => {
        const [ax, ay] = centre(a), [bx, by] = centre(b);
        return Math.hypot(ax - where[0], ay - where[1]) <= Math.hypot(bx - where[0], by - where[1]) ? a : b;
      });
    }
    target = target || all[0];
    rove(target.getAttribute("data-key"));
    if (focused) target.focus({ preventScroll: true });
  };
  show();
  model.on("change:svg", show);
  const send = (key) => model.send({ type: "click", key });
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-key]");
    if (target && box.contains(target)) send(target.getAttribute("data-key"));
  });
  box.addEventListener("focusin", (event) => {
    const place = event.target;
    if (!place.classList || !place.classList.contains("tabletop-place")) return;
    rove(place.getAttribute("data-key"));
    for (const old of box.querySelectorAll(".tabletop-ring")) old.remove();
    if (place.matches(":focus-visible")) ring(place);
  });
  box.addEventListener("focusout", () => {
    for (const old of box.querySelectorAll(".tabletop-ring")) old.remove();
  });
  box.addEventListener("keydown", (event) => {
    const place = event.target;
    if (!place.classList || !place.classList.contains("tabletop-place")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = places();
    let next = null;
    if (event.key === "Enter" || event.key === " ") {
      send(place.getAttribute("data-key"));
    } else if (KEYS[event.key]) {
      const [dx, dy] = KEYS[event.key];
      const axis = dx ? "x" : "y";
      if (!run || run.axis !== axis || run.key !== place.getAttribute("data-key")) {
        run = { axis, line: centre(place) };
      }
      next = nearest(all, place, KEYS[event.key], run.line);
      if (next) run.key = next.getAttribute("data-key");
    } else if (event.key === "Home") {
      next = all[0];
    } else if (event.key === "End") {
      next = all[all.length - 1];
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (next) next.focus();
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

    def show(self, scene, name: Callable[[str, str], str] | None = None) -> None:
        """Show a ``tabletop.Scene`` with its places ready for the keyboard and screen readers;
        ``name(key, tooltip)`` gives each place its accessible name (see ``Scene.to_svg``)."""
        self.svg = scene.to_svg(clickable=True, name=name)

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
