"""The page's address, both ways: a board given as a link, and a board opened from one.

``PageAddress`` is a small widget (a few lines of JavaScript shipped inline, fetching nothing). When
the page shows it, the browser reports the part of the page's address after ``#`` (``hash``) and
again whenever it changes; a widget that holds one opens the board a ``#play=...`` there holds
(``on_hash``). Setting ``fragment`` (``tabletop.links.pack``) shows the whole address of this very
page with that fragment, in a box the learner copies, and the browser reports it back (``shown``).
The fragment never reaches a server, so the same link works in JupyterLab, Voila and JupyterLite, on
any origin, over ``http://`` too. What a page reports is untrusted: it is only ever unpacked by
``tabletop.links.unpack`` and read by the game's own scenario reader.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from .links import KEY

_ESM = """
function render({ model, el }) {
  const report = () => {
    model.set("hash", window.location.hash || "");
    model.save_changes();
  };
  const box = document.createElement("input");
  box.readOnly = true;
  box.style.width = "min(48em, 100%)";
  const copy = document.createElement("button");
  copy.className = "jupyter-button";
  copy.onclick = () => {
    box.select();
    if (navigator.clipboard) navigator.clipboard.writeText(box.value).catch(() => {});
  };
  const show = () => {
    const fragment = model.get("fragment");
    el.style.display = fragment ? "" : "none";
    copy.textContent = model.get("copy_label");
    box.setAttribute("aria-label", model.get("box_label"));
    box.value = fragment ? window.location.href.split("#")[0] + "#" + fragment : "";
    if (model.get("shown") !== box.value) {
      model.set("shown", box.value);
      model.save_changes();
    }
  };
  el.append(box, copy);
  model.on("change:fragment", show);
  model.on("change:copy_label", show);
  window.addEventListener("hashchange", report);
  show();
  report();
  return () => window.removeEventListener("hashchange", report);
}
export default { render };
"""


class PageAddress(anywidget.AnyWidget):
    """The page's address: ``hash`` as the browser reports it, ``fragment`` to show as a link."""

    _esm = _ESM
    hash = traitlets.Unicode("").tag(sync=True)
    fragment = traitlets.Unicode("").tag(sync=True)
    shown = traitlets.Unicode("").tag(sync=True)  # the whole address the page shows
    copy_label = traitlets.Unicode("copy").tag(sync=True)
    box_label = traitlets.Unicode("link").tag(sync=True)

    def __init__(self, on_hash: Callable[[str], None] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_hash = on_hash
        self.observe(self._reported, names="hash")

    def _reported(self, change) -> None:
        text = str(change["new"])
        if self.on_hash is not None and f"{KEY}=" in text:
            self.on_hash(text)


__all__ = ["PageAddress"]
