"""Test helpers: where the test data is, and a builder for small hand-made events."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"
SEED = DATA / "seed"
REAL = DATA / "real"
#: the Standings sheet of a template: its header row (rows 1 and 2 hold xltb's version and the status) and the
#: row of the crosstable's (Teams') first participant row
HEAD, FIRST = 3, 4


def trf(players: list[tuple], *, date: str | None = "2024/10/01", kind: str = "Swiss-System",
        extra: tuple[str, ...] = ()) -> str:
    """A TRF-16 text from compact rows ``(start_no, rating, "2w1 3b= -U -H -Z 4w+ ...")``.

    A round cell is ``<opponent><colour><result>`` or ``-<code>`` for a round without opponent
    (``-U`` pairing-allocated bye, ``-H`` half-point bye, ``-Z`` zero-point bye, ``-`` blank).
    The points column is left empty (nothing to check against).
    """
    lines = ["012 Hand-built test event"]
    if date:
        lines.append(f"042 {date}")
    lines.append(f"092 Individual: {kind}")
    lines.extend(extra)
    for start_no, rating, cells in players:
        blocks = []
        for cell in cells.split():
            if cell.startswith("-"):
                code = cell[1:] or " "
                blocks.append(f"0000 - {code}")
            else:
                blocks.append(f"{int(cell[:-2]):4d} {cell[-2]} {cell[-1]}")
        rating_text = f"{rating:4d}" if rating else "    "
        lines.append(f"001 {start_no:4d} m    {'Player ' + str(start_no):<33} {rating_text} FID {'':11} {'':10} "
                     f"{'':4} {start_no:4d}  " + "  ".join(blocks))
    return "\n".join(lines) + "\n"


def event(players: list[tuple], **kwargs):
    """A Tournament parsed by the real TRF reader from :func:`trf` rows."""
    from xltb.readers import trf as trf_reader

    return trf_reader.read(trf(players, **kwargs), source="hand-built.trf")


def read_trf(path, **kwargs):
    """The individual event of a file (a team TRF file: its players' event), read through the registry."""
    from xltb.readers.registry import INDIVIDUAL_READERS, read_event

    return read_event(path, readers=INDIVIDUAL_READERS, **kwargs)[0]


def read_csv_export(path, **kwargs):
    """(tournament, what it published) of a chess-results or SwissPerfect export, through the registry."""
    from xltb.readers.registry import read_published

    found = read_published(path, **kwargs)
    assert found is not None, f"{path} is not an export"
    return found


def read_team_event(path, **kwargs):
    """The event of a TRF file (a team event when it has team records), read through the registry."""
    from xltb.readers.registry import TEAM_READERS, read_event

    return read_event(path, readers=TEAM_READERS, **kwargs)[0]


def value(tournament, code: str, start_no: int, rules: str = "2024-08", **kwargs):
    """One tie-break value (a Fraction, or None when undefined)."""
    from xltb.ranking import compute

    st = compute(tournament, [code], rules, **kwargs)
    ev = st.evaluation(start_no, st.codes[0])
    return None if ev is None else ev.value


def recalc_workbook(wb):
    """``xltb recalc`` of an openpyxl workbook: (the recalculated workbook read for its values, the
    same read for its formulas, the RecalcResult)."""
    import io

    from openpyxl import load_workbook

    from xltb.recalc.run import recalc_bytes

    buf = io.BytesIO()
    wb.save(buf)
    result = recalc_bytes(buf.getvalue())
    return (load_workbook(io.BytesIO(result.data), data_only=True), load_workbook(io.BytesIO(result.data)),
            result)


def recalc_data(data: bytes):
    """``xltb recalc`` of workbook bytes (as xltb wrote them): (values, formulas, RecalcResult)."""
    import io

    from openpyxl import load_workbook

    from xltb.recalc.run import recalc_bytes

    result = recalc_bytes(data)
    return (load_workbook(io.BytesIO(result.data), data_only=True), load_workbook(io.BytesIO(result.data)),
            result)


def swiss16_with_a_draw(folder: Path) -> Path:
    """held-swiss16.trf with round 1's Alyx (1) - Jessica (9), 1-0, made a draw: the TRF an edit of
    that result in a workbook's crosstable (``=W9`` / ``=B1``) should give."""
    edited = folder / "edited.trf"
    lines = (SEED / "held-swiss16.trf").read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("001    1 "):
            lines[i] = line.replace("3.5    0     9 w 1", "3.0    0     9 w =")
        elif line.startswith("001    9 "):
            lines[i] = line.replace("1.5    0     1 b 0", "2.0    0     1 b =")
    edited.write_text("".join(lines))
    assert edited.read_text() != (SEED / "held-swiss16.trf").read_text().replace("\r", "")
    return edited


def rewrite_parts(data: bytes, edit=None, add: dict | None = None) -> bytes:
    """The zip package ``data`` with each part's bytes passed through ``edit(name, body)`` (when given)
    and the parts of ``add`` (name -> text) appended: a workbook changed in its XML, as another program
    would have written it."""
    import io
    import zipfile

    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            dst.writestr(info, edit(info.filename, body) if edit else body)
        for name, text in (add or {}).items():
            dst.writestr(name, text)
    return out.getvalue()


def set_cells(data: bytes, sheet: str, cells: dict) -> bytes:
    """The workbook with cells of one sheet set (None: emptied), edited in its XML as Excel would save
    them (openpyxl would drop the dynamic-array mark on saving)."""
    import io
    import re
    import zipfile

    from xltb.templates.cached import sheet_paths

    part = sheet_paths(zipfile.ZipFile(io.BytesIO(data)))[sheet]

    def edit(name: str, body: bytes) -> bytes:
        if name != part:
            return body
        xml = body.decode()
        for ref, value in cells.items():
            new = (rf'<c r="{ref}"\1/>' if value is None else
                   rf'<c r="{ref}"\1 t="n"><v>{value}</v></c>' if isinstance(value, int) else
                   rf'<c r="{ref}"\1 t="inlineStr"><is><t>{value}</t></is></c>')
            xml, n = re.subn(rf'<c r="{ref}"((?: s="\d+")?)(?: t="\w+")?\s*(?:/>|>.*?</c>)', new, xml)
            assert n == 1, ref
        return xml.encode()

    return rewrite_parts(data, edit)


def set_formulas(data: bytes, sheet: str, cells: dict) -> bytes:
    """The workbook with formulas put in cells of one sheet as Excel saves a formula typed into a cell not
    formatted as text: ``{"J2": ("B3", "Player 2")}`` (the formula without '=', and its saved value: text,
    a number, or None for a workbook saved by a program that computes nothing)."""
    import io
    import re
    import zipfile
    from xml.sax.saxutils import escape

    from xltb.templates.cached import sheet_paths

    part = sheet_paths(zipfile.ZipFile(io.BytesIO(data)))[sheet]

    def edit(name: str, body: bytes) -> bytes:
        if name != part:
            return body
        xml = body.decode()
        for ref, (formula, value) in cells.items():
            f = f"<f>{escape(formula)}</f>"
            new = (rf'<c r="{ref}"\1>{f}</c>' if value is None else
                   rf'<c r="{ref}"\1>{f}<v>{value}</v></c>' if isinstance(value, (int, float)) else
                   rf'<c r="{ref}"\1 t="str">{f}<v>{escape(value)}</v></c>')
            xml, n = re.subn(rf'<c r="{ref}"((?: s="\d+")?)(?: t="\w+")?\s*(?:/>|>.*?</c>)', lambda m: new.replace(
                r"\1", m.group(1)), xml)
            assert n == 1, ref
        return xml.encode()

    return rewrite_parts(data, edit)
