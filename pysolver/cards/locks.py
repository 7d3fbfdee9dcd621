"""Card text -> the summon locks a face-up card puts on players (LCK-1..LCK-4, docs/lock-rules.md).

The engine's player-level EFFECT_CANNOT_SPECIAL_SUMMON (engine-rules.md §4.2, "Player checks") with a target
predicate on the monster, the kind of Summon and where it comes from, written as one sentence standing alone
(not part of an activated effect: `sentences.Sentence.activated`):

    You cannot Special Summon monsters, except "Qli" monsters. This effect cannot be negated.
    You cannot Special Summon monsters from the Extra Deck, except Synchro Monsters.
    Neither player can Special Summon monsters.                          (Vanity's Emptiness)
    Neither player can Special Summon monsters with 1000 or less ATK.    (Power Filter)
    Neither player can Special Summon a Level 6 or higher monster.       (Tyrant's Tummyache)
    Neither player can Special Summon a Monster Card(s) from the GY.     (Royal Prison)
    Neither player can Fusion Summon.                                    (Non-Fusion Area)
    You cannot Pendulum Summon monsters, except "D/D" monsters.          (D/D Savant Kepler)

Each lock is read whole or not at all: a sentence with a condition ("While ...", "If ..."), an exception of
another shape ("except from the hand"), a count ("a maximum of 3") or a monster description the requirement
language cannot express stays unread (`pysolver.cards.reading`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .card import Card
from .sentences import sentences

KINDS = ("special", "fusion", "synchro", "xyz", "link", "pendulum", "ritual")
WHO = {"You": "controller", "Your opponent": "opponent", "Neither player": "both"}


@dataclass(frozen=True)
class SummonLock:
    """What one lock sentence forbids, while its card applies it (LCK-1)."""

    sentence: str
    where: str                  # "card": its card face-up on the field; "pendulum": its card a Pendulum Scale
    who: str                    # whom it binds: "controller" | "opponent" | "both" (its controller's view)
    kind: str                   # the Summons it concerns: "special" (every Special Summon) or one of KINDS
    source: str | None = None   # only Summons from there: "extra_deck" | "graveyard"
    what: tuple = ()            # only of monsters matching one of these filters (empty: any monster)
    unless: tuple = ()          # ... except monsters matching one of these filters


_SENTENCE = re.compile(
    r"(?P<who>You|Your opponent|Neither player) (?:cannot|can) (?P<kind>Special|Fusion|Synchro|Xyz|Link|Pendulum|Ritual)"
    r" Summon(?: (?P<what>monsters with [^,.]+?|(?:any )?monsters|(?:an? )?Monster Cards?(?:\(s\))?|an? [^,.]+? monster|[^,.]+? (?:monsters|Monsters)))?"
    r"(?: from (?P<source>the Extra Deck|the GY|your Extra Deck|your GY))?"
    r"(?:, except (?P<unless>[^.]+?))?\.")
_SOURCES = {"the Extra Deck": "extra_deck", "your Extra Deck": "extra_deck", "the GY": "graveyard",
            "your GY": "graveyard"}


class UnreadLock(ValueError):
    """A lock sentence whose monsters the requirement language cannot express."""


def _filters(phrase: str) -> tuple:
    """'"Nekroz" and "Zefra" monsters' / 'Beast, Beast-Warrior, or Winged Beast monsters' / 'Synchro Monsters'
    -> the filters one of which a monster must match."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    phrase = re.sub(r"^(?:an?|any) ", "", phrase.strip())
    # A list of whole descriptions ('"Performapal" monsters, "Magician" Pendulum Monsters, and "Odd-Eyes"
    # monsters') or of names sharing one noun ('"Nekroz" and "Zefra" monsters'): each is one filter.
    parts = re.split(r",? and |, (?=\")", phrase)
    if len(parts) > 1 and not all(re.search(r"\b[Mm]onsters?$", part) for part in parts):
        noun = re.search(r"\b[Mm]onsters?$", parts[-1])
        if not noun or not all(re.fullmatch(r'"[^"]+"', part) for part in parts[:-1]):
            raise UnreadLock(phrase)
        parts = [f"{part} {noun.group(0)}" for part in parts[:-1]] + [parts[-1]]
    try:
        return tuple(parse_filter(part) for part in parts)
    except UnsupportedMaterialLine as error:
        raise UnreadLock(error.reason) from error


def read_lock(sentence: str, where: str) -> SummonLock | None:
    """The lock one sentence states, or None when it is not one of the read forms."""
    match = _SENTENCE.fullmatch(sentence)
    if not match:
        return None
    who = WHO[match.group("who")]
    if (who == "both") != sentence.startswith("Neither player can"):
        return None                    # "Neither player cannot" / "You can ...": not a lock
    what = match.group("what") or "monsters"
    try:
        wanted = () if re.fullmatch(r"(?:any )?monsters|(?:an? )?Monster Cards?(?:\(s\))?", what) else _filters(what)
        unless = _filters(match.group("unless")) if match.group("unless") else ()
    except UnreadLock:
        return None
    return SummonLock(sentence, where, who, match.group("kind").lower(),
                      _SOURCES.get(match.group("source")) if match.group("source") else None, wanted, unless)


@lru_cache(maxsize=None)
def summon_locks(card: Card) -> tuple[SummonLock, ...]:
    """Every lock the card's text states in a sentence standing alone (a Pendulum Effect's: `where`
    "pendulum")."""
    found = []
    for sentence in sentences(card):
        if not sentence.activated:
            lock = read_lock(sentence.text, sentence.where)
            if lock is not None:
                found.append(lock)
    return tuple(found)
