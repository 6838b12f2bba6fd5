// bar-text.js: what the bar says, from a view: the deal's label, the verdict, the score and
// what a win did to the statistics. No DOM here (bar.js writes it), so Node tests it on the
// real bridge's views (tests/js/bar.test.mjs).

import { language, t } from "./i18n.js";
import { clockText, dollars, gameName } from "./text.js";

/** @typedef {import("../types/protocol").View} View */
/** @typedef {{ won: number, played: number, streak: number, bestStreak: number,
 *              bestSeconds: number | null, bestMoves: number | null, bestScore: number | null }} Record */

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
export const VERDICTS = ["winnable", "unwinnable", "unknown", "searching"];

/** The deal as the bar names it ("#7", "Daily 2026-12-06"; `dealText` instead where given),
 *  marked when assisted; without its difficulty.
 * @param {Partial<View>} view
 */
export function dealWords(view, dealText = null) {
  const deal = dealText ?? (view.daily ? t("deal.daily", { date: view.daily }) : t("deal.number", { deal: view.deal }));
  return view.assisted ? t("deal.assisted", { deal }) : deal;
}

/** The deal's label with its difficulty, once proven ("#7 · easy"). */
export const dealLabel = (words, difficulty) => (difficulty ? t("deal.difficulty", { deal: words, difficulty: t(`difficulty.${difficulty}`) }) : words);

/** The verdict the bar shows: the analysis's, or "searching" while a deep analysis of the
 *  position the analysis left unknown goes on (`deep`, searches.js), with its progress.
 * @param {Partial<View>} view
 * @param {{ position: string, progress: number | null } | null} deep
 */
export function shownVerdict(view, deep) {
  const status = view.analysis?.status ?? "none";
  const deeper = status === "unknown" && view.analysis.deeper && deep?.position === view.analysis.position;
  return deeper ? { status: "searching", progress: deep.progress ?? view.analysis.progress } : { status, progress: view.analysis?.progress ?? null };
}

/** The verdict as the bar says it; a search under way says how much of its budget it has spent. */
export function verdictText(status, progress) {
  if (status === "none") return "";
  if (status === "searching" && progress) return t("winnable.progress", { percent: progress });
  return t(`winnable.${status}`);
}

/** The score: "–" where the game keeps none, Vegas in dollars, cumulative Vegas as the bank's
 *  total with this game's score.
 * @param {Partial<View>} view
 * @param {number} bank the cumulative Vegas balance before this game (stats.js)
 */
export function scoreText(view, bank) {
  if (view.score === null) return "–";
  if (!view.rules.scoreInDollars) return String(view.score);
  if (view.rules.scoreCarriesOver) return t("score.total", { amount: dollars(bank + view.score) });
  return dollars(view.score);
}

/** What a win did to the statistics: "Klondike: 5 won of 9, streak 3 (best 4). A new best: time 3:02."
 *  `record` is the game's record after counting the win ("" without one).
 * @param {View} view
 * @param {Record | null} record
 */
export function winStats(view, record) {
  if (!record) return "";
  const game = gameName(view.game, language());
  const parts = [t("won.stats", { game, won: record.won, played: record.played, streak: record.streak, bestStreak: record.bestStreak })];
  const bests = [];
  if (!view.assisted && record.bestSeconds === view.seconds) bests.push(t("won.time", { time: clockText(view.seconds) }));
  if (!view.assisted && record.bestMoves === view.moves) bests.push(t("won.moves", { moves: view.moves }));
  if (!view.assisted && view.score !== null && record.bestScore === view.score) bests.push(t("won.score", { score: view.score }));
  if (bests.length) parts.push(t("won.best", { what: bests.join(", ") }));
  return parts.join(" ");
}
