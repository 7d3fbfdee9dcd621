"""The solver: the fact writer (`facts`), the clingo driver (`legal`) and the decoder (`decode`)."""

from .apply import apply
from .legal import legal_plays, legal_plays_many

__all__ = ["apply", "legal_plays", "legal_plays_many"]
