"""A small quiz for notebooks: a question, a place to answer, immediate feedback.

The right answer always comes from the rules engine (the notebook computes it with the package and
passes it in), never typed by hand, so a quiz cannot teach a wrong fact.

Question, choices, explanation and hint may be catalogue texts (``Catalogue.lazy``): the quiz then
follows the language menu, feedback included.

In a class (``tabletop.inclass``) each answer also goes to the teacher's page, and while the
teacher hides the answers the quiz says only that the answer was sent. Anywhere else it is alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from . import inclass
from .locale import t
from .localised import Localised, html


class Quiz(Localised, w.VBox):
    """Ask a question; ``choices`` gives buttons, otherwise a number box with a Check button.

    ``explain`` is shown after any answer: it says why, so that a wrong answer still teaches.
    ``answer(value)`` is what the buttons call; tests call it directly.
    """

    def __init__(self, question, correct, *, choices: Sequence | None = None,
                 explain="", hint="", check: Callable[[object], bool] | None = None):
        self.question, self.correct, self.explain, self.hint = question, correct, explain, hint
        self.choices = list(choices) if choices is not None else None
        self._check = check or (lambda value: value == correct)
        self.feedback = w.HTML()
        self.attempts: list[object] = []
        self._prompt = w.HTML()
        if self.choices is not None:
            self._buttons = [w.Button(layout=w.Layout(width="auto")) for _ in self.choices]
            for button, choice in zip(self._buttons, self.choices, strict=True):
                button.on_click(lambda _b, c=choice: self.answer(c))
            row = w.HBox(self._buttons)
        else:
            self.box = w.IntText(layout=w.Layout(width="180px"))
            self._go = w.Button(button_style="primary")
            self._go.on_click(lambda _b: self.answer(self.box.value))
            row = w.HBox([self.box, self._go])
        super().__init__([self._prompt, row, self.feedback])
        self.add_class("tabletop-quiz")  # a stable handle for browser tests and styling
        self.number = 0  # its place among the lesson's quizzes, in a class
        if inclass.active():
            self.number = inclass.next_quiz()
            inclass.send({"type": "quiz", "n": self.number, "question": inclass.every_language(question),
                          "choices": None if self.choices is None
                          else [inclass.every_language(c) for c in self.choices]})
            inclass.listen(self._show_last)
        self._localise()
        self.relabel()

    @property
    def solved(self) -> bool:
        return any(self._check(a) for a in self.attempts)

    def answer(self, value) -> bool:
        """Record an answer, show the feedback, and say whether it was right."""
        self.attempts.append(value)
        right = bool(self._check(value))
        if self.number:
            choice = self.choices.index(value) if self.choices and value in self.choices else None
            inclass.send({"type": "answer", "n": self.number, "value": str(value), "choice": choice,
                          "right": right})
        self._show_feedback()
        return right

    def relabel(self) -> None:
        self._prompt.value = html(f"<b>{escape(t('quiz.question'))}</b> {self.question}")
        if self.choices is not None:
            for button, choice in zip(self._buttons, self.choices, strict=True):
                button.description = str(choice)
        else:
            self.box.description = t("quiz.answer")
            self._go.description = t("quiz.check")
        self._show_last()

    def _show_last(self) -> None:
        """The feedback of the last answer again (the language or the class changed), if any."""
        if self.attempts:
            self._show_feedback()

    def _show_feedback(self) -> None:
        value = self.attempts[-1]
        if inclass.state()["hide"]:
            text = f"📨 <b>{t('quiz.sent')}</b>"
        elif self._check(value):
            text = f"✅ <b>{t('quiz.right', answer=self.correct)}</b> {self.explain}"
        else:
            text = f"❌ <b>{t('quiz.wrong', answer=value)}</b> {self.hint or t('quiz.try_again')}"
            if len(self.attempts) >= 2:
                text += f" <i>{t('quiz.reveal', answer=self.correct)}</i> {self.explain}"
        self.feedback.value = html(text, style="font-size:1.05em")
