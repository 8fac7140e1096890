"""A whole game of Harmonies: setup, turns, the end of the game, solo mode and Nature's Spirit.

``Game(players=2, side="A", spirits=False, seed=None, river="shortest-path", cube_supply=None)``
sets the table as the rulebook says and then moves only through actions (see ``harmonies.actions``
for their text grammar: ``take 2``, ``place green c3``, ``card 23``, ``cube 23 c2``, ``spirit 35``,
``swap 14``, ``end``). ``legal_actions()`` lists every action allowed now; ``play(action)`` applies one
(an Action or its text). An illegal action raises a subclass of ``IllegalMove`` whose message says
what, where and why, and leaves the game exactly as it was: every action is validated in full
before anything changes.

The turn
--------
The current player must take all 3 tokens of one central space and place them one at a time. Around
that, in any order the player likes: take at most one animal card from the display (only while fewer
than 4 cards sit above the board; the chosen spirit card counts until its cube is placed), place any
number of cubes (a card's cube goes on the cube cell of one of its habitats present on the board now;
the cube then freezes that cell for good, whatever happens to the habitat later), and, during the
first turn of a game with Nature's Spirit, keep one of the two spirit cards dealt (this is required
before the first turn ends; the other card goes back to the box). A card whose cubes are all placed
moves beside the board and stops counting towards the 4. ``end`` is allowed once the 3 tokens are
placed. It refills the emptied space from the pouch and the display from the deck.

Solo (``players=1``): 3 central spaces and 3 display cards; at the end of every turn the 6 untaken
tokens leave the game and all 3 spaces are refilled. In a turn without a card taken, once the tokens
are placed, ``swap CARD`` puts that display card out of the game and replaces it with the deck's top
card; the swap belongs to the end of the turn, so only ``end`` may follow it.

Choices where the rulebooks are silent
--------------------------------------
- Solo partial refill: the pouch holds 111 tokens after the solo setup, 12 full refills of 9 and 3
  tokens over. A refill fills the spaces in order with 3 tokens each while the pouch has them and puts
  any remainder (1 or 2 tokens) in the next space; the other spaces stay empty and cannot be taken.
  The game ends when a refill finds the pouch empty (end condition 1), so a solo game has 14 turns
  unless the board fills first. The same rule would apply to a multiplayer refill, but there the
  105 tokens left after setup make exactly 35 refills of 3: the pouch then ends the game on the
  36th turn, which closes a round for 2, 3 and 4 players alike.
- Cube supply (``cube_supply``): ``None`` (default) means unlimited cubes. With a number (the
  rulebooks print 66 or 75 for 96 slots on the 32 cards), taking a card takes as many cubes as it
  has slots from the supply, and taking a card the supply cannot cover is illegal (the message says
  how many cubes are left). Cubes never come back. Nature's Spirit cubes are separate (one each).
- End of the game: a player who ends a turn with 2 or fewer empty cells, or a refill that finds the
  pouch empty, triggers the end; the round is finished so that every player has had as many turns
  as the first player (seat 0). In solo the game ends at once. When both happen the first recorded
  reason is kept in ``end_reason`` (``"board"`` is checked before the refill).
- Winners: most points; a tie goes to the most animal cubes placed (the rulebooks' words: the
  Nature's Spirit cube does not count); a tie on both is a shared victory (``winners()`` lists every
  seat that shares it).
- Swapped-out display cards (solo) leave the game (``discarded``). When the deck runs out the display
  simply stays short and ``swap`` is illegal.

State and copies
----------------
The pouch is a count per colour and every draw is a seeded ``random.Random`` choice, so the same seed
gives the same game. The deck is an ordered list (its top is the last element). ``to_dict()`` holds
the full state (the RNG state and the history of actions included) and ``from_dict`` rebuilds a game
that continues identically; ``to_json``/``from_json`` wrap them. ``copy()`` copies only the mutable
state; the Card objects and the per-side tables are shared.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from tabletop.i18n import join_and, join_or
from tabletop.untrusted import JSONRefused, read_json, shown

from . import habitats, scoring
from .actions import (
    END,
    Action,
    ChooseSpirit,
    EndTurn,
    PlaceCube,
    PlaceToken,
    SwapCard,
    TakeCard,
    TakeTokens,
    card_action,
    cube_actions,
    parse_action,
    place_actions,
    spirit_action,
    swap_action,
    take_action,
)
from .board import RIVER_READINGS, Board, Side, check_river
from .cards import Card, all_cards, animal_ids, need_mask, spirit_ids
from .errors import (
    ActionSyntaxError,
    HarmoniesError,
    IllegalCardAction,
    IllegalCube,
    IllegalPlacement,
    IllegalSpace,
    TurnOrderError,
)
from .locale import t
from .tokens import EMPTY, NEXT, NEXT_BY_COLOUR, POUCH_COUNTS, Colour

COLOURS: tuple[Colour, ...] = tuple(Colour)
_COLOUR_INDEX = {c: k for k, c in enumerate(COLOURS)}
TOTAL_TOKENS = sum(POUCH_COUNTS.values())
SPACES = {1: 3, 2: 5, 3: 5, 4: 5}
DISPLAY = {1: 3, 2: 5, 3: 5, 4: 5}
HAND_LIMIT = 4
TOKENS_PER_SPACE = 3
END_EMPTY_CELLS = 2  # a player ending a turn with this many empty cells or fewer triggers the end

_CARDS: dict[int, Card] = all_cards()
_ANIMALS = tuple(animal_ids())
_SPIRITS = tuple(spirit_ids())
# For each card, the stack codes each of its needs accepts: a board lacking one of them cannot hold
# the habitat, which spares the habitat search on most boards of the opening.
_CARD_NEED_MASKS = {i: tuple({need_mask(p.need) for p in c.pattern}) for i, c in _CARDS.items()}

# Why the end of the game was triggered (``Game.end_reason``), in words, in the language in force.
END_REASONS = {
    "board": t.lazy("game.end_reason.board"),
    "pouch": t.lazy("game.end_reason.pouch"),
}


def _name(card_id: int) -> str:
    found = _CARDS.get(card_id)
    if found is None:
        return t("game.card_number", id=card_id)
    return t("game.card_named", name=found.title, id=card_id)


def _key(card: Card | int | str) -> int | str:
    """A card given as a Card, an id or a name, as the text the action grammar reads."""
    return card.id if isinstance(card, Card) else card


def _words(items: Iterable[object]) -> str:
    """``a, b and c`` in the language in force; "nothing" for no items."""
    items = [str(x) for x in items]
    return join_and(items) if items else t("game.nothing")


def _colours(tokens: Iterable[Colour]) -> str:
    """Tokens by their colour names, sorted as the identifiers sort (so every language lists alike)."""
    return _words(c.title for c in sorted(tokens))


class Player:
    """One seat: the personal board, the cards above and beside it, the Nature's Spirit card."""

    __slots__ = ("board", "held", "placed", "completed", "spirit", "spirit_offer", "spirit_placed",
                 "turns", "cache")

    def __init__(self, side: Side, river: str = RIVER_READINGS[0]):
        self.board = Board(side, river)
        self.held: list[int] = []  # animal cards above the board (cubes left on them), in take order
        self.placed: dict[int, int] = {}  # every animal card taken → cubes placed, in take order
        self.completed: list[int] = []  # animal cards beside the board (all cubes placed)
        self.spirit: int | None = None
        self.spirit_offer: list[int] = []  # the two spirit cards dealt, until one is kept
        self.spirit_placed = False
        self.turns = 0  # turns finished
        self.cache = _CubeCache()

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.board = self.board.copy()
        new.held, new.placed, new.completed = self.held[:], dict(self.placed), self.completed[:]
        new.spirit, new.spirit_offer = self.spirit, self.spirit_offer[:]
        new.spirit_placed = self.spirit_placed
        new.turns, new.cache = self.turns, self.cache.copy()
        return new

    @property
    def cards_above(self) -> int:
        """Cards counting towards the limit of 4: animal cards with cubes left, and the spirit card
        until its cube is placed."""
        return len(self.held) + (self.spirit is not None and not self.spirit_placed)

    @property
    def cubes_placed(self) -> int:
        """Cubes on the board: animal cubes and the spirit cube."""
        return self.animal_cubes + self.spirit_placed

    @property
    def animal_cubes(self) -> int:
        """Animal cubes on the board (the spirit cube is not one): what breaks a tie on points."""
        return sum(self.placed.values())

    def empty_cells(self) -> int:
        return self.board.codes.count(EMPTY)

    def animals(self) -> tuple[tuple[Card, int], ...]:
        return tuple((_CARDS[i], k) for i, k in self.placed.items())

    def spirit_entry(self) -> tuple[Card, bool] | None:
        return None if self.spirit is None else (_CARDS[self.spirit], self.spirit_placed)

    def to_dict(self) -> dict:
        board = self.board.to_dict()
        return {
            "board": board["board"], "cubes": board["cubes"],
            "held": self.held[:], "placed": [[i, k] for i, k in self.placed.items()],
            "completed": self.completed[:], "spirit": self.spirit,
            "spirit_offer": self.spirit_offer[:], "spirit_placed": self.spirit_placed,
            "turns": self.turns,
        }

    @classmethod
    def from_dict(cls, data: dict, side: Side, river: str = RIVER_READINGS[0]) -> Player:
        p = cls(side)
        p.board = Board.from_dict({"side": str(side), "board": data["board"], "cubes": data["cubes"],
                                   "river": river})
        p.held = [int(i) for i in data["held"]]
        p.placed = {int(i): int(k) for i, k in data["placed"]}
        p.completed = [int(i) for i in data["completed"]]
        p.spirit = None if data["spirit"] is None else int(data["spirit"])
        p.spirit_offer = [int(i) for i in data["spirit_offer"]]
        p.spirit_placed = bool(data["spirit_placed"])
        p.turns = int(data["turns"])
        return p


class _CubeCache:
    """One player's cube actions per card, valid while the board is unchanged.

    The key is a snapshot of the board (codes and cubes), so the cache stays right even when a
    notebook edits the board directly.
    """

    __slots__ = ("key", "present", "found")

    def __init__(self):
        self.key, self.present, self.found = None, 0, {}

    def check(self, board: Board) -> _CubeCache:
        key = (tuple(board.codes), frozenset(board.cubes))
        if key != self.key:
            present = 0
            for code in set(board.codes):
                present |= 1 << code
            self.key, self.present, self.found = key, present, {}
        return self

    def copy(self) -> _CubeCache:
        new = _CubeCache()
        new.key, new.present, new.found = self.key, self.present, dict(self.found)
        return new


class Game:
    """A game of Harmonies for 1 to 4 players (1 is the solo mode). See the module docstring.

    It is a ``tabletop.game.Game``: ``seats``, ``current``, ``legal_actions()``, ``play()``, ``over``,
    ``scores()``, ``winners()``, ``to_dict()``/``from_dict()``, ``copy()``."""

    RECORD = "harmonies-game"  # its game records' format (tabletop.records)

    def __init__(self, players: int = 2, side: Side | str = "A", spirits: bool = False,
                 seed: int | str | None = None, river: str = "shortest-path", cube_supply: int | None = None):
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise HarmoniesError(t("game.error.players", players=shown(players)))
        try:
            self.side = Side(str(side).upper())
        except ValueError:
            raise HarmoniesError(t("game.error.side", side=shown(side))) from None
        check_river(river)
        if cube_supply is not None and (isinstance(cube_supply, bool) or not isinstance(cube_supply, int)
                                        or cube_supply < 0):
            raise HarmoniesError(t("game.error.cube_supply", supply=shown(cube_supply)))
        self.n = players
        self.solo = players == 1
        self.spirits = bool(spirits)
        if seed is None:  # a record replays the game from its seed: every game has one
            seed = random.randrange(2**32)
        self.seed = seed
        #: What the game was started with (a game record replays its actions from it); None for a
        #: position made up for a lesson, which a record cannot start from.
        self.start: dict | None = {"players": players, "side": str(self.side), "spirits": self.spirits,
                                   "seed": seed, "river": river, "cube_supply": cube_supply}
        self.cube_supply_start = cube_supply
        self.cube_supply = cube_supply  # cubes left in the supply; None: unlimited
        self._rng = random.Random(seed)
        rng = self._rng

        deck = list(_ANIMALS)
        rng.shuffle(deck)
        self.deck = deck  # top card last
        self.display = [deck.pop() for _ in range(DISPLAY[players])]
        self.discarded: list[int] = []  # solo: display cards swapped out of the game
        self.players = [Player(self.side, river) for _ in range(players)]
        self.spirit_box = list(_SPIRITS)  # spirit cards in the box: never dealt, or not kept
        if self.spirits:
            rng.shuffle(self.spirit_box)
            for p in self.players:
                p.spirit_offer = sorted(self.spirit_box.pop() for _ in range(2))
            self.spirit_box.sort()

        self.pouch = [POUCH_COUNTS[c] for c in COLOURS]  # tokens per colour, in COLOURS order
        self.out_of_game = [0] * len(COLOURS)  # solo: untaken tokens put back in the box
        self.central: list[list[Colour]] = [self.draw_tokens(TOKENS_PER_SPACE)
                                            for _ in range(SPACES[players])]
        self.refills = 0

        self.current = 0
        self.turn = 1  # turns started in the whole game
        self.taken_space: int | None = None  # 1-based space taken this turn
        self.hand: list[Colour] = []  # tokens taken and not yet placed
        self.took_card = False
        self.swapped = False
        self.end_reason: str | None = None  # "board" or "pouch" once the end is triggered
        self.over = False
        self.history: list[Action] = []

    # -- the pouch --------------------------------------------------------------------------------
    def reseed(self, seed: int | str) -> None:
        """From now on draw from ``random.Random(seed)``: a coach imagining the hidden draws, or a
        lesson's position, gets draws of its own without touching the generator's insides."""
        self._rng = random.Random(seed)

    def draw_tokens(self, k: int) -> list[Colour]:
        """Up to ``k`` random tokens out of the pouch (they leave it)."""
        pouch, rng, out = self.pouch, self._rng, []
        for _ in range(k):
            total = sum(pouch)
            if not total:
                break
            r = rng.randrange(total)
            for ci, count in enumerate(pouch):
                if r < count:
                    pouch[ci] -= 1
                    out.append(COLOURS[ci])
                    break
                r -= count
        return out

    @property
    def pouch_size(self) -> int:
        return sum(self.pouch)

    def pouch_counts(self) -> dict[Colour, int]:
        return dict(zip(COLOURS, self.pouch, strict=True))

    # -- reading the state ------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """How many players (``tabletop.game.Game``'s name for ``n``)."""
        return self.n

    @property
    def river(self) -> str:
        """How this game reads side A's river (a rule of the game: every board is read so)."""
        return self.players[0].board.river

    @property
    def player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def round(self) -> int:
        return (self.turn - 1) // self.n + 1

    def token_census(self) -> dict[str, int]:
        """Where the 120 tokens are: pouch, central board, hand, boards, out of the game."""
        return {
            "pouch": sum(self.pouch),
            "central": sum(len(s) for s in self.central),
            "hand": len(self.hand),
            "boards": sum(p.board.token_count() for p in self.players),
            "out_of_game": sum(self.out_of_game),
        }

    def card_census(self) -> dict[str, int]:
        """Where the 32 animal and 10 spirit cards are."""
        return {
            "display": len(self.display), "deck": len(self.deck), "discarded": len(self.discarded),
            "held": sum(len(p.held) for p in self.players),
            "completed": sum(len(p.completed) for p in self.players),
            "spirit_offers": sum(len(p.spirit_offer) for p in self.players),
            "spirits_kept": sum(p.spirit is not None for p in self.players),
            "spirit_box": len(self.spirit_box),
        }

    def _can_end(self) -> bool:
        p = self.players[self.current]
        return (self.taken_space is not None and not self.hand
                and not (self.spirits and p.spirit is None))

    def _cube_actions(self, p: Player, card_id: int, cache: _CubeCache) -> tuple[PlaceCube, ...]:
        """The cube actions of one card of a player (``cache`` checked against the board)."""
        found = cache.found.get(card_id)
        if found is not None:
            return found
        found = ()
        # A habitat needs each of its needs somewhere on the board: the stacks present rule most
        # cards out before any habitat search.
        present = cache.present
        for mask in _CARD_NEED_MASKS[card_id]:
            if not present & mask:
                break
        else:
            cells = habitats.cube_cell_indices(card_id, p.board)
            if cells:
                acts = cube_actions(self.side, card_id)
                found = tuple(acts[i] for i in cells)
        cache.found[card_id] = found
        return found

    def legal_actions(self) -> list[Action]:
        """Every action the current player may play now, in a fixed order: spirit choices, token
        takes, token placements (colour order, then cell order), card takes, cubes, swaps, end."""
        if self.over:
            return []
        p = self.players[self.current]
        acts: list[Action] = []
        if self.swapped:
            return [END]
        if p.spirit_offer and p.spirit is None:
            acts.extend(spirit_action(i) for i in p.spirit_offer)
        hand = self.hand
        if self.taken_space is None:
            acts.extend(take_action(s + 1) for s, tokens in enumerate(self.central) if tokens)
        elif hand:
            table = place_actions(self.side)
            codes, cubes = p.board.codes, p.board.cubes
            for colour in COLOURS:
                if colour in hand:
                    row, nxt = table[colour], NEXT_BY_COLOUR[colour]
                    if cubes:
                        acts.extend(row[i] for i, code in enumerate(codes)
                                    if nxt[code] >= 0 and i not in cubes)
                    else:
                        acts.extend(row[i] for i, code in enumerate(codes) if nxt[code] >= 0)
        if not self.took_card and p.cards_above < HAND_LIMIT:
            supply = self.cube_supply
            for i in sorted(self.display):
                if supply is None or _CARDS[i].cubes <= supply:
                    acts.append(card_action(i))
        if p.held or p.spirit is not None and not p.spirit_placed:
            cache = p.cache.check(p.board)
            for i in p.held:
                acts.extend(self._cube_actions(p, i, cache))
            if p.spirit is not None and not p.spirit_placed:
                acts.extend(self._cube_actions(p, p.spirit, cache))
        if self._can_end():
            if self.solo and not self.took_card and self.deck:
                acts.extend(swap_action(i) for i in sorted(self.display))
            acts.append(END)
        return acts

    @staticmethod
    def parse_action(text: str) -> Action:
        return parse_action(text)

    @staticmethod
    def action_text(action: Action) -> str:
        return str(action)

    def is_legal(self, action: Action | str) -> bool:
        try:
            self.check(action)
        except HarmoniesError:
            return False
        return True

    # -- playing ----------------------------------------------------------------------------------
    def check(self, action: Action | str) -> Action:
        """Validate an action without playing it: the parsed action, or the IllegalMove it would raise."""
        action = parse_action(action)
        self._validate(action)
        return action

    def play(self, action: Action | str) -> Game:
        """Apply one action (an Action or its text). Illegal: raises IllegalMove, nothing changes."""
        if not isinstance(action, Action):
            action = parse_action(action)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise ActionSyntaxError(t("game.error.not_an_action", action=shown(action)))
        handler(self, action)
        self.history.append(action)
        return self

    def play_all(self, actions: Iterable[Action | str]) -> Game:
        for action in actions:
            self.play(action)
        return self

    def _validate(self, action: Action) -> None:
        """Run an action's checks on a copy, so that nothing of this game can change."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise ActionSyntaxError(t("game.error.not_an_action", action=shown(action)))
        handler(self.copy(), action)

    # convenience methods, one per action
    def take_tokens(self, space: int) -> Game:
        return self.play(TakeTokens(space))

    def place_token(self, colour: Colour | str, cell: str) -> Game:
        try:
            action = PlaceToken(colour, cell)
        except ValueError as err:
            raise IllegalPlacement(str(err)) from None
        return self.play(action)

    def take_card(self, card_id: Card | int | str) -> Game:
        return self.play(parse_action(f"card {_key(card_id)}"))

    def place_cube(self, card_id: Card | int | str, cell: str) -> Game:
        return self.play(parse_action(f"cube {_key(card_id)} {cell}"))

    def choose_spirit(self, card_id: Card | int | str) -> Game:
        return self.play(parse_action(f"spirit {_key(card_id)}"))

    def swap_card(self, card_id: Card | int | str) -> Game:
        return self.play(parse_action(f"swap {_key(card_id)}"))

    def end_turn(self) -> Game:
        return self.play(END)

    # -- the handlers: every check first, then the changes ----------------------------------------
    def _gate(self, action: Action) -> Player:
        if self.over:
            raise TurnOrderError(t("game.over", action=action))
        if self.swapped and type(action) is not EndTurn:
            raise TurnOrderError(t("game.swapped_only_end", action=action))
        return self.players[self.current]

    def _take_tokens(self, action: TakeTokens) -> None:
        self._gate(action)
        space = action.space
        if self.taken_space is not None:
            raise TurnOrderError(t("game.space_already_taken", space=self.taken_space))
        if not 1 <= space <= len(self.central):
            raise IllegalSpace(t("game.no_space", space=space, last=len(self.central)))
        if not self.central[space - 1]:
            full = _words(s + 1 for s, tokens in enumerate(self.central) if tokens)
            raise IllegalSpace(t("game.space_empty", space=space, spaces=full))
        self.hand = self.central[space - 1]
        self.central[space - 1] = []
        self.taken_space = space

    def _place_token(self, action: PlaceToken) -> None:
        p = self._gate(action)
        colour = action.colour
        if self.taken_space is None:
            raise TurnOrderError(t("game.place_before_take"))
        if colour not in self.hand:
            if not self.hand:
                raise IllegalPlacement(t("game.hand_empty", colour=colour.title))
            raise IllegalPlacement(t("game.colour_not_in_hand", colour=colour.title,
                                     hand=_colours(self.hand)))
        board = p.board
        i, colour = board.check_place(action.cell, colour)
        self.hand.remove(colour)
        board.codes[i] = NEXT[board.codes[i]][colour]

    def _take_card(self, action: TakeCard) -> None:
        p = self._gate(action)
        card_id = action.card
        if self.took_card:
            raise IllegalCardAction(t("game.card_already_taken"))
        if card_id not in self.display:
            shown = _words(sorted(self.display))
            if card_id in _SPIRITS:
                raise IllegalCardAction(t("game.spirit_not_in_display", card=_name(card_id), display=shown))
            raise IllegalCardAction(t("game.card_not_in_display", card=_name(card_id), display=shown))
        if p.cards_above >= HAND_LIMIT:
            raise IllegalCardAction(t("game.hand_limit", limit=HAND_LIMIT))
        need = _CARDS[card_id].cubes
        if self.cube_supply is not None and need > self.cube_supply:
            raise IllegalCardAction(t.count("game.supply_short", self.cube_supply,
                                            card=_CARDS[card_id].title, need=need))
        self.display.remove(card_id)
        p.held.append(card_id)
        p.placed[card_id] = 0
        self.took_card = True
        if self.cube_supply is not None:
            self.cube_supply -= need

    def _place_cube(self, action: PlaceCube) -> None:
        p = self._gate(action)
        card_id = action.card
        is_spirit = card_id == p.spirit
        if is_spirit:
            if p.spirit_placed:
                raise IllegalCube(t("game.spirit_cube_placed", card=_name(card_id)))
        elif card_id not in p.held:
            if card_id in p.completed:
                raise IllegalCube(t("game.cubes_all_placed", card=_name(card_id)))
            if card_id in p.spirit_offer:
                raise IllegalCube(t("game.spirit_not_chosen", card=_name(card_id)))
            raise IllegalCube(t("game.card_not_held", card=_name(card_id)))
        board = p.board
        try:
            i = board.layout.cell(action.cell)
        except IllegalPlacement as err:
            raise IllegalCube(str(err)) from None
        name = board.layout.names[i]
        card = _CARDS[card_id]
        if i in board.cubes:
            raise IllegalCube(t("game.cell_has_cube", cell=name))
        if board.codes[i] == EMPTY:
            raise IllegalCube(t("game.cube_on_empty", cell=name, card=card.title))
        cells = self._cube_actions(p, card_id, p.cache.check(board))
        if cube_actions(self.side, card_id)[i] not in cells:
            if cells:
                raise IllegalCube(t("game.no_habitat_here", card=card.title, cell=name,
                                    cells=_words(a.cell for a in cells)))
            raise IllegalCube(t("game.no_habitat_anywhere", card=card.title, cell=name))
        board.cubes.add(i)
        if is_spirit:
            p.spirit_placed = True
        else:
            done = p.placed[card_id] = p.placed[card_id] + 1
            if done == card.cubes:
                p.held.remove(card_id)
                p.completed.append(card_id)

    def _choose_spirit(self, action: ChooseSpirit) -> None:
        p = self._gate(action)
        card_id = action.card
        if not self.spirits:
            raise IllegalCardAction(t("game.no_spirits"))
        if p.spirit is not None:
            raise IllegalCardAction(t("game.spirit_already_chosen", card=_name(p.spirit)))
        if p.turns > 0:
            raise IllegalCardAction(t("game.spirit_first_turn"))
        if card_id not in p.spirit_offer:
            raise IllegalCardAction(t("game.spirit_not_offered", card=_name(card_id),
                                      offer=_words(_name(i) for i in p.spirit_offer)))
        p.spirit = card_id
        self.spirit_box.extend(i for i in p.spirit_offer if i != card_id)
        self.spirit_box.sort()
        p.spirit_offer = []

    def _end_checks(self, swap: bool = False) -> None:
        """What must be done before ending the turn (``swap``: before the solo swap, which ends it)."""
        p = self.players[self.current]
        if self.taken_space is None:
            raise TurnOrderError(t("game.swap.take_first") if swap else t("game.end.take_first"))
        if self.hand:
            k, hand = len(self.hand), _colours(self.hand)
            raise TurnOrderError(t.count("game.swap.tokens_left", k, hand=hand) if swap else
                                 t.count("game.end.tokens_left", k, hand=hand))
        if self.spirits and p.spirit is None:
            # The choices as actions to type: command words, the same in every language.
            offer = join_or(str(spirit_action(i)) for i in p.spirit_offer)
            raise TurnOrderError(t("game.swap.spirit_first", offer=offer) if swap else
                                 t("game.end.spirit_first", offer=offer))

    def _swap_card(self, action: SwapCard) -> None:
        self._gate(action)
        card_id = action.card
        if not self.solo:
            raise IllegalCardAction(t("game.swap_solo_only"))
        if self.took_card:
            raise IllegalCardAction(t("game.swap_after_card"))
        self._end_checks(swap=True)
        if card_id not in self.display:
            raise IllegalCardAction(t("game.card_not_in_display", card=_name(card_id),
                                      display=_words(sorted(self.display))))
        if not self.deck:
            raise IllegalCardAction(t("game.deck_empty"))
        self.display[self.display.index(card_id)] = self.deck.pop()
        self.discarded.append(card_id)
        self.swapped = True

    def _end_turn(self, action: EndTurn) -> None:
        self._gate(action)
        self._end_checks()
        p = self.players[self.current]
        p.turns += 1
        if p.board.codes.count(EMPTY) <= END_EMPTY_CELLS:
            self._trigger("board")
        self._refill_central()
        size = DISPLAY[self.n]
        while len(self.display) < size and self.deck:
            self.display.append(self.deck.pop())
        self.taken_space, self.hand, self.took_card, self.swapped = None, [], False, False
        if self.end_reason is not None and (self.solo or self.current == self.n - 1):
            self.over = True
            return
        self.current = (self.current + 1) % self.n
        self.turn += 1

    def _trigger(self, reason: str) -> None:
        if self.end_reason is None:
            self.end_reason = reason

    def _refill_central(self) -> None:
        if self.solo:
            for space in self.central:
                for colour in space:
                    self.out_of_game[_COLOUR_INDEX[colour]] += 1
            self.central = [[] for _ in self.central]
            spaces = range(len(self.central))
        else:
            spaces = [self.taken_space - 1]
        if not sum(self.pouch):
            self._trigger("pouch")
            return
        self.refills += 1
        for s in spaces:
            self.central[s] = self.draw_tokens(TOKENS_PER_SPACE)

    # -- the end ----------------------------------------------------------------------------------
    def score(self, seat: int | None = None) -> scoring.Breakdown:
        """The score of a player (default: the current one) as things stand, with its breakdown."""
        p = self.players[self.current if seat is None else seat]
        return scoring.score(p.board, animals=p.animals(), spirit=p.spirit_entry())

    def scores(self) -> list[scoring.Breakdown]:
        return [self.score(seat) for seat in range(self.n)]

    def winners(self) -> list[int]:
        """The seats with the most points; ties go to the most animal cubes placed (the spirit cube
        does not count); then a shared victory."""
        totals = [(b.total, p.animal_cubes) for b, p in zip(self.scores(), self.players, strict=True)]
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def suns(self) -> int:
        """Solo: the suns earned (the score, the side, the spirit chosen)."""
        if not self.solo:
            raise HarmoniesError(t("game.error.suns", players=self.n))
        p = self.players[0]
        spirit = _CARDS[p.spirit] if p.spirit is not None else None
        return scoring.solo_suns(self.score(0).total, self.side, spirit)

    def result(self) -> dict:
        """A summary: per player the score breakdown and cubes placed; the winners; suns in solo."""
        scores = self.scores()
        out = {
            "over": self.over, "end_reason": self.end_reason, "turns": [p.turns for p in self.players],
            "players": [{**b.to_dict(), "cubes_placed": p.cubes_placed, "animal_cubes": p.animal_cubes}
                        for b, p in zip(scores, self.players, strict=True)],
            "winners": self.winners(),
        }
        if self.solo:
            out["suns"] = self.suns()
        return out

    # -- copies and files -------------------------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy of the whole game (RNG included); static data is shared."""
        new = Game.__new__(Game)
        d = self.__dict__
        new.__dict__.update(d)
        new.players = [p.copy() for p in self.players]
        new.deck, new.display, new.discarded = self.deck[:], self.display[:], self.discarded[:]
        new.spirit_box = self.spirit_box[:]
        new.pouch, new.out_of_game = self.pouch[:], self.out_of_game[:]
        new.central = [s[:] for s in self.central]
        new.hand = self.hand[:]
        new.history = self.history[:]
        new.start = self.start
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        return new

    def to_dict(self) -> dict:
        """The full state as plain JSON-ready data; ``from_dict`` rebuilds it exactly."""
        version, internal, gauss = self._rng.getstate()
        return {
            "game": "harmonies",
            "format": 1,
            "players": self.n,
            "side": str(self.side),
            "spirits": self.spirits,
            "river": self.river,
            "seed": self.seed,
            "cube_supply": self.cube_supply_start,
            "cubes_left": self.cube_supply,
            "pouch": {str(c): k for c, k in zip(COLOURS, self.pouch, strict=True)},
            "out_of_game": {str(c): k for c, k in zip(COLOURS, self.out_of_game, strict=True)},
            "central": [[str(c) for c in s] for s in self.central],
            "display": self.display[:],
            "deck": self.deck[:],
            "discarded": self.discarded[:],
            "spirit_box": self.spirit_box[:],
            "seats": [p.to_dict() for p in self.players],
            "current": self.current,
            "turn": self.turn,
            "taken_space": self.taken_space,
            "hand": [str(c) for c in self.hand],
            "took_card": self.took_card,
            "swapped": self.swapped,
            "refills": self.refills,
            "end_reason": self.end_reason,
            "over": self.over,
            "rng": [version, list(internal), gauss],
            "history": [str(a) for a in self.history],
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """A game from ``to_dict()`` data (HarmoniesError when it does not describe one)."""
        try:
            return cls._from_dict(data)
        except HarmoniesError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise HarmoniesError(t("game.error.saved", problem=f"{type(err).__name__} {err}")) from None

    @classmethod
    def _from_dict(cls, data: dict) -> Game:
        if data.get("game") != "harmonies":
            raise HarmoniesError(t("game.error.saved_game"))
        g = cls.__new__(cls)
        g.n = int(data["players"])
        g.solo = g.n == 1
        g.side = Side(data["side"])
        g.spirits = bool(data["spirits"])
        g.seed = data["seed"]
        g.cube_supply_start = data["cube_supply"]
        g.cube_supply = data["cubes_left"]
        g.pouch = [int(data["pouch"][str(c)]) for c in COLOURS]
        g.out_of_game = [int(data["out_of_game"][str(c)]) for c in COLOURS]
        g.central = [[Colour.parse(c) for c in s] for s in data["central"]]
        g.display = [int(i) for i in data["display"]]
        g.deck = [int(i) for i in data["deck"]]
        g.discarded = [int(i) for i in data["discarded"]]
        g.spirit_box = [int(i) for i in data["spirit_box"]]
        g.players = [Player.from_dict(s, g.side, data["river"]) for s in data["seats"]]
        g.current = int(data["current"])
        g.turn = int(data["turn"])
        g.taken_space = data["taken_space"]
        g.hand = [Colour.parse(c) for c in data["hand"]]
        g.took_card = bool(data["took_card"])
        g.swapped = bool(data["swapped"])
        g.refills = int(data["refills"])
        g.end_reason = data["end_reason"]
        g.over = bool(data["over"])
        version, internal, gauss = data["rng"]
        g._rng = random.Random()
        g._rng.setstate((version, tuple(internal), gauss))
        g.history = [parse_action(a) for a in data["history"]]
        g.start = data.get("start")
        if len(g.players) != g.n or len(g.central) != SPACES[g.n]:
            raise HarmoniesError(t("game.error.saved_seats"))
        return g

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = read_json(text)
        except JSONRefused as err:
            raise HarmoniesError(t("game.error.saved_json", reason=err)) from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def _repr_svg_(self) -> str:
        from . import draw  # drawing is optional for the rules layer: imported only when shown
        return draw.game_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def __repr__(self) -> str:
        return f"<{self.summary()}>"

    def summary(self) -> str:
        """One line: the players, the side, whose turn it is or why the game is over."""
        if self.over:
            reason = t("game.reason.board") if self.end_reason == "board" else t("game.reason.pouch")
            return t.count("game.summary.over", self.n, side=self.side, reason=reason)
        return t.count("game.summary.turn", self.n, side=self.side, turn=self.turn, seat=self.current)

    def describe(self) -> str:
        """The public state in a few lines of text: central board, display, the current turn."""
        lines = [repr(self)]
        spaces = [t("game.describe.space", space=s + 1,
                    tokens=" ".join(c.title for c in tokens) or t("game.describe.empty_space"))
                  for s, tokens in enumerate(self.central)]
        lines.append(t("game.describe.central", spaces=t("game.describe.separator").join(spaces)))
        lines.append(t("game.describe.display", cards=_words(_name(i) for i in self.display)))
        lines.append(t("game.describe.pouch", tokens=sum(self.pouch), cards=len(self.deck)))
        if self.hand:
            lines.append(t("game.describe.hand", tokens=" ".join(c.title for c in self.hand)))
        for seat, p in enumerate(self.players):
            spirit = p.spirit if p.spirit is not None else t("game.describe.no_spirit")
            lines.append(t("game.describe.seat", seat=seat, empty=p.empty_cells(), above=_words(p.held),
                           beside=_words(p.completed), spirit=spirit, cubes=p.cubes_placed))
        return "\n".join(lines)


_HANDLERS = {
    TakeTokens: Game._take_tokens,
    PlaceToken: Game._place_token,
    TakeCard: Game._take_card,
    PlaceCube: Game._place_cube,
    ChooseSpirit: Game._choose_spirit,
    SwapCard: Game._swap_card,
    EndTurn: Game._end_turn,
}

__all__ = ["Game", "Player", "END_REASONS", "COLOURS", "TOTAL_TOKENS", "SPACES", "DISPLAY",
           "HAND_LIMIT"]
