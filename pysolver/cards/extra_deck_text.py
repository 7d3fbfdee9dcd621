"""Summoning procedures that Extra Deck monsters write in their own text (issue 15, item 3).

Read here, each from its exact wording:

* PEN-1 with a Level: "If you can Pendulum Summon Level N, you can Pendulum Summon this face-up card
  in/from your Extra Deck" (Odd-Eyes Rebellion Dragon, Magician of Hope): the face-up Pendulum Xyz
  Monster, which has a Rank and no Level, may be Pendulum Summoned from the Extra Deck as if its Level
  were N (a Level strictly between the two Pendulum Scales).

* RIT-1 for one Ritual Spell only: "This card can only be Ritual Summoned with the Ritual Spell Card,
  "X"" (Shinato, King of a Higher Plane): no other Ritual Spell may summon it.

The other procedures of item 3 (Xyz Summons "by using 1 X monster you control", Contact Fusions, a Link
Monster treated as a Level for an Xyz Summon, an opponent's monster as Link Material) are not read yet:
`pysolver.cards.reading` reports them unread, so the plays they decide are withheld, never guessed.
"""

from __future__ import annotations

import re
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
