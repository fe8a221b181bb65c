"""The Excel face of xltb: worksheet functions (``=TB_SB_C1(A2)``), template workbooks and
recalculation without Excel.

* :mod:`xltb.excel.crosstable` turns the rows of a Crosstable sheet (arbiter notation ``+W9``,
  ``=B13``, ``-F12``, ``+BYE``, ... or chess-results cells ``9w1``) into a
  :class:`~xltb.model.Tournament`, and back.
* :mod:`xltb.excel.settings` reads the Settings sheet (tie-break list, edition, scoring, ...).
* :mod:`xltb.excel.core` is the host-independent layer: values, ranks, breakdowns and the
  standings table for a crosstable, with every distinct crosstable parsed once.
* :mod:`xltb.excel.functions` is every worksheet function once (``TB_SB_C1``, ``TB_STANDINGS``,
  ...), a plain Python function of values: what any host calls.
* :mod:`xltb.excel.udfs` adapts them to the classic xlwings add-in (the only module that imports
  xlwings at import time); :mod:`xltb.excel.lite` to xlwings Lite and Server (their decorators
  are passed in).
* :mod:`xltb.excel.templates` (with :mod:`~xltb.excel.template_sheets`, :mod:`~xltb.excel.xlsm`
  and :mod:`~xltb.excel.cached`) writes the template workbooks.
* :mod:`xltb.excel.recalc` is ``xltb recalc``: every formula of a workbook evaluated by the
  ``formulas`` engine (:mod:`~xltb.excel.engine`, with xltb's functions registered by
  :mod:`~xltb.excel.engine_functions`), the values written into the file's XML
  (:mod:`~xltb.excel.sheetxml`). Only that command imports ``formulas`` (and numpy).

* :mod:`xltb.excel.libreoffice` builds the same functions into a LibreOffice Calc extension
  (a Python UNO add-in, ``xltb libreoffice``).

Nothing here imports xlwings or openpyxl at import time except :mod:`xltb.excel.udfs`.
"""
