"""Which cards pysolver can summon exactly, and why not the others (fail closed, by name).

    supported(card)  -> None when pysolver reads everything it needs from the card, else the reason
    category(card)   -> its row of the table: the summoning data it needs ("synchro", "ritual spell", ...)
    coverage(cards)  -> per category: total, supported and a tally of the reasons

The categories (the rows of `pysolver cards coverage`) and what "supported" means for each:

* fusion, synchro, xyz, link: Extra Deck monsters; their material line parses
  (`cardtext.material_requirement`).
* ritual monster: `cardtext.ritual_monster` accepts it when that reader exists, else it is supported
  once Ritual Spells are read (`cardtext.ritual_spell` exists): the Ritual Spell decides its summon.
* ritual spell: `cardtext.ritual_spell` reads its text.
* summoning condition: the other Main Deck monsters that cannot be Normal Summoned (the type bit, or
  "Cannot be Normal Summoned/Set", "Must (first) be Special Summoned ..."): `cardtext.summoning_procedure`
  returns a procedure.
* other monster (ordinary Normal Summon rules) and spell/trap: nothing of their own to read.

Besides, every card must pass the general readers that `pysolver.facts` fails closed on for the turn
player's cards: `cardtext.material_rules` (what the text says about its use as material) and
`cardtext.special_summon_lock`, when they exist. The readers of `pysolver.cardtext` are looked up when
called, so readers added there later count at once; a missing reader is reported as "... not yet parsed".
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from . import cardtext
from .cards import Card

CATEGORIES = ("fusion", "synchro", "xyz", "link", "ritual monster", "ritual spell", "summoning condition",
              "other monster", "spell/trap")
EXTRA_DECK_CATEGORIES = ("fusion", "synchro", "xyz", "link")
# Readers every card must pass (pysolver.facts refuses the turn player's cards they reject).
GENERAL_READERS = ("material_rules", "special_summon_lock")

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
    text = getattr(result, "reason", None) or str(result) or result.__class__.__name__
    for prefix in (f"{card.name!r}: ", f"{card.name!r} "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text


def _call(reader: str, card: Card, missing: str | None, *, required: bool = True) -> str | None:
    """Run the cardtext reader: None when it accepts the card, else the reason. A reader that is missing
    gives `missing`; one that returns nothing gives a reason only when `required`."""
    function = getattr(cardtext, reader, None)
    if function is None:
        return missing
    try:
        result = function(card)
    except Exception as error:  # noqa: BLE001 - Unsupported..., PysolverError, or a reader's bug: fail closed
        return _reason(error, card)
    if isinstance(result, BaseException):
        return _reason(result, card)
    if required and (result is None or result is False):
        return f"{reader.replace('_', ' ')}: not understood"
    return None


def _specific(card: Card, kind: str) -> str | None:
    if kind in EXTRA_DECK_CATEGORIES:
        requirement = cardtext.material_requirement(card)
        return _reason(requirement, card) if isinstance(requirement, BaseException) else None
    if kind == "ritual spell":
        return _call("ritual_spell", card, "ritual: not yet parsed")
    if kind == "ritual monster":
        if hasattr(cardtext, "ritual_monster"):
            return _call("ritual_monster", card, "ritual: not yet parsed")
        return None if hasattr(cardtext, "ritual_spell") else "ritual: not yet parsed"
    if kind == "summoning condition":
        return _call("summoning_procedure", card, "summoning procedure: not yet parsed")
    return None


def supported(card: Card) -> str | None:
    """None when pysolver reads everything it needs from `card`, else the reason (see the table)."""
    reason = _specific(card, category(card))
    if reason is not None:
        return reason
    for reader in GENERAL_READERS:
        reason = _call(reader, card, None, required=False)
        if reason is not None:
            return reason
    return None


def tally_key(reason: str) -> str:
    """A reason as tallied: one quoting a long piece of the card's text (a whole sentence, unique to the
    card) is cut to its stable head ("material clause not supported"); short quotes are kept."""
    quoted = re.search(r"""(['"])(.*)\1""", reason)
    if quoted and len(quoted.group(2)) > 40:
        return re.split(r": | \(", reason, maxsplit=1)[0]
    return reason


def coverage(cards: Iterable[Card]) -> dict[str, dict]:
    """{category: {"total": n, "supported": n, "reasons": Counter}} over `cards`, in CATEGORIES order,
    plus "extra deck" summing the four Extra Deck kinds."""
    table = {kind: {"total": 0, "supported": 0, "reasons": Counter()} for kind in CATEGORIES}
    for card in cards:
        row = table[category(card)]
        row["total"] += 1
        reason = supported(card)
        if reason is None:
            row["supported"] += 1
        else:
            row["reasons"][tally_key(reason)] += 1
    extra = {"total": 0, "supported": 0, "reasons": Counter()}
    for kind in EXTRA_DECK_CATEGORIES:
        extra["total"] += table[kind]["total"]
        extra["supported"] += table[kind]["supported"]
        extra["reasons"].update(table[kind]["reasons"])
    table["extra deck"] = extra
    return table


def percent(row: dict) -> float:
    return 100.0 * row["supported"] / row["total"] if row["total"] else 100.0


def to_json(table: dict, *, top: int = 10) -> dict:
    return {kind: {"total": row["total"], "supported": row["supported"], "percent": round(percent(row), 1),
                   "top_reasons": [[reason, count] for reason, count in row["reasons"].most_common(top)]}
            for kind, row in table.items()}


def format_table(table: dict, *, top: int = 10) -> str:
    lines = []
    for kind, row in table.items():
        lines.append(f"{kind}: {row['supported']}/{row['total']} supported ({percent(row):.1f}%)")
        for reason, count in row["reasons"].most_common(top):
            lines.append(f"  {count:5d}  {reason}")
    return "\n".join(lines)
