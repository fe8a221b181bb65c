"""The English texts are package data read through the loader that imported xltb, not a path next to a
module: xltb imported from a zip (as from a wheel that is not unpacked) says the same as from its folder."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from xltb.messages import ENGLISH_RESOURCE, Message, english

PACKAGE = Path(__file__).resolve().parent.parent / "xltb"


def test_the_english_texts_are_the_package_data_of_en_json():
    import json

    assert english() == json.loads((PACKAGE / ENGLISH_RESOURCE).read_text("utf-8"))["messages"]


def test_messages_speak_when_xltb_is_imported_from_a_zip(tmp_path):
    archive = tmp_path / "xltb.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(PACKAGE.rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(PACKAGE.parent).as_posix())
    message = Message("source.game")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import xltb.messages as m; "
            "assert m.__file__.startswith(sys.argv[1]), m.__file__; "
            "print(str(m.Message('source.game')))")
    # -I: no site-packages, no current folder: the xltb of the zip alone
    done = subprocess.run([sys.executable, "-I", "-c", code, str(archive)], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(message) == english()["source.game"]
