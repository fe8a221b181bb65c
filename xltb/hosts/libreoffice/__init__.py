"""The LibreOffice Calc face of xltb: the worksheet functions as a Python UNO add-in in an ``.oxt``.

* :mod:`.spec` lists the functions (the catalogue's ``TB_...`` functions, ``TB``, ``TB_RANK``,
  ``TB_EXPLAIN``, ``TB_CHECK``, ``TB_STANDINGS``, ``TB_STATUS``, ``TB_VERSION``) with their arguments, in the value-passing form
  ``=TB_SB_C1(A2; $Crosstable.$A$1:$P$17; $Settings.$A$2:$B$12)``.
* :mod:`.idl` writes the UNO IDL of the add-in's interface from :mod:`.spec`; the type library
  compiled from it (``xltb.rdb``, with LibreOffice's ``unoidl-write``) is committed beside it, so
  building the extension needs no LibreOffice.
* :mod:`.dispatch` calls xltb's value functions for a Calc call (plain Python: tested without
  LibreOffice); :mod:`.component` is the UNO component LibreOffice loads (it imports ``uno``, so
  only LibreOffice's Python imports it).
* :mod:`.oxt` builds the extension: the component, the type library, ``CalcAddIns.xcu`` (display
  names and help), ``description.xml`` and a copy of the pure-Python ``xltb`` package.
* :mod:`.unopkg` installs and removes it with LibreOffice's ``unopkg``.

Calc stores a call by its programmatic name ``ORG.XLTB.XLTBADDIN.TB_SB_C1``; the function wizard
and the cell show the Excel name ``TB_SB_C1``.
"""

#: the add-in's UNO service; Calc's programmatic function names are ``<SERVICE>.<method>``
SERVICE = "org.xltb.XltbAddIn"
IMPLEMENTATION = "org.xltb.XltbAddIn.python"
#: the interface declared in xltb.idl (module org::xltb)
INTERFACE = "org.xltb.XXltb"
#: the extension's identifier (description.xml), what ``unopkg remove`` takes
EXTENSION_ID = "org.xltb.calc-addin"
#: how Calc stores a call in a formula (upper case, in .ods files and XCell.getFormula())
PREFIX = SERVICE.upper() + "."
