"""Card text -> the summon locks a face-up card puts on players (LCK-1..LCK-4, docs/lock-rules.md), and its
activation locks (EDL-3, at the end).

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
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from .card import Card
from .sentences import attached_count_bullets, sentences

KINDS = ("special", "fusion", "synchro", "xyz", "link", "pendulum", "ritual", "summon", "spell_trap_effect",
         "monster_effect", "normal_special")
WHO = {"You": "controller", "Your opponent": "opponent", "Neither player": "both"}


@dataclass(frozen=True)
class SummonLock:
    """What one lock sentence forbids, while its card applies it (LCK-1)."""

    sentence: str
    where: str                  # "card": its card face-up on the field; "pendulum": its card a Pendulum Scale
    who: str                    # whom it binds: "controller" | "opponent" | "both" (its controller's view)
    kind: str                   # the Summons it concerns: "special" (every Special Summon) or one of KINDS;
    #                             "summon" (ZLK-2): every Summon (Normal, Tribute, Gemini, Flip and Special);
    #                             "spell_trap_effect" (ZLK-3): Special Summons by a Spell/Trap effect;
    #                             "monster_effect" (LKQ-11): Special Summons by an activated monster effect;
    #                             "normal_special" (CNB-1): every Normal Summon (Tribute, Gemini) and Special Summon
    source: str | None = None   # only Summons from there: "extra_deck" | "graveyard" | "hand_or_graveyard" (ZLK-3)
    what: tuple = ()            # only of monsters matching one of these filters (empty: any monster)
    unless: tuple = ()          # ... except monsters matching one of these filters
    with_material: int = 0      # only while at least that many materials are attached: 1 for MTX-5's "While this
    #                             card has Xyz Material, ...", N for CNB-1's "● N+: ..." (Monster.materials)
    column: bool = False        # LKQ-11: "While your opponent controls a monster in this card's column, ...": only then


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


# ZLK-2 (docs/lock-rules.md): "Neither player can Summon monsters." (The Last Warrior from Another Planet): every
# Summon, a Normal Summon (with or without Tributes, a Gemini Summon), a Flip Summon and every Special Summon; not a
# Set (engine: EFFECT_CANNOT_SUMMON, EFFECT_CANNOT_FLIP_SUMMON and EFFECT_CANNOT_SPECIAL_SUMMON, no
# EFFECT_CANNOT_MSET). Only the bare form: a description of the monsters, a place or an exception stays unread.
_SUMMON_ALL = re.compile(r"(?P<who>You|Your opponent|Neither player) (?:cannot|can) Summon monsters\.")
# CNB-1: "Your opponent cannot Normal or Special Summon monsters." (Number 86: Heroic Champion - Rhongomyniad; the engine:
# EFFECT_CANNOT_SUMMON and EFFECT_CANNOT_SPECIAL_SUMMON): every Normal Summon (with Tributes, a Gemini Summon) and every
# Special Summon; not a Flip Summon, not a Set (no EFFECT_CANNOT_FLIP_SUMMON, no EFFECT_CANNOT_MSET).
_NORMAL_OR_SPECIAL = re.compile(r"(?P<who>You|Your opponent|Neither player) (?:cannot|can) Normal or Special Summon "
                                r"monsters\.")
# ZLK-3: "Neither player can Special Summon Monster Cards from the hand or GY using Spell/Trap effects." (El Shaddoll
# Anoyatyllis; engine: EFFECT_CANNOT_SPECIAL_SUMMON whose target is a card in the hand or GY summoned by an activated
# effect of a Spell/Trap): a revival by a Spell or Trap, a Ritual Summon (the Ritual Spell's effect) of a monster
# from the hand or the GY.
_BY_SPELL_TRAP = re.compile(r"(?P<who>You|Your opponent|Neither player) (?:cannot|can) Special Summon Monster Cards "
                            r"from the hand or GY using Spell/Trap effects\.")


# MTX-5 (docs/material-rules.md): the passive form "<monsters> cannot be Special Summoned." (a field
# EFFECT_CANNOT_SPECIAL_SUMMON on both players: "Neither player can Special Summon <monsters>"), also with the
# condition "While this card has Xyz Material, " (Evilswarm Ophion: the effect's condition GetOverlayCount() > 0).
_PASSIVE = re.compile(r"(?P<material>While this card has (?:Xyz )?[Mm]aterial, )?(?P<what>[^,.]+? monsters) cannot be "
                      r"Special Summoned\.")


# LKQ-11: S-Force Mystify (the engine: EFFECT_CANNOT_BE_EFFECT_TARGET with `aux.tgoval` and a player-level
# EFFECT_CANNOT_SPECIAL_SUMMON on the opponent whose target is `se:IsActivated() and se:IsMonsterEffect()`, both under
# `GetColumnGroup():IsExists(monster in a Monster Zone controlled by the opponent)`); pysolver.cards.protections reads the
# protection of the same sentence.
COLUMN_LOCK = ("While your opponent controls a monster in this card's column, they cannot target this card with card "
               "effects, nor Special Summon by an activated monster effect.")


def read_lock(sentence: str, where: str) -> SummonLock | None:
    """The lock one sentence states, or None when it is not one of the read forms."""
    if sentence == COLUMN_LOCK and where == "card":        # LKQ-11
        return SummonLock(sentence, where, "opponent", "monster_effect", column=True)
    passive = _PASSIVE.fullmatch(sentence)
    if passive:
        if passive.group("what")[0].islower() or (passive.group("material") and where != "card"):
            return None                  # "... the monsters ..." (a continuation) or a Pendulum Effect's condition
        try:
            wanted = _filters(passive.group("what"))
        except UnreadLock:
            return None
        return SummonLock(sentence, where, "both", "special", None, wanted, (), int(bool(passive.group("material"))))
    for pattern, kind, source in ((_SUMMON_ALL, "summon", None), (_NORMAL_OR_SPECIAL, "normal_special", None),
                                  (_BY_SPELL_TRAP, "spell_trap_effect", "hand_or_graveyard")):
        every = pattern.fullmatch(sentence)
        if every:
            who = WHO[every.group("who")]
            if (who == "both") != sentence.startswith("Neither player can"):
                return None
            return SummonLock(sentence, where, who, kind, source)
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
    counted = attached_count_bullets(card)

    def read(text: str, where: str) -> SummonLock | None:
        if text not in counted:
            return read_lock(text, where)
        at_least, body = counted[text]           # CNB-1: "● N+: <lock>" while N materials are attached
        lock = read_lock(body, where)
        if lock is None or lock.with_material or lock.column or where != "card" or "xyz" not in card.kinds:
            return None
        return replace(lock, sentence=text, with_material=at_least)
    return _standing_alone(card, read)


# --------------------------------------------------------------------------------------------------
# Activation locks (EDL-3, docs/lock-rules.md): the engine's player-level EFFECT_CANNOT_ACTIVATE, whose value
# sees the effect activated (its card's kind, where the card is)
#
#     Effect Monsters your opponent controls cannot activate their effects.              (Number C65: King Overfiend)
#     Fusion, Synchro, and Xyz Monsters your opponent controls cannot activate their effects.   (Supreme King Z-ARC)
#     While "Light Barrier" is in the Field Zone, your opponent cannot activate the effects of monsters on the field.
#     Your opponent's monsters cannot activate their effects during the Battle Phase.   (Chaos Ancient Gear Giant)
#     Your opponent cannot activate cards or effects during the Battle Phase.          (Sangenpai Transcendent Dragion)

@dataclass(frozen=True)
class ActivationLock:
    """What one "cannot activate" sentence forbids, while its card applies it (LCK-1, LCK-2)."""

    sentence: str
    where: str                 # "card" | "pendulum", as SummonLock
    who: str                   # whose activations it forbids: "controller" | "opponent" | "both"
    kinds: frozenset           # the activated cards' kinds it concerns: monster | spell | trap
    place: str = "any"         # where the monster whose effect is activated is: "field" | "graveyard" | "any"
    what: tuple = ()           # only monsters matching one of these filters (empty: any)
    in_field_zone: object = None   # 'While "X" is in the Field Zone': a filter naming X (a face-up card there)
    battle_phase: bool = False     # "during the (your) Battle Phase": only then
    summoned_as: str | None = None   # LKQ-3: "While you control this Fusion Summoned card, ...": while its card came so
    special_only: bool = False     # LKQ-3, LKQ-4: only monsters on the field that were Special Summoned (BPM-1)
    unless_linked: bool = False    # LKQ-4: ", unless they are linked": not a monster that is linked (IsLinkState)
    with_material: bool = False    # LKQ-5: "While this card has material, ...": only while it has Xyz Material
    same_attribute_gy: bool = False   # LKQ-5: only monsters with the Attribute of a monster in its controller's GY
    atk_at_least_lp: bool = False  # LKR-2: only monsters on the field whose ATK is at least its controller's LP
    st_kind_archetype: int | None = None   # LKR-3: only monsters of a kind (Fusion, Synchro, Xyz, Link) of a face-up
    #                                        Monster Card of this archetype in its controller's Spell & Trap Zones
    used_archetype: int | None = None   # LKR-4: only monsters whose original Attribute is one of the materials of this
    #                                     archetype its Summon used (MUS-1's record)


_MONSTER_EFFECTS = frozenset({"monster"})
_ACT_OBJECTS = {   # object of "cannot activate ..." -> (kinds, place); the last three only with the Battle Phase
    "the effects of monsters on the field": (_MONSTER_EFFECTS, "field"),
    "the effects of monsters in the GY": (_MONSTER_EFFECTS, "graveyard"),
    "monster effects": (_MONSTER_EFFECTS, "any"),
    "cards or effects": (frozenset({"monster", "spell", "trap"}), "any"),
    "Spell/Trap Cards": (frozenset({"spell", "trap"}), "any"),
    "Trap Cards": (frozenset({"trap"}), "any"),
    "Spell Cards": (frozenset({"spell"}), "any"),
}
_ACT_OBJECT = "|".join(re.escape(k) for k in sorted(_ACT_OBJECTS, key=len, reverse=True))
_BATTLE = r"(?P<battle> during (?:the|your) Battle Phase)?"
_ACT_PLAYER = re.compile(rf'(?:While (?P<field>"[^"]+") is in the Field Zone, )?(?P<who>You|[Yy]our opponent|Neither player)'
                         rf" (?:cannot|can) activate (?P<object>{_ACT_OBJECT}){_BATTLE}\.")
_ACT_MONSTERS = re.compile(rf"(?:(?P<what>.+?) (?P<whose>your opponent controls|you control)|(?P<theirs>Your opponent's "
                           rf"monsters|Monsters in your opponent's possession)) cannot activate their effects{_BATTLE}\.")


# LKP-3 (docs/lock-rules.md): "Your opponent cannot activate the effects of Level 5 or higher monsters Special Summoned
# from the Extra Deck." (Crimson Blader/Assault Mode; the engine: EFFECT_CANNOT_ACTIVATE whose value is a monster
# effect of a card on the field, `IsLevelAbove(5)`, `IsSummonLocation(LOCATION_EXTRA)`): the monsters are a phrase of
# the requirement language ending in MAT-7's "Special Summoned from the Extra Deck", on the field.
_ACT_FROM_EXTRA_DECK = re.compile(r"(?P<who>You|Your opponent|Neither player) (?:cannot|can) activate the effects of "
                                  r"(?P<what>[^.]+? monsters Special Summoned from the Extra Deck)\.")


# LKQ-3: "While you control this Fusion Summoned card, your opponent cannot activate the effects of Special Summoned Dragon
# or Spellcaster monsters they control." (Secreterion Dragon); LKQ-4: "Special Summoned monsters on the field cannot
# activate their effects, unless they are linked." (Knightmare Gryphon); LKQ-5: "While this card has material, your
# opponent cannot activate the effects of monsters in their GY with the same Attribute as a monster in your GY."
# (Mercurium the Living Quicksilver)
_ACT_SPECIAL_THEIRS = re.compile(r"While you control this (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned card, your "
                                 r"opponent cannot activate the effects of Special Summoned (?P<what>[^.,]+? monsters) "
                                 r"they control\.")
_ACT_SPECIAL_UNLINKED = "Special Summoned monsters on the field cannot activate their effects, unless they are linked."
_ACT_GY_ATTRIBUTE = ("While this card has material, your opponent cannot activate the effects of monsters in their GY "
                     "with the same Attribute as a monster in your GY.")


# LKR-1 (docs/lock-rules.md): "Your opponent cannot activate the effects of monsters with 0 ATK." (Azamina); "While this
# Xyz Summoned monster is on the field, neither player can activate the effects of monsters with 3000 or more ATK."
# (Super Starslayer TY-PHON - Sky Crisis). The engine: EFFECT_CANNOT_ACTIVATE whose value is
# `re:IsMonsterEffect() and re:GetHandler():IsAttack(0)` / `IsAttackAbove(3000)`, wherever the monster is (the lead:
# the effect's condition `IsXyzSummoned`).
_ACT_WITH_ATK = re.compile(r"(?:While this (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned monster is on the field, )?"
                           r"(?P<who>You|[Yy]our opponent|[Nn]either player) (?:cannot|can) activate the effects of "
                           r"(?P<what>monsters with \d+(?: or (?:more|less))? ATK)\.")
# LKR-2: "Your opponent cannot activate the effects of monsters they control that have ATK greater than or equal to your
# LP." (Dinomorphia Rexterm; the engine: value `re:IsMonsterEffect() and rc:IsLocation(LOCATION_MZONE) and
# rc:IsAttackAbove(Duel.GetLP(e:GetHandlerPlayer()))`, target range the opponent).
_ACT_ATK_LP = ("Your opponent cannot activate the effects of monsters they control that have ATK greater than or equal "
               "to your LP.")
# LKR-3: 'Your opponent cannot activate the effects of monsters with the same card type (Fusion, Synchro, Xyz, or Link)
# as a "Magistus" Monster Card in your Spell & Trap Zone.' (Zoroa, the Magistus Conflagrant Calamity; the engine:
# EFFECT_CANNOT_TRIGGER on every card of the opponent (target range 0, LOCATION_ALL) whose type has Fusion, Synchro,
# Xyz or Link in common with the original type of a face-up Monster Card of the archetype in its controller's Spell &
# Trap Zones, sequence < 5).
_ACT_ST_KIND = re.compile(r"Your opponent cannot activate the effects of monsters with the same card type \(Fusion, "
                          r"Synchro, Xyz, or Link\) as an? \"(?P<archetype>[^\"]+)\" Monster Card in your Spell & Trap "
                          r"Zone\.")


# LKR-4: 'While this Synchro Summoned card is on the field, your opponent cannot activate effects of monsters with the same
# original Attribute(s) as the "Yang Zing" monster(s) used for the Synchro Summon of this card.' (Chaofeng, Phantom of the
# Yang Zing; the engine: EFFECT_MATERIAL_CHECK keeps the original Attributes of the "Yang Zing" materials, and on its
# Synchro Summon a field EFFECT_CANNOT_ACTIVATE on the opponent, range the Monster Zone, value
# `re:IsActiveType(TYPE_MONSTER) and att & re:GetHandler():GetOriginalAttribute() ~= 0`).
_ACT_USED_ATTRIBUTE = re.compile(r"While this (?P<kind>Fusion|Synchro|Xyz|Link) Summoned card is on the field, your opponent "
                                 r"cannot activate effects of monsters with the same original Attribute\(s\) as the "
                                 r"\"(?P<archetype>[^\"]+)\" monster\(s\) used for the (?P=kind) Summon of this card\.")


def _read_lkr(sentence: str, where: str) -> ActivationLock | None:
    """LKR-1..LKR-4: activation locks with a condition on the monsters (ATK, the LP, a card type, the Attributes of the
    card's materials)."""
    if where != "card":
        return None
    match = _ACT_WITH_ATK.fullmatch(sentence)
    if match:
        who = WHO[match.group("who")[0].upper() + match.group("who")[1:].lower()]
        if (who == "both") != bool(re.search(r"\b[Nn]either player can\b", sentence)) or \
                match.group("who")[0].islower() != bool(match.group("kind")):
            return None
        try:
            wanted = _filters(match.group("what"))
        except UnreadLock:
            return None
        return ActivationLock(sentence, where, who, _MONSTER_EFFECTS, "any", wanted,
                              summoned_as=match.group("kind").lower() if match.group("kind") else None)
    if sentence == _ACT_ATK_LP:
        return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "field", atk_at_least_lp=True)
    match = _ACT_ST_KIND.fullmatch(sentence)
    if match:
        from .material_lines import default_archetypes
        code = default_archetypes().get(match.group("archetype"))
        if code is None:
            return None
        return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "any", st_kind_archetype=code)
    match = _ACT_USED_ATTRIBUTE.fullmatch(sentence)
    if match:
        from .material_lines import default_archetypes
        code = default_archetypes().get(match.group("archetype"))
        if code is None:
            return None
        return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "any",
                              summoned_as=match.group("kind").lower(), used_archetype=code)
    return None


def _read_lkq(sentence: str, where: str) -> ActivationLock | None:
    """LKQ-3..LKQ-5: the activation locks of a monster's text whose conditions the position decides."""
    if where != "card":
        return None
    match = _ACT_SPECIAL_THEIRS.fullmatch(sentence)
    if match:
        try:
            wanted = _filters(match.group("what"))
        except UnreadLock:
            return None
        return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "field", wanted,
                              summoned_as=match.group("kind").lower(), special_only=True)
    if sentence == _ACT_SPECIAL_UNLINKED:
        return ActivationLock(sentence, where, "both", _MONSTER_EFFECTS, "field", special_only=True, unless_linked=True)
    if sentence == _ACT_GY_ATTRIBUTE:
        return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "graveyard", with_material=True,
                              same_attribute_gy=True)
    return None


def _monster_kinds(phrase: str) -> tuple:
    """'Fusion, Synchro, and Xyz Monsters' -> one filter per kind; else the phrase as `_filters` reads it."""
    listed = re.fullmatch(r"((?:\w+, )+\w+),? and (\w+) (Monsters|monsters)", phrase)
    if listed:
        return tuple(f for word in listed.group(1).split(", ") + [listed.group(2)]
                     for f in _filters(f"{word} {listed.group(3)}"))
    return _filters(phrase)


def read_activation_lock(sentence: str, where: str) -> ActivationLock | None:
    """The activation lock one sentence states, or None when it is not one of the read forms. A lock on Spell or
    Trap Cards is read only during the Battle Phase (in a Main Phase it would also forbid Fusion and Ritual
    Spells and Pendulum Scales, which are not encoded as activations here)."""
    match = _ACT_PLAYER.fullmatch(sentence)
    if match:
        who = WHO[match.group("who")[0].upper() + match.group("who")[1:]]
        if (who == "both") != bool(re.search(r"\bNeither player can\b", sentence)):
            return None
        kinds, place = _ACT_OBJECTS[match.group("object")]
        if kinds != _MONSTER_EFFECTS and not match.group("battle"):
            return None
        try:
            field = _filters(match.group("field")) if match.group("field") else None
        except UnreadLock:
            return None
        return ActivationLock(sentence, where, who, kinds, place, (), field[0] if field else None,
                              bool(match.group("battle")))
    found = _read_lkq(sentence, where) or _read_lkr(sentence, where)
    if found is not None:
        return found
    match = _ACT_FROM_EXTRA_DECK.fullmatch(sentence)
    if match:                                                      # LKP-3
        who = WHO[match.group("who")]
        if (who == "both") != sentence.startswith("Neither player can"):
            return None
        try:
            wanted = _filters(match.group("what"))
        except UnreadLock:
            return None
        return ActivationLock(sentence, where, who, _MONSTER_EFFECTS, "field", wanted)
    match = _ACT_MONSTERS.fullmatch(sentence)
    if match:
        if match.group("theirs"):
            return ActivationLock(sentence, where, "opponent", _MONSTER_EFFECTS, "any", (), None,
                                  bool(match.group("battle")))
        try:
            wanted = _monster_kinds(match.group("what"))
        except UnreadLock:
            return None
        return ActivationLock(sentence, where, "opponent" if match.group("whose") == "your opponent controls"
                              else "controller", _MONSTER_EFFECTS, "field", wanted, None, bool(match.group("battle")))
    return None


@lru_cache(maxsize=None)
def activation_locks(card: Card) -> tuple[ActivationLock, ...]:
    """Every activation lock the card's text states in a sentence standing alone (EDL-3). LKR-1, LKR-2: a lock on the
    monsters' ATK is not read on a card whose text also changes ATK by a sentence standing alone (Azamina: "Each time
    your opponent activates a card or effect, all monsters they control lose 500 ATK when it resolves": the turn
    player's own plays would change the ATK the lock tests, which a position does not record)."""
    found = _standing_alone(card, read_activation_lock)
    if any(lock.atk_at_least_lp or any(getattr(f, "key", None) == "atk" for f in lock.what) for lock in found) and any(
            _CHANGES_ATK.search(s.text) for s in sentences(card) if not s.activated):
        found = tuple(lock for lock in found
                      if not (lock.atk_at_least_lp or any(getattr(f, "key", None) == "atk" for f in lock.what)))
    return found


_CHANGES_ATK = re.compile(r"\b(?:gains?|loses?) \d+ ATK\b|\bATK\b[^.]*\bbecomes?\b|\bATK\b[^.]*\b(?:is|are) halved\b")


# EQP-4 (docs/material-rules.md): 'While this card is equipped with a "Dragunity" card, your opponent cannot activate
# the effects of monsters in the GY.' (Dragunity Lord - Georgius; the engine's condition `GetEquipGroup():IsExists(
# IsSetCard)`). A position does not record what an Equip Card is equipped to (and holds no Monster Card as one, EQP-1):
# the lock is never applied, and a position where a face-up Spell/Trap of that archetype may be equipped to the card is
# refused (`pysolver.solve.unread`).
_EQUIPPED_LEAD = re.compile(r'While this card is equipped with an? "(?P<name>[^"]+)" card, (?P<rest>.+)')


@lru_cache(maxsize=None)
def equipped_locks(card: Card) -> tuple[tuple[str, str, ActivationLock], ...]:
    """EQP-4: (sentence, archetype, lock) for each activation lock of the card that applies only while it is equipped
    with a card of that archetype."""
    found = []
    for sentence in sentences(card):
        match = _EQUIPPED_LEAD.fullmatch(sentence.text)
        if match and not sentence.activated and sentence.where == "card":
            rest = match.group("rest")
            lock = read_activation_lock(rest[:1].upper() + rest[1:], "card")
            if lock is not None:
                found.append((sentence.text, match.group("name"), lock))
    return tuple(found)


def _standing_alone(card: Card, read) -> tuple:
    """What `read(text, where)` finds in each of the card's sentences that is not part of an activated effect."""
    found = (read(sentence.text, sentence.where) for sentence in sentences(card) if not sentence.activated)
    return tuple(lock for lock in found if lock is not None)


# --------------------------------------------------------------------------------------------------
# EDL-5: "You cannot Summon/Set monsters to any Extra Monster Zone this card points to." (Topologic Zeroboros,
# Topologic Blaster Dragon): its controller's Summons to an Extra Monster Zone its arrows point to (engine: a
# field effect on its controller that takes those zones out of the usable ones).

EMZ_LOCK = re.compile(r"You cannot Summon/Set monsters to any Extra Monster Zone this card points to\.")


@lru_cache(maxsize=None)
def emz_lock(card: Card) -> bool:
    """The card's monster text states the EDL-5 lock in a sentence standing alone (a Link Monster's)."""
    return "link" in card.kinds and any(
        s.where == "card" and not s.activated and EMZ_LOCK.fullmatch(s.text) for s in sentences(card))


# --------------------------------------------------------------------------------------------------
# ALM-3 (docs/procedure-rules.md): "While this card is in the Extra Monster Zone, if a monster would be Special Summoned
# from the Extra Deck to the Main Monster Zone, it must be Summoned in the zone this card points to." (Steelswarm Origin;
# engine: EFFECT_FORCE_MZONE, range the Extra Monster Zones, on the cards of both Extra Decks, value the zones it points
# to and the Extra Monster Zones; an effect of the card, off while its effects are negated).

EXTRA_DECK_ZONE_FORCE = re.compile(r"While this card is in the Extra Monster Zone, if a monster would be Special Summoned "
                                   r"from the Extra Deck to the Main Monster Zone, it must be Summoned in the zone this "
                                   r"card points to\.")


@lru_cache(maxsize=None)
def extra_deck_zone_force(card: Card) -> bool:
    """The card's monster text states ALM-3's force in a sentence standing alone (a Link Monster's)."""
    return "link" in card.kinds and any(
        s.where == "card" and not s.activated and EXTRA_DECK_ZONE_FORCE.fullmatch(s.text) for s in sentences(card))


# --------------------------------------------------------------------------------------------------
# ZLK-1: "You cannot Summon/Set monsters to a zone(s) this card points to." / "... to a zone this card points
# to." (S-Force Justify, Flash Charge Dragon, Gorgon of Zilofthonia): every zone its arrows point to, Main
# Monster Zones and Extra Monster Zones alike, for every Summon or Set of its controller that places a monster
# (engine: EFFECT_MUST_USE_MZONE with the value "every zone but its linked zones", flagged
# EFFECT_FLAG_CANNOT_DISABLE: it applies even while the card's effects are negated).

ZONE_LOCK = re.compile(r"You cannot Summon/Set monsters to a zone(?:\(s\))? this card points to\.")


@lru_cache(maxsize=None)
def zone_lock(card: Card) -> bool:
    """The card's monster text states the ZLK-1 lock in a sentence standing alone (a Link Monster's)."""
    return "link" in card.kinds and any(
        s.where == "card" and not s.activated and ZONE_LOCK.fullmatch(s.text) for s in sentences(card))


# --------------------------------------------------------------------------------------------------
# LKP-1 (docs/lock-rules.md): "<monsters> cannot have their activated effects negated (except "X")." (Scrap
# Warrior; the engine's EFFECT_CANNOT_INACTIVATE and EFFECT_CANNOT_DISEFFECT, which are consulted only when a Chain
# Link's activation or effect is about to be negated). pysolver never builds a Chain (CHN-1) and no play it lists
# negates an activation or an effect, so the sentence forbids none of its plays; a monster whose effects a position
# says are negated (TOK-1: a continuous negation, EFFECT_DISABLE) is not concerned either. Read as such.

NO_NEGATION = re.compile(r"(?:[A-Z](?:(?!\bcannot\b|\bcan\b|\bmust\b|, also\b|, and\b)[^.])*? )?cannot have their activated "
                         r"effects negated(?: \(except \"[^\"]+\"\))?\.")   # the subject only: no other rule before it


# --------------------------------------------------------------------------------------------------
# LKP-2 (docs/lock-rules.md): a monster's grant to activate Trap Cards of an archetype from the hand (the engine's
# EFFECT_TRAP_ACT_IN_HAND on its controller's hand, range: the Monster Zone; Paleozoic Opabinia, the Magical
# Musketeers):
#
#     You can activate "Paleozoic" Trap Cards from your hand.
#     During either player's turn, you can activate "Magical Musket" Spell/Trap Cards from your hand.
#
# The Spell half of the second (EFFECT_QP_ACT_IN_NTPHAND: a Quick-Play Spell from the hand in the opponent's turn)
# changes nothing in the turn player's own turn, where a Spell is activated from the hand anyway.

HAND_TRAPS = re.compile(r"(?P<either>During either player's turn, you|You) can activate \"(?P<archetype>[^\"]+)\" "
                        r"(?P<what>Trap Cards|Spell/Trap Cards) from your hand\.")


@cache
def hand_trap_grants(card: Card) -> tuple[tuple[str, int], ...]:
    """(sentence, archetype setcode) for each LKP-2 grant in the card's monster text, standing alone; a form whose
    archetype is not known (pysolver/cards/data/archetypes.yaml) or whose Spell half is not "During either player's
    turn" is not read."""
    from .material_lines import default_archetypes
    if not card.is_monster:
        return ()
    found = []
    for sentence in sentences(card):
        match = HAND_TRAPS.fullmatch(sentence.text)
        if sentence.where != "card" or sentence.activated or not match:
            continue
        if (match.group("what") == "Spell/Trap Cards") != (match.group("either") != "You"):
            continue
        code = default_archetypes().get(match.group("archetype"))
        if code is not None:
            found.append((sentence.text, code))
    return tuple(found)


# --------------------------------------------------------------------------------------------------
# LKP-6 (docs/lock-rules.md): "You cannot activate cards or effects, or Set any cards." (Rocket Arrow Express; the
# engine: EFFECT_CANNOT_ACTIVATE with value 1, EFFECT_CANNOT_MSET, EFFECT_CANNOT_SSET, EFFECT_CANNOT_TURN_SET and
# EFFECT_CANNOT_SPECIAL_SUMMON of a face-down monster, all on its controller, range the Monster Zone): while the
# monster is face-up with its effects, its controller activates nothing (no card, no effect: a Spell, a Trap, a
# monster's effect, a Pendulum Scale, the Fusion or Ritual Spell of a Summon) and Sets nothing (a monster, a Spell or
# a Trap).

NO_ACTIVATION_OR_SET = re.compile(r"You cannot activate cards or effects, or Set any cards\.")


@cache
def no_activation_or_set(card: Card) -> bool:
    """The card's monster text states the LKP-6 lock in a sentence standing alone."""
    return card.is_monster and any(s.where == "card" and not s.activated and NO_ACTIVATION_OR_SET.fullmatch(s.text)
                                   for s in sentences(card))


# --------------------------------------------------------------------------------------------------
# LKP-7 (docs/lock-rules.md): 'Can only be Link Summoned while you have a "World Legacy" card in your GY.' (Lib the World
# Key Blademaster; the engine: EFFECT_SPSUMMON_COST whose cost, for a Link Summon, asks for a card of the archetype in
# its summoner's GY before the Summon): a condition of the card's own Summon of that kind.

GY_CARD_NEEDED = re.compile(r'Can only be (?P<kind>Fusion|Synchro|Xyz|Link) Summoned while you have an? "(?P<archetype>[^"]+)" '
                            r'card in your GY\.')


@cache
def gy_card_needed(card: Card) -> tuple[tuple[str, str, int], ...]:
    """(sentence, kind of Summon, archetype setcode) of each LKP-7 sentence of an Extra Deck monster of that kind; an
    archetype pysolver does not know stays unread."""
    from .material_lines import default_archetypes
    found = []
    for sentence in sentences(card):
        match = GY_CARD_NEEDED.fullmatch(sentence.text)
        if not match or sentence.where != "card" or sentence.activated or match.group("kind").lower() not in card.kinds:
            continue
        code = default_archetypes().get(match.group("archetype"))
        if code is not None:
            found.append((sentence.text, match.group("kind").lower(), code))
    return tuple(found)


# LKQ-12 (docs/lock-rules.md): "You cannot Link Summon this card unless you have at least 3 more cards in your Extra Deck
# than your opponent's." (Linkerbell; the same with Fusion, Synchro, Xyz in a monster of that kind): a Summon of that
# kind of the card needs the turn player's Extra Deck (the card still in it) to hold at least N cards more than the
# opponent's, before the play.
EXTRA_DECK_LEAD = re.compile(r"You cannot (?P<kind>Fusion|Synchro|Xyz|Link) Summon this card unless you have at least "
                             r"(?P<n>\d+) more cards in your Extra Deck than your opponent's\.")


@cache
def extra_deck_lead(card: Card) -> tuple[tuple[str, str, int], ...]:
    """(sentence, kind of Summon, N) of each LKQ-12 sentence of an Extra Deck monster of that kind."""
    found = []
    for sentence in sentences(card):
        match = EXTRA_DECK_LEAD.fullmatch(sentence.text)
        if match and sentence.where == "card" and not sentence.activated and match.group("kind").lower() in card.kinds:
            found.append((sentence.text, match.group("kind").lower(), int(match.group("n"))))
    return tuple(found)


# --------------------------------------------------------------------------------------------------
# LKP-8 (docs/lock-rules.md): 'You can activate the effects of "PSY-Framegear" monsters in your hand even while you
# control a monster(s).' (PSY-Framelord Lambda): it lifts a condition of effects activated from the hand. pysolver
# lists no activation of a monster's effect in the hand (`effects.activated_effects` models a monster's effects on
# the field or in the GY only), so the sentence changes none of its plays. Read as such.

HAND_EFFECTS_GRANT = re.compile(r'You can activate the effects of "[^"]+" monsters in your hand even while you control '
                                r"a monster\(s\)\.")


# --------------------------------------------------------------------------------------------------
# LKS-5 (docs/lock-rules.md): grants that change no play pysolver lists, on either side, read as such.
# 'You can activate the effects of your monsters with "Allure Queen" in their original names, that equip monsters to
# themselves, as Quick Effects.' (Golden Allure Queen; the engine's EFFECT_GOLDEN_ALLURE_QUEEN, which those monsters'
# scripts read to add a Quick Effect copy of the ignition effect): pysolver lists activations only in the open game
# state of the turn player's Main Phase, where an ignition effect can be activated anyway; a Quick Effect differs only
# in when it can be activated (the Battle Phase, the opponent's turn, a Chain), none of which pysolver lists.
QUICK_EQUIP_GRANT = re.compile(r'You can activate the effects of your monsters with "[^"]+" in their original names, that '
                               r"equip monsters to themselves, as Quick Effects\.")
# 'You can activate "Fire Fist" monsters' effects without sending "Fire Fist" or "Fire Formation" card(s) from your hand
# or field to the GY.' (Brotherhood of the Fire Fist - Eagle; EFFECT_COST_REPLACE for its controller): a cost of those
# monsters' effects replaced; and 'After you activate a "Hole" Normal Trap Card, you can Set it instead of sending it to
# the GY.' (Traptrix Cularia; EVENT_CHAIN_SOLVED of its controller's activated "Hole"/"Trap Hole" Normal Trap): where that
# Trap ends. No monster of those archetypes has an activated effect pysolver models, nor any such Normal Trap
# (`effects.activated_effects`; tests/solve/test_rules_lks.py checks this over the whole database), so neither
# changes a play pysolver lists.
COST_FREE_GRANT = re.compile(r"You can activate \"[^\"]+\" monsters' effects without sending (?:\"[^\"]+\"(?: or "
                             r"\"[^\"]+\")?) card\(s\) from your hand or field to the GY\.")
SET_TRAP_INSTEAD = re.compile(r'After you activate an? "[^"]+" Normal Trap Card, you can Set it instead of sending it to '
                              r"the GY\.")
