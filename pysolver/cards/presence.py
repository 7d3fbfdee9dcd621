"""Card text -> a condition of the position that a protection waits for (PRC-1, docs/battle-rules.md; PRC-2,
docs/targeting-rules.md): what is on which field, face-up, or pointed to by this Link Monster.

The leads read, before a sentence that `pysolver.cards.attacks` (BP-8) or `pysolver.cards.protections` (TGT)
reads whole:

* "While (If) you control a(n) <monster>, " / "While (If) you control another <monster>, " and
  "While you control a(n) <monster>, except "X", " / "... <monster> other than "X", ": a monster on its
  controller's field (Main or Extra Monster Zone) that is of that kind (face-up: a face-down monster shows no
  name, Type or kind), not this card for "another", not a card named X for the exception; a bare "monster"
  ("another monster") is any monster there, face-down too;
* 'While you control a "X", ': a face-up card of that name on its controller's field (as EDL-4's
  'While you control "X"');
* "While (If) (another) <monster> is (face-up) on the field, ": such a face-up monster on either field (not this card
  for "another");
* "While this card points to a(n) <monster>, " (a Link Monster): such a face-up monster, of either player, in a
  zone one of its arrows points to; "While this card points to a monster(s), ": any monster there, face-down too
  (BPX-21);
* "While you control a face-down Defense Position monster, ": a face-down monster in its controller's Main Monster
  Zones (BPX-21);
* 'While an "X" card(s) is on the field, ': a face-up card of that archetype on either field: a monster in a Main or
  Extra Monster Zone, a card in a Spell & Trap, Field or Pendulum Zone (BPX-23);
* "While a Field Spell is face-up on the field, ": a face-up card in either Field Zone.
* TGX-5: "While there are 2 cards in the Field Zones, ": a card (face-up or Set) in each Field Zone; "If (While) you
  have a(n) <monster> in your GY, ": such a monster in its controller's GY.
* TGZ-1: 'While "X" is in your GY, ': a card of that name (a Spell, Trap or monster) in its controller's GY.
* MST-4: 'While a "X" card is in a Field Zone, ': a face-up card of that archetype in either Field Zone.

Anything else (a monster "Special Summoned from the Extra Deck", a card
in the GY, a Set card, an Equip Card, "a monster, except "X"" with no kind) stays unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .requirements import ANY

_MONSTER = r"[^,\"]*?(?:\"[^\"]+\"[^,\"]*?)?(?:monster|Monster)(?:\(s\))?"
_CONTROL = re.compile(rf"^(?:While|If) you control (?P<other>another )?(?:an? )?(?P<phrase>{_MONSTER})"
                      rf"(?:, except (?P<ex1>\"[^\"]+\")| other than (?P<ex2>\"[^\"]+\"))?, ")
_CONTROL_NAMED = re.compile(r"^While you control an? (?P<name>\"[^\"]+\"), ")
_CONTROL_BARE_NAME = re.compile(r"^While you control (?P<name>\"[^\"]+\"), ")   # EDL-4's form, for attacks.py
_ON_FIELD = re.compile(rf"^(?:While|If) (?P<other>another )?(?:an? )?(?P<phrase>{_MONSTER}) is (?:face-up )?on the field, ")
# BPX-26: the lead of a bullet list, "While <a condition above>, this card gains these effects."
GAINS_WHILE = re.compile(r"(?P<cond>While .+?), this card gains these effects\.")
_POINTS = re.compile(rf"^While this card points to (?:an? )?(?P<phrase>{_MONSTER}), ")
_FIELD_SPELL = re.compile(r"^While a Field Spell is face-up on the field, ")
# TGX-5: "While there are 2 cards in the Field Zones, " (a card, face-up or Set, in each player's Field Zone); "If (While)
# you have a(n) <monster> in your GY, " (such a monster in its controller's GY)
_FIELD_ZONES_FULL = re.compile(r"^While there are 2 cards in the Field Zones, ")
_IN_GY = re.compile(rf"^(?:While|If) you have (?:an? )?(?P<phrase>{_MONSTER}) in your GY, ")
# BPX-23: 'While an "Endymion" card(s) is on the field, ': a face-up card of that archetype on either field
_ON_FIELD_CARD = re.compile(r'^While an? (?P<name>"[^"]+") card(?:\(s\))? is on the field, ')
# MST-4: 'While a "Ghostrick" card is in a Field Zone, ' (Ghostrick Festival: `Duel.IsExistingMatchingCard(
# aux.FilterFaceupFunction(Card.IsSetCard, 0x8d), 0, LOCATION_FZONE, LOCATION_FZONE, 1, nil)`): a face-up card of that
# archetype in either Field Zone
_FIELD_ZONE_CARD = re.compile(r'^While an? (?P<name>"[^"]+") card is in a Field Zone, ')
# TGZ-1: 'While "X" is in your GY, ' (Guardian Chimera: `Duel.IsExistingMatchingCard(Card.IsCode, tp, LOCATION_GRAVE, 0, 1,
# nil, CARD_POLYMERIZATION)`): a card of that name, of any card type, in its controller's GY
_GY_NAMED = re.compile(r'^While (?P<name>"[^"]+") is in your (?:GY|Graveyard), ')
# BPX-21: "While you control a face-down Defense Position monster, " (any face-down monster: always in Defense Position)
_CONTROL_FACE_DOWN = re.compile(r"^(?:While|If) you control a face-down Defense Position monster, ")
# LKQ-7: "While you control a face-up Spell, ": a face-up Spell Card on its controller's field (a Spell & Trap, Field or
# Pendulum Zone; a Pendulum Scale is a Spell Card there: the engine's `aux.FaceupFilter(Card.IsSpell)` on LOCATION_ONFIELD)
_CONTROL_SPELL = re.compile(r"^While you control a face-up Spell, ")


@dataclass(frozen=True)
class Presence:
    """PRC: the protection applies only while the position shows such a card."""

    where: str                 # "own" (its controller's Monster Zones) | "field" (either player's) |
                               # "points" (a zone this Link Monster points to) | "named" (a face-up card of its
                               # controller's) | "field_spell" (a face-up card in either Field Zone) |
                               # "own_face_down" (a face-down monster in its controller's Monster Zones, BPX-21) |
                               # "field_card" (a face-up card of an archetype anywhere on either field, BPX-23) |
                               # "linked" ("this linked card": it points to a monster, or a Link Monster points to
                               # it, BPX-24) | "field_zones_full" (a card in both Field Zones, TGX-5) |
                               # "own_gy" (a monster of that kind in its controller's GY, TGX-5) |
                               # "own_spell" (a face-up Spell Card of its controller's on the field, LKQ-7) |
                               # "their_column" (a monster of its controller's opponent in its column, LKQ-11) |
                               # "own_gy_named" (a card of that name, any card type, in its controller's GY, TGZ-1) |
                               # "field_zone_card" (a face-up card of an archetype in either Field Zone, MST-4)
    filter: object = None      # own/field/points: the monsters (requirements term); named: the name
    other: bool = False        # "another": not this card
    except_name: object = None  # ", except "X"" / "other than "X"": not a card of that name


def _monsters(phrase: str):
    """A monster phrase in the singular ("a "Ghostrick" monster", "a Synchro Monster(s)") -> its filter."""
    from .material_lines import parse_filter
    phrase = phrase.strip()
    if phrase.startswith("face-up "):     # face-up is asked of every monster of a kind (presence.lp)
        found = _monsters(phrase[len("face-up "):])
        return None if found is None or found == ANY else found
    plural = re.sub(r"(?:monster|Monster)(?:\(s\))?$", lambda m: m.group(0)[:7] + "s", phrase.strip())
    if plural in ("monsters", "Monsters"):
        return ANY
    if re.search(r"\b(?:that|which|whose|with|from|points?|linked|face-down|Set|Summoned|Tokens?|Equip)\b", plural):
        return None
    try:
        return parse_filter(plural)
    except ValueError:
        return None


def _name(phrase: str):
    from .material_lines import parse_filter
    try:
        return parse_filter(phrase)
    except ValueError:
        return None


def read_lead(text: str, card, bare_name: bool = False) -> tuple[Presence | None, str] | None:
    """A leading condition of `text` -> (Presence, the rest of the sentence, capitalised), or (None, text)
    when there is no such lead, or None when the lead is one of these forms but not read whole."""
    if not card.is_monster:
        return None, text
    found = None
    if match := _FIELD_SPELL.match(text):
        found = Presence("field_spell")
    elif match := _FIELD_ZONES_FULL.match(text):     # TGX-5
        found = Presence("field_zones_full")
    elif match := _IN_GY.match(text):                # TGX-5
        what = _monsters(match.group("phrase"))
        if what is None:
            return None
        found = Presence("own_gy", what)
    elif match := _GY_NAMED.match(text):             # TGZ-1
        name = _name(match.group("name"))
        if name is None or getattr(name, "key", None) != "name":
            return None
        found = Presence("own_gy_named", name)
    elif match := _CONTROL_FACE_DOWN.match(text):
        found = Presence("own_face_down")
    elif match := _CONTROL_SPELL.match(text):        # LKQ-7
        found = Presence("own_spell")
    elif match := _ON_FIELD_CARD.match(text):
        what = _monsters(match.group("name") + " monster")     # the archetype the quotes name (a material line's)
        if what is None or getattr(what, "key", None) != "archetype":
            return None
        found = Presence("field_card", what)
    elif match := _FIELD_ZONE_CARD.match(text):      # MST-4
        what = _monsters(match.group("name") + " monster")
        if what is None or getattr(what, "key", None) != "archetype":
            return None
        found = Presence("field_zone_card", what)
    elif match := _CONTROL_NAMED.match(text) or (bare_name and _CONTROL_BARE_NAME.match(text)):
        name = _name(match.group("name"))
        if name is None:
            return None
        found = Presence("named", name)
    elif match := _POINTS.match(text):
        if "link" not in card.kinds:
            return None
        what = _monsters(match.group("phrase"))
        if what is None:                     # BPX-21: "points to a monster(s)": any monster there, face-down too
            return None
        found = Presence("points", what)
    elif match := _ON_FIELD.match(text):
        what = _monsters(match.group("phrase"))
        if what is None or what == ANY:
            return None
        found = Presence("field", what, bool(match.group("other")))
    elif match := _CONTROL.match(text):
        what = _monsters(match.group("phrase"))
        excepted = match.group("ex1") or match.group("ex2")
        if what is None or (excepted and what == ANY):
            return None
        except_name = _name(excepted) if excepted else None
        if excepted and except_name is None:
            return None
        found = Presence("own", what, bool(match.group("other")), except_name)
    if found is None:
        return None, text
    rest = text[match.end():]
    return found, rest[0].upper() + rest[1:]


# BPX-24, TGT-9: "This linked card ..." (the engine's Card.IsLinkState: a monster this Link Monster points to, or a Link
# Monster, of either player, pointing to its zone)
LINKED = Presence("linked")
# LKQ-11: "While your opponent controls a monster in this card's column" (S-Force Mystify): a monster of its controller's
# opponent in a Monster Zone (Main or Extra) of its column
THEIR_COLUMN = Presence("their_column")
