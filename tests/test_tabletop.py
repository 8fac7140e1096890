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
