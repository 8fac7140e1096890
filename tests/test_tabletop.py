"""The shared picture kit: scenes render to deterministic SVG and to files; clicks reach Python."""

import pytest

from tabletop import Display, Scene, display, set_display
from tabletop.clickable import ClickableSVG


def _scene() -> Scene:
    s = Scene(120, 80, title="demo")
    s.polygon([(10, 10), (50, 10), (30, 40)], fill="#1f77b4", stroke="#000", key="cell:a1", title="a1")
    s.circle((90, 40), 12.345, fill="red", opacity=0.5, dash="4 2", stroke="black")
    s.text((60, 70), "R & <b>", size=11)
    s.polyline([(0, 0), (60, 60)], stroke="blue", width=4)
    return s


def test_svg_is_deterministic_and_escaped():
    a, b = _scene().to_svg(), _scene().to_svg()
    assert a == b
    assert a.startswith("<svg") and a.endswith("</svg>")
    assert 'data-key="cell:a1"' in a and "<title>a1</title>" in a
    assert "R &amp; &lt;b&gt;" in a
    assert 'r="12.35"' in a  # two decimals, no float noise


def test_place_shifts_shapes():
    outer = Scene(300, 200).place(_scene(), 100, 50)
    assert 'points="110,60 150,60 130,90"' in outer.to_svg()


@pytest.mark.parametrize("suffix, magic", [(".svg", b"<svg"), (".png", b"\x89PNG"), (".pdf", b"%PDF")])
def test_save_by_extension(tmp_path, suffix, magic):
    path = _scene().save(tmp_path / f"scene{suffix}")
    assert path.read_bytes().startswith(magic)


def test_unknown_extension_is_refused(tmp_path):
    with pytest.raises(ValueError, match="use a .svg, .png or .pdf"):
        _scene().save(tmp_path / "scene.gif")


def test_display_settings_are_global_and_restorable():
    before = display()
    try:
        assert set_display(colour_blind=True).colour_blind
        assert display().colour_blind and not display().high_contrast
    finally:
        set_display(before)
    assert display() == before == Display()


def test_clicks_reach_python_without_a_browser():
    seen = []
    widget = ClickableSVG(_scene().to_svg(), on_click=seen.append)
    widget._message(widget, {"type": "click", "key": "cell:a1"}, [])
    widget._message(widget, {"type": "hover", "key": "cell:b1"}, [])
    assert seen == ["cell:a1"]


def test_quiz_gives_immediate_feedback():
    from tabletop.quiz import Quiz

    quiz = Quiz("How many points?", 15, explain="A river of 6 scores 15.")
    assert not quiz.answer(8)
    assert "Not 8" in quiz.feedback.value and "15" not in quiz.feedback.value
    assert not quiz.answer(11)
    assert "The answer is 15" in quiz.feedback.value  # after two misses the answer is shown
    assert quiz.answer(15) and quiz.solved and "Right" in quiz.feedback.value


def test_quiz_with_choices():
    from tabletop.quiz import Quiz

    quiz = Quiz("Can a red go on two browns?", "no", choices=["yes", "no"], explain="Red never goes third.")
    assert len(quiz.children[1].children) == 2
    quiz.children[1].children[1].click()
    assert quiz.solved and "Red never goes third" in quiz.feedback.value


def test_quiz_follows_the_language_menu_feedback_included():
    from tabletop import i18n
    from tabletop.locale import t
    from tabletop.quiz import Quiz

    quiz = Quiz(t.lazy("language.menu"), 15)
    quiz.answer(14)
    assert "Not 14." in quiz.feedback.value and quiz._go.description == "Check"
    i18n.set_language("nl")
    assert quiz._go.description == "Controleer" and quiz.box.description == "Antwoord:"
    assert "Niet 14." in quiz.feedback.value and "Kijk nog eens goed" in quiz.feedback.value
    assert "Taal" in quiz._prompt.value and 'lang="nl" dir="ltr"' in quiz._prompt.value
    i18n.set_language("fa")
    assert quiz.dir == "rtl" and "tabletop-rtl" in quiz._dom_classes
    assert 'lang="fa" dir="rtl"' in quiz.feedback.value and "نیست" in quiz.feedback.value
    i18n.set_language("en")
    assert "tabletop-rtl" not in quiz._dom_classes and quiz._go.description == "Check"


def test_language_picker_and_header():
    from tabletop import i18n
    from tabletop.localised import Header, LanguagePicker

    picker = LanguagePicker()
    assert [label for label, _ in picker.menu.options] == ["English", "فارسی", "Nederlands", "Tiếng Việt"]
    assert picker._language_mark.lesson_lang == ""  # not a lesson's menu: it opens nothing
    header = Header("vi")  # a Vietnamese lesson: the kernel speaks Vietnamese from here on
    assert i18n.language() == "vi" and header.picker.menu.value == "vi"
    assert header.picker._language_mark.lesson_lang == "vi"  # the page swaps …/vi/… for the choice
    picker.menu.value = "fa"  # what a click in the menu does
    assert i18n.language() == "fa" and header.picker.menu.value == "fa"
    assert header._language_mark.dir == "rtl" and "tabletop-rtl" in header._dom_classes
    with pytest.raises(i18n.UnknownLanguage):
        Header("xx")


def test_persian_svg_labels_run_right_to_left_and_charts_keep_their_lines():
    from tabletop import Scene, i18n
    from tabletop.mpl import shaped

    scene = Scene(100, 40)
    scene.text((10, 10), "امتیاز 12")
    scene.text((10, 30), "score 12")
    svg = scene.to_svg()
    assert f"{i18n.RLI}امتیاز 12{i18n.PDI}" in svg and ">score 12<" in svg
    lines = shaped("کف\nΔ +5").split("\n")
    assert len(lines) == 2 and lines[1] == "Δ +5" and lines[0] != "کف"
    assert shaped(f"{i18n.FSI}c3{i18n.PDI}") == "c3"
