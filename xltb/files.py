"""Writing files: whole or not at all, and never over an existing file unless asked to.

A file is written to a temporary file in the target's folder, named ``.xltb-<pid>-<random>.tmp``,
then put in place: with ``force``, renamed over the target; without it, hard-linked to the target
name, which fails when a file of that name exists, however late it appeared (two runs started at
the same moment cannot both write it: the second is told the file exists). Where the file system
has no hard links, the target name is claimed with ``O_EXCL`` and the temporary file renamed onto
it. The temporary file is removed in every case; one left behind by a run that was killed (its
process is gone) is removed by the next run that writes into the same folder.
"""

from __future__ import annotations

import errno
import os
import re

from .errors import XltbError

TMP_PREFIX = ".xltb-"
TMP_SUFFIX = ".tmp"
#: a temporary file of ours: .xltb-<pid>-<random>.tmp; LibreOffice's work folder of a PDF: .xltb-pdf-<pid>-<random>
_TMP_NAME = re.compile(r"\.xltb-(\d+)-[A-Za-z0-9_]+\.tmp")
_PDF_WORK = re.compile(r"\.xltb-pdf-(\d+)-[A-Za-z0-9_]+")
PDF_WORK_PREFIX = ".xltb-pdf-"


class FileExists(XltbError):
    """The target exists and ``force`` was not given."""


def exists_message(path: str) -> str:
    return f"{path} exists; use --force to overwrite it"


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, force: bool = False) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, put in place at the end.

    Without ``force`` an existing file is never replaced (:class:`FileExists`); the check and the
    creation are one step (a hard link, or ``O_EXCL``), not a look before a rename.

    A device or a descriptor (``/dev/null``, ``/dev/stdout``, ``/proc/self/fd/1``) is written to
    directly: renaming a file over it would replace it (and ``/dev/stdout`` is a link that leads to a
    regular file when the output is redirected). So is a FIFO (a named pipe) that a program reads;
    when none opens it for reading within :data:`PIPE_WAIT` seconds, the output is refused: an open
    would otherwise wait for ever. A link to a regular file is followed: the file it leads to is
    replaced (with ``force``), the link stays."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise XltbError(f"cannot write {path}: it is a folder")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    real = os.path.realpath(path)
    descriptor = os.path.islink(path) and os.path.abspath(path).startswith(("/dev/", "/proc/"))  # /dev/stdout
    if not descriptor and _is_pipe(real):
        _write_pipe(path, payload)
        return
    if descriptor or (os.path.exists(real) and not os.path.isfile(real)):
        try:
            with open(path, "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        return
    if not force and os.path.lexists(path):  # early and friendly; the link below is what guarantees it
        raise FileExists(exists_message(path))
    folder = os.path.dirname(real)
    remove_leftovers(folder)
    import tempfile  # imports random: loaded only when a file is written, not on every start

    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", suffix=TMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        _new_file_mode(tmp)
        if force:
            os.replace(tmp, real)
        else:
            _place_new(tmp, real, path)
    except BaseException as exc:
        if isinstance(exc, OSError):
            raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass  # renamed into place


def _is_pipe(path: str) -> bool:
    """A FIFO or a socket (opening one for writing waits for a reader)."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


#: seconds a FIFO given as the output may take to be opened by the program that reads it
PIPE_WAIT = 2.0


def _write_pipe(path: str, payload: bytes) -> None:
    """Write to a FIFO that a program reads; when none opens it within :data:`PIPE_WAIT` seconds, refuse
    (a blocking open would wait for ever)."""
    import time

    deadline = time.monotonic() + PIPE_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
            break
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None
            if time.monotonic() >= deadline:
                raise XltbError(f"cannot write {path}: it is a pipe (FIFO) and no program reads it") from None
            time.sleep(0.05)
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # the reader is there: write all of it, as it takes it
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
    except OSError as exc:
        raise XltbError(f"cannot write {path}: {exc.strerror or exc}") from None


def _place_new(tmp: str, real: str, shown: str) -> None:
    """Give the temporary file the target's name, failing when the name is taken."""
    try:
        os.link(tmp, real)
        return
    except FileExistsError:
        raise FileExists(exists_message(shown)) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            raise
    # no hard links here (FAT, some network shares): claim the name, then rename onto the claim
    try:
        os.close(os.open(real, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except FileExistsError:
        raise FileExists(exists_message(shown)) from None
    os.replace(tmp, real)


def claim_new(path: str | os.PathLike[str], *, force: bool = False) -> None:
    """Fail with :class:`FileExists` when ``path`` exists and ``force`` is not given (for outputs that
    another program writes, such as LibreOffice's PDF, which are then put in place with
    :func:`move_into_place`)."""
    if not force and os.path.lexists(path):
        raise FileExists(exists_message(os.fspath(path)))


def move_into_place(source: str, target: str | os.PathLike[str], *, force: bool = False) -> None:
    """Rename ``source`` (in the same file system) to ``target``; without ``force``, never over an
    existing file (a hard link, then the source removed)."""
    target = os.fspath(target)
    if force:
        os.replace(source, target)
        return
    try:
        _place_new(source, os.path.realpath(target), target)
    finally:
        try:
            os.unlink(source)
        except OSError:
            pass


def remove_leftovers(folder: str) -> list[str]:
    """Remove the temporary files (``.xltb-<pid>-*.tmp``) and PDF work folders (``.xltb-pdf-<pid>-*``)
    that runs which were killed left in ``folder``: only those whose process no longer exists.
    Returns the names removed."""
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder or ".") if n.startswith(TMP_PREFIX)]
    except OSError:
        return removed
    for name in names:
        m = _TMP_NAME.fullmatch(name) or _PDF_WORK.fullmatch(name)
        if not m or _alive(int(m[1])):
            continue
        path = os.path.join(folder, name)
        try:
            if os.path.isdir(path) and not os.path.islink(path):
                import shutil  # only when a killed PDF conversion left its folder

                shutil.rmtree(path)
            else:
                os.unlink(path)
            removed.append(name)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # no cheap way to ask: keep it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or a number no process has): not ours to judge
    except OSError:
        return True
    return True


def _new_file_mode(path: str) -> None:
    """Give the file the permissions a new file gets (mkstemp makes it private to its owner)."""
    if os.name != "posix":
        return
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
