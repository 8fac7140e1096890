"""The page's address, both ways: a board given as a link, and a board opened from one.

``PageAddress`` is a small widget (a few lines of JavaScript shipped inline, fetching nothing). When
the page shows it, the browser reports the part of the page's address after ``#`` (``hash``) and
again whenever it changes; a widget that holds one opens the board a ``#play=...`` there holds
(``on_hash``). JupyterLab and the static site replace the page's address as they start, fragment
and all: there the link reported is that of the address the page was opened at (the browser's
navigation entry), when that address named the widget's own notebook. On the static site, whose
app page forgets which notebook it opened, a link shown names it (``?path=...``).

Setting ``fragment`` (``tabletop.links.pack``) shows the whole address of this very page with that
fragment, in a box the learner copies, and the browser reports it back (``shown``).
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
// The notebook this widget sits in, as JupyterLab names it (JupyterLite's page address does not say).
function notebookPath(el) {
  const app = window.jupyterapp;
  if (!app || !app.shell || !app.shell.widgets) return null;
  for (const panel of app.shell.widgets("main")) {
    if (panel.node && panel.node.contains(el) && panel.context) return panel.context.path;
  }
  return null;
}

// The address that opens this very lesson: the page's own, except on the static site, whose app
// page forgets which notebook it opened (its ?path=...): then the app page and this notebook's path.
function pageBase(el) {
  const { origin, pathname, href } = window.location;
  const path = notebookPath(el);
  if (path && /\\/(index\\.html)?$/.test(pathname)) {
    return origin + pathname + "?path=" + path.split("/").map(encodeURIComponent).join("/");
  }
  return href.split("#")[0];
}

// The link the page was opened at. JupyterLab (in Lab and on the static site) replaces the page's
// address with its own as it starts, dropping the fragment; the browser still knows the address the
// page was opened at, and its link is for this notebook if that address named it (?path= on the
// static site, /tree/<path> in Lab).
function incoming(el) {
  const hash = window.location.hash || "";
  if (hash.includes("play=")) return hash;
  const entry = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  const opened = entry ? String(entry.name) : "";
  const at = opened.indexOf("#");
  const path = notebookPath(el);
  if (at < 0 || !opened.includes("play=", at) || !path) return hash;
  try {
    const url = new URL(opened);
    const tree = decodeURIComponent(url.pathname).split("/tree/").slice(1).join("/tree/");
    const named = url.searchParams.get("path") || tree;
    return named === path ? opened.slice(at) : hash;
  } catch (e) {
    return hash;
  }
}

function render({ model, el }) {
  const report = () => {
    model.set("hash", incoming(el));
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
    box.value = fragment ? pageBase(el) + "#" + fragment : "";
    if (model.get("shown") !== box.value) {
      model.set("shown", box.value);
      model.save_changes();
    }
  };
  // Where the widget sits is known once the page holds it.
  const attached = (then, tries) => {
    if (el.isConnected || tries <= 0) then();
    else setTimeout(() => attached(then, tries - 1), 50);
  };
  el.append(box, copy);
  model.on("change:fragment", show);
  model.on("change:copy_label", show);
  window.addEventListener("hashchange", report);
  attached(() => { show(); report(); }, 100);
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
