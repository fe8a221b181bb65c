"""Every tie-break of FIDE C.07 as one record: what the regulations say of it (article, name, type,
the modifiers it takes) and how xltb computes and shows it (the function, the display precision).

The tables the rest of xltb used to keep by hand are derived from :data:`TIEBREAKS`: the acronyms
and their articles, the modifiers each code takes, which codes a Cut or Median applies to, the
aliases, the direct-encounter family, the team tie-breaks, the display precision, and the
individual and team catalogues of functions (:mod:`xltb.tiebreaks.registry`,
:mod:`xltb.tiebreaks.team`). ``xltb codes``, the worksheet functions' catalogue, the report's
number formats and the templates' are made from the same records.

This module imports nothing of xltb but the editions and the English names (:mod:`xltb.messages`, from
the English language file): the code parser (:mod:`xltb.tiebreaks.codes`) and every face read it.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ..messages import english_tiebreak_names
from ..rules import EDITIONS, Edition

#: the events a tie-break is defined for (see :attr:`TieBreak.events`)
Events = Literal["individual", "team", "both"]

#: a tie-break's type in C.07 4.3 (see :attr:`TieBreak.kind`): A, B, C, D and the combinations the table of
#: Art. 5 gives
TieBreakType = Literal["A", "B", "C", "D", "BC", "BD", "CC"]

#: what each modifier letter of :attr:`TieBreak.modifiers` stands for, as ``xltb codes`` prints it
MODIFIER_NAMES: dict[str, str] = {"C": "/Cn (Cut)", "M": "/Mn (Median)", "L": "/L±n (limit)", "P": "/P (forfeits played)",
                                  "F": "/F (Fore)", "K": "/Kx (factor)", "R": "/R (reverse)"}


class TieBreak(NamedTuple):
    """One tie-break of C.07, e.g. Buchholz (an immutable record; a named tuple rather than a frozen
    dataclass: ``dataclasses`` would add its import to every start of ``xltb standings``)::

        >>> TIEBREAKS["BH"].article, TIEBREAKS["BH"].modifiers, TIEBREAKS["BH"].decimals
        ('8.1', 'CMPF', None)
    """

    acronym: str
    """The acronym in capitals, as codes are matched (``"BH"``, ``"MPVGP"``)."""

    article: str
    """The article of C.07 that defines it (``"8.1"``, ``"13.3.2"``)."""

    name: str = ""
    """Its name, in English, as C.07 gives it: the English language file's (``tiebreaks`` of
    ``xltb/report/lang/en.json``, which the other languages translate), not written here."""

    kind: TieBreakType = "B"
    """Its type in C.07 4.3 (the table of Art. 5): ``A`` ranks a set of tied participants (and may be
    listed more than once), ``B`` the participant's own results, ``C`` its opponents' results, ``D``
    ratings; combinations such as ``BC``."""

    modifiers: str = ""
    """The modifiers it takes, one letter each (C.07 14 and the TRF-2026 tie-break descriptor, as
    FIDE's reference program reads them): ``C`` Cut-n, ``M`` Median-n (14.1-14.4; Median only where
    14.3 applies), ``L`` the Koya limit (14.5), ``P`` forfeits as played games (15.2), ``F`` Fore
    Buchholz (8.3), ``K`` the SSSC normalising factor (13.4.2.b), ``R`` reverse order (7.8, 10.6).
    Any other modifier is refused when a user or a file gives the code."""

    cuttable: bool = False
    """Its value is a sum (or an average) of elements, so that a Cut or a Median can apply at all
    (C.07 14). Wider than ``modifiers``: other programs' codes are read leniently (Swiss-Manager
    publishes a Median Sonneborn-Berger, ``SB/M1``), but never a Cut where nothing is summed."""

    decimals: int | None = None
    """Its display precision: ``0`` for ratings and counts, ``2`` for averages kept exact (AOB,
    SSSC), ``None`` for as many decimals as the value needs (at least one, at most four; see
    :mod:`xltb.tiebreaks.display`). Values are exact; only display rounds."""

    rating_based: bool = False
    """Computed from ratings (C.07 10): C.07 10 drops it when unrated participants are present,
    unless the rules say how they count (``--unrated-rating``)."""

    events: Events = "individual"
    """The events it is defined for: ``individual`` (Art. 6-10; a team event computes them on its
    match or game points, 13), ``team`` (Art. 11-13), or ``both``: named for team events too, with a
    score reference ``:MP`` or ``:GP`` (``BH:MP/C1``, ``DE:GP``; C.07 13)."""

    direct: bool = False
    """Of the direct-encounter family (DE, EDE and its chains: type A, Art. 6 and 13.3): it ranks
    the tied set, and a participant has a value only where Art. 6 gives it a standing among the
    tied (``docs/tiebreak-values.md``)."""

    higher_is_better: bool = True
    """The higher value ranks first; False for the pairing number (TPN, 7.8) and the board count
    (BC, 12.1)."""

    since: str | None = None
    """The first edition of C.07 that defines it (``"2026-03"`` for STD, TPN and RTNG); None: every
    edition xltb knows."""

    aliases: tuple[str, ...] = ()
    """Other acronyms read as this one (``GE``, renamed ``REP`` in 2026; ``ESB``)."""

    chain: tuple[str, ...] = ()
    """C.07 13.3.2: the Art. 12 tie-breaks an EDE chain applies, in order, to two teams still tied."""

    computed_by: str = ""
    """How xltb computes it: the function of :mod:`xltb.tiebreaks` (``module.function``) that
    computes one participant's value with its breakdown; a function of the same name ending in
    ``_values`` (if any) computes every participant's value at once, without breakdowns. Type A
    tie-breaks name the function that ranks a tied set."""

    spelling: str = ""
    """How xltb writes the acronym when it is not all capitals (``MPvGP``); empty: the acronym."""

    @property
    def spelt(self) -> str:
        """The acronym as xltb prints it (``MPvGP``)."""
        return self.spelling or self.acronym

    def defined_in(self, edition: Edition) -> bool:
        """Whether ``edition`` defines it (see :attr:`since`)."""
        return self.since is None or edition.starts >= EDITIONS[self.since].starts

    def takes(self, letter: str) -> bool:
        """Whether it takes the modifier ``letter`` (see :attr:`modifiers`)."""
        return letter in self.modifiers


_T = TieBreak
#: each tie-break's English name: the English language file's (``tiebreaks`` of xltb/report/lang/en.json), the
#: one place it is written, which the legend, the function wizard and ``xltb codes`` all show
_NAMES = english_tiebreak_names()

#: every tie-break, by acronym (in the order of C.07: Art. 4, 6-10, then the team tie-breaks 11-13)
TIEBREAKS: dict[str, TieBreak] = {t.acronym: t._replace(name=_NAMES[t.acronym]) for t in (
    _T("PTS", "4.2", events="both", computed_by="own.points"),
    _T("DE", "6", kind="A", modifiers="P", events="both", direct=True,
       computed_by="direct.direct_encounter"),
    _T("WIN", "7.1", decimals=0, computed_by="own.wins"),
    _T("WON", "7.2", modifiers="P", decimals=0, computed_by="own.games_won"),
    _T("BPG", "7.3", modifiers="P", decimals=0, computed_by="own.black_games"),
    _T("BWG", "7.4", modifiers="P", decimals=0, computed_by="own.black_wins"),
    _T("PS", "7.5", modifiers="C", cuttable=True, computed_by="own.progressive"),
    _T("REP", "7.6", modifiers="P", decimals=0, aliases=("GE",),
       computed_by="own.elected_rounds"),
    _T("STD", "7.7", since="2026-03", computed_by="own.standard_points"),
    _T("TPN", "7.8", modifiers="R", decimals=0, higher_is_better=False, since="2026-03",
       computed_by="own.pairing_number"),
    _T("BH", "8.1", kind="C", modifiers="CMPF", cuttable=True, events="both",
       computed_by="buchholz.buchholz"),
    _T("AOB", "8.2", kind="CC", modifiers="PF", cuttable=True, decimals=2,
       computed_by="buchholz.average_opponents_buchholz"),
    _T("FB", "8.3", kind="D", modifiers="CMP", cuttable=True, events="both",
       computed_by="buchholz.fore_buchholz"),
    _T("SB", "9.1", kind="BC", modifiers="CP", cuttable=True, events="both",
       computed_by="buchholz.sonneborn_berger"),
    _T("KS", "9.2", kind="BC", modifiers="LP", computed_by="buchholz.koya"),
    _T("ARO", "10.1", kind="D", modifiers="CMP", cuttable=True, decimals=0,
       rating_based=True, computed_by="rating.average_rating"),
    _T("TPR", "10.2", kind="D", modifiers="CP", cuttable=True, decimals=0,
       rating_based=True, computed_by="rating.performance"),
    _T("PTP", "10.3", kind="D", modifiers="P", decimals=0, rating_based=True,
       computed_by="rating.perfect_performance"),
    _T("APRO", "10.4", kind="BD", modifiers="CP", cuttable=True,
       decimals=0, rating_based=True, computed_by="rating.average_performance"),
    _T("APPO", "10.5", kind="BD", modifiers="CP", cuttable=True,
       decimals=0, rating_based=True, computed_by="rating.average_perfect_performance"),
    _T("RTNG", "10.6", kind="D", modifiers="R", decimals=0, rating_based=True, since="2026-03",
       computed_by="rating.own_rating"),
    # team tie-breaks (Art. 11-13)
    _T("MPTS", "11.1.1", events="team", computed_by="team.match_points"),
    _T("GPTS", "11.1.2", events="team", computed_by="team.game_points"),
    _T("BC", "12.1", events="team", higher_is_better=False, computed_by="team.board_count"),
    _T("TBR", "12.2", events="team", computed_by="team.top_board_results"),
    _T("BBE", "12.3", events="team", computed_by="team.bottom_board_elimination"),
    _T("MPVGP", "13.1", events="team", spelling="MPvGP", computed_by="team.mp_v_gp"),
    _T("EMMSB", "13.2.1", kind="BC", modifiers="CP", cuttable=True,
       events="team", aliases=("ESB",), computed_by="team.extended_sb"),
    _T("EMGSB", "13.2.2", kind="BC", modifiers="CP", cuttable=True,
       events="team", computed_by="team.extended_sb"),
    _T("EGMSB", "13.2.3", kind="BC", modifiers="CP", cuttable=True,
       events="team", computed_by="team.extended_sb"),
    _T("EGGSB", "13.2.4", kind="BC", modifiers="CP", cuttable=True,
       events="team", computed_by="team.extended_sb"),
    _T("EDE", "13.3", kind="A", modifiers="P", events="team", direct=True,
       computed_by="team.extended_direct_encounter"),
    _T("EDET", "13.3.2", kind="A", modifiers="P", events="team", direct=True,
       chain=("TBR",), computed_by="team.extended_direct_encounter"),
    _T("EDEB", "13.3.2", kind="A", modifiers="P", events="team",
       direct=True, chain=("BBE",), computed_by="team.extended_direct_encounter"),
    _T("EDEBT", "13.3.2", kind="A", modifiers="P",
       events="team", direct=True, chain=("BC", "TBR"), computed_by="team.extended_direct_encounter"),
    _T("EDEBB", "13.3.2", kind="A", modifiers="P",
       events="team", direct=True, chain=("BC", "BBE"), computed_by="team.extended_direct_encounter"),
    _T("SSSC", "13.4", kind="BD", modifiers="PKF", decimals=2,
       events="team", computed_by="team.sssc"),
)}

#: alias -> acronym (``GE`` -> ``REP``)
ALIASES: dict[str, str] = {alias: t.acronym for t in TIEBREAKS.values() for alias in t.aliases}
#: acronym -> (C.07 article, name)
ACRONYMS: dict[str, tuple[str, str]] = {a: (t.article, t.name) for a, t in TIEBREAKS.items()}
#: acronym -> the modifier letters it takes (:attr:`TieBreak.modifiers`)
MODIFIERS: dict[str, str] = {a: t.modifiers for a, t in TIEBREAKS.items()}
#: the acronyms a Cut or a Median can apply to at all (:attr:`TieBreak.cuttable`)
CUTTABLE: frozenset[str] = frozenset(a for a, t in TIEBREAKS.items() if t.cuttable)
#: the direct-encounter family (:attr:`TieBreak.direct`)
DIRECT: frozenset[str] = frozenset(a for a, t in TIEBREAKS.items() if t.direct)
#: the tie-breaks of team events only (C.07 11-13)
TEAM_ONLY: frozenset[str] = frozenset(a for a, t in TIEBREAKS.items() if t.events == "team")
#: 13.3.2: EDE and its chains -> the Art. 12 tie-breaks applied, in order, when two teams stay tied
EDE_CHAINS: dict[str, tuple[str, ...]] = {a: t.chain for a, t in TIEBREAKS.items() if t.direct and t.events == "team"}


def tiebreak(acronym: str) -> TieBreak | None:
    """The record of an acronym or an alias, in any case (``"ge"`` -> REP); None when unknown."""
    key = acronym.upper()
    return TIEBREAKS.get(ALIASES.get(key, key))


__all__ = ["TieBreak", "TIEBREAKS", "Events", "MODIFIER_NAMES", "ALIASES", "ACRONYMS", "MODIFIERS", "CUTTABLE",
           "DIRECT", "TEAM_ONLY", "EDE_CHAINS", "tiebreak"]
