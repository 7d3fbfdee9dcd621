"""Which card pool to use: a path, $PYSOLVER_CARDS, or the built-in pool."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import PysolverError, file_problem
from .card import CardDB, default_cards
from .cdb import load_cdb

CARDS_ENVIRONMENT = "PYSOLVER_CARDS"
_SQLITE_MAGIC = b"SQLite format 3\x00"


def load_cards(path=None) -> CardDB:
    """The card pool to use: `path` when given, else the file named by $PYSOLVER_CARDS, else the built-in
    pool. A `.cdb` file is a YGOPro/EDOPro card database (`pysolver.cards.cdb.load_cdb`, cached), a `.yaml` /
    `.yml` file a card pool in the schema above; any other name is read as a database if it is one.
    A missing, unreadable or unrecognised file is a PysolverError naming the file and what to do."""
    origin = ""
    if path is None or str(path) == "":
        path = os.environ.get(CARDS_ENVIRONMENT) or None
        origin = f" (from ${CARDS_ENVIRONMENT})"
    if path is None:
        return default_cards()
    path = Path(path).expanduser()
    what = "pass a YGOPro cards.cdb or a .yaml card pool"
    if not path.exists():
        raise PysolverError(f"no such card database or pool{origin}; {what}", source=str(path))
    if not path.is_file():
        raise PysolverError(f"not a file{origin}; {what}", source=str(path))
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError as error:
        raise PysolverError(f"{file_problem(error)}{origin}", source=str(path)) from None
    suffix = path.suffix.lower()
    if suffix == ".cdb" or (suffix not in (".yaml", ".yml") and head == _SQLITE_MAGIC):
        return load_cdb(path)
    if suffix in (".yaml", ".yml"):
        try:
            return CardDB.from_yaml(path)
        except UnicodeDecodeError:
            raise PysolverError(f"not a card pool{origin}: not UTF-8 text; {what}", source=str(path)) from None
    raise PysolverError(f"not a card database or pool{origin}: expected a .cdb (SQLite) or .yaml file; {what}",
                        source=str(path))
