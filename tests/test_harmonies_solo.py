"""The solo mode: 3 spaces and 3 cards, the 6 discarded tokens, the display swap, the partial refill,
the end at once, and the sun rating."""

import pytest

from harmonies import scoring
from harmonies.actions import END, PlaceCube, SwapCard, TakeCard
from harmonies.board import Board
from harmonies.errors import HarmoniesError, IllegalCardAction, IllegalSpace, TurnOrderError
from harmonies.game import Game
from harmonies.policies import GreedyPolicy, RandomPolicy, play_game
from harmonies.tokens import Colour
from tabletop import i18n

COLOURS = list(Colour)


def place_all(game):
    while game.hand:
        colour = game.hand[0]
        game.place_token(colour, game.player.board.legal_cells(colour)[0])


def assert_illegal(game, action, error, match):
    before = game.to_dict()
    with pytest.raises(error, match=match):
        game.play(action)
    assert game.to_dict() == before


def drain_pouch(game, leave):
    """Put tokens from the pouch out of the game until ``leave`` remain (as if discarded earlier)."""
    for k in range(len(COLOURS)):
        while sum(game.pouch) > leave and game.pouch[k]:
            game.pouch[k] -= 1
            game.out_of_game[k] += 1


class TestRefills:
    def test_setup(self):
        g = Game(1, seed=5)
        assert g.solo and len(g.central) == 3 and len(g.display) == 3 and g.pouch_size == 111

    def test_the_six_untaken_tokens_leave_and_all_three_spaces_refill(self):
        g = Game(1, seed=5)
        untaken = sorted(g.central[0] + g.central[2])
        g.take_tokens(2)
        place_all(g)
        g.end_turn()
        gone = sorted(c for c, k in zip(COLOURS, g.out_of_game, strict=True) for _ in range(k))
        assert gone == untaken and sum(g.out_of_game) == 6
        assert [len(s) for s in g.central] == [3, 3, 3] and g.pouch_size == 102
        assert sum(g.token_census().values()) == 120
        assert g.current == 0 and g.turn == 2 and g.refills == 1

    def test_pouch_arithmetic_through_a_game(self):
        g = Game(1, side="B", seed=2)
        policy = RandomPolicy(2)
        while not g.over:
            g.play(policy(g))
            if g.taken_space is None and not g.over:
                done = g.player.turns
                assert g.refills == done
                assert g.pouch_size == max(0, 111 - 9 * done)
                assert sum(g.out_of_game) == 6 * done

    def test_partial_refill_then_the_end(self):
        g = Game(1, seed=5)
        drain_pouch(g, 5)
        g.take_tokens(1)
        place_all(g)
        g.end_turn()
        # 3 tokens in the first space, the remaining 2 in the next, the last space empty
        assert [len(s) for s in g.central] == [3, 2, 0] and g.pouch_size == 0 and not g.over
        assert sum(g.token_census().values()) == 120
        assert_illegal(g, "take 3", IllegalSpace, "space 3 is empty")
        assert "take 3" not in [str(a) for a in g.legal_actions()]
        g.take_tokens(2)
        place_all(g)
        g.end_turn()
        assert g.over and g.end_reason == "pouch" and g.players[0].turns == 2

    def test_the_thirteenth_refill_is_three_tokens(self):
        g = Game(1, seed=5)
        drain_pouch(g, 3)  # what 12 full refills leave
        g.take_tokens(3)
        place_all(g)
        g.end_turn()
        assert [len(s) for s in g.central] == [3, 0, 0]
        assert [str(a) for a in g.legal_actions() if a.kind == "take"] == ["take 1"]

    def test_fourteen_turns_when_only_the_pouch_ends_the_game(self):
        g = Game(1, side="B", seed=3)
        sizes = []
        while not g.over:
            g.take_tokens(next(s + 1 for s, t in enumerate(g.central) if t))
            place_all(g)
            g.end_turn()
            sizes.append([len(s) for s in g.central])
            if g.player.board.codes.count(0) < 6:  # keep the board open: only the pouch may end it
                g.players[0].board = Board("B")
        assert sizes[:12] == [[3, 3, 3]] * 12 and sizes[12] == [3, 0, 0]
        assert g.players[0].turns == 14 and g.refills == 13 and g.end_reason == "pouch"

    def test_the_board_ends_a_solo_game_at_once(self):
        g = Game(1, seed=5)
        names = g.player.board.layout.names
        g.players[0].board = Board.from_dict({"side": "A", "board": {n: ["blue"] for n in names[5:]}})
        g.take_tokens(1)
        for cell in names[:3]:
            g.place_token(g.hand[0], cell)
        g.end_turn()
        assert g.over and g.end_reason == "board"


class TestSwap:
    def ready(self, seed=5):
        g = Game(1, seed=seed)
        g.take_tokens(1)
        place_all(g)
        return g

    def test_swap_replaces_a_display_card_with_the_top_of_the_deck(self):
        g = self.ready()
        out, top = g.display[1], g.deck[-1]
        swaps = [a for a in g.legal_actions() if type(a) is SwapCard]
        assert sorted(a.card for a in swaps) == sorted(g.display)
        g.swap_card(out)
        assert g.display[1] == top and g.discarded == [out] and len(g.deck) == 28
        assert g.legal_actions() == [END]
        card_total = len(g.display) + len(g.deck) + len(g.discarded)
        assert card_total == 32

    def test_only_end_follows_a_swap(self):
        g = self.ready()
        g.swap_card(g.display[0])
        assert_illegal(g, SwapCard(g.display[0]), TurnOrderError, "only 'end' is left")
        assert_illegal(g, TakeCard(g.display[0]), TurnOrderError, "only 'end' is left")
        g.end_turn()
        assert not g.swapped and any(type(a) is TakeCard for a in g.legal_actions())

    def test_no_swap_in_a_turn_with_a_card(self):
        g = Game(1, seed=5)
        g.take_card(g.display[0])
        g.take_tokens(1)
        place_all(g)
        assert not any(type(a) is SwapCard for a in g.legal_actions())
        assert_illegal(g, SwapCard(g.display[0]), IllegalCardAction, "you took a card this turn")

    def test_no_swap_before_the_tokens_are_placed(self):
        g = Game(1, seed=5)
        assert_illegal(g, SwapCard(g.display[0]), TurnOrderError, "the swap comes at the end of the turn")
        g.take_tokens(1)
        assert_illegal(g, SwapCard(g.display[0]), TurnOrderError, "place your 3 tokens")
        assert not any(type(a) is SwapCard for a in g.legal_actions())

    def test_no_swap_of_a_card_not_shown_or_from_an_empty_deck(self):
        g = self.ready()
        assert_illegal(g, SwapCard(g.deck[0]), IllegalCardAction, "not in the display")
        g.discarded.extend(g.deck)
        g.deck.clear()
        assert not any(type(a) is SwapCard for a in g.legal_actions())
        assert_illegal(g, SwapCard(g.display[0]), IllegalCardAction, "the deck is empty")

    def test_no_swap_before_the_spirit_is_chosen(self):
        g = Game(1, spirits=True, seed=5)
        g.take_tokens(1)
        place_all(g)
        assert_illegal(g, SwapCard(g.display[0]), TurnOrderError, "choose your Nature's Spirit")

    def test_random_games_do_not_swap_forever(self):
        g = play_game(Game(1, seed=9), RandomPolicy(9))
        swaps = [a for a in g.history if type(a) is SwapCard]
        assert len(swaps) <= g.players[0].turns


class TestSuns:
    @staticmethod
    def table(total):
        return sum(total >= t for t in (40, 70, 90, 110, 130, 140, 150, 160))

    @pytest.mark.parametrize("side,spirits", [("A", False), ("B", False), ("A", True), ("B", True)])
    def test_suns_at_the_end_of_a_game(self, side, spirits):
        g = play_game(Game(1, side=side, spirits=spirits, seed=4), GreedyPolicy(4))
        total = g.score().total
        p = g.players[0]
        bonus = 2  # without a spirit
        if spirits:
            bonus = 1 if p.spirit in (33, 34, 37, 38, 41) else 0  # spirits scoring per group
        expected = self.table(total) + (side == "A") + bonus
        assert g.suns() == expected == scoring.solo_suns(total, side, p.spirit)
        assert g.result()["suns"] == expected

    def test_the_reference_example(self, monkeypatch):
        # 130 points on side A with the Lion: 5 + 1 + 1 = 7 suns.
        g = Game(1, side="A", spirits=True, seed=1)
        g.player.spirit_offer = [33, 35]
        g.choose_spirit("Lion")
        monkeypatch.setattr(Game, "score", lambda self, seat=None: scoring.Breakdown(trees=130))
        assert g.suns() == 7

    def test_suns_are_solo_only(self):
        with pytest.raises(HarmoniesError, match="solo"):
            Game(2, seed=1).suns()

    def test_the_spirit_cube_in_solo(self):
        g = Game(1, spirits=True, seed=5)
        g.player.spirit_offer = [42, 39]
        g.choose_spirit(42)  # Tortoise: a mountain of 2, then two blue tokens in a row
        g.players[0].board = Board.from_dict(
            {"side": "A", "board": {"a1": ["gray", "gray"], "a2": ["blue"], "a3": ["blue"]}})
        assert PlaceCube(42, "a2") in g.legal_actions()
        g.place_cube(42, "a2")
        assert g.score().spirit == 4 and g.players[0].cubes_placed == 1


class TestLanguage:
    def test_one_token_left_is_singular(self):
        g = Game(1, seed=5)
        g.take_tokens(1)
        while len(g.hand) > 1:
            colour = g.hand[0]
            g.place_token(colour, g.player.board.legal_cells(colour)[0])
        assert_illegal(g, SwapCard(g.display[0]), TurnOrderError,
                       r"the swap comes at the end of the turn\): 1 is still in your hand")

    def test_swap_messages_follow_the_language(self):
        g = Game(1, seed=5)
        g.take_tokens(1)
        place_all(g)
        i18n.set_language("fa")
        with pytest.raises(IllegalCardAction) as caught:
            g.play(SwapCard(g.deck[0]))
        assert "\u2068" in str(caught.value)
        with pytest.raises(HarmoniesError) as caught:
            Game(2, seed=1).suns()
        assert "\u20682\u2069" in str(caught.value)
