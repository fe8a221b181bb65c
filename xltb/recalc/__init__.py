"""``xltb recalc``: every formula of a workbook evaluated without Excel, formulas kept, values cached.

:mod:`xltb.recalc.run` reads the workbook and writes the result; :mod:`xltb.recalc.engine` evaluates
with the ``formulas`` package (xltb's functions registered by :mod:`xltb.hosts.engine`), on the
cells of :mod:`xltb.recalc.values`; :mod:`xltb.recalc.sheetxml` writes the values into the original
sheet XML. Only this command imports ``formulas`` (and numpy).
"""
