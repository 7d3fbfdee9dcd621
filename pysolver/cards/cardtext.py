"""What a card's text says about how it may be Normal Summoned or Set (NS-6, NS-7).

This is card data, read from the official English text; the encodings receive it as facts. Only
wordings known exactly are read; anything else leaves the ordinary rules in force.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from .card import Card
from .effects import SELECTING_FACE_UP, UnsupportedText
from .requirements import EQUIPPED_WITH_MONSTER_CARD_WORDS

# Cards that can never be Normal Summoned or Set by kind (NS-7).
NEVER_NORMAL_SUMMONED = frozenset({"ritual", "fusion", "synchro", "xyz", "link", "token", "special_summon",
                                   "trap_monster"})


@dataclass(frozen=True)
class TributeRule:
    """One way to Normal Summon/Set a monster: `tributes` Tributes (NS-3, NS-6, NS-8..NS-11).

    A selection of Tributes is valid when it has at most `tributes` monsters and their Tribute values
    (1, or 2 for a double-Tribute monster) add up to at least `tributes`.
    """

    tributes: int
    summon: bool = True               # usable for a Normal (Tribute) Summon
    set: bool = True                  # usable for a Set
    only_card_in_hand: bool = False   # "If this is the only card in your hand, ..."
    # NS-9: the rule's own condition on the position, "If A, or if B, ...": alternatives (one must hold), each
    # a tuple of conditions that must all hold (`Condition`); () when the rule has no condition
    conditions: tuple = ()
    filter: object = None             # NS-8, NS-11: every Tribute must match this filter (a requirement term)


# NS-9: one condition of a rule. kind: "none_mine" (you control no monsters), "theirs" (your opponent controls
# `count` or more monsters, any position), "theirs_face_up" / "mine_face_up" (`count` or more face-up monsters
# matching `filter`), "all_mine" (every monster you control is face-up and matches `filter`), "hand" (`count`
# or more cards in your hand, this card included), "opponent_more" (your opponent controls more monsters than
# you), "field_empty" (no monsters on the field).
@dataclass(frozen=True)
class Condition:
    kind: str
    count: int = 1
    filter: object = None


_CANNOT_NORMAL = re.compile(r"\bCannot be Normal Summoned(?:/Set| or (?:Normal )?Set)?\b|\bMust be Special Summoned\b", re.I)
_REQUIRES = re.compile(r"\bRequires (\d+) Tributes to Normal Summon(?: \(cannot be Normal Set\))?"
                       r"|\bMust be Normal Summoned/Set by Tributing (\d+) monsters\b", re.I)
_NO_TRIBUTE = re.compile(r"(?<!, )\bYou can Normal Summon(/Set)? this card without Tributing\b", re.I)
_ONLY_CARD = re.compile(r"\bIf this is the only card in your hand, you can Normal Summon (?:it|this card) without Tributing\b",
                        re.I)
_OPTIONAL_TRIBUTES = re.compile(r"\bYou can Tribute (\d+) monsters to Tribute Summon \(but not Set\) this card\b",
                                re.I)
# NS-6 (docs/material-rules.md NS-12): counts as 2 Tributes for the Tribute Summon of the monsters a phrase names
_DOUBLE = re.compile(r"\bIf Tribute Summoning (?P<a>an? (?:EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE) monster), this card "
                     r"can be treated as 2 Tributes\b|\b(?:This card c|C)an be treated as 2 Tributes for the Tribute Summon "
                     r"of (?P<b>an? [^.]+?)\.|\bIf you Tribute Summon (?P<c>an? [^,.]+?), you can treat this 1 monster as 2 "
                     r"Tributes\.")
# TRQ-3 (docs/tribute-rules.md): "This card can be treated as 1 or 3 Tributes for the Tribute Summon of a monster."
# (Egyptian God Slime: the engine's EFFECT_TRIPLE_TRIBUTE, value 1: a Tribute value of 3 for every monster's Tribute
# Summon or Set, over-tributing accepted as for NS-6's 2)
_TRIPLE = re.compile(r"\bThis card can be treated as 1 or 3 Tributes for the Tribute Summon of (?P<what>an? [^.]+?)\.")
# NS-8: a Tribute Summon (never a Set) with 1 Tribute of one kind, "in (face-up) Attack Position" or not.
_ONE_TRIBUTE_OF = re.compile(r"(?:You can Tribute Summon this (?:card|monster)(?: in (?:face-up )?Attack Position| face-up)?"
                             r"|This card can be Tribute Summoned in face-up Attack Position"
                             r"|You can Normal Summon this card) by Tributing 1 (?P<what>[^.]+)\.")
_ONE_OR_MORE = re.compile(r"You can Tribute (?P<count>\d+) monsters or 1 (?P<what>[^.]+?) to Tribute Summon "
                          r"\(but not Set\) this card\.")
# NS-9: "If <condition>, you can Normal Summon[/Set] this card without Tributing." (", but its original ATK becomes
# N": not read, reading.py _OWN_STATS)
_NO_TRIBUTE_WHEN = re.compile(r"If (?P<when>[^.]+?), you can Normal Summon(?P<set>/Set)? this card without "
                              r"Tribut(?:ing|es)\.")
# NS-11: "To Tribute Summon this card, all Tributes must be WIND." (every Tribute Summon or Set of it)
_ALL_TRIBUTES = re.compile(r"(?:To Tribute Summon this card|If you Tribute Summon this card), (?:all Tributes|the "
                           r"Tributes?) must be (?P<what>[^.]+?)(?:-Type)?\.")
_MONSTERS_CONDITIONS = (
    (re.compile(r"you control no monsters"), lambda m: (Condition("none_mine"),)),
    (re.compile(r"(?:only your opponent controls a monster|your opponent controls a monster and you control no "
                r"monsters)"), lambda m: (Condition("none_mine"), Condition("theirs"))),
    (re.compile(r"your opponent controls a monster"), lambda m: (Condition("theirs"),)),
    (re.compile(r"your opponent controls (?P<n>\d+) or more monsters"), lambda m: (Condition("theirs", int(m["n"])),)),
    (re.compile(r"your opponent controls more monsters than you do"), lambda m: (Condition("opponent_more"),)),
    (re.compile(r"there are no monsters on the field"), lambda m: (Condition("field_empty"),)),
    (re.compile(r"you have (?P<n>\d+) or more cards in your hand"), lambda m: (Condition("hand", int(m["n"])),)),
    (re.compile(r"you control an? (?:face-up )?(?P<what>(?!monster$).+)"),
     lambda m: (Condition("mine_face_up", 1, _filter(m["what"])),)),
    (re.compile(r"all monsters you control are (?P<what>.+)"), lambda m: (Condition("all_mine", 1, _filter(m["what"])),)),
    (re.compile(r"your opponent controls an? (?P<what>.+)"),
     lambda m: (Condition("theirs_face_up", 1, _filter(m["what"])),)),
)


def _filter(phrase: str):
    from .material_lines import parse_filter
    return parse_filter(phrase)


def _conditions(when: str) -> tuple | None:
    """NS-9: "only your opponent controls a monster, or if you control a LIGHT monster" -> its alternatives;
    None when one of them is not a condition pysolver decides from the position."""
    from .material_lines import UnsupportedMaterialLine
    alternatives = []
    for part in re.split(r", or (?:if )?", when):
        for pattern, build in _MONSTERS_CONDITIONS:
            match = pattern.fullmatch(part)
            if match:
                try:
                    alternatives.append(build(match))
                except UnsupportedMaterialLine:
                    return None
                break
        else:
            return None
    return tuple(alternatives)


@lru_cache(maxsize=None)
def _written_tribute_rules(card: Card) -> tuple[tuple[str, tuple, object], ...]:
    """The NS-8..NS-11 sentences of `card` read whole: (sentence, rules it adds, filter all Tributes must match)."""
    from .material_lines import UnsupportedMaterialLine
    from .sentences import sentences
    found = []
    default = default_tributes(card.level or 0)
    for sentence in sentences(card):
        text = sentence.text
        try:
            if match := _ONE_TRIBUTE_OF.fullmatch(text):            # NS-8: not over the ordinary count
                rule = TributeRule(1, set=False, filter=_filter(match["what"]))
                found.append((text, (rule,) if default > 1 else (), None))
            elif match := _ONE_OR_MORE.fullmatch(text):
                found.append((text, (TributeRule(int(match["count"]), set=False),
                                     TributeRule(1, set=False, filter=_filter(match["what"]))), None))
            elif (match := _NO_TRIBUTE_WHEN.fullmatch(text)) and (when := _conditions(match["when"])) is not None:
                rule = TributeRule(0, set=bool(match["set"]), conditions=when)   # NS-9
                found.append((text, (rule,) if default else (), None))
            elif match := _ALL_TRIBUTES.fullmatch(text):            # NS-11
                found.append((text, (), _filter(f"{match['what']} monster")))
        except UnsupportedMaterialLine:
            continue
    return tuple(found)


# TRQ-2 (docs/tribute-rules.md): "Each turn, 1 Level 5 or higher Spellcaster monster you Normal Summon can be Summoned
# without Tributing." (Crowley, the First Propheseer; Sinister Yorishiro; Catalyst Field): the engine's EFFECT_SUMMON_PROC
# of the card, granted to its controller's hand monsters of that kind, with a count limit of 1 per card and turn.
NO_TRIBUTE_EACH_TURN = re.compile(r"Each turn, 1 (?P<what>Level (?P<level>\d+) or higher [^.,]*?monster) you Normal "
                                  r"Summon can be Summoned without Tributing\.")


@dataclass(frozen=True)
class NoTributeGrant:
    """TRQ-2: a card's grant of one Normal Summon without Tributing a turn, of a hand monster matching `what`."""

    sentence: str
    what: object          # the filter (a requirement term) on the monster Normal Summoned
    level: int            # its lowest Level ("Level 5 or higher"): what pysolver.solve.unread withholds


@lru_cache(maxsize=None)
def no_tribute_grant(card: Card) -> NoTributeGrant | None:
    """TRQ-2: the card's "Each turn, 1 X you Normal Summon can be Summoned without Tributing." read whole (X parsed),
    else None (the sentence then stays unread)."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .sentences import sentences
    for sentence in (s.text for s in sentences(card) if not s.activated):
        match = NO_TRIBUTE_EACH_TURN.fullmatch(sentence.strip())
        if match is None:
            continue
        try:
            return NoTributeGrant(sentence, parse_filter(match["what"]), int(match["level"]))
        except UnsupportedMaterialLine:
            return None
    return None


# TRQ-5 (docs/tribute-rules.md): "The turn player applies the following effect while this monster is on the field." then
# "During their Main Phase, they can Normal Summon 1 monster from their hand to their zone this card points to, in addition
# to their Normal Summon/Set." (Gouki Thunder Ogre: the engine's EFFECT_EXTRA_SUMMON_COUNT over both hands, its value
# (0, the summoner's zones the card points to, every Tribute but the card itself))
POINTED_SUMMON_LEAD = "The turn player applies the following effect while this monster is on the field."
POINTED_SUMMON = re.compile(r"During their Main Phase, they can Normal Summon 1 (?P<what>[^.]+?) from their hand to their "
                            r"zone this card points to, in addition to their Normal Summon/Set\.")


@lru_cache(maxsize=None)
def pointed_summon_grant(card: Card):
    """TRQ-5: the filter on the monsters the card lets the turn player Normal Summon additionally to a zone it points
    to, when its text says so whole after its lead (a Link Monster), else None."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .sentences import sentences
    if "link" not in card.kinds:
        return None
    texts = [s.text.strip() for s in sentences(card) if not s.activated]
    for n, text in enumerate(texts[1:], 1):
        match = POINTED_SUMMON.fullmatch(text)
        if match and texts[n - 1] == POINTED_SUMMON_LEAD:
            try:
                return parse_filter(match["what"])
            except UnsupportedMaterialLine:
                return None
    return None


# TRQ-6 (docs/tribute-rules.md): 'Must be either Fusion Summoned, or Special Summoned during the turn a Thunder monster's
# effect was activated in the hand, by Tributing 1 Thunder Effect non-Fusion Monster (in which case you do not use
# "Polymerization").' (Thunder Dragon Colossus: an EFFECT_SPSUMMON_PROC whose condition is a custom activity counter of
# either player's activations of a Thunder monster's effect in the hand this turn). The history does not say where an
# activation was made, so the procedure is never offered: with no activation of a monster of that Type this turn it is
# certainly closed, else the answer withholds it (pysolver.solve.unread).
HAND_ACTIVATION_PROCEDURE = re.compile(r"Must be either Fusion Summoned, or Special Summoned during the turn an? "
                                       r"(?P<race>[A-Z][\w-]*(?: [A-Z][\w-]*)?) monster's effect was activated in the "
                                       r"hand, by Tributing 1 (?P<what>[^.()]+?) \(in which case you do not use "
                                       r"\"Polymerization\"\)\.")


@lru_cache(maxsize=None)
def hand_activation_procedure(card: Card) -> tuple[str, str] | None:
    """TRQ-6: (the sentence, the Type whose monsters' activations in the hand open the procedure), when a Fusion
    Monster's text says so whole (its Tribute parsed), else None."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .sentences import sentences
    if "fusion" not in card.kinds:
        return None
    for sentence in (s.text.strip() for s in sentences(card) if not s.activated):
        match = HAND_ACTIVATION_PROCEDURE.fullmatch(sentence)
        if match is None:
            continue
        try:
            parse_filter(match["what"])
            kind = parse_filter(f"{match['race']} monster")
        except UnsupportedMaterialLine:
            return None
        from .requirements import Atom
        if not (isinstance(kind, Atom) and kind.key == "race"):
            return None
        return sentence, kind.value
    return None


def only_own_summon_rules(card: Card) -> bool:
    """TRQ-2: "Requires N Tributes" (the engine's EFFECT_LIMIT_SUMMON_PROC): the card is Normal Summoned only by its own
    rule, never by a procedure another card grants."""
    return bool(_REQUIRES.search(card.text))


def read_tribute_sentences(card: Card) -> frozenset[str]:
    """The sentences NS-8..NS-11 read (pysolver.cards.reading: a sentence is read only if it parsed whole)."""
    return frozenset(text for text, _, _ in _written_tribute_rules(card))


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
    written = _written_tribute_rules(card)
    rules.extend(rule for _, added, _ in written for rule in added)
    every = [f for _, _, f in written if f is not None]       # NS-11: a filter on every Tribute of every rule
    if every:
        from .requirements import conj
        rules = [replace(rule, filter=conj(*(every + ([rule.filter] if rule.filter is not None else []))))
                 for rule in rules]
    return tuple(rules)


@lru_cache(maxsize=None)
def double_tribute(card: Card):
    """The filter on the monsters for whose Tribute Summon `card` counts as 2 Tributes (Kaiser Sea Horse: a LIGHT
    monster; Totem Dragon: a Dragon monster; World Ark: any monster), None when its text says none;
    `UnsupportedText` when the phrase cannot be read."""
    match = _DOUBLE.search(" ".join(card.text.split())) if card.is_monster else None
    if match is None:
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    try:
        return parse_filter(match.group("a") or match.group("b") or match.group("c"))
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: double Tribute clause not supported ({error.reason})")


def triple_tribute(card: Card):
    """TRQ-3: the filter on the monsters for whose Tribute Summon `card` counts as 3 Tributes (Egyptian God Slime: any
    monster), None when its text says none; `UnsupportedText` when the phrase cannot be read."""
    match = _TRIPLE.search(" ".join(card.text.split())) if card.is_monster else None
    if match is None:
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    try:
        return parse_filter(match.group("what"))
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: triple Tribute clause not supported ({error.reason})")


# NS-10: "cannot be Tributed" written on a monster: while it is face-up on the field it is never a Tribute ("all":
# for a Tribute Summon or Set, a Ritual Summon, a procedure's or a Contact Fusion's cost), or never one for a
# Tribute Summon or Set ("summon").
_NEVER_TRIBUTED = re.compile(r"(?:While this card is face-up on the field, it cannot be Tributed|Cannot be Tributed while "
                             r"face-up in the Monster Zone|Cannot be Tributed, or be destroyed by battle, while face-up "
                             r"on the field|Cannot be tributed|This Token cannot be Tributed)\.")
_NEVER_TRIBUTE_SUMMON = re.compile(r"This face-up card cannot be Tributed for a Tribute Summon\.")
# LKQ-13 (docs/lock-rules.md): "This face-up card on the field cannot be Tributed, nor used as Fusion Material, also it
# cannot be destroyed by card effects." (Quintet Magician) and "This face-up card cannot be used as material for a Fusion,
# Synchro, Xyz, or Link Summon, also during your turn only, it is unaffected by monster effects activated on your
# opponent's field." (Liberator Eto): no such material (and, with "Tributed", NS-10 "all") while it is face-up on the
# field; the other halves decide no play pysolver lists (no destruction; the opponent activates nothing in the turn
# player's turn, and "your turn" of the opponent's card is not the turn pysolver lists).
NEVER_MATERIAL_FACE_UP = re.compile(
    r"This face-up card (?:on the field )?cannot be (?P<tributed>Tributed, nor )?used as (?:(?P<one>Fusion|Synchro|Xyz|"
    r"Link) Material|material for an? (?P<kinds>(?:Fusion|Synchro|Xyz|Link)(?:(?:, |,? or )(?:Fusion|Synchro|Xyz|Link))*) "
    r"Summon)(?:, also it cannot be destroyed by card effects|, also during your turn only, it is unaffected by monster "
    r"effects activated on your opponent's field)\.")
# TRX-1: "Your opponent cannot Tribute this face-up card on the field." (Borrelshroud Dragon): no Tribute of any kind by
# its controller's opponent, while it is face-up on the field with its effects applying
NEVER_TRIBUTED_BY_OPPONENT = re.compile(r"Your opponent cannot Tribute this face-up card on the field\.")


# PRW-8: "If you would Tribute a monster(s) for a Tribute Summon, you can Tribute a Zombie monster(s) your opponent
# controls, even though you do not control them." (Vampire Sucker; the engine: EFFECT_ADD_EXTRA_TRIBUTE granted to the
# monsters of its controller's hand while it is in the Monster Zone, on the opponent's face-up monsters of that kind,
# for a Tribute Summon and a Tribute Set)
OPPONENT_TRIBUTES = re.compile(r"If you would Tribute a monster\(s\) for a Tribute Summon, you can Tribute an? "
                               r"(?P<what>[A-Z][\w-]*(?: [A-Z][\w-]*)?) monster\(s\) your opponent controls, even "
                               r"though you do not control them\.")


@cache
def opponent_tributes(card: Card):
    """PRW-8: the filter on the opponent's face-up monsters that the monster's controller may Tribute for a Tribute
    Summon or Set while the monster is face-up on its field with its effects; None when the text says none (or the
    kind does not parse: then the sentence is not read, `reading`)."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    match = OPPONENT_TRIBUTES.search(card.text) if card.is_monster else None
    if match is None:
        return None
    try:
        return parse_filter(f"{match.group('what')} monster")
    except UnsupportedMaterialLine:
        return None


@lru_cache(maxsize=None)
def untributable_face_up(card: Card) -> str | None:
    """NS-10: "all" or "summon" when `card`'s own text forbids Tributing it while it is face-up; TRX-1: "opponent" when
    it forbids its controller's opponent every Tribute of it (while its effects apply); else None."""
    from .sentences import sentences
    texts = [s.text for s in sentences(card) if not s.activated]
    if any(_NEVER_TRIBUTED.fullmatch(text) for text in texts) or any(
            (match := NEVER_MATERIAL_FACE_UP.fullmatch(text)) and match.group("tributed") for text in texts):
        return "all"                                       # LKQ-13: "This face-up card on the field cannot be Tributed, nor"
    if any(_NEVER_TRIBUTE_SUMMON.fullmatch(text) for text in texts):
        return "summon"
    if card.is_monster and any(NEVER_TRIBUTED_BY_OPPONENT.fullmatch(text) for text in texts):
        return "opponent"
    return None


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


# MAT-3: a monster whose text changes its own original ATK/DEF ("The original ATK of this card becomes 1200 x the
# number of materials used for its Special Summon", Chimeratech Megafleet Dragon): on the field its ATK and DEF are
# not the printed ones and a position does not record them, so no ATK/DEF term of a filter matches it there.
# LKQ-8 (docs/lock-rules.md): "While this card is in the Extra Monster Zone, it gains 500 ATK for every other Link Monster
# in the field and GYs" (Decode Talker Integration) changes its own ATK on the field too: the same treatment.
_OWN_ORIGINAL_STATS = re.compile(r"(?:\bthis card's original (?:ATK|DEF)(?:/DEF)?\b|\bthe original (?:ATK|DEF) of this "
                                 r"card\b)[^.]*\bbecomes?\b|\bWhile this card is in the Extra Monster Zone, it gains \d+ ATK "
                                 r"for every\b", re.IGNORECASE)


# SCX-6: "This card's ATK/DEF become the number of monsters banished for its Special Summon x 600." (Evil Dragon Ananta,
# Cyber Eltanin: the engine's EFFECT_SET_ATTACK / EFFECT_SET_DEFENSE from its procedure): a count the position does not
# record, so on the field its ATK and DEF are unknown, as MAT-3's (a sentence read whole: `reading`)
OWN_SET_STATS = re.compile(r"This card's ATK/DEF become the number of monsters banished for its Special Summon x \d+\."
                           # SCX-11: Gradius' Option (EFFECT_SET_ATTACK_FINAL: the current ATK/DEF of that monster)
                           r"|The ATK and DEF of this card becomes the same as the ATK and DEF of the selected \"[^\"]+\"\."
                           # SMT-3: Vision HERO Trinity (its ATK set when it is Fusion Summoned, until the End Phase): a
                           # change its Summon starts, which no position records
                           r"|After this card is (?:Fusion|Synchro|Xyz|Link|Ritual) Summoned, for the rest of this turn, "
                           r"this card's ATK becomes double its original ATK\.")

# STM-1 (docs/material-rules.md): a continuous effect of a card's text that changes the current ATK or DEF of
# monsters ("Gains 500 ATK for each monster it points to", Decode Talker; "Increase the ATK and DEF of all Dragon,
# Winged Beast, and Thunder-Type monsters by 200 points", Mountain; "The equipped monster gains 1000 ATK"): a position
# records no ATK/DEF, so while it applies, the values of the monsters it may change are unknown. An activated effect's
# change (a sentence of `sentences`' activated effects, one "until the end of" a turn or "this turn") and one during
# damage calculation only are not in a position: it states the printed values for those.
_STAT_CHANGE = re.compile(r"\b(?:gains?|loses?) (?:\d[\d,]* |up to \d[\d,]* )?(?:ATK|DEF)\b|\b(?:increase|decrease|reduce)s? the (?:ATK|DEF)\b"
                          r"|\b(?:ATK|DEF)\b[^.]*?\b(?:is|are) (?:doubled|halved)\b|\b(?:ATK|DEF)(?:/DEF| and DEF)? "
                          r"(?:of [^.]*?)?becomes?\b", re.IGNORECASE)
_STAT_CHANGE_ONCE = re.compile(r"\buntil the end\b|\bthis turn\b|\bdamage calculation\b|\bduring the Damage Step\b"
                               # the rest of an activated effect (an imperative, "and if you do") or a change made
                               # when something resolves: what it did is not in a position either
                               r"|\bif you do\b|, and if you\b|\bwhen (?:it|that effect) resolves\b"
                               r"|^(?:Return|Special Summon|Destroy|Banish|Add|Send|Shuffle|Draw|Inflict|Target|Take"
                               r"|Negate|Change|Attach|Equip|Place|Apply|Choose|Declare|Toss|Roll)\b"
                               r"|\b(?:for|until) the rest of\b", re.IGNORECASE)
# The change is to the card's own values only: "This card gains ...", "Gains ...", "the ATK of this card".
_OWN_CHANGE = re.compile(r"^(?:Gains|Loses)\b|\bthis card (?:gains|loses)\b|\b(?:ATK|DEF) of this card\b"
                         r"|\b(?:this card's|its) (?:original )?(?:ATK|DEF)\b", re.IGNORECASE)


@lru_cache(maxsize=8192)
def stat_changes(card: Card) -> tuple[tuple[str, bool], ...]:
    """STM-1: the card's continuous sentences that change monsters' ATK/DEF, each with whether it changes only the
    card's own values."""
    from .counters import PER_COUNTER_CHANGE
    from .sentences import sentences
    found = []
    for sentence in sentences(card):
        # CTR-3: a change per counter is none (a position holds no counters)
        text = PER_COUNTER_CHANGE.sub("", re.sub(r'"[^"]*"', '""', sentence.text))
        if sentence.activated or not _STAT_CHANGE.search(text) or _STAT_CHANGE_ONCE.search(text):
            continue
        changes = re.findall(r"\b(?:gains?|loses?|increase|decrease)\b", text, re.IGNORECASE)
        own = bool(_OWN_CHANGE.search(text)) and len(changes) <= 1
        found.append((sentence.text, own))
    return tuple(found)


# EQP-1 (docs/material-rules.md): a Monster Card's sentence that applies only while this card is an Equip Card, or only
# while a Monster Card is equipped to it. A position holds a Monster Card in a Monster Zone or as a Pendulum Scale, never
# equipped (pysolver.position.files), and no play pysolver lists equips a card, so such a sentence applies in no position.
# Its condition leads the sentence and governs all of it ("While this card is an Equip Card, the equipped monster ...",
# "While this card is equipped to a monster by this effect, ...", "While equipped by this effect, ...", "While equipped
# with a monster by this effect, ...": a Monster Card, never an Equip Spell) ...
_AS_EQUIP_LEAD = re.compile(
    r"^(?:Once per turn, )?(?:While|If) this card (?:is|was) (?:an Equip Card|equipped (?:as an Equip Card )?to "
    r"(?:a monster|an? [^,.]+?|\"[^\"]+\"[^,.]*?))(?: by (?:this|its|this card's) effect)?, "
    r"|^While equipped (?:to a monster )?by (?:this|its|this card's) effect, "
    r"|^While (?:this card is )?" + EQUIPPED_WITH_MONSTER_CARD_WORDS + r"(?:\(s\))?(?: by (?:this|its|this card's) effect)?, ")
# ... or its subject is the monster this card is equipped to ("A monster equipped with this card", "the equipped
# monster"), or the Monster Cards equipped to this card ("monsters you control equipped to this card", "Monsters with
# that equipped monster's original name").
_EQUIPPED_SUBJECT = re.compile(
    r"^(?:If |Your opponent cannot target |You can use |If you activate |The (?:original )?(?:ATK|DEF) of )?"
    r"(?:(?:the|that|an?|A|An|The|That) )?(?:\"[^\"]+\" )?(?P<what>equipped monster|monsters? (?:you control )?equipped "
    r"(?:with|to) this card)\b|^Monsters with that (?P<that>equipped monster)'s\b")
# "the equipped monster" is one of this card's equips only on a card whose text equips Monster Cards (itself: "equip
# this card to that target"; "equip that monster to this card", "equip 1 Insect monster from your Deck to it") and no
# Equip Spell.
_EQUIPS_MONSTER_CARD = re.compile(r"\b[Ee]quip (?:this card|it|this monster|that (?:target|monster)|the (?:targeted )?"
                                  r"monster|all those monsters|1 (?:of those )?(?:[^.;]*? )?monsters?)\b"
                                  r"|\bthis card is (?:an Equip Card|equipped to)\b")
_EQUIPS_SPELL = re.compile(r"\b[Ee]quip (?:any number of |up to \d+ |\d+ |an? )?(?:\"[^\"]+\" )?Equip Spells?\b")


def only_as_equip(card: Card, sentence: str) -> bool:
    """EQP-1: `sentence` of `card` applies only while this Monster Card is an Equip Card or while a Monster Card is
    equipped to it: in no position (read as applying nothing; `reading.is_read`, and no change of STM-2)."""
    if not card.is_monster:
        return False
    if _AS_EQUIP_LEAD.match(sentence):
        return True
    subject = _EQUIPPED_SUBJECT.match(sentence)
    if subject is None:
        return False
    if (subject.group("what") or subject.group("that")) != "equipped monster":
        return True
    return bool(_EQUIPS_MONSTER_CARD.search(card.text)) and not _EQUIPS_SPELL.search(card.text)


def changes_others_stats(card: Card) -> str | None:
    """STM-2: the first sentence of `stat_changes` that may change other monsters' ATK/DEF, or None. A monster
    card's sentence about what it does as an Equip Card ("While equipped by this effect, that target gains 1000
    ATK", Armory Arm) is not one (EQP-1: `only_as_equip`)."""
    return next((text for text, own in stat_changes(card) if not own and not only_as_equip(card, text)), None)


def changes_others_stats_from_gy(card: Card) -> bool:
    """STM-2: that sentence applies while the card is in the GY ("While this card is in the GY, all ... gain")."""
    text = changes_others_stats(card)
    return bool(text and re.search(r"\bthis card is in (?:the|your) (?:GY|Graveyard)\b", text))


@cache
def special_summon_needs(card: Card):
    """SCX-11: the filter of the face-up monster the summoning player must control for any Special Summon of `card`
    (then never face-down), or None."""
    match = SELECTING_FACE_UP.search(card.text)
    return _filter(f'"{match.group("name")}"') if match and card.is_monster else None


@lru_cache(maxsize=8192)
def own_original_stats(card: Card) -> bool:
    """MAT-3: its text changes its own original ATK/DEF on the field (then they are unknown there); SCX-6 its ATK/DEF;
    STM-1 a continuous effect that changes its own ATK/DEF."""
    return bool(_OWN_ORIGINAL_STATS.search(card.text) or OWN_SET_STATS.search(card.text)
                or any(own for _, own in stat_changes(card)))


def own_original_stats_sentence(card: Card) -> str:
    """The sentence of `own_original_stats` (the unread entry names it)."""
    match = _OWN_ORIGINAL_STATS.search(card.text) or OWN_SET_STATS.search(card.text)
    if match is None:
        return next(text for text, own in stat_changes(card) if own)
    start = max(card.text.rfind(".", 0, match.start()), card.text.rfind("\n", 0, match.start())) + 1
    end = card.text.find(".", match.end() - 1)   # SCX-6's wording ends with its stop
    return card.text[start:end + 1 if end >= 0 else len(card.text)].strip(" \r\n●")


# A condition on a monster's ATK or DEF that a card's text may set ("with 2000 or more ATK", "with 2500 original
# ATK/DEF", "whose total ATK", "combined ATK"): wider than what the readers take, so that no such term is missed.
_STAT_TERM = re.compile(r"\b(?:with|whose)\s+(?:\d[\d,]*|\?)\s+(?:or (?:more|less|higher|lower)\s+)?(?:original\s+)?"
                        r"(?:ATK|DEF)\b|\b(?:total|combined)\s+(?:original\s+)?(?:ATK|DEF)\b|\bwhose (?:ATK|DEF)\b"
                        # STM-3: comparisons ("the highest ATK", "less ATK than this card", "ATK greater than ... LP")
                        r"|\b(?:highest|lowest) (?:original )?(?:ATK|DEF)\b|\b(?:less|more|higher|lower) (?:ATK|DEF) than\b"
                        r"|\b(?:ATK|DEF) (?:greater|less|higher|lower|equal to or (?:greater|less|higher|lower))\b"
                        r"|\b\d[\d,]* or (?:more|less|higher|lower) (?:original )?(?:ATK|DEF)\b"
                        # LPC-2: "This card whose current ATK is higher than its original ATK can make up to 3 attacks"
                        r"|\bwhose current (?:ATK|DEF) is (?:higher|lower) than its original (?:ATK|DEF)\b", re.IGNORECASE)


# The amount of a change ("gains ATK equal to the total ATK of ...") is no condition on ATK.
_STAT_AMOUNT = re.compile(r"\b(?:gains?|loses?|becomes?) (?:ATK|DEF)(?:/DEF| and DEF)? equal to [^.;,]*", re.IGNORECASE)


@lru_cache(maxsize=8192)
def stat_terms(card: Card) -> bool:
    """MAT-3: the card's text may set a condition on a monster's ATK or DEF (a filter, a Ritual's ATK total)."""
    return bool(stat_terms_sentence(card))


@lru_cache(maxsize=8192)
def stat_terms_sentence(card: Card) -> str:
    """The first sentence of `stat_terms` ("" when there is none), where a reader may take it (STM-3): a sentence
    that is not part of an activated effect (a rule: a procedure, a lock, a clause), any sentence of a Ritual or
    Fusion Spell or of a card with activated effects pysolver lists (`effects`), else the material line. The
    sentence of its own ATK/DEF change (MAT-3, STM-1) is not one."""
    from .effects import activated_effects
    from .sentences import sentences
    own = own_original_stats_sentence(card) if own_original_stats(card) else None
    activations = None
    for sentence in sentences(card):
        if sentence.text == own or not _STAT_TERM.search(_STAT_AMOUNT.sub("", sentence.text)):
            continue
        if sentence.activated and activations is None:
            spell = ritual_spell(card)
            activations = bool(fusion_spell(card) or (spell is not None and not isinstance(spell, Exception))
                               or activated_effects(card))
        if not sentence.activated or activations:
            return sentence.text
    return card.materials.strip() if card.materials and _STAT_TERM.search(card.materials) else ""


def stat_terms_beyond_materials(card: Card) -> bool:
    """STM-4: the card tests ATK/DEF elsewhere than in its material line (which tests only the materials a play
    uses)."""
    return stat_terms(card) and stat_terms_sentence(card) != (card.materials or "").strip()


_SUMMON_OF_KIND = (("link", "link"), ("xyz", "xyz"), ("synchro", "synchro"), ("fusion", "fusion"))


@lru_cache(maxsize=None)
def asks_special_this_turn(card: Card) -> bool:
    """SMT-4: the card's material line asks for a monster "Special Summoned this turn" (Sprind the Irondash Dragon)."""
    from .material_lines import UnsupportedMaterialLine
    try:
        found = material_requirement(card)
    except UnsupportedMaterialLine:
        return False
    return "'special_this_turn'" in repr(found)


def special_this_turn_unknown(instance, turn_player: int) -> bool:
    """SMT-4: a monster of the turn player's on the field, Gemini Summoned this turn, that was Special Summoned
    (BPM-1's reading): `summoned_this_turn` says the Gemini Summon, so whether it was Special Summoned this turn
    (or on an earlier turn) is not recorded."""
    state = instance.state
    if instance.player != turn_player or instance.location not in ("monster_zone", "extra_monster_zone") \
            or not getattr(state, "gemini_summoned", False) or not state.summoned_this_turn:
        return False
    return bool(state.summoned_as or state.special_summoned_from
                or instance.card.kinds & {"token", "fusion", "synchro", "xyz", "link", "ritual", "special_summon"})


@lru_cache(maxsize=None)
def material_requirement(card: Card):
    """The parsed material line of an Extra Deck monster: a `Requirement`, or the
    `UnsupportedMaterialLine` error saying why it cannot be expressed (fail closed); None for a monster
    with no material line that must be Special Summoned by another way (SP-2)."""
    from .material_lines import UnsupportedMaterialLine, parse_material_line
    summon = next((summon for kind, summon in _SUMMON_OF_KIND if kind in card.kinds), None)
    if summon is not None and not card.materials and (special_summon_way(card) == "procedure"
                                                      or _ONLY_WITH_CARD.search(card.text)):
        # SP-2: no material line; it comes out only the way its text says ("with "Mask Change"", "This card cannot
        # be Special Summoned except with "NEX"": Neo-Spacian Marine Dolphin)
        return None
    if summon == "fusion" and not card.materials and FUSED_USING.search(card.text):
        return _condition_line(FUSED_USING.search(card.text))   # ALM-2
    if summon is None or not card.materials:
        return UnsupportedMaterialLine(f"{card.name!r} has no material line")
    try:
        requirement = parse_material_line(card.materials, summon)
    except UnsupportedMaterialLine as error:
        return error
    if summon == "synchro" and SAME_ATTRIBUTE_MATERIALS.search(card.text):
        # MAT-4: "If you Synchro Summon this card, all materials must be the same Attribute." (Judgment, the
        # Dragon of Heaven; the engine: the procedure's check `CheckSameProperty(Card.GetAttribute)`)
        from .requirements import SameProperty
        requirement = replace(requirement, conditions=requirement.conditions + (SameProperty("attribute"),))
    return requirement


SAME_ATTRIBUTE_MATERIALS = re.compile(r"If you Synchro Summon this card, all materials must be the same Attribute\.")

# ALM-2: a Fusion Monster with no material line whose summoning condition holds it: 'Must be Fusion Summoned using any 5
# "Neos", "Neo Space", "Neo-Spacian", or "HERO" monsters, including at least 1 "Neos" or "Neo Space" monster, 1
# "Neo-Spacian" monster, and 1 "HERO" monster, and cannot be Special Summoned by other ways.' (Elemental HERO Divine
# Neos; nomi: special_summon_limit).
FUSED_USING = re.compile(r"Must be Fusion Summoned using any (?P<count>\d+) (?P<kind>[^.]+?) monsters, including at "
                         r"least (?P<each>[^.]+?), and cannot be Special Summoned by other ways\.")


def _condition_line(match: re.Match):
    """ALM-2: the Requirement of FUSED_USING's line: one slot of 1 for each monster "including at least" names (the
    engine's `Fusion.AddProcMixRep(c, true, true, <any of them>, N - k, N - k, <each named>...)`: each named monster is
    a material of its own), and the rest of the N of the kind. Each named kind must be one of the line's kinds (then
    N materials of the kind with distinct named ones among them is exactly these slots); else not read."""
    from .material_lines import UnsupportedMaterialLine, parse_material_line
    from .requirements import Group, Or, Requirement
    try:
        whole = parse_material_line(f"{match.group('count')} {match.group('kind')} monsters", "fusion")
        named = [parse_material_line(item, "fusion")
                 for item in re.split(r",? and |, ", match.group("each").strip())]
    except UnsupportedMaterialLine as error:
        return error
    (kind,) = whole.groups
    kinds = set(kind.filter.parts) if isinstance(kind.filter, Or) else {kind.filter}
    slots = []
    for requirement in named:
        if len(requirement.groups) != 1 or requirement.conditions:
            return UnsupportedMaterialLine("custom condition: 'including at least'")
        (group,) = requirement.groups
        parts = set(group.filter.parts) if isinstance(group.filter, Or) else {group.filter}
        if not parts <= kinds or group.place:
            return UnsupportedMaterialLine("custom condition: 'including at least'")
        slots.append(group)
    rest = kind.min - sum(group.min for group in slots)
    if rest < 0 or any(group.max != group.min for group in slots):
        return UnsupportedMaterialLine("custom condition: 'including at least'")
    groups = tuple(slots) + ((Group(rest, rest, kind.filter),) if rest else ())
    return Requirement("fusion", groups, (), match.group(0))


# --------------------------------------------------------------------------------------------------
# Ritual and Fusion Spells (RIT-1..3, FUS-1), Fusion Substitutes (FUS-2)

@dataclass(frozen=True)
class RitualSpell:
    """What a Ritual Spell summons and what it must use (RIT-1..RIT-3, docs/ritual-rules.md RIT-4..RIT-9)."""

    targets: object                 # filter on the Ritual Monster (a requirement-language term)
    mode: str                       # "greater": equal or exceed, no superfluous Tribute | "equal"
    level: int | None = None        # a fixed total; None: the Ritual Monster's Level (or ATK: `value`)
    source: str = "hand_field"      # "hand_field": Tributes from hand or field | "field": from the field only
                                    # | "deck": sent from the Deck
    tribute_filter: object = None   # filter every Tribute must match (None: any monster)
    from_graveyard: bool = False    # "Ritual Summon ... from your hand or GY": the Ritual Monster may be in the GY
    banish_filter: object = None    # "and/or banish <filter> from your GY": GY monsters that count too
    graveyard_to: str = "banished"  # where those GY monsters go: "banished", or "deck" ("shuffle ... into the Deck")
    once_per_turn: bool = False     # "You can only activate 1 "X" per turn" / "use each effect of "X" once per turn"
                                    # / "use this effect of "X" once per turn" right after the Ritual Summon (RIT-5)
    value: str = "level"            # RIT-8: what is summed: "level", or "atk" (the Tributes' ATK against the
                                    # Ritual Monster's ATK, at least 1)
    positions: tuple = ("attack", "defense")   # RIT-7: "in face-up Attack Position or face-down Defense Position"
    extra_deck_filter: object = None   # RIT-6: "send <filter> from your Extra Deck to the GY": Extra Deck monsters
                                       # with a Level that count too (sent to the GY)
    extra_deck_alone: bool = False  # RIT-6: "or send 1 monster from your Extra Deck ...": that monster alone
    extra_if: tuple = ()            # RIT-6: conditions for the GY/Extra Deck monsters above: ("control", F) a face-up
                                    # monster you control matches F | ("control_none",) | ("opponent_at_least", N)
    from_hand: bool = True          # the Ritual Monster may be in the hand (RSP-3: not for "from your Deck")
    from_deck: bool = False         # RSP-3: "Ritual Summon 1 X from your Deck"
    max_tributes: int | None = None  # RSP-3: "by Tributing up to N ... monsters"
    second: RitualSpell | None = None     # RSP-3: the Spell's second Ritual Summon effect (effect 2), whose
                                          # Ritual Monster is never where the first one's is
    from_extra_deck: bool = False   # RSP-2: "from your hand, face-up Extra Deck, GY, or banishment": also a face-up
    from_banished: bool = False     # Ritual Monster in the Extra Deck, and a banished one
    pair: tuple = ()                # RSP-1: (F1, F2): exactly two monsters, one matching F1 and the other F2
                                    # (source "hand_deck": one sent from the hand, the other from the Deck)
    summon_first: object = None     # RSP-4: filter of the monster first Special Summoned face-down from the hand,
                                    # Deck or GY, then Tributed with monsters you control (source "field")

    @property
    def uses_deck(self) -> bool:
        """The Spell takes monsters from the Deck (its cards then matter to the plays)."""
        return self.source in ("deck", "hand_deck", "hand_deck_field") or self.from_deck or \
            self.summon_first is not None or (self.second is not None and self.second.uses_deck)

    def locations(self) -> frozenset:
        """Where the Ritual Monster may be (RIT-1, RSP-2, RSP-3)."""
        where = {"hand"} if self.from_hand else set()
        for flag, location in ((self.from_graveyard, "graveyard"), (self.from_deck, "deck"),
                               (self.from_extra_deck, "extra_deck"), (self.from_banished, "banished")):
            if flag:
                where.add(location)
        return frozenset(where)

    def effect_for(self, location: str) -> int:
        """RSP-3: the effect (1 or 2) that Ritual Summons a monster from `location`."""
        return 2 if self.second is not None and location in self.second.locations() else 1


_RITUAL_TARGET = re.compile(r'^This card (?:is|can be) used to Ritual Summon (?P<what>[^.]+?)'
                            r'(?:(?P<graveyard> from your hand or (?:GY|Graveyard))'
                            r'|(?P<anywhere> from your hand, face-up Extra Deck, GY, or banishment))?'
                            r'(?P<set> in face-up Attack Position or face-down Defense Position)?\.\s*', re.S)
# RIT-2, RIT-3: the Tributes ("Tribute <filter> monsters from your hand or field"), GY monsters banished
# in their place ("and/or banish <filter> from your GY": Chaos Form, Revendread Origin), and the total
# ("equal or exceed" / "exactly equal" the Ritual Monster's Level, "its Level", or a fixed "N or more").
# RIT-8: "whose total ATK equal or exceed the ATK of the Ritual Monster" (Meteonis Drytron). RIT-6: ", or send 1
# monster from your Extra Deck to the GY, whose Level equals the Level of ..." (Dogmatikalamity). An optional
# addition after it (", then, if ..., you can ...") is not a part of the summon (RIT-9).
_RITUAL_TRIBUTE = re.compile(
    r'^You must also (?:Tribute (?P<filter>[^.]*?)[Mm]onsters from your (?P<from>hand or field|field)'
    r'(?:,? and/or (?:banish (?P<banish>[^.,]+?) from your (?:GY|Graveyard)'
    r'|shuffle (?P<shuffle>[^.,]+?) from your (?:GY|Graveyard) into the Deck))?|'
    r'(?P<single>Tribute a monster from your hand or field whose Level is 1 or more)|'
    r'send (?P<deckfilter>[^.]*?)Monsters from your Deck to the (?:GY|Graveyard)|'
    r'send 1 (?P<pair1>[^.()]+?) and 1 (?P<pair2>[^.()]+?) monster \(1 from your hand and 1 from your Deck\) to the '
    r'(?:GY|Graveyard))'
    r'(?:,? whose (?:total )?(?:Levels (?P<rule>equal or exceed|exactly equal|equal exactly|equal) '
    r'(?:the Level of (?:the|that) (?:[^.,]*?)Ritual Monster(?: you Ritual Summon)?|its Level'
    r'|(?P<fixed>\d+)(?P<more> or more)?)'
    r'|(?P<atk>ATK) (?P<atkrule>equal or exceed) the ATK of the Ritual Monster you Ritual Summon))?'
    r'(?P<alone>, or send 1 monster from your Extra Deck to the GY, whose Level equals the Level of the Ritual '
    r'Monster you Ritual Summon)?'
    r'(?:, then, (?P<optional>if [^.]+?, you can [^.]+?))?\.')
# RIT-4: the newer order of the same rule, "Tribute ..., then Ritual Summon 1 <X> from your hand whose Level
# exactly equals the total Levels of those monsters" (Nekroz Cycle, Nekroz Mirror): read as the older wording.
_TRIBUTE_THEN_SUMMON = re.compile(
    r'^Tribute (?P<tribute>monsters from your hand or field(?:, and/or banish [^.,]+? from your GY)?), then Ritual '
    r'Summon 1 (?P<what>[^.]+?) from your (?P<where>hand|hand or GY) whose Level exactly equals the total Levels '
    r'of those monsters\.')
# RIT-6: a sentence after the Tributes that lets the Spell use more monsters while a condition holds.
RITUAL_EXTRA_IF = re.compile(
    r'If (?P<condition>[^,]+?)(?: when this effect is activated)?, you can also (?:send (?P<extra>[^.]+?) from your '
    r'Extra Deck to the GY|use (?P<gy>[^.]+?) in your GY, by (?P<how>shuffling them into the Deck|banishing them))\.')
_EXTRA_CONDITION = re.compile(r'you control no monsters|your opponent controls (?P<n>\d+) or more monsters'
                              r'|you control (?P<what>an? [^,]+?)')
# RIT-5: "You can only use this effect of "X" once per turn" right after the Ritual Summon limits it (Nekroz Cycle:
# the engine's count limit on the Ritual effect); after another effect it limits only that one.
_THIS_EFFECT_ONCE = 'You can only use this effect of "{}" once per turn.'


# Older printings of the fixed-total wording, in another order (Turtle Oath, Novox's Prayer): the same
# rule as "You must also Tribute monsters from your hand or field whose total Levels equal N or more".
_FIXED_TOTAL_ORDERS = re.compile(
    r"^You must also (?:Tribute monsters whose total Levels? equals? (?P<a>\d+) or more from the field or your hand"
    r"|offer monsters whose total Level Stars equal (?P<b>\d+) or more as a Tribute from the field or your hand"
    r"|Tribute monsters from the field or your hand whose total Levels? equals? (?P<c>\d+) or more)\.")


def _ritual_tribute_wording(text: str) -> str:
    match = _FIXED_TOTAL_ORDERS.match(text)
    if not match:
        return text
    total = match.group("a") or match.group("b") or match.group("c")
    return (f"You must also Tribute monsters from your hand or field whose total Levels equal {total} or more."
            + text[match.end():])


def _older_order(text: str) -> str:
    """RIT-4: "This card can be used to Ritual Summon any X. Tribute ..., then Ritual Summon 1 X from your hand
    whose Level exactly equals ..." in the older order ("... Ritual Summon X. You must also Tribute ..., whose
    total Levels exactly equal the Level of the Ritual Monster you Ritual Summon.")."""
    first = re.match(r'This card can be used to Ritual Summon [^.]+\.\s*', text)
    match = _TRIBUTE_THEN_SUMMON.match(text[first.end():]) if first else None
    if not match:
        return text
    where = " from your hand or GY" if match.group("where") == "hand or GY" else ""
    return (f'This card can be used to Ritual Summon {match.group("what")}{where}. You must also Tribute '
            f'{match.group("tribute")}, whose total Levels exactly equal the Level of the Ritual Monster you Ritual '
            f'Summon.' + text[first.end() + match.end():])


# RSP-2: "Ritual Summon 1 X from your hand[, face-up Extra Deck, GY, or banishment], by Tributing monsters from your
# hand or field whose total Levels equal or exceed its Level." (Throne of the Archfiends): the older wording's rule,
# the summon first.
_SUMMON_BY_TRIBUTING = re.compile(
    r'^Ritual Summon 1 (?P<what>[^.]+?)(?P<where> from your hand(?:, face-up Extra Deck, GY, or banishment)?), by '
    r'Tributing (?P<filter>[^.]*?)monsters from your hand or field,? whose total Levels (?P<rule>equal or exceed|equal) '
    r'its Level\.')


def _summon_first(text: str) -> str:
    """RSP-2: the "Ritual Summon 1 X ..., by Tributing ..." order as the older wording."""
    match = _SUMMON_BY_TRIBUTING.match(text)
    if not match:
        return text
    return (f'This card can be used to Ritual Summon {match.group("what")}{match.group("where")}. You must also '
            f'Tribute {match.group("filter")}monsters from your hand or field, whose total Levels {match.group("rule")} '
            f'the Level of the Ritual Monster you Ritual Summon.' + text[match.end():])


# RSP-3: two Ritual Summon effects, each once per turn, the Ritual Monster in the Deck for one and in the hand
# for the other (Mitsurugi Ritual).
_TWO_EFFECTS = re.compile(
    r'^This card can be used to Ritual Summon [^.]+\. Activate 1 of these effects \(but you can only use each effect '
    r'of "(?P<name>[^"]+)" once per turn\); ● (?P<one>Ritual Summon [^●]+?\.) ● (?P<two>Ritual Summon [^●]+?\.)$')
_EFFECT = re.compile(
    r'^Ritual Summon 1 (?P<what>[^.]+?) from your (?P<where>Deck|hand), by Tributing (?:up to (?P<most>\d+) )?'
    r'(?P<filter>[^.]*?)monsters from your (?P<from>hand or field|hand, Deck, or field),? whose total Levels '
    r'(?P<rule>equal|exactly equal) the Level of the Ritual Monster\.$')


def _two_effects(card: Card, text: str):
    """RSP-3: the two effects' RitualSpells (the second in the first's `second`); None: not this wording; an
    `UnsupportedText` for a part pysolver does not read."""
    match = _TWO_EFFECTS.match(text)
    if not match:
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom, conj
    effects = []
    for bullet in (match.group("one"), match.group("two")):
        part = _EFFECT.match(bullet)
        if not part or match.group("name") != card.name:
            return UnsupportedText(f"{card.name!r}: Ritual Spell wording not supported")
        try:
            targets = conj(parse_filter(part.group("what")), Atom("kind", "=", "ritual"))
            tributes = parse_filter(part.group("filter") + "monsters") if part.group("filter") else None
        except UnsupportedMaterialLine as error:
            return UnsupportedText(f"{card.name!r}: {error.reason}")
        from_deck = part.group("where") == "Deck"
        effects.append(RitualSpell(targets, "equal", source="hand_field" if part.group("from") == "hand or field"
                                   else "hand_deck_field", tribute_filter=tributes, once_per_turn=True,
                                   from_hand=not from_deck, from_deck=from_deck,
                                   max_tributes=int(part.group("most")) if part.group("most") else None))
    if effects[0].locations() & effects[1].locations():   # the play must tell which effect it is
        return UnsupportedText(f"{card.name!r}: Ritual Spell wording not supported")
    return replace(effects[0], second=effects[1])


# RSP-4: a Special Summon first, then the Ritual Summon that Tributes it with monsters you control (Ravenous
# Vendread). The whole text, its three sentences, or nothing.
_SUMMON_FIRST = re.compile(
    r'^Special Summon 1 (?P<first>"[^"]+" monster) from your hand, Deck, or GY in face-down Defense Position'
    r'(?P<except>, except "[^"]+")?, then apply the following effect\. ● Ritual Summon any 1 (?P<what>[^.]+?) from '
    r'your hand or GY by Tributing monsters you control, including the monster Special Summoned by this card, whose '
    r'total Levels equal or exceed the Level of the Ritual Monster\. You can only activate 1 "(?P<name>[^"]+)" per '
    r'turn\.$')


def _summon_first_wording(card: Card, text: str):
    """RSP-4: the RitualSpell of "Special Summon 1 X ... in face-down Defense Position, then ... Ritual Summon ...
    by Tributing monsters you control, including the monster Special Summoned by this card"; None: not this
    wording; an `UnsupportedText` for a part pysolver does not read."""
    match = _SUMMON_FIRST.match(text)
    if not match:
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom, conj
    if match.group("name") != card.name:
        return UnsupportedText(f"{card.name!r}: Ritual Spell wording not supported")
    try:
        first = parse_filter(match.group("first").replace("monster", "monsters") + (match.group("except") or ""))
        targets = conj(parse_filter(match.group("what")), Atom("kind", "=", "ritual"))
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: {error.reason}")
    return RitualSpell(targets, "greater", source="field", from_graveyard=True, once_per_turn=True,
                       summon_first=first)


def _names_or_filter(text: str):
    from .material_lines import parse_filter
    from .requirements import Atom, disj
    names = re.fullmatch(r'("[^"]+")(?: or ("[^"]+"))?', text)
    if names:     # "banish "Blue-Eyes White Dragon" or "Dark Magician" from your GY": by name
        return disj(*(Atom("name", "=", name.strip('"')) for name in names.groups() if name))
    return parse_filter(text.replace("monster(s)", "monsters"))


def _extra_conditions(text: str) -> tuple:
    """RIT-6: "you control a FIRE Link Monster", "your opponent controls 2 or more monsters and you control no
    monsters" -> the conditions; `UnsupportedMaterialLine` for another one."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    found = []
    for part in text.split(" and "):
        match = _EXTRA_CONDITION.fullmatch(part)
        if not match:
            raise UnsupportedMaterialLine(f"condition {part!r}")
        if match.group("n"):
            found.append(("opponent_at_least", int(match.group("n"))))
        elif match.group("what"):
            found.append(("control", parse_filter(match.group("what"))))
        else:
            found.append(("control_none",))
    return tuple(found)


_CHANGES_SUMMONED = re.compile(r"\bof the monster Special Summoned by this effect becomes\b")


@lru_cache(maxsize=None)
def ritual_spell(card: Card):
    """The Ritual Spell's data; None when the card is not a Ritual Spell; an `UnsupportedText`
    instance when its wording is not one pysolver reads exactly."""
    if not ("spell" in card.kinds and "ritual" in card.kinds):
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom, conj, disj
    text = _summon_first(_older_order(" ".join(card.text.split())))
    two = _two_effects(card, text)
    if two is not None:
        return two
    first_summon = _summon_first_wording(card, text)
    if first_summon is not None:
        return first_summon
    first = _RITUAL_TARGET.match(text)
    rest = _ritual_tribute_wording(text[first.end():]) if first else ""
    second = _RITUAL_TRIBUTE.match(rest) if first else None
    if not first or not second or (not second.group("single") and not second.group("rule")
                                   and not second.group("atk")):
        return UnsupportedText(f"{card.name!r}: Ritual Spell wording not supported")
    if _CHANGES_SUMMONED.search(text):     # the monster it summons is not the card's own (Sonic Tracker's Level)
        return UnsupportedText(f"{card.name!r}: Ritual Spell that changes the monster it summons")
    if second.group("alone") and second.group("rule") not in ("exactly equal", "equal exactly"):
        return UnsupportedText(f"{card.name!r}: Ritual Spell wording not supported")
    after = rest[second.end():].strip()
    what = first.group("what")
    ritual = Atom("kind", "=", "ritual")
    try:
        names = re.fullmatch(r'("[^"]+")(?: or ("[^"]+"))?', what)
        if names:
            targets = disj(*(Atom("name", "=", name.strip('"')) for name in names.groups() if name))
        else:
            targets = conj(parse_filter(what), ritual)
        tribute_filter = None
        pair = ()
        if second.group("pair1"):     # RSP-1: "send 1 LIGHT and 1 DARK monster (1 from your hand and 1 from your Deck)"
            pair = (parse_filter(second.group("pair1") + " monsters"), parse_filter(second.group("pair2") + " monsters"))
        if second.group("filter"):
            tribute_filter = parse_filter(second.group("filter") + "monsters")
        elif second.group("deckfilter"):
            tribute_filter = parse_filter(second.group("deckfilter") + "Monsters")
        banish_filter = None
        extra = second.group("banish") or second.group("shuffle")
        if extra:
            banish_filter = _names_or_filter(extra)
        graveyard_to = "deck" if second.group("shuffle") else "banished"
        extra_deck_filter = Atom("any") if second.group("alone") else None
        extra_if = ()
        more = RITUAL_EXTRA_IF.match(after)     # RIT-6: the next sentence, with its condition
        if more and banish_filter is None and extra_deck_filter is None:
            extra_if = _extra_conditions(more.group("condition"))
            if more.group("extra"):
                extra_deck_filter = _names_or_filter(more.group("extra"))
            else:
                banish_filter = _names_or_filter(more.group("gy"))
                graveyard_to = "deck" if more.group("how").startswith("shuffling") else "banished"
            after = after[more.end():].strip()
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: {error.reason}")
    if second.group("single"):
        return RitualSpell(targets, "greater", level=1)
    rule = second.group("rule")
    fixed = int(second.group("fixed")) if second.group("fixed") else None
    mode = "greater" if rule == "equal or exceed" or second.group("more") or second.group("atk") else "equal"
    source = "deck" if second.group("deckfilter") else "field" if second.group("from") == "field" else "hand_field"
    if pair:
        source = "hand_deck"
    # a hard once per turn on its activation (its Ritual Summon is one of "each effect"); "this
    # effect of "X"" limits the Ritual Summon only right after it (RIT-5), else the Spell's other (GY) effect
    once = (f'You can only activate 1 "{card.name}" per turn' in text
            or f'You can only use each effect of "{card.name}" once per turn' in text
            or after.startswith(_THIS_EFFECT_ONCE.format(card.name)))
    return RitualSpell(targets, mode, level=fixed, source=source, tribute_filter=tribute_filter,
                       from_graveyard=bool(first.group("graveyard") or first.group("anywhere")),
                       from_extra_deck=bool(first.group("anywhere")), from_banished=bool(first.group("anywhere")),
                       banish_filter=banish_filter,
                       graveyard_to=graveyard_to, once_per_turn=once,
                       value="atk" if second.group("atk") else "level",
                       positions=("attack", "set") if first.group("set") else ("attack", "defense"),
                       extra_deck_filter=extra_deck_filter, extra_deck_alone=bool(second.group("alone")),
                       extra_if=extra_if, pair=pair)


_POLYMERIZATION = ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand or field "
                   "as Fusion Material.")


@lru_cache(maxsize=None)
def fusion_spell(card: Card) -> bool:
    """A Spell that Fusion Summons with materials from the hand or field, as Polymerization does."""
    return "spell" in card.kinds and " ".join(card.text.split()) == _POLYMERIZATION


# PRW-3: a Fusion Summon of the card takes its materials from the hand and the player's field only: "Fusion Summoned
# using only monsters in your hand and/or field" (Trishula, the Dragon of Icy Imprisonment); "... using only Fusion
# Materials from your hand and field, with at least 1 monster from each" (Guardian Chimera): at least one of each too.
FUSION_PLACES = re.compile(r"\bFusion Summoned using only (?:monsters in your hand and/or field|Fusion Materials from "
                           r"your hand and field, with at least 1 monster from (?P<each>each))")
GUARDIAN_FUSION = re.compile(r"Must first be Fusion Summoned using only Fusion Materials from your hand and field, with "
                             r"at least 1 monster from each\.")


# PRW-11: "If you Fusion Summon a Level 7 Dragon Fusion Monster, you can also banish monsters from your GY as material."
# (Curse of Dragon, the Magical Knight Dragon; the engine's EFFECT_EXTRA_FUSION_MATERIAL from the Monster Zone over its
# controller's GY, the materials from there banished): while the card is face-up on its controller's field with its
# effects, that player's Fusion Summons of such a monster may take monsters of the GY, banished.
FUSION_GY_GRANT = re.compile(r"If you Fusion Summon an? (?P<what>[^,]+? Fusion Monster), you can also banish monsters "
                             r"from your GY as material\.")


@cache
def fusion_gy_grant(card: Card):
    """PRW-11: the filter on the Fusion Monsters whose Fusion Summon may banish materials from the GY while `card` is
    face-up on the field; None when the text says none or its kind does not parse (then unread)."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    match = FUSION_GY_GRANT.search(card.text) if card.is_monster else None
    if match is None:
        return None
    try:
        return parse_filter(match.group("what"))
    except UnsupportedMaterialLine:
        return None


@cache
def fusion_material_places(card: Card) -> str | None:
    """PRW-3: "only" (its Fusion Materials from the hand and the player's field), "each" (and at least 1 from each of
    the two), or None."""
    if "fusion" not in card.kinds:
        return None
    match = FUSION_PLACES.search(" ".join(card.text.split()))
    if match is None:
        return None
    return "each" if match.group("each") else "only"


_SUBSTITUTE = re.compile(r"can be used as a substitute for any 1 Fusion Material whose name is "
                         r"(?:specifically listed|mentioned) on the Fusion Monster Card", re.I)


@lru_cache(maxsize=None)
def fusion_substitute(card: Card) -> bool:
    """A Fusion Substitute monster (King of the Swamp) may replace one named Fusion Material (FUS-2)."""
    return bool(_SUBSTITUTE.search(card.text))


# --------------------------------------------------------------------------------------------------
# Special Summoning limits (SP-2, PEN-2) and what a card says about its use as material

# SP-2: "This card cannot be Special Summoned except with "Assault Mode Activate"": only by that card's effect,
# which pysolver never offers (nomi, as "Must be Special Summoned with "X"").
_ONLY_WITH_CARD = re.compile(r"\bThis card cannot be Special Summoned except with (?:the effect of )?\"[^\"]+\"\.")


# SUMC-1 (docs/procedure-rules.md): "Must be Special Summoned by (a) card effect": any card's activated effect may
# Special Summon it, from anywhere, with no revival limit; no procedure (a Pendulum Summon) may (the engine's
# AddMustBeSpecialSummonedByCardEffect: the summoning effect must be an activated one).
BY_CARD_EFFECT = re.compile(r"\bMust be Special Summoned by (?:a )?card effect(?:,? and cannot be Special Summoned by "
                            r"other ways)?\.")


# PRX-18: "This card can only be Special Summoned from your Extra Deck(,) by returning the above cards ..." (Elemental HERO
# Air Neos): the older wording of a Contact Fusion's "Must first be Special Summoned (from your Extra Deck) by ..."
ONLY_FROM_EXTRA_DECK_BY = re.compile(r"\bThis card can only be Special Summoned from your Extra Deck,? by returning "
                                     r"the above cards\b")


# SP-2: "This monster can only be Special Summoned by Fusion Summon (from the Extra Deck)." (Supreme Arcanite
# Magician): the older wording of "Must first be Fusion Summoned" (the engine's revive limit, and from the Extra
# Deck only by a Fusion Summon).
ONLY_BY_SUMMON = re.compile(r"\bThis monster can only be Special Summoned by (Fusion|Synchro|Xyz|Link|Ritual) Summon "
                            r"\(from the Extra Deck\)\.")


# PRY-3: '... Special Summoned with "Assault Mode Activate" and cannot be Special Summoned by other ways except by its own
# effect.' (Stardust Dragon/Assault Mode, "Must first be"): the engine's EFFECT_SPSUMMON_CONDITION aux.FALSE -- only the
# summons that ignore the summoning condition (that card's, its own effects': none of them offered) bring it out; no
# revival once properly summoned, so nomi even after "Must first be".
ONLY_ITS_OWN_EFFECT_OTHERWISE = re.compile(r'\bMust (?:first )?be Special Summoned with "[^"]+" and cannot be Special '
                                           r'Summoned by other ways except by its own effect\.')


@lru_cache(maxsize=None)
def special_summon_limit(card: Card) -> str | None:
    """"never" (Cannot be Special Summoned), "by_effect" (Must be Special Summoned by card effect: SUMC-1), "nomi"
    (Must be Special Summoned / Must be X Summoned: only by that way), "semi" (Must first be ...),
    "not_from_extra_deck"; None: no limit."""
    text = card.text
    if re.search(r"\bCannot be Special Summoned\.", text) and "Cannot be Special Summoned from" not in text:
        return "never"
    if BY_CARD_EFFECT.search(" ".join(text.split())):
        return "by_effect"
    if ONLY_ITS_OWN_EFFECT_OTHERWISE.search(text):   # PRY-3: nomi, "first" or not
        return "nomi"
    if re.search(r"\bMust (?:be|first be) (?:either )?(?:Special|Fusion|Synchro|Xyz|Link|Ritual) Summoned\b", text):
        return "semi" if re.search(r"\bMust first be\b", text) else "nomi"
    if "This face-down card in the Extra Deck must first be either " in text:   # PRW-1: only the face-down card is
        return "semi"   # limited (a Fusion Summon or its procedure); revivable, and Pendulum Summoned, once properly summoned
    if _ONLY_WITH_CARD.search(text):   # the older wording of "Must be Special Summoned with "X"" (SP-2)
        return "nomi"
    if ONLY_BY_SUMMON.search(text):
        return "semi"
    if ONLY_FROM_EXTRA_DECK_BY.search(text):   # PRX-18: the Extra Deck only by its procedure; revivable once properly
        return "semi"                          # summoned (the engine's EnableReviveLimit)
    if "Cannot be Special Summoned from the Extra Deck." in text:   # "... unless ...": PRW-7, extra_deck_gy_needed
        return "not_from_extra_deck"
    return None


# PRW-6: "Must be Fusion Summoned, and can then be Pendulum Summoned." (Odd-Eyes Venom Dragon): nomi (SP-2: never
# revived), but a Pendulum Summon may bring it out of the face-up Extra Deck once it was properly summoned (the engine's
# splimit lets a Fusion or a Pendulum Summon through; EnableReviveLimit).
THEN_PENDULUM = re.compile(r"Must be (?:Fusion|Synchro|Xyz) Summoned, and can then be Pendulum Summoned\.")


@cache
def pendulum_after_summon(card: Card) -> bool:
    """PRW-6: the nomi Pendulum Monster "can then be Pendulum Summoned" (from the face-up Extra Deck)."""
    return "pendulum" in card.kinds and bool(THEN_PENDULUM.search(card.text))


# PRW-7: 'Cannot be Special Summoned from the Extra Deck unless you have 3 or more "Tri-Brigade" Spells/Traps in your
# GY.' (Tri-Brigade Arms Bucephalus II; the engine's splimit: `not IsLocation(LOCATION_EXTRA) or
# IsExistingMatchingCard(IsType(TYPE_SPELL+TYPE_TRAP) and IsSetCard(...), sp, LOCATION_GRAVE, 0, N)`): every Special
# Summon of the card from the Extra Deck needs N Spells/Traps of that archetype in its summoner's GY.
ED_GY_NEEDED = re.compile(r'Cannot be Special Summoned from the Extra Deck unless you have (?P<n>\d+) or more '
                          r'"(?P<archetype>[^"]+)" Spells/Traps in your GY\.')


@cache
def extra_deck_gy_needed(card: Card) -> tuple[int, int] | None:
    """PRW-7: (archetype setcode, count) of Spells/Traps its summoner's GY must hold for it to be Special Summoned
    from the Extra Deck; None when the text says none or names an archetype pysolver does not know (then unread)."""
    from .material_lines import default_archetypes
    match = ED_GY_NEEDED.search(card.text) if card.is_extra_deck else None
    if match is None:
        return None
    code = default_archetypes().get(match.group("archetype"))
    return None if code is None else (code, int(match.group("n")))


# EDL-1: "Cannot be Synchro Summoned." (Ursarctic Polari), "Cannot be Pendulum Summoned." (D/D/D Super Doom King Dark
# Armageddon): that kind of Summon never brings the card out; other ways stay open (docs/lock-rules.md).
CANNOT_BE_SUMMONED_BY = re.compile(r"\bCannot be (Fusion|Synchro|Xyz|Link|Ritual|Pendulum) Summoned\.")


@lru_cache(maxsize=None)
def summons_refused(card: Card) -> frozenset:
    """EDL-1: the kinds of Summon ("synchro", "pendulum", ...) the card's text says it cannot be Summoned by; CTR-1 also
    those it cannot be Summoned by unless counters are on some card (never: a position holds no counters)."""
    from .counters import SUMMON_UNLESS_COUNTERS
    return frozenset(kind.lower() for pattern in (CANNOT_BE_SUMMONED_BY, SUMMON_UNLESS_COUNTERS)
                     for kind in pattern.findall(card.text))


@lru_cache(maxsize=None)
def special_summon_way(card: Card) -> str | None:
    """The way a "Must (first) be ... Summoned" card comes out: "procedure" (Special Summoned by its
    own procedure), or "fusion" / "synchro" / "xyz" / "link" / "ritual"; None when the text says none."""
    match = re.search(r"\bMust (?:be|first be) (Special|Fusion|Synchro|Xyz|Link|Ritual) Summoned\b", card.text)
    older = ONLY_BY_SUMMON.search(card.text)
    if older:
        return older.group(1).lower()
    if not match:
        return "procedure" if ONLY_FROM_EXTRA_DECK_BY.search(card.text) else None   # PRX-18
    return "procedure" if match.group(1) == "Special" else match.group(1).lower()


@dataclass(frozen=True)
class MaterialRules:
    """What a card's own text says about its use as material (per summon kind)."""

    never: frozenset = frozenset()        # "Cannot be used as Synchro Material"
    only_for: tuple = ()                  # (kind, filter on the summoned monster): "..., except for ..."
    others_not: tuple = ()                # (kind, filter the other materials must not match)
    others_must: tuple = ()               # (kind, filter every other material must match)
    whole_ritual_tribute: object = None   # filter on the Ritual Monster it alone may be the Tribute for
    whole_from_field_only: bool = False   # "... this card you control can be used as the entire Tribute"
    never_the_turn: frozenset = frozenset()   # "Cannot be used as Link Material the turn it is Link Summoned"
    never_with_material: frozenset = frozenset()   # "Cannot be used as material for an Xyz Summon while it has material"
    only_as_substitute: bool = False      # a Fusion Substitute that "Cannot be used as Fusion Material otherwise"
    never_face_up: frozenset = frozenset()   # LKQ-13: "This face-up card cannot be used as material for ...": on the field


_KINDS = {"Fusion": "fusion", "Synchro": "synchro", "Xyz": "xyz", "Link": "link"}
_NEVER_MATERIAL = re.compile(r"(?:This card c|C)annot be used as (?:an? )?(Fusion|Synchro|Xyz|Link) Material"
                             r"(?: Monster)?\.")
# "Cannot be used as material for a Fusion, Synchro, or Xyz Summon." / "Cannot be used as an Xyz Material for an
# Xyz Summon.": the same as `_NEVER_MATERIAL`, for each summon kind named (engine: EFFECT_CANNOT_BE_*_MATERIAL).
_KIND_LIST = r"(?:Fusion|Synchro|Xyz|Link)(?:(?:, |,? or )(?:Fusion|Synchro|Xyz|Link))*"
_NEVER_MATERIAL_FOR = re.compile(r"(?:This card c|C)annot be used as (?:an? )?(?:(?P<one>Fusion|Synchro|Xyz|Link) "
                                 r"Material(?: Monster)? for an? (?P=one) Summon|material for an? "
                                 rf"(?P<kinds>{_KIND_LIST}) Summon|(?P<listed>{_KIND_LIST}) Material for a Summon)\.")
# "Cannot be used as Link Material the turn it is Link Summoned." / "(This card c|C)annot be used as material for an
# Xyz Summon the turn it was Xyz Summoned." (engine: EFFECT_CANNOT_BE_*_MATERIAL while STATUS_SPSUMMON_TURN and
# the summon type is that kind: the position's `summoned_this_turn` and `summoned_as`)
_NEVER_THE_TURN = re.compile(r"(?:This card c|C)annot be used as (?:(?P<one>Link|Xyz) Material|material for an? "
                             r"(?P<two>Link|Xyz) Summon) the turn it (?:is|was) (?P=one)?(?P=two)? Summoned\.")
_NEVER_WITH_MATERIAL = re.compile(r"(?:This card c|C)annot be used as material for an? (Xyz|Link|Synchro|Fusion) "
                                  r"Summon while it has (?:Xyz )?material\.")
# "..., except for the X Summon of Y" (docs/material-rules.md MAT-1): the wordings name the kinds twice, the same kinds
# ("Cannot be used as material for a Synchro or Xyz Summon, except for the Synchro or Xyz Summon of a "Magikey" monster")
_ONLY_FOR = re.compile(rf"(?:This card c|C)annot be used as (?:an? )?(?:(?P<one>Fusion|Synchro|Xyz|Link) Material(?: Monster)?"
                       rf"(?: for an? (?P=one) Summon)?|material for an? (?P<kinds>{_KIND_LIST}) Summon),? except (?:for )?"
                       rf"the (?P<again>{_KIND_LIST}) Summon of (?P<what>[^.]+?)\.")
_OTHERS_NOT = re.compile(r"The other (Fusion|Synchro|Xyz|Link) Material\(s\) cannot be ([^.]+?)\.")
_OTHERS_MUST = re.compile(r"Cannot be used as material for an? ((?:(?:Fusion|Synchro|Xyz|Link)(?:, | or |, or )?)+) "
                          r"Summon, unless all other materials are ([^.]+?)\.")
# FUS-2 (docs/material-rules.md FUS-4): after a Fusion Substitute's sentence (Fusion Parasite)
_ONLY_AS_SUBSTITUTE = re.compile(r"Cannot be used as Fusion Material otherwise\.")
_WHOLE = re.compile(r"If you Ritual Summon exactly 1 ([^.]+?) with a card effect that requires use of monsters, "
                    r"this card (you control )?can be used as the entire (?:requirement|Tribute)\.")
# Sentences about the use as material that pysolver does not read: a card that has one is unsupported.
_UNREAD_MATERIAL_CLAUSE = re.compile(
    r"(?:^|(?<=\.))[^.]*\b(?:(?:can|cannot|must) (?:also )?be used as|can be treated as|substitute|entire requirement|"
    r"as 2 (?:materials|Tributes)|as a Tuner|as a non-Tuner)\b[^.]*\.", re.I)


@lru_cache(maxsize=None)
def material_rules(card: Card):
    """The card's material rules; an `UnsupportedText` when it has a clause pysolver cannot read."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    text = " ".join(card.text.split())
    never, only_for, others_not, others_must, whole, field_only = set(), [], [], [], None, False
    try:
        for match in _ONLY_FOR.finditer(text):
            kinds = re.findall(r"Fusion|Synchro|Xyz|Link", match.group("one") or match.group("kinds"))
            if kinds != re.findall(r"Fusion|Synchro|Xyz|Link", match.group("again")):
                raise UnsupportedMaterialLine(f"not the same kinds of Summon: {match.group(0)!r}")
            wanted = parse_filter(match.group("what"))
            only_for.extend((_KINDS[kind], wanted) for kind in kinds)
        text = _ONLY_FOR.sub("", text)
        for match in _NEVER_MATERIAL.finditer(text):
            never.add(_KINDS[match.group(1)])
        text = _NEVER_MATERIAL.sub("", text)
        for match in _NEVER_MATERIAL_FOR.finditer(text):
            never.update(_KINDS[kind] for kind in re.findall(r"Fusion|Synchro|Xyz|Link", match.group("one")
                                                              or match.group("kinds") or match.group("listed")))
        text = _NEVER_MATERIAL_FOR.sub("", text)
        never_the_turn = {_KINDS[m.group("one") or m.group("two")] for m in _NEVER_THE_TURN.finditer(text)}
        text = _NEVER_THE_TURN.sub("", text)
        never_with_material = {_KINDS[m.group(1)] for m in _NEVER_WITH_MATERIAL.finditer(text)}
        text = _NEVER_WITH_MATERIAL.sub("", text)
        never_face_up = {_KINDS[kind] for m in NEVER_MATERIAL_FACE_UP.finditer(text)
                         for kind in re.findall(r"Fusion|Synchro|Xyz|Link", m.group("one") or m.group("kinds"))}
        text = NEVER_MATERIAL_FACE_UP.sub("", text)      # LKQ-13
        for match in _OTHERS_NOT.finditer(text):
            others_not.append((_KINDS[match.group(1)], parse_filter(f"a {match.group(2)} monster")))
        text = _OTHERS_NOT.sub("", text)
        for match in _OTHERS_MUST.finditer(text):
            kinds = re.findall(r"Fusion|Synchro|Xyz|Link", match.group(1))
            allowed = parse_filter(match.group(2))
            others_must.extend((_KINDS[kind], allowed) for kind in kinds)
        text = _OTHERS_MUST.sub("", text)
        match = _WHOLE.search(text)
        if match:
            whole, field_only = parse_filter(match.group(1)), bool(match.group(2))
            text = _WHOLE.sub("", text)
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: material clause not supported ({error.reason})")
    only_as_substitute = False
    if fusion_substitute(card):
        text = _SUBSTITUTE.sub("", text)
        only_as_substitute = bool(_ONLY_AS_SUBSTITUTE.search(text))
        text = _ONLY_AS_SUBSTITUTE.sub("", text)
    if not card.is_monster:
        return MaterialRules()
    # Clauses read elsewhere: a Token's own Tribute limit, double Tributes, "can be used as any Token".
    text = _NO_TRIBUTE_USE.sub("", _TRIPLE.sub("", _DOUBLE.sub("", text.replace("This card can be used as any Token.", ""))))
    from .written import without_read_material_sentences   # Synchro Levels (SYN-2): written.synchro_levels
    unread = _UNREAD_MATERIAL_CLAUSE.search(without_read_material_sentences(card, _without_activated_effects(card, text)))
    if unread:
        return UnsupportedText(f"{card.name!r}: material clause not supported: {unread.group(0).strip()!r}")
    return MaterialRules(frozenset(never), tuple(only_for), tuple(others_not), tuple(others_must), whole,
                         field_only, frozenset(never_the_turn), frozenset(never_with_material), only_as_substitute,
                         frozenset(never_face_up))


def _without_activated_effects(card: Card, text: str) -> str:
    """The text without the sentences of activated effects: "they cannot be used as Synchro Material"
    there is about the monsters the effect summons, not this card (Box of Friends, issue 15)."""
    from .sentences import sentences
    for sentence in sentences(card):
        if sentence.activated:
            text = text.replace(sentence.text, " ")
    return text


def unsupported_reason(card: Card) -> str | None:
    """Why pysolver cannot use `card` in a position exactly (it then fails closed by name), or None."""
    from .effects import procedures, unread_limit
    from .written import (gemini, non_tuner, synchro_levels, token_restrictions, tuner_if_material, tuner_substitute,
                          unread_material_use, unread_reason, xyz_levels)
    limit = unread_limit(card) or unread_reason(card) or unread_material_use(card)
    if limit:
        return limit
    checks = [material_rules(card), double_tribute(card), triple_tribute(card), ritual_spell(card), procedures(card), gemini(card),
              token_restrictions(card), synchro_levels(card), non_tuner(card), tuner_substitute(card), xyz_levels(card),
              tuner_if_material(card)]   # a Trap Monster wording pysolver does not read only keeps it off the field
    if card.is_extra_deck:
        checks.append(material_requirement(card))
    checks.append(ritual_limits(card))
    for result in checks:
        if isinstance(result, Exception):
            return str(result)
    return None


# RIT-10: what a Ritual Monster's own text says about the Tributes of its Ritual Summon (the engine's mat_filter)
# and about the Ritual Spells that may summon it.
RITUAL_TRIBUTES_NOT = re.compile(r'Must be Ritual Summoned,? (?:without using (?:any )?(?P<without>[^.,]+?)'
                                 r'|using monsters, and you cannot use (?P<cannot>[^.,]+?))'
                                 r'(?:, and cannot be Special Summoned by other ways)?\.')
RITUAL_TRIBUTES_ONLY = re.compile(r'Must be Ritual Summoned using only (?P<only>[^.,]+?)\.')
RITUAL_ONLY_BY = re.compile(r'Cannot be Ritual Summoned, except by "(?P<name>[^"]+)" or another "(?P<archetype>[^"]+)" '
                            r'card effect\.')


@dataclass(frozen=True)
class RitualLimits:
    """RIT-10: a Ritual Monster's own limits on its Ritual Summon."""

    tributes_not: object = None     # no Tribute may match this filter ("without using any Level 8 monsters")
    tributes_only: object = None    # every Tribute must match this filter ("using only Ritual Monsters")
    only_by: object = None          # the Ritual Spell must match this filter ("except by "X" or another "Y" card")


@lru_cache(maxsize=None)
def ritual_limits(card: Card):
    """The Ritual Monster's `RitualLimits`, None when it has none; an `UnsupportedMaterialLine` when one of its
    descriptions is not exact."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom, disj
    if "ritual" not in card.kinds or not card.is_monster:
        return None
    text = " ".join(card.text.split())
    found = {}
    try:
        match = RITUAL_TRIBUTES_NOT.search(text)
        if match:
            what = match.group("without") or match.group("cannot")
            quoted = re.fullmatch(r'"([^"]+)"', what)
            found["tributes_not"] = Atom("name", "=", quoted.group(1)) if quoted else parse_filter(what)
        match = RITUAL_TRIBUTES_ONLY.search(text)
        if match:
            found["tributes_only"] = parse_filter(match.group("only"))
        match = RITUAL_ONLY_BY.search(text)
        if match:
            found["only_by"] = disj(Atom("name", "=", match.group("name")),
                                    parse_filter(f'"{match.group("archetype")}" monster'))
    except UnsupportedMaterialLine as error:
        return error
    return RitualLimits(**found) if found else None
