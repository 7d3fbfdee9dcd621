"""Which cards pysolver can summon exactly, and why not the others (fail closed, by name).

    supported(card)  -> None when pysolver reads everything it needs from the card, else the reason
    category(card)   -> its row of the table: the summoning data it needs ("synchro", "ritual spell", ...)
    coverage(cards)  -> per category: total, supported and a tally of the reasons

The categories (the rows of `pysolver cards coverage`) and what "supported" means for each:

* fusion, synchro, xyz, link: Extra Deck monsters; their material line parses.
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
