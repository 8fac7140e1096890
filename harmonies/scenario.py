"""Scenario files: one player's position (board, cards, options) as JSON, checked field by field.

A scenario is what a learner writes by hand to ask "what does this board score?" or "where can this
animal go?". Everything in it is validated before anything is computed, and every problem is raised
as ``ScenarioError(field, message)`` where ``field`` is a path into the file (``board.c2``,
``animals[0].cubes_placed``) so the command line can print one precise line. The format is
documented in ``docs/harmonies.md``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import IO, Any

from tabletop.files import kind, pretty_json
from tabletop.i18n import join_or
from tabletop.untrusted import JSONRefused, read_json, shown

from .board import LAYOUTS, RIVER_READINGS, Board, Side
from .cards import Card, card
from .errors import IllegalPlacement, ScenarioError, checks
from .locale import t
from .scoring import score
from .tokens import Colour

GAME = "harmonies"
DEFAULT_RIVER = RIVER_READINGS[0]

#: The top-level fields, in the order ``to_dict`` writes them.
FIELDS = ("game", "side", "board", "cubes", "animals", "spirit", "options")
REQUIRED = ("game", "side", "board")
ANIMAL_FIELDS = ("card", "cubes_placed")
SPIRIT_FIELDS = ("card", "cube_placed")
OPTION_FIELDS = ("river",)


@dataclass(eq=True)
class Scenario:
    """One player's position: the board (which knows its river reading), the animal cards taken,
    the spirit card.

    ``animals`` holds ``(card, cubes_placed)`` pairs, ``spirit`` a ``(card, cube_placed)`` pair or
    None. Building one directly trusts its arguments; ``from_dict``/``loads``/``load`` check them.
    """

    board: Board
    animals: list[tuple[Card, int]] = field(default_factory=list)
    spirit: tuple[Card, bool] | None = None

    def __post_init__(self) -> None:
        # Lists and pairs whatever sequences were passed, so equal positions compare equal.
        self.animals = [(c, k) for c, k in self.animals]
        if self.spirit is not None:
            self.spirit = (self.spirit[0], bool(self.spirit[1]))

    @property
    def side(self) -> Side:
        return self.board.side

    @property
    def river(self) -> str:
        """The board's river reading (the file's ``options.river``)."""
        return self.board.river

    @river.setter
    def river(self, reading: str) -> None:
        self.board.river = reading

    def cubes_claimed(self) -> int:
        """How many cubes the cards say have left them (the spirit cube included)."""
        return sum(k for _, k in self.animals) + (1 if self.spirit and self.spirit[1] else 0)

    def score(self):
        """The end-of-game breakdown of this position (``scoring.Breakdown``)."""
        return score(self.board, animals=tuple(self.animals), spirit=self.spirit)

    def _repr_svg_(self) -> str:
        from . import draw  # drawing is optional for the rules layer: imported only when shown
        return draw.scenario_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    # -- to JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The scenario as plain JSON data; ``Scenario.from_dict(s.to_dict()) == s``."""
        data: dict[str, Any] = {"game": GAME, **self.board.to_dict()}
        data["animals"] = [{"card": c.id, "cubes_placed": k} for c, k in self.animals]
        if self.spirit is not None:
            data["spirit"] = {"card": self.spirit[0].id, "cube_placed": bool(self.spirit[1])}
        data["options"] = {"river": self.river}
        return {key: data[key] for key in FIELDS if key in data}

    def dumps(self) -> str:
        """The scenario as JSON text, one board cell and one card per line."""
        return pretty_json(self.to_dict()) + "\n"

    # -- from JSON -------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any) -> Scenario:
        """A checked scenario from parsed JSON; ScenarioError naming the first field that is wrong."""
        _check_object(data, "scenario", "scenario.file_not_object", example="{...}")
        checks.keys(data, "", FIELDS)
        for key in REQUIRED:
            if key not in data:
                raise ScenarioError(key, t("scenario.missing_required", fields=", ".join(REQUIRED)))
        if data["game"] != GAME:
            raise ScenarioError("game", t("scenario.wrong_game", game=shown(data["game"]),
                                          example=f'"game": "{GAME}"'))
        board = _board(_side(data["side"]), data["board"], data.get("cubes", []))
        animals = _animals(data.get("animals", []))
        spirit = _spirit(data.get("spirit"))
        board.river = _options(data.get("options", {}))
        return cls(board, animals, spirit)

    @classmethod
    def loads(cls, text: str) -> Scenario:
        """A checked scenario from JSON text."""
        try:
            data = read_json(text, object_pairs_hook=_Object.from_pairs)
        except JSONRefused as err:
            raise ScenarioError("file", str(err)) from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, source: str | os.PathLike | IO[str] | IO[bytes]) -> Scenario:
        """A checked scenario from a path or an open file (text, or bytes read as UTF-8); a file that
        cannot be read is a ScenarioError too."""
        if hasattr(source, "read"):
            content = source.read()
            if isinstance(content, bytes):  # a binary file, e.g. sys.stdin.buffer: decode it ourselves
                try:
                    content = content.decode("utf-8-sig")
                except UnicodeDecodeError as err:
                    where = str(getattr(source, "name", "input"))
                    raise ScenarioError(where, t("scenario.not_utf8", reason=err.reason)) from None
            return cls.loads(content)
        try:
            with open(source, encoding="utf-8-sig") as handle:
                text = handle.read()
        except FileNotFoundError:
            raise ScenarioError(os.fspath(source), t("scenario.no_file")) from None
        except IsADirectoryError:
            raise ScenarioError(os.fspath(source), t("scenario.directory")) from None
        except UnicodeDecodeError as err:
            raise ScenarioError(os.fspath(source), t("scenario.not_utf8", reason=err.reason)) from None
        except OSError as err:
            raise ScenarioError(os.fspath(source), t("scenario.unreadable", reason=err.strerror)) from None
        return cls.loads(text)


def load(source: str | os.PathLike | IO[str] | IO[bytes]) -> Scenario:
    return Scenario.load(source)


def loads(text: str) -> Scenario:
    return Scenario.loads(text)


def from_dict(data: Any) -> Scenario:
    return Scenario.from_dict(data)


# -- validation, one field at a time -----------------------------------------------------------------
class _Object(dict):
    """A JSON object that remembers keys written twice (plain ``json`` keeps the last silently)."""

    duplicates: tuple[str, ...] = ()

    @classmethod
    def from_pairs(cls, pairs: list[tuple[str, Any]]) -> _Object:
        obj = cls(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            obj.duplicates = tuple(k for k, _ in pairs if k in seen or seen.add(k))
        return obj


def _check_object(value: Any, where: str, key: str, example: str) -> None:
    """ScenarioError unless ``value`` is an object: text ``key`` says what it should be, like ``example``."""
    if not isinstance(value, dict):
        raise ScenarioError(where, t(key, example=example, kind=kind(value)))
    for name in getattr(value, "duplicates", ()):
        path = name if where == "scenario" else f"{where}.{name}"
        raise ScenarioError(path, t("scenario.written_twice"))


def _side(value: Any) -> Side:
    if isinstance(value, str) and value.strip().upper() in ("A", "B"):
        return Side(value.strip().upper())
    raise ScenarioError("side", t("scenario.bad_side", kind=kind(value)))


def _cell(name: Any, side: Side, where: str) -> int:
    layout = LAYOUTS[side]
    if not isinstance(name, str) or name.strip().lower() not in layout.index:
        # The board's field already names the cell; a cube's field is only its place in the list.
        if where.startswith("board."):
            raise ScenarioError(where, t("scenario.board_cell_unknown", side=side, last=layout.names[-1]))
        shown = name if isinstance(name, str) else kind(name)
        raise ScenarioError(where, t("scenario.cell_unknown", cell=shown, side=side, last=layout.names[-1]))
    return layout.index[name.strip().lower()]


def _board(side: Side, stacks: Any, cubes: Any) -> Board:
    board = Board(side)
    names = board.layout.names
    _check_object(stacks, "board", "scenario.board_not_object",
                  example='{"a1": ["yellow"], "c2": ["brown", "green"]}')
    for name, stack in stacks.items():
        where = f"board.{name}"
        i = _cell(name, side, where)
        if board.codes[i]:
            raise ScenarioError(where, t("scenario.cell_twice", cell=names[i]))
        if not isinstance(stack, list):
            raise ScenarioError(where, t("scenario.stack_not_list", example='["brown", "green"]',
                                         kind=kind(stack)))
        if not stack:
            raise ScenarioError(where, t("scenario.empty_stack"))
        for j, colour in enumerate(stack):
            try:
                colour = Colour.parse(colour) if isinstance(colour, str) else Colour.parse(repr(colour))
            except ValueError as err:
                raise ScenarioError(f"{where}[{j}]", str(err)) from None
            try:
                board.place(names[i], colour)
            except IllegalPlacement as err:
                raise ScenarioError(where, str(err)) from None
    if not isinstance(cubes, list):
        raise ScenarioError("cubes", t("scenario.cubes_not_list", example='["c2"]', kind=kind(cubes)))
    for j, name in enumerate(cubes):
        where = f"cubes[{j}]"
        i = _cell(name, side, where)
        if i in board.cubes:
            raise ScenarioError(where, t("scenario.cell_twice", cell=names[i]))
        if not board.codes[i]:
            raise ScenarioError(where, t("scenario.cube_on_empty", cell=names[i]))
        board.cubes.add(i)
    return board


def _card(value: Any, where: str) -> Card:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ScenarioError(where, t("scenario.card_not_key", kind=kind(value)))
    try:
        return card(value)
    except KeyError:
        named = value if isinstance(value, int) else shown(value)
        raise ScenarioError(where, t("scenario.no_card", card=named)) from None


def _named(c: Card) -> str:
    return t("game.card_named", name=c.title, id=c.id)


def _animals(value: Any) -> list[tuple[Card, int]]:
    if not isinstance(value, list):
        example = '[{"card": 23, "cubes_placed": 1}]'
        raise ScenarioError("animals", t("scenario.animals_not_list", example=example, kind=kind(value)))
    animals: list[tuple[Card, int]] = []
    seen: dict[int, int] = {}
    for j, entry in enumerate(value):
        where = f"animals[{j}]"
        _check_object(entry, where, "scenario.animal_not_object", example='{"card": 23, "cubes_placed": 1}')
        checks.keys(entry, where, ANIMAL_FIELDS)
        if "card" not in entry:
            raise ScenarioError(f"{where}.card", t("scenario.animal_card_missing"))
        c = _card(entry["card"], f"{where}.card")
        if c.is_spirit:
            raise ScenarioError(f"{where}.card", t("scenario.spirit_among_animals", card=_named(c)))
        if c.id in seen:
            raise ScenarioError(f"{where}.card", t("scenario.card_twice", card=_named(c),
                                                   field=f"animals[{seen[c.id]}]"))
        seen[c.id] = j
        k = entry.get("cubes_placed", 0)
        where_k = f"{where}.cubes_placed"
        if isinstance(k, bool) or not isinstance(k, int):
            raise ScenarioError(where_k, t("scenario.cubes_not_number", kind=kind(k)))
        if k < 0:
            raise ScenarioError(where_k, t("scenario.cubes_negative", cubes=k))
        if k > c.cubes:
            raise ScenarioError(where_k, t.count("scenario.too_many_cubes", c.cubes, name=c.title))
        animals.append((c, k))
    return animals


def _spirit(value: Any) -> tuple[Card, bool] | None:
    if value is None:
        return None
    _check_object(value, "spirit", "scenario.spirit_not_object", example='{"card": 33, "cube_placed": true}')
    checks.keys(value, "spirit", SPIRIT_FIELDS)
    if "card" not in value:
        raise ScenarioError("spirit.card", t("scenario.spirit_card_missing"))
    c = _card(value["card"], "spirit.card")
    if not c.is_spirit:
        raise ScenarioError("spirit.card", t("scenario.animal_as_spirit", card=_named(c)))
    placed = value.get("cube_placed", False)
    if not isinstance(placed, bool):
        raise ScenarioError("spirit.cube_placed", t("scenario.cube_placed_not_boolean", kind=kind(placed)))
    return c, placed


def _options(value: Any) -> str:
    _check_object(value, "options", "scenario.options_not_object", example='{"river": "shortest-path"}')
    checks.keys(value, "options", OPTION_FIELDS)
    river = value.get("river", DEFAULT_RIVER)
    if river not in RIVER_READINGS:
        raise ScenarioError("options.river", t("scenario.bad_river", kind=kind(river),
                                               readings=join_or(RIVER_READINGS)))
    return river


__all__ = ["Scenario", "ScenarioError", "load", "loads", "from_dict", "FIELDS"]


def as_scenario(value, side: Side | str = "A") -> Scenario:
    """A fresh Scenario from None (an empty board of ``side``), a Board, a Scenario, a scenario
    file's text or its path; ScenarioError when the text or file is not a valid scenario."""
    if value is None:
        return Scenario(Board(side))
    if isinstance(value, Board):
        return Scenario(value.copy())
    if isinstance(value, Scenario):
        return Scenario(value.board.copy(), value.animals, value.spirit)
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return Scenario.loads(value)
    if isinstance(value, str | os.PathLike):
        if not str(value).strip():
            raise ScenarioError("file", t("editor.no_file_name"))
        return Scenario.load(value)
    raise TypeError(f"expected a Board, a Scenario, a scenario file's text or its path, not "
                    f"{type(value).__name__}")
