"""Card text -> data for Special Summon procedures, activated effects and turn-history clauses.

Only wordings known exactly are read (SP-1, SP-2, OATH-1..4, CNT-1, CNT-2); each function returns
None when the card has no such text, or an `UnsupportedText` when it has one pysolver cannot express
(the card then fails closed by name).

Effect numbers: a card's activated effects are numbered 1, 2, ... in the order of its text, bullets
(●) and sentences with a cost or a trigger counting separately; `this_turn.events` names them so.
The oath wording "If you activated this effect, you cannot ... for the rest of this turn" is the
English rendering of the OCG "the turn you activate this effect" (seed 002), so it is an oath.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .card import Card
from .counters import cost_needs_counters
from .sentences import sentences, turn_effects
from .requirements import ANY, EQUIPPED_WITH_MONSTER_CARD_WORDS, Atom, Not, Or, conj


class UnsupportedText(ValueError):
    """A card's text says something about its summoning that pysolver cannot express exactly."""


_ATTRIBUTES = "EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE"


def _text(card: Card) -> str:
    """The card's text on one line, without its material line, "Graveyard" written "GY". For a Pendulum
    Monster, its monster text only: its Pendulum Effect applies while it is a Pendulum Scale."""
    text = card.text
    if "[ Pendulum Effect ]" in text:
        text = text.partition("[ Monster Effect ]")[2]
    if card.materials and text.strip().startswith(card.materials):
        text = text.strip()[len(card.materials):]
    return " ".join(text.replace("Graveyard", "GY").split())


_SENTENCE_END = re.compile(r"(?<=[.)]) (?=[A-Z(●])")


def _sentences(text: str):
    """The sentences of each bullet (●) of a text, in order."""
    for part in text.split("●"):
        yield from (sentence for sentence in _SENTENCE_END.split(part.strip()) if sentence)


def _starts_effect(sentence: str) -> bool:
    """An activated effect is a sentence with a trigger/condition (':') or a cost (';')."""
    return bool(re.search(r"[:;]", sentence)) and not sentence.startswith(("Must", "("))


def _filter(phrase: str):
    from .material_lines import parse_filter
    return parse_filter(phrase)


# --------------------------------------------------------------------------------------------------
# Summoning procedures (SP-1)

@dataclass(frozen=True)
class CostSlot:
    """Part of what a procedure uses: `count` cards matching `filter` from any of `places`."""

    action: str        # banish | discard | send | tribute | shuffle (into the Deck; an Extra Deck monster into
                       # the Extra Deck)
    places: tuple      # of graveyard | hand | deck | extra_deck | field (the player's monsters) | opponent_field |
                       # banished (the player's banished monsters, PRX-1) | spell_trap_zone (PRY-5: the player's
                       # Spell & Trap Zones, any card there)
    count: int
    filter: object = ANY
    any_card: bool = False   # "1 card" (not only monsters); PRX-17: "1 Spell Card", "3 face-up Traps" (the filter
                             # names the kind)
    face_up: bool = False    # the field's cards must be face-up ("1 face-up monster you control"; POS-3: a
                             # cost that names a kind of monster)
    named: bool = False      # a bare card name ("1 "Blue-Eyes White Dragon""): any card of that name, a Spell or
                             # Trap too, from the hand, Deck, Extra Deck or GY (the field's cards: monsters only)
    different: str | None = None   # "with different names / Attributes / Types": name | attribute | race
    all_of: bool = False     # PRX-9: "all monsters in your GY": every card of the pool, `count` (1) of them at least
    levels_at_least: int | None = None   # PRX-14: "whose total Levels equal N or more": any number of monsters with
                                         # a Level (`count`, 1, at least), their Levels N or more, none superfluous
    levels_break: bool = False   # SCX-10: with levels_at_least, the selection stops as the total reaches N: the total
                                 # minus the highest Level is below N (other superfluous ones allowed), Levels 1 or
                                 # more, and a monster of Level N or more only alone
    including: tuple = ()    # PRX-29: (filter, N): N or more of the slot's cards match the filter ("Tributing all
                             # monsters you control, including at least 3 "Zefra" monsters")
    or_more: bool = False    # PRX-21: "one or more", "any number of", "a Rock-Type monster(s)": `count` (1) or more
    up_to: int | None = None   # PRX-21: "up to 3": from `count` (1) to this many


@dataclass(frozen=True)
class Procedure:
    costs: tuple[CostSlot, ...] = ()
    gy_exactly: tuple = ()          # (filter, count): "by having exactly 3 DARK monsters in your GY"
    only_opponent_controls: bool = False   # "If only your opponent controls a monster"
    opponent_has_monster: bool = False     # SCX-8: the opponent controls a monster, face-up or face-down
    opponent_controls: object = None       # filter: "If your opponent controls a "Kaiju" monster"
    to_opponent: bool = False              # "to your opponent's field"
    attack_only: bool = False              # "in Attack Position"
    defense_only: bool = False             # "in Defense Position"
    sources: tuple = ("hand",)             # where the monster comes from: "(from your hand or GY)"
    gy_at_least: tuple = ()                # (filter or None for any card, count, different names):
                                           # "by having 4 or more "Lightsworn" monsters with different names in your GY"
    controls_at_least: tuple = ()          # (filter, count): face-up monsters the player controls
                                           # ("by controlling 2 or more Zombie monsters", "while you control a X")
    control_none: bool = False             # "while you control no monsters", "If you control no monsters"
    opponent_more: bool = False            # "If your opponent controls more monsters than you do"
    levels_ranks_at_most: int | None = None   # "while the total Levels and Ranks of all Effect Monsters you
                                              # control are 8 or lower" (the face-up ones: a face-down
                                              # monster hides its Level and kind, POS-3)
    control_no_cards: bool = False         # "by controlling no cards", "If you control no cards"
    field_cards: tuple = ()                # of FieldCard: 'while you control "Toon World"', '"X" is (not) on the field'
    reveal: tuple = ()                     # (filter, count, named): "by revealing "Blue-Eyes White Dragon" in your
                                           # hand" -- the revealed cards stay in the hand
    opponent_gy_at_least: int = 0          # SUMC-3: "while your opponent has 25 or more cards in their GY"
    banished_at_least: tuple = ()          # SUMC-3: (filter, count): "while 3 or more of your LIGHT monsters are banished"
    continuous_spells_at_least: int = 0    # SUMC-3: "while you control 3 or more face-up Continuous Spell Cards"
    gy_no_same_name: bool = False          # PRX-2: "..., and no monsters in your GY with the same name"
    reveal_cards: tuple = ()               # PRX-12: (archetype filter, count, different names): 'by revealing 3
                                           # other "Cubic" cards in your hand with different names' -- any cards
    as_material: str | None = None         # PRX-19: "fusion" -- the costs of a Fusion Monster's own procedure must be
                                           # able to be its Fusion Material (the engine's IsCanBeFusionMaterial)
    # PRX-31: "If a face-up card is in a Field Zone", "If you have no Spell/Trap Cards in your GY", "If you control a
    # face-up card in your Spell & Trap Zone", "If you have a face-up Pendulum Monster in your Extra Deck"
    field_zone_face_up: bool = False
    gy_no_spell_trap: bool = False
    spell_trap_zone_face_up: bool = False
    extra_deck_face_up_pendulum: bool = False
    extra_deck_only: object = None         # PRX-28: name filter: "by having no cards in your Extra Deck except
                                           # "Anchamoufrite"": every card of the turn player's Extra Deck has that name
    gy_equal: tuple = ()                   # PRX-25: (filter, filter): as many monsters of one kind as of the other in
                                           # the turn player's GY ("while you have an equal number of each in your GY")
    gy_only: object = None                 # PRX-23: filter: "by having only Machine-Type monsters in your GY (min. 1)"
    main_phase_2: bool = False             # PRY-6: "during your Main Phase 2"
    field_or_gy: object = None             # PRY-8: name filter: 'while you have "Eldlich the Golden Lord" in your field
                                           # or GY' -- a face-up card of that name on the player's field, or one in its GY
    level_difference: int | None = None    # PRY-1: the Levels of the cards of cost slots 1 and 2 differ by exactly this
                                           # many (0: "with the same Level"); both have a Level
    only_defense: int = 0                  # PRX-24: "while the only monsters you control are 2 Defense Position monsters"
    distinct_cards_exactly: tuple = ()     # SCX-9: (filter, count): exactly N different names among the player's
                                           # face-up cards on the field and its GY cards of that kind
    spell_activated: bool = False          # PRW-5: "during the turn a Spell Card or effect is activated": the turn's
                                           # history holds an activation of a Spell Card or of a Spell's effect
    emz_column: bool = False               # PRW-2: "in the same column as the Extra Monster Zone": the field's cost
                                           # cards are in Main Monster Zone 2 or 4 (the engine's sequence 1 or 3)
    distinct_at_least: tuple = ()          # PRX-5: (filter, count, name | attribute, places): N or more different
                                           # names / Attributes among the monsters matching the filter in the
                                           # places (graveyard | opponent_graveyard | field | opponent_field |
                                           # banished: the turn player's banished monsters)


@dataclass(frozen=True)
class FieldCard:
    """A condition on a face-up card on the field (a face-down card hides its name, POS-3): `named` -- a bare
    card name, any face-up card of that name (a Spell, Trap or monster); else face-up monsters matching
    `filter`. `whose`: me ("you control") | any ("is on the field"); `present`: False for "is not on the field"."""

    filter: object
    whose: str
    present: bool = True
    named: bool = False


# The sentence (SP-1): a head saying where the monster comes from, then, in this order, where it goes and in
# which position, "by <one cost or condition>", "while <condition>", "and cannot be Special Summoned by other
# ways". The whole sentence must be read: any other word makes the procedure unread (never half a sentence).
_HEAD = re.compile(
    r"Must (?:first )?be Special Summoned \((?P<src>from your hand|from your hand or GY|from your GY"
    r"|from your face-up Extra Deck|from your hand or face-up Extra Deck"   # PRX-28
    r"|from your Extra Deck or GY|from your hand or Extra Deck)\)"        # PRX-30 (Pendulum Monsters)
    r"|(?:If (?P<cond>[^,]+), )?[Yy]ou can Special Summon this card \(from your hand\)"
    r"|This card can only be Special Summoned|This card cannot be Special Summoned,? except"   # PRX-20: ", except"
    # the older wording without the place: from the hand, as "This card can only be Special Summoned by"
    r"|Must (?:first )?be Special Summoned(?= by (?:banishing|removing|sending|Tributing|discarding) )")
_SOURCES = {None: ("hand",), "from your hand": ("hand",), "from your hand or GY": ("hand", "graveyard"),
            "from your GY": ("graveyard",),
            # PRX-28: a Pendulum Monster of the Main Deck, face-up in the Extra Deck
            "from your face-up Extra Deck": ("face_up_extra_deck",),
            "from your hand or face-up Extra Deck": ("hand", "face_up_extra_deck"),
            # PRX-30: a Pendulum Monster of the Main Deck is in the Extra Deck face-up only
            "from your Extra Deck or GY": ("face_up_extra_deck", "graveyard"),
            "from your hand or Extra Deck": ("hand", "face_up_extra_deck")}
_NOMI_TAIL = re.compile(r",? and cannot be Special Summoned by other ways$")
# Where the cards of a cost come from, as the text says: (places, face-up on the field). "Monster Zone": the
# field's cards are monsters (a bare card name there is a monster).
_FROM = {
    "GY": (("graveyard",), False),
    "hand": (("hand",), False), "hand or GY": (("hand", "graveyard"), False),
    "hand and/or GY": (("hand", "graveyard"), False),
    "hand, face-up field, and/or GY": (("hand", "field", "graveyard"), True),
    "hand, face-up field, or GY": (("hand", "field", "graveyard"), True),
    "hand, face-up Monster Zone, and/or GY": (("hand", "field", "graveyard"), True),
    "hand, field, and/or GY": (("hand", "field", "graveyard"), False),   # face-up when the cost names a kind
    "hand, field, or GY": (("hand", "field", "graveyard"), False),        # of monster (POS-3)
    "hand, GY, and/or face-up from your Monster Zone": (("hand", "graveyard", "field"), True),
    "GY and/or face-up field": (("graveyard", "field"), True),
    "face-up field and/or GY": (("field", "graveyard"), True),   # PRX-16
    "GY and/or face-up from your field": (("graveyard", "field"), True),
    "hand and/or field": (("hand", "field"), False),
    "hand or field": (("hand", "field"), False),
    "hand or face-up field": (("hand", "field"), True),
    "hand and/or face-up field": (("hand", "field"), True),
    "hand, Deck, and/or face-up field": (("hand", "deck", "field"), True),   # PRX-11
    "face-up Monster Zone and/or GY": (("field", "graveyard"), True),        # PRX-19
    "Deck": (("deck",), False), "Extra Deck": (("extra_deck",), False), "hand or Deck": (("hand", "deck"), False),
}
_FROM_WORDS = "|".join(re.escape(words) for words in sorted(_FROM, key=len, reverse=True))
_COSTS = (
    ("banish", re.compile(r"(?:banishing|removing from play|removing) (?P<what>.+?) (?:from|in) your GY(?: from play)?"
                          r"(?P<except>, except \"[^\"]+\")?")),   # PRX-3: 'from your GY, except "Bujin Hirume"'
    ("banish", re.compile(rf"(?:banishing|removing from play) (?P<what>.+?) from your (?P<from>{_FROM_WORDS})")),
    ("banish", re.compile(r"banishing (?P<what>.+?) (?P<field>you control|from your Monster Zone)"
                          r"(?P<except>, except \"[^\"]+\")?")),   # PRW-4: 'you control, except "Thunder Dragon Titan"'
    # PRX-15: "banishing 1 face-up Ritual, Fusion, Synchro, and Xyz Monster from anywhere on the field" (either field)
    ("banish", re.compile(r"banishing (?P<what>.+?) (?P<anywhere>from anywhere on the field)")),
    ("discard", re.compile(r"discarding (?P<what>.+)")),
    ("send", re.compile(r"sending (?P<what>.+?) (?:from|in) your hand to the GY")),
    # PRX-17: "sending 1 face-up Trap your opponent controls to the GY" (Trap Eater): the opponent's cards, to their GY
    ("send", re.compile(r"sending (?P<what>.+?) (?P<opponents>your opponent controls) to the GY")),
    ("send", re.compile(r"sending (?P<what>.+?) (?P<field>you control|from your Monster Zone) to the GY")),
    ("send", re.compile(rf"sending (?P<what>.+?) from your (?P<from>{_FROM_WORDS}) to the GY")),
    ("shuffle", re.compile(rf"shuffling (?P<what>.+?) from your (?P<from>{_FROM_WORDS}) into the "
                           r"(?:Deck|Deck/Extra Deck|Deck and/or Extra Deck)")),   # PRX-27: "Deck and/or Extra Deck"
    ("tribute", re.compile(r"Tributing (?P<what>.+?) from your (?P<from>hand or field|hand and/or field)")),
    # PRX-7: "Tributing 2 face-up monsters with 0 ATK from anywhere on the field": either player's monsters
    ("tribute", re.compile(r"Tributing (?P<what>.+?) (?P<anywhere>from anywhere on the field)")),
    ("tribute", re.compile(r"Tributing (?P<what>.+?)(?: on your side of the field)?(?P<theirs> they control)?")),
)
# PRX-1: "shuffling 3 of your banished Insect monsters into the Main Deck": Main Deck monsters only (an Extra Deck
# monster is never shuffled into the Main Deck)
_BANISHED_TO_DECK = re.compile(r"shuffling (?P<n>\d+) of your banished (?P<what>.+?) into the Main Deck")
_MAIN_DECK_MONSTER = conj(*(Not(Atom("kind", "=", kind)) for kind in ("fusion", "synchro", "xyz", "link")))
# PRX-3: "banishing 2 Level 7 or higher Plant-Type monsters (1 from your hand and 1 from your GY)": one from each
_ONE_FROM_EACH = re.compile(r"banishing 2 (?P<what>.+?) \(1 from your (?P<a>hand|GY) and 1 from your (?P<b>hand|GY)\)")
# PRX-5: N or more different names / Attributes in places other than the player's GY
_DISTINCT = (
    # "by having 6 or more monsters with different Attributes in the GYs" (Elemental Grace Doriado)
    (re.compile(r"having (?P<n>\d+) or more (?P<what>.+?) with different (?P<prop>Attributes|names) in the GYs"),
     ("graveyard", "opponent_graveyard")),
    # "by there being at least 8 or more Link Monsters with different names on the field and/or in the GYs" (Avida)
    (re.compile(r"there being at least (?P<n>\d+) or more (?P<what>.+?) with different (?P<prop>Attributes|names) "
                r"on the field and/or in the GYs"),
     ("field", "opponent_field", "graveyard", "opponent_graveyard")),
    # 'by possessing 4 or more banished "Lightsworn" monsters with different names' (Punishment Dragon)
    (re.compile(r"possessing (?P<n>\d+) or more banished (?P<what>.+?) with different (?P<prop>Attributes|names)"),
     ("banished",)),
)
_GY_EXACTLY = re.compile(r"having exactly (?P<n>\d+) (?P<what>.+) in your GY")
_GY_AT_LEAST = re.compile(r"having (?P<n>\d+) or more (?P<what>.+?)(?P<names> with different names)? in your GY"
                          r"(?P<unique>, and no monsters in your GY with the same name)?")
_CONTROLLING = re.compile(r"controlling (?:(?P<n>\d+) or more|an?) (?P<what>.+)")
_REVEALING = re.compile(r"revealing (?:(?P<n>\d+) )?(?P<what>.+?) in your hand")
_WHILE = re.compile(r"you control (?:an? (?P<what>.+)|(?P<none>no monsters))"
                    r"|the total Levels and Ranks of all Effect Monsters you control are (?P<total>\d+) or lower"
                    # SUMC-3
                    r"|your opponent controls an? (?P<theirs>.+)"
                    r"|your opponent has (?P<their_gy>\d+) or more cards in their GY"
                    r"|(?P<banished>\d+) or more of your (?P<banished_what>.+) are banished"
                    r"|you control (?P<spells>\d+) or more face-up Continuous Spell Cards"
                    # PRX-24: "while the only monsters you control are 2 Defense Position monsters" (Backup Warrior)
                    r"|the only monsters you control are (?P<only_defense>\d+) Defense Position monsters")
_DIFFERENT = {"names": "name", "Attributes": "attribute", "Types": "race"}
_NAME = re.compile(r'"[^"]+"')


def _field_card(condition: str) -> FieldCard | None:
    """'you control "Toon World"', '"Pandemonium" is on the field', 'an "Aesir" monster is on the field',
    '"Malefic Paradigm Dragon" is not on the field' (face-up cards: POS-3); None for any other condition."""
    mine = re.fullmatch(r'you control ("[^"]+")', condition)
    if mine:
        return FieldCard(_filter(mine.group(1)), "me", named=True)
    anyone = re.fullmatch(r'(?:("[^"]+")|an? (.+? monster)) is (not )?on the field', condition)
    if anyone and "face-down" not in condition:
        named = anyone.group(1) is not None
        wanted = _filter(anyone.group(1)) if named else _one_filter(anyone.group(2))
        return FieldCard(wanted, "any", present=not anyone.group(3), named=named)
    return None


def _one_filter(phrase: str):
    """A noun phrase of one kind of monster ("LIGHT monster", "Level 8 or higher monster", ""Cubic"
    monsters"); "monster(s)" is any monster."""
    if ", and " in phrase or re.search(r'" and "', phrase):
        raise UnsupportedText(f"a list of several cards: {phrase!r}")
    named = _QUALIFIED_NAME.fullmatch(phrase)
    if named:   # PRW-1: 'Level 12 DARK "Supreme King Z-ARC"' -- a monster of that name with those properties
        return conj(_filter(f"{named['qualifiers']} monster"), Atom("name", "=", named["name"]))
    return ANY if phrase in ("monster", "monsters") else _filter(phrase)


# PRW-1: a card name after properties of a monster ('Level 12 DARK "Supreme King Z-ARC"'): the material-line
# vocabulary reads the properties, the name is the card's
_QUALIFIED_NAME = re.compile(r'(?P<qualifiers>(?:Level \d+|[A-Z]+)(?: (?:Level \d+|[A-Z]+))*) "(?P<name>[^"]+)"')


_EXTRA_KIND = "(?:Ritual|Fusion|Synchro|Xyz|Link)"
_SPELL = Atom("kind", "=", "spell")
_TRAP = Atom("kind", "=", "trap")
_CONTINUOUS_SPELL = conj(_SPELL, Atom("kind", "=", "continuous"))
# PRX-17: the kinds of Spell and Trap Cards a cost may name -> (filter, whether a Pendulum Scale is one: the engine
# treats a card in a Pendulum Zone as a Spell Card, which a filter on the card's own kinds does not see)
_SPELL_TRAP_TERMS = {
    **{word: (_SPELL, True) for word in ("Spell", "Spells", "Spell Card", "Spell Cards")},
    **{word: (_TRAP, False) for word in ("Trap", "Traps", "Trap Card", "Trap Cards")},
    **{word: (_CONTINUOUS_SPELL, False) for word in ("Continuous Spell", "Continuous Spells", "Continuous Spell Card",
                                                      "Continuous Spell Cards")},
    **{word: (Or((_SPELL, _TRAP)), True) for word in ("Spell/Trap", "Spells/Traps", "Spell/Trap Card",
                                                       "Spell/Trap Cards")},
}


# PRX-21: a cost of a number the player chooses: "one or more", "any number of", "a ... monster(s)" (1 or more), "up to
# 3" (1 to 3); the engines' procedures select from 1 (SelectMatchingCard(..., 1, 99 / 3, ...))
_RANGE = re.compile(r"(?:one or more|any number of|up to (?P<up_to>\d+)) (?P<what>.+)|an? (?P<what2>.+ monster\(s\))")


def _slots(action: str, what: str, places: tuple, face_up: bool = False, monster_zone: bool = False) -> list[CostSlot]:
    """"1 LIGHT and 1 DARK monster", "3 Fiend monsters", "1 other monster", "2 face-up "X"", "3 monsters with
    different Attributes", '1 "Sanga of the Thunder", "Kazejin", and "Suijin"' (1 of each) -> slots."""
    different = re.fullmatch(r"(.+?) with different (names|Attributes|Types)", what)
    if different:
        what, different = different.group(1), _DIFFERENT[different.group(2)]
    parts = re.fullmatch(r"(\d+) (.+?) and (\d+) (.+)", what)
    pieces = [(parts.group(1), parts.group(2)), (parts.group(3), parts.group(4))] if parts else [(None, what)]
    if parts and re.fullmatch(r"\w+(?: \w+)?", parts.group(2)) and re.search(r"\bmonsters?$", parts.group(4)):
        # "1 LIGHT and 1 DARK monster"; SCX-4: "1 LIGHT Warrior and 1 DARK Fiend monster" (Chaos End Ruler)
        pieces[0] = (parts.group(1), parts.group(2) + " monster")
    including = re.fullmatch(r"(\d+) monsters, including at least 1 (.+)", what)
    if including and action == "tribute" and int(including.group(1)) >= 2:   # PRX-4: 1 of that kind and any others
        pieces = [("1", including.group(2)), (str(int(including.group(1)) - 1), "monsters")]
    kinds = re.fullmatch(rf"1 (face-up )?({_EXTRA_KIND}(?:, {_EXTRA_KIND})*,? and {_EXTRA_KIND}) Monster", what)
    if kinds:   # PRX-15: "1 face-up Ritual, Fusion, Synchro, and Xyz Monster": 1 of each kind
        pieces = [("1", f"{kinds.group(1) or ''}{kind} Monster") for kind in re.findall(_EXTRA_KIND, kinds.group(2))]
    listed = re.fullmatch(r'(?:1 )?"[^"]+"(?:, "[^"]+")*,? and "[^"]+"', what)
    if listed:                                                         # a list of several cards: 1 of each
        pieces = [("1", name) for name in _NAME.findall(what)]
    original = re.fullmatch(r'(\d+) monsters whose original names are ("[^"]+"(?:, "[^"]+")*,? and "[^"]+")', what)
    if original and action == "tribute" and int(original.group(1)) == len(_NAME.findall(original.group(2))):
        # PRX-10: 'Tributing 3 monsters whose original names are "A", "B", and "C"' -- 1 of each (printed names)
        pieces = [("1", name) for name in _NAME.findall(original.group(2))]
    if different and len(pieces) > 1:
        raise UnsupportedText(f"{action} cost {what!r} with different {different}s")
    out = []
    ranged = _RANGE.fullmatch(what) if len(pieces) == 1 and not different else None
    if ranged:   # PRX-21: "one or more X", "any number of X", "up to 3 X", "a X monster(s)": 1 or more (up to N)
        phrase = re.sub(r"monster\(s\)$", "monsters", ranged.group("what") or ranged.group("what2"))
        if not re.search(r"\b[Mm]onsters$", phrase) or re.search(r'"[^"]+"$', phrase):
            raise UnsupportedText(f"{action} cost {what!r}")
        slot = _slots(action, f"1 {phrase}", places, face_up, monster_zone)
        if len(slot) != 1 or slot[0].named or slot[0].any_card:
            raise UnsupportedText(f"{action} cost {what!r}")
        up_to = int(ranged.group("up_to")) if ranged.group("up_to") else None
        if up_to is not None and up_to < 2:
            raise UnsupportedText(f"{action} cost {what!r}")
        return [CostSlot(slot[0].action, slot[0].places, 1, slot[0].filter, face_up=slot[0].face_up,
                         or_more=up_to is None, up_to=up_to)]
    for count, phrase in pieces:
        if count is None:
            single = re.fullmatch(r"(\d+) (.+)", phrase)
            if not single:
                raise UnsupportedText(f"{action} cost {phrase!r}")
            count, phrase = single.groups()
        phrase = re.sub(r"^other ", "", phrase)
        # PRX-11: "with an original Level of 4 or lower": the printed Level (nothing in a position changes a Level)
        phrase = re.sub(r"^(.+?) with an original Level of (\d+) or (lower|higher)$", r"Level \2 or \3 \1", phrase)
        up = face_up
        if phrase.startswith("face-up "):
            up, phrase = True, phrase[len("face-up "):]
        if action == "discard" and phrase in ("card", "cards"):
            out.append(CostSlot(action, places, int(count), any_card=True))
            continue
        if action in ("shuffle", "send", "banish") and phrase in ("card", "cards") \
                and set(places) <= {"hand", "field"}:
            # PRX-27: "10 other cards with different names from your hand and/or field": any cards of the player's
            # there (on the field: its monsters, Spells, Traps, Field Spell and Pendulum Scales, Set ones too)
            out.append(CostSlot(action, places, int(count), any_card=True, face_up=up, different=different))
            continue
        spell_trap = _SPELL_TRAP_TERMS.get(phrase)
        if spell_trap is not None and action in ("banish", "send", "shuffle", "discard"):
            # PRX-17: a kind of Spell or Trap Card ("1 Spell Card from your hand", "3 face-up Traps you control"): any
            # card of that kind where the text says -- face-up where it says so (the player's own Set cards are
            # known to the player: the engine takes them). The engine treats a Pendulum Scale as a Spell Card, which
            # a filter on the card's own kinds does not see: read only where no Scale can pay -- sent to the GY from
            # the player's field (GYC-1 refuses a Scale), never on the opponent's field
            wanted, scale_may_be = spell_trap
            if not set(places) <= {"hand", "graveyard", "field", "opponent_field"} \
                    or ("opponent_field" in places and scale_may_be) \
                    or ("field" in places and scale_may_be and action != "send"):
                raise UnsupportedText(f"{action} cost {phrase!r} on the field (a Pendulum Scale is a Spell)")
            out.append(CostSlot(action, places, int(count), wanted, any_card=True, face_up=up))
            continue
        monster_cards = re.fullmatch(r'("[^"]+") Monster Cards?', phrase)
        if monster_cards and action in ("banish", "send", "shuffle") and set(places) <= {"hand", "field"}:
            # SCY-2: '2 "Gadget" Monster Cards from your hand and/or face-up field' -- cards of the archetype whose
            # card is a Monster Card (the engine's IsOriginalType(TYPE_MONSTER)): monsters of the hand; on the field
            # the player's monsters that are not Trap Monsters and its Pendulum Scales (face-up where it says so)
            wanted = _filter(f"{monster_cards.group(1)} monster")
            if not (isinstance(wanted, Atom) and wanted.key == "archetype"):
                raise UnsupportedText(f"{action} cost {phrase!r}")
            wanted = conj(wanted, Atom("kind", "=", "monster"), Not(Atom("kind", "=", "trap_monster")))
            out.append(CostSlot(action, places, int(count), wanted, any_card=True, face_up=up, different=different))
            continue
        archetype = re.fullmatch(r'("[^"]+") cards?', phrase)
        if archetype and action in ("banish", "send", "shuffle") and set(places) <= {"graveyard", "field"}:
            # PRX-8: '3 "SPYRAL" cards' -- any card of the archetype (a Spell or Trap too; on the field, any of the
            # player's cards, face-up where the text says)
            wanted = _filter(f"{archetype.group(1)} monster")
            if not (isinstance(wanted, Atom) and wanted.key == "archetype"):
                raise UnsupportedText(f"{action} cost {phrase!r}")
            out.append(CostSlot(action, places, int(count), wanted, any_card=True, face_up=up, different=different))
            continue
        named = bool(re.fullmatch(r'"[^"]+"', phrase)) and action != "tribute"
        if named and "field" in places and not monster_zone:
            # a bare card name on the field: it may name a Spell or Trap ("Tri-Blaze Accelerator"), which the
            # field's cost pool (monsters) does not hold
            raise UnsupportedText(f"a card named without saying it is a monster: {phrase!r}")
        either = re.fullmatch(r"(?P<what>.+?) with (?P<n>\d+) ATK or DEF", phrase)
        # SCX-3: "2 monsters from your GY with 2500 ATK or DEF" (Regenesis Overlord): either value is N (the printed
        # ones: a position records no change of ATK/DEF, MAT-3)
        wanted = Or((_one_filter(f"{either['what']} with {either['n']} ATK"),
                     _one_filter(f"{either['what']} with {either['n']} DEF"))) if either else _one_filter(phrase)
        if "field" in places and action != "tribute" and wanted is not ANY:
            up = True   # POS-3: a face-down monster hides what the cost names; only Tributes (NS-4) take it
        out.append(CostSlot(action, places, int(count), wanted, face_up=up, named=named, different=different))
    return out


def _cost(phrase: str) -> dict:
    """What "by <phrase>" adds to a Procedure; UnsupportedText when the phrase is not read whole. PRX-6: two
    costs of one verb joined by "and" ("banishing 2 monsters you control and 1 monster from your GY"), each
    read whole, are both paid."""
    try:
        return _one_cost(phrase)
    except ValueError:   # UnsupportedText, or an UnsupportedMaterialLine from a phrase
        two = re.fullmatch(r"(?P<verb>banishing|sending|Tributing|shuffling) (?P<a>.+?) and (?P<b>\d+ .+)", phrase)
        verbs = re.fullmatch(r"(?P<a>discarding \d+ [^,]+?) and (?P<b>Tributing \d+ .+)", phrase)
        if verbs:   # PRY-9: "discarding 1 Spell/Trap and Tributing 1 Level 7 or higher "Artmage" monster from your hand
            # or field" (Artmage Non-Finito): two costs of two verbs, each read whole, both paid
            try:
                first, second = _one_cost(verbs["a"]), _one_cost(verbs["b"])
            except ValueError:
                raise UnsupportedText(f"not read: {phrase!r}") from None
            if set(first) != {"costs"} or set(second) != {"costs"}:
                raise UnsupportedText(f"not read: {phrase!r}") from None
            return {"costs": first["costs"] + second["costs"]}
        if not two:
            raise
        try:
            first, second = _one_cost(f"{two['verb']} {two['a']}"), _one_cost(f"{two['verb']} {two['b']}")
        except ValueError:
            raise UnsupportedText(f"not read: {phrase!r}") from None
        if set(first) != {"costs"} or set(second) != {"costs"}:
            raise UnsupportedText(f"not read: {phrase!r}") from None
        return {"costs": first["costs"] + second["costs"]}


# PRX-14: 'banishing Machine monsters from your GY whose total Levels equal 12 or more' (Machina Ruinforce), 'banishing
# "Kozmo" monsters from your hand whose total Levels equal 10 or more' (Kozmo Dark Planet): the engine's
# SelectWithSumGreater / CheckWithSumGreater on the chosen cards (no superfluous one).
_TOTAL_LEVELS = re.compile(r"banishing (?P<what>[^,]+? monsters) from your (?P<from>hand|GY) whose total Levels equal "
                           r"(?P<n>\d+) or more")


# PRZ-1: 'sending 1 "D.D. Esper Star Sparrow", "Beast-Warrior Puma", "Phoenix Beast Gairuda", and "Ironhammer the
# Giant" from your hand and/or face-up from your side of the field to the GY' (D.D. Jet Iron): 1 of each name (SP-7's
# list), each from the hand or the player's face-up Monster Zones
_EACH_NAME_HAND_FACE_UP = re.compile(r'sending 1 (?P<names>"[^"]+"(?:, "[^"]+")*,? and "[^"]+") from your hand and/or '
                                     r'face-up from your side of the field to the GY')
# PRZ-2: 'sending an "Elemental HERO Bubbleman" you control and "Metamorphosis" in your hand to the GY' (Elemental HERO
# Neo Bubbleman): the first name a face-up monster the player controls, the second a card of the hand
_NAMED_CONTROL_AND_HAND = re.compile(r'sending an? (?P<mine>"[^"]+") you control and (?P<hand>"[^"]+") in your hand '
                                     r'to the GY')


# SCX-2, SCX-3: a cost whose description ends after its place ("1 face-up monster you control with 2500 original ATK and
# DEF", Regenesis Lord; "2 monsters from your GY with 2500 ATK or DEF", Regenesis Overlord): read as the same cost with
# the description before the place
_WITH_AFTER_PLACE = re.compile(r"(?P<verb>banishing) (?P<what>\d+ [^,]+?) (?P<where>you control|from your GY) "
                               r"(?P<with>with \d+ (?:original ATK and DEF|ATK or DEF))")


def _one_cost(phrase: str) -> dict:
    match = _WITH_AFTER_PLACE.fullmatch(phrase)
    if match:
        phrase = f"{match['verb']} {match['what']} {match['with']} {match['where']}"
    match = _EACH_NAME_HAND_FACE_UP.fullmatch(phrase)
    if match:   # PRZ-1: the names are monsters (the engine's pool: LOCATION_HAND|LOCATION_MZONE)
        return {"costs": tuple(CostSlot("send", ("hand", "field"), 1, _filter(name), face_up=True, named=True)
                               for name in _NAME.findall(match["names"]))}
    match = _NAMED_CONTROL_AND_HAND.fullmatch(phrase)
    if match:   # PRZ-2: the engine's LOCATION_MZONE for the first (a monster), LOCATION_HAND for the second
        return {"costs": (CostSlot("send", ("field",), 1, _filter(match["mine"]), face_up=True, named=True),
                          CostSlot("send", ("hand",), 1, _filter(match["hand"]), named=True))}
    if re.fullmatch(r"sending 1 card from your Spell & Trap (?:Card )?Zone to the (?:GY|Graveyard)", phrase):
        # PRY-5 (Card Breaker): any 1 card of the player's Spell & Trap Zones, Set or face-up (a Pendulum Scale there
        # under Master Rule 4/5 too; not the Field Zone: the engine's GetSequence() < 5 over LOCATION_SZONE)
        return {"costs": (CostSlot("send", ("spell_trap_zone",), 1, ANY, any_card=True),)}
    match = re.fullmatch(r"sending (?P<n>\d+) face-up Monster Cards from your Spell & Trap Zone to the GY", phrase)
    if match:   # PRW-13 (Snake-Eyes Doomed Dragon): Monster Cards in the player's Spell & Trap Zones (the engine's
        # `GetOriginalType() & TYPE_MONSTER` and IsFaceup over LOCATION_SZONE); in a position pysolver reads those are
        # its Pendulum Scales of Master Rule 4/5 (zones 1 and 5)
        return {"costs": (CostSlot("send", ("spell_trap_zone",), int(match["n"]), Atom("kind", "=", "monster"),
                                   any_card=True, face_up=True),)}
    if phrase == "shuffling all monsters in your GY into the Deck":   # PRX-9 (Exodius): at least 1
        return {"costs": (CostSlot("shuffle", ("graveyard",), 1, ANY, all_of=True),)}
    match = re.fullmatch(rf"returning (?P<n>\d+) monsters \((?P<kinds>1 {_EXTRA_KIND}(?:, 1 {_EXTRA_KIND})*,? and 1 "
                         rf"{_EXTRA_KIND})\) from your (?P<from>{_FROM_WORDS}) to the Extra Deck", phrase)
    if match:   # PRX-30 (Vidolium): one of each kind, returned to the Extra Deck (shuffled: SP-4)
        kinds = re.findall(_EXTRA_KIND, match.group("kinds"))
        places, up = _FROM[match.group("from")]
        if int(match.group("n")) != len(kinds) or not set(kinds) <= {"Fusion", "Synchro", "Xyz", "Link"}:
            raise UnsupportedText(f"not read: {phrase!r}")
        return {"costs": tuple(slot for kind in kinds for slot in _slots("shuffle", f"1 {kind} Monster", places, up))}
    match = re.fullmatch(r'having no cards in your Extra Deck,? except "(?P<name>[^"]+)"', phrase)
    if match:   # PRX-28 (Anchamoufrite, Dreaming Nemleria): every card of the Extra Deck has that name
        return {"extra_deck_only": _filter(f'"{match.group("name")}"')}
    match = re.fullmatch(r"banishing all (?P<what>\w+(?: \w+)? monsters) (?:you control and in your GY|from your field "
                         r"and GY)", phrase)
    if match:   # SCX-7: every face-up monster of that kind the player controls and every one of its GY, at least 1 in all
        # (Evil Dragon Ananta, Cyber Eltanin: the engines' filter `not c:IsLocation(LOCATION_MZONE) or c:IsFaceup()`
        # over LOCATION_MZONE + LOCATION_GRAVE, all of them banished; a face-down monster is not taken)
        return {"costs": (CostSlot("banish", ("field", "graveyard"), 1, _one_filter(match.group("what")), face_up=True,
                                   all_of=True),)}
    match = re.fullmatch(r"banishing all (?P<what>\w+ monsters) from your GY", phrase)
    if match:   # PRX-25: every monster of that kind in the GY, at least 1 (as PRX-9's)
        return {"costs": (CostSlot("banish", ("graveyard",), 1, _one_filter(match.group("what")), all_of=True),)}
    match = re.fullmatch(r"Tributing all monsters you control(?: \(min\. (?P<min>\d+)\))?"
                         r"(?:, including (?:at least (?P<n>\d+) |an? )(?P<what>.+))?", phrase)
    if match:   # PRX-22 (Legendary Maju Garzett): at least 1; PRX-29: "(min. 2)", "including at least 3 "Zefra" monsters"
        including = (_one_filter(match.group("what")), int(match.group("n") or 1)) if match.group("what") else ()
        return {"costs": (CostSlot("tribute", ("field",), int(match.group("min") or 1), ANY, all_of=True,
                                   including=including),)}
    match = re.fullmatch(r"having only (?P<what>.+ monsters) in your GY \(min\. 1\)", phrase)
    if match:   # PRX-23 (Gearspring Spirit): 1 or more monsters in the GY, every one of that kind
        return {"gy_only": _one_filter(match.group("what"))}
    match = re.fullmatch(r"Tributing (?P<what>\w+ monsters) from your hand or field, whose total Levels equal (?P<n>\d+) "
                         r"or more", phrase)
    if match:   # SCX-10 (Toon Black Luster Soldier): its script's SelectUnselectGroup stops once the total reaches N
        return {"costs": (CostSlot("tribute", ("hand", "field"), 1, _one_filter(match.group("what")),
                                   levels_at_least=int(match.group("n")), levels_break=True),)}
    match = _TOTAL_LEVELS.fullmatch(phrase)
    if match and not re.match(r"\d", match.group("what")):   # PRX-14
        return {"costs": (CostSlot("banish", ("hand",) if match.group("from") == "hand" else ("graveyard",), 1,
                                   _one_filter(match.group("what")), levels_at_least=int(match.group("n"))),)}
    match = _BANISHED_TO_DECK.fullmatch(phrase)
    if match:   # PRX-1
        slots = _slots("shuffle", f"{match.group('n')} {match.group('what')}", ("banished",))
        if any(slot.named or slot.different for slot in slots):
            raise UnsupportedText(f"not read: {phrase!r}")
        return {"costs": tuple(CostSlot(slot.action, slot.places, slot.count, conj(slot.filter, _MAIN_DECK_MONSTER))
                               for slot in slots)}
    match = re.fullmatch(r"banishing 2 face-up monsters you control \(1 (?P<a>[^()]+?) and 1 (?P<b>[^()]+?)\)", phrase)
    if match:   # PRX-13: 'banishing 2 face-up monsters you control (1 "Blackwing" Tuner and 1 non-Tuner)'
        return {"costs": tuple(slot for part in (match.group("a"), match.group("b"))
                               for slot in _slots("banish", f"1 face-up {part} monster", ("field",)))}
    match = _ONE_FROM_EACH.fullmatch(phrase)
    if match and match.group("a") != match.group("b"):   # PRX-3
        places = {"hand": ("hand",), "GY": ("graveyard",)}
        return {"costs": tuple(slot for place in (match.group("a"), match.group("b"))
                               for slot in _slots("banish", f"1 {match.group('what')}", places[place]))}
    for action, pattern in _COSTS:
        match = pattern.fullmatch(phrase)
        if not match:
            continue
        groups = match.groupdict()
        what = groups["what"] + (groups.get("except") or "")
        if groups.get("anywhere"):
            return {"costs": tuple(_slots(action, what, ("field", "opponent_field")))}
        if groups.get("opponents"):   # PRX-17: kinds of Spells and Traps only
            slots = _slots(action, what, ("opponent_field",))
            if not all(slot.any_card for slot in slots):
                raise UnsupportedText(f"not read: {phrase!r}")
            return {"costs": tuple(slots)}
        if action == "tribute" and groups.get("from") is None:
            return {"costs": tuple(_slots("tribute", what, ("opponent_field",) if groups["theirs"] else ("field",)))}
        if groups.get("from") is not None:
            places, up = _FROM[groups["from"]]
            return {"costs": tuple(_slots(action, what, places, up, monster_zone="Monster Zone" in groups["from"]))}
        if groups.get("field") is not None:
            return {"costs": tuple(_slots(action, what, ("field",), monster_zone="Monster Zone" in groups["field"]))}
        place = "hand" if action in ("discard", "send") else "graveyard"
        return {"costs": tuple(_slots(action, what, (place,)))}
    for pattern, places in _DISTINCT:
        match = pattern.fullmatch(phrase)
        if match:
            return {"distinct_at_least": (_one_filter(match.group("what")), int(match.group("n")),
                                          _DIFFERENT[match.group("prop")], places)}
    match = _GY_EXACTLY.fullmatch(phrase)
    if match:
        return {"gy_exactly": (_one_filter(match.group("what")), int(match.group("n")))}
    match = _GY_AT_LEAST.fullmatch(phrase)
    if match:
        what = match.group("what")
        wanted = None if what in ("cards",) and not match.group("names") else _one_filter(what)
        found = {"gy_at_least": (wanted, int(match.group("n")), bool(match.group("names")))}
        if match.group("unique"):   # PRX-2: "5 or more monsters in your GY, and no monsters in your GY with the same name"
            if wanted is not ANY or match.group("names"):
                raise UnsupportedText(f"not read: {phrase!r}")
            found["gy_no_same_name"] = True
        return found
    match = re.fullmatch(r'having exactly (?P<n>\d+) (?P<what>"[^"]+") cards with different names on your field and/or GY',
                         phrase)
    if match:   # SCX-9 (Rainbow Dragon): any cards of the archetype, face-up on the field (every zone) or in the GY
        wanted = _filter(f"{match.group('what')} monster")
        if not (isinstance(wanted, Atom) and wanted.key == "archetype"):
            raise UnsupportedText(f"not read: {phrase!r}")
        return {"distinct_cards_exactly": (wanted, int(match.group("n")))}
    if phrase == "controlling no cards":
        return {"control_no_cards": True}
    match = re.fullmatch(r'revealing (?P<n>\d+) other (?P<what>"[^"]+") cards in your hand(?P<names> with different names)?',
                         phrase)
    if match:   # PRX-12: any cards of an archetype (a Spell or Trap too); they stay in the hand
        wanted = _filter(f"{match.group('what')} monster")
        if not (isinstance(wanted, Atom) and wanted.key == "archetype"):
            raise UnsupportedText(f"not read: {phrase!r}")
        return {"reveal_cards": (wanted, int(match.group("n")), bool(match.group("names")))}
    match = _REVEALING.fullmatch(phrase)
    if match:   # the revealed cards stay in the hand: a condition on the hand, not a cost
        what = re.sub(r"^other ", "", match.group("what"))
        named = bool(re.fullmatch(r'"[^"]+"', what))
        return {"reveal": (_filter(what) if named else _one_filter(what), int(match.group("n") or 1), named)}
    match = _CONTROLLING.fullmatch(phrase)
    if match and "face-down" not in phrase:   # the condition counts face-up monsters (POS-3)
        what = re.sub(r"^face-up ", "", match.group("what"))
        return {"controls_at_least": (_one_filter(what), int(match.group("n") or 1))}
    raise UnsupportedText(f"not read: {phrase!r}")


# PRX-31: conditions of "If ..., you can Special Summon this card (from your hand)" on cards, not monsters
_IF_CONDITIONS = {
    "a face-up card is in a Field Zone": "field_zone_face_up",
    "you have no Spell/Trap Cards in your GY": "gy_no_spell_trap",
    "you control a face-up card in your Spell & Trap Zone": "spell_trap_zone_face_up",
    "you have a face-up Pendulum Monster in your Extra Deck": "extra_deck_face_up_pendulum",
}
_IF_GY_NAMES = re.compile(r"you have (?P<n>\d+) or more (?P<what>.+ monsters) with different names in your GY")


# SCX-11: "This monster can only be Special Summoned by selecting 1 face-up "Gradius" on your side of the field."
# (Gradius' Option: its procedure from the hand, and the EFFECT_SPSUMMON_CONDITION of every other Special Summon: face-up,
# while the player it comes to controls a face-up monster of that name)
SELECTING_FACE_UP = re.compile(r"This monster can only be Special Summoned by selecting 1 face-up \"(?P<name>[^\"]+)\" on "
                               r"your side of the field\.")


def _procedure_from(sentence: str) -> Procedure:
    """One procedure sentence, read whole (see `_HEAD`); UnsupportedText otherwise."""
    selecting = SELECTING_FACE_UP.fullmatch(sentence)
    if selecting:   # SCX-11 (Gradius' Option): from the hand, while the player controls a face-up monster of that name
        return Procedure(sources=("hand",), field_cards=(FieldCard(_filter(f'"{selecting["name"]}"'), "me", named=True),))
    head = _HEAD.match(sentence)
    if not head or not sentence.endswith("."):
        raise UnsupportedText(f"not read: {sentence!r}")
    rest = sentence[head.end():-1]
    found: dict = {"sources": _SOURCES[head.group("src")]}
    condition = head.group("cond")
    if condition in ("only your opponent controls a monster",
                     "your opponent controls a monster and you control no monsters"):
        found["only_opponent_controls"] = True
    elif condition == "you control no monsters":
        found["control_none"] = True
    elif condition == "you control no cards":
        found["control_no_cards"] = True
    elif condition is not None and _field_card(condition):
        found["field_cards"] = (_field_card(condition),)
    elif condition == "your opponent controls more monsters than you do":
        found["opponent_more"] = True
    elif condition in _IF_CONDITIONS:   # PRX-31
        found[_IF_CONDITIONS[condition]] = True
    elif condition is not None and _IF_GY_NAMES.fullmatch(condition):   # PRX-31: as "by having ... in your GY"
        names = _IF_GY_NAMES.fullmatch(condition)
        found["gy_at_least"] = (_one_filter(names.group("what")), int(names.group("n")), True)
    elif condition is not None:
        opponent = re.fullmatch(r"your opponent controls an? (.+)", condition)
        mine = re.fullmatch(r"you control an? (.+?)(?: other than (\"[^\"]+\"))?", condition)
        if opponent:
            found["opponent_controls"] = _one_filter(opponent.group(1))
        elif mine and mine.group(1) == "Tuner" and not mine.group(2):   # PRX-31: "If you control a Tuner" (face-up)
            found["controls_at_least"] = (_one_filter("Tuner monster"), 1)
        elif mine and re.search(r"\b[Mm]onster$", mine.group(1)) and "face-down" not in mine.group(1):
            wanted = _one_filter(mine.group(1) + (f", except {mine.group(2)}" if mine.group(2) else ""))
            found["controls_at_least"] = (wanted, 1)
        else:
            raise UnsupportedText(f"condition {condition!r}")
    if rest == " if your opponent controls a monster(s) and you control a face-up Tuner monster(s)":
        # SCX-8 (D.D. Unicorn Knight): its procedure from the hand, no cost (the engine's `sprcon`: a monster in the
        # opponent's Monster Zones, face-down too, `GetFieldGroupCount(tp,0,LOCATION_MZONE)>0`, and a face-up Tuner
        # in the player's, `FaceupFilter(Card.IsType,TYPE_TUNER)`)
        found["opponent_has_monster"], found["controls_at_least"], rest = True, (_one_filter("Tuner monster"), 1), ""
    rest = _NOMI_TAIL.sub("", rest)
    for words, key in ((" to your opponent's field", "to_opponent"), (" in Attack Position", "attack_only"),
                       (" in Defense Position", "defense_only"), (" in face-up Attack Position", "attack_only"),
                       (", in face-up Attack Position,", "attack_only"),   # PRY-5: "..., in face-up Attack Position, by"
                       (" in face-up Defense Position", "defense_only")):
        if rest.startswith(words):
            found[key], rest = True, rest[len(words):]
    if rest.startswith(" during your Main Phase 2"):   # PRY-6 (Fenrir the Nordic Wolf): the position's phase is main2
        found["main_phase_2"], rest = True, rest[len(" during your Main Phase 2"):]
    if "while" in rest:
        rest, _, condition = rest.partition(" while ")
        match = _WHILE.fullmatch(condition.rstrip(","))
        field_card = _field_card(condition.rstrip(","))
        if field_card:
            found["field_cards"] = found.get("field_cards", ()) + (field_card,)
        elif not match or "face-down" in condition:
            raise UnsupportedText(f"condition {condition!r}")
        elif match.group("none"):
            found["control_none"] = True
        elif match.group("total"):
            found["levels_ranks_at_most"] = int(match.group("total"))
        elif match.group("theirs"):
            found["opponent_controls"] = _one_filter(match.group("theirs"))
        elif match.group("their_gy"):
            found["opponent_gy_at_least"] = int(match.group("their_gy"))
        elif match.group("banished"):
            found["banished_at_least"] = (_one_filter(match.group("banished_what")), int(match.group("banished")))
        elif match.group("spells"):
            found["continuous_spells_at_least"] = int(match.group("spells"))
        elif match.group("only_defense"):   # PRX-24
            found["only_defense"] = int(match.group("only_defense"))
        else:
            found["controls_at_least"] = (_one_filter(match.group("what")), 1)
        rest = rest.rstrip(",")
    if "controls_at_least" in found and "while" in rest:
        raise UnsupportedText(f"two conditions of one kind: {sentence!r}")
    if not rest and head.group(0).startswith(("Must", "This card")) and not found.keys() & {
            "controls_at_least", "control_none", "levels_ranks_at_most", "control_no_cards", "field_cards",
            "opponent_controls", "opponent_gy_at_least", "banished_at_least", "continuous_spells_at_least",
            "only_defense"}:
        raise UnsupportedText(f"no cost or condition: {sentence!r}")
    if rest:
        by = re.fullmatch(r",? by (.+)", rest)
        if not by:
            raise UnsupportedText(f"not read: {rest.strip()!r}")
        for key, value in _cost(by.group(1)).items():
            if key in found:
                raise UnsupportedText(f"two conditions of one kind: {rest.strip()!r}")
            found[key] = value
    return Procedure(**found)


_PROCEDURE_SENTENCE = re.compile(
    # PRX-23: "(min. 1)" does not end the sentence, nor does a period inside a quoted card name (PRZ-1)
    r"(?:Must (?:first )?be Special Summoned \(from your (?:hand|hand or GY|GY|face-up Extra Deck|hand or face-up Extra "
    r"Deck|Extra Deck or GY|hand or Extra Deck)\)(?:\(min\. \d+\)|\"[^\"]*\"|[^.])*"   # PRZ-1: '"D.D. ..."' neither
    r"|(?:If [^.]*?, )?[Yy]ou can Special Summon this card \(from your hand\)[^.]*"
    r"|This card can only be Special Summoned by [^.]*|This card cannot be Special Summoned,? except by [^.]*"
    r"|This card can only be Special Summoned if your opponent controls a monster\(s\) and you control a face-up Tuner "
    r"monster\(s\)"   # SCX-8 (D.D. Unicorn Knight)
    r"|This monster can only be Special Summoned by selecting 1 face-up \"[^\"]+\" on your side of the field"   # SCX-11
    r"|This card can only be Special Summoned, in face-up Attack Position, by [^.]*"   # PRY-5 (Card Breaker)
    r"|Must (?:first )?be Special Summoned by (?:banishing|removing|sending|Tributing|discarding) [^.]*)\.")


# PRX-16: 'by banishing 3 Pyro monsters or 1 "Blaze Accelerator" card from your face-up field and/or GY' (Volcanic
# Emperor): two costs of one verb and one place joined by "or" -- two procedures, each read whole as if it stood alone.
_OR_COSTS = re.compile(r"\bby (?P<verb>banishing) (?P<one>\d+ [^.]+?) or (?P<two>\d+ [^.]+?) (?P<where>from your [^.,]+)")


def _alternatives(sentence: str) -> list[str]:
    """PRX-16: the sentence of each way "A or B" gives (the sentence itself when it has no such "or"); tried only
    when the sentence is not read whole as one cost ("1 "Elemental HERO" Fusion Monster or 1 "Winged Kuriboh"" is one
    slot of either kind, Winged Kuriboh LV6)."""
    match = _OR_COSTS.search(sentence)
    if not match:
        return [sentence]
    return [f"{sentence[:match.start()]}by {match['verb']} {part} {match['where']}{sentence[match.end():]}"
            for part in (match["one"], match["two"])]


# PRX-25: 'by banishing all LIGHT monsters or all DARK monsters from your GY, while you have an equal number of each in
# your GY' (Black Luster Soldier - Envoy of the Evening Twilight)
_ALL_OR_ALL_EQUAL = re.compile(r"(?P<head>.+?) by banishing all (?P<a>\w+ monsters) or all (?P<b>\w+ monsters) from your "
                               r"GY, while you have an equal number of each in your GY\.")


# PRX-26: 'by shuffling 3 cards of the same type (Monster, Spell, or Trap) from your GY into the Deck/Extra Deck' (Yomagna
# the Fire Phantom): 3 monsters, 3 Spells or 3 Traps
_SAME_TYPE = re.compile(r"(?P<head>.+?) by (?P<verb>shuffling|banishing|sending) (?P<n>\d+) cards of the same type "
                        r"\(Monster, Spell, or Trap\) (?P<rest>from your GY[^.]*)\.")


def _mixed_actions(found) -> bool:
    """A place whose cards one procedure banishes and another sends to the GY: the play would not say
    which happened to its cost (apply could not carry it out)."""
    actions: dict = {}
    for procedure in found:
        for slot in procedure.costs:
            for place in slot.places:
                actions.setdefault(place, set()).add(slot.action if slot.action in ("banish", "shuffle") else "GY")
    return any(len(kinds) > 1 for kinds in actions.values())


def cost_action(card: Card, place: str) -> str | None:
    """SP-1: what happens to a cost card `card`'s procedure takes from `place`: "banish", "shuffle" (into the
    Deck), or None (to the GY; a card from the GY without either word is banished)."""
    found = procedures(card)
    if not isinstance(found, tuple):
        return None
    return next((slot.action for procedure in found for slot in procedure.costs
                 if slot.action in ("banish", "shuffle") and place in slot.places), None)


# PRX-19: an Extra Deck monster's own procedure besides its Fusion / Synchro Summon, with a cost other than the cards of
# its material line (those are Contact Fusions): 'Must be either Fusion Summoned, or Special Summoned by Tributing 1 Level
# 10 "Ultimate Crystal" monster' (Rainbow Overdragon), "Must first be either Fusion Summoned, or Special Summoned (from
# your Extra Deck) in Defense Position by Tributing 3 monsters with different Types" (Nerva the Power Patron of Creation)
EXTRA_PROCEDURE_SENTENCE = re.compile(
    r"(?:Must|This face-down card in the Extra Deck must) (?:first )?be either (?:Fusion|Synchro) Summoned, or "
    r"Special Summoned"
    r"(?: \(from your Extra Deck\)| from your Extra Deck)?(?P<defense> in Defense Position)?"
    r"(?P<spell_turn> during the turn a Spell Card or effect is activated,)? by (?P<cost>[^.]+?)"   # PRW-5
    r"(?P<as_material> as material)?"   # PRW-5: the cost is the monster's material (PRX-19's `as_material`)
    r"(?: \(in which case you do not use \"Polymerization\"\))?\.")   # PRW-4: a reminder, not a cost


# EQP-2 (docs/material-rules.md): a Tribute "equipped with" a Monster Card ('Tributing 1 "Blue-Eyes White Dragon" equipped
# with a Fusion Monster', Blue-Eyes Tyrant Dragon; the engine's `GetEquipGroup():IsExists(Card.IsOriginalType, 1, nil,
# TYPE_FUSION)`): a position holds no Monster Card equipped to a monster, so no monster can pay it. An Equip Card, or a
# card name, that an Equip Spell could be, is not this (Ultimate Great Insect's "equipped with an Equip Card").
EQUIPPED_WITH_MONSTER_CARD = re.compile(r"Tributing 1 [^.,]+? " + EQUIPPED_WITH_MONSTER_CARD_WORDS)


# PRY-1: a Synchro Monster's procedure from the Extra Deck with a Tuner and a non-Tuner of the player's whose Levels are
# the same or differ by N: "Must be Special Summoned (from your Extra Deck) by sending 2 monsters you control with a Level
# difference of 1 to the GY (1 Tuner and 1 non-Tuner)" (Ursarctic Polari), "... 2 monsters you control with a Level
# difference of 7 to the GY (1 Level 8 or higher Tuner and 1 non-Tuner Synchro Monster)" (Ursarctic Septentrion), "... 2
# Level 8 or higher monsters you control with the same Level to the Graveyard (1 Tuner and 1 non-Tuner)" (Phantasmal Lord
# Ultimitl Bishbaalkin). The engine's scripts: face-up monsters of the Monster Zone with a Level (HasLevel), the Tuner
# and the non-Tuner, math.abs(Level - Level) == N (GetLevel() == lv for the same Level), sent to the GY as a cost.
LEVEL_PAIR_SENTENCE = re.compile(
    r"Must (?:first )?be Special Summoned \(from your Extra Deck\) by sending 2 (?:(?P<level>Level \d+ or higher) )?"
    r"monsters you control with (?:(?P<same>the same Level)|a Level difference of (?P<difference>\d+)) to the "
    r"(?:GY|Graveyard) \(1 (?P<tuner>(?:Level \d+ or higher )?Tuner) and 1 (?P<other>non-Tuner(?: Synchro Monster)?)\)"
    r"(?:, and cannot be Special Summoned by other ways)?\.")


def _level_pair_procedure(match: re.Match) -> Procedure:
    """PRY-1: two slots of one face-up monster of the player's each (the Tuner, then the non-Tuner), sent to the GY,
    their Levels `level_difference` apart."""
    level = f"{match['level']} " if match["level"] else ""
    other = match["other"] if match["other"].endswith("Monster") else f"{match['other']} monster"
    slots = (_slots("send", f"1 face-up {level}{match['tuner']} monster", ("field",))
             + _slots("send", f"1 face-up {level}{other}", ("field",)))
    return Procedure(costs=tuple(slots), sources=("extra_deck",),
                     level_difference=0 if match["same"] else int(match["difference"]))


def _extra_deck_procedures(card: Card):
    """PRX-19: the Extra Deck monster's procedure (`EXTRA_PROCEDURE_SENTENCE`), costs only, read whole; () when it
    has none (a Contact Fusion's "the above cards" is `contact_fusion`). PRY-1: `LEVEL_PAIR_SENTENCE`."""
    if contact_fusion(card) is not None:
        return ()
    pair = LEVEL_PAIR_SENTENCE.search(_text(card))
    if pair is not None:
        if "synchro" not in card.kinds:   # a Tuner and a non-Tuner: the wording of Synchro Monsters only
            return UnsupportedText(f"{card.name!r}: procedure not supported (a Tuner pair, not a Synchro Monster)")
        return (_level_pair_procedure(pair),)
    match = EXTRA_PROCEDURE_SENTENCE.search(_text(card))
    if match is None:
        return ()
    cost, extra = match.group("cost"), {}
    if EQUIPPED_WITH_MONSTER_CARD.fullmatch(cost):   # EQP-2: never available; its Fusion (Synchro) Summon stays
        return ()
    held = re.fullmatch(r'(?P<cost>.+), while you have (?P<name>"[^"]+") in your field or GY', cost)
    if held:   # PRY-8 (Fallen Angel of the Golden Land): a face-up card of that name on the field, or one in the GY
        cost, extra = held.group("cost"), {"field_or_gy": _filter(held.group("name"))}
    column = re.fullmatch(r"(?P<cost>Tributing 1 [^,]+?) in the same column as the Extra Monster Zone", cost)
    if column:   # PRW-2 (Vaylantz Genesis Grand Duke): the Tribute in Main Monster Zone 2 or 4
        cost, extra = column.group("cost"), {"emz_column": True}
    if cost_needs_counters(cost):   # CTR-2: never available (no card has counters), so it is no procedure
        return ()
    try:
        found = _cost(cost)
    except ValueError as error:
        return UnsupportedText(f"{card.name!r}: procedure not supported ({error})")
    if set(found) != {"costs"} or "the above" in cost:
        return UnsupportedText(f"{card.name!r}: procedure not supported (not read: {cost!r})")
    # the engine's scripts of Fusion Monsters (Rainbow Overdragon, Nerva) record the costs as the monster's materials and
    # refuse a card that cannot be its Fusion Material (IsCanBeFusionMaterial); the Synchro Monsters' do not check
    if match.group("as_material") and "fusion" not in card.kinds:
        return UnsupportedText(f"{card.name!r}: procedure not supported (a cost 'as material' of a non-Fusion Monster)")
    if match.group("spell_turn"):   # PRW-5: a Spell Card or a Spell's effect was activated this turn (either player)
        extra["spell_activated"] = True
    # PRW-13: the engine's Snake-Eyes Doomed Dragon does not ask IsCanBeFusionMaterial of its Spell & Trap Zone costs
    from_zone = any("spell_trap_zone" in slot.places for slot in found["costs"])
    return (Procedure(costs=found["costs"], sources=("extra_deck",), defense_only=bool(match.group("defense")),
                      as_material="fusion" if "fusion" in card.kinds and not from_zone else None, **extra),)


# PRY-4: 'Must be either Special Summoned by "Dark Element", or Special Summoned (from your hand or GY) by shuffling into
# the Deck, 1 each of your "Sanga of the Thunder", "Kazejin", and "Suijin" that is in your hand, face-up field, GY,
# and/or banished.' (Dark Guardian): one card of each name from any of those places (face-up on the field; the
# banished cards are face-up, as pysolver banishes nothing face-down), shuffled into the Deck; the other way (that
# card's effect) is not offered (nomi, SP-2).
EACH_OF_YOURS_SENTENCE = re.compile(
    r'Must be either Special Summoned by "[^"]+", or Special Summoned \(from your hand or GY\) by shuffling into the '
    r'Deck, 1 each of your (?P<names>"[^"]+"(?:, "[^"]+")*,? and "[^"]+") that is in your hand, face-up field, GY, '
    r'and/or banished\.')


def _each_of_yours(match: re.Match) -> Procedure:
    """PRY-4: one slot of one card per name, from the hand, the face-up field, the GY or the banishment."""
    return Procedure(costs=tuple(CostSlot("shuffle", ("hand", "field", "graveyard", "banished"), 1, _filter(name),
                                          face_up=True, named=True) for name in _NAME.findall(match["names"])),
                     sources=("hand", "graveyard"))


@lru_cache(maxsize=None)
def procedures(card: Card):
    """The card's own ways of Special Summoning itself from the hand or GY (SP-1), or from the Extra Deck
    (PRX-19): a tuple of Procedure, with `once_per_turn` read separately; `UnsupportedText` for a wording
    pysolver cannot express."""
    if not card.is_monster:
        return ()
    if card.is_extra_deck:
        return _extra_deck_procedures(card)
    text = _text(card)
    found = []
    each = EACH_OF_YOURS_SENTENCE.search(text)
    if each:   # PRY-4
        found.append(_each_of_yours(each))
    for match in _PROCEDURE_SENTENCE.finditer(text):
        sentence = match.group(0)
        if cost_needs_counters(sentence.split(" by ", 1)[-1]):   # CTR-2: never available (no card has counters)
            continue
        if "once per Duel" in text:
            return UnsupportedText(f"{card.name!r}: a procedure usable once per Duel (the position holds one turn)")
        if sentence[0].islower():   # the sentence starts before: a condition ("If ..., ...,") not read
            return UnsupportedText(f"{card.name!r}: procedure not supported (its condition is not read)")
        same = _SAME_TYPE.fullmatch(sentence)
        if same:   # PRX-26: three procedures, N Monsters, N Spells or N Traps
            try:
                for kind in ("monsters", "Spells", "Traps"):
                    found.append(_procedure_from(f"{same['head']} by {same['verb']} {same['n']} {kind} {same['rest']}."))
            except ValueError as error:
                return UnsupportedText(f"{card.name!r}: procedure not supported ({error})")
            continue
        equal = _ALL_OR_ALL_EQUAL.fullmatch(sentence)
        if equal:   # PRX-25: two procedures, each banishing all of one kind, while the GY holds as many of each
            try:
                kinds = (_one_filter(equal["a"]), _one_filter(equal["b"]))
                for part in ("a", "b"):
                    way = _procedure_from(f"{equal['head']} by banishing all {equal[part]} from your GY.")
                    found.append(replace(way, gy_equal=kinds))
            except ValueError as error:
                return UnsupportedText(f"{card.name!r}: procedure not supported ({error})")
            continue
        try:
            found.append(_procedure_from(sentence))
        except ValueError as error:  # UnsupportedText, or an UnsupportedMaterialLine from a phrase
            ways = _alternatives(sentence)   # PRX-16: "A or B" as two procedures, when the sentence is not read whole
            try:
                if len(ways) < 2:
                    raise
                found.extend(_procedure_from(way) for way in ways)
            except ValueError:
                return UnsupportedText(f"{card.name!r}: procedure not supported ({error})")
    if any("face_up_extra_deck" in way.sources for way in found) and "pendulum" not in card.kinds:
        return UnsupportedText(f"{card.name!r}: procedure not supported (from the Extra Deck, not a Pendulum Monster)")
    if _mixed_actions(found):
        return UnsupportedText(f"{card.name!r}: procedure not supported (its procedures move the same cards "
                               f"differently)")
    return tuple(found)


def procedure_once_per_turn(card: Card) -> bool:
    return bool(re.search(r"You can only Special Summon \"[^\"]+\" once per turn this way", card.text))


NOT_FROM_GRAVEYARD = re.compile(r"Cannot be Special Summoned from the (?:GY|Graveyard)\.")


def not_from_graveyard(card: Card) -> bool:
    """SP-2: "Cannot be Special Summoned from the GY": no effect Special Summons it from the GY."""
    return card.is_monster and bool(NOT_FROM_GRAVEYARD.search(_text(card)))


# --------------------------------------------------------------------------------------------------
# Contact Fusions: an Extra Deck monster Special Summoned by its own procedure with the cards of its
# material line (SP-1, SP-2; engine-rules.md §4.6 "Contact Fusion")

@dataclass(frozen=True)
class ContactFusion:
    """"Must (first) be [either Fusion Summoned, or] Special Summoned (from your Extra Deck) by <moving> the above
    cards <from where>".

    The cards are the monster's material line, matched like Fusion Materials (the same slots and
    conditions, the materials' own "Fusion Material" rules) but with no Fusion Substitute (the engine's
    FUSPROC_CONTACTFUS turns substitutes off); they are a cost, moved as `action` says. It is a Special
    Summon by the monster's own procedure, not a Fusion Summon; the monster comes out properly summoned."""

    action: str                   # banish | shuffle (into the Deck/Extra Deck) | send (to the GY) | tribute
    sources: tuple[str, ...]      # field (the turn player's monsters, any position) | graveyard | hand |
                                  # opponent_field (the opponent's monsters: "from either field")
    first: bool                   # "Must first be": revivable once properly summoned (SP-2); else "nomi"
    or_fusion: bool = False       # "Must (first) be either Fusion Summoned, or Special Summoned ... by ...": a
                                  # Fusion Summon is its other way
    one_each: bool = False        # PRY-2: "1 each from your field and GY": exactly one card from each of `sources`


# The forms read; any other "(from your Extra Deck)" procedure ("during a Duel you Special Summoned ...") is not (Tuner and non-Tuner with a Level difference: PRY-1's
# LEVEL_PAIR_SENTENCE, a procedure of its own).
CONTACT_SENTENCE = re.compile(
    r"(?:Must (?P<first>first )?be (?P<either>either Fusion Summoned"
    r"(?: using only monsters in your hand and/or field)?, or )?Special Summoned "   # PRW-3: fusion_material_places
    r"(?:\(from your (?:face-down )?Extra Deck\) |from your Extra Deck )?by "
    r"(?:(?P<banish>banishing) the above cards (?P<banish_from>you control and/or from your GY|you control"
    r"|from your field and/or GY|from your hand, field, and/or GY)"
    r"|(?P<shuffle>shuffling) the above cards (?P<shuffle_from>you control|from your field and/or GY"
    r"|from your hand, field, and/or GY) into the Deck(?:/Extra Deck)?"
    r"|(?P<send>sending) the above (?:cards|monsters) (?P<send_from>you control|from your hand and/or field"
    r"|from either field|from any Monster Zones) to the (?:GY|Graveyard)"
    # ALM-5: "by sending the correct Fusion Material Monster Cards you control to the GY" (Magistus Chorozo; its script's
    # pool is LOCATION_ONFIELD by IsAbleToGraveAsCost): the Monster Cards a position puts on the field besides its
    # monsters are Pendulum Scales, which that refuses (PEN-4) -- the above cards you control
    r"|(?P<send_correct>sending) the correct Fusion Material Monster Cards (?P<correct_from>you control) to the GY"
    r"|(?P<tribute>Tributing) the above cards(?: you control)?"
    # PRY-2: "by banishing the above monsters, 1 each from your field and GY" (Lady's Dragonmaid, Enlightenment Dragon)
    r"|(?P<each>banishing) the above monsters, 1 each from your field and GY"
    # PRY-10: "by banishing cards you control with the above original names" (A-to-Z-Dragon Buster Cannon): the printed
    # names, the ones pysolver matches (nothing in a position changes a name)
    r"|(?P<original>banishing) cards you control with the above original names)"
    # PRX-18: the older "This card can only be Special Summoned from your Extra Deck, by returning the above cards you
    # control to the Deck" (Elemental HERO Air Neos, Gladiator Beast Gaiodiaz): only this way from the Extra Deck
    r"|This card can only be Special Summoned from your Extra Deck,? by (?P<returning>returning) the above cards you "
    r"control to the Deck)"
    r"(?: \(in which case you do not use \"Polymerization\"\))?(?:,? and cannot be Special Summoned by other ways)?\.")
_CONTACT_SOURCES = {
    "you control": ("field",), "from your field and/or GY": ("field", "graveyard"),
    "you control and/or from your GY": ("field", "graveyard"),
    "from your hand, field, and/or GY": ("hand", "field", "graveyard"), "from your hand and/or field": ("hand", "field"),
    "from either field": ("field", "opponent_field"), "from any Monster Zones": ("field", "opponent_field"),
}


@lru_cache(maxsize=None)
def contact_fusion(card: Card) -> ContactFusion | None:
    """The card's Contact Fusion procedure (`ContactFusion`), or None when its text has none of the forms
    read (an Extra Deck monster with a material line only)."""
    if not card.is_monster or not card.is_extra_deck or not card.materials:
        return None
    match = CONTACT_SENTENCE.search(_text(card))
    if match is None:
        return None
    if match.group("returning"):   # PRX-18: into the Deck (the engine's SendtoDeck), as "shuffling ... into the Deck"
        return ContactFusion("shuffle", ("field",), True)
    if match.group("original"):    # PRY-10: the player's monsters (any position) of the material line's printed names
        return ContactFusion("banish", ("field",), bool(match.group("first")), bool(match.group("either")))
    if match.group("each"):        # PRY-2: one of the cards from the field, the other from the GY
        return ContactFusion("banish", ("field", "graveyard"), bool(match.group("first")), bool(match.group("either")),
                             one_each=True)
    if match.group("send_correct"):   # ALM-5: "the correct Fusion Material Monster Cards you control"
        return ContactFusion("send", ("field",), bool(match.group("first")), bool(match.group("either")))
    action = next(name for name in ("banish", "shuffle", "send", "tribute") if match.group(name))
    where = match.groupdict().get(f"{action}_from") or "you control"
    return ContactFusion(action, _CONTACT_SOURCES[where], bool(match.group("first")), bool(match.group("either")))


# --------------------------------------------------------------------------------------------------
# Activated effects pysolver offers as plays

@dataclass(frozen=True)
class Effect:
    number: int
    where: str                     # hand_or_set (a Spell/Trap) | field (a face-up monster) | graveyard
    summons: str | None = None     # where the monsters it is sure to Special Summon come from:
                                   # graveyard | token | self_from_graveyard | None
    revive_from: str = "own"       # own | either: whose GY the target is in
    revive_filter: object = None   # what the target must be
    position: str | None = None    # attack | defense: the summoned monster's position (None: either)
    tokens: tuple = ()             # (count, token card name)
    extra_normal_summon: bool = False
    lp_cost: int = 0
    detach: int = 0
    banish_self: bool = False
    deck_at_least: int = 0
    control_no_cards: bool = False
    opponent_face_up_target: bool = False
    once_per_turn: bool = False    # "You can only activate 1 ... per turn" / "use this effect ... once per turn" / "Once per turn:"
    simulated: bool = True         # apply carries out the resolution (else records it only)
    restrictions: tuple = ()       # TOK-1: what it forbids the monsters it Special Summons (written.py)
    sends_from_deck: bool = False  # CTR-6: its resolution sends cards from the Deck to the GY ("also send the remaining
                                   # cards to the GY" after an excavation)


_REVIVE = re.compile(r"^(?:Activate this card by (?:paying (?P<lp>\d+) LP, then )?targeting|Target) 1 monster in "
                     r"(?P<whose>either player's|your) GY; Special Summon (?:it|that target)"
                     r"(?: in (?P<position>Attack|Defense) Position)?")
_TOKENS = re.compile(r"^Special Summon (?P<count>\d+) \"(?P<token>[^\"]+?)s?\" \([^)]*\) in (?P<position>Defense|Attack) "
                     r"Position\.")


@lru_cache(maxsize=None)
def activated_effects(card: Card) -> tuple[Effect, ...]:
    """The activated effects of `card` that pysolver models as `activate` plays."""
    text = _text(card)
    name = card.name
    activate_once = f'You can only activate 1 "{name}" per turn' in text
    if card.is_spell_trap and not card.is_monster:
        match = _REVIVE.match(text.replace("Activate this card by paying 800 LP, then target 1",
                                           "Activate this card by paying 800 LP, then targeting 1"))
        if match:
            return (Effect(1, "hand_or_set", summons="graveyard",
                           revive_from="either" if match.group("whose") == "either player's" else "own",
                           position=(match.group("position") or "").lower() or None,
                           lp_cost=int(match.group("lp") or 0), once_per_turn=activate_once),)
        match = _TOKENS.match(text)
        if match:
            return (Effect(1, "hand_or_set", summons="token",
                           tokens=(int(match.group("count")), match.group("token").rstrip("s")),
                           position=match.group("position").lower(), once_per_turn=activate_once),)
        if text == "You can conduct 2 Normal Summons/Sets this turn, not just 1.":
            return (Effect(1, "hand_or_set", extra_normal_summon=True),)
        excavate = re.match(r"^Excavate the top (\d+) cards of your Deck", text)
        if excavate:
            return (Effect(1, "hand_or_set", deck_at_least=int(excavate.group(1)), once_per_turn=activate_once,
                           simulated=False,
                           sends_from_deck=bool(re.search(r"\bsend the remaining cards to the GY\b", text))),)
        if text.startswith("Once during this turn, if you would Tribute a monster for a Tribute Summon, you can "
                           "Tribute 1 monster your opponent controls even though you do not control it."):
            return (Effect(1, "hand_or_set", once_per_turn=activate_once),)
        return ()
    effects: list[Effect] = []
    number = 0
    for sentence in _sentences(text):
        if _starts_effect(sentence):
            number += 1
            effect = _monster_effect(card, number, sentence, text)
            if effect is not None:
                effects.append(effect)
    return tuple(effects)


def _monster_effect(card: Card, number: int, sentence: str, part: str) -> Effect | None:
    once = sentence.startswith("Once per turn") or sentence.startswith("Once per turn,") or f'use this effect of "{card.name}" once per turn' in part \
        or f'each of the following effects of "{card.name}" once per turn' in card.text \
        or f'use each effect of "{card.name}" once per turn' in card.text
    if sentence.startswith("If this card is in your GY and you control no cards: You can Special Summon this card."):
        return Effect(number, "graveyard", summons="self_from_graveyard", control_no_cards=True, once_per_turn=once)
    lp = re.match(r"Once per turn: You can pay (\d+) LP;", sentence)
    if lp:
        return Effect(number, "field", lp_cost=int(lp.group(1)), once_per_turn=True, simulated=False)
    if re.match(r"Once per turn: You can detach 1 material from this card, then target 1 face-up monster your "
                r"opponent controls;", sentence):
        return Effect(number, "field", detach=1, opponent_face_up_target=True, once_per_turn=True, simulated=False)
    revive = re.match(r"You can banish this card from your GY, then target 1 monster with (\d+) ATK/(\d+) DEF in your "
                      r"GY, except \"([^\"]+)\"; Special Summon it in (Defense|Attack) Position", sentence)
    if revive:
        target = conj(Atom("atk", "=", int(revive.group(1))), Atom("def", "=", int(revive.group(2))),
                      Not(Atom("name", "=", revive.group(3))))
        return Effect(number, "graveyard", summons="graveyard", revive_filter=target, banish_self=True,
                      position=revive.group(4).lower(), once_per_turn=once)
    return None


# --------------------------------------------------------------------------------------------------
# Clauses of the turn's history (OATH-1..4, CNT-1, CNT-2) and additional Normal Summons (NS-1)

@dataclass(frozen=True)
class Clause:
    kind: str               # oath (OATH-1/2) | after_resolution (OATH-3) | when_special_summoned (OATH-4)
                            # | summon_once (CNT-2) | each_player_once (CNT-1)
                            # | summon_once_by (CNT-3: `forbids` the kind: fusion | synchro | xyz | link)
                            # | summon_once_any_way (PRY-7: its Fusion Summon and its own procedure, together)
                            # | extra_tribute_summon (granted when the effect resolves)
                            # | extra_normal_summon_after (granted after this card is Normal Summoned)
                            # | extra_normal_summon_while (NS-13: granted while this card is face-up; `method`
                            #   "set" when the additional one may be a Set, else "summon")
                            # | after_summoned (ZLK-4: after this card's Summon of `method` succeeded)
                            # | after_summoned_opponent (LKP-5: after that Summon, its summoner's opponent cannot
                            #   activate monster effects this turn)
    forbids: str = ""       # special_summon | special_summon_from_extra_deck | normal_summon | summon
                            # | activate_other | direct_attack_others | battle_phase | attack_self
                            # | attack_others | direct_attack | direct_attack_self | announce_self
    effect: int = 1         # which activated effect (oath, after_resolution, extra_tribute_summon)
    except_filter: object = None   # the monsters still allowed ("except WIND monsters")
    method: str = ""               # after_summoned: the Summon of this card that switches it on (synchro, ...)
    what_filter: object = None     # after_summoned: the monsters it forbids ("Level 5 or higher monsters")


_FORBIDS = [
    (re.compile(r"(?:you )?cannot Special Summon monsters from the Extra Deck"), "special_summon_from_extra_deck"),
    (re.compile(r"(?:you )?cannot Special Summon(?: monsters)?(?: for the rest of this turn)?"
                r"(?:, except (?P<except>.+?) monsters)?(?=[ ,.]|$)"),
     "special_summon"),
    # SCX-8: "You cannot Normal Summon or Set the turn you Special Summon this card." (D.D. Unicorn Knight): the same
    (re.compile(r"(?:you )?cannot Normal Summon(?:/| or )Set"), "normal_summon"),
    # PRX-24: "You cannot Synchro Summon the turn you Special Summon this card" (Backup Warrior), "... the turn you
    # activate this card" (Variety Comes Out): no Synchro Summon (no "except" wording is read so)
    (re.compile(r"[Yy]ou cannot Synchro Summon(?= the turn you (?:Special Summon|activate) this card\.)"),
     "synchro_summon"),
    (re.compile(r"(?:you )?cannot Summon other monsters"), "summon"),
    (re.compile(r"(?:you )?cannot activate other cards or effects"), "activate_other"),
    (re.compile(r"monsters you control cannot attack your opponent directly for the rest of this turn, except this "
                r"card"), "direct_attack_others"),
    (re.compile(r"[Yy]ou cannot conduct your Battle Phase"), "battle_phase"),
    (re.compile(r"(?:other monsters you control|your other monsters) cannot attack"), "attack_others"),
    (re.compile(r"your monsters cannot attack directly"), "direct_attack"),
    (re.compile(r"[Oo]nly this card can attack|no other monsters can attack, except this card"), "attack_others"),
    (re.compile(r"This card cannot attack (?:your opponent )?directly"), "direct_attack_self"),
    # BPO-1: "cannot declare an attack" (EFFECT_CANNOT_ATTACK_ANNOUNCE) refuses the same declarations as "cannot attack"
    # (EFFECT_CANNOT_ATTACK), but leaves the monster able to attack, which a "must attack" reads in Main Phase 1
    (re.compile(r"This card cannot declare an attack(?! directly)"), "announce_self"),
    (re.compile(r"This card cannot attack(?! directly)"), "attack_self"),
]


def _forbid(sentence: str):
    for pattern, what in _FORBIDS:
        match = pattern.search(sentence)
        if match:
            allowed = match.groupdict().get("except")
            return what, (_filter(f"{allowed} monsters") if allowed else None)
    return None


# ZLK-4: "After you Synchro Summon this card, you cannot Special Summon Level 5 or higher monsters for the rest of the
# turn." (Brotherhood of the Fire Fist - Horse Prince; engine: on EVENT_SPSUMMON_SUCCESS of that kind of Summon, a
# player-level EFFECT_CANNOT_SPECIAL_SUMMON on the summoner until the End Phase, target `IsLevelAbove(5)`).
# NS-13 (docs/tribute-rules.md): a face-up card's standing grant of the turn's additional Normal Summon.
EXTRA_NORMAL_SUMMON_WHILE = re.compile(
    r"(?:During your Main Phase, |While this card is face-up on the field, )?you can Normal Summon(?P<set>/Set)? "
    r"1 (?P<what>[^.]+?)(?: during your Main Phase each turn)?,? in addition to your Normal Summon/Set"
    r"(?: \(you can only gain this effect once per turn\))?\.", re.I)


AFTER_SUMMONED = re.compile(r"After you (?P<method>Fusion|Synchro|Xyz|Link|Ritual) Summon this card, you cannot Special "
                            r"Summon (?P<what>Level \d+ or (?:higher|lower)) monsters for the rest of the turn\.")


# LKP-5 (docs/lock-rules.md): "After this card was Xyz Summoned, your opponent cannot activate monster effects for the
# rest of that turn." (Outer Entity Azathot; engine: on EVENT_SPSUMMON_SUCCESS when `IsXyzSummoned`, a player-level
# EFFECT_CANNOT_ACTIVATE on the summoner's opponent, value `re:IsMonsterEffect()`, until the End Phase).
AFTER_SUMMONED_OPPONENT = re.compile(r"After this card was (?P<method>Fusion|Synchro|Xyz|Link|Ritual) Summoned, your "
                                     r"opponent cannot activate monster effects for the rest of that turn\.")


# RIT-9: a Ritual Spell's "For the rest of this turn after this card resolves, you cannot ..." (Dogmatikalamity) is
# part of its effect (OATH-3); the same sentence on other Spells is left to their own readers.
_AFTER_RITUAL_SPELL = "For the rest of this turn after this card resolves, "


@lru_cache(maxsize=None)
def clauses(card: Card):
    """The card's turn-history clauses; `UnsupportedText` for one pysolver sees but cannot express (then an
    event of the card in the history is refused: `solve.facts`)."""
    found, unread = _turn_clauses(card)
    if unread:
        return UnsupportedText(f"{card.name!r}: turn clause not supported ({unread[0][1]})")
    return found


def read_clauses(card: Card) -> tuple:
    """The turn clauses read, even when another sentence of the card is not: a sentence that cannot be read
    makes its card's events refused (`clauses`, `unread_summon_clause`), never the others dropped."""
    return _turn_clauses(card)[0]


@lru_cache(maxsize=None)
def unread_summon_clause(card: Card) -> str | None:
    """A turn clause not read that is not part of an activated effect ("If this card is Special Summoned this
    way, it cannot attack for the rest of this turn"): it follows the card's Summon, so a history with a Summon
    of the card is refused as well (an unread clause of an activated effect only refuses its activation)."""
    if not card.is_monster:
        return None
    activated = {" ".join(s.text.split()) for s in sentences(card) if s.activated}
    return next((error for sentence, error in _turn_clauses(card)[1]
                 if " ".join(sentence.split()) not in activated and not _starts_effect(sentence)
                 and not _AFTER_ACTIVATION.search(sentence)), None)


# Clauses that follow an activation, not the card's Summon: oath clauses, "If you activate this effect, ...",
# "After this effect resolves, ...".
_AFTER_ACTIVATION = re.compile(r"the turn you activate this|the turn this effect is activated|If you activated? this "
                               r"effect|this effect resolves|the same turn you activate this")


@lru_cache(maxsize=None)
def _turn_clauses(card: Card) -> tuple[tuple, tuple]:
    """(the clauses read, the sentences not read: (sentence, why))."""
    text = _text(card)
    found: list[Clause] = []
    unread: list[tuple[str, str]] = []
    effect_of = _effect_numbers(card)
    for sentence in _sentences(text):
        try:
            clause = _turn_clause(card, sentence, effect_of)
        except (UnsupportedText, ValueError) as error:
            unread.append((sentence, str(error)))
            continue
        if clause is not None:
            found.append(clause)
    if re.search(rf'You can only Special Summon "{re.escape(card.name)}(?:\(s\))?" once per turn(?! this way)', text):
        found.append(Clause("summon_once"))
    any_way = f'You can only Special Summon "{card.name}" once per turn this way, no matter which method you use.'
    if any_way in text:   # PRY-7: the Fusion Summon and the Extra Deck procedure together, once per turn
        if "fusion" in card.kinds and re.search(r"\bMust (?:first )?be either Fusion Summoned, or Special Summoned", text):
            found.append(Clause("summon_once_any_way"))
        else:
            unread.append((any_way, "once per turn by either way, not a Fusion Monster's two ways"))
    once = re.search(rf'You can only (Fusion|Synchro|Xyz|Link) Summon "{re.escape(card.name)}(?:\(s\))?" once per turn\.',
                     text)
    if once:                         # CNT-3: after a successful Summon of that kind this turn
        found.append(Clause("summon_once_by", forbids=once.group(1).lower()))
    if "Each player can only Special Summon monster(s) once per turn while this card is face-up on the field" in text:
        found.append(Clause("each_player_once"))
    if "you can Tribute Summon 1 monster, in addition to your Normal Summon/Set" in text:
        found.append(Clause("extra_tribute_summon", effect=1))
    extra = re.search(r"After you Normal Summon this card, you can Normal Summon 1 (.+?) during your Main Phase "
                      r"this turn, in addition to your Normal Summon/Set", text)
    if extra:
        try:
            found.append(Clause("extra_normal_summon_after", except_filter=_filter(extra.group(1))))
        except (UnsupportedText, ValueError) as error:
            unread.append((extra.group(0), str(error)))
    found.extend(clause for _, clause in normal_summon_grants(card))
    # LKS-1, LKS-4: what an activated effect applies for the rest of the turn that no reader applies
    unread.extend((sentence, f"effect applied for the rest of the turn {sentence!r}") for sentence in turn_effects(card))
    return tuple(found), tuple(unread)


def _turn_clause(card: Card, sentence: str, effect_of) -> Clause | None:
    """The clause one sentence writes (None: none); `UnsupportedText` when it writes one pysolver cannot read."""
    if EXTRA_NORMAL_SUMMON_WHILE.fullmatch(sentence.strip()):
        return None                  # NS-13: normal_summon_grants
    opponent = AFTER_SUMMONED_OPPONENT.fullmatch(sentence.strip())
    if opponent:                     # LKP-5 (docs/lock-rules.md)
        return Clause("after_summoned_opponent", "monster_effects", method=opponent.group("method").lower())
    after = AFTER_SUMMONED.fullmatch(sentence.strip())
    if after:                        # ZLK-4 (docs/lock-rules.md)
        return Clause("after_summoned", "special_summon", method=after.group("method").lower(),
                      what_filter=_filter(f"{after.group('what')} monsters"))
    oath = re.search(r"the turn you activate this (?:card|effect|card's effect)|If you activated this effect"
                     r"|the turn this effect is activated|the same turn you activate this (?:card|effect)",
                     sentence)
    if oath:
        forbid = _forbid(sentence.replace(f'"{card.name}"', "This card"))
        if forbid is None:
            raise UnsupportedText(f"oath clause {sentence!r}")
        return Clause("oath", forbid[0], effect_of(sentence), forbid[1])
    if "the turn you Special Summon this card" in sentence:
        forbid = _forbid(sentence)
        if forbid is None:
            raise UnsupportedText(f"clause {sentence!r}")
        return Clause("when_special_summoned", forbid[0], except_filter=forbid[1])
    if "for the rest of this turn" in sentence or ("ritual" in card.kinds and "spell" in card.kinds and
                                                   sentence.startswith(_AFTER_RITUAL_SPELL)):   # RIT-9
        forbid = _forbid(sentence)
        if forbid is None:
            raise UnsupportedText(f"clause {sentence!r}")
        return Clause("after_resolution", forbid[0], effect_of(sentence), forbid[1])
    return None


@lru_cache(maxsize=None)
def normal_summon_grants(card: Card) -> tuple[tuple[str, Clause], ...]:
    """NS-13: the card's standing grants of an additional Normal Summon, each (sentence, clause). A grant
    whose monsters cannot be read is left out, and its sentence stays unread (`reading.is_read`)."""
    found = []
    for sentence in _sentences(_text(card)):
        grant = EXTRA_NORMAL_SUMMON_WHILE.fullmatch(sentence.strip())
        if grant is None:
            continue
        what = grant.group("what")
        try:
            wanted = _filter(what if re.search(r"\b(?:monster|Tuner)$", what) else f"{what} monster")
        except (UnsupportedText, ValueError):
            continue
        found.append((sentence, Clause("extra_normal_summon_while", method="set" if grant.group("set") else "summon",
                                       except_filter=wanted)))
    return tuple(found)


def _effect_numbers(card: Card):
    """Which activated effect a sentence belongs to: the last effect starting at or before it."""
    starts = []
    number = 0
    for sentence in _sentences(_text(card)):
        if _starts_effect(sentence):
            number += 1
        starts.append((sentence, max(number, 1)))

    def effect_of(sentence: str) -> int:
        for candidate, effect in starts:
            if sentence.strip() in candidate or candidate in sentence:
                return effect
        return max(number, 1)
    return effect_of


# --------------------------------------------------------------------------------------------------
# Other texts that change what may be summoned

@dataclass(frozen=True)
class Limits:
    scale_unless: tuple = ()           # (new scale, archetype setcodes): "Unless you have a "X" card ... in
                                       # your other Pendulum Zone, this card's Pendulum Scale becomes N"
    scale_needs_no_monsters: bool = False   # "You must control no monsters to activate this card"
    one_at_a_time: bool = False        # "Neither player can Special Summon 2 or more monsters at the same time"
    no_fusion_substitute: bool = False # "A Fusion Summon of this card can only be done with the above ..."


_SCALE_UNLESS = re.compile(r'Unless you have an? ((?:"[^"]+" card(?: or )?)+) in your other Pendulum Zone, this '
                           r"card's Pendulum Scale becomes (\d+)\.")


@lru_cache(maxsize=None)
def limits(card: Card) -> Limits:
    from .material_lines import default_archetypes
    text = " ".join(card.text.split())
    scale = _SCALE_UNLESS.search(text)
    unless = ()
    if scale:
        table = default_archetypes()
        names = re.findall(r'"([^"]+)"', scale.group(1))
        if all(name in table for name in names):
            unless = (int(scale.group(2)), tuple(table[name] for name in names))
    return Limits(
        scale_unless=unless,
        scale_needs_no_monsters="You must control no monsters to activate this card." in text
                                and "pendulum" in card.kinds,
        one_at_a_time="Neither player can Special Summon 2 or more monsters at the same time." in text,
        no_fusion_substitute=bool(ONLY_THE_ABOVE_MATERIALS.search(text)))


# FUS-2: no Fusion Substitute for this card ("A Fusion Summon of this card can only be done with the above
# Fusion Materials." and its older wordings: "... conducted with the above Fusion Material Monsters.")
ONLY_THE_ABOVE_MATERIALS = re.compile(r"A Fusion Summon of this (?:card|monster) can only be (?:done|conducted) with "
                                      r"the above (?:Fusion Materials|materials|Fusion Material Monsters)\.")


def unread_limit(card: Card) -> str | None:
    """A text about Pendulum Scales that pysolver does not read (the card then fails closed)."""
    text = " ".join(card.text.split())
    if "Pendulum Scale becomes" in text and not limits(card).scale_unless:
        return f"{card.name!r}: Pendulum Scale clause not supported"
    return None


# --------------------------------------------------------------------------------------------------
# Restrictions on the monsters an effect Special Summons (TOK-1)

# "They cannot be Tributed for a Tribute Summon." / "These Tokens cannot attack or be used as Synchro
# Material." / "but it has its effects negated" / "banish it when it leaves the field": each phrase -> the
# restrictions it puts (pysolver.position.value.RESTRICTIONS).
_PHRASES = (
    (re.compile(r"cannot be Tributed for a Tribute Summon$"), ("cannot_be_tributed",)),
    (re.compile(r"cannot attack or be used as Synchro Material$"), ("cannot_attack", "cannot_be_synchro_material")),
    (re.compile(r"cannot attack$"), ("cannot_attack",)),
    (re.compile(r"cannot be used as Synchro Material$"), ("cannot_be_synchro_material",)),
    (re.compile(r"(?:it has|they have) (?:its|their) effects negated$"), ("effects_negated",)),
    (re.compile(r"banish (?:it|them) when (?:it|they) leaves? the field$"), ("banish_when_it_leaves",)),
)
_SUBJECT = re.compile(r"^(?:They|These Tokens|This Token|It|That monster|Its|Their) ")
# Sentences after the summon that do not restrict the summoned monsters (their outcome is a later event
# pysolver does not simulate, or a turn clause read by `effects.clauses`).
_NOT_A_RESTRICTION = re.compile(
    r"^(?:When this card leaves the field, destroy that monster|When that monster (?:leaves the field|is destroyed), "
    r"destroy this card|When this card is destroyed, destroy the equipped monster|You cannot |You can only |"
    r"If you activated this|Your monsters cannot attack the turn)")


def _restrictions_of(sentence: str):
    """The restrictions one sentence puts on the summoned monsters; () when it puts none; None when it
    is a sentence about them that pysolver does not read."""
    body = sentence.rstrip(".")
    unless = re.fullmatch(r"(?:They|These Tokens|This Token) cannot be (?:Tributed|used as a Tribute) for a Tribute "
                          rf"Summon, unless it is for an? ({_ATTRIBUTES}) monster", body)
    if unless:
        return (f"cannot_be_tributed_except_for_{unless.group(1).lower()}",)
    if _SUBJECT.match(body):
        rest = _SUBJECT.sub("", body)
        for pattern, found in _PHRASES:
            if pattern.fullmatch(rest):
                return found
        return None
    if _NOT_A_RESTRICTION.match(sentence):
        return ()
    return None


_SUMMON_CLAUSE = re.compile(r"Special Summon (?:it|that target|this card)(?: in (?:Attack|Defense) Position)?"
                            r"(?P<tail>(?:, but [^.]*| and [^.]*|, also [^.]*)?)\.")


@lru_cache(maxsize=None)
def summon_restrictions(card: Card, summon_sentence: str, following: tuple[str, ...], token: bool = False):
    """TOK-1: what the effect whose summon is `summon_sentence` (followed by the sentences `following`, up
    to the next effect) forbids the monsters it Special Summons: a tuple of restriction names, or an
    `UnsupportedText` naming the first sentence about them that pysolver does not read."""
    found: list[str] = []
    if not token:   # a revival: the sentence must end with the summon, or with what it reads
        clause = _SUMMON_CLAUSE.search(summon_sentence)
        if clause is None or not summon_sentence.rstrip().endswith(clause.group(0)):
            return UnsupportedText(f"{card.name!r}: its Special Summon is not supported: {summon_sentence!r}")
        tail = clause.group("tail")
    else:
        tail = ""
    # An Equip Spell stays on the field (apply); ", also you cannot ..." is a turn clause (effects.clauses).
    if tail and tail != " and equip it with this card" and not tail.startswith(", also you cannot "):
        rest = re.sub(r"^, but ", "", tail)
        hit = next((names for pattern, names in _PHRASES if pattern.fullmatch(rest)), None)
        if hit is None:
            return UnsupportedText(f"{card.name!r}: what its summon does to the monster is not supported: {tail!r}")
        found.extend(hit)
    for sentence in following:
        names = _restrictions_of(sentence)
        if names is None:
            return UnsupportedText(f"{card.name!r}: a sentence about the monsters it Special Summons is not "
                                   f"supported: {sentence!r}")
        found.extend(names)
    return tuple(dict.fromkeys(found))


def _effect_sentences(card: Card, number: int) -> tuple[str, tuple[str, ...]]:
    """The sentence of activated effect `number` that Special Summons, and the sentences after it up
    to the next effect (numbering as in `effects.activated_effects`)."""
    sentences = list(_sentences(_text(card)))
    if card.is_spell_trap and not card.is_monster:
        start = next((k for k, s in enumerate(sentences) if "Special Summon" in s), 0)
        return sentences[start], tuple(sentences[start + 1:])
    seen = 0
    for k, sentence in enumerate(sentences):
        if _starts_effect(sentence):
            seen += 1
            if seen == number:
                rest = []
                for later in sentences[k + 1:]:
                    if _starts_effect(later):
                        break
                    rest.append(later)
                return sentence, tuple(rest)
    return "", ()


def effect_restrictions(card: Card, effect):
    """TOK-1 for one modelled activated effect that Special Summons: its restrictions, or the
    `UnsupportedText` for a sentence about the summoned monsters that pysolver does not read."""
    if not effect.summons:
        return ()
    sentence, following = _effect_sentences(card, effect.number)
    return summon_restrictions(card, sentence, following, bool(effect.tokens))


# The modelled effects carry their TOK-1 restrictions; an effect with a sentence about the monsters it
# summons that pysolver does not read is not offered (`written.unread_reason` names it, and the card
# fails closed in a position).
_effects_as_read = activated_effects


@lru_cache(maxsize=None)
def activated_effects(card: Card) -> tuple[Effect, ...]:  # noqa: F811 -- the read effects with TOK-1
    from dataclasses import replace
    found = []
    for effect in _effects_as_read(card):
        restrictions = effect_restrictions(card, effect)
        if not isinstance(restrictions, UnsupportedText):
            found.append(replace(effect, restrictions=restrictions) if restrictions else effect)
    return tuple(found)
