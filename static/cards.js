// static/cards.js - playing cards drawn as SVG.
//
// One job: turn a card's text form ("QH", "TD", "AS", "7C") into SVG.
// No rules, no state beyond a cache of the shared <defs>.
//
// Rendering strategy (why <use>):
//   Every distinct picture (52 faces, a back's frame) is built ONCE as a
//   <symbol id="card-QH" viewBox="0 0 100 140"> inside one shared <defs>
//   (see ensureCardDefs). cardFace()/cardBack() return a tiny
//   <g class="card ..."><use href="#card-QH"/></g>, so a redraw creates two
//   elements per card. Symbols are built lazily, the first time a card is
//   asked for. The browser still clones a symbol's nodes into each <use>,
//   so the symbols are kept flat: a number card is 5 nodes (background,
//   ONE path holding every suit shape with the transforms baked in, three
//   rank texts), a court card 14.
//   Measured in headless Chromium on a slow 2-core VM, 104 cards: ~1.2 ms
//   of JavaScript plus ~5-7 ms of browser style/layout; a cloneNode of
//   cached inline drawings was no faster, drawing inline ~2x slower in JS.
//
// Colours: suit-coloured parts are painted with `currentColor`; the <use>
// element carries class "suit-H" etc. plus a default `color` attribute, so
// cards look right without any CSS and static/cards.css can restyle them
// through custom properties (four-colour deck, dark theme, highlights).
//
// Everything is built with createElementNS/setAttribute: no innerHTML, no
// inline style attributes (CSP friendly), no external fonts or images.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Card geometry in SVG user units (poker-size ratio 2.5 : 3.5). */
export const CARD_WIDTH = 100;
export const CARD_HEIGHT = 140;
export const CARD_RADIUS = 6;

const FONT_STACK = 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** Default colours; static/cards.css overrides them via custom properties. */
const SUIT_COLOR = { C: "#1b1c20", D: "#c8102e", H: "#c8102e", S: "#1b1c20" };
const GOLD = "#d9a92b";
const GOLD_DARK = "#8c6414";
const PANEL_FILL = "#fbf4e2";
const FACE_FILL = "#ffffff";
const FACE_STROKE = "#9a9ea6";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";

// ---------------------------------------------------------------------------
// Suit shapes: paths in a box centred on (0,0), 100 units wide, at most 100
// tall. Drawn, not typed, so they look the same on every platform.

const SUIT_PATHS = {
  H: "M0,-26 C-4,-42 -17,-48 -28,-48 C-42,-48 -50,-36 -50,-22 C-50,4 -24,22 0,48 " +
     "C24,22 50,4 50,-22 C50,-36 42,-48 28,-48 C17,-48 4,-42 0,-26 Z",
  D: "M0,-50 C10,-34 24,-16 40,0 C24,16 10,34 0,50 C-10,34 -24,16 -40,0 C-24,-16 -10,-34 0,-50 Z",
  S: "M0,-50 C12,-30 50,-18 50,7 C50,23 39,31 26,31 C16,31 9,27 5,21 " +
     "C6,35 11,44 21,50 L-21,50 C-11,44 -6,35 -5,21 C-9,27 -16,31 -26,31 " +
     "C-39,31 -50,23 -50,7 C-50,-18 -12,-30 0,-50 Z",
  // Three lobes and a stem; every sub-path winds the same way so the
  // default nonzero fill rule gives their union.
  C: "M-21,-26 A21,21 0 1,0 21,-26 A21,21 0 1,0 -21,-26 Z " +
     "M-48,12 A21,21 0 1,0 -6,12 A21,21 0 1,0 -48,12 Z " +
     "M6,12 A21,21 0 1,0 48,12 A21,21 0 1,0 6,12 Z " +
     "M0,-12 L-14,14 L14,14 Z " +
     "M-3.5,8 C-3.5,30 -8,43 -19,50 L19,50 C8,43 3.5,30 3.5,8 Z",
};

// ---------------------------------------------------------------------------
// Small DOM helpers.

function svgEl(name, attrs = {}, children = []) {
  const el = document.createElementNS(SVG_NS, name);
  for (const key in attrs) el.setAttribute(key, String(attrs[key]));
  for (const child of children) el.appendChild(child);
  return el;
}

/**
 * Path data for a suit shape of the given width centred at (x, y), upside
 * down when flipped. The transform is baked into the coordinates so that all
 * the suit shapes of a card can share ONE <path> element: fewer nodes is
 * what keeps layout fast, since every <use> clones its symbol's nodes.
 */
function suitPath(suit, x, y, width, flipped = false) {
  const scale = (width / 100) * (flipped ? -1 : 1);
  const round = (value) => Math.round(value * 100) / 100;
  let axis = 0;          // alternates x / y for coordinate pairs
  let arcField = -1;     // position inside an arc's 7 parameters, -1 = not in an arc
  return SUIT_PATHS[suit].replace(/[A-Za-z]|-?[\d.]+/g, (token) => {
    if (/[A-Za-z]/.test(token)) {
      arcField = token === "A" ? 0 : -1;
      axis = 0;
      return token;
    }
    const value = Number(token);
    if (arcField >= 0) {
      const field = arcField;
      arcField = (arcField + 1) % 7;
      if (field <= 1) return String(round(value * Math.abs(scale)));   // radii
      if (field <= 4) return token;                                      // rotation, flags
      return String(round(field === 5 ? x + value * scale : y + value * scale));
    }
    const mapped = axis === 0 ? x + value * scale : y + value * scale;
    axis = 1 - axis;
    return String(round(mapped));
  });
}

/** One filled path of several suit shapes: [[x, y, width, flipped], ...]. */
function suitShapes(suit, placements, attrs = {}) {
  const d = placements.map(([x, y, width, flipped]) => suitPath(suit, x, y, width, flipped));
  return svgEl("path", { d: d.join(" "), ...attrs });
}

/** A single suit shape as its own element. */
function suitShape(suit, x, y, width, flipped = false) {
  return suitShapes(suit, [[x, y, width, flipped]]);
}

// Index letters of the court cards in another language (German: Bube, Dame; König and Ass keep K and A).
const RANK_LETTERS = { de: { J: "B", Q: "D" } };
const rankLabel = (rank, language) => (rank === "T" ? "10" : RANK_LETTERS[language]?.[rank] ?? rank);

function rankText(rank, x, baseline, fontSize, fitWidth, language = "en") {
  const label = rankLabel(rank, language);
  const attrs = {
    x, y: baseline,
    "font-size": fontSize,
    "text-anchor": "middle",
  };
  // "10" is two glyphs: squeeze it into the width of one wide letter so
  // every index has the same footprint on every platform.
  if (label.length > 1) {
    attrs.textLength = fitWidth;
    attrs.lengthAdjust = "spacingAndGlyphs";
  }
  const text = svgEl("text", attrs);
  text.textContent = label;
  return text;
}

// ---------------------------------------------------------------------------
// Parsing.

function parseCard(text) {
  const value = String(text).trim().toUpperCase();
  const match = /^(10|[A2-9TJQK])([CDHS])$/.exec(value);
  if (!match) throw new RangeError(`not a card: ${JSON.stringify(text)}`);
  return { rank: match[1] === "10" ? "T" : match[1], suit: match[2] };
}

// ---------------------------------------------------------------------------
// Face layout.

// Pip positions for 2-10: [column, t] with column -1/0/1 (left/centre/right)
// and t in [0,1] from the top pip row to the bottom one. Pips below the
// middle are drawn upside down, as on a printed deck.
const PIP_LAYOUTS = {
  2: [[0, 0], [0, 1]],
  3: [[0, 0], [0, 0.5], [0, 1]],
  4: [[-1, 0], [1, 0], [-1, 1], [1, 1]],
  5: [[-1, 0], [1, 0], [0, 0.5], [-1, 1], [1, 1]],
  6: [[-1, 0], [1, 0], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  7: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  8: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [0, 0.75], [-1, 1], [1, 1]],
  9: [[-1, 0], [1, 0], [-1, 1 / 3], [1, 1 / 3], [0, 0.5],
      [-1, 2 / 3], [1, 2 / 3], [-1, 1], [1, 1]],
  10: [[-1, 0], [1, 0], [0, 1 / 6], [-1, 1 / 3], [1, 1 / 3],
       [-1, 2 / 3], [1, 2 / 3], [0, 5 / 6], [-1, 1], [1, 1]],
};

// The pip field sits below the big top-left index (which ends near y=31)
// and clear of the small bottom-right index (x > 84).
const PIP_TOP = 45;
const PIP_BOTTOM = 117;
const PIP_COLUMN_DX = 21;
const PIP_WIDTH = 20;

// Large print: the pips keep clear of the bigger index (they start lower and are a little smaller).
const LARGE_PIP_TOP = 54;
const LARGE_PIP_WIDTH = 18;

/** Placements [x, y, width, flipped] of the pips of an A-10. */
function pipPlacements(rank, suit, large = false) {
  const top = large ? LARGE_PIP_TOP : PIP_TOP;
  if (rank === "A") return [[50, (top + PIP_BOTTOM) / 2, suit === "D" ? 46 : 56, false]];
  const count = rank === "T" ? 10 : Number(rank);
  const pip = large ? LARGE_PIP_WIDTH : PIP_WIDTH;
  const width = suit === "D" ? pip * 0.88 : pip;
  return PIP_LAYOUTS[count].map(([column, t]) => [
    50 + column * PIP_COLUMN_DX,
    top + t * (PIP_BOTTOM - top),
    width,
    t > 0.5,
  ]);
}

// The indexes. Top-left: large rank and suit side by side, so a card covered
// all but its top ~22% still shows both. Top-right: a small stacked index
// (rank over suit) for cards fanned to the left. Bottom-right: the same small
// index turned 180 degrees.
const HALF_TURN = `rotate(180 ${CARD_WIDTH / 2} ${CARD_HEIGHT / 2})`;

// Large print (for poor eyesight): the same layout with bigger indexes; the
// top-left one still ends above the 27% of the card that a fanned column shows.
// Rank texts are [x, baseline, font size, width of "10"]; suits [x, y, width, width of a diamond].
const INDEX = {
  normal: { rank: [19, 29, 31, 29], small: [91, 17, 16, 14], suit: [46, 18.5, 22, 19], smallSuit: [91, 27, 11.5, 10] },
  large: { rank: [20, 36, 42, 35], small: [90, 19, 19, 16], suit: [55, 21, 28, 24], smallSuit: [90, 30.5, 13, 11.5] },
};

function indexTexts(rank, large = false, language = "en") {
  const index = INDEX[large ? "large" : "normal"];
  const [x, ...rest] = index.small;
  const bottom = rankText(rank, CARD_WIDTH - x, ...rest, language); // turned half round into the bottom-right corner
  bottom.setAttribute("transform", HALF_TURN);
  return [rankText(rank, ...index.rank, language), rankText(rank, ...index.small, language), bottom];
}

function indexSuitPlacements(suit, large = false) {
  const index = INDEX[large ? "large" : "normal"];
  /** @param {number[]} placement */
  const width = ([, , normal, diamond]) => (suit === "D" ? diamond : normal); // a diamond looks bigger at one width
  const [x, y] = index.suit;
  const [smallX, smallY] = index.smallSuit;
  return [[x, y, width(index.suit), false], [smallX, smallY, width(index.smallSuit), false],
          [smallX, CARD_HEIGHT - smallY, width(index.smallSuit), true]];
}

// Court emblems, drawn in a box about 60 wide centred on (0,0). Parts of
// the same style are merged into one path (see suitPath for why).

/** Path data for circles [[cx, cy, r], ...]. */
function circles(list) {
  return list.map(([cx, cy, r]) =>
    `M${cx - r},${cy} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`).join(" ");
}

const GOLD_SHAPE = { fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.6, "stroke-linejoin": "round" };

function crown() {
  // King: a solid pointed crown, four balls and a cross, jewelled band.
  return [
    svgEl("path", { d: "M-25,12 L-28,-16 L-16,-2 L-8,-22 L0,-6 L8,-22 L16,-2 L28,-16 L25,12 Z",
      ...GOLD_SHAPE }),
    svgEl("path", { d: circles([[-28, -16, 3.4], [-8, -22, 3.4], [8, -22, 3.4], [28, -16, 3.4]]),
      ...GOLD_SHAPE, "stroke-width": 1.2 }),
    svgEl("path", { d: "M0,-33 L0,-22 M-4.5,-28.5 L4.5,-28.5", stroke: GOLD_DARK,
      "stroke-width": 2.6, "stroke-linecap": "round", fill: "none" }),
    svgEl("rect", { x: -27, y: 10, width: 54, height: 10, rx: 2, ...GOLD_SHAPE }),
    svgEl("path", { d: circles([[-16, 15, 3.1], [0, 15, 3.1], [16, 15, 3.1]]) }),
  ];
}

function tiara(suit) {
  // Queen: a light coronet - a curved gold band, open arches drawn as lines,
  // white pearls, and the card's suit as the central jewel. Airy where the
  // King's crown is solid, so the two differ at a glance.
  const arches = "M-25,6 C-25,-6 -13,-10 -11,0 M25,6 C25,-6 13,-10 11,0 " +
                 "M-13,4 C-15,-12 -8,-22 0,-22 C8,-22 15,-12 13,4";
  const line = { d: arches, fill: "none", "stroke-linecap": "round" };
  return [
    svgEl("path", { ...line, stroke: GOLD_DARK, "stroke-width": 6.4 }),
    svgEl("path", { ...line, stroke: GOLD, "stroke-width": 4 }),
    suitShape(suit, 0, -8, suit === "D" ? 11 : 13),
    svgEl("path", { d: "M-29,6 C-10,1 10,1 29,6 L28,15 C10,10 -10,10 -28,15 Z", ...GOLD_SHAPE }),
    svgEl("path", {
      d: circles([[-25, 5, 3.2], [25, 5, 3.2], [-17, -6.5, 2.6], [17, -6.5, 2.6], [0, -25.5, 3.8],
                  [-10, 8, 2], [0, 7.2, 2], [10, 8, 2], [-20, 9.2, 2], [20, 9.2, 2]]),
      fill: "#ffffff", stroke: GOLD_DARK, "stroke-width": 1.2,
    }),
  ];
}

function cap() {
  // Jack: a floppy beret in the suit colour, gold band and button, and a
  // long gold feather.
  return [
    svgEl("path", {
      d: "M6,-4 C0,-22 -12,-32 -31,-33 C-27,-31 -25,-28 -24,-25 C-20,-20 -15,-12 -10,-2 Z",
      ...GOLD_SHAPE, "stroke-width": 1.4,
    }),
    svgEl("path", {
      d: "M0,-6 C-6,-18 -15,-26 -29,-31 M-7,-16 L-12,-14 M-12,-22 L-17,-20 " +
         "M-4,-12 L-2,-18 M-10,-19 L-8,-25",
      fill: "none", stroke: GOLD_DARK, "stroke-width": 1,
    }),
    svgEl("path", {
      d: "M-21,9 C-29,4 -30,-6 -20,-11 C-9,-16 11,-17 22,-12 C31,-7 30,3 22,9 Z",
      stroke: "#00000055", "stroke-width": 1.2,
    }),
    svgEl("path", {
      d: "M-24.5,7 H24.5 A4.5,4.5 0 0,1 24.5,16 H-24.5 A4.5,4.5 0 0,1 -24.5,7 Z " +
         circles([[13, -9, 3]]),
      ...GOLD_SHAPE,
    }),
  ];
}

const EMBLEMS = { K: crown, Q: tiara, J: cap };

const PANEL = { x: 17, y: 38, width: 66, height: 92 };
const PANEL_CENTRE_X = PANEL.x + PANEL.width / 2;

/** Framed centre panel for J, Q, K with the rank's emblem; the large suit
 *  below it is part of the card's suit path (see courtSuitPlacement). */
function courtPanel(rank, suit) {
  const { x, y, width, height } = PANEL;
  return [
    svgEl("rect", { class: "card-panel", x, y, width, height, rx: 4,
      fill: PANEL_FILL, stroke: GOLD_DARK, "stroke-width": 1.2 }),
    svgEl("rect", { x: x + 3, y: y + 3, width: width - 6, height: height - 6, rx: 2.5,
      fill: "none", stroke: GOLD, "stroke-width": 1.4 }),
    svgEl("g", {
      class: `card-emblem card-emblem-${rank}`,
      transform: `translate(${PANEL_CENTRE_X} ${y + 37}) scale(0.92)`,
    }, EMBLEMS[rank](suit)),
  ];
}

function courtSuitPlacement(suit) {
  return [PANEL_CENTRE_X, PANEL.y + 73, suit === "D" ? 27 : 32, false];
}

function cardOutline(className, fill) {
  return svgEl("rect", {
    class: className,
    x: 0.5, y: 0.5, width: CARD_WIDTH - 1, height: CARD_HEIGHT - 1,
    rx: CARD_RADIUS, ry: CARD_RADIUS,
    fill, stroke: FACE_STROKE, "stroke-width": 1,
    "vector-effect": "non-scaling-stroke",
  });
}

/** Attributes that the parts of a face inherit (set on the <symbol>, or on
 *  the wrapper when drawn inline). */
const FACE_INHERITED = {
  fill: "currentColor",
  "font-family": FONT_STACK,
  "font-weight": 700,
};

/**
 * The full drawing of a face, in card coordinates (no <use>), as a flat
 * list: a number card is 5 elements (background, one path for every suit
 * shape, three rank texts), a court card about 14.
 */
function buildFace(rank, suit, large = false, language = "en") {
  const court = "JQK".includes(rank);
  const placements = indexSuitPlacements(suit, large).concat(
    court ? [courtSuitPlacement(suit)] : pipPlacements(rank, suit, large));
  return [
    cardOutline("card-bg", FACE_FILL),
    ...(court ? courtPanel(rank, suit) : []),
    suitShapes(suit, placements, { class: "card-suits" }),
    ...indexTexts(rank, large, language),
  ];
}

// ---------------------------------------------------------------------------
// Backs.

const BACKS = {
  blue: { ground: "#163a78", line: "#3f6cb8", dot: "#8fb0e6", pattern: latticePattern },
  red: { ground: "#8e1426", line: "#c2404f", dot: "#f0a0a8", pattern: latticePattern },
  tartan: { ground: "#1d5236", band: "#0c2f1e", line: "#e0b84a", stripe: "#b8343f", pattern: tartanPattern },
};

function latticePattern(name) {
  const { ground, line, dot } = BACKS[name];
  // 8 x 11 diamonds exactly fill the 88 x 128 field, so the lattice is
  // symmetric and no diamond is cut at the edges.
  const w = 11;
  const h = 128 / 11;
  return svgEl("pattern", {
    id: `card-lattice-${name}`,
    patternUnits: "userSpaceOnUse",
    x: 6, y: 6, width: w, height: h,
  }, [
    svgEl("rect", { width: w, height: h, fill: ground }),
    svgEl("path", {
      d: `M0,0 L${w},${h} M${w},0 L0,${h}`,
      stroke: line, "stroke-width": 1.3, fill: "none",
    }),
    svgEl("path", {
      d: `M${w / 2},${h / 2 - 2.2} L${w / 2 + 1.8},${h / 2} L${w / 2},${h / 2 + 2.2} ` +
         `L${w / 2 - 1.8},${h / 2} Z`,
      fill: dot,
    }),
  ]);
}

/** A green tartan: dark bands crossing on a green ground, thin gold and red lines. */
function tartanPattern(name) {
  const { ground, band, line, stripe } = BACKS[name];
  // 4 x 4 repeats exactly fill the 88 x 128 field.
  const w = 22;
  const h = 32;
  const see = { "fill-opacity": 0.55 };
  return svgEl("pattern", {
    id: `card-lattice-${name}`,
    patternUnits: "userSpaceOnUse",
    x: 6, y: 6, width: w, height: h,
  }, [
    svgEl("rect", { width: w, height: h, fill: ground }),
    svgEl("rect", { x: 0, y: 10, width: w, height: 12, fill: band, ...see }),
    svgEl("rect", { x: 5, y: 0, width: 12, height: h, fill: band, ...see }),
    svgEl("path", { d: `M0,16 H${w} M11,0 V${h}`, stroke: line, "stroke-width": 1.2, "stroke-opacity": 0.85 }),
    svgEl("path", { d: `M0,3.5 H${w} M19.5,0 V${h}`, stroke: stripe, "stroke-width": 1, "stroke-opacity": 0.8 }),
  ]);
}

/** A back's frame: the card's own background and edge (themed by the page's CSS). */
function buildBackFrame() {
  return [cardOutline("card-bg", FACE_FILL)];
}

/** A back's field, the lattice within the frame, as a picture of its own (an SVG document in a
 *  data: URL, one per back): each face-down card shows it as an <image>. An image is content to
 *  the browser (a <use> of a symbol is not), so the table's cards are its largest contentful paint,
 *  not an empty place's letter. Built once per back, its coordinates the card's. */
const backFields = new Map();
function backField(name) {
  if (!backFields.has(name)) {
    const { ground } = BACKS[name];
    const svg = svgEl("svg", { xmlns: SVG_NS, viewBox: "6 6 88 128", width: 88, height: 128 }, [
      svgEl("defs", {}, [BACKS[name].pattern(name)]),
      svgEl("rect", { x: 6, y: 6, width: 88, height: 128, rx: 3,
        fill: `url(#card-lattice-${name})`, stroke: ground, "stroke-width": 1 }),
      svgEl("rect", { x: 9.5, y: 9.5, width: 81, height: 121, rx: 2,
        fill: "none", stroke: "#ffffff", "stroke-opacity": 0.55, "stroke-width": 1 }),
    ]);
    backFields.set(name, `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`);
  }
  return backFields.get(name);
}

// ---------------------------------------------------------------------------
// Shared <defs>.

let sharedDefs = null;
const built = new Set();

/**
 * Make sure the shared <defs> with the card symbols is in the document and
 * return it. With an svgRoot the <defs> goes inside it; without one it goes
 * into a 0x0 hidden <svg> appended to document.body (the robust choice when
 * the table SVG is rebuilt wholesale). Idempotent and cheap: if the defs were
 * detached (e.g. svgRoot.replaceChildren()), the same element, with every
 * symbol already built, is attached again. Symbols ("card-QH",
 * "card-back-frame") are created lazily by cardFace/cardBack;
 * pass {all: true} to build all 52 faces and every back at once
 * ({all: true, large: true}: the large-print faces).
 */
export function ensureCardDefs(svgRoot = null, options = {}) {
  if (!sharedDefs) {
    sharedDefs = svgEl("defs", { id: "card-defs" });
  }
  if (svgRoot) {
    if (sharedDefs.parentNode !== svgRoot) svgRoot.insertBefore(sharedDefs, svgRoot.firstChild);
  } else if (!sharedDefs.isConnected) {
    const host = svgEl("svg", {
      class: "card-defs-host", width: 0, height: 0,
      "aria-hidden": "true", focusable: "false",
    });
    // Not display:none: patterns inside display:none SVGs do not paint.
    host.style.position = "absolute";
    host.style.width = "0";
    host.style.height = "0";
    host.style.overflow = "hidden";
    host.appendChild(sharedDefs);
    document.body.appendChild(host);
  }
  if (options.all) {
    for (const suit of SUITS) for (const rank of RANKS) faceSymbolId(rank, suit, Boolean(options.large), options.language);
    backFrameSymbolId();
  }
  return sharedDefs;
}

/**
 * Build the pictures of every card ahead of need, a suit per task (a whole
 * deck at once would hold the page up for a moment): the first table then
 * draws quickly. `large`: the large-print faces. Resolves when done.
 */
export async function prepareCards(svgRoot, { large = false, language = "en" } = {}) {
  for (const suit of SUITS) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    ensureCardDefs(svgRoot);
    for (const rank of RANKS) faceSymbolId(rank, suit, large, language);
  }
  backFrameSymbolId();
}

function addSymbol(id, children, attrs = {}) {
  if (!sharedDefs || !sharedDefs.isConnected) ensureCardDefs();
  if (!built.has(id)) {
    sharedDefs.appendChild(svgEl("symbol", {
      id, viewBox: `0 0 ${CARD_WIDTH} ${CARD_HEIGHT}`, overflow: "visible", ...attrs,
    }, children()));
    built.add(id);
  }
  return id;
}

function faceSymbolId(rank, suit, large = false, language = "en") {
  // A face whose index reads the same in every language (all but J and Q in German) is one symbol.
  const own = rankLabel(rank, language) !== rankLabel(rank, "en") ? `-${language}` : "";
  const id = `card-${rank}${suit}${large ? "-large" : ""}${own}`;
  return addSymbol(id, () => buildFace(rank, suit, large, language), FACE_INHERITED);
}

function backFrameSymbolId() {
  return addSymbol("card-back-frame", buildBackFrame);
}

function useOf(id, extra = {}) {
  return svgEl("use", {
    href: `#${id}`, x: 0, y: 0, width: CARD_WIDTH, height: CARD_HEIGHT,
    "aria-hidden": "true", ...extra,
  });
}

// ---------------------------------------------------------------------------
// Public drawing API.

/**
 * An SVG <g> drawing the face of `text` ("QH", "TD", ...) at (0,0), size
 * CARD_WIDTH x CARD_HEIGHT. The <g> has class "card card-face" and holds a
 * <use> of the shared symbol; callers may set any attribute on the <g>
 * (transform, data-card, aria-label, extra classes via classList).
 * options.inline: true returns the full drawing instead of a <use> (for an
 * SVG outside this document, e.g. an exported image); it never needs defs.
 * options.large: true draws bigger indexes (large print; its own symbols).
 * options.language: "de" gives the court cards German indexes (B, D, K).
 * Throws RangeError on a malformed card.
 */
export function cardFace(text, options = {}) {
  const { rank, suit } = parseCard(text);
  const group = svgEl("g", { class: "card card-face" });
  if (options.inline) {
    const ink = svgEl("g", {
      class: `card-ink suit-${suit}`, color: SUIT_COLOR[suit], ...FACE_INHERITED,
    }, buildFace(rank, suit, Boolean(options.large), options.language));
    group.appendChild(ink);
    return group;
  }
  const id = faceSymbolId(rank, suit, Boolean(options.large), options.language);
  group.appendChild(useOf(id, { class: `card-ink suit-${suit}`, color: SUIT_COLOR[suit] }));
  return group;
}

/**
 * An SVG <g> drawing a card back at (0,0), same size as a face.
 * options.back: "blue" (default), "red" or "tartan". Class "card card-back".
 */
export function cardBack(options = {}) {
  const name = Object.hasOwn(BACKS, options.back) ? options.back : "blue";
  const group = svgEl("g", { class: `card card-back card-back-${name}` });
  group.appendChild(useOf(backFrameSymbolId()));
  group.appendChild(svgEl("image", { href: backField(name), x: 6, y: 6, width: 88, height: 128, "aria-hidden": "true" }));
  return group;
}

/**
 * An SVG <g> outlining an empty pile at (0,0), card-sized, for the green
 * table. kind: "foundation" (faint A), "tableau" (faint K: only a King fills
 * an empty Klondike column), "stock" (faint redeal arrow), anything else a
 * plain outline. Class "card-slot slot-<kind>".
 */
// What an empty place shows: an A (a foundation), a K (a column only a King fills), K-A (a
// completed run's place, Spider), 13 (where Pyramid's pairs go).
const SLOT_MARKS = { foundation: ["A", 54], tableau: ["K", 54], run: ["K\u2013A", 34], discard: ["13", 44] };

export function emptySlot(kind = "") {
  const group = svgEl("g", { class: `card-slot slot-${kind || "plain"}` });
  group.appendChild(svgEl("rect", {
    class: "card-slot-outline",
    x: 1.5, y: 1.5, width: CARD_WIDTH - 3, height: CARD_HEIGHT - 3,
    rx: CARD_RADIUS, ry: CARD_RADIUS,
    fill: "#ffffff", "fill-opacity": 0.08,
    stroke: "#ffffff", "stroke-opacity": 0.45, "stroke-width": 2.5,
  }));
  if (kind === "cell") {
    group.firstChild.setAttribute("stroke-dasharray", "9 6"); // a free cell: not a foundation
  } else if (kind in SLOT_MARKS) {
    const [text, size] = SLOT_MARKS[kind];
    const mark = svgEl("text", {
      class: "card-slot-mark", "aria-hidden": "true",
      x: CARD_WIDTH / 2, y: CARD_HEIGHT / 2 + size * 0.35,
      "text-anchor": "middle", "font-family": FONT_STACK, "font-weight": 700,
      "font-size": size, fill: "#ffffff", "fill-opacity": 0.3,
    });
    mark.textContent = text;
    group.appendChild(mark);
  } else if (kind === "stock") {
    // A circular arrow: three-quarter ring plus an arrow head.
    const cx = CARD_WIDTH / 2;
    const cy = CARD_HEIGHT / 2;
    const r = 22;
    group.appendChild(svgEl("g", {
      class: "card-slot-mark", "aria-hidden": "true",
      fill: "none", stroke: "#ffffff", "stroke-opacity": 0.4,
    }, [
      svgEl("path", {
        d: `M${cx + r},${cy} A${r},${r} 0 1,1 ${cx},${cy - r}`,
        "stroke-width": 7, "stroke-linecap": "round",
      }),
      svgEl("path", {
        d: `M${cx - 3},${cy - r - 11} L${cx + 10},${cy - r} L${cx - 3},${cy - r + 11} Z`,
        fill: "#ffffff", "fill-opacity": 0.4, stroke: "none",
      }),
    ]));
  }
  return group;
}
