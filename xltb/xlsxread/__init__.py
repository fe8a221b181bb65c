"""Reading a workbook package's XML for ``xltb recalc``, without openpyxl (:mod:`xltb.xlsxread.reader`):
the :class:`~xltb.xlsxread.book.Book` the formula engine works on."""
