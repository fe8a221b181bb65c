"""The sheets of xltb's workbooks as events, and back: the conventions a workbook's cells follow.

* :mod:`xltb.sheets.cellread`: a cell read, one way for every sheet: its text, a whole number, a heading,
  a mistake named by its cell.
* :mod:`xltb.sheets.crosstable`: a Crosstable sheet (arbiter notation ``+W9``, ``=B13``, ``-F12``,
  ``+BYE``, ... or chess-results cells ``9w1``) <-> :class:`~xltb.model.Tournament`.
* :mod:`xltb.sheets.settings`: the Settings sheet (tie-break list, edition, scoring, ...).
* :mod:`xltb.sheets.teams`: the Teams and Matches sheets of a team event <-> the team event (their
  cells checked one by one in :mod:`xltb.sheets.team_cells`).

The worksheet functions (:mod:`xltb.functions`) read the blocks a host passes with these modules,
and the readers (:mod:`xltb.readers`) read a whole workbook file with them. No spreadsheet library
is imported here: the cells arrive as plain values.
"""
