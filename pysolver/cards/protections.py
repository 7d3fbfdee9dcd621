"""Card text -> what a card's own text forbids effects to target (TGT-1..TGT-6, docs/targeting-rules.md),
and the "same Chain" sentences (CHN-1).

The wordings read, each a whole rule sentence standing alone in the card's text (not in a bullet list
after a lead, which is a condition; not the Pendulum Effect):

* who cannot target: "Your opponent cannot target X with K" (whom: "opponent", from the protecting card's
  controller's view), "Neither player can target X with K" ("both"); or passive: "X cannot be targeted by
  (your opponent's | an opponent's) K", "Cannot be targeted by ..." (X: this card);
* X, what is protected (TGT-3): "this card" ("it" after a clause about this card, "this card on the
  field"); "[other] [face-up] <monsters> you control [, except this one]" and "<"Name"> in your Monster
  Zone(s)" (the monsters its controller controls that match the requirement-language phrase: its
  controller's side); "[face-up] <monsters> on the field" (either side); "them"/"they" after a clause whose
  subject is such a phrase;
* K, whose effects (TGT-4): "card effects" (any card), "monster effects", "Spell/Trap effects",
  "Spell/Trap Cards or effects", "Spell Cards or effects", "Trap Cards or effects", "Trap or monster
  effects", "monster effects or Trap effects";
* a leading "While this card is in your Monster Zone," or "While this card is face-up on the field," on a
  monster (TGT-2: where its text applies anyway); the conditions "While this card has (Xyz) Material," /
  "... while it has Xyz Material", ", except during your Main Phase 2", ", except during the Battle Phase"
  (TGT-2, in `Protection`);
* EDL-4: "While this Xyz Summoned card is in your Monster Zone," / "While you control this Fusion Summoned card,",
  'While you control "X",', "While your LP are higher than your opponent's," (in `Protection`);
* PRC-2: a leading condition of the position that `pysolver.cards.presence` reads ("While you control another
  "Darklord" monster, ", "If another Insect monster is on the field, ", "While a Field Spell is face-up on the
  field, "); PRC-3: '<monsters> you control, except "X"' (not the monsters named X);
* joined by ", also" / ", and" to "... cannot be destroyed by [your opponent's | your] card effects" (or
  "Cannot be targeted or destroyed by ...", "cannot be targeted by, or destroyed by, ..."): TGT-6, no play
  pysolver lists destroys a card by a card effect, so that part constrains nothing; PRC-4: "... by battle" (or "by
  battle or card effects"): pysolver resolves no battle, so that part constrains nothing either.

TGX-1..TGX-5: "<monsters> this card points to" (a Link Monster), "cards in the Field Zones", "this card(,) or <B>" /
"<A>, or this card on the field" (each half its own protection), "monsters on the field with the same Attribute as this
card", "cards in their field, GY, or banishment", "the effects of <monsters>" as whose effects (`source`), "target or
destroy"; the leads "While there are 2 cards in the Field Zones, " and "If you have a(n) <monster> in your GY, "
(`pysolver.cards.presence`).

Anything else about targets stays unread (`pysolver.cards.reading`): other conditions ("While you control
...", "during your Main Phase 1", "the turn they are Special Summoned"), other
exceptions ("except "Traptrix Rafflesia""), Spells/Traps or cards in the GY as what is protected, effects of
"monsters Special Summoned from the Extra Deck", "this Xyz Summoned card", equipped monsters, attack targets
(`pysolver.cards.attacks`), "cannot be destroyed by battle".

CHN-1: "You cannot activate these effects (of "X") in the same Chain." / "You cannot activate the following
effects of "X" in the same Chain.": pysolver never builds a Chain (each activation it lists is made with no
Chain open and resolves before the next play; it lists no responses), so the sentence forbids no play it
lists; it is read as such.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .card import Card
from .presence import read_lead
from .requirements import ANY, And, Atom
from .sentences import _parts, _split, attached_count_bullets, sentences, used_count_bullets

ALL_KINDS = frozenset({"monster", "spell", "trap"})
_KINDS = {
    "card effects": ALL_KINDS,
    "monster effects": frozenset({"monster"}),
    "Spell/Trap effects": frozenset({"spell", "trap"}),
    "Spell/Trap Cards or effects": frozenset({"spell", "trap"}),
    "Spell/Trap Cards": frozenset({"spell", "trap"}),
    "Spell Cards or effects": frozenset({"spell"}),
    "Trap Cards or effects": frozenset({"trap"}),
    "Trap or monster effects": frozenset({"monster", "trap"}),
    "monster effects or Trap effects": frozenset({"monster", "trap"}),
    "Spells, Traps, or card effects": ALL_KINDS,
}
_KIND = "|".join(re.escape(k) for k in sorted(_KINDS, key=len, reverse=True))


@dataclass(frozen=True)
class Protection:
    """One "cannot target" clause of a card's text (TGT-1..TGT-5)."""

    whom: str                 # "opponent" (the opponent of the card's controller) | "both"
    kinds: frozenset          # whose effects it stops: activated cards of these kinds (monster, spell, trap)
    scope: str                # "self" (this card) | "own" (its controller's monsters) | "field" (any monster on the field)
                              # | "points" (the monsters this Link Monster points to, TGT-10, TGX-1) | "cards" (every card
                              # on the field: monsters, Spells/Traps, Pendulum Scales, TGT-10) | "field_zones" (the cards
                              # in either Field Zone, TGX-2) | "same_attribute" (the monsters on the field of this card's
                              # Attribute, TGX-3) | "their_cards" (the cards of its controller's opponent on the field, in
                              # the GY and banished, TGX-3) | "own_co_linked" (its controller's monsters that are
                              # co-linked, LKQ-1) | "used_by" (the monster, face-up on the field, whose
                              # Summon of the kind `summoned_as` used this card as material, TGZ-4: the effect this card
                              # gave it, applying even while that monster's effects are negated) | "graveyards" (every
                              # card in either GY, CNB-4)
    filter: object = None     # own/field: the monsters protected (pysolver.cards.requirements term)
    face_up: bool = False     # "face-up <monsters>": face-up ones only
    other: bool = False       # "other <monsters>" / ", except this one": not the card itself
    needs_material: bool = False   # "While this card has (Xyz) Material, ..." / "... while it has Xyz Material"
    except_phase: tuple = ()  # (phase, whose): ", except during your Main Phase 2" (main2, own: its controller's),
                              # ", except during the Battle Phase" (battle, any)
    summoned_as: str | None = None   # EDL-4: "While this Xyz Summoned card is ...": it came by that Summon
    controls_named: object = None    # EDL-4: 'While you control "Call of the Haunted"': a filter naming the card
    lp_higher: bool = False          # EDL-4: "While your LP are higher than your opponent's"
    presence: object = None          # PRC-2: while the position shows such a card (presence.Presence)
    except_named: object = None      # PRC-3: ', except "X"' after "<monsters> you control": not a card named X
    summoned_using: object = None    # MUS-6: "If this card was Link Summoned using <F> as material, ...": one material of
                                     # its Summon (the position's record, MUS-1) matches this filter (with summoned_as)
    materials_at_least: int = 0      # CNB-4: "● N+: ..." under "... based on the number of materials attached to it": only
                                     # while N materials are attached to it
    used_count: int = 1              # CNB-2: "● N+: ..." under "... based on the number of <F> used for its Summon": N
                                     # materials of its record match summoned_using
    source: object = None            # TGX-4: "the effects of <monsters>": only the effects of activated monsters of that
                                     # kind (kinds is then {"monster"})
    except_own: bool = False         # LKP-9: ", except its own": not against the protecting card's own effects
    emz_unlinked: bool = False       # BPN-6: "If this card in the Extra Monster Zone points to no monsters, ...": only
                                     # while it is in an Extra Monster Zone and no monster is in a zone it points to
    in_emz: bool = False             # LKQ-8: "While this card is in the Extra Monster Zone, ...": only there
    own_atk: tuple = ()              # TGZ-6: "While this Link Summoned card has 3000 or less ATK, ...": ("le", 3000), its
                                     # ATK on the field (the printed one: a position records no change, MAT-3)
    source_special: bool = False     # LKQ-2: "with effects of Special Summoned monsters, except those Special Summoned
                                     # from the GY": only the effects of activated monsters on the field that were
                                     # Special Summoned, not from the GY (kinds is then {"monster"})


@dataclass(frozen=True)
class Protections:
    """The targeting protections a card's text gives, and the sentences read (reading.py stops reporting
    them as unread)."""

    protections: tuple[Protection, ...] = ()
    sentences: frozenset = frozenset()

    def __bool__(self) -> bool:
        return bool(self.protections)


_CONDITION = re.compile(r"^While this card (?:is (?:in your Monster Zone|face-up on the field)|(?P<material>has (?:Xyz )?"
                        r"[Mm]aterials?)), ")
# EDL-4: the conditions a position decides: how this card was Summoned (`summoned_as`), a face-up card of a name
# its controller controls, the Life Points.
_SUMMONED = re.compile(r"^While (?:this (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned (?:card|monster) is (?:in your "
                       r"Monster Zone|on the field|face-up on the field)|you control this (?P<kind2>Fusion|Synchro|Xyz|"
                       r"Link|Ritual) Summoned card), ")
# TGZ-6: "While this Link Summoned card has 3000 or less ATK, " (Giant Beetrooper Invincible Atlas: the engine's condition
# `c:IsLinkSummoned() and c:IsAttackBelow(3000)`)
_SUMMONED_ATK = re.compile(r"^While this (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned card has (?P<value>\d+) or "
                           r"(?P<op>less|more) ATK, ")
_EMZ_UNLINKED = re.compile(r"^If this card in the Extra Monster Zone points to no monsters, ")   # BPN-6
_CONTROLS_NAMED = re.compile(r'^While you control (?P<name>"[^"]+"), ')
# MUS-6: "If this card was <K> Summoned using <F> as material, <protection of it>" (Black Luster Soldier - Soldier of
# Chaos, Mannadium Prime-Heart): while it came by that Summon with such a material (docs/material-rules.md)
_SUMMONED_USING = re.compile(r"^If this card was (?P<kind>Fusion|Synchro|Xyz|Link) Summoned using (?P<what>an? [^,]+?) as "
                             r"material, ")
_LP_HIGHER = re.compile(r"^While your LP are higher than your opponent's, ")
_MATERIAL_AFTER = re.compile(r" while it has (?:Xyz )?[Mm]aterials?$")
_EXCEPT_PHASE = re.compile(r", except during (?P<whose>your|the) (?P<phase>Main Phase 2|Battle Phase)$")
_PHASES = {"Main Phase 2": "main2", "Battle Phase": "battle"}
_CONJUNCT = re.compile(r", (?:also|and) (?=[a-zA-Z])")
_SELF = r"(?:this card(?: on the field)?|it)"
_ACTIVE = re.compile(rf"^(?P<who>[Yy]our opponent cannot|[Nn]either player can) target(?: or destroy)? (?P<what>.+?) with "
                     rf"(?P<kind>{_KIND})(?P<except>, except this (?:one|card))?(?P<own>, except its own)?$")
# TGX-4: "the effects of <monsters>" ("of Level 6 or lower monsters", "of Effect Monsters"): monster effects of such cards
_SOURCE = r"the effects of (?P<source>[^,]+? (?:monsters|Monsters))"
# LKP-9: "Neither player can target this Xyz Summoned card with monster effects, except its own." (Borreload eXcharge
# Dragon): this card, while it came by that Summon, against monster effects other than its own.
# LKQ-8: "While this card is in the Extra Monster Zone, it gains 500 ATK for every other Link Monster in the field and GYs,
# also your opponent cannot target it with card effects." (Decode Talker Integration): the gain of ATK makes its ATK
# unknown on the field (MAT-3, `cardtext.own_original_stats`); the protection applies while it is in an Extra Monster Zone
_EMZ_GAIN = re.compile(r"^While this card is in the Extra Monster Zone, it gains \d+ ATK for every other Link Monster in "
                       r"the field and GYs, also (?P<who>your opponent cannot|neither player can) target it with card effects$")
# LKQ-2: "Neither player can target this card with effects of Special Summoned monsters, except those Special Summoned from
# the GY." (The Zombie Vampire)
_SPECIAL_SOURCE = re.compile(r"^(?P<who>Your opponent cannot|Neither player can) target this card with effects of Special "
                             r"Summoned monsters, except those Special Summoned from the GY$")
# TGZ-4: "Your opponent cannot target a Synchro Monster that used this card as material with monster effects." (Deep Sea
# Prima Donna: at EVENT_BE_MATERIAL with REASON_SYNCHRO it gives the Synchro Monster EFFECT_CANNOT_BE_EFFECT_TARGET, value
# `re:IsActiveType(TYPE_MONSTER) and rp ~= its controller`, reset when it leaves the field or is turned face-down)
_USED_BY = re.compile(rf"(?P<who>Your opponent cannot|Neither player can) target an? (?P<kind>Synchro) Monster that used "
                      rf"this card as material with (?P<with>{_KIND})")
_SUMMONED_SELF = re.compile(r"\bthis (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned card\b")
_PASSIVE = re.compile(rf"^(?P<what>.+? )?(?P<verb>[Cc]annot be targeted(?: or destroyed|, or destroyed|)) by,? "
                      rf"(?:(?P<whose>your opponent's |an opponent's |the opponent's )?(?P<kind>{_KIND})|{_SOURCE})$")
_PASSIVE_BOTH = re.compile(rf"^(?P<what>.+? )?[Cc]annot be targeted by, or destroyed by, "
                           rf"(?:(?P<whose>your opponent's |an opponent's )?(?P<kind>{_KIND})|{_SOURCE})$")
# TGX-1: "<monsters> this card points to" ("monsters", "WATER monsters", "a Winged Beast monster(s)")
_POINTED = re.compile(r"^(?:an? )?(?P<phrase>.+?) this card points to$")
# TGX-3: "A or B" as what is protected: "this card or <B>", "this card, or <B>", "<A>, or this card on the field"
_EITHER = (re.compile(r"^(?P<a>this card),? or (?P<b>.+)$"), re.compile(r"^(?P<a>.+), or (?P<b>this card on the field)$"))
# TGT-6; PRC-4: "by battle", "by battle or (your opponent's) card effects" (no play listed destroys by battle)
_DESTROY = re.compile(r"^(?P<what>.+? )?[Cc]annot be destroyed by (?:battle(?: or (?:your opponent's |your )?card effects)?|"
                      r"(?:your opponent's |your )?card effects)$")
_OWN = re.compile(r"^(?P<other>[Oo]ther )?(?P<face>[Ff]ace-up )?(?P<phrase>.+?) you control(?:(?P<except>, except this "
                  r"(?:one|card))|, except (?P<exname>\"[^\"]+\"),?)?$")
# TGZ-2: "<monsters> you control with N or more (less) ATK (DEF)" (Starliege Photon Blast Dragon: the engine's target
# `Card.IsAttackAbove(2000)` over its controller's Monster Zones, face-down monsters too)
_OWN_STAT = re.compile(r"(?P<phrase>(?:monsters|Monsters|[^,]+? (?:monsters|Monsters))) you control (?P<stat>with \d+ or "
                       r"(?:more|less) (?:ATK|DEF))")
_IN_ZONE = re.compile(r"^(?P<phrase>\"[^\"]+\") in your Monster Zones?$")
_FIELD = re.compile(r"^(?P<face>[Ff]ace-up )?(?P<phrase>.+?) on the field$")
_MONSTERS = re.compile(r"(?:monsters|Monsters)$")
# PRC-5: "<BP-8 clause>, also <protection>": the attack half, which pysolver.cards.attacks reads (BP-8, PRC-1)
ATTACK_SELF = re.compile(r"(?:Your opponent's monsters|Monsters your opponent controls|Your opponent|Monsters) cannot target "
                         r"this card for attacks|This card cannot be targeted for an attack")   # the second: BPX-21;
#                                                                                      "Monsters": LKQ-6
# LKQ-10: "<monsters your opponent controls> cannot target <kind> monsters for attacks, also <protection>" (Tenyi Spirit -
# Sahasrara: "Effect Monsters"; pysolver.cards.attacks reads it)
ATTACK_KIND = re.compile(r"(?:Your opponent's monsters|Monsters your opponent controls) cannot target (?P<what>[^,]+? "
                         r"(?:monsters|Monsters))(?: you control)? for attacks")   # "you control": TGZ-3


# TRQ-4 (docs/tribute-rules.md): "Your opponent's monsters cannot target for attacks, and your opponent cannot target with
# card effects, any monsters you control, except "X"." (Egyptian God Slime: EFFECT_CANNOT_SELECT_BATTLE_TARGET on the
# opponent's monsters and EFFECT_CANNOT_BE_EFFECT_TARGET with EFFECT_FLAG_SET_AVAILABLE on its controller's monsters, both
# `c:GetCode() ~= id`): the effect half is TGT-3/PRC-3's 'your opponent cannot target monsters you control, except "X"
# with card effects' (face-down monsters too); pysolver.cards.attacks reads the attack half.
GUARD_ALL_BUT = re.compile(r"Your opponent's monsters cannot target for attacks, and your opponent cannot target with "
                           r"card effects, any monsters you control, except (?P<name>\"[^\"]+\")\.")


def card_kind_filter(found) -> bool:
    """LKQ-10: a filter on a kind of card only ("Effect Monsters": the engine's `c:IsFaceup() and c:IsType(...)`); other
    descriptions (an archetype: Gogogo Aristera & Dexia, Harpie's Pet Phantasmal Dragon) stay unread."""
    return isinstance(found, Atom) and found.key == "kind"


# TGT-7: "<BP-10 clause about the monsters you control>, also <protection>" (pysolver.cards.attacks reads it, BPX-20)
ATTACK_OTHERS = re.compile(r"(?:Your opponent's monsters|Monsters your opponent controls) cannot target (?:other monsters "
                           r"you control for attacks|monsters you control for attacks, except this one|monsters for "
                           r"attacks, except this one)")     # the last: BP-10's own wording (TGT-10)


def _filter(phrase: str):
    from .material_lines import parse_filter
    if phrase in ("monsters", "Monsters"):
        return ANY
    if not _MONSTERS.search(phrase) or re.search(r"\b(?:that|which|whose|with|from|points?|linked)\b", phrase):
        return None     # only a kind of monster in the requirement language, nothing about its state
    try:
        return parse_filter(phrase)
    except ValueError:
        return None


def _what(what: str, subject):
    """X -> (scope, filter, face_up, other), or None when it is not a form read. `subject`: what "it",
    "they" and "them" name (from the other clause of the sentence)."""
    what = what.strip()
    if what.lower() == "it":     # "it" names this card only after a clause or a condition about this card
        return ("self", None, False, False) if subject == "self" else None
    if re.fullmatch(_SELF, what, re.I):
        return ("self", None, False, False)
    if what in ("them", "they", "those monsters", "those cards"):
        return subject if isinstance(subject, tuple) else None
    if what == "co-linked monsters you control":     # LKQ-1: its controller's monsters that are co-linked
        return ("own_co_linked", ANY, False, False)
    # LKP-4 (docs/lock-rules.md): "Spells/Traps you control" (its controller's Spell and Trap Cards on the field, face-up
    # or Set); 'other "X" cards you control' (its controller's face-up X cards on the field, of any card type, not
    # itself); "<monsters> you control[,] that were Special Summoned from the Extra Deck / the GY[,]" (face-up ones)
    if what == "Spells/Traps you control":
        return ("own_spell_trap", ANY, False, False)
    named = re.fullmatch(r'"(?P<archetype>[^"]+)" Spells/Traps you control', what)   # face-up ones of the archetype
    if named:
        from .material_lines import default_archetypes
        code = default_archetypes().get(named.group("archetype"))
        return None if code is None else ("own_spell_trap", Atom("archetype", "=", code, named.group("archetype")),
                                          True, False)
    cards = re.fullmatch(r'(?P<other>[Oo]ther )?"(?P<archetype>[^"]+)" cards you control', what)
    if cards:
        from .material_lines import default_archetypes
        code = default_archetypes().get(cards.group("archetype"))
        if code is None:
            return None
        return ("own_cards", Atom("archetype", "=", code, cards.group("archetype")), True, bool(cards.group("other")))
    summoned = re.fullmatch(r"(?P<other>[Oo]ther )?(?P<phrase>.+?) you control,? that were Special Summoned from the "
                            r"(?P<place>Extra Deck|GY),?", what)
    if summoned:
        found = _filter(summoned.group("phrase"))
        if found is None:
            return None
        place = Atom("summoned", "=", "from_extra_deck" if summoned.group("place") == "Extra Deck" else "from_graveyard")
        return ("own", place if found == ANY else And((found, place)), True, bool(summoned.group("other")))
    stat = _OWN_STAT.fullmatch(what)
    if stat:                                        # TGZ-2: "<monsters> you control with 2000 or more ATK"
        found, bound = _filter(stat.group("phrase")), _filter_name("monsters " + stat.group("stat"))
        if found is None or bound is None:
            return None
        return ("own", bound if found == ANY else And((found, bound)), False, False)
    own = _OWN.fullmatch(what)
    if own and own.group("exname"):                 # PRC-3: ', except "X"': not the monsters named X
        excepted = _filter_name(own.group("exname"))
        found = _filter(own.group("phrase"))
        if excepted is None or found is None or own.group("other") or own.group("face"):
            return None
        return ("own", found, bool(own.group("face")), False, excepted)
    if own:
        phrase = own.group("phrase")
        named = re.fullmatch(r'any ("[^"]+")', phrase)   # 'any "Summoned Skull" you control': cards of that name
        found = _filter_name(named.group(1)) if named else _filter("Tuner monsters" if phrase == "Tuners" else phrase)
        if found is None:
            return None
        return ("own", found, bool(own.group("face")), bool(own.group("other") or own.group("except")))
    pointed = _POINTED.fullmatch(what)
    if pointed:                                     # TGX-1: the monsters, of either player, in a zone it points to
        phrase = re.sub(r"(monster|Monster)\(s\)$", r"\1s", pointed.group("phrase"))
        found = _filter(phrase)
        return None if found is None else ("points", found, False, False)
    if what == "cards in the GYs":                  # CNB-4: every card in either GY
        return ("graveyards", ANY, False, False)
    if what == "cards in the Field Zones":          # TGX-2: the cards in either Field Zone, face-down too
        return ("field_zones", ANY, False, False)
    if what == "monsters on the field with the same Attribute as this card":    # TGX-3
        return ("same_attribute", ANY, False, False)
    if what == "cards in their field, GY, or banishment":                       # TGX-3
        return ("their_cards", ANY, False, False)
    zone = _IN_ZONE.fullmatch(what)
    if zone:
        found = _filter_name(zone.group("phrase"))
        return None if found is None else ("own", found, False, False)
    field = _FIELD.fullmatch(what)
    if field:
        found = _filter(field.group("phrase"))
        return None if found is None else ("field", found, bool(field.group("face")), False)
    return None


def _material_filter(phrase: str):
    """MUS-6: a kind of card as a material line says it ("a "Mannadium" Tuner"), or None."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    try:
        return parse_filter(phrase)
    except UnsupportedMaterialLine:
        return None


def _filter_name(phrase: str):
    from .material_lines import parse_filter
    try:
        return parse_filter(phrase)
    except ValueError:
        return None


def _subject_of(conjunct: str):
    """The subject of a clause, as `_what` reads it: "self", a (scope, ...) tuple, or None."""
    for pattern in (_DESTROY, _PASSIVE, _PASSIVE_BOTH):
        match = pattern.fullmatch(conjunct)
        if match:
            what = (match.group("what") or "this card").strip()
            if what.lower() == "it":
                return None
            if re.fullmatch(_SELF, what, re.I):
                return "self"
            return _what(what, None)
    if ATTACK_SELF.fullmatch(conjunct):      # PRC-5, BPX-21: the attack half is about this card ("it" after it)
        return "self"
    match = _ACTIVE.fullmatch(conjunct)
    if match:
        what = _what(match.group("what"), None)
        if what is not None and match.group("except"):
            what = what[:3] + (True,)
        return "self" if what and what[0] == "self" else what
    return None


def read_sentence(sentence: str, card: Card):
    """One rule sentence -> its protections (a tuple, maybe empty: a sentence about destruction only is not
    one of these), or None when it is not a form read whole."""
    text = sentence.strip().rstrip(".")
    if card.is_monster and (guard := GUARD_ALL_BUT.fullmatch(sentence.strip())):     # TRQ-4: the effect half
        text = f"Your opponent cannot target monsters you control, except {guard.group('name')} with card effects"
    used_by = _USED_BY.fullmatch(text) if card.is_monster else None
    if used_by:                                # TGZ-4: on the monster whose Summon used this card as material
        kind = used_by.group("kind").lower()
        whom = "opponent" if used_by.group("who").startswith("Your opponent") else "both"
        return (Protection(whom, _KINDS[used_by.group("with")], "used_by", Atom("kind", "=", kind), summoned_as=kind),)
    from .locks import COLUMN_LOCK
    if sentence.strip() == COLUMN_LOCK and card.is_monster:     # LKQ-11: its protection (locks.py reads the summon half)
        from .presence import THEIR_COLUMN
        return (Protection("opponent", ALL_KINDS, "self", presence=THEIR_COLUMN),)
    # PRC-2: while the position shows such a card (EDL-4's "While this Xyz Summoned monster is on the field, " is not
    # one: TGZ-2)
    lead = (None, text) if _SUMMONED.match(text) else read_lead(text, card)
    if lead is None:
        return None
    presence, text = lead
    emz = _EMZ_GAIN.fullmatch(text) if presence is None and "link" in card.kinds else None
    if emz:                                    # LKQ-8: this card, while in an Extra Monster Zone
        from .cardtext import own_original_stats
        if not own_original_stats(card):
            return None
        whom = "opponent" if emz.group("who").startswith("your opponent") else "both"
        return (Protection(whom, ALL_KINDS, "self", in_emz=True),)
    special = _SPECIAL_SOURCE.fullmatch(text) if presence is None and card.is_monster else None
    if special:                                # LKQ-2: this card, against effects of monsters Special Summoned, not from the GY
        whom = "opponent" if special.group("who").startswith("Your opponent") else "both"
        return (Protection(whom, frozenset({"monster"}), "self", source_special=True),)
    if card.is_monster and "link" in card.kinds and presence is None:      # TGT-9: "this linked card" (IsLinkState)
        linked = re.sub(r"\b([Tt])his linked card\b", r"\1his card", text)
        if linked != text:
            from .presence import LINKED
            presence, text = LINKED, linked
            if text == "This card cannot be targeted by your opponent's card effects, or their monsters' attacks":
                text = "This card cannot be targeted by your opponent's card effects"   # BPX-24 reads the attack half
    # the card's own name is "this card", except in an exception (', except "X"': every card of that name)
    text = re.sub(rf'(?<!except )"{re.escape(card.name)}"', "this card", text)
    summoned_as, controls_named, lp_higher, summoned_using = None, None, False, None
    own_atk: tuple = ()
    # BPN-6: "If this card in the Extra Monster Zone points to no monsters, it ..." (Mekk-Knight Spectrum Supreme: the
    # condition `GetSequence() > 4 and GetLinkedGroupCount() == 0`): "it" is this card
    emz_unlinked = False
    if presence is None and "link" in card.kinds and (lead_match := _EMZ_UNLINKED.match(text)):
        emz_unlinked = True
        text = re.sub(r"\bit\b", "this card", text[lead_match.end():])
        text = text[0].upper() + text[1:]
    if card.is_monster and presence is None:              # EDL-4
        summoned, named, lp = _SUMMONED.match(text), _CONTROLS_NAMED.match(text), _LP_HIGHER.match(text)
        inside = _SUMMONED_SELF.search(text)
        using = _SUMMONED_USING.match(text)
        with_atk = _SUMMONED_ATK.match(text)
        if with_atk:                                      # TGZ-6: its printed ATK (none changed by its own text)
            from .cardtext import own_original_stats
            kind = with_atk.group("kind").lower()
            if kind not in card.kinds or card.atk is None or own_original_stats(card):
                return None
            own_atk = ("le" if with_atk.group("op") == "less" else "ge", int(with_atk.group("value")))
            summoned_as, text = kind, "While this card is in your Monster Zone, " + text[with_atk.end():]
        elif using:                                       # MUS-6
            kind = using.group("kind").lower()
            # TGZ-5: "a Level 7 or higher monster(s)": one such material at least (the engine's `g:IsExists(filter, 1, nil)`)
            summoned_using = _material_filter(re.sub(r"(monster|Monster)\(s\)$", r"\1", re.sub(r"^an? ", "", using.group("what"))))
            if kind not in card.kinds or summoned_using is None or summoned_using == ANY:
                return None
            summoned_as, text = kind, "While this card is in your Monster Zone, " + text[using.end():]
        elif inside and not summoned and text.endswith(", except its own") and not _CONJUNCT.search(text):   # LKP-9
            if inside.group("kind").lower() not in card.kinds:
                return None
            summoned_as, text = inside.group("kind").lower(), text[:inside.start()] + "this card" + text[inside.end():]
        elif summoned:
            kind = (summoned.group("kind") or summoned.group("kind2")).lower()
            if kind not in card.kinds:
                return None
            summoned_as, text = kind, "While this card is in your Monster Zone, " + text[summoned.end():]
        elif named:
            controls_named = _filter_name(named.group("name"))
            if controls_named is None:
                return None
            text = text[named.end():]
            text = text[0].upper() + text[1:]
        elif lp:
            lp_higher, text = True, text[lp.end():]
            text = text[0].upper() + text[1:]
    condition = _CONDITION.match(text)
    needs_material = False
    if condition:
        if not card.is_monster:
            return None
        needs_material = bool(condition.group("material"))
        text = text[condition.end():]
        text = text[0].upper() + text[1:]
    after = _MATERIAL_AFTER.search(text)
    if after and card.is_monster and not needs_material and not _CONJUNCT.search(text):
        needs_material, text = True, text[:after.start()]
    except_phase: tuple = ()
    phase = _EXCEPT_PHASE.search(text)
    if phase and not _CONJUNCT.search(text):
        except_phase = (_PHASES[phase.group("phase")], "own" if phase.group("whose") == "your" else "any")
        if except_phase[0] == "battle" and phase.group("whose") == "your":
            return None
        text = text[:phase.start()]
    conjuncts = _CONJUNCT.split(text)
    if len(conjuncts) > 2:
        return None
    # what "it" / "they" name: the subject of the other clause; after "While this card ...", this card (ALM-3: "While this
    # card points to a monster, neither player can target it ..., also it cannot be destroyed ...", Steelswarm Origin:
    # the lead's subject, this card; the engine gives the card itself EFFECT_CANNOT_BE_EFFECT_TARGET)
    self_lead = condition or (presence is not None and presence.where == "points")
    subjects = [_subject_of(c) or ("self" if self_lead else None) for c in conjuncts]
    found: list[Protection] = []
    targeting = False
    for k, conjunct in enumerate(conjuncts):
        other_subject = subjects[1 - k] if len(conjuncts) == 2 else ("self" if self_lead else None)
        if _DESTROY.fullmatch(conjunct):
            match = _DESTROY.fullmatch(conjunct)
            what = (match.group("what") or "this card").strip()
            if _what(what, other_subject) is None:
                return None
            continue
        active, passive = _ACTIVE.fullmatch(conjunct), _PASSIVE.fullmatch(conjunct) or _PASSIVE_BOTH.fullmatch(conjunct)
        whats = []
        except_own = False
        if active and active.group("own"):          # LKP-9: only this card, against monster effects
            if active.group("what") != "this card" or active.group("except") or \
                    _KINDS[active.group("kind")] != frozenset({"monster"}):
                return None
            except_own = True
        if active:
            whom = "opponent" if active.group("who").lower().startswith("your opponent") else "both"
            said = active.group("what")
            if said.endswith(",") and any(e.fullmatch(said[:-1]) for e in _EITHER):
                said = said[:-1]        # "this card, or <B>, with card effects"
            either = next((m for m in (e.fullmatch(said) for e in _EITHER) if m), None)
            for part in ((either.group("a"), either.group("b")) if either else (said,)):   # TGX-3: "A or B": both
                what = _what(part, other_subject)
                if part == "that monster" and presence is not None and presence.where == "points":
                    what = ("points", presence.filter, True, False)   # TGT-10: the face-up monsters it points to
                elif part == "other cards on the field":
                    what = ("cards", ANY, False, True)                # TGT-10: every other card on the field
                if what is None:
                    return None
                if active.group("except"):
                    if what[0] == "self" or either:
                        return None
                    what = what[:3] + (True,) + tuple(what[4:])
                whats.append(what)
        elif passive:
            whom = "opponent" if passive.group("whose") else "both"
            what = _what((passive.group("what") or "this card"), other_subject)
            if what is None:
                return None
            whats.append(what)
        elif k == 0 and len(conjuncts) == 2 and card.is_monster and (
                ATTACK_SELF.fullmatch(conjunct) or ATTACK_OTHERS.fullmatch(conjunct)) and not (
                needs_material or except_phase or summoned_as or lp_higher or condition):
            continue            # PRC-5, TGT-7: the BP-8 / BP-10 half (pysolver.cards.attacks reads it)
        elif k == 0 and len(conjuncts) == 2 and card.is_monster and (kind := ATTACK_KIND.fullmatch(conjunct)) and \
                card_kind_filter(_filter_name(kind.group("what"))) and not (
                except_phase or summoned_as or lp_higher or controls_named is not None or summoned_using is not None
                or emz_unlinked) and (not condition or (condition.group("material") and presence is None)):
            continue            # LKQ-10: the attack half on a kind of monster (pysolver.cards.attacks reads it); TGZ-3:
            #                     also after "While this card has Xyz Material, "
        elif k == 1 and len(conjuncts) == 2 and card.is_monster and summoned_as and \
                conjunct == "their monsters cannot target monsters for attacks, except this one" and not (
                needs_material or except_phase or lp_higher or presence is not None):
            continue            # LKQ-9: "<protection>, also <BP-10>" while Summoned so (pysolver.cards.attacks reads it)
        elif k == 1 and len(conjuncts) == 2 and card.is_monster and ATTACK_SELF.fullmatch(
                conjunct[:1].upper() + conjunct[1:]) and not (
                needs_material or except_phase or summoned_as or lp_higher or condition):
            continue            # TGT-10: "<protection>, also <the BP-8 half>" (pysolver.cards.attacks reads it)
        else:
            return None
        match = active or passive
        source = None
        if match.group("kind"):
            kinds = _KINDS[match.group("kind")]
        else:                       # TGX-4: "the effects of <monsters>": monster effects of activated monsters of that kind
            kinds, source = frozenset({"monster"}), _filter(match.group("source"))
            if source is None or source == ANY:
                return None
        for scope, found_filter, face_up, other, *excepted in whats:
            if scope == "points" and "link" not in card.kinds:
                return None         # only a Link Monster points to zones
            found.append(Protection(whom, kinds, scope, found_filter, face_up, other, needs_material, except_phase,
                                    summoned_as, controls_named, lp_higher, presence, excepted[0] if excepted else None,
                                    source=source, except_own=except_own, emz_unlinked=emz_unlinked,
                                    summoned_using=summoned_using, own_atk=own_atk))
        targeting = True
    return tuple(found) if targeting else None


def _standalone(card: Card):
    """The sentences of the card's own text (not the Pendulum Effect) that stand alone: not in a bullet
    list after a lead (a condition), nor part of an activated effect."""
    rules = {s.text for s in sentences(card) if s.where == "card" and not s.activated}
    for where, paragraph in _parts(card):
        if where != "card":
            continue
        for number, bullet in enumerate(paragraph.split("●")):
            if number > 0:
                continue
            for sentence in _split(bullet.strip()):
                sentence = sentence.strip()
                if sentence in rules:
                    yield sentence


def _gained(card: Card):
    """TGT-11: (bullet sentence, condition) for each rule sentence in the bullet list of a monster's "While <condition>,
    this card gains these effects." (a condition pysolver.cards.presence reads)."""
    from .presence import GAINS_WHILE
    from .sentences import bullets
    if not card.is_monster:
        return
    rules = {s.text for s in sentences(card) if s.where == "card" and not s.activated}
    for sentence, lead in bullets(card):
        if lead and sentence in rules and (match := GAINS_WHILE.fullmatch(lead)):
            yield sentence, match.group("cond")


# CNB-2: Nephthys' "● 3: Neither player can target this card with card effects, also it gains another 1200 ATK.": the gain
# is read by STM-1 only with "gains 1200 ATK" of its "● 2+" bullet (a position holds no ATK: either leaves it unknown)
_ANOTHER_ATK = re.compile(r", also it gains another \d+ ATK\.$")


def _used_count_protection(card: Card, count: int, plus: bool, kind: str, what: str, body: str):
    """CNB-2: the protection of a bullet "● N+: ..." after "... based on the number of <F> used for its <K> Summon":
    MUS-6's "If this card was <K> Summoned using a <F> as material, ..." with N such materials; "● N:" only where no
    Summon uses more (a Link-N Monster), so it is "N+". None when not such a protection."""
    from .cardtext import stat_changes
    if "target" not in body or not card.is_extra_deck or kind not in card.kinds \
            or not (plus or (kind == "link" and card.link_rating == count)):
        return None
    if tail := _ANOTHER_ATK.search(body):
        if not stat_changes(card):
            return None
        body = body[:tail.start()] + "."
    one = re.sub(r"(monster|Monster)s$", r"\1", what)
    result = read_sentence(f"If this card was {kind.capitalize()} Summoned using a {one} as material, "
                           f"{body[:1].lower()}{body[1:]}", card)
    if not result or not all(p.summoned_using is not None and p.summoned_as == kind for p in result):
        return None
    return tuple(replace(p, used_count=count) for p in result)


@lru_cache(maxsize=None)
def protections(card: Card) -> Protections:
    """The targeting protections of `card`'s text (TGT-1..TGT-6). A monster's apply while it is face-up on
    the field with its effects applying; a Continuous or Field Spell/Trap's while face-up in its zone."""
    if not card.is_monster and not card.kinds & {"continuous", "field"}:
        return Protections()
    found: list[Protection] = []
    read: set[str] = set()
    for sentence in _standalone(card):
        if "target" not in sentence:
            continue
        result = read_sentence(sentence, card)
        if result:
            found.extend(result)
            read.add(sentence)
    for sentence, (count, body) in attached_count_bullets(card).items():   # CNB-4: "● N+:" by the materials attached
        result = read_sentence(body, card) if "target" in body and "xyz" in card.kinds else None
        if result and all(not p.needs_material and p.scope in ("self", "graveyards") for p in result):
            found.extend(replace(p, materials_at_least=count) for p in result)
            read.add(sentence)
    for sentence, bullet in used_count_bullets(card).items():     # CNB-2: "● N+: <protection>" by the count used
        result = _used_count_protection(card, *bullet)
        if result:
            found.extend(result)
            read.add(sentence)
    for sentence, cond in _gained(card):      # TGT-11: a bullet under "While <condition>, this card gains these effects."
        if "target" not in sentence:
            continue
        result = read_sentence(f"{cond}, {sentence[:1].lower()}{sentence[1:]}", card)
        if result and all(p.presence is not None for p in result):
            found.extend(result)
            read.add(sentence)
    return Protections(tuple(dict.fromkeys(found)), frozenset(read))


# CHN-1
SAME_CHAIN = re.compile(r"You cannot activate (?:these effects|the following effects|these effects of \"[^\"]+\"|"
                        r"the following effects of \"[^\"]+\"|each of these effects of \"[^\"]+\") in the same Chain\.")


def read_sentences(card: Card) -> frozenset:
    """The rule sentences of `card` read here: its protections and its "same Chain" sentences (CHN-1)."""
    chain = {s.text for s in sentences(card) if SAME_CHAIN.fullmatch(s.text)}
    return protections(card).sentences | frozenset(chain)
