"""The language setting and the catalogues: complete, consistent, English as the fallback."""

import gc
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.i18n import FSI, PDI, Catalogue, UnknownLanguage

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
catalogue_tool = importlib.import_module("i18n")


def test_every_key_exists_in_every_language_with_the_same_placeholders():
    assert catalogue_tool.problems() == []


@pytest.mark.parametrize("package", catalogue_tool.PACKAGES)
def test_catalogue_files_are_sorted_objects_of_texts(package):
    for code in i18n.LANGUAGES:
        path = ROOT / package / "locale" / f"{code}.json"
        texts = json.loads(path.read_text(encoding="utf-8"))
        assert list(texts) == sorted(texts), f"{path} is not sorted: run python tools/i18n.py sort"
        for key, text in texts.items():
            assert isinstance(text, str) or (isinstance(text, dict) and "other" in text), (path, key)


def test_each_translation_is_written_not_copied_from_english():
    """A language may share a few words with English (names, "OK"), not whole catalogues."""
    for package in catalogue_tool.PACKAGES:
        english = i18n.table(package, "en")
        for code in ("fa", "nl", "vi"):
            other = i18n.table(package, code)
            same = [k for k, v in english.items() if isinstance(v, str) and len(v) > 20 and other.get(k) == v]
            assert len(same) <= len(english) // 20, (package, code, same[:10])


def test_persian_catalogues_are_in_persian_script():
    for package in catalogue_tool.PACKAGES:
        texts = [v for v in i18n.table(package, "fa").values() if isinstance(v, str) and len(v) > 12]
        persian = [v for v in texts if any("\u0600" <= ch <= "\u06ff" for ch in v)]
        assert len(persian) >= 0.9 * len(texts), package


def test_set_language_changes_the_texts_and_unknown_codes_are_refused():
    t = Catalogue("tabletop")
    assert t("quiz.check") == "Check"
    i18n.set_language("nl")
    assert i18n.language() == "nl" and t("quiz.check") == "Controleer"
    with pytest.raises(UnknownLanguage, match="'de' is geen taal van dit project: kies uit en"):
        i18n.set_language("de")  # the refusal speaks the language in force
    assert i18n.language() == "nl"  # a refused choice changes nothing


def test_a_missing_text_falls_back_to_english():
    t = Catalogue("tabletop")
    vietnamese = i18n._table("tabletop", "vi")
    saved = vietnamese.pop("quiz.check")  # as if never translated
    try:
        i18n.set_language("vi")
        assert t("quiz.check") == "Check"
    finally:
        vietnamese["quiz.check"] = saved
    with pytest.raises(KeyError, match="no text 'no.such.key' in tabletop/locale/en.json"):
        t("no.such.key")


def test_persian_isolates_each_placeholder_and_leaves_the_sentence_alone():
    t = Catalogue("tabletop")
    i18n.set_language("fa")
    text = t("quiz.right", answer="c3")
    assert f"{FSI}c3{PDI}" in text and text.endswith(".")
    assert i18n.plain(text) == "درست است: c3."
    # A sentence that opens with a value starts with a right-to-left mark, so that a line laid out
    # by its first strong letter (printed output) still reads right to left.
    assert i18n.join_and(["a", "b", "c"]) == f"{i18n.RLM}{FSI}a، b{PDI} و {FSI}c{PDI}"
    i18n.set_language("nl")
    assert t("quiz.right", answer="c3") == "Goed: c3."  # isolates only where the direction turns


def test_format_specs_apply_before_isolating():
    i18n.set_language("fa")
    assert i18n._fill("{points:+d}", {"points": 5}) == f"{i18n.RLM}{FSI}+5{PDI}"


def test_plural_forms():
    t = Catalogue("tabletop")
    english = i18n._table("tabletop", "en")
    english["test.points"] = {"one": "{n} point", "other": "{n} points"}
    try:
        assert t.count("test.points", 1) == "1 point"
        assert t.count("test.points", 0) == "0 points"
        with pytest.raises(TypeError, match="depends on a number"):
            t("test.points")
    finally:
        del english["test.points"]


def test_lazy_texts_follow_the_language():
    question = Catalogue("tabletop").lazy("quiz.check")
    assert str(question) == "Check"
    i18n.set_language("vi")
    assert str(question) == "Kiểm tra" and f"{question}" == "Kiểm tra"


def test_direction_and_html_attributes():
    assert i18n.direction("fa") == "rtl" and i18n.direction("vi") == "ltr"
    i18n.set_language("fa")
    assert i18n.html_attrs() == 'lang="fa" dir="rtl"'


def test_watchers_are_called_and_collected_objects_are_forgotten():
    calls = []

    class Widget:
        def relabel(self):
            calls.append(i18n.language())

    widget = Widget()
    i18n.watch(widget.relabel)
    i18n.set_language("nl")
    assert calls == ["nl"]
    del widget
    gc.collect()
    i18n.set_language("vi")  # the watcher's object is gone: nothing is called, nothing breaks
    assert calls == ["nl"]


def test_the_environment_chooses_the_starting_language():
    code = "from tabletop import i18n; print(i18n.language())"
    env = {**os.environ, "TABLETOP_LANGUAGE": "fa"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "fa"
    env["TABLETOP_LANGUAGE"] = "klingon"  # not a language of ours: English, not a crash
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "en"


def test_persian_arrows_point_the_way_persian_is_read():
    """In a right-to-left line "before → after" would point back at "before"."""
    for package in catalogue_tool.PACKAGES:
        texts = json.dumps(i18n.table(package, "fa"), ensure_ascii=False)
        assert "→" not in texts, package


def test_persian_signed_numbers_keep_their_sign_in_front():
    """"+{points}" in a right-to-left sentence would show as "5+": the sign and the number are
    isolated together as left to right (U+2066 … U+2069)."""
    signed = re.compile(r"(?<![\w}\u2066])[+\-−](\{\w+[^}]*\}|\d+)")
    for package in catalogue_tool.PACKAGES:
        texts = json.dumps(i18n.table(package, "fa"), ensure_ascii=False)
        assert signed.findall(texts) == [], package
        assert "->" not in texts, package


def test_plain_takes_off_every_direction_mark():
    marked = f"{i18n.RLM}{FSI}c3{PDI} {i18n.LRI}+2{PDI} {i18n.RLI}امتیاز{PDI}"
    assert i18n.plain(marked) == "c3 +2 امتیاز"


def test_a_voila_address_chooses_the_starting_language():
    """Voila gives the kernel the page's query string: ``…ipynb?lang=vi`` starts in Vietnamese,
    before TABLETOP_LANGUAGE; an unknown code is ignored."""
    code = "from tabletop import i18n; print(i18n.language())"
    for query, environment, expected in [("lang=vi", "fa", "vi"), ("x=1&lang=klingon", "fa", "fa"),
                                         ("", "", "en")]:
        env = {**os.environ, "QUERY_STRING": query, "TABLETOP_LANGUAGE": environment}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True)
        assert out.stdout.strip() == expected, (query, environment)


def test_catalogues_merge_key_by_key():
    import importlib.util

    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    base = {"a": "A", "b": "B", "c": "C"}
    ours = {"a": "A", "b": "B2", "c": "C", "x": "X"}
    theirs = {"a": "A1", "b": "B3", "y": "Y"}
    merged, clashes = tool.merge3(base, ours, theirs)
    assert merged == {"a": "A1", "b": "B2", "x": "X", "y": "Y"} and clashes == ["b"]


def test_a_closed_widget_stops_following_the_language_at_once():
    from harmonies.widgets import BoardEditor

    editor, other = BoardEditor(), BoardEditor()
    keep = [editor]  # alive still, as a reference cycle may keep a closed widget until collected
    for part in [*editor.children, editor]:
        part.close()
    i18n.set_language("fa")
    assert (keep[0].lang, other.lang) == ("en", "fa")
