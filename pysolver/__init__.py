"""pysolver: every legal play of a Yu-Gi-Oh! position, exactly and fast, with Answer Set Programming.

    >>> from pysolver import Position
    >>> position = Position.load("position.yaml")
    >>> for play in position.legal_plays():
    ...     print(play.to_json())
"""

from .cards import Card, CardDB, default_cards, load_cards
from .errors import PysolverError
from .play import Play, Plays
from .position import Position

__all__ = ["Card", "CardDB", "Play", "Plays", "Position", "PysolverError", "default_cards", "load_cards"]
__version__ = "0.1.0"
