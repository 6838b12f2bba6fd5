// table.js: draws the bridge's view as SVG. One redraw path: view in, SVG out.
//
// It knows geometry, not rules: which cards may move and where comes from
// the view's `legal` map ({"tableau-3:4": ["tableau-5", ...]}).

import { CARD_HEIGHT, CARD_WIDTH, cardBack, cardFace, emptySlot, ensureCardDefs } from "./cards.js";
import { language, t } from "./i18n.js";
import { arrangedSlots, looks } from "./looks.js";
import { PILE_NAMES } from "./words.js";

/** @typedef {import("../types/protocol").View} View */

const SVG_NS = "http://www.w3.org/2000/svg";
const ASPECT = CARD_HEIGHT / CARD_WIDTH;
const GAP = 0.12; // space between columns, in card widths
const NARROW_GAP = 0.06; // for games of nine or more columns, so phones keep usable cards
const FAN_ROOM = 2.2; // card heights kept below the last row for fanned columns
// px: narrower cards are hard to read and to touch. Where the columns side by side leave less (ten
// columns on an upright phone), they overlap by up to MAX_OVERLAP of a card's width instead (its
// right margin and small corner index: the large index is at the top left); where a long column
// leaves less, the table scrolls. (41: a face is drawn half a unit in from each side of its 100.)
const MIN_CARD_WIDTH = 41;
const MAX_OVERLAP = 0.17;
const FAN_DOWN_FACE_UP = 0.27; // vertical step of a fanned column, in card heights
const FAN_DOWN_FACE_UP_MAX = 0.42; // on small cards the step grows towards MIN_STRIP, up to this
const MIN_STRIP = 24; // px: a fanned card's visible strip, comfortable to touch on a phone
const FAN_DOWN_FACE_DOWN = 0.11;
// A table whose cards are as big as its width allows, with height to spare (ten columns on an
// upright phone or tablet), spends that height: the fans' steps grow, all alike, as far as the
// longest column leaves room, up to where a step shows this much of its card (face up, face
// down); a table of rows (Pyramid, TriPeaks) spreads its rows apart, up to ROWS_SPREAD times.
const FAN_GROWN = [0.5, 0.2];
const ROWS_SPREAD = 1.5;
// The least a long column may show of its cards, in card heights: of a face-up card its whole
// top-left index (rank and suit end near y 31 of 140, large print's near 37; cards.js), of a
// face-down card a sliver. Where a column would need less, it first tightens its own fan to these
// steps, then every card on the table is made smaller, down to MIN_CARD_WIDTH; then the table scrolls.
const MIN_FACE_UP = { normal: 34 / 140, large: 39 / 140 };
const LEAST_FACE_UP_PX = 12; // and never less than this: a strip to touch
const MIN_FACE_DOWN = 0.05;
const MIN_SLIVER = 2; // px: and never less than this
const FAN_RIGHT = 0.56; // horizontal step of the draw-three waste, in card widths
const WASTE_FAN_SIZE = 3;
const DEAL_STEP = 0.16; // between two deals' stacks, in card widths

/** The least steps [face up, face down] in px of a fanned column of cards this high. */
function leastSteps(cardHeight) {
  const index = looks().largePrint ? MIN_FACE_UP.large : MIN_FACE_UP.normal;
  return [Math.max(index * cardHeight, LEAST_FACE_UP_PX), Math.max(MIN_FACE_DOWN * cardHeight, MIN_SLIVER)];
}

/** Cards of the fanned column `slot` in `view`, but the last: [face up, face down].
 * @param {View} view
 */
function fannedCounts(view, slot) {
  const cards = view.piles.find((pile) => pile.name === slot.name)?.cards.slice(0, -1) ?? [];
  const down = cards.filter((card) => card.card === "down").length;
  return [cards.length - down, down];
}

/** Card size and origin for a room of width x height pixels; the table drawn may be taller than
 *  the room (`height` in the answer), where a long column does not fit at the least card size.
 * @param {View} view
 */
export function measure(view, width, height) {
  const slots = arrangedSlots(view);
  const columns = Math.max(...slots.map((slot) => slot.x)) + 1;
  const rows = Math.max(...slots.map((slot) => slot.y)) + 1;
  const pad = Math.max(6, Math.min(width, height) * 0.02);
  const gapRatio = columns >= 9 ? NARROW_GAP : GAP;
  const fans = slots.some((slot) => slot.fan === "down") ? FAN_ROOM : 0;
  // Wide enough for every column, and short enough that the rows and a
  // reasonable fan below them fit the height.
  const byWidth = (width - 2 * pad) / (columns + (columns - 1) * gapRatio);
  const overlapped = Math.min(MIN_CARD_WIDTH, (width - 2 * pad) / columns / (1 - MAX_OVERLAP));
  const widest = Math.max(byWidth, overlapped);
  // Rows are a card and a gap of at least 8 px apart (rowGap below): both ways must fit.
  const byHeight = Math.min(
    (height - 2 * pad) / (ASPECT * (rows + fans) + gapRatio * rows),
    (height - 2 * pad - 8 * (rows - 1)) / (ASPECT * (rows + fans)),
  );
  // The least a card may be: MIN_CARD_WIDTH where the width allows it (then the table scrolls).
  const least = Math.min(MIN_CARD_WIDTH, widest);
  let cardWidth = Math.max(Math.min(widest, byHeight), least);
  const rowGapOf = (cardWidthNow) => Math.max(cardWidthNow * gapRatio, 8);
  for (const slot of slots) {
    if (slot.fan !== "down") continue;
    // The column's cards at their least steps must end above the bottom: first its own fan
    // tightens (cardPositions), then the cards shrink, down to the least size.
    const [up, down] = fannedCounts(view, slot);
    const room = height - 2 * pad - slot.y * rowGapOf(cardWidth);
    const index = looks().largePrint ? MIN_FACE_UP.large : MIN_FACE_UP.normal;
    const upHeights = ASPECT * (slot.y + 1 + up * index); // card widths
    let fits = room / (upHeights + ASPECT * down * MIN_FACE_DOWN);
    if (MIN_FACE_DOWN * ASPECT * fits < MIN_SLIVER) fits = (room - down * MIN_SLIVER) / upHeights;
    cardWidth = Math.max(Math.min(cardWidth, fits), least);
  }
  const cardHeight = cardWidth * ASPECT;
  const rowGap = rowGapOf(cardWidth);
  const spare = cardWidth < byHeight && height > width; // the width bounds the cards
  let rowPitch = cardHeight + rowGap;
  const maxY = Math.max(...slots.map((slot) => slot.y));
  if (spare && !fans && maxY > 0) rowPitch *= Math.max(1, Math.min(ROWS_SPREAD, (height - 2 * pad - cardHeight) / (maxY * rowPitch)));
  const fanGrowth = spare ? grownFans(view, slots, height - pad, pad, cardHeight, rowPitch) : 1;
  // The columns' step: a gap apart where the width allows it, else overlapping.
  const step = columns > 1 ? Math.min(cardWidth * (1 + gapRatio), (width - 2 * pad - cardWidth) / (columns - 1)) : cardWidth;
  const tableWidth = (columns - 1) * step + cardWidth;
  // The table's height: the room, or more where a long column at its least steps needs it.
  let tableHeight = height;
  for (const slot of slots) {
    const bottom = pad + slot.y * rowPitch + cardHeight;
    if (slot.fan !== "down") {
      tableHeight = Math.max(tableHeight, bottom + pad);
      continue;
    }
    const [up, down] = fannedCounts(view, slot);
    const [upStep, downStep] = leastSteps(cardHeight);
    tableHeight = Math.max(tableHeight, bottom + up * upStep + down * downStep + pad);
  }
  tableHeight = Math.ceil(tableHeight);
  return {
    cardWidth,
    cardHeight,
    gap: step - cardWidth, // below 0 where the columns overlap
    rowPitch,
    fanGrowth,
    left: (width - tableWidth) / 2,
    top: pad,
    bottom: tableHeight - pad,
    height: tableHeight,
  };
}

/** A fanned column's steps [face up, face down] in px before any squeeze, grown `growth` times
 *  (up to FAN_GROWN of the card, never below the steps ungrown). */
function fanSteps(cardHeight, growth = 1) {
  // Face-up steps at least MIN_STRIP px where the card is small (a phone), within reason.
  const steps = [Math.max(FAN_DOWN_FACE_UP * cardHeight, Math.min(MIN_STRIP, FAN_DOWN_FACE_UP_MAX * cardHeight)), FAN_DOWN_FACE_DOWN * cardHeight];
  return steps.map((step, i) => Math.max(step, Math.min(step * growth, FAN_GROWN[i] * cardHeight)));
}

/** How much the fans' steps may grow, all alike: as far as every fanned column still ends above
 *  `bottom` (a step is then held at FAN_GROWN of its card: fanSteps).
 * @param {View} view
 */
function grownFans(view, slots, bottom, top, cardHeight, rowPitch) {
  const [upStep, downStep] = fanSteps(cardHeight);
  let growth = Math.max(1, ...FAN_GROWN.map((most, i) => (most * cardHeight) / [upStep, downStep][i]));
  for (const slot of slots) {
    if (slot.fan !== "down") continue;
    const [up, down] = fannedCounts(view, slot);
    const room = bottom - (top + slot.y * rowPitch) - cardHeight;
    if (up + down > 0) growth = Math.min(growth, room / (up * upStep + down * downStep));
  }
  return Math.max(1, growth);
}

/** Where each card of a pile lies: [{x, y}] bottom first, squeezing long columns to fit. */
function cardPositions(slot, pile, origin, size) {
  const { cardWidth, cardHeight } = size;
  const cards = pile.cards;
  if (slot.fan === "down") {
    const [faceUp, faceDown] = fanSteps(cardHeight, size.fanGrowth);
    const down = cards.slice(0, -1).filter((card) => card.card === "down").length;
    const up = cards.length - 1 - down;
    const [downStep, upStep] = squeezedSteps(up, down, faceUp, faceDown, size.bottom - origin.y - cardHeight, cardHeight);
    let y = origin.y;
    return cards.map((card) => {
      const here = { x: origin.x, y };
      y += card.card === "down" ? downStep : upStep;
      return here;
    });
  }
  if (slot.fan === "deals") {
    // A stack per deal (slot.dealSize cards) side by side, the next deal (the top cards) rightmost.
    const step = (looks().leftHanded ? -DEAL_STEP : DEAL_STEP) * cardWidth; // left-handed: the stock is on the right
    return cards.map((_, i) => ({ x: origin.x + Math.floor(i / slot.dealSize) * step, y: origin.y }));
  }
  if (slot.fan === "right" || slot.fan === "left") {
    const firstFanned = Math.max(cards.length - WASTE_FAN_SIZE, 0);
    // Where the columns overlap (size.gap < 0), the fan closes up with them. Left: the left-handed layout.
    const step = (slot.fan === "left" ? -1 : 1) * (FAN_RIGHT * cardWidth + Math.min(size.gap, 0));
    return cards.map((_, i) => ({ x: origin.x + Math.max(i - firstFanned, 0) * step, y: origin.y }));
  }
  return cards.map(() => ({ x: origin.x, y: origin.y }));
}

/** The steps [face down, face up] of a column of `up` and `down` fanned cards (the last one not
 *  counted) in `room` px: face-down steps shrink first, to a sliver, then face-up steps, to
 *  their index (measure() made the cards small enough for that); then all alike. */
function squeezedSteps(up, down, faceUp, downStep, room, cardHeight) {
  if (up * faceUp + down * downStep <= room) return [downStep, faceUp];
  const [leastUp, leastDown] = leastSteps(cardHeight);
  if (up * faceUp + down * leastDown <= room) return [(room - up * faceUp) / down, faceUp];
  if (up * leastUp + down * leastDown <= room) return [leastDown, (room - down * leastDown) / up];
  const squeeze = Math.max(room, 0) / (up * leastUp + down * leastDown);
  return [leastDown * squeeze, leastUp * squeeze];
}

/** A card's picture: its face, or the back the looks choose. */
export function cardPicture(text, { back, large, language: lang }) {
  return text === "down" ? cardBack({ back }) : cardFace(text, { large, language: lang });
}

/** A card that lies unseen under others: a group without a picture (see drawTable). */
function hiddenCard() {
  return svg("g", { class: "card hidden-card" });
}

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function place(element, x, y, scale, scaleX = scale) {
  element.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scaleX.toFixed(4)} ${scale.toFixed(4)})`);
}

/** Which outline an empty pile shows: a redeal arrow, a faint mark (A, K, K-A, 13), a free cell's, or none.
 * @param {View} view
 */
function slotArt(slot, view) {
  if (slot.name === "stock") return view.stockAction === "redeal" ? "stock" : "";
  return { A: "foundation", K: "tableau", cell: "cell", run: "run", 13: "discard" }[slot.hint] ?? "";
}

/**
 * Draw the view on the table. `pick` is the card the player holds ({pile, index})
 * or null; its legal destinations are highlighted. `hint` ({from, index, to})
 * marks a suggested move: its cards and its destination.
 * Returns the geometry that input needs: {size, piles: {name: {x, y, width, height, top, count}},
 * cards: {"pile:index": {x, y}}}.
 *
 * The result is always the SVG the view describes, but an element that stays
 * the same (a slot, or a card with the same face in the same place) is kept
 * and only its attributes are set again: after a move most of the table is
 * unchanged, and making its elements anew (and the browser styling their
 * pictures anew) is most of the cost of a redraw. A new size or new looks
 * (card back, large print) draw everything anew.
 * @param {View} view
 */
export function drawTable(board, view, pick, hint = null) {
  // Drawn for the room the board scrolls in; the board is made taller where the table needs it.
  const room = board.parentElement;
  const width = room.clientWidth;
  const height = room.clientHeight;
  const { back, largePrint: large } = looks();
  const lang = language(); // German cards read B, D, K
  const drawnFor = `${width}x${height}|${back}|${large}|${lang}`;
  let kept = drawn.get(board);
  if (kept?.drawnFor !== drawnFor || kept.cardLayer.parentNode !== board) kept = null;
  if (!kept) {
    board.replaceChildren();
    kept = { drawnFor, slots: new Map(), cards: new Map(), cardLayer: svg("g", { class: "cards" }), highlightLayer: svg("g", { class: "highlights", "aria-hidden": "true" }) };
    drawn.set(board, kept);
  }
  const size = measure(view, width, height);
  board.style.minHeight = size.height > height ? `${size.height}px` : "";
  board.classList.toggle("tall", size.height > height);
  board.dataset.room = `${width}x${height}`;
  board.setAttribute("viewBox", `0 0 ${width} ${size.height}`);
  board.classList.add("drawn");
  ensureCardDefs(board);
  const scale = size.cardWidth / CARD_WIDTH;
  const pilesByName = new Map(view.piles.map((pile) => [pile.name, pile]));
  const pickKey = pick ? `${pick.pile}:${pick.index}` : null;
  const targets = new Set(pickKey ? view.legal[pickKey] ?? [] : []);
  const dropTargets = new Set(targets); // for assistive technology: the picked cards' legal places
  if (hint?.to) targets.add(hint.to);
  const geometry = { size, piles: {}, cards: {} };
  const slots = [];
  const cards = [];
  const slotsNow = new Map();
  const cardsNow = new Map();
  const rects = [];

  for (const slot of arrangedSlots(view)) {
    const pile = pilesByName.get(slot.name);
    const origin = {
      x: size.left + slot.x * (size.cardWidth + size.gap),
      y: size.top + slot.y * size.rowPitch,
    };
    const art = slotArt(slot, view);
    const slotElement = take(kept.slots, slotsNow, `${slot.name}|${art}`, () => slotPicture(art, slot.name));
    slotElement.setAttribute("aria-label", pileLabel(slot.name, pile.cards));
    setOrRemove(slotElement, "aria-description", dropTargets.has(slot.name) ? t("state.target") : null);
    // Where the columns overlap, an empty place is outlined as narrow as its column's step: the
    // outlines of a row of empty places do not cross.
    place(slotElement, origin.x, origin.y, scale, scale * Math.min(1, (size.cardWidth + size.gap - 2) / size.cardWidth));
    slots.push(slotElement);

    const positions = cardPositions(slot, pile, origin, size);
    pile.cards.forEach((card, index) => {
      // A card with two cards on it in its very place (deep in a stock, a foundation, a squared
      // waste) cannot be seen, even while the top one is dragged away: its element is kept for
      // its name and place, without a picture (most of the work of drawing a card is its picture).
      const above = positions[index + 2];
      const hidden = Boolean(above && above.x === positions[index].x && above.y === positions[index].y);
      const key = `${slot.name}:${index}`;
      const element = take(kept.cards, cardsNow, `${key}|${card.card}|${hidden}`, () => cardElement(card.card, hidden, { back, large, language: lang }));
      const picked = Boolean(pickKey && slot.name === pick.pile && index >= pick.index);
      element.setAttribute("class", pictureClass.get(element));
      element.classList.toggle("locked", Boolean(card.locked));
      element.classList.toggle("movable", Boolean(view.legal[key]));
      element.classList.toggle("picked", picked);
      element.classList.toggle("hinted", Boolean(hint && slot.name === hint.from && index >= hint.index));
      element.dataset.pile = slot.name;
      element.dataset.index = String(index);
      element.setAttribute("aria-label", card.card === "down" ? t("card.down") : card.name);
      setOrRemove(element, "aria-disabled", card.locked ? "true" : null);
      setOrRemove(element, "aria-pressed", picked ? "true" : null);
      // Where the card lies and its state, read after its name: "Column 3, possible destination".
      const states = [picked && "state.picked", dropTargets.has(slot.name) && "state.target", card.locked && "state.locked"];
      element.setAttribute("aria-description", [pileName(slot.name), ...states.filter(Boolean).map((state) => t(state))].join(", "));
      place(element, positions[index].x, positions[index].y, scale);
      cards.push(element);
      geometry.cards[key] = positions[index];
    });

    const last = positions.at(-1) ?? origin;
    geometry.piles[slot.name] = {
      x: Math.min(origin.x, last.x),
      y: origin.y,
      width: Math.abs(last.x - origin.x) + size.cardWidth,
      height: last.y - origin.y + size.cardHeight,
      top: last,
      count: pile.cards.length,
    };
    if (targets.has(slot.name)) {
      rects.push(svg("rect", {
        class: "drop-target",
        x: last.x - 3,
        y: last.y - 3,
        width: size.cardWidth + 6,
        height: size.cardHeight + 6,
        rx: size.cardWidth * 0.09,
      }));
    }
  }
  // Elements of the last drawing that this one has no place for go; the rest stay, in order.
  for (const element of [...kept.slots.values(), ...kept.cards.values()]) element.remove();
  kept.slots = slotsNow;
  kept.cards = cardsNow;
  for (const stray of board.querySelectorAll(":scope > :not(defs, .slot, .cards, .highlights)")) stray.remove(); // a drag's layer
  inOrder(board, [...slots, kept.cardLayer, kept.highlightLayer], board.querySelector(":scope > defs"));
  inOrder(kept.cardLayer, cards);
  kept.highlightLayer.replaceChildren(...rects);
  return geometry;
}

/** What each board showed last: {drawnFor, slots, cards, cardLayer, highlightLayer} (see drawTable). */
const drawn = new WeakMap();
/** A card element's classes as its picture made it ("card card-face"), without the states. */
const pictureClass = new WeakMap();

/** The element kept under `key` from the last drawing (moved to `now`), else a new one. */
function take(last, now, key, make) {
  const element = last.get(key) ?? make();
  last.delete(key);
  now.set(key, element);
  return element;
}

/** Make `parent`'s children, after `first` (or from the start), exactly `children`, moving as few as possible. */
function inOrder(parent, children, first = null) {
  let next = first ? first.nextSibling : parent.firstChild;
  for (const child of children) {
    if (child !== next) parent.insertBefore(child, next);
    else next = next.nextSibling;
  }
  while (next) {
    const after = next.nextSibling;
    next.remove();
    next = after;
  }
}

function setOrRemove(element, name, value) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** A slot's element: its outline and mark, named for the pile. */
function slotPicture(art, name) {
  const element = emptySlot(art);
  element.classList.add("slot");
  element.dataset.pile = name;
  element.setAttribute("role", "group");
  return element;
}

/** A card's element: its picture (or none when it lies unseen under others), its text and role. */
function cardElement(text, hidden, looksNow) {
  const element = hidden ? hiddenCard() : cardPicture(text, looksNow);
  pictureClass.set(element, element.getAttribute("class")); // states are added per drawing
  element.dataset.card = text;
  element.setAttribute("role", "button");
  return element;
}

/** A pile's name in the page's language: "Column 3", "Free cell 1". */
export function pileName(name) {
  const [kind, number] = name.split("-");
  return pileWords(kind, number);
}

/** The name of piles of `kind` numbered `number` ("3", "2 or 5"; none for the one stock). */
export function pileWords(kind, number) {
  const name = (PILE_NAMES[language()] ?? PILE_NAMES.en)[kind] ?? kind;
  return number ? `${name} ${number}` : name;
}

/** "Column 3, 5 cards, 4 face down". */
function pileLabel(name, cards) {
  const pile = pileName(name);
  const count = cards.length;
  if (count === 0) return t("pile.empty", { pile });
  const label = count === 1 ? t("pile.card", { pile }) : t("pile.cards", { pile, count });
  const down = cards.filter((card) => card.card === "down").length;
  return down && down < count ? t("pile.faceDown", { label, down }) : label;
}
