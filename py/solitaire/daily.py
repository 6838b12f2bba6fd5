"""The daily deal: one deal per date, game and variant, the same for everyone, proven winnable.

Everything is computed on the player's machine, with no server. Candidate
number ``k`` of a day is the first eight bytes of SHA-256 over
``"YYYY-MM-DD|game|name=value,..."`` (only the options that change the cards,
such as Klondike's draw, or that give a game its own dailies, such as FreeCell's
building rule, ``OptionSpec.own_daily``; an option ``added_later`` only away from its
default; sorted by name; ``"|k"`` appended for k >= 1), read
as a big-endian integer and reduced to 1 .. 2**31-1. The daily deal is the
first candidate that the game's solver proves winnable with its
``proof_search`` (within ``daily_budget`` nodes): a node budget, not a time
limit, so every machine picks the same deal. It is proven under the hardest
of the options that deal the same cards (``Rules.daily_proof_options``:
Klondike's Vegas pass limits), so a Standard and a Vegas player get the same
deal on the same date. Should no candidate of the first ``MAX_CANDIDATES``
be proven (or the game have no solver), candidate 0 is the deal, unproven.

A date's deal, once out, must stay: players replay past dailies from the calendar, and a
copy of the site cached offline computes the dates ahead. So which candidate each date took
is published (``py/solitaire/dailies/GAME.py``, written by ``tools/publish_dailies.py`` and
only ever extended): for a date in the table its candidate is the deal, proven again by the
solver of the day, and a stronger solver that would prove an earlier candidate moves nothing.
Dates beyond the table are searched as above.

>>> candidate("klondike", {"draw": "1"}, "2026-11-29", 0) == candidate("klondike", {"draw": "1"}, "2026-11-29", 0)
True
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import importlib
import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .game import MAX_DEAL, OptionError, OptionSpec
from .registry import make_rules, option_specs
from .solver import Solver, Verdict, solver_for
from .texts import Reason

# Enough that no date goes unproven: a Klondike candidate is proven within Vegas's one pass
# about one time in sixty (none of 1,024 then: about one date in twenty million).
MAX_CANDIDATES = 1024


@dataclass(frozen=True, slots=True)
class Daily:
    """A day's deal, the solver's verdict on it (None when unproven) and which candidate it is."""

    deal: int
    verdict: Verdict | None
    index: int


def parse_date(text: str) -> datetime.date:
    """A calendar date written YYYY-MM-DD; anything else raises OptionError."""
    try:
        # fromisoformat also reads week dates ("2026-W01-1") and, in 3.11, other ISO forms.
        if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise OptionError(Reason.NOT_A_DATE, text=text) from None


def candidate(game_id: str, options: Mapping[str, str], date: str, index: int) -> int:
    """Candidate deal number ``index`` of the day. An option ``added_later`` is named only at
    a value other than its default, so that adding one leaves the game's dailies as they were."""
    day = parse_date(date).isoformat()
    text = f"{day}|{game_id}|{variant_name(game_id, options)}" + (f"|{index}" if index else "")
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1


def variant_name(game_id: str, options: Mapping[str, str]) -> str:
    """The options that give a game its own dailies, as the candidates are named by them:
    ``"draw=3"``, ``""`` for a game with one set of dailies."""
    values = {spec.name: options.get(spec.name, spec.default) for spec in option_specs(game_id)}
    return ",".join(
        f"{spec.name}={values[spec.name]}"
        for spec in sorted(option_specs(game_id), key=lambda spec: spec.name)
        if has_own_dailies(spec) and not (spec.added_later and values[spec.name] == spec.default)
    )


# A table's line: "YYYY-MM|variant|i i i ...", the candidate each day of the month took.
TABLE_LINE = re.compile(r"([0-9]{4}-[0-9]{2})\|([^|]*)\|([0-9 ]+)")


def parse_table(text: str) -> dict[tuple[str, str], list[int]]:
    """A published table's text as {(variant, "YYYY-MM"): [candidate of day 1, day 2, ...]};
    lines starting with # are comments. A line of another form, or with more candidates than
    its month has days, raises ValueError."""
    table: dict[tuple[str, str], list[int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        matched = TABLE_LINE.fullmatch(line.strip())
        indices = [int(word) for word in matched.group(3).split()] if matched else []
        if not matched or not 1 <= len(indices) <= days_in_month(matched.group(1)) or max(indices) >= MAX_CANDIDATES:
            raise ValueError(f"line {number} of a published table of dailies is not YYYY-MM|variant|candidates: {line!r}")
        table[(matched.group(2), matched.group(1))] = indices
    return table


def days_in_month(month: str) -> int:
    year, number = int(month[:4]), int(month[5:])
    first = datetime.date(year, number, 1)
    return ((first.replace(day=28) + datetime.timedelta(days=4)).replace(day=1) - first).days


@functools.cache
def published_table(game_id: str) -> dict[tuple[str, str], list[int]]:
    """The published table of the game's dailies (empty if it has none), read once. A module,
    not a data file: the worker's memory snapshot holds modules imported, not files."""
    try:
        module = importlib.import_module(f"{__package__}.dailies.{table_module(game_id)}")
    except ModuleNotFoundError:
        return {}
    return parse_table(module.TABLE)


def table_module(game_id: str) -> str:
    """The name of the module of a game's published table: "forty_thieves"."""
    return game_id.replace("-", "_")


def published_candidate(game_id: str, options: Mapping[str, str], date: str) -> int | None:
    """Which candidate the date's daily took, where the table has the date; else None."""
    day = parse_date(date)
    indices = published_table(game_id).get((variant_name(game_id, options), day.isoformat()[:7]), [])
    return indices[day.day - 1] if day.day <= len(indices) else None


def has_own_dailies(spec: OptionSpec) -> bool:
    """Whether each value of the option has daily deals of its own (it deals other cards, or
    its rules make other deals winnable: ``own_daily``)."""
    return spec.changes_deal or spec.own_daily


def daily_variants(game_id: str) -> list[dict[str, str]]:
    """The option sets of a game that have daily deals of their own (every combination of the
    options ``has_own_dailies`` names; the others left at their defaults): what a benchmark or a
    test of every daily covers.

    >>> daily_variants("spider"), daily_variants("pyramid")
    ([{'suits': '1'}, {'suits': '2'}, {'suits': '4'}], [{}])
    """
    specs = [spec for spec in option_specs(game_id) if has_own_dailies(spec)]
    return [
        dict(zip((spec.name for spec in specs), values, strict=True)) for values in itertools.product(*(spec.choices for spec in specs))
    ]


class DealFinder:
    """The search for a proven winnable deal among candidates, run in slices of nodes (the page
    must not freeze): the daily deal of a date, or a "winnable deals only" new game.

    ``run(nodes)`` tries candidates ``number(0)``, ``number(1)``, ... in order, each with a
    fresh ``proof_search`` of the solver (under the hardest options
    that deal the same cards if ``hardest``), and returns the ``Daily``
    once it is known, else None. Slices of any size give the same deal. ``known`` names a
    candidate found before (the page remembers them): when its search proves it winnable it
    is taken at once, skipping the candidates before it; otherwise the search starts from
    candidate 0. Should none of ``MAX_CANDIDATES`` be proven, candidate 0 is the deal, unproven.
    A ``published`` candidate is the deal whatever its search finds (unproven should it not
    prove it winnable); the others are not searched.
    """

    def __init__(
        self,
        game_id: str,
        options: Mapping[str, str],
        number: Callable[[int], int],
        known: int | None = None,
        hardest: bool = False,
        published: int | None = None,
    ) -> None:
        self.game_id = game_id
        self.rules = make_rules(game_id, options)
        if hardest:
            # Proven under the hardest options that deal the same cards (see Rules.daily_proof_options).
            self.rules = make_rules(game_id, self.rules.daily_proof_options())
        self.number = number
        self.index = 0
        self.published = published
        self.known = published if published is not None else known if isinstance(known, int) and 0 <= known < MAX_CANDIDATES else None
        self.result: Daily | None = None
        try:
            self.solver: Solver | None = solver_for(self.rules)
        except LookupError:
            self.solver = None
            first = published or 0  # no solver: the published candidate, else candidate 0, unproven
            self.result = Daily(self.number(first), None, first)
            return
        self.next_candidate(self.known or 0)

    def run(self, nodes: int) -> Daily | None:
        """Search for at most ``nodes`` more nodes (a slice ends early when a
        candidate's search ends); the deal once known."""
        if self.result is not None or self.solver is None:
            return self.result
        verdict = self.search.run(nodes)
        if verdict is None:
            return None
        if verdict.status == "winnable":
            self.result = Daily(self.number(self.index), verdict, self.index)
        elif self.published is not None:
            self.result = Daily(self.number(self.index), None, self.index)
        elif self.known is not None:
            # The remembered candidate was not proven: search from the first one.
            self.known = None
            self.next_candidate(0)
        elif self.index + 1 < MAX_CANDIDATES:
            self.next_candidate(self.index + 1)
        else:
            self.result = Daily(self.number(0), None, 0)
        return self.result

    def next_candidate(self, index: int) -> None:
        assert self.solver is not None
        self.index = index
        self.search = self.solver.proof_search(self.rules.deal(self.number(index)))

    @property
    def tried(self) -> int:
        """Candidates searched so far (for the page's progress)."""
        return self.index + (self.result is not None)


class DailyFinder(DealFinder):
    """The search for a day's deal: the candidates of the date (see ``candidate``), or just the
    one published for it (``published_candidate``) unless ``search_all``."""

    def __init__(self, game_id: str, options: Mapping[str, str], date: str, known: int | None = None, search_all: bool = False) -> None:
        self.date = parse_date(date).isoformat()
        validated = make_rules(game_id, options).options
        published = None if search_all else published_candidate(game_id, validated, self.date)
        super().__init__(
            game_id, options, lambda index: candidate(game_id, validated, self.date, index), known, hardest=True, published=published
        )


class WinnableFinder(DealFinder):
    """A "winnable deals only" new game: the first deal from ``first`` on that the solver proves."""

    def __init__(self, game_id: str, options: Mapping[str, str], first: int) -> None:
        if not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= MAX_DEAL:
            raise OptionError(Reason.DEAL_RANGE, number=1, number2=MAX_DEAL, text=first)
        super().__init__(game_id, options, lambda index: (first - 1 + index) % MAX_DEAL + 1)


def daily(game_id: str, options: Mapping[str, str], date: str, known: int | None = None, search_all: bool = False) -> Daily:
    """The daily deal of ``date`` for this game and variant, with its proof (``search_all``:
    searched as if no table were published, as ``tools/publish_dailies.py`` does)."""
    finder = DailyFinder(game_id, options, date, known, search_all)
    while (found := finder.run(1 << 30)) is None:
        pass
    return found


def daily_deal(game_id: str, options: Mapping[str, str], date: str) -> int:
    """Just the deal number of the daily deal."""
    return daily(game_id, options, date).deal
