"""A small quiz for notebooks: a question, a place to answer, immediate feedback.

The right answer always comes from the rules engine (the notebook computes it with the package and
passes it in), never typed by hand, so a quiz cannot teach a wrong fact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w


class Quiz(w.VBox):
    """Ask a question; ``choices`` gives buttons, otherwise a number box with a Check button.

    ``explain`` is shown after any answer: it says why, so that a wrong answer still teaches.
    ``answer(value)`` is what the buttons call; tests call it directly.
    """

    def __init__(self, question: str, correct, *, choices: Sequence | None = None,
                 explain: str = "", hint: str = "", check: Callable[[object], bool] | None = None):
        self.correct, self.explain, self.hint = correct, explain, hint
        self._check = check or (lambda value: value == correct)
        self.feedback = w.HTML()
        self.attempts: list[object] = []
        prompt = w.HTML(f"<b>Question.</b> {question}")
        if choices is not None:
            buttons = [w.Button(description=str(c), layout=w.Layout(width="auto")) for c in choices]
            for button, choice in zip(buttons, choices, strict=True):
                button.on_click(lambda _b, c=choice: self.answer(c))
            row = w.HBox(buttons)
        else:
            self.box = w.IntText(description="Answer:", layout=w.Layout(width="180px"))
            go = w.Button(description="Check", button_style="primary")
            go.on_click(lambda _b: self.answer(self.box.value))
            row = w.HBox([self.box, go])
        super().__init__([prompt, row, self.feedback])

    @property
    def solved(self) -> bool:
        return any(self._check(a) for a in self.attempts)

    def answer(self, value) -> bool:
        """Record an answer, show the feedback, and say whether it was right."""
        self.attempts.append(value)
        right = self._check(value)
        if right:
            text = f"✅ <b>Right: {self.correct}.</b> {self.explain}"
        else:
            text = f"❌ <b>Not {value}.</b> {self.hint or 'Look again and try once more.'}"
            if len(self.attempts) >= 2:
                text += f" <i>The answer is {self.correct}.</i> {self.explain}"
        self.feedback.value = f'<div style="font-size:1.05em">{text}</div>'
        return right
