"""The extension's macro *Pair next round* (shipped in the .oxt as ``Scripts/python/xltb_pair.py``; Tools >
Macros > Run Macro > My Macros > xltb.oxt > xltb_pair > pair_next_round): the next round's pairings written
into the document's Crosstable as pending games, the cells :func:`xltb.functions.enter.next_round` gives (the
list every host applies).

LibreOffice's Python runs the file with ``XSCRIPTCONTEXT`` set; nothing in xltb imports it (it needs ``uno``).
It reads the ranges of the names ``Crosstable`` and ``Settings`` (a team workbook: ``Matches``, ``Teams`` and
``Settings``), writes each cell of the list as text (``setString``: ``=BYE`` stays text; a team event's numbers
as numbers) and says what it did, or why nothing was written, in a message box.
"""

import os
import sys
from typing import Any

#: the extension's identifier (xltb.hosts.libreoffice.EXTENSION_ID: this file cannot import xltb before it has
#: found it)
_EXTENSION_ID = "org.xltb.calc-addin"


def _find_xltb(ctx: Any) -> None:
    """The copy of xltb in this extension (its ``pythonpath/``) first on ``sys.path``: LibreOffice runs a macro
    without ``__file__``, so the extension's folder is asked of the package information provider."""
    import uno

    provider = ctx.getValueByName("/singletons/com.sun.star.deployment.PackageInformationProvider")
    location = provider.getPackageLocation(_EXTENSION_ID)
    if location:
        vendored = os.path.join(uno.fileUrlToSystemPath(location), "pythonpath")
        if os.path.isdir(vendored) and sys.path[:1] != [vendored]:
            sys.path.insert(0, vendored)


def _block(doc: Any, name: str) -> Any:
    """(rows, Origin) of a named range of the document, None without the name."""
    from xltb.sheets.crosstable import Origin

    names = doc.NamedRanges
    if not names.hasByName(name):
        return None
    cells = names.getByName(name).getReferredCells()
    if cells is None:
        return None
    address = cells.getRangeAddress()
    sheet = doc.Sheets.getByIndex(address.Sheet).getName()
    rows = [[None if v == "" else (int(v) if isinstance(v, float) and v.is_integer() else v) for v in row]
            for row in cells.getDataArray()]
    return rows, Origin(sheet, address.StartRow + 1, address.StartColumn + 1)


def enter_round(doc: Any) -> list[str]:
    """Enter the next round into the Calc document ``doc``; returns the lines said."""
    from xltb.functions.enter import Refused, next_round

    from xltb.sheets.names import TeamSheets

    crosstable, teams = _block(doc, "Crosstable"), None
    if crosstable is None:  # a team workbook: its Matches block, with the Teams block (the team Swiss)
        crosstable, found = _block(doc, "Matches"), _block(doc, "Teams")
        teams = TeamSheets(*found) if found is not None else None
    if crosstable is None:
        return ["Pair next round: this document has no range named Crosstable (xltb template individual)."]
    settings = _block(doc, "Settings")
    rows, origin = crosstable
    try:
        entered = next_round(rows, settings[0] if settings is not None else None, origin, teams)
    except Refused as why:
        return [f"Pair next round: not entered: {why.message}"]
    sheet = doc.Sheets.getByName(origin.sheet)
    # one recalculation after the last cell, not one per cell (each would pair the round again in TB_PAIRINGS):
    # automatic calculation off (XCalculatable) and the views locked while the cells are written, then as they were
    automatic = doc.isAutomaticCalculationEnabled()
    doc.enableAutomaticCalculation(False)
    doc.lockControllers()
    try:
        for edit in entered.edits:
            cell = sheet.getCellRangeByName(edit.cell)
            if isinstance(edit.value, int):  # a team event's round, board, team and roster position
                cell.setValue(edit.value)
            else:
                cell.setString(str(edit.value))
    finally:
        doc.unlockControllers()
        doc.enableAutomaticCalculation(automatic)
    if automatic:
        doc.calculate()
    rp = entered.pairing
    return [f"Round {rp.round} entered: {len(rp.boards)} boards, {len(entered.edits)} cells.",
            "The Pairings sheets show it; type each result over its pairing (+W9, =B5, -W2), then run this macro "
            "again for the next round."]


def pair_next_round(*args: Any) -> str:
    """The macro: the next round entered into the current document (or the Calc document given, as a caller
    through the script provider gives it), and a message box saying so."""
    context: Any = globals()["XSCRIPTCONTEXT"]  # LibreOffice's script context, set when it runs the macro
    _find_xltb(context.getComponentContext())
    given = [a for a in args if hasattr(a, "Sheets")]
    doc = given[0] if given else context.getDocument()
    if doc is None or not hasattr(doc, "Sheets"):
        return "Pair next round: run it from a Calc document (xltb template individual -o FILE.ods)."
    lines = enter_round(doc)
    try:
        frame = doc.getCurrentController().getFrame().getContainerWindow()
        toolkit = frame.getToolkit()
        box = toolkit.createMessageBox(frame, 1, 1, "xltb", "\n".join(lines))  # INFOBOX, BUTTONS_OK
        box.execute()
    except Exception:  # headless: no window to show it in
        pass
    return "\n".join(lines)


g_exportedScripts = (pair_next_round,)
