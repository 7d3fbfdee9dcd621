"""YGOPro `.ydk` deck files, and positions made from them.

A `.ydk` file lists one passcode per line under the section markers `#main`, `#extra` and `!side`;
other lines starting with `#` (`#created by ...`) are comments, blank lines are ignored, and cards
before any marker belong to the Main Deck (as YGOPro reads them):

    #created by ...
    #main
    46986414
    46986414
    #extra
    44508094
    !side

    deck = read_ydk("deck.ydk", cards)        # Deck(main=(Card, ...), extra=(...), side=(...))

Alternate artworks are resolved through the CardDB (its `aliases`), so a deck that lists an artwork's
passcode holds the card itself. An unknown passcode, a line that is not a passcode, an Extra Deck
monster under `#main` or a Main Deck card under `#extra` is a PysolverError naming the file and line.
Deck-construction limits (40-60 cards, 3 copies, the Forbidden & Limited List) are not checked: a
position need not come from a legal deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .card import Card, CardDB
from ..errors import PysolverError, file_problem

SECTIONS = {"#main": "main", "#extra": "extra", "!side": "side"}


@dataclass(frozen=True)
class Deck:
    """A deck as listed in its file: the Main Deck, Extra Deck and Side Deck, in the file's order."""

    main: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    side: tuple[Card, ...] = ()
    source: str | None = None


def read_ydk(path, cards: CardDB) -> Deck:
    """Read a `.ydk` file; passcodes are looked up in `cards` (alternate artworks included)."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise PysolverError("no such deck file", source=source) from None
    except (OSError, UnicodeDecodeError) as error:
        raise PysolverError(file_problem(error, "the deck file"), source=source) from None
    return parse_ydk(text, cards, source=source)


def parse_ydk(text: str, cards: CardDB, *, source: str = "<deck>") -> Deck:
    sections: dict[str, list[Card]] = {"main": [], "extra": [], "side": []}
    section = "main"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"line {number}"
        if not line:
            continue
        marker = line.split()[0].lower()
        if marker in SECTIONS:
            section = SECTIONS[marker]
            continue
        if line.startswith("#"):
            continue
        if line.startswith("!"):
            raise PysolverError(f"unknown section {line!r}; use #main, #extra or !side", source=source, path=where)
        if not line.isdigit():
            raise PysolverError(f"expected a passcode (digits), got {line!r}", source=source, path=where)
        card = cards.get(int(line))
        if card is None:
            raise PysolverError(f"unknown card passcode {int(line)} (not in {cards.source}); use a card database "
                                f"that has it (--cards PATH or $PYSOLVER_CARDS)", source=source, path=where)
        if section == "main" and card.is_extra_deck:
            raise PysolverError(f"{card.name!r} is an Extra Deck monster; list it under #extra",
                                source=source, path=where)
        if section == "extra" and not card.is_extra_deck:
            raise PysolverError(f"{card.name!r} is not an Extra Deck monster; list it under #main",
                                source=source, path=where)
        if "token" in card.kinds:
            raise PysolverError(f"{card.name!r} is a Token: Tokens are not part of a deck", source=source,
                                path=where)
        sections[section].append(card)
    return Deck(main=tuple(sections["main"]), extra=tuple(sections["extra"]), side=tuple(sections["side"]),
                source=source)


def write_ydk(deck: Deck, path, *, creator: str = "pysolver") -> None:
    """Write a deck as a `.ydk` file (passcodes in the deck's order)."""
    lines = [f"#created by {creator}", "#main", *(str(c.passcode) for c in deck.main),
             "#extra", *(str(c.passcode) for c in deck.extra), "!side", *(str(c.passcode) for c in deck.side)]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
