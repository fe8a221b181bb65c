"""The calculation properties every Excel workbook xltb writes carries: those of current Excel 365.

Excel compares a workbook's ``calcId`` (ISO/IEC 29500-1 18.2.2 ``calcPr``) with its own engine's: "If the
value is less than the recalculation engine identifier associated with the application, the application
will recalculate the results of all formulas on this workbook immediately after loading the file"
([MS-XLS] 2.4.215 RecalcId; the same rule for ``calcId``). openpyxl writes ``calcId="124519"``, Excel
2007's, so Excel would recompute every formula on opening, and without xltb's functions show ``#NAME?``
in place of the values the file carries. From ``calcId`` 179016 on, Excel also recalculates when a
feature of its engine is missing from the workbook's ``calcFeatures`` list ([MS-XLSX] 2.4.82).

What current Excel 365 writes, read from workbooks it saved (the blank workbooks of pyopenvba 6.5.0,
``pyopenvba/_templates/blank_files/blank_workbook.xlsx`` and ``.xlsm``, MIT, saved by Excel 365 with
``fileVersion lastEdited="7"``, ``rupBuild`` 29929 and 30326, ``coauthVersionLast="47"``): ``calcId="191029"``
and the ``calcFeatures`` extension below. :func:`current` puts both into a workbook's
``xl/workbook.xml``; a test reads them back from every kind of workbook xltb writes.
"""

from __future__ import annotations

import re

#: the calculation engine id of current Excel 365 (Excel 2019 and later write the same)
CALC_ID = 191029

#: the [MS-XLSX] 2.4.82 calcFeatures extension as Excel 365 writes it after ``calcPr``
CALC_FEATURES = (
    '<ext uri="{B58B0392-4F1F-4190-BB64-5DF3571DCE5F}" '
    'xmlns:xcalcf="http://schemas.microsoft.com/office/spreadsheetml/2018/calcfeatures"><xcalcf:calcFeatures>'
    + "".join(f'<xcalcf:feature name="microsoft.com:{f}"/>'
              for f in ("RD", "Single", "FV", "CNMTM", "LET_WF", "LAMBDA_WF", "ARRAYTEXT_WF"))
    + "</xcalcf:calcFeatures></ext>")

_CALC_PR = re.compile(rb"<calcPr\b([^>]*?)(/?)>")
_CALC_ID = re.compile(rb'\scalcId="(\d*)"')


def current(workbook_xml: bytes) -> bytes:
    """``xl/workbook.xml`` with the calculation properties of current Excel 365: ``calcId`` raised to
    :data:`CALC_ID` (a newer one is kept), the ``calcFeatures`` extension added where the workbook has none
    (an Excel workbook's own list is kept), and no full calculation forced on load (``fullCalcOnLoad``, which
    openpyxl sets: the values xltb writes are current, and Excel would replace them, without xltb's functions
    by ``#NAME?``); every other attribute and element unchanged."""
    workbook_xml = re.sub(rb'\s+fullCalcOnLoad="(?:1|true)"', b"", workbook_xml)
    if not re.search(rb"<workbook[\s>]", workbook_xml):  # a prefixed namespace (<x:workbook>): left as it is
        return workbook_xml
    m = _CALC_PR.search(workbook_xml)
    if m is None:  # no calcPr: one before extLst or the end (CT_Workbook: calcPr precedes them)
        at = _insert_at(workbook_xml, (b"<oleSize", b"<customWorkbookViews", b"<pivotCaches", b"<smartTagPr",
                                       b"<smartTagTypes", b"<webPublishing", b"<fileRecoveryPr",
                                       b"<webPublishObjects", b"<extLst", b"</workbook>"))
        workbook_xml = workbook_xml[:at] + f'<calcPr calcId="{CALC_ID}"/>'.encode() + workbook_xml[at:]
    else:
        attrs = m[1]
        found = _CALC_ID.search(attrs)
        if found is None:
            attrs = f' calcId="{CALC_ID}"'.encode() + attrs
        elif not found[1] or int(found[1]) < CALC_ID:
            attrs = attrs[:found.start()] + f' calcId="{CALC_ID}"'.encode() + attrs[found.end():]
        workbook_xml = workbook_xml[:m.start()] + b"<calcPr" + attrs + m[2] + b">" + workbook_xml[m.end():]
    if b"calcFeatures" in workbook_xml:
        return workbook_xml
    end = workbook_xml.rindex(b"</workbook>")
    last = workbook_xml.rfind(b"</extLst>", 0, end)
    if last >= 0 and not workbook_xml[last + len(b"</extLst>"):end].strip():
        # the workbook's own extensions (its last child; a workbookView may have an extLst of its own)
        return workbook_xml[:last] + CALC_FEATURES.encode() + workbook_xml[last:]
    return workbook_xml[:end] + b"<extLst>" + CALC_FEATURES.encode() + b"</extLst>" + workbook_xml[end:]


def _insert_at(xml: bytes, before: tuple[bytes, ...]) -> int:
    found = [i for tag in before if (i := xml.find(tag)) >= 0]
    return min(found) if found else len(xml)


def calc_id(workbook_xml: bytes) -> int | None:
    """The ``calcId`` a workbook's ``xl/workbook.xml`` carries (None without one)."""
    m = _CALC_PR.search(workbook_xml)
    found = _CALC_ID.search(m[1]) if m else None
    return int(found[1]) if found and found[1] else None
