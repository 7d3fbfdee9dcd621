"""Which cards pysolver can summon exactly, and why not the others (fail closed, by name).

    supported(card)  -> None when pysolver reads everything it needs from the card, else the reason
    category(card)   -> its row of the table: the summoning data it needs ("synchro", "ritual spell", ...)
    coverage(cards)  -> per category: total, supported and a tally of the reasons

The categories (the rows of `pysolver cards coverage`) and what "supported" means for each:

* fusion, synchro, xyz, link: Extra Deck monsters; their material line parses (and a Contact Fusion's own
  procedure, "Must (first) be Special Summoned (from your Extra Deck) by ...", is read: `effects.contact_fusion`).
* ritual monster: a Ritual Monster (its summon is decided by the Ritual Spells, read on their own).
* ritual spell: `cardtext.ritual_spell` reads its text.
* summoning condition: the other Main Deck monsters that cannot be Normal Summoned (the type bit, or
  "Cannot be Normal Summoned/Set", "Must (first) be Special Summoned ..."): every procedure of their
  own is read (`effects.procedures`); those summoned only by another card's effect are never offered.
* other monster (ordinary Normal Summon rules) and spell/trap: nothing of their own to read.

Every card must also be read conservatively (`reading.unread_clauses`): what the readers refuse
(material rules, Special Summon locks, Ritual Spells, procedures), and every rule sentence of its text
(summoning, Tributes, materials, attacks, what a player cannot do) read by a reader. An unread card is
not refused: the plays that depend on it are withheld (pysolver.solve.unread, docs/plays-json.md).
"Supported" means that the card's *summoning rules* are read: how it is summoned, what it may be used
for. It does not mean that the card's *effects* are offered as plays. `effects(card)` says that apart:

* "modelled": every effect of the card is offered as a play and carried out (a Ritual Spell that is
  read, a Polymerization-like Spell, Monster Reborn, Call of the Haunted, Token makers, ...);
* "partly": some of its effects are plays and others are not (an Effect Monster with one modelled
  activated effect; a Pendulum Monster, activated as a Scale but its Pendulum Effect not applied; a
  Spell whose activation is offered but whose resolution is only recorded);
* "not modelled": it has effects, none of which pysolver offers (most Spells, Traps and Effect Monsters:
  they are never activated by pysolver);
* "none": nothing to model (Normal Monsters, Tokens without effects).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from . import cardtext, reading
from .card import Card

CATEGORIES = ("fusion", "synchro", "xyz", "link", "ritual monster", "ritual spell", "summoning condition",
              "other monster", "spell/trap")
EXTRA_DECK_CATEGORIES = ("fusion", "synchro", "xyz", "link")

_CONDITION = re.compile(r"\b(?:This (?:card|monster) c|C)annot be Normal Summoned(?:/Set| or Set)\b"
                        r"|\bMust (?:first )?be Special Summoned\b")


def category(card: Card) -> str:
    """The row of the coverage table the card belongs to (CATEGORIES)."""
    for kind in EXTRA_DECK_CATEGORIES:
        if kind in card.kinds:
            return kind
    if "ritual" in card.kinds:
        if card.is_monster:
            return "ritual monster"
        if "spell" in card.kinds:
            return "ritual spell"
    if card.is_monster and "token" not in card.kinds and (
            "special_summon" in card.kinds or _CONDITION.search(card.text)):
        return "summoning condition"
    return "other monster" if card.is_monster else "spell/trap"


def _reason(result, card: Card) -> str:
    """A short reason from an error value, without the card's name (so that reasons tally)."""
    text = str(result)
    for prefix in (f"{card.name!r}: ", f"{card.name!r} "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text


def supported(card: Card) -> str | None:
    """None when pysolver reads everything it needs from `card`, else the reason (see the table)."""
    reason = reading.unread_reason(card)
    if reason is not None:
        return _reason(reason, card)
    if category(card) == "ritual spell" and cardtext.ritual_spell(card) is None:
        return "ritual spell: not understood"
    return None


EFFECTS = ("modelled", "partly", "not modelled", "none")


def effects(card: Card) -> str:
    """Whether the card's effects are modelled as plays (EFFECTS; the module docstring)."""
    from .effects import activated_effects
    if card.is_monster:
        if "pendulum" in card.kinds:
            return "partly"           # activated as a Pendulum Scale; the Pendulum Effect is not applied
        if "effect" not in card.kinds:
            return "none"
        return "partly" if activated_effects(card) else "not modelled"
    ritual = cardtext.ritual_spell(card) if "ritual" in card.kinds else None
    if (ritual is not None and not isinstance(ritual, BaseException)) or cardtext.fusion_spell(card):
        return "modelled"
    found = activated_effects(card)
    if not found:
        return "not modelled"
    return "modelled" if all(effect.simulated for effect in found) else "partly"


def describe(card: Card) -> list[str]:
    """The two coverage lines of `pysolver cards show`: summoning rules read, effects modelled."""
    reason = supported(card)
    status = effects(card)
    words = {"modelled": "modelled as plays", "partly": "partly modelled as plays (others are never offered)",
             "not modelled": "NOT modelled: pysolver never offers them as plays", "none": "none to model"}
    return [f"summoning rules ({category(card)}): " + ("read" if reason is None else f"UNSUPPORTED: {reason}"),
            f"effects: {words[status]}"]


def tally_key(reason: str) -> str:
    """A reason as tallied: one quoting a long piece of the card's text (a whole sentence, unique to the
    card) is cut to its stable head ("material clause not supported"); short quotes are kept."""
    if reason.startswith("unread: "):
        return reason.split(": ")[0] + ": " + reason.split(": ")[1]    # "unread: <kind of clause>"
    quoted = re.search(r"""(['"])(.*)\1""", reason)
    if quoted and len(quoted.group(2)) > 40:
        return re.split(r": | \(", reason, maxsplit=1)[0]
    return reason


def coverage(cards: Iterable[Card]) -> dict[str, dict]:
    """{category: {"total": n, "supported": n, "reasons": Counter}} over `cards`, in CATEGORIES order,
    plus "extra deck" summing the four Extra Deck kinds."""
    table = {kind: {"total": 0, "supported": 0, "reasons": Counter(), "effects": Counter()} for kind in CATEGORIES}
    for card in cards:
        row = table[category(card)]
        row["total"] += 1
        row["effects"][effects(card)] += 1
        reason = supported(card)
        if reason is None:
            row["supported"] += 1
        else:
            row["reasons"][tally_key(reason)] += 1
    extra = {"total": 0, "supported": 0, "reasons": Counter(), "effects": Counter()}
    for kind in EXTRA_DECK_CATEGORIES:
        extra["total"] += table[kind]["total"]
        extra["supported"] += table[kind]["supported"]
        extra["reasons"].update(table[kind]["reasons"])
        extra["effects"].update(table[kind]["effects"])
    table["extra deck"] = extra
    return table


def percent(row: dict) -> float:
    return 100.0 * row["supported"] / row["total"] if row["total"] else 100.0


def to_json(table: dict, *, top: int = 10) -> dict:
    """`supported`/`percent`: summoning rules read; `effects`: how many cards per EFFECTS status."""
    return {kind: {"total": row["total"], "supported": row["supported"], "percent": round(percent(row), 1),
                   "top_reasons": [[reason, count] for reason, count in row["reasons"].most_common(top)],
                   "effects": {status.replace(" ", "_"): row.get("effects", Counter())[status] for status in EFFECTS}}
            for kind, row in table.items()}


def format_table(table: dict, *, top: int = 10) -> str:
    lines = ["summoning rules read: how each card is summoned and used as material is read from its text;",
             "effects: whether pysolver offers the card's effects as plays (modelled / partly / not / none)", ""]
    for kind, row in table.items():
        counts = row.get("effects", Counter())
        lines.append(f"{kind}: summoning rules read for {row['supported']}/{row['total']} ({percent(row):.1f}%); "
                     f"effects modelled as plays: {counts['modelled']}, partly: {counts['partly']}, "
                     f"not: {counts['not modelled']}, none to model: {counts['none']}")
        for reason, count in row["reasons"].most_common(top):
            lines.append(f"  {count:5d}  {reason}")
    return "\n".join(lines)
