"""German for everything the page shows from Python: error sentences, status lines, card names.

How the coverage of the engine's messages is checked
(``test_every_message_of_the_engine_has_german``): the test reads the source
of every module of ``py/solitaire/`` and of the bridge (not ``cli.py``: the
command line stays English, and its messages never reach the page) and finds
every ``raise SomeError(message)``. It rebuilds the message the way Python
would, from the source: a string constant as it is; an f-string, or strings
joined with ``+``, with every ``{...}`` filled with *sample values* for that
expression:

- ``card_name(...)``: a few card names;
- ``'s' if ... else ''``: each of the branches;
- an expression of module constants only (``MAX_REDEALS + 1``, ``', '.join(GAMES)``):
  its real value, evaluated in the module;
- anything else (a local variable, an attribute): the values listed in
  ``SAMPLES`` under the expression's source text (``"move.source"``), or under
  ``"function:expression"`` where one name means different things in
  different functions. Each value is converted as the f-string says (``!r``).

Every combination of sample values makes a message, and each must come out
of ``translate(message, "de")`` entirely in German: known to the catalogue,
nested messages included, and free of tell-tale English words. A message
built by a helper (``raise IllegalMove(self.capacity_reason(...))``) is
checked with real outputs of that helper, listed in ``builders``; a message
that only passes another one on (``raise ValueError(str(error))``) is checked
where that one is raised.

So a message added to the engine without a German entry fails the test; so
does a new placeholder expression without a sample value (add one to
``SAMPLES``, which takes a minute and keeps the samples realistic), and a new
exception class (classify it in ``MESSAGE_CLASSES`` or ``NOT_MESSAGES``).
Sample values stand in for runtime values, so the tests further down also
translate the real messages of random play (illegal moves, bad layouts, bad
saves) and every status line of every game and option set.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire import cli
from solitaire.cards import full_deck, parse_card
from solitaire.game import IllegalMove, Move, Rules
from solitaire.games.freecell import FreeCell, FreeCellPosition
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.session import SaveError, Session
from solitaire_bridge import Bridge
from solitaire_i18n import GERMAN, KINDS, PHRASES, card_name, compile_entries, german_message, kind_of, render, translate

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "py" / "solitaire"
SOURCES = sorted(path for path in ENGINE.rglob("*.py") if path.name != "cli.py") + [ROOT / "py" / "solitaire_bridge.py"]

MESSAGE_CLASSES = {"IllegalMove", "OptionError", "SaveError", "MessageError", "CardError", "ValueError", "UsageError"}
NOT_MESSAGES = {"KeyError", "LookupError"}  # lookup misses inside the engine (a game without a solver), never shown to the player

# Words that give English away, looked for in lower case, with spaces around the text, outside
# quotes: a quoted part is a name or value shown as it is ('xyz', „stock“: a line of the layout notation).
ENGLISH_WORDS = (
    "the ", " cannot", " must", " only", " card", " column", "stock", "waste", "foundation", " move",
    " is ", " are ", " of ", " and ", " not ", " to ", " on ", " no ", " has ", " can ",
)
QUOTED = re.compile(r"„[^“]*“|'[^']*'|\"[^\"]*\"")

CARD_SAMPLES = ["Queen of Hearts", "10 of Spades", "Ace of Clubs"]
NESTED_SAMPLES = ["not a card: 'XX' (write rank A 2-9 T J Q K and suit C D H S, e.g. QH)", "a card must move to another pile"]

# Sample values of the expressions in the engine's messages, by source text
# ("function:expression" first, then "expression"); see the module docstring.
SAMPLES: dict[str, list[Any]] = {
    "text": ["XX", "2026-13-01"],
    "number": [0, 2**31],
    "first": [0, 2**31],
    "name": ["draw", "tableau-3", "row-2", "redeals"],
    "', '.join(known)": ["draw, scoring, timed, open", "", "stock, waste, row-1, redeals"],
    "choices": ["1 or 3", "standard or vegas or vegas-cumulative or none"],
    "value": ["2", 7],
    "bounds": ["from 0 to 2", "at least 0"],
    "line": ["tableau-1 KS"],
    "size": [3],
    "len(words)": [2, 5],
    "len(columns)": [7],
    "len(entries)": [5],
    "len(stock)": [13],
    "error": NESTED_SAMPLES,
    "move.source": ["tableau-3", "peak-5", "cell-2", "xyz"],
    "target": ["tableau-3", "stock", "tableau", "foundation"],
    "pile": ["pyramid-28", "xyz"],
    "source": ["tableau-9", "waste"],
    "index": [5],
    "rest.strip()": ["H-A S-3 C-0 D-0 X-1"],
    "entry": ["X5"],
    "suit_letter": ["H"],
    "count": [1, 3],
    "parse_layout:count": ["each of the 52 cards exactly once", "each card exactly 2 times"],
    "read:count": [8],
    "passes": [1, 3],
    "total": [14],
    "label": ["the 1-suit game", "the 4-suit game"],
    "' '.join(missing)": ["AS KS", "QH"],
    "canonical": ["QH"],
    "PEAK[index]": ["peak-5"],
    "state": ["face up: nothing covers it", "face down: a card still covers it"],
    "game_id": ["chess"],
    "data.get('version')": [2, None],
    "kind": ["fly", None],
    "deal": ["7", 1.5],
    "'; '.join(problems)": ["twice: QH", "missing: 2C 3D", "twice: QH; missing: 2C"],
    "text[:20]": ["zz", "t9>t1"],
    "language": ["fr"],
}


def builders() -> dict[str, list[str]]:
    """Messages made by helper functions, as those helpers make them."""
    rules = FreeCell()
    deal = rules.deal(1)
    reasons = []
    for used_cells, empty_columns, to_empty in itertools.product(range(5), range(3), (False, True)):
        cells = tuple(deal.tableau[0][i] if i < used_cells else None for i in range(4))
        tableau = tuple(() if i < empty_columns else column for i, column in enumerate(deal.tableau))
        position = FreeCellPosition(tableau=tableau, cells=cells, foundations=deal.foundations)
        reasons.append(rules.capacity_reason(position, to_empty))
    return {"capacity_reason": reasons}


def module_of(path: Path) -> Any:
    relative = path.relative_to(ROOT / "py").with_suffix("")
    return importlib.import_module(".".join(relative.parts))


def enclosing_functions(tree: ast.AST) -> dict[ast.AST, str]:
    """Each node's innermost enclosing function name ('' at module level)."""
    names: dict[ast.AST, str] = {}

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            names[child] = inner
            visit(child, inner)

    visit(tree, "")
    return names


class Samples:
    """The English messages an expression of one module may produce (see the module docstring)."""

    def __init__(self, path: Path, function: str, where: str) -> None:
        self.path, self.function, self.where = path, function, where
        self.builders = builders()

    def of(self, node: ast.expr) -> list[str] | None:
        """Every sample message of a message expression; None if it passes another message on."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.JoinedStr):
            parts = [self.of(value) if isinstance(value, ast.Constant) else self.hole(value) for value in node.values]
            return combine(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return combine([self.of(node.left), self.of(node.right)])
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
            return None
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else ast.unparse(node.func)
            if name in self.builders:
                return self.builders[name]
        return [str(value) for value in self.values(node)]

    def hole(self, node: ast.expr) -> list[str]:
        """The texts one ``{...}`` of an f-string may show."""
        assert isinstance(node, ast.FormattedValue)
        spec = ast.unparse(node.format_spec)[2:-1] if node.format_spec else ""
        conversions: dict[int, Callable[[Any], str]] = {ord("r"): repr, ord("s"): str, ord("a"): ascii}
        convert = conversions.get(node.conversion, lambda value: format(value, spec))
        return [convert(value) for value in self.values(node.value)]

    def values(self, node: ast.expr) -> list[Any]:
        source = ast.unparse(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "card_name":
            return CARD_SAMPLES
        if isinstance(node, ast.IfExp) and isinstance(node.body, ast.Constant) and isinstance(node.orelse, ast.Constant):
            return [node.body.value, node.orelse.value]
        names = [child.id for child in ast.walk(node) if isinstance(child, ast.Name)]
        if names and all(name.isupper() for name in names):
            return [eval(source, vars(module_of(self.path)))]  # module constants only: their real value
        for key in (f"{self.function}:{source}", source):
            if key in SAMPLES:
                return SAMPLES[key]
        pytest.fail(f"{self.where}: no sample value for {{{source}}}: add one to SAMPLES in tests/test_i18n.py")


def combine(parts: list[list[str] | None]) -> list[str]:
    """Every concatenation of one text from each part."""
    return ["".join(texts) for texts in itertools.product(*[part or [""] for part in parts])]


def engine_messages() -> Iterator[tuple[str, str]]:
    """(where, sample message) for every message the engine and the bridge raise."""
    for path in SOURCES:
        tree = ast.parse(path.read_text())
        functions = enclosing_functions(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            exception = ast.unparse(node.exc.func)
            assert exception in MESSAGE_CLASSES | NOT_MESSAGES, f"{where}: is {exception} shown to the player? Classify it."
            if exception in NOT_MESSAGES:
                continue
            messages = Samples(path, functions[node], where).of(node.exc.args[0])
            for message in messages or []:
                yield where, message


def assert_german(english: str, german: str, where: str = "") -> None:
    assert german != english, f"{where}: no German for {english!r}"
    lowered = f" {QUOTED.sub('', german).lower()} "
    found = [word for word in ENGLISH_WORDS if word in lowered]
    assert not found, f"{where}: English {found} left in {german!r} (from {english!r})"


def assert_translated(english: str, where: str = "") -> None:
    """The whole message, nested messages included, has German."""
    assert german_message(english) is not None, f"{where}: the catalogue does not know all of {english!r}"
    assert_german(english, translate(english, "de"), where)


# -- the catalogue ---------------------------------------------------------------------------


def test_every_message_of_the_engine_has_german() -> None:
    checked = 0
    for where, message in engine_messages():
        assert_translated(message, where)
        checked += 1
    assert checked > 150


def test_the_coverage_test_catches_a_new_message() -> None:
    """A message without an entry, or with a placeholder without samples, fails."""
    game = ENGINE / "game.py"
    fresh = ast.parse("f'the {card_name(card)} is lonely'", mode="eval").body
    (message,) = (Samples(game, "", "here").of(fresh) or [])[:1]
    assert message == "the Queen of Hearts is lonely" and german_message(message) is None
    with pytest.raises(pytest.fail.Exception, match="no sample value"):
        Samples(game, "", "here").of(ast.parse("f'{mystery}'", mode="eval").body)


def placeholders(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)(?:\|[^{}]*)?\}", template))


@pytest.mark.parametrize("pairs", [GERMAN, *PHRASES.values()], ids=["messages", *PHRASES])
def test_every_entry_is_well_formed(pairs: tuple[tuple[str, str], ...]) -> None:
    """German uses exactly the English placeholders (plural endings aside), and no English is listed twice."""
    englishes = [english for english, _ in pairs]
    assert len(englishes) == len(set(englishes))
    for english, german in pairs:
        assert {name for name in placeholders(english) if kind_of(name) not in ("s", "es")} == placeholders(german), english
        assert all(kind_of(name) in KINDS for name in placeholders(english)), english


KIND_SAMPLES = {
    "card": "Queen of Hearts",
    "cards": "QH 2C",
    "pile": "tableau-3",
    "number": "2",
    "text": "'zz'",
    "list": "draw, scoring",
    "choices": "1 or 3",
    "message": "the waste is empty",
    "s": "s",
    "es": "es",
}


def sample_of(template: str) -> str:
    """An English message of a template: each placeholder filled with a value of its kind."""

    def value(found: re.Match[str]) -> str:
        kind = kind_of(found[1])
        return sample_of(PHRASES[kind][0][0]) if kind in PHRASES else KIND_SAMPLES[kind]

    return re.sub(r"\{(\w+)\}", value, template)


def test_no_entry_hides_behind_another() -> None:
    """A message of each entry is translated by that entry, not by an earlier, more general one
    (an earlier entry may match as long as it cannot translate all of it: ``{pile}: {message}``)."""
    entries = compile_entries(GERMAN)
    for index, entry in enumerate(entries):
        message = sample_of(entry.english)
        first = next(i for i, other in enumerate(entries) if (found := render([other], message)) and found[1])
        assert first == index, f"{entry.english!r} is hidden by {entries[first].english!r}"
        assert_translated(message, entry.english)


def test_card_names_match_the_page() -> None:
    """German card names are those of static/cards.js's cardName(text, "de")."""
    source = (ROOT / "static" / "cards.js").read_text()
    german = source[source.index("de: {") :]
    ranks = dict(re.findall(r'(\w): "([^"]+)"', german[german.index("ranks:") : german.index("}", german.index("ranks:"))]))
    suits = dict(re.findall(r'(\w): "([^"]+)"', german[german.index("suits:") : german.index("}", german.index("suits:"))]))
    assert "`${suit} ${rank}`" in german[: german.index("down:")]
    for card in full_deck():
        text = "A23456789TJQK"[card % 13] + "CDHS"[card // 13]
        assert card_name(card, "de") == f"{suits[text[1]]} {ranks.get(text[0], text[0].replace('T', '10'))}"
    assert card_name(parse_card("QH"), "de") == "Herz Dame" and card_name(parse_card("TS"), "de") == "Pik 10"
    assert card_name(parse_card("QH"), "en") == "Queen of Hearts"


def test_unknown_messages_and_languages_stay_as_they_are() -> None:
    assert translate("a message from the future", "de") == "a message from the future"
    assert translate("the waste is empty", "en") == "the waste is empty"
    assert translate("the waste is empty", "fr") == "the waste is empty"
    # A known message whose nested part is unknown: German around the English part.
    assert translate("the save does not replay: a message from the future", "de") == (
        "Der Spielstand lässt sich nicht nachspielen: a message from the future"
    )


def test_the_engine_never_imports_the_translations() -> None:
    for path in ENGINE.rglob("*.py"):
        assert "solitaire_i18n" not in path.read_text(), path.name


# -- real messages of real games ------------------------------------------------------------------


def option_sets(game_id: str) -> list[dict[str, str]]:
    specs = option_specs(game_id)
    return [dict(zip((spec.name for spec in specs), values)) for values in itertools.product(*(spec.choices for spec in specs))]


def random_games(rules: Rules[Any], deals: int = 3, moves: int = 30) -> Iterator[Any]:
    """Positions along random legal play from the first deals."""
    generator = random.Random(7)
    for number in range(1, deals + 1):
        position = rules.deal(number)
        yield position
        for _ in range(moves):
            legal = rules.legal_moves(position)
            if not legal:
                break
            position = rules.apply(position, generator.choice(legal))
            yield position


@pytest.mark.parametrize("game_id", list(GAMES))
def test_status_lines_in_german(game_id: str) -> None:
    for options in option_sets(game_id):
        rules = make_rules(game_id, options)
        for position in random_games(rules):
            assert_translated(rules.status_line(position), f"{game_id} {options}")


def test_status_lines_read_well() -> None:
    assert translate("Draw 1", "de") == "1 Karte ziehen"
    assert translate("Draw 3 · pass 2 of 3", "de") == "3 Karten ziehen · Durchgang 2 von 3"
    assert translate("Deals left 1 · runs 1 of 8", "de") == "Noch 1 Runde · Folgen 1 von 8"
    assert translate("Free cells 2 of 4 · can move 6", "de") == "Freie Zellen 2 von 4 · 6 Karten auf einmal"
    assert translate("Pass 1 of 3", "de") == "Durchgang 1 von 3"
    assert translate("Stock 23 · run 0", "de") == "Talon 23 · Serie 0"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_illegal_moves_of_random_play_in_german(game_id: str) -> None:
    """Random moves between the game's piles, from positions of random play: every refusal in German."""
    generator = random.Random(11)
    refused = 0
    for options in option_sets(game_id)[:4]:
        rules = make_rules(game_id, options)
        piles = [slot.name for slot in rules.slots()] + ["tableau", "xyz"]
        for position in random_games(rules, deals=2, moves=25):
            for _ in range(6):
                move = Move(generator.choice(piles), generator.choice(piles), generator.choice((0, 1, 1, 2, 3, 24)))
                try:
                    rules.apply(position, move)
                except IllegalMove as error:
                    assert_translated(str(error), f"{game_id} {move!r}")
                    refused += 1
            try:
                rules.apply(position, rules.stock_move(position))
            except IllegalMove as error:
                assert_translated(str(error), f"{game_id} stock")
    assert refused > 100


BAD_LAYOUTS = [
    "zzz",
    "nonsense: QH",
    "stock: XX",
    "stock: QH",
    "stock: QH QH",
    "waste: [QH] 2C",
    "tableau-1: [KS] QH\ntableau-1: 2C",
    "row-1: QH\nrow-1: QH",
    "row-2: QH",
    "redeals: x",
    "redeals: 9",
    "run: -1",
    "score: x",
    "foundation-1: 2C",
    "Foundations: H-A H-2\nFreecells: QS",
    "Foundations: X5",
    "Foundations: H-Z",
    "Foundations: H-A S-A C-A D-A X-A",
    "Freecells: QS QH 2C 3C 4C",
    ":\n:\n:\n:\n:\n:\n:\n:",
]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bad_layouts_in_german(game_id: str) -> None:
    rules = make_rules(game_id)
    good = rules.text_layout(rules.deal(1))
    first, _, rest = good.partition("\n")
    layouts = BAD_LAYOUTS + [rest, good + "\n" + first, good.replace(first, first + " QH", 1)]
    refused = 0
    for layout in layouts:
        try:
            Session(rules, 1, layout=layout)
        except SaveError as error:
            assert_translated(str(error), f"{game_id} {layout!r}")
            refused += 1
    assert refused >= len(layouts) - 3  # some games read a line given twice, or stray lines, their own way


def test_bad_saves_in_german() -> None:
    good = Session(make_rules("klondike"), 5).to_save()
    bad_saves: list[Any] = [
        [],
        {**good, "version": 2},
        {**good, "options": "draw"},
        {**good, "deal": "5"},
        {**good, "daily": 5},
        {**good, "seconds": -1},
        {**good, "layout": 5},
        {**good, "game": "chess"},
        {**good, "options": {"draw": "2"}},
        {**good, "turns": "s>w"},
        {**good, "turns": [["zz"]]},
        {**good, "turns": [["w>f1"]]},
        {**good, "undone": [[]]},
    ]
    for save in bad_saves:
        with pytest.raises(SaveError) as refused:
            Session.from_save(save)
        assert_translated(str(refused.value), repr(save)[:60])


def test_session_refusals_in_german() -> None:
    session = Session(make_rules("klondike"), 1)
    for action in (session.undo, session.redo, session.complete):
        with pytest.raises(IllegalMove) as refused:
            action()
        assert_translated(str(refused.value))


# -- through the bridge ---------------------------------------------------------------------------


def send(bridge: Bridge, **message: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(message)))
    return answer


def german_bridge() -> Bridge:
    bridge = Bridge()
    assert send(bridge, type="language", language="de") == {"ok": True, "language": "de"}
    assert send(bridge, type="new", game="klondike", deal=1)["ok"]
    return bridge


def test_a_german_bridge_refuses_in_german() -> None:
    bridge = german_bridge()
    answer = send(bridge, type="move", **{"from": "tableau-2", "index": 1, "to": "tableau-1"})
    assert answer == {
        "ok": False,
        "error": "Karo 6 passt nicht auf Karo 7: In den Spalten wird absteigend in wechselnden Farben angelegt.",
    }


def test_a_german_view() -> None:
    view = send(german_bridge(), type="view")
    assert view["statusLine"] == "1 Karte ziehen" and view["language"] == "de"
    column = next(pile for pile in view["piles"] if pile["name"] == "tableau-7")["cards"]
    assert column[-1] == {"card": "8S", "name": "Pik 8", "locked": False}
    names = [card["name"] for pile in view["piles"] for card in pile["cards"] if "name" in card]
    assert names and not any(" of " in name for name in names)


def test_switching_back_to_english() -> None:
    bridge = german_bridge()
    view = send(bridge, type="language", language="en")
    assert view["ok"] and view["statusLine"] == "Draw 1" and view["language"] == "en"
    assert view["piles"][-1]["cards"][-1]["name"] == "8 of Spades"
    answer = send(bridge, type="move", **{"from": "tableau-2", "index": 1, "to": "tableau-1"})
    assert answer["error"] == "The 6 of Diamonds cannot go on the 7 of Diamonds: columns build down by one in alternating colours."


@pytest.mark.parametrize("language", ["fr", "DE", "", 7, None])
def test_an_unknown_language_is_refused(language: Any) -> None:
    bridge = german_bridge()
    before = send(bridge, type="view")
    answer = send(bridge, type="language", language=language)
    assert not answer["ok"]
    assert answer["error"].startswith("Unbekannte Sprache" if isinstance(language, str) and language else "Die Nachricht braucht")
    assert send(bridge, type="view") == before
    english = Bridge()
    assert send(english, type="language", language="fr") == {"ok": False, "error": "Unknown language 'fr' (known: en, de)."}


@pytest.mark.parametrize(
    "message",
    [
        {"type": "fly"},
        {"type": "move", "from": "tableau-1", "index": "0", "to": "tableau-7"},
        {"type": "move", "from": "tableau-9", "index": 0, "to": "tableau-7"},
        {"type": "move", "from": "tableau-7", "index": 3, "to": "tableau-1"},
        {"type": "move", "from": "tableau-1", "index": 5, "to": "tableau-7"},
        {"type": "move", "from": "tableau-1", "index": 0},
        {"type": "foundation", "from": "tableau-1", "index": 0},
        {"type": "new", "game": "chess"},
        {"type": "new", "game": "klondike", "options": {"draw": "2"}},
        {"type": "new", "game": "klondike", "options": {"colour": "red"}},
        {"type": "new", "game": "klondike", "options": []},
        {"type": "new", "game": "klondike", "deal": 0},
        {"type": "new", "game": "klondike", "deal": "7"},
        {"type": "new", "game": "klondike", "daily": "2026-13-01"},
        {"type": "load", "save": {"version": 1}},
        {"type": "load", "save": "x"},
        {"type": "setup", "game": "klondike", "layout": "zzz"},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "complete"},
        {"type": "verify", "game": "klondike", "deal": 5, "moves": "s>w"},
        {"type": "verify", "game": "klondike", "deal": 5, "moves": ["t9>t1"]},
        {"type": "verify", "game": "klondike", "deal": 5, "moves": ["zz"]},
        {"type": "verify", "game": "klondike", "deal": 5, "moves": ["s>w"] * 20_001},
    ],
)
def test_bad_messages_in_german(message: dict[str, Any]) -> None:
    bridge = german_bridge()
    answer = send(bridge, **message)
    assert not answer["ok"]
    english = Bridge()
    send(english, type="new", game="klondike", deal=1)
    assert_german(send(english, **message)["error"], answer["error"], json.dumps(message)[:80])


def test_the_bridge_s_own_sentences_in_german() -> None:
    bridge = Bridge()
    send(bridge, type="language", language="de")
    assert json.loads(bridge.handle("{")) == {"ok": False, "error": "Die Nachricht ist kein gültiges JSON."}
    assert json.loads(bridge.handle("[]")) == {"ok": False, "error": "Eine Nachricht muss ein JSON-Objekt sein."}
    assert send(bridge, type="undo") == {"ok": False, "error": "Es wurde noch kein Spiel begonnen."}
    send(bridge, type="new", game="klondike", deal=1)

    def broken(_: dict[str, Any]) -> None:
        raise RuntimeError("a bug")

    bridge.handlers["undo"] = broken
    assert send(bridge, type="undo") == {"ok": False, "error": "Interner Fehler (RuntimeError); das Spiel ist unverändert."}
    bridge.handlers["undo"] = lambda _: (_ for _ in ()).throw(IllegalMove(""))
    assert send(bridge, type="undo") == {"ok": False, "error": "Etwas ist schiefgegangen; das Spiel ist unverändert."}


def test_every_game_in_german_through_the_bridge() -> None:
    bridge = Bridge()
    send(bridge, type="language", language="de")
    for game_id in GAMES:
        view = send(bridge, type="new", game=game_id, deal=3)
        assert_translated(make_rules(game_id).status_line(make_rules(game_id).deal(3)), game_id)
        assert_german("", view["statusLine"], game_id)
        assert all(" of " not in card.get("name", "") for pile in view["piles"] for card in pile["cards"])


def test_the_command_line_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "klondike", "0"]) == 2
    assert capsys.readouterr().err == "error: deal numbers run from 1 to 2147483647, not 0\n"


def test_positions_are_untouched_by_translation() -> None:
    """Translating is presentation only: a German game plays exactly as an English one."""
    english, german = Bridge(), german_bridge()
    send(english, type="new", game="klondike", deal=1)
    for message in ({"type": "stock"}, {"type": "move", "from": "tableau-1", "index": 0, "to": "tableau-7"}, {"type": "undo"}):
        one, other = send(english, **message), send(german, **message)
        assert [[card["card"] for card in pile["cards"]] for pile in one["piles"]] == [
            [card["card"] for card in pile["cards"]] for pile in other["piles"]
        ]
        assert replace_names(one) == replace_names(other)


def replace_names(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its words (names, status line, language)."""
    return {key: value for key, value in view.items() if key not in ("piles", "statusLine", "language")}
