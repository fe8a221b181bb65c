"""The pairing systems xltb knows, by name: each a function with the Dutch system's signature,
``(event, round_no, edition, *, lots=None) -> Pairs`` (:class:`PairingSystem`), loaded when first asked for.

* ``dutch``: the FIDE (Dutch) system, C.04.3 (:mod:`xltb.pairing.dutch`, when it is installed);
* ``berger``: FIDE's Berger tables for round robins, C.05 Annex 1 (:mod:`xltb.pairing.berger`);
* ``burstein``: the Burstein system, C.04.4.2 (:mod:`xltb.pairing.c044.burstein`);
* ``dubov``: the Dubov system, C.04.4.1 (:mod:`xltb.pairing.c044.dubov`);
* ``lim``: the Lim system, C.04.4.3 (:mod:`xltb.pairing.c044.lim`);
* ``fide-team`` (also ``team``): the Swiss team system, C.04.6 (:mod:`xltb.pairing.team`), for team events
  (:class:`TeamPairingSystem`: the same signature with a team event).
"""

from __future__ import annotations

import importlib
from typing import Callable, Protocol

from ..errors import XltbError
from ..messages import Message
from ..model import Tournament
from ..model.team import TeamTournament
from ..rules.swiss import SwissEdition
from .result import Pairs


class PairingSystem(Protocol):
    """What pairs one round: the event as it stood before the round, the round, the edition of C.04 and the
    seed of a drawing of lots (the first round's colour when the event does not say it)."""

    def __call__(self, event: Tournament, round_no: int, edition: SwissEdition, *,
                 lots: int | None = None) -> Pairs: ...


class TeamPairingSystem(Protocol):
    """What pairs one round of a team event: as :class:`PairingSystem`, with a team event."""

    def __call__(self, event: TeamTournament, round_no: int, edition: SwissEdition, *,
                 lots: int | None = None) -> Pairs: ...


def _dutch() -> PairingSystem:
    try:  # the Dutch engine is its own module, loaded by name: a build without it says so
        module = importlib.import_module(f"{__package__}.dutch")
    except ModuleNotFoundError as err:
        if err.name != f"{__package__}.dutch":
            raise
        raise XltbError(str(Message("pair.system_not_available", system="dutch"))) from None
    function: PairingSystem = getattr(module, "pair_dutch")
    return function


def _burstein() -> PairingSystem:
    from .c044.burstein import pair_burstein

    return pair_burstein


def _dubov() -> PairingSystem:
    from .c044.dubov import pair_dubov

    return pair_dubov


def _lim() -> PairingSystem:
    from .c044.lim import pair_lim

    return pair_lim


def _berger() -> PairingSystem:
    from .berger import pair_berger

    return pair_berger


def _team() -> TeamPairingSystem:
    from .team import pair_team

    return pair_team


#: name -> how to load it (the systems that pair Swiss events and those that read tables)
LOADERS: dict[str, Callable[[], PairingSystem]] = {"dutch": _dutch, "berger": _berger}
#: the systems of team events (C.04.6), by name
TEAM_LOADERS: dict[str, Callable[[], TeamPairingSystem]] = {"fide-team": _team, "team": _team}
LOADERS["burstein"] = _burstein  # C.04.4.2
LOADERS["dubov"] = _dubov  # C.04.4.1
LOADERS["lim"] = _lim  # C.04.4.3
#: the systems of a Swiss: by brackets; the others follow a table (round robins)
SWISS_SYSTEMS = frozenset({"dutch"}) | {"burstein", "dubov"} | {"lim"}


def names() -> tuple[str, ...]:
    """Every system's name, in the order the help lists them."""
    return tuple(LOADERS) + tuple(TEAM_LOADERS)


def system(name: str) -> PairingSystem:
    """The pairing function of ``name``; an unknown name, or a system this build lacks, is refused."""
    loader = LOADERS.get(name.strip().lower())
    if loader is None and name.strip().lower() in TEAM_LOADERS:
        raise XltbError(str(Message("pairing.team.individual_event", system=name)))
    if loader is None:
        raise XltbError(str(Message("pair.system_unknown", system=name, known=", ".join(names()))))
    return loader()


def team_system(name: str) -> TeamPairingSystem:
    """The pairing function of the team system ``name`` (``fide-team``, ``team``); any other is refused."""
    loader = TEAM_LOADERS.get(name.strip().lower())
    if loader is None:
        raise XltbError(str(Message("pairing.team.system_not_team", system=name, known=", ".join(TEAM_LOADERS))))
    return loader()


__all__ = ["LOADERS", "PairingSystem", "SWISS_SYSTEMS", "TEAM_LOADERS", "TeamPairingSystem", "names", "system",
           "team_system"]
