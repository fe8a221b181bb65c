"""The hosts of the worksheet functions, each a thin adapter of :mod:`xltb.functions`.

* :mod:`xltb.hosts.classic`: the classic xlwings add-in (Excel on Windows and Mac, VBA wrappers).
* :mod:`xltb.hosts.lite`: xlwings Lite and xlwings Server, and the ``main.py`` that ``xltb lite`` writes.
* :mod:`xltb.hosts.libreoffice`: the LibreOffice Calc extension (a Python UNO add-in).
* :mod:`xltb.hosts.engine`: the ``formulas`` engine of ``xltb recalc``.
"""
