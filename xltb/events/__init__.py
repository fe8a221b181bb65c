"""Events assembled from records: the back end every reader shares.

A reader (a TRF file, an export, a workbook's sheets) turns its text or cells into records;
:mod:`xltb.events.builder` makes a :class:`~xltb.model.Tournament` of them (every result checked
against its opponent's, byes and absences as C.07 16 reads them) and
:mod:`xltb.events.team_builder` a :class:`~xltb.model.team.TeamTournament` from the team records
(:mod:`xltb.events.team_records`), its matches by :mod:`xltb.events.team_matches` (boards, line-ups, match
scoring: the team-only rules) and :mod:`xltb.events.team_byes` (the PAB the totals imply). What both kinds
share (the event type, the rounds declared, TRF 299's result types and order) is in the builder. Nothing
here knows a file format beyond the TRF records' codes.
"""
