// rules.js: the rules panel of every game, in English and German (our own words; each game's
// page comes from the engine's tables, rule-pages.js, the keys are the page's own).
//
// Texts are data: [heading, paragraph, paragraph, ...] blocks per game and
// language, put into the dialog with textContent (never as markup). The rule pages are a
// module that no start waits for: imported once the page is idle, or as the dialog opens.

import { gameName } from "./text.js";

// How the page is played, the same in every game (input.js, the bar), shown after each game's rules.
const PLAYING = {
  en: ["Mouse and touch",
    "Drag a card, with the cards on it, to where it goes, or click it and then the place. Double-click or double-tap a card to send it to its foundation, where the game has foundations. Click the stock, where there is one, to draw or deal.",
    "Hint shows a good move. Winnable? and Check say whether the game can still be won; a game where either was used counts as won, but as assisted. Finish appears once the game is certain to be won, and plays it out."],
  de: ["Maus und Touch",
    "Ziehe eine Karte mit den Karten darauf dorthin, wo sie hinkommt, oder klicke sie an und dann den Platz. Ein Doppelklick oder doppeltes Tippen schickt eine Karte auf ihren Zielstapel, wo das Spiel Zielstapel hat. Ein Klick auf den Talon, wo es einen gibt, zieht oder teilt aus.",
    "„Tipp“ zeigt einen guten Zug. „Lösbar?“ und „Prüfen“ sagen, ob das Spiel noch zu gewinnen ist; ein Spiel, in dem eines davon benutzt wurde, zählt als gewonnen, aber als mit Hilfe. „Fertig“ erscheint, sobald das Spiel sicher gewonnen ist, und spielt es zu Ende."],
};

// The keys, the same in every game (keyboard.js), shown after each game's rules.
const KEYS = {
  en: ["Keys",
    "Tab reaches the table. The arrow keys move the focus: left and right from pile to pile, up and down through the face-up cards of a column and on to the row of piles above or below. 1 to 9 and 0 jump to columns 1 to 10; Home and End to the first and last pile.",
    "Enter or Space picks up the card in focus, with the cards on it; its possible destinations light up. Move the focus to one and press Enter or Space to put the cards there. Enter on the stock draws. Escape puts the cards back.",
    "D draws from the stock, F sends the card in focus to a foundation, H shows a hint, U or Ctrl+Z undoes, R, Ctrl+Y or Ctrl+Shift+Z redoes, N starts a new game, T today's daily deal, ? opens the rules and these keys.",
    "With a screen reader, every move, draw, card turned face up, win and the end of the moves is announced."],
  de: ["Tasten",
    "Mit Tab kommst du zum Tisch. Die Pfeiltasten bewegen den Fokus: links und rechts von Stapel zu Stapel, hoch und runter durch die offenen Karten einer Spalte und weiter zur Reihe darüber oder darunter. 1 bis 9 und 0 springen zu den Spalten 1 bis 10, Pos1 und Ende zum ersten und letzten Stapel.",
    "Eingabe oder Leertaste nimmt die Karte im Fokus mit den Karten darauf auf; ihre möglichen Ziele leuchten. Bewege den Fokus auf eines und drücke Eingabe oder Leertaste, um die Karten dort abzulegen. Eingabe auf dem Talon zieht. Escape legt die Karten zurück.",
    "D zieht vom Talon, F legt die Karte im Fokus auf einen Zielstapel, H zeigt einen Tipp, U oder Strg+Z nimmt zurück, R, Strg+Y oder Strg+Umschalt+Z wiederholt, N beginnt ein neues Spiel, T das heutige Tagesspiel, ? öffnet die Regeln mit diesen Tasten.",
    "Mit einem Screenreader wird jeder Zug angesagt, jedes Ziehen, jede aufgedeckte Karte, ein Sieg und wenn keine Züge mehr möglich sind."],
};

const TITLES = { en: "How to play", de: "So wird gespielt" };
// Said while the rule pages come, and if they cannot (the keys still follow).
const COMING = { en: "Loading the rules…", de: "Die Regeln werden geladen …" };
const FAILED = {
  en: "The rules could not load. Check your connection, then open them again or reload the page.",
  de: "Die Regeln konnten nicht geladen werden. Prüfe die Verbindung, dann öffne sie erneut oder lade die Seite neu.",
};
let language = "en";
let shownGame = null;
let pages = null; // RULE_PAGES once imported
let importing = null; // the import under way
let failed = false; // the last import failed

/** Import the rule pages once (again after a failure). */
function loadRulePages() {
  importing ??= import("./rule-pages.js").then(
    (module) => {
      pages = module.RULE_PAGES;
    },
    (error) => {
      importing = null;
      throw error;
    },
  );
  return importing;
}

/** Import the rule pages when the browser is idle, so that the dialog opens with them at once. */
export function prefetchRulePages() {
  const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 200)); // WebKit has none
  idle(() => loadRulePages().catch(() => {}), { timeout: 2000 });
}

const paragraph = (text) => Object.assign(document.createElement("p"), { textContent: text });

function fill() {
  document.getElementById("rules-title").textContent = `${gameName(shownGame, language)}: ${TITLES[language]}`;
  const body = document.getElementById("rules-text");
  body.lang = language;
  if (!pages && !failed) {
    body.setAttribute("aria-busy", "true");
    body.replaceChildren(paragraph(COMING[language]));
  } else {
    body.removeAttribute("aria-busy");
    const blocks = [...(pages?.[shownGame]?.[language] ?? []), PLAYING[language], KEYS[language]];
    body.replaceChildren(
      ...(pages ? [] : [paragraph(FAILED[language])]),
      ...blocks.flatMap(([heading, ...paragraphs]) => {
        const title = document.createElement("h3");
        title.textContent = heading;
        return [title, ...paragraphs.map(paragraph)];
      }),
    );
  }
  for (const code of ["en", "de"]) {
    document.getElementById(`rules-${code}`).setAttribute("aria-pressed", String(code === language));
  }
}

/** Open the rules of a game in the rules dialog, in the page's language (switchable there). */
export function showRules(gameId, pageLanguage = "en") {
  shownGame = gameId;
  language = pageLanguage in TITLES ? pageLanguage : "en";
  failed = false;
  fill();
  /** @type {HTMLDialogElement} */ (document.getElementById("rules")).showModal();
  if (pages) return;
  loadRulePages().then(fill, (error) => {
    console.warn("the rule pages could not load", error);
    failed = true;
    fill();
  });
}

for (const code of ["en", "de"]) {
  document.getElementById(`rules-${code}`).addEventListener("click", () => {
    language = code;
    fill();
  });
}
