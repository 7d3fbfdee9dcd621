"""The solver: the fact writer (`facts`), the clingo driver (`legal`), the decoder (`decode`), and the
questions asked of the same encodings: `why` (relaxed by `relax`) and `picks`."""

from .apply import apply
from .legal import legal_plays, legal_plays_many
from .picks import picks
from .why import why

__all__ = ["apply", "legal_plays", "legal_plays_many", "picks", "why"]
