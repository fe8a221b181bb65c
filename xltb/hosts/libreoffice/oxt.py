"""The extension file (``xltb.oxt``): a zip that LibreOffice's extension manager installs.

It holds the UNO component (``xltb_addin.py``, from :mod:`.component`), the type library of its
interface (``xltb.rdb``, committed: see :mod:`.idl`), ``CalcAddIns.xcu`` (each function's
display name, which is its Excel name, description and argument help), ``description.xml``
(identifier, xltb's version, the oldest LibreOffice supported) and the manifest, and a copy of
xltb's pure-Python package in ``pythonpath/`` (LibreOffice's Python loader puts that folder on
``sys.path``). Built with the standard library's ``zipfile``; the entries carry a fixed date, so
the same xltb gives the same file.
"""

from __future__ import annotations

import zipfile
from io import BytesIO
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from ... import __version__
from . import EXTENSION_ID, SERVICE
from .idl import RDB_FILE
from .spec import FUNCTIONS

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent.parent  # the xltb package that is running
#: the oldest LibreOffice the extension was run in (Debian 12's 7.4.7, with Python 3.11)
MINIMAL_VERSION = "7.4"
_DATE = (2024, 1, 1, 0, 0, 0)

MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">
  <manifest:file-entry manifest:full-path="xltb.rdb"
      manifest:media-type="application/vnd.sun.star.uno-typelibrary;type=RDB"/>
  <manifest:file-entry manifest:full-path="xltb_addin.py"
      manifest:media-type="application/vnd.sun.star.uno-component;type=Python"/>
  <manifest:file-entry manifest:full-path="CalcAddIns.xcu"
      manifest:media-type="application/vnd.sun.star.configuration-data"/>
  <manifest:file-entry manifest:full-path="Scripts/python/"
      manifest:media-type="application/vnd.sun.star.framework-script"/>
</manifest:manifest>
"""


def description_xml(version: str = __version__) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<description xmlns="http://openoffice.org/extensions/description/2006"
    xmlns:d="http://openoffice.org/extensions/description/2006"
    xmlns:l="http://libreoffice.org/extensions/description/2011"
    xmlns:xlink="http://www.w3.org/1999/xlink">
  <identifier value="{EXTENSION_ID}"/>
  <version value="{version}"/>
  <display-name><name lang="en">xltb: FIDE C.07 tie-break functions for Calc</name></display-name>
  <extension-description><src xlink:href="description/en.txt" lang="en"/></extension-description>
  <dependencies>
    <l:LibreOffice-minimal-version l:name="LibreOffice {MINIMAL_VERSION}" value="{MINIMAL_VERSION}"/>
  </dependencies>
</description>
"""


def description_text(version: str = __version__) -> str:
    """What the Extension Manager (and ``unopkg list``) says of the extension."""
    return (f"xltb {version}: the tie-breaks of FIDE Handbook C.07 (Buchholz, Sonneborn-Berger, direct encounter, "
            "performance ratings, team tie-breaks, modifiers; editions 2012 to 2026) as Calc functions, e.g. "
            "=TB_SB_C1(A2;Crosstable;Settings) and =TB_STANDINGS(Crosstable;Settings). Open a workbook written by "
            "'xltb template KIND -o FILE.ods'. Needs Python 3.11 or newer inside LibreOffice. MIT licence.\n")


def _value(text: str) -> str:
    return f'<value xml:lang="en-US">{escape(text)}</value>'


def calc_addins_xcu() -> str:
    """Display names (the Excel names), descriptions and argument help for the function wizard."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry"',
           '    xmlns:xs="http://www.w3.org/2001/XMLSchema" oor:name="CalcAddIns" oor:package="org.openoffice.Office">',
           '  <node oor:name="AddInInfo">',
           f'    <node oor:name={quoteattr(SERVICE)} oor:op="replace">',
           '      <node oor:name="AddInFunctions">']
    for fn in FUNCTIONS:
        out += [f'        <node oor:name={quoteattr(fn.name)} oor:op="replace">',
                f'          <prop oor:name="DisplayName">{_value(fn.name)}</prop>',
                f'          <prop oor:name="Description">{_value(fn.doc)}</prop>',
                '          <prop oor:name="Category"><value>Add-In</value></prop>',
                f'          <prop oor:name="CompatibilityName">{_value(fn.name)}</prop>',
                '          <node oor:name="Parameters">']
        for p in fn.params:
            out += [f'            <node oor:name={quoteattr(p.name)} oor:op="replace">',
                    f'              <prop oor:name="DisplayName">{_value(p.name)}</prop>',
                    f'              <prop oor:name="Description">{_value(p.doc)}</prop>',
                    '            </node>']
        out += ['          </node>', '        </node>']
    out += ['      </node>', '    </node>', '  </node>', '</oor:component-data>', '']
    return "\n".join(out)


def vendored_files() -> list[tuple[Path, str]]:
    """(file, name in the .oxt) for the copy of xltb: its Python modules, py.typed and the language files (the
    English texts of what the engine says, ``str()`` of a :class:`~xltb.messages.Message`: TB_EXPLAIN)."""
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE)
        if not path.is_file() or "__pycache__" in rel.parts or rel.parts[0] == "examples":
            continue
        if path.suffix == ".py" or path.name == "py.typed" or (rel.parts[:2] == ("report", "lang")
                                                              and path.suffix == ".json"):
            out.append((path, "pythonpath/xltb/" + rel.as_posix()))
    return out


def build() -> bytes:
    """The .oxt file's bytes."""
    entries: list[tuple[str, bytes]] = [
        ("META-INF/manifest.xml", MANIFEST.encode()),
        ("description.xml", description_xml().encode()),
        ("description/en.txt", description_text().encode()),
        ("CalcAddIns.xcu", calc_addins_xcu().encode()),
        ("xltb.rdb", RDB_FILE.read_bytes()),
        ("xltb_addin.py", (HERE / "component.py").read_bytes()),
        ("Scripts/python/xltb_pair.py", (HERE / "macro.py").read_bytes()),  # the macro Pair next round
    ]
    entries += [(name, path.read_bytes()) for path, name in vendored_files()]
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buffer.getvalue()
