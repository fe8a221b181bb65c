"""The template workbooks: ``xltb template KIND -o FILE`` (``.xlsx``, ``.xlsm``, ``.ods``).

:mod:`xltb.templates.build` lays out the workbook (sheets, names, validations, styles,
:mod:`xltb.templates.parts`), :mod:`xltb.templates.cached` writes every formula's value into the
sheet XML (so a viewer without xltb shows numbers), :mod:`xltb.templates.xlsm` adds the classic
add-in's VBA, and :mod:`xltb.templates.ods` serialises the same workbook as OpenDocument with
formulas translated by :mod:`xltb.templates.openformula`.
"""
