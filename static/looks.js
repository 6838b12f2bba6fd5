// looks.js: how the table looks and feels, as the player chose it in Settings.
//
// Remembered in localStorage (under the page preferences, key "looks") and
// applied to <html> as attributes and classes that style.css and cards.css
// read: data-felt (table colour), data-theme (system, light or dark: the
// felt, the bar and the dialogs), .four-color-deck, .large-print. table.js
// reads the card back, large print and the left-handed layout when it draws;
// animate.js asks whether to move at all; input.js whether a tap moves a card.
// No rules here.

import * as storage from "./storage.js";

/** @typedef {import("../types/protocol").View} View */

/** Choices with several values; the first is the default. */
export const CHOICES = {
  felt: ["green", "blue", "wine", "grey"],
  back: ["blue", "red", "tartan"],
  theme: ["system", "light", "dark"],
  motion: ["full", "reduced"],
};
/** On/off settings, off by default (hideWinnable and hideDifficulty are in Settings' Help). */
export const SWITCHES = ["fourColour", "largePrint", "leftHanded", "tapToMove", "hideWinnable", "hideDifficulty"];

/** The colour of the browser's own chrome (theme-color) for each felt. */
const FELT_COLOURS = { green: "#0e6b43", blue: "#1b4f86", wine: "#6e1a2d", grey: "#4a5356" };

const systemReducesMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)");

let current = read();

/** The saved choices, each checked: an unknown value counts as unset. */
function read() {
  const saved = storage.loadPreferences().looks;
  const looks = {};
  for (const [name, values] of Object.entries(CHOICES)) {
    looks[name] = values.includes(saved?.[name]) ? saved[name] : values[0];
  }
  // Motion unset follows the system's "reduce motion"; a choice made in Settings wins over it.
  if (!CHOICES.motion.includes(saved?.motion)) delete looks.motion;
  for (const name of SWITCHES) looks[name] = saved?.[name] === true;
  return looks;
}

/** The current looks: {felt, back, theme, motion?, fourColour, largePrint, leftHanded, tapToMove}. */
export const looks = () => current;

/** "full" or "reduced": the player's choice, else what the system asks for. */
export const motion = () => current.motion ?? (systemReducesMotion?.matches ? "reduced" : "full");

/** No animations at all: the player or the system asks for reduced motion. */
export const reducedMotion = () => motion() === "reduced";

/** Change some looks, remember them and restyle the page. */
export function setLooks(changes) {
  current = { ...read(), ...changes };
  storage.savePreferences({ ...storage.loadPreferences(), looks: current });
  applyLooks();
}

/** Show looks before they are chosen (Settings, while the player tries them), remembering
 *  nothing; null goes back to the remembered ones. */
export function previewLooks(changes) {
  current = { ...read(), ...(changes ?? {}) };
  applyLooks();
}

/** Put the looks on <html>, where the style sheets read them. */
export function applyLooks(root = document.documentElement) {
  root.dataset.felt = current.felt;
  root.dataset.theme = current.theme;
  root.classList.toggle("four-color-deck", current.fourColour);
  root.classList.toggle("large-print", current.largePrint);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", FELT_COLOURS[current.felt]);
}

/** Show the current looks in the Settings form (a <select> per choice, a checkbox per switch). */
export function fillLooksForm(form) {
  for (const name of Object.keys(CHOICES)) {
    if (form.elements[name]) form.elements[name].value = name === "motion" ? motion() : current[name];
  }
  for (const name of SWITCHES) if (form.elements[name]) form.elements[name].checked = current[name];
}

/** What the player changed in the Settings form from the remembered looks, or null; only a
 *  changed motion choice is remembered. */
export function readLooksForm(form) {
  const saved = read();
  const savedMotion = saved.motion ?? (systemReducesMotion?.matches ? "reduced" : "full");
  const changes = {};
  for (const [name, values] of Object.entries(CHOICES)) {
    const value = form.elements[name]?.value;
    if (values.includes(value) && value !== (name === "motion" ? savedMotion : saved[name])) changes[name] = value;
  }
  for (const name of SWITCHES) {
    const field = form.elements[name];
    if (field && field.checked !== saved[name]) changes[name] = field.checked;
  }
  return Object.keys(changes).length ? changes : null;
}

const LEFT_HANDED_PILES = /^(stock|waste|foundation|cell)(-|$)/;
const arranged = new WeakMap();

/**
 * The view's slots as they are drawn: for left-handed players the stock,
 * waste, foundations and free cells change sides (x mirrored across the
 * table, a fanned waste fans to the left); the columns stay. table.js draws
 * and keyboard.js navigates with the same slots.
 * @param {View} view
 */
export function arrangedSlots(view) {
  if (!current.leftHanded) return view.rules.slots;
  const cached = arranged.get(view.rules.slots);
  if (cached) return cached;
  const widest = Math.max(...view.rules.slots.map((slot) => slot.x));
  const slots = view.rules.slots.map((slot) =>
    LEFT_HANDED_PILES.test(slot.name)
      ? { ...slot, x: widest - slot.x, fan: slot.fan === "right" ? "left" : slot.fan }
      : slot,
  );
  arranged.set(view.rules.slots, slots);
  return slots;
}

// In the page, at once; not in Node, where tests/js/ import the pure functions of the modules that import this one.
if (globalThis.document) applyLooks();
