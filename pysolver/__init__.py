"""pysolver: every legal play of a Yu-Gi-Oh! position, exactly and fast, with Answer Set Programming.

    >>> from pysolver import apply, legal_plays, load_position
    >>> position = load_position("position.yaml")
    >>> for play in legal_plays(position):
    ...     print(play.to_json())
"""

from ._version import __version__
from .cards import Card, CardDB, default_cards, load_cards
from .errors import PysolverError
from .position import (Play, Plays, Position, canonical_key, dump_position, load_position, position_from_dict,
                       position_to_dict)
from .solve import apply, legal_plays

__all__ = ["Card", "CardDB", "Play", "Plays", "Position", "PysolverError", "__version__", "apply", "canonical_key",
           "default_cards", "dump_position", "legal_plays", "load_cards", "load_position", "position_from_dict",
           "position_to_dict"]
