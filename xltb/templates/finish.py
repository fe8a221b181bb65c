"""What every template's cells and file get last: a row as tall as its wrapped texts, and the zip rewritten
with fixed timestamps (the same workbook, the same bytes)."""

from __future__ import annotations

import io
import re
from typing import Any


def normalise_zip(data: bytes) -> bytes:
    """Rewrite the zip with fixed timestamps so that the same workbook gives the same bytes."""
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2024, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = info.external_attr
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the time of saving
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-01-01T00:00:00Z", body)
            dst.writestr(fixed, body)
    return out.getvalue()


def fit_height(ws: Any, row: int, texts: list[tuple[str, float]]) -> None:
    """A row as tall as its wrapped texts (text, column width): LibreOffice keeps an imported row's default
    height, so that a help text on two lines would run over the next row when printed."""
    from ..report.printed.textfit import lines_needed
    from ..report.printed.xlsx import LINE_HEIGHT

    lines = max((lines_needed(text, width - 1.5, 11) for text, width in texts if text), default=1)
    if lines > 1:
        ws.row_dimensions[row].height = round(lines * 11 * LINE_HEIGHT + 2, 2)


__all__ = ["fit_height", "normalise_zip"]
