"""A game to ask the coach about: one player's position (a Scenario) and the tokens in hand.

A scenario (a board, the cards above and beside it, the spirit card) is not a game: it has no central
board, no pouch, no other player. The coach (``harmonies.advisor.advise``) plans turns in a game, so
``game_from_position(scenario, hand)`` builds one that holds exactly what the scenario says and fills
in the rest in the plainest honest way:

- two players; the scenario's player is seat 0 and is to play, in the middle of a turn: the tokens
  of ``hand`` have just been taken from the first central space and wait to be placed;
- the other player has an empty board and no animal cards (with a spirit card in the scenario,
  another spirit card, so that both players have kept one); each player has had as many turns as the
  scenario's board shows (its tokens divided by 3), so the coach's idea of how many turns are left
  follows the filled board;
- the pouch holds the 120 tokens minus the ones on the scenario's board, in hand, and as many as the
  board holds again for the other player (drawn at random, seeded); the four other central spaces are
  drawn from it. A colour the board uses more than the pouch ever held simply runs out;
- no card is on display (a scenario cannot take one), so the coach's answer is where the tokens go
  and which cubes of the cards held can go down; the animal cards whose cubes are all placed lie
  beside the board; the spirit card (if any) is the one kept.

A hand that cannot all go on the board (two blue tokens and one empty cell) is refused: no game
could come to that. ``seed`` seeds the hidden draws; the same position, hand and seed give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tabletop.i18n import join_and

from .errors import HarmoniesError
from .game import COLOURS, Game
from .locale import t
from .tokens import POUCH_COUNTS, Colour


def _hand(tokens: Iterable[Colour | str]) -> list[Colour]:
    if isinstance(tokens, str | Colour):
        tokens = [tokens]
    hand = [Colour.parse(str(c)) for c in tokens]  # Colour.parse says which colours exist
    if not 1 <= len(hand) <= 3:
        raise HarmoniesError(t("positions.error.hand", n=len(hand)))
    return hand


def game_from_position(scenario, hand: Iterable[Colour | str], *, seed: int = 0) -> Game:
    """A two-player game in which the scenario's player is to place ``hand`` (1 to 3 tokens) now.

    See the module docstring for what is filled in. HarmoniesError when the hand is not 1 to 3
    tokens or cannot all be placed on the board; ValueError (the colour's own message) for a word
    that is not a colour."""
    tokens = _hand(hand)
    board = scenario.board
    if not _room_for(board, tokens):
        raise HarmoniesError(t("positions.error.no_room", tokens=join_and(sorted(c.title for c in tokens))))
    spirit = scenario.spirit
    game = Game(2, side=board.side, spirits=spirit is not None, seed=seed, river=scenario.river)
    rng = random.Random(seed)
    me, other = game.players
    me.board = board.copy()
    me.placed = {c.id: k for c, k in scenario.animals}
    me.held = [c.id for c, k in scenario.animals if k < c.cubes]
    me.completed = [c.id for c, k in scenario.animals if k >= c.cubes]
    me.spirit_offer = other.spirit_offer = []
    if spirit is not None:
        me.spirit, me.spirit_placed = spirit[0].id, spirit[1]
        other.spirit = next(i for i in sorted(game.spirit_box + [me.spirit]) if i != me.spirit)
    taken = set(me.placed) | {me.spirit, other.spirit}
    game.spirit_box = sorted(i for i in game.spirit_box if i not in taken)
    game.deck = [i for i in game.deck + game.display if i not in taken]
    game.display = []
    used = [c for _, stack in board.stacks() for c in stack]
    me.turns = other.turns = len(used) // 3
    game.turn = 2 * me.turns + 1
    # The pouch: what the board and the hand hold go first, then the other player's share at random.
    pouch = {c: POUCH_COUNTS[c] for c in COLOURS}
    for c in used + tokens:
        pouch[Colour(c)] = max(0, pouch[Colour(c)] - 1)
    for _ in range(len(used)):
        _take_one(pouch, rng)
    game.pouch = [pouch[c] for c in COLOURS]
    game.reseed(rng.getrandbits(64))
    game.central = [[]] + [game.draw_tokens(3) for _ in range(len(game.central) - 1)]
    game.taken_space, game.hand = 1, tokens
    game.history, game.start = [], None  # a made-up position: no record starts from it
    return game


def _room_for(board, tokens: list[Colour]) -> bool:
    """Whether all the tokens can go on the board, one after the other, in some order."""
    if not tokens:
        return True
    for colour in dict.fromkeys(tokens):
        rest = list(tokens)
        rest.remove(colour)
        for cell in board.legal_cells(colour):
            after = board.copy()
            after.place(cell, colour)
            if _room_for(after, rest):
                return True
    return False


def _take_one(pouch: dict[Colour, int], rng: random.Random) -> None:
    total = sum(pouch.values())
    if not total:
        return
    k = rng.randrange(total)
    for c in COLOURS:
        if k < pouch[c]:
            pouch[c] -= 1
            return
        k -= pouch[c]


__all__ = ["game_from_position"]
