// picker.js: the game picker in the bar: every game, then the kept games under way.

import { language, t } from "./i18n.js";
import { keptGames, tableId } from "./keeping.js";
import { openGame, resume } from "./play.js";
import * as saves from "./saves.js";
import { $, state } from "./session.js";
import * as storage from "./storage.js";
import { gameName, valueLabel } from "./text.js";

const KEPT = "kept:"; // the picker's value for a kept game: this prefix and the record's id

/** The picker: every game, then the games under way but for the one on the table. */
export async function fillGamePicker() {
  if (!state.games.length) return; // before Python said which games there are
  const option = (value, text) => {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  };
  const games = state.games.map((entry) => option(entry.id, gameName(entry.id, language())));
  const underWay = (await keptGames()).filter((record) => saves.underWay(record) && record.id !== tableId());
  const picker = $("game-picker");
  if (underWay.length) {
    const group = document.createElement("optgroup");
    group.label = t("picker.underWay");
    group.append(...underWay.map((record) => option(KEPT + record.id, keptLabel(record))));
    picker.replaceChildren(...games, group);
  } else {
    picker.replaceChildren(...games);
  }
  picker.disabled = false;
  picker.value = state.view?.game ?? picker.value;
}

/** "Klondike · Deal 123 · 14 moves" (the options when they are not the game's defaults). */
export function keptLabel(record) {
  const deal = record.daily ? t("deal.daily", { date: record.daily }) : t("deal.number", { deal: record.deal });
  const specs = state.specs[record.game] ?? [];
  const chosen = specs.filter((spec) => (saves.optionValue(record.game, record.options, spec.name) ?? spec.choices[0]) !== spec.choices[0]);
  const options = chosen.map((spec) => valueLabel(spec.name, record.options[spec.name], language()));
  const moves = t(record.moves === 1 ? "picker.move" : "picker.moves", { moves: record.moves });
  return [gameName(record.game, language()), ...options, deal, moves].join(" · ");
}

/** A game picked: a kept one resumes; a game resumes its last kept game of the options
 *  chosen last, else deals anew. Nothing is given up: the game on the table stays kept. */
export async function chooseGame(chosen) {
  $("game-picker").value = state.view.game; // the table's game until the chosen one is on it
  if (chosen.startsWith(KEPT)) {
    const record = (await keptGames()).find((candidate) => candidate.id === chosen.slice(KEPT.length));
    if (record) await resume(record);
  } else {
    await openGame({ game: chosen, options: storage.loadOptions(chosen, state.specs[chosen] ?? []) });
  }
  fillGamePicker();
}
