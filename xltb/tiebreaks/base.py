"""Values and their breakdowns.

Every tie-break returns an :class:`Evaluation`: the value and the elements it was
computed from (per round: opponent, the score used and why, contribution, cut or not,
the article applied). The elements are kept as plain tuples in engine units and turned
into :class:`Contribution` records only when a breakdown is asked for, so that computing
standings for thousands of players stays fast.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Final, Literal, NamedTuple, NewType, Sequence, get_args, overload

if TYPE_CHECKING:
    from .catalogue import TieBreak, TieBreakType

from ..messages import Message, Text

#: why an element has its value: a key of :data:`SOURCES` (its article) and of the messages
#: ``source.<source>`` (what it means)
SourceName = Literal["game", "forfeit-played", "game-adjusted", "forfeit-played-adjusted", "game-virtual",
                     "forfeit-played-virtual", "dummy", "dummy-capped-forfeit", "dummy-capped-bye", "virtual",
                     "round", "points", "count", "koya", "koya-below", "opponent", "opponent-value", "unplayed",
                     "std"]
#: C.07 12: a team's board line (``board 2``, ``board 2: 2 x 1.5``), words of its own rather than a name
BoardLabel = NewType("BoardLabel", str)
#: an element's source
Source = SourceName | BoardLabel
SOURCE_NAMES: frozenset[str] = frozenset(get_args(SourceName))
#: a board line as tiebreaks/team.py writes it: ``board 2`` or ``board 2: 2 x 1.5``
_BOARD_LINE = re.compile(r"board (\d+)(: \d+ x (\d+(?:\.\d+)?))?")
#: what an element is ranked by when cut (C.07 14.1): a number, or a tuple of numbers compared in order
Key = int | tuple[int, ...]


class Element(NamedTuple):
    """One addend of a tie-break, in engine units.

    The engine builds elements as plain tuples in this field order (``VALUE``, ``KEY``, ...: a
    tuple is several times cheaper to make than a named tuple, and standings of thousands of
    players make hundreds of thousands of them); :meth:`Evaluation.breakdown` names the fields.
    """

    value: int  # contribution (units 1/q**power)
    key: Key  # significance: the least significant value has the smallest key (C.07 14.1)
    vur: bool  # comes from a voluntarily unplayed round (C.07 16.5)
    round: int | None  # 1-based
    opponent: int | None  # start number
    source: Source  # why this value (see SOURCES)
    score: int | None = None  # the opponent's (or dummy's) score used, units 1/q
    result: int | None = None  # points scored in that round, units 1/q
    rating: int | None = None


# the fields' indexes, as literal constants: ``raw[VALUE]`` is typed as the field
VALUE: Final = 0
KEY: Final = 1
VUR: Final = 2
ROUND: Final = 3
OPPONENT: Final = 4
SOURCE: Final = 5
SCORE: Final = 6
RESULT: Final = 7
RATING: Final = 8

#: an element of the opponent-based tie-breaks (Buchholz, Sonneborn-Berger: C.07 8, 9), whose round,
#: score and result are always set
OpponentRaw = tuple[int, Key, bool, int, int | None, Source, int, int, int | None]
#: an element as the engine makes it: a plain tuple in :class:`Element`'s field order (an
#: :class:`Element` is one too)
Raw = tuple[int, Key, bool, int | None, int | None, Source, int | None, int | None, int | None]
#: a value: exact, a whole number of rating points for the rating-based tie-breaks
Value = Fraction | int


def element(value: int, key: Key, vur: bool, round_no: int | None, opponent: int | None, source: Source,
            score: int | None = None, result: int | None = None, rating: int | None = None) -> Raw:
    """An element as a plain tuple (see :class:`Element` for the fields)."""
    return (value, key, vur, round_no, opponent, source, score, result, rating)


#: The article an element's ``source`` applies; what it means is the message ``source.<source>`` of the
#: language files (English: ``str(Message("source.game"))`` = "game played over the board").
SOURCES: dict[Source, Text] = {
    "game": "C.07 15.1",
    "forfeit-played": Message("article.modifier_p"),
    "game-adjusted": "C.07 16.3",
    "forfeit-played-adjusted": "C.07 16.3",
    "game-virtual": Message("article.annex_fb"),
    "forfeit-played-virtual": Message("article.annex_fb"),
    "dummy": "C.07 16.4",
    "dummy-capped-forfeit": "C.07 16.4.1 (2026)",
    "dummy-capped-bye": "C.07 16.4.2 (2026)",
    "virtual": Message("article.annex_fb"),
    "round": "C.07 7.5",
    "points": "C.07 4.2",
    "count": "",
    "koya": "C.07 9.2",
    "koya-below": "C.07 9.2",
    "opponent": "C.07 10",
    "opponent-value": "",
    "unplayed": "C.07 15.1",
    "std": "C.07 7.7 (2026)",
}


class Contribution(NamedTuple):
    """One line of a breakdown, in points."""

    round: int | None
    opponent: int | None
    source: Source
    article: Text  # "C.07 16.3"; a message where the reference has words ("2011 annex F.b")
    value: Fraction
    score: Fraction | None = None
    result: Fraction | None = None
    rating: int | None = None
    vur: bool = False
    cut: Message | None = None  # why it was cut (C.07 14, 16.5); None: counted

    @property
    def explanation(self) -> Message:
        """What the contribution is (``game played over the board``...), rendered by the faces; a team's
        board line (C.07 12) in the words of ``source.board`` / ``source.board_weighted``."""
        if self.source in SOURCE_NAMES:
            return Message(f"source.{self.source}")
        line = _BOARD_LINE.fullmatch(self.source)
        if line is None:  # a label this module does not write: shown as it is
            return Message("source.label", label=self.source)
        if line[2] is None:
            return Message("source.board", board=int(line[1]))
        return Message("source.board_weighted", board=int(line[1]), points=Fraction(line[3]))


#: the fractions breakdowns are made of, by (numerator, denominator): a large event's breakdowns hold
#: hundreds of thousands of contributions and few distinct values (scores, halves), and Fraction's own
#: constructor (its type checks and gcd) was most of an export's Details sheet; a Fraction is immutable
_FRACTIONS: dict[tuple[int, int], Fraction] = {}


def _fraction(numerator: int, denominator: int) -> Fraction:
    key = (numerator, denominator)
    made = _FRACTIONS.get(key)
    if made is None:
        if len(_FRACTIONS) > 100_000:
            _FRACTIONS.clear()
        made = _FRACTIONS[key] = Fraction(numerator, denominator)
    return made


class Evaluation:
    """A tie-break value and how it was obtained."""

    __slots__ = ("code", "value", "_elements", "_build", "cuts", "power", "q", "notes", "article", "result_q",
                 "_breakdown")

    def __init__(self, code: str, value: Value | None, elements: Sequence[Raw] = (),
                 cuts: dict[int, Message] | None = None, *, power: int = 1, q: int = 1, notes: tuple[Text, ...] = (),
                 article: str = "", result_q: int | None = None, build: Callable[[], Sequence[Raw]] | None = None):
        self.code = code
        self.value = value  # exact: a Fraction, or an int for whole rating points; None when undefined
        self._elements = elements
        self._build = build  # makes the elements when they are first asked for (a value computed without them)
        self.cuts = cuts or {}
        self.power = power
        self.q = q  # elements' values are in units of 1/q**power, their scores in units of 1/q
        self.notes = notes
        self.article = article
        self.result_q = q if result_q is None else result_q  # units of the elements' results
        self._breakdown: tuple[Contribution, ...] | None = None

    @property
    def elements(self) -> Sequence[Raw]:
        """The addends the value was computed from (see :class:`Element`), made on demand when the value
        was computed directly (the standings of thousands of players need only the values)."""
        if self._build is not None:
            self._elements = self._build()
            self._build = None
        return self._elements

    def breakdown(self) -> tuple[Contribution, ...]:
        """The per-round contributions in points, with what was cut and why (made once: an export's
        Details sheet and its HTML page both print them)."""
        if self._breakdown is not None:
            return self._breakdown
        out = []
        scale, q, result_q, cuts = self.q**self.power, self.q, self.result_q, self.cuts
        # the shared fractions looked up here, _fraction making those not yet made: a call per figure (870,000
        # for 9,999 players) was a measurable part of the Details sheet (tested against None: a Fraction's
        # truth is a Python call)
        shared = _FRACTIONS.get
        for i, raw in enumerate(self.elements):
            # Element's fields, unpacked in its order (naming each tuple cost as much as the rest)
            value, _key, vur, round_no, opponent, source, score, result, rating = raw
            points = shared((value, scale))
            if points is None:
                points = _fraction(value, scale)
            scored = None if score is None else shared((score, q))
            if scored is None and score is not None:
                scored = _fraction(score, q)
            got = None if result is None else shared((result, result_q))
            if got is None and result is not None:
                got = _fraction(result, result_q)
            out.append(Contribution(round_no, opponent, source, SOURCES.get(source, ""), points, scored, got,
                                    rating, vur, cuts.get(i)))
        self._breakdown = tuple(out)
        return self._breakdown

    def __repr__(self) -> str:
        return f"Evaluation({self.code}={self.value})"


class Column(Sequence[Evaluation | None]):
    """One tie-break's evaluation of every participant (in file order).

    The values are computed for everybody at once (standings of thousands of participants need
    only them); each participant's :class:`Evaluation`, with its breakdown, is made when it is
    first asked for, by the same rules, and must agree with the value already computed.
    """

    __slots__ = ("code", "values", "_evaluate", "_made")

    def __init__(self, code: str, values: Sequence[Value | None],
                 evaluate: Callable[[int], Evaluation | None] | None = None,
                 made: list[Evaluation | None] | None = None):
        self.code = code
        self.values = values
        self._evaluate = evaluate
        self._made: list[Evaluation | None] = made if made is not None else [None] * len(values)

    @classmethod
    def of(cls, code: str, evaluations: list[Evaluation | None]) -> "Column":
        """A column of evaluations made one by one."""
        return cls(code, [None if e is None else e.value for e in evaluations], made=list(evaluations))

    def __len__(self) -> int:
        return len(self.values)

    @overload
    def __getitem__(self, i: int) -> Evaluation | None: ...

    @overload
    def __getitem__(self, i: slice) -> list[Evaluation | None]: ...

    def __getitem__(self, i: int | slice) -> Evaluation | None | list[Evaluation | None]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        made = self._made[i]
        if made is None and self._evaluate is not None:
            made = self._made[i] = self._evaluate(i if i >= 0 else i + len(self))
            if made is not None and made.value != self.values[i]:
                raise RuntimeError(f"{self.code}: the breakdown gives {made.value}, the value computed for the "
                                   f"standings is {self.values[i]} (participant index {i})")
        return made

    def __repr__(self) -> str:
        return f"Column({self.code}, {len(self)} values)"


class TieBreakInfo(NamedTuple):
    """How an individual tie-break is computed: its record (:mod:`xltb.tiebreaks.catalogue`) and the
    functions its ``computed_by`` names (:mod:`xltb.tiebreaks.registry` resolves them)."""

    record: "TieBreak"
    #: (ctx, spec, p) -> Evaluation; None for type A (computed on a tied set)
    compute: Callable[..., Evaluation] | None
    #: (ctx, spec) -> every participant's value at once, without breakdowns (the standings' fast path);
    #: None: the values come from ``compute``
    values: Callable[..., list[Fraction | None]] | None = None

    @property
    def higher_is_better(self) -> bool:
        return self.record.higher_is_better

    @property
    def kind(self) -> "TieBreakType":
        """C.07 4.3 type: A (subset), B, C, D or combinations."""
        return self.record.kind

    @property
    def rating_based(self) -> bool:
        return self.record.rating_based
