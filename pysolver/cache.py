"""pysolver's cache folder: work that is the same from one run to the next, kept as plain JSON files.

Each file records the key it was built from (what its content depends on: input hashes, source hashes,
versions); a file whose key differs, or that cannot be read or parsed, is rebuilt, and one that cannot be
written is left out without a word, so deleting the folder is always safe. JSON, never pickle: a crafted
file in the folder must not run code.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    """$XDG_CACHE_HOME/pysolver, or ~/.cache/pysolver."""
    base = os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "pysolver"


def read_json(file: Path, key: list) -> dict | None:
    """The data of a cache file built from `key`, or None (missing, foreign, truncated, malformed or stale)."""
    try:
        with file.open("r", encoding="utf-8") as handle:
            data = json.load(handle)
    except Exception:
        return None
    return data if isinstance(data, dict) and data.get("key") == key else None


def write_json(file: Path, key: list, data: dict) -> None:
    """Writes `data` with its `key` (all at once: a reader never sees half a file); a read-only or full disk
    is no error."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=file.name, suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump({"key": key, **data}, out, ensure_ascii=False, separators=(",", ":"))
            os.replace(temporary, file)
        except BaseException:
            os.unlink(temporary)
            raise
    except Exception:
        pass
