// rules.js: the rules panel of every game, in English and German (our own words, from the
// engine's tables: rule-pages.js holds each game's page and how the page is played).
//
// Texts are data: [heading, paragraph, paragraph, ...] blocks per game and
// language, put into the dialog with textContent (never as markup). The rule pages are a
// module that no start waits for: imported once the page is idle, or as the dialog opens.

import { gameName } from "./text.js";

const TITLES = { en: "How to play", de: "So wird gespielt" };
// Said while the rule pages come, and if they cannot.
const COMING = { en: "Loading the rules…", de: "Die Regeln werden geladen …" };
const FAILED = {
  en: "The rules could not load. Check your connection, then open them again or reload the page.",
  de: "Die Regeln konnten nicht geladen werden. Prüfe die Verbindung, dann öffne sie erneut oder lade die Seite neu.",
};
let language = "en";
let shownGame = null;
let rulePages = null; // the module once imported: RULE_PAGES and PLAYING
let importing = null; // the import under way
let failed = false; // the last import failed

/** Import the rule pages once (again after a failure). */
function loadRulePages() {
  importing ??= import("./rule-pages.js").then(
    (module) => {
      rulePages = module;
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
  if (!rulePages && !failed) body.setAttribute("aria-busy", "true");
  else body.removeAttribute("aria-busy");
  if (!rulePages) {
    body.replaceChildren(paragraph((failed ? FAILED : COMING)[language]));
  } else {
    const blocks = [...(rulePages.RULE_PAGES[shownGame]?.[language] ?? []), ...rulePages.PLAYING[language]];
    body.replaceChildren(
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
  if (rulePages) return;
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
