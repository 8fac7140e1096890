"""Widgets in the learner's language: a language menu, and what every widget needs to follow it.

* ``Localised`` — a mixin for a widget box: it carries ``lang`` and ``dir`` on its page element (set
  by a tiny invisible ``LanguageMark``), the CSS class ``tabletop-rtl`` in a right-to-left language,
  and calls the widget's ``relabel()`` after each change of language.
* ``LanguagePicker`` — the menu at the top of every lesson. Each lesson exists in every language
  (``notebooks/<code>/…``, the same file names); choosing a language opens the same lesson in that
  language's folder (JupyterLab, Voila, JupyterLite: the page's address has the lesson's path, whose
  language folder is swapped). Where no page can follow (a test), the widgets still relabel.
* ``Header`` — a lesson's first cell: it puts the kernel in the lesson's language and shows the menu.

The page also needs one stylesheet, which the mark adds once per page. JupyterLab lays out every
printed line left to right and flush left (``.jp-RenderedText {text-align: left}``), and every
rendered HTML paragraph flush left (``.jp-RenderedHTMLCommon p {text-align: left}``): the
stylesheet lets each printed line take the direction of its own first letter (a Persian line reads
right to left, flush right; an English one is unchanged) and aligns right-to-left paragraphs right;
in a right-to-left widget a button's icon keeps its gap from the words, now on its left.
"""

from __future__ import annotations

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
.tabletop-rtl .jupyter-button i.fa { margin-right: 0; margin-left: var(--jp-widgets-inline-margin); }
.tabletop-rtl .jupyter-button i.fa.center { margin-left: 0; }
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
    const from = model.get("lesson_lang");
    if (!from || from === model.get("lang")) return;
    // The same lesson in the chosen language: swap the language folder in the page's address
    // (…/en/harmonies-lessons/04-….ipynb in Lab and Voila, ?path=en/… in JupyterLite).
    const folder = new RegExp(`(^|/|=)${from}/(?=[a-z0-9_]+-lessons/|[^/&?]*[.]ipynb)`);
    const here = window.location.pathname + window.location.search;
    const there = here.replace(folder, `$1${model.get("lang")}/`);
    if (there !== here) window.location.assign(there + window.location.hash);
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
    # The language of the lesson the page shows (the language menu's mark only): a change of language
    # then opens the same lesson in the chosen language.
    lesson_lang = traitlets.Unicode("").tag(sync=True)

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

    def close(self) -> None:
        """A closed widget is shown nowhere: it stops following the language."""
        i18n.unwatch(self._language_changed)
        super().close()

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
    """A menu of the project's languages. Choosing one changes every text of the kernel from then on
    and, on a page showing a lesson in ``lesson`` (a language code), opens that lesson in the chosen
    language."""

    def __init__(self, lesson: str = ""):
        # The menu's own description is its label, so that a screen reader names the menu too.
        self.menu = w.Dropdown(options=[(lang.name, lang.code) for lang in i18n.LANGUAGES.values()],
                               value=i18n.language(), layout=w.Layout(width="auto"),
                               style={"description_width": "initial"})
        self.menu.observe(self._chosen, names="value")
        super().__init__([self.menu])
        self._localise()
        self._language_mark.lesson_lang = lesson
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
    """A lesson's first cell, ``Header("fa")``: the kernel speaks the lesson's language from here on,
    and the language menu opens the same lesson in another language."""

    def __init__(self, language: str):
        self.language = i18n.check_language(language)
        i18n.set_language(self.language)
        self.picker = LanguagePicker(lesson=self.language)
        from . import inclass  # a lesson's kernel in a class shows what the teacher sets, here
        shown = [self.picker, inclass.ClassPanel()] if inclass.active() else [self.picker]
        super().__init__(shown, layout=w.Layout(width="100%"))
        self.add_class("tabletop-header")
        self._localise()

    def relabel(self) -> None:
        """The menu relabels itself."""
