"""Compare a :class:`~xltb.check.sources.Source` with xltb's figures (:class:`Checker`): the edition,
the codes of ambiguous columns, every value, the ranks and points, and the variants that reproduce
each difference."""

from __future__ import annotations

from fractions import Fraction

from ..errors import TieBreakError
from ..messages import Message
from ..model import Choice
from ..ranking.loop import Level, by_values, rank
from ..ranking.choices import choose_edition
from ..ranking.standings import Row, Standings
from ..rules import EDITIONS, Edition, parse_edition
from ..tiebreaks.base import Value
from ..tiebreaks.codes import TieBreakSpec, parse_code, tiebreak_of
from ..tiebreaks.context import Context, Options
from ..tiebreaks.direct import direct_encounter
from ..tiebreaks.registry import info
from .conventions import CONVENTIONS, Convention
from .precision import same_figure, show
from .recompute import Recomputer
from .report import CellDifference, CheckReport, ColumnReport, RankDifference, breakdown_lines, de_lines
from .sources import Column, Source
from .variants import Variant, toggle_forfeits, variants_for


class Checker:
    """Compare a :class:`Source` with xltb's figures (see :func:`check_source`)."""

    def __init__(self, source: Source, rules: str | None = None, unrated_rating: int | None = None):
        self.source = source
        self.rec = Recomputer(source.event, team=source.team)
        self.unrated = unrated_rating
        self.user_rules = rules
        self.notes = list(source.notes)

    # --------------------------------------------------------- configuration
    def _unrated_for(self, col: Column) -> int | None:
        return self.unrated if self.unrated is not None else col.unrated_rating

    def _is_de(self, code: str | None) -> bool:
        tb = tiebreak_of(code) if code else None
        return tb is not None and tb.direct

    def column_values(self, col: Column, edition: str) -> dict[int, Value | None] | str:
        """xltb's values for a published column under ``edition`` (DE: from the ranking with the whole list)."""
        assert col.code is not None  # only a column with its code is compared
        if not self._is_de(col.code):
            return self.rec.values(Variant(edition, col.code, self._unrated_for(col)))
        st = self._rank_standings(edition, self._rank_unrated())
        if isinstance(st, str):
            return st
        out: dict[int, Value | None] = {}
        for row in st.rows:
            v = st.shown_values(row).get(col.code)  # what xltb shows (Standings.shown)
            # chess-results prints 0 for the participants direct encounter did not concern
            out[row.start_no] = Fraction(0) if v is None and col.decimals is not None else v
        return out

    def _agreement(self, col: Column, v: Variant) -> int:
        values = self.column_values(col, v.edition) if (self._is_de(v.code) and v.code == col.code) \
            else self.rec.values(v)
        if isinstance(values, str):
            return -1
        return sum(1 for no, pub in col.values.items()
                   if no in values and same_figure(pub, col.decimals, values[no]))

    def _choose_codes(self, edition: Edition) -> int:
        """Pick each ambiguous column's code under ``edition``; the total agreement."""
        total = 0
        for col in self.source.columns:
            if not col.comparable or not col.candidates:
                continue
            assert col.code is not None  # a column with candidates reads as the first (or the chosen) one
            if col.given or len(col.candidates) == 1:
                total += max(0, self._agreement(col, Variant(edition.key, col.code, self._unrated_for(col))))
                continue
            scored = [(self._agreement(col, Variant(edition.key, c, self._unrated_for(col))), -i, c)
                      for i, c in enumerate(col.candidates)]
            best = max(scored)
            col.code = best[2]
            total += max(0, best[0])
        return total

    def choose_edition(self) -> tuple[Edition, Choice]:
        """The edition the figures are compared under, and where it came from and why: the user's, else
        the one the JSON output says it was computed with, else the one every command uses
        (:func:`xltb.ranking.choices.choose_edition`: the start date, the legend's, the export's last
        update, else the newest as xltb's default). Another edition that reproduces more of the
        published figures is a finding (:meth:`edition_findings`), not the choice."""
        src = self.source
        if self.user_rules:
            edition = parse_edition(self.user_rules)
            choice = Choice(edition.key, "user", "")
        elif src.rules:
            edition = parse_edition(src.rules)
            choice = Choice(edition.key, "file", Message("edition.json"))
        else:
            implied = {c.edition for c in src.columns if c.edition}
            named = implied.pop() if len(implied) == 1 else None
            edition, choice = choose_edition(src.event, None,
                                             named=(named, Message("edition.where_legend")) if named else None,
                                             dated=src.date_hint)
        self._choose_codes(edition)
        return edition, choice

    def edition_findings(self, edition: Edition) -> list[str]:
        """A note for each edition that reproduces more of the published figures than ``edition`` (the
        values of the comparable columns; without any, the ranks), most first; the codes of ambiguous
        columns stay those chosen under ``edition``."""
        src = self.source
        comparable = any(c.comparable and c.candidates for c in src.columns)
        if not comparable and not src.ranks:
            return []
        what = "published values" if comparable else "published ranks"
        scores: list[tuple[int, str]] = []
        for e in EDITIONS.values():
            if comparable:
                agree = self._choose_codes(e)
            else:
                st = self._rank_standings(e.key, self._rank_unrated())
                agree = -1 if isinstance(st, str) else sum(1 for r in st.rows if src.ranks.get(r.start_no) == r.rank)
            scores.append((agree, e.key))
        if comparable:
            self._choose_codes(edition)  # the codes chosen under the edition compared
        chosen = next(a for a, key in scores if key == edition.key)
        better = sorted(((a, key) for a, key in scores if a > chosen), key=lambda s: -s[0])
        if not better:
            return []
        detail = ", ".join(f"{key} {max(a, 0)}" for a, key in scores)
        return [f"edition {key} reproduces more of the {what} than {edition.key}, the edition compared "
                f"({detail}): the figures may have been computed under it; --rules {key} compares under it"
                for _, key in better]

    # --------------------------------------------------------------- values
    def check(self) -> CheckReport:
        src = self.source
        edition, choice = self.choose_edition()
        if choice.origin != "user" and not src.rules:
            self.notes.extend(self.edition_findings(edition))
        self._edition = edition
        if src.kind in ("chess-results", "swissperfect"):  # the list the export ranked with: its columns
            src.rank_codes = tuple(c.code for c in src.columns if c.code and c.code != "PTS")
        columns: list[ColumnReport] = []
        cells: list[CellDifference] = []
        has_unrated = any(getattr(p, "rating", 0) is None for p in self.rec.participants())
        for col in src.columns:
            if not col.comparable or col.code is None:
                columns.append(ColumnReport(col.key, col.name, col.code, 0, 0, col.note or "not comparable"))
                continue
            report, differences = self._column(col, col.code, edition, has_unrated)
            columns.append(report)
            cells += differences
        ranks, compared, rank_whole = self._ranks(edition)
        points = []
        st_points = self._points(edition)
        for no, pub in src.points.items():
            if pub is not None and no in st_points and st_points[no] != pub:
                points.append((no, src.names.get(no, ""), pub, st_points[no]))
        return CheckReport(src.path, src.kind, edition.key, choice.text, [c for c in src.rank_codes], columns, cells,
                           ranks, points, self.notes, len(list(self.rec.participants())), compared, rank_whole,
                           dict(src.names))

    def _column(self, col: Column, code: str, edition: Edition,
                has_unrated: bool) -> tuple[ColumnReport, list[CellDifference]]:
        """A comparable column (its tie-break ``code``) against xltb's values: how many agree, the variants that
        reproduce it all, and each value that differs."""
        src = self.source
        if col.ambiguous and not col.given and len(col.candidates) > 1:
            tried = ", ".join(f"{c} {max(0, self._agreement(col, Variant(edition.key, c, self._unrated_for(col))))}"
                              for c in col.candidates)
            col.note = (f"ambiguous name ({col.note}); read as {code}, the candidate that reproduces the "
                        f"most values ({tried}); give --tiebreaks to decide")
        unrated = self._unrated_for(col)
        values = self.column_values(col, edition.key)
        de = self._is_de(code)
        variants = [] if de else variants_for(code, edition, unrated, has_unrated=has_unrated, team=src.team)
        report = ColumnReport(col.key, col.name, code, len(col.values), 0, col.note)
        if isinstance(values, str):  # not computable (e.g. unrated players): not compared, no differences
            report.error = values
            report.compared = 0
            return report, []
        differing = []
        for no, pub in col.values.items():
            agrees = no in values and same_figure(pub, col.decimals, values[no])
            report.rows.append((no, col.texts.get(no, ""), pub, values.get(no), agrees))
            if agrees:
                report.agree += 1
            else:
                differing.append(no)
        if col.given and differing and report.agree == 0:
            report.note += ("; no published value agrees: --tiebreaks gives one code per column, in the "
                            "columns' order; is this the column's code?")
        score = {}
        if differing:
            for v in variants:
                score[v] = self._agreement(col, v)
                if score[v] == len(col.values):
                    report.whole_column.append(v.describe())
            # nearest first: the variants that reproduce more of the column, then the nearer changes
            variants = sorted(variants, key=lambda v: -score[v])
        st = self._rank_standings(edition.key, self._rank_unrated()) if de \
            else self.rec.standings(edition.key, (code,), unrated)
        return report, [self._difference(col, code, no, values, variants, st, de) for no in differing]

    def _difference(self, col: Column, code: str, no: int, values: dict[int, Value | None], variants: list[Variant],
                    st: Standings | str, de: bool) -> CellDifference:
        """A published value that xltb's differs from: the variants that reproduce it (else the closest) and
        xltb's breakdown of its own."""
        reproduced: list[str] = []
        closest: tuple[Value, str] | None = None
        pub = col.values[no]
        for v in variants:
            vals = self.rec.values(v)
            if isinstance(vals, str) or no not in vals:
                continue
            theirs, ours = vals[no], values.get(no)  # the variant's value, xltb's
            if same_figure(pub, col.decimals, theirs):
                reproduced.append(v.describe())
            elif pub is not None and theirs is not None and ours is not None:
                gap = abs(theirs - pub)
                if gap < abs(ours - pub) and (closest is None or gap < closest[0]):
                    closest = (gap, f"{v.describe()} gives {show(theirs)}")
        if isinstance(st, str):
            lines = [st]
        elif de:
            lines = de_lines(st, no, code)
        else:
            lines = breakdown_lines(st, no, st.codes[0])
        return CellDifference(no, self.source.names.get(no, ""), col.key, code, col.texts.get(no, ""), pub,
                              values.get(no), lines, reproduced, "" if reproduced or closest is None else closest[1])

    def _points(self, edition: Edition) -> dict[int, Fraction]:
        st = self._rank_standings(edition.key, self.unrated)
        if isinstance(st, str):
            return {}
        return {row.start_no: row.points for row in st.rows}

    def _rank_unrated(self) -> int | None:
        if self.unrated is not None:
            return self.unrated
        return next((c.unrated_rating for c in self.source.columns if c.unrated_rating is not None), None)

    def _choose_rank_list(self, edition: Edition, unrated: int | None) -> None:
        """The source names no list: the candidate that reproduces the most published ranks (the first,
        xltb's default, on a tie), and a note that says so."""
        src = self.source
        scores = []
        for codes in src.rank_candidates:
            st = self._rank_standings(edition.key, unrated, codes)
            agree = -1 if isinstance(st, str) else sum(1 for r in st.rows if src.ranks.get(r.start_no) == r.rank)
            scores.append((agree, codes))
        best = max(scores, key=lambda s: s[0])  # max keeps the first of equals: the default list
        default_agree, default = scores[0]
        tried = ", ".join(f"{','.join(c)} {a}" for a, c in sorted(scores, key=lambda s: -s[0])[:5])
        if best[1] == default:
            self.notes.append(f"the file names no tie-breaks (212/202): xltb's default list {','.join(default)} is "
                              f"assumed, and no list commonly used reproduces more of the published ranks "
                              f"({len(src.rank_candidates)} tried, most ranks agreeing: {tried}); give --tiebreaks")
        else:
            src.rank_codes = best[1]
            self.notes.append(f"the file names no tie-breaks (212/202): the ranks are compared under "
                              f"{','.join(best[1])}, the commonly used list that reproduces the most published ranks "
                              f"({best[0]} of {len(src.ranks)}; xltb's default {','.join(default)}: {default_agree}; "
                              f"most ranks agreeing: {tried}); give --tiebreaks")

    def _rank_standings(self, edition: str, unrated: int | None,
                        codes: tuple[str, ...] | None = None) -> Standings | str:
        codes = codes if codes is not None else self.source.rank_codes
        return self.rec.standings(edition, tuple(codes) or None, unrated)

    # ---------------------------------------------------------------- ranks
    def _ranks(self, edition: Edition) -> tuple[list[RankDifference], int, list[str]]:
        src = self.source
        if not src.ranks:
            return [], 0, []
        unrated = self._rank_unrated()
        if src.rank_candidates:
            self._choose_rank_list(edition, unrated)
        st = self._rank_standings(edition.key, unrated)
        if isinstance(st, str):
            self.notes.append(f"ranks not compared: {st}")
            return [], 0, []
        xltb_rank = {row.start_no: row.rank for row in st.rows}
        implied = self._implied_ranks()
        gap = next((c for c in src.columns if not c.comparable or c.code is None), None)
        if gap is not None and src.kind in ("chess-results", "swissperfect"):
            self.notes.append(f"ranks: the export ranks with {gap.key} too, which is not compared "
                              f"({gap.note or 'no code'}); xltb ranks without it and the columns after it are not "
                              "used to explain ranks")
        diffs = [no for no, r in src.ranks.items() if no in xltb_rank and xltb_rank[no] != r]
        rank_variants = self._rank_variants(edition, unrated) if diffs else []
        whole = [label for label, ranks in rank_variants
                 if all(ranks.get(no) == r for no, r in src.ranks.items() if no in xltb_rank)]
        by_no = {row.start_no: row for row in st.rows}
        out = [self._rank_difference(by_no[no], st, rank_variants, implied, gap) for no in diffs]
        return out, sum(1 for no in src.ranks if no in xltb_rank), whole

    def _rank_difference(self, row: Row, st: Standings, rank_variants: list[tuple[str, dict[int, int]]],
                         implied: dict[int, tuple[int, int]] | None, gap: Column | None) -> RankDifference:
        """Why the published rank of ``row``'s participant differs from xltb's: the points, a column not compared,
        the published values, or nothing known (with the variants that reproduce it)."""
        src = self.source
        no = row.start_no
        pub = src.ranks[no]
        name = src.names.get(no, "")
        pub_pts = src.points.get(no)
        if pub_pts is not None and pub_pts != row.points:
            return RankDifference(no, name, pub, row.rank, "points", f"the published points ({show(pub_pts)}) differ "
                                  f"from the rounds' ({show(row.points)})")
        group = [r for r in st.rows if r.points == row.points]
        reproduced = [label for label, ranks in rank_variants if ranks.get(no) == pub]
        if gap is not None and implied is not None and implied[no][0] < implied[no][1] \
                and src.kind in ("chess-results", "swissperfect"):
            lo, hi = implied[no]
            return RankDifference(
                no, name, pub, row.rank, "not-compared",
                f"the published columns before {gap.key} leave it tied for places {lo}-{hi}: {gap.key} or a "
                f"later column decides, and {gap.key} is not compared ({gap.note or 'no code'}); xltb's list "
                "lacks it, so the ranks cannot be compared here")  # nothing to reproduce: no variants listed
        if implied is not None and implied[no][0] <= pub <= implied[no][1]:
            bad = self._differing_in_group(no, group)
            why = ("follows from the published values, which differ from xltb's"
                   + (f": {bad}" if bad else " for participants on the same points"))
            return RankDifference(no, name, pub, row.rank, "values", why, reproduced)
        why = self._rank_reason(st, no, group)
        if implied is not None:
            lo, hi = implied[no]
            where = f"{lo}" if lo == hi else f"{lo}-{hi}"
            why = (f"the published values put it at {where}, the published rank is {pub}: the rank does not "
                   f"follow from the published figures (edited, or ordered by something not published); "
                   + why)
        elif not reproduced:
            why = "no known variant of the tie-break list reproduces the published rank (an edited rank " \
                  "column, or a list other than the one checked); " + why
        return RankDifference(no, name, pub, row.rank, "unexplained", why, reproduced)

    def _implied_ranks(self) -> dict[int, tuple[int, int]] | None:
        """The place range each participant gets from the published points and values (None when the
        source publishes no values). Columns that cannot be compared (DE) end the ordering."""
        src = self.source
        if not src.columns or any(v is None for v in src.points.values()):
            return None
        keys = []
        for col in src.columns:
            if not col.comparable or col.code is None:
                break
            try:
                spec = parse_code(col.code, strict=False)
                higher = spec.tiebreak.higher_is_better != spec.reverse
            except TieBreakError:
                higher = True
            keys.append((col, higher))
        def key(no: int) -> tuple[Fraction | None, ...]:
            return (src.points[no],) + tuple(c.values.get(no) for c, _ in keys)

        def sort_key(no: int) -> list[Fraction | tuple[int, Fraction | int]]:  # points, then each value, best first (undefined last)
            points = src.points[no]
            assert points is not None  # every published point is given (checked above)
            parts: list[Fraction | tuple[int, Fraction | int]] = [-points]
            for c, h in keys:
                v = c.values.get(no)
                parts.append((1, 0) if v is None else (0, -v if h else v))
            return parts

        order = sorted(src.points, key=sort_key)
        out: dict[int, tuple[int, int]] = {}
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and key(order[j + 1]) == key(order[i]):
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + 1, j + 1)
            i = j + 1
        return out

    def _differing_in_group(self, no: int, group: list[Row]) -> str:
        """Which published values differ from xltb's among the participants on the same points."""
        members = {r.start_no for r in group}
        parts = []
        for col in self.source.columns:
            if not col.comparable or col.code is None:
                continue
            values = self.column_values(col, self._edition.key)
            if isinstance(values, str):
                continue
            bad = [m for m in sorted(members) if m in values
                   and not same_figure(col.values.get(m), col.decimals, values[m])]
            if bad:
                shown = ", ".join(f"#{m}" for m in bad[:6]) + (" ..." if len(bad) > 6 else "")
                parts.append(f"{col.key} of {shown}")
        return "; ".join(parts)

    def _rank_reason(self, st: Standings, no: int, group: list[Row]) -> str:
        """Why xltb ranks ``no`` where it does: the first value that separates it from its neighbours."""
        row = st.row(no)
        same_place = [r for r in group if r.rank == row.rank and r.start_no != no]
        if same_place:
            return ("xltb leaves it tied with " + ", ".join(f"#{r.start_no}" for r in same_place[:5])
                    + " after the whole list (shared place)")
        codes = st.codes
        neighbours = []
        for r in group:
            if r.start_no == no:
                continue
            for code in codes:
                a, b = row.values.get(code), r.values.get(code)
                if a != b:
                    neighbours.append((r, code, a, b))
                    break
        if not neighbours:
            return "xltb's values do not separate it from its point group"
        close = sorted(neighbours, key=lambda t: abs(t[0].rank - row.rank))[:2]
        return "xltb: " + "; ".join(
            f"{'above' if row.rank < r.rank else 'below'} #{r.start_no} by {code} ({show(a)} v {show(b)})"
            for r, code, a, b in close)

    def _rank_variants(self, edition: Edition, unrated: int | None) -> list[tuple[str, dict[int, int]]]:
        """Whole rankings under the variants of the list: other editions, /P on every code, a rating for
        unrated players, and the conventions of other programs."""
        codes = self.source.rank_codes
        out = []
        team = self.source.team
        for e in EDITIONS.values():
            if e.key != edition.key:
                st = self.rec.standings(e.key, tuple(codes), unrated)
                if not isinstance(st, str):
                    out.append((f"edition {e.key}", {r.start_no: r.rank for r in st.rows}))
        if team:
            return out
        toggled = tuple(c if c.startswith("DE") else toggle_forfeits(c) for c in codes)
        st = self.rec.standings(edition.key, toggled, unrated)
        if not isinstance(st, str):
            out.append((f"{','.join(toggled)} (forfeits counted as played games)",
                        {r.start_no: r.rank for r in st.rows}))
        for conv in CONVENTIONS:
            for e in dict.fromkeys([edition, EDITIONS["2012"]]):
                if any(conv.applies(c, e) for c in codes):
                    ranks = self._rerank(e, codes, unrated, conv)
                    if ranks is not None:
                        out.append((f"{conv.description} (edition {e.key})", ranks))
        return out

    def _rerank(self, edition: Edition, codes: tuple[str, ...], unrated: int | None,
                conv: Convention) -> dict[int, int] | None:
        """Rank with ``conv`` applied to the codes it concerns (C.07 4.2 order; DE by the engine)."""
        t = self.source.event
        assert not t.is_team  # individual events only (_rank_variants returns before for teams)
        try:
            ctx = Context(t, edition, Options(unrated_rating=unrated))
        except TieBreakError:
            return None
        index = {p.start_no: i for i, p in enumerate(t.players)}
        levels: list[Level] = []
        for code in codes:
            spec = parse_code(code, strict=False)
            if spec.acronym == "DE":
                def by_encounter(group: list[int], spec: TieBreakSpec = spec) -> list[list[int]]:
                    return direct_encounter(ctx, spec, group).groups

                levels.append(by_encounter)
                continue
            v = Variant(edition.key, code, unrated, conv.key if conv.applies(code, edition) else None)
            vals = self.rec.values(v)
            if isinstance(vals, str):
                return None
            arr: list[Value | None] = [None] * len(t.players)
            for no, val in vals.items():
                arr[index[no]] = val
            descending = info(spec).higher_is_better != spec.reverse
            levels.append(by_values(arr, descending))
        return {t.players[i].start_no: place for i, place, _ in rank(ctx.score, levels)}


def check_source(source: Source, *, rules: str | None = None, unrated_rating: int | None = None) -> CheckReport:
    """Compare what ``source`` published with xltb's figures."""
    return Checker(source, rules, unrated_rating).check()

