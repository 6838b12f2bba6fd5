// input.js: turns pointer input into game actions (keys: keyboard.js).
//
// Click a card, then where it should go; or drag it there (mouse, pen or
// touch, through pointer events); click the stock to draw; double-click or
// double-tap a card to send it to its foundation; with "tap to move" on, a
// tap sends a card to its best place (Python chooses). Which cards may move, and
// where, is read from the view's `legal` map: no rules here. A card that cannot
// move, or cards put where they do not go, shake while the engine says why.

/** @typedef {import("../types/protocol").View} View */

const DRAG_THRESHOLD = 6; // px of movement before a press becomes a drag
const DOUBLE_TAP_MS = 350;

/** Does a tap play these cards at once? The game says so: TriPeaks (one place for every card),
 *  Pyramid (a King's only place is the discard).
 * @param {View} view
 */
export const playsAtOnce = (view, targets) =>
  targets.length === 1 && (view.rules.tapMoves || (view.rules.tapHome && targets[0].startsWith("foundation")));

function cardOf(target) {
  const element = target.closest?.("[data-pile]");
  if (!element) return null;
  const index = element.dataset.index;
  return { element, pile: element.dataset.pile, index: index === undefined ? null : Number(index) };
}

function overlap(a, b) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Listen on the board. `game` gives the current view and geometry and the
 * actions: pick(pick | null), move(pick, toPile), stock(), toFoundation(pick), tap(pick),
 * tapToMove(): whether a tap moves a card, and whenIdle(action): run the
 * action once the engine has answered what came before.
 */
export function attachInput(board, game) {
  let press = null; // {pile, index, x, y, pointerId, dragging, layer}
  let lastTap = { key: null, time: 0 };

  const point = (event) => {
    const box = board.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  // Where the table scrolls (a board taller than its room), a finger on a card or a pile drags or taps it, not the table.
  board.addEventListener("touchstart", (event) => board.classList.contains("tall") && cardOf(event.target) && event.preventDefault(), { passive: false });

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !game.ready()) return;
    const hit = cardOf(event.target);
    if (!hit) return;
    const { x, y } = point(event);
    press = { ...hit, x, y, pointerId: event.pointerId, dragging: false, layer: null };
  });

  board.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const { x, y } = point(event);
    if (!press.dragging) {
      if (Math.hypot(x - press.x, y - press.y) < DRAG_THRESHOLD) return;
      if (press.index === null || !game.view().legal[`${press.pile}:${press.index}`]) return;
      startDrag();
    }
    press.layer.setAttribute("transform", `translate(${x - press.x} ${y - press.y})`);
    event.preventDefault();
  });

  function startDrag() {
    press.dragging = true;
    board.setPointerCapture(press.pointerId);
    game.pick({ pile: press.pile, index: press.index }); // redraws with the targets lit
    press.layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
    press.layer.classList.add("dragging");
    const run = [...board.querySelectorAll(`[data-card][data-pile="${press.pile}"]`)].filter(
      (element) => Number(element.dataset.index) >= press.index,
    );
    press.layer.append(...run);
    board.appendChild(press.layer);
  }

  board.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const done = press;
    press = null;
    const at = point(event);
    // Judged once the engine has answered any earlier input, against the table as it is then
    // (while the engine starts, it waits: the cards dropped stay where they were let go).
    game.waitsForEngine(done.dragging ? [done.layer] : [done.element]);
    game.whenIdle(() => (done.dragging ? drop(done, at) : tap(done)));
  });

  board.addEventListener("pointercancel", () => {
    if (press?.dragging) game.pick(null);
    press = null;
  });

  function drop(done, at) {
    lastTap = { key: null, time: 0 };
    const from = { pile: done.pile, index: done.index };
    const targets = game.view().legal[`${from.pile}:${from.index}`] ?? [];
    const { piles, size, cards } = game.geometry();
    const origin = cards[`${from.pile}:${from.index}`];
    if (!origin || !targets.length) {
      game.pick(null); // the cards cannot go anywhere (any more): they go back
      return;
    }
    // The dragged card's rectangle where it was let go.
    const dragged = { x: origin.x + at.x - done.x, y: origin.y + at.y - done.y, width: size.cardWidth, height: size.cardHeight };
    let best = null;
    let bestArea = 0;
    for (const name of targets) {
      const pile = piles[name];
      const area = overlap(dragged, { ...pile, height: pile.height + size.cardHeight * 0.5 });
      if (area > bestArea) [best, bestArea] = [name, area];
    }
    if (best) {
      game.move(from, best);
      return;
    }
    // Over another place that does not take them: the engine says why (and they go back).
    const over = pileUnder(dragged, piles, size);
    if (over && over !== from.pile) game.move(from, over);
    else game.pick(null); // over nothing: the cards go back
  }

  /** The pile the dragged rectangle covers most, if any. */
  function pileUnder(dragged, piles, size) {
    let best = null;
    let bestArea = 0;
    for (const [name, pile] of Object.entries(piles)) {
      const area = overlap(dragged, { ...pile, height: pile.height + size.cardHeight * 0.5 });
      if (area > bestArea) [best, bestArea] = [name, area];
    }
    return best;
  }

  function tap(done) {
    const view = game.view();
    const now = performance.now();
    const key = `${done.pile}:${done.index}`;
    const doubleTap = lastTap.key === key && now - lastTap.time < DOUBLE_TAP_MS;
    // Only a tap that picks a card up (or puts it down) begins a double tap: not one that moved
    // cards, so that a click on the card just dropped onto lifts it.
    lastTap = { key: null, time: 0 };
    if (done.pile === "stock") {
      game.stock();
      return;
    }
    const picked = game.currentPick();
    if (picked && (view.legal[`${picked.pile}:${picked.index}`] ?? []).includes(done.pile)) {
      game.move(picked, done.pile);
      return;
    }
    if (picked && done.pile !== picked.pile) {
      game.move(picked, done.pile); // not a place for them: the engine says why, and they go back
      return;
    }
    if (done.index === null) {
      game.pick(null);
      return;
    }
    if (!view.legal[key]) {
      game.pick(null);
      game.explain({ pile: done.pile, index: done.index }); // cannot move: says why
      return;
    }
    const targets = view.legal[key];
    if (playsAtOnce(view, targets)) {
      game.move({ pile: done.pile, index: done.index }, targets[0]);
      return;
    }
    const same = picked && picked.pile === done.pile && picked.index === done.index;
    if (game.tapToMove?.() && !same) {
      game.tap({ pile: done.pile, index: done.index }); // to its best place; picked up where Python cannot choose
      return;
    }
    if (doubleTap) {
      game.toFoundation({ pile: done.pile, index: done.index });
      return;
    }
    lastTap = { key, time: now };
    game.pick(same ? null : { pile: done.pile, index: done.index });
  }

  // Keys (shortcuts and keyboard play) are keyboard.js's.
}
