"""Card text -> data for the mechanics a card writes into its own text about its kind and its state
(RULES.md GEM-1..3, TOK-1, TOK-2): Gemini monsters, Trap Monsters, and the restrictions an effect puts
on the monsters it Special Summons.

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

_GEMINI = re.compile(r"^This card is treated as a Normal Monster while face-up on the field or in the GY\. While "
                     r"this card is (?:a Normal Monster|face-up) on the field, you can Normal Summon it to have it "
                     r"(?:become|be treated as) an Effect Monster with (?:this effect|these effects)")


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
    position = match.group("position")
    return TrapMonster(match.group("kind").lower(), position.lower() if position else None)


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
            if pattern.fullmatch(rest) or pattern.fullmatch(f"{rest}"):
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
    from .effects import _sentences, _starts_effect, _text
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


def unread_reason(card: Card) -> str | None:
    """Why one of the card's activations is not offered (TOK-1), or None."""
    from .effects import _effects_as_read
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
