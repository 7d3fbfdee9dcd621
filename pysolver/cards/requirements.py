"""The material-requirement language: pure data terms for Extra Deck material lines.

A `Requirement` is what one official material line asks for ("1 Tuner + 1+ non-Tuner monsters").
It is built by `pysolver.cards.material_lines.parse_material_line` and interpreted by the ASP side;
nothing here is per card and nothing here evaluates a term against a card.

Terms (all frozen dataclasses, hashable, compared by value):

* Filters on one material: `Atom`, `And`, `Or`, `Not`.
* `Group`: one slot of the line with its count; every chosen material fills exactly one group.
* Group conditions: `Including`, `DifferentNames`, `SameProperty`, `DifferentProperty`.  Each has a
  `group` field: None = over all the materials, an index = over the materials of that group only
  ('"Elemental HERO Neos" + 3 "Neo-Spacian" monsters with different Attributes').
* `Requirement(summon, groups, conditions, text, alternatives)`: `alternatives` (ALM-1) names sets of groups of
  which exactly one takes materials ('"Blue-Eyes Ultimate Dragon" or 3 "Blue-Eyes" monsters').

`str()` of every term reads close to the English wording (used by `pysolver cards show`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ATOM_KEYS = frozenset({"any", "name", "archetype", "attribute", "race", "kind", "level", "rank",
                       "link_rating", "atk", "def", "position", "overlay", "summoned",
                       "name_has",    # PRW-10: a name holding these words ("Number C101")
                       "mentions"})   # PRW-14: a card whose text mentions this name (in quotes)
NUMERIC_KEYS = frozenset({"level", "rank", "link_rating", "atk", "def"})
OPS = frozenset({"=", "<=", ">="})
MATERIAL_KINDS = frozenset({"tuner", "effect", "normal", "fusion", "synchro", "xyz", "link", "pendulum",
                            "spell", "trap", "continuous",   # PRX-17: costs of Spell and Trap Cards
                            "token", "ritual", "gemini", "flip", "spirit", "union", "toon",
                            "special_summon", "trap_monster",   # PRW-12: "that cannot be Normal Summoned/Set"
                            "monster"})   # PRW-13: "Monster Cards" in the Spell & Trap Zone
PROPERTIES = frozenset({"attribute", "race", "level", "name", "rank"})
SUMMONS = frozenset({"fusion", "synchro", "xyz", "link"})
ROLES = frozenset({"", "tuner", "non_tuner"})

_KIND_WORDS = {"xyz": "Xyz", "special_summon": "Special Summon-only", "trap_monster": "Trap Monster"}   # PRW-12
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
    "def" (int, with op "=", "<=" or ">="), "position" (value "face_down", or "face_up": on the field, MAT-3),
    "overlay" (value "has_material": an Xyz Monster with material attached, MAT-6), "summoned" (value
    "from_extra_deck": a monster on the field that was Special Summoned from the Extra Deck, MAT-7;
    "from_graveyard": ... from the GY, docs/lock-rules.md LKP-4; "special_this_turn": a face-up monster on the field Special
    Summoned this turn, docs/battle-rules.md SMT-4).
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


def _order(term) -> int:
    """Adjective order of the official wording: non-X, Level, Attribute, Type, archetype, kind."""
    if isinstance(term, Not):
        return 0
    if isinstance(term, Or):
        return _order(term.parts[0])
    if not isinstance(term, Atom):
        return 9
    if term == TUNER:
        return 6
    return {"position": 1, "level": 2, "rank": 2, "link_rating": 2, "attribute": 3, "race": 4,
            "archetype": 5, "kind": 7}.get(term.key, 8)


def conj(*parts) -> object:
    """And of the parts, flattened, without duplicates or "any", in the canonical order (_order);
    a single part is returned as is."""
    flat: list = []
    for part in parts:
        for item in (part.parts if isinstance(part, And) else (part,)):
            if item != ANY and item not in flat:
                flat.append(item)
    if not flat:
        return ANY
    flat.sort(key=_order)
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


_CAPITAL_KINDS = frozenset({"effect", "normal", "fusion", "synchro", "xyz", "link", "pendulum", "ritual"})


def _num(atom: Atom, word: str) -> str:
    tail = {"=": "", "<=": " or lower", ">=": " or higher"}[atom.op]
    sep = "-" if word == "Link" else " "
    return f"{word}{sep}{atom.value}{tail}"


def _stat(atom: Atom) -> str:
    tail = {"=": "", "<=": " or less", ">=": " or more"}[atom.op]
    return f"{atom.value}{tail} {atom.key.upper()}"


def _series(words: list[str], plural: bool) -> str:
    joiner = "and/or" if plural else "or"
    if len(words) == 2:
        return f"{words[0]} {joiner} {words[1]}"
    return ", ".join(words[:-1]) + f", {joiner} " + words[-1]


def _adjective(term, plural: bool = False) -> str | None:
    """The word(s) a simple term puts before the noun, or None when it is not an adjective."""
    if isinstance(term, Atom):
        if term.key in ("attribute", "race"):
            return str(term.value)
        if term.key == "archetype":
            return f'"{term.label}"' if term.label else f"archetype 0x{term.value:x}"
        if term.key == "kind":
            return kind_word(str(term.value))
        if term.key in ("level", "rank", "link_rating"):
            return _num(term, {"level": "Level", "rank": "Rank", "link_rating": "Link"}[term.key])
        if term.key == "position":
            return "face-up" if term.value == "face_up" else "face-down Defense Position"
        if term.key == "name_has":   # PRW-10
            return f'"{term.value}"-named'
        if term.key == "mentions":   # PRW-14
            return f'"{term.value}"-mentioning'
        return None
    if isinstance(term, Not):
        inner = _adjective(term.part)
        return f"non-{inner}" if inner is not None and isinstance(term.part, Atom) else None
    if isinstance(term, Or) and all(isinstance(p, Atom) for p in term.parts):
        keys = [p.key for p in term.parts]
        values = {p.value for p in term.parts}
        if keys == ["level", "rank", "link_rating"] and len(values) == 1 and \
                all(p.op == "=" for p in term.parts):
            return f"Level/Rank/Link {term.parts[0].value}"
        if len(set(keys)) == 1 and keys[0] in ("level", "rank", "link_rating") and \
                all(p.op == "=" for p in term.parts):
            first = _adjective(term.parts[0])
            return first + "".join(f" or {p.value}" for p in term.parts[1:])
    if isinstance(term, Or):
        words = [_adjective(part) for part in term.parts]
        return _series(words, plural) if all(w is not None for w in words) else None
    return None


def _is_name_filter(filter_) -> bool:
    if isinstance(filter_, Atom):
        return filter_.key == "name"
    return isinstance(filter_, Or) and all(_is_name_filter(part) for part in filter_.parts)


def _noun(adjectives: list, plural: bool) -> str:
    """The head noun; pops a lone 'Tuner' / 'Token', which are nouns themselves."""
    s = "s" if plural else ""
    last = adjectives[-1] if adjectives else None
    if last == TUNER or last == Atom("kind", "=", "token"):
        adjectives.pop()
        return ("Tuner" if last == TUNER else "Token") + s
    kinds = last.parts if isinstance(last, Or) else (last.part,) if isinstance(last, Not) else (last,)
    if all(isinstance(k, Atom) and k.key == "kind" and k.value in _CAPITAL_KINDS for k in kinds):
        return f"Monster{s}"
    return f"monster{s}"


# PRW-12: "that cannot be Normal Summoned/Set" (the material-line parser builds this term; printed back as those words)
NEVER_NORMAL_SUMMONED = Or(tuple(Atom("kind", "=", k) for k in ("ritual", "special_summon", "fusion", "synchro", "xyz",
                                                                 "link", "token", "trap_monster")))


def mentioned_name(filter_) -> str | None:
    """PRW-14: X when the filter is '"X" (or 1 Fusion Monster that mentions it)'."""
    if isinstance(filter_, Or) and len(filter_.parts) == 2:
        named, other = filter_.parts
        if isinstance(named, Atom) and named.key == "name" and other == And(
                (Atom("kind", "=", "fusion"), Atom("mentions", "=", named.value))):
            return str(named.value)
    return None


# EQP-2, EQP-3: the words "equipped with" a Monster Card ("a Monster Card", "a monster", "a Fusion Monster", ...), never an
# Equip Spell ("an Equip Card", a card name); no monster of a position is (none is equipped there), so no card matches
# the filter (the encoding's filter_not of filter_any; the reference's `_matches`), printed back as those words.
EQUIPPED_WITH_MONSTER_CARD_WORDS = (r"equipped with (?:a Monster Card|a monster|an? (?:Fusion|Synchro|Xyz|Link|Effect|"
                                    r"Normal|Ritual|Pendulum) Monster)")
EQUIPPED_WITH_MONSTER_CARD = Not(ANY)


def phrase(filter_, *, plural: bool) -> tuple[str, list[str]]:
    """(noun phrase, trailing 'except ...' clauses) for a filter."""
    mentioned = mentioned_name(filter_)
    if mentioned is not None:   # PRW-14
        return f'"{mentioned}" (or 1 Fusion Monster that mentions it)', []
    if _is_name_filter(filter_):
        parts = filter_.parts if isinstance(filter_, Or) else (filter_,)
        return " or ".join(f'"{atom.value}"' for atom in parts), []
    if isinstance(filter_, Or) and _adjective(filter_) is None:
        return " or ".join(describe(part, plural=plural) for part in filter_.parts), []
    parts = list(filter_.parts) if isinstance(filter_, And) else [filter_]
    names = [p for p in parts if _is_name_filter(p)]
    adjectives, stats, excepts, others, tails = [], [], [], [], []
    for part in parts:
        if part in names or part == ANY:
            continue
        if isinstance(part, Atom) and part.key in ("atk", "def"):
            stats.append(_stat(part))
        elif isinstance(part, Atom) and part.key == "overlay":
            tails.append("that have material" if plural else "that has material")
        elif part == NEVER_NORMAL_SUMMONED:                           # PRW-12
            tails.append("that cannot be Normal Summoned/Set")
        elif part == EQUIPPED_WITH_MONSTER_CARD:                      # EQP-3
            tails.append("equipped with a Monster Card")
        elif isinstance(part, Atom) and part.key == "summoned":      # MAT-7
            tails.append({"from_graveyard": "Special Summoned from the GY",
                          "special_this_turn": "Special Summoned this turn"}.get(part.value,
                                                                               "Special Summoned from the Extra Deck"))
        elif isinstance(part, Not) and part.part == Atom("kind", "=", "token"):
            excepts.append("except Tokens")
        elif isinstance(part, Not) and (_is_name_filter(part.part) or
                                        (isinstance(part.part, Atom) and part.part.key == "archetype")):
            excepts.append("except " + describe(part.part, plural=True))
        elif _adjective(part, plural) is not None:
            adjectives.append(part)
        else:
            others.append(part)
    if names:
        text = " or ".join(phrase(n, plural=False)[0] for n in names)
        extra = [_adjective(a) for a in adjectives]
        extra += [f"not {describe(o.part, plural=False)}" if isinstance(o, Not)
                  else describe(o, plural=False) for o in others]
        extra += [f"with {'/'.join(stats)}"] if stats else []
        extra += tails
        return text + (f" ({', '.join(extra)})" if extra else ""), excepts
    adjectives.sort(key=_order)
    noun = _noun(adjectives, plural)
    words = [_adjective(a, plural) for a in adjectives] + [noun]
    if stats:
        words.append(f"with {'/'.join(stats)}")
    words += [f"that is not {describe(o.part, plural=False)}" if isinstance(o, Not)
              else f"that is {describe(o, plural=False)}" for o in others]
    return " ".join(words + tails), excepts


def describe(filter_, *, plural: bool) -> str:
    """An English noun phrase for a filter: 'Level 4 LIGHT Warrior monsters', '"Cyber Dragon"'."""
    text, excepts = phrase(filter_, plural=plural)
    return "".join([text] + [f", {e}" for e in excepts])


def _article(text: str) -> str:
    word = text.lstrip('"')
    initialism = text.startswith('"') and len(word) > 1 and not word[1].islower()
    return "an" if word[:1] in "AEIOUaeiou" or (initialism and word[:1] in "FHLMNRSX") else "a"


# ------------------------------------------------------------------------------------------------
# Slots and the whole requirement


def _count(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low} or more (max. {high})"


# MAT-2: where a group's materials must be, as material lines write it
PLACES = {"field": "on the field", "hand": "in the hand", "gy": "in your GY", "opponent_gy": "in your opponent's GY",
          "controlled": "you control", "emz": "in the Extra Monster Zone",
          "not_field_gy": "except on the field or in the GY"}   # MAT-2: Denial Deity Dotan


@dataclass(frozen=True)
class Group:
    """A slot of the material line: between `min` and `max` (None = no upper bound) materials, each
    matching `filter`.  `role` is "tuner" (the Synchro Tuner slot) or "non_tuner" (any other Synchro
    slot) for Synchro lines, "" otherwise; the filter alone says what the materials must be. `place`:
    where the materials must be, when the line says it (MAT-2: "on the field", "in the hand", "in your
    GY", "in your opponent's GY"; PLACES), else "" (wherever the summon takes materials from)."""

    min: int
    max: int | None
    filter: object
    role: str = ""
    place: str = ""

    def __post_init__(self) -> None:
        if self.min < 0 or (self.max is not None and self.max < self.min):
            raise ValueError(f"bad count {self.min}..{self.max}")
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")
        if self.place and self.place not in PLACES:
            raise ValueError(f"unknown place {self.place!r}")

    def render(self) -> tuple[str, list[str]]:
        """(text, trailing 'except ...' clauses)."""
        filter_ = self.filter
        if self.role == "tuner" and isinstance(filter_, And) and TUNER in filter_.parts:
            rest = conj(*(p for p in filter_.parts if p != TUNER))
            if _is_name_filter(rest):   # '"Junk Synchron"': a named Tuner
                filter_ = rest
        plural = self.max is None or self.max > 1
        count = _count(self.min, self.max)
        mentions = [p for p in (filter_.parts if isinstance(filter_, And) else (filter_,))
                    if isinstance(p, Atom) and p.key == "mentions"]
        if mentions and not self.place:   # ALM-4: '2 monsters that mention "Temple of the Kings"'
            rest = Group(self.min, self.max, conj(*(p for p in filter_.parts if p != mentions[0]))
                         if isinstance(filter_, And) else ANY, self.role)
            text, excepts = rest.render()
            return f'{text} that {"mention" if plural else "mentions"} "{mentions[0].value}"', excepts
        if mentioned_name(filter_) is not None and self.min == self.max == 1:   # PRW-14
            text = phrase(filter_, plural=False)[0]
            return (f"{text} {PLACES[self.place]}" if self.place else text), []
        if isinstance(filter_, Or) and not _is_name_filter(filter_) and _adjective(filter_) is None:
            text = " or ".join(Group(self.min, self.max, part).render()[0] for part in filter_.parts)
            return (f"{text} {PLACES[self.place]}" if self.place else text), []
        text, excepts = phrase(filter_, plural=plural)
        if not (_is_name_filter(filter_) and self.min == self.max == 1):
            text = f"{count} {text}"
        if self.place:
            text = f"{text} {PLACES[self.place]}"
        return text, excepts

    def __str__(self) -> str:
        text, excepts = self.render()
        return "".join([text] + [f", {e}" for e in excepts])


@dataclass(frozen=True)
class Including:
    """At least `count` of the materials (of `group`, or of all when None) match `filter`."""

    filter: object
    count: int = 1
    group: int | None = None

    def __str__(self) -> str:
        if _is_name_filter(self.filter) and self.count == 1:
            return f"including {describe(self.filter, plural=False)}"
        if self.count == 1:
            text = describe(self.filter, plural=False)
            return f"including {_article(text)} {text}"
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
class SameAnyProperty:
    """MAT-5: the materials (of `group`, or all) share one value of at least one of `props` ("with the same Type
    or Attribute": all of one Type, or all of one Attribute)."""

    props: tuple
    group: int | None = None

    def __post_init__(self) -> None:
        if len(self.props) < 2 or any(prop not in PROPERTIES for prop in self.props):
            raise ValueError(f"bad properties {self.props!r}")

    def __str__(self) -> str:
        return "with the same " + " or ".join(_PROPERTY_WORDS[prop][0] for prop in self.props)


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
    # ALM-1: sets of group indices; of each set exactly one group takes materials (its count holds), the others
    # take none ('"Blue-Eyes Ultimate Dragon" or 3 "Blue-Eyes" monsters': the engine's two procedures)
    alternatives: tuple = ()

    def __post_init__(self) -> None:
        if self.summon not in SUMMONS:
            raise ValueError(f"unknown summon {self.summon!r}")
        if not self.groups:
            raise ValueError("a requirement needs at least one group")
        for condition in self.conditions:
            if condition.group is not None and not 0 <= condition.group < len(self.groups):
                raise ValueError(f"condition {condition!r} names a missing group")
        seen = [g for choice in self.alternatives for g in choice]
        if len(seen) != len(set(seen)) or any(len(choice) < 2 for choice in self.alternatives) \
                or any(not 0 <= g < len(self.groups) or self.groups[g].min < 1 for g in seen):
            # a group taking no material is an unused alternative: each needs at least one
            raise ValueError(f"bad alternatives {self.alternatives!r}")

    def alternative_of(self, index: int) -> tuple | None:
        """ALM-1: the set of alternative groups `index` belongs to, or None."""
        return next((choice for choice in self.alternatives if index in choice), None)

    @property
    def min_materials(self) -> int:
        return sum(group.min for g, group in enumerate(self.groups) if self.alternative_of(g) is None) \
            + sum(min(self.groups[g].min for g in choice) for choice in self.alternatives)

    @property
    def max_materials(self) -> int | None:
        if any(group.max is None for group in self.groups):
            return None
        return sum(group.max for g, group in enumerate(self.groups) if self.alternative_of(g) is None) \
            + sum(max(self.groups[g].max for g in choice) for choice in self.alternatives)

    def __str__(self) -> str:
        parts = []
        for index, group in enumerate(self.groups):
            text, excepts = group.render()
            mine = [c for c in self.conditions
                    if c.group == index or (c.group is None and len(self.groups) == 1)]
            text += conditions_text(mine) + "".join(f", {e}" for e in excepts)
            choice = self.alternative_of(index)
            if choice is not None and index != choice[0]:
                parts[-1] += f" or {text}"   # ALM-1
            else:
                parts.append(text)
        text = " + ".join(parts)
        if len(self.groups) > 1:
            text += conditions_text([c for c in self.conditions if c.group is None])
        return text


def xyz_of_xyz(requirement) -> bool:
    """MAT-6: an Xyz line every part of which asks for Xyz Monsters ('2 Xyz Monsters with the same Rank'): its
    materials are Xyz Monsters, which have no Level (the engine: `Xyz.AddProcedure` without a Level)."""
    return requirement.summon == "xyz" and all(contains(group.filter, Atom("kind", "=", "xyz"))
                                               for group in requirement.groups)


def conditions_text(conditions) -> str:
    """' with the same Attribute but different Types, including a Tuner'."""
    same = [_PROPERTY_WORDS[c.prop][0] for c in conditions if isinstance(c, SameProperty)]
    different = [_PROPERTY_WORDS["name" if isinstance(c, DifferentNames) else c.prop][1]
                 for c in conditions if isinstance(c, (DifferentNames, DifferentProperty))]
    text = f" with the same {' and '.join(same)}" if same else ""
    text += "".join(f" {c}" for c in conditions if isinstance(c, SameAnyProperty))   # MAT-5
    if different:
        text += (" but different " if same else " with different ") + " and ".join(different)
    return text + "".join(f", {c}" for c in conditions if isinstance(c, Including))
