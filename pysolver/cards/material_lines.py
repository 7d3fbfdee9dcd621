"""Parse official English Extra Deck material lines into `pysolver.cards.requirements` terms.

    parse_material_line('1 Tuner + 1+ non-Tuner monsters', 'synchro')
    -> Requirement('synchro', (Group(1, 1, Atom('kind', '=', 'tuner'), 'tuner'),
                               Group(1, None, Not(Atom('kind', '=', 'tuner')), 'non_tuner')))

The parser never guesses: a line it returns means exactly what the card says; anything else raises
`UnsupportedMaterialLine` with a short, stable reason ("custom condition: 'on the field'").

Grammar (a tokenizer, then recursive descent over one "+"-separated part at a time):

    line       := part ("+" part)*
    part       := item ("or" item)* tail*              # "or" items must have the same count
    item       := [count] names | count descriptor
    count      := N | N+ | N "or more" ["(max." M ")"] | N "x"
    names      := QUOTED ("or" QUOTED)*                # a bare quoted card is a name
    descriptor := termlist+ [monster(s) | Monster(s)]  # "Tuner", "non-Tuner", "Token" are nouns too
    termlist   := term (("," | "or" | "and/or" | ", or" | ", and/or") term)*   # one property only
    term       := QUOTED (archetype) | Level N [or lower|or higher|or M] | Rank N | Link-N [...]
                | Level/Rank/Link N | ATTRIBUTE | Type ["-Type"] | kind word | non-X | face-down
    tail       := [","] (with ... | including ... | except ... | "(" ... ")")

Decisions the ASP side relies on:
* Each "+"-part is one group, so '"A" + "A"' is two groups of 1 while '3 "A"' / '3 x "A"' is one
  group of 3; both mean the same under "each material fills exactly one group".
* Synchro: the first part is the Tuner slot (role "tuner", its filter contains Atom(kind, tuner); a
  named first slot such as "Junk Synchron" becomes And(tuner, name)); every other part has role
  "non_tuner" and contains Not(tuner) only when the line says "non-Tuner" (the engine adds no
  non-Tuner check to '1 Tuner + "Power Tool Dragon"' or "1 Tuner + 1+ Synchro Monsters").
* Xyz: the Level is an ordinary Atom("level", "=", N) in the filter.
* Link: "2+ Effect Monsters" is Group(2, None, ...); the Link Rating bounds the rest.
* "except Tokens" / 'except "X"' narrow the filter of the group they follow; "with ..." and
  "including ..." become conditions, over all materials for a one-part line, over their own group
  (condition.group = index) in a line of several parts.
* Fusion Substitutes, "Must be Fusion Summoned", contact fusions and alternative procedures are not
  in material lines and are not handled here.
"""

from __future__ import annotations

import csv
import re
import sys
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Mapping

import yaml

from .card import ATTRIBUTES, RACES, builtin_yaml
from .requirements import (ANY, EQUIPPED_WITH_MONSTER_CARD, EQUIPPED_WITH_MONSTER_CARD_WORDS, NEVER_NORMAL_SUMMONED, TUNER, Atom, DifferentNames, DifferentProperty, Group, Including, Not, Or, Requirement,
                           SameAnyProperty, SameProperty, conj, contains, disj)


class UnsupportedMaterialLine(ValueError):
    """The line cannot be expressed exactly.  `reason` is a short stable phrase for tallies."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@lru_cache(maxsize=1)
def default_archetypes() -> dict[str, int]:
    """pysolver/cards/data/archetypes.yaml: English archetype name -> setcode."""
    text = resources.files("pysolver.cards.data").joinpath("archetypes.yaml").read_text(encoding="utf-8")
    return {str(name): int(code) for name, code in (builtin_yaml(text) or {}).items()}


# ------------------------------------------------------------------------------------------------
# Tokens

_TOKEN = re.compile(r'"[^"]*"|\d+\+?|[A-Za-z@][\w\-\'.]*(?:/[A-Za-z][\w\-\'.]*)*|[^\s\w]')
_KIND_WORDS = {
    "tuner": "tuner", "tuners": "tuner", "effect": "effect", "normal": "normal", "fusion": "fusion",
    "synchro": "synchro", "xyz": "xyz", "link": "link", "pendulum": "pendulum", "ritual": "ritual",
    "gemini": "gemini", "flip": "flip", "toon": "toon", "spirit": "spirit", "union": "union",
    "token": "token", "tokens": "token",
}
_LONE_NOUNS = {"tuner", "tuners", "non-tuner", "non-tuners", "token", "tokens"}
_HEADS = {"monster", "monsters"}
_PROPS = {"name": "name", "names": "name", "attribute": "attribute", "attributes": "attribute",
          "type": "race", "types": "race", "level": "level", "levels": "level", "rank": "rank",
          "ranks": "rank"}
_RACE_WORDS = sorted((tuple(race.split()) for race in RACES), key=len, reverse=True)


def tokenize(line: str) -> list[str]:
    tokens = []
    for token in _TOKEN.findall(line):
        if token.endswith("-Type") and not token.startswith('"'):
            token = token[: -len("-Type")]
        tokens.append(token)
    return tokens


def _split(tokens: list[str], sep: str) -> list[list[str]]:
    """Split on `sep` outside parentheses."""
    parts, depth, current = [], 0, []
    for token in tokens:
        depth += (token == "(") - (token == ")")
        if token == sep and depth == 0:
            parts.append(current)
            current = []
        else:
            current.append(token)
    parts.append(current)
    return parts


# ------------------------------------------------------------------------------------------------
# The parser of one "+"-part


class _Part:
    """Recursive descent over the tokens of one part; `pos` is the cursor."""

    def __init__(self, tokens: list[str], archetypes: Mapping[str, int], summon: str = ""):
        self.tokens = tokens
        self.pos = 0
        self.archetypes = archetypes
        self.summon = summon

    # -- cursor helpers
    def peek(self, offset: int = 0) -> str | None:
        index = self.pos + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def low(self, offset: int = 0) -> str:
        return (self.peek(offset) or "").lower()

    def take(self) -> str:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def accept(self, *words: str) -> bool:
        """Consume the given words (case-insensitive) if they come next."""
        if all(self.low(i) == w.lower() for i, w in enumerate(words)):
            self.pos += len(words)
            return True
        return False

    def fail(self, reason: str, start: int | None = None) -> UnsupportedMaterialLine:
        """The reason names the phrase from `start` (default: the cursor) to the next clause."""
        tokens, depth = [], 0
        for token in self.tokens[self.pos if start is None else start:]:
            if depth == 0 and tokens and token in (",", "with", "including", "except"):
                break
            depth += (token == "(") - (token == ")")
            tokens.append(token)
        return UnsupportedMaterialLine(f"{reason}: '{_join(tokens)}'")

    @staticmethod
    def is_number(token: str | None) -> bool:
        """'2' or '2+'."""
        return token is not None and token.rstrip("+").isdigit()

    def plain_number(self, offset: int = 0) -> bool:
        """The token at `offset` is a number without '+'."""
        token = self.peek(offset)
        return token is not None and token.isdigit()

    # -- counts
    def count(self) -> tuple[int, int | None] | None:
        token = self.peek()
        if not self.is_number(token):
            return None
        self.take()
        low = int(token.rstrip("+"))
        if token.endswith("+"):
            return low, None
        if self.accept("or", "more"):
            if self.accept("(", "max."):
                high = int(self.take()) if self.plain_number() else -1
                if high < low or not self.accept(")"):
                    raise UnsupportedMaterialLine("bad count")
                return low, high
            return low, None
        self.accept("x")
        return low, low

    # -- terms
    def term(self):
        """One property term, as (category, filter), or None (cursor unchanged)."""
        start, token, low = self.pos, self.peek(), self.low()
        if token is None:
            return None
        if token.startswith('"'):
            self.take()
            return "quoted", token.strip('"')
        number = re.fullmatch(r"link-(\d+)", low)
        if low in ("level", "rank", "level/rank/link") or number:
            self.take()
            if number:
                value = int(number.group(1))
            elif self.plain_number():
                value = int(self.take())
            else:
                self.pos = start
                return None
            key = {"level": "level", "rank": "rank"}.get(low, "link_rating")
            if low == "level/rank/link":
                return "level", Or((Atom("level", "=", value), Atom("rank", "=", value),
                                    Atom("link_rating", "=", value)))
            if self.accept("or", "lower"):
                return key, Atom(key, "<=", value)
            if self.accept("or", "higher"):
                return key, Atom(key, ">=", value)
            if self.low() == "or" and self.plain_number(1):
                self.take()
                other = int(self.take())
                return key, Or((Atom(key, "=", value), Atom(key, "=", other)))
            return key, Atom(key, "=", value)
        if token in ATTRIBUTES:
            self.take()
            return "attribute", Atom("attribute", "=", token)
        race = self.race()
        if race:
            return "race", Atom("race", "=", race)
        if low in _KIND_WORDS and token[0].isupper():
            self.take()
            return "kind", Atom("kind", "=", _KIND_WORDS[low])
        if low.startswith("non-") and len(token) > 4:
            self.tokens[start] = token[4:]
            try:
                inner = self.term()
            finally:
                self.tokens[start] = token
            if inner is None or inner[0] == "quoted" or isinstance(inner[1], Or):
                self.pos = start
                return None
            return inner[0], Not(inner[1])
        if low == "face-down":
            self.take()
            self.accept("Defense", "Position")
            return "position", Atom("position", "=", "face_down")
        if low == "face-up" and self.summon in ("fusion", "link") and self.field_place_follows():
            self.take()
            return "position", Atom("position", "=", "face_up")   # MAT-3: a face-up monster on the field
        return None

    def field_place_follows(self) -> bool:
        """MAT-3: "face-up" is read only in a part whose place is on the field ("1 face-up monster you control"), in a
        Fusion or Link line (a Synchro or Xyz material may be seen as a Tuner, a non-Tuner or another Level there)."""
        rest = [token.lower() for token in self.tokens[self.pos:]]
        return any(rest[i:i + len(words)] == [w.lower() for w in words]
                   for place, words in _PLACE_WORDS if place in ("field", "controlled") for i in range(len(rest)))

    def race(self) -> str | None:
        for words in _RACE_WORDS:
            if tuple(self.tokens[self.pos:self.pos + len(words)]) == words:
                self.pos += len(words)
                return " ".join(words)
        return None

    def termlist(self):
        """term, or an "or"-list of terms about one property, as (category, filter)."""
        first = self.term()
        if first is None:
            return None
        items, commas, closed = [first], False, False
        while not closed:
            mark = self.pos
            last = bool(self.accept(",", "or") or self.accept(",", "and/or") or self.accept("or")
                        or self.accept("and/or"))
            if not last and not self.accept(","):
                break
            item = self.term()
            if item is None:
                self.pos = mark
                break
            items.append(item)
            commas, closed = commas or not last, last
        if len(items) == 1:
            return first
        if commas and not closed:
            raise self.fail("list without 'or'")
        categories = {category for category, _ in items}
        if len(categories) != 1:
            raise UnsupportedMaterialLine("'or' between different properties")
        return categories.pop(), ("or", [f for _, f in items])

    # -- descriptors
    def descriptor(self, *, allow_names: bool):
        """('names', filter) for bare quoted names, or ('monsters', filter); None if nothing parses."""
        start = self.pos
        lists = []
        while True:
            item = self.termlist()
            if item is None:
                break
            lists.append(item)
        categories = [category for category, _ in lists if category != "kind"]
        if len(categories) != len(set(categories)):
            raise UnsupportedMaterialLine("repeated property")
        if not lists:
            if self.low() not in _HEADS:
                return None
            self.take()
            return "monsters", ANY
        if self.low() in _HEADS:
            self.take()
        elif len(lists) == 1 and lists[0][0] == "quoted":
            if not allow_names:
                self.pos = start
                return None
            return "names", self.names_filter(lists[0][1])
        elif not (self.low(-1) in _LONE_NOUNS and lists[-1][0] in ("kind",)):
            raise self.fail("unknown term")
        return "monsters", conj(*(self.as_filter(item) for item in lists))

    def as_filter(self, item):
        """A (category, value) from termlist as a filter; quoted words are archetypes here."""
        category, value = item
        values = value[1] if isinstance(value, tuple) else [value]
        if category == "quoted":
            return disj(*(self.archetype(name) for name in values))
        return disj(*values)

    def names_filter(self, value):
        items = value[1] if isinstance(value, tuple) else [value]
        return disj(*(Atom("name", "=", name) for name in items))

    def archetype(self, name: str) -> Atom:
        code = self.archetypes.get(name)
        if code is None:
            folded = {key.casefold(): val for key, val in self.archetypes.items()}
            code = folded.get(name.casefold())
        if code is None:
            raise UnsupportedMaterialLine("unknown archetype")
        return Atom("archetype", "=", int(code), label=name)

    def item(self):
        """[count] names | count descriptor  ->  (min, max, filter)."""
        counted = self.count()
        kind = self.descriptor(allow_names=True)
        if kind is None:
            raise self.fail("unknown term")
        what, filter_ = kind
        if counted is None:
            if what != "names":
                raise self.fail("missing count")
            counted = (1, 1)
        return counted[0], counted[1], filter_

    # -- tails
    def conditions_with(self, start: int) -> list:
        """After 'with' (at `start`): group properties or ATK/DEF; returns conditions or a filter."""
        out: list = []
        if self.is_number(self.peek()):
            return [self.stats(start)]
        while True:
            if self.accept("the", "same"):
                make = SameProperty
            elif self.accept("different"):
                make = DifferentProperty
            else:
                raise self.fail("custom condition", start)
            while True:
                prop = _PROPS.get(self.low())
                if prop is None:
                    raise self.fail("custom condition", start)
                self.take()
                out.append(DifferentNames() if (make is DifferentProperty and prop == "name") else make(prop))
                if self.low() == "and" and self.low(1) in _PROPS:
                    self.take()
                    continue
                break
            if self.low() == "or":
                # MAT-5: "with the same Type or Attribute" (Union Carrier): one of the properties is shared
                if make is not SameProperty or len(out) != 1 or _PROPS.get(self.low(1)) is None \
                        or self.peek(2) is not None:
                    raise UnsupportedMaterialLine("'or' between group conditions")
                self.take()
                other = _PROPS[self.take().lower()]
                if other == out[0].prop:
                    raise UnsupportedMaterialLine("'or' between group conditions")
                return [SameAnyProperty((out[0].prop, other))]
            if self.accept(",", "but") or self.accept("but") or self.accept("and"):
                continue
            return out

    def stats(self, start: int):
        """'2500 or more ATK', '2500+ ATK', '1500 ATK/2100 DEF', '0 ATK/DEF'  ->  a filter."""
        atoms = []
        while True:
            token = self.take()
            value = int(token.rstrip("+"))
            op = ">=" if token.endswith("+") else "="
            if self.accept("or", "more"):
                op = ">="
            elif self.accept("or", "less"):
                op = "<="
            self.accept("original")   # MAT-3: the printed ATK/DEF (a position changes no ATK/DEF)
            stat = self.low()
            if stat not in ("atk", "def", "atk/def"):
                raise self.fail("custom condition", start)
            self.take()
            if stat == "atk" and (self.low() in ("&", "and")) and self.low(1) == "def":
                self.pos += 2
                stat = "atk/def"     # "2500 original ATK & DEF": both
            atoms += [Atom(key, op, value) for key in stat.split("/")]
            if self.accept("/") and self.is_number(self.peek()):
                continue
            return conj(*atoms)

    def original_level(self, start: int):
        """MAT-3: after "whose original Level is": 'N', 'N or higher', 'N or lower' -> a Level filter (the
        printed Level). Only in a Fusion or Link line: a Synchro or Xyz material may be treated as another
        Level there (SYN-2, XYZ-1), which its original Level is not."""
        if self.summon not in ("fusion", "link") or not self.plain_number():
            raise self.fail("custom condition", start)
        value = int(self.take())
        if self.accept("or", "higher"):
            return Atom("level", ">=", value)
        if self.accept("or", "lower"):
            return Atom("level", "<=", value)
        return Atom("level", "=", value)

    def parenthetical(self, low: int, high: int | None, filter_):
        """'(Warrior and/or Machine)' narrows the filter; '(1 Fusion + 1 Synchro)' splits the group.
        Returns a list of (min, max, filter)."""
        if ")" not in self.tokens[self.pos:]:
            raise UnsupportedMaterialLine("unbalanced parenthesis")
        close = self.tokens.index(")", self.pos)
        inner = _Part(self.tokens[self.pos + 1:close], self.archetypes)
        if self.is_number(inner.peek()):
            groups = []
            while inner.peek() is not None:
                sub = inner.count()
                item = inner.termlist()
                if sub is None or item is None or sub[1] != sub[0]:
                    raise self.fail("custom condition")
                groups.append((sub[0], sub[1], conj(filter_, inner.as_filter(item))))
                if not (inner.accept(",", "and") or inner.accept("+") or inner.accept(",")
                        or inner.accept("and") or inner.peek() is None):
                    raise self.fail("custom condition")
            if high != low or sum(g[0] for g in groups) != low:
                raise self.fail("custom condition")
            self.pos = close + 1
            return groups
        item = inner.termlist()
        if item is None or inner.peek() is not None or item[0] == "quoted":
            raise self.fail("custom condition")
        self.pos = close + 1
        return [(low, high, conj(filter_, inner.as_filter(item)))]

    def place(self) -> str:
        """A place phrase after the item ("on the field", "in your opponent's GY", MAT-2), or ""."""
        for place, words in _PLACE_WORDS:
            if self.accept(*words):
                return place
        return ""

    def part(self):
        """The whole part -> (list of (min, max, filter), conditions over this part, its place)."""
        items = [self.item()]
        while self.low() == "or":
            self.take()
            items.append(self.item())
        if len({(low, high) for low, high, _ in items}) > 1:
            # ALM-1: '"Blue-Eyes Ultimate Dragon" or 3 "Blue-Eyes" monsters', '2+ Tuners or 1 Tuner Synchro Monster': items
            # of different counts are alternative groups, exactly one of which takes materials (the engine: one
            # procedure each). A tail after them would be ambiguous (which alternative does it narrow?): not read.
            if self.peek() is not None:
                raise UnsupportedMaterialLine("alternative material sets")
            return items, [], "", True
        low, high, filter_ = items[0]
        for _, _, other in items[1:]:
            filter_ = disj(filter_, other)
        groups = [(low, high, filter_)]
        conditions: list = []
        place = ""
        while self.peek() is not None:
            self.accept(",")
            found = "" if place else self.place()
            if found:
                place = found
            elif self.accept("with"):
                for found in self.conditions_with(self.pos - 1):
                    if isinstance(found, (DifferentNames, SameProperty, DifferentProperty, SameAnyProperty)):
                        conditions.append(found)
                    else:
                        groups = [(lo, hi, conj(f, found)) for lo, hi, f in groups]
            elif self.summon == "xyz" and (self.accept("that", "have", "material") or self.accept("that", "has", "material")):
                # MAT-6: "2+ "Number" Xyz Monsters, with the same Rank, that have material" (Number 93: Utopia Kaiser)
                groups = [(lo, hi, conj(f, Atom("overlay", "=", "has_material"))) for lo, hi, f in groups]
            elif self.accept("Special", "Summoned", "from", "the", "Extra", "Deck") or \
                    self.accept("that", "was", "Special", "Summoned", "from", "the", "Extra", "Deck") or \
                    self.accept("that", "were", "Special", "Summoned", "from", "the", "Extra", "Deck"):
                # MAT-7: "1 monster Special Summoned from the Extra Deck" (Magnum the Reliever), "2+ monsters you
                # control, Special Summoned from the Extra Deck" (Extox Hydra): a monster on the field that was
                # Special Summoned from the Extra Deck (the position's `special_summoned_from`)
                groups = [(lo, hi, conj(f, Atom("summoned", "=", "from_extra_deck"))) for lo, hi, f in groups]
            elif self.accept("Special", "Summoned", "this", "turn") or \
                    self.accept("that", "was", "Special", "Summoned", "this", "turn"):
                # SMT-4: "1 Effect Monster Special Summoned this turn" (Sprind the Irondash Dragon: the engine's
                # `IsFaceup() and IsStatus(STATUS_SPSUMMON_TURN)`): a face-up monster on the field Special Summoned
                # this turn (the position's `summoned_this_turn` and how it was Special Summoned; the term asks
                # face-up itself)
                groups = [(lo, hi, conj(f, Atom("summoned", "=", "special_this_turn"))) for lo, hi, f in groups]
            elif len(groups) == 1 and isinstance(groups[0][2], Atom) and groups[0][2].key == "name" and \
                    self.accept("(", "or", "1", "Fusion", "Monster", "that", "mentions", "it", ")"):
                # PRW-14: '"Elemental HERO Neos" (or 1 Fusion Monster that mentions it)' (Evil HERO Neos Lord): the
                # named card, or a Fusion Monster whose text mentions that name
                lo, hi, named = groups[0]
                groups = [(lo, hi, disj(named, conj(Atom("kind", "=", "fusion"), Atom("mentions", "=", named.value))))]
            elif (self.accept("that", "mention") or self.accept("that", "mentions")) and self.peek() is not None \
                    and self.peek().startswith('"') and self.peek() != '"':
                # ALM-4: '2 monsters that mention "Temple of the Kings"' (Divine Serpent Apophis; the engine's
                # `Card.ListsCode`): a monster whose text writes that name in quotes (PRW-14's term)
                mentioned = self.take().strip('"')
                groups = [(lo, hi, conj(f, Atom("mentions", "=", mentioned))) for lo, hi, f in groups]
            elif self.accept("that", "cannot", "be", "Normal", "Summoned/Set"):
                # PRW-12: "3 Level 10 monsters that cannot be Normal Summoned/Set" (The Chaotic Phantasmal Sacred
                # Beasts; the engine's `not IsSummonableCard()`): a Ritual, Fusion, Synchro, Xyz or Link Monster, one
                # "Cannot be Normal Summoned/Set" (the card's special_summon flag), a Token or a Trap Monster
                groups = [(lo, hi, conj(f, NEVER_NORMAL_SUMMONED)) for lo, hi, f in groups]
            elif self.accept("whose", "original", "Level", "is"):
                found = self.original_level(self.pos - 4)
                groups = [(lo, hi, conj(f, found)) for lo, hi, f in groups]
            elif self.accept("including"):
                count = 1
                if self.plain_number():
                    count = int(self.take())
                else:
                    self.accept("a") or self.accept("an")
                what = self.descriptor(allow_names=True)
                if what is None:
                    raise self.fail("custom condition")
                filter_ = what[1]
                if self.low() == "with" and self.is_number(self.peek(1)):
                    self.take()
                    filter_ = conj(filter_, self.stats(self.pos - 1))
                conditions.append(Including(filter_, count))
            elif self.accept("except"):
                if self.accept("a", "Token") or self.accept("Tokens"):
                    excluded = Atom("kind", "=", "token")
                else:
                    what = self.descriptor(allow_names=True)
                    if what is None:
                        raise self.fail("custom condition")
                    excluded = what[1]
                    if excluded == ANY:
                        raise self.fail("custom condition")
                groups = [(lo, hi, conj(f, Not(excluded))) for lo, hi, f in groups]
            elif self.accept("("):
                self.pos -= 1
                if len(groups) != 1:
                    raise self.fail("custom condition")
                groups = self.parenthetical(*groups[0])
            else:
                raise self.fail("custom condition")
        if len(groups) > 1 and conditions:
            raise UnsupportedMaterialLine("condition over split group")
        return groups, conditions, place, False


_PLACE_WORDS = (("field", ("on", "the", "field")), ("hand", ("in", "the", "hand")), ("hand", ("in", "your", "hand")),
                ("gy", ("in", "your", "GY")), ("opponent_gy", ("in", "your", "opponent's", "GY")),
                ("controlled", ("you", "control")), ("emz", ("in", "the", "Extra", "Monster", "Zone")),
                ("emz", ("in", "an", "Extra", "Monster", "Zone")),
                ("not_field_gy", ("except", "on", "the", "field", "or", "in", "the", "GY")))


def _join(tokens: list[str]) -> str:
    text = " ".join(tokens)
    return re.sub(r"\( ", "(", re.sub(r" ([),/])", r"\1", text)).replace("/ ", "/")


# ------------------------------------------------------------------------------------------------
# Lines


def parse_material_line(line: str, kind: str, *,
                        archetypes: Mapping[str, int] | None = None) -> Requirement:
    """Parse one material line of a Fusion / Synchro / Xyz / Link Monster (kind, case-insensitive)."""
    summon = kind.strip().lower().split("/")[0]
    if summon not in ("fusion", "synchro", "xyz", "link"):
        raise ValueError(f"unknown Extra Deck kind {kind!r}")
    text = " ".join(line.split())
    if not text:
        raise UnsupportedMaterialLine("no material line")
    if text.count('"') % 2:
        raise UnsupportedMaterialLine("unbalanced quotes")
    table = default_archetypes() if archetypes is None else archetypes
    if any(_NEVER_FILLED.fullmatch(part.strip()) for part in text.split("+")):
        # EQP-3: a part no monster of a position fills, so no choice of materials fills the line: it is read as its one
        # part that nothing matches (the other parts decide nothing, and are not read)
        return Requirement(summon, (Group(1, 1, EQUIPPED_WITH_MONSTER_CARD),), (), text)
    parts = _split(tokenize(text), "+")
    if any(not part for part in parts):
        raise UnsupportedMaterialLine("empty part")
    groups: list[Group] = []
    conditions: list = []
    alternatives: list[tuple[int, ...]] = []
    first_part = 1   # the groups of the first part: more than 1 only for alternatives (ALM-1)
    for number, tokens in enumerate(parts):
        try:
            found, where, place, alternative = _Part(tokens, table, summon).part()
        except IndexError:
            raise UnsupportedMaterialLine("truncated line") from None
        scope = None if len(parts) == 1 else len(groups)
        conditions += [_scoped(condition, scope) for condition in where]
        if alternative:   # ALM-1
            alternatives.append(tuple(range(len(groups), len(groups) + len(found))))
        if number == 0 and alternative:
            first_part = len(found)
        groups += [Group(low, high, filter_, place=place) for low, high, filter_ in found]
    if alternatives and len(parts) == 1:
        # ALM-1: a line of alternatives only ("A or 2 B"): no engine procedure of this family; not read
        raise UnsupportedMaterialLine("alternative material sets")
    if summon == "synchro":
        groups = _synchro_roles(groups, len(parts), first_part)
    return Requirement(summon, tuple(groups), tuple(conditions), text, tuple(alternatives))


# EQP-3 (docs/material-rules.md): "1 monster equipped with a Monster Card" (Necroquip Princess; the engine's
# `GetEquipGroup():IsExists(Card.IsMonsterCard, 1, nil)`): a position holds no Monster Card equipped to a monster.
# "equipped with an Equip Card" (Emperor Charles the Great) is not this: an Equip Spell satisfies it.
_NEVER_FILLED = re.compile(r"\d+ monsters? " + EQUIPPED_WITH_MONSTER_CARD_WORDS)


def _scoped(condition, group: int | None):
    if isinstance(condition, Including):
        return Including(condition.filter, condition.count, group)
    if isinstance(condition, DifferentNames):
        return DifferentNames(group)
    if isinstance(condition, SameAnyProperty):
        return SameAnyProperty(condition.props, group)
    return type(condition)(condition.prop, group)


def _synchro_roles(groups: list[Group], parts: int, first_part: int = 1) -> list[Group]:
    """The first part is the Tuner slot (`first_part` groups: alternatives of it, ALM-1); a named first slot must be
    a Tuner (engine f1)."""
    if parts != len(groups) - first_part + 1:
        raise UnsupportedMaterialLine("split Synchro group")
    out = []
    for group in groups[:first_part]:
        first = group.filter
        if not contains(first, TUNER):
            if not _only_names(first):
                raise UnsupportedMaterialLine("Synchro line without a Tuner slot")
            first = conj(TUNER, first)
        out.append(Group(group.min, group.max, first, "tuner", group.place))
    out += [Group(g.min, g.max, g.filter, "non_tuner", g.place) for g in groups[first_part:]]
    return out


def _only_names(filter_) -> bool:
    if isinstance(filter_, Atom):
        return filter_.key == "name"
    return isinstance(filter_, Or) and all(_only_names(part) for part in filter_.parts)


# ------------------------------------------------------------------------------------------------
# Coverage over the corpus


def read_corpus(tsv_path) -> list[dict]:
    """The rows of ed_material_lines.tsv (quotes are literal: the lines start with '"')."""
    with open(tsv_path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def coverage(tsv_path, *, archetypes: Mapping[str, int] | None = None) -> dict:
    """Parse every line: {'total', 'parsed', 'by_kind': {kind: (parsed, total)}, 'reasons': Counter}."""
    by_kind: dict[str, list[int]] = {}
    reasons: Counter = Counter()
    parsed = 0
    rows = read_corpus(tsv_path)
    for row in rows:
        kind = row["kind"].split("/")[0].lower()
        tally = by_kind.setdefault(kind, [0, 0])
        tally[1] += 1
        try:
            parse_material_line(row["material_line"], kind, archetypes=archetypes)
        except UnsupportedMaterialLine as error:
            reasons[error.reason] += 1
        else:
            tally[0] += 1
            parsed += 1
    return {"total": len(rows), "parsed": parsed,
            "by_kind": {kind: tuple(value) for kind, value in sorted(by_kind.items())},
            "reasons": reasons}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python3 -m pysolver.cards.material_lines ed_material_lines.tsv", file=sys.stderr)
        return 2
    result = coverage(args[0])
    print(f"{result['parsed']}/{result['total']} parsed")
    for kind, (done, total) in result["by_kind"].items():
        print(f"  {kind}: {done}/{total}")
    print("top reasons:")
    for reason, count in result["reasons"].most_common(20):
        print(f"  {count:4d}  {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def parse_filter(phrase: str, *, archetypes: Mapping[str, int] | None = None):
    """A noun phrase naming one kind of monster ('a Dragon monster', 'any "Cyber Angel" Ritual
    Monster', 'DARK Ritual Monster') -> its filter; `UnsupportedMaterialLine` if it is not exact."""
    words = phrase.strip().rstrip(".")
    for article in ("any 1 ", "any ", "a ", "an ", "1 "):
        if words.lower().startswith(article):
            words = words[len(article):]
            break
    requirement = parse_material_line(f"1 {words}", "link", archetypes=archetypes)
    (group,) = requirement.groups
    if requirement.conditions or (group.min, group.max) != (1, 1):
        raise UnsupportedMaterialLine(f"not a single kind of monster: {phrase!r}")
    if group.place in ("controlled", "emz", "not_field_gy") or contains(group.filter, Atom("position", "=", "face_up")):
        # MAT-3's places and "face-up" belong to a material line, not to a filter
        raise UnsupportedMaterialLine(f"custom condition: {phrase!r}")
    return group.filter
