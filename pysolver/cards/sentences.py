"""A card's text as sentences, each marked whether it belongs to an activated effect (issue 15).

Shared by `pysolver.cards.reading` (conservative reading) and `pysolver.cards.cardtext` (material
clauses of activated effects are about the monsters they summon, not the card itself).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .card import Card

_SENTENCE_END = re.compile(r"(?<=[.)])\s+(?=[A-Z(●\"])")


def _parts(card: Card) -> list[tuple[str, str]]:
    """(where, paragraph): "pendulum" for the Pendulum Effect, "card" for the rest; the material line
    (the first line of an Extra Deck monster's text) left out."""
    text = card.text.replace("\r\n", "\n").replace("Graveyard", "GY")
    out: list[tuple[str, str]] = []
    if "[ Pendulum Effect ]" in text:
        head, _, rest = text.partition("[ Pendulum Effect ]")
        pendulum, _, monster = rest.partition("[ Monster Effect ]")
        if not monster and "----" in pendulum:   # some texts separate the parts with a line of dashes
            pendulum, _, monster = pendulum.partition("----")
        pendulum = re.sub(r"-{3,}", "", pendulum)
        out.extend(("pendulum", line) for line in pendulum.split("\n"))
        text = head + "\n" + monster
    lines = text.split("\n")
    if card.materials and lines and lines[0].strip() == card.materials.strip():
        lines = lines[1:]
    out.extend(("card", line) for line in lines)
    return [(where, " ".join(line.split())) for where, line in out if line.strip()]


@dataclass(frozen=True)
class Sentence:
    text: str
    where: str          # "card" | "pendulum" (the Pendulum Effect, which applies in a Pendulum Zone)
    activated: bool     # part of an activated effect (see the module docstring)


def sentences(card: Card) -> tuple[Sentence, ...]:
    """The card's sentences, each marked whether it belongs to an activated effect."""
    out = []
    lead = None              # the last sentence outside a bullet so far: the lead of the bullets after it
    lead_in_effect = False   # that lead is an activated effect's (ATQ-3: its count-labelled bullets are part of it)
    for where, paragraph in _parts(card):
        in_effect = False
        for number, bullet in enumerate(paragraph.split("●")):
            of_turn_effect = number > 0 and _is_turn_lead(lead, where)    # LKS-1
            for k, sentence in enumerate(_split(bullet.strip())):
                sentence = sentence.strip()
                if not sentence:
                    continue
                body = sentence
                if number > 0 and k == 0 and (label := _COUNT_LABEL.match(sentence)):
                    if lead_in_effect:      # what an activated effect does for that count: part of it
                        in_effect = True
                        out.append(Sentence(sentence, where, True))
                        continue
                    body = sentence[label.end():]   # a rule the card gains for that count: read on its own
                starts = (bool(re.search(r"[:;]", _unquoted(body))) and not body.startswith("Must")) \
                    or bool(_OLD_TRIGGER.match(body))
                if starts or of_turn_effect:
                    in_effect = True
                elif in_effect and not _FOLLOW_ON.match(sentence):
                    in_effect = False
                out.append(Sentence(sentence, where, in_effect))
                if number == 0:     # "This card gains effects based on the number of ...:": a rule, colon or not
                    lead = out[-1]
                    lead_in_effect = in_effect and not _GAINS_LEAD.search(sentence)
    return tuple(out)


# LKS-1: the lead of the bullets an activated effect applies until the end of the turn ("...: You can apply 1 of the
# following effects to this card, until the end of this turn.", Groza, Tyrant of Thunder; "You can Tribute 1 other
# monster; apply 1 of these effects until the end of this turn."): each bullet is what that effect applies when it
# resolves, for that turn only (the history's activation: `turn_effects`).
_TURN_LEAD = re.compile(r"\bapply (?:1|one) of (?:these|the following) effects(?: to this card)?,? until the end of this "
                        r"turn\.$")


def _is_turn_lead(lead: Sentence | None, where: str) -> bool:
    return lead is not None and lead.activated and lead.where == where == "card" and bool(_TURN_LEAD.search(lead.text))


# LKS-1, LKS-4: what an activated effect lets a card do or forbids for the rest of the turn that no reader applies
# from the history: a bullet of LKS-1 that says what a player or a card can, cannot or must do, and "..., this card
# can make a second attack during this Battle Phase" of an effect (Vector Scare Archfiend; the engine's
# EFFECT_EXTRA_ATTACK reset at the end of the Battle Phase). It lasts this turn only, so only an activation in this
# turn's history (`this_turn.events`) can have applied it; such an event is refused (`effects.clauses`).
_TURN_EFFECT = re.compile(r"\b(?:can|cannot|must)\b")
_THIS_BATTLE_PHASE = re.compile(r"\b(?:can|cannot|must)\b[^.]*\bduring this Battle Phase\b")


def turn_effects(card: Card) -> tuple[str, ...]:
    """LKS-1, LKS-4: the sentences of the card's activated effects that apply something for the rest of the turn
    which no reader applies (an event of the card in the history is refused)."""
    activated = {s.text for s in sentences(card) if s.activated and s.where == "card"}
    found = [sentence for sentence, lead in bullets(card)
             if lead and lead in activated and _TURN_LEAD.search(lead) and _TURN_EFFECT.search(_unquoted(sentence))]
    found.extend(text for text in sorted(activated) if _THIS_BATTLE_PHASE.search(text) and text not in found)
    return tuple(found)


# ATQ-3: the count label of a bullet ("● 3: Neither player can target this card with card effects, ...", after "This card
# gains effects based on the number of Ritual Monsters used for its Link Summon."): its colon is no activation's. After
# a lead that is an activated effect the bullet is what that effect does; after a rule sentence it is a rule of its own.
_COUNT_LABEL = re.compile(r"\d+\+?\s*:\s*")
_GAINS_LEAD = re.compile(r"\bgains? (?:these|the following) effects?\b|\beffects?(?: \(s\))? based on the number of\b")


def _split(text: str) -> list[str]:
    """Sentences, never split inside a quoted name ("D.D. Jet Iron") or parentheses ("(min. 1)")."""
    protected, depth, quoted = [], 0, False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif char == "(" and not quoted:
            depth += 1
        elif char == ")" and not quoted and depth:
            depth -= 1
        protected.append("\0" if char == "." and (quoted or depth) else char)
    return [part.replace("\0", ".") for part in _SENTENCE_END.split("".join(protected))]


def _unquoted(sentence: str) -> str:
    return re.sub(r'"[^"]*"', '""', sentence)


# Triggers written before Problem-Solving Card Text ("When this card is Synchro Summoned, you can ..."; TGX-9: "Once
# per turn, you can select 1 monster your opponent controls, and change its battle position.", "If this card is
# destroyed by ..., you can select 1 ... in your GY and Special Summon it.").
# and ignition effects whose cost is written "You can Tribute this card to add ..." (Woodland Archer).
# LPC-1: also after "Once per turn, " ("Once per turn, you can discard 1 card to select 1 ... from your GY, and Special
# Summon it.", Genex Ally Axel: the engine's EFFECT_TYPE_IGNITION with its cost).
_OLD_TRIGGER = re.compile(r"When\b|(?:Once per turn, |If this card is [^,]+, )you can select \d+ [^.:;]*?,? and "
                          r"(?:change its battle position|Special Summon it(?: in face-down Defense Position)?)\.$|(?:Once per turn, y|Y)ou can (?:Tribute|discard|send|banish|remove|pay) [^.;:]*? to (?!Normal Summon|"
                          r"Tribute Summon|Special Summon this card|Set this card)(?:add|Special Summon|destroy|draw|"
                          r"inflict|target|select|make|have|gain|return|look|change|equip|negate|discard)\b"   # discard: TRX-3
                          # PRW-9: 'You can Special Summon "Super Robolady" by returning this card from the field to the
                          # Extra Deck.' (Super Roboyarou; the engine's EFFECT_TYPE_IGNITION): an ignition effect
                          r'|You can Special Summon "[^"]+" by returning this card from the field to the Extra Deck\.$'
                          # LKS-2: old wordings of an optional trigger at the end of the Battle Phase (Gladiator Beast
                          # Gaiodiaz, Multiple Piece Golem: the engine's EFFECT_TYPE_TRIGGER_O at EVENT_PHASE+PHASE_BATTLE)
                          # and of a Quick Effect in the Damage Step (Dragunity Knight - Gae Bulg: EFFECT_TYPE_QUICK_O with
                          # EFFECT_FLAG_DAMAGE_STEP, condition PHASE_DAMAGE)
                          r"|At the end of the Battle Phase, if this card attacked or was attacked, you can (?:return|shuffle) "
                          r"it (?:in)?to the (?:Extra )?Deck\b"
                          r"|If this card attacks or is attacked, during the Damage Step you can remove from play\b")

# A sentence that goes on with what an activated effect does ("It cannot attack this turn.", "Those
# monsters cannot be used as material.") rather than starting a rule of the card.
_FOLLOW_ON = re.compile(r"(?:It|They|That monster|Those monsters|Those cards|That card|The monster|The monsters|"
                        r"\(|These Tokens|This Token|The Tokens?|Also|Then|Otherwise|Its|Their|If you do|If it does|If they do|For the rest of this turn|"
                        r"During the End Phase|Until the end of|You cannot .* (?:this turn|the turn you activate))\b"
                        # what the effect before targets, changed on a condition ("If this card was Fusion Summoned
                        # using ..., you can target up to 3 cards your opponent controls instead.")
                        r"|If [^:;]*?, you can target [^:;]*? instead\.$"
                        # LKS-3: what the effect before Special Summoned ("The Special Summoned Gemini monster is treated
                        # as an Effect Monster, and gains its effect.", Black Brutdrago)
                        r"|The Special Summoned (?:\w+ )?monsters?\b"
                        # LPC-1: what it does to the monster it Special Summoned ("The ATK of that monster is doubled
                        # until the End Phase, but it cannot attack your opponent directly.", Genex Ally Axel)
                        r"|The (?:ATK|DEF|ATK/DEF|ATK and DEF) of that monster\b"
                        # LKS-4: a condition on what the effect before did ("If you Special Summon to your opponent's field
                        # by this effect, this card can make a second attack during this Battle Phase", Vector Scare Archfiend)
                        r"|If you Special Summon [^:;]*? by this effect, "
                        # PRW-9: the condition of such an ignition effect (the engine's spcon: not the turn it came out)
                        r"|You cannot use this effect during the same turn this monster is Special Summoned\.$")


# CNB-1: a bullet "● N+: <rule>" after the lead "This card gains effects based on the number of materials attached to
# it." (Number 86: Heroic Champion - Rhongomyniad; the engine: each bullet's condition `GetOverlayCount() >= N`): the
# rule of its body while at least N materials are attached to the card (a position's Monster.materials).
_ATTACHED_LEAD = re.compile(r"\bgains effects based on the number of (?:Xyz )?materials attached to it\.$")
_AT_LEAST = re.compile(r"(?P<n>\d+)\+\s*:\s*")


def attached_count_bullets(card: Card) -> dict[str, tuple[int, str]]:
    """CNB-1: {bullet sentence: (N, its body)} for each "● N+: ..." after a lead counting the attached materials."""
    out = {}
    for sentence, lead in bullets(card):
        if lead and _ATTACHED_LEAD.search(lead) and (label := _AT_LEAST.match(sentence)):
            out[sentence] = (int(label.group("n")), sentence[label.end():])
    return out


# CNB-2: a bullet "● N+: <rule>" (or "● N: <rule>") after a lead counting the materials of a description its Summon used:
# "This card gains effects based on the number of Ritual Monsters used for its Link Summon." (Nephthys, the Sacred
# Flame), "Gains these effects based on the number of Dinosaur monsters used as Fusion Material for this card." (GMX -
# COMPREX; the engine: EFFECT_MATERIAL_CHECK counts them, the Summon's success registers each bullet's effect).
_USED_LEAD = re.compile(r"(?:This card gains effects|Gains these effects) based on the number of (?P<what>[^.]+?) used "
                        r"(?:for its (?P<kind>Fusion|Synchro|Xyz|Link) Summon|as (?P<kind2>Fusion|Synchro|Xyz|Link) "
                        r"Material for this card)\.")
_COUNTED = re.compile(r"(?P<n>\d+)(?P<plus>\+?)\s*:\s*")


def used_count_bullets(card: Card) -> dict[str, tuple[int, bool, str, str, str]]:
    """CNB-2: {bullet sentence: (N, "N+" or exactly "N", Summon kind, what is counted, its body)}."""
    out = {}
    for sentence, lead in bullets(card):
        if lead and (used := _USED_LEAD.fullmatch(lead)) and (label := _COUNTED.match(sentence)):
            kind = (used.group("kind") or used.group("kind2")).lower()
            out[sentence] = (int(label.group("n")), bool(label.group("plus")), kind, used.group("what"),
                             sentence[label.end():])
    return out


# CNB-5: a bullet "● N+: <rule>" after 'Gains the following effects, based on the number of "X" cards you control.'
# (Virtual World Tiger - Fufu; the engine: each bullet's condition counts the face-up cards of archetype X on its
# controller's field)
_CONTROL_LEAD = re.compile(r'(?:This card gains effects|Gains (?:the following|these) effects),? based on the number of '
                           r'"(?P<archetype>[^"]+)" cards you control\.')


def control_count_bullets(card: Card) -> dict[str, tuple[int, bool, str, str]]:
    """CNB-5: {bullet sentence: (N, "N+" or exactly "N", the archetype counted, its body)}."""
    out = {}
    for sentence, lead in bullets(card):
        if lead and (control := _CONTROL_LEAD.fullmatch(lead)) and (label := _COUNTED.match(sentence)):
            out[sentence] = (int(label.group("n")), bool(label.group("plus")), control.group("archetype"),
                             sentence[label.end():])
    return out


def bullets(card: Card):
    """(sentence, lead) for each sentence of the monster text: lead None outside a bullet list, else the sentence
    before the list's first bullet ("" when there is none). (BPX-17, BPX-26, TGT-11)"""
    before = ""            # the last sentence outside a bullet so far: the lead of the bullets after it
    for where, paragraph in _parts(card):
        if where != "card":
            continue
        for number, bullet in enumerate(paragraph.split("●")):
            found = [sentence.strip() for sentence in _split(bullet.strip()) if sentence.strip()]
            for sentence in found:
                yield sentence, (before if number > 0 else None)
            if number == 0 and found:
                before = found[-1]
