// dialogs.js: the Share, Choose a deal, Statistics and Settings dialogs.

import { notify, renderBar } from "./bar.js";
import { confirmThen } from "./confirm.js";
import { language, setLanguage, t } from "./i18n.js";
import { storeFailed } from "./keeping.js";
import { CHOICES, SWITCHES, fillLooksForm, previewLooks, readLooksForm, setLooks } from "./looks.js";
import { fillGamePicker } from "./picker.js";
import { act, openGame, render } from "./play.js";
import { $, send, state, whenIdle } from "./session.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { gameName, optionLabel, valueLabel } from "./text.js";
import { dealUrl } from "./url.js";

// -- share -------------------------------------------------------------------------

export function openShare() {
  const view = state.view;
  $("share-deal").value = dealUrl(view);
  const won = view.status === "won" && Boolean(view.save);
  $("share-challenge-part").hidden = !won;
  $("share-challenge").value = won ? dealUrl(view, view.save.turns.flat(), location.href, view.assisted) : "";
  $("share").showModal();
}

export async function copyShareLink() {
  const field = $(($("share-challenge-part").hidden ? "share-deal" : "share-challenge"));
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    notify(t("share.copied"));
  } catch {
    // No clipboard permission: the link stays selected for the player to copy.
  }
}

// -- choose a deal ------------------------------------------------------------------

/** A deal of the game on the table by its number, with the options on the table. */
export function openChooseDeal() {
  const view = state.view;
  const field = /** @type {HTMLInputElement} */ ($("deal-number"));
  field.max = String(view.rules.maxDeal);
  field.value = "";
  $("deal-number-hint").textContent = t("chooseDeal.hint", { game: gameName(view.game, language()), max: view.rules.maxDeal.toLocaleString(language()) });
  $("choose-deal").returnValue = ""; // Escape keeps the last one: it must not be an earlier "play"
  $("choose-deal").showModal();
}

/** Play the chosen deal: resumed where a game of it is kept, the game on the table kept too
 *  (as a link to a deal does). Only a number the form accepts (whole, in range) is played. */
export function attachChooseDeal() {
  $("choose-deal").addEventListener("close", () => {
    const field = /** @type {HTMLInputElement} */ ($("deal-number"));
    const deal = Number(field.value);
    if ($("choose-deal").returnValue !== "play" || !field.checkValidity() || !Number.isInteger(deal)) return;
    whenIdle(() => openGame({ game: state.view.game, options: state.view.options, deal }));
  });
}

// -- statistics ----------------------------------------------------------------------

/** The statistics dialog's body; a day of its calendar opens that day's deal of the game on the table. */
export function showStatsBody() {
  stats.renderStats($("stats-body"), language(), new Date(), (date) => {
    $("stats").close();
    openGame({ game: state.view.game, options: state.view.options, daily: date });
  });
}

export async function openStats() {
  showStatsBody();
  $("stats").showModal();
  await stats.refresh().catch(storeFailed); // another tab may have counted a game meanwhile
  if ($("stats").open) showStatsBody();
}

export function exportStats() {
  const link = document.createElement("a");
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(stats.exportText())}`;
  link.download = "solitaire-statistics.json";
  link.click();
}

/** An import replaces every statistic: checked in full, then shown and confirmed first. */
export async function importStats(file) {
  $("stats-file").value = ""; // the same file may be chosen again
  let imported;
  try {
    imported = stats.readImport(await file.text());
  } catch (error) {
    const reason = error instanceof stats.StatsError ? t(error.code, error.params) : String(error);
    notify(t("stats.badFile", { error: reason }));
    return;
  }
  confirmThen(
    async () => {
      try {
        await stats.replace(imported.stats);
        notify(t("stats.imported"));
      } catch (error) {
        storeFailed(error);
        notify(t("stats.notImported"));
      }
      showStatsBody();
      if (state.view) renderBar(state.view);
    },
    { title: "stats.importTitle", text: "stats.importText", ok: "stats.importOk", cancel: "button.cancel", params: { played: imported.played, won: imported.won } },
    true,
  );
}

export function resetStats() {
  confirmThen(
    async () => {
      await stats.replace().catch(storeFailed);
      showStatsBody();
      renderBar(state.view);
    },
    { title: "stats.resetTitle", text: "stats.resetText", ok: "stats.resetOk" },
    true,
  );
}

// -- settings ------------------------------------------------------------------------

/** "Winnable deals only" for the game on the table (off by default: the classic feel). */
function winnableOnlyField() {
  const label = document.createElement("label");
  const input = Object.assign(document.createElement("input"), { type: "checkbox", name: "winnableOnly" });
  input.checked = storage.winnableOnly(state.view.game);
  label.append(input, ` ${t("settings.winnableOnly", { game: gameName(state.view.game, language()) })}`);
  return label;
}

/** The settings form: one group of radio buttons per option of the current game. */
export function openSettings() {
  /** @type {HTMLElement[]} */
  const fields = state.view.rules.optionSpecs.map((option) => {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = optionLabel(option.name, language());
    fieldset.append(legend);
    for (const choice of option.choices) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = option.name;
      input.value = choice;
      input.checked = state.view.options[option.name] === choice;
      label.append(input, ` ${valueLabel(option.name, choice, language())}`);
      fieldset.append(label);
    }
    return fieldset;
  });
  if (state.view.analysis?.status !== "none") fields.push(winnableOnlyField());
  $("game-options").replaceChildren(...fields);
  const form = $("settings-form");
  form.elements.autoplay.checked = Boolean(state.view.autoplay);
  for (const input of form.elements.language) input.checked = input.value === language();
  fillLooksForm(form);
  $("settings").showModal();
}

/** The looks change on the table as they are chosen; Apply keeps them, Cancel takes them back. */
export function attachSettings() {
  let previewing = false;
  $("settings-form").addEventListener("change", (event) => {
    if (!Object.hasOwn(CHOICES, event.target.name) && !SWITCHES.includes(event.target.name)) return;
    previewLooks(readLooksForm($("settings-form")));
    previewing = true;
    render();
  });
  $("settings").addEventListener("close", () => {
    if ($("settings").returnValue === "apply") whenIdle(applySettings);
    else if (previewing) {
      previewLooks(null); // tried, not chosen: the remembered looks again
      render();
    }
    previewing = false;
  });
}

function applySettings() {
  const form = $("settings-form");
  const chosenLanguage = form.elements.language.value;
  if (chosenLanguage && chosenLanguage !== language()) switchLanguage(chosenLanguage);
  const looksChanged = readLooksForm(form);
  if (looksChanged) {
    setLooks(looksChanged);
    render();
  }
  const only = form.elements.winnableOnly;
  if (only && only.checked !== storage.winnableOnly(state.view.game)) storage.setWinnableOnly(state.view.game, only.checked);
  const autoplay = form.elements.autoplay.checked;
  if (autoplay !== state.view.autoplay) {
    storage.savePreferences({ ...storage.loadPreferences(), autoplay });
    act({ type: "autoplay", on: autoplay });
  }
  const current = state.view.options;
  const options = Object.fromEntries(Object.keys(current).map((name) => [name, form.elements[name]?.value ?? current[name]]));
  if (Object.keys(options).some((name) => options[name] !== current[name])) {
    // Other options are another game: the one on the table stays kept, a kept one of those options resumes.
    openGame({ game: state.view.game, options }).then(() => fillGamePicker());
  }
}

/** Change the page's language, and Python's for its messages. */
async function switchLanguage(code) {
  setLanguage(code);
  storage.savePreferences({ ...storage.loadPreferences(), language: code });
  if (state.engine) {
    await send({ type: "language", language: code });
    fillGamePicker();
    await act({ type: "view" });
  }
}
