"""The material-requirement language: pure data terms for Extra Deck material lines.

A `Requirement` is what one official material line asks for ("1 Tuner + 1+ non-Tuner monsters").
It is built by `pysolver.material_lines.parse_material_line` and interpreted by the ASP side;
nothing here is per card and nothing here evaluates a term against a card.

Terms (all frozen dataclasses, hashable, compared by value):

* Filters on one material: `Atom`, `And`, `Or`, `Not`.
* `Group`: one slot of the line with its count; every chosen material fills exactly one group.
* Group conditions: `Including`, `DifferentNames`, `SameProperty`, `DifferentProperty`.  Each has a
  `group` field: None = over all the materials, an index = over the materials of that group only
  ('"Elemental HERO Neos" + 3 "Neo-Spacian" monsters with different Attributes').
* `Requirement(summon, groups, conditions, text)`.

`str()` of every term reads close to the English wording (used by `pysolver cards show`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ATOM_KEYS = frozenset({"any", "name", "archetype", "attribute", "race", "kind", "level", "rank",
                       "link_rating", "atk", "def", "position"})
NUMERIC_KEYS = frozenset({"level", "rank", "link_rating", "atk", "def"})
OPS = frozenset({"=", "<=", ">="})
MATERIAL_KINDS = frozenset({"tuner", "effect", "normal", "fusion", "synchro", "xyz", "link", "pendulum",
                            "token", "ritual", "gemini", "flip", "spirit", "union", "toon"})
PROPERTIES = frozenset({"attribute", "race", "level", "name", "rank"})
SUMMONS = frozenset({"fusion", "synchro", "xyz", "link"})
ROLES = frozenset({"", "tuner", "non_tuner"})

_KIND_WORDS = {"xyz": "Xyz"}
_PROPERTY_WORDS = {"attribute": ("Attribute", "Attributes"), "race": ("Type", "Types"),
                   "level": ("Level", "Levels"), "name": ("name", "names"), "rank": ("Rank", "Ranks")}


def kind_word(kind: str) -> str:
    """'tuner' -> 'Tuner', 'xyz' -> 'Xyz'."""
    return _KIND_WORDS.get(kind, kind.capitalize())


# ------------------------------------------------------------------------------------------------
# Filters on one material


@dataclass(frozen=True)
class Atom:
    """One property test on a material.

    key "any" (every monster), "name" (str: the English card name as written in the line),
    "archetype" (int setcode, matched like Card.in_archetype), "attribute" ("LIGHT"), "race" (official
    Type name), "kind" (a Card kind flag, MATERIAL_KINDS), "level" / "rank" / "link_rating" / "atk" /
    "def" (int, with op "=", "<=" or ">="), "position" (value "face_down").
    `label` is the archetype's English name, kept for printing only (not compared).
    """

    key: str
    op: str = "="
    value: object = None
    label: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.key not in ATOM_KEYS:
            raise ValueError(f"unknown atom key {self.key!r}")
        if self.op not in OPS or (self.op != "=" and self.key not in NUMERIC_KEYS):
            raise ValueError(f"bad operator {self.op!r} for {self.key!r}")
        if self.key == "kind" and self.value not in MATERIAL_KINDS:
            raise ValueError(f"unknown kind {self.value!r}")
        if self.key in NUMERIC_KEYS and not isinstance(self.value, int):
            raise ValueError(f"{self.key} needs an int value")
        if self.key == "archetype" and not isinstance(self.value, int):
            raise ValueError("archetype needs an int setcode")

    def __str__(self) -> str:
        return describe(self, plural=False)


@dataclass(frozen=True)
class And:
    parts: tuple

    def __str__(self) -> str:
        return describe(self, plural=False)


@dataclass(frozen=True)
class Or:
    parts: tuple

    def __str__(self) -> str:
        return describe(self, plural=False)


@dataclass(frozen=True)
class Not:
    part: object

    def __str__(self) -> str:
        return describe(self, plural=False)


ANY = Atom("any")
TUNER = Atom("kind", "=", "tuner")
NON_TUNER = Not(TUNER)


def conj(*parts) -> object:
    """And of the parts, flattened, without duplicates or "any"; a single part is returned as is."""
    flat: list = []
    for part in parts:
        for item in (part.parts if isinstance(part, And) else (part,)):
            if item != ANY and item not in flat:
                flat.append(item)
    if not flat:
        return ANY
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def disj(*parts) -> object:
    """Or of the parts, flattened, without duplicates; a single part is returned as is."""
    flat: list = []
    for part in parts:
        for item in (part.parts if isinstance(part, Or) else (part,)):
            if item not in flat:
                flat.append(item)
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def contains(filter_, atom) -> bool:
    """True when `atom` is one of the conjuncts of `filter_` (so every match satisfies it)."""
    return filter_ == atom or (isinstance(filter_, And) and atom in filter_.parts)


# ------------------------------------------------------------------------------------------------
# Printing filters as English noun phrases


def _num(atom: Atom, word: str) -> str:
    tail = {"=": "", "<=": " or lower", ">=": " or higher"}[atom.op]
    sep = "-" if word == "Link" else " "
    return f"{word}{sep}{atom.value}{tail}"


def _stat(atom: Atom) -> str:
    tail = {"=": "", "<=": " or less", ">=": " or more"}[atom.op]
    return f"with {atom.value}{tail} {atom.key.upper()}"


def _adjective(term) -> str | None:
    """The word(s) a simple term puts before the noun, or None when it is not an adjective."""
    if isinstance(term, Atom):
        if term.key == "attribute" or term.key == "race":
            return str(term.value)
        if term.key == "archetype":
            return f'"{term.label}"' if term.label else f"archetype 0x{term.value:x}"
        if term.key == "kind":
            return kind_word(str(term.value))
        if term.key == "level":
            return _num(term, "Level")
        if term.key == "rank":
            return _num(term, "Rank")
        if term.key == "link_rating":
            return _num(term, "Link")
        if term.key == "position":
            return "face-down"
        return None
    if isinstance(term, Not):
        inner = _adjective(term.part)
        if inner is not None and isinstance(term.part, Atom):
            return f"non-{inner}"
        return None
    if isinstance(term, Or):
        words = [_adjective(part) for part in term.parts]
        if all(w is not None for w in words):
            return " or ".join(words) if len(words) == 2 else ", ".join(words[:-1]) + ", or " + words[-1]
        return None
    return None


def describe(filter_, *, plural: bool) -> str:
    """An English noun phrase for a filter: 'Level 4 LIGHT Warrior monsters', '"Cyber Dragon"'."""
    parts = list(filter_.parts) if isinstance(filter_, And) else [filter_]
    names = [p for p in parts if isinstance(p, Atom) and p.key == "name"]
    adjectives, after, others = [], [], []
    for part in parts:
        if part in names or part == ANY:
            continue
        if isinstance(part, Atom) and part.key in ("atk", "def"):
            after.append(_stat(part))
        elif isinstance(part, Not) and isinstance(part.part, Atom) and part.part.key == "name":
            after.append(f'except "{part.part.value}"')
        elif isinstance(part, Not) and part.part == Atom("kind", "=", "token"):
            after.append("except Tokens")
        elif _adjective(part) is not None:
            adjectives.append(_adjective(part))
        else:
            others.append(part)
    if isinstance(filter_, Or) and _adjective(filter_) is None:
        return " or ".join(describe(part, plural=plural) for part in filter_.parts)
    if names:
        head = " or ".join(f'"{atom.value}"' for atom in names)
        extra = adjectives + [describe(o, plural=False) for o in others] + after
        return head + (f" ({', '.join(extra)})" if extra else "")
    # "Tuner" / "non-Tuner" / "Token" stand alone as nouns; kind words take "Monster(s)".
    noun = "monsters" if plural else "monster"
    for lone in ("Tuner", "non-Tuner", "Token"):
        if adjectives and adjectives[-1] == lone:
            adjectives.pop()
            noun = lone + ("s" if plural else "")
            break
    else:
        kinds = {kind_word(k) for k in MATERIAL_KINDS}
        if adjectives and adjectives[-1] in kinds:
            noun = noun.capitalize()
    words = adjectives + [noun]
    text = " ".join(words)
    for other in others:
        text += f" that is {describe(other, plural=False)}"
    return " ".join([text] + after) if after else text


# ------------------------------------------------------------------------------------------------
# Slots and the whole requirement


def _count(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low} to {high}"


@dataclass(frozen=True)
class Group:
    """A slot of the material line: between `min` and `max` (None = no upper bound) materials, each
    matching `filter`.  `role` is "tuner" (the Synchro Tuner slot) or "non_tuner" (any other Synchro
    slot) for Synchro lines, "" otherwise; the filter alone says what the materials must be."""

    min: int
    max: int | None
    filter: object
    role: str = ""

    def __post_init__(self) -> None:
        if self.min < 0 or (self.max is not None and self.max < self.min):
            raise ValueError(f"bad count {self.min}..{self.max}")
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")

    def __str__(self) -> str:
        filter_ = self.filter
        is_name = isinstance(filter_, Atom) and filter_.key == "name"
        if self.role == "tuner" and isinstance(filter_, And) and TUNER in filter_.parts:
            rest = conj(*(p for p in filter_.parts if p != TUNER))
            if isinstance(rest, Atom) and rest.key == "name":   # '"Junk Synchron"': a named Tuner
                filter_, is_name = rest, True
        if is_name and self.min == self.max == 1:
            return describe(filter_, plural=False)
        plural = self.max is None or self.max > 1
        return f"{_count(self.min, self.max)} {describe(filter_, plural=plural)}"


@dataclass(frozen=True)
class Including:
    """At least `count` of the materials (of `group`, or of all when None) match `filter`."""

    filter: object
    count: int = 1
    group: int | None = None

    def __str__(self) -> str:
        if isinstance(self.filter, Atom) and self.filter.key == "name":
            return f"including {describe(self.filter, plural=False)}"
        if self.count == 1:
            phrase = describe(self.filter, plural=False)
            article = "an" if phrase[:1].lower() in "aeiou" else "a"
            return f"including {article} {phrase}"
        return f"including {self.count} {describe(self.filter, plural=True)}"


@dataclass(frozen=True)
class DifferentNames:
    """The materials (of `group`, or all) have pairwise different names."""

    group: int | None = None

    def __str__(self) -> str:
        return "with different names"


@dataclass(frozen=True)
class SameProperty:
    """The materials (of `group`, or all) share one value of `prop` (attribute, race, level, name, rank)."""

    prop: str
    group: int | None = None

    def __post_init__(self) -> None:
        if self.prop not in PROPERTIES:
            raise ValueError(f"unknown property {self.prop!r}")

    def __str__(self) -> str:
        return f"with the same {_PROPERTY_WORDS[self.prop][0]}"


@dataclass(frozen=True)
class DifferentProperty:
    """The materials (of `group`, or all) have pairwise different values of `prop`."""

    prop: str
    group: int | None = None

    def __post_init__(self) -> None:
        if self.prop not in PROPERTIES:
            raise ValueError(f"unknown property {self.prop!r}")

    def __str__(self) -> str:
        return f"with different {_PROPERTY_WORDS[self.prop][1]}"


CONDITIONS = (Including, DifferentNames, SameProperty, DifferentProperty)


@dataclass(frozen=True)
class Requirement:
    """What one material line asks for.  Each chosen material fills exactly one group; the counts of
    all groups hold at once; the conditions hold over the whole selection (or over one group)."""

    summon: str
    groups: tuple
    conditions: tuple = ()
    text: str = ""

    def __post_init__(self) -> None:
        if self.summon not in SUMMONS:
            raise ValueError(f"unknown summon {self.summon!r}")
        if not self.groups:
            raise ValueError("a requirement needs at least one group")
        for condition in self.conditions:
            if condition.group is not None and not 0 <= condition.group < len(self.groups):
                raise ValueError(f"condition {condition!r} names a missing group")

    @property
    def min_materials(self) -> int:
        return sum(group.min for group in self.groups)

    @property
    def max_materials(self) -> int | None:
        if any(group.max is None for group in self.groups):
            return None
        return sum(group.max for group in self.groups)

    def __str__(self) -> str:
        parts = []
        for index, group in enumerate(self.groups):
            words = [str(group)] + [_clause(c) for c in self.conditions if c.group == index]
            parts.append("".join(words))
        text = " + ".join(parts)
        for condition in self.conditions:
            if condition.group is None:
                text += _clause(condition)
        return text


def _clause(condition) -> str:
    return (", " if isinstance(condition, Including) else " ") + str(condition)
