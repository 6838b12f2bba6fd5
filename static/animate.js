// animate.js: cards glide to where they go, a deal flies from the stock, a win celebrates.
//
// FLIP on the one redraw path: before table.js replaces the SVG, `before()`
// notes where every card was drawn (from its transform attribute; no layout is
// read); after the new SVG is in, `after()` finds each card's old place and
// flies a picture of the card from there to the new place. The DOM is final at
// once (data-* attributes, transform attributes, hit-testing geometry); only
// pictures move. A new redraw finishes every flight first.
//
// Why pictures and not the cards themselves: a transform animated on an
// element inside an SVG is redone on the main thread every frame, with style,
// layout and paint of the whole table (measured at 4x CPU throttling: 15 to
// 70 ms a frame with 52 cards moving). So a flying card is a small <svg> of
// its own (a copy of the card's <g>, a <use> of the same symbol) in an HTML
// layer over the board, and its `transform` (and `opacity`) animation runs on
// the compositor; the card itself is transparent (class "in-flight") until
// the picture lands on it, and takes clicks meanwhile.
//
// Which old card is which new card: a face-up card by its text (two decks:
// the same pile and place first, then the same pile, then any); a face-down
// card by pile and place. A card that turns face up starts from a face-down
// card that went away (the one in its own place, else the stock's top), and
// a card that turns face down (the waste turned over, an undone draw) from a
// face-up card that went away.
//
// Nothing moves when the player or the system asks for reduced motion
// (looks.js), or when the board changed size (everything moved, nothing glides).

import { language } from "./i18n.js";
import { looks, reducedMotion } from "./looks.js";
import { cardPicture } from "./table.js";

const GLIDE_MS = 220;
const EASE_OUT = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const DEAL_MS = 300;
const DEAL_SPREAD_MS = 600; // the last card of a deal leaves the stock this long after the first
const CASCADE_SPREAD_MS = 700; // several cards to several places (Finish, automatic moves): one after another
const CELEBRATE_MS = 1300;
const CELEBRATE_SPREAD_MS = 500;
const CARD = { width: 100, height: 140 }; // card units (cards.js), for turning around the middle

const PLACE = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)(?:\s*scale\(\s*(-?[\d.]+)\s*\))?/;
const running = new Set();
let busyUntil = 0; // when the last glide of the latest redraw ends (a celebration waits for it)
const dealing = { started: 0, until: 0 }; // the deal in progress: a redraw that moves nothing lets it go on
let layer = null; // the HTML layer where pictures of the cards fly
let celebration = null; // {end()} while a won game celebrates
let pendingCelebration = 0; // the timer that starts it once the last cards have landed
const SVG_NS = "http://www.w3.org/2000/svg";

/** Where a card element is drawn: its translate and scale, plus a drag layer's offset. */
function placeOf(element) {
  const own = PLACE.exec(element.getAttribute("transform") ?? "");
  if (!own) return null;
  const place = { x: Number(own[1]), y: Number(own[2]), scale: Number(own[3] ?? 1) };
  const layer = element.parentNode;
  if (layer?.classList?.contains("dragging")) {
    const offset = PLACE.exec(layer.getAttribute("transform") ?? "");
    if (offset) {
      place.x += Number(offset[1]);
      place.y += Number(offset[2]);
    }
  }
  return place;
}

function cardsOn(board) {
  return [...board.querySelectorAll("[data-card]")].map((element) => ({
    element,
    card: element.dataset.card,
    pile: element.dataset.pile,
    index: Number(element.dataset.index),
    ...placeOf(element),
  }));
}

/** A CSS transform drawing a card at `place`, turned `turn` degrees and squeezed (a card turning over) around its middle. */
const transform = (place, turn = 0, squeeze = 1) =>
  `translate(${place.x + ((1 - squeeze) * CARD.width * place.scale) / 2}px, ${place.y}px) scale(${place.scale * squeeze}, ${place.scale})` +
  ` translate(${CARD.width / 2}px, ${CARD.height / 2}px) rotate(${turn}deg) translate(${-CARD.width / 2}px, ${-CARD.height / 2}px)`;

function track(animation) {
  running.add(animation);
  animation.finished.then(
    () => running.delete(animation),
    () => running.delete(animation),
  );
  return animation;
}

/** Milliseconds until the cards have landed: work that can wait (saving, the analysis) waits so long. */
export const busyFor = () => Math.max(0, busyUntil - performance.now());

/** Finish every flight at once (a new redraw, a skipped celebration). */
export function settle() {
  celebration?.end();
  busyUntil = 0;
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
  running.clear();
  layer?.replaceChildren();
}

/** Note where the cards are now, before a redraw replaces them. */
export function before(board) {
  settle();
  if (reducedMotion()) return null;
  // The size the cards were drawn for (table.js sets the viewBox), not the board's size now.
  return { size: board.getAttribute("viewBox"), cards: cardsOn(board) };
}

// -- which old card each new card was ------------------------------------------------

/**
 * Pair the cards after a redraw with the cards before it: a Map from a new
 * card to {from: old card, flip: true when it turned over}. See the header.
 */
export function match(old, now) {
  const starts = new Map();
  const used = new Set();
  const take = (card, from, flip = false) => {
    starts.set(card, { from, flip });
    used.add(from);
  };
  const samePlace = (a, b) => a.pile === b.pile && a.index === b.index;
  const free = (test) => old.filter((card) => !used.has(card) && test(card));

  const up = now.filter((card) => card.card !== "down");
  const byText = new Map();
  for (const card of old) if (card.card !== "down") byText.set(card.card, [...(byText.get(card.card) ?? []), card]);
  for (const pass of [samePlace, (a, b) => a.pile === b.pile, () => true]) {
    for (const card of up) {
      if (starts.has(card)) continue;
      const from = (byText.get(card.card) ?? []).find((candidate) => !used.has(candidate) && pass(candidate, card));
      if (from) take(card, from);
    }
  }
  const down = now.filter((card) => card.card === "down");
  for (const card of down) {
    const [from] = free((candidate) => candidate.card === "down" && samePlace(candidate, card));
    if (from) take(card, from);
  }
  // Turned face up: from the face-down card of its own place, else from those that went away
  // (the stock's top first: a draw, a Spider deal).
  const turnedUp = up.filter((card) => !starts.has(card));
  const gone = free((card) => card.card === "down").sort(
    (a, b) => Number(b.pile === "stock") - Number(a.pile === "stock") || b.index - a.index,
  );
  for (const card of turnedUp) {
    const from = gone.find((candidate) => !used.has(candidate) && samePlace(candidate, card)) ?? gone.find((candidate) => !used.has(candidate));
    if (from) take(card, from, true);
  }
  // Turned face down: from a face-up card that went away (the waste turned over, an undone draw).
  const turnedDown = down.filter((card) => !starts.has(card));
  const goneUp = free((card) => card.card !== "down").sort((a, b) => b.index - a.index);
  for (const card of turnedDown) {
    const from = goneUp.find((candidate) => !used.has(candidate) && samePlace(candidate, card)) ?? goneUp.find((candidate) => !used.has(candidate));
    if (from) take(card, from, true);
  }
  return starts;
}

// -- playing ------------------------------------------------------------------------

/** The order of the piles on the board (the slots are drawn in layout order). */
function pileOrder(board) {
  const order = new Map();
  board.querySelectorAll(".slot[data-pile]").forEach((slot, position) => order.set(slot.dataset.pile, position));
  return order;
}

/** A card element -> its last flight (flyAll). */
const flightOf = new WeakMap();

/** The HTML layer over the board where the pictures of moving cards fly (style.css: .flights). */
function flightLayer(board) {
  if (!layer?.isConnected) {
    layer = document.createElement("div");
    layer.className = "flights";
    layer.setAttribute("aria-hidden", "true");
    board.after(layer);
  }
  return layer;
}

/**
 * Fly pictures of cards, each through its keyframes (transforms in board
 * pixels): flights = [{card, keyframes, timing}]. The cards themselves are
 * transparent until the last picture has landed, and all land at once (one repaint
 * of the table, not one per card). The last picture flies on top.
 */
function flyAll(board, flights) {
  if (!flights.length) return [];
  const layerNow = flightLayer(board);
  const pictures = flights.map(({ card }) => {
    const picture = document.createElementNS(SVG_NS, "svg");
    for (const [name, value] of Object.entries({ class: "flyer", width: CARD.width, height: CARD.height, viewBox: `0 0 ${CARD.width} ${CARD.height}` })) {
      picture.setAttribute(name, String(value));
    }
    // A card drawn without a picture (it lay unseen under others, table.js) flies with its picture.
    let copy = card.element.cloneNode(true);
    if (!copy.firstChild) {
      const { back, largePrint } = looks();
      copy = cardPicture(card.card, { back, large: largePrint, language: language() });
      copy.classList.toggle("locked", card.element.classList.contains("locked"));
    }
    for (const name of copy.getAttributeNames()) if (name !== "class") copy.removeAttribute(name); // no ids, data-* or roles
    picture.appendChild(copy);
    return picture;
  });
  layerNow.append(...pictures);
  // A card element outlives a redraw where it stays in place (table.js), and may fly again before
  // this flight's end is seen: only the card's last flight makes it visible again.
  const flight = {};
  for (const { card } of flights) {
    card.element.classList.add("in-flight");
    flightOf.set(card.element, flight);
  }
  const animations = flights.map(({ keyframes, timing }, position) => track(pictures[position].animate(keyframes, { fill: "both", ...timing })));
  Promise.allSettled(animations.map((animation) => animation.finished)).then(() => {
    for (const picture of pictures) picture.remove();
    for (const { card } of flights) if (flightOf.get(card.element) === flight) card.element.classList.remove("in-flight");
  });
  return animations;
}

/**
 * A card's flight from one place to its own. `flip`: it turns over on the way
 * (it starts edge-on); `appear`: it fades in as it leaves (a dealt card waiting
 * its turn is not seen on top of the stock).
 */
function glide(card, from, { delay = 0, duration = GLIDE_MS, flip = false, appear = false } = {}) {
  const start = transform(from, 0, flip ? 0.02 : 1);
  const end = transform(card);
  const keyframes = appear
    ? [{ transform: start, opacity: 0 }, { opacity: 1, offset: 0.15 }, { transform: end, opacity: 1 }]
    : [{ transform: start }, { transform: end }];
  return { card, keyframes, timing: { duration, delay, easing: EASE_OUT } };
}

/**
 * After a redraw: glide every card whose place changed from where it was.
 * `cause` is the message that changed the view ("new" deals from the stock).
 */
export function after(board, snapshot, cause = null) {
  if (!snapshot || reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const now = cardsOn(board).filter((card) => Number.isFinite(card.x));
  if (cause === "new") {
    deal(board, now);
    return;
  }
  const time = performance.now();
  if (!cause && time < dealing.until) {
    // Redrawn during a deal with nothing played (the bar grew, a card picked up): the deal goes on.
    deal(board, now, time - dealing.started);
    return;
  }
  if (snapshot.size !== board.getAttribute("viewBox")) return; // resized: everything moved, nothing glides
  const starts = match(snapshot.cards, now);
  const moving = now.filter((card) => {
    const start = starts.get(card);
    return start && (start.flip || Math.abs(start.from.x - card.x) + Math.abs(start.from.y - card.y) > 0.5);
  });
  if (!moving.length) return;
  const sources = new Set(moving.map((card) => starts.get(card).from.pile));
  const targets = new Set(moving.map((card) => card.pile));
  // One run from one pile to another moves together; cards to several places go one after another,
  // lowest first on the foundations (Aces, then Twos, ...), else from left to right.
  const cascade = moving.length > 3 && (sources.size > 1 || targets.size > 1);
  const order = pileOrder(board);
  const rank = (card) => (card.pile.startsWith("foundation") ? card.index : 0);
  if (cascade) moving.sort((a, b) => rank(a) - rank(b) || order.get(a.pile) - order.get(b.pile) || a.index - b.index);
  const step = cascade ? Math.min(40, CASCADE_SPREAD_MS / moving.length) : 0;
  flyAll(
    board,
    moving.map((card, position) => {
      const { from, flip } = starts.get(card);
      return glide(card, { ...from, scale: card.scale }, { delay: position * step, flip });
    }),
  );
  busyUntil = performance.now() + (moving.length - 1) * step + GLIDE_MS;
}

/** A new game: the cards fly from the stock (the bottom edge where there is none), row by row;
 * `elapsed` ms of it already played before a redraw. */
function deal(board, now, elapsed = 0) {
  const stock = board.querySelector('.slot[data-pile="stock"]');
  const origin = (stock && placeOf(stock)) ?? { x: board.clientWidth / 2, y: board.clientHeight };
  const order = pileOrder(board);
  const dealt = now
    .filter((card) => card.pile !== "stock")
    .sort((a, b) => a.index - b.index || order.get(a.pile) - order.get(b.pile));
  if (!dealt.length) return;
  const step = Math.min(28, DEAL_SPREAD_MS / dealt.length);
  const flying = dealt.map((card, position) => ({ card, delay: position * step - elapsed })).filter(({ delay }) => delay > -DEAL_MS);
  flyAll(
    board,
    flying.map(({ card, delay }) =>
      glide(card, { ...origin, x: origin.x - (stock ? 0 : (CARD.width * card.scale) / 2), scale: card.scale }, {
        delay,
        duration: DEAL_MS,
        appear: true,
        flip: card.card !== "down",
      }),
    ),
  );
  dealing.started = performance.now() - elapsed;
  dealing.until = dealing.started + (dealt.length - 1) * step + DEAL_MS;
  busyUntil = dealing.until;
}

// -- the win ----------------------------------------------------------------------------

/**
 * A won game celebrates: once the last cards have landed, every card bursts
 * out from its place towards a ring around the middle of the table, turning,
 * and comes back. About two seconds in all; any click or key skips it (a click
 * on the table does nothing else), and so does the next redraw. Resolves when
 * it is over (at once with reduced motion).
 */
export function celebrate(board) {
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return Promise.resolve();
  celebration?.end();
  return new Promise((resolve) => {
    let animations = [];
    const options = { capture: true };
    const end = () => {
      if (celebration !== current) return;
      celebration = null;
      clearTimeout(pendingCelebration);
      document.removeEventListener("pointerdown", skip, options);
      document.removeEventListener("keydown", skip, options);
      for (const animation of animations) animation.finish();
      busyUntil = 0;
      resolve();
    };
    const skip = (event) => {
      if (event.type === "pointerdown" && board.contains(event.target)) event.stopPropagation();
      end();
    };
    const current = { end };
    celebration = current;
    document.addEventListener("pointerdown", skip, options);
    document.addEventListener("keydown", skip, options);
    pendingCelebration = setTimeout(() => {
      animations = burst(board);
      Promise.allSettled(animations.map((animation) => animation.finished)).then(end);
    }, busyFor());
  });
}

/** Fly every card out and back; returns the animations. */
function burst(board) {
  const cards = cardsOn(board).filter((card) => Number.isFinite(card.x)).reverse(); // the top cards first
  const width = board.clientWidth;
  const height = board.clientHeight;
  const radius = Math.min(width, height) * 0.38;
  const step = Math.min(12, CELEBRATE_SPREAD_MS / Math.max(cards.length, 1));
  busyUntil = performance.now() + (cards.length - 1) * step + CELEBRATE_MS;
  const flights = cards.map((card, position) => {
    const angle = (position / cards.length) * Math.PI * 2 * 3 + Math.random() * 0.6;
    const reach = radius * (0.75 + Math.random() * 0.5);
    const out = {
      x: width / 2 + Math.cos(angle) * reach * (width / Math.max(width, height)) - (CARD.width * card.scale) / 2,
      y: height / 2 + Math.sin(angle) * reach - (CARD.height * card.scale) / 2,
      scale: card.scale,
    };
    const turn = Math.round((Math.random() - 0.5) * 360);
    const keyframes = [
      { transform: transform(card), easing: "cubic-bezier(0.15, 0.8, 0.3, 1)" },
      { transform: transform(out, turn), offset: 0.45, easing: "linear" },
      { transform: transform(out, turn), offset: 0.6, easing: "cubic-bezier(0.5, 0, 0.6, 1)" },
      { transform: transform(card) },
    ];
    return { card, keyframes, timing: { duration: CELEBRATE_MS, delay: position * step } };
  });
  return flyAll(board, flights);
}

// -- a refusal ----------------------------------------------------------------------------

const SHAKE_MS = 360;
const SHAKE_PX = [0, -7, 7, -5, 5, -2, 0]; // card units, left and right, dying down

/** Cards the rules refused shake (with reduced motion they only glow red, as they do while shaking). */
export function shake(elements) {
  for (const element of elements) {
    element.classList.add("refused");
    setTimeout(() => element.classList.remove("refused"), SHAKE_MS * 2);
    const place = placeOf(element);
    if (!place || reducedMotion() || typeof element.animate !== "function") continue;
    track(element.animate(SHAKE_PX.map((dx) => ({ transform: transform({ ...place, x: place.x + dx * place.scale }) })), { duration: SHAKE_MS, easing: "ease-out" }));
  }
}
