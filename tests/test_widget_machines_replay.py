"""Random stepping never escapes the replay widget (both games): the buttons, the slider, steps
given as anything, links and texts pasted into its box, the language. After every step the replay
stands inside the game, the slider and the buttons say where, and the board drawn is the engine's
game at that step; a refused text changes nothing."""

from __future__ import annotations

import json

from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule
from machines import WidgetMachine, budget, report

import azul
import harmonies
from azul.widgets import GameReplay as AzulReplay
from harmonies.widgets import GameReplay as HarmoniesReplay
from tabletop.game import RandomPolicy, play_out
from tabletop.links import address
from tabletop.records import record, replay


def _game(kind: str, seed: int, actions: int | None):
    game = harmonies.Game(2, seed=seed) if kind == "harmonies" else azul.Game(2, seed=seed)
    if actions is None:
        return play_out(game, RandomPolicy(seed))
    policy = RandomPolicy(seed)
    for _ in range(actions):
        game.play(policy(game))
    return game


SHORT = {kind: record(_game(kind, 3, 6)) for kind in ("harmonies", "azul")}
LINKS = [address("http://x/", data) for data in SHORT.values()]
PASTED = st.sampled_from([*LINKS, LINKS[0][:-9], LINKS[1][:40] + "Zz" + LINKS[1][42:], "http://x/#play=9.a",
                          json.dumps(SHORT["azul"]), json.dumps(SHORT["harmonies"]), "{", "[]", "",
                          json.dumps({**SHORT["azul"], "actions": ["factory 9: red -> line 0"]}),
                          json.dumps({"format": "azul-game/7"}), "17", "null"])
STEPS = st.integers(-5, 400) | st.sampled_from(["3", None, 2.5, True, [1]])


class ReplayMachine(WidgetMachine):
    name = "GameReplay"

    @initialize(kind=st.sampled_from(["harmonies", "azul"]), seed=st.integers(0, 3),
                actions=st.sampled_from([None, 0, 1, 12]))
    def build(self, kind, seed, actions):
        widget = HarmoniesReplay if kind == "harmonies" else AzulReplay
        self.widget = widget(_game(kind, seed, actions))
        self.start()

    def texts(self):
        return PASTED

    def state(self):
        r = self.widget.replay
        return r.format, r.step, r.last, r.game.to_dict()

    @rule(step=STEPS)
    def go(self, step):
        self.count()
        self.widget.go(step)

    @rule(text=PASTED)
    def paste_and_open(self, text):
        self.count()
        before = self.state()
        if not self.widget.open_game(text):
            assert self.state() == before, "a refused text changed the replay"
            assert self.widget.message

    @rule(data=st.data())
    def slide(self, data):
        self.count()
        slider = self.widget.slider
        slider.value = data.draw(st.integers(slider.min, slider.max))

    def check(self):
        r, widget = self.widget.replay, self.widget
        assert 0 <= r.step <= r.last
        assert widget.slider.value == r.step and widget.slider.max == r.last
        assert widget.buttons["previous"].disabled == (r.step == 0)
        assert widget.buttons["next"].disabled == (r.step == r.last)
        assert widget.svg.startswith("<svg")
        again = replay({"format": r.format, "setup": r.games[0].start, "actions": r.actions[:r.step]},
                       (harmonies.Game, azul.Game))
        assert again.to_dict() == r.game.to_dict()


def test_replay_machine():
    ReplayMachine.TestCase.settings = budget(6, 20)
    ReplayMachine.TestCase().runTest()
    report(ReplayMachine)
