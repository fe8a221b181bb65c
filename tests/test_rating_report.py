"""The rating report from a workbook: the Settings sheet holds what FIDE's rating report needs (city,
federation, dates, chief arbiter and deputies, time control, round dates; the event's name and type above
them), ``xltb template --from`` fills it from a file and ``xltb trf WORKBOOK`` writes it back as the TRF
header records; an empty field the report cannot go without is one warning naming its Settings cell."""

from __future__ import annotations

from helpers import DATA, SEED
from xltb.cli.main import main

#: a TRF with every header record of the rating report (012 022 032 042 052 062 072 092 102 112 112 122 132)
FULL = DATA / "report" / "header-records.trf"
RECORDS = ("012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132")


def _header(text: str) -> list[str]:
    return [line.rstrip() for line in text.replace("\r\n", "\n").split("\n") if line[:3] in RECORDS]


def test_template_from_a_trf_and_back_keeps_the_header_records(tmp_path, capsys):
    for ext in ("xlsx", "ods"):
        book = tmp_path / f"event.{ext}"
        assert main(["template", "individual", "--from", str(FULL), "-o", str(book)]) == 0
        out = tmp_path / f"back-{ext}.trf"
        assert main(["trf", str(book), "-o", str(out)]) == 0
        err = capsys.readouterr().err
        assert _header(out.read_text()) == _header(FULL.read_text()), ext
        assert "rating report" not in err  # nothing missing
    assert [line[:3] for line in _header(FULL.read_text())] == \
        ["012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "112", "122", "132"]


def test_an_empty_field_is_one_warning_naming_its_cell(tmp_path, capsys):
    book = tmp_path / "event.xlsx"
    assert main(["template", "individual", "--from", str(SEED / "held-swiss16.trf"), "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["trf", str(book), "-o", str(tmp_path / "out.trf")]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "rating report" in line]
    from openpyxl import load_workbook

    sheet = load_workbook(book, read_only=True)["Settings"]
    row_of = {row[0].value: row[0].row for row in sheet.iter_rows(min_col=1, max_col=1) if row[0].value}
    assert warned == [f"warning: Settings {key} (Settings!B{row_of[key]}) is empty: FIDE's rating report needs it "
                      f"(TRF {tag})" for key, tag in (("City", "022"), ("Federation", "032"), ("EndDate", "052"),
                                                      ("ChiefArbiter", "102"), ("TimeControl", "122"),
                                                      ("RoundDates", "132"))]
    assert main(["trf", str(SEED / "held-swiss16.trf"), "-o", str(tmp_path / "t.trf")]) == 0
    assert "rating report" not in capsys.readouterr().err  # a TRF says what it says


def test_the_settings_rows_read_as_the_report_writes_them():
    from xltb.sheets.settings import parse_settings, round_dates_text

    s = parse_settings({"City": "Lugano", "Federation": "sui", "EndDate": "2026-02-07",
                        "DeputyArbiters": "Bianchi, Anna; Verdi, Luca", "RoundDates": "2026-02-05, 2026-02-06;26/02/07"})
    assert (s.city, s.federation, s.end_date.isoformat(), s.deputies, s.round_dates) == \
        ("Lugano", "SUI", "2026-02-07", ("Bianchi, Anna", "Verdi, Luca"), ("26/02/05", "26/02/06", "26/02/07"))
    assert round_dates_text(s.round_dates) == "2026-02-05, 2026-02-06, 2026-02-07"
