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


def file_problem(error: BaseException, what: str = "the file") -> str:
    """Why a file could not be read, in words (never a bare exception class name)."""
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a file"
    if isinstance(error, PermissionError):
        return f"cannot read {what}: permission denied"
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 text (byte {error.start} cannot be decoded); save {what} as UTF-8"
    if isinstance(error, OSError):
        return f"cannot read {what}: {error.strerror or 'input/output error'}"
    return f"cannot read {what}"
