"""Writing an event as a TRF-2026 file (``xltb trf``): the format this package reads, written back.

The writer works on the event model only (:class:`~xltb.model.Tournament`, or a team event through
:mod:`xltb.writers.trf_team`), whatever file it was read from, and follows the columns of the
TRF-2026 text (FIDE Handbook, "Format of Tournament Report File, version 2026"):

* tournament records ``012 022 032 042 052 062 072 082 092 102 112 122 132 142``; ``162`` when the scoring is not
  the default one; ``172`` and the NRS lines of national ratings; ``192``; the tie-break list as
  ``202`` and, with ``PTS`` first, ``212``;
* one ``001`` line per player: pairing number (5-8), sex (10), title (11-13), name (15-47), rating
  (49-52), federation (54-56), FIDE number (58-68), birth date (70-79), the points (81-84, filled in)
  and the rank of the standings (86-89), then each round from column 92 in ten columns: opponent
  (``0000`` for none), colour (``w``, ``b``, ``-``) and result (``1 = 0 + - W D L`` for games, ``U F H
  Z`` for byes, blank for a round without a result or not paired);
* ``299`` records for what the scoring record cannot say: a round's points that differ from the
  scoring (for every participant when they all do, else per round and participant) and the points
  not tied to a round (a bonus or penalty, round ``000``).

What the model cannot say in TRF-2026 is returned as warnings with the text (:class:`Written`), never
invented: a name longer than the 33 columns, points that do not fit columns 81-84, what the source
lacked (:attr:`~xltb.model.Tournament.lacks`).
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from ..errors import XltbError
from ..model import Colour, EventType, Kind, Player, Scoring
from ..model.event import Event
from ..model.tournament import NationalRating
from ..readers.trf_records import declared_event_type
from .trf_lines import ABNORMAL_TYPE, CRLF, Lines, Ranking, Written, abnormal_line, add_299, decimal, field, fixed
from .trf_plans import acceleration_records, bye_records, colour_records

if TYPE_CHECKING:  # the team model is loaded only for team events
    from ..model.team import TeamTournament


#: the result column of a round, by kind (TRF-2026 001, column 99 for round 1)
RESULT_CODE: dict[Kind, str] = {
    Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.UNRATED_WIN: "W", Kind.UNRATED_DRAW: "D",
    Kind.UNRATED_LOSS: "L", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-",
    Kind.NOT_PLAYED: " ", Kind.PAB: "U", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
    Kind.ABSENT: " ",
}
_COLOUR_CODE = {Colour.WHITE: "w", Colour.BLACK: "b", Colour.NONE: "-"}
TYPE_TEXT = {EventType.SWISS: "Swiss-System", EventType.ROUND_ROBIN: "Round-Robin",
             EventType.DOUBLE_ROUND_ROBIN: "Double Round-Robin"}
#: the largest pairing number columns 5-8 hold
MAX_NUMBER = 9999


# --------------------------------------------------------------------------- the event
def write_trf(event: Event, ranking: Ranking | None = None) -> Written:
    """The TRF-2026 text of an individual or team event with its points, the ranks of its standings when
    ``ranking`` gives them (blank without), and what it says of the rounds not played yet (its plans)."""
    out = Lines()
    players: tuple[Player, ...] = event.players
    if players and max(p.start_no for p in players) > MAX_NUMBER:
        raise XltbError(f"pairing numbers above {MAX_NUMBER} cannot be written in TRF (columns 5-8)",
                        file=event.source)
    header(out, event, ranking)
    if not event.is_team:
        ranks = dict(ranking.ranks) if ranking is not None else {}
    else:
        from .trf_team import player_ranks, team_records  # the team model: team events only

        ranks = player_ranks(event)
    for p in players:
        out.add(player_line(out, p, ranks.get(p.start_no), event.rounds))
    for p in players:
        for record in p.national:
            out.add(national_line(p.start_no, record))
    if not event.is_team:
        abnormal_points(out, players, written_scoring(event.scoring))
        for lack in sorted(event.lacks):
            out.warnings.append(_LACKS[lack])
    else:
        team_records(out, event, ranking)
    bye_records(out, event.plans, event.rounds, max(event.rounds_planned or event.rounds, event.rounds))
    acceleration_records(out, event.plans, match_points=event.is_team and event.primary == "MP")
    return out.written()


_LACKS = {
    "pairing numbers": "the source has no pairing numbers: the numbers written (columns 5-8) are the participants' "
                       "numbers in the export (its ranks), not the pairing numbers of the event",
    "colours": "the source has no colours: the games are written with colour '-' (columns 97, 107, ...), and "
               "colour-based tie-breaks (BPG, BWG) cannot be computed from the file either",
}


def header(out: Lines, event: Event, ranking: Ranking | None) -> None:
    """The tournament records (012 ... 212)."""
    _description(out, event)
    text, code = type_records(event)
    out.add(f"092 {text}")
    _officials(out, event)
    planned = max(event.rounds_planned or event.rounds, event.rounds)
    out.add(f"142 {planned}")
    if planned > event.rounds:  # rounds to come: the pairing programs read XXR (JaVaFo, bbpPairings)
        out.add(f"XXR {planned}")
    colour_records(out, event.plans)
    line = _scoring_line(event)
    if line:
        out.add(line)
    for federation, method in event.rating_methods:
        out.add(f"172 {federation:<3} {method}")
    if code:
        out.add(f"192 {code}")
    tiebreaks = ranking.tiebreaks if ranking is not None else tuple(c for c in event.tiebreaks if c != "PTS")
    if tiebreaks:
        out.add("202 " + ",".join(tiebreaks))
        out.add("212 " + ",".join(("PTS",) + tuple(tiebreaks)))
    if event.is_team:
        _team_scoring(out, event)
    from .. import __version__

    if ranking is None:
        out.add(f"### written by xltb {__version__}")
    else:
        out.add(f"### written by xltb {__version__}: points and ranks of the standings under FIDE C.07, edition "
                f"{ranking.edition}")


def _description(out: Lines, event: Event) -> None:
    """012 ... 082: the event's name, place, dates and counts."""
    name = event.name or (os.path.splitext(os.path.basename(event.source))[0] if event.source else "")
    out.add(f"012 {name}")
    for tag, value in (("022", event.city), ("032", event.federation)):
        if value:
            out.add(f"{tag} {value}")
    for tag, day in (("042", event.start_date), ("052", event.end_date)):
        if day is not None:
            out.add(f"{tag} {day.year:04d}/{day.month:02d}/{day.day:02d}")
    out.add(f"062 {len(event.players)}")
    out.add(f"072 {sum(1 for p in event.players if _fide_rating(p))}")
    if event.is_team:
        out.add(f"082 {len(event.teams)}")


def _officials(out: Lines, event: Event) -> None:
    """102 ... 132: the arbiters, the time control and the rounds' dates."""
    if event.chief_arbiter:
        out.add(f"102 {event.chief_arbiter}")
    for deputy in event.deputies:
        out.add(f"112 {deputy}")
    if event.time_control:
        out.add(f"122 {event.time_control}")
    if event.round_dates:  # 132: round 1's date in columns 92-99, round 2's in 102-109, ...
        out.add("132".ljust(91) + "".join(f"{d[:8]:<8}  " for d in event.round_dates))


def _scoring_line(event: Event) -> str:
    """162: the scoring (empty: FIDE's usual one); points it cannot hold are named where they were given."""
    try:
        return scoring_162(event.scoring)
    except XltbError as err:  # named where the points were given: a workbook's Settings cell, or the file
        own = event.provisions
        key = _SETTING.get(err.message.split("'s ", 1)[-1][:1], "")
        where = f"{own.cell(key)}: " if own is not None and key else ""
        raise XltbError(where + err.message, file=event.source) from None


def _team_scoring(out: Lines, event: TeamTournament) -> None:
    """352 and 362: the boards' colours and the match scoring of a team event."""
    if event.board_colours:
        out.add(f"352 {event.board_colours}")
    from .trf_team import match_scoring_362

    line = match_scoring_362(event.match_scoring)
    if line:
        out.add(line)


def type_records(event: Event) -> tuple[str, str]:
    """092 and 192: the file's own when they say the event type (and, for a team event, the primary score)
    the standings used; else written from the model (092 text; 192 only for a team event, whose primary
    score it carries)."""
    code = event.type_code
    if code and declared_event_type("", code) not in (None, event.event_type):
        code = ""  # the file's code names another system (the user chose --event-type)
    text = event.type_text
    if declared_event_type(text, "") is not event.event_type:  # the file's text when it says the type
        text = ("Team: " if event.is_team else "Individual: ") + TYPE_TEXT[event.event_type]
    if event.is_team:
        from .trf_team import primary_code

        code = primary_code(code, event)
    return text, code


def written_scoring(scoring: Scoring) -> Scoring:
    """The scoring a reader takes from the 162 record written for ``scoring`` (:func:`scoring_162`): W also
    gives forfeit wins and full-point byes, D half-point byes, A forfeit losses (TRF-2026 162)."""
    a = scoring.points(Kind.ZERO_BYE)
    return Scoring(win=scoring.win, draw=scoring.draw, loss=scoring.loss, forfeit_win=scoring.win,
                   full_bye=scoring.win, half_bye=scoring.draw, zero_bye=a, forfeit_loss=a,
                   pab=scoring.points(Kind.PAB), unknown=scoring.unknown)


#: the Settings of a workbook that give the points of TRF 162's codes
_SETTING = {"W": "PointsWin", "D": "PointsDraw", "L": "PointsLoss", "A": "PointsLoss", "P": "PointsPAB"}


def scoring_162(scoring: Scoring) -> str:
    """TRF-2026 162 (a code in column 6, its points in 7-10, the next code in 15, ...), or "" for the default
    scoring (1, 1/2, 0; a pairing-allocated bye worth a win)."""
    values = [("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss), ("A", scoring.points(Kind.ZERO_BYE)),
              ("P", scoring.points(Kind.PAB))]
    if scoring.unknown is not None:
        values.append(("X", scoring.unknown))
    if written_scoring(scoring) == written_scoring(Scoring()) and scoring.unknown is None:
        return ""
    cells = []
    for code, value in values:
        text = fixed(value, 4)
        if text is None:
            shown = str(value) if len(str(value)) <= 20 else f"a number of {len(str(abs(int(value))))} digits"
            raise XltbError(f"the scoring's {code} ({shown}) cannot be written in the four columns of TRF 162")
        cells.append(f"{code}{text}")
    return "162  " + "    ".join(cells)


def _fide_rating(p: Player) -> int | None:
    return p.fide_rating if p.national else p.rating


def player_line(out: Lines, p: Player, rank: int | None, rounds: int) -> str:
    """A 001 line: the static part, the points filled in, the rank, then every round."""
    no = p.start_no
    who = f"#{no} "
    rating = _fide_rating(p)
    rating_text = str(rating) if rating else ""
    rating_text = field(out, rating_text, 4, "ratings", who, cut=False)
    points = fixed(p.points, 4)
    if points is None:
        out.warn_once("points ", f"points that do not fit columns 81-84: #{no} {decimal(p.points) or p.points} "
                      "written blank")
        points = ""
    name = field(out, p.name, 33, "names", who)
    static = (f"001 {no:4d} {field(out, p.sex, 1, 'sexes', who):1}{field(out, p.title, 3, 'titles', who):>3} "
              f"{name:<33} {rating_text:>4} {field(out, p.federation, 3, 'federations', who):<3} "
              f"{field(out, p.fide_id, 11, 'FIDE numbers', who, cut=False):>11} "
              f"{field(out, p.birth, 10, 'birth dates', who):<10} {points:>4} {rank if rank else '':>4}")
    blocks = [round_block(r.kind, r.opponent, r.colour) for r in p.results]
    blocks += [round_block(Kind.ABSENT, None, Colour.NONE)] * (rounds - len(blocks))
    return static + "".join("  " + b for b in blocks)


def round_block(kind: Kind, opponent: int | None, colour: Colour) -> str:
    """A round's eight columns: opponent (0000: none), colour, result."""
    if opponent is None:
        return f"0000 - {RESULT_CODE.get(kind, ' ') if kind is not Kind.NOT_PLAYED else ' '}"
    return f"{opponent:4d} {_COLOUR_CODE[colour]} {RESULT_CODE[kind]}"


def national_line(no: int, r: NationalRating) -> str:
    """An NRS line: the rating federation instead of 001, the columns of a 001 line's static part."""
    rating = str(r.rating) if r.rating else ""
    return (f"{r.federation[:3]:<3} {no:4d} {r.sex[:1]:1}{r.classification[:3]:>3} {r.name[:33]:<33} "
            f"{rating[:4]:>4} {r.origin[:3]:<3} {r.number[:11]:>11} {r.birth[:10]:<10}")


# --------------------------------------------------------------------------- 299 records
def abnormal_points(out: Lines, players: Sequence[Player], scoring: Scoring) -> None:
    """299 records for the rounds whose points differ from the written scoring's, and for the points not
    tied to a round."""
    table = scoring.table()
    deviations: dict[Kind, dict[tuple[int, Fraction], list[int]]] = {}
    regular: dict[Kind, bool] = {}
    for p in players:
        for r in p.results:
            if r.points == table[r.kind]:
                regular[r.kind] = True
                continue
            deviations.setdefault(r.kind, {}).setdefault((r.round, r.points), []).append(p.start_no)
    for kind, groups in deviations.items():
        code = ABNORMAL_TYPE.get(kind)
        values = {value for _, value in groups}
        if code is None:
            out.warnings.append(f"rounds of kind {kind.name.lower().replace('_', ' ')} with points other than the "
                                "scoring's cannot be written in TRF (no 299 type): written with the scoring's points")
            continue
        if len(values) == 1 and not regular.get(kind):  # every such round: one record for the event
            add_299(out, abnormal_line(code, None, values.pop(), None, ()), "points")
            continue
        for (rnd, value), ids in sorted(groups.items()):
            for chunk in range(0, len(ids), 20):
                add_299(out, abnormal_line(code, None, value, rnd, ids[chunk:chunk + 20]), "points")
    bonus: dict[Fraction, list[int]] = {}
    for p in players:
        if p.extra_points:
            bonus.setdefault(p.extra_points, []).append(p.start_no)
    for value, ids in sorted(bonus.items()):
        for chunk in range(0, len(ids), 20):
            add_299(out, abnormal_line(" ", None, value, None, ids[chunk:chunk + 20]), "points")


__all__ = ["Ranking", "Written", "write_trf", "decimal", "fixed", "RESULT_CODE", "ABNORMAL_TYPE", "CRLF", "Lines"]
