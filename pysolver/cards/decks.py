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
from typing import Any

from .cards import Card, CardDB
from .errors import PysolverError

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
        raise PysolverError(f"cannot read the deck file ({error.__class__.__name__})", source=source) from None
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


# ------------------------------------------------------------------------------------------------
# Positions from a deck

_ZONES = {**{str(i): ("monster_zones", i) for i in range(1, 6)},
          **{f"m{i}": ("monster_zones", i) for i in range(1, 6)},
          **{f"s{i}": ("spell_trap_zones", i) for i in range(1, 6)},
          "emzl": ("extra_monster_zones", "left"), "emzr": ("extra_monster_zones", "right")}


def split_names(text: str | None) -> list[str]:
    """'A; B; C' -> ['A', 'B', 'C'] (empty items dropped)."""
    return [item.strip() for item in (text or "").split(";") if item.strip()]


def _ref(card: Card, cards: CardDB):
    """A card's name, or its passcode when another card has the same name."""
    return card.name if cards.get(card.name) is card else card.passcode


def _take(pile: list[Card], card: Card) -> bool:
    for index, candidate in enumerate(pile):
        if candidate.passcode == card.passcode:
            del pile[index]
            return True
    return False


def position_data(deck: Deck, cards: CardDB, *, hand=(), field=(), rules: str = "master-rule-5", turn: int = 1,
                  phase: str = "main1") -> dict[str, Any]:
    """A `pysolver-position/1` mapping: `hand` (names or passcodes) and the `field` entries ("ZONE=Name",
    ZONE 1-5 / M1-M5 for Main Monster Zones, S1-S5 for Spell & Trap Zones, EMZL / EMZR) are taken out of
    the deck (field cards from the Main Deck, else the Extra Deck); the rest of the Main Deck is the Deck,
    in the file's order, and the rest of the Extra Deck the Extra Deck."""
    main, extra = list(deck.main), list(deck.extra)
    source = deck.source or "<deck>"
    hand_cards = []
    for index, name in enumerate(hand):
        card = cards.get(name)
        if card is None:
            raise PysolverError(cards.unknown_message(name), path=f"--hand[{index}]")
        if not _take(main, card):
            held = sum(1 for c in deck.main if c.passcode == card.passcode)
            copies = f"{held} copy" if held == 1 else f"{held} copies"
            why = f"has only {copies} in the Main Deck" if held else "is not in the Main Deck"
            raise PysolverError(f"{card.name!r} {why} of {source}", path=f"--hand[{index}]")
        hand_cards.append(card)
    me: dict[str, Any] = {"hand": [_ref(c, cards) for c in hand_cards], "deck": [], "extra_deck": []}
    for index, entry in enumerate(field):
        zone, sep, name = entry.partition("=")
        place = _ZONES.get(zone.strip().lower())
        if not sep or place is None or not name.strip():
            raise PysolverError(f"expected ZONE=Name with ZONE one of 1-5, M1-M5, S1-S5, EMZL, EMZR; got {entry!r}",
                                path=f"--field[{index}]")
        card = cards.get(name.strip())
        if card is None:
            raise PysolverError(cards.unknown_message(name.strip()), path=f"--field[{index}]")
        if not (_take(main, card) or _take(extra, card)):
            raise PysolverError(f"{card.name!r} is not in the deck {source} (or all its copies are used)",
                                path=f"--field[{index}]")
        key, slot = place
        zones = me.setdefault(key, {})
        if slot in zones:
            raise PysolverError(f"zone {zone.strip()} is given twice", path=f"--field[{index}]")
        zones[slot] = _ref(card, cards)
    me["deck"] = [_ref(c, cards) for c in main]
    me["extra_deck"] = [_ref(c, cards) for c in extra]
    me = {key: value for key, value in me.items() if value}
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase, "players": [me, {}]}


def position_from_deck(deck: Deck, cards: CardDB, **options):
    """The `Position` of `position_data` (validated by Position.from_dict)."""
    from .position import Position
    return Position.from_dict(position_data(deck, cards, **options), cards=cards, source=deck.source)
