// announce.js: what happened on the table, said in words, through a polite live region.
//
// describeChange() compares the view before and after a message to Python and
// names the move, draw or deal, the cards turned face up (or unlocked, in open
// mode), cards the game moved by itself, a win and "no moves left", in the
// page's language (card names come from Python, already translated).
// announce() puts a text into #announcer (role="status", aria-live="polite",
// visually hidden), which screen readers read out after what they are saying.

import { language, t } from "./i18n.js";
import { pileName, pileWords } from "./table.js";
import { gameName, shortCard } from "./text.js";

/** @typedef {import("../types/protocol").View} View */


/** Say `text` (nothing for an empty text). The same text twice is still read twice. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  // A live region reads a change; a trailing no-break space toggles so that a repeat is a change.
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/** @param {View} view */
const pilesOf = (view) => new Map(view.piles.map((pile) => [pile.name, pile.cards]));
const nameOf = (card) => (card.card === "down" ? t("card.down") : card.name);

/** The name of the card at pile:index in a view ("Queen of Hearts", "Face-down card").
 * @param {View} view
 */
export function cardText(view, pile, index) {
  const card = view.piles.find((candidate) => candidate.name === pile)?.cards[index];
  return card ? nameOf(card) : pileName(pile);
}

/** "Foundation 1, 2 or 3, Column 8": a list of piles, those of one kind under one name. */
export function pileList(names) {
  const groups = new Map();
  for (const name of names) {
    const [kind, number] = name.split("-");
    if (!groups.has(kind)) groups.set(kind, []);
    if (number) groups.get(kind).push(number);
  }
  const parts = [...groups].map(([kind, numbers]) => pileWords(kind, joinOr(numbers)));
  return joinOr(parts);
}

function joinOr(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("say.or")} ${items.at(-1)}`;
}

/** Picked up: the card, how many move with it, where they can go.
 * @param {View} view
 */
export function describePick(view, place) {
  const count = view.piles.find((pile) => pile.name === place.pile).cards.length - place.index;
  const card = cardText(view, place.pile, place.index);
  const what = count > 1 ? t("say.run", { card, count }) : card;
  return t("say.picked", { what, targets: pileList(view.legal[`${place.pile}:${place.index}`] ?? []) });
}

/** The hint as words: "Hint: 7 of Diamonds to Column 7." (none and stock have their notices).
 * @param {View} view
 */
export function describeHint(view, hint) {
  if (!hint.from) return "";
  return t("say.hint", { card: cardText(view, hint.from, hint.index), pile: pileName(hint.to) });
}

/** The hint as the notice shows it: "Hint: move 7♦ onto 8♠.", "... to Foundation 1.", and in
 *  Pyramid "pair 6♥ with 7♣" or "remove K♠" (none and stock have their notices).
 * @param {View} view
 */
export function hintText(view, hint) {
  if (!hint.from) return "";
  const piles = pilesOf(view);
  const card = shortCard(piles.get(hint.from)[hint.index].card, language());
  const top = piles.get(hint.to)?.at(-1);
  const onto = top && top.card !== "down" ? shortCard(top.card, language()) : null;
  return moveWords("hint", view, card, onto, hint.to);
}

/** A card's move in words from the texts of `family` ("hint" or "review"): onto a card, to a
 *  pile (a foundation), and where the view's game pairs cards (Pyramid) paired with a card or removed.
 * @param {View} view
 */
export function moveWords(family, view, card, onto, to) {
  const ontoCard = onto && !to.startsWith("foundation");
  if (view.pairsCards) return ontoCard ? t(`${family}.pair`, { card, target: onto }) : t(`${family}.remove`, { card });
  return ontoCard ? t(`${family}.onto`, { card, target: onto }) : t(`${family}.to`, { card, pile: pileName(to) });
}

/** What a message changed on the table, as one or more sentences ("" when nothing worth saying).
 * @param {View} previous
 * @param {View} next
 */
export function describeChange(previous, next, message) {
  if (!previous?.piles || !next?.piles) return "";
  const parts = [];
  const before = pilesOf(previous);
  const after = pilesOf(next);
  let target = null;
  let pair = false;
  switch (message.type) {
    case "move":
    case "foundation": {
      const cards = before.get(message.from) ?? [];
      const card = cards[message.index];
      if (!card) break;
      target = message.type === "move" ? message.to : grown(before, after).find((name) => name.startsWith("foundation")) ?? null;
      if (!target) break;
      const count = cards.length - message.index;
      const targetBefore = before.get(target) ?? [];
      pair = kindOf(next, 0) === "pair"; // Pyramid: both cards leave together
      if (pair) parts.push(t("say.pair", { card: nameOf(card), other: nameOf(targetBefore.at(-1)) }));
      else if (count > 1) parts.push(t("say.move", { card: t("say.run", { card: nameOf(card), count }), pile: pileName(target) }));
      else parts.push(t("say.move", { card: nameOf(card), pile: pileName(target) }));
      break;
    }
    case "stock":
      parts.push(drawText(before, after, kindOf(next, 0)));
      break;
    case "undo":
      parts.push(t("say.undo"));
      break;
    case "redo":
      parts.push(t("say.redo"));
      break;
    case "complete":
      parts.push(t("say.complete"));
      break;
    case "new":
    case "load":
      if (previous.game === next.game && previous.deal === next.deal && previous.daily === next.daily) return "";
      return t("say.newGame", {
        game: gameName(next.game, language()),
        deal: next.daily ? t("deal.daily", { date: next.daily }) : t("deal.number", { deal: next.deal }),
      });
    default:
      return "";
  }
  if (["move", "foundation", "stock", "redo"].includes(message.type)) {
    parts.push(...flips(before, after), ...foundationGains(before, after, target, pair, next.turn?.runsHome ?? 0));
  }
  if (next.status === "won" && previous.status !== "won") parts.push(t("won.title"));
  else if (next.status === "stuck" && previous.status !== "stuck") parts.push(t("hint.none"));
  return parts.filter(Boolean).join(" ");
}

/** Piles that hold more cards than before. */
function grown(before, after) {
  return [...after].filter(([name, cards]) => cards.length > (before.get(name)?.length ?? 0)).map(([name]) => name);
}

/** The kind of the turn's move `index` as the engine names it (view.turn; Rules.move_kind).
 * @param {View} view
 */
function kindOf(view, index) {
  return view.turn?.moves[index]?.kind ?? null;
}

function drawText(before, after, kind) {
  if (kind === "redeal") return t("say.redeal");
  if (kind === "deal") return t("say.deal");
  const stockBefore = before.get("stock")?.length ?? 0;
  const stockAfter = after.get("stock")?.length ?? 0;
  const drawn = stockBefore - stockAfter;
  const waste = after.get("waste");
  if (drawn <= 0) return "";
  if (waste.length <= (before.get("waste")?.length ?? 0)) return t("say.drawn"); // the card went on at once
  const card = nameOf(waste.at(-1));
  return drawn === 1 ? t("say.draw", { card }) : t("say.drawMany", { count: drawn, card });
}

/** Cards turned face up (or, in open mode, unlocked) where they lie. */
function flips(before, after) {
  const said = [];
  for (const [name, cards] of after) {
    if (name === "stock" || name === "waste") continue;
    const old = before.get(name) ?? [];
    cards.forEach((card, index) => {
      const was = old[index];
      if (!was || card.card === "down") return;
      if (was.card === "down") said.push(t("say.flip", { card: card.name, pile: pileName(name) }));
      else if (was.locked && !card.locked && was.card === card.card) said.push(t("say.unlock", { card: card.name, pile: pileName(name) }));
    });
  }
  return said;
}

/** Cards that reached a foundation besides the move itself: the game's safe moves, or the
 *  runs that left the table by themselves (`runs`, from the engine: Spider). */
function foundationGains(before, after, target, pair, runs) {
  const said = [];
  for (const [name, cards] of after) {
    if (!name.startsWith("foundation") || name === target || pair) continue;
    const gained = cards.length - (before.get(name)?.length ?? 0);
    if (runs > 0 && gained > 0) said.push(t("say.fullRun", { pile: pileName(name) }));
    else if (gained > 0) said.push(t("say.move", { card: joinAnd(cards.slice(-gained).map(nameOf)), pile: pileName(name) }));
  }
  return said;
}

function joinAnd(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("say.and")} ${items.at(-1)}`;
}
