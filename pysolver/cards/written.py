"""Card text -> data for the mechanics a card writes into its own text about its kind, its state and its
use as material (RULES.md GEM-1..3, TOK-1, TOK-2, SYN-1, SYN-2): Gemini monsters, Trap Monsters, a
Token's own restrictions, Levels a material may be treated as and Tuners that may be non-Tuners for a
Synchro Summon, and the material clauses pysolver does not model (the card then fails closed). The
restrictions an effect puts on the monsters it Special Summons are read in `effects` (TOK-1).

Each reader returns its data, None when the card has no such text, or an `UnsupportedText` when the
card has such a text in a wording pysolver does not read exactly (the card then fails closed by name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .card import Card
from .effects import UnsupportedText

_ATTRIBUTES = "EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE"


def _one_line(card: Card) -> str:
    return " ".join(card.text.replace("Graveyard", "GY").split())


# --------------------------------------------------------------------------------------------------
# Gemini monsters (GEM-1..3)

_GEMINI_NORMAL = r"This card is treated as a Normal Monster while face-up on the field or in the GY\."
_GEMINI_SUMMON = (r"While this card is (?:a Normal Monster|face-up) on the field, you can Normal Summon it to have it "
                  r"(?:become|be treated as) an Effect Monster with (?:this effect|these effects)")
_GEMINI = re.compile(rf"^{_GEMINI_NORMAL} {_GEMINI_SUMMON}")


@lru_cache(maxsize=None)
def gemini(card: Card):
    """True for a Gemini monster whose text is the Gemini wording (GEM-1, GEM-2); False for the others;
    an `UnsupportedText` for a Gemini monster whose text says something else."""
    if "gemini" not in card.kinds:
        return False
    if _GEMINI.search(_one_line(card)):
        return True
    return UnsupportedText(f"{card.name!r}: Gemini wording not supported")


# --------------------------------------------------------------------------------------------------
# Trap Monsters (TOK-2)

@dataclass(frozen=True)
class TrapMonster:
    """A Trap Card that Special Summons itself as a monster: what it is while on the field."""

    kind: str                   # normal | effect
    position: str | None        # attack | defense when its text fixes the position, else None
    still_trap: bool = True     # "(This card is also still a Trap Card.)"; not when "NOT treated as a Trap"
    restrictions: tuple = ()    # TOK-1 on itself: "If Summoned this way, this card cannot attack."


_TRAP_MONSTER = re.compile(r"Special Summon this card (?:in (?P<position>Attack|Defense) Position )?as an? "
                           r"(?P<kind>Normal|Effect) Monster \((?P<race>[A-Za-z -]+?)(?:-Type)?/"
                           rf"(?P<attribute>{_ATTRIBUTES})/Level (?P<level>\d+)/ATK (?P<atk>\d+)/DEF (?P<def>\d+)\)")


@lru_cache(maxsize=None)
def trap_monster(card: Card):
    """The Trap Monster a Trap Card becomes (TOK-2); None when it never becomes one; `UnsupportedText`
    when its text Special Summons it as a monster in a wording pysolver does not read, or when the
    card data lacks the Level/Attribute the text gives."""
    if "trap" not in card.kinds or card.is_monster:
        return None
    text = _one_line(card)
    match = _TRAP_MONSTER.search(text)
    if match is None:
        if re.search(r"Special Summon this card (?:[^.]*?)as an? (?:Normal|Effect) Monster", text):
            return UnsupportedText(f"{card.name!r}: Trap Monster wording not supported")
        return None
    if card.level != int(match.group("level")) or (card.attribute or "") != match.group("attribute"):
        return UnsupportedText(f"{card.name!r}: the card data lacks the Trap Monster's Level or Attribute")
    restrictions = []
    for sentence in re.split(r"(?<=[.)]) ", text):
        if not re.match(r"If (?:this card was )?Summoned this way", sentence):
            continue
        if re.fullmatch(r"If Summoned this way, this card cannot attack\.", sentence):
            restrictions.append("cannot_attack")
        elif re.search(r"Tribute|cannot (?:Normal |Special )?Summon|Tuner|material", sentence):
            return UnsupportedText(f"{card.name!r}: Trap Monster clause not supported: {sentence!r}")
    position = match.group("position")
    return TrapMonster(match.group("kind").lower(), position.lower() if position else None,
                       still_trap=not re.search(r"\((?:this|This) card is NOT treated as a Trap", text),
                       restrictions=tuple(restrictions))


def unread_reason(card: Card) -> str | None:
    """Why one of the card's activations is not offered (TOK-1: `effects.effect_restrictions`), or None."""
    from .effects import _effects_as_read, effect_restrictions
    for effect in _effects_as_read(card):
        found = effect_restrictions(card, effect)
        if isinstance(found, UnsupportedText):
            return str(found)
    return None


# A Token's own text (TOK-1): its limits as a Tribute are read by `cardtext.tribute_limit`; these are the
# others. Sentences about being destroyed do not concern summoning.
_TOKEN_OWN = (
    (re.compile(r"This Token cannot (?:declare an attack|attack)\."), ("cannot_attack",)),
    (re.compile(r"This Token cannot attack or be used as a Synchro Material Monster\."),
     ("cannot_attack", "cannot_be_synchro_material")),
    (re.compile(r"This Token cannot be (?:used as a Tribute|Tributed) for a Tribute Summon(?:, unless it is for an? "
                rf"(?:{_ATTRIBUTES}) monster| during the turn it is Special Summoned)?\."), ()),
    (re.compile(r"This Token cannot be destroyed by (?:battle|a card effect)\."), ()),
    (re.compile(r"This Token cannot be Tributed\."), ()),          # NS-10: cardtext.untributable_face_up
)


@lru_cache(maxsize=None)
def token_restrictions(card: Card):
    """TOK-1: the restrictions a Token's own text gives it on the field; `UnsupportedText` for a sentence
    of a Token saying what it or its controller cannot do that pysolver does not read."""
    if "token" not in card.kinds:
        return ()
    found: list[str] = []
    for sentence in re.split(r"(?<=\.) ", _one_line(card)):
        if "cannot" not in sentence:
            continue
        names = next((names for pattern, names in _TOKEN_OWN if pattern.fullmatch(sentence)), None)
        if names is None:
            return UnsupportedText(f"{card.name!r}: Token clause not supported: {sentence!r}")
        found.extend(names)
    return tuple(dict.fromkeys(found))


# --------------------------------------------------------------------------------------------------
# Materials whose own text changes how they can be used (not modelled): a sentence that is no
# activated effect (no ':' or ';') and speaks of material together with the hand ("this card in your
# hand can also be used as material", "the other Synchro Material Monster is 1 monster in your hand"),
# a Level it may be treated as ("you can treat it as a Level 2 monster"), being treated as a Tuner or
# non-Tuner, or counting as 2 materials. Such a card fails closed by name instead of being used as if
# its text said nothing (issue 15 item 4).
_MATERIAL_WORD = re.compile(r"\b[Mm]aterials?\b|\bused for an? (?:Fusion|Synchro|Xyz|Link) Summon\b")
_CHANGED_USE = re.compile(r"\bin your hand\b|\btreat(?:ed)? (?:it |this card |them |that monster )?as (?:a )?Level "
                          r"\d+|\bLevel \d+ monster\b.*\btreat|\bas an? (?:non-)?Tuner\b|\bas 2 (?:[A-Z][a-z]+ )?"
                          r"[Mm]aterials\b|\btreated as Level \d+")


@lru_cache(maxsize=None)
def unread_material_use(card: Card) -> str | None:
    """The first sentence of a monster's text that changes how it (or the other materials) may be used
    as material in a way pysolver does not model, or None."""
    if not card.is_monster:
        return None
    from .effects import _sentences, _text
    for sentence in _sentences(_text(card)):
        if ":" in sentence or ";" in sentence or "substitute for any 1 Fusion Material" in sentence \
                or _SYNCHRO_LEVELS.fullmatch(sentence) or (_NON_TUNER.fullmatch(sentence) and "tuner" in card.kinds) \
                or (_LINK_EXTRA.fullmatch(sentence) and link_extra_material(card) is not None) \
                or (_XYZ_LEVELS.fullmatch(sentence) and isinstance(xyz_levels(card), SynchroLevels)) \
                or _xyz_treated(card, sentence) or _HAND_SYNCHRO.fullmatch(sentence) or _ALL_LEVELS.fullmatch(sentence) \
                or (_TUNER_IF_USING.fullmatch(sentence) and tuner_if_material(card) is not None) \
                or _TUNER_FOR_USER.fullmatch(sentence):     # MUS-4
            continue   # an activated effect; a Fusion Substitute (cardtext.fusion_substitute); synchro_levels;
                       # non_tuner; link_extra_material
        if _MATERIAL_WORD.search(sentence) and _CHANGED_USE.search(sentence):
            return f"{card.name!r}: material clause not supported: {sentence!r}"
    return None


def _xyz_treated(card: Card, sentence: str) -> bool:
    return bool(XYZ_TREATED_LEVEL.fullmatch(sentence)) and xyz_treated_level(card) is not None


# --------------------------------------------------------------------------------------------------
# Levels a material may be treated as for a Synchro Summon (SYN-2; engine-rules.md §2: the sum checker
# tries each alternative Level of each material)

@dataclass(frozen=True)
class SynchroLevels:
    levels: tuple[int, ...]     # the Levels it may be treated as, besides its own
    only_for: object = None     # a filter on the Synchro Monster ("of a "Genex" Synchro Monster"), or None


_SYNCHRO_LEVELS = re.compile(
    r"This card on the field can be treated as a Level (?P<a>\d+)(?: or (?P<b>\d+))? monster when used for a Synchro "
    r"Summon(?: of an? (?P<for>[^.]+?))?\.|If this card on the field is used as Synchro Material, you can treat it as "
    r"a Level (?P<c>\d+) monster\.")


@lru_cache(maxsize=None)
def synchro_levels(card: Card):
    """The Levels the card on the field may be treated as for a Synchro Summon (Yamatako Orochi: 8;
    Tuningware: 2; R-Genex Turing: 1 or 3 for a "Genex" Synchro Monster); None when its text says none;
    `UnsupportedText` when the Synchro Monster it names cannot be read."""
    match = _SYNCHRO_LEVELS.search(_one_line(card)) if card.is_monster else None
    if match is None:
        return None
    levels = tuple(int(v) for v in match.group("a", "b", "c") if v)
    only_for = None
    if match.group("for"):
        from .material_lines import UnsupportedMaterialLine, parse_filter
        try:
            only_for = parse_filter(match.group("for"))
        except UnsupportedMaterialLine as error:
            return UnsupportedText(f"{card.name!r}: Synchro Level clause not supported ({error.reason})")
    return SynchroLevels(levels, only_for)


# --------------------------------------------------------------------------------------------------
# Levels a material may be treated as for an Xyz Summon (XYZ-1; engine-rules.md §4.4 "Level check": an
# EFFECT_XYZ_LEVEL of the material, its own Level or the values it gives): "If this card is used for an Xyz
# Summon, you can treat it as a Level 5 monster." (Star Drawing), "If this card is used for the Xyz Summon of
# a WATER monster, it can be treated as a Level 3 or 5 monster." (Buzzsaw Shark: for a WATER Xyz Monster
# only); and the Xyz Monsters that treat other monsters as a Level (`xyz_treated_level`, below).

_XYZ_LEVELS = re.compile(
    r"If this card is used for (?:an Xyz Summon|the Xyz Summon of (?P<for>[^,]+?)), (?:you can treat it as|it can be "
    r"treated as) a Level (?P<a>\d+)(?: or (?P<b>\d+))? monster\.")


@lru_cache(maxsize=None)
def xyz_levels(card: Card):
    """The Levels the card may be treated as for an Xyz Summon (Star Drawing: 5; Buzzsaw Shark: 3 or 5 for a
    WATER Xyz Monster), as a `SynchroLevels` (levels, only_for); None when its text says none;
    `UnsupportedText` when the Xyz Monster it names cannot be read."""
    match = _XYZ_LEVELS.search(_one_line(card)) if card.is_monster and card.level is not None else None
    if match is None:
        return None
    levels = tuple(int(v) for v in match.group("a", "b") if v)
    only_for = None
    if match.group("for"):
        from .material_lines import UnsupportedMaterialLine, parse_filter
        try:
            only_for = parse_filter(match.group("for"))
        except UnsupportedMaterialLine as error:
            return UnsupportedText(f"{card.name!r}: Xyz Level clause not supported ({error.reason})")
    return SynchroLevels(levels, only_for)


# XYZ-1: "For this card's Xyz Summon, you can treat Link-N / Rank N monsters you control as Level M monsters for
# material."
XYZ_TREATED_LEVEL = re.compile(r"For this card's Xyz Summon, you can treat (?:Link-(?P<link>\d+)|Rank (?P<rank>\d+)) "
                               r"monsters you control as Level (?P<level>\d+) monsters for material\.")


@dataclass(frozen=True)
class XyzTreatedLevel:
    """The player's own monsters with `stat` (link_rating | rank) = `value` count as Level `level` monsters
    for this Xyz Monster's Xyz Summon."""

    stat: str
    value: int
    level: int


@lru_cache(maxsize=None)
def xyz_treated_level(card: Card) -> XyzTreatedLevel | None:
    """"For this card's Xyz Summon, you can treat Link-2 / Rank 4 monsters you control as Level 2 / 4 monsters
    for material" (Gigantic Spright, Eclipse Twins: engine-rules.md §4.4, an EFFECT_XYZ_LEVEL of the Xyz
    Monster in the Extra Deck on the player's own monsters, for its own Xyz Summon only), else None."""
    if "xyz" not in card.kinds or not card.is_extra_deck:
        return None
    match = XYZ_TREATED_LEVEL.search(_one_line(card))
    if match is None:
        return None
    stat, value = ("link_rating", match.group("link")) if match.group("link") else ("rank", match.group("rank"))
    return XyzTreatedLevel(stat, int(value), int(match.group("level")))


def without_read_material_sentences(card: Card, text: str) -> str:
    """`text` without the sentences about its use as material that this module reads (the other readers'
    checks for unread clauses then do not see them): `synchro_levels`, `non_tuner`, `tuner_substitute`."""
    if not card.is_monster:
        return text
    text = _LINK_EXTRA.sub("", _SYNCHRO_LEVELS.sub("", text)) if "link" in card.kinds else _SYNCHRO_LEVELS.sub("", text)
    if isinstance(tuner_substitute(card), TunerSubstitute):
        text = _TUNER_SUBSTITUTE.sub("", text)
    if isinstance(xyz_levels(card), SynchroLevels):
        text = _XYZ_LEVELS.sub("", text)
    if xyz_treated_level(card) is not None:
        text = XYZ_TREATED_LEVEL.sub("", text)
    text = _ALL_LEVELS.sub("", _HAND_SYNCHRO.sub("", text))
    if tuner_if_material(card) is not None and not isinstance(tuner_if_material(card), UnsupportedText):
        text = _TUNER_IF_USING.sub("", text)
    text = _TUNER_FOR_USER.sub("", text)       # MUS-4
    return _NON_TUNER.sub("", text) if "tuner" in card.kinds else text


# --------------------------------------------------------------------------------------------------
# A Tuner that may be treated as a non-Tuner for a Synchro Summon (SYN-1; engine: EFFECT_NONTUNER, the
# non-Tuner slot accepts it, while it may still be the Tuner)

@dataclass(frozen=True)
class NonTuner:
    only_for: object = None     # a filter on the Synchro Monster ("for a Psychic monster"), or None


_NON_TUNER = re.compile(r"If (?:this card you control (?:would be|is) used|you use this card you control) as Synchro "
                        r"Material(?: for an? (?P<for>[^,]+?))?, you can treat it as a non-Tuner\.")


@lru_cache(maxsize=None)
def non_tuner(card: Card):
    """"If this card you control would be used as Synchro Material [for a X monster], you can treat it as a
    non-Tuner": a `NonTuner`; None when the card has no such text; `UnsupportedText` when X is unread."""
    match = _NON_TUNER.search(_one_line(card)) if card.is_monster and "tuner" in card.kinds else None
    if match is None:
        return None
    if not match.group("for"):
        return NonTuner()
    from .material_lines import UnsupportedMaterialLine, parse_filter
    try:
        return NonTuner(parse_filter(match.group("for")))
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: non-Tuner clause not supported ({error.reason})")


# --------------------------------------------------------------------------------------------------
# A Link Monster that may also use 1 material that is not a monster its summoner controls (LNK-1;
# engine-rules.md §4.7: an EFFECT_EXTRA_MATERIAL group of the Link Monster itself, at most 1 card of it
# in the materials, the line's filter still applies: Underworld Goddess of the Closed World takes 1
# face-up monster the opponent controls, Zenna's Deceiving Doll Maidens 1 monster in the hand)

# MST-3: "You can also use a face-down "Ghostrick" monster you control as material to Link Summon this card." (Ghostrick
# Festival: its EFFECT_EXTRA_MATERIAL group is every face-down monster of its controller's Monster Zones; the line's
# filter, which names the same archetype, still applies)
_LINK_EXTRA = re.compile(r"You can also use (?:1 monster (?P<where>your opponent controls|in your hand)|a face-down "
                         r"(?P<kind>\"[^\"]+\" )?monster you control) as material to Link Summon this card\.")


@lru_cache(maxsize=None)
def link_extra_material(card: Card) -> str | None:
    """"You can also use 1 monster your opponent controls / in your hand as material to Link Summon this
    card": "opponent_field" or "hand"; MST-3's 'a face-down "X" monster you control': "own_face_down"; None for a
    card without that sentence (or not a Link Monster)."""
    if "link" not in card.kinds:
        return None
    match = _LINK_EXTRA.search(_one_line(card))
    if match is None:
        return None
    if match.group("where") is None:            # MST-3: read only when the line's filter asks for that archetype
        kind = (match.group("kind") or "").strip()
        return "own_face_down" if kind and kind in (card.materials or "") else None
    return "opponent_field" if match.group("where") == "your opponent controls" else "hand"


# --------------------------------------------------------------------------------------------------
# A Synchro Monster whose Tuner may be a monster that is not a Tuner (SYN-1; engine-rules.md §4.5: the
# procedure's `sub1`, "alternatively `sub1` passes": the Tuner slot also takes 1 monster that passes it):
# "For this card's Synchro Summon, you can treat 1 LIGHT or DARK monster you control as a Tuner." (Chaos
# Angel, Cyber Slash Harpie Lady, Ib the World Chalice Justiciar) and "... 1 monster in your center Main
# Monster Zone as a Tuner." (Junora the Power Patron of Tuning), "1 Pendulum Summoned Pendulum Monster ..."
# (Nirvana High Paladin: the position's `summoned_as`). And docs/material-rules.md MTX-1: "... treat 1 Link-1
# monster you control as a Level 1 Tuner." (the "Yummy Way" cards): the Link Monster, which has no Level, fills
# only the Tuner slot and counts as Level 1 (`level`). The engine gives the Link-1 monsters Level 1 for every
# "Yummy" Synchro Summon while such a card is in the Extra Deck; the only "Yummy" Synchro Monsters are the three
# cards with this sentence, whose non-Tuner slot takes no Link Monster, so the plays are the same.

@dataclass(frozen=True)
class TunerSubstitute:
    filter: object              # the monster that may be treated as the Tuner (requirement language)
    center: bool = False        # it must be in the player's center Main Monster Zone (M3)
    summoned_as: str | None = None   # "Pendulum Summoned ...": it came to the field by that Summon
    level: int | None = None    # MTX-1: "1 Link-N monster ... as a Level L Tuner": it counts as Level L


_TUNER_SUBSTITUTE = re.compile(r"For this card's Synchro Summon, you can treat 1 (?:(?P<what>.+?) you control|"
                               r"(?P<center>monster in your center Main Monster Zone)) as a (?:Level (?P<level>\d+) )?"
                               r"Tuner\.")


@lru_cache(maxsize=None)
def tuner_substitute(card: Card):
    """A Synchro Monster's "For this card's Synchro Summon, you can treat 1 X you control as a Tuner": a
    `TunerSubstitute`; None for a card without that sentence; `UnsupportedText` when X is not read."""
    if "synchro" not in card.kinds or not card.is_extra_deck:
        return None
    match = _TUNER_SUBSTITUTE.search(_one_line(card))
    if match is None:
        return None
    if match.group("level"):   # MTX-1: only a Link Monster (no Level of its own) is read as treated as a Level
        link = re.fullmatch(r"Link-(\d+) monster", match.group("what") or "")
        if link is None:
            return UnsupportedText(f"{card.name!r}: Tuner clause not supported (a Level for {match.group('what')!r})")
        from .requirements import Atom
        return TunerSubstitute(Atom("link_rating", "=", int(link.group(1))), level=int(match.group("level")))
    if match.group("center"):
        from .requirements import Atom
        return TunerSubstitute(Atom("any"), center=True)
    from .material_lines import UnsupportedMaterialLine, parse_filter
    what, summoned = match.group("what"), None
    how = re.match(r"(Fusion|Synchro|Xyz|Link|Ritual|Pendulum) Summoned (.+)", what)
    if how:
        what, summoned = how.group(2), how.group(1).lower()
    try:
        return TunerSubstitute(parse_filter(what), summoned_as=summoned)
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: Tuner clause not supported ({error.reason})")


# --------------------------------------------------------------------------------------------------
# A monster on the field that lets 1 card of the hand be one of the other Synchro Materials (docs/material-rules.md
# SYN-5; engine-rules.md §4.5, EFFECT_HAND_SYNCHRO, `Synchro.AddHandMaterialEffect`): "If this card on the field would be
# used as Synchro Material, 1 Tuner in your hand can be used as 1 of the other materials." (the Kewl Tunes), "If this
# Synchro Summoned monster would be used as a Synchro Material, 1 monster in your hand can be used as 1 of the other
# materials." (Tatsunoko: only while it is Synchro Summoned). With no once-per-turn limit on these sentences; the
# wordings with one (Scrap Synchron, Revolution Synchron) and Tatsunecro's (its materials are banished) stay unread.

@dataclass(frozen=True)
class HandSynchro:
    filter: object                   # the hand card that may be one of the other materials
    summoned_as: str | None = None   # "this Synchro Summoned monster": it came to the field by that Summon


_HAND_SYNCHRO = re.compile(r"If this (?:card on the field|(?P<how>Synchro) Summoned monster) would be used as (?:a )?Synchro "
                           r"Material, 1 (?P<what>Tuner|monster) in your hand can be used as 1 of the other materials\.")


@lru_cache(maxsize=None)
def hand_synchro(card: Card) -> HandSynchro | None:
    """The card's "1 Tuner / monster in your hand can be used as 1 of the other materials" (SYN-5), or None."""
    match = _HAND_SYNCHRO.search(_one_line(card)) if card.is_monster else None
    if match is None:
        return None
    from .requirements import Atom
    what = Atom("kind", "=", "tuner") if match.group("what") == "Tuner" else Atom("any")
    return HandSynchro(what, "synchro" if match.group("how") else None)


# --------------------------------------------------------------------------------------------------
# A material that lets all the materials of the Synchro Summon count as Level 2 (docs/material-rules.md MTX-2;
# engine-rules.md §4.5, EFFECT_SYNCHRO_MATERIAL_CUSTOM: the summon is legal when the Levels add up, or when
# 2 x the number of materials is the Synchro Monster's Level): "If this card on the field is used as Synchro
# Material, you can treat it and all other Synchro Materials (that have a Level) as Level 2 monsters." (Flower
# Cardian Peony with Butterfly, Willow with Calligrapher: only while it is on the field), "When this card is used
# as Synchro Material, ..." (Flower Cardian Moonflowerviewing: wherever it is a material from).

@dataclass(frozen=True)
class AllLevels:
    level: int                  # every material counts as this Level for the sum (SYN-2), or none does
    on_field: bool              # "this card on the field": not when it is a material from the hand (SYN-5)


_ALL_LEVELS = re.compile(r"(?:If this card (?P<field>on the field) is|When this card is) used as Synchro Material, you "
                         r"can treat it and all other Synchro Materials \(that have a Level\) as Level (?P<level>\d+) "
                         r"monsters\.")


@lru_cache(maxsize=None)
def synchro_all_levels(card: Card) -> AllLevels | None:
    """MTX-2: the card's "you can treat it and all other Synchro Materials (that have a Level) as Level N
    monsters", or None."""
    match = _ALL_LEVELS.search(_one_line(card)) if card.is_monster else None
    if match is None:
        return None
    return AllLevels(int(match.group("level")), bool(match.group("field")))


# --------------------------------------------------------------------------------------------------
# A Synchro Monster treated as a Tuner for the materials of its Synchro Summon (docs/material-rules.md MTX-4; the
# engine: an EFFECT_MATERIAL_CHECK records whether a material is of the archetype, and on the Synchro Summon the card
# gains TYPE_TUNER (EFFECT_ADD_TYPE, reset when it leaves the field or is turned face-down)): "If this card is Synchro
# Summoned using a "Blackwing" monster as Material, it is treated as a Tuner (monster) while face-up on the field."
# (the Assault Blackwing monsters). The position keeps it (`treated_as_tuner`), `pysolver apply` writes it.

_TUNER_IF_USING = re.compile(r"If this card is Synchro Summoned using (?P<what>an? \"[^\"]+\" monster) as [Mm]aterial, "
                             r"it is treated as a Tuner(?: monster)? while face-up on the field\.")


@lru_cache(maxsize=None)
def tuner_if_material(card: Card):
    """MTX-4: the archetype filter (an `Atom`) a material of this Synchro Monster's Synchro Summon must match for it to be treated as a
    Tuner while face-up on the field; None without that sentence; `UnsupportedText` when the filter is unread."""
    if "synchro" not in card.kinds or not card.is_extra_deck:
        return None
    match = _TUNER_IF_USING.search(_one_line(card))
    if match is None:
        return None
    from .material_lines import UnsupportedMaterialLine, parse_filter
    from .requirements import Atom
    try:
        found = parse_filter(match.group("what"))
    except UnsupportedMaterialLine as error:
        return UnsupportedText(f"{card.name!r}: Tuner clause not supported ({error.reason})")
    if not (isinstance(found, Atom) and found.key == "archetype"):   # read for an archetype only
        return UnsupportedText(f"{card.name!r}: Tuner clause not supported (not an archetype: {match.group('what')!r})")
    return found


# MUS-4: a Synchro Monster whose text makes the Synchro Monster it is used for a Tuner ("A Synchro Monster that used
# this card as material is treated as a Tuner while face-up on the field.", Martial Metal Marcher; the engine: an
# EFFECT_BE_MATERIAL for REASON_SYNCHRO gives the summoned monster TYPE_TUNER, reset when it leaves the field or is
# turned face-down). The summoned monster's `treated_as_tuner` (MTX-4) records it.
_TUNER_FOR_USER = re.compile(r"A Synchro Monster that used this card as (?:Synchro )?[Mm]aterial is treated as a Tuner "
                             r"while face-up on the field\.")


@lru_cache(maxsize=None)
def tuner_for_user(card: Card) -> bool:
    """MUS-4: a Synchro Monster Synchro Summoned using this card as material is treated as a Tuner while face-up."""
    return card.is_monster and bool(_TUNER_FOR_USER.search(_one_line(card)))


# --------------------------------------------------------------------------------------------------
# What a card gains from the materials of its own Summon, when that decides no play pysolver lists (docs/material-
# rules.md MTX-3): a protection from destruction ("If this card was Synchro Summoned using only Reptile monsters as
# material, it cannot be destroyed by battle or card effects.", Reptilianne Melusine: reading.py's "cannot be
# destroyed", which decides nothing pysolver lists), a change of ATK during the Damage Step or damage calculation
# only ("If this card that was Fusion Summoned using "Salamangreat Violet Chimera" as material battles a monster,
# that monster's ATK becomes 0 during damage calculation only.", Salamangreat Violet Chimera: docs/battle-rules.md
# BP-17). Nothing to apply: the sentence is read whole, its materials are never looked at.

_SUMMONED_USING = r"(?:Fusion|Synchro|Xyz|Link) Summoned using [^,.;:]+?(?: as [Mm]aterial)?"
_USING_NO_PLAY = re.compile(
    rf"If this card was {_SUMMONED_USING}, it cannot be destroyed by (?:battle|(?:your opponent's )?card effects|"
    r"battle or (?:your opponent's )?card effects)\."
    rf"|If this card that was {_SUMMONED_USING} (?:attacks|battles a monster), (?:it|this card) (?:gains|loses) \d+ ATK "
    r"during (?:the Damage Step|damage calculation) only\."
    rf"|If this card that was {_SUMMONED_USING} battles a monster, that monster's ATK becomes 0 during (?:the Damage "
    r"Step|damage calculation) only\.")


# MUS-5: how many times per turn an activated effect of the card may be used, by the materials of its Summon ("You can
# use this effect a number of times per turn up to the number of Normal Monsters used as Fusion Material for this
# card.", Red-Eyes Dark Dragoon; "If you control this card that was Synchro Summoned using only "Windwitch" monsters
# as material, you can use this effect up to twice per turn.", Windwitch - Diamond Bell). It changes only how often
# that effect may be used; read when pysolver lists none of the card's activated effects as a play
# (`effects.activated_effects` is empty), so the sentence decides no play pysolver lists.
_USE_TIMES = re.compile(
    r"You can use this effect a number of times per turn,? up to the number of [^.]+? used as (?:Fusion|Synchro|Xyz|"
    r"Link) Material for this card\."
    rf"|If you control this card that was {_SUMMONED_USING}, you can use this effect up to (?:twice|\d+ times) per "
    r"turn\.")


def use_times_no_play(card: Card, sentence: str) -> bool:
    """MUS-5: `sentence` sets how many times per turn an effect of `card` pysolver lists no play for may be used."""
    from .effects import activated_effects
    return bool(_USE_TIMES.fullmatch(sentence.strip())) and not activated_effects(card)


# --------------------------------------------------------------------------------------------------
# The sentences this module reads, as whole-sentence wordings for the conservative reading
# (`pysolver.cards.reading`): a card whose other rule sentences are read has no unread clause left.

def read_sentences() -> tuple[re.Pattern, ...]:
    return (re.compile(_GEMINI_NORMAL), re.compile(_GEMINI_SUMMON + r"\."),
            re.compile(r"If Summoned this way, this card cannot attack\."),   # trap_monster
            *(pattern for pattern, _ in _TOKEN_OWN), _SYNCHRO_LEVELS, _NON_TUNER, _LINK_EXTRA,
            _TUNER_SUBSTITUTE, _XYZ_LEVELS, XYZ_TREATED_LEVEL, _HAND_SYNCHRO, _ALL_LEVELS, _USING_NO_PLAY,
            _TUNER_IF_USING, _TUNER_FOR_USER)
