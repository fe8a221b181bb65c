"""The conditions of a prize category (``Rating<1900``, ``Women``, ``U18``, ``Federation=ITA`` ...):
read from the words of a prize table, and checked against a player with the fact that decided it
(``rating 1500 < 1600``, ``age 15 on 2024-10-24 < 18``).

Ages are taken on the event's start date (TRF 042), from the birth date of the player's line
(TRF 001, columns 70-79): a player is U18 when he has not had his 18th birthday on the day the
event starts, and a Senior when he has had his 65th. (FIDE's youth and senior championships count
the age on 1 January of the year instead; a table that wants that writes ``Born>=2008`` or
``Born<=1959``, which compare the year of birth only.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Callable, Literal

from ..messages import Message, Text
from ..model import Player

Comparison = Literal["<", "<=", ">", ">=", "="]
#: a comparison as written, as its typed value
_COMPARISONS: dict[str, Comparison] = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "="}

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "=": lambda a, b: a == b,
}
#: the titles a table may name, and how TRF-16 writes them (columns 11-13)
TITLES = {"GM": "g", "IM": "m", "WGM": "wg", "FM": "f", "WIM": "wm", "CM": "c", "WFM": "wf", "WCM": "wc"}
_TRF_TITLE = {code: title for title, code in TITLES.items()}
#: titles only women hold (FIDE Handbook B.01: WGM, WIM, WFM, WCM)
WOMEN_TITLES = ("WGM", "WIM", "WFM", "WCM")
#: TRF-16 column 10: m (man), w (woman); some programs write f for a woman; a sheet may spell it out
_WOMEN, _MEN = ("w", "f", "woman", "female"), ("m", "man", "male")
#: the age from which a player is a Senior
SENIOR_AGE = 65
#: the words a category is made of, for the message that refuses another
KNOWN = ("Open", "Rating<N", "Rating<=N", "Rating>N", "Rating>=N", "Rating N-M", "Unrated", "Women", "Men",
         "Born>=YYYY", "Born<=YYYY", "Born YYYY-YYYY", "U18 (any age)", "Senior", "Federation=XXX", "Title=WGM")


@dataclass(frozen=True)
class Context:
    """What the conditions are checked against besides the player: the event's start date (ages) and
    the rating given to unrated players (``--unrated-rating``), if any."""

    start_date: date | None = None
    unrated_rating: int | None = None


@dataclass(frozen=True)
class Verdict:
    """Whether a player meets a condition (None: the file does not say enough to decide), and the fact
    that decided it, in words."""

    ok: bool | None
    #: the fact, said to the reader (``rating 1500 < 1600``)
    fact: Text


@dataclass(frozen=True)
class Condition:
    """One word of a category; ``text`` is how it is printed."""

    text: str

    @property
    def needs_age(self) -> bool:
        return False

    def check(self, player: Player, ctx: Context) -> Verdict:
        raise NotImplementedError


@dataclass(frozen=True)
class RatingBound(Condition):
    op: Comparison
    limit: int

    def check(self, player: Player, ctx: Context) -> Verdict:
        rating, shown = _rating(player, ctx)
        if rating is None:
            return Verdict(False, shown)
        ok = _COMPARE[self.op](rating, self.limit)
        return Verdict(ok, Message("prize.fact_compare" if ok else "prize.fact_not_compare", what=shown, op=self.op,
                                   limit=self.limit))


@dataclass(frozen=True)
class RatingRange(Condition):
    low: int
    high: int

    def check(self, player: Player, ctx: Context) -> Verdict:
        rating, shown = _rating(player, ctx)
        if rating is None:
            return Verdict(False, shown)
        ok = self.low <= rating <= self.high
        return Verdict(ok, Message("prize.fact_in" if ok else "prize.fact_not_in", what=shown, low=self.low,
                                   high=self.high))


@dataclass(frozen=True)
class Unrated(Condition):
    def check(self, player: Player, ctx: Context) -> Verdict:
        if player.rating is None:
            return Verdict(True, Message("prize.fact_unrated"))
        return Verdict(False, Message("prize.fact_rated", rating=player.rating))


@dataclass(frozen=True)
class Sex(Condition):
    women: bool

    def check(self, player: Player, ctx: Context) -> Verdict:
        sex = player.sex.strip().lower()
        if sex in _WOMEN:
            return Verdict(self.women, Message("prize.fact_woman"))
        if sex in _MEN:
            return Verdict(not self.women, Message("prize.fact_man"))
        title = title_of(player)
        if title in WOMEN_TITLES:  # the file leaves the sex blank, a woman's title says it
            return Verdict(self.women, Message("prize.fact_woman_by_title", title=title))
        return Verdict(False, Message("prize.fact_no_sex"))


@dataclass(frozen=True)
class BornBound(Condition):
    op: Comparison
    year: int

    def check(self, player: Player, ctx: Context) -> Verdict:
        birth = birth_date(player.birth)
        if birth is None:
            return Verdict(False, Message("prize.fact_no_birth"))
        ok = _COMPARE[self.op](birth[0], self.year)
        born = Message("prize.fact_born", year=str(birth[0]))
        return Verdict(ok, Message("prize.fact_compare" if ok else "prize.fact_not_compare", what=born, op=self.op,
                                   limit=str(self.year)))


@dataclass(frozen=True)
class BornRange(Condition):
    low: int
    high: int

    def check(self, player: Player, ctx: Context) -> Verdict:
        birth = birth_date(player.birth)
        if birth is None:
            return Verdict(False, Message("prize.fact_no_birth"))
        ok = self.low <= birth[0] <= self.high
        return Verdict(ok, Message("prize.fact_in" if ok else "prize.fact_not_in",
                                   what=Message("prize.fact_born", year=str(birth[0])), low=str(self.low),
                                   high=str(self.high)))


@dataclass(frozen=True)
class Age(Condition):
    """Under ``limit`` (U18: not yet 18) or, with ``at_least``, ``limit`` and over (Senior: 65 and over),
    on the event's start date."""

    limit: int
    at_least: bool = False

    @property
    def needs_age(self) -> bool:
        return True

    def check(self, player: Player, ctx: Context) -> Verdict:
        if ctx.start_date is None:
            raise ValueError("the event has no start date")  # refused before any player is checked
        birth = birth_date(player.birth)
        if birth is None:
            return Verdict(False, Message("prize.fact_no_birth"))
        ages = possible_ages(birth, ctx.start_date)
        on = ctx.start_date
        sign = ">=" if self.at_least else "<"
        verdicts = {(a >= self.limit) if self.at_least else (a < self.limit) for a in ages}
        if len(verdicts) > 1:
            return Verdict(None, Message("prize.fact_age_undecided", year=str(birth[0]), low=min(ages), high=max(ages),
                                         on=on, category=self.text))
        ok = verdicts.pop()
        age = str(ages[0]) if len(ages) == 1 else f"{min(ages)}-{max(ages)}"
        return Verdict(ok, Message("prize.fact_compare" if ok else "prize.fact_not_compare",
                                   what=Message("prize.fact_age", age=age, on=on), op=sign, limit=self.limit))


@dataclass(frozen=True)
class Federation(Condition):
    code: str

    def check(self, player: Player, ctx: Context) -> Verdict:
        fed = player.federation.strip().upper()
        if not fed:
            return Verdict(False, Message("prize.fact_no_federation"))
        return Verdict(fed == self.code, Message("prize.fact_federation", federation=fed))


@dataclass(frozen=True)
class Title(Condition):
    title: str  # GM, IM, WGM ...

    def check(self, player: Player, ctx: Context) -> Verdict:
        title = title_of(player)
        if not title:
            return Verdict(False, Message("prize.fact_no_title"))
        return Verdict(title == self.title, Message("prize.fact_title", title=title))


def _rating(player: Player, ctx: Context) -> tuple[int | None, Message]:
    """The rating the conditions compare (the rating given to unrated players, ``--unrated-rating`` or the
    workbook's UnratedRating, for an unrated player) and how it is said."""
    if player.rating is not None:
        return player.rating, Message("prize.fact_rating", rating=player.rating)
    if ctx.unrated_rating is not None:
        return ctx.unrated_rating, Message("prize.fact_unrated_counted", rating=ctx.unrated_rating)
    return None, Message("prize.fact_unrated_not_counted")


def title_of(player: Player) -> str:
    """The player's title as a table writes it (GM, WIM ...): TRF codes (g, wm ...) or the title written out."""
    raw = player.title.strip()
    return _TRF_TITLE.get(raw.lower(), raw.upper())


_BIRTH = re.compile(r"(\d{4})(?:[/.\-](\d{1,2})(?:[/.\-](\d{1,2}))?)?")
_DAY_FIRST = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def birth_date(text: str) -> tuple[int, int | None, int | None] | None:
    """(year, month, day) of a TRF birth date (``1969/12/06``, ``1969.12.06``, ``1978``, ``1978/00/00``; also
    ``06.12.1969``, day first with dots, as a sheet may hold it); month and day None when not given (0 or
    absent); None when there is no year."""
    m = _BIRTH.fullmatch(text.strip())
    if not m and (d := _DAY_FIRST.fullmatch(text.strip())):
        m = _BIRTH.fullmatch(f"{d[3]}.{d[2]}.{d[1]}")
    if not m or int(m[1]) == 0:
        return None
    month, day = int(m[2] or 0), int(m[3] or 0)
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return int(m[1]), None, None
    return int(m[1]), month, day


def possible_ages(birth: tuple[int, int | None, int | None], on: date) -> list[int]:
    """The age on ``on`` of a player born on ``birth``: one age, or the two it may be when only the year
    is known (before or after the birthday)."""
    year, month, day = birth
    if month is None or day is None:
        return sorted({on.year - year - 1, on.year - year})
    return [on.year - year - ((on.month, on.day) < (month, day))]


_WORD = re.compile(r"\s*(rating|born)\s*(<=|>=|<|>|=)\s*(\d+)\s*", re.I)
_RANGE = re.compile(r"\s*(rating|born)\s+(\d+)\s*-\s*(\d+)\s*", re.I)
_UNDER = re.compile(r"\s*u\s*(\d{1,3})\s*", re.I)
_KEY = re.compile(r"\s*(federation|title)\s*=\s*(\S+)\s*", re.I)


def parse_condition(word: str) -> Condition:
    """One word of a category (``Rating<1900``); ValueError with the reason when it is not one."""
    if m := _WORD.fullmatch(word):
        what, op, n = m[1].lower(), _COMPARISONS[m[2]], int(m[3])  # _WORD admits only these comparisons
        if what == "born":
            _check_year(n, word)
            return BornBound(f"Born{op}{n}", op, n)
        return RatingBound(f"Rating{op}{n}", op, n)
    if m := _RANGE.fullmatch(word):
        what, low, high = m[1].lower(), int(m[2]), int(m[3])
        if low > high:
            raise ValueError(f"{word.strip()!r}: the range {low}-{high} is empty (write the lower bound first)")
        if what == "born":
            _check_year(low, word)
            _check_year(high, word)
            return BornRange(f"Born {low}-{high}", low, high)
        return RatingRange(f"Rating {low}-{high}", low, high)
    if m := _UNDER.fullmatch(word):
        if int(m[1]) < 1:
            raise ValueError(f"{word.strip()!r}: no player is under 0")
        return Age(f"U{int(m[1])}", int(m[1]))
    if m := _KEY.fullmatch(word):
        key, value = m[1].lower(), m[2].upper()
        if key == "federation":
            if not re.fullmatch(r"[A-Z]{3}", value):
                raise ValueError(f"{word.strip()!r}: a federation is three letters (Federation=ITA)")
            return Federation(f"Federation={value}", value)
        if value not in TITLES:
            raise ValueError(f"{word.strip()!r}: unknown title (one of {', '.join(TITLES)})")
        return Title(f"Title={value}", value)
    plain = word.strip().lower()
    if plain == "unrated":
        return Unrated("Unrated")
    if plain in ("women", "men"):
        return Sex("Women" if plain == "women" else "Men", plain == "women")
    if plain == "senior":
        return Age("Senior", SENIOR_AGE, at_least=True)
    raise ValueError(f"unknown condition {word.strip()!r} (known: {', '.join(KNOWN)}, joined by &)")


def _check_year(year: int, word: str) -> None:
    if not 1850 <= year <= 2200:
        raise ValueError(f"{word.strip()!r}: {year} is not a year of birth")


__all__ = ["Condition", "Context", "Verdict", "RatingBound", "RatingRange", "Unrated", "Sex", "BornBound", "BornRange",
           "Age", "Federation", "Title", "parse_condition", "birth_date", "possible_ages", "title_of", "TITLES",
           "SENIOR_AGE", "KNOWN", "WOMEN_TITLES"]
