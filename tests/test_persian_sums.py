"""Persian sums read left to right, wherever the text comes from: every Persian catalogue text, filled
with sample values (each form of a plural text), and every Persian lesson cell built from the PO files,
laid out by the Unicode bidirectional algorithm as a right-to-left line (python-bidi, the algorithm a
browser follows), shows each sum and signed number in the order it is written: "5 − 4 = 1", not
"1 = 4 − 5"; "−3", not "3−". Isolating each number alone is not enough (the isolates are laid out right
to left in turn): tabletop.i18n.isolate_sums puts the whole expression in one left-to-right isolate."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest
from bidi import get_display

from tabletop import i18n
from tabletop.i18n import Catalogue

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("harmonies", "azul", "tabletop")
# Written independently of the rule under test: numbers joined by operators, or one with a sign.
NUMBER = r"[−+-]?\d+(?:[.,]\d+)*"
SUM = re.compile(rf"(?<![\w.]){NUMBER}(?:[ \t]*[−+×÷=/–-][ \t]*{NUMBER})*(?![^\W_])")
MARKS = re.compile("[\u2066-\u2069\u200e\u200f]")


def _sample(text: str | dict) -> dict[str, int]:
    """A value for each placeholder: two-digit numbers whose digits differ, so a turn shows."""
    return {name: 10 + 11 * k for k, name in enumerate(sorted(i18n.fields(text)))}


def _catalogue_texts():
    """(where, text) for every form of every Persian catalogue text, filled as the project fills it."""
    with i18n.wording("fa"):
        for package in PACKAGES:
            t = Catalogue(package)
            for key, stored in i18n.table(package, "fa").items():
                values = _sample(stored)
                if isinstance(stored, str):
                    yield f"{package} {key}", t(key, **values)
                    continue
                values.pop("n", None)
                for form in stored:
                    n = 1 if form == "one" else 98
                    yield f"{package} {key} ({form})", t.count(key, n, **values)


def _lesson_lines():
    """(where, line) for each line of prose of the Persian lessons, as a reader sees its characters:
    no HTML tags, code, link targets nor emphasis marks."""
    folder = ROOT / "notebooks" / "fa"
    for path in sorted(folder.rglob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            text = re.sub(r"^(```|~~~).*?^\1[^\n]*$|(`+).+?\2", "", cell.source, flags=re.S | re.M)
            text = re.sub(r"\]\([^)]*\)|<[^>]+>|\*+|__", "", text)
            for line in text.split("\n"):
                yield f"{path.relative_to(folder)} cell {cell.get('id')}", line


def _turned(texts) -> tuple[list[str], list[str]]:
    """The sums found, and those the layout does not show in their written order."""
    found, wrong = [], []
    for where, text in texts:
        for line in text.split("\n"):
            shown = MARKS.sub("", get_display(line, base_dir="R"))
            for match in SUM.finditer(MARKS.sub("", line)):
                expression = match.group()
                if re.search("[−+×÷=/–-]", expression):
                    found.append(expression)
                    if expression not in shown:
                        wrong.append(f"{where}: «{expression}» shown as «{shown}»")
    return found, wrong


def test_every_sum_of_the_persian_catalogues_reads_left_to_right():
    found, wrong = _turned(_catalogue_texts())
    assert {"5 − 4 = 1", "7 + 3 + 1 + 1 = 12", "−1 −1 −2 = −4", "+10"} <= set(found)
    assert wrong == []


def test_every_sum_of_the_persian_lessons_reads_left_to_right():
    found, wrong = _turned(_lesson_lines())
    assert {"120 − 9 = 111", "4 + 3 = 7", "−3"} <= set(found)
    assert wrong == []


FSI, LRI, PDI = i18n.FSI, i18n.LRI, i18n.PDI


@pytest.mark.parametrize("text, isolated", [
    ("کف: 5 − 4 = 1.", f"کف: {LRI}5 − 4 = 1{PDI}."),
    (f"{LRI}−1{PDI} {LRI}−2{PDI} = {LRI}−3{PDI}", f"{LRI}{LRI}−1{PDI} {LRI}−2{PDI} = {LRI}−3{PDI}{PDI}"),
    (f"{FSI}B{PDI} − {FSI}A{PDI} = {FSI}+3{PDI}", f"{LRI}{FSI}B{PDI} − {FSI}A{PDI} = {FSI}+3{PDI}{PDI}"),
    (f"{LRI}+{FSI}7{PDI}{PDI} = 4 + 3", f"{LRI}{LRI}+{FSI}7{PDI}{PDI} = 4 + 3{PDI}"),  # a sign by hand
    (f"n={FSI}12{PDI}", f"{LRI}n={FSI}12{PDI}{PDI}"),
    ("{right} − {left} = {difference}", f"{LRI}{{right}} − {{left}} = {{difference}}{PDI}"),  # a template
    ("120 − 9 = **111**.", f"{LRI}120 − 9 = **111{PDI}**."),
    ("*k* = 0", f"*{LRI}k* = 0{PDI}"),
    (f"{FSI}دو ردیف{PDI} = {FSI}11{PDI}", f"{FSI}دو ردیف{PDI} = {FSI}11{PDI}"),  # words: the sentence's order
    (f"{LRI}+4{PDI}", f"{LRI}+4{PDI}"),                                          # isolated already
    ("UTF-8، 3 تا 4، a1–a3", "UTF-8، 3 تا 4، a1–a3"),                              # no sum
])
def test_a_whole_expression_is_one_left_to_right_isolate(text, isolated):
    assert i18n.isolate_sums(text) == isolated


def test_the_review_sheet_shows_a_lessons_catalogue_sum_as_its_quiz_does():
    spec = importlib.util.spec_from_file_location("lessons", ROOT / "tools" / "lessons.py")
    lessons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lessons)
    page = lessons.review.page(lessons, "fa", Path("azul-lessons/04-wall-tiling-and-scoring.ipynb"))
    assert f"{LRI}5 − 4 = 1{PDI}" in page
