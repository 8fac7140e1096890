"""What the widget state machines share: a front end that clicks and presses like a learner.

A machine (``tests/test_widget_machines_*.py``) builds one widget and then, step after step, does
what a browser can do to it: click a key read from the widget's own pictures (every
``ClickableSVG`` among its children, walked recursively), press any enabled button it holds,
choose an option of any menu or toggle it holds, upload a file into any upload button it holds, and
change the language; each machine adds the widget's public methods with drawn arguments and its own
invariants. An exception raised by a
rule fails the machine: nothing a learner does may let one escape.

The machines count the rules they run in ``ACTIONS`` (widget name -> rule executions);
``benchmarks/widget_machines.py`` prints the counts of a long campaign.

Budgets: each machine's test run is small (the whole suite runs in well under a minute);
``WIDGET_MACHINE_EXAMPLES=N`` (and ``WIDGET_MACHINE_STEPS=N``) run a longer campaign.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from html import unescape

import ipywidgets as w
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tabletop import i18n
from tabletop.address import PageAddress
from tabletop.clickable import ClickableSVG
from tabletop.links import pack

#: Rule executions per widget, over every machine run in this process.
ACTIONS: Counter[str] = Counter()

_KEY = re.compile(r'data-key="([^"]*)"')


def report(machine: type[WidgetMachine]) -> None:
    """Print how many actions the machine's widget has taken so far (``pytest -s`` shows it)."""
    print(f"widget={machine.name} actions={ACTIONS[machine.name]}")


def budget(examples: int, steps: int, **options) -> settings:
    """The settings of a machine's test: ``examples`` runs of up to ``steps`` rules each, unless
    ``WIDGET_MACHINE_EXAMPLES`` / ``WIDGET_MACHINE_STEPS`` ask for a longer campaign;
    ``WIDGET_MACHINE_SHRINK=0`` reports a failure as found, without shrinking it (a campaign)."""
    if os.environ.get("WIDGET_MACHINE_SHRINK") == "0":
        options.setdefault("phases", [Phase.explicit, Phase.reuse, Phase.generate])
    return settings(max_examples=int(os.environ.get("WIDGET_MACHINE_EXAMPLES") or examples),
                    stateful_step_count=int(os.environ.get("WIDGET_MACHINE_STEPS") or steps),
                    deadline=None, suppress_health_check=list(HealthCheck), **options)


# --- reading a widget as the browser sees it ---------------------------------------------------


def descendants(widget) -> Iterator[w.Widget]:
    """The widget and every widget inside it, depth first, in the order they are shown."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def pictures(widget) -> list[ClickableSVG]:
    """The clickable pictures of a widget (those that answer a click)."""
    return [d for d in descendants(widget) if isinstance(d, ClickableSVG) and d.on_click]


def keys(picture: ClickableSVG) -> list[str]:
    """The keys of the shapes of a picture, as the browser reports them (``data-key``)."""
    return sorted({unescape(k) for k in _KEY.findall(picture.svg)})


def buttons(widget) -> list[w.Button]:
    """Every button a learner can press now (disabled ones cannot be)."""
    return [d for d in descendants(widget) if isinstance(d, w.Button) and not d.disabled]


def labelled_buttons(widget) -> dict[str, w.Button]:
    """Every button inside the widget by its label (disabled ones too)."""
    return {d.description: d for d in descendants(widget) if d is not widget and isinstance(d, w.Button)}


def choosers(widget) -> list[w.Widget]:
    """Every menu, toggle and box whose value a learner can change (the language menu's mark and
    text boxes excluded: text is typed by the machines' own rules)."""
    kinds = (w.Dropdown, w.ToggleButtons, w.ToggleButton, w.Checkbox, w.IntText, w.RadioButtons)
    return [d for d in descendants(widget) if isinstance(d, kinds) and not d.disabled]


def front_end_click(picture: ClickableSVG, key: str) -> None:
    """What the browser does on a click: the picture reports the key of the shape."""
    picture._message(picture, {"type": "click", "key": key}, [])


def press(button: w.Button) -> None:
    """What the browser does on a press, except that an exception is not swallowed:
    ``Button.click()`` hands each handler's exception to a logger, a machine must see it."""
    for handler in button._click_handlers.callbacks:
        handler(button)


def front_end_upload(upload: w.FileUpload, name: str, content: bytes) -> None:
    """What the browser does when a learner picks a file: the file's state, as the page sends it."""
    upload.set_state({"value": [{"name": name, "type": "application/json", "size": len(content),
                                 "content": memoryview(content), "last_modified": 1_767_225_600_000}]})


def uploads(widget) -> list[w.FileUpload]:
    """Every upload button a learner can use now."""
    return [d for d in descendants(widget) if isinstance(d, w.FileUpload) and not d.disabled]


def values_of(control: w.Widget) -> list:
    """The values a learner can give a control."""
    if isinstance(control, w.ToggleButton | w.Checkbox):
        return [False, True]
    if isinstance(control, w.IntText):
        return [-3, 0, 5, 12, 250]
    return list(control._options_values)


#: Paths for the widgets' Python ``save(path)`` (no control names one): names in the folder the
#: test runs in (each test module runs in a scratch folder), one in a folder that does not exist,
#: the folder itself.
FILE_NAMES = st.sampled_from(["a.json", "b.json", "", "   ", "missing/c.json", "."])
#: Anything typed: no slash (a name never leaves the scratch folder) and no control character
#: (no keyboard types one).
TYPED = st.text(st.characters(blacklist_characters="/\\", blacklist_categories=("Cc", "Cs")),
                max_size=16)

#: Numbers a learner may type (a seed, a budget): a digit that is no number, Persian and Arabic
#: digits, more digits than Python reads, a sign, an exponent, a right-to-left override.
NUMBERS = st.sampled_from(["²", "۲۳", "٣", "9" * 5000, "-7", "- 7", "1e9", "0x10", "\u202e12", " 42 "])

#: Files a learner may upload that are no scenario: any bytes, a path (read as the file's text,
#: never followed), JSON of the wrong shape, a file far too big.
BAD_UPLOADS = st.binary(max_size=40) | st.sampled_from(
    [b"/etc/hostname", b"a.json", b"{", b"\xff\xfe{}", b"[]", b"{}", b'{"game": "chess"}',
     b" " * 100_001])

#: Keys no picture draws: a click on one must be refused in words.
STRANGE_KEYS = ("", "nothing", "cell:", "cell:z9", "space:0", "space:99", "display:0",
                "colour:purple", "seat7:cell:c3", "line:9", "wall:5,5", "wall:x", "factory:99:B",
                "centre:Q", "player:9:floor", "column:-1", "rotation:9", ":::", "card:99")


#: Links a stranger may put in a page's address: none of ours, broken ones, other games' and boards'.
STRANGE_LINKS = ("", "#", "#play=", "#play=1.", "#play=9.eNo", "#play=x.y", "#other=1&play=1.%%",
                 "#" + pack({"format": "harmonies-game/9"}), "#" + pack({"format": "azul-game/1"}),
                 "#" + pack({"format": "harmonies-game/1", "setup": {"players": 7}}),
                 "#" + pack({"game": "azul"}), "#" + pack({"game": "harmonies", "board": {"q9": 1}}),
                 "#" + pack([1, 2]))  # type: ignore[arg-type]


def addresses(widget) -> list[PageAddress]:
    return [d for d in descendants(widget) if isinstance(d, PageAddress)]


@st.composite
def link_texts(draw, widget) -> str:
    """An address a page may report: a link the widget showed (whole, cut, one character
    changed), or a stranger's."""
    shown = [f"#{a.fragment}" for a in addresses(widget) if a.fragment]
    if not shown or draw(st.booleans(), label="stranger"):
        return draw(st.sampled_from(STRANGE_LINKS) | st.text(max_size=20).map(lambda s: "#play=1." + s))
    link = draw(st.sampled_from(shown), label="shown link")
    how = draw(st.sampled_from(["whole", "cut", "changed"]), label="how")
    if how == "whole":
        return link
    at = draw(st.integers(len("#play=1."), len(link) - 1), label="at")
    if how == "cut":
        return link[:at]
    return link[:at] + draw(st.sampled_from("Aa0_-Z9"), label="char") + link[at + 1:]


class WidgetMachine(RuleBasedStateMachine):
    """The rules every widget answers: clicks on its pictures, buttons, menus, the language.

    A subclass sets ``name`` and builds ``self.widget`` in an ``@initialize`` rule of its own,
    then calls ``self.start()``; it may override ``state()`` (the serialised state compared
    around undo and redo), ``check()`` (its invariants) and ``texts`` (what its text boxes may
    be given)."""

    name = "widget"
    widget = None

    def start(self) -> None:
        self.count()

    def count(self) -> None:
        ACTIONS[self.name] += 1

    @initialize(code=st.sampled_from(sorted(i18n.LANGUAGES)))
    def language_at_start(self, code):
        i18n.set_language(code)

    def teardown(self):
        # ipywidgets keeps every widget alive until it is closed, and every widget that follows the
        # language relabels at each change of it: without this, each run would relabel all the runs
        # before it. A closed widget stops following the language at once (no garbage collection,
        # which cost a quarter of a second a run on a test process's heap).
        if self.widget is not None:
            for part in list(descendants(self.widget)):
                part.close()
            self.widget = None
        i18n.set_language("en")

    # --- rules -------------------------------------------------------------------------------

    @rule(data=st.data())
    def click_a_key_of_the_picture(self, data):
        shown = pictures(self.widget)
        if not shown:
            return
        picture = data.draw(st.sampled_from(shown), label="picture")
        drawn = keys(picture)
        key = data.draw(st.sampled_from(drawn) if drawn else st.sampled_from(STRANGE_KEYS), label="key")
        self.count()
        front_end_click(picture, key)

    @rule(data=st.data(), key=st.sampled_from(STRANGE_KEYS) | st.text(max_size=12))
    def click_a_key_no_picture_draws(self, data, key):
        shown = pictures(self.widget)
        if not shown:
            return
        picture = data.draw(st.sampled_from(shown), label="picture")
        self.count()
        front_end_click(picture, key)

    @rule(data=st.data())
    def press_a_button(self, data):
        found = buttons(self.widget)
        if not found:
            return
        button = data.draw(st.sampled_from(found), label="button")
        self.count()
        press(button)

    @rule(data=st.data())
    def change_a_menu_or_toggle(self, data):
        found = choosers(self.widget)
        if not found:
            return
        control = data.draw(st.sampled_from(found), label="control")
        choices = values_of(control)
        if not choices:
            return
        value = data.draw(st.sampled_from(choices), label="value")
        self.count()
        control.value = value

    @rule(data=st.data())
    def type_into_a_text_box(self, data):
        boxes = [d for d in descendants(self.widget) if type(d) is w.Text]
        if not boxes:
            return
        box = data.draw(st.sampled_from(boxes), label="box")
        self.count()
        box.value = data.draw(self.texts(), label="text")

    @rule(data=st.data(), content=BAD_UPLOADS)
    def upload_a_file_that_is_no_scenario(self, data, content):
        """Refused with a message, and nothing changes."""
        found = uploads(self.widget)
        if not found:
            return
        upload = data.draw(st.sampled_from(found), label="upload")
        self.count()
        before = self.state()
        front_end_upload(upload, "up.json", content)
        assert self.state() == before, "a refused upload changed the position"
        assert upload.value == (), "the upload button keeps a file: the same one could not be picked again"

    @rule(data=st.data())
    def the_page_reports_an_address(self, data):
        """The browser reports the page's address (``#play=...``): a stranger's input."""
        found = addresses(self.widget)
        if not found:
            return
        address = data.draw(st.sampled_from(found), label="address")
        self.count()
        address.hash = data.draw(link_texts(self.widget), label="address")

    @rule(code=st.sampled_from(sorted(i18n.LANGUAGES)))
    def change_language(self, code):
        self.count()
        before = self.state()
        i18n.set_language(code)
        assert self.state() == before, "a change of language changed the position"

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def message_is_words_and_the_picture_is_drawn(self):
        if self.widget is None:
            return
        message = self.message()
        assert isinstance(message, str), type(message)
        for picture in pictures(self.widget):
            assert picture.svg.startswith("<svg"), picture.svg[:80]
        self.check()

    # --- what a subclass says about its widget -------------------------------------------------

    def message(self):
        """The widget's message (what the learner reads after the last action)."""
        return self.widget.message

    def texts(self) -> st.SearchStrategy[str]:
        """What a learner may type into the widget's text boxes."""
        return FILE_NAMES | TYPED | NUMBERS

    def state(self):
        """The widget's position, serialised (compared around undo, redo and a change of
        language)."""
        return None

    def check(self) -> None:
        """The widget's own invariants (legal position, shadow engine...)."""

    def round_trip(self, undo, redo) -> None:
        """Undo, then redo: back exactly to the state before the undo; undo again: exactly the
        undone state. Nothing to undo: nothing changes."""
        before = self.state()
        undo()
        undone = self.state()
        if undone == before:
            return
        redo()
        assert self.state() == before, "redo did not return to the state before the undo"
        undo()
        assert self.state() == undone, "a second undo did not return to the undone state"


class ComputerSeats(WidgetMachine):
    """Rules of a game table with computer seats: one step, or every computer seat in turn."""

    @precondition(lambda self: any(s != "human" for s in self.widget.seats))
    @rule()
    def step(self):
        self.count()
        self.widget.step()

    @precondition(lambda self: any(s != "human" for s in self.widget.seats))
    @rule()
    def run_opponents(self):
        self.count()
        self.widget.run_opponents()

    @rule()
    def send_then_open_the_link(self):
        """Play by link: the game a link holds is the game that sent it, every seat human."""
        self.count()
        before = self.widget.game.to_dict()
        link = self.widget.send()
        if link is None:  # in the middle of a turn: refused in words, nothing changed
            assert self.widget.message and self.widget.game.to_dict() == before
            return
        assert self.widget.open_link(link), self.widget.message
        assert self.widget.game.to_dict() == before
        assert set(self.widget.seats) == {"human"}
