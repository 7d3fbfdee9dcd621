"""Goals for the combo search: what a line of plays must reach on the turn player's side.

A goal is written as text, parts joined with `&` (all must hold):

    Stardust Dragon                        the card is on the turn player's field (any zone, any position)
    "Stardust Dragon":attack               ... a monster in that battle position (attack | defense | set)
    Number 39: Utopia                      names may hold ':' (a suffix is a position only if it is one)
    44508094                               a passcode
    monsters>=3                            how many monsters the turn player controls (>= > <= < = == !=)
    synchro>=1                             ... of a kind: synchro xyz link fusion ritual tuner pendulum, or
                                           extra (monsters from the Extra Deck)
    asp:"goal :- instance(I, 44508094), location(I, monster_zone), mine(I)."

An `asp:` goal is a fragment of an ASP program that defines `goal` over the position's facts
(`pysolver.solve.facts.position_facts`: instance/2, mine/1, theirs/1, location/2, position/2, zone/2, the
cards' facts, ...); it holds when the fragment together with those facts has an answer set with `goal`.
The fragment is parsed when the goal is parsed, so a syntax error is reported before any search.

    goal = parse_goal('"Black Rose Dragon" & monsters>=2', cards)
    goal.check(position)        # True or False
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
import re
from dataclasses import dataclass
from typing import Callable

import clingo
import clingo.ast

from ..cards.card import Card, CardDB, default_cards
from ..errors import PysolverError

BATTLE_POSITIONS = ("attack", "defense", "set")
# Counts of the turn player's monsters on the field (Main and Extra Monster Zones): all, or of one kind.
COUNTS = {"monsters": None, "synchro": "synchro", "xyz": "xyz", "link": "link", "fusion": "fusion",
          "ritual": "ritual", "tuner": "tuner", "pendulum": "pendulum", "extra": "extra"}
_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, "==": operator.eq, "=": operator.eq, ">": operator.gt, "<": operator.lt,
    "!=": operator.ne,
}
_COUNT = re.compile(r"^([A-Za-z_]+)\s*(>=|<=|==|!=|=|>|<)\s*(\S*)$")
_SYNTAX = ('write a goal as: a card name ("Stardust Dragon"), a name with a battle position '
           '("Stardust Dragon":attack), a count (monsters>=3) or asp:"goal :- ...", joined with &')


class Goal(ABC):
    """What the search looks for; `check(position)` says whether a position reaches it."""

    text: str

    @abstractmethod
    def check(self, position) -> bool:
        """Whether `position` reaches the goal."""

    @abstractmethod
    def to_json(self) -> dict:
        """The goal as JSON (in search and sweep results)."""

    def __str__(self) -> str:
        return self.text


def _field_monsters(player):
    return [m for m in (*player.monster_zones, *player.extra_monster_zones) if m is not None]


def _field_cards(player):
    yield from _field_monsters(player)
    yield from (c for c in (*player.spell_trap_zones, player.field_zone, *player.pendulum_zones) if c is not None)


@dataclass(frozen=True)
class CardGoal(Goal):
    """A card on the turn player's field; with `battle_position`, a monster in that battle position."""

    card: Card
    battle_position: str | None = None

    @property
    def text(self) -> str:
        name = f'"{self.card.name}"'
        return f"{name}:{self.battle_position}" if self.battle_position else name

    def check(self, position) -> bool:
        me = position.me
        code = self.card.passcode
        if self.battle_position is None:
            return any(entry.card.passcode == code for entry in _field_cards(me))
        return any(m.card.passcode == code and m.position == self.battle_position for m in _field_monsters(me))

    def to_json(self) -> dict:
        data = {"kind": "card", "card": self.card.name, "passcode": self.card.passcode}
        if self.battle_position:
            data["position"] = self.battle_position
        return data


@dataclass(frozen=True)
class CountGoal(Goal):
    """How many monsters the turn player controls, compared with a number (`monsters>=3`)."""

    what: str
    op: str
    value: int

    @property
    def text(self) -> str:
        return f"{self.what}{self.op}{self.value}"

    def check(self, position) -> bool:
        kind = COUNTS[self.what]
        monsters = _field_monsters(position.me)
        if kind == "extra":
            count = sum(1 for m in monsters if m.card.is_extra_deck)
        elif kind is not None:
            count = sum(1 for m in monsters if m.card.is_a(kind))
        else:
            count = len(monsters)
        return _OPERATORS[self.op](count, self.value)

    def to_json(self) -> dict:
        return {"kind": "count", "what": self.what, "op": self.op, "value": self.value}


class AspGoal(Goal):
    """A fragment of ASP defining `goal` over the position's facts."""

    def __init__(self, program: str):
        self.program = program
        self.text = 'asp:"' + program.replace("\\", "\\\\").replace('"', '\\"') + '"'
        self._statements = _parse_asp(program)

    def check(self, position) -> bool:
        from ..solve.facts import position_facts
        facts = position_facts(position)[0]
        messages: list[str] = []
        control = clingo.Control(["--warn=none", "--models=1"],
                                 logger=lambda code, message: messages.append(message), message_limit=5)
        control.add("base", [], facts)
        try:
            with clingo.ast.ProgramBuilder(control) as builder:
                for statement in self._statements:
                    builder.add(statement)
            control.ground([("base", [])])
        except RuntimeError:
            detail = " ".join(" ".join(m.split()) for m in messages) or "grounding failed"
            raise PysolverError(f"the asp goal cannot be evaluated: {detail}") from None
        goal = clingo.Function("goal")
        with control.solve(yield_=True) as handle:
            for model in handle:
                return model.contains(goal)
        return False

    def to_json(self) -> dict:
        return {"kind": "asp", "program": self.program}

    def __eq__(self, other) -> bool:
        return isinstance(other, AspGoal) and other.program == self.program

    def __hash__(self) -> int:
        return hash(self.program)

    def __repr__(self) -> str:
        return f"AspGoal({self.program!r})"


@dataclass(frozen=True)
class AllOf(Goal):
    """Every part holds (`A & B`); cheap parts are checked first."""

    parts: tuple[Goal, ...]

    @property
    def text(self) -> str:
        return " & ".join(part.text for part in self.parts)

    def check(self, position) -> bool:
        return all(part.check(position) for part in sorted(self.parts, key=lambda p: isinstance(p, AspGoal)))

    def to_json(self) -> dict:
        return {"kind": "all", "parts": [part.to_json() for part in self.parts]}


def _parse_asp(program: str) -> tuple:
    """The fragment's statements; a syntax error or a fragment without `goal` is a PysolverError."""
    messages: list[str] = []
    statements: list = []
    try:
        clingo.ast.parse_string(program, statements.append,
                                logger=lambda code, message: messages.append(message), message_limit=5)
    except RuntimeError:
        detail = " ".join(" ".join(m.replace("<string>:", "").split()) for m in messages) or "syntax error"
        raise PysolverError(f"asp goal: not valid ASP: {detail}") from None
    if not re.search(r"(^|[^A-Za-z0-9_'])goal\s*(:-|\.|;|\||$)", program):
        raise PysolverError('asp goal: the fragment must define `goal` (for example asp:"goal :- ...")')
    control = clingo.Control(["--warn=none"], logger=lambda code, message: messages.append(message),
                             message_limit=5)
    try:  # unsafe variables and the like show when grounding, even without facts
        with clingo.ast.ProgramBuilder(control) as builder:
            for statement in statements:
                builder.add(statement)
        control.ground([("base", [])])
    except RuntimeError:
        detail = " ".join(" ".join(m.replace("<string>:", "").split()) for m in messages) or "grounding failed"
        raise PysolverError(f"asp goal: {detail}") from None
    return tuple(statements)


def split_goal(text: str) -> list[str]:
    """Split on `&` outside double or single quotes; a quote left open is an error."""
    parts, current, quote, escaped = [], [], None, False
    for char in text:
        if escaped:
            current.append(char)
            escaped = False
            continue
        if char == "\\" and quote:
            current.append(char)
            escaped = True
            continue
        if quote:
            if char == quote:
                quote = None
            current.append(char)
            continue
        if char in "\"'":
            quote = char
            current.append(char)
        elif char == "&":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if quote:
        raise PysolverError(f"goal {text!r}: a quote ({quote}) is not closed")
    parts.append("".join(current))
    return [part.strip() for part in parts]


def _unquote(text: str, what: str) -> str:
    quote = text[0]
    if len(text) < 2 or text[-1] != quote:
        raise PysolverError(f"goal part {what!r}: the quoted text must end with {quote}")
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def _card(name: str, cards: CardDB, part: str) -> Card:
    card = cards.get(name)
    if card is None:
        raise PysolverError(f"goal part {part!r}: {cards.unknown_message(name)}")
    return card


def _parse_part(part: str, cards: CardDB) -> Goal:
    if not part:
        raise PysolverError(f"empty goal part; {_SYNTAX}")
    head = part[:4].lower()
    if head == "asp:":
        body = part[4:].strip()
        if not body or body[0] not in "\"'":
            raise PysolverError(f'goal part {part!r}: write the ASP fragment in quotes: asp:"goal :- ..."')
        return AspGoal(_unquote(body, part))
    if part[0] in "\"'":
        quote = part[0]
        end = part.find(quote, 1)
        while end > 0 and part[end - 1] == "\\":
            end = part.find(quote, end + 1)
        if end < 0:
            raise PysolverError(f"goal part {part!r}: the quoted name must end with {quote}")
        name = _unquote(part[:end + 1], part)
        rest = part[end + 1:].strip()
        if not rest:
            return CardGoal(_card(name, cards, part))
        if not rest.startswith(":"):
            raise PysolverError(f"goal part {part!r}: after a quoted name, write :attack, :defense or :set")
        wanted = rest[1:].strip().lower()
        if wanted not in BATTLE_POSITIONS:
            raise PysolverError(f"goal part {part!r}: unknown battle position {wanted!r}; use one of "
                                f"{', '.join(BATTLE_POSITIONS)}")
        return CardGoal(_card(name, cards, part), wanted)
    match = _COUNT.match(part)
    if match:
        what, op, value = match.groups()
        if what.lower() not in COUNTS:
            known = ", ".join(COUNTS)
            raise PysolverError(f"goal part {part!r}: unknown count {what!r}; use {known} (e.g. monsters>=3)")
        if value[:1] in ("<", ">", "=", "!"):
            raise PysolverError(f"goal part {part!r}: unknown comparison {op + value[:1]!r}; use one of "
                                ">= > <= < == !=")
        if not re.fullmatch(r"\d+", value):
            raise PysolverError(f"goal part {part!r}: expected a whole number after {op}, got {value!r}")
        return CountGoal(what.lower(), "==" if op == "=" else op, int(value))
    if any(symbol in part for symbol in "<>=!"):
        raise PysolverError(f"goal part {part!r}: not a count like monsters>=3; {_SYNTAX}")
    # An unquoted name; a ':position' suffix only when it is one (names such as "Number 39: Utopia").
    name, sep, suffix = part.rpartition(":")
    if sep and suffix.strip().lower() in BATTLE_POSITIONS and cards.get(part) is None:
        return CardGoal(_card(name.strip(), cards, part), suffix.strip().lower())
    card = cards.get(part)
    leading = re.match(r"[A-Za-z_]+", part)
    if card is None and leading and leading.group(0).lower() in COUNTS:
        raise PysolverError(f"goal part {part!r}: {cards.unknown_message(part)}; a count is written like "
                            f"{leading.group(0).lower()}>=3 (with >= > <= < == !=)")
    if card is None and sep:
        raise PysolverError(f"goal part {part!r}: {cards.unknown_message(part)} (after ':' a battle position is "
                            f"one of {', '.join(BATTLE_POSITIONS)})")
    return CardGoal(_card(part, cards, part))


def parse_goal(text: str, cards: CardDB | None = None) -> Goal:
    """Parse a goal text (module docstring); every mistake is a one-line PysolverError."""
    if not isinstance(text, str) or not text.strip():
        raise PysolverError(f"empty goal; {_SYNTAX}")
    cards = cards or default_cards()
    parts = tuple(_parse_part(part, cards) for part in split_goal(text.strip()))
    return parts[0] if len(parts) == 1 else AllOf(parts)


def as_goal(goal, cards: CardDB | None = None) -> Goal:
    """A Goal as it is, or a goal text parsed."""
    return goal if isinstance(goal, Goal) else parse_goal(goal, cards)
