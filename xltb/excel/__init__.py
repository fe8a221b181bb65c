"""The Excel face of xltb: worksheet functions (``=TB_SB_C1(A2)``), template workbooks and
recalculation without Excel.

* :mod:`xltb.excel.crosstable` turns the rows of a Crosstable sheet (arbiter notation ``+W9``,
  ``=B13``, ``-F12``, ``+BYE``, ... or chess-results cells ``9w1``) into a
  :class:`~xltb.model.Tournament`, and back.
* :mod:`xltb.excel.settings` reads the Settings sheet (tie-break list, edition, scoring, ...).
* :mod:`xltb.excel.core` is the host-independent layer: values, ranks, breakdowns and the
  standings table for a crosstable, with every distinct crosstable parsed once.
* :mod:`xltb.excel.udfs` wraps :mod:`~xltb.excel.core` as xlwings functions (the only module
  that imports xlwings at import time).

* :mod:`xltb.excel.libreoffice` builds the same functions into a LibreOffice Calc extension
  (a Python UNO add-in, ``xltb libreoffice``).

Nothing here imports xlwings or openpyxl except :mod:`xltb.excel.udfs`.
"""
