"""The one exception type for problems a user can cause (bad file, unknown card, illegal play)."""


class PysolverError(Exception):
    """A user-facing error: its message names the file, the key path and what to do.

    The CLI prints ``str(error)`` alone (one line) and exits with status 2.
    """

    def __init__(self, message: str, *, source: str | None = None, path: str | None = None):
        self.source = source
        self.path = path
        self.detail = message
        where = ": ".join(part for part in (source, path) if part)
        super().__init__(f"{where}: {message}" if where else message)
