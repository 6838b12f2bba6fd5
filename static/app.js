// app.js: starts the page and wires the engine, the table, input and storage.
//
// State lives in Python; this file keeps only the last view, the card the
// player holds, and the table's geometry for hit-testing.

import { startEngine } from "./engine.js";
import { attachInput } from "./input.js";
import * as storage from "./storage.js";
import { showRules } from "./rules.js";
import { drawTable } from "./table.js";
import { gameName, optionLabel, valueLabel } from "./text.js";
import { requestFromUrl, today } from "./url.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const state = { send: null, view: null, pick: null, geometry: null, noticeTimer: 0, games: [] };

// -- talking to the engine ------------------------------------------------------

/** Send a message; on success show the new view, on failure say why. */
function act(message) {
  const answer = state.send(message);
  if (!answer.ok) {
    notify(answer.error);
    return false;
  }
  const previous = state.view;
  state.view = answer;
  state.pick = null;
  render();
  save();
  if (answer.status === "won" && previous?.status !== "won") showWin();
  return true;
}

function save() {
  const answer = state.send({ type: "save" });
  if (answer.ok) storage.saveGame(answer.save);
}

// -- drawing ---------------------------------------------------------------------

function render() {
  state.geometry = drawTable(board, state.view, state.pick);
  renderBar();
}

function renderBar() {
  const view = state.view;
  $("game-picker").value = view.game;
  document.title = `${gameName(view.game)} · Solitaire`;
  $("deal-label").textContent = view.daily ? `Daily ${view.daily}` : `#${view.deal}`;
  $("score").textContent = scoreText(view);
  $("score-stat").hidden = view.score === null;
  $("moves").textContent = String(view.moves);
  $("time").textContent = clockText(view.seconds);
  $("mode").textContent = view.statusLine;
  $("undo").disabled = !view.canUndo;
  $("redo").disabled = !view.canRedo;
  $("complete").hidden = !view.canComplete;
  if (view.status === "stuck") showNotice("No moves left. Undo some moves or start a new game.", false);
  else if (!state.noticeTimer) hideNotice();
}

function scoreText(view) {
  if (view.score === null) return "–";
  const scoring = view.options.scoring;
  if (scoring === "vegas") return dollars(view.score);
  if (scoring === "vegas-cumulative") return `${dollars(storage.loadVegasBank() + view.score)} total`;
  return String(view.score);
}

const dollars = (amount) => (amount < 0 ? `−$${-amount}` : `$${amount}`);
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function showNotice(text, fades) {
  const notice = $("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(state.noticeTimer);
  state.noticeTimer = fades ? setTimeout(() => { state.noticeTimer = 0; hideNotice(); }, 4000) : 0;
}

function hideNotice() {
  $("notice").hidden = true;
}

const notify = (text) => showNotice(text, true);

function showWin() {
  const view = state.view;
  const parts = [`${view.moves} moves`, `time ${clockText(view.seconds)}`];
  if (view.score !== null) parts.unshift(`score ${scoreText(view)}`);
  $("won-summary").textContent = `You finished ${view.daily ? `the daily deal of ${view.daily}` : `deal #${view.deal}`}: ${parts.join(", ")}.`;
  $("won").showModal();
}

// -- actions ---------------------------------------------------------------------

const game = {
  ready: () => state.view !== null,
  view: () => state.view,
  geometry: () => state.geometry,
  currentPick: () => state.pick,
  pick(pick) {
    state.pick = pick;
    state.geometry = drawTable(board, state.view, state.pick);
  },
  move: (from, to) => act({ type: "move", from: from.pile, index: from.index, to }) || game.pick(null),
  toFoundation: (from) => act({ type: "foundation", from: from.pile, index: from.index }) || game.pick(null),
  stock: () => act({ type: "stock" }),
  undo: () => act({ type: "undo" }),
  redo: () => act({ type: "redo" }),
  complete: () => act({ type: "complete" }),
  newGame: () => confirmThen(() => startGame({ game: state.view.game, options: state.view.options })),
};

function inProgress() {
  return state.view && state.view.moves > 0 && state.view.status === "playing";
}

function confirmThen(action) {
  if (!inProgress()) return action();
  const dialog = $("confirm");
  dialog.returnValue = "";
  dialog.showModal();
  dialog.addEventListener("close", () => dialog.returnValue === "ok" && action(), { once: true });
}

/** Start a new game; the finished cumulative-Vegas game pays into the bank first. */
function startGame(request) {
  const view = state.view;
  if (view?.options.scoring === "vegas-cumulative" && view.score !== null) {
    storage.saveVegasBank(storage.loadVegasBank() + view.score);
  }
  const ok = act({ type: "new", ...request });
  if (ok) storage.saveOptions(request.game, state.view.options);
  return ok;
}

// -- game picker and settings -------------------------------------------------------

function fillGamePicker() {
  const picker = $("game-picker");
  picker.replaceChildren(
    ...state.games.map((game) => {
      const option = document.createElement("option");
      option.value = game.id;
      option.textContent = gameName(game.id);
      return option;
    }),
  );
  picker.disabled = false;
  picker.addEventListener("change", () => {
    const chosen = picker.value;
    picker.value = state.view.game; // stays until the player confirms
    confirmThen(() => startGame({ game: chosen, options: storage.loadOptions(chosen) }));
  });
}

/** The settings form: one group of radio buttons per option of the current game. */
function openSettings() {
  const fields = state.view.optionSpecs.map((option) => {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = optionLabel(option.name);
    fieldset.append(legend);
    for (const choice of option.choices) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = option.name;
      input.value = choice;
      input.checked = state.view.options[option.name] === choice;
      label.append(input, ` ${valueLabel(option.name, choice)}`);
      fieldset.append(label);
    }
    return fieldset;
  });
  $("game-options").replaceChildren(...fields);
  $("settings-form").elements.autoplay.checked = Boolean(state.view.autoplay);
  $("settings").showModal();
}

function applySettings() {
  const form = $("settings-form");
  const autoplay = form.elements.autoplay.checked;
  if (autoplay !== state.view.autoplay) {
    storage.savePreferences({ ...storage.loadPreferences(), autoplay });
    act({ type: "autoplay", on: autoplay });
  }
  const current = state.view.options;
  const options = Object.fromEntries(Object.keys(current).map((name) => [name, form.elements[name]?.value ?? current[name]]));
  if (Object.keys(options).some((name) => options[name] !== current[name])) {
    confirmThen(() => startGame({ game: state.view.game, options }));
  }
}

// -- start-up ----------------------------------------------------------------------

/** The first game: the one the address asks for, else the saved one, else today's daily. */
function firstGame() {
  const request = requestFromUrl(location.search);
  const saved = storage.loadGame();
  if (request && !matchesSave(request, saved)) {
    const stored = storage.loadOptions(request.game);
    if (startGame({ ...request, options: { ...stored, ...request.options } })) return;
    notify(`${state.lastError ?? "That address does not name a game."} Here is today's daily deal instead.`);
  } else if (saved) {
    if (act({ type: "load", save: saved })) return;
    notify(`Your saved game could not be restored: ${state.lastError} A new game starts.`);
    storage.forgetGame();
  }
  startGame({ game: "klondike", daily: today(), options: storage.loadOptions("klondike") });
}

/** Does the saved game belong to the deal the address names? Then resume it. */
function matchesSave(request, saved) {
  if (!saved || saved.game !== request.game) return false;
  const sameDeal = request.daily ? saved.daily === request.daily : saved.deal === request.deal && !saved.daily;
  const sameOptions = Object.entries(request.options).every(([name, value]) => saved.options?.[name] === value);
  return sameDeal && sameOptions;
}

function setProgress(text, fraction) {
  $("loading-text").textContent = text;
  $("progress-bar").style.width = `${Math.round(fraction * 100)}%`;
}

async function main() {
  setProgress("Loading Python…", 0.05);
  try {
    const send = await startEngine(setProgress);
    // Remember the last error so start-up can explain a fallback.
    state.send = (message) => {
      const answer = send(message);
      if (!answer.ok) state.lastError = answer.error;
      return answer;
    };
  } catch (error) {
    console.warn("start-up failed", error);
    setProgress("The game could not load. Check your connection and reload the page.", 1);
    return;
  }
  state.games = state.send({ type: "games" }).games;
  fillGamePicker();
  const preferences = storage.loadPreferences();
  if (preferences.autoplay) state.send({ type: "autoplay", on: true });
  firstGame();
  $("loading").hidden = true;
  attachInput(board, game);
  $("new-game").addEventListener("click", game.newGame);
  $("undo").addEventListener("click", game.undo);
  $("redo").addEventListener("click", game.redo);
  $("complete").addEventListener("click", game.complete);
  $("open-settings").addEventListener("click", openSettings);
  $("open-rules").addEventListener("click", () => showRules(state.view.game));
  $("settings").addEventListener("close", () => $("settings").returnValue === "apply" && applySettings());
  $("won").addEventListener("close", () => $("won").returnValue === "new" && startGame({ game: state.view.game, options: state.view.options }));
  new ResizeObserver(() => state.view && render()).observe(board);
  document.addEventListener("visibilitychange", () => act({ type: document.hidden ? "pause" : "resume" }));
  setInterval(tick, 1000);
  document.documentElement.dataset.ready = "true";
}

/** Once a second, while the clock runs: refresh time and (timed) score. */
function tick() {
  if (!state.view?.clockRunning) return;
  const answer = state.send({ type: "view" });
  if (answer.ok) {
    state.view = answer;
    renderBar();
  }
}

main();
