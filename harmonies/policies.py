"""Ready-made players: uniformly random and greedy. A policy maps a game to the action it plays.

A policy is any callable ``policy(game) -> Action``; ``play_game(game, policies)`` (the play loop of
both games, ``tabletop.game.play_out``) asks the policy of the seat to play until the game is over.
The policies are seeded, so a game played by them is reproducible.

``RandomPolicy(seed)`` (``tabletop.game.RandomPolicy``) picks uniformly among
``game.legal_actions()``. Games always end: every turn allows one token take, three placements, at
most one card, finitely many cubes, at most one spirit choice and at most one (solo) swap, and
``end`` is only legal once the tokens are placed.

``GreedyPolicy(seed)`` looks one turn ahead and no further:

1. During the first turn with Nature's Spirit, it keeps the offered spirit card with the fewer pattern
   cells (the easier habitat); ties go to the lower id.
2. It places every cube it can, the one worth most first (an animal cube is worth the step of its
   points track; the spirit cube is worth its current end-of-game points, at least 1). On a tie it puts
   the cube on a cell where no token could be stacked anyway, then on the earliest cell.
3. It takes a card (before taking tokens) when one can be used soon: a cube of it could go on the
   board now, or one token would complete one of its habitats. Among those it takes the one whose
   next cube is worth most. Holding fewer than 2 animal cards it also takes a card that cannot be used
   yet: the one with the fewest pattern cells, then the most points for its first cube.
4. It chooses the central space by playing out each space's 3 tokens greedily on a scratch board and
   keeping the space with the largest total gain; it then places each token by the same rule on the
   real board (so a cube placed in between is taken into account).
   The gain of one token is the change in landscape points (``scoring.score_landscapes``) plus, for
   each held card (and the spirit card) with cubes left that the token would complete according to
   ``habitats.near_misses``, the worth of the next cube.
5. It never swaps display cards (solo) and ends the turn once nothing else gains anything.

Ties: between token placements of equal gain, one on a cell that already holds tokens is preferred
(it keeps empty cells, and so the game, open longer); remaining ties between placements, spaces and
cards are broken by the policy's own seeded ``random.Random``; with the same seed the same game is
played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.game import RandomPolicy, seed_for
from tabletop.game import play_out as play_game

from . import habitats, scoring
from .actions import (
    END,
    Action,
    ChooseSpirit,
    PlaceCube,
    PlaceToken,
    TakeCard,
    TakeTokens,
    place_actions,
)
from .board import Board
from .cards import card as _card
from .game import Game
from .tokens import EMPTY, NEXT, NEXT_BY_COLOUR, Colour

_FINISHED = tuple(all(n < 0 for n in NEXT[code].values()) for code in range(len(NEXT)))


def _landscapes(board: Board) -> int:
    return scoring.score_landscapes(board).landscapes


class GreedyPolicy:
    """Best immediate gain, one turn ahead (see the module docstring for the exact rules).

    ``seed`` (default 0) seeds the tie-breaks, so a greedy player is reproducible by default.
    """

    def __init__(self, seed: int | str | None = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> Action:
        return self.choose(game)

    def __repr__(self) -> str:
        return f"GreedyPolicy(seed={self.seed!r})"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        spirits = [a for a in legal if type(a) is ChooseSpirit]
        if spirits:
            return min(spirits, key=lambda a: (len(_card(a.card).pattern), a.card))
        cubes = [a for a in legal if type(a) is PlaceCube]
        if cubes:
            return self._best_cube(game, cubes)
        if game.taken_space is None:
            cards = [a for a in legal if type(a) is TakeCard]
            if cards:
                choice = self._card_to_take(game, cards)
                if choice is not None:
                    return choice
            return self._best_space(game, [a for a in legal if type(a) is TakeTokens])
        if game.hand:
            return self._next_token(game)
        cards = [a for a in legal if type(a) is TakeCard]
        if cards:  # tokens placed: a card is still worth taking if a cube of it can go down now
            choice = self._card_to_take(game, cards, now_only=True)
            if choice is not None:
                return choice
        return END

    # -- cubes and cards --------------------------------------------------------------------------
    def _cube_worth(self, game: Game, card_id: int) -> int:
        p = game.player
        if card_id == p.spirit:
            board = p.board
            value = scoring.score(board, spirit=(card_id, True)).spirit
            return max(1, value)
        c = _card(card_id)
        k = p.placed[card_id]
        return c.points_for(k + 1) - c.points_for(k)

    def _best_cube(self, game: Game, cubes: list[PlaceCube]) -> PlaceCube:
        board = game.player.board
        index = board.layout.index
        worth = {a.card: self._cube_worth(game, a.card) for a in cubes}

        def key(a: PlaceCube):
            i = index[a.cell]
            return (-worth[a.card], not _FINISHED[board.codes[i]], i)

        return min(cubes, key=key)

    def _card_to_take(self, game: Game, cards: list[TakeCard], now_only: bool = False) -> TakeCard | None:
        p = game.player
        board = p.board
        colours = {c for space in game.central for c in space}
        soon = []
        for a in cards:
            c = _card(a.card)
            usable = bool(habitats.cube_cells(c, board)) or not now_only and any(
                m.colour in colours for m in habitats.near_misses(c, board))
            if usable:
                soon.append(a)
        if soon:
            return self._pick(soon, lambda a: _card(a.card).points_for(1))
        if len(p.held) < 2 and not now_only:
            return self._pick(cards, lambda a: (-len(_card(a.card).pattern), _card(a.card).points_for(1)))
        return None

    def _pick(self, options: list, value) -> object:
        best = max(value(o) for o in options)
        tied = [o for o in options if value(o) == best]
        return tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    # -- tokens -----------------------------------------------------------------------------------
    def _bonuses(self, game: Game, board: Board) -> dict[tuple[Colour, int], int]:
        """(colour, cell index) → worth of the cubes that token would make placeable."""
        p = game.player
        index = board.layout.index
        out: dict[tuple[Colour, int], int] = {}
        wanted = [(i, self._cube_worth(game, i)) for i in p.held]
        if p.spirit is not None and not p.spirit_placed:
            wanted.append((p.spirit, self._cube_worth(game, p.spirit)))
        for card_id, worth in wanted:
            seen = set()
            for miss in habitats.near_misses(card_id, board):
                key = (miss.colour, index[miss.cell])
                if key not in seen:  # one cube per card per token, however many habitats it completes
                    seen.add(key)
                    out[key] = out.get(key, 0) + worth
        return out

    def _best_token(self, game: Game, board: Board, hand: Sequence[Colour]) -> tuple[int, Colour, int] | None:
        """(gain, colour, cell index) of the best single placement of a token from ``hand``; None
        when no token of the hand fits anywhere (never in a game played from its start)."""
        codes, cubes = board.codes, board.cubes
        base = _landscapes(board)
        bonus = self._bonuses(game, board)
        best_rank, best = None, []
        for colour in dict.fromkeys(hand):
            nxt = NEXT_BY_COLOUR[colour]
            for i, code in enumerate(codes):
                new = nxt[code]
                if new < 0 or i in cubes:
                    continue
                codes[i] = new
                gain = _landscapes(board) - base
                codes[i] = code
                gain += bonus.get((colour, i), 0)
                # Equal gains: stacking keeps empty cells, and so the game, open longer.
                rank = (gain, code != EMPTY)
                if best_rank is None or rank > best_rank:
                    best_rank, best = rank, [(colour, i)]
                elif rank == best_rank:
                    best.append((colour, i))
        if not best:
            return None
        colour, i = best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
        return best_rank[0], colour, i

    def _play_out(self, game: Game, tokens: Sequence[Colour]) -> tuple[int, list[PlaceToken]]:
        """Place ``tokens`` one by one greedily on a scratch board: total gain and the plan."""
        board = game.player.board.copy()
        hand = list(tokens)
        table = place_actions(game.side)
        total, plan = 0, []
        while hand:
            found = self._best_token(game, board, hand)
            if found is None:
                break
            gain, colour, i = found
            total += gain
            board.codes[i] = NEXT[board.codes[i]][colour]
            hand.remove(colour)
            plan.append(table[colour][i])
        return total, plan

    def _best_space(self, game: Game, takes: list[TakeTokens]) -> TakeTokens:
        results = []
        for a in takes:
            gain, plan = self._play_out(game, game.central[a.space - 1])
            results.append((gain, a, plan))
        best = max(r[0] for r in results)
        tied = [r for r in results if r[0] == best]
        return tied[self.rng.randrange(len(tied))][1] if len(tied) > 1 else tied[0][1]

    def _next_token(self, game: Game) -> Action:
        found = self._best_token(game, game.player.board, game.hand)
        if found is None:
            return END  # illegal: play() will say which tokens are still in hand
        _, colour, i = found
        return place_actions(game.side)[colour][i]


class StrongPolicy:
    """Plans each whole turn with the coach (``harmonies.advisor``) and plays it action by action.

    ``budget``: playouts per turn (0: the board's value alone, the fastest); ``seed`` seeds the
    playouts' hidden draws, so a strong player is reproducible. It never reads the pouch or deck order.
    """

    def __init__(self, seed: int | str | None = 0, budget: int = 0, width: int = 4):
        self.seed = seed
        self.budget = budget
        self.width = width
        self._plan: list[Action] = []
        self._expect: tuple | None = None

    def __call__(self, game: Game) -> Action:
        return self.choose(game)

    def __repr__(self) -> str:
        return f"StrongPolicy(seed={self.seed!r}, budget={self.budget!r})"

    def _key(self, game: Game) -> tuple:
        return (id(game), game.turn, game.current, len(game.history))

    def choose(self, game: Game) -> Action:
        from .advisor import advise

        if not (self._plan and self._expect == self._key(game) and game.is_legal(self._plan[0])):
            seed = seed_for(self.seed or 0, game.turn)  # the one seeding rule: a part's own seed
            self._plan = list(advise(game, budget=self.budget, seed=seed, top=1, width=self.width)[0].actions)
        action = self._plan.pop(0)
        self._expect = (id(game), game.turn, game.current, len(game.history) + 1)
        return action


#: The policies by name, for the command line, the simulations and the game table.
POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "strong": StrongPolicy}

__all__ = ["RandomPolicy", "GreedyPolicy", "StrongPolicy", "POLICIES", "play_game", "seed_for"]
