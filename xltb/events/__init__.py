"""Events assembled from records: the back end every reader shares.

A reader (a TRF file, an export, a workbook's sheets) turns its text or cells into records;
:mod:`xltb.events.builder` makes a :class:`~xltb.model.Tournament` of them (every result checked
against its opponent's, byes and absences as C.07 16 reads them) and
:mod:`xltb.events.team_builder` a :class:`~xltb.model.team.TeamTournament` from the team records
(:mod:`xltb.events.team_records`). Nothing here knows a file format.
"""
