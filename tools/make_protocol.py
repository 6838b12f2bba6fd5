"""Write the engine's protocol (py/solitaire_bridge/protocol.py) as TypeScript declarations.

    python tools/make_protocol.py OUT    (build.sh writes types/protocol.d.ts)

The page's JavaScript is type-checked against them (``tsc -p jsconfig.json``, a check of
``./build.sh test``): a field the engine renames or drops, or a message the page sends that
the engine does not know, fails that check. The file is written only when it changes.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire_bridge import protocol  # noqa: E402 - found through the path just set
from solitaire_bridge.protocol import ANSWERS, REQUESTS  # noqa: E402

HEADER = """\
// The engine's protocol: every message kind's request and answer.
// Written by tools/make_protocol.py from py/solitaire_bridge/protocol.py: do not edit.
"""


def typescript(annotation: Any) -> str:
    """An annotation of protocol.py as a TypeScript type."""
    origin = get_origin(annotation)
    if annotation is type(None):
        return "null"
    if annotation is bool:
        return "boolean"
    if annotation in (int, float):
        return "number"
    if annotation is str:
        return "string"
    if annotation is Any:
        return "unknown"
    if is_typeddict(annotation):
        return str(annotation.__name__)
    if origin is Literal:
        return " | ".join(literal(value) for value in get_args(annotation))
    if origin in (Union, types.UnionType):
        return " | ".join(typescript(arg) for arg in get_args(annotation))
    if origin is list:
        (item,) = get_args(annotation)
        inner = typescript(item)
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict:
        key, value = get_args(annotation)
        return f"Record<{typescript(key)}, {typescript(value)}>"
    raise TypeError(f"no TypeScript for {annotation!r}")


def literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    return str(value)


def interface(shape: Any, kind: str | None = None) -> str:
    """A TypedDict as a TypeScript object type; ``kind`` narrows its ``type`` to that kind."""
    hints = get_type_hints(shape)
    fields = []
    for name, annotation in hints.items():
        optional = "?" if name in shape.__optional_keys__ else ""
        written = literal(kind) if name == "type" and kind is not None else typescript(annotation)
        fields.append(f"  {name}{optional}: {written};")
    return "{\n" + "\n".join(fields) + "\n}"


def shapes() -> list[Any]:
    """Every TypedDict of the protocol, in the order the module defines them."""
    return [value for value in vars(protocol).values() if is_typeddict(value)]


def declarations() -> str:
    parts = [HEADER]
    for shape in shapes():
        doc = (shape.__doc__ or "").strip()
        if doc and not doc.startswith(shape.__name__ + "("):  # functional TypedDicts get a made-up doc
            parts.append("/** " + " ".join(doc.split()) + " */")
        parts.append(f"export type {shape.__name__} = {interface(shape)};\n")
    parts.append("/** Every kind of message, as the page sends it. */")
    parts.append("export interface Requests {")
    for kind, shape in REQUESTS.items():
        body = interface(shape, kind).replace("\n", "\n  ")
        parts.append(f"  {key(kind)}: {body};")
    parts.append("}\n")
    parts.append("/** What each kind is answered with when it succeeds (else a Failure). */")
    parts.append("export interface Answers {")
    for kind, answer in ANSWERS.items():
        union = answer if isinstance(answer, tuple) else (answer,)
        parts.append(f"  {key(kind)}: {' | '.join(shape.__name__ for shape in union)};")
    parts.append("}\n")
    parts.append("export type Kind = keyof Requests;")
    parts.append("export type Request = Requests[Kind];")
    parts.append("export type Answer<K extends Kind> = Answers[K] | Failure;")
    parts.append("/** The kinds answered with the whole view: they change the game. */")
    parts.append("export type ViewKind = { [K in Kind]: Answers[K] extends View ? K : never }[Kind];")
    return "\n".join(parts) + "\n"


def key(kind: str) -> str:
    return kind if kind.isidentifier() else f'"{kind}"'


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    text = declarations()
    if not out.exists() or out.read_text() != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
