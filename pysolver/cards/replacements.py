"""Card text -> replacement effects that banish cards instead of sending them to the GY (docs/replacement-rules.md).

The wordings read, each a whole sentence outside activated effects and Pendulum Effects:

* BAN-1 "If this face-up card would leave the field, banish it instead." (Dark Magician of Chaos, Exodius the
  Ultimate Forbidden Lord, the "Floowandereeze &" monsters, Shell/Core of Chaos, Cockadoodledoo);
* BAN-2 "If this card is an Xyz Material and would be sent to the GY, banish it instead." (Gimmick Puppet
  Shadow Feeler);
* BAN-3 "[While this card is face-up on the field / in the Extra Monster Zone, ]any card|monster sent [from the
  field / from the hand or Main Deck ]to the|your|your opponent's GY is banished instead." (Macro Cosmos,
  Dimensional Fissure, Banisher of the Light, Masked HERO Dark Law, Chaos Distill, Herald of the Arc Light,
  Virtual World Kyubi - Shenshen, Invoked Oceanus, ...), on a monster (not a Gemini or Pendulum Monster) or a
  Continuous/Field Spell or Continuous Trap.

What they do (and BAN-4, the costs they forbid) is in docs/replacement-rules.md. Also read here (docs/procedure-rules.md,
SCY-1): "If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck." (Chaos Emperor,
the Dragon of Armageddon), a leave-the-field redirect to the bottom of the Deck. Everything else that banishes
"instead" stays unread (pysolver.cards.reading): a condition the position cannot decide ("If this card is Level 7
or higher", "during your opponent's turn", "If Summoned this way", "except ..."), a destruction ("destroyed by
battle"), "If a card effect would send this card ..." (Destiny HERO - Departed), bullet choices.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .card import Card
from .sentences import sentences

LEAVES = re.compile(r"If this face-up card would leave the field, banish it instead\.")
FIELD_WIDE = re.compile(r"(?:While this card is (?P<where>face-up on the field|in the Extra Monster Zone), a|A)ny "
                        r"(?P<what>card|monster) sent (?:from (?P<source>the field|the hand or Main Deck) )?"
                        r"to (?P<gy>the|your|your opponent's) GY is banished instead\.")
OVERLAY = re.compile(r"If this card is an Xyz Material and would be sent to the GY, banish it instead\.")
# CTR-5: "Any Xyz Material detached from a monster is banished instead of going to the GY." (Bazoo the Soul-Devourer):
# BAN-3's field-wide kind whose cards are the Xyz Materials detached (source "detached"): the engine's
# EFFECT_TO_GRAVE_REDIRECT of a card in the overlay, except one lost with its Xyz Monster (REASON_LOST_TARGET: the Xyz
# Monster left the field, or became an Xyz Material by a normal Xyz Summon)
DETACHED = re.compile(r"Any Xyz Material detached from a monster is banished instead of going to the GY\.")
# CTR-6: "While this card has material, neither player can send cards from the Deck to the GY, and any card that returns
# from the GY to the hand is banished instead." (Stellarknight Constellar Diamond: the engine's EFFECT_CANNOT_TO_GRAVE on
# both Decks, EFFECT_CANNOT_DISCARD_DECK on both players and EFFECT_TO_HAND_REDIRECT from the GYs, while it has an Xyz
# Material): a lock on the plays that send cards from the Deck to the GY; no play pysolver lists returns a card from the
# GY to the hand, so the replacement takes none
DECK_TO_GY_LOCK = re.compile(r"While this card has (?:Xyz )?materials?, neither player can send cards from the Deck to "
                             r"the GY, and any card that returns from the GY to the hand is banished instead\.")
# SCY-1: the engine's EFFECT_LEAVE_FIELD_REDIRECT with LOCATION_DECKBOT, given by its Special Summon.
DECK_BOTTOM = re.compile(r"If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck\.")


@dataclass(frozen=True)
class BanishInstead:
    """One read replacement: `kind` "leaves" (BAN-1), "overlay" (BAN-2) or "field" (BAN-3), and the sentence it
    reads. For BAN-3, which cards it banishes: `what` "card" | "monster"; `gy` "any" (either GY) | "own" (its
    controller's) | "opponent" (the other player's); `source` "any" | "field" | "hand_deck" (the hand or the
    Main Deck) | "detached" (CTR-5: an Xyz Material detached, as a cost); `where` the card applies it from: "field" (face-up on the field) | "emz" (face-up in an Extra
    Monster Zone)."""

    kind: str
    sentence: str
    what: str = "card"
    gy: str = "any"
    source: str = "any"
    where: str = "field"


@cache
def banish_instead(card: Card) -> tuple[BanishInstead, ...]:
    """The replacements of `card`'s own text that pysolver reads (BAN-1, BAN-2), outside activated effects and
    outside a Pendulum Effect (which applies in a Pendulum Zone: none of these wordings is one)."""
    found = []
    for sentence in sentences(card):
        if sentence.activated or sentence.where != "card":
            continue
        if LEAVES.fullmatch(sentence.text) and card.is_monster:
            found.append(BanishInstead("leaves", sentence.text))
        elif OVERLAY.fullmatch(sentence.text) and card.is_monster:
            found.append(BanishInstead("overlay", sentence.text))
        elif (wide := FIELD_WIDE.fullmatch(sentence.text)) and _applies_on_the_field(card):
            where = "emz" if wide.group("where") == "in the Extra Monster Zone" else "field"
            if where == "emz" and not card.is_monster:
                continue
            found.append(BanishInstead(
                "field", sentence.text, what=wide.group("what"),
                gy={"the": "any", "your": "own", "your opponent's": "opponent"}[wide.group("gy")],
                source={None: "any", "the field": "field", "the hand or Main Deck": "hand_deck"}[wide.group("source")],
                where=where))
        elif DETACHED.fullmatch(sentence.text) and card.is_monster and _applies_on_the_field(card):   # CTR-5
            found.append(BanishInstead("field", sentence.text, source="detached"))
    return tuple(found)


def _applies_on_the_field(card: Card) -> bool:
    """BAN-3: a continuous effect that applies while the card is face-up on the field -- a monster's (not a
    Gemini's, whose effects depend on its Gemini Summon), a Continuous or Field Spell's, a Continuous Trap's."""
    if card.is_monster:
        return "gemini" not in card.kinds and "pendulum" not in card.kinds
    return bool(card.kinds & {"continuous", "field"})


@cache
def field_wide(card: Card) -> tuple[BanishInstead, ...]:
    """BAN-3: the card's field-wide replacements."""
    return tuple(r for r in banish_instead(card) if r.kind == "field")


def banished_on_leaving(card: Card) -> bool:
    """BAN-1: the face-up card is banished whenever it leaves the field."""
    return any(r.kind == "leaves" for r in banish_instead(card))


def banished_from_overlay(card: Card) -> bool:
    """BAN-2: as an Xyz Material, the card is banished whenever it is sent to the GY."""
    return any(r.kind == "overlay" for r in banish_instead(card))


@cache
def deck_bottom_on_leaving(card: Card) -> str | None:
    """SCY-1: the sentence of a Main Deck monster's own text (outside activated effects and a Pendulum Effect)
    "If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck.", or None."""
    if not card.is_monster or card.kinds & {"fusion", "synchro", "xyz", "link", "token"}:
        return None
    for sentence in sentences(card):
        if not sentence.activated and sentence.where == "card" and DECK_BOTTOM.fullmatch(sentence.text):
            return sentence.text
    return None


@cache
def deck_to_gy_lock(card: Card) -> str | None:
    """CTR-6: the sentence of an Xyz Monster's own text (outside activated effects) that forbids both players to send
    cards from the Deck to the GY while it has material, or None."""
    if "xyz" not in card.kinds:
        return None
    for sentence in sentences(card):
        if not sentence.activated and sentence.where == "card" and DECK_TO_GY_LOCK.fullmatch(sentence.text):
            return sentence.text
    return None


def read_sentences(card: Card) -> tuple[str, ...]:
    bottom = deck_bottom_on_leaving(card)
    lock = deck_to_gy_lock(card)
    return tuple(r.sentence for r in banish_instead(card)) + ((bottom,) if bottom else ()) + ((lock,) if lock else ())
