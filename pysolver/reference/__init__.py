"""The independent reference: every legal play enumerated and applied in plain Python, written from
RULES.md and the card text alone. It imports nothing from `pysolver.solve` and reads no `asp/`."""

from .apply import apply
from .plays import legal_plays

__all__ = ["apply", "legal_plays"]
