"""A Voila server that survives a class: ``make serve`` (``python -m classroom notebooks/``).

* ``app.py``: the Voila application with three changes of ours (the page template that fetches
  nothing from the internet, the "server full" page, the shutdown on page leave accepted) and the
  access code for a class network;
* ``kernels.py``: the kernel manager: a cap on kernels, and culling of kernels whose page has gone;
* ``teacher.py``: the teacher's page (its own secret): the class's answers live, a board shown to
  everyone, pause, hidden answers, challenges and their boards, the export; the lesson kernels'
  channel to it (``tabletop/inclass.py`` on the kernel's side);
* ``voila.py``: the configuration itself (pool of preheated kernels, culling times, the cap), plain
  traitlets settings read by the application.

How a class uses it and why it is built this way: ``docs/classroom.md``.
"""

# The lesson the benchmark and the tests open (a path under notebooks/): one place to change it.
LESSON = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"
LESSON_BOARD_KEY = "cell:c3"  # a cell of the lesson's board editor, in its drawing (data-key)
LESSON_BOARD = f'.harmonies-board-editor [data-key="{LESSON_BOARD_KEY}"]'  # the board, once drawn
