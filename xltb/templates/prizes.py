"""The Prizes sheet of the individual templates: the prize table the arbiter fills in (``PrizeTable``:
Prize, Category, Amount), how money is shared (``PrizeSharing``: none, equal, hort) and one formula,
``=TB_PRIZES(PrizeTable,PrizeSharing,Crosstable,Settings)``, that spills the prize list: each prize,
its winner, the money paid and the reason, then the players tied with each category's last winner
(:mod:`xltb.prizes`, the list ``xltb prizes`` prints). Team templates have none (prizes are awarded
to the players of individual events).
"""

from __future__ import annotations

from typing import Any

from ..cells import put_text
from ..hosts.book import prize_room
from ..prizes import PrizeTable
from ..prizes.rows import money
from .parts import print_setup

#: rows a blank template keeps for prizes; a filled one keeps this many beyond its prizes
PRIZE_ROWS = 40
#: the cells: the prize table from A1, the sharing in F1, a line of help in E2, the list from E3
SHARING_CELL, ANCHOR_COLUMN, ANCHOR_ROW = "F1", 5, 3
HELP = ("Category: Open, or conditions joined by &: Rating<1900, Rating>=2000, Rating 1600-1799, Unrated, Women, "
        "Men, Born>=2010, U18 (age on the start date), Senior (65 and over), Federation=ITA, Title=WGM. Amount blank: "
        "a trophy. Sharing: none (the tie-breaks decide), equal, hort.")
_WIDTHS = {"A": 18, "B": 20, "C": 9, "D": 3, "E": 18, "F": 16, "G": 9, "H": 5, "I": 24, "J": 6, "K": 7, "L": 9,
           "M": 90}


def prize_block(table: PrizeTable | None) -> list[list[Any]]:
    """The PrizeTable block: the header, the table's prizes (amounts as numbers), spare rows."""
    rows: list[list[Any]] = [["Prize", "Category", "Amount"]]
    for prize in table.prizes if table is not None else ():
        rows.append([prize.name, prize.category.text, money(prize.amount)])
    return rows + [[None, None, None] for _ in range(PRIZE_ROWS)]


def prizes_sheet(wb: Any, block: list[list[Any]], share: str, table: list[list[Any]], st: dict[str, Any],
                 event_name: str | None, blocks: str) -> dict[str, Any]:
    """The Prizes sheet; ``table`` is what ``TB_PRIZES`` gives for the workbook. Returns the cached value of
    every formula cell (cell -> value)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation
    from openpyxl.worksheet.formula import ArrayFormula

    ws = wb.create_sheet("Prizes")
    for r, row in enumerate(block, start=1):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c)
            put_text(cell, value)  # a prize's name from a file is text, never a formula
            cell.border = st["border"]
            if r == 1:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            elif c < 3:
                cell.number_format = "@"  # Rating<1900 and 1st are text
    wb.defined_names["PrizeTable"] = DefinedName("PrizeTable", attr_text=f"Prizes!$A$1:$C${len(block)}")
    ws["E1"] = "Sharing"
    ws["E1"].font = st["head_font"]
    put_text(ws[SHARING_CELL], share)
    ws[SHARING_CELL].border = st["border"]
    wb.defined_names["PrizeSharing"] = DefinedName("PrizeSharing", attr_text="Prizes!$F$1")
    sharing = DataValidation(type="list", formula1='"none,equal,hort"', allow_blank=True)
    sharing.add(SHARING_CELL)
    ws.add_data_validation(sharing)
    ws["E2"] = HELP  # one line, over the empty cells on its right
    anchor = f"{get_column_letter(ANCHOR_COLUMN)}{ANCHOR_ROW}"
    height, width = len(table), max(len(r) for r in table)
    last = f"{get_column_letter(ANCHOR_COLUMN + width - 1)}{ANCHOR_ROW + height - 1}"
    ws[anchor] = ArrayFormula(f"{anchor}:{last}", f"=TB_PRIZES(PrizeTable,PrizeSharing,{blocks})")
    room_rows, room_cols = prize_room(table, len(block))
    # the block a host without dynamic arrays (LibreOffice: xltb.templates.ods) gives the list, the size the
    # Calc add-in pads it to (xltb.hosts.libreoffice.dispatch.pad_table)
    wb.xltb_matrix["Prizes"] = (anchor, room_rows, room_cols)
    for r in range(room_rows):
        for k in range(room_cols):
            cell = ws.cell(row=ANCHOR_ROW + r, column=ANCHOR_COLUMN + k)
            inside = r < height and k < len(table[r])
            if inside and (r, k) != (0, 0):
                put_text(cell, table[r][k])  # names stay text
            if r == 0:
                cell.font, cell.fill, cell.alignment = st["head_font"], st["head_fill"], st["center"]
            else:
                cell.alignment = st["wrap"] if k in (0, 1, 4, room_cols - 1) else st["top"]
                if k == 6:
                    cell.number_format = "0.0##"  # points, as the standings print them
            if inside:
                cell.border = st["border"]
    for letter, w in _WIDTHS.items():
        ws.column_dimensions[letter].width = w
    ws.freeze_panes = "A2"
    print_setup(ws, {"EventName": event_name}, landscape=True)
    # what is printed: the list's first lines, as many as the prize table has rows and a dozen more (the whole
    # room, three lines a prize line, would print pages of empty cells)
    printed = min(room_rows, len(block) + 12)
    ws.print_area = f"E{ANCHOR_ROW}:{get_column_letter(ANCHOR_COLUMN + room_cols - 1)}{ANCHOR_ROW + printed - 1}"
    return {anchor: table[0][0]}


__all__ = ["prizes_sheet", "prize_block", "PRIZE_ROWS", "HELP"]
