"""What a file says of rounds not played yet: the facts the next round's pairing needs (C.04).

Tie-breaks never read these: a requested bye for a future round, a first-round colour or an
acceleration's virtual points change no score. Pairing (:mod:`xltb.pairing`) and the TRF writer do."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from .results import Colour, Kind


class RequestedBye(NamedTuple):
    """A bye a participant asked for a round that has no pairing yet (TRF 240, or the round's own entry
    ``0000 - H`` / ``0000 - Z`` as bbpPairings and gacrux write a file to pair)."""

    start_no: int
    """The participant's pairing number."""
    round: int
    """The round the bye is for."""
    kind: Kind
    """:attr:`Kind.HALF_BYE`, :attr:`Kind.ZERO_BYE` or :attr:`Kind.FULL_BYE`."""
    line: int | None = None
    """Where it was read (a TRF line), None when not from a file line."""


class Acceleration(NamedTuple):
    """Virtual points for pairing only (C.04.5.1 Baku acceleration; TRF 250 or JaVaFo's XXA): never part
    of a score or a tie-break."""

    start_no: int
    """The participant's pairing number."""
    points: tuple[Fraction, ...]
    """The virtual points added in each round (index 0: round 1); rounds beyond the tuple add none."""

    def at(self, round_no: int) -> Fraction:
        """The virtual points in round ``round_no`` (1-based)."""
        return self.points[round_no - 1] if 0 < round_no <= len(self.points) else Fraction(0)


class Withdrawal(NamedTuple):
    """A participant who left the event: not paired from ``from_round`` on (C.04.2 withdrawals)."""

    start_no: int
    """The participant's pairing number."""
    from_round: int
    """The first round the participant is not paired in."""


class Plans(NamedTuple):
    """What an event says of the rounds still to pair. Every field defaults to "nothing said"."""

    first_colour: Colour | None = None
    """The colour of the first board's higher-ranked player in round 1 (TRF ``XXC white1`` / ``black1``);
    None: not said (drawn by lot, C.04.2)."""
    requested_byes: tuple[RequestedBye, ...] = ()
    """Byes requested for rounds without pairings."""
    acceleration: tuple[Acceleration, ...] = ()
    """Virtual pairing points per participant (C.04.5.1)."""
    withdrawals: tuple[Withdrawal, ...] = ()
    """Participants not to be paired any more."""
    maxi: bool = False
    """A Maxi-tournament (the Lim system, C.04.4.3 3.2, 3.8, 5.7: floaters and exchanges only between players
    rated 100 points or less apart): the arbiter's choice, which the text leaves undefined."""

    def byes_for(self, round_no: int) -> dict[int, Kind]:
        """The byes requested for one round: start number -> kind."""
        return {b.start_no: b.kind for b in self.requested_byes if b.round == round_no}

    def withdrawn_by(self, round_no: int) -> frozenset[int]:
        """The participants not to be paired in round ``round_no``."""
        return frozenset(w.start_no for w in self.withdrawals if w.from_round <= round_no)


__all__ = ["Acceleration", "Plans", "RequestedBye", "Withdrawal"]
