"""xltb's own workbooks (.xlsx, .xlsm, .ods) read as event files: the cells of their named blocks,
read with care for hostile files (:mod:`xltb.books.xmlsafe`, :mod:`xltb.limits`), and the event the
sheet readers of :mod:`xltb.sheets` make of them (:mod:`xltb.books.workbook`). The readers'
registry (:mod:`xltb.readers.registry`) asks this package first."""
