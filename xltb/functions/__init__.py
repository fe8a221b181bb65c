"""The worksheet functions, once, as plain Python callables of values.

* :mod:`xltb.functions.catalogue`: which functions exist (``TB_SB_C1`` ... one per common code).
* :mod:`xltb.functions.core`: crosstable + settings -> value, rank, breakdown, table, with every
  distinct crosstable parsed once; problems come back as :class:`~xltb.cells.ExcelError`.
* :mod:`xltb.functions.event`: the parsed event (an individual or a team event) with its Settings, and
  what the functions compute from it once (standings, values, the table).
* :mod:`xltb.functions.callables`: every function by name (:data:`~xltb.functions.callables.NAMES`),
  what each host calls.

Hosts (:mod:`xltb.hosts`) adapt these to Excel, LibreOffice and the recalc engine. Nothing here
imports a host's library (xlwings Lite loads this package in Pyodide).
"""
