// keyboard.js: keyboard-only play, the focus on the table and its ring, the shortcuts.
//
// The focus is a place on the table, {pile, index}: a card (index from the
// bottom of its pile) or an empty pile (index null). It lives here, not in
// the SVG: table.js redraws the board on every move (keeping only elements
// that stay in place), so after each redraw `drawn()` finds the element for
// the focus again, points the board's aria-activedescendant at it and draws
// the focus ring around it.
//
// Why aria-activedescendant and not a roving tabindex: DOM focus stays on the
// one <svg role="application"> element, which is never replaced. A focused
// card element would be destroyed by every redraw; focus would fall to <body>,
// screen readers would announce the page again and could leave focus mode, so
// that the next arrow key moves their virtual cursor instead of reaching us.
// With aria-activedescendant only an attribute changes; the browser reports the
// newly active card (name, role, states) to the screen reader as the focus.
//
// Keys (see KEY_HELP in rules.js): arrows move the focus, Enter or Space picks
// the focused card and drops it on the focused pile, Enter on the stock draws,
// Escape puts back; D draws, F sends to a foundation, H hint, U / Ctrl+Z undo,
// R / Ctrl+Y / Ctrl+Shift+Z redo, N new game, T today's daily deal, 1-9 and 0 jump to a column, ?
// opens the rules with the keys. Which cards may move, and where, comes from
// the view's `legal` map: no rules here.

import { announce, describePick } from "./announce.js";
import { CARD_HEIGHT, CARD_WIDTH } from "./cards.js";
import { t } from "./i18n.js";
import { playsAtOnce } from "./input.js";
import { arrangedSlots } from "./looks.js";
import { pileName } from "./table.js";

/** @typedef {import("../types/protocol").View} View */

const SVG_NS = "http://www.w3.org/2000/svg";
const key = (place) => `${place.pile}:${place.index}`;

// -- pure navigation: view and focus in, focus out --------------------------------

/** The slots in rows (same y), top row first, each row left to right as drawn (left-handed: mirrored).
 * @param {View} view
 */
export function rows(view) {
  const byY = new Map();
  for (const slot of arrangedSlots(view)) {
    if (!byY.has(slot.y)) byY.set(slot.y, []);
    byY.get(slot.y).push(slot);
  }
  return [...byY.keys()].sort((a, b) => a - b).map((y) => byY.get(y).sort((a, b) => a.x - b.x));
}

/** Every pile name in reading order: row by row, left to right.
 * @param {View} view
 */
export const layoutOrder = (view) => rows(view).flat().map((slot) => slot.name);

/**
 * The indices of a pile that can hold the focus, bottom first: in a column
 * fanned downwards every face-up card and the top card, elsewhere only the
 * top card; [] for an empty pile. Face-down cards under others are skipped
 * (the pile's label says how many there are).
 * @param {View} view
 */
export function stops(view, pileName) {
  const pile = view.piles.find((candidate) => candidate.name === pileName);
  const cards = pile?.cards ?? [];
  if (!cards.length) return [];
  const slot = view.rules.slots.find((candidate) => candidate.name === pileName);
  const top = cards.length - 1;
  if (slot?.fan !== "down") return [top];
  return cards.flatMap((card, index) => (card.card !== "down" || index === top ? [index] : []));
}

/** The focus on a pile's top card, or on the pile itself when it is empty.
 * @param {View} view
 */
export function onPile(view, pileName) {
  return { pile: pileName, index: stops(view, pileName).at(-1) ?? null };
}

/** A focus that exists in this view: the same card if it still can hold the focus, else the nearest.
 * @param {View} view
 */
export function normalize(view, focus) {
  const order = layoutOrder(view);
  if (!focus || !order.includes(focus.pile)) return onPile(view, order[0]);
  const places = stops(view, focus.pile);
  if (!places.length) return { pile: focus.pile, index: null };
  if (focus.index === null) return { pile: focus.pile, index: places.at(-1) };
  return { pile: focus.pile, index: places.find((index) => index >= focus.index) ?? places.at(-1) };
}

/** The pile of the row above (-1) or below (+1) nearest to this one, or null at the edge.
 * @param {View} view
 */
function nextRow(view, pileName, step) {
  const table = rows(view);
  const row = table.findIndex((slots) => slots.some((slot) => slot.name === pileName));
  const target = table[row + step];
  if (!target) return null;
  const x = table[row].find((slot) => slot.name === pileName).x;
  const nearest = target.reduce((best, slot) => (Math.abs(slot.x - x) < Math.abs(best.x - x) ? slot : best));
  return nearest.name;
}

/**
 * Where the focus goes for a key: ArrowLeft/ArrowRight to the previous/next
 * pile in reading order (wrapping around), ArrowUp/ArrowDown to the previous/next
 * card of a fanned column and past its ends to the nearest pile of the row
 * above/below, Home/End to the first/last pile, a digit to that column.
 * Returns the (normalized) same place at an edge, and null for a key that
 * does not navigate.
 * @param {View} view
 */
export function nextFocus(view, current, keyName) {
  const focus = normalize(view, current);
  const order = layoutOrder(view);
  const at = order.indexOf(focus.pile);
  switch (keyName) {
    case "ArrowRight":
      return onPile(view, order[(at + 1) % order.length]);
    case "ArrowLeft":
      return onPile(view, order[(at - 1 + order.length) % order.length]);
    case "Home":
      return onPile(view, order[0]);
    case "End":
      return onPile(view, order.at(-1));
    case "ArrowDown":
    case "ArrowUp": {
      const step = keyName === "ArrowDown" ? 1 : -1;
      const places = stops(view, focus.pile);
      const here = places.indexOf(focus.index);
      if (here !== -1 && places[here + step] !== undefined) return { pile: focus.pile, index: places[here + step] };
      const pile = nextRow(view, focus.pile, step);
      return pile ? onPile(view, pile) : focus;
    }
    default: {
      if (!/^[0-9]$/.test(keyName)) return null;
      const column = `tableau-${keyName === "0" ? 10 : keyName}`;
      return order.includes(column) ? onPile(view, column) : focus;
    }
  }
}

// -- the focus on the board ---------------------------------------------------------

/** The element a focus names: the card, or the empty pile's slot. */
function elementFor(board, focus) {
  if (focus.index === null) return board.querySelector(`.slot[data-pile="${focus.pile}"]`);
  return board.querySelector(`[data-card][data-pile="${focus.pile}"][data-index="${focus.index}"]`);
}

function ring(element) {
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "focus-ring");
  group.setAttribute("aria-hidden", "true");
  group.setAttribute("transform", element.getAttribute("transform") ?? "");
  for (const part of ["outer", "inner"]) {
    const rect = document.createElementNS(SVG_NS, "rect");
    const attributes = { class: `focus-ring-${part}`, x: -5, y: -5, width: CARD_WIDTH + 10, height: CARD_HEIGHT + 10, rx: 9 };
    for (const [name, value] of Object.entries(attributes)) rect.setAttribute(name, String(value));
    rect.setAttribute("vector-effect", "non-scaling-stroke");
    group.appendChild(rect);
  }
  return group;
}

/**
 * Listen for keys. `game` is app.js's: view(), currentPick(), pick(), move(),
 * toFoundation(), stock(), undo(), redo(), hint(), newGame(), ready().
 * Returns {drawn(), focusOn(place)}; app.js calls drawn() after every redraw.
 */
export function attachKeyboard(board, game, { openHelp = () => {} } = {}) {
  let focus = null;
  let keyboardUsed = false; // the ring shows for keyboard users, not after a click

  board.tabIndex = 0;

  /** Put the focus (activedescendant and ring) on the current board after a redraw or a key. */
  function drawn() {
    const view = game.view();
    board.querySelector(".focus-ring")?.remove();
    if (!view?.rules?.slots) return;
    focus = normalize(view, focus);
    const element = elementFor(board, focus);
    if (!element) return;
    // Elements outlive a redraw (table.js keeps what stays in place): one id, on the focus only.
    for (const other of board.querySelectorAll("[id^='focus-']")) if (other !== element) other.removeAttribute("id");
    element.id = `focus-${focus.pile}-${focus.index ?? "pile"}`;
    board.setAttribute("aria-activedescendant", element.id);
    if (keyboardUsed && document.activeElement === board) board.appendChild(ring(element));
  }

  function moveFocus(place) {
    focus = place;
    drawn();
  }

  /** Enter or Space: draw, drop the picked cards here, or pick the focused card. */
  function activate() {
    const view = game.view();
    const picked = game.currentPick();
    if (focus.pile === "stock") {
      game.stock();
      return;
    }
    if (picked && (view.legal[key(picked)] ?? []).includes(focus.pile)) {
      focus = { pile: focus.pile, index: null }; // afterwards: the top card, the one just put there
      game.move(picked, focus.pile);
      return;
    }
    const targets = focus.index === null ? null : view.legal[key(focus)];
    if (targets) {
      if (playsAtOnce(view, targets)) {
        game.move({ ...focus }, targets[0]);
      } else if (picked && key(picked) === key(focus)) {
        game.pick(null);
        announce(t("say.putBack"));
      } else {
        game.pick({ ...focus });
        announce(describePick(view, focus));
      }
      return;
    }
    if (picked && focus.pile !== picked.pile) game.move(picked, focus.pile); // the engine says why not
    else if (focus.index !== null) game.explain({ ...focus });
    else announce(t("say.nothingHere", { pile: pileName(focus.pile) }));
  }

  /** Keys that act on the table's focus; true when the key was used. */
  function boardKey(event) {
    const name = event.key;
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (name === "Enter" || name === " ") {
      activate();
      return true;
    }
    if (name === "f" || name === "F") {
      if (focus.index !== null) game.toFoundation({ ...focus });
      return true;
    }
    const next = nextFocus(game.view(), focus, name);
    if (!next) return false;
    moveFocus(next);
    return true;
  }

  /** Shortcuts that work anywhere on the page outside dialogs and form fields; true when used. */
  function shortcut(event) {
    const name = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    const plain = !command && !event.altKey;
    if (command && name === "z") game[event.shiftKey ? "redo" : "undo"]();
    else if (command && name === "y") game.redo();
    else if (plain && name === "u") game.undo();
    else if (plain && name === "r") game.redo();
    else if (plain && name === "d") game.stock();
    else if (plain && name === "n") game.newGame();
    else if (plain && name === "t") game.dailyGame();
    else if (plain && name === "h") game.hint();
    else if (plain && event.key === "?") openHelp();
    else if (name === "escape") {
      const picked = game.currentPick();
      game.pick(null);
      if (picked) announce(t("say.putBack"));
    } else return false;
    return true;
  }

  document.addEventListener("keydown", (event) => {
    if (!game.ready() || /** @type {HTMLElement} */ (event.target).closest?.("dialog, input, select, textarea")) return;
    const onBoard = event.target === board;
    if (!game.busy()) {
      if (handleKey(event, onBoard)) event.preventDefault();
      return;
    }
    // The engine is answering an earlier key: this one waits for the table it will act on.
    // Whether it will be used is not known yet; on the table no key should scroll the page.
    if (onBoard || ((event.ctrlKey || event.metaKey) && /^[zy]$/i.test(event.key))) event.preventDefault();
    game.waitsForEngine?.();
    game.whenIdle(() => handleKey(event, onBoard));
  });

  /** A key on the page; true when it was used. */
  function handleKey(event, onBoard) {
    if (onBoard) {
      keyboardUsed = true;
      focus = normalize(game.view(), focus);
    }
    return (onBoard && boardKey(event)) || shortcut(event);
  }

  // A click moves the focus to the clicked card, so that keys go on from there; the ring hides.
  board.addEventListener(
    "pointerdown",
    (event) => {
      keyboardUsed = false;
      const hit = event.target.closest?.("[data-pile]");
      if (hit) focus = { pile: hit.dataset.pile, index: hit.dataset.index === undefined ? null : Number(hit.dataset.index) };
      if (game.ready()) drawn();
    },
    true,
  );
  board.addEventListener("focus", () => {
    keyboardUsed = board.matches(":focus-visible"); // by Tab, or back from a dialog closed with keys
    if (game.ready()) drawn();
  });
  board.addEventListener("blur", () => board.querySelector(".focus-ring")?.remove());

  if (game.ready()) drawn();
  return { drawn, focusOn: (place) => moveFocus(place) };
}
