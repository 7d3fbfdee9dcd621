"""CTR: sentences about counters and dice, read from what a position never holds and what no listed play does
(docs/replacement-rules.md, CTR-1..CTR-4).

A position holds no counters: the position format has no key for them (docs/position-format.md; unknown keys are
errors), `Monster` and `SpellTrap` (pysolver.position.value) have no field for them, the puzzle reader refuses
`Debug.PreAddCounter`, and no play pysolver lists places one (`apply` carries out only Summons, costs and the
modelled activations' revivals and Tokens: `effects.activated_effects`). No listed play rolls a die either. So a
condition that needs counters is never met, an amount per counter is 0, and what applies only to cards with counters
or when a die is rolled applies to nothing.
"""

from __future__ import annotations

import re

# A kind of counter: "Resonance Counters", "A-Counters", "a Predator Counter", "counter", "Spell Counter(s)"; never a
# "Counter Trap Card".
_COUNTER = r"(?:[A-Z][\w]*(?:-| ))?[Cc]ounters?(?:\(s\))?(?! Trap)"

# CTR-1: "Cannot be Link Summoned unless you have 3 or more Resonance Counters on Fiend Monster Card(s) in your Pendulum
# Zone." (Zebufera, Vaalmonican Hallow Heathen; Duralume, Vaalmonican Heathen Hallow: the engine's EFFECT_SPSUMMON_COST
# that refuses a Link Summon unless such a card has the counters): never met, so that kind of Summon never brings the
# card out (EDL-1's `cardtext.summons_refused`); other ways stay open.
SUMMON_UNLESS_COUNTERS = re.compile(r"\bCannot be (Fusion|Synchro|Xyz|Link|Ritual|Pendulum) Summoned unless you have "
                                    rf"[1-9]\d* or more {_COUNTER} on [^.]+\.")

# CTR-2: a procedure's cost that needs a card with counters or removes counters ("Tributing 1 monster on either field
# with a Predator Counter and 1 "Predaplant" monster you control", Predaplant Dheadevil; "removing 4 Ice Counters from
# anywhere on the field", Snowdust Dragon): no card has one, so the procedure is never available (`effects.procedures`
# leaves it out). Read only when the cost has no alternative (" or ").
_COUNTER_COST = re.compile(rf"\bwith (?:an?|[1-9]\d*(?: or more)?) {_COUNTER}|\bremoving [1-9]\d* {_COUNTER}")


def cost_needs_counters(cost: str) -> bool:
    """CTR-2: the cost of a procedure needs counters, with no other way to pay it."""
    return bool(_COUNTER_COST.search(cost)) and " or " not in cost


# CTR-3: an amount per counter is 0. "This card gains 2500 ATK for each counter on it during the Battle Phase only."
# (Firewall Dragon Darkfluid): no change at all, so it is no continuous change of ATK/DEF either (STM-1:
# `cardtext.stat_changes` leaves such a change out).
PER_COUNTER_CHANGE = re.compile(rf"\b(?:gains?|loses?) \d[\d,]* (?:ATK|DEF)(?:/DEF| and DEF)? for each {_COUNTER}"
                                r"(?: on (?:it|this card|them|the field|your field|that card))?"
                                r"(?: during the Battle Phase only)?")

# CTR-3, CTR-4: whole sentences that apply to nothing in a position or in a listed play.
_THEY = (r"(?:are changed to (?:face-up )?(?:Defense|Attack) Position|neither player can activate their effects|"
         r"cannot declare an attack|cannot attack(?: or change their battle positions)?|cannot change their battle "
         r"positions)")
INERT = (
    # CTR-3: what applies only to monsters with counters: "Monsters your opponent controls with A-Counters are changed to
    # Defense Position, also neither player can activate their effects." (Cosmic Slicer Zer'oll), "Monsters with
    # A-Counters cannot declare an attack." (Alien Psychic), "Other monsters with Ice Counters cannot attack or change
    # their battle positions." (Snowdust Dragon): no monster has one
    re.compile(rf"(?:Other )?[Mm]onsters(?: your opponent controls| you control| on the field)? with (?:an? |"
               rf"[1-9]\d* or more )?{_COUNTER} {_THEY}(?:(?:, also| and|, and) {_THEY})*\."),
    # CTR-3: its own amount per counter, the whole sentence (Firewall Dragon Darkfluid)
    re.compile(rf"(?:This card |It )?{PER_COUNTER_CHANGE.pattern}\.", re.I),
    # CTR-4: "Once per turn, if either player rolls a six-sided die (or dice) while this card has material, you can treat
    # one of the results as 7." (Number 67: Pair-a-Dice Smasher): no listed play rolls a die
    re.compile(r"(?:Once per turn, )?(?:if|each time|when) (?:either player|a player|you|your opponent) rolls? a "
               r"(?:six-sided )?die(?: \(or dice\))?[^.]*\.", re.I),
)
