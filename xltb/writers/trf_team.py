"""The team records of a TRF-2026 file (``xltb trf`` of a team event; see :mod:`xltb.writers.trf`):

* ``192`` carries the primary score (``_MP``/``_GP``), ``352`` the board colours (when the event has
  them), ``362`` the match points when they are not 2/1/0;
* ``310`` per team: pairing number (5-7), name (9-40), short name (42-46), strength (48-53), match and
  game points (55-60, 62-67, filled in), rank of the standings (69-71), the roster in board order
  (74-77, 79-82, ...);
* ``300`` the line-up of a round where it is not the roster's order (or has an empty board, ``0000``);
* ``320`` the pairing-allocated byes (their MP and GP, the team of each round), ``330`` the forfeited
  matches, ``240`` the teams' requested byes (``F``, ``H``, ``Z``);
* ``299`` the MP and GP of a team's round that the records above do not give as the event had them
  (a type of result, the round and the team), and the MP and GP not tied to a round (a bonus or
  penalty).

A player's rank in columns 86-89 of a team event is his place among all players by points (equal
points share the place): the standings rank the teams.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Colour, Kind, RoundResult
from ..model.team import MatchScoring, Team, TeamTournament
from .trf_lines import ABNORMAL_TYPE, BYE_CODE, Lines, Ranking, abnormal_line, add_299, byes_240, field, fixed

#: team numbers are three columns (310 columns 5-7)
MAX_TEAM = 999
_POINTS = "team points"  # what a 299 record that cannot be written names
_FORFEIT_CODE = {Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}
_MATCH = {Kind.WIN, Kind.DRAW, Kind.LOSS}


def primary_code(code: str, event: TeamTournament) -> str:
    """192 with the primary score the standings used: the file's code when it says it, else one that does and
    that pairs the same way: a round robin's ``CUSTOM_TEAM_ROUNDROBIN_MP``; a team Swiss's FIDE code, the
    file's with its scores made the event's (:func:`fide_team_code`); a team workbook's the system it pairs by,
    ``FIDE_TEAM_TYPEA_MP_GP`` (its Settings PairingSystem has no other; C.04.6 1.7: type A colours by default;
    1.2.2: both scores, the secondary read by 4.2.2); another source's without 192 ``CUSTOM_TEAM_SWISS_MP_GP``
    (no system named; both scores, as the pairing reads an event without a code)."""
    for marker, value in (("_MP_GP", "MP"), ("_GP_MP", "GP"), ("_MP", "MP"), ("_GP", "GP")):
        if marker in code:
            if value == event.primary:
                return code
            break
    else:
        if code and event.primary == "MP" and event.primary_choice is not None \
                and event.primary_choice.origin == "default":
            return code  # the file's code, read as MP by default: read back the same way
    if event.event_type.predetermined:
        double = "DOUBLE" if event.event_type.value.startswith("double") else ""
        return f"CUSTOM_TEAM_{double}ROUNDROBIN_{event.primary}"
    if code.upper().startswith("FIDE_TEAM") or event.provisions is not None:
        return fide_team_code(code, event.primary)  # a workbook is paired by the FIDE team Swiss (its Settings)
    # a source that names no system: none named, both scores (one only would mean no secondary score, 1.2.1)
    return f"CUSTOM_TEAM_SWISS_{event.primary}_{event.secondary}"


def fide_team_code(code: str, primary: str) -> str:
    """The FIDE team Swiss's 192 (TRF-2026, as gacrux reads it) with ``primary`` first: the file's
    ``FIDE_TEAM_...`` code with its scores replaced (one score named stays one: C.04.6 1.2.1, no secondary
    score; two stay two), its colour type kept; else ``FIDE_TEAM_TYPEA_`` and both scores (C.04.6 1.2.2, 1.7)."""
    secondary = "GP" if primary == "MP" else "MP"
    tokens = code.upper().split("_")
    if not code.upper().startswith("FIDE_TEAM"):
        return f"FIDE_TEAM_TYPEA_{primary}_{secondary}"
    scores = [t for t in tokens if t in ("MP", "GP")]
    rest = [t for t in tokens if t not in ("MP", "GP")]
    if not scores and not {"TYPEA", "TYPEB", "NOCOLOR", "NOCOLOUR"} & set(rest):
        rest.insert(2, "TYPEA")  # a code without scores is type A (1.7); with scores and no type it would be none
    return "_".join(rest + ([primary] if len(scores) == 1 else [primary, secondary]))


def match_scoring_362(ms: MatchScoring) -> str:
    """362 (``TW`` in columns 5-6, its points in 7-10, ``TD`` in 14-15 ...), or "" for 2/1/0."""
    if (ms.win, ms.draw, ms.loss) == (Fraction(2), Fraction(1), Fraction(0)):
        return ""
    cells = []
    for code, value in (("TW", ms.win), ("TD", ms.draw), ("TL", ms.loss)):
        cells.append(f"{code}{fixed(value, 4) or '':>4}")
    return "362 " + "   ".join(cells)


def player_ranks(event: TeamTournament) -> dict[int, int]:
    """Each player's place among all players by points, equal points sharing it (1, 2, 2, 4)."""
    order = sorted(event.players, key=lambda p: -p.points)
    ranks: dict[int, int] = {}
    for i, p in enumerate(order):
        ranks[p.start_no] = ranks[order[i - 1].start_no] if i and p.points == order[i - 1].points else i + 1
    return ranks


def team_records(out: Lines, event: TeamTournament, ranking: Ranking | None) -> None:
    """310, 300, 320, 330, 240 and 299 of a team event."""
    if event.teams and max(t.start_no for t in event.teams) > MAX_TEAM:
        from ..errors import XltbError

        raise XltbError(f"team numbers above {MAX_TEAM} cannot be written in TRF (310 columns 5-7)", file=event.source)
    for t in event.teams:
        out.add(team_line(out, t, ranking.ranks.get(t.start_no) if ranking is not None else None))
    for t in event.teams:
        for tr in t.results:
            lineup = lineup_300(t, tr, event.boards)
            if lineup:
                out.add(lineup)
    byes_320(out, event)
    for t in event.teams:
        for tr in t.results:
            line = forfeit_330(t, tr, event)
            if line:
                out.add(line)
    team_byes_240(out, event)
    team_abnormal(out, event)


def team_line(out: Lines, t: Team, rank: int | None) -> str:
    name = field(out, t.name, 32, "team names", "")
    strength = str(t.strength) if t.strength is not None else ""
    mp, gp = fixed(t.mp, 6), fixed(t.gp, 6)
    if mp is None or gp is None:
        out.warn_once("team points ", f"team points that do not fit their six columns: team {t.start_no} written blank")
    head = (f"310 {t.start_no:3d} {name:<32} {t.short_name[:5]:<5} {strength[:6]:>6} {mp or '':>6} {gp or '':>6} "
            f"{rank if rank else '':>3}")
    return head + " " + "".join(f" {p:4d}" for p in t.roster)


def _default_lineup(t: Team, tr: RoundResult) -> list[int]:
    """The players a reader puts on the boards when no 300 says otherwise: the roster's players who played
    that round (had an opponent, or won against an empty board), in roster order."""
    on_board = {b.player for b in tr.boards if b.player is not None}
    return [p for p in t.roster if p in on_board]


def lineup_300(t: Team, tr: RoundResult, size: int) -> str:
    """300 for a round whose boards are not the roster's order from board 1, or with an unoccupied board
    (TRF-2026 300: "required when a team plays in a different board order than defined in record 310, or
    plays with an unoccupied board"): every board of the team size, an empty one 0000."""
    if not tr.boards or tr.opponent is None:
        return ""
    seated = {b.board: b.player for b in tr.boards}
    boards = [seated.get(n) for n in range(1, max(max(seated), size) + 1)]
    if not tr.lineup_declared and None not in boards and boards == _default_lineup(t, tr):
        return ""
    return f"300 {tr.round:3d} {t.start_no:3d} {tr.opponent:3d}" + "".join(f" {p or 0:4d}" for p in boards)


def byes_320(out: Lines, event: TeamTournament) -> None:
    """320: the MP and GP of a pairing-allocated bye and the team that had it in each round (000: none); a
    round with two such byes needs a second record."""
    pab: dict[int, list[int]] = {}
    for t in event.teams:
        for tr in t.results:
            if tr.kind is Kind.PAB and tr.opponent is None:
                pab.setdefault(tr.round, []).append(t.start_no)
    if not pab:
        return
    mp, gp = _pab_values(event)
    records = max(len(teams) for teams in pab.values())
    for k in range(records):
        cells = "".join(f" {pab[r][k] if len(pab.get(r, ())) > k else 0:03d}" for r in range(1, event.rounds + 1))
        out.add(f"320 {fixed(mp, 4) or '':>4} {fixed(gp, 4) or '':>4}{cells}")


def _pab_values(event: TeamTournament) -> tuple[Fraction, Fraction]:
    ms = event.match_scoring
    mp = ms.draw if ms.pab_mp is None else ms.pab_mp
    gp = event.scoring.draw * event.boards if ms.pab_gp is None else ms.pab_gp
    return mp, gp


def forfeit_330(t: Team, tr: RoundResult, event: TeamTournament) -> str:
    """330 for a forfeited match, written once, from the side of the team with white (else the lower
    number)."""
    if tr.kind not in _FORFEIT_CODE or tr.opponent is None:
        return ""
    other = event.team(tr.opponent).result(tr.round)
    white = tr.colour is Colour.WHITE or (tr.colour is Colour.NONE and other.colour is not Colour.WHITE
                                          and t.start_no < tr.opponent)
    if not white:
        return ""
    return f"330 {_FORFEIT_CODE[tr.kind]} {tr.round:03d} {t.start_no:03d} {tr.opponent:03d}"


def team_byes_240(out: Lines, event: TeamTournament) -> None:
    """240: the teams' full-, half- and zero-point byes of each round."""
    found: dict[tuple[int, str], list[int]] = {}
    for t in event.teams:
        for tr in t.results:
            if tr.kind in BYE_CODE and tr.opponent is None:
                found.setdefault((tr.round, BYE_CODE[tr.kind]), []).append(t.start_no)
    byes_240(out, found)


def read_back(event: TeamTournament, tr: RoundResult) -> tuple[Fraction, Fraction]:
    """The MP and GP a reader gives this round from the records written (before 299): a played match from
    its boards and the match scoring, any other round from the event's provisions (320, 362, the global
    299 records)."""
    ms = event.match_scoring
    if tr.kind in _MATCH and tr.opponent is not None:
        mp = {Kind.WIN: ms.win, Kind.DRAW: ms.draw, Kind.LOSS: ms.loss}[tr.kind]
        gp = sum((b.points for b in tr.boards), Fraction(0))
        o_mp, o_gp = ms.override(tr.kind)
        return (mp if o_mp is None else o_mp), (gp if o_gp is None else o_gp)
    if tr.kind is Kind.PAB:
        mp, gp = _pab_values(event)
        o_mp, o_gp = ms.override(tr.kind)
        return (mp if o_mp is None else o_mp), (gp if o_gp is None else o_gp)
    return ms.unplayed(tr.kind, event.boards, event.scoring)


def team_abnormal(out: Lines, event: TeamTournament) -> None:
    """299: the event's own abnormal points (every team, every round), a team round whose MP or GP the
    records do not give, and the MP and GP not tied to a round."""
    for kind, mp, gp in event.match_scoring.overrides:
        code = ABNORMAL_TYPE.get(kind)
        if code is not None:
            add_299(out, abnormal_line(code, mp, gp, None, ()), _POINTS)
    for t in event.teams:
        for tr in t.results:
            mp, gp = read_back(event, tr)
            if (mp, gp) == (tr.mp, tr.gp):
                continue
            code = ABNORMAL_TYPE.get(tr.kind)
            if code is None:
                out.warnings.append(f"team {t.start_no}, round {tr.round}: {_fmt(tr.mp)} MP and {_fmt(tr.gp)} GP of a "
                                    f"{tr.kind.name.lower().replace('_', ' ')} cannot be written in TRF (no 299 type)")
                continue
            add_299(out, abnormal_line(code, tr.mp if tr.mp != mp else None, tr.gp if tr.gp != gp else None, tr.round,
                                       (t.start_no,)), _POINTS)
    for t in event.teams:
        if t.extra_mp or t.extra_gp:
            add_299(out, abnormal_line(" ", t.extra_mp, t.extra_gp, None, (t.start_no,)), _POINTS)


def _fmt(value: Fraction) -> str:
    return f"{float(value):g}"


__all__ = ["primary_code", "match_scoring_362", "player_ranks", "team_records"]
