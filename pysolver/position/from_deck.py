"""A position file from a `.ydk` deck: the hand and field taken out of it, the rest as the piles."""

from __future__ import annotations

from typing import Any

from ..cards.card import Card, CardDB
from ..cards.decks import Deck
from ..errors import PysolverError
from .files import position_from_dict

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
    """The `Position` of `position_data` (validated by position_from_dict)."""
    return position_from_dict(position_data(deck, cards, **options), cards=cards, source=deck.source)
