"""What the engine says, as codes, in English and German (py/solitaire/texts.py).

Two checks make sure that nothing the player can see is left without German:

- the catalogue: every ``Reason`` and ``Status`` has a German template with the same
  placeholders as its English one, and says it without English words;
- the source: every place in the engine and the bridge that makes something to say
  (``raise IllegalMove(...)``, ``Said(...)``, ...) names a code, never a sentence, and gives
  exactly the parameters its templates use (read from the syntax tree).

The tests further down render the real messages of random play (illegal moves, bad
layouts, bad saves) and every status line of every game and option set, and play
through the bridge in German.
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from solitaire import cli
from solitaire.card_notation import parse_card
from solitaire.cards import full_deck
from solitaire.game import IllegalMove, Move, Rules
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.session import SaveError, Session
from solitaire.texts import GERMAN, KINDS, Explained, Reason, Said, Status, card_name, kind_of, placeholders, render
from solitaire_bridge import Bridge, Kind

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "py" / "solitaire"
SOURCES = sorted(path for path in ENGINE.rglob("*.py") if path.name != "cli.py") + sorted((ROOT / "py" / "solitaire_bridge").glob("*.py"))
CODES = [*Reason, *Status]
# The engine's exceptions that carry a Said (texts.Explained and its subclasses).
EXPLAINED = {"Explained", "IllegalMove", "OptionError", "SaveError", "MessageError", "CardError", "NotationError"}

# Words that give English away, looked for in lower case, with spaces around the text, outside
# quotes: a quoted part is a name or value shown as it is ('xyz', „stock“: a line of the layout notation).
ENGLISH_WORDS = (
    "the ",
    " cannot",
    " must",
    " only",
    " card",
    " column",
    "stock",
    "waste",
    "foundation",
    " move",
    " is ",
    " are ",
    " of ",
    " and ",
    " not ",
    " to ",
    " on ",
    " no ",
    " has ",
    " can ",
)
QUOTED = re.compile(r"„[^“]*“|'[^']*'|\"[^\"]*\"")

# A sample value of each kind of parameter, to render every template with.
SAMPLES: dict[str, Any] = {
    "card": parse_card("QH"),
    "cards": "QH 2C",
    "pile": "tableau-3",
    "place": "foundation-2",
    "number": 3,
    "name": "redeals",
    "text": "xyz",
    "list": ["draw", "scoring"],
    "choices": ["1", "3"],
    "ranks": [5, 8, 11],
    "message": Said(Reason.NOT_A_CARD, text="XX"),
}


def sample_said(code: Reason | Status) -> Said:
    return Said(code, **{name: SAMPLES[kind_of(name)] for name in placeholders(code.value)})


def assert_german(english: str, german: str, where: str = "") -> None:
    assert german != english, f"{where}: no German for {english!r}"
    lowered = f" {QUOTED.sub('', german).lower()} "
    found = [word for word in ENGLISH_WORDS if word in lowered]
    assert not found, f"{where}: English {found} left in {german!r} (from {english!r})"


def assert_translated(said: Said, where: str = "") -> None:
    """The whole message, nested messages included, has German."""
    assert_german(render(said, "en"), render(said, "de"), where)


# -- the catalogue ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES, ids=[code.name for code in CODES])
def test_every_code_has_both_languages(code: Reason | Status) -> None:
    assert code in GERMAN, f"{code} has no German"
    assert placeholders(GERMAN[code]) == placeholders(code.value), code
    assert all(kind_of(name) in KINDS for name in placeholders(code.value)), code
    assert_translated(sample_said(code), code.name)


def test_the_catalogue_holds_nothing_else() -> None:
    assert set(GERMAN) == set(CODES)


def test_words_chosen_by_number() -> None:
    assert str(Said(Reason.DRAW_COUNT, number=1)) == "the stock deals 1 card at a time here"
    assert str(Said(Reason.DRAW_COUNT, number=3)) == "the stock deals 3 cards at a time here"
    assert render(Said(Reason.VEGAS_PASSES, number=1), "de") == "Vegas erlaubt 1 Durchgang durch den Talon"
    assert render(Said(Reason.VEGAS_PASSES, number=3), "de") == "Vegas erlaubt 3 Durchgänge durch den Talon"


def test_piles_values_and_nested_messages() -> None:
    said = Said(Reason.BAD_LAYOUT, message=Said(Reason.IN_PILE, pile="row-2", message=Said(Reason.NOT_A_CARD, text="XX")))
    assert str(said) == "not a usable layout: row-2: not a card: 'XX' (write rank A 2-9 T J Q K and suit C D H S, e.g. QH)"
    assert render(said, "de") == (
        "Kein brauchbarer Aufbau: Reihe 2: Keine Karte: „XX“ (schreib den Rang A 2-9 T J Q K und die Farbe C D H S, z. B. QH)"
    )
    assert render(Said(Reason.NOT_A_SOURCE, place="tableau-9"), "de") == "Von „Spalte 9“ lassen sich keine Karten ziehen"
    assert render(Said(Reason.NOT_A_SOURCE, place="xyz"), "de") == "Von „xyz“ lassen sich keine Karten ziehen"
    assert str(Said(Reason.NOT_A_SOURCE, place="tableau-9")) == "cannot move cards from 'tableau-9'"


def test_an_unknown_language_gets_english() -> None:
    said = Said(Reason.WASTE_EMPTY)
    assert render(said, "fr") == render(said, "en") == str(said) == "the waste is empty"


def test_a_said_is_a_value() -> None:
    assert Said(Reason.PILE_EMPTY, pile="peak-1") == Said(Reason.PILE_EMPTY, pile="peak-1")
    assert Said(Reason.PILE_EMPTY, pile="peak-1") != Said(Reason.PILE_EMPTY, pile="peak-2")
    assert len({Said(Reason.WASTE_EMPTY), Said(Reason.WASTE_EMPTY)}) == 1
    error = IllegalMove(Reason.WASTE_EMPTY)
    assert isinstance(error, Explained) and isinstance(error, ValueError) and str(error) == "the waste is empty"


def test_card_names_in_both_languages() -> None:
    """The names the page reads out (the view's): rank of suit in English, suit then rank in German."""
    for card in full_deck():
        english, german = card_name(card, "en"), card_name(card, "de")
        assert english.endswith(("of Clubs", "of Diamonds", "of Hearts", "of Spades")), english
        assert german.split()[0] in ("Kreuz", "Karo", "Herz", "Pik") and len(german.split()) == 2, german
    assert card_name(parse_card("QH"), "de") == "Herz Dame" and card_name(parse_card("TS"), "de") == "Pik 10"
    assert card_name(parse_card("QH"), "en") == "Queen of Hearts" and card_name(parse_card("AD"), "de") == "Karo Ass"


# -- the source: codes, never sentences ---------------------------------------------------------


def called_name(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id if isinstance(node.func, ast.Name) else ""


def codes_of(node: ast.expr) -> list[Reason | Status]:
    """``Reason.X`` or ``Status.X`` as written in the source (either of ``A if ... else B``);
    none for anything else."""
    if isinstance(node, ast.IfExp):
        return codes_of(node.body) + codes_of(node.orelse)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("Reason", "Status"):
        return [Reason[node.attr] if node.value.id == "Reason" else Status[node.attr]]
    return []


def sayings() -> Iterator[tuple[str, ast.Call]]:
    """Every call that makes something to say: an exception of ours, or a Said."""
    for path in (path for path in SOURCES if path.name != "texts.py"):  # texts.py: the machinery itself
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and called_name(node) in EXPLAINED | {"Said"}:
                yield f"{path.name}:{node.lineno}", node


def check_saying(where: str, node: ast.Call) -> None:
    assert node.args, f"{where}: says nothing"
    first = node.args[0]
    assert not isinstance(first, (ast.Constant, ast.JoinedStr, ast.BinOp)), f"{where}: a sentence, not a code: {ast.unparse(first)}"
    codes = codes_of(first)
    if not codes:  # a Said made elsewhere, passed on: error.said, a helper's result, a variable
        assert len(node.args) == 1 and not node.keywords, f"{where}: {ast.unparse(node)}"
        return
    assert len(node.args) == 1, f"{where}: parameters are given by name"
    given = {str(keyword.arg) for keyword in node.keywords}
    for code in codes:
        assert given == placeholders(code.value), f"{where}: {code.name} takes {sorted(placeholders(code.value))}, not {sorted(given)}"


def test_every_saying_names_a_code_with_its_parameters() -> None:
    found = list(sayings())
    assert len(found) > 150
    for where, node in found:
        check_saying(where, node)


def test_the_source_check_catches_a_sentence_and_a_missing_parameter() -> None:
    for source in ('IllegalMove("the waste is empty")', 'IllegalMove(f"the {card} is lonely")', "IllegalMove(Reason.PILE_EMPTY)"):
        call = ast.parse(source, mode="eval").body
        assert isinstance(call, ast.Call)
        with pytest.raises(AssertionError):
            check_saying("sample", call)
    check_saying("sample", ast.parse('IllegalMove(Reason.PILE_EMPTY, pile="peak-1")', mode="eval").body)  # type: ignore[arg-type]


def test_no_regular_expression_turns_english_into_german() -> None:
    text = (ENGINE / "texts.py").read_text()
    assert "fullmatch" not in text and ".match(" not in text


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
    lines = {
        Said(Status.DRAW, number=1): ("Draw 1", "1 Karte ziehen"),
        Said(Status.DRAW_PASS, number=3, number2=2, number3=3): ("Draw 3 · pass 2 of 3", "3 Karten ziehen · Durchgang 2 von 3"),
        Said(Status.DEALS_LEFT, number=1, number2=1, number3=8): ("Deals left 1 · runs 1 of 8", "Noch 1 Runde · Folgen 1 von 8"),
        Said(Status.FREE_CELLS, number=2, number2=4, number3=6): (
            "Free cells 2 of 4 · can move 6",
            "Freie Zellen 2 von 4 · 6 Karten je Zug",
        ),
        Said(Status.PASS, number=1, number2=3): ("Pass 1 of 3", "Durchgang 1 von 3"),
        Said(Status.STOCK_RUN, number=23, number2=0): ("Stock 23 · run 0", "Talon 23 · Serie 0"),
    }
    for said, (english, german) in lines.items():
        assert (render(said, "en"), render(said, "de")) == (english, german)


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
                    assert_translated(error.said, f"{game_id} {move!r}")
                    refused += 1
            try:
                rules.apply(position, rules.stock_move(position))
            except IllegalMove as error:
                assert_translated(error.said, f"{game_id} stock")
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
            assert_translated(error.said, f"{game_id} {layout!r}")
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
        assert_translated(refused.value.said, repr(save)[:60])


def test_session_refusals_in_german() -> None:
    session = Session(make_rules("klondike"), 1)
    for action in (session.undo, session.redo, session.complete):
        with pytest.raises(IllegalMove) as refused:
            action()
        assert_translated(refused.value.said)


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

    bridge.kinds["undo"] = Kind(broken, "view")
    assert send(bridge, type="undo") == {"ok": False, "error": "Interner Fehler (RuntimeError); das Spiel ist unverändert."}
    bridge.kinds["undo"] = Kind(lambda _: (_ for _ in ()).throw(IllegalMove(Reason.WENT_WRONG)), "view")
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
    """A view without its words (names, status line, language; the turn's cards by name)."""
    plain = {key: value for key, value in view.items() if key not in ("piles", "statusLine", "language", "turn")}
    turn = view["turn"]
    if turn is not None:
        named = {"moves": ("card", "onto"), "turnedOver": ("card",), "home": ("cards",)}
        plain["turn"] = {
            key: [{k: v for k, v in item.items() if k not in named[key]} for item in value] if key in named else value
            for key, value in turn.items()
            if key != "drawn"
        } | {"drawn": None if turn["drawn"] is None else turn["drawn"]["count"]}
    return plain


def test_no_two_codes_share_a_template() -> None:
    """Two codes with one English template would be one code (an Enum alias), with one German
    template overwriting the other: each code says something of its own."""
    for catalogue in (Reason, Status):
        aliases = [name for name, member in catalogue.__members__.items() if member.name != name]
        assert aliases == [], aliases
