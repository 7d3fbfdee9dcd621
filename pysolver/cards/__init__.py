"""Cards: the `Card` value and `CardDB`, the cards.cdb reader, the card-text readers (material lines,
requirements, procedures, effects and clauses), coverage, `.ydk` decks and the built-in pool (`data/`)."""

from .card import ARROWS, Card, CardDB, default_cards
from .load import CARDS_ENVIRONMENT, load_cards

__all__ = ["ARROWS", "CARDS_ENVIRONMENT", "Card", "CardDB", "default_cards", "load_cards"]
