"""Card text -> replacement effects that banish a card instead of sending it to the GY (docs/replacement-rules.md).

The wordings read, each a whole sentence:

* BAN-1 "If this face-up card would leave the field, banish it instead." (Dark Magician of Chaos, Exodius the
  Ultimate Forbidden Lord, the "Floowandereeze &" monsters, Shell/Core of Chaos, Cockadoodledoo): this card,
  face-up in a Monster Zone, is banished face-up whenever it leaves the field by being sent to the GY (a
  Tribute, a Fusion/Synchro/Link/Ritual Material, a cost) or shuffled into the Deck; it cannot be sent to the GY
  as a cost (the engine's `is_capable_cost_to_grave`). Becoming an Xyz Material is no sending: it is attached.
* BAN-2 "If this card is an Xyz Material and would be sent to the GY, banish it instead." (Gimmick Puppet
  Shadow Feeler): this card, attached, is banished whenever it is sent to the GY (detached as a cost, or with
  its Xyz Monster leaving the field, or when that Xyz Monster becomes a material itself).

Everything else that banishes "instead" stays unread (pysolver.cards.reading): the field-wide replacements
("Any card sent to the GY is banished instead": Macro Cosmos, Dimensional Fissure, Banisher of the Light, Masked
HERO Dark Law, ...) change which costs can be paid and where every card of a play ends, and are not modelled;
"If this card is destroyed by battle, banish it instead" and "If a card effect would send this card to the GY
from the hand or Deck" (Destiny HERO - Departed) speak of what a play does not decide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .card import Card
from .sentences import sentences

LEAVES = re.compile(r"If this face-up card would leave the field, banish it instead\.")
OVERLAY = re.compile(r"If this card is an Xyz Material and would be sent to the GY, banish it instead\.")


@dataclass(frozen=True)
class BanishInstead:
    """One read replacement: `kind` "leaves" (BAN-1) or "overlay" (BAN-2), and the sentence it reads."""

    kind: str
    sentence: str


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
    return tuple(found)


def banished_on_leaving(card: Card) -> bool:
    """BAN-1: the face-up card is banished whenever it leaves the field."""
    return any(r.kind == "leaves" for r in banish_instead(card))


def banished_from_overlay(card: Card) -> bool:
    """BAN-2: as an Xyz Material, the card is banished whenever it is sent to the GY."""
    return any(r.kind == "overlay" for r in banish_instead(card))


def read_sentences(card: Card) -> tuple[str, ...]:
    return tuple(r.sentence for r in banish_instead(card))
