// announce.js: what happened on the table, said in words, through a polite live region.
//
// describeChange() puts the engine's account of a turn (the view's `turn`) in words:
// the move, draw or deal, the cards turned face up (or unlocked, in open mode), cards
// the game moved by itself, a win and "no moves left", in the page's language (card
// names come from Python, already translated).
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
  if (view.rules.pairsCards) return ontoCard ? t(`${family}.pair`, { card, target: onto }) : t(`${family}.remove`, { card });
  return ontoCard ? t(`${family}.onto`, { card, target: onto }) : t(`${family}.to`, { card, pile: pileName(to) });
}

/** What a message changed on the table, as one or more sentences ("" when nothing worth saying):
 *  the engine's account of the turn (`next.turn`) put in words.
 * @param {View} previous
 * @param {View} next
 */
export function describeChange(previous, next, message) {
  if (!previous?.piles || !next?.piles) return "";
  const turn = next.turn;
  const parts = [];
  switch (message.type) {
    case "move":
    case "foundation": {
      const move = turn?.moves[0];
      if (!move) break;
      const card = move.card ?? t("card.down");
      if (move.kind === "pair") parts.push(t("say.pair", { card, other: move.onto ?? t("card.down") })); // Pyramid: both cards leave together
      else if (move.count > 1) parts.push(t("say.move", { card: t("say.run", { card, count: move.count }), pile: pileName(move.to) }));
      else parts.push(t("say.move", { card, pile: pileName(move.to) }));
      break;
    }
    case "stock":
      parts.push(drawText(turn));
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
  if (turn && ["move", "foundation", "stock", "redo"].includes(message.type)) {
    for (const { card, pile, unlocked } of turn.turnedOver) parts.push(t(unlocked ? "say.unlock" : "say.flip", { card, pile: pileName(pile) }));
    for (const { pile, cards, run } of turn.home) {
      parts.push(run ? t("say.fullRun", { pile: pileName(pile) }) : t("say.move", { card: joinAnd(cards), pile: pileName(pile) }));
    }
  }
  if (next.status === "won" && previous.status !== "won") parts.push(t("won.title"));
  else if (next.status === "stuck" && previous.status !== "stuck") parts.push(t("hint.none"));
  return parts.filter(Boolean).join(" ");
}

/** A turn of the stock in words: a redeal, a deal (Spider), or the cards drawn.
 * @param {import("../types/protocol").TurnView | null} turn
 */
function drawText(turn) {
  const kind = turn?.moves[0]?.kind;
  if (kind === "redeal") return t("say.redeal");
  if (kind === "deal") return t("say.deal");
  const drawn = turn?.drawn;
  if (!drawn) return "";
  if (drawn.top === null) return t("say.drawn"); // the card went on at once
  return drawn.count === 1 ? t("say.draw", { card: drawn.top }) : t("say.drawMany", { count: drawn.count, card: drawn.top });
}

function joinAnd(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("say.and")} ${items.at(-1)}`;
}
