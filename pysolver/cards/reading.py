"""Conservative reading: every rule sentence of a card is read, or the card is unread (issue 15, item 7).

A card is *supported* only if every sentence of its text that is a rule about summoning, Tributes,
materials or what a player cannot do is read into pysolver's vocabulary by one of the readers
(`cardtext`, `effects`). Any such sentence that no reader takes makes the card *unread*: never ignored.

Which sentences are rules (`rule_sentences`): the sentences of the card's text (both the Pendulum Effect
and the monster text; the material line left out) that

* speak of summoning, Setting, Tributes, materials, attacks, the Battle Phase, or say what a player or a
  card cannot / can only / must do, or how many cards a player can have (Spatial Collapse), and
* are not part of an activated effect (a sentence with a trigger ':' or a cost ';', and the sentences
  after it that speak of what it summoned, "it" / "they" / "those monsters"): pysolver offers only the
  activations it models (`effects.activated_effects`, read from their exact wording), so what an
  unmodelled effect does is never part of a listed play (its restrictions on the turn come into the
  history: `effects.clauses` reads them, and a history that uses one it cannot read is refused), and
* are not one of the phrasings that decide nothing pysolver lists: "cannot be destroyed", "cannot be
  targeted", "cannot be negated", "in response to", the conditions for activating this card.

A rule sentence is *read* when a reader's wording covers all of it (`READ_WORDINGS`, the same regular
expressions the readers use; a wording that only covers part of the sentence does not count: Fog King's
"Tribute 1 monster, or no monsters" is not "You can Tribute N monsters").

Each unread sentence is a *lock* when it can forbid plays that do not use the card (it speaks of
players, of other monsters, or of what a player can have on the field: Spatial Collapse, Fog King's
"Neither player can Tribute cards"), else it is about the card itself. The dependency rule of partial
answers (docs/plays-json.md) uses this: a lock on an active card refuses the position; otherwise only the
plays that use the card are withheld.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import attacks, cardtext, counters, effects, extra_deck_text, locks, negations, protections, replacements, uniques, written
from .card import Card

from .sentences import Sentence, _unquoted, sentences  # noqa: F401  (re-exported: Sentence, sentences)

# --------------------------------------------------------------------------------------------------
# Which sentences are rules

_MODAL = re.compile(r"\b(?:cannot|can|must|unless|only|neither|each player|treated as|is also|instead)\b", re.I)
_RELEVANT = re.compile(r"\bSummon|\bSet\b|\bTribut|\bmaterial|\battack|\bBattle Phase\b|\bbattle position\b"
                       r"|\btarget|\bcan only control\b|\bthere can only be\b|\bcannot control\b|\bcan control only\b|\bcan have\b|\bon the field is\b|\bactivate|\bsubstitute\b"
                       r"|\bas a Tuner\b|\bPendulum Scale\b|\bplaced\b"
                       # a replacement that changes where the cards a play moves end up (Dimensional Fissure)
                       r"|\bbanished instead\b"
                       # BAN-1, BAN-2: a card's own replacement ("If this face-up card would leave the field,
                       # banish it instead."): where a Tribute or a material ends (BAN-3: "banished instead", above)
                       r"|\bbanish it instead\b", re.I)
# A card's own redirect pysolver does not read, with no modal word (where a Tribute or a material of it would end):
# "If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck." (Chaos Emperor, the
# Dragon of Armageddon): a rule, unread.
_OWN_REDIRECT = re.compile(r"\bthis (?:face-up )?(?:Special Summoned )?card leaves the field, (?:return|shuffle) it\b",
                           re.IGNORECASE)
# Phrasings that decide nothing about the plays pysolver lists; removed before the test above.
_IRRELEVANT = [re.compile(pattern, re.I) for pattern in (
    # TGX-6: with its condition ("Cannot be destroyed by battle, unless it was Special Summoned from the Extra Deck"):
    # still only a destruction, which no play pysolver lists carries out
    r"\bcannot be destroyed\b(?: by [^,.]+?)?(?:, unless it was [^,.]+)?(?=[,.]| and| or|$)",
    r"\b(?:this effect|this card's activation and effect|the activation of this card|its effects?|"
    r"this card's effects?|(?:this card's )?(?:Normal |Special |Tribute |Xyz |Synchro |Link |Fusion |Ritual )?Summon"
    r"(?: of this card)?) cannot be negated\b",
    r"\bcannot be negated\b",
    r"\b(?:your opponent )?cannot activate (?:cards|Spell/Trap Cards|Trap Cards|Spell Cards|cards or effects|"
    r"monster effects|effects)[^,.]*? in response to [^,.]+",
    r"[^.]*\bin response to\b[^.]*",          # chains: pysolver lists plays, not responses
    # TGX-7: the opponent's responses to a Summon ("Your opponent cannot activate cards or effects when you Tribute
    # Summon a monster."): pysolver lists no responses, and the opponent summons in none of the plays it lists
    r"^(?:While this card has Xyz Material, )?Your opponent cannot activate cards or effects when you (?:(?:Normal|Tribute|"
    r"Special|Fusion|Synchro|Xyz|Link|Ritual|Pendulum) (?:or (?:Normal|Tribute|Special|Fusion|Synchro|Xyz|Link|Ritual|"
    r"Pendulum) )?)?Summon an? [^.]+",
    # SCX-5: "Neither player can activate cards or effects when this card is Special Summoned." (Chaos End Ruler: the
    # engine's Duel.SetChainLimitTillChainEnd(aux.FALSE) at its EVENT_SPSUMMON_SUCCESS): only the activations at the
    # moment of that Summon; pysolver lists plays in the open game state after it, and offers no trigger effect
    r"^Neither player can activate cards or effects when this card is Special Summoned",
    # TRX-2: "Neither player can Tribute cards to activate a card or effect." (Ritual Beast Ulti-Reirautari: the engine's
    # EFFECT_CANNOT_RELEASE for REASON_COST of an activated effect): no activation pysolver lists Tributes as its cost
    # (`effects.activated_effects`: detaching, paying LP, banishing itself), and Tribute Summons, Ritual Tributes and
    # procedures' Tributes are no activation's cost
    r"^Neither player can Tribute cards to activate a card or effect",
    # TRQ-1: "If a "X" monster you control would Tribute itself to activate its effect during your opponent's turn, you
    # can banish this card ... instead." (Prank-Kids Meow-Meow-Mu: the engine's EFFECT_COST_REPLACE for its controller,
    # only while `Duel.IsTurnPlayer(1-tp)`): it replaces a cost of its controller's activations in the other player's
    # turn, i.e. the activations of the turn player's opponent, which pysolver never lists; and no activation pysolver
    # lists Tributes a monster as its cost (TRX-2)
    r"^If an? \"[^\"]*\" monster you control would Tribute itself to activate its effect during your opponent's turn, "
    r"you can banish this card(?: you control or from your GY)? instead",
    r"\b(?:you can only activate|you can only use|can only be activated|activate this card only|"
    r"can only activate|must (?:pay|have|control|reveal|discard|be in|banish)[^,.]* to activate)\b[^.]*",
    r"\b(?:must be [^.]*?|must [^.]*?) to (?:activate|resolve)[^.]*",
    r"\bto activate (?:and to resolve )?this (?:card|effect)\b",
    r"\bThis card (?:is always treated as|is also always treated as|is treated as)(?! a Tuner)[^.]*",
    r"\bYou can only use (?:each|this|the \w+) effect[^.]*",
    r"\bYou can only use [^.]*once per (?:turn|Duel)\b[^.]*",
    r"\bonce per (?:turn|Duel|Chain)\b",
    r"\bwould be destroyed\b[^.]*",
    r"\bThis effect can be activated\b[^.]*",
    r"\byou can activate (?:1|one) of these effects\b",
    r"[^.]*\bbattle damage\b[^.]*",
    r"\beffects? can only be applied\b[^.]*",
    r"\bunaffected by\b[^.]*",            # replacement effects for destruction
    r"\bYou can Ritual Summon this card with [^.]+",   # a reminder: the Ritual Spell decides (RIT)
)]
# Effect text read as a continuation of an activated effect: an imperative verb starts it.
_IMPERATIVE = re.compile(r"(?:Special Summon|Destroy|Banish|Add|Send|Shuffle|Return|Draw|Inflict|Gain|Discard|"
                         r"Target|Fusion Summon|Ritual Summon|Synchro Summon|Xyz Summon|Link Summon|Tribute|Take|"
                         r"Negate|Change|Attach|Excavate|Look|Reveal|Place|Declare|Apply|Choose|Equip|Set|Pay|"
                         r"Increase|Reduce|Skip|Toss|Roll|Flip|Move|Detach|Activate)\b")


# A card's own Level, ATK or DEF changed by how it was summoned ("If this card is Normal Summoned without
# Tributing, its Level becomes 4"; "..., but its original ATK becomes 1900"): on the field it is not the card's,
# and a position does not record it, so the card's Levels and ATK there are unknown (materials, filters).
_OWN_STATS = re.compile(r"\b(?:its|this card's) (?:original )?(?:Level|ATK|DEF)\b[^.]*\b(?:becomes?|is halved)\b"
                        r"[^.]*|\bSummon[^.]*\b(?:its|this card's) (?:original )?(?:Level|ATK|DEF)\b[^.]*\b(?:becomes?|is halved)\b", re.I)


# A sentence that rewrites another card's rule ('The "Malefic" monster effect, "There can only be 1 ..." becomes
# "..."', Malefic Territory): what the quoted rule decides changes, so it is a rule (SUMC-2), never read.
_REWRITES = re.compile(r'\beffect, "[^.]*" becomes "')


# A continuous change of battle positions worded with no modal word ("While this card is in face-up Defense Position,
# change all face-up monsters on the field to Defense Position, ...", Number 41: Bagooska the Terribly Tired Tapir): it
# decides which monsters may attack or change their position, so it is a rule, not read (docs/battle-rules.md).
_FORCED_POSITION = re.compile(r"^While [^,.]+, change all [^.]*? to (?:face-up )?(?:Attack|Defense) Position\b")


# A continuous negation of other cards' effects, imperative ("Negate all Spell effects on the field.", Silent Swordsman
# LV7; "Negate the effects of face-up monsters while your opponent controls them.", Destiny HERO - Plasma) or passive
# ("..., also their effects are negated"): pysolver does not model it (a negated card applies no lock or protection, an
# activation under it resolves to nothing), so it is a rule, never read, and a lock (it may change any play).
NEGATES = re.compile(r"^Negate (?:the effects of|all\b[^.]*\beffects\b)|\b(?:its|their|the) effects(?: \(if any\))? are "
                      r"negated\b|\bhave their effects negated\b|\bhas its effects negated\b|\beffects of [^.]* are negated\b")


def _is_rule(sentence: Sentence) -> bool:
    if sentence.activated:
        return False
    if NEGATES.search(sentence.text):
        return True
    if _IMPERATIVE.match(sentence.text):
        return False
    if _REWRITES.search(sentence.text) or _OWN_REDIRECT.search(sentence.text) or _FORCED_POSITION.search(sentence.text):
        return True
    text = _unquoted(sentence.text)
    if re.search(r"\bSummon", text) and _OWN_STATS.search(text):
        return True
    if re.search(r"\bthis turn\b|\bthe turn you activate\b|\bthe turn (?:you|this card)\b|\buntil the end of\b"
                 r"|\bthe turn this effect is activated\b|\bthe same turn you activate this\b",
                 text, re.I) and not re.search(r"\bcan also Xyz Summon\b", text):   # XYZ-4 with a condition on
        # the turn ("if a "Kashtira Shangri-Ira" has activated its effect this turn") is a summoning rule
        return False   # a restriction on the turn after an effect: effects.clauses, the history (OATH)
    for pattern in _IRRELEVANT:
        text = pattern.sub("", text)
    return bool(_RELEVANT.search(text)) and bool(_MODAL.search(text))


# A Ritual Spell's sentences after the two `cardtext.ritual_spell` reads that change what it may use
# ("you can also use "Salamangreat" monster(s) in your GY, by shuffling them into the Deck").
_RITUAL_EXTRA = re.compile(r"\balso use\b|\binstead of Tributing\b|\bas (?:a|the|1 of the) (?:Tribute|monsters? required)"
                           r"|\bTribute\b[^.]*\bfrom your (?:GY|Deck)\b|\bcan also\b", re.I)


def rule_sentences(card: Card) -> tuple[Sentence, ...]:
    if "ritual" in card.kinds and "spell" in card.kinds:
        found = [s for s in sentences(card) if not s.activated]
        return tuple(s for s in found[2:] if _RITUAL_EXTRA.search(s.text))
    if card.is_spell_trap and not card.is_monster and not card.kinds & {"continuous", "field", "equip"}:
        return ()   # its whole text is what its activation does (offered only when modelled: effects)
    return tuple(s for s in sentences(card) if _is_rule(s))


# --------------------------------------------------------------------------------------------------
# What the readers read: their wordings, each covering a whole sentence

def _wordings() -> tuple[re.Pattern, ...]:
    ct, ef = cardtext, effects
    return (
        ct._CANNOT_NORMAL, ct._REQUIRES, ct._NO_TRIBUTE, ct._ONLY_CARD, ct._OPTIONAL_TRIBUTES, ct._DOUBLE,
        ct._TRIPLE,   # TRQ-3
        ct._NO_TRIBUTE_USE, ct._NEVER_TRIBUTED, ct._NEVER_TRIBUTE_SUMMON, ct.NEVER_TRIBUTED_BY_OPPONENT, ct._NEVER_MATERIAL, ct._NEVER_MATERIAL_FOR, ct._NEVER_THE_TURN, ct._NEVER_WITH_MATERIAL, ct._ONLY_FOR,
        ct.NEVER_MATERIAL_FACE_UP,   # LKQ-13
        ct._OTHERS_NOT, ct._OTHERS_MUST, ct._ONLY_AS_SUBSTITUTE, ct._WHOLE, ct._SUBSTITUTE, ct._RITUAL_TARGET,
        ef._PROCEDURE_SENTENCE, ef.CONTACT_SENTENCE, ef.EXTRA_PROCEDURE_SENTENCE, ef.LEVEL_PAIR_SENTENCE, ef.EACH_OF_YOURS_SENTENCE, ef.NOT_FROM_GRAVEYARD, ef._SCALE_UNLESS, extra_deck_text.PENDULUM_AS_LEVEL,
        extra_deck_text.RITUAL_ONLY_WITH,
        ct.ED_GY_NEEDED,      # PRW-7: extra_deck_gy_needed (its archetype known, else the sentence is not read)
        ct.THEN_PENDULUM,     # PRW-6: pendulum_after_summon (nomi: special_summon_limit)
        ct.GUARDIAN_FUSION,   # PRW-3: fusion_material_places ("each"), and "Must first be Fusion Summoned" (semi)
        ct.SAME_ATTRIBUTE_MATERIALS,   # MAT-4: a condition added to the material line (material_requirement)
        ct.FUSED_USING,   # ALM-2: a material line written as the summoning condition (material_requirement)
        # RIT-6, RIT-10: a Ritual Spell's conditional extra monsters; a Ritual Monster's limits on its Ritual Summon
        ct.RITUAL_EXTRA_IF, ct.RITUAL_TRIBUTES_NOT, ct.RITUAL_TRIBUTES_ONLY,
        ct.RITUAL_ONLY_BY,
        # SP-2: "Must be Ritual Summoned, or Special Summoned with "X"": nomi (X's effect is not offered)
        re.compile(r'Must be Ritual Summoned, or Special Summoned with "[^"]+"\.'),
        # Gemini, Trap Monster, Token, Synchro Level and non-Tuner sentences (written: GEM, TOK, SYN-1, SYN-2);
        # a wording of theirs that written cannot read fully makes the card unread (cardtext.unsupported_reason)
        *written.read_sentences(),
        # special_summon_limit / special_summon_way (SP-2)
        re.compile(r"Cannot be Special Summoned\.", re.I),
        re.compile(r"Cannot be Special Summoned from the Extra Deck\.", re.I),
        ct.CANNOT_BE_SUMMONED_BY,   # EDL-1: "Cannot be Synchro Summoned."
        counters.SUMMON_UNLESS_COUNTERS,   # CTR-1: "... unless you have 3 or more Resonance Counters ..." (summons_refused)
        *counters.INERT,            # CTR-3, CTR-4: what applies only to cards with counters, or when a die is rolled
        re.compile(r"Must (?:first )?be (?:Fusion|Synchro|Xyz|Link|Ritual) Summoned(?: with [^.,]+)?"
                   r"(?:,? and cannot be Special Summoned by other ways)?\."),
        re.compile(r"This (?:card|monster) cannot be Normal Summoned(?:/Set| or Set)?\."),
        # "Must be Special Summoned with "X"" / "by its own effect": only by an effect pysolver does not
        # offer (never summoned here: "nomi" in special_summon_limit); "by its own Pendulum Effect", "by the
        # following effect", "by a Wyrm monster's effect": the modelled monster effects that Special Summon
        # (effects.activated_effects: a card's own GY effect, Eidos's revival) never summon a nomi monster;
        # "Must first be Special Summoned with "Max Metalmorph" that was activated by ...": semi, that card's
        # effect is not offered either
        # "with "The Claw of Hermos", using a Warrior monster" / "with "The Fang of Critias", using "Mirror Force""
        # and 'with a "Rank-Up-Magic" Spell targeting "Number 88: ..."': what that card's effect uses (not offered)
        re.compile(r"Must (?:first )?be Special Summoned (?:with|by) (?:\"[^\"]+\"(?: or \"[^\"]+\")*"
                   r"(?: that was activated by [^.]+?|,? using (?:an? [\w-]+(?: [\w-]+)? monster|\"[^\"]+\"))?"
                   r"|a \"[^\"]+\" Spell targeting \"[^\"]+\""
                   r"|its own effect|its own Pendulum Effect|the following effect"
                   r"|an? [\w-]+(?: Xyz)? [Mm]onster's effect(?: in your possession)?"
                   r"|the effect of [^.]+?)(?:,? and cannot be Special Summoned by other ways)?\."),
        re.compile(r"Must be Ritual Summoned(?: with [^.]+)?\."),
        cardtext.OWN_SET_STATS,     # SCX-6: its ATK/DEF on the field unknown (MAT-3)
        # MSC-1: "This card's original ATK/DEF each become the number of materials used for its Summon x 1000."
        # (Clorless, Chaos King of Dark World): `cardtext.own_original_stats` takes it (MAT-3), so on the field its
        # ATK and DEF are unknown and the plays that would depend on them are withheld; nothing else follows from it
        re.compile(r"This card's original ATK/DEF each become the number of materials used for its "
                   r"(?:(?:Fusion|Synchro|Xyz|Link|Special) )?Summon x \d+\."),
        cardtext.BY_CARD_EFFECT,    # "Must be Special Summoned by (a) card effect" (SUMC-1: special_summon_limit)
        cardtext.ONLY_ITS_OWN_EFFECT_OTHERWISE,   # PRY-3: "... except by its own effect" (nomi: special_summon_limit)
        cardtext._ONLY_WITH_CARD,   # "This card cannot be Special Summoned except with "X"" (SP-2, nomi)
        cardtext.ONLY_BY_SUMMON,    # "This monster can only be Special Summoned by Fusion Summon (from the Extra Deck)."
        # effects.procedure_once_per_turn, effects.clauses (CNT-1, CNT-2, NS-1), effects.limits
        re.compile(r"You can only Special Summon \"[^\"]+\" once per turn this way\."),
        # PRY-7: a Fusion Monster's Fusion Summon and own procedure together (effects._turn_clauses: summon_once_any_way)
        re.compile(r"You can only Special Summon \"[^\"]+\" once per turn this way, no matter which method you use\."),
        re.compile(r"You can only Special Summon \"[^\"]+\"(?:\(s\))? once per turn\."),
        re.compile(r"You can only (?:Fusion|Synchro|Xyz|Link) Summon \"[^\"]+\"(?:\(s\))? once per turn\."),
        re.compile(r"Each player can only Special Summon monster\(s\) once per turn while this card is face-up on "
                   r"the field\."),
        re.compile(r"Neither player can Special Summon 2 or more monsters at the same time\."),
        effects.AFTER_SUMMONED,     # ZLK-4: effects.clauses, the history
        effects.AFTER_SUMMONED_OPPONENT,   # LKP-5: effects.clauses, the history
        ef.ONLY_THE_ABOVE_MATERIALS,
        locks.NO_NEGATION,          # LKP-1: no play pysolver lists negates an activation or an effect
        locks.HAND_EFFECTS_GRANT,   # LKP-8: no play pysolver lists activates a monster's effect in the hand
        locks.QUICK_EQUIP_GRANT, locks.COST_FREE_GRANT, locks.SET_TRAP_INSTEAD,   # LKS-5: no play pysolver lists
        re.compile(r"You must control no monsters to activate this card\."),
        re.compile(r"This card can be used as any Token\."),
        re.compile(r"After you Normal Summon this card, you can Normal Summon 1 .+? during your Main Phase this turn,"
                   r" in addition to your Normal Summon/Set\."),
        # Ritual Spells: the whole text is read by cardtext.ritual_spell, or the card is unsupported
        re.compile(r"You must also (?:Tribute|send) [^.]*\."),
    )


@lru_cache(maxsize=1)
def read_wordings() -> tuple[re.Pattern, ...]:
    return tuple(p for p in _wordings() if p is not None)


# What may be left around a reader's wording: the subject it leaves out.
_RESIDUE = re.compile(r"(?:(?:This|These) (?:Token|card|monster)s?(?: in your (?:hand|field|GY)(?:, (?:hand|field|GY))*,?"
                      r"(?: or (?:hand|field|GY))?)?)?\s*(?:,? but the other (?:Fusion )?Materials?(?:\(s\))? must be correct)?", re.I)


def _covered(sentence: str, card: Card | None = None) -> bool:
    """A reader's wording covers the whole sentence (up to its final stop and surrounding space); or the
    sentence is `card`'s alternative Xyz procedure, read whole (XYZ-4: extra_deck_text.alternative_xyz,
    which reads a sentence only when its description of the monster used parses)."""
    text = sentence.strip()
    alternative = extra_deck_text.alternative_xyz(card) if card is not None else None
    if alternative is not None and alternative.text.strip() == text:
        return True
    for pattern in read_wordings():
        for match in pattern.finditer(text):
            rest = (text[:match.start()] + text[match.end():]).strip(" .")
            if _RESIDUE.fullmatch(rest):
                return True
    # several wordings in one sentence: take them out one by one
    rest = text
    for pattern in read_wordings():
        rest = pattern.sub(" ", rest)
    return not rest.strip(" .,")


def is_read(card: Card, sentence: str) -> bool:
    """A rule sentence of `card` is read: a reader's wording covers it whole (`_covered`), it is an attack
    clause `attacks` reads where it stands (BP-3..BP-14: not in a conditional bullet list), a summon lock
    `locks` reads (LCK-1), a card unique on the field (UNQ-1: `uniques`), a targeting protection or "same
    Chain" sentence (TGT, CHN-1), a Normal Summon rule `cardtext` parsed whole (NS-8..NS-11: its kind of
    Tribute or condition understood), a replacement that banishes cards instead of sending them to the GY
    (BAN-1..BAN-3: `replacements`), a face-up card's grant of an additional Normal Summon whose monsters
    parse (NS-13: `effects.normal_summon_grants`), a use count that decides no play pysolver lists (MUS-5), a
    continuous negation of monsters' effects (NGT-1: `negations`), a Monster Card's sentence that applies only
    while it is an Equip Card or a Monster Card is equipped to it (EQP-1: `cardtext.only_as_equip`), or a Tribute
    or Normal Summon sentence of docs/tribute-rules.md TRQ-2, TRQ-5, TRQ-6 (`cardtext.no_tribute_grant`,
    `pointed_summon_grant`, `hand_activation_procedure`)."""
    return sentence in attacks.attack_rules(card).sentences or _covered(sentence, card) \
        or any(lock.sentence == sentence for lock in locks.summon_locks(card)) or _read_as_protection(card, sentence) \
        or any(lock.sentence == sentence for lock in locks.activation_locks(card)) \
        or (locks.emz_lock(card) and bool(locks.EMZ_LOCK.fullmatch(sentence))) \
        or (locks.zone_lock(card) and bool(locks.ZONE_LOCK.fullmatch(sentence))) \
        or (locks.extra_deck_zone_force(card) and bool(locks.EXTRA_DECK_ZONE_FORCE.fullmatch(sentence))) \
        or any(sentence == read for read, _ in locks.hand_trap_grants(card)) \
        or (locks.no_activation_or_set(card) and bool(locks.NO_ACTIVATION_OR_SET.fullmatch(sentence))) \
        or any(sentence == read for read, _, _ in locks.gy_card_needed(card)) \
        or any(sentence == read for read, _, _ in locks.extra_deck_lead(card)) \
        or (cardtext.opponent_tributes(card) is not None and bool(cardtext.OPPONENT_TRIBUTES.fullmatch(sentence))) \
        or (cardtext.no_tribute_grant(card) is not None and cardtext.no_tribute_grant(card).sentence == sentence) \
        or (cardtext.pointed_summon_grant(card) is not None and bool(cardtext.POINTED_SUMMON.fullmatch(sentence))) \
        or (cardtext.hand_activation_procedure(card) or ("",))[0] == sentence.strip() \
        or (cardtext.fusion_gy_grant(card) is not None and bool(cardtext.FUSION_GY_GRANT.fullmatch(sentence))) \
        or uniques.read_unique(card, sentence) is not None or sentence in cardtext.read_tribute_sentences(card) \
        or _ritual_reminder(card, sentence) or sentence in replacements.read_sentences(card) \
        or any(sentence.strip() == read.strip() for read, _ in effects.normal_summon_grants(card)) \
        or (bool(_FOLLOWING_NOT_OFFERED.fullmatch(sentence.strip())) and not effects.activated_effects(card)) \
        or written.use_times_no_play(card, sentence) \
        or bool(_OPPONENTS_TURN_GRANT.fullmatch(sentence.strip())) \
        or (bool(_QUICK_IF.fullmatch(sentence.strip())) and not effects.activated_effects(card)) \
        or any(sentence == negation.sentence for negation in negations.negations(card)) \
        or cardtext.only_as_equip(card, sentence) \
        or any(sentence == read for read, _, _ in locks.equipped_locks(card))   # EQP-1, EQP-4: equips


# CTR-7: what a card lets its controller do only "during your opponent's turn": pysolver lists the plays of the turn
# player in that player's own turn, so such a grant never gives a listed play (its card's controller is then the turn
# player, in their own turn, or the other player, who makes no listed play). "While this card has material, you can
# activate a Quick-Play Spell Card or a Trap Card from your hand during your opponent's turn by detaching 1 material from
# this card at activation." (Ebon High Magician); "You can activate "Runick" Quick-Play Spell Cards from your hand during
# your opponent's turn." (Runick Fountain). (Prank-Kids Meow-Meow-Mu's cost replacement in the opponent's turn: TRQ-1.)
_OPPONENTS_TURN_GRANT = re.compile(
    r"(?:While this card has (?:Xyz )?materials?, you|You) can activate (?:a Quick-Play Spell Card or a Trap Card|"
    r"\"[^\"]+\" Quick-Play Spell Cards) from your hand during your opponent's turn"
    r"(?: by detaching 1 material from this card at activation)?\.")
# CTR-8: "This is a Quick Effect if this card has a Dragon monster as material, but cannot be activated in the Damage
# Step." (Voloferniges, the Darkest Dragon Doomrider): when the card's own effect may be activated; read only while
# pysolver offers none of the card's effects as plays (`effects.activated_effects` empty), so it decides no listed play.
_QUICK_IF = re.compile(r"This is a Quick Effect if [^.]+?(?:, but cannot be activated in the Damage Step)?\.")


# SCX-9: "This card cannot activate the following effects the turn it is Special Summoned." (Rainbow Dragon): a limit on
# the card's own effects written after it; read only while pysolver offers none of the card's effects as plays
# (`effects.activated_effects` empty), so it decides no listed play.
_FOLLOWING_NOT_OFFERED = re.compile(r"This card cannot activate the following effects the turn it is Special Summoned\.")


def _ritual_reminder(card: Card, sentence: str) -> bool:
    """RIT-10: a Ritual Monster's sentence that repeats its only Ritual Spell's requirement (Skull Guardian)."""
    return extra_deck_text.ritual_reminder_read(card, sentence)


# --- targeting protections and "same Chain" sentences (TGT, CHN-1: pysolver.cards.protections) ------------

def _read_as_protection(card: Card, sentence: str) -> bool:
    """A "cannot target ... with card effects" sentence read whole (TGT-1..TGT-6), or a "You cannot activate
    these effects in the same Chain" sentence (CHN-1: no play pysolver lists builds a Chain)."""
    return sentence in protections.read_sentences(card)


# --------------------------------------------------------------------------------------------------
# The unread clauses of a card

@dataclass(frozen=True)
class Unread:
    """One clause of a card that pysolver cannot read."""

    clause: str
    lock: bool        # it can forbid plays that do not use the card (see the module docstring)
    where: str = "card"   # "pendulum": the Pendulum Effect (applies in a Pendulum Zone)
    scope: str = "play"   # what it can decide: "play" (any play using the card), "summon" (plays that
                          # summon or move it), "attack" (attacks by or on it), "battle" (those and changes
                          # of its battle position), "target" (plays targeting it)
    only_one: str = ""    # "You can only control 1 "X"" / "1 "X" monster": the name or archetype X; while
                          # the card is face-up it decides the summons of the X cards only


_LOCK = re.compile(r"\b(?:you|your opponent|your opponent's|players?|neither player|each player|both players|"
                   r"monsters you control|monsters your opponent controls|other monsters|other cards|"
                   r"any monsters?|all monsters|cards on the field|the field)\b", re.I)
# A sentence about this card's own coming to the field ("You can only control 1 "Gagaga Magician"",
# "Must be Ritual Summoned, without using ..."): it decides only the plays that summon or move the card.
_ONLY_ITS_SUMMON = re.compile(r"\bcontrol\b|\bSummon", re.I)
_USE = re.compile(r"\bmaterial|\bTribut|\bused\b|\btreat|\bsubstitute\b|\bas 2\b", re.I)


_ONLY_ONE = re.compile(r'(?:You can only control|There can only be) 1 (?:face-up )?"([^"]+)"(?: monster| card)?'
                       r'(?: on the field)?\.')


def _scope(sentence: str) -> str:
    text = _unquoted(sentence)
    if re.search(r"\b(?:can|cannot) (?:make [^.]*attacks?|attack|declare an attack)\b", text, re.I) \
            or not re.search(r"\bSummon|\bSet\b|\bTribut|\bmaterial|\bcontrol\b|\bcan have\b|\bon the field is\b|"
                             r"\bactivate|\bplaced\b|\bTuner\b|\bsubstitute\b|\bPendulum Scale\b", text, re.I):
        if re.search(r"\bbattle positions?\b", text, re.I):
            return "battle"     # changes of battle position too (a Flip Summon is one): "cannot change ..."
        if re.search(r"\battack|\bBattle Phase\b|\bbattle\b", text, re.I):
            return "attack"
        if re.search(r"\btarget", text, re.I):
            return "target"
    return "play"


_SELF_START = re.compile(r"(?:This (?:card|monster|Token)|These Tokens|Cannot be|Must|If this card|While this card|"
                         r"For this card's|If you \w+ Summon this card)", re.I)
_SELF_ANYWHERE = re.compile(r"\byou can (?:also )?(?:Normal |Tribute |Special |Ritual |Fusion |Synchro |Xyz |Link |"
                            r"Pendulum )?Summon(?:/Set)? this (?:card|monster|face-up card)\b|\bthis card (?:in your hand|"
                            r"on the field|you control)?\s*(?:can|cannot) (?:also )?be (?:used|treated)\b|"
                            r"\b(?:treat|substitute) (?:this card|it)\b|\bYou can Tribute [^.]*?Summon[^.]* this (?:card|monster)",
                            re.I)
_OTHERS = re.compile(r"\b(?:neither player|each player|both players|players|your opponent cannot|you cannot|"
                     r"monsters you control cannot|other monsters|your opponent's monsters)\b"
                     # a subject of other cards: "Level 4 or higher monsters cannot attack" (Gravity Bind),
                     # "They cannot be Summoned" (Prohibition), "Spell Cards ... cannot be activated"
                     r"|\bthey (?:cannot|must|can only)\b|(?<!Material )\b(?:monsters|cards)\b[^.,]*?\b(?:cannot|must|can only)\b"
                     # a replacement on other cards: "Any card sent to the GY is banished instead"
                     r"|\bany (?:card|monster)\b[^.]*\binstead\b",
                     re.I)


def _is_lock(sentence: str, card: Card) -> bool:
    """A sentence that may forbid what other cards do (conservative: any sentence not clearly about
    this card alone). A sentence whose only quoted name is the card's own ("You can only control 1
    "Apollousa"") is about the card itself."""
    if NEGATES.search(sentence):
        return True
    sentence = sentence.replace(f'"{card.name}"', "this card")
    text = _unquoted(sentence)
    names = set(re.findall(r'"([^"]+?)(?:\(s\))?"', sentence))
    if names <= {card.name} and not _OTHERS.search(text.replace('""', "")):
        return False
    if (_SELF_START.match(text) or _SELF_ANYWHERE.search(text)) and not _OTHERS.search(text):
        return False
    return True


def whom(sentence: str) -> str:
    """Whom a lock restricts, from its controller's view: "opponent", "controller" or "both"."""
    text = sentence
    both = re.search(r"\b(?:neither player|each player|both players|players|any player|monsters on the field|"
                     r"cards on the field)\b", text, re.I)
    opponent = re.search(r"\byour opponent\b|\byour opponent's\b|\bthey\b", text, re.I)
    own = re.search(r"\byou\b|\byour (?!opponent)", text, re.I)
    if both or (opponent and own):
        return "both"
    if opponent:
        return "opponent"
    if own:
        return "controller"
    return "both"


@lru_cache(maxsize=None)
def unread_clauses(card: Card) -> tuple[Unread, ...]:
    """Every clause of `card` that pysolver cannot read: the readers' own refusals (a material line, a
    procedure, a Ritual Spell, a material rule, a Special Summon lock, a Pendulum Scale clause), then the
    rule sentences no reader covers. Empty: the card is supported."""
    found: list[Unread] = []
    reason = cardtext.unsupported_reason(card)
    if reason is not None:
        lock = bool(effects.unread_limit(card))
        procedure = effects.procedures(card)     # its own Special Summon: decides only the plays that summon it
        scope = "summon" if isinstance(procedure, Exception) and str(procedure) == reason else "play"
        found.append(Unread(_strip_name(reason, card), lock,
                            "pendulum" if effects.unread_limit(card) else "card", scope))
    for sentence in rule_sentences(card):
        if not is_read(card, sentence.text):
            lock = _is_lock(sentence.text, card)
            scope = _scope(sentence.text)
            only = _ONLY_ONE.fullmatch(sentence.text)
            if only:
                found.append(Unread(sentence.text, False, sentence.where, "summon", only.group(1)))
                continue
            if scope == "play" and not lock and _ONLY_ITS_SUMMON.search(sentence.text) \
                    and not _USE.search(sentence.text) and not _OWN_STATS.search(sentence.text):   # its stats: any play
                scope = "summon"
            found.append(Unread(sentence.text, lock, sentence.where, scope))
    return tuple(found)


def _strip_name(reason: str, card: Card) -> str:
    for prefix in (f"{card.name!r}: ", f"{card.name!r} "):
        if reason.startswith(prefix):
            return reason[len(prefix):]
    return reason


_FAMILIES = (
    (r"you can also Xyz Summon|can also be Xyz Summoned", "alternative Xyz Summon using a monster you control"),
    (r"Must (?:first )?be Special Summoned \(from your Extra Deck\)", "Contact Fusion (Special Summon from the "
                                                                     "Extra Deck by its own procedure)"),
    (r"If you can Pendulum Summon Level", "Pendulum Summon from the Extra Deck as a Level"),
    (r"can only control|cannot control|can only be 1", "\"You can only control 1 ...\""),
    (r"Summon [^.]* once per turn|Summoned [^.]* once per turn|once per turn[^.]* Summon", "a Summon once per turn"),
    (r"Must (?:first )?be (?:either )?(?:Special )?Summoned|Cannot be (?:Normal |Special |Link |Synchro |Xyz |"
     r"Fusion |Ritual )?Summoned (?:unless|except|from|by)|cannot be Special Summoned except",
     "a summoning condition or procedure"),
    (r"Ritual Summon", "a Ritual Summon condition"),
    (r"\btreat|\btreated as\b|as a Tuner|as a non-Tuner", "treated as another Level/Tuner for a summon"),
    (r"be used as|also use|as material|as Synchro Material|as Xyz Material|as Link Material|as Fusion Material",
     "a material clause"),
    (r"\bTribut", "a Tribute clause"),
    (r"Normal Summon|Tribute Summon", "a Normal Summon clause"),
)


def family(clause: Unread) -> str:
    """A short name for the kind of clause, for the coverage tally."""
    if clause.scope == "attack":
        return "an attack clause"
    if clause.scope == "target":
        return "a targeting clause"
    for pattern, name in _FAMILIES:
        if re.search(pattern, clause.clause, re.I):
            return name
    return "a lock on players" if clause.lock else "another rule sentence"


def unread_reason(card: Card) -> str | None:
    """Why `card` is not supported (its first unread clause), or None."""
    found = unread_clauses(card)
    if not found:
        return None
    if cardtext.unsupported_reason(card) is not None:
        return found[0].clause
    return f"unread: {family(found[0])}: {found[0].clause!r}"


@lru_cache(maxsize=None)
def reads_summon_materials(card: Card) -> bool:
    """MUS-1: the card's text reads the materials of a monster's Summon (MUS-2, MUS-3, MUS-6, TGZ-4, LKR-4, MST-2). Only
    then do those materials count in a position (`pysolver.position.canonical.materials_seen`)."""
    rules = attacks.attack_rules(card)
    return rules.used_attacks is not None or rules.used_extra is not None or rules.user_on_monsters is not None \
        or any(found.summoned_using is not None or found.scope == "used_by"       # TGZ-4
               for found in protections.protections(card).protections) \
        or any(lock.used_archetype is not None for lock in locks.activation_locks(card))   # LKR-4
