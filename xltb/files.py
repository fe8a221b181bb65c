"""Writing files: whole or not at all."""

from __future__ import annotations

import os

from .errors import XltbError


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, renamed at the end.

    A device, a pipe or a descriptor (``/dev/null``, ``/dev/stdout``, ``/proc/self/fd/1``, a FIFO) is
    written to directly: renaming a file over it would replace it (and ``/dev/stdout`` is a link that
    leads to a regular file when the output is redirected). A link to a regular file is followed: the
    file it leads to is replaced, the link stays."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise XltbError(f"cannot write {path}: it is a folder")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    real = os.path.realpath(path)
    descriptor = os.path.islink(path) and os.path.abspath(path).startswith(("/dev/", "/proc/"))  # /dev/stdout
    if descriptor or (os.path.exists(real) and not os.path.isfile(real)):
        try:
            with open(path, "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        return
    import tempfile  # imports random: loaded only when a file is written, not on every start

    try:
        fd, tmp = tempfile.mkstemp(prefix=".xltb-", suffix=".tmp", dir=os.path.dirname(real))
    except OSError as exc:
        raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        _new_file_mode(tmp)
        os.replace(tmp, real)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise


def _new_file_mode(path: str) -> None:
    """Give the file the permissions a new file gets (mkstemp makes it private to its owner)."""
    if os.name != "posix":
        return
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
