"""Widgets in the learner's language: a language menu, and what every widget needs to follow it.

* ``Localised`` — a mixin for a widget box: it carries ``lang`` and ``dir`` on its page element (set
  by a tiny invisible ``LanguageMark``), the CSS class ``tabletop-rtl`` in a right-to-left language,
  and calls the widget's ``relabel()`` after each change of language.
* ``LanguagePicker`` — the menu at the top of every notebook: one setting for the whole kernel. In a
  Voila app, where the notebook has run before anyone could choose, choosing also reloads the page
  with ``?lang=<code>`` so that printed lines and pictures are in that language too.
* ``Header`` — a notebook's heading: the menu, the title and a short summary of the section, all in
  the language chosen.

The page also needs one stylesheet, which the mark adds once per page. JupyterLab lays out every
printed line left to right and flush left (``.jp-RenderedText {text-align: left}``), and every
rendered HTML paragraph flush left (``.jp-RenderedHTMLCommon p {text-align: left}``): the
stylesheet lets each printed line take the direction of its own first letter (a Persian line reads
right to left, flush right; an English one is unchanged) and aligns right-to-left paragraphs right.
"""

from __future__ import annotations

from html import escape

import anywidget
import ipywidgets as w
import traitlets

from . import i18n
from .locale import t

STYLE = """
.tabletop-rtl, .tabletop-rtl .widget-html-content, .tabletop-rtl .jp-RenderedHTMLCommon p,
[dir="rtl"] .jp-RenderedHTMLCommon p, .jp-RenderedHTMLCommon [dir="rtl"] p,
.jp-RenderedHTMLCommon p[dir="rtl"] {
  direction: rtl; text-align: right;
}
.jp-RenderedText pre { unicode-bidi: plaintext; text-align: start; }
.tabletop-rtl .tabletop-svg, .tabletop-rtl input, .tabletop-rtl textarea { direction: ltr; }
.tabletop-rtl .tabletop-svg { text-align: right; }
"""

_ESM = """
function render({ model, el }) {
  if (!document.getElementById("tabletop-i18n-style")) {
    const style = document.createElement("style");
    style.id = "tabletop-i18n-style";
    style.textContent = model.get("css");
    document.head.appendChild(style);
  }
  el.style.display = "none";
  const apply = (tries) => {
    const root = el.closest(".tabletop-localised");
    if (!root) {
      if (tries > 0) requestAnimationFrame(() => apply(tries - 1));
      return;
    }
    root.setAttribute("lang", model.get("lang"));
    root.setAttribute("dir", model.get("dir"));
  };
  apply(600);
  model.on("change:lang", () => {
    apply(1);
    // In a Voila app the notebook ran before the learner chose: load it again in that language,
    // so that printed lines and pictures follow too (the kernel reads ?lang= at start).
    if (model.get("reload_in_voila") && window.location.pathname.includes("/voila/render/")) {
      const address = new URL(window.location.href);
      address.searchParams.set("lang", model.get("lang"));
      window.location.assign(address.toString());
    }
  });
  model.on("change:dir", () => apply(1));
}
export default { render };
"""


class LanguageMark(anywidget.AnyWidget):
    """Invisible: puts ``lang`` and ``dir`` on the nearest ``.tabletop-localised`` element."""

    _esm = _ESM
    lang = traitlets.Unicode("en").tag(sync=True)
    dir = traitlets.Unicode("ltr").tag(sync=True)
    css = traitlets.Unicode(STYLE).tag(sync=True)
    reload_in_voila = traitlets.Bool(False).tag(sync=True)  # the language menu's mark only

    def follow(self) -> None:
        self.lang, self.dir = i18n.language(), i18n.direction()


class Localised:
    """Mixin for a widget box that shows catalogue texts.

    Call ``self._localise()`` at the end of ``__init__``: it adds the language mark as the box's
    last child and watches the language. A subclass implements ``relabel()``: put every label,
    button and message into the language in force (usually by rebuilding them and redrawing).
    """

    lang: str = i18n.FALLBACK
    dir: str = "ltr"

    def _localise(self) -> None:
        self._language_mark = LanguageMark()
        self.add_class("tabletop-localised")
        self.children = (*self.children, self._language_mark)
        self._follow_language()
        i18n.watch(self._language_changed)

    def _follow_language(self) -> None:
        self.lang, self.dir = i18n.language(), i18n.direction()
        self._language_mark.follow()
        if self.dir == "rtl":
            self.add_class("tabletop-rtl")
        else:
            self.remove_class("tabletop-rtl")

    def _language_changed(self) -> None:
        self._follow_language()
        self.relabel()

    def relabel(self) -> None:
        """Show every text in the language in force (subclasses)."""


def html(body: str, *, tag: str = "div", style: str = "") -> str:
    """``body`` (already HTML) in an element that carries the language in force and its direction."""
    styled = f' style="{style}"' if style else ""
    return f"<{tag} {i18n.html_attrs()}{styled}>{body}</{tag}>"


class LanguagePicker(Localised, w.HBox):
    """A menu of the project's languages; choosing one changes every text from then on."""

    def __init__(self):
        # The menu's own description is its label, so that a screen reader names the menu too.
        self.menu = w.Dropdown(options=[(lang.name, lang.code) for lang in i18n.LANGUAGES.values()],
                               value=i18n.language(), layout=w.Layout(width="auto"),
                               style={"description_width": "initial"})
        self.menu.observe(self._chosen, names="value")
        super().__init__([self.menu])
        self._localise()
        self._language_mark.reload_in_voila = True
        self.relabel()

    def _chosen(self, change) -> None:
        if change["new"] != i18n.language():
            i18n.set_language(change["new"])

    def choose(self, code: str) -> None:
        """What the menu does: ``picker.choose("fa")``."""
        i18n.set_language(code)

    def relabel(self) -> None:
        self.menu.value = i18n.language()
        self.menu.description = t("language.menu")


class Header(Localised, w.VBox):
    """A notebook's heading: the language menu, the section's title and its summary.

    ``title`` and ``summary`` are catalogue texts (``Catalogue.lazy``), so they follow the menu. The
    summary may hold simple HTML (``<b>``, ``<br>``); paragraphs are separated by blank lines.
    """

    def __init__(self, title: i18n.Text, summary: i18n.Text | None = None):
        self.title, self.summary = title, summary
        self.picker = LanguagePicker()
        self._body = w.HTML(layout=w.Layout(width="100%"))
        super().__init__([self.picker, self._body], layout=w.Layout(width="100%"))
        self.add_class("tabletop-header")
        self._localise()
        self.relabel()

    @classmethod
    def lesson(cls, catalogue: i18n.Catalogue, name: str) -> Header:
        """The heading of notebook ``name``: texts ``lesson.<name>.title`` and ``.summary``."""
        return cls(catalogue.lazy(f"lesson.{name}.title"), catalogue.lazy(f"lesson.{name}.summary"))

    def relabel(self) -> None:
        paragraphs = str(self.summary).split("\n\n") if self.summary is not None else []
        body = "".join(f"<p>{p}</p>" for p in paragraphs)
        self._body.value = html(f"<h2 style='margin:0.3em 0'>{escape(str(self.title))}</h2>{body}",
                                style="max-width:52em")

    @property
    def text(self) -> str:
        """The heading's words as plain text (what a test reads)."""
        paragraphs = str(self.summary) if self.summary is not None else ""
        return f"{self.title}\n{paragraphs}"
