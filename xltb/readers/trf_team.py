"""Reader for team events in TRF files: TRF-2026 team records and TRF-16 ``013`` files.

The players' 001 lines are read by :mod:`xltb.readers.trf` as for an individual event (the team
records 240 and 299, which name teams and carry match and game points, left out). Then the team
records are read here into :class:`TeamRecords`, and :mod:`xltb.events.team_builder` builds each
team's rounds:

* ``310`` (TRF-2026) or ``013`` (TRF-16) teams: the players in board order (``310`` also gives the
  declared MP, GP and rank, which are compared with the computed ones: a warning when they differ);
* a match is inferred from the players' pairings: a team's players who have opponents in round r
  all meet players of one other team. A reserve written ``0000 - -`` (or blank, or ``Z``) did not
  play: he is not on a board, and it is not a forfeit. ``0000 - +`` is a board won by forfeit
  against an empty board;
* boards follow the roster order (the default order), unless ``300`` gives the line-up of the
  round; the opposing player of a board plays on the same board, an empty board is a forfeit;
* ``330`` forfeited matches, ``320`` pairing-allocated byes (and their MP/GP), ``240`` requested
  byes of teams (F, H, Z), ``299`` abnormal points (a result type: the MP and GP of that kind of
  round; blank: a bonus or penalty), ``362`` match points (read by token: ``TW 2.0  TD 1.0  TL 0.0``
  and ``TW 2     TD 1     TL 0`` alike), ``192`` primary score (``_MP_GP``, ``_GP_MP``, ``_MP``,
  ``_GP``; MP by default), ``352`` board colours (its length is the team size).

A match in which no game was played and one side won every board by forfeit is a forfeited
match (C.07 15.1: no match was played) even without a 330 record; a warning says so.

A file whose 013/310 records do not describe team matches (players without a team play team
players, or team mates meet) is read as an individual event, with a warning.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import InputError
from ..messages import Message
from ..model import Colour, EventType, Kind, Tournament
from ..model.plans import RequestedBye
from ..model.team import TeamTournament
from . import trf, trf_plans, trf_records
from .numbers import digits, int_or_none
from ..events.team_builder import NotTeamMatches, build
from ..events.team_records import ForfeitedMatch, TeamEntry, TeamRecords


def detect(text: str) -> bool:
    """A TRF text (:func:`xltb.readers.trf.detect`) with team records (013 or 310 lines)."""
    return trf.detect(text) and trf.has_team_records(text)


def read(text: str, source: str = "<text>", *, event_type: EventType | None = None,
         primary: str | None = None) -> TeamTournament | Tournament:
    """The team event of a TRF text; an individual event, with a warning, when its team records do
    not describe team matches."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # 240, 250 and 299 name teams in a team file: the individual reader leaves them to the team records
    individual, players_only = trf.parse(text, source=source, event_type=event_type, ignore=frozenset({"240", "250", "299"}))
    records = parse_records(text.split("\n"), source)
    later = later_byes(individual.rounds, records)
    try:
        event = build(individual, players_only, records, source, primary, event_type)
    except NotTeamMatches as why:
        warning = Message("warn.not_team_matches", why=str(why))
        return individual._replace(warnings=individual.warnings + (warning,))
    plans = individual.plans._replace(requested_byes=later) if later else event.plans
    # 250: the teams' virtual points (C.04.7 1; C.04.5.1 in 2025-07), in the primary score's column
    accelerated = [(k, line) for k, line in enumerate(text.split("\n"), start=1) if line.startswith("250")]
    if accelerated:
        teams = {t.start_no: t for t in event.teams}
        plans = plans._replace(acceleration=trf_plans.acceleration(accelerated, teams, source,
                                                                   match_points=event.primary == "MP"))
    return event._replace(plans=plans) if plans is not event.plans else event


def later_byes(paired: int, records: TeamRecords) -> tuple[RequestedBye, ...]:
    """The teams' 240 byes for rounds after the last one paired (by the players' lines, 330, 300 or 320):
    taken out of the records (they are no results) and returned as the plans' requested byes."""
    last = max([paired] + [r for r, _ in records.forfeits] + [r for r, _ in records.lineups]
               + list(records.pab_rounds))
    later = {key: value for key, value in records.byes.items() if key[0] > last}
    if not later:
        return ()
    records.byes = {key: value for key, value in records.byes.items() if key[0] <= last}
    return tuple(RequestedBye(team, rnd, kind, line) for (rnd, team), (kind, line) in sorted(later.items()))


# --------------------------------------------------------------------------- records
def _int(text: str, what: str, number: int, source: str, *, blank: int | None = None) -> int | None:
    t = text.strip()
    if not t:
        return blank
    if not digits(t):
        raise InputError(f"{what}: {t!r} is not a number", file=source, line=number)
    return int(t)


def _points(text: str, what: str, number: int, source: str) -> Fraction | None:
    """Points as a player's records read them (:func:`trf_records.points_number`); blank: None."""
    t = text.strip()
    return trf_records.points_number(t, what, number, source) if t else None


def parse_records(lines: list[str], source: str) -> TeamRecords:
    """The team records of a TRF file, read with the columns of the TRF-2026 text."""
    return _Parser(lines, source).records


class _Parser:
    def __init__(self, lines: list[str], source: str):
        self.type_code = ""
        self.type_text = ""
        self.board_colours = ""
        self.match_fields: dict[str, Fraction] = {}
        self.pab: tuple[Fraction | None, Fraction | None] = (None, None)
        self.pab_rounds: dict[int, set[int]] = {}
        self.forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
        self.byes: dict[tuple[int, int], tuple[Kind, int | None]] = {}
        self.lineups: dict[tuple[int, int], tuple[list[int | None], int | None]] = {}
        self.abnormal: list[tuple[int, str, Fraction | None, Fraction | None, int | None, list[int]]] = []
        self.rounds_declared: int | None = None
        teams_013: list[TeamEntry] = []
        teams_310: list[TeamEntry] = []
        for number, raw in enumerate(lines, start=1):
            line = raw.rstrip("\n")
            tag = line[:3]
            if len(line) > 3 and line[3] not in " \t":
                continue  # not a record (a record's code is followed by a blank)
            if tag == "310":
                teams_310.append(self._team_310(line, number, source))
            elif tag == "013":
                teams_013.append(TeamEntry(len(teams_013) + 1, line[4:36].strip(),
                                           tuple(self._ids(line[36:], "013", number, source)), line=number))
            elif tag == "192":
                self.type_code = line[4:].strip().upper()
            elif tag == "092":
                self.type_text = line[4:].strip()
            elif tag == "352":
                self.board_colours = line[4:].strip().upper()
            elif tag == "362":
                self._match_362(line, number, source)
            elif tag in ("142", "XXR"):
                value = line[4:].split()
                if value and digits(value[0]):
                    self.rounds_declared = int(value[0])
            elif tag == "320":
                self._pab_320(line, number, source)
            elif tag == "330":
                self._forfeit_330(line, number, source)
            elif tag == "240":
                self._bye_240(line, number, source)
            elif tag == "300":
                self._lineup_300(line, number, source)
            elif tag == "299":
                self._abnormal_299(line, number, source)
        # ref (FIDE's program) reads 310 and skips 013 when both are present, as we do
        self.records = TeamRecords(
            teams_310 or teams_013, type_code=self.type_code, type_text=self.type_text,
            board_colours=self.board_colours, match_fields=self.match_fields, pab=self.pab, pab_rounds=self.pab_rounds,
            forfeits=self.forfeits, byes=self.byes, lineups=self.lineups, abnormal=self.abnormal,
            rounds_declared=self.rounds_declared)

    @staticmethod
    def _ids(text: str, what: str, number: int, source: str) -> list[int]:
        out = []
        for t in text.replace("\t", " ").split():
            if not digits(t):
                raise InputError(f"{what}: {t!r} is not a pairing number", file=source, line=number)
            if int(t):
                out.append(int(t))
        return out

    def _team_310(self, line: str, number: int, source: str) -> TeamEntry:
        padded = line.ljust(77)
        no = _int(padded[4:7], "310: team number (columns 5-7)", number, source)
        if no is None:
            raise InputError("310: no team number in columns 5-7", file=source, line=number)
        strength = padded[47:53].strip()
        return TeamEntry(
            no, padded[8:40].strip(), tuple(self._ids(line[71:], "310", number, source)), short=padded[41:46].strip(),
            strength=int_or_none(strength) or None,
            mp=_points(padded[54:60], "310: match points (columns 55-60)", number, source),
            gp=_points(padded[61:67], "310: game points (columns 62-67)", number, source),
            rank=int_or_none(padded[68:71]), line=number)

    def _match_362(self, line: str, number: int, source: str) -> None:
        # by token: "362 TW  2.0   TD  1.0   TL  0.0", "362 TW 2     TD 1     TL 0", "362  W 3.0    D 1.0"
        found = re.findall(r"(?<![A-Za-z])T?([A-Za-z])\s*(-?\d*[.,]?\d+)", line[3:], re.ASCII)
        if not found:
            raise InputError("362: no match points found (expected e.g. TW 2.0  TD 1.0  TL 0.0)", file=source,
                             line=number)
        for code, value in found:
            code = code.upper()
            if code not in "WDLAPX":
                raise InputError(f"362: unknown code T{code} (expected TW, TD, TL)", file=source, line=number)
            points = _points(value, "362", number, source)
            if points is not None:  # the pattern matched a number: never blank
                self.match_fields[code] = points

    def _pab_320(self, line: str, number: int, source: str) -> None:
        mp = _points(line[4:8], "320: PAB match points (columns 5-8)", number, source)
        gp = _points(line[9:13], "320: PAB game points (columns 10-13)", number, source)
        self.pab = (mp, gp)
        for r, i in enumerate(range(17, len(line) + 1, 4), start=1):
            team = _int(line[i - 3:i], f"320: team of round {r}", number, source, blank=0)
            if team:
                self.pab_rounds.setdefault(r, set()).add(team)

    _FORFEITS = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
                 "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}

    def _forfeit_330(self, line: str, number: int, source: str) -> None:
        padded = line.ljust(18)
        code = padded[4:6]
        if code not in self._FORFEITS:
            raise InputError(f"330: unknown forfeit type {code!r} (expected +-, -+ or --)", file=source, line=number)
        rnd = _int(padded[7:10], "330: round (columns 8-10)", number, source)
        white = _int(padded[11:14], "330: white team (columns 12-14)", number, source)
        black = _int(padded[15:18], "330: black team (columns 16-18)", number, source)
        if not rnd or not white or not black:
            raise InputError("330: needs a round and two teams", file=source, line=number)
        kw, kb = self._FORFEITS[code]
        self.forfeits[(rnd, white)] = ForfeitedMatch(black, kw, number, Colour.WHITE)
        self.forfeits[(rnd, black)] = ForfeitedMatch(white, kb, number, Colour.BLACK)

    def _bye_240(self, line: str, number: int, source: str) -> None:
        # read as a player's 240 (trf_records.bye_240), the numbers being teams'
        _, code, rnd, teams = trf_records.bye_240(line, number, source)
        kind = trf_plans.bye_240_kind(code, number, source)
        if not rnd:
            raise InputError("240: no round in columns 7-9", file=source, line=number)
        for team in teams:
            self.byes[(rnd, team)] = (kind, number)

    def _lineup_300(self, line: str, number: int, source: str) -> None:
        padded = line.ljust(15)
        rnd = _int(padded[4:7], "300: round (columns 5-7)", number, source)
        team = _int(padded[8:11], "300: team (columns 9-11)", number, source)
        if not rnd or not team:
            raise InputError("300: needs a round and a team", file=source, line=number)
        body = line.rstrip()
        boards: list[int | None] = []
        for i in range(20, len(body) + 1 + 4, 5):
            chunk = body[i - 4:i]
            if i - 4 >= len(body):
                break
            value = _int(chunk, "300: player", number, source, blank=0)
            boards.append(value or None)
        while boards and boards[-1] is None:
            boards.pop()
        self.lineups[(rnd, team)] = (boards, number)

    def _abnormal_299(self, line: str, number: int, source: str) -> None:
        padded = line.ljust(22)
        mp = _points(padded[7:11], "299: match points (columns 8-11)", number, source)
        gp = _points(padded[13:17], "299: game points (columns 14-17)", number, source)
        rnd = _int(padded[19:22], "299: round (columns 20-22)", number, source, blank=0) or None
        self.abnormal.append((number, padded[4].upper(), mp, gp, rnd, self._ids(line[22:], "299", number, source)))


__all__ = ["detect", "read", "parse_records"]
