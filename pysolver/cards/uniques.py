"""Card text -> "You can only control 1 "X"": a card unique on the field (UNQ-1..UNQ-4, docs/lock-rules.md).

The engine's `SetUniqueOnField` (engine-rules.md §4.2; ocgcore `field::check_unique_onfield`): while a face-up
card that says it applies it, no other X can be put face-up in the zones it covers, and a card that says it
cannot be put face-up there while a face-up X is already in them. The wordings read, each a sentence standing
alone whose X is the card itself (its own name, or an archetype it belongs to):

    You can only control 1 "Gagaga Magician".                     its name; its controller; the whole field
    You can only control 1 face-up "ZW - Lightning Blade".        (the same: only face-up cards count anyway)
    You can only control 1 "D/D/D Deviser King Deus Machinex" in your Monster Zone.      the Monster Zones
    You can only control 1 "Kaiju" monster.                       an archetype; the Monster Zones
    There can only be 1 face-up "Rai-Jin" on the field.           both players
    There can only be 1 "Earthbound Immortal" monster on the field.
    There can only be 1 (face-up) "Malefic" monster on the field.   (SUMC-2)

Any other "only control 1" sentence ("Each player can only control 1 Type of monster", a condition, an X
that is not the card itself) stays unread (`pysolver.cards.reading`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .card import Card
from .sentences import sentences

_CONTROL = re.compile(r'You can only control 1 (?:face-up )?"(?P<x>[^"]+)"(?P<monster> monster)?'
                      r'(?P<zone> in your Monster Zone)?\.')
_ON_FIELD = re.compile(r'There can only be 1 (?:face-up )?"(?P<x>[^"]+)"(?P<monster> monster)? on the field\.')
# SUMC-2: "Malefic" monsters' rule is read as any other archetype's; Malefic Territory, which changes what it counts
# (the engine's MaleficUniqueFilter), is itself unread and refuses the positions where it is face-up (reading).
_NOT_READ: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unique:
    """One card's "only 1 X" rule."""

    sentence: str
    name: bool          # X is the card's own name (else `archetype`, the setcode of an archetype it is in)
    archetype: int | None
    whom: str           # "controller" (You can only control) | "both" (There can only be ... on the field)
    zones: str          # "field" (Monster, Spell & Trap, Field and Pendulum Zones) | "monster_zone"


def read_unique(card: Card, sentence: str) -> Unique | None:
    """The rule one sentence of `card` states, or None when it is not one of the read forms."""
    from .material_lines import default_archetypes
    match = _CONTROL.fullmatch(sentence) or _ON_FIELD.fullmatch(sentence)
    if not match or match.group("x") in _NOT_READ:
        return None
    whom = "both" if sentence.startswith("There") else "controller"
    x = match.group("x")
    if not match.group("monster"):
        if x != card.name:
            return None
        return Unique(sentence, True, None, whom, "monster_zone" if match.groupdict().get("zone") else "field")
    code = default_archetypes().get(x)
    if code is None or not card.in_archetype(code) or match.groupdict().get("zone"):
        return None
    return Unique(sentence, False, code, whom, "monster_zone")


@lru_cache(maxsize=None)
def unique(card: Card) -> Unique | None:
    """The card's "only 1 X" rule (a sentence standing alone), or None."""
    for sentence in sentences(card):
        if not sentence.activated:
            found = read_unique(card, sentence.text)
            if found is not None:
                return found
    return None


def is_x(rule: Unique, owner: Card, card: Card) -> bool:
    """`card` is an X of `owner`'s rule: the same name (alternate artworks too), or in the archetype."""
    if rule.name:
        return (card.alias or card.passcode) == (owner.alias or owner.passcode)
    return card.in_archetype(rule.archetype)
