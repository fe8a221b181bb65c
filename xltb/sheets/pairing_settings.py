"""The Settings sheet's pairing rows: what the next round's pairing needs beside the crosstable (FIDE C.04).

=====================  =====================================================================
name                   meaning (blank = default)
=====================  =====================================================================
``PairingSystem``      ``Dutch`` (C.04.3), ``Burstein``, ``Dubov``, ``Lim`` (C.04.4) or ``Berger`` (the
                       round-robin tables); blank: Dutch for a Swiss, Berger for a round robin
``PairingEdition``     the edition of C.04 (``2025-07``, ``2026-02``); blank: in force on StartDate
``Rounds``             the rounds planned (C.04.1 1; the last round's exceptions); blank: not said
``FirstColour``        ``White`` or ``Black``: the colour of the higher-ranked player of board 1 in
                       round 1 (C.04.3 5.1 initial colour); blank: drawn by lot (seed ``Lots``)
``Acceleration``       ``Baku`` (C.04.5.1); blank: none
``AcceleratedRounds``  Baku: the rounds accelerated; blank: the first half of ``Rounds``, rounded up
                       (C.04.5.1 1.4.1)
``GroupA``             Baku: the pairing number of GA's last player; blank: 2 x (players / 4, rounded
                       up) (C.04.5.1 1.2.1)
``Maxi``               ``Yes``: a Maxi-tournament (the Lim system, C.04.4.3 3.2, 3.8, 5.7: floaters and
                       exchanges only within 100 rating points); blank: no
``Withdrawn``          players not paired any more: ``12, 15:7`` (#12 from the next round, #15 from
                       round 7)
=====================  =====================================================================

The PAB's points are the scoring's ``PointsPAB`` (C.04.1 3). Requested byes are not settings: they are
written in the round's own column of the Crosstable (``=BYE``/``HPB``, ``ZPB``, ``FPB``) before the
round is paired, where the arbiter records every other bye and where the printed crosstable shows it
(as bbpPairings and gacrux read a file to pair: the round's own entry ``0000 - H``). Late entries are a
new row (the rounds missed: blank, or the bye the regulations give).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping, NamedTuple

from ..errors import InputError
from ..limits import MAX_PARTICIPANTS, MAX_ROUNDS
from ..model.plans import Acceleration, Withdrawal
from ..model.results import Colour
from ..rules.swiss import SwissEdition, parse_swiss_edition
from .cellread import setting_text, setting_whole

#: setting -> (default shown in the template, help text): the pairing rows of individual templates
PAIRING_FIELDS: dict[str, tuple[Any, str]] = {
    "PairingSystem": ("", "Dutch (FIDE C.04.3), Burstein, Dubov or Lim (C.04.4), or Berger (round-robin tables). "
                          "Blank: Dutch for a Swiss, Berger otherwise."),
    "PairingEdition": ("", "Edition of the FIDE Swiss rules (C.04): 2025-07 or 2026-02. Blank: the one in force "
                           "on StartDate."),
    "Rounds": (None, "Rounds planned (C.04.1 1): the last round is paired with its exceptions (C.04.3). Blank: "
                     "not said."),
    "FirstColour": ("", "White or Black: the colour of the higher-ranked player on board 1 in round 1. Blank: "
                        "drawn by lot (seed: Lots)."),
    "Acceleration": ("", "Baku: accelerated pairings (C.04.5.1; virtual points for pairing only, never in a score "
                         "or tie-break). Blank: none."),
    "AcceleratedRounds": (None, "Baku: the rounds accelerated. Blank: the first half of Rounds, rounded up "
                                "(C.04.5.1 1.4.1)."),
    "GroupA": (None, "Baku: pairing number of the last player of group GA. Blank: twice the players divided by 4, "
                     "rounded up (C.04.5.1 1.2.1)."),
    "Maxi": ("", "Yes: a Maxi-tournament (Lim system, C.04.4.3 3.2, 3.8, 5.7: floaters and exchanges of opponents "
                 "only between players rated 100 points or less apart). Blank: no."),
    "Withdrawn": ("", "Players not to be paired any more: 12, 15:7 (#12 from the next round, #15 from round 7). "
                      "Requested byes: =BYE or ZPB in the round's column of the Crosstable."),
}

#: the team Swiss (C.04.6), for team workbooks (xltb.functions.team_pairing)
_TEAM_SYSTEMS = {"fideteam": "fide-team", "team": "fide-team", "teamswiss": "fide-team", "fideteamswiss": "fide-team"}
#: the pairing rows of team templates (the team Swiss, C.04.6; xltb.functions.team_pairing)
TEAM_PAIRING_FIELDS: dict[str, tuple[Any, str]] = {
    "PairingSystem": ("", "FIDE team: the Swiss team system (C.04.6). Blank: FIDE team."),
    "PairingEdition": PAIRING_FIELDS["PairingEdition"],
    "Rounds": (None, "Rounds planned (C.04.6: the colour rules of the last rounds). Blank: not said."),
    "FirstColour": ("", "White or Black: the colour of board 1 of the first team of the first match in round 1 "
                        "(C.04.6 4.1). Blank: drawn by lot (seed: Lots), else White."),
    "Acceleration": ("", "Baku: accelerated pairings (C.04.7 1, edition 2026-02: virtual match points, a match win's "
                         "then a draw's, for pairing only; match points as the primary score, a win worth two draws). "
                         "Blank: none."),
    "AcceleratedRounds": (None, "Baku: the rounds accelerated. Blank: the first half of Rounds, rounded up."),
    "GroupA": (None, "Baku: pairing number of the last team of group GA. Blank: twice the teams divided by 4, "
                     "rounded up."),
}
#: the spellings of each system's name an arbiter may type -> its name in the systems' registry
#: (``xltb.pairing.systems``, a layer above: tests/test_pairing_settings.py checks that both name the same systems)
_SYSTEMS = {"dutch": "dutch", "fide": "dutch", "fidedutch": "dutch", "swiss": "dutch",
            "burstein": "burstein", "dubov": "dubov", "lim": "lim",
            "berger": "berger", "roundrobin": "berger", "rr": "berger"}
_COLOURS = {"white": Colour.WHITE, "w": Colour.WHITE, "white1": Colour.WHITE,
            "black": Colour.BLACK, "b": Colour.BLACK, "black1": Colour.BLACK}


class PairingSettings(NamedTuple):
    """The Settings sheet's pairing rows, read."""

    system: str | None = None
    """``dutch`` or ``berger``; None: by the event type."""
    edition: str | None = None
    """The edition of C.04 (``2025-07``, ``2026-02``); None: in force on the start date."""
    rounds: int | None = None
    """The rounds planned (C.04.1 1); None: not said."""
    first_colour: Colour | None = None
    """The initial colour (C.04.3 5.1) of board 1's higher-ranked player in round 1; None: by lot."""
    baku: bool = False
    """Baku acceleration (C.04.5.1)."""
    accelerated_rounds: int | None = None
    """Baku: the rounds accelerated; None: the first half of the rounds planned, rounded up (1.4.1)."""
    group_a: int | None = None
    """Baku: the pairing number of GA's last player; None: 2 * ceil(players / 4) (1.2.1)."""
    withdrawn: tuple[tuple[int, int | None], ...] = ()
    """(pairing number, first round not paired; None: from the next round)."""
    maxi: bool = False
    """A Maxi-tournament (C.04.4.3 3.2, 3.8, 5.7): the arbiter's choice."""


def _whole(key: str, value: Any, least: int, most: int = MAX_ROUNDS) -> int | None:
    """A whole number of ``least`` to ``most`` (None: blank). Every count of the pairing rows is bounded by
    :data:`~xltb.limits.MAX_ROUNDS` (issue 32: Settings Rounds 100000 laid out a crosstable of 100,000 round
    columns, minutes and a gigabyte before the sheet library refused it): refused here, before any sheet is built."""
    return setting_whole(key, value, least, most)


def _key(text: str) -> str:
    return re.sub(r"[\s_\-()]", "", text.lower())


def parse_withdrawn(value: Any) -> tuple[tuple[int, int | None], ...]:
    """``12, 15:7`` -> ((12, None), (15, 7)); ``;`` and spaces separate too."""
    out: list[tuple[int, int | None]] = []
    text = re.sub(r"\s*(?::|\bfrom\b)\s*(?:r(?:ound)?\s*)?", ":", setting_text(value), flags=re.IGNORECASE)
    for part in re.split(r"[,;\s]+", text):
        if not part:
            continue
        m = re.fullmatch(r"#?(\d+)(?::(\d+))?", part)
        if not m or int(m[1]) < 1 or (m[2] is not None and int(m[2]) < 1):
            raise InputError(f"Settings Withdrawn: cannot read {part!r} (write pairing numbers, each with the first "
                             "round missed after a colon: 12, 15:7)")
        out.append((int(m[1]), int(m[2]) if m[2] is not None else None))
    return tuple(out)


def parse_pairing(values: Mapping[str, Any]) -> PairingSettings:
    """The pairing rows of a Settings block (:func:`~xltb.sheets.settings.settings_from_pairs`); errors name
    the setting."""
    system_text = setting_text(values.get("PairingSystem"))
    system = None
    if system_text:
        system = _SYSTEMS.get(_key(system_text), _TEAM_SYSTEMS.get(_key(system_text)))
        if system is None:
            raise InputError(f"Settings PairingSystem: {system_text!r} is not Dutch, Burstein, Dubov, Lim, Berger "
                             "or FIDE team")
    edition = setting_text(values.get("PairingEdition")) or None
    if edition is not None:
        try:
            edition = parse_swiss_edition(edition).key
        except Exception as err:
            raise InputError(f"Settings PairingEdition: {err}") from None
    colour_text = setting_text(values.get("FirstColour"))
    colour = None
    if colour_text:
        colour = _COLOURS.get(_key(colour_text))
        if colour is None:
            raise InputError(f"Settings FirstColour: {colour_text!r} is not White or Black")
    acceleration = _key(setting_text(values.get("Acceleration")))
    if acceleration not in ("", "baku", "none", "no"):
        raise InputError(f"Settings Acceleration: {values.get('Acceleration')!r} is not Baku (blank: none)")
    maxi = _key(setting_text(values.get("Maxi")))
    if maxi not in ("", "yes", "no", "true", "false", "1", "0", "y", "n", "maxi"):
        raise InputError(f"Settings Maxi: {values.get('Maxi')!r} is not Yes or No (blank: no)")
    return PairingSettings(system=system, edition=edition, rounds=_whole("Rounds", values.get("Rounds"), 1),
                           first_colour=colour, baku=acceleration == "baku",
                           accelerated_rounds=_whole("AcceleratedRounds", values.get("AcceleratedRounds"), 0),
                           group_a=_whole("GroupA", values.get("GroupA"), 0, MAX_PARTICIPANTS),
                           withdrawn=parse_withdrawn(values.get("Withdrawn")),
                           maxi=maxi in ("yes", "true", "1", "y", "maxi"))


def baku(settings: PairingSettings, numbers: list[int], rounds_planned: int | None, win: Fraction = Fraction(1)
         ) -> tuple[Acceleration, ...]:
    """The virtual points of Baku acceleration (C.04.5.1) for the participants ``numbers`` (pairing numbers):
    GA the players up to the pairing number ``GroupA`` (1.2.1: the first half rounded up to an even number,
    2 * ceil(N / 4)); the accelerated rounds the first half of the rounds planned, rounded up (1.4.1); one
    virtual point in the first half of them, rounded up (1.4.2), half a point in the others (1.4.3); ``win``
    those points' scale (C.04.7 1: a win's points, then half of them; a team event's match win,
    :func:`team_baku`)."""
    if not settings.baku or not numbers:
        return ()
    accelerated = settings.accelerated_rounds
    if accelerated is None:
        if rounds_planned is None:
            raise InputError("Settings AcceleratedRounds: Baku acceleration needs the rounds accelerated, or the "
                             "rounds planned (Settings Rounds) to take their first half (C.04.5.1 1.4.1)")
        accelerated = (rounds_planned + 1) // 2  # C.04.5.1 1.4.1: the first half, rounded up
    last_ga = settings.group_a if settings.group_a is not None else 2 * ((len(numbers) + 3) // 4)  # 1.2.1
    full = (accelerated + 1) // 2  # C.04.5.1 1.4.2: 1 point before the first half (rounded up)
    points = tuple(win if r < full else win / 2 for r in range(accelerated))  # 1.4.3: then 0.5
    return tuple(Acceleration(n, points) for n in sorted(numbers) if n <= last_ga and points)


def team_baku(settings: PairingSettings, numbers: list[int], rounds_planned: int | None, edition: SwissEdition,
              primary: str, win: Fraction, draw: Fraction, loss: Fraction) -> tuple[Acceleration, ...]:
    """Baku acceleration of a team Swiss (C.04.6 has no article of its own; the accelerated methods apply to
    any Swiss system): :func:`baku` of the teams in match points, a match win's points then a draw's. Only
    where the edition allows it: C.04.7 1 (2026-02) gives a win's and half a win's points wherever a win is
    worth two draws and a loss nothing; C.04.5.1 1.1.1 (2025-07) allows only the standard scoring (1, 1/2,
    0), which match points are not. Game points as the primary score have no "win" to scale by: refused."""
    if not settings.baku:
        return ()
    where = "Settings Acceleration: Baku acceleration of a team event"
    if not edition.baku_virtual_win:
        raise InputError(f"{where} needs the edition 2026-02 of C.04 (C.04.7 1: a win's points); under "
                         f"{edition.key} ({edition.acceleration_article} 1.1.1) Baku needs the standard scoring (1, "
                         "1/2, 0), which match points are not: set PairingEdition to 2026-02 or leave Acceleration "
                         "blank")
    if primary != "MP":
        raise InputError(f"{where} needs match points as the primary score (C.04.7 1: a match win's points "
                         "as virtual points; game points have no win to scale by)")
    if win != 2 * draw or loss != 0:  # C.04.7 1: a win is two draws, a loss nothing
        raise InputError(f"{where} needs a match win worth two draws and a loss worth nothing (C.04.7 1)")
    return baku(settings, numbers, rounds_planned, win)


def withdrawals(settings: PairingSettings, next_round: int) -> tuple[Withdrawal, ...]:
    """The Withdrawn setting as the model's withdrawals; a number alone is not paired from ``next_round``."""
    return tuple(Withdrawal(n, r if r is not None else next_round) for n, r in settings.withdrawn)


__all__ = ["PAIRING_FIELDS", "TEAM_PAIRING_FIELDS", "PairingSettings", "parse_pairing", "parse_withdrawn", "baku", "team_baku", "withdrawals"]
