"""What a card's text says about how it may be Normal Summoned or Set (NS-6, NS-7).

This is card data, read from the official English text; the encodings receive it as facts. Only
wordings known exactly are read; anything else leaves the ordinary rules in force.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .cards import Card

# Cards that can never be Normal Summoned or Set by kind (NS-7).
NEVER_NORMAL_SUMMONED = frozenset({"ritual", "fusion", "synchro", "xyz", "link", "token", "special_summon",
                                   "trap_monster"})


@dataclass(frozen=True)
class TributeRule:
    """One way to Normal Summon/Set a monster: `tributes` Tributes (NS-3, NS-6).

    A selection of Tributes is valid when it has at most `tributes` monsters and their Tribute values
    (1, or 2 for a double-Tribute monster) add up to at least `tributes`.
    """

    tributes: int
    summon: bool = True               # usable for a Normal (Tribute) Summon
    set: bool = True                  # usable for a Set
    only_card_in_hand: bool = False   # "If this is the only card in your hand, ..."


_CANNOT_NORMAL = re.compile(r"\bCannot be Normal Summoned(?:/Set| or Set)?\b|\bMust be Special Summoned\b", re.I)
_REQUIRES = re.compile(r"\bRequires (\d+) Tributes to Normal Summon(?: \(cannot be Normal Set\))?"
                       r"|\bMust be Normal Summoned/Set by Tributing (\d+) monsters\b", re.I)
_NO_TRIBUTE = re.compile(r"\bYou can Normal Summon(/Set)? this card without Tributing\b", re.I)
_ONLY_CARD = re.compile(r"\bIf this is the only card in your hand, you can Normal Summon (?:it|this card) without Tributing\b",
                        re.I)
_OPTIONAL_TRIBUTES = re.compile(r"\bYou can Tribute (\d+) monsters to Tribute Summon \(but not Set\) this card\b",
                                re.I)
_DOUBLE = re.compile(r"\bIf Tribute Summoning an? (EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE) monster, this card "
                     r"can be treated as 2 Tributes\b|\bThis card can be treated as 2 Tributes for the Tribute Summon "
                     r"of an? (EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE) monster\b", re.I)


def default_tributes(level: int) -> int:
    """NS-3: Level 4 or lower none, 5-6 one, 7 or more two."""
    return 0 if level <= 4 else 1 if level <= 6 else 2


@lru_cache(maxsize=None)
def tribute_rules(card: Card) -> tuple[TributeRule, ...]:
    """Every way `card` may be Normal Summoned or Set; empty when it never may (NS-7)."""
    if not card.is_monster or card.kinds & NEVER_NORMAL_SUMMONED or _CANNOT_NORMAL.search(card.text):
        return ()
    required = _REQUIRES.search(card.text)
    if required:  # "Requires N Tributes" replaces the ordinary rule; the Egyptian Gods cannot be Set
        count = int(required.group(1) or required.group(2))
        return (TributeRule(count, set="cannot be Normal Set" not in required.group(0)),)
    rules = [TributeRule(default_tributes(card.level or 0))]
    no_tribute = _NO_TRIBUTE.search(card.text)
    if _ONLY_CARD.search(card.text) and rules[0].tributes:
        rules.append(TributeRule(0, set=False, only_card_in_hand=True))
    elif no_tribute and rules[0].tributes:  # "Normal Summon/Set" also Sets without Tributes
        rules.append(TributeRule(0, set=bool(no_tribute.group(1))))
    optional = _OPTIONAL_TRIBUTES.search(card.text)
    if optional:
        rules.append(TributeRule(int(optional.group(1)), set=False))
    return tuple(rules)


@lru_cache(maxsize=None)
def double_tribute_attribute(card: Card) -> str | None:
    """The Attribute of the monsters for which `card` counts as 2 Tributes (Kaiser Sea Horse), if any."""
    match = _DOUBLE.search(card.text)
    return (match.group(1) or match.group(2)).upper() if match else None


_NO_TRIBUTE_USE = re.compile(r"\bcannot be (?:used as a Tribute|Tributed) for a Tribute Summon\b"
                             r"(, unless it is for an? (EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE) monster"
                             r"| during the turn it is Special Summoned)?", re.I)


@dataclass(frozen=True)
class TributeLimit:
    """"This Token cannot be used as a Tribute for a Tribute Summon[, unless ...]" (NS-4)."""

    unless_attribute: str | None = None   # may still be Tributed for a monster of this Attribute
    summon_turn_only: bool = False        # only during the turn it was Special Summoned


@lru_cache(maxsize=None)
def tribute_limit(card: Card) -> TributeLimit | None:
    """How a Token's own text limits its use as a Tribute; None when it does not."""
    match = _NO_TRIBUTE_USE.search(card.text) if "token" in card.kinds else None
    if not match:
        return None
    if match.group(2):
        return TributeLimit(unless_attribute=match.group(2).upper())
    return TributeLimit(summon_turn_only=bool(match.group(1)))


_SUMMON_OF_KIND = (("link", "link"), ("xyz", "xyz"), ("synchro", "synchro"), ("fusion", "fusion"))


@lru_cache(maxsize=None)
def material_requirement(card: Card):
    """The parsed material line of an Extra Deck monster: a `Requirement`, or the
    `UnsupportedMaterialLine` error saying why it cannot be expressed (fail closed)."""
    from .material_lines import UnsupportedMaterialLine, parse_material_line
    summon = next((summon for kind, summon in _SUMMON_OF_KIND if kind in card.kinds), None)
    if summon is None or not card.materials:
        return UnsupportedMaterialLine(f"{card.name!r} has no material line")
    try:
        return parse_material_line(card.materials, summon)
    except UnsupportedMaterialLine as error:
        return error
