"""Summoning procedures that Extra Deck monsters write in their own text (issue 15, item 3).

Read here, each from its exact wording:

* PEN-1 with a Level: "If you can Pendulum Summon Level N, you can Pendulum Summon this face-up card
  in/from your Extra Deck" (Odd-Eyes Rebellion Dragon, Magician of Hope): the face-up Pendulum Xyz
  Monster, which has a Rank and no Level, may be Pendulum Summoned from the Extra Deck as if its Level
  were N (a Level strictly between the two Pendulum Scales).

* RIT-1 for one Ritual Spell only: "This card can only be Ritual Summoned with the Ritual Spell Card,
  "X"" (Shinato, King of a Higher Plane): no other Ritual Spell may summon it.

* XYZ-4, the alternative Xyz procedure (engine-rules.md §4.4 "Alternative procedure"): "[Once per turn,]
  [During your Main Phase 2,] you can also Xyz Summon this card by using <a monster> you control [with a
  different name] [with N or more materials | that has no material] [as (the) (Xyz) material] [, other
  than/except "X"]. (Transfer its materials to this card.)": an Xyz Summon of this card using exactly one
  face-up monster the player controls that matches the description; that monster's own materials are
  carried over to the new monster (`alternative_xyz`). With the costs and the condition of
  docs/procedure-rules.md AXZ-1..AXZ-3: "by discarding 1 <Spell/Trap | Spell | card | "X" Spell Card | "X"
  Normal Spell Card>, (and|then) using ...", "by sending 1 "X" monster from your hand to the GY, then using
  ...", "by detaching N Xyz Materials from <a monster> you control, then using that Xyz Monster as the Xyz
  Material", "Once per turn, if you have exactly N <monsters> in your GY, ...", and of AXH-1: "Once per
  turn, if a "X" has activated its effect this turn, ...". A sentence with anything more (another condition
  on what happened this turn, "if a X battled this turn", "that did not activate its effects in the Monster
  Zone this turn"; "equipped with 3 or more Equip Cards") is not read.

Contact Fusions are read in `pysolver.cards.effects.contact_fusion` (a procedure of its own); an
opponent's or a hand monster as Link Material, a material's own Levels for an Xyz Summon and an Xyz
Monster's "you can treat Link-2 monsters you control as Level 2 monsters" (`written.xyz_treated_level`)
in `pysolver.cards.written`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .card import Card

PENDULUM_AS_LEVEL = re.compile(r"If you can Pendulum Summon Level (\d+), you can Pendulum Summon this face-up card "
                               r"(?:in|from) your Extra Deck\.")


@lru_cache(maxsize=None)
def pendulum_as_level(card: Card) -> int | None:
    """N for "If you can Pendulum Summon Level N, you can Pendulum Summon this face-up card ...", else None."""
    if not {"pendulum", "monster"} <= card.kinds or card.level is not None:
        return None
    match = PENDULUM_AS_LEVEL.search(" ".join(card.text.split()))
    return int(match.group(1)) if match else None


RITUAL_ONLY_WITH = re.compile(r'This (?:card|monster) can only be Ritual Summoned with the Ritual Spell Card, '
                              r'"?([^".]+)"?\.')


@lru_cache(maxsize=None)
def ritual_only_with(card: Card) -> str | None:
    """The name of the only Ritual Spell that may Ritual Summon `card`, else None."""
    if "ritual" not in card.kinds or not card.is_monster:
        return None
    match = RITUAL_ONLY_WITH.search(" ".join(card.text.split()))
    return match.group(1) if match else None


# RIT-10: the Ritual Spell's own requirement written again on the monster it summons (Skull Guardian: "Novox's Prayer"
# says the same): read when the only Ritual Spell that may summon it says it word for word.
RITUAL_REMINDER = re.compile(r'You must also offer monsters whose total Level Stars equal \d+ or more as a Tribute '
                             r'from the field or your hand\.')


def ritual_reminder_read(card: Card, sentence: str) -> bool:
    """RIT-10: `sentence` of the Ritual Monster `card` restates the Tribute requirement of the only Ritual Spell that
    may summon it ("This monster can only be Ritual Summoned with the Ritual Spell Card, "X""): that Spell's own
    text decides the Tributes (RIT-1), in the same words (Skull Guardian and "Novox's Prayer", Crab Turtle and
    "Turtle Oath")."""
    return bool(RITUAL_REMINDER.fullmatch(sentence)) and ritual_only_with(card) is not None


# XYZ-4: "... you can also Xyz Summon this card by using <what> you control <tail>." (the card's own quoted
# name is read as "this card" first).
ALTERNATIVE_XYZ = re.compile(
    r"(?P<once>Once per turn, )?(?:if an? \"(?P<activated>[^\"]+)\" has activated its effect this turn, )?"
    r"(?:if you have exactly (?P<gy_n>\d+) (?P<gy_what>[^,]+?) in your GY, )?(?P<main2>(?:During|during) your Main Phase 2, )?[Yy]ou can also Xyz Summon this card "
    r"by using (?P<what>.+?) you control"
    r"(?P<different> with a different name)?"
    # PRW-10: 'with "Number C101" through "Number C107" in its name' (CXyz Barian Hope): a name holding one of them
    r"(?: with \"(?P<range_head>[^\"]+?)(?P<range_low>\d+)\" through \"(?P=range_head)(?P<range_high>\d+)\" in its name)?"
    r"(?: with (?P<least>\d+) or more (?:Xyz )?[Mm]aterials| that has no material)?"
    r"(?P<original> whose original name is \"[^\"]+\")?"
    r"(?: as (?:the )?(?:Xyz )?[Mm]aterials?)?"
    r"(?:, (?:other than|except) (?P<except>\"[^\"]+\"))?"
    r"(?: \((?:[Tt]ransfer its (?:Xyz )?materials(?: to this card)?|Xyz Materials attached to that monster also "
    r"become Xyz Materials on this card)\))?\.")


@dataclass(frozen=True)
class AlternativeXyz:
    """One alternative Xyz procedure (XYZ-4): the monster used matches `filter` (a term of the requirement
    language: pysolver.cards.requirements) and holds between `min_attached` and `max_attached` (None: no
    bound) materials; `once_per_turn`: the player may use this card's alternative once per turn;
    `main_phase_2`: only during the player's Main Phase 2."""

    filter: object
    once_per_turn: bool = False
    main_phase_2: bool = False
    min_attached: int = 0
    max_attached: int | None = None
    text: str = ""
    hand_cost: "HandCost | None" = None   # AXZ-1: 1 card of the hand sent to the GY ("by discarding 1 Spell")
    detach: int = 0                       # AXZ-2: materials of the monster used detached to the GY first
    gy_exactly: tuple = ()                # AXZ-3: (filter, N): "if you have exactly N <monsters> in your GY"
    after_activation: str = ""            # AXH-1: "if a "X" has activated its effect this turn" (X's name)


@dataclass(frozen=True)
class HandCost:
    """AXZ-1: the one card of the hand an alternative procedure sends to the GY: of one of `kinds` (monster /
    spell / trap; () any card), of the archetype `archetype` (a setcode; None any), a Normal Spell when
    `normal_spell`."""

    kinds: tuple = ()
    archetype: int | None = None
    normal_spell: bool = False
    sends: bool = False        # "by sending 1 ... from your hand to the GY" (a discard otherwise): BAN-3 may forbid it

    def allows(self, card: Card) -> bool:
        return (not self.kinds or bool(card.kinds & set(self.kinds))) \
            and (self.archetype is None or card.in_archetype(self.archetype)) \
            and (not self.normal_spell or ("spell" in card.kinds and not card.kinds & OTHER_SPELL_KINDS))


OTHER_SPELL_KINDS = frozenset({"quickplay", "continuous", "equip", "field", "ritual"})   # a Normal Spell has none

# AXZ-1: "by discarding 1 <card>, (and|then) using" / "by sending 1 <card> from your hand to the GY, then using"
HAND_COST = re.compile(r"by (?:discarding 1 (?P<discard>[^,]+?)|sending 1 (?P<send>[^,]+?) from your hand to the GY),?"
                       r" (?:and|then) using ")
HAND_CARD = re.compile(r'(?:"(?P<archetype>[^"]+)" )?(?P<kind>card|Spell/Trap|Spell|Normal Spell|monster)(?: Card)?')
# AXZ-2: "by detaching N Xyz Materials from <what> you control, then using that Xyz Monster as the Xyz Material"
DETACH = re.compile(r"by detaching (?P<n>\d+) Xyz Materials? from (?P<what>.+?) you control, then using that Xyz "
                    r"Monster as the Xyz Material\.")
_HAND_KINDS = {"card": (), "Spell/Trap": ("spell", "trap"), "Spell": ("spell",), "Normal Spell": ("spell",),
               "monster": ("monster",)}


def _hand_cost(words: str) -> HandCost | None:
    from .material_lines import default_archetypes
    match = HAND_CARD.fullmatch(words)
    if match is None or (match.group("kind") == "card" and match.group("archetype")):
        return None
    archetype = None
    if match.group("archetype"):
        archetype = default_archetypes().get(match.group("archetype"))
        if archetype is None:
            return None
    kind = match.group("kind")
    return HandCost(_HAND_KINDS[kind], archetype, normal_spell=kind == "Normal Spell")


def _own_name(card: Card, sentence: str) -> str:
    return sentence.replace(f'Xyz Summon "{card.name}"', "Xyz Summon this card", 1)


def read_alternative_xyz(card: Card, sentence: str) -> AlternativeXyz | None:
    """The alternative procedure one sentence of `card` writes, or None when the sentence is not one the
    reader takes whole (see the module docstring)."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom, Not, conj, disj
    from .cardtext import material_requirement
    if "xyz" not in card.kinds or not card.is_extra_deck:
        return None
    text = " ".join(_own_name(card, sentence).split())
    hand_cost, detach = None, 0
    cost = HAND_COST.search(text)
    if cost:   # AXZ-1: the hand card is a cost; the rest is read as without it
        hand_cost = _hand_cost(cost.group("discard") or cost.group("send"))
        if hand_cost is None or (cost.group("send") and hand_cost.kinds != ("monster",)):
            return None
        if cost.group("send"):
            hand_cost = replace(hand_cost, sends=True)
        text = text[:cost.start()] + "by using " + text[cost.end():]
    detaching = DETACH.search(text)
    if detaching:   # AXZ-2: detaching from the monster then used
        detach = int(detaching.group("n"))
        text = text[:detaching.start()] + f"by using {detaching.group('what')} you control as the Xyz Material."
    match = ALTERNATIVE_XYZ.fullmatch(text)
    if match is None:
        return None
    what = match.group("what")
    series = re.search(r"\bRank (\d+), (\d+),? or (\d+)\b", what)   # "a Rank 8, 9, or 10 DARK Xyz Monster"
    try:
        if series:
            filter_ = disj(*(parse_filter(what[:series.start()] + f"Rank {rank}" + what[series.end():])
                             for rank in series.groups()))
        else:
            filter_ = parse_filter(what)
        if match.group("original"):   # "a monster ... whose original name is "X"": no effect here renames
            if filter_ != Atom("any"):
                return None
            filter_ = parse_filter(match.group("original").split(" is ", 1)[1])
        if match.group("except"):
            filter_ = conj(filter_, Not(parse_filter(match.group("except"))))
        gy_exactly = (parse_filter(match.group("gy_what")), int(match.group("gy_n"))) if match.group("gy_n") else ()
    except UnsupportedMaterialLine:
        return None
    if match.group("range_head"):   # PRW-10: a name holding "Number C101", ..., or "Number C107"
        low, high = int(match.group("range_low")), int(match.group("range_high"))
        if not low < high <= low + 20:
            return None
        filter_ = conj(filter_, disj(*(Atom("name_has", "=", f"{match.group('range_head')}{n}")
                                       for n in range(low, high + 1))))
    if match.group("different"):   # "with a different name": not a copy of this card
        filter_ = conj(filter_, Not(Atom("name", "=", card.name)))
    requirement = material_requirement(card)
    if getattr(requirement, "min_materials", 2) <= 1:
        return None   # a line of 1 material would make the two procedures indistinguishable (never printed)
    least = int(match.group("least")) if match.group("least") else 0
    none = match.group(0).count(" that has no material") == 1
    return AlternativeXyz(filter_, once_per_turn=bool(match.group("once")),
                          main_phase_2=bool(match.group("main2")), min_attached=max(least, detach),
                          max_attached=0 if none else None, text=sentence, hand_cost=hand_cost, detach=detach,
                          gy_exactly=gy_exactly, after_activation=match.group("activated") or "")


@lru_cache(maxsize=None)
def alternative_xyz(card: Card) -> AlternativeXyz | None:
    """The alternative Xyz procedure `card` writes in its text (XYZ-4), when read; None otherwise (also
    when two sentences would each give one: no printed card does)."""
    if "xyz" not in card.kinds or not card.is_extra_deck or "also Xyz Summon" not in card.text:
        return None
    from .sentences import sentences
    found = [a for a in (read_alternative_xyz(card, s.text) for s in sentences(card) if not s.activated)
             if a is not None]
    return found[0] if len(found) == 1 else None

